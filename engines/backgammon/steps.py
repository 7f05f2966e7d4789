"""A roll played one checker at a time: which single steps may come next (rules §2–§5).

Players think of a turn as single steps, one die each, in the order they choose:
after the opening 3-1, ``24/23`` and then ``23/20``; after 6-5, ``13/8`` and then
``8/2``. `StepTree` answers, for a board, the player on roll and the dice, which
single steps are legal *now*, given the steps already taken: a step is offered
exactly when the steps so far plus it are the start of some legal play, in any
order, either die first. "Legal play" is the rules' own: both dice when both can
be played, else the larger when either alone could be, doubles as many of the
four times as possible — so a step that would make a legal full play impossible
is never offered (after it, the turn could not be finished as the rules demand).
A step that hits carries its mark (``13/7*``), as in the notation.

The tree is computed from the full set of legal plays (`play_results`: the
positions the roll may reach): it expands every order of single steps, each step
with each die it may use (a bear-off may use a higher die), keeps the paths that
end, after as many steps as the rules demand, on one of those positions, and
merges paths made of the same steps (which die a bear-off used is not part of the
step: ``4/off`` with a 6 or a 5 is one step, and whatever may follow either is
offered). Nodes are made as they are asked for, and each is made once.

- `next_steps(taken)`: the legal next single steps, sorted as in a play (highest
  starting point first); empty when the turn is complete.
- `is_complete(taken)`: the steps make a whole legal play.
- `play_of(taken)`: the canonical `Play` (the one `legal_plays` lists) reaching the
  same position, which the game accepts.
- `board_after(taken)`, `dice_left(taken)`, `read(texts)`.

Steps that are not legal raise `RuleError` naming the step and the rule it breaks.
The module-level functions of the same names keep one tree per (board, player,
dice) in a small cache.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from .rules import (
    BAR,
    NO_PLAY_TEXT,
    OFF,
    R_BOTH_DICE,
    R_DOUBLES,
    R_HIGHER_DIE,
    R_LARGER_DIE,
    R_NOTATION,
    R_ONE_DIE,
    Board,
    Dice,
    Play,
    RuleError,
    Side,
    Step,
    _apply_checked,
    _board_from,
    _check_player,
    _sides,
    _step,
    _successors,
    play_results,
)

Left = tuple[int, ...]  # the dice not used yet, highest first
_State = tuple[Side, Side, Left]  # the mover's side, the opponent's, the dice left


@dataclass(frozen=True, slots=True)
class _Node:
    """Where some steps lead: the position (one, whatever the order) and each way the dice
    may have been used to get there."""

    mine: Side
    theirs: Side
    lefts: frozenset[Left]
    taken: int


class StepTree:
    """Every legal way to play one roll step by step (see the module docstring)."""

    def __init__(self, board: Board, player: int, dice: Dice | Sequence[int]) -> None:
        self.board = board
        self.player = _check_player(player)
        self.dice = Dice.of(dice)
        self.results: dict[Board, Play] = play_results(board, player, self.dice)
        self.most = max(len(play) for play in self.results.values())
        self._total = len(self.dice.moves)
        mine, theirs = _sides(board, player)
        self._root = _Node(mine, theirs, frozenset({self.dice.moves}), 0)
        self._viable: dict[_State, bool] = {}
        self._children: dict[_Node, dict[Step, _Node]] = {}

    # -- the questions ----------------------------------------------------------------------
    def next_steps(self, taken: Sequence[Step] = ()) -> list[Step]:
        """The single steps that may follow `taken`, highest starting point first; empty
        when the turn is complete. RuleError if `taken` itself is not legal."""
        return list(self._expand(self._walk(taken)))

    def is_complete(self, taken: Sequence[Step]) -> bool:
        """`taken` is a whole legal play: as many steps as the rules demand, ending on a
        position the roll may reach."""
        return self._walk(taken).taken == self.most

    def play_of(self, taken: Sequence[Step]) -> Play:
        """The canonical legal play reaching the position `taken` reaches (RuleError if the
        steps are not a whole play yet)."""
        node = self._walk(taken)
        if node.taken != self.most:
            raise RuleError(self._short_rule(), f"{_text(taken)} is not a whole play of "
                            f"{self.dice}: {self.most - node.taken} more to play")
        return self.results[self._board(node)]

    def board_after(self, taken: Sequence[Step]) -> Board:
        """The board once `taken` is made."""
        return self._board(self._walk(taken))

    def dice_left(self, taken: Sequence[Step]) -> list[int]:
        """The dice `taken` leaves, highest first. When a bear-off could have used either
        die, it is counted as the smaller that fits, leaving the higher."""
        return list(max(self._walk(taken).lefts))

    @property
    def forced(self) -> bool:
        """Only one position may be reached (one legal play, or none): no choice to make."""
        return len(self.results) == 1

    def read(self, texts: Iterable[str]) -> list[Step]:
        """Steps written as players write them (``24/23``, ``bar/22*``, ``6/off``), each
        legal after the ones before it. The ``*`` of a hit may be left out; a ``*`` where
        nothing is hit is refused. RuleError names the first step that is not legal."""
        taken: list[Step] = []
        for text in texts:
            step = Step.parse(text)
            offered = self.next_steps(taken)
            if step not in offered and not step.hit:
                marked = Step(step.from_point, step.to_point, True)
                if marked in offered:
                    step = marked
            self._walk([*taken, step])  # raises naming the step when it is not legal
            taken.append(step)
        return taken

    # -- the tree ---------------------------------------------------------------------------
    def _board(self, node: _Node) -> Board:
        return _board_from(node.mine, node.theirs, self.player)

    def _walk(self, taken: Sequence[Step]) -> _Node:
        node = self._root
        for index, step in enumerate(taken):
            child = self._expand(node).get(step) if isinstance(step, Step) else None
            if child is None:
                raise self._refusal(node, step, taken[:index])
            node = child
        return node

    def _expand(self, node: _Node) -> dict[Step, _Node]:
        """The node's legal next steps and where each leads (made once, then kept)."""
        known = self._children.get(node)
        if known is not None:
            return known
        found: dict[Step, tuple[Side, Side, set[Left]]] = {}
        if node.taken < self.most:
            for left in node.lefts:
                for die, rest in _uses(left):
                    for raw, mine, theirs in _successors(node.mine, node.theirs, die, BAR):
                        if not self._leads_on((mine, theirs, rest)):
                            continue
                        step = _step(raw)
                        entry = found.setdefault(step, (mine, theirs, set()))
                        entry[2].add(rest)
        ordered = sorted(found.items(), key=lambda item: item[0].sort_key())
        children = {
            step: _Node(mine, theirs, frozenset(lefts), node.taken + 1)
            for step, (mine, theirs, lefts) in ordered
        }
        self._children[node] = children
        return children

    def _leads_on(self, state: _State) -> bool:
        """From this state the turn can still be finished as a legal play."""
        known = self._viable.get(state)
        if known is not None:
            return known
        mine, theirs, left = state
        taken = self._total - len(left)
        if taken >= self.most:
            ok = taken == self.most and _board_from(mine, theirs, self.player) in self.results
        else:
            ok = any(
                self._leads_on((mine2, theirs2, rest))
                for die, rest in _uses(left)
                for _raw, mine2, theirs2 in _successors(mine, theirs, die, BAR)
            )
        self._viable[state] = ok
        return ok

    # -- why a step is refused --------------------------------------------------------------
    def _short_rule(self) -> str:
        if self.dice.is_double:
            return R_DOUBLES
        return R_LARGER_DIE if self.most == 1 else R_BOTH_DICE

    def _refusal(self, node: _Node, step: object, before: Sequence[Step]) -> RuleError:
        """The rule `step` breaks after `before` (which are legal)."""
        after = f" after {_text(before)}" if before else ""
        if not isinstance(step, Step):
            return RuleError(R_NOTATION, f"{step!r} is not a step")
        if node.taken == self.most:
            if self.most == 0:
                return RuleError(self._short_rule(),
                                 f"{step}: {self.dice} has no legal move; the turn passes")
            if self.most < self._total:
                return RuleError(self._short_rule(), f"{step}: the turn is complete{after}; "
                                 f"no more of {self.dice} can be played")
            rule = R_DOUBLES if self.dice.is_double else R_ONE_DIE
            return RuleError(rule, f"{step}: the turn is complete{after}; {self.dice} is used up")
        board = self._board(node)
        try:
            _apply_checked(board, self.player, Play((step,)))
        except RuleError as broken:
            said = str(broken).removesuffix(f" (rule: {broken.rule})")
            return RuleError(broken.rule, f"{said}{after}")
        fits = {
            (raw[0], raw[1])
            for left in node.lefts
            for die, _rest in _uses(left)
            for raw, _m, _t in _successors(node.mine, node.theirs, die, BAR)
        }
        if (step.from_point, step.to_point) not in fits:
            dice = " and ".join(str(d) for d in sorted({d for left in node.lefts for d in left},
                                                       reverse=True))
            if step.to_point == OFF and any(d > step.from_point for left in node.lefts
                                            for d in left):
                return RuleError(R_HIGHER_DIE, f"{step}: a higher die bears off only from the "
                                 f"highest point{after}")
            return RuleError(R_ONE_DIE, f"{step} moves {step.distance}; the dice left{after} "
                             f"are {dice}")
        rule = self._short_rule()
        if rule == R_DOUBLES:
            why = f"{self.most} moves of {self.dice} can be played, and after it they cannot"
        elif rule == R_BOTH_DICE:
            why = f"both dice of {self.dice} can be played, and after it they cannot"
        else:
            why = f"only one die of {self.dice} can be played: the {self.dice.high}"
        return RuleError(rule, f"{step}{after}: {why}")


def _uses(left: Left) -> list[tuple[int, Left]]:
    """Each distinct die of `left`, with the dice left after using it."""
    out = []
    for index, die in enumerate(left):
        if die not in left[:index]:
            out.append((die, left[:index] + left[index + 1:]))
    return out


def _text(steps: Sequence[Step]) -> str:
    return " ".join(str(step) for step in steps) or NO_PLAY_TEXT


# -- the same questions, one tree per (board, player, dice) kept --------------------------------


@lru_cache(maxsize=16)
def _tree(board: Board, player: int, dice: Dice) -> StepTree:
    return StepTree(board, player, dice)


def step_tree(board: Board, player: int, dice: Dice | Sequence[int]) -> StepTree:
    """The step tree of this board, player and roll (kept for the next questions)."""
    return _tree(board, _check_player(player), Dice.of(dice))


def next_steps(board: Board, player: int, dice: Dice | Sequence[int],
               taken: Sequence[Step] = ()) -> list[Step]:
    """The legal next single steps after `taken` (see `StepTree.next_steps`)."""
    return step_tree(board, player, dice).next_steps(taken)


def is_complete(board: Board, player: int, dice: Dice | Sequence[int],
                taken: Sequence[Step]) -> bool:
    """`taken` is a whole legal play (see `StepTree.is_complete`)."""
    return step_tree(board, player, dice).is_complete(taken)


def play_of(board: Board, player: int, dice: Dice | Sequence[int],
            taken: Sequence[Step]) -> Play:
    """The canonical legal play `taken` makes (see `StepTree.play_of`)."""
    return step_tree(board, player, dice).play_of(taken)

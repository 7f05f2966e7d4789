"""Choosing a turn step by step: `TurnPicker` keeps the single steps (one checker, one die)
a person has made this turn and says which may follow, the engine's answer
(`engines.backgammon.steps`): every step that starts some legal play, nothing else.
"""

from __future__ import annotations

from engines.backgammon.rules import Board, Dice, Play, Step
from engines.backgammon.steps import step_tree


class TurnPicker:
    """The steps chosen so far this turn, and the steps that may follow.

    Which single steps may follow is the engine's answer (`engines.backgammon.steps`):
    any step that, with the steps so far, starts some legal play, in any order, either
    die first, a hit marked. The picker keeps the steps and asks; it tries nothing.
    """

    def __init__(self, board: Board, player: int, dice: Dice) -> None:
        self.player = player
        self.dice = dice
        self.tree = step_tree(board, player, dice)
        self.steps: list[Step] = []
        self._next = self.tree.next_steps(self.steps)

    @property
    def board(self) -> Board:
        return self.tree.board_after(self.steps)

    @property
    def no_move(self) -> bool:
        """No legal move: the turn passes."""
        return self.tree.most == 0

    @property
    def forced(self) -> Play | None:
        """The one legal play when there is no choice (the empty play when no move)."""
        if not self.tree.forced:
            return None
        return next(iter(self.tree.results.values()))

    def _refresh(self) -> None:
        self._next = self.tree.next_steps(self.steps)

    def sources(self) -> list[int]:
        """Points (25 = bar) a checker may be picked up from, the bar and far points first."""
        return sorted({s.from_point for s in self._next}, reverse=True)

    def targets(self, source: int) -> list[int]:
        """Where a checker from `source` may go (0 = off), the nearest first."""
        return sorted({s.to_point for s in self._next if s.from_point == source}, reverse=True)

    def hits(self, source: int) -> list[int]:
        """The targets of `source` where the step hits a blot."""
        return [s.to_point for s in self._next if s.from_point == source and s.hit]

    def step(self, source: int, target: int) -> Step:
        """Make one step; ValueError if it is not one of the steps that may follow."""
        made = next((s for s in self._next if (s.from_point, s.to_point) == (source, target)),
                    None)
        if made is None:
            raise ValueError(f"{source}/{target} cannot be played now")
        self.steps.append(made)
        self._refresh()
        return made

    def undo(self) -> Step | None:
        """Take back the last step (returned); None if there was none."""
        if not self.steps:
            return None
        last = self.steps.pop()
        self._refresh()
        return last

    def complete(self) -> Play | None:
        """The engine's legal play the steps make, once they make a whole one."""
        if not self.tree.is_complete(self.steps):
            return None
        return self.tree.play_of(self.steps)

    def dice_left(self) -> list[int]:
        """The dice not yet used by the steps so far."""
        return self.tree.dice_left(self.steps)

    def text(self) -> str:
        """The steps so far in the players' notation (``24/23/20*``), "" before any."""
        return str(Play(tuple(self.steps))) if self.steps else ""

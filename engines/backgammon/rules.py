"""The rules of Takhteh Nard: the board, checker moves, legal plays, game results (rules §1–§6).

Representation (shared with `ids`): a `Board` holds, for each player 0 and 1,
25 counts — index i (0..23) is that player's checkers on point i+1 *in that
player's own numbering* (point 1 is the deepest point of their home board) and
index 24 their checkers on the bar. Borne off is 15 minus the sum. Player p's
point n is the opponent's point 25−n.

A `Step` moves one checker by one die, in the mover's numbering: from 1–24 or
`BAR` (25), to 1–24 or `OFF` (0). A `Play` is the steps of one turn, kept in
one canonical order (from the highest point down), so two plays with the same
steps are equal. Its text is the standard notation, with every intermediate
point of a checker's path written out:

- ``24/18 13/9``; ``bar/22*`` (``*`` marks a hit); ``6/off``;
- ``24/18/13`` for one checker moving twice, ``8/5(2)`` for a repeated move;
- the empty play (no legal move, the turn passes) prints as ``(no play)``.

`Play.parse` reads that form back exactly. Given the board, the player and the
dice it also reads the shorthand players write (``24/13``, any order, ``*``
optional, ``13/7*/1``) and returns the canonical legal play it stands for.
`Step.parse` reads one step (``24/23``, ``bar/22*``, ``6/off``); which single
steps may come next in a turn is `engines.backgammon.steps`'s.

Distinct plays are plays that reach distinct positions: `legal_plays` keeps one
canonical play per resulting board, sorted. `apply` never half-applies: it
checks the whole play first and raises `RuleError` naming the broken rule.

`GameState` is a game or match in the one protocol every turn-based engine shares
(`engines.protocol`): whose decision it is (a player, `CHANCE` for dice, None at
the end), the legal decisions, the chance outcomes, `apply(action, seat)`,
`why_illegal`, `is_over`, `returns`, `view` and `clone`. Players are the seats 0
and 1. Actions are an
`OpeningRoll` (each player's one die, a chance outcome), `Dice` (a chance
outcome), a `CubeAction` (roll, double, take, drop), a `Play`, or a resignation:
`Resign` (the player on turn offers to lose a single game, a gammon or a backgammon)
and the opponent's `ResignAnswer` (accept: the game ends at the offered value times
the cube; decline: play goes on where it stood). An offer is made on the player's own
turn (at the cube decision, before the roll, or with the dice to play); it is not
listed in `legal_actions()` (a bot choosing among them never gives up by chance) but
in `resign_offers(seat)`, and `apply`/`why_illegal` take it from that seat. Each action
is written as text by `action_text` (``3:1``, ``6-5``, ``double``, ``resign gammon``,
``accept``, ``24/18 13/9``) and read back by `parse_action`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from itertools import pairwise
from typing import TYPE_CHECKING, Any, Final

from engines.errors import BrokenRule
from engines.protocol import CHANCE, RandomLike

from .options import MAX_CUBE, GameOptions, Kind

PLAYERS: Final = (0, 1)
CHECKERS: Final = 15
POINTS: Final = 24
HOME: Final = 6
BAR: Final = 25
OFF: Final = 0
_BAR_INDEX: Final = 24

# Rule names, as `RuleError.rule` gives them.
R_SHAPE: Final = "24 points and a bar a side"
R_FIFTEEN: Final = "15 checkers a side"
R_NEGATIVE: Final = "no negative counts"
R_ONE_OWNER: Final = "a point has one owner"
R_PLAYER: Final = "two players, 0 and 1"
R_DICE: Final = "dice show 1 to 6"
R_NOTATION: Final = "move notation"
R_DIRECTION: Final = "checkers move from 24 toward 1"
R_OWN_CHECKER: Final = "move a checker you have"
R_BAR_FIRST: Final = "enter from the bar before any other move"
R_ENTER: Final = "die n enters on point 25-n"
R_CLOSED: Final = "a point with 2+ opposing checkers is closed"
R_HIT: Final = "landing on a blot hits it"
R_ONE_DIE: Final = "each die is a separate move"
R_ALL_HOME: Final = "bear off only with all 15 home"
R_HIGHER_DIE: Final = "a higher die bears off only from the highest point"
R_BOTH_DICE: Final = "both dice must be played if possible"
R_LARGER_DIE: Final = "if only one die can be played, the larger"
R_DOUBLES: Final = "doubles are played four times, as many as possible"
R_ONE_WINNER: Final = "first to bear off all 15 wins"


class RuleError(BrokenRule):
    """An illegal board, move or action; `rule` names the rule it breaks."""


def _check_player(player: int) -> int:
    if player not in PLAYERS or isinstance(player, bool):
        raise RuleError(R_PLAYER, f"{player!r} is not a player (0 or 1)")
    return player


# -- the board ---------------------------------------------------------------------------------

Side = tuple[int, ...]


@dataclass(frozen=True)
class Board:
    """Both players' checkers; each side in its own numbering (see the module docstring)."""

    points: tuple[Side, Side]

    def __post_init__(self) -> None:
        try:
            sides = tuple(tuple(side) for side in self.points)
        except TypeError as exc:
            raise RuleError(R_SHAPE, "a board is two sides of 25 counts") from exc
        if len(sides) != 2 or any(len(side) != POINTS + 1 for side in sides):
            raise RuleError(R_SHAPE, "a board is two sides of 25 counts (24 points and the bar)")
        for player, side in enumerate(sides):
            for index, count in enumerate(side):
                if isinstance(count, bool) or not isinstance(count, int):
                    raise RuleError(R_SHAPE, f"player {player}: count {count!r} is not a number")
                if count < 0:
                    where = "the bar" if index == _BAR_INDEX else f"point {index + 1}"
                    raise RuleError(R_NEGATIVE, f"player {player} has {count} checkers on {where}")
            if sum(side) > CHECKERS:
                raise RuleError(
                    R_FIFTEEN, f"player {player} has {sum(side)} checkers on the board, over 15"
                )
        mine, theirs = sides
        for index in range(POINTS):
            if mine[index] and theirs[POINTS - 1 - index]:
                raise RuleError(
                    R_ONE_OWNER,
                    f"point {index + 1} of player 0 (point {POINTS - index} of player 1) "
                    "holds checkers of both players",
                )
        object.__setattr__(self, "points", sides)

    @classmethod
    def _trusted(cls, points: tuple[Side, Side]) -> Board:
        """A board built by the rules themselves, already valid."""
        board = object.__new__(cls)
        object.__setattr__(board, "points", points)
        return board

    @classmethod
    def initial(cls) -> Board:
        """The standard start: 2 on 24, 5 on 13, 3 on 8, 5 on 6 for each player (rules §1)."""
        side = [0] * (POINTS + 1)
        side[23], side[12], side[7], side[5] = 2, 5, 3, 5
        return cls._trusted((tuple(side), tuple(side)))

    @classmethod
    def from_dicts(cls, first: dict[int, int], second: dict[int, int]) -> Board:
        """A board from {point: count} for each player, in their own numbering; 25 is the bar."""
        sides = []
        for layout in (first, second):
            side = [0] * (POINTS + 1)
            for point, count in layout.items():
                if not 1 <= point <= BAR:
                    raise RuleError(R_SHAPE, f"there is no point {point}")
                side[point - 1] = count
            sides.append(tuple(side))
        return cls((sides[0], sides[1]))

    def side(self, player: int) -> Side:
        return self.points[_check_player(player)]

    def count(self, player: int, point: int) -> int:
        """Checkers of `player` on `point` (their numbering; 25 is the bar, 0 borne off)."""
        if point == OFF:
            return self.off(player)
        if not 1 <= point <= BAR:
            raise RuleError(R_SHAPE, f"there is no point {point}")
        return self.side(player)[point - 1]

    def bar(self, player: int) -> int:
        return self.side(player)[_BAR_INDEX]

    def off(self, player: int) -> int:
        return CHECKERS - sum(self.side(player))

    def pips(self, player: int) -> int:
        """The pip count: the points every checker still has to travel (the bar counts 25)."""
        return sum(point * count for point, count in enumerate(self.side(player), start=1))

    def owner(self, player: int, point: int) -> int | None:
        """Whose checkers stand on `point` of `player`'s numbering, or None if it is empty."""
        if not 1 <= point <= POINTS:
            raise RuleError(R_SHAPE, f"there is no point {point}")
        if self.side(player)[point - 1]:
            return player
        if self.side(1 - player)[POINTS - point]:
            return 1 - player
        return None

    def all_home(self, player: int) -> bool:
        """All of the player's remaining checkers are on points 1–6 (none on the bar)."""
        return not any(self.side(player)[HOME:])

    def mirrored(self) -> Board:
        """The same position with the players' roles swapped."""
        return Board._trusted((self.points[1], self.points[0]))


# -- steps and plays ---------------------------------------------------------------------------

_POINT_NAMES = {BAR: "bar", OFF: "off"}


def _point_text(point: int) -> str:
    return _POINT_NAMES.get(point, str(point))


@dataclass(frozen=True, slots=True)
class Step:
    """One checker moved by one die, in the mover's numbering (25 = bar, 0 = off)."""

    from_point: int
    to_point: int
    hit: bool = False

    def __post_init__(self) -> None:
        start = _point_value(self.from_point, BAR, "bar")
        end = _point_value(self.to_point, OFF, "off")
        if not 1 <= start <= BAR:
            raise RuleError(R_NOTATION, f"a move starts on a point 1-24 or the bar, not {start}")
        if not OFF <= end <= POINTS:
            raise RuleError(R_NOTATION, f"a move ends on a point 1-24 or off, not {end}")
        if end >= start:
            raise RuleError(
                R_DIRECTION, f"{_point_text(start)}/{_point_text(end)} does not move toward 1"
            )
        if end == OFF and self.hit:
            raise RuleError(R_NOTATION, "bearing off cannot hit")
        object.__setattr__(self, "from_point", start)
        object.__setattr__(self, "to_point", end)
        object.__setattr__(self, "hit", bool(self.hit))

    @property
    def distance(self) -> int:
        """The points travelled (bearing off: to point 0)."""
        return self.from_point - self.to_point

    def sort_key(self) -> tuple[int, int, bool]:
        return (-self.from_point, self.to_point, not self.hit)

    @classmethod
    def parse(cls, text: str) -> Step:
        """Read one step as `str` writes it: ``24/23``, ``bar/22*``, ``6/off``."""
        if not isinstance(text, str):
            raise RuleError(R_NOTATION, f"{text!r} is not text")
        steps = _parse_steps(text)
        if len(steps) != 1:
            raise RuleError(R_NOTATION, f"{text!r} is not one step such as 24/23 or bar/22*")
        return steps[0]

    def __str__(self) -> str:
        star = "*" if self.hit else ""
        return f"{_point_text(self.from_point)}/{_point_text(self.to_point)}{star}"


def _point_value(value: int | str, special: int, word: str) -> int:
    if isinstance(value, str):
        if value.lower() != word:
            raise RuleError(R_NOTATION, f"{value!r} is not a point")
        return special
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(R_NOTATION, f"{value!r} is not a point")
    return value


NO_PLAY_TEXT: Final = "(no play)"
_EMPTY_WORDS = frozenset({"", NO_PLAY_TEXT, "-", "pass", "no play"})
_TOKEN = re.compile(r"^(?P<path>[^()]+?)(?:\((?P<times>\d)\))?$")
_SEGMENT = re.compile(r"^(?P<point>bar|off|\d{1,2})(?P<hit>\*)?$")


def _code_of(step: Step) -> int:
    """The step's code: ordered as `Step.sort_key` orders steps (see `_step_code`)."""
    return (BAR - step.from_point) * 64 + step.to_point * 2 + (0 if step.hit else 1)


@dataclass(frozen=True, init=False)
class Play:
    """The steps of one turn, in canonical order (highest starting point first).

    Equal steps make equal plays, whatever order they were given in. The empty
    play means no legal move: the turn passes. Text: see the module docstring.
    A play is kept as its steps' codes (see `_step_code`), in order, so plays are
    made, compared and hashed cheaply; the rules make the `steps` of the plays they
    list when they are first asked for.
    """

    __slots__ = ("_codes", "steps")
    steps: tuple[Step, ...]
    _codes: tuple[int, ...]

    def __init__(self, steps: Iterable[Step] = ()) -> None:
        steps = tuple(steps)
        for step in steps:
            if not isinstance(step, Step):
                raise RuleError(R_NOTATION, f"{step!r} is not a step")
        if len(steps) > 4:
            raise RuleError(R_DOUBLES, "a turn has at most four moves")
        ordered = sorted(steps, key=_code_of)
        codes = tuple(map(_code_of, ordered))
        _set_steps(self, tuple(ordered))
        _set_codes(self, codes)

    if not TYPE_CHECKING:  # (hidden from type checkers, which would allow any name)

        def __getattr__(self, name: str) -> Any:
            if name == "steps":  # a play the rules made from codes: its steps, made once
                steps = tuple(map(_STEP_OF_CODE, self._codes))
                _set_steps(self, steps)
                return steps
            raise AttributeError(
                f"{type(self).__name__!r} object has no attribute {name!r}", name=name, obj=self
            )

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return self._codes == other._codes
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._codes)

    def __reduce__(self) -> tuple[type[Play], tuple[tuple[Step, ...]]]:
        return (Play, (self.steps,))

    @classmethod
    def none(cls) -> Play:
        """The empty play: no legal move, the turn passes."""
        return cls(())

    def __len__(self) -> int:
        return len(self.steps)

    def __iter__(self) -> Iterator[Step]:
        return iter(self.steps)

    def __bool__(self) -> bool:
        return bool(self.steps)

    def __str__(self) -> str:
        if not self.steps:
            return NO_PLAY_TEXT
        chains: list[list[Step]] = []
        for step in self.steps:
            for chain in chains:
                if chain[-1].to_point == step.from_point:
                    chain.append(step)
                    break
            else:
                chains.append([step])
        texts = [_chain_text(chain) for chain in chains]
        out: list[str] = []
        counts: dict[str, int] = {}
        for text in texts:
            if text not in counts:
                out.append(text)
            counts[text] = counts.get(text, 0) + 1
        return " ".join(t if counts[t] == 1 else f"{t}({counts[t]})" for t in out)

    @classmethod
    def parse(
        cls,
        text: str,
        board: Board | None = None,
        player: int = 0,
        dice: Dice | Sequence[int] | None = None,
    ) -> Play:
        """Read a play in standard notation.

        Without a board this reads the canonical form exactly (every step written
        out, ``*`` on each hit). With the board and the dice it reads what players
        write — ``24/13`` for a checker moving twice, moves in any order, ``*``
        optional — and returns the canonical legal play reaching the same position.
        Raises RuleError: ``move notation`` for malformed text, or the rule the play
        breaks when it is not legal for this roll.
        """
        if not isinstance(text, str):
            raise RuleError(R_NOTATION, f"{text!r} is not text")
        steps = _parse_steps(text)
        if board is None:
            if dice is not None:
                raise RuleError(R_NOTATION, "reading a play against dice needs the board too")
            return cls(tuple(steps))
        _check_player(player)
        if dice is None:
            raise RuleError(R_NOTATION, "reading a play against a board needs the dice too")
        roll = Dice.of(dice)
        legal = play_results(board, player, roll)
        literal = cls(tuple(steps)) if len(steps) <= 4 else None
        if literal is not None and literal in legal.values():
            return literal
        result = _apply_loose(board, player, steps)
        if result in legal:
            return legal[result]
        if literal is not None:
            apply(board, player, _marked(board, player, literal), roll)  # names the broken rule
        raise RuleError(R_ONE_DIE, f"{text!r} is not a legal play of {roll}")


_set_steps = Play.__dict__["steps"].__set__
_set_codes = Play.__dict__["_codes"].__set__


def _chain_text(chain: list[Step]) -> str:
    parts = [_point_text(chain[0].from_point)]
    for step in chain:
        parts.append(_point_text(step.to_point) + ("*" if step.hit else ""))
    return "/".join(parts)


def _parse_steps(text: str) -> list[Step]:
    cleaned = re.sub(r"\s+\(", "(", text.strip().lower())
    if cleaned in _EMPTY_WORDS:
        return []
    if NO_PLAY_TEXT in cleaned:  # else the error would name its half, "(no"
        raise RuleError(R_NOTATION, f"{text!r}: {NO_PLAY_TEXT} is a whole turn, with no move")
    steps: list[Step] = []
    for token in re.split(r"[\s,]+", cleaned):
        match = _TOKEN.match(token)
        if match is None:
            raise RuleError(R_NOTATION, f"cannot read {token!r}: write moves like 24/18 or 8/5(2)")
        times = int(match["times"] or 1)
        if not 1 <= times <= 4:
            raise RuleError(R_NOTATION, f"{token!r}: a move repeats 1 to 4 times")
        segments = match["path"].split("/")
        if len(segments) < 2:
            raise RuleError(R_NOTATION, f"cannot read {token!r}: a move is from/to, like 13/9")
        points: list[tuple[int, bool]] = []
        for position, segment in enumerate(segments):
            seg = _SEGMENT.match(segment)
            if seg is None:
                raise RuleError(R_NOTATION, f"{segment!r} in {token!r} is not a point")
            word = seg["point"]
            if word == "bar":
                value = BAR
            elif word == "off":
                value = OFF
            else:
                value = int(word)
                last = position == len(segments) - 1
                if not (
                    1 <= value <= POINTS
                    or (value == BAR and position == 0)
                    or (value == OFF and last and position > 0)
                ):
                    raise RuleError(R_NOTATION, f"there is no point {value} in {token!r}")
            if seg["hit"] and position == 0:
                raise RuleError(R_NOTATION, f"{token!r}: a hit is marked where a checker lands")
            if value == BAR and position > 0:
                raise RuleError(R_NOTATION, f"{token!r}: a move cannot end on the bar")
            if value == OFF and position < len(segments) - 1:
                raise RuleError(R_NOTATION, f"{token!r}: nothing follows a checker borne off")
            points.append((value, bool(seg["hit"])))
        for _ in range(times):
            for (start, _), (end, hit) in pairwise(points):
                steps.append(Step(start, end, hit))
    if len(steps) > 4:
        # A shorthand such as 24/20/16/12/8 on a double has at most four steps;
        # longer texts are reported by the caller as a broken doubles rule.
        raise RuleError(R_DOUBLES, f"{text!r} has {len(steps)} moves; a turn has at most four")
    return steps


# -- dice --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Dice:
    """A roll of two dice, the higher first. Doubles are played four times."""

    high: int
    low: int

    def __post_init__(self) -> None:
        for die in (self.high, self.low):
            if isinstance(die, bool) or not isinstance(die, int) or not 1 <= die <= 6:
                raise RuleError(R_DICE, f"{die!r} is not a die from 1 to 6")
        if self.low > self.high:
            high, low = self.low, self.high
            object.__setattr__(self, "high", high)
            object.__setattr__(self, "low", low)

    @classmethod
    def of(cls, dice: Dice | Sequence[int]) -> Dice:
        if isinstance(dice, Dice):
            return dice
        try:
            first, second = dice
        except (TypeError, ValueError) as exc:
            raise RuleError(R_DICE, f"{dice!r} is not a roll of two dice") from exc
        return cls(first, second)

    @classmethod
    def parse(cls, text: str) -> Dice:
        """Read ``65``, ``6-5`` or ``6 5``."""
        digits = re.sub(r"[\s\-,]", "", str(text))
        if len(digits) != 2 or not digits.isdigit():
            raise RuleError(R_DICE, f"{text!r} is not a roll such as 6-5")
        return cls(int(digits[0]), int(digits[1]))

    @property
    def is_double(self) -> bool:
        return self.high == self.low

    @property
    def moves(self) -> tuple[int, ...]:
        """The moves to play: four of a double, else both dice."""
        return (self.high,) * 4 if self.is_double else (self.high, self.low)

    def __iter__(self) -> Iterator[int]:
        return iter((self.high, self.low))

    def __str__(self) -> str:
        return f"{self.high}-{self.low}"


# -- move generation ---------------------------------------------------------------------------


def _sides(board: Board, player: int) -> tuple[Side, Side]:
    _check_player(player)
    return board.points[player], board.points[1 - player]


def _board_from(me: Side, opp: Side, player: int) -> Board:
    return Board._trusted((me, opp) if player == 0 else (opp, me))


def _highest(me: Side) -> int:
    """The highest occupied point (25 for the bar), 0 when all are off."""
    for index in range(POINTS, -1, -1):
        if me[index]:
            return index + 1
    return 0


_Raw = tuple[int, int, bool]


def _successors(me: Side, opp: Side, die: int, top: int) -> Iterator[tuple[_Raw, Side, Side]]:
    """Every single step with `die` from a point no higher than `top`, and its result."""
    if me[_BAR_INDEX]:
        if top < BAR:
            return
        to = BAR - die
        there = opp[POINTS - to]
        if there >= 2:
            return
        yield _step_result(me, opp, BAR, to, there == 1)
        return
    high = _highest(me)
    all_home = high <= HOME
    start = min(top, high)
    for frm in range(start, 0, -1):
        if not me[frm - 1]:
            continue
        to = frm - die
        if to >= 1:
            there = opp[POINTS - to]
            if there < 2:
                yield _step_result(me, opp, frm, to, there == 1)
        elif all_home and (to == 0 or frm == high):
            yield _step_result(me, opp, frm, OFF, False)


def _step_result(me: Side, opp: Side, frm: int, to: int, hit: bool) -> tuple[_Raw, Side, Side]:
    mine = list(me)
    mine[frm - 1] -= 1
    if to != OFF:
        mine[to - 1] += 1
    if hit:
        theirs = list(opp)
        theirs[POINTS - to] -= 1
        theirs[_BAR_INDEX] += 1
        return (frm, to, hit), tuple(mine), tuple(theirs)
    return (frm, to, hit), tuple(mine), opp


# The search works on packed values, equal one for one to the tuples it stands for:
# a side is an int with one byte per point (byte i = index i of the side, the bar in
# byte 24), the opponent's side is the one at the start plus the set of points hit so
# far (a bit per point: a blot hit is gone, the point now the mover's), and a step is
# an int whose order is the canonical order of steps (`Step.sort_key`: the highest
# start first, then the lowest end, a hit before no hit).
#
# Sets of points are flags: point p (1-24) is bit 7 of byte p-1, so the points a
# packed side occupies are `(side + _K7F) & _K80` (a count is at most 15, so adding
# 0x7f to a byte never carries into the next), and the highest flag of a set is its
# highest point: `flags.bit_length() >> 3`.
_UNITS: Final = tuple(1 << (8 * index) for index in range(POINTS + 1))
_BAR_SHIFT: Final = 8 * _BAR_INDEX
_CODE_STEPS: dict[int, Step] = {}
_K7F: Final = int.from_bytes(b"\x7f" * (POINTS + 1), "little")
_K7E: Final = int.from_bytes(b"\x7e" * POINTS, "little")
_K80: Final = int.from_bytes(b"\x80" * POINTS, "little")  # the points 1-24, not the bar
_FLAG: Final = (0, *(1 << (8 * index + 7) for index in range(POINTS)))  # point p: _FLAG[p]
_BELOW: Final = tuple(sum(_FLAG[1 : top + 1]) for top in range(POINTS + 1))  # points 1-top
_FROM: Final = tuple(sum(_FLAG[die + 1 :]) for die in range(7))  # a die moves on the board
# For each die and starting point (25: the bar): the change to the packed side, and the
# step's code if it hits (one more if it does not).
_DELTA: Final = tuple(
    tuple(
        (_UNITS[frm - die - 1] if frm > die else 0) - _UNITS[frm - 1] if frm else 0
        for frm in range(BAR + 1)
    )
    for die in range(7)
)
_CODE: Final = tuple(
    tuple((BAR - frm) * 64 + max(frm - die, OFF) * 2 for frm in range(BAR + 1))
    for die in range(7)
)


def _step_code(frm: int, to: int, hit: bool) -> int:
    return (BAR - frm) * 64 + to * 2 + (0 if hit else 1)


def _code_step(code: int) -> Step:
    step = _CODE_STEPS.get(code)
    if step is None:
        raw = (BAR - code // 64, (code % 64) // 2, not code & 1)
        step = _CODE_STEPS[code] = _step(raw)
    return step


# How the search finds each distinct play once, and which play it keeps for a position:
#
# A play's steps can always be made in order of their starting point, highest first
# (checkers only move down, so that order never starts a step before its checker
# arrives, and never bears off before the higher checkers are home or gone). The
# search tries only that order: after a step from point `top`, the next starts no
# higher than `top`. Non-doubles are searched with the higher die first, then with
# the lower first; doubles with the one die four times. Within a search the paths
# are tried in order (the highest starting point first at each depth), and of the
# paths reaching one position with the same bound `top` only the first is followed
# on. The positions reached, (packed side, points hit), are kept with the first
# path's step codes: in `full` when all the dice are used, else in `short` with
# (dice used, first die, codes), where the most dice used wins, and among single-die
# plays one starting with the higher die replaces one with the lower (the same
# bear-off can be made by either die). A path's codes are kept sorted, the canonical
# order of its steps.

_Found = dict[tuple[int, int], tuple[int, ...]]
_Short = dict[tuple[int, int], tuple[int, int, tuple[int, ...]]]


def _search_pair(
    me: int, opp: Sequence[int], first: int, second: int, closed: int, full: _Found,
    short: _Short,
) -> None:
    """A non-double played `first` then `second`, from the mover's packed side `me`;
    `opp[to]` the opponent's checkers on the mover's point `to` at the start, `closed`
    the flags of the mover's points they hold with two or more."""
    flag, k7f, k80, below = _FLAG, _K7F, _K80, _BELOW
    delta, codes = _DELTA[first], _CODE[first]
    nodes: list[tuple[int, int, int, int]] = []  # (side, hits, top, code) after one step
    if me >> _BAR_SHIFT:
        to = BAR - first
        there = opp[to]
        if there < 2:
            if there:
                nodes.append((me + delta[BAR], 1 << to, BAR, to * 2))
            else:
                nodes.append((me + delta[BAR], 0, BAR, to * 2 + 1))
    else:
        occupied = (me + k7f) & k80
        movable = occupied & _FROM[first] & ~(closed << (8 * first))
        while movable:
            frm = movable.bit_length() >> 3
            movable ^= flag[frm]
            to = frm - first
            if opp[to]:
                nodes.append((me + delta[frm], 1 << to, frm, codes[frm]))
            else:
                nodes.append((me + delta[frm], 0, frm, codes[frm] + 1))
        high = (me.bit_length() + 7) >> 3
        if 0 < high <= HOME:
            frm = first if high >= first else high
            if occupied & flag[frm]:
                nodes.append((me + delta[frm], 0, frm, codes[frm] + 1))
    if not nodes:
        short.setdefault((me, 0), (0, first, ()))
        return
    die = second
    open_ = _FROM[die] & ~(closed << (8 * die))
    delta, codes = _DELTA[die], _CODE[die]
    keep = full.setdefault
    for mine, hits, top, step in nodes:
        moved = False
        if mine >> _BAR_SHIFT:
            if top == BAR:
                to = BAR - die
                there = opp[to]
                if there < 2:
                    moved = True
                    if there and not hits >> to & 1:
                        code = to * 2
                        key = (mine + delta[BAR], hits | 1 << to)
                    else:
                        code = to * 2 + 1
                        key = (mine + delta[BAR], hits)
                    keep(key, (step, code) if step <= code else (code, step))
        else:
            occupied = (mine + k7f) & k80
            movable = occupied & open_ & below[top] if top < BAR else occupied & open_
            if movable:
                moved = True
                while movable:
                    frm = movable.bit_length() >> 3
                    movable ^= flag[frm]
                    to = frm - die
                    if opp[to] and not hits >> to & 1:
                        code = codes[frm]
                        key = (mine + delta[frm], hits | 1 << to)
                    else:
                        code = codes[frm] + 1
                        key = (mine + delta[frm], hits)
                    keep(key, (step, code) if step <= code else (code, step))
            high = (mine.bit_length() + 7) >> 3
            if 0 < high <= HOME:
                frm = die if high >= die else high
                if frm <= top and occupied & flag[frm]:
                    moved = True
                    code = codes[frm] + 1
                    keep((mine + delta[frm], hits), (step, code) if step <= code else (code, step))
        if not moved:
            key = (mine, hits)
            known = short.get(key)
            if known is None or (known[0] == 1 and first > known[1]):
                short[key] = (1, first, (step,))


def _search_double(
    me: int, opp: Sequence[int], die: int, closed: int, full: _Found, short: _Short
) -> None:
    """A double: `die` four times, breadth first (arguments as `_search_pair`'s).

    With one die, the steps of a play are fixed by the position it reaches (counting
    down from the bar, the checkers leaving each point are those that leave it net
    plus those arriving from the point a die above), so the paths in canonical order
    reach distinct positions and none needs merging before the last die. Steps of one
    die from points never higher come in canonical order, so paths stay sorted."""
    flag, k7f, k80, below = _FLAG, _K7F, _K80, _BELOW
    open_ = _FROM[die] & ~(closed << (8 * die))
    delta, codes = _DELTA[die], _CODE[die]
    keep = full.setdefault
    frontier: list[tuple[int, int, int, tuple[int, ...]]] = [(me, 0, BAR, ())]
    for depth in range(4):
        last = depth == 3
        following: list[tuple[int, int, int, tuple[int, ...]]] = []
        grow = following.append
        for mine, hits, top, steps in frontier:
            moved = False
            if mine >> _BAR_SHIFT:
                if top == BAR:
                    to = BAR - die
                    there = opp[to]
                    if there < 2:
                        moved = True
                        if there and not hits >> to & 1:
                            after, hit, code = mine + delta[BAR], hits | 1 << to, to * 2
                        else:
                            after, hit, code = mine + delta[BAR], hits, to * 2 + 1
                        if last:
                            keep((after, hit), (*steps, code))
                        else:
                            grow((after, hit, BAR, (*steps, code)))
            else:
                occupied = (mine + k7f) & k80
                movable = occupied & open_ & below[top] if top < BAR else occupied & open_
                if movable:
                    moved = True
                    while movable:
                        frm = movable.bit_length() >> 3
                        movable ^= flag[frm]
                        to = frm - die
                        if opp[to] and not hits >> to & 1:
                            after, hit, code = mine + delta[frm], hits | 1 << to, codes[frm]
                        else:
                            after, hit, code = mine + delta[frm], hits, codes[frm] + 1
                        if last:
                            keep((after, hit), (*steps, code))
                        else:
                            grow((after, hit, frm, (*steps, code)))
                high = (mine.bit_length() + 7) >> 3
                if 0 < high <= HOME:
                    frm = die if high >= die else high
                    if frm <= top and occupied & flag[frm]:
                        moved = True
                        after, code = mine + delta[frm], codes[frm] + 1
                        if last:
                            keep((after, hits), (*steps, code))
                        else:
                            grow((after, hits, frm, (*steps, code)))
            if not moved:
                key = (mine, hits)
                known = short.get(key)
                if known is None or depth > known[0]:
                    short[key] = (depth, die, steps)
        frontier = following


def play_results(board: Board, player: int, dice: Dice | Sequence[int]) -> dict[Board, Play]:
    """Each position the player may reach with this roll, with the canonical play reaching it.

    Rules §2–§5: bar entry first, closed points, hits, doubles four times, both
    dice if possible, else the larger when either alone could be played;
    bearing off with all home, a higher die only from the highest point.
    """
    roll = Dice.of(dice)
    me, opp = _sides(board, player)
    results: dict[Board, Play] = {}
    hit_sides = {0: opp}  # the opponent's side after the blots in `hits` are hit
    for codes, (mine, hits) in _generate(me, opp, roll).items():
        # `_board_after`, written out, with the opponent's sides shared
        theirs = hit_sides.get(hits)
        if theirs is None:
            theirs = hit_sides[hits] = _hit_side(opp, hits)
        side = tuple(mine.to_bytes(POINTS + 1, "little"))
        after = _new(Board)
        after.__dict__["points"] = (side, theirs) if player == 0 else (theirs, side)
        play = _new(Play)
        _set_codes(play, codes)
        results[after] = play
    return results


def _generate(me: Side, opp: Side, roll: Dice) -> dict[tuple[int, ...], tuple[int, int]]:
    """The legal plays of the side `me` against `opp`, one per resulting position, in
    canonical order, as their step codes (a `Play` given them by `_set_codes` is the
    play), each with the position it reaches: (packed side after, points hit), as the
    search packs them (`_board_after` makes the board)."""
    packed = int.from_bytes(bytes(me), "little")
    theirs = opp[POINTS - 1 :: -1]
    opp_at = (0, *theirs)  # opp_at[to]: their checkers on my point `to`
    closed = (int.from_bytes(bytes(theirs), "little") + _K7E) & _K80
    full: _Found = {}
    short: _Short = {}
    high, low = roll.high, roll.low
    if high == low:
        _search_double(packed, opp_at, high, closed, full, short)
    else:
        _search_pair(packed, opp_at, high, low, closed, full, short)
        _search_pair(packed, opp_at, low, high, closed, full, short)
    if full:
        made = list(zip(full.values(), full, strict=True))
    else:  # fewer dice than all can be played: the most that can
        most = max(entry[0] for entry in short.values())
        made = [(entry[2], key) for key, entry in short.items() if entry[0] == most]
        if most == 1 and high != low:
            larger = [(entry[2], key) for key, entry in short.items() if entry[:2] == (1, high)]
            if larger:
                made = larger
    made.sort()  # by the codes, distinct for distinct positions
    return dict(made)


def _hit_side(opp: Side, hits: int) -> Side:
    """The opponent's side `opp` less the blots hit on the mover's points in `hits`
    (a bit per point), which are now on the bar."""
    theirs = list(opp)
    while hits:
        low = hits & -hits
        hits ^= low
        theirs[POINTS - low.bit_length() + 1] -= 1
        theirs[_BAR_INDEX] += 1
    return tuple(theirs)


def _board_after(opp: Side, player: int, mine: int, hits: int) -> Board:
    """The board `_generate` describes: the mover's packed side `mine`, and the opponent's
    side `opp` less the blots hit on the mover's points in `hits`, now on the bar."""
    if hits:
        opp = _hit_side(opp, hits)
    after = _new(Board)
    after.__dict__["points"] = (
        (tuple(mine.to_bytes(POINTS + 1, "little")), opp)
        if player == 0
        else (opp, tuple(mine.to_bytes(POINTS + 1, "little")))
    )
    return after


_new = object.__new__


_STEPS: dict[_Raw, Step] = {}


def _step(raw: _Raw) -> Step:
    """The step (from, to, hit), made and checked once: steps are immutable, so the few
    hundred there are are shared by every play that makes them."""
    step = _STEPS.get(raw)
    if step is None:
        step = _STEPS[raw] = Step(*raw)
    return step


# Every step there is, by its code, made once.
for _frm in range(1, BAR + 1):
    for _to in range(max(OFF, _frm - 6) if _frm != BAR else BAR - 6, _frm):
        for _hit in (False, True) if _to != OFF else (False,):
            _code_step(_step_code(_frm, _to, _hit))
_STEP_OF_CODE = _CODE_STEPS.__getitem__


def _play_key(play: Play) -> tuple[tuple[int, int, bool], ...]:
    return tuple(step.sort_key() for step in play.steps)


def legal_plays(board: Board, player: int, dice: Dice | Sequence[int]) -> list[Play]:
    """The distinct legal plays (one per resulting position), sorted; [Play.none()] if none."""
    return list(play_results(board, player, dice).values())


def iter_legal_plays(board: Board, player: int, dice: Dice | Sequence[int]) -> Iterator[Play]:
    """The legal plays as a generator."""
    yield from play_results(board, player, dice).values()


# -- applying a play ---------------------------------------------------------------------------


def _apply_checked(board: Board, player: int, play: Play) -> tuple[Board, list[Step]]:
    """Apply each step in order, checking what a step alone can break; return the result."""
    me, opp = (list(s) for s in _sides(board, player))
    done: list[Step] = []
    for step in play.steps:
        frm, to = step.from_point, step.to_point
        if frm == BAR:
            if not me[_BAR_INDEX]:
                raise RuleError(R_OWN_CHECKER, f"{step}: player {player} has no checker on the bar")
        else:
            if me[_BAR_INDEX]:
                raise RuleError(R_BAR_FIRST, f"{step}: a checker on the bar must enter first")
            if not me[frm - 1]:
                raise RuleError(R_OWN_CHECKER, f"{step}: player {player} has no checker on {frm}")
        if to == OFF:
            if any(me[HOME:]):
                raise RuleError(R_ALL_HOME, f"{step}: not all checkers are in the home board")
        elif step.distance > 6:
            raise RuleError(R_ONE_DIE, f"{step} moves {step.distance} points; a die shows 1 to 6")
        else:
            there = opp[POINTS - to]
            if there >= 2:
                raise RuleError(R_CLOSED, f"{step}: {there} opposing checkers hold point {to}")
            if step.hit != (there == 1):
                if step.hit:
                    raise RuleError(R_HIT, f"{step}: there is no blot on {to} to hit")
                raise RuleError(R_HIT, f"{step}: landing on the blot on {to} hits it; write {to}*")
        me[frm - 1] -= 1
        if to != OFF:
            me[to - 1] += 1
            if step.hit:
                opp[POINTS - to] -= 1
                opp[_BAR_INDEX] += 1
        done.append(step)
    return _board_from(tuple(me), tuple(opp), player), done


def _match_dice(board: Board, player: int, play: Play, roll: Dice) -> None:
    """Each step must be one die of the roll (a higher die only from the highest point)."""
    available = list(roll.moves)
    if len(play.steps) > len(available):
        rule = R_DOUBLES if roll.is_double else R_ONE_DIE
        raise RuleError(rule, f"{play} has {len(play.steps)} moves; {roll} gives {len(available)}")
    me = list(board.side(player))
    for step in play.steps:
        frm, to = step.from_point, step.to_point
        if to != OFF:
            die = frm - to
            if die not in available:
                raise RuleError(R_ONE_DIE, f"{step} moves {die}; no die of {roll} shows {die}")
        elif frm in available:
            die = frm
        else:
            higher = [d for d in available if d > frm]
            if not higher:
                raise RuleError(R_ONE_DIE, f"{step} needs a {frm} or more; {roll} has none left")
            if any(me[frm:HOME]):
                raise RuleError(
                    R_HIGHER_DIE, f"{step}: a higher die bears off only from the highest point"
                )
            die = min(higher)
        available.remove(die)
        me[frm - 1] -= 1
        if to != OFF:
            me[to - 1] += 1


def apply(board: Board, player: int, play: Play, dice: Dice | Sequence[int] | None = None) -> Board:
    """The board after `player` makes `play`.

    Every step is checked (own checker, bar first, closed points, hits marked,
    bearing off only with all home). With `dice`, the play must also be one of
    the legal plays of that roll. Raises RuleError naming the broken rule; the
    board is never changed (boards are immutable).
    """
    if not isinstance(play, Play):
        raise RuleError(R_NOTATION, f"{play!r} is not a play")
    result, _ = _apply_checked(board, player, play)
    if dice is None:
        return result
    roll = Dice.of(dice)
    _match_dice(board, player, play, roll)
    legal = play_results(board, player, roll)
    if result in legal:
        return result
    most = max(len(p.steps) for p in legal.values())
    if len(play.steps) < most:
        if roll.is_double:
            raise RuleError(
                R_DOUBLES,
                f"{play or NO_PLAY_TEXT} plays {len(play.steps)} of {roll}; {most} can be played",
            )
        raise RuleError(R_BOTH_DICE, f"{play or NO_PLAY_TEXT}: both dice of {roll} can be played")
    if most == 1 and not roll.is_double:
        raise RuleError(R_LARGER_DIE, f"{play}: only one die of {roll} is played: the {roll.high}")
    raise RuleError(R_ONE_DIE, f"{play} is not a legal play of {roll}")


def _marked(board: Board, player: int, play: Play) -> Play:
    """The play with its hit marks set from the board (each first landing on a blot)."""
    opp = list(board.side(1 - player))
    steps = []
    for step in play.steps:
        hit = step.to_point != OFF and opp[POINTS - step.to_point] == 1
        if hit:
            opp[POINTS - step.to_point] = 0
        steps.append(Step(step.from_point, step.to_point, hit))
    return Play(tuple(steps))


def _apply_loose(board: Board, player: int, steps: Iterable[Step]) -> Board:
    """Move checkers as written (any distance), hitting where a checker lands on a blot."""
    me, opp = (list(s) for s in _sides(board, player))
    for step in steps:
        frm, to = step.from_point, step.to_point
        if not me[frm - 1]:
            where = "the bar" if frm == BAR else f"point {frm}"
            raise RuleError(R_OWN_CHECKER, f"{step}: player {player} has no checker on {where}")
        me[frm - 1] -= 1
        if to == OFF:
            continue
        there = opp[POINTS - to]
        if there >= 2:
            raise RuleError(R_CLOSED, f"{step}: point {to} is held by {there} opposing checkers")
        me[to - 1] += 1
        if there == 1:
            opp[POINTS - to] = 0
            opp[_BAR_INDEX] += 1
    if any(c < 0 for c in me):
        raise RuleError(R_OWN_CHECKER, "the play moves checkers the player does not have")
    return _board_from(tuple(me), tuple(opp), player)


# -- results -----------------------------------------------------------------------------------


def winner(board: Board) -> int | None:
    """The player who has borne off all 15, or None while the game goes on."""
    done = [p for p in PLAYERS if board.off(p) == CHECKERS]
    if len(done) > 1:
        raise RuleError(R_ONE_WINNER, "both players cannot have borne off all 15")
    return done[0] if done else None


def result(board: Board) -> tuple[int, Kind] | None:
    """(winner, single / gammon / backgammon) once a player has borne off all 15 (rules §6).

    Gammon: the loser has borne off none. Backgammon: a gammon where the loser
    still has a checker on the bar or in the winner's home board (the loser's
    points 19–24).
    """
    won = winner(board)
    if won is None:
        return None
    loser = 1 - won
    if board.off(loser):
        return won, Kind.SINGLE
    side = board.side(loser)
    if any(side[POINTS - HOME :]):
        return won, Kind.BACKGAMMON
    return won, Kind.GAMMON


# -- the game and the match --------------------------------------------------------------------

R_TURN: Final = "play in turn"
R_OPENING: Final = "each player rolls one die to open; ties roll again"
R_CUBE_OWNER: Final = "only the cube's owner may redouble"
R_NO_CUBE: Final = "no doubling without the cube"
R_CRAWFORD: Final = "no doubling in the Crawford game"
R_OVER: Final = "the match is over"
R_CUBE_VALUE: Final = "the cube doubles: 1, 2, 4, 8, …"
R_CUBE_CAP: Final = "the cube goes no higher than 64"
R_RESIGN: Final = "resign on your own turn: a single game, a gammon or a backgammon"


class Phase(StrEnum):
    """What the game waits for."""

    OPENING = "opening"  # chance: each player rolls one die
    CUBE = "cube"  # the player on turn may double, or roll
    RESPOND = "respond"  # the opponent of the doubler takes or drops
    ROLL = "roll"  # chance: the player on turn rolls two dice
    MOVE = "move"  # the player on turn plays the roll
    RESIGN = "resign"  # the opponent of the player on turn accepts or declines a resignation
    OVER = "over"


_OPENING: Final = Phase.OPENING
_ROLL: Final = Phase.ROLL
_MOVE: Final = Phase.MOVE


class CubeAction(StrEnum):
    """Decisions about the doubling cube (rules §7). ROLL declines to double."""

    ROLL = "roll"
    DOUBLE = "double"
    TAKE = "take"
    DROP = "drop"


@dataclass(frozen=True, slots=True)
class OpeningRoll:
    """The opening throw: one die for player 0 and one for player 1 (rules §2)."""

    die0: int
    die1: int

    def __post_init__(self) -> None:
        for die in (self.die0, self.die1):
            if isinstance(die, bool) or not isinstance(die, int) or not 1 <= die <= 6:
                raise RuleError(R_DICE, f"{die!r} is not a die from 1 to 6")

    @property
    def is_tie(self) -> bool:
        return self.die0 == self.die1

    @property
    def first(self) -> int | None:
        """The player with the higher die, who moves first; None on a tie."""
        if self.is_tie:
            return None
        return 0 if self.die0 > self.die1 else 1

    @property
    def dice(self) -> Dice:
        """The two dice, which the first player plays as the first roll."""
        return Dice(self.die0, self.die1)

    def __str__(self) -> str:
        return f"{self.die0}:{self.die1}"


@dataclass(frozen=True, slots=True)
class Resign:
    """The player on turn offers to lose the game as `kind` (its points times the cube)."""

    kind: Kind

    def __post_init__(self) -> None:
        try:
            object.__setattr__(self, "kind", Kind(self.kind))
        except ValueError as exc:
            raise RuleError(R_RESIGN, f"{self.kind!r} is not single, gammon or backgammon"
                            ) from exc

    @classmethod
    def parse(cls, text: str) -> Resign:
        """``resign single`` (or ``resign gammon``, ``resign backgammon``)."""
        words = text.strip().lower().split()
        if len(words) != 2 or words[0] != "resign":
            raise RuleError(R_RESIGN, f"{text!r} is not a resignation such as 'resign single'")
        return cls(words[1])  # type: ignore[arg-type]  # checked in __post_init__

    def __str__(self) -> str:
        return f"resign {self.kind}"


class ResignAnswer(StrEnum):
    """The opponent's answer to a resignation."""

    ACCEPT = "accept"
    DECLINE = "decline"


Action = Play | Dice | OpeningRoll | CubeAction | Resign | ResignAnswer
_ACTIONS: Final = (Play, Dice, OpeningRoll, CubeAction, Resign, ResignAnswer)

OPENING_OUTCOMES: Final = tuple(
    (OpeningRoll(a, b), Fraction(1, 36)) for a in range(1, 7) for b in range(1, 7)
)
ROLL_OUTCOMES: Final = tuple(
    (Dice(high, low), Fraction(1 if high == low else 2, 36))
    for high in range(6, 0, -1)
    for low in range(high, 0, -1)
)


def roll_dice(rng: RandomLike) -> Dice:
    """Two dice from an injected random source."""
    return _ROLLS[rng.randrange(6)][rng.randrange(6)]


_ROLLS: Final = tuple(tuple(Dice(a, b) for b in range(1, 7)) for a in range(1, 7))


@dataclass(frozen=True)
class GameResult:
    """A finished game: who won, how, at what cube value, and the points scored."""

    winner: int
    kind: Kind
    cube: int
    points: int
    dropped: bool = False
    resigned: bool = False  # the loser resigned and the winner accepted


@dataclass(frozen=True)
class View:
    """What a player sees. Backgammon hides nothing, so this is the whole public state."""

    player: int
    board: Board
    phase: Phase
    turn: int | None
    dice: Dice | None
    cube_value: int
    cube_owner: int | None
    score: tuple[int, int]
    match_length: int
    crawford_game: bool
    legal_actions: tuple[Action, ...]
    resign_offered: Resign | None = None  # the resignation waiting for an answer
    jacoby: bool = False  # money play under the Jacoby rule: gammons need a turned cube

    @property
    def seat(self) -> int:
        """The viewer (the protocol's name for `player`)."""
        return self.player

    @property
    def legal(self) -> tuple[Action, ...]:
        """The viewer's legal actions now (the protocol's name for `legal_actions`)."""
        return self.legal_actions


class GameState:
    """A game of Takhteh Nard, or a match of games, from the opening roll to the end.

    Turn order: the opening roll (CHANCE; a tie rolls again) gives the first
    player both dice. Each later turn starts with the cube decision when the
    player may double (roll or double; the opponent then takes or drops), then
    the dice (CHANCE), then the play. With no legal move the only action is the
    empty play. A match starts each game with an opening roll and the cube in
    the middle. `returns()`: a single game (match length 0) gives the points
    won (+ to the winner, − to the loser); a match gives +1 / −1.
    """

    def __init__(self, options: GameOptions | None = None) -> None:
        self.options = options or GameOptions()
        self.score = [0, 0]
        self.games: list[GameResult] = []
        self.history: list[tuple[int, Action]] = []
        self.crawford_game = False
        self._crawford_used = False
        self.start: dict[str, Any] | None = None
        self._new_game()

    @classmethod
    def from_position(
        cls,
        board: Board,
        turn: int,
        options: GameOptions | None = None,
        *,
        dice: Dice | Sequence[int] | None = None,
        cube_value: int = 1,
        cube_owner: int | None = None,
        score: tuple[int, int] = (0, 0),
        crawford_game: bool = False,
    ) -> GameState:
        """A game set up mid-way: `turn` to play `dice`, or to start the turn if no dice.

        Later games of a match start from the initial position as usual.
        """
        state = cls(options)
        _check_player(turn)
        if cube_owner is not None:
            _check_player(cube_owner)
        if cube_value < 1 or cube_value & (cube_value - 1):
            raise RuleError(R_CUBE_VALUE, f"the cube shows 1, 2, 4, 8, …, not {cube_value}")
        if cube_value > 1 and cube_owner is None:
            raise RuleError(R_CUBE_OWNER, "a doubled cube has an owner")
        if (cube_value > 1 or cube_owner is not None) and not state.options.cube:
            raise RuleError(R_NO_CUBE, "this game is played without the doubling cube")
        target = state.options.match_length
        if any(points < 0 for points in score) or (target and max(score) >= target):
            raise RuleError(R_OVER, f"a match to {target} cannot stand at {score[0]}-{score[1]}")
        if result(board) is not None:
            raise RuleError(R_ONE_WINNER, "the game in this position is already over")
        if crawford_game and not state.options.uses_crawford:
            raise RuleError(R_CRAWFORD, "there is no Crawford game without the Crawford rule")
        state.board = board
        state.turn = turn
        state.cube_value, state.cube_owner = cube_value, cube_owner
        state.score = [score[0], score[1]]
        state.crawford_game = crawford_game
        state._crawford_used = crawford_game or (target > 0 and target - 1 in score)
        roll = None if dice is None else Dice.of(dice)
        if roll is not None:
            state._start_move(roll)
        else:
            state.phase = Phase.CUBE if state.may_double(turn) else Phase.ROLL
        state.start = {
            "board": [list(board.points[0]), list(board.points[1])],
            "turn": turn,
            "dice": None if roll is None else [roll.high, roll.low],
            "cube_value": cube_value,
            "cube_owner": cube_owner,
            "score": [score[0], score[1]],
            "crawford_game": crawford_game,
        }
        return state

    def _new_game(self) -> None:
        self.board = Board.initial()
        self.phase = Phase.OPENING
        self.turn: int | None = None
        self.dice: Dice | None = None
        self.cube_value = 1
        self.cube_owner: int | None = None
        self._resign: tuple[Resign, Phase] | None = None
        # The legal plays of the roll to play, as `_generate` gives them: their step
        # codes and the positions they reach (the board is made only for the play made);
        # the plays themselves are made when first listed.
        self._plays: dict[tuple[int, ...], tuple[int, int]] = {}
        self._legal: list[Play] | None = None

    def clone(self) -> GameState:
        other = object.__new__(GameState)
        other.__dict__.update(self.__dict__)
        other.score = list(self.score)
        other.games = list(self.games)
        other.history = list(self.history)
        return other

    # -- the common interface ----------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        """The player to decide, CHANCE for a roll of the dice, None when the match is over."""
        if self.phase in (Phase.OPENING, Phase.ROLL):
            return CHANCE
        if self.phase is Phase.OVER:
            return None
        assert self.turn is not None
        return 1 - self.turn if self.phase in (Phase.RESPOND, Phase.RESIGN) else self.turn

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def is_chance(self) -> bool:
        return self.phase is _ROLL or self.phase is _OPENING

    def legal_actions(self) -> list[Action]:
        """The decisions of the player on turn; none at a roll of the dice (see
        `chance_outcomes`) or at the end."""
        if self.phase is _MOVE:
            legal = self._legal
            if legal is None:
                legal = self._legal = []
                for codes in self._plays:
                    play = _new(Play)
                    _set_codes(play, codes)
                    legal.append(play)
            return list(legal)
        if self.phase is Phase.CUBE:
            return [CubeAction.ROLL, CubeAction.DOUBLE]
        if self.phase is Phase.RESPOND:
            return [CubeAction.TAKE, CubeAction.DROP]
        if self.phase is Phase.RESIGN:
            return [ResignAnswer.ACCEPT, ResignAnswer.DECLINE]
        return []

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """The outcomes of the pending chance step with their probabilities (summing to 1)."""
        if self.phase is Phase.OPENING:
            return list(OPENING_OUTCOMES)
        if self.phase is Phase.ROLL:
            return list(ROLL_OUTCOMES)
        raise RuleError(R_TURN, f"no dice are rolled now: the game waits for {self.phase}")

    def sample_chance(self, rng: RandomLike) -> Action:
        """Roll for the pending chance step with an injected random source (not applied)."""
        if self.phase is Phase.OPENING:
            return OpeningRoll(rng.randrange(6) + 1, rng.randrange(6) + 1)
        if self.phase is Phase.ROLL:
            return roll_dice(rng)
        raise RuleError(R_TURN, f"no dice are rolled now: the game waits for {self.phase}")

    def returns(self) -> tuple[int, int]:
        """Zero until the end; then the points of a single game, or ±1 for a match."""
        if not self.is_over:
            return (0, 0)
        if self.options.is_match:
            won = self.match_winner
            return (1, -1) if won == 0 else (-1, 1)
        last = self.games[-1]
        return (last.points, -last.points) if last.winner == 0 else (-last.points, last.points)

    @property
    def match_winner(self) -> int | None:
        if not self.is_over:
            return None
        return self.games[-1].winner

    def view(self, player: int) -> View:
        _check_player(player)
        mine = self.current_player == player
        return View(
            player=player,
            board=self.board,
            phase=self.phase,
            turn=self.turn,
            dice=self.dice,
            cube_value=self.cube_value,
            cube_owner=self.cube_owner,
            score=(self.score[0], self.score[1]),
            match_length=self.options.match_length,
            crawford_game=self.crawford_game,
            legal_actions=tuple(self.legal_actions()) if mine else (),
            resign_offered=self.resign_offered,
            jacoby=self.options.uses_jacoby,
        )

    def may_double(self, player: int) -> bool:
        """The cube is in play, not in the Crawford game, below 64, and centred or owned
        by `player`."""
        return (
            self.options.cube
            and not self.crawford_game
            and self.cube_value < MAX_CUBE
            and (self.cube_owner is None or self.cube_owner == player)
        )

    def resign_offers(self, seat: int) -> list[Resign]:
        """The resignations `seat` may offer now: on their own turn, before the game's
        end, one for each distinct value (Maple's backgammon is a gammon)."""
        if self.turn != seat or self.phase not in (Phase.CUBE, Phase.ROLL, Phase.MOVE):
            return []
        kinds = [Kind.SINGLE, Kind.GAMMON]
        if self.options.points(Kind.BACKGAMMON) > self.options.points(Kind.GAMMON):
            kinds.append(Kind.BACKGAMMON)
        return [Resign(kind) for kind in kinds]

    @property
    def resign_offered(self) -> Resign | None:
        """The resignation waiting for the opponent's answer, if any."""
        return self._resign[0] if self.phase is Phase.RESIGN and self._resign else None

    def resign_points(self, kind: Kind) -> int:
        """What a resignation as `kind` scores for the opponent at the cube as it stands."""
        return self.options.game_points(kind, self.cube_value)

    # -- applying actions --------------------------------------------------------------------

    def action_text(self, action: Action) -> str:
        """The action as `parse_action` reads it back: ``3:1`` (the opening roll), ``6-5``
        (the dice), ``roll``, ``double``, ``take``, ``drop``, ``resign gammon``,
        ``accept``, ``decline``, or a play in standard notation (``24/18 13/9``,
        ``bar/22*``, ``8/5(2)``, ``(no play)``). RuleError for anything else."""
        if not isinstance(action, _ACTIONS):
            raise RuleError(R_NOTATION, f"{action!r} is not a Takhteh Nard action")
        return str(action)

    def parse_action(self, text: str) -> Action:
        """An action from text: ``3:1`` opening, ``6-5`` dice, ``double`` …, or a play (read
        against the dice to play: a shorthand gives the legal play it stands for, and a play
        that is not legal is refused)."""
        if not isinstance(text, str):
            raise RuleError(R_NOTATION, f"{text!r} is not an action written as text")
        if text.strip().lower().startswith("resign"):  # also before the roll, a chance node
            return Resign.parse(text)
        if self.phase is Phase.OPENING:
            digits = re.sub(r"[\s:\-,]", "", text)
            if len(digits) != 2 or not digits.isdigit():
                raise RuleError(R_OPENING, f"{text!r} is not an opening roll such as 3:1")
            return OpeningRoll(int(digits[0]), int(digits[1]))
        if self.phase is Phase.ROLL:
            return Dice.parse(text)
        if self.phase is Phase.RESIGN:
            try:
                return ResignAnswer(text.strip().lower())
            except ValueError as exc:
                raise RuleError(R_TURN, f"{text!r}: the game waits for accept or decline"
                                ) from exc
        if self.phase in (Phase.CUBE, Phase.RESPOND):
            try:
                return CubeAction(text.strip().lower())
            except ValueError as exc:
                raise RuleError(R_TURN, f"{text!r}: the game waits for a cube decision") from exc
        if self.phase is Phase.MOVE:
            assert self.turn is not None and self.dice is not None
            try:  # the canonical text of a listed play, read without searching the plays
                literal = Play.parse(text)
            except RuleError:
                literal = None
            if literal is not None and literal._codes in self._plays:
                return literal
            return Play.parse(text, self.board, self.turn, self.dice)
        raise RuleError(R_OVER, "the match is over")

    def apply(self, action: Action | str, seat: int | None = None) -> None:
        """Make the decision of `seat` (default: the player on turn) or record the chance
        outcome (`seat` None or CHANCE). Raises RuleError, changing nothing."""
        phase = self.phase
        if phase is _MOVE:  # the common cases first: a play from the list, a roll
            if action.__class__ is Play:
                reached = self._plays.get(action._codes)
                if reached is not None and (seat is None or seat == self.turn):
                    actor = self.turn
                    assert actor is not None  # a player is on turn in the move phase
                    self._moved(action, reached)
                    self.history.append((actor, action))
                    return
        elif phase is _ROLL and action.__class__ is Dice and (seat is None or seat == CHANCE):
            self._start_move(action)
            self.history.append((CHANCE, action))
            return
        if self.phase is Phase.OVER:
            raise RuleError(R_OVER, "the match is over")
        if isinstance(action, str) and not isinstance(action, (CubeAction, ResignAnswer)):
            action = self.parse_action(action)
        if isinstance(action, Resign):
            self._offer_resign(action, self.turn if seat is None else seat)
            assert self.turn is not None
            self.history.append((self.turn, action))
            return
        actor = self.current_player
        assert actor is not None
        if seat is not None and seat != actor:
            if seat != CHANCE:
                _check_player(seat)
            if actor == CHANCE:
                raise RuleError(R_TURN, "the dice are being rolled")
            raise RuleError(R_TURN, f"it is player {actor}'s decision, not player {seat}'s")
        if self.phase is Phase.OPENING:
            self._opening(action)
        elif self.phase is Phase.CUBE:
            self._cube(action)
        elif self.phase is Phase.RESPOND:
            self._respond(action)
        elif self.phase is Phase.RESIGN:
            self._answer_resign(action)
        elif self.phase is Phase.ROLL:
            self._roll(action)
        else:
            action = self._move(action)
        self.history.append((actor, action))

    def why_illegal(self, seat: int, action: Action | str) -> RuleError | None:
        """The rule that forbids `seat` (a player, or CHANCE for a roll) to take `action`
        now, or None if it may. Nothing is changed."""
        if (
            seat == self.current_player
            and isinstance(action, Play)
            and action._codes in self._plays
        ):
            return None
        try:
            self.clone().apply(action, seat=seat)
        except RuleError as error:
            return error
        return None

    def _opening(self, action: Action) -> None:
        if not isinstance(action, OpeningRoll):
            raise RuleError(
                R_OPENING, f"the game opens with each player rolling one die, not {action}"
            )
        first = action.first
        if first is None:
            return
        self.turn = first
        self._start_move(action.dice)

    def _cube(self, action: Action) -> None:
        if action is CubeAction.ROLL:
            self.phase = Phase.ROLL
        elif action is CubeAction.DOUBLE:
            self.phase = Phase.RESPOND
        else:
            raise RuleError(R_TURN, f"player {self.turn} may double or roll, not {action}")

    def _respond(self, action: Action) -> None:
        assert self.turn is not None
        if action is CubeAction.TAKE:
            self.cube_value *= 2
            self.cube_owner = 1 - self.turn
            self.phase = Phase.ROLL
        elif action is CubeAction.DROP:
            self._finish(GameResult(self.turn, Kind.SINGLE, self.cube_value, self.cube_value, True))
        else:
            raise RuleError(R_TURN, f"player {1 - self.turn} must take or drop, not {action}")

    def _offer_resign(self, offer: Resign, seat: int | None) -> None:
        if seat is None or seat != self.turn:
            raise RuleError(R_RESIGN, f"player {seat} may resign only on their own turn")
        offers = self.resign_offers(seat)
        if offer not in offers:
            if not offers:
                raise RuleError(R_RESIGN, f"player {seat} may not resign while the game "
                                f"waits for {self.phase}")
            raise RuleError(R_RESIGN, f"{offer} is not offered in {self.options.variant} "
                            "scoring (its backgammon is a gammon)")
        self._resign = (offer, self.phase)
        self.phase = Phase.RESIGN

    def _answer_resign(self, action: Action) -> None:
        assert self.turn is not None and self._resign is not None
        offer, before = self._resign
        if action is ResignAnswer.ACCEPT:
            points = self.resign_points(offer.kind)
            self._resign = None
            self._finish(GameResult(1 - self.turn, offer.kind, self.cube_value, points,
                                    resigned=True))
        elif action is ResignAnswer.DECLINE:
            self._resign = None
            self.phase = before
        else:
            raise RuleError(R_TURN, f"player {1 - self.turn} must accept or decline the "
                            f"resignation, not {action}")

    def _roll(self, action: Action) -> None:
        if action is CubeAction.DOUBLE:
            assert self.turn is not None
            if not self.options.cube:
                raise RuleError(R_NO_CUBE, "this game is played without the doubling cube")
            if self.crawford_game:
                raise RuleError(R_CRAWFORD, "nobody may double in the Crawford game")
            if self.cube_value >= MAX_CUBE:
                raise RuleError(R_CUBE_CAP, f"the cube already shows {self.cube_value}")
            if self.may_double(self.turn):
                raise RuleError(R_TURN, f"player {self.turn} chose to roll: a double comes first")
            raise RuleError(R_CUBE_OWNER, f"player {1 - self.turn} owns the cube")
        if not isinstance(action, Dice):
            raise RuleError(R_TURN, f"the dice must be rolled, not {action}")
        self._start_move(action)

    def _start_move(self, dice: Dice) -> None:
        assert self.turn is not None
        self.dice = dice
        self.phase = Phase.MOVE
        points = self.board.points
        turn = self.turn
        self._plays = _generate(points[turn], points[1 - turn], dice)
        self._legal = None

    def _move(self, action: Action) -> Play:
        turn, dice = self.turn, self.dice
        assert turn is not None and dice is not None
        reached = self._plays.get(action._codes) if isinstance(action, Play) else None
        if reached is not None:
            assert isinstance(action, Play)
            return self._moved(action, reached)
        if not isinstance(action, Play):
            raise RuleError(R_TURN, f"player {turn} must play {dice}, not {action}")
        after = apply(self.board, turn, action, dice)
        return self._moved(play_results(self.board, turn, dice)[after], after=after)

    def _moved(
        self, action: Play, reached: tuple[int, int] | None = None, after: Board | None = None
    ) -> Play:
        """Make the legal play `action`, reaching `after` (or the position `reached`, as
        `_generate` gives it)."""
        turn = self.turn
        assert turn is not None
        if reached is not None:
            mine, hits = reached
            after = _board_after(self.board.points[1 - turn], turn, mine, hits)
            over = None if mine else result(after)  # only the mover can have won
        else:
            assert after is not None
            over = result(after)
        self.board = after
        if over is not None:
            won, kind = over
            points = self.options.game_points(kind, self.cube_value)
            self._finish(GameResult(won, kind, self.cube_value, points))
            return action
        self.turn = 1 - turn
        self.dice = None
        self._plays, self._legal = {}, None
        self.phase = Phase.CUBE if self.may_double(self.turn) else Phase.ROLL
        return action

    def _finish(self, game: GameResult) -> None:
        self.games.append(game)
        self.score[game.winner] += game.points
        target = self.options.match_length
        if not self.options.is_match or self.score[game.winner] >= target:
            self.phase = Phase.OVER
            self.dice = None
            self._plays, self._legal = {}, None
            return
        self.crawford_game = False
        if (
            self.options.uses_crawford
            and not self._crawford_used
            and self.score[game.winner] == target - 1
        ):
            self.crawford_game = True
            self._crawford_used = True
        self._new_game()

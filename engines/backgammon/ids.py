"""Position formats backgammon players already use: GNU Backgammon's Position ID and
Match ID, and eXtreme Gammon's XGID (rules §8).

Everything here works on the raw board both players share: a *side* is 25 ints,
index i (0..23) the side's checkers on point i+1 in its own numbering (point 1 is
deepest in its home), index 24 its checkers on the bar; borne off is 15 − sum.
A side's point p is the other side's point 25 − p.

**Position ID** (GNU Backgammon manual, "A technical description of the Position
ID"). An 80-bit key: for each of the two sides, for its points 1..24 and then its
bar, as many 1-bits as it has checkers there followed by one 0-bit; the bits are
packed little-endian (the first bit is the least significant bit of the first
byte) and the 10 bytes are written in Base64 without the ``==`` padding: 14
characters. The starting position is ``4HPwATDgc/ABMA``.

Which side comes first: the manual's prose says the player on roll, but GNU
Backgammon itself writes the player on roll **second** — its boards keep the
player on roll in ``anBoard[1]`` (``DrawBoard`` swaps the sides before calling
``PositionID`` when player 0 is on roll, and ``SetXGID`` swaps them so that the
side on roll is ``anBoard[1]``), and the boards gnubg prints agree, e.g.
``AgAAPBcAAAAAAA`` with X "On roll" decodes to O's single checker first. We follow
the program, so an ID pasted into gnubg shows the right player on roll. The
manual's own example is symmetric and cannot tell the two apart.

**Match ID** (manual, "A technical description of the Match ID"). A 66-bit key,
each field least significant bit first, in this order: cube (log2, 4 bits), cube
owner (2: 0, 1, or 3 for centred), player on roll (1), Crawford (1), game state
(3), player to decide (1), double offered (1), resignation (2), die 1 (3), die 2
(3), match length (15), score of player 0 (15), score of player 1 (15); packed
like the position key into 9 bytes and written as 12 Base64 characters. The
manual's example: ``QYkqASAAIAAA``. Current gnubg also writes bit 67 (``!fJacoby``:
set when the Jacoby rule is off); the manual's IDs leave it 0, read as Jacoby on.
gnubg writes the higher die first; so do we.

**XGID** (eXtreme Gammon; as GNU Backgammon's importer ``SetXGID`` and
``PositionFromXG`` read it)::

    XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10
         position                   | | |  | | | | | max cube (log2; XG writes 10)
                                    | | |  | | | | match length (0: money)
                                    | | |  | | | Crawford (match) / Jacoby+beaver bits (money)
                                    | | |  | | score of the top player (lower case)
                                    | | |  | score of the bottom player (upper case)
                                    | | |  dice: "00" not rolled, "D" double offered, "63"
                                    | | turn: 1 bottom, -1 top (with "D": the doubler)
                                    | cube owner: 1 bottom, 0 centred, -1 top
                                    cube value (log2)

The 26 position characters are numbered from the *bottom* player's side, whoever
is on roll: index 0 is the top player's bar, 1..24 are the bottom player's points
1..24, 25 is the bottom player's bar; ``-`` is empty, ``A``–``O`` that many of the
bottom player's checkers, ``a``–``o`` the top player's.

Malformed input raises `IdError`, naming the field at fault.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import TypeGuard

CHECKERS = 15
POINTS = 24
BAR = 24  # index of the bar in a side
SIDE_LENGTH = 25

POSITION_ID_LENGTH = 14
MATCH_ID_LENGTH = 12
MAX_CUBE_LOG2 = 15
MAX_MATCH_FIELD = 0x7FFF  # 15-bit match length and scores

_BASE64_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
_BASE64 = re.compile(r"[A-Za-z0-9+/]*")

Side = tuple[int, ...]


class IdError(ValueError):
    """A Position ID, Match ID or XGID (or the values to write one) is malformed.

    `field` names the part at fault (``"position_id"``, ``"cube_owner"``,
    ``"dice"``, ...); `message` says what is wrong with it.
    """

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


# --------------------------------------------------------------------------- sides


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _side(value: object, field: str, name: str) -> Side:
    """A side as a tuple of 25 non-negative ints with at most 15 checkers."""
    if isinstance(value, str | bytes) or not isinstance(value, Sequence):
        raise IdError(field, f"the {name} must be a sequence of {SIDE_LENGTH} counts")
    if len(value) != SIDE_LENGTH:
        raise IdError(
            field,
            f"the {name} must have {SIDE_LENGTH} counts (24 points and the bar), not {len(value)}",
        )
    counts = tuple(value)
    for index, count in enumerate(counts):
        if not _is_int(count) or count < 0:
            where = "the bar" if index == BAR else f"point {index + 1}"
            raise IdError(
                field, f"the {name}'s count on {where} must be a non-negative int, not {count!r}"
            )
    if sum(counts) > CHECKERS:
        raise IdError(
            field, f"the {name} has {sum(counts)} checkers on the board; at most {CHECKERS}"
        )
    return counts


def check_sides(
    on_roll: object,
    opponent: object,
    field: str = "position",
    names: tuple[str, str] = ("side on roll", "opponent"),
) -> tuple[Side, Side]:
    """Validate two sides that face each other; return them as tuples.

    Refuses more than 15 checkers a side, a point held by both sides, and both
    sides on the bar against closed home boards (which no game can reach; GNU
    Backgammon refuses it too). `names` names the two sides in messages.
    """
    a = _side(on_roll, field, names[0])
    b = _side(opponent, field, names[1])
    for i in range(POINTS):
        if a[i] and b[POINTS - 1 - i]:
            raise IdError(
                field,
                f"point {i + 1} of the {names[0]} is also held by the {names[1]} "
                f"(its point {POINTS - i})",
            )
    if a[BAR] and b[BAR] and all(a[i] >= 2 and b[i] >= 2 for i in range(6)):
        raise IdError(field, "both sides are on the bar against closed home boards")
    return a, b


# ------------------------------------------------------------------------- base64


def _from_base64(text: object, length: int, nbytes: int, field: str) -> int:
    """The little-endian integer a gnubg Base64 ID stands for (padding omitted)."""
    if not isinstance(text, str):
        raise IdError(field, f"must be text, not {type(text).__name__}")
    if len(text) != length:
        raise IdError(field, f"must be {length} characters, not {len(text)}")
    if not _BASE64.fullmatch(text):
        bad = next(c for c in text if c not in _BASE64_CHARS)
        raise IdError(field, f"has {bad!r}, which is not a Base64 character")
    padded = text + "=" * (-len(text) % 4)
    try:
        data = base64.b64decode(padded, validate=True)
    except binascii.Error as error:  # pragma: no cover - the checks above prevent it
        raise IdError(field, f"is not valid Base64 ({error})") from None
    if len(data) != nbytes or _to_base64(data) != text:
        raise IdError(field, "has stray bits in its last character")
    return int.from_bytes(data, "little")


def _to_base64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii").rstrip("=")


# -------------------------------------------------------------------- Position ID


def position_key(on_roll: Sequence[int], opponent: Sequence[int]) -> bytes:
    """The 10-byte key of the Position ID (the opponent's side first, as gnubg writes)."""
    a, b = check_sides(on_roll, opponent)
    key = 0
    bit = 0
    for side in (b, a):
        for count in side:
            key |= ((1 << count) - 1) << bit
            bit += count + 1
    return key.to_bytes(10, "little")


def position_id(on_roll: Sequence[int], opponent: Sequence[int]) -> str:
    """GNU Backgammon's 14-character Position ID for this position."""
    return _to_base64(position_key(on_roll, opponent))


def position_from_key(key: bytes) -> tuple[Side, Side]:
    """(on_roll, opponent) from a 10-byte position key."""
    if not isinstance(key, bytes | bytearray) or len(key) != 10:
        raise IdError("position_key", "must be 10 bytes")
    return _position_from_int(int.from_bytes(key, "little"), "position_key")


def decode_position_id(text: str) -> tuple[Side, Side]:
    """(on_roll, opponent) from a 14-character Position ID."""
    key = _from_base64(text, POSITION_ID_LENGTH, 10, "position_id")
    return _position_from_int(key, "position_id")


def _position_from_int(key: int, field: str) -> tuple[Side, Side]:
    sides: list[Side] = []
    bit = 0
    for _ in range(2):
        counts = []
        for _ in range(SIDE_LENGTH):
            count = 0
            while (key >> bit) & 1:
                count += 1
                bit += 1
            if bit >= 80:
                raise IdError(field, "runs out of bits: more than 30 checkers on the board")
            bit += 1
            counts.append(count)
        sides.append(tuple(counts))
    if key >> bit:
        raise IdError(field, "has bits set after both sides end")
    opponent, on_roll = sides
    return check_sides(on_roll, opponent, field)


# ----------------------------------------------------------------------- Match ID


class GameState(IntEnum):
    """Bits 9–11 of the Match ID."""

    NONE = 0  # no game started
    PLAYING = 1
    OVER = 2
    RESIGNED = 3
    DROPPED = 4  # ended by a dropped cube


class Resignation(IntEnum):
    """Bits 14–15 of the Match ID: what is being resigned."""

    NONE = 0
    SINGLE = 1
    GAMMON = 2
    BACKGAMMON = 3


def _flag(value: object, field: str) -> bool:
    if type(value) is not bool:
        raise IdError(field, f"must be True or False, not {value!r}")
    return value


def _int_in(value: object, field: str, low: int, high: int) -> int:
    if not _is_int(value) or not low <= value <= high:
        raise IdError(field, f"must be an int from {low} to {high}, not {value!r}")
    return value


def _cube(value: object, field: str = "cube_value") -> int:
    """log2 of a cube value: a power of two from 1 to 2**15."""
    if not _is_int(value) or value < 1 or value & (value - 1) or value > 1 << MAX_CUBE_LOG2:
        raise IdError(
            field, f"must be a power of two from 1 to {1 << MAX_CUBE_LOG2}, not {value!r}"
        )
    return value.bit_length() - 1


def _dice(value: object, field: str = "dice") -> tuple[int, int]:
    """Two dice, (0, 0) before the roll; returned high die first."""
    if not isinstance(value, tuple) or len(value) != 2:
        raise IdError(field, f"must be a pair of dice, not {value!r}")
    d1, d2 = value
    if not _is_int(d1) or not _is_int(d2):
        raise IdError(field, f"must be two ints, not {value!r}")
    if (d1, d2) != (0, 0) and not (1 <= d1 <= 6 and 1 <= d2 <= 6):
        raise IdError(field, f"must be (0, 0) before the roll or two dice 1–6, not {value!r}")
    return (max(d1, d2), min(d1, d2))


@dataclass(frozen=True)
class MatchInfo:
    """Everything a Match ID holds. Players are 0 and 1, as in GNU Backgammon.

    `cube_owner` is None for a centred cube. `on_roll` is the player on roll (or
    who did roll); `turn` the player who must decide now (the other player while
    a double or a resignation is offered). `dice` is (0, 0) before the roll and is
    kept high die first. `match_length` 0 is a money game. `jacoby` is gnubg's
    bit 67, beyond the manual's 66 bits (an unset bit reads as True).
    """

    cube_value: int = 1
    cube_owner: int | None = None
    on_roll: int = 0
    crawford: bool = False
    game_state: GameState = GameState.PLAYING
    turn: int = 0
    double_offered: bool = False
    resignation: Resignation = Resignation.NONE
    dice: tuple[int, int] = (0, 0)
    match_length: int = 0
    score: tuple[int, int] = (0, 0)
    jacoby: bool = True

    def __post_init__(self) -> None:
        _cube(self.cube_value)
        if self.cube_owner is not None:
            _int_in(self.cube_owner, "cube_owner", 0, 1)
        _int_in(self.on_roll, "on_roll", 0, 1)
        _flag(self.crawford, "crawford")
        state = _int_in(self.game_state, "game_state", 0, len(GameState) - 1)
        object.__setattr__(self, "game_state", GameState(state))
        _int_in(self.turn, "turn", 0, 1)
        _flag(self.double_offered, "double_offered")
        resign = _int_in(self.resignation, "resignation", 0, len(Resignation) - 1)
        object.__setattr__(self, "resignation", Resignation(resign))
        object.__setattr__(self, "dice", _dice(self.dice))
        length = _int_in(self.match_length, "match_length", 0, MAX_MATCH_FIELD)
        if not isinstance(self.score, tuple) or len(self.score) != 2:
            raise IdError("score", f"must be a pair of scores, not {self.score!r}")
        for score in self.score:
            _int_in(score, "score", 0, length or MAX_MATCH_FIELD)
        if length == 0 and self.crawford:
            raise IdError("crawford", "a money game (match length 0) has no Crawford game")
        _flag(self.jacoby, "jacoby")


def match_key(info: MatchInfo) -> bytes:
    """The 9-byte key of the Match ID."""
    if not isinstance(info, MatchInfo):
        raise IdError("match_info", f"must be a MatchInfo, not {type(info).__name__}")
    fields = (
        (_cube(info.cube_value), 4),
        (3 if info.cube_owner is None else info.cube_owner, 2),
        (info.on_roll, 1),
        (int(info.crawford), 1),
        (int(info.game_state), 3),
        (info.turn, 1),
        (int(info.double_offered), 1),
        (int(info.resignation), 2),
        (info.dice[0], 3),
        (info.dice[1], 3),
        (info.match_length, 15),
        (info.score[0], 15),
        (info.score[1], 15),
        (int(not info.jacoby), 1),
    )
    key = 0
    bit = 0
    for value, width in fields:
        key |= value << bit
        bit += width
    return key.to_bytes(9, "little")


def match_id(info: MatchInfo) -> str:
    """GNU Backgammon's 12-character Match ID."""
    return _to_base64(match_key(info))


def decode_match_id(text: str) -> MatchInfo:
    """The MatchInfo a 12-character Match ID holds."""
    key = _from_base64(text, MATCH_ID_LENGTH, 9, "match_id")

    def take(offset: int, width: int) -> int:
        return (key >> offset) & ((1 << width) - 1)

    if key >> 67:
        raise IdError("match_id", "has bits set beyond the 67 that gnubg uses")
    owner = take(4, 2)
    if owner == 2:
        raise IdError("cube_owner", "is 2; it must be 0, 1 or 3 (centred)")
    state = take(8, 3)
    if state >= len(GameState):
        raise IdError("game_state", f"is {state}; it must be 0 to {len(GameState) - 1}")
    die1, die2 = take(15, 3), take(18, 3)
    if 7 in (die1, die2):
        raise IdError("dice", "a die reads 7")
    return MatchInfo(
        cube_value=1 << take(0, 4),
        cube_owner=None if owner == 3 else owner,
        on_roll=take(6, 1),
        crawford=bool(take(7, 1)),
        game_state=GameState(state),
        turn=take(11, 1),
        double_offered=bool(take(12, 1)),
        resignation=Resignation(take(13, 2)),
        dice=(die1, die2),
        match_length=take(21, 15),
        score=(take(36, 15), take(51, 15)),
        jacoby=not take(66, 1),
    )


# --------------------------------------------------------------------------- XGID

_XGID_INT = re.compile(r"-?[0-9]+")
_XGID_SIDES = ("bottom player", "top player")
XGID_PREFIX = "XGID="


@dataclass(frozen=True)
class Xgid:
    """Everything an XGID holds.

    `bottom` and `top` are sides in their own numbering: the bottom player's
    checkers are the upper-case letters, the top player's the lower-case ones.
    `turn`: 1 the bottom player, -1 the top player (with `double_offered`, the
    player who doubled). `cube_owner`: 1 bottom, 0 centred, -1 top. `dice` is
    (0, 0) before the roll and is kept high die first. `rules` is the
    Crawford/Jacoby field: in a match 1 for the Crawford game, else 0; in money
    play bit 1 is the Jacoby rule and bit 2 beavers. `max_cube` is log2 of the
    cube limit.
    """

    bottom: Side
    top: Side
    cube_value: int = 1
    cube_owner: int = 0
    turn: int = 1
    dice: tuple[int, int] = (0, 0)
    double_offered: bool = False
    score_bottom: int = 0
    score_top: int = 0
    rules: int = 0
    match_length: int = 0
    max_cube: int = 10

    def __post_init__(self) -> None:
        bottom, top = check_sides(self.bottom, self.top, names=_XGID_SIDES)
        object.__setattr__(self, "bottom", bottom)
        object.__setattr__(self, "top", top)
        _cube(self.cube_value)
        _int_in(self.cube_owner, "cube_owner", -1, 1)
        if not _is_int(self.turn) or self.turn not in (1, -1):
            raise IdError("turn", f"must be 1 (bottom) or -1 (top), not {self.turn!r}")
        object.__setattr__(self, "dice", _dice(self.dice))
        _flag(self.double_offered, "double_offered")
        if self.double_offered and self.dice != (0, 0):
            raise IdError("dice", "no dice can be shown while a double is offered")
        length = _int_in(self.match_length, "match_length", 0, MAX_MATCH_FIELD)
        _int_in(self.score_bottom, "score_bottom", 0, length or MAX_MATCH_FIELD)
        _int_in(self.score_top, "score_top", 0, length or MAX_MATCH_FIELD)
        _int_in(self.rules, "rules", 0, 1 if length else 3)
        _int_in(self.max_cube, "max_cube", 0, MAX_CUBE_LOG2)

    @property
    def crawford(self) -> bool:
        """This game is the Crawford game (match play)."""
        return self.match_length > 0 and self.rules == 1

    @property
    def jacoby(self) -> bool:
        """The Jacoby rule is on (money play)."""
        return self.match_length == 0 and bool(self.rules & 1)

    @property
    def beaver(self) -> bool:
        """Beavers are allowed (money play)."""
        return self.match_length == 0 and bool(self.rules & 2)


def _xgid_char(count: int, upper: bool) -> str:
    if count == 0:
        return "-"
    return chr((ord("A") if upper else ord("a")) + count - 1)


def to_xgid(xgid: Xgid) -> str:
    """The ``XGID=...`` text for these values."""
    if not isinstance(xgid, Xgid):
        raise IdError("xgid", f"must be an Xgid, not {type(xgid).__name__}")
    bottom, top = xgid.bottom, xgid.top
    chars = [_xgid_char(top[BAR], upper=False)]
    for point in range(1, POINTS + 1):
        mine = bottom[point - 1]
        theirs = top[POINTS - point]  # the top player's point 25 - point
        chars.append(_xgid_char(mine, upper=True) if mine else _xgid_char(theirs, upper=False))
    chars.append(_xgid_char(bottom[BAR], upper=True))
    dice = "D" if xgid.double_offered else f"{xgid.dice[0]}{xgid.dice[1]}"
    fields = (
        "".join(chars),
        str(_cube(xgid.cube_value)),
        str(xgid.cube_owner),
        str(xgid.turn),
        dice,
        str(xgid.score_bottom),
        str(xgid.score_top),
        str(xgid.rules),
        str(xgid.match_length),
        str(xgid.max_cube),
    )
    return XGID_PREFIX + ":".join(fields)


_XGID_FIELDS = (
    "position",
    "cube_value",
    "cube_owner",
    "turn",
    "dice",
    "score_bottom",
    "score_top",
    "rules",
    "match_length",
    "max_cube",
)


def from_xgid(text: str) -> Xgid:
    """The values an XGID holds (the ``XGID=`` prefix is optional)."""
    if not isinstance(text, str):
        raise IdError("xgid", f"must be text, not {type(text).__name__}")
    body = text.strip()
    if body.startswith(XGID_PREFIX):
        body = body[len(XGID_PREFIX) :]
    parts = body.split(":")
    if len(parts) != len(_XGID_FIELDS):
        raise IdError(
            "xgid", f"must have {len(_XGID_FIELDS)} fields separated by ':', not {len(parts)}"
        )
    position, *rest = parts
    bottom, top = _xgid_position(position)
    ints: dict[str, int] = {}
    for name, value in zip(_XGID_FIELDS[1:], rest, strict=True):
        if name == "dice":
            continue
        if not _XGID_INT.fullmatch(value):
            raise IdError(name, f"must be a whole number, not {value!r}")
        ints[name] = int(value)
    dice_text = rest[3]
    double_offered = dice_text == "D"
    if double_offered:
        dice = (0, 0)
    elif dice_text in ("B", "R"):
        raise IdError("dice", f"{dice_text!r} (a beaver or raccoon pending) is not supported")
    elif re.fullmatch(r"[0-6]{2}", dice_text):
        dice = (int(dice_text[0]), int(dice_text[1]))
    else:
        raise IdError("dice", f"must be '00', 'D' or two dice such as '63', not {dice_text!r}")
    cube_log2 = ints.pop("cube_value")
    if not 0 <= cube_log2 <= MAX_CUBE_LOG2:
        raise IdError("cube_value", f"log2 must be 0 to {MAX_CUBE_LOG2}, not {cube_log2}")
    return Xgid(
        bottom=bottom,
        top=top,
        cube_value=1 << cube_log2,
        dice=dice,
        double_offered=double_offered,
        **ints,
    )


def _xgid_position(text: str) -> tuple[Side, Side]:
    if len(text) != POINTS + 2:
        raise IdError("position", f"must be {POINTS + 2} characters, not {len(text)}")
    bottom = [0] * SIDE_LENGTH
    top = [0] * SIDE_LENGTH
    for index, char in enumerate(text):
        if char == "-":
            continue
        if "A" <= char <= "O":
            if index == 0:
                raise IdError(
                    "position",
                    f"index 0 is the top player's bar; it cannot hold the bottom player's {char!r}",
                )
            bottom[BAR if index == POINTS + 1 else index - 1] = ord(char) - ord("A") + 1
        elif "a" <= char <= "o":
            if index == POINTS + 1:
                raise IdError(
                    "position",
                    "index 25 is the bottom player's bar; it cannot "
                    f"hold the top player's {char!r}",
                )
            top[BAR if index == 0 else POINTS - index] = ord(char) - ord("a") + 1
        else:
            raise IdError("position", f"has {char!r} at index {index}; use '-', 'A'-'O' or 'a'-'o'")
    return check_sides(tuple(bottom), tuple(top), names=_XGID_SIDES)

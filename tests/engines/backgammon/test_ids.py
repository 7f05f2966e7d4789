"""Position formats (rules §8): GNU Backgammon's Position ID and Match ID, and XGID.

Each fixed example names where it comes from. The GNU Backgammon manual's
technical notes give the starting position's key and ID, and one Match ID worked
bit by bit. Which half of the Position ID is the player on roll is checked
against a board GNU Backgammon printed itself; the XGID orientation against a
position eXtreme Gammon exported with its own diagram.
"""

from __future__ import annotations

import base64

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from engines.backgammon.ids import (
    GameState,
    IdError,
    MatchInfo,
    Resignation,
    Xgid,
    check_sides,
    decode_match_id,
    decode_position_id,
    from_xgid,
    match_id,
    match_key,
    position_from_key,
    position_id,
    position_key,
    to_xgid,
)


def side(points: dict[int, int], bar: int = 0) -> tuple[int, ...]:
    """A side from {point number: checkers} in its own numbering, plus the bar."""
    counts = [0] * 25
    for point, count in points.items():
        counts[point - 1] = count
    counts[24] = bar
    return tuple(counts)


START = side({6: 5, 8: 3, 13: 5, 24: 2})


# ------------------------------------------------------------------ strategies


def _both_on_bar_against_closed_boards(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    return bool(a[24] and b[24] and all(a[i] >= 2 and b[i] >= 2 for i in range(6)))


@st.composite
def legal_positions(draw: st.DrawFn) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(on_roll, opponent): 15 checkers a side spread over the 24 points, the bar
    and off (index 25 below), no point held by both sides."""
    a = [0] * 26
    for place in draw(st.lists(st.integers(0, 25), min_size=15, max_size=15)):
        a[place] += 1
    # The opponent's point j+1 is our point 24-j: free only where we have nothing.
    free = [j for j in range(24) if a[23 - j] == 0] + [24, 25]
    b = [0] * 26
    for place in draw(st.lists(st.sampled_from(free), min_size=15, max_size=15)):
        b[place] += 1
    on_roll, opponent = tuple(a[:25]), tuple(b[:25])
    assume(not _both_on_bar_against_closed_boards(on_roll, opponent))
    return on_roll, opponent


dice = st.one_of(st.just((0, 0)), st.tuples(st.integers(1, 6), st.integers(1, 6)))


@st.composite
def match_infos(draw: st.DrawFn) -> MatchInfo:
    length = draw(st.integers(0, 0x7FFF))
    score = st.integers(0, length or 0x7FFF)
    return MatchInfo(
        cube_value=1 << draw(st.integers(0, 15)),
        cube_owner=draw(st.sampled_from([None, 0, 1])),
        on_roll=draw(st.integers(0, 1)),
        crawford=draw(st.booleans()) if length else False,
        game_state=draw(st.sampled_from(list(GameState))),
        turn=draw(st.integers(0, 1)),
        double_offered=draw(st.booleans()),
        resignation=draw(st.sampled_from(list(Resignation))),
        dice=draw(dice),
        match_length=length,
        score=(draw(score), draw(score)),
        jacoby=draw(st.booleans()),
    )


@st.composite
def xgids(draw: st.DrawFn) -> Xgid:
    bottom, top = draw(legal_positions())
    length = draw(st.integers(0, 64))
    score = st.integers(0, length or 0x7FFF)
    doubled = draw(st.booleans())
    return Xgid(
        bottom=bottom,
        top=top,
        cube_value=1 << draw(st.integers(0, 15)),
        cube_owner=draw(st.sampled_from([-1, 0, 1])),
        turn=draw(st.sampled_from([-1, 1])),
        dice=(0, 0) if doubled else draw(dice),
        double_offered=doubled,
        score_bottom=draw(score),
        score_top=draw(score),
        rules=draw(st.integers(0, 1 if length else 3)),
        match_length=length,
        max_cube=draw(st.integers(0, 15)),
    )


# ------------------------------------------------------------------ Position ID


def test_the_starting_position_is_4HPwATDgc_ABMA() -> None:
    """The GNU Backgammon manual, "A technical description of the Position ID":
    the starting position's ID is ``4HPwATDgc/ABMA``."""
    assert position_id(START, START) == "4HPwATDgc/ABMA"
    assert decode_position_id("4HPwATDgc/ABMA") == (START, START)


def test_the_starting_key_is_the_manuals_ten_bytes() -> None:
    """The same section spells out the key: the bit string
    ``0000011111001110000011111000000000001100000001111100111000001111100000000000
    1100`` packed little-endian into the bytes E0 73 F0 01 30 E0 73 F0 01 30."""
    bits = "00000111110011100000111110000000000011000000011111001110000011111000000000001100"
    key = position_key(START, START)
    assert key == bytes.fromhex("E073F00130E073F00130")
    as_bits = "".join(str((key[i // 8] >> (i % 8)) & 1) for i in range(80))
    assert as_bits == bits
    assert position_from_key(key) == (START, START)


def test_the_player_on_roll_is_the_second_half_of_the_position_id() -> None:
    """A board GNU Backgammon printed itself (``show board``, quoted in a public
    project's tests): Position ID ``AgAAPBcAAAAAAA``, Match ID ``USGgACAAIAAE``,
    X "On roll, resigns single game" with 4 checkers on its 1 point, 3 on its 3
    and 1 on its 4; O with a single checker on its 2 point. The manual's prose
    puts the player on roll first; the program puts it second, and so do we."""
    on_roll, opponent = decode_position_id("AgAAPBcAAAAAAA")
    assert on_roll == side({1: 4, 3: 3, 4: 1})
    assert opponent == side({2: 1})
    assert position_id(on_roll, opponent) == "AgAAPBcAAAAAAA"
    # The Match ID printed with it: 5-point match, O (player 0) 2, X (player 1) 4,
    # cube at 2 owned by X, X on roll resigning a single game, so O decides.
    assert decode_match_id("USGgACAAIAAE") == MatchInfo(
        cube_value=2,
        cube_owner=1,
        on_roll=1,
        game_state=GameState.PLAYING,
        turn=0,
        resignation=Resignation.SINGLE,
        match_length=5,
        score=(2, 4),
        jacoby=False,
    )


def test_swapping_the_sides_changes_the_position_id() -> None:
    """The ID says who is on roll: the same checkers with the other side on roll
    is another ID."""
    a, b = side({6: 5, 8: 3, 13: 5, 24: 2}), side({6: 4, 8: 3, 13: 5, 24: 2}, bar=1)
    assert position_id(a, b) != position_id(b, a)
    assert decode_position_id(position_id(b, a)) == (b, a)


@given(legal_positions())
def test_position_id_round_trips(position: tuple[tuple[int, ...], tuple[int, ...]]) -> None:
    on_roll, opponent = position
    text = position_id(on_roll, opponent)
    assert len(text) == 14
    assert decode_position_id(text) == (on_roll, opponent)
    assert position_from_key(position_key(on_roll, opponent)) == (on_roll, opponent)


def test_an_empty_board_is_fifty_zero_bits() -> None:
    """Both sides borne off: 50 zero bits, the smallest key."""
    empty = (0,) * 25
    assert position_id(empty, empty) == "AAAAAAAAAAAAAA"
    assert decode_position_id("AAAAAAAAAAAAAA") == (empty, empty)


# -------------------------------------------------------------------- Match ID


MANUAL_MATCH = MatchInfo(
    cube_value=2,
    cube_owner=0,
    on_roll=1,
    crawford=False,
    game_state=GameState.PLAYING,
    turn=1,
    double_offered=False,
    resignation=Resignation.NONE,
    dice=(5, 2),
    match_length=9,
    score=(2, 4),
)


def test_the_manuals_match_id_example_is_QYkqASAAIAAA() -> None:
    """The GNU Backgammon manual, "A technical description of the Match ID":
    score 2-4 in a 9-point match, player 0 holding a 2-cube, player 1 has just
    rolled 52. The key is the bytes 41 89 2A 01 20 00 20 00 00 and the ID
    ``QYkqASAAIAAA``."""
    assert match_key(MANUAL_MATCH) == bytes.fromhex("41892A012000200000")
    assert match_id(MANUAL_MATCH) == "QYkqASAAIAAA"
    assert decode_match_id("QYkqASAAIAAA") == MANUAL_MATCH


def test_the_manuals_match_key_reads_field_by_field() -> None:
    """The manual writes the same key field by field, each field least
    significant bit first: ``1000 00 1 0 100 1 0 00 101 010 100100000000000
    010000000000000 001000000000000``."""
    fields = "1000 00 1 0 100 1 0 00 101 010 100100000000000 010000000000000 001000000000000"
    bits = fields.replace(" ", "")
    key = match_key(MANUAL_MATCH)
    assert "".join(str((key[i // 8] >> (i % 8)) & 1) for i in range(66)) == bits


def test_dice_are_written_high_die_first() -> None:
    """gnubg writes the higher die in the first field; 2-5 and 5-2 are one ID."""
    low_first = MatchInfo(**{**MANUAL_MATCH.__dict__, "dice": (2, 5)})
    assert low_first.dice == (5, 2)
    assert match_id(low_first) == "QYkqASAAIAAA"


def test_a_centred_cube_is_owner_three() -> None:
    """Bits 5-6: 11 for a centred cube."""
    key = match_key(MatchInfo(cube_owner=None))
    assert (key[0] >> 4) & 0b11 == 0b11


@given(match_infos())
def test_match_id_round_trips(info: MatchInfo) -> None:
    text = match_id(info)
    assert len(text) == 12
    assert decode_match_id(text) == info


# ------------------------------------------------------------------------- XGID


def test_the_starting_xgid() -> None:
    """eXtreme Gammon's opening position, ``-b----E-C---eE---c-e----B-``: both
    sides on the starting points, bottom (upper case) on roll; it is the same
    board as gnubg's ``4HPwATDgc/ABMA``."""
    text = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"
    xgid = from_xgid(text)
    assert xgid.bottom == START
    assert xgid.top == START
    assert xgid.turn == 1
    assert (xgid.dice, xgid.double_offered, xgid.match_length, xgid.max_cube) == (
        (0, 0),
        False,
        0,
        10,
    )
    assert to_xgid(xgid) == text
    assert position_id(xgid.bottom, xgid.top) == "4HPwATDgc/ABMA"


def test_an_xgid_reads_as_extreme_gammon_draws_it() -> None:
    """A position eXtreme Gammon exported with its own text diagram (quoted in a
    public project's issue): ``----abF-B--BbB-Bacbd----A-:0:0:1:41:1:0:0:11:10``,
    "X to play 41", "Score is X:1 O:0 11 pt.(s) match". X, at the bottom, holds
    6 on its 6 point, 2 each on 8, 11, 13 and 15, 1 on 24; O holds 4 on its 6
    point, 2 on 7, 3 on 8, 1 on 9, 2 on 13, 2 on 20 and 1 on 21."""
    text = "XGID=----abF-B--BbB-Bacbd----A-:0:0:1:41:1:0:0:11:10"
    xgid = from_xgid(text)
    assert xgid.bottom == side({6: 6, 8: 2, 11: 2, 13: 2, 15: 2, 24: 1})
    assert xgid.top == side({6: 4, 7: 2, 8: 3, 9: 1, 13: 2, 20: 2, 21: 1})
    assert xgid.turn == 1
    assert xgid.dice == (4, 1)
    assert (xgid.score_bottom, xgid.score_top, xgid.match_length) == (1, 0, 11)
    assert not xgid.crawford
    assert to_xgid(xgid) == text


def test_an_xgid_double_names_the_doubler() -> None:
    """Dice ``D``: a double is offered; turn is the player who doubled."""
    xgid = from_xgid("XGID=-b----E-C---eE---c-e----B-:1:-1:-1:D:2:3:0:7:10")
    assert xgid.double_offered
    assert xgid.turn == -1
    assert xgid.cube_value == 2 and xgid.cube_owner == -1
    assert to_xgid(xgid) == "XGID=-b----E-C---eE---c-e----B-:1:-1:-1:D:2:3:0:7:10"


def test_the_xgid_prefix_is_optional() -> None:
    assert from_xgid("-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10").bottom == START


def test_money_rules_bits() -> None:
    """In money play the rules field is bit 1 Jacoby, bit 2 beavers."""
    xgid = from_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:3:0:10")
    assert xgid.jacoby and xgid.beaver and not xgid.crawford


@given(xgids())
def test_xgid_round_trips(xgid: Xgid) -> None:
    text = to_xgid(xgid)
    assert from_xgid(text) == xgid
    assert to_xgid(from_xgid(text)) == text


# -------------------------------------------------------------------- malformed


def raw_id(bits: str, nbytes: int) -> str:
    """An ID built by hand from a bit string (first bit = least significant bit of
    the first byte), Base64 without padding, as the manual describes."""
    value = sum(1 << i for i, bit in enumerate(bits) if bit == "1")
    return base64.b64encode(value.to_bytes(nbytes, "little")).decode().rstrip("=")


def side_bits(counts: dict[int, int]) -> str:
    """One side of a position key: {index 0..24: checkers} as 1s and a 0 each."""
    return "".join("1" * counts.get(i, 0) + "0" for i in range(25))


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("4HPwATDgc/ABM", "position_id"),  # 13 characters
        ("4HPwATDgc/ABMAA", "position_id"),  # 15 characters
        ("4HPwATDgc/AB*A", "position_id"),  # not Base64
        ("4HPwATDgc/ABMB", "position_id"),  # stray bits in the last character
        ("//////////////", "position_id"),  # all ones: more than 30 checkers
        (raw_id(side_bits({0: 16}) + side_bits({}), 10), "position_id"),  # 16 on one point
        (raw_id(side_bits({0: 1}) + side_bits({23: 1}), 10), "position_id"),  # shared point
        (raw_id(side_bits({}) + side_bits({}) + "1", 10), "position_id"),  # bit after the end
    ],
)
def test_a_bad_position_id_is_refused(text: str, field: str) -> None:
    with pytest.raises(IdError) as error:
        decode_position_id(text)
    assert error.value.field == field


def test_both_sides_on_the_bar_against_closed_boards_is_refused() -> None:
    closed = side({1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2}, bar=1)
    with pytest.raises(IdError) as error:
        position_id(closed, closed)
    assert error.value.field == "position"


@pytest.mark.parametrize(
    ("on_roll", "opponent", "message"),
    [
        (side({6: 16}), START, "16 checkers"),
        (side({1: 1}), side({24: 1}), "also held by the opponent"),
        (START[:24], START, "25 counts"),
        ((-1, *START[1:]), START, "non-negative"),
    ],
)
def test_bad_sides_are_refused(on_roll: tuple, opponent: tuple, message: str) -> None:
    with pytest.raises(IdError) as error:
        check_sides(on_roll, opponent)
    assert error.value.field == "position"
    assert message in error.value.message


def raw_match_id(
    cube: int = 1,
    owner: int = 0,
    on_roll: int = 1,
    crawford: int = 0,
    state: int = 1,
    turn: int = 1,
    double: int = 0,
    resign: int = 0,
    die1: int = 5,
    die2: int = 2,
    length: int = 9,
    score0: int = 2,
    score1: int = 4,
    beyond: int = 0,
) -> str:
    """A Match ID built by hand, field by field in the manual's order, each field
    least significant bit first; the defaults are the manual's example. `beyond`
    fills bits 67-72 (gnubg's Jacoby bit, then unused bits)."""
    fields = [
        (cube, 4),
        (owner, 2),
        (on_roll, 1),
        (crawford, 1),
        (state, 3),
        (turn, 1),
        (double, 1),
        (resign, 2),
        (die1, 3),
        (die2, 3),
        (length, 15),
        (score0, 15),
        (score1, 15),
        (beyond, 6),
    ]
    return raw_id("".join(format(value, f"0{width}b")[::-1] for value, width in fields), 9)


def test_the_hand_built_match_id_is_the_manuals() -> None:
    assert raw_match_id() == "QYkqASAAIAAA"


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("QYkqASAAIAA", "match_id"),  # 11 characters
        ("QYkq.SAAIAAA", "match_id"),  # not Base64
        (raw_match_id(beyond=0b10), "match_id"),  # a bit beyond the 67 gnubg uses
        (raw_match_id(owner=2), "cube_owner"),  # owner bits 10
        (raw_match_id(state=5), "game_state"),
        (raw_match_id(die1=7), "dice"),
        (raw_match_id(die1=0), "dice"),  # one die rolled, the other not
        (raw_match_id(score0=10), "score"),  # 10 points in a 9-point match
        (raw_match_id(crawford=1, length=0, score0=0, score1=0), "crawford"),  # money game
    ],
)
def test_a_bad_match_id_is_refused(text: str, field: str) -> None:
    with pytest.raises(IdError) as error:
        decode_match_id(text)
    assert error.value.field == field


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"cube_value": 3}, "cube_value"),
        ({"cube_value": 1 << 16}, "cube_value"),
        ({"cube_owner": 2}, "cube_owner"),
        ({"on_roll": 2}, "on_roll"),
        ({"turn": -1}, "turn"),
        ({"dice": (0, 3)}, "dice"),
        ({"dice": (7, 1)}, "dice"),
        ({"match_length": 1 << 15}, "match_length"),
        ({"score": (10, 0)}, "score"),
        ({"crawford": 1}, "crawford"),
        ({"game_state": 5}, "game_state"),
        ({"resignation": 4}, "resignation"),
    ],
)
def test_bad_match_values_are_refused(changes: dict, field: str) -> None:
    with pytest.raises(IdError) as error:
        MatchInfo(**{**MANUAL_MATCH.__dict__, **changes})
    assert error.value.field == field


GOOD_XGID = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("XGID=-b----E-C---eE---c-e----B:0:0:1:00:0:0:0:0:10", "position"),  # 25 chars
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0", "xgid"),  # 9 fields
        ("XGID=-b----E-C---eE---c-e----B*:0:0:1:00:0:0:0:0:10", "position"),  # bad char
        ("XGID=-b----E-C---eE---c-e----P-:0:0:1:00:0:0:0:0:10", "position"),  # 'P': 16
        ("XGID=-b----F-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10", "position"),  # 16 X
        ("XGID=Ab----E-C---eE---c-e----A-:0:0:1:00:0:0:0:0:10", "position"),  # X on O's bar
        ("XGID=-b----E-C---eE---c-e----Ba:0:0:1:00:0:0:0:0:10", "position"),  # O on X's bar
        ("XGID=-b----E-C---eE---c-e----B-:x:0:1:00:0:0:0:0:10", "cube_value"),
        ("XGID=-b----E-C---eE---c-e----B-:16:0:1:00:0:0:0:0:10", "cube_value"),
        ("XGID=-b----E-C---eE---c-e----B-:0:2:1:00:0:0:0:0:10", "cube_owner"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:0:00:0:0:0:0:10", "turn"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:70:0:0:0:0:10", "dice"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:05:0:0:0:0:10", "dice"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:B:0:0:0:0:10", "dice"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:-1:0:0:0:10", "score_bottom"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:8:0:7:10", "score_top"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:2:7:10", "rules"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:4:0:10", "rules"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:-3:10", "match_length"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:+1", "max_cube"),
    ],
)
def test_a_bad_xgid_is_refused(text: str, field: str) -> None:
    with pytest.raises(IdError) as error:
        from_xgid(text)
    assert error.value.field == field


def test_an_idError_names_its_field_in_its_text() -> None:
    with pytest.raises(IdError, match=r"^position_id: must be 14 characters"):
        decode_position_id("")
    assert from_xgid(GOOD_XGID).bottom == START

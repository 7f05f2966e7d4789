"""The legal-play generator equals the pre-optimisation one, exactly.

`_reference_play_results` below is a frozen copy of the generator as it was before
it was made faster (engines/backgammon/rules.py at 3b88921: `_successors`,
`_step_result`, `_search`, `_record`, `play_results`), kept here as the reference.
On over 10,000 positions — every turn of random games, random layouts with
checkers on the bar and bearing off, and a few hundred positions with each of the
21 rolls — `play_results`, `legal_plays` and `iter_legal_plays` give the same
boards, the same canonical play for each board (hit marks included) and the same
order as the reference.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from engines.backgammon.rules import (
    Board,
    Dice,
    Play,
    Side,
    _step,
    iter_legal_plays,
    legal_plays,
    play_results,
    result,
)

from .positions import Position, random_layout, random_positions

# -- the pre-optimisation generator (the reference; do not optimise) -------------------------

_BAR = 25
_OFF = 0
_POINTS = 24
_HOME = 6
_BAR_INDEX = 24
_Raw = tuple[int, int, bool]


def _ref_highest(me: Side) -> int:
    for index in range(_POINTS, -1, -1):
        if me[index]:
            return index + 1
    return 0


def _ref_successors(me: Side, opp: Side, die: int, top: int) -> Iterator[tuple[_Raw, Side, Side]]:
    if me[_BAR_INDEX]:
        if top < _BAR:
            return
        to = _BAR - die
        there = opp[_POINTS - to]
        if there >= 2:
            return
        yield _ref_step_result(me, opp, _BAR, to, there == 1)
        return
    high = _ref_highest(me)
    all_home = high <= _HOME
    start = min(top, high)
    for frm in range(start, 0, -1):
        if not me[frm - 1]:
            continue
        to = frm - die
        if to >= 1:
            there = opp[_POINTS - to]
            if there < 2:
                yield _ref_step_result(me, opp, frm, to, there == 1)
        elif all_home and (to == 0 or frm == high):
            yield _ref_step_result(me, opp, frm, _OFF, False)


def _ref_step_result(me: Side, opp: Side, frm: int, to: int, hit: bool) -> tuple[_Raw, Side, Side]:
    mine = list(me)
    mine[frm - 1] -= 1
    if to != _OFF:
        mine[to - 1] += 1
    if hit:
        theirs = list(opp)
        theirs[_POINTS - to] -= 1
        theirs[_BAR_INDEX] += 1
        return (frm, to, hit), tuple(mine), tuple(theirs)
    return (frm, to, hit), tuple(mine), opp


def _ref_search(
    me: Side, opp: Side, order: Sequence[int], found: dict[tuple[Side, Side], tuple]
) -> None:
    frontier: dict[tuple[Side, Side, int], tuple[_Raw, ...]] = {(me, opp, _BAR): ()}
    for depth, die in enumerate(order):
        following: dict[tuple[Side, Side, int], tuple[_Raw, ...]] = {}
        for (mine, theirs, top), steps in frontier.items():
            moved = False
            for raw, mine2, theirs2 in _ref_successors(mine, theirs, die, top):
                moved = True
                key = (mine2, theirs2, raw[0])
                if key not in following:
                    following[key] = (*steps, raw)
            if not moved:
                _ref_record(found, mine, theirs, depth, order[0], steps)
        frontier = following
    for (mine, theirs, _top), steps in frontier.items():
        _ref_record(found, mine, theirs, len(order), order[0], steps)


def _ref_record(
    found: dict[tuple[Side, Side], tuple],
    mine: Side,
    theirs: Side,
    used: int,
    first: int,
    steps: tuple[_Raw, ...],
) -> None:
    key = (mine, theirs)
    known = found.get(key)
    if known is None or used > known[0] or (used == known[0] == 1 and first > known[1]):
        found[key] = (used, first, steps)


def _reference_play_results(board: Board, player: int, dice: Dice) -> dict[Board, Play]:
    roll = Dice.of(dice)
    me, opp = board.points[player], board.points[1 - player]
    found: dict[tuple[Side, Side], tuple] = {}
    if roll.is_double:
        _ref_search(me, opp, roll.moves, found)
    else:
        _ref_search(me, opp, (roll.high, roll.low), found)
        _ref_search(me, opp, (roll.low, roll.high), found)
    most = max(used for used, _first, _steps in found.values())
    keep = [(key, entry) for key, entry in found.items() if entry[0] == most]
    if most == 1 and not roll.is_double and any(e[1] == roll.high for _k, e in keep):
        keep = [(key, entry) for key, entry in keep if entry[1] == roll.high]
    plays = {}
    for (mine, theirs), (_used, _first, steps) in keep:
        play = Play(tuple(_step(raw) for raw in steps))
        sides = (mine, theirs) if player == 0 else (theirs, mine)
        plays[Board(sides)] = play
    return dict(
        sorted(plays.items(), key=lambda item: tuple(s.sort_key() for s in item[1].steps))
    )


# -- the positions ---------------------------------------------------------------------------

ALL_ROLLS = [Dice(high, low) for high in range(1, 7) for low in range(1, high + 1)]


def _all_roll_positions(count: int, seed: int) -> list[Position]:
    """`count` boards (half from random games, half random layouts), each with all 21 rolls."""
    rng = random.Random(seed)
    boards: list[tuple[Board, int]] = []
    for board, player, _dice in random_positions(count, seed):
        boards.append((board, player))
    while len(boards) < count + count // 4:  # more bar and bear-off layouts
        board = random_layout(rng)
        if result(board) is None:
            boards.append((board, rng.randint(0, 1)))
    return [(board, player, dice) for board, player in boards for dice in ALL_ROLLS]


def _check(positions: list[Position]) -> int:
    for board, player, dice in positions:
        want = _reference_play_results(board, player, dice)
        got = play_results(board, player, dice)
        assert list(got.items()) == list(want.items()), (board, player, dice)
        for play, expected in zip(got.values(), want.values(), strict=True):
            assert [(s.from_point, s.to_point, s.hit) for s in play.steps] == [
                (s.from_point, s.to_point, s.hit) for s in expected.steps
            ]
        assert legal_plays(board, player, dice) == list(want.values())
        assert list(iter_legal_plays(board, player, (dice.low, dice.high))) == list(want.values())
    return len(positions)


def test_the_generator_equals_the_reference_on_over_10000_positions() -> None:
    turns = random_positions(6_000, 5)  # every turn of random games, then random layouts
    all_rolls = _all_roll_positions(240, 6)  # 300 boards, each with the 21 rolls
    assert len(all_rolls) == 300 * 21
    assert _check(turns) + _check(all_rolls) == 12_300


def test_the_generator_equals_the_reference_from_the_opening_for_both_players() -> None:
    start = Board.initial()
    _check([(start, player, dice) for player in (0, 1) for dice in ALL_ROLLS])

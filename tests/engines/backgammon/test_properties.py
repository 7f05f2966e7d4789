"""Property tests of the move rules, the notation and whole games (rules §1–§7).

Positions are drawn at random (any legal layout, often a bear-off or a checker
on the bar); each is checked against the naive second reading in `independent`
and against the board invariants, never against the engine's own bookkeeping.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engines.backgammon.options import GameOptions, Kind
from engines.backgammon.rules import (
    CHANCE,
    OFF,
    Board,
    GameState,
    Play,
    apply,
    legal_plays,
    play_results,
    result,
)

from . import independent

DICE = st.tuples(st.integers(1, 6), st.integers(1, 6))
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


@st.composite
def boards(draw: st.DrawFn) -> Board:
    """A legal position: each side 1–15 checkers on board, no point shared."""
    sides = [[0] * 25, [0] * 25]
    for player in (0, 1):
        highest = draw(st.sampled_from([6, 6, 12, 24, 24]))
        slots = list(range(highest))
        if draw(st.integers(0, 4)) == 0:
            slots.append(24)  # sometimes the bar
        count = draw(st.integers(1, 15))
        for _ in range(count):
            slot = draw(st.sampled_from(slots))
            other = sides[1 - player]
            if slot < 24 and other[23 - slot]:
                continue
            sides[player][slot] += 1
        if not any(sides[player]):
            free = next(i for i in range(24) if not sides[1 - player][23 - i])
            sides[player][free] = 1
    return Board((tuple(sides[0]), tuple(sides[1])))


def pips(side: tuple[int, ...]) -> int:
    return sum((index + 1) * count for index, count in enumerate(side))


@settings(max_examples=250, deadline=None)
@given(boards(), st.integers(0, 1), DICE)
def test_legal_plays_match_a_naive_reading_of_the_rules(
    board: Board, player: int, dice: tuple[int, int]
) -> None:
    high, low = max(dice), min(dice)
    mine, theirs = board.points[player], board.points[1 - player]
    expected = independent.results(mine, theirs, high, low)
    got = {(b.points[player], b.points[1 - player]) for b in play_results(board, player, dice)}
    assert got == expected


@settings(max_examples=200, deadline=None)
@given(boards(), st.integers(0, 1), DICE)
def test_every_legal_play_applies_and_keeps_the_board_sound(
    board: Board, player: int, dice: tuple[int, int]
) -> None:
    opponent = 1 - player
    for candidate, (after, play) in zip(
        legal_plays(board, player, dice), play_results(board, player, dice).items(), strict=True
    ):
        assert candidate == play
        assert apply(board, player, candidate, dice) == after
        assert apply(board, player, candidate) == after
        Board(after.points)  # 15 a side, no negative count, no shared point
        for p in (0, 1):
            assert sum(after.side(p)) + after.off(p) == 15
            assert after.pips(p) == pips(after.side(p))
        # Opponent's checkers never leave the board during my turn.
        assert after.off(opponent) == board.off(opponent)
        moved = sum(s.distance for s in candidate)
        hits = [s.to_point for s in candidate if s.hit]
        assert board.pips(player) - after.pips(player) == moved
        assert after.pips(opponent) - board.pips(opponent) == sum(hits)
        assert after.bar(opponent) - board.bar(opponent) == len(hits)


@settings(max_examples=200, deadline=None)
@given(boards(), st.integers(0, 1), DICE)
def test_no_play_ever_lands_on_a_closed_point(
    board: Board, player: int, dice: tuple[int, int]
) -> None:
    theirs = board.side(1 - player)
    for candidate in legal_plays(board, player, dice):
        for step in candidate:
            if step.to_point != OFF:
                assert theirs[24 - step.to_point] <= 1


@settings(max_examples=200, deadline=None)
@given(boards(), st.integers(0, 1), DICE)
def test_the_most_dice_are_used_and_a_lone_die_is_the_larger(
    board: Board, player: int, dice: tuple[int, int]
) -> None:
    high, low = max(dice), min(dice)
    plays = legal_plays(board, player, dice)
    lengths = {len(p) for p in plays}
    assert len(lengths) == 1  # no legal play uses fewer dice than another
    mine, theirs = board.points[player], board.points[1 - player]
    assert lengths == {independent.most_dice(mine, theirs, high, low)}
    if lengths == {1} and high != low:
        alone_high = independent.results(mine, theirs, high, high) != {(mine, theirs)}
        if alone_high:
            for candidate in plays:
                (step,) = candidate.steps
                assert step.distance == high or (step.to_point == OFF and step.distance < high)


@settings(max_examples=200, deadline=None)
@given(boards(), st.integers(0, 1), DICE)
def test_notation_round_trips(board: Board, player: int, dice: tuple[int, int]) -> None:
    for candidate in legal_plays(board, player, dice):
        assert Play.parse(str(candidate)) == candidate
        assert Play.parse(str(candidate), board, player, dice) == candidate


@settings(max_examples=25, deadline=None)
@given(SEEDS, st.sampled_from(["money", "classic5", "maple3", "maple1"]))
def test_random_games_always_end_with_a_legal_result(seed: int, kind: str) -> None:
    options = {
        "money": GameOptions.classic(),
        "classic5": GameOptions.classic(5),
        "maple3": GameOptions.maple(3),
        "maple1": GameOptions.maple(1),
    }[kind]
    rng = random.Random(seed)
    state = GameState(options)
    for _ in range(100_000):
        if state.is_over:
            break
        if state.current_player == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            actions = state.legal_actions()
            assert actions
            state.apply(rng.choice(actions))
        for p in (0, 1):
            assert sum(state.board.side(p)) + state.board.off(p) == 15
    assert state.is_over
    last = state.games[-1]
    assert last.kind in set(Kind)
    if not last.dropped:
        assert result(state.board) == (last.winner, last.kind)
        assert last.points == options.points(last.kind) * last.cube
    assert sum(g.points for g in state.games if g.winner == 0) == state.score[0]
    assert sum(g.points for g in state.games if g.winner == 1) == state.score[1]
    if options.is_match:
        assert state.score[state.match_winner] >= options.match_length
        assert sorted(state.returns()) == [-1, 1]
    else:
        assert sum(state.returns()) == 0

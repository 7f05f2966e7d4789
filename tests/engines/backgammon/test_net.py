"""The learned evaluation: valid probabilities, exact finished games, its weights file, and the
hard bot that searches on it choosing the obviously right play."""

from __future__ import annotations

import random

import numpy as np
import pytest

from engines.backgammon import net
from engines.backgammon.bots import HardBot, hint
from engines.backgammon.options import GameOptions
from engines.backgammon.rules import Board, GameState, View, play_results

from .positions import position


def random_positions(count: int, seed: int = 3) -> list[tuple[Board, int]]:
    """Boards with the side on roll, from seeded random games (every turn of each game)."""
    rng = random.Random(seed)
    found: list[tuple[Board, int]] = []
    while len(found) < count:
        state = GameState(GameOptions.classic(cube=False))
        while not state.is_over and len(found) < count:
            if state.is_chance:
                if state.turn is not None:
                    found.append((state.board, state.turn))
                state.apply(state.sample_chance(rng))
                continue
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
    return found


POSITIONS = random_positions(300)


def test_the_weights_file_loads_with_the_expected_shapes_and_stays_small() -> None:
    weights = net.load_weights(net.WEIGHTS_PATH)
    hidden = weights.b1.shape[0]
    assert weights.w1.shape == (net.INPUTS, hidden)
    assert weights.w2.shape == (hidden, net.OUTPUTS)
    assert weights.b2.shape == (net.OUTPUTS,)
    assert all(np.isfinite(array).all() for array in weights)
    assert net.WEIGHTS_PATH.stat().st_size < 400 * 1024


def test_outputs_are_valid_probabilities() -> None:
    for board, player in POSITIONS:
        p = net.evaluate(board, player)
        assert 0.0 <= p.win <= 1.0
        assert 0.0 <= p.win_backgammon <= p.win_gammon <= p.win
        assert 0.0 <= p.lose_backgammon <= p.lose_gammon <= 1.0 - p.win
        assert -3.0 <= p.equity() <= 3.0


def test_the_same_position_seen_from_either_numbering_gets_the_same_value() -> None:
    for board, player in POSITIONS[:100]:
        assert net.evaluate(board, player) == net.evaluate(board.mirrored(), 1 - player)


def test_a_side_with_a_checker_off_cannot_be_gammoned() -> None:
    board = position({6: 5, 5: 5, 4: 4}, {13: 5, 8: 5, 6: 5})  # player 0 has one off
    assert net.evaluate(board, 0).lose_gammon == 0.0
    assert net.evaluate(board, 1).win_gammon == 0.0


def test_the_opening_position_is_even_for_either_side() -> None:
    first = net.evaluate(Board.initial(), 0)
    assert first == net.evaluate(Board.initial(), 1)
    assert abs(first.equity()) < 0.15  # gnubg: about +0.07 for the side on roll
    assert 0.45 < first.win < 0.58


def test_equity_is_money_equity_of_the_five_chances() -> None:
    p = net.Probabilities(0.6, 0.2, 0.05, 0.1, 0.01)
    assert p.equity() == pytest.approx(2 * 0.6 - 1 + 0.2 - 0.1 + 0.05 - 0.01)


# -- finished games are scored exactly ----------------------------------------------------------


@pytest.mark.parametrize(
    ("loser", "expected"),
    [
        ({6: 3}, (1.0, 0.0, 0.0, 0.0, 0.0)),  # the loser has borne off 12: a single game
        ({6: 15}, (1.0, 1.0, 0.0, 0.0, 0.0)),  # none off, all home: a gammon
        ({6: 14, 20: 1}, (1.0, 1.0, 1.0, 0.0, 0.0)),  # one still in the winner's home board
        ({6: 14, 25: 1}, (1.0, 1.0, 1.0, 0.0, 0.0)),  # one still on the bar
    ],
)
def test_finished_games_are_scored_exactly(loser: dict[int, int], expected: tuple) -> None:
    board = position({}, loser)  # player 0 has borne off all 15
    assert tuple(net.evaluate(board, 0)) == expected
    lost = net.evaluate(board, 1)
    assert tuple(lost) == (0.0, 0.0, 0.0, expected[1], expected[2])
    assert lost.equity() == -net.evaluate(board, 0).equity()


# -- batches ------------------------------------------------------------------------------------


def test_a_batch_gives_the_same_as_one_at_a_time() -> None:
    boards = [board for board, _player in POSITIONS[:60]]
    players = [player for _board, player in POSITIONS[:60]]
    batched = net.evaluate_many(boards, players)
    for board, player, together in zip(boards, players, batched, strict=True):
        single = net.evaluate(board, player)
        assert together == pytest.approx(single, abs=1e-6)
    for board, together in zip(boards, net.evaluate_many(boards, 0), strict=True):
        assert together == pytest.approx(net.evaluate(board, 0), abs=1e-6)
    assert net.evaluate_many([], 0) == []


# -- the hard bot on the net --------------------------------------------------------------------


def move_view(board: Board, dice: tuple[int, int], player: int = 0) -> View:
    state = GameState.from_position(board, player, GameOptions.classic(cube=False), dice=dice)
    return state.view(player)


def test_hard_hits_and_closes_its_board() -> None:
    # The opponent's last checker is a blot on my 1-point and it leads the race: 6/1* 5/1*
    # puts it on the bar against a closed board.
    board = position(
        {6: 3, 5: 3, 4: 2, 3: 2, 2: 2, 13: 3},
        {24: 1, 6: 4, 5: 4, 4: 3, 3: 2, 2: 1},
    )
    choice = HardBot().choose(move_view(board, (5, 4)), random.Random(0))
    assert str(choice) == "6/1* 5/1"  # one hit, marked once


def test_hard_bears_in_and_off_without_leaving_a_shot() -> None:
    # The opponent has a checker on the bar: 4-4 can leave no blot (6/2(2) 5/1(2), gnubg's
    # 2-ply choice, or 6/2(2) 4/off(2) or 5/1(2) 4/off(2)); most other plays leave two.
    board = position({6: 2, 5: 2, 4: 2, 3: 3, 2: 3, 1: 3}, {25: 1, 6: 4, 5: 4, 4: 3, 3: 3})
    view = move_view(board, (4, 4))
    for bot in (HardBot(), HardBot(max_candidates=1)):
        choice = bot.choose(view, random.Random(0))
        after = {play: b for b, play in play_results(board, 0, (4, 4)).items()}[choice]
        assert all(count != 1 for count in after.side(0)[:24]), str(choice)


def test_hard_runs_home_in_a_race_it_leads_rather_than_stacking() -> None:
    # No contact: any play keeps the race; the net's plays must bear off when it can.
    board = position({3: 2, 2: 2, 1: 2}, {6: 4, 5: 4, 4: 4})
    choice = HardBot().choose(move_view(board, (6, 5)), random.Random(0))
    assert str(choice) == "3/off(2)"


def test_hard_stays_within_its_default_position_bound() -> None:
    bot = HardBot()
    for board, player in POSITIONS[10:200:19]:
        view = move_view(board, (6, 6) if player else (3, 1), player)
        assert bot.choose(view, random.Random(0)) in view.legal_actions
        assert bot.report.positions <= bot.max_positions
        assert bot.report.expanded <= bot.report.candidates <= bot.max_candidates


def test_the_hard_hint_shows_the_play_hard_makes_with_the_nets_equity() -> None:
    view = move_view(Board.initial(), (3, 1))
    lines = hint(view, "hard", 3)
    assert len(lines) == 3
    assert lines[0].play == HardBot().choose(view, random.Random(0))
    assert str(lines[0].play) == "8/5 6/5"
    one_ply = HardBot(max_candidates=1).analyse(view)
    assert lines[0].equity == pytest.approx(
        next(item.equity for item in one_ply if item.play == lines[0].play)
    )
    for line in lines:
        assert -3.0 <= line.equity <= 3.0 and 0.0 <= line.win <= 1.0
    assert abs(lines[0].equity) < 0.5  # an opening play keeps the game about even

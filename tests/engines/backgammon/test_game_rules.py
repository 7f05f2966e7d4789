"""Rules §2 (turns), §6 (scoring a game) and §7 (the cube and matches), and the game interface."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from engines.backgammon import records, rules
from engines.backgammon.options import GameOptions, Kind, OptionsError, Variant
from engines.backgammon.rules import (
    CHANCE,
    Board,
    CubeAction,
    Dice,
    GameState,
    OpeningRoll,
    Phase,
    Play,
    RuleError,
    result,
)

from .positions import position

# Player 0 has one checker left on their 1; player 1's checkers stand as given.
LAST_CHECKER = {1: 1}


def finish(theirs: dict[int, int], options: GameOptions, cube: int = 1) -> GameState:
    owner = None if cube == 1 else 1
    state = GameState.from_position(
        position(LAST_CHECKER, theirs), 0, options, dice=(2, 1), cube_value=cube, cube_owner=owner
    )
    state.apply("1/off")
    return state


def play_out(state: GameState, rng: random.Random) -> None:
    while not state.is_over:
        if state.current_player == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))


# -- §2 Turns -----------------------------------------------------------------------------------


def test_the_opening_is_one_die_each() -> None:
    state = GameState()
    assert state.current_player == CHANCE
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 36
    assert sum(p for _a, p in outcomes) == 1
    assert all(isinstance(a, OpeningRoll) for a, _p in outcomes)


def test_the_higher_die_moves_first_using_those_two_dice() -> None:
    state = GameState()
    state.apply(OpeningRoll(1, 3))
    assert state.current_player == 1
    assert state.dice == Dice(3, 1)
    assert len(state.legal_actions()) == 16


def test_ties_are_rolled_again() -> None:
    state = GameState()
    state.apply(OpeningRoll(4, 4))
    assert state.phase is Phase.OPENING
    assert state.current_player == CHANCE
    state.apply(OpeningRoll(6, 2))
    assert state.current_player == 0


def test_afterwards_players_alternate_rolling_both_dice() -> None:
    state = GameState(GameOptions.maple(1))
    state.apply(OpeningRoll(5, 2))
    state.apply("13/8 13/11")
    assert state.current_player == CHANCE
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 21
    assert sum(p for _a, p in outcomes) == 1
    assert dict(outcomes)[Dice(6, 6)] == Fraction(1, 36)
    assert dict(outcomes)[Dice(6, 5)] == Fraction(2, 36)
    state.apply(Dice(4, 2))
    assert state.current_player == 1
    state.apply("8/4 6/4")
    assert state.current_player == CHANCE
    assert state.turn == 0


def test_with_no_legal_move_the_only_action_is_to_pass() -> None:
    closed = {6: 2, 5: 2, 4: 2, 3: 2, 2: 2, 1: 5}
    state = GameState.from_position(position({25: 1, 6: 14}, closed), 0, GameOptions.maple(1))
    state.apply(Dice(6, 6))
    assert state.legal_actions() == [Play.none()]
    state.apply(Play.none())
    assert state.turn == 1


def test_an_illegal_action_raises_and_changes_nothing() -> None:
    state = GameState(GameOptions.maple(1))
    state.apply(OpeningRoll(6, 5))
    before = (state.board, state.phase, len(state.history))
    for bad in ("6/1 6/2", "24/18", Dice(3, 3), CubeAction.DOUBLE):
        with pytest.raises(RuleError):
            state.apply(bad)
        assert (state.board, state.phase, len(state.history)) == before


# -- §6 Scoring a game --------------------------------------------------------------------------


def test_a_single_win_is_when_the_loser_has_borne_off_a_checker() -> None:
    assert result(position({}, {6: 14})) == (0, Kind.SINGLE)
    for options, points in ((GameOptions.classic(), 1), (GameOptions.maple(1), 1)):
        assert finish({6: 14}, options).games[-1].points == points


def test_a_gammon_is_when_the_loser_has_borne_off_none() -> None:
    assert result(position({}, {6: 15})) == (0, Kind.GAMMON)
    assert finish({6: 15}, GameOptions.classic()).games[-1].points == 2
    assert finish({6: 15}, GameOptions.maple(1)).games[-1].points == 2


def test_a_backgammon_is_a_gammon_with_a_checker_on_the_bar_or_in_the_winners_home() -> None:
    assert result(position({}, {6: 14, 19: 1})) == (0, Kind.BACKGAMMON)
    assert result(position({}, {6: 14, 25: 1})) == (0, Kind.BACKGAMMON)
    assert result(position({}, {6: 14, 18: 1})) == (0, Kind.GAMMON)
    assert finish({6: 14, 23: 1}, GameOptions.classic()).games[-1].points == 3


def test_maple_has_no_separate_backgammon() -> None:
    assert finish({6: 14, 23: 1}, GameOptions.maple(1)).games[-1].points == 2


def test_the_cube_multiplies_the_points() -> None:
    assert finish({6: 15}, GameOptions.classic(), cube=4).games[-1].points == 8
    assert finish({6: 15}, GameOptions.classic(), cube=4).returns() == (8, -8)


# -- §7 Match -----------------------------------------------------------------------------------


def test_maple_plays_matches_to_1_3_or_5_points() -> None:
    for length in (1, 3, 5):
        assert GameOptions.maple(length).match_length == length
    with pytest.raises(OptionsError) as caught:
        GameOptions(Variant.MAPLE, cube=False, match_length=7)
    assert "1, 3 or 5" in caught.value.rule


def test_first_to_reach_the_target_wins_the_match() -> None:
    state = GameState.from_position(
        position(LAST_CHECKER, {6: 15}), 0, GameOptions.maple(3), dice=(2, 1), score=(1, 2)
    )
    state.apply("1/off")
    assert state.is_over
    assert state.score == [3, 2]
    assert state.match_winner == 0
    assert state.returns() == (1, -1)
    assert state.current_player is None
    assert state.legal_actions() == []


def test_a_match_goes_on_with_a_new_game_until_the_target() -> None:
    state = GameState.from_position(
        position(LAST_CHECKER, {6: 14}), 0, GameOptions.maple(3), dice=(2, 1)
    )
    state.apply("1/off")
    assert not state.is_over
    assert state.score == [1, 0]
    assert state.phase is Phase.OPENING
    assert state.board == Board.initial()


def test_maple_has_no_cube() -> None:
    state = GameState(GameOptions.maple(5))
    state.apply(OpeningRoll(3, 1))
    state.apply("8/5 6/5")
    assert state.phase is Phase.ROLL
    assert CubeAction.DOUBLE not in state.legal_actions()
    with pytest.raises(RuleError) as caught:
        state.apply(CubeAction.DOUBLE)
    assert caught.value.rule == rules.R_NO_CUBE


def _cube_state(options: GameOptions | None = None, **kwargs: object) -> GameState:
    return GameState.from_position(Board.initial(), 0, options or GameOptions.classic(), **kwargs)


def test_before_rolling_a_player_may_offer_to_double() -> None:
    state = _cube_state()
    assert state.phase is Phase.CUBE
    assert state.legal_actions() == [CubeAction.ROLL, CubeAction.DOUBLE]
    state.apply(CubeAction.DOUBLE)
    assert state.current_player == 1
    assert state.legal_actions() == [CubeAction.TAKE, CubeAction.DROP]


def test_a_take_doubles_the_game_and_the_taker_owns_the_cube() -> None:
    state = _cube_state()
    state.apply(CubeAction.DOUBLE)
    state.apply(CubeAction.TAKE)
    assert (state.cube_value, state.cube_owner) == (2, 1)
    assert state.current_player == CHANCE
    assert state.turn == 0


def test_the_value_goes_2_4_8() -> None:
    state = _cube_state(cube_value=4, cube_owner=0)
    state.apply(CubeAction.DOUBLE)
    state.apply(CubeAction.TAKE)
    assert (state.cube_value, state.cube_owner) == (8, 1)


def test_only_the_owner_may_redouble() -> None:
    state = _cube_state(cube_value=2, cube_owner=1)
    assert state.phase is Phase.ROLL
    with pytest.raises(RuleError) as caught:
        state.apply(CubeAction.DOUBLE)
    assert caught.value.rule == rules.R_CUBE_OWNER


def test_a_drop_loses_the_game_at_its_current_value() -> None:
    state = _cube_state(cube_value=2, cube_owner=0)
    state.apply(CubeAction.DOUBLE)
    state.apply(CubeAction.DROP)
    assert state.is_over
    assert state.games[-1].winner == 0
    assert state.games[-1].points == 2
    assert state.games[-1].dropped
    assert state.returns() == (2, -2)


def test_no_doubling_in_the_crawford_game() -> None:
    options = GameOptions.classic(5)
    state = GameState.from_position(
        position(LAST_CHECKER, {6: 14}), 0, options, dice=(2, 1), score=(3, 0)
    )
    state.apply("1/off")
    assert state.score == [4, 0]
    assert state.crawford_game
    state.apply(OpeningRoll(3, 1))
    state.apply("8/5 6/5")
    assert state.phase is Phase.ROLL  # player 1 may not double
    with pytest.raises(RuleError) as caught:
        state.apply(CubeAction.DOUBLE)
    assert caught.value.rule == rules.R_CRAWFORD


def test_after_the_crawford_game_doubling_returns() -> None:
    options = GameOptions.classic(5)
    state = GameState.from_position(
        position({6: 15}, {1: 1}),
        1,
        options,
        dice=(2, 1),
        score=(4, 0),
        crawford_game=True,
    )
    state.apply("1/off")
    assert state.score == [4, 2]
    assert not state.crawford_game
    state.apply(OpeningRoll(3, 1))
    state.apply("8/5 6/5")
    assert state.phase is Phase.CUBE


def test_the_crawford_rule_is_an_option() -> None:
    options = GameOptions.classic(5, crawford=False)
    state = GameState.from_position(
        position(LAST_CHECKER, {6: 14}), 0, options, dice=(2, 1), score=(3, 0)
    )
    state.apply("1/off")
    assert not state.crawford_game


# -- the game interface and records -------------------------------------------------------------


def test_a_view_shows_the_whole_public_state() -> None:
    state = GameState()
    state.apply(OpeningRoll(3, 1))
    mine, theirs = state.view(0), state.view(1)
    assert mine.board == theirs.board == state.board
    assert mine.dice == Dice(3, 1)
    assert len(mine.legal_actions) == 16
    assert theirs.legal_actions == ()


@pytest.mark.parametrize("seed", range(6))
def test_a_record_replays_exactly(seed: int) -> None:
    rng = random.Random(seed)
    options = [GameOptions.classic(), GameOptions.classic(5), GameOptions.maple(3)][seed % 3]
    state = GameState(options)
    play_out(state, rng)
    text = records.dumps(state)
    again = records.loads(text)
    assert again.history == state.history
    assert again.board == state.board
    assert again.games == state.games
    assert again.score == state.score
    assert records.dumps(again) == text


def test_a_record_of_a_game_set_up_mid_way_replays() -> None:
    state = finish({6: 15}, GameOptions.classic(), cube=4)
    again = records.loads(records.dumps(state))
    assert again.games == state.games


def test_a_record_that_disagrees_is_refused() -> None:
    state = GameState(GameOptions.maple(1))
    play_out(state, random.Random(11))
    lines = records.dumps(state).splitlines()
    tampered = [
        line.replace('"points": ', '"points": 9') if "game_over" in line else line for line in lines
    ]
    with pytest.raises(records.RecordError):
        records.loads("\n".join(tampered))
    with pytest.raises(records.RecordError):
        records.loads("\n".join(lines[1:]))


def test_the_double_is_offered_before_rolling() -> None:
    state = _cube_state()
    state.apply(CubeAction.ROLL)
    with pytest.raises(RuleError) as caught:
        state.apply(CubeAction.DOUBLE)
    assert caught.value.rule == rules.R_TURN

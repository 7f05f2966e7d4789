"""The rule variants players choose (rules §6–§7) and resigning a game, one test a rule."""

from __future__ import annotations

import random

import pytest

from engines.backgammon import records
from engines.backgammon.bots import answer_resignation, make_bot
from engines.backgammon.options import (
    MAX_CUBE,
    R_MAPLE_LENGTHS,
    R_MAPLE_NO_CUBE,
    GameOptions,
    Kind,
    OptionsError,
    Variant,
)
from engines.backgammon.rules import (
    R_CUBE_CAP,
    R_RESIGN,
    Board,
    CubeAction,
    Dice,
    GameState,
    OpeningRoll,
    Phase,
    Resign,
    ResignAnswer,
    RuleError,
)
from engines.registry import game

# -- choosing the game -------------------------------------------------------------------------


@pytest.mark.parametrize("length", [0, 1, 3, 5, 7])
@pytest.mark.parametrize("cube", [True, False])
def test_classic_is_a_single_game_or_a_match_with_or_without_the_cube(length: int,
                                                                       cube: bool) -> None:
    options = GameOptions.classic(length, cube=cube)
    assert options.is_match == (length > 0) and options.cube is cube


@pytest.mark.parametrize("length", [1, 3, 5])
def test_maple_plays_matches_to_1_3_or_5_without_the_cube(length: int) -> None:
    options = GameOptions.maple(length)
    assert options.variant is Variant.MAPLE and not options.cube


@pytest.mark.parametrize("length", [0, 2, 4, 7])
def test_maple_refuses_other_lengths_naming_the_rule(length: int) -> None:
    with pytest.raises(OptionsError) as caught:
        GameOptions(Variant.MAPLE, cube=False, match_length=length)
    assert caught.value.rule == R_MAPLE_LENGTHS


@pytest.mark.parametrize("length", [1, 3, 5])
def test_maple_with_the_cube_is_refused_with_a_message(length: int) -> None:
    with pytest.raises(OptionsError) as caught:
        GameOptions(Variant.MAPLE, cube=True, match_length=length)
    assert caught.value.rule == R_MAPLE_NO_CUBE == "Maple has no doubling cube"
    assert "cube to false" in str(caught.value)


def test_the_config_refuses_maple_with_the_cube() -> None:
    entry = game("backgammon")
    with pytest.raises(OptionsError):
        entry.make_options({"variant": "maple", "match_length": 3})  # the defaults' cube on
    assert entry.make_options({"variant": "maple", "cube": False, "match_length": 3}).cube \
        is False


def test_money_play_is_one_game_with_the_cube_and_the_jacoby_rule() -> None:
    money = GameOptions.money()
    assert not money.is_match and money.cube and money.uses_jacoby
    assert not GameOptions.money(jacoby=False).uses_jacoby


def test_the_jacoby_rule_plays_no_part_in_a_match_or_without_the_cube() -> None:
    assert not GameOptions.classic(5, jacoby=True).uses_jacoby
    assert not GameOptions.classic(0, cube=False, jacoby=True).uses_jacoby


def test_jacoby_a_gammon_with_the_cube_in_the_middle_counts_one() -> None:
    money = GameOptions.money()
    assert money.game_points(Kind.GAMMON, 1) == 1
    assert money.game_points(Kind.BACKGAMMON, 1) == 1
    assert money.game_points(Kind.GAMMON, 2) == 4  # the cube was turned: it counts
    assert GameOptions.classic().game_points(Kind.GAMMON, 1) == 2


def test_jacoby_in_play_a_gammon_won_on_a_centred_cube_scores_one() -> None:
    board = Board.from_dicts({1: 1}, {23: 15})
    state = GameState.from_position(board, 0, GameOptions.money(), dice=(6, 5))
    state.apply(state.legal_actions()[0])
    assert state.games[-1].kind is Kind.BACKGAMMON and state.games[-1].points == 1


def test_the_menu_offers_jacoby_and_steps_maple_to_no_cube() -> None:
    entry = game("backgammon")
    names = [spec.name for spec in entry.option_specs()]
    assert "jacoby" in names


# -- the cube goes no higher than 64 -----------------------------------------------------------


def test_the_cube_is_capped_at_64() -> None:
    assert MAX_CUBE == 64
    board = Board.initial()
    state = GameState.from_position(board, 0, GameOptions.classic(), cube_value=64,
                                    cube_owner=0)
    assert state.phase is Phase.ROLL and not state.may_double(0)
    error = state.why_illegal(-1, CubeAction.DOUBLE)
    assert error is not None and error.rule == R_CUBE_CAP


def test_a_cube_at_32_may_still_double_to_64() -> None:
    state = GameState.from_position(Board.initial(), 0, GameOptions.classic(), cube_value=32,
                                    cube_owner=0)
    assert state.phase is Phase.CUBE
    state.apply(CubeAction.DOUBLE)
    state.apply(CubeAction.TAKE)
    assert state.cube_value == 64 and not state.may_double(1)


# -- resigning ---------------------------------------------------------------------------------


def _opened(options: GameOptions | None = None) -> GameState:
    state = GameState(options or GameOptions.classic())
    state.apply(OpeningRoll(3, 1))  # player 0 to play 3-1
    return state


def test_the_player_on_turn_may_resign_a_single_game_a_gammon_or_a_backgammon() -> None:
    state = _opened()
    assert state.resign_offers(0) == [Resign(Kind.SINGLE), Resign(Kind.GAMMON),
                                      Resign(Kind.BACKGAMMON)]
    assert state.resign_offers(1) == []


def test_maple_offers_no_separate_backgammon_resignation() -> None:
    assert _opened(GameOptions.maple(3)).resign_offers(0) == [Resign(Kind.SINGLE),
                                                               Resign(Kind.GAMMON)]


def test_resigning_is_not_among_the_legal_actions_a_bot_picks_from() -> None:
    assert not any(isinstance(a, Resign) for a in _opened().legal_actions())


def test_a_resignation_waits_for_the_opponent() -> None:
    state = _opened()
    state.apply(Resign(Kind.GAMMON))
    assert state.phase is Phase.RESIGN and state.current_player == 1
    assert state.legal_actions() == [ResignAnswer.ACCEPT, ResignAnswer.DECLINE]
    assert state.view(1).resign_offered == Resign(Kind.GAMMON)


def test_accepting_ends_the_game_at_the_offered_value_times_the_cube() -> None:
    state = GameState.from_position(Board.initial(), 0, GameOptions.classic(), cube_value=4,
                                    cube_owner=0, dice=(3, 1))
    state.apply(Resign(Kind.GAMMON))
    state.apply(ResignAnswer.ACCEPT)
    last = state.games[-1]
    assert state.is_over and last.winner == 1 and last.kind is Kind.GAMMON
    assert last.points == 8 and last.resigned and state.returns() == (-8, 8)


def test_declining_goes_on_where_the_game_stood() -> None:
    state = _opened()
    plays = state.legal_actions()
    state.apply(Resign(Kind.SINGLE))
    state.apply(ResignAnswer.DECLINE)
    assert state.phase is Phase.MOVE and state.turn == 0 and state.legal_actions() == plays


def test_a_resignation_may_be_offered_before_the_roll() -> None:
    state = _opened(GameOptions.classic(cube=False))
    state.apply(state.legal_actions()[0])
    assert state.phase is Phase.ROLL and state.resign_offers(1)
    state.apply(Resign(Kind.SINGLE), seat=1)
    state.apply(ResignAnswer.DECLINE)
    assert state.phase is Phase.ROLL


def test_only_the_player_on_turn_may_resign() -> None:
    state = _opened()
    error = state.why_illegal(1, Resign(Kind.SINGLE))
    assert error is not None and error.rule == R_RESIGN
    with pytest.raises(RuleError):
        state.apply(Resign(Kind.SINGLE), seat=1)
    assert state.phase is Phase.MOVE


def test_a_resignation_in_a_match_moves_the_score_and_the_next_game_starts() -> None:
    state = GameState(GameOptions.classic(5))
    state.apply(OpeningRoll(3, 1))
    state.apply("resign single")
    state.apply("accept")
    assert state.score == [0, 1] and state.phase is Phase.OPENING


def test_a_resigned_game_replays_from_its_record() -> None:
    state = GameState(GameOptions.classic(5))
    state.apply(OpeningRoll(3, 1))
    state.apply(Resign(Kind.SINGLE))
    state.apply(ResignAnswer.DECLINE)
    state.apply(state.legal_actions()[0])
    state.apply(CubeAction.ROLL, seat=1)
    state.apply(Dice(6, 5))
    state.apply(Resign(Kind.GAMMON))
    state.apply(ResignAnswer.ACCEPT)
    text = records.dumps(state)
    assert '"kind": "resign"' in text and '"resigned": true' in text
    again = records.loads(text)
    assert again.score == state.score == [2, 0] and again.games == state.games


def test_the_computer_accepts_a_single_game_when_it_is_no_clear_favourite() -> None:
    state = _opened()
    state.apply(Resign(Kind.SINGLE))
    assert answer_resignation(state.view(1)) is ResignAnswer.ACCEPT
    bot = make_bot("medium")
    assert bot.choose(state.view(1), random.Random(1)) is ResignAnswer.ACCEPT


def test_the_computer_declines_a_single_game_when_a_gammon_is_on() -> None:
    # Player 1 has borne off 13; player 0 has all 15 back in player 1's home board.
    board = Board.from_dicts({22: 3, 21: 4, 20: 4, 19: 4}, {1: 2})
    state = GameState.from_position(board, 0, GameOptions.classic(), dice=(2, 1))
    state.apply(Resign(Kind.SINGLE))
    assert answer_resignation(state.view(1)) is ResignAnswer.DECLINE
    state.apply(ResignAnswer.DECLINE)
    state.apply(Resign(Kind.BACKGAMMON))
    assert answer_resignation(state.view(1)) is ResignAnswer.ACCEPT


def test_a_view_says_whether_the_jacoby_rule_is_played() -> None:
    # A bot's cube decision needs it: under Jacoby a gammon counts only once the cube turned.
    for options, expected in ((GameOptions.classic(0, jacoby=True), True),
                              (GameOptions.classic(0), False),
                              (GameOptions.classic(5), False)):
        state = GameState(options)
        assert state.view(0).jacoby is expected and state.view(1).jacoby is expected

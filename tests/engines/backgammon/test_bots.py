"""The bots: legal choices only, the cube, determinism, bounded search, and strength order."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.backgammon.bots import (
    WIN_SCORE,
    Bot,
    CubePolicy,
    EasyBot,
    HardBot,
    MediumBot,
    make_bot,
    score,
    win_chance,
)
from engines.backgammon.options import GameOptions
from engines.backgammon.rules import (
    Board,
    CubeAction,
    GameState,
    Phase,
    Play,
    View,
)

from .positions import position
from .test_properties import DICE, boards

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def all_bots() -> list[Bot]:
    return [EasyBot(), MediumBot(), HardBot()]


def decision_after(seed: int, plies: int, options: GameOptions) -> GameState:
    """A game played at random for up to `plies` actions, stopped at a player's decision."""
    rng = random.Random(seed)
    state = GameState(options)
    done = 0
    while not state.is_over:
        if state.is_chance:
            state.apply(state.sample_chance(rng))
            continue
        if done >= plies:
            break
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
        done += 1
    return state


def play_game(bots: tuple[Bot, Bot], seed: int, options: GameOptions) -> GameState:
    rng = random.Random(seed)
    state = GameState(options)
    while not state.is_over:
        if state.is_chance:
            state.apply(state.sample_chance(rng))
        else:
            player = state.current_player
            assert player is not None
            state.apply(bots[player].choose(state.view(player), rng))
    return state


# -- every bot only returns a legal action ------------------------------------------------------


@settings(max_examples=20, deadline=None)
@given(SEEDS, st.integers(0, 160))
def test_every_bot_returns_a_legal_action_in_games_with_the_cube(seed: int, plies: int) -> None:
    state = decision_after(seed, plies, GameOptions.classic())
    if state.is_over:
        return
    player = state.current_player
    assert player is not None
    view = state.view(player)
    for bot in all_bots():
        assert bot.choose(view, random.Random(seed)) in view.legal_actions


@settings(max_examples=20, deadline=None)
@given(boards(), st.sampled_from([0, 1]), DICE, SEEDS)
def test_every_bot_returns_a_legal_play_in_any_position(
    board: Board, player: int, dice: tuple[int, int], seed: int
) -> None:
    state = GameState.from_position(board, player, GameOptions.classic(cube=False), dice=dice)
    view = state.view(player)
    for bot in all_bots():
        assert bot.choose(view, random.Random(seed)) in view.legal_actions


def closed_out() -> GameState:
    """Player 0 on the bar against a closed home board: no legal play."""
    board = position({25: 1, 13: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3})
    return GameState.from_position(board, 0, GameOptions.classic(cube=False), dice=(6, 5))


def test_with_no_legal_play_every_bot_passes() -> None:
    view = closed_out().view(0)
    assert view.legal_actions == (Play.none(),)
    for bot in all_bots():
        assert bot.choose(view, random.Random(1)) == Play.none()


def test_a_bot_asked_out_of_turn_says_so() -> None:
    view = closed_out().view(1)
    for bot in all_bots():
        with pytest.raises(ValueError, match="no decision"):
            bot.choose(view, random.Random(1))


def test_bots_are_made_by_level_name() -> None:
    assert isinstance(make_bot("easy"), EasyBot)
    assert isinstance(make_bot("medium"), MediumBot)
    assert isinstance(make_bot("hard"), HardBot)
    with pytest.raises(ValueError, match="unknown bot level"):
        make_bot("grandmaster")


# -- the cube --------------------------------------------------------------------------------------


def cube_view(
    board: Board, options: GameOptions | None = None, match_score: tuple[int, int] = (0, 0)
) -> View:
    state = GameState.from_position(board, 0, options or GameOptions.classic(), score=match_score)
    assert state.phase is Phase.CUBE
    return state.view(0)


def response_view(board: Board) -> View:
    state = GameState.from_position(board, 0, GameOptions.classic())
    state.apply(CubeAction.DOUBLE)
    return state.view(1)


FAR_AHEAD = position({3: 3, 2: 3}, {6: 5, 5: 5, 4: 5})
FAR_BEHIND = position({6: 5, 5: 5, 4: 5}, {3: 3, 2: 3})
# The same race with three of the opponent's checkers off: no gammon is left to play for.
WON_RACE = position({3: 3, 2: 3}, {6: 4, 5: 4, 4: 4})


@pytest.mark.parametrize("bot", [MediumBot(), HardBot()], ids=["medium", "hard"])
def test_a_bot_doubles_a_won_race_and_its_opponent_drops(bot: Bot) -> None:
    # GNU Backgammon (0-ply): "Double, pass".
    assert bot.choose(cube_view(WON_RACE), random.Random(0)) is CubeAction.DOUBLE
    assert bot.choose(response_view(WON_RACE), random.Random(0)) is CubeAction.DROP


@pytest.mark.parametrize("bot", [MediumBot(), HardBot()], ids=["medium", "hard"])
def test_a_bot_plays_on_a_sure_win_with_a_gammon_chance_left(bot: Bot) -> None:
    # Money play, the opponent with none off: cashing one point is worth less than playing
    # on (GNU Backgammon, 0-ply: "Too good to double, pass"); doubled, the opponent drops.
    assert bot.choose(cube_view(FAR_AHEAD), random.Random(0)) is CubeAction.ROLL
    assert bot.choose(response_view(FAR_AHEAD), random.Random(0)) is CubeAction.DROP


@pytest.mark.parametrize("bot", all_bots(), ids=["easy", "medium", "hard"])
def test_a_bot_does_not_double_from_behind_or_the_start(bot: Bot) -> None:
    assert bot.choose(cube_view(FAR_BEHIND), random.Random(0)) is CubeAction.ROLL
    assert bot.choose(cube_view(Board.initial()), random.Random(0)) is CubeAction.ROLL


@pytest.mark.parametrize("bot", all_bots(), ids=["easy", "medium", "hard"])
def test_a_bot_takes_a_double_in_an_even_game(bot: Bot) -> None:
    assert bot.choose(response_view(Board.initial()), random.Random(0)) is CubeAction.TAKE


def test_no_double_when_the_cube_as_it_stands_wins_the_match() -> None:
    view = cube_view(FAR_AHEAD, GameOptions.classic(3), match_score=(2, 0))
    assert view.legal_actions == (CubeAction.ROLL, CubeAction.DOUBLE)
    assert MediumBot().choose(view, random.Random(0)) is CubeAction.ROLL


def test_a_bot_plays_on_for_the_gammon_when_too_good() -> None:
    board = position({1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2}, {25: 2, 1: 13})
    chance = 1.0 - win_chance(board.side(1), board.side(0))
    assert chance > CubePolicy().too_good
    assert MediumBot().choose(cube_view(board), random.Random(0)) is CubeAction.ROLL


# -- the evaluation ------------------------------------------------------------------------------


def test_the_evaluation_prefers_the_race_leader() -> None:
    assert score(FAR_AHEAD.side(0), FAR_AHEAD.side(1)) > 3
    assert score(FAR_BEHIND.side(0), FAR_BEHIND.side(1)) < -3
    assert 0.0 < win_chance(Board.initial().side(0), Board.initial().side(1)) < 0.5


def test_a_game_still_in_play_scores_below_a_won_one() -> None:
    board = position({1: 1}, {18: 15})
    assert 0.99 < win_chance(board.side(0), board.side(1)) < 1.0
    assert score(board.side(0), board.side(1)) < WIN_SCORE
    assert score((0,) * 25, board.side(1)) >= WIN_SCORE


@pytest.mark.parametrize(
    ("dice", "best"), [((3, 1), "8/5 6/5"), ((4, 2), "8/4 6/4"), ((6, 1), "13/7 8/7")]
)
@pytest.mark.parametrize("bot", [MediumBot(), HardBot()], ids=["medium", "hard"])
def test_opening_rolls_that_make_a_point_make_it(
    bot: Bot, dice: tuple[int, int], best: str
) -> None:
    state = GameState.from_position(Board.initial(), 0, GameOptions.classic(cube=False), dice=dice)
    assert str(bot.choose(state.view(0), random.Random(0))) == best


# -- determinism and bounded search -------------------------------------------------------------


def histories(bots: tuple[Bot, Bot], seed: int) -> list[str]:
    state = play_game(bots, seed, GameOptions.classic())
    return [f"{player}:{action}" for player, action in state.history]


def test_a_seeded_game_between_bots_replays_exactly() -> None:
    first = histories((EasyBot(), MediumBot()), 7)
    assert first == histories((EasyBot(), MediumBot()), 7)
    assert first != histories((EasyBot(), MediumBot()), 8)


def test_the_hard_bot_is_deterministic_for_a_seeded_rng() -> None:
    state = decision_after(11, 12, GameOptions.classic(cube=False))
    player = state.current_player
    assert player is not None
    view = state.view(player)
    choices = {HardBot().choose(view, random.Random(5)) for _ in range(3)}
    assert len(choices) == 1


def mid_game_views(count: int) -> Iterator[View]:
    for seed in range(count):
        state = decision_after(seed, 10 + seed, GameOptions.classic(cube=False))
        player = state.current_player
        if player is not None:
            yield state.view(player)


def test_the_hard_search_stays_within_its_candidate_and_position_bounds() -> None:
    bot = HardBot(max_candidates=3, max_positions=400)
    for view in mid_game_views(8):
        assert bot.choose(view, random.Random(0)) in view.legal_actions
        assert bot.report.candidates <= 3
        assert bot.report.expanded <= bot.report.candidates
        assert bot.report.positions <= 400


def one_ply_choice(view: View) -> Play:
    """The play the learned evaluation ranks first one ply deep (no search)."""
    return HardBot(max_candidates=1).choose(view, random.Random(0))  # type: ignore[return-value]


def test_the_hard_bot_cut_short_plays_its_one_ply_choice() -> None:
    ticks = iter(range(10_000))
    bot = HardBot(clock=lambda: float(next(ticks)), time_limit=0.5)
    searched = 0
    for view in mid_game_views(6):
        choice = bot.choose(view, random.Random(0))
        assert choice in view.legal_actions
        if bot.report.candidates > 1:
            searched += 1
            assert bot.report.cut_short
            assert bot.report.expanded == 0
            assert choice == one_ply_choice(view)
    assert searched  # the clock did cut some search short


def test_the_hard_bot_with_no_allowance_plays_its_one_ply_choice() -> None:
    bot = HardBot(max_positions=0)
    for view in mid_game_views(6):
        assert bot.choose(view, random.Random(0)) == one_ply_choice(view)
        assert bot.report.positions == 0


# -- strength ------------------------------------------------------------------------------------


def test_medium_beats_easy_over_twenty_games() -> None:
    options = GameOptions.classic(cube=False)
    wins = 0
    for seed in range(20):
        medium = seed % 2  # alternate seats
        bots: tuple[Bot, Bot] = (
            (MediumBot(), EasyBot()) if medium == 0 else (EasyBot(), MediumBot())
        )
        state = play_game(bots, seed, options)
        wins += state.games[-1].winner == medium
    assert wins > 10

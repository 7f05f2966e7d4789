"""Cube decisions: the match equity table, money take points and windows, gammons, Jacoby,
Crawford and post-Crawford, dead cubes, the 64 cap, views, and agreement with gnubg."""

from __future__ import annotations

import json
from itertools import pairwise
from types import SimpleNamespace

import pytest

from engines.backgammon import cube
from engines.backgammon.cube import (
    MET_LENGTH,
    MET_POST_CRAWFORD,
    MET_PRE_CRAWFORD,
    Chances,
    CubeState,
    Owner,
    analyse,
    analyse_state,
    decide,
    match_equity,
)
from engines.backgammon.ids import decode_position_id
from engines.backgammon.options import GameOptions
from engines.backgammon.rules import Board, CubeAction, GameState, Phase
from kiosk.games.backgammon import gnubg

DEAD = 0.0  # cube efficiency of a dead cube
LIVE = 1.0  # a perfectly efficient cube


def take_point(state: CubeState, gammons: float = 0.0) -> float:
    """The taker's winning chance at which take and pass are equal (by bisection on the
    doubler's chance, with `gammons` the share of each side's wins that are gammons)."""
    low, high = 0.5, 1.0
    for _ in range(50):
        win = (low + high) / 2
        odds = Chances(win, gammons * win, 0.0, gammons * (1 - win), 0.0)
        if analyse_state(odds, state).take:
            low = win
        else:
            high = win
    return 1.0 - (low + high) / 2


# -- the match equity table -----------------------------------------------------------------------


def test_the_table_is_25_by_25_with_25_post_crawford_values() -> None:
    assert len(MET_PRE_CRAWFORD) == MET_LENGTH == 25
    assert all(len(row) == MET_LENGTH for row in MET_PRE_CRAWFORD)
    assert len(MET_POST_CRAWFORD) == MET_LENGTH


def test_the_chances_of_both_sides_add_up_to_one() -> None:
    for a in range(1, MET_LENGTH + 1):
        for b in range(1, MET_LENGTH + 1):
            assert match_equity(a, b) + match_equity(b, a) == pytest.approx(1.0, abs=1e-9)
            total = (match_equity(a, b, post_crawford=True)
                     + match_equity(b, a, post_crawford=True))
            assert total == pytest.approx(1.0, abs=1e-9)


def test_equal_scores_are_even() -> None:
    for a in range(1, MET_LENGTH + 1):
        assert match_equity(a, a) == 0.5
    assert match_equity(1, 1, post_crawford=True) == 0.5


def test_needing_fewer_points_is_never_worse() -> None:
    for a in range(1, MET_LENGTH):
        for b in range(1, MET_LENGTH + 1):
            assert match_equity(a, b) >= match_equity(a + 1, b)
            assert match_equity(b, a) <= match_equity(b, a + 1)
    assert all(x >= y for x, y in pairwise(MET_POST_CRAWFORD))


def test_known_values_of_the_kazaross_xg2_table() -> None:
    assert match_equity(1, 2) == pytest.approx(0.67736)  # the Crawford game, 2-away trailer
    assert match_equity(2, 4) == pytest.approx(0.66870)
    assert match_equity(2, 1, post_crawford=True) == pytest.approx(0.48803)


def test_a_won_or_lost_match_is_certain() -> None:
    assert match_equity(0, 3) == 1.0
    assert match_equity(-2, 3) == 1.0
    assert match_equity(3, 0) == 0.0


def test_the_table_stops_at_25_points() -> None:
    with pytest.raises(ValueError, match="25"):
        match_equity(26, 3)


# -- the chances ----------------------------------------------------------------------------------


def test_any_object_with_the_five_chances_is_accepted() -> None:
    odds = SimpleNamespace(win=0.7, win_gammon=0.2, win_backgammon=0.01, lose_gammon=0.05,
                           lose_backgammon=0.0)
    assert Chances.of(odds) == Chances(0.7, 0.2, 0.01, 0.05, 0.0)
    assert analyse_state(odds, CubeState()).words


def test_impossible_chances_are_refused_and_rounding_is_clipped() -> None:
    with pytest.raises(ValueError, match="win_gammon"):
        Chances.of(Chances(0.5, 0.6))
    with pytest.raises(ValueError, match="lose_gammon"):
        Chances.of(Chances(0.9, 0.0, 0.0, 0.2))
    assert Chances.of(Chances(1.0000001, 0.0)).win == 1.0


# -- money play -----------------------------------------------------------------------------------


def test_money_take_point_without_gammons_is_25_percent_with_a_dead_cube() -> None:
    assert take_point(CubeState(cube_efficiency=DEAD)) == pytest.approx(0.25, abs=1e-6)


def test_money_take_point_is_20_percent_with_a_fully_live_cube() -> None:
    assert take_point(CubeState(cube_efficiency=LIVE)) == pytest.approx(0.20, abs=2e-3)


def test_money_take_point_in_contact_follows_janowski() -> None:
    # (L − ½) / (W + L + x/2) with W = L = 1 and x = 0.68
    x = cube.CONTACT_EFFICIENCY
    assert take_point(CubeState(cube_efficiency=x)) == pytest.approx(0.5 / (2 + x / 2),
                                                                     abs=2e-3)


def test_gammons_raise_the_take_point() -> None:
    assert take_point(CubeState(), gammons=0.25) > take_point(CubeState()) + 0.02


def test_the_doubling_window_in_money_play() -> None:
    state = CubeState()
    assert analyse_state(Chances(0.60), state).words == "No double, take"
    assert analyse_state(Chances(0.72), state).words == "Double, take"
    assert analyse_state(Chances(0.85), state).words == "Double, pass"


def test_the_owner_redoubles_later_than_a_centred_cube_is_doubled() -> None:
    centred = analyse_state(Chances(0.70), CubeState())
    owned = analyse_state(Chances(0.70), CubeState(2, Owner.ON_ROLL))
    assert centred.double and not owned.double
    assert owned.words == "No redouble, take"


def test_too_good_to_double_with_gammon_chances() -> None:
    verdict = analyse_state(Chances(0.90, 0.60), CubeState())
    assert verdict.too_good and not verdict.double and not verdict.take
    assert verdict.words == "Too good to double, pass"
    assert verdict.no_double > verdict.double_pass == 1.0


def test_without_gammon_chances_a_big_favourite_doubles_out() -> None:
    verdict = analyse_state(Chances(0.90), CubeState())
    assert verdict.double and not verdict.take and verdict.words == "Double, pass"


def test_a_sure_win_without_gammons_doubles_out() -> None:
    assert analyse_state(Chances(1.0), CubeState()).words == "Double, pass"


def test_equities_are_normalised_to_the_cube() -> None:
    verdict = analyse_state(Chances(0.72), CubeState(4, Owner.ON_ROLL))
    assert verdict.double_pass == 1.0
    assert verdict.cubeless == pytest.approx(2 * 0.72 - 1)


# -- Jacoby ---------------------------------------------------------------------------------------


def test_jacoby_a_centred_cube_makes_gammons_worth_nothing() -> None:
    gammonish = Chances(0.90, 0.60)
    assert analyse_state(gammonish, CubeState(jacoby=True)).words == "Double, pass"
    assert analyse_state(Chances(0.6, 0.3), CubeState(jacoby=True)).cubeless == pytest.approx(
        2 * 0.6 - 1)


def test_jacoby_does_not_touch_a_turned_cube() -> None:
    gammonish = Chances(0.90, 0.60)
    state = CubeState(2, Owner.ON_ROLL, jacoby=True)
    assert analyse_state(gammonish, state).words == "Too good to redouble, pass"


def test_jacoby_applies_to_money_play_only() -> None:
    game = GameState.from_position(Board.initial(), 0, GameOptions.classic(5))
    assert not cube.state_of(game.view(0), jacoby=True).jacoby


# -- matches: Crawford, post-Crawford, dead cubes -------------------------------------------------


def test_no_cube_in_the_crawford_game() -> None:
    state = CubeState(match_length=5, score=(4, 1), crawford_game=True)
    verdict = analyse_state(Chances(0.2), state)
    assert not state.may_double and not verdict.double
    assert verdict.double_take is None and "Crawford" in verdict.words
    game = GameState.from_position(Board.initial(), 1, GameOptions.classic(5), score=(4, 1),
                                   crawford_game=True)
    assert game.phase is Phase.ROLL
    assert not analyse(game.view(1), Chances(0.9)).double


def test_post_crawford_the_trailer_doubles_at_once() -> None:
    for need in (2, 3, 4, 5, 7):
        for win in (0.3, 0.5, 0.6):
            state = CubeState(match_length=7, score=(7 - need, 6))
            assert analyse_state(Chances(win, 0.1 * win, 0, 0.1 * (1 - win)), state).double


def test_post_crawford_the_leader_never_doubles() -> None:
    state = CubeState(match_length=7, score=(6, 2))
    verdict = analyse_state(Chances(0.85, 0.1), state)
    assert not verdict.double and "dead cube" in verdict.words


def test_post_crawford_the_leader_drops_a_trailer_two_away_who_is_the_favourite() -> None:
    state = CubeState(match_length=7, score=(5, 6))  # the trailer needs 2, on roll
    assert not analyse_state(Chances(0.55), state).take  # the free drop
    assert analyse_state(Chances(0.45), state).take


def test_a_cube_that_cannot_change_the_result_is_never_turned() -> None:
    # needing 2 with the cube on 2: any win at this cube wins the match
    state = CubeState(2, Owner.ON_ROLL, match_length=7, score=(5, 0))
    verdict = analyse_state(Chances(0.95, 0.5), state)
    assert not verdict.double and verdict.words.startswith("Never redouble")
    # double match point: nothing to gain by doubling
    assert not analyse_state(Chances(0.9), CubeState(match_length=5, score=(4, 4))).double


def test_the_trailer_doubles_earlier_than_the_leader() -> None:
    trailer = CubeState(match_length=7, score=(0, 4))  # needs 7 against 3
    leader = CubeState(match_length=7, score=(4, 0))
    odds = Chances(0.62, 0.12, 0.0, 0.1, 0.0)
    assert analyse_state(odds, trailer).double
    assert not analyse_state(odds, leader).double


# -- the cap of 64 --------------------------------------------------------------------------------


def test_no_double_beyond_64() -> None:
    state = CubeState(64, Owner.ON_ROLL)
    assert not state.may_double
    verdict = analyse_state(Chances(0.8), state)
    assert not verdict.double and "64" in verdict.words
    game = GameState.from_position(Board.initial(), 0, GameOptions.money(jacoby=False),
                                   cube_value=64, cube_owner=0)
    assert game.phase is Phase.ROLL


def test_a_cube_turned_to_64_is_dead_for_the_taker() -> None:
    # the taker of a 64 cube can never redouble: the dead take point, not the live one
    assert take_point(CubeState(32, Owner.ON_ROLL, cube_efficiency=LIVE)) == pytest.approx(
        0.25, abs=1e-6)


# -- views ----------------------------------------------------------------------------------------


def race(turn_pips_ahead: bool) -> Board:
    ahead = {1: 3, 2: 3, 3: 3, 4: 3, 5: 3}
    behind = {6: 5, 7: 5, 8: 5}
    return Board.from_dicts(ahead, behind) if turn_pips_ahead else Board.from_dicts(behind,
                                                                                     ahead)


def test_decide_doubles_and_answers_through_views() -> None:
    game = GameState.from_position(race(True), 0, GameOptions.money(jacoby=False))
    assert game.phase is Phase.CUBE
    strong = Chances(0.82)
    assert decide(game.view(0), strong) is CubeAction.DOUBLE
    assert decide(game.view(0), Chances(0.55)) is CubeAction.ROLL
    game.apply(CubeAction.DOUBLE)
    assert game.phase is Phase.RESPOND
    # the answer uses the doubler's chances: a doubler at 82 % is passed, at 70 % taken
    assert decide(game.view(1), strong) is CubeAction.DROP
    assert decide(game.view(1), Chances(0.70)) is CubeAction.TAKE


def test_decide_post_crawford_through_views() -> None:
    options = GameOptions.classic(7)
    trailer = GameState.from_position(Board.initial(), 1, options, score=(6, 3))
    assert trailer.phase is Phase.CUBE and not trailer.crawford_game
    assert decide(trailer.view(1), Chances(0.45, 0.1, 0.0, 0.1)) is CubeAction.DOUBLE
    leader = GameState.from_position(Board.initial(), 0, options, score=(6, 3))
    assert leader.phase is Phase.CUBE
    assert decide(leader.view(0), Chances(0.8, 0.3, 0.0, 0.05)) is CubeAction.ROLL


def test_decide_refuses_a_player_without_a_cube_decision() -> None:
    game = GameState.from_position(race(True), 0, GameOptions.money(jacoby=False))
    with pytest.raises(ValueError, match="not on turn"):
        decide(game.view(1), Chances(0.5))
    game.apply(CubeAction.ROLL)
    with pytest.raises(ValueError, match="no cube decision"):
        decide(game.view(0), Chances(0.5))


def test_the_view_is_seen_from_the_player_on_turn() -> None:
    game = GameState.from_position(race(False), 1, GameOptions.classic(7), cube_value=2,
                                   cube_owner=1, score=(2, 5))
    state = cube.state_of(game.view(0))
    assert state.owner is Owner.ON_ROLL and state.score == (5, 2) and state.cube_value == 2


def test_cube_efficiency_contact_race_and_bearoff() -> None:
    assert cube.cube_efficiency(Board.initial(), 0) == cube.CONTACT_EFFICIENCY
    far = Board.from_dicts({7: 5, 8: 5, 9: 5}, {7: 5, 8: 5, 9: 5})
    near = Board.from_dicts({1: 5, 2: 5, 3: 5}, {1: 5, 2: 5, 3: 5})
    assert 0.6 <= cube.cube_efficiency(far, 0) <= 0.7
    assert cube.cube_efficiency(near, 0) == cube.BEAROFF_EFFICIENCY


# -- agreement with GNU Backgammon ----------------------------------------------------------------

# (Position ID, cube, owner, match length, score (on roll, opponent), Jacoby): positions
# from the benchmark's seeded games, chosen so that every kind of 0-ply decision appears.
GNUBG_CASES = [
    ("m23AACxstwFkQA", 1, "centred", 13, (3, 5), False),
    ("z2wDAgybbQYABw", 1, "centred", 5, (0, 2), False),
    ("jLfBwQCG5+ABIQ", 1, "centred", 3, (0, 0), False),
    ("f7EMAAZ/FwMAAA", 1, "centred", 5, (1, 2), False),
    ("+XcOAAD3BoDgGA", 4, "on roll", 11, (7, 9), False),
    ("2z8LAADfBwAcYA", 2, "on roll", 13, (2, 1), False),
    ("324SIAC/vQEAAA", 2, "on roll", 25, (12, 0), False),
    ("bjYLAAfzjCAYQw", 4, "on roll", 25, (20, 21), False),
    ("7zMAAxj/3AEIAA", 2, "on roll", 7, (2, 1), False),
    ("2LgDAG5u2y0AAA", 2, "on roll", 11, (7, 5), False),
    ("c9sHAID7XQAAAA", 1, "centred", 0, (0, 0), False),
    ("4HPwKQCGd4MBJA", 1, "centred", 0, (0, 0), False),
    ("bhZhBAfzjCAYQw", 1, "centred", 0, (0, 0), False),
    ("bZMAZGRsnsEKAg", 1, "centred", 0, (0, 0), False),
    ("8wwAxmhuNkcABg", 1, "centred", 0, (0, 0), True),
    ("NzYnACjYrUSABw", 1, "centred", 0, (0, 0), True),
    ("jGfwATCGZ/ABMA", 1, "centred", 0, (0, 0), True),
    ("JufgAQOMt8FgQA", 2, "on roll", 0, (0, 0), False),
    ("3xeAcAD56wMAQA", 2, "on roll", 0, (0, 0), False),
    ("Lk3wAwgOn8EBMA", 2, "on roll", 0, (0, 0), False),
    ("9yYAiQPzlwEAAA", 4, "on roll", 0, (0, 0), False),
    ("hmfKATCMa/ABQg", 1, "centred", 5, (1, 4), False),
    ("HwMAAP8BAAAAAA", 1, "centred", 15, (12, 14), False),
    ("bZMASRXg5+AKAg", 1, "centred", 7, (6, 0), False),
    ("3xcACCz8+hoAAA", 1, "centred", 9, (3, 8), False),
    ("Z7YBBgybbQYATA", 2, "on roll", 3, (2, 1), False),
    ("xOfgAQUZD/KAMA", 2, "on roll", 13, (9, 12), False),
    ("O3YGQAbzDCDEBw", 4, "on roll", 9, (2, 8), False),
    ("7w8AYGC/awkBAA", 4, "on roll", 15, (8, 14), False),
]

GNUBG_SCRIPT = r'''
import json
import gnubg

gnubg.command("set threads 1")
gnubg.command("set player 0 human")
gnubg.command("set player 1 human")
gnubg.command("set beavers 0")
gnubg.command("new match 7")
context = gnubg.evalcontext(1, 0, 0, 1, 0.0)
for pid, value, owner, length, score, jacoby in CASES:
    board = gnubg.positionfromid(pid)
    owner = {"centred": -1, "on roll": 0, "opponent": 1}[owner]
    info = gnubg.cubeinfo(value, owner, 0, length, tuple(score), 0, 0)
    info["jacoby"] = 1 if jacoby else 0
    info["beavers"] = 0
    chances = gnubg.evaluate(board, info, context)
    words = gnubg.cfevaluate(board, info, context)[5]
    print("CUBETEST " + json.dumps([list(chances[:5]), words]), flush=True)
'''


def gnubg_words(words: str) -> tuple[bool, bool]:
    doubler, _, taker = words.lower().partition(",")
    return doubler.strip().startswith(("double", "redouble")), taker.strip().startswith("take")


@pytest.fixture(scope="module")
def gnubg_answers() -> list[tuple[Chances, str]]:
    why = gnubg.why_unavailable()
    if why:
        pytest.skip(f"GNU Backgammon is needed to compare cube decisions: {why}")
    source = GNUBG_SCRIPT.replace("CASES", repr(GNUBG_CASES))
    out = gnubg.run_script(source, timeout=120.0)
    answers = [json.loads(line.split(" ", 1)[1]) for line in out.splitlines()
               if line.startswith("CUBETEST ")]
    assert len(answers) == len(GNUBG_CASES), out[-2000:]
    return [(Chances(*chances), words) for chances, words in answers]


def case_state(case: tuple) -> CubeState:
    pid, value, owner, length, score, jacoby = case
    on_roll, opponent = decode_position_id(pid)
    board = Board((on_roll, opponent))
    return CubeState(value, Owner(owner), length, score, False, jacoby,
                     cube.cube_efficiency(board, 0))


def test_the_cases_cover_every_kind_of_decision(gnubg_answers) -> None:
    kinds = {words.split(" (")[0] for _, words in gnubg_answers}
    assert {"Double, take", "Double, pass", "No double, take", "Too good to double, pass",
            "Redouble, take", "Redouble, pass", "No redouble, take",
            "Too good to redouble, pass", "Never double, take"} <= kinds


@pytest.mark.parametrize("index", range(len(GNUBG_CASES)))
def test_the_decision_is_gnubgs_from_gnubgs_chances(gnubg_answers, index: int) -> None:
    odds, words = gnubg_answers[index]
    verdict = analyse_state(odds, case_state(GNUBG_CASES[index]))
    assert (verdict.double, verdict.take) == gnubg_words(words), (words, verdict)


def test_gnubgs_hint_at_0_ply_agrees_through_the_kiosk(gnubg_answers) -> None:
    """The same decision when gnubg is asked the kiosk's way
    (`kiosk.games.backgammon.gnubg.hint_cube`) for a position set up as a game."""
    pid, value, owner, length, score, _ = GNUBG_CASES[1]
    on_roll, opponent = decode_position_id(pid)
    board = Board((on_roll, opponent))
    game = GameState.from_position(board, 0, GameOptions.classic(length), cube_value=value,
                                   cube_owner=None if owner == "centred" else 0, score=score)
    hint = gnubg.hint_cube(game.view(0), ply=0)
    verdict = analyse(game.view(0), gnubg_answers[1][0])
    assert (verdict.double, verdict.take) == (hint.double, hint.take)

"""Rules §1–§5 of Takhteh Nard, one test per rule sentence, and hand-derived play counts.

A count is the number of distinct legal plays: plays that reach distinct
positions. Each count below says how it was derived by hand.
"""

from __future__ import annotations

import pytest

from engines.backgammon import rules
from engines.backgammon.rules import (
    BAR,
    OFF,
    Board,
    Play,
    RuleError,
    Step,
    apply,
    legal_plays,
)

from .positions import play, position, texts

INITIAL = Board.initial()


# -- §1 Board and set-up ------------------------------------------------------------------------


def test_two_players_have_15_checkers_each() -> None:
    assert INITIAL.off(0) == INITIAL.off(1) == 0
    assert sum(INITIAL.side(0)) == sum(INITIAL.side(1)) == 15
    with pytest.raises(RuleError) as caught:
        position({6: 16}, {6: 15})
    assert caught.value.rule == rules.R_FIFTEEN


def test_a_board_has_no_negative_counts() -> None:
    with pytest.raises(RuleError) as caught:
        position({6: -1}, {})
    assert caught.value.rule == rules.R_NEGATIVE


def test_each_player_numbers_the_points_from_their_own_side() -> None:
    # Player 0's point 1 is player 1's point 24: their checkers there are one point.
    board = position({1: 2}, {})
    assert board.owner(0, 1) == 0
    assert board.owner(1, 24) == 0
    assert board.owner(1, 1) is None


def test_a_point_is_never_held_by_both_players() -> None:
    with pytest.raises(RuleError) as caught:
        position({1: 2}, {24: 1})
    assert caught.value.rule == rules.R_ONE_OWNER


def test_points_1_to_6_are_the_home_board() -> None:
    assert position({6: 15}, {}).all_home(0)
    assert not position({7: 1, 6: 14}, {}).all_home(0)
    assert not position({25: 1, 6: 14}, {}).all_home(0)


def test_both_players_move_from_24_toward_1() -> None:
    with pytest.raises(RuleError) as caught:
        Step(6, 8)
    assert caught.value.rule == rules.R_DIRECTION
    for player in (0, 1):
        for candidate in legal_plays(INITIAL, player, (6, 5)):
            assert all(step.to_point < step.from_point for step in candidate)


def test_the_start_is_2_on_24_5_on_13_3_on_8_5_on_6() -> None:
    for player in (0, 1):
        assert {p: INITIAL.count(player, p) for p in range(1, 26) if INITIAL.count(player, p)} == {
            24: 2,
            13: 5,
            8: 3,
            6: 5,
        }
    assert INITIAL.pips(0) == INITIAL.pips(1) == 167


# -- §2 Turns and moves -------------------------------------------------------------------------


def test_each_die_is_a_separate_move_of_one_checker() -> None:
    # 6-5 cannot be played as one move of 11: every step is one die.
    with pytest.raises(RuleError) as caught:
        apply(INITIAL, 0, Play((Step(24, 13),)), (6, 5))
    assert caught.value.rule == rules.R_ONE_DIE


def test_two_dice_may_move_two_checkers_or_one_checker_twice() -> None:
    found = texts(INITIAL, (6, 5))
    assert "24/18 13/8" in found
    assert "24/18/13" in found


def test_one_checker_moving_twice_needs_each_step_legal_on_its_own() -> None:
    # 24/13 with 6-5: both 18 and 19 are closed, so the checker cannot pass.
    board = position({24: 1, 6: 14}, {7: 2, 6: 2, 3: 11})
    assert "24/13" not in {str(p) for p in legal_plays(board, 0, (6, 5))}
    assert all(step.from_point != 24 for p in legal_plays(board, 0, (6, 5)) for step in p)


def test_doubles_are_played_four_times() -> None:
    for candidate in legal_plays(INITIAL, 0, (5, 5)):
        assert len(candidate) == 4
        assert all(step.distance == 5 for step in candidate)


def test_both_dice_must_be_played_if_possible() -> None:
    for candidate in legal_plays(INITIAL, 0, (6, 4)):
        assert len(candidate) == 2
    with pytest.raises(RuleError) as caught:
        apply(INITIAL, 0, play("13/7"), (6, 4))
    assert caught.value.rule == rules.R_BOTH_DICE


def test_if_only_one_die_can_be_played_that_one_is_played() -> None:
    # Player 0: 14 on point 1, one checker on 13; 7 is closed (their 18), 2 is closed.
    # The 6 (13/7) is blocked; 13/8 then 8/2 is blocked: only 13/8 can be played.
    board = position({1: 14, 13: 1}, {23: 2, 18: 2, 1: 11})
    assert texts(board, (6, 5)) == ["13/8"]


def test_if_either_die_alone_but_not_both_the_larger_must_be_played() -> None:
    # One free checker on 13; 13/7 and 13/8 are open, but 2 is closed, so 13/7/2
    # and 13/8/2 are not. Either die alone could be played: the 6 must be.
    board = position({1: 14, 13: 1}, {23: 2, 1: 13})
    assert texts(board, (6, 5)) == ["13/7"]
    with pytest.raises(RuleError) as caught:
        apply(board, 0, play("13/8"), (6, 5))
    assert caught.value.rule == rules.R_LARGER_DIE


def test_with_doubles_play_as_many_of_the_four_as_possible() -> None:
    # One free checker on 24; 6 is closed (their 19): 24/18/12 and then no more.
    board = position({24: 1, 1: 14}, {19: 2, 3: 13})
    assert texts(board, (6, 6)) == ["24/18/12"]
    with pytest.raises(RuleError) as caught:
        apply(board, 0, play("24/18"), (6, 6))
    assert caught.value.rule == rules.R_DOUBLES


def test_no_legal_move_the_turn_passes() -> None:
    # On the bar against a closed board: nothing enters.
    board = position({25: 1, 6: 14}, {6: 2, 5: 2, 4: 2, 3: 2, 2: 2, 1: 5})
    assert legal_plays(board, 0, (6, 6)) == [Play.none()]
    assert apply(board, 0, Play.none(), (6, 6)) == board


# -- §3 Landing, hitting, blocked points --------------------------------------------------------


def test_a_checker_may_land_on_an_empty_point_its_own_or_a_blot() -> None:
    board = position({13: 1, 6: 1, 1: 13}, {15: 1, 1: 14})  # their 15 is our 10
    assert apply(board, 0, play("13/9")).count(0, 9) == 1  # empty
    assert apply(board, 0, play("6/1")).count(0, 1) == 14  # own
    assert apply(board, 0, play("13/10*")).count(0, 10) == 1  # a blot
    # 4-3: 13/9/6 and 13/10*/6 end on our own 6; 13/9 6/3 and 13/10* 6/2 on empty points.
    assert texts(board, (4, 3)) == ["13/9/6", "13/9 6/3", "13/10*/6", "13/10* 6/2"]


def test_landing_on_a_blot_hits_it_to_the_bar() -> None:
    board = position({13: 1, 6: 14}, {15: 1, 1: 14})  # their 15 is our 10
    after = apply(board, 0, play("13/10*"))
    assert after.bar(1) == 1
    assert after.count(1, 15) == 0
    assert after.count(0, 10) == 1
    with pytest.raises(RuleError) as caught:
        apply(board, 0, play("13/10"))
    assert caught.value.rule == rules.R_HIT


def test_a_point_with_two_or_more_opposing_checkers_is_closed() -> None:
    with pytest.raises(RuleError) as caught:
        apply(INITIAL, 0, play("6/1"), (5, 5))
    assert caught.value.rule == rules.R_CLOSED
    for candidate in legal_plays(INITIAL, 0, (5, 5)):
        assert all(step.to_point != 1 for step in candidate)


def test_any_number_of_own_checkers_may_stack_on_one_point() -> None:
    board = position({6: 14, 7: 1}, {})
    after = apply(board, 0, play("7/6"))
    assert after.count(0, 6) == 15


# -- §4 The bar ---------------------------------------------------------------------------------


def test_while_a_checker_is_on_the_bar_no_other_checker_may_move() -> None:
    board = position({25: 2, 13: 13}, {6: 2, 1: 13})  # our 19 is closed
    # Count 1: the 6 cannot enter (19 closed); the 5 enters on 20; the second
    # checker is still on the bar, so the 6 cannot move anything else.
    assert texts(board, (6, 5)) == ["bar/20"]
    with pytest.raises(RuleError) as caught:
        apply(board, 0, play("13/7"))
    assert caught.value.rule == rules.R_BAR_FIRST


def test_die_n_enters_on_point_25_minus_n() -> None:
    board = position({25: 1, 6: 14}, {})
    for die in range(1, 7):
        for candidate in legal_plays(board, 0, (die, die)):
            first = candidate.steps[0]
            assert (first.from_point, first.to_point) == (BAR, 25 - die)


def test_a_closed_point_cannot_be_entered() -> None:
    board = position({25: 1, 13: 2, 6: 12}, {6: 2, 1: 13})  # our 19 is closed
    # Count 2: the 6 cannot enter, so the 5 enters (bar/20) and the 6 is then
    # played by the entered checker (20/14) or from 13 (13/7); 6/off is not
    # allowed with a checker outside home.
    assert texts(board, (6, 5)) == ["bar/20/14", "bar/20 13/7"]


def test_a_blot_on_the_entry_point_is_hit() -> None:
    board = position({25: 1, 6: 14}, {3: 1, 1: 14})  # their 3 is our 22
    assert "bar/22*" in next(str(p) for p in legal_plays(board, 0, (3, 3)))
    after = apply(board, 0, play("bar/22*"))
    assert after.bar(1) == 1


def test_if_no_die_enters_the_turn_passes() -> None:
    board = position({25: 1, 6: 14}, {6: 2, 5: 2, 1: 11})  # our 19 and 20 closed
    assert legal_plays(board, 0, (6, 5)) == [Play.none()]


# -- §5 Bearing off -----------------------------------------------------------------------------


def test_bearing_off_only_with_all_15_in_the_home_board() -> None:
    board = position({13: 1, 6: 14}, {})
    with pytest.raises(RuleError) as caught:
        apply(board, 0, play("6/off"))
    assert caught.value.rule == rules.R_ALL_HOME
    assert all(step.to_point != OFF for p in legal_plays(board, 0, (2, 1)) for step in p)
    # Once the last checker comes home, the rest of the roll may bear off.
    assert texts(position({7: 1, 6: 14}, {}), (6, 6)) == ["7/1 6/off(3)"]


def test_bearing_off_not_with_a_checker_on_the_bar() -> None:
    board = position({25: 1, 6: 14}, {})
    with pytest.raises(RuleError) as caught:
        apply(board, 0, play("6/off"))
    assert caught.value.rule == rules.R_BAR_FIRST


def test_a_die_removes_a_checker_from_the_point_of_the_same_number() -> None:
    board = position({4: 1, 2: 1}, {})
    assert "4/off 2/off" in texts(board, (4, 2))
    assert apply(board, 0, play("4/off 2/off"), (4, 2)).off(0) == 15


def test_a_higher_die_bears_off_from_the_highest_occupied_point() -> None:
    board = position({3: 1, 2: 1}, {})
    assert texts(board, (6, 5)) == ["3/off 2/off"]


def test_instead_of_bearing_off_a_checker_may_move_inside_home() -> None:
    # Count 2: with 6-1 the 6 bears off from 6; the 1 cannot bear off (nothing on
    # 1, and 6 and 2 stand higher), so it moves inside: 6/5 or 2/1.
    board = position({6: 2, 2: 13}, {})
    assert texts(board, (6, 1)) == ["6/off 6/5", "6/off 2/1"]


def test_a_higher_die_bears_off_only_when_no_checker_stands_higher() -> None:
    # Count 2: checkers on 5, 3, 2 and 6-4. The 6 bears off from 5 (the highest);
    # it may not bear off from 3 or 2 while 5 is occupied. The 4 has no checker on
    # 4 and may not bear off from 3 or 2 while 5 is occupied, so it moves 5/1.
    # Then the other die bears off from 3, now the highest: 5/off 3/off or 5/1 3/off.
    board = position({5: 1, 3: 1, 2: 1}, {})
    assert texts(board, (6, 4)) == ["5/off 3/off", "5/1 3/off"]
    with pytest.raises(RuleError) as caught:
        apply(board, 0, play("3/off 2/off"), (6, 4))
    assert caught.value.rule == rules.R_HIGHER_DIE


def test_first_to_bear_off_all_15_wins() -> None:
    board = position({1: 1}, {6: 15})
    after = apply(board, 0, play("1/off"), (2, 1))
    assert rules.winner(after) == 0
    assert rules.winner(board) is None


# -- counts from the initial position -----------------------------------------------------------


@pytest.mark.parametrize(
    ("dice", "count"),
    [
        # Given by the brief and standard tables.
        ((3, 1), 16),
        ((6, 6), 11),
        # 2-1: a checker moving 3 (24, 13 via 11, 8, 6): 4; one checker 1 (24, 8, 6)
        # and another 2 (24, 13, 8, 6): 12, less 6/5 8/6 = 8/5: 15.
        ((2, 1), 15),
        # 6-5: 19, 1 and 17 are closed. 6s: 24/18 13/7 8/2; 5s: 13/8 8/3.
        # 24/18/13, 24/18 13/8, 24/18 8/3, 13/7 13/8, 13/7 8/3, 13/2, 8/3 8/2: 7.
        ((6, 5), 7),
        # 5-5: only 13/8 and 8/3 are open; 13/8 four times, three and one 8/3,
        # two and two, one and three (8/3 four times needs four on 8): 4.
        ((5, 5), 4),
        # 5-2: 24/22 with 13/8 or 8/3; 13/11 with 13/8 or 8/3; 13/6; 6/4 with
        # 13/8 or 8/3; 8/6 8/3: 8.
        ((5, 2), 8),
    ],
)
def test_counts_from_the_initial_position(dice: tuple[int, int], count: int) -> None:
    plays = legal_plays(INITIAL, 0, dice)
    assert len(plays) == count
    assert len(legal_plays(INITIAL, 1, dice)) == count
    assert len({apply(INITIAL, 0, p, dice) for p in plays}) == count

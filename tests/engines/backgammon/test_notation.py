"""Rules §8: moves in the standard notation, read and written (`24/18 13/9`, `bar/22*`, ...)."""

from __future__ import annotations

import pytest

from engines.backgammon import rules
from engines.backgammon.rules import (
    BAR,
    NO_PLAY_TEXT,
    OFF,
    Board,
    Dice,
    Play,
    RuleError,
    Step,
    legal_plays,
)

from .positions import position

INITIAL = Board.initial()
ALL_ROLLS = [(a, b) for a in range(1, 7) for b in range(1, a + 1)]


def test_a_move_is_written_from_slash_to() -> None:
    assert str(Play((Step(24, 18), Step(13, 9)))) == "24/18 13/9"


def test_a_hit_is_marked_with_a_star() -> None:
    assert str(Play((Step(BAR, 22, hit=True),))) == "bar/22*"
    assert Play.parse("bar/22*") == Play((Step("bar", 22, True),))


def test_bearing_off_is_written_off() -> None:
    assert str(Play((Step(6, OFF),))) == "6/off"
    assert Play.parse("6/off").steps == (Step(6, "off"),)


def test_a_repeated_move_is_written_once_with_the_count() -> None:
    assert str(Play((Step(8, 5), Step(8, 5)))) == "8/5(2)"
    assert Play.parse("8/5(2)") == Play((Step(8, 5), Step(8, 5)))
    assert Play.parse("8/5 (2)") == Play.parse("8/5 8/5")


def test_one_checker_moving_twice_is_written_as_a_path() -> None:
    assert str(Play((Step(24, 18), Step(18, 13)))) == "24/18/13"
    assert str(Play((Step(13, 7, hit=True), Step(7, 1)))) == "13/7*/1"


def test_the_empty_play_is_written_no_play() -> None:
    assert str(Play.none()) == NO_PLAY_TEXT == "(no play)"
    for text in ("", "(no play)", "  ", "-"):
        assert Play.parse(text) == Play.none()


def test_the_order_of_the_moves_does_not_matter() -> None:
    assert Play.parse("13/9 24/18") == Play.parse("24/18 13/9")


@pytest.mark.parametrize("dice", ALL_ROLLS)
def test_every_generated_play_round_trips_through_its_text(dice: tuple[int, int]) -> None:
    for board in (INITIAL, position({25: 1, 13: 4, 8: 4, 6: 4, 4: 2}, {20: 1, 13: 6, 6: 8})):
        for player in (0, 1):
            for candidate in legal_plays(board, player, dice):
                text = str(candidate)
                assert Play.parse(text) == candidate
                assert Play.parse(text, board, player, dice) == candidate


def test_with_the_board_the_usual_shorthand_is_understood() -> None:
    canonical = Play.parse("24/18/13")
    assert Play.parse("24/13", INITIAL, 0, (6, 5)) == canonical
    assert Play.parse("24/18 18/13", INITIAL, 0, (6, 5)) == canonical
    assert Play.parse("13/8 24/18", INITIAL, 0, Dice(6, 5)) == Play.parse("24/18 13/8")


def test_with_the_board_a_missing_hit_mark_is_understood() -> None:
    board = position({13: 1, 6: 14}, {15: 1, 1: 14})  # their 15 is our 10
    assert Play.parse("13/10/9", board, 0, (3, 1)) == Play.parse("13/10*/9")
    with pytest.raises(RuleError) as caught:
        Play.parse("13/10", board, 0, (3, 1))
    assert caught.value.rule == rules.R_BOTH_DICE


def test_with_the_board_a_shorthand_through_a_hit_is_understood() -> None:
    board = position({13: 1, 6: 14}, {18: 1, 1: 14})  # their 18 is our 7
    # Once the checker is home, the other two 6s bear off.
    assert str(Play.parse("13/7*/1 6/off(2)", board, 0, (6, 6))) == "13/7*/1 6/off(2)"
    assert Play.parse("6/off 13/7/1 6/off", board, 0, (6, 6)).steps[0] == Step(13, 7, True)
    with pytest.raises(RuleError):
        Play.parse("13/1 6/off(2)", board, 0, (6, 6))  # 13/1 in one move does not hit 7


@pytest.mark.parametrize(
    "text",
    [
        "24-18",
        "24/",
        "/18",
        "24/18/",
        "25*/18",
        "bar*/22",
        "24/18(5)",
        "24/18(0)",
        "x/y",
        "24/26",
        "off/6",
        "6/bar",
        "6/off/3",
        "13/9 8/5 6/5 6/5 24/23",
    ],
)
def test_malformed_notation_raises_naming_the_rule(text: str) -> None:
    with pytest.raises(RuleError) as caught:
        Play.parse(text)
    assert caught.value.rule in (rules.R_NOTATION, rules.R_DIRECTION, rules.R_DOUBLES)


def test_a_step_must_move_toward_1() -> None:
    with pytest.raises(RuleError) as caught:
        Play.parse("18/24")
    assert caught.value.rule == rules.R_DIRECTION


def test_an_illegal_play_read_against_the_board_names_the_rule() -> None:
    with pytest.raises(RuleError) as caught:
        Play.parse("6/1 6/2", INITIAL, 0, (5, 4))
    assert caught.value.rule == rules.R_CLOSED
    with pytest.raises(RuleError) as caught:
        Play.parse("24/18", INITIAL, 0, (6, 5))
    assert caught.value.rule == rules.R_BOTH_DICE
    with pytest.raises(RuleError) as caught:
        Play.parse("12/6", INITIAL, 0, (6, 5))
    assert caught.value.rule == rules.R_OWN_CHECKER


def test_dice_are_written_high_first() -> None:
    assert str(Dice(1, 3)) == "3-1"
    assert Dice.parse("31") == Dice.parse("1-3") == Dice(3, 1)
    with pytest.raises(RuleError) as caught:
        Dice(7, 1)
    assert caught.value.rule == rules.R_DICE

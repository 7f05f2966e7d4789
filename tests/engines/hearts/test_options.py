"""Rules §1, §2 and §5: every variant of Bidel is an option, with the source app's defaults."""

from __future__ import annotations

import pytest

from engines.cards.cards import Card
from engines.hearts.options import (
    Direction,
    HeartsOptions,
    Moon,
    OptionsError,
    PassOrder,
)

RIGHT, LEFT, ACROSS, NONE = Direction.RIGHT, Direction.LEFT, Direction.ACROSS, Direction.NONE


# -- §5 The defaults are the source's app -------------------------------------------------------


def test_the_defaults_are_the_source_app() -> None:
    options = HeartsOptions()
    assert options.target == 100
    assert options.moon is Moon.OTHERS_ADD
    assert options.jack_of_diamonds is False
    assert options.first_trick_points is False
    assert options.players == 4
    assert options.pass_order is PassOrder.RIGHT_FIRST


def test_every_variant_can_be_chosen() -> None:
    options = HeartsOptions(target=50, moon=Moon.SHOOTER_SUBTRACTS, jack_of_diamonds=True,
                            first_trick_points=True, players=5, pass_order=PassOrder.LEFT_FIRST)
    assert (options.target, options.moon, options.jack_of_diamonds, options.first_trick_points,
            options.players, options.pass_order) == (
        50, Moon.SHOOTER_SUBTRACTS, True, True, 5, PassOrder.LEFT_FIRST)


def test_options_are_fixed_once_agreed() -> None:
    options = HeartsOptions()
    with pytest.raises(AttributeError):
        options.target = 50  # type: ignore[misc]


def test_named_options_may_be_given_as_text() -> None:
    options = HeartsOptions(moon="shooter_subtracts", pass_order="left_first")  # type: ignore[arg-type]
    assert options.moon is Moon.SHOOTER_SUBTRACTS
    assert options.pass_order is PassOrder.LEFT_FIRST
    assert options == HeartsOptions(moon=Moon.SHOOTER_SUBTRACTS, pass_order=PassOrder.LEFT_FIRST)


# -- Choices the rules do not offer -------------------------------------------------------------


@pytest.mark.parametrize("target", [0, 75, 101, 100.0, "100", True, None])
def test_the_target_is_100_or_50(target: object) -> None:
    with pytest.raises(OptionsError) as caught:
        HeartsOptions(target=target)  # type: ignore[arg-type]
    assert caught.value.rule == "the game is played to 100, or to 50"


@pytest.mark.parametrize("players", [0, 1, 2, 6, 4.0, "4", True])
def test_three_four_or_five_players(players: object) -> None:
    with pytest.raises(OptionsError) as caught:
        HeartsOptions(players=players)  # type: ignore[arg-type]
    assert caught.value.rule == "four players, or three or five with small cards removed"


@pytest.mark.parametrize(("name", "value"), [("moon", "both"), ("pass_order", "across_first"),
                                             ("moon", None), ("pass_order", 3)])
def test_a_named_option_must_be_one_of_its_choices(name: str, value: object) -> None:
    with pytest.raises(OptionsError) as caught:
        HeartsOptions(**{name: value})  # type: ignore[arg-type]
    assert caught.value.rule.startswith(f"{name} is one of")


@pytest.mark.parametrize("name", ["jack_of_diamonds", "first_trick_points"])
@pytest.mark.parametrize("value", [1, 0, "yes", None])
def test_a_switch_is_on_or_off(name: str, value: object) -> None:
    with pytest.raises(OptionsError) as caught:
        HeartsOptions(**{name: value})  # type: ignore[arg-type]
    assert caught.value.rule == f"{name} is on or off"


def test_an_options_error_names_the_rule_in_its_message() -> None:
    with pytest.raises(OptionsError, match=r"\(rule: the game is played to 100, or to 50\)"):
        HeartsOptions(target=75)


# -- §1 Players and deck ------------------------------------------------------------------------


def test_four_players_use_all_52_cards_13_each() -> None:
    options = HeartsOptions()
    assert options.removed == ()
    assert options.hand_size == 13


def test_three_players_remove_the_two_of_diamonds_17_each() -> None:
    options = HeartsOptions(players=3)
    assert options.removed == (Card.parse("2D"),)
    assert options.hand_size == 17


def test_five_players_remove_the_twos_of_diamonds_and_spades_10_each() -> None:
    options = HeartsOptions(players=5)
    assert options.removed == (Card.parse("2D"), Card.parse("2S"))
    assert options.hand_size == 10


# -- §2 The pass cycle --------------------------------------------------------------------------


def test_the_pass_goes_right_left_across_then_none_and_repeats() -> None:
    options = HeartsOptions()
    assert options.pass_cycle == (RIGHT, LEFT, ACROSS, NONE)
    assert [options.direction(h) for h in range(9)] == [
        RIGHT, LEFT, ACROSS, NONE, RIGHT, LEFT, ACROSS, NONE, RIGHT]


def test_the_left_first_option_passes_left_right_across_none() -> None:
    options = HeartsOptions(pass_order=PassOrder.LEFT_FIRST)
    assert options.pass_cycle == (LEFT, RIGHT, ACROSS, NONE)
    assert [options.direction(h) for h in range(5)] == [LEFT, RIGHT, ACROSS, NONE, LEFT]


@pytest.mark.parametrize("players", [3, 5])
def test_three_or_five_players_skip_across(players: int) -> None:
    options = HeartsOptions(players=players)
    assert options.pass_cycle == (RIGHT, LEFT, NONE)
    assert [options.direction(h) for h in range(7)] == [RIGHT, LEFT, NONE] * 2 + [RIGHT]
    left_first = HeartsOptions(players=players, pass_order=PassOrder.LEFT_FIRST)
    assert left_first.pass_cycle == (LEFT, RIGHT, NONE)


# -- Seats: 0 … n−1 clockwise in the order of play; seat s+1 sits on s's left --------------------


def test_passing_left_goes_to_the_next_seat_in_play() -> None:
    options = HeartsOptions()
    assert [options.receiver(s, LEFT) for s in range(4)] == [1, 2, 3, 0]


def test_passing_right_goes_to_the_seat_before_in_play() -> None:
    options = HeartsOptions()
    assert [options.receiver(s, RIGHT) for s in range(4)] == [3, 0, 1, 2]


def test_passing_across_goes_two_seats_on() -> None:
    options = HeartsOptions()
    assert [options.receiver(s, ACROSS) for s in range(4)] == [2, 3, 0, 1]


@pytest.mark.parametrize("players", [3, 5])
def test_left_and_right_go_round_a_table_of_three_or_five(players: int) -> None:
    options = HeartsOptions(players=players)
    for seat in range(players):
        assert options.receiver(seat, LEFT) == (seat + 1) % players
        assert options.receiver(seat, RIGHT) == (seat - 1) % players
        assert options.receiver(options.receiver(seat, LEFT), RIGHT) == seat


def test_every_seat_receives_exactly_one_pass() -> None:
    for players in (3, 4, 5):
        options = HeartsOptions(players=players)
        for direction in options.pass_cycle:
            if direction is NONE:
                continue
            receivers = sorted(options.receiver(s, direction) for s in range(players))
            assert receivers == list(range(players))
            assert all(options.receiver(s, direction) != s for s in range(players))


@pytest.mark.parametrize("players", [3, 4, 5])
def test_each_seat_receives_from_exactly_the_seat_that_passes_to_it(players: int) -> None:
    options = HeartsOptions(players=players)
    for direction in options.pass_cycle:
        for seat in range(players):
            assert options.giver(options.receiver(seat, direction), direction) == seat

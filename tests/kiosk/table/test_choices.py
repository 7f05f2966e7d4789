"""A game's options in its modes menu, from its registry entry: values, steps, mending."""

from __future__ import annotations

from engines.backgammon.options import GameOptions, Variant
from engines.registry import game
from kiosk.table.choices import Choices


def backgammon(chosen: GameOptions) -> Choices:
    entry = game("backgammon")
    return Choices(entry.option_specs(), entry.make_options, chosen)


def index(choices: Choices, name: str) -> int:
    return [spec.name for spec in choices].index(name)


def test_each_option_of_the_entry_is_offered_with_its_values() -> None:
    choices = backgammon(GameOptions.classic(5))
    assert [spec.name for spec in choices] == ["variant", "cube", "match_length", "crawford",
                                            "jacoby"]
    specs = {spec.name: spec for spec in choices}
    assert Choices.values(specs["variant"]) == ("classic", "maple")
    assert Choices.values(specs["cube"]) == (True, False)
    assert Choices.values(specs["match_length"]) == tuple(range(0, 26))
    assert choices.value(index(choices, "variant")) == "classic"


def test_a_value_the_game_refuses_is_passed_over() -> None:
    choices = backgammon(GameOptions.maple(5))
    length = index(choices, "match_length")
    assert choices.step(length)  # 5 -> 1: Maple plays to 1, 3 or 5 only
    assert choices.shown.match_length == 1
    assert choices.step(length)
    assert choices.shown.match_length == 3
    assert choices.step(length, -1)
    assert choices.shown.match_length == 1


def test_a_value_allowed_only_with_another_change_makes_that_change() -> None:
    choices = backgammon(GameOptions.classic(0))  # a single game
    assert choices.step(index(choices, "variant"))
    assert choices.shown.variant is Variant.MAPLE and choices.shown.match_length == 1


def test_what_is_shown_is_played_only_once_a_way_to_play_is_chosen() -> None:
    first = GameOptions.classic(5)
    choices = backgammon(first)
    choices.step(index(choices, "cube"))
    assert choices.shown.cube is False and choices.chosen is first
    choices.open()  # the menu was closed without choosing, and opened again
    assert choices.shown is first
    choices.step(index(choices, "cube"))
    choices.confirm()
    assert choices.chosen.cube is False

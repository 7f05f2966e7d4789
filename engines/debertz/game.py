"""Debertz's entry in the game registry (`engines.registry`).

A seat may not see the other hands (less the cards the rules show) nor the stock (less
the exposed card): `rules.hidden_cards`. The returns are 1 for each seat of the winning
side and 0 for the others, so they add up to the winning side's seats.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engines.registry import GameEntry, LaterModule, later

from .options import PLAYERS, DebertzOptions, RulesPreset

if TYPE_CHECKING:
    from engines.protocol import RandomLike

    from .rules import GameState

# The bots' levels (`bots.LEVELS`), named here so that listing the games imports no bot.
LEVELS = ("easy", "medium", "hard")

TURN_SECONDS = 40  # the table's turn clock: the computer plays for a seat that runs out


def new_state(options: DebertzOptions, rng: RandomLike) -> GameState:
    """A new game; the first deal (with the first dealer drawn) is its first chance step."""
    from .rules import GameState

    return GameState(options)


def returns_sum(state: GameState) -> float:
    return float(sum(state.returns()))


def teams_of(options: DebertzOptions) -> tuple[tuple[int, ...], ...]:
    return tuple(options.seats_of(side) for side in range(options.sides))


ENTRY = GameEntry(
    key="debertz",
    name_fa="دبرتز",
    name_en="Debertz",
    seats=PLAYERS,
    players=lambda options: options.players,
    options=DebertzOptions,
    new_state=new_state,
    records=LaterModule(f"{__package__}.records"),
    bot_levels=LEVELS,
    make_bot=later(f"{__package__}.bots", "make_bot"),
    default_level="medium",
    teams=teams_of,
    presets={
        "two": DebertzOptions(players=2),
        "three": DebertzOptions(players=3),
        "four": DebertzOptions(players=4),
        "classic": DebertzOptions.preset(RulesPreset.CLASSIC, players=2),
        "kharkov": DebertzOptions.preset(RulesPreset.KHARKOV, players=4),
    },
    hidden=later(f"{__package__}.rules", "hidden_cards"),
    returns_sum=returns_sum,
    turn_seconds=TURN_SECONDS,
)

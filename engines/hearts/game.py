"""Bidel's entry in the game registry (`engines.registry`).

A seat may not see the other hands (`rules.hidden_cards`); the returns are each seat's
score negated, so they add up to minus every hand's points (`rules.points_in_hand`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engines.registry import GameEntry, LaterModule, later

from .options import PLAYERS, HeartsOptions, Moon, PassOrder

if TYPE_CHECKING:
    from engines.protocol import RandomLike

    from .rules import GameState

# The bots' levels (`bots.LEVELS`), named here so that listing the games imports no bot.
LEVELS = ("easy", "medium", "hard")

TURN_SECONDS = 40  # the table's turn clock: the computer plays for a seat that runs out


def new_state(options: HeartsOptions, rng: RandomLike) -> GameState:
    """A new game; the first deal is its first chance step."""
    from .rules import GameState

    return GameState(options)


def returns_sum(state: GameState) -> int:
    from .rules import points_in_hand

    return -sum(points_in_hand(state.options, r.shooter is not None) for r in state.results)


ENTRY = GameEntry(
    key="hearts",
    name_fa="بی\u200cدل",
    name_en="Bidel",
    seats=PLAYERS,
    players=lambda options: options.players,
    options=HeartsOptions,
    new_state=new_state,
    records=LaterModule(f"{__package__}.records"),
    bot_levels=LEVELS,
    make_bot=later(f"{__package__}.bots", "make_bot"),
    default_level="medium",
    presets={
        "four": HeartsOptions(target=50),
        "three": HeartsOptions(players=3, target=50, moon=Moon.SHOOTER_SUBTRACTS,
                               jack_of_diamonds=True),
        "five": HeartsOptions(players=5, target=50, first_trick_points=True,
                              pass_order=PassOrder.LEFT_FIRST, jack_of_diamonds=True),
    },
    hidden=later(f"{__package__}.rules", "hidden_cards"),
    returns_sum=returns_sum,
    turn_seconds=TURN_SECONDS,
)

"""Six Cards' entry in the game registry (`engines.registry`), under the key ``example``.

A seat may not see the other hand nor the cards laid aside (`rules.hidden_cards`). The
returns are 1 for the winner and -1 for the other, so they add up to 0. The presets are
games to 5 points, so the conformance suite plays them quickly; the kiosk offers the
default game to 11 first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engines.registry import GameEntry, LaterModule, later

from .options import PLAYERS, Options

if TYPE_CHECKING:
    from engines.protocol import RandomLike

    from .rules import GameState

# The bots' levels (`bots.LEVELS`), named here so that listing the games imports no bot.
LEVELS = ("random", "medium")

TURN_SECONDS = 40  # the table's turn clock: the computer plays for a seat that runs out


def new_state(options: Options, rng: RandomLike) -> GameState:
    """A new game; its first deal is its first chance step."""
    from .rules import GameState

    return GameState(options)


def players(options: Options) -> int:
    return PLAYERS


def returns_sum(state: GameState) -> float:
    return 0.0


ENTRY = GameEntry(
    key="example",
    name_fa="شش برگ",
    name_en="Six Cards",
    seats=(PLAYERS,),
    players=players,
    options=Options,
    new_state=new_state,
    records=LaterModule(f"{__package__}.records"),
    bot_levels=LEVELS,
    make_bot=later(f"{__package__}.bots", "make_bot"),
    default_level="medium",
    presets={"short": Options(target=5), "bonus": Options(target=5, last_trick_bonus=True)},
    hidden=later(f"{__package__}.rules", "hidden_cards"),
    returns_sum=returns_sum,
    turn_seconds=TURN_SECONDS,
)

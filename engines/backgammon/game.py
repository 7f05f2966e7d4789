"""Takhteh Nard's entry in the game registry (`engines.registry`).

Backgammon hides nothing (both sides see the whole board, the dice and the cube), so
the entry has no `hidden`; it is zero-sum: the returns add up to 0.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engines.registry import GameEntry, LaterModule, later

from .options import GameOptions

if TYPE_CHECKING:
    from engines.protocol import RandomLike

    from .rules import GameState

# The bots' levels (`bots.BOTS`), named here so that listing the games imports no bot.
LEVELS = ("easy", "medium", "hard")
KIOSK_MATCH = 5  # points: the kiosk offers a classic match with the cube first


def new_state(options: GameOptions, rng: RandomLike) -> GameState:
    """A new game or match; the opening roll is its first chance step."""
    from .rules import GameState

    return GameState(options)


ENTRY = GameEntry(
    key="backgammon",
    name_fa="تخته\u200cنرد",
    name_en="Takhteh Nard",
    seats=(2,),
    players=lambda options: 2,
    options=GameOptions,
    defaults=GameOptions.classic(KIOSK_MATCH),
    new_state=new_state,
    records=LaterModule(f"{__package__}.records"),
    bot_levels=LEVELS,
    make_bot=later(f"{__package__}.bots", "make_bot"),
    default_level="medium",
    presets={
        "single": GameOptions.classic(),  # one game for its points, with the cube
        "maple": GameOptions.maple(1),  # Maple scoring, no cube
        "match3": GameOptions.classic(3),  # a match with the cube and the Crawford rule
    },
    hidden=None,
    returns_sum=lambda state: 0,
)

"""Dobbm's entry in the game registry (`engines.registry`).

A seat may not see the other hands, the Dobb (unless it is the Dobbm declarer who took
it; in a Solo nobody, the declarer included) and the declarer's discards:
`rules.hidden_cards`. The returns are each seat's shillings over the session, so they
add up to 0.

The presets are short sessions (one hand, then the Mußrunde with 4 players; one hand of
5 players at a 12-shilling stake); the kiosk offers the §16 defaults first (a session of
`session_hands` = 8 hands and the Mußrunde).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engines.registry import GameEntry, LaterModule, later

from .options import PLAYERS, DobbmOptions

if TYPE_CHECKING:
    from engines.protocol import RandomLike

    from .rules import GameState

# The bots' levels (`bots.LEVELS`), named here so that listing the games imports no bot.
LEVELS = ("easy", "medium", "hard")

TURN_SECONDS = 40  # the table's turn clock: the computer plays for a seat that runs out


def new_state(options: DobbmOptions, rng: RandomLike) -> GameState:
    """A new session; the first deal (with the first dealer drawn) is its first chance step."""
    from .rules import GameState

    return GameState(options)


def returns_sum(state: GameState) -> float:
    return 0.0


ENTRY = GameEntry(
    key="dobbm",
    name_fa="دوبم",
    name_en="Dobbm",
    seats=PLAYERS,
    players=lambda options: options.players,
    options=DobbmOptions,
    new_state=new_state,
    records=LaterModule(f"{__package__}.records"),
    bot_levels=LEVELS,
    make_bot=later(f"{__package__}.bots", "make_bot"),
    default_level="medium",
    presets={  # short sessions, so the conformance suite can play thousands
        "four": DobbmOptions(players=4, session_hands=1),
        "five": DobbmOptions(players=5, stake=12, session_hands=1, musrunde=False),
    },
    hidden=later(f"{__package__}.rules", "hidden_cards"),
    returns_sum=returns_sum,
    turn_seconds=TURN_SECONDS,
)

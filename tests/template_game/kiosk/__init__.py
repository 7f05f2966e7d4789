"""How the kiosk hosts Six Cards (`kiosk.games`), with the hosting the dealt card games
share (`kiosk.games.dealt.DealtHosting`): its table with the ways to play (one person
against each computer level, pass and play for two, a demo) and the rules its menu
offers (the others are set in its config section); an unfinished game comes back; the
headless view (``debarna kiosk --game example``) is a deal under way.

This package is also the template of a game's kiosk package (tests/template_game): its
key, ``example``, is the one word to replace when it is installed as `kiosk.games.<key>`.
"""

from __future__ import annotations

from typing import Any

from kiosk.games.dealt import DealtHosting

from .scene import TABLE, SixCardsScene

# The game's own engine, a block of its own: in this order whatever the game's key.
# isort: split
from engines.example.bots import LEVELS, make_bot
from engines.example.options import Options
from engines.example.rules import GameState, Phase

KEY = "example"
MENU_OPTIONS = ("target", "last_trick_bonus")  # the rules the modes menu offers


def screen_bot(level: str) -> Any:
    """A computer of `level` for the screen (each thinks in a moment)."""
    return make_bot(level)


def mid_trick(state: GameState) -> bool:
    """A deal under way, South to play onto a trick North led."""
    return state.phase is Phase.PLAY and state.turn == 0 and len(state.trick) == 1


HOSTING = DealtHosting(
    KEY, SixCardsScene, GameState, Options, LEVELS, screen_bot, lambda: make_bot("medium"),
    MENU_OPTIONS, TABLE, "the saved game is not a game of Six Cards", demo_until=mid_trick)
make_scene, refuse, demo = HOSTING.make_scene, HOSTING.refuse, HOSTING.demo



"""How the kiosk hosts Dobbm (`kiosk.games`): its table with the ways to play (one person
against each computer level, pass and play for 2 people up to a person in every seat, a
demo) and the rule variants of its menu — the number of players among them, so the table
has 4 or 5 seats as chosen there; an unfinished session comes back whatever its number of
players; the headless view is a hand under way; ``debarna dobbm selfplay --hands N``
plays hand by hand, a JSON line a hand (`engines.dobbm.selfplay.play_hands`).

`DobbmTable` (with its scene) is Dobbm's flow for the table controller: every hand hidden
from the other seats, and the table stops after each hand (thrown-in ones too) for the
payments.
"""

from __future__ import annotations

import argparse
import json
import random
import secrets
import time
from typing import Any, TextIO

from engines.dobbm import bots as dobbm_bots
from engines.dobbm.bots import LEVELS, make_bot
from engines.dobbm.options import DobbmOptions
from engines.dobbm.rules import GameState, Phase
from engines.registry import game as registered_game
from kiosk.flags import bots_from_flag, bounded, options_from_flags
from kiosk.games import HARD_BOT_SECONDS
from kiosk.games.dealt import DealtHosting
from kiosk.games.dobbm.scene import DOBBM, DobbmScene

KEY = "dobbm"
# The rule variants the modes menu offers (with the ways to play and the Mußrunde row,
# every row fits on the felt); the others are set in the [dobbm] section of the config.
MENU_OPTIONS = ("players", "stake", "session_hands", "musrunde")


def screen_bot(level: str) -> Any:
    """A Dobbm bot for the screen; the hard one, where it exists, keeps to a time budget on
    the real clock."""
    hard = getattr(dobbm_bots, "HardBot", None)
    if level == "hard" and hard is not None:
        return hard(clock=time.monotonic, time_limit=HARD_BOT_SECONDS)
    return make_bot(level)


def mid_hand(state: GameState) -> bool:
    """A hand well under way, South to play onto a trick of one card or more."""
    return state.phase is Phase.PLAY and len(state.tricks) >= 2 and state.turn == 0 \
        and len(state.trick) >= 1


HOSTING = DealtHosting(
    KEY, DobbmScene, GameState, DobbmOptions, LEVELS, screen_bot, lambda: make_bot("medium"),
    MENU_OPTIONS, DOBBM, "the saved game is not a game of Dobbm", demo_until=mid_hand)
make_scene, refuse, demo = HOSTING.make_scene, HOSTING.refuse, HOSTING.demo


# -- its own commands ---------------------------------------------------------------------------


def add_tools(commands: Any, selfplay: argparse.ArgumentParser, how_many: Any) -> None:
    """Dobbm's self-play also plays hand by hand (--hands), a JSON line per hand."""
    how_many.add_argument("--hands", type=bounded(int, 1, what="--hands"), metavar="N",
                          help="how many hands, a line per hand (thrown-in deals count)")
    selfplay.add_argument("--format", choices=("json",), default="json",
                          help="with --hands: one JSON object a line (the only format)")


def _cmd_hands(args: argparse.Namespace, out: TextIO, parser: argparse.ArgumentParser) -> int:
    """Bots play `--hands` hands; each is printed as it ends. The sessions are the rules'
    (`--session-hands`, default 8, then the Mußrunde; a session that ends starts the next;
    `--session-hands 0`: one session of plain hands)."""
    from engines.dobbm.selfplay import play_hands

    entry = registered_game(KEY)
    options = options_from_flags(args, entry, parser)
    bots = bots_from_flag(args.bots, entry, options.players, parser)
    rng = random.Random(args.seed) if args.seed is not None else secrets.SystemRandom()
    for record in play_hands(args.hands, options=options, bots=bots, rng=rng):
        out.write(json.dumps(record, ensure_ascii=False) + "\n")
        out.flush()
    return 0


def run_tool(args: argparse.Namespace, out: TextIO, parser: argparse.ArgumentParser) -> int | None:
    """`selfplay --hands`: hand by hand (None: the shared `selfplay --games`)."""
    return _cmd_hands(args, out, parser) if getattr(args, "hands", None) is not None else None

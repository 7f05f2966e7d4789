"""How the kiosk hosts Debertz (`kiosk.games`): its table with the ways to play (one person
against each computer level, pass and play for 2 to 4 people, a demo) and the rule
variants of its menu — the number of players among them, so the table has 2, 3 or 4
seats as chosen there; an unfinished game comes back whatever its number of players; the
headless view is a deal under way; ``debarna debertz selfplay --deals N`` plays deal by
deal, a JSON line a deal.

`DebertzTable` (with its scene) is Debertz's flow for the table controller: every hand
hidden from the other seats, and the table stops after each deal (annulled ones too) for
the score sheet.
"""

from __future__ import annotations

import argparse
import json
import random
import secrets
import time
from typing import Any, TextIO

from engines.debertz.bots import LEVELS, HardBot, make_bot
from engines.debertz.options import DebertzOptions
from engines.debertz.rules import GameState, Phase
from engines.registry import game as registered_game
from kiosk.flags import bots_from_flag, bounded, options_from_flags
from kiosk.games import HARD_BOT_SECONDS
from kiosk.games.dealt import DealtHosting
from kiosk.games.debertz.scene import DEBERTZ, DebertzScene

KEY = "debertz"
# The rule variants the modes menu offers (so that every row fits on the felt); the others
# are set in the [debertz] section of the config.
MENU_OPTIONS = ("players", "four_player_individual", "target", "rules_preset",
                "order_obligatory", "bella_announce")


def screen_bot(level: str) -> Any:
    """A Debertz bot for the screen; the hard one keeps to a time budget on the real clock."""
    if level == "hard":
        return HardBot(clock=time.monotonic, time_limit=HARD_BOT_SECONDS)
    return make_bot(level)


def mid_deal(state: GameState) -> bool:
    """A deal well under way, South to play onto a trick of one card or more."""
    return state.phase is Phase.PLAY and len(state.tricks) >= 2 and state.turn == 0 \
        and len(state.trick) >= 1


HOSTING = DealtHosting(
    KEY, DebertzScene, GameState, DebertzOptions, LEVELS, screen_bot, lambda: make_bot("medium"),
    MENU_OPTIONS, DEBERTZ, "the saved game is not a game of Debertz", demo_until=mid_deal)
make_scene, refuse, demo = HOSTING.make_scene, HOSTING.refuse, HOSTING.demo


# -- its own commands ---------------------------------------------------------------------------


def add_tools(commands: Any, selfplay: argparse.ArgumentParser, how_many: Any) -> None:
    """Debertz's self-play also plays deal by deal (--deals), a line per deal."""
    how_many.add_argument("--deals", type=bounded(int, 1, what="--deals"), metavar="N",
                          help="how many deals, a line per deal (games follow one another)")
    selfplay.add_argument("--format", choices=("json", "text"), default="json",
                          help="with --deals: the lines as JSON (the default) or text")


def _cmd_deals(args: argparse.Namespace, out: TextIO, parser: argparse.ArgumentParser) -> int:
    """Bots play `--deals` deals; each is printed as it ends."""
    from engines.debertz.selfplay import play_deals

    entry = registered_game(KEY)
    options = options_from_flags(args, entry, parser)
    bots = bots_from_flag(args.bots, entry, options.players, parser)
    rng = random.Random(args.seed) if args.seed is not None else secrets.SystemRandom()
    for record in play_deals(args.deals, options=options, bots=bots, rng=rng):
        if args.format == "json":
            out.write(json.dumps(record, ensure_ascii=False) + "\n")
        else:
            points = " ".join(f"{line['points']:4d}" for line in record["lines"])
            scores = " ".join(f"{s:4d}" for s in record["scores"])
            trump = record["trump"] or "-"
            out.write(f"game {record['game']:3d} deal {record['deal']:2d} "
                      f"trump {trump} {record['outcome']:8s} points {points or '-':>9s}  "
                      f"totals {scores}\n")
        out.flush()
    return 0


def run_tool(args: argparse.Namespace, out: TextIO, parser: argparse.ArgumentParser) -> int | None:
    """`selfplay --deals`: deal by deal (None: the shared `selfplay --games`)."""
    return _cmd_deals(args, out, parser) if getattr(args, "deals", None) is not None else None

"""How the kiosk hosts Bidel (`kiosk.games`): its table with the ways to play (one person
against each computer level, pass and play for 2 to 4 people, a demo) and the rule
variants of its menu; an unfinished game comes back unless the number of players changed;
the headless view is a hand under way; ``debarna hearts selfplay --hands N`` plays hand by
hand.
"""

from __future__ import annotations

import argparse
import json
import random
import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor
from typing import Any, TextIO

from engines.hearts.bots import HardBot as HeartsHardBot
from engines.hearts.bots import make_bot as make_hearts_bot
from engines.hearts.options import HeartsOptions
from engines.hearts.rules import GameState as HeartsState
from engines.hearts.rules import Phase as HeartsPhase
from engines.registry import game as registered_game
from kiosk.config import Action, options_of, section_class
from kiosk.flags import bots_from_flag, bounded, options_from_flags, seeded_rng
from kiosk.games import HARD_BOT_SECONDS, Host, menu_choices
from kiosk.games.hearts.scene import Bot as HeartsBot
from kiosk.games.hearts.scene import HeartsScene
from kiosk.i18n import Translator
from kiosk.match_journal import Choice
from kiosk.table.choices import Choices
from kiosk.table.seats import Mode, ways_to_play
from kiosk.text import TextRenderer

HeartsConfig = section_class(registered_game("hearts"))  # the [hearts] section's class
HEARTS_LEVELS = registered_game("hearts").bot_levels
MAX_PASS_AND_PLAY = 4  # people at one Bidel table; computers fill the other seats


def hearts_options(config: HeartsConfig) -> HeartsOptions:
    """The rule variants of the config's [hearts] section."""
    options: HeartsOptions = options_of(registered_game("hearts"), config)
    return options


def screen_bot(level: str) -> HeartsBot:
    """A Bidel bot for the screen; the hard one keeps to a time budget on the real clock."""
    if level == "hard":
        return HeartsHardBot(clock=time.monotonic, time_limit=HARD_BOT_SECONDS)
    return make_hearts_bot(level)


def hearts_modes(config: HeartsConfig, players: int | None = None) -> tuple[Mode, ...]:
    """The ways to play Bidel offered on its screen: one person against the computer at each
    level, pass and play for 2 to 4 people (computers at the configured level fill the other
    seats), and a demo."""
    return ways_to_play(players or config.players, HEARTS_LEVELS, screen_bot,
                        lambda: make_hearts_bot("medium"), config.level, MAX_PASS_AND_PLAY)


def hearts_choices(config: HeartsConfig, chosen: HeartsOptions | None = None) -> Choices:
    """Bidel's rule variants as its menu offers them (from its registry entry), starting
    with `chosen` (None: the config's [hearts] section). The number of players stays the
    config's: the ways to play (who sits where) are made for it."""
    entry = registered_game("hearts")
    # every option but the number of players, which the menu has no row for: the rule
    # sets it makes keep the table's (`menu_choices` keeps what it does not offer)
    names = [spec.name for spec in entry.option_specs() if spec.name != "players"]
    return menu_choices(entry, chosen or hearts_options(config), names)


def hearts_scene(
    text: TextRenderer, tr: Translator, config: HeartsConfig, seed: int | None = None,
    on_action: Callable[[object], None] | None = None, thinker: Executor | None = None,
    mode: str | None = None, options: HeartsOptions | None = None,
    keys: Mapping[Action, Sequence[str]] | None = None,
) -> HeartsScene:
    """The Bidel table: one person against computers of the configured level to start with
    (or the way `mode`), playing `options` (None: the config's); its menu offers the ways to
    play and the rule variants. With a `thinker` the computers think on it, off the frame
    loop; a person out of time gets the choice of the computer at the table's level."""
    modes = hearts_modes(config)
    start = next((m for m in modes if m.key == mode), None) or \
        next(m for m in modes if m.key == config.level)
    choices = hearts_choices(config, options)
    return HeartsScene(
        text, tr, lambda: HeartsState(choices.chosen), start.bots, seeded_rng(seed),
        modes=modes, mode=start.key, on_action=on_action, turn_seconds=config.turn_seconds,
        level=config.level, level_bot=screen_bot, thinker=thinker, rule_choices=choices,
        keys=keys,
    )


def mid_hand(state: HeartsState) -> bool:
    """A hand well under way, South to play onto a trick of two cards or more."""
    return state.phase is HeartsPhase.PLAY and len(state.tricks) >= 5 and state.turn == 0 \
        and len(state.trick) >= 2


def make_scene(host: Host, last: Choice | None) -> HeartsScene:
    """The Bidel table, the way and the variants last chosen in its menu (else the
    [hearts] section's), with the same number of players as the config's."""
    players = hearts_options(host.config.hearts).players
    chosen = last.options if last and last.options.players == players else None
    return hearts_scene(host.text, host.tr, host.config.hearts, host.seed,
                        on_action=host.on_action, thinker=host.thinker,
                        mode=last.mode if last else None, options=chosen, keys=host.keys)


def refuse(state: Any, host: Host) -> str | None:
    """An unfinished game comes back unless the host changed the number of players in
    [hearts] since (the table then starts with the new number)."""
    players = hearts_options(host.config.hearts).players
    if getattr(getattr(state, "options", None), "players", None) == players:
        return None
    return "the [hearts] number of players changed since it was saved"


def demo(scene: HeartsScene, host: Host) -> None:
    """Headless: a hand well under way against the configured level."""
    mode = next(m for m in scene.modes if m.key == host.config.hearts.level)
    scene.start(mode.bots, mode.key)
    scene.fast_forward(mid_hand)


# -- its own commands ---------------------------------------------------------------------------


def add_tools(commands: Any, selfplay: argparse.ArgumentParser, how_many: Any) -> None:
    """Bidel's self-play also plays hand by hand (--hands), a line per hand."""
    how_many.add_argument("--hands", type=bounded(int, 1, what="--hands"), metavar="N",
                        help="how many hands, a line per hand (games follow one another)")
    selfplay.add_argument("--format", choices=("json", "text"), default="text",
                          help="with --hands: the lines as JSON or text")


def _cmd_hands(args: argparse.Namespace, out: TextIO,
                        parser: argparse.ArgumentParser) -> int:
    """Bots play `--hands` hands; each finished hand is printed as it ends."""
    from engines.hearts.selfplay import play_hands

    entry = registered_game("hearts")
    options = options_from_flags(args, entry, parser)
    bots = bots_from_flag(args.bots, entry, options.players, parser)
    rng = random.Random(args.seed) if args.seed is not None else secrets.SystemRandom()
    for record in play_hands(options, bots, args.hands, rng):
        if args.format == "json":
            out.write(json.dumps(record, ensure_ascii=False) + "\n")
        else:
            points = " ".join(f"{p:3d}" for p in record["points"])
            scores = " ".join(f"{p:3d}" for p in record["scores"])
            moon = "" if record["shooter"] is None else f"  moon: seat {record['shooter']}"
            out.write(f"game {record['game']:3d} hand {record['hand']:2d} "
                      f"pass {record['direction']:6s} points {points}  totals {scores}{moon}\n")
        out.flush()
    return 0


def run_tool(args: argparse.Namespace, out: TextIO, parser: argparse.ArgumentParser) -> int | None:
    """`selfplay --hands`: hand by hand (None: the shared `selfplay --games`)."""
    return _cmd_hands(args, out, parser) if getattr(args, "hands", None) is not None else None

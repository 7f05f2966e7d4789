"""The command-line flags a game's own commands take (`debarna <game> …`): a bounded
number, the rule flags made from the game's options dataclass, the bots of ``--bots``,
dice and a seeded random source. The command line (`kiosk.cli`) and each game's hosting
(`kiosk.games`) both use them; they name no game.
"""

from __future__ import annotations

import argparse
import random
import secrets
from collections.abc import Callable
from typing import Any

from engines.errors import BrokenRule
from engines.registry import GameEntry


def bounded(kind: Callable[[str], float | int], low: float | None, high: float | None = None,
             what: str = "value") -> Callable[[str], float | int]:
    """An argparse type that accepts a number within [low, high]."""

    def parse(text: str) -> float | int:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{what} must be a number, not {text!r}") from None
        if (low is not None and value < low) or (high is not None and value > high):
            span = (f"at most {high}" if low is None else f"at least {low}" if high is None
                    else f"from {low} to {high}")
            raise argparse.ArgumentTypeError(f"{what} must be {span}, not {text}")
        return value

    return parse


# -- a game's rule flags, from its options dataclass ------------------------------------------


def option_flags(parser: argparse.ArgumentParser, entry: GameEntry) -> None:
    """One flag per field of the game's options dataclass (``jack_of_diamonds`` is
    ``--jack-of-diamonds`` / ``--no-jack-of-diamonds``), defaulting to the kiosk's rules."""
    group = parser.add_argument_group(f"{entry.name_en} rules")
    for spec in entry.option_specs():
        flag = "--" + spec.name.replace("_", "-")
        default = spec.plain(getattr(entry.defaults, spec.name))
        words = spec.help.replace("%", "%%")
        if spec.kind is bool:
            group.add_argument(flag, action=argparse.BooleanOptionalAction, default=default,
                               help=f"{words} (default: {'on' if default else 'off'})")
        elif spec.choices is not None:
            group.add_argument(flag, type=spec.kind, choices=spec.choices, default=default,
                               help=f"{words} (default: {default})")
        elif spec.kind in (int, float):
            group.add_argument(flag, type=bounded(spec.kind, spec.low, spec.high, flag),
                               default=default, metavar="N", help=f"{words} (default: {default})")
        else:
            group.add_argument(flag, default=default, help=f"{words} (default: {default!r})")


def options_from_flags(args: argparse.Namespace, entry: GameEntry,
                       parser: argparse.ArgumentParser) -> Any:
    """The rule set the flags ask for; a combination the game refuses is a usage error."""
    values = {spec.name: getattr(args, spec.name) for spec in entry.option_specs()}
    try:
        return entry.make_options(values)
    except (BrokenRule, TypeError, ValueError) as exc:
        parser.error(f"these {entry.name_en} rules cannot be played together: {exc}")


def bots_from_flag(text: str | None, entry: GameEntry, players: int,
                   parser: argparse.ArgumentParser) -> list[Any]:
    """One bot a seat from ``--bots easy,hard,…`` (default: the game's usual level)."""
    levels = [entry.default_level] * players if text is None else \
        [level.strip().lower() for level in text.split(",")]
    if len(levels) != players:
        parser.error(f"--bots needs {players} levels, one per seat, not {len(levels)}")
    for level in levels:
        if level not in entry.bot_levels:
            parser.error(f"--bots: {level!r} is not a level; use {', '.join(entry.bot_levels)}")
    return [entry.make_bot(level) for level in levels]


def dice_arg(text: str) -> tuple[int, int]:
    parts = text.replace("-", ",").split(",")
    if len(parts) != 2 or not all(p.strip().isdigit() and 1 <= int(p) <= 6 for p in parts):
        raise argparse.ArgumentTypeError(f"--dice must be two dice 1-6 like 3,1, not {text!r}")
    return int(parts[0]), int(parts[1])


def seeded_rng(seed: int | None) -> random.Random:
    return random.Random(seed) if seed is not None else secrets.SystemRandom()

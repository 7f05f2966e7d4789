"""Computer players for Debertz — for now one placeholder, `RandomBot`, at every level.

This module stands in until the real easy, medium and hard bots replace it (rules §14,
issue 14): it keeps their interface so the kiosk, the self-play and the conformance
suite work now. A bot has a `level` and ``choose(view, rng) -> action``: it receives one
seat's `rules.View` (never the game state) and an injected random source, and returns
one of ``view.legal`` — a bid, a swap or redeal answer, bella, or a card.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Protocol

from engines.protocol import RandomLike

from .rules import Action, View

LEVELS: Final = ("easy", "medium", "hard")

Rng = RandomLike  # the random source a bot needs (`random.Random`, `secrets.SystemRandom`)


class Bot(Protocol):
    """A computer player: one of the view's legal actions."""

    level: str

    def choose(self, view: View, rng: Rng) -> Action: ...


@dataclass
class RandomBot:
    """The placeholder at every level: a uniformly random legal action."""

    level: str = "easy"

    def choose(self, view: View, rng: Rng) -> Action:
        if not view.legal:
            raise ValueError(f"seat {view.seat} has nothing to decide now")
        return view.legal[rng.randrange(len(view.legal))]


def make_bot(level: str) -> Bot:
    """A bot by level name: easy, medium or hard (all `RandomBot` until the real bots)."""
    if level not in LEVELS:
        choices = ", ".join(LEVELS)
        raise ValueError(f"unknown bot level {level!r}; choose one of {choices}")
    return RandomBot(level)

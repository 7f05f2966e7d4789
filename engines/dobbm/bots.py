"""Computer players for Dobbm: a placeholder at every level until the real bots come.

Every bot has the one small interface of `engines.protocol.Bot`: a `level` and
``choose(view, rng) -> action``. It receives one seat's `rules.View` (never the game
state) and an injected random source, and returns one of ``view.legal``: a call, a
discard, or a card.

`RandomBot` is a placeholder: it plays a uniformly random legal action (the same view
and the same seeded random source give the same choice). `make_bot(level)` returns one
for "easy", "medium" and "hard" alike.
"""

from __future__ import annotations

from typing import Final

from engines.protocol import RandomLike

from .rules import Action, View

LEVELS: Final = ("easy", "medium", "hard")


class RandomBot:
    """A legal random player (the placeholder of every level)."""

    def __init__(self, level: str = "easy") -> None:
        self.level = level

    def choose(self, view: View, rng: RandomLike) -> Action:
        legal = view.legal
        if not legal:
            raise ValueError(f"seat {view.seat} has nothing to decide now")
        return legal[rng.randrange(len(legal))]


Bot = RandomBot


def make_bot(level: str) -> RandomBot:
    """The computer player of `level` ("easy", "medium" or "hard")."""
    if level not in LEVELS:
        raise ValueError(f"no Dobbm bot level {level!r} (the levels: {', '.join(LEVELS)})")
    return RandomBot(level)

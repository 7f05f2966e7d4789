"""Computer players for Six Cards: random and medium.

Every bot has the one small interface of `engines.protocol.Bot`: a `level` and
``choose(view, rng) -> card``. It receives one seat's `rules.View` (never the state) and
an injected random source, and returns one of ``view.legal``; the same view and the same
seeded source give the same choice.

- `RandomBot`: any legal card, uniformly.
- `MediumBot`: leads a card no unseen card of its suit can beat when it holds one (the
  highest such), else the lowest card of its longest suit; second to play, it wins the
  trick with the lowest card that does, else throws its lowest card.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from engines.cards.cards import Card
from engines.protocol import RandomLike

from .rules import DECK, Action, View

LEVELS: Final = ("random", "medium")


@dataclass(frozen=True)
class RandomBot:
    """Any legal card, uniformly."""

    level: str = "random"

    def choose(self, view: View, rng: RandomLike) -> Action:
        return view.legal[rng.randrange(len(view.legal))]


def _cards(view: View) -> list[Card]:
    return [card for card in view.legal if isinstance(card, Card)]


def unseen(view: View) -> set[Card]:
    """The cards the seat has not seen this deal: not in its hand, not played."""
    played = {card for trick in view.tricks for card in trick.cards} | set(view.trick)
    return set(DECK) - played - set(view.hand)


def lowest(cards: Sequence[Card]) -> Card:
    return min(cards, key=lambda card: card.rank)


@dataclass(frozen=True)
class MediumBot:
    """Rules of thumb (see the module docstring)."""

    level: str = "medium"

    def choose(self, view: View, rng: RandomLike) -> Action:
        cards = _cards(view)
        if not view.trick:
            return self.lead(view, cards)
        led = view.trick[0]
        winners = [card for card in cards if card.suit == led.suit and card.rank > led.rank]
        return lowest(winners) if winners else lowest(cards)

    def lead(self, view: View, cards: list[Card]) -> Card:
        out = unseen(view)
        masters = [card for card in cards
                   if not any(o.suit == card.suit and o.rank > card.rank for o in out)]
        if masters:
            return max(masters, key=lambda card: card.rank)
        longest = max(cards, key=lambda card: sum(c.suit == card.suit for c in cards)).suit
        return lowest([card for card in cards if card.suit == longest])


def make_bot(level: str) -> RandomBot | MediumBot:
    """A bot by level name: random or medium."""
    if level == "random":
        return RandomBot()
    if level == "medium":
        return MediumBot()
    raise ValueError(f"unknown bot level {level!r}; choose one of {', '.join(LEVELS)}")

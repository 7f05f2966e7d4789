"""Runs (sequences) of cards: consecutive ranks of one suit in a hand, as Debertz and the
Belote family declare them (Debertz §8.1).

`runs(hand, order, least)` finds every maximal run of at least `least` cards; `order`
lists the ranks high to low as sequences count them (for Debertz A K Q J 10 9 8 7 in
every suit, trumps included). A run is a tuple of cards, highest first; its length and
its top card decide seniority (`run_key`).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from typing import TypeVar

from .cards import PlayingCard

C = TypeVar("C", bound=PlayingCard)

SEQUENCE_ORDER: tuple[int, ...] = (14, 13, 12, 11, 10, 9, 8, 7)  # A K Q J 10 9 8 7


def runs(hand: Iterable[C], order: Sequence[int] = SEQUENCE_ORDER,
         least: int = 3) -> list[tuple[C, ...]]:
    """Every maximal run of `least` or more consecutive cards (by `order`) of one suit in
    `hand`, each highest first; the runs come longest first, then by their top card."""
    place = {rank: i for i, rank in enumerate(order)}
    by_suit: dict[Hashable, list[C]] = {}
    for card in hand:
        if card.rank in place:
            by_suit.setdefault(card.suit, []).append(card)
    found: list[tuple[C, ...]] = []
    for cards in by_suit.values():
        cards.sort(key=lambda c: place[c.rank])
        current = [cards[0]]
        for card in cards[1:]:
            if place[card.rank] == place[current[-1].rank] + 1:
                current.append(card)
                continue
            if len(current) >= least:
                found.append(tuple(current))
            current = [card]
        if len(current) >= least:
            found.append(tuple(current))
    found.sort(key=lambda run: run_key(run, order), reverse=True)
    return found


def run_key(run: Sequence[PlayingCard], order: Sequence[int] = SEQUENCE_ORDER
            ) -> tuple[int, int]:
    """Seniority: a longer run beats a shorter one, then the higher top card."""
    return (len(run), len(order) - list(order).index(run[0].rank))

"""Whole hands played by the machine, every player claiming at once: for hosts and checks."""

from __future__ import annotations

import statistics
from dataclasses import dataclass

from .bag import Bag
from .hand import Hand, Win
from .options import HandOptions, Stage
from .strips import RandomLike, make_strips
from .ticket import Ticket

TICKETS_PER_STRIP = 6


@dataclass(frozen=True)
class HandResult:
    calls: tuple[int, ...]
    tickets: tuple[Ticket, ...]
    winners: dict[Stage, Win]

    def to_json(self) -> dict[str, object]:
        return {
            "calls": list(self.calls),
            "tickets": [t.to_json() for t in self.tickets],
            "winners": {str(stage): win.to_json() for stage, win in self.winners.items()},
        }


def deal_tickets(count: int, rng: RandomLike) -> list[Ticket]:
    """`count` tickets taken in order from as many uniform strips as needed."""
    strips = make_strips(-(-count // TICKETS_PER_STRIP), rng)
    return [t for strip in strips for t in strip][:count]


def play_hand(tickets: list[Ticket], rng: RandomLike, options: HandOptions) -> HandResult:
    """Call numbers until a full house; every card that reaches an open stage claims it."""
    hand = Hand(options, tickets)
    bag = Bag(rng)
    while not hand.is_over:
        hand.call(bag.draw())
        for serials in hand.reached_on_last().values():
            for serial in serials:
                hand.claim(serial)
    return HandResult(hand.called, tuple(tickets), hand.winners)


def simulate(
    games: int, tickets: int, rng: RandomLike, options: HandOptions
) -> list[HandResult]:
    return [play_hand(deal_tickets(tickets, rng), rng, options) for _ in range(games)]


def summary(results: list[HandResult], options: HandOptions) -> list[tuple[Stage, float, float]]:
    """Mean and median number of calls needed to win each stage."""
    rows = []
    for stage in options.stages:
        counts = [r.winners[stage].call_index + 1 for r in results if stage in r.winners]
        if counts:
            rows.append((stage, statistics.fmean(counts), statistics.median(counts)))
    return rows

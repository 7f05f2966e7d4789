"""Hand-made tickets for rule tests: each row given as its five numbers."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engines.debarna.hand import Hand
from engines.debarna.options import HandOptions
from engines.debarna.ticket import COLUMNS, Ticket, column_of


def grid_from_rows(*rows: Sequence[int]) -> list[list[int | None]]:
    """Place each row's numbers in their decade columns."""
    grid: list[list[int | None]] = [[None] * COLUMNS for _ in rows]
    for r, row in enumerate(rows):
        for n in row:
            grid[r][column_of(n)] = n
    return grid


def make_ticket(serial: str, *rows: Sequence[int]) -> Ticket:
    return Ticket(serial, grid_from_rows(*rows))


# Two cards that share their top row, and a third that shares nothing with them.
TOP = (1, 10, 20, 30, 40)
CARD_A = make_ticket("A", TOP, (41, 50, 60, 70, 80), (2, 21, 51, 71, 81))
CARD_B = make_ticket("B", TOP, (42, 52, 62, 72, 82), (3, 22, 53, 73, 83))
CARD_C = make_ticket("C", (4, 11, 23, 31, 43), (12, 32, 44, 54, 63), (5, 24, 55, 74, 84))


def call_all(hand: Hand, numbers: Iterable[int]) -> None:
    for n in numbers:
        hand.call(n)


def new_hand(**options: bool) -> Hand:
    return Hand(HandOptions(**options), [CARD_A, CARD_B, CARD_C])

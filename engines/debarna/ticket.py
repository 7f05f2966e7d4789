"""The Dabernā ticket (card): a 3×9 grid of 15 numbers, and the rules it must keep.

Rules §2: 3 rows × 9 columns; exactly 5 numbers in every row; column k holds
only its decade (1–9, 10–19, …, 80–90); every column holds 1–3 numbers, sorted
ascending from top to bottom.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property

from engines.errors import BrokenRule

ROWS = 3
COLUMNS = 9
NUMBERS_PER_ROW = 5
NUMBERS_PER_TICKET = ROWS * NUMBERS_PER_ROW
LOWEST, HIGHEST = 1, 90

Grid = tuple[tuple[int | None, ...], ...]


class TicketError(BrokenRule):
    """A ticket that breaks a rule of §2; `rule` names the broken rule."""


def column_of(number: int) -> int:
    """The 0-based column a number belongs to: 1–9 → 0, 10–19 → 1, …, 80–90 → 8."""
    if not LOWEST <= number <= HIGHEST:
        raise TicketError("numbers 1-90", f"{number} is not a number from 1 to 90")
    return min(number // 10, COLUMNS - 1)


def column_range(column: int) -> range:
    """The numbers column `column` (0-based) may hold."""
    first = 1 if column == 0 else column * 10
    last = 90 if column == COLUMNS - 1 else column * 10 + 9
    return range(first, last + 1)


@dataclass(frozen=True)
class Ticket:
    """A validated ticket. `grid[row][column]` is a number or None for a blank."""

    serial: str
    grid: Grid

    def __post_init__(self) -> None:
        object.__setattr__(self, "grid", _freeze(self.grid))
        validate_grid(self.grid)

    @classmethod
    def from_generator(cls, serial: str, grid: Grid) -> Ticket:
        """A ticket from the strip generator, whose grids are valid by construction.

        Skips re-validation (the generator's output is proved valid by the test
        suite); anything read from outside goes through the normal constructor.
        """
        ticket = object.__new__(cls)
        object.__setattr__(ticket, "serial", serial)
        object.__setattr__(ticket, "grid", grid)
        return ticket

    @cached_property
    def numbers(self) -> frozenset[int]:
        """The 15 numbers on the ticket."""
        return frozenset(n for row in self.grid for n in row if n is not None)

    @cached_property
    def rows(self) -> tuple[frozenset[int], ...]:
        """The numbers of each row, top to bottom."""
        return tuple(frozenset(n for n in row if n is not None) for row in self.grid)

    @cached_property
    def corners(self) -> frozenset[int]:
        """The first and last number of the top and bottom rows (the four corners)."""
        top = [n for n in self.grid[0] if n is not None]
        bottom = [n for n in self.grid[-1] if n is not None]
        return frozenset((top[0], top[-1], bottom[0], bottom[-1]))

    def to_json(self) -> dict[str, object]:
        return {"serial": self.serial, "grid": [list(row) for row in self.grid]}

    @classmethod
    def from_json(cls, data: dict[str, object]) -> Ticket:
        try:
            serial = data["serial"]
            grid = data["grid"]
        except (KeyError, TypeError) as exc:
            raise TicketError("ticket record", "a ticket needs 'serial' and 'grid'") from exc
        if not isinstance(serial, str):
            raise TicketError("ticket record", "the serial must be text")
        return cls(serial, grid)  # type: ignore[arg-type]  # checked in __post_init__


_BOUNDS = tuple((column_range(c).start, column_range(c).stop - 1) for c in range(COLUMNS))


def _freeze(grid: Iterable[Iterable[int | None]]) -> Grid:
    try:
        return tuple(tuple(row) for row in grid)
    except TypeError as exc:
        raise TicketError("3 rows x 9 columns", "the grid must be a list of rows") from exc


def validate_grid(grid: Sequence[Sequence[int | None]]) -> None:
    """Raise TicketError naming the first rule of §2 the grid breaks."""
    if len(grid) != ROWS or any(len(row) != COLUMNS for row in grid):
        raise TicketError("3 rows x 9 columns", "a ticket has 3 rows of 9 cells")
    for r, row in enumerate(grid):
        count = 0
        for c, cell in enumerate(row):
            if cell is None:
                continue
            if type(cell) is not int:
                raise TicketError("cells hold numbers", f"row {r + 1} column {c + 1}: {cell!r}")
            low, high = _BOUNDS[c]
            if not low <= cell <= high:
                raise TicketError(
                    "column decade",
                    f"{cell} cannot stand in column {c + 1}, which holds {low}-{high}",
                )
            count += 1
        if count != NUMBERS_PER_ROW:
            raise TicketError("5 numbers per row", f"row {r + 1} holds {count} numbers, not 5")
    for c in range(COLUMNS):
        column = [number for row in grid if (number := row[c]) is not None]
        if not column:
            raise TicketError("no empty column", f"column {c + 1} is empty")
        for above, below in itertools.pairwise(column):
            if above == below:
                # Numbers of different columns differ by decade, so a repeat is in one column.
                raise TicketError("no repeated number", f"{above} appears twice")
            if above > below:
                raise TicketError("columns sorted", f"column {c + 1} is not sorted top to bottom")


def validate_strip(tickets: Sequence[Ticket]) -> None:
    """Raise TicketError unless the 6 tickets hold every number 1–90 exactly once (§3)."""
    if len(tickets) != 6:
        raise TicketError("strip of 6", f"a strip has 6 tickets, not {len(tickets)}")
    numbers = [n for t in tickets for n in t.numbers]
    if sorted(numbers) != list(range(LOWEST, HIGHEST + 1)):
        raise TicketError("strip covers 1-90 once", "the strip does not hold 1-90 exactly once")


def normalise_serial(text: str) -> str:
    """A serial as a host types it: only letters and digits count, upper-cased.

    So ``007-3``, ``0073`` and `` 007 3`` all name the same ticket.
    """
    return "".join(ch for ch in text if ch.isascii() and ch.isalnum()).upper()

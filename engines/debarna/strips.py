"""Uniformly random strips of 6 tickets that together hold 1–90 exactly once.

The exact method of rules §3. A strip is fixed by three choices:

1. each ticket's *column counts* (how many numbers it has in each column);
2. each ticket's *row layout* (which cells of a column are filled);
3. how each column's numbers are dealt among the tickets (each column sorted).

For given column counts ``c`` of all six tickets there are ``Π L(cᵢ)`` layouts
and ``Π_j n_j! / Π_i c_ij!`` deals, so the number of strips is
``Π_j n_j! · Σ_C Π_i w(cᵢ)`` with ``w(c) = L(c) / Π_j c_j!``. We count the
completions of every partial strip by dynamic programming over "numbers left in
each column", choose each ticket's counts with probability proportional to
``w(c) × completions``, then a layout uniformly, then a uniform deal. Every
choice is exact (integer weights, ``randrange`` and ``bisect``), so each strip
has the same probability, and nothing is ever retried.

The count of completions does not change when columns are permuted, so tables
are kept per *sorted* state; the draw maps the choice back through the sort.
"""

from __future__ import annotations

import bisect
import functools
import itertools
import math
import operator
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Protocol

from .ticket import COLUMNS, NUMBERS_PER_ROW, ROWS, Ticket, column_range

TICKETS_PER_STRIP = 6
COLUMN_SIZES: tuple[int, ...] = tuple(len(column_range(c)) for c in range(COLUMNS))
# w(c) scaled to an integer: L(c) · Π (6 / c_j!) — 6/1! = 6, 6/2! = 3, 6/3! = 1.
_SCALE = {1: 6, 2: 3, 3: 1}


@functools.cache
def _labels(shares: tuple[int, ...]) -> tuple[int, ...]:
    """Ticket 0 repeated shares[0] times, then ticket 1 shares[1] times, and so on."""
    return tuple(t for t, share in enumerate(shares) for _ in range(share))


class RandomLike(Protocol):
    def randrange(self, stop: int, /) -> int: ...
    def shuffle(self, x: list[int]) -> None: ...


Counts = tuple[int, ...]
_ALL_ROWS = tuple(range(ROWS))
_COLUMN_NUMBERS = tuple(tuple(column_range(c)) for c in range(COLUMNS))


def _all_column_counts() -> list[Counts]:
    """Every vector of 9 column counts in 1–3 that sums to 15 (1554 of them)."""
    return [
        c
        for c in itertools.product((1, 2, 3), repeat=COLUMNS)
        if sum(c) == ROWS * NUMBERS_PER_ROW
    ]


def _role_layouts(singles: int, doubles: int, triples: int) -> list[tuple[tuple[int, ...], ...]]:
    """All row layouts for a ticket with this many 1-, 2- and 3-number columns.

    A layout gives, for each 1-number column in order, the row it fills, then for
    each 2-number column in order, the two rows it fills. Rows must hold 5 each.
    The layouts come in the order of ``itertools.product`` over the 1-number columns'
    rows, then the 2-number columns' pairs of rows.
    """
    one_choices = [(0,), (1,), (2,)]
    two_choices = [(0, 1), (0, 2), (1, 2)]
    # The 2-number columns' choices by the numbers they put in each row, each list in
    # product order; a layout is a 1-number choice and a 2-number choice that fill every
    # row with what the 3-number columns leave.
    by_rows: dict[tuple[int, ...], list[tuple[tuple[int, ...], ...]]] = {}
    for twos in itertools.product(two_choices, repeat=doubles):
        by_rows.setdefault(_per_row(twos), []).append(twos)
    left = NUMBERS_PER_ROW - triples
    layouts: list[tuple[tuple[int, ...], ...]] = []
    for ones in itertools.product(one_choices, repeat=singles):
        wanted = tuple(left - n for n in _per_row(ones))
        layouts.extend(ones + twos for twos in by_rows.get(wanted, ()))
    return layouts


def _per_row(choices: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    """How many numbers these columns' chosen rows put in each row."""
    per_row = [0] * ROWS
    for rows in choices:
        for r in rows:
            per_row[r] += 1
    return tuple(per_row)


@dataclass
class _Choices:
    """The weighted choices of column counts from one sorted state."""

    options: list[Counts] = field(default_factory=list)
    cumulative: list[int] = field(default_factory=list)

    @property
    def total(self) -> int:
        return self.cumulative[-1] if self.cumulative else 0


class StripSampler:
    """Draws strips uniformly at random. Build once (the tables), draw many."""

    def __init__(self) -> None:
        self._counts = _all_column_counts()
        self._layouts: dict[tuple[int, int, int], list[tuple[tuple[int, ...], ...]]] = {}
        self._weight: dict[Counts, int] = {}
        self._roles: dict[Counts, tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]] = {}
        for c in self._counts:
            kind = (c.count(1), c.count(2), c.count(3))
            if kind not in self._layouts:
                self._layouts[kind] = _role_layouts(*kind)
            scale = math.prod(_SCALE[x] for x in c)
            self._weight[c] = len(self._layouts[kind]) * scale
            self._roles[c] = (
                tuple(j for j in range(COLUMNS) if c[j] == 1),
                tuple(j for j in range(COLUMNS) if c[j] == 2),
                tuple(j for j in range(COLUMNS) if c[j] == 3),
            )
        # The counts vectors with count x in column j, as the bits of _having[j][x] (bit i
        # for self._counts[i]): a state's possible next tickets are found by a few ANDs.
        self._having = [[0] * 4 for _ in range(COLUMNS)]
        for i, c in enumerate(self._counts):
            for j, x in enumerate(c):
                self._having[j][x] |= 1 << i
        self._weights = [self._weight[c] for c in self._counts]
        self._completions: dict[tuple[int, Counts], int] = {}
        self._choices: dict[tuple[int, Counts], _Choices] = {}
        start = tuple(sorted(COLUMN_SIZES))
        self._count(TICKETS_PER_STRIP, start)

    # -- counting ---------------------------------------------------------------------
    def _count(self, k: int, state: Counts) -> int:
        """Scaled number of ways to fill k more tickets from sorted `state`."""
        key = (k, state)
        found = self._completions.get(key)
        if found is not None:
            return found
        if k == 0:
            result = 1 if not any(state) else 0
            self._completions[key] = result
            return result
        # The tickets that may come next leave every column between k - 1 and 3(k - 1)
        # numbers for the k - 1 tickets after it: in self._counts order, the bits of `fits`.
        low, high = k - 1, 3 * (k - 1)
        fits = (1 << len(self._counts)) - 1
        for having, left in zip(self._having, state, strict=True):
            fits &= sum(having[x] for x in (1, 2, 3) if low <= left - x <= high)
        choices = _Choices()
        options, cumulative = choices.options, choices.cumulative
        completions, counts, weights = self._completions, self._counts, self._weights
        running = 0
        while fits:
            bit = fits & -fits
            fits ^= bit
            i = bit.bit_length() - 1
            c = counts[i]
            rest = tuple(sorted(map(operator.sub, state, c)))
            ways = completions.get((k - 1, rest))
            if ways is None:
                ways = self._count(k - 1, rest)
            if ways:
                running += weights[i] * ways
                options.append(c)
                cumulative.append(running)
        self._completions[key] = running
        self._choices[key] = choices
        return running

    @property
    def table_size(self) -> int:
        """How many sorted partial-strip states the tables hold."""
        return len(self._choices)

    def strip_count(self) -> int:
        """The exact number of ordered, numbered strips (about 4.68×10⁷⁷)."""
        scaled = self._completions[(TICKETS_PER_STRIP, tuple(sorted(COLUMN_SIZES)))]
        deals = math.prod(math.factorial(n) for n in COLUMN_SIZES)
        return scaled * deals // 6 ** (COLUMNS * TICKETS_PER_STRIP)

    def probability_of_counts(self, counts: list[Counts]) -> float:
        """Probability that a strip has exactly these column counts, ticket by ticket."""
        remaining = list(COLUMN_SIZES)
        p = 1.0
        for k in range(TICKETS_PER_STRIP, 0, -1):
            c = counts[TICKETS_PER_STRIP - k]
            state = tuple(sorted(remaining))
            rest = [r - x for r, x in zip(remaining, c, strict=True)]
            total = self._completions[(k, state)]
            p *= self._weight[c] * self._completions.get((k - 1, tuple(sorted(rest))), 0) / total
            remaining = rest
        return p

    # -- drawing ----------------------------------------------------------------------
    def column_counts(self, rng: RandomLike) -> list[Counts]:
        """Choose the six tickets' column counts with the exact weights."""
        remaining = list(COLUMN_SIZES)
        chosen: list[Counts] = []
        for k in range(TICKETS_PER_STRIP, 0, -1):
            order = sorted(range(COLUMNS), key=remaining.__getitem__)
            state = tuple(remaining[j] for j in order)
            table = self._choices[(k, state)]
            pick = bisect.bisect_right(table.cumulative, rng.randrange(table.total))
            sorted_counts = table.options[pick]
            counts = [0] * COLUMNS
            for position, j in enumerate(order):
                counts[j] = sorted_counts[position]
                remaining[j] -= sorted_counts[position]
            chosen.append(tuple(counts))
        return chosen

    def grids(self, rng: RandomLike) -> list[tuple[tuple[int | None, ...], ...]]:
        """One uniformly random strip, as six 3×9 grids."""
        counts = self.column_counts(rng)
        cells: list[list[int | None]] = [[None] * (ROWS * COLUMNS) for _ in counts]
        rows_of: list[list[tuple[int, ...]]] = []
        for c in counts:
            singles, doubles, triples = self._roles[c]
            layouts = self._layouts[(len(singles), len(doubles), len(triples))]
            layout = layouts[rng.randrange(len(layouts))]
            rows = [_ALL_ROWS] * COLUMNS
            for j, filled in zip(singles + doubles, layout, strict=True):
                rows[j] = filled
            rows_of.append(rows)
        # Deal each column: shuffle the tickets' shares (one label per number), then hand
        # the column's numbers out in ascending order, so each share comes out sorted.
        for j, shares in enumerate(zip(*counts, strict=True)):
            labels = list(_labels(shares))
            rng.shuffle(labels)
            numbers = _COLUMN_NUMBERS[j]
            slots = [iter(rows[j]) for rows in rows_of]
            for n, t in zip(numbers, labels, strict=True):
                cells[t][next(slots[t]) * COLUMNS + j] = n
        return [
            (tuple(t[0:COLUMNS]), tuple(t[COLUMNS : 2 * COLUMNS]), tuple(t[2 * COLUMNS :]))
            for t in cells
        ]


_SHARED: StripSampler | None = None


def sampler() -> StripSampler:
    """The process-wide sampler; its tables are built on first use."""
    global _SHARED
    if _SHARED is None:
        _SHARED = StripSampler()
    return _SHARED


def serial_for(strip_number: int, position: int, prefix: str = "") -> str:
    """Ticket serial: the strip's number and the ticket's place in it, e.g. ``007-3``.

    A prefix letter marks tickets that are not printed by the kiosk (``B007-3`` for the
    stand-in box), so they never share a serial with a printed ticket.
    """
    return f"{prefix}{strip_number:03d}-{position}"


def make_strip(rng: RandomLike, strip_number: int = 1, prefix: str = "") -> list[Ticket]:
    """One uniformly random strip of validated tickets."""
    return [
        Ticket.from_generator(serial_for(strip_number, i + 1, prefix), grid)
        for i, grid in enumerate(sampler().grids(rng))
    ]


BOX_PREFIX = "B"  # the stand-in box: tickets the kiosk did not print


def make_strips(count: int, rng: RandomLike, first: int = 1,
                prefix: str = "") -> list[list[Ticket]]:
    """`count` strips numbered from `first`; a box of 48 cards is ``make_strips(8, rng)``."""
    if count < 0:
        raise ValueError("the number of strips cannot be negative")
    return [make_strip(rng, first + i, prefix) for i in range(count)]


def iter_tickets(strips: list[list[Ticket]]) -> Iterator[Ticket]:
    for strip in strips:
        yield from strip

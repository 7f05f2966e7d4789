"""A store-bought card's structure check: a reading of its 3×9 grid, held to §2 and §8.

Rules §8 ("A shop set's cards"): a shop card follows §2's shape and nothing else is
assumed of it. So a reading (from a photo, or typed) is **refused** when it breaks

- the grid: 3 rows of 9 cells, each a number or a blank;
- the numbers: each a whole number from 1 to 90;
- the decades: a number stands only in its own column (1–9, 10–19, …, 80–90, as
  `engines.debarna.ticket.column_range` has them);
- the rows: every row holds exactly 5 numbers;
- no number twice on a card;

and every refusal is a `CardProblem`: the rule (a key the kiosk translates), the values a
message shows (rows and columns counted from 1, as a host counts them), the cells it is
about (0-based) and an English sentence. A column whose numbers do not rise from top to
bottom is not refused but **doubtful** (most sets print them rising, not every set), and
so is every cell the reader was unsure of: the host confirms them. A column left empty
is allowed. A card that holds is a `StoreCard`, a `Ticket` held to these rules instead of
the kiosk's own (its serial is the short number the kiosk gives it later).

Typed numbers (a row's 5 or a card's 15, as a host types them) are placed in their
decades' columns by `place_rows`, which refuses a count that is neither and two numbers
of one decade in one row, so that checking by numbers holds them to the same rules.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import cast

from .ticket import (
    COLUMNS,
    HIGHEST,
    LOWEST,
    NUMBERS_PER_ROW,
    NUMBERS_PER_TICKET,
    ROWS,
    Grid,
    Ticket,
    TicketError,
    column_of,
    column_range,
)

Cell = tuple[int, int]  # (row, column), 0-based


class CardRule(StrEnum):
    """A rule of a card's structure (§2, §8) that a reading or typed numbers can break."""

    SHAPE = "shape"  # a card is 3 rows of 9 cells
    NOT_A_NUMBER = "not_a_number"  # a cell holds a whole number or nothing
    NUMBER_RANGE = "number_range"  # numbers run from 1 to 90
    COLUMN_DECADE = "column_decade"  # a number stands in its decade's column
    ROW_OF_FIVE = "row_of_five"  # every row holds exactly 5 numbers
    NUMBER_TWICE = "number_twice"  # no number twice on a card
    COUNT = "count"  # typed: a row's 5 numbers or a card's 15
    ONE_A_COLUMN = "one_a_column"  # typed: a row holds one number of each decade at most


class Doubt(StrEnum):
    """Why a cell is shown to the host to confirm."""

    READER = "reader"  # the reader (OCR, or a person) was not sure of it
    COLUMN_ORDER = "column_order"  # its column's numbers do not rise from top to bottom


@dataclass(frozen=True)
class CardProblem:
    """One broken rule: `rule` names it, `values` fill its message (rows and columns
    from 1), `cells` are the cells it is about (0-based), `message` says it in English."""

    rule: CardRule
    message: str
    values: Mapping[str, int | str] = field(default_factory=dict)
    cells: tuple[Cell, ...] = ()

    @property
    def key(self) -> str:
        return self.rule.value


@dataclass(frozen=True)
class Reading:
    """What a reader made of a card: `grid[row][column]` a number or None for a blank, and
    the cells it was unsure of (blank or not)."""

    grid: Sequence[Sequence[object]]
    doubtful: frozenset[Cell] = frozenset()


@dataclass(frozen=True)
class StoreCard(Ticket):
    """A card of a shop set: §8's shape (3 rows of 5 numbers in their decades, no number
    twice), not the kiosk's stricter §2 (a column may be empty or out of order)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "grid", _freeze_grid(self.grid))
        problems = structure_problems(self.grid)
        if problems:
            raise TicketError(str(problems[0].rule), problems[0].message)

    def to_json(self) -> dict[str, object]:
        """As a ticket's record, marked as a shop card (held to §8's rules, not §2's)."""
        return {**super().to_json(), SHOP_MARK: True}


SHOP_MARK = "shop"  # in a card's record: a shop set's card, not one the kiosk printed


def card_from_json(data: Mapping[str, object]) -> Ticket:
    """A ticket's record back into its card: a `StoreCard` when it is marked as one."""
    cls = StoreCard if data.get(SHOP_MARK) is True else Ticket
    return cls.from_json(dict(data))


@dataclass(frozen=True)
class CardCheck:
    """The answer to `check_card`: the card when it holds, what breaks it when it does not,
    and every doubtful cell with its doubts (kept whether or not the card holds)."""

    reading: Reading
    problems: tuple[CardProblem, ...]
    doubts: Mapping[Cell, tuple[Doubt, ...]]
    card: StoreCard | None

    @property
    def holds(self) -> bool:
        return not self.problems

    @property
    def doubtful(self) -> frozenset[Cell]:
        return frozenset(self.doubts)


def check_card(reading: Reading, serial: str = "") -> CardCheck:
    """Check a reading against §2 and §8: every rule it breaks, every doubtful cell, and the
    `StoreCard` (under `serial`) when no rule is broken. Doubts never refuse a card."""
    problems = structure_problems(reading.grid)
    doubts: dict[Cell, list[Doubt]] = {}
    for cell in sorted(reading.doubtful):
        doubts.setdefault(cell, []).append(Doubt.READER)
    if not problems or problems[0].rule is not CardRule.SHAPE:
        for cell in falling_columns(reading.grid):
            doubts.setdefault(cell, []).append(Doubt.COLUMN_ORDER)
    card = None if problems else StoreCard(serial, _freeze_grid(reading.grid))
    frozen = {cell: tuple(kinds) for cell, kinds in sorted(doubts.items())}
    return CardCheck(reading, tuple(problems), frozen, card)


def structure_problems(grid: Sequence[Sequence[object]]) -> list[CardProblem]:
    """Every rule of §8's shape the grid breaks, in reading order (a wrong shape alone)."""
    if len(grid) != ROWS or any(len(row) != COLUMNS for row in grid):
        found = ", ".join(str(len(row)) for row in grid) or "none"
        return [CardProblem(
            CardRule.SHAPE,
            f"a card has {ROWS} rows of {COLUMNS} cells; this reading has {len(grid)} rows "
            f"(cells a row: {found})",
            {"rows": len(grid)},
        )]
    problems: list[CardProblem] = []
    seen: dict[int, Cell] = {}
    for r, row in enumerate(grid):
        count = 0
        for c, cell in enumerate(row):
            if cell is None:
                continue
            count += 1
            problem = _cell_problem(r, c, cell)
            if problem is not None:
                problems.append(problem)
                continue
            assert isinstance(cell, int)
            if cell in seen:
                problems.append(_twice(cell, seen[cell], (r, c)))
            else:
                seen[cell] = (r, c)
        if count != NUMBERS_PER_ROW:
            problems.append(CardProblem(
                CardRule.ROW_OF_FIVE,
                f"row {r + 1} holds {count} numbers; every row of a card holds "
                f"{NUMBERS_PER_ROW}",
                {"row": r + 1, "count": count},
                tuple((r, c) for c, cell in enumerate(row) if cell is not None),
            ))
    return problems


def falling_columns(grid: Sequence[Sequence[object]]) -> list[Cell]:
    """The numbered cells of every column whose numbers do not rise from top to bottom."""
    cells: list[Cell] = []
    for c in range(COLUMNS):
        column = [(r, n) for r in range(len(grid)) if type(n := grid[r][c]) is int]
        if any(above >= below for (_, above), (_, below) in itertools.pairwise(column)):
            cells.extend((r, c) for r, _ in column)
    return sorted(cells)


def place_rows(typed: Sequence[int]) -> tuple[list[list[int | None]], list[CardProblem]]:
    """Typed numbers as rows of a grid: 5 numbers are one row, 15 are three rows typed
    top to bottom (the first 5 the top row). Each number goes to its decade's column.

    Returns the grid (one or three rows of 9 cells) and the rules the numbers break: a
    count that is neither 5 nor 15, a number outside 1–90, a number typed twice, or two
    numbers of one decade in one row (a row holds one number a column).
    """
    count = len(typed)
    if count not in (NUMBERS_PER_ROW, NUMBERS_PER_TICKET):
        return [], [CardProblem(
            CardRule.COUNT,
            f"{count} numbers were typed: type the claimed row's {NUMBERS_PER_ROW} numbers "
            f"or the card's {NUMBERS_PER_TICKET}, row by row",
            {"count": count},
        )]
    rows = [list(typed[i:i + NUMBERS_PER_ROW]) for i in range(0, count, NUMBERS_PER_ROW)]
    grid: list[list[int | None]] = [[None] * COLUMNS for _ in rows]
    problems: list[CardProblem] = []
    seen: dict[int, int] = {}
    for r, row in enumerate(rows):
        for number in row:
            if type(number) is not int or not LOWEST <= number <= HIGHEST:
                problems.append(CardProblem(
                    CardRule.NUMBER_RANGE,
                    f"row {r + 1}: {number!r} is not a number from {LOWEST} to {HIGHEST}",
                    {"row": r + 1, "number": str(number)},
                ))
                continue
            c = column_of(number)
            if number in seen:
                problems.append(CardProblem(
                    CardRule.NUMBER_TWICE,
                    f"{number} was typed twice (rows {seen[number] + 1} and {r + 1}); "
                    "no number is twice on a card",
                    {"number": number, "row": r + 1, "first_row": seen[number] + 1},
                ))
                continue
            seen[number] = r
            other = grid[r][c]
            if other is not None:
                low, high = _bounds(c)
                problems.append(CardProblem(
                    CardRule.ONE_A_COLUMN,
                    f"row {r + 1}: {other} and {number} are both in column {c + 1} "
                    f"({low}-{high}); a row holds one number of each column",
                    {"row": r + 1, "column": c + 1, "number": number, "other": other,
                     "low": low, "high": high},
                    ((r, c),),
                ))
                continue
            grid[r][c] = number
    return grid, problems


def _cell_problem(r: int, c: int, cell: object) -> CardProblem | None:
    where = {"row": r + 1, "column": c + 1}
    if type(cell) is not int:
        return CardProblem(
            CardRule.NOT_A_NUMBER,
            f"row {r + 1}, column {c + 1} holds {cell!r}, not a number",
            {**where, "text": str(cell)}, ((r, c),),
        )
    if not LOWEST <= cell <= HIGHEST:
        return CardProblem(
            CardRule.NUMBER_RANGE,
            f"row {r + 1}, column {c + 1}: {cell} is not a number from {LOWEST} to {HIGHEST}",
            {**where, "number": cell}, ((r, c),),
        )
    low, high = _bounds(c)
    if not low <= cell <= high:
        return CardProblem(
            CardRule.COLUMN_DECADE,
            f"row {r + 1}, column {c + 1}: {cell} cannot stand there, column {c + 1} holds "
            f"{low}-{high} (it belongs in column {column_of(cell) + 1})",
            {**where, "number": cell, "low": low, "high": high,
             "belongs": column_of(cell) + 1},
            ((r, c),),
        )
    return None


def _twice(number: int, first: Cell, again: Cell) -> CardProblem:
    return CardProblem(
        CardRule.NUMBER_TWICE,
        f"{number} is on the card twice (row {first[0] + 1}, column {first[1] + 1} and "
        f"row {again[0] + 1}, column {again[1] + 1}); no number is twice on a card",
        {"number": number, "row": again[0] + 1, "column": again[1] + 1,
         "first_row": first[0] + 1, "first_column": first[1] + 1},
        (first, again),
    )


def _bounds(column: int) -> tuple[int, int]:
    numbers = column_range(column)
    return numbers.start, numbers.stop - 1


def _freeze_grid(grid: Iterable[Iterable[object]]) -> Grid:
    try:
        # Cells are checked by `structure_problems` before a card is made of them.
        return cast(Grid, tuple(tuple(row) for row in grid))
    except TypeError as exc:
        raise TicketError(str(CardRule.SHAPE), "the grid must be a list of rows") from exc


_TYPED_DIGITS = str.maketrans("۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩", "0123456789" * 2)


def reading_from_json(data: Mapping[str, object]) -> Reading:
    """A reading as a phone's page sends it: ``grid`` (rows of cells, each a number, a
    number in Latin or Persian digits, or null/"" for a blank) and ``doubtful`` ([row,
    column] pairs, 0-based; others are left out). Its shape is `check_card`'s to judge;
    ValueError only for data that is not rows of cells at all."""
    grid = data.get("grid")
    if not isinstance(grid, list) or len(grid) > ROWS + 1 or any(
            not isinstance(row, list) or len(row) > COLUMNS + 1 for row in grid):
        raise ValueError("a card's grid is rows of cells")
    cells: list[list[int | None]] = []
    for row in grid:
        out: list[int | None] = []
        for cell in row:
            if cell is None or cell == "":
                out.append(None)
            elif isinstance(cell, int) and not isinstance(cell, bool):
                out.append(cell)
            elif isinstance(cell, str) and cell.translate(_TYPED_DIGITS).strip().isdigit() \
                    and len(cell.strip()) <= 3:
                out.append(int(cell.translate(_TYPED_DIGITS).strip()))
            else:
                raise ValueError("a card's cell holds a number or nothing")
        cells.append(out)
    doubtful = data.get("doubtful", [])
    if not isinstance(doubtful, list):
        raise ValueError("doubtful cells are [row, column] pairs")
    marked: set[Cell] = set()
    for pair in doubtful[:ROWS * COLUMNS]:
        if (isinstance(pair, list) and len(pair) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) for v in pair)
                and 0 <= pair[0] < ROWS and 0 <= pair[1] < COLUMNS):
            marked.add((pair[0], pair[1]))
    return Reading(cells, frozenset(marked))

"""An independent reading of rules §2: a ticket checker that shares no code with the engine."""

from __future__ import annotations


def decade(column: int) -> range:
    """Rules §2: column 1 holds 1–9, column k holds 10(k−1)…10(k−1)+9, column 9 holds 80–90."""
    low = 1 if column == 0 else 10 * column
    high = 90 if column == 8 else 10 * column + 9
    return range(low, high + 1)


def grid_problem(grid: object) -> str | None:
    """The first rule of §2 the grid breaks, or None if it is a valid ticket."""
    if not isinstance(grid, list | tuple) or len(grid) != 3:
        return "3 rows"
    if any(not isinstance(row, list | tuple) or len(row) != 9 for row in grid):
        return "9 columns"
    for row in grid:
        for c, cell in enumerate(row):
            if cell is None:
                continue
            if type(cell) is not int:
                return "cells are numbers"
            if cell not in decade(c):
                return "column decade"
        if sum(cell is not None for cell in row) != 5:
            return "5 numbers per row"
    for c in range(9):
        column = [row[c] for row in grid if row[c] is not None]
        if not 1 <= len(column) <= 3:
            return "1-3 numbers per column"
        if column != sorted(set(column)):
            return "columns sorted, no repeats"
    return None

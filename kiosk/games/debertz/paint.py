"""The Debertz table's own painting: its score sheet.

`DebertzPainter` is the painter (`kiosk.scenes.card_table.paint.TablePainter`) of
`kiosk.games.debertz.scene.DebertzScene`: the table's pieces, with Debertz's wide score
sheet, every line of it text a player reads (`READ`). The sides' deal lines stand under a
header, each number's column as wide as its words and the names taking the rest; under
them who declared, the runs and bella that scored (`DebertzScene.sheet_lines`) and the
marks, wrapped (crowded: the runs and bella two to a line, then without the declarer's
line); the footer at the bottom. The turned card, the trump and the declarations on the
felt are the scene's (`extra_pieces`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from kiosk import theme
from kiosk.scenes.card_table.hooks import ScoreSheet
from kiosk.scenes.card_table.paint import TablePainter
from kiosk.scenes.card_table.pieces import READ, ROW
from kiosk.theme import ACCENT, TEXT, TEXT_DIM, Colour


class DebertzPainter(TablePainter):
    """The Debertz table's pieces, its score sheet Debertz's own (see the module)."""

    def _wide_sheet(self, rect: pygame.Rect, px: Callable[[float], int], sheet: ScoreSheet,
                    footer: str) -> list[theme.SheetStep]:
        """Debertz's score sheet, every line text a player reads (`READ`): the sides' deal
        lines under a header, each number's column as wide as its words and the names
        taking the rest; under it who declared, the runs and bella that scored and the
        marks, wrapped (crowded, the runs and bella two to a line, then without the
        declarer's line); the footer at the bottom.
        As steps: the box and title, the header, each row, the lines under them, the
        footer."""
        scene = self.scene
        text, rtl = self.text, self.rtl
        size = px(READ)
        inner = rect.inflate(-px(40), -px(28))
        head = pygame.Rect(inner.left, inner.top, inner.width, px(72))
        n = len(sheet.header)
        numbers = [max(text.width(sheet.header[i], size, False, rtl),
                       *(text.width(row.cells[i], size, row.leading, rtl) for row in sheet.rows))
                   for i in range(1, n)]
        names = max(text.width(sheet.header[0], size, False, rtl),
                    *(text.width(row.cells[0], size, row.leading, rtl) for row in sheet.rows))
        pad = px(8)
        gap = max(pad, (inner.width - names - pad - sum(numbers)) // max(1, n - 1))
        name_w = inner.width - sum(numbers) - gap * (n - 1)
        spans = [(0, name_w)]
        for wide in numbers:
            spans.append((spans[-1][0] + spans[-1][1], wide + gap))
        if rtl:
            spans = [(inner.width - x - w, w) for x, w in spans]
        # the names keep `pad` clear of the first number
        cells_at = [(spans[0][0] + (pad if rtl else 0), spans[0][1] - pad), *spans[1:]]
        box = self._sheet_box(rect, px, head, sheet.title)

        def row(key: str, y: int, cells: Sequence[str], colour: Colour, bold: bool,
                rule: int | None = None) -> theme.SheetStep:
            return self._sheet_row(key, inner, cells_at, pygame.Rect(0, y, 0, px(ROW)), cells,
                                   size, colour, bold, px, rule)

        y = head.bottom
        steps: list[theme.SheetStep] = [
            box, row("head", y, sheet.header, TEXT_DIM, False, rule=y + px(ROW) + px(2))]
        y += px(ROW) + px(6)
        for r, line in enumerate(sheet.rows):
            steps.append(row(f"r{r}", y, line.cells, ACCENT if line.leading else TEXT,
                             line.leading))
            y += px(ROW)
        foot = pygame.Rect(inner.left, inner.bottom - px(ROW), inner.width, px(ROW))
        declarer, said = scene.sheet_lines()
        notes = scene._wrapped(sheet.note, inner.width, size, bold=True) if sheet.note else []
        room = (foot.top - px(6) - (y + px(12))) // px(ROW)
        # Where the lines do not all fit: the runs and bella two to a line, then without
        # the declarer's line (the marks name the declarer too).
        half = (inner.width - px(24)) // 2
        said_rows = [[s] for s in said]
        if (declarer is not None) + len(said) + len(notes) > room and len(said) > 1 and all(
                text.width(s, size, False, rtl) <= half for s in said):
            said_rows = [said[i:i + 2] for i in range(0, len(said), 2)]
        if (declarer is not None) + len(said_rows) + len(notes) > room:
            declarer = None
        lines: list[tuple[str, list[str], Colour, bool]] = []
        if declarer is not None:
            lines.append(("scores|declarer", [declarer], TEXT, False))
        lines += [(f"scores|declared{i}", cells, TEXT, False) for i, cells in enumerate(said_rows)]
        lines += [("scores|note" + (str(i) if i else ""), [note], ACCENT, True)
                  for i, note in enumerate(notes)]
        y += px(12)
        for key, cells, colour, bold in lines[:max(0, room)]:
            steps.append(self._sheet_line(key, pygame.Rect(inner.left, y, inner.width, px(ROW)),
                                          cells, colour, bold, px))
            y += px(ROW)

        def foot_step(surface: pygame.Surface) -> None:
            scene._line(surface, "scores|footer", "table", footer, size, TEXT, foot,
                        align="center")

        steps.append(foot_step)
        return steps

    def _sheet_line(self, key: str, rect: pygame.Rect, cells: Sequence[str], colour: Colour,
                    bold: bool, px: Callable[[float], int]) -> theme.SheetStep:
        """A line of the score sheet under its table, centred; two cells side by side, each
        centred in its half."""
        scene = self.scene

        def step(surface: pygame.Surface) -> None:
            if len(cells) == 1:
                scene._line(surface, key, "table", cells[0], px(READ), colour, rect,
                            align="center", bold=bold)
                return
            half = (rect.width - px(24)) // 2
            order = list(enumerate(cells))
            for n, (i, cell) in enumerate(reversed(order) if self.rtl else order):
                part = pygame.Rect(rect.left + n * (half + px(24)), rect.top, half, rect.height)
                scene._line(surface, f"{key}.{i}", "table", cell, px(READ), colour, part,
                            align="center", bold=bold)
        return step

"""The boxes of a card table: its panel beside the felt, and what is laid over the felt.

`BoxPainter` (the base of `kiosk.scenes.card_table.paint.TablePainter`) makes the pieces
(`kiosk.scenes.card_table.pieces.Piece`) of the panel (the way of play, the game's line,
what the screen asks, the countdown, the New game and Phones buttons, and the help line
that `kiosk.scenes.card_table.text.TableText` draws), of the toast, of the privacy screen
of pass and play, of the score sheet after a hand (the kiosk's sheet of a name and two
numbers, or a wide one of any number of columns, painted a row at a time so that a frame
with little time left paints part of it) and of the modes menu.

A painter reads its scene and never changes it. It keeps where its pieces put what a click
may hit (`buttons`, `offer_rects`, `hand_slots`, `menu_rects`) and the cards it showed
face up (`shown_hand`); the scene takes them after each frame's pieces are made. Its text
goes through the scene's `TableText` (`_line`, `_para`, `_button`), which notes each line
in the scene's `labels` for the readability checks.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from kiosk import theme
from kiosk.cards_draw import CardPainter, draw_pip
from kiosk.config import Action
from kiosk.scenes.card_table.hooks import ScoreSheet
from kiosk.scenes.card_table.layout import Layout
from kiosk.scenes.card_table.pieces import (
    MENU,
    READ,
    ROW,
    TIMER_LOW,
    TIMER_WARN,
    HelpPair,
    Piece,
    Slot,
    draw_pair,
    pair_width,
)
from kiosk.text import TextRenderer
from kiosk.theme import ACCENT, BAD, PANEL_EDGE, TEXT, TEXT_DIM, Colour


class BoxPainter:
    """The panel and the boxes over the felt of a card table scene (see the module)."""

    def __init__(self, scene: Any) -> None:
        # The `kiosk.scenes.card_table.scene.CardTableScene` drawn (not imported here: it
        # imports its painter).
        self.scene = scene
        self.text: TextRenderer = scene.text
        self.cards: CardPainter = scene.painter  # the cards' faces and backs
        self.buttons: list[tuple[pygame.Rect, str]] = []  # each with what it does
        self.offer_rects: list[pygame.Rect] = []  # the choice dialog's buttons
        self.hand_slots: list[tuple[Any, Slot]] = []  # the bottom hand's cards face up
        self.shown_hand: tuple[Any, ...] = ()  # the cards last drawn face up at the bottom
        self.menu_rects: list[pygame.Rect] = []  # the modes menu's rows shown

    @property
    def rtl(self) -> bool:
        """The scene's: Persian reads right to left."""
        return bool(self.scene.rtl)

    def toast_clear_of(self, layout: Layout) -> Sequence[pygame.Rect]:
        """The boxes a notice must leave uncovered: the scene's `toast_clear_of` (a game's
        painter may say them itself)."""
        return self.scene.toast_clear_of(layout)

    def _toast(self, layout: Layout) -> Piece:
        """A notice over the lower part of the table, just above the hand, beside the
        boxes it must leave uncovered (`toast_clear_of`); a line too long for it goes on
        the next."""
        scene = self.scene
        assert scene.notice is not None
        px, rtl = layout.px, self.rtl
        line, small, warn = scene.notice
        room = layout.inner.inflate(-px(40), 0)
        for other in self.toast_clear_of(layout):  # the room beside it, on the wider side
            left, right = room.left, room.right
            if other.centerx < room.centerx:
                left = max(left, other.right + px(16))
            else:
                right = min(right, other.left - px(16))
            room = pygame.Rect(left, room.top, right - left, room.height)
        width = min(px(1040), room.width)
        size = px(READ)
        heads = self.text.wrap(line, size, width - px(48), bold=True, rtl=rtl) or [line]
        smalls = self.text.wrap(small, size, width - px(48), rtl=rtl, colour=TEXT) \
            if small is not None else []
        rect = pygame.Rect(0, 0, width, px(24) + px(ROW) * (len(heads) + len(smalls)))
        rect.midbottom = (layout.centre[0], layout.band.bottom)
        rect.clamp_ip(pygame.Rect(room.left, layout.inner.top, room.width, layout.inner.height))

        def paint(surface: pygame.Surface) -> None:
            pygame.draw.rect(surface, theme.OVERLAY, rect, border_radius=px(26))
            pygame.draw.rect(surface, BAD if warn else ACCENT, rect, width=px(4),
                             border_radius=px(26))
            inner = rect.inflate(-px(48), -px(24))
            top = pygame.Rect(inner.left, inner.top, inner.width, px(ROW))
            for i, head in enumerate(heads):
                scene._line(surface, "toast|line" + (str(i) if i else ""), "table", head, size,
                            TIMER_LOW if warn else TEXT, top.move(0, i * px(ROW)),
                            align="center", bold=True)
            for i, text in enumerate(smalls):
                row = top.move(0, (len(heads) + i) * px(ROW))
                scene._line(surface, f"toast|small{i}", "table", text, size, TEXT, row,
                            align="center")

        return Piece("toast", rect, (line, small, warn, rtl), paint)

    def _panel_pieces(self, layout: Layout, now: float) -> list[Piece]:
        scene = self.scene
        px, rtl = layout.px, self.rtl
        pieces = []

        def para(key: str, rect: pygame.Rect, text: str, colour: Colour) -> None:
            name = f"panel:{key}"

            def paint(surface: pygame.Surface) -> None:
                scene._para(surface, name + "|line", "panel", text, px(READ), colour, rect)

            pieces.append(Piece(name, rect, (text, colour, rtl), paint))

        para("mode", layout.mode, scene.mode_text(), TEXT_DIM)
        para("info", layout.info, scene.info_text(), TEXT)
        para("prompt", layout.prompt, scene.prompt(), TEXT)
        left = scene.seconds_left(now)
        if left is not None:
            pieces.append(self._timer(layout, left))
        buttons = [("new_game", Action.NEW_HAND, "buttons.new_game")] if scene.modes else []
        if scene.phones is not None:  # above it: the phones panel
            buttons.append(("phones", Action.PHONES, "help.phones"))
        for row, (name, action, label) in enumerate(buttons):
            pieces.append(self._panel_button(layout, name, action, label, row))
        pieces.append(scene._help(layout))
        return pieces

    def _panel_button(self, layout: Layout, name: str, action: Action, label: str,
                      row: int) -> Piece:
        """A button of the panel with its key, as in the help line ([H] New game), `row`
        buttons above the lowest."""
        scene = self.scene
        px, rtl = layout.px, self.rtl
        rect = layout.new_game.move(0, -row * (layout.new_game.height + px(16)))
        self.buttons.append((rect, name))

        def paint(surface: pygame.Surface) -> None:
            theme.button(self.text, surface, rect, "", px(READ), px, rtl, fill=None)
            pair = HelpPair(scene._caps(action), scene.word(label))
            width = pair_width(self.text, pair, px, rtl)
            if pair.keys and width <= rect.width - px(20):
                draw_pair(surface, self.text, scene._line, f"panel:{name}|pair", pair,
                          rect.centerx - width // 2, rect.centery, px, rtl)
            else:
                scene._line(surface, f"panel:{name}|label", "panel", pair.action, px(READ),
                            TEXT, rect.inflate(-px(20), 0), align="center")

        return Piece(f"panel:{name}", rect, (rtl,), paint)

    def _timer(self, layout: Layout, left: int) -> Piece:
        scene = self.scene
        px, rtl = layout.px, self.rtl
        rect = layout.timer
        total = max(1.0, float(scene.turn_seconds))
        share = min(1.0, left / total)
        low = left <= TIMER_WARN
        label = scene.word("time_left")
        digits = scene.tr.digits(left)

        def paint(surface: pygame.Surface) -> None:
            row = pygame.Rect(rect.left, rect.top, rect.width, px(64))
            scene._line(surface, "timer|digits", "panel_number", digits, px(56),
                        TIMER_LOW if low else ACCENT, row, align="end", bold=True)
            scene._line(surface, "timer|label", "panel", label, px(READ), TEXT, row)
            bar = pygame.Rect(rect.left, row.bottom + px(10), rect.width, px(14))
            pygame.draw.rect(surface, PANEL_EDGE, bar, border_radius=bar.height // 2)
            filled = bar.copy()
            filled.width = max(bar.height, round(bar.width * share))
            if rtl:
                filled.right = bar.right
            pygame.draw.rect(surface, BAD if low else ACCENT, filled,
                             border_radius=bar.height // 2)

        return Piece("timer", rect, (digits, low, rtl), paint)

    def _privacy(self, layout: Layout) -> Piece:
        scene = self.scene
        assert scene.privacy is not None
        px, rtl = layout.px, self.rtl
        top = layout.overlay.top + px(20)
        rect = pygame.Rect(layout.overlay.left + px(40), top, layout.overlay.width - px(80),
                           layout.plates["bottom"].top - px(20) - top)  # clear of the plates
        name = scene.seat_name(scene.privacy)
        title = scene.word("privacy_title", seat=name)
        body = scene.word("privacy_body", seat=name)

        def paint(surface: pygame.Surface) -> None:
            theme.overlay_box(surface, rect, px)
            inner = rect.inflate(-px(60), -px(40))
            head = pygame.Rect(inner.left, inner.top, inner.width, inner.height * 2 // 5)
            self.text.draw(surface, title, px(64), ACCENT, head, align="center", bold=True,
                           rtl=rtl)
            low = pygame.Rect(inner.left, head.bottom, inner.width, inner.bottom - head.bottom)
            scene._para(surface, "privacy|body", "table", body, px(READ), TEXT, low,
                        align="center")

        return Piece("privacy", rect, (title, body), paint)

    def _score_table(self, layout: Layout) -> list[Piece]:
        """The score sheet over the table, as pieces painted one after another (its box and
        title, then row by row), so a frame with little time left paints some of it and the
        next frame the rest; it is shown once whole (kiosk.scenes.budget)."""
        scene = self.scene
        px, rtl = layout.px, self.rtl
        rect = layout.overlay
        sheet = scene.score_sheet()
        footer = sheet.footer or scene.word(
            "new_game_prompt" if scene.state.is_over else "next_hand")
        look = (sheet, footer, rtl)
        if len(sheet.header) == 3:  # the kiosk's own sheet: a name and two numbers
            steps = theme.score_sheet_steps(self.text, rect, px, rtl, sheet.title,
                                            sheet.header, sheet.rows, footer, sheet.note)
        else:
            steps = self._wide_sheet(rect, px, sheet, footer)

        def piece(n: int, step: theme.SheetStep) -> Piece:
            def paint(surface: pygame.Surface) -> None:
                noted = step(surface)
                if noted is not None and sheet.note_pip is not None:
                    draw_pip(surface, sheet.note_pip, (noted.left + px(30), noted.centery),
                             px(18), deck=scene.deck)

            return Piece("scores" if n == 0 else f"scores#{n}", rect, look, paint)

        return [piece(n, step) for n, step in enumerate(steps)]

    def _sheet_box(self, rect: pygame.Rect, px: Callable[[float], int], head: pygame.Rect,
                   title: str) -> theme.SheetStep:
        """A score sheet's first step: its box, and its title across `head`."""
        scene = self.scene

        def box(surface: pygame.Surface) -> None:
            theme.overlay_box(surface, rect, px)
            scene._line(surface, "scores|title", "table", title, px(54), ACCENT, head,
                        align="center", bold=True)
        return box

    def _sheet_row(self, key: str, inner: pygame.Rect, cells_at: Sequence[tuple[int, int]],
                   band: pygame.Rect, cells: Sequence[str], size: int, colour: Colour,
                   bold: bool, px: Callable[[float], int],
                   rule: int | None = None) -> theme.SheetStep:
        """A row of a score sheet's table as a step: each cell in its column (`cells_at`:
        each column's left and width inside `inner`), across `band`'s top and height, the
        name starting its line and the numbers centred; a rule under it at `rule`."""
        scene = self.scene

        def step(surface: pygame.Surface) -> None:
            for i, (cell, (x, w)) in enumerate(zip(cells, cells_at, strict=True)):
                cell_box = pygame.Rect(inner.left + x, band.top, w, band.height)
                scene._line(surface, f"scores|{key}c{i}", "table", cell, size, colour,
                            cell_box, align="start" if i == 0 else "center", bold=bold)
            if rule is not None:
                pygame.draw.line(surface, PANEL_EDGE, (inner.left, rule),
                                 (inner.right, rule), px(2))
        return step

    def _wide_sheet(self, rect: pygame.Rect, px: Callable[[float], int], sheet: ScoreSheet,
                    footer: str) -> list[theme.SheetStep]:
        """A score sheet of any number of columns: the names take a third, the numbers
        share the rest; every cell is text a player reads (smaller only if it cannot fit).
        As steps: the box and title, the header, each row, the note (returning where it
        lies), the footer."""
        scene = self.scene
        inner = rect.inflate(-px(70), -px(36))
        head = pygame.Rect(inner.left, inner.top, inner.width, px(80))
        n = len(sheet.header)
        name_w = round(inner.width * (0.5 if n <= 2 else 0.3))
        rest = (inner.width - name_w) / max(1, n - 1)
        spans = [(0, name_w)] + [(round(name_w + i * rest), round(rest)) for i in range(n - 1)]
        if self.rtl:
            spans = [(inner.width - x - w, w) for x, w in spans]
        cells_at = [(x + px(4), w - px(8)) for x, w in spans]
        box = self._sheet_box(rect, px, head, sheet.title)

        def row(key: str, y: int, cells: Sequence[str], colour: Colour, bold: bool,
                rule: int | None = None) -> theme.SheetStep:
            return self._sheet_row(key, inner, cells_at, pygame.Rect(0, y, 0, px(58)), cells,
                                   px(READ), colour, bold, px, rule)

        y = head.bottom + px(6)
        steps: list[theme.SheetStep] = [
            box, row("head", y, sheet.header, TEXT_DIM, False, rule=y + px(58))]
        y += px(58)
        for r, line in enumerate(sheet.rows):
            y += px(6)
            steps.append(row(f"r{r}", y, line.cells, ACCENT if line.leading else TEXT,
                             line.leading))
            y += px(58)
        note = sheet.note
        if note is not None:
            noted = pygame.Rect(inner.left, y + px(10), inner.width, px(54))

            def note_step(surface: pygame.Surface) -> pygame.Rect:
                for i, line in enumerate(note.split("\n")):  # a line a row
                    scene._line(surface, "scores|note" + (str(i) if i else ""), "table", line,
                                px(READ), ACCENT, noted.move(0, i * px(54)), align="center",
                                bold=True)
                return noted

            steps.append(note_step)
        foot = pygame.Rect(inner.left, inner.bottom - px(58), inner.width, px(58))

        def foot_step(surface: pygame.Surface) -> None:
            scene._line(surface, "scores|footer", "table", footer, px(READ), TEXT, foot,
                        align="center")

        steps.append(foot_step)
        return steps

    def _menu(self, layout: Layout) -> Piece:
        scene = self.scene
        px, rtl = layout.px, self.rtl
        rect = layout.overlay.copy()
        room = layout.felt.height - px(40)
        look = MENU
        # With the rule variants the menu has more rows than fit on the felt at their
        # full pitch (text a player reads needs it): it shows as many as fit, a window
        # round the lit row that follows the cursor, arrows saying there are more.
        size = scene.menu_size
        fits = max(3, (room - theme.menu_height(look, 0, px)) // px(look.row))
        shown = min(size, fits)
        first = scene.menu_window(shown).start
        rect.height = min(room, theme.menu_height(look, shown, px))
        rect.center = layout.overlay.center
        rect.clamp_ip(layout.felt)
        self.menu_rects = theme.menu_rows(rect, look, shown, px)
        lines = scene.menu_lines()[first:first + shown]
        more = (first > 0, first + shown < size)
        title = scene.word("choose_mode")

        def paint(surface: pygame.Surface) -> None:
            theme.modes_menu(self.text, surface, rect, look, px, rtl, title, lines,
                             scene.menu_index - first, more)

        return Piece("menu", rect, (lines, scene.menu_index, first, rtl), paint)

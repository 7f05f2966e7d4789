"""Keeping the Takhteh Nard screen up to date, frame by frame.

`BackgammonFrames` is the part of the scene that lays the screen out for its size and
direction (`make_layout`, `background`), remembers what each place (the board, each of the
panel's parts, the help line, the box over the table) showed when it was last painted,
and in each frame has the painters (`BoardPainter`, `PanelPainter`) paint again only the
places whose look changed: the board first, then the panel's parts, then the help line,
as far as the frame's budget goes (`kiosk.scenes.budget`), the rest in the next frame.
It keeps where the painters put what a touch finds: the hint's box, the choice buttons,
the menu's rows.
"""

from __future__ import annotations

from concurrent.futures import Executor

import pygame

from engines.backgammon.rules import Board, OpeningRoll
from kiosk.games.backgammon.layout import Layout, make_layout
from kiosk.games.backgammon.paint import TEXT_SIZES, BoardPainter, Lines, background
from kiosk.games.backgammon.panel import ButtonSpot, PanelPainter
from kiosk.games.backgammon.tools import BackgammonTools
from kiosk.scenes.budget import DRAW_BUDGET, WHOLE_AFTER, Budget
from kiosk.scenes.card_table.pieces import HelpPair, Label, Piece
from kiosk.table.pool import ThinkingPool


class BackgammonFrames(BackgammonTools):
    """What the screen shows as painted, and each frame's painting of what changed."""

    # the scene's part
    cursor: int
    opening: OpeningRoll | None
    numbers: bool
    phones_open: bool  # the phones box is over the table (`kiosk.games.backgammon.phone`)
    phones_cursor: int

    def phones_columns(self) -> list[tuple[str, str, str | None]]:
        """Each side's name, who plays it, and its join address (None: a phone holds it)."""
        raise NotImplementedError

    def shown_board(self) -> Board:
        """The board on the screen (a finished game's, or the turn's as chosen so far)."""
        raise NotImplementedError

    def sources(self) -> list[int]:
        """Where a checker may be picked up now."""
        raise NotImplementedError

    def targets(self) -> list[int]:
        """Where the picked-up checker may go."""
        raise NotImplementedError

    def viewer(self) -> int:
        """Whose numbering the points are numbered in."""
        raise NotImplementedError

    def choices(self) -> list[str]:
        """The panel's buttons now."""
        raise NotImplementedError

    def point_number(self, n: int) -> int:
        """The number shown on the board's point `n`."""
        raise NotImplementedError

    def _frames(self, thinker: Executor | None) -> None:
        """Nothing painted yet; the painters, and the frame's budget (on the kiosk's frame
        loop, with its thinking pool, a frame paints changed parts until its budget is
        spent and leaves the rest to the next)."""
        self._shown_board: tuple[object, ...] | None = None
        self._shown_panel: dict[str, tuple[object, ...]] = {}  # each part's look, as shown
        self._cut = 0  # frames in a row that left a part for later
        self.budget = Budget(DRAW_BUDGET if isinstance(thinker, ThinkingPool) else None)
        self._shown_help: tuple[object, ...] | None = None
        self._shown_over: tuple[object, ...] | None = None  # the box over the table, as shown
        self._shown_over_box: pygame.Rect | None = None
        self._shown_rtl: bool | None = None
        self._hint_box: pygame.Rect | None = None  # where the painters put things a touch finds
        self._hit_buttons: list[ButtonSpot] = []
        self._lines = Lines(self)  # lines of text a player reads, as last drawn
        self.board_painter = BoardPainter(self, self._lines)
        self.panel_painter = PanelPainter(self, self._lines)

    def _board_look(self) -> tuple[object, ...]:
        state = self.state
        return (
            self.shown_board(), state.turn, state.dice, state.phase,
            tuple(self.picker.steps) if self.picker else (), tuple(self.sources()),
            tuple(self.targets()), self.cursor, self.picked, state.cube_value,
            state.cube_owner, self.opening, self.result, self.menu_open, self.menu_index,
            self.note(), self.rtl, self.tr.lang, self.numbers, self.viewer(),
            self.hint_open, self.advice,
        )

    def draw(self, surface: pygame.Surface, now: float) -> list[pygame.Rect]:
        """Bring the screen up to date; returns the rectangles drawn. With a budget
        (kiosk.scenes.budget) the board comes first, then the panel's parts, then the help
        line; what the budget leaves is drawn in the next frame."""
        size = surface.get_size()
        layout = self._layout
        if layout is None or layout.size != size or self._shown_rtl != self.rtl:
            layout = self._build(size)
            self._full = True
        # A box over the table (the modes menu, the IDs) is drawn last, over the board and
        # the panel; one opened, closed or resized takes the whole screen again.
        over_box = self.panel_painter.over_box(layout)
        if over_box != self._shown_over_box:
            self._full = True
        self.budget.start()
        full = self._full
        dirty: list[pygame.Rect] = []
        if full:
            assert self._background is not None
            surface.blit(self._background, (0, 0))
            self._shown_panel = {}
        board_look = self._board_look()
        if full or board_look != self._shown_board:
            self._hint_box = self.board_painter.board(surface, layout, self._background)
            self._shown_board = board_look
            dirty.append(layout.board.copy())
        whole = full or self._cut >= WHOLE_AFTER  # frames in a row left something: all now
        left = False
        for part in self._panel_parts(layout):
            if part.look == self._shown_panel.get(part.key):
                continue
            if not whole and dirty and self.budget.spent():
                left = True
                continue  # still changed: painted in the next frame
            if not full:
                assert self._background is not None
                surface.blit(self._background, part.rect, part.rect)
            part.paint(surface)
            self._shown_panel[part.key] = part.look
            dirty.append(part.rect.copy())
        help_look = (tuple(self.help_pairs()), self.rtl)
        if full or help_look != self._shown_help:
            if whole or not dirty or not self.budget.spent():
                self.panel_painter.help(surface, layout, self._background)
                self._shown_help = help_look
                dirty.append(layout.help.copy())
            else:
                left = True
        over_look = self._over_look()
        if over_box is not None and (full or dirty or over_look != self._shown_over):
            rows = self.panel_painter.over(surface, layout)  # over whatever is under it
            if rows is not None:
                self._menu_rects = rows
            dirty.append(self.panel_painter.over_area(layout))
        self._shown_over, self._shown_over_box = over_look, over_box
        self._cut = self._cut + 1 if left else 0
        if full:
            self._full = False
            return [surface.get_rect()]
        return dirty

    @property
    def settled(self) -> bool:
        """Every part of the screen shows what it should (none left for a later frame)."""
        layout = self._layout
        if layout is None or self._full or self._board_look() != self._shown_board:
            return False
        if (tuple(self.help_pairs()), self.rtl) != self._shown_help:
            return False
        if self._over_look() != self._shown_over:
            return False
        return all(part.look == self._shown_panel.get(part.key)
                   for part in self._panel_parts(layout))

    def _build(self, size: tuple[int, int]) -> Layout:
        layout = make_layout(size, self.rtl)
        self._layout = layout
        self._shown_rtl = self.rtl
        self.text.want(layout.px(n) for n in TEXT_SIZES)  # warmed in the frames to come
        self._background = background(layout)
        return layout

    def _panel_parts(self, layout: Layout) -> list[Piece]:
        """The panel's parts as they should look now; where its choice buttons lie is
        noted for a touch on them."""
        parts, self._hit_buttons = self.panel_painter.parts(layout)
        return parts

    def _over_look(self) -> tuple[object, ...] | None:
        if self.menu_open:
            return ("menu", self.menu_lines(), self.menu_index, self.rtl, self.tr.lang)
        if self.ids_open:
            return ("ids", self.ids(), self.entry, self.ids_message, self.ids_detail,
                    self.ids_good, self.rtl, self.tr.lang)
        if self.phones_open:
            return ("phones", tuple(self.phones_columns()), self.phones_cursor, self.rtl,
                    self.tr.lang)
        return None

    def help_rows(self, layout: Layout) -> list[list[HelpPair]]:
        """The help line cut into rows no wider than its place under the board, only ever
        between one (key, action) pair and the next."""
        return self.panel_painter.help_rows(layout)

    @property
    def labels(self) -> dict[str, Label]:
        """The lines of text a player reads, as last drawn, by key."""
        return self._lines.labels

    @property
    def label_rtl(self) -> dict[str, bool]:
        """The direction each of them was drawn in."""
        return self._lines.label_rtl

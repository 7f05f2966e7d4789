"""How the caller screen is painted: its layout, its colours, and the painting of
everything but the claim panel and the check-in panel (the board, the number panel, the
notice), on top of the words and marks every part is drawn with.

`Paint` holds what is drawn with: the controller, the text renderer, the catalogue and
the screen's layout, and draws lines of text, lines of pieces (serials as printed,
numbers in the last-number mark) and the board's cells. `ScreenPaint` draws the parts
of the calling screen; `kiosk.games.debarna.verdict.ClaimPaint` the claim panel and
`kiosk.games.debarna.checkin_paint.CheckinPaint` the check-in panel. The scene
(`kiosk.games.debarna.scene.CallerScene`) is all three, and decides what is drawn when.
"""

from __future__ import annotations

import string
from dataclasses import dataclass, field
from typing import Any

import pygame

from engines.debarna.options import Stage
from engines.debarna.ticket import COLUMNS, column_range
from kiosk.games.debarna.caller import CallerController, ClaimPhase, Notice
from kiosk.games.debarna.pot_desk import Money, money
from kiosk.i18n import Translator
from kiosk.text import TextRenderer
from kiosk.theme import (
    ACCENT,
    BACKGROUND,
    BAR,
    BAR_BACK,
    GOOD,
    PANEL,
    PANEL_EDGE,
    TEXT,
    TEXT_DIM,
    WARN,
    Colour,
    safe_area,
)

CELL_OFF: Colour = (30, 44, 86)
CELL_OFF_TEXT: Colour = (200, 210, 235)  # an uncalled number: 8.9:1 on CELL_OFF
CELL_ON: Colour = (255, 204, 64)
CELL_ON_TEXT: Colour = (24, 20, 8)
CELL_LAST: Colour = (255, 144, 80)  # 8:1 behind CELL_ON_TEXT
BALL: Colour = (250, 250, 245)
BALL_TEXT: Colour = (18, 24, 52)

# The verdict card: the ticket on white paper. Text on its marks is ≥ 7:1 (WCAG).
PAPER: Colour = (250, 250, 245)
CARD_CELL: Colour = (255, 255, 255)
CARD_BLANK: Colour = (214, 218, 230)
CARD_LINE: Colour = (120, 130, 160)
CARD_TEXT: Colour = (18, 24, 52)  # an uncalled number: 17:1 on white
MARK: Colour = (0, 88, 44)  # a called number's disc
MARK_TEXT: Colour = (255, 255, 255)  # 8.6:1 on MARK
LAST_MARK: Colour = CELL_LAST  # the last number: a square, framed, as on the board
LAST_TEXT: Colour = CELL_ON_TEXT  # 8:1 on LAST_MARK
LAST_FRAME: Colour = (18, 24, 52)
ROW_WIN: Colour = (255, 204, 64)  # the band behind a winning row
ROW_WIN_BLANK: Colour = (222, 170, 36)
ROW_WIN_EDGE: Colour = (120, 78, 0)
ROW_EARLIER: Colour = (150, 176, 236)  # the rows a late card completed before
ROW_EARLIER_BLANK: Colour = (118, 146, 212)
ROW_EARLIER_EDGE: Colour = (40, 60, 120)
BANNER_GOOD: Colour = GOOD
BANNER_GOOD_TEXT: Colour = (8, 24, 12)  # 8.6:1
BANNER_BAD: Colour = (150, 20, 20)
BANNER_BAD_TEXT: Colour = (255, 255, 255)  # 8.7:1
BANNER_ASK: Colour = WARN  # a ticket not checked in: the host decides
BANNER_ASK_TEXT: Colour = (24, 20, 8)  # 10:1

LEGEND_KEYS = ("pause", "next", "repeat", "claim", "new_hand", "back", "fullscreen")
LEGEND_SEP = "  ·  "
# Text read from the sofa (DESIGN §3b): at these sizes a capital is ≥ 28 px tall at 1080p.
# READ_SIZE is the smallest any line is drawn at, in design pixels: a line that does not
# fit takes a second line or a larger box, never a smaller size.
READ_SIZE = 40
LEGEND_SIZE = 40  # the keys' line at the bottom
HINT_SIZE = 40  # the check-in panel's hints
HINT_PITCH = 58
NOTICE_SIZE = 40  # a notice: up to two lines, the second over the legend's row
WINS_PITCH = 50  # the winners' two lines in the number panel
CLAIM_PITCH = 52  # the claim panel's hints, prompt and queue
BOARD_SIZE = 40  # a number on the board (and the compact board)
BOARD_ROWS = 11  # column 9 holds 80–90
MINI_WIDEN = 1.12  # the compact board's columns, wider than its cells are tall


@dataclass(frozen=True)
class Layout:
    """Every region of the caller screen for one surface size and direction."""

    size: tuple[int, int]
    unit: float
    header: pygame.Rect
    title: pygame.Rect
    status: pygame.Rect
    side: pygame.Rect
    stage: pygame.Rect
    wins: pygame.Rect
    ball: pygame.Rect
    countdown: pygame.Rect
    last_label: pygame.Rect
    last_calls: tuple[pygame.Rect, ...]
    count: pygame.Rect
    board: pygame.Rect
    cells: dict[int, pygame.Rect]
    notice: pygame.Rect
    legend: pygame.Rect
    body: pygame.Rect  # the number panel and the board: what a claim's view covers
    claim: pygame.Rect  # the claim panel, over the number panel and the board's start
    mini_board: pygame.Rect  # the board compacted beside the claim panel
    mini_cells: dict[int, pygame.Rect]

    def px(self, value: float) -> int:
        return max(1, round(value * self.unit))


def _mirror(rect: pygame.Rect, width: int, rtl: bool) -> pygame.Rect:
    if not rtl:
        return rect
    return pygame.Rect(width - rect.right, rect.top, rect.width, rect.height)


def board_position(number: int) -> tuple[int, int]:
    """(column, row) of a number on the board, grouped by decade as on the card."""
    column = min(number // 10, COLUMNS - 1)
    return column, number - column_range(column).start


def _board_cells(board: pygame.Rect, pad: int) -> dict[int, pygame.Rect]:
    cell_w = (board.width - 2 * pad) / COLUMNS
    cell_h = (board.height - 2 * pad) / BOARD_ROWS
    cells: dict[int, pygame.Rect] = {}
    inset = max(2, round(min(cell_w, cell_h) * 0.06))
    for number in range(1, 91):
        column, row = board_position(number)
        left = round(board.left + pad + column * cell_w)
        top = round(board.top + pad + row * cell_h)
        right = round(board.left + pad + (column + 1) * cell_w)
        bottom = round(board.top + pad + (row + 1) * cell_h)
        cells[number] = pygame.Rect(left, top, right - left, bottom - top).inflate(
            -2 * inset, -2 * inset
        )
    return cells


def make_layout(size: tuple[int, int], rtl: bool) -> Layout:
    """Lay the screen out in left-to-right terms, then mirror for right-to-left."""
    width, height = size
    unit = min(width / 1920, height / 1080)

    def px(value: float) -> int:
        return max(1, round(value * unit))

    # Everything inside the title-safe area (5 % in from each edge, for TV overscan).
    safe = safe_area(size)
    gap = px(16)
    header = pygame.Rect(safe.left, safe.top, safe.width, px(80))
    # The rows' lines are centred in them: Persian letters reach further down than
    # Latin ones, so the legend's row keeps clear of the safe area's edge.
    legend = pygame.Rect(safe.left, safe.bottom - px(62), safe.width, px(56))
    notice = pygame.Rect(safe.left, legend.top - px(58), safe.width, px(56))
    body_top = header.bottom + gap
    body_bottom = notice.top - px(4)
    side_width = round(safe.width * 0.36)
    side = pygame.Rect(safe.left, body_top, side_width, body_bottom - body_top)
    board = pygame.Rect(side.right + gap, body_top, safe.right - side.right - gap, side.height)

    title = pygame.Rect(header.left, header.top, round(header.width * 0.45), header.height)
    status = pygame.Rect(header.right - round(header.width * 0.34), header.top,
                         round(header.width * 0.34), header.height)

    inner = side.inflate(-2 * px(24), -2 * px(16))
    stage = pygame.Rect(inner.left, inner.top, inner.width, px(56))
    wins = pygame.Rect(inner.left, stage.bottom, inner.width, 2 * px(WINS_PITCH))
    count = pygame.Rect(inner.left, inner.bottom - px(56), inner.width, px(56))
    small = px(80)
    last_row = pygame.Rect(inner.left, count.top - px(10) - small, inner.width, small)
    last_label = pygame.Rect(inner.left, last_row.top - px(50), inner.width, px(50))
    countdown = pygame.Rect(inner.left + px(20), last_label.top - px(32), inner.width - px(40),
                            px(18))
    ball_space = pygame.Rect(inner.left, wins.bottom + px(8), inner.width,
                             countdown.top - px(16) - wins.bottom - px(8))
    diameter = min(ball_space.width, ball_space.height)
    ball = pygame.Rect(0, 0, diameter, diameter)
    ball.center = ball_space.center
    step = (inner.width - 5 * small) // 4 if inner.width > 5 * small else 0
    step = min(step, px(24))
    row_width = 5 * small + 4 * step
    first = inner.left + (inner.width - row_width) // 2
    last_calls = tuple(
        pygame.Rect(first + i * (small + step), last_row.top, small, small) for i in range(5)
    )

    pad = px(14)
    cells = _board_cells(board, pad)
    # While a claim is open: the board keeps its cell height in narrower columns at
    # its far edge (a little wider than tall, for two digits at the board's size), and
    # the claim panel takes the rest of the body.
    cell_h = (board.height - 2 * pad) / BOARD_ROWS
    mini_width = round(COLUMNS * cell_h * MINI_WIDEN) + 2 * pad
    mini_board = pygame.Rect(board.right - mini_width, body_top, mini_width, board.height)
    mini_cells = _board_cells(mini_board, pad)
    claim = pygame.Rect(side.left, body_top, mini_board.left - px(24) - side.left, side.height)
    body = side.union(board)

    def m(rect: pygame.Rect) -> pygame.Rect:
        return _mirror(rect, width, rtl)

    # The board keeps the card's order (1–9 on the left) in both directions.
    if rtl:
        shift = width - board.right - board.left
        board_mirrored = board.move(shift, 0)
        cells = {n: r.move(shift, 0) for n, r in cells.items()}
        last_calls = tuple(m(r) for r in last_calls)
        mini_shift = width - mini_board.right - mini_board.left
        mini_board = mini_board.move(mini_shift, 0)
        mini_cells = {n: r.move(mini_shift, 0) for n, r in mini_cells.items()}
    else:
        board_mirrored = board
    return Layout(
        size=size, unit=unit, header=header, title=m(title), status=m(status), side=m(side),
        stage=m(stage), wins=m(wins), ball=m(ball), countdown=m(countdown),
        last_label=m(last_label), last_calls=last_calls, count=m(count),
        board=board_mirrored, cells=cells, notice=notice, legend=legend, body=m(body),
        claim=m(claim), mini_board=mini_board, mini_cells=mini_cells,
    )


@dataclass
class VerdictDrawn:
    """Where the verdict card was drawn (for tests and the contrast benchmark)."""

    card: pygame.Rect  # the ticket's 3 × 9 grid
    banner: pygame.Rect | None = None  # the headline's banner
    cells: dict[int, pygame.Rect] = field(default_factory=dict)  # number → its cell
    bands: dict[int, pygame.Rect] = field(default_factory=dict)  # marked row → its band
    serial: pygame.Rect | None = None  # the serial as printed


@dataclass(frozen=True)
class TextDrawn:
    """A line of text as drawn (for the readability tests): its words, its font size in
    pixels, its colour, where its image went, whether bold. Size 0: no line of one size,
    `rect` where its ink lies (the check-in's QR code, the typed number's pieces)."""

    text: str
    size: int
    colour: Colour
    rect: pygame.Rect
    bold: bool = False


# A line's pieces: ("text", shaped in the screen's direction), ("serial", drawn as
# printed, left to right, Latin digits), ("chip", a number in the last-number mark).
Piece = tuple[str, str]
SERIAL_FIELDS = frozenset({"serial", "serials"})


class Paint:
    """The caller screen's means of drawing: text, pieces and the board's cells."""

    def __init__(
        self, controller: CallerController, text: TextRenderer, tr: Translator
    ) -> None:
        self.controller = controller
        self.text = text
        self.tr = tr
        self.rtl = tr.rtl
        self.phones: Any = None  # the kiosk's PhoneHub: the ticket page's address (None: off)
        self._layout: Layout | None = None
        self._background: pygame.Surface | None = None
        self._claim_background: pygame.Surface | None = None
        self._claim_content: pygame.Rect | None = None  # where the claim panel's verdict lies
        self._serial_rects: list[pygame.Rect] = []  # where its serial's pieces were drawn
        self._shown_last: int | None = None
        self._shown_count = 0
        self._bar_width: int | None = None
        self.verdict_drawn: VerdictDrawn | None = None
        self.legend_drawn: TextDrawn | None = None
        self.checkin_drawn: dict[str, TextDrawn] = {}  # the check-in panel, as last drawn
        self.checkin_grid: list[list[str]] = []  # its rows of tickets as drawn (serials)
        self.wins_drawn: list[TextDrawn] = []  # the winners' lines of the number panel

    def _t(self, notice: Notice) -> str:
        values = {
            k: self.tr(f"stage.{v.value}") if isinstance(v, Stage) else
            money(self.tr, v, self.controller.currency) if isinstance(v, Money) else v
            for k, v in notice.values.items()
        }
        return self.tr(notice.key, **values)

    def _stage_name(self, stage: Stage) -> str:
        return self.tr(f"stage.{stage.value}")

    def _draw_text(
        self, surface: pygame.Surface, text: str, size: float, colour: Colour,
        rect: pygame.Rect, align: str = "start", bold: bool = False, rtl: bool | None = None,
        key: str | None = None,
    ) -> None:
        """A line in `rect` (shrunk to fit); with a `key`, noted in `checkin_drawn` (the
        check-in panel's) or `legend_drawn` (the legend's)."""
        assert self._layout is not None
        px_size = self._layout.px(size)
        drawn = self.text.draw(surface, text, px_size, colour, rect, align, bold, rtl)
        if key is None:
            return
        shown = TextDrawn(text, px_size, colour, drawn, bold)
        if key == "legend":
            self.legend_drawn = shown
        else:
            self.checkin_drawn[key] = shown

    def _restore(self, surface: pygame.Surface, rect: pygame.Rect) -> pygame.Rect:
        assert self._background is not None
        return surface.blit(self._background, rect, rect)

    def _draw_cell(
        self, target: pygame.Surface, number: int, rect: pygame.Rect, lit: bool, last: bool
    ) -> None:
        """A cell of the board, drawn over what was there (a lit cell hides the unlit one:
        its shape is filled on the screen, not blitted from a see-through surface)."""
        assert self._layout is not None
        radius = max(3, rect.height // 5)
        if lit:
            pygame.draw.rect(target, CELL_LAST if last else CELL_ON, rect, border_radius=radius)
            colour = CELL_ON_TEXT
        else:
            pygame.draw.rect(target, CELL_OFF, rect, border_radius=radius)
            colour = CELL_OFF_TEXT
        # One size on both boards, read from the sofa: ≥ 28 px capitals at 1080p.
        size = max(self._layout.px(BOARD_SIZE), round(rect.height * 0.58))
        label = self.text.fit(self.tr.digits(number), size, colour, round(rect.width * 0.9),
                              bold=lit, rtl=False)
        target.blit(label, label.get_rect(center=rect.center))

    def _balanced(self, text: str, size: int, width: int, bold: bool = False) -> list[str]:
        """`text` wrapped to `width` in as few lines, of about the same width (no word
        left alone on the last)."""
        lines = self.text.wrap(text, size, width, bold=bold)
        trial = self.text.width(text, size, bold) // max(1, len(lines))
        while len(lines) > 1 and trial < width:
            even = self.text.wrap(text, size, trial, bold=bold)
            if len(even) == len(lines):
                return even
            trial += size // 2
        return lines

    def _hint_lines(self, hint: str, width: int) -> list[str]:
        """A line of key hints ("Enter check · Esc cancel") on as few lines as hold it at
        its size, broken between hints (a hint wider than a line between its words)."""
        assert self._layout is not None
        size = self._layout.px(READ_SIZE)
        lines: list[str] = []
        for part in hint.split(" · "):
            trial = f"{lines[-1]} · {part}" if lines else part
            if lines and self.text.width(trial, size) <= width:
                lines[-1] = trial
            else:
                lines += self.text.wrap(part, size, width)
        return lines

    def _wrap_pieces(
        self, pieces: list[Piece], size: float, width: int, bold: bool = False
    ) -> list[list[Piece]]:
        """A line of pieces cut at spaces into lines no wider than `width` at `size` (a
        serial or a mark stays whole, with the words it touches)."""
        assert self._layout is not None
        px_size = self._layout.px(size)
        words: list[list[Piece]] = [[]]
        for kind, text in pieces:
            if kind != "text":
                words[-1].append((kind, text))
                continue
            for i, part in enumerate(text.split(" ")):
                if i:
                    words.append([])
                if part:
                    words[-1].append(("text", part))
        lines: list[list[Piece]] = []
        for word in (w for w in words if w):
            trial = _joined([*lines[-1], ("text", " "), *word]) if lines else word
            if lines and self._pieces_width(trial, px_size, bold) <= width:
                lines[-1] = trial
            else:
                lines.append(_joined(word))
        return lines

    def _pieces_width(self, pieces: list[Piece], px_size: int, bold: bool) -> int:
        """How wide `_draw_pieces` draws a line of pieces at `px_size`, unshrunk."""
        total = 0
        for kind, text in pieces:
            if kind == "text":
                total += self.text.width(text, px_size, bold)
            elif kind == "serial":
                total += self.text.width(text, px_size, bold, rtl=False)
            else:
                total += self._chip(text, px_size).get_width()
        return total

    def _pieces(
        self, template: str, values: dict[str, object], chips: tuple[str, ...] = ()
    ) -> list[Piece]:
        """A catalogue template cut into pieces: serials as printed, `chips` as marks."""
        pieces: list[Piece] = []
        run = ""
        for literal, name, _, _ in string.Formatter().parse(template):
            run += literal
            if name is None:
                continue
            value = values[name]
            if name not in SERIAL_FIELDS and name not in chips:
                if isinstance(value, Stage):
                    value = self._stage_name(value)
                elif isinstance(value, Money):  # an amount of the prize pot
                    value = money(self.tr, value, self.controller.currency)
                run += self.tr.isolate(value)
                continue
            if run:
                pieces.append(("text", run))
                run = ""
            if name in chips:
                pieces.append(("chip", self.tr.digits(value)))
                continue
            serials = [str(v) for v in value] if isinstance(value, list | tuple) else [str(value)]
            for i, serial in enumerate(serials):
                if i:
                    pieces.append(("text", self.tr("app.list_sep")))
                pieces.append(("serial", serial))
        if run:
            pieces.append(("text", run))
        return pieces

    def _piece_image(
        self, kind: str, text: str, size: int, colour: Colour, bold: bool
    ) -> pygame.Surface:
        if kind == "serial":
            # As printed on the paper: the same characters, left to right, in both languages.
            return self.text.render(text, size, colour, bold, rtl=False)
        if kind == "chip":
            return self._chip(text, size)
        return self.text.render(text, size, colour, bold)

    def _chip(self, digits: str, size: int) -> pygame.Surface:
        """A number in the card's last-number mark, one line high."""
        ascent, descent = self.text.line_box(size)
        height = ascent + descent
        label = self.text.render(digits, size, LAST_TEXT, True, rtl=False)
        ink = label.get_bounding_rect()
        side = max(height, ink.width + size)
        margin = max(2, size // 4)
        chip = pygame.Surface((side + 2 * margin, height), pygame.SRCALPHA)
        box = pygame.Rect(margin, 0, side, height)
        frame = max(2, size // 10)
        pygame.draw.rect(chip, LAST_FRAME, box, border_radius=frame * 2)
        pygame.draw.rect(chip, LAST_MARK, box.inflate(-2 * frame, -2 * frame),
                         border_radius=frame)
        chip.blit(label, ink_centred(label, box.center))
        return chip

    def _draw_pieces(
        self, surface: pygame.Surface, pieces: list[Piece], size: float, colour: Colour,
        rect: pygame.Rect, align: str = "center", bold: bool = False,
        ink: list[pygame.Rect] | None = None,
    ) -> list[pygame.Rect]:
        """One line of pieces in reading order, shrunk to fit `rect`; each piece's rectangle
        (and, into `ink`, the rectangle of each piece's glyphs)."""
        assert self._layout is not None
        px_size = self._layout.px(size)
        while True:
            images = [self._piece_image(kind, text, px_size, colour, bold)
                      for kind, text in pieces]
            width = sum(image.get_width() for image in images)
            if width <= rect.width or px_size <= 8:
                break
            px_size = max(8, int(px_size * rect.width / width) - 1)
        side = {"start": "right" if self.rtl else "left",
                "end": "left" if self.rtl else "right"}.get(align, "center")
        x = {"left": rect.left, "right": rect.right - width}.get(side, rect.centerx - width // 2)
        rects = [pygame.Rect(0, 0, 0, 0)] * len(images)
        order = range(len(images) - 1, -1, -1) if self.rtl else range(len(images))
        for i in order:  # right-to-left text: the first piece is the rightmost
            image = images[i]
            rects[i] = surface.blit(image, image.get_rect(left=x, centery=rect.centery))
            if ink is not None:
                ink.append(image.get_bounding_rect(min_alpha=128).move(rects[i].topleft))
            x += image.get_width()
        return rects


class ScreenPaint(Paint):
    """The calling screen's parts: the board, the status and the number panel, the notice
    and the countdown (the check-in panel is `kiosk.games.debarna.checkin_paint`'s). Each
    draws over the background and returns the rectangles it drew."""

    def _draw_board(self, surface: pygame.Surface) -> pygame.Rect:
        assert self._layout is not None
        layout = self._layout
        rect = self._restore(surface, layout.board)
        last = self.controller.last
        called = self.controller.called
        for number in called:
            self._draw_cell(surface, number, layout.cells[number], lit=True, last=number == last)
        self._shown_last = last
        self._shown_count = len(called)
        return rect

    def _draw_new_cells(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """Light the numbers called since the last frame, and unmark the previous last."""
        assert self._layout is not None
        cells = self._layout.cells
        called = self.controller.called
        last = self.controller.last
        dirty = []
        previous = self._shown_last
        if previous is not None and previous != last and previous in called:
            dirty.append(self._restore(surface, cells[previous]))
            self._draw_cell(surface, previous, cells[previous], lit=True, last=False)
        for number in called[self._shown_count :]:
            dirty.append(self._restore(surface, cells[number]))
            self._draw_cell(surface, number, cells[number], lit=True, last=number == last)
        self._shown_last = last
        self._shown_count = len(called)
        return dirty

    def _draw_status(self, surface: pygame.Surface, side: bool = True) -> list[pygame.Rect]:
        """The status chip, and (`side`) the stage and winners lines of the number panel."""
        assert self._layout is not None
        layout = self._layout
        c = self.controller
        dirty = [self._restore(surface, layout.status)]
        if c.hand is None:
            label, colour = self.tr("caller.no_hand"), TEXT_DIM
        elif c.hand.is_over:
            label, colour = self.tr("caller.hand_over"), ACCENT
        elif c.claim_phase is not ClaimPhase.CLOSED or c.paused:
            label, colour = self.tr("caller.paused"), WARN
        elif c.manual:
            label, colour = self.tr("caller.manual"), BAR
        else:
            label, colour = self.tr("caller.running"), GOOD
        chip = layout.status.inflate(-layout.px(8), -layout.px(14))
        pygame.draw.rect(surface, PANEL, chip, border_radius=chip.height // 2)
        pygame.draw.rect(surface, colour, chip, width=layout.px(3), border_radius=chip.height // 2)
        dot = layout.px(12)
        inner = chip.inflate(-chip.height, 0)
        dot_x = inner.right - dot if self.rtl else inner.left + dot
        pygame.draw.circle(surface, colour, (dot_x, chip.centery), dot)
        text_rect = inner.inflate(-3 * dot, 0).move(-dot if self.rtl else dot, 0)
        self._draw_text(surface, label, READ_SIZE, TEXT, text_rect, align="center", bold=True)
        if not side:
            return dirty  # a claim's panel covers the number panel

        dirty.append(self._restore(surface, layout.stage))
        dirty.append(self._restore(surface, layout.wins))
        self.wins_drawn = []
        if c.hand is not None:
            stage = c.stage
            wins = c.hand.winners
            pitch = layout.px(WINS_PITCH)
            if stage is not None or not wins:
                title = self.tr("caller.playing_for", stage=self._stage_name(stage)) \
                    if stage is not None else self.tr("caller.hand_over")
                self._draw_text(surface, title, 44, ACCENT, layout.stage, align="center",
                                bold=True)
                lines, top = self._latest_wins(2) or self._pot_lines(), layout.wins.top
            else:
                # The hand is over (the status chip says so): every stage's winner, Line
                # first, on the stage's line and the winners' two.
                top = layout.stage.top
                lines = self._every_win((layout.wins.bottom - top) // pitch)
            for i, line in enumerate(lines):
                row = pygame.Rect(layout.wins.left, top + i * pitch, layout.wins.width, pitch)
                self._draw_text(surface, line, READ_SIZE, TEXT, row, align="center")
                self.wins_drawn.append(TextDrawn(line, layout.px(READ_SIZE), TEXT, row))
        return dirty

    def _pot_lines(self) -> list[str]:
        """Before any win, the prize pot: this hand's total once called; before the first
        call, whether there is one, its stake and the keys that set it."""
        c = self.controller
        settlement = c.pot_settlement
        if settlement is not None:
            return [self.tr("pot.in_hand", pot=money(self.tr, settlement.pot, c.currency))]
        if not c.pot_editable or (c.hand is not None and c.hand.is_over):
            return []
        stake = money(self.tr, c.pot_stake, c.currency)
        first = self.tr("pot.before_on", stake=stake) if c.pot_on else self.tr("pot.before_off")
        return [first, self.tr("pot.before_keys")]

    def _won(self, stage: Stage, key: str = "caller.won_by") -> str:
        assert self.controller.hand is not None
        win = self.controller.hand.winners[stage]
        return self.tr(key, stage=self._stage_name(stage), serials=self.tr.join(win.serials))

    def _latest_wins(self, rows: int) -> list[str]:
        """The latest wins in `rows` lines, a line each (the stage line above says what is
        next); one win too long for them has its last words on the last."""
        hand = self.controller.hand
        assert self._layout is not None and hand is not None
        wins = hand.winners
        size = self._layout.px(READ_SIZE)
        lines: list[str] = []
        for stage in reversed([s for s in self.controller.options.stages if s in wins]):
            wrapped = self.text.wrap(self._won(stage), size, self._layout.wins.width)
            if lines and len(lines) + len(wrapped) > rows:
                break
            lines = wrapped + lines
        if len(lines) > rows:
            lines = [*lines[:rows - 1], " ".join(lines[rows - 1:])]
        return lines

    def _every_win(self, rows: int) -> list[str]:
        """Every stage won, the main ones in their order first, in `rows` lines: in words
        ("Line won by 003-2"), or shorter ("Line: 003-2"), or a line a stage; the side
        prizes only where there is room for them too."""
        hand = self.controller.hand
        assert self._layout is not None and hand is not None
        wins, options = hand.winners, self.controller.options
        size, width = self._layout.px(READ_SIZE), self._layout.wins.width
        main = [s for s in options.main_stages if s in wins]
        side = [s for s in options.side_stages if s in wins]
        for stages in ([*main, *side], main):
            for key in ("caller.won_by", "caller.won_short"):
                lines = [line for s in stages for line in
                         self.text.wrap(self._won(s, key), size, width)]
                if len(lines) <= rows:
                    return lines
        return [self._won(s, "caller.won_short") for s in main][:rows]

    def _draw_ball(self, surface: pygame.Surface) -> pygame.Rect:
        assert self._layout is not None
        layout = self._layout
        c = self.controller
        rect = self._restore(surface, layout.ball)
        radius = layout.ball.width // 2
        center = layout.ball.center
        if c.repeating:
            pygame.draw.circle(surface, WARN, center, radius)
            pygame.draw.circle(surface, BALL, center, radius - layout.px(14))
        else:
            pygame.draw.circle(surface, BALL, center, radius)
            pygame.draw.circle(surface, ACCENT, center, radius, width=layout.px(6))
        last = c.last
        if last is None:
            label = self.tr("caller.get_ready")
            text = self.text.fit(label, layout.px(56), BALL_TEXT, round(radius * 1.8),
                                 min_size=layout.px(READ_SIZE))
            surface.blit(text, text.get_rect(center=center))
        else:
            size = round(radius * 1.05)
            number = self.text.fit(self.tr.digits(last), size, BALL_TEXT, round(radius * 1.55),
                                   bold=True, rtl=False)
            ink = number.get_bounding_rect()
            box = number.get_rect()
            box.center = center
            box.move_ip(box.width // 2 - ink.centerx, box.height // 2 - ink.centery)
            surface.blit(number, box)
        if c.repeating and last is not None:
            label = self.tr("caller.repeated", number=last)
            # A ribbon across the ball's foot, as wide as its words (up to the panel's width).
            words = self.text.width(label, layout.px(READ_SIZE), bold=True)
            width = min(max(round(radius * 1.5), words + layout.px(40)),
                        layout.side.width - layout.px(48))
            band = pygame.Rect(0, 0, width, layout.px(56))
            band.midbottom = (center[0], layout.ball.bottom - layout.px(18))
            pygame.draw.rect(surface, WARN, band, border_radius=band.height // 2)
            self._draw_text(surface, label, READ_SIZE, BALL_TEXT,
                            band.inflate(-layout.px(16), 0), align="center", bold=True)
        return rect

    def _draw_last_calls(self, surface: pygame.Surface) -> list[pygame.Rect]:
        assert self._layout is not None
        layout = self._layout
        c = self.controller
        dirty = []
        previous = c.last_calls()
        for i, rect in enumerate(layout.last_calls):
            dirty.append(self._restore(surface, rect))
            # Newest next to the ball side: first slot from the start edge.
            if i < len(previous):
                radius = rect.width // 2
                pygame.draw.circle(surface, CELL_ON if i == 0 else CELL_OFF, rect.center, radius)
                colour = CELL_ON_TEXT if i == 0 else TEXT
                size = max(layout.px(READ_SIZE), round(rect.height * 0.5))
                label = self.text.fit(self.tr.digits(previous[i]), size, colour,
                                      round(rect.width * 0.85), bold=True, rtl=False)
                surface.blit(label, label.get_rect(center=rect.center))
            else:
                pygame.draw.circle(surface, PANEL_EDGE, rect.center, rect.width // 2,
                                   width=layout.px(2))
        dirty.append(self._restore(surface, layout.count))
        count = self.tr("caller.count", count=len(c.called))
        self._draw_text(surface, count, 50, TEXT, layout.count, align="center", bold=True)
        return dirty

    def _draw_notice(self, surface: pygame.Surface) -> pygame.Rect:
        """The notice on its row; a long one goes on to a second line, over the key
        legend's row (the legend comes back when the notice goes)."""
        assert self._layout is not None
        layout = self._layout
        rows = (layout.notice, layout.legend)
        lent = layout.legend.inflate(0, 2 * layout.px(6))  # and the Persian letters' tails
        rect = self._restore(surface, layout.notice.union(lent))
        notice = self.controller.notice or self.controller.warning
        if notice is not None:
            # Serials as printed on the paper, in both languages.
            pieces = self._pieces(self.tr(notice.key), dict(notice.values))
            lines = self._wrap_pieces(pieces, NOTICE_SIZE, layout.notice.width, bold=True)
            if len(lines) > len(rows):  # never met with the catalogues' notices
                lines = [*lines[:len(rows) - 1], [p for line in lines[len(rows) - 1:]
                                                   for p in (*line, ("text", " "))][:-1]]
            if len(lines) > 1:
                pygame.draw.rect(surface, BACKGROUND, lent)  # the legend's row is lent
            for line, row in zip(lines, rows, strict=False):
                self._draw_pieces(surface, line, NOTICE_SIZE, WARN, row, bold=True)
        return rect

    def _draw_countdown(
        self, surface: pygame.Surface, now: float, force: bool
    ) -> pygame.Rect | None:
        assert self._layout is not None
        rect = self._layout.countdown
        share = self.controller.countdown(now)
        width = -1 if share is None else round(rect.width * share)
        if width == self._bar_width and not force:
            return None
        self._bar_width = width
        area = self._restore(surface, rect)
        if share is not None:
            radius = rect.height // 2
            pygame.draw.rect(surface, BAR_BACK, rect, border_radius=radius)
            if width > 0:
                bar = pygame.Rect(rect.left, rect.top, width, rect.height)
                if self.rtl:
                    bar.right = rect.right
                pygame.draw.rect(surface, BAR, bar, border_radius=radius)
        return area



def _joined(pieces: list[Piece]) -> list[Piece]:
    """Neighbouring text pieces made one (shaped and ordered as one run)."""
    out: list[Piece] = []
    for kind, text in pieces:
        if kind == "text" and out and out[-1][0] == "text":
            out[-1] = ("text", out[-1][1] + text)
        else:
            out.append((kind, text))
    return out


def mirror_in(rect: pygame.Rect, within: pygame.Rect) -> pygame.Rect:
    """`rect` mirrored left to right inside `within`."""
    return pygame.Rect(within.left + within.right - rect.right, rect.top, rect.width,
                       rect.height)


def ink_centred(label: pygame.Surface, center: tuple[int, int]) -> pygame.Rect:
    """Where to blit `label` so that its ink (not its line box) is centred on `center`."""
    ink = label.get_bounding_rect()
    box = label.get_rect()
    box.topleft = (center[0] - ink.centerx, center[1] - ink.centery)
    return box

"""The print screen: the host picks how many strips of 6 tickets to print, and prints them.

Left/right or up/down change the number of strips (1 to 20), select prints them, back
returns to the home menu; a click on − or + changes the number and a click on the
Print button prints. Printing runs off the frame loop: `print_strips(n)` returns a
Future (the app runs the job on a worker thread), and while it runs the screen says so
and no second job can start. When it completes, its result is shown in green, or why
it failed in the warning colour: the catalogue's sentence for the error, in the screen's
language (the printing module's English sentence, which may name the command line's
flags, goes to the log). Back works at any time; a running job goes on without the screen.

The layout is measured from the surface and mirrored in Persian (− stays on the left
and + on the right, like the left and right buttons); only regions whose look changed
are drawn again.
"""

from __future__ import annotations

import errno
import logging
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any

import pygame

from hardware.printing import PrintError
from kiosk.config import Action
from kiosk.i18n import Translator, Written
from kiosk.store import StoreError
from kiosk.text import TextRenderer, has_arabic
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
    safe_area,
)

log = logging.getLogger(__name__)

Colour = tuple[int, int, int]

MIN_STRIPS = 1
MAX_STRIPS = 20
TICKETS_PER_STRIP = 6
BUTTON_OFF: Colour = (40, 52, 92)
SIGN_OFF: Colour = (64, 80, 128)
PRINT_TEXT: Colour = (24, 20, 8)
BAR_STEPS = 24  # positions of the moving block while printing
BAR_RATE = 12.0  # its steps a second

# The sentence shown when an error carries no catalogue key of its own.
OTHER_FAILURE = "printing.error_other"

# What the screen is doing.
IDLE = "idle"
PRINTING = "printing"
DONE = "done"
FAILED = "failed"


def failure(tr: Translator, error: BaseException) -> str:
    """Why a print job failed, in the screen's language, naming no command-line flag."""
    values: dict[str, object] = {}
    if isinstance(error, PrintError):
        # A printer's or device's name is written as it is: "Kitchen2" keeps its "2".
        key = error.key
        values = {name: Written(str(value)) for name, value in error.values.items()}
    elif isinstance(error, StoreError):
        key = f"printing.error_journal_{error.key}"
    elif isinstance(error, OSError) and error.errno == errno.ENOSPC:
        key = "printing.error_disk_full"
    else:
        key = OTHER_FAILURE
    if not tr.has(key):
        return tr(OTHER_FAILURE)
    try:
        return tr(key, **values)
    except (KeyError, IndexError):  # a placeholder the sentence wants and was not given
        return tr(OTHER_FAILURE)


@dataclass(frozen=True)
class Layout:
    """Where everything goes for one surface size and direction."""

    size: tuple[int, int]
    rtl: bool
    unit: float
    title: pygame.Rect
    back: pygame.Rect
    question: pygame.Rect
    minus: pygame.Rect
    number: pygame.Rect
    plus: pygame.Rect
    summary: pygame.Rect
    button: pygame.Rect
    bar: pygame.Rect
    status: pygame.Rect
    hint: pygame.Rect

    def px(self, value: float) -> int:
        return max(1, round(value * self.unit))

    @property
    def stepper(self) -> pygame.Rect:
        return self.minus.union(self.plus)


def make_layout(size: tuple[int, int], rtl: bool) -> Layout:
    """Lay the screen out for `size` (designed at 1920×1080), mirrored for right-to-left."""
    width, height = size
    unit = min(width / 1920, height / 1080)

    def px(value: float) -> int:
        return max(1, round(value * unit))

    def centred(top: int, w: int, h: int) -> pygame.Rect:
        return pygame.Rect((width - w) // 2, top, w, h)

    safe = safe_area(size)  # a TV may crop the edges: nothing is drawn outside it
    margin = safe.left
    header = pygame.Rect(safe.left, safe.top, safe.width, px(90))
    back = pygame.Rect(header.left, header.top + px(10), px(230), header.height - px(20))
    title = pygame.Rect(back.right + px(20), header.top, header.width - 2 * (back.width + px(20)),
                        header.height)
    question = centred(header.bottom + px(40), px(1200), px(70))
    side, middle, gap = px(180), px(320), px(36)
    row = centred(question.bottom + px(16), 2 * side + middle + 2 * gap, side)
    minus = pygame.Rect(row.left, row.top, side, side)
    number = pygame.Rect(minus.right + gap, row.top, middle, side)
    plus = pygame.Rect(number.right + gap, row.top, side, side)
    summary = centred(row.bottom + px(16), px(1200), px(76))
    button = centred(summary.bottom + px(16), px(640), px(126))
    bar = centred(button.bottom + px(16), button.width, px(12))
    hint = pygame.Rect(safe.left, safe.bottom - px(56), safe.width, px(56))
    # Room for "Printing failed:" and a two-line sentence saying why, at full size.
    status_top = bar.bottom + px(12)
    status = pygame.Rect(margin, status_top, width - 2 * margin, hint.top - px(12) - status_top)

    def m(rect: pygame.Rect) -> pygame.Rect:
        if not rtl:
            return rect
        return pygame.Rect(width - rect.right, rect.top, rect.width, rect.height)

    return Layout(size=size, rtl=rtl, unit=unit, title=m(title), back=m(back),
                  question=question, minus=minus, number=number, plus=plus, summary=summary,
                  button=button, bar=bar, status=status, hint=hint)


class PrintScene:
    """Choose a number of strips and print them, one job at a time."""

    def __init__(
        self,
        text: TextRenderer,
        tr: Translator,
        print_strips: Callable[[int], Future[str]],
    ) -> None:
        self.text = text
        self.tr = tr
        self.print_strips = print_strips
        self.count = MIN_STRIPS
        self.request: str | None = None
        self.state = IDLE
        self.outcome: str | None = None  # the job's result, or why it failed
        self.printed: int | None = None  # strips in the job running or last run
        self._job: Future[str] | None = None
        self._layout: Layout | None = None
        self._background: pygame.Surface | None = None
        self._shown: dict[str, Any] = {}
        self._full = True
        self._now = 0.0

    @property
    def rtl(self) -> bool:
        return self.tr.rtl

    @property
    def busy(self) -> bool:
        """Whether a job is running (and another cannot start)."""
        return self._job is not None

    # -- input ----------------------------------------------------------------------------
    def handle(self, action: Action | None, typed: str, now: float) -> None:
        self._collect()
        if action in (Action.LEFT, Action.DOWN):
            self.change(-1)
        elif action in (Action.RIGHT, Action.UP):
            self.change(1)
        elif action is Action.SELECT:
            self.start(now)
        elif action is Action.BACK:
            self.request = "home"

    def click(self, pos: tuple[int, int], now: float) -> None:
        layout = self._layout
        if layout is None:
            return
        if layout.back.collidepoint(pos):
            self.request = "home"
        elif layout.minus.collidepoint(pos):
            self.change(-1)
        elif layout.plus.collidepoint(pos):
            self.change(1)
        elif layout.button.collidepoint(pos):
            self._collect()
            self.start(now)

    def change(self, step: int) -> None:
        """More or fewer strips, between 1 and 20; not while a job runs."""
        if self.busy:
            return
        self.count = min(MAX_STRIPS, max(MIN_STRIPS, self.count + step))

    def start(self, now: float) -> bool:
        """Start printing the chosen strips, unless a job is running; True if started."""
        if self.busy:
            return False
        self._now = now
        try:
            job = self.print_strips(self.count)
        except (PrintError, StoreError, OSError) as exc:  # refused before it began
            log.error("printing failed: %s", exc)
            self._finish(FAILED, failure(self.tr, exc))
            return False
        self._job = job
        self.printed = self.count
        self.state = PRINTING
        self.outcome = None
        log.info("printing %d strips", self.count)
        return True

    def update(self, now: float) -> None:
        self._now = now
        self._collect()

    def invalidate(self) -> None:
        self._full = True

    # -- the job --------------------------------------------------------------------------
    def _collect(self) -> None:
        """Take the job's result once it has completed."""
        job = self._job
        if job is None or not job.done():
            return
        self._job = None
        if job.cancelled():
            self._finish(FAILED, self.tr("printing.cancelled"))
            return
        error = job.exception()
        if error is None:
            result = job.result()
            log.info("printed: %s", result)
            self._finish(DONE, str(result))
        elif isinstance(error, (PrintError, StoreError, OSError)):
            log.error("printing failed: %s", error)
            self._finish(FAILED, failure(self.tr, error))
        else:
            log.error("printing failed unexpectedly", exc_info=error)
            self._finish(FAILED, self.tr("printing.see_log"))

    def _finish(self, state: str, outcome: str) -> None:
        self.state = state
        self.outcome = outcome

    def status_lines(self) -> list[tuple[str, Colour, bool]]:
        """The lines under the button: (text, colour, bold)."""
        if self.state == PRINTING:
            return [(self.tr("printing.wait", strips=self.printed or self.count), TEXT, True)]
        if self.state == DONE and self.outcome:
            return [(self.outcome, GOOD, True)]
        if self.state == FAILED:
            return [(self.tr("printing.failed"), WARN, True), (self.outcome or "", WARN, False)]
        return []

    # -- what each region looks like ------------------------------------------------------
    def summary(self) -> str:
        tickets = self.count * TICKETS_PER_STRIP
        if self.count == 1:
            return self.tr("printing.one_strip", tickets=tickets)
        return self.tr("printing.strips", strips=self.count, tickets=tickets)

    def _looks(self) -> dict[str, Any]:
        busy = self.busy
        phase = int(self._now * BAR_RATE) % BAR_STEPS if busy else None
        return {
            "stepper": (self.count, busy),
            "summary": (self.summary(), busy),
            "button": busy,
            "bar": phase,
            "status": (self.state, self.outcome, self.printed),
        }

    # -- drawing --------------------------------------------------------------------------
    def _build(self, size: tuple[int, int]) -> None:
        layout = make_layout(size, self.rtl)
        self._layout = layout
        background = pygame.Surface(size)
        background.fill(BACKGROUND)
        px = layout.px
        self.text.draw(background, self.tr("printing.title"), px(64), ACCENT, layout.title,
                       align="center", bold=True, rtl=self.rtl)
        back = layout.back
        pygame.draw.rect(background, PANEL, back, border_radius=back.height // 3)
        pygame.draw.rect(background, PANEL_EDGE, back, width=px(2),
                         border_radius=back.height // 3)
        inner = back.inflate(-px(28), 0)
        cy, size_ = inner.centery, px(14)
        if self.rtl:  # the arrow points the way back: to the right in Persian
            tip = inner.right
            points = [(tip, cy), (tip - round(size_ * 1.2), cy - size_),
                      (tip - round(size_ * 1.2), cy + size_)]
        else:
            tip = inner.left
            points = [(tip, cy), (tip + round(size_ * 1.2), cy - size_),
                      (tip + round(size_ * 1.2), cy + size_)]
        pygame.draw.polygon(background, TEXT_DIM, points)
        label = back.inflate(-px(40), 0)
        label.width -= px(24)
        if not self.rtl:
            label.left += px(24)
        self.text.draw(background, self.tr("printing.back"), px(40), TEXT, label,
                       align="center", rtl=self.rtl)
        self.text.draw(background, self.tr("printing.how_many"), px(46), TEXT_DIM,
                       layout.question, align="center", rtl=self.rtl)
        self.text.draw(background, self.tr("printing.hint"), px(40), TEXT_DIM, layout.hint,
                       align="center", rtl=self.rtl)
        self._background = background

    def _clear(self, surface: pygame.Surface, rect: pygame.Rect) -> pygame.Rect:
        """Put the background back under `rect` and keep drawing inside it."""
        assert self._background is not None
        surface.set_clip(rect)
        return surface.blit(self._background, rect, rect)

    def _sign_button(self, surface: pygame.Surface, layout: Layout, rect: pygame.Rect,
                     plus: bool, live: bool) -> None:
        px = layout.px
        radius = rect.height // 4
        pygame.draw.rect(surface, PANEL if live else BUTTON_OFF, rect, border_radius=radius)
        pygame.draw.rect(surface, ACCENT if live else PANEL_EDGE, rect,
                         width=px(4) if live else px(2), border_radius=radius)
        colour = TEXT if live else SIGN_OFF
        arm, thick = round(rect.width * 0.26), max(2, round(rect.width * 0.075))
        bar = pygame.Rect(0, 0, 2 * arm, thick)
        bar.center = rect.center
        pygame.draw.rect(surface, colour, bar)
        if plus:
            pygame.draw.rect(surface, colour, pygame.Rect(0, 0, thick, 2 * arm).move(
                rect.centerx - thick // 2, rect.centery - arm))

    def _draw_stepper(self, surface: pygame.Surface, layout: Layout) -> pygame.Rect:
        area = self._clear(surface, layout.stepper)
        busy = self.busy
        fewer = not busy and self.count > MIN_STRIPS
        more = not busy and self.count < MAX_STRIPS
        self._sign_button(surface, layout, layout.minus, False, fewer)
        self._sign_button(surface, layout, layout.plus, True, more)
        box = layout.number
        pygame.draw.rect(surface, PANEL, box, border_radius=box.height // 4)
        pygame.draw.rect(surface, PANEL_EDGE, box, width=layout.px(2),
                         border_radius=box.height // 4)
        self.text.draw(surface, self.tr.digits(self.count), layout.px(120),
                       TEXT_DIM if busy else TEXT, box.inflate(-layout.px(24), 0),
                       align="center", bold=True, rtl=self.rtl)
        return area

    def _draw_summary(self, surface: pygame.Surface, layout: Layout) -> pygame.Rect:
        area = self._clear(surface, layout.summary)
        self.text.draw(surface, self.summary(), layout.px(50), TEXT_DIM if self.busy else ACCENT,
                       layout.summary, align="center", bold=True, rtl=self.rtl)
        return area

    def _draw_button(self, surface: pygame.Surface, layout: Layout) -> pygame.Rect:
        rect = layout.button
        area = self._clear(surface, rect)
        radius = rect.height // 3
        if self.busy:
            pygame.draw.rect(surface, BUTTON_OFF, rect, border_radius=radius)
            pygame.draw.rect(surface, PANEL_EDGE, rect, width=layout.px(2),
                             border_radius=radius)
            label, colour = self.tr("printing.printing"), TEXT_DIM
        else:
            pygame.draw.rect(surface, ACCENT, rect, border_radius=radius)
            label, colour = self.tr("printing.print"), PRINT_TEXT
        self.text.draw(surface, label, layout.px(62), colour, rect.inflate(-layout.px(40), 0),
                       align="center", bold=True, rtl=self.rtl)
        return area

    def _draw_bar(self, surface: pygame.Surface, layout: Layout) -> pygame.Rect:
        rect = layout.bar
        area = self._clear(surface, rect)
        if not self.busy:
            return area
        radius = rect.height // 2
        pygame.draw.rect(surface, BAR_BACK, rect, border_radius=radius)
        phase = int(self._now * BAR_RATE) % BAR_STEPS
        block = rect.width // 4
        travel = rect.width - block
        # Back and forth, so the block never jumps.
        half = BAR_STEPS // 2
        place = phase if phase <= half else BAR_STEPS - phase
        left = rect.left + round(travel * place / half)
        if self.rtl:
            left = rect.left + rect.right - left - block
        pygame.draw.rect(surface, BAR, pygame.Rect(left, rect.top, block, rect.height),
                         border_radius=radius)
        return area

    def status_rows(self, layout: Layout) -> tuple[list[tuple[str, Colour, bool, bool]], int]:
        """The status lines wrapped into rows (text, colour, bold, right to left) of the
        status area, and their pitch. Rows beyond the area's room are joined into its last
        row, which is then drawn shrunk to fit."""
        rect = layout.status
        size = layout.px(44)
        ascent, descent = self.text.line_box(size)
        pitch = ascent + descent + layout.px(6)
        room = max(1, rect.height // pitch)
        width = min(rect.width, layout.px(1600))
        rows: list[tuple[str, Colour, bool, bool]] = []
        for line, colour, bold in self.status_lines():
            # A line keeps its own direction: a result line may be Latin text alone.
            rtl = self.rtl and has_arabic(line)
            parts = self.text.wrap(line, size, width, bold, rtl, TEXT)
            rows += [(part, colour, bold, rtl) for part in parts]
        if len(rows) > room:  # the last line takes the rest, shrunk to fit
            last = rows[room - 1]
            rest = " ".join(r[0] for r in rows[room - 1:])
            rows = [*rows[:room - 1], (rest, last[1], last[2], last[3])]
        return rows, pitch

    def _draw_status(self, surface: pygame.Surface, layout: Layout) -> pygame.Rect:
        rect = layout.status
        area = self._clear(surface, rect)
        size = layout.px(44)
        width = min(rect.width, layout.px(1600))
        rows, pitch = self.status_rows(layout)
        for i, (line, colour, bold, rtl) in enumerate(rows):
            box = pygame.Rect(0, rect.top + i * pitch, width, pitch)
            box.centerx = rect.centerx
            self.text.draw(surface, line, size, colour, box, align="center", bold=bold, rtl=rtl)
        return area

    def draw(self, surface: pygame.Surface, now: float) -> list[pygame.Rect]:
        """Bring the screen up to date; returns the rectangles drawn."""
        self._now = now
        self._collect()
        size = surface.get_size()
        layout = self._layout
        if layout is None or layout.size != size or layout.rtl != self.rtl:
            self._build(size)
            self._full = True
        layout = self._layout
        assert layout is not None and self._background is not None
        painters: dict[str, Callable[[pygame.Surface, Layout], pygame.Rect]] = {
            "stepper": self._draw_stepper,
            "summary": self._draw_summary,
            "button": self._draw_button,
            "bar": self._draw_bar,
            "status": self._draw_status,
        }
        looks = self._looks()
        if self._full:
            self._full = False
            surface.blit(self._background, (0, 0))
            for paint in painters.values():
                paint(surface, layout)
                surface.set_clip(None)
            self._shown = looks
            return [surface.get_rect()]
        dirty: list[pygame.Rect] = []
        for name, paint in painters.items():
            if looks[name] != self._shown.get(name):
                dirty.append(paint(surface, layout))
                surface.set_clip(None)
        self._shown = looks
        return dirty

"""The kiosk's look: the colours every screen shares, and the panels the table games share.

Colours: the dark blue ground, the panels and their edges, text and dim text (both
well over 4.5:1 on the ground), the gold accent, good and bad. Panels, drawn the same
at every table: an overlay box (a menu, a score, a question over the table), a button,
a plate (a seat's name and a line under it, lit on its turn), a score sheet (a title,
a table of rows, a note and a footer) and the modes menu (its title, a row for each way
to play and each option of the game). Every size is given in the caller's pixels (its
`px`), so a panel scales with the screen; text goes through the `TextRenderer`, so it
is shaped and laid out right to left in Persian.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from kiosk.text import TextRenderer

Colour = tuple[int, int, int]
Px = Callable[[float], int]

BACKGROUND: Colour = (14, 22, 48)
PANEL: Colour = (24, 36, 74)
ROW_CHOSEN: Colour = (38, 56, 112)  # the chosen row, the seat on turn
PANEL_EDGE: Colour = (52, 70, 124)
TEXT: Colour = (240, 244, 255)
TEXT_DIM: Colour = (170, 182, 214)
ACCENT: Colour = (255, 204, 64)
GOOD: Colour = (72, 201, 120)
BAD: Colour = (240, 84, 84)
WARN: Colour = (255, 170, 60)
OVERLAY: Colour = (10, 16, 36)  # behind a menu, a score, a question
CURSOR: Colour = (110, 205, 255)  # what the keys point at
BAR_BACK: Colour = (40, 56, 104)  # a progress bar or countdown: its track
BAR: Colour = (96, 200, 255)  # and its fill


SAFE_MARGIN = 0.05  # of the width and of the height, on each side


def safe_area(size: tuple[int, int], margin: float = SAFE_MARGIN) -> pygame.Rect:
    """The part of a `size` screen every TV shows (the title-safe area, for overscan):
    `margin` in from each edge."""
    w, h = size
    left, top = round(w * margin), round(h * margin)
    return pygame.Rect(left, top, w - 2 * left, h - 2 * top)


def unit_of(size: tuple[int, int]) -> float:
    """The pixels of a 1920×1080 design unit on a screen of `size` (the same in both ways)."""
    return min(size[0] / 1920, size[1] / 1080)


def scaler(unit: float) -> Px:
    """Design pixels to screen pixels (never less than one)."""
    return lambda value: max(1, round(value * unit))


class Scaled:
    """A layout measured in design pixels: `px` turns them into the screen's."""

    unit: float

    def px(self, value: float) -> int:
        return max(1, round(value * self.unit))


def overlay_box(surface: pygame.Surface, rect: pygame.Rect, px: Px, radius: float = 18,
                alpha: int = 255) -> None:
    """A box over the table, edged in the accent colour (`alpha` < 255: see-through)."""
    corner = px(radius)
    if alpha >= 255:
        pygame.draw.rect(surface, OVERLAY, rect, border_radius=corner)
    else:
        shade = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(shade, (*OVERLAY, alpha), shade.get_rect(), border_radius=corner)
        surface.blit(shade, rect)
    pygame.draw.rect(surface, ACCENT, rect, width=px(4), border_radius=corner)


def button(text: TextRenderer, surface: pygame.Surface, rect: pygame.Rect, label: str,
           size: int, px: Px, rtl: bool, *, chosen: bool = False,
           fill: Colour | None = PANEL, lit_fill: Colour = ROW_CHOSEN,
           edge: Colour | None = None, width: int | None = None, radius: int | None = None,
           pad: int = 20) -> None:
    """A rounded button; the chosen one is lit (`lit_fill`, the accent edge, its text in
    bold). `fill` None: an outline only."""
    corner = rect.height // 4 if radius is None else radius
    if fill is not None:
        pygame.draw.rect(surface, lit_fill if chosen else fill, rect, border_radius=corner)
    pygame.draw.rect(surface, edge or (ACCENT if chosen else PANEL_EDGE), rect,
                     width=width or (px(5) if chosen else px(2)), border_radius=corner)
    text.draw(surface, label, size, TEXT if chosen else TEXT_DIM, rect.inflate(-px(pad), 0),
              align="center", bold=chosen, rtl=rtl)


@dataclass(frozen=True)
class PlateLook:
    """How a plate is drawn: its fill and edge, off turn and on turn, and its text sizes."""

    fill: Colour
    edge: Colour
    radius: float | None = None  # None: a third of its height
    sizes: tuple[int, int] = (30, 26)
    inset: tuple[int, int] = (18, 6)  # the text's margins, across and down


def plate(text: TextRenderer, surface: pygame.Surface, rect: pygame.Rect, look: PlateLook,
          px: Px, rtl: bool, name: str, line: str, *, on_turn: bool,
          edge: Colour | None = None, line_colour: Colour = TEXT_DIM,
          text_box: pygame.Rect | None = None) -> None:
    """A seat's plate: its name (bold on its turn) and a line under it; lit on its turn.
    `edge` overrides the edge colour (the seat that won the trick); `text_box` where the
    two lines go when something else (a checker) stands beside them."""
    corner = rect.height // 3 if look.radius is None else px(look.radius)
    pygame.draw.rect(surface, ROW_CHOSEN if on_turn else look.fill, rect, border_radius=corner)
    lit = on_turn or edge is not None
    pygame.draw.rect(surface, edge or (ACCENT if on_turn else look.edge), rect,
                     width=px(4) if lit else px(2), border_radius=corner)
    inner = text_box or rect.inflate(-2 * px(look.inset[0]), -2 * px(look.inset[1]))
    top = pygame.Rect(inner.left, inner.top, inner.width, inner.height // 2)
    text.draw(surface, name, px(look.sizes[0]), TEXT, top, bold=on_turn, rtl=rtl)
    text.draw(surface, line, px(look.sizes[1]), line_colour, top.move(0, top.height), rtl=rtl)


@dataclass(frozen=True)
class SheetRow:
    """A row of a score sheet: its cells (a name, then numbers) and whether it leads."""

    cells: tuple[str, ...]
    leading: bool = False


SHEET_TITLE = 54  # a score sheet's title
SHEET_TEXT = 42  # and every other line of it: a capital 28 px tall at 1080p (DESIGN §3b)
SHEET_ROW = 58  # the pitch of its rows


def score_sheet(text: TextRenderer, surface: pygame.Surface, rect: pygame.Rect, px: Px,
                rtl: bool, title: str, header: Sequence[str], rows: Sequence[SheetRow],
                footer: str, note: str | None = None) -> pygame.Rect | None:
    """The score after a hand: a title, a table (the first column a name, then numbers;
    the leading rows in the accent colour), a note under it, and a footer saying how to
    go on. Returns where the note was drawn (for a mark beside it)."""
    noted = None
    for step in score_sheet_steps(text, rect, px, rtl, title, header, rows, footer, note):
        noted = step(surface) or noted
    return noted


SheetStep = Callable[[pygame.Surface], "pygame.Rect | None"]


def score_sheet_steps(text: TextRenderer, rect: pygame.Rect, px: Px, rtl: bool, title: str,
                      header: Sequence[str], rows: Sequence[SheetRow], footer: str,
                      note: str | None = None) -> list[SheetStep]:
    """`score_sheet` as steps to paint one after another: the box and its title, the
    header, each row, the note (returning where it lies) and the footer, so a frame with
    little time left can paint some and the next frame the rest."""
    inner = rect.inflate(-px(70), -px(36))
    head = pygame.Rect(inner.left, inner.top, inner.width, px(80))
    widths = (0.5, 0.22, 0.22)
    columns: tuple[float, ...] = (0.0, 0.52, 0.78)
    if rtl:  # mirrored: the names at the right edge, as the rule ends
        columns = tuple(1 - x - w for x, w in zip(columns, widths, strict=True))
    size, pitch = px(SHEET_TEXT), px(SHEET_ROW)

    def row(y: int, cells: Sequence[str], colour: Colour, bold: bool) -> SheetStep:
        def step(surface: pygame.Surface) -> None:
            for i, (cell, x, w) in enumerate(zip(cells, columns, widths, strict=True)):
                box = pygame.Rect(inner.left + round(x * inner.width), y,
                                  round(w * inner.width), pitch)
                text.draw(surface, cell, size, colour, box,
                          align="start" if i == 0 else "center", bold=bold, rtl=rtl)
        return step

    def box(surface: pygame.Surface) -> None:
        overlay_box(surface, rect, px)
        text.draw(surface, title, px(SHEET_TITLE), ACCENT, head, align="center", bold=True,
                  rtl=rtl)

    y = head.bottom + px(6)
    steps: list[SheetStep] = [box, row(y, header, TEXT_DIM, False)]
    y += pitch

    def rule(surface: pygame.Surface, y: int = y) -> None:
        pygame.draw.line(surface, PANEL_EDGE, (inner.left, y), (inner.right, y), px(2))

    steps.append(rule)
    for line in rows:
        y += px(6)
        steps.append(row(y, line.cells, ACCENT if line.leading else TEXT, line.leading))
        y += pitch
    if note is not None:
        noted = pygame.Rect(inner.left, y + px(10), inner.width, pitch)

        def note_step(surface: pygame.Surface) -> pygame.Rect:
            text.draw(surface, note, size, GOOD, noted, align="center", bold=True, rtl=rtl)
            return noted

        steps.append(note_step)
    foot = pygame.Rect(inner.left, inner.bottom - pitch, inner.width, pitch)

    def foot_step(surface: pygame.Surface) -> None:
        text.draw(surface, footer, size, TEXT_DIM, foot, align="center", rtl=rtl)

    steps.append(foot_step)
    return steps


@dataclass(frozen=True)
class MenuLook:
    """The sizes of a modes menu: its rows' pitch, its title's and its rows' text, its
    margins, and how see-through its box is."""

    row: int = 78
    title: int = 48
    text: int = 36
    top: int = 18  # the title's distance from the box's top
    bottom: int = 22  # below the last row
    alpha: int = 255
    radius: int = 18


def menu_height(look: MenuLook, rows: int, px: Px) -> int:
    """The height a modes menu of `rows` rows needs."""
    return px(look.top) + px(90) + px(look.row) * rows + px(look.bottom)


def menu_rows(box: pygame.Rect, look: MenuLook, rows: int, px: Px) -> list[pygame.Rect]:
    """Where each row of a modes menu in `box` lies (also where a click chooses it)."""
    top = box.top + px(look.top) + px(90)
    pitch = px(look.row)
    return [pygame.Rect(box.left + px(60), top + i * pitch, box.width - px(120), pitch - px(12))
            for i in range(rows)]


def modes_menu(text: TextRenderer, surface: pygame.Surface, box: pygame.Rect, look: MenuLook,
               px: Px, rtl: bool, title: str, rows: Sequence[str], index: int,
               more: tuple[bool, bool] = (False, False)) -> None:
    """The menu of ways to play (and of the game's options): a title, then a row each; the
    row at `index` is lit. `more`: rows hidden above and below the ones shown (a menu
    longer than the screen shows a window of it round the lit row), marked by arrows on
    the box's edge."""
    overlay_box(surface, box, px, look.radius, look.alpha)
    head = pygame.Rect(box.left, box.top + px(look.top), box.width, px(90))
    text.draw(surface, title, px(look.title), ACCENT, head, align="center", bold=True, rtl=rtl)
    rects = menu_rows(box, look, len(rows), px)
    for i, (rect, name) in enumerate(zip(rects, rows, strict=True)):
        button(text, surface, rect, name, px(look.text), px, rtl, chosen=i == index,
               lit_fill=PANEL, pad=30)
    side = px(16)
    for hidden, rect, way in ((more[0], rects[0] if rects else box, -1),
                              (more[1], rects[-1] if rects else box, 1)):
        if not hidden:
            continue
        x = box.right - px(30)
        y = rect.centery
        tip = y + way * side
        pygame.draw.polygon(surface, ACCENT, [(x - side, y - way * side // 2),
                                              (x + side, y - way * side // 2), (x, tip)])


def luminance(colour: Colour) -> float:
    """WCAG 2 relative luminance of an sRGB colour."""

    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: Colour, b: Colour) -> float:
    """WCAG 2 contrast ratio of two colours, 1 to 21 (DESIGN §3b: text ≥ 4.5, numbers ≥ 7)."""
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)

"""The small parts a card table is drawn from, with no game in them.

A frame of a card table is a list of `Piece`s (a rectangle, a look, a way to paint it);
only the pieces whose look or place changed are painted again (`merge` joins the dirty
rectangles). `Slot` is where a card of the fanned hand lies, `Played` a card on its way
to the trick or lying in it, `Label` a line of text a player reads as last drawn (the
tests and `benchmarks/table_readability.py` measure them on the pixels). The help line is
(key, action) pairs (`HelpPair`) drawn as key caps (`draw_keycap`, `draw_arrow`,
`key_label`) and cut into rows only between pairs (`wrap_pairs`). `draw_role` is the sign
of who plays a seat (a computer or a person). The table's colours and design sizes are
here too, so every card game's table looks the same.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from kiosk import theme
from kiosk.theme import TEXT, Colour

if TYPE_CHECKING:
    from kiosk.text import TextRenderer

Point = tuple[float, float]


FELT: Colour = (30, 112, 76)
FELT_DARK: Colour = (14, 70, 48)
RIM: Colour = (82, 50, 30)
RIM_EDGE: Colour = (140, 96, 56)
PLATE = theme.PlateLook(fill=(8, 36, 26), edge=(74, 138, 104))  # a seat's plate on the felt
RECEIVED: Colour = (96, 220, 140)
TAG: Colour = theme.OVERLAY  # behind a seat's name on its card in the trick
TAG_EDGE: Colour = (70, 84, 124)
KEYCAP: Colour = (52, 70, 124)  # a key in the help line
KEYCAP_EDGE: Colour = (100, 118, 176)
TIMER_LOW: Colour = (255, 150, 136)  # the countdown's digits near the end: red, ≥ 7:1 on the panel

BOT_PAUSE = 0.9  # seconds before a computer plays, so people can follow
DEAL_PAUSE = 0.6
SLIDE = 0.3  # a card's way to the middle
HOLD = 1.0  # a finished trick lies this long, its winner shown
COLLECT = 0.45  # then slides to its winner
NOTICE_SECONDS = 4.0
RESULT_PAUSE = 6.0  # a demo shows the scores this long before going on
TIMER_WARN = 10  # the countdown turns red below this many seconds

# Sizes in design pixels (1920×1080; `Layout.px` scales them). Text a player must read is
# READ: 42 px Noto Sans has a cap height of 30 px (DESIGN §3b: at least 28 at 1080p).
READ = 42
TITLE = 64
ROW = 52  # the pitch of lines of READ text
PANEL_W = 540
PLATE_W, PLATE_H = 300, 172  # a seat's plate: its name, its score, its points this hand
BACKS_SHOW = 52  # how far a seat's card backs reach below its plate
HAND_H, TRICK_H, BACK_H = 200, 164, 88  # card heights
KEY_H = 54  # a key in the help line (an arrow key's is ARROW_W wide)
ARROW_W = 40
PAIR_GAP = 20  # between the help line's pairs
HELP_ROW = 64  # the pitch of the help line's rows
HELP_ROWS = 2  # rows the panel keeps for it
TAG_H = 60  # a seat's name on its card in the trick
MENU = theme.MenuLook(row=84, title=54, text=READ)  # rows in text a player reads
MENU_ROW_MIN = 60  # the closest the menu's rows come (the text stays READ)



def ease(f: float) -> float:
    """Eased out: fast at first, slowing to rest at 1."""
    f = min(1.0, max(0.0, f))
    return 1 - (1 - f) ** 3


def lerp(a: Point, b: Point, f: float) -> Point:
    """The point `f` of the way from `a` to `b`."""
    return (a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f)


@dataclass
class Played:
    """A card on its way to the trick or lying in it: whose, from where, and when."""

    seat: int
    card: Any  # the engine's card: a French `Card`, a German one…
    start: Point | None  # where it left (None: the seat's place)
    angle: float
    at: float


@dataclass(frozen=True)
class Piece:
    """Something on screen: its rectangle, what it looks like, and how to draw it."""

    key: str
    rect: pygame.Rect
    look: tuple[object, ...]
    paint: Callable[[pygame.Surface], None]


@dataclass(frozen=True)
class Slot:
    """Where one card of the fanned hand lies: its centre and its turn (degrees)."""

    centre: Point
    angle: float


@dataclass(frozen=True)
class Label:
    """A line of text a player reads, as last drawn: what kind it is (a plate's, the
    panel's, the help line's…), its words, the font size it was drawn at, its colour,
    whether bold, and the rectangle its line was put in (its ink lies inside)."""

    kind: str
    text: str
    size: int
    colour: Colour
    bold: bool
    rect: pygame.Rect


def draw_role(surface: pygame.Surface, box: pygame.Rect, computer: bool, colour: Colour) -> None:
    """The sign of who plays a seat in `box`: a screen on its stand, or a person."""
    w, h = box.size
    line = max(2, round(w * 0.1))
    if computer:
        screen = pygame.Rect(box.left, box.top + round(h * 0.08), w, round(h * 0.62))
        pygame.draw.rect(surface, colour, screen, width=line, border_radius=line)
        stem = pygame.Rect(0, 0, line, round(h * 0.16))
        stem.midtop = screen.midbottom
        pygame.draw.rect(surface, colour, stem)
        foot = pygame.Rect(0, 0, round(w * 0.6), line)
        foot.midtop = stem.midbottom
        pygame.draw.rect(surface, colour, foot)
    else:
        pygame.draw.circle(surface, colour, (box.centerx, box.top + round(h * 0.27)),
                           round(w * 0.24))
        shoulders = pygame.Rect(box.left + round(w * 0.1), box.top + round(h * 0.58),
                                round(w * 0.8), h - round(h * 0.58))
        pygame.draw.rect(surface, colour, shoulders, border_top_left_radius=shoulders.width // 2,
                         border_top_right_radius=shoulders.width // 2)


def draw_keycap(surface: pygame.Surface, rect: pygame.Rect, px: Callable[[float], int]) -> None:
    """A key of the keyboard, as the help line shows it."""
    corner = px(10)
    pygame.draw.rect(surface, KEYCAP, rect, border_radius=corner)
    pygame.draw.rect(surface, KEYCAP_EDGE, rect, width=px(2), border_radius=corner)


def draw_arrow(surface: pygame.Surface, rect: pygame.Rect, arrow: str, colour: Colour,
               size: int) -> None:
    """A solid triangle pointing the way of an arrow key, in the middle of `rect`."""
    cx, cy = rect.center
    ways = {"◀": (-1, 0), "▶": (1, 0), "▲": (0, -1), "▼": (0, 1)}
    dx, dy = ways[arrow]
    tip = (cx + dx * size, cy + dy * size)
    back = (cx - dx * size * 0.8, cy - dy * size * 0.8)
    spread = (-dy * size, dx * size)
    pygame.draw.polygon(surface, colour, [tip, (back[0] + spread[0], back[1] + spread[1]),
                                          (back[0] - spread[0], back[1] - spread[1])])



# -- the help line ---------------------------------------------------------------------------

ARROWS = {"left": "◀", "right": "▶", "up": "▲", "down": "▼"}  # drawn, not written
KEY_LABELS = {"return": "Enter", "enter": "Enter", "escape": "Esc", "space": "Space",
              "backspace": "Backspace", "tab": "Tab"}


def key_label(name: str) -> str:
    """What a key's cap shows for a pygame key name (an arrow key: its arrow, drawn)."""
    if name in ARROWS:
        return ARROWS[name]
    if name in KEY_LABELS:
        return KEY_LABELS[name]
    return name.upper() if len(name) == 1 else name.title()


@dataclass(frozen=True)
class HelpPair:
    """One entry of the help line: the keys (their caps' labels) and what they do."""

    keys: tuple[str, ...]
    action: str


def wrap_pairs(widths: Sequence[int], room: int, gap: int) -> list[list[int]]:
    """The help line's pairs (by their widths) cut into rows no wider than `room`: a row
    breaks only between pairs, never between a key and what it does (a pair wider than
    the room has a row of its own)."""
    rows: list[list[int]] = []
    used = 0
    for i, width in enumerate(widths):
        if rows and used + gap + width <= room:
            rows[-1].append(i)
            used += gap + width
        else:
            rows.append([i])
            used = width
    return rows


class HelpLine(Protocol):
    """How a table draws one line of the help: its `_line` (surface, labels key, kind,
    text, size, colour, box; aligned, bold), returning where the line went."""

    def __call__(self, surface: pygame.Surface, key: str, kind: str, text: str, size: int,
                 colour: Colour, rect: pygame.Rect, *, align: str = ...,
                 bold: bool = ...) -> pygame.Rect: ...


def cap_width(text: TextRenderer, label: str, px: Callable[[float], int]) -> int:
    """A key's cap in the help line: an arrow's is ARROW_W wide, a word's as its label."""
    if label in ARROWS.values():
        return px(ARROW_W)
    return max(px(KEY_H), text.width(label, px(READ), True, False) + 2 * px(10))


def pair_width(text: TextRenderer, pair: HelpPair, px: Callable[[float], int],
               rtl: bool) -> int:
    """A (keys, action) pair's width in the help line: its caps, then its words."""
    caps = sum(cap_width(text, k, px) for k in pair.keys) + px(4) * (len(pair.keys) - 1)
    return caps + px(10) + text.width(pair.action, px(READ), False, rtl)


def draw_pair(surface: pygame.Surface, text: TextRenderer, line: HelpLine, key: str,
              pair: HelpPair, left: int, centre_y: int, px: Callable[[float], int],
              rtl: bool) -> tuple[pygame.Rect, pygame.Rect]:
    """One (keys, action) pair of the help line from `left` across, in reading order (in
    Persian the keys on the right; keys side by side read left to right in both
    languages: ◀ ▶); returns the keys' and the action's rectangles. Each line is noted
    under `key` by the table's `line`."""
    x = left + pair_width(text, pair, px, rtl) if rtl else left
    caps: list[pygame.Rect] = []
    keys = list(enumerate(pair.keys))
    for i, label in reversed(keys) if rtl else keys:
        cap = pygame.Rect(0, 0, cap_width(text, label, px), px(KEY_H))
        cap.centery = centre_y
        if rtl:
            cap.right = x
            x = cap.left - px(4)
        else:
            cap.left = x
            x = cap.right + px(4)
        caps.append(cap)
        draw_keycap(surface, cap, px)
        if label in ARROWS.values():
            draw_arrow(surface, cap, label, TEXT, px(13))
        else:
            line(surface, f"{key}|key{i}", "help", label, px(READ), TEXT, cap,
                 align="center", bold=True)
    x += -px(6) if rtl else px(6)
    box = pygame.Rect(0, 0, text.width(pair.action, px(READ), False, rtl), px(KEY_H))
    box.centery = centre_y
    if rtl:
        box.right = x
    else:
        box.left = x
    action = line(surface, f"{key}|action", "help", pair.action, px(READ), TEXT, box)
    return caps[0].unionall(caps[1:]), action


def merge(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """Overlapping rectangles joined, so no part of the screen is drawn twice in a frame."""
    out: list[pygame.Rect] = []
    for rect in rects:
        if rect.width <= 0 or rect.height <= 0:
            continue
        rect = rect.copy()
        merged = True
        while merged:
            merged = False
            for other in out:
                if other.colliderect(rect):
                    out.remove(other)
                    rect.union_ip(other)
                    merged = True
                    break
        out.append(rect)
    return out

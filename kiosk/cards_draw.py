"""Playing cards drawn by our own code: faces, backs and suit pips, French and German suited.

Nothing comes from an image file. A card to draw is a `Face`: a suit set ("french" or
"german"), a suit key and a rank key, all plain strings, so any engine's card model
plugs in through `face_of` (which reads `engines.cards.cards.Card` for French cards and
any object with a German `suit` and `rank`, such as `engines.cards.german.GermanCard`,
through `german_face`).

- French: spades, hearts, diamonds, clubs; ranks 2–10, J, Q, K, A. Pips in the classic
  layouts, one large pip for an ace, a framed letter under a crown for a court card.
- German: hearts (a red heart), leaves (a green leaf with veins and a stem), acorns (a
  tan acorn in a brown cup), bells (a round gold bell with a red band and its clapper
  showing in the slot); ranks Sow (the highest card: a large suit sign over a sow),
  10, König, Ober, Unter, 9, 8, 7, 6. The court cards show a figure in a frame: the
  König crowned, the Ober with his suit sign held high over his head, the Unter with it
  held low; each has its letter (K, O, U) large in the corners.

A face is a white rounded rectangle with the index (rank over a small pip) in two
corners. A back is a red lattice, the same for both sets. Each card is drawn at three
times its size and scaled down smoothly, so its edges are soft, then kept in a cache:
the screen blits finished surfaces. `CardPainter.surface` returns a card tilted by any
angle, dimmed or outlined, with its soft shadow; `CardPainter.draw` puts one on a
surface from plain parameters. A dimmed card (one that may not be played) is darkened
and only partly greyed, so its suit colours still read, and crossed by a light hatch.

On the kiosk's frame loop a painter keeps frames short (DESIGN §4): given a `helper`
(an executor of worker processes), it has every finished card made there — its face,
a few milliseconds here and five times that on a Raspberry Pi core, and its shadow and
turn, a millisecond more — so the frame loop only blits them. Without a helper but
given a frame's budget (`begin_frame`), it makes no more finished cards in a frame once
the budget is spent. A card it cannot have yet is drawn as a stand-in (the same card as
it was last drawn, at another tilt or highlight; else a plain card) and `settled` is
false until every card asked for is its real self, a frame or a few later. Without a
helper and a budget (tests, tools, screenshots) every card is made at once, as it is
asked for.
"""

from __future__ import annotations

import math
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future
from dataclasses import dataclass
from enum import Enum
from functools import cache
from typing import Any, Protocol

import pygame

from engines.cards.cards import JACK, KING, QUEEN, Card, Suit
from kiosk.text import FontFiles, TextRenderer

Colour = tuple[int, int, int]
Point = tuple[float, float]

SCALE = 3  # cards are drawn this much larger, then smoothed down
CACHE_SIZE = 300  # finished cards kept (a hand card is about 150 kB)
# ... and at most this much of them (a card made again takes about half a millisecond)
CACHE_BYTES = 24 * 2**20
RATIO = 88 / 63  # a poker card's height over its width

FRENCH = "french"
GERMAN = "german"

FACE: Colour = (252, 250, 244)
FACE_EDGE: Colour = (150, 146, 136)
RED: Colour = (196, 28, 44)
BLACK: Colour = (26, 26, 34)
COURT_FILL: Colour = (246, 234, 200)
GOLD: Colour = (214, 170, 60)
BACK: Colour = (150, 28, 44)
BACK_LINE: Colour = (204, 72, 80)
BACK_EDGE: Colour = (250, 244, 232)
SHADOW = (0, 0, 0, 90)

# German suits: each pip's main colour, its darker ink for the index, and its details.
HEART_RED: Colour = (206, 32, 44)
HEART_INK: Colour = (180, 24, 38)
HEART_LIGHT: Colour = (244, 130, 130)
LEAF_GREEN: Colour = (46, 150, 58)
LEAF_INK: Colour = (24, 112, 40)
LEAF_DARK: Colour = (22, 92, 34)
LEAF_VEIN: Colour = (178, 226, 150)
ACORN_TAN: Colour = (204, 142, 54)
ACORN_INK: Colour = (112, 62, 22)
ACORN_CUP: Colour = (116, 68, 28)
ACORN_SCALE: Colour = (170, 114, 58)
ACORN_LIGHT: Colour = (238, 196, 120)
BELL_GOLD: Colour = (242, 190, 34)
BELL_INK: Colour = (150, 98, 0)
BELL_EDGE: Colour = (176, 122, 12)
BELL_BAND: Colour = (200, 76, 34)
BELL_DARK: Colour = (70, 42, 10)
BELL_LIGHT: Colour = (255, 240, 170)

# The court figures.
SKIN: Colour = (242, 204, 168)
SKIN_EDGE: Colour = (170, 120, 90)
HAIR: Colour = (110, 70, 40)
BEARD: Colour = (236, 236, 230)
ROBE: dict[str, Colour] = {"K": (150, 30, 60), "O": (40, 78, 160), "U": (108, 62, 140)}
ROBE_TRIM: Colour = (250, 246, 236)
SOW_PINK: Colour = (244, 172, 182)
SOW_EDGE: Colour = (176, 92, 112)

# A dimmed card keeps DIM_KEEP of its colour, adds DIM_GREY of its grey, and is hatched.
DIM_KEEP = 150  # of 255
DIM_GREY = 45  # of 255
HATCH: tuple[int, int, int, int] = (34, 40, 64, 96)

# Pip centres of the number cards in a box from (0, 0) to (1, 1); a French pip in the
# lower half is drawn upside down, as on printed cards (German pips stand upright).
PIPS: dict[int, tuple[Point, ...]] = {
    2: ((0.5, 0.0), (0.5, 1.0)),
    3: ((0.5, 0.0), (0.5, 0.5), (0.5, 1.0)),
    4: ((0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)),
    5: ((0.0, 0.0), (1.0, 0.0), (0.5, 0.5), (0.0, 1.0), (1.0, 1.0)),
    6: ((0.0, 0.0), (1.0, 0.0), (0.0, 0.5), (1.0, 0.5), (0.0, 1.0), (1.0, 1.0)),
    7: ((0.0, 0.0), (1.0, 0.0), (0.5, 0.25), (0.0, 0.5), (1.0, 0.5), (0.0, 1.0), (1.0, 1.0)),
    8: ((0.0, 0.0), (1.0, 0.0), (0.5, 0.25), (0.0, 0.5), (1.0, 0.5), (0.5, 0.75), (0.0, 1.0),
        (1.0, 1.0)),
    9: ((0.0, 0.0), (1.0, 0.0), (0.0, 1 / 3), (1.0, 1 / 3), (0.5, 0.5), (0.0, 2 / 3),
        (1.0, 2 / 3), (0.0, 1.0), (1.0, 1.0)),
    10: ((0.0, 0.0), (1.0, 0.0), (0.5, 1 / 6), (0.0, 1 / 3), (1.0, 1 / 3), (0.0, 2 / 3),
         (1.0, 2 / 3), (0.5, 5 / 6), (0.0, 1.0), (1.0, 1.0)),
}


def card_size(height: int) -> tuple[int, int]:
    """(width, height) of a card `height` pixels tall."""
    return max(4, round(height / RATIO)), max(6, height)


# -- drawing in a pip's own box: (-1, -1) to (1, 1), y downwards ---------------------------------


class _Pen:
    """Draws shapes given in a pip's box, placed at `centre`, `size` per unit, maybe upside down."""

    def __init__(self, surface: pygame.Surface, centre: Point, size: float, flip: bool) -> None:
        self.surface, self.size = surface, size
        self.cx, self.cy = centre
        self.sign = -1 if flip else 1

    def at(self, x: float, y: float) -> Point:
        return self.cx + x * self.size, self.cy + self.sign * y * self.size

    def poly(self, colour: Colour, outline: Sequence[Point]) -> None:
        pygame.draw.polygon(self.surface, colour, [self.at(x, y) for x, y in outline])

    def circle(self, colour: Colour, x: float, y: float, r: float, width: float = 0) -> None:
        line = 0 if width == 0 else max(1, round(width * self.size))
        pygame.draw.circle(self.surface, colour, self.at(x, y), max(0.5, r * self.size), line)

    def line(self, colour: Colour, a: Point, b: Point, width: float) -> None:
        pygame.draw.line(self.surface, colour, self.at(*a), self.at(*b),
                         max(1, round(width * self.size)))

    def ellipse(self, colour: Colour, x: float, y: float, rx: float, ry: float) -> None:
        cx, cy = self.at(x, y)
        box = pygame.Rect(0, 0, max(1, round(2 * rx * self.size)),
                          max(1, round(2 * ry * self.size)))
        box.center = (round(cx), round(cy))
        pygame.draw.ellipse(self.surface, colour, box)


def _bezier(p0: Point, p1: Point, p2: Point, p3: Point, steps: int) -> list[Point]:
    """A cubic Bézier curve from p0 to p3 as `steps` points (p3 itself left out)."""
    out = []
    for i in range(steps):
        t = i / steps
        u = 1 - t
        out.append((u**3 * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t**3 * p3[0],
                    u**3 * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t**3 * p3[1]))
    return out


def _mirrored(right: Sequence[Point]) -> tuple[Point, ...]:
    """A closed outline symmetric about x = 0 from its right half (top to bottom)."""
    left = [(-x, y) for x, y in reversed(right)]
    return (*right, *left)


def _inside(point: Point, outline: Sequence[Point]) -> bool:
    x, y = point
    hit = False
    for i, (x0, y0) in enumerate(outline):
        x1, y1 = outline[i - 1]
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            hit = not hit
    return hit


# -- French pips -------------------------------------------------------------------------------


@cache
def _heart_outline(steps: int = 48) -> tuple[Point, ...]:
    points = []
    for i in range(steps):
        t = 2 * math.pi * i / steps
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        points.append((x / 16.5, -(y + 2.5) / 14.5))
    return tuple(points)


@cache
def _diamond_outline() -> tuple[Point, ...]:
    bulge = 0.08
    outline = []
    corners = ((0.0, -1.0), (0.74, 0.0), (0.0, 1.0), (-0.74, 0.0))
    for i, (x0, y0) in enumerate(corners):
        x1, y1 = corners[(i + 1) % 4]
        for k in range(8):
            f = k / 8
            inward = bulge * math.sin(math.pi * f)
            x, y = x0 + (x1 - x0) * f, y0 + (y1 - y0) * f
            outline.append((x * (1 - inward), y * (1 - inward)))
    return tuple(outline)


def _french_heart(pen: _Pen, colour: Colour | None) -> None:
    pen.poly(colour or RED, _heart_outline())


def _french_diamond(pen: _Pen, colour: Colour | None) -> None:
    pen.poly(colour or RED, _diamond_outline())


def _french_spade(pen: _Pen, colour: Colour | None) -> None:
    colour = colour or BLACK
    pen.poly(colour, [(x * 0.98, -y * 0.98 - 0.12) for x, y in _heart_outline()])
    pen.poly(colour, [(-0.1, 0.35), (0.1, 0.35), (0.38, 1.0), (-0.38, 1.0)])


def _french_club(pen: _Pen, colour: Colour | None) -> None:
    colour = colour or BLACK
    for x, y in ((0.0, -0.5), (-0.5, 0.2), (0.5, 0.2)):
        pen.circle(colour, x, y, 0.44)
    pen.poly(colour, [(-0.12, 0.0), (0.12, 0.0), (0.36, 1.0), (-0.36, 1.0)])


# -- German pips -------------------------------------------------------------------------------


def _german_heart(pen: _Pen, colour: Colour | None) -> None:
    outline = [(x * 0.96, y * 0.96 + 0.02) for x, y in _heart_outline()]
    if colour is not None:
        pen.poly(colour, outline)
        return
    pen.poly(HEART_INK, [(x * 1.04, y * 1.04) for x, y in outline])
    pen.poly(HEART_RED, outline)
    if pen.size >= 9:
        pen.ellipse(HEART_LIGHT, -0.42, -0.42, 0.16, 0.1)


@cache
def _leaf_outline(teeth: bool) -> tuple[Point, ...]:
    right = _bezier((0.0, -1.0), (0.2, -0.8), (0.86, -0.46), (0.8, 0.08), 20)
    right += _bezier((0.8, 0.08), (0.75, 0.46), (0.34, 0.62), (0.06, 0.5), 14)
    right.append((0.0, 0.44))
    if teeth:  # a serrated edge: each point pushed out a little, in small waves
        n = len(right) - 1
        cy = -0.12
        toothed = []
        for i, (x, y) in enumerate(right):
            f = 0.05 * abs(math.sin(i / n * math.pi * 8.5)) if 0 < i < n else 0.0
            toothed.append((x * (1 + f), cy + (y - cy) * (1 + f)))
        right = toothed
    return _mirrored(right)


def _leaf(pen: _Pen, colour: Colour | None) -> None:
    stem = [(-0.05, 0.38), (0.06, 0.38), (0.14, 0.7), (0.2, 1.0), (0.1, 1.0), (0.04, 0.72)]
    if colour is not None:
        pen.poly(colour, _leaf_outline(False))
        pen.poly(colour, stem)
        return
    detailed = pen.size >= 9
    pen.poly(LEAF_DARK, stem)
    if detailed:
        pen.poly(LEAF_DARK, [(x * 1.05, y * 1.04 - 0.005) for x, y in _leaf_outline(True)])
    pen.poly(LEAF_GREEN, _leaf_outline(detailed))
    if detailed:
        w = 0.05
        pen.line(LEAF_VEIN, (0.0, 0.44), (0.0, -0.8), w)
        for y0, reach in ((-0.5, 0.36), (-0.18, 0.52), (0.14, 0.56)):
            for side in (-1, 1):
                pen.line(LEAF_VEIN, (0.0, y0 + 0.1), (side * reach, y0 - 0.2), w * 0.8)


@cache
def _acorn_parts() -> tuple[tuple[Point, ...], tuple[Point, ...]]:
    nut = _bezier((0.0, -1.0), (0.34, -0.98), (0.62, -0.66), (0.6, -0.16), 14)
    nut += _bezier((0.6, -0.16), (0.6, 0.06), (0.54, 0.2), (0.48, 0.3), 6)
    nut.append((0.0, 0.3))
    cup = _bezier((0.0, 0.0), (0.3, 0.0), (0.64, 0.02), (0.74, 0.12), 8)
    cup += _bezier((0.74, 0.12), (0.78, 0.46), (0.42, 0.7), (0.0, 0.7), 12)
    return _mirrored(nut), _mirrored(cup)


def _acorn(pen: _Pen, colour: Colour | None) -> None:
    nut, cup = _acorn_parts()
    stalk = [(-0.07, 0.6), (0.07, 0.6), (0.12, 1.0), (-0.02, 1.0)]
    if colour is not None:
        for part in (stalk, nut, cup):
            pen.poly(colour, part)
        return
    pen.poly(ACORN_CUP, stalk)
    if pen.size >= 9:
        pen.poly(ACORN_INK, [(x * 1.05, y * 1.03 - 0.01) for x, y in nut])
    pen.poly(ACORN_TAN, nut)
    if pen.size >= 9:
        pen.ellipse(ACORN_LIGHT, -0.26, -0.46, 0.1, 0.26)
    pen.poly(ACORN_CUP, cup)
    if pen.size >= 12:  # the cup's scales
        for row, y in enumerate((0.16, 0.32, 0.48)):
            for k in range(-3, 4):
                x = (k + (0.5 if row % 2 else 0.0)) * 0.2
                if _inside((x, y + 0.06), cup) and _inside((x, y - 0.06), cup):
                    pen.circle(ACORN_SCALE, x, y, 0.075, width=0.035)


def _bell(pen: _Pen, colour: Colour | None) -> None:
    r, cy = 0.8, 0.14
    if colour is not None:
        pen.circle(colour, 0.0, cy, r)
        pen.circle(colour, 0.0, -0.78, 0.16, width=0.08)
        return
    detailed = pen.size >= 9
    pen.circle(BELL_EDGE, 0.0, -0.74, 0.21, width=0.12)  # the loop it hangs by
    pen.circle(BELL_EDGE, 0.0, cy, r + (0.06 if detailed else 0.0))
    pen.circle(BELL_GOLD, 0.0, cy, r)
    # A red band round its waist: the circle between two heights.
    top, bottom = cy - 0.26, cy - 0.12
    band: list[Point] = []
    for y in (top + k * (bottom - top) / 6 for k in range(7)):
        band.append((math.sqrt(max(0.0, r * r - (y - cy) ** 2)), y))
    band += [(-x, y) for x, y in reversed(band)]
    pen.poly(BELL_BAND, band)
    if pen.size >= 48:  # a shine, only where it cannot be mistaken for an eye
        pen.ellipse(BELL_LIGHT, -0.4, -0.36, 0.13, 0.09)
    # The slot underneath, round holes at its ends, and the clapper showing in it.
    slot_y = cy + 0.4
    pen.line(BELL_DARK, (-0.44, slot_y), (0.44, slot_y), 0.14)
    for side in (-1, 1):
        pen.circle(BELL_DARK, side * 0.44, slot_y, 0.12)
    pen.circle(BELL_DARK, 0.0, slot_y + 0.1, 0.2)  # the clapper, a ball in the slot
    if detailed:
        pen.circle(BELL_EDGE, -0.04, slot_y + 0.06, 0.09)


# -- suit sets ---------------------------------------------------------------------------------


PipDrawer = Callable[[_Pen, Colour | None], None]


@dataclass(frozen=True)
class SuitLook:
    """How one suit looks: its pip, the colour a person reads it by, and its index ink."""

    key: str
    colour: Colour  # the pip's main colour
    ink: Colour  # rank letters and court frames: the colour, dark enough to read on FACE
    pip: PipDrawer
    upright: bool  # True: every pip stands upright (German); False: lower ones are turned


@dataclass(frozen=True)
class SuitSet:
    """A pack's suits and ranks (high to low), which ranks are courts and which is the ace."""

    key: str
    suits: tuple[SuitLook, ...]
    ranks: tuple[str, ...]
    courts: tuple[str, ...]
    ace: str

    def suit(self, key: str) -> SuitLook:
        for look in self.suits:
            if look.key == key:
                return look
        names = ", ".join(s.key for s in self.suits)
        raise ValueError(f"{key!r} is not a suit of the {self.key} pack: {names}")

    @property
    def suit_keys(self) -> tuple[str, ...]:
        return tuple(s.key for s in self.suits)


FRENCH_SET = SuitSet(
    key=FRENCH,
    suits=(
        SuitLook("spades", BLACK, BLACK, _french_spade, upright=False),
        SuitLook("hearts", RED, RED, _french_heart, upright=False),
        SuitLook("diamonds", RED, RED, _french_diamond, upright=False),
        SuitLook("clubs", BLACK, BLACK, _french_club, upright=False),
    ),
    ranks=("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"),
    courts=("K", "Q", "J"),
    ace="A",
)
GERMAN_SET = SuitSet(
    key=GERMAN,
    suits=(
        SuitLook("hearts", HEART_RED, HEART_INK, _german_heart, upright=True),
        SuitLook("leaves", LEAF_GREEN, LEAF_INK, _leaf, upright=True),
        SuitLook("acorns", ACORN_TAN, ACORN_INK, _acorn, upright=True),
        SuitLook("bells", BELL_GOLD, BELL_INK, _bell, upright=True),
    ),
    ranks=("S", "10", "K", "O", "U", "9", "8", "7", "6"),
    courts=("K", "O", "U"),
    ace="S",
)
SUIT_SETS: dict[str, SuitSet] = {FRENCH: FRENCH_SET, GERMAN: GERMAN_SET}


def suit_set(which: str | SuitSet) -> SuitSet:
    if isinstance(which, SuitSet):
        return which
    found = SUIT_SETS.get(str(which).lower())
    if found is None:
        raise ValueError(f"{which!r} is not a suit set: french or german")
    return found


# -- what the painter draws: a Face, from any card model ---------------------------------------


@dataclass(frozen=True)
class Face:
    """One card face to draw: its suit set, suit key and rank key (see `SUIT_SETS`)."""

    deck: str
    suit: str
    rank: str

    def __post_init__(self) -> None:
        pack = suit_set(self.deck)
        pack.suit(self.suit)
        if self.rank not in pack.ranks:
            raise ValueError(f"{self.rank!r} is not a rank of the {pack.key} pack: "
                             + ", ".join(pack.ranks))

    @property
    def pack(self) -> SuitSet:
        return suit_set(self.deck)

    @property
    def look(self) -> SuitLook:
        return self.pack.suit(self.suit)


class CardLike(Protocol):
    """Anything with a suit and a rank; `face_of` turns it into a `Face`."""

    @property
    def suit(self) -> object: ...

    @property
    def rank(self) -> object: ...


FRENCH_SUIT_KEYS = {Suit.SPADES: "spades", Suit.HEARTS: "hearts", Suit.DIAMONDS: "diamonds",
                    Suit.CLUBS: "clubs"}
FRENCH_RANK_KEYS = {JACK: "J", QUEEN: "Q", KING: "K", 14: "A"}

GERMAN_SUIT_NAMES = {
    "hearts": ("hearts", "heart", "herz", "herzen", "rot", "h"),
    "leaves": ("leaves", "leaf", "gras", "grün", "gruen", "green", "laub", "blatt", "pik", "l"),
    "acorns": ("acorns", "acorn", "eichel", "eicheln", "eckern", "a"),
    "bells": ("bells", "bell", "schellen", "schelle", "scheln", "b"),
}
GERMAN_RANK_NAMES = {
    "S": ("s", "sow", "sau", "daus", "deuce", "ace", "a", "d"),
    "10": ("10", "t", "ten", "zehn", "zehner"),
    "K": ("k", "king", "könig", "koenig"),
    "O": ("o", "ober", "over"),
    "U": ("u", "unter", "under"),
    "9": ("9", "nine", "neun"),
    "8": ("8", "eight", "acht"),
    "7": ("7", "seven", "sieben"),
    "6": ("6", "six", "sechs"),
}
# Rank numbers as engines.cards.german gives them: the courts and the Sow in the French
# jack's, queen's, king's and ace's places.
GERMAN_RANK_NUMBERS = {6: "6", 7: "7", 8: "8", 9: "9", 10: "10", 11: "U", 12: "O", 13: "K",
                       14: "S"}


def _name(value: object) -> str:
    if isinstance(value, Enum):
        return value.name.lower()
    return str(value).strip().lower()


def german_face(suit: object, rank: object) -> Face:
    """A German card from a suit and a rank named any usual way: keys ("leaves", "O"),
    letters ("L", "T"), German or English names ("Eichel", "Ober", "sow", "Daus"), enum
    members (by name, then value), or numbers as `engines.cards.german` has them (6–10,
    Unter 11, Ober 12, König 13, Sow 14)."""
    suit_name = _name(suit)
    suit_key = next((k for k, names in GERMAN_SUIT_NAMES.items() if suit_name in names), None)
    if suit_key is None:
        raise ValueError(f"{suit!r} is not a German suit: hearts, leaves, acorns or bells")
    number = rank.value if isinstance(rank, Enum) else rank
    if isinstance(rank, Enum) or not isinstance(rank, int):
        name = _name(rank)
        for key, aliases in GERMAN_RANK_NAMES.items():
            if name in aliases:
                return Face(GERMAN, suit_key, key)
    if isinstance(number, int) and not isinstance(number, bool) \
            and number in GERMAN_RANK_NUMBERS:
        return Face(GERMAN, suit_key, GERMAN_RANK_NUMBERS[number])
    raise ValueError(f"{rank!r} is not a German rank: Sow, 10, K, O, U, 9, 8, 7 or 6")


def french_face(card: Card) -> Face:
    rank = FRENCH_RANK_KEYS.get(card.rank, str(card.rank))
    return Face(FRENCH, FRENCH_SUIT_KEYS[card.suit], rank)


def face_of(card: Face | Card | CardLike) -> Face:
    """The face to draw for a card: a `Face` as it is, a French `Card`, or a German card
    (`engines.cards.german.GermanCard` or any model whose `suit` and `rank`
    `german_face` understands)."""
    if isinstance(card, Face):
        return card
    if isinstance(card, Card):
        return french_face(card)
    return german_face(card.suit, card.rank)


def suit_colour(suit: Suit) -> Colour:
    return RED if suit.is_red else BLACK


def rank_text(card: Card | Face) -> str:
    """The rank as written in the corner: 2–10, J, Q, K, A; S, K, O, U for German."""
    return face_of(card).rank


def draw_pip(surface: pygame.Surface, suit: Suit | str, centre: Point, size: float,
             colour: Colour | None = None, flip: bool = False,
             deck: str | SuitSet = FRENCH) -> None:
    """A suit sign about `2 * size` wide centred on `centre`, in its own colours (or all in
    `colour`); upside down when `flip`. `suit` is a French `Suit` or a key of `deck`."""
    key = FRENCH_SUIT_KEYS[suit] if isinstance(suit, Suit) else suit
    look = suit_set(deck).suit(key)
    look.pip(_Pen(surface, centre, size, flip), colour)


def draw_crown(surface: pygame.Surface, centre: Point, width: float, colour: Colour,
               points: int) -> None:
    """A crown of `points` spikes, `width` wide, for the court cards."""
    cx, cy = centre
    half = width / 2
    height = width * 0.55
    base = cy + height / 2
    outline = [(cx - half, base), (cx - half, cy - height / 2)]
    for i in range(points * 2 - 1):
        x = cx - half + width * (i + 1) / (points * 2)
        y = cy + height * (0.05 if i % 2 == 0 else -0.5)
        outline.append((x, y))
    outline += [(cx + half, cy - height / 2), (cx + half, base)]
    pygame.draw.polygon(surface, colour, outline)
    for i in range(points):
        x = cx - half + width * i / (points - 1) if points > 1 else cx
        pygame.draw.circle(surface, colour, (x, cy - height / 2 - width * 0.04), width * 0.07)
    pygame.draw.rect(surface, colour, (cx - half, base - height * 0.05, width, height * 0.25))


def draw_sow(surface: pygame.Surface, centre: Point, width: float) -> None:
    """The Sow's own sign: a little pink sow walking to the right, `width` long."""
    cx, cy = centre
    w = width
    line = max(1, round(w * 0.025))

    def oval(colour: Colour, x: float, y: float, rx: float, ry: float, edge: int = 0) -> None:
        box = pygame.Rect(0, 0, round(2 * rx * w), round(2 * ry * w))
        box.center = (round(cx + x * w), round(cy + y * w))
        pygame.draw.ellipse(surface, colour, box, edge)

    for x in (-0.26, -0.12, 0.12, 0.24):  # legs
        leg = pygame.Rect(0, 0, round(0.08 * w), round(0.2 * w))
        leg.midtop = (round(cx + x * w), round(cy + 0.08 * w))
        pygame.draw.rect(surface, SOW_EDGE, leg, border_radius=round(0.02 * w))
        pygame.draw.rect(surface, SOW_PINK, leg.inflate(-2 * line, -2 * line),
                         border_radius=round(0.02 * w))
    tail = pygame.Rect(0, 0, round(0.12 * w), round(0.12 * w))
    tail.center = (round(cx - 0.42 * w), round(cy - 0.1 * w))
    pygame.draw.arc(surface, SOW_EDGE, tail, 0.0, 5.0, max(1, round(w * 0.03)))
    oval(SOW_EDGE, 0.0, 0.0, 0.38, 0.24)
    oval(SOW_PINK, 0.0, 0.0, 0.38 - 0.025, 0.24 - 0.025)
    # Ear, head, snout, eye.
    ear = [(0.2, -0.2), (0.3, -0.34), (0.34, -0.16)]
    pygame.draw.polygon(surface, SOW_EDGE, [(cx + x * w, cy + y * w) for x, y in ear])
    oval(SOW_EDGE, 0.34, -0.04, 0.17, 0.16)
    oval(SOW_PINK, 0.34, -0.04, 0.17 - 0.025, 0.16 - 0.025)
    oval(SOW_EDGE, 0.49, 0.0, 0.07, 0.08)
    oval(SOW_PINK, 0.49, 0.0, 0.045, 0.055)
    for dy in (-0.025, 0.025):
        oval(SOW_EDGE, 0.5, dy, 0.012, 0.016)
    oval(BLACK, 0.37, -0.1, 0.022, 0.026)


# -- whole cards --------------------------------------------------------------------------------


class CardPainter:
    """Makes and caches card surfaces for one text renderer (the rank needs a font).

    `face`, `back` and `surface` take a French `Card`, a `Face` or (through `face_of`)
    another card model; `draw` takes plain parameters."""

    def __init__(self, text: TextRenderer, helper: Executor | None = None) -> None:
        self.text = text
        self.helper = helper  # worker processes that paint faces and backs (None: here)
        self._cache: OrderedDict[tuple[object, ...], pygame.Surface] = OrderedDict()
        self._bytes = 0  # the pixels the cache holds
        # painting in a helper: each card's job and its place among the job's cards
        self._asked: dict[tuple[object, ...], tuple[Future[Any], int]] = {}
        self._wanted: list[tuple[object, ...]] = []  # asked for in this frame, not sent yet
        self._variants: dict[tuple[object, ...], tuple[object, ...]] = {}  # latest "card"
        self._blanks: dict[tuple[tuple[int, int], bool], pygame.Surface] = {}
        self._until: float | None = None  # this frame's budget ends (None: no budget)
        self.stand_ins = 0  # stand-ins drawn in this frame
        self.stand_ins_total = 0

    # -- the frame's budget -------------------------------------------------------------------
    def begin_frame(self, seconds: float) -> None:
        """A frame starts: finished cards may be made for `seconds` more, no longer."""
        self._until = time.perf_counter() + seconds
        self.stand_ins = 0
        self.send()  # what the last frame asked for and did not send
        self._collect()

    @property
    def settled(self) -> bool:
        """Every card asked for in the last frame was drawn as itself."""
        return self.stand_ins == 0 and not self._asked and not self._wanted

    def _spent(self) -> bool:
        return self._until is not None and time.perf_counter() >= self._until

    def _collect(self) -> None:
        """Faces and backs a helper has finished join the cache."""
        for key, (future, index) in list(self._asked.items()):
            if not future.done():
                continue
            del self._asked[key]
            try:
                size, pixels = future.result()[index]
            except Exception:  # a lost or failed helper: painted here when next asked
                continue
            self._keep(key, pygame.image.frombytes(pixels, size, "BGRA"))

    def send(self) -> None:
        """The cards this frame asked for go to the helper, as one job (one message each
        way, however many cards a hand's new fan needs)."""
        keys, self._wanted = self._wanted, []
        if not keys or self.helper is None:
            return
        try:
            future = self.helper.submit(paint_parts, self.text.files, keys)
        except RuntimeError:  # the helper was shut down: painted here when next asked
            self.helper = None
            return
        for index, key in enumerate(keys):
            self._asked[key] = (future, index)

    def _part(self, key: tuple[object, ...]) -> pygame.Surface | None:
        """A face or back from the cache; with a helper, asked of it if not there (None
        until it comes); without one, painted now."""
        found = self._cached(key)
        if found is not None:
            return found
        if self.helper is None:
            return self._keep(key, self.paint(key))
        if key not in self._asked and key not in self._wanted:
            self._wanted.append(key)  # sent with the frame's others (`send`)
        return None

    def _cached(self, key: tuple[object, ...]) -> pygame.Surface | None:
        found = self._cache.get(key)
        if found is not None:
            self._cache.move_to_end(key)
        return found

    def _keep(self, key: tuple[object, ...], surface: pygame.Surface) -> pygame.Surface:
        old_one = self._cache.pop(key, None)
        if old_one is not None:
            self._bytes -= old_one.get_pitch() * old_one.get_height()
        self._cache[key] = surface
        self._bytes += surface.get_pitch() * surface.get_height()
        if key[0] == "card":
            self._variants[key[1:3]] = key
        while len(self._cache) > CACHE_SIZE or self._bytes > CACHE_BYTES:
            gone, old = self._cache.popitem(last=False)
            self._bytes -= old.get_pitch() * old.get_height()
            if gone[0] == "card" and self._variants.get(gone[1:3]) == gone:
                del self._variants[gone[1:3]]
        return surface

    def face(self, card: Face | Card | CardLike, size: tuple[int, int]) -> pygame.Surface:
        """The face of `card` at `size`, upright, with transparent rounded corners."""
        key = ("face", face_of(card), size)
        return self._cached(key) or self._keep(key, self.paint(key))

    def back(self, size: tuple[int, int]) -> pygame.Surface:
        """The back every card shares, at `size`."""
        key = ("back", size)
        return self._cached(key) or self._keep(key, self.paint(key))

    def paint(self, key: tuple[object, ...]) -> pygame.Surface:
        """A face (``("face", face, size)``) or the back (``("back", size)``), painted at
        `SCALE` times its size and smoothed down: the costly part of a card; or a finished
        card (``("card", face or None, size, angle, dim, outline)``, see `surface`)."""
        if key[0] == "card":
            _, face, size, angle, dim, outline = key
            assert isinstance(size, tuple) and isinstance(angle, float)
            body = self.back(size) if face is None else self.face(face, size)  # type: ignore[arg-type]
            return self._finish(body, size, angle, bool(dim), outline)  # type: ignore[arg-type]
        if key[0] == "face":
            _, face, size = key
            assert isinstance(face, Face) and isinstance(size, tuple)
            big = self._paint_face(face, (size[0] * SCALE, size[1] * SCALE))
        else:
            _, size = key
            assert isinstance(size, tuple)
            big = self._paint_back((size[0] * SCALE, size[1] * SCALE))
        return pygame.transform.smoothscale(big, size)

    def _blank(self, size: tuple[int, int], back: bool) -> pygame.Surface:
        """A plain card, quick to make: what stands in for a card never drawn yet (white
        for a face, the backs' red for a back)."""
        found = self._blanks.get((size, back))
        if found is None:
            w, h = size
            found = pygame.Surface(size, pygame.SRCALPHA)
            radius = max(2, round(w * 0.08))
            pygame.draw.rect(found, FACE_EDGE, (0, 0, w, h), border_radius=radius)
            edge = max(1, round(w * 0.012))
            pygame.draw.rect(found, BACK if back else FACE,
                             (edge, edge, w - 2 * edge, h - 2 * edge),
                             border_radius=max(0, radius - edge))
            self._blanks[(size, back)] = found
        return found

    def _stand_in(self, face: Face | None, size: tuple[int, int]) -> pygame.Surface:
        """The same card as last drawn (another tilt or highlight), else a plain card."""
        self.stand_ins += 1
        self.stand_ins_total += 1
        latest = self._variants.get((face, size))
        found = self._cached(latest) if latest is not None else None
        return found if found is not None else self._blank(size, face is None)

    def surface(self, card: Face | Card | CardLike | None, size: tuple[int, int],
                angle: float = 0.0, dim: bool = False,
                outline: Colour | None = None) -> pygame.Surface:
        """A finished card to blit centred where it lies: face up (or a back for None),
        turned `angle` degrees anticlockwise, dimmed, outlined, on its soft shadow.

        With a helper the whole card is made there (its shadow and its turn are costly
        too) and a stand-in is drawn until it comes; without one it is made here, unless
        this frame's budget is spent."""
        face = face_of(card) if card is not None else None
        key = ("card", face, size, round(float(angle), 1), bool(dim),
               None if outline is None else tuple(outline))
        found = self._cached(key)
        if found is not None:
            return found
        if self.helper is not None:
            made = self._part(key)
            return made if made is not None else self._stand_in(face, size)
        if self._spent():
            return self._stand_in(face, size)  # made in a later frame
        return self._keep(key, self.paint(key))

    def _finish(self, body: pygame.Surface, size: tuple[int, int], angle: float, dim: bool,
                outline: Colour | None) -> pygame.Surface:
        """`body` (a face or the back) on its soft shadow, dimmed, outlined, turned."""
        w, h = size
        pad = max(3, round(h * 0.05))
        flat = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
        radius = max(2, round(w * 0.08))
        shade = pygame.Surface(flat.get_size(), pygame.SRCALPHA)
        soft = max(1, pad // 2)
        for i in range(soft, 0, -1):
            alpha = SHADOW[3] * (soft - i + 1) // (soft + 1)
            box = pygame.Rect(pad - i + pad // 3, pad - i + pad // 2, w + 2 * i, h + 2 * i)
            pygame.draw.rect(shade, (0, 0, 0, alpha), box, border_radius=radius + i)
        flat.blit(shade, (0, 0))
        if dim:
            body = dimmed(body, radius)
        flat.blit(body, (pad, pad))
        if outline is not None:
            ring = max(2, round(w * 0.04))
            pygame.draw.rect(flat, outline, (pad - ring // 2, pad - ring // 2, w + ring, h + ring),
                             width=ring, border_radius=radius + ring // 2)
        if abs(angle) > 0.05:
            flat = pygame.transform.rotozoom(flat, angle, 1.0)
        return flat

    def draw(self, surface: pygame.Surface, deck: str | SuitSet, suit: str, rank: str,
             rect: pygame.Rect, face_up: bool = True, dim: bool = False, angle: float = 0.0,
             outline: Colour | None = None) -> pygame.Rect:
        """Draw one card as large as fits in `rect` (keeping a card's shape), centred on
        it, from plain keys: `draw(screen, "german", "acorns", "O", rect, True)`.
        Returns the rectangle of what was drawn (shadow and turn included)."""
        face = Face(suit_set(deck).key, suit, rank)
        height = max(6, min(rect.height, math.floor(rect.width * RATIO)))
        image = self.surface(face if face_up else None, card_size(height), angle, dim, outline)
        where = image.get_rect(center=rect.center)
        surface.blit(image, where)
        return where

    # -- painting at the large size ------------------------------------------------------------
    def _paint_face(self, face: Face, size: tuple[int, int]) -> pygame.Surface:
        w, h = size
        surface = pygame.Surface(size, pygame.SRCALPHA)
        radius = round(w * 0.08)
        pygame.draw.rect(surface, FACE_EDGE, (0, 0, w, h), border_radius=radius)
        edge = max(2, round(w * 0.012))
        pygame.draw.rect(surface, FACE, (edge, edge, w - 2 * edge, h - 2 * edge),
                         border_radius=radius - edge)
        pack, look = face.pack, face.look
        index = self._index(face, w)
        surface.blit(index, (0, 0))
        turned = pygame.transform.rotate(index, 180)
        surface.blit(turned, (w - turned.get_width(), h - turned.get_height()))
        if pack.key == GERMAN:
            self._german_body(surface, face)
        elif face.rank in pack.courts:
            self._court(surface, face)
        elif face.rank == pack.ace:
            size_ace = w * (0.3 if face.suit == "spades" else 0.22)
            look.pip(_Pen(surface, (w / 2, h / 2), size_ace, False), None)
        else:
            self._pips(surface, face, w * 0.08)
        return surface

    def _pips(self, surface: pygame.Surface, face: Face, pip: float, inset: float = 0.34) -> None:
        w, h = surface.get_size()
        box = pygame.Rect(round(w * inset), round(h * 0.19), round(w * (1 - 2 * inset)),
                          round(h * 0.62))
        look = face.look
        for x, y in PIPS[int(face.rank)]:
            centre = (box.left + x * box.width, box.top + y * box.height)
            look.pip(_Pen(surface, centre, pip, not look.upright and y > 0.55), None)

    def _index(self, face: Face, w: int) -> pygame.Surface:
        """The corner index of a card `w` wide: its rank over a small pip."""
        german = face.deck == GERMAN
        ink = face.look.ink
        index_w = round(w * (0.24 if german else 0.2))
        if german:
            size = round(w * (0.22 if face.rank == "10" else 0.27))
        else:
            size = round(w * (0.19 if face.rank == "10" else 0.21))
        label = self.text.render(face.rank, size, ink, bold=True, rtl=False)
        if label.get_width() > index_w:
            label = pygame.transform.smoothscale(
                label, (index_w, round(label.get_height() * index_w / label.get_width())))
        centre_x = round(w * (0.13 if german else 0.115))
        top = round(w * 0.035)
        pip = w * (0.068 if german else 0.062)
        pip_y = top + label.get_height() * 0.86 + w * (0.06 if german else 0.055)
        surface = pygame.Surface((round(w * (0.27 if german else 0.24)), round(pip_y + pip * 1.3)),
                                 pygame.SRCALPHA)
        surface.blit(label, (centre_x - label.get_width() // 2, top))
        face.look.pip(_Pen(surface, (centre_x, pip_y), pip, False), None)
        return surface

    def _court(self, surface: pygame.Surface, face: Face) -> None:
        w, h = surface.get_size()
        ink = face.look.ink
        frame = pygame.Rect(round(w * 0.24), round(h * 0.15), round(w * 0.52), round(h * 0.7))
        radius = round(w * 0.04)
        pygame.draw.rect(surface, COURT_FILL, frame, border_radius=radius)
        pygame.draw.rect(surface, ink, frame, width=max(2, round(w * 0.014)),
                         border_radius=radius)
        inner = frame.inflate(-round(w * 0.05), -round(w * 0.05))
        pygame.draw.rect(surface, GOLD, inner, width=max(1, round(w * 0.006)),
                         border_radius=radius)
        spikes = {"K": 5, "Q": 4, "J": 3}[face.rank]
        draw_crown(surface, (frame.centerx, frame.top + frame.height * 0.2), frame.width * 0.5,
                   GOLD, spikes)
        letter = self.text.render(face.rank, round(frame.height * 0.34), ink, bold=True, rtl=False)
        surface.blit(letter, letter.get_rect(center=(frame.centerx,
                                                     frame.top + frame.height * 0.52)))
        face.look.pip(_Pen(surface, (frame.centerx, frame.top + frame.height * 0.8),
                           frame.width * 0.14, False), None)

    # -- German faces --------------------------------------------------------------------------
    def _german_body(self, surface: pygame.Surface, face: Face) -> None:
        w, h = surface.get_size()
        look = face.look
        if face.rank == "S":
            # The Sow: a large suit sign in a gold ring, the sow walking beneath it.
            centre = (w / 2, h * 0.42)
            pygame.draw.circle(surface, COURT_FILL, centre, w * 0.3)
            pygame.draw.circle(surface, GOLD, centre, w * 0.3, max(2, round(w * 0.012)))
            look.pip(_Pen(surface, centre, w * 0.21, False), None)
            draw_sow(surface, (w / 2, h * 0.73), w * 0.4)
        elif face.rank in GERMAN_SET.courts:
            self._german_court(surface, face)
        else:
            self._pips(surface, face, w * 0.076, inset=0.36)

    def _german_court(self, surface: pygame.Surface, face: Face) -> None:
        w, h = surface.get_size()
        look, rank = face.look, face.rank
        frame = pygame.Rect(round(w * 0.26), round(h * 0.13), round(w * 0.48), round(h * 0.74))
        radius = round(w * 0.04)
        pygame.draw.rect(surface, COURT_FILL, frame, border_radius=radius)
        fw, fh = frame.size

        def at(x: float, y: float) -> Point:
            return frame.left + x * fw, frame.top + y * fh

        # Where the head sits: the Ober holds his suit sign over it, the Unter below it.
        head_y = {"K": 0.3, "O": 0.4, "U": 0.2}[rank]
        head_r = fw * 0.15
        robe = ROBE[rank]
        shoulder, hem = head_y + 0.1, 0.97
        body = [at(0.5 - 0.2, shoulder), at(0.5 + 0.2, shoulder), at(0.5 + 0.3, shoulder + 0.08),
                at(0.5 + 0.36, hem), at(0.5 - 0.36, hem), at(0.5 - 0.3, shoulder + 0.08)]
        # Keep the figure inside the frame: draw it on its own surface, then clip.
        layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        pygame.draw.polygon(layer, robe, body)
        belt_y = at(0, shoulder + (hem - shoulder) * 0.42)[1]
        pygame.draw.line(layer, GOLD, (frame.left, belt_y), (frame.right, belt_y),
                         max(2, round(fw * 0.035)))
        pygame.draw.line(layer, ROBE_TRIM, at(0.5, shoulder + 0.02), at(0.5, hem),
                         max(2, round(fw * 0.04)))
        neck = at(0.5, shoulder)
        pygame.draw.circle(layer, ROBE_TRIM if rank == "K" else GOLD, neck, fw * 0.17,
                           draw_top_right=True, draw_top_left=True)
        hx, hy = at(0.5, head_y)
        if rank == "K":  # a white beard under the face
            pygame.draw.circle(layer, BEARD, (hx, hy + head_r * 0.45), head_r * 0.95)
        pygame.draw.circle(layer, SKIN_EDGE, (hx, hy), head_r * 1.06)
        pygame.draw.circle(layer, SKIN, (hx, hy), head_r)
        if rank == "K":
            pygame.draw.circle(layer, BEARD, (hx, hy + head_r * 0.7), head_r * 0.6,
                               draw_bottom_left=True, draw_bottom_right=True)
        for side in (-1, 1):  # eyes
            pygame.draw.circle(layer, BLACK, (hx + side * head_r * 0.38, hy - head_r * 0.1),
                               max(1.0, head_r * 0.1))
        if rank == "K":
            draw_crown(layer, (hx, hy - head_r * 1.35), head_r * 2.2, GOLD, 5)
        elif rank == "O":  # a broad hat with a feather
            brim = pygame.Rect(0, 0, round(head_r * 2.9), round(head_r * 0.62))
            brim.center = (round(hx), round(hy - head_r * 0.8))
            pygame.draw.ellipse(layer, HAIR, brim)
            crown = pygame.Rect(0, 0, round(head_r * 1.6), round(head_r * 1.0))
            crown.midbottom = (round(hx), brim.centery + 2)
            pygame.draw.rect(layer, HAIR, crown, border_top_left_radius=round(head_r * 0.6),
                             border_top_right_radius=round(head_r * 0.6))
            feather = [(hx + head_r * 0.5, hy - head_r * 1.3),
                       (hx + head_r * 1.9, hy - head_r * 2.3),
                       (hx + head_r * 1.1, hy - head_r * 1.1)]
            pygame.draw.polygon(layer, ROBE_TRIM, feather)
        else:  # the Unter: a small round cap
            cap = pygame.Rect(0, 0, round(head_r * 2.1), round(head_r * 1.2))
            cap.midbottom = (round(hx), round(hy - head_r * 0.35))
            pygame.draw.ellipse(layer, robe, cap)
        mask = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), frame, border_radius=radius)
        layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        surface.blit(layer, (0, 0))
        # The suit sign: on the König's chest, held high by the Ober, low by the Unter.
        sign_at, sign_size = {"K": ((0.5, 0.7), 0.13), "O": ((0.5, 0.13), 0.22),
                              "U": ((0.5, 0.68), 0.22)}[rank]
        centre = at(*sign_at)
        backing = fw * sign_size * 1.25
        pygame.draw.circle(surface, FACE, centre, backing)
        pygame.draw.circle(surface, GOLD, centre, backing, max(2, round(fw * 0.02)))
        look.pip(_Pen(surface, centre, fw * sign_size * 0.92, False), None)
        pygame.draw.rect(surface, look.ink, frame, width=max(2, round(w * 0.014)),
                         border_radius=radius)

    def _paint_back(self, size: tuple[int, int]) -> pygame.Surface:
        w, h = size
        surface = pygame.Surface(size, pygame.SRCALPHA)
        radius = round(w * 0.08)
        pygame.draw.rect(surface, BACK_EDGE, (0, 0, w, h), border_radius=radius)
        border = round(w * 0.07)
        inner = pygame.Rect(border, border, w - 2 * border, h - 2 * border)
        field = pygame.Surface(inner.size, pygame.SRCALPHA)
        pygame.draw.rect(field, BACK, field.get_rect(), border_radius=round(radius * 0.6))
        step = max(4, round(w * 0.12))
        line = max(1, round(w * 0.012))
        span = inner.width + inner.height
        for d in range(-span, span, step):
            pygame.draw.line(field, BACK_LINE, (d, 0), (d + inner.height, inner.height), line)
            pygame.draw.line(field, BACK_LINE, (d + inner.height, 0), (d, inner.height), line)
        mask = pygame.Surface(inner.size, pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(),
                         border_radius=round(radius * 0.6))
        field.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        surface.blit(field, inner)
        centre = (w / 2, h / 2)
        pygame.draw.circle(surface, BACK_EDGE, centre, w * 0.2)
        pygame.draw.circle(surface, BACK, centre, w * 0.17)
        _french_heart(_Pen(surface, centre, w * 0.1, False), BACK_EDGE)
        pygame.draw.rect(surface, BACK_LINE, inner, width=line, border_radius=round(radius * 0.6))
        return surface


def dimmed(body: pygame.Surface, radius: int) -> pygame.Surface:
    """A card that may not be played: darker and partly greyed (its suit colours still
    read), crossed by a light diagonal hatch inside its rounded outline."""
    out = body.copy()
    out.fill((DIM_KEEP, DIM_KEEP, DIM_KEEP), special_flags=pygame.BLEND_RGB_MULT)
    grey = pygame.transform.grayscale(body)
    grey.fill((DIM_GREY, DIM_GREY, DIM_GREY), special_flags=pygame.BLEND_RGB_MULT)
    out.blit(grey, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    w, h = body.get_size()
    hatch = pygame.Surface((w, h), pygame.SRCALPHA)
    step = max(6, round(w * 0.14))
    line = max(2, round(w * 0.03))
    for d in range(-h, w + h, step):
        pygame.draw.line(hatch, HATCH, (d, h), (d + h, 0), line)
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    hatch.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    out.blit(hatch, (0, 0))
    return out


# -- painting in a helper process ------------------------------------------------------------

_HELPER_PAINTERS: dict[FontFiles, CardPainter] = {}


def paint_parts(files: FontFiles, keys: Sequence[tuple[object, ...]]
                ) -> list[tuple[tuple[int, int], bytes]]:
    """In a helper process: `paint_part` for each of `keys`, in order."""
    return [paint_part(files, key) for key in keys]


def paint_part(files: FontFiles, key: tuple[object, ...]) -> tuple[tuple[int, int], bytes]:
    """In a helper process: a face, a back or a finished card (`CardPainter.paint`) as its
    size and RGBA pixels (BGRA, as the kiosk's own surfaces hold them), to cross back as
    plain data."""
    painter = _HELPER_PAINTERS.get(files)
    if painter is None:
        painter = _HELPER_PAINTERS[files] = CardPainter(TextRenderer(files))
    surface = painter.paint(key)
    return surface.get_size(), pygame.image.tobytes(surface, "BGRA")

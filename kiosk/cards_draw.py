"""Playing cards drawn by our own code: faces, backs and suit pips, for every card game's screen.

Nothing comes from an image file: a face is a white rounded rectangle with the rank
in each corner (the system font the kiosk already uses), its suit pips as polygons
and circles in the classic layouts (2–10), one large pip for an ace and a framed
letter with a crown for the court cards; a back is a red lattice. Each card is drawn
at three times its size and scaled down smoothly, so its edges are soft, then kept in
a cache: the screen blits finished surfaces. `CardPainter.surface` returns a card
tilted by any angle, dimmed or outlined, with its soft shadow.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Sequence
from functools import cache

import pygame

from engines.cards.cards import JACK, KING, QUEEN, Card, Suit
from kiosk.text import TextRenderer

Colour = tuple[int, int, int]
Point = tuple[float, float]

SCALE = 3  # cards are drawn this much larger, then smoothed down
CACHE_SIZE = 300  # finished cards kept (a hand card is about 150 kB)
RATIO = 88 / 63  # a poker card's height over its width

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

# Pip centres of the number cards in a box from (0, 0) to (1, 1); a pip in the lower
# half is drawn upside down, as on printed cards.
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


def suit_colour(suit: Suit) -> Colour:
    return RED if suit.is_red else BLACK


def rank_text(card: Card) -> str:
    return "10" if card.rank == 10 else card.rank_letter


def card_size(height: int) -> tuple[int, int]:
    """(width, height) of a card `height` pixels tall."""
    return max(4, round(height / RATIO)), max(6, height)


# -- suit shapes: outlines in a box from (-1, -1) to (1, 1), point of a heart downwards --------


@cache
def _heart_outline(steps: int = 48) -> tuple[Point, ...]:
    points = []
    for i in range(steps):
        t = 2 * math.pi * i / steps
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        points.append((x / 16.5, -(y + 2.5) / 14.5))
    return tuple(points)


def _place(outline: Sequence[Point], centre: Point, size: float, flip: bool) -> list[Point]:
    cx, cy = centre
    sign = -1 if flip else 1
    return [(cx + x * size, cy + sign * y * size) for x, y in outline]


def draw_pip(surface: pygame.Surface, suit: Suit, centre: Point, size: float,
             colour: Colour | None = None, flip: bool = False) -> None:
    """A suit symbol `2 * size` wide centred on `centre` (upside down when `flip`)."""
    colour = colour or suit_colour(suit)
    cx, cy = centre
    sign = -1 if flip else 1
    if suit is Suit.HEARTS:
        pygame.draw.polygon(surface, colour, _place(_heart_outline(), centre, size, flip))
    elif suit is Suit.DIAMONDS:
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
        pygame.draw.polygon(surface, colour, _place(outline, centre, size, flip))
    elif suit is Suit.SPADES:
        body = [(x * 0.98, -y * 0.98 - 0.12) for x, y in _heart_outline()]
        pygame.draw.polygon(surface, colour, _place(body, centre, size, flip))
        stem = [(-0.1, 0.35), (0.1, 0.35), (0.38, 1.0), (-0.38, 1.0)]
        pygame.draw.polygon(surface, colour, _place(stem, centre, size, flip))
    else:
        r = 0.44 * size
        for x, y in ((0.0, -0.5), (-0.5, 0.2), (0.5, 0.2)):
            pygame.draw.circle(surface, colour, (cx + x * size, cy + sign * y * size), r)
        stem = [(-0.12, 0.0), (0.12, 0.0), (0.36, 1.0), (-0.36, 1.0)]
        pygame.draw.polygon(surface, colour, _place(stem, centre, size, flip))


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


# -- whole cards --------------------------------------------------------------------------------


class CardPainter:
    """Makes and caches card surfaces for one text renderer (the rank needs a font)."""

    def __init__(self, text: TextRenderer) -> None:
        self.text = text
        self._cache: OrderedDict[tuple[object, ...], pygame.Surface] = OrderedDict()

    def _cached(self, key: tuple[object, ...]) -> pygame.Surface | None:
        found = self._cache.get(key)
        if found is not None:
            self._cache.move_to_end(key)
        return found

    def _keep(self, key: tuple[object, ...], surface: pygame.Surface) -> pygame.Surface:
        self._cache[key] = surface
        if len(self._cache) > CACHE_SIZE:
            self._cache.popitem(last=False)
        return surface

    def face(self, card: Card, size: tuple[int, int]) -> pygame.Surface:
        """The face of `card` at `size`, upright, with transparent rounded corners."""
        key = ("face", card.index, size)
        found = self._cached(key)
        if found is not None:
            return found
        big = self._paint_face(card, (size[0] * SCALE, size[1] * SCALE))
        return self._keep(key, pygame.transform.smoothscale(big, size))

    def back(self, size: tuple[int, int]) -> pygame.Surface:
        """The back every card shares, at `size`."""
        key = ("back", size)
        found = self._cached(key)
        if found is not None:
            return found
        big = self._paint_back((size[0] * SCALE, size[1] * SCALE))
        return self._keep(key, pygame.transform.smoothscale(big, size))

    def surface(self, card: Card | None, size: tuple[int, int], angle: float = 0.0,
                dim: bool = False, outline: Colour | None = None) -> pygame.Surface:
        """A finished card to blit centred where it lies: face up (or a back for None),
        turned `angle` degrees anticlockwise, dimmed, outlined, on its soft shadow."""
        key = ("card", card.index if card else None, size, round(angle, 1), dim, outline)
        found = self._cached(key)
        if found is not None:
            return found
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
        body = self.face(card, size) if card is not None else self.back(size)
        if dim:
            body = body.copy()
            body.fill((150, 150, 158, 255), special_flags=pygame.BLEND_RGBA_MULT)
        flat.blit(body, (pad, pad))
        if outline is not None:
            ring = max(2, round(w * 0.04))
            pygame.draw.rect(flat, outline, (pad - ring // 2, pad - ring // 2, w + ring, h + ring),
                             width=ring, border_radius=radius + ring // 2)
        if abs(angle) > 0.05:
            flat = pygame.transform.rotozoom(flat, angle, 1.0)
        return self._keep(key, flat)

    # -- painting at the large size ------------------------------------------------------------
    def _paint_face(self, card: Card, size: tuple[int, int]) -> pygame.Surface:
        w, h = size
        surface = pygame.Surface(size, pygame.SRCALPHA)
        radius = round(w * 0.08)
        pygame.draw.rect(surface, FACE_EDGE, (0, 0, w, h), border_radius=radius)
        edge = max(2, round(w * 0.012))
        pygame.draw.rect(surface, FACE, (edge, edge, w - 2 * edge, h - 2 * edge),
                         border_radius=radius - edge)
        colour = suit_colour(card.suit)
        index = self._index(card, w, colour)
        surface.blit(index, (0, 0))
        turned = pygame.transform.rotate(index, 180)
        surface.blit(turned, (w - turned.get_width(), h - turned.get_height()))
        if card.rank in (JACK, QUEEN, KING):
            self._court(surface, card, colour)
        elif card.rank == 14:
            size_ace = w * (0.3 if card.suit is Suit.SPADES else 0.22)
            draw_pip(surface, card.suit, (w / 2, h / 2), size_ace, colour)
        else:
            box = pygame.Rect(round(w * 0.34), round(h * 0.19), round(w * 0.32), round(h * 0.62))
            pip = w * 0.08
            for x, y in PIPS[card.rank]:
                draw_pip(surface, card.suit, (box.left + x * box.width, box.top + y * box.height),
                         pip, colour, flip=y > 0.55)
        return surface

    def _index(self, card: Card, w: int, colour: Colour) -> pygame.Surface:
        """The corner index of a card `w` wide: its rank over a small pip."""
        index_w = round(w * 0.2)
        size = round(w * (0.19 if card.rank == 10 else 0.21))
        label = self.text.render(rank_text(card), size, colour, bold=True, rtl=False)
        if label.get_width() > index_w:
            label = pygame.transform.smoothscale(
                label, (index_w, round(label.get_height() * index_w / label.get_width())))
        centre_x = round(w * 0.115)
        top = round(w * 0.035)
        pip_y = top + label.get_height() * 0.86 + w * 0.055
        surface = pygame.Surface((round(w * 0.24), round(pip_y + w * 0.08)), pygame.SRCALPHA)
        surface.blit(label, (centre_x - label.get_width() // 2, top))
        draw_pip(surface, card.suit, (centre_x, pip_y), w * 0.062, colour)
        return surface

    def _court(self, surface: pygame.Surface, card: Card, colour: Colour) -> None:
        w, h = surface.get_size()
        frame = pygame.Rect(round(w * 0.24), round(h * 0.15), round(w * 0.52), round(h * 0.7))
        radius = round(w * 0.04)
        pygame.draw.rect(surface, COURT_FILL, frame, border_radius=radius)
        pygame.draw.rect(surface, colour, frame, width=max(2, round(w * 0.014)),
                         border_radius=radius)
        inner = frame.inflate(-round(w * 0.05), -round(w * 0.05))
        pygame.draw.rect(surface, GOLD, inner, width=max(1, round(w * 0.006)),
                         border_radius=radius)
        spikes = {KING: 5, QUEEN: 4, JACK: 3}[card.rank]
        draw_crown(surface, (frame.centerx, frame.top + frame.height * 0.2), frame.width * 0.5,
                   GOLD, spikes)
        letter = self.text.render(card.rank_letter, round(frame.height * 0.34), colour,
                                  bold=True, rtl=False)
        surface.blit(letter, letter.get_rect(center=(frame.centerx,
                                                     frame.top + frame.height * 0.52)))
        draw_pip(surface, card.suit, (frame.centerx, frame.top + frame.height * 0.8),
                 frame.width * 0.14, colour)

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
        draw_pip(surface, Suit.HEARTS, centre, w * 0.1, BACK_EDGE)
        pygame.draw.rect(surface, BACK_LINE, inner, width=line, border_radius=round(radius * 0.6))
        return surface

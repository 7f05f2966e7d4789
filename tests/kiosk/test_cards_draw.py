"""Cards drawn by our own code, French and German suited, and the table's seats on screen.

Real drawing on SDL's dummy driver: colours, sizes and hues are measured from pixels.
"""

from __future__ import annotations

import colorsys
import itertools
from collections.abc import Iterator
from dataclasses import dataclass
from enum import Enum

import pygame
import pytest

from engines.cards.cards import Card, Suit
from kiosk.cards_draw import (
    FACE,
    FRENCH,
    GERMAN,
    GERMAN_SET,
    SUIT_SETS,
    CardPainter,
    Colour,
    Face,
    card_size,
    draw_pip,
    face_of,
    german_face,
)
from kiosk.text import TextRenderer
from kiosk.theme import contrast

HAND = card_size(214)  # a hand card on the 1080p table
GERMAN_SUITS = GERMAN_SET.suit_keys


@pytest.fixture
def painter(display: None) -> CardPainter:
    return CardPainter(TextRenderer(rtl=False))


def pixels(surface: pygame.Surface) -> Iterator[tuple[tuple[int, int], Colour]]:
    w, h = surface.get_size()
    for y in range(h):
        for x in range(w):
            r, g, b, a = surface.get_at((x, y))
            if a >= 250:
                yield (x, y), (r, g, b)


def near(a: Colour, b: Colour, within: int = 14) -> bool:
    return all(abs(p - q) <= within for p, q in zip(a, b, strict=True))


def count(surface: pygame.Surface, colour: Colour) -> int:
    return sum(1 for _, c in pixels(surface) if near(c, colour))


def pip_on_face(suit: str, size: float = 40) -> pygame.Surface:
    surface = pygame.Surface((round(size * 2.6), round(size * 2.6)), pygame.SRCALPHA)
    surface.fill((*FACE, 255))
    draw_pip(surface, suit, (size * 1.3, size * 1.3), size, deck=GERMAN)
    return surface


# -- suits --------------------------------------------------------------------------------------


@pytest.mark.parametrize("suit", GERMAN_SUITS)
def test_each_german_suit_pip_is_drawn_in_its_colour(display: None, suit: str) -> None:
    look = GERMAN_SET.suit(suit)
    image = pip_on_face(suit)
    own = count(image, look.colour)
    assert own > 1200  # a good part of the 80 px sign is the suit's colour
    for other in GERMAN_SET.suits:
        if other.key != suit:
            assert count(image, other.colour) * 8 < own, other.key


def test_the_german_suits_are_told_apart_by_colour() -> None:
    colours = [look.colour for look in GERMAN_SET.suits]
    for a, b in itertools.combinations(colours, 2):
        assert sum(abs(p - q) for p, q in zip(a, b, strict=True)) > 60


@pytest.mark.parametrize("suit", GERMAN_SUITS)
def test_a_german_number_card_shows_its_pips_in_the_suit_colour(painter: CardPainter,
                                                                suit: str) -> None:
    look = GERMAN_SET.suit(suit)
    seven = count(painter.face(Face(GERMAN, suit, "7"), HAND), look.colour)
    six = count(painter.face(Face(GERMAN, suit, "6"), HAND), look.colour)
    assert six > 100 and seven > six  # one more pip, more of the colour


def test_every_index_ink_reads_on_the_white_face() -> None:
    for pack in SUIT_SETS.values():
        for look in pack.suits:
            assert contrast(look.ink, FACE) >= 4.5, (pack.key, look.key)


def test_a_pip_in_one_colour_is_a_silhouette(display: None) -> None:
    for suit in GERMAN_SUITS:
        surface = pygame.Surface((80, 80), pygame.SRCALPHA)
        draw_pip(surface, suit, (40, 40), 30, colour=(10, 200, 250), deck=GERMAN)
        seen = {c for _, c in pixels(surface)}
        assert seen == {(10, 200, 250)}, suit


# -- ranks --------------------------------------------------------------------------------------


@pytest.mark.parametrize("suit", GERMAN_SUITS)
def test_the_nine_german_ranks_render_distinct_images(painter: CardPainter, suit: str) -> None:
    images = {rank: pygame.image.tobytes(painter.face(Face(GERMAN, suit, rank), HAND), "RGBA")
              for rank in GERMAN_SET.ranks}
    assert len(GERMAN_SET.ranks) == 9
    assert len(set(images.values())) == 9


def test_the_same_rank_of_two_german_suits_differs(painter: CardPainter) -> None:
    for rank in GERMAN_SET.ranks:
        images = {pygame.image.tobytes(painter.face(Face(GERMAN, suit, rank), HAND), "RGBA")
                  for suit in GERMAN_SUITS}
        assert len(images) == 4, rank


def test_german_court_cards_differ_in_the_corner(painter: CardPainter) -> None:
    """The König, Ober and Unter are told apart by their corner alone (a fanned card
    shows little more): the top-left corners of the three differ."""
    corner = pygame.Rect(0, 0, round(HAND[0] * 0.27), round(HAND[1] * 0.2))
    seen = set()
    for rank in ("K", "O", "U"):
        face = painter.face(Face(GERMAN, "acorns", rank), HAND)
        seen.add(pygame.image.tobytes(face.subsurface(corner), "RGBA"))
    assert len(seen) == 3


def test_the_sow_is_the_german_ace_and_shows_a_large_suit_sign(painter: CardPainter) -> None:
    assert GERMAN_SET.ace == "S" and GERMAN_SET.ranks[0] == "S"
    look = GERMAN_SET.suit("bells")
    sow = count(painter.face(Face(GERMAN, "bells", "S"), HAND), look.colour)
    six = count(painter.face(Face(GERMAN, "bells", "6"), HAND), look.colour)
    assert sow > six  # one sign larger than six small ones


# -- French cards and the painter's API -----------------------------------------------------------


def test_french_cards_are_unchanged_in_size(painter: CardPainter) -> None:
    assert HAND == (153, 214)
    assert card_size(172) == (123, 172)
    for text in ("AS", "TH", "QD", "2C"):
        card = Card.parse(text)
        assert painter.face(card, HAND).get_size() == HAND
        pad = round(HAND[1] * 0.05)
        assert painter.surface(card, HAND).get_size() == (HAND[0] + 2 * pad, HAND[1] + 2 * pad)
        assert painter.surface(card, HAND, dim=True).get_size() == \
            painter.surface(card, HAND).get_size()
    german = painter.surface(Face(GERMAN, "leaves", "O"), HAND)
    assert german.get_size() == painter.surface(Card.parse("QS"), HAND).get_size()


def test_a_french_card_and_its_face_draw_the_same(painter: CardPainter) -> None:
    card = Card.parse("QH")
    assert face_of(card) == Face(FRENCH, "hearts", "Q")
    assert face_of(Card.parse("TS")) == Face(FRENCH, "spades", "10")
    assert face_of(Card.of(14, Suit.CLUBS)) == Face(FRENCH, "clubs", "A")
    assert pygame.image.tobytes(painter.face(card, HAND), "RGBA") == \
        pygame.image.tobytes(painter.face(face_of(card), HAND), "RGBA")


class Farbe(Enum):
    HERZ = 0
    GRAS = 1
    EICHEL = 2
    SCHELLEN = 3


class Schlag(Enum):
    SAU = 14
    ZEHN = 10
    KOENIG = 13
    OBER = 12
    UNTER = 11
    NEUN = 9


class Numbered(Enum):
    SIEBEN = 7
    HOCH = 12


@dataclass(frozen=True)
class GermanCard:
    suit: Farbe
    rank: Schlag | Numbered | int


def test_a_german_card_model_plugs_in_by_its_suit_and_rank() -> None:
    assert face_of(GermanCard(Farbe.EICHEL, Schlag.OBER)) == Face(GERMAN, "acorns", "O")
    assert face_of(GermanCard(Farbe.GRAS, Schlag.SAU)) == Face(GERMAN, "leaves", "S")
    assert face_of(GermanCard(Farbe.SCHELLEN, 7)) == Face(GERMAN, "bells", "7")
    assert face_of(GermanCard(Farbe.HERZ, Schlag.ZEHN)) == Face(GERMAN, "hearts", "10")
    # Numbers as engines.cards.german has them: Unter 11, Ober 12, König 13, Sow 14.
    assert [face_of(GermanCard(Farbe.HERZ, n)).rank for n in range(6, 15)] == \
        ["6", "7", "8", "9", "10", "U", "O", "K", "S"]
    assert face_of(GermanCard(Farbe.GRAS, Numbered.HOCH)) == Face(GERMAN, "leaves", "O")
    assert german_face("bells", "Unter") == Face(GERMAN, "bells", "U")
    assert german_face("Eichel", "König") == Face(GERMAN, "acorns", "K")
    with pytest.raises(ValueError, match="not a German suit"):
        german_face("spades", "K")
    with pytest.raises(ValueError, match="not a German rank"):
        german_face("bells", "Q")
    with pytest.raises(ValueError, match="not a rank of the german pack"):
        Face(GERMAN, "bells", "A")


def test_every_card_of_the_german_engine_gets_its_own_face() -> None:
    german = pytest.importorskip("engines.cards.german")
    faces = {face_of(card) for card in german.GERMAN_CARDS}
    assert len(faces) == 36 and all(f.deck == GERMAN for f in faces)
    assert face_of(german.GermanCard.parse("OL")) == Face(GERMAN, "leaves", "O")
    assert face_of(german.GermanCard.parse("SH")) == Face(GERMAN, "hearts", "S")
    assert face_of(german.GermanCard.parse("6B")) == Face(GERMAN, "bells", "6")
    assert face_of(german.GermanCard.parse("TA")) == Face(GERMAN, "acorns", "10")


def test_draw_puts_a_card_from_plain_keys_inside_its_rectangle(painter: CardPainter) -> None:
    screen = pygame.Surface((400, 400))
    screen.fill((0, 0, 0))
    rect = pygame.Rect(100, 50, 200, 300)
    drawn = painter.draw(screen, "german", "acorns", "O", rect, face_up=True)
    assert drawn.center == rect.center
    assert tuple(screen.get_at(rect.center))[:3] != (0, 0, 0)
    face_w = round(drawn.height / 1.1 / (88 / 63))
    assert face_w <= rect.width
    back = pygame.Surface((400, 400))
    painter.draw(back, "german", "acorns", "O", rect, face_up=False)
    assert pygame.image.tobytes(back, "RGB") != pygame.image.tobytes(screen, "RGB")


# -- dimmed cards ---------------------------------------------------------------------------------


def hsv(colour: Colour) -> tuple[float, float, float]:
    return colorsys.rgb_to_hsv(*(c / 255 for c in colour))


def hue_gap(a: float, b: float) -> float:
    gap = abs(a - b) % 1.0
    return min(gap, 1.0 - gap) * 360


COLOURED = [Face(GERMAN, s, r) for s in GERMAN_SUITS for r in ("S", "7", "O")] + \
    [Face(FRENCH, s, r) for s in ("hearts", "diamonds") for r in ("A", "7")]


@pytest.mark.parametrize("face", COLOURED, ids=lambda f: f"{f.deck}-{f.suit}-{f.rank}")
def test_dimmed_cards_keep_their_suit_hue(painter: CardPainter, face: Face) -> None:
    """A card that may not be played is darker but its suit still reads by colour: where
    the suit colour is, the dimmed card has the same hue, and most of its saturation."""
    bright = painter.surface(face, HAND)
    dark = painter.surface(face, HAND, dim=True)
    spots = [xy for xy, c in pixels(bright) if near(c, face.look.colour, 10)]
    assert len(spots) > 150
    before = [hsv(tuple(bright.get_at(xy))[:3]) for xy in spots]
    after = [hsv(tuple(dark.get_at(xy))[:3]) for xy in spots]
    gaps = sorted(hue_gap(a[0], b[0]) for a, b in zip(before, after, strict=True))
    assert gaps[len(gaps) // 2] <= 8  # the median pixel keeps its hue
    sat_before = sum(s for _, s, _ in before) / len(before)
    sat_after = sum(s for _, s, _ in after) / len(after)
    assert sat_after >= 0.6 * sat_before and sat_after >= 0.4
    assert sum(v for *_, v in after) < 0.85 * sum(v for *_, v in before)  # but darker


def test_a_dimmed_card_is_hatched_as_not_playable(painter: CardPainter) -> None:
    """The white of a dimmed card turns to stripes of two greys (the "not playable" cue),
    clearly darker than a playable card's face."""
    face = Face(GERMAN, "bells", "8")
    bright = painter.surface(face, HAND)
    dark = painter.surface(face, HAND, dim=True)
    white = [xy for xy, c in pixels(bright) if near(c, FACE, 4)]
    greys = [sum(tuple(dark.get_at(xy))[:3]) / 3 for xy in white]
    light = sum(1 for g in greys if g > 170)
    stripe = sum(1 for g in greys if g < 150)
    assert max(greys) < min(FACE) - 40
    assert light > 0.4 * len(greys) and stripe > 0.15 * len(greys)


def test_a_dimmed_back_stays_a_back(painter: CardPainter) -> None:
    plain = painter.surface(None, HAND)
    assert painter.surface(None, HAND, dim=True).get_size() == plain.get_size()

"""A sheet of our drawn cards: a German-suited hand beside a French-suited one, at TV size.

Run with ``make screenshots`` or ``.venv/bin/python benchmarks/cards_sheet.py
[--out docs/cards-german-french.png] [--size 1920x1080]``.

Draws with the kiosk's own `CardPainter` (no image files) on SDL's dummy video driver:
on each side two rows of cards laid flat at the size of a hand card on the 1080p table
(German: every suit, the Sow, König, Ober, Unter, 10 and the number cards; French: the
same mix), and beneath them a hand fanned as in play, with the cards that may not be
played dimmed and one lifted and outlined as chosen. Everything lies inside the 5 % safe
area. Prints where the sheet was saved and the height of the German court cards' corner
letters, measured from the pixels.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.shots import headless, shot_arguments  # noqa: E402

headless()
import pygame  # noqa: E402

from kiosk.cards_draw import FRENCH, GERMAN, CardPainter, Face, card_size  # noqa: E402
from kiosk.text import TextRenderer  # noqa: E402
from kiosk.theme import safe_area  # noqa: E402

BACKGROUND = (14, 22, 48)
FELT = (22, 96, 62)
FELT_EDGE = (92, 58, 34)
TITLE = (255, 214, 92)
CAPTION = (236, 240, 248)
CHOSEN = (120, 200, 255)

GERMAN_ROWS = (
    (("hearts", "S"), ("leaves", "O"), ("acorns", "U"), ("bells", "10"), ("hearts", "6")),
    (("bells", "K"), ("acorns", "S"), ("leaves", "9"), ("bells", "8"), ("acorns", "7")),
)
GERMAN_HAND = (("hearts", "S"), ("hearts", "U"), ("leaves", "10"), ("leaves", "K"),
               ("acorns", "O"), ("acorns", "6"), ("bells", "S"), ("bells", "7"))
FRENCH_ROWS = (
    (("spades", "A"), ("hearts", "Q"), ("diamonds", "J"), ("clubs", "10"), ("hearts", "6")),
    (("clubs", "K"), ("diamonds", "A"), ("spades", "9"), ("hearts", "8"), ("diamonds", "7")),
)
FRENCH_HAND = (("clubs", "A"), ("clubs", "J"), ("diamonds", "10"), ("diamonds", "4"),
               ("spades", "Q"), ("spades", "7"), ("hearts", "K"), ("hearts", "2"))
DIMMED = {2, 3, 4, 5}  # in the fanned hands: the cards that may not be played
CHOSEN_CARD = 1


def fan(painter: CardPainter, screen: pygame.Surface, deck: str,
        cards: tuple[tuple[str, str], ...], centre_x: int, bottom: int,
        size: tuple[int, int], unit: float) -> None:
    """A hand fanned along an arc as on the table, its lowest point at `bottom`."""
    h = size[1]
    step, radius = 82 * unit, 2600 * unit
    count = len(cards)
    hand_y = bottom - h / 2
    pivot = hand_y + radius
    for i, (suit, rank) in enumerate(cards):
        theta = (i - (count - 1) / 2) * step / radius
        lift = 34 * unit if i == CHOSEN_CARD else 0.0
        x = centre_x + (radius + lift) * math.sin(theta)
        y = pivot - (radius + lift) * math.cos(theta)
        image = painter.surface(Face(deck, suit, rank), size, -math.degrees(theta),
                                dim=i in DIMMED, outline=CHOSEN if i == CHOSEN_CARD else None)
        screen.blit(image, image.get_rect(center=(round(x), round(y))))


def cap_height(painter: CardPainter, face: Face, size: tuple[int, int]) -> int:
    """Rows of the corner letter: the ink at the top-left before the index pip starts."""
    image = painter.face(face, size)
    ink = face.look.ink
    rows = []
    def inked(x: int, y: int) -> bool:
        r, g, b, a = image.get_at((x, y))
        return a > 200 and sum(abs(p - q) for p, q in zip((r, g, b), ink, strict=True)) < 60

    for y in range(round(size[1] * 0.25)):
        if any(inked(x, y) for x in range(round(size[0] * 0.25))):
            rows.append(y)
    run = [rows[0]] if rows else []
    for y in rows[1:]:
        if y != run[-1] + 1:
            break
        run.append(y)
    return len(run)


def sheet(size: tuple[int, int]) -> tuple[pygame.Surface, CardPainter]:
    width, height = size
    unit = min(width / 1920, height / 1080)

    def px(value: float) -> int:
        return max(1, round(value * unit))

    text = TextRenderer(rtl=False)
    painter = CardPainter(text)
    screen = pygame.Surface(size)
    screen.fill(BACKGROUND)
    safe = safe_area(size)
    pygame.draw.rect(screen, FELT_EDGE, safe, border_radius=px(40))
    felt = safe.inflate(-px(20), -px(20))
    pygame.draw.rect(screen, FELT, felt, border_radius=px(32))

    card = card_size(px(214))
    gap = px(14)
    half_w = (safe.width - px(48)) // 2
    halves = ((GERMAN, "German suits: hearts, leaves, acorns, bells", GERMAN_ROWS, GERMAN_HAND),
              (FRENCH, "French suits: spades, hearts, diamonds, clubs", FRENCH_ROWS, FRENCH_HAND))
    for n, (deck, title, rows, hand) in enumerate(halves):
        left = safe.left + px(16) + n * (half_w + px(16))
        centre_x = left + half_w // 2
        label = text.fit(title, px(38), TITLE, half_w - px(20), bold=True, rtl=False)
        screen.blit(label, label.get_rect(midtop=(centre_x, felt.top + px(14))))
        top = felt.top + px(76)
        for r, row in enumerate(rows):
            row_w = len(row) * card[0] + (len(row) - 1) * gap
            x = centre_x - row_w // 2
            y = top + r * (card[1] + px(22))
            for suit, rank in row:
                image = painter.surface(Face(deck, suit, rank), card)
                screen.blit(image, image.get_rect(center=(x + card[0] // 2, y + card[1] // 2)))
                x += card[0] + gap
        fan_bottom = felt.bottom - px(36)
        fan(painter, screen, deck, hand, centre_x, fan_bottom, card, unit)
        # The caption halfway between the rows and the top of the lifted card.
        rows_bottom = top + 2 * card[1] + px(22)
        fan_top = fan_bottom - card[1] - px(34) - px(16)
        caption = text.fit("A hand: the greyed, hatched cards may not be played", px(28),
                           CAPTION, half_w - px(20), rtl=False)
        screen.blit(caption, caption.get_rect(center=(centre_x, (rows_bottom + fan_top) // 2)))
    return screen, painter


def save_small(screen: pygame.Surface, out: Path) -> None:
    """The picture for the README as a 256-colour PNG: the same to the eye, a third of the
    bytes of pygame's full-colour file (the measurements are taken on the screen itself)."""
    from PIL import Image

    image = Image.frombytes("RGB", screen.get_size(), pygame.image.tobytes(screen, "RGB"))
    image.quantize(256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).save(
        out, optimize=True)


def main() -> int:
    args, (width, height) = shot_arguments(__doc__.splitlines()[0],
                                           str(ROOT / "docs" / "cards-german-french.png"))
    pygame.display.init()
    pygame.font.init()
    try:
        screen, painter = sheet((width, height))
        out = Path(args.out)
        out.parent.mkdir(parents=True, exist_ok=True)
        save_small(screen, out)
        card = card_size(max(1, round(214 * min(width / 1920, height / 1080))))
        print(f"saved {out} ({width}x{height})")
        for suit, rank in (("acorns", "O"), ("bells", "U"), ("leaves", "K")):
            face = Face(GERMAN, suit, rank)
            print(f"German corner letter {rank} on a {card[1]} px card: "
                  f"{cap_height(painter, face, card)} px tall")
    finally:
        pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())

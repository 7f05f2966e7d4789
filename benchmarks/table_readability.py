"""The Bidel table read from the sofa: screenshots, cap heights, contrasts, the safe area.

Run with ``.venv/bin/python benchmarks/table_readability.py [--out docs] [--size 1920x1080]``.

Draws the real Bidel screen (`HeartsScene`, as the kiosk builds it, seed 5) on SDL's
dummy video driver with a hand under way (South to play onto a trick of two cards or
more, as `make screenshots` shows it) in English and in Persian, saves ``hearts.png``
(English: the README's picture), ``hearts-fa.png``, and ``hearts-safe-area.png`` (the
English one with the 5 % title-safe area drawn on it), and prints, for each kind of text
a player reads, the smallest cap height and contrast measured from the drawn pixels:

- The scene notes each line of text it draws (`HeartsScene.labels`: its words, font
  size, colour and the rectangle its line went in). In that rectangle the text's ink is
  found on the screen: the pixels at least half way from the background colour (the
  commonest colour there that is not the text's) to the text colour.
- Cap height, "ink": a line of capitals and digits only (a plate's number, a key such
  as Enter or L, the countdown) is measured directly: the height of its ink. "size":
  any other line is checked to be drawn at the size the scene noted (its ink on the
  screen covers the same words rendered at that size: at least 85 % in common), and its
  cap height is the ink height of a capital H at that size.
- Contrast: WCAG 2 contrast between the solid text colour found on the screen and the
  background colour round the glyphs.
- Safe area: every pixel outside it is the screen's background colour.

Targets (DESIGN §3b): cap height ≥ 28 px at 1080p, contrast ≥ 4.5:1 (numbers ≥ 7:1),
everything inside the 5 % safe area.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.shots import headless  # noqa: E402

headless()
import pygame  # noqa: E402

from kiosk.theme import contrast, luminance  # noqa: E402,F401  (WCAG 2; tests take them here)

RGB = tuple[int, int, int]
SEED = 5
CAP_TARGET = 28  # px at 1080p
CONTRAST_TARGET = 4.5
NUMBER_TARGET = 7.0
NUMBER_KINDS = ("plate_number", "panel_number")
# Letters that reach neither above a capital nor below the line: with capitals and
# digits they make a run whose ink is as tall as its capitals ("Enter", "Esc").
LOW = set("acemnorsuvwxz۰۵")  # with them Persian ۰ (a dot) and ۵ (a small loop)
TALL_DIGITS = set("0123456789۱۲۳۴۶۷۸۹")  # Persian ۰ is a dot and ۵ a small loop
BLEND_OFF = 24  # how far (in RGB) an edge pixel may lie from the text-background blend




def pixels(surface: pygame.Surface, rect: pygame.Rect) -> list[tuple[int, int, RGB]]:
    """Every pixel of `rect` (clipped to the surface) as (x, y, colour)."""
    rect = rect.clip(surface.get_rect())
    if rect.width <= 0 or rect.height <= 0:
        return []
    data = pygame.image.tobytes(surface.subsurface(rect), "RGB")
    out = []
    for i in range(rect.width * rect.height):
        y, x = divmod(i, rect.width)
        out.append((rect.left + x, rect.top + y, (data[3 * i], data[3 * i + 1], data[3 * i + 2])))
    return out


def _share(colour: RGB, background: RGB, text: RGB) -> float:
    """How far `colour` lies from `background` towards `text` (0 to 1); -1 for a colour
    that is no blend of the two (anything else drawn near the text)."""
    axis = [t - b for t, b in zip(text, background, strict=True)]
    length = sum(a * a for a in axis) or 1
    share = sum((c - b) * a for c, b, a in zip(colour, background, axis, strict=True)) / length
    off = sum((c - b - share * a) ** 2 for c, b, a in zip(colour, background, axis, strict=True))
    return share if off <= BLEND_OFF ** 2 else -1.0


@dataclass(frozen=True)
class Measure:
    """One line of text as measured on the screen."""

    key: str
    kind: str
    text: str
    cap: int  # cap height in pixels
    how: str  # "ink": measured on the screen; "size": a capital at the size drawn
    contrast: float
    text_colour: RGB
    background: RGB
    ink: pygame.Rect  # the text's ink on the screen
    match: float  # how well that ink covers the words rendered at the noted size (0 to 1)


MATCH = 0.85  # the least `Measure.match` of text drawn at the size the scene noted


def cap_run(text: str) -> bool:
    """Whether a line's ink is as tall as its capitals (capitals, digits and low letters)."""
    letters = [ch for ch in text if not ch.isspace() and ch not in "·:،,.+-"]
    return bool(letters) and any(ch.isupper() or ch in TALL_DIGITS for ch in letters) and all(
        ch.isupper() or ch in TALL_DIGITS or ch in LOW for ch in letters)


def measure_label(surface: pygame.Surface, key: str, label: object, text: object,
                  rtl: bool) -> Measure:
    """Measure one noted line (`kiosk.games.hearts.scene.Label`) on `surface`."""
    from kiosk.games.hearts.scene import Label
    from kiosk.text import TextRenderer

    assert isinstance(label, Label) and isinstance(text, TextRenderer)
    colour: RGB = tuple(label.colour[:3])  # type: ignore[assignment]
    image = text.render(label.text, label.size, label.colour, label.bold, rtl)
    glyphs = image.get_bounding_rect(min_alpha=128)
    left, top = label.rect.topleft
    expected = {(left + x, top + y) for x in range(glyphs.left, glyphs.right)
                for y in range(glyphs.top, glyphs.bottom) if image.get_at((x, y))[3] >= 128}
    box = glyphs.move(left, top)
    around = pixels(surface, box.inflate(8, 8))
    counts = Counter(c for _, _, c in around)
    far = [c for c, _ in counts.most_common() if sum(abs(a - b) for a, b in
                                                     zip(c, colour, strict=True)) > 90]
    if not far:
        raise ValueError(f"{key}: no background round {label.text!r}")
    background = far[0]
    area = box.inflate(2, 2)
    drawn = {(x, y) for x, y, c in around
             if area.collidepoint(x, y) and _share(c, background, colour) >= 0.5}
    if not drawn:
        raise ValueError(f"{key}: no ink of {label.text!r} on the screen")
    xs, ys = [x for x, _ in drawn], [y for _, y in drawn]
    ink = pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
    match = len(drawn & expected) / len(drawn | expected)
    # The solid inside of the glyphs: the ink colour nearest the text colour.
    solid = min((c for x, y, c in around if (x, y) in drawn),
                key=lambda c: sum(abs(a - b) for a, b in zip(c, colour, strict=True)))
    if cap_run(label.text):
        cap, how = ink.height, "ink"
    else:
        h = text.render("H", label.size, (255, 255, 255), label.bold, False)
        cap, how = h.get_bounding_rect(min_alpha=128).height, "size"
    return Measure(key, label.kind, label.text, cap, how, contrast(solid, background), solid,
                   background, ink, match)


def measure(surface: pygame.Surface, scene: object) -> list[Measure]:
    """Every line of text the scene drew last, measured on `surface`."""
    labels = scene.labels  # type: ignore[attr-defined]
    return [measure_label(surface, key, label, scene.text, scene.rtl)  # type: ignore[attr-defined]
            for key, label in sorted(labels.items())]


def outside_safe(surface: pygame.Surface, safe: pygame.Rect, background: RGB) -> int:
    """How many pixels outside `safe` are not the background colour."""
    w, h = surface.get_size()
    data = pygame.image.tobytes(surface, "RGB")
    bg = bytes(background)
    wrong = 0
    for y in range(h):
        row = data[3 * w * y: 3 * w * (y + 1)]
        spans = [(0, w)] if not safe.top <= y < safe.bottom else [(0, safe.left),
                                                                   (safe.right, w)]
        for a, b in spans:
            part = row[3 * a: 3 * b]
            if part != bg * (b - a):
                wrong += sum(1 for i in range(b - a) if part[3 * i: 3 * i + 3] != bg)
    return wrong


def drawn_box(surface: pygame.Surface, background: RGB) -> pygame.Rect:
    """The smallest rectangle holding every pixel that is not the background colour."""
    mask = pygame.mask.from_threshold(surface, (*background, 255), (1, 1, 1, 255))
    mask.invert()
    rects = mask.get_bounding_rects()
    return rects[0].unionall(rects[1:]) if rects else pygame.Rect(0, 0, 0, 0)


def table_scene(lang: str, seed: int = SEED) -> object:
    """The Bidel table as the kiosk starts it headless: a hand under way, South to play."""
    from kiosk.games.hearts import HeartsConfig, hearts_scene, mid_hand
    from kiosk.i18n import Translator
    from kiosk.text import TextRenderer

    tr = Translator(lang)
    scene = hearts_scene(TextRenderer(rtl=tr.rtl), tr, HeartsConfig(), seed=seed)
    scene.fast_forward(mid_hand)
    return scene


def draw(scene: object, size: tuple[int, int], now: float = 1.0) -> pygame.Surface:
    """A full frame of the scene at `size`."""
    surface = pygame.Surface(size)
    scene.update(now)  # type: ignore[attr-defined]
    scene.invalidate()  # type: ignore[attr-defined]
    scene.draw(surface, now)  # type: ignore[attr-defined]
    return surface


def summary(measures: list[Measure]) -> list[str]:
    """A line per kind of text: how many lines, the smallest cap height and contrast."""
    out = []
    kinds = sorted({m.kind for m in measures})
    for kind in kinds:
        group = [m for m in measures if m.kind == kind]
        caps = []
        for how in ("ink", "size"):
            some = [m for m in group if m.how == how]
            if some:
                low = min(some, key=lambda m: m.cap)
                caps.append(f"{how} {len(some)}: ≥ {low.cap} px ({low.text!r})")
        low_con = min(group, key=lambda m: m.contrast)
        target = NUMBER_TARGET if kind in NUMBER_KINDS else CONTRAST_TARGET
        out.append(f"  {kind:<12} {len(group):>2} lines; cap height {'; '.join(caps)}; "
                   f"contrast ≥ {low_con.contrast:.2f}:1 ({low_con.text!r}: "
                   f"{low_con.text_colour} on {low_con.background}; target {target}:1)")
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs")
    parser.add_argument("--size", default="1920x1080")
    args = parser.parse_args()
    size = tuple(int(v) for v in args.size.split("x"))
    assert len(size) == 2
    pygame.display.init()
    pygame.font.init()
    from kiosk import theme

    args.out.mkdir(parents=True, exist_ok=True)
    ok = True
    for lang, name in (("en", "hearts.png"), ("fa", "hearts-fa.png")):
        scene = table_scene(lang)
        surface = draw(scene, size)
        pygame.image.save(surface, args.out / name)
        layout = scene._layout  # type: ignore[attr-defined]
        safe = layout.safe
        measures = measure(surface, scene)
        stray = outside_safe(surface, safe, theme.BACKGROUND)
        box = drawn_box(surface, theme.BACKGROUND)
        print(f"{lang} {size[0]}x{size[1]}: {args.out / name}")
        print(f"  safe area {tuple(safe)}; everything drawn lies in {tuple(box)}; "
              f"pixels outside the safe area not background: {stray}")
        print("\n".join(summary(measures)))
        scale = size[1] / 1080
        for m in measures:
            target = NUMBER_TARGET if m.kind in NUMBER_KINDS else CONTRAST_TARGET
            if m.cap < CAP_TARGET * scale or m.contrast < target or m.match < MATCH:
                ok = False
                print(f"  BELOW TARGET: {m}")
        ok = ok and stray == 0
        if lang == "en":
            marked = surface.copy()
            pygame.draw.rect(marked, (255, 64, 160), safe, width=3)
            label = scene.text.render("5 % title-safe area", round(30 * scale),  # type: ignore
                                      (255, 64, 160), True, False)
            marked.blit(label, (safe.left + 8, safe.top - label.get_height()))
            pygame.image.save(marked, args.out / "hearts-safe-area.png")
            print(f"  safe area drawn on {args.out / 'hearts-safe-area.png'}")
    pygame.quit()
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

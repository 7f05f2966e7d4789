"""The verdict card, read from 3 m: screenshots of a valid claim and its contrast figures.

Run with ``make screenshots`` or
``.venv/bin/python benchmarks/verdict_contrast.py [--out docs] [--size 1920x1080]``.

Builds the real caller screen (`CallerScene`) with a real `CallerController` on SDL's
dummy video driver, plays a seeded hand until a ticket completes a line, claims it
through the scene's keys (C, the serial, Enter), draws the verdict, saves
``verdict-<lang>.png`` for English and Persian, and prints the WCAG contrast of each
kind of number on the card, measured from the drawn pixels: in each cell the
background is the commonest colour and the text the commonest other colour.
Target (DESIGN §3b): marked numbers, the last number and the winning row ≥ 7:1.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.shots import headless  # noqa: E402

headless()
import pygame  # noqa: E402

from engines.debarna.options import HandOptions, Stage  # noqa: E402
from engines.debarna.strips import make_strips  # noqa: E402
from kiosk.config import Action  # noqa: E402
from kiosk.games.debarna.caller import CallerController, box_tickets  # noqa: E402
from kiosk.games.debarna.scene import CallerScene  # noqa: E402
from kiosk.i18n import Translator  # noqa: E402
from kiosk.text import TextRenderer  # noqa: E402
from kiosk.theme import contrast, luminance  # noqa: E402,F401  (WCAG 2; tests take them here)

RGB = tuple[int, int, int]
TARGET = 7.0
SEED = 11
STRIPS = 4




def colours(surface: pygame.Surface, rect: pygame.Rect) -> Counter[RGB]:
    """How many pixels of each colour lie inside `rect`."""
    data = pygame.image.tobytes(surface.subsurface(rect), "RGB")
    counts = Counter(data[i : i + 3] for i in range(0, len(data), 3))
    return Counter({(c[0], c[1], c[2]): n for c, n in counts.items()})


def ink_height(surface: pygame.Surface, rect: pygame.Rect, colour: RGB) -> int:
    """How many pixel rows of `rect` hold `colour`, from the first to the last."""
    rows = [y for y in range(rect.top, rect.bottom)
            if any(tuple(surface.get_at((x, y)))[:3] == colour
                   for x in range(rect.left, rect.right))]
    return rows[-1] - rows[0] + 1 if rows else 0


def text_and_background(surface: pygame.Surface, rect: pygame.Rect) -> tuple[RGB, RGB]:
    """The text colour and the background colour of the text drawn inside `rect`.

    The background is the commonest colour; the text is the commonest of the others
    (the solid inside of the glyphs: the anti-aliased edges are spread over many shades).
    """
    counts = colours(surface, rect)
    (background, _), *others = counts.most_common()
    if not others:
        raise ValueError(f"no text inside {rect}: one colour only")
    return others[0][0], background


def text_area(cell: pygame.Rect) -> pygame.Rect:
    """The middle of a card cell: inside its disc or frame, where the digits are."""
    side = round(min(cell.size) * 0.6)
    area = pygame.Rect(0, 0, side, side)
    area.center = cell.center
    return area


@dataclass
class Figures:
    """Contrast ratios (text against its background) by kind, measured from pixels."""

    marked: list[float] = field(default_factory=list)  # called, not the last
    last: list[float] = field(default_factory=list)
    winning_row: list[float] = field(default_factory=list)
    uncalled: list[float] = field(default_factory=list)
    headline: float = 0.0
    serial: float = 0.0
    digit_height: int = 0  # the shortest number's ink on the card, in pixels
    backgrounds: dict[str, set[RGB]] = field(default_factory=dict)  # kind → cell colours


def measure(surface: pygame.Surface, scene: CallerScene) -> Figures:
    """The contrast of every number on the verdict card, read back from `surface`."""
    drawn = scene.verdict_drawn
    result = scene.controller.result
    if drawn is None or result is None:
        raise ValueError("no verdict on screen")
    figures = Figures()
    in_band = {n for n, cell in drawn.cells.items()
               if any(band.contains(cell) for band in drawn.bands.values())}
    for number, cell in drawn.cells.items():
        text, background = text_and_background(surface, text_area(cell))
        ratio = contrast(text, background)
        if number == result.last:
            kind = "last"
        elif number in result.called:
            kind = "marked"
        else:
            kind = "uncalled"
        getattr(figures, kind).append(ratio)
        height = ink_height(surface, text_area(cell), text)
        figures.digit_height = min(figures.digit_height or height, height)
        figures.backgrounds.setdefault(kind, set()).add(background)
        if number in in_band:
            figures.winning_row.append(ratio)
    if drawn.banner is not None:
        figures.headline = contrast(*text_and_background(surface, drawn.banner))
    if drawn.serial is not None:
        figures.serial = contrast(*text_and_background(surface, drawn.serial))
    return figures


def band_share(surface: pygame.Surface, band: pygame.Rect, colour: RGB) -> float:
    """The share of a row's band drawn in `colour`."""
    counts = colours(surface, band)
    return counts[colour] / (band.width * band.height)


def play_to(controller: CallerController, stage: Stage, now: float = 0.0) -> tuple[str, float]:
    """Call numbers until a ticket completes `stage` on the last number; the earlier
    main stages are claimed on the way. Returns that ticket's serial and the time."""
    hand = controller.hand
    assert hand is not None
    while True:
        now += 1.0
        if controller.call_next(now) is None:
            raise RuntimeError(f"the hand ended before anyone had the {stage}")
        reached = hand.reached_on_last()
        if stage in reached:
            return reached[stage][0], now
        for earlier, serials in reached.items():
            if earlier in controller.options.main_stages:
                controller.claim(serials[0], earlier)


def verdict_screen(
    lang: str, size: tuple[int, int] = (1920, 1080), seed: int = SEED,
    stage: Stage = Stage.LINE,
) -> tuple[pygame.Surface, CallerScene, str]:
    """The caller screen showing a valid claim for `stage`, claimed through the keys.

    pygame's display must be initialised. Returns the screen, the scene and the serial.
    """
    screen = pygame.display.set_mode(size)
    tickets = box_tickets(make_strips(STRIPS, random.Random(seed)))
    controller = CallerController(tickets, HandOptions(), rhythm=4.0, rng=random.Random(seed))
    controller.start_hand(0.0)
    tr = Translator(lang)
    scene = CallerScene(controller, TextRenderer(rtl=tr.rtl), tr)
    scene.draw(screen, 0.0)
    serial, now = play_to(controller, stage)
    scene.draw(screen, now)
    scene.handle(Action.CLAIM, "c", now)
    for ch in serial:
        scene.handle(None, ch, now)
    scene.draw(screen, now)
    scene.handle(Action.SELECT, "\r", now)
    result = controller.result
    if result is None or not result.valid:
        raise RuntimeError(f"the claim for {serial} was not valid: {result}")
    scene.draw(screen, now)
    return screen, scene, serial


def _low(values: list[float]) -> str:
    return f"{min(values):5.2f}:1 (lowest of {len(values)})" if values else "  none"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs",
                        help="folder for verdict-en.png and verdict-fa.png")
    parser.add_argument("--size", default="1920x1080", help="screen size, WxH")
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args()
    width, height = (int(v) for v in args.size.lower().split("x"))
    pygame.display.init()
    pygame.font.init()
    worst = 21.0
    try:
        for lang in ("en", "fa"):
            screen, scene, serial = verdict_screen(lang, (width, height), args.seed)
            path = args.out / f"verdict-{lang}.png"
            pygame.image.save(screen, str(path))
            f = measure(screen, scene)
            print(f"{path}  ({lang}, {width}×{height}, ticket {serial}, a valid Line)")
            print(f"  marked numbers  {_low(f.marked)}")
            print(f"  last number     {_low(f.last)}")
            print(f"  winning row     {_low(f.winning_row)}")
            print(f"  uncalled        {_low(f.uncalled)}")
            print(f"  headline        {f.headline:5.2f}:1")
            print(f"  serial          {f.serial:5.2f}:1")
            print(f"  the card's numbers stand {f.digit_height} px tall (target ≥ 28 at 1080p)")
            worst = min(worst, *f.marked, *f.last, *f.winning_row)
    finally:
        pygame.quit()
    verdict = "meets" if worst >= TARGET else "MISSES"
    print(f"lowest of marked, last and winning row: {worst:.2f}:1 — {verdict} the "
          f"{TARGET:g}:1 target")
    return 0 if worst >= TARGET else 1


if __name__ == "__main__":
    sys.exit(main())

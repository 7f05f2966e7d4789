"""Screenshots of the caller screen for the README, in English and in Persian: a hand
under way, the board of called numbers, the last number in the ball, the last calls and
the count of numbers called.

Run with ``make screenshots`` or
``.venv/bin/python benchmarks/caller_shot.py [--out docs] [--size 1920x1080]``.

The scene is the kiosk's own: the caller controller the headless kiosk builds
(`kiosk.app.build_controller`: the config's stand-in box of tickets and its hand rules,
seed 7, a call every 0.05 s, no voice) and the real `CallerScene`, on SDL's dummy driver.
The hand starts at once, as a headless kiosk starts it, and runs for 65 frames (2.17 s,
a third of the way from a call to the next) on a clock stepped at the kiosk's 30 frames
a second, so the same numbers are called, in the same order, every time. Saved as
full-colour PNGs, as the kiosk's ``--screenshot`` saves them: docs/caller-en.png and
docs/caller-fa.png.
"""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.shots import both_languages, headless, run_clock  # noqa: E402

headless()
import pygame  # noqa: E402

from kiosk.app import KioskOptions, build_controller  # noqa: E402
from kiosk.config import Config  # noqa: E402
from kiosk.games.debarna.scene import CallerScene  # noqa: E402
from kiosk.i18n import set_language  # noqa: E402
from kiosk.text import TextRenderer  # noqa: E402

SEED = 7
RHYTHM = 0.05  # seconds between two calls (the fastest a headless kiosk allows)
SECONDS = 65 / 30  # how long the hand has run (65 frames): a third of the way to a call


def caller_picture(lang: str, size: tuple[int, int]) -> pygame.Surface:
    """The caller screen `SECONDS` into a hand started at once, in `lang`."""
    config = Config()
    config = replace(config, voice=replace(config.voice, enabled=False))
    options = KioskOptions(headless=True, lang=lang, seed=SEED, rhythm=RHYTHM)
    controller = build_controller(config, options)
    tr = set_language(lang, config.display.persian_digits)
    scene = CallerScene(controller, TextRenderer(rtl=tr.rtl), tr)
    controller.start_hand(0.0)
    now = run_clock(scene, 0.0, SECONDS)
    screen = pygame.Surface(size)
    scene.draw(screen, now)
    print(f"{lang}: {len(controller.called)} numbers called, the last {controller.last}, "
          f"{controller.countdown(now):.2f} of the wait to the next one to go")
    return screen


def main() -> int:
    return both_languages(__doc__.splitlines()[0], str(ROOT / "docs"), caller_picture, "caller")


if __name__ == "__main__":
    sys.exit(main())

"""Screenshots of Dabernā's check-in panel for the README, in English and in Persian: the
twelve tickets of two strips in play, listed by strip in the order they came in, and the
next strip being typed as a range.

Run with ``make screenshots`` or
``.venv/bin/python benchmarks/checkin_shot.py [--out docs] [--size 1920x1080]``.

The scene is the kiosk's own: the caller controller a kiosk with a host builds
(`kiosk.app.build_controller`: the config's stand-in box of tickets, B001 to B008, and
its hand rules, seed 7, no voice, no journal) and the real `CallerScene`, on SDL's dummy
driver. A hand is dealt, so it starts with its check-in, and the host's keys go to the
scene as the kiosk hands them on: "B001-1" and Enter, Enter for the strip's other five,
the same for B002, then "B003-1..6" typed, not yet entered, a second after the last
Enter. Saved as full-colour PNGs, as the kiosk's ``--screenshot`` saves them:
docs/checkin-en.png and docs/checkin-fa.png.
"""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.shots import both_languages, headless  # noqa: E402

headless()
import pygame  # noqa: E402

from kiosk.app import KioskOptions, build_controller  # noqa: E402
from kiosk.config import Action, Config  # noqa: E402
from kiosk.games.debarna.scene import CallerScene  # noqa: E402
from kiosk.i18n import set_language  # noqa: E402
from kiosk.text import TextRenderer  # noqa: E402

SEED = 7
KEYS = {"\r": Action.SELECT}


def checkin_picture(lang: str, size: tuple[int, int]) -> pygame.Surface:
    """The check-in panel with two strips in and a range being typed, in `lang`."""
    config = Config()
    config = replace(config, voice=replace(config.voice, enabled=False))
    controller = build_controller(config, KioskOptions(lang=lang, seed=SEED))
    tr = set_language(lang, config.display.persian_digits)
    scene = CallerScene(controller, TextRenderer(rtl=tr.rtl), tr)
    controller.new_hand(0.0)
    now = 0.0
    for typed in ("B001-1\r", "\r", "B002-1\r", "\r"):
        for char in typed:
            now += 0.3
            scene.handle(KEYS.get(char), char, now)
    for char in "B003-1..6":
        scene.handle(None, char, now + 1.0)
    scene.update(now + 1.0)
    screen = pygame.Surface(size)
    scene.draw(screen, now + 1.0)
    print(f"{lang}: {controller.in_play} tickets in play "
          f"({', '.join(t.serial for t in controller.checkin_list())}), "
          f"typed {controller.checkin_text!r}")
    return screen


def main() -> int:
    return both_languages(__doc__.splitlines()[0], str(ROOT / "docs"), checkin_picture, "checkin")


if __name__ == "__main__":
    sys.exit(main())

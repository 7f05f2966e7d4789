"""Screenshots of two tables as a headless kiosk shows them, for the README: Takhteh Nard's
demo (the computer playing itself, mid-game) and a Bidel hand under way against the
computer.

Run with ``make screenshots`` or
``.venv/bin/python benchmarks/demo_shot.py [--out docs] [--size 1920x1080]``.

Each table is made by its game's hosting module as the kiosk makes it (`make_scene` with
the kiosk's default config, no voice) and set going by the module's headless `demo`, as
``debarna kiosk --headless --game <key>`` does: Takhteh Nard's demo match (seed 3) 56 s
in, mid-game (the cube turned, two checkers on the bar, a double just played), and Bidel
(seed 5) fast-forwarded to South's turn well into a hand, 0.5 s later. The computers
think on the thread that draws, when their move is due (no thinking processes), and the
clock steps at the kiosk's 30 frames a second, so each picture is the same every time.
Saved as full-colour PNGs, as the kiosk's ``--screenshot`` saves them: docs/backgammon.png
and docs/hearts.png.
"""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.shots import headless, run_clock, save_screen, shot_arguments  # noqa: E402

headless()
import pygame  # noqa: E402

from kiosk.config import Config  # noqa: E402
from kiosk.games import Host, hosting  # noqa: E402
from kiosk.i18n import set_language  # noqa: E402
from kiosk.text import TextRenderer  # noqa: E402

# game key, seed, seconds run after the demo starts, file name
SHOTS = (("backgammon", 3, 56.0, "backgammon.png"), ("hearts", 5, 0.5, "hearts.png"))


def demo_picture(key: str, seed: int, seconds: float, size: tuple[int, int],
                 lang: str = "en") -> pygame.Surface:
    """Game `key`'s table `seconds` after its headless demo started, in `lang`."""
    config = Config()
    config = replace(config, voice=replace(config.voice, enabled=False))
    tr = set_language(lang, config.display.persian_digits)
    host = Host(TextRenderer(rtl=tr.rtl), tr, config, seed, keys=config.keys)
    own: Any = hosting(key)
    scene = own.make_scene(host, None)
    entered = getattr(scene, "entered", None)
    if entered is not None:  # a card table's turn clock counts from its showing
        entered(0.0)
    own.demo(scene, host)
    now = run_clock(scene, 0.0, seconds)
    screen = pygame.Surface(size)
    scene.draw(screen, now)
    return screen


def main() -> int:
    args, size = shot_arguments(__doc__.splitlines()[0], str(ROOT / "docs"),
                                "the folder to save in")
    pygame.display.init()
    pygame.font.init()
    try:
        for key, seed, seconds, name in SHOTS:
            save_screen(demo_picture(key, seed, seconds, size), Path(args.out) / name)
    finally:
        pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())

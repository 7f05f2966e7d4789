"""The start-up shared by the scripts that draw the kiosk's screens without a screen (the
README's screenshots, the readability and contrast measurements): SDL's dummy video and
audio drivers, and no pygame greeting. `headless()` must run before pygame is imported;
a setting already in the environment (a real display, say) is kept. The screenshot
scripts also share their command line (`shot_arguments`), a fixed clock stepped at the
kiosk's frame rate (`run_clock`), drawing a table scene (`table_picture`) and saving it
(`save_shot`, or `save_screen` in full colour as the kiosk's ``--screenshot`` saves it);
these import pygame only when called.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import Any


def headless() -> None:
    """Draw into memory and play no sound, unless the environment says otherwise."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def shot_arguments(description: str, out: str, out_help: str | None = None
                   ) -> tuple[argparse.Namespace, tuple[int, int]]:
    """The command line of a screenshot script: ``--out`` (default `out`) and ``--size
    WIDTHxHEIGHT`` (1920x1080); the arguments and the size as (width, height)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--out", default=out, help=out_help)
    parser.add_argument("--size", default="1920x1080", help="WIDTHxHEIGHT")
    args = parser.parse_args()
    width, height = (int(v) for v in args.size.lower().split("x"))
    return args, (width, height)


def run_clock(scene: Any, start: float, seconds: float, fps: int = 30) -> float:
    """`scene` brought from `start` through `seconds`, updated `fps` times a second as the
    kiosk's frames update it, on a clock that steps by 1/`fps` whatever the real time
    (the same run gives the same screen); returns the time reached."""
    frames = round(seconds * fps)
    for frame in range(1, frames + 1):
        scene.update(start + frame / fps)
    return start + frames / fps


def table_picture(scene: Any, size: tuple[int, int], now: float = 1000.0) -> Any:
    """A table scene brought up to `now` and drawn on a new surface of `size`."""
    import pygame

    screen = pygame.Surface(size)
    scene.update(now)
    scene.draw(screen, now)
    return screen


def save_screen(screen: Any, out: Path) -> None:
    """Save `screen` as a full-colour PNG at `out` (its folder made if need be), as the
    kiosk's ``--screenshot`` saves the screen."""
    import pygame

    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(screen, str(out))
    print(f"saved {out}")


def save_shot(screen: Any, out: Path) -> None:
    """Save `screen` as a 256-colour PNG at `out` (its folder made if need be)."""
    from benchmarks.cards_sheet import save_small

    out.parent.mkdir(parents=True, exist_ok=True)
    save_small(screen, out)
    print(f"saved {out}")


def both_languages(description: str, out: str, picture: Any, name: str) -> int:
    """A screenshot script's `main` for a screen in English and Persian: its command line
    (`shot_arguments`), then `picture(lang, size)` saved as ``<out>/<name>-<lang>.png``."""
    import pygame

    args, size = shot_arguments(description, out, "the folder to save in")
    pygame.display.init()
    pygame.font.init()
    try:
        for lang in ("en", "fa"):
            save_screen(picture(lang, size), Path(args.out) / f"{name}-{lang}.png")
    finally:
        pygame.quit()
    return 0

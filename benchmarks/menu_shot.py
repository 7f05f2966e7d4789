"""The Takhteh Nard modes menu as the kiosk draws it, in English and in Persian.

Run with ``.venv/bin/python benchmarks/menu_shot.py [--out docs] [--size 1920x1080]``.

Builds the real Takhteh Nard screen (`kiosk.games.backgammon.backgammon_scene`, seed 3, the
registry's defaults: a classic 5-point match with the cube), opens its modes menu (H)
and saves ``backgammon-menu-en.png`` and ``backgammon-menu-fa.png``: the ways to play,
then the rule variants (scoring, the cube, the match length, the Crawford and Jacoby
rules). It prints each menu row as shown, so the words can be checked against the
picture.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from kiosk.config import Action  # noqa: E402
from kiosk.games.backgammon import backgammon_scene  # noqa: E402
from kiosk.i18n import Translator  # noqa: E402
from kiosk.text import TextRenderer  # noqa: E402


def shoot(lang: str, size: tuple[int, int], out: Path) -> Path:
    tr = Translator(lang)
    scene = backgammon_scene(TextRenderer(rtl=tr.rtl), tr, seed=3)
    scene.update(0.0)
    scene.handle(Action.NEW_HAND, "", 0.0)  # the modes menu
    surface = pygame.Surface(size)
    scene.draw(surface, 0.0)
    path = out / f"backgammon-menu-{lang}.png"
    pygame.image.save(surface, str(path))
    print(f"{path}:")
    for line in scene.menu_lines():
        print(f"  {line}")
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs")
    parser.add_argument("--size", default="1920x1080")
    args = parser.parse_args()
    width, height = (int(n) for n in args.size.split("x"))
    pygame.display.init()
    pygame.font.init()
    args.out.mkdir(parents=True, exist_ok=True)
    for lang in ("en", "fa"):
        shoot(lang, (width, height), args.out)
    pygame.quit()


if __name__ == "__main__":
    main()

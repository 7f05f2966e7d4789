"""The Takhteh Nard modes menu, hint and IDs as the kiosk draws them, in English and Persian.

Run with ``.venv/bin/python benchmarks/menu_shot.py [--out docs] [--size 1920x1080]``.

Builds the real Takhteh Nard screen (`kiosk.games.backgammon.backgammon_scene`, seed 3, the
registry's defaults: a classic 5-point match with the cube) and saves, as 256-colour PNGs:

- ``backgammon-menu-{en,fa}.png``: its modes menu (H): the ways to play, then the rule
  variants (scoring, the cube, the match length, the Crawford and Jacoby rules);
- ``backgammon-hint-{en,fa}.png``: against the expert (GNU Backgammon at the kiosk's ply,
  2 unless $DEBARNA_GNUBG_PLY says otherwise; the hard computer when gnubg is not
  installed), a middle-game position set up from its XGID (typed into the IDs field as a
  scanner types) with a roll to play, and the hint (?): the three best plays with their
  equities and winning chances;
- ``backgammon-ids-{en,fa}.png``: the IDs (I) of that position, with a Match ID typed short
  and refused.

It prints each menu row, the hint and the IDs as shown, so the words can be checked
against the pictures.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.shots import headless  # noqa: E402

headless()
import pygame  # noqa: E402

from kiosk.config import Action  # noqa: E402
from kiosk.games.backgammon import backgammon_scene  # noqa: E402
from kiosk.games.backgammon.gnubg import why_unavailable  # noqa: E402
from kiosk.games.backgammon.scene import BackgammonScene  # noqa: E402
from kiosk.i18n import Translator  # noqa: E402
from kiosk.text import TextRenderer  # noqa: E402

# A middle game of a 5-point match (from a seeded self-play of the medium computer):
# Light to play 5-1, the cube on 2 in Dark's hands.
POSITION = "XGID=-b--B-D-C--BcB--Bc-baaaaa-:1:-1:1:51:0:0:0:5:10"


def save_small(surface: pygame.Surface, path: Path) -> None:
    """A 256-colour PNG: the same to the eye, about a third of pygame's full-colour file."""
    from PIL import Image

    image = Image.frombytes("RGB", surface.get_size(), pygame.image.tobytes(surface, "RGB"))
    image.quantize(256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).save(
        path, optimize=True)


def _frame(scene: BackgammonScene, size: tuple[int, int], path: Path) -> None:
    surface = pygame.Surface(size)
    scene.invalidate()
    scene.draw(surface, 0.0)
    save_small(surface, path)
    print(f"{path}:")


def shoot(lang: str, size: tuple[int, int], out: Path) -> Path:
    tr = Translator(lang)
    scene = backgammon_scene(TextRenderer(rtl=tr.rtl), tr, seed=3)
    scene.update(0.0)
    scene.handle(Action.NEW_HAND, "", 0.0)  # the modes menu
    path = out / f"backgammon-menu-{lang}.png"
    _frame(scene, size, path)
    for line in scene.menu_lines():
        print(f"  {line}")
    return path


def shoot_tools(lang: str, size: tuple[int, int], out: Path) -> None:
    tr = Translator(lang)
    scene = backgammon_scene(TextRenderer(rtl=tr.rtl), tr, seed=3,
                             mode="expert" if why_unavailable() is None else "hard")
    scene.update(0.0)
    scene.handle(None, "i", 0.0)
    for char in POSITION:  # typed as a scanner types it
        scene.handle(None, char, 0.0)
    scene.handle(Action.SELECT, "\r", 0.0)
    assert scene.ids_good, scene.ids_message
    scene.handle(Action.BACK, "\x1b", 0.0)
    scene.handle(None, "?", 0.0)
    while scene.advice is None:
        scene.update(0.0)
    _frame(scene, size, out / f"backgammon-hint-{lang}.png")
    print(f"  {scene.advice_title()}")
    for row in scene.advice_lines():
        print("  " + "   ".join(cell for cell in row if cell))
    scene.handle(None, "?", 0.0)
    scene.handle(None, "i", 0.0)
    position, match, xgid = scene.ids() or ("", "", "")
    for char in f"{position}:{match[:3]}":
        scene.handle(None, char, 0.0)
    scene.handle(Action.SELECT, "\r", 0.0)
    _frame(scene, size, out / f"backgammon-ids-{lang}.png")
    print(f"  {position}:{match}  {xgid}")
    print(f"  {scene.ids_message}")


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
        shoot_tools(lang, (width, height), args.out)
    pygame.quit()


if __name__ == "__main__":
    main()

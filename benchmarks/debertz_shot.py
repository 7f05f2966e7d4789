"""Screenshots of the Debertz table for the README: a 2-player and a 4-player deal under
way, in Persian and in English, drawn headless at 1920×1080 (SDL's dummy driver).

Each picture is a person (South) against computers of medium level, South to play onto
a trick, with the turned card, the trumps and, where the deal has them, the declarations
on the felt. The deal is the first of a fixed series of seeds that shows a declaration
(else the first). Saved as 256-colour PNGs (`benchmarks.cards_sheet.save_small`):
docs/debertz-<players>-<lang>.png.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.shots import headless, save_shot, shot_arguments, table_picture  # noqa: E402

headless()
import pygame  # noqa: E402

from engines.debertz.options import DebertzOptions  # noqa: E402
from engines.debertz.rules import GameState, Phase  # noqa: E402
from kiosk.config import Config  # noqa: E402
from kiosk.games.debertz import debertz_scene  # noqa: E402
from kiosk.i18n import Translator  # noqa: E402
from kiosk.scenes.debertz import DebertzScene  # noqa: E402
from kiosk.text import TextRenderer  # noqa: E402

SEEDS = range(1, 40)


def under_way(state: GameState) -> bool:
    """South to play onto a trick of one card or more, a trick or two already taken."""
    return state.phase is Phase.PLAY and state.turn == 0 and len(state.trick) >= 1 \
        and 1 <= len(state.tricks) <= 4


def shown(state: GameState) -> bool:
    return under_way(state) and bool(state.declared or state.bella is not None)


def scene_at(players: int, lang: str, seed: int, done: object) -> DebertzScene:
    tr = Translator(lang)
    scene = debertz_scene(TextRenderer(rtl=tr.rtl), tr, Config().section("debertz"), seed,
                          mode="medium", options=DebertzOptions(players=players))
    scene.fast_forward(done, limit=400)  # type: ignore[arg-type]
    return scene


def picture(players: int, lang: str, size: tuple[int, int]) -> pygame.Surface:
    """The table at the first seed whose deal shows a declaration (else a deal under way)."""
    scene = None
    for seed in SEEDS:
        scene = scene_at(players, lang, seed, shown)
        if shown(scene.state):
            break
    else:
        scene = scene_at(players, lang, SEEDS[0], under_way)
    return table_picture(scene, size)


def main() -> int:
    args, (width, height) = shot_arguments(__doc__.splitlines()[0], str(ROOT / "docs"),
                                           "the folder to save in")
    pygame.display.init()
    pygame.font.init()
    try:
        for players in (2, 4):
            for lang in ("en", "fa"):
                out = Path(args.out) / f"debertz-{players}-{lang}.png"
                save_shot(picture(players, lang, (width, height)), out)
    finally:
        pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())

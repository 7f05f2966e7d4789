"""Screenshots of the Debertz table for the README: a 2-player and a 4-player deal under
way, and a deal's score sheet with a run and bella scored, in Persian and in English,
drawn headless at 1920×1080 (SDL's dummy driver).

Each picture is a person (South) against computers of medium level, South to play onto
a trick, with the turned card, the trumps and, where the deal has them, the declarations
on the felt. The deal is the first of a fixed series of seeds that shows a declaration
(else the first). The score sheet is that of the first deal of the series, computers at
all three seats, in which a run and bella scored: the sheet names the run, whose it was and
whose bella. Saved as 256-colour PNGs (`benchmarks.cards_sheet.save_small`):
docs/debertz-<players>-<lang>.png and docs/debertz-sheet-<lang>.png.
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
from kiosk.games.debertz import HOSTING  # noqa: E402
from kiosk.games.debertz.scene import DebertzScene  # noqa: E402
from kiosk.i18n import Translator  # noqa: E402
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
    scene = HOSTING.scene(TextRenderer(rtl=tr.rtl), tr, Config().section("debertz"), seed,
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


def declared(state: GameState) -> bool:
    """In play, with bella announced and a run declared that scores for its side."""
    return state.phase is Phase.PLAY and state.bella is not None and bool(state.declared) \
        and state.view(0).runs_side is not None


def sheet_picture(players: int, lang: str, size: tuple[int, int]) -> pygame.Surface:
    """The table stopped for the score of the first deal of the series in which a run and
    bella scored, computers at every seat."""
    for seed in SEEDS:
        tr = Translator(lang)
        scene = HOSTING.scene(TextRenderer(rtl=tr.rtl), tr, Config().section("debertz"), seed,
                              mode="demo", options=DebertzOptions(players=players))
        scene.fast_forward(declared, limit=2000)  # type: ignore[arg-type]
        if not declared(scene.state):
            continue
        t = 0.0
        while not scene.table_open and t < 2000.0:  # the deal played out at the table's pace
            t += 0.25
            scene.update(t)
        result = scene.state.results[-1] if scene.state.results else None
        if scene.table_open and result is not None and result.runs \
                and result.bella is not None and result.declarer is not None:
            screen = pygame.Surface(size)
            scene.draw(screen, t)
            return screen
    raise SystemExit("no deal of the series scored a run and bella")


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
        for lang in ("en", "fa"):
            save_shot(sheet_picture(3, lang, (width, height)),
                      Path(args.out) / f"debertz-sheet-{lang}.png")
    finally:
        pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())

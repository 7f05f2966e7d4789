"""Screenshots of the Dobbm table for the README: a 4-player and a 5-player hand under way,
the doubling at 5 seats and a hand's payment breakdown, in Persian and in English, drawn
headless at 1920×1080 (SDL's dummy driver).

Each picture is a person (South) against computers of medium level. A hand under way is
South to play onto a trick, a trick or two taken, at the first of a fixed series of seeds
whose hand was doubled or is a Solo (else the first); at 5 seats South is not the dealer
sitting out. The doubling is South's call at 5 seats after a defender's Schwacher (else
South's first call of the doubling), the contract box saying what the hand is worth.
The payments are those of the first hand of the series played to its end doubled
or in a Solo (else any played hand), the score sheet as the table shows it. Saved as
256-colour PNGs (`benchmarks.cards_sheet.save_small`): docs/dobbm-4-<lang>.png,
docs/dobbm-5-<lang>.png, docs/dobbm-double-5-<lang>.png and docs/dobbm-pay-<lang>.png.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.shots import headless, save_shot, shot_arguments, table_picture  # noqa: E402

headless()
import pygame  # noqa: E402

from engines.dobbm.options import DobbmOptions  # noqa: E402
from engines.dobbm.rules import Contract, GameState, Phase  # noqa: E402
from kiosk.config import Config  # noqa: E402
from kiosk.games.dobbm import HOSTING  # noqa: E402
from kiosk.games.dobbm.scene import DobbmScene  # noqa: E402
from kiosk.i18n import Translator  # noqa: E402
from kiosk.text import TextRenderer  # noqa: E402

SEEDS = range(1, 120)


def under_way(state: GameState) -> bool:
    """South to play onto a trick of one card or more, a trick or two already taken."""
    return state.phase is Phase.PLAY and state.turn == 0 and len(state.trick) >= 1 \
        and 1 <= len(state.tricks) <= 3


def raised(state: GameState) -> bool:
    """A hand worth more than a plain Dobbm: doubled, or a Solo."""
    return state.doubles > 0 or state.contract is Contract.SOLO


def doubled(state: GameState) -> bool:
    return under_way(state) and raised(state)


def last_card(state: GameState) -> bool:
    """The last card of a hand is due (its payments come with it)."""
    return state.phase is Phase.PLAY and len(state.tricks) == 7 and len(state.trick) == 3


def scene_at(players: int, lang: str, seed: int, done: Callable[[GameState], bool]
             ) -> DobbmScene:
    tr = Translator(lang)
    scene = HOSTING.scene(TextRenderer(rtl=tr.rtl), tr, Config().section("dobbm"), seed,
                        mode="medium", options=DobbmOptions(players=players))
    scene.fast_forward(done, limit=600)  # type: ignore[arg-type]
    return scene


def first(players: int, lang: str, wanted: Callable[[GameState], bool],
          fallback: Callable[[GameState], bool]) -> DobbmScene:
    """The table at the first seed that gets to `wanted` (else to `fallback`)."""
    for seed in SEEDS:
        scene = scene_at(players, lang, seed, wanted)
        if wanted(scene.state):
            return scene
    return scene_at(players, lang, SEEDS[0], fallback)


def doubling(state: GameState) -> bool:
    """South to call in the doubling."""
    return state.phase is Phase.DOUBLE and state.turn == 0


def doubled_once(state: GameState) -> bool:
    """South to call in the doubling, a Schwacher said already."""
    return doubling(state) and state.doubles > 0


def doubling_picture(players: int, lang: str, size: tuple[int, int]) -> pygame.Surface:
    return table_picture(first(players, lang, doubled_once, doubling), size)


def hand_picture(players: int, lang: str, size: tuple[int, int]) -> pygame.Surface:
    scene = first(players, lang, doubled, under_way)
    return table_picture(scene, size)


def play_last_card(scene: DobbmScene) -> float:
    """The hand's last card, played by its player's computer (a stand-in for South), and
    the table run on until its sheet is up; returns the time reached."""
    state = scene.state
    seat = state.turn
    assert seat is not None
    bot = scene.table.bot(seat) or scene.table.bot_at("medium")
    scene.table.apply(bot.choose(state.view(seat), scene.table.rng), 990.0)
    t = 990.0
    while not scene.table_open and t < 1100.0:
        t += 0.25
        scene.update(t)
    return t


def payment_picture(players: int, lang: str, size: tuple[int, int]) -> pygame.Surface:
    """The sheet of the first hand of the series played out doubled or in a Solo and paid
    (not 60–60), else of the first hand played out."""
    def wanted(state: GameState) -> bool:
        return last_card(state) and raised(state) and not state.in_musrunde

    for seed in SEEDS:
        scene = scene_at(players, lang, seed, wanted)
        if not wanted(scene.state):
            continue
        t = play_last_card(scene)
        score = scene.state.results[-1].score
        if score is not None and score.winner is not None:
            break
    else:
        scene = scene_at(players, lang, SEEDS[0], last_card)
        t = play_last_card(scene)
    screen = pygame.Surface(size)
    scene.draw(screen, t)
    return screen


def main() -> int:
    args, (width, height) = shot_arguments(__doc__.splitlines()[0], str(ROOT / "docs"),
                                           "the folder to save in")
    pygame.display.init()
    pygame.font.init()
    try:
        for lang in ("en", "fa"):
            shots = {f"dobbm-{n}-{lang}.png": hand_picture(n, lang, (width, height))
                     for n in (4, 5)}
            shots[f"dobbm-double-5-{lang}.png"] = doubling_picture(5, lang, (width, height))
            shots[f"dobbm-pay-{lang}.png"] = payment_picture(4, lang, (width, height))
            for name, screen in shots.items():
                save_shot(screen, Path(args.out) / name)
    finally:
        pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Screenshots of Dabernā's prize pot for the README, in English and in Persian: a verdict
on a line shared by two cards, with what each card gets of the pot, and the hand-over
summary beside the night's ledger.

Run with ``.venv/bin/python benchmarks/pot_shot.py [--out docs] [--size 1920x1080]``.

The scene is the kiosk's own `CallerScene` over a real `CallerController` with a pot
(2,000 tomans a card, §8's shares) on SDL's dummy driver. Its calls are chosen (a bag
drawing given numbers first) so the same cards win every time: 14 cards in play, four
of them held by named players. Hand 1 is played to its full house; in hand 2 two cards
complete a line on the same number and share it (the verdict picture), then the hand
goes on to a full house, whose summary comes up by itself beside the night's ledger of
both hands (the ledger picture). Saved as full-colour PNGs: docs/debarna-pot-en.png,
docs/debarna-pot-fa.png, docs/debarna-pot-ledger-en.png, docs/debarna-pot-ledger-fa.png.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.shots import headless, save_screen, shot_arguments  # noqa: E402

headless()
import pygame  # noqa: E402

from engines.debarna.bag import Bag  # noqa: E402
from engines.debarna.options import HandOptions  # noqa: E402
from engines.debarna.strips import make_strips  # noqa: E402
from engines.debarna.ticket import Ticket, normalise_serial  # noqa: E402
from kiosk.config import PotConfig  # noqa: E402
from kiosk.games.debarna.caller import CallerController, box_tickets  # noqa: E402
from kiosk.games.debarna.scene import CallerScene  # noqa: E402
from kiosk.i18n import set_language  # noqa: E402
from kiosk.text import TextRenderer  # noqa: E402

STAKE = 2000
NAMES = {"en": ("Maryam", "Reza", "Sara", "Ali"), "fa": ("مریم", "رضا", "سارا", "علی")}


class ChosenBag(Bag):
    """A bag that draws `order` first, then at random (seeded)."""

    def __init__(self, order: Sequence[int]) -> None:
        super().__init__(random.Random(1))
        self._order = list(order)

    def draw(self) -> int:
        if not self._order:
            return super().draw()
        ball = self._order.pop(0)
        self._left.remove(ball)
        self._drawn.append(ball)
        return ball


def numbers(ticket: Ticket) -> list[list[int]]:
    return [[n for n in row if n is not None] for row in ticket.grid]


def night(lang: str) -> tuple[CallerController, Ticket, Ticket]:
    """A night's controller after hand 1, and hand 2's two line winners (its first cards
    with the same numbers under two serials)."""
    box = box_tickets(make_strips(2, random.Random(5)))
    first, second = box[0], box[6]
    twin = Ticket("003-1", second.grid)  # a card with the same numbers: a shared win
    tickets = [*box, twin, Ticket("003-2", first.grid)]
    c = CallerController(tickets, HandOptions(), rng=random.Random(3),
                         pot=PotConfig(True, STAKE))
    for serial, name in zip(("001-1", "002-1", "003-1", "001-2"), NAMES[lang], strict=True):
        c.holders[normalise_serial(serial)] = name
    now = 0.0
    c.start_hand(now)
    c.bag = ChosenBag([n for row in numbers(first) for n in row])
    for stage_calls in range(3):  # Line, Two lines, Full house: each on its fifth call
        for _ in range(5):
            now += 1
            c.call_next(now)
        for serial in ("001-1", "003-2"):
            c.open_claim(now)
            c.type_serial(serial if stage_calls != 0 else "001-1")
            c.check_claim(now)
        c.resume(now)
    c.update(now)
    c.start_hand(now + 1)  # hand 1 is in the night's ledger
    c.bag = ChosenBag([n for row in numbers(second) for n in row])
    return c, second, twin


def claim(c: CallerController, serials: Sequence[str], now: float) -> None:
    for serial in serials:
        c.open_claim(now)
        c.type_serial(serial)
        c.check_claim(now)


def pictures(lang: str, size: tuple[int, int]) -> tuple[pygame.Surface, pygame.Surface]:
    tr = set_language(lang)
    c, second, twin = night(lang)
    scene = CallerScene(c, TextRenderer(rtl=tr.rtl), tr)
    now = 100.0
    for _ in range(5):
        now += 1
        c.call_next(now)
    claim(c, [second.serial, twin.serial], now)  # the line, shared by two cards
    verdict = pygame.Surface(size)
    for _ in range(3):
        scene.draw(verdict, now)
    print(f"{lang}: verdict {scene.pot_verdict}")
    c.resume(now)
    for stage in range(2):
        for _ in range(5):
            now += 1
            c.call_next(now)
        claim(c, [second.serial] if stage == 0 else [second.serial, twin.serial], now)
        c.resume(now)
    c.update(now)
    ledger = pygame.Surface(size)
    for _ in range(3):
        scene.draw(ledger, now)
    print(f"{lang}: {len(scene.pot_drawn)} lines, {len(scene.pot_rows)} ledger rows")
    return verdict, ledger


def main() -> int:
    args, size = shot_arguments(__doc__.splitlines()[0], "docs", "the folder to save in")
    pygame.display.init()
    pygame.font.init()
    try:
        for lang in ("en", "fa"):
            verdict, ledger = pictures(lang, size)
            save_screen(verdict, Path(args.out) / f"debarna-pot-{lang}.png")
            save_screen(ledger, Path(args.out) / f"debarna-pot-ledger-{lang}.png")
    finally:
        pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())

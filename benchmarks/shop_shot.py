"""Screenshots of a shop set's card typed in on Dabernā's TV, in English and in Persian:
the card's fifteen numbers typed row by row and checked, its doubtful cells framed,
ready to be registered.

Run with ``make screenshots`` or
``.venv/bin/python benchmarks/shop_shot.py [--out docs] [--size 1920x1080]``.

The scene is the kiosk's own: the caller controller a kiosk with a host builds
(`kiosk.app.build_controller`, seed 7, no voice, no journal) and the real `CallerScene`
on SDL's dummy driver. A hand is dealt, so it starts with its check-in; the host presses
``*`` (a shop card), types the card's numbers and presses Enter: the card holds, two of
its columns do not rise from top to bottom, and the panel asks to confirm. Saved as
docs/shop-card-en.png and docs/shop-card-fa.png; the same card typed, before Enter, beside
the code a phone scans to photograph it instead: docs/shop-typing-en.png and -fa.png.
"""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

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
TYPED = "*3 15 27 41 62 8 22 36 57 84 1 19 45 68 77\r"
KEYS = {"\r": Action.SELECT, " ": Action.PAUSE}


def shop_picture(lang: str, size: tuple[int, int], typing: bool = False) -> pygame.Surface:
    """The shop-card panel with a card typed in and checked (`typing`: its numbers typed,
    Enter not yet pressed), in `lang`."""
    config = Config()
    config = replace(config, voice=replace(config.voice, enabled=False))
    controller = build_controller(config, KioskOptions(lang=lang, seed=SEED))
    tr = set_language(lang, config.display.persian_digits)
    scene = CallerScene(controller, TextRenderer(rtl=tr.rtl), tr)
    # The phones' side as a home network names the kiosk (the config's [phones] name and
    # port, as benchmarks/phones_shot.py's TV pictures show it) and a TV code.
    scene.phones = SimpleNamespace(base_url="http://debarna.local:8080", tv_code="TYNCK")
    controller.new_hand(0.0)
    now = 0.0
    for char in TYPED[:-1] if typing else TYPED:
        now += 0.2
        scene.handle(KEYS.get(char), char, now)
    scene.update(now + 1.0)
    screen = pygame.Surface(size)
    scene.draw(screen, now + 1.0)
    draft = controller.shop_draft
    assert draft is not None
    if draft.check is not None:
        print(f"{lang}: card checked, holds={draft.check.holds}, "
              f"doubtful cells {sorted(draft.check.doubts)}")
    return screen


def main() -> int:
    both_languages(__doc__.splitlines()[0], str(ROOT / "docs"),
                   lambda lang, size: shop_picture(lang, size, typing=True), "shop-typing")
    return both_languages(__doc__.splitlines()[0], str(ROOT / "docs"), shop_picture, "shop-card")


if __name__ == "__main__":
    sys.exit(main())

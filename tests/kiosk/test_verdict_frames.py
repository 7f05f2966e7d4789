"""A claim scanned while the board is up (the scanner, a phone's Claim button) is drawn over
three frames — the compact board, then the verdict's banner and serial, then its card and
details — so that no frame holds more than a Raspberry Pi core draws in a frame's time
(benchmarks/bench_hall.py measures it). The three frames end on exactly the picture the
whole claim panel drawn at once shows, in both languages."""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from kiosk.app import Kiosk, KioskOptions
from kiosk.config import Config
from kiosk.games.debarna.caller import ClaimPhase
from kiosk.games.debarna.scene import CallerScene


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_a_scanned_claim_ends_on_the_whole_panel(lang: str, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("DEBARNA_DATA_DIR", str(tmp_path))
    config = Config()
    config = replace(config, voice=replace(config.voice, enabled=False),
                     caller=replace(config.caller, manual=True))
    kiosk = Kiosk(KioskOptions(headless=True, lang=lang, seed=3, game="debarna",
                               phones=False), config)
    try:
        kiosk.start()
        c = kiosk.controller
        now = time.monotonic()
        for _ in range(20):
            c.next_number(now)
        for i in range(40):
            kiosk.frame(now + i / 30)
        scene = kiosk.scene
        assert isinstance(scene, CallerScene) and kiosk.codes is not None
        layout = scene._layout
        assert layout is not None
        c.scan(kiosk.codes.encode(c.tickets[0]), now + 2)
        assert c.claim_phase is ClaimPhase.VERDICT
        parts = []
        for i in range(3):
            kiosk.frame(now + 2 + i / 30)
            parts.append(kiosk.screen.subsurface(layout.claim).copy())
        assert scene.verdict_drawn is not None
        assert pygame.image.tobytes(parts[0], "RGB") != pygame.image.tobytes(parts[2], "RGB")
        scene.invalidate()
        kiosk.frame(now + 3)
        whole = kiosk.screen.subsurface(layout.claim).copy()
        assert pygame.image.tobytes(parts[2], "RGB") == pygame.image.tobytes(whole, "RGB")
    finally:
        kiosk.thinker.shutdown(wait=False, cancel_futures=True)
        kiosk.printer.shutdown(wait=False, cancel_futures=True)
        kiosk.buttons.close()
        kiosk.journal.store.close()
        pygame.quit()

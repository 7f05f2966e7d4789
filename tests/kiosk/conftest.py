"""Shared fixtures for the kiosk tests: pygame on SDL's dummy video driver."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame

from kiosk.text import TextRenderer


@pytest.fixture
def display(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """pygame's display and fonts, started on the dummy driver and stopped after."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    pygame.display.init()
    pygame.font.init()
    yield
    settle_voice()
    pygame.quit()


def settle_voice() -> None:
    """Let a voice still loading its clips finish: pygame must not quit under it."""
    for thread in threading.enumerate():
        if thread.name == "voice-prepare":
            thread.join(timeout=60)


@pytest.fixture
def text_ltr() -> TextRenderer:
    pygame.font.init()
    return TextRenderer(rtl=False)


@pytest.fixture
def text_rtl() -> TextRenderer:
    pygame.font.init()
    return TextRenderer(rtl=True)

"""The screen of a registered game the kiosk has no table for yet: its name and a way back.

A game registered in `engines.registry` is on the home menu and accepted by
``debarna kiosk --game`` at once; until a table hosts it, choosing it shows this
screen instead of failing. Back (or a click) returns to the menu.
"""

from __future__ import annotations

import pygame

from engines.registry import GameEntry
from kiosk.config import Action
from kiosk.i18n import Translator
from kiosk.text import TextRenderer
from kiosk.theme import ACCENT, BACKGROUND, TEXT, TEXT_DIM


class NoTableScene:
    """The game's name, "there is no table for it yet", and the way back to the menu."""

    def __init__(self, text: TextRenderer, tr: Translator, entry: GameEntry) -> None:
        self.text = text
        self.tr = tr
        self.entry = entry
        self.request: str | None = None
        self._dirty = True

    def handle(self, action: Action | None, typed: str, now: float) -> None:
        if action in (Action.BACK, Action.SELECT):
            self.request = "home"

    def click(self, pos: tuple[int, int], now: float) -> None:
        self.request = "home"

    def update(self, now: float) -> None:
        return None

    def invalidate(self) -> None:
        self._dirty = True

    def draw(self, surface: pygame.Surface, now: float) -> list[pygame.Rect]:
        if not self._dirty:
            return []
        self._dirty = False
        width, height = surface.get_size()
        unit = min(width / 1920, height / 1080)
        surface.fill(BACKGROUND)
        name = self.entry.name(self.tr.lang)
        title = pygame.Rect(0, round(height * 0.25), width, round(140 * unit))
        self.text.draw(surface, name, round(110 * unit), ACCENT, title, align="center",
                       bold=True)
        line = pygame.Rect(0, title.bottom + round(60 * unit), width, round(80 * unit))
        self.text.draw(surface, self.tr("home.no_table", game=name), round(56 * unit), TEXT,
                       line, align="center")
        hint = pygame.Rect(0, height - round(110 * unit), width, round(60 * unit))
        self.text.draw(surface, self.tr("home.no_table_hint"), round(42 * unit), TEXT_DIM, hint,
                       align="center")
        return [surface.get_rect()]

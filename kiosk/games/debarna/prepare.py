"""First start: a progress bar while the caller's voice is rendered, then on to the game.

The clips are rendered on the speech thread; this scene only reads the progress,
so the screen (and systemd's watchdog) stays alive while it works.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from kiosk.config import Action
from kiosk.i18n import Translator
from kiosk.text import TextRenderer
from kiosk.theme import ACCENT, BACKGROUND, BAR, BAR_BACK, TEXT, TEXT_DIM

Progress = Callable[[], tuple[int, int]]


class PrepareScene:
    """Shows `progress()` as "37 of 111" with a bar; requests `then` once `done()`."""

    def __init__(self, text: TextRenderer, tr: Translator, progress: Progress,
                 done: Callable[[], bool], then: str) -> None:
        self.text = text
        self.tr = tr
        self.progress = progress
        self.done = done
        self.then = then
        self.request: str | None = None
        self._shown: tuple[int, int] | None = None

    def handle(self, action: Action | None, typed: str, now: float) -> None:
        return None  # nothing to choose while the voice is being prepared

    def click(self, pos: tuple[int, int], now: float) -> None:
        return None

    def update(self, now: float) -> None:
        if self.done():
            self.request = self.then

    def invalidate(self) -> None:
        self._shown = None

    def draw(self, surface: pygame.Surface, now: float) -> list[pygame.Rect]:
        progress = self.progress()
        if progress == self._shown:
            return []
        self._shown = progress
        done, total = progress
        width, height = surface.get_size()
        unit = min(width / 1920, height / 1080)
        surface.fill(BACKGROUND)
        title = pygame.Rect(0, round(height * 0.30), width, round(110 * unit))
        self.text.draw(surface, self.tr("voice.preparing"), round(72 * unit), ACCENT, title,
                       align="center", bold=True)
        bar = pygame.Rect(0, 0, round(1100 * unit), round(36 * unit))
        bar.center = (width // 2, round(height * 0.52))
        pygame.draw.rect(surface, BAR_BACK, bar, border_radius=bar.height // 2)
        if total:
            filled = bar.copy()
            filled.width = max(bar.height, round(bar.width * done / total))
            if self.text.rtl:
                filled.right = bar.right
            pygame.draw.rect(surface, BAR, filled, border_radius=bar.height // 2)
        count = pygame.Rect(0, bar.bottom + round(30 * unit), width, round(70 * unit))
        self.text.draw(surface, self.tr("voice.progress", done=done, total=total or "…"),
                       round(44 * unit), TEXT, count, align="center")
        hint = pygame.Rect(0, count.bottom + round(20 * unit), width, round(60 * unit))
        self.text.draw(surface, self.tr("voice.once"), round(34 * unit), TEXT_DIM, hint,
                       align="center")
        return [surface.get_rect()]

"""The home menu: Dabernā, every registered game, printing and settings, chosen by keys or a click.

`game_entries()` makes a menu entry for each game of the registry (`engines.registry`),
named in the screen's language as the registry names it.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from engines.registry import games as registered_games
from kiosk.config import Action
from kiosk.i18n import Translator
from kiosk.text import TextRenderer
from kiosk.theme import ACCENT, BACKGROUND, PANEL, PANEL_EDGE, TEXT, TEXT_DIM


@dataclass(frozen=True)
class Game:
    """A menu entry: its catalogue key and the scene it opens; a registered game carries
    its own names (fa, en), shown instead of the catalogue's."""

    key: str
    scene: str
    name_fa: str = ""
    name_en: str = ""

    def label(self, tr: Translator) -> str:
        named = self.name_fa if tr.lang == "fa" else self.name_en
        return named or tr(self.key)


GAMES: tuple[Game, ...] = (Game("home.games.debarna", "caller"),)


def game_entries() -> tuple[Game, ...]:
    """A menu entry for each registered game, opening the scene named by its key."""
    return tuple(Game(f"{entry.key}.title", entry.key, entry.name_fa, entry.name_en)
                 for entry in registered_games())


class HomeScene:
    """A vertical list of games; up/down to move, Enter or a click to start."""

    def __init__(self, text: TextRenderer, tr: Translator,
                 games: tuple[Game, ...] = GAMES) -> None:
        self.text = text
        self.tr = tr
        self.games = games
        self.selected = 0
        self.request: str | None = None
        self._dirty = True
        self._buttons: list[pygame.Rect] = []

    def handle(self, action: Action | None, typed: str, now: float) -> None:
        if action in (Action.UP, Action.LEFT):
            self._move(-1)
        elif action in (Action.DOWN, Action.RIGHT):
            self._move(1)
        elif action in (Action.SELECT, Action.CLAIM, Action.NEXT):
            self.request = self.games[self.selected].scene

    def _move(self, step: int) -> None:
        self.selected = (self.selected + step) % len(self.games)
        self._dirty = True

    def click(self, pos: tuple[int, int], now: float) -> None:
        for i, rect in enumerate(self._buttons):
            if rect.collidepoint(pos):
                self.selected = i
                self._dirty = True
                self.request = self.games[i].scene

    def update(self, now: float) -> None:
        return None

    def invalidate(self) -> None:
        self._dirty = True

    def _layout(self, size: tuple[int, int]) -> list[pygame.Rect]:
        width, height = size
        unit = min(width / 1920, height / 1080)
        top = round(height * 0.30)
        room = height - round(150 * unit) - top  # the hint stays clear below
        pitch = min(round(160 * unit), room // max(1, len(self.games)))
        button_w, button_h = round(900 * unit), min(round(130 * unit), pitch - round(14 * unit))
        return [
            pygame.Rect((width - button_w) // 2, top + i * pitch, button_w, button_h)
            for i in range(len(self.games))
        ]

    def draw(self, surface: pygame.Surface, now: float) -> list[pygame.Rect]:
        if not self._dirty:
            return []
        self._dirty = False
        width, height = surface.get_size()
        unit = min(width / 1920, height / 1080)
        surface.fill(BACKGROUND)
        title = pygame.Rect(0, round(height * 0.07), width, round(140 * unit))
        self.text.draw(surface, self.tr("app.title"), round(120 * unit), ACCENT, title,
                       align="center", bold=True)
        sub = pygame.Rect(0, title.bottom + round(10 * unit), width, round(70 * unit))
        self.text.draw(surface, self.tr("home.subtitle"), round(46 * unit), TEXT_DIM, sub,
                       align="center")
        self._buttons = self._layout((width, height))
        for i, (game, rect) in enumerate(zip(self.games, self._buttons, strict=True)):
            chosen = i == self.selected
            pygame.draw.rect(surface, PANEL, rect, border_radius=rect.height // 4)
            pygame.draw.rect(surface, ACCENT if chosen else PANEL_EDGE, rect,
                             width=max(2, round((6 if chosen else 2) * unit)),
                             border_radius=rect.height // 4)
            # a row's words at about two thirds of its height: clear of its edge
            self.text.draw(surface, game.label(self.tr), min(round(60 * unit),
                                                             rect.height * 2 // 3),
                           TEXT if chosen else TEXT_DIM, rect.inflate(-round(60 * unit), 0),
                           align="center", bold=chosen)
        hint = pygame.Rect(0, height - round(120 * unit), width, round(60 * unit))
        self.text.draw(surface, self.tr("home.hint"), round(40 * unit), TEXT_DIM, hint,
                       align="center")
        return [surface.get_rect()]

"""The menu of ways to play that the table games share (against the computer, people, demo).

`ModeMenu` is mixed into a scene that has `modes` (each with a `key`), the current
`mode` key and `choose_mode(index)`; it keeps whether the menu is open and which entry
is highlighted, and turns the buttons into moves through it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from kiosk.config import Action

MENU_SELECTS = (Action.SELECT, Action.CLAIM, Action.NEXT)


class _Keyed(Protocol):
    key: str


class ModeMenu:
    """Opening, moving through and choosing from the modes menu."""

    modes: Sequence[_Keyed]
    mode: str
    menu_open: bool = False
    menu_index: int = 0

    def choose_mode(self, index: int) -> None:
        raise NotImplementedError

    def _toggle_menu(self) -> None:
        if not self.modes:
            return
        self.menu_open = not self.menu_open
        keys = [m.key for m in self.modes]
        self.menu_index = keys.index(self.mode) if self.mode in keys else 0

    def _menu_key(self, action: Action | None) -> None:
        if action in (Action.LEFT, Action.UP):
            self.menu_index = (self.menu_index - 1) % len(self.modes)
        elif action in (Action.RIGHT, Action.DOWN):
            self.menu_index = (self.menu_index + 1) % len(self.modes)
        elif action in MENU_SELECTS:
            self.choose_mode(self.menu_index)
        elif action is Action.BACK:
            self.menu_open = False

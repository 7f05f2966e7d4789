"""What the table games' scenes share: the modes menu and the table read through.

The menu: the ways to play (against the computer, people, demo) and the game's options
from its registry entry.

`ModeMenu` is mixed into a table scene that has `modes` (each a `kiosk.table.Mode`), the
current `mode` key, a translator `tr`, its catalogue name `game` and `start(bots, mode)`;
with `rule_choices` (`kiosk.table.choices.Choices`) the game's options follow the ways to
play as rows of their own. It keeps whether the menu is open and which row is lit, and
turns the buttons into moves: up and down go from row to row (left and right too, on a
way to play); on an option, left and right (or select) change its value; select on a
way to play starts a new game that way with the options shown. The menu opens on the
game being played; the journal remembers what was chosen, so the next start is the same.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter
from typing import Any

from kiosk.config import Action
from kiosk.i18n import Translator
from kiosk.table.choices import Choices
from kiosk.table.controller import TableController
from kiosk.table.router import SELECTS, TableInput
from kiosk.table.seats import Mode
from kiosk.text import TextRenderer

MENU_SELECTS = SELECTS


class ModeMenu:
    """Opening, moving through and choosing from the modes menu."""

    modes: Sequence[Mode]
    mode: str
    tr: Translator
    game: str = ""  # the catalogue's section of the game (its key)
    rule_choices: Choices | None = None
    menu_open: bool = False
    menu_index: int = 0

    def start(self, bots: Sequence[Any], mode: str | None = None) -> None:
        raise NotImplementedError

    @property
    def menu_size(self) -> int:
        return len(self.modes) + (len(self.rule_choices) if self.rule_choices is not None else 0)

    def choose_mode(self, index: int) -> None:
        """Start a new game the `index`-th way, with the options shown."""
        mode = self.modes[index]
        if not mode.offered:
            return  # the row says why it cannot be played; the menu stays open
        self.menu_open = False
        if self.rule_choices is not None:
            self.rule_choices.confirm()
        self.start(mode.bots, mode.key)

    def menu_pick(self, index: int) -> None:
        """Select (or a click) on the `index`-th row: a way to play starts, an option steps."""
        self.menu_index = index
        if index < len(self.modes):
            self.choose_mode(index)
        elif self.rule_choices is not None:
            self.rule_choices.step(index - len(self.modes))

    def _toggle_menu(self) -> None:
        if not self.modes:
            return
        self.menu_open = not self.menu_open
        keys = [m.key for m in self.modes]
        self.menu_index = keys.index(self.mode) if self.mode in keys else 0
        if self.rule_choices is not None:
            self.rule_choices.open()

    def _menu_key(self, action: Action | None) -> None:
        size = self.menu_size
        option = self.menu_index - len(self.modes)
        if option >= 0 and action in (Action.LEFT, Action.RIGHT):
            assert self.rule_choices is not None
            self.rule_choices.step(option, 1 if action is Action.RIGHT else -1)
        elif action in (Action.LEFT, Action.UP):
            self.menu_index = (self.menu_index - 1) % size
        elif action in (Action.RIGHT, Action.DOWN):
            self.menu_index = (self.menu_index + 1) % size
        elif action in MENU_SELECTS:
            self.menu_pick(self.menu_index)
        elif action is Action.BACK:
            self.menu_open = False

    # the rows' text
    def mode_name(self, mode: Mode) -> str:
        return self.tr(mode.label or f"{self.game}.modes.{mode.key}")

    def menu_lines(self) -> tuple[str, ...]:
        """Each row of the menu as shown: the ways to play, then "option: value"."""
        lines = [self.mode_name(mode) for mode in self.modes]
        if self.rule_choices is not None:
            for i, spec in enumerate(self.rule_choices):
                lines.append(self.tr("table.option", name=self.option_name(spec.name),
                                     value=self.option_value(spec.name,
                                                             self.rule_choices.value(i))))
        return tuple(lines)

    def option_name(self, name: str) -> str:
        key = f"{self.game}.options.{name}"
        return self.tr(key) if self.tr.has(key) else name

    def option_value(self, name: str, value: Any) -> str:
        key = f"{self.game}.option_values.{name}_{str(value).lower()}"
        if self.tr.has(key):
            return self.tr(key, value=value)
        if isinstance(value, bool):
            return self.tr("table.on" if value else "table.off")
        number = f"{self.game}.option_values.{name}"
        if isinstance(value, int) and self.tr.has(number):
            return self.tr(number, value=value)
        return self.tr.digits(value) if isinstance(value, int) else str(value)


def forward(path: str, doc: str = "") -> Any:
    """A read-only property of a table scene: its table controller's `path` (dotted)."""
    get = attrgetter(path)
    return property(lambda self: get(self.table), doc=doc or f"The table's {path}.")


class TableScene(ModeMenu, TableInput):
    """The part every table scene shares: the game read through from its controller
    (`table`), the screen's bookkeeping, the modes menu and the seats' buttons."""

    table: TableController
    state = forward("state", "The game on the table.")
    mode = forward("mode", "The way the game is played (a `Mode`'s key).")
    people = forward("people", "The seats of the people at the TV.")
    demo = forward("demo", "Computers in every seat.")

    def _screen(self, text: TextRenderer, tr: Translator, modes: Sequence[Mode],
                rule_choices: Choices | None = None) -> None:
        """Nothing drawn yet, no menu open, no request to leave."""
        self.text = text
        self.tr = tr
        self.modes = tuple(modes)
        self.rule_choices = rule_choices  # the rule sets the menu offers (None: the game's)
        self.request: str | None = None
        self.menu_open = False
        self.menu_index = 0
        self._layout: Any = None
        self._background: Any = None
        self._full = True
        self._menu_rects: list[Any] = []

    def level_of(self, key: str) -> str:
        """The table's level in the way `key` (the level it had when the way is not offered)."""
        found = next((m for m in self.modes if m.key == key), None)
        return found.level if found is not None else self.table.level

    @property
    def rtl(self) -> bool:
        return self.tr.rtl

    def invalidate(self) -> None:
        self._full = True

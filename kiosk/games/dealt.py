"""The hosting a card game shares when it is played deal by deal at a table whose number
of players its own menu chooses (`kiosk.games`): its config section's rules, the ways
to play at each number of seats, the menu's rule choices, its table scene, the scene as
the kiosk makes it from the last choice, and whether a saved game may come back.

A game's hosting module makes one `DealtHosting` of its own parts (its scene class, its
state, its bots, the menu's options and where its headless view stops) and binds the
module-level names the kiosk looks for to it (``make_scene, refuse, demo =
HOSTING.make_scene, HOSTING.refuse, HOSTING.demo``); what is its own alone (its own
commands) it writes itself.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engines.registry import game as registered_game
from kiosk.config import options_of
from kiosk.flags import seeded_rng
from kiosk.games import Host, menu_choices
from kiosk.table.seats import Mode, ways_to_play

if TYPE_CHECKING:
    from kiosk.config import Action
    from kiosk.i18n import Translator
    from kiosk.match_journal import Choice
    from kiosk.table.choices import Choices
    from kiosk.text import TextRenderer


@dataclass(frozen=True)
class DealtHosting:
    """One such game's parts, and the hosting made of them."""

    key: str  # its registry key (its config section)
    scene_class: Callable[..., Any]  # its table scene
    state_class: type  # its game's state: `state_class(options)` a new game of those rules
    options_class: type  # its rule set's class (a saved choice of another game is not one)
    levels: Sequence[str]  # its computers' levels
    screen_bot: Callable[[str], Any]  # a computer of a level, for the screen
    demo_bot: Callable[[], Any]  # a computer of the demo's
    menu_options: tuple[str, ...]  # the rules its menu offers (every other one: the config's)
    table_game: Any  # its flow's facts for the table (`kiosk.table.games.TableGame`)
    not_ours: str  # why a saved game of another kind does not come back here
    # the headless view: a game against the configured level brought to a state like this
    demo_until: Callable[[Any], bool] | None = None

    def options(self, section: Any) -> Any:
        """The rule set of the config's section."""
        return options_of(registered_game(self.key), section)

    def modes(self, players: int, level: str = "medium") -> tuple[Mode, ...]:
        """The ways to play at a table of `players`: one person against the computer at
        each level, pass and play for 2 to `players` people (computers at `level` in the
        other seats), and a demo."""
        return ways_to_play(players, self.levels, self.screen_bot, self.demo_bot, level)

    def choices(self, section: Any, chosen: Any | None = None) -> Choices:
        """The menu's rule choices (the number of players among them), starting with
        `chosen` (None: the config's section)."""
        return menu_choices(registered_game(self.key), chosen or self.options(section),
                            self.menu_options)

    def scene(self, text: TextRenderer, tr: Translator, section: Any,
              seed: int | None = None, on_action: Callable[[object], None] | None = None,
              thinker: Executor | None = None, mode: str | None = None,
              options: Any | None = None,
              keys: Mapping[Action, Sequence[str]] | None = None) -> Any:
        """The table: one person against computers of the section's level to start with
        (or the way `mode`), playing `options` (None: the section's); its menu offers the
        ways to play at each number of seats it lets a family choose."""
        choices = self.choices(section, options)
        level = section.level

        def modes_for(n: int) -> tuple[Mode, ...]:
            return self.modes(n, level)

        modes = modes_for(choices.chosen.players)
        start = next((m for m in modes if m.key == mode), None) or \
            next(m for m in modes if m.key == level)
        return self.scene_class(
            text, tr, lambda: self.state_class(choices.chosen), start.bots, seeded_rng(seed),
            modes=modes, modes_for=modes_for, mode=start.key, on_action=on_action,
            turn_seconds=section.turn_seconds, level=level, level_bot=self.screen_bot,
            thinker=thinker, rule_choices=choices, keys=keys, table_game=self.table_game)

    def make_scene(self, host: Host, last: Choice | None) -> Any:
        """The table, with the way and the rules last chosen in its menu (else the
        section's)."""
        chosen = last.options if last is not None and \
            isinstance(last.options, self.options_class) else None
        return self.scene(host.text, host.tr, host.section(self.key), host.seed,
                          on_action=host.on_action, thinker=host.thinker,
                          mode=last.mode if last else None, options=chosen, keys=host.keys)

    def refuse(self, state: Any, host: Host | None = None) -> str | None:
        """A saved game of this game comes back whatever its number of players (the table
        takes that many seats); one of another kind does not."""
        return None if isinstance(state, self.state_class) else self.not_ours

    def demo(self, scene: Any, host: Host) -> None:
        """Headless: a game against the configured level, brought on to the first state
        `demo_until` accepts (without it: the game's start)."""
        level = host.section(self.key).level
        mode = next(m for m in scene.modes if m.key == level)
        scene.start(mode.bots, mode.key)
        if self.demo_until is not None:
            scene.fast_forward(self.demo_until)

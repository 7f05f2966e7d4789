"""How the kiosk hosts each registered game: one package a game, `kiosk.games.<key>`.

The registry (`engines.registry`) says what a game *is*; its package says what the kiosk
does with it beyond the shared table, and nothing else in the kiosk names the game. The
package holds the game's table screen (``scene.py``, and its painting), its own words
(``locales/en.toml`` and ``fa.toml``, read under its key by `kiosk.i18n`), any config
sections of its own (``sections.py``, read by `kiosk.config`) and its tools. Its
``__init__`` is the hosting, which defines:

- ``make_scene(host: Host, last: Choice | None) -> scene``: the game's table screen,
  with the way to play and the rules `last` chosen in its menu (None: the config's);
- ``screen_bot(level) -> bot``: a computer player for the screen (the hard one keeps
  to the table's time budget on the real clock);
- ``refuse(state, host) -> str | None`` (optional): why an unfinished game found in the
  journal cannot come back (it then stays in the journal, marked abandoned);
- ``demo(scene, host) -> None`` (optional): what a headless ``debarna kiosk --game KEY``
  shows (by default the table's menu);
- ``warm(config) -> None`` (optional): what the game finds out once, slowly, off the
  frame loop after the first frame (Takhteh Nard: whether GNU Backgammon runs here, so
  that its menu opens at once);
- ``add_tools(commands, selfplay, how_many) -> None`` and
  ``run_tool(args, out, parser) -> int | None`` (optional): the game's own
  ``debarna <key> …`` commands beside the shared ``selfplay`` (None: not one of its own).

`hosting(key)` finds the package; a registered game without one gets the "no table for it
yet" screen, and the shared commands only. `kiosk.games.dealt` is the hosting the dealt
card games share (each game's ``HOSTING``). Dabernā's package, `kiosk.games.debarna`, is
not a hosting: Dabernā is not one of the registry's games, and the app builds its screens
itself.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from kiosk.config import Action, Config
    from kiosk.i18n import Translator
    from kiosk.text import TextRenderer

HARD_BOT_SECONDS: Final = 0.25  # a hard computer's thinking time on the real clock


@dataclass(frozen=True)
class Host:
    """What a table gets from the kiosk: drawing, words, the config, a seed for repeatable
    runs, the bots' thread, the key mapping, and the hook that journals each action."""

    text: TextRenderer
    tr: Translator
    config: Config
    seed: int | None = None
    thinker: Executor | None = None
    keys: Mapping[Action, Sequence[str]] | None = None
    on_action: Callable[[object], None] | None = None

    def section(self, key: str) -> Any:
        """The config's section of game `key`."""
        return self.config.section(key)


def menu_choices(entry: Any, base: Any, names: Sequence[str]) -> Any:
    """A table menu's rule choices: the options `names` of game `entry`, starting from the
    rule set `base`, every other option kept as `base` has it (the config's, for the
    options a menu has no room for)."""
    from kiosk.table.choices import Choices

    specs = {spec.name: spec for spec in entry.option_specs()}
    kept = {name: spec.plain(getattr(base, name)) for name, spec in specs.items()}

    def make(values: Mapping[str, Any]) -> Any:
        return entry.make_options({**kept, **values})

    return Choices([specs[name] for name in names], make, base)


def hosting(key: str) -> ModuleType | None:
    """The hosting module of registered game `key`, or None when the kiosk has no table
    for it. An error inside an existing module is raised, not taken for "no table"."""
    name = f"{__name__}.{key}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name == name:
            return None
        raise

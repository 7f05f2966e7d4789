"""The registry of turn-based games: one `GameEntry` a game, and what its options are.

Everything that lists games — the kiosk's home menu, `debarna kiosk --game`, the
config sections, the `debarna <game> …` commands, the journal — iterates `games()`.
An entry says a game's names (fa, en), its seat counts and teams, its options
dataclass and the defaults the kiosk plays, `new_state(options, rng)`, its records
module, its bot levels, what a seat may not see, and what the returns add up to.

The games this kiosk ships are listed in `BUILT_IN`, one line a game: the module that
holds the game's `ENTRY`. Loading is lazy (the first call to `games()`, `game()` or
`register()`), so importing this module imports no game. A game defined elsewhere
(a test's fixture, a plug-in) calls `register(entry)` itself.

An entry names its game's rules, bots and records without importing them
(`later`, `LaterModule`): listing the games — the kiosk's home menu, the config, the
command line — imports each game's options and nothing more; the rest is imported
where a game is first played.

Options: each field of a game's options dataclass carries, in its metadata
(`about(help, choices=…, low=…, high=…)`), what the config file and the command line
need; `option_specs` reads them back, taking the type from the annotation (bool, int,
float, str, a Literal, or a StrEnum whose values are the choices).
"""

from __future__ import annotations

import dataclasses
import enum
import importlib
import typing
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Final, Self

from engines.protocol import Bot, RandomLike, Records, State

BUILT_IN: Final = (
    "engines.backgammon.game",
    "engines.hearts.game",
    "engines.debertz.game",
    "engines.dobbm.game",
)
"""The modules of the games this kiosk ships, each with an `ENTRY`: one line a game."""


class RegistryError(LookupError):
    """An unknown game, or a second game under a key already taken."""


# -- names imported on first use ---------------------------------------------------------------


def _named(module: str, name: str) -> Any:
    return getattr(importlib.import_module(module), name)


class later:
    """Function `name` of `module`, the module imported at the first call.

    It answers to the function's own ``__module__`` and ``__name__`` (what imports a
    bot maker's module ahead of time finds the real module), and is pickled as the
    function itself."""

    def __init__(self, module: str, name: str) -> None:
        self.__module__ = module
        self.__name__ = self.__qualname__ = name
        self._function: Callable[..., Any] | None = None

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        function = self._function
        if function is None:
            function = self._function = _named(self.__module__, self.__name__)
        return function(*args, **kwargs)

    def __reduce__(self) -> tuple[Callable[..., Any], tuple[str, str]]:
        return _named, (self.__module__, self.__name__)

    def __repr__(self) -> str:
        return f"<{self.__module__}.{self.__name__}, imported at its first call>"


class LaterModule:
    """Module `name`, imported when one of its names is first looked up (a game's records
    module in its entry)."""

    def __init__(self, name: str) -> None:
        self._name = name

    def __getattr__(self, attr: str) -> Any:
        if (attr.startswith("__") and attr.endswith("__")) or attr == "_name":
            raise AttributeError(attr)  # what copy, pickle and repr probe for: not the module
        return getattr(importlib.import_module(self._name), attr)

    def __reduce__(self) -> tuple[type[LaterModule], tuple[str]]:
        return LaterModule, (self._name,)

    def __repr__(self) -> str:
        return f"<module {self._name!r}, imported at first use>"


# -- options -----------------------------------------------------------------------------------


def about(help: str, *, choices: tuple[Any, ...] | None = None,
          low: float | None = None, high: float | None = None) -> dict[str, Any]:
    """The metadata of an options field: its help text and its allowed values, as in
    ``target: int = field(default=100, metadata=about("…", choices=(100, 50)))``."""
    metadata: dict[str, Any] = {"help": help}
    if choices is not None:
        metadata["choices"] = tuple(choices)
    if low is not None:
        metadata["low"] = low
    if high is not None:
        metadata["high"] = high
    return metadata


def whole(value: object) -> bool:
    """An option's number is a whole number (an int, not a bool)."""
    return isinstance(value, int) and not isinstance(value, bool)


def check_switches(options: Any, names: Collection[str], error: type[Exception]) -> None:
    """Each of `names` is on or off: true or false, else the game's options `error`."""
    for name in names:
        if not isinstance(getattr(options, name), bool):
            raise error(f"{name} is on or off",
                        f"{name} must be true or false, not {getattr(options, name)!r}")


def read_choices(options: Any, kinds: Collection[tuple[str, type[enum.Enum]]],
                 error: type[Exception]) -> None:
    """Each named field of a frozen options dataclass, as its enum: its text (``"exact"``)
    becomes the member; a value that is none of them raises the game's options `error`."""
    for name, kind in kinds:
        value = getattr(options, name)
        try:
            object.__setattr__(options, name, kind(value))
        except ValueError as exc:
            choices = ", ".join(k.value for k in kind)
            raise error(f"{name} is one of {choices}",
                        f"{value!r} is not a {name} option") from exc


class Adjustable:
    """A frozen options dataclass that makes changed copies: `options.but(players=4)`."""

    if TYPE_CHECKING:  # what @dataclass gives each subclass, so `replace` takes `self`
        __dataclass_fields__: ClassVar[dict[str, dataclasses.Field[Any]]]

    def but(self, **values: Any) -> Self:
        """A copy with some values changed."""
        return dataclasses.replace(self, **values)


@dataclass(frozen=True)
class OptionSpec:
    """One option as the config file and the command line see it.

    `kind` is bool, int, float or str; `enum` the StrEnum a text option is read into
    (None for plain values); `choices` the allowed values (None: any value of the kind,
    within `low`–`high`).
    """

    name: str
    kind: type
    default: Any
    help: str = ""
    choices: tuple[Any, ...] | None = None
    low: float | None = None
    high: float | None = None
    enum: type[enum.Enum] | None = None

    def convert(self, value: Any) -> Any:
        """A checked value in the options dataclass's own type (an enum member for enums)."""
        return self.enum(value) if self.enum is not None else value

    def plain(self, value: Any) -> Any:
        """The value as the config file writes it (an enum's value)."""
        return value.value if isinstance(value, enum.Enum) else value


def option_specs(options: type) -> tuple[OptionSpec, ...]:
    """Every field of an options dataclass, typed from its annotation, in field order."""
    hints = typing.get_type_hints(options)
    specs = []
    for item in dataclasses.fields(options):
        if not item.init:
            continue
        hint = hints[item.name]
        meta = item.metadata
        kind: type
        found_enum: type[enum.Enum] | None = None
        choices = meta.get("choices")
        if isinstance(hint, type) and issubclass(hint, enum.Enum):
            found_enum = hint
            kind = str
            if choices is None:
                choices = tuple(member.value for member in hint)
        elif typing.get_origin(hint) is typing.Literal:
            values = typing.get_args(hint)
            kind = type(values[0])
            choices = choices or values
        elif hint in (bool, int, float, str):
            kind = hint
        else:
            raise TypeError(f"option {options.__name__}.{item.name}: {hint!r} is not "
                            "bool, int, float, str, a StrEnum or a Literal")
        default = item.default
        if default is dataclasses.MISSING:
            if item.default_factory is dataclasses.MISSING:
                raise TypeError(f"option {options.__name__}.{item.name} has no default")
            default = item.default_factory()
        specs.append(OptionSpec(
            name=item.name, kind=kind, default=default, help=str(meta.get("help", "")),
            choices=None if choices is None else tuple(choices),
            low=meta.get("low"), high=meta.get("high"), enum=found_enum))
    return tuple(specs)


def options_from(options: type, values: Mapping[str, Any], base: Any = None) -> Any:
    """An options instance from plain values (enum values as text) over `base`'s."""
    specs = {spec.name: spec for spec in option_specs(options)}
    start = {name: getattr(base, name) for name in specs} if base is not None else {}
    start.update({name: specs[name].convert(value) for name, value in values.items()})
    return options(**start)


# -- the entries -------------------------------------------------------------------------------


@dataclass(frozen=True)
class GameEntry:
    """One game, as everything that lists games sees it.

    key: the game's name in the config file (``[key]``), the command line
      (``debarna key …``, ``--game key``) and the journal.
    name_fa, name_en: its name on the screen in each language.
    seats: the seat counts it is played with; `players(options)` the count for a rule set.
    teams: the seats of each team for a rule set, or None when each seat plays alone.
    options: the frozen options dataclass (every rule variant, with the rules' defaults);
      `defaults` the rule set the kiosk offers first (None: `options()`).
    new_state: a new game from a rule set and a random source.
    records: the game's records module (the `Records` protocol).
    bot_levels, make_bot: the computer players by level; `default_level` the usual one.
    presets: named rule sets worth playing (and testing) one by one.
    hidden: what `seat` may not see in a state (cards, tiles, …), checked against every
      view; None means the game has no hidden information.
    returns_sum: what `returns()` of a finished game add up to, by the game's own rule.
    turn_seconds: the table's default time for a turn (0 = no limit), or None when the
      game's table has no turn clock.
    """

    key: str
    name_fa: str
    name_en: str
    seats: tuple[int, ...]
    options: type
    new_state: Callable[[Any, RandomLike], State]
    records: Records
    bot_levels: tuple[str, ...]
    make_bot: Callable[[str], Bot]
    returns_sum: Callable[[Any], float]
    players: Callable[[Any], int]
    defaults: Any = None
    default_level: str = ""
    teams: Callable[[Any], tuple[tuple[int, ...], ...]] | None = None
    presets: Mapping[str, Any] = field(default_factory=dict)
    hidden: Callable[[Any, int], Collection[Any]] | None = None
    turn_seconds: int | None = None

    def __post_init__(self) -> None:
        if not self.key.isidentifier() or self.key != self.key.lower():
            raise ValueError(f"a game's key is a lower-case name, not {self.key!r}")
        if self.defaults is None:
            object.__setattr__(self, "defaults", self.options())
        if not isinstance(self.defaults, self.options):
            raise TypeError(f"{self.key}: the defaults are not {self.options.__name__}")
        if self.bot_levels and self.default_level not in self.bot_levels:
            object.__setattr__(self, "default_level", self.bot_levels[len(self.bot_levels) // 2])
        if not self.presets:
            object.__setattr__(self, "presets", {"default": self.defaults})

    def name(self, lang: str) -> str:
        """The game's name in `lang` ("fa" or "en"; English otherwise)."""
        return self.name_fa if lang == "fa" else self.name_en

    def option_specs(self) -> tuple[OptionSpec, ...]:
        return option_specs(self.options)

    def make_options(self, values: Mapping[str, Any]) -> Any:
        """A rule set from plain values (as the config file or the command line give them)
        over the defaults. Raises the options' own error for a combination not allowed."""
        return options_from(self.options, values, self.defaults)


_games: dict[str, GameEntry] = {}
_loaded = False


def _load_built_in() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for module in BUILT_IN:
        entry = importlib.import_module(module).ENTRY
        _games.setdefault(entry.key, entry)


def register(entry: GameEntry) -> GameEntry:
    """Add a game; a second game under a taken key is refused."""
    _load_built_in()
    if entry.key in _games and _games[entry.key] is not entry:
        raise RegistryError(f"a game {entry.key!r} is registered already")
    _games[entry.key] = entry
    return entry


def unregister(key: str) -> None:
    """Remove a game (for tests and plug-ins); an unknown key is ignored."""
    _games.pop(key, None)


def games() -> tuple[GameEntry, ...]:
    """Every registered game, the built-in ones first, in registration order."""
    _load_built_in()
    return tuple(_games.values())


def keys() -> tuple[str, ...]:
    return tuple(entry.key for entry in games())


def game(key: str) -> GameEntry:
    """The game registered as `key`; RegistryError naming the known games otherwise."""
    _load_built_in()
    try:
        return _games[key]
    except KeyError:
        known = ", ".join(_games) or "none"
        raise RegistryError(f"no game {key!r} is registered (the games: {known})") from None

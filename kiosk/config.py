"""The kiosk's one TOML configuration file: defaults for every key, validation, key mapping.

`load(path)` reads the file (or only the defaults when there is none), checks every
key and returns frozen dataclasses. A bad key, type or value raises `ConfigError`
whose message names the key and says what is allowed. `Action` is the abstract input
every device (keyboard, GPIO, gamepad) is mapped to; the keyboard mapping lives here.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any

LANGUAGES = ("fa", "en")
RHYTHM_RANGE = (3.0, 5.0)
STRIPS_RANGE = (1, 50)
MAX_SIZE = 8192


class ConfigError(ValueError):
    """The configuration file is unreadable or a key in it is wrong."""


class Action(StrEnum):
    """What a button means to a scene, whatever device it came from."""

    CLAIM = "claim"
    LEFT = "left"
    RIGHT = "right"
    UP = "up"
    DOWN = "down"
    SELECT = "select"
    BACK = "back"
    PAUSE = "pause"
    NEXT = "next"
    REPEAT = "repeat"
    NEW_HAND = "new_hand"
    FULLSCREEN = "fullscreen"
    ERASE = "erase"


# Key names are pygame's (`pygame.key.name`), so the file stays readable.
DEFAULT_KEYS: dict[Action, tuple[str, ...]] = {
    Action.CLAIM: ("c",),
    Action.LEFT: ("left",),
    Action.RIGHT: ("right",),
    Action.UP: ("up",),
    Action.DOWN: ("down",),
    Action.SELECT: ("return", "enter"),
    Action.BACK: ("escape",),
    Action.PAUSE: ("space",),
    Action.NEXT: ("n",),
    Action.REPEAT: ("r",),
    Action.NEW_HAND: ("h",),
    Action.FULLSCREEN: ("f11",),
    Action.ERASE: ("backspace",),
}


@dataclass(frozen=True)
class DisplayConfig:
    lang: str = "fa"
    persian_digits: bool = True
    fullscreen: bool = True
    width: int = 0
    height: int = 0


@dataclass(frozen=True)
class CallerConfig:
    rhythm: float = 4.0
    manual: bool = False


@dataclass(frozen=True)
class HandConfig:
    two_lines: bool = True
    four_corners: bool = False
    early_five: bool = False
    burn_false_claims: bool = False


@dataclass(frozen=True)
class TicketsConfig:
    strips: int = 8
    seed: int = 1


@dataclass(frozen=True)
class Config:
    display: DisplayConfig = field(default_factory=DisplayConfig)
    caller: CallerConfig = field(default_factory=CallerConfig)
    hand: HandConfig = field(default_factory=HandConfig)
    tickets: TicketsConfig = field(default_factory=TicketsConfig)
    keys: dict[Action, tuple[str, ...]] = field(default_factory=lambda: dict(DEFAULT_KEYS))


@dataclass(frozen=True)
class _Rule:
    """How one key is checked: its type, and a range or a set of choices."""

    kind: type
    low: float | None = None
    high: float | None = None
    choices: tuple[str, ...] | None = None

    def allowed(self) -> str:
        if self.choices is not None:
            return " or ".join(f'"{c}"' for c in self.choices)
        if self.kind is bool:
            return "true or false"
        what = "a number" if self.kind is float else "a whole number"
        if self.low is not None and self.high is not None:
            return f"{what} from {self.low:g} to {self.high:g}"
        return what


_SECTIONS: dict[str, tuple[type, dict[str, _Rule]]] = {
    "display": (
        DisplayConfig,
        {
            "lang": _Rule(str, choices=LANGUAGES),
            "persian_digits": _Rule(bool),
            "fullscreen": _Rule(bool),
            "width": _Rule(int, 0, MAX_SIZE),
            "height": _Rule(int, 0, MAX_SIZE),
        },
    ),
    "caller": (
        CallerConfig,
        {"rhythm": _Rule(float, *RHYTHM_RANGE), "manual": _Rule(bool)},
    ),
    "hand": (
        HandConfig,
        {
            "two_lines": _Rule(bool),
            "four_corners": _Rule(bool),
            "early_five": _Rule(bool),
            "burn_false_claims": _Rule(bool),
        },
    ),
    "tickets": (
        TicketsConfig,
        {"strips": _Rule(int, *STRIPS_RANGE), "seed": _Rule(int, 0, 2**63 - 1)},
    ),
}


def _check(name: str, value: Any, rule: _Rule) -> Any:
    """The value converted to the rule's type, or ConfigError naming the key."""
    wrong = ConfigError(f"config key {name} = {value!r} is not allowed: use {rule.allowed()}")
    if rule.kind is bool:
        if not isinstance(value, bool):
            raise wrong
        return value
    if rule.kind is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise wrong
    elif rule.kind is float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise wrong
        value = float(value)
    elif rule.kind is str and not isinstance(value, str):
        raise wrong
    if rule.choices is not None and value not in rule.choices:
        raise wrong
    if rule.low is not None and value < rule.low:
        raise wrong
    if rule.high is not None and value > rule.high:
        raise wrong
    return value


def _keys(table: Any) -> dict[Action, tuple[str, ...]]:
    keys = dict(DEFAULT_KEYS)
    if not isinstance(table, dict):
        raise ConfigError("config section [keys] must be a table of action = [key names]")
    names = ", ".join(a.value for a in Action)
    for action_name, value in table.items():
        try:
            action = Action(action_name)
        except ValueError:
            raise ConfigError(
                f"unknown config key keys.{action_name}: the actions are {names}"
            ) from None
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
            raise ConfigError(
                f"config key keys.{action_name} = {value!r} is not allowed: "
                'use a list of key names such as ["space", "p"]'
            )
        keys[action] = tuple(v.lower() for v in value)
    return keys


def from_mapping(data: dict[str, Any]) -> Config:
    """A validated Config from parsed TOML (a dict of sections)."""
    sections: dict[str, Any] = {}
    for section, table in data.items():
        if section == "keys":
            continue
        if section not in _SECTIONS:
            allowed = ", ".join([*_SECTIONS, "keys"])
            raise ConfigError(f"unknown config section [{section}]: the sections are {allowed}")
        cls, rules = _SECTIONS[section]
        if not isinstance(table, dict):
            raise ConfigError(f"config [{section}] must be a table of keys")
        values = {}
        for key, value in table.items():
            if key not in rules:
                raise ConfigError(
                    f"unknown config key {section}.{key}: the keys of [{section}] are "
                    + ", ".join(rules)
                )
            values[key] = _check(f"{section}.{key}", value, rules[key])
        sections[section] = cls(**values)
    keys = _keys(data["keys"]) if "keys" in data else dict(DEFAULT_KEYS)
    return Config(**sections, keys=keys)


def load(path: Path | None) -> Config:
    """The configuration in `path`, or the defaults when `path` is None or missing."""
    if path is None or not path.exists():
        return Config()
    try:
        with path.open("rb") as handle:
            data = tomllib.load(handle)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"the config file {path} is not valid TOML: {exc}") from exc
    except OSError as exc:
        raise ConfigError(f"the config file {path} cannot be read: {exc}") from exc
    return from_mapping(data)


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, tuple):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    return repr(value)


_COMMENTS = {
    "display.lang": "fa or en",
    "display.persian_digits": "show ۰۱۲۳۴۵۶۷۸۹ in the Persian interface",
    "display.width": "0 = the screen's own size",
    "caller.rhythm": "seconds between calls, 3 to 5",
    "caller.manual": "true: the host calls each number with N or Enter",
    "tickets.strips": "strips of 6 tickets in the box, 1 to 50",
}


def defaults_toml() -> str:
    """The default configuration as a commented TOML file."""
    config = Config()
    lines = ["# Dabernā kiosk configuration. Every key is optional.", ""]
    for section, (_, rules) in _SECTIONS.items():
        lines.append(f"[{section}]")
        values = getattr(config, section)
        for key in rules:
            text = f"{key} = {_toml_value(getattr(values, key))}"
            comment = _COMMENTS.get(f"{section}.{key}")
            lines.append(f"{text:<28}# {comment}" if comment else text)
        lines.append("")
    lines.append("[keys]")
    lines.append("# pygame key names per action")
    for action, names in DEFAULT_KEYS.items():
        lines.append(f"{action.value} = {_toml_value(names)}")
    return "\n".join(lines) + "\n"

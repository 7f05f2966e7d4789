"""The kiosk's one TOML configuration file: defaults for every key, validation, key mapping.

`load(path)` reads the file (or only the defaults when there is none), checks every
key and returns frozen dataclasses. A bad key, type or value raises `ConfigError`
whose message names the key and says what is allowed. `from_mapping` is the one
validation the kiosk runs at start and `debarna config --check` runs too: it checks
every number is finite and in range, and every key name in [keys] is one pygame knows
and means one action only. `Action` is the abstract input every device (keyboard,
GPIO, gamepad) is mapped to; the keyboard mapping lives here.

Each registered game (`engines.registry`) has a section named by its key, made from
its entry, not written out here: ``turn_seconds`` when its table has a turn clock,
``level`` when it has computer players, then one key per field of its options
dataclass (type, default, allowed values and comment from the field).
`Config.section(key)` and `Config.options(key)` answer for any game, and
``config.<key>`` reads a game's section too.

A game's kiosk package may add sections of its own beside its game section (Takhteh
Nard's [gnubg]), declared as data in ``kiosk/games/<key>/sections.toml``: each key's
type ("bool", "int", "float", "str", or "program": a program's name on the PATH or its
full path), default, range or choices, and comment (`game_sections`). They are found by
that path, as a game's words are, without importing the game's package (which the first
screen does not wait for), so nothing here names a game; ``config.<name>`` reads them.
"""

from __future__ import annotations

import dataclasses
import functools
import ipaddress
import math
import os
import re
import tomllib
import warnings
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from importlib import resources
from pathlib import Path
from typing import Any

from engines.errors import BrokenRule
from engines.registry import GameEntry
from engines.registry import game as registered_game
from engines.registry import games as registered_games

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
    LAST_TRICK = "last_trick"
    PHONES = "phones"
    POT = "pot"  # Dabernā's prize pot on or off (before a hand's first call)
    STAKE_UP = "stake_up"
    STAKE_DOWN = "stake_down"
    LEDGER = "ledger"  # the prize pot's panel: this hand's pot and the night's ledger


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
    Action.LAST_TRICK: ("l",),
    # Not "p": Takhteh Nard's table types it (numbers on the points), and files map
    # pause to it.
    Action.PHONES: ("j",),
    # Keys no serial types: the check-in takes letters, digits and "-".
    Action.POT: ("f5",),
    Action.STAKE_UP: ("page up",),
    Action.STAKE_DOWN: ("page down",),
    Action.LEDGER: ("f6",),
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


CALL_STYLES = ("number", "digits", "twice")
RATE_RANGE = (80, 260)


@dataclass(frozen=True)
class VoiceConfig:
    enabled: bool = True
    volume: float = 0.9
    rate: int = 150
    voice: str = ""
    style: str = "number"


MAX_SEATS = 8


@dataclass(frozen=True)
class ButtonsConfig:
    claim_pins: tuple[int, ...] = ()
    led_pins: tuple[int, ...] = ()
    left_pins: tuple[int, ...] = ()
    right_pins: tuple[int, ...] = ()
    select_pins: tuple[int, ...] = ()
    pause_pin: int = 0
    next_pin: int = 0
    repeat_pin: int = 0
    menu_pin: int = 0
    debounce_ms: int = 30
    long_press_ms: int = 1500
    chip: int = 0


@dataclass(frozen=True)
class PrintingConfig:
    printer: str = ""
    escpos: str = ""


@dataclass(frozen=True)
class ScannerConfig:
    max_gap_ms: int = 60
    min_length: int = 20


@dataclass(frozen=True)
class ClaimsConfig:
    auto_resume: float = 0.0


@dataclass(frozen=True)
class HandConfig:
    two_lines: bool = True
    four_corners: bool = False
    early_five: bool = False
    burn_false_claims: bool = False
    auto_check: bool = False


STAKE_RANGE = (1, 1_000_000_000)
MAX_CURRENCY = 16


@dataclass(frozen=True)
class PotConfig:
    """The [pot] section: Dabernā's prize pot (rules §8), off by default. `stake` is what
    each card in play puts in, a whole number of the currency's smallest unit; `currency`
    its name or symbol as the screens show it ("": the catalogue's, tomans); `shares`
    each main stage's percent of the pot, Line first (empty: §8's, 20/30/50, or 30/70
    with Two lines off)."""

    enabled: bool = False
    stake: int = 10000
    currency: str = ""
    shares: tuple[int, ...] = ()


def _check_pot(pot: PotConfig, hand: HandConfig) -> None:
    """The pot's keys together, and with [hand]: a refusal names the key and says what
    to write instead."""
    low, high = STAKE_RANGE
    if not low <= pot.stake <= high:
        raise ConfigError(
            f"config key pot.stake = {pot.stake!r} is not allowed: use a whole number of the "
            f"currency's smallest unit from {low} to {high:,} (such as 10000 for 10,000 "
            "tomans)")
    if len(pot.currency) > MAX_CURRENCY or pot.currency != pot.currency.strip() or any(
            not ch.isprintable() for ch in pot.currency):
        raise ConfigError(
            f"config key pot.currency = {pot.currency!r} is not allowed: use the currency's "
            f"name or symbol, at most {MAX_CURRENCY} characters without spaces round it "
            '(such as "tomans" or "€"), or "" for tomans')
    shares = pot.shares
    if not shares:
        return
    stages = ("Line", "Two lines", "Full house") if hand.two_lines else ("Line", "Full house")
    example = "[20, 30, 50]" if hand.two_lines else "[30, 70]"
    played = "with Two lines played" if hand.two_lines else \
        "with Two lines not played (hand.two_lines = false)"
    if len(shares) != len(stages):
        raise ConfigError(
            f"config key pot.shares = {list(shares)} is not allowed: {played} give "
            f"{len(stages)} shares in percent, {', '.join(stages)}, such as {example}, "
            "or [] for the rules' shares")
    if sum(shares) != 100:
        parts = " + ".join(f"{name} {share} %" for name, share in zip(stages, shares,
                                                                      strict=True))
        raise ConfigError(
            f"config key pot.shares = {list(shares)} is not allowed: the shares add to "
            f"{sum(shares)} % ({parts}), not 100 %; such as {example}, or [] for the rules' "
            "shares")


@dataclass(frozen=True)
class TicketsConfig:
    strips: int = 8
    seed: int = 1


PHONES_PORT_RANGE = (1024, 65535)
PHONES_CLIENTS_RANGE = (1, 256)
MAX_HOST_NAME = 253
# The local network: the only addresses [phones] bind may name (besides loopback).
LOCAL_NETWORKS = tuple(ipaddress.ip_network(net) for net in (
    "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7",  # private
    "169.254.0.0/16", "fe80::/10",  # link-local
))
_HOST_LABEL = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?")


@dataclass(frozen=True)
class PhonesConfig:
    """The [phones] section: phones join the game over the home network (DESIGN §3c).
    `name` is the host in the addresses the TV's QR codes hold ("": the kiosk's own
    local address, found at start); `bind` the one address the server listens on ("":
    the kiosk's loopback and local-network addresses only)."""

    enabled: bool = True
    port: int = 8080
    name: str = ""
    max_clients: int = 24
    bind: str = ""


def is_local_address(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    """Loopback, or in a private (10/8, 172.16/12, 192.168/16, fc00::/7) or link-local
    (169.254/16, fe80::/10) range: an address only the home network reaches."""
    if address.is_loopback:
        return True
    return any(address.version == net.version and address in net for net in LOCAL_NETWORKS)


def _check_phones(phones: PhonesConfig) -> None:
    name = phones.name
    if name and not _is_host_name(name):
        raise ConfigError(
            f"config key phones.name = {name!r} is not allowed: use a host name of letters, "
            "digits, hyphens and dots (such as \"debarna.local\"), at most "
            f"{MAX_HOST_NAME} characters, or an IPv4 address (such as \"192.168.1.20\"), "
            "or \"\" to use the kiosk's own local address")
    bind = phones.bind
    if not bind:
        return
    try:
        address = ipaddress.ip_address(bind)
    except ValueError:
        raise ConfigError(
            f"config key phones.bind = {bind!r} is not allowed: use one IP address of the "
            "kiosk's (such as \"192.168.1.20\"), or \"\" to listen on its local-network "
            "addresses") from None
    if not is_local_address(address):
        raise ConfigError(
            f"config key phones.bind = {bind!r} is not allowed: the kiosk listens on the home "
            "network only, so use a loopback, private (10.x, 172.16-31.x, 192.168.x, fc00::/7) "
            "or link-local (169.254.x, fe80::) address, or \"\" for the kiosk's own "
            "local-network addresses")


def _is_host_name(name: str) -> bool:
    """A DNS host name (labels of letters, digits and hyphens, not at either end, joined by
    dots) or an IPv4 address; all-digit labels must make a real IPv4 address."""
    if len(name) > MAX_HOST_NAME:
        return False
    labels = name.split(".")
    if not all(_HOST_LABEL.fullmatch(label) for label in labels):
        return False
    if all(label.isdigit() for label in labels):
        try:
            ipaddress.IPv4Address(name)
        except ValueError:
            return False
    return True


TURN_SECONDS_RANGE = (0, 600)

# -- a registered game's section ---------------------------------------------------------------

_SECTION_CLASSES: dict[str, tuple[GameEntry, type]] = {}


def section_class(entry: GameEntry) -> type:
    """The frozen dataclass of a game's section: turn_seconds (if its table has a turn
    clock), level (if it has computer players), then its options' fields with the
    kiosk's defaults. One class per registered entry."""
    known = _SECTION_CLASSES.get(entry.key)
    if known is not None and known[0] is entry:
        return known[1]
    items: list[tuple[str, type, Any]] = []
    if entry.turn_seconds is not None:
        items.append(("turn_seconds", int, field(default=entry.turn_seconds)))
    if entry.bot_levels:
        items.append(("level", str, field(default=entry.default_level)))
    for spec in entry.option_specs():
        kind = spec.enum or spec.kind
        items.append((spec.name, kind, field(default=getattr(entry.defaults, spec.name))))
    name = "".join(part.title() for part in entry.key.split("_")) + "Config"
    made = dataclasses.make_dataclass(name, items, frozen=True)
    made.__module__ = __name__
    made.__doc__ = f"The [{entry.key}] section: {entry.name_en}'s table and rule variants."
    _SECTION_CLASSES[entry.key] = (entry, made)
    return made


def _game_rules(entry: GameEntry) -> dict[str, _Rule]:
    rules: dict[str, _Rule] = {}
    if entry.turn_seconds is not None:
        rules["turn_seconds"] = _Rule(int, *TURN_SECONDS_RANGE)
    if entry.bot_levels:
        rules["level"] = _Rule(str, choices=entry.bot_levels)
    for spec in entry.option_specs():
        rules[spec.name] = _Rule(spec.kind, spec.low, spec.high, spec.choices)
    return rules


def _game_comments(entry: GameEntry) -> dict[str, str]:
    comments: dict[str, str] = {}
    if entry.turn_seconds is not None:
        low, high = TURN_SECONDS_RANGE
        comments["turn_seconds"] = (f"{entry.name_en}: seconds for each turn, {low} to {high}; "
                                    "0 = no limit")
    if entry.bot_levels:
        comments["level"] = f"the computer players: {_or_list(entry.bot_levels)}"
    for spec in entry.option_specs():
        comments[spec.name] = spec.help
    return comments


def _or_list(items: tuple[str, ...]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def options_of(entry: GameEntry, section: Any) -> Any:
    """The rule set a game's section asks for (its options dataclass)."""
    return entry.make_options({spec.name: getattr(section, spec.name)
                               for spec in entry.option_specs()})


def _game_section(entry: GameEntry, table: dict[str, Any]) -> Any:
    """A game's section from its TOML table: each key checked, then the rule set as a whole
    (a combination the game does not allow names a key that makes it so)."""
    rules = _game_rules(entry)
    specs = {spec.name: spec for spec in entry.option_specs()}
    values: dict[str, Any] = {}
    for key, value in table.items():
        if key not in rules:
            raise ConfigError(f"unknown config key {entry.key}.{key}: the keys of "
                              f"[{entry.key}] are " + ", ".join(rules))
        checked = _check(f"{entry.key}.{key}", value, rules[key])
        values[key] = specs[key].convert(checked) if key in specs else checked
    options = {key: value for key, value in values.items() if key in specs}
    try:
        entry.make_options(options)
    except (BrokenRule, TypeError, ValueError) as exc:
        culprit = next((key for key in reversed(list(options))
                        if _allowed_without(entry, options, key)), next(iter(options)))
        raise ConfigError(
            f"config key {entry.key}.{culprit} = {table[culprit]!r} is not allowed with "
            f"the other [{entry.key}] keys: {exc}") from None
    return section_class(entry)(**values)


def _allowed_without(entry: GameEntry, options: dict[str, Any], key: str) -> bool:
    try:
        entry.make_options({k: v for k, v in options.items() if k != key})
    except (BrokenRule, TypeError, ValueError):
        return False
    return True


@dataclass(frozen=True)
class Config:
    display: DisplayConfig = field(default_factory=DisplayConfig)
    caller: CallerConfig = field(default_factory=CallerConfig)
    voice: VoiceConfig = field(default_factory=VoiceConfig)
    hand: HandConfig = field(default_factory=HandConfig)
    pot: PotConfig = field(default_factory=PotConfig)
    tickets: TicketsConfig = field(default_factory=TicketsConfig)
    claims: ClaimsConfig = field(default_factory=ClaimsConfig)
    buttons: ButtonsConfig = field(default_factory=ButtonsConfig)
    scanner: ScannerConfig = field(default_factory=ScannerConfig)
    printing: PrintingConfig = field(default_factory=PrintingConfig)
    phones: PhonesConfig = field(default_factory=PhonesConfig)
    keys: dict[Action, tuple[str, ...]] = field(default_factory=lambda: dict(DEFAULT_KEYS))
    # The registered games' sections, by key (each game's defaults if unset).
    games: Mapping[str, Any] = field(default_factory=dict)
    # The sections games' packages add (`Section`), by name (their defaults if unset).
    extra: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        given = dict(self.games)
        full = {entry.key: given.pop(entry.key, None) or section_class(entry)()
                for entry in registered_games()}
        if given:
            raise ConfigError(f"no game {', '.join(given)} is registered")
        object.__setattr__(self, "games", full)
        declared = game_sections()
        unknown = sorted(set(self.extra) - set(declared))
        if unknown:
            raise ConfigError(f"no game adds a section {', '.join(unknown)}")
        object.__setattr__(self, "extra", {
            name: self.extra.get(name) or section.cls() for name, section in declared.items()})

    def section(self, key: str) -> Any:
        """A registered game's section (its defaults when the file has none)."""
        found = self.games.get(key)
        return found if found is not None else section_class(registered_game(key))()

    def options(self, key: str) -> Any:
        """The rule set the config asks for in a game's section."""
        return options_of(registered_game(key), self.section(key))

    def __getattr__(self, name: str) -> Any:
        # config.<key>: a registered game's section; config.<name>: a section a game's
        # package adds (sections.toml).
        if name.startswith("_") or name in ("games", "extra"):
            raise AttributeError(name)
        if name in {entry.key for entry in registered_games()}:
            return self.section(name)
        if name in self.extra:
            return self.extra[name]
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")


@dataclass(frozen=True)
class _Rule:
    """How one key is checked: its type, and a range or a set of choices."""

    kind: type
    low: float | None = None
    high: float | None = None
    choices: tuple[str | int, ...] | None = None
    items: int = 0  # for a list: at most this many whole numbers, each in low-high
    # for a program (kind str): how it is found when the value is "", and a full path
    program: str = ""
    example: str = ""

    def allowed(self) -> str:
        if self.kind is tuple:
            return (f"a list of at most {self.items} whole numbers from "
                    f"{self.low:g} to {self.high:g}")
        if self.choices is not None:
            return " or ".join(f'"{c}"' if isinstance(c, str) else str(c)
                               for c in self.choices)
        if self.kind is bool:
            return "true or false"
        if self.kind is str:
            return "text (in quotes)"
        what = "a number" if self.kind is float else "a whole number"
        if self.low is not None and self.high is not None:
            return f"{what} from {self.low:g} to {self.high:g}"
        return what


@dataclass(frozen=True)
class Section:
    """A config section a game's package adds of its own: its frozen dataclass (every key
    with its default), how each key is checked, and each key's comment in the defaults
    file."""

    cls: type
    rules: Mapping[str, _Rule]
    comments: Mapping[str, str]


_KINDS: dict[str, type] = {"bool": bool, "int": int, "float": float, "str": str,
                           "program": str}


def game_sections() -> dict[str, Section]:
    """The sections the registered games' packages add, by name, in the games' order."""
    return {name: section for _, name, section in _declared()}


def _declared() -> list[tuple[str, str, Section]]:
    """(game key, section name, section) for each section a game's package adds."""
    found: list[tuple[str, str, Section]] = []
    keys = {entry.key for entry in registered_games()}
    for entry in registered_games():
        for name, section in _sections_of(entry.key).items():
            taken = {n for _, n, _ in found} | set(_KIOSK_SECTIONS) | keys | {"keys"}
            if name in taken:
                raise ConfigError(f"game {entry.key} adds a config section [{name}], "
                                  "whose name is taken")
            found.append((entry.key, name, section))
    return found


@functools.cache
def _sections_of(key: str) -> dict[str, Section]:
    """The sections game `key`'s package declares in its sections.toml (none without
    one). Read once: the same section is the same dataclass for the whole run."""
    path = resources.files("kiosk").joinpath("games", key, "sections.toml")
    if not path.is_file():
        return {}
    where = f"kiosk/games/{key}/sections.toml"
    try:
        data = tomllib.loads(path.read_text("utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{where} is not valid TOML: {exc}") from None
    sections = {}
    for name, table in data.items():
        rules: dict[str, _Rule] = {}
        comments: dict[str, str] = {}
        fields: list[tuple[str, type, Any]] = []
        for item, spec in table.items():
            kind = _KINDS.get(spec.get("type", "")) if isinstance(spec, dict) else None
            if kind is None or "default" not in spec:
                raise ConfigError(f"{where}: {name}.{item} needs a type (one of "
                                  f"{', '.join(_KINDS)}) and a default")
            choices = spec.get("choices")
            rules[item] = _Rule(kind, spec.get("low"), spec.get("high"),
                                tuple(choices) if choices is not None else None,
                                program=spec.get("found") or "on the PATH"
                                if spec["type"] == "program" else "",
                                example=spec.get("example", ""))
            comments[item] = spec.get("comment", "")
            fields.append((item, kind, field(default=_check(f"{name}.{item}",
                                                            spec["default"], rules[item]))))
        cls = dataclasses.make_dataclass(f"{name.title()}Config", fields, frozen=True,
                                         namespace={"__doc__": f"The [{name}] section."})
        sections[name] = Section(cls, rules, comments)
    return sections


_KIOSK_SECTIONS: dict[str, tuple[type, dict[str, _Rule]]] = {
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
    "voice": (
        VoiceConfig,
        {
            "enabled": _Rule(bool),
            "volume": _Rule(float, 0.0, 1.0),
            "rate": _Rule(int, *RATE_RANGE),
            "voice": _Rule(str),
            "style": _Rule(str, choices=CALL_STYLES),
        },
    ),
    "hand": (
        HandConfig,
        {
            "two_lines": _Rule(bool),
            "four_corners": _Rule(bool),
            "early_five": _Rule(bool),
            "burn_false_claims": _Rule(bool),
            "auto_check": _Rule(bool),
        },
    ),
    "pot": (
        PotConfig,
        {
            "enabled": _Rule(bool),
            "stake": _Rule(int),
            "currency": _Rule(str),
            "shares": _Rule(tuple, 0, 100, items=3),
        },
    ),
    "claims": (
        ClaimsConfig,
        {"auto_resume": _Rule(float, 0.0, 120.0)},
    ),
    "buttons": (
        ButtonsConfig,
        {
            "claim_pins": _Rule(tuple, 2, 27, items=MAX_SEATS),
            "led_pins": _Rule(tuple, 0, 27, items=MAX_SEATS),
            "left_pins": _Rule(tuple, 0, 27, items=MAX_SEATS),
            "right_pins": _Rule(tuple, 0, 27, items=MAX_SEATS),
            "select_pins": _Rule(tuple, 0, 27, items=MAX_SEATS),
            "pause_pin": _Rule(int, 0, 27),
            "next_pin": _Rule(int, 0, 27),
            "repeat_pin": _Rule(int, 0, 27),
            "menu_pin": _Rule(int, 0, 27),
            "debounce_ms": _Rule(int, 1, 500),
            "long_press_ms": _Rule(int, 300, 10000),
            "chip": _Rule(int, 0, 15),
        },
    ),
    "scanner": (
        ScannerConfig,
        {"max_gap_ms": _Rule(int, 5, 500), "min_length": _Rule(int, 4, 200)},
    ),
    "printing": (
        PrintingConfig,
        {"printer": _Rule(str), "escpos": _Rule(str)},
    ),
    "tickets": (
        TicketsConfig,
        {"strips": _Rule(int, *STRIPS_RANGE), "seed": _Rule(int, 0, 2**63 - 1)},
    ),
    "phones": (
        PhonesConfig,
        {
            "enabled": _Rule(bool),
            "port": _Rule(int, *PHONES_PORT_RANGE),
            "name": _Rule(str),
            "max_clients": _Rule(int, *PHONES_CLIENTS_RANGE),
            "bind": _Rule(str),
        },
    ),
}


class _Sections(Mapping[str, tuple[type, dict[str, _Rule]]]):
    """Every section and its rules: the kiosk's own, then one per registered game with
    the sections its package adds after it (read from the registry each time, so a
    game registered later has its section too)."""

    def _all(self) -> dict[str, tuple[type, dict[str, _Rule]]]:
        sections = dict(_KIOSK_SECTIONS)
        declared = _declared()
        for entry in registered_games():  # each game's section, then those it adds
            sections[entry.key] = (section_class(entry), _game_rules(entry))
            for _, name, extra in (d for d in declared if d[0] == entry.key):
                sections[name] = (extra.cls, dict(extra.rules))
        return sections

    def __getitem__(self, key: str) -> tuple[type, dict[str, _Rule]]:
        return self._all()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


_SECTIONS = _Sections()


def _check_program(name: str, path: str, rule: _Rule) -> None:
    """A program the kiosk could not run as given is refused with what to write instead."""
    program = rule.example.rsplit("/", 1)[-1]
    if path != path.strip() or any(ch in path for ch in "\n\r\0"):
        raise ConfigError(f"config key {name} = {path!r} is not allowed: use the {program} "
                          f'program\'s file name without spaces round it, or "" to find '
                          f"{program} {rule.program}")
    if "/" in path and not path.startswith("/"):
        raise ConfigError(f"config key {name} = {path!r} is not allowed: give the full "
                          f'path from / (such as "{rule.example}"), a program name on the '
                          f'PATH (such as "{program}"), or "" to find it')


def _check(name: str, value: Any, rule: _Rule) -> Any:
    """The value converted to the rule's type, or ConfigError naming the key."""
    wrong = ConfigError(f"config key {name} = {value!r} is not allowed: use {rule.allowed()}")
    if rule.kind is tuple:
        if not isinstance(value, list) or len(value) > rule.items or not all(
            type(v) is int and rule.low <= v <= rule.high for v in value  # type: ignore[operator]
        ):
            raise wrong
        return tuple(value)
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
        if not math.isfinite(value):  # nan passes every comparison below
            raise wrong
    elif rule.kind is str and not isinstance(value, str):
        raise wrong
    if rule.program:
        _check_program(name, value, rule)
    if rule.choices is not None and value not in rule.choices:
        raise wrong
    if rule.low is not None and value < rule.low:
        raise wrong
    if rule.high is not None and value > rule.high:
        raise wrong
    return value


def key_code(name: str) -> int:
    """The pygame key code of a key name ("space", "f11", "c"); ValueError if unknown.

    Key names resolve the same before pygame is started as after (SDL's own table),
    so the check needs no display; pygame's warning that it was not started is noise.
    """
    import pygame

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return int(pygame.key.key_code(name))


def key_codes(keys: dict[Action, tuple[str, ...]]) -> dict[int, Action]:
    """Key codes to actions; ConfigError naming the key for an unknown or doubled name."""
    mapping: dict[int, Action] = {}
    named: dict[int, tuple[Action, str]] = {}
    for action, names in keys.items():
        for name in names:
            try:
                code = key_code(name)
            except ValueError:
                raise ConfigError(
                    f"config key keys.{action.value}: {name!r} is not a key name "
                    '(use names such as "space", "return", "c", "f11")'
                ) from None
            if code in named and named[code][0] is not action:
                other, said = named[code]
                raise ConfigError(
                    f"config key keys.{action.value}: {name!r} is also a key of "
                    f"keys.{other.value} ({said!r}); a key can mean one action only, so give "
                    f"keys.{other.value} or keys.{action.value} other keys"
                )
            named[code] = (action, name)
            mapping[code] = action
    return mapping


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
    key_codes(keys)  # the kiosk maps these at start: an unknown name must stop it here
    return keys


def _check_pins_once(buttons: ButtonsConfig) -> None:
    """A GPIO pin wired to two buttons (or a button and an LED) is a wiring mistake."""
    seen: dict[int, str] = {}
    named: list[tuple[str, int]] = []
    for key in ("claim_pins", "led_pins", "left_pins", "right_pins", "select_pins"):
        named.extend((f"buttons.{key}", pin) for pin in getattr(buttons, key))
    for key in ("pause_pin", "next_pin", "repeat_pin", "menu_pin"):
        named.append((f"buttons.{key}", getattr(buttons, key)))
    for key, pin in named:
        if not pin:
            continue
        if pin in seen:
            raise ConfigError(f"config key {key} uses GPIO{pin}, which {seen[pin]} uses too: "
                              "each pin can serve one button or LED")
        seen[pin] = key


def from_mapping(data: dict[str, Any]) -> Config:
    """A validated Config from parsed TOML (a dict of sections)."""
    sections: dict[str, Any] = {}
    games: dict[str, Any] = {}
    extra: dict[str, Any] = {}
    declared = game_sections()
    known = dict(_SECTIONS)
    for section, table in data.items():
        if section == "keys":
            continue
        if section not in known:
            allowed = ", ".join([*known, "keys"])
            raise ConfigError(f"unknown config section [{section}]: the sections are {allowed}")
        cls, rules = known[section]
        if not isinstance(table, dict):
            raise ConfigError(f"config [{section}] must be a table of keys")
        if section not in _KIOSK_SECTIONS and section not in declared:
            games[section] = _game_section(registered_game(section), table)
            continue
        values = {}
        for key, value in table.items():
            if key not in rules:
                raise ConfigError(
                    f"unknown config key {section}.{key}: the keys of [{section}] are "
                    + ", ".join(rules)
                )
            values[key] = _check(f"{section}.{key}", value, rules[key])
        if section in declared:
            extra[section] = cls(**values)
        else:
            sections[section] = cls(**values)
    if "buttons" in sections:
        _check_pins_once(sections["buttons"])
    if "phones" in sections:
        _check_phones(sections["phones"])
    if "pot" in sections:
        _check_pot(sections["pot"], sections.get("hand", HandConfig()))
    keys = _keys(data["keys"]) if "keys" in data else dict(DEFAULT_KEYS)
    return Config(**sections, keys=keys, games=games, extra=extra)


SYSTEM_CONFIG = Path("/etc/debarna/kiosk.toml")


def default_path() -> Path | None:
    """The config file used without --config: $DEBARNA_CONFIG, /etc/debarna, or XDG."""
    named = os.environ.get("DEBARNA_CONFIG")
    if named:
        return Path(named)
    xdg = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    for candidate in (Path(xdg) / "debarna" / "kiosk.toml", SYSTEM_CONFIG):
        if candidate.is_file():
            return candidate
    return None


def decode_text(raw: bytes) -> str:
    """A config file's text from its UTF-8 bytes; UnicodeDecodeError if they are not UTF-8.

    A UTF-8 byte-order mark at the very start, which Notepad and other Windows editors
    write, is not part of the text and is dropped (tomllib would call it an invalid
    statement); one anywhere else is left for tomllib to judge.
    """
    return raw.decode("utf-8-sig")


def read_file(path: Path) -> dict[str, Any]:
    """The parsed TOML of a config file; ConfigError in one line if it cannot be had."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise ConfigError(f"the config file {path} does not exist") from None
    except OSError as exc:
        raise ConfigError(
            f"the config file {path} cannot be read ({exc.strerror or exc}); "
            "check that it is a file the kiosk's user may read"
        ) from exc
    try:
        text = decode_text(raw)
    except UnicodeDecodeError as exc:
        read = bytes(exc.object)  # the bytes decoded: without a byte-order mark
        line = read[:exc.start].count(b"\n") + 1
        raise ConfigError(
            f"the config file {path} is not UTF-8 text (byte 0x{read[exc.start]:02x} on line "
            f"{line}); save it as UTF-8"
        ) from exc
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"the config file {path} is not valid TOML: {exc}") from exc


def load(path: Path | None) -> Config:
    """The configuration in `path` (which must exist), or the defaults when it is None."""
    if path is None:
        return Config()
    return from_mapping(read_file(path))


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, StrEnum):
        return f'"{value.value}"'
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, tuple):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    return repr(value)


_COMMENTS = {
    "display.lang": "language of the screen and the voice: fa or en",
    "display.persian_digits": "show ۰۱۲۳۴۵۶۷۸۹ in the Persian interface",
    "display.fullscreen": "false: a 1280x720 window",
    "display.width": "screen size in pixels, 0 to 8192; 0 = the screen's own size",
    "display.height": "0 = the screen's own size",
    "caller.rhythm": "seconds from one call to the next, 3 to 5",
    "caller.manual": "true: the host calls each number with N or Enter",
    "voice.enabled": "false: no voice, the screen only",
    "voice.volume": "0.0 (silent) to 1.0 (full)",
    "voice.rate": "speaking speed in words a minute, 80 to 260",
    "voice.voice": 'an espeak-ng voice name; "" = the usual one for the language',
    "voice.style": 'number: "63"; digits: "63 - 6, 3"; twice: "63 ... 63"',
    "hand.two_lines": "play for two lines between line and full house",
    "hand.four_corners": "extra prize: the ends of the top and bottom rows",
    "hand.early_five": "extra prize: the first card with any five numbers",
    "hand.burn_false_claims": "a false claim puts the card out for the hand",
    "hand.auto_check": "the kiosk itself finds and announces winning cards",
    "pot.enabled": "Dabernā's prize pot: every card in play puts in the stake",
    "pot.stake": "each card's stake, a whole number of the smallest unit (e.g. tomans)",
    "pot.currency": 'the currency as the screens show it; "" = tomans',
    "pot.shares": "percent of the pot per stage, Line first; [] = 20/30/50 (30/70)",
    "claims.auto_resume": "seconds after a verdict before calling goes on; 0 = the host",
    "buttons.claim_pins": "BCM pin of each seat's claim button, up to 8 seats",
    "buttons.led_pins": "BCM pin of each seat's LED, in the same order; 0 = none",
    "buttons.left_pins": "each seat's left, right and select buttons for the table",
    "buttons.right_pins": "games (Bidel), in seat order; 0 = not wired",
    "buttons.pause_pin": "host buttons, BCM pins; 0 = not wired",
    "buttons.menu_pin": "a long press goes back to the menu",
    "buttons.debounce_ms": "a press must hold this long to count",
    "buttons.long_press_ms": "how long the menu button is held",
    "buttons.chip": "the GPIO chip (lgpio); 0 on most Pis",
    "scanner.max_gap_ms": "a scanner types faster than this between characters",
    "scanner.min_length": "fewer characters than this is typing, not a scan",
    "printing.printer": 'a CUPS printer for "Print tickets"; "" = the default one',
    "printing.escpos": 'a receipt printer instead: "/dev/usb/lp0" or "usb:VID:PID"',
    "tickets.strips": "strips of 6 tickets in the box, 1 to 50",
    "tickets.seed": "which box: the one `debarna tickets --seed` prints",
    "phones.enabled": "phones join the game over the home network (QR codes on the TV)",
    "phones.port": "web port for phones, 1024 to 65535; change the unit's SocketBindAllow too",
    "phones.name": 'host in the QR codes\' links, e.g. "debarna.local"; "" = the kiosk\'s own IP',
    "phones.max_clients": "phones and pages connected at once, 1 to 256",
    "phones.bind": 'one loopback, private or link-local IP to listen on; "" = every such IP it has',
}


def defaults_toml() -> str:
    """The default configuration as a commented TOML file."""
    config = Config()
    lines = [
        "# Dabernā kiosk configuration: every key, with its default. Every key is optional.",
        "# Installed as /etc/debarna/kiosk.toml by `make install`; check it with",
        "# `debarna config --check FILE`, print the defaults with `debarna config --defaults`.",
        "",
    ]
    declared = game_sections()
    for section, (_, rules) in _SECTIONS.items():
        lines.append(f"[{section}]")
        values = getattr(config, section)
        if section in _KIOSK_SECTIONS:
            comments: Mapping[str, str] = {}
        elif section in declared:
            comments = declared[section].comments
        else:
            comments = _game_comments(registered_game(section))
        for key in rules:
            text = f"{key} = {_toml_value(getattr(values, key))}"
            comment = comments.get(key) or _COMMENTS.get(f"{section}.{key}")
            lines.append(f"{text:<28}# {comment}" if comment else text)
        lines.append("")
    lines.append("[keys]")
    lines.append("# pygame key names per action")
    for action, names in DEFAULT_KEYS.items():
        lines.append(f"{action.value} = {_toml_value(names)}")
    return "\n".join(lines) + "\n"

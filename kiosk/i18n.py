"""The UI string catalogues (one TOML file per language in kiosk/locales, and one per
language in each game package's own folder, kiosk/games/<key>/locales/<lang>.toml, read
under the game's key) and `t()`.

Keys are dotted paths ("caller.paused"); values may hold {placeholders} filled by
`t(key, **values)`. Numbers passed as values are written with Persian digits when the
language is Persian and the display asks for them.
"""

from __future__ import annotations

import string
import tomllib
from functools import cache
from importlib import resources
from typing import Any

LANGUAGES = ("fa", "en")
PERSIAN_DIGITS = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")
FSI, PDI = "\u2068", "\u2069"  # bidi "first strong isolate" and its end


class Written(str):
    """Text already in its final digits (a player's name as typed, a list a translator
    put together): a translator's `digits` and `isolate` change none of its digits, so
    a name's "2" is never made "۲". `translate` (how `to_digits` writes Persian digits)
    maps its other characters only."""

    __slots__ = ()

    def __str__(self) -> Written:
        return self

    def translate(self, table: Any) -> str:
        if isinstance(table, dict):
            table = {k: v for k, v in table.items()
                     if not (isinstance(k, int) and chr(k).isdigit())}
        return str.translate(self, table)


class CatalogueError(LookupError):
    """A missing catalogue or key."""


def _flatten(table: dict[str, Any], prefix: str = "") -> dict[str, str]:
    flat: dict[str, str] = {}
    for key, value in table.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            flat.update(_flatten(value, name + "."))
        elif isinstance(value, str):
            flat[name] = value
        else:
            raise CatalogueError(f"catalogue entry {name} must be text, not {value!r}")
    return flat


@cache
def catalogue(lang: str) -> dict[str, str]:
    """Every key of one language's catalogue, flattened to dotted names."""
    if lang not in LANGUAGES:
        raise CatalogueError(f"no catalogue for language {lang!r}: use one of {LANGUAGES}")
    locales = resources.files("kiosk").joinpath("locales")
    flat = _flatten(tomllib.loads(locales.joinpath(f"{lang}.toml").read_text("utf-8")))
    games = resources.files("kiosk").joinpath("games")
    for package in sorted(games.iterdir() if games.is_dir() else (), key=lambda p: p.name):
        path = package.joinpath("locales", f"{lang}.toml")
        if not path.is_file():  # a game's own words: games/<key>/locales/<lang>.toml
            continue
        own = _flatten(tomllib.loads(path.read_text("utf-8")), package.name + ".")
        clash = sorted(set(own) & set(flat))
        if clash:
            raise CatalogueError(f"{package.name}/locales/{lang}.toml repeats keys of "
                                 f"the catalogue: {', '.join(clash[:3])}")
        flat.update(own)
    return flat


def placeholders(template: str) -> frozenset[str]:
    """The {names} a template expects."""
    return frozenset(name for _, name, _, _ in string.Formatter().parse(template) if name)


def to_digits(text: str, persian: bool) -> str:
    """`text` with its Western digits turned into Persian ones when `persian` is true."""
    return text.translate(PERSIAN_DIGITS) if persian else text


class Translator:
    """Looks keys up in one language and fills in placeholders."""

    def __init__(self, lang: str, persian_digits: bool = True) -> None:
        self.lang = lang
        self.rtl = lang == "fa"
        self.persian_digits = persian_digits and lang == "fa"
        self._strings = catalogue(lang)

    def digits(self, value: object) -> str:
        """A number (or any text) written in this language's digits."""
        return to_digits(str(value), self.persian_digits)

    def isolate(self, value: object) -> str:
        """A value in this language's digits, kept whole inside right-to-left text; a list
        or tuple of values is written as a list (`join`).

        In Persian a serial such as ۰۰۳-۴ would otherwise be reordered to ۴-۰۰۳.
        """
        if isinstance(value, list | tuple):
            return self.join([self.digits(item) for item in value])
        text = self.digits(value)
        if not self.rtl or FSI in text:
            return text
        return f"{FSI}{text}{PDI}"

    def join(self, items: list[str] | tuple[str, ...]) -> Written:
        """Items as a list in running text ("a, b" or «a، b»), each in its own digits and
        isolated; the list is put in a sentence as it is."""
        return Written(self("app.list_sep").join(self.isolate(item) for item in items))

    def __call__(self, key: str, **values: object) -> str:
        try:
            template = self._strings[key]
        except KeyError:
            raise CatalogueError(f"the {self.lang} catalogue has no key {key!r}") from None
        if not values:
            return template
        return template.format(**{k: self.isolate(v) for k, v in values.items()})

    def has(self, key: str) -> bool:
        return key in self._strings


_current = Translator("en", False)


def set_language(lang: str, persian_digits: bool = True) -> Translator:
    """Make `lang` the language `t()` speaks."""
    global _current
    _current = Translator(lang, persian_digits)
    return _current


def current() -> Translator:
    return _current


def t(key: str, **values: object) -> str:
    """The current language's text for `key`, placeholders filled."""
    return _current(key, **values)

"""Takhteh Nard's own config section beside [backgammon]: [gnubg], where GNU Backgammon
is (the expert level and its hints) and how deep it looks.

Read by `kiosk.config` when it loads a file (`Section`); ``config.gnubg`` is this
section. An empty `path` finds `gnubg` on the PATH, then Debian's /usr/games/gnubg; the
environment variables DEBARNA_GNUBG and DEBARNA_GNUBG_PLY override both keys
(`kiosk.games.backgammon.gnubg`)."""

from __future__ import annotations

from dataclasses import dataclass

from kiosk.config import ConfigError, Rule, Section
from kiosk.games.backgammon.gnubg import DEFAULT_PLY, MAX_PLY


@dataclass(frozen=True)
class GnubgConfig:
    """The [gnubg] section."""

    path: str = ""
    ply: int = DEFAULT_PLY


def check(gnubg: GnubgConfig) -> None:
    """A path the kiosk could not run as given is refused with what to write instead."""
    path = gnubg.path
    if path != path.strip() or any(ch in path for ch in "\n\r\0"):
        raise ConfigError(f"config key gnubg.path = {path!r} is not allowed: use the gnubg "
                          'program\'s file name without spaces round it, or "" to find gnubg '
                          "on the PATH or at /usr/games/gnubg")
    if "/" in path and not path.startswith("/"):
        raise ConfigError(f"config key gnubg.path = {path!r} is not allowed: give the full "
                          'path from / (such as "/usr/games/gnubg"), a program name on the '
                          'PATH (such as "gnubg"), or "" to find it')


SECTIONS = {
    "gnubg": Section(
        GnubgConfig,
        {"path": Rule(str), "ply": Rule(int, 0, MAX_PLY)},
        {"path": 'GNU Backgammon for Takhteh Nard\'s expert; "" = gnubg or /usr/games/gnubg',
         "ply": f"how deep the expert (and its hints) looks, 0 to {MAX_PLY}; 2 = strong"},
        check,
    ),
}

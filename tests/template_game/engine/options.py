"""Every rule variant of Six Cards, with its default, for the config file and the command line.

`Options` is a frozen dataclass; each field carries `about(...)` metadata (its help text
and allowed values). A value the rules do not offer raises `OptionsError` naming the rule.
The game is for two players always (`players`, which the table reads).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from engines.errors import BrokenRule
from engines.registry import Adjustable, about, check_switches, whole

PLAYERS: Final = 2
TARGETS: Final = (5, 11, 21)


class OptionsError(BrokenRule):
    """A value the rules do not offer; `rule` names the rule."""


@dataclass(frozen=True)
class Options(Adjustable):
    """The rules agreed before the first deal (see the package docstring)."""

    target: int = field(default=11, metadata=about(
        "the game ends once a player has this many points: 5, 11 or 21", choices=TARGETS))
    last_trick_bonus: bool = field(default=False, metadata=about(
        "the last trick of a deal scores 2 points, not 1"))

    @property
    def players(self) -> int:
        return PLAYERS

    def __post_init__(self) -> None:
        if not whole(self.target) or self.target not in TARGETS:
            raise OptionsError("a game is played to 5, 11 or 21 points",
                               f"target {self.target!r} is not offered")
        check_switches(self, ("last_trick_bonus",), OptionsError)

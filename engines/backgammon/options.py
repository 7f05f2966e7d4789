"""Every rule variant of Takhteh Nard, with the source's defaults (rules §6–§7).

Two scoring variants: **classic** (single 1, gammon 2, backgammon 3, with the
doubling cube) and **Maple** (single 1, gammon 2, no separate backgammon, no
cube, matches to 1, 3 or 5 points).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from engines.errors import BrokenRule
from engines.registry import about


class Variant(StrEnum):
    """The scoring variant."""

    CLASSIC = "classic"
    MAPLE = "maple"


class Kind(StrEnum):
    """How a game was won (rules §6)."""

    SINGLE = "single"
    GAMMON = "gammon"
    BACKGAMMON = "backgammon"


MAPLE_MATCH_LENGTHS = (1, 3, 5)
MAX_MATCH_LENGTH = 25  # the longest match the kiosk offers

_POINTS = {
    Variant.CLASSIC: {Kind.SINGLE: 1, Kind.GAMMON: 2, Kind.BACKGAMMON: 3},
    Variant.MAPLE: {Kind.SINGLE: 1, Kind.GAMMON: 2, Kind.BACKGAMMON: 2},
}


class OptionsError(BrokenRule):
    """A combination of options the rules do not allow; `rule` names the rule."""


@dataclass(frozen=True)
class GameOptions:
    """The variants agreed before the first game.

    variant: classic (1/2/3) or Maple (1/2/2) scoring.
    cube: the doubling cube is in play (Decision: an option; on for classic,
    off for Maple, which has no cube).
    match_length: the points needed to win the match; 0 means one game played
    for its points (money play). Maple plays matches to 1, 3 or 5.
    crawford: in a match with the cube, no doubling in the game right after a
    player first comes within one point of the target (Decision: standard, on).
    """

    variant: Variant = field(default=Variant.CLASSIC, metadata=about(
        "classic (1/2/3 points) or maple (1/2/2, matches to 1, 3 or 5)"))
    cube: bool = field(default=True, metadata=about(
        "the doubling cube is in play (false for Maple, which has none)"))
    match_length: int = field(default=0, metadata=about(
        "points to win the match, 0 to 25; 0 = one game", low=0, high=MAX_MATCH_LENGTH))
    crawford: bool = field(default=True, metadata=about(
        "no doubling in the game after a side first reaches match point"))

    def __post_init__(self) -> None:
        try:
            object.__setattr__(self, "variant", Variant(self.variant))
        except ValueError as exc:
            raise OptionsError(
                "classic or Maple scoring", f"unknown variant {self.variant!r}"
            ) from exc
        if isinstance(self.match_length, bool) or not isinstance(self.match_length, int):
            raise OptionsError("match length", "the match length must be a whole number")
        if self.match_length < 0:
            raise OptionsError("match length", "the match length cannot be negative")
        if self.variant is Variant.MAPLE and self.match_length not in MAPLE_MATCH_LENGTHS:
            raise OptionsError(
                "Maple matches are to 1, 3 or 5 points",
                f"a Maple match cannot be played to {self.match_length}",
            )

    @classmethod
    def classic(
        cls, match_length: int = 0, *, cube: bool = True, crawford: bool = True
    ) -> GameOptions:
        """Classic scoring with the cube: one game, or a match to `match_length`."""
        return cls(Variant.CLASSIC, cube, match_length, crawford)

    @classmethod
    def maple(cls, match_length: int = 1) -> GameOptions:
        """Maple: 1/2/2 scoring, no cube, a match to 1, 3 or 5 points."""
        return cls(Variant.MAPLE, False, match_length, False)

    @property
    def is_match(self) -> bool:
        return self.match_length > 0

    @property
    def uses_crawford(self) -> bool:
        """The Crawford rule matters only in a match of more than one point with the cube."""
        return self.crawford and self.cube and self.match_length > 1

    def points(self, kind: Kind) -> int:
        """The points of a game won this way, before the cube (rules §6)."""
        return _POINTS[self.variant][Kind(kind)]

"""Every rule variant of Takhteh Nard, with the source's defaults (rules §6–§7).

Two scoring variants: **classic** (single 1, gammon 2, backgammon 3, with the
doubling cube) and **Maple** (single 1, gammon 2, no separate backgammon, no
cube, matches to 1, 3 or 5 points). A classic game is one game (money play, where the
Jacoby rule may apply) or a match; the cube goes no higher than 64 in play.
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
MAX_CUBE = 64  # the cube's highest face: no doubling beyond it in play

R_MAPLE_NO_CUBE = "Maple has no doubling cube"
R_MAPLE_LENGTHS = "Maple matches are to 1, 3 or 5 points"

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
    jacoby: in money play (a single game with the cube), a gammon or backgammon
    counts only once the cube has been turned; a game won with the cube in the
    middle scores 1 (standard money-play option, off by default; no effect in a match).

    Refused (OptionsError naming the rule): Maple with the cube, a Maple match of
    other than 1, 3 or 5 points, a negative or non-whole match length.
    """

    variant: Variant = field(default=Variant.CLASSIC, metadata=about(
        "classic (1/2/3 points) or maple (1/2/2, matches to 1, 3 or 5)"))
    cube: bool = field(default=True, metadata=about(
        "the doubling cube is in play (false for Maple, which has none)"))
    match_length: int = field(default=0, metadata=about(
        "points to win the match, 0 to 25; 0 = one game", low=0, high=MAX_MATCH_LENGTH))
    crawford: bool = field(default=True, metadata=about(
        "no doubling in the game after a side first reaches match point"))
    jacoby: bool = field(default=False, metadata=about(
        "money play: gammons count only once the cube is turned (single games only)"))

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
        if self.variant is Variant.MAPLE and self.cube:
            raise OptionsError(
                R_MAPLE_NO_CUBE, "Maple is played without the doubling cube: set cube to false"
            )
        if self.variant is Variant.MAPLE and self.match_length not in MAPLE_MATCH_LENGTHS:
            what = "a single game" if self.match_length == 0 else f"to {self.match_length}"
            raise OptionsError(
                R_MAPLE_LENGTHS, f"a Maple match cannot be played {what}: choose 1, 3 or 5"
            )

    @classmethod
    def classic(
        cls, match_length: int = 0, *, cube: bool = True, crawford: bool = True,
        jacoby: bool = False,
    ) -> GameOptions:
        """Classic scoring with the cube: one game, or a match to `match_length`."""
        return cls(Variant.CLASSIC, cube, match_length, crawford, jacoby)

    @classmethod
    def money(cls, *, jacoby: bool = True) -> GameOptions:
        """Money play: one classic game with the cube, the Jacoby rule as chosen."""
        return cls(Variant.CLASSIC, True, 0, True, jacoby)

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

    @property
    def uses_jacoby(self) -> bool:
        """The Jacoby rule matters only in money play (one game with the cube)."""
        return self.jacoby and self.cube and self.match_length == 0

    def points(self, kind: Kind) -> int:
        """The points of a game won this way, before the cube (rules §6)."""
        return _POINTS[self.variant][Kind(kind)]

    def game_points(self, kind: Kind, cube: int) -> int:
        """The points a game won this way scores at cube value `cube`: under the Jacoby
        rule, a gammon or backgammon with the cube never turned counts as a single game."""
        if self.uses_jacoby and cube == 1:
            kind = Kind.SINGLE
        return self.points(kind) * cube

"""The stages of a Dabernā hand and every rule variant, with the source's defaults."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Stage(StrEnum):
    """A win pattern. LINE, TWO_LINES and FULL_HOUSE are the main stages, in order."""

    EARLY_FIVE = "early_five"
    FOUR_CORNERS = "four_corners"
    LINE = "line"
    TWO_LINES = "two_lines"
    FULL_HOUSE = "full_house"


@dataclass(frozen=True)
class HandOptions:
    """Rule variants agreed before the cards are dealt (rules §5–6).

    two_lines: the optional middle stage (Decision: on by default).
    four_corners, early_five: extra patterns (Decision: opt-in, off by default).
    They are side prizes, open from the first number until won.
    burn_false_claims: a false claim burns the card for the rest of the hand
    (Decision: off by default).
    """

    two_lines: bool = True
    four_corners: bool = False
    early_five: bool = False
    burn_false_claims: bool = False

    @property
    def main_stages(self) -> tuple[Stage, ...]:
        if self.two_lines:
            return (Stage.LINE, Stage.TWO_LINES, Stage.FULL_HOUSE)
        return (Stage.LINE, Stage.FULL_HOUSE)

    @property
    def side_stages(self) -> tuple[Stage, ...]:
        extra = []
        if self.early_five:
            extra.append(Stage.EARLY_FIVE)
        if self.four_corners:
            extra.append(Stage.FOUR_CORNERS)
        return tuple(extra)

    @property
    def stages(self) -> tuple[Stage, ...]:
        return self.side_stages + self.main_stages

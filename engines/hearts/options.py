"""Every rule variant of Bidel, with the source app's defaults (rules §5).

| option | default | variant |
|---|---|---|
| target | 100 | 50 |
| moon | others +26 | shooter −26 |
| J♦ | no effect | −10 to whoever takes it |
| first trick | no points allowed | anything may be played |
| players | 4 | 3 or 5 |
| pass order | right, left, across, none | left, right, across, none |

With 3 or 5 players the deck loses 2♦ (and 2♠ for five) and the pass cycle
skips "across" (rules §1).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from engines.cards.cards import Card, Suit
from engines.errors import BrokenRule
from engines.registry import about, read_choices, whole

TWO_OF_CLUBS = Card.of(2, Suit.CLUBS)
QUEEN_OF_SPADES = Card.of(12, Suit.SPADES)
JACK_OF_DIAMONDS = Card.of(11, Suit.DIAMONDS)

TARGETS = (100, 50)
PLAYERS = (3, 4, 5)


class OptionsError(BrokenRule):
    """A combination of options the rules do not allow; `rule` names the rule."""


class Moon(StrEnum):
    """What shooting the moon scores (rules §4)."""

    OTHERS_ADD = "others_add"  # the shooter 0, everyone else +26
    SHOOTER_SUBTRACTS = "shooter_subtracts"  # the shooter −26, everyone else 0


class PassOrder(StrEnum):
    """Which way the first hand passes (rules §2)."""

    RIGHT_FIRST = "right_first"  # the source's: right, left, across, none
    LEFT_FIRST = "left_first"  # the international order: left, right, across, none


class Direction(StrEnum):
    RIGHT = "right"
    LEFT = "left"
    ACROSS = "across"
    NONE = "none"


@dataclass(frozen=True)
class HeartsOptions:
    """The variants agreed before the first hand.

    target: the game ends after a hand in which someone reaches it (100 or 50).
    moon: how shooting the moon scores.
    jack_of_diamonds: J♦ takes 10 points off whoever wins it.
    first_trick_points: hearts and Q♠ may be played on the first trick.
    players: 3, 4 or 5.
    pass_order: right first (the source's) or left first.
    """

    target: int = field(default=100, metadata=about(
        "the game ends when someone reaches 100 (or 50)", choices=TARGETS))
    moon: Moon = field(default=Moon.OTHERS_ADD, metadata=about(
        "others_add: the others +26; shooter_subtracts: the shooter -26"))
    jack_of_diamonds: bool = field(default=False, metadata=about(
        "J of diamonds takes 10 points off its winner"))
    first_trick_points: bool = field(default=False, metadata=about(
        "hearts and Q of spades allowed on the first trick"))
    players: int = field(default=4, metadata=about(
        "4, or 3 or 5 with the small cards removed", choices=PLAYERS))
    pass_order: PassOrder = field(default=PassOrder.RIGHT_FIRST, metadata=about(
        "right_first (right, left, across, none) or left_first"))

    def __post_init__(self) -> None:
        if not whole(self.target) or self.target not in TARGETS:
            raise OptionsError("the game is played to 100, or to 50",
                               f"a target of {self.target!r} is not offered")
        if not whole(self.players) or self.players not in PLAYERS:
            raise OptionsError("four players, or three or five with small cards removed",
                               f"{self.players!r} players is not offered")
        read_choices(self, (("moon", Moon), ("pass_order", PassOrder)), OptionsError)
        for name in ("jack_of_diamonds", "first_trick_points"):
            if not isinstance(getattr(self, name), bool):
                raise OptionsError(f"{name} is on or off", f"{name} must be true or false")

    @property
    def removed(self) -> tuple[Card, ...]:
        """The small cards taken out so the deck divides evenly (rules §1)."""
        if self.players == 3:
            return (Card.of(2, Suit.DIAMONDS),)
        if self.players == 5:
            return (Card.of(2, Suit.DIAMONDS), Card.of(2, Suit.SPADES))
        return ()

    @property
    def hand_size(self) -> int:
        return (52 - len(self.removed)) // self.players

    @property
    def pass_cycle(self) -> tuple[Direction, ...]:
        first, second = (
            (Direction.RIGHT, Direction.LEFT)
            if self.pass_order is PassOrder.RIGHT_FIRST
            else (Direction.LEFT, Direction.RIGHT)
        )
        if self.players == 4:
            return (first, second, Direction.ACROSS, Direction.NONE)
        return (first, second, Direction.NONE)

    def direction(self, hand_number: int) -> Direction:
        """The pass of hand `hand_number` (0 = the first hand of the game)."""
        return self.pass_cycle[hand_number % len(self.pass_cycle)]

    def receiver(self, seat: int, direction: Direction) -> int:
        """Who `seat` passes to. Seats run clockwise: seat s+1 is on s's left."""
        n = self.players
        if direction is Direction.LEFT:
            return (seat + 1) % n
        if direction is Direction.RIGHT:
            return (seat - 1) % n
        if direction is Direction.ACROSS:
            return (seat + n // 2) % n
        return seat

    def giver(self, seat: int, direction: Direction) -> int:
        """Who passes to `seat`: the receiver the other way round."""
        n = self.players
        if direction is Direction.LEFT:
            return (seat - 1) % n
        if direction is Direction.RIGHT:
            return (seat + 1) % n
        if direction is Direction.ACROSS:
            return (seat - n // 2) % n
        return seat

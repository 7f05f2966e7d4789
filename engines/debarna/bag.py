"""The bag of 90 balls: a draw without replacement from an injected random source.

Live play passes ``secrets.SystemRandom()``; tests and replays pass
``random.Random(seed)``. Drawing is the hand's chance step: `outcomes` lists
what may come out, and the drawn balls stay aside, in order, for checking.
"""

from __future__ import annotations

from typing import Protocol

from .ticket import HIGHEST, LOWEST


class RandomLike(Protocol):
    def randrange(self, stop: int, /) -> int: ...


class BagEmpty(LookupError):
    """All 90 balls have been drawn."""


class Bag:
    """Balls 1–90, each drawn exactly once."""

    def __init__(self, rng: RandomLike) -> None:
        self._rng = rng
        self._left = list(range(LOWEST, HIGHEST + 1))
        self._drawn: list[int] = []

    @classmethod
    def resumed(cls, rng: RandomLike, drawn: tuple[int, ...] | list[int]) -> Bag:
        """A bag from which `drawn` already came out, in that order (after a restart)."""
        bag = cls(rng)
        left = set(bag._left)
        for ball in drawn:
            if ball not in left:
                raise ValueError(f"ball {ball} cannot come out of the bag twice")
            left.remove(ball)
        bag._left = sorted(left)
        bag._drawn = list(drawn)
        return bag

    @property
    def drawn(self) -> tuple[int, ...]:
        """The balls drawn so far, in order."""
        return tuple(self._drawn)

    @property
    def remaining(self) -> int:
        return len(self._left)

    @property
    def outcomes(self) -> tuple[int, ...]:
        """The balls still in the bag, each equally likely to come out next."""
        return tuple(sorted(self._left))

    def draw(self) -> int:
        """Take one ball at random; it never returns to the bag."""
        if not self._left:
            raise BagEmpty("the bag is empty: all 90 numbers have been called")
        i = self._rng.randrange(len(self._left))
        self._left[i], self._left[-1] = self._left[-1], self._left[i]
        ball = self._left.pop()
        self._drawn.append(ball)
        return ball

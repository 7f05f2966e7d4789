"""The turn clock: how long a person has for a decision, and when it runs out.

It runs only while the person may act (their hand on the screen, no menu or score
sheet in front of it); it waits, unchanged, while the table is off the screen. Zero
seconds is no limit.
"""

from __future__ import annotations

import math


class TurnClock:
    """A countdown of `seconds` for the decision under way."""

    def __init__(self, seconds: float = 0.0) -> None:
        self.seconds = seconds
        self.deadline: float | None = None

    @property
    def limited(self) -> bool:
        return self.seconds > 0

    @property
    def running(self) -> bool:
        return self.deadline is not None

    def run(self, now: float) -> None:
        """Start counting, unless already counting (or there is no limit)."""
        if self.limited and self.deadline is None:
            self.deadline = now + self.seconds

    def stop(self) -> None:
        self.deadline = None

    def expired(self, now: float) -> bool:
        return self.deadline is not None and now >= self.deadline

    def left(self, now: float) -> int | None:
        """Whole seconds left, rounded up (None: not counting)."""
        if self.deadline is None:
            return None
        return max(0, math.ceil(self.deadline - now))

    def shift(self, gap: float) -> None:
        """The table was away for `gap` seconds: the time left is what it was."""
        if self.deadline is not None:
            self.deadline += gap

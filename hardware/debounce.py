"""Debouncing a mechanical switch from its raw edges, with the clock passed in.

A real arcade switch chatters for a few milliseconds when it closes and opens. The
`Debouncer` is told every raw edge (`edge(level, t)`) and asked what has settled
(`update(t)`). The settled level follows the raw level only once the raw level has
stayed the same for `hold` seconds, so:

- any number of edges inside the bounce window make at most one press;
- a press counts once the switch has been steadily closed for `hold`;
- a release must be steady for `hold` too before the next press can count;
- a long press is reported once per press, when the settled press has lasted
  `long_press` seconds with the switch closed (a bounce in the middle does not end it).

The result depends only on the edges and their times, never on how often `update` is
called: each change carries the moment it settled. No threads and no clock inside.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Change(StrEnum):
    """What settled."""

    PRESS = "press"
    RELEASE = "release"
    LONG_PRESS = "long_press"


@dataclass(frozen=True)
class Settled:
    """A change of the debounced switch and the moment it settled."""

    change: Change
    at: float


class Debouncer:
    """One switch's debounced state; `True` is pressed (closed)."""

    def __init__(self, hold: float, long_press: float | None = None, *,
                 pressed: bool = False) -> None:
        if not hold > 0:
            raise ValueError(f"the debounce hold must be a positive time, not {hold!r}")
        if long_press is not None and not long_press > 0:
            raise ValueError(f"the long press must be a positive time, not {long_press!r}")
        self.hold = hold
        self.long_press = long_press
        self._raw = pressed  # the level the line has now
        self._since = float("-inf")  # when the line last changed
        self._stable = pressed  # the debounced level
        self._press_start = float("-inf")  # when the settled press's closing edge came
        self._pressed_at = float("-inf")  # when that press settled
        self._long_done = True  # a switch held at start is not a long press
        self._now = float("-inf")
        self._pending: list[Settled] = []

    @property
    def pressed(self) -> bool:
        """The debounced level as of the last `edge` or `update`."""
        return self._stable

    def edge(self, level: bool, t: float) -> None:
        """The raw line is now at `level` (True = pressed), since time `t`.

        An edge to the level the line already has changes nothing; a time earlier
        than one already seen counts as that time.
        """
        t = self._advance(t)
        if level != self._raw:
            self._raw = level
            self._since = t

    def update(self, t: float) -> list[Settled]:
        """Every change that has settled by time `t` and not yet been reported, in order."""
        self._advance(t)
        settled, self._pending = self._pending, []
        return settled

    def due(self) -> float | None:
        """The earliest time at which `update` could report something new, if any."""
        if self._raw != self._stable:
            return self._since + self.hold
        if self._wants_long():
            return max(self._press_start + self.long_press, self._since)  # type: ignore[operator]
        return None

    def _wants_long(self) -> bool:
        return (self.long_press is not None and self._stable and self._raw
                and not self._long_done)

    def _advance(self, t: float) -> float:
        """Settle whatever the line's current level has earned by time `t`."""
        t = max(t, self._now)
        self._now = t
        if self._raw != self._stable and t >= self._since + self.hold:
            at = self._since + self.hold
            self._stable = self._raw
            if self._stable:
                self._press_start = self._since
                self._pressed_at = at
                self._long_done = False
                self._pending.append(Settled(Change.PRESS, at))
            else:
                self._pending.append(Settled(Change.RELEASE, at))
        if self._wants_long() and t >= self._press_start + self.long_press:  # type: ignore[operator]
            self._long_done = True
            at = max(self._press_start + self.long_press, self._pressed_at, self._since)  # type: ignore[operator]
            self._pending.append(Settled(Change.LONG_PRESS, at))
        return t

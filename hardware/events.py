"""The plain input events the hardware hands to the app through a thread-safe queue.

`Buttons` puts `SeatClaim`, `SeatButton` and `HostButton` on the queue; the app puts a `Scan` there
(or handles it directly) when the `ScanDetector` recognises a scanner burst. The app
empties the queue once a frame with `drain`.
"""

from __future__ import annotations

import queue
from dataclasses import dataclass

HOST_ACTIONS = ("pause", "next", "repeat", "menu")
SEAT_ACTIONS = ("left", "right", "select")


@dataclass(frozen=True)
class SeatClaim:
    """A seat's claim button was pressed; seats count from 1."""

    seat: int

    def __post_init__(self) -> None:
        if self.seat < 1:
            raise ValueError(f"seats count from 1, not {self.seat}")


@dataclass(frozen=True)
class SeatButton:
    """One of a seat's own game buttons (left, right or select); seats count from 1.

    The table games read them: only the seat whose decision it is may act with them.
    """

    seat: int
    action: str

    def __post_init__(self) -> None:
        if self.seat < 1:
            raise ValueError(f"seats count from 1, not {self.seat}")
        if self.action not in SEAT_ACTIONS:
            raise ValueError(
                f"a seat button is one of {', '.join(SEAT_ACTIONS)}, not {self.action!r}"
            )


@dataclass(frozen=True)
class HostButton:
    """One of the host's buttons: pause (pause/resume), next, repeat or menu (long press)."""

    action: str

    def __post_init__(self) -> None:
        if self.action not in HOST_ACTIONS:
            raise ValueError(
                f"a host button is one of {', '.join(HOST_ACTIONS)}, not {self.action!r}"
            )


@dataclass(frozen=True)
class Scan:
    """A ticket code read by the QR scanner, without its Enter, upper case."""

    payload: str


InputEvent = SeatClaim | SeatButton | HostButton | Scan


def drain(events: queue.Queue[InputEvent]) -> list[InputEvent]:
    """Everything waiting on the queue, oldest first, without blocking."""
    taken: list[InputEvent] = []
    while True:
        try:
            taken.append(events.get_nowait())
        except queue.Empty:
            return taken

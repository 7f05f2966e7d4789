"""How long a frame may go on painting on the kiosk's frame loop.

A table redraws only what changed, but some changes are many pieces at once (a move that
changes the board, the pips, the prompt and the buttons; a trick collected while a hand
fans out again). On a Raspberry Pi core each piece is a millisecond or a few, and the
process's share of a core is used up within a frame, so a frame that paints all of them
stalls. With a budget the scene paints its changed places until the budget is spent,
and leaves the rest, still marked changed, to the next frame, 33 ms later. A place is
shown only once it is painted whole: one whose pieces were not all painted when the
budget ran out is not shown, and painted again in the next frame, which gets further (the
lines of text drawn so far are kept). A place left for later still shows its last look,
whole, never half drawn; after `WHOLE_AFTER` frames in a row that left something for
later (a fifth of a second), a frame paints everything, however long it takes.

Only the kiosk's frame loop has a budget (a scene hosted with the worker processes):
tests, tools and screenshots draw everything at once.
"""

from __future__ import annotations

import time

DRAW_BUDGET = 0.003  # seconds of painting a frame may start new pieces in
WHOLE_AFTER = 6  # frames in a row that left something: the next one paints everything


STALE_FRAME = 0.1  # seconds: a frame mark older than this is another frame's

_frame_began: float | None = None


def frame_begins() -> None:
    """The kiosk's frame loop marks the start of each frame (`Kiosk.frame`), so that a
    budget counts what the frame did before painting: the phones' pushes, a move
    applied. A frame that spent its budget before painting still paints one piece."""
    global _frame_began
    _frame_began = time.perf_counter()


class Budget:
    """A frame's painting time: `start` when painting begins, then `spent` says
    whether another piece may be started. The time runs from the frame's start
    (`frame_begins`), or from `start` where no frame loop marks it (a tool drawing a
    scene by itself). `seconds` None: never spent."""

    def __init__(self, seconds: float | None) -> None:
        self.seconds = seconds
        self._until: float | None = None
        self.late = False  # the frame's other work spent the budget before `start`

    def start(self) -> None:
        self.late = False
        if self.seconds is None:
            self._until = None
            return
        now = time.perf_counter()
        began = _frame_began
        if began is None or not 0 <= now - began <= STALE_FRAME:
            began = now
        self._until = began + self.seconds
        self.late = began < now and now >= self._until

    def spent(self) -> bool:
        return self._until is not None and time.perf_counter() >= self._until

"""The warm-up: what the first screen did not need, done once it is up.

On a thread of its own, a step at a time (start the phones' server, draw the stand-in
box, import what the other screens need), so that opening a screen imports nothing big
on the frame loop. Between two steps the frame loop gets a breath (`WARM_PAUSE`), and no
step starts just before a call is due (`WARM_CLEAR`), so the calls stay on the beat.
"""

from __future__ import annotations

import gc
import importlib
import logging
import threading
import time
from collections.abc import Callable, Iterable
from functools import partial
from typing import Protocol

log = logging.getLogger(__name__)

# What the warm-up imports after the first frame, besides every game's hosting module.
WARM_MODULES = ("kiosk.games.debarna.scene", "kiosk.games.debarna.printing",
                "kiosk.scenes.settings", "kiosk.games.debarna.prepare", "kiosk.scenes.no_table",
                "kiosk.match_journal")
WARM_PAUSE = 0.02  # seconds between two warm-up steps
WARM_CLEAR = 0.8  # no warm-up step starts this close before a call is due
WARM_STOP_SECONDS = 10.0  # the longest the kiosk waits, closing, for a warm-up step

Step = Callable[[], object]


class Calls(Protocol):
    """What the warm-up asks of the caller: when its next call is due, and whether it
    is calling."""

    @property
    def next_call_at(self) -> float | None: ...
    @property
    def running(self) -> bool: ...


def imports(names: Iterable[str]) -> list[Step]:
    """A step for each module named: importing it."""
    return [partial(importlib.import_module, name) for name in names]


class WarmUp:
    """The warm-up's thread; `calls` gives the caller whose beat it keeps clear of."""

    def __init__(self, calls: Callable[[], Calls]) -> None:
        self._calls = calls
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()

    def may_warm(self, now: float) -> bool:
        """A warm-up step may hold the interpreter now: no call is due within
        `WARM_CLEAR` seconds (a step takes up to about that at a Pi core's speed)."""
        calls = self._calls()
        due = calls.next_call_at
        return due is None or not calls.running or due - now > WARM_CLEAR

    def start(self, steps: Callable[[], Iterable[Step]]) -> None:
        """Run the steps `steps()` lists (asked for on the warm-up's thread), in order."""
        self._thread = threading.Thread(target=self._warming, args=(steps,),
                                        name="warm-up", daemon=True)
        self._thread.start()

    def _warming(self, steps: Callable[[], Iterable[Step]]) -> None:
        for step in steps():
            # A breath between steps, for the frame loop to take the interpreter; and no
            # step just before a call is due, so the calls stay on the beat.
            if self._stop.wait(WARM_PAUSE):
                return
            while not self.may_warm(time.monotonic()):
                if self._stop.wait(WARM_PAUSE):
                    return
            try:
                step()
            except Exception:  # it is done again, and fails in the open, where first used
                log.exception("warming up after start-up failed")
        # What start-up and the warm-up made stays for good, like `Kiosk.settle`'s.
        gc.freeze()

    def stop(self) -> None:
        """The warm-up stops after the step it is in (the kiosk is closing)."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(WARM_STOP_SECONDS)

"""The table games' journal written off the frame loop, and the screen held until it is.

Every action of a table game is committed to the journal before anyone sees it
(DESIGN §4): SQLite in WAL mode with ``synchronous=FULL``, so each commit waits for the
disk, a few milliseconds here and often far more on a Raspberry Pi's SD card. On the
frame loop that wait was a frame that stalled.

A `Committer` owns a connection of its own to the journal, on a thread of its own, and
writes the table's actions there, in order. What is not on the disk yet is not shown:
while a commit is pending the kiosk draws the next frame into its buffer but does not
hand it to the display, nor the phones their pages (`Kiosk.frame`); the first frame
after the commit shows everything at once, usually the next one. So a pulled plug or a
killed process still loses only what nobody saw, and the frame loop never waits for
the disk.

Everything else a table's journal does (the last game's rules, an unfinished game to
resume, closing one that cannot come back) happens when a table is opened, through
`call`, which waits for the answer.
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

from kiosk.store import Store, open_store

log = logging.getLogger(__name__)


class Committer:
    """The journal at `path`, written on a thread of its own (see the module docstring)."""

    def __init__(self, path: Path) -> None:
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="journal")
        self._pending: deque[Future[Any]] = deque()
        try:
            self.store: Store = self._thread.submit(self._open, path).result()
        except BaseException:
            self._thread.shutdown(wait=False)
            raise

    @staticmethod
    def _open(path: Path) -> Store:
        store, problem = open_store(path)
        if problem is not None:
            store.close()
            raise problem
        return store

    def call(self, fn: Callable[..., Any], *args: Any) -> Any:
        """`fn(*args)` on the journal's thread, after everything submitted before; waits."""
        return self._thread.submit(fn, *args).result()

    def submit(self, fn: Callable[..., Any], *args: Any) -> None:
        """`fn(*args)` on the journal's thread, in turn; the screen waits for it."""
        self._pending.append(self._thread.submit(fn, *args))

    @property
    def busy(self) -> bool:
        """Something submitted is not written yet (so it must not be shown yet)."""
        pending = self._pending
        while pending and pending[0].done():
            exc = pending.popleft().exception()
            if exc is not None:  # the journal says its own failures; this is a bug
                log.error("a table's journal write failed: %r", exc)
        return bool(pending)

    def flush(self, timeout: float | None = 60.0) -> None:
        """Wait until everything submitted is written."""
        for future in list(self._pending):
            future.exception(timeout)
        _ = self.busy

    def close(self) -> None:
        """Write what is pending, then close the journal's connection and its thread."""
        try:
            self.flush()
            self.call(self.store.close)
        finally:
            self._thread.shutdown(wait=True)

"""The computers' thinking, off the frame loop, and dropped once the game has moved on.

A `Worker` runs a bot's `choose(view, rng)` on an executor: in the kiosk, the worker
processes of `kiosk.table.pool` (the frame loop keeps its interpreter to itself), in
some tests a thread. A bot that thinks for a quarter of a second never holds up a
frame. Every job carries the worker's *generation*; the table bumps it whenever the
game moves on (an action applied, a new game, a resumed one), and a result of an older
generation is stale: it is never played, whenever it arrives. A bump also cancels the
jobs not yet started, so no worker thinks about a position the game has left.

Without an executor (tests, `fast_forward`) a job is lazy: it is computed, on the
caller's thread, the first time its result is asked for.

On a thread, a bot thinking in pure Python holds the interpreter's lock while the
frame loop waits for it (every time the loop lets go of the lock, it waits up to
Python's switch interval to have it back); a worker with a thread executor shortens the
interval to `SWITCH_INTERVAL`. Worker processes need none of that
(`benchmarks/bench_table_frames.py` measures both).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from typing import Any, Final

SWITCH_INTERVAL: Final = 0.001  # seconds a thinking bot holds the interpreter at most


class Job:
    """One piece of thinking: ready or not, stale or not, and its result."""

    def __init__(self, worker: Worker, generation: int, future: Future[Any] | None,
                 call: Callable[[], Any] | None) -> None:
        self._worker = worker
        self.generation = generation
        self._future = future
        self._call = call

    @property
    def stale(self) -> bool:
        """The game has moved on since the job started: its result must not be played."""
        return self.generation != self._worker.generation

    def ready(self) -> bool:
        """The result can be had without waiting (a lazy job always can)."""
        return self._future is None or self._future.done()

    def result(self, timeout: float | None = None) -> Any:
        """The bot's answer (the thinking's own exception if it failed)."""
        if self._future is not None:
            return self._future.result(timeout)
        assert self._call is not None
        call, self._call = self._call, None
        self._future = Future()
        try:
            self._future.set_result(call())
        except Exception as exc:  # kept, and raised to whoever asks, like a thread's
            self._future.set_exception(exc)
        return self._future.result()

    def cancel(self) -> None:
        if self._future is not None:
            self._future.cancel()
        self._call = None


class Worker:
    """Starts jobs on an executor (or lazily without one) under a generation counter."""

    def __init__(self, executor: Executor | None = None) -> None:
        self.executor = executor
        self.generation = 0
        self._pending: list[Future[Any]] = []
        if isinstance(executor, ThreadPoolExecutor) and \
                sys.getswitchinterval() > SWITCH_INTERVAL:
            sys.setswitchinterval(SWITCH_INTERVAL)

    def bump(self) -> None:
        """The game moved on: every job started before is stale from now on, and those
        no worker has taken yet are cancelled."""
        self.generation += 1
        for future in self._pending:
            future.cancel()
        self._pending.clear()

    def start(self, call: Callable[..., Any], *args: Any) -> Job:
        if self.executor is None:
            return Job(self, self.generation, None, lambda: call(*args))
        future = self.executor.submit(call, *args)
        self._pending = [f for f in self._pending if not f.done()]
        self._pending.append(future)
        return Job(self, self.generation, future, None)

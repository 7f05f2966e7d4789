"""The computers think in worker processes, so the frame loop has its interpreter to itself.

A `ThinkingPool` is a `concurrent.futures.Executor` whose jobs run in a few worker
processes, started once (on the Pi, one for each core the frame loop leaves free).
A job is a call such as ``bot.choose(view, rng)``: it is pickled on the caller's
thread when it is submitted, so what crosses is plain data (the bot's settings, the
seat's view, a random source of its own) as it was at that moment, and the answer
comes back the same way. Nothing of the game's full state crosses: the table hands
a job the seat's `view(seat)`, never the state.

One thread of the pool (the *dispatcher*) hands jobs to idle workers and reads
their answers; it spends its time blocked in `multiprocessing.connection.wait`, off
the interpreter's lock. The frame loop only pickles a view and appends it to a queue.

What goes wrong, and what the pool does:

- A job cancelled before a worker took it (the game moved on: `Worker.bump`) is
  never sent. One whose game moved on while it ran is answered, and the table drops
  the answer (`kiosk.table.worker`: a stale job is never played).
- A worker that dies (killed, out of memory, a crash in a library) is replaced, and
  the job it held is sent again to the new one; so is a worker that thinks for
  longer than `hang_seconds` on one job (it is killed first). Each is logged.
- A job that has killed `MAX_TRIES` workers, or that cannot be pickled (a test's
  bot holding a lock), or a pool whose processes cannot start at all, is thought on
  a thread of this process instead, and the log says why: the table never waits for
  an answer that cannot come.

Workers run at a lower priority (`NICE`), so a machine with fewer spare cores than
workers still gives the frame loop its turn first.
"""

from __future__ import annotations

import contextlib
import logging
import os
import pickle
import signal
import subprocess
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from pathlib import Path
from typing import Any, Final

log = logging.getLogger(__name__)

HANG_SECONDS: Final = 45.0  # one job this long: its worker is taken for hung and replaced
MAX_TRIES: Final = 3  # workers a job may lose before it is thought on a thread here
NICE: Final = 5  # the workers' priority below the frame loop's
MOST_WORKERS: Final = 3  # a Pi 4 or 5 has four cores: one for the frame loop
ENV_WORKERS: Final = "DEBARNA_THINKERS"


def spare_cores() -> int:
    """Workers for this machine: every core the frame loop leaves, at least one, at most
    `MOST_WORKERS`; the environment's `DEBARNA_THINKERS` (1-8) says otherwise (the Pi
    model's benchmarks set 3, a Pi 4's spare cores, on a machine with fewer)."""
    wanted = os.environ.get(ENV_WORKERS, "")
    if wanted.isdigit() and 1 <= int(wanted) <= 8:
        return int(wanted)
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # pragma: no cover - not Linux
        cores = os.cpu_count() or 1
    return max(1, min(MOST_WORKERS, cores - 1))


class WorkerLost(RuntimeError):
    """A worker process died or hung while it held a job."""


@dataclass
class _Task:
    """One submitted job: its pickled call, its future, and how many workers it cost."""

    future: Future[Any]
    payload: bytes
    fn: Callable[..., Any]
    args: tuple[Any, ...]
    kwargs: dict[str, Any]
    tries: int = 0


@dataclass
class _Process:
    """One worker process, its two pipes, and the task it holds."""

    popen: subprocess.Popen[bytes]
    jobs_out: Connection  # the pool writes calls
    answers: Connection  # the pool reads answers (end of file: the worker is gone)
    task: _Task | None = None
    since: float = 0.0
    jobs: int = field(default=0)

    @property
    def pid(self) -> int:
        return self.popen.pid


# The packages' root, so a worker imports this kiosk (and a test's bots) as we do.
_ROOT = str(Path(__file__).resolve().parent.parent.parent)


def serve(calls_fd: int, answers_fd: int, preload: Sequence[str], nice: int) -> None:
    """A worker process's life: read a pickled call, run it, send back its answer."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the kiosk's Ctrl-C is for the kiosk
    if nice:
        with contextlib.suppress(OSError):  # a container may refuse it
            os.nice(nice)
    for name in preload:
        try:
            __import__(name)
        except Exception as exc:  # the job that needs it will say what is wrong
            print(f"thinking worker: {name} cannot be imported: {exc}", file=sys.stderr)
    calls = Connection(calls_fd, writable=False)
    answers = Connection(answers_fd, readable=False)
    while True:
        try:
            payload = calls.recv_bytes()
        except (EOFError, OSError):
            return  # the pool is gone
        try:
            fn, args, kwargs = pickle.loads(payload)
            answer: tuple[str, Any] = ("ok", fn(*args, **kwargs))
        except Exception as exc:  # the job's own failure goes back to whoever asked
            answer = ("error", exc)
        try:
            data = pickle.dumps(answer, pickle.HIGHEST_PROTOCOL)
        except Exception as exc:  # an answer or an exception that cannot be pickled
            data = pickle.dumps(("error", RuntimeError(f"{type(exc).__name__}: {exc}")))
        try:
            answers.send_bytes(data)
        except OSError:
            return


class ThinkingPool(Executor):
    """Jobs in `workers` processes (see the module docstring); `submit` never blocks."""

    def __init__(self, workers: int | None = None, *, hang_seconds: float = HANG_SECONDS,
                 preload: Sequence[str] = (), nice: int = NICE) -> None:
        self.size = spare_cores() if workers is None else max(1, workers)
        self.hang_seconds = hang_seconds
        self.nice = nice
        self.replaced = 0  # workers replaced after they died or hung
        self.fallbacks = 0  # jobs thought on this process's thread instead
        self.answered = 0  # jobs a worker process answered
        self.preload = tuple(preload)
        self._lock = threading.Lock()
        self._queue: deque[_Task] = deque()
        self._procs: list[_Process] = []
        self._closed = False
        self._broken: str | None = None  # why processes cannot be had at all
        self._local: ThreadPoolExecutor | None = None
        self._wake_r = self._wake_w = -1
        self._woken = False  # a wake is on its way to the dispatcher
        self._thread: threading.Thread | None = None  # started with the first job or warm()

    def warm(self) -> None:
        """Start the workers now (the first job would), so the first computer to think
        does not wait for them: the kiosk calls it when a table is opened."""
        with self._lock:
            if self._thread is not None or self._closed:
                return
            self._wake_r, self._wake_w = os.pipe()
            os.set_blocking(self._wake_w, False)
            self._thread = threading.Thread(target=self._dispatch, name="thinkers",
                                            daemon=True)
            self._thread.start()

    # -- the caller's side ------------------------------------------------------------------
    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        if self._closed:
            raise RuntimeError("cannot submit to a thinking pool that was shut down")
        future: Future[Any] = Future()
        try:
            payload = pickle.dumps((fn, args, kwargs), pickle.HIGHEST_PROTOCOL)
        except Exception as exc:
            log.warning("a job (%s) cannot be sent to a worker process (%s): it is thought "
                        "on a thread of the kiosk", getattr(fn, "__qualname__", fn), exc)
            return self._think_here(fn, args, kwargs)
        with self._lock:
            if self._broken is not None:
                broken = True
            else:
                broken = False
                self._queue.append(_Task(future, payload, fn, args, kwargs))
        if broken:
            return self._think_here(fn, args, kwargs)
        self.warm()
        self._wake()
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        with self._lock:
            self._closed = True
            if cancel_futures:
                for task in self._queue:
                    task.future.cancel()
                self._queue.clear()
        self._wake()
        if wait and self._thread is not None:
            self._thread.join()
        if self._local is not None:
            self._local.shutdown(wait=wait, cancel_futures=cancel_futures)

    def pids(self) -> list[int]:
        """The worker processes' ids (started ones), for the log and for tests."""
        with self._lock:
            return [p.pid for p in self._procs]

    def busy_pids(self) -> list[int]:
        """The ids of the workers holding a job now."""
        with self._lock:
            return [p.pid for p in self._procs if p.task is not None]

    # -- thinking here, when a process cannot ------------------------------------------------
    def _think_here(self, fn: Callable[..., Any], args: tuple[Any, ...],
                    kwargs: dict[str, Any], future: Future[Any] | None = None) -> Future[Any]:
        self.fallbacks += 1
        if self._local is None:
            self._local = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bots-here")
        local = self._local.submit(fn, *args, **kwargs)
        if future is None:
            return local

        def relay(done: Future[Any]) -> None:
            if future.cancelled() or future.done():
                return
            exc = done.exception()
            if exc is not None:
                future.set_exception(exc)
            else:
                future.set_result(done.result())

        local.add_done_callback(relay)
        return future

    # -- the dispatcher's side -------------------------------------------------------------
    def _wake(self) -> None:
        """Wake the dispatcher, once: the jobs a frame submits one after another (a hand's
        cards) cost one write and one switch of threads, not one each."""
        with self._lock:
            if self._wake_w < 0 or self._woken:
                return  # the dispatcher has stopped, or will look at the queue anyway
            self._woken = True
            with contextlib.suppress(OSError):  # a full pipe: the dispatcher is awake
                os.write(self._wake_w, b"x")

    def _start_process(self) -> _Process:
        """A fresh interpreter that imports only this module and the bots' modules (never
        the kiosk's main module, pygame or the phones' server)."""
        calls_r, calls_w = os.pipe()
        answers_r, answers_w = os.pipe()
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(
            [_ROOT, *filter(None, env.get("PYTHONPATH", "").split(os.pathsep))])
        code = (f"from kiosk.table.pool import serve; "
                f"serve({calls_r}, {answers_w}, {list(self.preload)!r}, {self.nice})")
        try:
            popen = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.DEVNULL,
                                     pass_fds=(calls_r, answers_w), env=env)
        except BaseException:
            for fd in (calls_w, answers_r):
                os.close(fd)
            raise
        finally:
            os.close(calls_r)
            os.close(answers_w)
        return _Process(popen, Connection(calls_w, readable=False),
                        Connection(answers_r, writable=False))

    def _fill(self) -> None:
        """As many live workers as the pool's size (never while shutting down)."""
        while len(self._procs) < self.size and not self._closed and self._broken is None:
            try:
                started = self._start_process()
            except Exception as exc:  # no processes here (a sandbox, no /dev/shm)
                self._give_up(f"worker processes cannot be started ({exc})")
                return
            with self._lock:
                self._procs.append(started)
            log.info("a thinking worker started (pid %s)", started.pid)

    def _give_up(self, why: str) -> None:
        log.error("%s: the computers think on a thread of the kiosk instead", why)
        with self._lock:
            self._broken = why
            waiting = list(self._queue)
            self._queue.clear()
        for task in waiting:
            self._think_here(task.fn, task.args, task.kwargs, task.future)

    def _hand_out(self) -> None:
        """Each idle worker gets the oldest job still wanted."""
        for proc in self._procs:
            if proc.task is not None:
                continue
            with self._lock:
                task = None
                while self._queue:
                    candidate = self._queue.popleft()
                    # A job sent again is running already; a new one may have been
                    # cancelled meanwhile (then it is dropped here, never sent).
                    if candidate.tries or candidate.future.set_running_or_notify_cancel():
                        task = candidate
                        break
            if task is None:
                return
            try:
                proc.jobs_out.send_bytes(task.payload)
            except OSError:
                with self._lock:
                    self._queue.appendleft(task)
                continue  # its death is seen by the wait below
            proc.task, proc.since = task, time.monotonic()

    def _lost(self, proc: _Process, why: str) -> None:
        """A worker died or hung: replace it, and send its job again (or think it here)."""
        with self._lock:
            if proc in self._procs:
                self._procs.remove(proc)
        try:
            proc.popen.kill()
            proc.popen.wait(timeout=5)
        except Exception:  # pragma: no cover - already gone
            pass
        for end in (proc.jobs_out, proc.answers):
            end.close()
        self.replaced += 1
        task = proc.task
        if task is None:
            log.warning("thinking worker %s %s while idle; it is replaced", proc.pid, why)
            return
        task.tries += 1
        if task.future.cancelled():
            log.warning("thinking worker %s %s on a job no longer wanted; it is replaced",
                        proc.pid, why)
            return
        if task.tries >= MAX_TRIES:
            log.error("thinking worker %s %s; that job has now cost %d workers, so it is "
                      "thought on a thread of the kiosk", proc.pid, why, task.tries)
            self._think_here(task.fn, task.args, task.kwargs, task.future)
            return
        log.warning("thinking worker %s %s; it is replaced and its job thought again",
                    proc.pid, why)
        with self._lock:
            self._queue.appendleft(task)

    def _answer(self, proc: _Process) -> None:
        try:
            data = proc.answers.recv_bytes()
        except (EOFError, OSError):
            try:
                code = proc.popen.wait(timeout=5)
            except subprocess.TimeoutExpired:  # its pipe closed, yet it lives: kill it
                code = None
            self._lost(proc, "died" if code is None else f"died (exit status {code})")
            return
        task, proc.task = proc.task, None
        proc.jobs += 1
        self.answered += 1
        if task is None or task.future.cancelled() or task.future.done():
            return
        try:
            kind, value = pickle.loads(data)
        except Exception as exc:
            task.future.set_exception(WorkerLost(f"an answer could not be read: {exc}"))
            return
        if kind == "ok":
            task.future.set_result(value)
        else:
            task.future.set_exception(value)

    def _dispatch(self) -> None:
        try:
            while True:
                with self._lock:
                    closing = self._closed
                if closing and not any(p.task for p in self._procs) and \
                        (not self._queue or not self._procs):
                    break
                self._fill()
                self._hand_out()
                now = time.monotonic()
                busy = [p for p in self._procs if p.task is not None]
                timeout = min((p.since + self.hang_seconds - now for p in busy), default=None)
                waiting: list[Any] = [self._wake_r, *(p.answers for p in self._procs)]
                ready = set(wait(waiting, None if timeout is None else max(0.0, timeout)))
                if self._wake_r in ready:
                    with self._lock:
                        self._woken = False  # before the queue is looked at again
                    with contextlib.suppress(OSError):
                        os.read(self._wake_r, 4096)
                for proc in list(self._procs):
                    if proc.answers in ready:
                        self._answer(proc)  # an answer, or the end of file of its death
                now = time.monotonic()
                for proc in list(self._procs):
                    if proc.task is not None and now - proc.since > self.hang_seconds:
                        self._lost(proc, f"thought for over {self.hang_seconds:g} s")
        except Exception:  # pragma: no cover - a bug here must not freeze the table
            log.exception("the thinking pool's dispatcher failed")
            self._give_up("the thinking pool's dispatcher failed")
        finally:
            self._stop_all()

    def _stop_all(self) -> None:
        with self._lock:
            procs, self._procs = list(self._procs), []
        for proc in procs:
            proc.jobs_out.close()  # the worker reads the end of file and ends
        for proc in procs:
            try:
                proc.popen.wait(timeout=2)
            except subprocess.TimeoutExpired:
                proc.popen.kill()
                proc.popen.wait(timeout=2)
            proc.answers.close()
        with self._lock:
            left, self._queue = list(self._queue), deque()
            fds, self._wake_r, self._wake_w = (self._wake_r, self._wake_w), -1, -1
        for task in left:  # never handed out: nobody will answer them now
            if not task.future.cancel() and not task.future.done():
                task.future.set_exception(WorkerLost("the thinking pool was shut down"))
        for fd in fds:
            with contextlib.suppress(OSError):
                os.close(fd)


def bot_modules(makers: Iterable[Callable[..., Any]]) -> tuple[str, ...]:
    """The modules that hold these bot makers: what a worker imports before its first job."""
    return tuple(sorted({maker.__module__ for maker in makers}))

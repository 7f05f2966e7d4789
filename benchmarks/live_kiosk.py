"""A live kiosk for the phone tests, benchmarks and screenshots: the real app, headless
(SDL's dummy driver), its phones' server on the loopback (a free port unless told), its
frames running at the app's rate on a thread of their own.

The kiosk is made on that thread, and callers touch it only through `LiveKiosk.call(fn)`,
which runs `fn` there between two frames: the frame loop's thread is the only one that
touches a game, its journal and its display, as in the app.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import replace
from typing import Any, TypeVar

import pygame

from kiosk.app import FPS, Kiosk, KioskOptions
from kiosk.config import Config
from kiosk.phones.hub import PhoneHub

T = TypeVar("T")


class LiveKiosk:
    """The kiosk and its frame loop (see the module docstring)."""

    def __init__(self, game: str = "hearts", lang: str = "en", seed: int = 5,
                 config: Config | None = None, rhythm: float | None = None,
                 port: int = 0) -> None:
        config = config or Config()
        self.config = replace(config, voice=replace(config.voice, enabled=False))
        self.options = KioskOptions(headless=True, lang=lang, seed=seed, game=game,
                                    phones=True, phones_port=port, rhythm=rhythm)
        self.frames: list[float] = []  # how long each frame took, in seconds
        self.failure: BaseException | None = None
        self._jobs: queue.Queue[tuple[Callable[[], Any], Future[Any]]] = queue.Queue()
        self._stop = threading.Event()
        self._ready = threading.Event()
        self._thread: threading.Thread | None = None

    @property
    def base(self) -> str:
        """The server's address on the loopback."""
        return f"http://127.0.0.1:{self.port}"

    def local(self, url: str) -> str:
        """A join address as the TV shows it, on the loopback."""
        return self.base + "/" + url.split("/", 3)[3]

    def start(self) -> LiveKiosk:
        """The kiosk is made on the frame loop's own thread (its journal, its display and
        its games belong to that thread, as the app's belong to its main thread)."""
        self._thread = threading.Thread(target=self._run, name="kiosk-frames", daemon=True)
        self._thread.start()
        self._ready.wait(60)
        if self.failure is not None:
            raise AssertionError(f"the kiosk did not start: {self.failure!r}")
        return self

    def _run(self) -> None:
        try:
            self.kiosk = Kiosk(self.options, self.config)
            assert self.kiosk.phones is not None and self.kiosk.phone_server is not None
            self.hub: PhoneHub = self.kiosk.phones
            self.port = self.kiosk.phone_server.bound[0][1]
        except BaseException as exc:
            self.failure = exc
            self._ready.set()
            raise
        self._ready.set()
        try:
            while not self._stop.is_set():
                began = time.monotonic()
                self.kiosk.frame(began)
                self.frames.append(time.monotonic() - began)
                self._run_jobs()
                time.sleep(max(0.0, began + 1 / FPS - time.monotonic()))
        except BaseException as exc:  # the test sees it
            self.failure = exc
            raise
        finally:
            self._run_jobs()
            self.kiosk.close_phones()
            self.kiosk.thinker.shutdown(wait=False, cancel_futures=True)
            self.kiosk.printer.shutdown(wait=False, cancel_futures=True)
            self.kiosk.buttons.close()
            self.kiosk.journal.store.close()
            pygame.quit()

    def _run_jobs(self) -> None:
        while True:
            try:
                fn, future = self._jobs.get_nowait()
            except queue.Empty:
                return
            try:
                future.set_result(fn())
            except BaseException as exc:
                future.set_exception(exc)

    def call(self, fn: Callable[[], T], timeout: float = 30.0) -> T:
        """`fn()` on the frame loop's thread, between two frames."""
        if self.failure is not None:
            raise AssertionError(f"the frame loop failed: {self.failure!r}")
        future: Future[T] = Future()
        self._jobs.put((fn, future))
        return future.result(timeout)

    def wait(self, done: Callable[[], bool], timeout: float = 20.0) -> None:
        """Until `done()` (checked between frames) holds; fails after `timeout` seconds."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.call(done):
                return
            time.sleep(0.02)
        raise AssertionError(f"not done within {timeout} s")

    def table(self, mode: str) -> Any:
        """The game's table on the screen, started anew in the way to play `mode`."""
        def start() -> Any:
            scene = self.kiosk.show(self.kiosk.options.game)
            found = next(m for m in scene.modes if m.key == mode)
            scene.start(found.bots, mode)
            self.hub.sit_at(scene)
            return scene
        return self.call(start)

    def join_urls(self) -> list[str]:
        """The loopback addresses of the TV's join codes, one a free seat."""
        def urls() -> list[str]:
            scene = self.hub.scene
            return [self.hub.join_url(seat) or "" for seat in range(scene.players)]
        return [self.local(url) if url else "" for url in self.call(urls)]

    def screen(self) -> pygame.Surface:
        """The TV's screen after a frame drawn in full."""
        def draw() -> pygame.Surface:
            self.kiosk.scene.invalidate()
            self.kiosk.frame(time.monotonic())
            return self.kiosk.screen.copy()
        return self.call(draw)

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(20)

    def __enter__(self) -> LiveKiosk:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()

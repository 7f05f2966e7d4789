"""A live kiosk for the phone tests: the real app, headless, its phones' server on a free
port of the loopback, its frames running on a thread of their own at 30 a second.

Tests touch the game only through `LiveKiosk.call`, which runs between two frames (the
frame loop is the only thread that may touch a game).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any, TypeVar

import pygame
import pytest

from kiosk.app import FPS, Kiosk, KioskOptions
from kiosk.config import Config
from kiosk.phones.hub import PhoneHub

T = TypeVar("T")


class LiveKiosk:
    """The kiosk and its frame loop (see the module docstring)."""

    def __init__(self, game: str = "hearts", lang: str = "en", seed: int = 5,
                 config: Config | None = None) -> None:
        config = config or Config()
        config = replace(config, voice=replace(config.voice, enabled=False))
        self.kiosk = Kiosk(KioskOptions(headless=True, lang=lang, seed=seed, game=game,
                                        phones=True, phones_port=0), config)
        assert self.kiosk.phones is not None and self.kiosk.phone_server is not None
        self.hub: PhoneHub = self.kiosk.phones
        self.port = self.kiosk.phone_server.bound[0][1]
        self.lock = threading.Lock()
        self.frames: list[float] = []  # how long each frame took, in seconds
        self.failure: BaseException | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    @property
    def base(self) -> str:
        """The server's address on the loopback."""
        return f"http://127.0.0.1:{self.port}"

    def local(self, url: str) -> str:
        """A join address as the TV shows it, on the loopback."""
        return self.base + url.split(":", 2)[2].split("/", 1)[1].join(["/", ""])

    def start(self) -> LiveKiosk:
        self._thread = threading.Thread(target=self._run, name="kiosk-frames", daemon=True)
        self._thread.start()
        return self

    def _run(self) -> None:
        try:
            while not self._stop.is_set():
                with self.lock:
                    began = time.monotonic()
                    self.kiosk.frame(began)
                    self.frames.append(time.monotonic() - began)
                time.sleep(max(0.0, began + 1 / FPS - time.monotonic()))
        except BaseException as exc:  # the test sees it
            self.failure = exc
            raise

    def call(self, fn: Callable[[], T]) -> T:
        """`fn()` between two frames."""
        with self.lock:
            return fn()

    def wait(self, done: Callable[[], bool], timeout: float = 20.0) -> None:
        """Until `done()` (checked between frames) holds; fails after `timeout` seconds."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.failure is not None:
                raise AssertionError(f"the frame loop failed: {self.failure!r}")
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

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(10)
        self.kiosk.close_phones()
        self.kiosk.thinker.shutdown(wait=False, cancel_futures=True)
        self.kiosk.printer.shutdown(wait=False, cancel_futures=True)
        self.kiosk.buttons.close()


@pytest.fixture
def live_kiosk() -> Iterator[Callable[..., LiveKiosk]]:
    """`live_kiosk(game=…, lang=…, seed=…)`: a started LiveKiosk, closed after the test."""
    made: list[LiveKiosk] = []

    def make(**kwargs: Any) -> LiveKiosk:
        kiosk = LiveKiosk(**kwargs).start()
        made.append(kiosk)
        return kiosk

    yield make
    for kiosk in made:
        kiosk.close()
    pygame.quit()

"""The phone tests' live kiosk (`benchmarks.live_kiosk.LiveKiosk`): the real app, headless,
its phones' server on a free port of the loopback, its frames on a thread of their own;
tests touch it only through `LiveKiosk.call`, which runs on that thread between frames."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from benchmarks.live_kiosk import LiveKiosk

__all__ = ["LiveKiosk", "live_kiosk"]


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

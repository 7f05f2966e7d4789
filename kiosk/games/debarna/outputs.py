"""What the caller controller puts out: the parts of the screen that changed, the
messages for the host, and the devices it drives (the caller's voice, the seats' LEDs).

Shared by the controller (`kiosk.games.debarna.caller`), its claim flow
(`kiosk.games.debarna.claims`) and the scene that draws them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Flag, auto
from typing import Protocol


class VoiceLike(Protocol):
    """What the controller needs of the caller's voice (audio.player.Voice)."""

    def busy(self, now: float) -> bool: ...
    def call(self, number: int, now: float) -> float: ...
    def say(self, names: Sequence[str], now: float) -> None: ...
    def update(self, now: float) -> None: ...


class LightsLike(Protocol):
    """The seats' LEDs (hardware.buttons.Buttons)."""

    def led_on(self, seat: int) -> None: ...
    def led_off(self, seat: int) -> None: ...
    def blink(self, seat: int, seconds: float) -> None: ...


class Changed(Flag):
    """Parts of the caller screen that changed since the scene last looked."""

    NONE = 0
    NUMBER = auto()  # a new number: current number, board, last calls, count
    STATUS = auto()  # running / paused / manual, stage being played for, winners
    NOTICE = auto()  # the one-line message to the host
    CLAIM = auto()  # the claim panel: typing, verdict, opened or closed
    HAND = auto()  # a new hand: everything
    REPEAT = auto()  # "repeat last number" shown or hidden
    ALL = NUMBER | STATUS | NOTICE | CLAIM | HAND | REPEAT


@dataclass(frozen=True)
class Notice:
    """A message for the host: a catalogue key and its values."""

    key: str
    values: dict[str, object] = field(default_factory=dict)
    until: float = 0.0


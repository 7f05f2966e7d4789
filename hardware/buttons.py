"""The seats' claim buttons and LEDs and the host's buttons, on GPIO through gpiozero.

`Buttons` builds one gpiozero input per configured pin (pull-up, so a press pulls the
pin low; gpiozero's own debouncing is off) and one LED per configured LED pin. The raw
edges arrive on gpiozero's threads and go, under a lock, into a `Debouncer` per pin.
The app calls `poll(now)` once a frame: presses that have settled become events on the
queue, oldest first — a claim pin gives `SeatClaim(seat)`, a seat's left, right and
select pins `SeatButton(seat, action)` (for the table games), the pause, next and repeat
pins give `HostButton(action)` on a press, the menu pin only on a long press. LED
blinking is driven by the same `poll`, so it follows the same clock.

When no pin is configured, or gpiozero cannot load a pin factory (a PC has no GPIO),
`Buttons` still works as an object: `available` is False, `status` says why in one
line (also logged), every method is a harmless no-op, and the keyboard stands in.
gpiozero itself is imported only when a pin is configured.

The pin factory is the one passed in, else gpiozero's `Device.pin_factory` if one is
set, else the one named by `GPIOZERO_PIN_FACTORY`. For lgpio (the Pi 5's, and the
first gpiozero tries when the variable is unset) the configured chip is passed on;
chip 0 leaves the choice to gpiozero, which picks gpiochip4 on a Pi 5 whose header
is there and gpiochip0 everywhere else.
"""

from __future__ import annotations

import logging
import os
import queue
import threading
import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any, Protocol

from .debounce import Change, Debouncer
from .events import SEAT_ACTIONS, HostButton, InputEvent, SeatButton, SeatClaim

log = logging.getLogger(__name__)

BLINK_PERIOD = 0.5  # seconds for one on-off cycle


class ButtonWiring(Protocol):
    """Which pins are wired (0 = not wired) and the timings; `kiosk.config.ButtonsConfig`."""

    @property
    def claim_pins(self) -> tuple[int, ...]: ...
    @property
    def led_pins(self) -> tuple[int, ...]: ...
    @property
    def left_pins(self) -> tuple[int, ...]: ...
    @property
    def right_pins(self) -> tuple[int, ...]: ...
    @property
    def select_pins(self) -> tuple[int, ...]: ...
    @property
    def pause_pin(self) -> int: ...
    @property
    def next_pin(self) -> int: ...
    @property
    def repeat_pin(self) -> int: ...
    @property
    def menu_pin(self) -> int: ...
    @property
    def debounce_ms(self) -> int: ...
    @property
    def long_press_ms(self) -> int: ...
    @property
    def chip(self) -> int: ...


@dataclass
class _Input:
    """One button: its device, its debouncer and what its press and long press mean."""

    label: str
    pin: int
    device: Any
    debouncer: Debouncer
    on_press: InputEvent | None
    on_long: InputEvent | None


@dataclass
class _Blink:
    start: float
    until: float
    period: float


def load_pin_factory(chip: int = 0) -> tuple[Any, bool]:
    """The pin factory to use and whether we opened it (and so must close it).

    Raises whatever gpiozero or the GPIO library raises when there is no GPIO.
    """
    from gpiozero import Device  # imported only where a pin is used

    if Device.pin_factory is not None:
        return Device.pin_factory, False
    name = os.environ.get("GPIOZERO_PIN_FACTORY")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # gpiozero warns about every factory it skips
        if name is None or name.lower() == "lgpio":
            try:
                from gpiozero.pins.lgpio import LGPIOFactory

                return LGPIOFactory(chip=chip or None), True
            except Exception:
                if name is not None:
                    raise
        Device.ensure_pin_factory()
        return Device.pin_factory, False


class Buttons:
    """The GPIO buttons and LEDs; events go on `events` when `poll` is called."""

    def __init__(self, config: ButtonWiring, events: queue.Queue[InputEvent],
                 clock: Callable[[], float] = time.monotonic,
                 pin_factory: Any = None) -> None:
        self.events = events
        self.available = False
        self.status = ""
        self._clock = clock
        self._lock = threading.Lock()
        self._inputs: list[_Input] = []
        self._leds: dict[int, Any] = {}
        self._blinks: dict[int, _Blink] = {}
        self._factory: Any = None
        self._owns_factory = False
        self.seats = len(config.claim_pins)

        hold = config.debounce_ms / 1000
        long_press = config.long_press_ms / 1000
        wanted: list[tuple[str, int, InputEvent | None, InputEvent | None]] = [
            (f"seat {seat} claim button", pin, SeatClaim(seat), None)
            for seat, pin in enumerate(config.claim_pins, start=1) if pin
        ]
        for action in SEAT_ACTIONS:
            pins = getattr(config, f"{action}_pins", ())
            wanted.extend(
                (f"seat {seat} {action} button", pin, SeatButton(seat, action), None)
                for seat, pin in enumerate(pins, start=1) if pin
            )
        for action in ("pause", "next", "repeat", "menu"):
            pin = getattr(config, f"{action}_pin")
            if pin:
                press, long = (None, HostButton(action)) if action == "menu" else (
                    HostButton(action), None)
                wanted.append((f"{action} button", pin, press, long))
        if not wanted:
            self._off("no GPIO button pins are configured", logging.INFO)
            return

        try:
            if pin_factory is not None:
                self._factory = pin_factory
            else:
                self._factory, self._owns_factory = load_pin_factory(config.chip)
        except Exception as exc:
            self._off(f"gpiozero cannot reach the GPIO pins ({type(exc).__name__}: {exc}); "
                      "on a Pi set GPIOZERO_PIN_FACTORY (lgpio on a Pi 5)")
            return

        from gpiozero import LED, DigitalInputDevice

        problems: list[str] = []
        for label, pin, press, long in wanted:
            try:
                device = DigitalInputDevice(pin, pull_up=True, bounce_time=None,
                                            pin_factory=self._factory)
            except Exception as exc:
                problems.append(f"{label} on GPIO{pin}: {exc}")
                continue
            debouncer = Debouncer(hold, long_press if long is not None else None,
                                  pressed=bool(device.is_active))
            index = len(self._inputs)
            self._inputs.append(_Input(label, pin, device, debouncer, press, long))
            device.when_activated = partial(self._edge, index, True)
            device.when_deactivated = partial(self._edge, index, False)
        for seat, pin in enumerate(config.led_pins, start=1):
            if not pin or seat > self.seats:
                continue
            try:
                self._leds[seat] = LED(pin, pin_factory=self._factory)
            except Exception as exc:
                problems.append(f"seat {seat} LED on GPIO{pin}: {exc}")

        for problem in problems:
            log.warning("GPIO: cannot use the %s; check the [buttons] pins", problem)
        if not self._inputs:
            self._off("none of the configured GPIO pins could be used")
            self.close()
            return
        self.available = True
        self.status = (f"GPIO buttons ready: {len(self._inputs)} of {len(wanted)} inputs, "
                       f"{len(self._leds)} seat LEDs")
        log.info("%s", self.status)

    def _off(self, reason: str, level: int = logging.WARNING) -> None:
        self.status = f"GPIO buttons are off: {reason}; the keyboard stands in"
        log.log(level, "%s", self.status)

    # -- input ---------------------------------------------------------------

    def _edge(self, index: int, level: bool) -> None:
        """A raw edge from gpiozero's thread: time-stamp it and hand it to the debouncer."""
        with self._lock:
            if index < len(self._inputs):  # not a late edge after close()
                self._inputs[index].debouncer.edge(level, self._clock())

    def poll(self, now: float | None = None) -> int:
        """Queue every press settled by `now` (default: the clock), oldest first.

        Also drives blinking LEDs. Call it once a frame; returns how many events
        were queued.
        """
        if now is None:
            now = self._clock()
        found: list[tuple[float, int, InputEvent]] = []
        with self._lock:
            for index, button in enumerate(self._inputs):
                for settled in button.debouncer.update(now):
                    if settled.change is Change.PRESS and button.on_press is not None:
                        found.append((settled.at, index, button.on_press))
                    elif settled.change is Change.LONG_PRESS and button.on_long is not None:
                        found.append((settled.at, index, button.on_long))
        found.sort(key=lambda item: (item[0], item[1]))
        for _, _, event in found:
            self.events.put(event)
        self._run_blinks(now)
        return len(found)

    def due(self) -> float | None:
        """The earliest time a `poll` could queue something or change an LED, if any."""
        with self._lock:
            times = [t for b in self._inputs if (t := b.debouncer.due()) is not None]
        times.extend(b.start for b in self._blinks.values())
        return min(times, default=None)

    # -- LEDs ----------------------------------------------------------------

    def has_led(self, seat: int) -> bool:
        return seat in self._leds

    def led_on(self, seat: int) -> None:
        """Light the seat's LED (its claim is being checked); no-op without one."""
        self._blinks.pop(seat, None)
        if seat in self._leds:
            self._leds[seat].on()

    def led_off(self, seat: int) -> None:
        self._blinks.pop(seat, None)
        if seat in self._leds:
            self._leds[seat].off()

    def blink(self, seat: int, seconds: float, period: float = BLINK_PERIOD) -> None:
        """Blink the seat's LED for `seconds` (a win), then leave it off; driven by `poll`."""
        if seat not in self._leds:
            return
        if seconds <= 0 or period <= 0:
            self.led_off(seat)
            return
        start = self._clock()
        self._blinks[seat] = _Blink(start, start + seconds, period)
        self._leds[seat].on()

    def all_leds_off(self) -> None:
        for seat in list(self._leds):
            self.led_off(seat)

    def _run_blinks(self, now: float) -> None:
        for seat, blink in list(self._blinks.items()):
            led = self._leds[seat]
            if now >= blink.until:
                del self._blinks[seat]
                led.off()
                continue
            lit = int(max(0.0, now - blink.start) // (blink.period / 2)) % 2 == 0
            if lit and not led.is_lit:
                led.on()
            elif not lit and led.is_lit:
                led.off()

    # -- shutdown ------------------------------------------------------------

    def close(self) -> None:
        """Turn the LEDs off and release every pin; safe to call twice."""
        self._blinks.clear()
        with self._lock:
            inputs, self._inputs = self._inputs, []
        for button in inputs:
            try:
                button.device.when_activated = None
                button.device.when_deactivated = None
                button.device.close()
            except Exception as exc:  # a pin already gone must not stop the shutdown
                log.debug("closing the %s: %s", button.label, exc)
        for led in self._leds.values():
            try:
                led.off()
                led.close()
            except Exception as exc:
                log.debug("closing an LED: %s", exc)
        self._leds.clear()
        self._close_factory()
        self.available = False

    def _close_factory(self) -> None:
        if self._owns_factory and self._factory is not None:
            try:
                self._factory.close()
            except Exception as exc:
                log.debug("closing the pin factory: %s", exc)
        self._factory = None
        self._owns_factory = False

    def __enter__(self) -> Buttons:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

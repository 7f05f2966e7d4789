"""GPIO buttons and LEDs through gpiozero's MockFactory, with the clock in the test's hand.

With `pull_up=True` a press pulls the pin low: `drive_low()` presses, `drive_high()`
releases. The mock pins do not bounce, so the tests bounce them by hand.
"""

from __future__ import annotations

import logging
import queue
import sys
import threading
import types
from collections.abc import Iterator
from dataclasses import replace
from itertools import pairwise

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory

from hardware.buttons import Buttons
from hardware.events import HostButton, InputEvent, SeatButton, SeatClaim, drain
from kiosk.config import ButtonsConfig

HOLD = 0.03  # the config's debounce_ms = 30
LONG = 1.5  # long_press_ms = 1500


class Clock:
    """A clock that moves only when the test says so."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def factory() -> Iterator[MockFactory]:
    mock = MockFactory()
    yield mock
    mock.close()


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def events() -> queue.Queue[InputEvent]:
    return queue.Queue()


WIRED = ButtonsConfig(claim_pins=(17, 27, 22), led_pins=(5, 0, 6), pause_pin=23, next_pin=24,
                      repeat_pin=25, menu_pin=26, debounce_ms=30, long_press_ms=1500)


@pytest.fixture
def buttons(factory: MockFactory, clock: Clock,
            events: queue.Queue[InputEvent]) -> Iterator[Buttons]:
    made = Buttons(WIRED, events, clock=clock, pin_factory=factory)
    yield made
    made.close()


def at(clock: Clock, t: float, action: object) -> None:
    """Do `action()` (a pin drive) at clock time 100 + t."""
    clock.now = 100.0 + t
    action()  # type: ignore[operator]


def press(factory: MockFactory, clock: Clock, pin: int, t: float) -> None:
    at(clock, t, factory.pin(pin).drive_low)


def release(factory: MockFactory, clock: Clock, pin: int, t: float) -> None:
    at(clock, t, factory.pin(pin).drive_high)


def poll(buttons: Buttons, clock: Clock, t: float) -> None:
    clock.now = 100.0 + t
    buttons.poll()


# -- claims -----------------------------------------------------------------------

def test_the_buttons_are_available_when_the_pins_are(buttons: Buttons) -> None:
    assert buttons.available
    assert buttons.seats == 3
    assert "ready" in buttons.status


def test_five_pin_edges_within_20_ms_make_exactly_one_claim(
        buttons: Buttons, factory: MockFactory, clock: Clock,
        events: queue.Queue[InputEvent]) -> None:
    pin = factory.pin(17)
    for i, drive in enumerate((pin.drive_low, pin.drive_high, pin.drive_low,
                               pin.drive_high, pin.drive_low)):
        at(clock, i * 0.004, drive)  # edges at 0, 4, 8, 12 and 16 ms
        buttons.poll()
    poll(buttons, clock, 0.020)
    assert drain(events) == []
    poll(buttons, clock, 0.016 + HOLD)
    poll(buttons, clock, 0.5)
    poll(buttons, clock, 5.0)
    assert drain(events) == [SeatClaim(1)]


def test_a_seats_left_right_and_select_buttons_are_its_own_events(
        factory: MockFactory, clock: Clock, events: queue.Queue[InputEvent]) -> None:
    wiring = replace(WIRED, left_pins=(2, 3), right_pins=(4, 0), select_pins=(7, 8))
    with Buttons(wiring, events, clock=clock, pin_factory=factory) as table:
        for t, pin in enumerate((3, 4, 8, 2, 7)):
            press(factory, clock, pin, t * 0.1)
            poll(table, clock, t * 0.1 + HOLD)
            release(factory, clock, pin, t * 0.1 + 0.05)
            poll(table, clock, t * 0.1 + 0.05 + HOLD)
        assert drain(events) == [SeatButton(2, "left"), SeatButton(1, "right"),
                                 SeatButton(2, "select"), SeatButton(1, "left"),
                                 SeatButton(1, "select")]


def test_a_bouncing_select_button_selects_once(
        factory: MockFactory, clock: Clock, events: queue.Queue[InputEvent]) -> None:
    with Buttons(replace(WIRED, select_pins=(7,)), events, clock=clock,
                 pin_factory=factory) as table:
        pin = factory.pin(7)
        for i, drive in enumerate((pin.drive_low, pin.drive_high, pin.drive_low,
                                   pin.drive_high, pin.drive_low)):
            at(clock, i * 0.004, drive)
            table.poll()
        poll(table, clock, 0.5)
        assert drain(events) == [SeatButton(1, "select")]


def test_a_seat_button_names_a_real_seat_and_action() -> None:
    with pytest.raises(ValueError, match="seats count from 1"):
        SeatButton(0, "left")
    with pytest.raises(ValueError, match="left, right, select"):
        SeatButton(1, "claim")


def test_a_claim_is_not_lost_when_the_app_polls_late(
        buttons: Buttons, factory: MockFactory, clock: Clock,
        events: queue.Queue[InputEvent]) -> None:
    press(factory, clock, 27, 0.0)
    release(factory, clock, 27, 0.2)
    poll(buttons, clock, 3.0)
    assert drain(events) == [SeatClaim(2)]


def test_bounce_on_release_makes_no_second_claim(
        buttons: Buttons, factory: MockFactory, clock: Clock,
        events: queue.Queue[InputEvent]) -> None:
    press(factory, clock, 17, 0.0)
    poll(buttons, clock, 0.1)
    assert drain(events) == [SeatClaim(1)]
    for i in range(5):  # the switch opens with chatter: up, down, up, down, up
        (release if i % 2 == 0 else press)(factory, clock, 17, 0.3 + i * 0.004)
        buttons.poll()
    poll(buttons, clock, 1.0)
    assert drain(events) == []
    press(factory, clock, 17, 2.0)  # the next real press counts
    poll(buttons, clock, 2.1)
    assert drain(events) == [SeatClaim(1)]


def test_a_press_shorter_than_the_debounce_is_not_a_claim(
        buttons: Buttons, factory: MockFactory, clock: Clock,
        events: queue.Queue[InputEvent]) -> None:
    press(factory, clock, 22, 0.0)
    release(factory, clock, 22, HOLD * 0.5)
    poll(buttons, clock, 1.0)
    assert drain(events) == []


def test_two_seats_pressed_at_the_same_moment_make_two_claims(
        buttons: Buttons, factory: MockFactory, clock: Clock,
        events: queue.Queue[InputEvent]) -> None:
    press(factory, clock, 22, 0.0)
    press(factory, clock, 17, 0.0)
    poll(buttons, clock, 0.1)
    assert drain(events) == [SeatClaim(1), SeatClaim(3)]


def test_claims_are_queued_in_the_order_they_settled(
        buttons: Buttons, factory: MockFactory, clock: Clock,
        events: queue.Queue[InputEvent]) -> None:
    press(factory, clock, 22, 0.000)
    press(factory, clock, 27, 0.005)
    press(factory, clock, 17, 0.010)
    release(factory, clock, 22, 0.012)  # seat 3 bounces, so it settles last
    press(factory, clock, 22, 0.015)
    poll(buttons, clock, 0.5)
    assert drain(events) == [SeatClaim(2), SeatClaim(1), SeatClaim(3)]


def test_presses_from_gpiozero_threads_are_all_kept(
        buttons: Buttons, factory: MockFactory, clock: Clock,
        events: queue.Queue[InputEvent]) -> None:
    start = threading.Barrier(3)

    def mash(pin: int) -> None:
        start.wait()
        for _ in range(200):
            factory.pin(pin).drive_low()
            factory.pin(pin).drive_high()
        factory.pin(pin).drive_low()

    threads = [threading.Thread(target=mash, args=(pin,)) for pin in (17, 27, 22)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    poll(buttons, clock, 1.0)
    assert sorted(e.seat for e in drain(events)) == [1, 2, 3]  # type: ignore[union-attr]


# -- host buttons -----------------------------------------------------------------

@pytest.mark.parametrize("pin, action", [(23, "pause"), (24, "next"), (25, "repeat")])
def test_a_host_button_press_is_its_action(
        buttons: Buttons, factory: MockFactory, clock: Clock,
        events: queue.Queue[InputEvent], pin: int, action: str) -> None:
    press(factory, clock, pin, 0.0)
    release(factory, clock, pin, 0.2)
    poll(buttons, clock, 1.0)
    assert drain(events) == [HostButton(action)]


def test_a_long_press_of_the_menu_button_is_menu_once(
        buttons: Buttons, factory: MockFactory, clock: Clock,
        events: queue.Queue[InputEvent]) -> None:
    press(factory, clock, 26, 0.0)
    t = 0.0
    while t < 4.0:
        poll(buttons, clock, t)
        if t < LONG - 0.05:
            assert drain(events) == []
        t += 1 / 30
    release(factory, clock, 26, 4.0)
    poll(buttons, clock, 5.0)
    assert drain(events) == [HostButton("menu")]


def test_a_short_press_of_the_menu_button_is_nothing(
        buttons: Buttons, factory: MockFactory, clock: Clock,
        events: queue.Queue[InputEvent]) -> None:
    press(factory, clock, 26, 0.0)
    release(factory, clock, 26, 0.4)
    poll(buttons, clock, 5.0)
    assert drain(events) == []


# -- LEDs -------------------------------------------------------------------------

def test_led_on_and_off_drive_the_seat_led_pin(buttons: Buttons, factory: MockFactory) -> None:
    led = factory.pin(5)
    assert led.state is False or led.state == 0
    buttons.led_on(1)
    assert led.state
    buttons.led_off(1)
    assert not led.state


def test_a_blink_toggles_the_led_then_leaves_it_off(
        buttons: Buttons, factory: MockFactory, clock: Clock) -> None:
    led = factory.pin(6)
    clock.now = 200.0
    buttons.blink(3, seconds=2.0, period=0.5)
    seen = []
    for frame in range(90):  # three seconds at 30 fps
        clock.now = 200.0 + frame / 30
        buttons.poll()
        seen.append(bool(led.state))
    changes = sum(1 for a, b in pairwise(seen) if a != b)
    assert seen[0] is True
    assert changes >= 7  # on and off every quarter second for two seconds
    assert not any(seen[61:])  # and dark after them


def test_led_on_stops_a_blink(buttons: Buttons, factory: MockFactory, clock: Clock) -> None:
    buttons.blink(1, seconds=5.0, period=0.5)
    buttons.led_on(1)
    for frame in range(30):
        clock.now = 100.0 + frame / 30
        buttons.poll()
        assert factory.pin(5).state


def test_a_seat_without_an_led_is_a_no_op(buttons: Buttons) -> None:
    assert not buttons.has_led(2)
    buttons.led_on(2)
    buttons.blink(2, 1.0)
    buttons.led_off(2)
    buttons.led_on(7)


# -- no GPIO ----------------------------------------------------------------------

def test_no_pins_configured_is_not_available_and_does_not_raise(
        events: queue.Queue[InputEvent], caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.INFO, logger="hardware.buttons"):
        buttons = Buttons(ButtonsConfig(), events)
    assert not buttons.available
    assert "keyboard" in buttons.status
    assert len(caplog.records) == 1
    assert buttons.poll(1.0) == 0
    buttons.led_on(1)
    buttons.blink(1, 1.0)
    buttons.close()


def test_a_pin_factory_that_cannot_load_is_not_available_and_does_not_raise(
        events: queue.Queue[InputEvent], monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setattr(Device, "pin_factory", None)
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "no-such-factory")
    with caplog.at_level(logging.INFO, logger="hardware.buttons"):
        buttons = Buttons(WIRED, events)
    assert not buttons.available
    assert "GPIOZERO_PIN_FACTORY" in buttons.status
    assert len(caplog.records) == 1
    assert "\n" not in caplog.records[0].getMessage()
    buttons.poll(1.0)
    buttons.close()


@pytest.mark.parametrize("env", ["lgpio", "LGPIO", None])
@pytest.mark.parametrize("chip, passed", [(4, 4), (0, None)])
def test_the_configured_chip_goes_to_the_lgpio_factory(
        events: queue.Queue[InputEvent], monkeypatch: pytest.MonkeyPatch,
        env: str | None, chip: int, passed: int | None) -> None:
    chips: list[int | None] = []

    class FakeLGPIOFactory(MockFactory):
        def __init__(self, chip: int | None = None) -> None:
            super().__init__()
            chips.append(chip)

    module = types.ModuleType("gpiozero.pins.lgpio")
    module.LGPIOFactory = FakeLGPIOFactory  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "gpiozero.pins.lgpio", module)
    monkeypatch.setattr(Device, "pin_factory", None)
    if env is None:
        monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)
    else:
        monkeypatch.setenv("GPIOZERO_PIN_FACTORY", env)
    buttons = Buttons(replace(WIRED, chip=chip), events)
    assert buttons.available
    assert chips == [passed]
    buttons.close()


def test_a_factory_whose_pins_all_fail_is_not_available(
        events: queue.Queue[InputEvent]) -> None:
    class Broken(MockFactory):
        def pin(self, spec: object, **kwargs: object) -> object:
            raise OSError("the GPIO chip is busy")

    buttons = Buttons(WIRED, events, pin_factory=Broken())
    assert not buttons.available
    buttons.close()


def test_a_pin_that_cannot_be_used_is_skipped_and_the_others_work(
        factory: MockFactory, clock: Clock, events: queue.Queue[InputEvent],
        caplog: pytest.LogCaptureFixture) -> None:
    config = ButtonsConfig(claim_pins=(17, 17), debounce_ms=30)  # seat 2 wired to seat 1's pin
    with caplog.at_level(logging.WARNING, logger="hardware.buttons"):
        buttons = Buttons(config, events, clock=clock, pin_factory=factory)
    assert buttons.available
    assert any("seat 2" in r.getMessage() for r in caplog.records)
    press(factory, clock, 17, 0.0)
    poll(buttons, clock, 0.5)
    assert drain(events) == [SeatClaim(1)]
    buttons.close()


def test_close_releases_the_pins(factory: MockFactory, clock: Clock,
                                 events: queue.Queue[InputEvent]) -> None:
    first = Buttons(WIRED, events, clock=clock, pin_factory=factory)
    first.led_on(1)
    first.close()
    first.close()
    assert not first.available
    assert not factory.pin(5).state
    again = Buttons(WIRED, events, clock=clock, pin_factory=factory)
    assert again.available
    press(factory, clock, 17, 0.0)
    poll(again, clock, 0.5)
    assert drain(events) == [SeatClaim(1)]
    again.close()


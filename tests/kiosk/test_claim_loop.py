"""The whole claim loop in the headless app: a seat's button, a scanner's burst, the verdict.

Real parts throughout: gpiozero devices on its MockFactory pins (the lowest level a
machine without GPIO can offer), the scanner as key events typed at machine speed,
the kiosk's own key and store, printed (issued) tickets and the real engine.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator

import pygame
import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory

from engines.debarna.bag import Bag
from engines.debarna.hand import Hand, Reason
from engines.debarna.options import HandOptions, Stage
from engines.debarna.ticket import Ticket
from kiosk.app import Kiosk, KioskOptions
from kiosk.config import ButtonsConfig, Config, VoiceConfig
from kiosk.games.debarna.caller import ClaimPhase
from kiosk.games.debarna.keys import load_codes
from kiosk.games.debarna.tickets import issue
from kiosk.store import open_store

SEATS = (17, 27, 22)
LEDS = (5, 6, 13)


def find_shared_line(tickets: list[Ticket], want: int) -> tuple[int, list[str]]:
    """A kiosk seed whose first line is completed by `want` or more cards on one number."""
    for seed in range(5000):
        bag = Bag(random.Random(random.Random(seed).getrandbits(63)))
        hand = Hand(HandOptions(), tickets)
        while not hand.reached_on_last().get(Stage.LINE):
            hand.call(bag.draw())
        serials = hand.reached_on_last()[Stage.LINE]
        if len(serials) >= want:
            return seed, serials
    raise AssertionError("no such hand")


@pytest.fixture
def mock_pins() -> Iterator[MockFactory]:
    factory = MockFactory()
    Device.pin_factory = factory
    yield factory
    Device.pin_factory = None
    factory.close()


def press(app: Kiosk, factory: MockFactory, pin: int) -> None:
    """A real press: the pin is pulled low, held past the debounce time, then let go."""
    factory.pin(pin).drive_low()
    time.sleep(0.06)
    app.frame(time.monotonic())
    factory.pin(pin).drive_high()
    time.sleep(0.06)
    app.frame(time.monotonic())


def scan(app: Kiosk, payload: str) -> None:
    """A USB scanner: the payload and Enter, typed as fast as key events come."""
    names = {"\r": "return", " ": "space", ",": ",", ":": ":", "-": "-"}
    for char in payload + "\r":
        key = pygame.key.key_code(names.get(char, char.lower()))
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, unicode=char, mod=0))
    app.frame(time.monotonic())


def test_button_scan_verdict_shared_win_and_a_late_claim(display: None,
                                                        mock_pins: MockFactory) -> None:
    store, _ = open_store()
    codes = load_codes()
    strips = issue(8, store, codes, random.Random(1))
    store.close()
    tickets = [t for strip in strips for t in strip]
    seed, serials = find_shared_line(tickets, 3)
    first, second, third = (next(t for t in tickets if t.serial == s) for s in serials[:3])

    config = Config(buttons=ButtonsConfig(claim_pins=SEATS, led_pins=LEDS),
                    voice=VoiceConfig(enabled=False))
    app = Kiosk(KioskOptions(headless=True, seed=seed, rhythm=1000.0), config)
    assert app.buttons.available
    app.show("caller")  # opening the caller deals the hand, its bag seeded from `seed`
    c = app.controller
    app.frame(time.monotonic())
    assert c.hand is not None and len(c.hand.tickets) == 48  # tonight's printed tickets
    while not c.hand.reached_on_last().get(Stage.LINE):
        c.call_next(time.monotonic())
    app.frame(time.monotonic())
    winning_number = c.hand.last

    # Seat 1 presses: calling stops at once, its LED lights, the screen asks for a scan.
    press(app, mock_pins, SEATS[0])
    assert c.claim_phase is ClaimPhase.ENTRY and c.claim_seat == 1
    assert not c.running
    assert mock_pins.pin(LEDS[0]).state
    scan(app, codes.encode(first))
    assert c.claim_phase is ClaimPhase.VERDICT
    assert c.result is not None and c.result.valid
    assert c.result.verdict is not None and c.result.verdict.stages == (Stage.LINE,)

    # Seat 2 claims on the same number: it shares the win.
    press(app, mock_pins, SEATS[1])
    assert c.claim_seat == 2 and c.claim_phase is ClaimPhase.ENTRY
    scan(app, codes.encode(second))
    assert c.result is not None and c.result.valid
    assert c.result.verdict is not None and c.result.verdict.shared_with == (first.serial,)
    assert c.hand.winners[Stage.LINE].serials == (first.serial, second.serial)

    # The host resumes; the next number is called; seat 3's card, complete since the
    # winning number, is now too late.
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, unicode=" ", mod=0))
    app.frame(time.monotonic())
    app.frame(time.monotonic() + 0.2)
    assert c.claim_phase is ClaimPhase.CLOSED
    c.call_next(time.monotonic())
    assert c.hand.last != winning_number
    press(app, mock_pins, SEATS[2])
    scan(app, codes.encode(third))
    assert c.result is not None and not c.result.valid
    assert c.result.verdict is not None and c.result.verdict.reason is Reason.TOO_LATE
    assert c.hand.winners[Stage.LINE].serials == (first.serial, second.serial)
    assert not mock_pins.pin(LEDS[2]).state  # no win, no light
    app.buttons.close()


def test_two_seats_pressing_at_once_are_both_heard(display: None,
                                                  mock_pins: MockFactory) -> None:
    config = Config(buttons=ButtonsConfig(claim_pins=SEATS, led_pins=LEDS),
                    voice=VoiceConfig(enabled=False))
    app = Kiosk(KioskOptions(headless=True, seed=3, rhythm=1000.0), config)
    app.show("caller")
    c = app.controller
    c.call_next(time.monotonic())
    mock_pins.pin(SEATS[0]).drive_low()
    mock_pins.pin(SEATS[1]).drive_low()
    time.sleep(0.06)
    app.frame(time.monotonic())
    mock_pins.pin(SEATS[0]).drive_high()
    mock_pins.pin(SEATS[1]).drive_high()
    assert c.claim_seat == 1 and list(c.claim_queue) == [2]
    assert mock_pins.pin(LEDS[1]).state  # the waiting seat's light is on too
    scan(app, "NOT A TICKET AT ALL, JUST NOISE")
    assert c.result is not None and c.result.message.key == "reason.unreadable"
    time.sleep(0.2)  # the host reads the verdict, then presses Enter
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, unicode="\r",
                                         mod=0))
    app.frame(time.monotonic())
    app.frame(time.monotonic() + 0.2)
    assert c.claim_seat == 2 and c.claim_phase is ClaimPhase.ENTRY
    app.buttons.close()

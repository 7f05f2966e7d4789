"""The kiosk's input from pygame, routed to the scene on the screen.

Keys become abstract actions through the one mapping in the config (`Kiosk.keys`), F1-F8
stand in for the seats' claim buttons, the mouse and touch click, and a gamepad's
buttons, d-pad and left stick move and select. A USB scanner is a keyboard that types
fast: the keys that may be part of its burst are held until the scan detector says
whether they were a scan or typing (DESIGN §6). The GPIO buttons' events are the app's
own (`Kiosk._hardware`).
"""

from __future__ import annotations

import logging
import queue
from collections import deque
from collections.abc import Callable
from typing import Protocol

import pygame

from hardware.events import InputEvent, SeatClaim
from hardware.scanner import MACHINE_RUN, ScanDetector, scannable
from kiosk.config import Action

log = logging.getLogger(__name__)

NOISE_TAIL = 1.0  # seconds: a damaged burst's stragglers are dropped with it
# F1-F8 are seats 1-8's claim buttons for a kiosk without GPIO buttons.
SEAT_KEYS = {getattr(pygame, f"K_F{seat}"): seat for seat in range(1, 9)}

# Gamepads (SDL's joystick numbering, as on an Xbox-style pad): A selects, B goes back;
# the d-pad and the left stick move.
PAD_BUTTONS = {0: Action.SELECT, 1: Action.BACK}
PAD_HAT = {(-1, 0): Action.LEFT, (1, 0): Action.RIGHT, (0, 1): Action.UP, (0, -1): Action.DOWN}
STICK_PRESS, STICK_RELEASE = 0.6, 0.3


class Target(Protocol):
    """What input reaches in a scene: its actions, its clicks, and drawing it afresh."""

    def handle(self, action: Action | None, typed: str, now: float) -> None: ...
    def click(self, pos: tuple[int, int], now: float) -> None: ...
    def invalidate(self) -> None: ...


class Routed(Protocol):
    """What the router needs of the app: the scene and the surface on the screen, whether
    it runs on, and the switch between the full screen and a window."""

    running: bool

    @property
    def scene(self) -> Target: ...
    @property
    def screen(self) -> pygame.Surface: ...
    def toggle_fullscreen(self) -> None: ...


class GamepadInput:
    """Turns pygame joystick events into actions; a stick moves once per push."""

    def __init__(self) -> None:
        self._pushed: dict[tuple[int, int], int] = {}

    def action(self, event: pygame.event.Event) -> Action | None:
        if event.type == pygame.JOYBUTTONDOWN:
            return PAD_BUTTONS.get(event.button)
        if event.type == pygame.JOYHATMOTION:
            return PAD_HAT.get(tuple(event.value))
        if event.type == pygame.JOYAXISMOTION and event.axis in (0, 1):
            key = (getattr(event, "instance_id", 0), event.axis)
            value = event.value
            if abs(value) < STICK_RELEASE:
                self._pushed[key] = 0
                return None
            way = 1 if value >= STICK_PRESS else -1 if value <= -STICK_PRESS else 0
            if not way or self._pushed.get(key) == way:
                return None
            self._pushed[key] = way
            if event.axis == 0:
                return Action.RIGHT if way > 0 else Action.LEFT
            return Action.DOWN if way > 0 else Action.UP
        return None


class InputRouter:
    """pygame's events for `app`'s scene: `keys` maps key codes to actions, `scanner` tells
    a scanner's burst from typing, a scan goes to `scanned` (payload, time), and F1-F8
    put their seat's claim on the buttons' queue `events`. Gamepads are taken as they
    are plugged in (pygame's joystick module is started here)."""

    def __init__(self, app: Routed, keys: dict[int, Action], scanner: ScanDetector,
                 events: queue.Queue[InputEvent],
                 scanned: Callable[[str, float], None]) -> None:
        self.app = app
        self.keys = keys
        self.scanner = scanner
        self.events = events
        self.scanned = scanned
        self._held: deque[tuple[pygame.event.Event, float, float]] = deque()
        self._last_typed = -1e9
        self._noise_until = -1e9
        self.gamepad = GamepadInput()
        self._pads: dict[int, pygame.joystick.JoystickType] = {}
        try:
            pygame.joystick.init()
        except pygame.error as exc:
            log.warning("gamepads cannot be used: %s", exc)

    def handle_event(self, event: pygame.event.Event, now: float) -> None:
        """One pygame event: quit, a key, a click or a touch, a gamepad, a window shown."""
        scene = self.app.scene
        if event.type == pygame.QUIT:
            self.app.running = False
        elif event.type == pygame.KEYDOWN:
            char = getattr(event, "unicode", "") or ""
            if getattr(scene, "wants_text", False):
                self._release_all(now)  # a field takes the typing: a scanner's burst too
                self._key(event, now)
            elif scannable(char) or char in ("\r", "\n"):
                self._hold(event, char, now)  # it may be part of a scanner's burst
            else:
                self._release_all(now)
                fast = now - self._last_typed <= self.scanner.max_gap
                if char and fast and now <= self._noise_until:
                    self._last_typed = now  # a damaged burst's odd character: dropped
                    self._noise_until = now + NOISE_TAIL
                else:
                    self._key(event, now)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if not getattr(event, "touch", False):  # a touch comes as FINGERDOWN
                scene.click(event.pos, now)
        elif event.type == pygame.FINGERDOWN:
            width, height = self.app.screen.get_size()
            scene.click((round(event.x * width), round(event.y * height)), now)
        elif event.type == pygame.JOYDEVICEADDED:
            pad = pygame.joystick.Joystick(event.device_index)
            self._pads[pad.get_instance_id()] = pad
            log.info("gamepad connected: %s", pad.get_name())
        elif event.type == pygame.JOYDEVICEREMOVED:
            self._pads.pop(event.instance_id, None)
        elif event.type in (pygame.JOYBUTTONDOWN, pygame.JOYHATMOTION, pygame.JOYAXISMOTION):
            action = self.gamepad.action(event)
            if action is not None:
                scene.handle(action, "", now)
        elif event.type in (pygame.WINDOWSIZECHANGED, pygame.WINDOWEXPOSED):
            scene.invalidate()

    def _key(self, event: pygame.event.Event, now: float) -> None:
        seat = SEAT_KEYS.get(event.key)
        if seat is not None and event.key not in self.keys:
            # The keyboard stands in for the seats' claim buttons: F1-F8 are seats 1-8,
            # taking the buttons' own path (so during an open claim they join the queue).
            self.events.put(SeatClaim(seat))
            return
        action = self.keys.get(event.key)
        if action is Action.FULLSCREEN:
            self.app.toggle_fullscreen()
            return
        self.app.scene.handle(action, getattr(event, "unicode", "") or "", now)

    # -- the scanner: a keyboard that types fast -----------------------------------------
    def expire(self, now: float) -> None:
        """Once a frame: a burst that has stopped is let go of, and what was typing is
        handed back as key presses."""
        self.scanner.expire(now)
        self._release(now)

    def _hold(self, event: pygame.event.Event, char: str, now: float) -> None:
        """Feed a typed character to the scan detector; keys are held while it may be a scan."""
        gap = now - self._last_typed
        self._last_typed = now
        self._held.append((event, now, gap))
        scan = self.scanner.feed(char, now)
        if scan is not None:
            for _ in range(min(len(self._held), len(scan.payload) + 1)):
                self._held.popleft()
            self.scanned(scan.payload, now)
        self._release(now)

    def _release(self, now: float) -> None:
        """Hand back what the detector says was typing, as ordinary key presses.

        A scanner's burst that is no ticket code (a damaged or foreign label) is never
        a row of key presses: it is reported as an unreadable scan, and the rest of
        that burst, however it trickles back, is dropped with it.
        """
        typed = self.scanner.take_typed()
        if typed:
            batch = [self._held.popleft() for _ in range(min(len(typed), len(self._held)))]
            fast = [gap <= self.scanner.max_gap for _, _, gap in batch[1:]]
            if len(batch) >= MACHINE_RUN and all(fast):
                self._noise_until = batch[-1][1] + NOISE_TAIL
                self.scanned(typed, now)
            else:
                for event, at, gap in batch:
                    if at <= self._noise_until and gap <= self.scanner.max_gap:
                        self._noise_until = at + NOISE_TAIL  # the tail of a damaged burst
                    else:
                        self._key(event, now)
        if not self.scanner.pending:
            self._held.clear()  # anything left was swallowed (a scanner's LF after CR)

    def _release_all(self, now: float) -> None:
        self.scanner.expire(now + 3600.0)
        self._release(now)

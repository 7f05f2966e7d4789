"""The kiosk's app loop: window, scenes, input mapping and the frame clock.

One loop (DESIGN §4): drain events, turn keys into abstract actions through the one
mapping in the config, update the current scene with the monotonic clock, draw only
the rectangles the scene reports, and tick at 30 frames a second or less.
"""

from __future__ import annotations

import gc
import logging
import os
import queue
import sys
import tempfile
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Protocol

import pygame

from audio.cache import voice_dir
from audio.player import Voice, VoiceSettings, open_mixer
from audio.render import renderer
from engines.debarna.codes import TicketCodes
from engines.debarna.options import HandOptions
from engines.debarna.ticket import Ticket
from engines.registry import games as registered_games
from hardware.buttons import Buttons
from hardware.events import HostButton, InputEvent, Scan, SeatButton, SeatClaim, drain
from hardware.printing import PrintError, print_escpos, print_pdf, write_pdf
from hardware.scanner import MACHINE_RUN, ScanDetector, scannable
from kiosk.caller import (
    CallerController,
    LightsLike,
    Notice,
    VoiceLike,
    make_rng,
)
from kiosk.config import (
    Action,
    Config,
    ConfigError,
    default_path,
)
from kiosk.games import Host, hosting
from kiosk.gnubg import configured_path
from kiosk.gnubg import why_unavailable as why_gnubg_unavailable
from kiosk.i18n import LANGUAGES, Translator, set_language
from kiosk.journal import Journal
from kiosk.keys import KeyFileError, key_warning, load_codes
from kiosk.match_journal import (
    Choice,
    MatchJournal,
    Records,
    records_for,
)
from kiosk.notify import Notifier
from kiosk.phones.hub import PhoneHub
from kiosk.phones.models import page_words
from kiosk.phones.server import PhoneServer, local_addresses
from kiosk.scenes.caller import CallerScene
from kiosk.scenes.home import GAMES, Game, HomeScene, game_entries
from kiosk.scenes.modes import TableScene
from kiosk.scenes.no_table import NoTableScene
from kiosk.scenes.prepare import PrepareScene
from kiosk.scenes.printing import PrintScene
from kiosk.scenes.settings import SettingsScene
from kiosk.settings import SettingsError, changes, effective_config, overlay_path, update_overlay
from kiosk.store import data_dir, open_store
from kiosk.table.router import SeatInput
from kiosk.text import FontError, TextRenderer
from kiosk.tickets import box, draw, issued_tickets, register

log = logging.getLogger(__name__)

FPS = 30
NOISE_TAIL = 1.0  # seconds: a damaged burst's stragglers are dropped with it
WINDOW_SIZE = (1280, 720)
HEADLESS_SIZE = (1920, 1080)
HEADLESS_MIN_RHYTHM = 0.05
EXIT_OK, EXIT_CONFIG, EXIT_FONT, EXIT_DISPLAY = 0, 2, 3, 4
# F1-F8 are seats 1-8's claim buttons for a kiosk without GPIO buttons.
SEAT_KEYS = {getattr(pygame, f"K_F{seat}"): seat for seat in range(1, 9)}

# Gamepads (SDL's joystick numbering, as on an Xbox-style pad): A selects, B goes back;
# the d-pad and the left stick move.
PAD_BUTTONS = {0: Action.SELECT, 1: Action.BACK}
PAD_HAT = {(-1, 0): Action.LEFT, (1, 0): Action.RIGHT, (0, 1): Action.UP, (0, -1): Action.DOWN}
STICK_PRESS, STICK_RELEASE = 0.6, 0.3
INVISIBLE_DRIVERS = ("offscreen", "dummy")


class DisplayError(RuntimeError):
    """No screen to draw on; the message says how to get one."""


@dataclass(frozen=True)
class KioskOptions:
    """How to start the kiosk; anything set here overrides the config file."""

    windowed: bool = False
    lang: str | None = None
    config_path: Path | None = None
    headless: bool = False
    run_for: float | None = None
    screenshot: Path | None = None
    seed: int | None = None
    rhythm: float | None = None
    size: tuple[int, int] | None = None
    auto_check: bool | None = None  # overrides the config's hand.auto_check
    game: str = "debarna"  # headless: the game shown at once (backgammon: a demo match;
    # hearts: a hand under way against the computer)
    phones: bool | None = None  # phones may join (None: the config says; off when headless)
    phones_port: int | None = None  # overrides the config's port (0: any free port)


class Scene(Protocol):
    """What the loop needs from a scene."""

    request: str | None

    def handle(self, action: Action | None, typed: str, now: float) -> None: ...
    def click(self, pos: tuple[int, int], now: float) -> None: ...
    def update(self, now: float) -> None: ...
    def draw(self, surface: pygame.Surface, now: float) -> list[pygame.Rect]: ...
    def invalidate(self) -> None: ...


def home_games() -> tuple[Game, ...]:
    """The home menu: Dabernā, every registered game, then printing tickets and settings."""
    return (*GAMES, *game_entries(), Game("printing.title", "printing"),
            Game("settings.title", "settings"))


HOME_GAMES = home_games()  # the menu of the games registered at import (the kiosk asks anew)


def key_map(config: Config) -> dict[int, Action]:
    """pygame key codes to actions, from the config's [keys] table."""
    mapping: dict[int, Action] = {}
    for action, names in config.keys.items():
        for name in names:
            try:
                code = pygame.key.key_code(name)
            except ValueError:
                raise ConfigError(
                    f"config key keys.{action.value}: {name!r} is not a key name "
                    '(use names such as "space", "return", "c", "f11")'
                ) from None
            mapping[code] = action
    return mapping


def hand_options(config: Config) -> HandOptions:
    h = config.hand
    return HandOptions(two_lines=h.two_lines, four_corners=h.four_corners,
                       early_five=h.early_five, burn_false_claims=h.burn_false_claims)


def resolve_rhythm(config: Config, options: KioskOptions) -> float:
    """The rhythm in seconds; headless runs may go as fast as 0.05 s."""
    if options.rhythm is None:
        return config.caller.rhythm
    low, high = (HEADLESS_MIN_RHYTHM, float("inf")) if options.headless else (3.0, 5.0)
    if not low <= options.rhythm <= high:
        allowed = f"at least {low:g}" if options.headless else f"from {low:g} to {high:g}"
        raise ConfigError(f"rhythm {options.rhythm:g} s is not allowed: use {allowed} seconds")
    return options.rhythm


def build_controller(
    config: Config, options: KioskOptions, journal: Journal | None = None,
    voice: VoiceLike | None = None, codes: TicketCodes | None = None,
    lights: LightsLike | None = None,
) -> CallerController:
    """The caller, knowing the tickets this kiosk printed and the config's stand-in box.

    With a host (not headless) only the tickets checked in before a hand are in play;
    a headless run has no host to check tickets in, so it plays the box.
    """
    issued = issued_tickets(journal.store, codes) if journal and codes else []
    stand_in = [t for strip in box(config.tickets.strips, config.tickets.seed) for t in strip]
    auto = config.hand.auto_check if options.auto_check is None else options.auto_check
    return CallerController(
        stand_in if options.headless else (), hand_options(config),
        rhythm=resolve_rhythm(config, options),
        manual=config.caller.manual, rng=make_rng(options.seed), journal=journal,
        auto_check=auto, voice=voice, codes=codes, lights=lights,
        auto_resume=config.claims.auto_resume, known=[*issued, *stand_in],
        check_in=not options.headless,
    )


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


def load_kiosk_codes() -> tuple[TicketCodes | None, str | None]:
    """The kiosk's ticket signer (None if its key file is unreadable), and a warning key."""
    try:
        codes = load_codes()
    except (KeyFileError, OSError) as exc:
        log.error("%s", exc)
        return None, "claim.no_key"
    # A key others can read lets them sign tickets: the host is told on the screen too.
    return codes, "checkin.key_exposed" if key_warning() is not None else None


class Kiosk:
    """The running app: the display, the scenes and the loop."""

    def __init__(self, options: KioskOptions, config: Config) -> None:
        self.options = options
        self.config = config
        lang = options.lang or config.display.lang
        if lang not in LANGUAGES:
            raise ConfigError(f"language {lang!r} is not allowed: use \"fa\" or \"en\"")
        self.tr = set_language(lang, config.display.persian_digits)
        store, problem = open_store()
        self.journal = Journal(store, problem)
        self.fullscreen = not options.headless and not options.windowed and \
            config.display.fullscreen
        self.screen = self._open_display()
        self._mixer_problem: str | None = None
        self.voice = self._open_voice(lang)
        self.codes, key_problem = load_kiosk_codes()
        self.controller = build_controller(config, options, self.journal, self.voice,
                                           self.codes)
        if key_problem is not None and self.controller.warning is None:
            self.controller.warning = Notice(key_problem)
        self.text = TextRenderer(rtl=self.tr.rtl)
        self.keys = key_map(config)
        self._after_voice = "home"
        self.events: queue.Queue[InputEvent] = queue.Queue()
        self.buttons = Buttons(config.buttons, self.events)
        self.controller.lights = self.buttons
        self.scanner = ScanDetector.from_config(config.scanner)
        self._held: deque[tuple[pygame.event.Event, float, float]] = deque()
        self.printer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="print")
        self.thinker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bots")
        # Whether GNU Backgammon answers (the Expert level) is asked once, off the frame
        # loop, long before the Takhteh Nard menu is built; the answer is cached.
        self.thinker.submit(why_gnubg_unavailable, configured_path(config.gnubg.path))
        self._printed: queue.Queue[list[Ticket]] = queue.Queue()
        self._last_typed = -1e9
        self._noise_until = -1e9
        self.factories: dict[str, Callable[[], Scene]] = {
            "home": lambda: HomeScene(self.text, self.tr, games=home_games()),
            "printing": lambda: PrintScene(self.text, self.tr, self.print_strips),
            "settings": lambda: SettingsScene(self.text, self.tr, self.config,
                                              self.apply_settings, self._voices),
            "caller": lambda: CallerScene(self.controller, self.text, self.tr),
            "prepare": lambda: PrepareScene(
                self.text, self.tr, lambda: self.voice.progress, self.voice.ready.is_set,
                self._after_voice),
        }
        for entry in registered_games():  # each game's table, from its hosting module
            own = hosting(entry.key)
            self.factories.setdefault(entry.key, (
                (lambda entry=entry: NoTableScene(self.text, self.tr, entry)) if own is None
                else (lambda key=entry.key, own=own: self._table(key, own))))
        self.gamepad = GamepadInput()
        self._pads: dict[int, pygame.joystick.JoystickType] = {}
        try:
            pygame.joystick.init()
        except pygame.error as exc:
            log.warning("gamepads cannot be used: %s", exc)
        self._voice_checked = False
        self.phones: PhoneHub | None = None
        self.phone_server: PhoneServer | None = None
        self._translators: dict[str, Translator] = {}
        wanted = options.phones if options.phones is not None else \
            config.phones.enabled and not options.headless
        if wanted:
            self._open_phones()
        self.scenes: dict[str, Scene] = {}
        self.scene: Scene = self.show("home")
        self.running = True

    # -- voice ----------------------------------------------------------------------------
    def _open_voice(self, lang: str, mixer_open: bool = False) -> Voice:
        """The mixer now (READY=1 waits for it); the clips on the voice's own thread."""
        v = self.config.voice
        settings = VoiceSettings(lang=lang, voice=v.voice, rate=v.rate, volume=v.volume,
                                 style=v.style, enabled=v.enabled)
        problem = None
        if v.enabled:
            problem = self._mixer_problem if mixer_open else open_mixer()
            self._mixer_problem = problem
        voice = Voice(settings, voice_dir(data_dir()), problem)
        voice.start()
        return voice

    @staticmethod
    def _voices(lang: str) -> list[str]:
        return renderer().voices(lang)

    def _check_voice(self) -> None:
        """Once the voice is prepared, say on screen if it cannot speak."""
        if self._voice_checked or not self.voice.ready.is_set():
            return
        self._voice_checked = True
        if self.voice.problem is not None and self.controller.warning is None:
            self.controller.warning = Notice(f"voice.{self.voice.problem}")
            self.controller.take_changes()
            self.scene.invalidate()

    # -- settings changed on the TV -------------------------------------------------------
    def apply_settings(self, new: Config) -> None:
        """Apply a change from the settings screen at once, and save it for next time."""
        old, self.config = self.config, new
        scene = self.scenes.get("settings")
        try:
            update_overlay(overlay_path(), changes(old, new))
            if isinstance(scene, SettingsScene):
                scene.show_notice(None)
        except SettingsError as exc:
            log.error("%s", exc)
            if isinstance(scene, SettingsScene):
                scene.show_notice(exc.key)
        controller = self.controller
        controller.rhythm = new.caller.rhythm if self.options.rhythm is None else controller.rhythm
        controller.manual = new.caller.manual
        controller.options = hand_options(new)  # rules apply from the next hand
        controller.auto_check = new.hand.auto_check
        lang = self.options.lang or new.display.lang
        if new.display != old.display:
            self.tr = set_language(lang, new.display.persian_digits)
            self.text.rtl = self.tr.rtl
            for name in [n for n in self.scenes if n != "settings"]:
                del self.scenes[name]  # made again, in the new language, when shown
        if new.voice != old.voice or lang != self.voice.settings.lang:
            self.voice.stop()
            self.voice = self._open_voice(lang, mixer_open=old.voice.enabled)
            controller.voice = self.voice
            self._voice_checked = False

    # -- phones ---------------------------------------------------------------------------
    def _open_phones(self) -> None:
        """Start the phones' web server on the local network (DESIGN §3c); without it the
        kiosk plays on, and the log says why."""
        cfg = self.config.phones
        port = cfg.port if self.options.phones_port is None else self.options.phones_port
        files = self.text.files
        fonts = {"sans": files.latin, "sans-bold": files.latin_bold, "arabic": files.arabic,
                 "arabic-bold": files.arabic_bold}
        if files.symbols is not None:
            fonts["symbols"] = files.symbols
        server = PhoneServer([cfg.bind] if cfg.bind else local_addresses(), port, fonts,
                             cfg.max_clients)
        if not server.start():
            log.error("phones cannot join: %s", server.problem)
            return
        address, bound = next(((a, p) for a, p in server.bound if a != "127.0.0.1"),
                              server.bound[0])
        base = f"http://{cfg.name or address}:{bound}"
        log.info("phones join at %s (listening on %s)", base,
                 ", ".join(f"{a}:{p}" for a, p in server.bound))
        self.phone_server = server
        for lang in LANGUAGES:
            self._translator(lang)  # made here: the server's thread only reads them
        server.words = lambda: (self.tr.lang, self.tr.rtl, page_words(self._translator(
            self.tr.lang)))
        self.phones = PhoneHub(server, base, self._translator, lambda: self.tr.lang,
                               self.codes, self._scanned)
        self.phones.caller = self.controller

    def _translator(self, lang: str) -> Translator:
        found = self._translators.get(lang)
        if found is None:
            found = self._translators[lang] = Translator(lang,
                                                         self.config.display.persian_digits)
        return found

    def close_phones(self) -> None:
        if self.phone_server is not None:
            self.phone_server.stop()
            self.phone_server = None

    # -- display --------------------------------------------------------------------------
    def _open_display(self) -> pygame.Surface:
        try:
            pygame.display.init()
        except pygame.error as exc:
            raise DisplayError(
                f"no screen could be opened ({exc}); on the TV's console set "
                "SDL_VIDEODRIVER=kmsdrm and run as a user in the video and render groups"
            ) from exc
        driver = pygame.display.get_driver()
        wanted = os.environ.get("SDL_VIDEODRIVER", "")
        if not self.options.headless and driver in INVISIBLE_DRIVERS and driver != wanted:
            raise DisplayError(
                "no screen was found (no desktop, and no access to the TV's console); "
                "start the kiosk from a desktop, as the systemd service, or with --headless"
            )
        pygame.font.init()
        pygame.display.set_caption(self.tr("app.title"))
        if self.options.headless:
            return pygame.display.set_mode(self.options.size or HEADLESS_SIZE)
        return self._set_mode()

    def _set_mode(self) -> pygame.Surface:
        if self.fullscreen:
            d = self.config.display
            size = (d.width, d.height) if d.width and d.height else (0, 0)
            screen = pygame.display.set_mode(size, pygame.FULLSCREEN)
            pygame.mouse.set_visible(False)
            return screen
        pygame.mouse.set_visible(True)
        return pygame.display.set_mode(self.options.size or WINDOW_SIZE)

    def toggle_fullscreen(self) -> None:
        if self.options.headless:
            return
        self.fullscreen = not self.fullscreen
        self.screen = self._set_mode()
        self.scene.invalidate()

    # -- scenes ---------------------------------------------------------------------------
    def show(self, name: str) -> Scene:
        """Switch to a scene by name (made on first use), drawn afresh."""
        scene = self.scenes.get(name)
        if scene is None:
            scene = self.factories[name]()
            self.scenes[name] = scene
        scene.request = None
        scene.invalidate()
        entered = getattr(scene, "entered", None)
        if entered is not None:
            entered(time.monotonic())  # a table's turn clock waits while it is off screen
        self.scene = scene
        if self.phones is not None and isinstance(scene, CallerScene):
            scene.phones = self.phones  # the ticket page's address on the check-in panel
        if self.phones is not None and hasattr(scene, "give_seat"):
            scene.phones = self.phones  # type: ignore[attr-defined]
            self.phones.sit_at(scene)  # phones join the table on the screen
        if name == "caller" and self.controller.hand is None:
            self.controller.start_hand(time.monotonic(), paused=not self.options.headless)
        return scene

    def start(self) -> None:
        """Come back to the hand the kiosk was in, or (headless) start one at once.

        After a restart the hand resumes paused, waiting for the host; a headless
        run has no host, so it carries on calling. While the voice is still being
        prepared (its first start), a progress bar shows first, so the first call
        is heard.
        """
        now = time.monotonic()
        if self.options.headless and self.options.game != "debarna":
            scene = self.show(self.options.game)  # a registered game: its table
            own = hosting(self.options.game)
            if own is not None and hasattr(own, "demo"):
                own.demo(scene, self._host())  # what its table shows with nobody there
            return
        resumed = self.journal.unfinished()
        if resumed is not None:
            self.controller.resume_hand(resumed, now, paused=not self.options.headless)
            self._after_voice = "caller"
        elif self.options.headless:
            self._after_voice = "caller"  # the caller scene starts a hand, calling at once
        self.voice.ready.wait(0.5)  # a cached voice is ready at once: no flash of progress
        self.show(self._after_voice if self.voice.ready.is_set() else "prepare")

    def settle(self) -> None:
        """What start-up made stays for good: it is collected once and moved out of the
        garbage collector's way (`gc.freeze`), so a full collection during play walks only
        what play made — a frame is not held up by a walk over every font, catalogue and
        scene."""
        gc.collect()
        gc.freeze()

    # -- the loop -------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event, now: float) -> None:
        if event.type == pygame.QUIT:
            self.running = False
        elif event.type == pygame.KEYDOWN:
            char = getattr(event, "unicode", "") or ""
            if getattr(self.scene, "wants_text", False):
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
                self.scene.click(event.pos, now)
        elif event.type == pygame.FINGERDOWN:
            width, height = self.screen.get_size()
            self.scene.click((round(event.x * width), round(event.y * height)), now)
        elif event.type == pygame.JOYDEVICEADDED:
            pad = pygame.joystick.Joystick(event.device_index)
            self._pads[pad.get_instance_id()] = pad
            log.info("gamepad connected: %s", pad.get_name())
        elif event.type == pygame.JOYDEVICEREMOVED:
            self._pads.pop(event.instance_id, None)
        elif event.type in (pygame.JOYBUTTONDOWN, pygame.JOYHATMOTION, pygame.JOYAXISMOTION):
            action = self.gamepad.action(event)
            if action is not None:
                self.scene.handle(action, "", now)
        elif event.type in (pygame.WINDOWSIZECHANGED, pygame.WINDOWEXPOSED):
            self.scene.invalidate()

    def _key(self, event: pygame.event.Event, now: float) -> None:
        seat = SEAT_KEYS.get(event.key)
        if seat is not None and event.key not in self.keys:
            # The keyboard stands in for the seats' claim buttons: F1-F8 are seats 1-8,
            # taking the buttons' own path (so during an open claim they join the queue).
            self.events.put(SeatClaim(seat))
            return
        action = self.keys.get(event.key)
        if action is Action.FULLSCREEN:
            self.toggle_fullscreen()
            return
        self.scene.handle(action, getattr(event, "unicode", "") or "", now)

    # -- the scanner: a keyboard that types fast -----------------------------------------
    def _hold(self, event: pygame.event.Event, char: str, now: float) -> None:
        """Feed a typed character to the scan detector; keys are held while it may be a scan."""
        gap = now - self._last_typed
        self._last_typed = now
        self._held.append((event, now, gap))
        scan = self.scanner.feed(char, now)
        if scan is not None:
            for _ in range(min(len(self._held), len(scan.payload) + 1)):
                self._held.popleft()
            self._scanned(scan.payload, now)
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
                self._scanned(typed, now)
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

    def _scanned(self, payload: str, now: float) -> None:
        """A scan anywhere in the app: the caller checks it."""
        if self.scene is not self.scenes.get("caller"):
            self.show("caller")
        self.controller.scan(payload, now)

    # -- the table games ---------------------------------------------------------------------
    def _journaled(self, records: Records,
                   build: Callable[[Callable[[object], None], Choice | None], TableScene],
                   refuse: Callable[[object], str | None] | None = None) -> TableScene:
        """A table game's scene, built with a hook that commits each action to the journal
        before the screen shows it, and with the way and the rules last chosen; an
        unfinished game comes back, unless `refuse` says why not (it stays in the journal)."""
        journal = MatchJournal(self.journal.store, records)
        built: list[TableScene] = []

        def committed(action: object) -> None:
            table = built[0].table
            journal.action(table.state, action, table.mode)

        scene = build(committed, journal.last_choice())
        built.append(scene)
        found = journal.unfinished()
        if found is None:
            return scene
        unfinished, hand_id = found
        # The ways to play of the saved game's own table (its number of seats may differ
        # from the rules last chosen in the menu).
        modes_of = getattr(scene, "modes_of", None)
        modes = modes_of(unfinished.state) if modes_of is not None else scene.modes
        mode = next((m for m in modes if m.key == unfinished.mode), None)
        why = refuse(unfinished.state) if refuse is not None else None
        if why is None and mode is None:
            why = f"its way to play ({unfinished.mode}) is not offered any more"
        if why is not None:
            journal.abandon(hand_id, why)
        else:
            assert mode is not None
            scene.resume(unfinished.state, mode.bots, mode.key)
            journal.adopt(unfinished.state, hand_id)
        return scene

    def _host(self, on_action: Callable[[object], None] | None = None) -> Host:
        return Host(self.text, self.tr, self.config, self.options.seed, self.thinker,
                    self.config.keys, on_action)

    def _table(self, key: str, own: ModuleType) -> TableScene:
        """Game `key`'s table from its hosting module, journaled; an unfinished game comes
        back unless the module's `refuse` says why not."""
        refuse = getattr(own, "refuse", None)
        return self._journaled(
            records_for(key), lambda committed, last: own.make_scene(self._host(committed), last),
            None if refuse is None else lambda state: refuse(state, self._host()))

    # -- printing tickets ---------------------------------------------------------------------
    def print_strips(self, count: int) -> Future[str]:
        """Issue and print strips on the printing thread; the screen shows the outcome."""
        tr, codes, where = self.tr, self.codes, self.config.printing
        # With phones on, a ticket's QR code is its code inside the ticket page's address.
        address = self.phones.base_url if self.phones is not None else None

        def job() -> str:
            if codes is None:
                raise PrintError("the ticket key cannot be read, so no tickets can be signed; "
                                 "see the log", "printing.error_no_key")
            store, problem = open_store()  # the printing thread's own connection
            if problem is not None:
                raise problem
            try:
                strips = draw(count, store, codes)
                if where.escpos:
                    print_escpos(strips, codes, where.escpos, address=address)
                else:
                    with tempfile.TemporaryDirectory() as tmp:
                        pdf = Path(tmp) / "tickets.pdf"
                        write_pdf(strips, codes, pdf, address)
                        print_pdf(pdf, where.printer or None)
                register(strips, store, codes)  # only what was printed is registered
            finally:
                store.close()
            self._printed.put([t for strip in strips for t in strip])
            return tr("printing.sent", first=strips[0][0].serial, last=strips[-1][-1].serial)

        return self.printer.submit(job)

    def _register_printed(self) -> None:
        """Tickets printed meanwhile join the caller's list, and the hand being played."""
        while not self._printed.empty():
            self.controller.add_tickets(self._printed.get_nowait())

    # -- GPIO buttons ------------------------------------------------------------------------
    def _hardware(self, now: float) -> None:
        self.buttons.poll(now)
        for event in drain(self.events):
            if isinstance(event, Scan):
                self._scanned(event.payload, now)
            elif isinstance(event, SeatClaim | SeatButton):
                # At a table a seat's buttons go through its input router, the claim button
                # as select; elsewhere a claim button claims, the others are plain actions.
                action = Action.SELECT if isinstance(event, SeatClaim) else Action(event.action)
                if isinstance(self.scene, SeatInput):
                    self.scene.seat_input(event.seat, action, now)
                elif isinstance(event, SeatButton):
                    self.scene.handle(action, "", now)
                else:
                    if self.scene is not self.scenes.get("caller"):
                        self.show("caller")
                    self.controller.open_claim(now, event.seat)
            elif isinstance(event, HostButton):
                self._host_button(event.action, now)

    def _host_button(self, action: str, now: float) -> None:
        if action == "menu":
            self.show("home")
            return
        mapped = {"pause": Action.PAUSE, "next": Action.NEXT, "repeat": Action.REPEAT}[action]
        self.scene.handle(mapped, "", now)

    def frame(self, now: float) -> list[pygame.Rect]:
        """One turn of the loop without the wait: events, update, draw."""
        for event in pygame.event.get():
            self.handle_event(event, now)
        self.scanner.expire(now)
        self._release(now)
        self._hardware(now)
        self._register_printed()
        self._check_voice()
        self.scene.update(now)
        if self.phones is not None:
            self.phones.pump(now)
        if self.scene.request is not None:
            self.show(self.scene.request)
        rects = self.scene.draw(self.screen, now)
        if rects:
            pygame.display.update(rects)
        return rects

    def loop(self) -> None:
        """Run frames until quit; systemd's watchdog is fed from here, so a hang is seen.

        Between frames the loop sleeps until the next frame or the next call's beat,
        whichever comes first, so a call starts on its beat, not on a frame boundary.
        """
        notifier = Notifier()
        notifier.ready()
        start = time.monotonic()
        run_for = self.options.run_for
        try:
            while self.running:
                now = time.monotonic()
                self.frame(now)
                notifier.watchdog(now)
                if run_for is not None and now - start >= run_for:
                    break
                wake = now + 1 / FPS
                beat = self.controller.next_call_at
                if beat is not None and self.scene is self.scenes.get("caller"):
                    wake = min(wake, beat)
                pause = wake - time.monotonic()
                if pause > 0:
                    time.sleep(pause)
        finally:
            notifier.stopping()

    def save_screenshot(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(self.screen, str(path))
        log.info("screenshot saved to %s", path)


def prepare_headless() -> None:
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")  # tests may record with "disk"


def run(options: KioskOptions) -> int:
    """Start the kiosk and run until quit (or `run_for` seconds); returns the exit code."""
    if options.headless:
        prepare_headless()
    try:
        config, settings_problem = effective_config(options.config_path or default_path())
        kiosk = Kiosk(options, config)
        if settings_problem is not None and kiosk.controller.warning is None:
            kiosk.controller.warning = Notice(settings_problem)
    except ConfigError as exc:
        print(f"debarna: {exc}", file=sys.stderr)
        return EXIT_CONFIG
    except FontError as exc:
        print(f"debarna: {exc}", file=sys.stderr)
        pygame.quit()
        return EXIT_FONT
    except DisplayError as exc:
        print(f"debarna: {exc}", file=sys.stderr)
        pygame.quit()
        return EXIT_DISPLAY
    try:
        kiosk.start()
        kiosk.settle()
        try:
            kiosk.loop()
        finally:
            kiosk.voice.ready.wait(60)  # never quit pygame under a voice still loading
            kiosk.buttons.close()
            kiosk.printer.shutdown(wait=False, cancel_futures=True)
            kiosk.thinker.shutdown(wait=False, cancel_futures=True)
            kiosk.close_phones()
        if options.screenshot is not None:
            kiosk.save_screenshot(options.screenshot)
    finally:
        pygame.quit()
    return EXIT_OK


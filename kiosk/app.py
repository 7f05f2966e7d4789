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
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Protocol

import pygame

from audio.cache import voice_dir
from audio.player import Voice, VoiceSettings, open_mixer
from engines.debarna.options import HandOptions
from engines.registry import games as registered_games
from hardware.buttons import Buttons
from hardware.events import HostButton, InputEvent, Scan, SeatButton, SeatClaim, drain
from hardware.scanner import ScanDetector
from kiosk.committer import Committer
from kiosk.config import (
    Action,
    Config,
    ConfigError,
    default_path,
)
from kiosk.flags import seeded_rng
from kiosk.games import Host, hosting
from kiosk.games.debarna.caller import (
    CallerController,
    LightsLike,
    Notice,
    VoiceLike,
)
from kiosk.games.debarna.journal import Journal
from kiosk.games.debarna.keys import KeyFileError, key_warning, load_codes
from kiosk.games.debarna.shop import shop_cards
from kiosk.games.debarna.tickets import box, draw, issued_tickets, register
from kiosk.i18n import LANGUAGES, Translator, set_language
from kiosk.input_routing import GamepadInput as GamepadInput  # the gamepads' mapping
from kiosk.input_routing import InputRouter, Target
from kiosk.notify import Notifier
from kiosk.scenes.budget import frame_begins
from kiosk.scenes.home import GAMES, Game, HomeScene, game_entries
from kiosk.settings import SettingsError, changes, effective_config, overlay_path, update_overlay
from kiosk.store import data_dir, open_store
from kiosk.table.pool import ThinkingPool, bot_modules
from kiosk.table.router import SeatInput
from kiosk.table_journal import TableJournal
from kiosk.text import FontError, TextRenderer
from kiosk.warm_up import WARM_MODULES, Step, WarmUp, imports

# What the first screen does not need is imported where it is first used (a game's table
# when it is opened, the phones' server once the first frame is up, printing, the voice
# renderer): the home menu comes up first (DESIGN §4, benchmarks/bench_startup.py).
if TYPE_CHECKING:
    from engines.debarna.codes import TicketCodes
    from engines.debarna.ticket import Ticket
    from engines.registry import GameEntry
    from kiosk.phones.hub import PhoneHub
    from kiosk.phones.remote import RemoteServer as PhoneServer
    from kiosk.scenes.modes import TableScene

log = logging.getLogger(__name__)

FPS = 30
IDLE_FRAME = 0.002  # a frame with nothing drawn warms fonts until it has taken this long
# A frame that has worked this long (seconds, a Pi core's 20 % share of a frame) before
# the phones' turn leaves their push to the next frame, once (their requests are still
# answered): a board redrawn and 250 pages written in one frame would stall it on a Pi.
PUMP_AFTER = 0.004
WINDOW_SIZE = (1280, 720)
HEADLESS_SIZE = (1920, 1080)
HEADLESS_MIN_RHYTHM = 0.05
EXIT_OK, EXIT_CONFIG, EXIT_FONT, EXIT_DISPLAY = 0, 2, 3, 4
INVISIBLE_DRIVERS = ("offscreen", "dummy")
PHONES_WAIT = 15.0  # the longest a print waits for the phones still starting


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
    game: str = "debarna"  # headless: the game shown at once (a table game: its hosting's
    # `demo`, by default its menu)
    phones: bool | None = None  # phones may join (None: the config says; off when headless)
    phones_port: int | None = None  # overrides the config's port (0: any free port)


class Scene(Target, Protocol):
    """What the loop needs from a scene, besides what input needs of it (`Target`)."""

    request: str | None

    def update(self, now: float) -> None: ...
    def draw(self, surface: pygame.Surface, now: float) -> list[pygame.Rect]: ...


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
    lights: LightsLike | None = None, box_later: bool = False,
) -> CallerController:
    """The caller, knowing the tickets this kiosk printed and the config's stand-in box.

    With a host (not headless) only the tickets checked in before a hand are in play;
    a headless run has no host to check tickets in, so it plays the box. With a host and
    `box_later`, the box (whose drawing takes a while on a Pi) is drawn when a serial is
    first looked up, or beforehand off the frame loop (`CallerController.settle_known`).
    """
    issued: list[Ticket] = issued_tickets(journal.store, codes) if journal and codes else []
    issued += shop_cards(journal.store) if journal else []  # a shop set's registered cards
    later = box_later and not options.headless
    stand_in = [] if later else stand_in_box(config)
    auto = config.hand.auto_check if options.auto_check is None else options.auto_check
    controller = CallerController(
        stand_in if options.headless else (), hand_options(config),
        rhythm=resolve_rhythm(config, options),
        manual=config.caller.manual, rng=seeded_rng(options.seed), journal=journal,
        auto_check=auto, voice=voice, codes=codes, lights=lights,
        auto_resume=config.claims.auto_resume, known=[*issued, *stand_in],
        check_in=not options.headless, pot=config.pot,
    )
    if later:
        controller.know_later(lambda: stand_in_box(config))
    return controller


def stand_in_box(config: Config) -> list[Ticket]:
    """The config's stand-in box (`[tickets] strips` and `seed`), ticket by ticket."""
    return [t for strip in box(config.tickets.strips, config.tickets.seed) for t in strip]


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

    def __init__(self, options: KioskOptions, config: Config, *, later: bool = False) -> None:
        """The display, the voice, the caller and the home menu.

        `later` (the app's own start, `run`): the phones' server is started off the
        frame loop once the first frame is up (`loop`), not here, so the menu comes up
        first; a kiosk made for a test or a benchmark has them at once.
        """
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
                                           self.codes, box_later=True)
        if key_problem is not None and self.controller.warning is None:
            self.controller.warning = Notice(key_problem)
        self.text = TextRenderer(rtl=self.tr.rtl)
        self.keys = key_map(config)
        self._after_voice = "home"
        self.events: queue.Queue[InputEvent] = queue.Queue()
        self.buttons = Buttons(config.buttons, self.events)
        self.controller.lights = self.buttons
        self.scanner = ScanDetector.from_config(config.scanner)
        self.tables = TableJournal(lambda: self.journal.store)
        writer = self.tables.thread()  # the frame loop never waits for the disk
        if writer is not None:
            self.journal.write_on(writer)
        self.voice.hold = lambda: self.tables.writing  # heard once it is on the disk
        self._unshown: list[pygame.Rect] = []  # drawn, waiting for the journal to be shown
        self._pump_waited = False  # the phones' push was left to this frame
        self.printer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="print")
        # The computers think in worker processes (one a spare core), never on the
        # frame loop's interpreter; the processes start on the pool's own thread.
        self.thinker = ThinkingPool(preload=bot_modules(e.make_bot for e in registered_games()))
        # What a game finds out slowly, once (its hosting's `warm`), is done here, off the
        # frame loop and the warm-up's thread, long before its table is first opened.
        self.background = ThreadPoolExecutor(max_workers=1, thread_name_prefix="background")
        self._printed: queue.Queue[list[Ticket]] = queue.Queue()
        # Each scene's module is imported when the scene is first made.
        self.factories: dict[str, Callable[[], Scene]] = {
            "home": lambda: HomeScene(self.text, self.tr, games=home_games()),
            "printing": self._printing_scene,
            "settings": self._settings_scene,
            "caller": self._caller_scene,
            "prepare": self._prepare_scene,
        }
        for entry in registered_games():  # each game's table, from its hosting module
            self.factories.setdefault(entry.key, lambda entry=entry: self._game_scene(entry))
        self.input = InputRouter(self, self.keys, self.scanner, self.events, self._scanned)
        self._voice_checked = False
        self.phones: PhoneHub | None = None
        self.phone_server: PhoneServer | None = None
        self._translators: dict[str, Translator] = {}
        # Phones started off the frame loop (`later`) wait here for the loop to take them.
        self._phones_lock = threading.Lock()
        self._phones_started: tuple[PhoneServer, PhoneHub] | None = None
        self._phones_closed = False
        wanted = options.phones if options.phones is not None else \
            config.phones.enabled and not options.headless
        self._phones_later = bool(wanted) and later
        self._phones_up = threading.Event()  # phones started later are up, or never will be
        if wanted and not later:
            self._open_phones()
        self.warm = WarmUp(lambda: self.controller)
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
        from audio.render import renderer

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
        from kiosk.scenes.settings import SettingsScene

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
        started = self._start_phones()
        if started is not None:
            self._attach_phones(*started)

    def _start_phones(self) -> tuple[PhoneServer, PhoneHub] | None:
        """The phones' server, listening, and its hub (None if it cannot listen). Touches
        nothing the frame loop uses, so it may run on another thread (`_warm_up`)."""
        from kiosk.games.debarna.card_page import add_card_routes  # a shop card's page
        from kiosk.phones.hub import PhoneHub
        from kiosk.phones.models import page_words
        from kiosk.phones.remote import RemoteServer
        from kiosk.phones.server import local_addresses

        cfg = self.config.phones
        port = cfg.port if self.options.phones_port is None else self.options.phones_port
        files = self.text.files
        fonts = {"sans": files.latin, "sans-bold": files.latin_bold, "arabic": files.arabic,
                 "arabic-bold": files.arabic_bold}
        if files.symbols is not None:
            fonts["symbols"] = files.symbols
        # In a process of its own: its event loop never holds the frame loop's interpreter.
        server = RemoteServer([cfg.bind] if cfg.bind else local_addresses(), port, fonts,
                              cfg.max_clients, routes=[add_card_routes])
        if not server.start():
            log.error("phones cannot join: %s", server.problem)
            return None
        address, bound = next(((a, p) for a, p in server.bound if a != "127.0.0.1"),
                              server.bound[0])
        base = f"http://{cfg.name or address}:{bound}"
        log.info("phones join at %s (listening on %s)", base,
                 ", ".join(f"{a}:{p}" for a, p in server.bound))
        for lang in LANGUAGES:
            self._translator(lang)  # made here: the server's thread only reads them
        server.words = lambda: (self.tr.lang, self.tr.rtl, page_words(self._translator(
            self.tr.lang)))
        hub = PhoneHub(server, base, self._translator, lambda: self.tr.lang, self.codes,
                       self._scanned)
        hub.caller = self.controller
        return server, hub

    def _attach_phones(self, server: PhoneServer, hub: PhoneHub) -> None:
        self.phone_server = server
        self.phones = hub
        hub.on_tv_code = lambda: (self.scene.invalidate()  # the check-in panel shows it
                                  if self.scene is self.scenes.get("caller") else None)

    def _take_started_phones(self) -> None:
        """Phones started off the frame loop join it (between two frames): the scene on
        the screen gets them as `show` gives them, and is drawn afresh with them."""
        with self._phones_lock:
            started, self._phones_started = self._phones_started, None
        if started is not None:
            self._attach_phones(*started)
            self._seat_phones(self.scene)
            self.scene.invalidate()
            self._phones_up.set()

    def _translator(self, lang: str) -> Translator:
        found = self._translators.get(lang)
        if found is None:
            found = self._translators[lang] = Translator(lang,
                                                         self.config.display.persian_digits)
        return found

    def close_phones(self) -> None:
        with self._phones_lock:
            self._phones_closed = True  # a server still starting stops itself (`_warm_up`)
            started, self._phones_started = self._phones_started, None
        if started is not None:
            started[0].stop()
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
    def _printing_scene(self) -> Scene:
        from kiosk.games.debarna.printing import PrintScene

        return PrintScene(self.text, self.tr, self.print_strips)

    def _settings_scene(self) -> Scene:
        from kiosk.scenes.settings import SettingsScene

        return SettingsScene(self.text, self.tr, self.config, self.apply_settings, self._voices)

    def _caller_scene(self) -> Scene:
        from kiosk.games.debarna.scene import CallerScene

        return CallerScene(self.controller, self.text, self.tr)

    def _prepare_scene(self) -> Scene:
        from kiosk.games.debarna.prepare import PrepareScene

        return PrepareScene(self.text, self.tr, lambda: self.voice.progress,
                            self.voice.ready.is_set, self._after_voice)

    def _game_scene(self, entry: GameEntry) -> Scene:
        """Registered game `entry`'s table, from its hosting module (imported now, when it
        is first opened), or the "no table for it yet" screen when it has none."""
        own = hosting(entry.key)
        if own is None:
            from kiosk.scenes.no_table import NoTableScene

            return NoTableScene(self.text, self.tr, entry)
        return self._table(entry.key, own)

    def _seat_phones(self, scene: Scene) -> None:
        """The phones for a scene: the caller's ticket page address, a table's seats."""
        if self.phones is None:
            return
        if scene is self.scenes.get("caller"):
            scene.phones = self.phones  # type: ignore[attr-defined]  # the check-in panel
        if hasattr(scene, "give_seat"):
            scene.phones = self.phones  # type: ignore[attr-defined]
            self.phones.sit_at(scene)  # phones join the table on the screen
        else:
            self.phones.sit_at(None)  # the tables left keep their phones, waiting

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
        self._seat_phones(scene)
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

    # -- a scan, from the scanner or a phone -------------------------------------------------
    def _scanned(self, payload: str, now: float) -> None:
        """A scan anywhere in the app: the caller checks it."""
        if self.scene is not self.scenes.get("caller"):
            self.show("caller")
        self.controller.scan(payload, now)

    # -- the table games ---------------------------------------------------------------------
    def _host(self, on_action: Callable[[object], None] | None = None) -> Host:
        self.thinker.warm()  # a table is opened: its computers' processes start now
        return Host(self.text, self.tr, self.config, self.options.seed, self.thinker,
                    self.config.keys, on_action)

    def _table(self, key: str, own: ModuleType) -> TableScene:
        """Game `key`'s table from its hosting module, journaled; an unfinished game comes
        back unless the module's `refuse` says why not."""
        from kiosk.match_journal import records_for

        refuse = getattr(own, "refuse", None)
        return self.tables.scene(
            records_for(key), lambda committed, last: own.make_scene(self._host(committed), last),
            None if refuse is None else lambda state: refuse(state, self._host()))

    # -- printing tickets ---------------------------------------------------------------------
    def print_strips(self, count: int) -> Future[str]:
        """Issue and print strips on the printing thread; the screen shows the outcome."""
        tr, codes, where = self.tr, self.codes, self.config.printing

        def job() -> str:
            # reportlab, qrcode and escpos are imported here, on the printing thread. The
            # drawing (seconds of a Pi's CPU for a night's strips) runs in a worker process,
            # the frame loop's interpreter only signs the codes and hands the result on.
            from hardware.printing import (
                PrintError,
                print_escpos,
                print_pdf,
                receipt_images,
                ticket_links,
                write_pdf_links,
            )

            # With phones on, a ticket's QR code is its code inside the ticket page's address
            # (read here: a print waits in this queue for phones still starting, `_warm_up`).
            address = self.phones.base_url if self.phones is not None else None
            if codes is None:
                raise PrintError("the ticket key cannot be read, so no tickets can be signed; "
                                 "see the log", "printing.error_no_key")
            store, problem = open_store()  # the printing thread's own connection
            if problem is not None:
                raise problem
            try:
                strips = draw(count, store, codes)
                links = ticket_links(strips, codes, address)
                if where.escpos:
                    drawn = self.thinker.submit(receipt_images, strips, links).result()
                    print_escpos(strips, codes, where.escpos, address=address, drawn=drawn)
                else:
                    with tempfile.TemporaryDirectory() as tmp:
                        pdf = Path(tmp) / "tickets.pdf"
                        self.thinker.submit(write_pdf_links, strips, links, codes.series,
                                            pdf).result()
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

    # -- the loop ----------------------------------------------------------------------------
    def frame(self, now: float) -> list[pygame.Rect]:
        """One turn of the loop without the wait: events, update, draw; a frame that had
        nothing to draw warms fonts the screen will want (`TextRenderer.want`) until it has
        taken `IDLE_FRAME`, unless a call is due soon."""
        began = time.perf_counter()
        frame_begins()  # a table's painting budget counts from here (kiosk.scenes.budget)
        for event in pygame.event.get():
            self.input.handle_event(event, now)
        self.input.expire(now)
        self._hardware(now)
        self._register_printed()
        self._check_voice()
        self.scene.update(now)
        if self._phones_started is not None:
            self._take_started_phones()
        if self.scene.request is not None:
            self.show(self.scene.request)
        rects = self.scene.draw(self.screen, now)
        if rects:
            self._unshown.extend(rects)
        # What the journal has not written yet is not shown (kiosk.committer): the frame
        # is drawn into the buffer and handed to the display, and the phones their pages,
        # once it is; the voice says it once it is, too (`Voice.hold`).
        writing = self.tables.writing
        if self._unshown and not writing:
            pygame.display.update(self._unshown)
            self._unshown = []
        if self.phones is not None and not writing:
            # the pages' requests are answered in every frame; their pushes may wait one
            push = self._pump_waited or time.perf_counter() - began < PUMP_AFTER
            self.phones.pump(now, push=push)
            self._pump_waited = not push
        if not rects and self.text.warming and self.warm.may_warm(now):
            while time.perf_counter() - began < IDLE_FRAME and self.text.warm_one():
                pass
        return rects

    @property
    def committer(self) -> Committer | None:
        """The table games' journal thread (None until a table game is first opened)."""
        return self.tables.committer

    def flush_journal(self) -> None:
        """Wait until every table action is on the disk (tools, tests, the end of a run)."""
        self.tables.flush()

    def loop(self) -> None:
        """Run frames until quit; systemd's watchdog is fed from here, so a hang is seen.

        Between frames the loop sleeps until the next frame or the next call's beat,
        whichever comes first, so a call starts on its beat, not on a frame boundary.

        READY=1 goes to systemd once the first frame is on the display; then start-up's
        garbage is collected and the rest frozen (`settle`), and what the first screen did
        not need starts off the frame loop (`_warm_up`).
        """
        notifier = Notifier()
        ready = False
        start = time.monotonic()
        run_for = self.options.run_for
        try:
            while self.running:
                now = time.monotonic()
                drawn = self.frame(now)
                if drawn and not ready:
                    ready = True
                    notifier.ready()
                    log.info("the screen is up (%s)", type(self.scene).__name__)
                    self.settle()
                    self._warm_up()
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
            self._stop_warm_up()

    # -- after the first frame ---------------------------------------------------------------
    def _warm_up(self) -> None:
        """Once the first screen is up, on a thread of its own: start the phones' server
        (`later`), draw the stand-in box, and import what the other screens need, so that
        opening one imports nothing big on the frame loop."""
        if self._phones_later:
            # A print waits in the printing queue for phones still starting: its tickets'
            # codes carry their address, as when the phones start with the kiosk.
            self.printer.submit(self._phones_up.wait, PHONES_WAIT)
        self.warm.start(self._warm_steps)

    def _warm_steps(self) -> list[Step]:
        """The warm-up's steps, in order (listed on its thread, as it starts)."""
        steps: list[Step] = []
        if self._phones_later:
            steps += [self._start_phones_later, *imports(("qrcode",))]
        steps.append(self.controller.settle_known)
        steps += imports(WARM_MODULES)
        steps += [lambda key=entry.key: self._warm_game(key) for entry in registered_games()]
        return steps

    def _warm_game(self, key: str) -> None:
        """Game `key`'s hosting imported, and its `warm` (if it has one) given to the
        background thread."""
        module = hosting(key)
        warm = getattr(module, "warm", None)
        if warm is not None:
            self.background.submit(warm, self.config)

    def _start_phones_later(self) -> None:
        started = None
        try:
            started = self._start_phones()
        finally:
            if started is None:
                self._phones_up.set()  # none will come
        if started is None:
            return
        with self._phones_lock:
            if not self._phones_closed:
                self._phones_started = started  # the frame loop takes them (`frame`)
                return
        started[0].stop()  # the kiosk closed meanwhile
        self._phones_up.set()

    def _stop_warm_up(self) -> None:
        """The warm-up stops after the step it is in (the kiosk is closing)."""
        self.warm.stop()
        self._phones_up.set()  # phones not started by now never will be

    def save_screenshot(self, path: Path) -> None:
        """The screen as a PNG, once every card on it is drawn as itself (a card table's
        faces painted in the worker processes may still be on their way: a few frames)."""
        deadline = time.monotonic() + 10.0
        while not getattr(self.scene, "settled", True) and time.monotonic() < deadline:
            time.sleep(1 / FPS)
            self.frame(time.monotonic())
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
        kiosk = Kiosk(options, config, later=True)
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
        try:
            kiosk.loop()  # which settles (`settle`) once the first frame is up
        finally:
            kiosk.voice.ready.wait(60)  # never quit pygame under a voice still loading
            kiosk.buttons.close()
            kiosk.printer.shutdown(wait=False, cancel_futures=True)
            kiosk.thinker.shutdown(wait=False, cancel_futures=True)
            kiosk.background.shutdown(wait=False, cancel_futures=True)
            kiosk.close_phones()
            kiosk.journal.save_before_exit(kiosk.committer)
            if kiosk.committer is not None:
                kiosk.committer.close()  # what was played is written before the exit
        if options.screenshot is not None:
            kiosk.save_screenshot(options.screenshot)
    finally:
        pygame.quit()
    return EXIT_OK


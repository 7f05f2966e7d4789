"""Start-up: the home menu comes first. Drawing it imports no game's table, no phones'
server and no printing; the phones' server starts once the first frame is up; the
stand-in box, drawn later, is known as if it had been drawn at once.
(How fast: benchmarks/bench_startup.py.)"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from dataclasses import replace
from pathlib import Path

import pytest

from engines.registry import games as registered_games
from kiosk.app import Kiosk, KioskOptions, build_controller, stand_in_box
from kiosk.config import Config

ROOT = Path(__file__).resolve().parents[2]

# What the home menu must not wait for: imported where first used, or after the first frame.
# (pyttsx3 is the voice's: its own thread loads it while the menu comes up.)
HEAVY = ("aiohttp", "reportlab", "qrcode", "escpos", "numpy", "gpiozero",
         "kiosk.phones.server", "kiosk.phones.hub", "kiosk.games.debarna.scene",
         "kiosk.scenes.modes", "kiosk.scenes.settings", "kiosk.games.debarna.printing",
         "kiosk.match_journal", "hardware.printing",
         *(f"kiosk.games.{entry.key}" for entry in registered_games()),
         *(f"engines.{entry.key}.{part}" for entry in registered_games()
           for part in ("bots", "rules", "records")))

MENU = """
import sys, time
from dataclasses import replace
from kiosk.cli import build_parser
from kiosk.app import Kiosk, KioskOptions
from kiosk.config import Config
build_parser("kiosk").parse_args(["kiosk"])
config = replace(Config(), phones=replace(Config().phones, bind="127.0.0.1"))
kiosk = Kiosk(KioskOptions(windowed=True, phones_port=0), config, later=True)
kiosk.start()
assert kiosk.frame(time.monotonic()), "nothing drawn"
print(type(kiosk.scene).__name__)
print("\\n".join(sys.modules))
"""


def test_the_home_menu_is_drawn_without_the_tables_phones_or_printing(tmp_path: Path) -> None:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run([sys.executable, "-c", MENU], cwd=ROOT, env=env, text=True,
                          capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr
    scene, *loaded = done.stdout.split()
    assert scene in ("HomeScene", "PrepareScene")  # the voice may still be loading
    early = sorted(m for m in loaded if m in HEAVY or m.split(".")[0] in HEAVY)
    assert early == []


@pytest.fixture
def screen(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")


def test_the_phones_server_starts_once_the_first_frame_is_up(screen: None) -> None:
    config = replace(Config(), voice=replace(Config().voice, enabled=False),
                     phones=replace(Config().phones, bind="127.0.0.1"))
    kiosk = Kiosk(KioskOptions(windowed=True, phones_port=0, run_for=60), config, later=True)
    assert kiosk.phones is None and kiosk.phone_server is None
    kiosk.start()
    seen: list[object] = []
    frame = kiosk.frame

    def watched(now: float) -> list[object]:
        drawn = frame(now)
        seen.append(kiosk.phones)
        if kiosk.phones is not None:
            kiosk.running = False
        return drawn  # type: ignore[return-value]

    kiosk.frame = watched  # type: ignore[method-assign]
    try:
        kiosk.loop()
        assert seen[0] is None  # the first frame went up without them
        assert seen[-1] is not None and kiosk.phone_server is not None
        assert kiosk.phone_server.bound and kiosk.phone_server.problem is None
        caller = kiosk.show("caller")
        assert caller.phones is kiosk.phones  # type: ignore[attr-defined]
    finally:
        kiosk.close_phones()
        kiosk.journal.store.close()
    assert kiosk.phone_server is None


def test_a_kiosk_closed_while_its_phones_start_leaves_no_server(screen: None) -> None:
    config = replace(Config(), voice=replace(Config().voice, enabled=False),
                     phones=replace(Config().phones, bind="127.0.0.1"))
    kiosk = Kiosk(KioskOptions(windowed=True, phones_port=0), config, later=True)
    kiosk.close_phones()
    kiosk._start_phones_later()  # the warm-up's step, after the kiosk closed
    assert kiosk._phones_started is None and kiosk.phone_server is None
    kiosk.journal.store.close()


def test_the_stand_in_box_drawn_later_is_known_as_if_drawn_at_once() -> None:
    config = Config()
    at_once = build_controller(config, KioskOptions())
    later = build_controller(config, KioskOptions(), box_later=True)
    drawn = threading.Thread(target=later.settle_known)  # as the warm-up does it
    drawn.start()
    serials = [ticket.serial for ticket in stand_in_box(config)]
    assert len(serials) == 6 * config.tickets.strips
    for serial in serials:
        assert later.lookup(serial) == at_once.lookup(serial) != []
    drawn.join()


def test_a_serial_looked_up_before_the_warm_up_draws_the_box_there_and_then() -> None:
    config = Config()
    later = build_controller(config, KioskOptions(), box_later=True)
    first = stand_in_box(config)[0]
    assert later.lookup(first.serial) == [first]


def test_a_ticket_printed_while_the_phones_start_carries_their_address(screen: None) -> None:
    config = replace(Config(), voice=replace(Config().voice, enabled=False),
                     phones=replace(Config().phones, bind="127.0.0.1"))
    kiosk = Kiosk(KioskOptions(windowed=True, phones_port=0), config, later=True)
    kiosk.start()
    try:
        kiosk._warm_up()  # as after the first frame: the phones start off the frame loop
        printing = kiosk.printer.submit(lambda: kiosk.phones)  # queued as a print job is
        deadline = time.monotonic() + 60
        while not printing.done() and time.monotonic() < deadline:
            kiosk.frame(time.monotonic())  # the frame loop takes the phones up
            time.sleep(0.02)
        hub = printing.result(0)
        assert hub is not None and hub is kiosk.phones and hub.base_url.startswith("http://")
    finally:
        kiosk._stop_warm_up()
        kiosk.close_phones()
        kiosk.printer.shutdown()
        kiosk.journal.store.close()

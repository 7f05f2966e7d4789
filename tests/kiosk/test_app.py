"""The app: a headless run, the keyboard claim flow through real key events, the menu."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from engines.debarna.options import Stage
from engines.registry import games as registered_games
from kiosk.app import Kiosk, KioskOptions, key_map, run
from kiosk.config import Action, Config, ConfigError, PrintingConfig, from_mapping, load
from kiosk.games.debarna.caller import ClaimPhase
from kiosk.games.debarna.scene import CELL_LAST, CELL_ON, CallerScene
from kiosk.scenes.home import HomeScene


def count_colour(surface: pygame.Surface, colour: tuple[int, int, int]) -> int:
    width, height = surface.get_size()
    return sum(
        1
        for x in range(0, width, 4)
        for y in range(0, height, 4)
        if tuple(surface.get_at((x, y)))[:3] == colour
    )


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_a_headless_run_saves_a_full_hd_screenshot_with_numbers_called(
    tmp_path: Path, lang: str
) -> None:
    shot = tmp_path / f"caller-{lang}.png"
    code = run(KioskOptions(headless=True, lang=lang, seed=7, rhythm=0.05, run_for=1.0,
                            screenshot=shot))
    assert code == 0
    pygame.display.init()
    image = pygame.image.load(str(shot))
    assert image.get_size() == (1920, 1080)
    assert count_colour(image, CELL_ON) > 0  # lit numbers on the board
    assert count_colour(image, CELL_LAST) > 0  # the last call marked
    pygame.quit()


def test_a_headless_run_at_720p(tmp_path: Path) -> None:
    shot = tmp_path / "small.png"
    assert run(KioskOptions(headless=True, lang="en", seed=1, rhythm=0.05, run_for=0.4,
                            screenshot=shot, size=(1280, 720))) == 0
    pygame.display.init()
    assert pygame.image.load(str(shot)).get_size() == (1280, 720)
    pygame.quit()


def test_a_rhythm_too_fast_for_the_screen_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(KioskOptions(windowed=True, rhythm=1.0)) == 2
    assert "rhythm" in capsys.readouterr().err


def test_a_bad_config_file_stops_with_its_key_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "kiosk.toml"
    path.write_text("[caller]\nrhythm = 9\n")
    assert run(KioskOptions(headless=True, config_path=path, run_for=0.1)) == 2
    assert "caller.rhythm" in capsys.readouterr().err


def test_a_bad_key_name_in_the_mapping_is_named(display: None) -> None:
    with pytest.raises(ConfigError, match=r"keys\.claim"):
        key_map(from_mapping({"keys": {"claim": ["not-a-key"]}}))


def test_the_default_keys_map_to_their_actions(display: None) -> None:
    keys = key_map(load(None))
    assert keys[pygame.K_SPACE] is Action.PAUSE
    assert keys[pygame.K_c] is Action.CLAIM
    assert keys[pygame.K_RETURN] is Action.SELECT
    assert keys[pygame.K_n] is Action.NEXT
    assert keys[pygame.K_r] is Action.REPEAT
    assert keys[pygame.K_h] is Action.NEW_HAND
    assert keys[pygame.K_ESCAPE] is Action.BACK
    assert keys[pygame.K_F11] is Action.FULLSCREEN


# -- driving the app with key events ---------------------------------------------------------
@pytest.fixture
def kiosk(display: None) -> Iterator[Kiosk]:
    app = Kiosk(KioskOptions(headless=True, lang="en", seed=5, rhythm=0.05,
                             size=(1280, 720)), Config())
    yield app


def press(app: Kiosk, key: int, text: str = "", now: float = 0.0) -> None:
    """A person's key press: a typed character counts once it is clearly no scanner's."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, unicode=text, mod=0))
    app.frame(now)
    app.frame(now + HUMAN)


def type_text(app: Kiosk, text: str, now: float) -> None:
    """A person typing: a key every 0.15 s."""
    for i, ch in enumerate(text):
        key = pygame.K_MINUS if ch == "-" else getattr(pygame, f"K_{ch.lower()}")
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, unicode=ch, mod=0))
        app.frame(now + i * HUMAN)
    app.frame(now + len(text) * HUMAN)


HUMAN = 0.15  # seconds between a person's key presses


def test_the_menu_lists_only_dabernā_and_enter_opens_the_caller(kiosk: Kiosk) -> None:
    assert isinstance(kiosk.scene, HomeScene)
    # Dabernā, then each registered game in the registry's order, then printing tickets and
    # the settings.
    games = [f"{entry.key}.title" for entry in registered_games()]
    assert [g.key for g in kiosk.scene.games] == ["home.games.debarna", *games,
                                                  "printing.title", "settings.title"]
    assert {"backgammon.title", "hearts.title", "debertz.title"} <= set(games)
    kiosk.frame(0.0)
    press(kiosk, pygame.K_DOWN)
    assert kiosk.scene.selected == 1
    press(kiosk, pygame.K_UP)
    assert kiosk.scene.selected == 0
    press(kiosk, pygame.K_RETURN, "\r")
    assert isinstance(kiosk.scene, CallerScene)
    assert kiosk.controller.hand is not None
    press(kiosk, pygame.K_ESCAPE)
    assert isinstance(kiosk.scene, HomeScene)


def test_a_click_on_the_game_opens_the_caller(kiosk: Kiosk) -> None:
    kiosk.frame(0.0)
    assert isinstance(kiosk.scene, HomeScene)
    button = kiosk.scene._buttons[0]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button.center, button=1))
    kiosk.frame(0.1)
    assert isinstance(kiosk.scene, CallerScene)


def caller(kiosk: Kiosk) -> float:
    """Open the caller with a running hand; returns the clock."""
    kiosk.show("caller")
    kiosk.controller.start_hand(0.0)
    kiosk.frame(0.0)
    return 0.0


def test_the_full_keyboard_claim_flow_for_a_valid_line(kiosk: Kiosk) -> None:
    now = caller(kiosk)
    c = kiosk.controller
    while Stage.LINE not in (c.hand.reached_on_last() if c.hand else {}):
        now += 0.05
        kiosk.frame(now)
    serial = c.hand.reached_on_last()[Stage.LINE][0] if c.hand else ""
    called = len(c.called)
    press(kiosk, pygame.K_c, "c", now)
    assert c.claim_phase is ClaimPhase.ENTRY
    kiosk.frame(now + 5)  # time passes while the host types: no number is called
    assert len(c.called) == called
    type_text(kiosk, serial, now + 5)
    assert c.serial_text == serial
    press(kiosk, pygame.K_RETURN, "\r", now + 6)
    assert c.claim_phase is ClaimPhase.VERDICT
    assert c.result is not None and c.result.valid
    assert c.hand is not None and c.hand.winners[Stage.LINE].serials[0] == serial
    press(kiosk, pygame.K_SPACE, " ", now + 7)
    assert c.claim_phase is ClaimPhase.CLOSED and c.running
    # Calling goes on once the voice has said its verdict and "calling again".
    for step in range(1, 60):
        kiosk.frame(now + 7 + step * 0.1)
    assert len(c.called) > called


def test_an_unknown_serial_typed_is_refused(kiosk: Kiosk) -> None:
    caller(kiosk)
    kiosk.frame(0.1)
    c = kiosk.controller
    press(kiosk, pygame.K_c, "c", 0.2)
    type_text(kiosk, "999-9", 0.3)
    press(kiosk, pygame.K_BACKSPACE, "\b", 0.3)
    assert c.serial_text == "999-"
    type_text(kiosk, "1", 0.3)
    press(kiosk, pygame.K_RETURN, "\r", 0.4)
    assert c.result is not None and not c.result.valid
    assert c.result.message.key == "reason.unknown_ticket"
    press(kiosk, pygame.K_RETURN, "\r", 0.5)
    assert c.running


def test_escape_cancels_a_claim(kiosk: Kiosk) -> None:
    caller(kiosk)
    press(kiosk, pygame.K_c, "c", 0.1)
    press(kiosk, pygame.K_ESCAPE, "\x1b", 0.2)
    assert kiosk.controller.claim_phase is ClaimPhase.CLOSED
    assert isinstance(kiosk.scene, CallerScene)


def test_keys_pause_repeat_and_new_hand(kiosk: Kiosk) -> None:
    caller(kiosk)
    c = kiosk.controller
    kiosk.frame(0.06)
    assert len(c.called) == 1
    press(kiosk, pygame.K_SPACE, " ", 0.07)
    assert c.paused
    kiosk.frame(1.0)
    assert len(c.called) == 1
    press(kiosk, pygame.K_r, "r", 1.1)
    assert c.repeating and len(c.called) == 1
    hand = c.hand
    press(kiosk, pygame.K_h, "h", 1.2)
    assert c.hand is hand
    press(kiosk, pygame.K_h, "h", 1.3)
    assert c.hand is not hand and c.called == ()


def test_the_command_line_headless_run_for_5_seconds_writes_the_caller_png(tmp_path: Path) -> None:
    shot = tmp_path / "x.png"
    proc = subprocess.run(
        [sys.executable, "-m", "kiosk.cli", "kiosk", "--headless", "--run-for", "5",
         "--screenshot", str(shot)],
        capture_output=True, text=True, timeout=120,
        cwd=Path(__file__).resolve().parents[2],
        env={**os.environ, "XDG_DATA_HOME": str(tmp_path)},
    )
    assert proc.returncode == 0, proc.stderr
    pygame.display.init()
    image = pygame.image.load(str(shot))
    assert image.get_size() == (1920, 1080)
    assert count_colour(image, CELL_LAST) > 0  # a number has been called and is marked
    assert count_colour(image, CELL_ON) > 0  # and the one before it is lit
    pygame.quit()


def test_no_screen_gives_a_clear_message_not_a_traceback(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env["XDG_DATA_HOME"] = str(tmp_path)
    proc = subprocess.run(
        [sys.executable, "-m", "kiosk.cli", "kiosk", "--windowed"],
        capture_output=True, text=True, timeout=60, env=env,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert proc.returncode == 4
    assert "no screen" in proc.stderr and "--headless" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_settings_from_the_home_menu_apply_at_once_and_are_kept(kiosk: Kiosk) -> None:
    from kiosk.scenes.settings import SettingsScene
    from kiosk.settings import effective_config

    kiosk.frame(0.0)
    home = kiosk.scene
    assert isinstance(home, HomeScene)
    home.selected = len(home.games) - 1
    press(kiosk, pygame.K_RETURN, "\r", 0.1)
    scene = kiosk.scene
    assert isinstance(scene, SettingsScene)
    rows = [setting.key for setting in scene.settings]
    scene.selected = rows.index("rhythm")
    before = kiosk.config.caller.rhythm
    press(kiosk, pygame.K_RIGHT, "", 0.2)
    assert kiosk.config.caller.rhythm == before + 0.5
    assert kiosk.controller.rhythm == 0.05  # --rhythm on the command line still wins
    scene.selected = rows.index("manual")
    press(kiosk, pygame.K_RIGHT, "", 0.25)
    assert kiosk.config.caller.manual is True and kiosk.controller.manual is True
    scene.selected = rows.index("lang")
    press(kiosk, pygame.K_RIGHT, "", 0.3)
    # The kiosk was started with --lang en, which wins over the saved language; the
    # saved settings still change for the next start.
    saved, problem = effective_config(None)
    assert problem is None
    assert saved.caller.rhythm == before + 0.5
    assert saved.display.lang == kiosk.config.display.lang
    press(kiosk, pygame.K_ESCAPE, "", 0.4)
    assert isinstance(kiosk.scene, HomeScene)
    assert kiosk.scene.tr.lang == kiosk.config.display.lang


def test_printing_from_the_tv_issues_prints_and_the_caller_knows_the_tickets(
    kiosk: Kiosk, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    jobs = tmp_path / "jobs"
    lp = tmp_path / "bin" / "lp"
    lp.parent.mkdir()
    lp.write_text(f'#!/bin/sh\necho "$@" >> {jobs}\necho "request id is Home-7 (1 file(s))"\n')
    lp.chmod(0o755)
    monkeypatch.setenv("PATH", f"{lp.parent}:{os.environ['PATH']}")
    kiosk.show("caller")
    hand = kiosk.controller.hand
    assert hand is not None
    before = len(hand.tickets)
    answered = kiosk.thinker.answered
    outcome = kiosk.print_strips(2).result(timeout=60)
    assert "001-1" in outcome and "002-6" in outcome
    assert "media=A4" in jobs.read_text()
    # the PDF was drawn in a worker process, not on the frame loop's interpreter
    assert kiosk.thinker.answered == answered + 1 and kiosk.thinker.fallbacks == 0
    kiosk.frame(1.0)
    # From now on the caller knows the printed tickets (for check-in by serial); a
    # headless kiosk has no host to check them in, so they join the hand at once.
    assert [t.serial for t in kiosk.controller.lookup("002-6")] == ["002-6"]
    assert len(hand.tickets) == before + 12
    assert hand.ticket("001-1") is not None


def test_a_receipt_printer_gets_tickets_drawn_in_a_worker_process(
    display: None, tmp_path: Path
) -> None:
    device = tmp_path / "receipt.bin"  # a receipt printer's device file
    app = Kiosk(KioskOptions(headless=True, lang="en", seed=5, size=(1280, 720)),
                Config(printing=PrintingConfig(escpos=str(device))))
    try:
        outcome = app.print_strips(1).result(timeout=60)
        assert "001-1" in outcome and "001-6" in outcome
        data = device.read_bytes()
        assert data.startswith(b"\x1b@")  # ESC @
        for n in range(1, 7):
            assert f"001-{n}".encode() in data
        assert data.count(b"\x1dV\x00") == 6  # a cut after each ticket
        assert app.thinker.answered == 1 and app.thinker.fallbacks == 0
    finally:
        app.thinker.shutdown(wait=True, cancel_futures=True)
        app.printer.shutdown(wait=True)


def test_a_receipt_printer_that_is_gone_is_said_and_nothing_is_registered(
    display: None, tmp_path: Path
) -> None:
    """The tickets are drawn in a worker, then the printer is found gone: its own
    sentence for the screen, and no ticket of the failed print is known."""
    from hardware.printing import PrintError

    app = Kiosk(KioskOptions(headless=True, lang="en", seed=5, size=(1280, 720)),
                Config(printing=PrintingConfig(escpos="/dev/usb/lp-not-here")))
    try:
        with pytest.raises(PrintError) as raised:
            app.print_strips(1).result(timeout=60)
        assert raised.value.key == "printing.error_no_receipt"
        assert raised.value.values == {"device": "/dev/usb/lp-not-here"}
        assert app.controller.lookup("001-1") == []
    finally:
        app.thinker.shutdown(wait=True, cancel_futures=True)
        app.printer.shutdown(wait=True)


def test_printed_tickets_are_in_play_only_once_checked_in(
    display: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    lp = tmp_path / "bin" / "lp"
    lp.parent.mkdir()
    lp.write_text('#!/bin/sh\necho "request id is Home-8 (1 file(s))"\n')
    lp.chmod(0o755)
    monkeypatch.setenv("PATH", f"{lp.parent}:{os.environ['PATH']}")
    app = Kiosk(KioskOptions(windowed=True, lang="en", seed=5, size=(1280, 720)), Config())
    app.show("caller")
    c = app.controller
    c.new_hand(0.0)
    assert c.checking_in and c.in_play == 0
    app.print_strips(1).result(timeout=60)
    app.frame(1.0)
    assert c.in_play == 0  # printed, known, not in play
    type_text(app, "001-4", 2.0)
    press(app, pygame.K_RETURN, "\r", 3.0)
    assert c.in_play == 1 and c.hand is not None and c.hand.ticket("001-4") is not None
    press(app, pygame.K_SPACE, " ", 4.0)
    assert not c.checking_in and c.running


def test_a_seat_key_during_an_open_claim_joins_the_queue_not_the_serial(kiosk: Kiosk) -> None:
    """Without GPIO, F1-F8 are the seats' claim buttons, taking the buttons' own path."""
    caller(kiosk)
    c = kiosk.controller
    c.call_next(0.1)
    press(kiosk, pygame.K_F1, "", 0.2)
    assert c.claim_phase is ClaimPhase.ENTRY and c.claim_seat == 1
    type_text(kiosk, "00", 0.3)
    press(kiosk, pygame.K_F3, "", 0.8)  # another player claims while seat 1's is open
    assert list(c.claim_queue) == [3]
    assert c.serial_text == "00"  # nothing of the seat key was typed
    press(kiosk, pygame.K_F3, "", 0.9)  # pressed twice: still one place in the queue
    assert list(c.claim_queue) == [3]
    press(kiosk, pygame.K_ESCAPE, "\x1b", 1.0)
    assert c.claim_phase is ClaimPhase.CLOSED


def test_frames_with_nothing_to_draw_warm_the_fonts_the_screen_wants(kiosk: Kiosk) -> None:
    kiosk.show("caller")
    kiosk.frame(0.0)  # the caller's first frame: it wants its verdicts' fonts
    assert kiosk.text.warming
    opened = set(kiosk.text._fonts)
    for i in range(2000):
        if not kiosk.text.warming:
            break
        kiosk.frame(0.001 * i)  # the same moment, nearly: nothing to draw
    assert not kiosk.text.warming
    assert len(set(kiosk.text._fonts) - opened) >= 4  # the verdict's sizes, both weights


def test_the_warm_up_gives_each_games_warm_to_the_background_thread(
        kiosk: Kiosk, monkeypatch: pytest.MonkeyPatch) -> None:
    """What a game finds out once (its hosting's `warm`: Takhteh Nard asks whether gnubg
    runs) is done on the background thread with the kiosk's config, not on the frame loop
    or the warm-up's thread; a hosting without one is only imported."""
    import threading

    from kiosk.games import hosting

    backgammon = hosting("backgammon")
    assert backgammon is not None and not hasattr(hosting("hearts"), "warm")
    seen: list[tuple[object, str]] = []
    monkeypatch.setattr(backgammon, "warm",
                        lambda config: seen.append((config, threading.current_thread().name)))
    kiosk._warm_game("backgammon")
    kiosk._warm_game("hearts")
    kiosk.background.submit(lambda: None).result(timeout=10)  # after the warm, in order
    assert len(seen) == 1
    config, thread = seen[0]
    assert config is kiosk.config and thread.startswith("background")

"""The print screen: choosing how many strips, one job at a time off the frame loop, results."""

from __future__ import annotations

import errno
import queue
import stat
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from types import SimpleNamespace

import pygame
import pytest

from hardware.printing import PrintError, print_pdf
from kiosk.app import Kiosk
from kiosk.config import Action, Config
from kiosk.games.debarna.printing import (
    DONE,
    FAILED,
    IDLE,
    MAX_STRIPS,
    PRINTING,
    PrintScene,
    failure,
    make_layout,
)
from kiosk.i18n import Translator, catalogue
from kiosk.store import StoreError
from kiosk.text import TextRenderer
from kiosk.theme import GOOD, TEXT, WARN

SIZES = [(1920, 1080), (1280, 720)]
SENT = "tickets 009-1 to 010-6 sent to the printer"
NO_CUPS = ("Printing needs CUPS, and its lp command is not installed: install it "
           "(sudo apt install cups cups-client), add your printer, then print again.")
PERSIAN = range(0x0600, 0x0700)


def no_cups(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> PrintError:
    """The error print_pdf really raises on a machine without CUPS's lp."""
    empty = tmp_path / "empty-bin"
    empty.mkdir(exist_ok=True)
    monkeypatch.setenv("PATH", str(empty))
    pdf = tmp_path / "t.pdf"
    pdf.write_bytes(b"%PDF-1.4\n")
    with pytest.raises(PrintError) as caught:
        print_pdf(pdf)
    return caught.value


def lp_saying(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, said: str,
              printer: str | None = None) -> PrintError:
    """The error print_pdf raises when CUPS's lp fails saying `said`."""
    bin_dir = tmp_path / "lp-bin"
    bin_dir.mkdir(exist_ok=True)
    lp = bin_dir / "lp"
    lp.write_text(f"#!/bin/sh\necho '{said}' >&2\nexit 1\n")
    lp.chmod(lp.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setenv("PATH", str(bin_dir))
    pdf = tmp_path / "t.pdf"
    pdf.write_bytes(b"%PDF-1.4\n")
    with pytest.raises(PrintError) as caught:
        print_pdf(pdf, printer)
    return caught.value


class FakePrinter:
    """Hands out Futures the test completes by hand, and remembers each request."""

    def __init__(self) -> None:
        self.calls: list[int] = []
        self.jobs: list[Future[str]] = []

    def __call__(self, strips: int) -> Future[str]:
        self.calls.append(strips)
        job: Future[str] = Future()
        job.set_running_or_notify_cancel()
        self.jobs.append(job)
        return job


def make_scene(lang: str = "en") -> tuple[PrintScene, FakePrinter]:
    printer = FakePrinter()
    scene = PrintScene(TextRenderer(rtl=lang == "fa"), Translator(lang), printer)
    return scene, printer


def press(scene: PrintScene, action: Action, times: int = 1, now: float = 0.0) -> None:
    for _ in range(times):
        scene.handle(action, "", now)


def test_the_count_starts_at_one_and_stops_at_its_ends() -> None:
    scene, _ = make_scene()
    assert scene.count == 1 and scene.state == IDLE
    press(scene, Action.LEFT)
    press(scene, Action.DOWN)
    assert scene.count == 1
    press(scene, Action.RIGHT, 2)
    press(scene, Action.UP)
    assert scene.count == 4
    press(scene, Action.RIGHT, 30)
    assert scene.count == MAX_STRIPS == 20
    press(scene, Action.LEFT)
    assert scene.count == 19


def test_the_summary_counts_the_tickets() -> None:
    scene, _ = make_scene()
    assert scene.summary() == "1 strip = 6 tickets"
    press(scene, Action.RIGHT, 2)
    assert scene.summary() == "3 strips = 18 tickets"
    fa, _ = make_scene("fa")
    press(fa, Action.RIGHT, 2)
    assert "۳" in fa.summary() and "۱۸" in fa.summary()


def test_select_prints_the_count_once_and_a_second_press_waits() -> None:
    scene, printer = make_scene()
    press(scene, Action.RIGHT, 2)
    press(scene, Action.SELECT)
    assert printer.calls == [3]
    assert scene.state == PRINTING and scene.busy
    press(scene, Action.SELECT)
    scene.update(0.5)
    press(scene, Action.SELECT)
    assert printer.calls == [3]
    # The count does not move under a running job.
    press(scene, Action.RIGHT)
    assert scene.count == 3


def test_success_is_shown_in_green(display: None) -> None:
    screen = pygame.display.set_mode((1280, 720))
    scene, printer = make_scene()
    press(scene, Action.SELECT)
    assert scene.draw(screen, 0.0) == [screen.get_rect()]
    printer.jobs[0].set_result(SENT)
    scene.update(0.1)
    assert scene.state == DONE and scene.outcome == SENT and not scene.busy
    assert scene.status_lines() == [(SENT, GOOD, True)]
    drawn = scene.draw(screen, 0.1)
    layout = make_layout((1280, 720), rtl=False)
    assert layout.status in drawn and layout.button in drawn
    # Another job may start now.
    press(scene, Action.SELECT)
    assert printer.calls == [1, 1] and scene.state == PRINTING and scene.outcome is None


def test_a_print_error_is_shown_with_its_sentence(
    display: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    error = no_cups(tmp_path, monkeypatch)
    assert str(error) == NO_CUPS  # the command line and the log keep the English sentence
    screen = pygame.display.set_mode((1920, 1080))
    scene, printer = make_scene()
    scene.draw(screen, 0.0)
    press(scene, Action.SELECT)
    printer.jobs[0].set_exception(error)
    drawn = scene.draw(screen, 0.2)  # drawing alone collects the result
    said = catalogue("en")["printing.error_no_cups"]
    assert scene.state == FAILED and scene.outcome == said
    assert scene.status_lines() == [("Printing failed:", WARN, True), (said, WARN, False)]
    assert make_layout((1920, 1080), rtl=False).status in drawn
    assert scene.draw(screen, 0.3) == []


def test_an_os_error_and_an_unexpected_one_are_failures_too() -> None:
    scene, printer = make_scene()
    press(scene, Action.SELECT)
    printer.jobs[0].set_exception(OSError(errno.ENOSPC, "No space left on device"))
    scene.update(0.1)
    assert scene.state == FAILED and scene.outcome == catalogue("en")["printing.error_disk_full"]
    press(scene, Action.SELECT)
    printer.jobs[1].set_exception(ValueError("bug"))
    scene.update(0.2)
    assert scene.state == FAILED and scene.outcome == catalogue("en")["printing.see_log"]


def test_a_job_refused_at_once_is_a_failure() -> None:
    def refuse(strips: int) -> Future[str]:
        raise PrintError("The printer is not set up.")  # an error with no sentence of its own

    scene = PrintScene(TextRenderer(rtl=False), Translator("en"), refuse)
    press(scene, Action.SELECT)
    assert scene.state == FAILED and scene.outcome == catalogue("en")["printing.error_other"]
    assert not scene.busy


@pytest.mark.parametrize("lang", ["fa", "en"])
@pytest.mark.parametrize(
    ("said", "printer", "key", "flag"),
    [
        ("lp: Error - No default destination.", None, "printing.error_no_default",
         "--printer"),
        ("lp: The printer or class does not exist.", "Kitchen",
         "printing.error_no_such_printer", "--printer"),
    ],
)
def test_a_printing_error_is_in_the_screens_language_and_names_no_flag(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str, said: str,
    printer: str | None, key: str, flag: str,
) -> None:
    error = lp_saying(tmp_path, monkeypatch, said, printer)
    assert flag in str(error)  # the command line's sentence names its flag
    scene, jobs = make_scene(lang)
    press(scene, Action.SELECT)
    jobs.jobs[0].set_exception(error)
    scene.update(0.1)
    assert scene.state == FAILED
    assert scene.outcome == catalogue(lang)[key]
    assert "--" not in (scene.outcome or "")
    assert "printing.printer" in (scene.outcome or "")  # what the host sets instead
    persian = any(ord(ch) in PERSIAN for ch in scene.outcome or "")
    assert persian == (lang == "fa")
    assert scene.status_lines()[0][0] == catalogue(lang)["printing.failed"]


@pytest.mark.parametrize("lang", ["fa", "en"])
def test_a_default_printer_that_is_gone_is_named_on_the_screen_as_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    """printing.printer is "" and the PRINTER the kiosk was started with is gone from CUPS."""
    monkeypatch.setenv("PRINTER", "Kitchen2")
    error = lp_saying(tmp_path, monkeypatch, "lp: Error - PRINTER environment variable "
                      "names default destination that does not exist.")
    scene, jobs = make_scene(lang)
    press(scene, Action.SELECT)
    jobs.jobs[0].set_exception(error)
    scene.update(0.1)
    outcome = scene.outcome or ""
    assert scene.state == FAILED
    assert "None" not in outcome and "--" not in outcome
    assert outcome == catalogue(lang)["printing.error_default_gone_named"].format(
        printer="\u2068Kitchen2\u2069" if lang == "fa" else "Kitchen2")  # its own digits
    assert "printing.printer" in outcome and "lpstat -p" in outcome  # what to do
    persian = any(ord(ch) in PERSIAN for ch in outcome)
    assert persian == (lang == "fa")


@pytest.mark.parametrize("lang", ["fa", "en"])
def test_a_journal_that_cannot_register_the_tickets_is_said_in_the_language(lang: str) -> None:
    scene, jobs = make_scene(lang)
    press(scene, Action.SELECT)
    jobs.jobs[0].set_exception(StoreError(
        "the game journal /data/journal.sqlite3 is on a read-only disk, so games cannot be "
        "saved; remount it read-write or set DEBARNA_DATA_DIR to a writable place",
        "read_only"))
    scene.update(0.1)
    assert scene.outcome == catalogue(lang)["printing.error_journal_read_only"]
    assert "DEBARNA_DATA_DIR" not in (scene.outcome or "")


@pytest.mark.parametrize("lang", ["fa", "en"])
def test_the_kiosk_without_a_ticket_key_says_so_in_the_language(lang: str) -> None:
    tr = Translator(lang)
    printing = ThreadPoolExecutor(max_workers=1)
    kiosk = SimpleNamespace(tr=tr, codes=None, config=Config(), printer=printing,
                            _printed=queue.Queue(), phones=None)
    try:
        scene = PrintScene(TextRenderer(rtl=tr.rtl), tr,
                           lambda count: Kiosk.print_strips(kiosk, count))  # type: ignore[arg-type]
        press(scene, Action.SELECT)
        assert scene._job is not None
        scene._job.exception(timeout=30)
        scene.update(0.1)
    finally:
        printing.shutdown()
    assert scene.state == FAILED
    assert scene.outcome == catalogue(lang)["printing.error_no_key"]


@pytest.mark.parametrize("lang", ["fa", "en"])
def test_every_failure_sentence_is_translated_and_flagless(lang: str) -> None:
    tr = Translator(lang)
    keys = [k for k in catalogue("en") if k.startswith("printing.error_")]
    assert len(keys) >= 20
    for key in keys:
        text = failure(tr, PrintError("English for the log, with --printer", key))
        assert text == catalogue(lang)[key]
        assert "--" not in text, key
        if lang == "fa":
            assert any(ord(ch) in PERSIAN for ch in text), key
    # A key the catalogue does not have falls back to a sentence it does.
    assert failure(tr, PrintError("odd", "printing.error_nonsense")) == tr("printing.error_other")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["fa", "en"])
def test_every_failure_sentence_is_shown_whole_at_full_size(
    display: None, size: tuple[int, int], lang: str
) -> None:
    """"Printing failed:" and the sentence under it, each row at the status's own size:
    none is squeezed with the rest of the sentence into one small line."""
    layout = make_layout(size, lang == "fa")
    type_size, width = layout.px(44), min(layout.status.width, layout.px(1600))
    keys = [k for k in catalogue("en") if k.startswith("printing.error_")]
    for key in keys:
        scene, jobs = make_scene(lang)
        press(scene, Action.SELECT)
        jobs.jobs[0].set_exception(PrintError("for the log", key, printer="Kitchen2"))
        scene.update(0.1)
        rows, _ = scene.status_rows(layout)
        assert rows[0][0] == catalogue(lang)["printing.failed"]
        assert " ".join(row[0] for row in rows[1:]) == scene.outcome, key
        for line, _, bold, rtl in rows:
            assert len(scene.text.wrap(line, type_size, width, bold, rtl, TEXT)) == 1, key


def test_back_asks_for_home_even_while_printing() -> None:
    scene, printer = make_scene()
    press(scene, Action.SELECT)
    press(scene, Action.BACK)
    assert scene.request == "home"
    assert not printer.jobs[0].done()  # the job goes on


def test_the_moving_bar_is_all_that_redraws_while_printing(display: None) -> None:
    screen = pygame.display.set_mode((1920, 1080))
    scene, _ = make_scene()
    scene.draw(screen, 0.0)
    press(scene, Action.SELECT, now=0.0)
    scene.draw(screen, 0.0)
    layout = make_layout((1920, 1080), rtl=False)
    assert scene.draw(screen, 0.5) == [layout.bar]
    assert scene.draw(screen, 0.51) == []


def test_only_what_changed_is_drawn(display: None) -> None:
    screen = pygame.display.set_mode((1920, 1080))
    scene, _ = make_scene()
    assert scene.draw(screen, 0.0) == [screen.get_rect()]
    assert scene.draw(screen, 0.1) == []
    press(scene, Action.RIGHT)
    layout = make_layout((1920, 1080), rtl=False)
    assert scene.draw(screen, 0.2) == [layout.stepper, layout.summary]
    scene.invalidate()
    assert scene.draw(screen, 0.3) == [screen.get_rect()]


@pytest.mark.parametrize("rtl", [False, True])
def test_clicks_change_the_count_and_print(display: None, rtl: bool) -> None:
    screen = pygame.display.set_mode((1280, 720))
    scene, printer = make_scene("fa" if rtl else "en")
    scene.click((10, 10), 0.0)  # before the first draw there is nothing to hit
    scene.draw(screen, 0.0)
    layout = make_layout((1280, 720), rtl)
    for _ in range(3):
        scene.click(layout.plus.center, 0.0)
    scene.click(layout.minus.center, 0.0)
    assert scene.count == 3
    scene.click(layout.button.center, 0.0)
    scene.click(layout.button.center, 0.0)
    assert printer.calls == [3]
    scene.click(layout.back.center, 0.0)
    assert scene.request == "home"


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("rtl", [False, True])
def test_the_layout_fits_and_mirrors(size: tuple[int, int], rtl: bool) -> None:
    layout = make_layout(size, rtl)
    screen = pygame.Rect((0, 0), size)
    regions = [layout.title, layout.back, layout.question, layout.stepper, layout.summary,
               layout.button, layout.bar, layout.status, layout.hint]
    for i, rect in enumerate(regions):
        assert screen.contains(rect), rect
        for other in regions[i + 1:]:
            if {id(rect), id(other)} != {id(layout.title), id(layout.back)}:
                assert not rect.colliderect(other), (rect, other)
    assert not layout.title.colliderect(layout.back)
    assert (layout.back.centerx > size[0] // 2) == rtl
    # Fewer on the left and more on the right in both languages, like the buttons.
    assert layout.minus.centerx < layout.number.centerx < layout.plus.centerx
    if size == (1920, 1080):
        assert layout.minus.height >= 150 and layout.button.height >= 110


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["fa", "en"])
def test_every_state_draws(display: None, size: tuple[int, int], lang: str) -> None:
    screen = pygame.display.set_mode(size)
    scene, printer = make_scene(lang)
    assert scene.draw(screen, 0.0) == [screen.get_rect()]
    press(scene, Action.RIGHT, 4)
    assert scene.draw(screen, 0.1)
    press(scene, Action.SELECT, now=0.2)
    assert scene.draw(screen, 0.2)
    printer.jobs[0].set_result(Translator(lang)("printing.sent", first="009-1", last="010-6"))
    assert scene.draw(screen, 0.3)
    press(scene, Action.SELECT, now=0.4)
    printer.jobs[1].set_exception(PrintError(NO_CUPS))
    assert scene.draw(screen, 0.5)
    assert scene.state == FAILED

"""A failing disk keeps the game going and honest: on a full or read-only disk the hand
the journal holds is resumed from a private copy and called on, with a banner; what was
on the disk is left as it was; and once the disk can be written again, the calls made
meanwhile are written there, in order, to the same hand. Real SQLite files on a real
tmpfs (mounted, filled, remounted read-only: needs root, as CI has)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from benchmarks.journal_damage import run_disk
from kiosk.app import KioskOptions, build_controller
from kiosk.config import Config
from kiosk.games.debarna.caller import CallerController
from kiosk.games.debarna.history import read_only_journal
from kiosk.games.debarna.journal import Journal
from kiosk.games.debarna.keys import load_codes
from kiosk.i18n import Translator
from kiosk.store import DB_NAME, open_store
from tests.kiosk.disks import remount, tmpfs


@pytest.fixture
def disk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A real 4 MiB tmpfs as the data directory."""
    with tmpfs(tmp_path / "disk") as mount:
        monkeypatch.setenv("DEBARNA_DATA_DIR", str(mount))
        yield mount


def caller() -> CallerController:
    """The caller as the kiosk builds it at start, on the journal in the data directory."""
    store, problem = open_store()
    return build_controller(Config(), KioskOptions(seed=11), Journal(store, problem),
                            codes=load_codes())


def on_disk(data: Path) -> tuple[int, list[int], bool]:
    """The journal on the disk as it is: the last hand, its calls, whether it ended."""
    with read_only_journal(data / DB_NAME) as store:
        hand = store.hands("debarna")[-1]
        calls = [e["number"] for e in store.events(hand.id) if e["kind"] == "number_called"]
        return hand.id, calls, hand.finished is not None


def fill(disk: Path) -> Path:
    """Fill the disk to its last byte."""
    filler = disk / "filler"
    with filler.open("wb") as out:
        try:
            while True:
                out.write(b"\0" * 65536)
                out.flush()
        except OSError:
            pass
    return filler


def play_first_calls(calls: int) -> tuple[int, list[int]]:
    c = caller()
    c.start_hand(0.0)
    for i in range(calls):
        assert c.call_next(1.0 + i) is not None
    assert c.journal is not None and c.journal.hand_id is not None
    hand, called = c.journal.hand_id, list(c.called)
    c.journal.store.close()  # the kiosk stopped (a restart, a pulled plug)
    return hand, called


def test_on_a_full_disk_the_hand_resumes_calls_on_and_is_written_once_there_is_room(
        disk: Path) -> None:
    hand, first = play_first_calls(10)
    filler = fill(disk)
    c = caller()
    journal = c.journal
    assert journal is not None and journal.notice is not None
    assert journal.notice[0] == "journal.full"
    assert "not being saved" in Translator("en")(journal.notice[0])
    resumed = journal.unfinished()
    assert resumed is not None, "the hand the disk holds was not resumed"
    assert resumed.hand_id == hand and list(resumed.hand.called) == first
    c.resume_hand(resumed, 20.0, paused=False)
    for i in range(5):
        assert c.call_next(21.0 + i) is not None
    assert journal.unsaved > 0
    assert on_disk(disk) == (hand, first, False), "the disk was written while full"
    assert not [p for p in disk.iterdir() if ".corrupt-" in p.name]  # nothing set aside
    filler.unlink()  # room again
    assert journal.save_unsaved(force=True) == 0
    assert on_disk(disk) == (hand, list(c.called), False)
    assert journal.notice is not None and journal.notice[0] == "journal.saved_again"
    assert c.call_next(30.0) is not None  # and from now on straight to the disk
    assert on_disk(disk) == (hand, list(c.called), False)
    assert len(c.called) == 16


def test_a_disk_that_fills_during_a_hand_keeps_the_calls_and_writes_them_later(
        disk: Path) -> None:
    c = caller()
    c.start_hand(0.0)
    for i in range(8):
        c.call_next(1.0 + i)
    assert c.journal is not None
    hand = c.journal.hand_id
    filler = fill(disk)
    for i in range(30):  # enough for the WAL to need a page the disk does not have
        c.call_next(10.0 + i)
        if c.journal.unsaved:
            break
    assert c.journal.unsaved, "the disk never filled"
    assert c.journal.notice is not None and c.journal.notice[0] == "journal.full"
    written = on_disk(disk)[1]
    assert written == list(c.called)[:len(written)]
    for i in range(4):
        c.call_next(50.0 + i)
    filler.unlink()
    assert c.journal.save_unsaved(force=True) == 0
    assert on_disk(disk) == (hand, list(c.called), False)


def test_on_a_read_only_disk_at_start_the_hand_resumes_and_the_files_stay_as_they_were(
        disk: Path) -> None:
    hand, _ = play_first_calls(7)
    before = {p.name: p.read_bytes() for p in disk.iterdir()}
    remount(disk, "ro")
    c = caller()
    assert c.journal is not None and c.journal.notice is not None
    assert c.journal.notice[0] == "journal.read_only"
    resumed = c.journal.unfinished()
    assert resumed is not None and resumed.hand_id == hand
    c.resume_hand(resumed, 20.0, paused=False)
    c.call_next(21.0)
    assert {p.name: p.read_bytes() for p in disk.iterdir()} == before
    remount(disk, "rw")
    assert c.journal.save_unsaved(force=True) == 0
    assert on_disk(disk) == (hand, list(c.called), False)
    assert len(c.called) == 8


def test_a_disk_the_kernel_sets_read_only_during_a_hand_loses_nothing_it_held(
        tmp_path: Path) -> None:
    """An ext4 image whose error sets it read-only mid-hand (as a worn SD card does):
    the hand plays on, the disk keeps the calls made before, in order, and every call
    after is kept, not lost, while the screen says games are not being saved."""
    outcome = run_disk("read-only", tmp_path)
    if outcome is None:
        pytest.skip("no loop device or ext4 here (needs root)")
    assert outcome.calls_before == 8 and outcome.calls_on_disk == 8 and outcome.in_order
    assert outcome.calls_played == 20 and outcome.kept == 12
    assert "not being saved" in outcome.message


def test_the_benchmarks_full_disk_writes_every_call_once_there_is_room(tmp_path: Path) -> None:
    outcome = run_disk("full", tmp_path)
    if outcome is None:
        pytest.skip("cannot mount a tmpfs here (needs root)")
    assert outcome.calls_on_disk == outcome.calls_played == 20 and outcome.in_order
    assert outcome.kept == 0 and "saved, in order" in outcome.message

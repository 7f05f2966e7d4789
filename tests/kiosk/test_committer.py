"""A table game's journal is written on a thread of its own, and nothing is shown before
it is on the disk: the frame is drawn, but not handed to the display (nor the phones
their pages) until the action's commit is done; a real SQLite file in a temporary data
directory, the real kiosk headless on SDL's dummy driver."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path
from typing import Any

import pygame
import pytest

from kiosk.app import Kiosk, KioskOptions
from kiosk.committer import Committer
from kiosk.config import Config, VoiceConfig
from kiosk.store import open_store


@pytest.fixture
def kiosk(display: None) -> Kiosk:
    app = Kiosk(KioskOptions(headless=True, lang="en", seed=4, size=(1280, 720)),
                Config(voice=VoiceConfig(enabled=False)))
    app.show("hearts")
    return app


def test_each_action_is_written_on_the_journals_own_thread(kiosk: Kiosk) -> None:
    committer = kiosk.committer
    assert committer is not None
    writers: list[str] = []
    store = committer.store
    append = store.append_many

    def noted(*args: Any) -> Any:
        writers.append(threading.current_thread().name)
        return append(*args)

    store.append_many = noted  # type: ignore[method-assign]
    scene = kiosk.scene
    scene.fast_forward(lambda s: len(s.history) > 6)  # type: ignore[attr-defined]
    kiosk.flush_journal()
    assert writers and all(name.startswith("journal") for name in writers)
    assert threading.current_thread().name not in writers
    reader, _ = open_store()
    try:
        row = reader.unfinished("hearts")
        assert row is not None
        records = [r for r in reader.events(row.id) if r["kind"] == "record"]
        assert len(records) >= 7
    finally:
        reader.close()


def test_nothing_is_shown_before_it_is_on_the_disk(kiosk: Kiosk,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    committer = kiosk.committer
    assert committer is not None
    kiosk.frame(0.0)
    gate = threading.Event()
    committer.submit(gate.wait, 30)  # the disk is slow: a commit under way
    shown: list[list[pygame.Rect]] = []
    monkeypatch.setattr(pygame.display, "update", lambda rects=None: shown.append(rects))
    kiosk.scene._full = True  # type: ignore[attr-defined]  # something to draw
    drawn = kiosk.frame(1.0)
    assert drawn and not shown  # drawn into the buffer, not handed to the display
    gate.set()
    committer.flush()
    kiosk.frame(1.1)
    assert shown and drawn[0] in shown[0]  # what waited is shown with the next frame


def test_a_journal_that_cannot_be_opened_on_its_thread_is_said(tmp_path: Path) -> None:
    folder = tmp_path / "a-folder"
    folder.mkdir()
    with pytest.raises(Exception, match="cannot"):
        Committer(folder)  # a folder is no journal


class Channel:
    """The speaker's end of the mixer (this machine has none): what was played."""

    def __init__(self) -> None:
        self.played: list[object] = []

    def play(self, sound: object) -> None:
        self.played.append(sound)

    def stop(self) -> None:
        pass


class Clip:
    def __init__(self, number: int) -> None:
        self.number = number

    def get_length(self) -> float:
        return 0.5


def test_a_called_number_is_written_off_the_frame_loop_and_shown_and_heard_after(
        kiosk: Kiosk, monkeypatch: pytest.MonkeyPatch) -> None:
    """Dabernā's hand goes to the same thread: with the journal's file locked by another
    writer (a backup, a ticket command), calling a number returns at once, and the
    number is neither shown nor said until it is on the disk."""
    committer = kiosk.committer
    assert committer is not None
    voice = kiosk.voice
    channel = Channel()
    voice._channel = channel  # type: ignore[attr-defined]
    voice._calls = {n: Clip(n) for n in range(1, 91)}  # type: ignore[attr-defined]
    controller = kiosk.controller
    controller.start_hand(0.0, paused=True)
    kiosk.show("caller")
    kiosk.frame(0.0)
    kiosk.flush_journal()
    path = kiosk.journal.store.path
    assert path is not None
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # the file is someone else's for a moment
    shown: list[object] = []
    monkeypatch.setattr(pygame.display, "update", lambda rects=None: shown.append(rects))
    try:
        number = controller.call_next(0.1)
        assert number is not None
        assert committer.busy, "the call's commit was made before the call returned"
        kiosk.frame(0.1)
        kiosk.frame(0.15)
        assert committer.busy and not shown and not channel.played
    finally:
        other.execute("ROLLBACK")
        other.close()
    kiosk.flush_journal()
    kiosk.frame(0.2)
    assert shown, "the number is shown once it is on the disk"
    assert [clip.number for clip in channel.played] == [number]  # type: ignore[attr-defined]
    assert kiosk.controller.warning is None  # the disk was slow, never failing
    reader, _ = open_store()
    try:
        row = reader.unfinished("debarna")
        assert row is not None
        calls = [e["number"] for e in reader.events(row.id) if e["kind"] == "number_called"]
        assert calls == [number]
    finally:
        reader.close()

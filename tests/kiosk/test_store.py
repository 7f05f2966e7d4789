"""The journal: real SQLite files, committed events, corruption moved aside, clear disk errors."""

from __future__ import annotations

import os
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from kiosk.store import DB_NAME, Store, StoreError, data_dir, open_store
from tests.kiosk.disks import tmpfs


def test_events_are_committed_in_order_and_read_back(tmp_path: Path) -> None:
    store = Store(tmp_path / DB_NAME)
    hand = store.start_hand("debarna", {"options": {"two_lines": True}})
    store.append(hand, "number_called", {"number": 17})
    store.append_many(hand, [("number_called", {"number": 3}), ("hand_over", {})])
    store.close()
    reopened = Store(tmp_path / DB_NAME)
    kinds = [(e["kind"], e.get("number")) for e in reopened.events(hand)]
    assert kinds == [("hand_started", None), ("number_called", 17), ("number_called", 3),
                     ("hand_over", None)]
    assert reopened.unfinished() is None


def test_the_journal_uses_wal_and_full_sync(tmp_path: Path) -> None:
    store = Store(tmp_path / DB_NAME)
    assert store._db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert store._db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL


def test_an_unfinished_hand_is_found_after_a_restart(tmp_path: Path) -> None:
    store = Store(tmp_path / DB_NAME)
    done = store.start_hand("debarna", {})
    store.append(done, "hand_over")
    open_hand = store.start_hand("debarna", {})
    store.append(open_hand, "number_called", {"number": 5})
    store.close()
    found = Store(tmp_path / DB_NAME).unfinished("debarna")
    assert found is not None and found.id == open_hand


def test_a_committed_event_survives_a_killed_process(tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    code = (
        "import os, sys\n"
        "from pathlib import Path\n"
        "from kiosk.store import Store\n"
        f"s = Store(Path({str(path)!r}))\n"
        "h = s.start_hand('debarna', {})\n"
        "s.append(h, 'number_called', {'number': 42})\n"
        "os.kill(os.getpid(), 9)\n"
    )
    proc = subprocess.run([os.sys.executable, "-c", code], cwd=Path(__file__).parents[2])
    assert proc.returncode == -9
    events = Store(path).events(1)
    assert [e["kind"] for e in events] == ["hand_started", "number_called"]


def test_a_corrupt_journal_is_moved_aside_not_discarded(tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    path.write_bytes(b"this is not a database, it is a shopping list" * 100)
    store = Store(path)
    aside = [p for p in tmp_path.iterdir() if ".corrupt-" in p.name]
    assert len(aside) == 1
    assert aside[0].read_bytes().startswith(b"this is not a database")
    assert store.notice and "moved aside" in store.notice
    hand = store.start_hand("debarna", {})
    assert store.events(hand)[0]["kind"] == "hand_started"


def test_data_dir_follows_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("DEBARNA_DATA_DIR", raising=False)
    monkeypatch.delenv("STATE_DIRECTORY", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert data_dir() == tmp_path / "debarna"
    monkeypatch.setenv("STATE_DIRECTORY", "/var/lib/debarna")
    assert data_dir() == Path("/var/lib/debarna")
    monkeypatch.setenv("DEBARNA_DATA_DIR", str(tmp_path / "x"))
    assert data_dir() == tmp_path / "x"


@pytest.fixture
def tiny_disk(tmp_path: Path) -> Iterator[Path]:
    """A real 128 KiB tmpfs (needs root, as CI has)."""
    with tmpfs(tmp_path / "disk", "128k") as mount:
        yield mount


def test_a_full_disk_gives_a_clear_message(tiny_disk: Path) -> None:
    store = Store(tiny_disk / DB_NAME)
    hand = store.start_hand("debarna", {})
    with pytest.raises(StoreError, match=r"disk .* is full") as caught:
        for i in range(100_000):
            store.append(hand, "note", {"text": "x" * 2000, "i": i})
    assert caught.value.key == "full"
    # Everything committed before the disk filled is still there.
    assert len(store.events(hand)) > 1


def test_a_read_only_disk_gives_a_clear_message(tiny_disk: Path) -> None:
    Store(tiny_disk / DB_NAME).close()
    subprocess.run(["mount", "-o", "remount,ro", str(tiny_disk)], check=True)
    before = {p.name: p.read_bytes() for p in tiny_disk.iterdir()}
    store, problem = open_store(tiny_disk / DB_NAME)
    assert problem is not None and "read-only" in str(problem) and problem.key == "read_only"
    # the kiosk goes on with a private copy of the journal, in memory-backed storage
    assert store.copy_of == tiny_disk / DB_NAME and store.path is not None
    assert not store.path.is_relative_to(tiny_disk)
    hand = store.start_hand("debarna", {})
    assert store.events(hand)[0]["kind"] == "hand_started"
    assert {p.name: p.read_bytes() for p in tiny_disk.iterdir()} == before
    folder = store.path.parent
    store.close()
    assert not folder.exists()  # the copy goes with the kiosk


def test_a_missing_directory_that_cannot_be_made_is_explained(tiny_disk: Path) -> None:
    subprocess.run(["mount", "-o", "remount,ro", str(tiny_disk)], check=True)
    with pytest.raises(StoreError, match="cannot create the data directory"):
        Store(tiny_disk / "sub" / DB_NAME)


def test_the_database_file_is_real_sqlite(tmp_path: Path) -> None:
    Store(tmp_path / DB_NAME).close()
    with sqlite3.connect(tmp_path / DB_NAME) as db:
        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master")}
    assert {"hands", "events"} <= tables


def _kiosk(data: Path, seconds: str) -> subprocess.CompletedProcess[str]:
    """A fast headless hand on `data`; silent, so the voice sets no pace."""
    env = {**os.environ, "DEBARNA_DATA_DIR": str(data)}
    config = data.parent / "silent.toml"
    config.write_text("[voice]\nenabled = false\n")
    return subprocess.run(
        [os.sys.executable, "-m", "kiosk.cli", "kiosk", "--headless", "--seed", "3",
         "--rhythm", "0.05", "--auto-check", "--run-for", seconds, "--config", str(config)],
        capture_output=True, text=True, timeout=120, env=env, cwd=Path(__file__).parents[2],
    )


def test_the_kiosk_on_a_read_only_disk_plays_on_and_says_so(tiny_disk: Path) -> None:
    subprocess.run(["mount", "-o", "remount,ro", str(tiny_disk)], check=True)
    proc = _kiosk(tiny_disk, "1.5")
    assert proc.returncode == 0, proc.stderr
    assert "read-only disk" in proc.stdout
    assert "called" in proc.stdout  # the hand went on
    assert "Traceback" not in proc.stdout + proc.stderr


def test_the_kiosk_on_a_disk_that_fills_mid_hand_plays_on_and_says_so(tiny_disk: Path) -> None:
    proc = _kiosk(tiny_disk, "5")
    assert proc.returncode == 0, proc.stderr
    assert "is full" in proc.stdout and "goes on without being saved" in proc.stdout
    assert "hand 1 ended (hand over)" in proc.stdout  # the hand was played to the end
    assert "Traceback" not in proc.stdout + proc.stderr


def test_a_journal_path_that_cannot_be_opened_falls_back_to_memory_with_a_reason(
    tmp_path: Path,
) -> None:
    blocked = tmp_path / "journal.sqlite3"
    blocked.mkdir()  # a folder where the file should be: no one can open it
    store, problem = open_store(blocked)
    assert problem is not None and problem.key == "unopenable"
    assert str(blocked) in str(problem)
    assert store.path is None  # games go on, in memory
    hand = store.start_hand("debarna", {"options": {}})
    assert store.events(hand)[0]["kind"] == "hand_started"


def test_a_journal_made_by_hand_is_private_to_its_user(tmp_path: Path) -> None:
    """Run by hand (no systemd to set the folder's mode), the data directory is made 0700
    and the journal's files 0600: a game night's names and tickets are nobody else's."""
    folder = tmp_path / "share" / "debarna"
    store = Store(folder / DB_NAME)
    store.start_hand("debarna", {})
    try:
        assert folder.stat().st_mode & 0o777 == 0o700
        made = [p for p in folder.iterdir()]
        assert {p.name for p in made} >= {DB_NAME, f"{DB_NAME}-wal", f"{DB_NAME}-shm",
                                           "journal.mark"}
        for path in made:
            assert path.stat().st_mode & 0o777 == 0o600, path.name
    finally:
        store.close()

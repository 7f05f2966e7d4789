"""`debarna history` only reads: no file beside the journal is moved, made or changed."""

from __future__ import annotations

import io
import json
import random
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from benchmarks.journal_damage import build, garbage_mid_file, wal_header_overwritten
from kiosk.cli import main
from kiosk.games.debarna.history import read_history
from kiosk.store import DB_NAME, Store
from tests.kiosk.disks import tmpfs


def _state(folder: Path) -> dict[str, tuple[bytes, int]]:
    """Every file in the folder: its bytes and its modification time."""
    return {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in sorted(folder.iterdir())}


def _history(folder: Path, monkeypatch: pytest.MonkeyPatch,
             capsys: pytest.CaptureFixture[str]) -> tuple[int, list[dict[str, object]], str]:
    monkeypatch.setenv("DEBARNA_DATA_DIR", str(folder))
    capsys.readouterr()
    out = io.StringIO()
    code = main(["history", "--format", "json"], out=out)
    return code, [json.loads(line) for line in out.getvalue().splitlines()], \
        capsys.readouterr().err


@pytest.fixture(scope="module")
def journal(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A journal with two finished hands and one under way, its last events in the WAL."""
    wal, _ = build(tmp_path_factory.mktemp("history"))
    return wal.directory


@pytest.mark.parametrize("damage", [garbage_mid_file, wal_header_overwritten])
def test_history_on_a_damaged_journal_changes_nothing_and_says_what_it_read(
    damage: object, journal: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    folder = tmp_path / "data"
    shutil.copytree(journal, folder)
    damage(folder / DB_NAME, random.Random(1))  # type: ignore[operator]
    before = _state(folder)
    code, records, err = _history(folder, monkeypatch, capsys)
    assert code == 0
    assert _state(folder) == before  # same files, same bytes, same times
    assert not [p for p in folder.iterdir() if ".corrupt-" in p.name]
    assert "is damaged" in err and "shown here is what could be read" in err
    assert "the journal is left as it is" in err.lower()
    assert [r["hand"] for r in records] == [1, 2, 3]
    assert len(records[2]["calls"]) == 40  # the hand under way, read from the WAL


def test_history_of_a_running_kiosk_reads_its_wal_and_makes_no_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "data"
    store = Store(folder / DB_NAME)
    hand = store.start_hand("debarna", {"options": {}})
    store.append_many(hand, [("number_called", {"number": n}) for n in (7, 8, 9)])
    before = _state(folder)
    code, records, err = _history(folder, monkeypatch, capsys)
    assert code == 0 and err == ""
    assert records[0]["calls"] == [7, 8, 9]
    assert _state(folder) == before
    store.close()


def test_history_never_leaves_a_shm_or_wal_beside_a_stopped_journal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "data"
    store = Store(folder / DB_NAME)
    store.start_hand("debarna", {"options": {}})
    store.close()
    before = _state(folder)
    assert set(before) == {DB_NAME, "journal.mark"}
    assert _history(folder, monkeypatch, capsys)[0] == 0
    assert _state(folder) == before


@pytest.fixture
def read_only_disk(tmp_path: Path) -> Iterator[Path]:
    """A real tmpfs remounted read-only (needs root, as CI has)."""
    with tmpfs(tmp_path / "disk") as mount:
        yield mount


def test_history_works_on_a_read_only_disk(journal: Path, read_only_disk: Path) -> None:
    for item in journal.iterdir():
        shutil.copy2(item, read_only_disk / item.name)
    subprocess.run(["mount", "-o", "remount,ro", str(read_only_disk)], check=True)
    records, warning = read_history(path=read_only_disk / DB_NAME)
    assert warning is None
    assert [r["hand"] for r in records] == [1, 2, 3] and len(records[2]["calls"]) == 40

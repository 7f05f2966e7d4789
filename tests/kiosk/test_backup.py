"""`debarna backup` and `debarna restore`: real journals and keys, round trips and refusals."""

from __future__ import annotations

import io
import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from kiosk.cli import main
from kiosk.games.debarna.keys import KEY_FILE, load_codes, reserve_strips
from kiosk.store import DB_NAME, Store, data_dir

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(args), out=out)
    return code, out.getvalue()


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def _events(path: Path) -> list[tuple[int, int, str, str]]:
    store = Store(path)
    try:
        return [tuple(r) for r in store._db.execute(  # type: ignore[misc]
            "SELECT id, hand, kind, data FROM events ORDER BY id")]
    finally:
        store.close()


def _play(hands: int = 2, calls: int = 5) -> Store:
    """A kiosk's journal with finished hands, printed tickets and one hand under way."""
    store = Store(data_dir() / DB_NAME)
    codes = load_codes()
    strip = reserve_strips(1)
    store.issue(codes.series, strip, [(f"{strip:03d}-1", [[1, None], [2, None]])])
    for _ in range(hands):
        hand = store.start_hand("debarna", {"options": {}, "bag_seed": 3})
        store.append_many(hand, [("number_called", {"number": n}) for n in range(1, calls)])
        store.finish_hand(hand, "hand_over")
    live = store.start_hand("debarna", {"options": {}, "bag_seed": 4})
    store.append(live, "number_called", {"number": 42})
    return store


def test_a_backup_restores_the_same_journal_and_key(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    store = _play()  # the kiosk is running: the live hand is still in the WAL
    dest = tmp_path / "backup"
    code, text = run("backup", str(dest))
    store.close()
    assert code == 0, text
    assert text.startswith("backed up the journal (3 hands, 14 events, 1 printed tickets) "
                           "and the ticket key (series ")
    assert sorted(p.name for p in dest.iterdir()) == ["backup.json", DB_NAME, KEY_FILE]
    assert _mode(dest) == 0o700 and _mode(dest / KEY_FILE) == 0o600
    assert _mode(dest / DB_NAME) == 0o600
    manifest = json.loads((dest / "backup.json").read_text())
    assert manifest["journal"] == {"hands": 3, "events": 14, "tickets": 1}
    original = data_dir()

    monkeypatch.setenv("DEBARNA_DATA_DIR", str(tmp_path / "new-kiosk"))
    code, text = run("restore", str(dest))
    assert code == 0, text
    assert _events(data_dir() / DB_NAME) == _events(original / DB_NAME)
    restored_key = json.loads((data_dir() / KEY_FILE).read_text())
    old_key = json.loads((original / KEY_FILE).read_text())
    assert restored_key == old_key and _mode(data_dir() / KEY_FILE) == 0o600
    again = Store(data_dir() / DB_NAME)  # the mark was set: the kiosk sees nothing lost
    assert again.salvage is None and again.unfinished() is not None


def test_restore_refuses_to_replace_games_without_force(tmp_path: Path) -> None:
    _play().close()
    dest = tmp_path / "backup"
    assert run("backup", str(dest))[0] == 0
    _play(hands=1).close()  # more games since the backup
    before = (data_dir() / DB_NAME).read_bytes()
    code, text = run("restore", str(dest))
    assert code == 1 and text == ""
    assert (data_dir() / DB_NAME).read_bytes() == before

    code, text = run("restore", str(dest), "--force")
    assert code == 0, text
    kept = [p for p in data_dir().iterdir() if ".replaced-" in p.name]
    assert {p.name.split(".replaced-")[0] for p in kept} == {DB_NAME, KEY_FILE}
    journal = next(p for p in kept if p.name.startswith(DB_NAME) and
                   not p.name.endswith(("-wal", "-shm")))
    assert journal.read_bytes() == before  # the replaced journal is kept as it was
    assert len(_events(data_dir() / DB_NAME)) == 14


def test_a_different_key_is_not_replaced_without_force(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    _play().close()
    dest = tmp_path / "backup"
    assert run("backup", str(dest))[0] == 0
    monkeypatch.setenv("DEBARNA_DATA_DIR", str(tmp_path / "other"))
    mine = load_codes()  # another kiosk's key, and no games yet
    code, _ = run("restore", str(dest))
    assert code == 1
    assert load_codes().series == mine.series


def test_a_damaged_backup_is_refused_and_nothing_changes(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str]
                                                         ) -> None:
    _play(hands=20, calls=80).close()
    dest = tmp_path / "backup"
    assert run("backup", str(dest))[0] == 0
    journal = dest / DB_NAME
    with journal.open("r+b") as handle:  # a worn USB stick
        handle.seek(journal.stat().st_size // 2)
        handle.write(os.urandom(3000))
    monkeypatch.setenv("DEBARNA_DATA_DIR", str(tmp_path / "new-kiosk"))
    capsys.readouterr()
    code, _ = run("restore", str(dest))
    assert code == 1
    error = capsys.readouterr().err
    assert "is not restored" in error and error.count("\n") == 1
    assert not (tmp_path / "new-kiosk" / DB_NAME).exists()
    assert not (tmp_path / "new-kiosk" / KEY_FILE).exists()
    assert [p.name for p in (tmp_path / "new-kiosk").iterdir()] == []


def test_a_folder_that_is_not_a_backup_is_refused(tmp_path: Path) -> None:
    (tmp_path / "junk").mkdir()
    (tmp_path / "junk" / DB_NAME).write_text("shopping list")
    assert run("restore", str(tmp_path / "junk"))[0] == 1
    assert run("restore", str(tmp_path / "nowhere"))[0] == 1


def test_restore_waits_for_the_kiosk_to_stop(tmp_path: Path) -> None:
    store = _play()
    dest = tmp_path / "backup"
    assert run("backup", str(dest))[0] == 0
    code, _ = run("restore", str(dest), "--force")  # the kiosk still has the journal open
    assert code == 1
    store.close()
    assert run("restore", str(dest), "--force")[0] == 0


def test_backup_into_a_folder_that_holds_files_is_refused(tmp_path: Path) -> None:
    _play().close()
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "photo.jpg").write_bytes(b"x")
    assert run("backup", str(tmp_path / "full"))[0] == 1
    assert [p.name for p in (tmp_path / "full").iterdir()] == ["photo.jpg"]


def test_the_key_counter_never_goes_back_when_an_older_backup_is_restored(
    tmp_path: Path,
) -> None:
    _play().close()
    dest = tmp_path / "backup"
    assert run("backup", str(dest))[0] == 0
    assert reserve_strips(10) == 2  # strips 2-11 printed after the backup
    assert run("restore", str(dest), "--force")[0] == 0
    assert reserve_strips(1) == 12


def test_usage_errors_exit_with_code_2() -> None:
    for args in (["backup"], ["restore"], ["restore", "x", "--bogus"]):
        proc = subprocess.run([sys.executable, "-m", "kiosk.cli", *args], cwd=ROOT,
                              capture_output=True, text=True)
        assert proc.returncode == 2 and "usage:" in proc.stderr and "Traceback" not in \
            proc.stderr

"""`debarna backup DEST` and `debarna restore SRC`: the journal and the ticket key, kept safe.

A backup is a folder (DEST, new or empty, mode 0700) holding:

- ``journal.sqlite3`` — a consistent copy made with SQLite's online backup API, so it
  may be taken while the kiosk runs; one self-contained file (no WAL), mode 0600;
- ``ticket-key.json`` — the key that signs the tickets, byte for byte, mode 0600
  (losing it voids every printed ticket);
- ``backup.json`` — what it holds (counts, the key's series, when it was made).

Restore checks the folder first (SQLite's integrity check, the journal's tables, a
key that parses), refuses to replace a journal that holds games or a different key
without `force`, and never while the kiosk has the journal open. The files it
replaces are kept beside the new ones as ``<name>.replaced-<date>``; the journal's
mark is set to the restored journal, and the key's strip counter never goes back.
"""

from __future__ import annotations

import contextlib
import datetime
import json
import os
import shutil
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

from kiosk.games.debarna.keys import KEY_FILE, KeyFileError, write_key
from kiosk.salvage import TABLES, mark_of, sqlite_problem, write_mark
from kiosk.store import DB_NAME, data_dir

MANIFEST = "backup.json"
FORMAT = 1


class BackupError(RuntimeError):
    """A backup or restore that cannot be done; the message says why and what to do."""


@dataclass(frozen=True)
class Contents:
    """What a journal and key hold."""

    hands: int
    events: int
    tickets: int
    series: str | None  # None: no ticket key

    def describe(self) -> str:
        journal = f"the journal ({self.hands} hands, {self.events} events, " \
                  f"{self.tickets} printed tickets)"
        if self.series is None:
            return journal + " (no ticket key: this kiosk has none yet)"
        return journal + f" and the ticket key (series {self.series})"


@dataclass(frozen=True)
class Restored:
    contents: Contents
    replaced: tuple[Path, ...]  # the files moved aside


def _fsync_dir(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _write_private(path: Path, data: bytes) -> None:
    """A new file, mode 0600 from its creation, on the disk before this returns."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())


def _read_key(path: Path) -> tuple[bytes, dict[str, object]]:
    """The key file's bytes and its fields, checked; BackupError if it is not a key."""
    from engines.debarna.codes import TicketCodes

    try:
        raw = path.read_bytes()
        data = json.loads(raw.decode("ascii"))
        if not isinstance(data, dict):
            raise TypeError("not a JSON object")
        TicketCodes(str(data["series"]), bytes.fromhex(str(data["secret"])))
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise BackupError(f"the ticket key {path} is not valid ({exc})") from exc
    return raw, data


def _counts(db: sqlite3.Connection) -> tuple[int, int, int]:
    mark = mark_of(db)
    return mark.hands, mark.events, mark.tickets


def backup(dest: Path, data: Path | None = None) -> Contents:
    """Copy the journal (consistently, even while the kiosk writes) and the key into `dest`."""
    data = data or data_dir()
    journal = data / DB_NAME
    if not journal.exists():
        raise BackupError(f"there is no game journal in {data} to back up")
    if dest.exists() and (not dest.is_dir() or any(dest.iterdir())):
        raise BackupError(f"{dest} already exists and is not an empty folder; "
                          "name a new folder for the backup")
    key = data / KEY_FILE
    key_bytes, key_data = _read_key(key) if key.exists() else (None, None)
    created = not dest.exists()
    try:
        dest.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError as exc:
        raise BackupError(f"cannot make the folder {dest} ({exc.strerror or exc})") from exc
    target = dest / DB_NAME
    try:
        source = sqlite3.connect(f"file:{quote(str(journal))}?mode=rw", uri=True, timeout=10.0)
        copy = sqlite3.connect(target)
        try:
            source.backup(copy)  # one step: one read transaction, one consistent copy
            copy.execute("PRAGMA journal_mode=DELETE")  # a single self-contained file
            result = copy.execute("PRAGMA integrity_check").fetchone()[0]
            if result != "ok":
                raise sqlite3.DatabaseError(
                    f"database disk image is malformed: {sqlite_problem(result)}")
            hands, events, tickets = _counts(copy)
        finally:
            copy.close()
            source.close()
        os.chmod(target, 0o600)
        with target.open("rb") as handle:
            os.fsync(handle.fileno())
    except sqlite3.Error as exc:
        with contextlib.suppress(OSError):  # leave nothing half made
            target.unlink(missing_ok=True)
            if created:
                dest.rmdir()
        damaged = "malformed" in str(exc) or "not a database" in str(exc)
        hint = ("; start the kiosk once (it salvages a damaged journal), then back it up"
                if damaged else "")
        raise BackupError(f"the journal {journal} cannot be backed up ({exc}){hint}") from exc
    except OSError as exc:
        raise BackupError(f"cannot write the backup in {dest} ({exc.strerror or exc})") from exc
    series = None
    if key_bytes is not None and key_data is not None:
        _write_private(dest / KEY_FILE, key_bytes)
        series = str(key_data["series"])
    contents = Contents(hands, events, tickets, series)
    manifest = {"format": FORMAT, "created": datetime.datetime.now().isoformat(timespec="seconds"),
                "journal": {"hands": hands, "events": events, "tickets": tickets},
                "key": None if series is None else {"series": series}}
    _write_private(dest / MANIFEST, (json.dumps(manifest, indent=2) + "\n").encode("ascii"))
    _fsync_dir(dest)
    return contents


def _check_backup(src: Path, staged: Path) -> tuple[int, int, int]:
    """Copy the backup's journal to `staged` and check it; its counts."""
    journal = src / DB_NAME
    if not journal.is_file():
        raise BackupError(f"{src} is not a backup of this kiosk: it has no {DB_NAME}")
    with journal.open("rb") as handle:
        if handle.read(16) != b"SQLite format 3\x00":
            raise BackupError(f"{journal} is not an SQLite database")
    shutil.copyfile(journal, staged)
    os.chmod(staged, 0o600)
    try:
        db = sqlite3.connect(staged)
        try:
            result = db.execute("PRAGMA integrity_check").fetchone()[0]
            if result != "ok":
                raise BackupError(f"the journal in {src} is damaged ({sqlite_problem(result)}); "
                                  "it is not restored")
            names = {r[0] for r in db.execute("SELECT name FROM sqlite_master")}
            if not set(TABLES) <= names:
                raise BackupError(f"{journal} is not a game journal: it has no "
                                  f"{', '.join(sorted(set(TABLES) - names))} table")
            db.execute("PRAGMA journal_mode=WAL")
            counts = _counts(db)
        finally:
            db.close()
    except sqlite3.Error as exc:
        raise BackupError(f"the journal in {src} cannot be read ({exc}); it is not "
                          "restored") from exc
    with staged.open("rb") as handle:
        os.fsync(handle.fileno())
    return counts


def _in_use(journal: Path) -> bool:
    """True if another program (the kiosk) has the journal open."""
    if not journal.exists():
        return False
    db = sqlite3.connect(f"file:{quote(str(journal))}?mode=rw", uri=True, timeout=0.0)
    try:
        db.execute("PRAGMA locking_mode=EXCLUSIVE")
        db.execute("BEGIN EXCLUSIVE")
        db.execute("ROLLBACK")
        return False
    except sqlite3.OperationalError as exc:
        if "locked" in str(exc) or "busy" in str(exc):
            return True
        raise
    finally:
        db.close()


def _holds_games(journal: Path) -> bool:
    try:
        db = sqlite3.connect(f"file:{quote(str(journal))}?mode=rw", uri=True)
        try:
            return sum(_counts(db)) > 0
        finally:
            db.close()
    except sqlite3.Error:
        return True  # unreadable: treat it as holding something worth keeping


def restore(src: Path, data: Path | None = None, force: bool = False) -> Restored:
    """Put a backup's journal and key in place; the files replaced are kept aside."""
    data = data or data_dir()
    if not src.is_dir():
        raise BackupError(f"{src} is not a backup folder (made by debarna backup)")
    key_src = src / KEY_FILE
    key_bytes, key_data = _read_key(key_src) if key_src.exists() else (None, None)
    journal, key = data / DB_NAME, data / KEY_FILE
    try:
        data.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise BackupError(f"cannot make the data folder {data} ({exc.strerror or exc})") from exc
    old_key = _read_key(key)[1] if key.exists() else None
    if not force:
        if journal.exists() and _holds_games(journal):
            raise BackupError(f"{journal} already holds games; restoring would replace them "
                              "(it would be kept aside): add --force to do it")
        if old_key is not None and key_data is not None and \
                (old_key.get("series"), old_key.get("secret")) != \
                (key_data.get("series"), key_data.get("secret")):
            raise BackupError(f"{key} is a different ticket key (series {old_key['series']}); "
                              "restoring would replace it (it would be kept aside): add --force")
    try:
        if _in_use(journal):
            raise BackupError(f"the journal {journal} is in use: stop the kiosk first "
                              "(sudo systemctl stop debarna-kiosk), then restore")
    except sqlite3.Error as exc:
        if not force:
            raise BackupError(f"the journal {journal} cannot be opened ({exc}); add --force "
                              "to replace it (it is kept aside)") from exc
    staged = data / f".{DB_NAME}.restoring"
    staged.unlink(missing_ok=True)
    try:
        counts = _check_backup(src, staged)
    except BaseException:
        staged.unlink(missing_ok=True)
        raise
    stamp = time.strftime("%Y%m%d-%H%M%S")
    replaced: list[Path] = []
    for suffix in ("", "-wal", "-shm"):
        part = Path(f"{journal}{suffix}")
        if part.exists():
            aside = Path(f"{journal}.replaced-{stamp}{suffix}")
            part.rename(aside)
            replaced.append(aside)
    os.replace(staged, journal)
    db = sqlite3.connect(journal)
    try:
        write_mark(journal, mark_of(db), reset=True)
    finally:
        db.close()
    series = None
    if key_bytes is not None and key_data is not None:
        fields = dict(key_data)
        if old_key is not None and old_key.get("secret") == key_data.get("secret"):
            # The same key: its strip counter never goes back to the backup's.
            numbers = [n for n in (old_key.get("next_strip"), key_data.get("next_strip"))
                       if isinstance(n, int) and not isinstance(n, bool)]
            if numbers:
                fields["next_strip"] = max(numbers)
        if key.exists():
            aside = key.with_name(f"{KEY_FILE}.replaced-{stamp}")
            shutil.copy2(key, aside)
            os.chmod(aside, 0o600)
            replaced.append(aside)
        try:
            write_key(key, fields)
        except (OSError, KeyFileError) as exc:
            raise BackupError(f"the ticket key could not be written to {key} ({exc})") from exc
        series = str(key_data["series"])
    _fsync_dir(data)
    return Restored(Contents(*counts, series), tuple(replaced))

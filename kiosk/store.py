"""The journal: an append-only SQLite log of everything that happens, and where it lives.

Each event is committed (WAL, ``synchronous=FULL``) before the kiosk shows or
speaks it, so a crash or a pulled plug loses nothing: the live state is rebuilt
by replaying the journal. A damaged journal is never discarded: its files are
moved aside, every row still readable is salvaged into a new one (`kiosk.salvage`),
and `Store.salvage` says what was kept against what the journal's mark says it held.
A journal that cannot be written (read-only or full disk) raises `StoreError` with
a sentence a person can act on.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import logging
import os
import shutil
import sqlite3
import tempfile
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

from kiosk.salvage import (
    MAGIC,
    Mark,
    SalvageReport,
    mark_of,
    mark_path,
    read_mark,
    read_raw,
    rebuild,
    sqlite_problem,
    write_mark,
)

log = logging.getLogger(__name__)

DB_NAME = "journal.sqlite3"
# The WAL is copied into the main file when a hand ends and, during a hand, at a commit
# at least this long after the last copy: a lost -wal costs at most the live hand's
# last minutes, never a finished hand.
CHECKPOINT_SECONDS = 180.0
ROOM = 64 * 1024  # less free space than this on the journal's disk: it is full
SCHEMA = """
CREATE TABLE IF NOT EXISTS hands (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game TEXT NOT NULL,
    started REAL NOT NULL,
    finished REAL
);
CREATE TABLE IF NOT EXISTS events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    hand INTEGER NOT NULL REFERENCES hands(id),
    at REAL NOT NULL,
    kind TEXT NOT NULL,
    data TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS events_by_hand ON events(hand, id);
CREATE TABLE IF NOT EXISTS tickets (
    serial TEXT PRIMARY KEY,
    series TEXT NOT NULL,
    strip INTEGER NOT NULL,
    grid TEXT NOT NULL,
    issued REAL NOT NULL
);
"""


class StoreError(RuntimeError):
    """The journal cannot be opened or written; the message says what to do.

    `key` names the problem for the screen's catalogue: read_only, full,
    unopenable or failed.
    """

    def __init__(self, message: str, key: str = "failed") -> None:
        super().__init__(message)
        self.key = key


def data_dir() -> Path:
    """Where the journal lives: $DEBARNA_DATA_DIR, systemd's $STATE_DIRECTORY, or XDG."""
    for name in ("DEBARNA_DATA_DIR", "STATE_DIRECTORY"):
        value = os.environ.get(name)
        if value:
            return Path(value.split(":")[0])
    xdg = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(xdg) / "debarna"


@dataclass(frozen=True)
class HandRow:
    id: int
    game: str
    started: float
    finished: float | None


def _read_only_disk(path: Path) -> bool:
    try:
        return bool(os.statvfs(path.parent).f_flag & os.ST_RDONLY)
    except OSError:
        return False


def _full_disk(path: Path) -> bool:
    """The disk holding `path` has no room left (SQLite then fails in several ways: "full",
    or a disk I/O error when its shared-memory file cannot be made)."""
    try:
        disk = os.statvfs(path.parent)
    except OSError:
        return False
    return disk.f_bavail * disk.f_frsize < ROOM


def _explain(exc: sqlite3.Error, path: Path) -> StoreError:
    text = str(exc).lower()
    if _read_only_disk(path):
        return StoreError(
            f"the game journal {path} is on a read-only disk, so games cannot be saved; "
            "remount it read-write or set DEBARNA_DATA_DIR to a writable place", "read_only")
    if "readonly" in text or "read-only" in text or "permission" in text:
        return StoreError(
            f"the game journal {path} is read-only, so games cannot be saved; "
            f"make {path.parent} writable for the kiosk's user", "read_only")
    if "full" in text or _full_disk(path):
        return StoreError(
            f"the disk holding {path} is full, so games cannot be saved; "
            "free some space: the kiosk saves what was played meanwhile once it can", "full")
    if "unable to open" in text:
        return StoreError(
            f"the game journal {path} cannot be opened; check that {path.parent} "
            "exists and is writable", "unopenable")
    return StoreError(f"the game journal {path} failed: {exc}")


class Store:
    """The journal file. `path=None` keeps it in memory (a fallback that saves nothing)."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.notice: str | None = None  # something to tell the host, e.g. a file moved aside
        self.moved_aside: Path | None = None
        self.salvage: SalvageReport | None = None  # set when a damaged journal was salvaged
        self._mark_failed = False
        # A private copy of a journal that cannot be written (`open_store`): the journal
        # it is a copy of, where what is played is to be written once it can be.
        self.copy_of: Path | None = None
        self._db = self._open()
        self._checkpointed = time.monotonic()
        self.checkpoints: list[float] = []  # how long each took (seconds), for benchmarks

    # -- opening ---------------------------------------------------------------------
    def _open(self) -> sqlite3.Connection:
        if self.path is None:
            db = self._connect(":memory:")
            db.executescript(SCHEMA)
            return db
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)  # private
        except OSError as exc:
            raise StoreError(
                f"cannot create the data directory {self.path.parent}: {exc.strerror}",
                "unopenable",
            ) from exc
        mark = read_mark(self.path)
        damage = self._damage_on_disk(mark) or self._damage_seen_by_sqlite(mark)
        if damage is None:
            try:
                db = self._connect(str(self.path))
                self._check(db)
                self._note_mark(db)
                return db
            except sqlite3.DatabaseError as exc:
                if not _is_corruption(exc):
                    raise _explain(exc, self.path) from exc
                damage = str(exc)
        return self._salvage(damage, mark)

    def _damage_on_disk(self, mark: Mark | None) -> str | None:
        """Damage visible before SQLite opens the file (which would delete a WAL beside
        a 0-byte file, and ignore a WAL whose header is damaged)."""
        assert self.path is not None
        wal = _part(self.path, "-wal")
        wal_size = wal.stat().st_size if wal.exists() else 0
        if not self.path.exists():
            if wal_size:
                return "the journal file is missing but its write-ahead log is there"
            return "the journal file is missing" if mark and mark.total else None
        size = self.path.stat().st_size
        if size == 0:
            if wal_size:
                return "the journal file is empty but its write-ahead log is not"
            return "the journal file is empty" if mark and mark.total else None
        with self.path.open("rb") as handle:
            head = handle.read(len(MAGIC))
        if head != MAGIC:
            return "the journal file does not start with a database header"
        return None

    def _damage_seen_by_sqlite(self, mark: Mark | None) -> str | None:
        """SQLite's own check, and its row counts against the mark, on a read-only
        connection (which never checkpoints into a damaged file)."""
        assert self.path is not None
        try:
            probe = sqlite3.connect(f"file:{quote(str(self.path))}?mode=ro", uri=True,
                                    timeout=5.0)
        except sqlite3.Error:
            return None  # the writable open below explains it
        try:
            result = probe.execute("PRAGMA quick_check").fetchone()
            if result is None or result[0] != "ok":
                return "SQLite's check failed: " + \
                    (sqlite_problem(str(result[0])) if result else "no answer")
            if mark is None:
                return None
            now = mark_of(probe)
            short = [f"{now.count(t)} of {mark.count(t)} {t}"
                     for t in ("hands", "events", "tickets") if now.count(t) < mark.count(t)]
            if short:
                return "it holds fewer rows than were written: " + ", ".join(short)
            return None
        except sqlite3.DatabaseError as exc:
            return str(exc) if _is_corruption(exc) else None
        finally:
            probe.close()

    def _salvage(self, damage: str, mark: Mark | None) -> sqlite3.Connection:
        """Move the damaged files aside, and start a new journal with every readable row."""
        assert self.path is not None
        aside = self._move_aside()
        where = f"; its files were moved aside to {aside.name}" if aside else ""
        log.error("the game journal %s is damaged (%s)%s", self.path, damage, where)
        main = _read(aside) if aside else b""
        wal = _read(_part(aside, "-wal")) if aside else b""
        try:
            db = self._connect(str(self.path))
            self._check(db)
        except sqlite3.DatabaseError as exc:
            raise _explain(exc, self.path) from exc
        try:
            report = rebuild(db, read_raw(main, wal), mark, damage, aside)
        except Exception:  # a salvage that fails must not keep the kiosk from starting
            log.exception("the damaged journal could not be salvaged")
            if db.in_transaction:
                db.execute("ROLLBACK")
            report = rebuild(db, read_raw(b"", b""), mark, damage, aside)
        self.salvage, self.moved_aside = report, aside
        self.notice = report.sentence()
        log.error("%s", self.notice)
        self._note_mark(db, reset=True)
        return db

    @staticmethod
    def _connect(target: str) -> sqlite3.Connection:
        if target != ":memory:" and not os.path.exists(target):
            # Made private (0600) before SQLite opens it: its -wal and -shm take its mode.
            with contextlib.suppress(OSError):  # SQLite says why it cannot (read-only...)
                os.close(os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        db = sqlite3.connect(target, isolation_level=None, timeout=5.0)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=FULL")
        db.execute("PRAGMA foreign_keys=ON")
        return db

    @staticmethod
    def _check(db: sqlite3.Connection) -> None:
        result = db.execute("PRAGMA quick_check").fetchone()
        if result is None or result[0] != "ok":
            raise sqlite3.DatabaseError(f"database disk image is malformed: {result}")
        db.executescript(SCHEMA)

    def _move_aside(self) -> Path | None:
        """Rename the journal's files to `<name>.corrupt-<date>` (never over another)."""
        assert self.path is not None
        parts = [s for s in ("", "-wal", "-shm") if _part(self.path, s).exists()]
        if not parts:
            return None
        stamp = time.strftime("%Y%m%d-%H%M%S")
        aside = self.path.with_name(f"{self.path.name}.corrupt-{stamp}")
        number = 1
        while any(_part(aside, s).exists() for s in ("", "-wal", "-shm")):
            number += 1
            aside = self.path.with_name(f"{self.path.name}.corrupt-{stamp}-{number}")
        for suffix in parts:
            _part(self.path, suffix).rename(_part(aside, suffix))
        return aside

    def _note_mark(self, db: sqlite3.Connection, reset: bool = False) -> None:
        """Keep the mark beside the journal up to date; a failure is logged, never raised."""
        if self.path is None:
            return
        try:
            write_mark(self.path, mark_of(db), reset=reset)
            self._mark_failed = False
        except (OSError, sqlite3.Error) as exc:
            if not self._mark_failed:
                log.warning("the journal's mark beside %s cannot be written: %s", self.path, exc)
            self._mark_failed = True

    def close(self) -> None:
        self._db.close()
        if self.copy_of is not None and self.path is not None:  # a private copy: gone
            shutil.rmtree(self.path.parent, ignore_errors=True)

    # -- writing ---------------------------------------------------------------------
    @contextmanager
    def _writing(self, ends: bool = False) -> Iterator[sqlite3.Connection]:
        """A write transaction, committed (and the mark noted) when the block ends; after
        a hand's end (`ends`), or long enough after the last one, a checkpoint."""
        try:
            self._db.execute("BEGIN IMMEDIATE")
            yield self._db
            self._db.execute("COMMIT")
        except sqlite3.Error as exc:
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")
            raise _explain(exc, self.path or Path(":memory:")) from exc
        self._note_mark(self._db)
        if self.path is not None and (
                ends or time.monotonic() - self._checkpointed >= CHECKPOINT_SECONDS):
            self.checkpoint()

    def checkpoint(self) -> bool:
        """Copy the WAL's committed pages into the main file (SQLite's own checkpoint, on
        this connection's thread); True when all of it was copied. A failure is logged,
        never raised: what was committed is safe in the WAL meanwhile."""
        began = time.monotonic()
        self._checkpointed = began
        try:
            busy, frames, copied = self._db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        except sqlite3.Error as exc:
            log.warning("the journal %s could not be checkpointed: %s", self.path, exc)
            return False
        self.checkpoints.append(time.monotonic() - began)
        if busy or copied < frames:
            log.info("the journal's checkpoint copied %d of %d pages (a reader held the rest)",
                     copied, frames)
            return False
        return True

    def start_hand(self, game: str, first: Mapping[str, Any]) -> int:
        """Open a new hand with its `hand_started` event; returns the hand's id."""
        with self._writing() as db:
            now = time.time()
            cur = db.execute("INSERT INTO hands (game, started) VALUES (?, ?)", (game, now))
            hand = int(cur.lastrowid or 0)
            db.execute(
                "INSERT INTO events (hand, at, kind, data) VALUES (?, ?, ?, ?)",
                (hand, now, "hand_started", json.dumps(dict(first))),
            )
        return hand

    def append(self, hand: int, kind: str, data: Mapping[str, Any] | None = None) -> None:
        """Commit one event. Returns only once it is on the disk."""
        self.append_many(hand, [(kind, data or {})])

    def append_many(self, hand: int, events: list[tuple[str, Mapping[str, Any]]]) -> None:
        """Commit several events in one transaction (all or none)."""
        with self._writing(ends=any(kind == "hand_over" for kind, _ in events)) as db:
            now = time.time()
            db.executemany(
                "INSERT INTO events (hand, at, kind, data) VALUES (?, ?, ?, ?)",
                [(hand, now, kind, json.dumps(dict(data))) for kind, data in events],
            )
            if any(kind == "hand_over" for kind, _ in events):
                db.execute("UPDATE hands SET finished = ? WHERE id = ?", (now, hand))

    def finish_hand(self, hand: int, kind: str = "hand_abandoned") -> None:
        """Close a hand with its ending event, in one transaction, then checkpoint."""
        with self._writing(ends=True) as db:
            now = time.time()
            db.execute("INSERT INTO events (hand, at, kind, data) VALUES (?, ?, ?, ?)",
                       (hand, now, kind, "{}"))
            db.execute("UPDATE hands SET finished = ? WHERE id = ?", (now, hand))

    # -- tickets ---------------------------------------------------------------------
    def next_strip(self, series: str) -> int:
        """The number the next printed strip of this series gets (strips count from 1)."""
        row = self._db.execute(
            "SELECT MAX(strip) FROM tickets WHERE series = ?", (series,)).fetchone()
        return int(row[0] or 0) + 1

    def issue(self, series: str, strip: int, tickets: list[tuple[str, list[Any]]]) -> None:
        """Register printed tickets: (serial, grid) pairs of one strip."""
        with self._writing() as db:
            now = time.time()
            db.executemany(
                "INSERT INTO tickets (serial, series, strip, grid, issued) VALUES (?, ?, ?, ?, ?)",
                [(serial, series, strip, json.dumps(grid), now) for serial, grid in tickets],
            )

    def issued(self, series: str, since: float = 0.0) -> list[tuple[str, list[Any], float]]:
        """Tickets of a series printed since `since`: (serial, grid, when), oldest first."""
        return [
            (serial, json.loads(grid), issued)
            for serial, grid, issued in self._db.execute(
                "SELECT serial, grid, issued FROM tickets WHERE series = ? AND issued >= ? "
                "ORDER BY strip, serial", (series, since))
        ]

    # -- reading ---------------------------------------------------------------------
    def hands(self, game: str | None = None) -> list[HandRow]:
        query = "SELECT id, game, started, finished FROM hands"
        args: tuple[Any, ...] = ()
        if game:
            query += " WHERE game = ?"
            args = (game,)
        return [HandRow(*row) for row in self._db.execute(query + " ORDER BY id", args)]

    def unfinished(self, game: str | None = None) -> HandRow | None:
        """The latest hand that never ended, if the kiosk stopped in the middle of one."""
        rows = [h for h in self.hands(game) if h.finished is None]
        return rows[-1] if rows else None

    def events(self, hand: int) -> list[dict[str, Any]]:
        """The hand's events in order, each a dict with its `kind` (and `at`)."""
        out = []
        for at, kind, data in self._db.execute(
            "SELECT at, kind, data FROM events WHERE hand = ? ORDER BY id", (hand,)
        ):
            event = _decode(data)
            if event is None:  # damage SQLite cannot see: the replay stops before it
                log.error("an event of hand %s cannot be read: %.80r", hand, data)
                event = {"unreadable": True}
            event["kind"] = kind
            event["at"] = at
            out.append(event)
        return out


def _decode(data: str) -> dict[str, Any] | None:
    try:
        event = json.loads(data)
    except (ValueError, TypeError):
        return None
    return event if isinstance(event, dict) else None


def _part(path: Path, suffix: str) -> Path:
    return Path(str(path) + suffix)


def _read(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError:
        return b""


def _is_corruption(exc: sqlite3.DatabaseError) -> bool:
    text = str(exc).lower()
    return "malformed" in text or "not a database" in text or "corrupt" in text


def copy_journal(path: Path, folder: Path) -> Path:
    """The journal at `path` copied into `folder` (its mark, its WAL, then its main file:
    a copy never holds less than its mark, and a checkpoint meanwhile only makes the
    main file newer); returns the copy's path. Nothing beside `path` is touched."""
    copy = folder / path.name
    for source, target in ((mark_path(path), mark_path(copy)),
                           (_part(path, "-wal"), _part(copy, "-wal")), (path, copy)):
        try:
            shutil.copyfile(source, target)
        except FileNotFoundError:
            continue
    return copy


def writable(path: Path) -> bool:
    """Whether the disk holding the journal at `path` looks writable again (not read-only,
    a little room): a cheap look, before the journal is opened to write to it."""
    try:
        disk = os.statvfs(path.parent)
    except OSError:
        return False
    return not disk.f_flag & os.ST_RDONLY and disk.f_bavail * disk.f_frsize >= ROOM \
        and os.access(path.parent, os.W_OK)


def open_writable(path: Path) -> Store:
    """The journal at `path`, opened and proved writable by a write; raises StoreError."""
    store: Store | None = None
    try:
        store = Store(path)
        # A read-only file opens fine and only fails on the first write: try one now.
        with store._writing() as db:
            db.execute("CREATE TABLE IF NOT EXISTS probe (x)")
            db.execute("DROP TABLE probe")
        return store
    except OSError as exc:  # e.g. the path is a folder, a disk error
        if store is not None:
            store.close()
        raise StoreError(
            f"the game journal {path} cannot be opened ({exc.strerror or exc}); "
            "check the data directory", "unopenable") from exc
    except StoreError:
        if store is not None:
            store.close()  # the file that cannot be written is not held open
        raise


def _unsaved_copy(path: Path) -> Store | None:
    """A journal that can be read but not written: a private copy of it in memory-backed
    storage (/dev/shm, 0700), opened to play on; None when there is nothing to read."""
    if not path.exists():
        return None
    shm = Path("/dev/shm")
    try:
        folder = Path(tempfile.mkdtemp(prefix="debarna-unsaved-",
                                       dir=shm if shm.is_dir() else None))
        atexit.register(shutil.rmtree, folder, True)  # the copy goes with the kiosk
        copy = copy_journal(path, folder)
        store = Store(copy)
    except (OSError, StoreError) as exc:
        log.error("the journal %s cannot be read either (%s)", path, exc)
        return None
    store.copy_of = path
    return store


def open_store(path: Path | None = None) -> tuple[Store, StoreError | None]:
    """Open the journal, or, when it cannot be written, a private copy of it to play on
    (`Store.copy_of`), or, when it cannot be read either, memory; with the reason."""
    target = path or data_dir() / DB_NAME
    try:
        return open_writable(target), None
    except StoreError as problem:
        log.error("%s", problem)
        copy = _unsaved_copy(target) if problem.key in ("read_only", "full") else None
        if copy is not None:
            log.error("the journal %s is read from a private copy: what is played is "
                      "written to it once it can be", target)
            return copy, problem
        return Store(None), problem

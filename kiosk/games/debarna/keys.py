"""The kiosk's ticket key: a secret, a series id and the strip counter, made on first run, 0600.

Every ticket the kiosk prints is signed with this secret; keep the file (it is in
the data directory, beside the journal) and every ticket stays verifiable, even
if the journal is lost. A new secret means the old tickets are no longer this
kiosk's. The key also holds `next_strip`, the first strip number never handed out
under it (`reserve_strips`): serials stay unique for the life of the key, whatever
happens to the journal.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import logging
import os
import secrets
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from engines.debarna.codes import TicketCodes, new_series
from kiosk.store import data_dir

log = logging.getLogger(__name__)

KEY_FILE = "ticket-key.json"
_warned: set[Path] = set()


class KeyFileError(RuntimeError):
    """The key file is missing or cannot be read or written; the message says what to do."""


def key_path() -> Path:
    return data_dir() / KEY_FILE


def key_warning(path: Path | None = None) -> str | None:
    """A sentence if the key file may be read (or written) by other users, else None."""
    path = path or key_path()
    try:
        mode = stat.S_IMODE(path.stat().st_mode)
    except OSError:
        return None
    if not mode & 0o077:
        return None
    return (f"the ticket key {path} can be read by other users (mode {mode:04o}): anyone who "
            f"reads it can sign tickets this kiosk accepts; run: chmod 600 {path}")


def load_codes(path: Path | None = None, create: bool = True) -> TicketCodes:
    """This kiosk's signer, creating the secret (mode 0600) the first time.

    With `create=False` a missing key raises `KeyFileError` and nothing is made.
    """
    path = path or key_path()
    if not path.exists():
        if not create:
            raise KeyFileError(
                f"there is no ticket key at {path}: this kiosk has printed no tickets; restore "
                f"{KEY_FILE} from a backup (debarna restore) to check the tickets it printed")
        _create(path)
    data = _read(path)
    warning = key_warning(path)
    if warning is not None and path not in _warned:
        _warned.add(path)
        log.warning("%s", warning)
    return TicketCodes(str(data["series"]), bytes.fromhex(str(data["secret"])))


def _read(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="ascii"))
        if not isinstance(data, dict):
            raise TypeError("not a JSON object")
        TicketCodes(str(data["series"]), bytes.fromhex(str(data["secret"])))
        return data
    except FileNotFoundError as exc:
        raise KeyFileError(
            f"there is no ticket key at {path}; restore it from a backup (debarna restore)"
        ) from exc
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise KeyFileError(
            f"the ticket key {path} cannot be read ({exc}); restore it from a backup — "
            "a new key would make every printed ticket unverifiable"
        ) from exc


def _create(path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    data = {"series": new_series(secrets.token_bytes(5)), "secret": secrets.token_hex(32)}
    partial = path.with_name(path.name + ".new")
    fd = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="ascii") as handle:
        json.dump(data, handle)
        handle.flush()
        os.fsync(handle.fileno())
    os.chmod(partial, 0o600)
    try:
        os.link(partial, path)  # never replaces a key that appeared meanwhile
    except FileExistsError:
        pass
    finally:
        partial.unlink(missing_ok=True)
    log.info("a new ticket key (series %s) was created in %s", data["series"], path)


@contextlib.contextmanager
def _locked(path: Path) -> Iterator[None]:
    """Hold the key's lock file (`ticket-key.json.lock`): one reservation at a time,
    across threads and processes."""
    lock = path.with_name(path.name + ".lock")
    try:
        fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o600)
    except OSError as exc:
        raise KeyFileError(
            f"the ticket key's lock {lock} cannot be made ({exc.strerror or exc}); make "
            f"{path.parent} writable for the kiosk's user") from exc
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # closing releases the lock


def write_key(path: Path, data: dict[str, Any]) -> None:
    """Replace the key file atomically: temp file, fsync, rename, fsync of the folder; 0600."""
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="ascii") as handle:
            json.dump(data, handle)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temp, 0o600)
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    folder = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(folder)
    finally:
        os.close(folder)


def reserve_strips(count: int, path: Path | None = None, at_least: int = 1) -> int:
    """The first of `count` consecutive strip numbers never handed out under this key.

    The key's `next_strip` moves on by `count` (on the disk before this returns);
    `at_least` (the journal's own next strip) keeps it from going backwards when an
    old key backup was restored. A key without `next_strip` (older kiosks) starts from
    `at_least`. Safe against other threads and processes reserving at the same time.
    """
    if count < 1:
        raise ValueError(f"a reservation needs at least one strip, not {count}")
    path = path or key_path()
    with _locked(path):
        data = _read(path)
        counter = data.get("next_strip")
        if not isinstance(counter, int) or isinstance(counter, bool) or counter < 1:
            if counter is not None:
                log.warning("the ticket key %s has a bad next_strip %r; it starts from %d",
                            path, counter, at_least)
            counter = 1
        first = max(counter, at_least, 1)
        try:
            write_key(path, {**data, "next_strip": first + count})
        except OSError as exc:
            raise KeyFileError(
                f"the ticket key {path} cannot be updated ({exc.strerror or exc}), so no "
                "strip numbers can be handed out; make it writable for the kiosk's user"
            ) from exc
    return first

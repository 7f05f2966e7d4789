"""The kiosk's ticket key: a secret and a series id, made on first run, kept 0600.

Every ticket the kiosk prints is signed with this secret; keep the file (it is in
the data directory, beside the journal) and every ticket stays verifiable, even
if the journal is lost. A new secret means the old tickets are no longer this
kiosk's.
"""

from __future__ import annotations

import json
import logging
import os
import secrets
from pathlib import Path

from engines.debarna.codes import TicketCodes, new_series
from kiosk.store import data_dir

log = logging.getLogger(__name__)

KEY_FILE = "ticket-key.json"


class KeyFileError(RuntimeError):
    """The key file exists but cannot be read; the message says what to do."""


def key_path() -> Path:
    return data_dir() / KEY_FILE


def load_codes(path: Path | None = None) -> TicketCodes:
    """This kiosk's signer, creating the secret (mode 0600) the first time."""
    path = path or key_path()
    if not path.exists():
        _create(path)
    try:
        data = json.loads(path.read_text(encoding="ascii"))
        return TicketCodes(str(data["series"]), bytes.fromhex(str(data["secret"])))
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

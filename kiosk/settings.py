"""Settings the host changes on the TV, kept in an overlay file over the config file.

The config file (/etc/debarna/kiosk.toml for the service) is read-only for the kiosk,
so changes made on the settings screen go to `settings.toml` in the data directory,
with the same sections and keys as the config file. At start the overlay's keys
override the file's and the result is validated exactly like the file. A damaged or
invalid overlay never stops the kiosk: it is renamed aside (`settings.toml.bad-<date>`),
logged in one line and ignored, so the config file's values stand.

`check_settings` is the kiosk's whole start-up check of the file and the overlay, done
without changing anything: `effective_config` (the kiosk) and `debarna config --check`
both run it, so the command passes exactly what the kiosk starts with.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import logging
import os
import tempfile
import time
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kiosk.config import _SECTIONS, Config, ConfigError, decode_text, from_mapping, read_file
from kiosk.store import data_dir

log = logging.getLogger(__name__)

OVERLAY_NAME = "settings.toml"
PROBLEM_MOVED_ASIDE = "settings.moved_aside"
PROBLEM_UNREADABLE = "settings.unreadable"
PROBLEM_NOT_SAVED = "settings.not_saved"

Overlay = dict[str, dict[str, Any]]


class SettingsError(RuntimeError):
    """The overlay could not be saved; the change still holds until the kiosk stops.

    `key` is the catalogue key of the message for the screen.
    """

    def __init__(self, message: str, key: str = PROBLEM_NOT_SAVED) -> None:
        super().__init__(message)
        self.key = key


def overlay_path() -> Path:
    """Where the overlay lives: `settings.toml` in the kiosk's data directory."""
    return data_dir() / OVERLAY_NAME


def check_overlay(data: dict[str, Any]) -> None:
    """Raise ConfigError unless `data` holds only known settings with allowed values."""
    if "keys" in data:
        raise ConfigError("the settings overlay cannot change [keys]; set them in the config file")
    from_mapping(data)


def _copy(overlay: dict[str, Any]) -> Overlay:
    return {section: dict(table) for section, table in overlay.items()}


def _move_aside(path: Path) -> Path | None:
    """Rename a bad overlay to settings.toml.bad-<date>; None if that fails too."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.name}.bad-{stamp}")
    number = 1
    while aside.exists():
        aside = path.with_name(f"{path.name}.bad-{stamp}-{number}")
        number += 1
    try:
        path.rename(aside)
    except OSError:
        return None
    return aside


def _parse_overlay(raw: bytes) -> Overlay:
    """The overlay in a file's bytes; UnicodeDecodeError, TOMLDecodeError or ConfigError."""
    data = tomllib.loads(decode_text(raw))  # a byte-order mark from a Windows editor is fine
    check_overlay(data)
    return _copy(data)


def _why(exc: Exception) -> str:
    """Why an overlay is invalid, in a few words for one log or command line."""
    if isinstance(exc, UnicodeDecodeError):
        return "not UTF-8 text"
    if isinstance(exc, tomllib.TOMLDecodeError):
        return f"not valid TOML: {exc}"
    return str(exc)


def _read_raw(path: Path) -> tuple[bytes | None, str | None]:
    """The overlay file's bytes (None when there is none) and the system's reason it cannot
    be read."""
    try:
        return path.read_bytes(), None
    except FileNotFoundError:
        return None, None
    except OSError as exc:
        return None, exc.strerror or str(exc)


def read_overlay(path: Path) -> tuple[Overlay, str | None]:
    """The overlay in `path` ({} when there is none) and the catalogue key of any problem.

    A file that is not valid TOML, or holds an unknown key or a value the config file
    would not allow, is moved aside and ignored.
    """
    raw, unreadable = _read_raw(path)
    if unreadable is not None:
        _unreadable(path, unreadable)
        return {}, PROBLEM_UNREADABLE
    if raw is None:
        return {}, None
    try:
        return _parse_overlay(raw), None
    except (UnicodeDecodeError, tomllib.TOMLDecodeError, ConfigError) as exc:
        _set_aside(path, _why(exc))
        return {}, PROBLEM_MOVED_ASIDE


def _unreadable(path: Path, reason: str) -> None:
    log.error("the saved settings %s cannot be read (%s); using the config file's values",
              path, reason)


def _set_aside(path: Path, why: str) -> None:
    aside = _move_aside(path)
    where = f"moved aside to {aside.name}" if aside else "could not be moved aside"
    log.error("the saved settings %s were invalid (%s); %s, using the config file's values",
              path, why, where)


def load_overlay(path: Path) -> Overlay:
    """The overlay in `path`, or {} when it is missing, damaged or invalid (see read_overlay)."""
    return read_overlay(path)[0]


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)  # a valid TOML basic string
    if isinstance(value, int | float):
        return repr(value)
    raise ConfigError(f"a setting cannot hold {value!r}")


def dumps_overlay(overlay: dict[str, Any]) -> str:
    """The overlay as TOML text, sections and keys in the config file's order."""
    lines = [
        "# Settings changed on the TV. They override the config file; delete this file",
        "# to go back to it. Written by the kiosk: edits here are kept only if valid.",
    ]
    order = [s for s in _SECTIONS if s in overlay] + sorted(set(overlay) - set(_SECTIONS))
    for section in order:
        table = overlay[section]
        if not table:
            continue
        rules = _SECTIONS.get(section, (None, {}))[1]
        keys = [k for k in rules if k in table] + sorted(set(table) - set(rules))
        lines.append("")
        lines.append(f"[{section}]")
        lines.extend(f"{key} = {_toml_value(table[key])}" for key in keys)
    return "\n".join(lines) + "\n"


def save_overlay(path: Path, overlay: dict[str, Any]) -> None:
    """Write the overlay atomically: a temporary file beside it, synced, then renamed.

    Raises ConfigError for a setting the config file would not allow, and
    SettingsError when the directory cannot be written.
    """
    check_overlay(overlay)
    text = dumps_overlay(overlay)
    folder = path.parent
    temp: str | None = None
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handle, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, path)
        temp = None
        _sync_dir(folder)
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise SettingsError(
            f"the settings cannot be saved to {path} ({reason}); they hold until the kiosk "
            f"stops — make {folder} writable for the kiosk's user"
        ) from exc
    finally:
        if temp is not None:
            with contextlib.suppress(OSError):
                os.unlink(temp)


def _sync_dir(folder: Path) -> None:
    """Make the rename itself durable (not possible on every system; then skipped)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def merge(base: dict[str, Any], overlay: dict[str, Any]) -> dict[str, Any]:
    """`base` (parsed TOML) with the overlay's keys put over it, section by section."""
    merged: dict[str, Any] = {
        section: dict(table) if isinstance(table, dict) else table
        for section, table in base.items()
    }
    for section, table in overlay.items():
        current = merged.get(section)
        if isinstance(current, dict) and isinstance(table, dict):
            current.update(table)
        else:
            merged[section] = dict(table) if isinstance(table, dict) else table
    return merged


def apply(config_data: dict[str, Any], overlay: dict[str, Any]) -> Config:
    """The config file's data with the overlay over it, validated like the file."""
    return from_mapping(merge(config_data, overlay))


def changes(old: Config, new: Config) -> Overlay:
    """The settings that differ between two configs, as overlay sections ([keys] aside)."""
    out: Overlay = {}
    for section in _SECTIONS:
        before, after = getattr(old, section), getattr(new, section)
        for item in dataclasses.fields(after):
            value = getattr(after, item.name)
            if getattr(before, item.name) != value:
                out.setdefault(section, {})[item.name] = value
    return out


def update_overlay(path: Path, changed: dict[str, Any]) -> Overlay:
    """Add `changed` to the overlay in `path` and save it; returns the new overlay.

    Raises SettingsError when it cannot be saved.
    """
    overlay = merge(load_overlay(path), changed)
    save_overlay(path, overlay)
    return overlay


@dataclass(frozen=True)
class SettingsCheck:
    """What the saved settings do to the config file, found without changing anything.

    `config` is what the kiosk runs with: the file with the overlay over it, or the
    file alone when the overlay is missing, unreadable or invalid. `changed` holds the
    settings whose value the overlay changes, in the overlay's sections: a key the
    overlay sets to the file's own value is not a change. `problem` is the catalogue
    key of the overlay's problem, and `reason` says it in English for the log and the
    command line: for PROBLEM_UNREADABLE the system's reason ("Permission denied"), for
    PROBLEM_MOVED_ASIDE (invalid: the kiosk moves it aside) what is wrong with it.
    """

    path: Path
    config: Config
    base: Config
    found: bool = False
    changed: Overlay = dataclasses.field(default_factory=dict)
    problem: str | None = None
    reason: str | None = None


def check_settings(config_path: Path | None, overlay: Path | None = None) -> SettingsCheck:
    """The kiosk's start-up check: the config file (None: the defaults), then the overlay.

    A bad config file raises ConfigError naming the key, as `config.load` does (the kiosk
    does not start); the overlay's problems are only reported. Nothing is moved or written.
    """
    data = {} if config_path is None else read_file(config_path)
    base = from_mapping(data)
    path = overlay or overlay_path()
    raw, unreadable = _read_raw(path)
    if unreadable is not None:
        return SettingsCheck(path, base, base, found=True, problem=PROBLEM_UNREADABLE,
                             reason=unreadable)
    if raw is None:
        return SettingsCheck(path, base, base)
    try:
        merged = apply(data, _parse_overlay(raw))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError, ConfigError) as exc:
        return SettingsCheck(path, base, base, found=True, problem=PROBLEM_MOVED_ASIDE,
                             reason=_why(exc))
    return SettingsCheck(path, merged, base, found=True, changed=changes(base, merged))


def effective_config(
    config_path: Path | None, overlay: Path | None = None
) -> tuple[Config, str | None]:
    """The config file (None: the defaults) with the saved settings over it.

    Returns the config and the catalogue key of a problem with the saved settings to
    show on screen, or None. A bad config file raises ConfigError as `config.load`
    does; a bad overlay is moved aside and only reported.
    """
    found = check_settings(config_path, overlay)
    if found.problem == PROBLEM_UNREADABLE:
        _unreadable(found.path, found.reason or "")
    elif found.problem == PROBLEM_MOVED_ASIDE:
        _set_aside(found.path, found.reason or "invalid")
    return found.config, found.problem


def describe(found: SettingsCheck) -> list[str]:
    """What the saved settings do, for `debarna config --check`: a line, then the changes."""
    where = f"{found.path} (settings changed on the TV)"
    if not found.found:
        return [f"{where}: none"]
    if found.problem == PROBLEM_UNREADABLE:
        return [f"{where}: cannot be read here ({found.reason}); run this as root or as the "
                "kiosk's user to see them"]
    if found.problem is not None:
        return [f"{where}: not valid — {found.reason}; the kiosk sets this file aside at its "
                "next start and uses the config file's values"]
    count = sum(len(table) for table in found.changed.values())
    if not count:
        return [f"{where}: ok, no change from the config file's values"]
    lines = [f"{where}: ok, {count} {'value' if count == 1 else 'values'} changed from the "
             "config file's:"]
    for section, table in found.changed.items():
        for key, value in table.items():
            was = getattr(getattr(found.base, section), key)
            lines.append(f"  {section}.{key} = {_toml_value(value)}  "
                         f"(the config file: {_toml_value(was)})")
    return lines

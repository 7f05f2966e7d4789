"""`debarna config`: the example file documents every key, and a broken file is one clear line."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import tomllib
from dataclasses import fields
from pathlib import Path

import pytest

from kiosk.config import Config, defaults_toml, from_mapping
from kiosk.settings import OVERLAY_NAME, effective_config, save_overlay

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "systemd" / "kiosk.example.toml"
DEBARNA = ROOT / ".venv" / "bin" / "debarna"


def debarna(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "kiosk.cli", *args], capture_output=True,
                          text=True, timeout=60, cwd=ROOT)


def test_the_example_file_is_the_defaults_with_every_key() -> None:
    text = EXAMPLE.read_text(encoding="utf-8")
    assert text == defaults_toml()
    data = tomllib.loads(text)
    assert from_mapping(data) == Config()
    for section in ("display", "caller", "hand", "tickets"):
        names = {f.name for f in fields(getattr(Config(), section))}
        assert set(data[section]) == names, section


def test_defaults_are_printed() -> None:
    proc = debarna("config", "--defaults")
    assert proc.returncode == 0 and proc.stdout == defaults_toml()


def test_a_good_file_checks_ok() -> None:
    proc = debarna("config", "--check", str(EXAMPLE))
    assert proc.returncode == 0 and "ok" in proc.stdout


@pytest.mark.parametrize(
    "text, key",
    [
        ("[caller]\nrhythm = 9\n", "caller.rhythm"),
        ("[caller]\nrythm = 4\n", "caller.rythm"),
        ("[display]\nlang = 'de'\n", "display.lang"),
        ("[hand]\ntwo_lines = 'yes'\n", "hand.two_lines"),
        ("[tickets]\nstrips = 0\n", "tickets.strips"),
        ("[sound]\nvolume = 3\n", "[sound]"),
        ("[caller\nrhythm = 4\n", "not valid TOML"),
        ("[keys]\nclaim = ['notakey']\n", "keys.claim"),
        ("[keys]\nclaim = ['space']\n", "keys.pause"),
        ("[caller]\nrhythm = nan\n", "caller.rhythm"),
        ("[voice]\nvolume = inf\n", "voice.volume"),
        ("[claims]\nauto_resume = -nan\n", "claims.auto_resume"),
    ],
)
def test_a_broken_file_gives_one_line_naming_the_key_and_exit_code_2(
    tmp_path: Path, text: str, key: str
) -> None:
    bad = tmp_path / "kiosk.toml"
    bad.write_text(text, encoding="utf-8")
    for args in (["config", "--check", str(bad)], ["kiosk", "--headless", "--config", str(bad)]):
        proc = debarna(*args)
        assert proc.returncode == 2
        lines = proc.stderr.strip().splitlines()
        assert len(lines) == 1 and key in lines[0], proc.stderr
        assert "Traceback" not in proc.stderr


def check(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """`debarna config --check ...` as typed, through the installed console script."""
    return subprocess.run([str(DEBARNA), "config", "--check", *args], capture_output=True,
                          text=True, timeout=60, env=env)


@pytest.mark.parametrize(
    ("content", "said"),
    [
        (b'[display]\nlang = "en"\n# caf\xe9 au lait\n', "is not UTF-8 text (byte 0xe9 on line 3)"),
        (b"\xff\xfe[\x00c\x00", "is not UTF-8 text (byte 0xff on line 1)"),
    ],
)
def test_a_file_that_is_not_utf8_is_one_line_for_the_check_and_the_kiosk(
    tmp_path: Path, content: bytes, said: str
) -> None:
    bad = tmp_path / "kiosk.toml"
    bad.write_bytes(content)
    for args in (["config", "--check", str(bad)], ["kiosk", "--headless", "--config", str(bad)]):
        proc = subprocess.run([str(DEBARNA), *args], capture_output=True, text=True, timeout=60)
        assert proc.returncode == 2
        assert proc.stderr == f"debarna: the config file {bad} {said}; save it as UTF-8\n"


def test_a_file_with_a_byte_order_mark_checks_ok_with_its_values(tmp_path: Path) -> None:
    config = tmp_path / "kiosk.toml"
    config.write_bytes(b"\xef\xbb\xbf" + b"[caller]\nrhythm = 3.5\n")
    overlay = tmp_path / OVERLAY_NAME
    overlay.write_bytes(b"\xef\xbb\xbf" + b"[caller]\nrhythm = 4.5\n")
    proc = check(str(config), "--overlay", str(overlay))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == [
        f"{config}: ok",
        f"{overlay} (settings changed on the TV): ok, 1 value changed from the config file's:",
        "  caller.rhythm = 4.5  (the config file: 3.5)",
    ]


def test_a_file_that_cannot_be_read_is_one_line(tmp_path: Path) -> None:
    proc = check(str(tmp_path))  # a directory
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "cannot be read (Is a directory)" in lines[0]
    assert "Traceback" not in proc.stderr


def test_the_check_lists_what_the_overlay_changes_from_the_file(tmp_path: Path) -> None:
    config = tmp_path / "kiosk.toml"
    config.write_text('[caller]\nrhythm = 3.5\n[display]\nlang = "fa"\n', encoding="utf-8")
    overlay = tmp_path / OVERLAY_NAME
    save_overlay(overlay, {"caller": {"rhythm": 4.5}, "display": {"lang": "fa"},
                           "voice": {"style": "twice"}})
    proc = check(str(config), "--overlay", str(overlay))
    assert proc.returncode == 0 and proc.stderr == ""
    assert proc.stdout.splitlines() == [
        f"{config}: ok",
        f"{overlay} (settings changed on the TV): ok, 2 values changed from the config file's:",
        "  caller.rhythm = 4.5  (the config file: 3.5)",
        '  voice.style = "twice"  (the config file: "number")',
    ]
    # What the check reports is what the kiosk starts with.
    started, problem = effective_config(config, overlay)
    assert problem is None
    assert (started.caller.rhythm, started.voice.style, started.display.lang) == \
        (4.5, "twice", "fa")


def test_by_default_the_overlay_in_the_data_directory_is_checked(tmp_path: Path) -> None:
    data = tmp_path / "data"
    save_overlay(data / OVERLAY_NAME, {"hand": {"auto_check": True}})
    env = {**os.environ, "DEBARNA_DATA_DIR": str(data)}
    proc = check(str(EXAMPLE), env=env)
    assert proc.returncode == 0
    assert f"{data / OVERLAY_NAME} (settings changed on the TV): ok, 1 value" in proc.stdout
    assert "hand.auto_check = true  (the config file: false)" in proc.stdout


def test_with_the_service_installed_its_overlay_is_the_one_checked(tmp_path: Path) -> None:
    service = Path(tempfile.mkdtemp(prefix="debarna-service-", dir="/tmp"))
    try:
        save_overlay(service / OVERLAY_NAME, {"display": {"lang": "en"}})
        env = {k: v for k, v in os.environ.items() if k != "DEBARNA_DATA_DIR"}
        env["DEBARNA_SERVICE_DIR"] = str(service)
        proc = check(str(EXAMPLE), env=env)
        assert proc.returncode == 0
        assert f"{service / OVERLAY_NAME} (settings changed on the TV): ok" in proc.stdout
        assert 'display.lang = "en"  (the config file: "fa")' in proc.stdout
    finally:
        shutil.rmtree(service)


@pytest.mark.parametrize(
    ("content", "said"),
    [
        ("[caller]\nrhythm = 9\n", "config key caller.rhythm = 9"),
        ("[caller]\nrhythm = nan\n", "config key caller.rhythm = nan"),
        ("[keys]\npause = ['p']\n", "cannot change [keys]"),
        ("[caller\n", "not valid TOML"),
    ],
)
def test_an_invalid_overlay_is_reported_and_left_where_it_is(
    tmp_path: Path, content: str, said: str
) -> None:
    overlay = tmp_path / OVERLAY_NAME
    overlay.write_text(content, encoding="utf-8")
    proc = check(str(EXAMPLE), "--overlay", str(overlay))
    assert proc.returncode == 0  # the kiosk starts: it sets the overlay aside
    line = proc.stdout.splitlines()[1]
    assert line.startswith(f"{overlay} (settings changed on the TV): not valid — ")
    assert said in line and "sets this file aside at its next start" in line
    assert overlay.read_text(encoding="utf-8") == content  # the check changes nothing
    assert sorted(p.name for p in tmp_path.iterdir()) == [OVERLAY_NAME]


def test_no_overlay_is_said_plainly(tmp_path: Path) -> None:
    proc = check(str(EXAMPLE), "--overlay", str(tmp_path / OVERLAY_NAME))
    assert proc.returncode == 0
    assert proc.stdout.splitlines() == [
        f"{EXAMPLE}: ok", f"{tmp_path / OVERLAY_NAME} (settings changed on the TV): none"]


def test_a_bad_file_stops_before_the_overlay(tmp_path: Path) -> None:
    config = tmp_path / "kiosk.toml"
    config.write_text("[keys]\nclaim = ['notakey']\n", encoding="utf-8")
    overlay = tmp_path / OVERLAY_NAME
    save_overlay(overlay, {"caller": {"rhythm": 4.5}})
    proc = check(str(config), "--overlay", str(overlay))
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr == ("debarna: config key keys.claim: 'notakey' is not a key name "
                           '(use names such as "space", "return", "c", "f11")\n')

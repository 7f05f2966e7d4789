"""`debarna config`: the example file documents every key, and a broken file is one clear line."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from dataclasses import fields
from pathlib import Path

import pytest

from kiosk.config import Config, defaults_toml, from_mapping

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "systemd" / "kiosk.example.toml"


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

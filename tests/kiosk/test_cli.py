"""The `debarna` command line: its contracts, and exit code 2 with a usage message on bad input."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from kiosk.cli import main


def run(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(args), out=out)
    return code, out.getvalue()


def test_tickets_json_is_an_array_of_strips_of_six() -> None:
    code, text = run("tickets", "--strips", "3", "--seed", "5", "--format", "json")
    assert code == 0
    strips = json.loads(text)
    assert len(strips) == 3 and all(len(strip) == 6 for strip in strips)
    ticket = strips[0][0]
    assert set(ticket) == {"serial", "grid", "qr"} and isinstance(ticket["serial"], str)
    assert len(ticket["grid"]) == 3 and all(len(row) == 9 for row in ticket["grid"])
    assert ticket["qr"].startswith("DB1:") and f":{ticket['serial']}:" in ticket["qr"]


def test_tickets_with_a_seed_repeat() -> None:
    assert run("tickets", "--strips", "2", "--seed", "1", "--format", "json") == run(
        "tickets", "--strips", "2", "--seed", "1", "--format", "json"
    )


def test_tickets_text_is_readable() -> None:
    code, text = run("tickets", "--strips", "1", "--seed", "1")
    assert code == 0 and text.count("Ticket ") == 6


def test_simulate_prints_a_summary_for_the_host() -> None:
    code, text = run("simulate", "--games", "20", "--tickets", "12", "--seed", "3")
    assert code == 0
    assert "line" in text and "two lines" in text and "full house" in text


def test_simulate_without_two_lines() -> None:
    code, text = run("simulate", "--games", "3", "--tickets", "6", "--seed", "3",
                     "--no-two-lines", "--format", "json")
    hands = [json.loads(line) for line in text.splitlines()]
    assert code == 0 and len(hands) == 3
    assert all(set(h["winners"]) == {"line", "full_house"} for h in hands)


@pytest.mark.parametrize(
    "args",
    [
        ["tickets"],
        ["tickets", "--strips", "0"],
        ["tickets", "--strips", "many"],
        ["tickets", "--strips", "2", "--format", "xml"],
        ["simulate", "--games", "1"],
        ["simulate", "--games", "1", "--tickets", "0"],
        ["kiosk", "--lang", "de"],
        ["kiosk", "--rhythm", "2"],
        ["kiosk", "--headless", "--rhythm", "0.01"],
        ["kiosk", "--run-for", "5"],
        ["kiosk", "--headless", "--size", "big"],
        ["--no-such-flag"],
    ],
)
def test_a_bad_option_gets_usage_and_exit_code_2(args: list[str]) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "kiosk.cli", *args], capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 2
    assert "usage:" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_the_host_can_list_the_tickets_printed_tonight(monkeypatch: pytest.MonkeyPatch,
                                                        tmp_path: Path) -> None:
    code, text = run("tickets", "--strips", "2", "--format", "pdf", "--out",
                     str(tmp_path / "t.pdf"))
    assert code == 0 and "001-1 to 002-6" in text
    code, listed = run("tickets", "issued", "--today")
    assert code == 0
    assert "strip 001" in listed and "strip 002" in listed and "002-6" in listed
    assert "12 tickets" in listed
    code, again = run("tickets", "--strips", "1", "--format", "pdf", "--out",
                      str(tmp_path / "u.pdf"))
    assert "003-1 to 003-6" in again  # numbered on from the last strip printed

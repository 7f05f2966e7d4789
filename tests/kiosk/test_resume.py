"""An appliance that never loses a game: SIGKILL at random moments, restart, same hand.

Runs the real `debarna kiosk --headless` as a subprocess against a real SQLite
journal, kills it with SIGKILL, starts it again, and compares what it resumed
with what the journal held.
"""

from __future__ import annotations

import json
import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from kiosk.games.debarna.history import hand_records
from kiosk.store import DB_NAME

ROOT = Path(__file__).resolve().parents[2]
SEED = 11
RHYTHM = "0.1"
RESUMED = re.compile(r"hand (\d+) resumed after restart: (\d+) numbers called, winners (.*)$")


def start(data: Path) -> subprocess.Popen[str]:
    """The headless kiosk on `data`, calling fast; silent, so the voice sets no pace."""
    env = {**os.environ, "DEBARNA_DATA_DIR": str(data), "PYTHONUNBUFFERED": "1"}
    config = data.parent / f"{data.name}.toml"
    config.write_text("[voice]\nenabled = false\n")
    return subprocess.Popen(
        [sys.executable, "-m", "kiosk.cli", "kiosk", "--headless", "--seed", str(SEED),
         "--rhythm", RHYTHM, "--auto-check", "--run-for", "120", "--config", str(config)],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )


def wait_for_line(proc: subprocess.Popen[str], pattern: str, timeout: float = 30) -> str:
    """Read the kiosk's log until a line matches; returns that line."""
    assert proc.stdout is not None
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            raise AssertionError(f"the kiosk stopped before logging {pattern!r}")
        if re.search(pattern, line):
            return line.strip()
    raise AssertionError(f"no log line {pattern!r} within {timeout} s")


def journal(data: Path) -> dict[str, Any] | None:
    """The one hand in the journal (None before the kiosk has started it)."""
    records = hand_records(path=data / DB_NAME)
    assert len(records) <= 1, "the kiosk must come back to the same hand, not start another"
    return records[0] if records else None


def play_to_the_end(proc: subprocess.Popen[str], data: Path, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        record = journal(data)
        if record is not None and record["ended"] == "hand_over":
            # Shared claims on the last number are written right after the full house.
            time.sleep(0.5)
            break
        time.sleep(0.1)
    else:
        raise AssertionError("the hand did not end")
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=10)


def test_killed_twenty_times_the_hand_resumes_exactly_and_ends_as_if_never_killed(
    tmp_path: Path,
) -> None:
    # The same seed, never interrupted.
    calm = tmp_path / "calm"
    proc = start(calm)
    play_to_the_end(proc, calm)
    expected = journal(calm)
    assert expected is not None
    assert expected["winners"].keys() == {"line", "two_lines", "full_house"}

    # Killed at random moments and restarted each time.
    stormy = tmp_path / "stormy"
    chaos = random.Random(2024)
    proc = start(stormy)
    wait_for_line(proc, r"hand \d+ started")
    resumes = 0
    for _ in range(20):
        time.sleep(chaos.uniform(0.0, 0.6))
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
        before = journal(stormy)
        assert before is not None
        assert before["ended"] is None, "the hand ended too soon for the test to mean much"
        calls = before["calls"]
        assert len(calls) == len(set(calls)), "a number was journaled twice"
        assert calls == expected["calls"][: len(calls)], "the draw left the seeded order"

        proc = start(stormy)
        line = wait_for_line(proc, r"resumed after restart")
        hand, count, winners = RESUMED.search(line).groups()  # type: ignore[union-attr]
        assert int(hand) == before["hand"]
        assert int(count) == len(calls), "the restart did not resume every number journaled"
        got = json.loads(winners.replace("'", '"'))
        assert got == {s: w["serials"] for s, w in before["winners"].items()}
        resumes += 1

    play_to_the_end(proc, stormy)
    final = journal(stormy)
    assert final is not None and resumes == 20
    assert final["calls"] == expected["calls"]
    assert final["winners"] == expected["winners"]
    assert [c for c in final["claims"] if c["valid"]] == [
        c for c in expected["claims"] if c["valid"]
    ]


def test_a_restart_after_the_hand_ended_starts_a_new_hand(tmp_path: Path) -> None:
    data = tmp_path / "data"
    proc = start(data)
    play_to_the_end(proc, data)
    proc = start(data)
    wait_for_line(proc, r"hand 2 started")
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=10)
    records = hand_records(path=data / DB_NAME)
    assert [r["ended"] for r in records] == ["hand_over", None]


@pytest.mark.parametrize("garbage", [b"", b"SQLite format 3\x00" + b"\xff" * 5000])
def test_a_damaged_journal_is_moved_aside_and_the_kiosk_says_so(
    tmp_path: Path, garbage: bytes
) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / DB_NAME).write_bytes(garbage or b"not a database at all" * 50)
    proc = start(data)
    line = wait_for_line(proc, r"corrupt|moved aside")
    assert "moved aside" in line
    wait_for_line(proc, r"hand 1 started")
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=10)
    aside = [p for p in data.iterdir() if ".corrupt-" in p.name and not p.name.endswith(
        ("-wal", "-shm"))]
    assert len(aside) == 1

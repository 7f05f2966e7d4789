"""The ticket key: private, never made by accident, and the strip counter it keeps."""

from __future__ import annotations

import json
import logging
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from kiosk.games.debarna.keys import KeyFileError, key_path, key_warning, load_codes, reserve_strips

ROOT = Path(__file__).resolve().parents[2]


def test_a_new_key_is_private_and_draws_no_warning() -> None:
    load_codes()
    assert stat.S_IMODE(key_path().stat().st_mode) == 0o600
    assert key_warning() is None


def test_a_key_others_can_read_is_warned_about(caplog: pytest.LogCaptureFixture) -> None:
    load_codes()
    os.chmod(key_path(), 0o644)
    warning = key_warning(key_path())
    assert warning is not None
    assert "can be read by other users (mode 0644)" in warning
    assert f"chmod 600 {key_path()}" in warning
    with caplog.at_level(logging.WARNING, logger="kiosk.games.debarna.keys"):
        load_codes()
    assert warning in caplog.text


def test_without_create_a_missing_key_is_an_error_and_nothing_is_made() -> None:
    with pytest.raises(KeyFileError, match="there is no ticket key at") as caught:
        load_codes(create=False)
    assert "\n" not in str(caught.value)
    assert not key_path().exists()
    assert not key_path().parent.exists() or list(key_path().parent.iterdir()) == []


def test_reserved_strips_follow_one_another_and_the_key_keeps_its_secret() -> None:
    codes = load_codes()
    before = json.loads(key_path().read_text())
    assert reserve_strips(3) == 1
    assert reserve_strips(2) == 4
    after = json.loads(key_path().read_text())
    assert after == {**before, "next_strip": 6}
    assert stat.S_IMODE(key_path().stat().st_mode) == 0o600
    assert load_codes().series == codes.series
    assert [p.name for p in key_path().parent.iterdir() if p.name.endswith(".tmp")] == []


def test_the_counter_never_goes_back_below_the_journal() -> None:
    load_codes()
    assert reserve_strips(2, at_least=10) == 10  # the journal had printed up to strip 9
    assert reserve_strips(1, at_least=5) == 12  # an older journal does not pull it back
    assert reserve_strips(1) == 13


def test_an_older_key_without_a_counter_starts_from_the_journal() -> None:
    load_codes()
    data = json.loads(key_path().read_text())
    data.pop("next_strip", None)
    key_path().write_text(json.dumps(data))
    assert reserve_strips(1, at_least=7) == 7
    assert reserve_strips(1) == 8


def test_a_reservation_needs_a_key_and_a_count() -> None:
    with pytest.raises(KeyFileError):
        reserve_strips(1)
    load_codes()
    with pytest.raises(ValueError):
        reserve_strips(0)


def test_two_processes_reserving_at_once_never_get_the_same_strip(tmp_path: Path) -> None:
    load_codes()
    code = (
        "import sys\n"
        "from kiosk.games.debarna.keys import reserve_strips\n"
        "print(' '.join(str(reserve_strips(2)) for _ in range(40)))\n"
    )
    env = {**os.environ}
    procs = [subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, env=env,
                              stdout=subprocess.PIPE, text=True) for _ in range(2)]
    firsts = []
    for proc in procs:
        out, _ = proc.communicate(timeout=120)
        assert proc.returncode == 0
        firsts += [int(n) for n in out.split()]
    numbers = sorted(n + i for n in firsts for i in range(2))
    assert numbers == list(range(1, 161))  # 80 reservations of 2: every number once

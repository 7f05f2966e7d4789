"""The voice in the running kiosk: calls heard on the beat, and silence handled gracefully.

The kiosk runs headless as a subprocess. With SDL's "disk" audio driver it writes
everything it plays to a raw file, in which the test finds the onsets of the
calls from the samples themselves.
"""

from __future__ import annotations

import array
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from audio.player import SAMPLE_RATE
from kiosk.games.debarna.scene import make_layout
from kiosk.theme import WARN

ROOT = Path(__file__).resolve().parents[2]
RHYTHM = 1.5


def kiosk(*args: str, env: dict[str, str] | None = None,
          prefix: tuple[str, ...] = ()) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*prefix, sys.executable, "-m", "kiosk.cli", "kiosk", "--headless", *args],
        cwd=ROOT, env={**os.environ, **(env or {})}, capture_output=True, text=True,
        timeout=180,
    )


def onsets(raw: Path, threshold: int = 1500, quiet: float = 0.3) -> list[float]:
    """Seconds into the recording where sound starts after at least `quiet` s of silence."""
    data = array.array("h")
    data.frombytes(raw.read_bytes())
    window = SAMPLE_RATE // 200  # 5 ms
    found: list[float] = []
    silent_for = quiet
    for start in range(0, len(data), window):
        peak = max((abs(x) for x in data[start : start + window]), default=0)
        if peak >= threshold:
            if silent_for >= quiet:
                found.append(start / SAMPLE_RATE)
            silent_for = 0.0
        else:
            silent_for += window / SAMPLE_RATE
    return found


def test_the_calls_are_heard_on_the_beat(tmp_path: Path) -> None:
    raw = tmp_path / "speaker.raw"
    proc = kiosk("--lang", "fa", "--seed", "4", "--rhythm", str(RHYTHM), "--run-for", "14",
                 env={"SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILE": str(raw)})
    assert proc.returncode == 0, proc.stderr
    calls = re.findall(r"called (\d+) \(", proc.stdout)
    assert len(calls) >= 6
    heard = onsets(raw)
    # Every call is heard; the last may be cut off when the run ends mid-clip.
    assert len(calls) - 1 <= len(heard) <= len(calls), (calls, heard)
    # The onsets follow the schedule: one call every RHYTHM seconds. SDL's disk driver
    # keeps its own clock (it sleeps whole milliseconds per 11.6 ms buffer), so the
    # spacing is fitted and must be within 6 % of the rhythm, and each onset within
    # 50 ms of the fitted beat: a buffer or two of the driver's clock, no more.
    k = list(range(len(heard)))
    mean_k, mean_t = sum(k) / len(k), sum(heard) / len(heard)
    slope = sum((a - mean_k) * (b - mean_t) for a, b in zip(k, heard, strict=True)) / sum(
        (a - mean_k) ** 2 for a in k)
    assert abs(slope / RHYTHM - 1) < 0.06, slope
    residuals = [t - (mean_t + slope * (i - mean_k)) for i, t in zip(k, heard, strict=True)]
    assert max(abs(r) for r in residuals) < 0.05, residuals


def _notice_pixels(shot: Path) -> int:
    """Pixels of warning colour in the caller screen's notice line."""
    pygame.display.init()
    try:
        image = pygame.image.load(str(shot))
        area = make_layout(image.get_size(), rtl=False).notice
        return sum(
            1
            for x in range(area.left, area.right, 2)
            for y in range(area.top, area.bottom, 2)
            if tuple(image.get_at((x, y)))[:3] == WARN
        )
    finally:
        pygame.quit()


def _espeak_library() -> Path:
    out = subprocess.run(["ldconfig", "-p"], capture_output=True, text=True).stdout
    match = re.search(r"libespeak-ng\.so\.1 .*=> (\S+)", out)
    assert match, "espeak-ng is installed by the set-up"
    return Path(match.group(1)).resolve()


def _hidden_espeak() -> tuple[str, ...]:
    """Run in a private mount namespace where the espeak-ng library is an empty file."""
    if shutil.which("unshare") is None or os.geteuid() != 0:
        pytest.skip("hiding a library needs unshare and root (as CI has)")
    lib = _espeak_library()
    script = f'mount --bind /dev/null "{lib}" && exec "$@"'
    return ("unshare", "--mount", "--propagation", "private", "sh", "-c", script, "sh")


@pytest.mark.parametrize("lang", ["fa", "en"])
def test_with_espeak_hidden_the_hand_runs_to_the_end_silently_with_a_notice(
    tmp_path: Path, lang: str
) -> None:
    fresh = {"DEBARNA_VOICE_DIR": str(tmp_path / "no-clips-yet"),
             "DEBARNA_DATA_DIR": str(tmp_path / "short")}
    prefix = _hidden_espeak()
    shot, plain = tmp_path / "silent.png", tmp_path / "voiced.png"
    proc = kiosk("--lang", lang, "--rhythm", "0.2", "--run-for", "1.2", "--screenshot",
                 str(shot), env=fresh, prefix=prefix)
    assert proc.returncode == 0, proc.stderr
    assert len(re.findall(r"speech is not available", proc.stdout)) == 1
    assert _notice_pixels(shot) > 20  # the notice is on screen
    voiced = kiosk("--lang", lang, "--rhythm", "0.2", "--run-for", "1.2", "--screenshot",
                   str(plain), env={"DEBARNA_DATA_DIR": str(tmp_path / "voiced")})
    assert voiced.returncode == 0 and _notice_pixels(plain) == 0

    whole = kiosk("--lang", lang, "--seed", "2", "--rhythm", "0.05", "--auto-check",
                  "--run-for", "12", env={**fresh, "DEBARNA_DATA_DIR": str(tmp_path / "whole")},
                  prefix=prefix)
    assert whole.returncode == 0, whole.stderr
    assert "hand 1 ended (hand over)" in whole.stdout
    assert "Traceback" not in whole.stdout + whole.stderr


def test_with_espeak_hidden_clips_already_recorded_still_play(tmp_path: Path) -> None:
    prefix = _hidden_espeak()
    raw = tmp_path / "speaker.raw"
    proc = kiosk("--lang", "fa", "--rhythm", "1", "--run-for", "3.5",
                 env={"SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILE": str(raw)}, prefix=prefix)
    assert proc.returncode == 0, proc.stderr
    assert "every clip is already recorded" in proc.stdout
    assert len(onsets(raw)) >= 2


def test_with_no_audio_device_the_hand_runs_to_the_end_with_a_notice(tmp_path: Path) -> None:
    no_device = {"SDL_AUDIODRIVER": "nosuchdriver"}
    shot = tmp_path / "silent.png"
    proc = kiosk("--rhythm", "0.2", "--run-for", "1.2", "--screenshot", str(shot), env=no_device)
    assert proc.returncode == 0, proc.stderr
    assert len(re.findall(r"no sound device", proc.stdout)) == 1
    assert _notice_pixels(shot) > 20
    whole = kiosk("--seed", "2", "--rhythm", "0.05", "--auto-check", "--run-for", "12",
                  env={**no_device, "DEBARNA_DATA_DIR": str(tmp_path / "whole")})
    assert "hand 1 ended (hand over)" in whole.stdout
    assert "Traceback" not in whole.stdout + whole.stderr

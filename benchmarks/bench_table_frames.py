"""The frame loop while hard computers play a table game (Takhteh Nard by default).

Runs the real kiosk headless (SDL's dummy driver, 1920×1080, no voice, a journal in
a temporary directory), opens the game's table (`--game`: backgammon, hearts, debertz,
dobbm) with its screen's hard computer in every seat (`kiosk.games.<game>.screen_bot`)
and runs N frames of the loop in real time at 30 frames a second, as `Kiosk.loop`
does; each frame (events, update, draw) is timed. Runs twice in one go: first the
baseline, with the computers thinking on the frame loop (as the table did before its
worker), then as the kiosk runs, with them on the worker. Prints the longest frame,
the 99th percentile and the median of each, and how many decisions the computers made.

A hard computer thinks for up to 0.25 s a decision. Target: the longest frame ≤ 20 ms,
that is, a computer never thinks on the frame loop.

    .venv/bin/python benchmarks/bench_table_frames.py [--game G] [--frames 1800] [--pause 0.1]

`--pause` shortens the computers' pause between steps (0.8 s on the TV), so that
more decisions fall inside the run.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def set_pause(scene: object, pause: float) -> None:
    """The computers' pause between steps: the table controller's pacing (before it, the
    scene's own `pause`)."""
    table = getattr(scene, "table", None)
    if table is not None:
        table.pacing = dataclasses.replace(table.pacing, computer=pause)
    else:
        scene.pause = pause  # type: ignore[attr-defined]


def run(frames: int, pause: float, seed: int, on_loop: bool = False,
        game: str = "backgammon") -> float:
    from kiosk.app import FPS, Kiosk, KioskOptions
    from kiosk.config import Config, VoiceConfig
    from kiosk.games import hosting

    kiosk = Kiosk(KioskOptions(headless=True, seed=seed, size=(1920, 1080), lang="en"),
                  Config(voice=VoiceConfig(enabled=False)))
    scene = kiosk.show(game)
    own = hosting(game)
    assert own is not None, f"no table for {game}"
    seats = len(next(mode for mode in scene.modes if mode.key == "demo").bots)
    scene.start([own.screen_bot("hard") for _ in range(seats)], "demo")
    set_pause(scene, pause)
    if on_loop:
        # The baseline: the computers think on the frame loop, as the table did before
        # the controller's worker (a worker without an executor runs each job inline).
        from kiosk.table.worker import Worker

        scene.table.worker = Worker(None)
    now = time.monotonic()
    kiosk.frame(now)  # the first, full frame is not timed
    times: list[float] = []
    try:
        for _ in range(frames):
            now = time.monotonic()
            start = time.perf_counter()
            kiosk.frame(now)
            times.append(time.perf_counter() - start)
            wake = now + 1 / FPS
            left = wake - time.monotonic()
            if left > 0:
                time.sleep(left)
    finally:
        kiosk.thinker.shutdown(wait=True, cancel_futures=True)
        kiosk.printer.shutdown(wait=False, cancel_futures=True)
        kiosk.voice.ready.wait(60)
    state = scene.state
    plays = sum(1 for seat, _action in state.history if seat is not None and seat >= 0)
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    where = "on the frame loop (baseline)" if on_loop else "on the worker"
    print(f"{game} demo, hard computers in every seat, thinking {where}, {frames} "
          f"frames at {FPS} fps (pause {pause:g} s, 1920x1080): {plays} decisions made")
    print(f"  longest frame: {max(times) * 1000:.1f} ms; p99 {p99 * 1000:.1f} ms; "
          f"median {statistics.median(times) * 1000:.1f} ms")
    return max(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=1800)
    parser.add_argument("--pause", type=float, default=0.1)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--game", default="backgammon",
                        help="a registered game with a table: backgammon, hearts, debertz, dobbm")
    args = parser.parse_args()
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    longest = {}
    for on_loop in (True, False):
        with tempfile.TemporaryDirectory() as data:
            os.environ["DEBARNA_DATA_DIR"] = data
            longest[on_loop] = run(args.frames, args.pause, args.seed, on_loop, args.game)
    print(f"longest frame: {longest[True] * 1000:.1f} ms with the computers on the frame "
          f"loop, {longest[False] * 1000:.1f} ms on the worker (target <= 20 ms): "
          f"{longest[True] / longest[False]:.0f}x shorter")


if __name__ == "__main__":
    main()

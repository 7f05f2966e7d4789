"""The frame loop while hard computers play a table game (Takhteh Nard by default).

Runs the real kiosk headless (SDL's dummy driver, 1920×1080, no voice, a journal in
a temporary directory), opens the game's table (`--game`: backgammon, hearts, debertz,
dobbm) with its screen's hard computer in every seat (`kiosk.games.<game>.screen_bot`)
and runs N frames of the loop in real time at 30 frames a second, as `Kiosk.loop`
does; each frame (events, update, draw) is timed. Runs once for each way of thinking
named by `--thinking` (by default the two below, in one go):

- `thread`: the computers think on one thread of the kiosk's own process and the cards
  are painted on the frame loop as they are needed, as the kiosk did before its worker
  processes (the baseline);
- `processes`: as the kiosk runs now: the computers think in the worker processes of
  `kiosk.table.pool`, which also make the cards (`kiosk.cards_draw`), and a frame
  paints no more than its budget allows (`kiosk.scenes.budget`);
- `loop`: on the frame loop itself (the table before it had a worker at all).

Prints the longest frame, the 99th percentile, the median and the frames over 20 ms
of each, and how many decisions the computers made.

The table's menu is up for 2 s before the game starts, as while a person chooses a
way to play. A hard computer thinks for up to 0.25 s a decision. Target: the longest
frame ≤ 20 ms at a Raspberry Pi core's speed, so run it under the Pi model too, which holds each
process (the kiosk's and each worker's) to a fifth of a core:

    .venv/bin/python benchmarks/bench_table_frames.py [--game G] [--frames 1800] [--pause 0.1]
    .venv/bin/python benchmarks/pi.py -- .venv/bin/python benchmarks/bench_table_frames.py --game G

`--pause` shortens the computers' pause between steps (0.8 s on the TV), so that
more decisions fall inside the run.
"""

from __future__ import annotations

import argparse
import cProfile
import dataclasses
import os
import pstats
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.stats import thread_cpu  # noqa: E402


def set_pause(scene: object, pause: float) -> None:
    """The computers' pause between steps: the table controller's pacing (before it, the
    scene's own `pause`)."""
    table = getattr(scene, "table", None)
    if table is not None:
        table.pacing = dataclasses.replace(table.pacing, computer=pause)
    else:
        scene.pause = pause  # type: ignore[attr-defined]


class Parts:
    """Where a frame's time went: the table's flow (with the journal's commits inside it),
    the journal's commits alone, the scene's drawing, the display's update, and the
    garbage collector's passes (inside any of them)."""

    def __init__(self, kiosk: object, scene: object, more: tuple[str, ...] = ()) -> None:
        import gc

        import pygame

        self.spent: dict[str, float] = {}
        self._collecting = 0.0
        gc.callbacks.append(self._gc)
        table = getattr(scene, "table", None)
        self._wrap(scene, "update", "flow")
        if table is not None and table.on_action is not None:
            self._wrap(table, "on_action", "journal")
        self._wrap(scene, "draw", "draw")
        self._wrap(pygame.display, "update", "display")
        for name in more:  # the scene's own methods, by name (--parts)
            self._wrap(scene, name, name)

    def clear(self) -> None:
        self.spent = {}

    def _gc(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._collecting = time.perf_counter()
        else:
            part = f"gc{info.get('generation', '')}"
            self.spent[part] = self.spent.get(part, 0.0) + time.perf_counter() - self._collecting

    def _wrap(self, owner: object, name: str, part: str) -> None:
        inner = getattr(owner, name)

        def timed(*args: object, **kwargs: object) -> object:
            start = time.perf_counter()
            try:
                return inner(*args, **kwargs)
            finally:
                self.spent[part] = self.spent.get(part, 0.0) + time.perf_counter() - start

        setattr(owner, name, timed)


CHOOSING = 2.0  # seconds the table's menu is up before the game starts


def stolen() -> float:
    """Seconds the machine's hypervisor has kept its CPUs from it since boot (steal time,
    all CPUs, in 10 ms ticks): a frame slow with steal in it was slowed by the host."""
    fields = Path("/proc/stat").read_text().split("\n", 1)[0].split()
    return int(fields[8]) / os.sysconf("SC_CLK_TCK") if len(fields) > 8 else 0.0


def run(frames: int, pause: float, seed: int, thinking: str = "processes",
        game: str = "backgammon", profile: bool = False, more: tuple[str, ...] = ()) -> float:
    from kiosk.app import FPS, Kiosk, KioskOptions
    from kiosk.config import Config, VoiceConfig
    from kiosk.games import hosting

    kiosk = Kiosk(KioskOptions(headless=True, seed=seed, size=(1920, 1080), lang="en"),
                  Config(voice=VoiceConfig(enabled=False)))
    scene = kiosk.show(game)
    own = hosting(game)
    assert own is not None, f"no table for {game}"
    # The table's menu of ways to play is up for a moment first, as while a person chooses
    # (its frames warm the fonts the table wants, as the kiosk's do).
    kiosk.frame(time.monotonic())
    kiosk.settle()  # as the loop does after its first frame
    end = time.monotonic() + CHOOSING
    while time.monotonic() < end:
        now = time.monotonic()
        kiosk.frame(now)
        time.sleep(max(0.0, now + 1 / FPS - time.monotonic()))
    seats = len(next(mode for mode in scene.modes if mode.key == "demo").bots)
    scene.start([own.screen_bot("hard") for _ in range(seats)], "demo")
    set_pause(scene, pause)
    from kiosk.table.worker import Worker

    thread = None
    if thinking == "loop":
        # The computers think on the frame loop, as the table did before the controller's
        # worker (a worker without an executor runs each job inline).
        scene.table.worker = Worker(None)
    elif thinking == "thread":
        # As the kiosk did before its worker processes: one thread of this process.
        from concurrent.futures import ThreadPoolExecutor

        thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bots")
        scene.table.worker = Worker(thread)
        painter = getattr(scene, "painter", None)
        if painter is not None:
            painter.helper = None  # and the cards painted on the frame loop, at once
    else:
        kiosk.thinker.warm()
        # The workers are up before the timing starts, as they are long before a
        # person has chosen a way to play.
        kiosk.thinker.submit(int).result(120)
    now = time.monotonic()
    kiosk.frame(now)  # the first frame of the game, a full one, is not timed
    times: list[float] = []
    parts = Parts(kiosk, scene, more)
    slow: list[dict[str, float]] = []
    kept = None  # with --profile: the calls of the frames over 20 ms, added up
    try:
        for _ in range(frames):
            now = time.monotonic()
            parts.clear()
            watch = cProfile.Profile() if profile else None
            cpu, own = time.process_time(), time.thread_time()
            misses, fonts = kiosk.text.misses, len(kiosk.text._fonts)
            steal = stolen()
            start = time.perf_counter()
            if watch is not None:
                watch.enable()
            kiosk.frame(now)
            if watch is not None:
                watch.disable()
            took = time.perf_counter() - start
            times.append(took)
            if took > 0.020:
                # CPU spent meanwhile: by the frame loop's thread, and by the whole process
                # (its other threads share its share of a core)
                slow.append({**parts.spent, "frame": took, "CPU: loop": time.thread_time() - own,
                             "process": time.process_time() - cpu,
                             "lines": kiosk.text.misses - misses,
                             "fonts": len(kiosk.text._fonts) - fonts,
                             "steal": stolen() - steal})
                if watch is not None:
                    if kept is None:
                        kept = pstats.Stats(watch)
                    else:
                        kept.add(watch)
            wake = now + 1 / FPS
            left = wake - time.monotonic()
            if left > 0:
                time.sleep(left)
    finally:
        threads = thread_cpu()
        if thread is not None:
            thread.shutdown(wait=True, cancel_futures=True)
        kiosk.thinker.shutdown(wait=True, cancel_futures=True)
        kiosk.printer.shutdown(wait=False, cancel_futures=True)
        kiosk.voice.ready.wait(60)
    state = scene.state
    plays = sum(1 for seat, _action in state.history if seat is not None and seat >= 0)
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    where = {"loop": "on the frame loop", "thread": "on a thread of the kiosk (before)",
             "processes": f"in {getattr(kiosk.thinker, 'size', 1)} worker process(es)"}[thinking]
    over = sum(1 for t in times if t > 0.020)
    print("  CPU seconds of the kiosk's threads over the run: " + ", ".join(
        f"{name} {seconds:.2f}" for name, seconds in threads.items()))
    print(f"{game} demo, hard computers in every seat, thinking {where}, {frames} "
          f"frames at {FPS} fps (pause {pause:g} s, 1920x1080): {plays} decisions made")
    print(f"  longest frame: {max(times) * 1000:.1f} ms; p99 {p99 * 1000:.1f} ms; "
          f"median {statistics.median(times) * 1000:.1f} ms; {over} of {frames} over 20 ms")
    for spent in sorted(slow, key=lambda d: -d["frame"])[:5]:
        counts = {name: spent.pop(name) for name in ("lines", "fonts")}
        steal = spent.pop("steal")
        print("    a frame of {:.1f} ms: ".format(spent.pop("frame") * 1000) + ", ".join(
            f"{name} {ms * 1000:.1f}" for name, ms in spent.items() if ms >= 0.0005)
            + f"; {counts['lines']:g} lines of text drawn, {counts['fonts']:g} fonts opened"
            + (f"; the host stole {steal * 1000:.0f} ms of CPU meanwhile" if steal else ""))
    if kept is not None:
        print("  where the frames over 20 ms went (cProfile, which slows every frame):")
        kept.sort_stats("cumulative").print_stats(40)
    return max(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=1800)
    parser.add_argument("--pause", type=float, default=0.1)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--game", default="backgammon",
                        help="a registered game with a table: backgammon, hearts, debertz, dobbm")
    parser.add_argument("--thinking", nargs="+", default=["thread", "processes"],
                        choices=("loop", "thread", "processes"),
                        help="where the computers think, one run each (default: thread "
                             "processes)")
    parser.add_argument("--profile", action="store_true",
                        help="profile each frame and print where those over 20 ms went")
    parser.add_argument("--parts", default="",
                        help="the scene's methods to time as parts of a slow frame too, "
                             "comma-separated (for example _draw_board,_draw_help)")
    args = parser.parse_args()
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    longest = {}
    for thinking in args.thinking:
        with tempfile.TemporaryDirectory() as data:
            os.environ["DEBARNA_DATA_DIR"] = data
            longest[thinking] = run(args.frames, args.pause, args.seed, thinking, args.game,
                                    args.profile, tuple(filter(None, args.parts.split(","))))
    figures = ", ".join(f"{ms * 1000:.1f} ms {where}" for where, ms in longest.items())
    print(f"{args.game}: longest frame {figures} (target <= 20 ms)")


if __name__ == "__main__":
    main()

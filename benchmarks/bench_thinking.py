"""How much a clocked hard computer thinks in its time, on a thread or in a worker process.

The kiosk's hard computers keep to a budget on the real clock (0.25 s a decision,
`kiosk.games.HARD_BOT_SECONDS`): what they are worth is what they search in that time.
This runs the real kiosk headless with a card game's table moving on the screen (a demo
of medium computers, drawn at 30 frames a second on the main thread, as `Kiosk.loop`
does) and, meanwhile, hands the hard computer the same `--decisions` positions (seat
views from seeded games) twice: on one thread of the kiosk's process, as before its
worker processes, and in the kiosk's worker pool. Prints the worlds searched a decision
(median, mean) each way, and how often both chose the same action.

Under the Pi model (each process at a fifth of a core) the thread shares the frame
loop's fifth; a worker has one of its own:

    .venv/bin/python benchmarks/pi.py -- .venv/bin/python benchmarks/bench_thinking.py
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from concurrent.futures import Executor, ThreadPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.thinking_job import choose_and_count  # noqa: E402


def positions(key: str, count: int, seed: int) -> list[Any]:
    """Seat views with a choice to make, from seeded games of medium computers."""
    from engines.registry import game

    entry = game(key)
    rng = random.Random(seed)
    bot = entry.make_bot("medium")
    found: list[Any] = []
    while len(found) < count:
        state = entry.new_state(entry.defaults, rng)
        while not state.is_over and len(found) < count:
            seat = state.current_player
            if seat is None:
                break
            if seat < 0:
                state.apply(state.sample_chance(rng))
                continue
            view = state.view(seat)
            if len(view.legal) > 1 and rng.random() < 0.3:
                found.append(view)
            state.apply(bot.choose(view, rng), seat)
    return found


def think(kiosk: Any, where: Executor, bot: Any, views: list[Any]) -> list[tuple[Any, int]]:
    """Each view thought on `where`, one at a time, while the kiosk's frames go on."""
    from kiosk.app import FPS

    answers = []
    for i, view in enumerate(views):
        job = where.submit(choose_and_count, bot, view, random.Random(i))
        while not job.done():
            now = time.monotonic()
            kiosk.frame(now)
            left = now + 1 / FPS - time.monotonic()
            if left > 0:
                time.sleep(left)
        answers.append(job.result())
    return answers


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", default=["hearts", "debertz", "dobbm"])
    parser.add_argument("--decisions", type=int, default=40)
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    from kiosk.app import Kiosk, KioskOptions
    from kiosk.config import Config, VoiceConfig
    from kiosk.games import hosting

    for key in args.games:
        with tempfile.TemporaryDirectory() as data:
            os.environ["DEBARNA_DATA_DIR"] = data
            kiosk = Kiosk(KioskOptions(headless=True, seed=3, size=(1920, 1080), lang="en"),
                          Config(voice=VoiceConfig(enabled=False)))
            scene = kiosk.show(key)
            own = hosting(key)
            assert own is not None
            seats = len(next(m for m in scene.modes if m.key == "demo").bots)
            scene.start([own.screen_bot("medium") for _ in range(seats)], "demo")
            kiosk.thinker.warm()
            kiosk.thinker.submit(int).result(120)
            views = positions(key, args.decisions, args.seed)
            bot = own.screen_bot("hard")
            thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bots")
            try:
                on_thread = think(kiosk, thread, bot, views)
                in_worker = think(kiosk, kiosk.thinker, bot, views)
            finally:
                thread.shutdown(wait=True)
                kiosk.thinker.shutdown(wait=True, cancel_futures=True)
                kiosk.flush_journal()
            same = sum(1 for a, b in zip(on_thread, in_worker, strict=True) if a[0] == b[0])
            for name, answers in (("on a thread of the kiosk", on_thread),
                                  ("in a worker process", in_worker)):
                worlds = [w for _, w in answers]
                print(f"{key}: hard computer, {len(views)} decisions {name}: worlds a "
                      f"decision median {statistics.median(worlds):.0f}, mean "
                      f"{statistics.mean(worlds):.1f}")
            print(f"{key}: the same action both ways in {same} of {len(views)}")


if __name__ == "__main__":
    main()

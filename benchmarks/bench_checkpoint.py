"""What the journal's checkpoints cost the frame loop: the real kiosk, calling, its WAL a
game night long (no checkpoint could run until now), then the checkpoint a hand's end
makes, on the journal's own thread, while the frames go on.

The WAL is filled through the kiosk's own journal thread with a night's worth of events
(each in a commit of its own, as the caller writes them) while a reader holds a snapshot,
so nothing is copied into the main file (about 1.5 MB, a night's as measured on a real
one); the frames are timed for a few seconds before, then the reader lets go and
`Store.checkpoint` runs on the journal's thread, during it and after.
Printed: the WAL's size, how long the checkpoint took, and the frames' p50 / p99 / max
in each of the three windows (the frame target is 33 ms). `--pi` holds the process (its
frame loop and its journal thread together, as on the Pi's one core for the kiosk) to a
fifth of a core (benchmarks/pi.py).

    SDL_VIDEODRIVER=dummy .venv/bin/python benchmarks/bench_checkpoint.py [--pi]
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sqlite3
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

FRAME = 1 / 30
TARGET = 0.033


def spread(values: list[float]) -> str:
    if not values:
        return "-"
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return (f"p50 {statistics.median(ordered) * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, "
            f"max {ordered[-1] * 1000:.1f} ms ({sum(v > TARGET for v in ordered)} over 33 ms)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pi", action="store_true", help="under the Pi model")
    parser.add_argument("--events", type=int, default=120,
                        help="events written into the WAL before the checkpoint")
    parser.add_argument("--seconds", type=float, default=3.0, help="each window's length")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["DEBARNA_DATA_DIR"] = tmp
        return run(args, Path(tmp))


def run(args: argparse.Namespace, data: Path) -> int:
    from benchmarks.pi import held_self
    from kiosk.app import Kiosk, KioskOptions
    from kiosk.config import Config
    from kiosk.store import DB_NAME

    config = Config()
    config = replace(config, voice=replace(config.voice, enabled=False))
    kiosk = Kiosk(KioskOptions(headless=True, lang="en", seed=3, game="debarna", rhythm=3.0),
                  config)
    kiosk.show("caller")  # a headless kiosk starts a hand and calls at once
    kiosk.settle()
    committer = kiosk.committer
    assert committer is not None, "the journal has no thread of its own"
    store = committer.store
    path = data / DB_NAME
    reader = sqlite3.connect(path, isolation_level=None)
    reader.execute("BEGIN")
    reader.execute("SELECT count(*) FROM events").fetchone()  # no checkpoint copies now
    hand = committer.call(store.start_hand, "debarna", {"options": {}})
    payload = {"serial": "001-1", "grid": [[1, 2, 3, 4, 5]] * 3, "note": "x" * 200}
    for _ in range(args.events):  # a night's events, each committed alone
        committer.submit(store.append, hand, "note", payload)
    committer.flush()
    wal = Path(f"{path}-wal").stat().st_size
    held = held_self("bench-checkpoint") if args.pi else contextlib.nullcontext()
    windows: dict[str, list[float]] = {"before": [], "during": [], "after": []}
    with held as pi:
        if pi is not None:
            print(f"Pi model: {pi.kind}")
        began = time.monotonic()
        checkpoint = None
        result: list[bool] = []
        while True:
            now = time.monotonic()
            start = time.perf_counter()
            kiosk.frame(now)
            took = time.perf_counter() - start
            if checkpoint is None and now - began >= args.seconds:
                checkpoint = time.monotonic()
                reader.execute("ROLLBACK")  # the WAL may be copied from now on
                reader.close()
                committer.submit(lambda: result.append(store.checkpoint()))
            if checkpoint is None:
                if now - began > 0.5:  # the first, full frames are not the question here
                    windows["before"].append(took)
            elif committer.busy:
                windows["during"].append(took)
            else:
                windows["after"].append(took)
                if now - checkpoint >= 2 * args.seconds:
                    break
            rest = FRAME - (time.perf_counter() - start)
            if rest > 0:
                time.sleep(rest)
    took = store.checkpoints[-1] if store.checkpoints else float("nan")
    print(f"WAL before the checkpoint: {wal / 1e6:.2f} MB ({args.events} events); "
          f"the checkpoint took {took * 1000:.1f} ms on the journal's thread "
          f"{'under the Pi model' if args.pi else 'at full speed'}"
          f"{'' if result and result[0] else ' (NOT all of it copied: see the log)'}")
    for name, values in windows.items():
        print(f"  frames {name} it: {len(values)}, {spread(values)}")
    longest = max(windows["during"] + windows["after"], default=0.0)
    print(f"Summary: longest frame while checkpointing and after {longest * 1000:.1f} ms "
          f"(target <= 33): {'ok' if longest <= TARGET else 'MISSED'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

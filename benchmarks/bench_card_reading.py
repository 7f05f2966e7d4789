"""Reading store-bought cards from phone photos: how many are read exactly, and how fast.

    .venv/bin/python benchmarks/bench_card_reading.py [--count 500] [--seed 0] [--jobs 2]
        [--pi]

Makes `--count` photos with benchmarks/card_photos.py (seeds `--seed`, `--seed + 1`, ...)
and reads each with `kiosk.games.debarna.reading.read_card`, a worker process a core
(`--jobs`). Each photo's outcome is one of

- **exact**: the card holds, every number is right and no cell is doubtful (nothing for
  the host to correct);
- **right with doubts**: every cell not marked doubtful is right (the host confirms the
  marked ones), whether or not the card holds as read;
- **refused**: the photo was refused (PhotoError) or the reading broke the card's rules
  with a wrong cell that is not marked;
- **wrong and unmarked**: the card holds, a number is wrong and no doubtful cell is marked.
  This must be 0.

It prints the shares, the median and worst seconds a reading (the reader's own clock,
`CardReading.seconds`: the photo's decoding to the check, not the photo's making), and the
same by digit script and by perspective band (the card's tilt from the camera), then each
photo not read exactly. `--pi`: each worker holds itself, while it reads (not while it
makes the photo), in a cgroup of its own with a fifth of a core (benchmarks/pi.py's
`held_self`: cgroup v1 `cpu/pi-card-read-<pid>`, cfs_period_us 10000, cfs_quota_us 2000),
and Tesseract's process, started by the reader, runs in that group too. Needs root.
"""

from __future__ import annotations

import argparse
import contextlib
import multiprocessing
import statistics
import sys
from collections import Counter, defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.card_photos import make_photo  # noqa: E402
from benchmarks.pi import PiModelError, detect, held_self  # noqa: E402
from kiosk.games.debarna.reading import PhotoError, read_card  # noqa: E402

OUTCOMES = ("exact", "right with doubts", "refused", "wrong and unmarked")
BANDS = ((0, 10), (10, 20), (20, 26))
_PI = False


def judge(truth: tuple[tuple[int | None, ...], ...], grid: Any,
          doubtful: frozenset[tuple[int, int]], holds: bool) -> str:
    """The outcome of one reading against the card's truth."""
    cells = [(r, c) for r in range(3) for c in range(9)]
    wrong = [cell for cell in cells if grid[cell[0]][cell[1]] != truth[cell[0]][cell[1]]]
    unmarked = [cell for cell in wrong if cell not in doubtful]
    if holds and unmarked:
        return "wrong and unmarked"
    if not wrong and not doubtful and holds:
        return "exact"
    if not unmarked:
        return "right with doubts"
    return "refused"


def one(seed: int) -> dict[str, Any]:
    """Makes photo `seed` and reads it (held to the Pi's share with --pi)."""
    photo = make_photo(seed)
    held = held_self("card-read") if _PI else contextlib.nullcontext()
    result: dict[str, Any] = {"seed": seed, "script": photo.truth["script"],
                              "tilt": photo.truth["tilt"], "font": photo.truth["font"]}
    with held:
        try:
            reading = read_card(photo.data)
        except PhotoError as exc:
            result.update(outcome="refused", seconds=None, why=exc.key)
            return result
    outcome = judge(photo.grid, reading.reading.grid, reading.check.doubtful, reading.holds)
    why = "; ".join(f"r{r + 1}c{c + 1} {w}" for (r, c), w in sorted(reading.why.items()))
    result.update(outcome=outcome, seconds=reading.seconds, doubts=len(reading.check.doubtful),
                  why=why or "; ".join(p.message for p in reading.check.problems))
    return result


def _init(pi: bool) -> None:
    global _PI
    _PI = pi


def _band(tilt: float) -> str:
    for low, high in BANDS:
        if low <= tilt < high:
            return f"tilt {low}-{min(high, 25)}°"
    return "tilt ?"


def _summary(title: str, results: list[dict[str, Any]]) -> Iterator[str]:
    counts = Counter(r["outcome"] for r in results)
    n = len(results)
    times = [r["seconds"] for r in results if r["seconds"] is not None]
    shares = ", ".join(f"{name} {counts[name]} ({100 * counts[name] / n:.1f} %)"
                       for name in OUTCOMES)
    timing = (f"median {statistics.median(times):.2f} s, worst {max(times):.2f} s"
              if times else "no readings")
    yield f"{title} ({n}): {shares}; {timing}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=500)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (a core each)")
    parser.add_argument("--pi", action="store_true",
                        help="each reading held to a fifth of a core (needs root)")
    args = parser.parse_args(argv)
    if args.pi:
        try:
            detect()
        except PiModelError as exc:
            print(f"bench_card_reading: {exc}", file=sys.stderr)
            return 2
    seeds = range(args.seed, args.seed + args.count)
    with multiprocessing.get_context("fork").Pool(args.jobs, _init, (args.pi,)) as pool:
        results = sorted(pool.imap_unordered(one, seeds, chunksize=4), key=lambda r: r["seed"])
    model = " under the Pi model (a fifth of a core a reading)" if args.pi else ""
    print(f"card photos {args.seed}-{args.seed + args.count - 1}, {args.jobs} workers{model}")
    for line in _summary("all", results):
        print(line)
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in results:
        groups[f"{r['script']} digits"].append(r)
    for r in results:
        groups[_band(r["tilt"])].append(r)
    for name, members in groups.items():
        for line in _summary("  " + name, members):
            print(line)
    print("not read exactly:")
    for r in results:
        if r["outcome"] != "exact":
            print(f"  {r['seed']}: {r['outcome']} ({r['script']}, {r['font']}, tilt {r['tilt']}°)"
                  f" {r.get('why', '')}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

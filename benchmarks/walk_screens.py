"""Every screen walked by the seeded random player (tests/kiosk/walker.py), longer than
`make test` walks it: the distinct screen states reached and the defects found, per game
and in total.

Run with ``.venv/bin/python benchmarks/walk_screens.py [--steps 120] [--seeds 1,2,3]
[--games debarna,hearts] [--shots DIR] [--phones]``. Each game is walked in English and Persian at
1920×1080 and 1280×720, at every seat count its menu (or its config section)
offers and every way to play;
``--shots`` saves each frame that showed a defect not seen before; ``--phones`` walks with
the phones' server up (the phones panel shows each free seat's QR code). The exit status is 1
when any defect was found.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.shots import headless  # noqa: E402

headless()
import pygame  # noqa: E402

SIZES = ((1920, 1080), (1280, 720))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=120)
    parser.add_argument("--seeds", default="1")
    parser.add_argument("--games", default="")
    parser.add_argument("--shots", type=Path)
    parser.add_argument("--phones", action="store_true")
    args = parser.parse_args()
    # a kiosk of its own: a journal, a config and keys nobody else uses
    home = Path(tempfile.mkdtemp(prefix="walk-"))
    os.environ["DEBARNA_DATA_DIR"] = str(home / "data")
    os.environ["XDG_CONFIG_HOME"] = str(home / "config")
    os.environ.pop("DEBARNA_CONFIG", None)
    pygame.display.init()
    pygame.font.init()
    from engines.registry import games as registered_games
    from tests.kiosk.walker import Report, walk_all

    parts = args.games.split(",") if args.games else ["debarna",
                                                      *(e.key for e in registered_games())]
    total_states = 0
    total_defects = 0
    began = time.perf_counter()
    for part in parts:
        report = Report()
        start = time.perf_counter()
        for seed in (int(s) for s in args.seeds.split(",")):
            for lang in ("en", "fa"):
                for size in SIZES:
                    walk_all(lang, size, seed, args.steps, report, games=[part],
                             shots=args.shots, every_mode=True, phones=args.phones)
        counts = report.counts()
        states = sum(counts.values())
        total_states += states
        total_defects += len(report.defects)
        kinds = ", ".join(f"{k} {n}" for k, n in sorted(report.by_kind().items())) or "none"
        scenes = ", ".join(f"{k} {v}" for k, v in counts.items())
        print(f"{part}: {states} distinct screen states ({scenes}); "
              f"{report.frames} frames read; {len(report.defects)} defects ({kinds}); "
              f"{time.perf_counter() - start:.0f} s", flush=True)
        for d in sorted(report.defects.values(), key=str):
            print(f"    {d}")
    print(f"total: {total_states} distinct screen states, {total_defects} defects, "
          f"{time.perf_counter() - began:.0f} s")
    pygame.quit()
    return 1 if total_defects else 0


if __name__ == "__main__":
    sys.exit(main())

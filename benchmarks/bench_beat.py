"""Calls on the beat: how late each number's voice starts against its beat, for minutes.

Runs the real kiosk headless (SDL's dummy video and audio drivers, 1920×1080) calling a
Dabernā hand with the voice on — espeak-ng's clips, rendered to WAV and played through
pygame's mixer — at a 3 s rhythm (`--rhythm`), in its own loop (`Kiosk.loop`, as the
service runs it), for `--minutes` minutes; a hand that ends is followed by the next.
For every call it notes the beat it was due on and the moment its clip was handed to the
mixer (after the journal's commit: a number is on the disk before it is heard), and
prints the lateness: median, 99th percentile and the largest. Target: p99 ≤ 20 ms.

The voice's clips are rendered first at full speed into the run's data directory (on a
Pi they are rendered once, at the first start, behind a progress bar), then the
measured kiosk runs in a process of its own: with `--pi` under the Pi model
(`benchmarks/pi.py`: each process held to a fifth of a core).

    .venv/bin/python benchmarks/bench_beat.py [--minutes 5] [--rhythm 3] [--pi]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _kiosk(rhythm: float, run_for: float | None) -> object:
    from kiosk.app import Kiosk, KioskOptions
    from kiosk.config import Config

    return Kiosk(KioskOptions(headless=True, seed=5, size=(1920, 1080), rhythm=rhythm,
                              run_for=run_for), Config())


def measure(rhythm: float, minutes: float, out: Path) -> None:
    """The kiosk's own loop for `minutes`; each call's lateness written to `out`."""
    kiosk = _kiosk(rhythm, minutes * 60)
    controller = kiosk.controller  # type: ignore[attr-defined]
    voice = kiosk.voice  # type: ignore[attr-defined]
    if not voice.ready.wait(120) or voice.problem:
        raise SystemExit(f"the voice is not ready: {voice.problem}")
    late: list[float] = []
    due: list[float | None] = [None]
    call, say = controller._call, voice.call

    def noted_call(now: float) -> int | None:
        due[0] = controller.next_call_at  # the beat this call was due on
        return call(now)

    def noted_say(number: int, now: float) -> float:
        length = say(number, now)
        if due[0] is not None and length > 0:
            late.append(time.monotonic() - due[0])
        due[0] = None
        return length

    def next_hand() -> None:
        if controller.hand is not None and controller.hand.is_over:
            controller.start_hand(time.monotonic())

    controller._call, voice.call = noted_call, noted_say
    kiosk.start()  # type: ignore[attr-defined]
    kiosk.settle()  # type: ignore[attr-defined]
    frame = kiosk.frame  # type: ignore[attr-defined]

    def frame_and_go_on(now: float) -> object:
        next_hand()
        return frame(now)

    kiosk.frame = frame_and_go_on  # type: ignore[attr-defined]
    kiosk.loop()  # type: ignore[attr-defined]
    out.write_text(json.dumps(late))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=5.0)
    parser.add_argument("--rhythm", type=float, default=3.0)
    parser.add_argument("--pi", action="store_true",
                        help="the measured kiosk under the Pi model (root)")
    parser.add_argument("--measure", type=Path, help=argparse.SUPPRESS)  # the child's part
    args = parser.parse_args()
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    if args.measure is not None:
        measure(args.rhythm, args.minutes, args.measure)
        return
    with tempfile.TemporaryDirectory() as data:
        os.environ["DEBARNA_DATA_DIR"] = data
        started = time.monotonic()
        subprocess.run([sys.executable, __file__, "--minutes", "0", "--rhythm",
                        str(args.rhythm), "--measure", os.devnull], check=False,
                       stdout=subprocess.DEVNULL)  # renders the clips at full speed
        print(f"voice clips rendered in {time.monotonic() - started:.0f} s (full speed)")
        out = Path(data) / "late.json"
        command = [sys.executable, __file__, "--minutes", str(args.minutes), "--rhythm",
                   str(args.rhythm), "--measure", str(out)]
        if args.pi:
            command = [sys.executable, str(ROOT / "benchmarks" / "pi.py"), "--quiet", "--",
                       *command]
        subprocess.run(command, check=True)
        late = json.loads(out.read_text())
    if not late:
        raise SystemExit("no call was made")
    ordered = sorted(late)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    where = "under the Pi model (a fifth of a core)" if args.pi else "at full speed"
    print(f"calls at a {args.rhythm:g} s rhythm with the voice on, {args.minutes:g} min "
          f"{where}: {len(late)} calls; lateness against the beat median "
          f"{statistics.median(late) * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, max "
          f"{ordered[-1] * 1000:.1f} ms (target p99 <= 20 ms)")


if __name__ == "__main__":
    main()

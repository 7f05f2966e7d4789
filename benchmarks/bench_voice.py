"""Speed figures for the caller's voice.

- the time to render the whole clip cache, both languages, into an empty folder
  (target ≤ 10 s);
- call-start jitter: how late each call starts against its beat, over 90 calls at a
  3 s rhythm on SDL's dummy audio driver (target p99 ≤ 20 ms);
- the frame loop never blocks on audio: of the frames that start a spoken call (and
  draw the new number), the longest against their median in the same run (target
  under 2×), and the time spent handing each call to the mixer.

Run with ``make bench-voice`` (about five minutes; ``--calls 20`` for a quick look).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def bench_cache(root: Path) -> None:
    from audio.cache import ClipCache, VoiceKey
    from audio.render import Renderer

    start = time.perf_counter()
    speech = Renderer()
    clips = 0
    for lang in ("fa", "en"):
        cache = ClipCache(root, VoiceKey(lang, speech.voice_for(lang), 150))
        clips += len(cache.texts)
        failed = cache.build(speech)
        if failed:
            print(f"  {lang}: {len(failed)} clips failed: {failed}")
    elapsed = time.perf_counter() - start
    speech.close()
    print(f"voice cache: {clips} clips (fa + en) rendered in {elapsed:.2f} s (target <= 10 s)")


def bench_calls(calls: int, rhythm: float) -> None:
    from kiosk.app import Kiosk, KioskOptions
    from kiosk.config import Config

    kiosk = Kiosk(KioskOptions(headless=True, lang="fa", seed=9, rhythm=rhythm), Config())
    kiosk.voice.ready.wait(60)
    controller = kiosk.controller
    voice = kiosk.voice
    late: list[float] = []
    speak = voice.call

    handing: list[float] = []

    def timed_call(number: int, now: float) -> float:
        late.append(time.monotonic() - controller.next_call_at)
        start = time.perf_counter()
        length = speak(number, now)
        handing.append(time.perf_counter() - start)
        return length

    voice.call = timed_call  # type: ignore[method-assign]
    frame = kiosk.frame
    call_frames: list[float] = []

    def timed_frame(now: float) -> list[object]:
        before = len(controller.called)
        start = time.perf_counter()
        result = frame(now)
        if len(controller.called) != before:
            call_frames.append(time.perf_counter() - start)
        return result

    kiosk.frame = timed_frame  # type: ignore[method-assign]
    kiosk.show("caller")
    controller.start_hand(time.monotonic())
    kiosk.options = KioskOptions(headless=True, run_for=calls * rhythm + 0.5)
    kiosk.loop()
    late_ms = sorted(x * 1000 for x in late)
    p99 = late_ms[min(len(late_ms) - 1, round(0.99 * (len(late_ms) - 1)))]
    print(f"call-start jitter over {len(late_ms)} calls at {rhythm:g} s: median "
          f"{statistics.median(late_ms):.2f} ms, p99 {p99:.2f} ms, max {late_ms[-1]:.2f} ms "
          "(target p99 <= 20 ms)")

    median = statistics.median(call_frames)
    print(f"frames that start a spoken call: median {median * 1000:.2f} ms, longest "
          f"{max(call_frames) * 1000:.2f} ms = {max(call_frames) / median:.2f}x the median "
          f"(target < 2x); handing the call to the mixer: median "
          f"{statistics.median(handing) * 1000:.3f} ms, longest {max(handing) * 1000:.3f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=90)
    parser.add_argument("--rhythm", type=float, default=3.0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        bench_cache(Path(tmp) / "clips")
        os.environ["DEBARNA_DATA_DIR"] = str(Path(tmp) / "data")
        os.environ["DEBARNA_VOICE_DIR"] = str(Path(tmp) / "clips")
        bench_calls(args.calls, args.rhythm)


if __name__ == "__main__":
    main()

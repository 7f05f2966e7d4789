"""The benchmarks' statistics, in one place: a proportion's Wilson interval, a mean's
normal interval, the 99th percentile of timings, and the CPU each thread used."""

from __future__ import annotations

import math
import os
import statistics
from collections.abc import Sequence
from pathlib import Path

Z95 = 1.96  # the normal quantile of a two-sided 95 % interval


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of `wins` out of `n` (0 to 1 with no trials)."""
    if n == 0:
        return 0.0, 1.0
    rate = wins / n
    denominator = 1 + z * z / n
    centre = (rate + z * z / (2 * n)) / denominator
    half = z * math.sqrt(rate * (1 - rate) / n + z * z / (4 * n * n)) / denominator
    return centre - half, centre + half


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """The mean of `values` and its 95 % interval (mean ± z standard errors)."""
    mean = statistics.fmean(values)
    half = z * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return mean, mean - half, mean + half


def p99(values: Sequence[float]) -> float:
    """The 99th percentile (nearest rank) of `values`."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(0.99 * len(ordered)) - 1)]


def thread_cpu() -> dict[str, float]:
    """Each thread of this process and the CPU seconds it has used (Linux's /proc), by
    name (the frame loop is MainThread)."""
    import threading

    names = {thread.native_id: thread.name for thread in threading.enumerate()}
    tick = os.sysconf("SC_CLK_TCK")
    used: dict[str, float] = {}
    for task in Path("/proc/self/task").iterdir():
        try:
            fields = (task / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        name = names.get(int(task.name), f"thread {task.name} (not Python's)")
        used[name] = used.get(name, 0.0) + (int(fields[11]) + int(fields[12])) / tick
    return dict(sorted(used.items(), key=lambda item: -item[1]))

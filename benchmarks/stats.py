"""The benchmarks' statistics, in one place: a proportion's Wilson interval, a mean's
normal interval, and the 99th percentile of timings."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence

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

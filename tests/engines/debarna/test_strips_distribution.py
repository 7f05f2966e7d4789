"""10,000 strips from `debarna tickets`: all valid, and distributed as uniform strips are.

Rules §2–§3. The real command line is run as a subprocess; every strip is checked
by a validity checker written here (not the engine's), and the share of tickets
with 0/1/2/3 full (3-number) columns is compared with the uniform distribution's
0.388 / 0.504 / 0.105 / 0.002. Those figures, and the strip count of about
4.68×10⁷⁷, are also recomputed here exactly by an independent dynamic program.
"""

from __future__ import annotations

import itertools
import json
import math
import os
import subprocess
import sys
import tempfile
from collections import Counter
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from engines.debarna.strips import sampler

from .independent import grid_problem

ROOT = Path(__file__).resolve().parents[3]
STRIPS = 10_000
SEED = 1_388
TIMEOUT = 300
COLUMN_SIZES = (9, 10, 10, 10, 10, 10, 10, 10, 11)  # rules §2, "how many exist"
RULES_SHARES = {0: 0.388, 1: 0.504, 2: 0.105, 3: 0.002}  # rules §3

Strip = list[dict[str, Any]]


KIOSK = Path(tempfile.mkdtemp(prefix="debarna-kiosk-"))


def run_tickets(strips: int, seed: int) -> str:
    """`debarna tickets --strips N --seed S --format json`, its standard output."""
    command = [
        sys.executable,
        "-m",
        "kiosk.cli",
        "tickets",
        "--strips",
        str(strips),
        "--seed",
        str(seed),
        "--format",
        "json",
    ]
    done = subprocess.run(
        command,
        cwd=ROOT,
        env={**os.environ, "DEBARNA_DATA_DIR": str(KIOSK)},  # one kiosk, one ticket key
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=TIMEOUT,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    return done.stdout


@pytest.fixture(scope="module")
def raw_output() -> str:
    return run_tickets(STRIPS, SEED)


@pytest.fixture(scope="module")
def strips(raw_output: str) -> list[Strip]:
    data = json.loads(raw_output)
    assert isinstance(data, list)
    return data


@pytest.fixture(scope="module")
def full_columns(strips: list[Strip]) -> list[list[int]]:
    """For each strip, each ticket's number of full (3-number) columns."""
    return [
        [sum(all(row[c] is not None for row in t["grid"]) for c in range(9)) for t in strip]
        for strip in strips
    ]


# -- an independent checker ------------------------------------------------------------------
def strip_problem(strip: object) -> str | None:
    """The first rule of §2–§3 the strip breaks, or None if it is a valid strip."""
    if not isinstance(strip, list) or len(strip) != 6:
        return "strip of 6"
    for ticket in strip:
        if not isinstance(ticket, dict) or set(ticket) != {"serial", "grid", "qr"}:
            return "ticket record"
        if not isinstance(ticket["serial"], str) or not ticket["serial"]:
            return "serial"
        problem = grid_problem(ticket["grid"])
        if problem:
            return problem
    numbers = sorted(n for t in strip for row in t["grid"] for n in row if n is not None)
    if numbers != list(range(1, 91)):
        return "strip covers 1-90 once"
    return None


# -- an independent exact count --------------------------------------------------------------
def _row_layouts(counts: tuple[int, ...]) -> int:
    """How many ways to place a ticket's column counts in 3 rows of 5 (DP over columns)."""
    ways: Counter[tuple[int, ...]] = Counter({(0, 0, 0): 1})
    for count in counts:
        step: Counter[tuple[int, ...]] = Counter()
        for rows, n in ways.items():
            for chosen in itertools.combinations(range(3), count):
                filled = tuple(r + (i in chosen) for i, r in enumerate(rows))
                if max(filled) <= 5:
                    step[filled] += n
        ways = step
    return ways[(5, 5, 5)]


_VECTORS = [c for c in itertools.product((1, 2, 3), repeat=9) if sum(c) == 15]
# Weight of one ticket's column counts c: L(c) / Π c_j!, kept exact.
_WEIGHT = {c: Fraction(_row_layouts(c), math.prod(math.factorial(x) for x in c)) for c in _VECTORS}


@cache
def _fillings(tickets: int, left: tuple[int, ...]) -> Fraction:
    """Σ over the column counts of `tickets` more tickets of Π weights (left is sorted)."""
    if tickets == 0:
        return Fraction(int(not any(left)))
    total = Fraction(0)
    for c in _VECTORS:
        rest = [x - y for x, y in zip(left, c, strict=True)]
        if all(tickets - 1 <= r <= 3 * (tickets - 1) for r in rest):
            total += _WEIGHT[c] * _fillings(tickets - 1, tuple(sorted(rest)))
    return total


def exact_strip_count() -> int:
    """Ordered, numbered strips: Σ_C Π_i L(c_i) × Π_j n_j! / Π_ij c_ij!."""
    count = _fillings(6, tuple(sorted(COLUMN_SIZES))) * math.prod(
        math.factorial(n) for n in COLUMN_SIZES
    )
    assert count.denominator == 1
    return int(count)


def exact_full_column_shares() -> dict[int, Fraction]:
    """Under uniform strips, P(a ticket has k full columns), from the first ticket's law."""
    total = _fillings(6, tuple(sorted(COLUMN_SIZES)))
    shares: dict[int, Fraction] = dict.fromkeys(range(4), Fraction(0))
    for c in _VECTORS:
        rest = [n - x for n, x in zip(COLUMN_SIZES, c, strict=True)]
        if all(5 <= r <= 15 for r in rest):
            shares[c.count(3)] += _WEIGHT[c] * _fillings(5, tuple(sorted(rest))) / total
    return shares


# -- the tests -------------------------------------------------------------------------------
def test_every_strip_is_valid(strips: list[Strip]) -> None:
    assert len(strips) == STRIPS
    problems = [(i, strip_problem(strip)) for i, strip in enumerate(strips)]
    bad = [(i, problem) for i, problem in problems if problem is not None]
    assert not bad, f"{len(bad)} invalid strips, first: {bad[:3]}"


def test_serials_are_unique(strips: list[Strip]) -> None:
    serials = [t["serial"] for strip in strips for t in strip]
    assert len(set(serials)) == len(serials) == 6 * STRIPS


def test_share_of_tickets_with_no_full_column(full_columns: list[list[int]]) -> None:
    tickets = [k for strip in full_columns for k in strip]
    share = tickets.count(0) / len(tickets)
    # 0.388 under the uniform law; about 0.55 for the common greedy generator.
    assert 0.378 <= share <= 0.398, share


@pytest.mark.parametrize(("full", "tolerance"), [(1, 0.012), (2, 0.006), (3, 0.0012)])
def test_shares_of_tickets_with_1_2_3_full_columns(
    full_columns: list[list[int]], full: int, tolerance: float
) -> None:
    tickets = [k for strip in full_columns for k in strip]
    share = tickets.count(full) / len(tickets)
    assert abs(share - RULES_SHARES[full]) <= tolerance, (full, share)


def test_no_ticket_has_more_than_3_full_columns(full_columns: list[list[int]]) -> None:
    # 15 numbers over 9 non-empty columns leave 6 spare: at most 3 columns of 3.
    assert max(k for strip in full_columns for k in strip) <= 3


def test_every_place_in_the_strip_is_alike(full_columns: list[list[int]]) -> None:
    """Uniform ordered strips are exchangeable: a sequential sampler must not favour a place."""
    for place in range(6):
        share = sum(strip[place] == 0 for strip in full_columns) / len(full_columns)
        # 10,000 tickets per place: the standard error is about 0.005.
        assert abs(share - RULES_SHARES[0]) <= 0.025, (place, share)


def test_same_seed_same_strips_and_different_seed_different(raw_output: str) -> None:
    first = run_tickets(40, SEED)
    assert run_tickets(40, SEED) == first
    # The strips are drawn one after another: a short run is the start of a long one.
    assert json.loads(first) == json.loads(raw_output)[:40]
    assert run_tickets(40, SEED + 1) != first


def test_exact_strip_count_is_about_4_68e77() -> None:
    count = sampler().strip_count()
    assert isinstance(count, int)
    assert count == pytest.approx(4.68e77, rel=0.005)
    assert count == exact_strip_count()


def test_rules_shares_are_the_exact_uniform_shares() -> None:
    """The 0.388 / 0.504 / 0.105 / 0.002 of rules §3, recomputed exactly."""
    shares = exact_full_column_shares()
    assert sum(shares.values()) == 1
    for full, share in shares.items():
        assert round(float(share), 3) == RULES_SHARES[full], (full, float(share))

"""`debarna simulate` checked against an independent recomputation (rules §2–§5).

The real command line is run as a subprocess for 1,000 games of 24 tickets, with
the two-lines stage on and off. Every game's winners are recomputed here from the
calls and the ticket grids alone — nothing from the engine's hand or simulate
code is imported: a ticket's line, two lines and full house complete on the call
that finishes its first, second and third row, and each stage goes to every
ticket with the smallest such call index. The deal itself (calls, grids, strips)
is checked against the rules too, and so is the text summary.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from .independent import grid_problem

ROOT = Path(__file__).resolve().parents[3]
GAMES = 1000
TICKETS = 24
SEED = 90_2024
TIMEOUT = 300
NEVER = 10**6  # the call index of a row that never completes in the hand

Game = dict[str, Any]


# -- running the command line ----------------------------------------------------------------
def _command(*extra: str) -> list[str]:
    return [
        sys.executable,
        "-m",
        "kiosk.cli",
        "simulate",
        "--games",
        str(GAMES),
        "--tickets",
        str(TICKETS),
        "--seed",
        str(SEED),
        *extra,
    ]


@dataclass(frozen=True)
class Runs:
    """The outputs of the four runs: JSON and text, two lines on and off."""

    json_on: list[Game]
    json_off: list[Game]
    text_on: str
    text_off: str

    def games(self, two_lines: bool) -> list[Game]:
        return self.json_on if two_lines else self.json_off

    def text(self, two_lines: bool) -> str:
        return self.text_on if two_lines else self.text_off


@pytest.fixture(scope="module")
def runs() -> Runs:
    commands = {
        "json_on": _command("--format", "json"),
        "json_off": _command("--no-two-lines", "--format", "json"),
        "text_on": _command(),
        "text_off": _command("--no-two-lines"),
    }
    # Start all four at once: they are independent, and the machine has two cores.
    processes = {
        name: subprocess.Popen(
            cmd,
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
        )
        for name, cmd in commands.items()
    }
    outputs: dict[str, str] = {}
    for name, process in processes.items():
        stdout, stderr = process.communicate(timeout=TIMEOUT)
        assert process.returncode == 0, f"{commands[name]} failed:\n{stderr}"
        assert stderr == "", stderr
        outputs[name] = stdout
    return Runs(
        json_on=[json.loads(line) for line in outputs["json_on"].splitlines()],
        json_off=[json.loads(line) for line in outputs["json_off"].splitlines()],
        text_on=outputs["text_on"],
        text_off=outputs["text_off"],
    )


TWO_LINES = pytest.mark.parametrize("two_lines", [True, False], ids=["two-lines", "no-two-lines"])


# -- an independent reading of the rules -----------------------------------------------------
def row_sets(grid: Sequence[Sequence[int | None]]) -> list[set[int]]:
    return [{n for n in row if n is not None} for row in grid]


def stage_indices(calls: Sequence[int], grid: Sequence[Sequence[int | None]]) -> list[int]:
    """Call indices at which the ticket's first, second and third row became complete."""
    position = {n: i for i, n in enumerate(calls)}
    done = [max(position.get(n, NEVER) for n in row) for row in row_sets(grid)]
    return sorted(done)


def expected_winners(game: Game, two_lines: bool) -> dict[str, tuple[int, set[str]]]:
    """Each stage's call index and winning serials, recomputed from calls and grids."""
    indices = {t["serial"]: stage_indices(game["calls"], t["grid"]) for t in game["tickets"]}
    stages = [("line", 0), ("two_lines", 1), ("full_house", 2)]
    if not two_lines:
        stages.remove(("two_lines", 1))
    result = {}
    for name, rank in stages:
        best = min(done[rank] for done in indices.values())
        result[name] = (best, {s for s, done in indices.items() if done[rank] == best})
    return result


def _games_and_modes(runs: Runs) -> Iterator[tuple[Game, bool]]:
    for two_lines in (True, False):
        for game in runs.games(two_lines):
            yield game, two_lines


# -- the deal --------------------------------------------------------------------------------
@TWO_LINES
def test_one_json_line_per_game_with_24_tickets(runs: Runs, two_lines: bool) -> None:
    games = runs.games(two_lines)
    assert len(games) == GAMES
    for game in games:
        assert set(game) == {"calls", "tickets", "winners"}
        assert len(game["tickets"]) == TICKETS
        serials = [t["serial"] for t in game["tickets"]]
        assert len(set(serials)) == TICKETS, f"repeated serials in one game: {serials}"


@TWO_LINES
def test_calls_are_distinct_balls_from_1_to_90(runs: Runs, two_lines: bool) -> None:
    for game in runs.games(two_lines):
        calls = game["calls"]
        assert all(type(n) is int and 1 <= n <= 90 for n in calls), calls
        assert len(set(calls)) == len(calls), f"a ball was called twice: {calls}"
        # 15 numbers of one ticket must be called before anyone can win a full house.
        assert 15 <= len(calls) <= 90


@TWO_LINES
def test_every_grid_is_a_valid_ticket(runs: Runs, two_lines: bool) -> None:
    for game in runs.games(two_lines):
        for ticket in game["tickets"]:
            problem = grid_problem(ticket["grid"])
            assert problem is None, f"ticket {ticket['serial']} breaks {problem!r}: {ticket}"


@TWO_LINES
def test_tickets_six_by_six_form_strips_covering_1_to_90(runs: Runs, two_lines: bool) -> None:
    for game in runs.games(two_lines):
        tickets = game["tickets"]
        for start in range(0, TICKETS, 6):
            numbers = [
                n
                for t in tickets[start : start + 6]
                for row in t["grid"]
                for n in row
                if n is not None
            ]
            assert sorted(numbers) == list(range(1, 91)), f"strip at ticket {start} is not 1-90"


def test_two_lines_setting_does_not_change_the_deal(runs: Runs) -> None:
    """Same seed: the same tickets and calls; the line and full house go the same way."""
    for on, off in zip(runs.json_on, runs.json_off, strict=True):
        assert on["tickets"] == off["tickets"]
        assert on["calls"] == off["calls"]
        for stage in ("line", "full_house"):
            assert on["winners"][stage]["call"] == off["winners"][stage]["call"]
            assert set(on["winners"][stage]["serials"]) == set(off["winners"][stage]["serials"])


# -- the winners -----------------------------------------------------------------------------
@TWO_LINES
def test_winners_match_independent_recomputation(runs: Runs, two_lines: bool) -> None:
    for number, game in enumerate(runs.games(two_lines)):
        expected = expected_winners(game, two_lines)
        winners = game["winners"]
        assert set(winners) == set(expected), f"game {number}: stages {sorted(winners)}"
        for stage, (call, serials) in expected.items():
            won = winners[stage]
            assert set(won) == {"call", "serials"}
            assert won["call"] == call, f"game {number} {stage}: call {won['call']} != {call}"
            assert len(won["serials"]) == len(set(won["serials"])), f"game {number} {stage}"
            assert set(won["serials"]) == serials, (
                f"game {number} {stage}: winners {sorted(won['serials'])} != {sorted(serials)}"
            )


@TWO_LINES
def test_stages_come_in_order_and_the_hand_ends_at_full_house(runs: Runs, two_lines: bool) -> None:
    for number, game in enumerate(runs.games(two_lines)):
        winners = game["winners"]
        line = winners["line"]["call"]
        full = winners["full_house"]["call"]
        if two_lines:
            middle = winners["two_lines"]["call"]
            assert line < middle < full, f"game {number}: {line}, {middle}, {full}"
        else:
            assert "two_lines" not in winners
            assert line < full, f"game {number}: {line}, {full}"
        # §4.4 / §5.3: the hand ends at the full house — no call after it.
        assert len(game["calls"]) == full + 1, f"game {number}: calls go on after the full house"


def test_shared_wins_happen_and_are_recorded(runs: Runs) -> None:
    """With 24 tickets a shared line turns up in 1,000 games; all sharers are listed."""
    shared = sum(len(game["winners"]["line"]["serials"]) > 1 for game in runs.json_on)
    assert shared > 0


@TWO_LINES
def test_no_ticket_reached_a_stage_before_its_winners(runs: Runs, two_lines: bool) -> None:
    """The rules' criterion from the other side: nobody completed the stage earlier."""
    for game in runs.games(two_lines):
        indices = [stage_indices(game["calls"], t["grid"]) for t in game["tickets"]]
        for stage, rank in (("line", 0), ("two_lines", 1), ("full_house", 2)):
            if stage in game["winners"]:
                call = game["winners"][stage]["call"]
                assert all(done[rank] >= call for done in indices)


# -- the text summary ------------------------------------------------------------------------
def _summary_rows(text: str) -> dict[str, tuple[float, float]]:
    lines = text.splitlines()
    assert lines[0].startswith(f"{GAMES} hands with {TICKETS} tickets"), lines[0]
    assert lines[1].split() == ["stage", "mean", "median"], lines[1]
    rows = {}
    for line in lines[2:]:
        *name, mean, median = line.split()
        rows[" ".join(name)] = (float(mean), float(median))
    return rows


@TWO_LINES
def test_text_summary_prints_mean_and_median_for_each_stage(runs: Runs, two_lines: bool) -> None:
    rows = _summary_rows(runs.text(two_lines))
    stages = {"line": 0, "two lines": 1, "full house": 2}
    if not two_lines:
        del stages["two lines"]
    assert list(rows) == list(stages)
    games = runs.games(two_lines)  # the same seed: the very same hands
    for name, rank in stages.items():
        needed = [
            min(stage_indices(g["calls"], t["grid"])[rank] for t in g["tickets"]) + 1 for g in games
        ]
        mean, median = rows[name]
        assert mean == pytest.approx(statistics.fmean(needed), abs=0.05 + 1e-9), name
        assert median == pytest.approx(statistics.median(needed), abs=0.05 + 1e-9), name
    means = [rows[name][0] for name in stages]
    assert means == sorted(means)
    assert 15 <= means[-1] <= 90

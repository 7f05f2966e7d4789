"""`debarna hearts selfplay`: one JSON object per hand that the engine replays exactly."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from engines.cards.cards import Card, deck
from engines.hearts.options import HeartsOptions
from engines.hearts.rules import Deal, GameState, Pass
from kiosk.cli import main


def selfplay(*args: str) -> list[dict]:
    out = io.StringIO()
    assert main(["hearts", "selfplay", *args], out=out) == 0
    return [json.loads(line) for line in out.getvalue().splitlines()]


def replay(records: list[dict], options: HeartsOptions) -> None:
    """Play the printed hands through the engine, game by game: deal, passes, then the tricks
    in order; each hand must score what was printed."""
    states: dict[int, GameState] = {}
    for record in records:
        state = states.setdefault(record["game"], GameState(options))
        assert state.hand_number == record["hand"]
        state.apply(Deal.of(record["deal"]))
        for move in sorted(record["passes"], key=lambda p: p["from"]):
            assert options.receiver(move["from"], state.direction) == move["to"]
            state.apply(Pass.of(move["cards"]), seat=move["from"])
        for trick in record["tricks"]:
            assert state.turn == trick["leader"]
            for offset, card in enumerate(trick["cards"]):
                state.apply(Card.parse(card), seat=(trick["leader"] + offset) % options.players)
        assert list(state.results[-1].points) == record["points"]
        assert list(state.results[-1].scores) == record["scores"]


def test_each_hand_prints_the_deal_passes_tricks_and_points_the_engine_agrees_with() -> None:
    records = selfplay("--hands", "14", "--seed", "4", "--format", "json")
    assert len(records) == 14 and records[-1]["game"] == 1  # a second game started
    options = HeartsOptions()
    full = sorted(str(c) for c in deck())
    for record in records:
        assert set(record) >= {"deal", "passes", "tricks", "points"}
        assert len(record["deal"]) == 4 and all(len(hand) == 13 for hand in record["deal"])
        assert sorted(c for hand in record["deal"] for c in hand) == full
        assert len(record["tricks"]) == 13
        assert sorted(c for t in record["tricks"] for c in t["cards"]) == full
        if record["direction"] == "none":
            assert record["passes"] == []
        else:
            assert len(record["passes"]) == 4
            for move in record["passes"]:
                assert set(move["cards"]) <= set(record["deal"][move["from"]])
        assert sum(record["points"]) in (26, 78)
    replay(records, options)


def test_the_pass_cycle_runs_right_left_across_none() -> None:
    records = selfplay("--hands", "5", "--seed", "2", "--format", "json")
    assert [r["direction"] for r in records][:4] == ["right", "left", "across", "none"]
    right = records[0]["passes"]
    assert {(p["from"], p["to"]) for p in right} == {(0, 3), (1, 0), (2, 1), (3, 2)}


def test_the_same_seed_prints_the_same_hands() -> None:
    args = ("--hands", "3", "--seed", "9", "--bots", "easy,medium,hard,medium",
            "--format", "json")
    assert selfplay(*args) == selfplay(*args)


def test_variants_reach_the_engine_three_players_and_fifty() -> None:
    records = selfplay("--hands", "6", "--seed", "1", "--players", "3", "--target", "50",
                       "--bots", "medium,easy,medium", "--format", "json")
    options = HeartsOptions(players=3, target=50)
    for record in records:
        assert len(record["deal"]) == 3 and all(len(h) == 17 for h in record["deal"])
        assert "2D" not in {c for hand in record["deal"] for c in hand}
        assert record["direction"] != "across"
    replay(records, options)


def test_text_output_has_a_line_per_hand() -> None:
    out = io.StringIO()
    assert main(["hearts", "selfplay", "--hands", "4", "--seed", "3"], out=out) == 0
    lines = out.getvalue().splitlines()
    assert len(lines) == 4 and all("points" in line for line in lines)


@pytest.mark.parametrize("args, named", [
    (["--hands", "0"], "--hands"),
    (["--hands", "2", "--bots", "easy,medium"], "--bots"),
    (["--hands", "2", "--bots", "easy,medium,genius,hard"], "--bots"),
    (["--hands", "x"], "--hands"),
    (["--hands", "2", "--players", "6"], "--players"),
])
def test_bad_options_give_usage_and_exit_2(args: list[str], named: str) -> None:
    run = subprocess.run([sys.executable, "-m", "kiosk.cli", "hearts", "selfplay", *args],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 2
    assert named in run.stderr and "Traceback" not in run.stderr
    assert run.stdout == ""

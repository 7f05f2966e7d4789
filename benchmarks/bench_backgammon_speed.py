"""Random self-play speed of Takhteh Nard against OpenSpiel's backgammon, side by side.

Run with ``.venv/bin/python benchmarks/bench_backgammon_speed.py [--seconds S] [--rounds R]``.

Both engines play whole games with uniformly random legal actions (chance outcomes
drawn by their probabilities), for S seconds a round (default 5), alternating
R rounds (default 3) in this one run; each is timed the same way, around the game
loop only (imports and start-up outside it), by the wall clock and by the CPU time
of its own process: on a machine shared with other work the wall clock also counts
the time a process waits for a core, which falls on the two sides unevenly, and the
CPU time does not. Ours runs through
`GameState` (single games, no cube: OpenSpiel's backgammon has none). OpenSpiel
runs in a subprocess under its own virtual environment, made on first use in
``~/.cache/debarna-bench/openspiel`` (or ``$DEBARNA_BENCH_CACHE/openspiel``) with
``pip install open_spiel``: it is not a dependency of the kiosk. If it cannot be
installed the benchmark says so and prints our figure alone.

Prints each round's games/s for both, the totals, and ours / OpenSpiel's, by the wall
clock and by CPU time.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engines.backgammon.options import GameOptions  # noqa: E402
from engines.backgammon.rules import GameState  # noqa: E402

OPTIONS = GameOptions.classic(cube=False)

# The same loop as `ours`, for OpenSpiel, run by the benchmark's own environment.
OPENSPIEL_LOOP = """
import json, random, sys, time
import pyspiel
seconds, seed = float(sys.argv[1]), int(sys.argv[2])
game = pyspiel.load_game("backgammon")
rng = random.Random(seed)
games = 0
start, cpu = time.perf_counter(), time.process_time()
while time.perf_counter() - start < seconds:
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, weights = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, weights)[0])
        else:
            actions = state.legal_actions()
            state.apply_action(actions[rng.randrange(len(actions))])
    games += 1
elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
print(json.dumps({"games": games, "seconds": elapsed, "cpu": cpu,
                  "version": pyspiel.__version__ if hasattr(pyspiel, "__version__") else "?"}))
"""


def ours(seconds: float, seed: int) -> tuple[int, float, float]:
    """Random games through GameState for `seconds`: (games, elapsed, CPU seconds)."""
    rng = random.Random(seed)
    games = 0
    start, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - start < seconds:
        state = GameState(OPTIONS)
        while not state.is_over:
            if state.is_chance:
                state.apply(state.sample_chance(rng))
            else:
                actions = state.legal_actions()
                state.apply(actions[rng.randrange(len(actions))])
        games += 1
    return games, time.perf_counter() - start, time.process_time() - cpu


def cache_dir() -> Path:
    base = os.environ.get("DEBARNA_BENCH_CACHE")
    return (Path(base) if base else Path.home() / ".cache" / "debarna-bench") / "openspiel"


def openspiel_python() -> tuple[Path | None, str]:
    """The benchmark environment's python with open_spiel importable, made if missing;
    (None, why) when it cannot be had."""
    venv = cache_dir()
    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    check = [str(python), "-c", "import pyspiel"]
    if python.exists() and subprocess.run(check, capture_output=True).returncode == 0:
        return python, f"open_spiel from {venv}"
    print(f"setting up OpenSpiel in {venv} (pip install open_spiel) ...", flush=True)
    steps = [[sys.executable, "-m", "venv", str(venv)]] if not python.exists() else []
    steps.append([str(python), "-m", "pip", "install", "--quiet", "open_spiel"])
    for step in steps:
        done = subprocess.run(step, capture_output=True, text=True)
        if done.returncode != 0:
            tail = (done.stderr or done.stdout).strip().splitlines()[-1:] or ["no output"]
            return None, f"could not install open_spiel ({' '.join(step[:3])}...: {tail[0]})"
    if subprocess.run(check, capture_output=True).returncode != 0:
        return None, "open_spiel installed but pyspiel does not import"
    return python, f"open_spiel from {venv} (installed now)"


def openspiel(python: Path, seconds: float, seed: int) -> tuple[int, float, float]:
    done = subprocess.run(
        [str(python), "-c", OPENSPIEL_LOOP, str(seconds), str(seed)],
        capture_output=True,
        text=True,
        check=True,
    )
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    return figures["games"], figures["seconds"], figures["cpu"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="seconds a round (default 5)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of each (default 3)")
    args = parser.parse_args()
    python, how = openspiel_python()
    print(f"Python {sys.version.split()[0]}; ours: GameState, single games, no cube; {how}")
    totals = {"ours": [0, 0.0, 0.0], "openspiel": [0, 0.0, 0.0]}
    for round_ in range(1, args.rounds + 1):
        figures = ours(args.seconds, round_)
        line = f"round {round_}: ours {rates(figures, totals['ours'])}"
        if python is not None:
            figures = openspiel(python, args.seconds, round_)
            line += f", OpenSpiel {rates(figures, totals['openspiel'])}"
        print(line, flush=True)
    games, elapsed, cpu = totals["ours"]
    print(f"ours: {games / elapsed:,.1f} games/s, {games / cpu:,.1f} per CPU second "
          f"({games} games in {elapsed:.1f} s, {cpu:.1f} s CPU)")
    if python is None:
        print(f"OpenSpiel: not measured: {how}")
        return
    theirs, their_elapsed, their_cpu = totals["openspiel"]
    print(f"OpenSpiel: {theirs / their_elapsed:,.1f} games/s, {theirs / their_cpu:,.1f} per CPU "
          f"second ({theirs} games in {their_elapsed:.1f} s, {their_cpu:.1f} s CPU)")
    wall = (games / elapsed) / (theirs / their_elapsed)
    by_cpu = (games / cpu) / (theirs / their_cpu)
    print(f"ratio ours / OpenSpiel: {wall:.2f}x by the wall clock, {by_cpu:.2f}x by CPU time "
          "(target >= 0.5x)")


def rates(figures: tuple[int, float, float], total: list) -> str:
    """One round's games/s (wall clock and CPU), added to `total`."""
    games, elapsed, cpu = figures
    total[0] += games
    total[1] += elapsed
    total[2] += cpu
    return f"{games / elapsed:,.1f} games/s ({games / cpu:,.1f} per CPU s)"

if __name__ == "__main__":
    main()

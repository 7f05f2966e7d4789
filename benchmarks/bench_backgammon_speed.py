"""Random self-play speed of Takhteh Nard against OpenSpiel's backgammon, side by side.

Run with ``.venv/bin/python benchmarks/bench_backgammon_speed.py [--seconds S] [--rounds R]``.

Both engines play whole games with uniformly random legal actions (chance outcomes
drawn by their probabilities), for S seconds a round (default 5), alternating
R rounds (default 3) in this one run; each is timed the same way (wall clock
around the game loop only, imports and start-up outside it). Ours runs through
`GameState` (single games, no cube: OpenSpiel's backgammon has none). OpenSpiel
runs in a subprocess under its own virtual environment, made on first use in
``~/.cache/debarna-bench/openspiel`` (or ``$DEBARNA_BENCH_CACHE/openspiel``) with
``pip install open_spiel``: it is not a dependency of the kiosk. If it cannot be
installed the benchmark says so and prints our figure alone.

Prints each round's games/s for both, the totals, and ours / OpenSpiel's.
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
start = time.perf_counter()
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
elapsed = time.perf_counter() - start
print(json.dumps({"games": games, "seconds": elapsed, "version": pyspiel.__version__
                  if hasattr(pyspiel, "__version__") else "?"}))
"""


def ours(seconds: float, seed: int) -> tuple[int, float]:
    """Random games through GameState for `seconds`: (games, elapsed)."""
    rng = random.Random(seed)
    games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = GameState(OPTIONS)
        while not state.is_over:
            if state.is_chance:
                state.apply(state.sample_chance(rng))
            else:
                actions = state.legal_actions()
                state.apply(actions[rng.randrange(len(actions))])
        games += 1
    return games, time.perf_counter() - start


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


def openspiel(python: Path, seconds: float, seed: int) -> tuple[int, float]:
    done = subprocess.run(
        [str(python), "-c", OPENSPIEL_LOOP, str(seconds), str(seed)],
        capture_output=True,
        text=True,
        check=True,
    )
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    return figures["games"], figures["seconds"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="seconds a round (default 5)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of each (default 3)")
    args = parser.parse_args()
    python, how = openspiel_python()
    print(f"Python {sys.version.split()[0]}; ours: GameState, single games, no cube; {how}")
    totals = {"ours": [0, 0.0], "openspiel": [0, 0.0]}
    for round_ in range(1, args.rounds + 1):
        games, elapsed = ours(args.seconds, round_)
        totals["ours"][0] += games
        totals["ours"][1] += elapsed
        line = f"round {round_}: ours {games / elapsed:,.1f} games/s"
        if python is not None:
            games, elapsed = openspiel(python, args.seconds, round_)
            totals["openspiel"][0] += games
            totals["openspiel"][1] += elapsed
            line += f", OpenSpiel {games / elapsed:,.1f} games/s"
        print(line, flush=True)
    mine = totals["ours"][0] / totals["ours"][1]
    print(f"ours: {mine:,.1f} games/s ({totals['ours'][0]} games in {totals['ours'][1]:.1f} s)")
    if python is None:
        print(f"OpenSpiel: not measured: {how}")
        return
    theirs = totals["openspiel"][0] / totals["openspiel"][1]
    print(
        f"OpenSpiel: {theirs:,.1f} games/s "
        f"({totals['openspiel'][0]} games in {totals['openspiel'][1]:.1f} s)"
    )
    print(f"ratio ours / OpenSpiel: {mine / theirs:.2f}x (target >= 0.5x)")


if __name__ == "__main__":
    main()

"""Strength of a Takhteh Nard bot against GNU Backgammon at 0-ply (issue 13, part 4).

Run with ``.venv/bin/python benchmarks/bench_backgammon_gnubg.py [--games 1000] [--jobs 2]
[--level hard] [--candidates N] [--seed S]`` (``make bench-backgammon-gnubg``). Needs
Debian's gnubg. ``--candidates 1`` measures the hard bot without its second ply.

Single games, classic scoring (single 1, gammon 2, backgammon 3), no cube. The
games run inside GNU Backgammon's embedded Python (``gnubg -t -q -r -p``), one
process per job: our engine (`GameState`) keeps the game and applies both
sides' plays; gnubg's side plays ``gnubg.findbestmove`` with a 0-ply cubeless
evaluation context, read back with `Play.parse` against the board and dice and
checked to be one of the legal plays; our side is the bot of ``--level``.
Games come in pairs with the same dice (one random source per pair) and the
seats swapped, so each side starts half the games and gets the other's rolls.

Prints the bot's win rate with a 95 % Wilson interval, its points per game
(± 1.96 standard errors), the number of games, and its decision time per
checker play with a choice (median and 99th percentile; timed while ``--jobs``
games run side by side, so use ``--jobs 1`` for clean times).
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
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
GNUBG = "/usr/games/gnubg"

from benchmarks.stats import mean_interval, p99, wilson  # noqa: E402

# Runs inside gnubg: our packages on its path, then `play_games` with the job's spec.
BOOT = """import json, os, sys
spec = json.loads(os.environ["DEBARNA_BENCH_SPEC"])
sys.path[:0] = spec["path"]
sys.path.insert(0, spec["bench"])
from bench_backgammon_gnubg import play_games
play_games(spec)
"""

SETUP = (
    "set threads 1",
    "set jacoby off",
    "set cube use off",
    "set player 0 human",
    "set player 1 human",
    "new session",
)


def play_games(spec: dict) -> None:
    """Inside gnubg: play the games of `spec["games"]`, one JSON line each to `spec["out"]`."""
    import random

    import gnubg

    from engines.backgammon.bots import HardBot, make_bot
    from engines.backgammon.ids import position_id
    from engines.backgammon.options import GameOptions
    from engines.backgammon.rules import GameState, Phase, Play

    for command in SETUP:
        gnubg.command(command)
    cube = gnubg.cubeinfo(1, -1, 0, 0, (0, 0), 0, 0)  # money, centred cube (cubeless anyway)
    context = gnubg.evalcontext(0, 0, 1, 0, 0.0)  # cubeless, 0-ply, deterministic, no noise
    options = GameOptions.classic(cube=False)
    with open(spec["out"], "a", encoding="utf-8") as out:
        for index in spec["games"]:
            dice_rng = random.Random(spec["seed"] * 1_000_003 + index // 2)
            bot_rng = random.Random(spec["seed"] * 7919 + index)
            ours = index % 2
            bot = make_bot(spec["level"])
            if spec["candidates"] is not None and isinstance(bot, HardBot):
                bot.max_candidates = spec["candidates"]
            state = GameState(options)
            timings: list[float] = []
            while not state.is_over:
                if state.is_chance:
                    state.apply(state.sample_chance(dice_rng))
                    continue
                player = state.current_player
                assert player is not None
                view = state.view(player)
                if view.phase is not Phase.MOVE:
                    raise RuntimeError(f"unexpected decision {view.phase} without the cube")
                if len(view.legal_actions) == 1:
                    action = view.legal_actions[0]
                elif player == ours:
                    start = time.perf_counter()
                    action = bot.choose(view, bot_rng)
                    timings.append(time.perf_counter() - start)
                else:
                    board, dice = view.board, view.dice
                    assert dice is not None
                    gnubg.command(
                        f"set board {position_id(board.points[player], board.points[1 - player])}"
                    )
                    gnubg.command(f"set dice {dice.high} {dice.low}")
                    position = gnubg.board()
                    move = gnubg.findbestmove(position, cube, context)
                    text = gnubg.movetupletostring(move, position)
                    action = Play.parse(text, board, player, dice)
                    if action not in view.legal_actions:
                        raise RuntimeError(f"gnubg's play {text} is not legal here")
                state.apply(action)
            points = state.returns()[ours]
            out.write(json.dumps({"game": index, "points": points, "times": timings}) + "\n")
            out.flush()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games (default 1000, even)")
    parser.add_argument("--jobs", type=int, default=2, help="gnubg processes (default 2)")
    parser.add_argument("--level", default="hard", help="our bot's level (default hard)")
    parser.add_argument("--seed", type=int, default=1, help="dice seed (default 1)")
    parser.add_argument("--candidates", type=int,
                        help="hard: plays searched at the second ply (1: one ply only)")
    parser.add_argument("--gnubg", default=GNUBG, help=f"the gnubg binary (default {GNUBG})")
    args = parser.parse_args()
    if args.games < 2 or args.games % 2:
        parser.error("--games must be an even number, at least 2")
    site = [p for p in sys.path if p.endswith("site-packages")]
    folder = Path(tempfile.mkdtemp(prefix="bench-gnubg-"))
    boot = folder / "boot.py"
    boot.write_text(BOOT, encoding="utf-8")
    begin = time.perf_counter()
    procs = []
    for job in range(args.jobs):
        games = [i for i in range(args.games) if (i // 2) % args.jobs == job]  # pairs together
        spec = {
            "games": games,
            "level": args.level,
            "candidates": args.candidates,
            "seed": args.seed,
            "out": str(folder / f"job{job}.jsonl"),
            "path": [str(ROOT), *site],
            "bench": str(ROOT / "benchmarks"),
        }
        env = {**os.environ, "DEBARNA_BENCH_SPEC": json.dumps(spec), "HOME": str(folder)}
        env.pop("DISPLAY", None)
        procs.append(
            subprocess.Popen(
                [args.gnubg, "-t", "-q", "-r", "-p", str(boot)],
                env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            )
        )
    statuses = [proc.wait() for proc in procs]
    rows = []
    for job in range(args.jobs):
        path = folder / f"job{job}.jsonl"
        if path.exists():
            rows += [json.loads(line) for line in path.read_text().splitlines() if line]
    elapsed = time.perf_counter() - begin
    if len(rows) != args.games:
        raise SystemExit(f"only {len(rows)} of {args.games} games finished (statuses {statuses})")
    points = [row["points"] for row in rows]
    wins = sum(1 for p in points if p > 0)
    low, high = wilson(wins, len(points))
    ppg, low_ppg, _ = mean_interval(points)
    spread = ppg - low_ppg
    times = sorted(t for row in rows for t in row["times"])
    print("single games, classic scoring 1/2/3, no cube; gnubg: findbestmove, 0-ply cubeless")
    print(
        f"{args.level} vs gnubg 0-ply: {len(points)} games, {args.level} wins {wins} = "
        f"{wins / len(points):.1%} (95 % Wilson interval {low:.1%}-{high:.1%}), "
        f"{ppg:+.3f} ± {spread:.3f} points/game"
    )
    print(
        f"{args.level} decision time ({len(times)} checker plays with a choice, {args.jobs} "
        f"games side by side): median {statistics.median(times) * 1000:.1f} ms, "
        f"99th percentile {p99(times) * 1000:.1f} ms, max {times[-1] * 1000:.1f} ms"
    )
    print(f"total: {elapsed:.0f} s ({elapsed / len(points):.2f} s/game per job)")


if __name__ == "__main__":
    main()

"""Strength and speed figures for Bidel (Hearts): each bot against three medium bots.

Run with ``.venv/bin/python benchmarks/bench_hearts.py [--hands N] [--seed S] [--jobs J]``.

Prints:
- for each level (easy, medium, hard), the points it scores per hand (lower is
  better; the fair share is 6.5 with four players, a little more with the
  moons) over N hands (default 2000) against three medium bots, and the same
  less the mean of the other three seats' points (0 for an even player; this
  one counts a moon the bot shoots as the gain it is), each with the 95 %
  confidence half-width. Hands come in
  blocks of four played as one game (pass right, left, across, none; a game
  that ends early starts again); the tested bot's seat turns round the table
  from hand to hand, and every level plays the same deals;
- the hard bot's decision time per card with a choice and per pass (median,
  99th percentile, maximum), timed in those games, with its fixed budget (no
  clock; the kiosk gives it a clock and a time limit instead);
- random full games per second: random passes and random legal cards through
  the engine's `GameState`, to the end of a game to 100.
Targets: hard at most 5.5 points per hand, its decisions at most 0.3 s (median
and 99th percentile) on this machine.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engines.hearts.bots import LEVELS, Bot, HardBot, make_bot  # noqa: E402
from engines.hearts.options import HeartsOptions  # noqa: E402
from engines.hearts.rules import GameState, Phase, random_action  # noqa: E402

OPTIONS = HeartsOptions()
BLOCK = 4  # hands per block: one of each pass direction


def random_game(rng: random.Random) -> GameState:
    state = GameState(OPTIONS)
    while not state.is_over:
        state.apply(random_action(state, rng))
    return state


def bench_random_games(seconds: float) -> None:
    rng = random.Random(1)
    games = hands = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        hands += len(random_game(rng).results)
        games += 1
    elapsed = time.perf_counter() - start
    print(f"random full games: {games / elapsed:,.1f} games/s ({hands / elapsed:,.0f} hands/s; "
          f"{games} games in {elapsed:.1f} s)")


Outcome = tuple[list[tuple[int, float]], list[float], list[float]]


def play_block(level: str, seed: int, block: int) -> Outcome:
    """Hands BLOCK*block … +BLOCK-1: the points of the tested seat, and the hard bot's times
    for its cards with a choice and for its passes."""
    deals = random.Random(f"deals {seed} {block}")
    choices = random.Random(f"bots {seed} {block} {level}")
    points: list[tuple[int, float]] = []
    timings: list[float] = []
    pass_timings: list[float] = []
    state = GameState(OPTIONS)
    for offset in range(BLOCK):
        if state.is_over:
            state = GameState(OPTIONS)
        seat = (block + offset) % OPTIONS.players
        bots: list[Bot] = [make_bot("medium") for _ in range(OPTIONS.players)]
        bots[seat] = make_bot(level)
        state.apply(state.sample_chance(deals))
        number = len(state.results)
        while len(state.results) == number:
            player = state.current_player
            assert player is not None and player >= 0
            view = state.view(player)
            timed = player == seat and level == "hard"
            if timed and (len(view.legal) > 1 or view.phase is Phase.PASS):
                start = time.perf_counter()
                action = bots[player].choose(view, choices)
                elapsed = time.perf_counter() - start
                (pass_timings if view.phase is Phase.PASS else timings).append(elapsed)
            else:
                action = bots[player].choose(view, choices)
            state.apply(action)
        scored = state.results[-1].points
        others = (sum(scored) - scored[seat]) / (len(scored) - 1)
        points.append((scored[seat], scored[seat] - others))
    return points, timings, pass_timings


def _block_task(args: tuple[str, int, int]) -> Outcome:
    return play_block(*args)


def bench_level(level: str, hands: int, seed: int, jobs: int) -> Outcome:
    blocks = math.ceil(hands / BLOCK)
    tasks = [(level, seed, block) for block in range(blocks)]
    start = time.perf_counter()
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            outcomes = list(pool.map(_block_task, tasks, chunksize=2))
    else:
        outcomes = [_block_task(task) for task in tasks]
    elapsed = time.perf_counter() - start
    points = [p for ps, _t, _s in outcomes for p in ps][:hands]
    timings = [t for _p, ts, _s in outcomes for t in ts]
    pass_timings = [t for _p, _t, ts in outcomes for t in ts]
    columns = []
    for values, sign in (([own for own, _r in points], ""), ([rel for _o, rel in points], "+")):
        mean = statistics.fmean(values)
        spread = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
        columns.append(f"{mean:{sign}.2f} ± {spread:.2f}")
    print(f"{level:<7} {len(points):>6} {columns[0]:>14} {columns[1]:>16} {elapsed:>8.0f} s",
          flush=True)
    return points, timings, pass_timings


def report_times(what: str, timings: list[float]) -> None:
    if not timings:
        return
    ordered = sorted(timings)
    p99 = ordered[min(len(ordered) - 1, math.ceil(0.99 * len(ordered)) - 1)]
    print(
        f"hard decision time, {what} ({len(ordered)}): "
        f"median {statistics.median(ordered) * 1000:.1f} ms, "
        f"99th percentile {p99 * 1000:.1f} ms, max {ordered[-1] * 1000:.1f} ms "
        f"(target <= 300 ms)"
    )


def report_budget(jobs: int) -> None:
    budget = HardBot()
    note = f"; timed with {jobs} processes playing at once" if jobs > 1 else ""
    print(f"  (hard's fixed budget, no clock: {budget.worlds} worlds a card, "
          f"{budget.pass_candidates} passes × {budget.pass_worlds} deals for the pass{note})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000, help="hands per level (default 2000)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals (default 1)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                        help="processes for the bot games (default: the number of cores)")
    parser.add_argument("--seconds", type=float, default=5.0,
                        help="time for the random-games figure (default 5)")
    parser.add_argument("--levels", default=",".join(LEVELS),
                        help="levels to test against three medium bots (default: all)")
    args = parser.parse_args()
    if args.hands < 2:
        parser.error("--hands must be at least 2")
    levels = [level.strip() for level in args.levels.split(",") if level.strip()]
    for level in levels:
        if level not in LEVELS:
            parser.error(f"unknown level {level!r}; choose from {', '.join(LEVELS)}")
    print(f"Python {sys.version.split()[0]}; {args.hands} hands per level, seed {args.seed}, "
          f"{args.jobs} processes; four players, default options")
    total = time.perf_counter()
    print("each level in one seat against three medium bots; points per hand with 95% intervals")
    print("level    hands  its points/hand  minus the others'      time")
    timings: list[float] = []
    pass_timings: list[float] = []
    for level in levels:
        _points, times, pass_times = bench_level(level, args.hands, args.seed, args.jobs)
        timings.extend(times)
        pass_timings.extend(pass_times)
    if timings:
        report_times("cards with a choice", timings)
        report_times("passes", pass_timings)
        report_budget(args.jobs)
    bench_random_games(args.seconds)
    print(f"total: {time.perf_counter() - total:.0f} s")


if __name__ == "__main__":
    main()

"""Speed and strength figures for Takhteh Nard: the rules' speed and the bots' strength and time.

Run with ``.venv/bin/python benchmarks/bench_backgammon.py [--games N] [--jobs J]``.

Prints:
- random self-play: whole games per second (random legal actions, no cube);
- legal-play generation: calls per second on 200 fixed positions (seeded random
  games), with the average number of distinct plays;
- hard vs medium and hard vs easy over N games each (default 1000): win rate
  with a 95 % interval and points per game. Single games, classic scoring
  (single 1, gammon 2, backgammon 3) without the cube. Games come in pairs with
  the same dice seed and the seats swapped, so each bot starts half the games;
- the hard bot's decision time per checker play with a choice (median, 99th
  percentile, maximum), timed in the hard-vs-medium games (with ``--jobs 1``).
Target: the hard bot decides in at most 0.3 s here (a Raspberry Pi is about 5×
slower).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engines.backgammon.bots import Bot, make_bot  # noqa: E402
from engines.backgammon.options import GameOptions  # noqa: E402
from engines.backgammon.rules import (  # noqa: E402
    Board,
    Dice,
    GameState,
    legal_plays,
)

OPTIONS = GameOptions.classic(cube=False)


def random_game(rng: random.Random) -> GameState:
    state = GameState(OPTIONS)
    while not state.is_over:
        if state.is_chance:
            state.apply(state.sample_chance(rng))
        else:
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
    return state


def bench_random_games(seconds: float) -> None:
    rng = random.Random(1)
    games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        random_game(rng)
        games += 1
    elapsed = time.perf_counter() - start
    print(f"random self-play: {games / elapsed:,.1f} games/s ({games} games in {elapsed:.1f} s)")


def fixed_positions(count: int) -> list[tuple[Board, int, Dice]]:
    """`count` positions with a roll to play, from seeded random games (one in five moves)."""
    rng = random.Random(2026)
    found: list[tuple[Board, int, Dice]] = []
    while len(found) < count:
        state = GameState(OPTIONS)
        moves = 0
        while not state.is_over and len(found) < count:
            if state.is_chance:
                state.apply(state.sample_chance(rng))
                continue
            assert state.turn is not None and state.dice is not None
            if moves % 5 == 0:
                found.append((state.board, state.turn, state.dice))
            moves += 1
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
    return found


def bench_legal_plays(seconds: float) -> None:
    positions = fixed_positions(200)
    double_six = Dice(6, 6)
    doubled = [(board, player, double_six) for board, player, _dice in positions[:40]]
    calls = plays = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for board, player, dice in positions:
            plays += len(legal_plays(board, player, dice))
        calls += len(positions)
    elapsed = time.perf_counter() - start
    print(
        f"legal-play generation: {calls / elapsed:,.0f} positions/s on 200 fixed positions "
        f"({plays / calls:.1f} distinct plays on average)"
    )
    start = time.perf_counter()
    double_plays = sum(len(legal_plays(b, p, d)) for b, p, d in doubled)
    elapsed = time.perf_counter() - start
    print(
        f"  of which 6-6 on 40 of them: {len(doubled) / elapsed:,.0f} positions/s "
        f"({double_plays / len(doubled):.1f} plays on average)"
    )


def play_pair_game(hard_level: str, other_level: str, index: int) -> tuple[int, list[float]]:
    """Game `index`: seed index // 2, hard in seat index % 2. Returns (hard's points, timings)."""
    rng = random.Random(10_000 + index // 2)
    seat = index % 2
    bots: list[Bot] = [make_bot(other_level), make_bot(other_level)]
    bots[seat] = make_bot(hard_level)
    state = GameState(OPTIONS)
    timings: list[float] = []
    while not state.is_over:
        if state.is_chance:
            state.apply(state.sample_chance(rng))
            continue
        player = state.current_player
        assert player is not None
        view = state.view(player)
        if player == seat and len(view.legal_actions) > 1:
            start = time.perf_counter()
            action = bots[player].choose(view, rng)
            timings.append(time.perf_counter() - start)
        else:
            action = bots[player].choose(view, rng)
        state.apply(action)
    return state.returns()[seat], timings


def _pair_task(args: tuple[str, str, int]) -> tuple[int, list[float]]:
    return play_pair_game(*args)


def bench_match(other: str, games: int, jobs: int) -> list[float]:
    tasks = [("hard", other, index) for index in range(games)]
    start = time.perf_counter()
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            outcomes = list(pool.map(_pair_task, tasks, chunksize=4))
    else:
        outcomes = [_pair_task(task) for task in tasks]
    elapsed = time.perf_counter() - start
    points = [p for p, _t in outcomes]
    timings = [t for _p, ts in outcomes for t in ts]
    wins = sum(1 for p in points if p > 0)
    rate = wins / games
    interval = 1.96 * math.sqrt(rate * (1 - rate) / games)
    ppg = statistics.fmean(points)
    spread = 1.96 * statistics.stdev(points) / math.sqrt(games) if games > 1 else 0.0
    print(
        f"hard vs {other}: {games} games, hard wins {rate:.1%} ± {interval:.1%}, "
        f"{ppg:+.3f} ± {spread:.3f} points/game "
        f"({elapsed:.0f} s, {elapsed / games:.2f} s/game)"
    )
    return timings


def report_times(timings: list[float]) -> None:
    if not timings:
        return
    ordered = sorted(timings)
    p99 = ordered[min(len(ordered) - 1, math.ceil(0.99 * len(ordered)) - 1)]
    print(
        f"hard decision time ({len(ordered)} checker plays with a choice): "
        f"median {statistics.median(ordered) * 1000:.1f} ms, "
        f"99th percentile {p99 * 1000:.1f} ms, max {ordered[-1] * 1000:.1f} ms (target <= 300 ms)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per pairing (default 1000)")
    parser.add_argument("--jobs", type=int, default=1, help="processes for the bot games")
    parser.add_argument("--seconds", type=float, default=3.0, help="time per speed figure")
    args = parser.parse_args()
    if args.games < 2:
        parser.error("--games must be at least 2")
    print(f"Python {sys.version.split()[0]}; scoring: single games, classic 1/2/3, no cube")
    total = time.perf_counter()
    bench_random_games(args.seconds)
    bench_legal_plays(args.seconds)
    timings = bench_match("medium", args.games, args.jobs)
    bench_match("easy", args.games, args.jobs)
    report_times(timings)
    if args.jobs > 1:
        print("  (timed while other processes played: use --jobs 1 for clean decision times)")
    print(f"total: {time.perf_counter() - total:.0f} s")


if __name__ == "__main__":
    main()

"""Strength and speed figures for the Dobbm bots (issue 15, "Strength and speed").

Run with ``.venv/bin/python benchmarks/bench_dobbm.py [--hands N] [--seed S] [--jobs J]``.

Four players under the §16 defaults at a 60-shilling stake. Each hand is played alone
(a session of that one hand, the first dealer drawn at random), so every hand is an
ordinary hand with no Mußrunde; a hand everybody passed is thrown in and counts as 0.
The bot measured sits at seat ``i mod 4`` in hand i, the three other seats are given to
the opponents' level. Hand i's deal is the same in every match (same seed), so hard and
medium are measured on the same deals and seats, and their difference is a paired one.
Prints, for hard among three medium bots, medium among three medium bots (its expected
value is 0: four equal players share a zero-sum table), hard among three baselines and
medium among three baselines:
- the measured seat's average shillings per hand, with a 95 % interval (normal, from the
  hands' standard deviation), its hands as declarer and the share of them it won;
- for hard and medium on the same deals, the paired difference with its 95 % interval.
Then the hard bot's decision time (every decision with a choice in those hands, at its
fixed budget: median, 99th percentile, maximum), and random hands per second through
the engine's `GameState` (random legal actions, 4 players).
Targets: hard clearly positive among medium bots and above medium; median decision
≤ 0.3 s.

The **baseline** is written from the rules file alone, not from the bots: it bids Dobbm
with four or more hearts including the Sow or the Ten of hearts, Solo with six or more
hearts (after a Dobbm: Solo with six hearts, else gut); forced (Mußrunde), Solo with six
hearts, else Dobbm. It lays away the four lowest cards the Sow rule allows, never
doubles, and in play plays the lowest legal card that wins the trick, else the lowest
legal card. "Lowest" is by trick strength: every heart above every plain card, then
rank (Sow 10 K O U 9 8 7 6), then suit (hearts, leaves, acorns, bells). On a lead every
card "wins", so it leads its lowest card.

Figures of ``nice -n 5 .venv/bin/python benchmarks/bench_dobbm.py --hands 2000 --jobs 2``
(seed 1, on 2 shared, busy cores; hard at 24 worlds a card, 24 a contract, bid margin
−25 shillings):

| measured seat, three opponents | shillings per hand (95 %) | declarer in / won |
|---|---|---|
| hard among three medium | +8.51 (+6.34 to +10.69) | 721 / 502 (69.6 %) |
| medium among three medium | +0.20 (−1.38 to +1.79) | 323 / 242 (74.9 %) |
| hard among three baselines | +17.35 (+14.98 to +19.72) | 872 / 593 (68.0 %) |
| medium among three baselines | +8.26 (+6.59 to +9.93) | 379 / 283 (74.7 %) |

Hard − medium on the same deals and seats: +8.31 shillings per hand (95 % +6.77 to
+9.84) among medium bots, +9.09 (+7.32 to +10.86) among baselines. Hard's decision time
over 22,401 decisions with a choice: median 0.008 s, 99th percentile 0.040 s, max
0.062 s. Random hands: 1,770 per second.

Tuning notes (hard among three medium, same 2,000 deals): the bid margin matters most —
at 0 hard declared 408 hands and made +5.94 (+4.00 to +7.88), at −10 +7.04, at −20
+8.18, at −25 +8.51, at −35 +8.45 (862 hands declared): defending against a medium
declarer loses, so passing is worth less than 0. 48 or 64 worlds instead of 24 gained
nothing measurable (+8.75 at 48, twice the time). A defender's Schwacher from its worlds
alone lost 10.6 shillings a doubled hand (its worlds make the declarer too weak), so it
now doubles only when the medium rule agrees.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.stats import mean_interval, p99  # noqa: E402
from engines.cards.german import SOW, GermanCard, GermanSuit  # noqa: E402
from engines.dobbm.bots import Bot, HardBot, make_bot  # noqa: E402
from engines.dobbm.options import DobbmOptions  # noqa: E402
from engines.dobbm.rules import (  # noqa: E402
    Action,
    Call,
    Discard,
    GameState,
    Phase,
    View,
    random_action,
)
from engines.protocol import RandomLike  # noqa: E402

OPTIONS = DobbmOptions(players=4, stake=60, session_hands=0)
ORDER = (SOW, 10, 13, 12, 11, 9, 8, 7, 6)  # high to low
MATCHES = (("hard", "medium"), ("medium", "medium"), ("hard", "baseline"),
           ("medium", "baseline"))


def strength(card: GermanCard) -> tuple[int, int, int]:
    """Trick strength for the baseline: hearts above plain cards, then rank, then suit."""
    return (card.suit is GermanSuit.HEARTS, 8 - ORDER.index(card.rank), -card.suit.value)


def beats(card: GermanCard, best: GermanCard) -> bool:
    if card.suit is best.suit:
        return ORDER.index(card.rank) < ORDER.index(best.rank)
    return card.suit is GermanSuit.HEARTS


@dataclass
class BaselineBot:
    """The rules-file baseline (see the module docstring)."""

    level: str = "baseline"

    def choose(self, view: View, rng: RandomLike) -> Action:
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        if view.phase is Phase.BID:
            hearts = [c for c in view.hand if c.suit is GermanSuit.HEARTS]
            top = {c.rank for c in hearts} & {SOW, 10}
            if Call.SOLO in legal and len(hearts) >= 6:
                return Call.SOLO
            if Call.DOBBM in legal and (Call.WEITER not in legal or (len(hearts) >= 4 and top)):
                return Call.DOBBM
            return Call.WEITER if Call.WEITER in legal else Call.GUT
        if view.phase is Phase.EXCHANGE:
            discards = [a for a in legal if isinstance(a, Discard)]
            return min(discards, key=lambda d: sorted((strength(c) for c in d.cards),
                                                      reverse=True))
        if view.phase is Phase.DOUBLE:
            return Call.GUT
        cards = [a for a in legal if isinstance(a, GermanCard)]
        if view.trick:
            best = view.trick[0]
            for c in view.trick[1:]:
                if beats(c, best):
                    best = c
            winners = [c for c in cards if beats(c, best)]
            if winners:
                return min(winners, key=strength)
        return min(cards, key=strength)


def bot_of(level: str) -> Bot:
    return BaselineBot() if level == "baseline" else make_bot(level)


@dataclass
class HandOutcome:
    shillings: float  # the measured seat's
    declarer: bool
    won: bool


def play_one(bots: list[Bot], deal_rng: random.Random, bot_rng: random.Random,
             seat: int, times: list[float]) -> HandOutcome:
    state = GameState(OPTIONS)
    state.apply(state.sample_chance(deal_rng))
    while not state.results:
        actor = state.current_player
        assert actor is not None and actor >= 0
        view = state.view(actor)
        bot = bots[actor]
        start = time.perf_counter()
        action = bot.choose(view, bot_rng)
        if actor == seat and bot.level == "hard" and len(view.legal) > 1:
            times.append(time.perf_counter() - start)
        state.apply(action, seat=actor)
    result = state.results[0]
    mine = float(result.payments[seat])
    return HandOutcome(mine, result.declarer == seat, result.declarer == seat and mine > 0)


def run_hands(args: tuple[str, str, int, range]) -> tuple[list[HandOutcome], list[float]]:
    level, others, seed, hands = args
    measured = bot_of(level)
    outcomes: list[HandOutcome] = []
    times: list[float] = []
    for i in hands:
        seat = i % 4
        bots = [measured if s == seat else bot_of(others) for s in range(4)]
        deal_rng = random.Random(seed * 1_000_003 + i)
        bot_rng = random.Random(seed * 7_000_003 + i)
        outcomes.append(play_one(bots, deal_rng, bot_rng, seat, times))
    return outcomes, times


def match(level: str, others: str, hands: int, seed: int,
          jobs: int) -> tuple[list[HandOutcome], list[float]]:
    chunks = max(1, jobs * 8)
    bounds = [range(hands * k // chunks, hands * (k + 1) // chunks) for k in range(chunks)]
    work = [(level, others, seed, r) for r in bounds if len(r)]
    start = time.perf_counter()
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            parts = list(pool.map(run_hands, work))
    else:
        parts = [run_hands(w) for w in work]
    elapsed = time.perf_counter() - start
    outcomes = [o for part, _t in parts for o in part]
    times = [t for _p, part in parts for t in part]
    mean, low, high = mean_interval([o.shillings for o in outcomes])
    declared = sum(o.declarer for o in outcomes)
    won = sum(o.won for o in outcomes)
    share = 100 * won / declared if declared else 0.0
    print(f"{level} with three {others}: {len(outcomes)} hands (seat rotated), {elapsed:.0f} s")
    print(f"  shillings per hand: {mean:+.2f} (95 % {low:+.2f} to {high:+.2f}); declarer in "
          f"{declared} hands, won {won} ({share:.1f} %)")
    sys.stdout.flush()
    return outcomes, times


def paired(first: str, second: str, others: str, a: list[HandOutcome],
           b: list[HandOutcome]) -> None:
    mean, low, high = mean_interval([x.shillings - y.shillings for x, y in zip(a, b, strict=True)])
    print(f"{first} − {second} among three {others}, same deals and seats: {mean:+.2f} "
          f"shillings per hand (95 % {low:+.2f} to {high:+.2f})")


def bench_random_hands(seconds: float) -> None:
    rng = random.Random(1)
    hands = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = GameState(OPTIONS)
        while not state.results:
            state.apply(random_action(state, rng))
        hands += 1
    elapsed = time.perf_counter() - start
    print(f"random hands: {hands / elapsed:.0f} per second (4 players, random legal actions "
          f"through GameState, {hands} hands)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000, help="hands per match")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--only", default="", help="matches, e.g. hard-medium,medium-medium")
    args = parser.parse_args()
    only = set(filter(None, args.only.split(",")))
    times: list[float] = []
    results: dict[tuple[str, str], list[HandOutcome]] = {}
    for level, others in MATCHES:
        if only and f"{level}-{others}" not in only:
            continue
        outcomes, got = match(level, others, args.hands, args.seed, args.jobs)
        results[level, others] = outcomes
        times.extend(got)
    for others in ("medium", "baseline"):
        if ("hard", others) in results and ("medium", others) in results:
            paired("hard", "medium", others, results["hard", others],
                   results["medium", others])
    if times:
        times.sort()
        bot = HardBot()
        print(f"hard decision time ({len(times)} decisions with a choice, fixed budget of "
              f"{bot.worlds} worlds a card, {bot.bid_worlds} a contract, no clock): "
              f"median {statistics.median(times):.3f} s, 99th percentile {p99(times):.3f} s, "
              f"max {times[-1]:.3f} s")
    bench_random_hands(3.0)


if __name__ == "__main__":
    main()

"""How often `engines.backgammon.cube` makes GNU Backgammon's cube decision.

Positions come from seeded games (a greedy one-ply player on `bots.score`, with a
random play one time in five for variety), each given a seeded cube and score
where the player on roll may double: money play (cube centred, with or without
the Jacoby rule, or owned by the player on roll at 2 or 4) and matches of 3 to 25
points at random scores (Crawford game excluded: no cube decision arises there;
post-Crawford and dead cubes included). gnubg runs once, headless, with a script
in its embedded Python: for each position its cubeless chances (``gnubg.evaluate``)
and its cube decision (``gnubg.cfevaluate``), both at the ply given (``--plies``,
default 0 — gnubg's 0-ply cube decision is Janowski's model on its network's
chances; 1-ply looks a roll ahead), with its default match equity table
(Kazaross XG2) and no beavers.

Two agreements are printed:
(a) our decision from gnubg's own chances — the cube theory alone;
(b) our decision from an evaluator's chances, ``--evaluator``:
    ``gnubg`` (the same as (a)), ``handcrafted`` (``bots.win_chance`` as the winning
    chance, no gammons) or ``net`` (``engines.backgammon.net.evaluate``; skipped with
    a message when that module cannot be imported).
Each: double decisions (double or not), take/drop, overall (both), and the
breakdown (gnubg doubles and we do, gnubg passes and we take, …). gnubg's
"optional double" counts as a double.

    .venv/bin/python benchmarks/bench_backgammon_cube.py --positions 1200 --evaluator net

Run here (1,200 positions, seed 2026: 527 money, 673 match), overall agreement with
gnubg's 0-ply cube decision (double and take both as gnubg): from gnubg's own chances
1200/1200 = 100.0 %; from the handcrafted evaluator 868/1200 = 72.3 %; from the net
(its weights on the day of the run) 1105/1200 = 92.1 %. Against gnubg's 1-ply
decisions: from its 1-ply chances 1192/1200 = 99.3 %, from the net 1098/1200 = 91.5 %.
``--show N`` lists N disagreements.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engines.backgammon import cube  # noqa: E402
from engines.backgammon.bots import score, win_chance  # noqa: E402
from engines.backgammon.ids import position_id  # noqa: E402
from engines.backgammon.rules import Board, Dice, play_results, result  # noqa: E402
from kiosk.games.backgammon import gnubg  # noqa: E402

MATCH_LENGTHS = (3, 5, 5, 7, 7, 9, 11, 13, 15, 25)
MARK = "CUBEBENCH "

GNUBG_SCRIPT = r'''
import json
import gnubg

gnubg.command("set threads 1")
gnubg.command("set player 0 human")
gnubg.command("set player 1 human")
gnubg.command("set beavers 0")
gnubg.command("new match 7")
context = gnubg.evalcontext(1, PLIES, 0, 1, 0.0)
with open(JOBS, encoding="utf-8") as jobs:
    items = json.load(jobs)
for item in items:
    board = gnubg.positionfromid(item["pid"])
    owner = {"centred": -1, "on roll": 0, "opponent": 1}[item["owner"]]
    info = gnubg.cubeinfo(item["cube"], owner, 0, item["match"], tuple(item["score"]),
                          1 if item["crawford"] else 0, 0)
    info["jacoby"] = 1 if item["jacoby"] else 0
    info["beavers"] = 0
    chances = gnubg.evaluate(board, info, context)
    decision = gnubg.cfevaluate(board, info, context)
    print("MARK" + json.dumps({"chances": list(chances[:5]),
                               "equities": list(decision[:4]), "words": decision[5]}),
          flush=True)
'''


@dataclass(frozen=True)
class Position:
    board: Board
    player: int  # on roll
    state: cube.CubeState


def _greedy_game(rng: random.Random, sample: float, out: list[Position],
                 context: Callable[[random.Random], cube.CubeState | None]) -> None:
    board = Board.initial()
    player = rng.randrange(2)
    while result(board) is None:
        if rng.random() < sample:
            state = context(rng)
            if state is not None:
                x = cube.cube_efficiency(board, player)
                out.append(Position(board, player, _with_x(state, x)))
        dice = Dice(rng.randrange(6) + 1, rng.randrange(6) + 1)
        results = list(play_results(board, player, dice))
        if rng.random() < 0.2:
            board = rng.choice(results)
        else:
            board = max(results, key=lambda after: score(after.side(player),
                                                         after.side(1 - player)))
        player = 1 - player


def _with_x(state: cube.CubeState, x: float) -> cube.CubeState:
    return cube.CubeState(state.cube_value, state.owner, state.match_length, state.score,
                          state.crawford_game, state.jacoby, x)


def random_context(rng: random.Random) -> cube.CubeState | None:
    """A cube and score where the player on roll may double (None: try another)."""
    if rng.random() < 0.4:
        if rng.random() < 0.7:
            return cube.CubeState(jacoby=rng.random() < 0.5)
        return cube.CubeState(rng.choice((2, 4)), cube.Owner.ON_ROLL)
    length = rng.choice(MATCH_LENGTHS)
    scores = (rng.randrange(length), rng.randrange(length))
    one_away = [s == length - 1 for s in scores]
    crawford = any(one_away) and not all(one_away) and rng.random() < 0.3
    if crawford:
        return None  # the Crawford game: no cube decision
    if rng.random() < 0.7:
        return cube.CubeState(1, cube.Owner.CENTRED, length, scores)
    return cube.CubeState(rng.choice((2, 4)), cube.Owner.ON_ROLL, length, scores)


def positions(count: int, seed: int) -> list[Position]:
    rng = random.Random(seed)
    found: list[Position] = []
    while len(found) < count:
        _greedy_game(rng, 0.25, found, random_context)
    return found[:count]


def ask_gnubg(items: list[Position], plies: int) -> list[dict]:
    jobs = [{
        "pid": position_id(p.board.side(p.player), p.board.side(1 - p.player)),
        "cube": p.state.cube_value, "owner": str(p.state.owner),
        "match": p.state.match_length, "score": list(p.state.score),
        "crawford": p.state.crawford_game, "jacoby": p.state.jacoby,
    } for p in items]
    with tempfile.TemporaryDirectory(prefix="bench-cube-") as folder:
        path = Path(folder) / "jobs.json"
        path.write_text(json.dumps(jobs), encoding="utf-8")
        source = (GNUBG_SCRIPT.replace("PLIES", str(plies)).replace("JOBS", repr(str(path)))
                  .replace('"MARK"', repr(MARK)))
        out = gnubg.run_script(source, timeout=3600.0)
    answers = [json.loads(line[len(MARK):]) for line in out.splitlines()
               if line.startswith(MARK)]
    if len(answers) != len(items):
        raise SystemExit(f"gnubg answered {len(answers)} of {len(items)} positions")
    return answers


def gnubg_decision(words: str) -> tuple[bool | None, bool]:
    """(double, take) from gnubg's words: "Double, take", "Too good to redouble, pass",
    "Never double, take (dead cube)", …; double is None for "Optional double" (doubling
    and not doubling are worth the same: either agrees)."""
    doubler, _, taker = words.lower().partition(",")
    doubler = doubler.strip()
    double = None if doubler.startswith("optional") else doubler.startswith(
        ("double", "redouble"))
    return double, taker.strip().startswith(("take", "beaver"))


def _same(ours: tuple[bool, bool], theirs: tuple[bool | None, bool]) -> tuple[bool, bool]:
    """Whether the double and the take agree (an optional double agrees either way)."""
    return theirs[0] is None or ours[0] == theirs[0], ours[1] == theirs[1]


def handcrafted(board: Board, player: int) -> cube.Chances:
    """`bots.win_chance` for the player on roll, without gammons."""
    return cube.Chances(1.0 - win_chance(board.side(1 - player), board.side(player)))


def load_evaluator(name: str) -> Callable[[Board, int], object] | None:
    if name == "handcrafted":
        return handcrafted
    if name == "net":
        try:
            from engines.backgammon import net
        except ImportError as exc:
            print(f"evaluator net skipped: engines.backgammon.net cannot be imported ({exc})")
            return None
        return net.evaluate
    return None  # gnubg: its own chances


Decision = tuple[bool, bool]
Gnubg = tuple[bool | None, bool]


def report(title: str, ours: list[Decision], theirs: list[Gnubg],
           items: list[Position]) -> None:
    n = len(ours)
    same = [_same(a, b) for a, b in zip(ours, theirs, strict=True)]
    doubles = sum(d for d, _ in same)
    takes = sum(t for _, t in same)
    both = sum(d and t for d, t in same)
    print(f"{title}")
    print(f"  double decisions agree: {doubles}/{n} = {100 * doubles / n:.1f} %")
    print(f"  take/drop agree:        {takes}/{n} = {100 * takes / n:.1f} %")
    print(f"  overall (both agree):   {both}/{n} = {100 * both / n:.1f} %")
    cells = Counter((b[0], a[0]) for a, b in zip(ours, theirs, strict=True))
    g_double = cells[True, True] + cells[True, False]
    g_roll = cells[False, True] + cells[False, False]
    print(f"  gnubg doubles ({g_double}): we double {cells[True, True]}, "
          f"we roll {cells[True, False]}")
    print(f"  gnubg rolls ({g_roll}): we roll {cells[False, False]}, "
          f"we double {cells[False, True]}")
    optional = cells[None, True] + cells[None, False]
    if optional:
        print(f"  gnubg: optional double ({optional}): we double {cells[None, True]}, "
              f"we roll {cells[None, False]}")
    cells = Counter((b[1], a[1]) for a, b in zip(ours, theirs, strict=True))
    g_take = cells[True, True] + cells[True, False]
    g_pass = cells[False, True] + cells[False, False]
    print(f"  gnubg takes ({g_take}): we take {cells[True, True]}, we drop {cells[True, False]}")
    print(f"  gnubg passes ({g_pass}): we drop {cells[False, False]}, "
          f"we take {cells[False, True]}")
    agree = [d and t for d, t in same]
    for label, keep in (("money", lambda p: not p.state.is_match),
                        ("match", lambda p: p.state.is_match)):
        idx = [i for i, p in enumerate(items) if keep(p)]
        if idx:
            count = sum(agree[i] for i in idx)
            print(f"  {label}: overall {count}/{len(idx)} = {100 * count / len(idx):.1f} %")
    hard = [i for i in range(n) if theirs[i][0] is not False or not theirs[i][1]]
    if hard:
        count = sum(agree[i] for i in hard)
        print(f"  where gnubg doubles or passes: overall {count}/{len(hard)} = "
              f"{100 * count / len(hard):.1f} %")


def show(title: str, count: int, ours: list[Decision], theirs: list[Gnubg],
         answers: list[dict], items: list[Position], chances: list[cube.Chances]) -> None:
    wrong = [i for i in range(len(items)) if _same(ours[i], theirs[i]) != (True, True)]
    wrong = wrong[:count]
    for i in wrong:
        state = items[i].state
        where = (f"match to {state.match_length} at {state.score[0]}-{state.score[1]}"
                 if state.is_match else "money" + (" (Jacoby)" if state.jacoby else ""))
        pid = position_id(items[i].board.side(items[i].player),
                          items[i].board.side(1 - items[i].player))
        verdict = cube.analyse_state(chances[i], state)
        print(f"  {title} {pid} cube {state.cube_value} {state.owner}, {where}: gnubg "
              f"{answers[i]['words']!r}, ours {verdict.words!r} from "
              f"{[round(c, 3) for c in chances[i]]}")


def _decision(chances: cube.Chances, state: cube.CubeState) -> Decision:
    verdict = cube.analyse_state(chances, state)
    return verdict.double, verdict.take


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=1200)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--plies", type=int, choices=(0, 1), default=0)
    parser.add_argument("--evaluator", choices=("gnubg", "handcrafted", "net"),
                        default="gnubg")
    parser.add_argument("--show", type=int, default=0, metavar="N",
                        help="list N disagreements of each kind")
    args = parser.parse_args(argv)
    why = gnubg.why_unavailable()
    if why:
        print(f"skipped: {why}")
        return 0
    started = time.perf_counter()
    items = positions(args.positions, args.seed)
    money = sum(not p.state.is_match for p in items)
    print(f"{len(items)} positions (seed {args.seed}): {money} money, "
          f"{len(items) - money} match; gnubg {args.plies}-ply, its default MET")
    answers = ask_gnubg(items, args.plies)
    theirs = [gnubg_decision(a["words"]) for a in answers]
    odds = [cube.Chances.of(cube.Chances(*answer["chances"])) for answer in answers]
    ours = [_decision(chances, p.state) for chances, p in zip(odds, items, strict=True)]
    report(f"(a) our decisions from gnubg's {args.plies}-ply chances", ours, theirs, items)
    show("(a)", args.show, ours, theirs, answers, items, odds)
    evaluate = load_evaluator(args.evaluator)
    if evaluate is not None:
        odds_b = [cube.Chances.of(evaluate(p.board, p.player)) for p in items]
        ours_b = [_decision(chances, p.state) for chances, p in zip(odds_b, items, strict=True)]
        report(f"(b) our decisions from the {args.evaluator} evaluator's chances",
               ours_b, theirs, items)
        show("(b)", args.show, ours_b, theirs, answers, items, odds_b)
    elif args.evaluator == "gnubg":
        print("(b) with --evaluator gnubg is (a)")
    print(f"{time.perf_counter() - started:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

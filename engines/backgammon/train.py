"""Regenerates the learned evaluation's weights (engines/backgammon/data/net.npz).

A tool, not part of the kiosk: it runs GNU Backgammon and writes files, which
the engines otherwise never do. Two steps and a check, each a sub-command:

``generate``
    Plays games inside GNU Backgammon (its embedded Python, ``gnubg -t -q -p``)
    and records positions with gnubg's 0-ply cubeless evaluation of each. A
    game is played by gnubg's 0-ply choice most of the time, with some
    exploration (a uniformly random legal play, or one of gnubg's top four;
    in some games one side is the handcrafted one-ply bot), so the positions
    are varied. On every turn with a choice, one ``hint`` gives gnubg's five
    probabilities for *every* legal play (one call costs gnubg's ~10 ms
    thread hand-over, not one per position); up to ``--per-turn`` of the
    positions reached are kept, each seen from the opponent, now on roll.
    ``--jobs`` gnubg processes play in parallel.
``fit``
    Supervised training (distillation) of `engines.backgammon.net`'s network
    on those positions: cross-entropy on the five sigmoid outputs, minibatch
    Adam with a decaying step, a held-out tenth for validation. Positions are
    augmented with nothing (backgammon has no symmetry that keeps the side on
    roll). Writes the weights file.
``judge``
    A quick yardstick between full benchmarks: on turns from gnubg-0-ply games
    (made once, every legal play's equity by gnubg's 2-ply), the equity each
    bot's choice gives away per turn, beside gnubg 0-ply's own choice. gnubg's
    even plies agree with each other, so this flatters one-ply choices against
    two-ply ones; `benchmarks/bench_backgammon_gnubg.py` is the real measure.

The committed weights came from three ``generate`` runs (seeds 1, 2 and 3; 3,100
games in all, 1.61 million positions, about 25 minutes of gnubg here; the runs
were stopped by hand, so these counts are approximately theirs) and ``fit``
with its defaults on all three (about 8 minutes; validation equity error
0.028)::

    python -m engines.backgammon.train generate --games 1650 --seed 1 --out /tmp/bg1.npz
    python -m engines.backgammon.train generate --games 550 --jobs 1 --seed 2 --out /tmp/bg2.npz
    python -m engines.backgammon.train generate --games 900 --jobs 1 --seed 3 --out /tmp/bg3.npz
    python -m engines.backgammon.train fit --data /tmp/bg1.npz /tmp/bg2.npz /tmp/bg3.npz
    python -m engines.backgammon.train judge --set /tmp/judged.jsonl

numpy is needed for ``fit``; ``generate`` and ``judge`` need gnubg.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from engines.backgammon.bots import score
from engines.backgammon.ids import position_id
from engines.backgammon.rules import Board, Dice, Play, play_results, winner

if TYPE_CHECKING:
    from numpy import float32, uint8
    from numpy.typing import NDArray

    from engines.backgammon.net import Weights

ROOT = Path(__file__).resolve().parents[2]

SPEC_ENV = "DEBARNA_TRAIN_SPEC"
# What gnubg runs: our packages on its path, then `_worker` with the job's spec.
_BOOT = """import json, os, sys
spec = json.loads(os.environ["DEBARNA_TRAIN_SPEC"])
sys.path[:0] = spec["path"]
from engines.backgammon.train import _worker
_worker(spec)
"""
GNUBG = "/usr/games/gnubg"
WEIGHTS = Path(__file__).resolve().parent / "data" / "net.npz"

# -- generate: inside gnubg -----------------------------------------------------------------------

_SETUP = (
    "set threads 1",
    "set jacoby off",
    "set cube use off",
    "set player 0 human",
    "set player 1 human",
    "set evaluation chequerplay evaluation plies 0",
    "set evaluation chequerplay evaluation cubeful off",
    "set evaluation chequerplay evaluation prune off",
    "set evaluation chequerplay evaluation noise 0",
    "new session",
)


def _flip(probs: tuple[float, ...]) -> tuple[float, float, float, float, float]:
    """The mover's five probabilities after a play, as the opponent (now on roll) sees them."""
    win, win_g, win_bg, lose_g, lose_bg = probs[:5]
    return (1.0 - win, lose_g, lose_bg, win_g, win_bg)


def _opening(rng: random.Random) -> tuple[int, Dice]:
    while True:
        a, b = rng.randint(1, 6), rng.randint(1, 6)
        if a != b:
            return (0 if a > b else 1), Dice(max(a, b), min(a, b))


def _roll(rng: random.Random) -> Dice:
    return Dice(rng.randint(1, 6), rng.randint(1, 6))


def _worker(spec: dict[str, Any]) -> None:
    """One gnubg process: the job `spec` describes (``task``: generate or judge)."""
    if spec.get("task") == "judge":
        _judge_worker(spec)
    else:
        _generate_worker(spec)


def _generate_worker(spec: dict[str, Any]) -> None:
    """Play `games` games, write the labelled positions to `out`."""
    import gnubg  # only inside GNU Backgammon
    import numpy as np

    for command in _SETUP:
        gnubg.command(command)
    rng = random.Random(spec["seed"])
    per_turn: int = spec["per_turn"]
    explore: float = spec["explore"]
    handcrafted: float = spec["handcrafted"]
    boards: list[bytes] = []
    targets: list[tuple[float, ...]] = []
    start = time.time()
    for game in range(spec["games"]):
        board = Board.initial()
        player, dice = _opening(rng)
        weak_side = rng.randrange(2) if rng.random() < handcrafted else None
        while True:
            results = play_results(board, player, dice)
            if len(results) == 1:
                after = next(iter(results))
            else:
                gnubg.command(
                    f"set board {position_id(board.points[player], board.points[1 - player])}"
                )
                gnubg.command(f"set dice {dice.high} {dice.low}")
                hint = gnubg.hint(1000)["hint"]
                reached = {play: b for b, play in results.items()}
                ranked: list[tuple[Board, tuple[float, ...]]] = []
                for entry in hint:
                    play = Play.parse(entry["move"], board, player, dice)
                    ranked.append((reached[play], entry["details"]["probs"]))
                if len(ranked) != len(results):
                    raise RuntimeError(f"gnubg listed {len(ranked)} plays, we {len(results)}")
                kept = ranked if len(ranked) <= per_turn else rng.sample(ranked, per_turn)
                for reached_board, probs in kept:
                    if winner(reached_board) is None:
                        on_roll = reached_board.points[1 - player]
                        other = reached_board.points[player]
                        boards.append(bytes(on_roll) + bytes(other))
                        targets.append(_flip(probs))
                if player == weak_side:
                    after = max(
                        results,
                        key=lambda b: score(b.points[player], b.points[1 - player]),
                    )
                else:
                    draw = rng.random()
                    if draw < explore / 2:
                        after = rng.choice(list(results))
                    elif draw < explore:
                        after = rng.choice(ranked[:4])[0]
                    else:
                        after = ranked[0][0]
            if winner(after) is not None:
                break
            board, player, dice = after, 1 - player, _roll(rng)
        if (game + 1) % 50 == 0:
            print(
                f"job {spec['seed']}: {game + 1} games, {len(boards)} positions, "
                f"{time.time() - start:.0f} s",
                file=sys.stderr,
                flush=True,
            )
            _save(spec["out"], boards, targets, np)
    _save(spec["out"], boards, targets, np)


def _save(out: str, boards: list[bytes], targets: list[tuple[float, ...]], np: ModuleType) -> None:
    x = np.frombuffer(b"".join(boards), dtype=np.uint8).reshape(-1, 50)
    y = np.asarray(targets, dtype=np.float32).reshape(-1, 5)
    tmp = out + ".part.npz"
    np.savez_compressed(tmp, x=x, y=y)
    os.replace(tmp, out)


def _run_jobs(specs: list[dict[str, Any]], gnubg_path: str, folder: Path) -> list[int]:
    """Run one gnubg process per spec (niced), wait for all; their exit statuses."""
    boot = folder / "boot.py"
    boot.write_text(_BOOT, encoding="utf-8")
    site = [p for p in sys.path if p.endswith("site-packages")]
    procs = []
    for spec in specs:
        spec = {**spec, "path": [str(ROOT), *site]}
        env = {**os.environ, SPEC_ENV: json.dumps(spec), "HOME": str(folder)}
        env.pop("DISPLAY", None)
        procs.append(
            subprocess.Popen(
                ["nice", "-n", "5", gnubg_path, "-t", "-q", "-r", "-p", str(boot)],
                env=env,
                stdout=subprocess.DEVNULL,
                stdin=subprocess.DEVNULL,
            )
        )
    return [p.wait() for p in procs]


def generate(args: argparse.Namespace) -> None:
    """Start `--jobs` gnubg processes, wait, merge their positions into `--out`."""
    import numpy as np

    folder = Path(tempfile.mkdtemp(prefix="bg-train-"))
    share = [args.games // args.jobs + (i < args.games % args.jobs) for i in range(args.jobs)]
    specs = [
        {
            "task": "generate",
            "games": games,
            "seed": args.seed * 100 + job,
            "out": str(folder / f"job{job}.npz"),
            "per_turn": args.per_turn,
            "explore": args.explore,
            "handcrafted": args.handcrafted,
        }
        for job, games in enumerate(share)
    ]
    failed = _run_jobs(specs, args.gnubg, folder)
    xs, ys = [], []
    for job in range(args.jobs):
        part = folder / f"job{job}.npz"
        if part.exists():
            with np.load(part) as data:
                xs.append(data["x"])
                ys.append(data["y"])
    if not xs:
        raise SystemExit(f"no positions were generated (gnubg exit statuses {failed})")
    x, y = np.concatenate(xs), np.concatenate(ys)
    np.savez_compressed(args.out, x=x, y=y)
    print(f"{len(x)} positions -> {args.out} (gnubg exit statuses {failed})")


# -- judge: how much equity a bot's choices give away, by gnubg's 2-ply -------------------------


def _judge_worker(spec: dict[str, Any]) -> None:
    """Play gnubg-0-ply games (some exploring plays); on a share of the turns with a
    choice, record every legal play's equity by gnubg's 2-ply evaluation, and the play
    gnubg's 0-ply takes. One JSON line per judged turn to `out`."""
    import gnubg

    for command in _SETUP:
        gnubg.command(command)
    gnubg.command(f"set evaluation chequerplay evaluation plies {spec['plies']}")
    cube = gnubg.cubeinfo(1, -1, 0, 0, (0, 0), 0, 0)
    zero_ply = gnubg.evalcontext(0, 0, 1, 0, 0.0)
    rng = random.Random(spec["seed"])
    with open(spec["out"], "w", encoding="utf-8") as out:
        for _game in range(spec["games"]):
            board = Board.initial()
            player, dice = _opening(rng)
            while True:
                results = play_results(board, player, dice)
                after = next(iter(results))
                if len(results) > 1:
                    mine, theirs = board.points[player], board.points[1 - player]
                    gnubg.command(f"set board {position_id(mine, theirs)}")
                    gnubg.command(f"set dice {dice.high} {dice.low}")
                    position = gnubg.board()
                    text = gnubg.movetupletostring(
                        gnubg.findbestmove(position, cube, zero_ply), position
                    )
                    reached = {play: b for b, play in results.items()}
                    best = reached[Play.parse(text, board, player, dice)]
                    if rng.random() < spec["rate"]:
                        plays = []
                        for entry in gnubg.hint(1000)["hint"]:
                            b = reached[Play.parse(entry["move"], board, player, dice)]
                            key = (bytes(b.points[player]) + bytes(b.points[1 - player])).hex()
                            plays.append([key, entry["equity"]])
                        row = {
                            "sides": (bytes(mine) + bytes(theirs)).hex(),
                            "dice": [dice.high, dice.low],
                            "plays": plays,
                            "gnubg0": (bytes(best.points[player])
                                       + bytes(best.points[1 - player])).hex(),
                        }
                        out.write(json.dumps(row) + "\n")
                    after = rng.choice(list(results)) if rng.random() < 0.1 else best
                if winner(after) is not None:
                    break
                board, player, dice = after, 1 - player, _roll(rng)


def judge(args: argparse.Namespace) -> None:
    """Make the judged turns if `--set` does not exist yet, then report each bot's
    average equity loss against gnubg's 2-ply choice (and gnubg 0-ply's)."""
    from engines.backgammon import net
    from engines.backgammon.bots import HardBot, MediumBot
    from engines.backgammon.options import GameOptions
    from engines.backgammon.rules import GameState

    path = Path(args.set)
    if not path.exists():
        folder = Path(tempfile.mkdtemp(prefix="bg-judge-"))
        share = [args.games // args.jobs + (i < args.games % args.jobs) for i in range(args.jobs)]
        specs = [
            {"task": "judge", "games": games, "seed": 7000 + job, "rate": args.rate,
             "plies": args.plies, "out": str(folder / f"judge{job}.jsonl")}
            for job, games in enumerate(share)
        ]
        statuses = _run_jobs(specs, args.gnubg, folder)
        lines: list[str] = []
        for spec in specs:
            if Path(spec["out"]).exists():
                lines += Path(spec["out"]).read_text().splitlines()
        path.write_text("\n".join(lines) + "\n")
        print(f"{len(lines)} judged turns -> {path} (gnubg exit statuses {statuses})")
    rows = [json.loads(line) for line in path.read_text().splitlines() if line]
    if args.weights:
        net._loaded = net.load_weights(args.weights)
    options = GameOptions.classic(cube=False)
    bots: dict[str, MediumBot | HardBot] = {
        "medium": MediumBot(),
        "net 1-ply": HardBot(max_candidates=1),
        "hard": HardBot(),
    }
    losses: dict[str, list[float]] = {name: [] for name in [*bots, "gnubg 0-ply"]}
    for row in rows:
        sides = bytes.fromhex(row["sides"])
        board = Board((tuple(sides[:25]), tuple(sides[25:])))
        equity = dict((key, value) for key, value in row["plays"])
        top = max(equity.values())
        losses["gnubg 0-ply"].append(top - equity[row["gnubg0"]])
        view = GameState.from_position(board, 0, options, dice=tuple(row["dice"])).view(0)
        assert view.dice is not None  # the position was made with its roll
        reached = {play: b for b, play in play_results(board, 0, view.dice).items()}
        for name, bot in bots.items():
            choice = bot.choose(view, random.Random(0))
            assert isinstance(choice, Play)  # no cube in these games: every choice is a play
            after = reached[choice]
            key = (bytes(after.points[0]) + bytes(after.points[1])).hex()
            losses[name].append(top - equity[key])
    print(f"{len(rows)} turns with a choice, equity lost per turn against gnubg {args.plies}-ply:")
    for name, values in losses.items():
        mean = sum(values) / len(values)
        blunders = sum(1 for v in values if v > 0.08) / len(values)
        print(f"  {name:12} {mean:.4f} (plays losing more than 0.08: {blunders:.1%})")


# -- fit ---------------------------------------------------------------------------------------


def _load_data(paths: list[str]) -> tuple[NDArray[uint8], NDArray[float32]]:
    import numpy as np

    xs, ys = [], []
    for path in paths:
        with np.load(path) as data:
            xs.append(data["x"])
            ys.append(data["y"])
    return np.concatenate(xs), np.concatenate(ys).astype(np.float32)


def fit(args: argparse.Namespace) -> None:
    """Fit the network to the labelled positions by minibatch Adam; write the weights."""
    import numpy as np

    from engines.backgammon import net

    x, y = _load_data(args.data)
    rng = np.random.default_rng(args.seed)
    order = rng.permutation(len(x))
    held = max(1000, len(x) // 10)
    val_x, val_y = x[order[:held]], y[order[:held]]
    train_x, train_y = x[order[held:]], y[order[held:]]
    hidden = args.hidden
    if args.init:
        start = net.load_weights(args.init)
        params = [array.copy() for array in start]
        hidden = start.b1.shape[0]
    else:
        mean = np.clip(train_y.mean(axis=0), 1e-4, 1 - 1e-4)
        params = [
            rng.normal(0.0, 1.0 / np.sqrt(net.INPUTS), (net.INPUTS, hidden)).astype(np.float32),
            np.zeros(hidden, np.float32),
            rng.normal(0.0, 1.0 / np.sqrt(hidden), (hidden, net.OUTPUTS)).astype(np.float32),
            np.log(mean / (1 - mean)).astype(np.float32),
        ]
    first = [np.zeros_like(p) for p in params]
    second = [np.zeros_like(p) for p in params]
    beta1, beta2, eps = 0.9, 0.999, 1e-8
    batch = args.batch
    steps_per_epoch = len(train_x) // batch
    total = steps_per_epoch * args.epochs
    print(
        f"{len(train_x)} training and {len(val_x)} validation positions; {net.INPUTS} inputs, "
        f"{hidden} hidden units; {args.epochs} epochs of {steps_per_epoch} steps"
    )
    step = 0
    begin = time.time()
    for epoch in range(args.epochs):
        shuffle = rng.permutation(len(train_x))
        for index in range(steps_per_epoch):
            rows = shuffle[index * batch : (index + 1) * batch]
            inputs = net.encode(train_x[rows])
            target = train_y[rows]
            w1, b1, w2, b2 = params
            h = net._sigmoid(inputs @ w1 + b1)
            out = net._sigmoid(h @ w2 + b2)
            d_out = (out - target) / batch  # cross-entropy through the sigmoid
            d_h = (d_out @ w2.T) * h * (1.0 - h)
            grads = [inputs.T @ d_h, d_h.sum(axis=0), h.T @ d_out, d_out.sum(axis=0)]
            step += 1
            lr = args.lr * 0.5 * (1.0 + np.cos(np.pi * step / total)) + args.lr * 0.01
            fix1, fix2 = 1 - beta1**step, 1 - beta2**step
            for param, grad, m, v in zip(params, grads, first, second, strict=True):
                m *= beta1
                m += (1 - beta1) * grad
                v *= beta2
                v += (1 - beta2) * grad * grad
                param -= (lr * (m / fix1) / (np.sqrt(v / fix2) + eps)).astype(np.float32)
        report = _validate(net, net.Weights(*params), val_x, val_y)
        print(f"epoch {epoch + 1}: {report} ({time.time() - begin:.0f} s)", flush=True)
    weights = net.Weights(*params)
    net.save_weights(weights, args.out)
    size = Path(args.out).stat().st_size
    print(f"wrote {args.out} ({size / 1024:.0f} KB)")


def _validate(net: ModuleType, weights: Weights, x: NDArray[Any], y: NDArray[Any]) -> str:
    """Cross-entropy and errors in winning chance and equity on held-out positions."""
    import numpy as np

    out = np.concatenate(
        [net.forward(net.encode(x[i : i + 8192]), weights) for i in range(0, len(x), 8192)]
    ).astype(np.float64)
    clipped = np.clip(out, 1e-7, 1 - 1e-7)
    loss = -np.mean(y * np.log(clipped) + (1 - y) * np.log(1 - clipped))
    win_error = np.mean(np.abs(out[:, 0] - y[:, 0]))
    equity_error = np.mean(np.abs(net.equities(out) - net.equities(y.astype(np.float64))))
    return (
        f"validation cross-entropy {loss:.4f}, win error {win_error:.4f}, "
        f"equity error {equity_error:.4f}"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m engines.backgammon.train", description=__doc__.splitlines()[0]
    )
    sub = parser.add_subparsers(dest="command", required=True)
    gen = sub.add_parser("generate", help="play games in gnubg and label positions with 0-ply")
    gen.add_argument("--games", type=int, default=6000)
    gen.add_argument("--jobs", type=int, default=2, help="gnubg processes (default 2)")
    gen.add_argument("--seed", type=int, default=1)
    gen.add_argument("--per-turn", type=int, default=16, help="positions kept per turn")
    gen.add_argument("--explore", type=float, default=0.15, help="share of exploring plays")
    gen.add_argument("--handcrafted", type=float, default=0.15,
                     help="share of games with one side played by the handcrafted one-ply bot")
    gen.add_argument("--gnubg", default=GNUBG)
    gen.add_argument("--out", required=True)
    tune = sub.add_parser("fit", help="fit the network to labelled positions")
    tune.add_argument("--data", nargs="+", required=True, help="files written by generate")
    tune.add_argument("--hidden", type=int, default=400, help="hidden units (default 400)")
    tune.add_argument("--epochs", type=int, default=20)
    tune.add_argument("--batch", type=int, default=256)
    tune.add_argument("--lr", type=float, default=0.002, help="Adam's first step size")
    tune.add_argument("--seed", type=int, default=1)
    tune.add_argument("--init", help="start from these weights instead of random ones")
    tune.add_argument("--out", default=str(WEIGHTS))
    rate = sub.add_parser("judge", help="equity each bot gives away, judged by gnubg")
    rate.add_argument("--set", required=True, help="judged turns (made first if missing)")
    rate.add_argument("--games", type=int, default=200)
    rate.add_argument("--jobs", type=int, default=2)
    rate.add_argument("--rate", type=float, default=0.25, help="share of turns judged")
    rate.add_argument("--plies", type=int, default=2, help="gnubg's plies for the judge")
    rate.add_argument("--weights", help="weights to judge (default: the package's)")
    rate.add_argument("--gnubg", default=GNUBG)
    args = parser.parse_args(argv)
    if args.command == "generate":
        generate(args)
    elif args.command == "judge":
        judge(args)
    else:
        fit(args)


if __name__ == "__main__":
    main()

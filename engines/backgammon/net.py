"""A learned evaluation of Takhteh Nard positions: a small neural network.

`evaluate(board, player)` gives, for the player ON ROLL (about to roll the
dice), five probabilities like GNU Backgammon's: winning, winning a gammon,
winning a backgammon, losing a gammon, losing a backgammon (each gammon
chance includes the backgammons). `Probabilities.equity()` turns them into a
cubeless money equity. `evaluate_many` does the same for many boards at once
(one matrix product for all, which is how the bots use it); `sides_array` and
`probabilities` are its array form.

The network: inputs as in TD-Gammon for each side (the side on roll first) —
for each of the 24 points four units (1+, 2+, 3+ checkers, and half the
checkers beyond three), the bar (half its checkers) and the checkers borne off
(in fifteenths) — plus a few cheap features (both pip counts, the pip lead,
whether the sides are still in contact, and for each side its blots, home
points, longest prime, blots in direct and indirect reach of an opposing
checker, and checkers back); one hidden layer of sigmoid units;
five sigmoid outputs. Its weights were fitted by `engines.backgammon.train`
to GNU Backgammon's 0-ply evaluations of positions from many games
(distillation) and live in ``data/net.npz``, loaded once, lazily.

Outputs are made consistent after the network: gammons no more than wins,
backgammons no more than gammons; a side that has borne a checker off can no
longer be gammoned. Finished games (a side has borne off all 15) are scored
exactly (rules §6), not by the network.

This module uses numpy, the one exception to the engines' standard-library-only
rule: the evaluation is matrix products — here about 6 µs a position in a batch
of 1,000, against 2 ms for the network alone in pure Python (over 300 times
slower), too slow for the hard bot's search on a Raspberry Pi. One `evaluate`
call costs about 0.2 ms (numpy's fixed costs). Its
BLAS is kept to one thread (``OPENBLAS_NUM_THREADS=1`` unless already set,
which only counts if numpy is first imported here): the products are small,
and threads fighting the kiosk's frame loop and each other made them ten times
slower on a busy machine.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Final, NamedTuple

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np

from .rules import Board

WEIGHTS_PATH: Final = Path(__file__).resolve().parent / "data" / "net.npz"
OUTPUTS: Final = 5
POINT_UNITS: Final = 4
SIDE_INPUTS: Final = 24 * POINT_UNITS + 2  # points, bar, borne off
FEATURES: Final = 6  # per side: see `_features`
EXTRA_INPUTS: Final = 4 + 2 * FEATURES  # pips on roll, pips opponent, pip lead, contact
INPUTS: Final = 2 * SIDE_INPUTS + EXTRA_INPUTS


class Probabilities(NamedTuple):
    """The side on roll's chances: each gammon includes the backgammons."""

    win: float
    win_gammon: float
    win_backgammon: float
    lose_gammon: float
    lose_backgammon: float

    def equity(self) -> float:
        """Cubeless money equity for the side on roll: points won per game, -3..3."""
        return (
            2.0 * self.win - 1.0
            + self.win_gammon - self.lose_gammon
            + self.win_backgammon - self.lose_backgammon
        )


# -- inputs ------------------------------------------------------------------------------------

# The four units of a point holding n checkers (n = 0..15).
_POINT_TABLE: Final = np.array(
    [[n >= 1, n >= 2, n >= 3, max(n - 3, 0) / 2.0] for n in range(16)], dtype=np.float32
)
_PIP_WEIGHTS: Final = np.arange(1, 26, dtype=np.float32)


def sides_array(boards: Sequence[Board], player: int | Sequence[int]) -> np.ndarray:
    """(N, 50) uint8: for each board the side on roll's 25 counts, then the opponent's.

    `player` is the side on roll: one for all boards, or one per board.
    """
    if isinstance(player, int):
        other = 1 - player
        raw = b"".join(bytes(b.points[player]) + bytes(b.points[other]) for b in boards)
    else:
        raw = b"".join(
            bytes(b.points[p]) + bytes(b.points[1 - p]) for b, p in zip(boards, player, strict=True)
        )
    return np.frombuffer(raw, dtype=np.uint8).reshape(-1, 50)


def encode(sides: np.ndarray) -> np.ndarray:
    """The network's inputs (N, INPUTS) float32 for `sides` as `sides_array` makes them."""
    sides = np.asarray(sides, dtype=np.uint8).reshape(-1, 2, 25)
    count = len(sides)
    points = _POINT_TABLE[sides[:, :, :24]].reshape(count, 2, 24 * POINT_UNITS)
    bar = sides[:, :, 24:25].astype(np.float32) / 2.0
    on_board = sides.sum(axis=2, dtype=np.int32)
    off = (15 - on_board).astype(np.float32)[:, :, None] / 15.0
    per_side = np.concatenate([points, bar, off], axis=2).reshape(count, 2 * SIDE_INPUTS)
    pips = sides.astype(np.float32) @ _PIP_WEIGHTS  # (N, 2)
    extra = np.empty((count, EXTRA_INPUTS), dtype=np.float32)
    extra[:, 0:2] = pips / 100.0
    extra[:, 2] = (pips[:, 1] - pips[:, 0]) / 50.0
    extra[:, 3] = _rearmost(sides[:, 0]) + _rearmost(sides[:, 1]) > 25
    extra[:, 4 : 4 + FEATURES] = _features(sides[:, 0], sides[:, 1])
    extra[:, 4 + FEATURES :] = _features(sides[:, 1], sides[:, 0])
    return np.concatenate([per_side, extra], axis=1)


_POINT: Final = np.arange(1, 25)
_DIRECT_FROM: Final = np.maximum(0, _POINT - 6)
_INDIRECT_FROM: Final = np.maximum(0, _POINT - 12)


def _features(me: np.ndarray, opp: np.ndarray) -> np.ndarray:
    """(N, FEATURES) for side `me` against `opp` (each (N, 25) in its owner's numbering):
    blots, home points made, the longest prime, blots within 6 pips of an opposing
    checker behind them (direct shots), blots only within 7-12 (indirect), and
    checkers back (on the bar or in the opponent's home board)."""
    count = len(me)
    points = me[:, :24]
    made = points >= 2
    blots = points == 1
    # The opponent's checkers in my numbering: index 0 their bar, q their checkers on my q.
    theirs = np.concatenate([opp[:, 24:25], opp[:, 23::-1]], axis=1) > 0
    behind = np.zeros((count, 26), dtype=np.int16)
    np.cumsum(theirs, axis=1, out=behind[:, 1:])
    direct = behind[:, _POINT] - behind[:, _DIRECT_FROM] > 0
    indirect = behind[:, _DIRECT_FROM] - behind[:, _INDIRECT_FROM] > 0
    run = np.zeros(count, dtype=np.int16)
    prime = np.zeros(count, dtype=np.int16)
    for index in range(24):
        run = (run + 1) * made[:, index]
        np.maximum(prime, run, out=prime)
    out = np.empty((count, FEATURES), dtype=np.float32)
    out[:, 0] = blots.sum(axis=1) / 5.0
    out[:, 1] = made[:, :6].sum(axis=1) / 6.0
    out[:, 2] = prime / 6.0
    out[:, 3] = (blots & direct).sum(axis=1) / 3.0
    out[:, 4] = (blots & indirect & ~direct).sum(axis=1) / 3.0
    out[:, 5] = me[:, 18:25].sum(axis=1, dtype=np.int32) / 5.0
    return out


def _rearmost(side: np.ndarray) -> np.ndarray:
    """The highest occupied point of each side (25 for the bar, 0 when all are off)."""
    occupied = side > 0
    last = 24 - np.argmax(occupied[:, ::-1], axis=1)
    return np.where(occupied.any(axis=1), last + 1, 0)


# -- the network -------------------------------------------------------------------------------


class Weights(NamedTuple):
    """One hidden layer: inputs @ w1 + b1 -> sigmoid -> @ w2 + b2 -> sigmoid."""

    w1: np.ndarray  # (INPUTS, hidden)
    b1: np.ndarray  # (hidden,)
    w2: np.ndarray  # (hidden, OUTPUTS)
    b2: np.ndarray  # (OUTPUTS,)


def load_weights(path: Path | str = WEIGHTS_PATH) -> Weights:
    """Read a weights file and check its shapes."""
    with np.load(path) as data:
        weights = Weights(*(np.asarray(data[name], dtype=np.float32) for name in Weights._fields))
    hidden = weights.b1.shape[0]
    expected = ((INPUTS, hidden), (hidden,), (hidden, OUTPUTS), (OUTPUTS,))
    shapes = tuple(array.shape for array in weights)
    if shapes != expected:
        raise ValueError(f"{path}: weight shapes {shapes}, expected {expected}")
    return weights


def save_weights(weights: Weights, path: Path | str = WEIGHTS_PATH) -> None:
    """Write a weights file (float32, compressed)."""
    arrays = {name: np.asarray(array, dtype=np.float32)
              for name, array in weights._asdict().items()}
    # the arrays go by name; mypy matches **arrays against numpy 2's allow_pickle (a flag
    # numpy 1, which pyproject allows, would save as one more array if it were named here)
    np.savez_compressed(path, **arrays)  # type: ignore[arg-type]


_loaded: Weights | None = None


def weights() -> Weights:
    """The package's weights, loaded on first use."""
    global _loaded
    if _loaded is None:
        _loaded = load_weights()
    return _loaded


def _sigmoid(x: np.ndarray) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-np.clip(x, -40.0, 40.0)))


def forward(inputs: np.ndarray, net: Weights) -> np.ndarray:
    """The raw network outputs (N, 5) for encoded inputs."""
    hidden = _sigmoid(inputs @ net.w1 + net.b1)
    return _sigmoid(hidden @ net.w2 + net.b2)


def probabilities(sides: np.ndarray, net: Weights | None = None) -> np.ndarray:
    """(N, 5) float64 probabilities for the side on roll of each row of `sides_array`:
    the network's, made consistent, with finished games scored exactly."""
    sides = np.asarray(sides, dtype=np.uint8).reshape(-1, 50)
    if len(sides) == 0:
        return np.zeros((0, OUTPUTS))
    out = forward(encode(sides), net or weights()).astype(np.float64)
    win = out[:, 0]
    out[:, 1] = np.minimum(out[:, 1], win)
    out[:, 2] = np.minimum(out[:, 2], out[:, 1])
    out[:, 3] = np.minimum(out[:, 3], 1.0 - win)
    out[:, 4] = np.minimum(out[:, 4], out[:, 3])
    mine, theirs = sides[:, :25], sides[:, 25:]
    my_left = mine.sum(axis=1, dtype=np.int32)
    their_left = theirs.sum(axis=1, dtype=np.int32)
    out[their_left < 15, 1:3] = 0.0  # they have borne one off: no gammon for me
    out[my_left < 15, 3:5] = 0.0
    # Finished games, exactly: a backgammon when the loser still has a checker on the
    # bar or in the winner's home board (the loser's points 19-24).
    for done, loser_left, loser, on_roll_won in ((my_left == 0, their_left, theirs, True),
                                                 (their_left == 0, my_left, mine, False)):
        if done.any():
            gammon = (loser_left == 15).astype(np.float64)
            backgammon = gammon * (loser[:, 18:25].sum(axis=1) > 0)
            zero = np.zeros(len(sides))
            if on_roll_won:
                exact = np.stack([zero + 1.0, gammon, backgammon, zero, zero], axis=1)
            else:
                exact = np.stack([zero, zero, zero, gammon, backgammon], axis=1)
            out[done] = exact[done]
    return out


def equities(probs: np.ndarray) -> np.ndarray:
    """Cubeless money equity of each row of `probabilities`."""
    return 2.0 * probs[:, 0] - 1.0 + probs[:, 1] - probs[:, 3] + probs[:, 2] - probs[:, 4]


def evaluate(board: Board, player: int) -> Probabilities:
    """The chances of `player`, who is on roll (about to roll the dice), in `board`."""
    return Probabilities(*map(float, probabilities(sides_array((board,), player))[0]))


def evaluate_many(boards: Sequence[Board], player: int | Sequence[int]) -> list[Probabilities]:
    """`evaluate` for many boards at once; `player` on roll: one for all, or one per board."""
    if not boards:
        return []
    rows = probabilities(sides_array(boards, player))
    return [Probabilities(*map(float, row)) for row in rows]

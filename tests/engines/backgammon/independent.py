"""A second, deliberately naive reading of the move rules (rules §2–§5), for cross-checks.

It tries every order of the dice and every checker at every step, with no
pruning and no shared code with the engine, and applies the dice rules at the
end: most dice used; with one die of a non-double, the larger when it can be.
"""

from __future__ import annotations

from itertools import permutations

Side = list[int]


def _can_step(me: Side, opp: Side, start: int, die: int) -> tuple[int, bool] | None:
    """Where a checker from `start` (25 = bar) lands with `die` (0 = off), and if it hits."""
    if me[24] > 0 and start != 25:
        return None
    if me[start - 1] == 0:
        return None
    target = start - die
    if target >= 1:
        their_point = 25 - target
        theirs = opp[their_point - 1]
        if theirs >= 2:
            return None
        return target, theirs == 1
    if sum(me[6:25]) > 0:
        return None
    if target == 0:
        return 0, False
    for higher in range(start + 1, 7):
        if me[higher - 1] > 0:
            return None
    return 0, False


def _walk(me: Side, opp: Side, dice: tuple[int, ...], used: tuple[int, ...], out: list) -> None:
    if not dice:
        out.append((tuple(me), tuple(opp), used))
        return
    moved = False
    die = dice[0]
    for start in range(1, 26):
        landing = _can_step(me, opp, start, die)
        if landing is None:
            continue
        moved = True
        target, hit = landing
        me2, opp2 = list(me), list(opp)
        me2[start - 1] -= 1
        if target:
            me2[target - 1] += 1
        if hit:
            opp2[25 - target - 1] -= 1
            opp2[24] += 1
        _walk(me2, opp2, dice[1:], (*used, die), out)
    if not moved:
        out.append((tuple(me), tuple(opp), used))


def results(mine: tuple[int, ...], theirs: tuple[int, ...], high: int, low: int) -> set:
    """The set of (mine, theirs) positions the rules allow after rolling high-low."""
    finals: list = []
    orders = [(high,) * 4] if high == low else list(set(permutations((high, low))))
    for order in orders:
        _walk(list(mine), list(theirs), order, (), finals)
    most = max(len(used) for _m, _t, used in finals)
    kept = [(m, t, used) for m, t, used in finals if len(used) == most]
    if most == 1 and high != low and any(used[0] == high for _m, _t, used in kept):
        kept = [(m, t, used) for m, t, used in kept if used[0] == high]
    return {(m, t) for m, t, _used in kept}


def most_dice(mine: tuple[int, ...], theirs: tuple[int, ...], high: int, low: int) -> int:
    finals: list = []
    orders = [(high,) * 4] if high == low else [(high, low), (low, high)]
    for order in orders:
        _walk(list(mine), list(theirs), order, (), finals)
    return max(len(used) for _m, _t, used in finals)

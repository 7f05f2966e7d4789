"""A second, deliberately naive reading of the move rules (rules §2–§5), for cross-checks.

It tries every order of the dice and every checker at every step, with no
pruning and no shared code with the engine (its Board, Dice and Step are only read
as values), and applies the dice rules at the end: most dice used; with one die of
a non-double, the larger when it can be. `every_way` lists the step sequences
themselves, for the step-by-step checks.
"""

from __future__ import annotations

from itertools import permutations

from engines.backgammon.rules import Board, Dice, Step  # values only: no rule is used

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


def _made(me: Side, opp: Side, frm: int, to: int, hit: bool) -> tuple[Side, Side]:
    """The sides after a checker moves from `frm` to `to` (0 = off), hitting or not."""
    me, opp = list(me), list(opp)
    me[frm - 1] -= 1
    if to:
        me[to - 1] += 1
    if hit:
        opp[25 - to - 1] -= 1
        opp[24] += 1
    return me, opp


def every_way(board: Board, player: int, dice: Dice) -> set[tuple[Step, ...]]:
    """Every sequence of single steps that plays the roll as the rules demand: each die
    moves a checker that is there to a point that is open (either die first), as many
    dice as can be played, and with one die of a non-double the larger when it can be."""
    ways: list[tuple[tuple[Step, ...], tuple[int, ...]]] = []

    def go(me: list[int], opp: list[int], order: tuple[int, ...], steps: tuple, used: tuple
           ) -> None:
        moved = False
        if order:
            for start in range(1, 26):
                landing = _can_step(me, opp, start, order[0])
                if landing is None:
                    continue
                moved = True
                to, hit = landing
                me2, opp2 = _made(me, opp, start, to, hit)
                go(me2, opp2, order[1:], (*steps, Step(start, to, hit)), (*used, order[0]))
        if not moved:
            ways.append((steps, used))

    me, opp = list(board.points[player]), list(board.points[1 - player])
    orders = {dice.moves} if dice.is_double else {(dice.high, dice.low), (dice.low, dice.high)}
    for order in orders:
        go(me, opp, order, (), ())
    most = max(len(steps) for steps, _used in ways)
    kept = [(steps, used) for steps, used in ways if len(steps) == most]
    if most == 1 and not dice.is_double and any(used[0] == dice.high for _s, used in kept):
        kept = [(steps, used) for steps, used in kept if used[0] == dice.high]
    return {steps for steps, _used in kept}

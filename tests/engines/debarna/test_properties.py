"""Property tests of the bag, the hand and the ticket rules (rules §2, §4–§6).

Hypothesis drives random seeds, random claim patterns (any subset of tickets
claiming at any moment, with or without a named stage, repeated, late, unknown
serials, tickets joining mid-hand) and random mutations of valid grids. Every
check is against a recomputation written here from the grid and the called
numbers, never against the engine's own bookkeeping.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from engines.debarna.bag import Bag, BagEmpty
from engines.debarna.hand import Hand, HandError, Reason
from engines.debarna.options import HandOptions, Stage
from engines.debarna.strips import make_strips
from engines.debarna.ticket import Ticket, TicketError

from .independent import decade, grid_problem

MAIN_ORDER = (Stage.LINE, Stage.TWO_LINES, Stage.FULL_HOUSE)
SEEDS = st.integers(min_value=0, max_value=2**64 - 1)

Cells = list[list[object]]


# -- an independent reading of the rules -----------------------------------------------------
def completions(grid: Sequence[Sequence[int | None]], position: dict[int, int]) -> dict[Stage, int]:
    """The call index on which each pattern of the ticket completed (absent: not yet).

    Rows give line / two lines / full house (§5); early five is the fifth number
    covered; four corners are the first and last numbers of the top and bottom rows.
    """
    done: dict[Stage, int] = {}
    rows = [[n for n in row if n is not None] for row in grid]
    row_done = sorted(max(position.get(n, 10**6) for n in row) for row in rows)
    for stage, index in zip(MAIN_ORDER, row_done, strict=True):
        if index < 10**6:
            done[stage] = index
    covered = sorted(position[n] for row in rows for n in row if n in position)
    if len(covered) >= 5:
        done[Stage.EARLY_FIVE] = covered[4]
    corners = (rows[0][0], rows[0][-1], rows[2][0], rows[2][-1])
    if all(n in position for n in corners):
        done[Stage.FOUR_CORNERS] = max(position[n] for n in corners)
    return done


def held_on(grid: Sequence[Sequence[int | None]], position: dict[int, int],
            last: int) -> set[Stage]:
    """The stages of which the ticket holds a complete instance containing call `last`.

    Rules §6, "how to read the last-number criterion": Line is any complete row, Two
    lines any two complete rows, Full house all three; the instance must hold the
    number of call `last`. The side patterns keep their single instance.
    """
    seen = {n: i for n, i in position.items() if i <= last}
    rows = [[n for n in row if n is not None] for row in grid]
    complete = [row for row in rows if all(n in seen for n in row)]
    fresh = [row for row in complete if any(seen[n] == last for n in row)]
    held: set[Stage] = set()
    if fresh:
        held.add(Stage.LINE)
        if len(complete) >= 2:
            held.add(Stage.TWO_LINES)
        if len(complete) == 3:
            held.add(Stage.FULL_HOUSE)
    side = completions(grid, seen)
    held.update(s for s in (Stage.EARLY_FIVE, Stage.FOUR_CORNERS) if side.get(s) == last)
    return held


def deal(seed: int, count: int) -> list[Ticket]:
    strips = make_strips(-(-count // 6), random.Random(seed))
    tickets = [t for strip in strips for t in strip][:count]
    for t in tickets:
        assert grid_problem(t.grid) is None, t
    return tickets


# -- the bag ---------------------------------------------------------------------------------
@settings(max_examples=60, deadline=None)
@given(seed=SEEDS)
def test_bag_draws_each_ball_once_and_outcomes_shrink(seed: int) -> None:
    bag = Bag(random.Random(seed))
    assert bag.outcomes == tuple(range(1, 91))
    drawn: list[int] = []
    for _ in range(90):
        before = bag.outcomes
        ball = bag.draw()
        assert ball in before
        assert bag.outcomes == tuple(n for n in before if n != ball)
        drawn.append(ball)
        assert bag.drawn == tuple(drawn)
        assert bag.remaining == 90 - len(drawn)
    assert sorted(drawn) == list(range(1, 91))
    assert bag.outcomes == ()
    with pytest.raises(BagEmpty):
        bag.draw()


# -- the hand --------------------------------------------------------------------------------
OPTIONS = st.builds(
    HandOptions,
    two_lines=st.booleans(),
    four_corners=st.booleans(),
    early_five=st.booleans(),
    burn_false_claims=st.booleans(),
)


class Model:
    """The winners as the rules (and the hand's documented Decisions) say they must be."""

    def __init__(self, options: HandOptions) -> None:
        self.options = options
        self.winners: dict[Stage, tuple[int, set[str]]] = {}

    def open_stages(self, last: int) -> set[Stage]:
        """Side stages until won; the first unwon main stage; a stage won on `last`."""
        main = [s for s in MAIN_ORDER if s in self.options.main_stages]
        following = next((s for s in main if s not in self.winners), None)
        open_ = set()
        for stage in self.options.stages:
            if stage in self.winners:
                if self.winners[stage][0] == last:
                    open_.add(stage)
            elif stage == following or stage not in MAIN_ORDER:
                open_.add(stage)
        return open_


@settings(max_examples=300, deadline=None)
@given(
    seed=SEEDS,
    count=st.integers(min_value=1, max_value=24),
    options=OPTIONS,
    plan_seed=SEEDS,
)
def test_hand_invariants_under_random_claims(
    seed: int, count: int, options: HandOptions, plan_seed: int
) -> None:
    plan = random.Random(plan_seed)  # who claims what, and when
    tickets = deal(seed, count)
    # Some tickets join before the first call, others later (they catch up).
    joins = {t.serial: (0 if plan.random() < 0.7 else plan.randrange(60)) for t in tickets}
    hand = Hand(options, [t for t in tickets if joins[t.serial] == 0])
    registered = {t.serial for t in tickets if joins[t.serial] == 0}
    bag = Bag(random.Random(seed ^ 0x5EED))
    model = Model(options)
    position: dict[int, int] = {}
    diligence = plan.choice([0.0, 0.3, 0.8, 1.0])
    chatter = plan.choice([0.0, 0.05, 0.3])

    def check_claim(serial: str, stage: Stage | None, spelled: str) -> None:
        last = len(position) - 1
        called_before = hand.called
        winners_before = hand.winners
        burnt_before = hand.is_burnt(serial)
        verdict = hand.claim(spelled, stage)
        assert hand.called == called_before  # a claim never changes the calls

        known = serial in registered
        ticket = next((t for t in tickets if t.serial == serial), None)
        done = completions(ticket.grid, position) if ticket else {}
        open_ = model.open_stages(last)
        candidates = open_ if stage is None else ({stage} & open_)
        held = held_on(ticket.grid, position, last) if ticket else set()
        # One main stage a card a call: the first open one it holds (or the one it won).
        already = next((s for s, (i, who) in model.winners.items()
                        if s in MAIN_ORDER and i == last and serial in who), None)
        won: set[Stage] = {s for s in candidates if s not in MAIN_ORDER and s in held}
        for s in MAIN_ORDER:
            if s in candidates and s in held and (already is None or s == already):
                won.add(s)
                break
        expect_valid = known and last >= 0 and not burnt_before and bool(won)
        assert verdict.valid == expect_valid, (serial, stage, last, verdict, done, open_)

        if not known:
            assert verdict.reason == Reason.UNKNOWN_TICKET
        elif last < 0:
            assert verdict.reason == Reason.NO_NUMBER_CALLED
        if not verdict.valid:
            assert verdict.reason is not None
            if verdict.reason == Reason.TOO_LATE:
                # A late refusal names the stage and the call on which the card had it.
                assert verdict.stage is not None and verdict.completed_call is not None
                assert done[verdict.stage] == verdict.completed_call < last
                assert verdict.completed_number == hand.called[verdict.completed_call]
                assert verdict.stage not in held_on(ticket.grid, position, last) or \
                    verdict.stage not in candidates
            assert hand.winners == winners_before  # a refused claim never changes winners
            if verdict.burnt or hand.is_burnt(serial):
                assert options.burn_false_claims
            return
        assert set(verdict.stages) == won
        event("valid claim naming its stage" if stage else "valid claim")
        for s in won:
            _, serials = model.winners.setdefault(s, (last, set()))
            serials.add(serial)

    def claim_moment() -> None:
        last = len(position) - 1
        claims: list[tuple[str, Stage | None]] = []
        for t in tickets:
            reached = sorted(held_on(t.grid, position, last))
            if last >= 0 and reached and plan.random() < diligence:
                claims.append((t.serial, plan.choice([None, *reached])))
            if plan.random() < chatter:
                claims.append((t.serial, plan.choice([None, *Stage])))
        if claims and plan.random() < 0.2:
            claims.append(plan.choice(claims))  # a repeated claim
        if plan.random() < 0.05:
            claims.append(("999-9", None))  # nobody has this ticket
        plan.shuffle(claims)
        for serial, stage in claims:
            # Hosts type serials loosely: spaces and case do not matter.
            spelled = f" {serial.lower()} " if plan.random() < 0.2 else serial
            check_claim(serial, stage, spelled)
        check_winners()

    def check_winners() -> None:
        winners = hand.winners
        assert {s: (w.call_index, set(w.serials)) for s, w in winners.items()} == model.winners
        for stage, win in winners.items():
            assert win.number == hand.called[win.call_index]
            assert len(set(win.serials)) == len(win.serials)
            for serial in win.serials:
                ticket = next(t for t in tickets if t.serial == serial)
                # Every winner held an instance of the stage on the win's call.
                assert stage in held_on(ticket.grid, position, win.call_index)
        indices = [winners[s].call_index for s in MAIN_ORDER if s in winners]
        assert indices == sorted(indices)  # line <= two lines <= full house
        present = [s in winners for s in options.main_stages]
        assert present == sorted(present, reverse=True)  # no stage won before an earlier one
        assert hand.is_over == (Stage.FULL_HOUSE in winners)

    claim_moment()  # claims before any number: all refused
    while not hand.is_over and bag.remaining:
        number = bag.draw()
        hand.call(number)
        position[number] = len(position)
        assert hand.called == tuple(position)
        for t in tickets:
            if t.serial not in registered and joins[t.serial] <= len(position):
                hand.register(t)
                registered.add(t.serial)
        claim_moment()

    for stage, win in hand.winners.items():
        if len(win.serials) > 1:
            event(f"shared {stage}")
    if any(hand.is_burnt(t.serial) for t in tickets):
        event("a card was burnt")
    if hand.is_over:
        event("hand over")
        assert Stage.FULL_HOUSE in hand.winners
        called = hand.called
        for ball in (*bag.outcomes[:3], called[0]):
            with pytest.raises(HandError):
                hand.call(ball)
        assert hand.called == called
    else:
        assert len(hand.called) == 90  # nobody claimed the full house in time


BAD_BALLS = st.one_of(
    st.integers(max_value=0),
    st.integers(min_value=91),
    st.booleans(),
    st.floats(min_value=1, max_value=90),
    st.text(max_size=3),
    st.none(),
)


@settings(max_examples=80, deadline=None)
@given(seed=SEEDS, calls=st.integers(min_value=0, max_value=60), bad=BAD_BALLS, data=st.data())
def test_hand_never_accepts_a_ball_twice_or_outside_1_to_90(
    seed: int, calls: int, bad: object, data: st.DataObject
) -> None:
    hand = Hand(HandOptions(), deal(seed, 3))
    bag = Bag(random.Random(seed))
    for _ in range(calls):
        if hand.is_over:
            break
        hand.call(bag.draw())
    called = hand.called
    with pytest.raises(HandError) as error:
        hand.call(bad)  # type: ignore[arg-type]
    assert error.value.rule
    if called:
        again = data.draw(st.sampled_from(called))
        with pytest.raises(HandError) as error:
            hand.call(again)
        assert error.value.rule
    assert hand.called == called


# -- the ticket ------------------------------------------------------------------------------
CELL_VALUES = st.one_of(
    st.none(),
    st.integers(min_value=-3, max_value=100),
    st.sampled_from([True, False, 5.0, "7", 90.0]),
)


def _mutate(grid: Cells, plan: random.Random, value: object, shape: bool) -> Cells:
    """One random change to a 3×9 grid: a cell, a swap, or (if `shape`) its shape."""
    kind = plan.randrange(8 if shape else 6)
    r, c = plan.randrange(3), plan.randrange(9)
    if kind == 0:
        grid[r][c] = value
    elif kind == 1:  # a number for another of the same column's decade
        grid[r][c] = plan.choice(list(decade(c)))
    elif kind == 2:
        r2, c2 = plan.randrange(3), plan.randrange(9)
        grid[r][c], grid[r2][c2] = grid[r2][c2], grid[r][c]
    elif kind == 3:  # swap within a column
        r2 = plan.randrange(3)
        grid[r][c], grid[r2][c] = grid[r2][c], grid[r][c]
    elif kind == 4:
        grid[r], grid[(r + 1) % 3] = grid[(r + 1) % 3], grid[r]
    elif kind == 5:  # a number moves to a blank of the same row
        blanks = [j for j in range(9) if grid[r][j] is None]
        if blanks and grid[r][c] is not None:
            grid[r][plan.choice(blanks)] = grid[r][c]
            grid[r][c] = None
    elif kind == 6:
        grid[r] = [*grid[r], None] if plan.random() < 0.5 else grid[r][:-1]
    else:
        grid = [*grid, [None] * 9] if plan.random() < 0.5 else grid[:2]
    return grid


@settings(max_examples=250, deadline=None)
@given(
    seed=SEEDS,
    steps=st.integers(min_value=0, max_value=3),
    values=st.lists(CELL_VALUES, min_size=3, max_size=3),
    plan=st.randoms(use_true_random=False),
)
def test_ticket_accepts_exactly_the_grids_the_rules_allow(
    seed: int, steps: int, values: list[object], plan: random.Random
) -> None:
    base = deal(seed, 6)[plan.randrange(6)]
    grid: Cells = [list(row) for row in base.grid]
    for step in range(steps):
        grid = _mutate(grid, plan, values[step], shape=step == steps - 1)
    problem = grid_problem(grid)
    event(f"grid: {problem or 'valid'}")
    if problem is None:
        ticket = Ticket("T-1", grid)  # type: ignore[arg-type]
        assert ticket.grid == tuple(tuple(row) for row in grid)
    else:
        with pytest.raises(TicketError) as error:
            Ticket("T-1", grid)  # type: ignore[arg-type]
        assert isinstance(error.value.rule, str)
        assert error.value.rule.strip(), f"no rule named for {problem}: {grid}"

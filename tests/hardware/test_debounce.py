"""The debouncer: bounces make one press, releases must settle, long presses once.

Times are in seconds. Generated gaps keep a 5 % margin from `hold` so that adding
floats up never decides a test.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hardware.debounce import Change, Debouncer, Settled

HOLD = 0.03
LONG = 1.5

short_gaps = st.floats(min_value=0.0, max_value=HOLD * 0.95)
steady = st.floats(min_value=HOLD * 1.05, max_value=HOLD * 20)
bounces = st.lists(short_gaps, min_size=0, max_size=12)


def changes(settled: list[Settled]) -> list[Change]:
    return [s.change for s in settled]


def run(debouncer: Debouncer, edges: list[tuple[bool, float]], end: float,
        polls: list[float] = ()) -> list[Settled]:  # type: ignore[assignment]
    """Feed edges and update at every poll time that falls among them, then at `end`."""
    out: list[Settled] = []
    pending = sorted(polls)
    for level, t in edges:
        while pending and pending[0] <= t:
            out += debouncer.update(pending.pop(0))
        debouncer.edge(level, t)
    out += debouncer.update(end)
    return out


def bounce_in(start: float, gaps: list[float]) -> tuple[list[tuple[bool, float]], float]:
    """A closing switch: pressed, then chatter with short gaps, ending pressed."""
    edges = [(True, start)]
    t = start
    level = True
    for gap in gaps:
        t += gap
        level = not level
        edges.append((level, t))
    if not level:
        edges.append((True, t))
    return edges, t


def bounce_out(start: float, gaps: list[float]) -> tuple[list[tuple[bool, float]], float]:
    """An opening switch: released, then chatter with short gaps, ending released."""
    edges, t = bounce_in(start, gaps)
    return [(not level, at) for level, at in edges], t


# -- properties -----------------------------------------------------------------

@settings(max_examples=300)
@given(gaps=st.lists(short_gaps, min_size=1, max_size=30), tail=short_gaps,
       polls=st.lists(st.floats(min_value=0.0, max_value=2.0), max_size=10))
def test_no_press_when_every_stable_period_is_shorter_than_hold(
        gaps: list[float], tail: float, polls: list[float]) -> None:
    edges = []
    t = 0.0
    level = True
    for gap in gaps:
        edges.append((level, t))
        t += gap
        level = not level
    last_level = edges[-1][0]
    end = edges[-1][1] + (tail if last_level else 100.0)
    debouncer = Debouncer(HOLD, LONG)
    assert Change.PRESS not in changes(run(debouncer, edges, end, polls))
    assert not debouncer.pressed


@settings(max_examples=300)
@given(gaps=bounces, held=steady, start=st.floats(min_value=0.0, max_value=1e4),
       polls=st.lists(st.floats(min_value=0.0, max_value=1.0), max_size=10))
def test_a_press_held_longer_than_hold_after_the_last_bounce_is_exactly_one_press(
        gaps: list[float], held: float, start: float, polls: list[float]) -> None:
    edges, last = bounce_in(start, gaps)
    debouncer = Debouncer(HOLD)
    out = run(debouncer, edges, last + held, [start + p for p in polls])
    assert changes(out) == [Change.PRESS]
    assert out[0].at == pytest.approx(last + HOLD)
    assert debouncer.update(last + 1000.0) == []


@settings(max_examples=200)
@given(presses=st.lists(st.tuples(bounces, steady, bounces, steady), min_size=1, max_size=6),
       polls=st.lists(st.floats(min_value=0.0, max_value=5.0), max_size=20))
def test_presses_separated_by_stable_releases_each_count_once(
        presses: list[tuple[list[float], float, list[float], float]],
        polls: list[float]) -> None:
    edges: list[tuple[bool, float]] = []
    t = 0.0
    for down, held, up, rest in presses:
        closing, t = bounce_in(t, down)
        t += held
        opening, t = bounce_out(t, up)
        t += rest
        edges += closing + opening
    out = run(Debouncer(HOLD), edges, t, polls)
    assert changes(out) == [Change.PRESS, Change.RELEASE] * len(presses)
    assert [s.at for s in out] == sorted(s.at for s in out)


@settings(max_examples=200)
@given(presses=st.lists(st.tuples(bounces, st.floats(min_value=0.0, max_value=3.0), bounces,
                                  steady), min_size=1, max_size=4),
       polls=st.lists(st.floats(min_value=0.0, max_value=15.0), max_size=30))
def test_what_settles_does_not_depend_on_how_often_it_is_polled(
        presses: list[tuple[list[float], float, list[float], float]],
        polls: list[float]) -> None:
    edges: list[tuple[bool, float]] = []
    t = 0.0
    for down, held, up, rest in presses:
        closing, t = bounce_in(t, down)
        t += held
        opening, t = bounce_out(t, up)
        t += rest
        edges += closing + opening
    once = run(Debouncer(HOLD, LONG), edges, t + 10)
    often = run(Debouncer(HOLD, LONG), edges, t + 10, polls)
    assert once == often


@settings(max_examples=300)
@given(down=bounces, held=st.floats(min_value=HOLD * 1.05, max_value=4.0), up=bounces)
def test_a_long_press_is_reported_once_when_held_long_enough_and_never_when_not(
        down: list[float], held: float, up: list[float]) -> None:
    closing, pressed_from = bounce_in(0.0, down)
    opening, quiet_from = bounce_out(pressed_from + held, up)
    out = changes(run(Debouncer(HOLD, LONG), closing + opening, quiet_from + 10))
    assert out.count(Change.PRESS) == 1
    if held >= LONG * 1.001:
        assert out.count(Change.LONG_PRESS) == 1
    elif quiet_from - pressed_from <= LONG * 0.999:  # let go, chatter and all, before LONG
        assert Change.LONG_PRESS not in out


# -- rules, one by one ----------------------------------------------------------

def test_five_edges_inside_the_bounce_window_make_one_press() -> None:
    debouncer = Debouncer(HOLD)
    for i, level in enumerate((True, False, True, False, True)):
        debouncer.edge(level, i * 0.004)
    assert debouncer.update(0.02) == []
    assert debouncer.update(0.016 + HOLD) == [Settled(Change.PRESS, 0.016 + HOLD)]
    assert debouncer.update(5.0) == []


def test_a_press_is_reported_only_after_hold() -> None:
    debouncer = Debouncer(HOLD)
    debouncer.edge(True, 1.0)
    assert debouncer.update(1.0 + HOLD * 0.9) == []
    assert not debouncer.pressed
    assert changes(debouncer.update(1.0 + HOLD)) == [Change.PRESS]
    assert debouncer.pressed


def test_a_release_must_settle_before_the_next_press_counts() -> None:
    debouncer = Debouncer(HOLD)
    debouncer.edge(True, 0.0)
    assert changes(debouncer.update(0.1)) == [Change.PRESS]
    debouncer.edge(False, 0.2)
    debouncer.edge(True, 0.2 + HOLD / 2)  # released too briefly: the press goes on
    assert debouncer.update(1.0) == []
    debouncer.edge(False, 1.1)
    assert changes(debouncer.update(1.1 + HOLD)) == [Change.RELEASE]
    debouncer.edge(True, 1.2)
    assert changes(debouncer.update(1.3)) == [Change.PRESS]


def test_an_edge_to_the_level_the_line_has_changes_nothing() -> None:
    debouncer = Debouncer(HOLD)
    debouncer.edge(True, 0.0)
    debouncer.edge(True, 0.02)
    assert changes(debouncer.update(HOLD)) == [Change.PRESS]


def test_a_switch_closed_at_start_is_not_a_press() -> None:
    debouncer = Debouncer(HOLD, LONG, pressed=True)
    assert debouncer.update(100.0) == []
    debouncer.edge(False, 100.0)
    assert changes(debouncer.update(101.0)) == [Change.RELEASE]


def test_a_long_press_is_reported_once_after_the_press() -> None:
    debouncer = Debouncer(HOLD, LONG)
    debouncer.edge(True, 0.0)
    assert changes(debouncer.update(0.5)) == [Change.PRESS]
    assert debouncer.update(LONG * 0.99) == []
    assert debouncer.update(LONG) == [Settled(Change.LONG_PRESS, LONG)]
    assert debouncer.update(10.0) == []


def test_a_long_press_settles_after_the_press_when_polled_late() -> None:
    debouncer = Debouncer(HOLD, LONG)
    debouncer.edge(True, 0.0)
    assert debouncer.update(5.0) == [Settled(Change.PRESS, HOLD), Settled(Change.LONG_PRESS, LONG)]


def test_a_short_press_is_not_a_long_press() -> None:
    debouncer = Debouncer(HOLD, LONG)
    debouncer.edge(True, 0.0)
    debouncer.edge(False, 0.4)
    assert changes(debouncer.update(10.0)) == [Change.PRESS, Change.RELEASE]


def test_a_bounce_while_held_does_not_end_or_repeat_the_long_press() -> None:
    debouncer = Debouncer(HOLD, LONG)
    debouncer.edge(True, 0.0)
    debouncer.edge(False, 1.0)
    debouncer.edge(True, 1.005)
    assert changes(debouncer.update(LONG)) == [Change.PRESS, Change.LONG_PRESS]
    debouncer.edge(False, 2.0)
    debouncer.edge(True, 2.005)
    assert debouncer.update(5.0) == []


def test_without_long_press_no_long_press_is_reported() -> None:
    debouncer = Debouncer(HOLD)
    debouncer.edge(True, 0.0)
    assert changes(debouncer.update(100.0)) == [Change.PRESS]


def test_a_time_earlier_than_one_seen_counts_as_that_time() -> None:
    debouncer = Debouncer(HOLD)
    debouncer.update(10.0)
    debouncer.edge(True, 5.0)
    assert debouncer.update(10.0 + HOLD * 0.5) == []
    assert changes(debouncer.update(10.0 + HOLD)) == [Change.PRESS]


def test_due_says_when_something_settles() -> None:
    debouncer = Debouncer(HOLD, LONG)
    assert debouncer.due() is None
    debouncer.edge(True, 1.0)
    due = debouncer.due()
    assert due == pytest.approx(1.0 + HOLD)
    assert changes(debouncer.update(due)) == [Change.PRESS]
    due = debouncer.due()
    assert due == pytest.approx(1.0 + LONG)
    assert changes(debouncer.update(due)) == [Change.LONG_PRESS]
    assert debouncer.due() is None


@pytest.mark.parametrize("hold, long_press", [(0.0, None), (-1.0, None), (0.03, 0.0)])
def test_times_must_be_positive(hold: float, long_press: float | None) -> None:
    with pytest.raises(ValueError):
        Debouncer(hold, long_press)

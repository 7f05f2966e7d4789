"""Rules §2–3 and §7 of Dabernā: the card, the strip, and the mistakes the source warns of."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engines.debarna.strips import (
    COLUMN_SIZES,
    StripSampler,
    make_strip,
    make_strips,
    sampler,
)
from engines.debarna.ticket import Ticket, TicketError, validate_strip

from .cards import CARD_A, grid_from_rows


def _rule(grid: object) -> str:
    with pytest.raises(TicketError) as caught:
        Ticket("X", grid)  # type: ignore[arg-type]
    return caught.value.rule


# -- §2 The card -----------------------------------------------------------------------


def test_a_card_has_3_rows_and_9_columns() -> None:
    assert _rule([[None] * 9] * 2) == "3 rows x 9 columns"
    assert _rule([[None] * 8] * 3) == "3 rows x 9 columns"


def test_the_card_is_not_5_by_5() -> None:
    american = [[1, 16, 31, 46, 61], [2, 17, 32, 47, 62], [3, 18, None, 48, 63],
                [4, 19, 33, 49, 64], [5, 20, 34, 50, 65]]
    assert _rule(american) == "3 rows x 9 columns"


def test_a_card_holds_15_numbers_5_in_every_row() -> None:
    assert len(CARD_A.numbers) == 15
    grid = grid_from_rows((1, 10, 20, 30, 40), (41, 50, 60, 70, 80), (2, 21, 51, 71, 81))
    grid[0][0] = None
    assert _rule(grid) == "5 numbers per row"


def test_column_k_holds_only_its_decade() -> None:
    grid = grid_from_rows((1, 10, 20, 30, 40), (41, 50, 60, 70, 80), (2, 21, 51, 71, 81))
    grid[0][1] = 25
    assert _rule(grid) == "column decade"


@pytest.mark.parametrize("column, low, high", [(0, 1, 9), (1, 10, 19), (7, 70, 79), (8, 80, 90)])
def test_column_ranges_follow_the_table(column: int, low: int, high: int) -> None:
    from engines.debarna.ticket import column_range

    assert (column_range(column).start, column_range(column).stop - 1) == (low, high)


def test_how_many_numbers_each_column_has() -> None:
    assert COLUMN_SIZES == (9, 10, 10, 10, 10, 10, 10, 10, 11)


def test_numbers_do_not_go_to_99() -> None:
    grid = grid_from_rows((1, 10, 20, 30, 40), (41, 50, 60, 70, 80), (2, 21, 51, 71, 81))
    grid[2][8] = 99
    assert _rule(grid) == "column decade"


def test_every_column_holds_at_least_one_number() -> None:
    grid = [[1, 10, 20, 30, 40, None, None, None, None],
            [2, 11, 21, 31, 41, None, None, None, None],
            [3, 12, 22, 32, 42, None, None, None, None]]
    assert _rule(grid) == "no empty column"


def test_columns_are_sorted_from_top_to_bottom() -> None:
    grid = grid_from_rows((2, 10, 20, 30, 40), (41, 50, 60, 70, 80), (1, 21, 51, 71, 81))
    assert _rule(grid) == "columns sorted"


def test_no_number_appears_twice_on_a_card() -> None:
    grid = grid_from_rows((1, 10, 20, 30, 40), (41, 50, 60, 70, 80), (2, 20, 51, 71, 81))
    assert _rule(grid) == "no repeated number"


def test_a_cell_holds_a_number_or_a_blank() -> None:
    grid = grid_from_rows((1, 10, 20, 30, 40), (41, 50, 60, 70, 80), (2, 21, 51, 71, 81))
    grid[0][0] = "1"  # type: ignore[call-overload]
    assert _rule(grid) == "cells hold numbers"


def test_a_ticket_round_trips_through_json() -> None:
    assert Ticket.from_json(CARD_A.to_json()) == CARD_A
    with pytest.raises(TicketError):
        Ticket.from_json({"grid": []})


# -- §3 Strips ---------------------------------------------------------------------------


def test_a_strip_holds_every_number_1_to_90_exactly_once() -> None:
    rng = random.Random(11)
    for _ in range(200):
        strip = make_strip(rng)
        validate_strip(strip)
        for ticket in strip:
            Ticket(ticket.serial, ticket.grid)  # the generator's tickets pass validation


def test_a_broken_strip_is_named() -> None:
    strip = make_strip(random.Random(1))
    with pytest.raises(TicketError) as caught:
        validate_strip([*strip[:5], strip[0]])
    assert caught.value.rule == "strip covers 1-90 once"


def test_a_box_of_48_cards_is_8_strips() -> None:
    box = make_strips(8, random.Random(2))
    tickets = [t for strip in box for t in strip]
    assert len(tickets) == 48
    assert len({t.serial for t in tickets}) == 48
    assert Counter(n for t in tickets for n in t.numbers) == {n: 8 for n in range(1, 91)}


def test_the_number_of_strips_is_about_4_68e77() -> None:
    count = sampler().strip_count()
    assert 4.67e77 < count < 4.69e77


def test_the_sampler_chooses_column_counts_with_the_exact_weights() -> None:
    # The probabilities of all column-count choices for the first ticket sum to one,
    # and the empirical frequency of "no full column" tracks the exact probability.
    s = StripSampler()
    rng = random.Random(4)
    draws = [s.column_counts(rng) for _ in range(4000)]
    for counts in draws[:50]:
        assert 0 < s.probability_of_counts(counts) <= 1
        assert [sum(col) for col in zip(*counts, strict=True)] == list(COLUMN_SIZES)
    shares = Counter(c.count(3) for counts in draws for c in counts)
    assert abs(shares[0] / (6 * len(draws)) - 0.388) < 0.015


def test_strips_are_drawn_from_the_injected_random_source() -> None:
    one = [t.grid for t in make_strip(random.Random(8))]
    assert one == [t.grid for t in make_strip(random.Random(8))]
    assert one != [t.grid for t in make_strip(random.Random(9))]

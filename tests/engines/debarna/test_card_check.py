"""A store card's structure check (rules §2 and §8 "A shop set's cards"), one test a rule.

A reading that breaks the row or decade rules (or has a number twice) is refused, naming
the rule, the row or column and the number; a column that does not rise is doubtful, not
refused; a cell the reader was unsure of stays doubtful; a card that holds is a ticket
the hand plays.
"""

from __future__ import annotations

import pytest

from engines.debarna.card_check import (
    CardRule,
    Doubt,
    Reading,
    StoreCard,
    check_card,
    place_rows,
)
from engines.debarna.hand import Hand
from engines.debarna.options import Stage
from engines.debarna.ticket import Ticket, TicketError

from .cards import call_all, grid_from_rows

GOOD_ROWS = ((1, 10, 20, 30, 40), (41, 50, 60, 70, 80), (2, 21, 51, 71, 81))


def good_grid() -> list[list[object]]:
    return [list(row) for row in grid_from_rows(*GOOD_ROWS)]


def test_a_good_card_holds_and_plays_as_a_ticket() -> None:
    check = check_card(Reading(good_grid()), serial="S7")
    assert check.holds and check.problems == () and check.doubts == {}
    card = check.card
    assert isinstance(card, StoreCard) and isinstance(card, Ticket)
    assert card.serial == "S7"
    assert card.rows == tuple(frozenset(row) for row in GOOD_ROWS)
    hand = Hand(tickets=[card])
    call_all(hand, GOOD_ROWS[1])
    assert hand.claim("S7").stages == (Stage.LINE,)


def test_a_shop_card_may_leave_a_column_empty() -> None:
    # No number of 10-19 nor 60-90: §8 assumes nothing of a set beyond rows and decades.
    rows = ((1, 20, 30, 40, 50), (2, 21, 31, 41, 51), (3, 22, 32, 42, 52))
    check = check_card(Reading(grid_from_rows(*rows)))
    assert check.holds and check.card is not None
    with pytest.raises(TicketError, match="column 2 is empty"):
        Ticket("K1", grid_from_rows(*rows))  # the kiosk's own tickets never do


def test_a_reading_that_is_not_3_rows_of_9_cells_is_refused() -> None:
    check = check_card(Reading(good_grid()[:2]))
    assert not check.holds and check.card is None
    (problem,) = check.problems
    assert problem.rule is CardRule.SHAPE and problem.values["rows"] == 2
    assert "3 rows of 9 cells" in problem.message


def test_a_row_of_four_is_refused_naming_the_row_and_its_count() -> None:
    grid = good_grid()
    grid[1][4] = None  # row 2 loses its 41
    check = check_card(Reading(grid))
    assert check.card is None
    (problem,) = check.problems
    assert problem.rule is CardRule.ROW_OF_FIVE
    assert problem.values == {"row": 2, "count": 4}
    assert "row 2 holds 4 numbers" in problem.message and "5" in problem.message
    assert len(problem.cells) == 4 and all(r == 1 for r, _ in problem.cells)


def test_a_row_of_six_is_refused() -> None:
    grid = good_grid()
    grid[0][8] = 90
    (problem,) = check_card(Reading(grid)).problems
    assert problem.rule is CardRule.ROW_OF_FIVE and problem.values == {"row": 1, "count": 6}


def test_a_number_out_of_its_column_decade_is_refused_naming_column_and_number() -> None:
    grid = good_grid()
    grid[0][1] = 25  # column 2 holds 10-19
    check = check_card(Reading(grid))
    assert check.card is None
    (problem,) = check.problems
    assert problem.rule is CardRule.COLUMN_DECADE
    assert problem.values == {"row": 1, "column": 2, "number": 25, "low": 10, "high": 19,
                              "belongs": 3}
    assert problem.cells == ((0, 1),)
    assert "25" in problem.message and "column 2" in problem.message
    assert "10-19" in problem.message


def test_the_last_column_holds_80_to_90() -> None:
    grid = good_grid()
    grid[1][8] = 90
    assert check_card(Reading(grid)).holds
    grid[1][8] = 79
    (problem,) = check_card(Reading(grid)).problems
    assert problem.rule is CardRule.COLUMN_DECADE and problem.values["low"] == 80


@pytest.mark.parametrize(("number", "column"), [(0, 0), (91, 8), (99, 8)])
def test_numbers_run_from_1_to_90(number: int, column: int) -> None:
    grid = good_grid()
    grid[0][0] = grid[0][4] = None  # the top row keeps 3 numbers and gets `number`, and 2
    grid[0][column], grid[0][5] = number, 55
    (problem,) = check_card(Reading(grid)).problems
    assert problem.rule is CardRule.NUMBER_RANGE
    assert problem.values == {"row": 1, "column": column + 1, "number": number}
    assert f"{number} is not a number from 1 to 90" in problem.message


def test_a_cell_that_is_not_a_number_is_refused() -> None:
    grid = good_grid()
    grid[2][5] = "5l"  # a misread 51
    (problem,) = check_card(Reading(grid)).problems
    assert problem.rule is CardRule.NOT_A_NUMBER
    assert problem.values == {"row": 3, "column": 6, "text": "5l"} and problem.cells == ((2, 5),)


def test_no_number_is_twice_on_a_card() -> None:
    grid = good_grid()
    grid[1][1], grid[1][4] = 10, None  # row 2 has the top row's 10 in place of its 41
    check = check_card(Reading(grid))
    (problem,) = check.problems
    assert problem.rule is CardRule.NUMBER_TWICE
    assert problem.values == {"number": 10, "row": 2, "column": 2, "first_row": 1,
                              "first_column": 2}
    assert problem.cells == ((0, 1), (1, 1))
    assert "10 is on the card twice" in problem.message


def test_every_broken_rule_is_named_not_only_the_first() -> None:
    grid = good_grid()
    grid[0][1] = 25
    grid[2][0] = None
    rules = [p.rule for p in check_card(Reading(grid)).problems]
    assert rules == [CardRule.COLUMN_DECADE, CardRule.ROW_OF_FIVE]


def test_a_column_that_does_not_rise_is_doubtful_not_refused() -> None:
    rows = ((9, 10, 20, 30, 40), (41, 50, 60, 70, 80), (2, 21, 51, 71, 81))  # 9 above 2
    check = check_card(Reading(grid_from_rows(*rows)))
    assert check.holds and check.card is not None
    assert check.doubts == {(0, 0): (Doubt.COLUMN_ORDER,), (2, 0): (Doubt.COLUMN_ORDER,)}
    with pytest.raises(TicketError, match="not sorted"):
        Ticket("K1", grid_from_rows(*rows))


def test_a_cell_the_reader_doubted_stays_doubtful() -> None:
    check = check_card(Reading(good_grid(), doubtful=frozenset({(1, 3), (0, 8)})))
    assert check.holds and check.card is not None  # a doubt alone refuses nothing
    assert check.doubts == {(0, 8): (Doubt.READER,), (1, 3): (Doubt.READER,)}
    assert check.doubtful == {(0, 8), (1, 3)}


def test_doubts_are_kept_on_a_refused_reading_too() -> None:
    grid = good_grid()
    grid[0][1] = 25
    grid[2][0], grid[0][0] = 1, 2  # and column 1 falls: 2 above 1
    check = check_card(Reading(grid, doubtful=frozenset({(0, 1)})))
    assert [p.rule for p in check.problems] == [CardRule.COLUMN_DECADE]
    assert check.doubts == {(0, 0): (Doubt.COLUMN_ORDER,), (0, 1): (Doubt.READER,),
                            (2, 0): (Doubt.COLUMN_ORDER,)}


def test_a_store_card_is_never_made_of_a_broken_grid() -> None:
    grid = good_grid()
    grid[1][4] = None
    with pytest.raises(TicketError, match="row 2 holds 4 numbers") as caught:
        StoreCard("S1", grid)  # type: ignore[arg-type]
    assert caught.value.rule == CardRule.ROW_OF_FIVE


def test_typed_rows_are_placed_in_their_decades_columns() -> None:
    grid, problems = place_rows([40, 1, 30, 10, 20])
    assert problems == [] and grid == grid_from_rows((1, 10, 20, 30, 40))
    grid, problems = place_rows([n for row in GOOD_ROWS for n in row])
    assert problems == [] and grid == grid_from_rows(*GOOD_ROWS)


def test_typed_numbers_must_be_a_row_or_a_card() -> None:
    for typed in ([1, 10, 20, 30], list(range(1, 15)), []):
        grid, problems = place_rows(typed)
        assert grid == [] and [p.rule for p in problems] == [CardRule.COUNT]
        assert problems[0].values == {"count": len(typed)}

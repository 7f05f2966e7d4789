"""Checking a claim by numbers (rules §8 "Checking by numbers", judged by §5 and §6).

The card checked is one the hand has never seen: CARD_C's numbers, typed by the host,
with only CARD_A in play (or nothing). Calls are numbered from 1 as in the rules; "row r
done on call k" means its fifth number was the k-th call.
"""

from __future__ import annotations

import pytest

from engines.debarna.by_numbers import ByNumbers, card_name, check_by_numbers, named_numbers
from engines.debarna.card_check import CardRule
from engines.debarna.hand import Hand, HandError, Reason
from engines.debarna.options import HandOptions, Stage

from .cards import CARD_A, CARD_C, TOP, call_all

C_ROWS = tuple(tuple(n for n in row if n is not None) for row in CARD_C.grid)
C_ALL = [n for row in C_ROWS for n in row]  # the card's 15, typed row by row


def calls_for(done_on: dict[int, int], length: int) -> list[int]:
    """`length` calls in which row r of CARD_C completes exactly on call done_on[r], and
    the other calls are numbers on neither CARD_C nor CARD_A."""
    taken = set(C_ALL) | CARD_A.numbers
    fillers = iter(n for n in range(1, 91) if n not in taken)
    fixed: dict[int, int] = {}
    slots = iter(k for k in range(1, length + 1) if k not in done_on.values())
    for row, call in sorted(done_on.items(), key=lambda item: item[1]):
        *first_four, fifth = C_ROWS[row]
        for n in first_four:
            slot = next(slots)
            assert slot < call
            fixed[slot] = n
        fixed[call] = fifth
    return [fixed[k] if k in fixed else next(fillers) for k in range(1, length + 1)]


def played(done_on: dict[int, int], length: int, **options: bool) -> tuple[Hand, list[int]]:
    hand = Hand(HandOptions(**options), [CARD_A])
    calls = calls_for(done_on, length)
    call_all(hand, calls)
    return hand, calls


def assert_late(result: ByNumbers, stage: Stage, call: int, number: int) -> None:
    verdict = result.verdict
    assert verdict is not None and not verdict.valid and verdict.by_numbers
    assert verdict.reason is Reason.TOO_LATE and verdict.stage is stage
    assert verdict.completed_call == call - 1 and verdict.completed_number == number
    assert f"complete on call {call} (number {number})" in result.message


# -- §6's worked examples, checked by numbers ---------------------------------------------


def test_example_1_the_row_on_the_last_number_is_a_line_though_an_older_row_went_unclaimed(
) -> None:
    hand, _ = played({0: 34, 1: 38}, 38)
    by_row = check_by_numbers(hand, C_ROWS[1])
    assert by_row.valid and by_row.verdict is not None
    assert by_row.verdict.stages == (Stage.LINE,) and by_row.verdict.by_numbers
    assert "checked by numbers" in by_row.message
    assert hand.winners[Stage.LINE].call_index == 37
    # The whole card typed on call 38: the hand finds row B itself.
    other, _ = played({0: 34, 1: 38}, 38)
    by_card = check_by_numbers(other, C_ALL)
    assert by_card.valid and by_card.verdict is not None and by_card.verdict.rows == (1,)
    assert by_card.verdict.ticket is not None and by_card.verdict.ticket.rows == CARD_C.rows


def test_example_1_the_older_row_alone_is_late_on_the_newer_rows_call() -> None:
    hand, calls = played({0: 34, 1: 38}, 38)
    result = check_by_numbers(hand, C_ROWS[0])  # a claim that can only point at row A
    assert_late(result, Stage.LINE, 34, calls[33])
    assert hand.winners == {}


def test_example_2_a_line_complete_on_an_earlier_call_is_too_late_naming_stage_and_number(
) -> None:
    for typed in (C_ROWS[0], C_ALL):
        hand, _ = played({0: 34}, 35)
        result = check_by_numbers(hand, typed)
        assert_late(result, Stage.LINE, 34, C_ROWS[0][-1])
        assert "a line" in result.message
        assert hand.winners == {}


def test_example_3_two_lines_valid_on_the_call_of_a_new_pair_refused_between() -> None:
    hand, _ = played({0: 57, 1: 61, 2: 70}, 57)
    assert check_by_numbers(hand, C_ROWS[0]).valid  # Line on call 57
    call_all(hand, calls_for({0: 57, 1: 61, 2: 70}, 62)[57:])
    late = check_by_numbers(hand, C_ALL, Stage.TWO_LINES)
    assert_late(late, Stage.TWO_LINES, 61, calls_for({0: 57, 1: 61, 2: 70}, 62)[60])
    assert late.verdict is not None and late.verdict.rows == (0, 1)
    call_all(hand, calls_for({0: 57, 1: 61, 2: 70}, 70)[62:])
    good = check_by_numbers(hand, C_ALL)
    assert good.valid and good.verdict is not None
    assert good.verdict.stages == (Stage.TWO_LINES,) and 2 in good.verdict.rows


def test_example_3_the_pair_completed_by_the_last_number_wins_when_line_was_won_elsewhere(
) -> None:
    hand = Hand(HandOptions(), [CARD_A])
    call_all(hand, [*C_ROWS[0], *C_ROWS[1][:4], *TOP])
    assert hand.claim("A").stages == (Stage.LINE,)  # A wins Line; C's row 0 went unclaimed
    hand.call(C_ROWS[1][4])
    result = check_by_numbers(hand, C_ALL)
    assert result.valid and result.verdict is not None
    assert result.verdict.stages == (Stage.TWO_LINES,) and result.verdict.rows == (0, 1)


def test_example_4_full_house_is_valid_only_on_the_call_that_covered_the_last_number(
) -> None:
    plan = {0: 20, 1: 30, 2: 40}
    hand, _ = played(plan, 20)
    assert check_by_numbers(hand, C_ALL).verdict.stages == (Stage.LINE,)  # type: ignore[union-attr]
    call_all(hand, calls_for(plan, 30)[20:])
    assert check_by_numbers(hand, C_ALL).verdict.stages == (Stage.TWO_LINES,)  # type: ignore[union-attr]
    call_all(hand, calls_for(plan, 40)[30:])
    full = check_by_numbers(hand, C_ALL)
    assert full.valid and full.verdict.stages == (Stage.FULL_HOUSE,)  # type: ignore[union-attr]
    assert hand.is_over
    late_hand, _ = played(plan, 20)
    check_by_numbers(late_hand, C_ALL)
    call_all(late_hand, calls_for(plan, 30)[20:])
    check_by_numbers(late_hand, C_ALL)
    calls = calls_for(plan, 41)
    call_all(late_hand, calls[30:])
    assert_late(check_by_numbers(late_hand, C_ALL), Stage.FULL_HOUSE, 40, calls[39])
    assert not late_hand.is_over


def test_example_5_one_call_wins_one_main_stage_the_first_open_one() -> None:
    hand, _ = played({0: 10, 1: 20, 2: 30}, 30)  # the last number completes row 2 and the card
    result = check_by_numbers(hand, C_ALL)
    assert result.valid and result.verdict.stages == (Stage.LINE,)  # type: ignore[union-attr]
    assert not hand.is_over
    not_open = check_by_numbers(hand, C_ALL, Stage.FULL_HOUSE).verdict
    assert not_open is not None and not_open.reason is Reason.NOT_IN_PLAY
    again = check_by_numbers(hand, C_ALL, Stage.TWO_LINES)
    assert again.verdict is not None and again.verdict.reason is Reason.ONE_STAGE_A_CALL
    assert "one stage a number" in again.message
    assert set(hand.winners) == {Stage.LINE}


def test_example_5_a_card_that_won_by_its_row_is_the_same_card_typed_whole() -> None:
    hand, _ = played({0: 10, 1: 20, 2: 30}, 30)
    assert check_by_numbers(hand, C_ROWS[2]).valid  # Line, by the row the last number made
    again = check_by_numbers(hand, C_ALL, Stage.TWO_LINES)
    assert again.verdict is not None and again.verdict.reason is Reason.ONE_STAGE_A_CALL
    assert again.verdict.serial == card_name([C_ROWS[2]])
    assert set(hand.winners) == {Stage.LINE}
    assert hand.winners[Stage.LINE].serials == (card_name([C_ROWS[2]]),)


# -- the last-number rule, numbers not called ---------------------------------------------


def test_a_row_called_whole_but_not_on_the_last_number_is_late() -> None:
    hand, _ = played({2: 12}, 13)
    assert_late(check_by_numbers(hand, C_ROWS[2]), Stage.LINE, 12, C_ROWS[2][-1])
    assert hand.winners == {}


def test_a_number_not_called_refuses_the_claim_and_is_named() -> None:
    hand = Hand(HandOptions(), [CARD_A])
    call_all(hand, C_ROWS[0][1:])  # 4 of the row; the last is on the row, the first is not
    result = check_by_numbers(hand, C_ROWS[0])
    assert result.verdict is not None and not result.valid
    assert result.verdict.reason is Reason.NOT_COMPLETE and result.verdict.by_numbers
    assert result.not_called == (C_ROWS[0][0],)
    assert f"not called: {C_ROWS[0][0]}" in result.message
    assert hand.winners == {}


def test_nothing_called_nothing_to_check() -> None:
    result = check_by_numbers(Hand(), C_ROWS[0])
    assert result.verdict is not None and result.verdict.reason is Reason.NO_NUMBER_CALLED


# -- the numbers must fit §2's shape -----------------------------------------------------


def test_a_row_of_four_is_refused_naming_the_rule() -> None:
    hand, _ = played({0: 5}, 5)
    result = check_by_numbers(hand, C_ROWS[0][:4])
    assert result.verdict is None and not result.valid
    assert [p.rule for p in result.problems] == [CardRule.COUNT]
    assert result.problems[0].values == {"count": 4}
    assert "4 numbers were typed" in result.message and "5 numbers" in result.message
    assert hand.winners == {}


def test_two_numbers_of_one_decade_in_a_row_are_refused_naming_column_and_numbers() -> None:
    hand, _ = played({0: 5}, 5)
    result = check_by_numbers(hand, (4, 11, 15, 31, 43))
    (problem,) = result.problems
    assert problem.rule is CardRule.ONE_A_COLUMN and result.verdict is None
    assert problem.values == {"row": 1, "column": 2, "number": 15, "other": 11,
                              "low": 10, "high": 19}
    assert "11 and 15 are both in column 2 (10-19)" in result.message


@pytest.mark.parametrize("number", [0, 91, 99])
def test_a_number_outside_1_to_90_is_refused(number: int) -> None:
    hand, _ = played({0: 5}, 5)
    (problem,) = check_by_numbers(hand, (4, 11, 23, 31, number)).problems
    assert problem.rule is CardRule.NUMBER_RANGE and problem.values["number"] == str(number)


def test_a_number_typed_twice_on_a_card_is_refused() -> None:
    hand, _ = played({0: 5}, 5)
    typed = [*C_ALL[:14], C_ALL[0]]  # the last row typed with the top row's 4
    problems = check_by_numbers(hand, typed).problems
    assert [p.rule for p in problems] == [CardRule.NUMBER_TWICE]
    assert problems[0].values == {"number": 4, "row": 3, "first_row": 1}


def test_a_card_typed_with_a_row_of_the_wrong_decades_names_its_row() -> None:
    hand, _ = played({0: 5}, 5)
    typed = [*C_ROWS[0], 12, 32, 44, 54, 63, 5, 24, 28, 74, 84]  # row 3: 24 and 28
    (problem,) = check_by_numbers(hand, typed).problems
    assert problem.rule is CardRule.ONE_A_COLUMN and problem.values["row"] == 3


# -- a row is not enough for more than a line ----------------------------------------------


@pytest.mark.parametrize("stage", [Stage.TWO_LINES, Stage.FULL_HOUSE])
def test_a_row_typed_for_two_lines_or_full_house_cannot_be_enough(stage: Stage) -> None:
    hand, _ = played({0: 10, 1: 20, 2: 30}, 30)
    result = check_by_numbers(hand, C_ROWS[2], stage)
    assert result.verdict is None and not result.valid and result.row_not_enough is stage
    assert "a row shows only a line" in result.message and "15 numbers" in result.message
    assert hand.winners == {}


def test_a_row_typed_once_line_is_won_is_not_enough_for_the_stage_in_play() -> None:
    hand = Hand(HandOptions(), [CARD_A])
    call_all(hand, TOP)
    assert hand.claim("A").valid
    call_all(hand, C_ROWS[1])
    result = check_by_numbers(hand, C_ROWS[1])
    assert result.row_not_enough is Stage.TWO_LINES and result.verdict is None
    assert "two lines needs the card's 15 numbers" in result.message


def test_a_row_cannot_show_a_side_pattern() -> None:
    hand = Hand(HandOptions(early_five=True), [CARD_A])
    call_all(hand, C_ROWS[0])
    assert check_by_numbers(hand, C_ROWS[0], Stage.EARLY_FIVE).row_not_enough is Stage.EARLY_FIVE
    verdict = check_by_numbers(hand, C_ROWS[0]).verdict  # unnamed: the row's Line only
    assert verdict is not None and verdict.stages == (Stage.LINE,)
    with pytest.raises(HandError, match="row alone"):
        from engines.debarna.hand import CardRow
        hand.claim_unseen(CardRow("R", frozenset(C_ROWS[0])), Stage.EARLY_FIVE)


def test_the_whole_card_typed_can_win_a_side_pattern() -> None:
    hand = Hand(HandOptions(early_five=True), [CARD_A])
    call_all(hand, [C_ROWS[0][0], C_ROWS[1][0], C_ROWS[2][0], C_ROWS[0][1], C_ROWS[1][1]])
    result = check_by_numbers(hand, C_ALL)
    assert result.valid and result.verdict.stages == (Stage.EARLY_FIVE,)  # type: ignore[union-attr]


# -- shared wins -------------------------------------------------------------------------


def test_a_card_in_play_and_a_card_checked_by_numbers_share_the_win() -> None:
    hand = Hand(HandOptions(), [CARD_A])
    call_all(hand, TOP)  # CARD_A's top row and the shop card's row both end on 40
    assert hand.claim("A").valid
    result = check_by_numbers(hand, TOP, name="shop-7")
    assert result.valid and result.verdict is not None
    assert result.verdict.shared_with == ("A",)
    assert hand.winners[Stage.LINE].serials == ("A", "shop-7")
    assert "shared with A" in result.message


def test_a_card_in_play_claiming_after_a_card_checked_by_numbers_shares_too() -> None:
    hand = Hand(HandOptions(), [CARD_A])
    call_all(hand, TOP)
    assert check_by_numbers(hand, TOP).valid
    verdict = hand.claim("A")
    assert verdict.valid and verdict.shared_with == (card_name([TOP]),)


def test_two_cards_checked_by_numbers_on_one_number_share_and_a_later_one_is_late() -> None:
    hand = Hand(HandOptions(), [CARD_A])
    first, second, third = (4, 11, 23, 31, 43), (5, 12, 24, 32, 43), (6, 13, 25, 33, 43)
    call_all(hand, [4, 11, 23, 31, 5, 12, 24, 32, 6, 13, 25, 33, 43])
    one = check_by_numbers(hand, first)
    two = check_by_numbers(hand, second)
    assert one.valid and two.valid and two.verdict is not None
    assert two.verdict.shared_with == (card_name([first]),)
    assert hand.winners[Stage.LINE].serials == (card_name([first]), card_name([second]))
    hand.call(90)
    late = check_by_numbers(hand, third)  # it had the line on 43 too, but is typed on 90
    assert_late(late, Stage.LINE, 13, 43)
    assert hand.winners[Stage.LINE].serials == (card_name([first]), card_name([second]))


def test_a_card_that_could_have_shared_but_is_typed_after_the_next_number_is_late() -> None:
    hand = Hand(HandOptions(), [CARD_A])
    call_all(hand, TOP)
    assert hand.claim("A").valid
    hand.call(90)
    result = check_by_numbers(hand, TOP)
    assert result.verdict is not None and result.verdict.reason is Reason.TOO_LATE
    assert hand.winners[Stage.LINE].serials == ("A",)


# -- which card it is --------------------------------------------------------------------


def test_the_same_numbers_typed_again_are_the_same_card() -> None:
    hand, _ = played({0: 10}, 10)
    first = check_by_numbers(hand, C_ROWS[0])
    again = check_by_numbers(hand, tuple(reversed(C_ROWS[0])))
    assert first.valid and again.valid and again.verdict is not None
    assert again.verdict.shared_with == ()
    assert hand.winners[Stage.LINE].serials == (card_name([C_ROWS[0]]),)


def test_a_name_made_of_numbers_reads_back_as_them() -> None:
    assert card_name([C_ROWS[0]]) == "N04-11-23-31-43"
    assert named_numbers(card_name(C_ROWS)) == frozenset(C_ALL)
    assert named_numbers("007-3") is None and named_numbers("N04-11") is None


def test_a_burnt_card_checked_by_numbers_stays_burnt() -> None:
    hand = Hand(HandOptions(burn_false_claims=True), [CARD_A])
    call_all(hand, C_ROWS[0][:4])
    false = check_by_numbers(hand, C_ROWS[0])
    assert false.verdict is not None and false.verdict.burnt
    hand.call(C_ROWS[0][4])
    burnt = check_by_numbers(hand, C_ROWS[0])
    assert burnt.verdict is not None and burnt.verdict.reason is Reason.BURNT
    assert hand.winners == {}


def test_a_row_that_won_typed_again_later_is_not_enough_and_is_not_burnt() -> None:
    hand = Hand(HandOptions(burn_false_claims=True), [CARD_A])
    call_all(hand, C_ROWS[0])
    assert check_by_numbers(hand, C_ROWS[0]).valid
    hand.call(90)
    again = check_by_numbers(hand, C_ROWS[0])
    assert again.row_not_enough is Stage.TWO_LINES and again.verdict is None
    assert not hand.is_burnt(card_name([C_ROWS[0]]))

"""Rules §4–6 of Dabernā, one test per rule sentence, named after it."""

from __future__ import annotations

import random

import pytest

from engines.debarna.bag import Bag, BagEmpty
from engines.debarna.hand import Hand, HandError, Reason
from engines.debarna.options import HandOptions, Stage
from engines.debarna.strips import make_strip

from .cards import CARD_A, CARD_B, CARD_C, TOP, call_all, make_ticket, new_hand

ROW_A2 = (41, 50, 60, 70, 80)
ROW_A3 = (2, 21, 51, 71, 81)


# -- §4 A hand -------------------------------------------------------------------------


def test_a_called_ball_never_returns_to_the_bag() -> None:
    bag = Bag(random.Random(5))
    drawn = [bag.draw() for _ in range(90)]
    assert sorted(drawn) == list(range(1, 91))
    with pytest.raises(BagEmpty):
        bag.draw()


def test_the_bag_lists_the_balls_still_in_it() -> None:
    bag = Bag(random.Random(1))
    first = bag.draw()
    assert first not in bag.outcomes
    assert len(bag.outcomes) == bag.remaining == 89


def test_the_draw_comes_from_the_injected_random_source() -> None:
    one = [Bag(random.Random(9)).draw() for _ in range(3)]
    assert one == [Bag(random.Random(9)).draw() for _ in range(3)]
    order_a = Bag(random.Random(1))
    order_b = Bag(random.Random(2))
    assert [order_a.draw() for _ in range(90)] != [order_b.draw() for _ in range(90)]


def test_a_called_number_cannot_be_called_again() -> None:
    hand = new_hand()
    hand.call(7)
    with pytest.raises(HandError, match="already been called"):
        hand.call(7)
    assert hand.called == (7,)


@pytest.mark.parametrize("ball", [0, 91, 99, -1])
def test_only_balls_1_to_90_exist(ball: int) -> None:
    hand = new_hand()
    with pytest.raises(HandError, match="1 to 90"):
        hand.call(ball)
    assert hand.called == ()


def test_play_goes_on_through_the_stages_and_the_hand_ends_at_a_full_house() -> None:
    hand = new_hand()
    call_all(hand, TOP)
    assert hand.claim("A").stages == (Stage.LINE,)
    assert not hand.is_over
    call_all(hand, ROW_A2)
    assert hand.claim("A").stages == (Stage.TWO_LINES,)
    assert not hand.is_over
    call_all(hand, ROW_A3)
    assert hand.claim("A").stages == (Stage.FULL_HOUSE,)
    assert hand.is_over
    with pytest.raises(HandError, match="hand is over"):
        hand.call(90)


# -- §5 Win stages -----------------------------------------------------------------------


@pytest.mark.parametrize("row", [0, 1, 2])
def test_line_is_all_five_numbers_of_any_one_row(row: int) -> None:
    hand = Hand(HandOptions(), [CARD_C])
    numbers = sorted(CARD_C.rows[row])
    call_all(hand, numbers[:4])
    assert hand.claim("C").reason is Reason.NOT_COMPLETE
    hand.call(numbers[4])
    verdict = hand.claim("C")
    assert verdict.valid and verdict.stages == (Stage.LINE,)


def test_line_is_played_for_first_so_two_lines_cannot_be_won_before_it() -> None:
    hand = new_hand()
    assert hand.next_stage is Stage.LINE
    call_all(hand, TOP[:4])
    verdict = hand.claim("A", Stage.TWO_LINES)
    assert verdict.reason is Reason.NOT_IN_PLAY
    assert hand.winners == {}


def test_two_lines_is_any_two_of_the_three_rows() -> None:
    hand = Hand(HandOptions(), [CARD_A])
    call_all(hand, ROW_A3)
    assert hand.claim("A").stages == (Stage.LINE,)
    call_all(hand, TOP)
    verdict = hand.claim("A")
    assert verdict.valid and verdict.stages == (Stage.TWO_LINES,)


def test_two_lines_is_on_by_default() -> None:
    assert HandOptions().two_lines
    assert new_hand().options.main_stages == (Stage.LINE, Stage.TWO_LINES, Stage.FULL_HOUSE)


def test_two_lines_can_be_skipped_as_a_setting() -> None:
    hand = new_hand(two_lines=False)
    call_all(hand, TOP)
    assert hand.claim("A").stages == (Stage.LINE,)
    hand.call(ROW_A2[0])
    assert hand.next_stage is Stage.FULL_HOUSE
    call_all(hand, ROW_A2[1:])
    assert hand.claim("A").reason is Reason.NOT_COMPLETE
    assert hand.claim("A", Stage.TWO_LINES).reason is Reason.NOT_IN_PLAY
    call_all(hand, ROW_A3)
    assert hand.claim("A").stages == (Stage.FULL_HOUSE,)
    assert Stage.TWO_LINES not in hand.winners


def test_full_house_is_all_fifteen_numbers_and_the_hand_ends_there() -> None:
    hand = Hand(HandOptions(two_lines=False), [CARD_C])
    numbers = sorted(CARD_C.numbers)
    lines = [sorted(row) for row in CARD_C.rows]
    call_all(hand, lines[0])
    assert hand.claim("C").valid
    call_all(hand, lines[1] + lines[2][:4])
    assert hand.claim("C").reason is Reason.NOT_COMPLETE
    assert not hand.is_over
    hand.call(lines[2][4])
    assert hand.claim("C").stages == (Stage.FULL_HOUSE,)
    assert hand.is_over and set(hand.called) == set(numbers)


def test_reaching_the_first_stage_does_not_end_the_hand() -> None:
    hand = new_hand()
    call_all(hand, TOP)
    assert hand.claim("A").valid
    assert not hand.is_over
    hand.call(90)
    assert hand.next_stage is Stage.TWO_LINES


def test_a_full_column_is_not_a_win() -> None:
    # Column 3 (20-29) of this card holds three numbers: 20, 21, 22.
    card = make_ticket("K", (1, 10, 20, 30, 40), (11, 21, 31, 41, 50), (2, 22, 60, 70, 80))
    hand = Hand(HandOptions(), [card])
    call_all(hand, (20, 21, 22))
    verdict = hand.claim("K")
    assert not verdict.valid and verdict.reason is Reason.NOT_COMPLETE
    assert hand.reached_on_last() == {}


def test_a_diagonal_is_not_a_win() -> None:
    card = make_ticket("K", (1, 10, 20, 30, 40), (11, 21, 31, 41, 50), (2, 22, 60, 70, 80))
    hand = Hand(HandOptions(), [card])
    call_all(hand, (1, 11, 22))  # columns 1, 2, 3 down the rows
    assert hand.claim("K").reason is Reason.NOT_COMPLETE


def test_extra_patterns_are_off_by_default() -> None:
    options = HandOptions()
    assert not options.four_corners and not options.early_five
    hand = new_hand()
    call_all(hand, (4, 11, 23, 31, 43))  # five numbers and two corners of C, plus its line
    assert hand.claim("C").stages == (Stage.LINE,)
    assert Stage.EARLY_FIVE not in hand.winners


def test_early_five_when_agreed_is_any_five_numbers() -> None:
    hand = new_hand(early_five=True)
    call_all(hand, (4, 12, 24, 31, 63))  # spread over three rows of C
    verdict = hand.claim("C")
    assert verdict.valid and verdict.stages == (Stage.EARLY_FIVE,)
    assert hand.next_stage is Stage.LINE


def test_four_corners_when_agreed_are_the_ends_of_the_top_and_bottom_rows() -> None:
    hand = new_hand(four_corners=True)
    call_all(hand, (4, 43, 5))
    assert hand.claim("C", Stage.FOUR_CORNERS).reason is Reason.NOT_COMPLETE
    hand.call(84)
    verdict = hand.claim("C")
    assert verdict.valid and verdict.stages == (Stage.FOUR_CORNERS,)


def test_a_side_prize_and_a_line_won_on_the_same_number() -> None:
    hand = new_hand(four_corners=True)
    call_all(hand, (5, 84, 4, 11, 23, 31))
    hand.call(43)  # the fourth corner, and the last number of C's top row
    verdict = hand.claim("C")
    assert set(verdict.stages) == {Stage.FOUR_CORNERS, Stage.LINE}


# -- §6 Table rules ---------------------------------------------------------------------


def test_a_claim_is_valid_until_the_next_number_is_called() -> None:
    hand = new_hand()
    call_all(hand, TOP)
    assert hand.claim("A").valid
    assert hand.claim("B").valid  # same number still: B shares


def test_a_missed_claim_is_refused_once_the_next_number_is_called() -> None:
    hand = new_hand()
    call_all(hand, TOP)
    hand.call(90)
    verdict = hand.claim("A")
    assert not verdict.valid and verdict.reason is Reason.TOO_LATE
    assert hand.winners == {}


def test_the_criterion_is_the_last_number_called_not_who_shouted_first() -> None:
    hand = new_hand()
    call_all(hand, TOP)
    first = hand.claim("B")
    second = hand.claim("A")
    assert first.valid and second.valid
    assert hand.winners[Stage.LINE].serials == ("B", "A")
    assert hand.winners[Stage.LINE].number == TOP[-1]


def test_the_pattern_must_be_completed_by_the_number_just_called() -> None:
    hand = new_hand()
    call_all(hand, TOP[:4])
    hand.call(90)  # not on any card
    verdict = hand.claim("A")
    assert verdict.reason is Reason.NOT_COMPLETE


def test_a_card_that_completed_earlier_but_was_claimed_late_is_refused() -> None:
    hand = new_hand()
    call_all(hand, TOP)  # A and B both complete their top row here; nobody claims
    call_all(hand, (4, 11, 23, 31, 43))  # C completes its top row on 43
    late = hand.claim("A")
    assert late.reason is Reason.TOO_LATE and late.stage is Stage.LINE
    on_time = hand.claim("C")
    assert on_time.valid and hand.winners[Stage.LINE].serials == ("C",)


def test_cards_that_complete_the_stage_on_the_same_number_share_the_win() -> None:
    hand = new_hand()
    call_all(hand, TOP)
    a = hand.claim("A")
    b = hand.claim("B")
    assert a.valid and b.valid
    assert b.shared_with == ("A",)
    assert hand.winners[Stage.LINE].serials == ("A", "B")


def test_the_host_sees_which_cards_reached_the_stage_on_the_last_number() -> None:
    hand = new_hand()
    call_all(hand, TOP)
    assert hand.reached_on_last() == {Stage.LINE: ["A", "B"]}
    hand.call(90)
    assert hand.reached_on_last() == {}


def test_a_false_claim_leaves_the_hand_where_it_was() -> None:
    hand = new_hand()
    call_all(hand, TOP[:3])
    before = (hand.called, hand.winners, hand.next_stage, hand.open_stages())
    verdict = hand.claim("A")
    assert verdict.reason is Reason.NOT_COMPLETE and not verdict.burnt
    assert (hand.called, hand.winners, hand.next_stage, hand.open_stages()) == before
    call_all(hand, TOP[3:])
    assert hand.claim("A").valid


def test_the_burn_rule_is_off_by_default() -> None:
    assert not HandOptions().burn_false_claims


def test_with_the_burn_rule_a_false_claim_burns_the_card_for_the_rest_of_the_hand() -> None:
    hand = new_hand(burn_false_claims=True)
    call_all(hand, TOP[:4])
    verdict = hand.claim("A")
    assert verdict.reason is Reason.NOT_COMPLETE and verdict.burnt
    assert hand.is_burnt("A")
    hand.call(TOP[4])
    assert hand.claim("A").reason is Reason.BURNT
    assert hand.reached_on_last() == {Stage.LINE: ["B"]}
    assert hand.claim("B").valid


def test_the_burn_rule_does_not_burn_a_late_claim() -> None:
    hand = new_hand(burn_false_claims=True)
    call_all(hand, TOP)
    hand.call(90)
    assert hand.claim("A").reason is Reason.TOO_LATE
    assert not hand.is_burnt("A")


def test_a_claim_for_a_stage_already_won_is_refused() -> None:
    hand = new_hand()
    call_all(hand, (4, 11, 23, 31, 43))
    assert hand.claim("C").valid
    call_all(hand, TOP)  # A completes a line, but the line went to C two numbers ago
    verdict = hand.claim("A")
    assert verdict.reason is Reason.STAGE_WON and verdict.stage is Stage.LINE
    named = hand.claim("B", Stage.LINE)
    assert named.reason is Reason.STAGE_WON
    assert hand.winners[Stage.LINE].serials == ("C",)


def test_a_player_may_hold_several_cards_and_each_is_checked_on_its_own() -> None:
    strip = make_strip(random.Random(3))
    hand = Hand(HandOptions(), strip[:4])
    first, second = strip[0], strip[1]
    call_all(hand, sorted(first.rows[0]))
    assert hand.claim(first.serial).valid
    assert hand.claim(second.serial).reason is Reason.NOT_COMPLETE


def test_an_unknown_ticket_is_refused_and_changes_nothing() -> None:
    hand = new_hand()
    call_all(hand, TOP)
    verdict = hand.claim("ZZZ-9")
    assert verdict.reason is Reason.UNKNOWN_TICKET and verdict.ticket is None
    assert hand.winners == {}


def test_a_claim_before_any_number_is_refused() -> None:
    assert new_hand().claim("A").reason is Reason.NO_NUMBER_CALLED


def test_a_repeated_valid_claim_is_recorded_once() -> None:
    hand = new_hand()
    call_all(hand, TOP)
    assert hand.claim("A").valid
    assert hand.claim("A").valid
    assert hand.winners[Stage.LINE].serials == ("A",)


def test_after_the_hand_the_called_balls_are_there_to_check_the_winning_card() -> None:
    hand = new_hand(two_lines=False)
    calls = [*TOP, *ROW_A2, *ROW_A3]
    for n in calls:
        hand.call(n)
        hand.claim("A")
    assert hand.is_over
    assert hand.called == tuple(calls)
    win = hand.winners[Stage.FULL_HOUSE]
    assert hand.ticket(win.serials[0]).numbers <= set(hand.called[: win.call_index + 1])


def test_full_house_shared_on_the_last_number() -> None:
    twin = make_ticket("A2", TOP, ROW_A2, (3, 22, 51, 71, 81))
    hand = Hand(HandOptions(two_lines=False), [CARD_A, twin])
    call_all(hand, TOP)
    assert hand.claim("A").valid and hand.claim("A2").valid
    call_all(hand, [*ROW_A2, 2, 3, 21, 22, 51, 71])
    hand.call(81)
    assert hand.claim("A").valid and hand.is_over
    verdict = hand.claim("A2")
    assert verdict.valid and verdict.shared_with == ("A",)


def test_a_ticket_registered_late_catches_up_with_the_calls() -> None:
    hand = Hand(HandOptions())
    call_all(hand, TOP)
    hand.register(CARD_A)
    assert hand.claim("A").valid


def test_two_tickets_cannot_share_a_serial() -> None:
    hand = Hand(HandOptions(), [CARD_A])
    with pytest.raises(HandError, match="serial"):
        hand.register(make_ticket("A", *[sorted(r) for r in CARD_B.rows]))
    hand.register(CARD_A)  # the same ticket again is harmless
    assert len(hand.tickets) == 1


def test_serials_are_matched_as_a_host_types_them() -> None:
    hand = Hand(HandOptions(), [make_ticket("007-3", TOP, ROW_A2, ROW_A3)])
    call_all(hand, TOP)
    assert hand.claim(" 007-3 ").valid
    assert hand.claim("0073").valid  # the dash is optional when typing
    assert CARD_A.serial == "A" and CARD_B.serial == "B" and CARD_C.serial == "C"


def test_a_bag_resumed_after_a_restart_never_gives_a_drawn_ball_again() -> None:
    first = Bag(random.Random(4))
    drawn = [first.draw() for _ in range(30)]
    bag = Bag.resumed(random.Random(99), drawn)
    assert bag.drawn == tuple(drawn) and bag.remaining == 60
    rest = [bag.draw() for _ in range(60)]
    assert sorted(drawn + rest) == list(range(1, 91))
    with pytest.raises(ValueError, match="twice"):
        Bag.resumed(random.Random(1), [5, 5])


def test_a_card_that_could_have_shared_but_claims_after_the_next_number_is_too_late() -> None:
    hand = new_hand()
    call_all(hand, TOP)  # A and B both complete their top row on 40
    assert hand.claim("A").valid
    hand.call(90)
    verdict = hand.claim("B")
    assert verdict.reason is Reason.TOO_LATE and verdict.stage is Stage.LINE
    assert hand.winners[Stage.LINE].serials == ("A",)


# -- §6 How to read the last-number criterion: the worked examples -----------------------
# Calls are numbered from 1 as in the rules; "row r done on call k" means its fifth
# number was the k-th call. Only CARD_C is in play, so 75 numbers are free as fillers.
C_ROWS = tuple(tuple(n for n in row if n is not None) for row in CARD_C.grid)


def _calls(done_on: dict[int, int], length: int) -> list[int]:
    """A call sequence in which row r of CARD_C completes exactly on call done_on[r]."""
    on_card = {n for row in C_ROWS for n in row}
    fillers = iter(n for n in range(1, 91) if n not in on_card)
    fixed: dict[int, int] = {}
    early = iter(range(1, length + 1))
    for row, call in sorted(done_on.items(), key=lambda item: item[1]):
        *first_four, fifth = C_ROWS[row]
        for n in first_four:
            slot = next(early)
            while slot in fixed or slot in done_on.values():
                slot = next(early)
            fixed[slot] = n
        fixed[call] = fifth
    assert all(slot < done_on[r] for r in done_on for slot, n in fixed.items()
               if n in C_ROWS[r] and n != C_ROWS[r][-1])
    return [fixed[k] if k in fixed else next(fillers) for k in range(1, length + 1)]


def _play(done_on: dict[int, int], claims: dict[int, Stage | None], length: int,
          **options: bool) -> tuple[Hand, list[int], dict[int, object]]:
    """Call `length` numbers; after call k, claim for CARD_C if k is in `claims`."""
    hand = Hand(HandOptions(**options), [CARD_C])
    calls = _calls(done_on, length)
    verdicts: dict[int, object] = {}
    for k, n in enumerate(calls, start=1):
        hand.call(n)
        if k in claims:
            verdicts[k] = hand.claim("C", claims[k])
    return hand, calls, verdicts


def test_example_1_a_new_row_on_the_last_number_is_a_line_though_an_older_row_went_unclaimed(
) -> None:
    hand, calls, _ = _play({0: 34, 1: 38}, {}, 38)
    assert hand.reached_on_last() == {Stage.LINE: ["C"]}  # auto-check agrees
    verdict = hand.claim("C")
    assert verdict.valid and verdict.stages == (Stage.LINE,)
    assert verdict.rows == (1,)  # row B holds the last number
    assert calls[-1] in C_ROWS[1]
    assert hand.winners[Stage.LINE].call_index == 37


def test_example_2_a_line_complete_on_an_earlier_call_is_too_late_naming_stage_and_number(
) -> None:
    hand, calls, _ = _play({0: 34}, {}, 35)
    assert hand.reached_on_last() == {}  # auto-check agrees: nothing to claim on call 35
    verdict = hand.claim("C")
    assert not verdict.valid and verdict.reason == Reason.TOO_LATE
    assert verdict.stage == Stage.LINE
    assert verdict.completed_call == 33  # call 34
    assert verdict.completed_number == calls[33] == C_ROWS[0][-1]
    assert verdict.rows == (0,)
    assert hand.winners == {}


def test_example_3_two_lines_valid_on_the_call_of_a_new_pair_refused_between() -> None:
    # Line won by this card on call 57; rows done on calls 57, 61 and 70.
    hand, calls, verdicts = _play({0: 57, 1: 61, 2: 70}, {57: None, 62: None}, 69)
    assert verdicts[57].valid and verdicts[57].stages == (Stage.LINE,)  # type: ignore[attr-defined]
    late = verdicts[62]
    assert late.reason == Reason.TOO_LATE and late.stage == Stage.TWO_LINES  # type: ignore[attr-defined]
    assert late.completed_call == 60 and late.completed_number == calls[60]  # type: ignore[attr-defined]
    assert late.rows == (0, 1)  # type: ignore[attr-defined]
    hand.call(_calls({0: 57, 1: 61, 2: 70}, 70)[69])  # call 70 completes row 2
    assert hand.reached_on_last() == {Stage.TWO_LINES: ["C"]}  # auto-check agrees
    verdict = hand.claim("C")
    assert verdict.valid and verdict.stages == (Stage.TWO_LINES,)
    assert 2 in verdict.rows and len(verdict.rows) == 2


def test_example_3_the_pair_completed_by_the_last_number_wins_when_line_was_won_elsewhere(
) -> None:
    other = make_ticket("D", (6, 13, 25, 33, 45), (14, 34, 46, 56, 64), (7, 26, 57, 75, 85))
    hand = Hand(HandOptions(), [CARD_C, other])
    order = [*C_ROWS[0], *C_ROWS[1][:4], 6, 13, 25, 33, 45]
    for n in order:
        hand.call(n)
    assert hand.claim("D").stages == (Stage.LINE,)  # D wins Line; C's row 0 went unclaimed
    hand.call(C_ROWS[1][4])  # C's second row: the pair {row 0, row 1} holds the last number
    assert hand.reached_on_last() == {Stage.TWO_LINES: ["C"]}
    assert hand.claim("C").stages == (Stage.TWO_LINES,)


def test_example_4_full_house_is_valid_only_on_the_call_that_covered_the_last_number(
) -> None:
    claims: dict[int, Stage | None] = {20: None, 30: None, 40: None}
    hand, _, verdicts = _play({0: 20, 1: 30, 2: 40}, claims, 40)
    assert [verdicts[k].stages for k in (20, 30, 40)] == [  # type: ignore[attr-defined]
        (Stage.LINE,), (Stage.TWO_LINES,), (Stage.FULL_HOUSE,)]
    assert hand.is_over
    late_hand, calls, verdicts = _play({0: 20, 1: 30, 2: 40}, {20: None, 30: None, 41: None}, 41)
    late = verdicts[41]
    assert late.reason == Reason.TOO_LATE and late.stage == Stage.FULL_HOUSE  # type: ignore[attr-defined]
    assert late.completed_call == 39 and late.completed_number == calls[39]  # type: ignore[attr-defined]
    assert not late_hand.is_over


def test_example_5_one_call_wins_one_main_stage_the_first_open_one() -> None:
    hand, _, _ = _play({0: 10, 1: 20, 2: 30}, {}, 30)
    assert hand.reached_on_last() == {Stage.LINE: ["C"]}
    verdict = hand.claim("C")
    assert verdict.valid and verdict.stages == (Stage.LINE,)
    assert not hand.is_over
    # Full house is not yet open; two lines is, but not to the card that just won Line.
    assert hand.claim("C", Stage.FULL_HOUSE).reason == Reason.NOT_IN_PLAY
    again = hand.claim("C", Stage.TWO_LINES)
    assert again.reason == Reason.ONE_STAGE_A_CALL and not again.valid
    assert hand.claim("C").stages == (Stage.LINE,)  # the same claim again: still Line
    assert set(hand.winners) == {Stage.LINE}


def test_example_5_without_two_lines_the_full_card_on_the_last_number_still_wins_only_line(
) -> None:
    hand, _, _ = _play({0: 10, 1: 20, 2: 30}, {}, 30, two_lines=False)
    assert hand.claim("C").stages == (Stage.LINE,)
    assert not hand.is_over

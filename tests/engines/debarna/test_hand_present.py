"""`Hand.present`: a verified ticket comes to the hand, and the hand says what happens.

Every branch the call decides, each with the exact answer: the ticket in play (its claim
checked, or nothing changed), a ticket joining or replacing the other grid held under its
serial, one kept out (its claim tried on a copy, nothing recorded), and one refused
because a card that has won holds its serial. The tickets come through their signed
codes, as the kiosk's scanner gives them.
"""

from __future__ import annotations

import pytest

from engines.debarna.codes import TicketCodes
from engines.debarna.hand import Admit, Entry, Hand, Presented, Reason, Verdict
from engines.debarna.options import HandOptions, Stage
from engines.debarna.ticket import Ticket

from .cards import TOP, call_all, make_ticket

CODES = TicketCodes("ABCDEF", bytes(range(32)))

ROW_2 = (41, 50, 60, 70, 80)
ROW_3 = (2, 21, 51, 71, 81)
OTHER_TOP = (4, 11, 23, 31, 43)
# One serial, two grids (as two tickets printed under one serial before serials were kept
# with the key), and a ticket with a serial of its own whose top row is the other grid's.
HELD = make_ticket("001-1", TOP, ROW_2, ROW_3)
OTHER = make_ticket("001-1", OTHER_TOP, (12, 32, 44, 54, 63), (5, 24, 55, 74, 84))
NEWCOMER = make_ticket("002-4", OTHER_TOP, (13, 33, 45, 56, 64), (6, 25, 57, 75, 85))


def scanned(ticket: Ticket) -> Ticket:
    """The ticket as a scan of its signed code gives it."""
    return CODES.verify(CODES.encode(ticket)).ticket


def hand_with_held(**options: bool) -> Hand:
    return Hand(HandOptions(**options), [HELD])


def line(ticket: Ticket, call_index: int) -> Verdict:
    """A good claim for a line on the top row."""
    return Verdict(ticket.serial, True, stages=(Stage.LINE,), ticket=ticket,
                   call_index=call_index, rows=(0,))


# -- the ticket in play -------------------------------------------------------------------


@pytest.mark.parametrize("admit", list(Admit))
def test_the_ticket_in_play_changes_nothing_at_check_in(admit: Admit) -> None:
    hand = hand_with_held()
    assert hand.present(scanned(HELD), admit, claim=False) == Presented(Entry.IN_PLAY)
    assert hand.tickets == (HELD,)


@pytest.mark.parametrize("admit", list(Admit))
def test_the_ticket_in_play_has_its_claim_checked_and_recorded(admit: Admit) -> None:
    hand = hand_with_held()
    call_all(hand, TOP)
    assert hand.present(scanned(HELD), admit) == Presented(Entry.IN_PLAY, line(HELD, 4))
    assert hand.winners[Stage.LINE].serials == (HELD.serial,)


def test_the_ticket_in_play_with_nothing_complete_is_refused() -> None:
    hand = hand_with_held()
    call_all(hand, TOP[:4])
    assert hand.present(scanned(HELD)) == Presented(Entry.IN_PLAY, Verdict(
        HELD.serial, False, reason=Reason.NOT_COMPLETE, ticket=HELD, call_index=3,
        stage=Stage.LINE))
    assert hand.winners == {}


def test_a_claim_before_any_number_is_refused() -> None:
    hand = hand_with_held()
    assert hand.present(scanned(HELD)) == Presented(Entry.IN_PLAY, Verdict(
        HELD.serial, False, reason=Reason.NO_NUMBER_CALLED, ticket=HELD))


# -- a ticket let in ----------------------------------------------------------------------


def test_at_check_in_a_new_ticket_joins() -> None:
    hand = hand_with_held()
    assert hand.present(scanned(NEWCOMER), Admit.ALL, claim=False) == Presented(Entry.JOINED)
    assert hand.tickets == (HELD, NEWCOMER)


def test_at_check_in_another_grid_under_a_held_serial_replaces_it() -> None:
    hand = hand_with_held()
    assert hand.present(scanned(OTHER), Admit.ALL, claim=False) == Presented(Entry.REPLACED)
    assert hand.tickets == (OTHER,)


@pytest.mark.parametrize("admit", [Admit.FREE, Admit.ALL])
def test_a_ticket_with_a_free_serial_joins_and_its_claim_counts(admit: Admit) -> None:
    hand = hand_with_held()
    call_all(hand, OTHER_TOP)  # before it joined: it catches up
    assert hand.present(scanned(NEWCOMER), admit) == Presented(Entry.JOINED, line(NEWCOMER, 4))
    assert hand.ticket(NEWCOMER.serial) == NEWCOMER
    assert hand.winners[Stage.LINE].serials == (NEWCOMER.serial,)


def test_a_ticket_the_host_lets_in_replaces_the_other_grid_and_its_claim_counts() -> None:
    hand = hand_with_held()
    call_all(hand, OTHER_TOP)
    assert hand.present(scanned(OTHER), Admit.ALL) == Presented(Entry.REPLACED, line(OTHER, 4))
    assert hand.tickets == (OTHER,)
    assert hand.winners[Stage.LINE].serials == (OTHER.serial,)


# -- a ticket kept out --------------------------------------------------------------------


@pytest.mark.parametrize("admit", [Admit.NONE, Admit.FREE])
def test_another_grid_under_a_held_serial_is_tried_and_nothing_is_recorded(
    admit: Admit,
) -> None:
    hand = hand_with_held()
    call_all(hand, OTHER_TOP)
    assert hand.present(scanned(OTHER), admit) == Presented(Entry.UNCHECKED, line(OTHER, 4))
    assert hand.tickets == (HELD,)
    assert hand.winners == {}


def test_with_none_let_in_a_ticket_not_in_play_is_tried_and_nothing_is_recorded() -> None:
    hand = hand_with_held()
    call_all(hand, OTHER_TOP)
    assert hand.present(scanned(NEWCOMER)) == Presented(Entry.UNCHECKED, line(NEWCOMER, 4))
    assert hand.tickets == (HELD,)
    assert hand.winners == {}


def test_a_kept_out_ticket_is_refused_as_it_would_be_in_play() -> None:
    hand = hand_with_held()
    call_all(hand, (*OTHER_TOP, 12))  # its top row was complete on the call before
    assert hand.present(scanned(NEWCOMER)) == Presented(Entry.UNCHECKED, Verdict(
        NEWCOMER.serial, False, reason=Reason.TOO_LATE, ticket=NEWCOMER, call_index=5,
        stage=Stage.LINE, rows=(0,), completed_call=4, completed_number=43))


def test_a_kept_out_false_claim_burns_nothing_in_the_hand() -> None:
    hand = hand_with_held(burn_false_claims=True)
    call_all(hand, OTHER_TOP[:4])
    assert hand.present(scanned(OTHER)) == Presented(Entry.UNCHECKED, Verdict(
        OTHER.serial, False, reason=Reason.NOT_COMPLETE, ticket=OTHER, call_index=3,
        burnt=True, stage=Stage.LINE))
    assert not hand.is_burnt(HELD.serial)
    assert hand.tickets == (HELD,)


def test_a_kept_out_ticket_without_a_claim_is_only_kept_out() -> None:
    hand = hand_with_held()
    assert hand.present(scanned(NEWCOMER), Admit.NONE, claim=False) == Presented(
        Entry.UNCHECKED)
    assert hand.tickets == (HELD,)


# -- a serial a winner holds --------------------------------------------------------------


@pytest.mark.parametrize("claim", [True, False])
@pytest.mark.parametrize("admit", list(Admit))
def test_a_winning_card_keeps_its_serial(admit: Admit, claim: bool) -> None:
    hand = hand_with_held()
    call_all(hand, TOP)
    assert hand.claim(HELD.serial).valid
    call_all(hand, OTHER_TOP)
    assert hand.present(scanned(OTHER), admit, claim) == Presented(Entry.SERIAL_TAKEN)
    assert hand.tickets == (HELD,)
    assert hand.winners[Stage.LINE].serials == (HELD.serial,)

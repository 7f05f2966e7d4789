"""A ticket taken out of play before the first call (the host's check-in list), and its
record: ``ticket_withdrawn`` replays (records without it replay as before: test_records)."""

from __future__ import annotations

import random

import pytest

from engines.debarna.hand import Hand, HandError
from engines.debarna.options import HandOptions
from engines.debarna.records import RecordError, options_to_json, replay
from engines.debarna.strips import make_strips
from engines.debarna.ticket import Ticket

STRIP = make_strips(2, random.Random(5))
TICKETS = [t for strip in STRIP for t in strip]


def started(tickets: list[Ticket]) -> list[dict[str, object]]:
    return [{"kind": "hand_started", "options": options_to_json(HandOptions())},
            *({"kind": "ticket_issued", **t.to_json()} for t in tickets)]


def test_a_ticket_taken_out_before_the_first_call_is_out_of_the_hand() -> None:
    hand = Hand(HandOptions(), TICKETS)
    out = hand.withdraw(TICKETS[3].serial.replace("-", ""))  # named as the host types it
    assert out == TICKETS[3]
    assert hand.ticket(TICKETS[3].serial) is None
    assert hand.tickets == (*TICKETS[:3], *TICKETS[4:])  # the others keep their order
    # Its numbers complete nothing any more: it can never be reached or claimed.
    for number in sorted(TICKETS[3].numbers):
        hand.call(number)
    assert TICKETS[3].serial not in {s for serials in hand.reached_on_last().values()
                                     for s in serials}
    assert hand.claim(TICKETS[3].serial).valid is False


def test_once_a_number_is_called_a_ticket_stays_in_play() -> None:
    hand = Hand(HandOptions(), TICKETS)
    hand.call(7)
    with pytest.raises(HandError, match="before the first call"):
        hand.withdraw(TICKETS[0].serial)
    assert hand.ticket(TICKETS[0].serial) == TICKETS[0]


def test_only_a_ticket_in_play_can_leave_it() -> None:
    hand = Hand(HandOptions(), TICKETS[:2])
    with pytest.raises(HandError, match="only a ticket in play"):
        hand.withdraw(TICKETS[5].serial)


def test_a_withdrawal_replays_and_a_ticket_back_comes_last() -> None:
    events = started(TICKETS)
    events += [{"kind": "ticket_withdrawn", **TICKETS[0].to_json()},
               {"kind": "ticket_withdrawn", **TICKETS[7].to_json(), "emptied": True},
               {"kind": "ticket_issued", **TICKETS[0].to_json()},
               {"kind": "number_called", "number": 12}]
    hand = replay(events)
    assert [t.serial for t in hand.tickets] == \
        [t.serial for t in [*TICKETS[1:7], *TICKETS[8:], TICKETS[0]]]
    assert hand.called == (12,)


@pytest.mark.parametrize("wrong", ["not_in_play", "other_grid", "after_a_call"])
def test_a_withdrawal_the_record_cannot_have_made_is_refused(wrong: str) -> None:
    events = started(TICKETS[:6])
    if wrong == "not_in_play":
        events.append({"kind": "ticket_withdrawn", **TICKETS[6].to_json()})
    elif wrong == "other_grid":  # the serial of one ticket, the grid of another
        events.append({"kind": "ticket_withdrawn", "serial": TICKETS[0].serial,
                       "grid": TICKETS[6].to_json()["grid"]})
    else:
        events += [{"kind": "number_called", "number": 3},
                   {"kind": "ticket_withdrawn", **TICKETS[0].to_json()}]
    with pytest.raises(RecordError, match="ticket_withdrawn"):
        replay(events)

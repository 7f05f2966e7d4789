"""A shop set's card in a hand's record and in a sticker's signed code, and a claim checked
by numbers in the record: each replays to the same hand (rules §8)."""

from __future__ import annotations

import pytest

from engines.debarna.by_numbers import check_by_numbers
from engines.debarna.card_check import StoreCard, card_from_json
from engines.debarna.codes import TicketCodes
from engines.debarna.hand import Hand
from engines.debarna.options import HandOptions, Stage
from engines.debarna.records import RecordError, replay
from engines.debarna.ticket import Ticket, TicketError

# Column 1 falls (8 over 3) and column 4 is empty: a shop card, never a kiosk ticket.
SHOP = ((8, 15, None, None, 41, None, 62, 70, None),
        (3, None, 22, None, 45, 57, None, None, 84),
        (None, 19, 27, None, None, 50, 68, 77, None))


def test_a_shop_card_is_not_a_kiosk_ticket_but_a_store_card() -> None:
    with pytest.raises(TicketError):
        Ticket("7", SHOP)
    card = StoreCard("7", SHOP)
    data = card.to_json()
    assert data["shop"] is True
    back = card_from_json(data)
    assert isinstance(back, StoreCard) and back == card
    assert type(card_from_json(Ticket("001-1", _kiosk_grid()).to_json())) is Ticket


def _kiosk_grid() -> tuple[tuple[int | None, ...], ...]:
    return ((1, 10, None, 30, None, 50, None, 70, None),
            (None, 11, 20, None, 40, None, 60, None, 80),
            (2, None, 21, 31, None, 51, None, 71, None))


def _events(hand_events: list[dict[str, object]]) -> list[dict[str, object]]:
    return [{"kind": "hand_started", "options": {}}, *hand_events]


def test_a_hand_with_a_shop_card_replays_with_its_win() -> None:
    card = StoreCard("7", SHOP)
    hand = Hand(HandOptions(), [card])
    top = sorted(card.rows[0])
    events: list[dict[str, object]] = [{"kind": "ticket_issued", **card.to_json()}]
    for number in top:
        hand.call(number)
        events.append({"kind": "number_called", "number": number})
    verdict = hand.claim("7")
    assert verdict.valid and verdict.stages == (Stage.LINE,)
    events.append({"kind": "claim", "serial": "7", "stage": None, "valid": True})
    replayed = replay(_events(events))
    assert isinstance(replayed.ticket("7"), StoreCard)
    assert replayed.winners[Stage.LINE].serials == ("7",)
    # Without its mark the record names a grid no kiosk ticket has: it does not replay.
    unmarked = [{**e, "shop": False} if e["kind"] == "ticket_issued" else e for e in events]
    with pytest.raises(RecordError):
        replay(_events(unmarked))


def test_a_claim_checked_by_numbers_replays_and_a_changed_verdict_is_caught() -> None:
    hand = Hand(HandOptions())
    row = [8, 15, 41, 62, 70]
    events: list[dict[str, object]] = []
    for number in (5, *row):
        hand.call(number)
        events.append({"kind": "number_called", "number": number})
    checked = check_by_numbers(hand, row)
    assert checked.valid
    events.append({"kind": "claim_by_numbers", "typed": row, "stage": None, "valid": True})
    replayed = replay(_events(events))
    assert replayed.winners[Stage.LINE].serials == hand.winners[Stage.LINE].serials
    lied = [*events[:-1], {**events[-1], "valid": False}]
    with pytest.raises(RecordError, match="by numbers"):
        replay(_events(lied))


def test_a_stickers_signed_code_gives_back_the_shop_card() -> None:
    codes = TicketCodes("ABCDEF", b"k" * 32)
    card = StoreCard("7", SHOP)
    scanned = codes.verify(codes.encode(card))
    assert isinstance(scanned.ticket, StoreCard) and scanned.ticket.grid == card.grid
    ticket = Ticket("001-1", _kiosk_grid())
    assert type(codes.verify(codes.encode(ticket)).ticket) is Ticket

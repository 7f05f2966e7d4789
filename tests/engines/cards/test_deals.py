"""Deal schedules: Debertz (§4, §6) with 2, 3 and 4 players, Dobbm (§1, §3) with 4 and 5."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from engines.cards.cards import Card, deck, parse_cards, shuffled
from engines.cards.deals import Deal, DealError, DealSchedule, Packets, Stock, TurnUp
from engines.cards.german import GermanCard, german_deck

DEBERTZ_DECK = deck(lowest_rank=7)


def debertz(players: int) -> DealSchedule[Card]:
    """Debertz §4/§6: 3 + 3 each from the first speaker, a turned card, the rest in the stock;
    later 3 more each (2–3 players) or 2 each, the turned card counting as one (4 players)."""
    return DealSchedule(
        DEBERTZ_DECK, players,
        (Packets(3), Packets(3), TurnUp(), Stock(32 - 6 * players - 1)),
        later=(Packets(3),) if players < 4 else (Packets(2),),
    )


def dobbm(players: int) -> DealSchedule[GermanCard]:
    """Dobbm §3.2: 4 then 4 to each active player from the dealer's left; the last 4: the Dobb."""
    return DealSchedule(german_deck(), players, (Packets(4), Packets(4), Stock(4)),
                        dealer_sits_out=players == 5)


def cards_of(schedule: DealSchedule[Any], positions: range) -> set[Any]:
    return {schedule.cards[i] for i in positions}


# -- Debertz --------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("dealer", [0, 1])
def test_debertz_each_player_receives_6_cards_in_two_rounds_of_3(players: int, dealer: int) -> None:
    schedule = debertz(players)
    deal = schedule.deal_from(schedule.cards, dealer)  # the deck in its sorted order, top first
    order = schedule.dealing_order(dealer)
    for k, seat in enumerate(order):
        first = range(3 * k, 3 * k + 3)
        second = range(3 * players + 3 * k, 3 * players + 3 * k + 3)
        assert set(deal.hands[seat]) == cards_of(schedule, first) | cards_of(schedule, second)
    assert all(len(hand) == 6 for hand in deal.hands)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_debertz_the_next_card_is_turned_face_up(players: int) -> None:
    schedule = debertz(players)
    deal = schedule.deal_from(schedule.cards, 0)
    assert deal.turned == (schedule.cards[6 * players],)
    assert deal.stock == schedule.cards[6 * players + 1:]


@pytest.mark.parametrize(("players", "undealt"), [(2, 20), (3, 14), (4, 8)])
def test_debertz_undealt_cards_turned_card_included_are_20_14_8(players: int, undealt: int) -> None:
    deal = debertz(players).sample(random.Random(players))
    assert len(deal.stock) + len(deal.turned) == undealt
    assert len(deal.turned) == 1


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("dealer", [0, 1])
def test_debertz_dealing_starts_with_the_first_speaker_and_the_dealer_is_last(
    players: int, dealer: int
) -> None:
    order = debertz(players).dealing_order(dealer)
    assert order[0] == (dealer + 1) % players
    assert order[-1] == dealer
    assert sorted(order) == list(range(players))


def test_debertz_with_2_players_the_non_dealer_is_dealt_first() -> None:
    assert debertz(2).dealing_order(0) == (1, 0)
    assert debertz(2).dealing_order(1) == (0, 1)


@pytest.mark.parametrize(("players", "out_of_play"), [(2, 14), (3, 5)])
def test_debertz_2_3_players_receive_3_more_each_in_dealing_order(
    players: int, out_of_play: int
) -> None:
    schedule = debertz(players)
    first = schedule.sample(random.Random(11), dealer=1)
    full = schedule.complete(first)
    for k, seat in enumerate(schedule.dealing_order(1)):
        assert set(full.hands[seat]) == set(first.hands[seat]) | set(first.stock[3 * k:3 * k + 3])
        assert len(full.hands[seat]) == 9
    assert full.turned == first.turned
    assert full.stock == first.stock[3 * players:]
    assert len(full.stock) + len(full.turned) == out_of_play


@pytest.mark.parametrize("turned_to", [0, 1, 2, 3])
def test_debertz_4_players_one_gets_the_turned_card_and_1_stock_card_the_others_2(
    turned_to: int
) -> None:
    schedule = debertz(4)
    dealer = 2
    first = schedule.sample(random.Random(5), dealer=dealer)
    full = schedule.complete(first, turned_to=turned_to)
    stock = list(first.stock)
    for seat in schedule.dealing_order(dealer):  # 3, 0, 1, 2
        took = 1 if seat == turned_to else 2
        extra = set(stock[:took]) | (set(first.turned) if seat == turned_to else set())
        del stock[:took]
        assert set(full.hands[seat]) == set(first.hands[seat]) | extra
        assert len(full.hands[seat]) == 8
    assert full.stock == () and full.turned == ()
    assert sorted(full.all_cards()) == sorted(DEBERTZ_DECK)


def test_debertz_4_players_cannot_complete_without_someone_taking_the_turned_card() -> None:
    schedule = debertz(4)
    with pytest.raises(DealError, match="stock"):
        schedule.complete(schedule.sample(random.Random(1)))


def test_the_turned_card_goes_only_to_a_seat_being_dealt() -> None:
    schedule = debertz(4)
    deal = schedule.sample(random.Random(1))
    with pytest.raises(DealError, match="turned card"):
        schedule.complete(deal, turned_to=4)


def test_a_completed_deal_cannot_be_completed_again() -> None:
    schedule = debertz(3)
    full = schedule.complete(schedule.sample(random.Random(2)))
    with pytest.raises(DealError, match="must hold 6"):
        schedule.complete(full)


def test_a_schedule_without_later_packets_deals_nothing_later() -> None:
    schedule = dobbm(4)
    with pytest.raises(DealError, match="no cards later"):
        schedule.complete(schedule.sample(random.Random(0)))


def test_turned_cards_must_fit_in_the_packet_that_takes_them() -> None:
    cards = deck(lowest_rank=13)  # K and A of each suit: 8 cards
    schedule = DealSchedule(cards, 2, (Packets(2), TurnUp(2), Stock(2)), later=(Packets(1),))
    deal = schedule.sample(random.Random(0))
    with pytest.raises(DealError, match="do not fit"):
        schedule.complete(deal, turned_to=1)


# -- Dobbm ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("dealer", [0, 3])
def test_dobbm_4_players_get_4_then_4_from_the_dealers_left_and_the_last_4_are_the_dobb(
    dealer: int
) -> None:
    schedule = dobbm(4)
    deal = schedule.deal_from(schedule.cards, dealer)
    order = schedule.dealing_order(dealer)
    assert order == tuple((dealer + 1 + i) % 4 for i in range(4))
    for k, seat in enumerate(order):
        assert set(deal.hands[seat]) == (cards_of(schedule, range(4 * k, 4 * k + 4))
                                         | cards_of(schedule, range(16 + 4 * k, 20 + 4 * k)))
    assert deal.stock == schedule.cards[32:]
    assert deal.turned == ()
    assert schedule.sits_out(dealer) is None


@pytest.mark.parametrize("dealer", [0, 2, 4])
def test_dobbm_5_players_the_dealer_sits_out_and_receives_nothing(dealer: int) -> None:
    schedule = dobbm(5)
    deal = schedule.deal_from(schedule.cards, dealer)
    order = schedule.dealing_order(dealer)
    assert order == tuple((dealer + 1 + i) % 5 for i in range(4))
    assert schedule.sits_out(dealer) == dealer
    assert deal.hands[dealer] == ()
    for k, seat in enumerate(order):
        assert set(deal.hands[seat]) == (cards_of(schedule, range(4 * k, 4 * k + 4))
                                         | cards_of(schedule, range(16 + 4 * k, 20 + 4 * k)))
    assert deal.stock == schedule.cards[32:]


@pytest.mark.parametrize("players", [4, 5])
def test_dobbm_eight_cards_to_each_active_player_and_a_dobb_of_4(players: int) -> None:
    schedule = dobbm(players)
    deal = schedule.sample(random.Random(players), dealer=1)
    assert sorted(len(hand) for hand in deal.hands) == [0] * (players - 4) + [8] * 4
    assert len(deal.stock) == 4
    assert (schedule.active, schedule.hand_size, schedule.stock_size) == (4, 8, 4)


# -- Every card once, replay, records ------------------------------------------------------------

SCHEDULES = [debertz(2), debertz(3), debertz(4), dobbm(4), dobbm(5)]
NAMES = ["debertz-2", "debertz-3", "debertz-4", "dobbm-4", "dobbm-5"]


@pytest.mark.parametrize("schedule", SCHEDULES, ids=NAMES)
def test_every_card_is_dealt_exactly_once(schedule: DealSchedule[Any]) -> None:
    rng = random.Random(2024)
    for _ in range(200):
        deal = schedule.sample(rng, dealer=rng.randrange(schedule.players))
        assert sorted(deal.all_cards()) == sorted(schedule.cards)
        schedule.check(deal)


@pytest.mark.parametrize("schedule", SCHEDULES, ids=NAMES)
def test_a_deal_depends_only_on_the_injected_random_source(schedule: DealSchedule[Any]) -> None:
    assert schedule.sample(random.Random(8), 1) == schedule.sample(random.Random(8), 1)
    assert schedule.sample(random.Random(8), 1) != schedule.sample(random.Random(9), 1)
    order = shuffled(schedule.cards, random.Random(8))
    assert schedule.sample(random.Random(8), 1) == schedule.deal_from(order, 1)


@pytest.mark.parametrize("schedule", SCHEDULES, ids=NAMES)
def test_a_recorded_deal_replays_exactly(schedule: DealSchedule[Any]) -> None:
    deal = schedule.sample(random.Random(31), dealer=schedule.players - 1)
    text = json.dumps(deal.record())
    again = schedule.from_record(json.loads(text))
    assert again == deal
    assert again.stock == deal.stock  # the stock keeps its order: later packets come from it
    if schedule.later:
        turned_to = 0 if schedule.players == 4 else None
        assert schedule.complete(again, turned_to) == schedule.complete(deal, turned_to)


def test_a_record_is_plain_text_per_seat() -> None:
    hands = ("7C 8C 9C TC JC QC", "7D 8D 9D TD JD QD")
    deal = Deal(0, tuple(tuple(parse_cards(h)) for h in hands), tuple(parse_cards("KC")),
                tuple(parse_cards("AC KD AD 7H 8H 9H TH JH QH KH AH 7S 8S 9S TS JS QS KS AS")))
    record = deal.record()
    assert record["dealer"] == 0
    assert record["hands"] == list(hands)
    assert record["turned"] == "KC"
    assert record["stock"].startswith("AC KD")
    debertz(2).check(deal)
    assert "dealer 0" in str(deal)


def test_hands_are_kept_sorted_so_equal_deals_are_equal() -> None:
    a = Deal(0, ((Card.parse("AS"), Card.parse("7C")),))
    b = Deal(0, ((Card.parse("7C"), Card.parse("AS")),))
    assert a == b and a.hands == ((Card.parse("7C"), Card.parse("AS")),)


def recorded(schedule: DealSchedule[Any], seed: int = 3, dealer: int = 0) -> dict[str, Any]:
    return schedule.sample(random.Random(seed), dealer).record()


def swap_first_card(record: dict[str, Any], seat: int, card: str) -> dict[str, Any]:
    hands = list(record["hands"])
    hands[seat] = " ".join([card, *hands[seat].split()[1:]])
    return {**record, "hands": hands}


def test_a_recorded_deal_with_a_card_twice_is_refused() -> None:
    record = recorded(debertz(2))
    twice = record["hands"][1].split()[0]
    with pytest.raises(DealError, match="exactly once"):
        debertz(2).from_record(swap_first_card(record, 0, twice))


def test_a_recorded_deal_with_a_card_not_in_the_deck_is_refused() -> None:
    with pytest.raises(DealError, match="not in this game's deck"):
        debertz(2).from_record(swap_first_card(recorded(debertz(2)), 0, "2S"))


def test_a_recorded_deal_with_the_other_kind_of_card_is_refused() -> None:
    with pytest.raises(DealError, match="not one of this game's"):
        dobbm(4).from_record(recorded(debertz(4)) | {"stock": "7C 8C 9C TC"})
    with pytest.raises(DealError, match="not one of this game's"):
        debertz(2).from_record(swap_first_card(recorded(debertz(2)), 0, "OL"))


def test_a_recorded_hand_of_the_wrong_size_is_refused() -> None:
    record = recorded(debertz(3))
    hands = list(record["hands"])
    moved = hands[0].split()
    hands[0], hands[1] = " ".join(moved[1:]), hands[1] + " " + moved[0]
    with pytest.raises(DealError, match="must hold 6 cards, not 5"):
        debertz(3).from_record({**record, "hands": hands})


def test_a_recorded_deal_where_the_sitting_out_dealer_holds_cards_is_refused() -> None:
    record = recorded(dobbm(5), dealer=2)
    hands = list(record["hands"])
    hands[2], hands[3] = hands[3], ""
    with pytest.raises(DealError, match="sits out"):
        dobbm(5).from_record({**record, "hands": hands})


def test_a_recorded_stock_or_turned_card_of_the_wrong_size_is_refused() -> None:
    record = recorded(debertz(4))
    stock = record["stock"].split()
    with pytest.raises(DealError, match="turned up"):
        debertz(4).from_record({**record, "turned": record["turned"] + " " + stock[0],
                                "stock": " ".join(stock[1:])})
    with pytest.raises(DealError, match="stock holds 4"):
        dobbm(4).from_record(recorded(dobbm(4)) | {"stock": "SH TH KH"})


@pytest.mark.parametrize("change", [
    {"dealer": 4}, {"dealer": -1}, {"dealer": True}, {"dealer": "0"}, {"hands": "7C 8C"},
    {"hands": ["", ""]}, {"stock": ["7C"]}, {"extra": 1},
])
def test_a_malformed_record_is_refused(change: dict[str, Any]) -> None:
    with pytest.raises(DealError):
        debertz(4).from_record(recorded(debertz(4)) | change)


def test_a_record_that_is_not_a_mapping_or_lacks_hands_is_refused() -> None:
    with pytest.raises(DealError):
        debertz(2).from_record([1, 2])  # type: ignore[arg-type]
    with pytest.raises(DealError):
        debertz(2).from_record({"dealer": 0})


def test_check_refuses_something_that_is_not_a_deal() -> None:
    with pytest.raises(DealError, match="not a deal"):
        debertz(2).check("dealer 0")  # type: ignore[arg-type]


def test_dealing_from_an_order_that_is_not_the_deck_is_refused() -> None:
    schedule = debertz(2)
    with pytest.raises(DealError, match="each card once"):
        schedule.deal_from(schedule.cards[:-1] + schedule.cards[:1])
    with pytest.raises(DealError, match="dealer"):
        schedule.deal_from(schedule.cards, dealer=2)


# -- Schedules that do not add up ----------------------------------------------------------------


@pytest.mark.parametrize("steps", [
    (Packets(3), Packets(3), TurnUp(), Stock(18)),  # 31 of 32
    (Packets(3), Packets(3), Stock(21)),  # 32 + 1
    (Packets(16),) * 2,  # 64
])
def test_a_schedule_must_place_every_card_of_its_deck(steps: tuple[Any, ...]) -> None:
    with pytest.raises(DealError, match="every card must be"):
        DealSchedule(DEBERTZ_DECK, 2, steps)


def test_later_packets_must_fit_in_what_is_left_undealt() -> None:
    with pytest.raises(DealError, match="later packets need"):
        DealSchedule(DEBERTZ_DECK, 4, (Packets(3), Packets(3), TurnUp(), Stock(7)),
                     later=(Packets(3),))


@pytest.mark.parametrize("bad", [
    {"players": 0}, {"players": True}, {"first": 0, "dealer_sits_out": True},
    {"first": 1.0}, {"cards": ()}, {"steps": ("3",)}, {"later": (Stock(1),)},
])
def test_a_schedule_that_makes_no_sense_is_refused(bad: dict[str, Any]) -> None:
    base: dict[str, Any] = {"cards": german_deck(), "players": 5,
                            "steps": (Packets(4), Packets(4), Stock(4)), "dealer_sits_out": True}
    with pytest.raises(DealError):
        DealSchedule(**(base | bad))


def test_a_deck_holds_each_card_once_and_one_kind_of_card() -> None:
    with pytest.raises(DealError, match="each card once"):
        DealSchedule(DEBERTZ_DECK[:31] + DEBERTZ_DECK[:1], 2, (Packets(16),))
    with pytest.raises(DealError, match="one kind"):
        DealSchedule(DEBERTZ_DECK[:2] + german_deck()[:2], 2, (Packets(2),))


@pytest.mark.parametrize("step", [lambda: Packets(0), lambda: TurnUp(0), lambda: Stock(-1),
                                  lambda: Packets(True)])
def test_a_step_of_no_cards_is_refused(step: Any) -> None:
    with pytest.raises(DealError):
        step()


def test_the_first_seat_dealt_may_be_any_seat_counted_from_the_dealer() -> None:
    schedule = DealSchedule(DEBERTZ_DECK, 4, (Packets(8),), first=0)
    assert schedule.dealing_order(2) == (2, 3, 0, 1)
    right_first = DealSchedule(DEBERTZ_DECK, 4, (Packets(8),), first=-1)
    assert right_first.dealing_order(2) == (1, 2, 3, 0)

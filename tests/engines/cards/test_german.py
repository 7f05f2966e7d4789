"""German-suited cards (Dobbm §2): four suits, Sow down to Six, a text form that round-trips."""

from __future__ import annotations

import copy
import pickle

import pytest

from engines.cards.cards import ACE, JACK, QUEEN, Card, CardError, Suit
from engines.cards.german import (
    GERMAN_CARDS,
    KING,
    OBER,
    SOW,
    UNTER,
    GermanCard,
    GermanSuit,
    german_deck,
    parse_german_cards,
)
from engines.cards.tricks import ACE_TEN, ACE_TEN_POINTS, PointTable, RankOrder


def test_36_cards_in_four_suits_hearts_leaves_acorns_bells() -> None:
    assert len(GERMAN_CARDS) == len(set(GERMAN_CARDS)) == 36
    assert [s.noun for s in GermanSuit] == ["hearts", "leaves", "acorns", "bells"]
    for suit in GermanSuit:
        ranks = sorted(c.rank for c in GERMAN_CARDS if c.suit is suit)
        assert ranks == [6, 7, 8, 9, 10, UNTER, OBER, KING, SOW]


def test_the_ranks_share_the_french_numbers() -> None:
    assert (UNTER, OBER, SOW) == (JACK, QUEEN, ACE)


def test_a_card_is_written_rank_then_suit() -> None:
    assert str(GermanCard.of(SOW, GermanSuit.HEARTS)) == "SH"
    assert str(GermanCard.of(OBER, GermanSuit.LEAVES)) == "OL"
    assert str(GermanCard.of(UNTER, GermanSuit.ACORNS)) == "UA"
    assert str(GermanCard.of(10, GermanSuit.BELLS)) == "TB"
    assert str(GermanCard.of(6, GermanSuit.BELLS)) == "6B"
    assert repr(GermanCard.parse("KL")) == "GermanCard(KL)"


def test_the_long_name_is_for_people() -> None:
    assert GermanCard.parse("OL").name == "Ober of leaves"
    assert GermanCard.parse("SH").name == "Sow of hearts"
    assert GermanCard.parse("6B").name == "Six of bells"


@pytest.mark.parametrize("card", GERMAN_CARDS, ids=str)
def test_every_german_card_round_trips_through_its_text(card: GermanCard) -> None:
    assert GermanCard.parse(str(card)) is card
    assert GermanCard.parse(str(card).lower()) is card
    assert GermanCard.parse(f" {card} ") is card


def test_ten_may_be_written_10() -> None:
    assert GermanCard.parse("10H") is GermanCard.parse("TH")


@pytest.mark.parametrize("text", ["", "S", "AH", "JH", "QH", "5H", "SX", "SC", "SHH", "H S"])
def test_text_that_is_not_a_german_card_is_refused(text: str) -> None:
    with pytest.raises(CardError):
        GermanCard.parse(text)


@pytest.mark.parametrize("value", [None, 14, b"SH"])
def test_a_value_that_is_not_text_is_refused_as_a_german_card(value: object) -> None:
    with pytest.raises(CardError):
        GermanCard.parse(value)  # type: ignore[arg-type]
    with pytest.raises(CardError):
        GermanSuit.parse(value)  # type: ignore[arg-type]


@pytest.mark.parametrize(("rank", "suit"), [(5, GermanSuit.HEARTS), (15, GermanSuit.HEARTS),
                                            (True, GermanSuit.HEARTS), (6, Suit.HEARTS), (6, 0)])
def test_a_german_rank_or_suit_out_of_range_is_refused(rank: object, suit: object) -> None:
    with pytest.raises(CardError):
        GermanCard.of(rank, suit)  # type: ignore[arg-type]


@pytest.mark.parametrize("index", [-1, 36, True, "1"])
def test_a_german_card_number_out_of_range_is_refused(index: object) -> None:
    with pytest.raises(CardError):
        GermanCard(index)  # type: ignore[arg-type]


def test_a_german_suit_is_never_a_french_suit_or_a_number() -> None:
    assert GermanSuit.HEARTS != Suit.HEARTS
    assert GermanSuit.HEARTS != Suit.CLUBS
    assert GermanSuit.HEARTS != 0
    assert GermanCard.parse("SH") != Card.parse("AH")


def test_one_object_per_german_card_through_copies_and_pickles() -> None:
    for card in GERMAN_CARDS:
        assert GermanCard.of(card.rank, card.suit) is card
        assert GermanCard(card.index) is card
        assert copy.copy(card) is card
        assert copy.deepcopy(card) is card
        assert pickle.loads(pickle.dumps(card)) is card


def test_a_german_card_cannot_be_changed() -> None:
    card = GermanCard.parse("6B")
    with pytest.raises(AttributeError):
        card.rank = 14  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del card.suit


def test_german_cards_sort_by_suit_then_rank_and_not_with_french_ones() -> None:
    assert GermanCard.parse("6H") < GermanCard.parse("SH") < GermanCard.parse("6L")
    assert GermanCard.parse("SB") >= GermanCard.parse("SB") > GermanCard.parse("6B")
    assert GermanCard.parse("6H") <= GermanCard.parse("6H")
    assert tuple(sorted(reversed(GERMAN_CARDS))) == GERMAN_CARDS
    with pytest.raises(TypeError):
        _ = GermanCard.parse("SH") < Card.parse("AH")  # type: ignore[operator]


def test_a_german_deck_may_start_higher_or_leave_cards_out() -> None:
    assert german_deck() == GERMAN_CARDS
    assert len(german_deck(lowest_rank=7)) == 32
    weli = GermanCard.parse("6B")
    assert weli not in german_deck([weli])
    assert len(german_deck([weli])) == 35


def test_several_german_cards_are_read_from_spaces_commas_or_a_list() -> None:
    sow, ten = GermanCard.parse("SH"), GermanCard.parse("TH")
    assert parse_german_cards("SH TH") == [sow, ten]
    assert parse_german_cards("SH,TH") == [sow, ten]
    assert parse_german_cards(["SH", "TH"]) == [sow, ten]
    with pytest.raises(CardError):
        parse_german_cards("SH JH")


def test_every_suit_ranks_sow_ten_king_ober_unter_nine_eight_seven_six() -> None:
    order = RankOrder(ACE_TEN)
    bells = [c for c in GERMAN_CARDS if c.suit is GermanSuit.BELLS]
    assert [str(c) for c in order.ranked(bells)] == ["SB", "TB", "KB", "OB", "UB",
                                                     "9B", "8B", "7B", "6B"]


def test_card_points_come_from_the_games_table_and_total_120() -> None:
    table = PointTable.of(ACE_TEN_POINTS)
    points = {str(c): table.points(c) for c in parse_german_cards("SL TL KL OL UL 9L 8L 7L 6L")}
    assert points == {"SL": 11, "TL": 10, "KL": 4, "OL": 3, "UL": 2,
                      "9L": 0, "8L": 0, "7L": 0, "6L": 0}
    assert table.total(GERMAN_CARDS, GermanSuit.HEARTS) == 120

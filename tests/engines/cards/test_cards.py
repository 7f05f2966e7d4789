"""The shared playing cards: text forms, one object per card, decks, shuffles and deals."""

from __future__ import annotations

import copy
import itertools
import pickle
import random
from collections import Counter

import pytest

from engines.cards.cards import (
    ACE,
    ALL_CARDS,
    JACK,
    KING,
    QUEEN,
    Card,
    CardError,
    Suit,
    cards_text,
    deal,
    deck,
    parse_cards,
    shuffled,
)

# The 0.1% point of the chi-square distribution with 5 degrees of freedom.
CHI2_5_DF_0_001 = 20.515


# -- Text forms ---------------------------------------------------------------------------------


def test_a_card_is_written_rank_then_suit() -> None:
    assert str(Card.of(QUEEN, Suit.SPADES)) == "QS"
    assert str(Card.of(10, Suit.HEARTS)) == "TH"
    assert str(Card.of(2, Suit.CLUBS)) == "2C"
    assert str(Card.of(ACE, Suit.DIAMONDS)) == "AD"
    assert repr(Card.of(JACK, Suit.DIAMONDS)) == "Card(JD)"


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_every_card_round_trips_through_its_text(card: Card) -> None:
    assert Card.parse(str(card)) is card
    assert Card.parse(str(card).lower()) is card
    assert Card.parse(f"  {card}  ") is card
    assert Card.parse(card.symbol) is card


def test_ten_may_be_written_10() -> None:
    assert Card.parse("10H") is Card.parse("TH")
    assert Card.parse("10♥") is Card.parse("TH")
    assert Card.of(10, Suit.HEARTS).symbol == "10♥"


def test_the_symbol_form_is_for_people() -> None:
    assert Card.parse("QS").symbol == "Q♠"
    assert Card.parse("2C").symbol == "2♣"
    assert Card.parse("AD").symbol == "A♦"
    assert Card.parse("KH").symbol == "K♥"


def test_ranks_run_from_two_low_to_the_ace_high() -> None:
    ranks = [Card.parse(f"{letter}S").rank for letter in "23456789TJQKA"]
    assert ranks == list(range(2, 15))
    assert (JACK, QUEEN, KING, ACE) == (11, 12, 13, 14)


def test_suits_have_letters_symbols_and_colours() -> None:
    assert [s.letter for s in Suit] == ["C", "D", "H", "S"]
    assert [s.symbol for s in Suit] == ["♣", "♦", "♥", "♠"]
    assert [s.is_red for s in Suit] == [False, True, True, False]
    for suit in Suit:
        assert Suit.parse(suit.letter) is suit
        assert Suit.parse(suit.letter.lower()) is suit
        assert Suit.parse(suit.symbol) is suit


@pytest.mark.parametrize(
    "text", ["", " ", "Q", "QSS", "1H", "11H", "0H", "10", "T10", "QX", "XS", "Q S", "♠Q"]
)
def test_text_that_is_not_a_card_is_refused(text: str) -> None:
    with pytest.raises(CardError):
        Card.parse(text)


@pytest.mark.parametrize("value", [None, 12, b"QS"])
def test_a_value_that_is_not_text_is_refused_as_a_card(value: object) -> None:
    with pytest.raises(CardError):
        Card.parse(value)  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["", "X", "CD", "1"])
def test_text_that_is_not_a_suit_is_refused(text: str) -> None:
    with pytest.raises(CardError):
        Suit.parse(text)


@pytest.mark.parametrize(("rank", "suit"), [(1, 0), (15, 0), (0, 0), (True, 0), (2.0, 0),
                                            (2, 4), (2, -1), (2, True), (2, "S")])
def test_a_rank_or_suit_out_of_range_is_refused(rank: object, suit: object) -> None:
    with pytest.raises(CardError):
        Card.of(rank, suit)  # type: ignore[arg-type]


@pytest.mark.parametrize("index", [-1, 52, True, 3.0, "1"])
def test_a_card_number_out_of_range_is_refused(index: object) -> None:
    with pytest.raises(CardError):
        Card(index)  # type: ignore[arg-type]


def test_several_cards_are_read_from_spaces_commas_or_a_list() -> None:
    queen, king, ace = Card.parse("QS"), Card.parse("KS"), Card.parse("AS")
    assert parse_cards("QS KS AS") == [queen, king, ace]
    assert parse_cards("QS,KS, AS") == [queen, king, ace]
    assert parse_cards(["QS", "KS", "AS"]) == [queen, king, ace]
    assert parse_cards("") == []
    assert cards_text([queen, king, ace]) == ["QS", "KS", "AS"]
    with pytest.raises(CardError):
        parse_cards("QS KX")


# -- One object per card ------------------------------------------------------------------------


def test_there_are_52_distinct_cards_numbered_by_suit_then_rank() -> None:
    assert len(ALL_CARDS) == len(set(ALL_CARDS)) == 52
    for index, card in enumerate(ALL_CARDS):
        assert card.index == index
        assert card.suit == Suit(index // 13)
        assert card.rank == index % 13 + 2
        assert Card(index) is card


def test_one_object_per_card_whichever_way_it_is_made() -> None:
    for card in ALL_CARDS:
        assert Card.of(card.rank, card.suit) is card
        assert Card.of(card.rank, int(card.suit)) is card
        assert Card.parse(str(card)) is card


def test_copies_and_pickles_keep_the_same_card_object() -> None:
    for card in ALL_CARDS:
        assert copy.copy(card) is card
        assert copy.deepcopy(card) is card
        for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
            assert pickle.loads(pickle.dumps(card, protocol)) is card
    hands = [[Card.parse("QS"), Card.parse("2C")], [Card.parse("QS")]]
    copied = copy.deepcopy(hands)
    assert copied[0][0] is copied[1][0] is Card.parse("QS")


def test_a_card_cannot_be_changed() -> None:
    card = Card.parse("2C")
    with pytest.raises(AttributeError):
        card.rank = 9  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del card.suit
    assert (card.rank, card.suit, card.index) == (2, Suit.CLUBS, 0)


def test_cards_sort_by_suit_then_rank() -> None:
    two_clubs, ace_clubs, two_diamonds = Card.parse("2C"), Card.parse("AC"), Card.parse("2D")
    assert two_clubs < ace_clubs < two_diamonds
    assert two_diamonds > ace_clubs >= ace_clubs
    assert two_clubs <= two_clubs
    mixed = list(ALL_CARDS)
    random.Random(1).shuffle(mixed)
    assert tuple(sorted(mixed)) == ALL_CARDS


def test_cards_do_not_compare_with_other_things() -> None:
    card = Card.parse("QS")
    with pytest.raises(TypeError):
        _ = card < 5  # type: ignore[operator]
    with pytest.raises(TypeError):
        sorted([card, "QS"])  # type: ignore[type-var]
    assert card != "QS"
    assert card == Card.parse("QS")


def test_cards_hash_as_one_value_each() -> None:
    assert {Card.parse("QS"): 1}[Card.of(QUEEN, Suit.SPADES)] == 1
    assert len({Card.parse(str(c)) for c in ALL_CARDS}) == 52


# -- Decks --------------------------------------------------------------------------------------


def test_a_full_deck_is_the_52_cards_in_order() -> None:
    assert deck() == ALL_CARDS


def test_a_deck_may_start_at_a_higher_rank() -> None:
    piquet = deck(lowest_rank=7)
    assert len(piquet) == 32
    assert min(c.rank for c in piquet) == 7
    assert len(deck(lowest_rank=6)) == 36
    assert list(piquet) == sorted(piquet)


def test_a_deck_may_leave_out_named_cards() -> None:
    two_diamonds, two_spades = Card.parse("2D"), Card.parse("2S")
    assert len(deck([two_diamonds])) == 51
    assert two_diamonds not in deck([two_diamonds])
    smaller = deck([two_diamonds, two_spades])
    assert len(smaller) == 50
    assert set(smaller) == set(ALL_CARDS) - {two_diamonds, two_spades}


# -- Shuffles -----------------------------------------------------------------------------------


def test_a_shuffle_is_a_permutation_and_leaves_its_input_alone() -> None:
    cards = deck()
    rng = random.Random(7)
    for _ in range(50):
        mixed = shuffled(cards, rng)
        assert sorted(mixed) == list(cards)
    assert cards == ALL_CARDS


def test_a_shuffle_depends_only_on_the_injected_random_source() -> None:
    assert shuffled(deck(), random.Random(42)) == shuffled(deck(), random.Random(42))
    assert shuffled(deck(), random.Random(42)) != shuffled(deck(), random.Random(43))


def test_a_shuffle_of_no_card_or_one_card_is_itself() -> None:
    rng = random.Random(0)
    assert shuffled([], rng) == []
    assert shuffled([Card.parse("AS")], rng) == [Card.parse("AS")]


def chi_square_of_orderings(mix: object, trials: int, seed: int) -> float:
    """The chi-square statistic of how often each order of three cards comes out."""
    three = deck()[:3]
    rng = random.Random(seed)
    counts = Counter(tuple(mix(three, rng)) for _ in range(trials))  # type: ignore[operator]
    orders = list(itertools.permutations(three))
    expected = trials / len(orders)
    return sum((counts[order] - expected) ** 2 / expected for order in orders)


def test_every_order_of_a_small_deck_is_equally_likely() -> None:
    assert chi_square_of_orderings(shuffled, 6000, seed=2024) < CHI2_5_DF_0_001


def test_the_uniformity_check_catches_a_biased_shuffle() -> None:
    def naive(cards: list[Card], rng: random.Random) -> list[Card]:
        out = list(cards)
        for i in range(len(out)):
            j = rng.randrange(len(out))  # the classic mistake: swap with any card
            out[i], out[j] = out[j], out[i]
        return out

    assert chi_square_of_orderings(naive, 6000, seed=2024) > CHI2_5_DF_0_001


def test_each_card_lands_anywhere_with_equal_chance() -> None:
    # 52 positions for the ace of spades over 5200 shuffles: each about 100.
    rng = random.Random(99)
    ace = Card.parse("AS")
    counts = Counter(shuffled(deck(), rng).index(ace) for _ in range(5200))
    assert set(counts) == set(range(52))
    chi = sum((counts[p] - 100) ** 2 / 100 for p in range(52))
    assert chi < 98.0  # the 0.01% point for 51 degrees of freedom is about 98


# -- Deals --------------------------------------------------------------------------------------


@pytest.mark.parametrize(("without", "players", "size"), [
    ((), 4, 13), (("2D",), 3, 17), (("2D", "2S"), 5, 10), ((), 2, 26), ((), 1, 52),
])
def test_a_deal_gives_every_card_equally_to_each_player(
    without: tuple[str, ...], players: int, size: int
) -> None:
    cards = deck(parse_cards(without))
    hands = deal(cards, players, random.Random(5))
    assert len(hands) == players
    assert all(len(hand) == size for hand in hands)
    assert all(list(hand) == sorted(hand) for hand in hands)
    assert sorted(c for hand in hands for c in hand) == list(cards)


def test_a_deal_depends_only_on_the_injected_random_source() -> None:
    assert deal(deck(), 4, random.Random(3)) == deal(deck(), 4, random.Random(3))
    assert deal(deck(), 4, random.Random(3)) != deal(deck(), 4, random.Random(4))


@pytest.mark.parametrize(("cards", "players"), [(52, 3), (52, 5), (51, 4), (52, 0), (52, -4)])
def test_a_deal_that_does_not_divide_evenly_is_refused(cards: int, players: int) -> None:
    with pytest.raises(CardError):
        deal(deck()[:cards], players, random.Random(0))

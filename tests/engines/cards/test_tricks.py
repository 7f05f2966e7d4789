"""Tricks that know trumps: rank orders, point tables, winners, and each obligation and option
(Debertz §2 and §9, Dobbm §2 and §8, Bidel §3)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from engines.cards.cards import ALL_CARDS, Card, Suit, deck, parse_cards
from engines.cards.german import GERMAN_CARDS, GermanCard, GermanSuit, parse_german_cards
from engines.cards.teams import teams
from engines.cards.tricks import (
    ACE_HIGH,
    ACE_TEN,
    ACE_TEN_POINTS,
    JACK_NINE_TRUMP_POINTS,
    JACK_NINE_TRUMPS,
    R_FOLLOW,
    R_HOLD,
    R_OVERTRUMP_LEAD,
    R_OVERTRUMP_RUFF,
    R_TRUMP,
    PointTable,
    RankOrder,
    Trick,
    TrickError,
    TrickRules,
    legal_plays,
    trick_winner,
    why_illegal,
    winning_index,
)

DEBERTZ_ORDER = RankOrder(ACE_TEN, JACK_NINE_TRUMPS)
DEBERTZ_POINTS = PointTable.of(ACE_TEN_POINTS, JACK_NINE_TRUMP_POINTS)
SPADES = Suit.SPADES


def debertz(trump: Suit = SPADES, players: int = 4, **options: Any) -> TrickRules:
    """Debertz §9.3: follow, else trump, overtrump after a trump lead; partners opposite with 4."""
    return TrickRules(DEBERTZ_ORDER, trump, must_trump=True, overtrump_on_trump_lead=True,
                      teams=teams(4, 2) if players == 4 else None, **options)


DOBBM = TrickRules(RankOrder(ACE_TEN), GermanSuit.HEARTS, must_trump=True)
BIDEL = TrickRules(RankOrder(ACE_HIGH))


def french(text: str) -> list[Card]:
    return parse_cards(text)


def german(text: str) -> list[GermanCard]:
    return parse_german_cards(text)


def trick(cards: list[Any], leader: int = 0, seats: tuple[int, ...] = (0, 1, 2, 3)) -> Trick[Any]:
    played: Trick[Any] = Trick.led_by(leader, seats)
    for card in cards:
        played = played.play(card)
    return played


DEBERTZ_4 = debertz()


def legal(hand: str, played: str, rules: TrickRules = DEBERTZ_4) -> str:
    plays = legal_plays(french(hand), trick(french(played)), rules)
    return " ".join(map(str, plays))


def reason(hand: str, played: str, card: str, rules: TrickRules = DEBERTZ_4) -> str | None:
    return why_illegal(french(hand), trick(french(played)), Card.parse(card), rules)


# -- Rank orders and points ----------------------------------------------------------------------


def test_debertz_plain_suits_rank_a_10_k_q_j_9_8_7() -> None:
    hearts = [c for c in deck(lowest_rank=7) if c.suit is Suit.HEARTS]
    ranked = DEBERTZ_ORDER.ranked(hearts, trump=SPADES)
    assert " ".join(map(str, ranked)) == "AH TH KH QH JH 9H 8H 7H"


def test_debertz_trumps_rank_j_9_a_10_k_q_8_7() -> None:
    spades = [c for c in deck(lowest_rank=7) if c.suit is SPADES]
    ranked = DEBERTZ_ORDER.ranked(spades, trump=SPADES)
    assert " ".join(map(str, ranked)) == "JS 9S AS TS KS QS 8S 7S"


def test_debertz_card_points_plain_and_trump() -> None:
    assert [DEBERTZ_POINTS.points(c, SPADES) for c in french("AH TH KH QH JH 9H 8H 7H")] == \
        [11, 10, 4, 3, 2, 0, 0, 0]
    assert [DEBERTZ_POINTS.points(c, SPADES) for c in french("JS 9S AS TS KS QS 8S 7S")] == \
        [20, 14, 11, 10, 4, 3, 0, 0]


def test_debertz_card_points_total_152_per_deal() -> None:
    for trump in Suit:
        assert DEBERTZ_POINTS.total(deck(lowest_rank=7), trump) == 3 * 30 + 62 == 152


def test_debertz_weak_hand_counts_every_card_at_its_plain_value() -> None:
    # Debertz §13.10: trumps ♥; ♥J ♥9 ♠K ♣Q ♦8 ♦7 ♣9 ♠8 ♥7 = 2 + 0 + 4 + 3 = 9.
    hand = french("JH 9H KS QC 8D 7D 9C 8S 7H")
    assert DEBERTZ_POINTS.total(hand) == 9
    assert DEBERTZ_POINTS.total(hand, Suit.HEARTS) == 20 + 14 + 4 + 3


def test_a_rank_order_with_no_place_for_a_card_is_refused() -> None:
    with pytest.raises(TrickError, match="no place for 2S"):
        DEBERTZ_ORDER.power(Card.parse("2S"))


@pytest.mark.parametrize("bad", [(), (14, 14), (14, "10"), (14, True)])
def test_a_rank_order_lists_each_rank_once(bad: tuple[Any, ...]) -> None:
    with pytest.raises(TrickError):
        RankOrder(bad)
    with pytest.raises(TrickError):
        RankOrder(ACE_TEN, bad)


def test_orders_and_tables_are_plain_comparable_values() -> None:
    assert RankOrder(list(ACE_TEN)) == RankOrder(ACE_TEN)  # type: ignore[arg-type]
    assert hash(DEBERTZ_ORDER) == hash(RankOrder(ACE_TEN, JACK_NINE_TRUMPS))
    assert PointTable.of(ACE_TEN_POINTS) == PointTable.of(dict(ACE_TEN_POINTS))
    assert debertz() == debertz() and debertz().with_trump(Suit.HEARTS).trump is Suit.HEARTS


# -- Trick winners -------------------------------------------------------------------------------


def test_without_trumps_the_highest_card_of_the_suit_led_wins() -> None:
    played = trick(french("5C AD KC 2C"), leader=1, seats=(0, 1, 2, 3))
    assert played.plays[0] == (1, Card.parse("5C"))
    assert trick_winner(played, BIDEL) == 3  # KC, played by seat 3; AD is off suit
    assert winning_index(played, BIDEL) == 2


def test_with_trumps_the_highest_trump_wins() -> None:
    assert trick_winner(trick(french("AH 7S TH 8S")), debertz()) == 3
    assert trick_winner(trick(french("AH 9S JS 8S")), debertz()) == 2


def test_with_trumps_and_none_played_the_highest_card_of_the_suit_led_wins() -> None:
    assert trick_winner(trick(french("KH TH AD AC")), debertz()) == 1


def test_debertz_trump_nine_beats_trump_ace_but_a_plain_nine_does_not_beat_a_plain_ace() -> None:
    assert trick_winner(trick(french("AS 9S")), debertz()) == 1
    assert trick_winner(trick(french("AH 9H")), debertz()) == 0


def test_the_winner_so_far_of_an_unfinished_trick() -> None:
    assert trick_winner(trick(french("7H")), debertz()) == 0
    assert trick_winner(trick(french("7H 7S")), debertz()) == 1
    with pytest.raises(TrickError, match="before a card"):
        trick_winner(trick([]), debertz())


def test_dobbm_the_highest_heart_wins_else_the_highest_of_the_suit_led() -> None:
    assert trick_winner(trick(german("SL 6H TL KL")), DOBBM) == 1
    assert trick_winner(trick(german("KL TL SA OL")), DOBBM) == 1  # ten above king; SA off suit
    assert trick_winner(trick(german("UH OH SH TH")), DOBBM) == 2


def test_dobbm_five_players_the_sitting_out_dealer_plays_no_card() -> None:
    played = trick(german("OB UB SB TB"), leader=3, seats=(1, 2, 3, 4))  # dealer 0 sits out
    assert played.order == (3, 4, 1, 2)
    assert played.is_complete and played.seat_to_play is None
    assert trick_winner(played, DOBBM) == 1


# -- Obligations: follow, trump, any card --------------------------------------------------------


def test_follow_the_suit_led_if_you_can() -> None:
    # The legal cards come in hand order.
    assert legal("AH 7H KS 8D", "9H") == "AH 7H"
    assert reason("AH 7H KS 8D", "9H", "KS") == R_FOLLOW
    assert reason("AH 7H KS 8D", "9H", "7H") is None


def test_debertz_void_in_the_suit_led_play_a_trump_if_you_can() -> None:
    assert legal("KS 7S 8D AC", "9H") == "KS 7S"
    assert reason("KS 7S 8D AC", "9H", "AC") == R_TRUMP


def test_void_with_no_trump_any_card() -> None:
    assert legal("8D AC", "9H") == "8D AC"


def test_without_a_trump_obligation_a_void_player_may_play_any_card() -> None:
    hand, played = french("KS 8D"), trick(french("9H"))
    assert legal_plays(hand, played, BIDEL) == hand
    assert legal_plays(hand, played, replace(debertz(), must_trump=False)) == hand


def test_a_leader_may_play_any_card() -> None:
    assert legal("KS 7H 8D", "") == "KS 7H 8D"
    assert reason("KS 7H 8D", "", "7H") is None


def test_a_card_not_in_hand_cannot_be_played() -> None:
    assert reason("KS 7H", "9H", "AH") == R_HOLD
    assert reason("KS 7H", "", "AH") == R_HOLD


def test_nobody_plays_to_a_complete_trick() -> None:
    full = trick(french("7H 8H 9H TH"))
    with pytest.raises(TrickError, match="complete"):
        legal_plays(french("AH"), full, debertz())
    with pytest.raises(TrickError, match="complete"):
        why_illegal(french("AH"), full, Card.parse("KH"), debertz())
    with pytest.raises(TrickError, match="complete"):
        full.play(Card.parse("AH"))


def test_dobbm_follow_suit_else_a_heart_else_any_card() -> None:
    hand = german("SL 7L 9H 6B")
    assert legal_plays(hand, trick(german("OL")), DOBBM) == german("SL 7L")
    assert legal_plays(hand, trick(german("OA")), DOBBM) == german("9H")
    assert why_illegal(hand, trick(german("OA")), GermanCard.parse("6B"), DOBBM) == R_TRUMP
    assert legal_plays(german("SL 6B"), trick(german("OA")), DOBBM) == german("SL 6B")


def test_dobbm_there_is_no_obligation_to_beat_the_cards_already_played() -> None:
    hand = german("SH 7H 8L")
    assert legal_plays(hand, trick(german("KH")), DOBBM) == german("SH 7H")
    assert legal_plays(hand, trick(german("KB TH")), DOBBM) == german("SH 7H")


# -- Overtrumping (Debertz §9.3.4, §9.4, §9.5) ---------------------------------------------------


def test_debertz_when_trumps_are_led_play_a_higher_trump_if_you_can() -> None:
    rules = debertz(players=3)
    assert legal("9S 8S 7H", "AS", rules) == "9S"
    assert reason("9S 8S 7H", "AS", "8S", rules) == R_OVERTRUMP_LEAD
    assert reason("9S 8S 7H", "AS", "7H", rules) == R_FOLLOW


def test_debertz_when_trumps_are_led_and_you_cannot_beat_them_any_trump() -> None:
    assert legal("TS 7S 7H", "JS 9S", debertz(players=3)) == "TS 7S"


def test_debertz_when_trumps_are_led_and_you_have_none_any_card() -> None:
    assert legal("7H AD", "7S", debertz(players=3)) == "7H AD"


def test_debertz_the_trump_to_beat_is_the_best_in_the_trick_not_the_led_one() -> None:
    # ♠9 is the best trump: the ♠A does not beat it, so with no ♠J any trump may be played.
    assert legal("AS TS 8S", "8S QS 9S", debertz(players=3)) == "AS TS 8S"
    assert legal("JS TS", "8S 9S", debertz(players=3)) == "JS"


def test_debertz_partner_winning_after_a_trump_lead_any_trump_may_be_played() -> None:
    # Debertz §13.11: N leads ♠K, E plays ♠7; S (N's partner) holds ♠A ♠8: either.
    north_leads = trick(french("KS 7S"), leader=0)
    hand = french("AS 8S")
    assert legal_plays(hand, north_leads, debertz()) == hand
    assert why_illegal(hand, north_leads, Card.parse("8S"), debertz()) is None


def test_debertz_overtrump_partner_option_makes_the_obligation_unconditional() -> None:
    north_leads = trick(french("KS 7S"), leader=0)
    rules = debertz(overtrump_partner=True)
    assert legal_plays(french("AS 8S"), north_leads, rules) == french("AS")
    assert why_illegal(french("AS 8S"), north_leads, Card.parse("8S"), rules) == R_OVERTRUMP_LEAD


def test_debertz_the_partner_exemption_holds_only_while_the_partner_is_winning() -> None:
    # N leads ♠K, E beats it with ♠9: the best trump is an opponent's, so S must beat ♠9.
    played = trick(french("KS 9S"), leader=0)
    assert legal_plays(french("JS 8S"), played, debertz()) == french("JS")


def test_debertz_without_partners_every_other_player_is_an_opponent() -> None:
    played = trick(french("KS 7S"), leader=0, seats=(0, 1, 2))
    assert legal_plays(french("AS 8S"), played, debertz(players=3)) == french("AS")
    four_individual = trick(french("KS 7S"), leader=0)
    assert legal_plays(french("AS 8S"), four_individual, debertz(players=3)) == french("AS")


def test_debertz_a_ruffing_player_need_not_beat_a_trump_already_played_but_must_trump() -> None:
    # Debertz §9.5, default: ♥ led, W ruffed with ♠9; S holds no heart, ♠J ♠7 and ♦A.
    played = trick(french("AH 9S"), leader=0, seats=(0, 1, 2))
    rules = debertz(players=3)
    assert legal_plays(french("JS 7S AD"), played, rules) == french("JS 7S")
    assert why_illegal(french("JS 7S AD"), played, Card.parse("AD"), rules) == R_TRUMP


def test_debertz_overtrump_on_ruff_option_requires_beating_the_trump_when_able() -> None:
    played = trick(french("AH 9S"), leader=0, seats=(0, 1, 2))
    rules = debertz(players=3, overtrump_on_ruff=True)
    assert legal_plays(french("JS 7S AD"), played, rules) == french("JS")
    assert why_illegal(french("JS 7S AD"), played, Card.parse("7S"), rules) == R_OVERTRUMP_RUFF
    assert why_illegal(french("JS 7S AD"), played, Card.parse("AD"), rules) == R_TRUMP


def test_debertz_overtrump_on_ruff_unable_to_beat_still_any_trump() -> None:
    played = trick(french("AH JS"), leader=0, seats=(0, 1, 2))
    rules = debertz(players=3, overtrump_on_ruff=True)
    assert legal_plays(french("9S 7S AD"), played, rules) == french("9S 7S")


def test_debertz_overtrump_on_ruff_with_the_partner_winning_any_trump_unless_overtrump_partner(
) -> None:
    # N leads ♥7, E ruffs with ♠9, S follows ♥8; W (E's partner) holds no heart, ♠J ♠7 ♦A.
    played = trick(french("7H 9S 8H"), leader=0)
    hand = french("JS 7S AD")
    assert legal_plays(hand, played, debertz(overtrump_on_ruff=True)) == french("JS 7S")
    assert legal_plays(hand, played,
                       debertz(overtrump_on_ruff=True, overtrump_partner=True)) == french("JS")


def test_debertz_a_void_player_must_trump_even_when_the_partner_is_winning() -> None:
    # §9.3.2 has no partner exception (only §9.3.4 has, by §9.4).
    played = trick(french("AH 7H"), leader=0)  # N's ♥A wins, E followed; S is N's partner
    assert legal_plays(french("7S AD"), played, debertz()) == french("7S")


def test_a_plain_suit_lead_never_asks_to_beat_the_card_led() -> None:
    assert legal("7H AH", "KH", debertz(players=3, overtrump_on_ruff=True,
                                        overtrump_partner=True)) == "7H AH"


# -- Tricks themselves ---------------------------------------------------------------------------


def test_a_trick_knows_its_leader_suit_led_and_who_is_to_play() -> None:
    played = trick(french("7H 9S"), leader=2)
    assert played.order == (2, 3, 0, 1)
    assert (played.leader, played.led_suit, played.seat_to_play) == (2, Suit.HEARTS, 0)
    assert played.plays == ((2, Card.parse("7H")), (3, Card.parse("9S")))
    assert trick([]).led_suit is None and not trick([]).is_complete


@pytest.mark.parametrize(("order", "cards"), [
    ((), ()), ((0, 0), ()), ((0, 1), tuple(french("7H 8H 9H"))), ((0, 1), tuple(french("7H 7H"))),
])
def test_a_trick_that_makes_no_sense_is_refused(order: tuple[int, ...],
                                                cards: tuple[Card, ...]) -> None:
    with pytest.raises(TrickError):
        Trick(order, cards)


def test_a_trick_is_led_by_a_seat_that_plays_in_it() -> None:
    with pytest.raises(TrickError, match="seat 0"):
        Trick.led_by(0, (1, 2, 3, 4))


def test_a_french_trump_with_german_cards_is_refused() -> None:
    with pytest.raises(TrickError, match="kind"):
        legal_plays(german("SH"), trick(german("OL")), replace(DOBBM, trump=Suit.HEARTS))
    with pytest.raises(TrickError, match="kind"):
        trick_winner(trick(french("7H")), DOBBM)


def test_teams_that_do_not_name_every_seat_are_refused() -> None:
    played = trick(french("KS 7S"), leader=0, seats=(0, 1, 2, 5))
    with pytest.raises(TrickError, match="teams"):
        legal_plays(french("AS 8S"), played.play(Card.parse("8H")), debertz())


def test_every_card_of_either_kind_has_a_place_in_the_ace_ten_order() -> None:
    order = RankOrder(ACE_TEN)
    assert all(order.power(c) > 0 for c in GERMAN_CARDS)
    assert all(order.power(c) > 0 for c in ALL_CARDS if c.rank >= 6)

"""Property tests over drawn hands, tricks, rules and schedules (hypothesis).

The obligations are checked against a second, declarative reading of tricks.py's
rule list: a card is illegal when it breaks a rule that another card in the hand
would have kept. Deals are checked over drawn schedules: every card exactly once,
replay through the record, refusal of a record with one card changed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engines.cards.cards import Suit, deck
from engines.cards.deals import DealError, DealSchedule, Packets, Stock, TurnUp
from engines.cards.german import GermanSuit, german_deck
from engines.cards.teams import declarer_against_rest, teams
from engines.cards.tricks import (
    ACE_HIGH,
    ACE_TEN,
    JACK_NINE_TRUMPS,
    R_HOLD,
    RankOrder,
    Trick,
    TrickRules,
    beats,
    legal_plays,
    trick_winner,
    why_illegal,
    winning_index,
)


@dataclass(frozen=True)
class Situation:
    hand: list[Any]
    trick: Trick[Any]
    rules: TrickRules
    others: list[Any]  # cards in nobody's hand or trick


@st.composite
def situations(draw: st.DrawFn) -> Situation:
    kind = draw(st.sampled_from(["debertz", "dobbm", "bidel"]))
    if kind == "debertz":
        cards, suits, order = deck(lowest_rank=7), list(Suit), RankOrder(ACE_TEN, JACK_NINE_TRUMPS)
    elif kind == "dobbm":
        cards, suits, order = german_deck(), list(GermanSuit), RankOrder(ACE_TEN)
    else:
        cards, suits, order = deck(), list(Suit), RankOrder(ACE_HIGH)
    players = draw(st.integers(2, 5))
    team_kind = draw(st.sampled_from(["none", "pairs", "declarer"]))
    table: tuple[int, ...] | None = None
    if team_kind == "pairs" and players == 4:
        table = teams(4, 2)
    elif team_kind == "declarer":
        table = declarer_against_rest(draw(st.integers(0, players - 1)), players)
    rules = TrickRules(
        order, draw(st.sampled_from([None, *suits])),
        must_trump=draw(st.booleans()),
        overtrump_on_trump_lead=draw(st.booleans()),
        overtrump_on_ruff=draw(st.booleans()),
        overtrump_partner=draw(st.booleans()),
        teams=table,
    )
    mixed = list(draw(st.permutations(cards)))
    played = draw(st.integers(0, players - 1))
    size = draw(st.integers(1, 9))
    if rules.trump is not None and draw(st.booleans()):  # more trumps: overtrumping comes up
        ruff = players > 2 and draw(st.booleans())  # else a trump lead
        played = max(played, 2 if ruff else 1)
        trumps = [c for c in mixed if c.suit == rules.trump]
        plain = [c for c in mixed if c.suit != rules.trump]
        wants = [not ruff, *([True] if ruff else []),
                 *draw(st.lists(st.booleans(), min_size=played - 1 - ruff,
                                max_size=played - 1 - ruff))]
        chosen = [(trumps if (want and trumps) or not plain else plain).pop() for want in wants]
        if ruff or draw(st.booleans()):  # void in the suit led
            plain = [c for c in plain if c.suit != chosen[0].suit]
        often = st.sampled_from([True, True, False])
        for want in draw(st.lists(often, min_size=size, max_size=size)):
            if trumps or plain:
                chosen.append((trumps if (want and trumps) or not plain else plain).pop())
        mixed = chosen + [c for c in mixed if c not in chosen]
        size = len(chosen) - played
    trick: Trick[Any] = Trick.led_by(draw(st.integers(0, players - 1)), tuple(range(players)))
    for card in mixed[:played]:
        trick = trick.play(card)
    return Situation(list(mixed[played:played + size]), trick, rules,
                     list(mixed[played + size:]))


def naive_legal(hand: list[Any], trick: Trick[Any], rules: TrickRules) -> set[Any]:
    """A second reading: drop the cards that break a rule some other card would keep."""
    if not trick.cards:
        return set(hand)
    led, trump = trick.cards[0].suit, rules.trump
    best = max(range(len(trick.cards)), key=lambda i: (
        trick.cards[i].suit == trump, trick.cards[i].suit == led,
        rules.order.power(trick.cards[i], trump) if trick.cards[i].suit in (led, trump) else 0))
    best_card, best_seat = trick.cards[best], trick.order[best]
    seat = trick.order[len(trick.cards)]
    partner_winning = rules.teams is not None and rules.teams[seat] == rules.teams[best_seat]
    trump_in_trick = any(c.suit == trump for c in trick.cards) and trump is not None

    def follows(card: Any) -> bool:
        return card.suit == led

    def trumps(card: Any) -> bool:
        return trump is not None and card.suit == trump

    def tops(card: Any) -> bool:
        return trumps(card) and (
            not trump_in_trick or rules.order.power(card, trump) >
            rules.order.power(best_card, trump))

    allowed = set(hand)
    if any(follows(c) for c in hand):
        allowed = {c for c in allowed if follows(c)}
    elif rules.must_trump and any(trumps(c) for c in hand):
        allowed = {c for c in allowed if trumps(c)}
    overtrump = (rules.overtrump_on_trump_lead if led == trump else rules.overtrump_on_ruff)
    binding = overtrump and trump_in_trick and (rules.overtrump_partner or not partner_winning)
    if binding and (led == trump or rules.must_trump) and all(trumps(c) for c in allowed) \
            and any(tops(c) for c in allowed):
        allowed = {c for c in allowed if tops(c)}
    return allowed


@settings(max_examples=400, deadline=None)
@given(situations())
def test_a_legal_play_is_always_available(s: Situation) -> None:
    plays = legal_plays(s.hand, s.trick, s.rules)
    assert plays
    assert [c for c in s.hand if c in plays] == plays  # a subset, in hand order


@settings(max_examples=1000, deadline=None)
@given(situations())
def test_why_illegal_is_none_exactly_for_the_legal_plays(s: Situation) -> None:
    plays = legal_plays(s.hand, s.trick, s.rules)
    for card in s.hand:
        assert (why_illegal(s.hand, s.trick, card, s.rules) is None) == (card in plays)
    for card in s.others[:5]:
        assert why_illegal(s.hand, s.trick, card, s.rules) == R_HOLD


@settings(max_examples=1000, deadline=None)
@given(situations())
def test_the_legal_plays_match_a_second_reading_of_the_obligations(s: Situation) -> None:
    assert set(legal_plays(s.hand, s.trick, s.rules)) == naive_legal(s.hand, s.trick, s.rules)


@settings(max_examples=300, deadline=None)
@given(situations(), st.randoms(use_true_random=False))
def test_the_winner_holds_the_highest_trump_else_the_highest_card_of_the_suit_led(
    s: Situation, rng: Any
) -> None:
    trick, pool = s.trick, list(s.hand) + list(s.others)
    while not trick.is_complete:  # finish the trick with legal cards from random hands
        hand = pool[:8]
        card = rng.choice(legal_plays(hand, trick, s.rules))
        pool.remove(card)
        trick = trick.play(card)
    winner = trick_winner(trick, s.rules)
    best = trick.cards[winning_index(trick, s.rules)]
    assert winner in trick.order
    assert dict(trick.plays)[winner] is best
    led, trump = trick.led_suit, s.rules.trump
    if trump is not None and any(c.suit == trump for c in trick.cards):
        assert best.suit == trump
    else:
        assert best.suit == led
    assert not any(beats(c, best, s.rules) for c in trick.cards if c is not best)


@st.composite
def schedules(draw: st.DrawFn) -> DealSchedule[Any]:
    cards = draw(st.sampled_from([deck(lowest_rank=7), german_deck(), deck()]))
    players = draw(st.integers(2, 6))
    sits_out = draw(st.booleans())
    active = players - sits_out
    packets = draw(st.lists(st.integers(1, 4), min_size=1, max_size=4))
    while sum(packets) * active >= len(cards):
        packets.pop()
    rest = len(cards) - sum(packets) * active
    turned = draw(st.integers(0, min(1, rest)))
    steps: list[Any] = [Packets(p) for p in packets] if packets else []
    if turned:
        steps.append(TurnUp(turned))
    if rest - turned:
        steps.append(Stock(rest - turned))
    return DealSchedule(cards, players, tuple(steps), dealer_sits_out=sits_out)


@settings(max_examples=200, deadline=None)
@given(schedules(), st.randoms(use_true_random=False), st.data())
def test_every_drawn_schedule_deals_every_card_once_and_replays(
    schedule: DealSchedule[Any], rng: Any, data: st.DataObject
) -> None:
    dealer = data.draw(st.integers(0, schedule.players - 1))
    deal = schedule.sample(rng, dealer)
    assert sorted(deal.all_cards()) == sorted(schedule.cards)
    assert schedule.from_record(deal.record()) == deal
    out = schedule.sits_out(dealer)
    assert all(len(h) == (0 if s == out else schedule.hand_size) for s, h in enumerate(deal.hands))
    cards = deal.all_cards()
    if len(cards) > 1 and deal.hands[schedule.dealing_order(dealer)[0]]:
        record = deal.record()
        seat = schedule.dealing_order(dealer)[0]
        hand = record["hands"][seat].split()
        other = next(str(c) for c in cards if str(c) not in hand)
        record["hands"][seat] = " ".join([other, *hand[1:]])
        try:
            schedule.from_record(record)
        except DealError:
            pass
        else:
            raise AssertionError("a record with one card dealt twice was accepted")

"""Rules §1–§4 of Bidel, one test per rule sentence, and the game interface around them.

Hands are laid out by hand so each rule can be seen at work. `reach_play` deals
and passes so that the seats hold exactly the given cards when play begins.
Every refused action is checked to leave the whole state as it was.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable, Sequence
from itertools import combinations
from typing import Any

import pytest

from engines.cards.cards import ALL_CARDS, Card, Suit, deck, parse_cards
from engines.hearts import rules
from engines.hearts.options import Direction, HeartsOptions, Moon, PassOrder
from engines.hearts.rules import (
    CHANCE,
    Action,
    Deal,
    GameState,
    Pass,
    Phase,
    RuleError,
    Trick,
    View,
    card_points,
    random_action,
    score_hand,
)

TWO_CLUBS, QUEEN_SPADES, JACK_DIAMONDS = Card.parse("2C"), Card.parse("QS"), Card.parse("JD")


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def suit(which: Suit) -> list[Card]:
    return [c for c in ALL_CARDS if c.suit is which]


# Seat 1 wins the first trick with A♣ and then leads with hearts unbroken; Q♠ falls on the
# second trick without breaking them; seat 1, out of clubs, breaks them on the third.
BREAKING = (
    "2C 3C 4C 5C 6C 7C 8C 2D 3D 4D 5D 6D 7D",
    "AC 2H 3H 4H 5H 6H 7H 8H 9H TH 8D 9D TD",
    "9C TC JC QC KC JH QH KH AH JD QD KD AD",
    "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
)
TRICK_1 = ("2C", "AC", "9C", "2S")  # seat 1 wins
TRICK_2 = ("8D", "JD", "QS", "7D")  # seat 2 wins
TRICK_3 = ("KC", "AS", "3C", "2H")  # seat 2 wins, A♠ notwithstanding

# Seat 1 wins the first trick with its only club and is left with nothing but hearts.
ONLY_HEARTS = (
    "2C 3C 4C 5C 2D 3D 4D 5D 6D 7D 8D 9D TD",
    "AC 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
    "6C 7C 8C 9C AH JD QD KD AD 2S 3S 4S 5S",
    "TC JC QC KC 6S 7S 8S 9S TS JS QS KS AS",
)

# Nobody but seat 0 has a club: seat 2 holds one heart among spades, seat 3 only hearts and Q♠.
VOID_IN_CLUBS = (
    " ".join(map(str, suit(Suit.CLUBS))),
    " ".join(map(str, suit(Suit.DIAMONDS))),
    "AH 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS",
    "QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
)


def moon_deal(shooter: int) -> list[list[Card]]:
    """`shooter` holds every club; the next seats in play hold the diamonds, hearts, spades.

    The shooter leads every trick with a club nobody else can follow, so takes them all.
    """
    hands: list[list[Card]] = [[], [], [], []]
    for offset, which in enumerate(Suit):
        hands[(shooter + offset) % 4] = suit(which)
    return hands


# -- Helpers ------------------------------------------------------------------------------------


def snapshot(state: GameState) -> tuple[Any, ...]:
    """Everything a game is made of, copied."""
    return (
        state.phase, state.turn, state.hand_number, state.direction, state.leader,
        [list(h) for h in state.hands], state.dealt, list(state.passes), list(state.received),
        list(state.tricks), list(state.trick), [list(t) for t in state.taken],
        state.hearts_broken, list(state.scores), list(state.results), list(state.history),
        list(state.last_tricks), state.current_player, state.is_over,
    )


def refused(state: GameState, action: Action | str, rule: str, seat: int | None = None) -> None:
    """`action` raises RuleError naming `rule`, and the state is exactly as it was."""
    before = snapshot(state)
    with pytest.raises(RuleError) as caught:
        state.apply(action, seat)
    assert caught.value.rule == rule
    assert f"(rule: {rule})" in str(caught.value)
    assert snapshot(state) == before


def as_cards(hand: str | Iterable[Card]) -> list[Card]:
    return sorted(cards(hand) if isinstance(hand, str) else hand)


def deal_of(hands: Sequence[str | Iterable[Card]]) -> Deal:
    return Deal.of(as_cards(h) for h in hands)


def reach_play(
    hands: Sequence[str | Iterable[Card]],
    state: GameState | None = None,
    options: HeartsOptions | None = None,
) -> GameState:
    """Deal, and pass if this hand passes, so each seat holds `hands[seat]` when play begins.

    Each seat is dealt its cards less the three it will receive (its own highest three) plus
    the three it must pass on.
    """
    state = state if state is not None else GameState(options)
    assert state.phase is Phase.DEAL
    n = state.players
    wanted = [as_cards(h) for h in hands]
    if state.direction is Direction.NONE:
        state.apply(Deal.of(wanted))
    else:
        to = [state.options.receiver(s, state.direction) for s in range(n)]
        given = [wanted[to[s]][-3:] for s in range(n)]
        before = [sorted((set(wanted[s]) - set(wanted[s][-3:])) | set(given[s])) for s in range(n)]
        state.apply(Deal.of(before))
        for s in range(n):
            state.apply(Pass.of(given[s]), s)
    assert state.phase is Phase.PLAY
    assert state.hands == wanted
    return state


def play(state: GameState, *texts: str) -> GameState:
    for text in texts:
        state.apply(Card.parse(text))
    return state


def play_hand_out(state: GameState) -> None:
    """Play the first legal card until the hand is over."""
    number = state.hand_number
    while state.phase is Phase.PLAY and state.hand_number == number:
        state.apply(state.legal_actions()[0])


def random_hand(state: GameState, rng: random.Random) -> None:
    """Deal, pass and play one hand at random."""
    number = state.hand_number
    while not state.is_over and state.hand_number == number:
        state.apply(random_action(state, rng))


def moon_game(shooters: Sequence[int], options: HeartsOptions | None = None) -> GameState:
    state = GameState(options)
    for shooter in shooters:
        reach_play(moon_deal(shooter), state)
        play_hand_out(state)
    return state


def cards_seen(value: object) -> set[Card]:
    """Every card anywhere inside a view (its fields, tuples and tricks)."""
    found: set[Card] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        kind = type(item)
        if kind is int or kind is bool or item is None:
            continue
        if kind is Card:
            found.add(item)  # type: ignore[arg-type]
        elif kind is tuple or kind is list:
            stack.extend(item)  # type: ignore[call-overload]
        elif dataclasses.is_dataclass(item):
            stack.extend(getattr(item, f.name) for f in dataclasses.fields(item))
        elif not isinstance(item, str | int):
            raise AssertionError(f"unexpected {kind.__name__} in a view")
    return found


# -- §1 Players and deck ------------------------------------------------------------------------


def test_four_players_are_dealt_13_cards_each_from_52() -> None:
    state = GameState()
    deal = state.sample_chance(random.Random(1))
    assert [len(h) for h in deal.hands] == [13] * 4
    assert sorted(c for h in deal.hands for c in h) == list(ALL_CARDS)
    state.apply(deal)
    assert [len(h) for h in state.hands] == [13] * 4


def test_three_players_remove_the_two_of_diamonds_and_are_dealt_17_each() -> None:
    state = GameState(HeartsOptions(players=3))
    deal = state.sample_chance(random.Random(2))
    assert [len(h) for h in deal.hands] == [17] * 3
    held = {c for h in deal.hands for c in h}
    assert held == set(ALL_CARDS) - {Card.parse("2D")}


def test_five_players_remove_the_twos_of_diamonds_and_spades_and_are_dealt_10_each() -> None:
    state = GameState(HeartsOptions(players=5))
    deal = state.sample_chance(random.Random(3))
    assert [len(h) for h in deal.hands] == [10] * 5
    held = {c for h in deal.hands for c in h}
    assert held == set(ALL_CARDS) - {Card.parse("2D"), Card.parse("2S")}


# -- §2 Deal: a chance step ---------------------------------------------------------------------


def test_each_hand_begins_with_the_deal_a_chance_step() -> None:
    state = GameState()
    assert state.phase is Phase.DEAL
    assert state.current_player == CHANCE
    assert state.is_chance
    assert state.legal_actions() == []


def test_the_deal_comes_from_the_injected_random_source_and_is_not_applied_by_sampling() -> None:
    state = GameState()
    before = snapshot(state)
    first = state.sample_chance(random.Random(11))
    assert snapshot(state) == before
    assert state.sample_chance(random.Random(11)) == first
    assert state.sample_chance(random.Random(12)) != first
    assert all(list(h) == sorted(h) for h in first.hands)


def test_the_deal_is_shuffled_fairly_each_seat_holds_the_two_of_clubs_as_often() -> None:
    state = GameState()
    rng = random.Random(5)
    holders = [0] * 4
    for _ in range(2000):
        deal = state.sample_chance(rng)
        holders[next(s for s, h in enumerate(deal.hands) if TWO_CLUBS in h)] += 1
    assert all(420 < count < 580 for count in holders), holders


def test_only_the_deal_is_sampled_by_chance() -> None:
    state = reach_play(BREAKING)
    with pytest.raises(RuleError) as caught:
        state.sample_chance(random.Random(0))
    assert caught.value.rule == rules.R_TURN


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_deal_must_give_each_player_the_same_number_of_cards(players: int) -> None:
    options = HeartsOptions(players=players)
    state = GameState(options)
    good = [list(h) for h in state.sample_chance(random.Random(8)).hands]
    short = [h[:] for h in good]
    short[0].append(short[1].pop())  # one too many and one too few
    refused(state, Deal.of(short), rules.R_DEAL)
    refused(state, Deal.of(good[:-1]), rules.R_DEAL)  # a seat left out
    refused(state, Deal.of([*good, []]), rules.R_DEAL)  # a seat too many
    state.apply(Deal.of(good))
    assert state.phase is Phase.PASS


def test_a_deal_must_use_each_card_exactly_once() -> None:
    state = GameState()
    good = [list(h) for h in state.sample_chance(random.Random(9)).hands]
    twice = [h[:] for h in good]
    twice[0][0] = twice[1][0]  # one card twice, another missing
    refused(state, Deal.of(twice), rules.R_DEAL)


def test_a_deal_with_fewer_players_may_not_use_the_removed_card() -> None:
    state = GameState(HeartsOptions(players=3))
    good = [list(h) for h in state.sample_chance(random.Random(10)).hands]
    good[0][0] = Card.parse("2D")
    refused(state, Deal.of(good), rules.R_DEAL)


def test_a_deal_is_made_of_cards() -> None:
    state = GameState()
    good = [list(h) for h in state.sample_chance(random.Random(10)).hands]
    mixed: list[list[Any]] = [h[:] for h in good]
    mixed[2][5] = str(mixed[2][5])
    refused(state, Deal(tuple(tuple(h) for h in mixed)), rules.R_DEAL)


def test_only_a_deal_starts_a_hand() -> None:
    state = GameState()
    refused(state, TWO_CLUBS, rules.R_DEAL)
    refused(state, Pass.of(cards("2C 3C 4C")), rules.R_DEAL)
    refused(state, TWO_CLUBS, rules.R_TURN, seat=0)


# -- §2 Passing ---------------------------------------------------------------------------------


def dealt(options: HeartsOptions | None = None, seed: int = 21) -> GameState:
    state = GameState(options)
    state.apply(state.sample_chance(random.Random(seed)))
    return state


def test_before_play_each_player_passes_three_cards_seat_by_seat() -> None:
    state = dealt()
    assert state.phase is Phase.PASS
    for seat in range(4):
        assert state.current_player == seat
        state.apply(Pass(tuple(state.hands[seat][:3])))
    assert state.phase is Phase.PLAY


def test_a_pass_is_chosen_from_every_three_card_subset_of_the_hand() -> None:
    for players, size in ((4, 13), (3, 17), (5, 10)):
        state = dealt(HeartsOptions(players=players))
        choices = state.legal_actions()
        assert len(choices) == len({a for a in choices}) == len(list(combinations(range(size), 3)))
        hand = set(state.hands[0])
        assert all(isinstance(a, Pass) and len(set(a.cards)) == 3 and set(a.cards) <= hand
                   for a in choices)
        assert list(state.legal_passes()) == choices


def test_passes_are_simultaneous_cards_change_hands_only_once_all_have_chosen() -> None:
    state = dealt()
    start = [list(h) for h in state.hands]
    chosen = [tuple(h[-3:]) for h in start]
    for seat in range(3):
        state.apply(Pass(chosen[seat]))
        assert state.hands == start
        assert state.received == [None] * 4
        assert state.phase is Phase.PASS
    state.apply(Pass(chosen[3]))
    assert all(state.hands[s] != start[s] for s in range(4))
    assert state.received == [chosen[(s + 1) % 4] for s in range(4)]  # the first hand passes right


def test_a_seat_does_not_see_another_seats_pass_before_the_exchange() -> None:
    state = dealt()
    state.apply(Pass(tuple(state.hands[0][:3])))
    secret = set(state.passes[0] or ())
    for seat in (1, 2, 3):
        view = state.view(seat)
        assert view.passed is None
        assert view.received is None
        assert not cards_seen(view) & secret
        assert view.has_passed == (True, False, False, False)
    assert state.view(0).passed == tuple(sorted(secret))


def test_you_choose_your_pass_before_seeing_what_you_receive() -> None:
    state = dealt()
    for seat in range(4):
        view = state.view(seat)
        assert view.received is None
        assert cards_seen(view) <= set(state.dealt[seat])
        state.apply(Pass(tuple(state.hands[seat][:3])))
    for seat in range(4):
        assert state.view(seat).received == state.passes[(seat + 1) % 4]


def test_a_seat_passes_once() -> None:
    state = dealt()
    state.apply(Pass(tuple(state.hands[0][:3])))
    refused(state, Pass(tuple(state.hands[0][3:6])), rules.R_TURN, seat=0)


def test_passing_waits_for_the_seat_whose_turn_it_is_to_choose() -> None:
    state = dealt()
    refused(state, Pass(tuple(state.hands[2][:3])), rules.R_TURN, seat=2)


@pytest.mark.parametrize("count", [0, 1, 2, 4, 13])
def test_pass_exactly_three_cards(count: int) -> None:
    state = dealt()
    refused(state, Pass(tuple(state.hands[0][:count])), rules.R_PASS_COUNT)


def test_pass_three_different_cards() -> None:
    state = dealt()
    card, other = state.hands[0][:2]
    refused(state, Pass((card, card, other)), rules.R_PASS_COUNT)
    refused(state, Pass((card, card, card)), rules.R_PASS_COUNT)


def test_you_can_only_pass_cards_you_hold() -> None:
    state = dealt()
    theirs = state.hands[1][0]
    refused(state, Pass.of([*state.hands[0][:2], theirs]), rules.R_IN_HAND)


def test_cards_are_passed_not_played_before_the_exchange() -> None:
    state = dealt()
    refused(state, state.hands[0][0], rules.R_PASSING)
    refused(state, Deal(()), rules.R_PASSING)
    error = state.why_illegal(0, state.hands[0][0])
    assert error is not None and error.rule == rules.R_PASSING


def passes_in_hand(state: GameState, rng: random.Random) -> dict[int, tuple[Card, ...]]:
    """Deal and pass the current hand at random; who received each seat's pass."""
    state.apply(state.sample_chance(rng))
    if state.phase is Phase.PLAY:
        return {}
    chosen = {}
    for seat in range(state.players):
        chosen[seat] = tuple(sorted(rng.sample(state.hands[seat], 3)))
        state.apply(Pass(chosen[seat]))
    receiver = {}
    for giver, given in chosen.items():
        receiver[giver] = next(s for s in range(state.players) if state.received[s] == given)
        assert set(given) <= set(state.hands[receiver[giver]])
    return receiver


def directions_played(options: HeartsOptions, hands: int, seed: int = 3) -> list[dict[int, int]]:
    rng = random.Random(seed)
    state = GameState(options)
    out = []
    for _ in range(hands):
        out.append(passes_in_hand(state, rng))
        while state.phase is Phase.PLAY:
            state.apply(rng.choice(state.legal_actions()))
    return out


RIGHT4 = {0: 3, 1: 0, 2: 1, 3: 2}
LEFT4 = {0: 1, 1: 2, 2: 3, 3: 0}
ACROSS4 = {0: 2, 1: 3, 2: 0, 3: 1}


def test_the_first_hand_passes_right_the_second_left_the_third_across_the_fourth_none() -> None:
    # Seat s+1 sits on s's left: right is s−1, left s+1, across s+2.
    assert directions_played(HeartsOptions(), 5) == [RIGHT4, LEFT4, ACROSS4, {}, RIGHT4]


def test_the_left_first_option_passes_left_right_across_none() -> None:
    options = HeartsOptions(pass_order=PassOrder.LEFT_FIRST)
    assert directions_played(options, 5) == [LEFT4, RIGHT4, ACROSS4, {}, LEFT4]


def test_three_players_skip_across() -> None:
    right, left = {0: 2, 1: 0, 2: 1}, {0: 1, 1: 2, 2: 0}
    assert directions_played(HeartsOptions(players=3), 4) == [right, left, {}, right]


def test_five_players_skip_across() -> None:
    right = {s: (s - 1) % 5 for s in range(5)}
    left = {s: (s + 1) % 5 for s in range(5)}
    assert directions_played(HeartsOptions(players=5), 4) == [right, left, {}, right]


def test_a_seat_knows_whom_it_passes_to() -> None:
    state = dealt()
    assert [state.view(s).pass_to for s in range(4)] == [3, 0, 1, 2]
    assert state.view(0).direction is Direction.RIGHT


def test_in_the_hand_without_passing_play_begins_straight_after_the_deal() -> None:
    state = moon_game([0, 1, 2])
    assert state.hand_number == 3 and state.direction is Direction.NONE
    assert state.view(0).pass_to is None
    deal = state.sample_chance(random.Random(4))
    state.apply(deal)
    assert state.phase is Phase.PLAY
    assert state.hands == [list(h) for h in deal.hands]
    assert state.passes == [None] * 4 and state.received == [None] * 4
    assert state.view(1).received is None


def test_there_is_no_passing_in_the_hand_without_passing() -> None:
    state = moon_game([0, 1, 2])
    reach_play(BREAKING, state)
    refused(state, Pass.of(cards("2C 3C 4C")), rules.R_NO_PASS)
    refused(state, "pass 2C 3C 4C", rules.R_NO_PASS)


def test_once_play_begins_no_more_cards_are_passed() -> None:
    state = reach_play(BREAKING)
    refused(state, Pass.of(cards("2C 3C 4C")), rules.R_TURN)


# -- §3 Play ------------------------------------------------------------------------------------


def test_the_holder_of_the_two_of_clubs_after_passing_leads_it() -> None:
    state = GameState()
    state.apply(deal_of(BREAKING))
    state.apply(Pass.of(cards("2C 3C 4C")))  # seat 0 passes the 2♣ right, to seat 3
    for seat in (1, 2, 3):
        state.apply(Pass(tuple(state.hands[seat][:3])))
    assert TWO_CLUBS in state.hands[3]
    assert state.current_player == 3
    assert state.legal_actions() == [TWO_CLUBS]
    assert state.view(3).trick == Trick(3, ())


def test_the_two_of_clubs_leads_every_hand() -> None:
    state = GameState()
    for shooter in (2, 1, 3, 0, 2):
        reach_play(moon_deal(shooter), state)
        assert state.current_player == shooter
        assert state.legal_actions() == [TWO_CLUBS]
        play_hand_out(state)
        assert state.last_tricks[0].cards[0] is TWO_CLUBS
        assert state.last_tricks[0].leader == shooter


def test_the_first_trick_is_led_with_the_two_of_clubs_and_nothing_else() -> None:
    state = reach_play(BREAKING)
    refused(state, "3C", rules.R_TWO_CLUBS)
    error = state.why_illegal(0, Card.parse("2D"))
    assert error is not None and error.rule == rules.R_TWO_CLUBS
    assert state.why_illegal(0, TWO_CLUBS) is None


def test_play_goes_around_in_turn_one_card_each() -> None:
    state = reach_play(BREAKING)
    turns = []
    for text in (*TRICK_1, *TRICK_2):
        turns.append(state.current_player)
        play(state, text)
    assert turns == [0, 1, 2, 3, 1, 2, 3, 0]
    assert [len(h) for h in state.hands] == [11] * 4


def test_a_card_out_of_turn_is_refused() -> None:
    state = play(reach_play(BREAKING), "2C")
    assert state.current_player == 1
    refused(state, "9C", rules.R_TURN, seat=2)
    refused(state, "9C", rules.R_IN_HAND)  # seat 1 does not hold it
    error = state.why_illegal(2, Card.parse("9C"))
    assert error is not None and error.rule == rules.R_TURN


def test_you_can_only_play_a_card_you_hold() -> None:
    state = reach_play(BREAKING)
    refused(state, "AS", rules.R_IN_HAND)
    error = state.why_illegal(0, Card.parse("AS"))
    assert error is not None and error.rule == rules.R_IN_HAND


def test_you_must_follow_the_suit_led_if_you_can() -> None:
    state = play(reach_play(BREAKING), *TRICK_1, "8D")
    assert state.current_player == 2
    assert set(state.legal_actions()) == set(cards("JD QD KD AD"))
    refused(state, "KC", rules.R_FOLLOW)
    refused(state, "AH", rules.R_FOLLOW)
    error = state.why_illegal(2, Card.parse("TC"))
    assert error is not None and error.rule == rules.R_FOLLOW


def test_if_you_cannot_follow_you_may_play_any_card() -> None:
    state = play(reach_play(BREAKING), *TRICK_1, *TRICK_2, "KC", "AS", "3C")
    assert state.current_player == 1  # out of clubs since the first trick
    assert set(state.legal_actions()) == set(state.hands[1])
    assert any(c.suit is Suit.HEARTS for c in state.legal_actions())


def test_no_trumps_the_highest_card_of_the_suit_led_wins() -> None:
    state = play(reach_play(BREAKING), *TRICK_1, *TRICK_2, *TRICK_3)
    assert [t.winner for t in state.tricks] == [1, 2, 2]
    # The third trick: K♣ led beats A♠, which did not follow.
    assert state.tricks[2] == Trick(2, tuple(cards("KC AS 3C 2H")), 2)


def test_a_trick_knows_who_played_each_card() -> None:
    state = play(reach_play(BREAKING), *TRICK_1, *TRICK_2)
    second = state.tricks[1]
    assert second.led is Suit.DIAMONDS
    assert second.seats(4) == list(zip([1, 2, 3, 0], cards(" ".join(TRICK_2)), strict=True))
    assert Trick(0, ()).led is None


def test_the_winner_takes_the_cards_and_leads_the_next_trick() -> None:
    state = play(reach_play(BREAKING), *TRICK_1)
    assert state.current_player == 1
    assert state.taken[1] == cards(" ".join(TRICK_1))
    play(state, *TRICK_2)
    assert state.current_player == 2
    assert state.taken[2] == cards(" ".join(TRICK_2))
    assert state.view(3).taken == (0, 0, 13, 0)
    assert state.view(0).trick == Trick(2, ())


def test_no_heart_may_be_led_until_a_heart_has_been_played() -> None:
    state = play(reach_play(BREAKING), *TRICK_1)
    assert state.current_player == 1
    assert set(state.legal_actions()) == set(cards("8D 9D TD"))
    refused(state, "2H", rules.R_BREAKING)
    error = state.why_illegal(1, Card.parse("TH"))
    assert error is not None and error.rule == rules.R_BREAKING


def test_playing_the_queen_of_spades_does_not_break_hearts() -> None:
    state = play(reach_play(BREAKING), *TRICK_1, *TRICK_2)
    assert QUEEN_SPADES in state.tricks[1].cards
    assert not state.hearts_broken and not state.view(0).hearts_broken
    refused(state, "JH", rules.R_BREAKING)


def test_once_a_heart_has_been_played_hearts_may_be_led() -> None:
    state = play(reach_play(BREAKING), *TRICK_1, *TRICK_2, *TRICK_3)
    assert state.hearts_broken
    assert state.current_player == 2
    assert set(cards("JH QH KH AH")) <= set(state.legal_actions())
    play(state, "JH")
    assert state.trick == cards("JH")


def test_a_heart_may_be_led_unbroken_by_one_who_holds_only_hearts() -> None:
    state = play(reach_play(ONLY_HEARTS), "2C", "AC", "6C", "TC")
    assert state.current_player == 1 and not state.hearts_broken
    assert set(state.legal_actions()) == set(state.hands[1])
    assert all(c.suit is Suit.HEARTS for c in state.hands[1])
    play(state, "5H")
    assert state.hearts_broken


def test_a_single_card_of_another_suit_must_be_led_before_hearts() -> None:
    # As ONLY_HEARTS, but seat 1 keeps 10♦ in place of K♥.
    hands = [h.replace("TD", "KH") if s == 0 else h.replace("KH", "TD") if s == 1 else h
             for s, h in enumerate(ONLY_HEARTS)]
    state = play(reach_play(hands), "2C", "AC", "6C", "TC")
    assert state.current_player == 1
    assert state.legal_actions() == [Card.parse("TD")]
    refused(state, "QH", rules.R_BREAKING)


def test_no_heart_on_the_first_trick() -> None:
    state = play(reach_play(VOID_IN_CLUBS), "2C", "2D")
    assert state.current_player == 2
    assert Card.parse("AH") not in state.legal_actions()
    refused(state, "AH", rules.R_FIRST_TRICK)
    error = state.why_illegal(2, Card.parse("AH"))
    assert error is not None and error.rule == rules.R_FIRST_TRICK


def test_not_the_queen_of_spades_on_the_first_trick() -> None:
    state = reach_play(BREAKING)
    play(state, "2C", "AC", "9C")
    assert QUEEN_SPADES not in state.legal_actions()
    assert len(state.legal_actions()) == 12
    refused(state, "QS", rules.R_FIRST_TRICK)


def test_points_on_the_first_trick_when_you_have_no_other_card() -> None:
    state = play(reach_play(VOID_IN_CLUBS), "2C", "2D", "2S")
    assert state.current_player == 3
    assert set(state.legal_actions()) == set(state.hands[3])  # hearts and Q♠ alone
    play(state, "QS")
    assert state.tricks[0].winner == 0
    assert state.view(0).taken == (13, 0, 0, 0)


def test_a_first_trick_heart_forced_by_the_hand_breaks_hearts() -> None:
    state = reach_play(moon_deal(0))
    play(state, "2C", "2D")
    assert state.current_player == 2
    assert state.legal_actions() == state.hands[2]  # nothing but hearts
    play(state, "2H")
    assert state.hearts_broken


def test_the_anything_may_be_played_option_allows_points_on_the_first_trick() -> None:
    options = HeartsOptions(first_trick_points=True)
    state = play(reach_play(VOID_IN_CLUBS, options=options), "2C", "2D")
    assert set(state.legal_actions()) == set(state.hands[2])
    play(state, "AH")
    assert state.hearts_broken
    other = play(reach_play(BREAKING, options=options), "2C", "AC", "9C")
    assert QUEEN_SPADES in other.legal_actions()
    play(other, "QS")
    assert other.view(0).taken == (0, 13, 0, 0)


def test_the_anything_may_be_played_option_still_leads_the_two_of_clubs() -> None:
    state = reach_play(BREAKING, options=HeartsOptions(first_trick_points=True))
    assert state.legal_actions() == [TWO_CLUBS]
    refused(state, "3C", rules.R_TWO_CLUBS)


def test_the_anything_may_be_played_option_still_requires_following_suit() -> None:
    state = play(reach_play(BREAKING, options=HeartsOptions(first_trick_points=True)), "2C")
    refused(state, "2H", rules.R_FOLLOW)


# -- §4 Scoring ---------------------------------------------------------------------------------


def test_each_heart_is_one_point_the_queen_of_spades_13_every_other_card_0() -> None:
    options = HeartsOptions()
    for card in ALL_CARDS:
        expected = 1 if card.suit is Suit.HEARTS else 13 if card is QUEEN_SPADES else 0
        assert card_points(card, options) == expected, card
    assert sum(card_points(c, options) for c in ALL_CARDS) == 26


def test_the_jack_of_diamonds_option_takes_10_off_whoever_takes_it() -> None:
    options = HeartsOptions(jack_of_diamonds=True)
    assert card_points(JACK_DIAMONDS, options) == -10
    assert card_points(JACK_DIAMONDS, HeartsOptions()) == 0
    assert sum(card_points(c, options) for c in ALL_CARDS) == 16
    taken = [cards("JD 2H 3S"), cards("QS"), cards("4H 5H"), []]
    assert score_hand(taken, options) == ((-9, 13, 2, 0), (-9, 13, 2, 0), None)
    assert score_hand(taken, HeartsOptions()) == ((1, 13, 2, 0), (1, 13, 2, 0), None)


def test_a_hand_scores_the_points_each_player_took() -> None:
    taken = [suit(Suit.HEARTS)[:5], [QUEEN_SPADES, *suit(Suit.HEARTS)[5:]], [], suit(Suit.CLUBS)]
    assert score_hand(taken, HeartsOptions()) == ((5, 21, 0, 0), (5, 21, 0, 0), None)


def test_a_played_hand_scores_its_tricks() -> None:
    state = GameState()
    random_hand(state, random.Random(6))
    result = state.results[0]
    taken = [0] * 4
    for trick in state.last_tricks:
        assert trick.winner is not None
        taken[trick.winner] += sum(card_points(c, state.options) for c in trick.cards)
    assert result.taken == result.points == tuple(taken)
    assert sum(result.points) == 26
    assert state.scores == list(result.points)
    assert result.number == 0 and result.direction is Direction.RIGHT and result.shooter is None


def test_shooting_the_moon_scores_0_and_each_other_player_26() -> None:
    state = moon_game([0])
    result = state.results[0]
    assert result.shooter == 0
    assert result.taken == (26, 0, 0, 0)
    assert result.points == (0, 26, 26, 26)
    assert state.scores == [0, 26, 26, 26]


def test_the_moon_needs_all_13_hearts_and_the_queen_of_spades() -> None:
    hearts = suit(Suit.HEARTS)
    assert score_hand([hearts, [QUEEN_SPADES], [], []], HeartsOptions())[2] is None
    assert score_hand([[*hearts[1:], QUEEN_SPADES], hearts[:1], [], []], HeartsOptions())[2] is None
    assert score_hand([[*hearts, QUEEN_SPADES], [], [], []], HeartsOptions())[2] == 0


def test_the_shooter_subtracts_26_variant() -> None:
    state = moon_game([2], HeartsOptions(moon=Moon.SHOOTER_SUBTRACTS))
    assert state.results[0].shooter == 2
    assert state.results[0].points == (0, 0, -26, 0)
    assert state.scores == [0, 0, -26, 0]


def test_with_the_jack_of_diamonds_option_the_jack_counts_on_top_of_a_moon() -> None:
    # Decision: the moon replaces the hearts and Q♠; J♦'s −10 still goes to whoever took it.
    state = moon_game([0], HeartsOptions(jack_of_diamonds=True))
    assert state.results[0].taken == (16, 0, 0, 0)
    assert state.results[0].points == (-10, 26, 26, 26)
    subtract = moon_game([0], HeartsOptions(jack_of_diamonds=True, moon=Moon.SHOOTER_SUBTRACTS))
    assert subtract.results[0].points == (-36, 0, 0, 0)
    taken = [[*suit(Suit.HEARTS), QUEEN_SPADES], [JACK_DIAMONDS], [], []]
    assert score_hand(taken, HeartsOptions(jack_of_diamonds=True))[1] == (0, 16, 26, 26)


def test_scores_accumulate_hand_after_hand() -> None:
    state = moon_game([0, 1, 1])
    assert [r.points for r in state.results] == [
        (0, 26, 26, 26), (26, 0, 26, 26), (26, 0, 26, 26)]
    assert [r.scores for r in state.results] == [
        (0, 26, 26, 26), (26, 26, 52, 52), (52, 26, 78, 78)]
    assert state.scores == [52, 26, 78, 78]
    assert state.view(3).scores == (52, 26, 78, 78)


# -- §4 The end of the game ---------------------------------------------------------------------


def test_the_game_goes_on_while_everyone_is_below_100() -> None:
    state = moon_game([0, 0, 0])
    assert state.scores == [0, 78, 78, 78]
    assert not state.is_over and state.phase is Phase.DEAL
    assert state.winner is None
    assert state.returns() == (0, 0, 0, 0)


def test_the_game_ends_when_a_hand_leaves_someone_on_100_or_more_and_the_lowest_wins() -> None:
    state = moon_game([0, 0, 0, 0])
    assert state.scores == [0, 104, 104, 104]
    assert state.is_over and state.phase is Phase.OVER
    assert state.current_player is None
    assert state.winner == 0
    assert state.returns() == (0, -104, -104, -104)


def test_the_50_point_option_ends_the_game_at_50() -> None:
    options = HeartsOptions(target=50)
    state = moon_game([3], options)
    assert not state.is_over
    reach_play(moon_deal(3), state)
    play_hand_out(state)
    assert state.scores == [52, 52, 52, 0]
    assert state.is_over and state.winner == 3


def test_reaching_exactly_the_target_ends_the_game() -> None:
    # Scores only grow here, so a game can end on exactly the target only if reaching it
    # ends the game: look among random games for ones that do.
    for target in (100, 50):
        ended_on_target = 0
        for seed in range(200):
            state = GameState(HeartsOptions(target=target))
            rng = random.Random(seed)
            while not state.is_over:
                random_hand(state, rng)
            for earlier in state.results[:-1]:  # only a tie for the lowest plays on
                low = min(earlier.scores)
                assert max(earlier.scores) < target or earlier.scores.count(low) > 1
            if max(state.scores) == target:
                ended_on_target += 1
        assert ended_on_target >= 1


def test_a_tie_for_the_lowest_score_plays_another_hand() -> None:
    state = moon_game([0, 0, 1, 1])
    assert state.scores == [52, 52, 104, 104]
    assert not state.is_over
    assert state.phase is Phase.DEAL and state.hand_number == 4


def test_a_tie_still_unbroken_plays_yet_another_hand() -> None:
    state = moon_game([0, 0, 1, 1, 2])
    assert state.scores == [78, 78, 104, 130]
    assert not state.is_over
    reach_play(moon_deal(1), state)
    play_hand_out(state)
    assert state.scores == [104, 78, 130, 156]
    assert state.is_over and state.winner == 1
    assert len(state.results) == 6


def test_with_the_shooter_subtracting_scores_may_go_below_zero_and_the_lowest_still_wins() -> None:
    options = HeartsOptions(moon=Moon.SHOOTER_SUBTRACTS, target=50)
    state = moon_game([1, 1], options)
    assert state.scores == [0, -52, 0, 0]
    assert not state.is_over


def test_after_the_last_hand_the_game_is_over_and_its_tricks_are_kept() -> None:
    state = moon_game([0, 0, 0, 0])
    assert len(state.last_tricks) == 13
    assert state.last_tricks == state.tricks
    assert all(t.winner == 0 for t in state.last_tricks)
    assert state.hands == [[], [], [], []]
    assert state.legal_actions() == []
    assert state.legal_cards(0) == []
    view = state.view(2)
    assert view.phase is Phase.OVER and view.turn is None and view.legal == ()
    assert view.scores == (0, 104, 104, 104)


def test_between_hands_the_last_hands_tricks_are_kept() -> None:
    state = moon_game([0])
    assert state.phase is Phase.DEAL and state.tricks == []
    assert len(state.last_tricks) == 13
    assert sum(len(t.cards) for t in state.last_tricks) == 52


def test_nothing_may_be_played_after_the_game_is_over() -> None:
    state = moon_game([0, 0, 0, 0])
    refused(state, TWO_CLUBS, rules.R_OVER)
    refused(state, "2C", rules.R_OVER)
    refused(state, Deal.of(moon_deal(0)), rules.R_OVER)
    refused(state, Pass.of(cards("2C 3C 4C")), rules.R_OVER)
    error = state.why_illegal(0, TWO_CLUBS)
    assert error is not None and error.rule == rules.R_OVER
    with pytest.raises(RuleError) as caught:
        state.parse_action("2C")
    assert caught.value.rule == rules.R_OVER
    with pytest.raises(RuleError):
        state.sample_chance(random.Random(0))


# -- Views: what one seat may see ---------------------------------------------------------------


def test_a_view_shows_only_the_seats_own_hand() -> None:
    state = play(reach_play(BREAKING), *TRICK_1, "8D")
    public = {c for t in state.tricks for c in t.cards} | set(state.trick)
    for seat in range(4):
        view = state.view(seat)
        assert view.seat == seat
        assert view.hand == tuple(state.hands[seat])
        own = set(view.hand) | set(view.passed or ()) | set(view.received or ())
        assert cards_seen(view) <= own | public
        for other in range(4):
            if other != seat:
                assert not cards_seen(view) & (set(state.hands[other]) - own)
        assert view.hand_sizes == (12, 11, 12, 12)


def test_a_view_shows_the_cards_the_seat_passed_and_received() -> None:
    state = GameState()
    state.apply(deal_of(BREAKING))
    chosen = [tuple(cards(BREAKING[s])[-3:]) for s in range(4)]
    for seat in range(4):
        state.apply(Pass(chosen[seat]))
    for seat in range(4):
        view = state.view(seat)
        assert view.passed == chosen[seat]
        assert view.received == chosen[(seat + 1) % 4]
        assert set(view.received) <= set(view.hand)
        assert not set(view.passed) & set(view.hand)


def test_a_view_shows_the_tricks_so_far_and_the_scores() -> None:
    state = moon_game([1])
    reach_play(BREAKING, state)
    play(state, *TRICK_1, *TRICK_2, "KC")
    view = state.view(0)
    assert view.tricks == tuple(state.tricks)
    assert [t.winner for t in view.tricks] == [1, 2]
    assert view.trick == Trick(2, (Card.parse("KC"),))
    assert view.scores == (26, 0, 26, 26)
    assert view.results == tuple(state.results)
    assert view.hand_number == 1 and view.direction is Direction.LEFT
    assert view.first_trick is False and view.players == 4


def test_only_the_seat_to_play_sees_its_legal_cards() -> None:
    state = play(reach_play(BREAKING), "2C")
    assert state.view(1).legal == (Card.parse("AC"),)
    assert all(state.view(s).legal == () for s in (0, 2, 3))
    assert state.view(1).turn == 1 == state.view(3).turn


def test_a_view_of_a_seat_that_does_not_exist_is_refused() -> None:
    state = GameState()
    for seat in (-1, 4, True):
        with pytest.raises(RuleError) as caught:
            state.view(seat)  # type: ignore[arg-type]
        assert caught.value.rule == rules.R_SEAT
    refused(state, state.sample_chance(random.Random(0)), rules.R_SEAT, seat=7)


def test_a_view_is_a_copy_not_a_window_on_the_game() -> None:
    state = play(reach_play(BREAKING), "2C")
    view = state.view(1)
    play(state, "AC")
    assert view.hand == tuple(as_cards(BREAKING[1]))
    assert view.trick == Trick(0, (TWO_CLUBS,))
    assert isinstance(view, View)


# -- Actions as text ----------------------------------------------------------------------------


def test_a_deal_is_written_as_the_hands_separated_by_bars() -> None:
    state = GameState()
    text = " | ".join(BREAKING)
    action = state.parse_action(text)
    assert action == deal_of(BREAKING)
    assert str(action) == " | ".join(" ".join(map(str, as_cards(h))) for h in BREAKING)
    state.apply(text)
    assert state.phase is Phase.PASS


def test_a_pass_is_written_as_three_cards_with_or_without_the_word_pass() -> None:
    state = GameState()
    state.apply(deal_of(BREAKING))
    expected = Pass.of(cards("2C 3C 4C"))
    for text in ("2C 3C 4C", "pass 2C 3C 4C", "PASS 4c,3c,2c", "  pass   2C 3C 4C  "):
        assert state.parse_action(text) == expected
    assert str(expected) == "pass 2C 3C 4C"
    state.apply("pass 4C 2C 3C")
    assert state.passes[0] == tuple(cards("2C 3C 4C"))


def test_a_card_to_play_is_written_rank_then_suit() -> None:
    state = play(reach_play(BREAKING), *TRICK_1, *TRICK_2, "KC", "AS", "3C")
    assert state.parse_action("TD") is Card.parse("TD")
    assert state.parse_action("10d") is Card.parse("TD")
    assert state.parse_action(" 9h ") is Card.parse("9H")
    state.apply("10H")
    assert state.tricks[-1].cards[-1] is Card.parse("TH")


@pytest.mark.parametrize("text", ["", "QX", "Q", "2C 3C", "play 2C", "pass", "2C|3C"])
def test_text_that_is_not_a_card_is_refused_in_play(text: str) -> None:
    state = reach_play(BREAKING)
    if text.startswith("pass"):
        refused(state, text, rules.R_TURN)  # no cards, and no passing once play has begun
    else:
        refused(state, text, rules.R_NOTATION)


@pytest.mark.parametrize("text", ["2C 3C XX", "pass 2C,3C,4", "|"])
def test_text_that_is_not_a_pass_is_refused_in_the_pass(text: str) -> None:
    state = dealt()
    refused(state, text, rules.R_NOTATION)


def test_text_that_is_not_a_deal_is_refused_in_the_deal() -> None:
    state = GameState()
    refused(state, "2C 3C | 4C ZZ", rules.R_NOTATION)
    refused(state, "2C 3C | 4C 5C", rules.R_DEAL)


# -- The game interface -------------------------------------------------------------------------


def test_the_history_records_who_did_what() -> None:
    state = play(reach_play(BREAKING), "2C", "AC")
    assert state.history[0] == (CHANCE, state.history[0][1])
    assert isinstance(state.history[0][1], Deal)
    assert [seat for seat, _a in state.history[1:5]] == [0, 1, 2, 3]
    assert all(isinstance(a, Pass) for _s, a in state.history[1:5])
    assert state.history[5:] == [(0, TWO_CLUBS), (1, Card.parse("AC"))]


def test_an_action_may_name_its_seat() -> None:
    state = play(reach_play(BREAKING), "2C")
    state.apply(Card.parse("AC"), seat=1)
    assert state.current_player == 2


def test_a_deal_is_not_made_by_a_seat() -> None:
    state = GameState()
    refused(state, deal_of(BREAKING), rules.R_TURN, seat=0)
    state.apply(deal_of(BREAKING), seat=CHANCE)
    assert state.phase is Phase.PASS


def test_a_deal_or_pass_in_place_of_a_card_is_refused() -> None:
    state = reach_play(BREAKING)
    refused(state, deal_of(BREAKING), rules.R_TURN)


def test_a_finished_hand_clears_the_table_for_the_next_deal() -> None:
    state = moon_game([0])
    assert state.hand_number == 1 and state.direction is Direction.LEFT
    assert state.hands == [[], [], [], []]
    assert state.passes == [None] * 4 and state.received == [None] * 4
    assert state.trick == [] and state.tricks == [] and not state.hearts_broken
    assert state.taken == [[], [], [], []]


def test_a_clone_plays_on_without_touching_the_original() -> None:
    state = play(reach_play(BREAKING), "2C", "AC")
    before = snapshot(state)
    other = state.clone()
    assert snapshot(other) == before
    play(other, "9C", "2S", "8D")
    assert snapshot(state) == before
    play(state, "TC")
    assert other.trick == cards("8D") and other.hands[2] != state.hands[2]


def test_the_history_replayed_on_a_fresh_game_reaches_the_same_state() -> None:
    state = moon_game([0, 3])
    play(reach_play(BREAKING, state), *TRICK_1, "8D")
    fresh = GameState()
    for seat, action in state.history:
        fresh.apply(action, seat)
    assert snapshot(fresh) == snapshot(state)


def test_random_games_are_played_to_the_end() -> None:
    rng = random.Random(77)
    for options in (HeartsOptions(), HeartsOptions(players=3), HeartsOptions(players=5)):
        state = GameState(options)
        while not state.is_over:
            random_hand(state, rng)
        assert max(state.scores) >= options.target
        assert state.scores.count(min(state.scores)) == 1
        assert state.winner == state.scores.index(min(state.scores))
        assert len(deck(options.removed)) == options.hand_size * options.players


def test_a_pass_and_a_deal_can_be_written_as_text_of_card_names() -> None:
    assert Pass.of("QS KS AS") == Pass.of(["AS", "KS", "QS"])
    hands = ["2C 3C 4C", "5C 6C 7C"]
    assert Deal.of(hands) == Deal.of([["4C", "3C", "2C"], ["7C", "6C", "5C"]])

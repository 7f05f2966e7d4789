"""Rules §1–§9 at work on laid-out deals, the refusals (each names its rule and changes
nothing), what each seat's view shows and hides, and the actions' text forms."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import islice
from math import factorial
from typing import Any

import pytest

from engines.cards.cards import Card, Suit
from engines.cards.tricks import R_FOLLOW, R_HOLD, R_OVERTRUMP_LEAD, R_TRUMP
from engines.debertz.options import DebertzOptions
from engines.debertz.rules import (
    CHANCE,
    PASS,
    PLAY,
    R_BELLA,
    R_DEAL,
    R_FORCED,
    R_OVER,
    R_REDEAL,
    R_ROUND1,
    R_ROUND2,
    R_SEAT,
    R_SWAP,
    R_TURN,
    Bid,
    GameState,
    Phase,
    RuleError,
    Say,
    hidden_cards,
    read_action,
    schedule,
)
from engines.protocol import random_playout

from .tables import lay_out, play_out, table

TWO = DebertzOptions(players=2)
QUIET = TWO.but(weak_hand_redeal="off", seven_swap="off")
DEAL = lay_out(2, 1, ["7H AS TS KC QC AD 9H 8C 8D", "AH KS 9S AC TC JD 8H 9C 7D"], "JH",
               exposed="QS")


def fingerprint(state: GameState) -> tuple[Any, ...]:
    return (state.current_player, state.phase, tuple(state.returns()),
            tuple(state.view(s) for s in range(state.players)), len(state.history))


def refused(state: GameState, action: Any, rule: str, seat: int | None = None) -> None:
    before = fingerprint(state)
    with pytest.raises(RuleError) as caught:
        state.apply(action, seat=seat)
    assert caught.value.rule == rule
    assert fingerprint(state) == before
    assert state.why_illegal(state.current_player if seat is None else seat, action) is not None


# -- §3–§6: the deal, the bidding, the completion ----------------------------------------------


def test_the_first_speaker_is_the_dealers_left_neighbour_and_bids_first() -> None:
    state = table(TWO, DEAL)
    assert state.dealer == 1 and state.first_speaker == 0
    assert state.current_player == 0 and state.legal_actions() == [PLAY, PASS]


def test_the_first_play_ends_the_bidding_and_fixes_the_turned_suit() -> None:
    state = table(QUIET, DEAL, "pass", "play")
    assert (state.declarer, state.trump, state.trump_round) == (1, Suit.HEARTS, 1)
    assert [len(h) for h in state.hands] == [9, 9]
    assert len(state.stock) == 13 and state.turned == Card.parse("JH")  # 14 out of play


def test_round_2_names_another_suit_and_the_first_naming_ends_it() -> None:
    state = table(QUIET, DEAL, "pass", "pass")
    assert {str(a) for a in state.legal_actions()} == {"name C", "name D", "name S", "pass"}
    state.apply("name S")
    assert (state.declarer, state.trump, state.trump_round) == (0, Suit.SPADES, 2)


def test_4_players_complete_to_8_cards_each_and_the_stock_is_exhausted() -> None:
    state = GameState(DebertzOptions(players=4, weak_hand_redeal="off"))
    state.apply(state.sample_chance(random.Random(4)))
    state.apply("play")
    assert [len(h) for h in state.hands] == [8, 8, 8, 8]
    assert state.stock == [] and state.turned is None


def test_the_deal_passes_left_after_every_deal() -> None:
    state = table(QUIET, DEAL, "pass", "play")
    play_out(state)
    assert state.results[0].dealer == 1 and state.dealer == 0
    assert state.phase is Phase.DEAL
    refused(state, DEAL, R_DEAL)  # seat 1 may not deal again


def test_the_first_dealer_is_drawn_with_the_first_deal() -> None:
    dealers = {GameState(TWO).sample_chance(random.Random(seed)).dealer for seed in range(20)}
    assert dealers == {0, 1}


# -- refusals ----------------------------------------------------------------------------------


def test_out_of_turn_and_unknown_seats_are_refused() -> None:
    state = table(TWO, DEAL)
    refused(state, PASS, R_TURN, seat=1)
    refused(state, PASS, R_SEAT, seat=5)
    refused(state, DEAL, R_ROUND1)  # the cards are dealt: seat 0 bids
    fresh = GameState(TWO)
    refused(fresh, PASS, R_DEAL, seat=CHANCE)


def test_illegal_bids_are_refused() -> None:
    state = table(TWO, DEAL)
    refused(state, "name C", R_ROUND1)
    refused(state, Card.parse("AS"), R_ROUND1)
    state.apply("pass")
    state.apply("pass")
    refused(state, "play", R_ROUND2)
    refused(state, "name H", R_ROUND2)  # the turned suit
    state.apply("pass")
    refused(state, "pass", R_FORCED)


def test_a_swap_or_redeal_that_does_not_apply_is_refused() -> None:
    state = table(TWO, DEAL)
    refused(state, Say.SWAP, R_ROUND1)
    state = table(QUIET, DEAL, "pass", "play")
    assert state.phase is Phase.PLAY
    refused(state, Say.SWAP, R_SWAP)
    refused(state, Say.KEEP, R_SWAP)
    refused(state, Say.REDEAL, R_REDEAL)
    refused(state, Say.BELLA, R_BELLA)
    swap = table(TWO.but(weak_hand_redeal="off"), DEAL, "pass", "play")
    assert swap.phase is Phase.SWAP
    refused(swap, Say.REDEAL, R_SWAP)
    refused(swap, Card.parse("7H"), R_SWAP)


def test_illegal_cards_name_the_obligation() -> None:
    state = table(QUIET, DEAL, "pass", "play")  # ♥ trumps, seat 0 leads
    refused(state, Card.parse("AH"), R_HOLD)
    state.apply("KC")  # seat 1 holds AC TC 9C
    refused(state, Card.parse("AH"), R_FOLLOW)
    state.apply("9C")
    state.apply("AD")  # seat 0 won and leads ♦; seat 1 holds JD 7D
    state.apply("7D")
    state.apply("9H")  # seat 0 leads a trump; seat 1's AH and 8H cannot beat it: either
    assert {str(c) for c in state.legal_actions()} == {"AH", "8H"}
    refused(state, Card.parse("KS"), R_FOLLOW)


def test_a_trump_lead_must_be_beaten_and_a_void_must_trump() -> None:
    deal = lay_out(2, 1, ["TH 9H 7S AS TS KC QC 8C 9S", "AH 8H KS QS AC TC JD 9C 7D"], "JH")
    state = table(QUIET, deal, "pass", "play")  # ♥ trumps, seat 0 leads
    state.apply("TH")  # seat 1 holds AH (beats it) and 8H (does not)
    assert {str(c) for c in state.legal_actions()} == {"AH"}
    refused(state, Card.parse("8H"), R_OVERTRUMP_LEAD)
    state.apply("AH")
    state.apply("7D")  # seat 1 won and leads ♦; seat 0 has none and holds the trump 9H
    assert {str(c) for c in state.legal_actions()} == {"9H"}
    refused(state, Card.parse("AS"), R_TRUMP)


def test_game_over_refuses_everything() -> None:
    state = GameState(TWO)
    random_playout(state, random.Random(3))
    assert state.is_over
    refused(state, PASS, R_OVER, seat=0)
    assert state.legal_actions() == []
    with pytest.raises(RuleError):
        state.sample_chance(random.Random(1))


# -- views -------------------------------------------------------------------------------------


def test_a_view_shows_its_own_hand_and_the_face_up_cards_only() -> None:
    state = table(QUIET, DEAL, "pass", "play")
    for seat in range(2):
        view = state.view(seat)
        assert view.hand == tuple(sorted(state.hands[seat]))
        assert view.turned == Card.parse("JH") and view.exposed == Card.parse("QS")
        assert view.hand_sizes == (9, 9)
        secret = hidden_cards(state, seat)
        assert set(state.hands[1 - seat]) <= secret
        assert set(state.stock) - {state.exposed} <= secret
        assert Card.parse("QS") not in secret
        shown = _cards_in(view)
        assert not shown & secret


def _cards_in(value: Any) -> set[Card]:
    found: set[Card] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, Card):
            found.add(item)
        elif isinstance(item, tuple | list | set | frozenset):
            stack.extend(item)
        elif hasattr(item, "__dataclass_fields__"):
            stack.extend(getattr(item, name) for name in item.__dataclass_fields__)
    return found


def test_views_never_show_hidden_cards_through_whole_games() -> None:
    for players in (2, 3, 4):
        rng = random.Random(players)
        for _ in range(8):
            state = GameState(DebertzOptions(players=players, bella_announce="manual"))
            while not state.is_over:
                if state.current_player == CHANCE:
                    state.apply(state.sample_chance(rng))
                    continue
                for seat in range(players):
                    assert not _cards_in(state.view(seat)) & hidden_cards(state, seat)
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])


def test_only_the_seat_on_turn_is_offered_actions() -> None:
    state = table(TWO, DEAL)
    assert state.view(0).legal == (PLAY, PASS)
    assert state.view(1).legal == ()


# -- text forms and chance ---------------------------------------------------------------------


def test_every_action_text_round_trips() -> None:
    sched = schedule(2)
    for action in (PLAY, PASS, Bid.naming("S"), Say.SWAP, Say.KEEP, Say.REDEAL, Say.BELLA,
                   Card.parse("TC"), DEAL):
        assert read_action(str(action), sched) == action
    assert str(Bid.naming(Suit.HEARTS)) == "name H"
    with pytest.raises(RuleError):
        read_action("shout")


def test_text_actions_are_applied_like_the_values() -> None:
    state = table(QUIET, DEAL)
    state.apply(" pass ")
    state.apply("PLAY")
    state.apply("kc")
    assert state.trick == [Card.parse("KC")]


def test_chance_outcomes_are_equally_likely_first_deals() -> None:
    state = GameState(TWO)
    first = list(islice(state.chance_outcomes(), 30))
    assert len({p for _d, p in first}) == 1
    assert first[0][1] == Fraction(720 ** 2, factorial(32) * 2)
    for deal, _p in first[:5]:
        assert state.why_illegal(CHANCE, deal) is None


def test_clone_is_independent() -> None:
    state = table(QUIET, DEAL, "pass", "play")
    copy = state.clone()
    copy.apply(copy.legal_actions()[0])
    assert state.trick == [] and len(copy.trick) == 1


# -- §8 and §10 on whole deals -----------------------------------------------------------------


def test_with_4_players_the_partner_of_the_senior_holder_scores_his_runs_too() -> None:
    hands = ["AC KC QC JC 8D 7H 8S 9S",  # seat 0: A-K-Q-J of clubs, the senior run
             "AD KD QD 7C 8C 9H TH JS",  # seat 1: A-K-Q of diamonds, junior
             "JD TD 9D 9C TC AH KH QS",  # seat 2 (seat 0's partner): J-10-9 of diamonds
             "7D 8H JH QH 7S TS KS AS"]
    options = DebertzOptions(players=4, weak_hand_redeal="off")
    state = table(options, lay_out(4, 3, hands, "8S", turned_to=0), "play")
    assert state.seniority.side == 0
    assert {(r.seat, r.value) for r in state.view(1).declarations} == {(0, 50), (2, 20)}
    play_out(state)
    lines = state.results[-1].lines
    assert (lines[0].runs, lines[1].runs) == (70, 0)


def test_bella_is_never_cancelled_by_the_other_sides_runs() -> None:
    deal = lay_out(2, 1, ["KH QH AS TS 9C AD 8C 8D 7S", "AH KS QS JS TC JD 8H 9D 7D"], "JH")
    state = table(QUIET, deal, "play")
    assert state.seniority.side == 1 and state.bella_holder == 0
    play_out(state)
    lines = state.results[-1].lines
    assert (lines[0].bella, lines[0].runs) == (20, 0)
    assert (lines[1].bella, lines[1].runs) == (0, 20)


def test_an_unresolved_tie_scores_no_run_for_anybody_not_even_a_junior_one() -> None:
    from engines.debertz.options import TieBreak
    from engines.debertz.rules import Run, senior_side

    from .tables import cards

    suit = DebertzOptions(players=3, tie_break=TieBreak.SUIT)
    a = [Run(0, tuple(cards("QC JC TC")), 20)]
    b = [Run(1, tuple(cards("QD JD TD")), 20)]
    c = [Run(2, tuple(cards("9S 8S 7S")), 20)]
    seniority = senior_side([a, b, c], suit, Suit.HEARTS, [0, 1, 2])
    assert seniority.side is None and seniority.tied == ()


def test_a_hanging_deal_collects_nothing_and_adds_its_own_amount() -> None:
    from engines.debertz.rules import settle

    result = settle(TWO, 0, [81, 81], [4, 5], pending=[40])
    assert result.collected == (0, 0)
    assert result.pending == (40, 81)


def test_after_the_last_trick_the_game_goes_on_to_the_next_deal_or_ends() -> None:
    state = table(QUIET, DEAL, "pass", "play")
    play_out(state)
    result = state.results[-1]
    assert result.outcome in ("made", "bait", "hanging")
    assert list(result.scores) == state.scores
    assert state.phase is Phase.DEAL and state.view(0).previous == result

"""Every worked example of rules §13, with exactly its numbers."""

from __future__ import annotations

import random

from engines.cards.cards import Card, Suit
from engines.debertz.options import BaitRecipient, DebertzOptions, TieBreak
from engines.debertz.rules import (
    Phase,
    Run,
    Say,
    Seniority,
    find_runs,
    game_winner,
    hand_value,
    senior_side,
    settle,
)

from .tables import cards, lay_out, table

TWO = DebertzOptions(players=2)
THREE = DebertzOptions(players=3)
FOUR = DebertzOptions(players=4)


def test_13_1_two_players_success_112_against_90() -> None:
    """Trumps ♠. Declarer's tricks 82 + last trick 10 = 92; opponent 70. Declarer: terz
    ♦Q-J-10 and bella; opponent: terz ♣K-Q-J (senior). 112 > 90 → +112 / +90."""
    declarer_runs = find_runs(0, cards("QD JD TD KS QS 7H 9C 8S 7S"), TWO)
    opponent_runs = find_runs(1, cards("KC QC JC 8H 9H 7D AD 7S 9S"), TWO)
    assert [r.value for r in declarer_runs] == [20]
    assert [r.value for r in opponent_runs] == [20]
    seniority = senior_side([declarer_runs, opponent_runs], TWO, Suit.SPADES, [1, 0])
    assert seniority == Seniority(1)  # K-Q-J beats Q-J-10
    totals = [82 + 10 + 20, 70 + 20]  # the declarer's bella, the opponent's terz
    assert totals == [112, 90]
    result = settle(TWO, 0, totals, [5, 4])
    assert result.outcome == "made"
    assert result.points == (112, 90)


def test_13_2_two_players_bait_212_and_the_third_bait_costs_100() -> None:
    """Declarer 71, opponent 91 + berz 50 = 141: declarer 0, opponent 141 + 71 = 212."""
    result = settle(TWO, 0, [71, 91 + 50], [3, 6])
    assert result.outcome == "bait"
    assert result.points == (0, 212)
    third = settle(TWO, 0, [71, 141], [3, 6], baits=[2, 0])
    assert third.points == (-100, 212)
    assert third.baits == (3, 0)


def test_13_3_hanging_81_is_collected_by_the_next_decided_deal() -> None:
    """Deal A: 81 vs 81 → opponent +81; 81 pending. Deal B: X 100 vs 62 → X 181, the other
    +62; if X is baited (60 vs 102): the other 102 + 60 + 81 = 243."""
    a = settle(TWO, 0, [81, 81], [4, 5])
    assert a.outcome == "hanging"
    assert a.points == (0, 81)
    assert a.pending == (81,)
    for x in (0, 1):  # X may be either player
        other = 1 - x
        made = [0, 0]
        made[x], made[other] = 100, 62
        b = settle(TWO, x, made, [5, 4], pending=a.pending)
        assert (b.points[x], b.points[other]) == (181, 62)
        assert b.pending == ()
        baited = [0, 0]
        baited[x], baited[other] = 60, 102
        c = settle(TWO, x, baited, [4, 5], pending=a.pending)
        assert (c.points[x], c.points[other]) == (0, 243)


def test_13_4_three_players_success_and_winner_takes_all() -> None:
    """D 70, A 52, B 40 → +70/+52/+40; with winner_takes_all D +162, the others 0."""
    assert settle(THREE, 0, [70, 52, 40], [3, 3, 3]).points == (70, 52, 40)
    takes_all = THREE.but(winner_takes_all=True)
    assert settle(takes_all, 0, [70, 52, 40], [3, 3, 3]).points == (162, 0, 0)


def test_13_5_three_players_bait_goes_to_the_higher_opponent_or_is_split() -> None:
    """D 50, A 72, B 40 → D 0, A 122, B 40; with split: A 97, B 65."""
    assert settle(THREE, 0, [50, 72, 40], [3, 3, 3]).points == (0, 122, 40)
    split = THREE.but(bait_3p_recipient=BaitRecipient.SPLIT)
    assert settle(split, 0, [50, 72, 40], [3, 3, 3]).points == (0, 97, 65)


def test_13_6_three_players_hanging() -> None:
    """D 60, A 60, B 42 → A +60, B +42, 60 pending."""
    result = settle(THREE, 0, [60, 60, 42], [3, 3, 3])
    assert result.outcome == "hanging"
    assert result.points == (0, 60, 42)
    assert result.pending == (60,)


def test_13_7_four_players_ski_costs_a_partnership_100() -> None:
    """N-S take all 8 tricks: 162 + bella 20 = 182; E-W hold the senior berz (50):
    N-S +182, E-W 50 − 100 = −50."""
    result = settle(FOUR, 0, [162 + 20, 50], [8, 0])
    assert result.outcome == "made"
    assert result.points == (182, -50)
    assert result.ski == (0, -100)


HEARTS_TERZ = cards("QH JH TH")
CLUBS_TERZ = cards("QC JC TC")


def _tied(options: DebertzOptions, order: list[int]) -> Seniority:
    d = [Run(0, tuple(HEARTS_TERZ), 20)]
    o = [Run(1, tuple(CLUBS_TERZ), 20)]
    return senior_side([d, o], options, Suit.HEARTS, order)


def test_13_8_tie_break_by_last_trick_suit_or_turn() -> None:
    """D holds ♥Q-J-10 (♥ trumps), O ♣Q-J-10: last_trick waits for the last trick; suit:
    D; turn: whoever plays first in trick 1."""
    assert _tied(TWO, [0, 1]) == Seniority(None, (0, 1))
    assert _tied(TWO.but(tie_break=TieBreak.SUIT), [1, 0]) == Seniority(0)
    assert _tied(TWO.but(tie_break=TieBreak.TURN), [0, 1]) == Seniority(0)
    assert _tied(TWO.but(tie_break=TieBreak.TURN), [1, 0]) == Seniority(1)


def test_13_8_with_last_trick_the_winner_of_the_last_trick_scores_20() -> None:
    """Played out at random many times: O scores 20 exactly when O takes the last trick."""
    deal = lay_out(2, 1, ["QH JH TH 8S AS 9D KD 7C KC", "QC JC TC 9S TS 7D AD 8H AH"], "7H")
    rng = random.Random(8)
    seen = set()
    for _ in range(40):
        state = table(TWO.but(weak_hand_redeal="off", seven_swap="off"), deal, "play")
        assert state.phase is Phase.PLAY and state.seniority.tied == (0, 1)
        while state.deal_number == 0:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        result = state.results[0]
        last = result.tricks[-1].winner
        runs = [line.runs for line in result.lines]
        assert runs == ([20, 0] if last == 0 else [0, 20])
        seen.add(last)
    assert seen == {0, 1}


def test_13_9_debertz_wins_the_game_before_trick_1() -> None:
    """B holds ♦A K Q J 10 9 8: B wins the game before trick 1."""
    deal = lay_out(2, 0, ["AD KD QD JD TD 9D 8D 7S 8S", "7C 8C 9C JC QC AC 9S JH QH"], "TS")
    state = table(TWO, deal, "pass", "pass", "name H")
    assert state.is_over
    assert state.winner == 0
    assert state.results[-1].outcome == "debertz"
    assert state.returns() == (1.0, 0.0)
    assert state.tricks == []


def test_13_9_without_debertz_the_run_is_worth_100_and_outranks_shorter_runs() -> None:
    off = TWO.but(debertz=False)
    b = find_runs(0, cards("AD KD QD JD TD 9D 8D 7S 8S"), off)
    assert [(r.length, r.value) for r in b] == [(7, 100)]
    other = find_runs(1, cards("7C 8C 9C TC JC QC AS KS QS"), off)
    assert senior_side([b, other], off, Suit.CLUBS, [1, 0]) == Seniority(0)
    deal = lay_out(2, 0, ["AD KD QD JD TD 9D 8D 7S 8S", "7C 8C 9C TC JC QC AS KS QS"], "TS")
    state = table(off.but(seven_swap="off"), deal, "play")
    assert state.phase is Phase.PLAY and not state.is_over
    assert state.seniority == Seniority(0)


def test_13_10_a_weak_hand_of_9_points_may_have_the_deal_annulled() -> None:
    """Trumps ♥; ♥J ♥9 ♠K ♣Q ♦8 ♦7 ♣9 ♠8 ♥7 = 2 + 0 + 4 + 3 = 9 ≤ 13."""
    weak = "JH 9H KS QC 8D 7D 9C 8S 7H"
    assert hand_value(cards(weak)) == 9
    deal = lay_out(2, 1, [weak, "AC AD AH AS TC TD TH TS KC"], "8H")
    state = table(TWO.but(seven_swap="off"), deal, "play")
    assert state.trump is Suit.HEARTS
    assert state.phase is Phase.REDEAL and state.current_player == 0
    state.apply(Say.REDEAL)
    assert state.results[-1].outcome == "redeal"
    assert state.scores == [0, 0]
    assert state.phase is Phase.DEAL and state.dealer == 0  # the deal passes left


def test_13_11_overtrumping_the_partner_is_optional_unless_overtrump_partner() -> None:
    """4 players, trumps ♠. N leads ♠K, E plays ♠7; S (N's partner) holds ♠A ♠8: either;
    with overtrump_partner only ♠A."""
    hands = ["KS 9S AC KC QC JC TC 9C",  # N, seat 0 (takes the turned 9S)
             "7S 8C 7C AD KD QD JD TD",  # E, seat 1
             "AS 8S 9D 8D 7D AH KH QH",  # S, seat 2
             "TS JS QS JH TH 9H 8H 7H"]  # W, seat 3
    deal = lay_out(4, 3, hands, "9S", turned_to=0)
    for partner, allowed in ((False, {"AS", "8S"}), (True, {"AS"})):
        options = FOUR.but(overtrump_partner=partner, weak_hand_redeal="off")
        state = table(options, deal, "play")
        assert state.trump is Suit.SPADES and state.current_player == 0
        state.apply("KS")
        state.apply("7S")
        assert {str(c) for c in state.legal_actions()} == allowed


def test_13_12_the_game_ends_when_a_side_reaches_the_target() -> None:
    """Target 301; 280 / 250, deal +90 / +72 → 370 / 322: the first player wins."""
    assert TWO.goal == 301
    scores = [280 + 90, 250 + 72]
    assert scores == [370, 322]
    assert game_winner(scores, 301) == 0
    assert game_winner([280, 250], 301) is None
    assert game_winner([320, 320], 301) is None  # a tie at the top plays on
    assert Card.parse("JS") is Card.of(11, Suit.SPADES)

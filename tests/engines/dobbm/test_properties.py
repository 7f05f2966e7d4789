"""Property tests over 10,000 random hands (seeded random play through the engine), each
checked against small independent re-implementations of the rules, not the engine's own
functions:

- the card points total 120, and the declarer's D counts the Dobb as §9 says;
- every play obeys §8 (follow suit, else a heart, else any card) and each trick goes to
  the highest heart, else the highest card of the suit led;
- the payments of every hand add up to zero, and equal §10's amount (and §5's Stockerl);
- the dealer rotation follows §12, the 5-player dealer sits out, the Mußrunde makes every
  player forced declarer once.
"""

from __future__ import annotations

import random
from fractions import Fraction
from math import ceil

import pytest

from engines.dobbm.options import DobbmOptions, Rounding
from engines.dobbm.rules import Call, Contract, GameState, HandResult

HANDS_4 = 6000
HANDS_5 = 4000
RANKS = "STKOU9876"  # high to low
POINTS = {"S": 11, "T": 10, "K": 4, "O": 3, "U": 2}


def points(cards: object) -> int:
    return sum(POINTS.get(str(c)[0], 0) for c in cards)  # type: ignore[attr-defined]


def allowed(hand: list[str], led: str | None) -> set[str]:
    """§8.2 from the text of the cards."""
    if led is None:
        return set(hand)
    follow = {c for c in hand if c[1] == led}
    if follow:
        return follow
    hearts = {c for c in hand if c[1] == "H"}
    return hearts or set(hand)


def winner_index(cards: list[str]) -> int:
    """§8.3 from the text of the cards."""
    hearts = [i for i, c in enumerate(cards) if c[1] == "H"]
    pool = hearts or [i for i, c in enumerate(cards) if c[1] == cards[0][1]]
    return min(pool, key=lambda i: RANKS.index(cards[i][0]))


def check_hand(result: HandResult, options: DobbmOptions) -> None:
    n = options.players
    assert sum(result.payments) == 0
    spoke = {s for s, _c in result.bids + result.doublings}
    assert result.sitting_out not in spoke  # §1.2: the 5-player dealer neither bids nor doubles
    if result.outcome == "passed":
        if n == 5 and options.stockerl:
            stockerl = Fraction(ceil(Fraction(10 * options.stake, 60)))
            assert result.payments[result.next_dealer] == 4 * stockerl
        else:
            assert set(result.payments) == {0}
        return
    declarer = result.declarer
    assert declarer is not None and result.score is not None
    hands = {s: [str(c) for c in h] for s, h in enumerate(result.deal) if h}
    dobb = [str(c) for c in result.dobb]
    if result.contract is Contract.DOBBM:
        hands[declarer] = [c for c in hands[declarer] + dobb
                           if c not in {str(d) for d in result.discards}]
        laid = [str(c) for c in result.discards]
        assert len(laid) == 4 and set(laid) <= set(dobb) | {str(c) for c in result.deal[declarer]}
        # §6.2 (plain_vs_hearts): plain Sows laid away ≤ hearts laid away
        assert sum(1 for c in laid if c[0] == "S" and c[1] != "H") <= sum(
            1 for c in laid if c[1] == "H")
    else:
        laid = dobb
    assert len(result.tricks) == 8
    won = {True: 0, False: 0}
    tricks_won = 0
    order = sorted(hands)
    leader = declarer
    for trick in result.tricks:
        assert trick.leader == leader
        seats = order[order.index(leader):] + order[:order.index(leader)]
        played = [str(c) for c in trick.cards]
        for i, (seat, card) in enumerate(zip(seats, played, strict=True)):
            assert card in allowed(hands[seat], played[0][1] if i else None), (seat, card)
            hands[seat].remove(card)
        win = seats[winner_index(played)]
        assert trick.winner == win
        won[win == declarer] += points(played)
        tricks_won += win == declarer
        leader = win
    assert all(not h for h in hands.values())
    assert won[True] + won[False] + points(laid) == 120
    score = result.score
    assert score.trick_points == won[True]
    expected = 0 if tricks_won == 0 else won[True] + points(laid)
    assert score.points == expected
    margin = abs(expected - 60)
    k = (1 if result.contract is Contract.SOLO else 0) + sum(
        1 for _s, c in result.doublings if c in (Call.SCHWACHER, Call.RETOUR))
    base = Fraction(margin * options.stake, 60)
    if options.rounding is Rounding.CEIL_BEFORE_DOUBLING:
        base = Fraction(ceil(base))
    amount = base * 2 ** k
    sign = 0 if expected == 60 else (1 if expected > 60 else -1)
    for seat in range(n):
        want = sign * amount * (n - 1) if seat == declarer else -sign * amount
        assert result.payments[seat] == want


def next_dealer(result: HandResult, players: int) -> int:
    """§12's table."""
    if result.musrunde:
        return (result.dealer + 1) % players
    if result.outcome == "passed":
        return result.dealer if players == 4 else (result.dealer + 1) % players
    assert result.declarer is not None
    return result.declarer


def run_sessions(options: DobbmOptions, hands: int, seed: int) -> int:
    rng = random.Random(seed)
    n = options.players
    done = 0
    while done < hands:
        state = GameState(options.but(session_hands=rng.randrange(1, 6)))
        ledger = [Fraction(0)] * n
        forced: list[int] = []
        while not state.is_over:
            if state.is_chance:
                dealer = state.dealer
                deal = state.sample_chance(rng)
                if dealer is not None:
                    assert deal.dealer == dealer
                state.apply(deal)
                if n == 5:
                    assert state.hands[deal.dealer] == [] and deal.dealer not in state.active
                if state.in_musrunde:
                    forced.append(state.current_player)  # type: ignore[arg-type]
                    assert state.current_player == (deal.dealer + 1) % n
                continue
            legal = state.legal_actions()
            if Call.RETOUR in legal and rng.random() < 0.5:
                action = Call.GUT  # keep the doubling chains short
            else:
                action = legal[rng.randrange(len(legal))]
            count = len(state.results)
            state.apply(action)
            if len(state.results) > count:
                result = state.results[-1]
                check_hand(result, state.options)
                ledger = [a + b for a, b in zip(ledger, result.payments, strict=True)]
                assert list(result.ledger) == ledger
                assert result.next_dealer == next_dealer(result, n)
                assert state.is_over or state.dealer == result.next_dealer
                done += 1
        assert sorted(forced) == list(range(n))
        assert sum(state.returns()) == 0
    return done


@pytest.mark.parametrize(("players", "hands", "stake"), [(4, HANDS_4, 60), (5, HANDS_5, 12)])
def test_random_hands_keep_every_rule(players: int, hands: int, stake: int) -> None:
    assert run_sessions(DobbmOptions(players=players, stake=stake), hands, players) >= hands

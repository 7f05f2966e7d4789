"""Rules §15: every worked payment example with exactly its numbers, in the 4- and the
5-player form where given; and §10's pieces one by one."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engines.dobbm.options import DobbmOptions
from engines.dobbm.rules import (
    Call,
    Contract,
    GameState,
    base_amount,
    hand_payments,
    irregularity_payments,
    multiplier,
    revoke,
    revoke_penalty,
    score_hand,
    stockerl,
    stockerl_payments,
)

from .tables import deal_of, dealt, say

DOBBM, SOLO = Contract.DOBBM, Contract.SOLO


def declarer_net(stake: int, contract: Contract, doublings: int, points: int,
                 players: int = 4, tricks: int = 4, dobb: int = 0) -> tuple[Fraction, Fraction]:
    """(A, the declarer's net) for a hand where the declarer's tricks hold `points - dobb`
    and the Dobb `dobb`; the declarer is seat 1, the 5-player dealer seat 0."""
    options = DobbmOptions(players=players, stake=stake)
    score = score_hand(options, contract, doublings, points - dobb, dobb, tricks)
    payments = hand_payments(players, 1, score)
    assert sum(payments) == 0
    return score.amount, payments[1]


def test_15_1_dobbm_72_no_doubling() -> None:
    score = score_hand(DobbmOptions(), DOBBM, 0, 60, 12, 5)
    assert (score.points, score.margin, score.base, score.multiplier, score.amount) == (
        72, 12, 12, 1, 12)
    assert declarer_net(60, DOBBM, 0, 72) == (12, 36)


def test_15_2_dobbm_72_schwacher_and_retour() -> None:
    assert multiplier(DOBBM, 2) == 4
    assert declarer_net(60, DOBBM, 2, 72) == (48, 144)
    assert declarer_net(60, DOBBM, 2, 72, players=5) == (48, 192)


def test_15_3_the_same_in_solo() -> None:
    assert multiplier(SOLO, 2) == 8
    assert declarer_net(60, SOLO, 2, 72) == (96, 288)
    assert declarer_net(60, SOLO, 2, 72, players=5) == (96, 384)


@pytest.mark.parametrize(("points", "base"), [(61, 1), (63, 1), (65, 1), (66, 2), (70, 2),
                                              (71, 3), (75, 3)])
def test_15_4_twelve_shillings_rounded_up_for_the_declarer(points: int, base: int) -> None:
    assert base_amount(points - 60, DobbmOptions(stake=12)) == base
    if points == 63:
        assert declarer_net(12, DOBBM, 0, 63) == (1, 3)


@pytest.mark.parametrize(("points", "base"), [(59, 1), (55, 1), (54, 2), (50, 2), (49, 3),
                                              (47, 3), (45, 3)])
def test_15_5_twelve_shillings_rounded_up_against_the_declarer(points: int, base: int) -> None:
    assert base_amount(60 - points, DobbmOptions(stake=12)) == base
    if points == 47:
        assert declarer_net(12, DOBBM, 0, 47) == (3, -9)
        assert declarer_net(12, DOBBM, 0, 47, players=5) == (3, -12)


def test_15_6_twelve_shilling_solo_rounds_before_doubling() -> None:
    score = score_hand(DobbmOptions(stake=12), SOLO, 0, 70, 6, 5)
    assert (score.margin, score.base, score.multiplier) == (16, 4, 2)
    assert declarer_net(12, SOLO, 0, 76) == (8, 24)
    assert declarer_net(12, SOLO, 1, 76) == (16, 48)


def test_15_7_six_shillings_with_a_schwacher() -> None:
    score = score_hand(DobbmOptions(stake=6), DOBBM, 1, 80, 10, 6)
    assert (score.margin, score.base, score.multiplier, score.amount) == (30, 3, 2, 6)
    assert declarer_net(6, DOBBM, 1, 90) == (6, 18)


def test_15_8_no_trick_the_dobb_goes_to_the_defenders() -> None:
    score = score_hand(DobbmOptions(), DOBBM, 0, 0, 21, 0)
    assert (score.points, score.margin, score.amount, score.matsch) == (0, 60, 60, True)
    assert score.dobb_to_defenders
    assert declarer_net(60, DOBBM, 0, 21, tricks=0, dobb=21) == (60, -180)
    assert declarer_net(60, DOBBM, 0, 21, players=5, tricks=0, dobb=21) == (60, -240)


def test_15_9_solo_every_trick() -> None:
    score = score_hand(DobbmOptions(stake=120), SOLO, 0, 100, 20, 8)
    assert (score.points, score.margin, score.base, score.multiplier, score.amount) == (
        120, 60, 120, 2, 240)
    assert score.matsch
    assert declarer_net(120, SOLO, 0, 120, tricks=8, dobb=20) == (240, 720)


def test_15_10_sixty_all_is_eingestellt() -> None:
    score = score_hand(DobbmOptions(), DOBBM, 2, 50, 10, 4)
    assert (score.points, score.margin, score.winner) == (60, 0, None)
    assert hand_payments(4, 1, score) == (0, 0, 0, 0)
    assert hand_payments(5, 1, score) == (0, 0, 0, 0, 0)


def test_15_11_stockerl_when_all_pass_with_five() -> None:
    assert stockerl(DobbmOptions(players=5, stake=12)) == 2
    assert stockerl_payments(DobbmOptions(players=5, stake=12), 2) == (-2, -2, 8, -2, -2)
    assert stockerl_payments(DobbmOptions(players=5, stake=60), 2)[2] == 40
    # through the game: dealer 0 sits out, all four pass, seat 1 deals next and collects
    state = GameState(DobbmOptions(players=5, stake=12))
    from .tables import FIVE, FOUR_DOBB
    state.apply(deal_of(0, FIVE, FOUR_DOBB, 5))
    say(state, *[Call.WEITER] * 4)
    assert state.results[-1].outcome == "passed"
    assert state.results[-1].payments == (-2, 8, -2, -2, -2)
    assert state.dealer == 1


def test_15_12_a_defender_revokes_in_a_doubled_solo() -> None:
    options = DobbmOptions(record_irregularities=True)
    assert revoke_penalty(options, SOLO, 1) == 120
    assert irregularity_payments(options, "revoke", 2, 1, SOLO, 1) == (-120, 360, -120, -120)
    five = options.but(players=5)
    assert irregularity_payments(five, "revoke", 2, 1, SOLO, 1)[1] == 480
    # through the game: seat 0 says Solo, seat 1 a Schwacher, seat 0 gut; seat 2 revokes
    state = say(dealt(options), Call.SOLO, Call.SCHWACHER, Call.GUT)
    state.host(revoke(2))
    result = state.results[-1]
    assert result.outcome == "abandoned"
    assert result.payments == (360, -120, -120, -120)
    assert state.dealer == 0  # §11.5: the declarer deals next


def test_15_13_a_small_loss_trebly_doubled_at_240() -> None:
    score = score_hand(DobbmOptions(stake=240), DOBBM, 3, 50, 8, 3)
    assert (score.margin, score.base, score.multiplier, score.amount) == (2, 8, 8, 64)
    assert declarer_net(240, DOBBM, 3, 58) == (64, -192)


@pytest.mark.parametrize(("stake", "value"), [(6, 1), (12, 2), (60, 10), (120, 20), (240, 40)])
def test_5_2_stockerl_values(stake: int, value: int) -> None:
    assert stockerl(DobbmOptions(players=5, stake=stake)) == value


def test_10_5_the_sitting_out_dealer_pays_like_a_defender() -> None:
    score = score_hand(DobbmOptions(players=5), DOBBM, 0, 40, 0, 3)
    payments = hand_payments(5, 3, score)
    assert payments == (20, 20, 20, -80, 20)


def test_11_3_the_declarer_revokes_and_pays_each() -> None:
    options = DobbmOptions(record_irregularities=True)
    assert irregularity_payments(options, "revoke", 1, 1, DOBBM, 0) == (30, -90, 30, 30)
    assert irregularity_payments(options, "wrong discards", 1, 1, DOBBM, 2) == (
        120, -360, 120, 120)

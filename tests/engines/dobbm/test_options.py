"""Rules §16: a test for each option (its default, each value, a value refused)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engines.dobbm import rules as r
from engines.dobbm.options import (
    DobbmOptions,
    MatschDobb,
    OptionsError,
    Rounding,
    SowDiscardRule,
)
from engines.dobbm.rules import CLOSE, Call, Contract, GameState, Phase, RuleError
from engines.registry import game

from .tables import FOUR, FOUR_DOBB, cards, deal_of, dealt, play_out, say


def test_the_defaults_are_the_rules() -> None:
    o = DobbmOptions()
    assert (o.players, o.stake, o.rounding, o.sow_discard_rule, o.solo_doubling,
            o.max_doublings, o.matsch_dobb_to_defenders, o.stockerl, o.musrunde,
            o.revoke_penalty_multiplied, o.record_irregularities) == (
        4, 60, Rounding.CEIL_BEFORE_DOUBLING, SowDiscardRule.PLAIN_VS_HEARTS, True, 0,
        MatschDobb.NORMAL_AND_SOLO, True, True, True, False)


def test_every_option_is_in_the_config_with_its_help() -> None:
    specs = {spec.name: spec for spec in game("dobbm").option_specs()}
    assert set(specs) == {"players", "stake", "rounding", "sow_discard_rule", "solo_doubling",
                          "max_doublings", "matsch_dobb_to_defenders", "stockerl",
                          "musrunde", "revoke_penalty_multiplied", "record_irregularities",
                          "session_hands"}
    assert all(spec.help for spec in specs.values())
    assert specs["stake"].choices == (6, 12, 60, 120, 240)
    assert specs["players"].choices == (4, 5)


@pytest.mark.parametrize(("name", "value"), [
    ("players", 3), ("players", 6), ("stake", 50), ("stake", True), ("rounding", "down"),
    ("sow_discard_rule", "any"), ("solo_doubling", "yes"), ("max_doublings", -1),
    ("matsch_dobb_to_defenders", "never"), ("stockerl", 1), ("musrunde", None),
    ("revoke_penalty_multiplied", "no"), ("record_irregularities", 0), ("session_hands", -2),
])
def test_a_value_not_offered_is_refused_naming_the_rule(name: str, value: object) -> None:
    with pytest.raises(OptionsError) as caught:
        DobbmOptions(**{name: value})  # type: ignore[arg-type]
    assert caught.value.rule and name.split("_")[0] in str(caught.value)


def test_players_4_or_5() -> None:
    assert GameState(DobbmOptions(players=4)).schedule.active == 4
    five = GameState(DobbmOptions(players=5))
    assert five.schedule.active == 4 and five.schedule.dealer_sits_out


@pytest.mark.parametrize(("stake", "point"), [(6, Fraction(1, 10)), (12, Fraction(1, 5)),
                                              (60, 1), (120, 2), (240, 4)])
def test_stake_a_matsch_is_worth_t(stake: int, point: Fraction) -> None:
    options = DobbmOptions(stake=stake)
    assert r.base_amount(60, options) == stake
    assert r.base_amount(10, options.but(rounding=Rounding.EXACT)) == 10 * point


def test_rounding_exact_keeps_fractions() -> None:
    exact = DobbmOptions(stake=12, rounding=Rounding.EXACT)
    assert r.base_amount(3, exact) == Fraction(3, 5)
    score = r.score_hand(exact, Contract.SOLO, 1, 76, 0, 5)
    assert score.amount == Fraction(16 * 12, 60) * 4
    assert r.stockerl(exact.but(stake=6)) == 1
    assert r.base_amount(3, exact.but(rounding=Rounding.CEIL_BEFORE_DOUBLING)) == 1


def test_sow_discard_rule_values() -> None:
    plain, other, none = (SowDiscardRule.PLAIN_VS_HEARTS, SowDiscardRule.ALL_VS_OTHER_HEARTS,
                          SowDiscardRule.NONE)
    lone_heart_sow = cards("SH 9B 8B 7B")
    assert r.sow_rule_broken(lone_heart_sow, plain) is None
    assert r.sow_rule_broken(lone_heart_sow, other) == r.R_SOW_ALL
    assert r.sow_rule_broken(cards("SH 9H 8B 7B"), other) is None
    assert r.sow_rule_broken(cards("SH SA 9H 7B"), other) == r.R_SOW_ALL
    assert r.sow_rule_broken(cards("SH SA 9H 7H"), other) is None
    assert r.sow_rule_broken(cards("SA SL SB 7B"), none) is None
    state = say(dealt(DobbmOptions(sow_discard_rule=other)), Call.DOBBM, Call.GUT, Call.GUT,
                Call.GUT)
    with pytest.raises(RuleError) as caught:
        state.apply("discard SH 9B 8B 7B")
    assert caught.value.rule == r.R_SOW_ALL
    state = say(dealt(DobbmOptions(sow_discard_rule=none)), Call.DOBBM, Call.GUT, Call.GUT,
                Call.GUT)
    state.apply("discard SA SL 8B 7B")
    assert state.phase is Phase.DOUBLE


def test_solo_doubling_off_a_solo_is_played_at_once() -> None:
    state = say(dealt(DobbmOptions(solo_doubling=False)), Call.SOLO)
    assert state.phase is Phase.PLAY and state.current_player == 0
    with pytest.raises(RuleError) as caught:
        state.apply(Call.SCHWACHER, seat=0)
    assert caught.value.rule == r.R_NO_SOLO_DOUBLING
    dobbm = say(dealt(DobbmOptions(solo_doubling=False)), Call.DOBBM, Call.GUT, Call.GUT,
                Call.GUT, "discard 9B 8B 7B 6B")
    assert dobbm.phase is Phase.DOUBLE  # a Dobbm is still doubled


@pytest.mark.parametrize("cap", [1, 2, 3])
def test_max_doublings_caps_the_chain(cap: int) -> None:
    state = say(dealt(DobbmOptions(max_doublings=cap)), Call.SOLO)
    calls = 0
    while state.phase is Phase.DOUBLE:
        legal = state.legal_actions()
        state.apply(legal[0])  # schwacher or retour while offered
        calls += 1
    assert state.doubles == cap == calls
    assert state.view(1).multiplier == 2 ** (cap + 1)


def test_max_doublings_zero_is_unlimited() -> None:
    state = say(dealt(), Call.SOLO)
    for _ in range(30):
        state.apply(state.legal_actions()[0])
    assert state.phase is Phase.DOUBLE and state.doubles == 30


def test_matsch_dobb_to_defenders_normal_only() -> None:
    both = r.score_hand(DobbmOptions(), Contract.SOLO, 0, 0, 25, 0)
    assert both.points == 0 and both.margin == 60
    normal = DobbmOptions(matsch_dobb_to_defenders=MatschDobb.NORMAL_ONLY)
    solo = r.score_hand(normal, Contract.SOLO, 0, 0, 25, 0)
    assert solo.points == 25 and solo.margin == 35 and not solo.dobb_to_defenders
    dobbm = r.score_hand(normal, Contract.DOBBM, 0, 0, 25, 0)
    assert dobbm.points == 0 and dobbm.dobb_to_defenders


def test_stockerl_off_nothing_is_paid_when_all_pass() -> None:
    for on in (True, False):
        state = GameState(DobbmOptions(players=5, stockerl=on))
        from .tables import FIVE
        state.apply(deal_of(0, FIVE, FOUR_DOBB, 5))
        say(state, *[Call.WEITER] * 4)
        assert state.dealer == 1
        assert state.results[-1].payments == ((-10, 40, -10, -10, -10) if on else (0,) * 5)


def test_musrunde_off_the_session_ends_without_it() -> None:
    for on in (True, False):
        state = dealt(DobbmOptions(musrunde=on, session_hands=1))
        play_out(say(state, Call.SOLO))
        assert state.is_over is (not on)
        assert state.in_musrunde is on
    state = dealt(DobbmOptions(musrunde=False, session_hands=0))
    state.host(CLOSE)
    play_out(say(state, Call.SOLO))
    assert state.is_over
    idle = GameState(DobbmOptions(musrunde=False, session_hands=0))
    idle.host(CLOSE)
    assert idle.is_over and idle.returns() == (0.0,) * 4


def test_session_hands_counts_played_hands_not_thrown_in_ones() -> None:
    state = dealt(DobbmOptions(session_hands=2, musrunde=False))
    say(state, *[Call.WEITER] * 4)
    state.apply(deal_of(3, FOUR, FOUR_DOBB))
    play_out(say(state, Call.SOLO))
    assert not state.is_over
    state.apply(deal_of(0, {(s + 1) % 4: h for s, h in FOUR.items()}, FOUR_DOBB))
    play_out(say(state, Call.SOLO))
    assert state.is_over and state.hands_counted == 2


def test_revoke_penalty_multiplied() -> None:
    on = DobbmOptions(record_irregularities=True)
    off = on.but(revoke_penalty_multiplied=False)
    assert r.revoke_penalty(on, Contract.SOLO, 2) == 240
    assert r.revoke_penalty(off, Contract.SOLO, 2) == 30
    assert r.revoke_penalty(on.but(stake=6), Contract.DOBBM, 0) == 3
    assert r.revoke_penalty(on.but(stake=6, rounding=Rounding.EXACT), Contract.DOBBM, 0) == 3


def test_record_irregularities_only_when_on() -> None:
    off = say(dealt(), Call.SOLO)
    assert off.host_actions() == [CLOSE]
    with pytest.raises(RuleError) as caught:
        off.host("revoke 1")
    assert caught.value.rule == r.R_IRREGULAR
    on = say(dealt(DobbmOptions(record_irregularities=True)), Call.DOBBM, Call.GUT, Call.GUT,
             Call.GUT)
    assert on.host_actions() == [CLOSE]  # not before the discard is final
    on.apply("discard 9B 8B 7B 6B")
    assert set(on.host_actions()) == {CLOSE, r.revoke(0), r.revoke(1), r.revoke(2),
                                      r.revoke(3), r.WRONG_DISCARDS}
    on.host(r.WRONG_DISCARDS)
    result = on.results[-1]
    assert result.outcome == "abandoned" and result.payments == (-90, 30, 30, 30)
    assert on.dealer == 0 and on.phase is Phase.DEAL

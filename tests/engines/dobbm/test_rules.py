"""Dobbm rules §1–13, one test per rule sentence: the deal, the bidding, the exchange, the
doubling, the play, the result; the bad input (each error names the rule, nothing is
half-applied) and what each seat may see."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engines.cards.german import GermanCard, GermanSuit
from engines.dobbm import rules as r
from engines.dobbm.options import DobbmOptions
from engines.dobbm.rules import (
    CLOSE,
    Call,
    Contract,
    Discard,
    GameState,
    Phase,
    RuleError,
    hidden_cards,
    read_action,
)
from engines.protocol import CHANCE

from .tables import FOUR, FOUR_DOBB, cards, dealt, fingerprint, play_out, say

C = GermanCard.parse


def discard(text: str) -> Discard:
    return Discard(tuple(cards(text)))


# -- §1–3: players, cards, deal ------------------------------------------------------------------


def test_2_1_thirty_six_german_cards_worth_120() -> None:
    assert len(r.DECK) == 36 and len(set(r.DECK)) == 36
    assert {c.suit for c in r.DECK} == set(GermanSuit)
    assert r.points_of(r.DECK) == 120


def test_2_2_card_points() -> None:
    values = {"S": 11, "T": 10, "K": 4, "O": 3, "U": 2, "9": 0, "8": 0, "7": 0, "6": 0}
    for card in r.DECK:
        assert r.card_points(card) == values[card.rank_letter]


def test_2_3_hearts_are_always_trumps_and_rank_the_same() -> None:
    assert r.TRICK_RULES.trump is GermanSuit.HEARTS
    state = say(dealt(), Call.SOLO, Call.GUT, Call.GUT, Call.GUT)
    assert state.phase is Phase.PLAY and state.current_player == 0
    say(state, "SL", "TL", "7L", "8A")  # seat 3 has no leaves and no hearts: any card
    assert state.tricks[-1].winner == 0
    say(state, "SA", "7H")  # seat 1 has no acorns: a heart
    with pytest.raises(RuleError) as caught:
        state.apply("6L")  # seat 2 holds acorns
    assert caught.value.rule == r.R_FOLLOW


def test_2_4_the_weli_is_an_ordinary_card() -> None:
    weli = C("6B")
    assert r.card_points(weli) == 0
    assert r.ORDER.power(weli) < r.ORDER.power(C("7B"))


def test_1_1_and_3_2_the_fifth_player_deals_and_sits_out() -> None:
    state = GameState(DobbmOptions(players=5))
    deal = state.sample_chance(random.Random(4))
    state.apply(deal)
    dealer = state.dealer
    assert dealer is not None and state.sitting_out == dealer
    assert state.hands[dealer] == []
    assert sorted(len(h) for h in state.hands) == [0, 8, 8, 8, 8]
    assert len(state.dobb) == 4
    assert dealer not in state.active
    assert state.active[0] == (dealer + 1) % 5
    assert state.current_player == (dealer + 1) % 5


def test_3_1_the_first_dealer_is_drawn() -> None:
    dealers = set()
    for seed in range(40):
        state = GameState()
        dealers.add(state.sample_chance(random.Random(seed)).dealer)
    assert dealers == {0, 1, 2, 3}


def test_3_2_packets_of_four_from_the_dealers_left_then_the_dobb() -> None:
    schedule = r.schedule(4)
    order = list(r.DECK)
    deal = schedule.deal_from(order, dealer=2)
    # seat 3 (the dealer's left) gets cards 0-3 then 16-19, seat 0 cards 4-7 and 20-23 ...
    assert deal.hands[3] == tuple(sorted(order[0:4] + order[16:20]))
    assert deal.hands[2] == tuple(sorted(order[12:16] + order[28:32]))
    assert deal.stock == tuple(order[32:])


def test_3_3_the_declarer_deals_the_next_hand() -> None:
    state = say(dealt(), Call.WEITER, Call.DOBBM, Call.GUT, Call.GUT)
    assert state.declarer == 1
    play_out(state)
    assert state.dealer == 1 and state.phase is Phase.DEAL
    assert state.results[-1].next_dealer == 1


def test_3_3_with_five_the_declarer_sits_out_next() -> None:
    state = say(dealt(DobbmOptions(players=5)), Call.WEITER, Call.SOLO)
    play_out(state)
    assert state.dealer == 2 and state.sitting_out == 2


def test_a_deal_by_the_wrong_dealer_is_refused() -> None:
    state = say(dealt(), Call.WEITER, Call.DOBBM, Call.GUT, Call.GUT)
    play_out(state)
    from .tables import deal_of
    with pytest.raises(RuleError) as caught:
        state.apply(deal_of(3, FOUR, FOUR_DOBB))
    assert caught.value.rule == r.R_DEALER


# -- §4: bidding ---------------------------------------------------------------------------------


def test_4_1_each_speaks_once_clockwise_from_the_dealers_left_dealer_last() -> None:
    state = dealt()
    seen = []
    for call in (Call.WEITER, Call.WEITER, Call.DOBBM, Call.GUT):
        seen.append(state.current_player)
        state.apply(call)
    assert seen == [0, 1, 2, 3]
    assert state.declarer == 2 and state.contract is Contract.DOBBM


def test_4_2_the_calls_allowed() -> None:
    state = dealt()
    assert state.legal_actions() == [Call.WEITER, Call.DOBBM, Call.SOLO]
    state.apply(Call.DOBBM)
    assert state.legal_actions() == [Call.SOLO, Call.GUT]


def test_4_2_after_a_dobbm_weiter_and_dobbm_are_refused() -> None:
    state = say(dealt(), Call.DOBBM)
    for call in (Call.DOBBM, Call.WEITER):
        with pytest.raises(RuleError) as caught:
            state.apply(call)
        assert caught.value.rule == r.R_BID_DOBBM


def test_4_3_solo_outranks_dobbm_and_the_rest_are_skipped() -> None:
    state = say(dealt(), Call.DOBBM, Call.SOLO)
    assert state.declarer == 1 and state.contract is Contract.SOLO
    assert state.phase is Phase.DOUBLE  # §4.4: after a Solo the others are skipped


def test_4_4_the_dobbm_bidder_is_declarer_when_no_solo() -> None:
    state = say(dealt(), Call.WEITER, Call.WEITER, Call.WEITER, Call.DOBBM)
    assert state.declarer == 3 and state.phase is Phase.EXCHANGE


def test_4_1_with_five_the_dealer_is_silent() -> None:
    state = dealt(DobbmOptions(players=5))
    seen = []
    for _ in range(4):
        seen.append(state.current_player)
        state.apply(Call.WEITER)
    assert seen == [1, 2, 3, 4]


# -- §5: all pass --------------------------------------------------------------------------------


def test_5_1_four_players_all_pass_same_dealer_nothing_paid() -> None:
    state = say(dealt(), *[Call.WEITER] * 4)
    result = state.results[-1]
    assert result.outcome == "passed" and result.payments == (0, 0, 0, 0)
    assert state.dealer == 3 and state.phase is Phase.DEAL


def test_5_2_five_players_all_pass_deal_passes_left_with_stockerl() -> None:
    state = say(dealt(DobbmOptions(players=5)), *[Call.WEITER] * 4)
    assert state.dealer == 1
    assert state.results[-1].payments == (-10, 40, -10, -10, -10)


# -- §6: the exchange ----------------------------------------------------------------------------


def test_6_1_the_declarer_takes_the_dobb_and_lays_away_four() -> None:
    state = say(dealt(), Call.DOBBM, Call.GUT, Call.GUT, Call.GUT)
    assert state.phase is Phase.EXCHANGE and state.current_player == 0
    assert len(state.hands[0]) == 12
    assert set(cards(FOUR_DOBB)) <= set(state.hands[0])
    state.apply(discard("9B 8B 7B 6B"))
    assert len(state.hands[0]) == 8 and state.discards == tuple(sorted(cards(FOUR_DOBB)))
    assert state.phase is Phase.DOUBLE


def test_6_1_the_discards_count_for_the_declarer() -> None:
    state = say(dealt(), Call.DOBBM, Call.GUT, Call.GUT, Call.GUT, discard("SA 9H 8B 7B"),
                Call.GUT, Call.GUT, Call.GUT)
    play_out(state)
    score = state.results[-1].score
    assert score is not None and score.dobb_points == 11
    if score.dobb_to_defenders:
        assert score.points == 0
    else:
        assert score.points == score.trick_points + 11


def test_6_2_a_plain_sow_needs_a_trump() -> None:
    assert r.sow_rule_broken(cards("SA 9B 8B 7B"), r.SowDiscardRule.PLAIN_VS_HEARTS) == r.R_SOW
    assert r.sow_rule_broken(cards("SA 9H 8B 7B"), r.SowDiscardRule.PLAIN_VS_HEARTS) is None


def test_6_2_two_sows_need_two_trumps() -> None:
    rule = r.SowDiscardRule.PLAIN_VS_HEARTS
    assert r.sow_rule_broken(cards("SA SL 9H 7B"), rule) == r.R_SOW
    assert r.sow_rule_broken(cards("SA SL 9H UH"), rule) is None


def test_6_2_decision_the_heart_sow_needs_no_partner_and_is_one() -> None:
    rule = r.SowDiscardRule.PLAIN_VS_HEARTS
    assert r.sow_rule_broken(cards("SH 9B 8B 7B"), rule) is None
    assert r.sow_rule_broken(cards("SH SA 8B 7B"), rule) is None


def test_6_3_any_card_may_be_laid_away_hearts_and_dobb_cards_too() -> None:
    state = say(dealt(), Call.DOBBM, Call.GUT, Call.GUT, Call.GUT)
    legal = state.legal_actions()
    assert discard("SH TH 9B 6B") in legal
    assert discard("SA 9B 8B 7B") not in legal
    assert len(legal) == sum(1 for d in legal if isinstance(d, Discard))


def test_6_4_the_solo_talon_stays_untouched_and_counts_for_the_declarer() -> None:
    state = say(dealt(), Call.SOLO, Call.GUT, Call.GUT, Call.GUT)
    assert len(state.hands[0]) == 8 and not state.taken
    play_out(state)
    score = state.results[-1].score
    assert score is not None and score.dobb_points == 0  # four low bells
    assert state.results[-1].dobb == tuple(sorted(cards(FOUR_DOBB)))


# -- §7: doubling --------------------------------------------------------------------------------


def exchange_done(**options: object) -> GameState:
    return say(dealt(DobbmOptions(**options)), Call.DOBBM, Call.GUT, Call.GUT, Call.GUT,
               discard("9B 8B 7B 6B"))


def test_7_1_ich_liege_then_the_defenders_from_the_declarers_left() -> None:
    state = exchange_done()
    order = []
    for _ in range(3):
        order.append(state.current_player)
        assert state.legal_actions() == [Call.SCHWACHER, Call.GUT]
        state.apply(Call.GUT)
    assert order == [1, 2, 3]
    assert state.phase is Phase.PLAY and state.current_player == 0


def test_7_1_a_solo_is_doubled_straight_after_the_bidding() -> None:
    state = say(dealt(), Call.WEITER, Call.SOLO)
    assert state.phase is Phase.DOUBLE and state.current_player == 2
    assert state.defenders == (2, 3, 0)


def test_7_2_the_first_schwacher_ends_the_round_7_3_declarer_answers() -> None:
    state = say(exchange_done(), Call.GUT, Call.SCHWACHER)
    assert state.current_player == 0
    assert state.legal_actions() == [Call.RETOUR, Call.GUT]
    state.apply(Call.GUT)
    assert state.phase is Phase.PLAY and state.doubles == 1


def test_7_4_after_a_retour_any_defender_may_retour_chain_unlimited() -> None:
    state = say(exchange_done(), Call.SCHWACHER, Call.RETOUR)
    assert state.current_player == 1
    say(state, Call.GUT, Call.GUT, Call.RETOUR)  # seat 3, not the Schwacher, answers
    assert state.current_player == 0 and state.doubles == 3
    say(state, Call.RETOUR, Call.RETOUR, Call.RETOUR, Call.GUT, Call.GUT, Call.GUT)
    assert state.phase is Phase.PLAY and state.doubles == 6
    assert state.view(2).multiplier == 64


def test_7_5_each_call_doubles_what_each_pays() -> None:
    state = say(exchange_done(), Call.SCHWACHER, Call.RETOUR, Call.GUT, Call.GUT, Call.GUT)
    play_out(state)
    result = state.results[-1]
    assert result.score is not None and result.score.multiplier == 4
    assert result.score.amount == result.score.base * 4


def test_1_2_the_sitting_out_dealer_does_not_double() -> None:
    state = say(dealt(DobbmOptions(players=5)), Call.WEITER, Call.SOLO)
    assert state.defenders == (3, 4, 1)
    asked = []
    for _ in range(3):
        asked.append(state.current_player)
        state.apply(Call.GUT)
    assert 0 not in asked and state.phase is Phase.PLAY


# -- §8: play ------------------------------------------------------------------------------------


def test_8_1_the_declarer_leads_the_winner_leads_next() -> None:
    state = say(dealt(), Call.WEITER, Call.SOLO, Call.GUT, Call.GUT, Call.GUT)
    assert state.current_player == 1
    say(state, "TL", "6L", "8A", "SL")
    assert state.tricks[-1].winner == 0 and state.current_player == 0


def test_8_2_follow_else_heart_else_any_no_need_to_beat() -> None:
    state = say(dealt(), Call.SOLO, Call.GUT, Call.GUT, Call.GUT)
    state.apply("SL")
    assert set(state.legal_actions()) == set(cards("TL KL OL UL 9L 8L"))
    state.apply("8L")  # no need to beat
    state.apply("7L")
    assert set(state.legal_actions()) == set(cards("8A 7A 6A SB TB KB OB UB"))


def test_8_3_the_highest_heart_wins_else_the_highest_of_the_suit_led() -> None:
    state = say(dealt(), Call.SOLO, Call.GUT, Call.GUT, Call.GUT)
    say(state, "SA", "7H", "9A", "6A")
    assert state.tricks[-1].winner == 1
    state2 = say(dealt(), Call.SOLO, Call.GUT, Call.GUT, Call.GUT)
    say(state2, "SL", "TL", "7L", "SB")
    assert state2.tricks[-1].winner == 0


def test_8_4_eight_tricks() -> None:
    state = play_out(say(dealt(), Call.SOLO, Call.GUT, Call.GUT, Call.GUT))
    assert len(state.results[-1].tricks) == 8


# -- §9: the result ------------------------------------------------------------------------------


def test_9_1_declarer_points_are_tricks_plus_dobb() -> None:
    state = play_out(say(dealt(), Call.SOLO, Call.GUT, Call.GUT, Call.GUT))
    result = state.results[-1]
    tricks = sum(r.points_of(t.cards) for t in result.tricks if t.winner == 0)
    assert result.score is not None
    assert result.score.trick_points == tricks
    assert result.score.points == tricks + r.points_of(result.dobb)


def test_9_2_matsch_carries_no_bonus() -> None:
    score = r.score_hand(DobbmOptions(), Contract.DOBBM, 0, 110, 10, 8)
    assert score.matsch and score.points == 120 and score.amount == 60


def test_9_2_a_solo_without_a_trick_loses_its_talon_too() -> None:
    score = r.score_hand(DobbmOptions(), Contract.SOLO, 0, 0, 30, 0)
    assert score.points == 0 and score.amount == 120


def test_9_3_margin_and_who_wins() -> None:
    assert r.score_hand(DobbmOptions(), Contract.DOBBM, 0, 61, 0, 4).winner == "declarer"
    assert r.score_hand(DobbmOptions(), Contract.DOBBM, 0, 59, 0, 4).winner == "defenders"
    assert r.score_hand(DobbmOptions(), Contract.DOBBM, 0, 60, 0, 4).winner is None


# -- §13: the Mußrunde ---------------------------------------------------------------------------


@pytest.mark.parametrize("players", [4, 5])
def test_13_the_musrunde_every_player_forced_once_deal_passes_left(players: int) -> None:
    state = GameState(DobbmOptions(players=players, session_hands=0))
    rng = random.Random(7)
    state.apply(state.sample_chance(rng))
    state.host(CLOSE)  # asked during a hand: that hand finishes first
    while state.hand_number == 0:
        state.apply(state.legal_actions()[rng.randrange(len(state.legal_actions()))])
    forced = []
    while not state.is_over:
        if state.is_chance:
            dealer = state.dealer
            state.apply(state.sample_chance(rng))
            assert state.dealer == dealer
            assert state.in_musrunde
            forced.append(state.current_player)
            assert state.current_player == (dealer + 1) % players
            assert state.legal_actions() == [Call.DOBBM, Call.SOLO]
            state.apply(Call.SOLO if len(forced) % 2 else Call.DOBBM)
            assert state.declarer == forced[-1]
        else:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
    assert sorted(forced) == list(range(players))
    musrunde = [res for res in state.results if res.musrunde]
    assert len(musrunde) == players
    for res in musrunde:
        assert res.next_dealer == (res.dealer + 1) % players
    assert state.returns() == tuple(float(x) for x in state.ledger)
    assert sum(state.ledger) == 0


def test_13_2_in_the_musrunde_nobody_else_may_bid() -> None:
    state = GameState(DobbmOptions(session_hands=0))
    state.host(CLOSE)
    from .tables import deal_of
    state.apply(deal_of(3, FOUR, FOUR_DOBB))
    with pytest.raises(RuleError) as caught:
        state.apply(Call.WEITER)
    assert caught.value.rule == r.R_FORCED
    with pytest.raises(RuleError) as caught:
        state.apply(Call.SOLO, seat=1)
    assert caught.value.rule == r.R_TURN
    state.apply(Call.DOBBM)
    assert state.phase is Phase.EXCHANGE and state.declarer == 0


# -- bad input: each error names the rule and nothing changes ------------------------------------


def refused(state: GameState, action: object, rule: str, seat: int | None = None) -> None:
    before = fingerprint(state)
    with pytest.raises(RuleError) as caught:
        state.apply(action, seat=seat)  # type: ignore[arg-type]
    assert caught.value.rule == rule
    assert rule in str(caught.value)
    assert fingerprint(state) == before
    assert state.why_illegal(state.current_player if seat is None else seat,
                             action) is not None  # type: ignore[arg-type]


def test_bad_input_out_of_turn() -> None:
    state = dealt()
    refused(state, Call.DOBBM, r.R_TURN, seat=2)
    refused(state, Call.DOBBM, r.R_TURN, seat=CHANCE)
    refused(state, Call.DOBBM, r.R_SEAT, seat=9)
    state = say(dealt(), Call.SOLO, Call.GUT, Call.GUT, Call.GUT)
    refused(state, C("8H"), r.R_TURN, seat=1)


def test_bad_input_a_second_bid() -> None:
    state = say(dealt(), Call.DOBBM)
    refused(state, Call.SOLO, r.R_ONCE, seat=0)
    say(state, Call.GUT)
    refused(state, Call.SOLO, r.R_ONCE, seat=1)


def test_bad_input_a_discard_of_the_wrong_count() -> None:
    state = say(dealt(), Call.DOBBM, Call.GUT, Call.GUT, Call.GUT)
    refused(state, discard("9B 8B 7B"), r.R_DISCARD)
    refused(state, discard("9B 8B 7B 6B SH"), r.R_DISCARD)
    refused(state, discard("9B 8B 7B 8H"), r.R_DISCARD)  # 8H is not the declarer's
    refused(state, C("SH"), r.R_DISCARD)


def test_bad_input_a_discard_breaking_the_sow_rule() -> None:
    state = say(dealt(), Call.DOBBM, Call.GUT, Call.GUT, Call.GUT)
    refused(state, discard("SA 9B 8B 7B"), r.R_SOW)
    refused(state, discard("SA SL 9H 7B"), r.R_SOW)
    refused(state, "discard SA SL 9H 7B", r.R_SOW)


def test_bad_input_an_illegal_card() -> None:
    state = say(dealt(), Call.SOLO, Call.GUT, Call.GUT, Call.GUT, "SA")
    refused(state, C("8L"), r.R_TRUMP)  # seat 1 has no acorns but hearts
    refused(state, C("SB"), r.R_HOLD)  # not his card
    refused(state, Call.GUT, r.R_HOLD)
    say(state, "7H")
    refused(state, C("7L"), r.R_FOLLOW)


def test_bad_input_doubling_calls_out_of_order() -> None:
    state = exchange_done()
    refused(state, Call.RETOUR, r.R_SCHWACHER)  # no retour before a Schwacher
    refused(state, Call.SCHWACHER, r.R_TURN, seat=0)  # the declarer is not asked now
    refused(state, Call.SCHWACHER, r.R_TURN, seat=2)  # seat 1 is asked first
    state.apply(Call.SCHWACHER)
    refused(state, Call.SCHWACHER, r.R_ANSWER)  # the declarer answers retour or gut
    refused(state, Call.RETOUR, r.R_TURN, seat=2)
    state.apply(Call.RETOUR)
    refused(state, Call.SCHWACHER, r.R_RETOUR)
    refused(state, Call.DOBBM, r.R_RETOUR)


def test_bad_input_host_actions_go_through_host() -> None:
    state = dealt()
    refused(state, CLOSE, r.R_HOST)
    with pytest.raises(RuleError) as caught:
        state.host(r.revoke(1))
    assert caught.value.rule == r.R_IRREGULAR
    state.host("close")
    with pytest.raises(RuleError) as caught:
        state.host(CLOSE)
    assert caught.value.rule == r.R_HOST


def test_bad_input_a_wrong_deal() -> None:
    state = GameState()
    from .tables import deal_of
    hands = dict(FOUR)
    hands[0] = "SH TH KH OH UH 9H SL"
    with pytest.raises(RuleError) as caught:
        state.apply(deal_of(3, hands, FOUR_DOBB + " SA"))
    assert caught.value.rule == r.R_DEAL
    with pytest.raises(RuleError) as caught:
        state.apply(Call.DOBBM)
    assert caught.value.rule == r.R_DEAL


# -- what each seat sees -------------------------------------------------------------------------


def shown_cards(view: r.View) -> set[GermanCard]:
    out: set[GermanCard] = set(view.hand) | set(view.dobb) | set(view.discards)
    out |= set(view.trick)
    for t in view.tricks:
        out |= set(t.cards)
    for action in view.legal:
        if isinstance(action, Discard):
            out |= set(action.cards)
        elif isinstance(action, GermanCard):
            out.add(action)
    return out


def test_view_shows_only_the_own_hand_and_never_the_dobb_before_the_exchange() -> None:
    state = dealt()
    for seat in range(4):
        view = state.view(seat)
        assert set(view.hand) == set(cards(FOUR[seat]))
        assert view.dobb == () and view.discards == ()
        assert not shown_cards(view) & hidden_cards(state, seat)
        assert view.hand_sizes == (8, 8, 8, 8)


def test_view_the_dobbm_declarer_sees_the_dobb_the_others_not() -> None:
    state = say(dealt(), Call.DOBBM, Call.GUT, Call.GUT, Call.GUT)
    assert state.view(0).dobb == tuple(sorted(cards(FOUR_DOBB)))
    assert len(state.view(0).hand) == 12
    state.apply(discard("9B 8B 7B SH"))
    assert state.view(0).discards == tuple(sorted(cards("9B 8B 7B SH")))
    for seat in (1, 2, 3):
        view = state.view(seat)
        assert view.dobb == () and view.discards == ()
        assert not shown_cards(view) & (set(cards(FOUR_DOBB)) | {C("SH")})


def test_view_in_a_solo_the_declarer_too_does_not_see_the_dobb() -> None:
    state = say(dealt(), Call.SOLO, Call.GUT, Call.GUT, Call.GUT)
    dobb = set(cards(FOUR_DOBB))
    for seat in range(4):
        view = state.view(seat)
        assert view.dobb == ()
        assert not shown_cards(view) & dobb
        assert dobb <= hidden_cards(state, seat)
    assert "9B" not in str(state.view(0))  # nowhere in the view
    play_out(state)
    previous = state.view(0).previous
    assert previous is not None and set(previous.dobb) == dobb  # shown at the end


def test_view_the_sitting_out_dealer_sees_no_hand() -> None:
    state = dealt(DobbmOptions(players=5))
    view = state.view(0)
    assert view.hand == () and view.sitting_out == 0
    assert not shown_cards(view) & hidden_cards(state, 0)


def test_view_legal_only_for_the_seat_on_turn() -> None:
    state = dealt()
    assert state.view(0).legal == (Call.WEITER, Call.DOBBM, Call.SOLO)
    assert state.view(1).legal == ()


# -- actions as text -----------------------------------------------------------------------------


def test_actions_round_trip_as_text() -> None:
    state = dealt()
    for action in (*Call, discard("SH 9B 8B 7B"), C("OB"), C("SH")):
        assert read_action(str(action)) == action
        assert state.parse_action(str(action)) == action
    deal = GameState().sample_chance(random.Random(1))
    assert read_action(str(deal), r.schedule(4)) == deal
    five = GameState(DobbmOptions(players=5)).sample_chance(random.Random(2))
    assert read_action(str(five), r.schedule(5)) == five
    for host in (CLOSE, r.WRONG_DISCARDS, r.revoke(3)):
        assert r.read_host(str(host)) == host
    with pytest.raises(RuleError) as caught:
        read_action("discard SH SH 9B 8B")
    assert caught.value.rule == r.R_DISCARD
    with pytest.raises(RuleError):
        read_action("XY")


def test_chance_outcomes_each_as_likely_and_lazily() -> None:
    state = GameState()
    first = []
    for deal, chance in state.chance_outcomes():
        first.append((deal, chance))
        if len(first) == 5:
            break
    assert len({c for _d, c in first}) == 1
    assert all(state.why_illegal(CHANCE, d) is None for d, _c in first)
    for deal, _c in first:
        assert Counter(deal.all_cards()) == Counter(r.DECK)

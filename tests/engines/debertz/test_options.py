"""A test for each option of rules §14, and the presets of §12."""

from __future__ import annotations

import random
from dataclasses import fields

import pytest

from engines.cards.cards import Card, Suit
from engines.cards.tricks import legal_plays
from engines.debertz.options import (
    PRESET_VALUES,
    BaitPenalty,
    BellaAnnounce,
    DebertzOptions,
    DebertzSuit,
    FirstLead,
    OptionsError,
    RevealTiming,
    RulesPreset,
    SevenSwap,
    TieBreak,
    TurnedCardTo,
    WeakHandRedeal,
)
from engines.debertz.rules import (
    PASS,
    Bid,
    GameState,
    Phase,
    RuleError,
    Say,
    find_runs,
    is_debertz,
    run_value,
    settle,
)

from .tables import cards, lay_out, play_out, table

TWO = DebertzOptions(players=2)
QUIET = TWO.but(weak_hand_redeal=WeakHandRedeal.OFF, seven_swap=SevenSwap.OFF)

# Seat 0 (first speaker, dealer 1) holds the trump 7 when ♥ is turned; nobody has a run.
SWAP_DEAL = lay_out(2, 1, ["7H AS TS KC QC AD 9H 8C 8D", "AH KS 9S AC TC JD 8H 9C 7D"], "JH")


def test_players_2_3_4_deal_6_each_a_turned_card_and_20_14_8_undealt() -> None:
    for players, undealt in ((2, 20), (3, 14), (4, 8)):
        state = GameState(DebertzOptions(players=players))
        deal = state.sample_chance(random.Random(players))
        assert [len(h) for h in deal.hands] == [6] * players
        assert len(deal.turned) + len(deal.stock) == undealt
    with pytest.raises(OptionsError) as caught:
        DebertzOptions(players=5)
    assert "2, 3 or 4" in caught.value.rule


def test_four_player_individual_scores_each_seat_with_three_opponents() -> None:
    solo = DebertzOptions(players=4, four_player_individual=True)
    assert solo.sides == 4 and not solo.partnerships
    assert DebertzOptions(players=4).sides == 2
    assert solo.ski_points == -50
    # §1.2: 3-player scoring with three opponents: the bait goes to the highest.
    assert settle(solo, 0, [30, 60, 40, 32], [2, 3, 2, 1]).points == (0, 90, 40, 32)
    with pytest.raises(OptionsError) as caught:
        DebertzOptions(players=3, four_player_individual=True)
    assert "4 players" in caught.value.rule


def test_target_defaults_to_301_with_2_players_and_501_with_3_or_4() -> None:
    assert DebertzOptions(players=2).goal == 301
    assert DebertzOptions(players=3).goal == 501
    assert DebertzOptions(players=4).goal == 501
    assert DebertzOptions(players=2, target=1001).goal == 1001
    with pytest.raises(OptionsError):
        DebertzOptions(target=400)


def test_order_obligatory_the_dealer_must_name_a_trump() -> None:
    state = table(TWO, SWAP_DEAL, "pass", "pass", "pass")
    assert state.current_player == 1  # the dealer, last in round 2
    assert PASS not in state.legal_actions()
    assert {str(a) for a in state.legal_actions()} == {"name C", "name D", "name S"}
    with pytest.raises(RuleError) as caught:
        state.apply("pass")
    assert "обяз" in caught.value.rule


def test_without_order_obligatory_two_passed_rounds_annul_the_deal() -> None:
    state = table(TWO.but(order_obligatory=False), SWAP_DEAL, "pass", "pass", "pass", "pass")
    assert state.results[-1].outcome == "annulled"
    assert state.phase is Phase.DEAL and state.dealer == 0  # passes left
    assert state.scores == [0, 0]


FOUR_HANDS = ["KS 9S AC KC QC JC TC 9C", "7S 8C 7C AD KD QD JD TD",
              "AS 8S 9D 8D 7D AH KH QH", "TS JS QS JH TH 9H 8H 7H"]


@pytest.mark.parametrize("to", [TurnedCardTo.DECLARER, TurnedCardTo.DEALER])
def test_turned_card_to_the_declarer_or_the_dealer(to: TurnedCardTo) -> None:
    options = DebertzOptions(players=4, turned_card_to=to, weak_hand_redeal="off")
    taker = 0 if to is TurnedCardTo.DECLARER else 3
    hands = list(FOUR_HANDS)
    if taker == 3:  # the dealer takes 9S; the declarer holds W's 7H instead
        hands[0], hands[3] = "KS 7H AC KC QC JC TC 9C", "TS JS QS JH TH 9H 8H 9S"
    state = table(options, lay_out(4, 3, hands, "9S", turned_to=taker), "play")
    nine = Card.parse("9S")
    assert nine in state.hands[taker]
    assert state.turned is None
    assert all(nine in state.view(s).known[taker] for s in range(4))  # it was face up


def test_reveal_timing_before_play_or_after_the_first_trick() -> None:
    deal = lay_out(2, 1, ["7H AS TS KC QC AD 9H 8C 8D", "AH KS 9S AC TC JD 8H 9C 7D"], "JH",
                   exposed="QS")
    before = table(QUIET, deal, "play")
    assert before.phase is Phase.PLAY
    assert before.exposed == Card.parse("QS")
    assert before.view(1).exposed == Card.parse("QS")
    after = table(QUIET.but(reveal_timing=RevealTiming.AFTER_FIRST_TRICK), deal, "play")
    assert after.exposed is None
    after.apply(after.legal_actions()[0])
    assert after.exposed is None
    after.apply(after.legal_actions()[0])
    assert after.exposed == Card.parse("QS")


def test_seven_swap_any_player_lets_an_opponent_holder_swap() -> None:
    state = table(TWO.but(weak_hand_redeal="off"), SWAP_DEAL, "pass", "play")  # seat 1
    assert state.phase is Phase.SWAP and state.current_player == 0
    state.apply(Say.SWAP)
    assert Card.parse("JH") in state.hands[0] and Card.parse("7H") not in state.hands[0]
    assert state.turned == Card.parse("7H")
    assert state.swap == (0, Card.parse("7H"), Card.parse("JH"))
    assert Card.parse("JH") in state.view(1).known[0]


def test_seven_swap_declarer_only_and_off() -> None:
    only = TWO.but(weak_hand_redeal="off", seven_swap=SevenSwap.DECLARER_ONLY)
    assert table(only, SWAP_DEAL, "pass", "play").phase is Phase.PLAY  # holder not declarer
    assert table(only, SWAP_DEAL, "play").phase is Phase.SWAP  # the declarer holds it
    off = TWO.but(weak_hand_redeal="off", seven_swap=SevenSwap.OFF)
    state = table(off, SWAP_DEAL, "play")
    assert state.phase is Phase.PLAY
    with pytest.raises(RuleError) as caught:
        state.apply(Say.SWAP)
    assert "trump 7" in caught.value.rule


def test_no_swap_when_trumps_were_named_in_round_2_or_with_4_players() -> None:
    any_player = TWO.but(weak_hand_redeal="off")
    assert table(any_player, SWAP_DEAL, "pass", "pass", "name S").phase is Phase.PLAY
    state = table(DebertzOptions(players=4, weak_hand_redeal="off"),
                  lay_out(4, 3, FOUR_HANDS, "9S", turned_to=0), "play")
    assert state.phase is Phase.PLAY


WEAK = "JH 9H KS QC 8D 7D 9C 8S 7H"  # 9 points (§13.10)


def test_weak_hand_redeal_all_four_individual_only_and_off() -> None:
    deal = lay_out(2, 1, [WEAK, "AC AD AH AS TC TD TH TS KC"], "8H")
    assert table(QUIET.but(weak_hand_redeal="all"), deal, "play").phase is Phase.REDEAL
    only = QUIET.but(weak_hand_redeal=WeakHandRedeal.FOUR_INDIVIDUAL_ONLY)
    assert table(only, deal, "play").phase is Phase.PLAY
    assert DebertzOptions(players=4, four_player_individual=True,
                          weak_hand_redeal="four_individual_only").redeal_allowed
    assert not DebertzOptions(players=4, weak_hand_redeal="four_individual_only").redeal_allowed
    state = table(QUIET.but(weak_hand_redeal="off"), deal, "play")
    assert state.phase is Phase.PLAY
    with pytest.raises(RuleError) as caught:
        state.apply(Say.REDEAL)
    assert "13 or fewer" in caught.value.rule


def test_weak_hand_keep_goes_on_to_play() -> None:
    deal = lay_out(2, 1, [WEAK, "AC AD AH AS TC TD TH TS KC"], "8H")
    state = table(QUIET.but(weak_hand_redeal="all"), deal, "play")
    state.apply(Say.KEEP)
    assert state.phase is Phase.PLAY


def test_five_card_value_50_or_100() -> None:
    five = cards("AS KS QS JS TS")
    assert [r.value for r in find_runs(0, five, TWO)] == [50]
    assert [r.value for r in find_runs(0, five, TWO.but(five_card_value=100))] == [100]
    assert run_value(4, TWO) == 50 and run_value(3, TWO) == 20


def test_sotnya_six_cards_100_or_50() -> None:
    six = cards("AS KS QS JS TS 9S")
    assert [r.value for r in find_runs(0, six, TWO)] == [100]
    assert [r.value for r in find_runs(0, six, TWO.but(sotnya=False))] == [50]


def test_debertz_min_length_and_suit() -> None:
    seven = find_runs(0, cards("AD KD QD JD TD 9D 8D"), TWO)[0]
    assert is_debertz(seven, Suit.HEARTS, TWO)
    assert not is_debertz(seven, Suit.HEARTS, TWO.but(debertz=False))
    assert not is_debertz(seven, Suit.HEARTS, TWO.but(debertz_min_length=8))
    assert seven.value == 100  # not a debertz: counted as six cards
    trump_only = TWO.but(debertz_suit=DebertzSuit.TRUMP_ONLY)
    assert not is_debertz(seven, Suit.HEARTS, trump_only)
    assert is_debertz(seven, Suit.DIAMONDS, trump_only)
    eight = find_runs(0, cards("AD KD QD JD TD 9D 8D 7D"), TWO)[0]
    assert is_debertz(eight, Suit.HEARTS, TWO.but(debertz_min_length=8))


def test_tie_break_options_are_read() -> None:
    for value in ("last_trick", "turn", "suit"):
        assert TWO.but(tie_break=value).tie_break is TieBreak(value)


def _bella_table(announce: BellaAnnounce) -> GameState:
    # Seat 0 (first speaker) holds ♥K ♥Q; ♥ turned and taken in round 1 by seat 0.
    deal = lay_out(2, 1, ["KH QH AS TS 9C AD 8C 8D 7S", "AH KS 9S AC TC JD 8H 9D 7D"], "JH")
    return table(QUIET.but(bella_announce=announce), deal, "play")


def test_bella_auto_is_announced_on_playing_the_first_of_the_pair() -> None:
    state = _bella_table(BellaAnnounce.AUTO)
    assert state.bella_holder == 0 and state.bella is None
    assert Say.BELLA not in state.legal_actions()
    state.apply("KH")
    assert state.bella == 0
    assert Card.parse("QH") in state.view(1).known[0]
    play_out(state)
    assert state.results[-1].lines[0].bella == 20


def test_bella_manual_is_announced_by_its_holder_or_not_at_all() -> None:
    state = _bella_table(BellaAnnounce.MANUAL)
    assert Say.BELLA in state.legal_actions()
    state.apply(Say.BELLA)
    assert state.bella == 0 and state.current_player == 0
    assert Say.BELLA not in state.legal_actions()
    play_out(state)
    assert state.results[-1].lines[0].bella == 20
    silent = _bella_table(BellaAnnounce.MANUAL)
    while silent.deal_number == 0:
        silent.apply(next(a for a in silent.legal_actions() if a is not Say.BELLA))
    assert silent.results[-1].lines[0].bella == 0
    assert silent.results[-1].bella is None


def test_first_lead_first_speaker_or_declarer() -> None:
    assert table(QUIET, SWAP_DEAL, "pass", "play").leader == 0
    declarer = QUIET.but(first_lead=FirstLead.DECLARER)
    assert table(declarer, SWAP_DEAL, "pass", "play").leader == 1


def test_overtrump_on_ruff_requires_beating_a_trump_already_played() -> None:
    # ♠ trumps, ♣ led; seat 1 ruffed with ♠Q; seat 2 has no club and holds ♠K ♠7.
    for on_ruff, expected in ((False, {"KS", "7S"}), (True, {"KS"})):
        state = GameState(DebertzOptions(players=3, overtrump_on_ruff=on_ruff))
        rules = state.rules.with_trump(Suit.SPADES)
        from engines.cards.tricks import Trick

        trick = Trick((0, 1, 2), (Card.parse("AC"), Card.parse("QS")))
        allowed = legal_plays(cards("KS 7S AH 9D"), trick, rules)
        assert {str(c) for c in allowed} == expected


def test_overtrump_partner_is_covered_by_example_13_11() -> None:
    assert not TWO.overtrump_partner
    assert DebertzOptions(players=4, overtrump_partner=True).overtrump_partner


def test_winner_takes_all() -> None:
    wta = DebertzOptions(players=3, winner_takes_all=True)
    assert settle(wta, 1, [40, 80, 42], [3, 4, 2]).points == (0, 162, 0)


def test_bait_3p_recipient_highest_equal_opponents_share_rounded_down() -> None:
    three = DebertzOptions(players=3)
    assert settle(three, 0, [51, 60, 60], [3, 3, 3]).points == (0, 85, 85)


@pytest.mark.parametrize(("penalty", "costly"), [
    (BaitPenalty.FROM_THIRD, [3, 4, 5, 6]),
    (BaitPenalty.EVERY_THIRD, [3, 6]),
    (BaitPenalty.OFF, []),
])
def test_bait_penalty(penalty: BaitPenalty, costly: list[int]) -> None:
    options = TWO.but(bait_penalty=penalty)
    baits = [0, 0]
    charged = []
    for number in range(1, 7):
        result = settle(options, 0, [50, 112], [3, 6], baits=baits)
        baits = list(result.baits)
        if result.penalty[0]:
            assert result.penalty[0] == -100
            charged.append(number)
    assert charged == costly


def test_hanging_separately_collects_the_oldest_amount_only() -> None:
    summed = settle(TWO, 0, [100, 62], [5, 4], pending=[81, 40])
    assert summed.collected == (121, 0) and summed.pending == ()
    apart = settle(TWO.but(hanging_separately=True), 0, [100, 62], [5, 4], pending=[81, 40])
    assert apart.collected == (81, 0) and apart.pending == (40,)


def test_ski_penalty_on_and_off() -> None:
    assert settle(TWO, 0, [162, 0], [9, 0]).points == (162, -50)
    assert settle(TWO.but(ski_penalty=False), 0, [162, 0], [9, 0]).points == (162, 0)
    assert DebertzOptions(players=4).ski_points == -100


def test_rules_preset_classic_and_kharkov_set_the_table_12_defaults() -> None:
    classic = DebertzOptions.preset("classic")
    assert (classic.order_obligatory, classic.sotnya, classic.debertz,
            classic.weak_hand_redeal) == (False, False, False, WeakHandRedeal.OFF)
    kharkov = DebertzOptions.preset(RulesPreset.KHARKOV)
    assert (kharkov.order_obligatory, kharkov.sotnya, kharkov.debertz,
            kharkov.weak_hand_redeal) == (True, True, True, WeakHandRedeal.ALL)
    # Only defaults: a value given explicitly (not the §14 default) is kept.
    mine = DebertzOptions.preset("classic", weak_hand_redeal="four_individual_only")
    assert mine.weak_hand_redeal is WeakHandRedeal.FOUR_INDIVIDUAL_ONLY
    assert DebertzOptions() == DebertzOptions.preset("custom")
    assert set(PRESET_VALUES[RulesPreset.CLASSIC]) <= {f.name for f in fields(DebertzOptions)}


def test_every_option_of_14_has_a_field_with_its_default() -> None:
    defaults = {
        "players": 2, "four_player_individual": False, "target": 0, "order_obligatory": True,
        "turned_card_to": "declarer", "reveal_timing": "before_play",
        "seven_swap": "any_player", "weak_hand_redeal": "all", "five_card_value": 50,
        "sotnya": True, "debertz": True, "debertz_min_length": 7, "debertz_suit": "any",
        "tie_break": "last_trick", "bella_announce": "auto", "first_lead": "first_speaker",
        "overtrump_partner": False, "overtrump_on_ruff": False, "winner_takes_all": False,
        "bait_3p_recipient": "highest", "bait_penalty": "from_third",
        "hanging_separately": False, "ski_penalty": True, "rules_preset": "custom",
    }
    options = DebertzOptions()
    assert {f.name for f in fields(DebertzOptions)} == set(defaults)
    for name, value in defaults.items():
        assert getattr(options, name) == value, name
        assert fields(DebertzOptions)[[f.name for f in fields(DebertzOptions)].index(name)] \
            .metadata["help"]


def test_bad_option_values_are_refused_naming_the_rule() -> None:
    for bad in ({"seven_swap": "sometimes"}, {"sotnya": "yes"}, {"five_card_value": 75},
                {"debertz_min_length": 6}, {"tie_break": "coin"}):
        with pytest.raises(OptionsError) as caught:
            DebertzOptions(**bad)  # type: ignore[arg-type]
        assert caught.value.rule


def test_a_bid_names_a_suit() -> None:
    assert Bid.naming("H") == Bid("name", Suit.HEARTS)

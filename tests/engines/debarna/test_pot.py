"""The prize pot (rules §8, "the prize pot"; §6, "shared wins").

Each test is one sentence of §8. The expected amounts are worked out by hand in the
comments; the property test recomputes the payouts by its own reading of §8.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.debarna.hand import Hand
from engines.debarna.options import HandOptions, Stage
from engines.debarna.pot import (
    RULE_CARDS,
    RULE_FOLLOWS,
    RULE_LEDGER,
    RULE_MONEY,
    RULE_SHARE,
    RULE_SHARES_TOTAL,
    RULE_STAGES_IN_PLAY,
    RULE_WINNERS,
    Ledger,
    LedgerRow,
    PotError,
    PotSettings,
    Settlement,
    settle,
)

from .cards import CARD_A, CARD_B, CARD_C, TOP, call_all, make_ticket

LINE, TWO, FULL = Stage.LINE, Stage.TWO_LINES, Stage.FULL_HOUSE


def paid_out(settlement: Settlement) -> int:
    """Every unit handed to a winner, counted from the payouts per serial."""
    return sum(sum(by_serial.values()) for by_serial in settlement.payouts.values())


# -- the defaults ----------------------------------------------------------------------------
def test_default_shares_with_two_lines_are_line_20_two_lines_30_full_house_50() -> None:
    pot = PotSettings.default(1000)
    assert pot.shares == ((LINE, 20), (TWO, 30), (FULL, 50))
    assert PotSettings(1000) == pot
    assert PotSettings.for_options(1000, HandOptions()) == pot
    # 3 cards, 1 carried in: 3001. Line ⌊600.2⌋ = 600; with Two lines ⌊1500.5⌋ = 1500, so
    # Two lines 900; Full house the rest, 1501.
    done = settle(pot, 3, 1, {LINE: ["A"], TWO: ["B"], FULL: ["C"]})
    assert [p.share for p in done.stages] == [600, 900, 1501]
    assert done.payouts == {LINE: {"A": 600}, TWO: {"B": 900}, FULL: {"C": 1501}}
    assert done.carry_out == 0


def test_default_shares_with_two_lines_off_are_line_30_full_house_70() -> None:
    pot = PotSettings.default(1000, two_lines=False)
    assert pot.shares == ((LINE, 30), (FULL, 70))
    assert pot.two_lines is None
    assert PotSettings.for_options(1000, HandOptions(two_lines=False)) == pot
    pot.check_options(HandOptions(two_lines=False))
    # 3001: Line ⌊900.3⌋ = 900, Full house 2101.
    done = settle(pot, 3, 1, {LINE: ["A"], FULL: ["B"]})
    assert [(p.stage, p.share) for p in done.stages] == [(LINE, 900), (FULL, 2101)]
    assert done.stage(TWO) is None
    assert done.carry_out == 0


# -- shared wins and rounding ----------------------------------------------------------------
# 7 cards at 333: a pot of 2331. Line ⌊466.2⌋ = 466; Line and Two lines ⌊1165.5⌋ = 1165,
# so Two lines 699 (its own 699.3 and the 0.2 Line's rounding left); Full house 1166.
SEVEN_AT_333 = (PotSettings(333), 7, 0)


def test_one_card_takes_its_stages_share_rounded_down_the_fraction_going_to_the_next() -> None:
    done = settle(*SEVEN_AT_333, {LINE: ["A"]})
    line = done.stage(LINE)
    assert line is not None
    assert (line.share, line.each, line.passed) == (466, 466, 0)
    assert [p.share for p in done.stages] == [466, 699, 1166]
    assert sum(p.share for p in done.stages) == 2331


def test_three_cards_split_a_stage_and_the_odd_unit_goes_to_the_next_stage() -> None:
    done = settle(*SEVEN_AT_333, {LINE: ["A", "B", "C"], TWO: ["D", "E"], FULL: ["F"]})
    line, two, _ = done.stages
    # Line 466 / 3 = 155 each, 1 left over for Two lines: 699 + 1 = 700, 350 each.
    assert (line.each, line.passed) == (155, 1)
    assert (two.brought, two.held, two.each, two.passed) == (1, 700, 350, 0)
    assert done.payouts[LINE] == {"A": 155, "B": 155, "C": 155}
    assert done.payouts[TWO] == {"D": 350, "E": 350}
    assert done.payouts[FULL] == {"F": 1166}
    assert done.carry_out == 0


def test_two_cards_split_a_stage_and_the_odd_unit_goes_to_full_house() -> None:
    # 9 cards at 250 and 101 carried in: 2351. Line ⌊470.2⌋ = 470; Two lines
    # ⌊1175.5⌋ - 470 = 705; Full house 1176. Two lines 705 / 2 = 352 each, 1 over.
    done = settle(PotSettings(250), 9, 101, {LINE: ["A"], TWO: ["B", "C"], FULL: ["D"]})
    assert done.pot == 2351
    assert done.payouts == {LINE: {"A": 470}, TWO: {"B": 352, "C": 352}, FULL: {"D": 1177}}
    full = done.stage(FULL)
    assert full is not None and full.brought == 1
    assert done.carry_out == 0


def test_full_houses_remainder_goes_to_the_next_hands_pot() -> None:
    # Full house 1166 / 3 = 388 each, 2 over: they go to the next hand.
    done = settle(*SEVEN_AT_333, {LINE: ["A"], TWO: ["B"], FULL: ["C", "D", "E"]})
    assert done.payouts[FULL] == {"C": 388, "D": 388, "E": 388}
    assert done.carry_out == 2
    assert paid_out(done) + done.carry_out == 2331
    nxt = settle(PotSettings(333), 7, done.carry_out, {})
    assert nxt.pot == 2333


def test_cards_that_share_a_line_on_one_number_in_a_real_hand_split_its_share() -> None:
    # A and B share their top row: both complete Line on 40 and claim it.
    hand = Hand(HandOptions(), [CARD_A, CARD_B, CARD_C])
    call_all(hand, TOP)
    assert hand.claim("A").valid and hand.claim("B").valid
    assert hand.winners[LINE].serials == ("A", "B")
    # 3 cards at 335: 1005. Line ⌊201⌋ = 201, split by two: 100 each, 1 passed on.
    done = settle(PotSettings(335), 3, 0, hand.winners)
    assert done.payouts == {LINE: {"A": 100, "B": 100}}
    assert done.won_by("a") == 100
    assert done.won_by("C") == 0


def test_three_cards_on_one_number_in_a_real_hand_split_line_three_ways() -> None:
    card_d = make_ticket("D", TOP, (44, 54, 64, 75, 85), (5, 25, 56, 76, 86))
    hand = Hand(HandOptions(), [CARD_A, CARD_B, CARD_C, card_d])
    call_all(hand, TOP)
    for serial in ("D", "A", "B"):
        assert hand.claim(serial).valid
    # 4 cards at 1000 and 7 carried in: 4007. Line ⌊801.4⌋ = 801, 267 each, nothing over.
    done = settle(PotSettings(1000), 4, 7, hand.winners)
    assert done.payouts == {LINE: {"D": 267, "A": 267, "B": 267}}


# -- a hand stopped early --------------------------------------------------------------------
def test_a_hand_stopped_early_carries_the_unwon_stages_shares_to_the_next_hand() -> None:
    hand = Hand(HandOptions(), [CARD_A, CARD_B, CARD_C])
    call_all(hand, TOP)
    hand.claim("A")
    hand.claim("B")
    # Stopped here. 3 cards at 1000 and 50 carried in: 3050. Line ⌊610⌋ = 610, 305 each.
    # Two lines ⌊1525⌋ - 610 = 915 and Full house 1525 nobody won: 2440 to the next hand.
    done = settle(PotSettings(1000), 3, 50, hand.winners)
    line, two, full = done.stages
    assert line.each == 305
    assert (two.serials, two.each, two.carried) == ((), 0, 915)
    assert (full.serials, full.each, full.carried) == ((), 0, 1525)
    assert done.carry_out == 2440
    assert paid_out(done) + done.carry_out == 3050


def test_an_unwon_stage_carries_what_the_stage_before_passed_it_too() -> None:
    # Line 466 / 3 = 155 each and 1 over; Two lines, unwon, carries 699 + 1.
    done = settle(*SEVEN_AT_333, {LINE: ["A", "B", "C"]})
    assert done.carry_out == 700 + 1166
    assert paid_out(done) + done.carry_out == 2331


def test_no_hand_at_all_carries_the_whole_pot() -> None:
    done = settle(PotSettings(500), 4, 30, {})
    assert done.payouts == {}
    assert done.carry_out == 2030


def test_extra_patterns_take_no_share_of_the_pot() -> None:
    done = settle(PotSettings(100), 4, 0, {Stage.FOUR_CORNERS: ["A"], LINE: ["B"]})
    assert done.payouts == {LINE: {"B": 80}}
    assert done.won_by("A") == 0


# -- refused settings and settlements ---------------------------------------------------------
@pytest.mark.parametrize(
    ("make", "rule", "words"),
    [
        (lambda: PotSettings(-5), RULE_MONEY, "the stake per card cannot be negative: -5 given"),
        (lambda: PotSettings(2.5), RULE_MONEY,  # type: ignore[arg-type]
         "the stake per card must be a whole number of the currency's smallest unit "
         "(rials, cents): 2.5 is not"),
        (lambda: PotSettings(True), RULE_MONEY, "True is not"),
        (lambda: PotSettings(100, 20, 30, 40), RULE_SHARES_TOTAL,
         "the stages' shares add to 90 %, not 100 %: Line 20 % + Two lines 30 % + "
         "Full house 40 %"),
        (lambda: PotSettings(100, 30, None, 80), RULE_SHARES_TOTAL,
         "the stages' shares add to 110 %, not 100 %: Line 30 % + Full house 80 %"),
        (lambda: PotSettings(100, -10, 30, 80), RULE_SHARE,
         "the share of Line cannot be negative: -10 %"),
        (lambda: PotSettings(100, 20, 29.5, 50.5), RULE_SHARE,  # type: ignore[arg-type]
         "the share of Two lines must be a whole percent: 29.5 is not"),
        (lambda: PotSettings(100).check_options(HandOptions(two_lines=False)),
         RULE_STAGES_IN_PLAY, "Two lines is not played but the pot gives it 30 %"),
        (lambda: PotSettings.default(100, False).check_options(HandOptions()),
         RULE_STAGES_IN_PLAY, "Two lines is played but has no share of the pot"),
    ],
)
def test_refused_settings_name_the_rule(make: object, rule: str, words: str) -> None:
    with pytest.raises(PotError) as refused:
        make()  # type: ignore[operator]
    assert refused.value.rule == rule
    assert words in str(refused.value)


def test_a_refusal_carries_its_figures_for_a_message_in_the_players_language() -> None:
    with pytest.raises(PotError) as stake:
        PotSettings(-5)
    assert stake.value.values == {"field": "stake", "value": -5}
    with pytest.raises(PotError) as total:
        PotSettings(100, 20, 30, 40)
    assert total.value.values == {"total": 90}
    with pytest.raises(PotError) as cards:
        settle(PotSettings(100), 2, 0, {LINE: ["A", "B", "C"]})
    assert cards.value.values == {"winners": 3, "cards": 2}


@pytest.mark.parametrize(
    ("cards", "carried", "winners", "rule", "words"),
    [
        (-1, 0, {}, RULE_CARDS, "the number of cards in play cannot be negative"),
        (3, -20, {}, RULE_MONEY, "the amount carried over cannot be negative: -20 given"),
        (3, 0.5, {}, RULE_MONEY, "the amount carried over must be a whole number"),
        (2, 0, {LINE: ["A"], TWO: ["B"], FULL: ["C"]}, RULE_WINNERS,
         "3 cards won but only 2 are in play"),
        (4, 0, {LINE: ["A", "a"]}, RULE_WINNERS,
         "a card is listed twice among the winners of Line: A, a"),
        (4, 0, {LINE: "AB"}, RULE_WINNERS, "the winners of Line must be a list of serials"),
        (4, 0, {"corner": ["A"]}, RULE_WINNERS, "'corner' is not a stage of Dabernā"),
    ],
)
def test_refused_settlements_name_the_rule(
    cards: int, carried: int, winners: Mapping[Stage, Sequence[str]], rule: str, words: str
) -> None:
    with pytest.raises(PotError) as refused:
        settle(PotSettings(100), cards, carried, winners)
    assert refused.value.rule == rule
    assert words in str(refused.value)


def test_a_two_lines_win_is_refused_by_a_pot_without_two_lines() -> None:
    with pytest.raises(PotError) as refused:
        settle(PotSettings.default(100, False), 4, 0, {LINE: ["A"], TWO: ["B"]})
    assert refused.value.rule == RULE_STAGES_IN_PLAY
    assert "Two lines was won but takes no share of this pot" in str(refused.value)
    assert refused.value.values == {"stage": "two_lines"}


# -- money is never created or lost ----------------------------------------------------------
@st.composite
def hands(draw: st.DrawFn) -> tuple[PotSettings, int, int, dict[Stage, list[str]]]:
    two_lines = draw(st.booleans())
    stages = 3 if two_lines else 2
    cuts = sorted(draw(st.lists(st.integers(0, 100), min_size=stages - 1,
                                max_size=stages - 1)))
    shares = [b - a for a, b in zip([0, *cuts], [*cuts, 100], strict=True)]
    stake = draw(st.integers(0, 10**7))
    pot = (PotSettings(stake, shares[0], shares[1], shares[2]) if two_lines
           else PotSettings(stake, shares[0], None, shares[1]))
    cards = draw(st.integers(0, 60))
    carried = draw(st.integers(0, 10**7))
    serials = [f"S{i:02d}" for i in range(cards)]
    winners: dict[Stage, list[str]] = {}
    for stage in pot.stages:
        if cards and draw(st.booleans()):
            winners[stage] = draw(st.lists(st.sampled_from(serials), min_size=1,
                                           max_size=min(cards, 7), unique=True))
    return pot, cards, carried, winners


@settings(max_examples=3000, deadline=None)
@given(hands())
def test_money_is_never_created_or_lost_and_no_payout_is_negative(
    case: tuple[PotSettings, int, int, dict[Stage, list[str]]],
) -> None:
    pot, cards, carried, winners = case
    done = settle(pot, cards, carried, winners)
    total = cards * pot.stake + carried
    assert done.pot == total
    assert paid_out(done) + done.carry_out == total
    assert done.paid + done.carry_out == total
    assert done.carry_out >= 0
    assert all(p.each >= 0 and p.share >= 0 and p.passed >= 0 for p in done.stages)

    # Our own reading of §8: a stage holds its exact percent of the pot plus the
    # fractions and odd units before it, rounded down; winners split it equally, rounded
    # down, the odd units going on; an unwon stage carries what it holds.
    fraction = Fraction(0)
    brought = carry = 0
    for stage, percent in pot.shares:
        exact = Fraction(total * percent, 100) + fraction
        share = int(exact)  # rounded down (exact >= 0)
        fraction = exact - share
        held = share + brought
        pay = done.stage(stage)
        assert pay is not None and pay.share == share
        won = winners.get(stage, [])
        if won:
            assert pay.each == held // len(won)
            assert done.payouts[stage] == dict.fromkeys(won, held // len(won))
            brought = held % len(won)
        else:
            carry += held
            brought = 0
    assert fraction == 0
    assert done.carry_out == carry + brought
    if all(winners.get(stage) for stage in pot.stages):
        assert done.carry_out < len(winners[FULL])  # only Full house's odd units go on

    # A stage's pay is fixed the moment it is won: later stages do not change it.
    for cut in range(len(pot.stages)):
        early = settle(pot, cards, carried,
                       {s: w for s, w in winners.items() if s in pot.stages[: cut + 1]})
        assert early.stages[: cut + 1] == done.stages[: cut + 1]


# -- a night's ledger ------------------------------------------------------------------------
HOLDERS = {"A": "مریم", "B": " مریم ", "C": "Reza"}  # D has no holder's name
IN_PLAY = ("A", "B", "C", "D")


def three_hands() -> tuple[Ledger, list[Settlement]]:
    # Hand 1: 4 cards at 1000: 4000. Line 800 to A; Two lines 1200, 600 each to C and D;
    # Full house 2000, 1000 each to A and C. Nothing carried.
    first = settle(PotSettings(1000), 4, 0, {LINE: ["A"], TWO: ["C", "D"], FULL: ["A", "C"]})
    # Hand 2, stopped after Line: 4000. Line 800 by B, C, D: 266 each, 2 over, which Two
    # lines carries with its 1200; Full house carries 2000: 3202 carried.
    second = settle(PotSettings(1000), 4, first.carry_out, {LINE: ["B", "C", "D"]})
    # Hand 3 at 500 a card: 2000 + 3202 = 5202. Line ⌊1040.4⌋ = 1040 to D; Two lines
    # ⌊2601⌋ - 1040 = 1561, 780 each to A and B, 1 over; Full house 2601 + 1 to C.
    third = settle(PotSettings(500), 4, second.carry_out,
                   {LINE: ["D"], TWO: ["A", "B"], FULL: ["C"]})
    ledger = Ledger()
    for hand in (first, second, third):
        ledger = ledger.with_hand(hand, IN_PLAY, HOLDERS)
    return ledger, [first, second, third]


def test_the_ledger_sums_what_each_player_put_in_and_won_over_three_hands() -> None:
    ledger, (first, second, third) = three_hands()
    assert (first.carry_out, second.carry_out, third.carry_out) == (0, 3202, 0)
    assert ledger.hands == 3
    # مریم holds A and B: in 2000 + 2000 + 1000; won 800 + 1000, 266, 780 + 780.
    assert ledger.player("مریم") == LedgerRow("مریم", None, 5000, 3626)
    # Reza holds C: in 1000 + 1000 + 500; won 600 + 1000, 266, 2602.
    assert ledger.player(" Reza") == LedgerRow("Reza", None, 2500, 4468)
    # Nobody named D: its own row, by serial. In 2500; won 600, 266, 1040.
    assert ledger.ticket("d") == LedgerRow(None, "D", 2500, 1906)
    # Named players first (by name), then cards nobody named (by serial).
    assert [row.label for row in ledger.rows] == ["Reza", "مریم", "ticket D"]
    assert (ledger.put_in, ledger.won, ledger.carry) == (10000, 10000, 0)
    reza = ledger.player("Reza")
    assert reza is not None and reza.net == 4468 - 2500


def test_the_ledger_survives_to_json_and_from_json_unchanged() -> None:
    ledger, _ = three_hands()
    text = json.dumps(ledger.to_json(), ensure_ascii=False)
    back = Ledger.from_json(json.loads(text))
    assert back == ledger
    assert back.to_json() == ledger.to_json()
    # Mid-night too, with money carried over.
    _, (first, second, _third) = three_hands()
    middle = Ledger().with_hand(first, IN_PLAY, HOLDERS).with_hand(second, IN_PLAY, HOLDERS)
    assert middle.carry == 3202
    assert Ledger.from_json(json.loads(json.dumps(middle.to_json()))) == middle


def test_a_ledger_that_does_not_balance_is_refused() -> None:
    ledger, _ = three_hands()
    data = ledger.to_json()
    data["players"][0]["won"] += 1
    with pytest.raises(PotError) as refused:
        Ledger.from_json(data)
    assert refused.value.rule == RULE_LEDGER
    assert "the ledger does not balance: 0 brought in and 10000 put in, but 10001 won" in str(
        refused.value)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d.pop("carry"), "the ledger has the wrong keys: missing carry"),
        (lambda d: d.update(extra=1), "the ledger has the wrong keys: unknown extra"),
        (lambda d: d["players"][1].update(put_in=-1),
         "what مریم put in cannot be negative"),
        (lambda d: d["players"][2].update(won="1906"), "what ticket D won must be a whole"),
        (lambda d: d["players"].append(dict(d["players"][1])), "a player has two rows"),
    ],
)
def test_a_malformed_ledger_is_refused_naming_what_is_wrong(change: object, words: str) -> None:
    ledger, _ = three_hands()
    data = json.loads(json.dumps(ledger.to_json()))
    change(data)  # type: ignore[operator]
    with pytest.raises(PotError) as refused:
        Ledger.from_json(data)
    assert refused.value.rule == RULE_LEDGER
    assert words in str(refused.value)


def test_a_hand_must_bring_in_what_the_last_hand_carried_over() -> None:
    _, (first, second, _third) = three_hands()
    after_two = Ledger().with_hand(first, IN_PLAY, HOLDERS).with_hand(second, IN_PLAY, HOLDERS)
    forgot = settle(PotSettings(500), 4, 0, {LINE: ["D"]})
    with pytest.raises(PotError) as refused:
        after_two.with_hand(forgot, IN_PLAY, HOLDERS)
    assert refused.value.rule == RULE_FOLLOWS
    assert "this hand's pot brings in 0, but the last hand carried over 3202" in str(
        refused.value)
    opened = Ledger.opening(3202).with_hand(settle(PotSettings(500), 4, 3202, {}), IN_PLAY)
    assert (opened.carried_in, opened.carry, opened.put_in, opened.won) == (3202, 5202, 2000, 0)


def test_a_ledger_refuses_a_hand_whose_cards_in_play_do_not_match() -> None:
    done = settle(PotSettings(100), 4, 0, {LINE: ["E"]})
    with pytest.raises(PotError, match="3 cards are listed in play but the pot counted 4"):
        Ledger().with_hand(done, ("A", "B", "C"), HOLDERS)
    with pytest.raises(PotError, match="E won Line but is not listed in play"):
        Ledger().with_hand(done, IN_PLAY, HOLDERS)

"""The Dobbm bots: every level always answers with a legal action in every phase (bids,
the discard with the Sow rule, Schwacher and retour, cards, the Mußrunde), for 4 and 5
players; the same view and seed give the same choice; the hard bot keeps to its budget
and stops on an injected clock; and a few clear situations."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engines.cards import tricks as tk
from engines.cards.german import GermanCard
from engines.dobbm import bots as b
from engines.dobbm.options import DobbmOptions, SowDiscardRule
from engines.dobbm.rules import (
    CLOSE,
    TRICK_RULES,
    Call,
    Discard,
    GameState,
    Phase,
    sow_rule_broken,
)

from .tables import cards, dealt, say

C = GermanCard.parse


def _session(options: DobbmOptions, levels: list[str], seed: int, hands: int,
             seen: Counter[str] | None = None, close: bool = False) -> GameState:
    """Play `hands` hands (or the session to its end) with bots, checking every action."""
    rng = random.Random(seed)
    bots = [b.make_bot(level) for level in levels]
    for bot in bots:
        if isinstance(bot, b.HardBot):
            bot.worlds = bot.bid_worlds = 4
    state = GameState(options)
    while not state.is_over and len(state.results) < hands:
        if close and len(state.results) == 1 and CLOSE in state.host_actions():
            state.host(CLOSE)
        if state.is_chance:
            state.apply(state.sample_chance(rng))
            continue
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        action = bots[seat].choose(view, rng)
        assert action in state.legal_actions(), (bots[seat].level, view.phase, action)
        if seen is not None:
            what = "card" if isinstance(action, GermanCard) else action
            seen[f"{view.phase.value}:{what}"] += 1
            if view.musrunde and view.phase is Phase.BID:
                seen["musrunde bid"] += 1
        state.apply(action, seat=seat)
    return state


@pytest.mark.parametrize("players", [4, 5])
@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_every_level_always_plays_legally(level: str, players: int) -> None:
    seen: Counter[str] = Counter()
    options = DobbmOptions(players=players, stake=12 if players == 5 else 60, session_hands=0)
    hands = 12 if level == "hard" else 60
    levels = [level] * players
    _session(options, levels, seed=players, hands=hands, seen=seen)
    assert seen["play:card"] > 0
    if level != "easy":
        assert seen["exchange:" + "discard"] == 0  # discards are counted by their text
        assert any(k.startswith("exchange:discard") for k in seen)
        assert seen["double:gut"] > 0


def test_all_phases_are_met_by_bots_mixed() -> None:
    """Mixed levels over many hands reach every kind of decision: the three bids, the
    discard, Schwacher and retour, and the Mußrunde's forced bid."""
    seen: Counter[str] = Counter()
    for seed in range(6):
        options = DobbmOptions(players=4 + seed % 2, session_hands=0)
        levels = ["medium", "hard", "easy", "medium", "medium"][:options.players]
        _session(options, levels, seed=seed, hands=15, seen=seen)
    options = DobbmOptions(players=4, session_hands=0)
    _session(options, ["hard", "medium", "easy", "medium"], seed=9, hands=40, seen=seen,
             close=True)
    for key in ("bid:weiter", "bid:dobbm", "bid:gut", "double:gut", "musrunde bid"):
        assert seen[key] > 0, key
    assert any(k.startswith("exchange:discard") for k in seen)


def test_medium_discard_never_breaks_the_sow_rule() -> None:
    rng = random.Random(4)
    deck = list(range(36))
    for rule in SowDiscardRule:
        for _ in range(300):
            rng.shuffle(deck)
            hand = deck[:12]
            for combo in b.best_discards(hand, rule, keep=5):
                cards = [b.to_card(c) for c in combo]
                assert len(set(combo)) == 4 and set(combo) <= set(hand)
                assert sow_rule_broken(cards, rule) is None


def test_medium_discard_keeps_the_sows_apart_from_the_hearts() -> None:
    """Three plain Sows and hearts: whatever it lays away, each Sow goes with a heart."""
    hand = [b.to_int(c) for c in cards("SL SA SB 6H 7H 8H 9H 6L 7A TB KB 7B")]
    combo = b.best_discards(hand, SowDiscardRule.PLAIN_VS_HEARTS)[0]
    sows = sum(1 for c in combo if c in b.SOWS[1:])
    hearts = sum(1 for c in combo if b.SUIT[c] == b.HEARTS)
    assert sows <= hearts
    assert b.to_int(C("TB")) in combo or b.to_int(C("KB")) in combo or sows == 0


def test_fast_hand_agrees_with_the_rules() -> None:
    """The rollout simulator's legal cards and trick winners are the rules' own."""
    rng = random.Random(11)
    for _ in range(300):
        deck = list(range(36))
        rng.shuffle(deck)
        hands = [deck[8 * k:8 * k + 8] for k in range(4)]
        sim = b.FastHand([list(h) for h in hands], 0, 0, [], 0, [0, 0], [0, 0], [0] * 4, 0,
                         False)
        while not sim.over():
            pos = sim.to_play()
            trick = tk.Trick(tk.Trick.led_by(sim.leader, (0, 1, 2, 3)).order,
                             tuple(b.to_card(c) for c in sim.trick))
            rules_legal = tk.legal_plays([b.to_card(c) for c in sim.hands[pos]], trick,
                                         TRICK_RULES)
            assert sorted(b.to_int(c) for c in rules_legal) == sorted(sim.legal(pos))
            card = rng.choice(sim.legal(pos))
            if len(sim.trick) == 3:
                full = tk.Trick(trick.order, (*trick.cards, b.to_card(card)))
                winner = tk.trick_winner(full, TRICK_RULES)
                sim.play(card)
                assert sim.leader == winner
            else:
                sim.play(card)
        assert sum(sim.points) == 120 - 0 - sum(b.PTS[c] for c in deck[32:])


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_same_view_and_seed_give_the_same_choice(level: str) -> None:
    rng = random.Random(5)
    for players in (4, 5):
        state = GameState(DobbmOptions(players=players, session_hands=0))
        bots = [b.make_bot("medium") for _ in range(players)]
        steps = 0
        while steps < 60:
            if state.is_chance:
                state.apply(state.sample_chance(rng))
                continue
            seat = state.current_player
            assert seat is not None
            view = state.view(seat)
            bot = b.make_bot(level)
            seed = rng.randrange(1000)
            first = bot.choose(view, random.Random(seed))
            assert b.make_bot(level).choose(view, random.Random(seed)) == first
            state.apply(bots[seat].choose(view, rng), seat=seat)
            steps += 1


def test_hard_keeps_to_its_fixed_budget() -> None:
    state = say(dealt(), Call.DOBBM, Call.GUT, Call.GUT, Call.GUT)
    bot = b.HardBot(worlds=7, bid_worlds=5)
    view = state.view(0)
    state.apply(bot.choose(view, random.Random(1)))
    while state.phase is Phase.DOUBLE:
        state.apply(Call.GUT)
    view = state.view(0)
    bot.choose(view, random.Random(1))
    assert bot.report.candidates > 1 and bot.report.worlds == 7


class FakeClock:
    """A clock that moves on by `step` seconds every time it is read."""

    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def test_hard_stops_on_an_injected_clock() -> None:
    state = say(dealt(), Call.DOBBM, Call.GUT, Call.GUT, Call.GUT)
    state.apply(b.MediumBot().choose(state.view(0), random.Random(0)))
    while state.phase is Phase.DOUBLE:
        state.apply(Call.GUT)
    view = state.view(0)
    clock = FakeClock(0.05)
    bot = b.HardBot(clock=clock, time_limit=0.5, min_worlds=3, max_worlds=1000)
    card = bot.choose(view, random.Random(2))
    assert card in view.legal
    assert 3 <= bot.report.worlds <= 14  # about 0.5 / 0.05 readings
    slow = b.HardBot(clock=FakeClock(10.0), time_limit=0.5, min_worlds=3)
    slow.choose(view, random.Random(2))
    assert slow.report.worlds == 3
    bids = dealt()
    bidder = b.HardBot(clock=FakeClock(10.0), time_limit=0.5, min_worlds=2)
    assert bidder.choose(bids.view(0), random.Random(2)) in bids.legal_actions()


def test_medium_schmiert_a_sow_onto_a_partners_sure_trick() -> None:
    """Seat 1 (a defender) leads the Sow of acorns... the declarer (seat 0) already played
    low; seat 3, void in acorns and hearts, loads its Sow of bells onto the trick."""
    hands = {0: "SH TH KH OH UH 9H 8H 7A", 1: "SA TA KA OA UA 9A SL TL",
             2: "6H 7H 7L 6L 8A 6A 9L 8L", 3: "SB TB KB OB UB 9B 8B 7B"}
    state = dealt(hands=hands, dobb="6B OL KL UL")
    say(state, Call.SOLO)
    while state.phase is Phase.DOUBLE:
        state.apply(Call.GUT)
    say(state, "7A")  # the declarer leads his lone acorn
    say(state, "SA", "8A")  # seat 1 wins with the Sow, seat 2 follows
    view = state.view(3)
    assert b.MediumBot().choose(view, random.Random(0)) == C("SB")


def test_medium_ducks_cheaply_when_the_trick_is_lost() -> None:
    hands = {0: "SH TH KH OH UH 9H 8H SA", 1: "7A TA KA OA UA 9A SL TL",
             2: "6H 7H 7L 6L 8A 6A 9L 8L", 3: "SB TB KB OB UB 9B 8B 7B"}
    state = dealt(hands=hands, dobb="6B OL KL UL")
    say(state, Call.SOLO)
    while state.phase is Phase.DOUBLE:
        state.apply(Call.GUT)
    say(state, "SA")  # the declarer's Sow wins whatever the defenders play
    view = state.view(1)
    assert b.MediumBot().choose(view, random.Random(0)) == C("7A")


def test_medium_bids_by_the_rule_of_thumb() -> None:
    state = dealt(hands={0: "SH 7H SL 6L 7L 8A 9A 6B", 1: "8H 9H TL KL OL UL 9L 8L",
                         2: "6H 7A 6A TA KA OA UA SA", 3: "TH KH OH UH SB TB KB OB"},
                  dobb="9B 8B 7B UB")
    assert b.MediumBot().choose(state.view(0), random.Random(0)) == Call.DOBBM
    weak = dealt(hands={0: "7H 8H SL 6L 7L 8A 9A 6B", 1: "SH 9H TL KL OL UL 9L 8L",
                        2: "6H 7A 6A TA KA OA UA SA", 3: "TH KH OH UH SB TB KB OB"},
                 dobb="9B 8B 7B UB")
    assert b.MediumBot().choose(weak.view(0), random.Random(0)) == Call.WEITER
    assert b.EasyBot().choose(state.view(0), random.Random(0)) == Call.WEITER


def test_medium_doubles_only_on_strength() -> None:
    """A defender with six hearts (the Sow and Ten among them) and two Sows gives the
    Schwacher; a declarer that strong answers retour; a weak declarer says gut."""
    state = say(dealt(), Call.DOBBM, Call.GUT, Call.GUT, Call.GUT)
    state.apply(b.MediumBot().choose(state.view(0), random.Random(0)))
    assert b.MediumBot().choose(state.view(1), random.Random(0)) == Call.GUT
    state.apply(Call.SCHWACHER)
    assert b.MediumBot().choose(state.view(0), random.Random(0)) == Call.RETOUR
    assert b.HardBot().choose(state.view(0), random.Random(0)) == Call.RETOUR
    strong = {1: "SH TH KH OH UH 9H SL SA", 0: "8H 7H TL KL OL UL 9L 8L",
              2: "6H 7L 6L TA KA OA UA 9A", 3: "8A 7A 6A SB TB KB OB UB"}
    state = say(dealt(hands=strong), Call.DOBBM, Call.GUT, Call.GUT, Call.GUT)
    state.apply(b.MediumBot().choose(state.view(0), random.Random(0)))
    assert b.MediumBot().choose(state.view(1), random.Random(0)) == Call.SCHWACHER
    state.apply(Call.SCHWACHER)
    assert b.MediumBot().choose(state.view(0), random.Random(0)) == Call.GUT
    assert b.EasyBot().choose(state.view(0), random.Random(0)) == Call.GUT


def test_discard_actions_are_legal_discards() -> None:
    state = say(dealt(), Call.DOBBM, Call.GUT, Call.GUT, Call.GUT)
    view = state.view(0)
    for level in b.LEVELS:
        action = b.make_bot(level).choose(view, random.Random(3))
        assert isinstance(action, Discard) and action in state.legal_actions()


def test_no_decision_is_an_error() -> None:
    state = dealt()
    with pytest.raises(ValueError):
        b.make_bot("medium").choose(state.view(2), random.Random(0))
    with pytest.raises(ValueError):
        b.make_bot("master")


def _ints(text: str) -> list[int]:
    return [b.to_int(c) for c in cards(text)]


def test_the_tactics_schinden_and_the_fuchs() -> None:
    """Declarer at position 0 with a lone seven of bells (a Fuchs) leads it while the
    defenders hold hearts; a defender holding the Sow of acorns, second to a low acorn
    lead with a partner after it, keeps the Sow back (schinden) where medium takes."""
    hands = [_ints("SH TH KH OH 7B SL TL KL"), _ints("SA 8A 9H 6L 7L 8L 9L UL"),
             _ints("6H 7H 8H UH 6A 7A TA 6B"), _ints("KA OA UA 9A SB TB KB OB")]
    sim = b.FastHand([list(h) for h in hands], 0, 0, [], 0, [0, 0], [0, 0], [0] * 4, 0, True)
    assert b.tactical_card(sim, 0, sim.legal(0)) == b.to_int(C("7B"))
    hands[0] = _ints("SH TH KH OH 7B SL TL 7A")
    hands[2] = _ints("6H 7H 8H UH 6A 9B TA 6B")
    led = b.FastHand([list(h) for h in hands], 0, 0, [], 0, [0, 0], [0, 0], [0] * 4, 0, True)
    led.play(b.to_int(C("7A")))
    legal = led.legal(1)
    assert b.tactical_card(led, 1, legal) == b.to_int(C("8A"))
    assert b.medium_card(led, 1, legal) == b.to_int(C("SA"))

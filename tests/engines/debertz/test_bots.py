"""The Debertz bots: always a legal action, the same choice for the same view and seed, the
hard bot's bounds, the fast rollout deal agreeing with the rules, and a few positions
where the right answer is clear."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engines.cards.cards import Card
from engines.debertz.bots import (
    LEVELS,
    EasyBot,
    FastDeal,
    HardBot,
    MediumBot,
    deal_from_view,
    make_bot,
    to_int,
)
from engines.debertz.options import BellaAnnounce, DebertzOptions
from engines.debertz.rules import PASS, PLAY, Action, Bid, GameState, Phase, Say

from .tables import lay_out, table


def small_hard() -> HardBot:
    return HardBot(worlds=6, bid_worlds=4)


def bots_for(level: str) -> object:
    return small_hard() if level == "hard" else make_bot(level)


def play_games(options: DebertzOptions, levels: list[str], deals: int, seed: int,
               seen: Counter[str]) -> None:
    """Deals played by `levels` seat by seat; every choice is checked against the view."""
    rng = random.Random(seed)
    bots = [bots_for(level) for level in levels]
    state = GameState(options)
    done = 0
    while done < deals:
        if state.is_over:
            state = GameState(options)
        if state.is_chance:
            state.apply(state.sample_chance(rng))
            continue
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        action = bots[seat].choose(view, rng)  # type: ignore[attr-defined]
        assert action in view.legal, (levels[seat], view.phase, action, view.legal)
        assert state.why_illegal(seat, action) is None
        seen[_kind(view, action)] += 1
        finished = len(state.results)
        state.apply(action, seat=seat)
        done += len(state.results) - finished


def _kind(view: object, action: Action) -> str:
    phase = view.phase  # type: ignore[attr-defined]
    if phase is Phase.BID:
        round_ = view.bidding_round  # type: ignore[attr-defined]
        forced = PASS not in view.legal  # type: ignore[attr-defined]
        return f"bid{round_}{'-forced' if forced else ''}-{action}".split(" ")[0]
    if isinstance(action, Say):
        return f"{phase}-{action}"
    return "card"


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("level", ["easy", "medium"])
def test_every_level_always_chooses_a_legal_action(players: int, level: str) -> None:
    seen: Counter[str] = Counter()
    play_games(DebertzOptions(players=players), [level] * players, 150, players, seen)
    manual = DebertzOptions(players=players, bella_announce=BellaAnnounce.MANUAL)
    play_games(manual, [level] * players, 60, players + 10, seen)
    assert seen["card"] > 0 and seen["bid1-play"] > 0 and seen["bid1-pass"] > 0
    assert seen["bid2-name"] + seen["bid2-forced-name"] > 0
    assert seen["play-bella"] > 0
    if players < 4:
        assert seen["swap-swap"] + seen["swap-keep"] > 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_hard_bot_always_chooses_a_legal_action(players: int) -> None:
    seen: Counter[str] = Counter()
    levels = ["hard", "medium", "easy", "hard"][:players]
    play_games(DebertzOptions(players=players), levels, 12, players, seen)
    play_games(DebertzOptions(players=players, bella_announce=BellaAnnounce.MANUAL,
                              overtrump_partner=True, overtrump_on_ruff=True),
               levels[::-1], 6, players + 20, seen)
    assert seen["card"] > 0


def test_every_level_answers_the_redeal_and_the_swap() -> None:
    seen: Counter[str] = Counter()
    for level in LEVELS:
        play_games(DebertzOptions(players=2), [level, "medium"], 40 if level != "hard" else 15,
                   7, seen)
    assert seen["redeal-redeal"] + seen["redeal-keep"] > 0
    assert seen["swap-swap"] > 0


def _views(players: int, seed: int, count: int) -> list[object]:
    """Views with a choice, from a game of medium bots."""
    rng = random.Random(seed)
    bot = MediumBot()
    state = GameState(DebertzOptions(players=players))
    views = []
    while len(views) < count and not state.is_over:
        if state.is_chance:
            state.apply(state.sample_chance(rng))
            continue
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        if len(view.legal) > 1:
            views.append(view)
        state.apply(bot.choose(view, rng), seat=seat)
    return views


@pytest.mark.parametrize("level", LEVELS)
def test_the_same_view_and_seed_give_the_same_choice(level: str) -> None:
    for players in (2, 4):
        for view in _views(players, 3, 25):
            first = bots_for(level).choose(view, random.Random(11))  # type: ignore[attr-defined]
            again = bots_for(level).choose(view, random.Random(11))  # type: ignore[attr-defined]
            assert first == again


def test_an_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown bot level"):
        make_bot("expert")
    assert [make_bot(level).level for level in LEVELS] == list(LEVELS)


def test_a_bot_refuses_a_view_with_nothing_to_decide() -> None:
    state = GameState(DebertzOptions(players=2))
    state.apply(state.sample_chance(random.Random(1)))
    idle = 1 - state.current_player  # type: ignore[operator]
    for level in LEVELS:
        with pytest.raises(ValueError, match="nothing to decide"):
            make_bot(level).choose(state.view(idle), random.Random(1))


# -- the hard bot's bounds -----------------------------------------------------------------------


def _play_views(players: int, seed: int) -> list[object]:
    return [v for v in _views(players, seed, 60) if v.phase is Phase.PLAY  # type: ignore[attr-defined]
            and all(isinstance(a, Card) for a in v.legal)]  # type: ignore[attr-defined]


def test_hard_searches_exactly_its_worlds_without_a_clock() -> None:
    bot = HardBot(worlds=7)
    searched = 0
    for view in _play_views(2, 5)[:10]:
        bot.choose(view, random.Random(1))  # type: ignore[arg-type]
        if bot.report.candidates > 1:
            assert bot.report.worlds == 7
            searched += 1
    assert searched


class FakeClock:
    """A clock that moves `step` seconds every time it is read."""

    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step
        self.reads = 0

    def __call__(self) -> float:
        self.reads += 1
        self.now += self.step
        return self.now


def test_hard_stops_at_its_time_limit_with_an_injected_clock() -> None:
    clock = FakeClock(0.1)
    bot = HardBot(clock=clock, time_limit=0.35, min_worlds=2, max_worlds=50)
    searched = 0
    for view in _play_views(2, 6)[:8]:
        bot.choose(view, random.Random(1))  # type: ignore[arg-type]
        if bot.report.candidates > 1:
            # read at the start (0.1, deadline 0.45), then before each world from the
            # second on: 0.2, 0.3, 0.4 go on, 0.5 stops → worlds 0 to 4
            assert bot.report.worlds == 5
            searched += 1
    assert searched and clock.reads
    fast = HardBot(clock=FakeClock(0.0), time_limit=1.0, max_worlds=9)
    for view in _play_views(2, 6)[:8]:
        fast.choose(view, random.Random(1))  # type: ignore[arg-type]
        if fast.report.candidates > 1:
            assert fast.report.worlds == 9  # never more than max_worlds


def test_hard_bids_within_its_rollouts_and_its_clock() -> None:
    deal = lay_out(2, 1, ["JS 9S AS 7C 8D 9H KC QD 8H", "AH 7H TH AC TC QC AD TD KD"], "8S")
    view = table(DebertzOptions(players=2), deal).view(0)
    bot = HardBot(bid_worlds=10)
    assert bot.choose(view, random.Random(1)) in view.legal
    assert bot.report.worlds == 10  # one choice (play), 10 deals played out
    clock = FakeClock(0.1)
    timed = HardBot(bid_worlds=100, clock=clock, time_limit=0.35, min_worlds=2)
    assert timed.choose(view, random.Random(1)) in view.legal
    assert timed.report.worlds == 5 and clock.reads


# -- the fast deal agrees with the rules ---------------------------------------------------------


@pytest.mark.parametrize("options", [
    DebertzOptions(players=2), DebertzOptions(players=3), DebertzOptions(players=4),
    DebertzOptions(players=4, overtrump_partner=True, overtrump_on_ruff=True),
    DebertzOptions(players=4, four_player_individual=True),
])
def test_the_fast_deal_has_the_rules_legal_cards_and_trick_winners(
        options: DebertzOptions) -> None:
    rng = random.Random(4)
    state = GameState(options)
    checked = 0
    while checked < 400:
        if state.is_over:
            state = GameState(options)
        if state.is_chance:
            state.apply(state.sample_chance(rng))
            continue
        seat = state.current_player
        assert seat is not None
        legal = state.legal_actions()
        if state.phase is Phase.PLAY:
            hands = [[to_int(c) for c in h] for h in state.hands]
            fast = deal_from_view(state.view(seat), hands)
            assert fast.to_play() == seat
            cards = sorted(to_int(c) for c in legal if isinstance(c, Card))
            assert sorted(fast.legal(seat)) == cards
            checked += 1
            card = [c for c in legal if isinstance(c, Card)][rng.randrange(len(cards))]
            fast.play(to_int(card))
            before = list(state.tricks)
            state.apply(card, seat=seat)
            if len(state.tricks) > len(before):
                assert fast.leader == state.tricks[-1].winner
                assert fast.points == state.won_points
            continue
        state.apply(legal[rng.randrange(len(legal))], seat=seat)


# -- positions where the right answer is clear ---------------------------------------------------

SEAT0 = "TH 8C 9C JS QS KS AS TS 9S"
SEAT1 = "AH 7H 8H AC TC KC AD TD 7S"


def _after_lead(lead: str, seat1: str = SEAT1) -> object:
    """Two players, spades trumps (seat 0 played), seat 0 has led `lead`: seat 1's view."""
    deal = lay_out(2, 1, [SEAT0, seat1], "8S")
    state = table(DebertzOptions(players=2), deal, "play")
    while state.phase is not Phase.PLAY:
        state.apply(Say.KEEP)
    state.apply(lead)
    return state.view(1)


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_takes_a_ten_with_its_ace_when_last_to_play(level: str) -> None:
    view = _after_lead("TH")
    bot = EasyBot(wander=0.0) if level == "easy" else bots_for(level)
    assert bot.choose(view, random.Random(1)) == Card.parse("AH")  # type: ignore[attr-defined]


def test_medium_keeps_its_points_when_it_cannot_win() -> None:
    level = "medium"
    seat0 = "AH 8C 9C JS QS KS AS TS 9S"
    seat1 = "TH 7H KH AC TC KC AD TD KD"
    deal = lay_out(2, 1, [seat0, seat1], "8S")
    state = table(DebertzOptions(players=2), deal, "play")
    while state.phase is not Phase.PLAY:
        state.apply(Say.KEEP)
    state.apply("AH")
    choice = bots_for(level).choose(state.view(1), random.Random(1))  # type: ignore[attr-defined]
    assert choice == Card.parse("7H")


def test_medium_draws_trumps_with_the_master_trump_as_declarer() -> None:
    deal = lay_out(2, 1, [SEAT0, SEAT1], "8S", exposed="KD")
    state = table(DebertzOptions(players=2), deal, "play")
    while state.phase is not Phase.PLAY:
        state.apply(Say.KEEP)
    assert MediumBot().choose(state.view(0), random.Random(1)) == Card.parse("JS")


def test_medium_bids_on_trump_honours_and_passes_on_junk() -> None:
    strong = lay_out(2, 1, ["JS 9S AS 7C 8D 9H KC QD 8H", "AH 7H TH AC TC QC AD TD KD"], "8S")
    state = table(DebertzOptions(players=2), strong)
    assert MediumBot().choose(state.view(0), random.Random(1)) == PLAY
    weak = lay_out(2, 1, ["7S 8C 9C 7D 8D 9D 7H 9H KC", "AH JH TH AC TC JC AD TD KD"], "8S")
    state = table(DebertzOptions(players=2), weak)
    assert MediumBot().choose(state.view(0), random.Random(1)) == PASS
    assert EasyBot().choose(state.view(0), random.Random(1)) == PASS


def test_medium_names_its_strongest_suit_when_forced() -> None:
    deal = lay_out(2, 1, ["7S 8C 9C 7D 8D 9D 7H 8H KC", "AH JH 9H AC TC JC AD TD KD"], "8S")
    state = table(DebertzOptions(players=2), deal, "pass", "pass", "pass")
    view = state.view(1)
    assert PASS not in view.legal
    choice = MediumBot().choose(view, random.Random(1))
    assert isinstance(choice, Bid) and str(choice) == "name H"


def test_medium_swaps_the_trump_seven_for_the_turned_jack() -> None:
    deal = lay_out(2, 1, ["7S 8C 9C AS QD 9D KH 9H KC", "AH 8H TH AC TC JC AD TD KD"], "JS")
    state = table(DebertzOptions(players=2), deal, "play")
    assert state.phase is Phase.SWAP
    assert MediumBot().choose(state.view(0), random.Random(1)) is Say.SWAP


def test_medium_asks_for_the_redeal_with_a_weak_hand() -> None:
    weak = "JH 9H KS QC 8D 7D 9C 8S 7H"
    deal = lay_out(2, 1, ["AC AD AH AS TC TD TH TS KC", weak], "8C")
    state = table(DebertzOptions(players=2), deal, "play")
    while state.phase is Phase.SWAP:
        state.apply(Say.KEEP)
    assert state.phase is Phase.REDEAL and state.current_player == 1
    assert MediumBot().choose(state.view(1), random.Random(1)) is Say.REDEAL


def test_the_fast_deal_is_played_to_the_end_by_a_policy() -> None:
    deal = lay_out(2, 1, [SEAT0, SEAT1], "8S")
    state = table(DebertzOptions(players=2), deal, "play")
    while state.phase is not Phase.PLAY:
        state.apply(Say.KEEP)
    hands = [[to_int(c) for c in h] for h in state.hands]
    fast: FastDeal = deal_from_view(state.view(0), hands)
    fast.finish(lambda d, s, legal: legal[0])
    assert sum(fast.points) == sum(
        {7: 0, 8: 0, 9: 0, 10: 10, 11: 2, 12: 3, 13: 4, 14: 11}[c.rank] if c.suit.letter != "S"
        else {7: 0, 8: 0, 9: 14, 10: 10, 11: 20, 12: 3, 13: 4, 14: 11}[c.rank]
        for h in state.hands for c in h)
    assert fast.last in (0, 1) and sum(fast.tricks) == 9

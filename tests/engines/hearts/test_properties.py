"""Whole games of Bidel against a second, naive reading of the rules (rules §1–§5).

A referee written from hearts.md keeps its own hands, passes, tricks, points and
scores, and at every step checks the engine against them: the cards each seat may
play (recomputed from the trick, the hand and the cards already played, never from
the engine's `legal_cards`), who leads and wins, what each hand scores, and when the
game ends. Over 10,000 hands are played from seeded `random.Random` sources, with
every variant; hypothesis adds games over drawn options, replays, clones and
refusals at random moments.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.cards.cards import ALL_CARDS, Card, Suit
from engines.hearts import rules
from engines.hearts.options import HeartsOptions, Moon, PassOrder
from engines.hearts.rules import CHANCE, GameState, Pass, Phase, RuleError, random_action

from .test_rules import cards_seen, snapshot

HEARTS = Suit.HEARTS
TWO_CLUBS, QUEEN_SPADES, JACK_DIAMONDS = Card.parse("2C"), Card.parse("QS"), Card.parse("JD")

Policy = Callable[[int, list[Card], random.Random], Card]


# -- The referee: hearts.md read a second time --------------------------------------------------


def cycle_of(options: HeartsOptions) -> list[str]:
    """§2: right, left, across, none (or left first); §1: three or five skip across."""
    first = ["right", "left"] if options.pass_order is PassOrder.RIGHT_FIRST else ["left", "right"]
    return [*first, *(["across"] if options.players == 4 else []), "none"]


def pass_target(seat: int, direction: str, players: int) -> int:
    """Seats go round clockwise in the order of play; s+1 sits on s's left."""
    step = {"left": 1, "right": -1, "across": 2}[direction]
    return (seat + step) % players


def deck_of(options: HeartsOptions) -> set[Card]:
    """§1: 52 cards; three players lose 2♦, five lose 2♦ and 2♠."""
    removed = {3: {"2D"}, 4: set(), 5: {"2D", "2S"}}[options.players]
    return {c for c in ALL_CARDS if str(c) not in removed}


def is_points(card: Card) -> bool:
    return card.suit is HEARTS or card is QUEEN_SPADES


def why_not(card: Card, hand: set[Card], trick: Sequence[Card], before: Sequence[Card],
            options: HeartsOptions) -> str | None:
    """The rule that forbids `card` now, or None. `before`: every card played this hand
    before this trick began (the first trick is the one with nothing before it)."""
    if card not in hand:
        return rules.R_IN_HAND
    first_trick = not before
    hearts_out = any(c.suit is HEARTS for c in [*before, *trick])
    if not trick:
        if first_trick:
            return None if card is TWO_CLUBS else rules.R_TWO_CLUBS
        if card.suit is HEARTS and not hearts_out and any(c.suit is not HEARTS for c in hand):
            return rules.R_BREAKING
        return None
    led = trick[0].suit
    if card.suit is not led and any(c.suit is led for c in hand):
        return rules.R_FOLLOW
    if (first_trick and not options.first_trick_points and is_points(card)
            and card.suit is not led and not all(is_points(c) for c in hand)):
        return rules.R_FIRST_TRICK
    return None


def winner_of(leader: int, trick: Sequence[Card], players: int) -> int:
    led = trick[0].suit
    best = max((c.rank, i) for i, c in enumerate(trick) if c.suit is led)[1]
    return (leader + best) % players


def hand_points(taken: Sequence[Sequence[Card]], options: HeartsOptions) -> list[int]:
    """§4 and §5: hearts 1, Q♠ 13; the moon; J♦ −10 on top when that option is on."""
    raw = [sum(1 for c in t if c.suit is HEARTS) + (13 if QUEEN_SPADES in t else 0) for t in taken]
    jack = [-10 if options.jack_of_diamonds and JACK_DIAMONDS in t else 0 for t in taken]
    shooters = [s for s, p in enumerate(raw) if p == 26]
    if not shooters:
        base = raw
    elif options.moon is Moon.OTHERS_ADD:
        base = [0 if s == shooters[0] else 26 for s in range(len(taken))]
    else:
        base = [-26 if s == shooters[0] else 0 for s in range(len(taken))]
    return [b + j for b, j in zip(base, jack, strict=True)]


def uniform(_seat: int, allowed: list[Card], rng: random.Random) -> Card:
    return rng.choice(allowed)


def one_greedy_seat(seat: int, allowed: list[Card], rng: random.Random) -> Card:
    """Seat 0 plays its highest card, the rest mostly their lowest: moons come often."""
    if seat == 0:
        return max(allowed, key=lambda c: (c.rank, c.suit is HEARTS))
    return min(allowed, key=lambda c: c.rank) if rng.random() < 0.8 else rng.choice(allowed)


@dataclass
class Tally:
    hands: int = 0
    games: int = 0
    moons: int = 0
    ties_played_on: int = 0
    ended_on_target: int = 0
    refusals: int = 0
    clones: int = 0
    rules_named: set[str] = field(default_factory=set)


def check_refusal(state: GameState, seat: int, card: Card, rule: str, tally: Tally) -> None:
    """A card the referee forbids is refused, naming the same rule, and nothing changes."""
    error = state.why_illegal(seat, card)
    assert error is not None and error.rule == rule, (card, rule, error)
    before = snapshot(state)
    with pytest.raises(RuleError) as caught:
        state.apply(card)
    assert caught.value.rule == rule
    assert snapshot(state) == before
    tally.refusals += 1
    tally.rules_named.add(rule)


def check_clone(state: GameState, rng: random.Random, tally: Tally) -> None:
    """A clone plays on without touching the original, and the original without the clone."""
    before = snapshot(state)
    other = state.clone()
    assert snapshot(other) == before
    for _ in range(rng.randrange(1, 60)):
        if other.is_over:
            break
        other.apply(random_action(other, rng))
    assert snapshot(state) == before
    after = snapshot(other)
    original = state.clone()
    if original.phase is Phase.PLAY:
        original.apply(original.legal_actions()[0])
    assert snapshot(other) == after
    tally.clones += 1


def referee_game(options: HeartsOptions, rng: random.Random, policy: Policy, tally: Tally,
                 probe: float = 0.05) -> GameState:
    """Play one game, checking the engine against the referee at every step."""
    state = GameState(options)
    n = options.players
    full = deck_of(options)
    size = len(full) // n
    cycle = cycle_of(options)
    scores = [0] * n
    number = 0
    while True:
        # The deal: a chance step.
        assert state.current_player == CHANCE and state.phase is Phase.DEAL
        assert state.hand_number == number
        deal = state.sample_chance(rng)
        hands = [set(h) for h in deal.hands]
        assert [len(h) for h in hands] == [size] * n
        assert set().union(*hands) == full
        state.apply(deal)

        # The pass: everyone chooses, then the cards change hands.
        direction = cycle[number % len(cycle)]
        received: list[set[Card]] = [set() for _ in range(n)]
        passed: list[set[Card]] = [set() for _ in range(n)]
        if direction != "none":
            for seat in range(n):
                assert state.phase is Phase.PASS and state.current_player == seat
                for looker in (seat, rng.randrange(n)):
                    view = state.view(looker)
                    assert set(view.hand) == hands[looker] and view.received is None
                    assert view.passed == (tuple(sorted(passed[looker])) or None)
                    assert cards_seen(view) <= hands[looker]
                passed[seat] = set(rng.sample(sorted(hands[seat]), 3))
                state.apply(Pass(tuple(sorted(passed[seat]))))
            for seat in range(n):
                received[pass_target(seat, direction, n)] = passed[seat]
            hands = [(hands[s] - passed[s]) | received[s] for s in range(n)]
        assert state.phase is Phase.PLAY
        assert [set(h) for h in state.hands] == hands

        # The tricks.
        leader = next(s for s in range(n) if TWO_CLUBS in hands[s])
        before: list[Card] = []
        taken: list[list[Card]] = [[] for _ in range(n)]
        for _ in range(size):
            trick: list[Card] = []
            for i in range(n):
                seat = (leader + i) % n
                assert state.current_player == seat
                hand = hands[seat]
                allowed = sorted(c for c in hand
                                 if why_not(c, hand, trick, before, options) is None)
                assert sorted(state.legal_actions()) == allowed  # type: ignore[type-var]
                view = state.view(seat)
                assert set(view.legal) == set(allowed)
                assert set(view.hand) == hand
                assert view.trick.cards == tuple(trick)
                assert [c for t in view.tricks for c in t.cards] == before
                if rng.random() < 0.15:
                    public = set(before) | set(trick)
                    assert cards_seen(view) <= hand | passed[seat] | received[seat] | public
                if rng.random() < (probe * 10 if not before else probe):
                    forbidden = sorted(hand - set(allowed))
                    use_hand = forbidden and rng.random() < 0.7
                    bad = rng.choice(forbidden) if use_hand else rng.choice(ALL_CARDS)
                    rule = why_not(bad, hand, trick, before, options)
                    if rule is not None:
                        check_refusal(state, seat, bad, rule, tally)
                if rng.random() < probe / 5:
                    check_clone(state, rng, tally)
                card = policy(seat, allowed, rng)
                state.apply(card)
                hand.remove(card)
                trick.append(card)
            leader = winner_of(leader, trick, n)
            taken[leader].extend(trick)
            before.extend(trick)

        # The hand's score.
        assert sorted(before) == sorted(full) and len(before) == len(full)
        points = hand_points(taken, options)
        jack = -10 if options.jack_of_diamonds else 0
        moon = any(sum(1 for c in t if c.suit is HEARTS) == 13 and QUEEN_SPADES in t
                   for t in taken)
        if not moon:
            assert sum(points) == 26 + jack
        elif options.moon is Moon.OTHERS_ADD:
            assert sum(points) == 26 * (n - 1) + jack
        else:
            assert sum(points) == -26 + jack
        scores = [a + b for a, b in zip(scores, points, strict=True)]
        result = state.results[-1]
        assert result.number == number
        assert result.points == tuple(points)
        assert result.scores == tuple(scores)
        assert (result.shooter is not None) == moon
        assert list(state.last_tricks) and [t.cards for t in state.last_tricks][-1] == tuple(trick)
        tally.hands += 1
        tally.moons += moon
        number += 1

        # The end: someone on the target or more, and one lowest score.
        reached = max(scores) >= options.target
        unique = scores.count(min(scores)) == 1
        assert state.scores == scores
        assert state.is_over == (reached and unique)
        if reached and not unique:
            tally.ties_played_on += 1
        if state.is_over:
            assert state.phase is Phase.OVER and state.current_player is None
            assert state.winner == scores.index(min(scores))
            assert state.returns() == tuple(-s for s in scores)
            assert len(state.last_tricks) == size
            tally.ended_on_target += options.target in scores
            tally.games += 1
            return state
        assert state.returns() == (0,) * n and state.winner is None


def replayed(state: GameState) -> GameState:
    fresh = GameState(state.options)
    for actor, action in state.history:
        fresh.apply(action, actor)
    return fresh


# -- The bulk: over 10,000 hands from seeded sources --------------------------------------------

VARIANTS = [
    HeartsOptions(),
    HeartsOptions(moon=Moon.SHOOTER_SUBTRACTS, jack_of_diamonds=True),
    HeartsOptions(target=50, first_trick_points=True, pass_order=PassOrder.LEFT_FIRST),
    HeartsOptions(jack_of_diamonds=True, pass_order=PassOrder.LEFT_FIRST),
    HeartsOptions(players=3, moon=Moon.SHOOTER_SUBTRACTS, target=50),
    HeartsOptions(players=5, jack_of_diamonds=True, first_trick_points=True),
]
HANDS_EACH = 1700  # six variants: 10,200 hands


@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: (
    f"{o.players}p-{o.target}-{o.moon}-jd{int(o.jack_of_diamonds)}"
    f"-ft{int(o.first_trick_points)}-{o.pass_order}"))
def test_whole_games_follow_the_rules_hand_after_hand(options: HeartsOptions) -> None:
    rng = random.Random(f"bidel {options}")
    tally = Tally()
    while tally.hands < HANDS_EACH:
        policy = one_greedy_seat if tally.games % 3 == 2 else uniform
        state = referee_game(options, rng, policy, tally)
        if tally.games % 10 == 1:
            assert snapshot(replayed(state)) == snapshot(state)
    assert tally.hands >= HANDS_EACH
    # The seeds were chosen by nothing but the variant; these make sure the checks above ran
    # on the cases that matter.
    assert tally.moons > 0
    assert tally.ended_on_target > 0
    assert tally.clones > 0
    assert {rules.R_IN_HAND, rules.R_FOLLOW} <= tally.rules_named
    expected = {rules.R_IN_HAND, rules.R_FOLLOW, rules.R_BREAKING, rules.R_TWO_CLUBS}
    assert expected <= tally.rules_named
    if not options.first_trick_points:
        assert rules.R_FIRST_TRICK in tally.rules_named


def test_ties_for_the_lowest_score_are_played_on_in_whole_games() -> None:
    # Ties at the end are rare; small games of three to 50 reach them soonest.
    rng = random.Random(50)
    tally = Tally()
    options = HeartsOptions(players=3, target=50)
    while tally.ties_played_on < 3:
        referee_game(options, rng, uniform, tally, probe=0.0)
        assert tally.games < 3000
    assert tally.ties_played_on >= 3


# -- Hypothesis: games over drawn options, replays, clones, refusals ----------------------------

OPTIONS = st.builds(
    HeartsOptions,
    target=st.sampled_from([100, 50]),
    moon=st.sampled_from(list(Moon)),
    jack_of_diamonds=st.booleans(),
    first_trick_points=st.booleans(),
    players=st.sampled_from([3, 4, 5]),
    pass_order=st.sampled_from(list(PassOrder)),
)
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


@settings(max_examples=40, deadline=None)
@given(OPTIONS, SEEDS, st.booleans())
def test_any_options_play_a_whole_game_by_the_rules(
    options: HeartsOptions, seed: int, greedy: bool
) -> None:
    tally = Tally()
    state = referee_game(options, random.Random(seed), one_greedy_seat if greedy else uniform,
                         tally, probe=0.2)
    assert state.is_over and tally.games == 1


def play_some(options: HeartsOptions, seed: int, steps: int) -> GameState:
    rng = random.Random(seed)
    state = GameState(options)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(random_action(state, rng))
    return state


@settings(max_examples=60, deadline=None)
@given(OPTIONS, SEEDS, st.integers(0, 400))
def test_replaying_the_history_on_a_fresh_game_reaches_the_same_state(
    options: HeartsOptions, seed: int, steps: int
) -> None:
    state = play_some(options, seed, steps)
    assert snapshot(replayed(state)) == snapshot(state)
    for seat in range(options.players):
        assert replayed(state).view(seat) == state.view(seat)


@settings(max_examples=60, deadline=None)
@given(OPTIONS, SEEDS, st.integers(0, 400))
def test_a_clone_is_independent_of_its_original(
    options: HeartsOptions, seed: int, steps: int
) -> None:
    state = play_some(options, seed, steps)
    check_clone(state, random.Random(seed + 1), Tally())


@settings(max_examples=80, deadline=None)
@given(OPTIONS, SEEDS, st.integers(0, 400), st.sampled_from(ALL_CARDS))
def test_a_forbidden_card_is_refused_naming_the_rule_and_nothing_changes(
    options: HeartsOptions, seed: int, steps: int, card: Card
) -> None:
    state = play_some(options, seed, steps)
    if state.phase is not Phase.PLAY:
        assert state.legal_cards(0) == []
        return
    seat = state.current_player
    assert seat is not None
    hand = set(state.view(seat).hand)
    before = [c for t in state.tricks for c in t.cards]
    rule = why_not(card, hand, state.trick, before, options)
    if rule is None:
        assert state.why_illegal(seat, card) is None
        assert card in state.legal_actions()
    else:
        check_refusal(state, seat, card, rule, Tally())
        other = (seat + 1) % options.players
        error = state.why_illegal(other, card)
        assert error is not None and error.rule == rules.R_TURN

"""The Bidel bots: legal choices only, what each level does, and what a bot may know.

Also the two tools inside the hard bot: the fast simulator agrees with the
engine, and the worlds it deals never contradict what the seat has seen.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.cards.cards import Card, Suit, deck, parse_cards
from engines.hearts.bots import (
    LEVELS,
    Bot,
    EasyBot,
    FastHand,
    HardBot,
    Knowledge,
    MediumBot,
    Surprises,
    WorldSampler,
    best_pass,
    cards_of,
    hand_danger,
    hand_points,
    make_bot,
    mask_of,
    medium_pass,
    ranked_passes,
)
from engines.hearts.options import HeartsOptions, Moon, PassOrder
from engines.hearts.rules import (
    Deal,
    GameState,
    Pass,
    Phase,
    View,
    is_point_card,
    random_action,
    score_hand,
)

VARIANTS = [
    HeartsOptions(),
    HeartsOptions(players=3),
    HeartsOptions(players=5, moon=Moon.SHOOTER_SUBTRACTS),
    HeartsOptions(jack_of_diamonds=True, first_trick_points=True),
    HeartsOptions(pass_order=PassOrder.LEFT_FIRST, players=3, first_trick_points=True),
    HeartsOptions(players=5, jack_of_diamonds=True, first_trick_points=True),
]
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def variant_id(options: HeartsOptions) -> str:
    return (f"{options.players}p" + ("-jd" if options.jack_of_diamonds else "")
            + ("-ftp" if options.first_trick_points else ""))


def quick_hard() -> HardBot:
    return HardBot(worlds=6, pass_worlds=6)


def bot_of(level: str) -> Bot:
    return quick_hard() if level == "hard" else make_bot(level)


def random_position(options: HeartsOptions, seed: int, hands: int = 1) -> GameState:
    """A game played at random (random passes and legal cards) to a random card of one of
    its first `hands` hands."""
    rng = random.Random(seed)
    state = GameState(options)
    stop_hand = rng.randrange(hands)
    stop_card = rng.randrange(options.hand_size * options.players)
    played = 0
    while True:
        if state.phase is Phase.PLAY and state.hand_number == stop_hand:
            if played == stop_card:
                return state
            played += 1
        state.apply(random_action(state, rng))


def position(hands: Sequence[str], plays: str = "") -> GameState:
    """The first hand of a 4-player game where seat s holds `hands[s]` once the cards have
    been passed, then `plays` played.

    Seat s passes to its right (seat s − 1) the three lowest cards other than 2♣ of that
    seat's hand, and is dealt what it needs for that.
    """
    after = [parse_cards(h) for h in hands]
    n = len(after)
    assert sorted(c for h in after for c in h) == list(deck())
    chosen = [sorted(c for c in after[(s - 1) % n] if c.index)[:3] for s in range(n)]
    dealt = [[c for c in after[s] if c not in chosen[(s + 1) % n]] + chosen[s] for s in range(n)]
    state = GameState()
    state.apply(Deal.of(dealt))
    for s in range(n):
        state.apply(Pass.of(chosen[s]), s)
    for card in parse_cards(plays):
        state.apply(card)
    return state


# -- the factory -------------------------------------------------------------------------------


def test_make_bot_knows_the_three_levels() -> None:
    assert LEVELS == ("easy", "medium", "hard")
    assert isinstance(make_bot("easy"), EasyBot)
    assert isinstance(make_bot("medium"), MediumBot)
    assert isinstance(make_bot("hard"), HardBot)
    assert [make_bot(level).level for level in LEVELS] == list(LEVELS)
    with pytest.raises(ValueError, match="easy, medium, hard"):
        make_bot("grandmaster")


# -- every level only returns legal actions ----------------------------------------------------


def play_hand_with(bots: Sequence[Bot], state: GameState, rng: random.Random) -> None:
    """Deal and play one hand with `bots`, checking every action they return is legal."""
    state.apply(state.sample_chance(rng))
    number = len(state.results)
    while len(state.results) == number:
        seat = state.current_player
        assert seat is not None and seat >= 0
        view = state.view(seat)
        action = bots[seat].choose(view, rng)
        if view.phase is Phase.PASS:
            assert isinstance(action, Pass)
            assert len(set(action.cards)) == 3
            assert set(action.cards) <= set(view.hand)
        else:
            assert isinstance(action, Card)
            assert action in view.legal
        state.apply(action)


@pytest.mark.parametrize("options", VARIANTS, ids=variant_id)
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_passes_and_plays_only_legal_actions(level: str,
                                                         options: HeartsOptions) -> None:
    rng = random.Random(7)
    state = GameState(options)
    bots = [bot_of(level) for _ in range(options.players)]
    for _hand in range(len(options.pass_cycle)):  # every pass direction, and no pass
        if state.is_over:
            state = GameState(options)
        play_hand_with(bots, state, rng)


@pytest.mark.parametrize("level", LEVELS)
def test_a_bot_asked_out_of_turn_says_so(level: str) -> None:
    state = random_position(HeartsOptions(), 3)
    assert state.turn is not None
    with pytest.raises(ValueError, match="nothing to choose"):
        bot_of(level).choose(state.view((state.turn + 1) % 4), random.Random(1))


# -- bots see only the view --------------------------------------------------------------------


def same_view_other_cards(state: GameState, seat: int) -> GameState:
    """The same game with one card of a suit swapped between two other seats (never a card
    the seat passed), so everything the seat can see stays the same."""
    other = state.clone()
    passed = set(state.passes[seat] or ())
    others = [s for s in range(state.players) if s != seat]
    for a in others:
        for b in others:
            for suit in Suit:
                mine = [c for c in other.hands[a] if c.suit is suit and c not in passed]
                theirs = [c for c in other.hands[b] if c.suit is suit and c not in passed]
                if a < b and mine and theirs:
                    other.hands[a] = sorted([*other.hands[a], theirs[0]])
                    other.hands[a].remove(mine[0])
                    other.hands[b] = sorted([*other.hands[b], mine[0]])
                    other.hands[b].remove(theirs[0])
                    return other
    return other


@pytest.mark.parametrize("level", LEVELS)
def test_a_bot_chooses_from_the_view_alone(level: str) -> None:
    changed = 0
    for seed in range(12):
        state = random_position(HeartsOptions(), seed)
        seat = state.turn
        assert seat is not None
        twin = same_view_other_cards(state, seat)
        assert twin.view(seat) == state.view(seat)
        changed += twin.hands != state.hands
        first = bot_of(level).choose(state.view(seat), random.Random(seed))
        second = bot_of(level).choose(twin.view(seat), random.Random(seed))
        assert first == second
    assert changed >= 8


# -- the medium player's rules of thumb --------------------------------------------------------


def test_medium_passes_the_high_spades_from_a_weak_spade_holding() -> None:
    hand = parse_cards("2C 3C 4C 5C 6C 7C 8C 2D 3D 4D QS KS AS")
    assert set(medium_pass(hand)) == set(parse_cards("QS KS AS"))


def test_medium_keeps_the_queen_of_spades_behind_four_small_spades() -> None:
    hand = parse_cards("2S 3S 4S 5S QS 2C 3C 4C 5C 2D 3D AH KH")
    assert Card.parse("QS") not in medium_pass(hand)


def test_medium_passes_high_hearts_and_a_short_suit_to_make_a_void() -> None:
    hand = parse_cards("2C 3C 4C 5C 6C 7C 8C 2S 3S 4S KD AH KH")
    assert set(medium_pass(hand)) == set(parse_cards("KD AH KH"))


# After the pass: seat 0 holds 2♣ and leads it; seat 1 takes the first trick with A♣.
DEAL = [
    "2C 3C 4C 5C 6C 7C 8C 2D 3D 4D 5D 7D 8D",
    "9C TC JC QC KC AC TD QD AD 2S 3S 4S 5S",
    "6D 9D JD KD 2H 3H 4H 5H 6H 7H 6S 7S 8S",
    "8H 9H TH JH QH KH AH 9S TS JS QS KS AS",
]


def test_medium_throws_its_highest_club_on_the_first_trick() -> None:
    state = position(DEAL, "2C")
    assert MediumBot().choose(state.view(1), random.Random(1)) == Card.parse("AC")


def test_medium_ducks_under_the_winning_card() -> None:
    state = position(DEAL, "2C AC 6S 9S TD")
    # Seat 2 holds 6♦ 9♦ J♦ K♦ under T♦: the highest card that still loses is 9♦.
    assert MediumBot().choose(state.view(2), random.Random(1)) == Card.parse("9D")


def test_medium_dumps_the_queen_of_spades_when_void() -> None:
    state = position(DEAL, "2C AC 6S 9S KC 2H")
    assert MediumBot().choose(state.view(3), random.Random(1)) == Card.parse("QS")


def test_medium_does_not_lead_a_high_spade_while_the_queen_is_out() -> None:
    state = position(DEAL, "2C AC 6S 9S")
    card = MediumBot().choose(state.view(1), random.Random(1))
    assert isinstance(card, Card)
    assert card.suit is not Suit.SPADES or card.rank < 12


# -- easy and hard -----------------------------------------------------------------------------


def test_easy_sometimes_plays_otherwise_than_medium() -> None:
    same = different = 0
    for seed in range(60):
        state = random_position(HeartsOptions(), seed)
        view = state.view(state.turn or 0)
        if len(view.legal) < 3:
            continue
        easy = EasyBot().choose(view, random.Random(seed))
        if easy == MediumBot().choose(view, random.Random(seed)):
            same += 1
        else:
            different += 1
    assert same >= 5 and different >= 5


def test_hard_chooses_the_same_card_for_the_same_view_and_seed() -> None:
    for seed in range(6):
        state = random_position(HeartsOptions(), 100 + seed)
        view = state.view(state.turn or 0)
        choices = {HardBot(worlds=10).choose(view, random.Random(seed)) for _ in range(3)}
        assert len(choices) == 1


def test_hard_plays_a_forced_card_without_searching() -> None:
    state = position(DEAL)
    bot = HardBot()
    assert bot.choose(state.view(0), random.Random(1)) == Card.parse("2C")
    assert bot.report.worlds == 0


def test_hard_stops_searching_when_its_clock_runs_out() -> None:
    ticks = iter(range(10_000))
    bot = HardBot(clock=lambda: float(next(ticks)), time_limit=5.0, min_worlds=2)
    state = position(DEAL, "2C AC 6S 9S")
    bot.choose(state.view(1), random.Random(1))
    assert 2 <= bot.report.worlds <= 8 < bot.max_worlds


SPADE_DEAL = [
    "2C 3C 4C 5C 6C 7C 8C 2D 3D 4D 5D 4S KS",
    "9C TC JC QC KC AC 6D 7D 8D 9D 2S 6S 7S",
    "TD JD QD KD AD 2H 3H 4H 5H 6H 5S 8S 9S",
    "7H 8H 9H TH JH QH KH AH 3S QS TS JS AS",
]


def test_hard_ducks_under_the_queen_of_spades() -> None:
    # Seat 1 leads 7♠, seat 2 plays 9♠, seat 3 the queen; seat 0, last, holds 4♠ and K♠.
    state = position(SPADE_DEAL, "2C AC 5S 3S 7S 9S QS")
    assert HardBot(worlds=20).choose(state.view(0), random.Random(1)) == Card.parse("4S")


def test_hard_throws_the_queen_of_spades_when_void() -> None:
    state = position(DEAL, "2C AC 6S 9S KC 2H")
    assert HardBot(worlds=20).choose(state.view(3), random.Random(1)) == Card.parse("QS")


# -- the worlds the hard bot deals never contradict the view -----------------------------------


def what_the_seat_saw(view: View) -> tuple[list[set[Suit]], list[set[Card] | None]]:
    """Per seat: the suits it showed out of, and (when a rule says so) the only cards it
    can hold: only hearts after leading one unbroken, only points after one on the first
    trick."""
    n = view.players
    voids: list[set[Suit]] = [set() for _ in range(n)]
    only: list[set[Card] | None] = [None] * n
    broken = False
    for number, trick in enumerate([*view.tricks, view.trick]):
        for i, (seat, card) in enumerate(trick.seats(n)):
            led = trick.cards[0].suit
            if i == 0 and card.suit is Suit.HEARTS and not broken and number > 0:
                only[seat] = {c for c in deck() if c.suit is Suit.HEARTS}
            if i > 0 and card.suit is not led:
                voids[seat].add(led)
                if number == 0 and is_point_card(card) and not view.options.first_trick_points:
                    only[seat] = {c for c in deck() if is_point_card(c)}
            broken = broken or card.suit is Suit.HEARTS
    return voids, only


def check_world(view: View, world: Sequence[set[Card]]) -> None:
    n = view.players
    played = {c for t in view.tricks for c in t.cards} | set(view.trick.cards)
    assert world[view.seat] == set(view.hand)
    assert [len(h) for h in world] == list(view.hand_sizes)
    held = [c for h in world for c in h]
    assert len(held) == len(set(held))
    assert set(held) | played == set(deck(view.options.removed))
    voids, only = what_the_seat_saw(view)
    for seat in range(n):
        assert not {c.suit for c in world[seat]} & voids[seat]
        allowed = only[seat]
        assert allowed is None or world[seat] <= allowed
    if view.passed and view.received is not None and view.pass_to is not None:
        assert set(view.passed) - played <= world[view.pass_to]


@settings(max_examples=120, deadline=None)
@given(SEEDS, st.sampled_from(VARIANTS))
def test_sampled_worlds_agree_with_everything_the_seat_knows(seed: int,
                                                             options: HeartsOptions) -> None:
    state = random_position(options, seed, hands=3)
    rng = random.Random(seed)
    for seat in range(options.players):
        view = state.view(seat)
        check_world(view, [set(h) for h in state.hands])  # the truth is one such world
        sampler = WorldSampler(Knowledge.of(view))
        for _ in range(8):
            check_world(view, [set(cards_of(h)) for h in sampler.sample(rng)])


def test_the_sampler_deals_voids_late_in_a_hand_in_many_ways() -> None:
    worlds = set()
    for seed in range(40):
        state = random_position(HeartsOptions(), seed)
        view = state.view(state.turn or 0)
        sampler = WorldSampler(Knowledge.of(view))
        rng = random.Random(seed)
        worlds |= {tuple(sampler.sample(rng)) for _ in range(5)}
    assert len(worlds) > 150


@pytest.mark.parametrize("options", VARIANTS[:3], ids=variant_id)
def test_the_true_deal_holds_no_surprise_when_the_others_play_like_medium(
        options: HeartsOptions) -> None:
    rng = random.Random(11)
    state = GameState(options)
    bots = [make_bot("medium") for _ in range(options.players)]
    state.apply(state.sample_chance(rng))
    surprising = 0
    while not state.results:
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        if view.phase is Phase.PLAY:
            truth = [mask_of(h) for h in state.hands]
            assert Surprises(view).count(truth) == 0
            other = WorldSampler(Knowledge.of(view)).sample(rng)
            surprising += Surprises(view).count(other) > 0
        state.apply(bots[seat].choose(view, rng))
    assert surprising > 0  # while other deals often are


# -- the fast simulator plays by the engine's rules --------------------------------------------


@settings(max_examples=60, deadline=None)
@given(SEEDS, st.sampled_from(VARIANTS))
def test_the_fast_simulator_agrees_with_the_engine(seed: int, options: HeartsOptions) -> None:
    rng = random.Random(seed)
    state = GameState(options)
    for _hand in range(rng.randrange(1, 4)):
        state.apply(state.sample_chance(rng))
        while state.phase is Phase.PASS:
            state.apply(random_action(state, rng))
        assert state.turn is not None
        fast = FastHand([mask_of(h) for h in state.hands], state.turn, [], 0,
                        [0] * options.players, False, True, options.first_trick_points)
        number = len(state.results)
        while len(state.results) == number:
            assert not fast.is_over and fast.turn == state.turn
            legal = state.legal_cards(state.turn)
            assert fast.legal() == mask_of(legal)
            card = rng.choice(legal)
            fast.play(card.index)
            state.apply(card)
        assert fast.is_over
        assert tuple(hand_points(fast.taken, options)) == state.results[-1].points
        if state.is_over:
            break


@settings(max_examples=200, deadline=None)
@given(SEEDS, st.sampled_from(VARIANTS), st.booleans())
def test_hand_points_score_like_the_engine_moon_included(seed: int, options: HeartsOptions,
                                                         moon: bool) -> None:
    rng = random.Random(seed)
    cards = list(deck(options.removed))
    taken: list[list[Card]] = [[] for _ in range(options.players)]
    shooter = rng.randrange(options.players)
    for card in cards:
        seat = shooter if moon and is_point_card(card) else rng.randrange(options.players)
        taken[seat].append(card)
    _raw, points, _who = score_hand(taken, options)
    assert tuple(hand_points([mask_of(t) for t in taken], options)) == points


@settings(max_examples=60, deadline=None)
@given(SEEDS)
def test_the_medium_pass_leaves_the_least_dangerous_hand_of_all_passes(seed: int) -> None:
    hand = mask_of(random.Random(seed).sample(list(deck()), 13))
    everything = ranked_passes(hand)
    assert len(everything) == 286
    chosen = best_pass(hand)
    assert chosen.bit_count() == 3 and chosen & hand == chosen
    assert hand_danger(hand & ~chosen) == pytest.approx(everything[0][0])

"""The rules of Bidel (Hearts): the deal, the pass, the tricks, the score, the end (rules §1–§4).

One `GameState` plays a whole game, hand after hand, in the one protocol every
turn-based engine shares (`engines.protocol`): `current_player` (a seat, `CHANCE`
for the deal, None at the end), `legal_actions()` (decisions only),
`chance_outcomes()` / `sample_chance(rng)` for the deal, `apply(action, seat)`,
`why_illegal(seat, action)`, `is_over`, `returns()`, `view(seat)` and `clone()`.
Actions are a `Deal` (chance), a `Pass` of three cards, or a `Card` to play, written
(`action_text`, read back by `parse_action`) as ``2C 5C … | 3C 4D … | …`` (each seat's
cards), ``pass QS KS AS`` and ``QS`` (``TH`` the ten of hearts).
Passing is simultaneous: the seats choose one after another, each without seeing
the others' choices, and the cards change hands once all have chosen. Illegal
input raises `RuleError` naming the rule; nothing is half-applied.

Seats are numbered clockwise in the order of play: seat s+1 plays after seat s
and sits on s's left.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from itertools import combinations
from math import comb, factorial
from typing import Final

from engines.cards.cards import Card, CardError, Suit, deal, deck, parse_cards
from engines.cards.deals import hand_splits
from engines.cards.game import CardTable
from engines.errors import BrokenRule
from engines.protocol import CHANCE, RandomLike

from .options import (
    JACK_OF_DIAMONDS,
    QUEEN_OF_SPADES,
    TWO_OF_CLUBS,
    Direction,
    HeartsOptions,
    Moon,
)

PASS_SIZE: Final = 3
HEARTS_IN_DECK: Final = 13
MOON_POINTS: Final = 26

R_TURN: Final = "play in turn, one card each"
R_IN_HAND: Final = "you can only play or pass a card you hold"
R_TWO_CLUBS: Final = "the holder of 2♣ leads it to the first trick"
R_FOLLOW: Final = "follow the suit led if you can"
R_BREAKING: Final = "no heart may be led until a heart has been played, unless you hold only hearts"
R_FIRST_TRICK: Final = "no heart and not Q♠ on the first trick, unless you have no other card"
R_PASS_COUNT: Final = "pass exactly 3 cards"
R_NO_PASS: Final = "no passing in this hand"
R_PASSING: Final = "every player passes 3 cards before play"
R_DEAL: Final = "shuffle and deal every card, the same number to each player"
R_OVER: Final = "the game is over"
R_SEAT: Final = "seats are numbered 0 to players − 1"
R_NOTATION: Final = "a card is written rank then suit, such as QS or TH; a pass is three cards"


class RuleError(BrokenRule):
    """An action the rules forbid; `rule` is the rule sentence it breaks."""


class Phase(StrEnum):
    DEAL = "deal"  # chance: the cards are dealt
    PASS = "pass"  # each seat chooses 3 cards to pass
    PLAY = "play"  # tricks
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Deal:
    """The chance outcome of a deal: each seat's cards (sorted)."""

    hands: tuple[tuple[Card, ...], ...]

    @classmethod
    def of(cls, hands: Iterable[Iterable[Card | str] | str]) -> Deal:
        """From cards or card names; a hand may be one text such as ``"2C 3C 4C"``."""
        return cls(tuple(
            tuple(sorted(parse_cards(hand) if isinstance(hand, str) else
                         (c if isinstance(c, Card) else Card.parse(c) for c in hand)))
            for hand in hands
        ))

    def __str__(self) -> str:
        return " | ".join(" ".join(map(str, hand)) for hand in self.hands)


@dataclass(frozen=True, slots=True)
class Pass:
    """The cards one seat passes (sorted)."""

    cards: tuple[Card, ...]

    @classmethod
    def of(cls, cards: Iterable[Card | str] | str) -> Pass:
        """From cards or card names, or one text such as ``"QS KS AS"``."""
        if isinstance(cards, str):
            return cls(tuple(sorted(parse_cards(cards))))
        return cls(tuple(sorted(c if isinstance(c, Card) else Card.parse(c) for c in cards)))

    def __str__(self) -> str:
        return "pass " + " ".join(map(str, self.cards))


Action = Card | Pass | Deal


@dataclass(frozen=True, slots=True)
class PassChoices:
    """Every pass a seat may choose: any three different cards of its hand.

    A collection of `Pass` actions made lazily: iterate it (in the order of
    `GameState.legal_passes`), count it and test membership in it.
    """

    hand: tuple[Card, ...]

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Pass):
            return False
        cards = action.cards
        return len(cards) == PASS_SIZE == len(set(cards)) and all(c in self.hand for c in cards)

    def __iter__(self) -> Iterator[Pass]:
        return (Pass(combo) for combo in combinations(self.hand, PASS_SIZE))

    def __len__(self) -> int:
        return comb(len(self.hand), PASS_SIZE)


@dataclass(frozen=True, slots=True)
class Trick:
    """A trick: who led and the cards in play order; `winner` once everyone has played."""

    leader: int
    cards: tuple[Card, ...]
    winner: int | None = None

    def seats(self, players: int) -> list[tuple[int, Card]]:
        return [((self.leader + i) % players, card) for i, card in enumerate(self.cards)]

    @property
    def led(self) -> Suit | None:
        return self.cards[0].suit if self.cards else None


@dataclass(frozen=True, slots=True)
class HandResult:
    """One finished hand: the penalty points each seat took, what they scored, the totals."""

    number: int
    direction: Direction
    taken: tuple[int, ...]  # the points of the cards won, before the moon
    points: tuple[int, ...]  # what the hand scored
    shooter: int | None
    scores: tuple[int, ...]  # the totals after it


def points_in_hand(options: HeartsOptions, moon: bool) -> int:
    """What the points of one hand add up to (rules §4): 26 (the hearts and Q♠), or when
    the moon is shot 26 for each other seat (or −26 for the shooter); J♦ −10 more."""
    if moon:
        total = MOON_POINTS * (options.players - 1) if options.moon is Moon.OTHERS_ADD \
            else -MOON_POINTS
    else:
        total = MOON_POINTS
    return total - 10 if options.jack_of_diamonds else total


def card_points(card: Card, options: HeartsOptions) -> int:
    """Penalty points (rules §4): a heart 1, Q♠ 13, J♦ −10 in that variant, else 0."""
    if card.suit is Suit.HEARTS:
        return 1
    if card is QUEEN_OF_SPADES:
        return 13
    if card is JACK_OF_DIAMONDS and options.jack_of_diamonds:
        return -10
    return 0


def is_point_card(card: Card) -> bool:
    """A heart or Q♠: the cards the first-trick rule keeps off the first trick."""
    return card.suit is Suit.HEARTS or card is QUEEN_OF_SPADES


def trick_winner(leader: int, cards: Sequence[Card], players: int) -> int:
    """No trumps: the highest card of the suit led wins (rules §3)."""
    led = cards[0].suit
    best = 0
    for i, card in enumerate(cards):
        if card.suit is led and card.rank > cards[best].rank:
            best = i
    return (leader + best) % players


def legal_cards(
    hand: Sequence[Card],
    trick: Sequence[Card],
    first_trick: bool,
    hearts_broken: bool,
    options: HeartsOptions,
) -> list[Card]:
    """The cards of `hand` that may be played now, in hand order."""
    if not trick:
        if first_trick:
            return [TWO_OF_CLUBS] if TWO_OF_CLUBS in hand else list(hand)
        if not hearts_broken:
            others = [c for c in hand if c.suit is not Suit.HEARTS]
            if others:
                return others
        return list(hand)
    led = trick[0].suit
    follow = [c for c in hand if c.suit is led]
    if follow:
        return follow
    if first_trick and not options.first_trick_points:
        safe = [c for c in hand if not is_point_card(c)]
        if safe:
            return safe
    return list(hand)


def score_hand(taken: Sequence[Sequence[Card]], options: HeartsOptions) -> tuple[
        tuple[int, ...], tuple[int, ...], int | None]:
    """(taken points, scored points, shooter) for the cards each seat won (rules §4)."""
    raw = tuple(sum(card_points(c, options) for c in cards) for cards in taken)
    shooter = None
    for seat, cards in enumerate(taken):
        hearts = sum(1 for c in cards if c.suit is Suit.HEARTS)
        if hearts == HEARTS_IN_DECK and QUEEN_OF_SPADES in cards:
            shooter = seat
    if shooter is None:
        return raw, raw, None
    bonus = tuple(-10 if options.jack_of_diamonds and JACK_OF_DIAMONDS in cards else 0
                  for cards in taken)
    if options.moon is Moon.OTHERS_ADD:
        scored = tuple(b + (0 if s == shooter else MOON_POINTS) for s, b in enumerate(bonus))
    else:
        scored = tuple(b - (MOON_POINTS if s == shooter else 0) for s, b in enumerate(bonus))
    return raw, scored, shooter


@dataclass(frozen=True)
class View:
    """What one seat may see: its own cards, its own pass, and everything played in the open."""

    seat: int
    options: HeartsOptions
    phase: Phase
    hand_number: int  # 0 for the game's first hand
    direction: Direction
    pass_to: int | None  # whom this seat passes to this hand (None: no passing)
    hand: tuple[Card, ...]
    passed: tuple[Card, ...] | None  # what this seat chose to pass, once chosen
    received: tuple[Card, ...] | None  # what it was given, once the cards changed hands
    has_passed: tuple[bool, ...]  # which seats have chosen their pass
    turn: int | None  # the seat to act (None during the deal and at the end)
    trick: Trick  # the trick in play (perhaps empty)
    tricks: tuple[Trick, ...]  # this hand's finished tricks
    hearts_broken: bool
    hand_sizes: tuple[int, ...]
    taken: tuple[int, ...]  # the points each seat has won so far this hand
    scores: tuple[int, ...]  # the totals before this hand
    results: tuple[HandResult, ...]  # every finished hand of the game
    # The seat's legal actions, only on its turn: the cards it may play, or its passes.
    legal: tuple[Card, ...] | PassChoices = field(default=())

    @property
    def players(self) -> int:
        return self.options.players

    @property
    def first_trick(self) -> bool:
        return not self.tricks


class GameState(CardTable):
    """A game of Bidel from the first deal to the end (rules §1–§5). `players`,
    `current_player`, `is_over` and `is_chance` are `engines.cards.game.CardTable`'s."""

    DEAL, OVER, Error, R_SEAT = Phase.DEAL, Phase.OVER, RuleError, R_SEAT
    R_NOTATION, Actions = R_NOTATION, (Card, Pass, Deal)

    def __init__(self, options: HeartsOptions | None = None) -> None:
        self.options = options or HeartsOptions()
        n = self.options.players
        self.scores = [0] * n
        self.results: list[HandResult] = []
        self.history: list[tuple[int, Action]] = []
        self.hand_number = -1
        self.last_tricks: list[Trick] = []  # the tricks of the hand just finished
        self._new_hand()

    def _new_hand(self) -> None:
        n = self.options.players
        self.hand_number += 1
        self.phase = Phase.DEAL
        self.direction = self.options.direction(self.hand_number)
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.dealt: tuple[tuple[Card, ...], ...] = ()
        self.passes: list[tuple[Card, ...] | None] = [None] * n
        self.received: list[tuple[Card, ...] | None] = [None] * n
        self.tricks: list[Trick] = []
        self.leader = 0
        self.trick: list[Card] = []
        self.taken: list[list[Card]] = [[] for _ in range(n)]
        self.hearts_broken = False
        self.turn: int | None = None

    def clone(self) -> GameState:
        other = object.__new__(GameState)
        other.__dict__.update(self.__dict__)
        other.scores = list(self.scores)
        other.results = list(self.results)
        other.history = list(self.history)
        other.hands = [list(h) for h in self.hands]
        other.passes = list(self.passes)
        other.received = list(self.received)
        other.tricks = list(self.tricks)
        other.trick = list(self.trick)
        other.taken = [list(t) for t in self.taken]
        other.last_tricks = list(self.last_tricks)
        return other

    # -- the common interface ----------------------------------------------------------------

    @property
    def first_trick(self) -> bool:
        return not self.tricks

    def legal_actions(self) -> list[Action]:
        """Cards to play in PLAY; in PASS every 3-card subset of the hand of the seat to pass
        (as `legal_passes`); none during the deal (use `sample_chance`) or at the end."""
        if self.phase is Phase.PLAY:
            assert self.turn is not None
            return list(self.legal_cards(self.turn))
        if self.phase is Phase.PASS:
            return list(self.legal_passes())
        return []

    def legal_cards(self, seat: int) -> list[Card]:
        if self.phase is not Phase.PLAY or seat != self.turn:
            return []
        return legal_cards(self.hands[seat], self.trick, self.first_trick, self.hearts_broken,
                           self.options)

    def legal_passes(self) -> Iterable[Pass]:
        from itertools import combinations

        if self.phase is not Phase.PASS or self.turn is None:
            return iter(())
        return (Pass(combo) for combo in combinations(self.hands[self.turn], PASS_SIZE))

    def sample_chance(self, rng: RandomLike) -> Deal:
        """A uniform deal of this game's deck from an injected random source (not applied)."""
        if self.phase is not Phase.DEAL:
            raise RuleError(R_TURN, f"no cards are dealt now: the game waits for {self.phase}")
        cards = deck(self.options.removed)
        return Deal(deal(cards, self.players, rng))

    def chance_outcomes(self) -> Iterator[tuple[Deal, Fraction]]:
        """Every deal of this game's deck, each as likely, made lazily (there are about
        5·10²⁸ for four players: iterate, or draw one with `sample_chance`)."""
        if self.phase is not Phase.DEAL:
            raise RuleError(R_TURN, f"no cards are dealt now: the game waits for {self.phase}")
        cards = deck(self.options.removed)
        size, n = self.options.hand_size, self.players
        chance = Fraction(factorial(size) ** n, factorial(len(cards)))
        return ((Deal(hands), chance) for hands in hand_splits(cards, n, size))

    def returns(self) -> tuple[int, ...]:
        """Zero until the end; then each seat's score negated (the lowest score is best)."""
        if not self.is_over:
            return (0,) * self.players
        return tuple(-s for s in self.scores)

    @property
    def winner(self) -> int | None:
        """The seat with the lowest score, once the game is over."""
        if not self.is_over:
            return None
        return min(range(self.players), key=lambda s: self.scores[s])

    def view(self, seat: int) -> View:
        self._check_seat(seat)
        passing = self.direction is not Direction.NONE
        mine = self.current_player == seat and self.phase is Phase.PLAY
        legal: tuple[Card, ...] | PassChoices = tuple(self.legal_cards(seat)) if mine else ()
        if self.current_player == seat and self.phase is Phase.PASS:
            legal = PassChoices(tuple(self.hands[seat]))
        return View(
            seat=seat,
            options=self.options,
            phase=self.phase,
            hand_number=self.hand_number,
            direction=self.direction,
            pass_to=self.options.receiver(seat, self.direction) if passing else None,
            hand=tuple(self.hands[seat]),
            passed=self.passes[seat],
            received=self.received[seat],
            has_passed=tuple(p is not None for p in self.passes),
            turn=self.turn if self.phase in (Phase.PASS, Phase.PLAY) else None,
            trick=Trick(self.leader, tuple(self.trick)),
            tricks=tuple(self.tricks),
            hearts_broken=self.hearts_broken,
            hand_sizes=tuple(len(h) for h in self.hands),
            taken=tuple(sum(card_points(c, self.options) for c in t) for t in self.taken),
            scores=tuple(self.scores),
            results=tuple(self.results),
            legal=legal,
        )

    # -- reading actions ---------------------------------------------------------------------

    def parse_action(self, text: str) -> Action:
        """``QS`` in play, ``QS KS AS`` (or ``pass QS KS AS``) when passing, a deal as four
        lists separated by ``|``. Text that is not an action raises RuleError (R_NOTATION)."""
        if self.phase is Phase.OVER:
            raise RuleError(R_OVER, "the game is over")
        if not isinstance(text, str):
            raise RuleError(R_NOTATION, f"{text!r} is not an action written as text")
        words = text.strip()
        if not words:  # else it would read as a deal, or a pass, of no cards
            raise RuleError(R_NOTATION, "no action is written: a card such as QS, or a pass")
        passing = re.match(r"pass\b", words, flags=re.I)
        try:
            if self.phase is Phase.DEAL:
                return Deal.of(part.split() for part in words.split("|"))
            if self.phase is Phase.PASS or passing:
                return Pass.of(parse_cards(words[passing.end():] if passing else words))
            return Card.parse(words)
        except CardError as exc:
            raise RuleError(R_NOTATION, str(exc)) from exc

    # -- applying actions --------------------------------------------------------------------

    def apply(self, action: Action | str, seat: int | None = None) -> None:
        """Apply the action of `seat` (default: the seat on turn). Raises RuleError, changing
        nothing."""
        if self.phase is Phase.OVER:
            raise RuleError(R_OVER, "the game is over")
        if isinstance(action, str):
            action = self.parse_action(action)
        actor = self.current_player
        assert actor is not None
        if seat is not None and seat != actor:
            self._check_seat(seat)
            if actor == CHANCE:
                raise RuleError(R_TURN, "the cards are being dealt")
            raise RuleError(R_TURN, f"it is seat {actor}'s turn, not seat {seat}'s")
        if self.phase is Phase.DEAL:
            self._deal(action)
        elif self.phase is Phase.PASS:
            self._pass(action)
        else:
            self._play(action)
        self.history.append((actor, action))

    def why_illegal(self, seat: int, action: Action | str) -> RuleError | None:
        """The rule that forbids `seat` (or CHANCE, for a deal) to take `action` now, or
        None if it may. Nothing is changed."""
        if isinstance(action, str):
            try:
                action = self.parse_action(action)
            except RuleError as error:
                return error
        if isinstance(action, Card):
            return self._why_card(seat, action)
        try:
            self.clone().apply(action, seat=seat)
        except RuleError as error:
            return error
        return None

    def _why_card(self, seat: int, card: Card) -> RuleError | None:
        """The rule that forbids `seat` to play `card` now, or None if it may."""
        if self.phase is not Phase.PLAY:
            if self.phase is Phase.PASS:
                return RuleError(R_PASSING, "the cards are being passed: no card is played yet")
            rule = R_OVER if self.is_over else R_TURN
            return RuleError(rule, f"no card is played in {self.phase}")
        if seat != self.turn:
            return RuleError(R_TURN, f"it is seat {self.turn}'s turn, not seat {seat}'s")
        hand = self.hands[seat]
        if card not in hand:
            return RuleError(R_IN_HAND, f"seat {seat} does not hold {card}")
        if card in self.legal_cards(seat):
            return None
        if not self.trick:
            if self.first_trick:
                return RuleError(R_TWO_CLUBS, f"the first trick is led with 2C, not {card}")
            return RuleError(R_BREAKING, f"{card} cannot be led: hearts are not broken")
        if any(c.suit is self.trick[0].suit for c in hand):
            return RuleError(R_FOLLOW, f"{card} does not follow {self.trick[0].suit.name.lower()}")
        return RuleError(R_FIRST_TRICK, f"{card} cannot be played on the first trick")

    def _deal(self, action: Action) -> None:
        if not isinstance(action, Deal):
            raise RuleError(R_DEAL, f"the hand starts with the deal, not {action}")
        expected = deck(self.options.removed)
        hands = action.hands
        size = self.options.hand_size
        if any(not isinstance(c, Card) for h in hands for c in h):
            raise RuleError(R_DEAL, "a deal is made of cards")
        if len(hands) != self.players or any(len(h) != size for h in hands):
            raise RuleError(R_DEAL, f"a deal gives {self.players} players {size} cards each")
        if sorted(c for h in hands for c in h) != list(expected):
            raise RuleError(R_DEAL, "a deal uses each card of the deck exactly once")
        self.hands = [sorted(h) for h in hands]
        self.dealt = tuple(tuple(h) for h in self.hands)
        if self.direction is Direction.NONE:
            self._start_play()
        else:
            self.phase = Phase.PASS
            self.turn = 0

    def _pass(self, action: Action) -> None:
        assert self.turn is not None
        seat = self.turn
        if not isinstance(action, Pass):
            raise RuleError(R_PASSING, f"seat {seat} passes 3 cards before play, not {action}")
        cards = action.cards
        if len(cards) != PASS_SIZE or len(set(cards)) != PASS_SIZE:
            raise RuleError(R_PASS_COUNT, f"pass 3 different cards, not {len(cards)}")
        missing = [c for c in cards if c not in self.hands[seat]]
        if missing:
            raise RuleError(R_IN_HAND, f"seat {seat} does not hold {' '.join(map(str, missing))}")
        self.passes[seat] = cards
        waiting = [s for s in range(self.players) if self.passes[s] is None]
        if waiting:
            self.turn = waiting[0]
            return
        for giver in range(self.players):
            given = self.passes[giver]
            assert given is not None
            taker = self.options.receiver(giver, self.direction)
            self.received[taker] = given
        for s in range(self.players):
            given, got = self.passes[s], self.received[s]
            assert given is not None and got is not None
            self.hands[s] = sorted([c for c in self.hands[s] if c not in given] + list(got))
        self._start_play()

    def _start_play(self) -> None:
        self.phase = Phase.PLAY
        self.leader = next(s for s, h in enumerate(self.hands) if TWO_OF_CLUBS in h)
        self.turn = self.leader
        self.trick = []

    def _play(self, action: Action) -> None:
        assert self.turn is not None
        seat = self.turn
        if isinstance(action, Pass) and self.direction is Direction.NONE:
            raise RuleError(R_NO_PASS, f"hand {self.hand_number + 1} has no passing")
        if not isinstance(action, Card):
            raise RuleError(R_TURN, f"seat {seat} plays one card, not {action}")
        problem = self._why_card(seat, action)
        if problem is not None:
            raise problem
        self.hands[seat].remove(action)
        self.trick.append(action)
        if action.suit is Suit.HEARTS:
            self.hearts_broken = True
        n = self.players
        if len(self.trick) < n:
            self.turn = (seat + 1) % n
            return
        won = trick_winner(self.leader, self.trick, n)
        self.tricks.append(Trick(self.leader, tuple(self.trick), won))
        self.taken[won].extend(self.trick)
        self.trick = []
        self.leader = self.turn = won
        if not self.hands[won]:
            self._finish_hand()

    def _finish_hand(self) -> None:
        taken, points, shooter = score_hand(self.taken, self.options)
        for s, p in enumerate(points):
            self.scores[s] += p
        self.results.append(HandResult(self.hand_number, self.direction, taken, points, shooter,
                                       tuple(self.scores)))
        self.last_tricks = list(self.tricks)
        low = min(self.scores)
        if max(self.scores) >= self.options.target and self.scores.count(low) == 1:
            self.phase = Phase.OVER
            self.turn = None
            return
        self._new_hand()


def hidden_cards(state: GameState, seat: int) -> frozenset[Card]:
    """The cards `seat` may not see now: those in the other hands, less the ones it passed."""
    known = set(state.passes[seat] or ())
    return frozenset(c for s, hand in enumerate(state.hands) if s != seat
                     for c in hand if c not in known)


def random_action(state: GameState, rng: RandomLike) -> Action:
    """Any allowed next action, uniformly: the deal, a random pass of 3, or a legal card.

    For tests, benchmarks and random playouts; not applied.
    """
    if state.is_chance:
        return state.sample_chance(rng)
    if state.phase is Phase.PASS:
        assert state.turn is not None
        hand = list(state.hands[state.turn])
        picked = []
        for _ in range(PASS_SIZE):
            picked.append(hand.pop(rng.randrange(len(hand))))
        return Pass.of(picked)
    legal = state.legal_actions()
    if not legal:
        raise RuleError(R_OVER, "the game is over")
    return legal[rng.randrange(len(legal))]

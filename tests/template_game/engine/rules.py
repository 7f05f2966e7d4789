"""The rules of Six Cards (the package docstring states them): the deal, the tricks, the
score and the end of the game.

One `GameState` plays a whole game, deal after deal, in the one protocol every
turn-based engine shares (`engines.protocol`): `current_player` (a seat, `CHANCE` for a
deal, None at the end), `legal_actions()`, `chance_outcomes()` / `sample_chance(rng)`,
`apply(action, seat)`, `why_illegal(seat, action)`, `is_over`, `returns()`,
`view(seat)`, `clone()`, and `action_text(action)` / `parse_action(text)`.

Actions, each written as text that `parse_action` reads back:

- a `Deal` (chance; `engines.cards.deals.Deal`): ``dealer 1: 9C TC … | … / up - / stock
  …``, each seat's six cards and the twelve laid aside (in deck order: they are never
  seen, so their order is no part of the deal);
- a `Card` to play (``QS``, ``TH``).

Seat 0 is South. Illegal input raises `RuleError` naming the rule it breaks, and the
state is unchanged (every action is checked in full before anything changes).
`hidden_cards` is what a seat may not see: the other hand and the cards laid aside.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from math import comb
from typing import Any, Final

from engines.cards import tricks as tk
from engines.cards.cards import Card, CardError, deck
from engines.cards.deals import Deal, DealError, DealSchedule, Packets, Stock, hand_splits
from engines.cards.game import CardTable
from engines.errors import BrokenRule
from engines.protocol import CHANCE, RandomLike

from .options import PLAYERS, Options

DECK: Final = deck(lowest_rank=9)
HAND: Final = 6
SCHEDULE: Final = DealSchedule(DECK, PLAYERS, (Packets(3), Packets(3), Stock(12)))
RULES: Final = tk.TrickRules(tk.RankOrder(tk.ACE_HIGH[:6]))  # A K Q J 10 9, no trumps

R_SEAT: Final = "the seats are 0 and 1"
R_TURN: Final = "play in turn: the winner of a trick leads to the next"
R_DEAL: Final = "each player is dealt 6 cards, the other 12 are laid aside; seat 1 deals first"
R_OVER: Final = "the game is over"
R_NOTATION: Final = "an action is a card such as QS or TH, or a deal"


class RuleError(BrokenRule):
    """An action the rules forbid; `rule` is the rule sentence it breaks."""


class Phase(StrEnum):
    DEAL = "deal"  # chance: the cards are dealt
    PLAY = "play"  # the tricks
    OVER = "over"


Action = Deal[Card] | Card


def read_action(text: str) -> Action:
    """The action written as `text` (a card, or a deal as `str(deal)` writes it)."""
    if not isinstance(text, str):
        raise RuleError(R_NOTATION, f"{text!r} is not an action written as text")
    try:
        if text.strip().lower().startswith("dealer"):
            return SCHEDULE.parse(text)
        return Card.parse(text)
    except CardError as exc:
        raise RuleError(R_NOTATION, str(exc)) from exc


@dataclass(frozen=True, slots=True)
class TrickRecord:
    """A finished trick: who led, the two cards in playing order, who won it."""

    leader: int
    cards: tuple[Card, ...]
    winner: int

    def seats(self) -> tuple[tuple[int, Card], ...]:
        """(seat, card) in playing order."""
        return tuple(((self.leader + i) % PLAYERS, card) for i, card in enumerate(self.cards))


@dataclass(frozen=True, slots=True)
class DealResult:
    """One finished deal: its number (0 for the first), its dealer, its tricks, the points
    each seat won in it and the scores after it."""

    number: int
    dealer: int
    tricks: tuple[TrickRecord, ...]
    points: tuple[int, ...]
    scores: tuple[int, ...]


@dataclass(frozen=True)
class View:
    """What one seat may see (see `GameState.view`)."""

    seat: int
    phase: Phase
    target: int
    deal_number: int
    dealer: int
    turn: int | None
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    leader: int | None
    trick: tuple[Card, ...]  # the trick in play, from `leader`
    tricks: tuple[TrickRecord, ...]  # this deal's finished tricks
    tricks_won: tuple[int, ...]  # this deal, by seat
    scores: tuple[int, ...]
    previous: DealResult | None  # the deal just finished, until the next is dealt
    winner: int | None
    legal: tuple[Action, ...] = field(default=())


class GameState(CardTable):
    """A whole game of Six Cards (see the module docstring)."""

    DEAL, OVER, Error = Phase.DEAL, Phase.OVER, RuleError
    R_SEAT, R_NOTATION, Actions = R_SEAT, R_NOTATION, (Deal, Card)

    def __init__(self, options: Options | None = None) -> None:
        self.options = options or Options()
        self.schedule = SCHEDULE
        self.scores = [0] * PLAYERS
        self.results: list[DealResult] = []
        self.history: list[tuple[int, Action]] = []
        self.winner: int | None = None
        self.deal_number = 0
        self.phase = Phase.DEAL
        self._clear_deal()

    def _clear_deal(self) -> None:
        self.hands: list[list[Card]] = [[] for _ in range(PLAYERS)]
        self.stock: tuple[Card, ...] = ()
        self.turn: int | None = None
        self.leader: int | None = None
        self.trick: list[Card] = []
        self.tricks: list[TrickRecord] = []
        self.tricks_won = [0] * PLAYERS

    def clone(self) -> GameState:
        other = object.__new__(GameState)
        other.__dict__.update(self.__dict__)
        for name in ("scores", "results", "history", "trick", "tricks", "tricks_won"):
            setattr(other, name, list(getattr(self, name)))
        other.hands = [list(hand) for hand in self.hands]
        return other

    @property
    def dealer(self) -> int:
        """Rule 3: seat 1 deals first, then the deal passes."""
        return (self.deal_number + 1) % PLAYERS

    # -- what may be done ---------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """The cards the seat on turn may play (none during a deal, or at the end)."""
        if self.phase is not Phase.PLAY:
            return []
        assert self.turn is not None
        return list(tk.legal_plays(self.hands[self.turn], self._trick(), RULES))

    def _trick(self) -> tk.Trick[Card]:
        assert self.leader is not None
        return tk.Trick((self.leader, 1 - self.leader), tuple(self.trick))

    def sample_chance(self, rng: RandomLike) -> Deal[Card]:
        """A deal from an injected random source (not applied), the cards laid aside in
        deck order."""
        if self.phase is not Phase.DEAL:
            raise RuleError(R_DEAL, f"no cards are dealt now: the game is at {self.phase}")
        dealt = SCHEDULE.sample(rng, self.dealer)
        return Deal(dealt.dealer, dealt.hands, (), tuple(sorted(dealt.stock)))

    def chance_outcomes(self) -> Iterator[tuple[Deal[Card], Fraction]]:
        """Every deal, each as likely, made lazily (iterate, or draw one with
        `sample_chance`)."""
        if self.phase is not Phase.DEAL:
            raise RuleError(R_DEAL, f"no cards are dealt now: the game is at {self.phase}")
        dealer = self.dealer
        chance = Fraction(1, comb(len(DECK), HAND) * comb(len(DECK) - HAND, HAND))
        order = SCHEDULE.dealing_order(dealer)
        for hands in hand_splits(DECK, PLAYERS, HAND):
            by_seat: list[tuple[Card, ...]] = [()] * PLAYERS
            for seat, hand in zip(order, hands, strict=True):
                by_seat[seat] = hand
            dealt = {card for hand in hands for card in hand}
            yield Deal(dealer, tuple(by_seat), (), tuple(c for c in DECK if c not in dealt)), \
                chance

    def why_illegal(self, seat: int, action: Any) -> BrokenRule | None:
        """The rule that forbids `seat` (or CHANCE, for a deal) to take `action` now, or None.
        Nothing is changed."""
        try:
            self._check(self._read(action), seat)
        except RuleError as error:
            return error
        return None

    def parse_action(self, text: str) -> Action:
        """The action written as `text`; RuleError naming what is wrong otherwise."""
        return read_action(text)

    def _read(self, action: Any) -> Any:
        return self.parse_action(action) if isinstance(action, str) else action

    def _check(self, action: object, seat: int | None) -> int:
        """The actor, if `action` by `seat` is legal now; RuleError otherwise."""
        if self.phase is Phase.OVER:
            raise RuleError(R_OVER, "the game is over")
        actor = self.current_player
        assert actor is not None
        if seat is not None and seat != actor:
            if seat != CHANCE:
                self._check_seat(seat)
            if actor == CHANCE:
                raise RuleError(R_DEAL, "the cards are being dealt")
            raise RuleError(R_TURN, f"it is seat {actor}'s turn, not seat {seat}'s")
        if self.phase is Phase.DEAL:
            self._check_deal(action)
            return actor
        if not isinstance(action, Card):
            raise RuleError(tk.R_HOLD, f"seat {actor} plays a card now, not {action!r}")
        why = tk.why_illegal(self.hands[actor], self._trick(), action, RULES)
        if why is not None:
            raise RuleError(why, f"seat {actor} may not play {action} now")
        return actor

    def _check_deal(self, action: object) -> None:
        if not isinstance(action, Deal):
            raise RuleError(R_DEAL, f"the cards are dealt first, not {action!r}")
        try:
            SCHEDULE.check(action)
        except DealError as exc:
            raise RuleError(R_DEAL, str(exc)) from None
        if action.dealer != self.dealer:
            raise RuleError(R_DEAL, f"seat {self.dealer} deals now, not seat {action.dealer}")

    # -- applying -----------------------------------------------------------------------------

    def apply(self, action: Any, seat: int | None = None) -> None:
        """Apply the action of `seat` (default: whoever is on turn). An illegal action raises
        RuleError naming the rule, and nothing changes."""
        action = self._read(action)
        actor = self._check(action, seat)
        if isinstance(action, Deal):
            self._deal(action)
        else:
            self._play(actor, action)
        self.history.append((actor, action))

    def _deal(self, deal: Deal[Card]) -> None:
        self._clear_deal()
        self.hands = [list(hand) for hand in deal.hands]
        self.stock = deal.stock
        self.leader = self.turn = 1 - deal.dealer
        self.phase = Phase.PLAY

    def _play(self, actor: int, card: Card) -> None:
        self.hands[actor].remove(card)
        self.trick.append(card)
        if len(self.trick) < PLAYERS:
            self.turn = 1 - actor
            return
        winner = tk.trick_winner(self._trick(), RULES)
        assert self.leader is not None
        self.tricks.append(TrickRecord(self.leader, tuple(self.trick), winner))
        self.tricks_won[winner] += 1
        self.trick = []
        self.leader = self.turn = winner
        if not self.hands[winner]:
            self._end_deal(winner)

    def _end_deal(self, last: int) -> None:
        """Rules 5 and 6: the deal's points, and the end of the game."""
        points = list(self.tricks_won)
        if self.options.last_trick_bonus:
            points[last] += 1
        self.scores = [score + won for score, won in zip(self.scores, points, strict=True)]
        self.results.append(DealResult(self.deal_number, self.dealer, tuple(self.tricks),
                                       tuple(points), tuple(self.scores)))
        self.deal_number += 1
        self._clear_deal()
        high = max(self.scores)
        if high >= self.options.target and self.scores.count(high) == 1:
            self.winner = self.scores.index(high)
            self.phase = Phase.OVER
        else:
            self.phase = Phase.DEAL

    # -- what is shown ------------------------------------------------------------------------

    def returns(self) -> tuple[float, ...]:
        """Zero until the end; then 1 for the winner and -1 for the other."""
        if self.winner is None:
            return (0.0,) * PLAYERS
        return tuple(1.0 if seat == self.winner else -1.0 for seat in range(PLAYERS))

    def view(self, seat: int) -> View:
        """What `seat` may see: its own hand, the other's number of cards, the tricks and the
        scores; never the other hand or the cards laid aside."""
        self._check_seat(seat)
        between = self.phase is not Phase.PLAY
        return View(
            seat=seat, phase=self.phase, target=self.options.target,
            deal_number=self.deal_number, dealer=self.dealer,
            turn=self.turn, hand=tuple(sorted(self.hands[seat])),
            hand_sizes=tuple(len(hand) for hand in self.hands),
            leader=self.leader, trick=tuple(self.trick), tricks=tuple(self.tricks),
            tricks_won=tuple(self.tricks_won), scores=tuple(self.scores),
            previous=self.results[-1] if between and self.results else None,
            winner=self.winner,
            legal=tuple(self.legal_actions()) if self.current_player == seat else ())


def hidden_cards(state: GameState, seat: int) -> frozenset[Card]:
    """The cards `seat` may not see now: the other hand and the cards laid aside."""
    others = [card for s, hand in enumerate(state.hands) if s != seat for card in hand]
    return frozenset([*others, *state.stock])

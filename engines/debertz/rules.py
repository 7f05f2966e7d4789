"""The rules of Debertz (rules §1–14): the deal, the bidding, the pre-play steps, the
declarations, the tricks, the deal's score and the end of the game.

One `GameState` plays a whole game, deal after deal, in the one protocol every
turn-based engine shares (`engines.protocol`): `current_player` (a seat, `CHANCE` for a
deal, None at the end), `legal_actions()`, `chance_outcomes()` / `sample_chance(rng)`,
`apply(action, seat)`, `why_illegal(seat, action)`, `is_over`, `returns()`,
`view(seat)` and `clone()`.

Actions, each a small hashable value whose text form (`str`, or
`GameState.action_text`) round-trips through `GameState.parse_action` (or `read_action`):

- a `Deal` (chance; `engines.cards.deals.Deal`): ``dealer 0: 7S 8S … | … / up JH /
  stock …`` — the first six cards of each seat, the turned card and the stock top first.
  The stock's order decides the completion (§6) and the exposed card (§7.1), so the whole
  deal is one recorded chance step;
- a `Bid`: ``play`` and ``pass`` in round 1, ``name H`` (a suit) and ``pass`` in round 2
  (§5);
- a `Say`: ``swap`` / ``keep`` for the trump-seven swap (§7.2), ``redeal`` / ``keep`` for
  the weak-hand redeal (§7.3), ``bella`` to announce bella by hand (§8.5, `manual`);
- a `Card` to play (``JH``, ``TC``).

Seats are numbered clockwise: seat s+1 sits on s's left and plays after s. With four
players in partnerships, seats 0 and 2 are side 0, seats 1 and 3 side 1; otherwise each
seat is its own side. Scores, baits and score lines are by side.

Illegal input raises `RuleError` naming the rule it breaks; the state is unchanged (every
action is checked in full before anything is changed).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from fractions import Fraction
from itertools import permutations
from math import factorial
from typing import Final

from engines.cards import tricks as tk
from engines.cards.cards import Card, CardError, Suit, deck
from engines.cards.deals import (
    Deal,
    DealError,
    DealSchedule,
    Packets,
    Stock,
    TurnUp,
    hand_splits,
)
from engines.cards.game import CheckedCardTable
from engines.cards.runs import SEQUENCE_ORDER, run_key, runs
from engines.cards.teams import teams
from engines.errors import BrokenRule
from engines.protocol import CHANCE, RandomLike

from .options import (
    BaitPenalty,
    BaitRecipient,
    BellaAnnounce,
    DebertzOptions,
    DebertzSuit,
    FirstLead,
    RevealTiming,
    SevenSwap,
    TieBreak,
    TurnedCardTo,
)

DECK: Final = deck(lowest_rank=7)
ORDER: Final = tk.RankOrder(tk.ACE_TEN, tk.JACK_NINE_TRUMPS)
POINTS: Final = tk.PointTable.of(tk.ACE_TEN_POINTS, tk.JACK_NINE_TRUMP_POINTS)
LAST_TRICK: Final = 10
WEAK_HAND: Final = 13
BELLA: Final = 20
BAIT_PENALTY: Final = -100
SEVEN, QUEEN, KING = 7, 12, 13

R_TURN: Final = "play in turn: dealing and bidding start with the first speaker, the dealer last"
R_SEAT: Final = "seats are numbered 0 to players − 1"
R_OVER: Final = "the game is over"
R_DEAL: Final = ("each player receives 6 cards in two rounds of 3, the next card is turned "
                 "face up, the rest is the stock; the deal passes left after every deal")
R_PHASE: Final = "the deal goes in order: the deal, the bidding, the swap, the redeal, the play"
R_ROUND1: Final = "in the first round each player says play (the turned suit) or pass"
R_ROUND2: Final = ("in the second round each player names a suit other than the turned suit, "
                   "or passes")
R_FORCED: Final = ("after two passed rounds the dealer may not pass: he must name a trump "
                   "(обяз)")
R_SWAP: Final = ("with 2–3 players and the turned suit trumps, the holder of the trump 7 may "
                 "swap it for the turned card before play")
R_SWAP_DECLARER: Final = "only the declarer may swap the trump 7 (seven_swap = declarer_only)"
R_REDEAL: Final = ("a player whose cards total 13 or fewer may have the deal annulled "
                   "before play")
R_BELLA: Final = ("bella (trump K and Q in one hand) is announced by its holder while one of "
                  "the pair is still in hand")
R_NOTATION: Final = ("an action is a card such as JH or TC, play, pass, name H, swap, keep, "
                     "redeal, bella, or a deal")


class RuleError(BrokenRule):
    """An action the rules forbid; `rule` is the rule sentence it breaks."""


class Phase(StrEnum):
    DEAL = "deal"  # chance: the cards are dealt
    BID = "bid"  # two rounds of bidding (§5)
    SWAP = "swap"  # the trump-seven swap is offered (§7.2)
    REDEAL = "redeal"  # weak hands are asked (§7.3)
    PLAY = "play"  # tricks (§9)
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Bid:
    """A bid: ``play`` (round 1: the turned suit), ``pass``, or ``name <suit>`` (round 2)."""

    word: str
    suit: Suit | None = None

    @classmethod
    def naming(cls, suit: Suit | int | str) -> Bid:
        return cls("name", Suit.parse(suit) if isinstance(suit, str) else Suit(suit))

    def __str__(self) -> str:
        return self.word if self.suit is None else f"{self.word} {self.suit.letter}"


PLAY: Final = Bid("play")
PASS: Final = Bid("pass")


class Say(StrEnum):
    """The pre-play answers and the bella announcement."""

    SWAP = "swap"  # swap the trump 7 for the turned card
    KEEP = "keep"  # decline the swap, or the redeal
    REDEAL = "redeal"  # annul the deal for a weak hand
    BELLA = "bella"  # announce bella (manual announcing)


Action = Deal[Card] | Bid | Say | Card


def read_action(text: str, schedule: DealSchedule[Card] | None = None) -> Action:
    """The action written as `text` (``str(action)``); a deal needs the table's schedule."""
    if not isinstance(text, str):
        raise RuleError(R_NOTATION, f"{text!r} is not an action written as text")
    words = text.strip()
    low = words.lower()
    try:
        if low.startswith("dealer"):
            if schedule is None:
                raise RuleError(R_NOTATION, "a deal is read with the table's schedule")
            return schedule.parse(words)
        if low in ("play", "pass"):
            return Bid(low)
        if low.startswith("name"):
            return Bid.naming(words[4:].strip())
        if low in {s.value for s in Say}:
            return Say(low)
        return Card.parse(words)
    except CardError as exc:
        raise RuleError(R_NOTATION, str(exc)) from exc


def schedule(players: int) -> DealSchedule[Card]:
    """The deal (§4, §6): 3 + 3 each from the first speaker, a turned card, the stock; later 3
    more each (2–3 players) or 2 each, the turned card counting as one (4 players)."""
    return DealSchedule(DECK, players, (Packets(3), Packets(3), TurnUp(), Stock(31 - 6 * players)),
                        later=(Packets(3),) if players < 4 else (Packets(2),))


_SCHEDULES: Final = {n: schedule(n) for n in (2, 3, 4)}


def card_points(card: Card, trump: Suit | None) -> int:
    """§2.2: plain A 11, 10 10, K 4, Q 3, J 2; trump J 20, 9 14, A 11, 10 10, K 4, Q 3."""
    return POINTS.points(card, trump)


def hand_value(hand: Sequence[Card]) -> int:
    """§7.3: the cards at their plain-suit values (trump J = 2, trump 9 = 0)."""
    return POINTS.total(hand, None)


# -- declarations --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Run:
    """A sequence (§8.1) held by `seat`: `cards` highest first, worth `value`."""

    seat: int
    cards: tuple[Card, ...]
    value: int

    @property
    def length(self) -> int:
        return len(self.cards)

    @property
    def suit(self) -> Suit:
        return self.cards[0].suit

    @property
    def top(self) -> Card:
        return self.cards[0]

    @property
    def key(self) -> tuple[int, int]:
        """Seniority (§8.3): longer first, then the higher top card."""
        return run_key(self.cards, SEQUENCE_ORDER)

    def __str__(self) -> str:
        return f"seat {self.seat}: {' '.join(map(str, self.cards))} ({self.value})"


def run_value(length: int, options: DebertzOptions) -> int:
    """§8.1: 3 cards 20, 4 cards 50, 5 cards 50 (or 100), 6 cards 100 with sotnya (else 50);
    7–8 cards that do not win the game count as 6."""
    if length <= 2:
        return 0
    if length == 3:
        return 20
    if length == 4:
        return 50
    if length == 5:
        return options.five_card_value
    return 100 if options.sotnya else 50


def find_runs(seat: int, hand: Sequence[Card], options: DebertzOptions) -> list[Run]:
    """Every maximal run of 3+ cards in `hand`, most senior first (§8.1)."""
    return [Run(seat, run, run_value(len(run), options)) for run in runs(hand, SEQUENCE_ORDER, 3)]


def is_debertz(run: Run, trump: Suit | None, options: DebertzOptions) -> bool:
    """§8.2: a run of `debertz_min_length` or more, in trumps if `debertz_suit` says so."""
    if not options.debertz or run.length < options.debertz_min_length:
        return False
    return options.debertz_suit is DebertzSuit.ANY or run.suit is trump


@dataclass(frozen=True, slots=True)
class Seniority:
    """Who scores runs in a deal (§8.3–8.4): `side`, or nobody; `tied` are the sides whose
    equal senior runs wait for the last trick (tie_break = last_trick)."""

    side: int | None
    tied: tuple[int, ...] = ()


def senior_side(all_runs: Sequence[Sequence[Run]], options: DebertzOptions, trump: Suit | None,
                play_order: Sequence[int]) -> Seniority:
    """The side whose holder has the senior run, by §8.3 and the `tie_break` option.

    `all_runs[seat]` are the seat's runs, `play_order` the seats in the order of the first
    trick. An unresolved tie scores nobody (§8.3's decision)."""
    best = [max((r.key for r in seat_runs), default=None) for seat_runs in all_runs]
    keys = [k for k in best if k is not None]
    if not keys:
        return Seniority(None)
    top = max(keys)
    holders = [s for s, k in enumerate(best) if k == top]
    sides = sorted({options.side_of(s) for s in holders})
    if len(sides) == 1:
        return Seniority(sides[0])
    if options.tie_break is TieBreak.TURN:
        first = min(holders, key=list(play_order).index)
        return Seniority(options.side_of(first))
    if options.tie_break is TieBreak.SUIT:
        trumps = {options.side_of(s) for s in holders
                  if any(r.key == top and r.suit is trump for r in all_runs[s])}
        return Seniority(trumps.pop() if len(trumps) == 1 else None)
    return Seniority(None, tuple(sides))


# -- scoring -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Settlement:
    """What a deal records for each side (§10.3–10.7); `points` = kept + bait + collected +
    penalty + ski. `pending` and `baits` are the game's hanging amounts and bait counts
    after the deal."""

    outcome: str  # "made", "bait" or "hanging"
    kept: tuple[int, ...]
    bait: tuple[int, ...]
    collected: tuple[int, ...]
    penalty: tuple[int, ...]
    ski: tuple[int, ...]
    points: tuple[int, ...]
    pending: tuple[int, ...]
    baits: tuple[int, ...]


def shares(totals: Sequence[int], declarer: int, amount: int,
           options: DebertzOptions) -> list[int]:
    """How a bait (or a hanging amount collected on a bait) is shared (§10.4): one opponent
    takes it all; among several, the highest opponent (equal highest: shared, rounded down),
    or each opponent an equal share with `bait_3p_recipient` = split."""
    out = [0] * len(totals)
    opponents = [s for s in range(len(totals)) if s != declarer]
    if len(opponents) > 1 and options.bait_3p_recipient is BaitRecipient.HIGHEST:
        high = max(totals[s] for s in opponents)
        opponents = [s for s in opponents if totals[s] == high]
    for s in opponents:
        out[s] = amount // len(opponents)
    return out


def settle(options: DebertzOptions, declarer: int, totals: Sequence[int],
           tricks_taken: Sequence[int], pending: Sequence[int] = (),
           baits: Sequence[int] | None = None) -> Settlement:
    """Score one played deal (§10.2–10.7) from each side's deal total (§10.1).

    `declarer` is the declarer's side, `tricks_taken` the tricks each side won, `pending`
    the hanging amounts waiting (oldest first), `baits` each side's baits so far."""
    n = len(totals)
    counts = list(baits) if baits is not None else [0] * n
    mine = totals[declarer]
    best = max(totals[s] for s in range(n) if s != declarer)
    zero = [0] * n
    kept, bait, collected, penalty = list(totals), list(zero), list(zero), list(zero)
    left = list(pending)
    due = (left[:1] if options.hanging_separately else left) if left else []
    if mine > best:
        outcome = "made"
        if options.winner_takes_all:
            kept = [sum(totals) if s == declarer else 0 for s in range(n)]
        collected[declarer] = sum(due)
        left = left[len(due):]
    elif mine < best:
        outcome = "bait"
        kept[declarer] = 0
        bait = shares(totals, declarer, mine, options)
        collected = shares(totals, declarer, sum(due), options)
        left = left[len(due):]
        counts[declarer] += 1
        count = counts[declarer]
        if (options.bait_penalty is BaitPenalty.FROM_THIRD and count >= 3) or \
                (options.bait_penalty is BaitPenalty.EVERY_THIRD and count % 3 == 0):
            penalty[declarer] = BAIT_PENALTY
    else:
        outcome = "hanging"
        kept[declarer] = 0
        left.append(mine)
    ski = [options.ski_points if taken == 0 else 0 for taken in tricks_taken]
    points = tuple(kept[s] + bait[s] + collected[s] + penalty[s] + ski[s] for s in range(n))
    return Settlement(outcome, tuple(kept), tuple(bait), tuple(collected), tuple(penalty),
                      tuple(ski), points, tuple(left), tuple(counts))


def game_winner(scores: Sequence[int], target: int) -> int | None:
    """§11.2: once a side has reached the target, the highest score wins; a tie at the top
    plays on (None)."""
    high = max(scores)
    if high < target or list(scores).count(high) > 1:
        return None
    return list(scores).index(high)


# -- what a deal leaves behind -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TrickRecord:
    """A finished trick: who led, the cards in playing order, who won it."""

    leader: int
    cards: tuple[Card, ...]
    winner: int

    def seats(self, players: int) -> list[tuple[int, Card]]:
        return [((self.leader + i) % players, card) for i, card in enumerate(self.cards)]


@dataclass(frozen=True, slots=True)
class SideLine:
    """One side's score line for a deal (§10): the deal total's parts, then what it records.

    total = card_points + last_trick + runs + bella; points = kept + bait + collected +
    penalty + ski; score is the side's cumulative score after the deal."""

    side: int
    seats: tuple[int, ...]
    declarer: bool
    tricks: int
    card_points: int
    last_trick: int
    runs: int
    bella: int
    total: int
    kept: int
    bait: int
    collected: int
    penalty: int
    ski: int
    points: int
    score: int


@dataclass(frozen=True, slots=True)
class DealResult:
    """One finished deal. `outcome`: made, bait, hanging (played deals), annulled (two
    passed rounds without the obligation), redeal (a weak hand), or debertz (the game won
    before trick 1 by `debertz`)."""

    number: int
    dealer: int
    outcome: str
    declarer: int | None = None
    trump: Suit | None = None
    lines: tuple[SideLine, ...] = ()
    runs: tuple[Run, ...] = ()  # the runs that scored (or the debertz)
    bella: int | None = None  # the seat whose bella scored
    tricks: tuple[TrickRecord, ...] = ()
    pending: tuple[int, ...] = ()  # the hanging amounts after the deal
    scores: tuple[int, ...] = ()  # the cumulative scores after the deal, by side
    by: int | None = None  # who annulled it (redeal) or holds the debertz

    def without_cards(self) -> DealResult:
        """The result less its cards (runs and tricks): what stays on the score sheet once
        the next deal is dealt, when those cards are in play again."""
        return replace(self, runs=(), tricks=())


@dataclass(frozen=True)
class View:
    """What one seat may see (see `GameState.view`)."""

    seat: int
    options: DebertzOptions
    phase: Phase
    deal_number: int
    dealer: int | None
    first_speaker: int | None
    turn: int | None
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    turned: Card | None  # the face-up turned card (after a swap: the trump 7)
    exposed: Card | None  # the exposed stock card (§7.1)
    bidding_round: int  # 1 or 2 while bidding, else 0
    bids: tuple[tuple[int, Bid], ...]  # this deal's bids in order
    declarer: int | None
    trump: Suit | None
    swap: tuple[int, Card, Card] | None  # (seat, the 7 given, the card taken)
    known: tuple[tuple[Card, ...], ...]  # cards each seat is known to hold (shown or taken)
    own_runs: tuple[Run, ...]  # this seat's runs
    declarations: tuple[Run, ...]  # runs shown to all (scoring, or tied and waiting)
    runs_side: int | None  # the side scoring runs, once known
    runs_tied: tuple[int, ...]  # sides whose equal runs wait for the last trick
    bella: int | None  # the seat that announced bella
    leader: int | None
    trick: tuple[Card, ...]  # the trick in play, from `leader`
    tricks: tuple[TrickRecord, ...]  # this deal's finished tricks
    card_points: tuple[int, ...]  # card points won so far, by side
    tricks_won: tuple[int, ...]  # by side
    scores: tuple[int, ...]  # by side
    baits: tuple[int, ...]  # by side
    pending: tuple[int, ...]  # hanging amounts waiting
    results: tuple[DealResult, ...]  # every finished deal, without its cards
    previous: DealResult | None  # the last deal in full (its runs and tricks), between deals
    winner: int | None  # the winning side at the end
    legal: tuple[Action, ...] = field(default=())


# -- the game ------------------------------------------------------------------------------------


class GameState(CheckedCardTable):
    """A whole game of Debertz (see the module docstring)."""

    DEAL, OVER, Error, Words = Phase.DEAL, Phase.OVER, RuleError, Say
    R_SEAT, R_NOTATION, Actions = R_SEAT, R_NOTATION, (Deal, Bid, Say, Card)
    read_action = staticmethod(read_action)

    def __init__(self, options: DebertzOptions | None = None) -> None:
        self.options = options or DebertzOptions()
        n = self.options.players
        self.schedule = _SCHEDULES[n]
        self.rules = tk.TrickRules(
            ORDER, None, must_trump=True, overtrump_on_trump_lead=True,
            overtrump_on_ruff=self.options.overtrump_on_ruff,
            overtrump_partner=self.options.overtrump_partner,
            teams=teams(4, 2) if self.options.partnerships else None)
        sides = self.options.sides
        self.scores = [0] * sides
        self.baits = [0] * sides
        self.pending: list[int] = []
        self.results: list[DealResult] = []
        self.public_results: list[DealResult] = []  # the results without their cards
        self.history: list[tuple[int, Action]] = []
        self.winner: int | None = None
        self.deal_number = 0
        self.dealer: int | None = None  # the next dealer (None: drawn with the first deal)
        self._clear_deal()
        self.phase = Phase.DEAL

    def _clear_deal(self) -> None:
        n = self.options.players
        self.deal: Deal[Card] | None = None
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.dealt: tuple[tuple[Card, ...], ...] = ()  # the hands as play starts
        self.turned: Card | None = None
        self.stock: list[Card] = []
        self.exposed: Card | None = None
        self.bids: list[tuple[int, Bid]] = []
        self.round = 0
        self.declarer: int | None = None
        self.trump: Suit | None = None
        self.trump_round = 0
        self.swap: tuple[int, Card, Card] | None = None
        self.asking: list[int] = []
        self.turn: int | None = None
        self.known: list[list[Card]] = [[] for _ in range(n)]
        self.seat_runs: list[list[Run]] = [[] for _ in range(n)]
        self.seniority = Seniority(None)
        self.declared: list[Run] = []
        self.bella_holder: int | None = None
        self.bella: int | None = None
        self.leader: int | None = None
        self.first_leader: int | None = None
        self.trick: list[Card] = []
        self._cached_trick: tk.Trick[Card] | None = None
        self._legal_cache: tuple[Action, ...] | None = None
        self.tricks: list[TrickRecord] = []
        sides = self.options.sides
        self.won_points = [0] * sides
        self.tricks_won = [0] * sides

    def clone(self) -> GameState:
        other = object.__new__(GameState)
        other.__dict__.update(self.__dict__)
        for name in ("scores", "baits", "pending", "results", "public_results", "history",
                     "stock", "bids", "asking", "declared", "trick", "tricks", "won_points",
                     "tricks_won"):
            setattr(other, name, list(getattr(self, name)))
        for name in ("hands", "known", "seat_runs"):
            setattr(other, name, [list(x) for x in getattr(self, name)])
        return other

    # -- the common interface ----------------------------------------------------------------

    @property
    def first_speaker(self) -> int | None:
        """§3.2: the dealer's left neighbour."""
        return None if self.dealer is None else (self.dealer + 1) % self.players

    def side_of(self, seat: int) -> int:
        return self.options.side_of(seat)

    def legal_actions(self) -> list[Action]:
        """The decisions of the seat on turn (none during a deal, or at the end)."""
        phase = self.phase
        if phase is Phase.PLAY:
            return list(self._playable())
        if phase is Phase.BID:
            if self.round == 1:
                return [PLAY, PASS]
            turned = self._turned_suit()
            names: list[Action] = [Bid("name", s) for s in Suit if s is not turned]
            return names if self._forced() else [*names, PASS]
        if phase is Phase.SWAP:
            return [Say.SWAP, Say.KEEP]
        if phase is Phase.REDEAL:
            return [Say.REDEAL, Say.KEEP]
        return []

    def _playable(self) -> tuple[Action, ...]:
        """The legal cards (and bella) of the seat to play, kept until the next action."""
        cached = self._legal_cache
        if cached is None:
            assert self.turn is not None
            cards: list[Action] = list(tk.legal_plays(self.hands[self.turn], self._trick(),
                                                      self.rules))
            if self._may_announce(self.turn):
                cards.append(Say.BELLA)
            cached = self._legal_cache = tuple(cards)
        return cached

    def sample_chance(self, rng: RandomLike) -> Deal[Card]:
        """A deal from an injected random source (not applied): on the first deal the dealer
        is drawn too (§3.1)."""
        if self.phase is not Phase.DEAL:
            raise RuleError(R_PHASE, f"no cards are dealt now: the game waits for {self.phase}")
        dealer = rng.randrange(self.players) if self.dealer is None else self.dealer
        return self.schedule.sample(rng, dealer)

    def chance_outcomes(self) -> Iterator[tuple[Deal[Card], Fraction]]:
        """Every deal, each as likely, made lazily (iterate, or draw one with
        `sample_chance`)."""
        if self.phase is not Phase.DEAL:
            raise RuleError(R_PHASE, f"no cards are dealt now: the game waits for {self.phase}")
        n = self.players
        dealers = range(n) if self.dealer is None else (self.dealer,)
        chance = Fraction(factorial(6) ** n, factorial(len(DECK)) * len(dealers))
        return ((deal, chance) for dealer in dealers for deal in _deals(dealer, n))

    def returns(self) -> tuple[float, ...]:
        """Zero until the end; then 1 for each seat of the winning side, 0 for the others."""
        if self.winner is None:
            return (0.0,) * self.players
        return tuple(1.0 if self.side_of(s) == self.winner else 0.0
                     for s in range(self.players))

    def view(self, seat: int) -> View:
        """What `seat` may see: its own hand; every card shown face up (the turned card, the
        exposed stock card, the swap, the runs and bella shown, the turned card taken with 4
        players); the bids, the tricks and the scores. Never another hand or the stock."""
        self._check_seat(seat)
        mine = self.current_player == seat
        shown_runs = tuple(self.declared)
        return View(
            seat=seat,
            options=self.options,
            phase=self.phase,
            deal_number=self.deal_number,
            dealer=self.dealer,
            first_speaker=self.first_speaker,
            turn=self.turn if self.phase not in (Phase.DEAL, Phase.OVER) else None,
            hand=tuple(sorted(self.hands[seat])),
            hand_sizes=tuple(len(h) for h in self.hands),
            turned=self.turned,
            exposed=self.exposed,
            bidding_round=self.round if self.phase is Phase.BID else 0,
            bids=tuple(self.bids),
            declarer=self.declarer,
            trump=self.trump,
            swap=self.swap,
            known=tuple(tuple(k) for k in self.known),
            own_runs=tuple(self.seat_runs[seat]),
            declarations=shown_runs,
            runs_side=self.seniority.side,
            runs_tied=self.seniority.tied,
            bella=self.bella,
            leader=self.leader,
            trick=tuple(self.trick),
            tricks=tuple(self.tricks),
            card_points=tuple(self.won_points),
            tricks_won=tuple(self.tricks_won),
            scores=tuple(self.scores),
            baits=tuple(self.baits),
            pending=tuple(self.pending),
            results=tuple(self.public_results),
            previous=self.results[-1] if self.results and self.phase in (
                Phase.DEAL, Phase.OVER) else None,
            winner=self.winner,
            legal=tuple(self.legal_actions()) if mine else (),
        )

    # -- checking and applying (`parse_action`, `why_illegal` and `apply`: CheckedCardTable) --

    def _do(self, actor: int, action: Action) -> None:
        if self.phase is Phase.DEAL:
            assert isinstance(action, Deal)
            self._do_deal(action)
        elif self.phase is Phase.BID:
            assert isinstance(action, Bid)
            self._do_bid(actor, action)
        elif self.phase is Phase.SWAP:
            self._do_swap(actor, action is Say.SWAP)
        elif self.phase is Phase.REDEAL:
            self._do_redeal(actor, action is Say.REDEAL)
        elif action is Say.BELLA:
            self._announce(actor)
        else:
            assert isinstance(action, Card)
            self._do_play(actor, action)

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
            if seat == CHANCE:
                raise RuleError(R_TURN, f"seat {actor} decides now, not chance")
            raise RuleError(R_TURN, f"it is seat {actor}'s turn, not seat {seat}'s")
        phase = self.phase
        if phase is Phase.DEAL:
            self._check_deal(action)
        elif phase is Phase.BID:
            self._check_bid(actor, action)
        elif phase is Phase.SWAP:
            if action not in (Say.SWAP, Say.KEEP):
                raise RuleError(R_SWAP, f"seat {actor} holds the trump 7 and answers swap or "
                                        f"keep now, not {action}")
        elif phase is Phase.REDEAL:
            if action not in (Say.REDEAL, Say.KEEP):
                raise RuleError(R_REDEAL, f"seat {actor} has a weak hand and answers redeal or "
                                          f"keep now, not {action}")
        else:
            self._check_play(actor, action)
        return actor

    def _check_deal(self, action: object) -> None:
        if not isinstance(action, Deal):
            raise RuleError(R_DEAL, f"the deal comes first, not {action}")
        try:
            self.schedule.check(action)
        except DealError as exc:
            raise RuleError(R_DEAL, str(exc)) from None
        if any(not isinstance(c, Card) for c in action.all_cards()):
            raise RuleError(R_DEAL, "a deal is made of cards")
        if self.dealer is not None and action.dealer != self.dealer:
            raise RuleError(R_DEAL, f"seat {self.dealer} deals now, not seat {action.dealer}")

    def _check_bid(self, actor: int, action: object) -> None:
        if not isinstance(action, Bid):
            rule = R_ROUND1 if self.round == 1 else R_ROUND2
            raise RuleError(rule, f"seat {actor} bids now, not {action}")
        if self.round == 1:
            if action not in (PLAY, PASS):
                raise RuleError(R_ROUND1, f"{action} is not a first-round bid")
            return
        if action == PASS:
            if self._forced():
                raise RuleError(R_FORCED, f"seat {actor} must name a trump")
            return
        if action.word != "name" or action.suit is None:
            raise RuleError(R_ROUND2, f"{action} is not a second-round bid")
        if action.suit is self._turned_suit():
            raise RuleError(R_ROUND2, f"the turned suit {action.suit.letter} was refused in "
                                      "the first round")

    def _check_play(self, actor: int, action: object) -> None:
        if action in self._playable():
            return
        if action is Say.BELLA:
            if not self._may_announce(actor):
                raise RuleError(R_BELLA, f"seat {actor} has no bella to announce now")
            return
        if action in (Say.SWAP, Say.KEEP):
            raise RuleError(R_SWAP, "the swap is offered before the first card only")
        if action is Say.REDEAL:
            raise RuleError(R_REDEAL, "the redeal is asked before the first card only")
        if isinstance(action, Bid):
            raise RuleError(R_PHASE, "the bidding is over")
        if not isinstance(action, Card):
            raise RuleError(R_PHASE, f"seat {actor} plays a card now, not {action}")
        why = tk.why_illegal(self.hands[actor], self._trick(), action, self.rules)
        if why is not None:
            raise RuleError(why, f"seat {actor} may not play {action} now")

    # -- the deal and the bidding ------------------------------------------------------------

    def _turned_suit(self) -> Suit:
        assert self.deal is not None
        return self.deal.turned[0].suit

    def _forced(self) -> bool:
        return self.round == 2 and self.options.order_obligatory and self.turn == self.dealer

    def _do_deal(self, deal: Deal[Card]) -> None:
        self.deal = deal
        self.dealer = deal.dealer
        self.hands = [list(h) for h in deal.hands]
        self.turned = deal.turned[0]
        self.stock = list(deal.stock)
        self.phase = Phase.BID
        self.round = 1
        self.turn = self.first_speaker

    def _do_bid(self, seat: int, bid: Bid) -> None:
        self.bids.append((seat, bid))
        if bid == PLAY:
            self._fix_trump(seat, self._turned_suit())
            return
        if bid.word == "name":
            assert bid.suit is not None
            self._fix_trump(seat, bid.suit)
            return
        if seat != self.dealer:
            self.turn = (seat + 1) % self.players
        elif self.round == 1:
            self.round = 2
            self.turn = self.first_speaker
        else:
            self._end_deal(DealResult(self.deal_number, seat, "annulled"))

    def _fix_trump(self, seat: int, suit: Suit) -> None:
        assert self.deal is not None and self.dealer is not None
        self.declarer, self.trump, self.trump_round = seat, suit, self.round
        self.rules = self.rules.with_trump(suit)
        self.round = 0
        opts = self.options
        turned_to = None
        if self.players == 4:
            turned_to = seat if opts.turned_card_to is TurnedCardTo.DECLARER else self.dealer
        done = self.schedule.complete(self.deal, turned_to)
        self.hands = [list(h) for h in done.hands]
        self.stock = list(done.stock)
        self.turned = done.turned[0] if done.turned else None
        if turned_to is not None:
            self.known[turned_to].append(self.deal.turned[0])
        elif opts.reveal_timing is RevealTiming.BEFORE_PLAY:
            self.exposed = self.stock[-1]
        self.first_leader = seat if opts.first_lead is FirstLead.DECLARER \
            else self.first_speaker
        holder = self._seven_holder()
        if holder is not None:
            self.phase, self.turn = Phase.SWAP, holder
            return
        self._ask_redeal()

    def _play_order(self) -> list[int]:
        assert self.first_leader is not None
        return [(self.first_leader + i) % self.players for i in range(self.players)]

    def _seven_holder(self) -> int | None:
        """§7.2: the seat that may swap the trump 7 for the turned card, if any."""
        opts = self.options
        if self.players == 4 or opts.seven_swap is SevenSwap.OFF or self.trump_round != 1:
            return None
        assert self.trump is not None
        seven = Card.of(SEVEN, self.trump)
        for seat, hand in enumerate(self.hands):
            if seven in hand:
                if opts.seven_swap is SevenSwap.DECLARER_ONLY and seat != self.declarer:
                    return None
                return seat
        return None

    def _do_swap(self, seat: int, swap: bool) -> None:
        if swap:
            assert self.trump is not None and self.turned is not None
            seven, taken = Card.of(SEVEN, self.trump), self.turned
            self.hands[seat].remove(seven)
            self.hands[seat].append(taken)
            self.hands[seat].sort()
            self.turned = seven
            self.known[seat].append(taken)
            self.swap = (seat, seven, taken)
        self._ask_redeal()

    def _ask_redeal(self) -> None:
        self.asking = [s for s in self._play_order()
                       if self.options.redeal_allowed and hand_value(self.hands[s]) <= WEAK_HAND]
        if self.asking:
            self.phase, self.turn = Phase.REDEAL, self.asking[0]
            return
        self._start_play()

    def _do_redeal(self, seat: int, redeal: bool) -> None:
        if redeal:
            self._end_deal(DealResult(self.deal_number, self.dealer or 0, "redeal",
                                      self.declarer, self.trump, by=seat))
            return
        self.asking.pop(0)
        if self.asking:
            self.turn = self.asking[0]
            return
        self._start_play()

    # -- declarations and play ---------------------------------------------------------------

    def _start_play(self) -> None:
        opts = self.options
        order = self._play_order()
        self.dealt = tuple(tuple(sorted(h)) for h in self.hands)
        self.seat_runs = [find_runs(s, self.hands[s], opts) for s in range(self.players)]
        debertz = [r for s in order for r in self.seat_runs[s] if is_debertz(r, self.trump, opts)]
        if debertz:
            # Two holders: the senior run; equal ones: a trump run, else the earlier player.
            best = max(debertz, key=lambda r: (r.key, r.suit is self.trump,
                                               -order.index(r.seat)))
            self.winner = self.side_of(best.seat)
            self._end_deal(DealResult(self.deal_number, self.dealer or 0, "debertz",
                                      self.declarer, self.trump, runs=(best,),
                                      scores=tuple(self.scores), pending=tuple(self.pending),
                                      by=best.seat), over=True)
            return
        self.seniority = senior_side(self.seat_runs, opts, self.trump, order)
        if self.seniority.side is not None:
            self._show_runs(self.seniority.side)
        elif self.seniority.tied:  # the equal runs are announced; the last trick decides
            top = max(r.key for seat_runs in self.seat_runs for r in seat_runs)
            for s in order:
                if self.seat_runs[s] and self.seat_runs[s][0].key == top:
                    self._show(self.seat_runs[s][0])
        for seat, hand in enumerate(self.hands):
            assert self.trump is not None
            if Card.of(KING, self.trump) in hand and Card.of(QUEEN, self.trump) in hand:
                self.bella_holder = seat
        self.phase = Phase.PLAY
        self.leader = self.turn = self.first_leader

    def _show(self, run: Run) -> None:
        if run not in self.declared:
            self.declared.append(run)
            held = self.known[run.seat]
            held.extend(c for c in run.cards if c not in held and c in self.hands[run.seat])

    def _show_runs(self, side: int) -> None:
        for seat in self.options.seats_of(side):
            for run in self.seat_runs[seat]:
                self._show(run)

    def _may_announce(self, seat: int) -> bool:
        if self.options.bella_announce is not BellaAnnounce.MANUAL or self.bella is not None:
            return False
        if seat != self.bella_holder or self.trump is None:
            return False
        hand = self.hands[seat]
        return Card.of(KING, self.trump) in hand or Card.of(QUEEN, self.trump) in hand

    def _announce(self, seat: int) -> None:
        assert self.trump is not None
        self.bella = seat
        for rank in (KING, QUEEN):
            card = Card.of(rank, self.trump)
            if card in self.hands[seat] and card not in self.known[seat]:
                self.known[seat].append(card)

    def _trick(self) -> tk.Trick[Card]:
        assert self.leader is not None
        trick = self._cached_trick  # cleared by every card played
        if trick is None:
            n = self.players
            order = tuple((self.leader + i) % n for i in range(n))
            trick = self._cached_trick = tk.Trick(order, tuple(self.trick))
        return trick

    def _do_play(self, seat: int, card: Card) -> None:
        assert self.trump is not None
        if seat == self.bella_holder and self.bella is None and card.suit is self.trump \
                and card.rank in (KING, QUEEN) \
                and self.options.bella_announce is BellaAnnounce.AUTO:
            self._announce(seat)
        self._cached_trick = None
        self.hands[seat].remove(card)
        if card in self.known[seat]:
            self.known[seat].remove(card)
        self.trick.append(card)
        n = self.players
        if len(self.trick) < n:
            self.turn = (seat + 1) % n
            return
        trick = self._trick()
        won = tk.trick_winner(trick, self.rules)
        self.tricks.append(TrickRecord(trick.leader, trick.cards, won))
        side = self.side_of(won)
        self.won_points[side] += sum(card_points(c, self.trump) for c in trick.cards)
        self.tricks_won[side] += 1
        self.trick = []
        self._cached_trick = None
        self.leader = self.turn = won
        if len(self.tricks) == 1 and self.players < 4 and \
                self.options.reveal_timing is RevealTiming.AFTER_FIRST_TRICK:
            self.exposed = self.stock[-1]
        if not self.hands[won]:
            self._score_deal(won)

    def _score_deal(self, last: int) -> None:
        assert self.declarer is not None
        opts = self.options
        sides = opts.sides
        if self.seniority.tied:
            winner_side = self.side_of(last)
            side = winner_side if winner_side in self.seniority.tied else None
            self.seniority = Seniority(side)
            self.declared = []
            if side is not None:
                self._show_runs(side)
        run_points = [0] * sides
        scored = []
        if self.seniority.side is not None:
            for seat in opts.seats_of(self.seniority.side):
                for run in self.seat_runs[seat]:
                    run_points[self.seniority.side] += run.value
                    scored.append(run)
        bella = [0] * sides
        if self.bella is not None:
            bella[self.side_of(self.bella)] = BELLA
        last_points = [LAST_TRICK if s == self.side_of(last) else 0 for s in range(sides)]
        totals = [self.won_points[s] + last_points[s] + run_points[s] + bella[s]
                  for s in range(sides)]
        declarer = self.side_of(self.declarer)
        result = settle(opts, declarer, totals, self.tricks_won, self.pending, self.baits)
        for s in range(sides):
            self.scores[s] += result.points[s]
        self.pending = list(result.pending)
        self.baits = list(result.baits)
        lines = tuple(SideLine(
            side=s, seats=opts.seats_of(s), declarer=s == declarer,
            tricks=self.tricks_won[s], card_points=self.won_points[s],
            last_trick=last_points[s], runs=run_points[s], bella=bella[s], total=totals[s],
            kept=result.kept[s], bait=result.bait[s], collected=result.collected[s],
            penalty=result.penalty[s], ski=result.ski[s], points=result.points[s],
            score=self.scores[s]) for s in range(sides))
        won = game_winner(self.scores, opts.goal)
        if won is not None:
            self.winner = won
            self.pending = []  # §10.6: hanging amounts lapse at the game's end
        self._end_deal(DealResult(
            self.deal_number, self.dealer or 0, result.outcome, self.declarer, self.trump,
            lines, tuple(scored), self.bella, tuple(self.tricks), tuple(self.pending),
            tuple(self.scores)), over=won is not None)

    def _end_deal(self, result: DealResult, over: bool = False) -> None:
        if not result.scores:
            result = DealResult(result.number, result.dealer, result.outcome, result.declarer,
                                result.trump, result.lines, result.runs, result.bella,
                                result.tricks, tuple(self.pending), tuple(self.scores),
                                result.by)
        self.results.append(result)
        self.public_results.append(result.without_cards())
        dealer = self.dealer
        self._clear_deal()
        self.deal_number += 1
        assert dealer is not None
        self.dealer = (dealer + 1) % self.players
        self.phase = Phase.OVER if over else Phase.DEAL


def _deals(dealer: int, players: int) -> Iterator[Deal[Card]]:
    """Every first deal by `dealer`, lazily: the hands in dealing order, the turned card,
    then the stock in every order."""
    sched = _SCHEDULES[players]
    order = sched.dealing_order(dealer)
    for dealt in hand_splits(DECK, players, 6):
        used = {c for h in dealt for c in h}
        rest = [c for c in DECK if c not in used]
        by_seat: list[tuple[Card, ...]] = [()] * players
        for seat, hand in zip(order, dealt, strict=True):
            by_seat[seat] = hand
        for turned in rest:
            others = [c for c in rest if c is not turned]
            for stock in permutations(others):
                yield Deal(dealer, tuple(by_seat), (turned,), stock)


def hidden_cards(state: GameState, seat: int) -> frozenset[Card]:
    """The cards `seat` may not see now: the other hands (less the cards shown in them) and
    the stock (less the exposed card)."""
    out = {c for s, hand in enumerate(state.hands) if s != seat
           for c in hand if c not in state.known[s]}
    out.update(c for c in state.stock if c is not state.exposed)
    return frozenset(out)


def random_action(state: GameState, rng: RandomLike) -> Action:
    """Any allowed next action, uniformly (a deal at a chance step); not applied."""
    if state.is_chance:
        return state.sample_chance(rng)
    legal = state.legal_actions()
    if not legal:
        raise RuleError(R_OVER, "the game is over")
    return legal[rng.randrange(len(legal))]

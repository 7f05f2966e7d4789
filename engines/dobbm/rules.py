"""The rules of Dobbm (rules §1–16): the deal, the bidding, the exchange, the doubling, the
tricks, the hand's result and its payments, the irregularities, the Mußrunde.

One `GameState` plays a whole session, hand after hand, in the one protocol every
turn-based engine shares (`engines.protocol`): `current_player` (a seat, `CHANCE` for a
deal, None at the end), `legal_actions()`, `chance_outcomes()` / `sample_chance(rng)`,
`apply(action, seat)`, `why_illegal(seat, action)`, `is_over`, `returns()`,
`view(seat)` and `clone()`. A running ledger keeps each seat's shillings.

Actions, each a small hashable value whose text form (`str`, or
`GameState.action_text`) round-trips through `read_action` (or `GameState.parse_action`):

- a `Deal` (chance; `engines.cards.deals.Deal`): ``dealer 0: <hand> | … / up - / stock
  <the Dobb>`` — each seat's 8 cards (``-`` for the 5-player dealer, who gets none) and the
  Dobb (§3.2). The first deal of a session also draws the first dealer (§3.1);
- a `Call` (bidding §4, doubling §7): ``weiter``, ``dobbm``, ``solo``, ``gut``,
  ``schwacher``, ``retour``;
- a `Discard` (§6.1): ``discard 7H 8L 9A 6B`` — the declarer's 4 cards laid away after
  taking the Dobb; it is final, and is his "ich liege";
- a `GermanCard` to play (``SH``, ``OB``).

Host actions, decided by nobody at the table, go through `GameState.host` (never
`apply`), are listed by `host_actions()` and are recorded like the others; their text
(`str`) is read back by `read_host`, not `parse_action`:

- ``close``: close the session: with `musrunde` the Mußrunde (§13) starts with the next
  hand (after the hand in play, if any); without it the session ends after that hand;
- ``revoke N`` (with `record_irregularities`, during the doubling or the play): seat N
  revoked; the hand is abandoned with the penalty of §11.2–11.3;
- ``wrong discards`` (likewise, in a Dobbm): the declarer laid away the wrong number of
  cards; he pays the penalty to each (§11.4).

Seats are numbered clockwise: seat s+1 sits on s's left and speaks and plays after s. In
the 5-player game the dealer sits out: no cards, no bid, no double, and pays or receives
like a defender (§1.2, §10.5). Money is a `Fraction` of shillings (whole shillings under
the default rounding).

Illegal input raises `RuleError` naming the rule it breaks; the state is unchanged (every
action is checked in full before anything is changed).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from fractions import Fraction
from itertools import combinations
from math import ceil, factorial
from typing import Final

from engines.cards import tricks as tk
from engines.cards.cards import CardError
from engines.cards.deals import Deal, DealError, DealSchedule, Packets, Stock, hand_splits
from engines.cards.game import CheckedCardTable
from engines.cards.german import SOW, GermanCard, GermanSuit, german_deck
from engines.errors import BrokenRule
from engines.protocol import CHANCE, RandomLike

from .options import DobbmOptions, MatschDobb, Rounding, SowDiscardRule

HOST: Final = -2
"""The actor of a host action in `GameState.history`."""

DECK: Final = german_deck()
TRUMP: Final = GermanSuit.HEARTS
ORDER: Final = tk.RankOrder(tk.ACE_TEN)
POINTS: Final = tk.PointTable.of(tk.ACE_TEN_POINTS)
TOTAL: Final = 120
HALF: Final = 60
HAND: Final = 8
DOBB: Final = 4
TRICKS: Final = 8
STOCKERL_POINTS: Final = 10
REVOKE_POINTS: Final = 30

R_TURN: Final = "play in turn: the bidding starts on the dealer's left, the declarer leads"
R_SEAT: Final = "seats are numbered 0 to players − 1"
R_OVER: Final = "the session is over"
R_DEAL: Final = ("each active player receives 4 cards, then 4 more, from the dealer's left; "
                 "the last 4 cards are the Dobb; the 5-player dealer receives nothing")
R_DEALER: Final = ("the declarer deals the next hand; after all pass the same dealer deals "
                   "(4 players) or the deal passes left (5 players); in the Mußrunde the "
                   "deal passes left")
R_PHASE: Final = ("a hand goes in order: the deal, the bidding, the exchange, the doubling, "
                  "the play")
R_ONCE: Final = "each active player speaks exactly once in the bidding"
R_BID_OPEN: Final = "with no bid yet a player says weiter, Dobbm or Solo"
R_BID_DOBBM: Final = "after a Dobbm a player says Solo or gut; an equal bid is not allowed"
R_BID_SOLO: Final = "after a Solo a player may only say gut"
R_FORCED: Final = ("in the Mußrunde the player on the dealer's left must be declarer and "
                   "chooses Dobbm or Solo")
R_DISCARD: Final = "the declarer of a Dobbm lays away exactly 4 of his 12 cards"
R_SOW: Final = "a Sow may be laid away only together with a trump, one trump per Sow"
R_SOW_ALL: Final = ("a Sow (the heart Sow too) may be laid away only together with another "
                    "heart, one heart per Sow")
R_SCHWACHER: Final = ("the defenders, in order from the declarer's left, each say Schwacher "
                      "or gut")
R_ANSWER: Final = "after a Schwacher or retour the declarer answers gut or retour"
R_RETOUR: Final = ("after the declarer's retour the defenders, in order from his left, each "
                   "say retour or gut")
R_NO_SOLO_DOUBLING: Final = "a Solo is not doubled (solo_doubling off)"
R_HOLD: Final = tk.R_HOLD
R_FOLLOW: Final = tk.R_FOLLOW
R_TRUMP: Final = tk.R_TRUMP
R_NOTATION: Final = ("an action is a card such as SH or OB, weiter, dobbm, solo, gut, "
                     "schwacher, retour, discard <4 cards>, or a deal")
R_HOST: Final = ("the host (not a seat) closes the session and records irregularities, "
                 "through host()")
R_IRREGULAR: Final = ("irregularities are recorded only with record_irregularities, during "
                      "the doubling or the play of a hand")


class RuleError(BrokenRule):
    """An action the rules forbid; `rule` is the rule sentence it breaks."""


class Phase(StrEnum):
    DEAL = "deal"  # chance: the cards are dealt
    BID = "bid"  # each active player speaks once (§4)
    EXCHANGE = "exchange"  # the Dobbm declarer lays away 4 cards (§6)
    DOUBLE = "double"  # Schwacher and retour (§7)
    PLAY = "play"  # 8 tricks (§8)
    OVER = "over"  # the session is over


class Call(StrEnum):
    """A spoken call: the bids (§4) and the doubling calls (§7)."""

    WEITER = "weiter"  # pass with no bid yet
    DOBBM = "dobbm"  # the normal game
    SOLO = "solo"  # without the Dobb
    GUT = "gut"  # pass after a bid; no (more) doubling
    SCHWACHER = "schwacher"  # a defender doubles ("an Schwochn")
    RETOUR = "retour"  # doubles again


class Contract(StrEnum):
    DOBBM = "dobbm"
    SOLO = "solo"


@dataclass(frozen=True, slots=True)
class Discard:
    """The 4 cards the Dobbm declarer lays away (sorted): ``discard 7H 8L 9A 6B``."""

    cards: tuple[GermanCard, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(sorted(self.cards)))

    def __str__(self) -> str:
        return "discard " + " ".join(str(c) for c in self.cards)


@dataclass(frozen=True, slots=True)
class Host:
    """A host action: ``close``, ``revoke N`` or ``wrong discards`` (see the module)."""

    word: str
    seat: int | None = None

    def __str__(self) -> str:
        return self.word if self.seat is None else f"{self.word} {self.seat}"


CLOSE: Final = Host("close")
WRONG_DISCARDS: Final = Host("wrong discards")


def revoke(seat: int) -> Host:
    return Host("revoke", seat)


Action = Deal[GermanCard] | Call | Discard | GermanCard


def read_action(text: str, schedule: DealSchedule[GermanCard] | None = None) -> Action:
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
        if low in {c.value for c in Call}:
            return Call(low)
        if low.startswith("discard"):
            cards = [GermanCard.parse(t) for t in words[7:].replace(",", " ").split()]
            if len(set(cards)) != len(cards):
                raise RuleError(R_DISCARD, f"{text!r} names a card twice")
            return Discard(tuple(cards))
        return GermanCard.parse(words)
    except CardError as exc:
        raise RuleError(R_NOTATION, str(exc)) from exc


def read_host(text: str) -> Host:
    """A host action written as text: ``close``, ``revoke 2``, ``wrong discards``."""
    words = text.strip().lower().split() if isinstance(text, str) else []
    if words == ["close"]:
        return CLOSE
    if words == ["wrong", "discards"]:
        return WRONG_DISCARDS
    if len(words) == 2 and words[0] == "revoke" and words[1].isdigit():
        return revoke(int(words[1]))
    raise RuleError(R_HOST, f"{text!r} is not a host action: close, revoke N, wrong discards")


def schedule(players: int) -> DealSchedule[GermanCard]:
    """§3.2: 4 then 4 cards to each active player from the dealer's left, the last 4 the Dobb;
    with 5 players the dealer sits out."""
    return DealSchedule(DECK, players, (Packets(4), Packets(4), Stock(DOBB)),
                        dealer_sits_out=players == 5)


_SCHEDULES: Final = {n: schedule(n) for n in (4, 5)}


def card_points(card: GermanCard) -> int:
    """§2.2: Sow 11, Ten 10, King 4, Ober 3, Unter 2, the rest 0 (hearts too)."""
    return POINTS.points(card)


def points_of(cards: Iterable[GermanCard]) -> int:
    return POINTS.total(cards)


TRICK_RULES: Final = tk.TrickRules(ORDER, TRUMP, must_trump=True)
"""§8.2–8.3: follow suit, else a heart, else any card; the highest heart wins, else the
highest card of the suit led."""


# -- the exchange --------------------------------------------------------------------------------


def sow_rule_broken(cards: Sequence[GermanCard], rule: SowDiscardRule) -> str | None:
    """§6.2: the rule sentence a set of cards laid away breaks, or None.

    plain_vs_hearts: the Sows of leaves, acorns and bells laid away are no more than the
    hearts laid away (the heart Sow is a heart and needs no partner). all_vs_other_hearts:
    every Sow laid away, the heart Sow too, needs a heart other than the heart Sow."""
    if rule is SowDiscardRule.NONE:
        return None
    hearts = sum(1 for c in cards if c.suit is TRUMP)
    plain_sows = sum(1 for c in cards if c.rank == SOW and c.suit is not TRUMP)
    if rule is SowDiscardRule.PLAIN_VS_HEARTS:
        return R_SOW if plain_sows > hearts else None
    heart_sow = any(c.rank == SOW and c.suit is TRUMP for c in cards)
    if plain_sows + heart_sow > hearts - heart_sow:
        return R_SOW_ALL
    return None


def legal_discards(hand: Sequence[GermanCard], rule: SowDiscardRule) -> list[Discard]:
    """Every set of 4 cards of `hand` that may be laid away (§6.1–6.3), in a fixed order."""
    return [Discard(combo) for combo in combinations(sorted(hand), DOBB)
            if sow_rule_broken(combo, rule) is None]


# -- money ---------------------------------------------------------------------------------------


def _round(value: Fraction, options: DobbmOptions) -> Fraction:
    if options.rounding is Rounding.EXACT:
        return value
    return Fraction(ceil(value))


def multiplier(contract: Contract | str, doublings: int) -> int:
    """§10.2: X = 2^k, k = 1 for a Solo plus the Schwacher and retour calls."""
    return 2 ** ((1 if Contract(contract) is Contract.SOLO else 0) + doublings)


def base_amount(margin: int, options: DobbmOptions) -> Fraction:
    """§10.3: B = M × T / 60, rounded up to a shilling (before doubling) by default."""
    return _round(Fraction(margin * options.stake, HALF), options)


def stockerl(options: DobbmOptions) -> Fraction:
    """§5.2–5.3: 10 card points of a normal game, rounded up, never multiplied."""
    return _round(Fraction(STOCKERL_POINTS * options.stake, HALF), options)


def revoke_penalty(options: DobbmOptions, contract: Contract | str, doublings: int) -> Fraction:
    """§11.2: half a Matsch of the current game: ceil(30 × T / 60) × X (X without
    `revoke_penalty_multiplied`)."""
    value = _round(Fraction(REVOKE_POINTS * options.stake, HALF), options)
    if options.revoke_penalty_multiplied:
        value *= multiplier(contract, doublings)
    return value


def transfer(players: int, declarer: int, each: Fraction) -> tuple[Fraction, ...]:
    """Every other seat pays `each` to the declarer (a negative `each`: he pays them)."""
    out = [-each] * players
    out[declarer] = each * (players - 1)
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Score:
    """A played hand's result (§9–10): the declarer's points D (with the Dobb as §9 says),
    whether it was a Matsch, the margin M, the base B, the multiplier X, the amount A per
    payer, and who won ("declarer", "defenders", or None when eingestellt)."""

    trick_points: int
    dobb_points: int
    points: int
    matsch: bool
    dobb_to_defenders: bool
    margin: int
    base: Fraction
    multiplier: int
    amount: Fraction
    winner: str | None


def score_hand(options: DobbmOptions, contract: Contract | str, doublings: int,
               trick_points: int, dobb_points: int, declarer_tricks: int) -> Score:
    """Score a played hand from the declarer's trick points, the Dobb's points (the discards,
    or the untouched Solo talon) and his tricks (§9, §10.1–10.4)."""
    contract = Contract(contract)
    matsch = declarer_tricks in (0, TRICKS)
    to_defenders = declarer_tricks == 0 and (
        contract is Contract.DOBBM
        or options.matsch_dobb_to_defenders is MatschDobb.NORMAL_AND_SOLO)
    points = trick_points + (0 if to_defenders else dobb_points)
    margin = abs(points - HALF)
    base = base_amount(margin, options)
    times = multiplier(contract, doublings)
    winner = None if points == HALF else ("declarer" if points > HALF else "defenders")
    return Score(trick_points, dobb_points, points, matsch, to_defenders, margin, base, times,
                 base * times, winner)


def hand_payments(players: int, declarer: int, score: Score) -> tuple[Fraction, ...]:
    """§10.5: each other seat (defenders and the 5-player dealer) pays A to a winning
    declarer, or receives A from a losing one; nothing when eingestellt."""
    if score.winner is None:
        return (Fraction(0),) * players
    return transfer(players, declarer, score.amount if score.winner == "declarer"
                    else -score.amount)


def irregularity_payments(options: DobbmOptions, kind: str, offender: int, declarer: int,
                          contract: Contract | str, doublings: int) -> tuple[Fraction, ...]:
    """§11.2–11.4 for a recorded hand: a defender's revoke costs every defender (and the
    5-player dealer) P to the declarer; the declarer's revoke, or his wrong number of
    discards (`kind` "wrong discards"), costs him P to each of them."""
    penalty = revoke_penalty(options, contract, doublings)
    declarer_pays = kind != "revoke" or offender == declarer
    return transfer(options.players, declarer, -penalty if declarer_pays else penalty)


def stockerl_payments(options: DobbmOptions, new_dealer: int) -> tuple[Fraction, ...]:
    """§5.2: each of the other four pays the new dealer a Stockerl (5 players, `stockerl` on)."""
    if options.players != 5 or not options.stockerl:
        return (Fraction(0),) * options.players
    return transfer(options.players, new_dealer, stockerl(options))


# -- what a hand leaves behind -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TrickRecord:
    """A finished trick: who led, the cards in playing order, who won it."""

    leader: int
    cards: tuple[GermanCard, ...]
    winner: int


@dataclass(frozen=True, slots=True)
class HandResult:
    """One finished hand. `outcome`: ``played``, ``passed`` (all passed: thrown in) or
    ``abandoned`` (a recorded irregularity). `payments` by seat (adding up to 0) and
    `ledger` (every seat's shillings after the hand). The cards (`deal`, `dobb`,
    `discards`, `tricks`) are dropped by `without_cards` once the next hand is dealt."""

    number: int
    dealer: int
    sitting_out: int | None
    outcome: str
    musrunde: bool = False
    declarer: int | None = None
    contract: Contract | None = None
    bids: tuple[tuple[int, Call], ...] = ()
    doublings: tuple[tuple[int, Call], ...] = ()
    score: Score | None = None
    irregularity: Host | None = None
    payments: tuple[Fraction, ...] = ()
    ledger: tuple[Fraction, ...] = ()
    next_dealer: int = 0
    deal: tuple[tuple[GermanCard, ...], ...] = ()
    dobb: tuple[GermanCard, ...] = ()
    discards: tuple[GermanCard, ...] = ()
    tricks: tuple[TrickRecord, ...] = ()

    def without_cards(self) -> HandResult:
        return replace(self, deal=(), dobb=(), discards=(), tricks=())


@dataclass(frozen=True)
class View:
    """What one seat may see (see `GameState.view`)."""

    seat: int
    options: DobbmOptions
    phase: Phase
    hand_number: int
    dealer: int | None
    sitting_out: int | None  # the 5-player dealer
    active: tuple[int, ...]  # the seats dealt, in speaking order from the dealer's left
    turn: int | None
    hand: tuple[GermanCard, ...]  # this seat's cards (the Dobbm declarer: 12 in the exchange)
    hand_sizes: tuple[int, ...]
    bids: tuple[tuple[int, Call], ...]
    declarer: int | None
    contract: Contract | None
    musrunde: bool  # this hand is (or the next will be) a Mußrunde hand
    musrunde_left: int  # Mußrunde hands still to play (0: none started)
    closing: bool  # the host has asked to close the session
    dobb: tuple[GermanCard, ...]  # the Dobb: only the Dobbm declarer, once he has taken it
    discards: tuple[GermanCard, ...]  # what the Dobbm declarer laid away: only he sees them
    doublings: tuple[tuple[int, Call], ...]  # the Schwacher, retour and gut calls in order
    multiplier: int  # X so far (§10.2)
    leader: int | None
    trick: tuple[GermanCard, ...]  # the trick in play, from `leader`
    tricks: tuple[TrickRecord, ...]  # this hand's finished tricks
    trick_points: tuple[int, int]  # card points in the tricks: (declarer, defenders)
    tricks_won: tuple[int, int]  # (declarer, defenders)
    ledger: tuple[Fraction, ...]  # every seat's shillings over the session
    results: tuple[HandResult, ...]  # every finished hand, without its cards
    previous: HandResult | None  # the last hand in full (the Dobb shown), between hands
    legal: tuple[Action, ...] = field(default=())


# -- the game ------------------------------------------------------------------------------------


class GameState(CheckedCardTable):
    """A whole session of Dobbm (see the module docstring)."""

    DEAL, OVER, Error, Words = Phase.DEAL, Phase.OVER, RuleError, Call
    R_SEAT, R_NOTATION, Actions = R_SEAT, R_NOTATION, (Deal, Call, Discard, GermanCard)
    read_action = staticmethod(read_action)

    def __init__(self, options: DobbmOptions | None = None) -> None:
        self.options = options or DobbmOptions()
        self.schedule = _SCHEDULES[self.options.players]
        n = self.options.players
        self.ledger: list[Fraction] = [Fraction(0)] * n
        self.results: list[HandResult] = []
        self.public_results: list[HandResult] = []
        self.history: list[tuple[int, Action | Host]] = []
        self.hand_number = 0
        self.hands_counted = 0  # played or abandoned hands (toward `session_hands`)
        self.dealer: int | None = None  # the next dealer (None: drawn with the first deal)
        self.closing = False  # the host asked to close the session
        self.musrunde_left = 0  # Mußrunde hands still to play
        self._clear_hand()
        self.phase = Phase.DEAL

    def _clear_hand(self) -> None:
        n = self.options.players
        self.deal: Deal[GermanCard] | None = None
        self.hands: list[list[GermanCard]] = [[] for _ in range(n)]
        self.dobb: tuple[GermanCard, ...] = ()
        self.active: tuple[int, ...] = ()
        self.speakers: list[int] = []
        self.bids: list[tuple[int, Call]] = []
        self.declarer: int | None = None
        self.contract: Contract | None = None
        self.forced: int | None = None
        self.taken = False  # the Dobbm declarer has taken the Dobb
        self.discards: tuple[GermanCard, ...] = ()
        self.doublings: list[tuple[int, Call]] = []
        self.doubles = 0
        self.stage = ""  # in the doubling: "schwacher", "answer" or "retour"
        self.asking: list[int] = []
        self.turn: int | None = None
        self.leader: int | None = None
        self.trick: list[GermanCard] = []
        self.tricks: list[TrickRecord] = []
        self.trick_points = [0, 0]
        self.tricks_won = [0, 0]
        self._legal_cache: tuple[Action, ...] | None = None

    def clone(self) -> GameState:
        other = object.__new__(GameState)
        other.__dict__.update(self.__dict__)
        for name in ("ledger", "results", "public_results", "history", "speakers", "bids",
                     "doublings", "asking", "trick", "tricks", "trick_points", "tricks_won"):
            setattr(other, name, list(getattr(self, name)))
        other.hands = [list(h) for h in self.hands]
        return other

    # -- the common interface ----------------------------------------------------------------

    @property
    def sitting_out(self) -> int | None:
        """The 5-player dealer of the hand in play (or about to be dealt)."""
        if self.players != 5 or self.dealer is None:
            return None
        return self.dealer

    @property
    def in_musrunde(self) -> bool:
        return self.musrunde_left > 0

    @property
    def defenders(self) -> tuple[int, ...]:
        """The active players other than the declarer, from the declarer's left (§7.2)."""
        if self.declarer is None:
            return ()
        n = self.players
        seats = ((self.declarer + i) % n for i in range(1, n))
        return tuple(s for s in seats if s in self.active)

    def legal_actions(self) -> list[Action]:
        """The decisions of the seat on turn (none during a deal, or at the end)."""
        if self.phase in (Phase.DEAL, Phase.OVER):
            return []
        cached = self._legal_cache
        if cached is None:
            cached = self._legal_cache = tuple(self._legal())
        return list(cached)

    def _legal(self) -> list[Action]:
        phase = self.phase
        if phase is Phase.PLAY:
            assert self.turn is not None
            return list(tk.legal_plays(self.hands[self.turn], self._trick(), TRICK_RULES))
        if phase is Phase.BID:
            if self.forced is not None:
                return [Call.DOBBM, Call.SOLO]
            top = self._top_bid()
            if top is None:
                return [Call.WEITER, Call.DOBBM, Call.SOLO]
            if top is Call.DOBBM:
                return [Call.SOLO, Call.GUT]
            return [Call.GUT]
        if phase is Phase.EXCHANGE:
            assert self.declarer is not None
            return list(legal_discards(self.hands[self.declarer], self.options.sow_discard_rule))
        if phase is Phase.DOUBLE:
            if self.stage == "schwacher":
                return [Call.SCHWACHER, Call.GUT]
            return [Call.RETOUR, Call.GUT]
        return []

    def sample_chance(self, rng: RandomLike) -> Deal[GermanCard]:
        """A deal from an injected random source (not applied): on the first deal the dealer
        is drawn too (§3.1). The Dobb is given sorted (its order means nothing)."""
        if self.phase is not Phase.DEAL:
            raise RuleError(R_PHASE, f"no cards are dealt now: the hand waits for {self.phase}")
        dealer = rng.randrange(self.players) if self.dealer is None else self.dealer
        deal = self.schedule.sample(rng, dealer)
        return Deal(dealer, deal.hands, (), tuple(sorted(deal.stock)))

    def chance_outcomes(self) -> Iterator[tuple[Deal[GermanCard], Fraction]]:
        """Every deal, each as likely, made lazily (iterate, or draw one with
        `sample_chance`)."""
        if self.phase is not Phase.DEAL:
            raise RuleError(R_PHASE, f"no cards are dealt now: the hand waits for {self.phase}")
        n = self.players
        dealers = range(n) if self.dealer is None else (self.dealer,)
        chance = Fraction(factorial(HAND) ** 4 * factorial(DOBB),
                          factorial(len(DECK)) * len(dealers))
        return ((deal, chance) for dealer in dealers for deal in _deals(dealer, n))

    def returns(self) -> tuple[float, ...]:
        """Zero until the session is over; then each seat's shillings (they add up to 0)."""
        if self.phase is not Phase.OVER:
            return (0.0,) * self.players
        return tuple(float(x) for x in self.ledger)

    def view(self, seat: int) -> View:
        """What `seat` may see: its own hand; the Dobb only as the Dobbm declarer who took it
        (and his own discards); the bids, the doubling, the tricks, the ledger. Never another
        hand, never the Dobb of a Solo (not even the declarer's), until the hand's result."""
        self._check_seat(seat)
        mine = self.current_player == seat
        own = seat == self.declarer and self.taken
        between = self.phase in (Phase.DEAL, Phase.OVER)
        return View(
            seat=seat,
            options=self.options,
            phase=self.phase,
            hand_number=self.hand_number,
            dealer=self.dealer,
            sitting_out=self.sitting_out,
            active=self.active,
            turn=None if between else self.turn,
            hand=tuple(sorted(self.hands[seat])),
            hand_sizes=tuple(len(h) for h in self.hands),
            bids=tuple(self.bids),
            declarer=self.declarer,
            contract=self.contract,
            musrunde=self.in_musrunde or (self.closing and self.options.musrunde),
            musrunde_left=self.musrunde_left,
            closing=self.closing,
            dobb=self.dobb if own else (),
            discards=self.discards if own else (),
            doublings=tuple(self.doublings),
            multiplier=multiplier(self.contract, self.doubles) if self.contract else 1,
            leader=self.leader,
            trick=tuple(self.trick),
            tricks=tuple(self.tricks),
            trick_points=(self.trick_points[0], self.trick_points[1]),
            tricks_won=(self.tricks_won[0], self.tricks_won[1]),
            ledger=tuple(self.ledger),
            results=tuple(self.public_results),
            previous=self.results[-1] if self.results and between else None,
            legal=tuple(self.legal_actions()) if mine else (),
        )

    # -- checking and applying (`parse_action`, `why_illegal` and `apply`: CheckedCardTable) --

    def _do(self, actor: int, action: Action) -> None:
        phase = self.phase
        if phase is Phase.DEAL:
            assert isinstance(action, Deal)
            self._do_deal(action)
        elif phase is Phase.BID:
            assert isinstance(action, Call)
            self._do_bid(actor, action)
        elif phase is Phase.EXCHANGE:
            assert isinstance(action, Discard)
            self._do_discard(action)
        elif phase is Phase.DOUBLE:
            assert isinstance(action, Call)
            self._do_double(actor, action)
        else:
            assert isinstance(action, GermanCard)
            self._do_play(actor, action)

    def _check(self, action: object, seat: int | None) -> int:
        """The actor, if `action` by `seat` is legal now; RuleError otherwise."""
        if isinstance(action, Host):
            raise RuleError(R_HOST, f"{action} is the host's, not a seat's: use host()")
        if self.phase is Phase.OVER:
            raise RuleError(R_OVER, "the session is over")
        actor = self.current_player
        assert actor is not None
        if seat is not None and seat != actor:
            if seat != CHANCE:
                self._check_seat(seat)
            if actor == CHANCE:
                raise RuleError(R_DEAL, "the cards are being dealt")
            if seat == CHANCE:
                raise RuleError(R_TURN, f"seat {actor} decides now, not chance")
            if self.phase is Phase.BID and any(s == seat for s, _c in self.bids):
                raise RuleError(R_ONCE, f"seat {seat} has spoken already")
            raise RuleError(R_TURN, f"it is seat {actor}'s turn, not seat {seat}'s")
        phase = self.phase
        if phase is Phase.DEAL:
            self._check_deal(action)
        elif phase is Phase.BID:
            self._check_bid(actor, action)
        elif phase is Phase.EXCHANGE:
            self._check_discard(action)
        elif phase is Phase.DOUBLE:
            self._check_double(actor, action)
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
        if self.dealer is not None and action.dealer != self.dealer:
            raise RuleError(R_DEALER, f"seat {self.dealer} deals now, not seat {action.dealer}")

    def _check_bid(self, actor: int, action: object) -> None:
        legal = self.legal_actions()
        if action in legal:
            return
        if self.forced is not None:
            rule = R_FORCED
        else:
            top = self._top_bid()
            rule = R_BID_OPEN if top is None else R_BID_DOBBM if top is Call.DOBBM \
                else R_BID_SOLO
        said = ", ".join(str(a) for a in legal)
        raise RuleError(rule, f"seat {actor} may say {said} now, not {action}")

    def _check_discard(self, action: object) -> None:
        assert self.declarer is not None
        if not isinstance(action, Discard):
            raise RuleError(R_DISCARD, f"seat {self.declarer} lays away 4 cards now, not "
                                       f"{action}")
        hand = self.hands[self.declarer]
        if len(action.cards) != DOBB or len(set(action.cards)) != DOBB:
            raise RuleError(R_DISCARD, f"{len(action.cards)} cards laid away, not 4")
        missing = [c for c in action.cards if c not in hand]
        if missing:
            raise RuleError(R_DISCARD, f"{' '.join(map(str, missing))} is not in the "
                                       f"declarer's 12 cards")
        broken = sow_rule_broken(action.cards, self.options.sow_discard_rule)
        if broken:
            raise RuleError(broken, f"{action} lays away a Sow without its heart")

    def _check_double(self, actor: int, action: object) -> None:
        if action in self.legal_actions():
            return
        rule = {"schwacher": R_SCHWACHER, "answer": R_ANSWER}.get(self.stage, R_RETOUR)
        said = " or ".join(str(a) for a in self.legal_actions())
        raise RuleError(rule, f"seat {actor} says {said} now, not {action}")

    def _check_play(self, actor: int, action: object) -> None:
        if action in (Call.SCHWACHER, Call.RETOUR) and self.contract is Contract.SOLO \
                and not self.options.solo_doubling:
            raise RuleError(R_NO_SOLO_DOUBLING, f"seat {actor} plays a card now, not {action}")
        if not isinstance(action, GermanCard):
            raise RuleError(R_HOLD, f"seat {actor} plays a card now, not {action}")
        rule = tk.why_illegal(self.hands[actor], self._trick(), action, TRICK_RULES)
        if rule is not None:
            raise RuleError(rule, f"seat {actor} may not play {action} now")

    # -- the hand ------------------------------------------------------------------------------

    def _top_bid(self) -> Call | None:
        top = None
        for _seat, call in self.bids:
            if call is Call.SOLO:
                return Call.SOLO
            if call is Call.DOBBM:
                top = Call.DOBBM
        return top

    def _do_deal(self, deal: Deal[GermanCard]) -> None:
        self.dealer = deal.dealer
        self.deal = deal
        self.hands = [list(h) for h in deal.hands]
        self.dobb = tuple(sorted(deal.stock))
        self.active = self.schedule.dealing_order(deal.dealer)
        self.phase = Phase.BID
        if self.in_musrunde:
            self.forced = self.active[0]
            self.speakers = [self.forced]
        else:
            self.speakers = list(self.active)
        self.turn = self.speakers[0]

    def _do_bid(self, seat: int, call: Call) -> None:
        self.bids.append((seat, call))
        self.speakers.pop(0)
        if call is Call.SOLO or not self.speakers:
            self._end_bidding()
        else:
            self.turn = self.speakers[0]

    def _end_bidding(self) -> None:
        top = self._top_bid()
        if top is None:
            self._all_passed()
            return
        self.declarer = next(s for s, c in reversed(self.bids) if c is top)
        if top is Call.DOBBM:
            self.contract = Contract.DOBBM
            self.hands[self.declarer].extend(self.dobb)
            self.taken = True
            self.phase = Phase.EXCHANGE
            self.turn = self.declarer
        else:
            self.contract = Contract.SOLO
            if self.options.solo_doubling:
                self._start_doubling()
            else:
                self._start_play()

    def _do_discard(self, discard: Discard) -> None:
        assert self.declarer is not None
        hand = self.hands[self.declarer]
        for card in discard.cards:
            hand.remove(card)
        self.discards = discard.cards
        self._start_doubling()

    def _start_doubling(self) -> None:
        self.phase = Phase.DOUBLE
        self.stage = "schwacher"
        self.asking = list(self.defenders)
        self.turn = self.asking[0]

    def _capped(self) -> bool:
        cap = self.options.max_doublings
        return cap > 0 and self.doubles >= cap

    def _do_double(self, seat: int, call: Call) -> None:
        self.doublings.append((seat, call))
        if call is Call.GUT:
            if self.stage == "answer":
                self._start_play()
                return
            self.asking.pop(0)
            if not self.asking:
                self._start_play()
            else:
                self.turn = self.asking[0]
            return
        self.doubles += 1
        if self._capped():
            self._start_play()
        elif self.stage == "answer":
            self.stage = "retour"
            self.asking = list(self.defenders)
            self.turn = self.asking[0]
        else:
            self.stage = "answer"
            self.turn = self.declarer

    def _start_play(self) -> None:
        self.phase = Phase.PLAY
        self.stage = ""
        self.asking = []
        self.leader = self.turn = self.declarer

    def _trick(self) -> tk.Trick[GermanCard]:
        assert self.leader is not None
        trick: tk.Trick[GermanCard] = tk.Trick.led_by(self.leader, self.active_clockwise)
        return tk.Trick(trick.order, tuple(self.trick))

    @property
    def active_clockwise(self) -> tuple[int, ...]:
        return tuple(sorted(self.active))

    def _do_play(self, seat: int, card: GermanCard) -> None:
        self.hands[seat].remove(card)
        self.trick.append(card)
        trick = self._trick()
        if not trick.is_complete:
            nxt = trick.seat_to_play
            assert nxt is not None
            self.turn = nxt
            return
        assert self.leader is not None
        winner = tk.trick_winner(trick, TRICK_RULES)
        side = 0 if winner == self.declarer else 1
        self.trick_points[side] += points_of(trick.cards)
        self.tricks_won[side] += 1
        self.tricks.append(TrickRecord(self.leader, tuple(trick.cards), winner))
        self.trick = []
        if len(self.tricks) == TRICKS:
            self._score()
        else:
            self.leader = self.turn = winner

    def _score(self) -> None:
        assert self.declarer is not None and self.contract is not None
        dobb = self.discards if self.contract is Contract.DOBBM else self.dobb
        score = score_hand(self.options, self.contract, self.doubles, self.trick_points[0],
                           points_of(dobb), self.tricks_won[0])
        payments = hand_payments(self.players, self.declarer, score)
        self._finish("played", payments, score=score)

    def _all_passed(self) -> None:
        assert self.dealer is not None
        if self.players == 5:
            new = (self.dealer + 1) % self.players
            payments = stockerl_payments(self.options, new)
        else:
            new = self.dealer
            payments = (Fraction(0),) * self.players
        self._finish("passed", payments, next_dealer=new)

    def _finish(self, outcome: str, payments: tuple[Fraction, ...], score: Score | None = None,
                irregularity: Host | None = None, next_dealer: int | None = None) -> None:
        assert self.dealer is not None
        musrunde = self.in_musrunde
        if next_dealer is None:
            assert self.declarer is not None
            next_dealer = (self.dealer + 1) % self.players if musrunde else self.declarer
        self.ledger = [a + b for a, b in zip(self.ledger, payments, strict=True)]
        result = HandResult(
            number=self.hand_number, dealer=self.dealer, sitting_out=self.sitting_out,
            outcome=outcome, musrunde=musrunde, declarer=self.declarer,
            contract=self.contract, bids=tuple(self.bids), doublings=tuple(self.doublings),
            score=score, irregularity=irregularity, payments=payments,
            ledger=tuple(self.ledger), next_dealer=next_dealer,
            deal=self.deal.hands if self.deal else (), dobb=self.dobb,
            discards=self.discards, tricks=tuple(self.tricks))
        self.results.append(result)
        self.public_results.append(result.without_cards())
        self._clear_hand()
        self.hand_number += 1
        self.dealer = next_dealer
        self.phase = Phase.DEAL
        if outcome != "passed":
            self.hands_counted += 1
            if musrunde:
                self.musrunde_left -= 1
                if self.musrunde_left == 0:
                    self.phase = Phase.OVER
                return
        limit = self.options.session_hands
        if self.closing or (limit and self.hands_counted >= limit):
            self._close_now()

    def _close_now(self) -> None:
        self.closing = True
        if self.options.musrunde:
            self.musrunde_left = self.players
        else:
            self.phase = Phase.OVER

    # -- the host ------------------------------------------------------------------------------

    def host_actions(self) -> list[Host]:
        """What the host may do now: close the session (once), and with
        `record_irregularities`, during the doubling or the play, record a revoke by an
        active seat or (in a Dobbm) a wrong number of discards."""
        out: list[Host] = []
        if self.phase is Phase.OVER:
            return out
        if not self.closing and not self.in_musrunde:
            out.append(CLOSE)
        if self.options.record_irregularities and self.phase in (Phase.DOUBLE, Phase.PLAY):
            out.extend(revoke(s) for s in self.active_clockwise)
            if self.contract is Contract.DOBBM:
                out.append(WRONG_DISCARDS)
        return out

    def why_host_illegal(self, action: Host | str) -> RuleError | None:
        try:
            self._check_host(read_host(action) if isinstance(action, str) else action)
        except RuleError as error:
            return error
        return None

    def _check_host(self, action: object) -> Host:
        if not isinstance(action, Host):
            raise RuleError(R_HOST, f"{action} is not a host action")
        if self.phase is Phase.OVER:
            raise RuleError(R_OVER, "the session is over")
        if action == CLOSE:
            if self.closing or self.in_musrunde:
                raise RuleError(R_HOST, "the session is closing already")
            return action
        if action not in self.host_actions():
            raise RuleError(R_IRREGULAR, f"{action} cannot be recorded now")
        return action

    def host(self, action: Host | str) -> None:
        """Apply a host action (see the module docstring); RuleError naming the rule if it is
        not allowed now, and nothing changes."""
        action = self._check_host(read_host(action) if isinstance(action, str) else action)
        if action == CLOSE:
            if self.phase is Phase.DEAL:
                self._close_now()
            else:
                self.closing = True
        else:
            assert self.declarer is not None and self.contract is not None
            offender = self.declarer if action.seat is None else action.seat
            kind = "revoke" if action.word == "revoke" else "wrong discards"
            payments = irregularity_payments(self.options, kind, offender, self.declarer,
                                             self.contract, self.doubles)
            self._finish("abandoned", payments, irregularity=action)
        self._legal_cache = None
        self.history.append((HOST, action))


def _deals(dealer: int, players: int) -> Iterator[Deal[GermanCard]]:
    """Every deal by `dealer`, lazily: the hands in dealing order, the rest the Dobb."""
    order = _SCHEDULES[players].dealing_order(dealer)
    for dealt in hand_splits(DECK, len(order), HAND):
        used = {c for h in dealt for c in h}
        by_seat: list[tuple[GermanCard, ...]] = [()] * players
        for seat, hand in zip(order, dealt, strict=True):
            by_seat[seat] = hand
        yield Deal(dealer, tuple(by_seat), (), tuple(c for c in DECK if c not in used))


def hidden_cards(state: GameState, seat: int) -> frozenset[GermanCard]:
    """The cards `seat` may not see now: the other hands, the Dobb (unless `seat` is the
    Dobbm declarer who took it) and the others' discards."""
    out = {c for s, hand in enumerate(state.hands) if s != seat for c in hand}
    if not state.taken:
        out.update(state.dobb)
    if seat != state.declarer:
        out.update(state.discards)
    return frozenset(out)


def random_action(state: GameState, rng: RandomLike) -> Action:
    """Any allowed next action, uniformly (a deal at a chance step); not applied."""
    if state.is_chance:
        return state.sample_chance(rng)
    legal = state.legal_actions()
    if not legal:
        raise RuleError(R_OVER, "the session is over")
    return legal[rng.randrange(len(legal))]

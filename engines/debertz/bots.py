"""Computer players for Debertz: easy, medium and hard, for every decision of a deal.

Every bot has the one small interface of `engines.protocol.Bot`: a `level` and
``choose(view, rng) -> action``. It receives one seat's `rules.View` (never the game
state: a bot that peeks at hidden cards is a bug) and an injected random source, and
returns one of ``view.legal``: a bid, a swap or redeal answer, bella, or a card. The same
view and the same seeded random source give the same choice.

- `EasyBot`: bids on trump length alone (three or more of the suit); swaps the trump 7,
  never asks for a redeal; in play it wins a trick with its highest card when it can,
  else throws its cheapest card, and now and then plays any legal card.
- `MediumBot`: rules of thumb. Its bid weighs a suit as trumps by the trump honours held
  (J 20, 9 14, A 11 …), the trump length, the side aces and guarded tens, bella and half
  the sequences held, against a threshold that depends on the table size; it names the
  strongest suit in round 2 and when forced. It swaps the trump 7 unless that breaks a
  sequence worth more than the card taken, and asks for the weak-hand redeal when its
  hand is weak under the trump too. In play it draws trumps as declarer while it holds
  the master trump, cashes master cards, otherwise leads its cheapest side card; it
  takes a trick when it is last to play or holds the master of the suit (with the
  cheapest card that wins), gives points to a partner who is sure to win, and
  otherwise ducks with its cheapest card, keeping trumps. It announces bella at once.
- `HardBot`: determinized Monte Carlo. It deals the cards it cannot see into worlds
  consistent with the view — the cards played, the turned and exposed cards, the cards
  shown (runs, bella, the swap, the 4-player turned card), each hand's size, and what
  the play showed: a player who did not follow is void in that suit, one who did not
  trump either is void in trumps, one who did not overtrump when bound to holds no
  higher trump. In every world it plays each distinct legal card and rolls the deal out
  to the end with the medium policy for every seat, then scores the deal exactly as the
  rules do (`rules.settle`: contract, bait, hanging amounts, ski), and keeps the card
  with the best average of its side's points less the best other side's. The work is a
  fixed number of worlds, or, with an injected clock, as many as fit in `time_limit`
  (at least `min_worlds`, at most `max_worlds`). It bids by simulation too: for each
  trump it could fix, it deals the unseen cards (the hands completed as §6 does) into
  `bid_worlds` worlds and plays them out with the medium policy; it bids the best choice
  when its average for it clears `bid_margin`, else passes (`bid_worlds` = 0: the medium
  player's bid). The swap and the redeal are played out the same way, each answer in
  `bid_worlds` deals (a redeal is worth 0 to everybody).

Inside the bots a card is an int, ``suit * 8 + (rank - 7)`` (0..31), and `FastDeal`
plays the rest of a deal on them with no validation, for the rollouts; it agrees with
the rules' trick obligations and winner, which the tests check.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Final, Protocol

from engines.cards.cards import Card, Suit
from engines.protocol import RandomLike

from .options import DebertzOptions
from .rules import PASS, PLAY, Action, Bid, Phase, Say, View, settle

LEVELS: Final = ("easy", "medium", "hard")

Rng = RandomLike  # the random source a bot needs (`random.Random`, `secrets.SystemRandom`)


class Bot(Protocol):
    """A computer player: one of the view's legal actions."""

    level: str

    def choose(self, view: View, rng: Rng) -> Action: ...


# -- cards as ints -------------------------------------------------------------------------------

N_CARDS: Final = 32
RANKS: Final = (7, 8, 9, 10, 11, 12, 13, 14)  # r = rank - 7: 7 8 9 10 J Q K A
PLAIN_POWER: Final = (0, 1, 2, 6, 3, 4, 5, 7)  # A 10 K Q J 9 8 7, high to low
TRUMP_POWER: Final = (0, 1, 6, 4, 7, 2, 3, 5)  # J 9 A 10 K Q 8 7
PLAIN_POINTS: Final = (0, 0, 0, 10, 2, 3, 4, 11)
TRUMP_POINTS: Final = (0, 0, 14, 10, 20, 3, 4, 11)
NINE, TEN, JACK, QUEEN, KING, ACE_R = 2, 3, 4, 5, 6, 7
SEVEN_R = 0
SUIT_BITS: Final = tuple(0xFF << (8 * s) for s in range(4))


def to_int(card: Card) -> int:
    return int(card.suit) * 8 + card.rank - 7


def to_card(c: int) -> Card:
    return Card.of(RANKS[c & 7], Suit(c >> 3))


def _tables(trump: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """For `trump` (0..3, or 4: none): each card's trick strength (trumps above 100), its
    points, and the mask of the cards of its suit that beat it."""
    strength = [0] * N_CARDS
    points = [0] * N_CARDS
    for c in range(N_CARDS):
        r = c & 7
        if c >> 3 == trump:
            strength[c], points[c] = 100 + TRUMP_POWER[r], TRUMP_POINTS[r]
        else:
            strength[c], points[c] = PLAIN_POWER[r], PLAIN_POINTS[r]
    higher = [0] * N_CARDS
    for c in range(N_CARDS):
        for d in range(N_CARDS):
            if d >> 3 == c >> 3 and strength[d] > strength[c]:
                higher[c] |= 1 << d
    return tuple(strength), tuple(points), tuple(higher)


_TABLES: Final = tuple(_tables(t) for t in range(5))
STRENGTH: Final = tuple(t[0] for t in _TABLES)
POINTS: Final = tuple(t[1] for t in _TABLES)
HIGHER: Final = tuple(t[2] for t in _TABLES)
PLAIN_VALUE: Final = tuple(PLAIN_POINTS[c & 7] for c in range(N_CARDS))


def mask_of(cards: Sequence[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def runs_value(hand: Sequence[int], options: DebertzOptions) -> int:
    """The sequences (§8.1) in `hand` by their values (7–8 cards as a sotnya)."""
    m = mask_of(hand)
    total = 0
    for s in range(4):
        length = 0
        for r in range(8):  # 7 8 9 10 J Q K A: sequence order is the natural order
            if m >> (s * 8 + r) & 1:
                length += 1
            else:
                total += _run_points(length, options)
                length = 0
        total += _run_points(length, options)
    return total


def _run_points(length: int, options: DebertzOptions) -> int:
    if length < 3:
        return 0
    if length == 3:
        return 20
    if length == 4:
        return 50
    if length == 5:
        return options.five_card_value
    return 100 if options.sotnya else 50


# -- a deal played fast --------------------------------------------------------------------------


class FastDeal:
    """The rest of a deal on ints, for the rollouts: hands, the trick, who won what.

    `gone` is the mask of the cards everybody knows are not in anybody's hand (played, or
    face up out of play); a policy sees only that, its own hand and the trick."""

    __slots__ = (
        "declarer",
        "gone",
        "hands",
        "last",
        "leader",
        "n",
        "overtrump_partner",
        "overtrump_ruff",
        "partners",
        "points",
        "side",
        "trick",
        "tricks",
        "trump",
    )

    def __init__(self, hands: list[list[int]], trump: int, side: Sequence[int],
                 partners: bool, overtrump_partner: bool, overtrump_ruff: bool, leader: int,
                 trick: list[int], gone: int, points: list[int], tricks: list[int],
                 declarer: int) -> None:
        self.hands = hands
        self.trump = trump
        self.n = len(hands)
        self.side = side
        self.partners = partners
        self.overtrump_partner = overtrump_partner
        self.overtrump_ruff = overtrump_ruff
        self.leader = leader
        self.trick = trick
        self.gone = gone
        self.points = points
        self.tricks = tricks
        self.declarer = declarer  # the declarer's side
        self.last = -1  # the seat that took the last trick

    def to_play(self) -> int:
        return (self.leader + len(self.trick)) % self.n

    def best(self) -> int:
        """The position in the trick of the card winning it so far."""
        trick, trump, strength = self.trick, self.trump, STRENGTH[self.trump]
        best = 0
        for i in range(1, len(trick)):
            c, b = trick[i], trick[best]
            if c >> 3 == b >> 3:
                if strength[c] > strength[b]:
                    best = i
            elif c >> 3 == trump:
                best = i
        return best

    def legal(self, seat: int) -> list[int]:
        """§9.3 on ints: follow, else trump, overtrumping as the options bind."""
        hand = self.hands[seat]
        trick = self.trick
        if not trick:
            return hand
        trump = self.trump
        led = trick[0] >> 3
        follow = [c for c in hand if c >> 3 == led]
        if follow:
            if led == trump:
                return self._beat(seat, follow) or follow
            return follow
        trumps = [c for c in hand if c >> 3 == trump]
        if not trumps:
            return hand
        if self.overtrump_ruff and any(c >> 3 == trump for c in trick):
            return self._beat(seat, trumps) or trumps
        return trumps

    def _beat(self, seat: int, trumps: list[int]) -> list[int]:
        best = self.best()
        if self.partners and not self.overtrump_partner:
            winner = (self.leader + best) % self.n
            if self.side[winner] == self.side[seat]:
                return []
        top = STRENGTH[self.trump][self.trick[best]]
        strength = STRENGTH[self.trump]
        return [c for c in trumps if strength[c] > top]

    def play(self, card: int) -> None:
        seat = self.to_play()
        self.hands[seat] = [c for c in self.hands[seat] if c != card]
        self.trick.append(card)
        self.gone |= 1 << card
        if len(self.trick) < self.n:
            return
        won = (self.leader + self.best()) % self.n
        side = self.side[won]
        pts = POINTS[self.trump]
        self.points[side] += sum(pts[c] for c in self.trick)
        self.tricks[side] += 1
        self.trick = []
        self.leader = won
        if not self.hands[won]:
            self.last = won

    def finish(self, policy: Policy) -> None:
        while self.last < 0:
            seat = self.to_play()
            legal = self.legal(seat)
            self.play(legal[0] if len(legal) == 1 else policy(self, seat, legal))


Policy = Callable[[FastDeal, int, list[int]], int]


# -- the medium card policy ----------------------------------------------------------------------


def medium_card(deal: FastDeal, seat: int, legal: list[int]) -> int:
    """The medium player's card (see the module docstring); uses only what `seat` sees."""
    trump = deal.trump
    strength, points, higher = STRENGTH[trump], POINTS[trump], HIGHER[trump]
    hand = deal.hands[seat]
    seen = deal.gone | mask_of(hand)
    trick = deal.trick

    def master(c: int) -> bool:
        return not higher[c] & ~seen

    if not trick:
        trumps = [c for c in legal if c >> 3 == trump]
        outstanding = SUIT_BITS[trump] & ~seen
        if trumps and outstanding and deal.side[seat] == deal.declarer:
            top = max(trumps, key=strength.__getitem__)
            if master(top):
                return top
        plain = [c for c in legal if c >> 3 != trump]
        masters = [c for c in plain if master(c)]
        if masters:
            return max(masters, key=lambda c: (points[c], strength[c]))
        if plain:
            counts = [0] * 4
            for c in hand:
                counts[c >> 3] += 1

            hand_mask = mask_of(hand)

            def lead_key(c: int) -> tuple[int, int, int, int]:
                # keep a ten that is not yet master covered; prefer short suits and low cards
                guard = 1 if (hand_mask >> ((c >> 3) * 8 + TEN)) & 1 and c & 7 != TEN else 0
                return (points[c], guard, counts[c >> 3], strength[c])

            return min(plain, key=lead_key)
        return min(legal, key=strength.__getitem__)
    n = deal.n
    best_pos = deal.best()
    best = trick[best_pos]
    winner = (deal.leader + best_pos) % n
    last = len(trick) == n - 1
    on_trick = sum(points[c] for c in trick)

    def beats(c: int) -> bool:
        if c >> 3 == best >> 3:
            return strength[c] > strength[best]
        return c >> 3 == trump

    if deal.partners and deal.side[winner] == deal.side[seat]:
        safe = last or (master(best) and (best >> 3 == trump or trick[0] >> 3 != trump))
        if safe:
            plain = [c for c in legal if c >> 3 != trump]
            if plain:
                return max(plain, key=lambda c: (points[c], -strength[c]))
        return min(legal, key=lambda c: (c >> 3 == trump, points[c], strength[c]))
    winners = [c for c in legal if beats(c)]
    if winners:
        if last:
            cheap = min(winners, key=lambda c: (c >> 3 == trump, strength[c]))
            if cheap >> 3 != trump or on_trick + points[cheap] > 0 or len(winners) == len(legal):
                return cheap
        else:
            masters = [c for c in winners if master(c)]
            if masters and (on_trick > 0 or any(c >> 3 != trump for c in masters)):
                return min(masters, key=lambda c: (c >> 3 == trump, strength[c]))
        if len(winners) == len(legal):
            return min(winners, key=strength.__getitem__)
    losers = [c for c in legal if c not in winners] or legal
    return min(losers, key=lambda c: (c >> 3 == trump, points[c], strength[c]))


def easy_card(deal: FastDeal, seat: int, legal: list[int]) -> int:
    """The easy player's card: its highest card that wins, else its cheapest card."""
    trump = deal.trump
    strength, points = STRENGTH[trump], POINTS[trump]
    if not deal.trick:
        return max(legal, key=strength.__getitem__)
    best = deal.trick[deal.best()]
    winners = [c for c in legal if (c >> 3 == best >> 3 and strength[c] > strength[best])
               or (c >> 3 == trump and best >> 3 != trump)]
    if winners:
        return max(winners, key=strength.__getitem__)
    return min(legal, key=lambda c: (points[c], strength[c]))


# -- reading a view ------------------------------------------------------------------------------


def _trump_of(view: View) -> int:
    return 4 if view.trump is None else int(view.trump)


def _sides(options: DebertzOptions) -> tuple[int, ...]:
    return tuple(options.side_of(s) for s in range(options.players))


def _out_of_play(view: View) -> int:
    """Cards face up that nobody holds: the turned card (2–3 players) and the exposed one."""
    m = 0
    if view.options.players < 4 and view.turned is not None and view.declarer is not None:
        m |= 1 << to_int(view.turned)
    if view.exposed is not None:
        m |= 1 << to_int(view.exposed)
    return m


def _played(view: View) -> list[int]:
    out = [to_int(c) for t in view.tricks for c in t.cards]
    out.extend(to_int(c) for c in view.trick)
    return out


def deal_from_view(view: View, hands: list[list[int]] | None = None) -> FastDeal:
    """The play as the view shows it: `hands` (default: the seat's own hand only)."""
    options = view.options
    n = options.players
    if hands is None:
        hands = [[] for _ in range(n)]
        hands[view.seat] = [to_int(c) for c in view.hand]
    assert view.declarer is not None and view.leader is not None
    return FastDeal(hands, _trump_of(view), _sides(options), options.partnerships,
                    options.overtrump_partner, options.overtrump_on_ruff, view.leader,
                    [to_int(c) for c in view.trick], mask_of(_played(view)) | _out_of_play(view),
                    list(view.card_points), list(view.tricks_won),
                    options.side_of(view.declarer))


def _check_turn(view: View) -> None:
    if not view.legal:
        raise ValueError(f"seat {view.seat} has nothing to decide now")


# -- bidding and the pre-play answers ------------------------------------------------------------

BID_THRESHOLD: Final = {2: 40, 3: 37, 4: 35}  # 2 players: measured (bench_debertz)
REDEAL_BELOW: Final = 42


def trump_strength(hand: Sequence[int], suit: int, options: DebertzOptions) -> float:
    """How good `hand` is with `suit` as trumps (the medium player's measure)."""
    m = mask_of(hand)
    value = 0.0
    for c in hand:
        r = c & 7
        if c >> 3 == suit:
            value += TRUMP_POINTS[r] + 5
        elif r == ACE_R:
            value += 8
        elif r == TEN:
            value += 5 if m >> ((c >> 3) * 8 + ACE_R) & 1 else 2
    if m >> (suit * 8 + KING) & 1 and m >> (suit * 8 + QUEEN) & 1:
        value += 20
    return value + runs_value(hand, options) / 2


def medium_bid(view: View) -> Bid:
    legal = view.legal
    hand = [to_int(c) for c in view.hand]
    options = view.options
    threshold = BID_THRESHOLD[options.players]
    if PLAY in legal:
        assert view.turned is not None
        suit = int(view.turned.suit)
        return PLAY if trump_strength(hand, suit, options) >= threshold else PASS
    names = [a for a in legal if isinstance(a, Bid) and a.suit is not None]
    # (mypy does not carry the filter's `suit is not None` into the key)
    best = max(names, key=lambda b: trump_strength(hand, int(b.suit), options))  # type: ignore[arg-type]
    if PASS not in legal:
        return best
    assert best.suit is not None
    return best if trump_strength(hand, int(best.suit), options) >= threshold else PASS


def easy_bid(view: View) -> Bid:
    legal = view.legal
    hand = [to_int(c) for c in view.hand]
    counts = [0] * 4
    for c in hand:
        counts[c >> 3] += 1
    if PLAY in legal:
        assert view.turned is not None
        return PLAY if counts[int(view.turned.suit)] >= 3 else PASS
    names = [a for a in legal if isinstance(a, Bid) and a.suit is not None]
    best = max(names, key=lambda b: counts[int(b.suit)])  # type: ignore[arg-type]  # suit None filtered
    assert best.suit is not None
    if PASS in legal and counts[int(best.suit)] < 3:
        return PASS
    return best


def _hand_worth(hand: Sequence[int], trump: int, options: DebertzOptions) -> int:
    m = mask_of(hand)
    worth = sum(POINTS[trump][c] for c in hand) + runs_value(hand, options)
    if m >> (trump * 8 + KING) & 1 and m >> (trump * 8 + QUEEN) & 1:
        worth += 20
    return worth


def medium_swap(view: View) -> Say:
    """Swap the trump 7 for the turned card unless it breaks more than it brings."""
    assert view.turned is not None
    trump = _trump_of(view)
    hand = [to_int(c) for c in view.hand]
    seven = trump * 8 + SEVEN_R
    after = [c for c in hand if c != seven] + [to_int(view.turned)]
    options = view.options
    return Say.SWAP if _hand_worth(after, trump, options) >= _hand_worth(hand, trump, options) \
        else Say.KEEP


def medium_redeal(view: View) -> Say:
    """Annul a weak deal when the hand is weak under the trump as well."""
    hand = [to_int(c) for c in view.hand]
    strength = trump_strength(hand, _trump_of(view), view.options)
    return Say.REDEAL if strength < REDEAL_BELOW else Say.KEEP


# -- the bots ------------------------------------------------------------------------------------


@dataclass
class EasyBot:
    """Trump length bids; wins with its highest card when it can (see the module docstring)."""

    level: str = "easy"
    wander: float = 0.2  # how often it plays any legal card

    def choose(self, view: View, rng: Rng) -> Action:
        _check_turn(view)
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        if view.phase is Phase.BID:
            return easy_bid(view)
        if view.phase is Phase.SWAP:
            return Say.SWAP
        if view.phase is Phase.REDEAL:
            return Say.KEEP
        if Say.BELLA in legal:
            return Say.BELLA
        if rng.random() < self.wander:
            return legal[rng.randrange(len(legal))]
        deal = deal_from_view(view)
        # (bids and says are answered above: here every legal action is a card)
        return to_card(easy_card(deal, view.seat, [to_int(c) for c in legal]))  # type: ignore[arg-type]


@dataclass
class MediumBot:
    """Rules of thumb for every decision (see the module docstring)."""

    level: str = "medium"

    def choose(self, view: View, rng: Rng) -> Action:
        _check_turn(view)
        return medium_action(view)


def medium_action(view: View) -> Action:
    legal = view.legal
    if len(legal) == 1:
        return legal[0]
    if view.phase is Phase.BID:
        return medium_bid(view)
    if view.phase is Phase.SWAP:
        return medium_swap(view)
    if view.phase is Phase.REDEAL:
        return medium_redeal(view)
    if Say.BELLA in legal:
        return Say.BELLA
    deal = deal_from_view(view)
    # (bids and says are answered above: here every legal action is a card)
    return to_card(medium_card(deal, view.seat, [to_int(c) for c in legal]))  # type: ignore[arg-type]


@dataclass
class SearchReport:
    """What the last hard decision looked at (for tests and benchmarks)."""

    candidates: int = 0
    worlds: int = 0
    values: dict[Action, float] = field(default_factory=dict)


@dataclass
class Knowledge:
    """What a seat knows of the hidden cards in play: the cards it cannot place, how many
    each other seat holds unseen, the cards shown in each hand, and the cards each seat
    cannot hold (voids and trumps it could not have under-played)."""

    pool: list[int]
    unseen: list[int]  # by seat: how many hidden cards it holds (0 for the seat itself)
    shown: list[list[int]]
    barred: list[int]  # by seat: masks of cards it cannot hold

    @classmethod
    def of(cls, view: View) -> Knowledge:
        options = view.options
        n = options.players
        me = view.seat
        trump = _trump_of(view)
        mine = mask_of([to_int(c) for c in view.hand])
        shown = [[to_int(c) for c in view.known[s]] if s != me else [] for s in range(n)]
        taken = mine | mask_of(_played(view)) | _out_of_play(view)
        for s in range(n):
            taken |= mask_of(shown[s])
        pool = [c for c in range(N_CARDS) if not taken >> c & 1]
        unseen = [0 if s == me else view.hand_sizes[s] - len(shown[s]) for s in range(n)]
        barred = [0] * n
        side = _sides(options)
        tricks = [(t.leader, [to_int(c) for c in t.cards]) for t in view.tricks]
        if view.trick:
            assert view.leader is not None
            tricks.append((view.leader, [to_int(c) for c in view.trick]))
        strength = STRENGTH[trump]
        for leader, cards in tricks:
            led = cards[0] >> 3
            best = 0
            for i in range(1, len(cards)):
                seat = (leader + i) % n
                c, b = cards[i], cards[best]
                if c >> 3 != led:
                    barred[seat] |= SUIT_BITS[led]
                    if c >> 3 != trump and trump < 4:
                        barred[seat] |= SUIT_BITS[trump]
                bound = b >> 3 == trump and c >> 3 == trump and (
                    led == trump or options.overtrump_on_ruff)
                if bound and options.partnerships and not options.overtrump_partner:
                    bound = side[(leader + best) % n] != side[seat]
                if bound and strength[c] < strength[b]:
                    barred[seat] |= HIGHER[trump][b]
                if (c >> 3 == b >> 3 and strength[c] > strength[b]) or \
                        (c >> 3 == trump and b >> 3 != trump):
                    best = i
        barred[me] = 0
        return cls(pool, unseen, shown, barred)

    def sample(self, hand: list[int], me: int, rng: random.Random,
               tries: int = 20) -> list[list[int]]:
        """One world: every seat's hand, the hidden cards dealt consistently if possible."""
        n = len(self.unseen)
        order = sorted((s for s in range(n) if s != me and self.unseen[s]),
                       key=lambda s: -bin(self.barred[s]).count("1"))
        pool = list(self.pool)
        for attempt in range(tries + 1):
            rng.shuffle(pool)
            left = pool
            hands = [list(self.shown[s]) for s in range(n)]
            hands[me] = list(hand)
            ok = True
            for s in order:
                need = self.unseen[s]
                barred = self.barred[s] if attempt < tries else 0
                got = [c for c in left if not barred >> c & 1][:need]
                if len(got) < need:
                    ok = False
                    break
                hands[s].extend(got)
                chosen = mask_of(got)
                left = [c for c in left if not chosen >> c & 1]
            if ok:
                return hands
        raise AssertionError("unreachable: the last try ignores the voids")


def _seat_value(pts: Sequence[int], mine: int) -> float:
    others = [p for s, p in enumerate(pts) if s != mine]
    return pts[mine] - max(others)


@dataclass
class Scorer:
    """Scores a played-out `FastDeal` as the rules do (§10), for one side."""

    options: DebertzOptions
    side: int
    runs: list[int]  # the runs each side scores (known in play)
    tied: dict[int, int]  # sides whose tied runs wait for the last trick: their value
    bella: int | None  # the side whose bella scores (None: not yet known)
    pending: tuple[int, ...]
    baits: tuple[int, ...]

    @classmethod
    def of(cls, view: View) -> Scorer:
        options = view.options
        sides = options.sides
        runs = [0] * sides
        tied: dict[int, int] = {}
        if view.runs_side is not None:
            for run in view.declarations:
                if options.side_of(run.seat) == view.runs_side:
                    runs[view.runs_side] += run.value
        for side in view.runs_tied:
            seen = {r for r in view.declarations if options.side_of(r.seat) == side}
            if options.side_of(view.seat) == side:
                seen |= set(view.own_runs)
            tied[side] = sum(r.value for r in seen)
        bella = None if view.bella is None else options.side_of(view.bella)
        return cls(options, options.side_of(view.seat), runs, tied, bella,
                   tuple(view.pending), tuple(view.baits))

    def bella_in(self, hands: list[list[int]], trump: int) -> int | None:
        """The side whose bella will score in a world (announced, or both cards held)."""
        if self.bella is not None:
            return self.bella
        pair = (trump * 8 + KING, trump * 8 + QUEEN)
        for s, hand in enumerate(hands):
            if pair[0] in hand and pair[1] in hand:
                return self.options.side_of(s)
        return None

    def value(self, deal: FastDeal, bella: int | None) -> float:
        options = self.options
        totals = list(deal.points)
        for s, v in enumerate(self.runs):
            totals[s] += v
        last = options.side_of(deal.last)
        totals[last] += 10
        if last in self.tied:
            totals[last] += self.tied[last]
        if bella is not None:
            totals[bella] += 20
        got = settle(options, deal.declarer, totals, deal.tricks, self.pending, self.baits)
        return _seat_value(got.points, self.side)


@dataclass
class HardBot:
    """Determinized Monte Carlo over worlds consistent with the view (see the module
    docstring). Without a clock it searches `worlds` worlds (the same choice for the same
    view and random source); with an injected `clock` it goes on until `time_limit`
    seconds have passed (at least `min_worlds`, at most `max_worlds`)."""

    level: str = "hard"
    worlds: int = 60
    clock: Callable[[], float] | None = None
    time_limit: float = 0.25
    min_worlds: int = 4
    max_worlds: int = 300
    bid_worlds: int = 48
    bid_margin: float = -25.0
    report: SearchReport = field(default_factory=SearchReport)

    def choose(self, view: View, rng: Rng) -> Action:
        _check_turn(view)
        legal = view.legal
        self.report = SearchReport(candidates=len(legal))
        if len(legal) == 1:
            return legal[0]
        seed = rng.randrange(1 << 30)
        if view.phase is Phase.BID:
            return self._bid(view, random.Random(seed))
        if view.phase in (Phase.SWAP, Phase.REDEAL):
            return self._pre_play(view, random.Random(seed))
        if view.phase is not Phase.PLAY or Say.BELLA in legal:
            return medium_action(view)
        # In the play phase, no Bella to say: every legal action, and the medium one, is a card.
        cards = [to_int(c) for c in legal]  # type: ignore[arg-type]
        fallback = to_int(medium_action(view))  # type: ignore[arg-type]
        plays = _distinct(cards, view)
        self.report.candidates = len(plays)
        if len(plays) == 1:
            return to_card(fallback if fallback in _same(plays[0], cards, view) else plays[0])
        values = self._evaluate(view, plays, random.Random(seed))
        self.report.values = {to_card(c): v for c, v in zip(plays, values, strict=True)}
        best = max(range(len(plays)), key=lambda i: values[i])
        for i, c in enumerate(plays):
            if fallback in _same(c, cards, view) and values[i] >= values[best] - 1e-9:
                return to_card(fallback)
        return to_card(plays[best])

    def _evaluate(self, view: View, plays: list[int], rng: random.Random) -> list[float]:
        knowledge = Knowledge.of(view)
        scorer = Scorer.of(view)
        base = deal_from_view(view)
        me = view.seat
        hand = base.hands[me]
        totals = [0.0] * len(plays)
        worlds = 0
        for _world in self._budget(self.worlds):
            hands = knowledge.sample(hand, me, rng)
            bella = scorer.bella_in(hands, base.trump)
            for i, card in enumerate(plays):
                sim = FastDeal([list(h) for h in hands], base.trump, base.side, base.partners,
                               base.overtrump_partner, base.overtrump_ruff, base.leader,
                               list(base.trick), base.gone, list(base.points),
                               list(base.tricks), base.declarer)
                sim.play(card)
                sim.finish(medium_card)
                totals[i] += scorer.value(sim, bella)
            worlds += 1
        self.report.worlds = worlds
        return [t / max(worlds, 1) for t in totals]

    def _budget(self, fixed: int) -> Iterator[int]:
        """The worlds to search: `fixed` of them without a clock; with one, as many as fit
        in `time_limit` (at least `min_worlds`, at most `max_worlds`)."""
        if self.clock is None:
            yield from range(fixed)
            return
        deadline = self.clock() + self.time_limit
        for world in range(self.max_worlds):
            if world >= self.min_worlds and self.clock() > deadline:
                return
            yield world

    # -- bidding by simulation ------------------------------------------------------------------

    def _bid(self, view: View, rng: random.Random) -> Bid:
        rule = medium_bid(view)
        if self.bid_worlds <= 0 or view.turned is None:
            return rule
        legal = [a for a in view.legal if isinstance(a, Bid)]
        if PLAY in legal:
            choices = {PLAY: int(view.turned.suit)}
        else:
            choices = {b: int(b.suit) for b in legal if b.suit is not None}
        share = self.time_limit / len(choices)
        values = {b: self._bid_value(view, suit, rng, share) for b, suit in choices.items()}
        self.report.values = {bid: value for bid, value in values.items()}
        best = max(values, key=values.__getitem__)
        if PASS not in legal:
            return best
        return best if values[best] > self.bid_margin else PASS

    def _rollouts(self, limit: float) -> Iterator[int]:
        """The deals to play out for one choice before play: `bid_worlds`, and with a clock
        no more than fit in `limit` seconds (at least `min_worlds`)."""
        deadline = self.clock() + limit if self.clock is not None else 0.0
        for world in range(self.bid_worlds):
            if self.clock is not None and world >= self.min_worlds and self.clock() > deadline:
                return
            self.report.worlds += 1
            yield world

    def _bid_value(self, view: View, suit: int, rng: random.Random, limit: float) -> float:
        """The average outcome for this seat of declaring `suit`, over `bid_worlds` deals of
        the unseen cards played out by the medium policy."""
        options = view.options
        n = options.players
        me = view.seat
        assert view.turned is not None and view.dealer is not None
        turned = to_int(view.turned)
        hand = [to_int(c) for c in view.hand]
        pool = [c for c in range(N_CARDS) if c != turned and c not in hand]
        first = (view.dealer + 1) % n
        order = [(first + i) % n for i in range(n)]
        extra = 3 if n < 4 else 2
        to = me if options.turned_card_to.value == "declarer" else view.dealer
        scorer = Scorer(options, options.side_of(me), [0] * options.sides, {}, None,
                        tuple(view.pending), tuple(view.baits))
        total = 0.0
        worlds = 0
        for _ in self._rollouts(limit):
            worlds += 1
            rng.shuffle(pool)
            hands: list[list[int]] = [[] for _ in range(n)]
            hands[me] = list(hand)
            at = 0
            for s in range(n):
                if s != me:
                    hands[s] = pool[at:at + 6]
                    at += 6
            for s in order:
                if n == 4 and s == to:
                    hands[s].append(turned)
                    hands[s].extend(pool[at:at + extra - 1])
                    at += extra - 1
                else:
                    hands[s].extend(pool[at:at + extra])
                    at += extra
            total += self._opening_value(view, suit, me, hands, _out_bits(view, pool, at), scorer)
        return total / max(worlds, 1)

    def _opening_value(self, view: View, trump: int, declarer: int, hands: list[list[int]],
                       gone: int, scorer: Scorer) -> float:
        """This seat's outcome of a deal played from its first card by the medium policy:
        `hands` complete, `gone` the cards face up out of play. Runs score for the side of
        the senior one (an equal run on the other side: nobody's)."""
        options = view.options
        n = options.players
        side = _sides(options)
        runs = [0] * options.sides
        best_key, best_sides = (0, 0), set()
        for s in range(n):
            key = _best_run(hands[s])
            if key > best_key:
                best_key, best_sides = key, {side[s]}
            elif key == best_key and key[0]:
                best_sides.add(side[s])
        if len(best_sides) == 1:
            (winner,) = best_sides
            for s in range(n):
                if side[s] == winner:
                    runs[winner] += runs_value(hands[s], options)
        scorer.runs = runs
        bella = scorer.bella_in(hands, trump)
        assert view.dealer is not None
        first = (view.dealer + 1) % n
        leader = first if options.first_lead.value == "first_speaker" else declarer
        sim = FastDeal(hands, trump, side, options.partnerships, options.overtrump_partner,
                       options.overtrump_on_ruff, leader, [], gone, [0] * options.sides,
                       [0] * options.sides, side[declarer])
        sim.finish(medium_card)
        return scorer.value(sim, bella)

    # -- the swap and the redeal by simulation ------------------------------------------------

    def _pre_play(self, view: View, rng: random.Random) -> Say:
        """Swap or keep, redeal or keep: each answer played out in `bid_worlds` deals of the
        hidden cards (a redeal is worth 0 to everybody)."""
        if self.bid_worlds <= 0 or view.declarer is None:
            return medium_action(view)  # type: ignore[return-value]  # a Say in these phases
        knowledge = Knowledge.of(view)
        scorer = Scorer.of(view)
        me = view.seat
        trump = _trump_of(view)
        hand = [to_int(c) for c in view.hand]
        exposed = 1 << to_int(view.exposed) if view.exposed is not None else 0
        turned = to_int(view.turned) if view.turned is not None else None
        swap = view.phase is Phase.SWAP and turned is not None
        keep = swapped = 0.0
        for _ in self._rollouts(self.time_limit):
            hands = knowledge.sample(hand, me, rng)
            gone = exposed | (1 << turned if turned is not None and view.options.players < 4
                              else 0)
            keep += self._opening_value(view, trump, view.declarer, [list(h) for h in hands],
                                        gone, scorer)
            if swap:
                assert turned is not None
                seven = trump * 8 + SEVEN_R
                hands[me] = [c for c in hands[me] if c != seven] + [turned]
                swapped += self._opening_value(view, trump, view.declarer, hands,
                                               exposed | 1 << seven, scorer)
        if swap:
            return Say.SWAP if swapped >= keep else Say.KEEP
        return Say.REDEAL if keep < 0 else Say.KEEP


def _out_bits(view: View, pool: list[int], at: int) -> int:
    """What everybody sees out of play before the first card: the turned card (2–3 players)
    and the exposed stock card (here the last of the stock)."""
    if view.options.players == 4:
        return 0
    m = 1 << to_int(view.turned) if view.turned is not None else 0
    if at < len(pool) and view.options.reveal_timing.value == "before_play":
        m |= 1 << pool[-1]
    return m


def _best_run(hand: Sequence[int]) -> tuple[int, int]:
    """Seniority of the best run in `hand`: (length, top rank), (0, 0) for none."""
    m = mask_of(hand)
    best = (0, 0)
    for s in range(4):
        length = 0
        for r in range(9):
            if r < 8 and m >> (s * 8 + r) & 1:
                length += 1
                continue
            if length >= 3 and (length, r - 1) > best:
                best = (length, r - 1)
            length = 0
    return best


def _same(card: int, cards: list[int], view: View) -> list[int]:
    """The cards of `cards` equivalent to `card` (see `_distinct`)."""
    groups = _groups(cards, view)
    return next(g for g in groups if card in g)


def _distinct(cards: list[int], view: View) -> list[int]:
    """One card of each group of equivalent cards: same suit, same points, and every card
    between them in trick order played already or in the hand."""
    return [g[0] for g in _groups(cards, view)]


def _groups(cards: list[int], view: View) -> list[list[int]]:
    trump = _trump_of(view)
    strength, points = STRENGTH[trump], POINTS[trump]
    known = mask_of(_played(view)) | _out_of_play(view) | mask_of([to_int(c) for c in view.hand])
    groups: list[list[int]] = []
    for c in sorted(cards, key=lambda c: (c >> 3, strength[c])):
        if groups:
            g = groups[-1]
            prev = g[-1]
            between = HIGHER[trump][prev] & ~HIGHER[trump][c] & ~(1 << c)
            if prev >> 3 == c >> 3 and points[prev] == points[c] and not between & ~known:
                g.append(c)
                continue
        groups.append([c])
    return groups


def make_bot(level: str) -> Bot:
    """A bot by level name: easy, medium or hard."""
    if level == "easy":
        return EasyBot()
    if level == "medium":
        return MediumBot()
    if level == "hard":
        return HardBot()
    choices = ", ".join(LEVELS)
    raise ValueError(f"unknown bot level {level!r}; choose one of {choices}")

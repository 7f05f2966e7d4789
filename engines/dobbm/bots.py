"""Computer players for Dobbm: easy, medium and hard, for every decision of a hand.

Every bot has the one small interface of `engines.protocol.Bot`: a `level` and
``choose(view, rng) -> action``. It receives one seat's `rules.View` (never the game
state: a bot that peeks at hidden cards is a bug) and an injected random source, and
returns one of ``view.legal``: a bid, a discard of 4, a doubling call, or a card. The
same view and the same seeded random source give the same choice.

- `EasyBot`: bids Dobbm only with very strong hearts (four or more, the heart Sow among
  them), never Solo (Dobbm when forced in the Mußrunde); lays away its cheapest cards
  that the Sow rule allows; never doubles; in play wins a trick with its highest card
  when it can, else throws its cheapest card, and now and then plays any legal card.
- `MediumBot`: the source's rule of thumb for the bid — the heart Sow with another heart
  and another Sow, or three other hearts and a Sow — and Solo only on a very strong hand
  (mostly to outbid a Dobbm). It lays away the cards most at risk (a Ten or King without
  its Sow), the points it can bank, and the last cards of short suits, keeping hearts and
  Sows; a Sow goes only with a heart (§6.2), which `legal_discard` checks. It doubles
  (Schwacher, retour) only on many high hearts. In play: it takes a trick when it is sure
  to keep it (nobody of the other side plays after it, or its card is the master heart),
  with the card worth most; as a defender it "schmiert" — loads its Sows and Tens onto a
  partner's trick the declarer can no longer beat; otherwise it ducks with its cheapest
  card, keeping trumps. As declarer it draws trumps with the master heart, cashes its
  master Sows, then leads its longest side suit.
- `HardBot`: determinized Monte Carlo. It deals the cards it cannot see — the other
  hands, the Dobb (a Solo's untouched talon, or a Dobbm declarer's 4 discards, which obey
  the Sow rule) — into worlds consistent with the view (the sizes of the hands, and the
  voids the play showed: a player who did not follow holds none of that suit, one who
  did not trump either holds no heart); a defender deals the declarer hearts and Sows
  first (`DECLARER_WEIGHT`: he bid, and took the Dobb). In every world it plays each
  distinct legal card and rolls the hand out to its end — its own later cards by the
  tactical policy below, the other seats' by the medium policy — and scores it with the
  rules' reckoning (`declarer_amount`: margin, rounding, multiplier, the Matsch's Dobb):
  it keeps the card with the best average of its own shillings. It bids by simulation
  too: for Dobbm and Solo it deals the unseen cards into `bid_worlds` worlds (a Dobbm
  taking the Dobb and laying away by the medium rule) and plays them out; it bids the
  best contract whose average clears `bid_margin` (below 0: a pass is worth less than 0
  when the others' game would be played instead). It lays away by search among the
  medium rule's best few legal discards. The declarer answers a Schwacher with retour
  when he wins in `retour_win` of his worlds; a defender gives the Schwacher (or retour)
  only when the medium rule would and its worlds average `double_margin` shillings. The
  work is a fixed number of worlds, or, with an injected clock, as many as fit in
  `time_limit` (at least `min_worlds`, at most `max_worlds`).

The source's tactical ideas are in the policy the hard bot plays its worlds out with
(`tactical_card`), so its search weighs them: the declarer loses the tricks it must
lose while the defenders still hold trumps — it leads a Fuchs (a lone card of a side
suit, not the Sow: an easy loser that leaves a void to ruff) or its longest, weak side
suit before drawing trumps, so the defenders must spend trumps instead of loading
points. As a defender it "schinden": when the declarer leads a low card of a side suit
and a partner still plays after it, it keeps its Sow and Ten of the suit back and plays
its cheapest card; and it schmiert onto a partner's sure trick. Its own first card is
chosen by the search, which weighs these against the others.

Inside the bots a card is an int, its `GermanCard.index` (``suit * 9 + rank - 6``, hearts
0..8); `FastHand` plays the rest of a hand on them with no validation for the rollouts,
with the four active seats as positions 0..3 in playing order; it agrees with the rules'
trick obligations and winner, which the tests check.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Final, Protocol

from engines.cards.german import GermanCard
from engines.protocol import RandomLike

from .options import DobbmOptions, MatschDobb, Rounding, SowDiscardRule
from .rules import Action, Call, Contract, Discard, Phase, View

LEVELS: Final = ("easy", "medium", "hard")

Rng = RandomLike


class Bot(Protocol):
    """A computer player: one of the view's legal actions."""

    level: str

    def choose(self, view: View, rng: Rng) -> Action: ...


# -- cards as ints -------------------------------------------------------------------------------

N_CARDS: Final = 36
HEARTS: Final = 0
POWER_BY_R: Final = (0, 1, 2, 3, 7, 4, 5, 6, 8)  # r = rank - 6: 6 7 8 9 T U O K S
POINTS_BY_R: Final = (0, 0, 0, 0, 10, 2, 3, 4, 11)
R_TEN, R_KING, R_SOW = 4, 7, 8
SUIT: Final = tuple(c // 9 for c in range(N_CARDS))
STR: Final = tuple(POWER_BY_R[c % 9] + (100 if c // 9 == HEARTS else 0) for c in range(N_CARDS))
PTS: Final = tuple(POINTS_BY_R[c % 9] for c in range(N_CARDS))
SUIT_BITS: Final = tuple(((1 << 9) - 1) << (9 * s) for s in range(4))
HIGHER: Final = tuple(
    sum(1 << d for d in range(N_CARDS) if SUIT[d] == SUIT[c] and STR[d] > STR[c])
    for c in range(N_CARDS))
SOWS: Final = tuple(s * 9 + R_SOW for s in range(4))


def to_int(card: GermanCard) -> int:
    return card.index


def to_card(c: int) -> GermanCard:
    return GermanCard(c)


def mask_of(cards: Sequence[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def beats(c: int, best: int) -> bool:
    """Whether `c` played to a trick beats `best`, the card winning it so far (§8.3)."""
    if SUIT[c] == SUIT[best]:
        return STR[c] > STR[best]
    return SUIT[c] == HEARTS


def sow_ok(cards: Sequence[int], rule: SowDiscardRule) -> bool:
    """§6.2 on ints (the same test as `rules.sow_rule_broken`)."""
    if rule is SowDiscardRule.NONE:
        return True
    hearts = sum(1 for c in cards if SUIT[c] == HEARTS)
    plain_sows = sum(1 for c in cards if c % 9 == R_SOW and SUIT[c] != HEARTS)
    if rule is SowDiscardRule.PLAIN_VS_HEARTS:
        return plain_sows <= hearts
    heart_sow = 1 if SOWS[HEARTS] in cards else 0
    return plain_sows + heart_sow <= hearts - heart_sow


# -- a hand played fast --------------------------------------------------------------------------


class FastHand:
    """The rest of a hand's play on ints: positions 0..3 are the active seats in playing
    order; `dp` the declarer's position. `gone` is the mask of the cards played; `dobb`
    the Dobb's cards (the discards or the talon) and `dobb_seen` whether the declarer
    knows them (a Dobbm). `void[p]` is a 4-bit mask of the suits p showed it lacks."""

    __slots__ = ("dobb", "dobb_seen", "dp", "gone", "hands", "leader", "points", "trick",
                 "tricks", "void")

    def __init__(self, hands: list[list[int]], dp: int, leader: int, trick: list[int],
                 gone: int, points: list[int], tricks: list[int], void: list[int],
                 dobb: int, dobb_seen: bool) -> None:
        self.hands = hands
        self.dp = dp
        self.leader = leader
        self.trick = trick
        self.gone = gone
        self.points = points
        self.tricks = tricks
        self.void = void
        self.dobb = dobb
        self.dobb_seen = dobb_seen

    def copy(self) -> FastHand:
        return FastHand([list(h) for h in self.hands], self.dp, self.leader, list(self.trick),
                        self.gone, list(self.points), list(self.tricks), list(self.void),
                        self.dobb, self.dobb_seen)

    def to_play(self) -> int:
        return (self.leader + len(self.trick)) % 4

    def best(self) -> int:
        trick = self.trick
        best = 0
        for i in range(1, len(trick)):
            if beats(trick[i], trick[best]):
                best = i
        return best

    def legal(self, pos: int) -> list[int]:
        """§8.2: follow suit, else a heart, else any card."""
        hand = self.hands[pos]
        if not self.trick:
            return hand
        led = SUIT[self.trick[0]]
        follow = [c for c in hand if SUIT[c] == led]
        if follow:
            return follow
        hearts = [c for c in hand if SUIT[c] == HEARTS]
        return hearts or hand

    def play(self, card: int) -> None:
        pos = self.to_play()
        self.hands[pos].remove(card)
        trick = self.trick
        if trick:
            led = SUIT[trick[0]]
            if SUIT[card] != led:
                self.void[pos] |= 1 << led
                if SUIT[card] != HEARTS:
                    self.void[pos] |= 1
        trick.append(card)
        self.gone |= 1 << card
        if len(trick) < 4:
            return
        won = (self.leader + self.best()) % 4
        side = 0 if won == self.dp else 1
        self.points[side] += PTS[trick[0]] + PTS[trick[1]] + PTS[trick[2]] + PTS[trick[3]]
        self.tricks[side] += 1
        self.trick = []
        self.leader = won

    def over(self) -> bool:
        return not self.trick and not self.hands[self.leader]

    def finish(self, policy: Policy) -> None:
        while not self.over():
            pos = self.to_play()
            legal = self.legal(pos)
            self.play(legal[0] if len(legal) == 1 else policy(self, pos, legal))

    def seen(self, pos: int) -> int:
        """The cards `pos` knows are not in another player's hand."""
        m = self.gone | mask_of(self.hands[pos])
        if pos == self.dp and self.dobb_seen:
            m |= self.dobb
        return m


Policy = Callable[[FastHand, int, list[int]], int]


# -- the card policies ---------------------------------------------------------------------------


def _cheapest(cards: Sequence[int]) -> int:
    """The card that costs least to give away: no heart if possible, few points, low."""
    return min(cards, key=lambda c: (SUIT[c] == HEARTS, PTS[c], STR[c]))


def _sure_win(sim: FastHand, pos: int, card: int, seen: int) -> bool:
    """Whether `card`, winning the trick now for `pos`'s side, stays winning: nobody of the
    other side plays after it, or it is the master heart."""
    after = [(pos + i) % 4 for i in range(1, 4 - len(sim.trick))]
    mine = pos == sim.dp
    if all((p == sim.dp) == mine for p in after):
        return True
    return SUIT[card] == HEARTS and not HIGHER[card] & ~seen


def _load(cards: Sequence[int], seen: int) -> int:
    """The card to load onto a trick that is ours for sure: most points, keeping the
    master heart."""
    def key(c: int) -> tuple[int, int]:
        keep = SUIT[c] == HEARTS and not HIGHER[c] & ~seen
        return (PTS[c] - (20 if keep else 0) - (5 if SUIT[c] == HEARTS else 0), -STR[c])
    return max(cards, key=key)


def _follow(sim: FastHand, pos: int, legal: list[int], seen: int, schinden: bool) -> int:
    trick = sim.trick
    bi = sim.best()
    best = trick[bi]
    winner = (sim.leader + bi) % 4
    ours = (winner == sim.dp) == (pos == sim.dp)
    last = all((p == sim.dp) == (pos == sim.dp)
               for p in ((pos + i) % 4 for i in range(1, 4 - len(trick))))
    if schinden and pos != sim.dp and winner == sim.dp and bi == 0 and len(trick) < 3 \
            and SUIT[best] != HEARTS and PTS[best] < 10:
        # the declarer led a low side card: hold back the high cards (schinden) and
        # leave the trick to a partner after us
        return _cheapest(legal)
    if ours:
        if _sure_win(sim, pos, best, seen):
            return _load(legal, seen)
        return _cheapest(legal)
    winners = [c for c in legal if beats(c, best)]
    if not winners:
        return _cheapest(legal)
    sure = [c for c in winners if _sure_win(sim, pos, c, seen)]
    on_trick = sum(PTS[c] for c in trick)
    if sure:
        plain = [c for c in sure if SUIT[c] != HEARTS]
        if plain and last:
            return _load(plain, seen)
        cheap = min(sure, key=lambda c: (PTS[c] if SUIT[c] == HEARTS else 0, STR[c]))
        if on_trick > 0 or SUIT[cheap] != HEARTS or len(winners) == len(legal):
            return cheap
    if len(winners) == len(legal):
        return min(winners, key=lambda c: (PTS[c], STR[c]))
    losers = [c for c in legal if c not in winners]
    return _cheapest(losers)


def _suit_counts(hand: Sequence[int]) -> list[int]:
    counts = [0, 0, 0, 0]
    for c in hand:
        counts[SUIT[c]] += 1
    return counts


def _lead(sim: FastHand, pos: int, legal: list[int], seen: int, tactical: bool) -> int:
    hand = sim.hands[pos]
    counts = _suit_counts(hand)
    out_hearts = (SUIT_BITS[HEARTS] & ~seen).bit_count()
    hearts = [c for c in hand if SUIT[c] == HEARTS]
    plain = [c for c in hand if SUIT[c] != HEARTS]

    def unseen(s: int) -> int:
        return (SUIT_BITS[s] & ~seen).bit_count()

    def master(c: int) -> bool:
        return not HIGHER[c] & ~seen

    if pos == sim.dp:
        if tactical and out_hearts and plain:
            losers = [c for c in plain if not master(c)]
            fuchs = [c for c in losers if counts[SUIT[c]] == 1]
            if fuchs:
                return min(fuchs, key=lambda c: (PTS[c], STR[c]))
            if losers and len(hearts) >= 2:
                longest = max(range(1, 4), key=lambda s: (counts[s], -s))
                low = [c for c in losers if SUIT[c] == longest]
                if low and counts[longest] >= 3:
                    return min(low, key=lambda c: (PTS[c], STR[c]))
        if hearts and out_hearts:
            top = max(hearts, key=STR.__getitem__)
            if master(top):
                return top
        masters = [c for c in plain if master(c) and unseen(SUIT[c]) >= 2]
        if masters:
            return max(masters, key=lambda c: (PTS[c], STR[c]))
        if plain:
            longest = max((s for s in range(1, 4) if counts[s]), key=lambda s: (counts[s], -s))
            return min((c for c in plain if SUIT[c] == longest), key=lambda c: (PTS[c], STR[c]))
        return min(hearts, key=STR.__getitem__)
    # a defender leads
    dv = sim.void[sim.dp]
    masters = [c for c in plain if master(c) and not dv >> SUIT[c] & 1
               and unseen(SUIT[c]) >= 3]
    if masters:
        return max(masters, key=lambda c: (PTS[c], STR[c]))
    if plain:
        def key(c: int) -> tuple[int, int, int, int]:
            s = SUIT[c]
            guard = 1 if any(SUIT[d] == s and PTS[d] >= 10 for d in hand) and PTS[c] < 10 else 0
            return (PTS[c], -(dv >> s & 1), guard, -counts[s])
        return min(plain, key=key)
    return min(hearts, key=STR.__getitem__)


def medium_card(sim: FastHand, pos: int, legal: list[int]) -> int:
    """The medium player's card (see the module docstring); uses only what `pos` sees."""
    seen = sim.seen(pos)
    if not sim.trick:
        return _lead(sim, pos, legal, seen, tactical=False)
    return _follow(sim, pos, legal, seen, schinden=False)


def tactical_card(sim: FastHand, pos: int, legal: list[int]) -> int:
    """The medium policy with the source's tactics (see the module docstring): the hard
    bot's rollouts."""
    seen = sim.seen(pos)
    if not sim.trick:
        return _lead(sim, pos, legal, seen, tactical=True)
    return _follow(sim, pos, legal, seen, schinden=True)


def easy_card(sim: FastHand, pos: int, legal: list[int]) -> int:
    """Its highest card that wins the trick, else its cheapest card."""
    if not sim.trick:
        return max(legal, key=STR.__getitem__)
    best = sim.trick[sim.best()]
    winners = [c for c in legal if beats(c, best)]
    if winners:
        return max(winners, key=STR.__getitem__)
    return _cheapest(legal)


# -- reading a view ------------------------------------------------------------------------------


def _positions(view: View) -> tuple[int, ...]:
    """The active seats in playing order (clockwise); position = index."""
    return tuple(sorted(view.active))


def _played(view: View) -> list[int]:
    out = [to_int(c) for t in view.tricks for c in t.cards]
    out.extend(to_int(c) for c in view.trick)
    return out


def _voids(view: View, seats: tuple[int, ...]) -> list[int]:
    void = [0, 0, 0, 0]
    tricks = [(t.leader, t.cards) for t in view.tricks]
    if view.trick:
        assert view.leader is not None
        tricks.append((view.leader, view.trick))
    for leader, cards in tricks:
        start = seats.index(leader)
        led = cards[0].suit.value
        for i in range(1, len(cards)):
            s = cards[i].suit.value
            if s != led:
                p = (start + i) % 4
                void[p] |= 1 << led
                if s != HEARTS:
                    void[p] |= 1
    return void


def hand_from_view(view: View, hands: list[list[int]] | None = None,
                   dobb: int = 0) -> FastHand:
    """The play as the view shows it: `hands` by position (default: the seat's own only)."""
    seats = _positions(view)
    me = seats.index(view.seat)
    if hands is None:
        hands = [[] for _ in range(4)]
        hands[me] = [to_int(c) for c in view.hand]
    assert view.declarer is not None
    leader = view.declarer if view.leader is None else view.leader  # before play: he leads
    known = view.contract is Contract.DOBBM and view.seat == view.declarer
    if known:
        dobb = mask_of([to_int(c) for c in view.discards])
    return FastHand(hands, seats.index(view.declarer), seats.index(leader),
                    [to_int(c) for c in view.trick], mask_of(_played(view)),
                    list(view.trick_points), list(view.tricks_won), _voids(view, seats),
                    dobb, view.contract is Contract.DOBBM)


def _check_turn(view: View) -> None:
    if not view.legal:
        raise ValueError(f"seat {view.seat} has nothing to decide now")


# -- scoring -------------------------------------------------------------------------------------


def declarer_amount(options: DobbmOptions, contract: Contract, times: int, trick_points: int,
                    dobb_points: int, declarer_tricks: int) -> float:
    """What each other seat pays the declarer (negative: receives from him), as
    `rules.score_hand` and `rules.hand_payments` reckon it, in float."""
    to_defenders = declarer_tricks == 0 and (
        contract is Contract.DOBBM
        or options.matsch_dobb_to_defenders is MatschDobb.NORMAL_AND_SOLO)
    points = trick_points + (0 if to_defenders else dobb_points)
    margin = abs(points - 60)
    base = margin * options.stake / 60
    if options.rounding is Rounding.CEIL_BEFORE_DOUBLING:
        base = math.ceil(base)
    amount = base * times
    return amount if points > 60 else -amount if points < 60 else 0.0


def seat_value(options: DobbmOptions, declarer: bool, amount: float) -> float:
    """One seat's shillings from the amount each payer pays the declarer."""
    return amount * (options.players - 1) if declarer else -amount


# -- bidding, laying away, doubling: the rules of thumb -------------------------------------------


def _hearts(hand: Sequence[int]) -> list[int]:
    return [c for c in hand if SUIT[c] == HEARTS]


def medium_wants_dobbm(hand: Sequence[int]) -> bool:
    """The source's rule of thumb: the heart Sow, another heart and another Sow; or three
    other hearts and a Sow."""
    hearts = _hearts(hand)
    heart_sow = SOWS[HEARTS] in hand
    other_sows = sum(1 for s in SOWS[1:] if s in hand)
    if heart_sow and len(hearts) >= 2 and other_sows >= 1:
        return True
    return len(hearts) - heart_sow >= 3 and heart_sow + other_sows >= 1


def solo_strength(hand: Sequence[int]) -> int:
    """A Solo needs a very strong hand: hearts count 2 each (the Sow and Ten 2 more), side
    Sows 2, side Tens with their Sow 1."""
    m = mask_of(hand)
    value = 0
    for c in hand:
        if SUIT[c] == HEARTS:
            value += 2 + (2 if c % 9 in (R_SOW, R_TEN) else 0)
        elif c % 9 == R_SOW:
            value += 2
        elif c % 9 == R_TEN and m >> (SUIT[c] * 9 + R_SOW) & 1:
            value += 1
    return value


SOLO_OVER_DOBBM: Final = 16
SOLO_OPEN: Final = 18


def medium_bid(view: View) -> Call:
    legal = view.legal
    hand = [to_int(c) for c in view.hand]
    strength = solo_strength(hand)
    if Call.WEITER not in legal and Call.GUT not in legal:  # the Mußrunde: forced
        return Call.SOLO if strength >= SOLO_OPEN else Call.DOBBM
    if Call.DOBBM in legal:
        if strength >= SOLO_OPEN:
            return Call.SOLO
        return Call.DOBBM if medium_wants_dobbm(hand) else Call.WEITER
    if Call.SOLO in legal and strength >= SOLO_OVER_DOBBM:
        return Call.SOLO
    return Call.GUT


def easy_bid(view: View) -> Call:
    legal = view.legal
    hand = [to_int(c) for c in view.hand]
    hearts = _hearts(hand)
    if Call.DOBBM in legal:
        if Call.WEITER not in legal:
            return Call.DOBBM
        return Call.DOBBM if len(hearts) >= 4 and SOWS[HEARTS] in hand else Call.WEITER
    return Call.GUT if Call.GUT in legal else legal[0]  # type: ignore[return-value]  # all calls


def _discard_wish(c: int, m: int, counts: list[int]) -> float:
    """How much the medium player would rather lay `c` away than keep it."""
    s, r = SUIT[c], c % 9
    if s == HEARTS:
        return -30.0 - STR[c]
    has_sow = m >> (s * 9 + R_SOW) & 1
    if r == R_SOW:
        return 4.0 if counts[s] <= 2 else 1.0
    if r == R_TEN:
        return 6.0 if has_sow else 14.0
    if r == R_KING:
        return 3.0 if has_sow or m >> (s * 9 + R_TEN) & 1 else 8.0
    return PTS[c] + 2.0 - counts[s] * 0.5


def discard_score(cards: Sequence[int], m: int, counts: list[int]) -> float:
    value = 0.0
    gone = [0, 0, 0, 0]
    for c in cards:
        value += _discard_wish(c, m, counts)
        gone[SUIT[c]] += 1
    for s in range(1, 4):
        if counts[s] and gone[s] == counts[s]:
            value += 6.0  # a void to ruff in
    return value


def best_discards(hand: Sequence[int], rule: SowDiscardRule, keep: int = 1,
                  pool: int = 8) -> list[tuple[int, ...]]:
    """The medium player's `keep` best legal sets of 4 cards to lay away from `hand` (12),
    best first, chosen among the `pool` cards it would most rather lose (all when none of
    those sets is legal)."""
    m = mask_of(hand)
    counts = _suit_counts(hand)
    ranked = sorted(hand, key=lambda c: -_discard_wish(c, m, counts))
    for size in (pool, len(hand)):
        scored = [(discard_score(combo, m, counts), combo)
                  for combo in combinations(ranked[:size], 4) if sow_ok(combo, rule)]
        if scored:
            scored.sort(key=lambda sc: -sc[0])
            return [combo for _s, combo in scored[:keep]]
    raise ValueError("no legal set of 4 cards to lay away")


def medium_discard(view: View) -> Discard:
    hand = [to_int(c) for c in view.hand]
    combo = best_discards(hand, view.options.sow_discard_rule)[0]
    return Discard(tuple(to_card(c) for c in combo))


def easy_discard(view: View) -> Discard:
    """Its cheapest cards (hearts last) that the Sow rule allows."""
    legal = [a for a in view.legal if isinstance(a, Discard)]
    return min(legal, key=lambda d: sum(
        (100 if c.suit.value == HEARTS else 0) + PTS[to_int(c)] * 3 + STR[to_int(c)]
        for c in d.cards))


def double_strength(hand: Sequence[int]) -> int:
    """Hearts count 1 each, the heart Sow and Ten 2 more, side Sows 1."""
    value = 0
    for c in hand:
        if SUIT[c] == HEARTS:
            value += 3 if c % 9 in (R_SOW, R_TEN) else 1
        elif c % 9 == R_SOW:
            value += 1
    return value


SCHWACHER_AT: Final = 9  # a defender's hand
RETOUR_AT: Final = 12  # the declarer's hand (his 8 cards)
DEFENDER_RETOUR_AT: Final = 12


def medium_double(view: View) -> Call:
    hand = [to_int(c) for c in view.hand]
    strength = double_strength(hand)
    if Call.SCHWACHER in view.legal:
        return Call.SCHWACHER if strength >= SCHWACHER_AT else Call.GUT
    if view.seat == view.declarer:
        return Call.RETOUR if strength >= RETOUR_AT else Call.GUT
    return Call.RETOUR if strength >= DEFENDER_RETOUR_AT else Call.GUT


# -- the bots ------------------------------------------------------------------------------------


def _card_choice(view: View, policy: Policy) -> GermanCard:
    sim = hand_from_view(view)
    seats = _positions(view)
    # (called in the play phase only, where every legal action is a card)
    return to_card(policy(sim, seats.index(view.seat), [to_int(c) for c in view.legal]))  # type: ignore[arg-type]


@dataclass
class EasyBot:
    """Very strong hearts to bid; wins with its highest card (see the module docstring)."""

    level: str = "easy"
    wander: float = 0.2  # how often it plays any legal card

    def choose(self, view: View, rng: Rng) -> Action:
        _check_turn(view)
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        if view.phase is Phase.BID:
            return easy_bid(view)
        if view.phase is Phase.EXCHANGE:
            return easy_discard(view)
        if view.phase is Phase.DOUBLE:
            return Call.GUT
        if rng.random() < self.wander:
            return legal[rng.randrange(len(legal))]
        return _card_choice(view, easy_card)


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
    if view.phase is Phase.EXCHANGE:
        return medium_discard(view)
    if view.phase is Phase.DOUBLE:
        return medium_double(view)
    return _card_choice(view, medium_card)


@dataclass
class SearchReport:
    """What the last hard decision looked at (for tests and benchmarks)."""

    candidates: int = 0
    worlds: int = 0
    values: dict[Action, float] = field(default_factory=dict)


DECLARER_WEIGHT: dict[tuple[bool, bool], float] = {(True, True): 4.0, (True, False): 3.0,
                                                  (False, True): 2.0}
"""How much likelier than another card the declarer holds a heart Sow, another heart, a
side Sow (keyed by (heart, Sow)), for a defender's worlds: he bid, and took the Dobb."""


@dataclass
class Knowledge:
    """What a seat knows of the hidden cards in play: the cards it cannot place, how many
    each other position holds, the voids, and whether the hidden Dobb (4 cards, slot 4)
    must obey the Sow rule (a Dobbm's discards seen by a defender)."""

    pool: list[int]
    need: list[int]  # by position, and slot 4 for the hidden Dobb
    barred: list[int]  # by position: masks of cards it cannot hold
    sow_rule: SowDiscardRule | None
    favoured: int = -1  # the declarer's position, seen by a defender: dealt strength first
    weight: tuple[float, ...] = ()  # by card: how much likelier the declarer holds it

    @classmethod
    def of(cls, view: View) -> Knowledge:
        seats = _positions(view)
        me = seats.index(view.seat)
        mine = mask_of([to_int(c) for c in view.hand])
        taken = mine | mask_of(_played(view))
        declarer_knows = view.contract is Contract.DOBBM and view.seat == view.declarer
        if declarer_knows:
            taken |= mask_of([to_int(c) for c in view.discards])
        pool = [c for c in range(N_CARDS) if not taken >> c & 1]
        need = [0 if p == me else view.hand_sizes[seats[p]] for p in range(4)]
        need.append(0 if declarer_knows else 4)
        void = _voids(view, seats)
        barred = [0] * 4
        for p in range(4):
            if p != me:
                for s in range(4):
                    if void[p] >> s & 1:
                        barred[p] |= SUIT_BITS[s]
        rule = view.options.sow_discard_rule if view.contract is Contract.DOBBM and \
            not declarer_knows else None
        favoured = -1
        if view.declarer is not None and view.seat != view.declarer and DECLARER_WEIGHT:
            favoured = seats.index(view.declarer)
        weight = tuple(DECLARER_WEIGHT.get((SUIT[c] == HEARTS, c % 9 == R_SOW), 1.0)
                       for c in range(N_CARDS))
        return cls(pool, need, barred, rule, favoured, weight)

    def sample(self, rng: random.Random, tries: int = 20) -> tuple[list[list[int]], list[int]]:
        """One world: the hidden cards of each position (the seat's own left empty) and the
        hidden Dobb, consistently if possible."""
        order = sorted((p for p in range(4) if self.need[p]),
                       key=lambda p: (p != self.favoured, -self.barred[p].bit_count()))
        pool = list(self.pool)
        for attempt in range(tries + 1):
            rng.shuffle(pool)
            left = pool
            hands: list[list[int]] = [[], [], [], []]
            ok = True
            for p in order:
                need = self.need[p]
                barred = self.barred[p] if attempt < tries else 0
                free = [c for c in left if not barred >> c & 1]
                if p == self.favoured:
                    weight = self.weight
                    free.sort(key=lambda c: -rng.random() ** (1.0 / weight[c]))
                got = free[:need]
                if len(got) < need:
                    ok = False
                    break
                hands[p] = got
                chosen = mask_of(got)
                left = [c for c in left if not chosen >> c & 1]
            if not ok:
                continue
            dobb = left[:self.need[4]]
            if self.sow_rule is not None and attempt < tries and not sow_ok(dobb, self.sow_rule):
                continue
            return hands, dobb
        raise AssertionError("unreachable: the last try ignores every constraint")


@dataclass
class HardBot:
    """Determinized Monte Carlo over worlds consistent with the view (see the module
    docstring). Without a clock it searches `worlds` worlds a card and `bid_worlds` a
    contract (the same choice for the same view and random source); with an injected
    `clock` it stops once `time_limit` seconds have passed (at least `min_worlds`, at
    most `max_worlds`)."""

    level: str = "hard"
    worlds: int = 24
    clock: Callable[[], float] | None = None
    time_limit: float = 0.25
    min_worlds: int = 4
    max_worlds: int = 300
    bid_worlds: int = 24
    bid_margin: float = -25.0
    discard_candidates: int = 5
    retour_win: float = 0.85
    double_margin: float = 10.0
    rollout: Policy = tactical_card  # its own play in the worlds
    others: Policy = medium_card  # the other seats' play in the worlds
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
        if view.phase is Phase.EXCHANGE:
            return self._discard(view, random.Random(seed))
        if view.phase is Phase.DOUBLE:
            return self._double(view, random.Random(seed))
        # The play phase: every legal action, and the medium one, is a card.
        cards = [to_int(c) for c in legal]  # type: ignore[arg-type]
        fallback = to_int(medium_action(view))  # type: ignore[arg-type]
        groups = _groups(cards, view)
        plays = [g[0] for g in groups]
        self.report.candidates = len(plays)
        if len(plays) == 1:
            return to_card(fallback)
        values = self._evaluate(view, plays, random.Random(seed))
        self.report.values = {to_card(c): v for c, v in zip(plays, values, strict=True)}
        best = max(range(len(plays)), key=lambda i: values[i])
        for i, g in enumerate(groups):
            if fallback in g and values[i] >= values[best] - 1e-9:
                return to_card(fallback)
        return to_card(plays[best])

    # -- the budget ---------------------------------------------------------------------------

    def _budget(self, fixed: int, limit: float | None = None) -> Iterator[int]:
        """`fixed` worlds without a clock; with one, as many as fit in `limit` (default
        `time_limit`) seconds, at least `min_worlds`, at most `max_worlds`."""
        if self.clock is None:
            yield from range(fixed)
            return
        deadline = self.clock() + (self.time_limit if limit is None else limit)
        for world in range(self.max_worlds):
            if world >= self.min_worlds and self.clock() > deadline:
                return
            self.report.worlds = world + 1
            yield world

    def _policy(self, me: int) -> Policy:
        """The play in the worlds: its own by `rollout`, the others' by `others`."""
        mine, theirs = self.rollout, self.others

        def policy(sim: FastHand, pos: int, legal: list[int]) -> int:
            return (mine if pos == me else theirs)(sim, pos, legal)
        return policy

    # -- cards ----------------------------------------------------------------------------------

    def _evaluate(self, view: View, plays: list[int], rng: random.Random) -> list[float]:
        knowledge = Knowledge.of(view)
        base = hand_from_view(view)
        seats = _positions(view)
        me = seats.index(view.seat)
        options = view.options
        assert view.contract is not None
        times = view.multiplier
        declarer = view.seat == view.declarer
        totals = [0.0] * len(plays)
        worlds = 0
        policy = self._policy(me)
        for _world in self._budget(self.worlds):
            hidden, dobb = knowledge.sample(rng)
            hands = [hidden[p] if p != me else base.hands[me] for p in range(4)]
            dobb_mask = base.dobb if knowledge.need[4] == 0 else mask_of(dobb)
            dobb_points = sum(PTS[c] for c in range(N_CARDS) if dobb_mask >> c & 1)
            for i, card in enumerate(plays):
                sim = FastHand([list(h) for h in hands], base.dp, base.leader, list(base.trick),
                               base.gone, list(base.points), list(base.tricks),
                               list(base.void), dobb_mask, base.dobb_seen)
                sim.play(card)
                sim.finish(policy)
                amount = declarer_amount(options, view.contract, times, sim.points[0],
                                         dobb_points, sim.tricks[0])
                totals[i] += seat_value(options, declarer, amount)
            worlds += 1
        self.report.worlds = worlds
        return [t / max(worlds, 1) for t in totals]

    # -- bidding --------------------------------------------------------------------------------

    def _bid(self, view: View, rng: random.Random) -> Call:
        legal = [a for a in view.legal if isinstance(a, Call)]
        rule = medium_bid(view)
        if self.bid_worlds <= 0:
            return rule
        hand = [to_int(c) for c in view.hand]
        contracts = [c for c in (Call.DOBBM, Call.SOLO) if c in legal]
        share = self.time_limit / max(len(contracts), 1)
        values = {c: self._contract_value(view, hand, c, rng, share) for c in contracts}
        self.report.values = {call: value for call, value in values.items()}
        best = max(contracts, key=lambda c: values[c])
        passes = [c for c in legal if c in (Call.WEITER, Call.GUT)]
        if not passes:
            return best
        return best if values[best] > self.bid_margin else passes[0]

    def _contract_value(self, view: View, hand: list[int], call: Call, rng: random.Random,
                        limit: float) -> float:
        """This seat's average shillings as declarer of `call`, over deals of the unseen
        cards played out by the tactical policy (a Dobbm lays away by the medium rule)."""
        options = view.options
        seats = tuple(sorted(view.active))
        me = seats.index(view.seat)
        pool = [c for c in range(N_CARDS) if c not in hand]
        contract = Contract.DOBBM if call is Call.DOBBM else Contract.SOLO
        times = 1 if contract is Contract.DOBBM else 2
        total = 0.0
        worlds = 0
        for _ in self._budget(self.bid_worlds, limit):
            rng.shuffle(pool)
            hands = [pool[8 * k:8 * k + 8] for k in range(3)]
            hands.insert(me, list(hand))
            dobb = pool[24:28]
            total += self._play_out(options, contract, times, hands, me, dobb)
            worlds += 1
        return total / max(worlds, 1)

    def _play_out(self, options: DobbmOptions, contract: Contract, times: int,
                  hands: list[list[int]], dp: int, dobb: list[int],
                  discard: Sequence[int] | None = None) -> float:
        """The declarer's shillings for a hand played from its first card."""
        if contract is Contract.DOBBM:
            twelve = hands[dp] + dobb
            if discard is None:
                discard = best_discards(twelve, options.sow_discard_rule)[0]
            laid = mask_of(discard)
            hands = list(hands)
            hands[dp] = [c for c in twelve if not laid >> c & 1]
            dobb = list(discard)
        sim = FastHand([list(h) for h in hands], dp, dp, [], 0, [0, 0], [0, 0], [0, 0, 0, 0],
                       mask_of(dobb), contract is Contract.DOBBM)
        sim.finish(self._policy(dp))
        amount = declarer_amount(options, contract, times, sim.points[0],
                                 sum(PTS[c] for c in dobb), sim.tricks[0])
        return seat_value(options, True, amount)

    # -- laying away -----------------------------------------------------------------------------

    def _discard(self, view: View, rng: random.Random) -> Discard:
        hand = [to_int(c) for c in view.hand]
        rule = view.options.sow_discard_rule
        choices = best_discards(hand, rule, keep=self.discard_candidates)
        if len(choices) > 1 and self.bid_worlds > 0:
            seats = _positions(view)
            me = seats.index(view.seat)
            pool = [c for c in range(N_CARDS) if c not in hand]
            totals = [0.0] * len(choices)
            for _ in self._budget(self.bid_worlds):
                rng.shuffle(pool)
                hands = [pool[8 * k:8 * k + 8] for k in range(3)]
                for i, combo in enumerate(choices):
                    laid = mask_of(combo)
                    world = list(hands)
                    world.insert(me, [c for c in hand if not laid >> c & 1])
                    totals[i] += self._play_out(view.options, Contract.DOBBM, 1, world, me,
                                                list(combo), discard=combo)
            self.report.values = {Discard(tuple(to_card(c) for c in combo)): t
                                  for combo, t in zip(choices, totals, strict=True)}
            best = max(range(len(choices)), key=lambda i: totals[i])
            combo = choices[best]
        else:
            combo = choices[0]
        return Discard(tuple(to_card(c) for c in combo))

    # -- doubling -------------------------------------------------------------------------------

    def _double(self, view: View, rng: random.Random) -> Call:
        """Schwacher or retour when its worlds, played out from the first card, show this
        seat winning: a defender when the medium rule would double too and its average
        clears `double_margin` shillings (its worlds alone doubled too often: the declarer
        is stronger than they deal him), the declarer when he wins in `retour_win` of
        them."""
        rule = medium_double(view)
        declarer = view.seat == view.declarer
        if self.bid_worlds <= 0 or (not declarer and rule is Call.GUT):
            return rule
        knowledge = Knowledge.of(view)
        base = hand_from_view(view)
        seats = _positions(view)
        me = seats.index(view.seat)
        assert view.contract is not None
        wins = worlds = 0
        total = 0.0
        policy = self._policy(me)
        for _ in self._budget(self.bid_worlds):
            hidden, dobb = knowledge.sample(rng)
            hands = [hidden[p] if p != me else list(base.hands[me]) for p in range(4)]
            dobb_mask = base.dobb if knowledge.need[4] == 0 else mask_of(dobb)
            sim = FastHand(hands, base.dp, base.dp, [], 0, [0, 0], [0, 0], [0, 0, 0, 0],
                           dobb_mask, base.dobb_seen)
            sim.finish(policy)
            amount = declarer_amount(view.options, view.contract, view.multiplier,
                                     sim.points[0],
                                     sum(PTS[c] for c in range(N_CARDS) if dobb_mask >> c & 1),
                                     sim.tricks[0])
            value = seat_value(view.options, declarer, amount)
            wins += value > 0
            total += value
            worlds += 1
        rate = wins / max(worlds, 1)
        mean = total / max(worlds, 1)
        self.report.values = {Call.GUT: mean, Call.RETOUR: rate}
        double = Call.SCHWACHER if Call.SCHWACHER in view.legal else Call.RETOUR
        if declarer:
            return double if rate >= self.retour_win else Call.GUT
        return double if mean >= self.double_margin and rate >= 0.5 else Call.GUT


def _groups(cards: list[int], view: View) -> list[list[int]]:
    """The legal cards in groups of equivalent ones: same suit, same points, and every card
    between them in trick order played already or in the hand."""
    known = mask_of(_played(view)) | mask_of([to_int(c) for c in view.hand])
    groups: list[list[int]] = []
    for c in sorted(cards, key=lambda c: (SUIT[c], STR[c])):
        if groups:
            prev = groups[-1][-1]
            between = HIGHER[prev] & ~HIGHER[c] & ~(1 << c)
            if SUIT[prev] == SUIT[c] and PTS[prev] == PTS[c] and not between & ~known:
                groups[-1].append(c)
                continue
        groups.append([c])
    return groups


def make_bot(level: str) -> Bot:
    """The computer player of `level` ("easy", "medium" or "hard")."""
    if level == "easy":
        return EasyBot()
    if level == "medium":
        return MediumBot()
    if level == "hard":
        return HardBot()
    raise ValueError(f"no Dobbm bot level {level!r} (the levels: {', '.join(LEVELS)})")

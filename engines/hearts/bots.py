"""Computer players for Bidel (Hearts): easy, medium and hard, for the pass and the play.

Every bot has the same small interface: ``choose(view, rng) -> action``. It
receives one seat's `View` (never the game state: a bot that peeks at hidden
cards is a bug) and an injected random source, and returns a `Pass` of three
cards from its hand in the pass phase, or one of ``view.legal`` in play.

- `EasyBot`: passes its three highest cards; in play, a random legal card about
  half the time, the medium choice otherwise.
- `MediumBot`: rules of thumb. It passes what is dangerous to keep (Q♠ without
  four small spades under it, A♠ and K♠ likewise, high hearts, high cards of
  suits with few small cards), keeping its small cards; in play it ducks under
  the winning card, and when void dumps Q♠, then A♠/K♠ while the queen is out,
  then the card with the most unseen cards of its suit under it (hearts
  first); it leads its lowest card of the suit where the others hold the most
  cards above it, short suits first, stays off high spades while Q♠ is out,
  and throws its highest club on the pointless first trick.
- `HardBot`: determinized Monte Carlo. It deals the cards it cannot see into
  many worlds, each consistent with everything the seat knows (the voids shown
  in play, the cards it passed, the hand sizes) and each picked from a few
  such deals by how well the others' plays so far fit the medium player's
  rules; it plays each legal card in each world, rolls the hand out to the end
  with the medium policy for every seat, and plays the card with the best
  average of its points less the others' mean (so a moon counts as the options
  score it, for it or against it). Its pass is chosen the same way: the best few
  passes by the medium rules are each played out in many deals of the unseen
  cards, the others passing like the medium player. The work is a fixed number
  of worlds, or, with an injected clock, as many as fit in `time_limit`.

Cards inside the bots are the ints ``Card.index`` (0..51, suit * 13 + rank - 2)
and hands are bit masks; `FastHand` plays the rest of a hand on them with no
validation, for the rollouts (it agrees with `rules.legal_cards` and
`rules.score_hand`, which the tests check).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Final, Protocol

from engines.cards.cards import ACE, ALL_CARDS, KING, Card, Suit
from engines.protocol import RandomLike

from .options import JACK_OF_DIAMONDS, QUEEN_OF_SPADES, TWO_OF_CLUBS, HeartsOptions, Moon
from .rules import PASS_SIZE, Pass, Phase, View

# -- cards as bits -----------------------------------------------------------------------------

SUIT_MASKS: Final = tuple(0x1FFF << (13 * s) for s in range(4))
HEARTS: Final = SUIT_MASKS[Suit.HEARTS]
TWO_CLUBS: Final = 1 << TWO_OF_CLUBS.index
JACK_DIAMONDS_INDEX: Final = JACK_OF_DIAMONDS.index
JACK_DIAMONDS: Final = 1 << JACK_DIAMONDS_INDEX
QUEEN_SPADES_INDEX: Final = QUEEN_OF_SPADES.index
QUEEN_SPADES: Final = 1 << QUEEN_SPADES_INDEX
KING_SPADES: Final = 1 << Card.of(KING, Suit.SPADES).index
ACE_SPADES: Final = 1 << Card.of(ACE, Suit.SPADES).index
POINT_CARDS: Final = HEARTS | QUEEN_SPADES
FULL_DECK: Final = (1 << 52) - 1


def mask_of(cards: Iterable[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card.index
    return mask


def cards_of(mask: int) -> list[Card]:
    """The cards of a mask, lowest index first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(ALL_CARDS[low.bit_length() - 1])
        mask ^= low
    return out


def _indices(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _highest(mask: int) -> int:
    return mask.bit_length() - 1


def _lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _below(index: int) -> int:
    """The mask of every card index under `index`."""
    return (1 << index) - 1


# -- the fast simulator ------------------------------------------------------------------------


def legal_mask(hand: int, led: int, first: bool, broken: bool, first_trick_points: bool) -> int:
    """The cards of `hand` that may be played; `led` is the suit led, or -1 to lead (rules §3)."""
    if led < 0:
        if first:
            return TWO_CLUBS if hand & TWO_CLUBS else hand
        if not broken:
            other = hand & ~HEARTS
            if other:
                return other
        return hand
    follow = hand & SUIT_MASKS[led]
    if follow:
        return follow
    if first and not first_trick_points:
        safe = hand & ~POINT_CARDS
        if safe:
            return safe
    return hand


def hand_points(taken: Sequence[int], options: HeartsOptions) -> list[int]:
    """What each seat scores for the cards it won (masks), the moon included (rules §4)."""
    jack = options.jack_of_diamonds
    shooter = -1
    for seat, won in enumerate(taken):
        if won & POINT_CARDS == POINT_CARDS:
            shooter = seat
    if shooter < 0:
        return [
            (won & HEARTS).bit_count() + (13 if won & QUEEN_SPADES else 0)
            - (10 if jack and won & JACK_DIAMONDS else 0)
            for won in taken
        ]
    bonus = [-10 if jack and won & JACK_DIAMONDS else 0 for won in taken]
    if options.moon is Moon.OTHERS_ADD:
        return [b + (0 if s == shooter else 26) for s, b in enumerate(bonus)]
    return [b - (26 if s == shooter else 0) for s, b in enumerate(bonus)]


class FastHand:
    """The rest of one hand on bit masks: no checks, for rollouts.

    `hands` are the seats' cards, `trick` the cards of the trick in play from
    `leader`, `gone` every card already played (the trick in play included),
    `taken` the cards each seat has won.
    """

    __slots__ = ("broken", "first", "ftp", "gone", "hands", "leader", "players", "taken",
                 "trick", "turn")

    def __init__(self, hands: Sequence[int], leader: int, trick: Sequence[int], gone: int,
                 taken: Sequence[int], broken: bool, first: bool,
                 first_trick_points: bool) -> None:
        self.hands = list(hands)
        self.players = len(hands)
        self.leader = leader
        self.trick = list(trick)
        self.turn = (leader + len(trick)) % self.players
        self.gone = gone
        self.taken = list(taken)
        self.broken = broken
        self.first = first
        self.ftp = first_trick_points

    @property
    def is_over(self) -> bool:
        return not self.trick and not self.hands[self.turn]

    def legal(self) -> int:
        led = self.trick[0] // 13 if self.trick else -1
        return legal_mask(self.hands[self.turn], led, self.first, self.broken, self.ftp)

    def play(self, card: int) -> None:
        bit = 1 << card
        seat = self.turn
        self.hands[seat] ^= bit
        self.gone |= bit
        self.trick.append(card)
        if bit & HEARTS:
            self.broken = True
        n = self.players
        if len(self.trick) < n:
            self.turn = (seat + 1) % n
            return
        trick = self.trick
        led = trick[0] // 13
        best = 0
        for i in range(1, n):
            if trick[i] // 13 == led and trick[i] > trick[best]:
                best = i
        won = (self.leader + best) % n
        for c in trick:
            self.taken[won] |= 1 << c
        self.trick = []
        self.leader = self.turn = won
        self.first = False

    def finish(self, policy: Callable[[FastHand, int], int]) -> None:
        """Play to the end of the hand, each seat choosing with `policy(self, legal)`."""
        hands = self.hands
        while self.trick or hands[self.turn]:
            legal = self.legal()
            card = _lowest(legal) if legal & (legal - 1) == 0 else policy(self, legal)
            self.play(card)


# -- the medium policy -------------------------------------------------------------------------


def _lead(hand: int, legal: int, gone: int) -> int:
    """A low lead in the suit where the others hold the most cards above it."""
    queen_out = not (gone | hand) & QUEEN_SPADES
    best_card, best_score = -1, 1e9
    for suit in range(4):
        mine = legal & SUIT_MASKS[suit]
        if not mine:
            continue
        card = _lowest(mine)
        if card == QUEEN_SPADES_INDEX and mine & (mine - 1):
            card = _lowest(mine & ~QUEEN_SPADES)  # never lead the queen with other spades
        others = SUIT_MASKS[suit] & ~gone & ~hand
        count = others.bit_count()
        if count == 0:
            score = 2.0  # the others are void: they will dump points on it
        else:
            under = (others & _below(card)).bit_count()
            score = under / count
            if count <= 3:
                score += 0.3
        score += 0.05 * mine.bit_count()  # a short suit first: a void to come
        if suit == 3:
            if card == QUEEN_SPADES_INDEX:
                score += 3.0
            elif queen_out:
                score += 2.5 if card > QUEEN_SPADES_INDEX else -0.3
        elif suit == 2:
            score += 0.2
        if score < best_score or (score == best_score and card % 13 < best_card % 13):
            best_card, best_score = card, score
    return best_card


def _follow(legal: int, trick: Sequence[int], last: bool, first: bool,
            first_trick_points: bool) -> int:
    """Following suit: Q♠ under a higher spade, else the highest card under the winning one;
    last on a pointless trick, win it high (never with Q♠); the first trick, the highest."""
    led = trick[0] // 13
    top = max(c for c in trick if c // 13 == led)
    if first and not first_trick_points:
        return _highest(legal)  # the first trick carries no points
    under = legal & _below(top)
    if under & QUEEN_SPADES:
        return QUEEN_SPADES_INDEX  # the queen under a higher spade
    spare = legal & ~QUEEN_SPADES or legal
    if last:
        points = any((1 << c) & POINT_CARDS for c in trick)
        if not points:
            return _highest(spare)
    if under:
        return _highest(under)
    if last:
        return _highest(spare)
    return _lowest(spare)


def _discard(hand: int, legal: int, gone: int, jack: bool) -> int:
    """Void in the suit led: Q♠, then A♠/K♠ while the queen is out, then the card with the most
    unseen cards of its suit under it (hearts first, short suits first)."""
    if legal & QUEEN_SPADES:
        return QUEEN_SPADES_INDEX
    if not gone & QUEEN_SPADES:
        high = legal & (ACE_SPADES | KING_SPADES)
        if high:
            return _highest(high)
    best_card, best_value = -1, -1e9
    for card in _indices(legal):
        suit, rank = divmod(card, 13)
        unseen = SUIT_MASKS[suit] & ~gone & ~hand
        value = (unseen & _below(card)).bit_count() + 0.3 * rank \
            - 0.5 * (hand & SUIT_MASKS[suit]).bit_count()
        if suit == 2:
            value += 3.0
        if jack and card == JACK_DIAMONDS_INDEX:
            value -= 20.0
        if value > best_value:
            best_card, best_value = card, value
    return best_card


def medium_card(hand: int, legal: int, trick: Sequence[int], gone: int, first: bool,
                players: int, first_trick_points: bool, jack: bool) -> int:
    """The medium player's card (an index) from `legal` (a mask)."""
    if legal & (legal - 1) == 0:
        return _lowest(legal)
    if not trick:
        return _lead(hand, legal, gone)
    if legal & SUIT_MASKS[trick[0] // 13]:
        return _follow(legal, trick, len(trick) == players - 1, first, first_trick_points)
    return _discard(hand, legal, gone, jack)


def _rollout_policy(jack: bool) -> Callable[[FastHand, int], int]:
    def policy(sim: FastHand, legal: int) -> int:
        return medium_card(sim.hands[sim.turn], legal, sim.trick, sim.gone, sim.first,
                           sim.players, sim.ftp, jack)

    return policy


# -- passing -----------------------------------------------------------------------------------


def _suit_danger(suit: int, ranks: int, jack: bool) -> float:
    """The danger of holding the cards `ranks` (bit r - 2 for rank r) of one suit."""
    length = ranks.bit_count()
    if length == 0:
        return -1.0 if suit == 2 else -1.5
    danger = 0.0
    if suit == 3:
        low_spades = (ranks & 0x3FF).bit_count()  # 2♠ … J♠
        guarded = low_spades >= 4
        if ranks >> 10 & 1:
            danger += 0.0 if guarded else (13.0, 13.0, 12.0, 7.0)[low_spades]
        for rank_bit, weight in ((11, 6.0), (12, 7.0)):
            if ranks >> rank_bit & 1:
                danger += 1.0 if guarded else weight
        return danger
    low = (ranks & 0x3F).bit_count()  # 2 … 7
    for bit in range(13):
        if ranks >> bit & 1:
            rank = bit + 2
            if rank <= 5:
                danger -= (6 - rank) * 0.1  # small cards are the way out of tricks
            elif rank >= 10:
                danger += (rank - 9) * (0.9 if suit == 2 else 1.0) / (1.0 + 0.5 * low)
    if length == 1:
        danger -= 0.5
    if jack and suit == 1 and ranks >> 9 & 1:
        danger -= 1.5
    return danger


_SUIT_DANGER: dict[tuple[int, int, bool], float] = {}


def hand_danger(hand: int, jack: bool = False) -> float:
    """How dangerous a hand is to keep (lower is better): what the pass tries to reduce.

    Q♠ without four smaller spades, A♠ and K♠ under the same condition, high
    hearts and high cards of suits with few small cards count against the hand;
    small cards and voids (short suits a little) count for it.
    """
    danger = 0.0
    for suit in range(4):
        key = (suit, hand >> (13 * suit) & 0x1FFF, jack)
        value = _SUIT_DANGER.get(key)
        if value is None:
            value = _SUIT_DANGER[key] = _suit_danger(*key)
        danger += value
    return danger


def ranked_passes(hand: int, jack: bool = False) -> list[tuple[float, int]]:
    """Every pass (a mask of three cards) with the danger of the hand it leaves, best first."""
    cards = [1 << c for c in _indices(hand)]
    ranked = [(hand_danger(hand & ~(a | b | c), jack), a | b | c)
              for a, b, c in combinations(cards, PASS_SIZE)]
    ranked.sort(key=lambda item: item[0])
    return ranked


_SUIT_PASSES: dict[tuple[int, int, bool], list[tuple[float, int]]] = {}


def _suit_passes(suit: int, ranks: int, jack: bool) -> list[tuple[float, int]]:
    """For k = 0 … 3 cards given from one suit: the least danger left and the ranks given."""
    key = (suit, ranks, jack)
    found = _SUIT_PASSES.get(key)
    if found is not None:
        return found
    bits = [1 << b for b in range(13) if ranks >> b & 1]
    found = []
    for k in range(min(PASS_SIZE, len(bits)) + 1):
        found.append(min(((_suit_danger(suit, ranks & ~sum(given), jack), sum(given))
                          for given in combinations(bits, k)), key=lambda item: item[0]))
    _SUIT_PASSES[key] = found
    return found


def best_pass(hand: int, jack: bool = False) -> int:
    """The pass (a mask) that leaves the least dangerous hand. The danger is a sum over the
    suits, so the best pass gives each suit's best k cards for the best split of the three."""
    options = [_suit_passes(suit, hand >> (13 * suit) & 0x1FFF, jack) for suit in range(4)]
    best, best_danger = 0, 1e9
    for k0 in range(len(options[0])):
        for k1 in range(min(len(options[1]), PASS_SIZE + 1 - k0)):
            for k2 in range(min(len(options[2]), PASS_SIZE + 1 - k0 - k1)):
                k3 = PASS_SIZE - k0 - k1 - k2
                if k3 >= len(options[3]):
                    continue
                parts = (options[0][k0], options[1][k1], options[2][k2], options[3][k3])
                danger = parts[0][0] + parts[1][0] + parts[2][0] + parts[3][0]
                if danger < best_danger - 1e-9:
                    best_danger = danger
                    best = (parts[0][1] | parts[1][1] << 13 | parts[2][1] << 26
                            | parts[3][1] << 39)
    return best


def medium_pass(hand: Sequence[Card], jack: bool = False) -> tuple[Card, Card, Card]:
    """The three cards whose passing leaves the least dangerous hand."""
    best = best_pass(mask_of(hand), jack)
    first, second, third = cards_of(best)
    return first, second, third


def _easy_pass(hand: Sequence[Card]) -> tuple[Card, ...]:
    """The three highest cards (Q♠ above the aces, hearts before other suits on a tie)."""
    def weight(card: Card) -> tuple[int, int]:
        rank = 15 if card.index == QUEEN_SPADES_INDEX else card.rank
        return rank, (3, 1, 4, 2)[card.suit]

    return tuple(sorted(hand, key=weight, reverse=True)[:PASS_SIZE])


# -- the bots ----------------------------------------------------------------------------------


Rng = RandomLike  # the random source a bot needs (`random.Random`, `secrets.SystemRandom`)


class Bot(Protocol):
    """A computer player: a pass of three cards from its hand, or a card of `view.legal`."""

    level: str

    def choose(self, view: View, rng: Rng) -> Pass | Card: ...


def _check_turn(view: View) -> None:
    if view.turn != view.seat or view.phase not in (Phase.PASS, Phase.PLAY):
        raise ValueError(f"seat {view.seat} has nothing to choose now (phase {view.phase})")
    if view.phase is Phase.PLAY and not view.legal:
        raise ValueError(f"seat {view.seat} has no legal card in this view")


def _gone(view: View) -> int:
    gone = mask_of(view.trick.cards)
    for trick in view.tricks:
        gone |= mask_of(trick.cards)
    return gone


def _medium_choice(view: View) -> Card:
    legal = view.legal
    assert isinstance(legal, tuple)  # the play phase's cards, not the pass's choices
    if len(legal) == 1:
        return legal[0]
    index = medium_card(mask_of(view.hand), mask_of(legal), [c.index for c in view.trick.cards],
                        _gone(view), view.first_trick, view.players,
                        view.options.first_trick_points, view.options.jack_of_diamonds)
    return ALL_CARDS[index]


@dataclass
class EasyBot:
    """A beginner: a random legal card about half the time, the medium card otherwise."""

    level: str = "easy"
    randomness: float = 0.5

    def choose(self, view: View, rng: Rng) -> Pass | Card:
        _check_turn(view)
        if view.phase is Phase.PASS:
            return Pass.of(_easy_pass(view.hand))
        legal = view.legal
        assert isinstance(legal, tuple)  # the play phase's cards, not the pass's choices
        if len(legal) > 1 and rng.random() < self.randomness:
            card = legal[rng.randrange(len(legal))]
            return card
        return _medium_choice(view)


@dataclass
class MediumBot:
    """Rules of thumb for the pass and the play (see the module docstring)."""

    level: str = "medium"

    def choose(self, view: View, rng: Rng) -> Pass | Card:
        _check_turn(view)
        if view.phase is Phase.PASS:
            return Pass.of(medium_pass(view.hand, view.options.jack_of_diamonds))
        return _medium_choice(view)


# -- what a seat knows about the cards it cannot see -------------------------------------------


@dataclass
class Knowledge:
    """Everything one seat knows about the hidden cards, from its view.

    `fixed[s]` are cards seat s surely holds (what I passed it, not yet played),
    `allowed[s]` the cards it may hold: less every suit it showed out of; only
    hearts once it led one before they were broken; only hearts and Q♠ once it
    played one of them on the first trick (when that is barred). `need[s]` is
    how many unseen cards it holds on top of `fixed[s]`, and `unseen` the cards
    to share out.
    """

    seat: int
    players: int
    hand: int
    gone: int
    unseen: int
    fixed: list[int]
    allowed: list[int]
    need: list[int]

    @classmethod
    def of(cls, view: View) -> Knowledge:
        n = view.players
        me = view.seat
        hand = mask_of(view.hand)
        gone = _gone(view)
        deck = FULL_DECK & ~mask_of(view.options.removed)
        fixed = [0] * n
        if view.passed and view.received is not None and view.pass_to not in (None, me):
            assert view.pass_to is not None
            fixed[view.pass_to] = mask_of(view.passed) & ~gone
        allowed = [deck] * n
        broken = False
        ftp = view.options.first_trick_points
        for number, trick in enumerate((*view.tricks, view.trick)):
            led = trick.cards[0].suit if trick.cards else None
            for i, (seat, card) in enumerate(trick.seats(n)):
                bit = 1 << card.index
                if i == 0:
                    if bit & HEARTS and not broken and number > 0:
                        allowed[seat] &= HEARTS  # led a heart unbroken: it held only hearts
                elif card.suit is not led:
                    assert led is not None
                    allowed[seat] &= ~SUIT_MASKS[led]
                    if number == 0 and not ftp and bit & POINT_CARDS:
                        allowed[seat] &= POINT_CARDS  # points on the first trick: nothing else
                if bit & HEARTS:
                    broken = True
        need = [size - fixed[s].bit_count() for s, size in enumerate(view.hand_sizes)]
        need[me] = 0
        fixed[me] = hand
        allowed[me] = hand
        taken_fixed = 0
        for mask in fixed:
            taken_fixed |= mask
        unseen = deck & ~gone & ~taken_fixed
        return cls(me, n, hand, gone, unseen, fixed, allowed, need)


class WorldSampler:
    """Deals the unseen cards to the other seats, always consistently with `Knowledge`.

    The cards are grouped by the set of seats that may hold them; the most
    constrained groups go first, each card to a seat with room drawn in
    proportion to its room, and a draw that would leave the rest impossible to
    place (checked with Hall's condition over the sets of seats) is not taken.
    """

    def __init__(self, knowledge: Knowledge) -> None:
        self.knowledge = knowledge
        others = [s for s in range(knowledge.players) if s != knowledge.seat]
        groups: dict[int, list[int]] = {}
        for card in _indices(knowledge.unseen):
            seats = 0
            for s in others:
                if knowledge.allowed[s] >> card & 1:
                    seats |= 1 << s
            groups.setdefault(seats, []).append(card)
        if 0 in groups:
            raise ValueError("the view is inconsistent: a card no seat can hold")
        self.groups = sorted(groups.items(), key=lambda item: (item[0].bit_count(), item[0]))
        self.group_seats = [[s for s in others if seats >> s & 1] for seats, _ in self.groups]
        # For each proper set of seats, the groups that only those seats may hold.
        self.subsets: list[tuple[list[int], list[int]]] = []
        for size in range(1, len(others)):
            for subset in combinations(others, size):
                bits = sum(1 << s for s in subset)
                inside = [g for g, (seats, _) in enumerate(self.groups) if seats & ~bits == 0]
                if inside:
                    self.subsets.append((list(subset), inside))
        counts = [len(cards) for _, cards in self.groups]
        if sum(counts) != sum(knowledge.need) or not self._feasible(counts, knowledge.need):
            raise ValueError("the view is inconsistent: the unseen cards cannot be dealt")

    def _feasible(self, counts: list[int], need: list[int]) -> bool:
        for subset, inside in self.subsets:
            room = 0
            for s in subset:
                room += need[s]
            cards = 0
            for g in inside:
                cards += counts[g]
            if cards > room:
                return False
        return True

    def sample(self, rng: random.Random) -> list[int]:
        """One world: every seat's hand as a mask (mine as it is)."""
        hands = list(self.knowledge.fixed)
        need = list(self.knowledge.need)
        counts = [len(cards) for _, cards in self.groups]
        last = len(self.groups) - 1
        for g, (_, cards) in enumerate(self.groups):
            seats = self.group_seats[g]
            if g == last:
                pool = list(cards)
                rng.shuffle(pool)
                start = 0
                for s in seats:
                    if need[s]:
                        for card in pool[start:start + need[s]]:
                            hands[s] |= 1 << card
                        start += need[s]
                        need[s] = 0
                break
            order = list(cards)
            rng.shuffle(order)
            for card in order:
                counts[g] -= 1
                choices = [s for s in seats if need[s] > 0]
                while True:
                    room = sum(need[s] for s in choices)
                    pick = rng.randrange(room)
                    for s in choices:
                        pick -= need[s]
                        if pick < 0:
                            break
                    need[s] -= 1
                    if self._feasible(counts, need):
                        break
                    need[s] += 1
                    choices.remove(s)
                hands[s] |= 1 << card
        return hands


class Surprises:
    """Counts, for a dealt world, the others' cards played this hand that the medium player
    would not have played holding that world's cards: a model of the others, to weigh the
    worlds by (plays with no choice, and cards as good as the expected one, are no surprise).
    """

    def __init__(self, view: View) -> None:
        options = view.options
        self.players = view.players
        self.ftp = options.first_trick_points
        self.jack = options.jack_of_diamonds
        self.special = QUEEN_SPADES | (JACK_DIAMONDS if self.jack else 0)
        played: list[tuple[int, int, tuple[int, ...], int, bool, bool]] = []
        gone = 0
        broken = False
        for number, trick in enumerate((*view.tricks, view.trick)):
            prefix: list[int] = []
            for seat, card in trick.seats(self.players):
                played.append((seat, card.index, tuple(prefix), gone, number == 0, broken))
                gone |= 1 << card.index
                prefix.append(card.index)
                broken = broken or card.suit == 2
        # Each event with the cards its seat played from then on: its hand then, less the world.
        self.events: list[tuple[int, int, tuple[int, ...], int, bool, bool, int]] = []
        later = [0] * self.players
        for seat, index, prefix_cards, before, first, was_broken in reversed(played):
            later[seat] |= 1 << index
            if seat != view.seat:
                self.events.append((seat, index, prefix_cards, before, first, was_broken,
                                    later[seat]))

    def count(self, hands: Sequence[int], most: int = 8) -> int:
        surprises = 0
        for seat, card, trick, gone, first, broken, later in self.events:
            hand = hands[seat] | later
            led = trick[0] // 13 if trick else -1
            legal = legal_mask(hand, led, first, broken, self.ftp)
            if legal & (legal - 1) == 0:
                continue
            guess = medium_card(hand, legal, trick, gone, first, self.players, self.ftp, self.jack)
            if guess == card:
                continue
            low, high = min(guess, card), max(guess, card)
            between = _below(high) & ~_below(low + 1)
            if (low // 13 != high // 13 or between & ~(hand | gone)
                    or ((1 << low) | (1 << high)) & self.special):
                surprises += 1
                if surprises >= most:
                    break
        return surprises


# -- the hard bot ------------------------------------------------------------------------------


def _distinct_plays(legal: int, blockers: int, options: HeartsOptions) -> list[int]:
    """One card of each run of legal cards that no other card separates and that score alike."""
    special = QUEEN_SPADES | (JACK_DIAMONDS if options.jack_of_diamonds else 0)
    picks: list[int] = []
    previous = -2
    for card in _indices(legal):
        bit = 1 << card
        same_run = (
            previous >= 0 and previous // 13 == card // 13
            and not blockers & (_below(card) & ~_below(previous + 1))
            and not (bit | 1 << previous) & special
        )
        if not same_run:
            picks.append(card)
        previous = card
    return picks


@dataclass
class SearchReport:
    """What the last hard decision looked at (for tests and benchmarks)."""

    candidates: int = 0
    worlds: int = 0
    values: dict[Card | Pass, float] = field(default_factory=dict)


@dataclass
class HardBot:
    """Determinized Monte Carlo over worlds consistent with the view (see the module docstring).

    Each world is one of `draws` deals of the unseen cards, picked with weight
    `surprise` ** (the others' plays the medium rules would not have made in
    it). A card's value is its points less `others_weight` times the others'
    mean. Without a clock it searches `worlds` worlds (the same choice for the
    same view and random source), and its pass plays `pass_candidates` passes
    out in `pass_worlds` deals; with an injected `clock` both go on until
    `time_limit` seconds have passed (at least `min_worlds`, at most
    `max_worlds`).
    """

    level: str = "hard"
    worlds: int = 150
    pass_worlds: int = 100
    pass_candidates: int = 8
    clock: Callable[[], float] | None = None
    time_limit: float = 0.25
    min_worlds: int = 4
    max_worlds: int = 400
    others_weight: float = 1.0
    draws: int = 6
    surprise: float = 0.1
    report: SearchReport = field(default_factory=SearchReport)

    def choose(self, view: View, rng: Rng) -> Pass | Card:
        _check_turn(view)
        if view.phase is Phase.PASS:
            return self._pass(view, random.Random(rng.randrange(1 << 30)))
        legal = view.legal
        assert isinstance(legal, tuple)  # the play phase's cards, not the pass's choices
        self.report = SearchReport(candidates=len(legal))
        if len(legal) == 1:
            return legal[0]
        finished = 0
        for trick in view.tricks:
            finished |= mask_of(trick.cards)
        plays = _distinct_plays(mask_of(legal), FULL_DECK & ~finished & ~mask_of(view.hand),
                                view.options)
        self.report.candidates = len(plays)
        if len(plays) == 1:
            return ALL_CARDS[plays[0]]
        fallback = _medium_choice(view)
        values = self._evaluate(view, plays, random.Random(rng.randrange(1 << 30)))
        best = min(range(len(plays)), key=lambda i: values[i])
        self.report.values = {ALL_CARDS[c]: v for c, v in zip(plays, values, strict=True)}
        # The medium card's run (the lowest of its run is the one searched) wins a tie.
        mine = max(i for i, c in enumerate(plays) if c <= fallback.index)
        if values[mine] <= values[best] + 1e-9:
            return fallback
        return ALL_CARDS[plays[best]]

    def _pass(self, view: View, rng: random.Random) -> Pass:
        """The best few passes by `hand_danger`, each played out in many deals of the unseen
        cards (the others passing like the medium player); the fewest points wins."""
        options = view.options
        jack = options.jack_of_diamonds
        hand = mask_of(view.hand)
        candidates = [mask for _d, mask in ranked_passes(hand, jack)[: self.pass_candidates]]
        self.report = SearchReport(candidates=len(candidates))
        n = view.players
        me = view.seat
        receivers = [options.receiver(s, view.direction) for s in range(n)]
        unseen = _indices(FULL_DECK & ~mask_of(options.removed) & ~hand)
        size = options.hand_size
        policy = _rollout_policy(jack)
        totals = [0.0] * len(candidates)
        worlds = 0
        for _world in self._budget(self.pass_worlds if len(candidates) > 1 else 0):
            rng.shuffle(unseen)
            hands = [0] * n
            hands[me] = hand
            start = 0
            for s in range(n):
                if s != me:
                    for card in unseen[start:start + size]:
                        hands[s] |= 1 << card
                    start += size
            passes = [best_pass(hands[s], jack) if s != me else 0 for s in range(n)]
            for i, mine in enumerate(candidates):
                passes[me] = mine
                after = [hands[s] & ~passes[s] for s in range(n)]
                for s in range(n):
                    after[receivers[s]] |= passes[s]
                leader = next(s for s in range(n) if after[s] & TWO_CLUBS)
                sim = FastHand(after, leader, [], 0, [0] * n, False, True,
                               options.first_trick_points)
                sim.finish(policy)
                totals[i] += self._value(hand_points(sim.taken, options), me)
            worlds += 1
        self.report.worlds = worlds
        best = min(range(len(candidates)), key=lambda i: totals[i])
        if worlds:
            self.report.values = {Pass.of(cards_of(mask)): totals[i] / worlds
                                  for i, mask in enumerate(candidates)}
        return Pass.of(cards_of(candidates[best]))

    def _evaluate(self, view: View, plays: list[int], rng: random.Random) -> list[float]:
        knowledge = Knowledge.of(view)
        sampler = WorldSampler(knowledge)
        options = view.options
        policy = _rollout_policy(options.jack_of_diamonds)
        me = view.seat
        n = view.players
        taken = [0] * n
        for trick in view.tricks:
            assert trick.winner is not None
            taken[trick.winner] |= mask_of(trick.cards)
        current = [c.index for c in view.trick.cards]
        totals = [0.0] * len(plays)
        surprises = Surprises(view) if self.draws > 1 else None
        worlds = 0
        for _world in self._budget(self.worlds):
            hands = sampler.sample(rng)
            if surprises is not None:
                hands = self._likely(hands, sampler, surprises, rng)
            for i, card in enumerate(plays):
                sim = FastHand(hands, view.trick.leader, current, knowledge.gone, taken,
                               view.hearts_broken, view.first_trick, options.first_trick_points)
                sim.play(card)
                sim.finish(policy)
                totals[i] += self._value(hand_points(sim.taken, options), me)
            worlds += 1
        self.report.worlds = worlds
        return [t / worlds for t in totals]

    def _budget(self, fixed: int) -> Iterator[int]:
        """The worlds to search: `fixed` of them without a clock; with one, as many as fit in
        `time_limit` (at least `min_worlds`, at most `max_worlds`)."""
        if self.clock is None:
            yield from range(fixed)
            return
        if fixed == 0:
            return
        deadline = self.clock() + self.time_limit
        for world in range(self.max_worlds):
            if world >= self.min_worlds and self.clock() > deadline:
                return
            yield world

    def _value(self, points: Sequence[int], me: int) -> float:
        """What a hand's points are worth to seat `me` (less is better)."""
        mine = points[me]
        if not self.others_weight:
            return mine
        return mine - self.others_weight * (sum(points) - mine) / (len(points) - 1)

    def _likely(self, first: list[int], sampler: WorldSampler, surprises: Surprises,
                rng: random.Random) -> list[int]:
        """One of `draws` worlds drawn in proportion to `surprise` ** (its surprises)."""
        drawn = [first] + [sampler.sample(rng) for _ in range(self.draws - 1)]
        weights = [self.surprise ** surprises.count(hands) for hands in drawn]
        pick = rng.random() * sum(weights)
        for hands, w in zip(drawn, weights, strict=True):
            pick -= w
            if pick < 0:
                return hands
        return drawn[-1]


BOTS: Final = {"easy": EasyBot, "medium": MediumBot, "hard": HardBot}
LEVELS: Final = tuple(BOTS)


def make_bot(level: str) -> Bot:
    """A bot by level name: easy, medium or hard."""
    try:
        factory = BOTS[level]
    except KeyError:
        choices = ", ".join(LEVELS)
        raise ValueError(f"unknown bot level {level!r}; choose one of {choices}") from None
    return factory()

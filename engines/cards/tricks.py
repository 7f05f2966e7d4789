"""Tricks that know trumps: rank orders and point tables as data, the winner, the obligations.

A `RankOrder` lists ranks high to low for plain suits and, if different, for the trump
suit (Debertz: plain A 10 K Q J 9 8 7, trumps J 9 A 10 K Q 8 7). A `PointTable` gives
card points by rank, plain and trump. Both work for French and German cards, which share
rank numbers (Unter = jack = 11, Ober = queen = 12, Sow = ace = 14).

A `Trick` knows the seats in playing order and the cards played so far. The highest
trump wins it, else the highest card of the suit led.

The obligations are written once, in priority order, and `TrickRules` switches them:

1. follow the suit led if you can (always);
2. if you cannot, play a trump if you can (`must_trump`), else any card;
3. when trumps are led, beat the best trump in the trick if you can, else any trump
   (`overtrump_on_trump_lead`; Debertz §9.3.4);
4. when you trump a plain-suit lead and a trump is already in the trick, beat it if you
   can, else play any trump (`overtrump_on_ruff`; Debertz §9.5's option).

Rules 3 and 4 bind only when the best trump so far is an opponent's, unless
`overtrump_partner` (Debertz §9.4's option); partners come from `teams`, one team number
per seat (see teams.py); without teams everybody else is an opponent. Dobbm is rules 1
and 2 with hearts as trumps; Bidel is rule 1 alone.

`legal_plays(hand, trick, rules)` lists the cards allowed, in hand order;
`why_illegal(hand, trick, card, rules)` is None exactly for those and otherwise names
the first rule the card breaks (one of the ``R_…`` sentences).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Generic, TypeVar

from .cards import ACE, JACK, KING, QUEEN, CardError, PlayingCard

C = TypeVar("C", bound=PlayingCard)

# Rank orders, high to low, shared by families of games.
ACE_HIGH: tuple[int, ...] = tuple(range(ACE, 1, -1))  # A K Q J 10 … 2 (Bidel)
ACE_TEN: tuple[int, ...] = (ACE, 10, KING, QUEEN, JACK, 9, 8, 7, 6)  # Debertz plain, Dobbm
JACK_NINE_TRUMPS: tuple[int, ...] = (JACK, 9, ACE, 10, KING, QUEEN, 8, 7)  # Debertz trumps

# Card points by rank; ranks not named score 0.
ACE_TEN_POINTS: Mapping[int, int] = {ACE: 11, 10: 10, KING: 4, QUEEN: 3, JACK: 2}
JACK_NINE_TRUMP_POINTS: Mapping[int, int] = {JACK: 20, 9: 14, ACE: 11, 10: 10, KING: 4,
                                             QUEEN: 3}

R_HOLD = "play a card from your hand"
R_FOLLOW = "follow the suit led if you can"
R_TRUMP = "if you cannot follow suit, play a trump if you can"
R_OVERTRUMP_LEAD = "when trumps are led, play a higher trump than the best in the trick if you can"
R_OVERTRUMP_RUFF = "when you trump, beat a trump already in the trick if you can"


class TrickError(CardError):
    """A trick, order or table that does not make sense (a programming error, not a bad play)."""


def _ranks(ranks: Iterable[int], what: str) -> tuple[int, ...]:
    out = tuple(ranks)
    if not out or len(set(out)) != len(out) or not all(
            isinstance(r, int) and not isinstance(r, bool) for r in out):
        raise TrickError(f"{what} lists each rank once, high to low, not {out!r}")
    return out


@dataclass(frozen=True)
class RankOrder:
    """Ranks high to low in a plain suit and, if it differs, in the trump suit."""

    plain: tuple[int, ...]
    trump: tuple[int, ...] | None = None
    _power: dict[tuple[bool, int], int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        plain = _ranks(self.plain, "a rank order")
        trump = plain if self.trump is None else _ranks(self.trump, "a trump order")
        object.__setattr__(self, "plain", plain)
        object.__setattr__(self, "trump", None if self.trump is None else trump)
        power = {(False, r): len(plain) - i for i, r in enumerate(plain)}
        power.update({(True, r): len(trump) - i for i, r in enumerate(trump)})
        object.__setattr__(self, "_power", power)

    def power(self, card: PlayingCard, trump: Hashable | None = None) -> int:
        """A number that is higher for the card that wins within its suit."""
        is_trump = trump is not None and card.suit == trump
        try:
            return self._power[(is_trump, card.rank)]
        except KeyError:
            raise TrickError(f"the rank order has no place for {card}") from None

    def ranked(self, cards: Iterable[C], trump: Hashable | None = None) -> list[C]:
        """Cards of one suit, strongest first."""
        return sorted(cards, key=lambda c: self.power(c, trump), reverse=True)


@dataclass(frozen=True)
class PointTable:
    """Card points by rank, plain and trump (`None`: as plain); ranks not listed score 0."""

    plain: tuple[tuple[int, int], ...]
    trump: tuple[tuple[int, int], ...] | None = None
    _points: dict[tuple[bool, int], int] = field(init=False, repr=False, compare=False)

    @classmethod
    def of(cls, plain: Mapping[int, int],
           trump: Mapping[int, int] | None = None) -> PointTable:
        return cls(tuple(sorted(plain.items())),
                   None if trump is None else tuple(sorted(trump.items())))

    def __post_init__(self) -> None:
        plain = dict(self.plain)
        trump = plain if self.trump is None else dict(self.trump)
        points = {(False, r): p for r, p in plain.items()}
        points.update({(True, r): p for r, p in trump.items()})
        object.__setattr__(self, "_points", points)

    def points(self, card: PlayingCard, trump: Hashable | None = None) -> int:
        """The card's points; with `trump` None every card counts at its plain value."""
        return self._points.get((trump is not None and card.suit == trump, card.rank), 0)

    def total(self, cards: Iterable[PlayingCard], trump: Hashable | None = None) -> int:
        return sum(self.points(card, trump) for card in cards)


@dataclass(frozen=True)
class TrickRules:
    """The trump (None: no trumps), the rank order and which obligations hold; see the module."""

    order: RankOrder
    trump: Hashable | None = None
    must_trump: bool = False
    overtrump_on_trump_lead: bool = False
    overtrump_on_ruff: bool = False
    overtrump_partner: bool = False
    teams: tuple[int, ...] | None = None

    def with_trump(self, trump: Hashable | None) -> TrickRules:
        return replace(self, trump=trump)


@dataclass(frozen=True, slots=True)
class Trick(Generic[C]):
    """The seats in playing order (the leader first) and the cards played so far, in order."""

    order: tuple[int, ...]
    cards: tuple[C, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "order", tuple(self.order))
        object.__setattr__(self, "cards", tuple(self.cards))
        if not self.order or len(set(self.order)) != len(self.order):
            raise TrickError(f"a trick is played by one or more seats, each once: {self.order}")
        if len(self.cards) > len(self.order):
            raise TrickError(f"{len(self.order)} seats cannot play {len(self.cards)} cards")
        if len(set(self.cards)) != len(self.cards):
            raise TrickError("a card cannot be played twice in one trick")

    @classmethod
    def led_by(cls, leader: int, seats: Sequence[int]) -> Trick[C]:
        """An empty trick: `seats` in clockwise order, rotated to start with `leader`."""
        if leader not in seats:
            raise TrickError(f"seat {leader} does not play in this trick")
        start = list(seats).index(leader)
        return cls(tuple(seats[start:]) + tuple(seats[:start]))

    @property
    def leader(self) -> int:
        return self.order[0]

    @property
    def led_suit(self) -> Hashable | None:
        return self.cards[0].suit if self.cards else None

    @property
    def is_complete(self) -> bool:
        return len(self.cards) == len(self.order)

    @property
    def seat_to_play(self) -> int | None:
        return None if self.is_complete else self.order[len(self.cards)]

    @property
    def plays(self) -> tuple[tuple[int, C], ...]:
        """(seat, card) in playing order."""
        return tuple(zip(self.order, self.cards, strict=False))

    def play(self, card: C) -> Trick[C]:
        """The trick with `card` added by `seat_to_play` (legality is `legal_plays`' job)."""
        if self.is_complete:
            raise TrickError("the trick is complete")
        return Trick(self.order, (*self.cards, card))


def _check_kind(rules: TrickRules, cards: Iterable[PlayingCard]) -> None:
    if rules.trump is None:
        return
    for card in cards:
        if type(card.suit) is not type(rules.trump):
            raise TrickError(f"the trump {rules.trump!r} is not a suit of {card}'s kind")


def beats(card: PlayingCard, best: PlayingCard, rules: TrickRules) -> bool:
    """Whether `card`, played after `best` (the card winning so far), takes the trick from it."""
    if card.suit == best.suit:
        return rules.order.power(card, rules.trump) > rules.order.power(best, rules.trump)
    return rules.trump is not None and card.suit == rules.trump


def winning_index(trick: Trick[C], rules: TrickRules) -> int:
    """The position of the card winning the trick so far: the highest trump, else the highest
    card of the suit led."""
    if not trick.cards:
        raise TrickError("nobody wins a trick before a card is played")
    _check_kind(rules, trick.cards)
    best = 0
    for i in range(1, len(trick.cards)):
        if beats(trick.cards[i], trick.cards[best], rules):
            best = i
    return best


def trick_winner(trick: Trick[C], rules: TrickRules) -> int:
    """The seat winning the trick (so far, if it is not complete)."""
    return trick.order[winning_index(trick, rules)]


def _partner_winning(trick: Trick[C], best: int, rules: TrickRules) -> bool:
    if rules.teams is None:
        return False
    seat, winner = trick.order[len(trick.cards)], trick.order[best]
    try:
        return seat != winner and rules.teams[seat] == rules.teams[winner]
    except IndexError:
        raise TrickError(f"the teams {rules.teams} do not name every seat") from None


def _must_beat(cards: list[C], trick: Trick[C], rules: TrickRules) -> list[C] | None:
    best = winning_index(trick, rules)
    if not rules.overtrump_partner and _partner_winning(trick, best, rules):
        return None
    higher = [c for c in cards if beats(c, trick.cards[best], rules)]
    return higher or None


def _obligations(hand: Sequence[C], trick: Trick[C],
                 rules: TrickRules) -> list[tuple[str, list[C]]]:
    """Each obligation that binds, in priority order: its rule and the cards it leaves."""
    if trick.is_complete:
        raise TrickError("the trick is complete: nobody is to play")
    if not trick.cards:
        return []
    _check_kind(rules, [*trick.cards, *hand])
    led, trump = trick.led_suit, rules.trump
    stages: list[tuple[str, list[C]]] = []
    follows = [c for c in hand if c.suit == led]
    if follows:
        stages.append((R_FOLLOW, follows))
        if trump is not None and led == trump and rules.overtrump_on_trump_lead:
            higher = _must_beat(follows, trick, rules)
            if higher:
                stages.append((R_OVERTRUMP_LEAD, higher))
    elif trump is not None and rules.must_trump:
        trumps = [c for c in hand if c.suit == trump]
        if trumps:
            stages.append((R_TRUMP, trumps))
            if rules.overtrump_on_ruff and any(c.suit == trump for c in trick.cards):
                higher = _must_beat(trumps, trick, rules)
                if higher:
                    stages.append((R_OVERTRUMP_RUFF, higher))
    return stages


def legal_plays(hand: Sequence[C], trick: Trick[C], rules: TrickRules) -> list[C]:
    """The cards of `hand` that `trick.seat_to_play` may play now, in hand order."""
    stages = _obligations(hand, trick, rules)
    return list(stages[-1][1]) if stages else list(hand)


def why_illegal(hand: Sequence[C], trick: Trick[C], card: C, rules: TrickRules) -> str | None:
    """None if `card` may be played now; otherwise the first rule sentence it breaks."""
    if card not in hand:
        if trick.is_complete:
            raise TrickError("the trick is complete: nobody is to play")
        return R_HOLD
    for rule, allowed in _obligations(hand, trick, rules):
        if card not in allowed:
            return rule
    return None

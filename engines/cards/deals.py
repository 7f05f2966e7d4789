"""Deal schedules as data, and the deal they make: a plain value a game records and replays.

A `DealSchedule` holds a game's deck, its number of seats and the steps of its deal:
`Packets(n)` gives n cards to each seat being dealt, one seat after another;
`TurnUp(n)` turns the next n cards face up; `Stock(n)` lays the next n face down
(a stock to deal from later, or a talon such as Dobbm's Dobb). Every card must be
placed. Seats are dealt clockwise starting `first` seats left of the dealer; a dealer
who sits out (5-player Dobbm) is skipped. `later` packets are dealt from the top of
the stock when the game asks (`complete`, Debertz after its bidding), optionally
giving the turned card to one seat as part of its packet.

A `Deal` is the chance outcome: the dealer, each seat's hand (sorted; empty for a
seat that sits out), the turned card(s) and the stock, top first. `sample(rng)`
makes one from an injected random source; `record()` / `from_record()` give a
JSON-friendly form, `str(deal)` a text form that `DealSchedule.parse` reads back;
`check()` refuses a recorded deal with the wrong sizes or one
that does not hold every card of the deck exactly once.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any, Generic, TypeAlias, TypeVar

from .cards import CardError, PlayingCard, RandomLike, shuffled

C = TypeVar("C", bound=PlayingCard)


class DealError(CardError):
    """A schedule that does not add up, or a recorded deal that does not fit its schedule."""


def _count(value: object, what: str, least: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise DealError(f"{what} must be a whole number from {least} up, not {value!r}")
    return value


@dataclass(frozen=True, slots=True)
class Packets:
    """Each seat being dealt receives `size` cards, one seat after another in dealing order."""

    size: int

    def __post_init__(self) -> None:
        _count(self.size, "a packet", 1)


@dataclass(frozen=True, slots=True)
class TurnUp:
    """The next `count` cards are turned face up (Debertz's turned card)."""

    count: int = 1

    def __post_init__(self) -> None:
        _count(self.count, "the turned cards", 1)


@dataclass(frozen=True, slots=True)
class Stock:
    """The next `size` cards are laid aside face down (a stock, or a talon such as the Dobb)."""

    size: int

    def __post_init__(self) -> None:
        _count(self.size, "the stock", 1)


Step: TypeAlias = Packets | TurnUp | Stock


def _text(cards: Iterable[PlayingCard]) -> str:
    return " ".join(str(card) for card in cards)


@dataclass(frozen=True, slots=True)
class Deal(Generic[C]):
    """One deal: `hands[seat]` (sorted), the face-up `turned` cards, the `stock` top first."""

    dealer: int
    hands: tuple[tuple[C, ...], ...]
    turned: tuple[C, ...] = ()
    stock: tuple[C, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "hands", tuple(tuple(sorted(hand)) for hand in self.hands))
        object.__setattr__(self, "turned", tuple(self.turned))
        object.__setattr__(self, "stock", tuple(self.stock))

    def all_cards(self) -> list[C]:
        """Every card of the deal: the hands seat by seat, then the turned cards, then the stock."""
        return [c for hand in self.hands for c in hand] + list(self.turned) + list(self.stock)

    def record(self) -> dict[str, Any]:
        """A JSON-friendly form: ``{"dealer": 0, "hands": ["7S 8S …", …], "turned": "JH",
        "stock": "…"}``; `DealSchedule.from_record` reads it back."""
        return {
            "dealer": self.dealer,
            "hands": [_text(hand) for hand in self.hands],
            "turned": _text(self.turned),
            "stock": _text(self.stock),
        }

    def __str__(self) -> str:
        hands = " | ".join(_text(hand) or "-" for hand in self.hands)
        return f"dealer {self.dealer}: {hands} / up {_text(self.turned) or '-'} " \
               f"/ stock {_text(self.stock) or '-'}"


@dataclass(frozen=True, slots=True)
class DealSchedule(Generic[C]):
    """How one game deals its deck to `players` seats; see the module docstring."""

    cards: tuple[C, ...]
    players: int
    steps: tuple[Step, ...]
    later: tuple[Packets, ...] = ()
    first: int = 1
    dealer_sits_out: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(self.cards))
        object.__setattr__(self, "steps", tuple(self.steps))
        object.__setattr__(self, "later", tuple(self.later))
        _count(self.players, "the number of seats", 2 if self.dealer_sits_out else 1)
        if isinstance(self.first, bool) or not isinstance(self.first, int):
            raise DealError(f"the first seat dealt is a number of seats, not {self.first!r}")
        if self.dealer_sits_out and self.first % self.players == 0:
            raise DealError("a dealer who sits out cannot be the first seat dealt")
        if not self.cards or len(set(self.cards)) != len(self.cards):
            raise DealError("a deck holds at least one card, each card once")
        if len({type(card) for card in self.cards}) != 1:
            raise DealError("a deck holds one kind of card, French or German")
        if not all(isinstance(step, Packets | TurnUp | Stock) for step in self.steps):
            raise DealError("a deal is made of Packets, TurnUp and Stock steps")
        if not all(isinstance(step, Packets) for step in self.later):
            raise DealError("cards dealt later come in Packets from the stock")
        placed = self.hand_size * self.active + self.turned_count + self.stock_size
        if placed != len(self.cards):
            raise DealError(f"the schedule places {placed} cards but the deck has "
                            f"{len(self.cards)}: every card must be dealt, turned or laid aside")
        wanted = sum(p.size for p in self.later) * self.active
        if wanted > self.stock_size + self.turned_count:
            raise DealError(f"the later packets need {wanted} cards but only "
                            f"{self.stock_size + self.turned_count} are left undealt")

    @property
    def active(self) -> int:
        """How many seats receive cards."""
        return self.players - (1 if self.dealer_sits_out else 0)

    @property
    def hand_size(self) -> int:
        """The cards each seat being dealt holds after the first deal."""
        return sum(step.size for step in self.steps if isinstance(step, Packets))

    @property
    def turned_count(self) -> int:
        return sum(step.count for step in self.steps if isinstance(step, TurnUp))

    @property
    def stock_size(self) -> int:
        return sum(step.size for step in self.steps if isinstance(step, Stock))

    def dealing_order(self, dealer: int) -> tuple[int, ...]:
        """The seats that receive cards, in the order they receive them."""
        self._check_dealer(dealer)
        start = dealer + self.first
        seats = ((start + i) % self.players for i in range(self.players))
        return tuple(s for s in seats if not (self.dealer_sits_out and s == dealer))

    def sits_out(self, dealer: int) -> int | None:
        """The seat that receives no cards this deal, if any."""
        self._check_dealer(dealer)
        return dealer if self.dealer_sits_out else None

    def sample(self, rng: RandomLike, dealer: int = 0) -> Deal[C]:
        """Shuffle the deck with `rng` (Fisher–Yates) and deal it."""
        return self.deal_from(shuffled(self.cards, rng), dealer)

    def deal_from(self, order: Sequence[C], dealer: int = 0) -> Deal[C]:
        """Deal the deck in the given order, top card first: no chance left."""
        seats = self.dealing_order(dealer)
        if Counter(order) != Counter(self.cards):
            raise DealError("the cards to deal must be the schedule's deck, each card once")
        hands: list[list[C]] = [[] for _ in range(self.players)]
        turned: list[C] = []
        stock: list[C] = []
        top = 0
        for step in self.steps:
            if isinstance(step, Packets):
                for seat in seats:
                    hands[seat].extend(order[top:top + step.size])
                    top += step.size
            elif isinstance(step, TurnUp):
                turned.extend(order[top:top + step.count])
                top += step.count
            else:
                stock.extend(order[top:top + step.size])
                top += step.size
        return Deal(dealer, tuple(tuple(hand) for hand in hands), tuple(turned), tuple(stock))

    def check(self, deal: Deal[C]) -> None:
        """Refuse (DealError) a first deal that does not fit this schedule; say what is wrong."""
        if not isinstance(deal, Deal):
            raise DealError(f"{deal!r} is not a deal")
        self._check_dealer(deal.dealer)
        if len(deal.hands) != self.players:
            raise DealError(f"a deal has {self.players} hands, one per seat, "
                            f"not {len(deal.hands)}")
        out = self.sits_out(deal.dealer)
        for seat, hand in enumerate(deal.hands):
            size = 0 if seat == out else self.hand_size
            if len(hand) != size:
                who = "the dealer, who sits out," if seat == out else f"seat {seat}"
                raise DealError(f"{who} must hold {size} cards, not {len(hand)}")
        if len(deal.turned) != self.turned_count:
            raise DealError(f"{self.turned_count} cards are turned up, not {len(deal.turned)}")
        if len(deal.stock) != self.stock_size:
            raise DealError(f"the stock holds {self.stock_size} cards, not {len(deal.stock)}")
        counts = Counter(deal.all_cards())
        twice = sorted((c for c, n in counts.items() if n > 1), key=str)
        if twice:
            raise DealError(f"every card is dealt exactly once: {_text(twice)} more than once")
        deck = set(self.cards)
        foreign = [c for c in deal.all_cards() if c not in deck]
        if foreign:  # right sizes, no card twice, no stranger: so every card exactly once
            raise DealError(f"{_text(foreign)} is not in this game's deck")

    def from_record(self, record: Mapping[str, Any]) -> Deal[C]:
        """Read back `Deal.record()` for this schedule, refusing a record that does not fit."""
        if not isinstance(record, Mapping):
            raise DealError(f"a recorded deal is a mapping, not {record!r}")
        unknown = set(record) - {"dealer", "hands", "turned", "stock"}
        if unknown or "dealer" not in record or "hands" not in record:
            raise DealError("a recorded deal has a dealer, hands, and maybe turned and stock")
        hands = record["hands"]
        if not isinstance(hands, list | tuple):
            raise DealError("the hands of a recorded deal are a list, one text per seat")
        dealer = record["dealer"]
        if isinstance(dealer, bool) or not isinstance(dealer, int):
            raise DealError(f"the dealer of a recorded deal is a seat number, not {dealer!r}")
        deal = Deal(dealer,
                    tuple(tuple(self._parse(hand)) for hand in hands),
                    tuple(self._parse(record.get("turned", ""))),
                    tuple(self._parse(record.get("stock", ""))))
        self.check(deal)
        return deal

    def parse(self, text: str) -> Deal[C]:
        """Read back a first deal written by `str(deal)` (``dealer 0: 7S 8S … | … / up JH /
        stock …``, ``-`` for nothing), refusing text that does not fit this schedule."""
        if not isinstance(text, str):
            raise DealError(f"a deal is written as text, not {text!r}")
        head, colon, rest = text.strip().partition(":")
        words = head.split()
        parts = rest.split("/")
        if not colon or len(words) != 2 or words[0].lower() != "dealer" \
                or not words[1].isdigit() or len(parts) != 3:
            raise DealError(f"{text!r} is not a deal written as 'dealer N: hands | … / up … / "
                            "stock …'")
        up, stock = parts[1].strip(), parts[2].strip()
        if not up.lower().startswith("up") or not stock.lower().startswith("stock"):
            raise DealError(f"{text!r} is not a deal written as 'dealer N: hands | … / up … / "
                            "stock …'")

        def cards(part: str) -> str:
            part = part.strip()
            return "" if part == "-" else part

        return self.from_record({
            "dealer": int(words[1]),
            "hands": [cards(hand) for hand in parts[0].split("|")],
            "turned": cards(up[2:]),
            "stock": cards(stock[5:]),
        })

    def complete(self, deal: Deal[C], turned_to: int | None = None) -> Deal[C]:
        """Deal the `later` packets from the top of the stock, in dealing order.

        With `turned_to`, that seat's first later packet is the turned card(s) plus the rest
        from the stock (Debertz with 4 players: the turned card and one more). The result
        no longer fits `check`, which is for the first deal only.
        """
        self.check(deal)
        if not self.later:
            raise DealError("this schedule deals no cards later")
        seats = self.dealing_order(deal.dealer)
        if turned_to is not None and (turned_to not in seats or not deal.turned):
            raise DealError(f"the turned card can only go to a seat being dealt, "
                            f"not {turned_to!r}")
        hands = [list(hand) for hand in deal.hands]
        turned, stock = list(deal.turned), list(deal.stock)
        for packet in self.later:
            for seat in seats:
                size = packet.size
                if seat == turned_to and turned:
                    size -= len(turned)
                    if size < 0:
                        raise DealError("the turned cards do not fit in one later packet")
                    hands[seat].extend(turned)
                    turned = []
                if size > len(stock):
                    raise DealError(f"the stock has {len(stock)} cards, not the {size} "
                                    f"seat {seat} is due")
                hands[seat].extend(stock[:size])
                del stock[:size]
        return Deal(deal.dealer, tuple(tuple(hand) for hand in hands), tuple(turned),
                    tuple(stock))

    def _parse(self, text: object) -> list[C]:
        if not isinstance(text, str):
            raise DealError(f"recorded cards are one text such as 'JH 9H', not {text!r}")
        kind: Any = type(self.cards[0])
        try:
            return [kind.parse(token) for token in text.replace(",", " ").split()]
        except CardError as error:
            raise DealError(f"a recorded card is not one of this game's: {error}") from None

    def _check_dealer(self, dealer: object) -> None:
        if isinstance(dealer, bool) or not isinstance(dealer, int) \
                or not 0 <= dealer < self.players:
            raise DealError(f"the dealer is a seat from 0 to {self.players - 1}, not {dealer!r}")


def hand_splits(cards: Sequence[C], hands: int, size: int) -> Iterator[tuple[tuple[C, ...], ...]]:
    """Every way to give `hands` hands of `size` cards from `cards`, lazily and in a fixed
    order: the first hand each combination of `cards` (kept in their order), the next one
    each combination of what is left, and so on. Cards left over are given to nobody (a
    game's stock or talon). For a game's `chance_outcomes`."""
    if hands == 0:
        yield ()
        return
    for first in combinations(cards, size):
        taken = set(first)
        rest = tuple(c for c in cards if c not in taken)
        for others in hand_splits(rest, hands - 1, size):
            yield (first, *others)

"""French-suited playing cards: one interned object per card, a text form that round-trips.

A card is written rank then suit: ranks ``2``–``9``, ``T``, ``J``, ``Q``, ``K``, ``A``
and suits ``C``, ``D``, ``H``, ``S`` (``QS`` is the queen of spades, ``TH`` the ten
of hearts). Ranks run from 2 (low) to 14 (the ace, high). There is exactly one
`Card` object per card, so cards compare and hash as fast as ints and sort by
suit, then rank. Decks of any subset (Debertz's 32 or 36 cards) and shuffles with
an injected random source live here too.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from enum import IntEnum
from typing import Any, ClassVar, Protocol, TypeVar


class CardError(ValueError):
    """Text that is not a card, or a deck or deal that does not add up."""


class Suit(IntEnum):
    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        return "♣♦♥♠"[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    @classmethod
    def parse(cls, text: str) -> Suit:
        if not isinstance(text, str):
            raise CardError(f"{text!r} is not a suit: C, D, H or S")
        letter = text.strip().upper()
        index = "CDHS".find(letter) if len(letter) == 1 else -1
        if index < 0:
            index = "♣♦♥♠".find(letter) if len(letter) == 1 else -1
        if index < 0:
            raise CardError(f"{text!r} is not a suit: C, D, H or S")
        return cls(index)


RANK_LETTERS = "23456789TJQKA"
JACK, QUEEN, KING, ACE = 11, 12, 13, 14


class SharedCard:
    """What every kind of card shares: one read-only object per card, kept by copies and
    pickles, ordered by its `index` within its own kind. A subclass sets `__slots__`
    (index, rank, suit), makes its cards once and keeps them in `_all`."""

    __slots__ = ()
    index: int

    def __reduce__(self) -> tuple[type, tuple[int]]:
        return (type(self), (self.index,))

    def __copy__(self) -> SharedCard:
        return self

    def __deepcopy__(self, _memo: object) -> SharedCard:
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a card cannot be changed: {self} is shared by every game")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a card cannot be changed: {self} is shared by every game")

    def __lt__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self.index < other.index

    def __le__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self.index <= other.index

    def __gt__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self.index > other.index

    def __ge__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self.index >= other.index


class Card(SharedCard):
    """One card. Use `Card.of(rank, suit)` or `Card.parse("QS")`; never two objects for one card."""

    __slots__ = ("index", "rank", "suit")
    _all: ClassVar[list[Card]] = []

    index: int  # suit * 13 + rank - 2: 0 (2♣) … 51 (A♠)
    rank: int  # 2 … 14
    suit: Suit

    def __new__(cls, index: int) -> Card:
        if cls._all:
            if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < 52:
                raise CardError(f"{index!r} is not a card number from 0 to 51")
            return cls._all[index]
        return super().__new__(cls)  # only while the 52 are being made

    @staticmethod
    def of(rank: int, suit: Suit | int) -> Card:
        if isinstance(rank, bool) or not isinstance(rank, int) or not 2 <= rank <= ACE:
            raise CardError(f"{rank!r} is not a rank from 2 to 14 (ace)")
        if isinstance(suit, bool) or not isinstance(suit, int) or not 0 <= suit <= 3:
            raise CardError(f"{suit!r} is not a suit: 0 to 3 (clubs, diamonds, hearts, spades)")
        return Card._all[int(suit) * 13 + rank - 2]

    @staticmethod
    def parse(text: str) -> Card:
        if not isinstance(text, str):
            raise CardError(f"{text!r} is not a card such as QS or TH")
        token = text.strip().upper()
        if len(token) == 3 and token.startswith("10"):
            token = "T" + token[2]
        if len(token) != 2 or token[0] not in RANK_LETTERS:
            raise CardError(f"{text!r} is not a card such as QS or TH")
        return Card.of(RANK_LETTERS.index(token[0]) + 2, Suit.parse(token[1]))

    @property
    def rank_letter(self) -> str:
        return RANK_LETTERS[self.rank - 2]

    @property
    def symbol(self) -> str:
        """For people: ``Q♠``, ``10♥``."""
        rank = "10" if self.rank == 10 else self.rank_letter
        return f"{rank}{self.suit.symbol}"

    def __str__(self) -> str:
        return f"{self.rank_letter}{self.suit.letter}"

    def __repr__(self) -> str:
        return f"Card({self})"


def _make_cards() -> None:
    made = []
    for index in range(52):
        card = Card(index)
        object.__setattr__(card, "index", index)
        object.__setattr__(card, "rank", index % 13 + 2)
        object.__setattr__(card, "suit", Suit(index // 13))
        made.append(card)
    Card._all.extend(made)


_make_cards()

ALL_CARDS: tuple[Card, ...] = tuple(Card._all)


class RandomLike(Protocol):
    def randrange(self, stop: int, /) -> int: ...


class PlayingCard(Protocol):
    """What every kind of card offers the toolkit: French `Card` here, `GermanCard` in german.py.

    Ranks share one numbering (jack/Unter 11, queen/Ober 12, king 13, ace/Sow 14), so a rank
    order or point table serves both kinds; suits are compared by identity.
    """

    @property
    def rank(self) -> int: ...

    @property
    def suit(self) -> Hashable: ...

    def __lt__(self, other: Any, /) -> bool: ...


T = TypeVar("T")


def deck(without: Iterable[Card] = (), *, lowest_rank: int = 2) -> tuple[Card, ...]:
    """A sorted deck: every card from `lowest_rank` up, less the cards in `without`."""
    removed = set(without)
    return tuple(c for c in ALL_CARDS if c.rank >= lowest_rank and c not in removed)


def shuffled(cards: Sequence[T], rng: RandomLike) -> list[T]:
    """A uniform shuffle (Fisher–Yates) from an injected random source."""
    out = list(cards)
    for i in range(len(out) - 1, 0, -1):
        j = rng.randrange(i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def deal(cards: Sequence[Card], players: int, rng: RandomLike) -> tuple[tuple[Card, ...], ...]:
    """Shuffle and deal every card, equally, to `players` seats; each hand sorted."""
    if players < 1 or len(cards) % players:
        raise CardError(f"{len(cards)} cards do not deal evenly to {players} players")
    mixed = shuffled(cards, rng)
    size = len(cards) // players
    return tuple(tuple(sorted(mixed[s * size:(s + 1) * size])) for s in range(players))


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Cards from ``"QS KS AS"``, ``"QS,KS"`` or a list of tokens."""
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [Card.parse(token) for token in tokens]


def cards_text(cards: Iterable[PlayingCard]) -> list[str]:
    return [str(card) for card in cards]

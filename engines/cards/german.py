"""German-suited (Tell) cards, as Dobbm uses them: one interned object per card, a short text form.

Suits: hearts, leaves, acorns, bells. Ranks, high to low in Dobbm: Sow (the Daus), Ten,
King, Ober, Unter, Nine, Eight, Seven, Six. Ranks share the French numbers so one rank
order or point table (tricks.py) serves both kinds of card: Six to Ten are 6–10, Unter 11
(the jack's place), Ober 12 (the queen's), King 13, Sow 14 (the ace's).

A card is written rank then suit, like the French ones:
ranks ``6 7 8 9 T U O K S`` (T ten, U Unter, O Ober, K King, S Sow) and
suits ``H L A B`` (hearts, leaves, acorns, bells). ``SH`` is the Sow of hearts,
``OL`` the Ober of leaves, ``6B`` the six of bells (the Weli). ``10`` may stand for
``T`` and lower case is accepted; `str` always gives the short form, so
``GermanCard.parse(str(card)) is card``. Cards sort by suit (in the order above), then rank.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum
from typing import ClassVar

from .cards import ACE, JACK, KING, QUEEN, CardError, SharedCard

UNTER, OBER, SOW = JACK, QUEEN, ACE
GERMAN_RANK_LETTERS = "6789TUOKS"  # index = rank - 6
GERMAN_SUIT_LETTERS = "HLAB"
_RANK_NAMES = ("Six", "Seven", "Eight", "Nine", "Ten", "Unter", "Ober", "King", "Sow")
_LOWEST, _PER_SUIT = 6, 9


class GermanSuit(Enum):
    """A plain Enum, not an IntEnum: a German suit never equals a French one or a number."""

    HEARTS = 0
    LEAVES = 1
    ACORNS = 2
    BELLS = 3

    @property
    def letter(self) -> str:
        return GERMAN_SUIT_LETTERS[self.value]

    @property
    def noun(self) -> str:
        return self.name.lower()

    @classmethod
    def parse(cls, text: str) -> GermanSuit:
        letter = text.strip().upper() if isinstance(text, str) else ""
        index = GERMAN_SUIT_LETTERS.find(letter) if len(letter) == 1 else -1
        if index < 0:
            raise CardError(f"{text!r} is not a German suit: H, L, A or B")
        return cls(index)


class GermanCard(SharedCard):
    """One card: `GermanCard.of(rank, suit)` or `GermanCard.parse("OL")`; one object per card."""

    __slots__ = ("index", "rank", "suit")
    _all: ClassVar[list[GermanCard]] = []

    index: int  # suit * 9 + rank - 6: 0 (6 of hearts) … 35 (Sow of bells)
    rank: int  # 6 … 14
    suit: GermanSuit

    def __new__(cls, index: int) -> GermanCard:
        if cls._all:
            if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < 36:
                raise CardError(f"{index!r} is not a German card number from 0 to 35")
            return cls._all[index]
        return super().__new__(cls)  # only while the 36 are being made

    @staticmethod
    def of(rank: int, suit: GermanSuit) -> GermanCard:
        if isinstance(rank, bool) or not isinstance(rank, int) or not _LOWEST <= rank <= SOW:
            raise CardError(f"{rank!r} is not a German rank from 6 to 14 (the Sow)")
        if not isinstance(suit, GermanSuit):
            raise CardError(f"{suit!r} is not a German suit: hearts, leaves, acorns or bells")
        return GermanCard._all[suit.value * _PER_SUIT + rank - _LOWEST]

    @staticmethod
    def parse(text: str) -> GermanCard:
        if not isinstance(text, str):
            raise CardError(f"{text!r} is not a German card such as OL or SH")
        token = text.strip().upper()
        if len(token) == 3 and token.startswith("10"):
            token = "T" + token[2]
        if len(token) != 2 or token[0] not in GERMAN_RANK_LETTERS:
            raise CardError(f"{text!r} is not a German card such as OL or SH")
        return GermanCard.of(GERMAN_RANK_LETTERS.index(token[0]) + _LOWEST,
                             GermanSuit.parse(token[1]))

    @property
    def rank_letter(self) -> str:
        return GERMAN_RANK_LETTERS[self.rank - _LOWEST]

    @property
    def name(self) -> str:
        """For people: ``Ober of leaves``."""
        return f"{_RANK_NAMES[self.rank - _LOWEST]} of {self.suit.noun}"

    def __str__(self) -> str:
        return f"{self.rank_letter}{self.suit.letter}"

    def __repr__(self) -> str:
        return f"GermanCard({self})"


def _make_cards() -> None:
    made = []
    for index in range(_PER_SUIT * 4):
        card = GermanCard(index)
        object.__setattr__(card, "index", index)
        object.__setattr__(card, "rank", index % _PER_SUIT + _LOWEST)
        object.__setattr__(card, "suit", GermanSuit(index // _PER_SUIT))
        made.append(card)
    GermanCard._all.extend(made)


_make_cards()

GERMAN_CARDS: tuple[GermanCard, ...] = tuple(GermanCard._all)


def german_deck(without: Iterable[GermanCard] = (), *, lowest_rank: int = 6) -> tuple[
        GermanCard, ...]:
    """A sorted German deck: every card from `lowest_rank` up, less the cards in `without`."""
    removed = set(without)
    return tuple(c for c in GERMAN_CARDS if c.rank >= lowest_rank and c not in removed)


def parse_german_cards(text: str | Iterable[str]) -> list[GermanCard]:
    """Cards from ``"SH TH KH"``, ``"SH,TH"`` or a list of tokens."""
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [GermanCard.parse(token) for token in tokens]


__all__ = [
    "GERMAN_CARDS",
    "GERMAN_RANK_LETTERS",
    "GERMAN_SUIT_LETTERS",
    "KING",
    "OBER",
    "SOW",
    "UNTER",
    "GermanCard",
    "GermanSuit",
    "german_deck",
    "parse_german_cards",
]

"""A family's own cards: a shop set's cards registered once, and claims checked by numbers.

Rules §8. A shop set's card is registered once (typed on the TV here, or photographed or
typed on a phone, `kiosk.phones.cards`): its reading is held to §8's shape
(`engines.debarna.card_check.check_card`); a card that breaks it is refused naming the
rule, and a doubtful cell is shown for the host to confirm. A registered card gets a
*card number* the family writes on it: the smallest number no registered card has, or
its own printed number where the host types one (1 to 3 letters or digits). A printed
ticket's serial always has a hyphen and at least four letters or digits once the hyphen
is left out (``007-3``, ``B001-1``), so a card number never names a printed ticket.
Registered cards are kept in the store (the ``tickets`` table, series ``shop``) and known
to the caller from then on: checked in, claimed on and judged by their number as a
printed ticket is by its serial.

A card never registered is claimed on **by numbers**: the host types the claimed row's 5
numbers or the card's 15, row by row (`engines.debarna.by_numbers`), into the claim
panel after ``*``. `NumberEntry` is the typing both use: two digits make a number, a
space (or ``+``, ``.``, ``,``) ends a one-digit number, Backspace takes back a digit.
"""

from __future__ import annotations

import logging
import string
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING

from engines.debarna.by_numbers import ByNumbers, check_by_numbers
from engines.debarna.card_check import CardCheck, Reading, StoreCard, check_card
from engines.debarna.card_check import place_rows as place_typed
from engines.debarna.hand import Hand
from engines.debarna.options import Stage
from engines.debarna.ticket import (
    COLUMNS,
    NUMBERS_PER_ROW,
    NUMBERS_PER_TICKET,
    Ticket,
    column_of,
    normalise_serial,
)
from kiosk.games.debarna.numbers_entry import (
    PERSIAN_DIGITS,
    NumberEntry,
    by_numbers_notice,
    problem_notice,
)
from kiosk.games.debarna.outputs import Changed, Notice
from kiosk.store import Store

if TYPE_CHECKING:
    from kiosk.games.debarna.claims import ClaimResult
    from kiosk.games.debarna.journal import Journal

log = logging.getLogger("kiosk.games.debarna.caller")

SHOP_SERIES = "shop"  # the store's series for a shop set's cards
NUMBER_MAX = 3  # characters of a card number
NUMBER_CHARS = frozenset(string.digits + string.ascii_uppercase)
NUMBERS_KEY = "*"  # at check-in: register a card; in the claim panel: check by numbers


class CardNumberError(ValueError):
    """A card number that cannot be given: `key` (in the catalogue) and its values."""

    def __init__(self, key: str, message: str, **values: object) -> None:
        super().__init__(message)
        self.key = key
        self.values = values


def card_number(text: str) -> str:
    """A card number as typed: letters and digits (Persian digits too), upper-cased."""
    kept = normalise_serial(text.translate(PERSIAN_DIGITS))
    if not kept or len(kept) > NUMBER_MAX or not set(kept) <= NUMBER_CHARS:
        raise CardNumberError("cards.bad_number",
                              f"a card number is 1 to {NUMBER_MAX} letters or digits",
                              most=NUMBER_MAX)
    return kept.lstrip("0") or kept


def shop_cards(store: Store) -> list[StoreCard]:
    """Every shop card registered in the store, in the order they were registered."""
    cards = []
    for serial, grid, _ in sorted(store.issued(SHOP_SERIES), key=lambda row: row[2]):
        try:
            cards.append(StoreCard(serial, grid))
        except (ValueError, TypeError) as exc:  # the row was edited: never used as a card
            log.error("shop card %s in the store is not a card (%s): left out", serial, exc)
    return cards


def free_number(taken: Iterable[str]) -> str:
    """The smallest card number (1, 2, …) no registered card has."""
    used = set(taken)
    number = 1
    while str(number) in used:
        number += 1
    return str(number)


def write_card(store: Store, card: StoreCard) -> None:
    """Keep a registered card in the store (on the journal's thread in the kiosk)."""
    store.issue(SHOP_SERIES, 0, [(card.serial, [list(row) for row in card.grid])])


class Registered(StrEnum):
    """What registering a card did."""

    NEW = "new"  # registered now under its number
    ALREADY = "already"  # the same numbers are registered already, under their number


@dataclass(frozen=True)
class Registration:
    """A card registered (or found registered already) and whether it is in play now."""

    card: StoreCard
    how: Registered
    in_play: bool = False


@dataclass
class CardDraft:
    """A card being typed on the TV: its numbers, then its check and its number."""

    entry: NumberEntry = field(default_factory=NumberEntry)
    check: CardCheck | None = None
    number: str = ""  # an own number typed after the check ("" for the next free one)
    message: Notice | None = None
    done: Registration | None = None

    @property
    def grid(self) -> list[list[int | None]]:
        """The card as typed so far: its rows' numbers in their decades' columns."""
        if self.check is not None:
            return [[cell if isinstance(cell, int) else None for cell in row]
                    for row in self.check.reading.grid]
        shown = list(self.entry.numbers)
        return [_loose(shown[i:i + NUMBERS_PER_ROW])
                for i in range(0, len(shown), NUMBERS_PER_ROW)]


def _loose(row: Sequence[int]) -> list[int | None]:
    """A row being typed, each number in its decade's column (the first one there)."""
    cells: list[int | None] = [None] * COLUMNS
    for number in row:
        try:
            column = column_of(number)
        except ValueError:
            continue
        if cells[column] is None:
            cells[column] = number
    return cells


class ShopDesk:
    """The caller's part for shop cards: registering one typed on the TV (at check-in),
    registering one from a phone, and the claim panel's check by numbers."""

    hand: Hand | None
    journal: Journal | None
    shop_draft: CardDraft | None
    claim_numbers: NumberEntry | None  # the claim panel typing numbers (None: a serial)

    if TYPE_CHECKING:  # what it uses of the controller
        @property
        def checking_in(self) -> bool: ...
        def lookup(self, serial: str) -> list[Ticket]: ...
        def check_in_ticket(self, ticket: Ticket, now: float,
                            holder: str | None = None) -> bool: ...
        def _know(self, ticket: Ticket) -> None: ...
        def _mark(self, what: Changed) -> None: ...
        def _say(self, key: str, now: float, **values: object) -> None: ...
        def _show(self, result: ClaimResult, now: float) -> ClaimResult: ...
        def _judged_by_numbers(self, checked: ByNumbers, stage: Stage | None = None,
                               before: Mapping[Stage, object] | None = None
                               ) -> ClaimResult: ...
        def _refresh_warning(self) -> None: ...

    def _fresh_shop(self, cards: Iterable[StoreCard] = ()) -> None:
        self.shop_draft = None
        self.claim_numbers = None
        self.shop: dict[str, StoreCard] = {}
        for card in cards:
            self.shop[normalise_serial(card.serial)] = card

    # -- registering ------------------------------------------------------------------
    def register_card(self, reading: Reading, now: float, number: str = "",
                      holder: str | None = None) -> CardCheck | Registration:
        """Register a card's confirmed reading: the card under its number (in play too at
        check-in), or the check that refuses it (a broken rule). `number`: the card's own
        printed number, else the next free one. Raises CardNumberError for a bad or taken
        number. Doubts do not stop it: the reading is what the host confirmed."""
        check = check_card(reading)
        if check.card is None:
            return check
        same = next((c for c in self.shop.values() if c.grid == check.card.grid), None)
        if same is not None:
            how, card = Registered.ALREADY, same
        else:
            serial = card_number(number) if number else free_number(self.shop)
            if serial in self.shop:
                raise CardNumberError("cards.number_taken", f"card {serial} is registered "
                                      "already with other numbers", number=serial)
            if self.lookup(serial):
                raise CardNumberError("cards.number_taken", f"{serial} names a ticket "
                                      "already", number=serial)
            card = StoreCard(serial, check.card.grid)
            self.shop[serial] = card
            self._know(card)
            if self.journal is not None:
                self.journal.keep(write_card, card)
                self._refresh_warning()
            how = Registered.NEW
            log.info("shop card %s registered", serial)
        in_play = False
        if self.checking_in and self.hand is not None:
            self.check_in_ticket(card, now, holder)
            in_play = self.hand.ticket(card.serial) is not None
        self._mark(Changed.STATUS | Changed.CLAIM)
        return Registration(card, how, in_play)

    # -- typing a card on the TV --------------------------------------------------------
    def open_card_draft(self) -> None:
        self.shop_draft = CardDraft()
        self._mark(Changed.CLAIM | Changed.STATUS)

    def close_card_draft(self) -> None:
        if self.shop_draft is not None:
            self.shop_draft = None
            self._mark(Changed.CLAIM | Changed.STATUS)

    def type_card(self, text: str) -> None:
        draft = self.shop_draft
        if draft is None:
            return
        if draft.done is not None:
            return
        if draft.check is None:
            changed = draft.entry.type(text)
        else:  # checked: what is typed now is the card's own number
            kept = "".join(ch for ch in normalise_serial(text.translate(PERSIAN_DIGITS))
                           if ch in NUMBER_CHARS)
            changed = bool(kept) and len(draft.number) < NUMBER_MAX
            draft.number = (draft.number + kept)[:NUMBER_MAX]
        if changed:
            draft.message = None
            self._mark(Changed.CLAIM)

    def erase_card(self) -> None:
        draft = self.shop_draft
        if draft is None or draft.done is not None:
            return
        if draft.check is not None:
            if draft.number:
                draft.number = draft.number[:-1]
            else:
                draft.check = None  # back to the numbers
        else:
            draft.entry.erase()
        draft.message = None
        self._mark(Changed.CLAIM)

    def enter_card(self, now: float) -> None:
        """Enter: the 15 numbers checked; once checked (and confirmed), registered."""
        draft = self.shop_draft
        if draft is None:
            return
        if draft.done is not None:
            self.shop_draft = CardDraft()  # the next card
        elif draft.check is None:
            numbers = draft.entry.finish()
            if len(numbers) != NUMBERS_PER_TICKET:
                draft.message = Notice("cards.type_fifteen", {"count": len(numbers)})
            else:
                grid, problems = place_typed(numbers)
                check = check_card(Reading(grid))
                if problems:
                    draft.message = problem_notice(problems[0])
                elif not check.holds:
                    draft.message = problem_notice(check.problems[0])
                else:
                    draft.check = check
        else:
            try:
                done = self.register_card(draft.check.reading, now, draft.number)
            except CardNumberError as exc:
                draft.message = Notice(exc.key, exc.values)
            else:
                if isinstance(done, Registration):
                    draft.done = done
                    draft.message = None
                else:
                    draft.message = problem_notice(done.problems[0])
        self._mark(Changed.CLAIM | Changed.STATUS)

    # -- a claim checked by numbers ---------------------------------------------------------
    def toggle_claim_numbers(self) -> None:
        """In the claim panel: type the claimed numbers instead of a serial, or back."""
        self.claim_numbers = NumberEntry() if self.claim_numbers is None else None
        self._mark(Changed.CLAIM)

    def type_claim_numbers(self, text: str) -> None:
        if self.claim_numbers is not None and self.claim_numbers.type(text):
            self._mark(Changed.CLAIM)

    def erase_claim_numbers(self) -> None:
        if self.claim_numbers is not None and self.claim_numbers.erase():
            self._mark(Changed.CLAIM)

    def check_by_numbers(self, now: float, stage: Stage | None = None) -> ClaimResult | None:
        """The numbers typed in the claim panel judged for a card never registered."""
        entry = self.claim_numbers
        if entry is None or self.hand is None:
            return None
        typed = entry.finish()
        self.claim_numbers = None
        before = self.hand.winners
        checked = check_by_numbers(self.hand, typed, stage)
        return self._show(self._judged_by_numbers(checked, stage, before), now)


__all__ = [
    "NUMBERS_KEY", "SHOP_SERIES", "CardDraft", "CardNumberError", "NumberEntry", "Registered",
    "Registration", "ShopDesk", "StoreCard", "by_numbers_notice", "card_number",
    "free_number", "problem_notice", "shop_cards", "write_card",
]

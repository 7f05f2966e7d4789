"""Ticket codes: the QR payload printed on a ticket, signed so the kiosk can trust a scan.

A payload uses only the QR alphanumeric characters (0–9 A–Z space $ % * + - . / :),
so a USB scanner types it the same on any keyboard layout:

    DB1:K7Q2XM:007-3:011523344566...:ABCDEFGHIJKLMNOP
    |   |      |     |               └ HMAC-SHA256 tag, first 80 bits, base32
    |   |      |     └ the 15 numbers, row by row, two digits each
    |   |      └ the ticket serial
    |   └ the kiosk's series id
    └ format version

A ticket verifies from its code alone, given the kiosk's secret: the numbers and
their rows are in the payload, and the tag proves this kiosk printed them. No
clock, no I/O: the secret comes in as bytes.

Where phones may follow their tickets, the code is printed inside the kiosk's address
for it (`TicketCodes.link`): ``HTTP://192.168.1.20:8080/T/DB1:…``, still only QR
alphanumeric characters, so a phone's camera opens the ticket's page and a USB scanner
types it as before; `verify` reads the code after the address's ``/T/``.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
from dataclasses import dataclass
from enum import StrEnum

from .card_check import StoreCard
from .ticket import COLUMNS, ROWS, Ticket, TicketError, column_of, validate_grid

VERSION = "DB1"
TAG_BYTES = 10  # 80 bits
SERIES_LENGTH = 6
QR_ALPHANUMERIC = frozenset("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:")
_SERIES = re.compile(r"[A-Z2-7]{6}")
_SERIAL = re.compile(r"[0-9A-Z][0-9A-Z-]{0,15}")
_NUMBERS = re.compile(r"\d{30}")
_TAG = re.compile(r"[A-Z2-7]{16}")
MAX_PAYLOAD = 120
ADDRESS_MARK = "/T/"  # a code inside an address comes after this
MAX_ADDRESS = 80  # the longest address a code is printed in


class CodeProblem(StrEnum):
    """Why a scanned code is refused."""

    UNREADABLE = "unreadable"  # not a ticket code at all, or cut short
    FOREIGN = "foreign"  # a ticket code, but of another kiosk's series
    BAD_SIGNATURE = "bad_signature"  # this series, but the tag does not match: edited or forged


class CodeError(ValueError):
    def __init__(self, problem: CodeProblem, message: str) -> None:
        super().__init__(message)
        self.problem = problem


@dataclass(frozen=True)
class Scanned:
    """A verified code: the ticket it describes and the series it came from."""

    series: str
    ticket: Ticket


def new_series(random_bytes: bytes) -> str:
    """A series id from at least 4 random bytes: 6 base32 characters."""
    if len(random_bytes) < 4:
        raise ValueError("a series id needs at least 4 random bytes")
    return base64.b32encode(random_bytes).decode()[:SERIES_LENGTH]


class TicketCodes:
    """Signs and verifies the codes of one kiosk (its series id and secret)."""

    def __init__(self, series: str, secret: bytes) -> None:
        if not _SERIES.fullmatch(series):
            raise ValueError(f"a series id is 6 characters of A-Z and 2-7, not {series!r}")
        if len(secret) < 16:
            raise ValueError("the secret must hold at least 16 bytes")
        self.series = series
        self._secret = secret

    def _tag(self, body: str) -> str:
        digest = hmac.new(self._secret, body.encode("ascii"), hashlib.sha256).digest()
        return base64.b32encode(digest[:TAG_BYTES]).decode()

    def encode(self, ticket: Ticket) -> str:
        """The payload for a ticket of this kiosk."""
        serial = ticket.serial.upper()
        if not _SERIAL.fullmatch(serial):
            raise ValueError(f"serial {ticket.serial!r} cannot go in a code")
        digits = "".join(f"{n:02d}" for row in ticket.grid for n in row if n is not None)
        body = f"{VERSION}:{self.series}:{serial}:{digits}"
        return f"{body}:{self._tag(body)}"

    def link(self, ticket: Ticket, address: str | None) -> str:
        """What a ticket's QR code holds: its code inside `address` (the kiosk's address
        for phones, such as ``http://192.168.1.20:8080``), upper case so that it stays QR
        alphanumeric; the code alone when there is no address or it cannot be written so."""
        code = self.encode(ticket)
        if not address:
            return code
        base = address.strip().rstrip("/").upper()
        if len(base) > MAX_ADDRESS or not set(base) <= QR_ALPHANUMERIC or " " in base \
                or not base.startswith("HTTP://"):
            return code
        return f"{base}{ADDRESS_MARK}{code}"

    def verify(self, payload: str) -> Scanned:
        """The ticket in a scanned payload (a code, or a code in the kiosk's address);
        CodeError says why it is refused."""
        text = payload.strip().upper()
        if len(text) <= MAX_PAYLOAD + MAX_ADDRESS + len(ADDRESS_MARK) and ADDRESS_MARK in text:
            text = text.rsplit(ADDRESS_MARK, 1)[1].strip()  # as a code alone is read
        if not text or len(text) > MAX_PAYLOAD or not set(text) <= QR_ALPHANUMERIC:
            raise CodeError(CodeProblem.UNREADABLE, "this is not a ticket code")
        parts = text.split(":")
        if len(parts) != 5 or parts[0] != VERSION:
            raise CodeError(CodeProblem.UNREADABLE, "this is not a ticket code, or it is cut short")
        _, series, serial, digits, tag = parts
        if not (_SERIES.fullmatch(series) and _SERIAL.fullmatch(serial)
                and _NUMBERS.fullmatch(digits) and _TAG.fullmatch(tag)):
            raise CodeError(CodeProblem.UNREADABLE, "the ticket code is damaged")
        if series != self.series:
            raise CodeError(CodeProblem.FOREIGN, f"this ticket is from another kiosk ({series})")
        body = f"{VERSION}:{series}:{serial}:{digits}"
        if not hmac.compare_digest(tag, self._tag(body)):
            raise CodeError(CodeProblem.BAD_SIGNATURE,
                            "the ticket's signature does not match: it was not printed here")
        try:
            grid = tuple(tuple(row) for row in _grid(digits))
            # A sticker's code on a shop set's card (`card_check.StoreCard`): §8's shape,
            # which need not be the kiosk's own (a column may be empty or out of order).
            ticket = Ticket(serial, grid) if _kiosk_grid(grid) else StoreCard(serial, grid)
        except TicketError as exc:  # signed but impossible: only a leaked secret does this
            raise CodeError(CodeProblem.BAD_SIGNATURE, f"the ticket is not valid: {exc}") from exc
        return Scanned(series, ticket)


def _kiosk_grid(grid: tuple[tuple[int | None, ...], ...]) -> bool:
    try:
        validate_grid(grid)
    except TicketError:
        return False
    return True


def _grid(digits: str) -> list[list[int | None]]:
    """Rows of five numbers back into a 3×9 grid, each number in its decade's column."""
    numbers = [int(digits[i : i + 2]) for i in range(0, len(digits), 2)]
    grid: list[list[int | None]] = [[None] * COLUMNS for _ in range(ROWS)]
    for index, number in enumerate(numbers):
        row = index // 5
        try:
            column = column_of(number)
        except TicketError as exc:
            raise TicketError("numbers 1-90", str(exc)) from exc
        if grid[row][column] is not None:
            raise TicketError("one number per cell", f"two numbers for column {column + 1}")
        grid[row][column] = number
    return grid

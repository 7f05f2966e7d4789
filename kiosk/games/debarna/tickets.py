"""Issuing tickets: strips drawn, numbered from the ticket key's counter, registered once printed.

Serials are unique for the life of a ticket key: the next strip number is kept in
the key file (`kiosk.games.debarna.keys.reserve_strips`), not in the journal, so a lost journal
never makes two printed tickets share a serial. A strip is registered in the store
only after it was printed (or written to a PDF): a failed print registers nothing,
and its numbers are never used again. Every ticket's QR code is signed with the
kiosk's key, so it also verifies from its code alone.
"""

from __future__ import annotations

import logging
import random
import secrets
from pathlib import Path

from engines.debarna.codes import TicketCodes
from engines.debarna.strips import BOX_PREFIX, make_strips
from engines.debarna.ticket import Ticket
from kiosk.store import Store

log = logging.getLogger(__name__)


def draw(count: int, store: Store, codes: TicketCodes, rng: random.Random | None = None,
         key: Path | None = None) -> list[list[Ticket]]:
    """`count` new strips with serials never used under this key; nothing is registered."""
    from kiosk.games.debarna.keys import reserve_strips

    first = reserve_strips(count, key, at_least=store.next_strip(codes.series))
    return make_strips(count, rng or secrets.SystemRandom(), first)


def register(strips: list[list[Ticket]], store: Store, codes: TicketCodes) -> None:
    """Record printed strips in the journal: tonight's tickets, for check-in by serial."""
    for strip in strips:
        number = int(strip[0].serial.split("-")[0])
        store.issue(codes.series, number, [(t.serial, [list(r) for r in t.grid]) for t in strip])
    if strips:
        log.info("issued %d strips (%s to %s) of series %s", len(strips), strips[0][0].serial,
                 strips[-1][-1].serial, codes.series)


def issued_tickets(store: Store, codes: TicketCodes) -> list[Ticket]:
    """Every ticket this kiosk has printed, oldest first."""
    return [Ticket(serial, grid) for serial, grid, _ in store.issued(codes.series)]


def box(strips: int, seed: int | None) -> list[list[Ticket]]:
    """The stand-in box (`[tickets] strips` and `seed`): serials B001-1 …, never printed ones."""
    rng = random.Random(seed) if seed is not None else secrets.SystemRandom()
    return make_strips(strips, rng, prefix=BOX_PREFIX)


def ticket_json(ticket: Ticket, codes: TicketCodes) -> dict[str, object]:
    return {**ticket.to_json(), "qr": codes.encode(ticket)}


def issue(count: int, store: Store, codes: TicketCodes, rng: random.Random | None = None,
          key: Path | None = None) -> list[list[Ticket]]:
    """Draw and register at once: for output that cannot fail after this (a test, a list)."""
    strips = draw(count, store, codes, rng, key)
    register(strips, store, codes)
    return strips

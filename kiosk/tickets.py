"""Issuing tickets: strips drawn, numbered after the last ones printed, and registered.

Printed tickets (PDF, CUPS, receipt printer) are registered in the store, so the
host can see tonight's tickets and the caller knows them; their QR codes are
signed with the kiosk's key, so each also verifies from its code alone.
"""

from __future__ import annotations

import logging
import random
import secrets

from engines.debarna.codes import TicketCodes
from engines.debarna.strips import make_strips
from engines.debarna.ticket import Ticket
from kiosk.store import Store

log = logging.getLogger(__name__)


def issue(count: int, store: Store, codes: TicketCodes,
          rng: random.Random | None = None) -> list[list[Ticket]]:
    """`count` new strips, numbered after the series' last, registered before printing."""
    first = store.next_strip(codes.series)
    strips = make_strips(count, rng or secrets.SystemRandom(), first)
    for number, strip in enumerate(strips, start=first):
        store.issue(codes.series, number, [(t.serial, [list(r) for r in t.grid]) for t in strip])
    log.info("issued %d strips (%s to %s) of series %s", count, strips[0][0].serial,
             strips[-1][-1].serial, codes.series)
    return strips


def issued_tickets(store: Store, codes: TicketCodes) -> list[Ticket]:
    """Every ticket this kiosk has printed, oldest first."""
    return [Ticket(serial, grid) for serial, grid, _ in store.issued(codes.series)]


def ticket_json(ticket: Ticket, codes: TicketCodes) -> dict[str, object]:
    return {**ticket.to_json(), "qr": codes.encode(ticket)}


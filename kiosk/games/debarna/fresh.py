"""Fresh tickets for phones with no printer at hand (the phones' `POST /api/take`):
drawn and registered on a thread of their own, exactly as a print's are.

`Issuer.submit(count)` hands back a future of `count` tickets that nobody holds: signed
with the kiosk's ticket key, of its series, with serials never used under that key
(`kiosk.games.debarna.tickets.draw` reserves the strip numbers in the key file), and
registered in the store's list of issued tickets (`register`), so the TV knows them by
their serials as it knows a printed strip's. The key file's counter and SQLite are
written here, on the issuer's own thread, with a connection of its own to the journal
(as the printing thread has), never on the frame loop.

**The rest of a strip.** Tickets are drawn a strip (six) at a time, and a phone takes
fewer: the tickets of a strip not taken yet are kept, unregistered, for the next phone
to take (so two phones' tickets from one strip never share a number), until the kiosk
stops. Those never taken are never issued: their serials are never used again, as a
failed print's are not.
"""

from __future__ import annotations

import logging
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

from engines.debarna.codes import TicketCodes
from engines.debarna.ticket import Ticket
from kiosk.games.debarna.tickets import draw, register
from kiosk.store import open_store

log = logging.getLogger("kiosk.games.debarna.caller")  # the caller's log, as check-in's


def _strip_number(ticket: Ticket) -> str:
    return ticket.serial.rpartition("-")[0]


class Issuer:
    """Draws and registers tickets for phones on a thread of its own (see the module
    docstring). `store` and `key`: the journal's and the key file's paths (the kiosk's
    own by default)."""

    def __init__(self, codes: TicketCodes, store: Path | None = None,
                 key: Path | None = None) -> None:
        self.codes = codes
        self.store = store
        self.key = key
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="take")
        self._spare: list[Ticket] = []  # drawn, not taken: the issuer's thread's only

    def submit(self, count: int) -> Future[list[Ticket]]:
        """`count` fresh tickets, registered once the future is done (or its exception)."""
        return self._thread.submit(self._issue, count)

    def _issue(self, count: int) -> list[Ticket]:
        store, problem = open_store(self.store)  # this thread's own connection
        try:
            if problem is not None:
                raise problem
            taken = self._spare[:count]
            rest = self._spare[count:]
            if len(taken) < count:
                [strip] = draw(1, store, self.codes, key=self.key)
                need = count - len(taken)
                taken, rest = taken + strip[:need], strip[need:]
            groups: dict[str, list[Ticket]] = {}
            for ticket in taken:
                groups.setdefault(_strip_number(ticket), []).append(ticket)
            register(list(groups.values()), store, self.codes)
            self._spare = rest  # only once they are registered: a failure keeps none
            log.info("phones: %d tickets issued to a phone (%s), %d of the strip kept",
                     len(taken), ", ".join(t.serial for t in taken), len(rest))
            return taken
        finally:
            store.close()

    def close(self) -> None:
        self._thread.shutdown(wait=True)

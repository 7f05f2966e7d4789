"""Checking tickets in from a phone (`POST /api/checkin`, the protocol in
`kiosk.phones`): the serials a phone holds put in play through the Dabernā caller's own
`lookup` and `check_in_ticket`, each answered in the phone's words, and the rest of a
strip offered. `CheckinDesk` is the part of the phones' hub (`kiosk.phones.hub.PhoneHub`)
that does it."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, Final

from engines.debarna.codes import TicketCodes
from engines.debarna.strips import TICKETS_PER_STRIP
from engines.debarna.ticket import Ticket, normalise_serial
from kiosk.i18n import FSI, PDI, Translator, Written
from kiosk.phones.server import Request

log = logging.getLogger("kiosk.phones.hub")

SERIAL_MAX: Final = 24  # characters of a typed serial
# Digits a phone's keyboard may type for a serial or the TV's code (Persian, Arabic-Indic)
# as the printed ticket and the TV write them.
TYPED_DIGITS: Final = str.maketrans("۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩", "0123456789" * 2)
# What a check-in did with each serial: put in play (or found there) and followable, or not.
IN_PLAY: Final = frozenset({"in_play", "already"})


class CheckinDesk:
    """The hub's check-in from phones (a part of `PhoneHub`, which gives it the caller,
    the ticket key, the translators, the TV's code and the follow secrets)."""

    if TYPE_CHECKING:
        caller: Any
        codes: TicketCodes | None

        def _tr(self, lang: str | None = None) -> Translator: ...
        def _takes_tv_code(self, code: object, now: float) -> bool: ...
        def _follow_secret(self, ticket: Ticket, claims: bool) -> str: ...

    def _checkin(self, request: Request, now: float) -> None:
        """`POST /api/checkin`: the serials a phone holds put in play, each answered (see
        the module docstring); the TV's count is the caller's, so it follows at once."""
        assert request.reply is not None
        data = request.data
        lang = data.get("lang")
        tr = self._tr(lang if lang in ("en", "fa") else None)
        caller = self.caller
        if not self._takes_tv_code(data.get("code"), now):  # before anything is said
            request.reply(403, {"error": tr("phones.errors.tv_code")})
            return
        serials = data.get("serials")
        if not isinstance(serials, list) or not all(isinstance(s, str) for s in serials):
            request.reply(400, {"error": tr("phones.errors.bad_field")})
            return
        typed = [s.translate(TYPED_DIGITS).strip() for s in serials]
        typed = [s for i, s in enumerate(typed) if normalise_serial(s) and
                 normalise_serial(s) not in map(normalise_serial, typed[:i])]
        if not typed or any(len(s) > SERIAL_MAX for s in typed):
            request.reply(400, {"error": tr("phones.checkin.no_serial")})
            return
        if len(typed) > TICKETS_PER_STRIP:
            request.reply(400, {"error": tr("phones.errors.bad_field")})
            return
        if caller is None or not caller.checking_in:
            started = caller is not None and caller.hand is not None and bool(caller.called)
            key = "phones.checkin.started" if started else "phones.checkin.closed"
            request.reply(409, {"error": tr(key)})
            return
        results: list[dict[str, Any]] = []
        offer: tuple[str, list[Ticket]] | None = None
        for serial in typed:
            found = caller.lookup(serial)
            if len(found) == 1:
                results.append(self._check_in(found[0], tr, now))
                if offer is None:
                    offer = self._strip_of(found[0])
                continue
            strip = self._strip_named(serial) if not found and len(typed) == 1 else None
            if strip is not None:
                offer = strip
                words = tr("phones.checkin.strip", strip=self._serial(tr, strip[0]))
                results.append({"serial": serial, "state": "strip", "secret": None,
                                "text": words})
                continue
            state = "ambiguous" if found else "unknown"
            results.append({"serial": serial, "state": state, "secret": None,
                            "text": tr(f"phones.checkin.{state}", serial=self._serial(tr, serial))})
        body: dict[str, Any] = {"count": caller.in_play, "results": results,
                                "strip": self._offer(offer, tr, typed)}
        if any(r["state"] in IN_PLAY or r["state"] == "strip" for r in results):
            request.reply(200, body)
        else:  # nothing in play: a refusal, and paid for as one
            request.reply(404, {"error": " ".join(r["text"] for r in results), **body})

    def _check_in(self, ticket: Ticket, tr: Translator, now: float) -> dict[str, Any]:
        """One ticket put in play by the caller, and what the phone is told of it. One
        already in play is only said to be (the phone's taps again cost the TV nothing)."""
        caller = self.caller
        assert caller is not None and caller.hand is not None
        before = caller.hand.ticket(ticket.serial)
        was = before is not None and before.grid == ticket.grid
        if not was:
            caller.check_in_ticket(ticket, now)
        held = caller.hand.ticket(ticket.serial)
        playing = held is not None and held.grid == ticket.grid
        state = "already" if was else "in_play" if playing else "taken"
        log.info("phones: ticket %s checked in from a phone (%s)", ticket.serial, state)
        followed = playing and self.codes is not None  # no key: no ticket page to open
        return {"serial": ticket.serial, "state": state,
                "secret": self._follow_secret(ticket, False) if followed else None,
                "text": tr(f"phones.checkin.{state}", serial=self._serial(tr, ticket.serial))}

    def _strip_of(self, ticket: Ticket) -> tuple[str, list[Ticket]] | None:
        """The strip a ticket was printed on, and its tickets the kiosk knows."""
        strip, dash, place = ticket.serial.rpartition("-")
        if not dash or not place.isdigit():
            return None
        return self._strip_named(strip)

    def _strip_named(self, strip: str) -> tuple[str, list[Ticket]] | None:
        """A strip's number as printed (`012`, `B003`) and the tickets of it the kiosk
        knows, each named by that number and its place (1 to 6); None if it knows none."""
        assert self.caller is not None
        name = normalise_serial(strip)
        if not name or len(strip) > SERIAL_MAX:
            return None
        members = []
        for place in range(1, TICKETS_PER_STRIP + 1):
            found = self.caller.lookup(f"{name}-{place}")
            if len(found) == 1 and normalise_serial(found[0].serial.rpartition("-")[0]) == name:
                members.append(found[0])
        if not members:
            return None
        return members[0].serial.rpartition("-")[0], members

    def _offer(self, strip: tuple[str, list[Ticket]] | None, tr: Translator,
               typed: list[str]) -> dict[str, Any] | None:
        """The tickets of the strip the phone named that are not in play yet, for the
        player to tap those they hold (none is put in play unasked)."""
        caller = self.caller
        if strip is None or caller is None or caller.hand is None:
            return None
        asked = {normalise_serial(s) for s in typed}
        rest = []
        for ticket in strip[1]:
            held = caller.hand.ticket(ticket.serial)
            if (held is None or held.grid != ticket.grid) and \
                    (len(typed) == 1 or normalise_serial(ticket.serial) not in asked):
                rest.append(ticket.serial)
        if not rest:
            return None
        return {"strip": strip[0], "serials": rest,
                "text": tr("phones.checkin.strip", strip=self._serial(tr, strip[0])),
                "all": tr("phones.checkin.strip_all", count=len(rest))}

    @staticmethod
    def _serial(tr: Translator, serial: str) -> Written:
        """A serial in a sentence as it is printed: its own digits, left to right."""
        return Written(f"{FSI}{serial}{PDI}" if tr.rtl else serial)

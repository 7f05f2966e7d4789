"""Checking tickets in from a phone (`POST /api/checkin`, the protocol in
`kiosk.phones`): the serials a phone holds put in play through the Dabernā caller's own
`lookup` and `check_in_ticket`, each answered in the phone's words, and the rest of a
strip offered. `CheckinDesk` is the part of the phones' hub (`kiosk.phones.hub.PhoneHub`)
that does it.

It also gives fresh tickets to a phone with no paper ticket (`POST /api/take`), and is the
hub's side of the page that then holds them (`GET /mine`, role "tickets"):

- **Taking.** While the TV checks tickets in, a phone that gives the TV's code may take 1
  to `TAKE_MOST` tickets at a time, up to `PHONE_MOST` in play from one address and
  `HAND_MOST` phones' tickets in a hand. They are drawn and registered on the issuer's
  thread (the caller's `issue_fresh`, `kiosk.games.debarna.fresh`: same key, same
  series, serials never used), then, on the frame loop, put in play together by the
  caller (`check_in_phone`: journaled in one write, with the name the phone gave as
  their holder, marked as a phone's on the TV's list). The phone's answer waits for the
  next pump, which the kiosk runs only once the journal has written the check-in
  (`kiosk.committer`): a ticket the phone is told it holds is on the disk. Each take is
  charged to the server's limiter (one that succeeds too), a wrong TV code first; a
  refusal changes nothing.
- **The page that is the tickets.** The answer gives each ticket's serial, its signed
  code and a secret that claims (its own signed code opened it). The page keeps the
  signed codes (in its address and in localStorage), so a reload or a restarted kiosk
  gets them back by `POST /api/ticket`; its socket says `hello` with every secret, its
  model (`kind` "tickets") holds each ticket with its own claim, and `{"type": "claim",
  "serial": s}` claims for one of them, as its printed QR code scanned at the TV does.
"""

from __future__ import annotations

import logging
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from engines.debarna.codes import TicketCodes
from engines.debarna.strips import TICKETS_PER_STRIP
from engines.debarna.ticket import Ticket, normalise_serial
from kiosk.i18n import FSI, PDI, Translator, Written
from kiosk.phones.models import page_words
from kiosk.phones.names import NameRefused, check_name
from kiosk.phones.server import Request

if TYPE_CHECKING:
    from kiosk.text import TextRenderer

log = logging.getLogger("kiosk.phones.hub")

SERIAL_MAX: Final = 24  # characters of a typed serial
# Digits a phone's keyboard may type for a serial or the TV's code (Persian, Arabic-Indic)
# as the printed ticket and the TV write them.
TYPED_DIGITS: Final = str.maketrans("۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩", "0123456789" * 2)
# What a check-in did with each serial: put in play (or found there) and followable, or not.
IN_PLAY: Final = frozenset({"in_play", "already"})
TAKE_MOST: Final = 6  # fresh tickets one take may ask for (a strip)
PHONE_MOST: Final = 6  # fresh tickets in play that one phone (address) took
HAND_MOST: Final = 48  # fresh tickets in play that phones took, in all (a boxed set's 48)
# Seconds a take may wait for its tickets: past it the server has told the phone the kiosk
# is busy (it waits 10 s for an answer), so they are not put in play for nobody.
TAKE_WAIT: Final = 8.0
# The page holding a phone's tickets: its own words (`phones.take.<key>`, as "take.<key>").
TAKE_WORDS: Final = ("title", "offer", "name", "how_many", "fewer", "more", "button",
                     "button_one", "mine_link", "none", "not_in_play", "claim_this", "back",
                     "again", "gone")


@dataclass
class Take:
    """A take being issued: its request, who asked, and the issuer's future."""

    request: Request
    address: str
    holder: str | None
    lang: str | None
    count: int
    asked: float  # the frame loop's clock when it came
    future: Future[list[Ticket]] = field(repr=False)


def take_words(tr: Translator) -> dict[str, str]:
    """The words of the pages that take and hold tickets (with every page's)."""
    words = page_words(tr)
    words.update((f"take.{word}", tr(f"phones.take.{word}")) for word in TAKE_WORDS)
    return words


class CheckinDesk:
    """The hub's check-in from phones (a part of `PhoneHub`, which gives it the caller,
    the ticket key, the translators, the TV's code and the follow secrets)."""

    if TYPE_CHECKING:
        caller: Any
        codes: TicketCodes | None

        tickets: dict[str, Any]  # secret -> `kiosk.phones.hub.HeldTicket`
        clients: dict[int, Any]  # -> `kiosk.phones.hub.Client`
        claim: Any

        def _tr(self, lang: str | None = None) -> Translator: ...
        def _takes_tv_code(self, code: object, now: float) -> bool: ...
        def _follow_secret(self, ticket: Ticket, claims: bool) -> str: ...
        def _error(self, client: int, line: str, reason: str | None = None,
                   translated: bool = False) -> None: ...
        def _verdict(self, held: Any, claim: dict[str, Any] | None,
                     tr: Translator) -> dict[str, Any] | None: ...

    def _fresh_takes(self) -> None:
        """No take issued yet (the hub's start)."""
        self._takes: list[Take] = []  # being issued
        self._take_replies: list[tuple[Request, int, dict[str, Any]]] = []  # next pump's
        self._taken_by: dict[str, list[str]] = {}  # address -> serials it took
        self._names_text: TextRenderer | None = None

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

    # -- fresh tickets for a phone ------------------------------------------------------
    def _take(self, request: Request, now: float) -> None:
        """`POST /api/take` `{"code", "count", "name"?}`: fresh tickets for this phone, or a
        refusal that changes nothing (see the module docstring). The answer is sent once
        they are in play and journaled (`_settle_takes`)."""
        assert request.reply is not None
        data = request.data
        lang = data.get("lang")
        lang = lang if lang in ("en", "fa") else None
        tr = self._tr(lang)
        if not self._takes_tv_code(data.get("code"), now):  # before anything is said
            request.reply(403, {"error": tr("phones.errors.tv_code")})
            return
        count = data.get("count")
        if not isinstance(count, int) or isinstance(count, bool) or \
                not 1 <= count <= TAKE_MOST:
            request.reply(400, {"error": tr("phones.take.bad_count", most=TAKE_MOST)})
            return
        name = data.get("name")
        holder: str | None = None
        if isinstance(name, str) and name.strip():
            try:
                holder = str(check_name(name, (), text=self._name_renderer()))
            except NameRefused as refused:
                request.reply(400, {"error": tr(refused.key)})
                return
        elif name is not None and not isinstance(name, str):
            request.reply(400, {"error": tr("phones.errors.bad_field")})
            return
        caller = self.caller
        if self.codes is None or caller is None or getattr(caller, "codes", None) is None:
            request.reply(503, {"error": tr("phones.take.no_key")})
            return
        if not caller.checking_in:
            started = caller.hand is not None and bool(caller.called)
            request.reply(409, {"error": tr("phones.take.started" if started
                                            else "phones.take.closed")})
            return
        address = str(data.get("from", ""))
        if any(t.address == address for t in self._takes):
            request.reply(409, {"error": tr("phones.take.busy")})
            return
        mine = self._phone_in_play(address)
        if mine + count > PHONE_MOST:
            key = "phones.take.phone_full" if mine >= PHONE_MOST else "phones.take.phone_cap"
            request.reply(409, {"error": tr(key, most=PHONE_MOST, left=PHONE_MOST - mine)})
            return
        phones = sum(1 for t in caller.hand.tickets if caller.is_phone_ticket(t)) + \
            sum(t.count for t in self._takes)
        if phones + count > HAND_MOST:
            request.reply(409, {"error": tr("phones.take.hand_full", most=HAND_MOST)})
            return
        future = caller.issue_fresh(count)
        self._takes.append(Take(request, address, holder, lang, count, now, future))
        log.info("phones: a phone asks for %d fresh tickets%s", count,
                 f" for {holder}" if holder else "")

    def _phone_in_play(self, address: str) -> int:
        """How many fresh tickets the phone at `address` took that are in play now."""
        hand = self.caller.hand if self.caller is not None else None
        if hand is None:
            return 0
        return sum(1 for serial in self._taken_by.get(address, ())
                   if hand.ticket(serial) is not None)

    def _name_renderer(self) -> TextRenderer:
        """The kiosk's fonts, to measure a name as the TV's list draws it (made once)."""
        if self._names_text is None:
            from kiosk.text import TextRenderer
            self._names_text = TextRenderer()
        return self._names_text

    def _settle_takes(self, now: float) -> None:
        """Once a pump, first thing: the answers of the takes put in play by the pump
        before (their check-in is on the disk by now: the kiosk pumps only once the
        journal has written everything), then the takes the issuer has finished, put in
        play now and answered by the next pump."""
        replies, self._take_replies = self._take_replies, []
        for request, status, body in replies:
            assert request.reply is not None
            request.reply(status, body)
        if not self._takes:
            return
        waiting: list[Take] = []
        for take in self._takes:
            if not take.future.done():
                waiting.append(take)
            else:
                self._settle_take(take, now)
        self._takes = waiting

    def _settle_take(self, take: Take, now: float) -> None:
        assert take.request.reply is not None
        tr = self._tr(take.lang)
        caller = self.caller
        try:
            tickets = take.future.result()
        except Exception as exc:  # a disk that cannot be written, a key that cannot be
            log.error("phones: no fresh tickets could be issued: %s", exc)
            take.request.reply(503, {"error": tr("phones.take.failed")})
            return
        if caller is None:
            take.request.reply(409, {"error": tr("phones.take.closed")})
            return
        late = now - take.asked > TAKE_WAIT
        if caller.check_in:  # (without check-in, tickets known are dealt in at once)
            caller.add_tickets(tickets)  # issued: known by their serials from now on
        if late:  # the phone was told the kiosk is busy: issued, but nobody's
            log.error("phones: fresh tickets came %.1f s after they were asked for; they "
                      "are not put in play", now - take.asked)
            take.request.reply(503, {"error": tr("phones.errors.busy")})
            return
        added = caller.check_in_phone(tickets, now, take.holder) if caller.checking_in else []
        if not added:  # calling started meanwhile: issued, but nobody's; nothing in play
            started = caller.hand is not None and bool(caller.called)
            take.request.reply(409, {"error": tr("phones.take.started" if started
                                                 else "phones.take.closed")})
            return
        self._taken_by.setdefault(take.address, []).extend(t.serial for t in added)
        assert self.codes is not None
        body = {"count": caller.in_play,
                "text": tr("phones.take.taken", count=len(added)),
                "tickets": [{"serial": t.serial, "payload": self.codes.encode(t),
                             "secret": self._follow_secret(t, True)} for t in added]}
        self._take_replies.append((take.request, 200, body))

    # -- the page that holds a phone's tickets ------------------------------------------
    def _tickets_model(self, info: Any, tr: Translator) -> dict[str, Any] | None:
        """The page holding a phone's tickets (`kind` "tickets"): the numbers called,
        and each ticket with its grid, its own claim and whether it may claim now."""
        caller = self.caller
        if caller is None:
            return None
        hand = caller.hand
        running = hand is not None
        if caller.checking_in:
            status = tr("phones.take.waiting")
        else:
            status = tr("phones.hand_on" if running else "phones.no_hand")
        own = []
        for secret in info.secrets:
            held = self.tickets.get(secret)
            if held is None:
                continue
            ticket = held.ticket
            found = hand.ticket(ticket.serial) if hand is not None else None
            playing = found is not None and found.grid == ticket.grid
            own.append({"serial": ticket.serial, "grid": [list(row) for row in ticket.grid],
                        "in_play": playing, "holder": caller.holder(ticket),
                        "can_claim": running and held.claims and playing,
                        "claim": self._claim_panel(held, info, tr)})
        return {"kind": "tickets", "lang": tr.lang, "rtl": tr.rtl,
                "title": tr("phones.take.mine_title"), "called": list(caller.called),
                "last": caller.last, "status": status, "tickets": own,
                "words": take_words(tr)}

    def _claim_panel(self, held: Any, info: Any, tr: Translator) -> dict[str, Any] | None:
        """A ticket's claim panel on the page of a phone's tickets, as the TV's claim panel
        stands: the verdict while the TV shows one for this ticket (however it was claimed,
        and on a page opened again meanwhile), "being checked" while this page's claim
        waits for it, and nothing once the TV has gone back to calling."""
        caller = self.caller
        serial = held.ticket.serial
        result = caller.result
        if result is not None and result.serial == serial:
            return self._verdict(held, {"state": "open"}, tr)
        if serial in info.claims and str(caller.claim_phase) != "closed":
            return {"state": "open", "text": tr("phones.claim_open")}
        return None

    def _claim_one(self, client: int, info: Any, serial: object, now: float) -> None:
        """`{"type": "claim", "serial": s}` from the page of a phone's tickets: a claim for
        that one of them, as its code scanned at the TV makes; its panel shows the
        verdict (and the others' panels are put away: the TV judges one claim at a time)."""
        held = next((h for s in info.secrets if (h := self.tickets.get(s)) is not None
                     and h.ticket.serial == serial), None)
        caller = self.caller
        if held is None or caller is None or self.claim is None:
            self._error(client, "phones.errors.not_here")
            return
        if caller.hand is None:
            self._error(client, "phones.no_hand")
            return
        self.claim(held.payload, now)
        serial_of = held.ticket.serial
        open_claim = {"state": "open"}
        for other in self.clients.values():  # every page holding this ticket sees it
            if other.role == "tickets" and any(self.tickets.get(s) is held
                                               for s in other.secrets):
                other.claims = {serial_of: open_claim}
                other.stamp = None
            elif other.role == "ticket" and self.tickets.get(other.secret) is held:
                other.claim = open_claim
                other.stamp = None

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

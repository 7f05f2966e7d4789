"""The phones' side of the frame loop: seats, tickets and pages, with no I/O.

`PhoneHub.pump(now)` runs once a frame, on the frame loop's thread (the only thread that
touches a game). It answers what the web server (`kiosk.phones.server`) queued — joins,
hellos, actions — and pushes each page its model (`kiosk.phones.models`) when the game
moved. The rules it keeps:

- **Join codes** are random, single-use and belong to one game at one table: a code
  names one free seat (a seat no phone holds); it is used up by the join, and every code
  expires when the game on the table changes (a new game, another table).
- **A seat's secret** is random, made at the join and known only to that phone. The seat
  is the phone's while the table's seat source is that phone's `PhoneSeat` (the host may
  take it back to the TV or give it to the computer at any time): a secret of a seat
  taken back, or of another game, gets `closed`. A phone that comes back with its secret
  (a reload, a sleep, lost Wi-Fi) gets its seat and its page again; meanwhile its turn
  clock runs as for anyone.
- **A phone acts only for its own seat, only when the rules let it**: a card, an offer or
  a selection is checked by the card table's own `refusal` (the engine's `why_illegal`),
  and a refusal gets the same words as on the TV; nothing else changes.
- **A ticket** is the phone's once it gave the ticket's signed code, or its serial with
  the Dabernā code the TV shows; its claim button claims as a seat's claim button does.
- **A check-in** from a phone needs the TV's code, as following a ticket by its serial
  does, and pays as that does (a wrong code is a refusal the server charges); it is taken
  only while the TV is checking tickets in (before a hand's first call), and puts each
  serial in play through the caller's own `lookup` and `check_in_ticket`, as the host's
  typing does. A ticket put in play so may be followed from then on, never claimed. At
  most a strip's six serials come at once, and the others of a ticket's strip are only
  offered: the player taps those they hold.
- **Fresh tickets** for a phone with no paper ticket are taken at check-in as well, with
  the TV's code, paid for as a check-in is, and capped (`kiosk.phones.checkin`); the
  page that holds them may claim for each, as its printed code would.
- **The TV's code** changes on a clock, every `TV_CODE_PERIOD` seconds, and the code it
  replaced is still taken for `TV_CODE_GRACE` seconds. Wrong codes never change it: a
  code that changed after so many misses let anyone who sends wrong ones keep it changing
  faster than a person reads it off the TV and types it; guessing is slowed instead by
  the server (each address pays for each request before it is answered): at one guess
  every two seconds, an address needs two months on average to find one of 22**5 codes.
  The clock still retires a code read off the TV long ago, and the grace keeps a code
  that is being typed as it changes good.
"""

from __future__ import annotations

import json
import logging
import queue
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final
from urllib.parse import urlsplit

from engines.debarna.codes import CodeError, TicketCodes
from engines.debarna.ticket import Ticket
from kiosk.i18n import Translator
from kiosk.phones.cards import CardsDesk
from kiosk.phones.checkin import SERIAL_MAX, TYPED_DIGITS, CheckinDesk, take_words
from kiosk.phones.models import board_model, checkin_model, seat_model, speaking, ticket_model
from kiosk.phones.names import NameRefused, check_name
from kiosk.phones.server import Request, encode

log = logging.getLogger(__name__)

CODE_BYTES: Final = 9  # a join code: 72 random bits
SECRET_BYTES: Final = 24  # a seat's or ticket's secret: 192 random bits
TV_CODE_LETTERS: Final = "ACDEFHJKMNPRTUVWXY3479"  # easy to read off a TV and type
TV_CODE_LENGTH: Final = 5  # 22**5: 5.2 million codes
TV_CODE_PERIOD: Final = 15 * 60.0  # seconds the TV shows one code
TV_CODE_GRACE: Final = 120.0  # seconds the code before is still taken
OWN_FIELDS: Final = ("serial", "grid", "claim", "can_claim")  # a ticket page's own fields


@dataclass(frozen=True)
class PhoneSeat:
    """A seat source (`kiosk.table.seats`): a person on a phone. A person (the clock runs
    for them) not at the TV (the TV never shows their hand); the hub pushes their view and
    applies their choices."""

    name: str
    secret: str = field(repr=False)
    person: bool = True
    at_tv: bool = False

    def begin(self, decision: Any) -> None:
        return None  # the page shows the decision; the hub applies the answer


class Outlet:
    """What the hub needs of the server (`PhoneServer`, or a test's stand-in)."""

    requests: Any

    def send(self, client: int, message: dict[str, Any]) -> None: ...

    def send_texts(self, items: list[tuple[int, str, str]]) -> None: ...

    def close(self, client: int) -> None: ...

    def poll(self) -> None:
        """Once a frame, before `requests` is read: a server in another process reads
        its pipe here (`RemoteServer.poll`); one on a thread of its own has nothing to do."""


@dataclass
class Client:
    """One connected page."""

    role: str
    lang: str
    secret: str = ""
    stamp: object = None
    model: dict[str, Any] | None = None
    claim: dict[str, Any] | None = None
    # The page of a phone's fresh tickets (role "tickets"): their secrets, and each
    # ticket's claim by its serial.
    secrets: tuple[str, ...] = ()
    claims: dict[str, dict[str, Any]] = field(default_factory=dict)


@dataclass
class HeldTicket:
    """A ticket followed on phones. `claims`: opened by its own signed code (the printed
    QR), so its pages may claim; opened by its serial and the TV's code they only follow."""

    ticket: Ticket
    payload: str
    claims: bool = True
    grid: str | None = None  # its grid as its pages' messages write it (made once)


def wire(value: object) -> str:
    """A value as the wire writes it (`kiosk.phones.server.encode`'s JSON)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def away(model: dict[str, Any], tr: Translator) -> dict[str, Any]:
    """A seat's page while the TV shows another table: the game as it stands, nothing to
    press, and why."""
    model = dict(model)
    model.update(your_turn=False, clock=None, notice=tr("phones.gone.away"), offers=[],
                 away=True)
    if model.get("kind") == "table":
        model.update(step="", select=None,
                     hand=[dict(card, legal=False) for card in model.get("hand", [])])
    else:
        model.update(sources=[], targets={}, hits={}, resign=[], hint=None)
    return model


class PhoneHub(CheckinDesk, CardsDesk):
    """Phones at the table and at the caller (see the module docstring)."""

    def __init__(self, outlet: Outlet, base_url: str, translator: Callable[[str], Translator],
                 lang: Callable[[], str], codes: TicketCodes | None = None,
                 claim: Callable[[str, float], None] | None = None) -> None:
        self.outlet = outlet
        self.base_url = base_url.rstrip("/")
        self.translator = translator
        self.lang = lang
        self.codes = codes
        self.claim = claim
        self.scene: Any = None  # the table on the screen (a CardTableScene, a BackgammonScene)
        self.tables: list[Any] = []  # every table phones sat at: their seats stay theirs
        self.caller: Any = None  # the Dabernā caller (kiosk.games.debarna.caller.CallerController)
        self.clients: dict[int, Client] = {}
        self.tickets: dict[str, HeldTicket] = {}
        self._codes: dict[str, int] = {}  # join code -> seat, for `_game`
        # a seat's secret -> its table, seat and game when it was taken
        self._held: dict[str, tuple[Any, int, object]] = {}
        self._game: object = None
        self.tv_code = self._tv_code()
        self._tv_code_before: str | None = None
        self._tv_code_at: float | None = None  # when it was shown (the first pump's now)
        # Called when the code turns, for the screen that shows it to draw it afresh.
        self.on_tv_code: Callable[[], None] | None = None
        self._seq = 0
        self._sent = time.time()
        self._table_stamp: object = None
        self._caller_stamp: object = None
        self._fresh_takes()
        # The host the phones' addresses name is the kiosk's own: the server answers it.
        allow = getattr(outlet, "allow_host", None)
        host = urlsplit(self.base_url).hostname
        if allow is not None and host:
            allow(host)

    # -- what the TV shows ----------------------------------------------------------------------
    def sit_at(self, scene: Any) -> None:
        """The table phones join now (None: none). Codes of another table expire; the
        seats phones hold at the tables left stay theirs, their pages waiting until the
        host comes back to that table."""
        if scene is not self.scene:
            self.scene = scene
            self._codes.clear()
            self._game = None if scene is None else scene.table.state
            if scene is not None and scene not in self.tables:
                self.tables.append(scene)

    def join_url(self, seat: int) -> str | None:
        """The address a phone opens to take `seat` (None: a phone holds it already)."""
        scene = self.scene
        if scene is None or isinstance(scene.table.seats[seat], PhoneSeat):
            return None
        self._same_game()
        code = next((c for c, s in self._codes.items() if s == seat), None)
        if code is None:
            code = secrets.token_urlsafe(CODE_BYTES)
            self._codes[code] = seat
        return f"{self.base_url}/join/{code}"

    @property
    def ticket_url(self) -> str:
        """The address the TV's check-in panel gives (its QR code and its words): the
        check-in page, where a phone checks its tickets in and then follows one."""
        return self.checkin_url

    @property
    def checkin_url(self) -> str:
        return f"{self.base_url}/checkin"

    @property
    def board_url(self) -> str:
        return f"{self.base_url}/board"

    def _same_game(self) -> None:
        """Join codes expire when the game on the table changes."""
        state = None if self.scene is None else self.scene.table.state
        if state is not self._game:
            self._game = state
            self._codes.clear()

    @staticmethod
    def _tv_code() -> str:
        return "".join(secrets.choice(TV_CODE_LETTERS) for _ in range(TV_CODE_LENGTH))

    def _turn_tv_code(self, now: float) -> None:
        """A new TV code every `TV_CODE_PERIOD` seconds (the one before kept a while)."""
        if self._tv_code_at is None:
            self._tv_code_at = now
        elif now >= self._tv_code_at + TV_CODE_PERIOD:  # the moment itself, exactly
            self._tv_code_before, self.tv_code = self.tv_code, self._tv_code()
            self._tv_code_at = now
            if self.on_tv_code is not None:
                self.on_tv_code()

    def _takes_tv_code(self, code: object, now: float) -> bool:
        if not isinstance(code, str):
            return False
        code = code.translate(TYPED_DIGITS).strip().upper()
        if code == self.tv_code:
            return True
        at = self._tv_code_at
        return code == self._tv_code_before and at is not None and now < at + TV_CODE_GRACE

    # -- once a frame -------------------------------------------------------------------------
    def pump(self, now: float, push: bool = True) -> None:
        """Answer what the server queued, then push the pages whose model changed (unless
        not `push`: a frame that has done enough leaves that to the next one)."""
        poll = getattr(self.outlet, "poll", None)
        if poll is not None:
            poll()
        requests = self.outlet.requests
        self._turn_tv_code(now)
        self._settle_takes(now)  # fresh tickets for phones, issued meanwhile
        for _ in range(512):  # bounded: a flood waits for the next frame
            try:
                request = requests.get_nowait()
            except queue.Empty:
                break
            try:
                self._answer(request, now)
            except Exception:  # a page's request must never stop the kiosk
                log.exception("phones: the request %s failed", request.kind)
        self._same_game()
        if push:
            self._push(now)

    def _answer(self, request: Request, now: float) -> None:
        kind = request.kind
        if kind == "join":
            self._join(request)
        elif kind == "peek":
            self._peek(request)
        elif kind == "ticket":
            self._ticket(request, now)
        elif kind == "checkin":
            self._checkin(request, now)
        elif kind == "take":
            self._take(request, now)
        elif kind in ("card_code", "card"):  # a shop card from a phone
            self._card_request(request, now)
        elif kind == "hello":
            self._hello(request.client, request.data, now)
        elif kind == "gone":
            self.clients.pop(request.client, None)
        elif kind == "bad":
            self._error(request.client, f"phones.errors.{request.data.get('why', 'bad_field')}")
        elif kind == "message":
            self._message(request.client, request.data, now)

    # -- joining ------------------------------------------------------------------------------
    def _tr(self, lang: str | None = None) -> Translator:
        return self.translator(lang or self.lang())

    def _join(self, request: Request) -> None:
        assert request.reply is not None
        lang = request.data.get("lang")
        tr = self._tr(lang if lang in ("en", "fa") else None)
        code = request.data.get("code")
        # A name is visible text that fits its plate on the TV, and is neither the kiosk's
        # own words for a seat nor another player's at this table, however it is spelled.
        taken = [] if self.scene is None else [
            source.name for source in self.scene.table.seats if isinstance(source, PhoneSeat)]
        self._same_game()
        seat = self._codes.get(code) if isinstance(code, str) else None
        scene = self.scene
        if seat is None or scene is None or scene.table.state.is_over:
            request.reply(410, {"error": tr("phones.errors.code")})
            return
        try:  # a refused name leaves the code for a better one
            name = check_name(request.data.get("name"), taken, text=scene.text)
        except NameRefused as refused:
            request.reply(400, {"error": tr(refused.key)})
            return
        del self._codes[code]
        secret = secrets.token_urlsafe(SECRET_BYTES)
        scene.give_seat(seat, PhoneSeat(name, secret))
        self._held[secret] = (scene, seat, scene.table.state)
        log.info("phones: %s took seat %d", name, seat)
        request.reply(200, {"secret": secret, "seat": seat})

    def _peek(self, request: Request) -> None:
        """What a join code is for, before the name is typed: the game and the seat, in
        the page's language (the code is not used up)."""
        assert request.reply is not None
        lang = request.data.get("lang")
        tr = self._tr(lang if lang in ("en", "fa") else None)
        self._same_game()
        code = request.data.get("code")
        seat = self._codes.get(code) if isinstance(code, str) else None
        scene = self.scene
        if seat is None or scene is None or scene.table.state.is_over:
            request.reply(410, {"error": tr("phones.errors.code")})
            return
        with speaking(scene, tr):
            request.reply(200, {"game": scene.title_text(), "seat": scene.phone_seat_name(seat)})

    def _ticket(self, request: Request, now: float) -> None:
        assert request.reply is not None
        lang = request.data.get("lang")
        tr = self._tr(lang if lang in ("en", "fa") else None)
        data = request.data
        ticket: Ticket | None = None
        payload = data.get("payload")
        if self.codes is None:
            request.reply(503, {"error": tr("phones.errors.no_key")})
            return
        if isinstance(payload, str):
            try:
                ticket = self.codes.verify(payload.strip().upper()).ticket
            except CodeError as exc:
                request.reply(403, {"error": tr(f"reason.{exc.problem.value}")})
                return
        else:
            code, serial = data.get("code"), data.get("serial")
            if not self._takes_tv_code(code, now):
                request.reply(403, {"error": tr("phones.errors.tv_code")})
                return
            found = self._lookup(serial)
            if len(found) != 1:
                request.reply(404, {"error": tr("phones.errors.serial")})
                return
            ticket = found[0]
        claims = isinstance(payload, str)
        secret = self._follow_secret(ticket, claims)
        request.reply(200, {"secret": secret, "serial": ticket.serial, "claims": claims})

    def _follow_secret(self, ticket: Ticket, claims: bool) -> str:
        """The secret of the pages following `ticket`: one a ticket and way of opening it,
        every phone following it so shares it (and the list of tickets followed is never
        longer than twice the tickets there are). Only its own signed code lets a page
        claim: a serial and the TV's code, which anyone in the room can read, only follow it."""
        assert self.codes is not None
        secret = next((s for s, held in self.tickets.items()
                       if held.ticket == ticket and held.claims == claims), None)
        if secret is None:
            secret = secrets.token_urlsafe(SECRET_BYTES)
            self.tickets[secret] = HeldTicket(ticket, self.codes.encode(ticket), claims)
        return secret

    def _lookup(self, serial: object) -> list[Ticket]:
        """The known tickets a serial typed on a phone names (its digits as printed)."""
        if not isinstance(serial, str) or len(serial) > SERIAL_MAX or self.caller is None:
            return []
        return list(self.caller.lookup(serial.translate(TYPED_DIGITS)))

    def _hello(self, client: int, data: dict[str, Any], now: float) -> None:
        role = data["role"]
        lang = data.get("lang") or self.lang()
        secret = data.get("secret", "")
        if role == "seat" and self._seat_of(secret) is None:
            self._closed(client, self._why_gone(secret), lang)
            return
        if role == "ticket" and secret not in self.tickets:
            self._closed(client, "phones.closed_ticket", lang)
            return
        held: tuple[str, ...] = ()
        if role == "tickets":  # a phone's fresh tickets: those of its secrets still known
            held = tuple(s for s in dict.fromkeys(data.get("secrets", ()))
                         if s in self.tickets and self.tickets[s].claims)
            if not held:
                self._closed(client, "phones.take.gone", lang)
                return
        if role in ("checkin", "tickets"):
            secret = ""
        self.clients[client] = Client(role, lang, secret, secrets=held)
        found = self._seat_of(secret) if role == "seat" else None
        self.outlet.send(client, {"type": "welcome", "role": role,
                                  "seat": None if found is None else found[1]})

    def _seat_of(self, secret: str) -> tuple[Any, int] | None:
        """The table and seat a phone's secret holds (the table on the screen first)."""
        if not secret:
            return None
        tables = ([self.scene] if self.scene is not None else []) + \
            [t for t in self.tables if t is not self.scene]
        for scene in tables:
            for seat, source in enumerate(scene.table.seats):
                if isinstance(source, PhoneSeat) and \
                        secrets.compare_digest(source.secret, secret):
                    return scene, seat
        return None

    def _why_gone(self, secret: str) -> str:
        """Why a seat's secret holds no seat now, as a catalogue key: its seat went back to
        the TV, to the computer or to another phone, or a new game was set out; or the
        secret was never this kiosk's (or was from before a restart)."""
        was = self._held.get(secret)
        if was is None:
            return "phones.closed_seat"
        scene, seat, game = was
        seats = scene.table.seats
        if seat >= len(seats) or scene.table.state is not game:
            return "phones.gone.new_game"
        source = seats[seat]
        if isinstance(source, PhoneSeat):
            return "phones.gone.other_phone"
        if source.at_tv:
            return "phones.gone.to_tv"
        if not source.person:
            return "phones.gone.to_computer"
        return "phones.gone.new_game"

    def _closed(self, client: int, key: str, lang: str | None = None) -> None:
        info = self.clients.get(client)
        tr = self._tr(lang or (info.lang if info is not None else None))
        self.outlet.send(client, {"type": "closed", "message": tr(key)})
        self.outlet.close(client)
        self.clients.pop(client, None)

    def _error(self, client: int, line: str, reason: str | None = None,
               translated: bool = False) -> None:
        info = self.clients.get(client)
        if not translated:
            tr = self._tr(info.lang if info is not None else None)
            line = tr(line) if tr.has(line) else tr("phones.errors.bad_field")
        self.outlet.send(client, {"type": "error", "message": line, "reason": reason})

    # -- a page's messages --------------------------------------------------------------------
    def _message(self, client: int, data: dict[str, Any], now: float) -> None:
        info = self.clients.get(client)
        if info is None:
            self._error(client, "phones.errors.hello_first")
            return
        kind = data["type"]
        if kind == "lang":
            info.lang = data["lang"]
            info.stamp = None
            return
        if info.role == "seat":
            found = self._seat_of(info.secret)
            if found is None:
                self._closed(client, self._why_gone(info.secret))
                return
            scene, seat = found
            if scene is not self.scene:
                self._error(client, "phones.gone.away")
                return
            self._seat_message(client, info, seat, data, now)
        elif info.role == "ticket" and kind == "claim":
            self._claim(client, info, now)
        elif info.role == "tickets" and kind == "claim":
            self._claim_one(client, info, data.get("serial"), now)
        else:
            self._error(client, "phones.errors.not_here")

    def _seat_message(self, client: int, info: Client, seat: int, data: dict[str, Any],
                      now: float) -> None:
        scene = self.scene
        table = scene.table
        kind = data["type"]
        tr = self._tr(info.lang)
        act = getattr(scene, "phone_act", None)
        if act is not None:  # a table with a page of its own (Takhteh Nard)
            with speaking(scene, tr):
                refused = act(seat, data, now)
            if refused is not None:
                self._error(client, refused[0], refused[1], translated=True)
            return
        if kind == "next":
            if not table.showing_result:
                self._error(client, "phones.errors.not_now")
                return
            scene.close_table()
            return
        if kind not in ("card", "offer", "select"):
            self._error(client, "phones.errors.not_here")
            return
        with speaking(scene, tr):
            action, problem = self._action(scene, seat, data)
            if problem is not None:
                self._error(client, *problem, translated=True)
                return
            refused = scene.refusal(seat, action)
        if refused is not None:
            self._error(client, refused[0], refused[1], translated=True)
            return
        if scene.menu_open or table.showing_result or table.result_due or \
                not table.submit(seat, action, now):
            self._error(client, "phones.errors.not_now")

    @staticmethod
    def _action(scene: Any, seat: int, data: dict[str, Any]
                ) -> tuple[Any, tuple[str, str | None] | None]:
        """The engine action a page's message asks for, or the words refusing it."""
        view = scene.table.state.view(seat)
        hand = {str(card): card for card in scene.hand_of(view)}
        not_now = (scene.word("not_now"), None)
        kind = data["type"]
        if kind == "card":
            card = hand.get(data["card"])
            if card is None:
                return None, (scene.tr("phones.errors.not_in_hand"), None)
            return scene.action_for_card(card), None
        if kind == "offer":
            offer = next((o for o in scene.choices(view) if str(o.action) == data["id"]), None)
            return (None, not_now) if offer is None else (offer.action, None)
        step = scene.selection(view)
        if step is None:
            return None, not_now
        ids = data["cards"]
        if len(set(ids)) != len(ids) or any(i not in hand for i in ids):
            return None, (scene.tr("phones.errors.not_in_hand"), None)
        wrong = step.wrong_count(len(ids), scene.tr)  # as the TV's button says it
        if wrong is not None:
            return None, (wrong, None)
        return step.action([hand[i] for i in ids]), None

    def _claim(self, client: int, info: Client, now: float) -> None:
        held = self.tickets.get(info.secret)
        caller = self.caller
        if held is None or caller is None or self.claim is None:
            self._error(client, "phones.errors.not_here")
            return
        if not held.claims:
            self._error(client, "phones.gone.claim_needs_code")
            return
        if caller.hand is None:
            self._error(client, "phones.no_hand")
            return
        self.claim(held.payload, now)
        info.claim = {"state": "open"}
        for other in self.clients.values():  # every page of this ticket sees the verdict
            if other.secret == info.secret:
                other.claim = info.claim
                other.stamp = None

    # -- pushing ------------------------------------------------------------------------------
    def _push(self, now: float) -> None:
        if not self.clients:
            return
        stamps = {id(scene): self._stamp_table(scene, now) for scene in self.tables}
        table_stamp = (stamps.get(id(self.scene)), id(self.scene))
        caller_stamp = self._stamp_caller()
        if table_stamp != self._table_stamp or caller_stamp != self._caller_stamp:
            self._table_stamp, self._caller_stamp = table_stamp, caller_stamp
            self._sent = time.time()  # the moment the game moved, as pages measure it
        # One model a page kind (a seat's or ticket's, in one language) however many pages
        # show it, written once, and handed to the server's thread in one go. A ticket's
        # page is the part every ticket page shares (the numbers called, the words),
        # written once a language, and its own ticket and claim.
        built: dict[tuple[object, ...], tuple[dict[str, Any] | None, str]] = {}
        shared: dict[tuple[str, bool], str] = {}
        checkin_stamp: object = None
        out: list[tuple[int, str, str]] = []
        for client, info in list(self.clients.items()):
            if info.role == "ticket":
                seen = (caller_stamp, info.lang, info.claim)
                if seen != info.stamp:
                    info.stamp = seen
                    text = self._ticket_text(client, info, shared)
                    if text is not None:
                        out.append((client, "state", text))
                continue
            if info.role == "seat":
                was = self._held.get(info.secret)
                table = was[0] if was is not None else self.scene
                stamp: object = (stamps.get(id(table)), table is self.scene, info.lang)
            elif info.role in ("checkin", "tickets"):
                if checkin_stamp is None:
                    checkin_stamp = self._stamp_checkin()
                stamp = (checkin_stamp, info.lang, repr(info.claims))
            else:
                stamp = (caller_stamp, info.lang, info.claim)
            if stamp == info.stamp:
                continue
            info.stamp = stamp
            key = (info.role, info.secret, info.lang, repr(info.claim), info.secrets,
                   repr(info.claims))
            if key not in built:
                model = self._model(client, info, now)
                if model is None:
                    continue
                self._seq += 1
                built[key] = (model, encode({"type": "state", "seq": self._seq,
                                             "sent": self._sent, "model": model}))
            model, text = built[key]
            if model == info.model:
                continue
            info.model = model
            out.append((client, "state", text))
        self.outlet.send_texts(out)

    @staticmethod
    def _stamp_table(scene: Any, now: float) -> object:
        table = scene.table
        return (id(table.state), table.worker.generation, table.seats, table.seconds_left(now),
                table.showing_result, table.result_due, scene.menu_open,
                getattr(scene, "phone_look", lambda: None)())

    def _stamp_caller(self) -> object:
        caller = self.caller
        if caller is None:
            return None
        return (id(caller.hand), len(caller.called), caller.claim_phase, id(caller.result))

    def _stamp_checkin(self) -> object:
        caller = self.caller
        if caller is None:
            return None
        return (self._stamp_caller(), caller.in_play, caller.checking_in)

    def _model(self, client: int, info: Client, now: float) -> dict[str, Any] | None:
        tr = self._tr(info.lang)
        if info.role == "seat":
            found = self._seat_of(info.secret)
            if found is None:
                self._closed(client, self._why_gone(info.secret))
                return None
            scene, seat = found
            page = getattr(scene, "phone_page", None)
            if page is not None:
                with speaking(scene, tr):
                    model = page(seat, tr, now)
            else:
                model = seat_model(scene, seat, tr, now)
            return model if scene is self.scene else away(model, tr)
        if self.caller is None:
            return None
        if info.role == "checkin":  # with the words of taking fresh tickets
            model = checkin_model(self.caller, tr)
            model["words"] = {**model["words"], **take_words(tr)}
            model["take"] = self.codes is not None and self.caller.codes is not None
            return model
        if info.role == "tickets":
            return self._tickets_model(info, tr)
        return board_model(self.caller, tr)  # a board page (a ticket's: `_ticket_text`)

    def _ticket_text(self, client: int, info: Client, shared: dict[tuple[str, bool], str]
                     ) -> str | None:
        """A ticket page's state message: its own ticket, claim and right to claim, and the
        part all ticket pages in its language share (`shared`, written once a push)."""
        held = self.tickets.get(info.secret)
        if held is None:
            self._closed(client, "phones.closed_ticket")
            return None
        if self.caller is None:
            return None
        tr = self._tr(info.lang)
        key = (info.lang, held.claims)
        common = shared.get(key)
        if common is None:
            model = ticket_model(self.caller, held.ticket, tr, None)
            if not held.claims:
                model["status"] = f"{model['status']} · {tr('phones.gone.follow_only')}"
            for own in OWN_FIELDS:
                model.pop(own, None)
            common = shared[key] = encode(model)[1:-1]
        if held.grid is None:
            held.grid = wire([list(row) for row in held.ticket.grid])
        can_claim = self.caller.hand is not None and held.claims
        self._seq += 1
        return (f'{{"type":"state","seq":{self._seq},"sent":{self._sent!r},"model":{{'
                f'"serial":{wire(held.ticket.serial)},"grid":{held.grid},'
                f'"claim":{wire(self._verdict(held, info.claim, tr))},'
                f'"can_claim":{"true" if can_claim else "false"},{common}}}}}')

    def _verdict(self, held: HeldTicket, claim: dict[str, Any] | None,
                 tr: Translator) -> dict[str, Any] | None:
        """The claim panel of a ticket's page: its own claim's verdict, as the TV says it."""
        if claim is None:
            return None
        result = self.caller.result
        if result is None or result.serial != held.ticket.serial:
            return {"state": "open", "text": tr("phones.claim_open")}
        verdict = result.verdict
        if result.valid and verdict is not None:
            stages = tr.join([tr(f"stage.{s.value}") for s in verdict.stages])
            return {"state": "valid", "text": tr("claim.valid", stages=stages)}
        reason = tr(result.message.key, **dict(result.message.values)) \
            if result.message.key else ""
        return {"state": "refused", "text": f"{tr('claim.invalid')} {reason}".strip()}

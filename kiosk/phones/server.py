"""The phones' web server: pages, script, style, fonts and one WebSocket a page.

It runs on its own thread with its own asyncio loop (aiohttp), so the frame loop never
waits for the network, and it never touches a game: every request that needs the game
(a join, a hello, an action) becomes a `Request` the frame loop's `PhoneHub` takes from
`requests` once a frame and answers through `reply`/`send`, which are safe from any
thread. What it does itself is keep the network in bounds:

- it listens on the addresses it is given (the local network's, `local_addresses`), and
  answers only requests addressed to the kiosk itself (`Hosts`): a page of another site
  that had its name point at the kiosk (DNS rebinding) gets HTTP 421 and changes nothing;
- a connection has `HEADER_TIMEOUT` seconds for a request's headers (and between two
  requests) and `BODY_TIMEOUT` for a body, and there are at most so many connections from
  one address and in all (`Doors`): a request that never ends cannot hold the server's
  files, and one address cannot take the connections the other phones need;
- at most `max_clients` pages are connected at once (a new one gets HTTP 503);
- joins, ticket requests, check-ins and takes of fresh tickets are charged to their
  address before they are answered (`POST_RATE`, `POST_BURST`; a request that succeeds
  is given back, but for a take), so requests sent at once count as many as they are;
- a message is at most `MAX_MESSAGE` bytes (a longer one closes that socket), must be a
  JSON object of a known `type` with fields of the right types and lengths
  (`validate`), and each page may send `RATE` messages a second on average (a burst of
  `BURST`); anything else gets an error and changes nothing;
- a page's outgoing messages wait in a short queue of its own: a page too slow to read
  keeps only the newest state (a state carries the whole page, so none is lost).
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
import logging
import queue
import resource
import socket
import subprocess
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from typing import Any, Final

from aiohttp import WSMsgType, web

from kiosk.config import is_local_address
from kiosk.i18n import Translator

log = logging.getLogger(__name__)

STATIC: Final = Path(__file__).with_name("static")
MAX_MESSAGE: Final = 2048  # bytes of one message from a page
MAX_BODY: Final = 1024  # bytes of a POST body
RATE: Final = 8.0  # a page's messages a second, on average
BURST: Final = 16.0
POST_RATE: Final = 0.5  # refused joins and ticket requests a second from one address
POST_BURST: Final = 60.0
HEADER_TIMEOUT: Final = 10.0  # seconds for a request's headers, and between two requests
BODY_TIMEOUT: Final = 10.0  # seconds for a POST's body
ADDRESS_EXTRA: Final = 8  # connections one address may hold beyond one a page of max_clients
PAGE_CONNECTIONS: Final = 16  # connections in all, for each page of max_clients
FILES_KEPT: Final = 64  # open files the server's process keeps beyond its connections
OUT_QUEUE: Final = 64  # messages waiting for one page (a state replaces an older state)
LANGS: Final = ("fa", "en")
ROLES: Final = ("seat", "ticket", "board", "checkin", "tickets")
OPEN_ROLES: Final = ("board", "checkin")  # pages with no secret: they show what the TV shows
SECRET_MAX: Final = 64
HELD_MOST: Final = 12  # secrets the page of a phone's fresh tickets says hello with
SERIAL_FIELD: Final = 24  # characters of a serial in a claim
ID_MAX: Final = 64
NAME_MAX: Final = 24
# The kiosk's home page, and the pages drawn by phone.js: page.html with its name in it.
PAGES: Final = {"/": "index", "/play": "seat", "/ticket": "ticket", "/board": "board",
                "/checkin": "checkin", "/mine": "mine"}
TYPES: Final = {"text/html": ".html", "application/javascript": ".js", "text/css": ".css"}


class BadMessage(ValueError):
    """A page's message that is not one of the protocol's; `key` names why (the hub says
    it in the page's language)."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _text(data: dict[str, Any], name: str, most: int) -> str:
    value = data.get(name)
    if not isinstance(value, str) or not 0 < len(value) <= most or not value.isprintable():
        raise BadMessage("bad_field")
    return value


def validate(raw: str | bytes) -> dict[str, Any]:
    """A page's message checked against the protocol (`kiosk.phones`): the message with
    only its known fields, or BadMessage."""
    if isinstance(raw, bytes):
        raise BadMessage("not_text")
    if len(raw.encode("utf-8", "surrogatepass")) > MAX_MESSAGE:
        raise BadMessage("too_long")
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        raise BadMessage("not_json") from None
    if not isinstance(data, dict):
        raise BadMessage("not_json")
    kind = data.get("type")
    if kind == "hello":
        role = data.get("role")
        if role not in ROLES:
            raise BadMessage("bad_field")
        out: dict[str, Any] = {"type": kind, "role": role}
        if role == "tickets":  # a phone's fresh tickets: a secret each
            held = data.get("secrets")
            if not isinstance(held, list) or not 0 < len(held) <= HELD_MOST:
                raise BadMessage("bad_field")
            out["secrets"] = [_text({"s": item}, "s", SECRET_MAX) for item in held]
        elif role not in OPEN_ROLES:
            out["secret"] = _text(data, "secret", SECRET_MAX)
        if "lang" in data:
            if data["lang"] not in LANGS:
                raise BadMessage("bad_field")
            out["lang"] = data["lang"]
        return out
    if kind in ("card", "offer"):
        field_name = "card" if kind == "card" else "id"
        return {"type": kind, field_name: _text(data, field_name, ID_MAX)}
    if kind == "select":
        cards = data.get("cards")
        if not isinstance(cards, list) or not 0 < len(cards) <= 16:
            raise BadMessage("bad_field")
        for card in cards:
            if not isinstance(card, str) or not 0 < len(card) <= ID_MAX:
                raise BadMessage("bad_field")
        return {"type": kind, "cards": list(cards)}
    if kind == "lang":
        if data.get("lang") not in LANGS:
            raise BadMessage("bad_field")
        return {"type": kind, "lang": data["lang"]}
    if kind == "claim" and "serial" in data:  # one of the tickets of a phone's page
        return {"type": kind, "serial": _text(data, "serial", SERIAL_FIELD)}
    if kind in ("next", "claim", "ping"):
        return {"type": kind}
    raise BadMessage("unknown_type")


def encode(message: dict[str, Any]) -> str:
    """A message as it goes on the wire: compact JSON, Persian as it is."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


@dataclass
class Request:
    """Something only the frame loop may answer. `kind`: "join", "ticket", "peek",
    "checkin" (HTTP, answered once through `reply(status, body)`; its `data` has the body's
    "lang" when the page gave one), "hello", "message", "bad", "gone" (a page's socket;
    answered through the server's `send`)."""

    kind: str
    client: int
    data: dict[str, Any] = field(default_factory=dict)
    reply: Callable[[int, dict[str, Any]], None] | None = None


class Bucket:
    """A token bucket: `rate` a second, at most `burst` at once (a page's messages:
    `RATE` and `BURST`)."""

    def __init__(self, now: float, rate: float = RATE, burst: float = BURST) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.at = now

    def take(self, now: float) -> bool:
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True

    def give_back(self) -> None:
        """A token taken for something that turned out free (a join that succeeded)."""
        self.tokens = min(self.burst, self.tokens + 1.0)


class Outbox:
    """One page's waiting messages; a new state replaces a state still waiting."""

    def __init__(self) -> None:
        self.items: deque[tuple[str, str]] = deque()
        self.ready = asyncio.Event()

    def put(self, kind: str, text: str) -> None:
        if kind == "state":
            self.items = deque(item for item in self.items if item[0] != "state")
        if len(self.items) >= OUT_QUEUE:
            self.items.popleft()
        self.items.append((kind, text))
        self.ready.set()


def _private(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address.split("%")[0])
    except ValueError:
        return False
    return is_local_address(ip)


def local_addresses() -> list[str]:
    """The addresses to listen on: loopback and this machine's addresses in the private
    and link-local ranges (never a public one, never the wildcard)."""
    found = ["127.0.0.1"]
    try:
        out = subprocess.run(["ip", "-j", "addr"], capture_output=True, text=True,
                             timeout=5, check=False).stdout
        for link in json.loads(out or "[]"):
            for info in link.get("addr_info", []):
                local = str(info.get("local", ""))
                scope = info.get("scope")
                if local and scope != "host" and _private(local) and ":" not in local:
                    found.append(local)
    except (OSError, ValueError, subprocess.SubprocessError):
        found.append(primary_address())
    return sorted({a for a in found if _private(a)}, key=found.index)


def primary_address() -> str:
    """This machine's address on the local network (the one a phone would reach), else
    loopback. No packet is sent."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect(("10.254.254.254", 1))
        address = s.getsockname()[0]
        if _private(address):
            return str(address)
    return "127.0.0.1"


LOOPBACK_NAMES: Final = ("localhost", "127.0.0.1", "::1")


def host_name(header: str) -> str:
    """The name in a Host header, without its port, in lower case, without a final dot
    ("[::1]:8080" is "::1", "Debarna.Local.:8080" is "debarna.local")."""
    host = header.strip().lower()
    if host.startswith("["):
        host = host[1:].split("]", 1)[0]
    elif host.count(":") == 1:
        host = host.split(":", 1)[0]
    return host.rstrip(".")


class Hosts:
    """The names a request may be addressed to: the kiosk's own (the addresses it listens
    on, the name in its QR codes' addresses, its loopback names). A browser sends the
    name it was told in the Host header, so a page of another site whose name was made
    to point at the kiosk (DNS rebinding) sends that other name, and is refused."""

    def __init__(self, names: Iterable[str]) -> None:
        self.names = {host_name(name) for name in (*LOOPBACK_NAMES, *names) if name}

    def add(self, name: str) -> None:
        if name:
            self.names.add(host_name(name))

    def allows(self, header: str | None) -> bool:
        """The Host header names the kiosk (none at all does not: every browser sends it)."""
        return header is not None and host_name(header) in self.names


class Doors:
    """The connections open now, by address: at most `per_address` from one address, at
    most `total` in all; a connection over either gets HTTP 503 and is closed at once."""

    def __init__(self, per_address: int, total: int) -> None:
        self.per_address = per_address
        self.total = total
        self.open: dict[str, int] = {}
        self.count = 0

    @classmethod
    def for_pages(cls, max_clients: int) -> Doors:
        """The caps for `max_clients` pages: one address may hold every page at once (a
        tablet and the board, a benchmark) and a browser's few parallel loads
        (`ADDRESS_EXTRA`); all addresses `PAGE_CONNECTIONS` a page, and never more than
        the process may open files for (`FILES_KEPT` kept for the rest)."""
        per_address = max_clients + ADDRESS_EXTRA
        total = max(per_address, max_clients * PAGE_CONNECTIONS)
        soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
        if soft != resource.RLIM_INFINITY:
            total = max(1, min(total, soft - FILES_KEPT))
        return cls(min(per_address, total), total)

    def enter(self, address: str) -> bool:
        held = self.open.get(address, 0)
        if held >= self.per_address or self.count >= self.total:
            return False
        self.open[address] = held + 1
        self.count += 1
        return True

    def leave(self, address: str) -> None:
        held = self.open.get(address, 0) - 1
        if held > 0:
            self.open[address] = held
        else:
            self.open.pop(address, None)
        self.count -= 1


_FULL: Final = (b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain\r\n"
                b"Content-Length: 16\r\nConnection: close\r\n\r\ntoo many at once")


class Connection(web.RequestHandler):
    """One connection to the server, let in only while `doors` has room for it; its
    headers have `HEADER_TIMEOUT` seconds (aiohttp's keep-alive timer, which runs from
    the moment a connection opens and again after each response, closes a connection
    still waiting for a whole request)."""

    def __init__(self, manager: web.Server, doors: Doors, **kwargs: Any) -> None:
        # No access log (aiohttp's signature wants a logger; None is how it is turned off).
        super().__init__(manager, keepalive_timeout=HEADER_TIMEOUT,
                         access_log=None, **kwargs)  # type: ignore[arg-type]
        self.doors = doors
        self.address: str | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        peer = transport.get_extra_info("peername")
        address = str(peer[0]) if peer else ""
        if not self.doors.enter(address):
            with contextlib.suppress(OSError):
                transport.write(_FULL)  # type: ignore[attr-defined]
            transport.close()
            return
        self.address = address
        super().connection_made(transport)

    def connection_lost(self, exc: BaseException | None) -> None:
        if self.address is None:
            return
        self.doors.leave(self.address)
        self.address = None
        super().connection_lost(exc)


# A route's module adds its pages to the server's app (`PhoneServer.more_routes`).
Route = Callable[[web.Application, "PhoneServer"], None]


class PhoneServer:
    """The web server on its own thread (see the module docstring)."""

    def __init__(self, addresses: Iterable[str], port: int, fonts: dict[str, Path],
                 max_clients: int = 24) -> None:
        self.addresses = list(addresses)
        self.port = port
        self.fonts = fonts
        self.max_clients = max_clients
        self.hosts = Hosts(self.addresses)
        self.doors = Doors.for_pages(max_clients)
        # The kiosk's language and its pages' words, for a page's first paint (read on the
        # server's thread: the catalogues are never changed once loaded).
        self.words: Callable[[], tuple[str, bool, dict[str, str]]] | None = None
        self.requests: queue.Queue[Request] = queue.Queue()
        # More routes, each added by its own module (the shop cards' page, `kiosk.phones.cards`).
        self.more_routes: list[Route] = []
        self.problem: str | None = None  # why it is not listening
        self._loop: asyncio.AbstractEventLoop | None = None
        self._runner: web.AppRunner | None = None
        self._listeners: list[asyncio.Server] = []
        self._outboxes: dict[int, Outbox] = {}
        self._post_buckets: dict[str, Bucket] = {}
        self._sockets: dict[int, web.WebSocketResponse] = {}
        self._next = 0
        self._started = threading.Event()
        self._thread: threading.Thread | None = None
        self.bound: list[tuple[str, int]] = []

    # -- the thread ---------------------------------------------------------------------------
    def start(self, timeout: float = 10.0) -> bool:
        """Start listening; False (and `problem` says why) if it could not."""
        self._thread = threading.Thread(target=self._run, name="phones", daemon=True)
        self._thread.start()
        self._started.wait(timeout)
        return self.problem is None and bool(self.bound)

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        asyncio.set_event_loop(loop)
        try:
            loop.run_until_complete(self._listen())
        except OSError as exc:
            self.problem = str(exc)
            log.error("phones cannot join: %s", exc)
        finally:
            self._started.set()
        if self.problem is None:
            loop.run_forever()
        loop.close()

    def make_app(self) -> web.Application:
        """The server's pages, socket and API calls, each behind the Host check."""
        app = web.Application(client_max_size=MAX_BODY, middlewares=[self._own_host])
        app.router.add_get("/ws", self._socket)
        for path, page in PAGES.items():
            app.router.add_get(path, self._page(page))
        app.router.add_get("/join/{code}", self._page("seat"))
        app.router.add_get("/t/{code}", self._page("ticket"))
        app.router.add_get("/T/{code}", self._page("ticket"))  # a printed ticket's QR
        app.router.add_get("/static/{name}", self._static)
        app.router.add_get("/fonts/{name}", self._font)
        app.router.add_post("/api/join", self._post("join"))
        app.router.add_post("/api/ticket", self._post("ticket"))
        app.router.add_post("/api/peek", self._post("peek"))
        app.router.add_post("/api/checkin", self._post("checkin"))
        app.router.add_post("/api/take", self._post("take"))
        for add in self.more_routes:
            add(app, self)
        return app

    async def _listen(self) -> None:
        runner = web.AppRunner(self.make_app(), handle_signals=False)
        await runner.setup()
        self._runner = runner
        manager = runner.server
        assert manager is not None
        loop = asyncio.get_running_loop()
        for address in self.addresses:
            try:
                listener = await loop.create_server(
                    lambda: Connection(manager, self.doors, loop=loop), address, self.port,
                    reuse_address=True)
            except OSError as exc:
                log.warning("phones: cannot listen on %s:%d: %s", address, self.port, exc)
                continue
            self._listeners.append(listener)
            self.bound.append((address, int(listener.sockets[0].getsockname()[1])))
            if self.port == 0:  # any free port: then the same one on every address
                self.port = self.bound[0][1]
        if not self.bound:
            raise OSError(f"cannot listen on port {self.port} of {', '.join(self.addresses)}")

    @web.middleware
    async def _own_host(self, request: web.Request,
                        handler: Callable[[web.Request], Any]) -> web.StreamResponse:
        """Every route: a request addressed to a name not the kiosk's gets 421."""
        if not self.hosts.allows(request.headers.get("Host")):
            return web.Response(status=421, text="This is the Dabernā kiosk: open it at "
                                "the address its TV shows.", headers=_HEADERS)
        response: web.StreamResponse = await handler(request)
        return response

    def stop(self) -> None:
        loop = self._loop
        if loop is None or not loop.is_running():
            return

        async def close() -> None:
            for listener in self._listeners:
                listener.close()
            for ws in list(self._sockets.values()):
                await ws.close()
            if self._runner is not None:
                await self._runner.cleanup()
            loop.stop()

        asyncio.run_coroutine_threadsafe(close(), loop)
        if self._thread is not None:
            self._thread.join(5)

    # -- from the frame loop ------------------------------------------------------------------
    def send(self, client: int, message: dict[str, Any]) -> None:
        """Queue a message for a page (from any thread); a page gone is skipped."""
        self.send_texts([(client, str(message.get("type")), encode(message))])

    def send_texts(self, items: list[tuple[int, str, str]]) -> None:
        """Queue messages already written, (page, type, text) each, in one hand-over to the
        server's thread (one wake-up of it for a whole frame's pushes)."""
        loop = self._loop
        if loop is None or loop.is_closed() or not items:
            return
        with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
            loop.call_soon_threadsafe(self._deliver_all, items)

    def _deliver_all(self, items: list[tuple[int, str, str]]) -> None:
        for client, kind, text in items:
            self._deliver(client, kind, text)

    def poll(self) -> None:
        """Nothing to do once a frame: this server's own thread queues `requests`."""

    def allow_host(self, name: str) -> None:
        """Take requests addressed to `name` too (the host in the addresses phones are
        given, from any thread)."""
        loop = self._loop
        if loop is None or loop.is_closed():
            self.hosts.add(name)
            return
        with contextlib.suppress(RuntimeError):
            loop.call_soon_threadsafe(self.hosts.add, name)

    def close(self, client: int) -> None:
        """Close a page's socket (from any thread), after what is queued for it."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self._deliver, client, "close", "")

    def _deliver(self, client: int, kind: str, text: str) -> None:
        box = self._outboxes.get(client)
        if box is not None:
            box.put(kind, text)

    @property
    def clients(self) -> int:
        return len(self._sockets)

    # -- pages --------------------------------------------------------------------------------
    def _page(self, name: str) -> Callable[[web.Request], Any]:
        """A page, in the kiosk's language from its first paint: `<html lang dir>` and the
        page's words (`words()`: the language, right to left or not, the words) in it."""
        source = "index.html" if name == "index" else "page.html"
        markup = (STATIC / source).read_text(encoding="utf-8").replace("{page}", name)

        async def page(request: web.Request) -> web.StreamResponse:
            html = markup  # read once, when the server starts
            if self.words is not None:
                lang, rtl, words = self.words()
                html = html.replace('<html lang="en" dir="ltr">',
                                    f'<html lang="{lang}" dir="{"rtl" if rtl else "ltr"}">', 1)
                given = escape(json.dumps(words, ensure_ascii=False), quote=True)
                html = html.replace("<body ", f'<body data-words="{given}" ', 1)
            return web.Response(text=html, content_type="text/html", headers=_HEADERS)
        return page

    async def _static(self, request: web.Request) -> web.StreamResponse:
        name = request.match_info["name"]
        path = STATIC / name
        if "/" in name or name.startswith(".") or path.suffix not in (".js", ".css") \
                or not path.is_file():
            raise web.HTTPNotFound()
        return web.FileResponse(path, headers=_HEADERS)

    async def _font(self, request: web.Request) -> web.StreamResponse:
        name = request.match_info["name"].removesuffix(".ttf")
        path = self.fonts.get(name)
        if path is None or not path.is_file():
            raise web.HTTPNotFound()
        return web.FileResponse(path, headers={"Content-Type": "font/ttf",
                                               "Cache-Control": "max-age=86400"})

    def refusal(self, key: str, status: int, lang: object = None) -> web.Response:
        """An HTTP refusal a page shows: `{"error": text}`, the words of
        `phones.errors.<key>` in the page's language `lang` (else the kiosk's)."""
        if lang not in LANGS:
            lang = self.words()[0] if self.words is not None else "en"
        return web.json_response({"error": Translator(str(lang))(f"phones.errors.{key}")},
                                 status=status, headers=_HEADERS)

    def _post(self, kind: str) -> Callable[[web.Request], Any]:
        """`POST /api/<kind>` ("join", "ticket", "peek", "checkin", "take"): its body's fields
        handed to the frame loop as a Request of that kind, and its answer sent back; a
        peek (the join page asking which game and seat its code is for) pays as a join
        does, and a check-in as a ticket request does."""
        async def post(request: web.Request) -> web.StreamResponse:
            # Only the pages' own requests (JSON, so another site's form cannot send one),
            # and a bounded number of refusals from one address: a code on the TV cannot
            # be guessed (`POST_BURST` refusals, then one every two seconds). Each request
            # pays before it is looked at, so many sent at once pay as many; one that
            # succeeds is given back.
            if request.content_type != "application/json":
                return self.refusal("not_json", 415)
            bucket = self._post_bucket(request.remote or "")
            if not bucket.take(time.monotonic()):
                return self.refusal("too_fast", 429)
            try:
                async with asyncio.timeout(BODY_TIMEOUT):
                    data = await request.json()
            except TimeoutError:
                return self.refusal("too_slow", 408)
            except (ValueError, web.HTTPException):
                return self.refusal("not_json", 400)
            if not isinstance(data, dict):
                return self.refusal("not_json", 400)
            lang = data.get("lang")
            fields = {k: data[k] for k in ("code", "name", "serial", "payload", "serials",
                                           "count") if k in data}
            if lang in LANGS:
                fields["lang"] = lang
            if kind == "take":  # a phone's fresh tickets are counted by its address
                fields["from"] = request.remote or ""
            answered = await self.ask(kind, fields)
            if answered is None:
                return self.refusal("busy", 503, lang)
            status, body = answered
            if status == 200 and kind != "take":
                # Only a refusal costs: guessing codes is slow. Fresh tickets cost even
                # when given, so a script cannot take them without end.
                bucket.give_back()
            return web.json_response(body, status=status)
        return post

    async def ask(self, kind: str, fields: dict[str, Any], timeout: float = 10.0
                  ) -> tuple[int, dict[str, Any]] | None:
        """A request only the frame loop may answer, handed to it (`requests`), and its
        answer: (status, body), or None when none came in `timeout` seconds."""
        loop = asyncio.get_running_loop()
        answer: asyncio.Future[tuple[int, dict[str, Any]]] = loop.create_future()

        def reply(status: int, body: dict[str, Any]) -> None:
            def settle() -> None:
                if not answer.done():
                    answer.set_result((status, body))
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(settle)

        self.requests.put(Request(kind, -1, fields, reply))
        try:
            return await asyncio.wait_for(answer, timeout)
        except TimeoutError:
            return None

    def _post_bucket(self, address: str) -> Bucket:
        """The requests one address may still send (`POST_RATE`, `POST_BURST`)."""
        if len(self._post_buckets) > 1024:
            self._post_buckets.clear()
        return self._post_buckets.setdefault(
            address, Bucket(time.monotonic(), POST_RATE, POST_BURST))

    # -- sockets ------------------------------------------------------------------------------
    async def _socket(self, request: web.Request) -> web.StreamResponse:
        if len(self._sockets) >= self.max_clients:
            return self.refusal("full", 503)
        origin = request.headers.get("Origin")
        if origin is not None and origin.split("://", 1)[-1] != request.host:
            return self.refusal("origin", 403)  # another site's page
        ws = web.WebSocketResponse(max_msg_size=MAX_MESSAGE, heartbeat=20)
        await ws.prepare(request)
        self._next += 1
        client = self._next
        box = Outbox()
        self._outboxes[client] = box
        self._sockets[client] = ws
        writer = asyncio.create_task(self._write(ws, box))
        bucket = Bucket(time.monotonic())
        greeted = False
        told = -1e9  # when the page was last told it sends too fast
        try:
            async for msg in ws:
                if msg.type == WSMsgType.ERROR:
                    break
                now = time.monotonic()
                if not bucket.take(now):
                    if now - told >= 1.0:  # said once a second, however fast it sends
                        told = now
                        self.requests.put(Request("bad", client, {"why": "too_fast"}))
                    continue
                if msg.type not in (WSMsgType.TEXT, WSMsgType.BINARY):
                    continue
                try:
                    message = validate(msg.data)
                except BadMessage as exc:
                    self.requests.put(Request("bad", client, {"why": exc.key}))
                    continue
                if message["type"] == "ping":
                    box.put("pong", '{"type":"pong"}')
                    continue
                if message["type"] == "hello":
                    if greeted:
                        self.requests.put(Request("bad", client, {"why": "hello_twice"}))
                        continue
                    greeted = True
                    self.requests.put(Request("hello", client, message))
                    continue
                if not greeted:
                    self.requests.put(Request("bad", client, {"why": "hello_first"}))
                    continue
                self.requests.put(Request("message", client, message))
        finally:
            writer.cancel()
            self._sockets.pop(client, None)
            self._outboxes.pop(client, None)
            self.requests.put(Request("gone", client))
        return ws

    async def _write(self, ws: web.WebSocketResponse, box: Outbox) -> None:
        with contextlib.suppress(ConnectionError, RuntimeError, asyncio.CancelledError):
            while not ws.closed:
                await box.ready.wait()
                box.ready.clear()
                while box.items:
                    kind, text = box.items.popleft()
                    if kind == "close":
                        await ws.close()
                        return
                    await ws.send_str(text)


# Pages are the kiosk's own: nothing from elsewhere, never framed, never cached stale.
_HEADERS: Final = {
    "Cache-Control": "no-cache",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Content-Security-Policy": "default-src 'self'; connect-src 'self' ws: wss:; "
                               "img-src 'self' data:; frame-ancestors 'none'",
}

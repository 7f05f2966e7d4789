"""The phones' server in a process of its own, so that the frame loop keeps its interpreter.

`RemoteServer` stands where a `PhoneServer` would (the hub's outlet: `requests`, `send`,
`send_texts`, `close`; `start`, `stop`, `words`, `problem`, `bound`): it runs the real
`PhoneServer` (aiohttp, its own event loop) in a child process, a fresh interpreter,
and carries everything across two pipes as plain data:

- to the child: the server's settings, the pages' words (the kiosk's language, pushed
  again when it changes), each frame's messages for the pages, a page to close, and the
  answer to a join or ticket request (by its number);
- from the child: where it listens (or why it cannot), and each request only the frame
  loop may answer (`Request`), its answer sent back through `reply`.

Nothing the frame loop does waits for the child: what it sends is queued for a sender
thread, and a reader thread puts the child's requests in `requests`, as the server's
own thread did. If the child dies, the phones are gone (the log says so) and the kiosk
plays on, as with a server that could not start.
"""

from __future__ import annotations

import contextlib
import logging
import os
import queue
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterable
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from kiosk.phones.server import PhoneServer, Request, encode

log = logging.getLogger(__name__)

_ROOT = str(Path(__file__).resolve().parent.parent.parent)
WORDS_EVERY = 1.0  # seconds between two looks at the kiosk's language (pushed if changed)


class RemoteServer:
    """A `PhoneServer` in a child process (see the module docstring)."""

    def __init__(self, addresses: Iterable[str], port: int, fonts: dict[str, Path],
                 max_clients: int = 24) -> None:
        self.addresses = list(addresses)
        self.port = port
        self.fonts = fonts
        self.max_clients = max_clients
        self.words: Callable[[], tuple[str, bool, dict[str, str]]] | None = None
        self.requests: queue.Queue[Any] = queue.Queue()
        self.problem: str | None = None
        self.bound: list[tuple[str, int]] = []
        self._popen: subprocess.Popen[bytes] | None = None
        self._out: Connection | None = None
        self._in: Connection | None = None
        self._outgoing: queue.Queue[tuple[Any, ...] | None] = queue.Queue()
        self._started = threading.Event()
        self._stopping = threading.Event()
        self._threads: list[threading.Thread] = []
        self._clients = 0
        self._counted = threading.Event()

    # -- starting and stopping ---------------------------------------------------------------
    def start(self, timeout: float = 20.0) -> bool:
        """Start the child and wait until it listens; False (`problem` says why) if not."""
        to_child_r, to_child_w = os.pipe()
        from_child_r, from_child_w = os.pipe()
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(
            [_ROOT, *filter(None, env.get("PYTHONPATH", "").split(os.pathsep))])
        code = f"from kiosk.phones.remote import serve; serve({to_child_r}, {from_child_w})"
        try:
            self._popen = subprocess.Popen([sys.executable, "-c", code],
                                           stdin=subprocess.DEVNULL,
                                           pass_fds=(to_child_r, from_child_w), env=env)
        except OSError as exc:
            for fd in (to_child_r, to_child_w, from_child_r, from_child_w):
                os.close(fd)
            self.problem = f"the phones' server process cannot start ({exc})"
            return False
        os.close(to_child_r)
        os.close(from_child_w)
        self._out = Connection(to_child_w, readable=False)
        self._in = Connection(from_child_r, writable=False)
        self._out.send(("start", self.addresses, self.port, self.fonts, self.max_clients,
                        self._words_now()))
        for target, name in ((self._read, "phones-in"), (self._send, "phones-out")):
            thread = threading.Thread(target=target, name=name, daemon=True)
            thread.start()
            self._threads.append(thread)
        if not self._started.wait(timeout):
            self.problem = self.problem or "the phones' server process did not answer"
            self.stop()
            return False
        return self.problem is None and bool(self.bound)

    def stop(self) -> None:
        if self._stopping.is_set():
            return
        self._stopping.set()
        self._outgoing.put(("stop",))
        self._outgoing.put(None)
        popen = self._popen
        if popen is not None:
            try:
                popen.wait(timeout=5)
            except subprocess.TimeoutExpired:
                popen.kill()
                popen.wait(timeout=5)
        for end in (self._out, self._in):
            if end is not None:
                end.close()

    # -- from the frame loop (never waits for the child) ---------------------------------------
    def send(self, client: int, message: dict[str, Any]) -> None:
        self.send_texts([(client, str(message.get("type")), encode(message))])

    def send_texts(self, items: list[tuple[int, str, str]]) -> None:
        if items and not self._stopping.is_set():
            self._outgoing.put(("texts", items))

    def close(self, client: int) -> None:
        if not self._stopping.is_set():
            self._outgoing.put(("close", client))

    @property
    def pid(self) -> int | None:
        """The child process's id (None before `start`)."""
        return None if self._popen is None else self._popen.pid

    @property
    def clients(self) -> int:
        """The pages connected now, as the child counts them (asks it and waits: for tools
        and tests, not for the frame loop)."""
        self._counted.clear()
        self._outgoing.put(("clients",))
        self._counted.wait(5.0)
        return self._clients

    # -- the two threads ---------------------------------------------------------------------
    def _words_now(self) -> tuple[str, bool, dict[str, str]] | None:
        try:
            return self.words() if self.words is not None else None
        except Exception:  # a catalogue that cannot be read: the pages keep their words
            log.exception("the phones' pages' words cannot be had")
            return None

    def _send(self) -> None:
        """Writes what the frame loop queued, in order; pushes the pages' words when the
        kiosk's language changed (looked at once a second, and at once until first had)."""
        last = None
        looked = -WORDS_EVERY
        while True:
            try:
                item = self._outgoing.get(timeout=WORDS_EVERY)
            except queue.Empty:
                item = ()
            if item is None:
                return
            now = time.monotonic()
            if last is None or now - looked >= WORDS_EVERY:
                looked = now
                words = self._words_now()
                if words is not None and words != last:
                    last = words
                    self._write(("words", words))
            if item:
                self._write(item)

    def _write(self, message: tuple[Any, ...]) -> None:
        try:
            assert self._out is not None
            self._out.send(message)
        except (OSError, ValueError):
            pass  # the child is gone: the reader says so

    def _read(self) -> None:
        assert self._in is not None
        while True:
            try:
                message = self._in.recv()
            except (EOFError, OSError):
                break
            kind = message[0]
            if kind == "started":
                _, self.problem, self.bound, self.port = message
                self._started.set()
            elif kind == "clients":
                self._clients = message[1]
                self._counted.set()
            elif kind == "request":
                _, number, what, client, data, answers = message
                reply = (lambda status, body, number=number: self._outgoing.put(
                    ("reply", number, status, body))) if answers else None
                self.requests.put(Request(what, client, data, reply))
        if not self._stopping.is_set():
            log.error("the phones' server process ended: phones cannot play until the kiosk "
                      "is restarted")
            self.problem = self.problem or "the phones' server process ended"
        self._started.set()


# -- the child ---------------------------------------------------------------------------------


def serve(commands_fd: int, replies_fd: int) -> None:
    """The child process: the real server, and the two pipes to the kiosk."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the kiosk's Ctrl-C is for the kiosk
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    commands = Connection(commands_fd, writable=False)
    out = Connection(replies_fd, readable=False)
    lock = threading.Lock()

    def tell(message: tuple[Any, ...]) -> None:
        with lock, contextlib.suppress(OSError):
            out.send(message)

    try:
        first = commands.recv()
    except (EOFError, OSError):
        return
    _, addresses, port, fonts, max_clients, words = first
    current = [words]
    server = PhoneServer(addresses, port, fonts, max_clients)
    server.words = lambda: current[0] if current[0] is not None else ("en", False, {})
    server.start()
    tell(("started", server.problem if not server.bound else None, list(server.bound),
          server.port))
    if not server.bound:
        return
    replies: dict[int, Callable[[int, dict[str, Any]], None]] = {}
    numbers = iter(range(1, 2**62))

    def forward() -> None:
        while True:
            request = server.requests.get()
            if request is None:
                return
            number = next(numbers) if request.reply is not None else 0
            if request.reply is not None:
                replies[number] = request.reply
            tell(("request", number, request.kind, request.client, request.data,
                  request.reply is not None))

    threading.Thread(target=forward, name="phones-forward", daemon=True).start()
    while True:
        try:
            message = commands.recv()
        except (EOFError, OSError):
            break
        kind = message[0]
        if kind == "texts":
            server.send_texts(message[1])
        elif kind == "close":
            server.close(message[1])
        elif kind == "reply":
            reply = replies.pop(message[1], None)
            if reply is not None:
                reply(message[2], message[3])
        elif kind == "words":
            current[0] = message[1]
        elif kind == "clients":
            tell(("clients", server.clients))
        elif kind == "stop":
            break
    server.stop()
    server.requests.put(None)

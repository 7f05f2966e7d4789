"""The phones' server in a process of its own, so that the frame loop keeps its interpreter.

`RemoteServer` stands where a `PhoneServer` would (the hub's outlet: `requests`, `send`,
`send_texts`, `close`; `start`, `stop`, `words`, `problem`, `bound`): it runs the real
`PhoneServer` (aiohttp, its own event loop) in a child process, a fresh interpreter,
and carries everything across two pipes as plain data:

- to the child: the server's settings, the pages' words (the kiosk's language, pushed
  again when it changes), a host name the server answers to (`allow_host`), each frame's
  messages for the pages, a page to close, and the answer to a join or ticket request
  (by its number);
- from the child: where it listens (or why it cannot), and each request only the frame
  loop may answer (`Request`), its answer sent back through `reply`.

Nothing the frame loop does waits for the child, and no thread of the kiosk's process
serves it: the frame loop writes to the pipe without blocking (what the pipe does not
take now is written at the next frame) and, once a frame (`poll`, from the hub's pump),
reads the child's requests into `requests`. A thread woken for each message would take
the interpreter's lock from the frame loop and spend the process's share of a Pi's core
at the moment a game moves. If the child dies, the phones are gone (the log says so)
and the kiosk plays on, as with a server that could not start.
"""

from __future__ import annotations

import contextlib
import fcntl
import logging
import os
import pickle
import queue
import select
import signal
import struct
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterable
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from kiosk.phones.server import PhoneServer, Request, Route, encode

log = logging.getLogger(__name__)

_ROOT = str(Path(__file__).resolve().parent.parent.parent)
PIPE_BYTES = 1 << 20  # each pipe's buffer (Linux's /proc/sys/fs/pipe-max-size by default)
WORDS_EVERY = 1.0  # seconds between two looks at the kiosk's language (pushed if changed)


class FramedPipe:
    """One end of a pipe carrying pickled messages in `multiprocessing.connection`'s
    framing (a 4-byte big-endian length, or -1 and an 8-byte one), so that the child
    reads and writes it with a plain `Connection`; this end never blocks. What cannot
    be written now waits in a buffer for the next `flush`; what is read arrives whole
    or waits for the rest."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        os.set_blocking(fd, False)
        self._buffer = bytearray()
        self.closed = False

    @property
    def pending(self) -> int:
        """Bytes written but not yet taken by the pipe (or read but not yet whole)."""
        return len(self._buffer)

    def send(self, message: Any) -> None:
        data = pickle.dumps(message, pickle.HIGHEST_PROTOCOL)
        if len(data) > 0x7FFFFFFF:
            self._buffer += struct.pack("!iQ", -1, len(data))
        else:
            self._buffer += struct.pack("!i", len(data))
        self._buffer += data
        self.flush()

    def flush(self) -> None:
        """Write what the pipe takes now; OSError (not a full pipe) if the child is gone."""
        while self._buffer and not self.closed:
            try:
                wrote = os.write(self.fd, self._buffer)
            except BlockingIOError:
                return
            del self._buffer[:wrote]

    def receive(self) -> list[Any]:
        """The messages that have arrived whole; EOFError once the child's end is closed
        and all of them were had."""
        ended = False
        while not self.closed:
            try:
                chunk = os.read(self.fd, 1 << 16)
            except BlockingIOError:
                break
            if not chunk:
                ended = True
                break
            self._buffer += chunk
        messages = []
        while len(self._buffer) >= 4:
            (size,) = struct.unpack_from("!i", self._buffer)
            head = 4
            if size == -1:
                if len(self._buffer) < 12:
                    break
                (size,) = struct.unpack_from("!Q", self._buffer, 4)
                head = 12
            if len(self._buffer) < head + size:
                break
            messages.append(pickle.loads(bytes(self._buffer[head:head + size])))
            del self._buffer[:head + size]
        if ended and not messages:
            raise EOFError
        return messages

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            os.close(self.fd)


class RemoteServer:
    """A `PhoneServer` in a child process (see the module docstring)."""

    def __init__(self, addresses: Iterable[str], port: int, fonts: dict[str, Path],
                 max_clients: int = 24, routes: Iterable[Route] = ()) -> None:
        self.addresses = list(addresses)
        # More routes for the child's server (`PhoneServer.more_routes`): module-level
        # functions, sent by reference and imported in the child.
        self.routes = list(routes)
        self.port = port
        self.fonts = fonts
        self.max_clients = max_clients
        self.words: Callable[[], tuple[str, bool, dict[str, str]]] | None = None
        self.requests: queue.Queue[Any] = queue.Queue()
        self.problem: str | None = None
        self.bound: list[tuple[str, int]] = []
        self._popen: subprocess.Popen[bytes] | None = None
        self._out: FramedPipe | None = None
        self._in: FramedPipe | None = None
        # The frame loop polls (`poll`, from the hub's pump), a tool or `start` may too:
        # one at a time, and the frame loop never waits for the other.
        self._lock = threading.Lock()
        self._started = False
        self._stopping = False
        self._ended = False
        self._clients: int | None = None
        self._words: tuple[str, bool, dict[str, str]] | None = None
        self._words_at = -WORDS_EVERY

    # -- starting and stopping ---------------------------------------------------------------
    def start(self, timeout: float = 20.0) -> bool:
        """Start the child and wait until it listens; False (`problem` says why) if not."""
        to_child_r, to_child_w = os.pipe()
        from_child_r, from_child_w = os.pipe()
        for end in (to_child_w, from_child_w):
            # A number called in a hall is some 270 kB of pages: a pipe that takes it at
            # once (Linux's 64 kB default leaves the rest for the next frame, 33 ms on).
            with contextlib.suppress(OSError, AttributeError):
                fcntl.fcntl(end, fcntl.F_SETPIPE_SZ, PIPE_BYTES)
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
        self._out = FramedPipe(to_child_w)
        self._in = FramedPipe(from_child_r)
        self._write(("start", self.addresses, self.port, self.fonts, self.max_clients,
                     self._words_now(), self.routes))
        if not self._wait(lambda: self._started, timeout):
            self.problem = self.problem or "the phones' server process did not answer"
            self.stop()
            return False
        return self.problem is None and bool(self.bound)

    def stop(self) -> None:
        if self._stopping:
            return
        self._stopping = True
        with self._lock:
            out = self._out
            if out is not None and not out.closed:
                with contextlib.suppress(OSError):
                    out.send(("stop",))
                    deadline = time.monotonic() + 2.0
                    while out.pending and time.monotonic() < deadline:
                        time.sleep(0.005)
                        out.flush()
        popen = self._popen
        if popen is not None:
            try:
                popen.wait(timeout=5)
            except subprocess.TimeoutExpired:
                popen.kill()
                popen.wait(timeout=5)
        with self._lock:
            for end in (self._out, self._in):
                if end is not None:
                    end.close()

    # -- from the frame loop (never waits for the child) ---------------------------------------
    def send(self, client: int, message: dict[str, Any]) -> None:
        self.send_texts([(client, str(message.get("type")), encode(message))])

    def send_texts(self, items: list[tuple[int, str, str]]) -> None:
        if items and not self._stopping:
            self._write(("texts", items))

    def close(self, client: int) -> None:
        if not self._stopping:
            self._write(("close", client))

    def allow_host(self, name: str) -> None:
        """Requests addressed to `name` are the kiosk's too (`PhoneServer.allow_host`)."""
        if not self._stopping:
            self._write(("host", name))

    def poll(self) -> None:
        """Once a frame (the hub's pump): the child's requests into `requests`, what
        waits to be written written, the pages' words pushed if the kiosk's language
        changed (looked at once a second). Never waits: if a tool is reading meanwhile,
        this frame skips it."""
        if not self._lock.acquire(blocking=False):
            return
        try:
            self._poll_locked()
        finally:
            self._lock.release()

    @property
    def pid(self) -> int | None:
        """The child process's id (None before `start`)."""
        return None if self._popen is None else self._popen.pid

    @property
    def clients(self) -> int:
        """The pages connected now, as the child counts them (asks it and waits: for tools
        and tests, not for the frame loop)."""
        self._clients = None
        self._write(("clients",))
        self._wait(lambda: self._clients is not None, 5.0)
        return self._clients or 0

    # -- the pipes -------------------------------------------------------------------------
    def _words_now(self) -> tuple[str, bool, dict[str, str]] | None:
        try:
            return self.words() if self.words is not None else None
        except Exception:  # a catalogue that cannot be read: the pages keep their words
            log.exception("the phones' pages' words cannot be had")
            return None

    def _write(self, message: tuple[Any, ...]) -> None:
        with self._lock:
            if self._out is None or self._out.closed or self._ended:
                return
            with contextlib.suppress(OSError):  # the child is gone: reading says so
                self._out.send(message)

    def _wait(self, done: Callable[[], bool], timeout: float) -> bool:
        """Poll until `done()` or `timeout` seconds (for `start` and tools)."""
        deadline = time.monotonic() + timeout
        while True:
            with self._lock:
                self._poll_locked()
            if done() or self._ended:
                return done()
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            reader = self._in
            if reader is not None and not reader.closed:
                with contextlib.suppress(OSError, ValueError):
                    select.select([reader.fd], [], [], min(left, 0.05))
            else:
                time.sleep(min(left, 0.05))

    def _poll_locked(self) -> None:
        if self._in is None or self._out is None or self._in.closed or self._ended:
            return
        now = time.monotonic()
        if self.words is not None and now - self._words_at >= WORDS_EVERY:
            self._words_at = now
            words = self._words_now()
            if words is not None and words != self._words:
                self._words = words
                with contextlib.suppress(OSError):
                    self._out.send(("words", words))
        with contextlib.suppress(OSError):
            self._out.flush()
        try:
            messages = self._in.receive()
        except (EOFError, OSError):
            self._ended = True
            if not self._stopping:
                log.error("the phones' server process ended: phones cannot play until the "
                          "kiosk is restarted")
                self.problem = self.problem or "the phones' server process ended"
            self._started = True
            return
        for message in messages:
            kind = message[0]
            if kind == "started":
                _, self.problem, self.bound, self.port = message
                self._started = True
            elif kind == "clients":
                self._clients = message[1]
            elif kind == "request":
                _, number, what, client, data, answers = message
                reply = (lambda status, body, number=number: self._write(
                    ("reply", number, status, body))) if answers else None
                self.requests.put(Request(what, client, data, reply))


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
    _, addresses, port, fonts, max_clients, words, routes = first
    current = [words]
    server = PhoneServer(addresses, port, fonts, max_clients)
    server.words = lambda: current[0] if current[0] is not None else ("en", False, {})
    server.more_routes.extend(routes)  # each a module-level function, by reference
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
        elif kind == "host":
            server.allow_host(message[1])
        elif kind == "clients":
            tell(("clients", server.clients))
        elif kind == "stop":
            break
    server.stop()
    server.requests.put(None)

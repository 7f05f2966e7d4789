"""The phones' server in a process of its own: the real server answers on the loopback
from a child process, a request only the frame loop may answer crosses to it and its
answer goes back, the pages' words follow the kiosk's language, and a child that dies
is said while nothing else changes."""

from __future__ import annotations

import json
import os
import queue
import signal
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

from kiosk.phones.remote import RemoteServer


@pytest.fixture
def server() -> Iterator[RemoteServer]:
    made = RemoteServer(["127.0.0.1"], 0, {}, max_clients=4)
    made.words = lambda: ("en", False, {})
    assert made.start(), made.problem
    yield made
    made.stop()


def url(server: RemoteServer, path: str) -> str:
    return f"http://127.0.0.1:{server.bound[0][1]}{path}"


def post(server: RemoteServer, path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    request = urllib.request.Request(url(server, path), json.dumps(body).encode(),
                                     {"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=20) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as refused:
        return refused.code, json.loads(refused.read())


def polled(server: RemoteServer, timeout: float = 20.0) -> Any:
    """The next request, polled for as the frame loop does it (once a frame)."""
    deadline = time.monotonic() + timeout
    while True:
        server.poll()
        try:
            return server.requests.get_nowait()
        except queue.Empty:
            assert time.monotonic() < deadline, "no request came"
            time.sleep(1 / 30)


def test_the_server_answers_from_a_process_of_its_own(server: RemoteServer) -> None:
    assert server.pid is not None and server.pid != os.getpid()
    # no thread of this process serves it: no server thread, no reader or writer
    assert [t.name for t in threading.enumerate() if t.name.startswith("phones")] == []
    with urllib.request.urlopen(url(server, "/board"), timeout=20) as page:
        assert page.status == 200 and b"<html" in page.read().lower()
    assert server.clients == 0


def test_a_join_crosses_to_the_frame_loop_and_its_answer_goes_back(server: RemoteServer) -> None:
    answers: list[tuple[int, dict[str, Any]]] = []
    asking = threading.Thread(target=lambda: answers.append(
        post(server, "/api/join", {"code": "ABCDE", "name": "Sara"})))
    asking.start()
    request = polled(server)  # what the hub's pump reads, on the frame loop
    assert request.kind == "join" and request.data == {"code": "ABCDE", "name": "Sara"}
    assert request.reply is not None
    request.reply(404, {"error": "no_such_code"})
    asking.join(20)
    assert answers == [(404, {"error": "no_such_code"})]


def test_the_pages_words_follow_the_kiosks_language(server: RemoteServer) -> None:
    server.words = lambda: ("fa", True, {"title": "دبرنا"})
    deadline = time.monotonic() + 20
    while True:
        with urllib.request.urlopen(url(server, "/board"), timeout=20) as page:
            text = page.read().decode()
        if 'lang="fa"' in text:
            break
        assert time.monotonic() < deadline, "the page never took the new language"
        server.poll()  # the frame loop's look at the kiosk's language
        time.sleep(0.2)
    assert 'dir="rtl"' in text


def test_a_server_process_that_dies_is_said_and_the_kiosk_goes_on(server: RemoteServer) -> None:
    assert server.pid is not None
    os.kill(server.pid, signal.SIGKILL)
    deadline = time.monotonic() + 20
    while server.problem is None:
        assert time.monotonic() < deadline, "the server's death was never noticed"
        server.poll()  # the frame loop's look at the pipe
        time.sleep(0.05)
    server.send_texts([(1, "state", "{}")])  # nothing to send it to: no error
    server.close(1)
    assert "ended" in server.problem


def test_a_flood_of_pushes_never_blocks_the_frame_loop(server: RemoteServer) -> None:
    """Far more than a pipe holds, pushed at once: every call returns at once, what the
    pipe does not take waits, and the next polls write it all."""
    text = "x" * 60_000
    began = time.perf_counter()
    waited = 0  # the most that waited for the pipe after a send (the child reads meanwhile)
    for n in range(100):  # 6 MB: some six times a pipe's buffer (1 MB)
        server.send_texts([(n, "state", text)])
        assert server._out is not None
        waited = max(waited, server._out.pending)
    assert time.perf_counter() - began < 1.0
    assert waited > 0
    deadline = time.monotonic() + 20
    while server._out.pending:
        assert time.monotonic() < deadline, "what waited was never written"
        server.poll()
        time.sleep(0.01)
    assert server.clients == 0  # the child read it all and still answers


def test_a_framed_pipe_reads_messages_cut_anywhere() -> None:
    """The child's messages may arrive in pieces: each is had once whole, in order."""
    import pickle
    import struct

    from kiosk.phones.remote import FramedPipe

    r, w = os.pipe()
    pipe = FramedPipe(r)
    try:
        messages = [("request", n, "message", n, {"type": "ping"}, False) for n in range(5)]
        data = b"".join(struct.pack("!i", len(b)) + b for b in
                        (pickle.dumps(m) for m in messages))
        had: list[Any] = []
        for cut in range(0, len(data), 7):
            os.write(w, data[cut:cut + 7])
            had += pipe.receive()
        assert had == messages
        os.close(w)
        with pytest.raises(EOFError):
            pipe.receive()
    finally:
        pipe.close()

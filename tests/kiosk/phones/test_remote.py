"""The phones' server in a process of its own: the real server answers on the loopback
from a child process, a request only the frame loop may answer crosses to it and its
answer goes back, the pages' words follow the kiosk's language, and a child that dies
is said while nothing else changes."""

from __future__ import annotations

import json
import os
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


def test_the_server_answers_from_a_process_of_its_own(server: RemoteServer) -> None:
    assert server.pid is not None and server.pid != os.getpid()
    assert not any(t.name == "phones" for t in threading.enumerate())  # no server thread here
    with urllib.request.urlopen(url(server, "/board"), timeout=20) as page:
        assert page.status == 200 and b"<html" in page.read().lower()
    assert server.clients == 0


def test_a_join_crosses_to_the_frame_loop_and_its_answer_goes_back(server: RemoteServer) -> None:
    answers: list[tuple[int, dict[str, Any]]] = []
    asking = threading.Thread(target=lambda: answers.append(
        post(server, "/api/join", {"code": "ABCDE", "name": "Sara"})))
    asking.start()
    request = server.requests.get(timeout=20)  # what the hub's pump reads, on the frame loop
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
        time.sleep(0.2)
    assert 'dir="rtl"' in text


def test_a_server_process_that_dies_is_said_and_the_kiosk_goes_on(server: RemoteServer) -> None:
    assert server.pid is not None
    os.kill(server.pid, signal.SIGKILL)
    deadline = time.monotonic() + 20
    while server.problem is None:
        assert time.monotonic() < deadline, "the server's death was never noticed"
        time.sleep(0.05)
    server.send_texts([(1, "state", "{}")])  # nothing to send it to: no error
    server.close(1)
    assert "ended" in server.problem

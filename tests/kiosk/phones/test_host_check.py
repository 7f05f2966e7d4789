"""DNS rebinding: a request addressed to a name not the kiosk's is refused on every route
of the phones' server (the routes read off its own router, so one added later is
covered) and changes nothing; the kiosk's own names pass."""

from __future__ import annotations

import asyncio
import json
import re
from dataclasses import replace

from kiosk.config import Config
from kiosk.phones.server import PhoneServer
from tests.kiosk.phones.test_security import (
    NO_CLOCK,
    Make,
    assert_alive,
    code_of,
    settled,
    snapshot,
)

FOREIGN = ("evil.example", "evil.example:{port}", "192.168.1.20.nip.io:{port}",
           "127.0.0.1.evil.example", "localhost.evil.example:{port}", "")
NAMED = replace(NO_CLOCK, phones=replace(Config().phones, name="debarna.local"))


def routes() -> list[tuple[str, str]]:
    """Every (method, path) the server routes, a path's {parts} filled in; and a path
    none routes."""
    made = PhoneServer(["127.0.0.1"], 0, {})
    assert made.start()
    try:
        runner = made._runner
        assert runner is not None
        found = {(route.method, re.sub(r"\{[^}]+\}", "abc", route.resource.canonical))
                 for route in runner.app.router.routes() if route.resource is not None}
    finally:
        made.stop()
    assert {("GET", "/ws"), ("POST", "/api/join"), ("GET", "/T/abc")} <= found
    return [*sorted(found), ("GET", "/nowhere")]


async def raw(port: int, method: str, path: str, host: str | None,
              body: str = "") -> tuple[int, bytes]:
    """One request exactly as written: `host` the Host header (None: no Host header)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    head = [f"{method} {path} HTTP/1.1"]
    if host is not None:
        head.append(f"Host: {host}")
    if path == "/ws":
        head += ["Upgrade: websocket", "Connection: Upgrade", "Sec-WebSocket-Version: 13",
                 "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ=="]
    else:
        head.append("Connection: close")
    if method != "POST":
        body = ""
    head += ["Content-Type: application/json", f"Content-Length: {len(body)}"]
    writer.write(("\r\n".join(head) + "\r\n\r\n" + body).encode("utf-8"))
    await writer.drain()
    data = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 15)
    length = re.search(rb"(?i)\r\ncontent-length: *(\d+)", data)
    if length is not None and method != "HEAD":  # never wait for a socket let in
        data += await asyncio.wait_for(reader.readexactly(int(length[1])), 15)
    writer.close()
    return int(data.split(b"\r\n", 1)[0].split()[1]), data


def test_a_foreign_host_is_refused_on_every_route(live_kiosk: Make) -> None:
    k = live_kiosk(config=NO_CLOCK)
    settled(k)
    real = code_of(k.join_urls()[0])
    before = snapshot(k)
    paths = routes()
    body = f'{{"code": "{real}", "name": "Eve"}}'

    async def run() -> list[tuple[str, str, str | None, int]]:
        passed = []
        for method, path in paths:
            for host in (*FOREIGN, None):
                sent = None if host is None else host.format(port=k.port)
                status, data = await raw(k.port, method, path, sent, body)
                if host is None and status == 400:  # aiohttp's own refusal: no Host
                    continue
                if status != 421 or (method != "HEAD" and b"kiosk" not in data):
                    passed.append((method, path, sent, status))
        return passed

    assert asyncio.run(run()) == []
    assert snapshot(k) == before  # the join code sent with every POST took no seat

    async def join() -> tuple[int, bytes]:
        return await raw(k.port, "POST", "/api/join", f"127.0.0.1:{k.port}",
                         f'{{"code": "{real}", "name": "Sara"}}')

    status, data = asyncio.run(join())
    assert status == 200 and json.loads(data.split(b"\r\n\r\n", 1)[1])["seat"] == 0
    assert_alive(k)


OWN = ("127.0.0.1:{port}", "127.0.0.1", "localhost:{port}", "LocalHost.", "[::1]:{port}",
       "debarna.local:{port}", "Debarna.Local")


def test_the_kiosks_own_names_pass(live_kiosk: Make) -> None:
    k = live_kiosk(config=NAMED)  # the name in the QR codes' addresses is debarna.local
    listening = [address for address, _ in k.kiosk.phone_server.bound]

    async def run() -> list[tuple[str, str, int]]:
        refused = []
        for host in (*OWN, *listening):
            for path in ("/", "/play", "/ticket", "/board", "/join/abc", "/T/abc",
                         "/static/phone.js"):
                status, _ = await raw(k.port, "GET", path, host.format(port=k.port))
                if status != 200:
                    refused.append((host, path, status))
        return refused

    assert asyncio.run(run()) == []
    assert_alive(k)

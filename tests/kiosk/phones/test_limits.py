"""The phones' server under a flood, against a live kiosk on the loopback: guesses sent at
once are each charged, wrong codes leave the TV's code for people to type, and requests
that never finish neither lock the phones out nor stay open past their deadline."""

from __future__ import annotations

import asyncio
import contextlib
import resource
import socket
import time
from dataclasses import replace

import aiohttp

from kiosk.config import Config
from kiosk.phones import hub, server
from tests.kiosk.phones.test_hub import caller_hand
from tests.kiosk.phones.test_security import NO_CLOCK, Make, assert_alive, post

WIDE = replace(Config(), phones=replace(Config().phones, max_clients=128))
ATTACKERS = [f"127.0.0.{n}" for n in range(2, 12)]  # other addresses of the loopback


def session_from(address: str | None = None) -> aiohttp.ClientSession:
    """A client with no cap on its connections, from `address` of the loopback."""
    local = None if address is None else (address, 0)
    return aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0, local_addr=local))


def test_guesses_sent_at_once_are_each_charged(live_kiosk: Make) -> None:
    # max_clients 128: one address may hold 100 connections at once, so every guess is
    # in flight together.
    k = live_kiosk(game="debarna", config=WIDE)
    k.call(lambda: k.kiosk.show("caller"))

    async def run() -> tuple[list[int], int, float]:
        async with session_from() as session:
            began = time.monotonic()
            statuses = await asyncio.gather(*(
                post(session, k.base + "/api/ticket", {"serial": "B001-1", "code": f"{i:05d}"})
                for i in range(100)))
            took = time.monotonic() - began
            after, _ = await post(session, k.base + "/api/ticket",
                                  {"serial": "B001-1", "code": "00000"})
            return [status for status, _ in statuses], after, took

    statuses, after, took = asyncio.run(run())
    earned = int(took * server.POST_RATE) + 1
    checked = statuses.count(403)  # looked at by the kiosk: a wrong code
    assert set(statuses) <= {403, 429}, statuses
    assert checked <= server.POST_BURST + earned, (checked, statuses)
    assert statuses.count(429) >= 100 - server.POST_BURST - earned
    assert after == 429  # the budget was spent by the 100, refused or not
    assert_alive(k)


def test_a_flood_of_wrong_codes_leaves_the_tv_code_to_type(live_kiosk: Make) -> None:
    k = live_kiosk(config=NO_CLOCK)
    _, ticket = caller_hand(k)
    shown = k.call(lambda: k.hub.tv_code)
    seen: set[str] = set()

    async def guess(address: str, until: float) -> list[int]:
        statuses = []
        async with session_from(address) as session:
            while time.monotonic() < until:
                batch = await asyncio.gather(*(post(session, k.base + "/api/ticket",
                                                    {"serial": ticket.serial, "code": "AAAAA"})
                                               for _ in range(20)))
                statuses += [status for status, _ in batch]
                seen.add(k.call(lambda: k.hub.tv_code))
                await asyncio.sleep(0.05)
        return statuses

    async def run() -> tuple[list[int], int]:
        until = time.monotonic() + 6.0  # as long as it takes to type a serial and a code
        floods = await asyncio.gather(*(guess(a, until) for a in ATTACKERS))
        async with session_from() as session:  # a family's phone, the code off the TV
            status, body = await post(session, k.base + "/api/ticket",
                                      {"serial": ticket.serial, "code": shown.lower()})
            assert body.get("serial") == ticket.serial, body
        return [s for flood in floods for s in flood], status

    statuses, status = asyncio.run(run())
    assert statuses.count(403) >= 10 * len(ATTACKERS)  # many wrong codes were looked at
    assert seen == {shown} and k.call(lambda: k.hub.tv_code) == shown
    assert status == 200
    assert hub.TV_CODE_PERIOD >= 300 and hub.TV_CODE_GRACE >= 60
    assert_alive(k)


def test_the_tv_code_turns_on_its_clock_and_the_one_before_stays_a_while(
        live_kiosk: Make) -> None:
    k = live_kiosk(config=NO_CLOCK)

    def turn() -> tuple[str, str, bool, bool, bool]:
        phones = k.hub
        at = phones._tv_code_at
        assert at is not None
        before = phones.tv_code
        phones._turn_tv_code(at + hub.TV_CODE_PERIOD - 1)
        kept = phones.tv_code
        then = at + hub.TV_CODE_PERIOD
        phones._turn_tv_code(then)
        return (before, kept, phones._takes_tv_code(before.lower(), then + 1),
                phones._takes_tv_code(before, then + hub.TV_CODE_GRACE),
                phones._takes_tv_code(phones.tv_code, then + hub.TV_CODE_GRACE))

    before, kept, soon, late, new = k.call(turn)
    assert kept == before  # shown for the whole period
    assert (soon, late, new) == (True, False, True)
    assert k.call(lambda: k.hub.tv_code) != before
    assert_alive(k)


def half_headers(address: str, port: int, count: int) -> list[socket.socket]:
    """`count` connections from `address` that each send half a request, then nothing."""
    opened = []
    for _ in range(count):
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.bind((address, 0))
        sock.settimeout(5)
        sock.connect(("127.0.0.1", port))
        with contextlib.suppress(OSError):  # one over the caps may be closed already
            sock.sendall(b"GET /play HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Wait: ")
        sock.setblocking(False)
        opened.append(sock)
    return opened


def still_open(sock: socket.socket) -> bool:
    """The server has not closed it (what it sent meanwhile is read and dropped)."""
    try:
        while sock.recv(4096):
            pass
    except BlockingIOError:
        return True
    except OSError:
        return False
    return False


def test_stalled_requests_leave_phones_served_and_are_closed(live_kiosk: Make) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < 4096:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(4096, hard), hard))
    k = live_kiosk(config=NO_CLOCK)
    began = time.monotonic()
    stalled = [sock for address in ATTACKERS[:2]
               for sock in half_headers(address, k.port, 550)]
    try:
        opened = time.monotonic()
        assert opened - began < 15

        async def phone() -> float:
            async with session_from() as session:
                start = time.monotonic()
                async with session.get(k.base + "/play") as response:
                    assert response.status == 200
                    await response.read()
                ws = await session.ws_connect(k.base + "/ws")
                await ws.send_json({"type": "ping"})
                assert (await ws.receive_json(timeout=5)) == {"type": "pong"}
                await ws.close()
                return time.monotonic() - start

        assert asyncio.run(phone()) < 2.0  # a phone is served beside 1,100 stalled requests
        deadline = opened + server.HEADER_TIMEOUT + 3.0
        left = stalled
        while left and time.monotonic() < deadline:
            time.sleep(0.25)
            left = [sock for sock in left if still_open(sock)]
        assert left == [], f"{len(left)} of {len(stalled)} stalled requests still open " \
                           f"{time.monotonic() - opened:.1f} s after they were sent"
    finally:
        for sock in stalled:
            sock.close()
    assert_alive(k)

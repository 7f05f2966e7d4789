"""Security of the phones (DESIGN §3c) against a live kiosk: real HTTP and real WebSockets
on the loopback. Every refusal is checked twice: the phone is told no, and nothing in the
game changed (its history, every seat's view and the seat sources are as before); then
the kiosk still runs (frames go on, nothing failed) and a legal action still works."""

from __future__ import annotations

import asyncio
import json
import random
import secrets
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import aiohttp
import pytest
from aiohttp import WSMsgType

from kiosk.config import Config
from kiosk.phones import server
from kiosk.phones.hub import TV_CODE_LENGTH, PhoneSeat
from kiosk.phones.server import MAX_MESSAGE, BadMessage, validate
from kiosk.table.seats import PersonAtTV
from tests.kiosk.phones.conftest import LiveKiosk

Make = Callable[..., LiveKiosk]
REPLIES = {"welcome", "state", "error", "closed", "pong"}
NO_CLOCK = replace(Config(), games={"hearts": replace(Config().hearts, turn_seconds=0)})


# -- helpers ----------------------------------------------------------------------------------

class Phone:
    """One page's WebSocket: every message it got is kept in `seen`."""

    def __init__(self, session: aiohttp.ClientSession, base: str) -> None:
        self.session = session
        self.base = base
        self.ws: aiohttp.ClientWebSocketResponse | None = None
        self.seen: list[dict[str, Any]] = []
        self.closed = False
        self.last_hand: list[str] = []

    async def connect(self) -> Phone:
        self.ws = await self.session.ws_connect(self.base + "/ws")
        self.closed = False
        return self

    async def hello(self, secret: str | None, role: str = "seat",
                    lang: str | None = None) -> dict[str, Any]:
        if self.ws is None or self.closed:
            await self.connect()
        message: dict[str, Any] = {"type": "hello", "role": role}
        if secret is not None:
            message["secret"] = secret
        if lang is not None:
            message["lang"] = lang
        await self.send(message)
        return await self.expect("welcome", "closed")

    async def send(self, message: dict[str, Any]) -> None:
        assert self.ws is not None
        await self.ws.send_str(json.dumps(message))

    async def receive(self, timeout: float = 15.0) -> dict[str, Any] | None:
        """The next message, or None once the socket is closed."""
        assert self.ws is not None
        msg = await self.ws.receive(timeout=timeout)
        if msg.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED, WSMsgType.ERROR):
            self.closed = True
            return None
        assert msg.type == WSMsgType.TEXT, msg
        data = json.loads(msg.data)
        assert isinstance(data, dict) and data.get("type") in REPLIES, data
        self.seen.append(data)
        return data

    async def expect(self, *types: str, timeout: float = 15.0) -> dict[str, Any]:
        end = time.monotonic() + timeout
        while True:
            left = end - time.monotonic()
            assert left > 0, f"no {types} within {timeout} s; seen {self.seen[-5:]}"
            data = await self.receive(left)
            assert data is not None, f"closed while waiting for {types}"
            if data["type"] in types:
                return data

    async def state(self, done: Callable[[dict[str, Any]], bool] = lambda m: True
                    ) -> dict[str, Any]:
        """The first state whose model satisfies `done` (the newest one seen counts)."""
        for old in reversed(self.seen):
            if old["type"] == "state":
                if done(old["model"]):
                    return old["model"]
                break
        while True:
            model = (await self.expect("state"))["model"]
            if done(model):
                return model

    async def closed_by_kiosk(self) -> bool:
        """Read until the kiosk closes the socket; True if it did."""
        while not self.closed:
            try:
                await self.receive(15.0)
            except TimeoutError:
                return False
        return True

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()


async def post(session: aiohttp.ClientSession, url: str, body: Any) -> tuple[int, Any]:
    async with session.post(url, json=body) as response:
        return response.status, await response.json(content_type=None)


def code_of(url: str) -> str:
    return url.rsplit("/", 1)[1]


def snapshot(k: LiveKiosk) -> tuple[Any, ...]:
    """Everything of the game a refusal must leave as it was."""
    def take() -> tuple[Any, ...]:
        scene = k.hub.scene
        state = scene.table.state
        return (repr(state.history), len(state.history),
                tuple(repr(state.view(s)) for s in range(scene.players)),
                scene.table.seats, state.current_player)
    return k.call(take)


def history_length(k: LiveKiosk) -> int:
    return k.call(lambda: len(k.hub.scene.table.state.history))


def hand(k: LiveKiosk, seat: int) -> list[str]:
    return k.call(lambda: [str(c) for c in k.hub.scene.table.state.view(seat).hand])


def assert_alive(k: LiveKiosk) -> None:
    assert k.failure is None
    frames = len(k.frames)
    k.wait(lambda: len(k.frames) >= frames + 5)
    assert k.failure is None
    assert k.kiosk.phone_server is not None and k.kiosk.phone_server.problem is None


def words(k: LiveKiosk, key: str, lang: str = "en", **values: Any) -> str:
    return k.call(lambda: k.hub.translator(lang)(key, **values))


def settled(k: LiveKiosk, mode: str = "people4") -> Any:
    """A new Bidel table, once dealt (seat 0 is asked to pass): the people4 table waits
    for its people, and no clock runs, so nothing moves by itself from then on."""
    scene = k.table(mode)
    k.wait(lambda: scene.table.state.current_player == 0 and
           str(scene.table.state.phase) == "pass")
    return scene


def seated(k: LiveKiosk, seats: tuple[int, ...], mode: str = "people4"
           ) -> tuple[Any, dict[int, str]]:
    """A new Bidel table with a phone in each of `seats` (the others at the TV), once
    seat 0 is asked to pass three cards."""
    scene = k.table(mode)
    urls = k.join_urls()

    async def join() -> dict[int, str]:
        found = {}
        async with aiohttp.ClientSession() as session:
            for seat in seats:
                status, body = await post(session, k.base + "/api/join",
                                          {"code": code_of(urls[seat]), "name": f"P{seat}"})
                assert status == 200, body
                assert body["seat"] == seat
                found[seat] = body["secret"]
        return found

    secret = asyncio.run(join())
    k.wait(lambda: scene.table.state.current_player == 0 and
           str(scene.table.state.phase) == "pass")
    return scene, secret


async def pass_three(phone: Phone, k: LiveKiosk, seat: int) -> None:
    """Seat `seat`'s legal pass (its first three cards), applied."""
    before = history_length(k)
    phone.last_hand = hand(k, seat)
    await phone.send({"type": "select", "cards": phone.last_hand[:3]})
    k.wait(lambda: len(k.hub.scene.table.state.history) > before)
    chosen = set(hand_now[:3]) if (hand_now := phone.last_hand) else None
    last = k.call(lambda: k.hub.scene.table.state.history[-1])
    assert last[0] == seat
    assert {str(c) for c in last[1].cards} == chosen


# -- 1. a seat's secret acts only for that seat -----------------------------------------------

def test_a_phone_cannot_play_another_seats_cards(live_kiosk: Make) -> None:
    k = live_kiosk(config=NO_CLOCK)
    scene, secret = seated(k, (0, 1))
    not_in_hand = words(k, "phones.errors.not_in_hand")

    async def run() -> None:
        async with aiohttp.ClientSession() as session:
            a = Phone(session, k.base)
            assert (await a.hello(secret[0]))["seat"] == 0
            await a.state(lambda m: m["step"] == "select")
            before = snapshot(k)
            theirs = hand(k, 1)
            mine = hand(k, 0)
            assert not set(theirs) & set(mine)
            for card in theirs[:5]:
                await a.send({"type": "card", "card": card})
                error = await a.expect("error")
                assert error["message"] == not_in_hand
            for cards in (theirs[:3], [mine[0], mine[1], theirs[0]], [theirs[0]] * 3):
                await a.send({"type": "select", "cards": cards})
                error = await a.expect("error")
                assert error["message"] == not_in_hand
            assert snapshot(k) == before
            # a legal action of its own still works
            await pass_three(a, k, 0)
            after = k.call(lambda: scene.table.state.history[-1])
            assert after[0] == 0 and {str(c) for c in after[1].cards} == set(mine[:3])
            await a.close()

    asyncio.run(run())
    assert_alive(k)


def test_made_up_truncated_and_taken_back_secrets_get_closed(live_kiosk: Make) -> None:
    k = live_kiosk(config=NO_CLOCK)
    scene, secret = seated(k, (0, 1, 2))
    closed_words = words(k, "phones.closed_seat")

    taken_words = words(k, "phones.gone.to_tv")  # the reason, once a seat was taken back

    async def refused(session: aiohttp.ClientSession, fake: str, said: str = closed_words
                      ) -> None:
        phone = Phone(session, k.base)
        answer = await phone.hello(fake)
        assert answer["type"] == "closed", (fake, answer)
        assert answer["message"] == said
        assert await phone.closed_by_kiosk()
        assert not any(m["type"] in ("welcome", "state") for m in phone.seen)

    async def run() -> None:
        async with aiohttp.ClientSession() as session:
            before = snapshot(k)
            real = secret[1]
            fakes = [secrets.token_urlsafe(24), real[:-1], real[:16], real[1:], real + "x",
                     real.upper() if real.upper() != real else real.lower(),
                     real[:-1] + ("A" if real[-1] != "A" else "B"), "x", "0" * 32,
                     secret[0] + secret[1]]
            for fake in fakes:
                if fake not in secret.values():
                    await refused(session, fake)
            # a board or a ticket page with a seat's secret is no seat
            phone = Phone(session, k.base)
            answer = await phone.hello(real, role="ticket")
            assert answer["type"] == "closed"
            assert snapshot(k) == before

            # seat 1 is taken back at the TV (the host's switch), seat 2 given to a person
            # at the TV: their open pages are closed and their secrets are worth nothing
            b = Phone(session, k.base)
            assert (await b.hello(real))["seat"] == 1
            await b.state()
            d = Phone(session, k.base)
            assert (await d.hello(secret[2]))["seat"] == 2
            await d.state()
            assert snapshot(k)[0] == before[0]
            k.call(lambda: scene.switch_seat(1))
            k.call(lambda: scene.give_seat(2, PersonAtTV()))
            assert k.call(lambda: scene.table.seats[1].at_tv and scene.table.seats[2].at_tv)
            for page in (b, d):
                closed = await page.expect("closed")
                assert closed["message"] == taken_words
                assert await page.closed_by_kiosk()
            taken = snapshot(k)
            assert taken[0] == before[0]  # the game itself did not move
            await refused(session, real, taken_words)
            await refused(session, secret[2], taken_words)
            assert snapshot(k) == taken
            # seat 0's phone is still seat 0's, and its legal pass works
            c = Phone(session, k.base)
            assert (await c.hello(secret[0]))["seat"] == 0
            assert k.call(lambda: scene.table.seats[0].secret) == secret[0]
            await pass_three(c, k, 0)
            await c.close()

    asyncio.run(run())
    assert_alive(k)


def test_a_secret_of_a_game_before_gets_closed(live_kiosk: Make) -> None:
    k = live_kiosk(config=NO_CLOCK)
    _, old = seated(k, (0, 1))
    scene, new = seated(k, (0,))
    closed_words = words(k, "phones.gone.new_game")  # why: a new game was set out

    async def run() -> None:
        async with aiohttp.ClientSession() as session:
            before = snapshot(k)
            for secret in old.values():
                phone = Phone(session, k.base)
                answer = await phone.hello(secret)
                assert answer == {"type": "closed", "message": closed_words}
                assert await phone.closed_by_kiosk()
            assert snapshot(k) == before
            assert not isinstance(k.call(lambda: scene.table.seats[1]), PhoneSeat)
            phone = Phone(session, k.base)
            assert (await phone.hello(new[0]))["seat"] == 0
            await pass_three(phone, k, 0)
            await phone.close()

    asyncio.run(run())
    assert_alive(k)


# -- 2. join codes ----------------------------------------------------------------------------

def test_a_join_code_is_used_once(live_kiosk: Make) -> None:
    k = live_kiosk(config=NO_CLOCK)
    scene = settled(k)
    urls = k.join_urls()
    used = words(k, "phones.errors.code")

    async def run() -> None:
        async with aiohttp.ClientSession() as session:
            status, first = await post(session, k.base + "/api/join",
                                       {"code": code_of(urls[2]), "name": "Ann"})
            assert status == 200 and first["seat"] == 2
            before = snapshot(k)
            for name in ("Bob", "Ann"):
                status, body = await post(session, k.base + "/api/join",
                                          {"code": code_of(urls[2]), "name": name})
                assert status == 410 and body == {"error": used}
            assert snapshot(k) == before
            source = k.call(lambda: scene.table.seats[2])
            assert isinstance(source, PhoneSeat) and source.name == "Ann"
            assert source.secret == first["secret"]
            assert k.call(lambda: scene.seat_name(2)) == "Ann"
            # a seat a phone holds offers no code; the others still do
            assert k.call(lambda: k.hub.join_url(2)) is None
            assert all(k.call(lambda s=s: k.hub.join_url(s)) for s in (0, 1, 3))
            phone = Phone(session, k.base)
            assert (await phone.hello(first["secret"]))["seat"] == 2
            await phone.close()

    asyncio.run(run())
    assert_alive(k)


def test_codes_expire_with_a_new_game(live_kiosk: Make) -> None:
    k = live_kiosk(config=NO_CLOCK)
    k.table("people4")
    old = k.join_urls()
    scene = settled(k)
    new = k.join_urls()
    expired = words(k, "phones.errors.code")
    assert not set(old) & set(new)

    async def run() -> None:
        async with aiohttp.ClientSession() as session:
            before = snapshot(k)
            for url in old:
                status, body = await post(session, k.base + "/api/join",
                                          {"code": code_of(url), "name": "Eve"})
                assert status == 410 and body == {"error": expired}
            assert snapshot(k) == before
            assert not any(isinstance(s, PhoneSeat) for s in k.call(lambda: scene.table.seats))
            status, body = await post(session, k.base + "/api/join",
                                      {"code": code_of(new[1]), "name": "Ann"})
            assert status == 200 and body["seat"] == 1

    asyncio.run(run())
    assert_alive(k)


GARBAGE_CODES: list[Any] = [
    "", " ", "x", "null", "0" * 12, "a" * 5000, "../join", "%00", "\x00", "🂡" * 3,
    None, 0, 12, -1, 1e308, True, [], ["code"], {}, {"code": "x"},
]


def test_garbage_codes_and_bad_names_are_refused(live_kiosk: Make) -> None:
    k = live_kiosk(config=NO_CLOCK)
    scene = settled(k)
    urls = k.join_urls()
    real = code_of(urls[0])
    GARBAGE_CODES.extend([real[:-1], real + "A", real.swapcase(), " " + real, real[1:]])

    async def run() -> None:
        async with aiohttp.ClientSession() as session:
            before = snapshot(k)
            for code in GARBAGE_CODES:
                if code == real:
                    continue
                status, body = await post(session, k.base + "/api/join",
                                          {"code": code, "name": "Eve"})
                assert status in (400, 410), (code, status)
                assert set(body) == {"error"}
            # each refused with its reason (kiosk.phones.names)
            for name, why in (("", "name_blank"), ("   ", "name_blank"),
                              ("\t\n", "name_blank"), ("x" * 25, "name"),
                              ("a" * 13 + " " + "b" * 11, "name"), ("Eve\x00", "name_hidden"),
                              ("E\x07ve", "name_hidden"), ("\x1b[2JEve", "name_hidden"),
                              ("Eve\u202e", "name_hidden"), (None, "name"), (7, "name"),
                              (["Eve"], "name"), ({"a": 1}, "name")):
                status, body = await post(session, k.base + "/api/join",
                                          {"code": real, "name": name})
                assert status == 400, (name, status, body)
                assert body == {"error": words(k, f"phones.errors.{why}")}
            for body_sent in ([real, "Eve"], "Eve", 5, None, {"name": "Eve"}, {}):
                status, body = await post(session, k.base + "/api/join", body_sent)
                # no body at all is not JSON: 415 (an empty request has no content type)
                expected = (415,) if body_sent is None else (400, 410)
                assert status in expected, (body_sent, status)
            async with session.post(k.base + "/api/join", data=b"{not json",
                                    headers={"Content-Type": "application/json"}) as r:
                assert r.status == 400
            assert snapshot(k) == before
            # none of it used the code up
            status, body = await post(session, k.base + "/api/join",
                                      {"code": real, "name": "  Eve   Adams "})
            assert status == 200 and body["seat"] == 0
            assert k.call(lambda: scene.seat_name(0)) == "Eve Adams"

    asyncio.run(run())
    assert_alive(k)


# -- 3. out of turn, offers not offered, bad selections ---------------------------------------

def test_out_of_turn_and_bad_choices_change_nothing(live_kiosk: Make) -> None:
    k = live_kiosk(config=NO_CLOCK)
    scene, secret = seated(k, (0, 1, 2, 3))
    not_in_hand = words(k, "phones.errors.not_in_hand")

    async def refused(phone: Phone, message: dict[str, Any], text: str | None = None) -> None:
        before = snapshot(k)
        await phone.send(message)
        error = await phone.expect("error")
        assert error["message"], error
        if text is not None:
            assert error["message"] == text, (message, error)
        assert snapshot(k) == before, message

    async def run() -> None:
        async with aiohttp.ClientSession() as session:
            phones = {}
            for seat in range(4):
                phones[seat] = Phone(session, k.base)
                assert (await phones[seat].hello(secret[seat]))["seat"] == seat
                await phones[seat].state(lambda m: bool(m["hand"]))
            # passing: seat 0 is on turn; seat 1 passes its own three cards out of turn
            mine1 = hand(k, 1)
            await refused(phones[1], {"type": "select", "cards": mine1[:3]})
            await refused(phones[1], {"type": "card", "card": mine1[0]})
            await refused(phones[3], {"type": "next"})
            mine0 = hand(k, 0)
            # seat 0's bad selections: too few, too many, duplicates, not held
            await refused(phones[0], {"type": "select", "cards": mine0[:2]})
            await refused(phones[0], {"type": "select", "cards": mine0[:4]})
            await refused(phones[0], {"type": "select", "cards": mine0[:13]})
            await refused(phones[0], {"type": "select", "cards": [mine0[0]] * 3}, not_in_hand)
            await refused(phones[0], {"type": "select",
                                      "cards": [mine0[0], mine0[1], mine0[0]]}, not_in_hand)
            await refused(phones[0], {"type": "select",
                                      "cards": [mine0[0], mine0[1], mine1[0]]}, not_in_hand)
            await refused(phones[0], {"type": "select",
                                      "cards": [mine0[0], mine0[1], "ZZ"]}, not_in_hand)
            await refused(phones[0], {"type": "card", "card": mine0[0]})  # a pass is asked
            await refused(phones[0], {"type": "offer", "id": "pass " + " ".join(mine0[:3])})
            await refused(phones[0], {"type": "offer", "id": "next"})
            await refused(phones[0], {"type": "next"})
            await refused(phones[0], {"type": "claim"})
            # everyone passes in turn: the legal moves still work
            for seat in range(4):
                await pass_three(phones[seat], k, seat)
            k.wait(lambda: str(scene.table.state.phase) == "play" and
                   scene.table.state.current_player in range(4))
            leader = k.call(lambda: scene.table.state.current_player)
            other = (leader + 1) % 4
            theirs = hand(k, other)
            assert "2C" in hand(k, leader)
            await phones[leader].state(lambda m: m["step"] == "play")
            # a seat not on turn plays a card of its own, a legal-looking one
            for card in theirs[:4]:
                await refused(phones[other], {"type": "card", "card": card})
            await refused(phones[other], {"type": "select", "cards": theirs[:3]})
            # the leader: a card not led by the rules (not the two of clubs), not its own
            lead = hand(k, leader)
            illegal = next(c for c in lead if c != "2C")
            await refused(phones[leader], {"type": "card", "card": illegal})
            await refused(phones[leader], {"type": "card", "card": theirs[0]}, not_in_hand)
            await refused(phones[leader], {"type": "offer", "id": "2C"})
            await refused(phones[leader], {"type": "select", "cards": ["2C"]})
            before = history_length(k)
            await phones[leader].send({"type": "card", "card": "2C"})
            k.wait(lambda: len(scene.table.state.history) == before + 1)
            assert k.call(lambda: (scene.table.state.history[-1][0],
                                   str(scene.table.state.history[-1][1]))) == (leader, "2C")
            for phone in phones.values():
                await phone.close()

    asyncio.run(run())
    assert_alive(k)


# -- 4. fuzz ----------------------------------------------------------------------------------

def fuzz_value(rng: random.Random, depth: int = 0) -> Any:
    pick = rng.randrange(12 if depth < 3 else 8)
    if pick == 0:
        return None
    if pick == 1:
        return rng.choice([True, False])
    if pick == 2:
        return rng.choice([0, -1, 2**31, 2**63, -(2**64), 10**300, rng.randrange(-999, 999)])
    if pick == 3:
        return rng.choice([0.5, -0.0, 1e308, -1e-308, 3.14])
    if pick in (4, 5, 6):
        return rng.choice(["", "x", "QS", "2C", "seat", "fa", "hello", "\u0000", "\ud800",
                           "\u202e", "ش" * rng.randrange(1, 40), "A" * rng.randrange(60, 70),
                           "".join(chr(rng.randrange(0, 0x3000)) for _ in range(8))])
    if pick == 7:
        return "".join(rng.choice("abcXYZ019 -_/\\\"'{}[]") for _ in range(rng.randrange(30)))
    if pick in (8, 9):
        return [fuzz_value(rng, depth + 1) for _ in range(rng.randrange(5))]
    return {rng.choice(["type", "card", "id", "cards", "lang", "role", "secret", "x"]):
            fuzz_value(rng, depth + 1) for _ in range(rng.randrange(4))}


TYPES = ["hello", "card", "offer", "select", "next", "claim", "lang", "ping", "play",
         "Card", "welcome", "state", "", "admin"]


def fuzz_message(rng: random.Random, ids: list[str]) -> tuple[str, str | bytes]:
    """("text" | "bytes" | "long" | "utf8", the frame's data): one fuzzed message."""
    pick = rng.randrange(100)
    if pick < 3:
        return "bytes", bytes(rng.randrange(256) for _ in range(rng.randrange(1, 64)))
    if pick < 5:
        return "long", json.dumps({"type": "card", "card": "x" * (MAX_MESSAGE + rng.randrange(
            1, 4000))})
    if pick < 6:
        return "utf8", b'{"type":"card","card":"\xff\xfe' + bytes([rng.randrange(128, 256)]) \
            + b'"}'
    if pick < 16:
        return "text", json.dumps(fuzz_value(rng))
    if pick < 22:
        raw = json.dumps({"type": rng.choice(TYPES), "card": rng.choice(ids)})
        cut = rng.randrange(len(raw))
        return "text", rng.choice([raw[:cut], raw[cut:], "[" * rng.randrange(1, 1500),
                                   raw.replace('"', "'"), "\ud800" + raw])
    kind = rng.choice(TYPES)
    message: dict[str, Any] = {"type": kind}
    if rng.random() < 0.7:  # well typed: card ids of every hand, ours and the others'
        message.update(card=rng.choice(ids), id=rng.choice([*ids, "pass", "next"]),
                       cards=rng.sample(ids, rng.choice([1, 2, 3, 3, 3, 4])),
                       lang=rng.choice(["fa", "en", "de"]),
                       role=rng.choice(["seat", "board", "ticket", "admin"]),
                       secret=rng.choice(["x", secrets.token_urlsafe(24)]))
    else:
        for name in rng.sample(["card", "id", "cards", "lang", "role", "secret", "seat"],
                               rng.randrange(1, 4)):
            message[name] = fuzz_value(rng)
    return "text", json.dumps(message, ensure_ascii=rng.random() < 0.5)


def encodable(data: str | bytes) -> bool:
    try:
        data.encode("utf-8") if isinstance(data, str) else data.decode("utf-8")
    except UnicodeError:
        return False
    return True


def test_validate_takes_10000_fuzzed_messages() -> None:
    rng = random.Random(20261201)
    ids = [f"{r}{s}" for r in "23456789TJQKA" for s in "CDHS"]
    keys = {"not_text", "too_long", "not_json", "unknown_type", "bad_field"}
    known = {"hello", "card", "offer", "select", "next", "claim", "lang", "ping"}
    counts: dict[str, int] = {}
    for _ in range(10_000):
        kind, data = fuzz_message(rng, ids)
        if kind == "utf8":
            data = data.decode("utf-8", "surrogateescape")  # type: ignore[union-attr]
        try:
            message = validate(data)
        except BadMessage as exc:
            assert exc.key in keys
            counts[exc.key] = counts.get(exc.key, 0) + 1
            continue
        assert message["type"] in known
        counts["ok"] = counts.get("ok", 0) + 1
        for value in message.values():
            assert isinstance(value, str | list), message
            if isinstance(value, str):
                assert 0 < len(value) <= 64 and value.isprintable(), message
            else:
                assert 0 < len(value) <= 16, message
                assert all(isinstance(v, str) and 0 < len(v) <= 64 for v in value), message
    assert counts.get("ok", 0) > 1000 and all(counts.get(key, 0) > 0 for key in keys), counts


def test_a_flood_of_fuzzed_messages_changes_nothing(live_kiosk: Make) -> None:
    k = live_kiosk(config=NO_CLOCK)
    scene, secret = seated(k, (0, 1, 2))
    ids = sorted({card for seat in range(4) for card in hand(k, seat)})
    too_fast = words(k, "phones.errors.too_fast")
    rng = random.Random(1201)
    sent = {"frames": 0, "reconnects": 0}
    before = snapshot(k)

    async def reader(phone: Phone, replies: list[dict[str, Any]]) -> None:
        assert phone.ws is not None
        async for msg in phone.ws:
            assert msg.type == WSMsgType.TEXT, msg
            data = json.loads(msg.data)
            assert isinstance(data, dict) and data.get("type") in REPLIES, data
            if data["type"] == "error":
                assert isinstance(data["message"], str) and data["message"], data
            if data["type"] == "closed":
                raise AssertionError(f"a real seat's page was closed: {data}")
            replies.append(data)

    async def fuzzer(session: aiohttp.ClientSession, seat: int, count: int, pace: float,
                     replies: list[dict[str, Any]], frames: list[tuple[str, str | bytes]]
                     ) -> None:
        phone = Phone(session, k.base)
        assert (await phone.hello(secret[seat]))["seat"] == seat
        task = asyncio.create_task(reader(phone, replies))
        for kind, data in frames[:count]:
            assert phone.ws is not None
            if phone.ws.closed:  # the kiosk closed a long or broken message's socket
                await task
                sent["reconnects"] += 1
                phone = Phone(session, k.base)
                assert (await phone.hello(secret[seat]))["seat"] == seat
                task = asyncio.create_task(reader(phone, replies))
            if isinstance(data, str) and not encodable(data):  # a lone surrogate: the
                kind, data = "utf8", data.encode("utf-8", "surrogatepass")  # frame is not UTF-8
            if kind in ("text", "long"):
                await phone.ws.send_str(data)  # type: ignore[arg-type]
            elif kind == "bytes":
                await phone.ws.send_bytes(data)  # type: ignore[arg-type]
            else:  # a text frame that is not UTF-8
                await phone.ws._writer.send_frame(data, WSMsgType.TEXT)  # type: ignore
            sent["frames"] += 1
            if kind in ("long", "utf8"):
                await asyncio.wait_for(asyncio.shield(task), 15)
            if pace:
                await asyncio.sleep(pace)
        await asyncio.sleep(0.3)
        await phone.close()
        await asyncio.wait_for(task, 15)

    async def run() -> tuple[list[list[dict[str, Any]]], list[list[dict[str, Any]]]]:
        async with aiohttp.ClientSession() as session:
            paced = [[] for _ in range(12)]  # type: list[list[dict[str, Any]]]
            flood = [[] for _ in range(3)]  # type: list[list[dict[str, Any]]]
            jobs = []
            for i, replies in enumerate(paced):  # under the rate: each one validated
                frames = [fuzz_message(rng, ids) for _ in range(120)]
                jobs.append(fuzzer(session, 1 + i % 2, 120, 0.13, replies, frames))
            for i, replies in enumerate(flood):  # as fast as it goes: mostly too fast
                frames = [m for m in (fuzz_message(rng, ids) for _ in range(900))
                          if m[0] == "text" and encodable(m[1])][:400]
                jobs.append(fuzzer(session, 1 + i % 2, 400, 0.0, replies, frames))
            await asyncio.gather(*jobs)
            return paced, flood

    paced, flood = asyncio.run(run())
    assert sent["frames"] >= 2000
    assert sent["reconnects"] > 0
    k.wait(lambda: k.kiosk.phone_server.requests.empty())
    assert snapshot(k) == before
    everything = [m for replies in paced + flood for m in replies]
    errors = [m for m in everything if m["type"] == "error"]
    assert len([m for m in errors if m["message"] != too_fast]) > 200
    for replies in flood:  # the rate limit refused most of each flood, and said so
        assert any(m["type"] == "error" and m["message"] == too_fast for m in replies)
    assert_alive(k)

    async def after() -> None:
        async with aiohttp.ClientSession() as session:
            async with session.get(k.base + "/") as response:
                assert response.status == 200
            url = k.join_urls()[3]
            status, body = await post(session, k.base + "/api/join",
                                      {"code": code_of(url), "name": "Late"})
            assert status == 200 and body["seat"] == 3
            phone = Phone(session, k.base)
            assert (await phone.hello(secret[0]))["seat"] == 0
            await pass_three(phone, k, 0)
            await phone.close()

    asyncio.run(after())
    assert k.call(lambda: len(scene.table.state.history)) == before[1] + 1
    assert_alive(k)


# -- 5. bounds --------------------------------------------------------------------------------

def test_more_sockets_than_max_clients_get_503(live_kiosk: Make) -> None:
    config = replace(NO_CLOCK, phones=replace(NO_CLOCK.phones, max_clients=3))
    k = live_kiosk(config=config)

    async def run() -> None:
        async with aiohttp.ClientSession() as session:
            held = [await session.ws_connect(k.base + "/ws") for _ in range(3)]
            for _ in range(3):
                with pytest.raises(aiohttp.WSServerHandshakeError) as caught:
                    await session.ws_connect(k.base + "/ws")
                assert caught.value.status == 503
            # many at once: still no more than three
            more = await asyncio.gather(*[session.ws_connect(k.base + "/ws")
                                          for _ in range(8)], return_exceptions=True)
            assert all(isinstance(x, aiohttp.WSServerHandshakeError) and x.status == 503
                       for x in more)
            assert k.kiosk.phone_server.clients == 3
            # the pages still serve, and a place freed is a place again
            async with session.get(k.base + "/board") as response:
                assert response.status == 200
            await held.pop().close()
            k.wait(lambda: k.kiosk.phone_server.clients == 2)
            again = await session.ws_connect(k.base + "/ws")
            await again.send_str('{"type":"ping"}')
            assert json.loads((await again.receive(timeout=10)).data) == {"type": "pong"}
            for ws in [*held, again]:
                await ws.close()

    asyncio.run(run())
    assert_alive(k)


def test_a_post_body_over_1_kib_is_refused(live_kiosk: Make) -> None:
    k = live_kiosk(config=NO_CLOCK)
    scene = settled(k)
    real = code_of(k.join_urls()[1])

    async def run() -> None:
        async with aiohttp.ClientSession() as session:
            before = snapshot(k)
            status, _ = await post(session, k.base + "/api/join",
                                   {"code": real, "name": "Big", "pad": "x" * 1100})
            assert status in (400, 413)
            async with session.post(k.base + "/api/ticket", data=b"{" + b" " * 5000 + b"}",
                                    headers={"Content-Type": "application/json"}) as r:
                assert r.status in (400, 413)
            assert snapshot(k) == before
            status, _ = await post(session, k.base + "/api/join", {"code": real, "name": "Ok"})
            assert status == 200
            assert k.call(lambda: scene.seat_name(1)) == "Ok"

    asyncio.run(run())
    assert_alive(k)


async def raw_get(port: int, path: str) -> tuple[int, bytes]:
    """GET `path` exactly as written (no client normalises it)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
                 .encode("latin-1"))
    await writer.drain()
    data = await asyncio.wait_for(reader.read(), 15)
    writer.close()
    status = int(data.split(b"\r\n", 1)[0].split()[1])
    return status, data


TRAVERSALS = [
    "/static/../hub.py", "/static/%2e%2e%2fhub.py", "/static/%2e%2e/hub.py",
    "/static/..%2fserver.py", "/static/..%5cserver.py", "/fonts/../../etc/passwd",
    "/fonts/..%2f..%2f..%2fetc%2fpasswd", "/static/../../../../etc/passwd",
    "/static/%2e%2e%2f%2e%2e%2f%2e%2e%2fetc%2fpasswd", "/static/seat.html",
    "/static/.hidden.js", "/static/", "/static/%00.js", "/fonts/passwd.ttf",
    "/static/phone.js/..", "/static//etc/passwd", "/static/..", "/fonts/..%2fhub.py",
]


def test_static_path_traversal_is_404(live_kiosk: Make) -> None:
    k = live_kiosk(config=NO_CLOCK)

    async def run() -> None:
        for path in TRAVERSALS:
            status, data = await raw_get(k.port, path)
            assert status == 404, (path, status)
            assert b"root:" not in data and b"PhoneHub" not in data and b"import " not in data
        for path in ("/static/phone.js", "/static/phone.css", "/fonts/sans.ttf"):
            status, _ = await raw_get(k.port, path)
            assert status == 200, path

    asyncio.run(run())
    assert_alive(k)


def test_pages_carry_the_content_security_policy(live_kiosk: Make) -> None:
    k = live_kiosk(config=NO_CLOCK)

    async def run() -> None:
        async with aiohttp.ClientSession() as session:
            for path in ("/", "/play", "/ticket", "/board", "/join/abc", "/t/abc",
                         "/static/phone.js", "/static/phone.css"):
                async with session.get(k.base + path) as response:
                    assert response.status == 200, path
                    csp = response.headers.get("Content-Security-Policy", "")
                    assert "default-src 'self'" in csp, path
                    assert "frame-ancestors 'none'" in csp, path
                    assert response.headers.get("X-Content-Type-Options") == "nosniff"
            status, _ = await raw_get(k.port, "/static/phone.js")
            assert status == 200

    asyncio.run(run())
    assert_alive(k)


# -- guessing codes, and other sites' requests ---------------------------------------------------


def test_guessing_codes_is_slowed_and_the_tv_code_stays(live_kiosk: Make) -> None:
    k = live_kiosk(game="debarna")
    k.call(lambda: k.kiosk.show("caller"))
    first = k.call(lambda: k.hub.tv_code)
    url = k.join_urls() if k.hub.scene is not None else []
    assert url == []  # no table: no join codes

    async def run() -> tuple[list[int], float]:
        async with aiohttp.ClientSession() as session:
            statuses = []
            began = time.monotonic()
            for i in range(int(server.POST_BURST) + 5):
                status, _ = await post(session, k.base + "/api/ticket",
                                       {"serial": "B001-1", "code": f"{i:05d}"})
                statuses.append(status)
            return statuses, time.monotonic() - began

    statuses, took = asyncio.run(run())
    burst = int(server.POST_BURST)
    assert statuses[:burst] == [403] * burst  # each refused: a wrong code on the TV
    # then one refusal every two seconds, no more: on a slow machine the burst itself
    # may last long enough for one or two more to be earned meanwhile
    earned = int(took * server.POST_RATE)
    assert set(statuses[burst:]) <= {403, 429} and 429 in statuses[burst:]
    assert statuses[burst:].count(403) <= earned
    # Wrong codes never change the TV's code (it changes on its clock, TV_CODE_PERIOD).
    assert k.call(lambda: k.hub.tv_code) == first
    assert len(k.call(lambda: k.hub.tv_code)) == TV_CODE_LENGTH
    assert_alive(k)


def test_requests_from_another_sites_page_are_refused(live_kiosk: Make) -> None:
    k = live_kiosk(config=NO_CLOCK)
    settled(k)
    real = code_of(k.join_urls()[0])

    async def run() -> None:
        async with aiohttp.ClientSession() as session:
            # A form on another site can send text, not JSON: refused before anything.
            async with session.post(k.base + "/api/join", data=json.dumps(
                    {"code": real, "name": "Eve"}), headers={"Content-Type": "text/plain"}) as r:
                assert r.status == 415
            # A page of another site may not open the kiosk's socket.
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                async with session.ws_connect(k.base + "/ws",
                                              headers={"Origin": "http://evil.example"}):
                    pass
            assert refused.value.status == 403
            async with session.ws_connect(k.base + "/ws",
                                          headers={"Origin": k.base}) as ws:
                await ws.send_json({"type": "ping"})
                assert (await ws.receive_json(timeout=10)) == {"type": "pong"}
            # The code was not used up by any of it.
            status, body = await post(session, k.base + "/api/join", {"code": real,
                                                                         "name": "Sara"})
            assert status == 200 and body["seat"] == 0

    asyncio.run(run())
    assert_alive(k)

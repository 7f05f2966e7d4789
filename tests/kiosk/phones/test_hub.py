"""The phones' hub with the live kiosk: joining a seat, the seat's page (its own hand and
nothing of the others'), coming back with the secret, the page's language, and the
Dabernā ticket page (by signed code, by serial and TV code, and its claim)."""

from __future__ import annotations

import asyncio
import json
import re
import time
from collections.abc import Callable, Iterator
from typing import Any

import aiohttp

from kiosk.config import Action
from kiosk.phones.hub import PhoneSeat
from kiosk.phones.models import card_model
from tests.kiosk.phones.conftest import LiveKiosk
from tests.kiosk.phones.test_security import (
    NO_CLOCK,
    Phone,
    assert_alive,
    code_of,
    hand,
    pass_three,
    post,
    seated,
    settled,
    words,
)

Make = Callable[..., LiveKiosk]
PERSIAN = re.compile("[\u0600-\u06ff]")


def strings(value: Any) -> Iterator[str]:
    """Every string in a JSON value, keys and values."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)


def hidden_of(k: LiveKiosk, seat: int) -> set[str]:
    """The ids and printed labels of every card in the other seats' hands now."""
    def take() -> set[str]:
        state = k.hub.scene.table.state
        found: set[str] = set()
        for other in range(k.hub.scene.players):
            if other == seat:
                continue
            for card in state.view(other).hand:
                model = card_model(card, False, None)
                found |= {model["id"], model["label"]}
        return found
    return k.call(take)


def assert_private(k: LiveKiosk, seat: int, model: dict[str, Any]) -> None:
    """The page of `seat` holds exactly its hand, and no card of another hand anywhere."""
    own = k.call(lambda: [str(c) for c in k.hub.scene.hand_of(k.hub.scene.table.state
                                                                 .view(seat))])
    assert [card["id"] for card in model["hand"]] == own
    assert set(own) == set(hand(k, seat))
    hidden = hidden_of(k, seat)
    assert hidden and not hidden & set(strings(model)), hidden & set(strings(model))
    text = json.dumps(model, ensure_ascii=False)
    for card in hidden:
        assert f'"{card}"' not in text
    # the other seats show how many cards they hold, never which
    sizes = k.call(lambda: k.hub.scene.table.state.view(seat).hand_sizes)
    assert [s["cards"] for s in model["seats"]] == list(sizes)


def test_join_gives_the_phone_the_seat_and_the_tv_its_name(live_kiosk: Make) -> None:
    k = live_kiosk(config=NO_CLOCK)
    scene = settled(k)
    urls = k.join_urls()
    assert all(urls)

    async def run() -> None:
        async with aiohttp.ClientSession() as session:
            async with session.get(k.local(k.call(lambda: k.hub.join_url(2)) or "")) as page:
                assert page.status == 200 and "text/html" in page.headers["Content-Type"]
            status, body = await post(session, k.base + "/api/join",
                                      {"code": code_of(urls[2]), "name": "  Maryam \t Ahmadi "})
            assert status == 200 and body["seat"] == 2 and len(body["secret"]) >= 32
            source = k.call(lambda: scene.table.seats[2])
            assert isinstance(source, PhoneSeat)
            assert source.name == "Maryam Ahmadi" and source.secret == body["secret"]
            assert source.person and not source.at_tv
            assert k.call(lambda: scene.seat_name(2)) == "Maryam Ahmadi"
            assert k.call(lambda: k.hub.join_url(2)) is None
            phone = Phone(session, k.base)
            welcome = await phone.hello(body["secret"])
            assert welcome == {"type": "welcome", "role": "seat", "seat": 2}
            model = await phone.state(lambda m: bool(m["hand"]))
            assert model["kind"] == "table" and model["seat"] == 2
            assert model["name"] == "Maryam Ahmadi"
            assert [s["you"] for s in model["seats"]] == [False, False, True, False]
            assert model["seats"][2]["name"] == "Maryam Ahmadi"
            assert "secret" not in json.dumps(model) and body["secret"] not in json.dumps(model)
            await phone.close()

    asyncio.run(run())
    assert_alive(k)


def test_the_tv_phones_panel_names_the_phone_and_offers_free_seats(live_kiosk: Make) -> None:
    k = live_kiosk(config=NO_CLOCK)
    scene, _ = seated(k, (1,))
    # the host opens the panel with a phone at the table: the frames go on drawing it
    k.call(lambda: scene.phones_key(Action.PHONES, time.monotonic()))
    assert k.call(lambda: scene.phones_open)
    assert_alive(k)
    k.call(lambda: scene.phones_key(Action.BACK, time.monotonic()))
    assert not k.call(lambda: scene.phones_open)
    assert_alive(k)
    # the panel's column of each seat says who plays it
    assert k.call(lambda: scene.who_plays(0)) == k.call(lambda: scene.word("person"))
    assert k.call(lambda: scene.who_plays(1)) == words(k, "table.phones.on_phone", player="P1")


def test_each_page_holds_only_its_own_hand(live_kiosk: Make) -> None:
    k = live_kiosk(config=NO_CLOCK)
    scene, secret = seated(k, (0, 1, 2, 3))

    async def run() -> None:
        async with aiohttp.ClientSession() as session:
            phones = {}
            for seat in range(4):
                phones[seat] = Phone(session, k.base)
                assert (await phones[seat].hello(secret[seat]))["seat"] == seat
                model = await phones[seat].state(lambda m: len(m["hand"]) == 13)
                assert_private(k, seat, model)
                assert model["step"] == ("select" if seat == 0 else "")
                assert model["your_turn"] is (seat == 0)
                if seat == 0:
                    assert model["select"]["count"] == 3
                    assert all(card["legal"] is False for card in model["hand"])
            for seat in range(4):  # everyone passes: the hands change
                await pass_three(phones[seat], k, seat)
            k.wait(lambda: str(scene.table.state.phase) == "play")
            leader = k.call(lambda: scene.table.state.current_player)
            model = await phones[leader].state(lambda m: m["step"] == "play")
            assert [c["id"] for c in model["hand"] if c["legal"]] == ["2C"]
            assert_private(k, leader, model)
            await phones[leader].send({"type": "card", "card": "2C"})
            for seat in range(4):  # the trick shows the card played; hands stay private
                model = await phones[seat].state(lambda m: len(m["trick"]) == 1)
                assert model["trick"][0]["seat"] == leader
                assert model["trick"][0]["card"]["id"] == "2C"
                assert len(model["hand"]) == (12 if seat == leader else 13)
                assert_private(k, seat, model)
            for phone in phones.values():
                await phone.close()

    asyncio.run(run())
    assert_alive(k)


def test_a_reload_gets_the_seat_and_hand_back(live_kiosk: Make) -> None:
    k = live_kiosk(config=NO_CLOCK)
    scene, secret = seated(k, (0, 1))

    async def run() -> None:
        async with aiohttp.ClientSession() as session:
            first = Phone(session, k.base)
            assert (await first.hello(secret[1]))["seat"] == 1
            model = await first.state(lambda m: len(m["hand"]) == 13)
            await first.close()
            k.wait(lambda: len(k.hub.clients) == 0)
            assert isinstance(k.call(lambda: scene.table.seats[1]), PhoneSeat)
            assert k.call(lambda: k.hub.join_url(1)) is None  # nobody else may take it
            again = Phone(session, k.base)
            assert (await again.hello(secret[1]))["seat"] == 1
            back = await again.state(lambda m: len(m["hand"]) == 13)
            assert back["hand"] == model["hand"]
            assert back["seat"] == 1 and back["name"] == "P1"
            # two pages of one seat (a second tab) both follow it
            second = Phone(session, k.base)
            assert (await second.hello(secret[1]))["seat"] == 1
            assert (await second.state(lambda m: len(m["hand"]) == 13))["hand"] == model["hand"]
            await again.close()
            await second.close()

    asyncio.run(run())
    assert_alive(k)


def test_the_page_language_toggles_to_persian_and_back(live_kiosk: Make) -> None:
    k = live_kiosk(config=NO_CLOCK)
    _, secret = seated(k, (0,))

    async def run() -> None:
        async with aiohttp.ClientSession() as session:
            phone = Phone(session, k.base)
            assert (await phone.hello(secret[0]))["seat"] == 0
            english = await phone.state(lambda m: len(m["hand"]) == 13)
            assert english["lang"] == "en" and english["rtl"] is False
            assert not PERSIAN.search(english["prompt"])
            await phone.send({"type": "lang", "lang": "fa"})
            persian = await phone.state(lambda m: m["lang"] == "fa")
            assert persian["rtl"] is True
            assert PERSIAN.search(persian["prompt"]) and PERSIAN.search(persian["title"])
            assert persian["words"]["send"] == words(k, "phones.words.send", "fa")
            assert PERSIAN.search(persian["words"]["send"])
            assert persian["words"]["send"] != english["words"]["send"]
            assert persian["hand"] == english["hand"]
            # a refusal comes in the page's language
            await phone.send({"type": "card", "card": "ZZ"})
            error = await phone.expect("error")
            assert error["message"] == words(k, "phones.errors.not_in_hand", "fa")
            assert PERSIAN.search(error["message"])
            await phone.send({"type": "lang", "lang": "en"})
            back = await phone.state(lambda m: m["lang"] == "en")
            assert back["rtl"] is False and back["words"] == english["words"]
            await phone.close()
            # the hello's own language
            other = Phone(session, k.base)
            assert (await other.hello(secret[0], lang="fa"))["seat"] == 0
            assert (await other.state())["lang"] == "fa"
            await other.close()

    asyncio.run(run())
    assert_alive(k)


# -- tickets ----------------------------------------------------------------------------------

def caller_hand(k: LiveKiosk) -> tuple[Any, Any]:
    """The Dabernā caller on the screen with a hand running, and a ticket in play."""
    k.call(lambda: k.kiosk.show("caller"))
    controller = k.kiosk.controller
    k.wait(lambda: controller.hand is not None)
    ticket = k.call(lambda: next(iter(controller.tickets.values()))
                    if isinstance(controller.tickets, dict) else controller.tickets[0])
    assert k.call(lambda: controller.lookup(ticket.serial)) == [ticket]
    return controller, ticket


def test_a_ticket_by_signed_code_and_by_serial_with_the_tv_code(live_kiosk: Make) -> None:
    k = live_kiosk(config=NO_CLOCK)
    assert k.kiosk.codes is not None
    _, ticket = caller_hand(k)
    payload = k.kiosk.codes.encode(ticket)
    tv_code = k.hub.tv_code
    wrong_code = next(c for c in ("AAAA", "CCCC", "DDDD") if c != tv_code)
    forged = [payload[:-1] + ("A" if payload[-1] != "A" else "C"),
              payload.replace(ticket.serial, "B999-9"), payload[: len(payload) // 2], "DB1:",
              "x" * 60, "", payload + "A"]

    async def run() -> None:
        async with aiohttp.ClientSession() as session:
            url = k.base + "/api/ticket"
            status, body = await post(session, url, {"payload": payload})
            assert status == 200 and body["serial"] == ticket.serial
            signed = body["secret"]
            status, body = await post(session, url, {"payload": " " + payload.lower() + " "})
            assert status == 200 and body["serial"] == ticket.serial
            lower = body["secret"]
            status, body = await post(session, url, {"serial": ticket.serial,
                                                     "code": tv_code.lower()})
            assert status == 200 and body["serial"] == ticket.serial
            typed = body["secret"]
            # one secret a ticket opened by its signed code, however written; another for
            # following it by its serial and the TV's code, which cannot claim
            assert signed == lower != typed
            for fake in forged:
                status, body = await post(session, url, {"payload": fake})
                assert status == 403, (fake, status, body)
                assert set(body) == {"error"}
            for sent in ({"serial": ticket.serial, "code": wrong_code},
                         {"serial": ticket.serial}, {"serial": ticket.serial, "code": 5},
                         {"serial": ticket.serial, "code": ""}):
                status, body = await post(session, url, sent)
                assert status == 403, (sent, status)
                assert body == {"error": words(k, "phones.errors.tv_code")}
            for serial in ("Z999-9", "", "x" * 200, None, 7):
                status, body = await post(session, url, {"serial": serial, "code": tv_code})
                assert status == 404, (serial, status)
            assert set(k.hub.tickets) == {signed, typed}
            for secret in (signed, typed):
                phone = Phone(session, k.base)
                welcome = await phone.hello(secret, role="ticket")
                assert welcome == {"type": "welcome", "role": "ticket", "seat": None}
                model = await phone.state()
                assert model["kind"] == "ticket" and model["serial"] == ticket.serial
                assert model["grid"] == [list(row) for row in ticket.grid]
                assert model["can_claim"] is (secret == signed)
                await phone.close()
            for secret, role in (("not-a-ticket", "ticket"), (signed[:-1], "ticket"),
                                 (signed, "seat")):
                phone = Phone(session, k.base)
                assert (await phone.hello(secret, role=role))["type"] == "closed"
                assert await phone.closed_by_kiosk()

    asyncio.run(run())
    assert_alive(k)


def test_a_claim_from_the_phone_gets_a_verdict_on_the_page_and_the_tv(
        live_kiosk: Make) -> None:
    k = live_kiosk(config=NO_CLOCK)
    assert k.kiosk.codes is not None
    controller, ticket = caller_hand(k)
    payload = k.kiosk.codes.encode(ticket)

    async def run() -> None:
        async with aiohttp.ClientSession() as session:
            status, body = await post(session, k.base + "/api/ticket", {"payload": payload})
            assert status == 200
            phone = Phone(session, k.base)
            assert (await phone.hello(body["secret"], role="ticket"))["role"] == "ticket"
            model = await phone.state()
            assert model["claim"] is None
            # a seat's message on a ticket's page is refused
            await phone.send({"type": "card", "card": "QS"})
            assert (await phone.expect("error"))["message"]
            assert k.call(lambda: controller.result) is None
            await phone.send({"type": "claim"})
            model = await phone.state(lambda m: m["claim"] is not None and
                                      m["claim"]["state"] in ("valid", "refused"))
            result = k.call(lambda: controller.result)
            assert result is not None and result.serial == ticket.serial
            assert model["claim"]["state"] == ("valid" if result.valid else "refused")
            assert model["claim"]["text"]
            await phone.close()

    asyncio.run(run())
    assert_alive(k)

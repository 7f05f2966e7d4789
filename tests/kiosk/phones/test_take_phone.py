"""Fresh Dabernā tickets taken on a phone at check-in, over the live kiosk's real sockets:
a phone with no paper ticket gives the TV's code and takes tickets, which are signed with
the kiosk's key, registered as a print's are, put in play by the caller with the phone's
name as holder, and journaled (a caller started again from the same SQLite journal has
them in play). Their serials are never drawn again, by a phone or by the printer. The
page holding them follows every one and claims for each. Refusals are worded in the
phone's language and change nothing; a phone and a hand have caps; once calling has
started, nothing is taken."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

import aiohttp
import pytest

from engines.debarna.ticket import Ticket
from kiosk.games.debarna.caller import CallerController
from kiosk.games.debarna.journal import Journal
from kiosk.games.debarna.tickets import draw, issued_tickets
from kiosk.phones import checkin as desk
from kiosk.store import open_store
from tests.kiosk.phones.conftest import LiveKiosk
from tests.kiosk.phones.test_checkin_phone import checking_in, held, journaled, quiet, wrong
from tests.kiosk.phones.test_security import Phone, assert_alive, post, words

Make = Callable[..., LiveKiosk]


async def take(session: aiohttp.ClientSession, k: LiveKiosk, count: Any,
               code: str | None = None, name: Any = None, lang: str | None = None
               ) -> tuple[int, Any]:
    body: dict[str, Any] = {"code": k.hub.tv_code if code is None else code, "count": count}
    if name is not None:
        body["name"] = name
    if lang is not None:
        body["lang"] = lang
    return await post(session, k.base + "/api/take", body)


def issued(k: LiveKiosk) -> list[Ticket]:
    """The tickets the store lists as issued (printed, or taken by phones)."""
    codes = k.kiosk.codes
    assert codes is not None
    return k.call(lambda: issued_tickets(k.kiosk.journal.store, codes))


def unchanged(k: LiveKiosk) -> tuple[Any, ...]:
    """What a refused take must leave as it was: the hand (`held`) and the issued list."""
    return held(k), tuple(t.serial for t in issued(k))


def on_disk(k: LiveKiosk, serials: set[str], timeout: float = 20.0) -> list[dict[str, Any]]:
    """The journal's check-in events of these tickets, once all are written."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        found = [e for e in journaled(k)
                 if e["kind"] == "ticket_issued" and e.get("serial") in serials]
        if {e["serial"] for e in found} == serials:
            return found
        time.sleep(0.05)
    raise AssertionError(f"{serials} not in the journal")


def test_a_phone_takes_two_tickets_in_play_journaled_and_never_drawn_again(
        live_kiosk: Make) -> None:
    k = live_kiosk(game="debarna")
    controller = checking_in(k)
    codes = k.kiosk.codes
    assert codes is not None
    printed_before = {t.serial for t in issued(k)}

    async def run() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
        async with aiohttp.ClientSession() as session:
            checkin = Phone(session, k.base)
            await checkin.hello(None, role="checkin")
            model = await checkin.state()
            assert model["take"] is True
            assert model["words"]["take.title"] == words(k, "phones.take.title")
            status, body = await take(session, k, 2, name="Shirin")
            assert status == 200, body
            assert (await checkin.state(lambda m: m["count"] == 2))["count"] == 2
            # The page holding them: one socket for both tickets.
            page = Phone(session, k.base)
            await page.connect()
            await page.send({"type": "hello", "role": "tickets",
                             "secrets": [t["secret"] for t in body["tickets"]]})
            assert (await page.expect("welcome"))["role"] == "tickets"
            mine = await page.state()
            status, again = await take(session, k, 1)
            assert status == 200, again
            return body, mine, again

    body, mine, again = asyncio.run(run())
    assert body["count"] == 2 and body["text"] == words(k, "phones.take.taken", count=2)
    tickets = [codes.verify(t["payload"]).ticket for t in body["tickets"]]  # signed: ours
    serials = [t.serial for t in tickets]
    assert [t["serial"] for t in body["tickets"]] == serials and len(set(serials)) == 2
    assert not set(serials) & printed_before
    # In play on the TV, held by the name the phone gave, marked as a phone's.
    for ticket in tickets:
        assert k.call(lambda t=ticket: controller.hand.ticket(t.serial)) == ticket
        assert k.call(lambda t=ticket: controller.holder(t)) == "Shirin"
        assert k.call(lambda t=ticket: controller.is_phone_ticket(t))
    assert k.call(lambda: controller.in_play) == 3  # and the one taken after
    assert k.call(lambda: controller.notice.key) == "checkin.phone_added"
    # Registered as a print's are: the store lists them, and the TV knows their serials.
    assert set(serials) <= {t.serial for t in issued(k)}
    assert k.call(lambda: [controller.lookup(s) for s in serials]) == [[t] for t in tickets]
    # The page holds both, each with its own grid, in play, able to claim.
    assert mine["kind"] == "tickets" and mine["called"] == [] and mine["last"] is None
    assert [(t["serial"], t["in_play"], t["holder"]) for t in mine["tickets"]] == \
        [(s, True, "Shirin") for s in serials]
    assert [t["grid"] for t in mine["tickets"]] == [[list(r) for r in t.grid] for t in tickets]
    # The rest of the strip is kept for the next phone: the third ticket of the same strip.
    [third] = [codes.verify(t["payload"]).ticket for t in again["tickets"]]
    strip = serials[0].rpartition("-")[0]
    assert {s.rpartition("-")[0] for s in serials} == {strip}
    assert third.serial.rpartition("-")[0] == strip and third.serial not in serials
    assert not {n for r in third.grid for n in r if n} & \
        {n for t in tickets for r in t.grid for n in r if n}  # one strip: no number twice

    # Journaled: a caller started again from the same SQLite journal has them in play,
    # held by Shirin, marked as a phone's.
    events = on_disk(k, set(serials))
    assert all(e.get("phone") is True and e.get("holder") == "Shirin" for e in events)
    store, problem = open_store()
    assert problem is None
    try:
        journal = Journal(store)
        resumed = journal.unfinished()
        assert resumed is not None
        again_caller = CallerController([], journal=journal, codes=codes, check_in=True)
        again_caller.resume_hand(resumed, time.monotonic())
        assert again_caller.checking_in and again_caller.in_play == 3
        for ticket in tickets:
            assert again_caller.hand is not None and again_caller.hand.ticket(ticket.serial) \
                == ticket
            assert again_caller.holder(ticket) == "Shirin"
            assert again_caller.is_phone_ticket(ticket)
        # The printer's next strips never carry these serials.
        printed = draw(2, store, codes)
        assert not {t.serial for s in printed for t in s} & {*serials, third.serial}
        assert all(int(s[0].serial.split("-")[0]) > int(strip) for s in printed)
    finally:
        store.close()
    assert_alive(k)


def test_refusals_are_worded_and_change_nothing(live_kiosk: Make) -> None:
    k = live_kiosk(game="debarna")
    controller = checking_in(k)
    quiet(k)
    before = unchanged(k)

    async def run() -> None:
        async with aiohttp.ClientSession() as session:
            for lang in ("en", "fa"):
                status, body = await take(session, k, 2, code=wrong(k.hub.tv_code), lang=lang)
                assert (status, body) == (403, {"error": words(k, "phones.errors.tv_code",
                                                               lang)})
                for count in (0, 7, "2", True, None):
                    status, body = await take(session, k, count, lang=lang)
                    assert (status, body) == (400, {"error": words(
                        k, "phones.take.bad_count", lang, most=desk.TAKE_MOST)}), count
                status, body = await take(session, k, 1, name="Ana\u200bhid", lang=lang)
                assert (status, body) == (400, {"error": words(k, "phones.errors.name_hidden",
                                                               lang)})
            # No ticket key: nothing can be signed, said as such.
            k.call(lambda: setattr(k.hub, "codes", None))
            for lang in ("en", "fa"):
                status, body = await take(session, k, 1, lang=lang)
                assert (status, body) == (503, {"error": words(k, "phones.take.no_key", lang)})

    asyncio.run(run())
    assert unchanged(k) == before
    assert k.call(lambda: controller.notice) is None
    assert_alive(k)


def test_a_phone_and_a_hand_have_caps(live_kiosk: Make, monkeypatch: pytest.MonkeyPatch
                                      ) -> None:
    k = live_kiosk(game="debarna")
    controller = checking_in(k)

    async def phone_caps() -> None:
        async with aiohttp.ClientSession() as session:
            assert (await take(session, k, 4))[0] == 200
            quiet(k)
            before = unchanged(k)
            status, body = await take(session, k, 3, lang="fa")
            assert (status, body) == (409, {"error": words(
                k, "phones.take.phone_cap", "fa", most=desk.PHONE_MOST, left=2)})
            assert unchanged(k) == before
            assert (await take(session, k, 2))[0] == 200
            before = unchanged(k)
            status, body = await take(session, k, 1)
            assert (status, body) == (409, {"error": words(
                k, "phones.take.phone_full", most=desk.PHONE_MOST)})
            assert unchanged(k) == before

    asyncio.run(phone_caps())
    assert k.call(lambda: controller.in_play) == desk.PHONE_MOST
    # A ticket taken out on the TV frees its place on the phone.
    out = k.call(lambda: controller.hand.tickets[0])
    assert k.call(lambda: controller.take_out(out, time.monotonic()))

    async def one_more() -> int:
        async with aiohttp.ClientSession() as session:
            return (await take(session, k, 1))[0]
    assert asyncio.run(one_more()) == 200

    # A hand holds at most HAND_MOST phones' tickets, whichever phones took them.
    monkeypatch.setattr(desk, "HAND_MOST", desk.PHONE_MOST + 1)
    k.call(lambda: setattr(k.hub, "_taken_by", {}))  # as if another phone asked

    async def hand_cap() -> None:
        async with aiohttp.ClientSession() as session:
            before = unchanged(k)
            status, body = await take(session, k, 2)
            assert (status, body) == (409, {"error": words(
                k, "phones.take.hand_full", most=desk.PHONE_MOST + 1)})
            assert unchanged(k) == before
            assert (await take(session, k, 1))[0] == 200

    asyncio.run(hand_cap())
    assert k.call(lambda: controller.in_play) == desk.PHONE_MOST + 1
    assert_alive(k)


def test_after_the_first_call_nothing_is_taken(live_kiosk: Make) -> None:
    k = live_kiosk(game="debarna")
    controller = checking_in(k)

    def start_calling() -> None:  # Space on the TV, and the first number
        now = time.monotonic()
        controller.toggle_pause(now)
        controller.call_next(now)
    k.call(start_calling)
    quiet(k)
    before = unchanged(k)

    async def run() -> None:
        async with aiohttp.ClientSession() as session:
            for lang in ("en", "fa"):
                status, body = await take(session, k, 2, lang=lang)
                assert (status, body) == (409, {"error": words(k, "phones.take.started",
                                                               lang)})
                status, body = await take(session, k, 2, code=wrong(k.hub.tv_code),
                                          lang=lang)
                assert status == 403  # a wrong code is still only a wrong code

    asyncio.run(run())
    assert unchanged(k) == before
    assert k.call(lambda: controller.notice) is None
    assert_alive(k)


def test_tickets_are_drawn_and_registered_off_the_frame_loop(
        live_kiosk: Make, monkeypatch: pytest.MonkeyPatch) -> None:
    import threading

    from kiosk.games.debarna import fresh

    k = live_kiosk(game="debarna")
    controller = checking_in(k)
    where: list[str] = []
    real_draw, real_register = fresh.draw, fresh.register

    def draw_here(*args: Any, **kwargs: Any) -> Any:
        where.append(f"draw:{threading.current_thread().name}")
        return real_draw(*args, **kwargs)

    def register_here(*args: Any, **kwargs: Any) -> None:
        where.append(f"register:{threading.current_thread().name}")
        real_register(*args, **kwargs)

    monkeypatch.setattr(fresh, "draw", draw_here)
    monkeypatch.setattr(fresh, "register", register_here)

    async def run() -> int:
        async with aiohttp.ClientSession() as session:
            return (await take(session, k, 2))[0]

    assert asyncio.run(run()) == 200
    frames = k._thread.name if k._thread is not None else "kiosk-frames"
    assert [w.split(":")[0] for w in where] == ["draw", "register"]
    assert all(w.split(":")[1].startswith("take") and frames not in w for w in where), where
    assert k.call(lambda: controller.in_play) == 2


def test_tickets_that_come_too_late_for_their_phone_are_not_put_in_play(
        live_kiosk: Make, monkeypatch: pytest.MonkeyPatch) -> None:
    k = live_kiosk(game="debarna")
    controller = checking_in(k)
    quiet(k)
    before = held(k)
    monkeypatch.setattr(desk, "TAKE_WAIT", -1.0)  # as if drawing them took too long

    async def run() -> tuple[int, Any]:
        async with aiohttp.ClientSession() as session:
            return await take(session, k, 2, lang="fa")

    assert asyncio.run(run()) == (503, {"error": words(k, "phones.errors.busy", "fa")})
    assert held(k) == before and k.call(lambda: controller.in_play) == 0
    assert k.call(lambda: controller.notice) is None
    assert_alive(k)


def test_a_claim_from_the_page_gets_its_verdict_there_and_on_a_page_opened_again(
        live_kiosk: Make) -> None:
    k = live_kiosk(game="debarna")
    controller = checking_in(k)

    async def take_two() -> list[dict[str, Any]]:
        async with aiohttp.ClientSession() as session:
            status, body = await take(session, k, 2)
            assert status == 200, body
            return list(body["tickets"])

    taken = asyncio.run(take_two())
    secrets = [t["secret"] for t in taken]
    first, second = (t["serial"] for t in taken)

    def start_calling() -> None:  # Space on the TV, and the first number
        now = time.monotonic()
        controller.toggle_pause(now)
        controller.call_next(now)
    k.call(start_calling)

    async def page(session: aiohttp.ClientSession) -> Phone:
        phone = Phone(session, k.base)
        await phone.connect()
        await phone.send({"type": "hello", "role": "tickets", "secrets": secrets})
        await phone.expect("welcome")
        return phone

    def panels(model: dict[str, Any]) -> dict[str, Any]:
        return {t["serial"]: t["claim"] for t in model["tickets"]}

    refused = f"{words(k, 'claim.invalid')}"

    async def run() -> None:
        async with aiohttp.ClientSession() as session:
            phone = await page(session)
            model = await phone.state(lambda m: bool(m["called"]))
            assert panels(model) == {first: None, second: None}
            assert all(t["can_claim"] for t in model["tickets"])
            await phone.send({"type": "claim", "serial": first})  # one number: too early
            model = await phone.state(lambda m: (panels(m)[first] or {}).get("state")
                                      == "refused")
            assert panels(model)[first]["text"].startswith(refused)
            assert panels(model)[second] is None
            # Opened again (a reload): the verdict the TV shows is there too.
            again = await page(session)
            model = await again.state()
            assert panels(model)[first]["state"] == "refused" and panels(model)[second] is None
            # A serial the page does not hold claims nothing.
            await again.send({"type": "claim", "serial": "999-9"})
            error = await again.expect("error")
            assert error["message"] == words(k, "phones.errors.not_here")
            # The host goes back to calling: the panels go, as the TV's does.
            k.call(lambda: controller.resume(time.monotonic()))
            model = await again.state(lambda m: panels(m)[first] is None)
            assert panels(model) == {first: None, second: None}

    asyncio.run(run())
    assert k.call(lambda: controller.result) is None
    assert_alive(k)

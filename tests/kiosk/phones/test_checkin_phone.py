"""Dabernā check-in from a phone, over the live kiosk's real sockets: while the TV checks
tickets in, a phone gives the TV's code and the serials it holds, and each is put in play
by the caller itself (the TV's count, its journal, the ticket followed from then on).
Every refusal is worded in the phone's language and changes nothing; a wrong TV code is
charged to the same limiter as the ticket page's; once calling has started, nothing is
checked in; a strip's other tickets are only offered, and are put in play when tapped;
the TV's check-in panel shows the code as it turns."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

import aiohttp

from engines.debarna.ticket import Ticket
from kiosk.games.debarna.tickets import box
from kiosk.phones import server
from kiosk.phones.hub import TV_CODE_LETTERS, TV_CODE_PERIOD
from tests.kiosk.phones.conftest import LiveKiosk
from tests.kiosk.phones.test_hub import PERSIAN
from tests.kiosk.phones.test_security import Phone, assert_alive, post, words

Make = Callable[..., LiveKiosk]


def checking_in(k: LiveKiosk) -> Any:
    """The caller on the TV checking tickets in, as a kiosk with a host has it: a hand dealt
    with no ticket in play, paused before its first call. (The live kiosk is headless, which
    plays the stand-in box at once: the host's check-in is switched on and a hand dealt
    afresh, as `erase_checkin` deals one.)"""
    k.call(lambda: k.kiosk.show("caller"))
    controller = k.kiosk.controller
    k.wait(lambda: controller.hand is not None)

    def host() -> None:
        controller.check_in = True
        controller.hand = None
        controller.tickets = ()
        controller.start_hand(time.monotonic())
    k.call(host)
    assert k.call(lambda: controller.checking_in) and k.call(lambda: controller.in_play) == 0
    return controller


def the_box(k: LiveKiosk) -> list[list[Ticket]]:
    """The stand-in box the kiosk knows (serials B001-1 …)."""
    return box(k.config.tickets.strips, k.config.tickets.seed)


def wrong(code: str) -> str:
    return next(c * 5 for c in TV_CODE_LETTERS if c * 5 != code)


def held(k: LiveKiosk) -> tuple[Any, ...]:
    """What a refused check-in must leave as it was: the tickets in play (serial and grid),
    the count, the calls, the pause, the TV's notice (made None by `quiet` before: any
    check-in, even of a ticket already in play, says something on the TV)."""
    controller = k.kiosk.controller

    def take() -> tuple[Any, ...]:
        hand = controller.hand
        return (tuple((t.serial, t.grid) for t in hand.tickets), controller.in_play,
                hand.called, controller.paused, controller.notice)
    return k.call(take)


def quiet(k: LiveKiosk) -> None:
    """The TV's notice gone (it would go by itself after a few seconds)."""
    controller = k.kiosk.controller
    k.call(lambda: setattr(controller, "notice", None))


def journaled(k: LiveKiosk) -> list[dict[str, Any]]:
    """The live hand's events as they are in the SQLite journal."""
    journal = k.kiosk.journal
    return k.call(lambda: journal.store.events(journal.hand_id))


def on_disk(k: LiveKiosk, serial: str, timeout: float = 20.0) -> bool:
    """The ticket's check-in is in the journal (written on the journal's own thread)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if any(e["kind"] == "ticket_issued" and e.get("serial") == serial
               for e in journaled(k)):
            return True
        time.sleep(0.05)
    return False


async def check_in(session: aiohttp.ClientSession, k: LiveKiosk, serials: list[str],
                   code: str | None = None, lang: str | None = None) -> tuple[int, Any]:
    body: dict[str, Any] = {"code": k.hub.tv_code if code is None else code,
                            "serials": serials}
    if lang is not None:
        body["lang"] = lang
    return await post(session, k.base + "/api/checkin", body)


def test_a_phone_checks_its_tickets_in_and_the_tv_counts_them(live_kiosk: Make) -> None:
    k = live_kiosk(game="debarna")
    controller = checking_in(k)
    strip = the_box(k)[0]
    first, second = strip[0], strip[1]

    async def run() -> None:
        async with aiohttp.ClientSession() as session:
            page = Phone(session, k.base)
            assert (await page.hello(None, role="checkin"))["role"] == "checkin"
            model = await page.state()
            assert model["kind"] == "checkin" and model["open"] is True
            assert model["count"] == 0 and model["status"] == ""
            assert model["words"]["checkin.add"] == words(k, "phones.checkin.add")

            status, body = await check_in(session, k, [first.serial.lower()],
                                          code=f" {k.hub.tv_code.lower()} ")
            assert status == 200, body
            [result] = body["results"]
            assert result["serial"] == first.serial and result["state"] == "in_play"
            assert result["text"] == words(k, "phones.checkin.in_play", serial=first.serial)
            assert body["count"] == 1
            # In play on the TV: its own hand holds that very ticket, its count says 1, its
            # notice says so, and the page's count follows.
            assert k.call(lambda: controller.hand.ticket(first.serial)) == first
            assert k.call(lambda: controller.in_play) == 1
            notice = k.call(lambda: controller.notice)
            assert notice.key.startswith("checkin.added")
            assert notice.values["serial"] == first.serial
            assert (await page.state(lambda m: m["count"] == 1))["open"] is True
            # ... and in the journal on the disk, so a restart keeps it in play.
            assert on_disk(k, first.serial)

            # Again: already in play, nothing added, nothing more said on the TV.
            quiet(k)
            status, body = await check_in(session, k, [first.serial])
            assert status == 200 and body["results"][0]["state"] == "already"
            assert body["results"][0]["secret"] == result["secret"] and body["count"] == 1
            assert k.call(lambda: controller.notice) is None

            # Typed in Persian on a Persian keyboard: the answer in Persian, the serial as
            # printed, and the TV's count 2.
            persian = second.serial.translate(str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹"))
            status, body = await check_in(session, k, [persian], lang="fa")
            assert status == 200, body
            assert body["results"][0]["state"] == "in_play" and body["count"] == 2
            text = body["results"][0]["text"]
            assert PERSIAN.search(text) and second.serial in text
            assert text == words(k, "phones.checkin.in_play", "fa",
                                 serial=k.hub._serial(k.hub.translator("fa"), second.serial))
            assert k.call(lambda: controller.in_play) == 2
            assert (await page.state(lambda m: m["count"] == 2))["count"] == 2

            # Its secret opens the ticket's page, which follows it and may not claim.
            follower = Phone(session, k.base)
            welcome = await follower.hello(result["secret"], role="ticket")
            assert welcome["role"] == "ticket"
            ticket = await follower.state()
            assert ticket["serial"] == first.serial and ticket["can_claim"] is False
            assert ticket["grid"] == [list(row) for row in first.grid]
            await follower.send({"type": "claim"})
            refusal = await follower.expect("error")
            assert refusal["message"] == words(k, "phones.gone.claim_needs_code")
            assert k.call(lambda: controller.result) is None
            for phone in (page, follower):
                await phone.close()

    asyncio.run(run())
    assert_alive(k)


def test_refusals_are_worded_in_the_phones_language_and_change_nothing(
        live_kiosk: Make) -> None:
    k = live_kiosk(game="debarna")
    controller = checking_in(k)
    strips = the_box(k)
    known, other = strips[0][0], strips[1][0]
    k.call(lambda: controller.check_in_ticket(known, time.monotonic()))
    # A ticket printed with the serial of another: a serial that names two tickets.
    twin = Ticket(strips[2][0].serial, other.grid)
    k.call(lambda: controller.add_tickets([twin]))
    assert len(k.call(lambda: controller.lookup(twin.serial))) == 2
    code = k.hub.tv_code
    assert on_disk(k, known.serial)  # the journal has caught up
    quiet(k)
    before = held(k)
    rows = len(journaled(k))

    async def run() -> None:
        async with aiohttp.ClientSession() as session:
            for lang in ("en", "fa"):
                # Not the TV's code: refused before anything else is looked at.
                for sent in (wrong(code), "", None, 7):
                    status, body = await post(session, k.base + "/api/checkin",
                                              {"code": sent, "serials": [other.serial],
                                               "lang": lang})
                    assert status == 403, (sent, status, body)
                    assert body == {"error": words(k, "phones.errors.tv_code", lang)}
                # A serial no ticket has, and one two tickets have: each said why.
                for serial, state in (("Z999-9", "unknown"), (twin.serial, "ambiguous")):
                    status, body = await check_in(session, k, [serial], lang=lang)
                    assert status == 404, (serial, body)
                    [result] = body["results"]
                    assert result["state"] == state and result["secret"] is None
                    shown = k.hub._serial(k.hub.translator(lang), serial)
                    assert result["text"] == words(k, f"phones.checkin.{state}", lang,
                                                   serial=shown)
                    assert body["error"] == result["text"] and body["count"] == 1
                # Nothing typed, too many at once, or not a list of serials.
                for serials, key in (([" ", "-"], "phones.checkin.no_serial"),
                                     ([], "phones.checkin.no_serial"),
                                     ([f"B00{i}-1" for i in range(1, 8)],
                                      "phones.errors.bad_field"),
                                     ("B001-1", "phones.errors.bad_field"),
                                     ([5], "phones.errors.bad_field")):
                    status, body = await check_in(session, k, serials, lang=lang)  # type: ignore[arg-type]
                    assert status == 400, (serials, body)
                    assert body == {"error": words(k, key, lang)}
                if lang == "fa":
                    assert PERSIAN.search(body["error"])
                assert held(k) == before

    asyncio.run(run())
    assert held(k) == before
    assert len(journaled(k)) == rows
    assert k.hub.tv_code == code  # wrong codes never change it
    assert_alive(k)


def test_a_wrong_tv_code_is_charged_to_the_limiter_and_a_check_in_is_not(
        live_kiosk: Make) -> None:
    k = live_kiosk(game="debarna")
    controller = checking_in(k)
    ticket = the_box(k)[0][0]
    burst = int(server.POST_BURST)

    async def run() -> tuple[list[int], list[int], float]:
        async with aiohttp.ClientSession() as session:
            # A check-in that succeeds is given back: as many as the burst and more.
            good = [(await check_in(session, k, [ticket.serial]))[0] for _ in range(burst + 5)]
            began = time.monotonic()
            bad = [(await check_in(session, k, [ticket.serial], code=f"{i:05d}"))[0]
                   for i in range(burst + 5)]
            return good, bad, time.monotonic() - began

    good, bad, took = asyncio.run(run())
    assert good == [200] * (burst + 5)
    assert bad[:burst] == [403] * burst
    # then one refusal every two seconds at most (a slow machine may earn one or two)
    assert set(bad[burst:]) <= {403, 429} and 429 in bad[burst:]
    assert bad[burst:].count(403) <= int(took * server.POST_RATE)

    async def after() -> tuple[int, int]:
        async with aiohttp.ClientSession() as session:
            # The same address's ticket requests pay from the same purse...
            status, _ = await post(session, k.base + "/api/ticket",
                                   {"serial": ticket.serial, "code": "00000"})
            # ... and even the right code waits now: refused unread, nothing checked in.
            right, _ = await check_in(session, k, [the_box(k)[0][1].serial])
            return status, right

    ticket_status, right = asyncio.run(after())
    assert ticket_status == 429 and right == 429
    assert k.call(lambda: controller.in_play) == 1
    assert_alive(k)


def test_after_the_first_call_nothing_is_checked_in(live_kiosk: Make) -> None:
    k = live_kiosk(game="debarna")
    controller = checking_in(k)
    strip = the_box(k)[0]
    k.call(lambda: controller.check_in_ticket(strip[0], time.monotonic()))

    def start_calling() -> None:  # Space on the TV, and the first number
        now = time.monotonic()
        controller.toggle_pause(now)
        controller.call_next(now)
    k.call(start_calling)
    assert len(k.call(lambda: controller.called)) == 1
    quiet(k)
    before = held(k)

    async def run() -> None:
        async with aiohttp.ClientSession() as session:
            page = Phone(session, k.base)
            assert (await page.hello(None, role="checkin", lang="fa"))["role"] == "checkin"
            model = await page.state()
            assert model["open"] is False and model["count"] == 1
            assert model["status"] == words(k, "phones.checkin.started", "fa")
            for lang in ("en", "fa"):
                for serials in ([strip[1].serial], [strip[0].serial], ["Z999-9"]):
                    status, body = await check_in(session, k, serials, lang=lang)
                    assert status == 409, (serials, body)
                    assert body == {"error": words(k, "phones.checkin.started", lang)}
                # a wrong code is still only a wrong code
                status, body = await check_in(session, k, [strip[1].serial],
                                              code=wrong(k.hub.tv_code), lang=lang)
                assert status == 403
                assert body == {"error": words(k, "phones.errors.tv_code", lang)}
            await page.close()

    asyncio.run(run())
    assert held(k) == before
    assert k.call(lambda: controller.hand.ticket(strip[1].serial)) is None
    assert_alive(k)


def test_a_strip_is_offered_and_checked_in_with_one_tap(live_kiosk: Make) -> None:
    k = live_kiosk(game="debarna")
    controller = checking_in(k)
    strips = the_box(k)
    two, three = strips[1], strips[2]
    name = two[0].serial.rpartition("-")[0]  # "B002"

    async def run() -> None:
        async with aiohttp.ClientSession() as session:
            # The strip's own number: its six tickets offered, none put in play.
            status, body = await check_in(session, k, [name.lower()])
            assert status == 200, body
            assert [r["state"] for r in body["results"]] == ["strip"]
            offer = body["strip"]
            assert offer["strip"] == name and offer["serials"] == [t.serial for t in two]
            assert offer["all"] == words(k, "phones.checkin.strip_all", count=6)
            assert body["count"] == 0 and k.call(lambda: controller.in_play) == 0
            # One tap: all six, each answered; nothing more to offer.
            status, body = await check_in(session, k, offer["serials"])
            assert status == 200
            assert [(r["serial"], r["state"]) for r in body["results"]] == \
                [(t.serial, "in_play") for t in two]
            assert all(r["secret"] for r in body["results"]) and body["strip"] is None
            assert body["count"] == 6
            assert k.call(lambda: [t.serial for t in controller.hand.tickets]) == \
                [t.serial for t in two]
            # A ticket of another strip: it alone is put in play, the other five offered.
            status, body = await check_in(session, k, [three[1].serial])
            assert [r["state"] for r in body["results"]] == ["in_play"]
            assert body["strip"]["serials"] == [t.serial for t in three if t != three[1]]
            assert body["count"] == 7 and k.call(lambda: controller.in_play) == 7
            # A tap on one of them: that one, and the other four still offered.
            status, body = await check_in(session, k, [three[4].serial])
            assert body["results"][0]["state"] == "in_play" and body["count"] == 8
            assert body["strip"]["serials"] == [three[0].serial, three[2].serial,
                                                three[3].serial, three[5].serial]

    asyncio.run(run())
    assert_alive(k)


def test_a_ticket_followed_by_a_serial_typed_in_persian_digits(live_kiosk: Make) -> None:
    k = live_kiosk(game="debarna")
    controller = k.kiosk.controller
    k.call(lambda: k.kiosk.show("caller"))
    k.wait(lambda: controller.hand is not None)
    ticket = the_box(k)[0][2]
    persian = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")

    async def run() -> tuple[int, Any]:
        async with aiohttp.ClientSession() as session:
            return await post(session, k.base + "/api/ticket",
                              {"serial": ticket.serial.translate(persian),
                               "code": k.hub.tv_code.translate(persian)})

    status, body = asyncio.run(run())
    assert status == 200 and body["serial"] == ticket.serial and body["claims"] is False


def test_the_check_in_panel_shows_the_tv_code_as_it_turns(live_kiosk: Make) -> None:
    k = live_kiosk(game="debarna")
    checking_in(k)
    hub = k.hub

    def panel() -> str:
        """The words of the TV's check-in panel about phones, after the next frame."""
        def drawn() -> str:
            k.kiosk.frame(time.monotonic())
            lines = k.kiosk.scene.checkin_drawn
            return " ".join(d.text for key, d in lines.items() if key.startswith("checkin|phones"))
        return k.call(drawn)

    first = hub.tv_code
    assert first in panel()
    k.call(lambda: hub._turn_tv_code(hub._tv_code_at + TV_CODE_PERIOD))  # 15 minutes on
    turned = hub.tv_code
    assert turned != first
    shown = panel()
    assert turned in shown and first not in shown

    async def run() -> int:  # the code the TV shows now is taken
        async with aiohttp.ClientSession() as session:
            return (await check_in(session, k, [the_box(k)[0][0].serial], code=turned))[0]

    assert asyncio.run(run()) == 200

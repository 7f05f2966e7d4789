"""Dabernā ticket pages as a hall has them: many pages, each its own ticket, written from
one shared part a language (`PhoneHub._ticket_text`) and still exactly the page model
(`kiosk.phones.models.ticket_model`); a page opened by serial and the TV's code follows
the ticket but cannot claim, and says why."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import aiohttp

from kiosk.phones.models import ticket_model
from tests.kiosk.phones.conftest import LiveKiosk
from tests.kiosk.phones.test_hub import caller_hand
from tests.kiosk.phones.test_security import Phone, post, words

Make = Callable[..., LiveKiosk]


def test_ticket_pages_are_their_models_and_only_a_signed_code_claims(live_kiosk: Make) -> None:
    k = live_kiosk(game="debarna")
    assert k.kiosk.codes is not None
    controller, _ = caller_hand(k)
    tickets = k.call(lambda: list(controller.tickets.values())[:6]
                     if isinstance(controller.tickets, dict) else list(controller.tickets[:6]))
    assert len(tickets) == 6
    tv_code = k.hub.tv_code

    async def run() -> None:
        async with aiohttp.ClientSession() as session:
            url = k.base + "/api/ticket"
            pages: list[tuple[Any, Phone, bool]] = []
            for i, ticket in enumerate(tickets):
                lang = "fa" if i % 2 else "en"
                if i < 4:
                    status, body = await post(session, url,
                                              {"payload": k.kiosk.codes.encode(ticket)})
                else:
                    status, body = await post(session, url,
                                              {"serial": ticket.serial, "code": tv_code})
                assert status == 200 and body["claims"] is (i < 4), body
                page = Phone(session, k.base)
                assert (await page.hello(body["secret"], role="ticket", lang=lang))["role"] \
                    == "ticket"
                pages.append((ticket, page, i < 4))
            before = k.call(lambda: len(controller.called))
            k.call(lambda: controller.next_number(0.0) if controller.manual else None)
            for ticket, page, claims in pages:
                model = await page.state(lambda m: len(m["called"]) >= before)
                lang = model["lang"]

                def expected(ticket: Any = ticket, lang: str = lang) -> dict[str, Any]:
                    return ticket_model(controller, ticket, k.hub.translator(lang), None)
                want = k.call(expected)
                if not claims:
                    want["can_claim"] = False
                    want["status"] = (f"{want['status']} · "
                                      f"{words(k, 'phones.gone.follow_only', lang)}")
                if want["called"] != model["called"]:  # a number called meanwhile
                    model = await page.state(lambda m, w=want: m["called"] == w["called"])
                assert model == want
            # a page that only follows is refused a claim, and told why; nothing is claimed
            _, follower, _ = pages[4]
            await follower.send({"type": "claim"})
            refusal = await follower.expect("error")
            assert refusal["message"] == words(k, "phones.gone.claim_needs_code")
            assert k.call(lambda: controller.result) is None
            for _, page, _ in pages:
                await page.close()

    asyncio.run(run())

"""A shop card registered from a phone, over the live kiosk's real sockets (issue 26, part 1):
the card typed (or a photo's reading confirmed), registered under its card number and put
in play at check-in; every refusal worded in the phone's language and changing nothing.
A photo read by the kiosk's reader: test_cards_photo.py."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import aiohttp

from engines.debarna.card_check import StoreCard
from kiosk.i18n import Translator
from tests.kiosk.phones.conftest import LiveKiosk
from tests.kiosk.phones.test_checkin_phone import checking_in, wrong
from tests.kiosk.phones.test_security import post

Make = Callable[..., LiveKiosk]
GRID = [[3, 15, 27, None, 41, None, 62, None, None],
        [8, None, 22, 36, None, 57, None, None, 84],
        [1, 19, None, None, 45, None, 68, 77, None]]


def registered(k: LiveKiosk) -> dict[str, Any]:
    controller = k.kiosk.controller
    return k.call(lambda: dict(controller.shop))


def test_a_typed_card_is_registered_put_in_play_and_refusals_change_nothing(
        live_kiosk: Make) -> None:
    k = live_kiosk(game="debarna", seed=3)
    controller = checking_in(k)
    url = k.base + "/api/card"

    async def run() -> list[tuple[int, Any]]:
        async with aiohttp.ClientSession() as session:
            answers = [await post(session, url, {"code": wrong(k.hub.tv_code), "grid": GRID,
                                                 "lang": "fa"})]
            broken = [row[:] for row in GRID]
            broken[1][8] = None  # row 2 holds 4 numbers
            answers.append(await post(session, url, {"code": k.hub.tv_code, "grid": broken}))
            answers.append(await post(session, url, {"code": k.hub.tv_code, "grid": GRID,
                                                     "name": "Shirin", "lang": "en"}))
            answers.append(await post(session, url, {"code": k.hub.tv_code, "grid": GRID}))
            async with session.get(k.base + "/cards") as page:
                answers.append((page.status, await page.text()))
            return answers

    refused_code, refused_shape, good, again, page = asyncio.run(run())
    assert refused_code == (403, {"error": Translator("fa")("phones.errors.tv_code")})
    assert refused_shape[0] == 422
    assert refused_shape[1]["problems"][0]["text"] == Translator("en")(
        "cards.rule.row_of_five", row=2, count=4)
    assert refused_shape[1]["problems"][0]["cells"] == [[1, 0], [1, 2], [1, 3], [1, 5]]
    status, body = good
    assert status == 200 and body["number"] == "1" and body["how"] == "new" and body["in_play"]
    assert body["words"].startswith(Translator("en")("cardpage.registered", number="1"))
    assert again[0] == 200 and again[1]["how"] == "already" and again[1]["number"] == "1"
    assert set(registered(k)) == {"1"}
    card = registered(k)["1"]
    assert isinstance(card, StoreCard) and [list(r) for r in card.grid] == GRID
    assert k.call(lambda: (controller.in_play, controller.holder(card))) == (1, "Shirin")
    assert page[0] == 200 and 'id="photo"' in page[1] and 'capture="environment"' in page[1]

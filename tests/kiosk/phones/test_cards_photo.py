"""A shop card's photo read for a phone, over the live kiosk's real sockets (issue 26, part
1): the TV's code checked first (a wrong one refused), a file that is no photo refused in
the page's words, and a generated photo read by the kiosk's reader in a process of its own
(the phones' server's forkserver child) into its 3×9 grid; nothing is registered."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import aiohttp

from benchmarks.card_photos import make_photo
from kiosk.i18n import Translator
from tests.kiosk.phones.conftest import LiveKiosk
from tests.kiosk.phones.test_cards_phone import registered
from tests.kiosk.phones.test_checkin_phone import checking_in, wrong

Make = Callable[..., LiveKiosk]
PHOTO_SEED = 1  # a generated photo the reader reads exactly (tests/kiosk/games/debarna: EXACT)


def test_a_photo_is_read_and_a_bad_one_is_refused_in_words(
        live_kiosk: Make) -> None:
    k = live_kiosk(game="debarna", seed=3)
    checking_in(k)
    photo = make_photo(PHOTO_SEED)

    async def send(session: aiohttp.ClientSession, data: bytes, kind: str,
                   code: str) -> tuple[int, Any]:
        async with session.post(f"{k.base}/api/card/read?code={code}&lang=en", data=data,
                                headers={"Content-Type": kind}) as response:
            return response.status, await response.json(content_type=None)

    async def run() -> list[tuple[int, Any]]:
        async with aiohttp.ClientSession() as session:
            code = k.hub.tv_code
            return [await send(session, photo.data, "image/jpeg", wrong(code)),
                    await send(session, b"not a photo at all", "image/png", code),
                    await send(session, photo.data, "image/jpeg", code)]

    wrong_code, not_photo, read = asyncio.run(run())
    assert wrong_code[0] == 403
    assert not_photo == (422, {"error": Translator("en")("cardpage.bad_photo.not_an_image")})
    status, found = read
    assert status == 200 and found["holds"] and found["doubtful"] == [], found
    assert found["grid"] == [list(row) for row in photo.grid]
    assert registered(k) == {}  # reading registers nothing

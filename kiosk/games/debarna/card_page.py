"""The phones' page that registers a shop set's card (`kiosk.phones.cards` has the
protocol): its routes, added to the phones' server in its own process
(`PhoneServer.more_routes`, given by reference when the kiosk starts the server), and the
reader of a card's photo, in a process of its own.

The photo is read by `kiosk.games.debarna.reading.read_card` in a forkserver's child:
nothing of the kiosk's threads or display is copied into it, the server's event loop
never waits for it, and the frame loop is in another process altogether. One photo is
read at a time and a few may wait; the TV's code is checked on the frame loop first (a
wrong one is charged to the limiter like any refusal).
"""

from __future__ import annotations

import asyncio
import json
import logging
import multiprocessing
import time
from concurrent.futures import ProcessPoolExecutor
from html import escape
from typing import Any, Final

from aiohttp import web

from kiosk.i18n import Translator
from kiosk.phones.cards import CARD_WORDS
from kiosk.phones.server import LANGS, STATIC, PhoneServer

log = logging.getLogger("kiosk.phones.hub")

MAX_PHOTO: Final = 15 * 1024 * 1024  # bytes of a photo (a phone's is 2–8 MB)
WAITING: Final = 3  # photos that may wait for the reader (more: "busy")
READ_SECONDS: Final = 60.0  # a reading that takes longer is given up
CHUNK: Final = 256 * 1024


def page_words(tr: Translator) -> dict[str, str]:
    return {key: tr(f"cardpage.{key}") for key in CARD_WORDS}


# -- the reader, in a process of its own -------------------------------------------------
def read_for_phone(photo: bytes) -> dict[str, Any]:
    """Read a photo (in the reader's process): the reading as plain data for the page."""
    from kiosk.games.debarna.reading import PhotoError, read_card

    try:
        read = read_card(photo)
    except PhotoError as exc:
        return {"photo_error": exc.key}
    check = read.check
    return {
        "grid": [[cell if isinstance(cell, int) else None for cell in row]
                 for row in read.reading.grid],
        "doubtful": [[r, c, [str(d) for d in why]] for (r, c), why in check.doubts.items()],
        "problems": [{"rule": p.key, "values": dict(p.values), "cells": [list(c) for c in
                                                                           p.cells]}
                     for p in check.problems],
        "holds": check.holds,
        "seconds": round(read.seconds, 3),
        "script": read.script,
    }


class CardReader:
    """One process that reads photos, started when the first photo comes (a forkserver's
    child: nothing of the kiosk's threads or display is copied into it)."""

    def __init__(self) -> None:
        self._pool: ProcessPoolExecutor | None = None
        self._waiting = 0

    async def read(self, photo: bytes) -> dict[str, Any] | None:
        """The reading, or None when too many photos wait already."""
        if self._waiting >= WAITING:
            return None
        self._waiting += 1
        try:
            if self._pool is None:
                self._pool = ProcessPoolExecutor(
                    max_workers=1, mp_context=multiprocessing.get_context("forkserver"))
            loop = asyncio.get_running_loop()
            future = loop.run_in_executor(self._pool, read_for_phone, photo)
            return await asyncio.wait_for(future, READ_SECONDS)
        finally:
            self._waiting -= 1

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


# -- the server's side -------------------------------------------------------------------
def add_card_routes(app: web.Application, server: PhoneServer) -> None:
    reader = CardReader()
    markup = (STATIC / "cards.html").read_text(encoding="utf-8")

    async def page(request: web.Request) -> web.StreamResponse:
        lang = server.words()[0] if server.words is not None else "en"
        words = {other: page_words(Translator(other)) for other in LANGS}
        html = markup.replace('<html lang="en" dir="ltr">',
                              f'<html lang="{lang}" dir="{"rtl" if lang == "fa" else "ltr"}">', 1)
        given = escape(json.dumps({"lang": lang, "words": words}, ensure_ascii=False),
                       quote=True)
        html = html.replace("<body ", f'<body data-page="{given}" ', 1)
        return web.Response(text=html, content_type="text/html",
                            headers={"Cache-Control": "no-store",
                                     "X-Content-Type-Options": "nosniff"})

    async def read(request: web.Request) -> web.StreamResponse:
        lang = request.query.get("lang")
        lang = lang if lang in LANGS else None
        bucket = server._post_bucket(request.remote or "")
        if not bucket.take(time.monotonic()):
            return server.refusal("too_fast", 429, lang)
        tr = Translator(lang or _kiosk_lang(server))
        if not (request.content_type or "").startswith("image/"):
            return web.json_response({"error": tr("cardpage.bad_photo.not_an_image")}, status=415)
        length = request.content_length
        if length is not None and length > MAX_PHOTO:
            return web.json_response({"error": tr("cardpage.bad_photo.too_big")}, status=413)
        answered = await server.ask("card_code", {"code": request.query.get("code", ""),
                                           **({"lang": lang} if lang else {})})
        if answered is None:
            return server.refusal("busy", 503, lang)
        if answered[0] != 200:
            return web.json_response(answered[1], status=answered[0])
        photo = bytearray()
        try:
            async with asyncio.timeout(READ_SECONDS):
                while chunk := await request.content.read(CHUNK):
                    photo += chunk
                    if len(photo) > MAX_PHOTO:
                        return web.json_response({"error": tr("cardpage.bad_photo.too_big")},
                                                 status=413)
        except TimeoutError:
            return server.refusal("too_slow", 408, lang)
        bucket.give_back()
        try:
            found = await reader.read(bytes(photo))
        except (TimeoutError, OSError, RuntimeError) as exc:
            log.error("phones: a card's photo could not be read: %s", exc)
            return server.refusal("busy", 503, lang)
        if found is None:
            return server.refusal("busy", 503, lang)
        body = worded(found, tr)
        return web.json_response(body, status=422 if "error" in body else 200)

    async def register(request: web.Request) -> web.StreamResponse:
        if request.content_type != "application/json":
            return server.refusal("not_json", 415)
        bucket = server._post_bucket(request.remote or "")
        if not bucket.take(time.monotonic()):
            return server.refusal("too_fast", 429)
        try:
            async with asyncio.timeout(5):
                body = await request.content.read(16 * 1024 + 1)
            data = json.loads(body) if len(body) <= 16 * 1024 else None
        except (TimeoutError, ValueError, UnicodeDecodeError):
            data = None
        if not isinstance(data, dict):
            return server.refusal("not_json", 400)
        lang = data.get("lang") if data.get("lang") in LANGS else None
        fields = {k: data[k] for k in ("code", "grid", "doubtful", "number", "name")
                  if k in data}
        answered = await server.ask("card", {**fields, **({"lang": lang} if lang else {})})
        if answered is None:
            return server.refusal("busy", 503, lang)
        status, reply = answered
        if status == 200:
            bucket.give_back()
        return web.json_response(reply, status=status)

    app.router.add_get("/cards", page)
    app.router.add_post("/api/card/read", read)
    app.router.add_post("/api/card", register)
    app.on_cleanup.append(lambda _app: _close(reader))


async def _close(reader: CardReader) -> None:
    reader.close()


def _kiosk_lang(server: PhoneServer) -> str:
    return server.words()[0] if server.words is not None else "en"


def worded(found: dict[str, Any], tr: Translator) -> dict[str, Any]:
    """A reading for the page: its broken rules and any photo problem in the page's words."""
    if "photo_error" in found:
        return {"error": tr(f"cardpage.bad_photo.{found['photo_error']}")}
    found = dict(found)
    found["problems"] = [{"text": tr(f"cards.rule.{p['rule']}", **p["values"]),
                          "cells": p["cells"]} for p in found["problems"]]
    return found

"""A shop set's card registered from a phone (rules §8, `kiosk.games.debarna.shop`).

The page ``GET /cards`` opens the phone's camera (``<input type=file accept=image/*
capture>``: no app, nothing from the internet) or lets the player type the card into a
3×9 grid. Both need the code the TV shows, as checking in from a phone does.

- ``POST /api/card/read?code=…&lang=…`` with the photo as its body (JPEG or PNG, at most
  15 MB): the TV's code is checked on the frame loop first (``card_code``), then the photo
  is read in a process of its own (`kiosk.games.debarna.card_page`, whose routes the
  kiosk gives the phones' server). The answer is the 3×9 grid, the doubtful cells (why
  each), and whether the card's shape holds, with the broken rules in the page's words.
  Nothing is registered.
- ``POST /api/card`` ``{"code", "grid", "doubtful"?, "number"?, "name"?, "lang"?}``: the
  reading the player confirmed (corrected or typed). The frame loop checks the TV's code
  and registers it (the caller's `register_card`): its card number, whether it was
  registered already, and whether it is in play (at check-in, it is put in play, held by
  `name`). A card that breaks the shape is refused naming the rule; nothing else changes.

`CardsDesk` is the hub's side (a part of `kiosk.phones.hub.PhoneHub`).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, Final

from engines.debarna.card_check import reading_from_json
from kiosk.i18n import Translator
from kiosk.phones.names import NameRefused, check_name
from kiosk.phones.server import LANGS, Request

log = logging.getLogger("kiosk.phones.hub")

# The page's own words (`cardpage.<key>`), sent in both languages.
CARD_WORDS: Final = ("title", "intro", "code", "photo", "type", "reading", "read_again",
                     "grid", "doubt_reader", "doubt_order", "holds", "holds_clear", "broken",
                     "number", "number_help", "name", "register", "registered", "already",
                     "in_play", "another", "lang", "cell", "failed", "done_hint")


# -- the hub's side ---------------------------------------------------------------------
class CardsDesk:
    """The hub's part for shop cards from phones (a part of `PhoneHub`, which gives it the
    caller, the translators and the TV's code)."""

    if TYPE_CHECKING:
        caller: Any

        def _tr(self, lang: str | None = None) -> Translator: ...
        def _takes_tv_code(self, code: object, now: float) -> bool: ...

    def _card_request(self, request: Request, now: float) -> None:
        """``card_code`` (may this phone read a photo?) and ``card`` (register one)."""
        assert request.reply is not None
        data = request.data
        lang = data.get("lang")
        tr = self._tr(lang if lang in LANGS else None)
        caller = self.caller
        if caller is None or not hasattr(caller, "register_card"):
            request.reply(409, {"error": tr("cardpage.not_debarna")})
            return
        if not self._takes_tv_code(data.get("code"), now):
            request.reply(403, {"error": tr("phones.errors.tv_code")})
            return
        if request.kind == "card_code":
            request.reply(200, {})
            return
        self._register_from_phone(request, now, tr)

    def _register_from_phone(self, request: Request, now: float, tr: Translator) -> None:
        assert request.reply is not None
        data = request.data
        try:
            reading = reading_from_json(data)
        except ValueError:
            request.reply(400, {"error": tr("cardpage.bad_grid")})
            return
        number = data.get("number") or ""
        name = data.get("name")
        if not isinstance(number, str) or (name is not None and not isinstance(name, str)):
            request.reply(400, {"error": tr("phones.errors.bad_field")})
            return
        holder = None
        if name and name.strip():
            try:
                holder = str(check_name(name, ()))
            except NameRefused as refused:
                request.reply(400, {"error": tr(refused.key)})
                return
        try:
            done = self.caller.register_card(reading, now, number, holder)
        except ValueError as exc:  # a card number that cannot be given: its key says why
            key = getattr(exc, "key", None)
            if key is None:
                raise
            request.reply(409, {"error": tr(key, **getattr(exc, "values", {}))})
            return
        if hasattr(done, "problems"):  # the check that refuses it
            request.reply(422, {"error": tr("cardpage.broken"), "problems": [
                {"text": tr(f"cards.rule.{p.key}", **p.values), "cells": [list(c) for c in
                                                                           p.cells]}
                for p in done.problems]})
            return
        card = done.card
        key = "cardpage.registered" if done.how == "new" else "cardpage.already"
        words = tr(key, number=tr.digits(card.serial))
        if done.in_play:
            words += " " + tr("cardpage.in_play")
        log.info("phones: shop card %s %s from a phone", card.serial,
                 "registered" if done.how == "new" else "found registered")
        request.reply(200, {"number": card.serial, "how": str(done.how),
                            "in_play": done.in_play, "words": words,
                            "grid": [list(row) for row in card.grid]})

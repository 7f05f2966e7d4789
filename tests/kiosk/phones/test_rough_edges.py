"""Issue 24's rough edges of the phone pages, each against a live kiosk (and the pages in
Debian's headless Chromium where it is what a player sees):

- a Debertz page at a hand's scores asks for *Next*, not "Dealing…", and names no hand
  but the one scored;
- a select-N button says its count once, the count picked so far;
- a Dobbm card's "new" badge leaves its rank to be read;
- the join page names the game and the seat before the name is typed (`/api/peek`, which
  pays for a wrong code as a join does);
- every refusal a page can see from the server is in words, in the page's language.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from engines.dobbm.rules import Phase as DobbmPhase
from kiosk.i18n import Translator
from kiosk.phones import server
from kiosk.phones.hub import PhoneSeat
from kiosk.phones.models import seat_model
from tests.kiosk.phones.conftest import LiveKiosk
from tests.kiosk.phones.test_browser import CHROMIUM, DRIVER, browsers
from tests.kiosk.phones.test_security import assert_alive, code_of, post

__all__ = ["browsers"]  # the browser tests' fixture

Make = Callable[..., LiveKiosk]
BROWSER = pytest.mark.skipif(
    not (Path(CHROMIUM).exists() and Path(DRIVER).exists()),
    reason="Debian's chromium and chromium-driver are not installed (make test installs them)")


def seat_phones(k: LiveKiosk, scene: Any, names: tuple[str, ...] = ("Ann", "Bob", "Cy", "Di",
                                                                    "Ed")) -> None:
    def sit() -> None:
        for seat in range(scene.players):
            scene.give_seat(seat, PhoneSeat(names[seat], f"secret-{seat}"))
    k.call(sit)


def drive(k: LiveKiosk, scene: Any, until: Callable[[], bool], steps: int = 4000,
          seed: int = 4) -> None:
    """Play the phones' seats from their own models (a card, an offer, a selection picked
    at random among what the page offers) until `until()` holds on the frame loop."""
    rng = random.Random(seed)
    tr = Translator("en")

    def step() -> str:
        if until():
            return "done"
        state, table, now = scene.state, scene.table, time.monotonic()
        if table.showing_result:
            scene.close_table()
            return "next"
        actor = state.current_player
        if actor is None or actor < 0:
            return ""
        model = seat_model(scene, actor, tr, now)
        if model["step"] == "play":
            message = {"type": "card", "card": rng.choice(
                [c["id"] for c in model["hand"] if c["legal"]])}
        elif model["step"] == "choose":
            message = {"type": "offer", "id": rng.choice(model["offers"])["id"]}
        elif model["step"] == "select":
            message = {"type": "select", "cards": rng.sample(
                [c["id"] for c in model["hand"]], model["select"]["count"])}
        else:
            return ""
        action, problem = k.hub._action(scene, actor, message)
        if problem is None and scene.refusal(actor, action) is None:
            table.submit(actor, action, now)
        return "moved"

    for _ in range(steps):
        done = k.call(step)
        if done == "done":
            return
        if not done:
            time.sleep(0.02)  # a deal's pause, or the computer's turn
    raise AssertionError("the table never got there")


def open_seat(driver: Any, k: LiveKiosk, seat: int, lang: str | None = None) -> None:
    """A page holding `seat` (its secret as a join would have left it), in `lang`."""
    driver.get(k.base + "/play")
    driver.execute_script(f"localStorage.setItem('debarna.seat', 'secret-{seat}')")
    if lang is not None:
        driver.execute_script(f"localStorage.setItem('debarna.lang', '{lang}')")
    driver.get(k.base + "/play")
    WebDriverWait(driver, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#hand .card"))


# -- a Debertz hand's scores on the phone ------------------------------------------------------

def test_a_debertz_page_at_the_scores_asks_for_next_and_names_the_hand_scored(
        live_kiosk: Make) -> None:
    k = live_kiosk(game="debertz", seed=5)
    scene = k.table("people2")
    seat_phones(k, scene)
    drive(k, scene, lambda: bool(scene.table.showing_result) and not scene.state.is_over)
    for lang in ("en", "fa"):
        tr = Translator(lang)

        def look(tr: Translator = tr) -> tuple[dict[str, Any], str, str, str]:
            model = seat_model(scene, 0, tr, time.monotonic())
            with_tr = scene.tr
            scene.tr = tr
            try:
                return (model, scene.word("dealing"), scene.score_sheet().title,
                        tr.digits(scene.state.deal_number + 1))
            finally:
                scene.tr = with_tr
        model, dealing, title, next_number = k.call(look)
        assert model["result"] is not None and model["result"]["title"] == title
        assert model["prompt"] == tr("phones.next_prompt") != dealing
        # the game's line would already be the next deal's: the page shows the scored one
        assert next_number not in model["info"] + model["prompt"], model["info"]


# -- the select-N button -----------------------------------------------------------------------

def test_the_select_button_says_its_count_once(live_kiosk: Make) -> None:
    k = live_kiosk(game="hearts", seed=5)
    scene = k.table("people4")
    seat_phones(k, scene)
    k.wait(lambda: scene.table.state.current_player == 0 and
           scene.selection(scene.state.view(0)) is not None)
    tr = Translator("en")
    model = k.call(lambda: seat_model(scene, 0, tr, time.monotonic()))
    select = model["select"]
    assert select["buttons"] == [tr("hearts.buttons.pass", count=n) for n in range(4)]


@BROWSER
def test_the_select_button_on_the_page_shows_the_picked_count_once(
        live_kiosk: Make, browsers: Callable[[], Any]) -> None:
    k = live_kiosk(game="hearts", seed=5)
    scene = k.table("people4")
    seat_phones(k, scene)
    k.wait(lambda: scene.table.state.current_player == 0 and
           scene.selection(scene.state.view(0)) is not None)
    tr = Translator("en")
    driver = browsers()
    open_seat(driver, k, 0)
    # The page is drawn anew with each state (its clock's seconds): an element found may
    # be replaced before it is used, so each step is tried again until it holds.
    patient = WebDriverWait(driver, 10, ignored_exceptions=(StaleElementReferenceException,))
    for picked in (1, 2, 3):
        def pick(d: Any, n: int = picked) -> bool:
            if len(d.find_elements(By.CSS_SELECTOR, "#hand .card.picked")) < n:
                d.find_elements(By.CSS_SELECTOR, "#hand .card:not(.picked)")[0].click()
            return len(d.find_elements(By.CSS_SELECTOR, "#hand .card.picked")) == n
        patient.until(pick)
        button = patient.until(lambda d: d.find_element(By.ID, "select-send").text)
        assert button.replace("\n", " ").strip() == tr("hearts.buttons.pass", count=picked), \
            button


# -- Dobbm's "new" badges ----------------------------------------------------------------------

@BROWSER
def test_dobbm_new_badges_leave_the_ranks_readable(
        live_kiosk: Make, browsers: Callable[[], Any]) -> None:
    k = live_kiosk(game="dobbm", seed=7)
    scene = k.table("people3")
    names = ("Sara2", "مهر\u200cناز 7", "Ann", "Bob")
    seat_phones(k, scene, names)

    def exchanging() -> bool:
        actor = scene.state.current_player
        return scene.state.phase is DobbmPhase.EXCHANGE and actor is not None and actor >= 0 \
            and bool(scene.hand_marks(scene.state.view(actor)))
    drive(k, scene, exchanging)
    seat = k.call(lambda: scene.state.current_player)
    driver = browsers()
    for lang in ("en", "fa"):
        open_seat(driver, k, seat, lang)
        WebDriverWait(driver, 10).until(
            lambda d: d.find_elements(By.CSS_SELECTOR, "#hand .card.mark-new .card-mark"))
        # Each badge stands above its card, on no more than the card's border (the rank
        # and suit lie inside it), and on no other card (the row above keeps room for it).
        boxes = driver.execute_script("""
            var out = [];
            var all = document.querySelectorAll('#hand .card');
            all.forEach(function (card) {
              var mark = card.querySelector('.card-mark');
              if (!mark) return;
              var m = mark.getBoundingClientRect();
              var c = card.getBoundingClientRect();
              var border = parseFloat(getComputedStyle(card).borderTopWidth);
              if (m.bottom > c.top + border + 0.5) {
                out.push([card.dataset.id, 'own', m.bottom, c.top]);
              }
              all.forEach(function (other) {
                if (other === card) return;
                var r = other.getBoundingClientRect();
                if (Math.min(m.right, r.right) > Math.max(m.left, r.left) &&
                    Math.min(m.bottom, r.bottom) > Math.max(m.top, r.top)) {
                  out.push([card.dataset.id, other.dataset.id]);
                }
              });
            });
            return [out, document.querySelectorAll('#hand .card-mark').length];
        """)
        overlaps, marks = boxes
        assert marks >= 1
        assert overlaps == [], (lang, overlaps)
        # the players' names: in their own direction, their digits as typed, in Persian too
        shown = driver.execute_script(
            "return Array.from(document.querySelectorAll('#seats .seat-name'))"
            ".map(function (n) { return [n.textContent, n.getAttribute('dir')]; });")
        assert sorted(shown) == sorted([name, "auto"] for name in names), shown


# -- the join page -----------------------------------------------------------------------------

@BROWSER
@pytest.mark.parametrize("lang", ["en", "fa"])
def test_the_join_page_names_the_game_and_the_seat(
        live_kiosk: Make, browsers: Callable[[], Any], lang: str) -> None:
    k = live_kiosk(game="hearts", seed=5, lang=lang)
    scene = k.table("people4")
    urls = k.join_urls()
    driver = browsers()
    tr = Translator(lang)
    title, north = k.call(lambda: _title_and_seat(scene, tr, 2))
    driver.get(urls[2])

    def shown(d: Any, name: str) -> Any:
        found = d.find_element(By.ID, name)
        return found if found.is_displayed() else None
    where = WebDriverWait(driver, 10).until(lambda d: shown(d, "join-seat"))
    assert where.text == tr("phones.words.join_seat", game=title, seat=north).replace(
        "\u2068", "").replace("\u2069", "")
    assert driver.find_element(By.ID, "name").is_displayed()
    # a code no longer good: the form says so before a name is typed
    driver.get(k.base + "/join/not-a-code")
    error = WebDriverWait(driver, 10).until(lambda d: shown(d, "join-error"))
    assert error.text == tr("phones.errors.code")
    assert not driver.find_element(By.ID, "join-seat").is_displayed()


def _title_and_seat(scene: Any, tr: Translator, seat: int) -> tuple[str, str]:
    old = scene.tr
    scene.tr = tr
    try:
        return scene.title_text(), scene.word(f"seats.{('south', 'west', 'north', 'east')[seat]}")
    finally:
        scene.tr = old


def test_a_peek_is_queued_with_its_language_and_pays_as_a_join(live_kiosk: Make) -> None:
    k = live_kiosk(game="hearts", seed=5)
    k.table("people4")
    code = code_of(k.join_urls()[1])

    async def run() -> tuple[tuple[int, Any], list[int], int, tuple[int, Any]]:
        async with aiohttp.ClientSession() as session:
            good = await post(session, k.base + "/api/peek", {"code": code, "lang": "fa"})
            began = time.monotonic()
            wrong = [await post(session, k.base + "/api/peek", {"code": f"wrong{i}"})
                     for i in range(80)]
            took = time.monotonic() - began
            join = await post(session, k.base + "/api/join", {"code": code, "name": "Ann"})
            return good, [status for status, _ in wrong], int(took * server.POST_RATE) + 1, join

    good, statuses, earned, join = asyncio.run(run())
    fa = Translator("fa")
    assert good[0] == 200 and good[1]["seat"] == fa("table.seats.west")
    assert set(statuses) <= {410, 429}
    assert statuses.count(410) <= server.POST_BURST + earned  # each wrong code paid for
    assert statuses.count(429) >= 80 - server.POST_BURST - earned
    assert join[0] == 429  # the budget the wrong peeks spent is a join's too
    assert_alive(k)


# -- the server's refusals, in words -----------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "fa"])
def test_every_refusal_of_the_server_is_in_the_kiosks_words(
        live_kiosk: Make, lang: str) -> None:
    k = live_kiosk(game="hearts", seed=5, lang=lang)
    k.table("people4")
    tr = Translator(lang)
    catalogue = {tr(f"phones.errors.{key}") for key in ("not_json", "too_fast")}

    async def run() -> list[tuple[int, Any]]:
        async with aiohttp.ClientSession() as session:
            answers = []
            for body, kind in (("not json", "text/plain"), ("not json", "application/json"),
                               ("[1, 2]", "application/json")):
                async with session.post(k.base + "/api/join", data=body,
                                        headers={"Content-Type": kind}) as response:
                    answers.append((response.status, await response.json(content_type=None)))
            return answers

    answers = asyncio.run(run())
    assert [status for status, _ in answers] == [415, 400, 400]
    for _, body in answers:
        assert body == {"error": tr("phones.errors.not_json")}
        assert body["error"] in catalogue and body["error"] != "not_json"


def test_a_refusal_is_in_the_pages_own_language_when_it_says_it() -> None:
    phones = server.PhoneServer(["127.0.0.1"], 0, {})
    phones.words = lambda: ("en", False, {})
    for key, status in (("busy", 503), ("too_slow", 408), ("full", 503), ("origin", 403),
                        ("too_fast", 429), ("not_json", 415)):
        for lang, said in (("fa", "fa"), ("en", "en"), (None, "en"), ("xx", "en")):
            refusal = phones.refusal(key, status, lang)
            assert refusal.status == status
            assert json.loads(refusal.text or "") == {
                "error": Translator(said)(f"phones.errors.{key}")}
    phones.words = lambda: ("fa", True, {})  # the kiosk's language when the page's is unknown
    assert json.loads(phones.refusal("busy", 503).text or "") == {
        "error": Translator("fa")("phones.errors.busy")}

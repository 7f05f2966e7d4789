"""Phone seats belong to the game, not to the screen: the host looks at another game and
comes back, and the phones at the first are seated and playing again without scanning.

Four Chromium pages hold the four seats of a Bidel table. The host opens Debertz: each
page keeps its seat and its hand and says the TV is showing another game (nothing on it
may be pressed, and a card sent anyway changes nothing); the Debertz table has no phone
seat. The host comes back to Bidel: within 2 s every page shows its own hand again and the
seat on turn plays from its page. Skipped only where Chromium or its driver is missing.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest

from engines.hearts.rules import Phase
from kiosk.phones.hub import PhoneSeat
from tests.kiosk.phones.conftest import LiveKiosk
from tests.kiosk.phones.test_browser import (
    browsers,  # noqa: F401  (the fixture)
    click,
    hand_ids,
    join,
    wait,
)

pytest.importorskip("selenium.webdriver")
from selenium.webdriver.common.by import By

BACK_WITHIN = 2.0  # seconds from the host's return to four pages playing again


def toast(driver: Any, kind: str = "notice") -> str:
    """The page's toast if it is shown as `kind` ("notice": the model's; "error": a
    refusal), else ""."""
    return str(driver.execute_script(
        "var t = document.getElementById('toast');"
        "return t && !t.hidden && t.dataset.kind === arguments[0] ? t.textContent : '';",
        kind))


def test_four_phones_stay_seated_while_the_host_looks_at_another_game(
        live_kiosk: Callable[..., LiveKiosk], browsers: Callable[[], Any]) -> None:  # noqa: F811
    k = live_kiosk(game="hearts", seed=7)
    bidel = k.table("people4")
    urls = k.join_urls()
    phones = [browsers() for _ in range(4)]
    names = ["Sara", "Babak", "Nasrin", "Omid"]
    for driver, url, name in zip(phones, urls, names, strict=True):
        join(driver, url, name)
    k.wait(lambda: all(isinstance(s, PhoneSeat) for s in bidel.table.seats))
    k.wait(lambda: bidel.state.phase is Phase.PASS)
    for driver in phones:
        wait(driver, lambda d: len(hand_ids(d)) == 13)
    secrets_before = k.call(lambda: [s.secret for s in bidel.table.seats])
    history = k.call(lambda: len(bidel.state.history))
    away = k.call(lambda: k.kiosk.tr("phones.gone.away"))

    # The host opens Debertz: the Bidel pages wait, seated, and say why.
    debertz = k.call(lambda: k.kiosk.show("debertz"))
    assert k.call(lambda: k.hub.scene) is debertz
    assert not any(isinstance(s, PhoneSeat) for s in k.call(lambda: debertz.table.seats))
    for driver in phones:
        wait(driver, lambda d: toast(d) == away, 10)
        assert len(hand_ids(driver)) == 13
        assert not driver.find_elements(By.CSS_SELECTOR, "#hand .card.legal")
        assert "/join/" not in driver.current_url
    actor = k.call(lambda: bidel.state.current_player)
    assert not phones[actor].find_elements(By.ID, "select-send")  # nothing to send
    phones[actor].execute_script(  # a pass sent anyway (a page of before): refused, and why
        "var cards = arguments[0];"
        "var ws = new WebSocket(location.origin.replace('http', 'ws') + '/ws');"
        "ws.onopen = function () {"
        "  ws.send(JSON.stringify({type: 'hello', role: 'seat',"
        "                          secret: localStorage.getItem('debarna.seat')}));"
        "  ws.send(JSON.stringify({type: 'select', cards: cards})); };"
        "ws.onmessage = function (e) { var m = JSON.parse(e.data);"
        "  if (m.type === 'error') window.refusedWith = m.message; };",
        hand_ids(phones[actor])[:3])
    wait(phones[actor], lambda d: d.execute_script("return window.refusedWith || ''") == away)
    assert k.call(lambda: len(bidel.state.history)) == history  # nothing moved at Bidel

    # Back to Bidel: the same four phones, playing again within 2 s, without a scan.
    back = time.monotonic()
    assert k.call(lambda: k.kiosk.show("hearts")) is bidel
    for driver in phones:
        wait(driver, lambda d: len(hand_ids(d)) == 13 and toast(d) != away, BACK_WITHIN)
    wait(phones[actor], lambda d: d.find_elements(By.ID, "select-send"), BACK_WITHIN)
    took = time.monotonic() - back
    assert took <= BACK_WITHIN, took
    assert k.call(lambda: [s.secret for s in bidel.table.seats]) == secrets_before
    for index in range(3):
        click(phones[actor], "#hand .card", index)
    wait(phones[actor], lambda d: len(d.find_elements(By.CSS_SELECTOR, "#hand .picked")) == 3)
    click(phones[actor], "#select-send")
    k.wait(lambda: len(bidel.state.history) > history)  # the seat on turn played its pass
    assert k.call(lambda: bidel.state.history[-1][0]) == actor

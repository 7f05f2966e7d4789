"""A phone with no paper ticket in a real browser (Debian's headless Chromium, driven by
Selenium as in test_browser.py): at check-in it types the TV's code and a name, takes two
fresh tickets, and its page becomes those tickets; the TV counts them and marks them as a
phone's. The host starts calling; the page, reloaded in the middle, still holds both and
marks every call; once a row of one ticket is complete, that ticket's Claim button
claims a line, and the verdict shows on the page and on the TV's claim panel."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame

from kiosk.config import Config
from kiosk.games.debarna.caller import ClaimPhase
from kiosk.games.debarna.scene import CallerScene
from tests.kiosk.phones.conftest import LiveKiosk
from tests.kiosk.phones.test_browser import browsers, click, wait  # noqa: F401  (the fixture)
from tests.kiosk.phones.test_browser import pytestmark as needs_chromium
from tests.kiosk.phones.test_checkin_phone import checking_in

pytestmark = needs_chromium

from selenium.webdriver.common.by import By  # noqa: E402


def shown_tickets(phone: Any) -> dict[str, dict[str, Any]]:
    """The tickets the page shows, read in one go: serial -> numbers, those marked, and
    whether its Claim button is on."""
    found = phone.execute_script("""
        return Array.from(document.querySelectorAll('.mine-ticket')).map(function (t) {
          var numbers = Array.from(t.querySelectorAll('.cell[data-number]'));
          return {serial: t.dataset.serial,
                  numbers: numbers.map(function (c) { return +c.dataset.number; }),
                  marked: numbers.filter(function (c) { return c.classList.contains('called'); })
                                 .map(function (c) { return +c.dataset.number; }),
                  claim: !t.querySelector('.mine-claim').disabled};
        });""")
    return {t["serial"]: t for t in found}


def test_a_phone_takes_two_tickets_and_claims_a_line_on_one(
        live_kiosk: Callable[..., LiveKiosk], browsers: Callable[[], Any],  # noqa: F811
        tmp_path: Path) -> None:
    config = replace(Config(), caller=replace(Config().caller, manual=True))
    k = live_kiosk(game="debarna", seed=4, config=config)
    controller = checking_in(k)

    phone = browsers()
    phone.get(k.local(k.hub.checkin_url))
    wait(phone, lambda d: d.find_element(By.ID, "take-box").is_displayed())
    phone.find_element(By.ID, "code").send_keys(k.hub.tv_code.lower())
    phone.find_element(By.ID, "take-name").send_keys("Shirin")
    assert phone.find_element(By.ID, "take-count").text == "1"
    phone.find_element(By.ID, "take-more").click()
    assert phone.find_element(By.ID, "take-count").text == "2"
    assert phone.find_element(By.ID, "take").text == k.kiosk.tr("phones.take.button", count=2)
    phone.find_element(By.ID, "take").click()

    # The page is the tickets now: both, in play on the TV, held by Shirin.
    wait(phone, lambda d: len(shown_tickets(d)) == 2)
    assert "/mine#t=" in phone.current_url
    k.wait(lambda: controller.in_play == 2)
    tickets = k.call(lambda: list(controller.hand.tickets))
    assert set(shown_tickets(phone)) == {t.serial for t in tickets}
    for ticket in tickets:
        assert k.call(lambda t=ticket: (controller.holder(t), controller.is_phone_ticket(t))) \
            == ("Shirin", True)
        numbers = {n for row in ticket.grid for n in row if n is not None}
        assert set(shown_tickets(phone)[ticket.serial]["numbers"]) == numbers
    # The TV's check-in list counts them and draws a phone beside each serial.
    def tv_list() -> tuple[str | None, set[str]]:
        k.kiosk.frame(time.monotonic())
        drawn = k.kiosk.scene.checkin_drawn
        count = drawn.get("checkin|count")
        return (None if count is None else count.text,
                {key.rsplit("|", 1)[1] for key in drawn if key.startswith("checkin|phone|")})
    assert k.call(tv_list) == (k.kiosk.tr("checkin.count", count=k.kiosk.tr.digits(2)),
                               {t.serial for t in tickets})
    pygame.image.save(k.call(lambda: k.kiosk.screen.copy()), str(tmp_path / "tv-list.png"))

    # The host starts calling; the page marks every call, and a reload keeps it all.
    target = tickets[0]
    rows = [{n for n in row if n is not None} for row in target.grid]

    def call() -> None:
        k.call(lambda: controller.next_number(time.monotonic()))

    for _ in range(3):
        call()
    phone.refresh()
    wait(phone, lambda d: len(shown_tickets(d)) == 2)
    for _ in range(90):
        if any(row <= set(k.call(lambda: controller.called)) for row in rows):
            break
        call()
    called = set(k.call(lambda: controller.called))
    for ticket in tickets:
        numbers = {n for row in ticket.grid for n in row if n is not None}
        wait(phone, lambda d, t=ticket, n=numbers: set(shown_tickets(d)[t.serial]["marked"])
             == called & n)
    assert k.call(lambda: controller.claim_phase) is ClaimPhase.CLOSED
    last = k.call(lambda: controller.last)
    wait(phone, lambda d: d.find_element(By.ID, "last").text.strip() == str(last))

    # The Claim button of the ticket with the row: a line, on the page and on the TV.
    click(phone, f'.mine-ticket[data-serial="{target.serial}"] .mine-claim')
    k.wait(lambda: controller.claim_phase is ClaimPhase.VERDICT and controller.result
           is not None and controller.result.serial == target.serial
           and controller.result.valid)
    headline = k.kiosk.tr("claim.valid", stages=k.kiosk.tr("stage.line"))
    panel_css = f'.mine-ticket[data-serial="{target.serial}"] .claim-panel'

    def verdict(d: Any) -> Any:
        found = d.find_elements(By.CSS_SELECTOR, panel_css)
        return found[0] if found and found[0].get_attribute("data-state") == "valid" else None
    panel = wait(phone, verdict)
    assert headline in panel.text
    other = next(t for t in tickets if t is not target)
    assert not phone.find_elements(By.CSS_SELECTOR,
                                   f'.mine-ticket[data-serial="{other.serial}"] .claim-panel')
    k.call(lambda: k.kiosk.frame(time.monotonic()))
    scene = k.call(lambda: k.kiosk.scene)
    assert isinstance(scene, CallerScene) and scene.verdict_drawn is not None
    pygame.image.save(k.call(lambda: k.kiosk.screen.copy()), str(tmp_path / "tv-verdict.png"))
    phone.save_screenshot(str(tmp_path / "phone-verdict.png"))

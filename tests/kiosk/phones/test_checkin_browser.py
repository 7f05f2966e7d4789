"""Dabernā check-in from a phone in a real browser (Debian's headless Chromium, driven by
Selenium as in test_browser.py): the phone opens what the TV's check-in QR code holds, read
off the TV's own screen by zbar, types the TV's code and a ticket's number, taps to check
it in, taps a second ticket of the same strip among those the page then offers, and the
TV's count (the caller's, and the words its check-in panel draws) goes to 2. The page's
"Follow it" then opens that ticket's page, which follows it and cannot claim."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
from PIL import Image
from pyzbar import pyzbar

from tests.kiosk.phones.conftest import LiveKiosk
from tests.kiosk.phones.test_browser import browsers, wait  # noqa: F401  (the fixture)
from tests.kiosk.phones.test_browser import pytestmark as needs_chromium
from tests.kiosk.phones.test_checkin_phone import checking_in, the_box

pytestmark = needs_chromium

from selenium.webdriver.common.by import By  # noqa: E402


def tv_qr(k: LiveKiosk) -> list[str]:
    """The QR codes on the TV's screen, as a phone's camera reads them."""
    screen = k.screen()
    size = screen.get_size()
    image = Image.frombytes("RGB", size, pygame.image.tobytes(screen, "RGB")).convert("L")
    return [found.data.decode("ascii") for found in pyzbar.decode(image)
            if found.type == "QRCODE"]


def tv_count(k: LiveKiosk) -> str | None:
    """The count the TV's check-in panel drew last."""
    def drawn() -> str | None:
        k.kiosk.frame(time.monotonic())
        line = k.kiosk.scene.checkin_drawn.get("checkin|count")
        return None if line is None else line.text
    return k.call(drawn)


def test_two_tickets_checked_in_by_tapping_and_the_tv_counts_2(
        live_kiosk: Callable[..., LiveKiosk], browsers: Callable[[], Any],  # noqa: F811
        tmp_path: Path) -> None:
    k = live_kiosk(game="debarna")
    controller = checking_in(k)
    strip = the_box(k)[0]
    assert tv_count(k) == k.kiosk.tr("checkin.count", count=k.kiosk.tr.digits(0))
    # The TV's check-in panel shows the check-in page's address as a QR code.
    [address] = tv_qr(k)
    assert address == k.hub.checkin_url

    phone = browsers()
    phone.get(k.local(address))
    code = wait(phone, lambda d: d.find_element(By.ID, "code"))
    assert phone.find_element(By.ID, "count").text == "0"
    code.send_keys(k.hub.tv_code.lower())
    phone.find_element(By.ID, "serial").send_keys(strip[0].serial)
    phone.find_element(By.ID, "checkin").click()
    k.wait(lambda: controller.in_play == 1)
    line = wait(phone, lambda d: d.find_element(By.CSS_SELECTOR, "#answer .answer-line"))
    assert line.get_attribute("data-state") == "in_play"
    assert line.text == k.kiosk.tr("phones.checkin.in_play", serial=strip[0].serial)

    # The rest of its strip is offered; a tap on the second ticket checks it in.
    wait(phone, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#strip .chip")) == 5)
    chips = [c.text for c in phone.find_elements(By.CSS_SELECTOR, "#strip .chip")]
    assert chips == [t.serial for t in strip[1:]]
    phone.find_element(By.CSS_SELECTOR, f'#strip .chip[data-serial="{strip[1].serial}"]').click()
    k.wait(lambda: controller.in_play == 2)
    assert k.call(lambda: [t.serial for t in controller.hand.tickets]) == \
        [strip[0].serial, strip[1].serial]
    # The TV's count goes to 2, and the page's with it.
    assert tv_count(k) == k.kiosk.tr("checkin.count", count=k.kiosk.tr.digits(2))
    wait(phone, lambda d: d.find_element(By.ID, "count").text == "2")
    wait(phone, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#strip .chip")) == 4)
    rows = [r.get_attribute("data-serial")
            for r in phone.find_elements(By.CSS_SELECTOR, "#done .done-row")]
    assert rows == [strip[1].serial, strip[0].serial]  # newest first
    phone.save_screenshot(str(tmp_path / "checkin.png"))
    pygame.image.save(k.call(lambda: k.kiosk.screen.copy()), str(tmp_path / "tv-checkin.png"))

    # "Follow it": the ticket's page, following it, with no claim.
    phone.find_element(By.CSS_SELECTOR,
                       f'#done .done-row[data-serial="{strip[0].serial}"] .follow').click()
    shown = wait(phone, lambda d: d.find_element(By.ID, "serial-shown"))
    assert shown.text == f"#{strip[0].serial}"
    assert phone.find_element(By.ID, "claim").get_attribute("disabled") is not None

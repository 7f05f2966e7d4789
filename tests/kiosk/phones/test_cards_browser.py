"""A shop card registered from a phone in a real browser (Debian's headless Chromium, driven
by Selenium as in test_browser.py), then claimed on at the TV (issue 26, must-show 2): the
page takes a generated photo of a card through its camera input, the kiosk reads it, the
page shows the reading to confirm, and the card is registered and put in play; the host
calls until a row of it is complete, types its card number, and the verdict is a line."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame

from benchmarks.card_photos import make_photo
from engines.debarna.hand import Hand
from engines.debarna.options import HandOptions, Stage
from kiosk.config import Config
from kiosk.games.debarna.caller import ClaimPhase
from kiosk.games.debarna.scene import CallerScene
from tests.kiosk.phones.conftest import LiveKiosk
from tests.kiosk.phones.test_browser import browsers, wait  # noqa: F401  (the fixture)
from tests.kiosk.phones.test_browser import pytestmark as needs_chromium
from tests.kiosk.phones.test_checkin_phone import checking_in

pytestmark = needs_chromium

from selenium.webdriver.common.by import By  # noqa: E402

PHOTO_SEED = 1  # a generated photo the reader reads exactly (tests/kiosk/games/debarna: EXACT)


def page_grid(phone: Any) -> list[list[int | None]]:
    """The 3×9 grid the page shows, read in one go."""
    cells = phone.execute_script("""
        return Array.from(document.querySelectorAll('#grid input')).map(function (i) {
          return i.value; });""")
    values = [int(v) if v else None for v in cells]
    return [values[r * 9:(r + 1) * 9] for r in range(3)]


def test_a_photographed_card_is_registered_from_a_phone_and_claimed_on_at_the_tv(
        live_kiosk: Callable[..., LiveKiosk], browsers: Callable[[], Any],  # noqa: F811
        tmp_path: Path) -> None:
    config = replace(Config(), caller=replace(Config().caller, manual=True))
    k = live_kiosk(game="debarna", seed=4, config=config)
    controller = checking_in(k)
    photo = make_photo(PHOTO_SEED)
    picture = tmp_path / f"card{photo.suffix}"
    picture.write_bytes(photo.data)

    phone = browsers()
    phone.get(k.base + "/cards")
    wait(phone, lambda d: d.find_element(By.ID, "title").text != "")
    phone.find_element(By.ID, "code").send_keys(k.hub.tv_code.lower())
    phone.find_element(By.ID, "photo").send_keys(str(picture))
    wait(phone, lambda d: d.find_element(By.ID, "card-box").is_displayed(), timeout=60)
    assert page_grid(phone) == [list(row) for row in photo.grid]
    phone.save_screenshot(str(tmp_path / "phone-reading.png"))
    phone.find_element(By.ID, "name").send_keys("Maman")
    phone.find_element(By.ID, "register").click()
    wait(phone, lambda d: d.find_element(By.ID, "result").is_displayed())
    assert phone.find_element(By.ID, "result-number").text == "1"

    # The card is in play on the TV, held by the name the phone gave.
    k.wait(lambda: controller.in_play == 1)
    card = k.call(lambda: controller.shop["1"])
    assert [list(row) for row in card.grid] == [list(row) for row in photo.grid]
    assert k.call(lambda: controller.holder(card)) == "Maman"

    # The host calls until a row is complete, then types the card's number: a line.
    shadow = Hand(HandOptions(), [card])
    for _ in range(90):
        if Stage.LINE in shadow.reached_on_last():
            break
        number = k.call(lambda: controller.call_next(time.monotonic()))
        assert number is not None
        shadow.call(number)

    def claim() -> Any:
        now = time.monotonic()
        controller.open_claim(now)
        controller.type_serial("1")
        return controller.check_claim(now)
    result = k.call(claim)
    assert result.valid and result.verdict.stages == (Stage.LINE,)
    assert k.call(lambda: controller.claim_phase) is ClaimPhase.VERDICT
    k.call(lambda: k.kiosk.frame(time.monotonic()))
    scene = k.call(lambda: k.kiosk.scene)
    assert isinstance(scene, CallerScene) and scene.verdict_drawn is not None
    pygame.image.save(k.call(lambda: k.kiosk.screen.copy()), str(tmp_path / "tv-verdict.png"))

"""The phone pages in a real browser: Debian's headless Chromium, driven by Selenium.

Four phones join a Bidel table through the TV's join addresses, each page holds only its
own hand, a whole hand is played from the pages (a page reloaded in the middle gets its
seat and hand back) and the journal's record of it is the engine's replay; a ticket page
follows the numbers called and its claim button gets the verdict on the TV and on the
page. Skipped only where Chromium or its driver is not installed (the set-up installs
both: `make test`).
"""

from __future__ import annotations

import shutil
import subprocess
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame
import pytest
from PIL import Image
from pyzbar import pyzbar

from engines.hearts import records as hearts_records
from engines.hearts.rules import Phase
from hardware.printing import write_pdf
from kiosk.config import Config
from kiosk.games.debarna.caller import ClaimPhase
from kiosk.games.debarna.scene import CallerScene
from kiosk.games.debarna.tickets import box
from kiosk.match_journal import MatchJournal, records_for
from kiosk.phones.hub import PhoneSeat

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
PHONE = (390, 844)  # a phone's screen, in CSS pixels

webdriver = pytest.importorskip("selenium.webdriver")
pytestmark = pytest.mark.skipif(
    not (Path(CHROMIUM).exists() and Path(DRIVER).exists()),
    reason="Debian's chromium and chromium-driver are not installed (make test installs them)")

from selenium.common.exceptions import StaleElementReferenceException  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

from tests.kiosk.phones.conftest import LiveKiosk  # noqa: E402

HEARTS_RECORDS = records_for("hearts")


def chromium(profile: Path) -> Any:
    """A headless Chromium the size of a phone, with a profile of its own (its own
    localStorage, as a phone has)."""
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                f"--window-size={PHONE[0]},{PHONE[1]}", f"--user-data-dir={profile}",
                "--no-first-run", "--disable-extensions"):
        options.add_argument(arg)
    driver = webdriver.Chrome(options=options, service=Service(DRIVER))
    driver.set_page_load_timeout(30)
    return driver


@pytest.fixture
def browsers(tmp_path: Path) -> Iterator[Callable[[], Any]]:
    made: list[Any] = []

    def make() -> Any:
        driver = chromium(tmp_path / f"profile{len(made)}")
        made.append(driver)
        return driver

    yield make
    for driver in made:
        driver.quit()


def wait(driver: Any, done: Callable[[Any], Any], timeout: float = 20.0) -> Any:
    return WebDriverWait(driver, timeout, poll_frequency=0.05,
                         ignored_exceptions=(StaleElementReferenceException,)).until(done)


def hand_ids(driver: Any) -> list[str]:
    """The ids of the cards in the page's hand (read in one go: the page may redraw)."""
    return list(driver.execute_script(
        "return Array.from(document.querySelectorAll('#hand .card[data-id]'))"
        ".map(function (e) { return e.dataset.id; });"))


def every_card_id(driver: Any) -> set[str]:
    """The ids of every card anywhere in the page's DOM."""
    return set(driver.execute_script(
        "return Array.from(document.querySelectorAll('.card[data-id]'))"
        ".map(function (e) { return e.dataset.id; });"))


def click(driver: Any, css: str, index: int = 0) -> None:
    """Click the `index`-th element `css` finds, again if the page redrew it meanwhile."""
    for _ in range(50):
        try:
            found = driver.find_elements(By.CSS_SELECTOR, css)
            if len(found) > index:
                found[index].click()
                return
        except StaleElementReferenceException:
            pass
        time.sleep(0.05)
    raise AssertionError(f"nothing to click at {css} [{index}]")


def join(driver: Any, url: str, name: str) -> None:
    driver.get(url)
    for _ in range(50):  # the form may be drawn again as the kiosk's words arrive
        try:
            field = wait(driver, lambda d: d.find_element(By.ID, "name"))
            field.clear()
            field.send_keys(name)
            driver.find_element(By.ID, "join").click()
            return
        except StaleElementReferenceException:
            time.sleep(0.05)
    raise AssertionError("the join form never held still")


# -- four phones at a Bidel table ----------------------------------------------------------


def test_four_phones_play_a_whole_hand_of_bidel(live_kiosk: Callable[..., LiveKiosk],
                                                 browsers: Callable[[], Any],
                                                 tmp_path: Path) -> None:
    k = live_kiosk(game="hearts", seed=11)
    scene = k.table("people4")
    urls = k.join_urls()
    phones = [browsers() for _ in range(4)]
    names = ["Sara", "Babak", "Nasrin", "Omid"]
    for driver, url, name in zip(phones, urls, names, strict=True):
        join(driver, url, name)
    k.wait(lambda: all(isinstance(s, PhoneSeat) for s in scene.table.seats))
    assert [s.name for s in k.call(lambda: scene.table.seats)] == names
    assert k.call(lambda: scene.table.people) == ()  # nobody's hand is on the TV

    def own(seat: int) -> set[str]:
        return {str(c) for c in k.call(lambda: scene.state.view(seat).hand)}

    k.wait(lambda: scene.state.phase is Phase.PASS)
    for seat, driver in enumerate(phones):
        wait(driver, lambda d: len(hand_ids(d)) == 13)
        assert set(hand_ids(driver)) == own(seat)
        # The whole page holds its own 13 cards and no other: no other seat's card is
        # anywhere in its DOM, and the address no longer holds the used join code.
        assert every_card_id(driver) == own(seat)
        assert "/join/" not in driver.current_url

    # The TV shows the public table: every hand face down, no privacy screen.
    k.call(lambda: k.kiosk.frame(time.monotonic()))
    assert k.call(lambda: scene.shown_hand) == ()
    assert k.call(lambda: scene.privacy) is None

    reloaded = False
    for _ in range(400):
        state = k.call(lambda: (scene.state.phase, scene.state.hand_number,
                                scene.state.current_player, len(scene.state.tricks)))
        phase, number, actor, tricks = state
        if number >= 1 or phase is Phase.OVER:
            break
        if actor is None or actor < 0:
            k.wait(lambda: scene.state.current_player not in (None, -1), 10)
            continue
        driver = phones[actor]
        if not reloaded and tricks == 5 and actor == 2:
            # Phone 2 reloads in the middle of the hand: its seat and its cards come back.
            driver.refresh()
            wait(driver, lambda d: set(hand_ids(d)) == own(2) and len(hand_ids(d)) == 8)
            assert every_card_id(driver) - own(2) <= trick_ids(k, scene)
            reloaded = True
        if phase is Phase.PASS:
            wait(driver, lambda d: d.find_elements(By.ID, "select-send"))
            for index in range(3):
                click(driver, "#hand .card", index)
            wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#hand .picked")) == 3)
            click(driver, "#select-send")
        else:
            wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#hand .card.legal"))
            click(driver, "#hand .card.legal")
        k.wait(lambda before=state: (scene.state.phase, scene.state.hand_number,  # type: ignore
                                     scene.state.current_player,
                                     len(scene.state.tricks)) != before)
    assert reloaded
    assert k.call(lambda: scene.state.hand_number) == 1  # the whole hand was played
    # Every decision was a phone's: none was the computer's for a person out of time.
    assert k.call(lambda: [s.name for s in scene.table.seats]) == names

    # The hand's record in the journal is the engine's replay of it.
    live = k.call(lambda: scene.state.clone())
    record = k.call(lambda: MatchJournal(k.kiosk.journal.store, HEARTS_RECORDS).unfinished())
    assert record is not None
    journaled = record[0].state
    assert hearts_records.events(journaled) == hearts_records.events(live)
    replayed = hearts_records.replay(hearts_records.events(live))
    assert hearts_records.dumps(replayed) == hearts_records.dumps(live)
    assert live.results[0].points == tuple(live.scores) and sum(live.scores) == 26

    # Each page shows the hand's scores.
    for driver in phones:
        wait(driver, lambda d: d.find_elements(By.ID, "result"))
    for seat, driver in enumerate(phones):
        driver.save_screenshot(str(tmp_path / f"phone{seat}.png"))
    pygame.image.save(k.call(lambda: k.kiosk.screen.copy()), str(tmp_path / "tv.png"))


def trick_ids(k: LiveKiosk, scene: Any) -> set[str]:
    """The cards played in the open this hand (a page may show the trick in play)."""
    return {str(c) for t in k.call(lambda: scene.state.view(0).tricks) for c in t.cards} | \
        {str(c) for c in k.call(lambda: scene.state.view(0).trick.cards)}


# -- a Dabernā ticket on a phone ------------------------------------------------------------


def test_a_phone_ticket_marks_the_calls_and_its_claim_gets_the_verdict(
        live_kiosk: Callable[..., LiveKiosk], browsers: Callable[[], Any],
        tmp_path: Path) -> None:
    config = replace(Config(), caller=replace(Config().caller, manual=True))
    k = live_kiosk(game="debarna", seed=4, config=config)
    controller = k.kiosk.controller
    codes = k.kiosk.codes
    assert codes is not None
    k.call(lambda: k.kiosk.show("caller"))
    k.wait(lambda: controller.hand is not None)
    strip = box(config.tickets.strips, config.tickets.seed)[0]
    ticket = strip[0]
    # The ticket as printed, with phones on: its QR code, read back from the PDF by zbar,
    # is the ticket page's address with the signed code in it.
    pdf = tmp_path / "tickets.pdf"
    write_pdf([strip], codes, pdf, k.hub.base_url)
    subprocess.run(["pdftoppm", "-r", "150", "-png", "-f", "1", "-l", "1", str(pdf),
                    str(tmp_path / "page")], check=True)
    page = Image.open(next(tmp_path.glob("page-*.png"))).convert("L")
    read = [found.data.decode("ascii") for found in pyzbar.decode(page)
            if found.type == "QRCODE"]
    address = next(text for text in read if codes.verify(text).ticket == ticket)
    assert address == f"{k.hub.base_url.upper()}/T/{codes.encode(ticket)}"

    phone = browsers()
    phone.get(address)  # what the phone's camera opens
    wait(phone, lambda d: d.find_elements(By.CSS_SELECTOR, "#ticket [data-number]"))
    shown = {int(e.get_attribute("data-number")) for e in
             phone.find_elements(By.CSS_SELECTOR, "#ticket [data-number]")}
    numbers = {n for row in ticket.grid for n in row if n is not None}
    assert shown == numbers

    def marked() -> set[int]:
        return {int(e.get_attribute("data-number")) for e in
                phone.find_elements(By.CSS_SELECTOR, "#ticket .called[data-number]")}

    def call(count: int) -> None:
        for _ in range(count):
            k.call(lambda: controller.next_number(time.monotonic()))

    call(3)
    called = set(k.call(lambda: controller.called))
    wait(phone, lambda d: marked() == called & numbers)
    last = k.call(lambda: controller.last)
    wait(phone, lambda d: d.find_element(By.ID, "last").text.strip() == str(last))

    # A claim too early: refused, on the TV and on the page; calling waits.
    phone.find_element(By.ID, "claim").click()
    k.wait(lambda: controller.claim_phase is ClaimPhase.VERDICT)
    assert k.call(lambda: controller.result.valid) is False
    assert isinstance(k.call(lambda: k.kiosk.scene), CallerScene)
    wait(phone, lambda d: d.find_element(By.ID, "claim-panel").get_attribute("data-state")
         == "refused")
    k.call(lambda: controller.resume(time.monotonic()))

    # Call until a row of the ticket is complete, then claim on that number: valid.
    rows = [{n for n in row if n is not None} for row in ticket.grid]
    for _ in range(90):
        if any(row <= set(k.call(lambda: controller.called)) for row in rows):
            break
        call(1)
    wait(phone, lambda d: marked() == set(k.call(lambda: controller.called)) & numbers)
    phone.find_element(By.ID, "claim").click()
    k.wait(lambda: controller.claim_phase is ClaimPhase.VERDICT and controller.result
           is not None and controller.result.serial == ticket.serial
           and controller.result.valid)
    panel = wait(phone, lambda d: d.find_element(By.ID, "claim-panel")
                 if d.find_element(By.ID, "claim-panel").get_attribute("data-state") == "valid"
                 else None)
    headline = k.kiosk.tr("claim.valid", stages=k.kiosk.tr("stage.line"))
    assert headline in panel.text
    # The TV shows the same verdict: its claim panel drawn with the ticket's card.
    k.call(lambda: k.kiosk.frame(time.monotonic()))
    scene = k.call(lambda: k.kiosk.scene)
    assert isinstance(scene, CallerScene) and scene.verdict_drawn is not None
    pygame.image.save(k.call(lambda: k.kiosk.screen.copy()), str(tmp_path / "tv-verdict.png"))
    phone.save_screenshot(str(tmp_path / "phone-verdict.png"))

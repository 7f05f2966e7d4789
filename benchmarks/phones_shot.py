"""Screenshots of the phone pages for the README: a Bidel hand, a Debertz bid, a Dabernā
ticket, the Dabernā check-in and a phone's fresh tickets on a phone, in English and in
Persian, and the TV's phones panel.

The real kiosk runs headless (SDL's dummy driver) with its phones' server on the loopback
only; its frames run on a thread of their own, the only one that touches the game (the
script hands that thread its work between two frames, as the app's loop would answer a
key). The phones are Debian's headless Chromium, driven by Selenium, with Chrome's mobile
emulation: a screen of 390×844 CSS pixels at 2 device pixels to one. Each browser has a
fresh profile, so a page follows the kiosk's language as a new phone's does.

- docs/phones-hand-<lang>.png: a Bidel table for four people, each on a phone; the
  first phone's seat (South) to play onto a trick, its legal cards lit.
- docs/phones-bid-<lang>.png: a Debertz table, South on a phone at the bidding, with the
  calls the rules allow (the second round when one of a few deals reaches it there).
- docs/phones-nard-<lang>.png: Takhteh Nard, Light on a phone against the medium
  computer, in the middle of a game: Light's roll to play, a checker lifted and the
  points it may go to lit (a hit marked) — the same step picker as the TV's.
- docs/phones-ticket-<lang>.png: a ticket opened through the address in its printed QR
  code, numbers called by hand (the caller in manual mode) until six of the
  ticket's are called, the last one among them.
- docs/phones-checkin-<lang>.png: the check-in page, opened from the address in the TV's
  check-in QR code while the TV checks tickets in (three of another family's already in
  play): the TV's code typed, a ticket's number typed and checked in, a second ticket of
  its strip tapped among the four others offered.
- docs/phones-take-<lang>.png: a phone with no paper ticket at check-in: the TV's code and
  a name typed, two fresh tickets taken, and the page that is those tickets, with a few
  numbers called by hand (none completing a row). The tickets are drawn afresh by the
  kiosk's own generator, so their numbers differ from run to run.
- docs/phones-tv-panel.png: the TV's phones panel over the Bidel table (English), South
  on a phone, a QR code for each other seat; docs/phones-tv-table.png: the TV with all
  four seats on phones, every hand face down. Both 1920×1080, 256-colour PNGs.

The QR codes and addresses on the TV name the kiosk as `debarna.local` on port 8080 (the
config's [phones] name and port), as a home network with that name would see them; the
browsers reach the same server on the loopback, on whatever port was free.

The pictures are the same from run to run: each kiosk's random secrets (join codes, the
TV's code, seats' secrets, the ticket key) come from a generator seeded afresh for each
picture (`seeded_secrets`); the addresses on the TV name port 8080 whichever port the
server got; the pages' animations stand still at their start and their clock stands still
at the page's opening (a turn's countdown shows the seconds the kiosk sent).
"""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import secrets
import shutil
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any, TypeVar

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.shots import headless, save_shot  # noqa: E402

headless()
from PIL import Image  # noqa: E402
from selenium import webdriver  # noqa: E402
from selenium.common.exceptions import StaleElementReferenceException  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

from benchmarks.live_kiosk import LiveKiosk  # noqa: E402
from engines.backgammon.rules import Phase as NardPhase  # noqa: E402
from engines.debertz.rules import Phase as DebertzPhase  # noqa: E402
from engines.hearts.rules import Phase as HeartsPhase  # noqa: E402
from kiosk.config import Action, Config  # noqa: E402
from kiosk.games.backgammon import screen_bot  # noqa: E402
from kiosk.games.debarna.tickets import box  # noqa: E402
from kiosk.phones.hub import PhoneSeat  # noqa: E402

T = TypeVar("T")
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
PHONE = {"width": 390, "height": 844, "pixelRatio": 2.0}  # CSS pixels, device pixels per
HOST = "debarna.local"  # the kiosk's name in the TV's addresses
NAMES = {"en": ("Sara", "Babak", "Nasrin", "Omid"), "fa": ("سارا", "بابک", "نسرین", "امید")}
MARKED = 6  # numbers of the ticket called before its picture (the last one among them)
STILL_CLOCK = "(() => { const opened = Date.now(); Date.now = () => opened; })();"
STILL_ANIMATIONS = "document.getAnimations().forEach(a => { a.pause(); a.currentTime = 0; });"


class Shot(LiveKiosk):
    """The kiosk for one picture: its random secrets seeded from `seed` (made anew before
    the kiosk is), the TV's addresses naming the config's [phones] name and port, and its
    game clock standing still at `clock` (the frames run, the turn clock never runs down:
    a turn's countdown shows its whole time on the TV and on the phones)."""

    def __init__(self, game: str, lang: str, seed: int, config: Config) -> None:
        super().__init__(game=game, lang=lang, seed=seed, config=config, port=0)
        self.seed = seed
        self.clock = 0.0

    def start(self) -> Shot:
        seeded_secrets(self.seed)
        super().start()
        self.clock = time.monotonic()
        phones = self.config.phones
        frame = self.kiosk.frame

        def still() -> None:
            self.hub.base_url = f"http://{phones.name}:{phones.port}"
            self.kiosk.frame = lambda now: frame(self.clock)  # type: ignore[method-assign]

        self.call(still)
        return self

    def screen(self) -> Any:
        """The TV's screen once every card on it is drawn as itself (a card's face painted
        by the worker processes may still be on its way), as the kiosk's screenshot waits."""
        self.wait(lambda: getattr(self.kiosk.scene, "settled", True))
        return super().screen()

    def __enter__(self) -> Shot:
        return self.start()


def seeded_secrets(seed: int) -> None:
    """Python's `secrets` (the join codes, the TV's code, the seats' and tickets' secrets,
    a new ticket key) drawn from a generator seeded with `seed`, for this process."""
    rng = random.Random(seed)
    secrets.token_bytes = lambda nbytes=None: rng.randbytes(
        secrets.DEFAULT_ENTROPY if nbytes is None else nbytes)
    secrets.choice = rng.choice


def running(game: str, lang: str, seed: int, config: Config, data: Path) -> Shot:
    """The kiosk for one picture, with a journal of its own made anew (started by `with`)."""
    os.environ["DEBARNA_DATA_DIR"] = str(data)
    return Shot(game, lang, seed, config)


def kiosk_config(manual: bool = False) -> Config:
    config = Config()
    return replace(config, voice=replace(config.voice, enabled=False),
                   caller=replace(config.caller, manual=manual),
                   phones=replace(config.phones, name=HOST, bind="127.0.0.1"))


# -- the phones ---------------------------------------------------------------------------


def phone(profile: Path) -> Any:
    """A headless Chromium with a phone's screen and a profile of its own."""
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                f"--user-data-dir={profile}", "--no-first-run", "--disable-extensions",
                "--hide-scrollbars"):
        options.add_argument(arg)
    options.add_experimental_option("mobileEmulation", {"deviceMetrics": PHONE})
    driver = webdriver.Chrome(options=options, service=Service(DRIVER))
    driver.set_page_load_timeout(30)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": STILL_CLOCK})
    return driver


def wait(driver: Any, done: Callable[[Any], Any], timeout: float = 30.0) -> Any:
    return WebDriverWait(driver, timeout, poll_frequency=0.05,
                         ignored_exceptions=(StaleElementReferenceException,)).until(done)


def join(driver: Any, url: str, name: str) -> None:
    """Take a seat as a person does: open the TV's join address, type a name, press."""
    driver.get(url)
    wait(driver, lambda d: d.find_element(By.ID, "name")).send_keys(name)
    driver.find_element(By.ID, "join").click()


def join_by_post(k: LiveKiosk, url: str, name: str) -> None:
    """Take a seat with the join page's own request (a phone whose page is not pictured)."""
    code = url.rsplit("/", 1)[1]
    request = urllib.request.Request(
        f"http://127.0.0.1:{k.port}/api/join", method="POST",
        data=json.dumps({"code": code, "name": name}).encode(),
        headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        json.loads(answer.read())


def settled(driver: Any) -> None:
    """The page drawn with its fonts loaded and its last model shown, its animations (the
    pulse of "your turn") stopped at their start, so a picture shows the same frame."""
    wait(driver, lambda d: d.execute_script("return document.fonts.status") == "loaded")
    time.sleep(0.6)
    driver.execute_script(STILL_ANIMATIONS)


def save_phone(driver: Any, out: Path) -> None:
    """The phone's screen, as a PNG of at most 256 colours when that keeps it readable."""
    image = Image.open(io.BytesIO(driver.get_screenshot_as_png())).convert("RGB")
    out.parent.mkdir(parents=True, exist_ok=True)
    image.quantize(256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).save(
        out, optimize=True)
    print(f"saved {out} ({image.width}x{image.height})")


# -- the pictures --------------------------------------------------------------------------


def table(k: LiveKiosk, game: str, mode: str) -> Any:
    """`game`'s table on the TV, a new game started the way `mode`."""
    def start() -> Any:
        scene = k.kiosk.show(game)
        scene.start(next(m for m in scene.modes if m.key == mode).bots, mode)
        k.hub.sit_at(scene)
        return scene
    return k.call(start)


def join_url(k: LiveKiosk, seat: int) -> str:
    url = k.call(lambda: k.hub.join_url(seat))
    assert url is not None, f"seat {seat} has no join code"
    return url


def bidel(lang: str, out: Path, profiles: Path, tv: bool) -> None:
    """A Bidel hand on South's phone; with `tv`, the TV's phones panel and the table with
    four phones."""
    names = NAMES[lang]
    with running("hearts", lang, 5, kiosk_config(), profiles / f"data-hearts-{lang}") as k:
        scene = table(k, "hearts", "people4")

        def onto_a_trick(state: Any) -> bool:
            return state.phase is HeartsPhase.PLAY and state.current_player == 0 and \
                len(state.trick) >= 2 and 2 <= len(state.tricks) <= 6

        k.call(lambda: scene.fast_forward(onto_a_trick))
        assert k.call(lambda: onto_a_trick(scene.state)), "no trick for South to play onto"
        driver = phone(profiles / f"hand-{lang}")
        try:
            join(driver, k.local(join_url(k, 0)), names[0])
            k.wait(lambda: isinstance(scene.table.seats[0], PhoneSeat))
            if tv:  # the panel with South on a phone and a code for each other seat
                k.call(lambda: scene.handle(Action.PHONES, "", k.clock))
                save_shot(k.screen(), out / "phones-tv-panel.png")
                k.call(lambda: scene.handle(Action.PHONES, "", k.clock))
            for seat in (1, 2, 3):
                join_by_post(k, join_url(k, seat), names[seat])
            k.wait(lambda: all(isinstance(s, PhoneSeat) for s in scene.table.seats))
            wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#hand .card.legal"))
            settled(driver)
            save_phone(driver, out / f"phones-hand-{lang}.png")
            if tv:
                save_shot(k.screen(), out / "phones-tv-table.png")
        finally:
            driver.quit()


def debertz(lang: str, out: Path, profiles: Path) -> None:
    """South on a phone at a Debertz table's bidding, its calls as buttons."""
    with running("debertz", lang, 5, kiosk_config(), profiles / f"data-debertz-{lang}") as k:
        def bidding(state: Any) -> bool:
            return state.phase is DebertzPhase.BID and state.turn == 0

        def second_round(state: Any) -> bool:
            return bidding(state) and state.round == 2

        scene = None
        for _ in range(12):  # a few deals, for one that reaches South in the second round
            scene = table(k, "debertz", "medium")
            k.call(lambda s=scene: s.fast_forward(
                lambda st: second_round(st) or st.phase is DebertzPhase.PLAY))
            if k.call(lambda s=scene: second_round(s.state)):
                break
        else:
            scene = table(k, "debertz", "medium")
            k.call(lambda s=scene: s.fast_forward(bidding))
        assert scene is not None and k.call(lambda: bidding(scene.state))
        driver = phone(profiles / f"bid-{lang}")
        try:
            join(driver, k.local(join_url(k, 0)), NAMES[lang][0])
            wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#offers button"))
            settled(driver)
            save_phone(driver, out / f"phones-bid-{lang}.png")
        finally:
            driver.quit()


def nard(lang: str, out: Path, profiles: Path) -> None:
    """Light on a phone at Takhteh Nard against the medium computer, a checker of its roll
    lifted with its points lit."""
    with running("backgammon", lang, 6, kiosk_config(), profiles / f"data-nard-{lang}") as k:
        scene = table(k, "backgammon", "medium")
        driver = phone(profiles / f"nard-{lang}")
        try:
            join(driver, k.local(join_url(k, 0)), NAMES[lang][0])
            k.wait(lambda: isinstance(scene.table.seats[0], PhoneSeat))

            def to_move(state: Any) -> bool:  # Light's roll to play, with a hit among them
                if len(state.history) < 24 or state.phase is not NardPhase.MOVE \
                        or state.turn != 0 or scene.picker is None or scene.forcing:
                    return False
                return any(scene.picker.hits(s) for s in scene.picker.sources())

            def forward() -> None:
                scene.table.level_bot = screen_bot  # the medium computer plays Light meanwhile
                scene.table.fast_forward(to_move)
                scene.table.level_bot = None

            k.call(forward)
            assert k.call(lambda: to_move(scene.state)), "no roll of Light's with a hit"
            source = k.call(lambda: next(s for s in scene.picker.sources()
                                         if scene.picker.hits(s)))
            wait(driver, lambda d: d.find_elements(
                By.CSS_SELECTOR, f'#nard-board g.tappable[data-point="{source}"]'))
            driver.find_element(By.CSS_SELECTOR,
                                f'#nard-board g.tappable[data-point="{source}"]').click()
            wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#nard-board g.hit"))
            settled(driver)
            save_phone(driver, out / f"phones-nard-{lang}.png")
        finally:
            driver.quit()


def ticket(lang: str, out: Path, profiles: Path) -> None:
    """A ticket opened from its printed QR code's address, numbers called by hand."""
    config = kiosk_config(manual=True)
    with running("debarna", lang, 4, config, profiles / f"data-debarna-{lang}") as k:
        controller = k.kiosk.controller
        codes = k.kiosk.codes
        assert codes is not None, "the kiosk has no ticket key"
        k.call(lambda: k.kiosk.show("caller"))
        k.wait(lambda: controller.hand is not None)
        card = box(config.tickets.strips, config.tickets.seed)[0][0]
        printed = codes.link(card, k.hub.base_url)  # what the ticket's QR code holds
        driver = phone(profiles / f"ticket-{lang}")
        try:
            driver.get(k.local(printed))
            wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#ticket [data-number]"))
            rows = [{n for n in row if n is not None} for row in card.grid]
            numbers = set().union(*rows)
            called: set[int] = set()
            for _ in range(90):  # on until enough of the ticket is marked, none of its rows
                last = k.call(lambda: controller.next_number(k.clock))
                called = set(k.call(lambda: controller.called))
                if any(row <= called for row in rows):  # too far: a row is complete
                    raise RuntimeError("no call left the ticket marked and unclaimed")
                if len(called & numbers) >= MARKED and last in numbers:
                    break
            wait(driver, lambda d: {int(e.get_attribute("data-number")) for e in
                                    d.find_elements(By.CSS_SELECTOR,
                                                    "#ticket .called[data-number]")}
                 == called & numbers)
            wait(driver, lambda d: d.find_element(By.ID, "last").get_attribute("data-number")
                 == str(last))
            settled(driver)
            save_phone(driver, out / f"phones-ticket-{lang}.png")
        finally:
            driver.quit()


def host_checking_in(k: Shot) -> Any:
    """The caller on the TV checking tickets in, as a kiosk with a host has it (the
    headless kiosk plays its box at once): a hand dealt with no ticket in play, paused
    before its first call. Returns the caller."""
    controller = k.kiosk.controller
    k.call(lambda: k.kiosk.show("caller"))
    k.wait(lambda: controller.hand is not None)

    def host() -> None:
        controller.check_in = True
        controller.hand = None
        controller.tickets = ()
        controller.start_hand(k.clock)

    k.call(host)
    return controller


def checkin(lang: str, out: Path, profiles: Path) -> None:
    """The check-in page on a phone, two tickets of a strip checked in from it."""
    config = kiosk_config()
    with running("debarna", lang, 4, config, profiles / f"data-checkin-{lang}") as k:
        controller = host_checking_in(k)
        strips = box(config.tickets.strips, config.tickets.seed)

        def others() -> None:
            """Three tickets of another family's checked in."""
            for ticket in strips[3][:3]:
                controller.check_in_ticket(ticket, k.clock)

        k.call(others)
        strip = strips[1]
        driver = phone(profiles / f"checkin-{lang}")
        try:
            driver.get(k.local(k.hub.checkin_url))
            wait(driver, lambda d: d.find_element(By.ID, "code")).send_keys(k.hub.tv_code)
            driver.find_element(By.ID, "serial").send_keys(strip[2].serial)
            driver.find_element(By.ID, "checkin").click()
            chip = f'#strip .chip[data-serial="{strip[0].serial}"]'
            wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, chip))
            driver.find_element(By.CSS_SELECTOR, chip).click()
            wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#strip .chip")) == 4)
            wait(driver, lambda d: d.find_element(By.ID, "count").get_attribute("textContent")
                 == ("۵" if lang == "fa" else "5"))
            driver.execute_script("document.activeElement.blur();")
            settled(driver)
            save_phone(driver, out / f"phones-checkin-{lang}.png")
        finally:
            driver.quit()


def take(lang: str, out: Path, profiles: Path) -> None:
    """A phone takes two fresh tickets at check-in; its page holds them as numbers are
    called by hand."""
    config = kiosk_config(manual=True)
    with running("debarna", lang, 4, config, profiles / f"data-take-{lang}") as k:
        controller = host_checking_in(k)
        driver = phone(profiles / f"take-{lang}")
        try:
            driver.get(k.local(k.hub.checkin_url))
            wait(driver, lambda d: d.find_element(By.ID, "take-box").is_displayed())
            driver.find_element(By.ID, "code").send_keys(k.hub.tv_code)
            driver.find_element(By.ID, "take-name").send_keys("شیرین" if lang == "fa"
                                                              else "Shirin")
            driver.find_element(By.ID, "take-more").click()
            driver.find_element(By.ID, "take").click()
            wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, ".mine-ticket")) == 2)
            k.wait(lambda: controller.in_play == 2)
            tickets = k.call(lambda: list(controller.hand.tickets))
            rows = [{n for n in row if n is not None} for t in tickets for row in t.grid]
            numbers = set().union(*rows)
            last = None
            for _ in range(90):  # on until some of each ticket is marked, no row complete
                last = k.call(lambda: controller.next_number(k.clock))
                called = set(k.call(lambda: controller.called))
                if any(row <= called for row in rows):
                    raise RuntimeError("no call left the tickets marked and unclaimed")
                if len(called & numbers) >= MARKED and last in numbers:
                    break
            wait(driver, lambda d: d.find_element(By.ID, "last").get_attribute("data-number")
                 == str(last))
            driver.execute_script("document.activeElement.blur(); window.scrollTo(0, 0);")
            settled(driver)
            save_phone(driver, out / f"phones-take-{lang}.png")
        finally:
            driver.quit()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs"), help="the folder to save in")
    parser.add_argument("--only", choices=("bidel", "debertz", "nard", "ticket", "checkin",
                                           "take"),
                        help="make only this game's pictures")
    args = parser.parse_args()
    out = Path(args.out)
    for path in (CHROMIUM, DRIVER):
        if not Path(path).exists():
            print(f"{path} is missing: apt-get install chromium chromium-driver",
                  file=sys.stderr)
            return 1
    with tempfile.TemporaryDirectory(prefix="phones-shot-") as tmp:
        profiles = Path(tmp) / "profiles"
        for lang in ("en", "fa"):
            wanted = {args.only} if args.only else {"bidel", "debertz", "nard", "ticket",
                                                    "checkin", "take"}
            if "bidel" in wanted:
                bidel(lang, out, profiles, tv=lang == "en")
            if "debertz" in wanted:
                debertz(lang, out, profiles)
            if "nard" in wanted:
                nard(lang, out, profiles)
            if "ticket" in wanted:
                ticket(lang, out, profiles)
            if "checkin" in wanted:
                checkin(lang, out, profiles)
            if "take" in wanted:
                take(lang, out, profiles)
    return 0


if __name__ == "__main__":
    sys.exit(main())

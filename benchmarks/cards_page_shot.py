"""Screenshots of the phone page that registers a shop set's card, in English and in Persian:
a generated photo of a card taken through the page's camera input, read by the kiosk, and
shown to confirm (docs/phones-card-<lang>.png), and the answer once it is registered
(docs/phones-card-done-<lang>.png).

Run with ``make screenshots`` or ``.venv/bin/python benchmarks/cards_page_shot.py [--out
docs] [--seed N]``. The kiosk and the phone are those of benchmarks/phones_shot.py: the
real kiosk headless with its phones' server on the loopback, the TV checking tickets in,
and Debian's headless Chromium with a phone's screen of 390×844 CSS pixels. The photo is
`benchmarks.card_photos.make_photo(seed)`; the reader is the kiosk's own.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from selenium.webdriver.common.by import By  # noqa: E402

from benchmarks.card_photos import make_photo  # noqa: E402
from benchmarks.phones_shot import (  # noqa: E402
    CHROMIUM,
    DRIVER,
    host_checking_in,
    kiosk_config,
    phone,
    running,
    save_phone,
    settled,
    wait,
)


def card_page(lang: str, out: Path, work: Path, seed: int) -> None:
    """The page with a photo read, then with the card registered."""
    photo = make_photo(seed)
    picture = work / f"card-{seed}{photo.suffix}"
    picture.write_bytes(photo.data)
    with running("debarna", lang, 4, kiosk_config(manual=True), work / f"data-{lang}") as k:
        host_checking_in(k)
        driver = phone(work / f"profile-{lang}")
        try:
            driver.get(f"http://127.0.0.1:{k.port}/cards")
            wait(driver, lambda d: d.find_element(By.ID, "title").text != "")
            driver.find_element(By.ID, "code").send_keys(k.hub.tv_code)
            driver.find_element(By.ID, "photo").send_keys(str(picture))
            wait(driver, lambda d: d.find_element(By.ID, "card-box").is_displayed()
                 or "bad" in d.find_element(By.ID, "status").get_attribute("class"), 90)
            if not driver.find_element(By.ID, "card-box").is_displayed():
                raise SystemExit(f"photo {seed}: "
                                 f"{driver.find_element(By.ID, 'status').text}")
            driver.find_element(By.ID, "name").send_keys("مامان" if lang == "fa" else "Mum")
            driver.execute_script("document.activeElement.blur();"
                                  "document.getElementById('status').scrollIntoView();")
            settled(driver)
            save_phone(driver, out / f"phones-card-{lang}.png")
            driver.find_element(By.ID, "register").click()
            wait(driver, lambda d: d.find_element(By.ID, "result").is_displayed())
            driver.execute_script("window.scrollTo(0, 0);")
            settled(driver)
            save_phone(driver, out / f"phones-card-done-{lang}.png")
            print(f"{lang}: registered as card "
                  f"{driver.find_element(By.ID, 'result-number').text}")
        finally:
            driver.quit()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs"), help="the folder to save in")
    parser.add_argument("--seed", type=int, default=1, help="the generated photo's seed")
    args = parser.parse_args()
    for path in (CHROMIUM, DRIVER):
        if not Path(path).exists():
            print(f"{path} is missing: apt-get install chromium chromium-driver",
                  file=sys.stderr)
            return 1
    with tempfile.TemporaryDirectory(prefix="cards-shot-") as tmp:
        for lang in ("en", "fa"):
            card_page(lang, Path(args.out), Path(tmp), args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())

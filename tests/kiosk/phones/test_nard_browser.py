"""Takhteh Nard between two phones in a real browser: Debian's headless Chromium, driven by
Selenium, on the kiosk's real server.

Two pages take the two sides through the TV's join addresses and play a whole game against
each other by tapping, as a person would: rolling, picking a checker and its point, Done;
one side doubles and the other takes; one page is reloaded in the middle and has its side
and its board back. After every move each page's board, dice and cube are the TV's (its
checkers on each point, in its own numbering), and the journal's record of the game is the
engine's replay. Screenshots of both pages (English and Persian) are saved. Skipped only
where Chromium or its driver is missing (the set-up installs both).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame
import pytest

from engines.backgammon import records as nard_records
from engines.backgammon.rules import Phase
from kiosk.games.backgammon.phone import sides_of
from kiosk.phones.hub import PhoneSeat
from tests.kiosk.phones.conftest import LiveKiosk
from tests.kiosk.phones.test_browser import (
    browsers,  # noqa: F401  (the fixture)
    join,
    wait,
)

pytest.importorskip("selenium.webdriver")
from selenium.common.exceptions import (
    ElementClickInterceptedException,
    StaleElementReferenceException,
)
from selenium.webdriver.common.by import By

TURNS = 400  # a bound on the decisions of one game (a random game takes about 120)
DOUBLE_AT = 6  # the decision at which the side on turn doubles (and the other takes)
RELOAD_AT = 30  # the decision before which the second page is reloaded


def board_of(driver: Any) -> dict[str, Any]:
    """What the page draws: each point's count and owner, the bar, the tray, the dice, the
    cube (read in one go: the page may redraw meanwhile)."""
    return dict(driver.execute_script("""
        var out = {points: {}, dice: [], cube: null};
        document.querySelectorAll('#nard-board g.point[data-point]').forEach(function (g) {
          var n = +g.dataset.count, owner = g.dataset.owner;
          out.points[g.dataset.point] = owner === 'theirs' ? -n : n;
        });
        var bar = document.querySelector('#nard-board g.bar[data-point="25"]');
        var tray = document.querySelector('#nard-board g.tray-mine[data-point="0"]');
        out.bar = bar ? +bar.dataset.count : null;
        out.off = tray ? +tray.dataset.count : null;
        document.querySelectorAll('#nard-dice g.die[data-value]').forEach(function (d) {
          out.dice.push(+d.dataset.value);
        });
        var cube = document.getElementById('nard-cube');
        out.cube = cube ? [+cube.dataset.value, cube.dataset.owner] : null;
        return out;"""))


def tv_board(k: LiveKiosk, scene: Any, seat: int) -> dict[str, Any]:
    """The same, from the TV's own board (as shown: a turn's steps as they are made)."""
    def take() -> dict[str, Any]:
        points, bar, off = sides_of(scene.shown_board(), seat)
        state = scene.state
        dice = list(state.dice) if state.dice is not None else []
        if len(dice) == 2 and dice[0] == dice[1]:
            dice = dice * 2  # a double is drawn as four dice
        owner = state.cube_owner
        cube = [state.cube_value, "centre" if owner is None else
                "you" if owner == seat else "them"]
        return {"points": {str(i + 1): n for i, n in enumerate(points)}, "bar": bar[0],
                "off": off[0], "dice": sorted(dice), "cube": cube}
    return k.call(take)


def same_as_tv(driver: Any, k: LiveKiosk, scene: Any, seat: int) -> bool:
    page = board_of(driver)
    page["dice"] = sorted(page["dice"])
    return bool(page == tv_board(k, scene, seat))


def press(driver: Any, css: str) -> bool:
    """Tap the first element `css` finds; False if there is none (or it just went)."""
    for _ in range(20):
        found = driver.find_elements(By.CSS_SELECTOR, css)
        if not found:
            return False
        try:
            found[0].click()
            return True
        except (StaleElementReferenceException, ElementClickInterceptedException):
            time.sleep(0.05)
    return False


def moment(scene: Any) -> tuple[Any, ...]:
    """Where the game is (on the frame loop's thread): its actions, the turn's steps, a
    result shown, the phase, the cube."""
    return (len(scene.state.history), len(scene.picker.steps) if scene.picker is not None
            else -1, scene.result is not None, scene.state.phase, scene.state.cube_value)


def test_two_phones_play_a_whole_game_of_takhteh_nard(
        live_kiosk: Callable[..., LiveKiosk], browsers: Callable[[], Any],  # noqa: F811
        tmp_path: Path) -> None:
    k = live_kiosk(game="backgammon", seed=9)
    scene = k.table("hotseat")
    k.call(lambda: setattr(scene.table, "pacing", replace(scene.table.pacing, computer=0.05)))
    urls = k.join_urls()
    phones = [browsers(), browsers()]
    for driver, url, name in zip(phones, urls, ("Sara", "Babak"), strict=True):
        join(driver, url, name)
    k.wait(lambda: all(isinstance(s, PhoneSeat) for s in scene.table.seats))
    assert k.call(lambda: scene.table.people) == ()  # nobody plays at the TV
    for seat, driver in enumerate(phones):
        wait(driver, lambda d, s=seat: same_as_tv(d, k, scene, s))
        assert "/join/" not in driver.current_url

    doubled = reloaded = False
    shots: dict[str, bool] = {}
    for turn in range(TURNS):
        now = k.call(lambda: moment(scene))
        if now[2]:  # the game is over: its result is on both pages
            break
        seat = k.call(lambda: scene.person_to_decide())
        if seat is None:  # a chance step or a play made for a person: it moves by itself
            k.wait(lambda before=now: moment(scene) != before, 10)  # type: ignore
            continue
        driver, other = phones[seat], phones[1 - seat]
        if not reloaded and turn >= RELOAD_AT and seat == 1:
            driver.refresh()  # its side and its board come back
            wait(driver, lambda d: d.find_elements(By.ID, "nard-board"))
            reloaded = True
        # both pages show the TV's board, dice and cube before anyone acts
        for s, page in enumerate(phones):
            wait(page, lambda d, s=s: same_as_tv(d, k, scene, s), 10)
        if now[3] is Phase.MOVE and "move" not in shots:
            driver.save_screenshot(str(tmp_path / "nard_move.png"))
            shots["move"] = True
        if not doubled and turn >= DOUBLE_AT and press(driver, '#nard-offers '
                                                       'button[data-offer="double"]'):
            k.wait(lambda: scene.state.phase is Phase.RESPOND)
            wait(other, lambda d: d.find_elements(By.CSS_SELECTOR,
                                                  'button[data-offer="take"]'))
            assert press(other, 'button[data-offer="take"]')
            k.wait(lambda: scene.state.cube_value == 2)
            doubled = True
            continue
        acted = (press(driver, 'button[data-offer="done"]')
                 or press(driver, 'button[data-offer="roll"]')
                 or press(driver, 'button[data-offer="take"]')
                 or press(driver, 'button[data-offer="accept"]'))
        if not acted and press(driver, "#nard-board g.tappable"):
            # the checker is lifted and its points shown: one of them is tapped (one that
            # may only bear off went off with the tap itself)
            wait(driver, lambda d, before=now: d.find_elements(
                By.CSS_SELECTOR, "#nard-board g.target") or k.call(
                    lambda: moment(scene)) != before, 5)
            acted = k.call(lambda: moment(scene)) != now or \
                press(driver, "#nard-board g.target")
        assert acted, f"nothing to tap on seat {seat}'s page at {now}"
        k.wait(lambda before=now: moment(scene) != before, 10)  # type: ignore
    else:
        raise AssertionError(f"the game did not end within {TURNS} decisions")

    assert doubled and reloaded
    game = k.call(lambda: scene.state.games[-1])
    assert game.cube == 2 and game.points >= 2
    for seat, driver in enumerate(phones):
        wait(driver, lambda d: d.find_elements(By.ID, "nard-result"))
        assert same_as_tv(driver, k, scene, seat)
        driver.save_screenshot(str(tmp_path / f"nard_result{seat}.png"))
    # every decision was a page's (the sides are still the phones'), none the computer's
    assert k.call(lambda: [s.name for s in scene.table.seats]) == ["Sara", "Babak"]

    # The journal's record of the game is the engine's replay of it.
    live = k.call(lambda: scene.state.clone())
    store = k.kiosk.journal.store
    rows = k.call(lambda: store.events(store.hands("backgammon")[-1].id))
    record = [rows[0]["record"]] + [r["event"] for r in rows[1:] if r["kind"] == "record"]
    assert record == nard_records.events(live)
    replayed = nard_records.replay(record)
    assert nard_records.dumps(replayed) == nard_records.dumps(live)
    assert replayed.history == live.history and replayed.score == live.score
    pygame.image.save(k.call(lambda: k.kiosk.screen.copy()), str(tmp_path / "tv.png"))

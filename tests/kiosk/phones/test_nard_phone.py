"""Takhteh Nard on phones, over the real server's sockets: a seat's page is its own side of
the board in its own numbering, every answer goes through the TV's own step picker and
buttons, and what the rules refuse changes nothing. The TV's phones box shows each side's
join code and who holds it.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import aiohttp

from engines.backgammon.rules import Board, Phase
from kiosk.config import Action
from kiosk.games.backgammon.phone import seen_by, sides_of
from kiosk.phones.hub import PhoneSeat
from tests.kiosk.phones.conftest import LiveKiosk
from tests.kiosk.phones.test_security import Phone, code_of, post, words

Make = Callable[..., LiveKiosk]


def seat_phones(k: LiveKiosk, mode: str, seats: tuple[int, ...]) -> tuple[Any, dict[int, str]]:
    """A new Takhteh Nard table in `mode` with a phone joined at each of `seats`."""
    scene = k.table(mode)
    urls = k.join_urls()

    async def join() -> dict[int, str]:
        found = {}
        async with aiohttp.ClientSession() as session:
            for seat in seats:
                status, body = await post(session, k.base + "/api/join",
                                          {"code": code_of(urls[seat]), "name": f"P{seat}"})
                assert status == 200, body
                found[seat] = body["secret"]
        return found

    secrets = asyncio.run(join())
    k.call(lambda: setattr(scene.table, "pacing", replace(scene.table.pacing, computer=0.05)))
    return scene, secrets


def test_a_side_in_its_own_numbering() -> None:
    board = Board.from_dicts({24: 2, 13: 5, 8: 3, 6: 4}, {25: 1, 20: 5, 16: 3, 11: 5})
    points, bar, off = sides_of(board, 0)
    assert points[23] == 2 and points[5] == 4  # its own checkers, counted +
    assert points[4] == -5 and points[8] == -3 and points[13] == -5  # the other's 20, 16, 11
    assert sum(p for p in points if p > 0) == 14 and sum(p for p in points if p < 0) == -13
    assert bar == [0, 1] and off == [1, 1]
    mirror, bar1, off1 = sides_of(board, 1)
    assert mirror == [-p for p in reversed(points)]
    assert bar1 == [1, 0] and off1 == [1, 1]


def test_steps_of_the_other_side_are_shown_in_ones_own_numbering() -> None:
    from engines.backgammon.rules import Step

    assert seen_by(Step(24, 18), 0, 0) == [24, 18]
    assert seen_by(Step(24, 18), 1, 0) == [1, 7]
    assert seen_by(Step(25, 22), 1, 0) == [25, 3]
    assert seen_by(Step(3, 0), 1, 0) == [22, 0]


def test_two_phones_play_the_cube_and_a_refused_step_changes_nothing(
        live_kiosk: Make) -> None:
    k = live_kiosk(game="backgammon", seed=4)
    scene, secrets = seat_phones(k, "hotseat", (0, 1))
    assert k.call(lambda: [isinstance(s, PhoneSeat) for s in scene.table.seats]) == [True, True]

    async def run() -> None:
        async with aiohttp.ClientSession() as session:
            pages = {seat: Phone(session, k.base) for seat in (0, 1)}
            for seat, page in pages.items():
                assert (await page.hello(secrets[seat]))["seat"] == seat
            # the opening roll is made by itself; then the first mover's page moves
            first = await pages[0].state(lambda m: m["dice"] is not None)
            mover = 0 if first["your_turn"] else 1
            model = await pages[mover].state(lambda m: bool(m["sources"]))
            other = await pages[1 - mover].state(lambda m: m["dice"] is not None)
            assert other["sources"] == [] and other["offers"] == []
            assert model["points"] == [-p for p in reversed(other["points"])]
            before = k.call(lambda: (len(scene.state.history), scene.shown_board()))
            # a step the rules refuse: said, and nothing changes
            wrong = next(f"step:{s}:{t}" for s in range(1, 25) for t in range(0, 25)
                         if str(s) not in model["targets"] or t not in model["targets"][str(s)])
            await pages[mover].send({"type": "offer", "id": wrong})
            refusal = await pages[mover].expect("error")
            assert refusal["message"]
            await pages[1 - mover].send({"type": "offer", "id": "step:24:18"})  # not its turn
            assert (await pages[1 - mover].expect("error"))["message"] == \
                words(k, "phones.errors.not_now")
            assert k.call(lambda: (len(scene.state.history), scene.shown_board())) == before
            # a legal step: the TV's board shows it at once, and so does the other page
            source = model["sources"][0]
            target = model["targets"][str(source)][0]
            await pages[mover].send({"type": "offer", "id": f"step:{source}:{target}"})
            seen = await pages[1 - mover].state(lambda m: bool(m["last"]))
            assert seen["last"][0] == seen_by_other(source, target)
            assert k.call(lambda: scene.shown_board()) != before[1]
            # undo, and the whole turn made step by step, then done
            await pages[mover].send({"type": "offer", "id": "undo"})
            model = await pages[mover].state(lambda m: not m["last"] and bool(m["sources"]))
            while True:
                if any(o["id"] == "done" for o in model["offers"]):
                    await pages[mover].send({"type": "offer", "id": "done"})
                    break
                source = model["sources"][0]
                target = model["targets"][str(source)][0]
                await pages[mover].send({"type": "offer", "id": f"step:{source}:{target}"})
                count = len(model["last"])
                model = await pages[mover].state(lambda m, c=count: len(m["last"]) > c
                                                 or m["dice"] is None)
                if model["dice"] is None:
                    break
            # the other side doubles before its roll; the mover's page takes
            cube = await pages[1 - mover].state(
                lambda m: any(o["id"] == "double" for o in m["offers"]))
            assert {o["id"] for o in cube["offers"]} >= {"roll", "double"}
            assert cube["cube"]["owner"] is None
            await pages[1 - mover].send({"type": "offer", "id": "double"})
            asked = await pages[mover].state(lambda m: m["cube"]["offered"])
            assert {o["id"] for o in asked["offers"]} >= {"take", "drop"}
            await pages[mover].send({"type": "offer", "id": "take"})
            owned = await pages[mover].state(lambda m: m["cube"]["owner"] == "you")
            assert owned["cube"]["value"] == 2
            assert k.call(lambda: (scene.state.cube_value, scene.state.cube_owner)) == \
                (2, mover)
            # the doubler rolls from its page
            await pages[1 - mover].state(
                lambda m: m["cube"]["owner"] == "them" and m["cube"]["value"] == 2 and
                [o["id"] for o in m["offers"]][:1] == ["roll"])
            await pages[1 - mover].send({"type": "offer", "id": "roll"})
            await pages[1 - mover].state(lambda m: m["dice"] is not None and m["your_turn"])
            # it asks for the hint, then resigns a single game: the mover's page accepts
            await pages[1 - mover].send({"type": "offer", "id": "hint"})
            hinted = await pages[1 - mover].state(lambda m: m["hint"] is not None)
            assert hinted["hint"]["title"]
            resign = await pages[1 - mover].state(lambda m: bool(m["resign"]))
            await pages[1 - mover].send({"type": "offer", "id": resign["resign"][0]["id"]})
            offered = await pages[mover].state(
                lambda m: any(o["id"] == "accept" for o in m["offers"]))
            assert {o["id"] for o in offered["offers"]} >= {"accept", "decline"}
            await pages[mover].send({"type": "offer", "id": "accept"})
            done = await pages[mover].state(lambda m: m["result"] is not None)
            assert any(o["id"] == "next" for o in done["offers"])
            for page in pages.values():
                await page.close()

    def seen_by_other(source: int, target: int) -> list[int]:
        return [p if p in (0, 25) else 25 - p for p in (source, target)]

    asyncio.run(run())
    game = k.call(lambda: scene.state.games[-1])
    assert game.resigned and game.points == 2  # a single game at the cube of 2
    assert k.call(lambda: scene.state.score[game.winner]) == 2


def test_the_tv_shows_each_sides_join_code_and_who_holds_it(live_kiosk: Make) -> None:
    k = live_kiosk(game="backgammon", seed=4)
    scene, _ = seat_phones(k, "medium", (0,))
    k.call(lambda: scene.handle(Action.PHONES, "", time.monotonic()))
    k.screen()
    labels = k.call(lambda: {key: label.text for key, label in scene.labels.items()})
    assert labels["phones|who0"] == words(k, "table.phones.on_phone",
                                          player=k.call(lambda: scene.tr.isolate("P0")))
    assert labels["phones|who1"] == words(k, "backgammon.computer")
    assert k.call(lambda: k.hub.join_url(0)) is None  # a phone holds it: no code
    assert k.call(lambda: k.hub.join_url(1)) is not None
    # select on the phone's side brings it to the TV
    k.call(lambda: scene.handle(Action.SELECT, "", time.monotonic()))
    assert k.call(lambda: scene.table.seats[0].at_tv)
    k.call(lambda: scene.handle(Action.BACK, "", time.monotonic()))
    assert not k.call(lambda: scene.phones_open)
    assert k.call(lambda: scene.state.phase) is not Phase.OVER

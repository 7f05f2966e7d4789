"""A phone's page shows its own seat's view and nothing more, in every card game.

Four phones hold the seats of a Bidel, a Debertz and a Dobbm table; the games are played
from the pages' own messages (a card, an offer, a selection, chosen at random among what
the page offers) through the hub, and at every step the page of every seat is checked
against the engine: every card its model names (by id or by the label drawn on it) is a
card the engine's `view(seat)` holds — its own hand, the cards played or shown — and the
legal cards it lights are exactly the engine's.
"""

from __future__ import annotations

import dataclasses
import json
import random
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from kiosk.i18n import Translator
from kiosk.phones.hub import PhoneSeat
from kiosk.phones.models import card_model, seat_model
from tests.kiosk.phones.conftest import LiveKiosk


def cards_in(value: Any, seen: set[int] | None = None) -> Iterator[Any]:
    """Every card anywhere in a view (dataclasses, tuples, lists, dicts, sets)."""
    seen = set() if seen is None else seen
    if id(value) in seen:
        return
    seen.add(id(value))
    if hasattr(value, "suit") and hasattr(value, "rank"):
        yield value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            if f.name != "legal":  # lazily listed passes: their cards are the hand's
                yield from cards_in(getattr(value, f.name), seen)
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from cards_in(k, seen)
            yield from cards_in(v, seen)
    elif isinstance(value, list | tuple | set | frozenset):
        for item in value:
            yield from cards_in(item, seen)


def strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from strings(v)


def names(card: Any) -> set[str]:
    model = card_model(card, False, None)
    return {model["id"], model["label"]}


def play(k: LiveKiosk, game: str, mode: str, steps: int, seed: int) -> dict[str, int]:
    """Play `steps` decisions from the phones' messages, checking every page each time."""
    scene = k.table(mode)
    rng = random.Random(seed)
    tr = {lang: Translator(lang) for lang in ("en", "fa")}

    def seat_phones() -> int:
        for seat in range(scene.players):
            scene.give_seat(seat, PhoneSeat(f"P{seat}", f"secret-{seat}"))
        return scene.players

    players = k.call(seat_phones)
    kinds: dict[str, int] = {}

    def step() -> str:
        state, table, now = scene.state, scene.table, time.monotonic()
        if table.showing_result:
            scene.close_table()
            return "next"
        everything = {c for s in range(players) for c in cards_in(state.view(s))}
        for seat in range(players):
            view = state.view(seat)
            visible = set().union(*(names(c) for c in cards_in(view)))
            for lang in ("en", "fa"):
                model = seat_model(scene, seat, tr[lang], now)
                json.dumps(model)
                named = set().union(*(names(c) for c in everything)) & set(strings(model))
                assert named <= visible, (game, seat, named - visible)
            lit = {c["id"] for c in model["hand"] if c["legal"]}
            legal = scene.legal_cards(view) if model["step"] == "play" else None
            assert lit == ({str(c) for c in legal} if legal else set())
        actor = state.current_player
        if actor is None or actor < 0:
            return ""
        model = seat_model(scene, actor, tr["en"], now)
        if model["step"] == "play":
            message = {"type": "card", "card": rng.choice(
                [c["id"] for c in model["hand"] if c["legal"]])}
        elif model["step"] == "choose":
            message = {"type": "offer", "id": rng.choice(model["offers"])["id"]}
        elif model["step"] == "select":
            ids = [c["id"] for c in model["hand"]]
            message = {"type": "select", "cards": rng.sample(ids, model["select"]["count"])}
        else:
            return ""
        action, problem = k.hub._action(scene, actor, message)
        assert problem is None, problem
        if scene.refusal(actor, action) is None:
            assert table.submit(actor, action, now)
        return str(model["step"])

    for _ in range(steps):
        done = k.call(step)
        kinds[done] = kinds.get(done, 0) + 1
        if not done:
            time.sleep(0.05)  # a deal's pause
    return kinds


GAMES: list[tuple[str, str]] = [("hearts", "people4"), ("debertz", "people2"),
                                ("dobbm", "people3")]


@pytest.mark.parametrize(("game", "mode"), GAMES)
def test_a_phone_page_never_shows_more_than_its_seats_view(
        live_kiosk: Callable[..., LiveKiosk], game: str, mode: str) -> None:
    k = live_kiosk(game=game, seed=21)
    kinds = play(k, game, mode, 260, seed=3)
    assert kinds.get("play", 0) > 20  # cards were played from the pages
    assert kinds.get("select", 0) + kinds.get("choose", 0) > 0  # and a pass, bid or call

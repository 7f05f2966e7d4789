"""Dobbm records: JSON lines that replay a session exactly, host actions included; a record
that disagrees is refused; self-play gives one JSON-ready dict a hand."""

from __future__ import annotations

import json
import random

import pytest

from engines.dobbm import records
from engines.dobbm.options import DobbmOptions, Rounding
from engines.dobbm.rules import CLOSE, Call, GameState, random_action, revoke
from engines.dobbm.selfplay import play_hands
from engines.records import RecordError

from .tables import dealt, fingerprint, say


def random_session(options: DobbmOptions, seed: int, host: bool = False) -> GameState:
    rng = random.Random(seed)
    state = GameState(options)
    while not state.is_over:
        if host and rng.random() < 0.02 and state.host_actions():
            actions = state.host_actions()
            state.host(actions[rng.randrange(len(actions))])
            continue
        state.apply(random_action(state, rng))
    return state


@pytest.mark.parametrize("players", [4, 5])
def test_a_session_replays_exactly(players: int) -> None:
    state = random_session(DobbmOptions(players=players, session_hands=3), players)
    text = records.dumps(state)
    again = records.loads(text)
    assert fingerprint(again) == fingerprint(state)
    assert again.results == state.results
    assert records.dumps(again) == text
    lines = [json.loads(line) for line in text.splitlines()]
    assert lines[0]["kind"] == "game_started" and lines[-1]["kind"] == "session_over"
    assert {line["kind"] for line in lines} >= {"deal", "call", "play", "hand_over"}


def test_host_actions_and_fractions_replay() -> None:
    options = DobbmOptions(record_irregularities=True, rounding=Rounding.EXACT, stake=6,
                           session_hands=0)
    state = random_session(options, 11, host=True)
    kinds = {event["kind"] for event in records.events(state)}
    assert "host" in kinds
    assert records.loads(records.dumps(state)).ledger == state.ledger


def test_a_record_mid_hand_replays() -> None:
    state = say(dealt(DobbmOptions(record_irregularities=True)), Call.DOBBM, Call.GUT,
                Call.GUT, Call.GUT, "discard 9B 8B 7B 6B", Call.SCHWACHER)
    state.host(CLOSE)
    again = records.replay(records.events(state))
    assert fingerprint(again) == fingerprint(state) and again.closing
    state.apply(Call.GUT)
    state.host(revoke(3))
    assert records.loads(records.dumps(state)).ledger == state.ledger


def test_a_record_that_disagrees_is_refused() -> None:
    state = random_session(DobbmOptions(session_hands=1), 5)
    events = records.events(state)
    over = next(i for i, e in enumerate(events) if e["kind"] == "hand_over")
    events[over] = {**events[over], "payments": [1, 2, 3, -6]}
    with pytest.raises(RecordError):
        records.replay(events)
    play = next(i for i, e in enumerate(events) if e["kind"] == "play")
    broken = records.events(state)
    broken[play] = {**broken[play], "seat": (broken[play]["seat"] + 1) % 4}
    with pytest.raises(RecordError):
        records.replay(broken)
    with pytest.raises(RecordError):
        records.replay([{"kind": "game_started", "options": {"stake": 7}}])


def test_selfplay_one_dict_a_hand() -> None:
    hands = list(play_hands(30, players=5, stake=12, seed=3))
    assert len(hands) == 30
    assert hands == list(play_hands(30, players=5, stake=12, seed=3))
    for hand in hands:
        json.dumps(hand)
        assert sum(hand["payments"]) == 0
        assert set(hand) >= {"deal_by_seat", "dobb", "bids", "declarer", "contract", "discards",
                             "doubling", "tricks", "declarer_points", "payments", "ledger"}
        assert hand["deal_by_seat"][hand["dealer"]] == [] and len(hand["dobb"]) == 4
        if hand["outcome"] == "played":
            assert all(set(t) == {"leader", "cards", "winner"} for t in hand["tricks"])
            assert hand["contract"] in ("dobbm", "solo")
            assert len(hand["discards"]) == (4 if hand["contract"] == "dobbm" else 0)
            assert all(len(c) == 2 and c[1] in "HLAB" for t in hand["tricks"] for c in t["cards"])
    four = next(play_hands(1, seed=1))
    assert len(four["deal_by_seat"]) == 4 and all(len(h) == 8 for h in four["deal_by_seat"])

"""Bidel game records: JSON lines that replay exactly, and records that disagree are refused."""

from __future__ import annotations

import json
import random

import pytest

from engines.hearts.options import HeartsOptions, Moon, PassOrder
from engines.hearts.records import Recorder, RecordError, dumps, events, loads, replay
from engines.hearts.rules import GameState, random_action


def play_game(options: HeartsOptions, seed: int, actions: int | None = None) -> GameState:
    rng = random.Random(seed)
    state = GameState(options)
    done = 0
    while not state.is_over and (actions is None or done < actions):
        state.apply(random_action(state, rng))
        done += 1
    return state


VARIANTS = [
    HeartsOptions(),
    HeartsOptions(target=50, moon=Moon.SHOOTER_SUBTRACTS, jack_of_diamonds=True),
    HeartsOptions(players=3, pass_order=PassOrder.LEFT_FIRST, first_trick_points=True),
    HeartsOptions(players=5, target=50),
]


@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: f"{o.players}p-{o.target}")
def test_a_whole_game_replays_to_the_same_state(options: HeartsOptions) -> None:
    for seed in range(3):
        state = play_game(options, seed)
        back = loads(dumps(state))
        assert back.options == state.options
        assert back.history == state.history
        assert back.results == state.results
        assert back.scores == state.scores and back.is_over
        assert back.winner == state.winner


def test_an_unfinished_game_replays_mid_trick() -> None:
    state = play_game(HeartsOptions(), 4, actions=37)
    back = loads(dumps(state))
    assert back.hands == state.hands and back.trick == state.trick
    assert back.turn == state.turn and back.phase is state.phase


def test_the_record_names_every_deal_pass_play_and_result() -> None:
    state = play_game(HeartsOptions(target=50), 9)
    record = events(state)
    kinds = [event["kind"] for event in record]
    assert kinds[0] == "game_started" and kinds[-1] == "game_over"
    assert kinds.count("deal") == kinds.count("hand_over") == len(state.results)
    first_deal = next(e for e in record if e["kind"] == "deal")
    assert sorted(len(hand) for hand in first_deal["hands"]) == [13] * 4
    assert all(len(card) == 2 for hand in first_deal["hands"] for card in hand)
    passes = [e for e in record if e["kind"] == "pass"]
    assert all(len(e["cards"]) == 3 for e in passes)
    plays = [e for e in record if e["kind"] == "play"]
    assert len(plays) == 52 * len(state.results)
    last = [e for e in record if e["kind"] == "hand_over"][-1]
    assert last["scores"] == state.scores


def test_the_recorder_makes_the_record_one_action_at_a_time() -> None:
    state = play_game(HeartsOptions(), 2)
    recorder = Recorder(state.options)
    made = [recorder.first]
    for _seat, action in state.history:
        made.extend(recorder.record(action))
    assert made == events(state)


def _tampered(record: list[dict], kind: str, change: dict) -> list[dict]:
    out = [dict(e) for e in record]
    index = next(i for i, e in enumerate(out) if e["kind"] == kind)
    out[index].update(change)
    return out


def test_records_that_disagree_with_the_rules_are_refused_naming_the_event() -> None:
    record = events(play_game(HeartsOptions(), 1))
    play = next(e for e in record if e["kind"] == "play")
    cases = [
        _tampered(record, "hand_over", {"points": [26, 0, 0, 0]}),
        _tampered(record, "game_over", {"winner": (record[-1]["winner"] + 1) % 4}),
        _tampered(record, "play", {"seat": (play["seat"] + 1) % 4}),
        _tampered(record, "pass", {"cards": ["2C", "2C", "3C"]}),
        _tampered(record, "deal", {"hand": 3}),
        _tampered(record, "game_started", {"options": {"target": 75}}),
        _tampered(record, "game_started", {"options": {"colour": "red"}}),
        record[1:],
        [record[0], record[0]],
        [],
    ]
    for case in cases:
        with pytest.raises(RecordError, match=r"event|no game"):
            replay(case)


def test_text_that_is_not_json_is_refused_with_its_line() -> None:
    text = dumps(play_game(HeartsOptions(), 1, actions=10))
    lines = text.splitlines()
    lines[3] = lines[3][:-2]
    with pytest.raises(RecordError, match="line 4"):
        loads("\n".join(lines))


def test_records_are_plain_json_lines() -> None:
    text = dumps(play_game(HeartsOptions(), 6, actions=60))
    for line in text.splitlines():
        assert isinstance(json.loads(line), dict)

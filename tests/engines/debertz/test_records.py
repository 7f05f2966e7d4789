"""Game records replay exactly; the self-play dicts; the placeholder bots."""

from __future__ import annotations

import json
import random

import pytest

from engines.debertz import records
from engines.debertz.bots import LEVELS, make_bot
from engines.debertz.game import ENTRY
from engines.debertz.options import DebertzOptions
from engines.debertz.rules import CHANCE, GameState
from engines.debertz.selfplay import play_deals
from engines.protocol import random_playout
from engines.records import RecordError


def random_game(options: DebertzOptions, seed: int) -> GameState:
    state = GameState(options)
    random_playout(state, random.Random(seed))
    return state


@pytest.mark.parametrize("preset", sorted(ENTRY.presets))
def test_a_finished_game_replays_to_the_same_state(preset: str) -> None:
    for seed in range(3):
        state = random_game(ENTRY.presets[preset], seed)
        again = records.loads(records.dumps(state))
        assert again.scores == state.scores and again.winner == state.winner
        assert again.results == state.results
        assert [a for _s, a in again.history] == [a for _s, a in state.history]
        assert records.events(again) == records.events(state)


def test_a_game_in_the_middle_of_a_deal_replays() -> None:
    state = GameState(DebertzOptions(players=3, bella_announce="manual"))
    random_playout(state, random.Random(9), limit=150)
    again = records.replay(records.events(state))
    assert all(again.view(s) == state.view(s) for s in range(3))
    assert again.current_player == state.current_player


def test_the_record_names_each_kind_of_event() -> None:
    state = random_game(DebertzOptions(players=2), 4)
    kinds = {event["kind"] for event in records.events(state)}
    assert {"game_started", "deal", "bid", "play", "deal_over", "game_over"} <= kinds
    first_deal = next(e for e in records.events(state) if e["kind"] == "deal")
    assert set(first_deal) == {"kind", "deal", "dealer", "hands", "turned", "stock"}


def test_a_tampered_record_is_refused() -> None:
    state = random_game(DebertzOptions(players=2), 5)
    events = records.events(state)
    over = next(i for i, e in enumerate(events) if e["kind"] == "deal_over")
    bad = [dict(e) for e in events]
    bad[over]["scores"] = [999, 0]
    with pytest.raises(RecordError):
        records.replay(bad)
    play = next(i for i, e in enumerate(events) if e["kind"] == "play")
    bad = [dict(e) for e in events]
    bad[play]["seat"] = (bad[play]["seat"] + 1) % 2
    with pytest.raises(RecordError):
        records.replay(bad)
    with pytest.raises(RecordError):
        records.replay([{"kind": "game_started", "options": {"players": 7}}])


def test_selfplay_yields_one_json_dict_per_deal_with_every_key() -> None:
    for players in (2, 3, 4):
        deals = list(play_deals(12, players, seed=players))
        assert len(deals) == 12
        for deal in deals:
            json.dumps(deal)
            assert {"game", "deal", "dealer", "deal_by_seat", "turned", "bidding", "trump",
                    "declarer", "trump_round", "hands", "exposed", "swaps", "redeal",
                    "declarations", "bella", "tricks", "outcome", "lines", "pending",
                    "scores", "winner"} <= set(deal)
            assert len(deal["deal_by_seat"]) == players
            if deal["outcome"] in ("made", "bait", "hanging"):
                assert len(deal["tricks"]) == (9 if players < 4 else 8)
                assert {"leader", "cards"} <= set(deal["tricks"][0])
                sides = 2 if players == 4 else players
                assert len(deal["lines"]) == sides
                cards = {c for t in deal["tricks"] for c in t["cards"]}
                assert cards == {c for h in deal["hands"] for c in h}


def test_selfplay_repeats_with_the_same_seed() -> None:
    assert list(play_deals(5, 3, seed=11)) == list(play_deals(5, 3, seed=11))


def test_the_bots_are_offered_by_level_and_choose_legal_actions() -> None:
    """The registry's levels; any bot returns one of the view's legal actions (the bots'
    own tests are in test_bots.py)."""
    assert LEVELS == ("easy", "medium", "hard") == ENTRY.bot_levels
    rng = random.Random(2)
    bot = make_bot("easy")
    assert bot.level == "easy"
    state = GameState(DebertzOptions(players=3))
    for _ in range(60):
        if state.current_player == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        seat = state.current_player
        assert seat is not None
        action = bot.choose(state.view(seat), rng)
        assert action in state.legal_actions()
        state.apply(action, seat=seat)
    with pytest.raises(ValueError):
        make_bot("expert")

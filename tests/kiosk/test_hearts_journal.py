"""A game of Bidel is journaled action by action in the real SQLite store and comes back."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

from engines.hearts.options import HeartsOptions
from engines.hearts.rules import GameState, random_action
from kiosk.match_journal import MatchJournal, records_for
from kiosk.store import Store

BACKGAMMON_RECORDS = records_for("backgammon")
HEARTS_RECORDS = records_for("hearts")

DB_NAME = "journal.sqlite3"


def _step(state: GameState, rng: random.Random) -> object:
    action = random_action(state, rng)
    state.apply(action)
    return action


def test_an_unfinished_game_comes_back_exactly_after_a_restart(tmp_path: Path) -> None:
    rng = random.Random(5)
    store = Store(tmp_path / DB_NAME)
    journal = MatchJournal(store, HEARTS_RECORDS)
    state = GameState(HeartsOptions(target=50, jack_of_diamonds=True))
    for _ in range(140):  # two hands and a half
        action = _step(state, rng)
        journal.action(state, action, "medium")
    store.close()  # the plug is pulled: nothing but the file is left

    reopened = MatchJournal(Store(tmp_path / DB_NAME), HEARTS_RECORDS)
    found = reopened.unfinished()
    assert found is not None
    unfinished, hand_id = found
    assert unfinished.mode == "medium"
    back = unfinished.state
    assert back.options == state.options
    assert back.history == state.history
    assert back.hands == state.hands and back.scores == state.scores
    assert back.results == state.results and back.phase is state.phase

    reopened.adopt(back, hand_id)  # play on to the end in the same journal entry
    while not back.is_over:
        reopened.action(back, _step(back, rng), "medium")
    assert reopened.unfinished() is None
    assert reopened.hand_id == hand_id


def test_a_backgammon_match_and_a_hearts_game_are_kept_apart(tmp_path: Path) -> None:
    store = Store(tmp_path / DB_NAME)
    hearts = MatchJournal(store, HEARTS_RECORDS)
    state = GameState()
    hearts.action(state, _step(state, random.Random(1)), "hotseat")
    assert MatchJournal(store, BACKGAMMON_RECORDS).unfinished() is None
    assert hearts.unfinished() is not None


def test_a_damaged_record_is_set_aside_not_resumed(tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    store = Store(path)
    journal = MatchJournal(store, HEARTS_RECORDS)
    state = GameState()
    rng = random.Random(3)
    for _ in range(20):
        journal.action(state, _step(state, rng), "easy")
    store.close()
    with sqlite3.connect(path) as db:  # an edited play: a card nobody holds at that point
        rows = db.execute("SELECT id, data FROM events WHERE data LIKE '%\"play\"%'").fetchall()
        rowid, data = rows[-1]
        db.execute("UPDATE events SET data = ? WHERE id = ?",
                   (data.replace('"card": "', '"card": "X'), rowid))
    again = MatchJournal(Store(path), HEARTS_RECORDS)
    assert again.unfinished() is None
    assert again.unfinished() is None  # set aside once, not retried on every start

"""Listing the games imports each game's options and nothing more; an entry's rules, bots
and records are imported where the game is first played (`engines.registry.later`)."""

from __future__ import annotations

import importlib
import pickle
import random
import subprocess
import sys
from pathlib import Path

import pytest

from engines.registry import games

ROOT = Path(__file__).resolve().parents[2]
KEYS = [entry.key for entry in games()]


def test_listing_the_games_imports_no_rules_bots_or_records() -> None:
    probe = ("import sys\n"
             "from engines.registry import games\n"
             "names = [(e.key, e.name_en, e.bot_levels, e.defaults) for e in games()]\n"
             "print('\\n'.join(m for m in sys.modules if m.startswith('engines.')))\n")
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True,
                          text=True, check=True, timeout=120)
    loaded = done.stdout.split()
    assert {f"engines.{key}.options" for key in KEYS} <= set(loaded)
    heavy = [m for m in loaded if m.rsplit(".", 1)[-1] in ("rules", "bots", "records", "net")]
    assert heavy == []


@pytest.mark.parametrize("key", KEYS)
def test_an_entry_names_its_bots_levels_and_maker(key: str) -> None:
    entry = next(e for e in games() if e.key == key)
    bots = importlib.import_module(f"engines.{key}.bots")
    levels = getattr(bots, "LEVELS", None) or tuple(bots.BOTS)
    assert entry.bot_levels == tuple(levels)
    assert entry.make_bot.__module__ == bots.__name__  # what a worker imports first
    assert pickle.loads(pickle.dumps(entry.make_bot)) is bots.make_bot
    assert type(entry.make_bot(entry.default_level)) is type(bots.make_bot(entry.default_level))


@pytest.mark.parametrize("key", KEYS)
def test_an_entry_records_and_rules_are_its_own_modules(key: str) -> None:
    entry = next(e for e in games() if e.key == key)
    records = importlib.import_module(f"engines.{key}.records")
    assert entry.records.replay is records.replay
    assert entry.records.RecordError is records.RecordError
    assert pickle.loads(pickle.dumps(entry.records)).replay is records.replay
    rules = importlib.import_module(f"engines.{key}.rules")
    state = entry.new_state(entry.defaults, random.Random(1))
    assert isinstance(state, rules.GameState)
    if entry.hidden is not None:
        assert entry.hidden(state, 0) == rules.hidden_cards(state, 0)

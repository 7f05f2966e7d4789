"""Games exported as GNU Backgammon's Position ID and Match ID, and imported back."""

from __future__ import annotations

import random

import pytest

from engines.backgammon.exchange import export_ids, export_xgid, import_ids, import_xgid
from engines.backgammon.ids import IdError
from engines.backgammon.options import GameOptions
from engines.backgammon.rules import GameState, Phase


def states(seed: int, options: GameOptions) -> list[GameState]:
    """Snapshots of a random game (with random cube decisions) wherever a player is on turn."""
    rng = random.Random(seed)
    state = GameState(options)
    out = []
    for _ in range(400):
        if state.is_over:
            break
        if state.is_chance:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
        if state.phase in (Phase.CUBE, Phase.MOVE) and state.turn is not None:
            out.append(state.clone())
    return out


@pytest.mark.parametrize("seed", range(6))
def test_a_game_under_way_exports_and_imports_to_the_same_game(seed: int) -> None:
    options = GameOptions.classic(7)
    for state in states(seed, options):
        position, match = export_ids(state)
        back = import_ids(position, match, options)
        assert back.board == state.board
        assert back.turn == state.turn
        assert back.cube_value == state.cube_value and back.cube_owner == state.cube_owner
        assert tuple(back.score) == tuple(state.score)
        assert back.crawford_game == state.crawford_game
        assert back.dice == state.dice
        assert back.legal_actions() == state.legal_actions()
        assert export_ids(back) == (position, match)


@pytest.mark.parametrize("seed", range(6))
def test_a_game_under_way_exports_and_imports_as_an_xgid(seed: int) -> None:
    options = GameOptions.classic(7)
    for state in states(seed + 10, options):
        text = export_xgid(state)
        back = import_xgid(text, options)
        assert (back.board, back.turn, back.dice) == (state.board, state.turn, state.dice)
        assert (back.cube_value, back.cube_owner) == (state.cube_value, state.cube_owner)
        assert tuple(back.score) == tuple(state.score)
        assert back.legal_actions() == state.legal_actions()
        assert export_xgid(back) == text


def test_the_opening_position_is_the_known_id() -> None:
    state = states(1, GameOptions.classic(5))[0]  # the opening roll made, nothing moved
    assert state.board == GameState(GameOptions.classic(5)).board
    assert export_ids(state)[0] == "4HPwATDgc/ABMA"


def test_a_game_not_under_way_has_no_ids() -> None:
    with pytest.raises(IdError, match="state"):
        export_ids(GameState(GameOptions.classic(5)))

"""Bots playing any registered game among themselves through the one protocol.

`play_games` drives `GameEntry.new_state`: chance steps by the state's own sampling,
each decision by the bot of the seat on turn, given only that seat's view. Each game
becomes one plain dict (for `debarna <game> selfplay` and the benchmarks): its number,
the actions taken, the returns and, on request, the game's record.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from engines.protocol import CHANCE, Bot, RandomLike
from engines.registry import GameEntry


def play_games(entry: GameEntry, options: Any, bots: Sequence[Bot], games: int,
               rng: RandomLike, record: bool = False) -> Iterator[dict[str, Any]]:
    """Yield `games` finished games of `entry` under `options`, one bot a seat."""
    players = entry.players(options)
    if len(bots) != players:
        raise ValueError(f"{players} seats need {players} bots, not {len(bots)}")
    for number in range(games):
        state = entry.new_state(options, rng)
        actions = 0
        while not state.is_over:
            seat = state.current_player
            if seat == CHANCE:
                action = state.sample_chance(rng)
            else:
                assert seat is not None
                action = bots[seat].choose(state.view(seat), rng)
            state.apply(action, seat=seat)
            actions += 1
        result: dict[str, Any] = {
            "game": number,
            "actions": actions,
            "returns": list(state.returns()),
            "bots": [bot.level for bot in bots],
        }
        if record:
            result["record"] = entry.records.events(state)
        yield result

"""Bots playing Bidel among themselves, hand after hand, as plain records (for the CLI
and the benchmarks).

`play_hands` drives the real `GameState`: each bot is given only its seat's view. A
game that ends starts the next one (scores from zero). Each finished hand becomes one
dict: the deal by seat, the passes, the tricks in play order, the hand's points, the
totals after it and who shot the moon.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from engines.cards.cards import cards_text

from .bots import Bot, Rng
from .options import HeartsOptions
from .rules import GameState, Pass


def play_hands(options: HeartsOptions, bots: Sequence[Bot], hands: int,
               rng: Rng) -> Iterator[dict[str, Any]]:
    """Yield `hands` finished hands played by `bots` (one per seat)."""
    if len(bots) != options.players:
        raise ValueError(f"{options.players} seats need {options.players} bots, not {len(bots)}")
    game = 0
    state = GameState(options)
    done = 0
    passes: list[dict[str, Any]] = []
    dealt: list[list[str]] = []
    while done < hands:
        if state.is_over:
            game += 1
            state = GameState(options)
        if state.is_chance:
            state.apply(state.sample_chance(rng))
            dealt = [cards_text(hand) for hand in state.dealt]
            passes = []
            continue
        seat = state.current_player
        assert seat is not None
        action = bots[seat].choose(state.view(seat), rng)
        finished = len(state.results)
        state.apply(action, seat=seat)
        if isinstance(action, Pass):
            passes.append({"from": seat, "to": options.receiver(seat, state.direction),
                           "cards": cards_text(action.cards)})
        if len(state.results) > finished:
            done += 1
            yield _hand_record(state, game, dealt, passes)


def _hand_record(state: GameState, game: int, dealt: list[list[str]],
                 passes: list[dict[str, Any]]) -> dict[str, Any]:
    result = state.results[-1]
    tricks = state.last_tricks
    return {
        "game": game,
        "hand": result.number,
        "direction": str(result.direction),
        "deal": dealt,
        "passes": list(passes),
        "tricks": [{"leader": t.leader, "cards": cards_text(t.cards), "winner": t.winner}
                   for t in tricks],
        "points": list(result.points),
        "scores": list(result.scores),
        "shooter": result.shooter,
    }

"""Bots playing Debertz among themselves, deal after deal, as plain records (for
``debarna debertz selfplay --deals N --players 2|3|4`` and the benchmarks).

`play_deals` drives the real `GameState`: each bot is given only its seat's view. A game
that ends starts the next one (scores from zero). Every deal — annulled ones included —
becomes one JSON-ready dict:

- ``game``, ``deal`` (its number in the game), ``dealer``;
- ``deal_by_seat``: each seat's first six cards; ``turned``: the turned card;
- ``bidding``: ``[{"seat", "bid"}]`` in order (``play``, ``pass``, ``name H``);
- ``trump`` (a suit letter or None), ``declarer``, ``trump_round`` (1, 2, or None);
- ``hands``: each seat's cards as play began (after the completion and the swap; empty
  lists when the deal was not played), ``exposed``: the exposed stock card, or None;
- ``swaps``: ``[{"seat", "gave", "took"}]`` (the trump 7 for the turned card);
- ``redeal``: the seat that annulled the deal for a weak hand, or None;
- ``declarations``: the runs that scored, ``[{"seat", "cards", "value"}]`` (a debertz
  with value 0: it won the game); ``bella``: the seat whose bella scored, or None;
- ``tricks``: ``[{"leader", "cards", "winner"}]``;
- ``outcome``: made, bait, hanging, annulled, redeal or debertz;
- ``lines``: the score line of each side (``side``, ``seats``, ``declarer``, ``tricks``,
  ``card_points``, ``last_trick``, ``runs``, ``bella``, ``total``, ``kept``, ``bait``,
  ``collected``, ``penalty``, ``ski``, ``points``, ``score``), empty for a deal not played;
- ``pending``: the hanging amounts after the deal; ``scores``: by side after it;
  ``winner``: the side that won the game with this deal, or None.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import asdict
from typing import Any

from engines.cards.cards import cards_text
from engines.cards.game import table_bots
from engines.protocol import RandomLike

from .bots import Bot, make_bot
from .options import DebertzOptions
from .rules import DealResult, GameState


def play_deals(deals: int, players: int = 2, seed: int | None = None,
               levels: Sequence[str] | str = "medium", options: DebertzOptions | None = None,
               bots: Sequence[Bot] | None = None,
               rng: RandomLike | None = None) -> Iterator[dict[str, Any]]:
    """Yield `deals` finished deals played by bots, one dict each (see the module docstring).

    `levels` is one level for every seat or one per seat (ignored when `bots` are given);
    `options` default to the §14 rules for `players`; `rng` (default `random.Random(seed)`)
    makes the deals and the bots' choices."""
    options = options or DebertzOptions(players=players)
    n = options.players
    bots = table_bots(n, levels, bots, make_bot)
    rng = rng if rng is not None else random.Random(seed)
    game, done = 0, 0
    state = GameState(options)
    notes: dict[str, Any] = {}
    while done < deals:
        if state.is_over:
            game += 1
            state = GameState(options)
        if state.is_chance:
            deal = state.sample_chance(rng)
            state.apply(deal)
            notes = {"deal_by_seat": [cards_text(h) for h in deal.hands],
                     "turned": str(deal.turned[0]), "bidding": [], "hands": [[] for _ in
                                                                        range(n)],
                     "exposed": None, "swaps": [], "trump_round": None}
            continue
        seat = state.current_player
        assert seat is not None
        action = bots[seat].choose(state.view(seat), rng)
        finished = len(state.results)
        before = state.phase
        state.apply(action, seat=seat)
        if str(before) == "bid":
            notes["bidding"].append({"seat": seat, "bid": str(action)})
            if state.trump_round:
                notes["trump_round"] = state.trump_round
        if state.swap is not None and not notes["swaps"]:
            who, gave, took = state.swap
            notes["swaps"].append({"seat": who, "gave": str(gave), "took": str(took)})
        if state.dealt and not any(notes["hands"]):
            notes["hands"] = [cards_text(h) for h in state.dealt]
        if state.exposed is not None:
            notes["exposed"] = str(state.exposed)
        if len(state.results) > finished:
            done += 1
            yield _deal_record(state, game, state.results[-1], notes)


def _deal_record(state: GameState, game: int, result: DealResult,
                 notes: dict[str, Any]) -> dict[str, Any]:
    return {
        "game": game,
        "deal": result.number,
        "dealer": result.dealer,
        "deal_by_seat": notes["deal_by_seat"],
        "turned": notes["turned"],
        "bidding": notes["bidding"],
        "trump": None if result.trump is None else result.trump.letter,
        "declarer": result.declarer,
        "trump_round": notes["trump_round"],
        "hands": notes["hands"],
        "exposed": notes["exposed"],
        "swaps": notes["swaps"],
        "redeal": result.by if result.outcome == "redeal" else None,
        "declarations": [{"seat": run.seat, "cards": cards_text(run.cards),
                          "value": 0 if result.outcome == "debertz" else run.value}
                         for run in result.runs],
        "bella": result.bella,
        "tricks": [{"leader": t.leader, "cards": cards_text(t.cards), "winner": t.winner}
                   for t in result.tricks],
        "outcome": result.outcome,
        "lines": [{**asdict(line), "seats": list(line.seats)} for line in result.lines],
        "pending": list(result.pending),
        "scores": list(result.scores),
        "winner": state.winner if state.is_over and state.results[-1] is result else None,
    }

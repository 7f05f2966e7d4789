"""Bots playing Dobbm among themselves, hand after hand, as plain records (for
``debarna dobbm selfplay --hands N --players 4|5 [--stake T] [--seed S]`` and the
benchmarks).

`play_hands` drives the real `GameState`: each bot is given only its seat's view. The
session runs without a fixed length (``session_hands`` 0 unless `options` say otherwise),
so the hands are ordinary hands with no Mußrunde; a session that ends (the options' own
length) starts the next one (ledger from zero). Every hand — thrown-in ones included —
becomes one JSON-ready dict:

- ``session``, ``hand`` (its number in the session), ``dealer``, ``sitting_out`` (the
  5-player dealer, or None), ``musrunde`` (a Mußrunde hand);
- ``deal_by_seat``: each seat's 8 cards as dealt (``[]`` for the sitting-out dealer);
  ``dobb``: the 4 cards of the Dobb;
- ``bids``: ``[{"seat", "call"}]`` in order (``weiter``, ``dobbm``, ``solo``, ``gut``);
- ``outcome``: ``played``, ``passed`` (all passed: thrown in) or ``abandoned``;
- ``declarer`` and ``contract`` (``dobbm`` or ``solo``; both None when thrown in);
- ``discards``: the 4 cards the Dobbm declarer laid away (``[]`` otherwise);
- ``doubling``: ``[{"seat", "call"}]`` in order (``schwacher``, ``retour``, ``gut``);
  ``multiplier``: X (§10.2);
- ``tricks``: ``[{"leader", "cards", "winner"}]``, cards in playing order;
- ``declarer_points``: D with the Dobb counted as §9 says (None when not played);
  ``trick_points``: the declarer's points in tricks; ``dobb_points``; ``matsch``;
  ``margin``; ``amount``: what each payer pays or receives (A);
- ``payments``: shillings by seat (adding up to 0); ``ledger``: every seat's shillings over
  the session after the hand.

Cards are written rank then suit (``SH`` the Sow of hearts, ``OB`` the Ober of bells).
Money is a whole number of shillings (a float under the `exact` rounding).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from fractions import Fraction
from typing import Any

from engines.cards.cards import cards_text
from engines.cards.game import table_bots
from engines.protocol import RandomLike

from .bots import Bot, make_bot
from .options import DobbmOptions
from .rules import GameState, HandResult


def money(value: Fraction) -> int | float:
    return int(value) if value.denominator == 1 else float(value)


def play_hands(hands: int, players: int = 4, stake: int = 60, seed: int | None = None,
               levels: Sequence[str] | str = "medium", options: DobbmOptions | None = None,
               bots: Sequence[Bot] | None = None,
               rng: RandomLike | None = None) -> Iterator[dict[str, Any]]:
    """Yield `hands` finished hands played by bots, one dict each (see the module docstring).

    `levels` is one level for every seat or one per seat (ignored when `bots` are given);
    `options` default to the §16 rules for `players` and `stake`, with a session of no fixed
    length; `rng` (default `random.Random(seed)`) makes the deals and the bots' choices."""
    options = options or DobbmOptions(players=players, stake=stake, session_hands=0)
    bots = table_bots(options.players, levels, bots, make_bot)
    rng = rng if rng is not None else random.Random(seed)
    session, done = 0, 0
    state = GameState(options)
    while done < hands:
        if state.is_over:
            session += 1
            state = GameState(options)
        if state.is_chance:
            state.apply(state.sample_chance(rng))
            continue
        seat = state.current_player
        assert seat is not None
        finished = len(state.results)
        state.apply(bots[seat].choose(state.view(seat), rng), seat=seat)
        if len(state.results) > finished:
            done += 1
            yield hand_record(state.results[-1], session)


def hand_record(result: HandResult, session: int = 0) -> dict[str, Any]:
    """One finished hand (with its cards) as a JSON-ready dict (see the module docstring)."""
    score = result.score
    return {
        "session": session,
        "hand": result.number,
        "dealer": result.dealer,
        "sitting_out": result.sitting_out,
        "musrunde": result.musrunde,
        "deal_by_seat": [cards_text(hand) for hand in result.deal],
        "dobb": cards_text(result.dobb),
        "bids": [{"seat": seat, "call": call.value} for seat, call in result.bids],
        "outcome": result.outcome,
        "declarer": result.declarer,
        "contract": None if result.contract is None else result.contract.value,
        "discards": cards_text(result.discards),
        "doubling": [{"seat": seat, "call": call.value} for seat, call in result.doublings],
        "multiplier": None if score is None else score.multiplier,
        "tricks": [{"leader": t.leader, "cards": cards_text(t.cards), "winner": t.winner}
                   for t in result.tricks],
        "declarer_points": None if score is None else score.points,
        "trick_points": None if score is None else score.trick_points,
        "dobb_points": None if score is None else score.dobb_points,
        "matsch": None if score is None else score.matsch,
        "margin": None if score is None else score.margin,
        "amount": None if score is None else money(score.amount),
        "irregularity": None if result.irregularity is None else str(result.irregularity),
        "payments": [money(x) for x in result.payments],
        "ledger": [money(x) for x in result.ledger],
    }

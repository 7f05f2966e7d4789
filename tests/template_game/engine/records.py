"""A game of Six Cards as JSON lines, and its exact replay.

One JSON object per line, in order. Kinds:

- ``game_started``: ``options`` (the `Options` fields);
- ``deal``: ``deal`` (0 for the first) and the chance outcome as `Deal.record()` writes it:
  ``dealer``, ``hands`` (each seat's six cards, by seat) and ``stock`` (the twelve laid
  aside), so that a replay deals the same cards;
- ``play``: ``seat`` and ``card``;
- ``deal_over``: ``deal``, ``points`` and ``scores`` by seat (a consequence of the plays,
  checked on replay);
- ``game_over``: ``winner`` and ``scores`` (checked).

Cards are written rank then suit (``QS``, ``TH``). The names (`recorder`, `events`,
`replay`, `dumps`, `loads`, `RecordError`) are every game's (`engines.protocol.Records`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines import records as shared
from engines.cards.cards import Card
from engines.cards.deals import Deal, DealError
from engines.records import RecordError

from .options import Options, OptionsError
from .rules import SCHEDULE, DealResult, GameState

__all__ = ["RecordError", "dumps", "events", "loads", "recorder", "replay"]


def _deal_event(result: DealResult) -> dict[str, Any]:
    return {"kind": "deal_over", "deal": result.number, "points": list(result.points),
            "scores": list(result.scores)}


class Recorder(shared.Recorder[GameState]):
    """Turns a game's actions into record events one at a time, as they are played
    (`engines.records.Recorder`: a finished deal, and the game's end, add their events)."""

    def __init__(self, options: Options) -> None:
        super().__init__(options, GameState(options))

    def action_events(self, action: object) -> list[dict[str, Any]]:
        replica = self.replica
        if isinstance(action, Deal):
            record = action.record()
            return [{"kind": "deal", "deal": replica.deal_number, "dealer": action.dealer,
                     "hands": record["hands"], "stock": record["stock"]}]
        if isinstance(action, Card):
            return [{"kind": "play", "seat": replica.current_player, "card": str(action)}]
        raise RecordError(f"{action!r} is not an action of Six Cards")

    result_event = staticmethod(_deal_event)

    def end_event(self) -> dict[str, Any]:
        return shared.game_over_event(self.replica)


def recorder(state: GameState) -> Recorder:
    """A recorder for a new record of `state` (its options)."""
    return Recorder(state.options)


def _replay_event(state: GameState, event: Mapping[str, Any]) -> None:
    kind = event["kind"]
    if kind == "deal":
        if event["deal"] != state.deal_number:
            raise RecordError(f"deal {event['deal']} when deal {state.deal_number} was due")
        try:
            deal = SCHEDULE.from_record({k: event[k] for k in ("dealer", "hands", "stock")})
        except DealError as exc:
            raise RecordError(str(exc)) from None
        state.apply(deal)
    elif kind == "play":
        state.apply(Card.parse(event["card"]), seat=event["seat"])
    elif kind == "deal_over":
        done = [r for r in state.results if r.number == event["deal"]]
        if not done or _deal_event(done[0]) != {**event}:
            raise RecordError("the deal replays to different points")
    elif kind == "game_over":
        shared.check_game_over(state, event)
    # Other kinds (notes) do not change the game.


def _start(event: Mapping[str, Any]) -> GameState:
    options = shared.options_from_json(Options, event.get("options", {}),
                                       (OptionsError, TypeError))
    return GameState(options)


RECORDS = shared.GameRecords(recorder, "game_started", _start, _replay_event)
events, dumps, loads, replay = RECORDS.events, RECORDS.dumps, RECORDS.loads, RECORDS.replay

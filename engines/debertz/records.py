"""A game of Debertz as JSON lines, and its exact replay.

One JSON object per line, in order. Kinds:

- ``game_started``: ``options`` (the `DebertzOptions` fields, enums as their text);
- ``deal``: ``deal`` (0 for the first) and the chance outcome — ``dealer``, ``hands``
  (each seat's first six cards, by seat), ``turned`` and ``stock`` (top first);
- ``bid``: ``seat`` and ``bid`` (``play``, ``pass``, ``name H``);
- ``say``: ``seat`` and ``say`` (``swap``, ``keep``, ``redeal``, ``bella``);
- ``play``: ``seat`` and ``card``;
- ``deal_over``: ``deal``, ``outcome``, ``points`` and ``scores`` by side (a consequence
  of the actions, checked on replay);
- ``game_over``: ``winner`` (a side) and ``scores`` (checked).

Cards are written rank then suit (``JH``, ``TC``). Replaying the events rebuilds the same
`GameState`. The names (`recorder`, `events`, `replay`, `dumps`, `loads`) are every
game's (`engines.protocol.Records`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines import records as shared
from engines.cards.cards import Card
from engines.cards.deals import Deal, DealError
from engines.records import RecordError
from engines.records import options_to_json as options_to_json  # offered here as before

from .options import DebertzOptions, OptionsError
from .rules import Bid, DealResult, GameState, Say, read_action


def options_from_json(data: Mapping[str, Any]) -> DebertzOptions:
    return shared.options_from_json(DebertzOptions, data, (OptionsError, TypeError))


def _deal_event(result: DealResult) -> dict[str, Any]:
    return {
        "kind": "deal_over",
        "deal": result.number,
        "outcome": result.outcome,
        "points": [line.points for line in result.lines],
        "scores": list(result.scores),
    }


class Recorder(shared.Recorder[GameState]):
    """Turns a game's actions into record events one at a time, as they are played
    (`engines.records.Recorder`: a deal or the game ending adds its result)."""

    def __init__(self, options: DebertzOptions) -> None:
        super().__init__(options, GameState(options))

    def action_events(self, action: object) -> list[dict[str, Any]]:
        replica = self.replica
        seat = replica.current_player
        if isinstance(action, Deal):
            return [{"kind": "deal", "deal": replica.deal_number, **action.record()}]
        if isinstance(action, Say):
            return [{"kind": "say", "seat": seat, "say": action.value}]
        if isinstance(action, Bid):
            return [{"kind": "bid", "seat": seat, "bid": str(action)}]
        if isinstance(action, Card):
            return [{"kind": "play", "seat": seat, "card": str(action)}]
        raise RecordError(f"{action!r} is not a Debertz action")

    result_event = staticmethod(_deal_event)

    def end_event(self) -> dict[str, Any]:
        return shared.game_over_event(self.replica)


def recorder(state: GameState) -> Recorder:
    """A recorder for a new record of `state` (its options)."""
    return Recorder(state.options)


def _replay_event(state: GameState, event: Mapping[str, Any]) -> None:
    kind = event["kind"]
    if kind == "deal":
        if event.get("deal", state.deal_number) != state.deal_number:
            raise RecordError(f"deal {event['deal']} when deal {state.deal_number} was due")
        try:
            deal = state.schedule.from_record(
                {k: event[k] for k in ("dealer", "hands", "turned", "stock") if k in event})
        except DealError as exc:
            raise RecordError(str(exc)) from None
        state.apply(deal)
    elif kind == "bid":
        state.apply(read_action(str(event["bid"])), seat=event["seat"])
    elif kind == "say":
        state.apply(Say(event["say"]), seat=event["seat"])
    elif kind == "play":
        state.apply(Card.parse(event["card"]), seat=event["seat"])
    elif kind == "deal_over":
        done = [r for r in state.results if r.number == event["deal"]]
        if not done or _deal_event(done[0]) != {**event}:
            raise RecordError("the deal replays to a different score")
    elif kind == "game_over":
        shared.check_game_over(state, event)
    # Other kinds (notes) do not change the game.


def _start(event: Mapping[str, Any]) -> GameState:
    return GameState(options_from_json(event.get("options", {})))


RECORDS = shared.GameRecords(recorder, "game_started", _start, _replay_event)
events, dumps, loads, replay = RECORDS.events, RECORDS.dumps, RECORDS.loads, RECORDS.replay

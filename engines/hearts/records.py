"""A game of Bidel as JSON lines, and its exact replay.

One JSON object per line, in order. Kinds:

- ``game_started``: ``options`` (the `HeartsOptions` fields);
- ``deal``: ``hand`` (0 for the first) and ``hands`` — each seat's cards, by seat;
- ``pass``: ``seat`` and ``cards`` (three);
- ``play``: ``seat`` and ``card``;
- ``hand_over``: ``hand``, ``taken``, ``points``, ``shooter`` and ``scores`` after it
  (a consequence of the plays, checked on replay);
- ``game_over``: ``winner`` and ``scores`` (checked).

Cards are written rank then suit (``QS``, ``TH``). Replaying the events rebuilds the
same `GameState`: the same deals, passes and plays, the same scores. The names
(`recorder`, `events`, `replay`, `dumps`, `loads`) are every game's
(`engines.protocol.Records`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines import records as shared
from engines.cards.cards import Card, cards_text
from engines.records import RecordError
from engines.records import options_to_json as options_to_json  # offered here as before

from .options import HeartsOptions, OptionsError
from .rules import Deal, GameState, HandResult, Pass


def options_from_json(data: Mapping[str, Any]) -> HeartsOptions:
    return shared.options_from_json(HeartsOptions, data, (OptionsError, TypeError))


def _hand_event(result: HandResult) -> dict[str, Any]:
    return {
        "kind": "hand_over",
        "hand": result.number,
        "taken": list(result.taken),
        "points": list(result.points),
        "shooter": result.shooter,
        "scores": list(result.scores),
    }


class Recorder(shared.Recorder[GameState]):
    """Turns a game's actions into record events one at a time, as they are played
    (`engines.records.Recorder`: a hand or the game ending adds its result)."""

    def __init__(self, options: HeartsOptions) -> None:
        super().__init__(options, GameState(options))

    def action_events(self, action: object) -> list[dict[str, Any]]:
        replica = self.replica
        if isinstance(action, Deal):
            return [{"kind": "deal", "hand": replica.hand_number,
                     "hands": [cards_text(hand) for hand in action.hands]}]
        if isinstance(action, Pass):
            return [{"kind": "pass", "seat": replica.current_player,
                     "cards": cards_text(action.cards)}]
        if isinstance(action, Card):
            return [{"kind": "play", "seat": replica.current_player, "card": str(action)}]
        raise RecordError(f"{action!r} is not a Bidel action")

    result_event = staticmethod(_hand_event)

    def end_event(self) -> dict[str, Any]:
        return shared.game_over_event(self.replica)


def recorder(state: GameState) -> Recorder:
    """A recorder for a new record of `state` (its options)."""
    return Recorder(state.options)


def _replay_event(state: GameState, event: Mapping[str, Any]) -> None:
    kind = event["kind"]
    if kind == "deal":
        if event.get("hand", state.hand_number) != state.hand_number:
            raise RecordError(f"hand {event['hand']} dealt when hand {state.hand_number} was due")
        state.apply(Deal.of(event["hands"]))
    elif kind == "pass":
        state.apply(Pass.of(event["cards"]), seat=event["seat"])
    elif kind == "play":
        state.apply(Card.parse(event["card"]), seat=event["seat"])
    elif kind == "hand_over":
        done = [r for r in state.results if r.number == event["hand"]]
        if not done or _hand_event(done[0]) != {**event}:
            raise RecordError("the hand replays to a different score")
    elif kind == "game_over":
        shared.check_game_over(state, event)
    # Other kinds (notes) do not change the game.


def _start(event: Mapping[str, Any]) -> GameState:
    return GameState(options_from_json(event.get("options", {})))


RECORDS = shared.GameRecords(recorder, "game_started", _start, _replay_event)
events, dumps, loads, replay = RECORDS.events, RECORDS.dumps, RECORDS.loads, RECORDS.replay

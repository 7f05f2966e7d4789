"""A session of Dobbm as JSON lines, and its exact replay.

One JSON object per line, in order. Kinds:

- ``game_started``: ``options`` (the `DobbmOptions` fields, enums as their text);
- ``deal``: ``hand`` (0 for the first) and the chance outcome — ``dealer``, ``hands``
  (each seat's 8 cards, by seat; ``""`` for the 5-player dealer) and ``stock`` (the Dobb);
- ``call``: ``seat`` and ``call`` (``weiter``, ``dobbm``, ``solo``, ``gut``,
  ``schwacher``, ``retour``);
- ``discard``: ``seat`` and ``cards`` (the 4 laid away, ``"7H 8L 9A 6B"``);
- ``play``: ``seat`` and ``card``;
- ``host``: ``action`` (``close``, ``revoke N``, ``wrong discards``);
- ``hand_over``: ``hand``, ``outcome``, ``payments`` and ``ledger`` by seat (a consequence
  of the actions, checked on replay);
- ``session_over``: ``ledger`` (checked).

Money is written as a whole number of shillings, or as ``"a/b"`` text when the `exact`
rounding leaves a fraction. Cards are written rank then suit (``SH``, ``OB``). Replaying
the events rebuilds the same `GameState`. The names (`recorder`, `events`, `replay`,
`dumps`, `loads`) are every game's (`engines.protocol.Records`).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from engines import records as shared
from engines.cards.deals import Deal, DealError
from engines.cards.german import GermanCard
from engines.records import RecordError
from engines.records import options_to_json as options_to_json  # offered here as before

from .options import DobbmOptions, OptionsError
from .rules import HOST, Call, Discard, GameState, HandResult, Host, read_action, read_host


def money(value: Fraction) -> int | str:
    """Shillings for JSON: an int when whole, else ``"a/b"``."""
    return int(value) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def options_from_json(data: Mapping[str, Any]) -> DobbmOptions:
    return shared.options_from_json(DobbmOptions, data, (OptionsError, TypeError))


def _hand_event(result: HandResult) -> dict[str, Any]:
    return {
        "kind": "hand_over",
        "hand": result.number,
        "outcome": result.outcome,
        "payments": [money(x) for x in result.payments],
        "ledger": [money(x) for x in result.ledger],
    }


class Recorder(shared.Recorder[GameState]):
    """Turns a session's actions into record events one at a time, as they are played
    (`engines.records.Recorder`); a `Host` action is applied through `host`."""

    def __init__(self, options: DobbmOptions) -> None:
        super().__init__(options, GameState(options))

    def action_events(self, action: object) -> list[dict[str, Any]]:
        replica = self.replica
        seat = replica.current_player
        if isinstance(action, Deal):
            record = action.record()
            return [{"kind": "deal", "hand": replica.hand_number, "dealer": action.dealer,
                     "hands": record["hands"], "stock": record["stock"]}]
        if isinstance(action, Call):
            return [{"kind": "call", "seat": seat, "call": action.value}]
        if isinstance(action, Discard):
            return [{"kind": "discard", "seat": seat,
                     "cards": " ".join(str(c) for c in action.cards)}]
        if isinstance(action, GermanCard):
            return [{"kind": "play", "seat": seat, "card": str(action)}]
        if isinstance(action, Host):
            return [{"kind": "host", "action": str(action)}]
        raise RecordError(f"{action!r} is not a Dobbm action")

    def apply(self, action: object) -> None:
        if isinstance(action, Host):
            self.replica.host(action)
        else:
            self.replica.apply(action)

    result_event = staticmethod(_hand_event)

    def end_event(self) -> dict[str, Any]:
        return {"kind": "session_over", "ledger": [money(x) for x in self.replica.ledger]}


def recorder(state: GameState) -> Recorder:
    """A recorder for a new record of `state` (its options)."""
    return Recorder(state.options)


def _replay_event(state: GameState, event: Mapping[str, Any]) -> None:
    kind = event["kind"]
    if kind == "deal":
        if event.get("hand", state.hand_number) != state.hand_number:
            raise RecordError(f"hand {event['hand']} when hand {state.hand_number} was due")
        try:
            deal = state.schedule.from_record(
                {k: event[k] for k in ("dealer", "hands", "stock") if k in event})
        except DealError as exc:
            raise RecordError(str(exc)) from None
        state.apply(deal)
    elif kind == "call":
        state.apply(Call(event["call"]), seat=event["seat"])
    elif kind == "discard":
        state.apply(read_action("discard " + str(event["cards"])), seat=event["seat"])
    elif kind == "play":
        state.apply(GermanCard.parse(event["card"]), seat=event["seat"])
    elif kind == "host":
        state.host(read_host(str(event["action"])))
    elif kind == "hand_over":
        done = [r for r in state.results if r.number == event["hand"]]
        if not done or _hand_event(done[0]) != {**event}:
            raise RecordError("the hand replays to different payments")
    elif kind == "session_over" and (
            not state.is_over or [money(x) for x in state.ledger] != list(event["ledger"])):
        raise RecordError("the session replays to a different end")
    # Other kinds (notes) do not change the game.


def _start(event: Mapping[str, Any]) -> GameState:
    return GameState(options_from_json(event.get("options", {})))


RECORDS = shared.GameRecords(recorder, "game_started", _start, _replay_event)
dumps, loads, replay = RECORDS.dumps, RECORDS.loads, RECORDS.replay


def events(state: GameState) -> list[dict[str, Any]]:
    """The record of everything that happened in `state`, from its first deal."""
    assert all(actor == HOST or not isinstance(action, Host) for actor, action in state.history)
    return RECORDS.events(state)

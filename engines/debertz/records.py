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

from collections.abc import Iterable, Mapping
from dataclasses import fields
from enum import Enum
from typing import Any

from engines.cards.cards import Card
from engines.cards.deals import Deal, DealError
from engines.records import RecordError, from_text, replay_events, to_text

from .options import DebertzOptions, OptionsError
from .rules import Bid, DealResult, GameState, Say, read_action


def options_to_json(options: DebertzOptions) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for item in fields(DebertzOptions):
        value = getattr(options, item.name)
        out[item.name] = value.value if isinstance(value, Enum) else value
    return out


def options_from_json(data: Mapping[str, Any]) -> DebertzOptions:
    known = {f.name for f in fields(DebertzOptions)}
    unknown = set(data) - known
    if unknown:
        raise RecordError(f"unknown game options: {', '.join(sorted(unknown))}")
    try:
        return DebertzOptions(**data)
    except (OptionsError, TypeError) as exc:
        raise RecordError(f"bad game options: {exc}") from exc


def _deal_event(result: DealResult) -> dict[str, Any]:
    return {
        "kind": "deal_over",
        "deal": result.number,
        "outcome": result.outcome,
        "points": [line.points for line in result.lines],
        "scores": list(result.scores),
    }


class Recorder:
    """Turns a game's actions into record events one at a time, as they are played.

    `first` is the game_started event; `record(action)` applies the action to its own copy
    of the game and returns the events it makes (a deal or the game ending adds its result).
    """

    def __init__(self, options: DebertzOptions) -> None:
        self.first: dict[str, Any] = {"kind": "game_started",
                                      "options": options_to_json(options)}
        self._replica = GameState(options)

    def record(self, action: object) -> list[dict[str, Any]]:
        replica = self._replica
        seat = replica.current_player
        out: list[dict[str, Any]] = []
        if isinstance(action, Deal):
            out.append({"kind": "deal", "deal": replica.deal_number, **action.record()})
        elif isinstance(action, Say):
            out.append({"kind": "say", "seat": seat, "say": action.value})
        elif isinstance(action, Bid):
            out.append({"kind": "bid", "seat": seat, "bid": str(action)})
        elif isinstance(action, Card):
            out.append({"kind": "play", "seat": seat, "card": str(action)})
        else:
            raise RecordError(f"{action!r} is not a Debertz action")
        done = len(replica.results)
        replica.apply(action)  # type: ignore[arg-type]
        if len(replica.results) > done:
            out.append(_deal_event(replica.results[-1]))
        if replica.is_over:
            out.append({"kind": "game_over", "winner": replica.winner,
                        "scores": list(replica.scores)})
        return out


def recorder(state: GameState) -> Recorder:
    """A recorder for a new record of `state` (its options)."""
    return Recorder(state.options)


def events(state: GameState) -> list[dict[str, Any]]:
    """The record of everything that happened in `state`, from its first deal."""
    writer = recorder(state)
    out = [writer.first]
    for _actor, action in state.history:
        out.extend(writer.record(action))
    return out


def dumps(state: GameState) -> str:
    """The record as JSON lines (one event per line, ending with a newline)."""
    return to_text(events(state))


def loads(text: str) -> GameState:
    """Replay a record written by `dumps`."""
    return replay(from_text(text))


def replay(record: Iterable[Mapping[str, Any]]) -> GameState:
    """Rebuild a game from its events. Raises RecordError if the record disagrees."""
    return replay_events(
        record, "game_started",
        lambda event: GameState(options_from_json(event.get("options", {}))),
        _replay_event,
    )


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
        if not state.is_over or state.winner != event["winner"]:
            raise RecordError("the game replays to a different end")
        if list(event["scores"]) != state.scores:
            raise RecordError("the game replays to different scores")
    # Other kinds (notes) do not change the game.

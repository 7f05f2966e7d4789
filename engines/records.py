"""Game records as JSON lines, for every engine: one event a line, read back naming the line
that is not JSON, and replayed naming the event that does not fit.

Each game's `records` module says what its events are (`engines.backgammon.records`,
`engines.hearts.records`); the framing, the error reporting, the options as JSON, the
recorder's loop (apply, then the hand's result, then the end) and the module-level names
built on them (`GameRecords`: events, dumps, loads, replay) live here once.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import fields
from enum import Enum
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from engines.protocol import Recorder as RecorderLike

if TYPE_CHECKING:
    from _typeshed import DataclassInstance


class _Played(Protocol):
    """What records need of a game's state: its (actor, action) history, and `apply`."""

    @property
    def history(self) -> Sequence[tuple[int, Any]]: ...

    def apply(self, action: Any, seat: int | None = None) -> None: ...


State = TypeVar("State", bound=_Played)
Options = TypeVar("Options", bound="DataclassInstance")


class RecordError(ValueError):
    """A record that cannot be replayed; the message names the line or the event."""


def to_text(events: Iterable[Mapping[str, Any]]) -> str:
    """The events as JSON lines (one event per line, ending with a newline)."""
    return "".join(json.dumps(event, ensure_ascii=False) + "\n" for event in events)


def from_text(text: str) -> list[Any]:
    """The events of a JSON-lines text; blank lines are skipped."""
    parsed = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            parsed.append(json.loads(line))
        except json.JSONDecodeError as exc:
            raise RecordError(f"line {number}: not JSON: {exc.msg}") from exc
    return parsed


def replay_events(
    record: Iterable[Mapping[str, Any]],
    first_kind: str,
    start: Callable[[Mapping[str, Any]], State],
    step: Callable[[State, Mapping[str, Any]], None],
) -> State:
    """Rebuild a state: `start` makes it from the `first_kind` event, `step` applies each
    later event. Any failure becomes a RecordError naming the event's place and kind."""
    state: State | None = None
    for position, event in enumerate(record):
        kind = event.get("kind") if isinstance(event, Mapping) else None
        try:
            if kind == first_kind:
                if state is not None:
                    raise RecordError(f"a second {first_kind}")
                state = start(event)
                continue
            if state is None:
                raise RecordError(f"the record does not start with {first_kind}")
            step(state, event)
        except RecordError as exc:
            raise RecordError(f"event {position} ({kind}): {exc}") from None
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise RecordError(f"event {position} ({kind}) cannot be replayed: {exc}") from exc
    if state is None:
        raise RecordError(f"the record holds no {first_kind.removesuffix('_started')}")
    return state


def options_to_json(options: Any) -> dict[str, Any]:
    """A game's options dataclass as a JSON object: every field by name, enums as their text."""
    out: dict[str, Any] = {}
    for item in fields(options):
        value = getattr(options, item.name)
        out[item.name] = value.value if isinstance(value, Enum) else value
    return out


def options_from_json(kind: type[Options], data: Mapping[str, Any],
                      refusals: type[Exception] | tuple[type[Exception], ...]) -> Options:
    """The options dataclass `kind` made from a record's ``options``: an unknown field, or
    values `kind` refuses with one of `refusals`, become a RecordError."""
    known = {f.name for f in fields(kind)}
    unknown = set(data) - known
    if unknown:
        raise RecordError(f"unknown game options: {', '.join(sorted(unknown))}")
    try:
        return kind(**data)
    except refusals as exc:
        raise RecordError(f"bad game options: {exc}") from exc


class Recorder(Generic[State]):
    """Turns a game's actions into record events one at a time, as they are played.

    `first` is the game_started event; `record(action)` applies the action to the
    recorder's own copy of the game (`replica`) and returns the events it makes: the
    action's own (`action_events`), then the result of a hand or deal it finished
    (`result_event`, for each new entry of the replica's `results`) and the end of the
    game (`end_event`). Each game's records module says what those events are.
    """

    def __init__(self, options: Any, replica: State) -> None:
        self.first: dict[str, Any] = {"kind": "game_started",
                                      "options": options_to_json(options)}
        self.replica = replica

    def action_events(self, action: Any) -> list[dict[str, Any]]:
        """The events of `action`, made before it is applied; RecordError for a stranger."""
        raise NotImplementedError

    def apply(self, action: Any) -> None:
        """Apply `action` to the replica."""
        self.replica.apply(action)

    def result_event(self, result: Any) -> dict[str, Any]:
        """The event of a finished hand or deal (checked on replay)."""
        raise NotImplementedError

    def end_event(self) -> dict[str, Any]:
        """The event of the game's end (checked on replay)."""
        raise NotImplementedError

    def record(self, action: Any) -> list[dict[str, Any]]:
        replica: Any = self.replica
        out = self.action_events(action)
        done = len(replica.results)
        self.apply(action)
        if len(replica.results) > done:
            out.append(self.result_event(replica.results[-1]))
        if replica.is_over:
            out.append(self.end_event())
        return out


def history_events(writer: RecorderLike, history: Iterable[tuple[int, Any]]
                   ) -> list[dict[str, Any]]:
    """A whole record: `writer`'s first event, then the events of each (actor, action)."""
    out = [writer.first]
    for _actor, action in history:
        out.extend(writer.record(action))
    return out


class GameRecords(Generic[State]):
    """The names every game's records module offers (`engines.protocol.Records`), made from
    what the game says: `recorder(state)` (a new Recorder for `state`), the kind of the
    first event, `start` (the state that event describes) and `step` (apply one later
    event). A records module binds its module-level names to them:
    ``events, dumps, loads, replay = RECORDS.events, RECORDS.dumps, …``."""

    def __init__(self, recorder: Callable[[State], RecorderLike], first_kind: str,
                 start: Callable[[Mapping[str, Any]], State],
                 step: Callable[[State, Mapping[str, Any]], None]) -> None:
        self.recorder = recorder
        self.first_kind = first_kind
        self.start = start
        self.step = step

    def events(self, state: State) -> list[dict[str, Any]]:
        """The record of everything that happened in `state`, from its first action."""
        return history_events(self.recorder(state), state.history)

    def dumps(self, state: State) -> str:
        """The record as JSON lines (one event per line, ending with a newline)."""
        return to_text(self.events(state))

    def loads(self, text: str) -> State:
        """Replay a record written by `dumps`."""
        return self.replay(from_text(text))

    def replay(self, record: Iterable[Mapping[str, Any]]) -> State:
        """Rebuild the game from its events. Raises RecordError if the record disagrees."""
        return replay_events(record, self.first_kind, self.start, self.step)


def game_over_event(state: Any) -> dict[str, Any]:
    """The end of a game won by `state.winner` with `state.scores` (Bidel, Debertz)."""
    return {"kind": "game_over", "winner": state.winner, "scores": list(state.scores)}


def check_game_over(state: Any, event: Mapping[str, Any]) -> None:
    """A replayed game_over event: the game ended, with the recorded winner and scores."""
    if not state.is_over or state.winner != event["winner"]:
        raise RecordError("the game replays to a different end")
    if list(event["scores"]) != state.scores:
        raise RecordError("the game replays to different scores")

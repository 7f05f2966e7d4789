"""Game records as JSON lines, for every engine: one event a line, read back naming the line
that is not JSON, and replayed naming the event that does not fit.

Each game's `records` module says what its events are (`engines.backgammon.records`,
`engines.hearts.records`); the framing and the error reporting live here once.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

State = TypeVar("State")


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

"""A Dabernā hand as a record of events, and its exact replay.

A record is a sequence of plain dicts (stored one JSON object per line or per
journal row). Replaying the events of a hand in order rebuilds the same `Hand`:
the same calls, claims, verdicts and winners. Kinds:

- ``hand_started``: ``options`` (the `HandOptions` fields) and optional ``seed``;
- ``ticket_issued``: ``serial`` and ``grid`` (and ``shop``, true, for a shop set's card,
  `card_check.StoreCard`);
- ``ticket_replaced``: ``serial`` and ``grid`` of a signed code that takes the place
  of a listed ticket with the same serial and another grid;
- ``ticket_withdrawn``: ``serial`` and ``grid`` of a ticket taken out of play before
  the first call (the host's check-in list); the grid must be the one in play;
- ``number_called``: ``number``;
- ``claim``: ``serial``, optional ``stage``, and the ``valid`` verdict given;
- ``claim_by_numbers``: ``typed`` (the numbers the host typed, in order), optional
  ``stage`` and ``name``, and the ``valid`` verdict given (`by_numbers.check_by_numbers`);
- ``stage_won``: ``stage``, ``call``, ``serials`` (a consequence of claims, checked);
- ``hand_over``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import asdict, fields
from typing import Any

from .by_numbers import check_by_numbers
from .card_check import StoreCard, card_from_json
from .hand import Hand, Verdict
from .options import HandOptions, Stage


class RecordError(ValueError):
    """A record that cannot be replayed; the message names the event."""


def options_to_json(options: HandOptions) -> dict[str, bool]:
    return asdict(options)


def options_from_json(data: Mapping[str, Any]) -> HandOptions:
    known = {f.name for f in fields(HandOptions)}
    unknown = set(data) - known
    if unknown:
        raise RecordError(f"unknown hand options: {', '.join(sorted(unknown))}")
    return HandOptions(**{k: bool(v) for k, v in data.items()})


def verdict_to_json(verdict: Verdict) -> dict[str, Any]:
    return {
        "serial": verdict.serial,
        "valid": verdict.valid,
        "stages": [str(s) for s in verdict.stages],
        "reason": str(verdict.reason) if verdict.reason else None,
        "shared_with": list(verdict.shared_with),
        "burnt": verdict.burnt,
    }


def replay(events: Iterable[Mapping[str, Any]]) -> Hand:
    """Rebuild a hand from its events. Raises RecordError if the record disagrees."""
    hand: Hand | None = None
    for position, event in enumerate(events):
        kind = event.get("kind")
        try:
            if kind == "hand_started":
                hand = Hand(options_from_json(event.get("options", {})))
                continue
            if hand is None:
                raise RecordError("the record does not start with hand_started")
            if kind == "ticket_issued":
                hand.register(card_from_json(event))
            elif kind == "ticket_replaced":
                hand.replace(card_from_json(event))
            elif kind == "ticket_withdrawn":
                _withdraw(hand, str(event["serial"]), event.get("grid"))
            elif kind == "number_called":
                hand.call(event["number"])
            elif kind == "claim":
                stage = Stage(event["stage"]) if event.get("stage") else None
                verdict = hand.claim(str(event["serial"]), stage)
                if "valid" in event and bool(event["valid"]) != verdict.valid:
                    raise RecordError(f"claim by {event['serial']} replays to a different verdict")
            elif kind == "claim_by_numbers":
                stage = Stage(event["stage"]) if event.get("stage") else None
                name = event.get("name")
                checked = check_by_numbers(hand, [int(n) for n in event["typed"]], stage,
                                           str(name) if name else None)
                if "valid" in event and bool(event["valid"]) != checked.valid:
                    raise RecordError("a claim checked by numbers replays to a different "
                                      "verdict")
            elif kind == "stage_won":
                win = hand.winners.get(Stage(event["stage"]))
                if win is None or win.call_index != event["call"]:
                    raise RecordError(f"stage {event['stage']} was not won as recorded")
            elif kind == "hand_over" and not hand.is_over:
                raise RecordError("hand_over recorded before a full house")
            # Other kinds (pauses, notices) do not change the hand.
        except (KeyError, TypeError, ValueError) as exc:
            if isinstance(exc, RecordError):
                raise RecordError(f"event {position} ({kind}): {exc}") from None
            raise RecordError(f"event {position} ({kind}) cannot be replayed: {exc}") from exc
    if hand is None:
        raise RecordError("the record holds no hand")
    return hand


def _withdraw(hand: Hand, serial: str, grid: Any) -> None:
    """A ticket taken out of play, as recorded: the one in play under its serial."""
    held = hand.ticket(serial)
    if held is None:
        raise RecordError(f"ticket {serial} was taken out of play but was not in it")
    # Held to a shop card's rules, which every ticket's grid meets too.
    if grid is not None and StoreCard(serial, grid).grid != held.grid:
        raise RecordError(f"ticket {serial} taken out of play is not the one in play")
    hand.withdraw(serial)


def summary(hand: Hand) -> dict[str, Any]:
    """A hand for the host: the called numbers in order, the tickets and the winners."""
    return {
        "calls": list(hand.called),
        "tickets": [t.to_json() for t in hand.tickets],
        "winners": {str(stage): win.to_json() for stage, win in hand.winners.items()},
        "over": hand.is_over,
    }

"""Hand records: a journal of events replays to exactly the same hand."""

from __future__ import annotations

import random

import pytest

from engines.debarna.bag import Bag
from engines.debarna.hand import Hand
from engines.debarna.options import HandOptions
from engines.debarna.records import (
    RecordError,
    options_from_json,
    options_to_json,
    replay,
    summary,
    verdict_to_json,
)
from engines.debarna.strips import make_strips


def _played(seed: int, options: HandOptions) -> tuple[Hand, list[dict[str, object]]]:
    rng = random.Random(seed)
    tickets = [t for strip in make_strips(4, rng) for t in strip]
    events: list[dict[str, object]] = [
        {"kind": "hand_started", "options": options_to_json(options), "seed": seed}
    ]
    events += [{"kind": "ticket_issued", **t.to_json()} for t in tickets]
    hand = Hand(options, tickets)
    bag = Bag(rng)
    while not hand.is_over:
        number = bag.draw()
        hand.call(number)
        events.append({"kind": "number_called", "number": number})
        # A wrong claim now and then, and everyone who completed a stage.
        if rng.random() < 0.1:
            serial = rng.choice(tickets).serial
            events.append({"kind": "claim", "serial": serial,
                           **verdict_to_json(hand.claim(serial))})
        for serials in hand.reached_on_last().values():
            for serial in serials:
                verdict = hand.claim(serial)
                events.append({"kind": "claim", "serial": serial, **verdict_to_json(verdict)})
    events.append({"kind": "hand_over"})
    return hand, events


@pytest.mark.parametrize("burn", [False, True])
def test_a_record_replays_to_the_same_hand(burn: bool) -> None:
    for seed in range(5):
        hand, events = _played(seed, HandOptions(burn_false_claims=burn))
        again = replay(events)
        assert summary(again) == summary(hand)
        assert again.winners == hand.winners


def test_a_record_cut_anywhere_replays_its_prefix() -> None:
    _, events = _played(3, HandOptions())
    cut = events[: len(events) // 2]
    partial = replay(cut)
    calls = [e["number"] for e in cut if e["kind"] == "number_called"]
    assert list(partial.called) == calls
    assert not partial.is_over


def test_a_record_that_disagrees_is_refused_with_the_event_named() -> None:
    _, events = _played(1, HandOptions())
    forged = [dict(e) for e in events]
    for e in forged:
        if e["kind"] == "claim" and e["valid"]:
            e["valid"] = False
            break
    with pytest.raises(RecordError, match="different verdict"):
        replay(forged)
    with pytest.raises(RecordError, match="does not start"):
        replay(events[1:])
    with pytest.raises(RecordError, match="no hand"):
        replay([])


def test_unknown_options_are_refused() -> None:
    assert options_from_json(options_to_json(HandOptions(early_five=True))).early_five
    with pytest.raises(RecordError, match="unknown hand options"):
        options_from_json({"three_lines": True})

"""What the card toolkit gained for Debertz: runs of consecutive cards (§8.1) and a deal
read back from its text form (the deal's action text)."""

from __future__ import annotations

import random

import pytest

from engines.cards.cards import parse_cards
from engines.cards.deals import DealError
from engines.cards.runs import run_key, runs
from engines.debertz.rules import schedule


def texts(found: list[tuple]) -> list[str]:  # type: ignore[type-arg]
    return [" ".join(map(str, run)) for run in found]


def test_runs_are_maximal_three_or_more_in_one_suit_highest_first() -> None:
    hand = parse_cards("AH KH QH 9H 8H 7H TS JS QS 7C 8C")
    assert texts(runs(hand)) == ["AH KH QH", "QS JS TS", "9H 8H 7H"]


def test_a_longer_run_is_senior_then_the_higher_top_card() -> None:
    four = tuple(parse_cards("TD 9D 8D 7D"))
    three = tuple(parse_cards("AS KS QS"))
    assert run_key(four) > run_key(three)
    assert run_key(tuple(parse_cards("KC QC JC"))) > run_key(tuple(parse_cards("QD JD TD")))


def test_ten_and_jack_are_consecutive_in_sequences() -> None:
    assert texts(runs(parse_cards("QH JH TH 9H"))) == ["QH JH TH 9H"]
    assert runs(parse_cards("AH KH 9H 8H")) == []


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_deal_reads_back_from_its_text(players: int) -> None:
    sched = schedule(players)
    for seed in range(20):
        deal = sched.sample(random.Random(seed), seed % players)
        assert sched.parse(str(deal)) == deal


def test_text_that_is_not_a_deal_is_refused() -> None:
    sched = schedule(2)
    deal = sched.sample(random.Random(1), 0)
    for bad in ("dealer x: -", "hello", str(deal).replace("/ up", "/ upp", 0) + " / more",
                str(deal).replace("JH", "XX")):
        with pytest.raises(DealError):
            sched.parse(bad)

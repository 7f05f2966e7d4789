"""Checking a claim by numbers: a card the kiosk has never seen, judged on typed numbers.

Rules §8 ("Checking by numbers"): the claimer reads out the claimed row (5 numbers) or
the whole card (15) and the host types them. **Decision:** the 15 are typed row by row,
top to bottom, each row's five in any order (they are placed in their decades' columns,
`card_check.place_rows`); the top and bottom rows matter only for four corners.

The numbers must fit §2's shape first: 5 or 15 of them, each from 1 to 90, none twice, no
two of one decade in a row. Numbers that do not are refused naming the rule
(`ByNumbers.problems`, `card_check.CardProblem`), and nothing is judged.

Then the claim is judged by §6 exactly as a known card's, by the hand itself
(`Hand.claim_unseen`): every number of the pattern called, the pattern's instance
completed on the last number called (else refused as late, naming the call and number),
one main stage a call, §5's order, shared wins; a good claim's win is recorded in the
hand, so a card in play completing the stage on the same number shares it. A row shows a
Line and nothing else: typed for Two lines, Full house or a side pattern, or with Line no
longer open, it cannot be enough, and `ByNumbers.row_not_enough` names the stage the
whole card is needed for. The verdict says it was checked by numbers
(`Verdict.by_numbers`).

Which card is it? Without a `name` from the kiosk, a card is named by its numbers
(``N01-10-20-30-40`` for a row, the three rows joined by ``/`` for a card), so typing
the same numbers again names the same card; and a row or card typed on the call on which
a card holding it (or held by it) won a main stage by numbers is that card, so it cannot
win a second main stage on that call. Two cards of a set printed with the same numbers
are one card to this check, unless the kiosk names them.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Sequence
from dataclasses import dataclass

from .card_check import CardProblem, StoreCard, place_rows
from .hand import CardRow, Hand, Reason, Verdict
from .options import Stage

NAME_MARK = "N"
_ROW = r"\d\d(?:-\d\d){4}"
_NAMED = re.compile(rf"{NAME_MARK}({_ROW}(?:/{_ROW}){{2}}|{_ROW})")


@dataclass(frozen=True)
class ByNumbers:
    """The answer to `check_by_numbers`.

    `rows` are the typed numbers as rows, each left to right (empty when they were
    refused). Exactly one of these says what happened: `problems`, the shape rules the
    numbers break (nothing judged); `row_not_enough`, the stage a row cannot show;
    `verdict`, the hand's verdict (its `rows` index `rows`). `not_called` are the typed
    numbers not called yet, in the order typed.
    """

    typed: tuple[int, ...]
    rows: tuple[tuple[int, ...], ...] = ()
    problems: tuple[CardProblem, ...] = ()
    row_not_enough: Stage | None = None
    verdict: Verdict | None = None
    not_called: tuple[int, ...] = ()

    @property
    def valid(self) -> bool:
        return self.verdict is not None and self.verdict.valid

    @property
    def message(self) -> str:
        """What happened, in English (the kiosk translates the structured fields)."""
        if self.problems:
            return "; ".join(p.message for p in self.problems)
        if self.row_not_enough is not None:
            return (f"a row shows only a line: {_STAGE_WORDS[self.row_not_enough]} needs the "
                    "card's 15 numbers, typed row by row")
        assert self.verdict is not None
        return _verdict_words(self.verdict, self.not_called)


def check_by_numbers(hand: Hand, typed: Sequence[int], stage: Stage | None = None,
                     name: str | None = None) -> ByNumbers:
    """Judge a claim on the last number called for a card known by the typed numbers.

    `typed`: the claimed row's 5 numbers, or the card's 15 row by row. `stage`: the
    stage claimed, or None for whatever the numbers win (a row: Line). `name`: the
    card's name in the hand's winners (the kiosk's), else one made of its numbers; a
    name a ticket in play holds is a HandError. A good claim is recorded in `hand`
    (and, under the burn rule, a false one burns the name); nothing else changes.
    """
    numbers = tuple(typed)
    grid, problems = place_rows(numbers)
    if problems:
        return ByNumbers(numbers, problems=tuple(problems))
    rows = tuple(tuple(n for n in row if n is not None) for row in grid)
    called = set(hand.called)
    not_called = tuple(n for n in numbers if n not in called)
    serial = name if name is not None else _same_card(hand, rows) or card_name(rows)
    if len(rows) == 1:
        row = CardRow(serial, frozenset(rows[0]))
        wanted = stage
        if wanted is None and Stage.LINE not in hand.open_stages():
            # Line is gone: a row complete by the number that won it could have shared
            # (late, as for any card); otherwise the row is not enough for what is in play.
            # Tried on a copy: the refusal must not burn the card (it was not a claim).
            if not not_called:
                late = copy.deepcopy(hand).claim_unseen(row)
                if late.reason is Reason.TOO_LATE:
                    return ByNumbers(numbers, rows, verdict=late)
            wanted = hand.next_stage or Stage.FULL_HOUSE
        if wanted not in (None, Stage.LINE):
            return ByNumbers(numbers, rows, row_not_enough=wanted, not_called=not_called)
        verdict = hand.claim_unseen(row, stage)
    else:
        card = StoreCard(serial, tuple(tuple(row) for row in grid))
        verdict = hand.claim_unseen(card, stage)
    return ByNumbers(numbers, rows, verdict=verdict, not_called=not_called)


def card_name(rows: Sequence[Sequence[int]]) -> str:
    """The name a card checked by numbers goes under: its rows' numbers, two digits each."""
    return NAME_MARK + "/".join("-".join(f"{n:02d}" for n in sorted(row)) for row in rows)


def named_numbers(serial: str) -> frozenset[int] | None:
    """The numbers a name made by `card_name` holds (None for any other serial)."""
    if not _NAMED.fullmatch(serial):
        return None
    return frozenset(int(n) for n in re.findall(r"\d\d", serial))


def _same_card(hand: Hand, rows: Sequence[Sequence[int]]) -> str | None:
    """The card checked by numbers that won a main stage on the last call and is this one:
    its numbers hold the typed ones, or the typed ones hold its."""
    last = len(hand.called) - 1
    typed = frozenset(n for row in rows for n in row)
    own = card_name(rows)
    for stage in hand.options.main_stages:
        win = hand.winners.get(stage)
        if win is None or win.call_index != last:
            continue
        for serial in win.serials:
            known = named_numbers(serial)
            if serial != own and known is not None and (known <= typed or typed <= known):
                return serial
    return None


_STAGE_WORDS = {
    Stage.LINE: "a line",
    Stage.TWO_LINES: "two lines",
    Stage.FULL_HOUSE: "a full house",
    Stage.EARLY_FIVE: "early five",
    Stage.FOUR_CORNERS: "four corners",
}


def _verdict_words(verdict: Verdict, not_called: tuple[int, ...]) -> str:
    checked = "checked by numbers"
    if verdict.valid:
        won = " and ".join(_STAGE_WORDS[s] for s in verdict.stages)
        shared = f", shared with {', '.join(verdict.shared_with)}" if verdict.shared_with else ""
        return f"valid: {won}, {checked}{shared}"
    stage = _STAGE_WORDS[verdict.stage] if verdict.stage is not None else "the stage"
    if verdict.reason is Reason.TOO_LATE and verdict.completed_call is not None:
        return (f"refused, {checked}: too late, {stage} was complete on call "
                f"{verdict.completed_call + 1} (number {verdict.completed_number})")
    if verdict.reason is Reason.NOT_COMPLETE and not_called:
        listed = ", ".join(str(n) for n in not_called)
        return f"refused, {checked}: {stage} is not complete, not called: {listed}"
    if verdict.reason is Reason.ONE_STAGE_A_CALL:
        return (f"refused, {checked}: this card won {_STAGE_WORDS[verdict.stages[0]]} on this "
                f"number; a card wins one stage a number")
    reason = verdict.reason.value.replace("_", " ") if verdict.reason else "not valid"
    return f"refused, {checked}: {reason} ({stage})"


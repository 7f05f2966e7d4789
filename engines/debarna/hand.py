"""A hand of Dabernā: the called numbers, the registered tickets, the win stages and claims.

Rules §4–6. The hand is a pure state machine: `call(number)` is the chance step
(the number comes from a `Bag`), `claim(serial)` checks a claim and records a win, and
`present(ticket)` takes a verified ticket (scanned, or named by its serial) and says
what it does: in play, joining, replacing the other grid under its serial, kept out
with its claim only tried, or refused because a winner holds its serial; before the
first call `withdraw(serial)` takes a ticket out of play again. `claim_unseen(card)`
judges a claim for a card the hand does not hold (checked by numbers: a whole card, or
only the claimed row, `CardRow`) by the same rules, recording a good claim's win under
the card's serial without putting the card in play.
It has no turns (a claim may come from any card at any time), so it is outside the
turn-based protocol of `engines.protocol` on purpose.
Claim rules (§6):

- a claim is valid only until the next number is called;
- the criterion is the last number called, read by *pattern instance*: a stage is
  won when some instance of its pattern (a row for Line, two rows for Two lines,
  all three for Full house) is complete and holds the last number. Rows that were
  complete earlier do not spoil a new instance the last number completes;
- a card whose only complete instances finished earlier is refused as late, and the
  refusal names the stage and the call (and number) on which the card completed it;
- a card wins at most one main stage on one call: the first open one in §5 order;
- every card that completes the stage on the same number shares the win;
- a false claim changes nothing (optionally it burns the card);
- a claim for a stage already won is refused: as late when the card had the
  pattern by the winning number (it could have shared), else as already won.

**Decisions** where the rules are silent:

- The main stages are played in order. Once a stage is won on a number, the next
  stage is open from that same number too, for the cards that did not win a main
  stage on it.
- Extra patterns (early five, four corners) are side prizes, open from the first
  number until won, judged by the same last-number criterion.
- The burn rule burns a card only for a claim whose pattern is not complete. A
  late claim, or one for a stage already won, is refused without burning: the
  card did complete the pattern.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum

from engines.errors import BrokenRule

from .options import HandOptions, Stage
from .ticket import HIGHEST, LOWEST, ROWS, Ticket, normalise_serial

EARLY_FIVE_COUNT = 5


class Reason(StrEnum):
    """Why a claim was refused."""

    UNKNOWN_TICKET = "unknown_ticket"
    NO_NUMBER_CALLED = "no_number_called"
    NOT_COMPLETE = "not_complete"
    TOO_LATE = "too_late"
    STAGE_WON = "stage_won"
    NOT_IN_PLAY = "not_in_play"
    BURNT = "burnt"
    ONE_STAGE_A_CALL = "one_stage_a_call"


class HandError(BrokenRule):
    """An illegal step in a hand; `rule` names the rule it breaks."""


@dataclass(frozen=True)
class Win:
    """A stage won: on which call (0-based index into the calls), and by whom."""

    stage: Stage
    call_index: int
    number: int
    serials: tuple[str, ...]

    def to_json(self) -> dict[str, object]:
        return {"call": self.call_index, "serials": list(self.serials)}


@dataclass(frozen=True)
class Verdict:
    """The answer to one claim.

    `rows` are the rows (0-based) of the pattern instance the verdict is about: the
    winning one for a valid claim, the one completed earlier for a late claim; empty
    for the side patterns and where no instance is complete. `completed_call` is the
    call (0-based) on which the card first showed the refused stage's pattern, and
    `completed_number` that call's number, for a late claim.
    """

    serial: str
    valid: bool
    stages: tuple[Stage, ...] = ()
    reason: Reason | None = None
    shared_with: tuple[str, ...] = ()
    ticket: Ticket | None = None
    call_index: int | None = None
    burnt: bool = False
    stage: Stage | None = None  # the stage the refusal is about, where there is one
    rows: tuple[int, ...] = ()
    completed_call: int | None = None
    completed_number: int | None = None
    by_numbers: bool = False  # judged on numbers the host typed, not on a card the hand holds


@dataclass(frozen=True)
class CardRow:
    """One row of a card the hand has never seen: all that is known of it when the host
    types only the claimed row's numbers. It can show a Line and nothing else."""

    serial: str
    numbers: frozenset[int]


class Admit(StrEnum):
    """Which ticket not in play `Hand.present` lets into the hand."""

    NONE = "none"  # none: only the ticket in play under its serial counts
    FREE = "free"  # one whose serial no ticket in play holds
    ALL = "all"  # any: it joins, or takes the place of the other grid under its serial


class Entry(StrEnum):
    """What `Hand.present` did with a verified ticket."""

    IN_PLAY = "in_play"  # the ticket in play under its serial: nothing changed
    JOINED = "joined"  # it was not in play and has joined the hand
    REPLACED = "replaced"  # it has taken the place of the other grid held under its serial
    UNCHECKED = "unchecked"  # kept out: its claim was tried on a copy, nothing recorded
    SERIAL_TAKEN = "serial_taken"  # refused: a card that has won holds its serial


@dataclass(frozen=True)
class Presented:
    """The answer to `Hand.present`: what happened to the ticket, and the verdict on its
    claim (for `Entry.UNCHECKED`, what the claim would give if it played)."""

    entry: Entry
    verdict: Verdict | None = None


_ROW_STAGES = {Stage.LINE: 1, Stage.TWO_LINES: 2, Stage.FULL_HOUSE: ROWS}


@dataclass
class _Progress:
    """How far one card has come: what is covered, and on which call each row completed.

    A card is a ticket (all its rows) or, checked by numbers, only the row claimed
    (`ticket` None): then the side patterns and the stages of more rows are unknown.
    """

    serial: str
    rows: tuple[frozenset[int], ...]
    ticket: Ticket | None = None
    row_left: list[int] = field(init=False)
    row_done: list[int | None] = field(init=False)
    corners_left: int = 4
    covered: int = 0
    side_done: dict[Stage, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.row_left = [len(row) for row in self.rows]
        self.row_done = [None] * len(self.rows)

    @classmethod
    def of(cls, card: Ticket | CardRow, called: Iterable[int] = ()) -> _Progress:
        """A card's progress, caught up with the numbers `called` (in order)."""
        if isinstance(card, CardRow):
            progress = cls(card.serial, (card.numbers,))
        else:
            progress = cls(card.serial, card.rows, card)
        where = progress.row_of
        for index, number in enumerate(called):
            row = where.get(number)
            if row is not None:
                progress.cover(row, number, index)
        return progress

    @property
    def row_of(self) -> dict[int, int]:
        return {n: r for r, row in enumerate(self.rows) for n in row}

    def knows(self, stage: Stage) -> bool:
        """Whether what is known of the card can show the stage (a row shows only a Line)."""
        need = _ROW_STAGES.get(stage)
        return self.ticket is not None or (need is not None and need <= len(self.rows))

    def cover(self, row: int, number: int, index: int) -> None:
        if self.ticket is not None:
            self.covered += 1
            if self.covered == EARLY_FIVE_COUNT:
                self.side_done[Stage.EARLY_FIVE] = index
            if number in self.ticket.corners:
                self.corners_left -= 1
                if self.corners_left == 0:
                    self.side_done[Stage.FOUR_CORNERS] = index
        self.row_left[row] -= 1
        if self.row_left[row] == 0:
            self.row_done[row] = index

    def first_complete(self, stage: Stage) -> int | None:
        """The call on which the card first showed the stage's pattern (None: not yet)."""
        need = _ROW_STAGES.get(stage)
        if need is None:
            return self.side_done.get(stage)
        done = sorted(i for i in self.row_done if i is not None)
        return done[need - 1] if len(done) >= need else None

    def instance_on(self, stage: Stage, last: int) -> tuple[int, ...] | None:
        """The rows of a complete instance of the stage holding call `last`'s number.

        None when there is none. A row holds the last number and is complete exactly
        when it completed on that call (its other numbers were all called before).
        Side patterns have no rows: an empty tuple when they completed on `last`.
        """
        need = _ROW_STAGES.get(stage)
        if need is None:
            return () if self.side_done.get(stage) == last else None
        fresh = [r for r in range(len(self.rows)) if self.row_done[r] == last]
        if not fresh:
            return None
        older = sorted((i, r) for r, i in enumerate(self.row_done) if i is not None and i < last)
        # The newest other rows make the instance (any would do; the newest is the one
        # the player is most likely looking at).
        others = [r for _, r in reversed(older)]
        rows = (fresh + others)[:need]
        return tuple(sorted(rows)) if len(rows) == need else None

    def earlier_instance(self, stage: Stage) -> tuple[int, ...]:
        """The rows of the instance that first completed the stage (empty for side patterns)."""
        need = _ROW_STAGES.get(stage)
        if need is None:
            return ()
        done = sorted((i, r) for r, i in enumerate(self.row_done) if i is not None)
        return tuple(sorted(r for _, r in done[:need])) if len(done) >= need else ()


class Hand:
    """One hand: numbers are called until a full house is won."""

    def __init__(self, options: HandOptions | None = None, tickets: Iterable[Ticket] = ()) -> None:
        self.options = options or HandOptions()
        self._called: list[int] = []
        self._called_set: set[int] = set()
        self._progress: dict[str, _Progress] = {}
        self._by_number: dict[int, list[tuple[_Progress, int]]] = {}
        self._winners: dict[Stage, Win] = {}
        self._burnt: set[str] = set()
        for ticket in tickets:
            self.register(ticket)

    # -- tickets ---------------------------------------------------------------------
    def register(self, ticket: Ticket) -> None:
        """Register a ticket in play. A ticket joining late catches up with the calls."""
        key = normalise_serial(ticket.serial)
        held = self.ticket(key)
        if held is not None:
            if held.grid != ticket.grid:
                raise HandError("serials are unique", f"another ticket has serial {key}")
            return
        progress = _Progress.of(ticket, self._called)
        self._progress[key] = progress
        for n, r in progress.row_of.items():
            self._by_number.setdefault(n, []).append((progress, r))

    def replace(self, ticket: Ticket) -> None:
        """Put `ticket` in place of the registered ticket with its serial.

        For a signed code whose serial the hand knows with another grid (two tickets
        printed under one serial before serials were kept with the key): the scanned
        code decides. A ticket that has already won cannot be replaced.
        """
        key = normalise_serial(ticket.serial)
        old = self._progress.get(key)
        if old is None:
            self.register(ticket)
            return
        if old.serial in self._winning_serials():
            raise HandError("a winning card stays as it won",
                            f"ticket {ticket.serial} has already won in this hand")
        del self._progress[key]
        for n in old.row_of:
            self._by_number[n] = [(p, r) for p, r in self._by_number[n] if p is not old]
        self._burnt.discard(key)
        self.register(ticket)

    def present(self, ticket: Ticket, admit: Admit = Admit.NONE, claim: bool = True) -> Presented:
        """A verified ticket (scanned, or named by its serial) comes to the hand; with
        `claim`, its claim on the last number is checked too.

        Its own grid says which ticket it is: the one in play under its serial only when
        the grids are the same. A ticket not in play comes in as `admit` lets it; one
        kept out has its claim tried on a copy of the hand, recording nothing, so that
        the host can decide. A serial held by a card that has won stays that card's.
        """
        held = self.ticket(ticket.serial)
        if held is not None and held.grid == ticket.grid:
            return Presented(Entry.IN_PLAY, self.claim(ticket.serial) if claim else None)
        if held is not None and self._has_won(held):
            return Presented(Entry.SERIAL_TAKEN)
        if admit is Admit.ALL or (admit is Admit.FREE and held is None):
            self.replace(ticket)
            entry = Entry.JOINED if held is None else Entry.REPLACED
            return Presented(entry, self.claim(ticket.serial) if claim else None)
        if not claim:
            return Presented(Entry.UNCHECKED)
        trial = copy.deepcopy(self)
        trial.replace(ticket)
        return Presented(Entry.UNCHECKED, trial.claim(ticket.serial))

    def withdraw(self, serial: str) -> Ticket:
        """Take the ticket in play under `serial` out of the hand, before the first call
        (the host's check-in list); returns it.

        Once a number is called a ticket in play stays in play: its stake is on the table
        and the calls may already have completed a pattern on it.
        """
        if self._called:
            raise HandError("tickets leave only before the first call",
                            f"{len(self._called)} numbers have been called")
        key = normalise_serial(serial)
        ticket = self.ticket(serial)
        if ticket is None:
            raise HandError("only a ticket in play can leave it", f"no ticket {serial} is in play")
        progress = self._progress.pop(key)
        for n in progress.row_of:
            self._by_number[n] = [(p, r) for p, r in self._by_number[n] if p is not progress]
        self._burnt.discard(key)
        return ticket

    def _has_won(self, ticket: Ticket) -> bool:
        return ticket.serial in self._winning_serials()

    def _winning_serials(self) -> set[str]:
        return {serial for win in self._winners.values() for serial in win.serials}

    def ticket(self, serial: str) -> Ticket | None:
        progress = self._progress.get(normalise_serial(serial))
        return progress.ticket if progress else None

    @property
    def tickets(self) -> tuple[Ticket, ...]:
        # Every card in play is a ticket (only `claim_unseen` judges a row alone).
        return tuple(p.ticket for p in self._progress.values() if p.ticket is not None)

    def is_burnt(self, serial: str) -> bool:
        return normalise_serial(serial) in self._burnt

    # -- the calls -------------------------------------------------------------------
    @property
    def called(self) -> tuple[int, ...]:
        return tuple(self._called)

    @property
    def last(self) -> int | None:
        return self._called[-1] if self._called else None

    @property
    def is_over(self) -> bool:
        """The hand ends at a full house (§4.4)."""
        return Stage.FULL_HOUSE in self._winners

    def call(self, number: int) -> None:
        """Apply a drawn ball. The previous number's claim window closes here."""
        if self.is_over:
            raise HandError("the hand ends at a full house", "the hand is over")
        if type(number) is not int or not LOWEST <= number <= HIGHEST:
            raise HandError("numbers 1-90", f"{number!r} is not a ball from 1 to 90")
        if number in self._called_set:
            raise HandError("a called ball never returns", f"{number} has already been called")
        index = len(self._called)
        self._called.append(number)
        self._called_set.add(number)
        for progress, row in self._by_number.get(number, ()):
            progress.cover(row, number, index)

    # -- stages ----------------------------------------------------------------------
    @property
    def winners(self) -> dict[Stage, Win]:
        return dict(self._winners)

    @property
    def next_stage(self) -> Stage | None:
        """The main stage being played for: the first not yet won (None when over)."""
        for stage in self.options.main_stages:
            if stage not in self._winners:
                return stage
        return None

    def open_stages(self) -> tuple[Stage, ...]:
        """Stages a claim on the last number may win, in the order they are checked.

        A stage won on the last number stays open for shared wins until the next call.
        """
        last = len(self._called) - 1
        open_: list[Stage] = []
        for stage in self.options.stages:
            win = self._winners.get(stage)
            if win is not None:
                if win.call_index == last:
                    open_.append(stage)
            elif stage in self.options.side_stages or stage == self.next_stage:
                open_.append(stage)
        return tuple(open_)

    def _won_main_on(self, serial: str, index: int) -> Stage | None:
        """The main stage the card `serial` won on call `index`, if it won one there."""
        for stage in self.options.main_stages:
            win = self._winners.get(stage)
            if win is not None and win.call_index == index and serial in win.serials:
                return stage
        return None

    def _winnable(self, progress: _Progress, candidates: tuple[Stage, ...],
                  last: int) -> list[tuple[Stage, tuple[int, ...]]]:
        """The stages among `candidates` the card wins on the last call, with their rows.

        A card wins at most one main stage on a call: the first in §5 order that it
        holds an instance of (or the one it already won on this call, claimed again).
        """
        already = self._won_main_on(progress.serial, last)
        main_taken = False
        won: list[tuple[Stage, tuple[int, ...]]] = []
        for stage in candidates:
            is_main = stage in self.options.main_stages
            if is_main and (main_taken or (already is not None and stage != already)):
                continue
            rows = progress.instance_on(stage, last)
            if rows is not None:
                won.append((stage, rows))
                main_taken = main_taken or is_main
        return won

    def reached_on_last(self) -> dict[Stage, list[str]]:
        """For the host and auto-check: the tickets holding an open stage on the last number.

        Each ticket is listed under the stage an unnamed claim would win for it: at
        most one main stage (the first open one it holds), and any side patterns.
        """
        last = len(self._called) - 1
        reached: dict[Stage, list[str]] = {}
        if last < 0:
            return reached
        open_ = self.open_stages()
        for key, progress in self._progress.items():
            if key in self._burnt:
                continue
            for stage, _ in self._winnable(progress, open_, last):
                reached.setdefault(stage, []).append(progress.serial)
        return {stage: reached[stage] for stage in open_ if stage in reached}

    # -- claims ----------------------------------------------------------------------
    def claim(self, serial: str, stage: Stage | None = None) -> Verdict:
        """Check a claim on the last number called, and record the win if it is good.

        With `stage`, only that stage is claimed; without, every open stage is checked.
        """
        key = normalise_serial(serial)
        progress = self._progress.get(key)
        if progress is None:
            return Verdict(serial, False, reason=Reason.UNKNOWN_TICKET)
        return self._judge(key, progress, stage)

    def claim_unseen(self, card: Ticket | CardRow, stage: Stage | None = None) -> Verdict:
        """Check a claim for a card the hand does not hold, as `claim` checks one it holds.

        For a check by numbers: `card` is the whole card (a ticket built from the typed
        numbers) or only its claimed row (`CardRow`). Its progress is worked out from the
        calls, every rule of `claim` applies, and a good claim's win is recorded under the
        card's serial (so later claims share it, or are late, as for any card) while the
        card stays out of play. The card's serial names it across claims: the same serial
        is the same card (its one main stage a call, its burning). A row can show a Line
        only: claiming another stage on a row is a HandError (it cannot be judged).
        The verdict says it was judged by numbers.
        """
        key = normalise_serial(card.serial)
        if key in self._progress:
            raise HandError("serials are unique", f"a ticket in play has serial {key}")
        progress = _Progress.of(card, self._called)
        if stage is not None and not progress.knows(stage):
            raise HandError("a row shows only a line",
                            f"a row alone cannot show {stage}: the whole card is needed")
        verdict = self._judge(key, progress, stage)
        return dataclasses.replace(verdict, by_numbers=True)

    def _judge(self, key: str, progress: _Progress, stage: Stage | None) -> Verdict:
        ticket = progress.ticket
        serial = progress.serial
        if key in self._burnt:
            return Verdict(serial, False, reason=Reason.BURNT, ticket=ticket)
        last = len(self._called) - 1
        if last < 0:
            return Verdict(serial, False, reason=Reason.NO_NUMBER_CALLED, ticket=ticket)

        open_ = tuple(s for s in self.open_stages() if progress.knows(s))
        if stage is not None:
            refused = self._refuse_named_stage(stage, open_, progress, last)
            if refused is not None:
                return refused
            candidates: tuple[Stage, ...] = (stage,)
        else:
            candidates = open_

        won = self._winnable(progress, candidates, last)
        if won:
            return self._record(progress, won, last)
        return self._refuse(key, progress, candidates, last, named=stage is not None)

    def _refuse_named_stage(
        self, stage: Stage, open_: tuple[Stage, ...], progress: _Progress, last: int
    ) -> Verdict | None:
        if stage in open_:
            return None
        reason = Reason.STAGE_WON if stage in self._winners else Reason.NOT_IN_PLAY
        return Verdict(
            progress.serial, False, reason=reason, ticket=progress.ticket, call_index=last,
            stage=stage,
        )

    def _record(self, progress: _Progress, won: list[tuple[Stage, tuple[int, ...]]],
                last: int) -> Verdict:
        serial = progress.serial
        shared: set[str] = set()
        for stage, _ in won:
            previous = self._winners.get(stage)
            serials = previous.serials if previous else ()
            if serial not in serials:
                serials = (*serials, serial)
            self._winners[stage] = Win(stage, last, self._called[last], serials)
            shared.update(s for s in serials if s != serial)
        rows = next((r for s, r in won if s in self.options.main_stages), won[0][1])
        return Verdict(
            serial,
            True,
            stages=tuple(s for s, _ in won),
            shared_with=tuple(sorted(shared)),
            ticket=progress.ticket,
            call_index=last,
            rows=rows,
        )

    def _late(self, progress: _Progress, stage: Stage, last: int, reason: Reason) -> Verdict:
        done = progress.first_complete(stage)
        return Verdict(
            progress.serial, False, reason=reason, ticket=progress.ticket,
            call_index=last, stage=stage, rows=progress.earlier_instance(stage),
            completed_call=done,
            completed_number=self._called[done] if done is not None else None,
        )

    def _refuse(
        self, key: str, progress: _Progress, candidates: tuple[Stage, ...], last: int,
        named: bool,
    ) -> Verdict:
        ticket = progress.ticket
        serial = progress.serial
        # One main stage a call: the card won one on this number already.
        already = self._won_main_on(serial, last)
        if already is not None:
            blocked = [s for s in candidates if s in self.options.main_stages and s != already]
            if blocked:
                return Verdict(
                    serial, False, reason=Reason.ONE_STAGE_A_CALL, ticket=ticket,
                    call_index=last, stage=blocked[0], stages=(already,),
                    rows=progress.instance_on(already, last) or (),
                )
        # Late: a main stage in play (or the stage named) that this card completed earlier
        # and holds no instance of on the last number.
        for s in candidates:
            done = progress.first_complete(s)
            if (named or s in self.options.main_stages) and done is not None and done < last:
                return self._late(progress, s, last, Reason.TOO_LATE)
        # A stage already won on an earlier number, that this card completed too: late if
        # it had the pattern by the winning number (it missed its chance to share),
        # otherwise the stage was simply gone.
        for s, win in self._winners.items():
            done = progress.first_complete(s)
            if win.call_index < last and done is not None and serial not in win.serials:
                reason = Reason.TOO_LATE if done <= win.call_index else Reason.STAGE_WON
                return self._late(progress, s, last, reason)
        burn = self.options.burn_false_claims
        if burn:
            self._burnt.add(key)
        return Verdict(
            serial, False, reason=Reason.NOT_COMPLETE, ticket=ticket,
            call_index=last, burnt=burn, stage=candidates[0] if candidates else None,
        )

    # -- for checking ----------------------------------------------------------------
    def completed_at(self, serial: str, stage: Stage) -> int | None:
        """The call index on which the ticket first showed the stage's pattern."""
        progress = self._progress.get(normalise_serial(serial))
        return progress.first_complete(stage) if progress else None

    def complete_rows(self, serial: str) -> tuple[int, ...]:
        """The rows of the ticket that are complete now (0-based)."""
        progress = self._progress.get(normalise_serial(serial))
        if progress is None:
            return ()
        return tuple(r for r, done in enumerate(progress.row_done) if done is not None)

"""The claim flow of the caller: a claim opened, the ticket scanned or its serial typed,
the engine's verdict journaled, spoken and shown, and the host's answer.

`ClaimDesk` is the part of `kiosk.games.debarna.caller.CallerController` that runs
claims; it works on the controller's hand and state, and tells the host and the screen
through the controller (`_say`, `_mark`, `_speak`, `_journal`). Whether a scanned
ticket plays, and what its claim gives, is the engine's (`Hand.present`).
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from audio.words import ticket_clips
from engines.debarna.by_numbers import ByNumbers
from engines.debarna.codes import CodeError, CodeProblem, TicketCodes
from engines.debarna.hand import Admit, Entry, Hand, Reason, Verdict
from engines.debarna.options import Stage
from engines.debarna.records import verdict_to_json
from engines.debarna.ticket import Ticket, normalise_serial
from kiosk.games.debarna.journal import Journal
from kiosk.games.debarna.numbers_entry import NumberEntry, by_numbers_notice
from kiosk.games.debarna.outputs import Changed, LightsLike, Notice

log = logging.getLogger("kiosk.games.debarna.caller")  # the caller's log: claims are its

SERIAL_MAX = 12
SERIAL_CHARS = frozenset("0123456789-ABCDEFGHIJKLMNOPQRSTUVWXYZ")
WIN_BLINK_SECONDS = 8.0
# The journal's row for a ticket that came into the hand.
ENTRY_ROWS = {Entry.JOINED: "ticket_issued", Entry.REPLACED: "ticket_replaced"}


class ClaimPhase(StrEnum):
    CLOSED = "closed"
    ENTRY = "entry"  # the host is typing the serial
    VERDICT = "verdict"  # the verdict is on screen until the host resumes


@dataclass(frozen=True)
class ClaimResult:
    """What the claim panel shows after a check."""

    serial: str
    verdict: Verdict | None  # None when there was nothing to check (no hand, empty serial)
    message: Notice  # the reason, for a refusal or bad input
    called: frozenset[int] = frozenset()
    last: int | None = None
    # A genuine ticket that was not checked in: `verdict` is what its code says it
    # would be; the host accepts it (it joins the hand and the claim counts) or not.
    unchecked: bool = False
    # A claim checked by numbers: the numbers the host typed, in the order typed.
    typed: tuple[int, ...] = ()

    @property
    def valid(self) -> bool:
        """A claim that counts: a good verdict on a ticket in play."""
        return not self.unchecked and self.verdict is not None and self.verdict.valid

    @property
    def ticket(self) -> Ticket | None:
        return self.verdict.ticket if self.verdict is not None else None


def with_typed(serial: str, text: str) -> str:
    """A serial being typed, with the serial characters of `text` added (others ignored)."""
    kept = "".join(ch for ch in text.upper() if ch in SERIAL_CHARS)
    return (serial + kept)[:SERIAL_MAX]


def as_typed(serial: str) -> str:
    """A serial as the claim panel shows it: trimmed and upper-cased (the engine matches it)."""
    return serial.strip().upper()


def claim_notice(serial: str, verdict: Verdict, hand: Hand) -> Notice:
    """What the claim panel says of a verdict: good, or why it is refused."""
    if verdict.valid:
        return Notice("claim.valid")
    if hand.is_over and verdict.reason in (Reason.NOT_COMPLETE, Reason.STAGE_WON):
        return Notice("reason.hand_over")
    reason = verdict.reason or Reason.NOT_COMPLETE
    following = hand.next_stage
    return Notice(
        f"reason.{reason.value}",
        {
            "serial": serial,
            "stage": verdict.stage or following or Stage.FULL_HOUSE,
            "next": following or Stage.FULL_HOUSE,
            "number": hand.last if hand.last is not None else "",
            "call": (verdict.completed_call + 1) if verdict.completed_call is not None
            else "",
            "then": verdict.completed_number if verdict.completed_number is not None
            else "",
        },
    )


class ClaimDesk:
    """Claims on the caller: opened by a seat or the host, checked, answered."""

    # The controller's state this works on (`CallerController.__init__` sets it).
    hand: Hand | None
    check_in: bool
    codes: TicketCodes | None
    lights: LightsLike | None
    journal: Journal | None
    rhythm: float
    paused: bool
    next_call_at: float | None
    claim_phase: ClaimPhase
    claim_seat: int | None
    claim_queue: deque[int]
    serial_text: str
    claim_numbers: NumberEntry | None  # typing numbers to check (`kiosk.games.debarna.shop`)
    result: ClaimResult | None
    _pending: Ticket | None  # an unchecked ticket awaiting the host
    _verdict_at: float | None

    if TYPE_CHECKING:  # and what it uses of the controller
        @property
        def running(self) -> bool: ...
        @property
        def checking_in(self) -> bool: ...
        def check_in_here(self, ticket: Ticket, now: float) -> bool: ...
        def lookup(self, serial: str) -> list[Ticket]: ...
        def _know(self, ticket: Ticket) -> None: ...
        def _mark(self, what: Changed) -> None: ...
        def _say(self, key: str, now: float, **values: object) -> None: ...
        def _speak(self, names: list[str]) -> None: ...
        def _calling_changed(self) -> None: ...
        def _journal(self, kind: str, **data: object) -> None: ...
        def _refresh_warning(self) -> None: ...

    def open_claim(self, now: float, seat: int | None = None) -> None:
        """A player claims: calling stops at once; the ticket is scanned (or its serial typed).

        A seat pressing while another seat's claim is being checked is queued, never
        lost; after a verdict, another seat may still claim on the same number.
        """
        if self.hand is None:
            self._say("notice.no_hand", now)
            return
        if self.claim_phase is ClaimPhase.ENTRY:
            if seat is not None and seat != self.claim_seat and seat not in self.claim_queue:
                self.claim_queue.append(seat)
                self._lights("led_on", seat)
                self._mark(Changed.CLAIM)
            return
        if seat is not None and seat in self.claim_queue:
            self.claim_queue.remove(seat)
        self.refuse_unchecked(now)
        self.claim_phase = ClaimPhase.ENTRY
        self.claim_seat = seat
        self.serial_text = ""
        self.claim_numbers = None
        self.result = None
        self._verdict_at = None
        self._calling_changed()
        if seat is not None:
            self._lights("led_on", seat)
            log.info("seat %d claims", seat)
        self._mark(Changed.CLAIM | Changed.STATUS)

    def scan(self, payload: str, now: float) -> ClaimResult | None:
        """A ticket was scanned: verify its code, then check the claim with the engine.

        A good code with no claim open opens one. A code that does not verify
        (unreadable, another kiosk's, forged or edited) gets its reason — on the open
        claim's panel, or as a notice — and changes nothing.
        """
        if self.hand is None:
            self._say("notice.no_hand", now)
            return None
        problem: CodeError | None = None
        if self.codes is None:
            problem = CodeError(CodeProblem.UNREADABLE, "this kiosk has no ticket key")
        else:
            try:
                scanned = self.codes.verify(payload)
            except CodeError as exc:
                problem = exc
        if problem is not None:
            log.info("scan refused (%s): %s", problem.problem, problem)
            self._speak(["claim_not_valid"])
            reason = Notice(f"reason.{problem.problem.value}")
            if self.claim_phase is not ClaimPhase.ENTRY:
                self._say(reason.key, now)
                return None
            return self._show(ClaimResult(
                "", None, reason, frozenset(self.hand.called), self.hand.last), now)
        ticket = scanned.ticket
        if self.checking_in and self.claim_phase is ClaimPhase.CLOSED:
            self.check_in_here(ticket, now)
            return None
        if self.claim_phase is not ClaimPhase.ENTRY:
            self.open_claim(now)
        self.serial_text = ticket.serial
        # No check-in (a headless demo): a ticket whose serial is free joins on its code
        # alone. With check-in, the host decides on one not in play.
        admit = Admit.FREE if not self.check_in else Admit.NONE
        return self._show(self._present(ticket, admit), now)

    def _present(self, ticket: Ticket, admit: Admit) -> ClaimResult:
        """A verified ticket's claim: the engine says whether it plays and what it gives."""
        assert self.hand is not None
        before = self.hand.winners
        presented = self.hand.present(ticket, admit)
        if presented.entry is Entry.SERIAL_TAKEN:
            return ClaimResult(ticket.serial, None, Notice("checkin.serial_taken",
                               {"serial": ticket.serial}), frozenset(self.hand.called),
                               self.hand.last)
        assert presented.verdict is not None
        if presented.entry is Entry.UNCHECKED:
            return self._unchecked(ticket, presented.verdict)
        if presented.entry in ENTRY_ROWS:
            self._journal(ENTRY_ROWS[presented.entry], **ticket.to_json())
        return self._judged(as_typed(ticket.serial), None, presented.verdict, before)

    def _unchecked(self, ticket: Ticket, verdict: Verdict) -> ClaimResult:
        """A ticket not in play: what its claim would give, for the host to decide on."""
        assert self.hand is not None
        self._pending = ticket
        log.info("claim %s: not checked in; by its code %s", ticket.serial,
                 "valid" if verdict.valid else f"refused ({verdict.reason})")
        if not verdict.valid:
            self._speak(["claim_not_valid"])
        message = Notice("checkin.unchecked_ticket", {"serial": ticket.serial})
        return ClaimResult(ticket.serial, verdict, message, frozenset(self.hand.called),
                           self.hand.last, unchecked=True)

    def accept_unchecked(self, now: float) -> ClaimResult | None:
        """The host lets an unchecked ticket play: it joins the hand and its claim counts."""
        ticket = self._pending
        if (ticket is None or self.hand is None or self.result is None
                or not self.result.unchecked):
            return None
        self._pending = None
        self._know(ticket)
        log.info("ticket %s accepted by the host after its claim", ticket.serial)
        return self._show(self._present(ticket, Admit.ALL), now)

    def refuse_unchecked(self, now: float) -> None:
        """The host does not let an unchecked ticket play; the refusal is journaled."""
        ticket = self._pending
        if ticket is None or self.result is None or not self.result.unchecked:
            return
        self._pending = None
        # Its own kind: a replay must not check it against a listed ticket's grid.
        self._journal("claim_not_checked_in", serial=ticket.serial, grid=ticket.to_json()["grid"])
        log.info("claim %s: not checked in, refused by the host", ticket.serial)
        self.result = ClaimResult(ticket.serial, None, Notice("checkin.refused",
                                  {"serial": ticket.serial}), self.result.called,
                                  self.result.last)
        self._mark(Changed.CLAIM)

    def _show(self, result: ClaimResult, now: float) -> ClaimResult:
        self.claim_phase = ClaimPhase.VERDICT
        self.result = result
        self._verdict_at = now
        seat = self.claim_seat
        if seat is not None:
            if result.valid:
                self._lights("blink", seat, WIN_BLINK_SECONDS)
            else:
                self._lights("led_off", seat)
        self._mark(Changed.CLAIM | Changed.STATUS)
        return result

    def _lights(self, what: str, seat: int, *args: float) -> None:
        if self.lights is not None:
            getattr(self.lights, what)(seat, *args)

    def type_serial(self, text: str) -> None:
        """Characters typed (or scanned) into the serial; others are ignored."""
        if self.claim_phase is not ClaimPhase.ENTRY:
            return
        typed = with_typed(self.serial_text, text)
        if typed != self.serial_text:
            self.serial_text = typed
            self._mark(Changed.CLAIM)

    def erase(self) -> None:
        if self.claim_phase is ClaimPhase.ENTRY and self.serial_text:
            self.serial_text = self.serial_text[:-1]
            self._mark(Changed.CLAIM)

    def cancel_claim(self, now: float) -> None:
        """Leave the claim panel; calling goes on after one full beat.

        An unchecked ticket the host did not accept is refused (and journaled so).
        """
        if self.claim_phase is ClaimPhase.CLOSED:
            return
        self.refuse_unchecked(now)
        if self.claim_seat is not None and not (self.result is not None and self.result.valid):
            self._lights("led_off", self.claim_seat)
        self.claim_phase = ClaimPhase.CLOSED
        self.claim_seat = None
        self.serial_text = ""
        self.claim_numbers = None
        self.result = None
        self._pending = None
        self._verdict_at = None
        if self.running:
            self.next_call_at = now + self.rhythm
        self._mark(Changed.CLAIM | Changed.STATUS)

    def resume(self, now: float) -> None:
        """After the verdict: the next queued seat's claim, or else call again."""
        self.refuse_unchecked(now)
        if self.claim_queue and self.hand is not None:
            self.claim_phase = ClaimPhase.CLOSED
            self.open_claim(now, self.claim_queue.popleft())
            return
        self.cancel_claim(now)
        if self.hand is not None and not self.hand.is_over:
            self.paused = False
            self.next_call_at = now + self.rhythm
            self._say("notice.resumed", now)
            self._speak(["resumed"])

    def check_claim(self, now: float, stage: Stage | None = None) -> ClaimResult:
        """Check the typed serial with the engine and show the verdict.

        A serial not in play that names one known ticket is checked as unchecked (the
        host decides); one that names several says so instead of guessing.
        """
        if (self.hand is not None and normalise_serial(self.serial_text)
                and self.hand.ticket(self.serial_text) is None):
            found = self.lookup(self.serial_text)
            if len(found) > 1:
                return self._show(ClaimResult(
                    self.serial_text, None,
                    Notice("checkin.ambiguous", {"serial": self.serial_text}),
                    frozenset(self.hand.called), self.hand.last), now)
            if len(found) == 1 and self.check_in:
                return self._show(self._present(found[0], Admit.NONE), now)
        return self._show(self.claim(self.serial_text, stage), now)

    def claim(self, serial: str, stage: Stage | None = None) -> ClaimResult:
        """The verdict on one serial; bad input gives a message and changes nothing."""
        serial = as_typed(serial)
        if self.hand is None:
            return ClaimResult(serial, None, Notice("reason.no_hand"))
        if not normalise_serial(serial):
            return ClaimResult(serial, None, Notice("reason.empty"), frozenset(self.hand.called),
                               self.hand.last)
        before = self.hand.winners
        if self.hand.ticket(serial) is None:
            verdict = Verdict(serial, False, reason=Reason.UNKNOWN_TICKET)
        else:
            verdict = self.hand.claim(serial, stage)
        return self._judged(serial, stage, verdict, before)

    def _judged(self, serial: str, stage: Stage | None, verdict: Verdict,
                before: Mapping[Stage, object]) -> ClaimResult:
        """The engine's verdict on a claim journaled, spoken, and worded for the panel."""
        assert self.hand is not None
        self._journal_claim(serial, stage, verdict, before)
        if verdict.valid:
            self._speak([str(s) for s in verdict.stages])
            for other in verdict.shared_with:
                self._speak(ticket_clips(other))
            self._mark(Changed.STATUS)
        else:
            self._speak(["claim_not_valid"])
        return ClaimResult(serial, verdict, claim_notice(serial, verdict, self.hand),
                           frozenset(self.hand.called), self.hand.last)

    def _judged_by_numbers(self, checked: ByNumbers, stage: Stage | None = None,
                           before: Mapping[Stage, object] | None = None) -> ClaimResult:
        """A claim checked by numbers (`kiosk.games.debarna.shop`): journaled with the
        numbers typed (a replay judges them again), spoken, and worded for the panel.
        Numbers that break a card's shape were not judged: they are only worded."""
        assert self.hand is not None
        called, last = frozenset(self.hand.called), self.hand.last
        verdict = checked.verdict
        if verdict is None:
            self._speak(["claim_not_valid"])
            return ClaimResult("", None, by_numbers_notice(checked), called, last,
                               typed=checked.typed)
        first: dict[str, object] = {"stage": str(stage) if stage else None,
                                    "typed": list(checked.typed), "valid": verdict.valid}
        self._journal_claim(verdict.serial, stage, verdict, before or {}, first=(
            "claim_by_numbers", first))
        if verdict.valid:
            self._speak([str(s) for s in verdict.stages])
            self._mark(Changed.STATUS)
        else:
            self._speak(["claim_not_valid"])
        message = claim_notice("", verdict, self.hand)
        if not verdict.valid and checked.not_called and message.key == "reason.not_complete":
            message = Notice("cards.not_called", {"numbers": list(checked.not_called),
                                                  "stage": verdict.stage or Stage.LINE})
        return ClaimResult("", verdict, message, called, last, typed=checked.typed)

    def _journal_claim(
        self, serial: str, stage: Stage | None, verdict: Verdict, before: Mapping[Stage, object],
        first: tuple[str, dict[str, object]] | None = None,
    ) -> None:
        assert self.hand is not None
        events: list[tuple[str, dict[str, object]]] = [first or (
            "claim", {"stage": str(stage) if stage else None, **verdict_to_json(verdict),
                      "serial": serial})
        ]
        for won in verdict.stages:
            if won not in before:
                win = self.hand.winners[won]
                events.append(("stage_won", {"stage": str(won), "call": win.call_index,
                                             "serials": list(win.serials)}))
        log.info("claim %s: %s", serial, "valid " + ", ".join(verdict.stages) if verdict.valid
                 else f"refused ({verdict.reason})")
        if self.journal is not None:
            self.journal.record_many(events)
            if self.hand.is_over:
                self.journal.finish("hand_over")
            self._refresh_warning()

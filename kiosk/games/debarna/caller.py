"""The caller controller: the running hand, the bag, the rhythm, pause, and check-in.

No pygame and no rules here. Time comes in through `update(now)` (a monotonic clock),
every rule decision is the engine's (`engines.debarna.hand.Hand`), and what the screen
should say comes out as catalogue keys with values (`Notice`), so the scene translates.
`take_changes()` tells the scene which parts of the screen need drawing again. The
claim flow is the controller's `ClaimDesk` (`kiosk.games.debarna.claims`), the check-in
before a hand's first call its `CheckInDesk` (`kiosk.games.debarna.checkin`); what they
put out is in `kiosk.games.debarna.outputs`; their names are importable from here too.
"""

from __future__ import annotations

import logging
import random
import secrets
import threading
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from typing import Protocol

from engines.debarna.bag import Bag, BagEmpty
from engines.debarna.codes import TicketCodes
from engines.debarna.hand import Hand
from engines.debarna.options import HandOptions, Stage
from engines.debarna.ticket import Ticket, normalise_serial
from kiosk.config import PotConfig
from kiosk.games.debarna.checkin import CheckInDesk, Question
from kiosk.games.debarna.claims import ClaimDesk, ClaimPhase, ClaimResult
from kiosk.games.debarna.journal import Journal, Resumed
from kiosk.games.debarna.outputs import Changed, LightsLike, Notice, VoiceLike
from kiosk.games.debarna.pot_desk import PotDesk
from kiosk.games.debarna.shop import ShopDesk, StoreCard

__all__ = [
    "CALLING_NOTICES", "LAST_CALLS", "NEW_HAND_WINDOW", "NOTICE_SECONDS", "REPEAT_SECONDS",
    "CallerController", "Changed", "ClaimPhase", "ClaimResult", "LightsLike", "Notice",
    "Question", "RandomLike", "VoiceLike", "box_tickets",
]

log = logging.getLogger(__name__)

NEW_HAND_WINDOW = 3.0  # seconds in which the second press of "new hand" must come
NOTICE_SECONDS = 4.0
REPEAT_SECONDS = 5.0
LAST_CALLS = 5
# Notices about calling going on again: out of date as soon as calling stops (a pause, a
# claim) or, the one asking for Space, goes on (`CallerController._calling_changed`).
CALLING_NOTICES = frozenset({"notice.resumed", "notice.resumed_calling",
                             "notice.resumed_after_restart"})


class RandomLike(Protocol):
    def randrange(self, stop: int, /) -> int: ...


def box_tickets(strips: Sequence[Sequence[Ticket]]) -> list[Ticket]:
    return [ticket for strip in strips for ticket in strip]


class CallerController(CheckInDesk, ClaimDesk, ShopDesk, PotDesk):
    """Runs hands of Dabernā on a clock. Drive it with `update(now)` and the actions."""

    def __init__(
        self,
        tickets: Sequence[Ticket],
        options: HandOptions | None = None,
        rhythm: float = 4.0,
        manual: bool = False,
        rng: RandomLike | None = None,
        journal: Journal | None = None,
        auto_check: bool = False,
        voice: VoiceLike | None = None,
        codes: TicketCodes | None = None,
        lights: LightsLike | None = None,
        auto_resume: float = 0.0,
        known: Sequence[Ticket] = (),
        check_in: bool = False,
        pot: PotConfig | None = None,
    ) -> None:
        if rhythm <= 0:
            raise ValueError("the rhythm must be a positive number of seconds")
        # The tickets in play: checked in for the next hand (kept from hand to hand).
        self.tickets = tuple(tickets)
        # Every ticket a typed serial may name (printed, and the stand-in box's),
        # keyed by the serial as the host types it; a serial may name two tickets.
        self._catalogue: dict[str, list[Ticket]] = {}
        for ticket in (*known, *tickets):
            self._remember(ticket)
        # More known tickets, made when first needed (`know_later`), under the lock.
        self._known_later: Callable[[], Sequence[Ticket]] | None = None
        self._known_lock = threading.Lock()
        self._fresh_shop(t for t in known if isinstance(t, StoreCard))  # a shop set's cards
        # With check-in, a hand starts paused until the players' tickets are scanned
        # (or typed) and the host starts calling; only those tickets are in play.
        self.check_in = check_in
        self.holders: dict[str, str] = {}  # who holds a ticket, where known (by serial)
        self._fresh_checkin()
        self._pending: Ticket | None = None  # an unchecked ticket awaiting the host
        self.options = options or HandOptions()
        self.rhythm = rhythm
        self.manual = manual
        self.rng: RandomLike = rng if rng is not None else secrets.SystemRandom()
        self.journal = journal
        self.auto_check = auto_check
        self.voice = voice
        self.codes = codes
        self.lights = lights
        self.auto_resume = auto_resume
        self.claim_seat: int | None = None  # the seat whose claim is open
        self.claim_queue: deque[int] = deque()  # seats that pressed meanwhile, in order
        self._verdict_at: float | None = None
        # A persistent warning for the host (e.g. games are not being saved).
        self.warning: Notice | None = None
        if journal is not None and journal.notice is not None:
            self.warning = Notice(*journal.notice)
        self._journal_notice = journal.notice if journal is not None else None
        self.hand: Hand | None = None
        self.bag: Bag | None = None
        self.paused = True
        self.next_call_at: float | None = None
        self.claim_phase = ClaimPhase.CLOSED
        self.serial_text = ""
        self.result: ClaimResult | None = None
        self.notice: Notice | None = None
        self.repeat_until: float | None = None
        self.repeat_count = 0
        self._new_hand_at: float | None = None
        self._changes = Changed.ALL
        self._now = 0.0
        self._fresh_pot(pot)  # the prize pot (off unless the config has it)

    # -- what changed -------------------------------------------------------------------
    def take_changes(self) -> Changed:
        """The parts changed since the last call; the record starts afresh."""
        changes, self._changes = self._changes, Changed.NONE
        return changes

    def _mark(self, what: Changed) -> None:
        self._changes |= what

    def _say(self, key: str, now: float, **values: object) -> None:
        self.notice = Notice(key, values, now + NOTICE_SECONDS)
        self._mark(Changed.NOTICE)

    def _calling_changed(self) -> None:
        """Calling stopped or went on: a notice saying it goes on again is out of date (a
        "Calling again" under "Paused")."""
        if self.notice is not None and self.notice.key in CALLING_NOTICES:
            self.notice = None
            self._mark(Changed.NOTICE)

    # -- state the screen shows -----------------------------------------------------------
    @property
    def running(self) -> bool:
        """Numbers are being called: a hand is on, not paused, not stopped for a claim."""
        return (
            self.hand is not None
            and not self.hand.is_over
            and not self.paused
            and self.claim_phase is ClaimPhase.CLOSED
        )

    @property
    def called(self) -> tuple[int, ...]:
        return self.hand.called if self.hand is not None else ()

    @property
    def checking_in(self) -> bool:
        """Paused before the first call of a hand with check-in: scans put tickets in play."""
        return (self.check_in and self.paused and self.hand is not None
                and not self.hand.called and not self.hand.is_over)

    @property
    def in_play(self) -> int:
        """How many tickets are in play in this hand (or will be in the next)."""
        return len(self.hand.tickets) if self.hand is not None else len(self.tickets)

    @property
    def last(self) -> int | None:
        return self.hand.last if self.hand is not None else None

    def last_calls(self, count: int = LAST_CALLS) -> tuple[int, ...]:
        """The most recent calls before the current one, newest first."""
        called = self.called
        return tuple(reversed(called[-count - 1 : -1]))

    @property
    def stage(self) -> Stage | None:
        """The main stage being played for (None with no hand or when it is over)."""
        return self.hand.next_stage if self.hand is not None else None

    @property
    def repeating(self) -> bool:
        return self.repeat_until is not None

    def countdown(self, now: float) -> float | None:
        """Share of the wait to the next call still to go (1 → 0), None when not timing."""
        if not self.running or self.manual or self.next_call_at is None:
            return None
        left = (self.next_call_at - now) / self.rhythm
        return min(1.0, max(0.0, left))

    # -- the clock ------------------------------------------------------------------------
    def update(self, now: float) -> None:
        """Advance to `now`: call a number when its time comes, expire messages."""
        self._now = now
        if self.notice is not None and self.notice.until and now >= self.notice.until:
            self.notice = None
            self._mark(Changed.NOTICE)
        if self.repeat_until is not None and now >= self.repeat_until:
            self.repeat_until = None
            self._mark(Changed.REPEAT)
        if self._new_hand_at is not None and now - self._new_hand_at > NEW_HAND_WINDOW:
            self._new_hand_at = None
        if (self.auto_resume > 0 and self.claim_phase is ClaimPhase.VERDICT
                and self._pending is None  # the host has a decision to make
                and self._verdict_at is not None and now - self._verdict_at >= self.auto_resume):
            self.resume(now)
        self._refresh_warning()
        self._pot_update()
        if self.voice is not None:
            self.voice.update(now)
        due = self.next_call_at
        if self.running and not self.manual and due is not None and now >= due:
            if self.voice is not None and self.voice.busy(now):
                return  # a long clip delays the call: voices never overlap
            self._call(now)
            if self.next_call_at is not None:
                # Keep the beat; after a stall (or a long clip), restart it from this call
                # rather than calling in a burst.
                following = due + self.rhythm
                self.next_call_at = following if following > now else now + self.rhythm

    def _call(self, now: float) -> int | None:
        assert self.hand is not None and self.bag is not None
        try:
            number = self.bag.draw()
        except BagEmpty:
            self.paused = True
            self.notice = Notice("notice.bag_empty")
            self._mark(Changed.STATUS | Changed.NOTICE)
            return None
        if not self.hand.called:
            self._pot_open()  # the pot is locked (and journaled) with the first call
        self._journal("number_called", number=number)  # on the disk before it is shown
        if not self.hand.called:
            self._fresh_checkin()  # the list is settled: nothing to put back or pick
        self.hand.call(number)
        if self.voice is not None:
            self.voice.call(number, now)
        log.info("called %d (%d of 90)", number, len(self.hand.called))
        if self.repeat_until is not None:
            self.repeat_until = None
            self._mark(Changed.REPEAT)
        self._mark(Changed.NUMBER | Changed.STATUS)
        if self.auto_check:
            self._check_everyone()
        if self.hand.is_over:
            self.next_call_at = None
        return number

    def _check_everyone(self) -> None:
        """Auto-check: claim for every registered card that completed an open stage now."""
        assert self.hand is not None
        winners = self.hand.winners
        for stage, serials in self.hand.reached_on_last().items():
            won = winners.get(stage)
            for serial in serials:
                if won is None or serial not in won.serials:
                    self.claim(serial, stage)

    def call_next(self, now: float) -> int | None:
        """Call one number at once, whatever the mode (for manual play and benchmarks)."""
        if self.hand is None or self.hand.is_over or self.claim_phase is not ClaimPhase.CLOSED:
            return None
        number = self._call(now)
        if self.running and not self.manual:
            self.next_call_at = now + self.rhythm
        return number

    # -- the host's actions ---------------------------------------------------------------
    def start_hand(self, now: float, paused: bool = False) -> None:
        """Shuffle a new bag and deal a new hand with the tickets in play.

        The tickets checked in for the last hand stay in play; with check-in the hand
        waits, paused, for more tickets and the host's start.
        """
        if self.hand is not None:
            self.tickets = self.hand.tickets
        self._pot_close()  # the last hand's pot settled, into the night's ledger
        paused = paused or self.check_in
        self._fresh_checkin()
        self.hand = Hand(self.options, self.tickets)
        # A seeded run gives each hand its own recorded bag seed, so a restart replays
        # the same draw; live play draws from the system's generator and records none.
        seeded = not isinstance(self.rng, random.SystemRandom)
        bag_seed = self.rng.getrandbits(63) if seeded else None  # type: ignore[attr-defined]
        self.bag = Bag(random.Random(bag_seed) if bag_seed is not None else self.rng)
        if self.journal is not None:
            self.journal.start(self.options, self.tickets, bag_seed)
            # Who holds the tickets carried over, for a restart's list.
            self._journal_many([("holder_named", {"serial": t.serial, "holder": name})
                                for t in self.tickets
                                if (name := self.holders.get(normalise_serial(t.serial)))])
        self._fresh_table(paused)
        self.next_call_at = now + self.rhythm
        self.notice = None

    def _fresh_table(self, paused: bool) -> None:
        """A hand begins (or comes back): no claim open, none waiting, nothing repeated."""
        for seat in {self.claim_seat, *self.claim_queue} - {None}:
            self._lights("led_off", seat)  # type: ignore[arg-type]
        self.paused = paused
        self.claim_phase = ClaimPhase.CLOSED
        self.claim_seat = None
        self.claim_queue.clear()
        self.serial_text = ""
        self.result = None
        self._pending = None
        self.repeat_until = None
        self._new_hand_at = None
        self._verdict_at = None
        self._mark(Changed.ALL)

    def add_tickets(self, tickets: Sequence[Ticket]) -> None:
        """Tickets printed while the kiosk runs: known from now on, in play once checked in.

        Without check-in (a headless demo) they join the hand being played at once.
        """
        for ticket in tickets:
            self._know(ticket)
        if self.check_in:
            return
        self.tickets = (*self.tickets, *tickets)
        if self.hand is None:
            return
        for ticket in tickets:
            if self.hand.ticket(ticket.serial) is not None:
                log.warning("ticket %s is played from the next hand: this hand has "
                            "a ticket with that serial", ticket.serial)
                continue
            self._journal("ticket_issued", **ticket.to_json())
            self.hand.register(ticket)

    def know_later(self, tickets: Callable[[], Sequence[Ticket]]) -> None:
        """More tickets a typed serial may name (the stand-in box), made by `tickets` when
        the catalogue is first used, or beforehand by `settle_known` on another thread; they
        are known as if they had been given to the constructor in `known`."""
        self._known_later = tickets

    def settle_known(self) -> None:
        """Make the tickets `know_later` promised now, if they are not made yet (from any
        thread; the catalogue waits for them)."""
        if self._known_later is None:
            return
        with self._known_lock:
            make = self._known_later
            if make is None:
                return
            for ticket in make():
                self._remember(ticket)
            self._known_later = None

    def _know(self, ticket: Ticket) -> None:
        self.settle_known()
        self._remember(ticket)

    def _remember(self, ticket: Ticket) -> None:
        same = self._catalogue.setdefault(normalise_serial(ticket.serial), [])
        if all(t.grid != ticket.grid for t in same):
            same.append(ticket)

    def lookup(self, serial: str) -> list[Ticket]:
        """The known tickets a typed serial names: none, one, or several (ambiguous)."""
        self.settle_known()
        return list(self._catalogue.get(normalise_serial(serial), ()))

    def listed(self, ticket: Ticket) -> bool:
        """Whether the kiosk knew this ticket before it came in: printed (a finished print
        registered it), the stand-in box's, or in play before."""
        return any(t.grid == ticket.grid for t in self.lookup(ticket.serial))

    def resume_hand(self, resumed: Resumed, now: float, paused: bool = True) -> None:
        """Carry on with a hand rebuilt from the journal after a restart."""
        hand = resumed.hand
        if resumed.bag_seed is not None:
            bag = Bag(random.Random(resumed.bag_seed))
            replayed = [bag.draw() for _ in hand.called]
            if tuple(replayed) != hand.called:
                log.error("hand %s: the recorded calls do not follow its bag seed",
                          resumed.hand_id)
                bag = Bag.resumed(secrets.SystemRandom(), hand.called)
        else:
            bag = Bag.resumed(self.rng, hand.called)
        self.hand, self.bag = hand, bag
        self._fresh_checkin()
        self._fresh_table(paused)
        if self.journal is not None and self.journal.hand_id == resumed.hand_id:
            self._recall_checkin(self.journal.store.events(resumed.hand_id))
            self._pot_recall(self.journal.store.events(resumed.hand_id))
        self.next_call_at = None if paused or hand.is_over else now + self.rhythm
        key = "notice.resumed_after_restart" if paused else "notice.resumed_calling"
        self.notice = Notice(key, {"count": len(hand.called)}, now + 3 * NOTICE_SECONDS)
        if self.auto_check and hand.called and not hand.is_over:
            self._check_everyone()  # claims the crash may have cut off, on the same number

    def new_hand(self, now: float) -> bool:
        """Start a new hand. While a hand is on, the press must be repeated to confirm.

        Returns whether a new hand started.
        """
        if self.hand is None or self.hand.is_over:
            self.start_hand(now)
            self._say("notice.new_hand", now)
            self._speak(["new_hand"])
            return True
        if self._new_hand_at is not None and now - self._new_hand_at <= NEW_HAND_WINDOW:
            self.start_hand(now)
            self._say("notice.new_hand", now)
            self._speak(["new_hand"])
            return True
        self._new_hand_at = now
        self.notice = Notice("notice.new_hand_confirm", {}, now + NEW_HAND_WINDOW)
        self._mark(Changed.NOTICE)
        return False

    def toggle_pause(self, now: float) -> None:
        """Pause calling, or resume it; a resumed caller waits one full beat."""
        if self.claim_phase is not ClaimPhase.CLOSED:
            if self.claim_phase is ClaimPhase.VERDICT:
                self.resume(now)
            return
        if self.hand is None:
            self._say("notice.no_hand", now)
            return
        if self.hand.is_over:
            self._say("notice.hand_over", now)
            return
        self.paused = not self.paused
        self.next_call_at = None if self.paused else now + self.rhythm
        self._calling_changed()
        self._speak(["paused" if self.paused else "resumed"])
        self._mark(Changed.STATUS)

    def next_number(self, now: float) -> int | None:
        """Manual mode: call the next number now."""
        if self.hand is None:
            self._say("notice.no_hand", now)
            return None
        if self.hand.is_over:
            self._say("notice.hand_over", now)
            return None
        if not self.manual:
            self._say("notice.manual_only", now)
            return None
        if self.claim_phase is not ClaimPhase.CLOSED:
            return None
        if self.paused:
            self.paused = False
            self._calling_changed()
            self._mark(Changed.STATUS)
        return self.call_next(now)

    def repeat_last(self, now: float) -> int | None:
        """Show the last number again, on purpose; nothing about the hand changes."""
        last = self.last
        if last is None:
            self._say("notice.nothing_to_repeat", now)
            return None
        self.repeat_until = now + REPEAT_SECONDS
        self.repeat_count += 1
        self._mark(Changed.REPEAT)
        return last

    def _speak(self, names: list[str]) -> None:
        if self.voice is not None:
            self.voice.say(names, self._now)

    # -- the journal -----------------------------------------------------------------------
    def _journal(self, kind: str, **data: object) -> None:
        if self.journal is not None:
            self.journal.record(kind, **data)
            self._refresh_warning()

    def _journal_many(self, events: list[tuple[str, dict[str, object]]]) -> None:
        """Events written together (one commit), in order."""
        if self.journal is not None and events:
            batch: list[tuple[str, Mapping[str, object]]] = list(events)
            self.journal.record_many(batch)
            self._refresh_warning()

    def _refresh_warning(self) -> None:
        """Show the journal's notice once it has one (its writes may be on their own thread,
        so it is looked at each frame too; only a new one is shown)."""
        notice = self.journal.notice if self.journal is not None else None
        if notice is not None and notice is not self._journal_notice:
            self._journal_notice = notice
            warning = Notice(*notice)
            if warning != self.warning:
                self.warning = warning
                self._mark(Changed.NOTICE)


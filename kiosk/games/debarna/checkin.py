"""The check-in of the caller: the tickets put in play before a hand's first call, the
list the host sees and edits, and the quick ways to check a boxed set in.

`CheckInDesk` is the part of `kiosk.games.debarna.caller.CallerController` that runs the
check-in, as `ClaimDesk` runs claims: it works on the controller's hand and tells the
host and the screen through the controller (`_say`, `_mark`, `_speak`, `_journal`).

- **The list** is the hand's tickets in the order they came in, grouped by strip (the
  part of a serial before its dash: ``B003`` of ``B003-4``; strips in the order their
  first ticket came), with the name of who holds a ticket where one is known
  (`holders`). `checkin_rows` cuts it into the screen's rows.
- **One ticket out.** The arrow keys pick a ticket (`move_pick`); Backspace takes the
  picked one out (`take_out`, journaled as ``ticket_withdrawn``). The pick ends there,
  so a second Backspace takes nothing more.
- **Emptying the list** is asked first: Backspace with nothing typed and nothing picked
  puts the question, only Enter answers yes (more Backspaces leave it asked), and the
  tickets taken out may be put back with Enter until the first number is called
  (`taken_out`). Each ticket taken out is journaled (``ticket_withdrawn``), each put
  back too (``ticket_issued``), so a restart resumes the same list.
- **A boxed set quickly.** A ticket checked in at the TV whose strip has other known
  tickets not in play offers them, taken with Enter (`strip_offer`); a range typed as
  ``B003-1..6`` checks a strip's tickets in at once. A range that names a ticket no one
  knows, or is not a range, says so and changes nothing.
- **A ticket no print listed** (its print failed, or the journal that listed it was
  lost) plays when it is checked in, its code being this kiosk's; the notice says so.
- **Tickets a phone took** (no paper: the phone is the ticket) are drawn and registered
  off the frame loop (`issue_fresh`, `kiosk.games.debarna.fresh`) and put in play
  together (`check_in_phone`), journaled with their holder's name and ``phone``; the list
  marks them (`phone_held`, recalled after a restart), and they are taken out like any.

What the host is asked (`checkin_question`) is answered with Enter (`answer_checkin`) and
put aside with Esc (`dismiss_checkin`). Enter with nothing typed or asked never starts
calling (Space does): an Enter too many never starts the hand.
"""

from __future__ import annotations

import contextlib
import logging
import re
from collections.abc import Mapping, Sequence
from concurrent.futures import Future
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from audio.words import ticket_clips
from engines.debarna.codes import TicketCodes
from engines.debarna.hand import Admit, Entry, Hand
from engines.debarna.ticket import Ticket, normalise_serial
from kiosk.games.debarna.claims import ENTRY_ROWS, SERIAL_CHARS, ClaimPhase
from kiosk.games.debarna.fresh import Issuer
from kiosk.games.debarna.journal import Journal
from kiosk.games.debarna.outputs import Changed

log = logging.getLogger("kiosk.games.debarna.caller")  # the caller's log: check-in is its

CHECKIN_ROW = 6  # tickets on one row of the list: a strip
STRIP_SIZE = 6  # tickets in a printed strip (and the stand-in box's)
CHECKIN_MAX = 16  # characters of the check-in's field ("B003-1..6" is 9)
CHECKIN_CHARS = SERIAL_CHARS | {"."}
_STRIP = re.compile(r"([0-9A-Z]*[0-9])-([0-9]+)")  # "B003-4": strip "B003", ticket 4
_RANGE = re.compile(r"([0-9A-Z]*[0-9])-([0-9]+)\.\.([0-9]+)")  # "B003-1..6"


class Question(StrEnum):
    """What the check-in asks the host, answered with Enter."""

    EMPTY = "empty"  # take every ticket out of play?
    STRIP = "strip"  # check in the other tickets of the strip just checked in?
    PUT_BACK = "put_back"  # put back the tickets the list was emptied of?


def strip_of(serial: str) -> str | None:
    """The strip a serial belongs to (``B003`` of ``B003-4``), None if it names none."""
    found = _STRIP.fullmatch(serial.strip().upper())
    return found.group(1) if found else None


def range_of(text: str) -> tuple[str, int, int] | None:
    """A typed range's strip and first and last ticket (``B003-1..6``: B003, 1, 6); None
    when `text` is no range at all; ValueError when it tries to be one and is not."""
    text = text.strip().upper()
    if ".." not in text and "." not in text:
        return None
    found = _RANGE.fullmatch(text)
    if found is None:
        raise ValueError(f"{text!r} is not a range such as B003-1..6")
    strip, first, last = found.group(1), int(found.group(2)), int(found.group(3))
    if not 1 <= first <= last <= STRIP_SIZE:
        raise ValueError(f"{text!r}: a range runs from ticket 1 to {STRIP_SIZE} of a strip")
    return strip, first, last


class CheckInDesk:
    """The check-in list: tickets in, one out, emptied and put back, a strip at once."""

    # The controller's state this works on (`CallerController.__init__` sets it).
    hand: Hand | None
    tickets: tuple[Ticket, ...]
    journal: Journal | None
    claim_phase: ClaimPhase
    checkin_text: str
    holders: dict[str, str]  # normalised serial -> who holds the ticket, where known
    checkin_pick: str | None  # the picked ticket's normalised serial
    checkin_latest: str | None  # the ticket that came in last (the list shows it)
    checkin_question: Question | None
    strip_offer: tuple[Ticket, ...]  # the other tickets of the strip just checked in
    taken_out: tuple[Ticket, ...]  # the tickets the list was emptied of, to put back
    _pick_at: int  # where the pick was when its ticket was taken out
    # The tickets in play that a phone took (`check_in_phone`; normalised serials): the
    # list marks them. Replaced, never changed in place.
    phone_held: frozenset[str] = frozenset()
    codes: TicketCodes | None
    _issuer: Issuer | None = None  # made when a phone first takes tickets

    if TYPE_CHECKING:  # and what it uses of the controller
        @property
        def checking_in(self) -> bool: ...
        @property
        def in_play(self) -> int: ...
        def lookup(self, serial: str) -> list[Ticket]: ...
        def listed(self, ticket: Ticket) -> bool: ...
        def _know(self, ticket: Ticket) -> None: ...
        def _mark(self, what: Changed) -> None: ...
        def _say(self, key: str, now: float, **values: object) -> None: ...
        def _speak(self, names: list[str]) -> None: ...
        def _journal(self, kind: str, **data: object) -> None: ...
        def _journal_many(self, events: list[tuple[str, dict[str, object]]]) -> None: ...

    def _fresh_checkin(self) -> None:
        """Nothing picked, asked or offered (a new hand, a hand resumed)."""
        self.checkin_text = ""
        self.checkin_pick = None
        self.checkin_latest = None
        self.checkin_question = None
        self.strip_offer = ()
        self.taken_out = ()
        self._pick_at = 0

    # -- the list ---------------------------------------------------------------------------
    def checkin_list(self) -> list[Ticket]:
        """The tickets in play, grouped by strip (strips in the order their first ticket
        came in), each strip's tickets in the order they came in."""
        groups: dict[str, list[Ticket]] = {}
        for ticket in self.hand.tickets if self.hand is not None else self.tickets:
            groups.setdefault(strip_of(ticket.serial) or "", []).append(ticket)
        return [ticket for group in groups.values() for ticket in group]

    def checkin_rows(self) -> list[list[Ticket]]:
        """The list as the screen lays it out: a strip a row (`CHECKIN_ROW` at most; the
        tickets of no strip share rows of their own)."""
        rows: list[list[Ticket]] = []
        last: str | None = None
        for ticket in self.checkin_list():
            strip = strip_of(ticket.serial) or ""
            if rows and strip == last and len(rows[-1]) < CHECKIN_ROW:
                rows[-1].append(ticket)
            else:
                rows.append([ticket])
            last = strip
        return rows

    def holder(self, ticket: Ticket) -> str | None:
        return self.holders.get(normalise_serial(ticket.serial))

    @property
    def picked(self) -> Ticket | None:
        if self.checkin_pick is None or self.hand is None:
            return None
        return self.hand.ticket(self.checkin_pick)

    # -- tickets in ---------------------------------------------------------------------------
    def check_in_ticket(self, ticket: Ticket, now: float, holder: str | None = None) -> bool:
        """Put a ticket in play for this hand (before the first call); says how many are.
        `holder`: who holds it, where known (shown on the list, journaled with it)."""
        assert self.hand is not None
        listed = self.listed(ticket)
        self._know(ticket)
        entry = self.hand.present(ticket, Admit.ALL, claim=False).entry
        if entry is Entry.IN_PLAY:
            self._say("checkin.already", now, serial=ticket.serial, count=self.in_play)
            return False
        if entry is Entry.SERIAL_TAKEN:  # a winning card's: never before the first call
            self._say("checkin.serial_taken", now, serial=ticket.serial)
            return False
        key = normalise_serial(ticket.serial)
        if holder:
            self.holders[key] = holder
        named = {"holder": self.holders[key]} if key in self.holders else {}
        self._journal(ENTRY_ROWS[entry], **ticket.to_json(), **named)  # on the disk first
        self.tickets = self.hand.tickets
        self.checkin_latest = key
        self.checkin_pick = None
        self._pick_at = 0
        if self.checkin_question is Question.EMPTY:
            self.checkin_question = self._standing_question()
        log.info("ticket %s checked in (%d in play)%s", ticket.serial, self.in_play,
                 "" if listed else "; no finished print listed it")
        self._say("checkin.added" if listed else "checkin.added_unlisted", now,
                  serial=ticket.serial, count=self.in_play)
        self._speak(ticket_clips(ticket.serial))
        self._mark(Changed.STATUS | Changed.CLAIM)
        return True

    def check_in_here(self, ticket: Ticket, now: float) -> bool:
        """A ticket checked in at the TV (scanned or typed): the other known tickets of its
        strip not in play are offered, to be taken with Enter."""
        if not self.check_in_ticket(ticket, now):
            return False
        self._offer_strip(ticket)
        return True

    def _offer_strip(self, ticket: Ticket) -> None:
        assert self.hand is not None
        strip = strip_of(ticket.serial)
        offer: list[Ticket] = []
        if strip is not None:
            for position in range(1, STRIP_SIZE + 1):
                found = self.lookup(f"{strip}-{position}")
                # A serial two tickets carry is left out: only its code can say which.
                if len(found) == 1 and self.hand.ticket(found[0].serial) is None:
                    offer.append(found[0])
        self.strip_offer = tuple(offer)
        self.checkin_question = Question.STRIP if offer else self._standing_question()
        self._mark(Changed.CLAIM)

    def _standing_question(self) -> Question | None:
        """The question that stays while nothing newer is asked: putting the list back."""
        return Question.PUT_BACK if self.taken_out else None

    def check_in_typed(self, now: float) -> bool:
        """Check in the typed serial, or range (``B003-1..6``); an unknown, ambiguous or
        malformed one says so and changes nothing."""
        typed, self.checkin_text = self.checkin_text, ""
        self._mark(Changed.CLAIM)
        if not self.checking_in or not normalise_serial(typed):
            return False
        try:
            span = range_of(typed)
        except ValueError:
            self._say("checkin.range_malformed", now, serial=typed)
            return False
        if span is not None:
            return self._check_in_range(typed, *span, now)
        found = self.lookup(typed)
        if not found:
            self._say("checkin.unknown", now, serial=typed)
            return False
        if len(found) > 1:
            self._say("checkin.ambiguous", now, serial=typed)
            return False
        return self.check_in_here(found[0], now)

    def _check_in_range(self, typed: str, strip: str, first: int, last: int,
                        now: float) -> bool:
        """The tickets `first` to `last` of `strip`, all known, checked in at once."""
        assert self.hand is not None
        serials = [f"{strip}-{position}" for position in range(first, last + 1)]
        found = {serial: self.lookup(serial) for serial in serials}
        unknown = [serial for serial, tickets in found.items() if not tickets]
        if unknown:
            self._say("checkin.range_unknown", now, serials=unknown)
            return False
        doubled = next((serial for serial, tickets in found.items() if len(tickets) > 1), None)
        if doubled is not None:
            self._say("checkin.ambiguous", now, serial=doubled)
            return False
        new = [tickets[0] for tickets in found.values()
               if self.hand.present(tickets[0], Admit.NONE, claim=False).entry
               is not Entry.IN_PLAY]
        added = self._check_in_many(new)
        if not added:
            self._say("checkin.range_already", now, serial=typed.upper(), count=self.in_play)
            return False
        self._say("checkin.range_added", now, serial=typed.upper(), count=self.in_play)
        self._offer_strip(added[-1])
        return True

    def check_in_phone(self, tickets: Sequence[Ticket], now: float,
                       holder: str | None = None) -> list[Ticket]:
        """Fresh tickets a phone took (`kiosk.phones.take`), put in play together before
        the first call, journaled in one write with who holds them (`holder`, the name the
        phone gave, if any) and that a phone holds them; the list marks them. The ones
        that came in, in order."""
        if not self.checking_in or not tickets:
            return []
        keys = [normalise_serial(t.serial) for t in tickets]
        if holder:
            for key in keys:
                self.holders.setdefault(key, holder)
        added = self._check_in_many(tickets, phone=True)
        came = {normalise_serial(t.serial) for t in added}
        for key in keys:
            if key not in came and self.holders.get(key) == holder:
                self.holders.pop(key, None)
        if added:
            self.phone_held = self.phone_held | came
            values: dict[str, object] = {"added": len(added), "count": self.in_play}
            if holder:
                self._say("checkin.phone_added_named", now, name=holder, **values)
            else:
                self._say("checkin.phone_added", now, **values)
        return added

    def issue_fresh(self, count: int) -> Future[list[Ticket]]:
        """`count` fresh tickets for a phone, drawn and registered off the frame loop
        (`kiosk.games.debarna.fresh`); they are known, and in play, once `check_in_phone`
        has them. Needs the ticket key (`codes`)."""
        if self.codes is None:
            raise RuntimeError("no ticket key: no tickets can be signed")
        if self._issuer is None:
            self._issuer = Issuer(self.codes)
        return self._issuer.submit(count)

    def is_phone_ticket(self, ticket: Ticket) -> bool:
        """A phone took this ticket (its page is the ticket: no paper to scan)."""
        return normalise_serial(ticket.serial) in self.phone_held

    def _check_in_many(self, tickets: Sequence[Ticket], phone: bool = False) -> list[Ticket]:
        """Tickets put in play together, journaled in one write; those a winner's serial
        blocks stay out. The ones that came in, in order. `phone`: a phone took them (the
        journal says so, for a restart's list)."""
        assert self.hand is not None
        events: list[tuple[str, dict[str, object]]] = []
        added: list[Ticket] = []
        for ticket in tickets:
            self._know(ticket)
            entry = self.hand.present(ticket, Admit.ALL, claim=False).entry
            if entry not in ENTRY_ROWS:
                continue
            key = normalise_serial(ticket.serial)
            named: dict[str, object] = \
                {"holder": self.holders[key]} if key in self.holders else {}
            if phone or key in self.phone_held:  # (a phone's, put back after an emptying)
                named["phone"] = True
            events.append((ENTRY_ROWS[entry], {**ticket.to_json(), **named}))
            added.append(ticket)
        if added:
            self._journal_many(events)
            self.tickets = self.hand.tickets
            self.checkin_latest = normalise_serial(added[-1].serial)
            self.checkin_pick = None
            self._pick_at = 0
            log.info("%d tickets checked in at once (%d in play)", len(added), self.in_play)
            self._mark(Changed.STATUS | Changed.CLAIM)
        return added

    # -- the field ------------------------------------------------------------------------------
    def type_checkin(self, text: str) -> None:
        """Characters of a serial (or a range) typed at check-in; typing puts a pick, an
        open question and a strip's offer aside."""
        if not self.checking_in or self.claim_phase is not ClaimPhase.CLOSED:
            return
        kept = "".join(ch for ch in text.upper() if ch in CHECKIN_CHARS)
        typed = (self.checkin_text + kept)[:CHECKIN_MAX]
        if typed != self.checkin_text:
            self.checkin_text = typed
            self.checkin_pick = None
            self.strip_offer = ()
            self.checkin_question = self._standing_question()
            self._mark(Changed.CLAIM)

    def clear_checkin_text(self) -> None:
        if self.checkin_text:
            self.checkin_text = ""
            self._mark(Changed.CLAIM)

    def erase_checkin(self, now: float) -> None:
        """Backspace: the last typed character; with nothing typed, the picked ticket out of
        play; with nothing picked either, the question whether to empty the list (never
        the emptying itself: only Enter answers it)."""
        if not self.checking_in:
            return
        if self.checkin_text:
            self.checkin_text = self.checkin_text[:-1]
            self._mark(Changed.CLAIM)
            return
        picked = self.picked
        if picked is not None:
            self.take_out(picked, now)
            return
        if self.in_play and self.checkin_question is not Question.EMPTY:
            self.checkin_question = Question.EMPTY
            self.strip_offer = ()
            self._mark(Changed.CLAIM)

    # -- picking and taking out ---------------------------------------------------------------
    def move_pick(self, rows: int, steps: int, grid: Sequence[Sequence[str]] = ()) -> None:
        """The arrow keys: the pick moves `rows` rows down or `steps` tickets on in the
        list's order; `grid` is the rows as the screen shows them (their serials,
        normalised; by default a strip a row). The first press picks the ticket that came
        in last (or the one after a ticket just taken out)."""
        if not self.checking_in or self.hand is None or self.checkin_text:
            return
        order = self.checkin_list()
        if not order:
            return
        keys = [normalise_serial(t.serial) for t in order]
        self.checkin_question = self._standing_question()
        self.strip_offer = ()
        if self.checkin_pick not in keys:
            if self._pick_at and self._pick_at <= len(keys):
                self.checkin_pick = keys[self._pick_at - 1]
            else:
                latest = self.checkin_latest
                self.checkin_pick = latest if latest in keys else keys[-1]
            self._pick_at = 0
            self._mark(Changed.CLAIM)
            return
        at = keys.index(self.checkin_pick)
        if steps:
            at = min(max(at + steps, 0), len(keys) - 1)
        if rows:
            shown = [list(r) for r in grid if r and all(k in keys for k in r)]
            if not any(self.checkin_pick in r for r in shown):
                shown = [[normalise_serial(t.serial) for t in r] for r in self.checkin_rows()]
            row = next(i for i, r in enumerate(shown) if self.checkin_pick in r)
            column = shown[row].index(self.checkin_pick)
            if 0 <= row + rows < len(shown):
                target = shown[row + rows]
                at = keys.index(target[min(column, len(target) - 1)])
            else:  # past the rows shown: on to the list's next (or previous) row
                at = min(max(at + rows * CHECKIN_ROW, 0), len(keys) - 1)
        self.checkin_pick = keys[at]
        self._mark(Changed.CLAIM)

    def take_out(self, ticket: Ticket, now: float) -> bool:
        """One ticket out of play before the first call (journaled); the pick ends."""
        if not self.checking_in or self.hand is None:
            return False
        held = self.hand.ticket(ticket.serial)
        if held is None or held.grid != ticket.grid:
            return False
        order = [normalise_serial(t.serial) for t in self.checkin_list()]
        key = normalise_serial(ticket.serial)
        self._journal("ticket_withdrawn", **ticket.to_json())  # on the disk before it is shown
        self.hand.withdraw(ticket.serial)
        self.holders.pop(key, None)  # whoever gets it next says so again
        self.phone_held = self.phone_held - {key}
        self.tickets = self.hand.tickets
        self._pick_at = order.index(key) + 1 if key in order else 0
        self.checkin_pick = None
        if self.checkin_latest == key:
            self.checkin_latest = None
        log.info("ticket %s taken out of play (%d in play)", ticket.serial, self.in_play)
        self._say("checkin.taken_out", now, serial=ticket.serial, count=self.in_play)
        self._mark(Changed.STATUS | Changed.CLAIM)
        return True

    def empty_checkin(self, now: float) -> bool:
        """Every ticket out of play (the host said yes), journaled; they may be put back
        until the first call."""
        if not self.checking_in or self.hand is None or not self.in_play:
            return False
        out = tuple(self.checkin_list())
        self._journal_many([("ticket_withdrawn", {**ticket.to_json(), "emptied": True})
                            for ticket in out])
        for ticket in out:
            self.hand.withdraw(ticket.serial)
        self.tickets = self.hand.tickets
        self.taken_out = out
        self.checkin_pick = None
        self.checkin_latest = None
        self.strip_offer = ()
        self.checkin_question = Question.PUT_BACK
        self._pick_at = 0
        log.info("the check-in list was emptied of %d tickets", len(out))
        self._say("checkin.emptied", now, count=len(out))
        self._mark(Changed.STATUS | Changed.CLAIM)
        return True

    def put_back(self, now: float) -> bool:
        """The tickets the list was emptied of, in play again (those not in it already)."""
        if not self.checking_in or not self.taken_out:
            return False
        back = self._check_in_many(self.taken_out)
        self.taken_out = ()
        self.checkin_question = None
        log.info("%d tickets put back in play", len(back))
        self._say("checkin.put_back", now, added=len(back), count=self.in_play)
        return bool(back)

    # -- what the host is asked ---------------------------------------------------------------
    def answer_checkin(self, now: float) -> None:
        """Enter with nothing typed: yes to the question asked (with a ticket picked, the
        pick put aside). Enter never starts calling: Space does."""
        question = self.checkin_question
        if self.checkin_pick is not None:
            self.checkin_pick = None
            self._mark(Changed.CLAIM)
        elif question is Question.EMPTY:
            self.checkin_question = None
            self.empty_checkin(now)
        elif question is Question.STRIP:
            offer, self.strip_offer = self.strip_offer, ()
            self.checkin_question = self._standing_question()
            added = self._check_in_many(offer)
            if added:
                strip = strip_of(added[0].serial) or added[0].serial
                self._say("checkin.strip_added", now, serial=strip, added=len(added),
                          count=self.in_play)
        elif question is Question.PUT_BACK:
            self.put_back(now)
        else:
            self._say("checkin.enter_alone", now)

    def dismiss_checkin(self) -> bool:
        """Esc: the pick, or the question asked (emptying, a strip's offer), put aside;
        the typed text cleared. False when there was none of these (Esc goes on)."""
        if self.checkin_pick is not None:
            self.checkin_pick = None
        elif self.checkin_question in (Question.EMPTY, Question.STRIP):
            self.strip_offer = ()
            self.checkin_question = self._standing_question()
        elif self.checkin_text:
            self.checkin_text = ""
        else:
            return False
        self._mark(Changed.CLAIM)
        return True

    # -- after a restart --------------------------------------------------------------------------
    def _recall_checkin(self, events: Sequence[Mapping[str, Any]]) -> None:
        """What the journal of a resumed hand says of its list beyond its tickets: who holds
        them, which a phone took, and (before the first call) the tickets the last emptying
        took out that are not back, to put back."""
        out: list[Ticket] = []
        phones: set[str] = set()  # the tickets a phone took
        emptying = False  # the events read last were an emptying's
        for event in events:
            kind = event.get("kind")
            serial = event.get("serial")
            if not isinstance(serial, str):
                emptying = False
                continue
            key = normalise_serial(serial)
            holder = event.get("holder")
            if kind in (*ENTRY_ROWS.values(), "holder_named") and isinstance(holder, str) \
                    and holder:
                self.holders[key] = holder
            if kind in ENTRY_ROWS.values() and event.get("phone") is True:
                phones.add(key)
            elif kind == "ticket_withdrawn" and not event.get("emptied"):
                phones.discard(key)
            if kind == "ticket_withdrawn" and event.get("emptied"):
                if not emptying:
                    out = []
                with contextlib.suppress(KeyError, ValueError, TypeError):
                    out.append(Ticket(serial, event["grid"]))
                emptying = True
                continue
            emptying = False
            if kind in ENTRY_ROWS.values():
                out = [t for t in out if normalise_serial(t.serial) != key]
        self.phone_held = frozenset(phones)
        if self.hand is not None and not self.hand.called and out:
            self.taken_out = tuple(out)
            self.checkin_question = Question.PUT_BACK

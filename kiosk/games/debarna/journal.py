"""The caller's journal: each Dabernā hand as events in the store, and its resumption.

Every event is committed before the kiosk shows or speaks it. In the kiosk the events
are written on the journal's own thread (`write_on`, `kiosk.committer`), so the frame
loop never waits for the disk: the screen, the phones' pages and the voice are held
until the commit is done. If the store stops accepting writes (full or read-only
disk), the hand moves to an in-memory journal so play goes on, and `notice` says games
are no longer being saved. After a damaged journal was salvaged, `notice` says how
much was kept, and the unfinished hand goes on from the longest part of its record
that is whole and replays.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engines.debarna.hand import Hand
from engines.debarna.options import HandOptions
from engines.debarna.records import RecordError, options_to_json, replay
from engines.debarna.ticket import Ticket
from kiosk.store import Store, StoreError, open_writable, writable

if TYPE_CHECKING:
    from kiosk.committer import Committer

log = logging.getLogger(__name__)

GAME = "debarna"
RETRY_SECONDS = 5.0  # how often a journal that could not be written is tried again
# A write: ("start", None, first event) | ("events", hand, events) | ("finish", hand, kind)
Op = tuple[str, int | None, Any]


@dataclass(frozen=True)
class Resumed:
    """An unfinished hand found in the journal, rebuilt by replaying it."""

    hand_id: int
    hand: Hand
    bag_seed: int | None


class Journal:
    """Writes one hand at a time; reads back the unfinished one after a restart."""

    def __init__(self, store: Store, problem: StoreError | None = None) -> None:
        self.store = store  # read at start (the unfinished hand, the tickets printed)
        self._writes = store  # where the hand's events go (`write_on`)
        self._writer: Committer | None = None
        # While the journal cannot be written: where it is, the writes kept for it in
        # order, its store once it can be opened again, and the hands' ids there.
        self._unsaved_to: Path | None = store.copy_of
        self._backlog: list[Op] = []
        self._disk: Store | None = None
        self._on_disk: dict[int, int] = {}
        self._retry_at = 0.0
        self._saved = 0
        self.hand_id: int | None = None
        self._finished = False
        # What the screen should tell the host: a catalogue key and its values.
        self.notice: tuple[str, dict[str, object]] | None = None
        if problem is not None:
            self.notice = (f"journal.{problem.key}", {})
        elif store.salvage is not None:
            self.notice = store.salvage.notice()
        elif store.moved_aside is not None:
            self.notice = ("journal.moved_aside", {})

    # -- writing -------------------------------------------------------------------------
    def write_on(self, writer: Committer) -> None:
        """From now on write the hand's events on `writer`'s thread, with its connection
        to the same journal, in the order they come; `writer.busy` says one is not on the
        disk yet (so it must not be shown or said yet)."""
        self._writer = writer
        self._writes = writer.store

    def _write(self, fn: Callable[..., None], *args: Any) -> None:
        if self._writer is None:
            fn(*args)
        else:
            self._writer.submit(fn, *args)

    def start(
        self, options: HandOptions, tickets: Iterable[Ticket], bag_seed: int | None
    ) -> None:
        """Open a new hand: its options, its bag seed (seeded runs only) and its tickets."""
        self._write(self._start, options, list(tickets), bag_seed)

    def _start(self, options: HandOptions, tickets: list[Ticket], bag_seed: int | None) -> None:
        if self.hand_id is not None and not self._finished:
            self._finish("hand_abandoned")
        self._finished = False
        first = {"options": options_to_json(options), "bag_seed": bag_seed}
        issued = [("ticket_issued", ticket.to_json()) for ticket in tickets]
        self.hand_id = self._do(("start", None, first))
        self._do(("events", self.hand_id, issued))
        log.info("hand %s started", self.hand_id)

    def record(self, kind: str, **data: Any) -> None:
        """Commit one event of the current hand; returns once it is on the disk."""
        self.record_many([(kind, data)])

    def record_many(self, events: list[tuple[str, Mapping[str, Any]]]) -> None:
        self._write(self._record_many, events)

    def _record_many(self, events: list[tuple[str, Mapping[str, Any]]]) -> None:
        if self.hand_id is not None:
            self._do(("events", self.hand_id, events))

    def keep(self, fn: Callable[[Store], None], *args: Any) -> None:
        """Write something beside the hands (a shop card registered) to the journal's
        store, on its thread like the hands' events; a failure is logged and told."""
        self._write(self._keep, fn, args)

    def _keep(self, fn: Callable[..., None], args: tuple[Any, ...]) -> None:
        try:
            fn(self._writes, *args)
        except StoreError as exc:
            log.error("could not write to the journal: %s", exc)
            self.notice = (f"journal.{exc.key}", {})

    @property
    def finished(self) -> bool:
        return self._finished

    def finish(self, kind: str = "hand_over") -> None:
        """Close the hand. Claims on its last number may still be recorded after it."""
        self._write(self._finish, kind)

    def _finish(self, kind: str) -> None:
        if self.hand_id is None or self._finished:
            return
        self._do(("finish", self.hand_id, kind))
        log.info("hand %s ended (%s)", self.hand_id, kind.replace("_", " "))
        self._finished = True

    @property
    def unsaved(self) -> int:
        """How many writes are kept for a journal that cannot be written now (0: none)."""
        return len(self._backlog)

    @staticmethod
    def _apply(store: Store, op: Op, on_disk: Mapping[int, int]) -> int:
        """One write: a hand started (its id), its events, or its end."""
        kind, hand, data = op
        if kind == "start":
            return store.start_hand(GAME, data)
        assert hand is not None
        target = on_disk.get(hand, hand)
        if kind == "events":
            store.append_many(target, data)
        else:
            store.finish_hand(target, data)
        return target

    def _do(self, op: Op) -> int:
        """A write where the hand's events go now; while the journal cannot be written,
        it is also kept, in order, to be written there once it can (`save_unsaved`)."""
        try:
            result = self._apply(self._writes, op, {})
        except StoreError as exc:
            self._move_to_memory(exc)
            if op[1] is not None:
                op = (op[0], self.hand_id, op[2])  # the hand's id in memory
            result = self._apply(self._writes, op, {})
        if self._unsaved_to is not None:
            self._backlog.append(("start", result, op[2]) if op[0] == "start" else op)
            self.save_unsaved()
        return result

    def save_unsaved(self, now: float | None = None, force: bool = False) -> int:
        """Write what was kept while the journal could not be written, in order, once
        its disk looks writable again (looked at every `RETRY_SECONDS` at most, unless
        `force`); from then on the hand is written there. Returns how many are left."""
        path = self._unsaved_to
        if path is None or not self._backlog:
            return len(self._backlog)
        now = time.monotonic() if now is None else now
        if not force and now < self._retry_at:
            return len(self._backlog)
        self._retry_at = now + RETRY_SECONDS
        if self._disk is None:
            if not writable(path):
                return len(self._backlog)
            try:
                self._disk = open_writable(path)
            except StoreError as exc:
                log.info("the journal %s cannot be written yet: %s", path, exc)
                return len(self._backlog)
        while self._backlog:
            op = self._backlog[0]
            try:
                result = self._apply(self._disk, op, self._on_disk)
            except StoreError as exc:
                log.info("the journal %s cannot be written yet: %s", path, exc)
                return len(self._backlog)
            if op[0] == "start":
                assert op[1] is not None
                self._on_disk[op[1]] = result
            self._backlog.pop(0)
            self._saved += 1
        count, self._saved = self._saved, 0
        if self.hand_id is not None:
            self.hand_id = self._on_disk.get(self.hand_id, self.hand_id)
        self._writes, self._disk, self._unsaved_to, self._on_disk = self._disk, None, None, {}
        if self._writer is None:
            self.store = self._writes
        log.info("the journal %s can be written again: the %d writes kept meanwhile are "
                 "saved, in order", path, count)
        self.notice = ("journal.saved_again", {"count": count})
        return 0

    def save_before_exit(self, writer: Committer | None) -> None:
        """At the end of a run, what could not be written meanwhile (a full or read-only
        disk) is tried once more, on `writer`'s thread if the journal is written there;
        what still cannot be is said in the log."""
        if not self._backlog:
            return
        left = writer.call(self.save_unsaved, None, True) if writer is not None \
            else self.save_unsaved(force=True)
        if left:
            log.error("%d writes of the game journal could not be saved before the exit", left)

    def _at_start(self, op: Op) -> int:
        """A write of the start (a hand closed as damaged, one continued), on the store
        read at start, on this thread; kept for the disk too while it cannot be written."""
        result = self._apply(self.store, op, {})
        if self._unsaved_to is not None:
            self._backlog.append(("start", result, op[2]) if op[0] == "start" else op)
        return result

    def _fall_back(self, exc: StoreError) -> None:
        log.error("%s; the game goes on without being saved", exc)
        self.notice = (f"journal.{exc.key}", {})
        old = self._writes
        if old.path is not None and self._unsaved_to is None:
            self._unsaved_to = old.copy_of or old.path  # where to write once it can
            self._disk = old if old.copy_of is None else None
        self._writes = Store(None)  # made on the thread that writes to it
        if self._writer is None:
            self.store = self._writes

    def _move_to_memory(self, exc: StoreError) -> None:
        """Carry the current hand over to memory so nothing of it is lost this session;
        what follows is kept to be written to the journal once it can."""
        old, hand_id = self._writes, self.hand_id
        events = old.events(hand_id) if hand_id is not None else []
        self._fall_back(exc)
        if hand_id is None or not events:
            return
        first, rest = events[0], events[1:]
        self.hand_id = self._writes.start_hand(GAME, _payload(first))
        self._writes.append_many(self.hand_id, [(e["kind"], _payload(e)) for e in rest])
        self._on_disk[self.hand_id] = hand_id  # already there, up to this point

    # -- reading -------------------------------------------------------------------------
    def unfinished(self) -> Resumed | None:
        """The hand the kiosk was in when it stopped, rebuilt exactly; None if there is none.

        A record that replays only in part (a damaged tail, or events lost with a damaged
        journal) goes on from its longest whole prefix that replays: the hand is closed
        as damaged (kept in the history as it is) and continues as a new hand holding
        that prefix, and `notice` says so. A record of which nothing replays is closed
        as damaged, never silently dropped.
        """
        row = self.store.unfinished(GAME)
        if row is None:
            return None
        events = self.store.events(row.id)
        salvage = self.store.salvage
        whole = salvage.whole_events(row.id) if salvage is not None else None
        usable = events if whole is None else events[:whole]
        length, hand = _longest_replay(usable)
        if hand is None:
            log.error("hand %s cannot be resumed: nothing of its record replays", row.id)
            self.notice = ("journal.damaged", {"hand": row.id})
            self._at_start(("finish", row.id, "hand_damaged"))
            return None
        hand_id = row.id
        if length < len(events):
            hand_id = self._continue(row.id, events, length)
            log.error("hand %s goes on as hand %s from call %d: %d of its %d events replay",
                      row.id, hand_id, len(hand.called), length, len(events))
            values = {"hand": row.id, "calls": len(hand.called)}
            if salvage is not None:
                self.notice = ("journal.resumed_partly", {**salvage.notice()[1], **values})
            else:
                self.notice = ("journal.replayed_partly", values)
        self.hand_id = hand_id
        seed = events[0].get("bag_seed")
        log.info("hand %s resumed after restart: %d numbers called, winners %s", hand_id,
                 len(hand.called), {str(s): list(w.serials) for s, w in hand.winners.items()})
        return Resumed(hand_id, hand, seed if isinstance(seed, int) else None)

    def _continue(self, old: int, events: list[dict[str, Any]], length: int) -> int:
        """Close hand `old` as damaged; a new hand holds the first `length` of its events."""
        self._at_start(("finish", old, "hand_damaged"))
        new = self._at_start(("start", None, _payload(events[0])))
        rest = [(e["kind"], _payload(e)) for e in events[1:length]]
        rest.append(("continued_from", {"hand": old, "events": length, "of": len(events)}))
        self._at_start(("events", new, rest))
        return new


def _longest_replay(events: list[dict[str, Any]]) -> tuple[int, Hand | None]:
    """The longest prefix of `events` that replays, and its hand ((0, None) if none does)."""
    for length in range(len(events), 0, -1):
        try:
            return length, replay(events[:length])
        except RecordError:
            continue
    return 0, None


def _payload(event: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in event.items() if k not in ("kind", "at")}

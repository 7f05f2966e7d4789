"""What a damaged journal keeps: eleven kinds of damage to a real journal, and the outcome.

Each kind starts from the same journal (seeded): printed tickets, finished Dabernā
hands, and an unfinished hand whose events are still in the WAL (the files as a
pulled plug leaves them), or all of it checkpointed into the main file. The files
are damaged, then opened as the kiosk opens them (`Store`, then `Journal`), and
the outcome is measured:

- events before: what the journal held;
- salvaged: what the reopened journal holds;
- readable: the events of which at least one stored copy (a main-file page, or a
  WAL frame of a committed transaction) survives byte for byte;
- whether the unfinished hand resumed, and with how many of its calls;
- the message the screen shows (catalogue key and English text).

Run: ``.venv/bin/python benchmarks/journal_damage.py`` (prints a Markdown table).
The test suite (tests/kiosk/test_salvage.py) runs the same kinds and asserts them.
"""

from __future__ import annotations

import argparse
import logging
import os
import random
import shutil
import sqlite3
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engines.debarna.bag import Bag  # noqa: E402
from engines.debarna.hand import Hand  # noqa: E402
from engines.debarna.options import HandOptions  # noqa: E402
from engines.debarna.records import verdict_to_json  # noqa: E402
from engines.debarna.strips import make_strips  # noqa: E402
from engines.debarna.ticket import Ticket  # noqa: E402
from kiosk.games.debarna.journal import Journal  # noqa: E402
from kiosk.i18n import Translator  # noqa: E402
from kiosk.salvage import FRAME_HEADER, WAL_HEADER, page_geometry, read_raw  # noqa: E402
from kiosk.store import DB_NAME, Store  # noqa: E402

SEED = 2025
SERIES = "TEST1"
FINISHED_HANDS = 2
LIVE_CALLS = 40
PARTS = ("", "-wal", "-shm")


@dataclass(frozen=True)
class Snapshot:
    """The journal's files as a pulled plug left them, and what they held."""

    directory: Path
    events: dict[int, tuple[int, str, str]]  # id -> (hand, kind, data)
    live_hand: int
    live_calls: tuple[int, ...]

    @property
    def path(self) -> Path:
        return self.directory / DB_NAME


def play(journal: Journal, hand: Hand, bag: Bag, calls: int | None) -> None:
    """Call numbers (all of them, or `calls`), claiming every card as it wins."""
    while not hand.is_over and (calls is None or len(hand.called) < calls):
        number = bag.draw()
        hand.call(number)
        journal.record("number_called", number=number)
        for _stage, serials in hand.reached_on_last().items():
            for serial in serials:
                before = dict(hand.winners)
                verdict = hand.claim(serial)
                events: list[tuple[str, dict[str, Any]]] = [
                    ("claim", {"stage": None, **verdict_to_json(verdict), "serial": serial})]
                for won in verdict.stages:
                    if won not in before:
                        win = hand.winners[won]
                        events.append(("stage_won", {"stage": str(won), "call": win.call_index,
                                                     "serials": list(win.serials)}))
                journal.record_many(events)
        if hand.is_over:
            journal.finish("hand_over")


def build(directory: Path, seed: int = SEED) -> tuple[Snapshot, Snapshot]:
    """The same journal twice: live hand in the WAL, and all of it checkpointed."""
    rng = random.Random(seed)
    work = directory / "writing"
    work.mkdir(parents=True)
    path = work / DB_NAME
    store = Store(path)
    strips = make_strips(4, rng)
    for number, strip in enumerate(strips, start=1):
        store.issue(SERIES, number, [(t.serial, [list(r) for r in t.grid]) for t in strip])
    box: list[Ticket] = [t for strip in strips for t in strip]
    options = HandOptions()
    journal = Journal(store)
    for _ in range(FINISHED_HANDS):
        bag_seed = rng.getrandbits(63)
        journal.start(options, box, bag_seed)
        play(journal, Hand(options, box), Bag(random.Random(bag_seed)), None)
    store.close()  # the kiosk was restarted: the history is checkpointed into the main file

    store = Store(path)
    journal = Journal(store)
    bag_seed = rng.getrandbits(63)
    journal.start(options, box, bag_seed)
    live = Hand(options, box)
    play(journal, live, Bag(random.Random(bag_seed)), LIVE_CALLS)
    assert journal.hand_id is not None
    events = {i: (h, k, d) for i, h, k, d in
              store._db.execute("SELECT id, hand, kind, data FROM events ORDER BY id")}
    snapshots = []
    for name, checkpoint in (("wal", False), ("checkpointed", True)):
        if checkpoint:
            store._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        target = directory / name
        target.mkdir()
        for part in (*PARTS, ".mark"):
            source = Path(str(path) + part) if part != ".mark" else path.with_suffix(".mark")
            if source.exists():
                shutil.copy2(source, Path(str(target / DB_NAME) + part) if part != ".mark"
                             else (target / DB_NAME).with_suffix(".mark"))
        snapshots.append(Snapshot(target, events, journal.hand_id, live.called))
    store.close()
    shutil.rmtree(work)
    return snapshots[0], snapshots[1]


def copy_files(source: Path, target: Path) -> None:
    """The journal's files at `source` (its -wal, -shm and mark too) copied, as they are
    on the disk this moment, to `target` (a journal path in another folder)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    for part in PARTS:
        if Path(str(source) + part).exists():
            shutil.copy2(Path(str(source) + part), Path(str(target) + part))
    if source.with_suffix(".mark").exists():
        shutil.copy2(source.with_suffix(".mark"), target.with_suffix(".mark"))


@dataclass(frozen=True)
class Night:
    """A game night's journal as a pulled plug left it: finished hands and a live one,
    all in one run of the kiosk (no restart between them)."""

    snapshot: Snapshot
    finished: dict[int, int]  # finished hand -> its events
    ends: dict[int, int]  # finished hand -> the id of its ending event


def night(directory: Path, finished: int = 3, live_calls: int = 30, seed: int = SEED,
          hold_checkpoints: bool = False) -> Night:
    """A night of `finished` hands and a live one with `live_calls` calls. With
    `hold_checkpoints`, a reader keeps a snapshot open all night, so no checkpoint can
    copy the WAL into the main file (the whole night stays in the WAL)."""
    rng = random.Random(seed)
    work = directory / "writing"
    work.mkdir(parents=True)
    path = work / DB_NAME
    store = Store(path)
    strips = make_strips(2, rng)
    for number, strip in enumerate(strips, start=1):
        store.issue(SERIES, number, [(t.serial, [list(r) for r in t.grid]) for t in strip])
    box: list[Ticket] = [t for strip in strips for t in strip]
    options = HandOptions()
    reader = None
    if hold_checkpoints:
        reader = sqlite3.connect(path, isolation_level=None)
        reader.execute("BEGIN")
        reader.execute("SELECT count(*) FROM events").fetchone()
    journal = Journal(store)
    ids = []
    live = Hand(options, box)
    for number in range(finished + 1):
        bag_seed = rng.getrandbits(63)
        journal.start(options, box, bag_seed)
        assert journal.hand_id is not None
        ids.append(journal.hand_id)
        hand = Hand(options, box) if number < finished else live
        play(journal, hand, Bag(random.Random(bag_seed)), None if number < finished
             else live_calls)
    events = {i: (h, k, d) for i, h, k, d in
              store._db.execute("SELECT id, hand, kind, data FROM events ORDER BY id")}
    target = directory / ("night-held" if hold_checkpoints else "night")
    copy_files(path, target / DB_NAME)
    if reader is not None:
        reader.close()
    store.close()
    shutil.rmtree(work)
    done = ids[:-1]
    counts = {h: sum(1 for e in events.values() if e[0] == h) for h in done}
    ends = {h: max(i for i, e in events.items() if e[0] == h and e[1] == "hand_over")
            for h in done}
    return Night(Snapshot(target, events, ids[-1], live.called), counts, ends)


# -- the kinds of damage ----------------------------------------------------------------
def _overwrite(path: Path, offset: int, data: bytes) -> None:
    with path.open("r+b") as handle:
        handle.seek(offset)
        handle.write(data)


def _wal(path: Path) -> Path:
    return Path(str(path) + "-wal")


def _frame(path: Path, index: int) -> int:
    """Where frame `index` of the WAL begins."""
    size, _ = page_geometry(path.read_bytes()[:100], _wal(path).read_bytes()[:32])
    return WAL_HEADER + index * (FRAME_HEADER + size)


def truncate_half(path: Path, rng: random.Random) -> None:
    os.truncate(path, path.stat().st_size // 2)


def truncate_zero(path: Path, rng: random.Random) -> None:
    os.truncate(path, 0)


def garbage_mid_file(path: Path, rng: random.Random) -> None:
    _overwrite(path, path.stat().st_size // 2 - 700, rng.randbytes(1400))


def header_overwritten(path: Path, rng: random.Random) -> None:
    _overwrite(path, 0, rng.randbytes(100))


def wal_deleted(path: Path, rng: random.Random) -> None:
    _wal(path).unlink()


def wal_garbage_early(path: Path, rng: random.Random) -> None:
    _overwrite(_wal(path), _frame(path, 2) + 300, rng.randbytes(4096))


def wal_garbage_late(path: Path, rng: random.Random) -> None:
    """The last 6 KiB of the WAL: the last frame and the end of the one before."""
    wal = _wal(path)
    _overwrite(wal, wal.stat().st_size - 6144, rng.randbytes(6144))


def wal_header_overwritten(path: Path, rng: random.Random) -> None:
    _overwrite(_wal(path), 0, rng.randbytes(WAL_HEADER))


def flipped_byte(path: Path, rng: random.Random) -> None:
    """One byte of an events page's cell pointers flipped (a bad bit on the card)."""
    main = path.read_bytes()
    size, _ = page_geometry(main, b"")
    raw = read_raw(main, b"")
    pages = sorted({c.start // size for (table, _), copies in raw.copies.items()
                    if table == "events" for c in copies if c.source == "main"})
    page = pages[rng.randrange(len(pages))]
    cells = int.from_bytes(main[page * size + 3:page * size + 5], "big")
    offset = page * size + 8 + 2 * rng.randrange(cells)
    _overwrite(path, offset, bytes([main[offset] ^ 0x40]))


def journal_deleted(path: Path, rng: random.Random) -> None:
    for part in PARTS:
        Path(str(path) + part).unlink(missing_ok=True)


@dataclass(frozen=True)
class Kind:
    name: str
    snapshot: str  # "wal" or "checkpointed"
    damage: Callable[[Path, random.Random], None]


KINDS = (
    Kind("main file truncated to half", "wal", truncate_half),
    Kind("main file truncated to 0 bytes", "wal", truncate_zero),
    Kind("random bytes mid-file, after a checkpoint", "checkpointed", garbage_mid_file),
    Kind("random bytes mid-file, live hand in the WAL", "wal", garbage_mid_file),
    Kind("header (first 100 bytes) overwritten", "checkpointed", header_overwritten),
    Kind("-wal deleted", "wal", wal_deleted),
    Kind("garbage early in the WAL", "wal", wal_garbage_early),
    Kind("garbage late in the WAL", "wal", wal_garbage_late),
    Kind("one flipped byte in a data page", "checkpointed", flipped_byte),
    Kind("WAL header overwritten", "wal", wal_header_overwritten),
    Kind("journal deleted (its mark is left)", "wal", journal_deleted),
)


# -- measuring ---------------------------------------------------------------------------
def readable(intact: Path, damaged: Path) -> set[int]:
    """Events with a stored copy that survives byte for byte in the damaged files.

    A copy in the WAL counts if its frame's header survives too, and a committed
    transaction's frame at or after it still says so (a reader cannot tell a lost
    commit from one that never happened).
    """
    before = {s: Path(str(intact) + s).read_bytes() for s in ("", "-wal")
              if Path(str(intact) + s).exists()}
    after = {s: Path(str(damaged) + s).read_bytes() for s in ("", "-wal")
             if Path(str(damaged) + s).exists()}
    raw = read_raw(before.get("", b""), before.get("-wal", b""))
    size = raw.page_size
    step = FRAME_HEADER + size

    def same(source: str, start: int, end: int) -> bool:
        return end <= len(after.get(source, b"")) and \
            before[source][start:end] == after[source][start:end]

    wal = before.get("-wal", b"")
    frames = (len(wal) - WAL_HEADER) // step if wal else 0
    committed_from = [False] * (frames + 1)  # a surviving commit at or after frame i
    for i in range(frames - 1, -1, -1):
        head = WAL_HEADER + i * step
        commit = int.from_bytes(wal[head + 4:head + 8], "big") != 0
        committed_from[i] = committed_from[i + 1] or (commit and same("-wal", head, head + 24))
    out = set()
    for (table, rowid), copies in raw.copies.items():
        if table != "events":
            continue
        for copy in copies:
            if copy.source == "main" and same("", copy.start, copy.end):
                out.add(rowid)
            elif copy.source == "wal":
                frame = (copy.start - WAL_HEADER) // step
                head = WAL_HEADER + frame * step
                if same("-wal", copy.start, copy.end) and same("-wal", head, head + 24) \
                        and committed_from[frame]:
                    out.add(rowid)
    return out


@dataclass(frozen=True)
class Outcome:
    kind: str
    before: int
    salvaged: int
    readable: int
    expected: int | None  # what the report said the journal held (None: no report)
    resumed_calls: int | None  # None: the unfinished hand did not resume
    live_calls: int
    wrong: int  # salvaged events that differ from what was written (must be 0)
    key: str | None
    message: str
    aside: bool  # the damaged files were kept aside
    notice: tuple[str, dict[str, object]] | None

    def resumed(self) -> str:
        if self.resumed_calls is None:
            return f"no (it had {self.live_calls} calls)"
        return f"yes, {self.resumed_calls} of {self.live_calls} calls"


def run_kind(kind: Kind, snapshots: dict[str, Snapshot], work: Path, seed: int = SEED
             ) -> Outcome:
    """Damage a copy of the snapshot, open it as the kiosk does, and measure."""
    snap = snapshots[kind.snapshot]
    target = work / kind.name.replace(" ", "_").replace("/", "_")
    shutil.copytree(snap.directory, target)
    path = target / DB_NAME
    kind.damage(path, random.Random(seed))
    damaged = work / (target.name + "-damaged")
    shutil.copytree(target, damaged)  # as damaged, before the kiosk touched it
    can_read = readable(snap.path, damaged / DB_NAME)

    store = Store(path)
    journal = Journal(store)
    resumed = journal.unfinished()
    rows = {i: (h, k, d) for i, h, k, d in
            store._db.execute("SELECT id, hand, kind, data FROM events ORDER BY id")
            if i in snap.events}
    store.close()
    wrong = sum(1 for i, row in rows.items() if row != snap.events[i])
    key, message = None, ""
    if journal.notice is not None:
        key = journal.notice[0]
        message = Translator("en")(key, **journal.notice[1])
    report = store.salvage
    expected = report.events.expected if report is not None else None
    aside = any(".corrupt-" in p.name for p in target.iterdir())
    calls = None if resumed is None else len(resumed.hand.called)
    if resumed is not None:
        assert resumed.hand.called == snap.live_calls[:calls], "a resumed hand must be exact"
    return Outcome(kind.name, len(snap.events), len(rows), len(can_read), expected, calls,
                   len(snap.live_calls), wrong, key, message, aside, journal.notice)


def run_all(work: Path, seed: int = SEED) -> list[Outcome]:
    wal, checkpointed = build(work / "intact", seed)
    snapshots = {"wal": wal, "checkpointed": checkpointed}
    return [run_kind(kind, snapshots, work, seed) for kind in KINDS]


def table(outcomes: list[Outcome]) -> str:
    lines = ["| kind | events before | salvaged | readable | live hand resumed | message |",
             "| --- | ---: | ---: | ---: | --- | --- |"]
    for o in outcomes:
        message = f"`{o.key}`: {o.message}" if o.key else "(none: nothing was lost)"
        lines.append(f"| {o.kind} | {o.before} | {o.salvaged} | {o.readable} | "
                     f"{o.resumed()} | {message} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args()
    logging.basicConfig(level=logging.CRITICAL)
    with tempfile.TemporaryDirectory() as tmp:
        print(table(run_all(Path(tmp), args.seed)))


if __name__ == "__main__":
    main()

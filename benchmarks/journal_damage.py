"""What a damaged journal keeps: sixteen kinds of damage to a real journal, two failing
disks, and the outcome.

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
- the message the screen shows (catalogue key and English text);
- the finished hands kept: of the hands that had ended, how many are there whole and
  ended, and whether any came back as the live hand (never).

Five kinds start from a game night instead (`night`): three finished hands and a live
one in one run of the kiosk, as the checkpoints at each hand's end leave it, or with a
reader holding a snapshot all night so that no checkpoint could copy anything (the
whole night in the WAL). Two failing disks are run on real file systems (root only):
a tmpfs that fills during a hand and has room again later, and an ext4 image whose
error makes the kernel set it read-only during a hand (as a worn SD card does).

Run: ``.venv/bin/python benchmarks/journal_damage.py`` (prints Markdown tables).
The test suite (tests/kiosk/test_salvage.py, test_journal_night.py, test_journal_disk.py)
runs the same kinds and asserts them.
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import os
import random
import shutil
import sqlite3
import subprocess
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
from kiosk.games.debarna.history import read_only_journal  # noqa: E402
from kiosk.games.debarna.journal import Journal  # noqa: E402
from kiosk.i18n import Translator  # noqa: E402
from kiosk.salvage import FRAME_HEADER, WAL_HEADER, page_geometry, read_raw  # noqa: E402
from kiosk.store import DB_NAME, Store, open_store  # noqa: E402

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


def _printed(work: Path, rng: random.Random, strips: int) -> tuple[Path, Store, list[Ticket]]:
    """A new journal in `work` with `strips` strips printed: its path, store and tickets."""
    work.mkdir(parents=True)
    path = work / DB_NAME
    store = Store(path)
    made = make_strips(strips, rng)
    for number, strip in enumerate(made, start=1):
        store.issue(SERIES, number, [(t.serial, [list(r) for r in t.grid]) for t in strip])
    return path, store, [t for strip in made for t in strip]


def build(directory: Path, seed: int = SEED) -> tuple[Snapshot, Snapshot]:
    """The same journal twice: live hand in the WAL, and all of it checkpointed."""
    rng = random.Random(seed)
    work = directory / "writing"
    path, store, box = _printed(work, rng, 4)
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
    path, store, box = _printed(work, rng, 2)
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


def wal_cut(share: float) -> Callable[[Path, random.Random], None]:
    """The WAL cut short at `share` of its length, a third of the way into a frame."""
    def cut(path: Path, rng: random.Random) -> None:
        size, _ = page_geometry(path.read_bytes()[:100], _wal(path).read_bytes()[:32])
        frames = (_wal(path).stat().st_size - WAL_HEADER) // (FRAME_HEADER + size)
        os.truncate(_wal(path), _frame(path, int(frames * share)) + FRAME_HEADER + size // 3)
    cut.__name__ = f"wal_cut_{share}"
    return cut


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


NIGHT_KINDS = (
    Kind("-wal deleted after 3 finished hands", "night", wal_deleted),
    Kind("WAL cut mid-frame at a third", "night", wal_cut(1 / 3)),
    Kind("WAL cut mid-frame at a third, no checkpoint all night", "night-held", wal_cut(1 / 3)),
    Kind("WAL cut mid-frame at two thirds, no checkpoint all night", "night-held",
         wal_cut(2 / 3)),
    Kind("WAL cut mid-frame near its end, no checkpoint all night", "night-held",
         wal_cut(0.95)),
)


# -- measuring ---------------------------------------------------------------------------
def readable(intact: Path, damaged: Path) -> set[int]:
    """Events with a stored copy that survives byte for byte in the damaged files.

    A copy in the WAL counts if its frame's header survives too, and a committed
    transaction's frame at or after it survives whole (a reader cannot tell a lost
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
        # a commit frame counts only whole (a frame cut short commits nothing)
        committed_from[i] = committed_from[i + 1] or (commit and same("-wal", head, head + step))
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
    finished: int = 0  # hands that had ended
    finished_kept: int = 0  # of them, there whole and ended
    finished_live: bool = False  # one of them came back as the live hand

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
    finished = _finished(snap)
    kept = live_again = 0
    reopened = Store(path)
    try:
        ended = {h.id for h in reopened.hands() if h.finished is not None}
        for hand, count in finished.items():
            events = reopened.events(hand) if hand in ended else []
            kept += len(events) == count and events[-1]["kind"] == "hand_over"
        row = reopened.unfinished("debarna")
        if row is not None:
            started = [e for e in reopened.events(row.id) if e["kind"] == "continued_from"]
            live_again = (started[0]["hand"] if started else row.id) in finished
    finally:
        reopened.close()
    if resumed is not None and not live_again:
        assert resumed.hand.called == snap.live_calls[:calls], "a resumed hand must be exact"
    return Outcome(kind.name, len(snap.events), len(rows), len(can_read), expected, calls,
                   len(snap.live_calls), wrong, key, message, aside, journal.notice,
                   len(finished), kept, bool(live_again))


def _finished(snap: Snapshot) -> dict[int, int]:
    """The snapshot's hands that had ended, with their events."""
    ended = {h for h, k, _ in snap.events.values() if k == "hand_over"}
    return {h: sum(1 for e in snap.events.values() if e[0] == h) for h in sorted(ended)}


def run_all(work: Path, seed: int = SEED) -> list[Outcome]:
    wal, checkpointed = build(work / "intact", seed)
    snapshots = {"wal": wal, "checkpointed": checkpointed,
                 "night": night(work / "a-night", seed=seed).snapshot,
                 "night-held": night(work / "a-held-night", seed=seed,
                                     hold_checkpoints=True).snapshot}
    return [run_kind(kind, snapshots, work, seed) for kind in (*KINDS, *NIGHT_KINDS)]


def table(outcomes: list[Outcome]) -> str:
    lines = ["| kind | events before | salvaged | readable | live hand resumed | "
             "finished hands kept | message |",
             "| --- | ---: | ---: | ---: | --- | --- | --- |"]
    for o in outcomes:
        message = f"`{o.key}`: {o.message}" if o.key else "(none: nothing was lost)"
        finished = f"{o.finished_kept} of {o.finished}" + \
            ("; one came back as live" if o.finished_live else "")
        lines.append(f"| {o.kind} | {o.before} | {o.salvaged} | {o.readable} | "
                     f"{o.resumed()} | {finished} | {message} |")
    return "\n".join(lines)


# -- failing disks ---------------------------------------------------------------------------
@dataclass(frozen=True)
class DiskOutcome:
    kind: str
    calls_before: int  # on the disk when it failed
    calls_played: int  # in the hand when the disk came back (or at the end)
    calls_on_disk: int  # on the disk at the end
    in_order: bool  # the disk's calls are the hand's, in order
    kept: int  # writes kept in memory, not on the disk, at the end
    message: str


def _mount(kind: str, folder: Path) -> Callable[[], None] | None:
    """A real file system at `folder`: "tmpfs" (1 MiB) or "ext4" (an 8 MiB image on a
    loop device, errors=remount-ro); returns how to take it away (None: cannot here)."""
    folder.mkdir(parents=True)
    if kind == "tmpfs":
        made = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(folder)],
                              capture_output=True)
        return (lambda: subprocess.run(["umount", "-l", str(folder)], check=False)) \
            if made.returncode == 0 else None
    image = folder.with_suffix(".img")
    image.write_bytes(b"")
    os.truncate(image, 8 << 20)
    if subprocess.run(["mkfs.ext4", "-q", str(image)], capture_output=True).returncode:
        return None
    loop = subprocess.run(["losetup", "-f", "--show", str(image)], capture_output=True,
                          text=True)
    if loop.returncode:
        return None
    device = loop.stdout.strip()
    subprocess.run(["blockdev", "--setrw", device], check=False)
    if subprocess.run(["mount", "-o", "errors=remount-ro", device, str(folder)],
                      capture_output=True).returncode:
        subprocess.run(["losetup", "-d", device], check=False)
        return None

    def away() -> None:
        subprocess.run(["umount", "-l", str(folder)], check=False)
        subprocess.run(["losetup", "-d", device], check=False)
    away.device = device  # type: ignore[attr-defined]
    return away


def run_disk(kind: str, work: Path, seed: int = SEED) -> DiskOutcome | None:
    """A hand of 20 calls on a real disk that fails after 8 ("full": a tmpfs filled, with
    room again after 16; "read-only": ext4 set read-only by an error, as the kernel does
    for a worn card), played through the journal as the kiosk plays it."""
    folder = work / kind
    away = _mount("tmpfs" if kind == "full" else "ext4", folder)
    if away is None:
        return None
    try:
        store, _ = open_store(folder / DB_NAME)
        journal = Journal(store)
        rng = random.Random(seed)
        box = [t for strip in make_strips(1, rng) for t in strip]
        bag_seed = rng.getrandbits(63)
        journal.start(HandOptions(), box, bag_seed)
        hand, bag = Hand(HandOptions(), box), Bag(random.Random(bag_seed))
        filler = folder / "filler"
        before = 0
        for call in range(20):
            if call == 8:
                before = len(hand.called)
                if kind == "full":
                    with filler.open("wb") as out, contextlib.suppress(OSError):
                        while True:
                            out.write(b"\0" * 65536)
                            out.flush()
                else:
                    device = Path(away.device).name  # type: ignore[attr-defined]
                    Path(f"/sys/fs/ext4/{device}/trigger_fs_error").write_text("test\n")
            if call == 16 and kind == "full":
                filler.unlink()
            number = bag.draw()
            hand.call(number)
            journal.record("number_called", number=number)
        left = journal.save_unsaved(force=True)
        message = Translator("en")(journal.notice[0], **journal.notice[1]) \
            if journal.notice else ""
        with read_only_journal(folder / DB_NAME) as disk:
            row = disk.hands("debarna")[-1]
            calls = [e["number"] for e in disk.events(row.id) if e["kind"] == "number_called"]
        return DiskOutcome(f"disk {'full' if kind == 'full' else 'read-only'} during a hand",
                           before, len(hand.called), len(calls),
                           calls == list(hand.called[:len(calls)]), left, message)
    finally:
        away()


def disk_table(outcomes: list[DiskOutcome]) -> str:
    lines = ["| disk | calls on the disk when it failed | calls played | calls on the disk "
             "at the end | in order | writes still kept in memory | the TV's last message |",
             "| --- | ---: | ---: | ---: | --- | ---: | --- |"]
    for o in outcomes:
        lines.append(f"| {o.kind} | {o.calls_before} | {o.calls_played} | {o.calls_on_disk} "
                     f"| {'yes' if o.in_order else 'NO'} | {o.kept} | {o.message} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args()
    logging.basicConfig(level=logging.CRITICAL)
    with tempfile.TemporaryDirectory() as tmp:
        print(table(run_all(Path(tmp), args.seed)))
        disks = [o for o in (run_disk(kind, Path(tmp) / "disks", args.seed)
                             for kind in ("full", "read-only")) if o is not None]
        print()
        print(disk_table(disks) if disks else "(failing disks: not run, they need root)")


if __name__ == "__main__":
    main()

"""Salvage of a damaged journal: every row still readable, the high-water mark, and the report.

A worn SD card damages a file in ways SQLite either refuses outright ("malformed",
"not a database") or, worse, does not notice: it ignores a WAL whose header or a
frame is damaged, and it deletes a WAL beside a 0-byte main file. So the salvage
does not go through SQLite. It reads the file format itself (fileformat2): every
page of the main file and every committed frame of the WAL — also the frames after
a damaged one — and takes each table row from every stored copy whose cell still
decodes and validates, the newest copy winning. A page whose header or cell
pointers are damaged is carved cell by cell.

What "expected" means comes from the mark, a small JSON file beside the journal
(`journal.mark`) rewritten atomically after each committed write: how many hands,
events and tickets the journal held, and the unfinished hands with their event
counts, and the latest hands with theirs and whether each had ended. A journal that
opens fine but holds fewer rows than its mark has lost them; the report says how many,
hand by hand. A hand the mark says had ended stays ended even when its end was lost
(a WAL cut short): it is closed as damaged, never resumed as if it were being played.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import re
import sqlite3
import struct
import tempfile
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

MAGIC = b"SQLite format 3\x00"
WAL_MAGICS = (0x377F0682, 0x377F0683)
WAL_HEADER = 32
FRAME_HEADER = 24
TABLE_LEAF = 13
PAGE_TYPES = (2, 5, 10, 13)
PAGE_SIZES = (4096, 1024, 2048, 8192, 16384, 32768, 65536, 512)
TABLES = ("hands", "events", "tickets")
ENDINGS = ("hand_over", "hand_abandoned", "hand_damaged")
RECENT = 32  # the mark keeps the latest this many hands one by one
_NAME = re.compile(r"[a-z][a-z0-9_]{0,39}\Z")


def sqlite_problem(text: str) -> str:
    """SQLite's check report in one line: its first problem, and how many more."""
    lines = [line for line in text.splitlines() if line.strip() and not line.startswith("***")]
    if len(lines) <= 1:
        return lines[0] if lines else text.strip()
    return f"{lines[0]}, and {len(lines) - 1} more problems"


# -- the mark ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Mark:
    """How much the journal held after its last committed write."""

    hands: int = 0
    events: int = 0
    tickets: int = 0
    last_hand: int = 0
    last_event: int = 0
    open: Mapping[int, int] = field(default_factory=dict)  # unfinished hand -> its events
    # the latest hands (`RECENT`): hand -> (its events, whether it had ended)
    recent: Mapping[int, tuple[int, bool]] = field(default_factory=dict)

    @property
    def total(self) -> int:
        return self.hands + self.events + self.tickets

    def count(self, table: str) -> int:
        return int(getattr(self, table))

    def to_json(self) -> dict[str, Any]:
        return {"version": 1, "hands": self.hands, "events": self.events,
                "tickets": self.tickets, "last_hand": self.last_hand,
                "last_event": self.last_event,
                "open": {str(k): v for k, v in sorted(self.open.items())},
                "recent": {str(k): [n, ended] for k, (n, ended) in sorted(self.recent.items())}}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Mark:
        return cls(int(data["hands"]), int(data["events"]), int(data["tickets"]),
                   int(data.get("last_hand", 0)), int(data.get("last_event", 0)),
                   {int(k): int(v) for k, v in dict(data.get("open", {})).items()},
                   {int(k): (int(v[0]), bool(v[1]))
                    for k, v in dict(data.get("recent", {})).items()})


def mark_path(journal: Path) -> Path:
    """`journal.sqlite3` keeps its mark in `journal.mark`, beside it."""
    return journal.with_suffix(".mark")


def read_mark(journal: Path) -> Mark | None:
    """The journal's mark, or None if there is none (or it cannot be read: said in the log)."""
    path = mark_path(journal)
    try:
        return Mark.from_json(json.loads(path.read_text(encoding="ascii")))
    except FileNotFoundError:
        return None
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        log.warning("the journal's mark %s cannot be read (%s); it will be rewritten", path, exc)
        return None


def mark_of(db: sqlite3.Connection) -> Mark:
    """The mark of what `db` holds now."""
    tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    if not set(TABLES) <= tables:
        return Mark()
    hands, events, tickets, last_hand, last_event = db.execute(
        "SELECT (SELECT count(*) FROM hands), (SELECT count(*) FROM events), "
        "(SELECT count(*) FROM tickets), (SELECT max(id) FROM hands), "
        "(SELECT max(id) FROM events)").fetchone()
    open_ = {int(h): int(n) for h, n in db.execute(
        "SELECT h.id, (SELECT count(*) FROM events e WHERE e.hand = h.id) "
        "FROM hands h WHERE h.finished IS NULL")}
    recent = {int(h): (int(n), bool(ended)) for h, n, ended in db.execute(
        "SELECT h.id, (SELECT count(*) FROM events e WHERE e.hand = h.id), "
        "h.finished IS NOT NULL FROM hands h WHERE h.id > ?", ((last_hand or 0) - RECENT,))}
    return Mark(hands, events, tickets, last_hand or 0, last_event or 0, open_, recent)


def write_mark(journal: Path, mark: Mark, reset: bool = False) -> None:
    """Replace the mark atomically (temp file, fsync, rename), mode 0600.

    Rows only ever grow between salvages, so unless `reset`, a mark holding fewer
    rows than the one on the disk (a writer that raced another) is not written.
    """
    path = mark_path(journal)
    if not reset:
        old = read_mark(journal)
        if old is not None and old.total > mark.total:
            return
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="ascii") as handle:
            json.dump(mark.to_json(), handle)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise


# -- reading the file format ------------------------------------------------------------
def _varint(buf: bytes, pos: int) -> tuple[int, int]:
    value = 0
    for i in range(8):
        byte = buf[pos + i]
        value = (value << 7) | (byte & 0x7F)
        if byte < 0x80:
            return value, pos + i + 1
    return (value << 8) | buf[pos + 8], pos + 9


_INT_SIZES = {1: 1, 2: 2, 3: 3, 4: 4, 5: 6, 6: 8}


def _record(payload: bytes) -> tuple[Any, ...] | None:
    """A record's values, or None if it does not decode exactly."""
    try:
        size, pos = _varint(payload, 0)
        if size < 2 or size > len(payload):
            return None
        types = []
        while pos < size:
            kind, pos = _varint(payload, pos)
            types.append(kind)
        if pos != size:
            return None
        values: list[Any] = []
        for kind in types:
            if kind == 0:
                values.append(None)
            elif kind in _INT_SIZES:
                width = _INT_SIZES[kind]
                values.append(int.from_bytes(payload[pos:pos + width], "big", signed=True))
                pos += width
            elif kind == 7:
                values.append(struct.unpack(">d", payload[pos:pos + 8])[0])
                pos += 8
            elif kind in (8, 9):
                values.append(kind - 8)
            elif kind >= 12:
                width = (kind - 12) // 2
                data = payload[pos:pos + width]
                values.append(data.decode("utf-8") if kind % 2 else bytes(data))
                pos += width
            else:
                return None
            if pos > len(payload):
                return None
        return tuple(values) if pos == len(payload) else None
    except (IndexError, UnicodeDecodeError, struct.error):
        return None


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _json(text: Any, kind: type) -> bool:
    if not isinstance(text, str):
        return False
    try:
        return isinstance(json.loads(text), kind)
    except ValueError:
        return False


def classify(values: tuple[Any, ...]) -> tuple[str, tuple[Any, ...]] | None:
    """Which journal table a decoded row belongs to, with its columns (the id apart)."""
    if len(values) == 4 and values[0] is None and isinstance(values[1], str) \
            and _NAME.match(values[1]) and _number(values[2]) \
            and (values[3] is None or _number(values[3])):
        finished = None if values[3] is None else float(values[3])
        return "hands", (values[1], float(values[2]), finished)
    if len(values) == 5 and values[0] is None and isinstance(values[1], int) and values[1] > 0 \
            and _number(values[2]) and isinstance(values[3], str) and _NAME.match(values[3]) \
            and _json(values[4], dict):
        return "events", (values[1], float(values[2]), values[3], values[4])
    if len(values) == 5 and isinstance(values[0], str) and isinstance(values[1], str) \
            and isinstance(values[2], int) and _json(values[3], list) and _number(values[4]):
        return "tickets", (values[0], values[1], values[2], values[3], float(values[4]))
    return None


@dataclass(frozen=True)
class Copy:
    """One stored copy of a row: where it is (file, byte span of its cell) and how new."""

    rank: int
    values: tuple[Any, ...]
    source: str  # "main" or "wal"
    start: int
    end: int


@dataclass
class RawJournal:
    """Every copy of every journal row found in the damaged files."""

    page_size: int = 0
    copies: dict[tuple[str, int], list[Copy]] = field(default_factory=dict)
    frames_used: int = 0
    frames_skipped: int = 0

    def rows(self, table: str) -> dict[int, tuple[Any, ...]]:
        """Each row's newest copy (the most common one among equally new copies)."""
        out = {}
        for (name, rowid), copies in self.copies.items():
            if name != table:
                continue
            newest = max(c.rank for c in copies)
            best = Counter(c.values for c in copies if c.rank == newest).most_common(1)[0][0]
            if table == "hands" and best[2] is None:  # a hand, once finished, stays finished
                ends = [c.values[2] for c in copies if c.values[2] is not None]
                if ends:
                    best = (best[0], best[1], max(ends))
            out[rowid] = best
        return dict(sorted(out.items()))


def _u16(buf: bytes, pos: int) -> int:
    return int.from_bytes(buf[pos:pos + 2], "big")


def _u32(buf: bytes, pos: int) -> int:
    return int.from_bytes(buf[pos:pos + 4], "big")


def _header_page_size(main: bytes) -> tuple[int, int] | None:
    """Page size and reserved bytes from an intact database header."""
    if len(main) < 100 or not main.startswith(MAGIC):
        return None
    size = _u16(main, 16)
    size = 65536 if size == 1 else size
    return (size, main[20]) if size in PAGE_SIZES else None


def _wal_header(wal: bytes) -> tuple[int, bytes] | None:
    """Page size and salts of an intact WAL header (its checksum verified)."""
    if len(wal) < WAL_HEADER or _u32(wal, 0) not in WAL_MAGICS:
        return None
    big = _u32(wal, 0) & 1
    s0 = s1 = 0
    fmt = ">2I" if big else "<2I"
    for pos in range(0, 24, 8):
        a, b = struct.unpack_from(fmt, wal, pos)
        s0 = (s0 + a + s1) & 0xFFFFFFFF
        s1 = (s1 + b + s0) & 0xFFFFFFFF
    if (s0, s1) != (_u32(wal, 24), _u32(wal, 28)):
        return None
    size = _u32(wal, 8)
    return (size, wal[16:24]) if size in PAGE_SIZES else None


def _plausible_page(page: bytes, size: int) -> bool:
    kind = page[0]
    if kind not in PAGE_TYPES:
        return False
    cells = _u16(page, 3)
    content = _u16(page, 5) or 65536
    head = 8 if kind in (10, 13) else 12
    return cells > 0 and head + 2 * cells <= content <= size


def _guess_page_size(main: bytes, wal: bytes) -> int:
    """The page size that makes the most pages look like b-tree pages."""
    def score(size: int) -> int:
        pages = sum(_plausible_page(main[i:i + size], size)
                    for i in range(size, len(main) - size + 1, size))
        step = FRAME_HEADER + size
        frames = sum(_plausible_page(wal[i + FRAME_HEADER:i + step], size)
                     for i in range(WAL_HEADER, len(wal) - step + 1, step))
        return pages + frames

    best = max(PAGE_SIZES, key=score)
    return best if score(best) else 4096


def page_geometry(main: bytes, wal: bytes) -> tuple[int, int]:
    """(page size, usable bytes of a page), read from the headers or guessed."""
    header = _header_page_size(main)
    if header is not None:
        return header[0], header[0] - header[1]
    wal_head = _wal_header(wal)
    if wal_head is not None:
        return wal_head[0], wal_head[0]
    size = _guess_page_size(main, wal)
    return size, size


@dataclass(frozen=True)
class Frame:
    index: int
    page_no: int
    commit: int
    salt: bytes
    offset: int  # of the page image in the WAL file


def wal_frames(wal: bytes, size: int) -> tuple[list[Frame], list[Frame], bytes]:
    """(frames of committed transactions, frames skipped, the current salt), oldest first.

    The WAL's own generation is named by the salt of its header, or, if the header is
    damaged, by the salt most frames carry. Its frames count up to its last commit
    frame — also past a damaged frame, which SQLite would stop at. Frames of earlier
    generations are kept as older copies (up to their own last commit).
    """
    step = FRAME_HEADER + size
    frames = [
        Frame(i, _u32(wal, pos), _u32(wal, pos + 4), wal[pos + 8:pos + 16],
              pos + FRAME_HEADER)
        for i, pos in enumerate(range(WAL_HEADER, len(wal) - step + 1, step))
    ]
    frames = [f for f in frames if 0 < f.page_no < 1 << 31]
    header = _wal_header(wal)
    salts = Counter(f.salt for f in frames)
    if not salts:
        return [], [], b""
    current = header[1] if header is not None else salts.most_common(1)[0][0]
    used: list[Frame] = []
    skipped: list[Frame] = []
    for salt in salts:
        group = [f for f in frames if f.salt == salt]
        commits = [f.index for f in group if f.commit]
        last = commits[-1] if commits else -1
        for frame in group:
            (used if frame.index <= last else skipped).append(frame)
        if salt != current:
            log.info("the WAL holds %d frames of an earlier generation", len(group))
    used.sort(key=lambda f: f.index)
    return used, skipped, current


def _cell(page: bytes, pos: int, usable: int, page_of: Callable[[int], bytes | None]
          ) -> tuple[int, tuple[Any, ...], int] | None:
    """(rowid, values, end) of a table-leaf cell at `pos`, or None."""
    try:
        length, at = _varint(page, pos)
        rowid, at = _varint(page, at)
    except IndexError:
        return None
    if rowid <= 0 or length < 2 or length > 1 << 24:
        return None
    most = usable - 35
    if length <= most:
        end = at + length
        if end > usable:
            return None
        payload = page[at:end]
    else:
        least = ((usable - 12) * 32 // 255) - 23
        local = least + (length - least) % (usable - 4)
        local = local if local <= most else least
        end = at + local + 4
        if end > usable:
            return None
        parts = [page[at:at + local]]
        next_page, seen = _u32(page, at + local), 0
        while sum(map(len, parts)) < length:
            overflow = page_of(next_page) if next_page else None
            seen += 1
            if overflow is None or seen > length // (usable - 4) + 2:
                return None
            parts.append(overflow[4:usable])
            next_page = _u32(overflow, 0)
        payload = b"".join(parts)[:length]
    values = _record(payload)
    return None if values is None else (rowid, values, end)


def leaf_cells(page: bytes, usable: int, page_of: Callable[[int], bytes | None]
               ) -> Iterator[tuple[int, tuple[Any, ...], int, int]]:
    """(rowid, values, start, end) of each cell of a table leaf, carving if need be."""
    found: dict[int, tuple[int, tuple[Any, ...], int]] = {}
    intact = page[0] == TABLE_LEAF
    if intact:
        cells = _u16(page, 3)
        for i in range(cells):
            pointer = _u16(page, 8 + 2 * i)
            if not 8 + 2 * cells <= pointer < usable:
                intact = False
                continue
            cell = _cell(page, pointer, usable, page_of)
            if cell is None:
                intact = False
            elif classify(cell[1]) is not None:
                found[pointer] = cell
    elif page[0] in PAGE_TYPES or not any(page[:usable]):
        return  # another kind of page, or an empty one
    if not intact:
        pos = 8
        while pos < usable - 4:
            cell = found.get(pos) or _cell(page, pos, usable, page_of)
            if cell is not None and classify(cell[1]) is not None:
                found[pos] = cell
                pos = cell[2]
            else:
                pos += 1
    for start, (rowid, values, end) in sorted(found.items()):
        yield rowid, values, start, end


def read_raw(main: bytes, wal: bytes) -> RawJournal:
    """Every copy of every hands, events and tickets row in a main file and its WAL."""
    size, usable = page_geometry(main, wal)
    raw = RawJournal(page_size=size)
    used, skipped, current = wal_frames(wal, size) if wal else ([], [], b"")
    raw.frames_used, raw.frames_skipped = len(used), len(skipped)
    if main and len(main) % size:
        main = main + bytes(size - len(main) % size)  # a torn last page reads as zeros
    image: dict[int, bytes] = {i // size + 1: main[i:i + size] for i in range(0, len(main), size)}
    for frame in used:
        if frame.salt == current:
            image[frame.page_no] = wal[frame.offset:frame.offset + size]

    def sources() -> Iterator[tuple[int, str, int, int, bytes]]:
        for start in range(size, len(main), size):  # page 1 holds only the schema
            yield 0, "main", start // size + 1, start, main[start:start + size]
        for frame in used:
            rank = frame.index + 1 if frame.salt == current else -1
            if frame.page_no != 1:
                yield rank, "wal", frame.page_no, frame.offset, \
                    wal[frame.offset:frame.offset + size]

    for rank, source, _page_no, offset, page in sources():
        for rowid, values, start, end in leaf_cells(page, usable, image.get):
            known = classify(values)
            if known is None:
                continue
            table, columns = known
            raw.copies.setdefault((table, rowid), []).append(
                Copy(rank, columns, source, offset + start, offset + end))
    return raw


# -- rebuilding and reporting -----------------------------------------------------------
@dataclass(frozen=True)
class Count:
    salvaged: int
    expected: int
    estimated: bool  # True when `expected` comes from the ids, not from a mark

    @property
    def lost(self) -> int:
        return max(0, self.expected - self.salvaged)


@dataclass(frozen=True)
class LiveHand:
    """An unfinished hand: what of it was salvaged, and how much of that is whole."""

    hand: int
    salvaged: int
    expected: int | None  # from the mark
    whole: int  # leading events before the first event id known to be missing

    @property
    def lost(self) -> int | None:
        return None if self.expected is None else max(0, self.expected - self.salvaged)


@dataclass(frozen=True)
class HandKept:
    """One hand after a salvage: its events kept against those the mark counted."""

    hand: int
    kept: int
    expected: int | None  # None: the mark did not count this hand
    ended: bool  # it had ended (by the mark, or by its own record)
    cut: bool = False  # it had ended, but its end was lost: closed as damaged

    def sentence(self) -> str:
        of = "" if self.expected is None else f" of {self.expected}"
        if not self.kept:
            state = "lost"
        elif self.cut:
            state = "its end lost, closed as damaged"
        else:
            state = "ended" if self.ended else "unfinished"
        return f"hand {self.hand}: {self.kept}{of} events, {state}"


@dataclass(frozen=True)
class SalvageReport:
    """What a salvage kept, against what the journal held."""

    reason: str
    aside: Path | None
    counts: Mapping[str, Count]
    live: tuple[LiveHand, ...] = ()
    lost_live: tuple[int, ...] = ()  # unfinished hands of which nothing was read
    rebuilt_hands: tuple[int, ...] = ()  # hands whose row was rebuilt from their events
    cut: tuple[int, ...] = ()  # hands that had ended whose end was lost (closed, not live)
    by_hand: tuple[HandKept, ...] = ()  # the latest hands, one by one

    @property
    def events(self) -> Count:
        return self.counts["events"]

    @property
    def complete(self) -> bool:
        return all(c.lost == 0 and not c.estimated for c in self.counts.values()) \
            and not self.lost_live

    def whole_events(self, hand: int) -> int | None:
        """How many leading events of unfinished `hand` are known to be complete."""
        for live in self.live:
            if live.hand == hand:
                return live.whole
        return None

    def notice(self) -> tuple[str, dict[str, object]]:
        """The screen's message: a catalogue key and its values."""
        events, tickets = self.events, self.counts["tickets"]
        values: dict[str, object] = {"salvaged": events.salvaged, "expected": events.expected,
                                     "tickets": tickets.salvaged,
                                     "tickets_expected": tickets.expected}
        if self.cut:
            cut = {**values, "hands": self.cut}
            if self.lost_live:
                return "journal.ended_cut_live_lost", {**cut, "hand": self.lost_live[-1]}
            return "journal.ended_cut", cut
        if self.lost_live:
            return "journal.live_lost", {**values, "hand": self.lost_live[-1]}
        if events.estimated and events.lost == 0:
            return "journal.salvaged_unknown", values
        if self.complete:
            return "journal.repaired", values
        return "journal.salvaged", values

    def sentence(self) -> str:
        """The whole story, for the log."""
        parts = []
        for table in TABLES:
            count = self.counts[table]
            of = "at least " if count.estimated else ""
            parts.append(f"{count.salvaged} of {of}{count.expected} {table}")
        text = f"the game journal was damaged ({self.reason}); salvaged {', '.join(parts)}"
        for live in self.live:
            lost = "" if live.lost is None else f", {live.lost} lost"
            text += (f"; unfinished hand {live.hand}: {live.salvaged} events read{lost}, "
                     f"{live.whole} whole from its start")
        if self.lost_live:
            text += "; nothing was read of unfinished hand " + \
                ", ".join(str(h) for h in self.lost_live)
        if self.rebuilt_hands:
            text += f"; {len(self.rebuilt_hands)} hands rebuilt from their events"
        if self.by_hand:
            text += "; " + "; ".join(kept.sentence() for kept in self.by_hand)
        if self.aside is not None:
            text += f"; the damaged files were moved aside to {self.aside.name}"
        return text


def _game_of(events: list[tuple[int, tuple[Any, ...]]]) -> str:
    """The game a salvaged hand's events are of. A table game's first event names it (the
    registry's key); the journals of older kiosks did not, so their first events are
    recognised by kind: Bidel's `game_started` and Takhteh Nard's `match_started`. This
    is the one place outside a game's own files that names games, and it must, to read
    old journals."""
    kinds = {e[2] for _, e in events}
    if kinds & {"number_called", "ticket_issued", "stage_won"}:
        return "debarna"
    for _, event in events:
        data = json.loads(event[3])
        if isinstance(data, dict) and isinstance(data.get("game"), str):
            return data["game"]  # a table game's first event names it (the registry's key)
        first = data.get("record", {}) if isinstance(data, dict) else {}
        if isinstance(first, dict) and first.get("kind") == "game_started":
            return "hearts"
        if isinstance(first, dict) and first.get("kind") == "match_started":
            return "backgammon"
        if "options" in data:
            return "debarna"
    return "unknown"


def rebuild(db: sqlite3.Connection, raw: RawJournal, mark: Mark | None, reason: str,
            aside: Path | None) -> SalvageReport:
    """Write every salvaged row into `db` (a fresh journal, ids kept) and report."""
    hands = raw.rows("hands")
    events = raw.rows("events")
    tickets = raw.rows("tickets")
    by_hand: dict[int, list[tuple[int, tuple[Any, ...]]]] = {}
    for event_id, event in events.items():
        by_hand.setdefault(event[0], []).append((event_id, event))
    rebuilt = []
    for hand_id, rows in by_hand.items():
        ending = next((e[1] for _, e in rows if e[2] in ENDINGS), None)
        if hand_id not in hands:
            hands[hand_id] = (_game_of(rows), rows[0][1][1], ending)
            rebuilt.append(hand_id)
        elif hands[hand_id][2] is None and ending is not None:
            hands[hand_id] = (hands[hand_id][0], hands[hand_id][1], ending)
    # A hand the mark says had ended but whose end was not read (a WAL cut short) is
    # closed as damaged at its last event read: it is never resumed as the live hand.
    recent = mark.recent if mark is not None else {}
    cut = sorted(h for h, (_, ended) in recent.items()
                 if ended and h in hands and hands[h][2] is None)
    for hand_id in cut:
        rows = by_hand.get(hand_id, [])
        hands[hand_id] = (hands[hand_id][0], hands[hand_id][1],
                          rows[-1][1][1] if rows else hands[hand_id][1])
    hands = dict(sorted(hands.items()))
    db.execute("BEGIN IMMEDIATE")
    db.executemany("INSERT INTO hands (id, game, started, finished) VALUES (?, ?, ?, ?)",
                   [(k, *v) for k, v in hands.items()])
    db.executemany("INSERT INTO events (id, hand, at, kind, data) VALUES (?, ?, ?, ?, ?)",
                   [(k, *v) for k, v in events.items()])
    db.executemany("INSERT OR IGNORE INTO tickets (rowid, serial, series, strip, grid, issued) "
                   "VALUES (?, ?, ?, ?, ?, ?)", [(k, *v) for k, v in tickets.items()])
    if mark is not None:  # ids of lost rows are never handed out again
        for table, last in (("hands", mark.last_hand), ("events", mark.last_event)):
            db.execute("DELETE FROM sqlite_sequence WHERE name = ?", (table,))
            db.execute("INSERT INTO sqlite_sequence (name, seq) VALUES "
                       f"(?, max(?, (SELECT coalesce(max(id), 0) FROM {table})))",
                       (table, last))
    db.executemany("INSERT INTO events (hand, at, kind, data) VALUES (?, ?, ?, ?)",
                   [(h, hands[h][2], "hand_damaged", json.dumps({"end_lost": True}))
                    for h in cut])
    db.execute("COMMIT")
    salvaged = {"hands": len(hands), "events": len(events),
                "tickets": db.execute("SELECT count(*) FROM tickets").fetchone()[0]}
    highest = {"hands": max(hands, default=0), "events": max(events, default=0),
               "tickets": max(tickets, default=0)}
    counts = {
        table: Count(salvaged[table], mark.count(table), False) if mark is not None
        else Count(salvaged[table], max(highest[table], salvaged[table]), True)
        for table in TABLES
    }
    missing_after = _first_missing(events, mark)
    live = []
    for hand_id, row in hands.items():
        if row[2] is not None:
            continue
        rows = by_hand.get(hand_id, [])
        whole = sum(1 for event_id, _ in rows if event_id < missing_after(rows))
        expected = None if mark is None else mark.open.get(hand_id)
        live.append(LiveHand(hand_id, len(rows), expected, whole))
    lost_live = tuple(h for h in (mark.open if mark else {}) if h not in by_hand)
    kept = tuple(
        HandKept(h, len(by_hand.get(h, [])), recent[h][0] if h in recent else None,
                 recent[h][1] if h in recent else hands.get(h, (None, None, None))[2] is not None,
                 h in cut)
        for h in sorted(set(recent) | {h for h in hands if h > max(hands, default=0) - RECENT}))
    return SalvageReport(reason, aside, counts, tuple(live), lost_live, tuple(rebuilt),
                         tuple(cut), kept)


def _first_missing(events: Mapping[int, Any], mark: Mark | None
                   ) -> Callable[[list[tuple[int, Any]]], int]:
    """For a hand's events: the first event id after its start that was not salvaged.

    Event ids count up one by one across all hands, so an id missing between a
    hand's first event and the last id ever written may have been one of its events:
    what follows it is not known to be whole.
    """
    last = max(mark.last_event if mark else 0, max(events, default=0))

    def first(rows: list[tuple[int, Any]]) -> int:
        if not rows:
            return 0
        for event_id in range(rows[0][0], last + 1):
            if event_id not in events:
                return event_id
        return last + 1

    return first

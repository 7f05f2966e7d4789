"""A damaged journal loses only what is damaged, and says so: real files, real damage.

The journal is built with the kiosk's own `Journal` and `Store` and real Dabernā
hands (benchmarks/journal_damage.py builds it and names the kinds of damage), then
damaged on the disk and opened as the kiosk opens it.
"""

from __future__ import annotations

import json
import random
import shutil
import sqlite3
from pathlib import Path

import pytest

from benchmarks.journal_damage import KINDS, Kind, Snapshot, build, readable, run_kind
from engines.debarna.hand import Hand
from engines.debarna.options import HandOptions
from engines.debarna.strips import make_strips
from kiosk.games.debarna.journal import Journal
from kiosk.i18n import Translator, catalogue
from kiosk.salvage import mark_path, read_mark, read_raw
from kiosk.store import DB_NAME, Store

LOSS_KEYS = {"journal.salvaged", "journal.live_lost", "journal.resumed_partly"}


@pytest.fixture(scope="module")
def snapshots(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Snapshot]:
    wal, checkpointed = build(tmp_path_factory.mktemp("journal"))
    return {"wal": wal, "checkpointed": checkpointed}


def _sql(path: Path, statement: str, *args: object) -> None:
    """Change the file behind the kiosk's back, and close it (a checkpoint)."""
    db = sqlite3.connect(path)
    db.execute(statement, args)
    db.commit()
    db.close()


def _rows(path: Path, table: str) -> dict[int, tuple[object, ...]]:
    columns = {"hands": "id, game, started, finished", "events": "id, hand, at, kind, data",
               "tickets": "rowid, serial, series, strip, grid, issued"}[table]
    with sqlite3.connect(path) as db:
        return {row[0]: tuple(row[1:]) for row in db.execute(f"SELECT {columns} FROM {table}")}


def test_the_file_reader_finds_every_row_sqlite_finds(snapshots: dict[str, Snapshot],
                                                      tmp_path: Path) -> None:
    for snap in snapshots.values():
        copy = tmp_path / snap.directory.name
        shutil.copytree(snap.directory, copy)
        wal = Path(str(copy / DB_NAME) + "-wal")
        raw = read_raw((copy / DB_NAME).read_bytes(), wal.read_bytes() if wal.exists() else b"")
        for table in ("hands", "events", "tickets"):
            assert raw.rows(table) == _rows(copy / DB_NAME, table), (snap.directory.name, table)


def test_the_journal_keeps_a_mark_of_what_it_holds(tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    store = Store(path)
    hand = store.start_hand("debarna", {})
    store.append_many(hand, [("number_called", {"number": 5}), ("number_called", {"number": 9})])
    store.issue("S", 1, [("001-1", [[1]])])
    mark = read_mark(path)
    assert mark is not None
    assert (mark.hands, mark.events, mark.tickets, mark.last_event) == (1, 3, 1, 3)
    assert mark.open == {hand: 3}
    assert mark_path(path) == tmp_path / "journal.mark"
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []
    store.finish_hand(hand, "hand_over")
    assert read_mark(path).open == {}  # type: ignore[union-attr]


@pytest.mark.parametrize("kind", KINDS, ids=[k.name for k in KINDS])
def test_each_kind_of_damage_loses_only_what_is_damaged_and_says_so(
    kind: Kind, snapshots: dict[str, Snapshot], tmp_path: Path
) -> None:
    outcome = run_kind(kind, snapshots, tmp_path)
    snap = snapshots[kind.snapshot]
    # Every event with a surviving copy is salvaged, and none comes back altered.
    assert outcome.wrong == 0
    assert outcome.salvaged == outcome.readable
    # What the journal held is known from its mark, and the screen gives the counts.
    assert outcome.expected == outcome.before == len(snap.events)
    assert outcome.key is not None and outcome.key in catalogue("en")
    if outcome.salvaged < outcome.before:
        assert outcome.key in LOSS_KEYS
        assert f"{outcome.salvaged} of {outcome.before} events" in outcome.message
    # The live hand resumes with every call of its whole, readable prefix, exactly.
    live = sorted(i for i, (hand, _, _) in snap.events.items() if hand == snap.live_hand)
    readable = _readable_ids(kind, snapshots, tmp_path)
    whole = []
    for event_id in live:
        if event_id not in readable:
            break
        whole.append(event_id)
    calls = sum(1 for i in whole if snap.events[i][1] == "number_called")
    if whole:
        assert outcome.resumed_calls == calls
    else:
        assert outcome.resumed_calls is None
        assert outcome.key == "journal.live_lost"
        assert f"hand {snap.live_hand}," in outcome.message
    # The damaged files are kept, and the new journal opens clean the next time.
    target = tmp_path / kind.name.replace(" ", "_").replace("/", "_")
    assert outcome.aside == (kind.name != "journal deleted (its mark is left)")
    again = Store(target / DB_NAME)
    assert again.salvage is None and again.moved_aside is None
    again.close()


def _readable_ids(kind: Kind, snapshots: dict[str, Snapshot], tmp_path: Path) -> set[int]:
    name = kind.name.replace(" ", "_").replace("/", "_") + "-damaged"
    return readable(snapshots[kind.snapshot].path, tmp_path / name / DB_NAME)


def test_a_journal_emptied_to_0_bytes_reports_its_loss_with_counts(
    snapshots: dict[str, Snapshot], tmp_path: Path
) -> None:
    snap = snapshots["checkpointed"]  # no WAL: nothing of it can be read
    shutil.copytree(snap.directory, tmp_path / "j")
    path = tmp_path / "j" / DB_NAME
    path.write_bytes(b"")
    store = Store(path)
    journal = Journal(store)
    assert journal.unfinished() is None
    report = store.salvage
    assert report is not None
    assert (report.events.salvaged, report.events.expected) == (0, len(snap.events))
    assert report.counts["tickets"].expected == 24 and report.lost_live == (snap.live_hand,)
    key, values = journal.notice  # type: ignore[misc]
    assert key == "journal.live_lost"
    assert Translator("en")(key, **values).startswith(
        f"The game journal was damaged: hand {snap.live_hand}, the one being played, was "
        f"lost; 0 of {len(snap.events)} events and 0 of 24 printed tickets were saved")
    assert list((tmp_path / "j").glob(f"{DB_NAME}.corrupt-*"))


def test_a_gap_inside_the_live_hand_resumes_it_from_before_the_gap_and_says_so(
    snapshots: dict[str, Snapshot], tmp_path: Path
) -> None:
    snap = snapshots["checkpointed"]
    shutil.copytree(snap.directory, tmp_path / "j")
    path = tmp_path / "j" / DB_NAME
    live = sorted(i for i, (hand, _, _) in snap.events.items() if hand == snap.live_hand)
    calls = [i for i in live if snap.events[i][1] == "number_called"]
    gone = calls[20]  # the 21st call vanishes: what follows it cannot be trusted
    _sql(path, "DELETE FROM events WHERE id = ?", gone)
    store = Store(path)
    journal = Journal(store)
    resumed = journal.unfinished()
    assert resumed is not None
    assert resumed.hand.called == snap.live_calls[:20]
    assert resumed.hand_id != snap.live_hand  # it goes on as a new hand holding the prefix
    key, values = journal.notice  # type: ignore[misc]
    assert key == "journal.resumed_partly"
    assert values["hand"] == snap.live_hand and values["calls"] == 20
    assert values["salvaged"] == len(snap.events) - 1
    # The damaged hand keeps every event that was read, in the history.
    old = store.events(snap.live_hand)
    assert old[-1]["kind"] == "hand_damaged" and len(old) == len(live)  # one gone, one added
    assert store.events(resumed.hand_id)[-1]["kind"] == "continued_from"
    store.close()
    # After another restart the same continued hand comes back, whole.
    again = Journal(Store(path))
    back = again.unfinished()
    assert back is not None and back.hand_id == resumed.hand_id
    assert back.hand.called == snap.live_calls[:20] and again.notice is None


def test_a_record_whose_tail_does_not_replay_goes_on_from_its_longest_prefix(
    tmp_path: Path,
) -> None:
    path = tmp_path / DB_NAME
    store = Store(path)
    journal = Journal(store)
    tickets = [t for strip in make_strips(2, random.Random(4)) for t in strip]
    journal.start(HandOptions(), tickets, 7)
    hand = Hand(HandOptions(), tickets)
    for number in (1, 2, 3, 4, 5, 6):
        hand.call(number)
        journal.record("number_called", number=number)
    journal.record("number_called", number=3)  # a damaged tail: a number called twice
    store.close()
    journal = Journal(Store(path))
    resumed = journal.unfinished()
    assert resumed is not None and resumed.hand.called == (1, 2, 3, 4, 5, 6)
    assert journal.notice is not None and journal.notice[0] == "journal.replayed_partly"
    assert journal.notice[1] == {"hand": 1, "calls": 6}
    text = Translator("en")(journal.notice[0], **journal.notice[1])
    assert text.startswith("Only the first 6 calls of hand 1 could be replayed")


def test_an_event_whose_text_is_damaged_stops_the_replay_before_it(tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    store = Store(path)
    journal = Journal(store)
    tickets = [t for strip in make_strips(1, random.Random(4)) for t in strip]
    journal.start(HandOptions(), tickets, 7)
    for number in (10, 20, 30):
        journal.record("number_called", number=number)
    store.close()
    # Damage inside a row's text: SQLite cannot see it.
    _sql(path, "UPDATE events SET data = '{\"number\": 2' WHERE id = (SELECT max(id) FROM events)")
    journal = Journal(Store(path))
    resumed = journal.unfinished()
    assert resumed is not None and resumed.hand.called == (10, 20)
    assert journal.notice is not None and journal.notice[0] == "journal.replayed_partly"


def test_a_hand_whose_row_is_lost_is_rebuilt_from_its_events(tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    store = Store(path)
    done = store.start_hand("hearts", {"mode": "easy", "record": {"kind": "game_started"}})
    store.append(done, "record", {"event": {"kind": "deal"}})
    store.finish_hand(done, "hand_over")
    store.close()
    _sql(path, "DELETE FROM hands WHERE id = ?", done)
    store = Store(path)
    assert store.salvage is not None and store.salvage.rebuilt_hands == (done,)
    row = store.hands()[0]
    assert (row.id, row.game) == (done, "hearts") and row.finished is not None
    assert json.loads(json.dumps(store.events(done)))[1]["event"] == {"kind": "deal"}

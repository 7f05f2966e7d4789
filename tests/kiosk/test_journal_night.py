"""A game night's journal never loses a finished hand: the WAL is checkpointed when a
hand ends, so a deleted `-wal` costs at most the live hand; and a WAL cut short (a worn
card, a pulled plug mid-write) never brings a finished hand back as the live one, even
when no checkpoint could run all night. Real SQLite files, damaged as a disk damages
them, opened as the kiosk opens them."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from benchmarks.journal_damage import FRAME_HEADER, WAL_HEADER, Night, copy_files, night
from kiosk.games.debarna.journal import Journal
from kiosk.i18n import Translator
from kiosk.salvage import page_geometry
from kiosk.store import DB_NAME, Store


def reopened(path: Path) -> tuple[Store, Journal]:
    store = Store(path)
    return store, Journal(store)


def test_a_night_of_three_finished_hands_keeps_them_when_the_wal_is_deleted(
        tmp_path: Path) -> None:
    game = night(tmp_path, finished=3, live_calls=25)
    path = game.snapshot.path
    Path(str(path) + "-wal").unlink()  # lost with a worn card or a careless copy
    store, journal = reopened(path)
    try:
        rows = {h.id: h for h in store.hands("debarna")}
        for hand, count in game.finished.items():
            assert hand in rows and rows[hand].finished is not None, f"hand {hand} lost"
            events = store.events(hand)
            assert len(events) == count and events[-1]["kind"] == "hand_over"
        assert journal.unfinished() is None  # the live hand was in the WAL: gone, and said
        assert journal.notice is not None and journal.notice[0] == "journal.live_lost"
        assert journal.notice[1]["hand"] == game.snapshot.live_hand
    finally:
        store.close()


def _cuts(path: Path) -> list[int]:
    """Ten places to cut the WAL: five in the middle of a frame, five on a frame's edge,
    spread over the night."""
    wal = Path(str(path) + "-wal")
    size, _ = page_geometry(path.read_bytes()[:100], wal.read_bytes()[:32])
    step = FRAME_HEADER + size
    frames = (wal.stat().st_size - WAL_HEADER) // step
    picks = [round(frames * share) for share in (0.1, 0.3, 0.45, 0.6, 0.85)]
    mid = [WAL_HEADER + f * step + FRAME_HEADER + size // 3 for f in picks]
    edge = [WAL_HEADER + (f + 1) * step for f in (frames // 5, frames // 3, frames // 2,
                                                   2 * frames // 3, frames - 2)]
    return sorted(mid + edge)


@pytest.fixture(scope="module")
def held_night(tmp_path_factory: pytest.TempPathFactory) -> Night:
    return night(tmp_path_factory.mktemp("night"), finished=3, live_calls=25,
                 hold_checkpoints=True)


def test_the_held_night_is_all_in_the_wal(held_night: Night) -> None:
    """The case the cuts are about: no checkpoint ran, the finished hands are only in
    the WAL (a main file with the tickets and no hand)."""
    path = held_night.snapshot.path
    copy = path.parent.parent / "main-only" / DB_NAME
    copy_files(path, copy)
    Path(str(copy) + "-wal").unlink()
    os.unlink(copy.with_suffix(".mark"))
    store = Store(copy)
    try:
        assert store.hands() == []
    finally:
        store.close()


@pytest.mark.parametrize("cut", range(10))
def test_a_wal_cut_short_never_shows_a_finished_hand_as_live(
        held_night: Night, tmp_path: Path, cut: int) -> None:
    source = held_night.snapshot.path
    path = tmp_path / DB_NAME
    copy_files(source, path)
    at = _cuts(path)[cut]
    os.truncate(Path(str(path) + "-wal"), at)
    store, journal = reopened(path)
    try:
        resumed = journal.unfinished()
        ended = {h.id for h in store.hands("debarna") if h.finished is not None}
        for hand in held_night.finished:
            rows = [h for h in store.hands("debarna") if h.id == hand]
            if rows:  # what was read of a finished hand stays ended
                assert hand in ended, f"finished hand {hand} came back unfinished"
                kinds = [e["kind"] for e in store.events(hand)]
                assert kinds[-1] in ("hand_over", "hand_damaged")
        if resumed is not None:
            continued = [e for e in store.events(resumed.hand_id)
                         if e["kind"] == "continued_from"]
            source_hand = continued[0]["hand"] if continued else resumed.hand_id
            assert source_hand == held_night.snapshot.live_hand, (
                f"hand {source_hand} resumed as live; only hand "
                f"{held_night.snapshot.live_hand} was being played")
            calls = resumed.hand.called
            assert calls == held_night.snapshot.live_calls[:len(calls)]
        # What was kept and lost is said: a finished hand whose end was lost is named.
        report = store.salvage
        assert report is not None
        cut_hands = [k.hand for k in report.by_hand if k.cut]
        assert list(report.cut) == cut_hands
        if report.cut:
            assert journal.notice is not None and "ended_cut" in journal.notice[0]
            said = Translator("en")(journal.notice[0], **journal.notice[1])
            assert str(report.cut[0]) in said
        for kept in report.by_hand:
            assert f"hand {kept.hand}: " in report.sentence()
    finally:
        store.close()


def test_each_cut_is_a_different_place_and_some_cut_a_frame_in_two(held_night: Night) -> None:
    cuts = _cuts(held_night.snapshot.path)
    assert len(set(cuts)) == 10
    size = page_geometry(held_night.snapshot.path.read_bytes()[:100],
                         Path(str(held_night.snapshot.path) + "-wal").read_bytes()[:32])[0]
    step = FRAME_HEADER + size
    assert sum((c - WAL_HEADER) % step != 0 for c in cuts) == 5

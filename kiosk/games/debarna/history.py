"""`debarna history`: each hand's record from the journal, for the host to check a card.

A record holds the called numbers in order, the tickets issued, every claim with
its verdict, and the winners (as in `debarna simulate`): after the hand, the called
balls are there to check the winning card (rules §6). A hand played with a prize pot
also shows how its pot was shared out, and `read_ledger` / `print_ledger` the last
night's ledger (`debarna history --ledger`).

History only reads: the journal's files are copied to a private temporary folder
and read there, so it never moves, salvages, creates or rewrites anything beside
the journal (no -wal or -shm either), and works on a read-only disk. A damaged
journal is salvaged in that copy only, and the host is told what could be read.
"""

from __future__ import annotations

import datetime
import logging
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TextIO

from engines.debarna.pot import Ledger
from engines.debarna.records import RecordError, replay
from engines.debarna.ticket import normalise_serial
from kiosk.games.debarna.pot_desk import fold_night, hand_pot, read_night, settlement_to_json
from kiosk.salvage import mark_path
from kiosk.store import DB_NAME, Store, data_dir


def _when(stamp: float | None) -> str | None:
    if stamp is None:
        return None
    return datetime.datetime.fromtimestamp(stamp).isoformat(timespec="seconds")


@contextmanager
def read_only_journal(path: Path) -> Iterator[Store]:
    """The journal at `path`, opened from a private copy of its files (only read here)."""
    quiet = [logging.getLogger(name) for name in ("kiosk.store", "kiosk.salvage")]
    levels = [logger.level for logger in quiet]
    with tempfile.TemporaryDirectory(prefix="debarna-history-") as tmp:
        copy = Path(tmp) / path.name
        # The mark first, the WAL before the main file: a copy never holds less than
        # its mark, and a checkpoint meanwhile only makes the main file newer.
        for source, target in ((mark_path(path), mark_path(copy)),
                               (Path(f"{path}-wal"), Path(f"{copy}-wal")), (path, copy)):
            try:
                shutil.copyfile(source, target)
            except FileNotFoundError:
                continue
        for logger in quiet:  # the copy's salvage is told to the host below, not logged
            logger.setLevel(logging.CRITICAL)
        try:
            store = Store(copy)
        finally:
            for logger, level in zip(quiet, levels, strict=True):
                logger.setLevel(level)
        try:
            yield store
        finally:
            store.close()


def read_history(hand: int | None = None, path: Path | None = None
                 ) -> tuple[list[dict[str, Any]], str | None]:
    """Every hand in the journal (or just `hand`), oldest first, and a warning if the
    journal is damaged (what could be read of it)."""
    target = path or data_dir() / DB_NAME
    if not target.exists() and not mark_path(target).exists():
        if hand is not None:
            raise LookupError(f"there is no hand {hand}: no game has been saved yet")
        return [], None
    with read_only_journal(target) as store:
        warning = None
        if store.salvage is not None:
            report = store.salvage
            events, tickets = report.events, report.counts["tickets"]
            at_least = "at least " if events.estimated else ""
            warning = (f"the journal {target} is damaged ({report.reason}); shown here is what "
                       f"could be read: {events.salvaged} of {at_least}{events.expected} events "
                       f"and {tickets.salvaged} of {tickets.expected} printed tickets. The "
                       "journal is left as it is; the kiosk salvages it when it next starts")
        rows = store.hands()
        if hand is not None:
            rows = [row for row in rows if row.id == hand]
            if not rows:
                raise LookupError(f"there is no hand {hand} in the journal")
        return [_record(store, row.id, row.game, row.started, row.finished)
                for row in rows], warning


def hand_records(hand: int | None = None, path: Path | None = None) -> list[dict[str, Any]]:
    """Every hand in the journal (or just `hand`), oldest first."""
    return read_history(hand, path)[0]


def _record(store: Store, hand_id: int, game: str, started: float,
            finished: float | None) -> dict[str, Any]:
    events = store.events(hand_id)
    record: dict[str, Any] = {
        "hand": hand_id, "game": game, "started": _when(started), "finished": _when(finished),
    }
    calls: list[int] = []
    claims = []
    ending = None
    for event in events:
        kind = event["kind"]
        if kind == "number_called":
            calls.append(event["number"])
        elif kind == "claim":
            claims.append({
                "serial": event.get("serial"), "call": len(calls) - 1, "number":
                calls[-1] if calls else None, "valid": event.get("valid"),
                "stages": event.get("stages", []), "reason": event.get("reason"),
            })
        elif kind == "claim_not_checked_in":  # a ticket not in play; the host refused it
            claims.append({
                "serial": event.get("serial"), "call": len(calls) - 1, "number":
                calls[-1] if calls else None, "valid": False, "stages": [],
                "reason": "not_checked_in",
            })
        elif kind in ("hand_over", "hand_abandoned", "hand_damaged"):
            ending = kind
    record["calls"] = calls
    tickets: dict[str, str] = {}  # the tickets in play, as checked in (and taken out)
    for e in events:
        if e["kind"] in ("ticket_issued", "ticket_replaced"):
            tickets[normalise_serial(e["serial"])] = e["serial"]
        elif e["kind"] == "ticket_withdrawn":
            tickets.pop(normalise_serial(e["serial"]), None)
    record["tickets"] = list(tickets.values())
    record["claims"] = claims
    record["ended"] = ending
    try:
        hand = replay(events)
        record["winners"] = {str(s): w.to_json() for s, w in hand.winners.items()}
    except RecordError as exc:
        record["winners"] = {}
        record["error"] = str(exc)
    pot = hand_pot(hand_id, events) if finished is not None else None
    if pot is not None:  # the prize pot, as the hand shared it out
        record["pot"] = settlement_to_json(pot.settlement, pot.in_play, pot.holders)
    return record


def read_ledger(path: Path | None = None) -> tuple[Ledger | None, str | None]:
    """The last night's prize-pot ledger in the journal (None: no hand had a pot), and a
    warning if the journal is damaged. A night is the hands whose pots were locked less
    than six hours apart (`kiosk.games.debarna.pot_desk`)."""
    target = path or data_dir() / DB_NAME
    if not target.exists() and not mark_path(target).exists():
        return None, None
    with read_only_journal(target) as store:
        warning = None
        if store.salvage is not None:
            warning = (f"the journal {target} is damaged ({store.salvage.reason}); the ledger "
                       "is what could be read of it")
        pots, _, _ = read_night(store)
        return (fold_night(pots) if pots else None), warning


def print_ledger(ledger: Ledger | None, out: TextIO) -> None:
    """The night's ledger for the host, in plain text: each player's stakes and wins."""
    if ledger is None:
        out.write("Prize pot: no hand with a prize pot has been played\n")
        return
    out.write(f"Prize pot, the last night: {ledger.hands} hand{'s' * (ledger.hands != 1)}, "
              f"{ledger.carried_in:,} brought in from before, {ledger.carry:,} carried to "
              "the next hand\n")
    width = max([len("player"), *(len(row.label) for row in ledger.rows)])
    out.write(f"  {'player':<{width}}  {'put in':>12}  {'won':>12}  {'net':>12}\n")
    for row in ledger.rows:
        out.write(f"  {row.label:<{width}}  {row.put_in:>12,}  {row.won:>12,}  "
                  f"{row.net:>+12,}\n")
    out.write(f"  {'all':<{width}}  {ledger.put_in:>12,}  {ledger.won:>12,}\n")


def print_record(record: dict[str, Any], out: TextIO) -> None:
    """A hand for the host, in plain text."""
    state = (record["ended"] or "in progress").replace("_", " ").replace("hand ", "")
    out.write(f"Hand {record['hand']} — {record['started']} — {state}\n")
    calls = record["calls"]
    out.write(f"  {len(calls)} numbers called: {' '.join(str(n) for n in calls)}\n")
    out.write(f"  tickets issued: {len(record['tickets'])}\n")
    for claim in record["claims"]:
        verdict = ("valid: " + ", ".join(claim["stages"])) if claim["valid"] else \
            f"refused: {claim['reason']}"
        out.write(f"  claim {claim['serial']} on {claim['number']} — {verdict}\n")
    for stage, win in record["winners"].items():
        number = calls[win["call"]] if win["call"] < len(calls) else "?"
        out.write(f"  {stage.replace('_', ' ')} won on call {win['call'] + 1} ({number}) by "
                  f"{', '.join(win['serials'])}\n")
    pot = record.get("pot")
    if pot is not None:
        carried = f" + {pot['carried_in']:,} carried in" if pot["carried_in"] else ""
        total = pot["stake"] * pot["cards"] + pot["carried_in"]
        out.write(f"  prize pot: {pot['cards']} cards × {pot['stake']:,}{carried} = "
                  f"{total:,}\n")
        for pay in pot["stages"]:
            stage = pay["stage"].replace("_", " ")
            held = pay["share"] + pay["brought"]
            if not pay["serials"]:
                out.write(f"    {stage} ({pay['percent']} %): {held:,} not won, carried over\n")
                continue
            holders = {normalise_serial(k): v for k, v in pot["holders"].items()}
            who = ", ".join(f"{holders[normalise_serial(s)]} ({s})"
                            if normalise_serial(s) in holders else s for s in pay["serials"])
            shared = f", {pay['each']:,} each" if len(pay["serials"]) > 1 else ""
            out.write(f"    {stage} ({pay['percent']} %): {held:,} to {who}{shared}\n")
        out.write(f"    to the next hand: {pot['carry']:,}\n")
    if "error" in record:
        out.write(f"  this record could not be replayed: {record['error']}\n")
    out.write("\n")

"""Only tickets in play can win, and the scanned code decides (issue: verdicts a family can trust).

Real parts: the kiosk's own key file and SQLite journal in a temporary data directory,
printed (issued) tickets with their signed codes, the real engine and controller as
the app builds them (`build_controller`, not headless: a host checks tickets in).
"""

from __future__ import annotations

import os
import random
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from engines.debarna.hand import Hand, Reason
from engines.debarna.options import HandOptions, Stage
from engines.debarna.records import replay
from engines.debarna.strips import BOX_PREFIX, make_strips
from engines.debarna.ticket import Ticket, normalise_serial
from kiosk.app import KioskOptions, build_controller
from kiosk.config import Config
from kiosk.games.debarna.caller import CallerController, ClaimPhase, box_tickets
from kiosk.games.debarna.journal import Journal
from kiosk.games.debarna.keys import load_codes
from kiosk.games.debarna.tickets import draw, issue, register
from kiosk.store import DB_NAME, open_store

HOST = KioskOptions(seed=11)  # a kiosk with a host: tickets are checked in


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("DEBARNA_DATA_DIR", str(tmp_path))
    return tmp_path


def kiosk_caller(auto_check: bool = False) -> CallerController:
    """The caller as the kiosk builds it at start, on the journal in the data directory."""
    store, problem = open_store()
    journal = Journal(store, problem)
    options = KioskOptions(seed=11, auto_check=auto_check)
    return build_controller(Config(), options, journal, codes=load_codes())


def print_strips(count: int, seed: int) -> list[Ticket]:
    store, _ = open_store()
    try:
        strips = issue(count, store, load_codes(), random.Random(seed))
    finally:
        store.close()
    return [t for strip in strips for t in strip]


def call_until_line(c: CallerController, ticket: Ticket, now: float = 10.0) -> None:
    """Call numbers until `ticket` (in play or not) holds a line on the last number."""
    assert c.hand is not None
    shadow = Hand(HandOptions(), [ticket])
    for number in c.called:
        shadow.call(number)
    while Stage.LINE not in shadow.reached_on_last():
        number = c.call_next(now)
        assert number is not None
        shadow.call(number)


def test_a_hand_starts_with_a_check_in_and_only_checked_in_tickets_are_in_play(
    data: Path,
) -> None:
    printed = print_strips(2, seed=1)
    c = kiosk_caller()
    c.new_hand(0.0)
    assert c.checking_in and c.paused and c.in_play == 0
    codes = load_codes()
    for ticket in printed[:3]:
        c.scan(codes.encode(ticket), 1.0)
    assert c.in_play == 3
    assert c.notice is not None and c.notice.key == "checkin.added"
    assert c.notice.values["count"] == 3
    assert c.claim_phase is ClaimPhase.CLOSED  # a scan at check-in is no claim
    c.scan(codes.encode(printed[0]), 1.5)  # scanned twice: still three
    assert c.in_play == 3 and c.notice is not None and c.notice.key == "checkin.already"
    c.toggle_pause(2.0)  # the host starts calling
    assert not c.checking_in and c.running
    c.update(2.0 + c.rhythm)
    assert len(c.called) == 1
    assert c.hand is not None
    assert {t.serial for t in c.hand.tickets} == {t.serial for t in printed[:3]}


def test_a_ticket_is_checked_in_by_its_typed_serial(data: Path) -> None:
    printed = print_strips(1, seed=2)
    c = kiosk_caller()
    c.new_hand(0.0)
    c.type_checkin(printed[4].serial.lower())
    assert c.checkin_text == printed[4].serial
    assert c.check_in_typed(1.0)
    assert c.in_play == 1 and c.checkin_text == ""
    c.type_checkin("999-9")
    assert not c.check_in_typed(1.5)
    assert c.notice is not None and c.notice.key == "checkin.unknown"
    assert c.in_play == 1


def test_a_typed_serial_that_names_two_tickets_says_so_instead_of_guessing(data: Path) -> None:
    # Two tickets printed under one serial (as before serials were kept with the key).
    one, two = (make_strips(1, random.Random(seed))[0][0] for seed in (1, 2))
    assert one.serial == two.serial and one.grid != two.grid
    c = CallerController((), HandOptions(), known=[one, two], check_in=True,
                         codes=load_codes())
    c.new_hand(0.0)
    c.type_checkin(one.serial)
    assert not c.check_in_typed(1.0)
    assert c.notice is not None and c.notice.key == "checkin.ambiguous"
    assert c.in_play == 0
    # Scanning the ticket's code settles it: the code carries its own grid.
    c.scan(load_codes().encode(two), 2.0)
    assert c.hand is not None and c.hand.ticket(two.serial) == two
    # A typed claim of that serial during the hand is ambiguous among the known tickets
    # only when the serial is not in play; in play, it is the checked-in ticket.
    c.toggle_pause(3.0)
    c.call_next(4.0)
    c.open_claim(5.0)
    c.type_serial(one.serial)
    result = c.check_claim(5.5)
    assert result.ticket == two


def test_auto_check_names_only_checked_in_tickets(data: Path) -> None:
    """Failed prints and an earlier night's tickets exist; only tonight's checked-in win."""
    earlier = print_strips(4, seed=3)  # an earlier night: 24 tickets, registered
    store, _ = open_store()
    failed = draw(2, store, load_codes(), random.Random(4))  # the printer failed: no register
    store.close()
    failed_tickets = [t for strip in failed for t in strip]
    tonight = print_strips(1, seed=5)
    c = kiosk_caller(auto_check=True)
    codes = load_codes()
    assert not set(c.lookup(failed_tickets[0].serial))  # a failed print is unknown
    c.new_hand(0.0)
    held = tonight[:4]
    for ticket in held:
        c.scan(codes.encode(ticket), 1.0)
    c.toggle_pause(1.5)
    # Every ticket that exists, whether in play or not, on one shadow hand.
    everyone = Hand(HandOptions(), [*earlier, *failed_tickets, *tonight])
    others_reached = 0
    assert c.hand is not None
    while not c.hand.is_over:
        number = c.call_next(2.0)
        assert number is not None
        everyone.call(number)
        reached = everyone.reached_on_last()
        in_play = {t.serial for t in held}
        others_reached += sum(s not in in_play for serials in reached.values() for s in serials)
        if c.claim_phase is ClaimPhase.VERDICT:
            c.resume(2.0)
    winners = {s for win in c.hand.winners.values() for s in win.serials}
    assert winners and winners <= {t.serial for t in held}
    assert others_reached > 0  # tickets not in play did reach stages, and won nothing


def test_a_genuine_ticket_not_checked_in_is_verified_and_the_host_decides(data: Path) -> None:
    printed = print_strips(1, seed=6)
    c = kiosk_caller()
    codes = load_codes()
    c.new_hand(0.0)
    c.scan(codes.encode(printed[1]), 0.5)  # someone else's ticket is in play
    c.toggle_pause(1.0)
    late_comer = printed[0]
    call_until_line(c, late_comer)
    c.scan(codes.encode(late_comer), 20.0)
    result = c.result
    assert result is not None and result.unchecked
    assert result.verdict is not None and result.verdict.valid  # what its code shows
    assert result.ticket == late_comer
    assert c.hand is not None and Stage.LINE not in c.hand.winners  # nothing recorded yet
    accepted = c.accept_unchecked(21.0)
    assert accepted is not None and accepted.valid and not accepted.unchecked
    assert c.hand.winners[Stage.LINE].serials == (late_comer.serial,)
    # The journal replays to the same winners: the ticket joined before its claim.
    assert c.journal is not None and c.journal.hand_id is not None
    rebuilt = replay(c.journal.store.events(c.journal.hand_id))
    assert rebuilt.winners == c.hand.winners


def test_an_unchecked_ticket_refused_by_the_host_wins_nothing_and_is_journaled(
    data: Path,
) -> None:
    printed = print_strips(1, seed=6)
    c = kiosk_caller()
    codes = load_codes()
    c.new_hand(0.0)
    c.toggle_pause(1.0)
    call_until_line(c, printed[0])
    c.scan(codes.encode(printed[0]), 20.0)
    assert c.result is not None and c.result.unchecked
    c.refuse_unchecked(21.0)
    assert c.result is not None and c.result.message.key == "checkin.refused"
    assert c.hand is not None and c.hand.winners == {}
    assert c.hand.ticket(printed[0].serial) is None
    assert c.journal is not None and c.journal.hand_id is not None
    kinds = [e["kind"] for e in c.journal.store.events(c.journal.hand_id)]
    assert kinds[-1] == "claim_not_checked_in"
    assert replay(c.journal.store.events(c.journal.hand_id)).winners == {}


def _lose_journal(data: Path, how: str) -> None:
    db = data / DB_NAME
    if how == "deleted":
        for suffix in ("", "-wal", "-shm"):
            Path(str(db) + suffix).unlink(missing_ok=True)
    elif how == "zero_bytes":
        for suffix in ("-wal", "-shm"):
            Path(str(db) + suffix).unlink(missing_ok=True)
        db.write_bytes(b"")
    elif how == "corrupt":
        for suffix in ("-wal", "-shm"):
            Path(str(db) + suffix).unlink(missing_ok=True)
        db.write_bytes(os.urandom(8192))
    elif how == "read_only":
        # A real read-only disk: the data directory bind-mounted read-only (as root).
        done = subprocess.run(["mount", "--bind", str(data), str(data)], capture_output=True)
        if done.returncode != 0:
            pytest.skip(f"a read-only mount needs root: {done.stderr.decode().strip()}")
        subprocess.run(["mount", "-o", "remount,ro,bind", str(data)], check=True)
        assert not os.access(data, os.W_OK) or _cannot_write(data)


def _cannot_write(folder: Path) -> bool:
    try:
        (folder / "probe").write_bytes(b"")
    except OSError:
        return True
    return False


@pytest.fixture
def unmount(data: Path) -> Iterator[None]:
    yield
    subprocess.run(["umount", "--lazy", str(data)], capture_output=True)


@pytest.mark.parametrize("how", ["deleted", "zero_bytes", "corrupt", "read_only"])
@pytest.mark.parametrize("checked_in", [True, False])
def test_after_the_journal_is_lost_a_scanned_printed_ticket_gets_the_right_verdict(
    data: Path, how: str, checked_in: bool, unmount: None,
) -> None:
    printed = print_strips(2, seed=7)
    _lose_journal(data, how)
    c = kiosk_caller()
    codes = load_codes()
    ticket = printed[7]  # strip 002, ticket 2: "002-2"
    assert ticket.serial == "002-2"
    # The stand-in box never shares a serial with a printed ticket.
    assert all(t.serial.startswith(BOX_PREFIX) for t in c.lookup("B001-1"))
    assert not any(t.grid != ticket.grid for t in c.lookup("002-2"))
    c.new_hand(0.0)
    if checked_in:
        c.scan(codes.encode(ticket), 0.5)
        assert c.in_play == 1
    c.toggle_pause(1.0)
    call_until_line(c, ticket)
    c.scan(codes.encode(ticket), 20.0)
    if not checked_in:
        assert c.result is not None and c.result.unchecked
        c.accept_unchecked(21.0)
    result = c.result
    assert result is not None and result.valid
    assert result.verdict is not None and result.verdict.stages == (Stage.LINE,)
    assert result.ticket == ticket  # the TV draws the scanned card
    assert result.verdict.rows  # and the winning row with it


def test_reprinting_after_the_journal_is_lost_never_repeats_a_serial(data: Path) -> None:
    first = print_strips(2, seed=8)
    _lose_journal(data, "deleted")
    again = print_strips(2, seed=9)
    assert {t.serial for t in first}.isdisjoint(t.serial for t in again)
    assert again[0].serial == "003-1"


def test_a_failed_print_registers_nothing(data: Path) -> None:
    store, _ = open_store()
    codes = load_codes()
    strips = draw(1, store, codes, random.Random(1))
    assert store.issued(codes.series) == []  # drawn, not printed: not registered
    register(strips, store, codes)
    assert [s for s, _, _ in store.issued(codes.series)] == [t.serial for t in strips[0]]
    # The drawn-but-failed numbers are not used again.
    assert draw(1, store, codes, random.Random(2))[0][0].serial == "002-1"
    store.close()


def test_the_scanned_code_decides_over_a_listed_ticket_with_the_same_serial(
    data: Path,
) -> None:
    listed, printed = (make_strips(1, random.Random(seed))[0][0] for seed in (10, 11))
    assert normalise_serial(listed.serial) == normalise_serial(printed.serial)
    c = CallerController((), HandOptions(), known=[listed], check_in=True,
                         codes=load_codes(), journal=Journal(open_store()[0]))
    c.new_hand(0.0)
    c.type_checkin(listed.serial)
    c.check_in_typed(0.5)  # the host typed a serial: the list's ticket went in
    c.toggle_pause(1.0)
    assert c.hand is not None
    shadow = Hand(HandOptions(), [printed])
    while Stage.LINE not in shadow.reached_on_last():
        number = c.call_next(2.0)
        assert number is not None
        shadow.call(number)
    c.scan(load_codes().encode(printed), 20.0)
    result = c.result
    assert result is not None and result.unchecked and result.ticket == printed
    assert result.verdict is not None and result.verdict.valid
    c.accept_unchecked(21.0)
    assert c.hand.ticket(printed.serial) == printed
    assert c.result is not None and c.result.valid
    assert c.journal is not None and c.journal.hand_id is not None
    assert replay(c.journal.store.events(c.journal.hand_id)).winners == c.hand.winners


def test_a_late_refusal_names_the_stage_and_the_number_on_which_the_card_completed(
    data: Path,
) -> None:
    printed = print_strips(1, seed=12)
    c = kiosk_caller()
    codes = load_codes()
    c.new_hand(0.0)
    c.scan(codes.encode(printed[0]), 0.5)
    c.toggle_pause(1.0)
    call_until_line(c, printed[0])
    assert c.hand is not None
    done_call, done_number = len(c.hand.called), c.hand.last
    c.call_next(2.0)  # the claim window closes
    assert not c.hand.reached_on_last()  # (no second row on this call, for this seed)
    c.scan(codes.encode(printed[0]), 20.0)
    result = c.result
    assert result is not None and result.verdict is not None
    assert result.verdict.reason is Reason.TOO_LATE
    assert result.message.key == "reason.too_late"
    assert result.message.values["call"] == done_call
    assert result.message.values["then"] == done_number
    assert result.message.values["stage"] is Stage.LINE


def test_a_ticket_key_others_can_read_is_warned_about_on_the_screen(data: Path) -> None:
    from kiosk.app import load_kiosk_codes
    from kiosk.games.debarna.keys import key_path

    load_codes()
    assert load_kiosk_codes()[1] is None
    key_path().chmod(0o644)
    codes, warning = load_kiosk_codes()
    assert codes is not None and warning == "checkin.key_exposed"


@pytest.mark.parametrize(("key", "wins"), [("select", True), ("back", False)])
def test_the_host_decides_on_an_unchecked_ticket_with_one_key(
    data: Path, display: None, key: str, wins: bool,
) -> None:
    import pygame

    from kiosk.config import Action
    from kiosk.games.debarna.scene import CallerScene
    from kiosk.i18n import Translator
    from kiosk.text import TextRenderer

    printed = print_strips(1, seed=6)
    c = kiosk_caller()
    scene = CallerScene(c, TextRenderer(rtl=False), Translator("en"))
    screen = pygame.display.set_mode((1280, 720))
    c.new_hand(0.0)
    scene.handle(Action.PAUSE, " ", 1.0)  # start calling with nobody checked in
    call_until_line(c, printed[0])
    c.scan(load_codes().encode(printed[0]), 20.0)
    assert c.result is not None and c.result.unchecked
    assert scene.draw(screen, 20.0)  # the ask is drawn
    scene.handle(Action(key), "", 21.0)
    assert c.hand is not None
    assert (Stage.LINE in c.hand.winners) is wins
    assert c.result is not None and not c.result.unchecked
    assert scene.draw(screen, 21.0)


# -- the check-in panel read from the sofa (DESIGN §3b), measured on the drawn screen ---------


class PhonesStub:
    """What the check-in panel shows of the kiosk's phones: the ticket page and its code."""

    ticket_url = "http://192.168.1.20:8080/t"
    tv_code = "4821"


@pytest.mark.parametrize("phones", [False, True])
@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
@pytest.mark.parametrize("lang", ["en", "fa"])
def test_the_check_in_hints_are_28_px_tall_4_5_to_1_and_apart(
    display: None, lang: str, size: tuple[int, int], phones: bool,
) -> None:
    import pygame

    from kiosk.games.debarna.scene import CallerScene, make_layout
    from kiosk.i18n import Translator
    from kiosk.text import TextRenderer
    from tests.kiosk.test_caller_scene import assert_readable, measured

    tr = Translator(lang)
    text = TextRenderer(rtl=tr.rtl)
    c = CallerController(box_tickets(make_strips(2, random.Random(3))), HandOptions(),
                         check_in=True, rng=random.Random(9))
    c.new_hand(0.0)
    c.type_checkin("123-4")  # the typed number's line is shown too
    scene = CallerScene(c, text, tr)
    scene.phones = PhonesStub() if phones else None
    screen = pygame.display.set_mode(size)
    scene.draw(screen, 0.0)
    drawn = scene.checkin_drawn
    hints = [d for key, d in drawn.items() if key.startswith("checkin|hint")]
    # How to check tickets in, start, and (with tickets in play) take them out; beside
    # the phones' code the list's own hint gives way when the list needs its room.
    keys = ("checkin.hint",) if phones else ("checkin.hint", "checkin.list_hint")
    words = [hint for key in keys for hint in tr(key).split(" · ")]
    drawn_words = " ".join(d.text for d in hints).replace(" · ", " ").split()
    if phones and drawn_words != " ".join(words).split():
        words += tr("checkin.list_hint").split(" · ")
    assert drawn_words == " ".join(words).split()  # all of them
    if phones and len(words) > len(tr("checkin.hint").split(" · ")):
        assert len(scene.checkin_grid) == 2  # the list had room for its two strips
    inks = {}
    for key, d in drawn.items():
        if d.size == 0:  # the code, the typed number: where their ink is
            inks[key] = d.rect
            continue
        # Serials as printed: Latin digits, left to right, in both languages.
        m = measured(screen, key, d, text, tr.rtl and "|ticket|" not in key)
        if key.startswith(("checkin|hint", "checkin|ticket|")):
            assert_readable(m, size, screen)
        inks[key] = m.ink
    assert ("checkin|code" in inks) is phones and "checkin|typed" in inks
    assert sum(key.startswith("checkin|ticket|") for key in inks) == 12  # every ticket
    panel = make_layout(size, tr.rtl).board
    keys_drawn = sorted(inks)
    for i, a in enumerate(keys_drawn):
        assert panel.contains(inks[a]), (a, inks[a], panel)
        for b in keys_drawn[i + 1:]:
            assert not inks[a].colliderect(inks[b]), (a, inks[a], b, inks[b])

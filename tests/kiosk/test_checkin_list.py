"""The check-in a host can see and undo, and a boxed set checked in quickly (issue 25).

Real parts: the kiosk's key file and SQLite journal in a temporary data directory, the
caller as the app builds it for a host (`build_controller`: the config's stand-in box,
B001 to B008, known for typing), the real scene drawn on SDL's dummy driver, and key
presses going through the kiosk's own input router and key map (`Keyboard`).
"""

from __future__ import annotations

import queue
import random
import re
from pathlib import Path
from types import SimpleNamespace

import pygame
import pytest

from engines.debarna.options import HandOptions
from engines.debarna.ticket import Ticket, normalise_serial
from hardware.scanner import ScanDetector
from kiosk.app import key_map
from kiosk.config import Config
from kiosk.games.debarna.caller import CallerController, Question, box_tickets
from kiosk.games.debarna.keys import load_codes
from kiosk.games.debarna.scene import CallerScene, make_layout
from kiosk.games.debarna.tickets import draw
from kiosk.i18n import Translator
from kiosk.input_routing import InputRouter
from kiosk.store import open_store
from kiosk.text import TextRenderer
from tests.kiosk.test_checkin import kiosk_caller, print_strips

KEY_NAMES = {"\r": "return", " ": "space", "-": "-", ".": ".", "\b": "backspace"}


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("DEBARNA_DATA_DIR", str(tmp_path))
    return tmp_path


class Keyboard:
    """The kiosk's keyboard: key presses through its input router (the config's key map,
    the scanner's detector telling typing from a scan), at a person's pace; each counted."""

    def __init__(self, scene: CallerScene, screen: pygame.Surface) -> None:
        config = Config()
        app = SimpleNamespace(running=True, scene=scene, screen=screen,
                              toggle_fullscreen=lambda: None)
        self.scene = scene
        self.router = InputRouter(app, key_map(config),  # type: ignore[arg-type]
                                  ScanDetector.from_config(config.scanner), queue.Queue(),
                                  scanned=lambda payload, now: scene.controller.scan(payload,
                                                                                     now))
        self.now = 100.0
        self.presses = 0

    def press(self, name: str, char: str = "") -> None:
        event = pygame.event.Event(pygame.KEYDOWN, key=pygame.key.key_code(name),
                                   unicode=char, mod=0)
        self.router.handle_event(event, self.now)
        self.presses += 1
        self.now += 0.3  # a person's pace: never a scanner's burst
        self.router.expire(self.now)
        self.scene.update(self.now)

    def type(self, text: str) -> None:
        """Each character one key ("\\r" Enter, "\\b" Backspace)."""
        for char in text:
            self.press(KEY_NAMES.get(char, char.lower()), char)

    def arrow(self, name: str) -> None:
        self.press(name)


def host_scene(lang: str = "en") -> tuple[CallerController, CallerScene, Keyboard]:
    """The caller a kiosk with a host builds, a hand dealt and checking in, its scene on a
    1920×1080 display and the keyboard."""
    c = kiosk_caller()
    c.new_hand(0.0)
    tr = Translator(lang)
    scene = CallerScene(c, TextRenderer(rtl=tr.rtl), tr)
    screen = pygame.display.set_mode((1920, 1080))
    scene.draw(screen, 0.0)
    return c, scene, Keyboard(scene, screen)


def box(c: CallerController, strip: int) -> list[Ticket]:
    """The stand-in box's strip `strip`, as the caller knows it."""
    return [c.lookup(f"B{strip:03d}-{i}")[0] for i in range(1, 7)]


def serials(c: CallerController) -> list[str]:
    return [t.serial for t in c.checkin_list()]


def journal_kinds(c: CallerController) -> list[str]:
    assert c.journal is not None and c.journal.hand_id is not None
    return [e["kind"] for e in c.journal.store.events(c.journal.hand_id)]


def twelve_in(c: CallerController) -> list[Ticket]:
    tickets = box(c, 1) + box(c, 2)
    for ticket in tickets:
        assert c.check_in_ticket(ticket, 1.0)
    return tickets


# -- emptying asks, and can be undone; one ticket out alone -------------------------------------


def test_backspace_with_nothing_typed_never_empties_the_list(data: Path, display: None) -> None:
    """The issue's night: 12 tickets in, 5 characters typed, Backspace 6 times (and more)."""
    c, _, keys = host_scene()
    twelve_in(c)
    before = journal_kinds(c)
    keys.type("B003-")
    keys.type("\b" * 6)
    assert c.in_play == 12 and c.checkin_text == ""
    assert c.checkin_question is Question.EMPTY  # asked, not done
    keys.type("\b" * 10)  # a Backspace held down: still only asked
    assert c.in_play == 12 and journal_kinds(c) == before
    keys.press("escape")  # no: the question goes, the list stays
    assert c.checkin_question is None and c.in_play == 12 and c.checking_in


def test_emptying_the_list_is_confirmed_with_enter_and_undone_until_the_first_call(
        data: Path, display: None) -> None:
    c, _, keys = host_scene()
    tickets = twelve_in(c)
    keys.type("\b")
    assert c.in_play == 12
    keys.type("\r")  # yes
    assert c.in_play == 0 and journal_kinds(c).count("ticket_withdrawn") == 12
    assert c.notice is not None and c.notice.key == "checkin.emptied"
    assert c.checkin_question is Question.PUT_BACK
    keys.type("\r")  # put them back
    assert serials(c) == [t.serial for t in tickets]  # the same list, in the same order
    assert c.notice is not None and c.notice.key == "checkin.put_back"
    # Emptied again, then calling starts: nothing can be put back any more.
    keys.type("\b\r")
    assert c.in_play == 0
    keys.press("space", " ")
    c.update(keys.now + c.rhythm)
    assert len(c.called) == 1 and not c.checking_in
    keys.type("\r")
    assert c.hand is not None and c.hand.tickets == () and c.taken_out == ()


def test_one_ticket_is_picked_with_the_arrows_and_taken_out_alone(
        data: Path, display: None) -> None:
    c, scene, keys = host_scene()
    tickets = twelve_in(c)
    keys.arrow("up")  # the pick starts at the ticket that came in last
    assert c.checkin_pick is not None and c.picked == tickets[-1]
    keys.arrow("left")
    keys.arrow("left")
    keys.arrow("up")  # the row above: strip B001, the same place
    assert c.picked == tickets[3]
    scene.draw(keys.router.app.screen, keys.now)  # type: ignore[attr-defined]
    assert "checkin|ask" in scene.checkin_drawn  # "Ticket B001-4 picked · Backspace: …"
    assert tickets[3].serial in scene.checkin_drawn["checkin|ask"].text
    keys.type("\b")
    assert serials(c) == [t.serial for t in tickets if t != tickets[3]]
    assert c.notice is not None and c.notice.key == "checkin.taken_out"
    assert journal_kinds(c).count("ticket_withdrawn") == 1
    keys.type("\b")  # the pick ended with it: a second Backspace takes nothing more
    assert c.in_play == 11 and c.checkin_question is Question.EMPTY


def restarted() -> CallerController:
    """The kiosk started again on the same data directory, its unfinished hand resumed."""
    again = kiosk_caller()
    assert again.journal is not None
    resumed = again.journal.unfinished()
    assert resumed is not None
    again.resume_hand(resumed, 50.0, paused=True)
    return again


def test_after_a_restart_the_list_is_the_same(data: Path, display: None) -> None:
    c, _, keys = host_scene()
    first, second = box(c, 4), box(c, 2)
    for ticket in (second[2], first[0], second[0], *first[1:]):
        c.check_in_ticket(ticket, 1.0, holder="Sara" if ticket == first[1] else None)
    keys.arrow("up")
    keys.arrow("right")  # the last in was B004-6, the end of the list: it stays there
    keys.arrow("left")
    assert c.picked == first[4]
    keys.type("\b")
    keys.type("B002-2\r")  # typed: in, and its strip's three others offered
    keys.press("escape")
    shown = serials(c)
    assert shown == ["B002-3", "B002-1", "B002-2", "B004-1", "B004-2", "B004-3", "B004-4",
                     "B004-6"]
    again = restarted()
    assert again.checking_in and serials(again) == shown
    assert again.holder(first[1]) == "Sara" and again.holder(first[0]) is None


def test_an_emptied_list_can_still_be_put_back_after_a_restart(
        data: Path, display: None) -> None:
    c, _, keys = host_scene()
    tickets = twelve_in(c)
    keys.type("\b\r")
    assert c.in_play == 0
    again = restarted()
    assert again.in_play == 0 and again.checkin_question is Question.PUT_BACK
    again.answer_checkin(60.0)
    assert serials(again) == [t.serial for t in tickets]


def test_the_history_lists_the_tickets_in_play_not_every_check_in(
        data: Path, display: None) -> None:
    from kiosk.games.debarna.history import hand_records

    c, _, keys = host_scene()
    tickets = twelve_in(c)
    keys.type("\b\r\r")  # emptied and put back: the same twelve
    keys.arrow("up")
    keys.type("\b")  # the last one out
    assert c.journal is not None
    record = next(r for r in hand_records() if r["hand"] == c.journal.hand_id)
    assert record["tickets"] == [t.serial for t in tickets[:-1]]


# -- a boxed set quickly -----------------------------------------------------------------------


def test_checking_in_two_strips_takes_16_key_presses_not_84(data: Path, display: None) -> None:
    """Twelve tickets, two strips of six (B001 and B002 of the stand-in box), checked in by
    typing at the kiosk's keyboard, each press a key event through its input router.

    Before: every ticket typed and Enter, 7 presses a ticket ("B001-1" and Enter): 84.
    Now: a strip's first ticket typed and Enter, then Enter takes its other five, 8 presses
    a strip: 16. (Typed as a range, "B001-1..6" and Enter, 10 a strip: 20. Scanned, two
    scans and two Enters.) Typing every ticket still works, in its 84 presses.
    """
    c, _, keys = host_scene()
    for strip in ("B001", "B002"):
        keys.type(f"{strip}-1\r")
        assert c.checkin_question is Question.STRIP and len(c.strip_offer) == 5
        keys.type("\r")
    assert keys.presses == 16
    assert serials(c) == [f"B00{s}-{i}" for s in (1, 2) for i in range(1, 7)]

    c, _, keys = host_scene()
    keys.type("B001-1..6\rB002-1..6\r")
    assert keys.presses == 20 and c.in_play == 12

    c, _, keys = host_scene()
    for ticket in box(c, 1) + box(c, 2):
        keys.type(f"{ticket.serial}\r")
    assert keys.presses == 84 and c.in_play == 12


def test_a_scanned_ticket_offers_its_strip_and_esc_declines(data: Path, display: None) -> None:
    store, _ = open_store()
    codes = load_codes()
    store.close()
    printed = print_strips(2, seed=3)  # 001-1 … 002-6, registered
    c, _, keys = host_scene()
    c.scan(codes.encode(printed[7]), 1.0)  # "002-2"
    assert [t.serial for t in c.strip_offer] == ["002-1", "002-3", "002-4", "002-5", "002-6"]
    keys.press("escape")
    assert c.strip_offer == () and c.checkin_question is None
    keys.type("\r")  # nothing asked: Enter alone says what to do, and starts nothing
    assert c.notice is not None and c.notice.key == "checkin.enter_alone"
    assert c.in_play == 1 and c.checking_in
    c.scan(codes.encode(printed[0]), 2.0)
    keys.type("\r")
    assert serials(c) == ["002-2", "001-1", "001-2", "001-3", "001-4", "001-5", "001-6"]
    assert c.notice is not None and c.notice.key == "checkin.strip_added"
    assert journal_kinds(c).count("ticket_issued") == 7


def test_a_typed_range_checks_a_strip_in_and_offers_the_rest(data: Path, display: None) -> None:
    c, _, keys = host_scene()
    keys.type("b003-2..5\r")
    assert serials(c) == ["B003-2", "B003-3", "B003-4", "B003-5"]
    assert c.notice is not None and c.notice.key == "checkin.range_added"
    assert [t.serial for t in c.strip_offer] == ["B003-1", "B003-6"]
    keys.type("B003-1..6\r")  # four already in: the other two come in
    assert c.in_play == 6
    keys.type("B003-1..6\r")
    assert c.in_play == 6 and c.notice is not None and c.notice.key == "checkin.range_already"


@pytest.mark.parametrize(("typed", "key"), [
    ("B003-0..6", "checkin.range_malformed"),
    ("B003-5..2", "checkin.range_malformed"),
    ("B003-1..9", "checkin.range_malformed"),
    ("B003..6", "checkin.range_malformed"),
    ("B003-1.6", "checkin.range_malformed"),
    ("B009-1..6", "checkin.range_unknown"),  # the box has strips B001 to B008
    ("002-1..6", "checkin.range_unknown"),  # a failed print's: no finished print listed it
])
def test_a_range_that_is_malformed_or_names_unknown_tickets_says_so_and_changes_nothing(
        data: Path, display: None, typed: str, key: str) -> None:
    print_strips(1, seed=3)  # 001-1 … 001-6 are known
    store, _ = open_store()
    draw(1, store, load_codes(), random.Random(4))  # 002: drawn, the print failed
    store.close()
    c, _, keys = host_scene()
    keys.type("B001-4\r")
    before = journal_kinds(c)
    keys.type(f"{typed}\r")
    assert c.notice is not None and c.notice.key == key
    assert serials(c) == ["B001-4"] and journal_kinds(c) == before
    if key == "checkin.range_unknown":
        assert c.notice.values["serials"] == [f"{typed[:-5]}-{i}" for i in range(1, 7)]


def test_a_ticket_from_a_failed_print_plays_once_checked_in_and_the_host_is_told(
        data: Path) -> None:
    """Its code is this kiosk's, so it is a ticket of this kiosk in a player's hand; the
    notice says no finished print listed it (README: Playing)."""
    printed = print_strips(1, seed=3)
    store, _ = open_store()
    codes = load_codes()
    failed = draw(1, store, codes, random.Random(4))[0]  # the printer stopped: registered not
    store.close()
    c = kiosk_caller()
    c.new_hand(0.0)
    c.scan(codes.encode(printed[0]), 1.0)
    assert c.notice is not None and c.notice.key == "checkin.added"
    c.scan(codes.encode(failed[2]), 2.0)
    assert c.notice is not None and c.notice.key == "checkin.added_unlisted"
    assert c.hand is not None and c.hand.ticket(failed[2].serial) == failed[2]
    assert c.strip_offer == ()  # its strip's others are known to no one


# -- the panel ------------------------------------------------------------------------------------


def drawn_plates(scene: CallerScene) -> dict[str, pygame.Rect]:
    return {key.split("|", 2)[2]: d.rect for key, d in scene.checkin_drawn.items()
            if key.startswith("checkin|ticket|")}


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
@pytest.mark.parametrize("lang", ["en", "fa"])
def test_the_panel_lists_the_tickets_by_strip_in_the_order_they_came_in(
        display: None, lang: str, size: tuple[int, int]) -> None:
    tickets = box_tickets(_strips(2))
    c = CallerController((), HandOptions(), known=tickets, check_in=True, rng=random.Random(9))
    c.new_hand(0.0)
    order = [tickets[8], tickets[4], tickets[6], tickets[0], *tickets[1:4], tickets[5],
             tickets[7], *tickets[9:]]
    for ticket in order:
        c.check_in_ticket(ticket, 1.0, holder="Sara" if ticket == tickets[0] else None)
    tr = Translator(lang)
    scene = CallerScene(c, TextRenderer(rtl=tr.rtl), tr)
    screen = pygame.display.set_mode(size)
    scene.draw(screen, 1.0)
    plates = drawn_plates(scene)
    assert sorted(plates) == sorted(t.serial for t in tickets)
    assert all(scene.checkin_drawn[f"checkin|ticket|{s}"].text == s for s in plates)
    # Strip 002 came in first: its row first; in a row, the order they came in, from the
    # start edge (the right in Persian).
    rows = [[t.serial for t in order if t.serial.startswith(p)] for p in ("B002", "B001")]
    assert scene.checkin_grid == [[normalise_serial(s) for s in row] for row in rows]
    for row in rows:
        xs = [plates[s].centerx for s in row]
        assert xs == sorted(xs, reverse=tr.rtl)
    assert plates[rows[0][0]].bottom < plates[rows[1][0]].top
    assert scene.checkin_drawn["checkin|name|B001-1"].text == "Sara"
    panel = make_layout(size, tr.rtl).board
    screen_rect = pygame.Rect((0, 0), size)
    for key, d in scene.checkin_drawn.items():
        assert panel.contains(d.rect) and screen_rect.contains(d.rect), (key, d.rect)
    assert scene.checkin_drawn["checkin|count"].text == tr("checkin.count", count=tr.digits(12))


def _strips(count: int) -> list[list[Ticket]]:
    from engines.debarna.strips import BOX_PREFIX, make_strips

    return make_strips(count, random.Random(3), prefix=BOX_PREFIX)


@pytest.mark.parametrize("phones", [False, True])
@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
@pytest.mark.parametrize("lang", ["en", "fa"])
def test_thirty_tickets_fit_or_are_counted_and_the_pick_is_always_shown(
        display: None, lang: str, size: tuple[int, int], phones: bool) -> None:
    from tests.kiosk.test_checkin import PhonesStub

    tickets = box_tickets(_strips(5))
    c = CallerController((), HandOptions(), known=tickets, check_in=True, rng=random.Random(9))
    c.new_hand(0.0)
    for ticket in tickets:
        c.check_in_ticket(ticket, 1.0)
    tr = Translator(lang)
    scene = CallerScene(c, TextRenderer(rtl=tr.rtl), tr)
    scene.phones = PhonesStub() if phones else None
    screen = pygame.display.set_mode(size)
    panel = make_layout(size, tr.rtl).board
    c.move_pick(0, 0)
    for _ in range(len(tickets)):  # the pick walks back through the whole list
        scene.draw(screen, 1.0)
        plates = drawn_plates(scene)
        assert c.picked is not None and c.picked.serial in plates
        more = scene.checkin_drawn.get("checkin|more")
        counted = [int(n.translate(str.maketrans("۰۱۲۳۴۵۶۷۸۹", "0123456789")))
                   for n in re.findall(r"[0-9۰-۹]+", more.text)] if more else []
        assert len(plates) + sum(counted) == 30, (len(plates), counted)
        for key, d in scene.checkin_drawn.items():
            assert panel.contains(d.rect), (key, d.rect)
        for a in plates.values():
            assert sum(a.colliderect(b) for b in plates.values()) == 1
        c.move_pick(0, -1, scene.checkin_grid)
    assert c.picked == tickets[0]

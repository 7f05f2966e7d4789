"""The caller screen read from the sofa (DESIGN §3b), in English and Persian at 1920×1080
and 1280×720, measured on what is drawn (the screen walker's recording: each line's size
as it reads, its ink box, the colours round it): the board's numbers at a 28 px capital
at 1080p and ≥ 7:1, uncalled ones too; the status chip, the winners, the last calls, the
claim panel's hints, prompt and queue, the verdicts and the check-in at that size, apart
and inside the title-safe area; a long notice on two lines rather than shrunk."""

from __future__ import annotations

import math
import random
import re
from collections import Counter
from collections.abc import Iterator

import pygame
import pytest

from benchmarks.verdict_contrast import play_to
from engines.debarna.hand import Reason, Verdict
from engines.debarna.options import HandOptions, Stage
from engines.debarna.strips import make_strips
from kiosk.config import Action
from kiosk.games.debarna.caller import (
    CallerController,
    ClaimPhase,
    ClaimResult,
    Notice,
    box_tickets,
)
from kiosk.games.debarna.scene import (
    CELL_OFF,
    CELL_OFF_TEXT,
    LEGEND_KEYS,
    LEGEND_SEP,
    CallerScene,
    make_layout,
)
from kiosk.i18n import Translator, catalogue
from kiosk.text import TextRenderer
from kiosk.theme import WARN, contrast, safe_area
from tests.kiosk.walker import (
    NUMBER,
    Sheet,
    Text,
    Words,
    background_under,
    cap_height,
    read_frame,
    recording,
)

HD, SMALL = (1920, 1080), (1280, 720)
READ_SIZE = 40  # design px: Noto Sans' capital is 28 px tall at this size at 1080p
SIZES = [HD, SMALL]
LANGS = ["en", "fa"]
TICKETS = box_tickets(make_strips(2, random.Random(3)))
WORDS = Words()


class PhonesStub:
    """What the check-in panel shows of the kiosk's phones: the ticket page and its code."""

    ticket_url = "http://192.168.1.20:8080/t"
    tv_code = "4821"


@pytest.fixture
def recorded(display: None) -> Iterator[None]:
    """Every surface made a walker's `Sheet`, every line noted (before the scene is made:
    its background is drawn once, and read on every frame)."""
    with recording():
        yield


def least(size: tuple[int, int]) -> int:
    """The smallest cap height the walker accepts on a screen of `size`."""
    return math.floor(28 * size[1] / 1080)


def scene_for(lang: str, check_in: bool = False) -> tuple[CallerScene, CallerController]:
    c = CallerController(TICKETS, HandOptions(), rhythm=4.0, rng=random.Random(9),
                         check_in=check_in)
    if check_in:
        c.new_hand(0.0)
    else:
        c.start_hand(0.0)
    tr = Translator(lang)
    return CallerScene(c, TextRenderer(rtl=tr.rtl), tr), c


def frame(scene: CallerScene, size: tuple[int, int], now: float) -> Sheet:
    """The whole screen drawn afresh, as the walker reads it."""
    screen = pygame.Surface(size)
    assert isinstance(screen, Sheet)
    scene.invalidate()
    scene.draw(screen, now)
    return screen


def defects(scene: CallerScene, screen: Sheet, size: tuple[int, int]) -> list[str]:
    where = f"{scene.tr.lang} {size[0]}x{size[1]} CallerScene"
    return [str(d) for d in read_frame(screen, scene.text, scene.tr.lang, where, WORDS)]


def texts_in(screen: Sheet, rect: pygame.Rect) -> list[Text]:
    return [t for t in screen.texts if rect.contains(t.ink) and t.line.text.strip()]


def cap(scene: CallerScene, t: Text) -> int:
    return cap_height(scene.text, t.line.size, t.line.bold)


def calling(lang: str) -> tuple[CallerScene, CallerController, float]:
    """A hand well under way: the line won, numbers called since, the last one repeated."""
    scene, c = scene_for(lang)
    serial, now = play_to(c, Stage.LINE)
    c.claim(serial, Stage.LINE)
    for _ in range(6):
        now += 1.0
        c.call_next(now)
    c.repeat_last(now)
    return scene, c, now


# -- the calling screen ------------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_the_calling_screen_has_nothing_a_person_cannot_read(
        recorded: None, lang: str, size: tuple[int, int]) -> None:
    scene, c, now = calling(lang)
    screen = frame(scene, size, now)
    assert c.repeating and c.hand is not None and c.hand.winners
    assert defects(scene, screen, size) == []
    layout = scene._layout
    assert layout is not None
    # The chip, the winners' line, "Last calls", the repeated ribbon: each drawn at its
    # size, a capital of 28 px at 1080p.
    won = scene.tr("caller.won_by", stage=scene.tr("stage.line"),
                   serials=scene.tr.join(c.hand.winners[Stage.LINE].serials))
    wanted = {scene.tr("caller.running"), won, scene.tr("caller.last_calls"),
              scene.tr("caller.repeated", number=c.last)}
    shown = {t.line.text: t for t in screen.texts}
    for words in wanted:
        assert words in shown, (words, sorted(shown))
        assert cap(scene, shown[words]) >= least(size), words
        assert shown[words].line.size >= layout.px(READ_SIZE), words


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_every_board_number_reads_at_28_px_and_7_to_1(
        recorded: None, lang: str, size: tuple[int, int]) -> None:
    scene, c, now = calling(lang)
    screen = frame(scene, size, now)
    layout = scene._layout
    assert layout is not None
    numbers = [t for t in texts_in(screen, layout.board) if NUMBER.match(t.line.text)]
    seen = {t.line.text for t in numbers}
    assert seen == {scene.tr.digits(n) for n in range(1, 91)}
    uncalled = 0
    for t in numbers:
        assert t.line.size >= layout.px(READ_SIZE), t.line
        assert cap(scene, t) >= least(size), t.line
        ground = background_under(screen, t.seen, t.line.colour)
        assert contrast(t.line.colour[:3], ground) >= 7.0, (t.line, ground)
        uncalled += ground == CELL_OFF
    assert uncalled >= 90 - len(c.called) - 1  # the uncalled numbers measured on their cells
    assert contrast(CELL_OFF_TEXT, CELL_OFF) >= 7.0


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("rtl", [False, True])
def test_the_layout_lies_in_the_safe_area_with_room_for_the_sizes(
        size: tuple[int, int], rtl: bool) -> None:
    layout = make_layout(size, rtl)
    safe = safe_area(size)
    for rect in (layout.header, layout.body, layout.notice, layout.legend, layout.claim,
                 layout.mini_board, *layout.cells.values(), *layout.mini_cells.values()):
        assert safe.contains(rect), rect
    unit = layout.unit
    pitch = layout.cells[2].top - layout.cells[1].top
    assert pitch >= math.floor(64 * unit)  # a row of the board at 40 px numbers
    assert layout.ball.width >= round(290 * unit)
    # The compact board: its columns wider than its cells are tall, its cells as tall.
    mini = layout.mini_cells[1]
    assert mini.width >= 1.1 * mini.height and mini.height == layout.cells[1].height
    assert layout.legend.bottom <= safe.bottom and layout.notice.bottom <= layout.legend.top


# -- notices --------------------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_a_long_notice_goes_on_to_a_second_line_at_its_size(
        recorded: None, lang: str, size: tuple[int, int]) -> None:
    scene, c, now = calling(lang)
    values = {"hand": 17, "salvaged": 1234, "expected": 1240, "tickets": 120,
              "tickets_expected": 124}
    c.notice = Notice("journal.live_lost", values, now + 10.0)
    screen = frame(scene, size, now)
    assert defects(scene, screen, size) == []
    layout = scene._layout
    assert layout is not None
    rows = layout.notice.union(layout.legend)
    lines = [t for t in texts_in(screen, rows) if t.line.colour[:3] == WARN]
    assert len(lines) == 2, [t.line.text for t in lines]
    for t in lines:
        assert t.line.size == layout.px(READ_SIZE) and cap(scene, t) >= least(size)
    first, second = sorted(lines, key=lambda t: t.ink.top)
    assert first.ink.bottom <= second.ink.top
    words = " ".join(t.line.text for t in (first, second)).split()
    assert words == scene.tr("journal.live_lost", **values).split()
    # The legend lends its row for the notice's seconds, and is back once it goes.
    legend = LEGEND_SEP.join(scene.tr(f"legend.{k}") for k in LEGEND_KEYS)
    assert legend not in {t.line.text for t in screen.texts}
    c.notice = None
    screen = frame(scene, size, now)
    assert legend in {t.line.text for t in screen.texts}


def bare(text: str) -> str:
    """`text` without the marks that keep a value whole in right-to-left text, in Latin
    digits (a serial is drawn as printed)."""
    latin = text.translate(str.maketrans("۰۱۲۳۴۵۶۷۸۹", "0123456789"))
    return "".join(ch for ch in latin if ch not in "\u2066\u2067\u2068\u2069")


NOTICE_VALUES = dict(salvaged=1234, expected=1240, tickets=120, tickets_expected=124, hand=17,
                     calls=45, serial="012-5", count=90, call=40, then=23, number=77,
                     serials=["B012-5", "B012-6"], added=5, more=5, taken=48, name="Ana",
                     hands=16)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_every_notice_the_catalogue_holds_is_drawn_at_its_size_on_two_lines_at_most(
        recorded: None, lang: str, size: tuple[int, int]) -> None:
    scene, c = scene_for(lang)
    values: dict[str, object] = {**NOTICE_VALUES, "stage": Stage.FULL_HOUSE,
                                 "next": Stage.FULL_HOUSE}
    keys = [key for key in catalogue(lang) if key == "claim.no_key"
            or key.split(".")[0] in ("notice", "journal")
            or (key.startswith("checkin.") and "{stages}" not in catalogue(lang)[key])]
    assert len(keys) > 30
    safe = safe_area(size)
    for key in keys:
        c.notice = Notice(key, values, 100.0)
        screen = frame(scene, size, 0.0)
        layout = scene._layout
        assert layout is not None
        lines = [t for t in texts_in(screen, layout.notice.union(layout.legend).inflate(0, 20))
                 if t.line.colour[:3] == WARN]
        # On the notice's row and (a long one) the legend's: all its words, at its size.
        assert all(layout.notice.top <= t.ink.centery < layout.legend.bottom for t in lines)
        drawn = Counter(ch for t in lines for ch in bare(t.line.text) if not ch.isspace())
        assert drawn == Counter(ch for ch in bare(scene._t(c.notice)) if not ch.isspace()), key
        for t in lines:
            assert t.line.size >= layout.px(READ_SIZE), (key, t.line)
            assert safe.contains(t.ink), (key, t.ink)
        assert [d for d in defects(scene, screen, size) if "[words]" not in d] == [], key


# -- the claim panel ------------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_the_claim_entry_its_hints_and_queue_read_at_28_px(
        recorded: None, lang: str, size: tuple[int, int]) -> None:
    scene, c, now = calling(lang)
    scene.handle(Action.CLAIM, "c", now)
    c.open_claim(now, seat=4)  # a seat pressed meanwhile: it waits its turn
    for ch in "01":
        scene.handle(None, ch, now)
    screen = frame(scene, size, now)
    assert c.claim_phase is ClaimPhase.ENTRY and c.claim_queue
    assert defects(scene, screen, size) == []
    layout = scene._layout
    assert layout is not None
    panel = texts_in(screen, layout.claim)
    shown = " ".join(t.line.text for t in panel)
    for key in ("claim.hint_entry", "claim.prompt"):
        assert all(word in shown.split() for word in scene.tr(key).split()), key
    assert any(t.line.text.startswith(scene.tr("claim.queued", seats="").strip()[:8])
               for t in panel)
    for t in panel:
        assert t.line.size >= layout.px(READ_SIZE) and cap(scene, t) >= least(size), t.line
    # The compact board's numbers as large as the full board's.
    numbers = [t for t in texts_in(screen, layout.mini_board) if NUMBER.match(t.line.text)]
    assert len(numbers) == 90
    assert all(cap(scene, t) >= least(size) for t in numbers)


def refused(c: CallerController, serial: str) -> None:
    """A late claim, its card burnt: the longest reason and a second detail line."""
    assert c.hand is not None and c.hand.last is not None
    ticket = next(t for t in c.hand.tickets if t.serial == serial) \
        if not isinstance(c.hand.tickets, dict) else c.hand.tickets[serial]
    verdict = Verdict(serial, False, reason=Reason.TOO_LATE, ticket=ticket, burnt=True,
                      stage=Stage.TWO_LINES, completed_call=11, completed_number=45)
    message = Notice("reason.too_late", {"serial": serial, "stage": Stage.TWO_LINES,
                                         "next": Stage.TWO_LINES, "number": c.hand.last,
                                         "call": 12, "then": 45})
    c.result = ClaimResult(serial, verdict, message, frozenset(c.called), c.hand.last)
    c.claim_phase = ClaimPhase.VERDICT


def unchecked(c: CallerController, serial: str) -> None:
    """A ticket not checked in whose code shows three prizes: the longest headline."""
    assert c.hand is not None
    ticket = next(t for t in TICKETS if t.serial == serial)
    stages = (Stage.EARLY_FIVE, Stage.FOUR_CORNERS, Stage.TWO_LINES)
    verdict = Verdict(serial, True, stages=stages, ticket=ticket, rows=(0, 1))
    c.result = ClaimResult(serial, verdict, Notice("checkin.unchecked_ticket", {"serial": serial}),
                           frozenset(c.called), c.hand.last, unchecked=True)
    c.claim_phase = ClaimPhase.VERDICT


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kind", ["shared", "refused", "unchecked"])
def test_a_verdict_reads_at_28_px_apart_and_in_the_safe_area(
        recorded: None, lang: str, size: tuple[int, int], kind: str) -> None:
    scene, c = scene_for(lang)
    serial, now = play_to(c, Stage.LINE)
    scene.handle(Action.CLAIM, "c", now)
    for ch in serial:
        scene.handle(None, ch, now)
    scene.handle(Action.SELECT, "\r", now)
    result = c.result
    assert result is not None and result.verdict is not None and result.valid
    if kind == "shared":
        v = result.verdict
        shared = Verdict(v.serial, True, stages=v.stages, shared_with=("001-2", "012-5"),
                         ticket=v.ticket, call_index=v.call_index, rows=v.rows)
        c.result = ClaimResult(serial, shared, Notice("claim.valid"), result.called,
                               result.last)
    elif kind == "refused":
        refused(c, serial)
    else:
        unchecked(c, serial)
    screen = frame(scene, size, now)
    assert defects(scene, screen, size) == []
    layout = scene._layout
    assert layout is not None and scene.verdict_drawn is not None
    hint = {"shared": "claim.hint_verdict", "refused": "claim.hint_verdict",
            "unchecked": "checkin.hint_unchecked"}[kind]
    panel = texts_in(screen, layout.claim)
    assert scene.tr(hint) in {t.line.text for t in panel}
    for t in panel:
        assert cap(scene, t) >= least(size), t.line
    if kind == "unchecked":  # the headline on two lines at its size, not one shrunk
        banner = scene.verdict_drawn.banner
        assert banner is not None
        heads = texts_in(screen, banner)
        assert len(heads) == 2 and all(t.line.size >= layout.px(44) for t in heads)


# -- the check-in -------------------------------------------------------------------------------


@pytest.mark.parametrize("phones", [False, True])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_the_check_in_reads_at_28_px_with_the_phones_words_too(
        recorded: None, lang: str, size: tuple[int, int], phones: bool) -> None:
    scene, c = scene_for(lang, check_in=True)
    scene.phones = PhonesStub() if phones else None
    c.type_checkin("123-4")
    screen = frame(scene, size, 0.0)
    assert c.checking_in
    assert defects(scene, screen, size) == []
    layout = scene._layout
    assert layout is not None
    words = [d for key, d in scene.checkin_drawn.items() if key.startswith("checkin|phones")]
    assert bool(words) is phones
    for d in words:
        assert d.size >= layout.px(READ_SIZE) and layout.board.contains(d.rect), d


CHECK_IN_STATES = ["twelve", "picked", "empty?", "strip?", "put_back?", "thirty", "forty-eight"]


@pytest.mark.parametrize("state", CHECK_IN_STATES)
@pytest.mark.parametrize("phones", [False, True])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_every_state_of_the_check_in_list_reads_from_the_sofa(
        recorded: None, lang: str, size: tuple[int, int], phones: bool, state: str) -> None:
    """The list of tickets in play and what the host is asked about it: every line at the
    reading size, apart, inside the safe area, in the catalogue's words."""
    box = box_tickets(make_strips(8, random.Random(3), prefix="B"))
    c = CallerController((), HandOptions(), known=box, check_in=True, rng=random.Random(9))
    c.new_hand(0.0)
    count = {"thirty": 30, "forty-eight": 48}.get(state, 12 if state != "strip?" else 1)
    for ticket in box[:count]:
        c.check_in_ticket(ticket, 1.0)
    if state == "picked":
        c.move_pick(0, 0)
        c.move_pick(1, -2)
    elif state == "empty?":
        c.erase_checkin(2.0)
    elif state == "strip?":
        c.check_in_here(box[7], 2.0)  # B002-2: its strip's five others are offered
    elif state == "put_back?":
        c.erase_checkin(2.0)
        c.answer_checkin(2.5)
    tr = Translator(lang)
    scene = CallerScene(c, TextRenderer(rtl=tr.rtl), tr)
    scene.phones = PhonesStub() if phones else None
    screen = frame(scene, size, 3.0)
    assert c.checking_in
    assert defects(scene, screen, size) == []
    asked = state.endswith("?") or state == "picked"
    assert ("checkin|ask" in scene.checkin_drawn) is asked
    # Every ticket in play is on the list, or counted on the line for the rows not shown.
    plates = [k for k in scene.checkin_drawn if k.startswith("checkin|ticket|")]
    more = scene.checkin_drawn.get("checkin|more")
    counted = sum(int(n.translate(str.maketrans("۰۱۲۳۴۵۶۷۸۹", "0123456789")))
                  for n in re.findall(r"[0-9۰-۹]+", more.text)) if more else 0
    assert len(plates) + counted == c.in_play
    assert c.in_play > 0 or state == "put_back?"  # emptied, to be put back


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_the_hand_over_summary_names_every_stage_s_winner(
        recorded: None, lang: str, size: tuple[int, int]) -> None:
    """Line, Two lines and Full house, each with its winners, in the number panel once the
    hand is over (the last two alone before), read from what was drawn."""
    c = CallerController(TICKETS, HandOptions(), rhythm=4.0, rng=random.Random(9),
                         auto_check=True)
    c.start_hand(0.0)
    now = 0.0
    while c.hand is not None and not c.hand.is_over:
        now += 1.0
        c.call_next(now)
    assert c.hand is not None
    assert list(c.hand.winners) == [Stage.LINE, Stage.TWO_LINES, Stage.FULL_HOUSE]
    tr = Translator(lang)
    scene = CallerScene(c, TextRenderer(rtl=tr.rtl), tr)
    screen = frame(scene, size, now)
    layout = scene._layout
    assert layout is not None
    panel = pygame.Rect(layout.stage.left, layout.stage.top, layout.stage.width,
                        layout.wins.bottom - layout.stage.top)
    lines = [t for t in texts_in(screen, panel) if t.line.size >= layout.px(READ_SIZE)]
    drawn = " ".join(" ".join(t.line.text.split()) for t in lines)
    for stage, win in c.hand.winners.items():
        said = [tr(key, stage=tr(f"stage.{stage.value}"), serials=tr.join(win.serials))
                for key in ("caller.won_by", "caller.won_short")]
        assert any(" ".join(words.split()) in drawn for words in said), (stage, drawn)
    assert defects(scene, screen, size) == []

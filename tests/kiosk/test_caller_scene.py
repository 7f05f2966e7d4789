"""The caller screen: its layout at TV sizes in both directions, and drawing only changes."""

from __future__ import annotations

import random

import pygame
import pytest

from benchmarks.table_readability import MATCH, Measure, measure_label
from engines.debarna.options import HandOptions, Stage
from engines.debarna.strips import make_strips
from kiosk.config import Action
from kiosk.games.debarna.caller import CallerController, box_tickets
from kiosk.games.debarna.journal import Resumed
from kiosk.games.debarna.scene import (
    CELL_LAST,
    CELL_ON,
    LEGEND_KEYS,
    CallerScene,
    TextDrawn,
    board_position,
    make_layout,
)
from kiosk.games.hearts.scene import Label
from kiosk.i18n import Translator
from kiosk.text import TextRenderer
from kiosk.theme import BACKGROUND, contrast

SIZES = [(1280, 720), (1920, 1080)]
TICKETS = box_tickets(make_strips(2, random.Random(3)))


def scene_for(lang: str, text: TextRenderer) -> tuple[CallerScene, CallerController]:
    c = CallerController(TICKETS, HandOptions(), rhythm=4.0, rng=random.Random(9))
    c.start_hand(0.0)
    return CallerScene(c, text, Translator(lang)), c


def on_screen(size: tuple[int, int], lang: str, text_ltr: TextRenderer,
              text_rtl: TextRenderer) -> tuple[pygame.Surface, CallerScene, CallerController,
                                               TextRenderer]:
    """A display of `size` and a caller scene in `lang`, with the renderer it draws by."""
    screen = pygame.display.set_mode(size)
    text = text_rtl if lang == "fa" else text_ltr
    return (screen, *scene_for(lang, text), text)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("rtl", [False, True])
def test_every_region_is_on_screen_and_apart(size: tuple[int, int], rtl: bool) -> None:
    layout = make_layout(size, rtl)
    screen = pygame.Rect((0, 0), size)
    regions = [layout.header, layout.side, layout.board, layout.notice, layout.legend]
    for rect in regions:
        assert screen.contains(rect)
    for i, a in enumerate(regions):
        for b in regions[i + 1 :]:
            assert not a.colliderect(b), (a, b)
    for inner in (layout.stage, layout.wins, layout.ball, layout.countdown, layout.count,
                  layout.last_label, *layout.last_calls):
        assert layout.side.contains(inner)
    side_parts = [layout.stage, layout.wins, layout.ball, layout.countdown, layout.last_label,
                  layout.count]
    for i, a in enumerate(side_parts):
        for b in side_parts[i + 1 :]:
            assert not a.colliderect(b), (a, b)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("rtl", [False, True])
def test_a_claim_covers_the_number_panel_and_the_board_stays_beside_it(
    size: tuple[int, int], rtl: bool
) -> None:
    layout = make_layout(size, rtl)
    assert layout.body.contains(layout.claim) and layout.body.contains(layout.mini_board)
    assert layout.body.contains(layout.side) and layout.body.contains(layout.board)
    assert not layout.claim.colliderect(layout.mini_board)
    assert layout.claim.colliderect(layout.side)  # the ball's panel is covered
    # The compact board is where the board was, on the same side, with its 90 cells.
    assert layout.board.contains(layout.mini_board)
    assert sorted(layout.mini_cells) == list(range(1, 91))
    for number, cell in layout.mini_cells.items():
        assert layout.mini_board.contains(cell)
        assert cell.height == layout.cells[number].height  # as readable as the full board
    assert layout.mini_cells[1].x < layout.mini_cells[80].x  # the card's order
    assert (layout.claim.centerx > layout.mini_board.centerx) == rtl


@pytest.mark.parametrize("size", SIZES)
def test_the_board_holds_90_numbers_in_decade_columns(size: tuple[int, int]) -> None:
    layout = make_layout(size, rtl=False)
    assert sorted(layout.cells) == list(range(1, 91))
    cells = list(layout.cells.values())
    for i, a in enumerate(cells):
        assert layout.board.contains(a)
        for b in cells[i + 1 :]:
            assert not a.colliderect(b)
    columns: dict[int, list[int]] = {}
    for n in range(1, 91):
        columns.setdefault(board_position(n)[0], []).append(n)
    assert columns[0] == list(range(1, 10))
    assert columns[1] == list(range(10, 20))
    assert columns[8] == list(range(80, 91))
    # Same column, same x; 1-9 on the left, 80-90 on the right.
    assert layout.cells[10].x == layout.cells[19].x
    assert layout.cells[1].x < layout.cells[10].x < layout.cells[80].x


def test_persian_mirrors_the_panels_but_not_the_card_order() -> None:
    ltr = make_layout((1920, 1080), rtl=False)
    rtl = make_layout((1920, 1080), rtl=True)
    assert ltr.side.centerx < ltr.board.centerx
    assert rtl.side.centerx > rtl.board.centerx
    assert rtl.title.centerx > rtl.status.centerx
    assert rtl.cells[1].x < rtl.cells[80].x
    # The newest of the last calls sits next to the start edge (right in Persian).
    assert rtl.last_calls[0].x > rtl.last_calls[-1].x
    assert ltr.last_calls[0].x < ltr.last_calls[-1].x


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["fa", "en"])
def test_only_what_changed_is_drawn(
    display: None, size: tuple[int, int], lang: str, text_ltr: TextRenderer,
    text_rtl: TextRenderer,
) -> None:
    screen, scene, c, _ = on_screen(size, lang, text_ltr, text_rtl)
    first = scene.draw(screen, 0.0)
    assert pygame.Rect((0, 0), size) in first

    quiet = scene.draw(screen, 1.0)
    layout = make_layout(size, lang == "fa")
    assert quiet == [layout.countdown]
    assert scene.draw(screen, 1.0) == []  # nothing at all changed

    number = c.call_next(1.5)
    assert number is not None
    rects = scene.draw(screen, 1.5)
    assert pygame.Rect((0, 0), size) not in rects
    assert layout.cells[number] in rects
    assert layout.ball in rects
    area = sum(r.width * r.height for r in rects)
    assert area < 0.25 * size[0] * size[1]
    assert screen.get_at(layout.cells[number].center)[:3] != (0, 0, 0)


def test_a_called_number_is_lit_on_the_board(display: None, text_ltr: TextRenderer) -> None:
    screen = pygame.display.set_mode((1280, 720))
    scene, c = scene_for("en", text_ltr)
    scene.draw(screen, 0.0)
    first = c.call_next(1.0)
    second = c.call_next(2.0)
    assert first is not None and second is not None
    scene.draw(screen, 2.0)
    layout = make_layout((1280, 720), rtl=False)

    def colour_near_edge(n: int) -> tuple[int, int, int]:
        rect = layout.cells[n]
        return tuple(screen.get_at((rect.left + 6, rect.centery)))[:3]  # type: ignore[return-value]

    assert colour_near_edge(second) == CELL_LAST
    assert colour_near_edge(first) == CELL_ON
    uncalled = next(n for n in range(1, 91) if n not in c.called)
    assert colour_near_edge(uncalled) not in (CELL_ON, CELL_LAST)


@pytest.mark.parametrize("lang", ["fa", "en"])
def test_the_claim_panel_shows_the_ticket_and_the_verdict(
    display: None, lang: str, text_ltr: TextRenderer, text_rtl: TextRenderer
) -> None:
    screen = pygame.display.set_mode((1280, 720))
    scene, c = scene_for(lang, text_rtl if lang == "fa" else text_ltr)
    scene.draw(screen, 0.0)
    now = 0.0
    while Stage.LINE not in (c.hand.reached_on_last() if c.hand else {}):
        now += 1
        c.call_next(now)
    serial = c.hand.reached_on_last()[Stage.LINE][0] if c.hand else ""
    scene.handle(Action.CLAIM, "c", now)
    for ch in serial:
        scene.handle(None, ch, now)
    rects = scene.draw(screen, now)
    layout = make_layout((1280, 720), lang == "fa")
    assert layout.body in rects  # the claim view replaces the number panel and the board
    scene.handle(Action.SELECT, "\r", now)
    assert c.result is not None and c.result.valid
    assert layout.claim in scene.draw(screen, now)
    assert scene.verdict_drawn is not None and scene.verdict_drawn.cells
    assert layout.claim.contains(scene.verdict_drawn.card)
    assert scene.draw(screen, now + 1.0) == []  # nothing draws over the verdict meanwhile
    scene.handle(Action.PAUSE, " ", now)
    assert c.running
    # The ball's panel and the full board come back.
    assert pygame.Rect((0, 0), (1280, 720)) in scene.draw(screen, now)
    last = c.last
    assert last is not None
    assert tuple(screen.get_at((layout.cells[last].left + 6,
                                layout.cells[last].centery)))[:3] == CELL_LAST


def test_the_compact_board_shows_the_called_numbers_during_a_claim(
    display: None, text_ltr: TextRenderer
) -> None:
    screen = pygame.display.set_mode((1920, 1080))
    scene, c = scene_for("en", text_ltr)
    scene.draw(screen, 0.0)
    for step in range(10):
        c.call_next(float(step))
    scene.draw(screen, 10.0)
    scene.handle(Action.CLAIM, "c", 10.0)
    scene.draw(screen, 10.0)
    layout = make_layout((1920, 1080), rtl=False)
    for number in range(1, 91):
        cell = layout.mini_cells[number]
        colour = tuple(screen.get_at((cell.left + 4, cell.centery)))[:3]
        if number == c.last:
            assert colour == CELL_LAST
        elif number in c.called:
            assert colour == CELL_ON
        else:
            assert colour not in (CELL_ON, CELL_LAST)


def test_numbers_called_between_frames_are_all_lit(
    display: None, text_ltr: TextRenderer
) -> None:
    screen = pygame.display.set_mode((1280, 720))
    scene, c = scene_for("en", text_ltr)
    scene.draw(screen, 0.0)
    for step in range(12):
        c.call_next(float(step))
    rects = scene.draw(screen, 12.0)
    layout = make_layout((1280, 720), rtl=False)
    for number in c.called:
        assert layout.cells[number] in rects
        colour = tuple(screen.get_at((layout.cells[number].left + 6,
                                      layout.cells[number].centery)))[:3]
        assert colour in (CELL_ON, CELL_LAST)


# -- read from the sofa (DESIGN §3b), measured on the drawn screen ----------------------------


CAP_TARGET = 28  # px at 1080p, in proportion on a smaller screen
CONTRAST_TARGET = 4.5


def measured(surface: pygame.Surface, key: str, drawn: TextDrawn, text: TextRenderer,
             rtl: bool) -> Measure:
    """A line the scene noted, measured on `surface` (as the table games' text is)."""
    label = Label(key, drawn.text, drawn.size, drawn.colour, drawn.bold, drawn.rect)
    return measure_label(surface, key, label, text, rtl)


def average_ink(surface: pygame.Surface, m: Measure) -> tuple[int, int, int]:
    """The average colour of a line's glyphs on the screen, their blended edges counted:
    thin grey letters look dimmer than their colour."""
    ink = [tuple(surface.get_at((x, y)))[:3] for x in range(m.ink.left, m.ink.right)
           for y in range(m.ink.top, m.ink.bottom)]
    ink = [c for c in ink if c != m.background]
    return tuple(round(sum(c[i] for c in ink) / len(ink)) for i in range(3))  # type: ignore[return-value]


def assert_readable(m: Measure, size: tuple[int, int], surface: pygame.Surface) -> None:
    """Drawn at its size (not shrunk), a capital ≥ 28 px at 1080p (in proportion below),
    ≥ 4.5:1 against the pixels round it: its colour, and even its glyphs' average."""
    unit = min(size[0] / 1920, size[1] / 1080)
    assert m.match >= MATCH, f"{m.key} {m.text!r} is not drawn at its size ({m.match:.2f})"
    assert m.cap >= CAP_TARGET * unit, f"{m.key} {m.text!r}: cap height {m.cap} px"
    assert m.contrast >= CONTRAST_TARGET, (
        f"{m.key} {m.text!r}: {m.contrast:.2f}:1 ({m.text_colour} on {m.background})")
    average = average_ink(surface, m)
    assert contrast(average, m.background) >= CONTRAST_TARGET, (
        f"{m.key} {m.text!r}: dim, its glyphs average {contrast(average, m.background):.2f}:1 "
        f"({average} on {m.background})")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["fa", "en"])
def test_the_key_legend_is_28_px_tall_and_4_5_to_1_on_the_screen(
    display: None, size: tuple[int, int], lang: str, text_ltr: TextRenderer,
    text_rtl: TextRenderer,
) -> None:
    screen, scene, _, text = on_screen(size, lang, text_ltr, text_rtl)
    scene.draw(screen, 0.0)
    legend = scene.legend_drawn
    assert legend is not None
    assert scene.tr(f"legend.{LEGEND_KEYS[0]}") in legend.text
    m = measured(screen, "legend", legend, text, lang == "fa")
    assert_readable(m, size, screen)
    # On the screen, under the notice's line and the panels.
    layout = make_layout(size, lang == "fa")
    assert pygame.Rect((0, 0), size).contains(m.ink)
    for rect in (layout.notice, layout.side, layout.board):
        assert not m.ink.colliderect(rect), rect


def verdict_then_resume(scene: CallerScene, c: CallerController, screen: pygame.Surface,
                        now: float) -> None:
    """A refused claim, then Space: calling goes on and the notice says so."""
    scene.handle(Action.CLAIM, "c", now)
    for ch in "999-9":
        scene.handle(None, ch, now)
    scene.handle(Action.SELECT, "\r", now)
    assert c.result is not None and not c.result.valid
    scene.draw(screen, now)
    scene.handle(Action.PAUSE, " ", now + 1)
    scene.update(now + 1)
    scene.draw(screen, now + 1)
    assert c.running and c.notice is not None and c.notice.key == "notice.resumed"


def notice_ink(screen: pygame.Surface, scene: CallerScene) -> int:
    """How many pixels of the notice's line are not the screen's background."""
    layout = scene._layout
    assert layout is not None
    rect = layout.notice
    return sum(1 for x in range(rect.left, rect.right, 2) for y in range(rect.top, rect.bottom, 2)
               if tuple(screen.get_at((x, y)))[:3] != BACKGROUND)


@pytest.mark.parametrize("lang", ["fa", "en"])
def test_no_calling_again_stays_under_paused(
    display: None, lang: str, text_ltr: TextRenderer, text_rtl: TextRenderer
) -> None:
    screen = pygame.display.set_mode((1920, 1080))
    scene, c = scene_for(lang, text_rtl if lang == "fa" else text_ltr)
    now = 0.0
    for _ in range(8):
        now += 1
        c.call_next(now)
    scene.draw(screen, now)
    verdict_then_resume(scene, c, screen, now)
    assert notice_ink(screen, scene) > 0  # "Calling again" is up
    # The host pauses within the notice's seconds: "Paused", and nothing says calling.
    scene.handle(Action.PAUSE, " ", now + 2)
    scene.update(now + 2)
    scene.draw(screen, now + 2)
    assert c.paused and c.notice is None
    assert notice_ink(screen, scene) == 0
    # A claim opened right after resuming stops calling too.
    scene.handle(Action.PAUSE, " ", now + 3)
    verdict_then_resume(scene, c, screen, now + 3)
    scene.handle(Action.CLAIM, "c", now + 5)
    scene.update(now + 5)
    scene.draw(screen, now + 5)
    assert c.notice is None and notice_ink(screen, scene) == 0


def test_a_restart_notice_goes_once_calling_goes_on_or_stops(display: None) -> None:
    c = CallerController(TICKETS, HandOptions(), rhythm=4.0, rng=random.Random(9))
    c.start_hand(0.0)
    for step in range(5):
        c.call_next(float(step))
    assert c.hand is not None
    hand = c.hand
    again = CallerController(TICKETS, HandOptions(), rhythm=4.0, rng=random.Random(9))
    again.resume_hand(Resumed(1, hand, None), 10.0, paused=True)
    assert again.notice is not None and again.notice.key == "notice.resumed_after_restart"
    again.toggle_pause(11.0)  # Space: the "press Space to go on" is done
    assert again.running and again.notice is None
    running = CallerController(TICKETS, HandOptions(), rhythm=4.0, rng=random.Random(9))
    running.resume_hand(Resumed(1, hand, None), 10.0, paused=False)
    assert running.notice is not None and running.notice.key == "notice.resumed_calling"
    running.toggle_pause(11.0)
    assert running.paused and running.notice is None
    # Other notices stay their seconds: a pause is no reason to hide them.
    running.toggle_pause(12.0)
    running.new_hand(12.5)
    assert running.notice is not None and running.notice.key == "notice.new_hand_confirm"
    running.toggle_pause(13.0)
    assert running.notice is not None and running.notice.key == "notice.new_hand_confirm"

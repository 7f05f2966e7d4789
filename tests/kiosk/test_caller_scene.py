"""The caller screen: its layout at TV sizes in both directions, and drawing only changes."""

from __future__ import annotations

import random

import pygame
import pytest

from engines.debarna.options import HandOptions, Stage
from engines.debarna.strips import make_strips
from kiosk.caller import CallerController, box_tickets
from kiosk.config import Action
from kiosk.i18n import Translator
from kiosk.scenes.caller import CELL_LAST, CELL_ON, CallerScene, board_position, make_layout
from kiosk.text import TextRenderer

SIZES = [(1280, 720), (1920, 1080)]
TICKETS = box_tickets(make_strips(2, random.Random(3)))


def scene_for(lang: str, text: TextRenderer) -> tuple[CallerScene, CallerController]:
    c = CallerController(TICKETS, HandOptions(), rhythm=4.0, rng=random.Random(9))
    c.start_hand(0.0)
    return CallerScene(c, text, Translator(lang)), c


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
    screen = pygame.display.set_mode(size)
    scene, c = scene_for(lang, text_rtl if lang == "fa" else text_ltr)
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

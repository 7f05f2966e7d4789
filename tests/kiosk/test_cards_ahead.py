"""Cards painted off the frame loop: a helper process paints the faces, a frame makes no
more finished cards than its budget, and what stands in meanwhile is replaced by the
card itself, pixel for pixel what the frame loop would have drawn."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pygame
import pytest

from engines.cards.cards import ALL_CARDS
from kiosk.cards_draw import CardPainter, face_of, paint_part
from kiosk.table.pool import ThinkingPool
from kiosk.text import TextRenderer

SIZE = (126, 176)
RED = (220, 30, 30)


@pytest.fixture(scope="module")
def helper() -> Iterator[ThinkingPool]:
    pool = ThinkingPool(1, preload=("kiosk.cards_draw",))
    yield pool
    pool.shutdown(wait=True, cancel_futures=True)


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "BGRA")


def settle(painter: CardPainter, card: object, angle: float, limit: float = 60.0,
           dim: bool = True, outline: tuple[int, int, int] | None = RED) -> pygame.Surface:
    end = time.monotonic() + limit
    while True:
        painter.begin_frame(1.0)
        image = painter.surface(card, SIZE, angle, dim, outline)  # type: ignore[arg-type]
        if painter.stand_ins == 0:
            return image
        assert time.monotonic() < end, "the helper never sent the face"
        time.sleep(0.01)


def test_a_frames_cards_go_to_the_helper_in_one_job(
        text_ltr: TextRenderer, helper: ThinkingPool) -> None:
    painter = CardPainter(text_ltr, helper)
    painter.begin_frame(1.0)
    sent = helper.submit
    jobs: list[object] = []
    helper.submit = lambda fn, *args: jobs.append(args) or sent(fn, *args)  # type: ignore[method-assign]
    try:
        for i, card in enumerate(ALL_CARDS[:13]):
            painter.surface(card, SIZE, -12.0 + 2 * i)
        painter.send()
    finally:
        del helper.submit
    assert len(jobs) == 1 and len(jobs[0][1]) == 13  # type: ignore[index, arg-type]
    for i, card in enumerate(ALL_CARDS[:13]):
        assert pixels(settle(painter, card, -12.0 + 2 * i, dim=False, outline=None)) == \
            pixels(CardPainter(text_ltr).surface(card, SIZE, -12.0 + 2 * i))


def test_a_face_painted_in_a_helper_is_the_face_painted_here(
        text_ltr: TextRenderer, helper: ThinkingPool) -> None:
    card = ALL_CARDS[23]
    here = CardPainter(text_ltr).face(card, SIZE)
    size, data = helper.submit(paint_part, text_ltr.files, ("face", face_of(card), SIZE)
                               ).result(60)
    assert size == SIZE and data == pixels(here)


def test_a_card_not_painted_yet_stands_in_then_is_drawn_as_itself(
        text_ltr: TextRenderer, helper: ThinkingPool) -> None:
    card = ALL_CARDS[7]
    painter = CardPainter(text_ltr, helper)
    painter.begin_frame(1.0)
    first = painter.surface(card, SIZE, 7.0, True, RED)
    assert painter.stand_ins == 1 and not painter.settled  # its face is on its way
    assert first.get_size() == SIZE  # a plain card where it will lie
    image = settle(painter, card, 7.0)
    painter.begin_frame(1.0)
    assert painter.settled
    assert pixels(image) == pixels(CardPainter(text_ltr).surface(card, SIZE, 7.0, True, RED))


def test_a_card_at_a_new_tilt_shows_as_last_drawn_until_the_helper_sends_it(
        text_ltr: TextRenderer, helper: ThinkingPool) -> None:
    card = ALL_CARDS[40]
    painter = CardPainter(text_ltr, helper)
    drawn = settle(painter, card, 4.0)
    painter.begin_frame(1.0)
    tilted = painter.surface(card, SIZE, -6.0, True, RED)
    assert painter.stand_ins == 1 and tilted is drawn  # the same card at its old tilt
    again = settle(painter, card, -6.0)
    assert again is not drawn
    assert pixels(again) == pixels(CardPainter(text_ltr).surface(card, SIZE, -6.0, True, RED))


def test_a_frame_past_its_budget_without_a_helper_shows_the_card_as_last_drawn(
        text_ltr: TextRenderer) -> None:
    card = ALL_CARDS[41]
    painter = CardPainter(text_ltr)
    painter.begin_frame(1.0)
    drawn = painter.surface(card, SIZE, 4.0)
    assert painter.stand_ins == 0
    painter.begin_frame(0.0)  # nothing more may be made in this frame
    tilted = painter.surface(card, SIZE, -6.0)
    assert painter.stand_ins == 1 and tilted is drawn
    painter.begin_frame(1.0)
    again = painter.surface(card, SIZE, -6.0)
    assert painter.stand_ins == 0 and again is not drawn


def test_the_frame_loop_makes_no_finished_card_itself_when_it_has_a_helper(
        text_ltr: TextRenderer, helper: ThinkingPool, monkeypatch: pytest.MonkeyPatch) -> None:
    painter = CardPainter(text_ltr, helper)
    turned: list[float] = []
    real = pygame.transform.rotozoom
    monkeypatch.setattr(pygame.transform, "rotozoom",
                        lambda s, a, z: turned.append(a) or real(s, a, z))
    image = settle(painter, ALL_CARDS[12], 9.0)
    assert turned == [] and image.get_width() > SIZE[0]  # turned, in the helper


def test_without_a_helper_or_a_budget_every_card_is_made_at_once(
        text_ltr: TextRenderer) -> None:
    painter = CardPainter(text_ltr)
    for card in ALL_CARDS[:5]:
        painter.surface(card, SIZE, 3.0)
    assert painter.stand_ins_total == 0 and painter.settled


def test_a_helper_shut_down_leaves_the_painting_here(text_ltr: TextRenderer) -> None:
    pool = ThinkingPool(1)
    pool.shutdown()
    painter = CardPainter(text_ltr, pool)
    painter.begin_frame(1.0)
    image = painter.surface(ALL_CARDS[2], SIZE, 0.0)
    painter.send()  # the frame's end: its cards go to the helper, which is gone
    assert painter.helper is None and painter.stand_ins == 1
    painter.begin_frame(1.0)
    assert painter.surface(ALL_CARDS[2], SIZE, 0.0) is not image and painter.stand_ins == 0

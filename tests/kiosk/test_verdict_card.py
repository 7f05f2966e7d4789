"""The verdict card, read from 3 m: contrast measured from the drawn pixels, the winning
row marked, the last number set apart, the board in view, the serial as printed."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from benchmarks.verdict_contrast import (
    band_share,
    colours,
    contrast,
    ink_height,
    measure,
    text_and_background,
    text_area,
    verdict_screen,
)
from engines.debarna.hand import Verdict
from engines.debarna.options import Stage
from engines.debarna.ticket import ROWS
from kiosk.games.debarna.caller import ClaimPhase, ClaimResult, Notice
from kiosk.games.debarna.scene import (
    CELL_LAST,
    CELL_ON,
    LAST_FRAME,
    ROW_WIN,
    CallerScene,
    VerdictDrawn,
    make_layout,
)
from kiosk.i18n import PERSIAN_DIGITS
from kiosk.text import TextRenderer

HD = (1920, 1080)
TARGET = 7.0  # DESIGN §3b: the verdict and numbers ≥ 7:1
CAP_HEIGHT = 28  # px at 1080p for what a player must read


@pytest.fixture
def rendered(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[str, bool | None]]]:
    """Every (text, rtl) handed to the text renderer."""
    calls: list[tuple[str, bool | None]] = []
    original = TextRenderer.render

    def spy(self: TextRenderer, text: str, size: int, colour: object, bold: bool = False,
            rtl: bool | None = None) -> pygame.Surface:
        calls.append((text, self.rtl if rtl is None else rtl))
        return original(self, text, size, colour, bold, rtl)  # type: ignore[arg-type]

    monkeypatch.setattr(TextRenderer, "render", spy)
    yield calls


def drawn_of(scene: CallerScene) -> VerdictDrawn:
    assert scene.verdict_drawn is not None
    return scene.verdict_drawn


def row_strip(drawn: VerdictDrawn, row: int) -> pygame.Rect:
    """A row of the card, across the card only."""
    height = drawn.card.height / ROWS
    top = round(drawn.card.top + row * height)
    return pygame.Rect(drawn.card.left, top, drawn.card.width,
                       round(drawn.card.top + (row + 1) * height) - top)


def test_contrast_is_the_wcag_ratio_read_from_pixels(display: None) -> None:
    assert contrast((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert contrast((119, 119, 119), (255, 255, 255)) == pytest.approx(4.48, abs=0.01)
    assert contrast((40, 80, 120), (40, 80, 120)) == 1.0
    surface = pygame.Surface((40, 40))
    surface.fill((255, 255, 255))
    surface.fill((0, 0, 0), pygame.Rect(10, 10, 8, 20))
    assert text_and_background(surface, surface.get_rect()) == ((0, 0, 0), (255, 255, 255))
    assert ink_height(surface, surface.get_rect(), (0, 0, 0)) == 20


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_marked_numbers_the_last_number_and_the_winning_row_are_7_to_1(
    display: None, lang: str
) -> None:
    screen, scene, _ = verdict_screen(lang, HD)
    figures = measure(screen, scene)
    assert figures.marked and figures.last and figures.winning_row
    assert min(figures.marked) >= TARGET
    assert min(figures.last) >= TARGET
    assert min(figures.winning_row) >= TARGET
    assert min(figures.uncalled) >= TARGET
    assert figures.headline >= TARGET
    assert figures.serial >= TARGET


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_the_card_numbers_stand_at_least_28_px_at_1080p(display: None, lang: str) -> None:
    screen, scene, _ = verdict_screen(lang, HD)
    for cell in drawn_of(scene).cells.values():
        area = text_area(cell)
        text, _ = text_and_background(screen, area)
        assert ink_height(screen, area, text) >= CAP_HEIGHT


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_called_last_and_uncalled_numbers_look_different(display: None, lang: str) -> None:
    screen, scene, _ = verdict_screen(lang, HD)
    figures = measure(screen, scene)
    (marked,) = figures.backgrounds["marked"]  # one mark for every called number
    (last,) = figures.backgrounds["last"]
    # Told apart by lightness, not only by hue (WCAG's 3:1 for graphics).
    assert contrast(last, marked) >= 3.0
    for uncalled in figures.backgrounds["uncalled"]:
        assert contrast(uncalled, marked) >= 3.0
    # And by shape: the last number's square has a dark frame at its edge.
    result = scene.controller.result
    assert result is not None and result.last is not None
    cell = drawn_of(scene).cells[result.last]
    assert tuple(screen.get_at((cell.left + 3, cell.centery)))[:3] == LAST_FRAME
    assert tuple(screen.get_at((cell.centerx, cell.top + 3)))[:3] == LAST_FRAME


@pytest.mark.parametrize(("lang", "stage"), [("en", Stage.LINE), ("fa", Stage.LINE),
                                             ("en", Stage.TWO_LINES)])
def test_the_winning_rows_are_on_a_band_and_no_other_row_is(
    display: None, lang: str, stage: Stage
) -> None:
    screen, scene, _ = verdict_screen(lang, HD, stage=stage)
    result = scene.controller.result
    assert result is not None and result.verdict is not None
    rows = result.verdict.rows
    assert len(rows) == (1 if stage is Stage.LINE else 2)
    drawn = drawn_of(scene)
    assert set(drawn.bands) == set(rows)
    for row in range(ROWS):
        share = band_share(screen, row_strip(drawn, row), ROW_WIN)
        if row in rows:
            assert share > 0.15, (row, share)  # the band shows round the marks
            band = drawn.bands[row]
            # It reaches out of the card onto the panel, on both sides.
            assert band.left < drawn.card.left and band.right > drawn.card.right
            for x in (band.left + 10, band.right - 10):
                assert tuple(screen.get_at((x, band.centery)))[:3] == ROW_WIN
        else:
            assert share == 0.0, (row, share)
    # Every number of a winning row is called.
    grid = result.ticket.grid if result.ticket else ()
    for row in rows:
        assert all(n in result.called for n in grid[row] if n is not None)


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_the_board_of_called_numbers_stays_in_view(display: None, lang: str) -> None:
    screen, scene, _ = verdict_screen(lang, HD)
    layout = make_layout(HD, lang == "fa")
    c = scene.controller
    assert not layout.claim.colliderect(layout.mini_board)
    for number in c.called:
        cell = layout.mini_cells[number]
        colour = tuple(screen.get_at((cell.left + 4, cell.centery)))[:3]
        assert colour == (CELL_LAST if number == c.last else CELL_ON)
        # A lit number on the board is readable too.
        text, background = text_and_background(screen, cell.inflate(-8, -8))
        assert contrast(text, background) >= TARGET


def test_the_persian_screen_shows_the_serial_as_printed(
    display: None, rendered: list[tuple[str, bool | None]]
) -> None:
    fa_screen, fa_scene, serial = verdict_screen("fa", HD)
    assert serial.isascii() and any(ch.isdigit() for ch in serial)
    # The paper prints the serial as it is (hardware.printing draws `ticket.serial`):
    # the Persian screen hands exactly that text to the renderer, left to right.
    assert (serial, False) in rendered
    persian = serial.translate(PERSIAN_DIGITS)
    assert not any(persian in text for text, _ in rendered)
    fa_rect = drawn_of(fa_scene).serial
    assert fa_rect is not None
    fa_pixels = pygame.image.tobytes(fa_screen.subsurface(fa_rect), "RGB")

    en_screen, en_scene, en_serial = verdict_screen("en", HD)
    assert en_serial == serial
    en_rect = drawn_of(en_scene).serial
    assert en_rect is not None and en_rect.size == fa_rect.size
    # The same pixels as the English screen's: same digits, same order.
    assert pygame.image.tobytes(en_screen.subsurface(en_rect), "RGB") == fa_pixels


def test_shared_and_typed_serials_are_shown_as_printed_in_persian(
    display: None, rendered: list[tuple[str, bool | None]]
) -> None:
    screen, scene, serial = verdict_screen("fa", HD)
    c = scene.controller
    result = c.result
    assert result is not None and result.verdict is not None
    # The same card, shown as a win shared with two others.
    shared = Verdict(result.verdict.serial, True, stages=result.verdict.stages,
                     shared_with=("001-2", "012-5"), ticket=result.ticket,
                     call_index=result.verdict.call_index, rows=result.verdict.rows)
    c.result = ClaimResult(serial, shared, Notice("claim.valid"), result.called, result.last)
    c.claim_phase = ClaimPhase.VERDICT
    scene.invalidate()
    rendered.clear()
    scene.draw(screen, 100.0)
    assert ("001-2", False) in rendered and ("012-5", False) in rendered
    assert colours(screen, drawn_of(scene).card)  # the card is still drawn

    c.open_claim(100.0)  # another claim: its serial is typed
    for ch in serial:
        c.type_serial(ch)
    rendered.clear()
    scene.draw(screen, 100.0)
    assert (serial + "_", False) in rendered

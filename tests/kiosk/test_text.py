"""Text: fonts found at run time, Persian shaped right to left, each script in its font."""

from __future__ import annotations

from pathlib import Path

import pytest

from hardware import script
from kiosk.text import FontError, TextRenderer, find_fonts, visual


def test_the_fonts_are_found() -> None:
    fonts = find_fonts()
    assert "Arabic" in fonts.arabic.name
    assert fonts.latin.is_file() and fonts.latin_bold.is_file()


def test_without_a_persian_font_the_error_names_the_package(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(script, "FONT_DIRS", (tmp_path,))
    monkeypatch.setattr(script, "_fc_match", lambda pattern: None)
    find_fonts.cache_clear()
    try:
        with pytest.raises(FontError, match="fonts-noto-core"):
            find_fonts()
    finally:
        find_fonts.cache_clear()


def test_the_arabic_font_has_no_latin_letters(text_ltr: TextRenderer) -> None:
    arabic = text_ltr.files.arabic
    assert text_ltr.has_glyph(arabic, "ب")
    assert text_ltr.has_glyph(arabic, "۵")
    assert not text_ltr.has_glyph(arabic, "a")
    assert text_ltr.has_glyph(text_ltr.files.latin, "a")


def test_a_mixed_line_is_cut_into_runs_by_script(text_rtl: TextRenderer) -> None:
    runs = text_rtl.runs(visual("Space مکث", rtl=True))
    fonts = [path for path, _ in runs]
    assert fonts == [text_rtl.files.arabic, text_rtl.files.latin]
    assert runs[1][1] == "Space"


def test_persian_is_shown_right_to_left() -> None:
    shown = visual("خط", rtl=True)
    # Shaped to presentation forms, and in display order: the last letter comes first.
    assert shown == "\ufec2\ufea7"


def test_a_serial_stays_in_order_inside_persian_text() -> None:
    shown = visual("کارت \u2068۰۰۳-۴\u2069", rtl=True)
    assert "۰۰۳-۴" in shown
    assert "\u2068" not in shown and "\u2069" not in shown


def test_lines_of_one_size_have_one_height(text_rtl: TextRenderer) -> None:
    a = text_rtl.render("دبرنا", 40, (255, 255, 255))
    b = text_rtl.render("Dabernā 90", 40, (255, 255, 255))
    assert a.get_height() == b.get_height()
    assert a.get_bounding_rect().width > 0


def test_rendered_lines_are_cached(text_ltr: TextRenderer) -> None:
    first = text_ltr.render("23 / 90", 31, (1, 2, 3))
    hits = text_ltr.hits
    assert text_ltr.render("23 / 90", 31, (1, 2, 3)) is first
    assert text_ltr.hits == hits + 1


def test_fit_shrinks_a_line_to_the_width(text_ltr: TextRenderer) -> None:
    wide = "Numbers are called automatically; N works in manual mode"
    assert text_ltr.render(wide, 60, (255, 255, 255)).get_width() > 300
    assert text_ltr.fit(wide, 60, (255, 255, 255), 300).get_width() <= 300


def test_punctuation_the_arabic_font_lacks_is_drawn_with_the_latin_font(
    text_rtl: TextRenderer,
) -> None:
    runs = text_rtl.runs(visual("آماده باشید…", rtl=True))
    for path, run in runs:
        assert all(text_rtl.has_glyph(path, ch) for ch in run), (path.name, run)
    assert any(path == text_rtl.files.latin and "…" in run for path, run in runs)


def test_wrapped_lines_fit_the_width_and_keep_every_word(text_ltr: TextRenderer) -> None:
    sentence = "South, press select when you are ready. Everyone else, please look away."
    lines = text_ltr.wrap(sentence, 40, 400)
    assert len(lines) > 1 and " ".join(lines).split() == sentence.split()
    assert all(text_ltr.render(line, 40, (255, 255, 255)).get_width() <= 400
               for line in lines if " " in line)
    assert text_ltr.wrap("Supercalifragilistic", 40, 50) == ["Supercalifragilistic"]


def test_a_paragraph_shrinks_until_its_lines_fit_the_height(text_rtl: TextRenderer) -> None:
    import pygame

    target = pygame.Surface((500, 120))
    rect = pygame.Rect(0, 0, 500, 120)
    text_rtl.paragraph(target, "این کارت مجاز نیست " * 6, 60, (255, 255, 255), rect)
    lit = [y for y in range(120) if any(target.get_at((x, y))[0] > 128 for x in range(0, 500, 2))]
    assert lit and lit[0] > 0 and lit[-1] < 119  # drawn inside, nothing cut at the edges


@pytest.mark.parametrize(("logical", "brackets"), [
    ("الف (ب) ج", "()"),  # a Persian word in brackets
    ("سرویس چاپ (CUPS) تا یک دقیقه", "()"),  # a Latin word in brackets, in a Persian line
    ("printing.printer (lpstat -p) چاپگر", "()"),  # Latin text with its brackets
    ("دیر شد (شماره‌ی ۲) و [خط]", "[]()"),  # the second pair is drawn to the left
])
def test_brackets_in_a_persian_line_face_the_right_way(logical: str, brackets: str) -> None:
    """Drawn left to right, an opening bracket must look like "(" and its closer ")"."""
    drawn = visual(logical, rtl=True)
    assert "".join(ch for ch in drawn if ch in "()[]") == brackets


def test_card_suits_and_stars_are_drawn_not_boxed(text_ltr: TextRenderer) -> None:
    # Noto Sans has no suit signs: Bidel's rule "no Q♠ on the first trick" drew a box.
    symbols = text_ltr.files.symbols
    assert symbols is not None and symbols.is_file()  # fonts-dejavu-core, from the set-up
    for sign in "♠♥♦♣★":
        assert not text_ltr.has_glyph(text_ltr.files.latin, sign)
        assert text_ltr.has_glyph(symbols, sign)
    runs = text_ltr.runs("no Q♠ on the first trick")
    assert (symbols, "♠ ") in runs or any(path == symbols and "♠" in run for path, run in runs)
    assert all(text_ltr.has_glyph(path, ch) for path, run in runs for ch in run)


def test_without_the_symbols_font_the_signs_fall_back_to_the_latin_font(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    fonts = find_fonts()
    monkeypatch.setattr(script, "SYMBOL_FILES", {False: ("none.ttf",), True: ("none.ttf",)})
    monkeypatch.setattr(script, "_fc_match", lambda pattern: None)
    monkeypatch.setattr(script, "FONT_DIRS", (fonts.latin.parent, fonts.arabic.parent))
    find_fonts.cache_clear()
    try:
        found = find_fonts()
        assert found.symbols is None and found.latin == fonts.latin
        plain = TextRenderer(found)
        assert [path for path, _run in plain.runs("Q♠")] == [found.latin]
    finally:
        find_fonts.cache_clear()


WORDS = ("Roll", "the", "dice", "نوبت", "شماست", "Sara", "۲۳", "♥", "Q♠", "10", "ready…",
         "«hi»", "a-b", "(x)", "·", "Dark · computer")


@pytest.mark.parametrize("seed", range(4))
def test_a_line_is_measured_as_wide_as_it_is_drawn(text_ltr: TextRenderer, seed: int) -> None:
    import random

    rng = random.Random(seed)
    for _ in range(60):
        line = " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 6)))
        size, bold, rtl = rng.choice((26, 32, 42, 57)), rng.random() < 0.5, rng.random() < 0.5
        drawn = text_ltr.render(line, size, (255, 255, 255), bold, rtl).get_width()
        assert text_ltr.width(line, size, bold, rtl) == drawn, (line, size, bold, rtl)


def test_a_line_too_wide_is_scaled_down_with_no_font_at_a_new_size(
        text_ltr: TextRenderer) -> None:
    text_ltr.clear()
    before, fonts = text_ltr.misses, set(text_ltr._fonts)
    line = "A long line that has to shrink a few times to fit"
    image, used = text_ltr.fitted(line, 60, (255, 255, 255), 300)
    assert 290 <= image.get_width() <= 300 and used < 60
    assert text_ltr.misses == before + 1  # drawn once, at its own size
    assert image.get_height() < text_ltr.render(line, 60, (255, 255, 255)).get_height()
    assert text_ltr.fitted(line, 60, (255, 255, 255), 300)[0] is image  # kept
    wrapped = text_ltr.wrap(line, 40, 260)
    assert len(wrapped) > 1 and text_ltr.misses == before + 1  # measured, none drawn
    assert all(text_ltr.width(part, 40) <= 260 for part in wrapped)
    # (24: the size at which a font is asked whether it has a sign)
    assert {size for _, size in set(text_ltr._fonts) - fonts} <= {24, 40, 60}


def test_a_line_that_fits_is_drawn_as_it_is(text_ltr: TextRenderer) -> None:
    image, used = text_ltr.fitted("Pips: 167", 40, (255, 255, 255), 1000)
    assert used == 40 and image is text_ltr.render("Pips: 167", 40, (255, 255, 255))


def test_wanted_fonts_are_warmed_a_few_letters_a_step(text_rtl: TextRenderer) -> None:
    from kiosk.text import WARM_LATIN, WARM_STEP

    files = text_rtl.files
    text_rtl.want([37, 37])  # a size asked for twice is warmed once
    wanted = {(files.latin, 37), (files.latin_bold, 37), (files.arabic, 37),
              (files.arabic_bold, 37)}  # Persian: its font too
    assert wanted <= set(text_rtl._wanted) and text_rtl.warming
    steps = 0
    while text_rtl.warm_one():
        steps += 1
        assert steps < 1000
    assert not text_rtl.warming and wanted <= set(text_rtl._fonts)
    assert steps >= 2 * -(-len(WARM_LATIN) // WARM_STEP)  # a few glyphs at a time
    text_rtl.want([37])
    assert not text_rtl.warming  # warm already

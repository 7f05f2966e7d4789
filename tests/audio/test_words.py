"""Number words in Persian and English, checked against a written table."""

from __future__ import annotations

import pytest

from audio.words import STYLES, call_clips, clip_texts, spoken, ticket_clips, words

TABLE = {
    1: ("یک", "one"),
    7: ("هفت", "seven"),
    10: ("ده", "ten"),
    11: ("یازده", "eleven"),
    12: ("دوازده", "twelve"),
    13: ("سیزده", "thirteen"),
    14: ("چهارده", "fourteen"),
    15: ("پانزده", "fifteen"),
    16: ("شانزده", "sixteen"),
    17: ("هفده", "seventeen"),
    18: ("هجده", "eighteen"),
    19: ("نوزده", "nineteen"),
    20: ("بیست", "twenty"),
    21: ("بیست و یک", "twenty-one"),
    30: ("سی", "thirty"),
    34: ("سی و چهار", "thirty-four"),
    40: ("چهل", "forty"),
    45: ("چهل و پنج", "forty-five"),
    50: ("پنجاه", "fifty"),
    58: ("پنجاه و هشت", "fifty-eight"),
    60: ("شصت", "sixty"),
    63: ("شصت و سه", "sixty-three"),
    70: ("هفتاد", "seventy"),
    76: ("هفتاد و شش", "seventy-six"),
    80: ("هشتاد", "eighty"),
    89: ("هشتاد و نه", "eighty-nine"),
    90: ("نود", "ninety"),
}


@pytest.mark.parametrize("number", sorted(TABLE))
def test_number_words_follow_the_table(number: int) -> None:
    fa, en = TABLE[number]
    assert words(number, "fa") == fa
    assert words(number, "en") == en


def test_every_number_has_distinct_words_in_both_languages() -> None:
    for lang in ("fa", "en"):
        all_words = [words(n, lang) for n in range(1, 91)]
        assert len(set(all_words)) == 90


def test_persian_compounds_join_tens_and_units_with_va() -> None:
    for n in range(21, 90):
        if n % 10:
            tens, units = words(n - n % 10, "fa"), words(n % 10, "fa")
            assert words(n, "fa") == f"{tens} و {units}"


def test_english_calls_follow_the_callers_style() -> None:
    assert spoken(7, "en") == "On its own, number seven."
    assert spoken(63, "en") == "Sixty-three."
    assert spoken(63, "fa") == "63"  # espeak-ng's fa voice reads digits as Persian words


@pytest.mark.parametrize("bad", [0, 91, -5])
def test_only_balls_have_words(bad: int) -> None:
    with pytest.raises(ValueError):
        words(bad, "fa")


def test_the_call_styles() -> None:
    assert call_clips(63, "number") == ["n63"]
    assert call_clips(63, "digits") == ["n63", "digit6", "digit3"]
    assert call_clips(30, "digits") == ["n30", "digit3", "digit0"]
    assert call_clips(7, "digits") == ["n7"]
    assert call_clips(63, "twice") == ["n63", "n63"]
    with pytest.raises(ValueError, match="call style"):
        call_clips(63, "sung")
    assert set(STYLES) == {"number", "digits", "twice"}


def test_every_clip_a_call_or_phrase_needs_exists_in_both_languages() -> None:
    for lang in ("fa", "en"):
        texts = clip_texts(lang)
        for n in range(1, 91):
            for style in STYLES:
                assert set(call_clips(n, style)) <= set(texts)
        for phrase in ("line", "two_lines", "full_house", "claim_accepted", "claim_not_valid",
                       "ticket", "paused", "resumed", "new_hand"):
            assert texts[phrase]
        assert set(ticket_clips("007-3")) <= set(texts)
    assert ticket_clips("007-3") == ["ticket", "digit0", "digit0", "digit7", "digit3"]

"""The QR scanner is a very fast keyboard: a scan is a quick burst of code characters.

A burst at scanner speed ending in Enter is a Scan; everything else is a person
typing and comes back, in order, from `take_typed()`.
"""

from __future__ import annotations

import string

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.debarna.codes import QR_ALPHANUMERIC
from hardware.events import Scan
from hardware.scanner import ScanDetector

MAX_GAP = 0.060
MIN_LENGTH = 20
PAYLOAD = "DB1:K7Q2XM:007-3:011523344566718293041526374859:ABCDEFGHIJKLMNOP"


def detector() -> ScanDetector:
    return ScanDetector(MAX_GAP, MIN_LENGTH)


def type_out(scanner: ScanDetector, text: str, start: float, gap: float) -> list[Scan]:
    """Feed `text` one character every `gap` seconds; the scans it made."""
    scans = []
    for i, char in enumerate(text):
        scan = scanner.feed(char, start + i * gap)
        if scan is not None:
            scans.append(scan)
    return scans


def test_a_burst_at_scanner_speed_is_a_scan_with_the_exact_payload() -> None:
    scanner = detector()
    assert type_out(scanner, PAYLOAD + "\r", 0.0, 0.004) == [Scan(PAYLOAD)]
    scanner.expire(10.0)
    assert scanner.take_typed() == ""


def test_a_scan_may_end_with_line_feed() -> None:
    assert type_out(detector(), PAYLOAD + "\n", 0.0, 0.004) == [Scan(PAYLOAD)]


def test_a_scanner_ending_with_cr_lf_leaves_no_stray_enter() -> None:
    scanner = detector()
    assert type_out(scanner, PAYLOAD + "\r\n", 0.0, 0.004) == [Scan(PAYLOAD)]
    scanner.expire(10.0)
    assert scanner.take_typed() == ""


def test_a_scan_sent_with_caps_lock_is_upper_cased() -> None:
    assert type_out(detector(), PAYLOAD.lower() + "\r", 0.0, 0.004) == [Scan(PAYLOAD)]


def test_two_scans_one_after_the_other_are_two_scans() -> None:
    scanner = detector()
    other = PAYLOAD.replace("007-3", "008-1")
    scans = type_out(scanner, PAYLOAD + "\r", 0.0, 0.004)
    scans += type_out(scanner, other + "\r", 1.0, 0.004)
    assert scans == [Scan(PAYLOAD), Scan(other)]


def test_the_same_text_typed_slowly_is_not_a_scan_and_comes_back() -> None:
    scanner = detector()
    assert type_out(scanner, PAYLOAD + "\r", 0.0, 0.150) == []
    scanner.expire(100.0)
    assert scanner.take_typed() == PAYLOAD + "\r"


def test_typed_characters_come_back_within_max_gap() -> None:
    scanner = detector()
    scanner.feed("0", 0.0)
    scanner.expire(MAX_GAP / 2)
    assert scanner.take_typed() == ""
    assert scanner.pending
    scanner.expire(MAX_GAP * 1.5)
    assert scanner.take_typed() == "0"
    assert not scanner.pending


def test_a_long_gap_in_the_middle_is_not_a_scan() -> None:
    scanner = detector()
    half = len(PAYLOAD) // 2
    scans = type_out(scanner, PAYLOAD[:half], 0.0, 0.004)
    scans += type_out(scanner, PAYLOAD[half:] + "\r", 0.004 * half + 0.5, 0.004)
    assert scans == []
    scanner.expire(100.0)
    assert scanner.take_typed() == PAYLOAD + "\r"


def test_a_scan_a_moment_after_a_stalled_one_still_counts() -> None:
    scanner = detector()
    type_out(scanner, PAYLOAD[:30], 0.0, 0.004)
    assert type_out(scanner, PAYLOAD + "\r", 3.0, 0.004) == [Scan(PAYLOAD)]
    assert scanner.take_typed() == PAYLOAD[:30]


def test_a_quick_second_scan_after_a_too_short_one_still_counts() -> None:
    scanner = detector()
    assert type_out(scanner, "HELLO\r", 0.0, 0.004) == []
    assert type_out(scanner, PAYLOAD + "\r", 0.2, 0.004) == [Scan(PAYLOAD)]
    assert scanner.take_typed() == "HELLO\r"


def test_an_enter_that_comes_late_does_not_make_a_scan() -> None:
    scanner = detector()
    assert type_out(scanner, PAYLOAD, 0.0, 0.004) == []
    assert scanner.feed("\r", 0.004 * len(PAYLOAD) + 0.5) is None
    assert scanner.take_typed() == PAYLOAD + "\r"


def test_a_burst_shorter_than_min_length_is_not_a_scan() -> None:
    scanner = detector()
    short = PAYLOAD[: MIN_LENGTH - 1]
    assert type_out(scanner, short + "\r", 0.0, 0.004) == []
    assert scanner.take_typed() == short + "\r"


def test_a_burst_of_exactly_min_length_is_a_scan() -> None:
    exact = PAYLOAD[:MIN_LENGTH]
    assert type_out(detector(), exact + "\r", 0.0, 0.004) == [Scan(exact)]


@pytest.mark.parametrize("noise", ["!", "é", "\t", "#", "_", "ı"])
def test_a_character_outside_the_code_set_breaks_the_burst(noise: str) -> None:
    scanner = detector()
    text = PAYLOAD[:30] + noise + PAYLOAD[30:] + "\r"
    assert type_out(scanner, text, 0.0, 0.004) == []
    scanner.expire(100.0)
    assert scanner.take_typed() == text


def test_a_burst_without_end_is_handed_back_by_expire() -> None:
    scanner = detector()
    type_out(scanner, PAYLOAD, 0.0, 0.004)
    assert scanner.take_typed() == ""
    scanner.expire(10.0)
    assert scanner.take_typed() == PAYLOAD


def test_a_burst_longer_than_any_code_is_not_a_scan() -> None:
    scanner = ScanDetector(MAX_GAP, MIN_LENGTH, max_length=40)
    assert type_out(scanner, PAYLOAD + "\r", 0.0, 0.004) == []
    assert scanner.take_typed() == PAYLOAD + "\r"


def test_several_characters_at_once_are_fed_in_order() -> None:
    scanner = detector()
    assert scanner.feed(PAYLOAD + "\r", 1.0) == Scan(PAYLOAD)
    assert scanner.feed("", 2.0) is None


def test_the_config_timings_are_in_milliseconds() -> None:
    from kiosk.config import ScannerConfig

    scanner = ScanDetector.from_config(ScannerConfig(max_gap_ms=60, min_length=20))
    assert scanner.max_gap == pytest.approx(0.06)
    assert scanner.min_length == 20


@pytest.mark.parametrize("max_gap, min_length", [(0.0, 20), (0.06, 0), (0.06, 1000)])
def test_impossible_settings_are_refused(max_gap: float, min_length: int) -> None:
    with pytest.raises(ValueError):
        ScanDetector(max_gap, min_length)


# -- properties -------------------------------------------------------------------

keyboard = st.one_of(
    st.characters(),
    st.sampled_from("\r\n"),
    st.sampled_from(sorted(QR_ALPHANUMERIC) + list(string.ascii_lowercase)),
)
gaps = st.one_of(st.floats(min_value=0.0, max_value=0.5),
                 st.floats(min_value=0.0, max_value=MAX_GAP))
mashing = st.lists(st.tuples(keyboard, gaps), max_size=200)


@settings(max_examples=300)
@given(keys=mashing, min_length=st.integers(min_value=1, max_value=30))
def test_random_mashing_never_raises_and_a_scan_holds_only_code_characters(
        keys: list[tuple[str, float]], min_length: int) -> None:
    scanner = ScanDetector(MAX_GAP, min_length)
    t = 0.0
    scans: list[Scan] = []
    typed = ""
    for char, gap in keys:
        t += gap
        scan = scanner.feed(char, t)
        if scan is not None:
            scans.append(scan)
        scanner.expire(t)
        typed += scanner.take_typed()
    scanner.expire(t + 1.0)
    typed += scanner.take_typed()
    for scan in scans:
        assert set(scan.payload) <= QR_ALPHANUMERIC
        assert len(scan.payload) >= min_length
    # every character comes out once: in a scan, as typing, or as a scan's Enter
    # (the second half of a CR LF after a scan is swallowed)
    accounted = len(typed) + sum(len(s.payload) + 1 for s in scans)
    assert accounted <= len(keys) <= accounted + len(scans)


@settings(max_examples=200)
@given(keys=st.lists(st.tuples(st.characters(blacklist_characters="\r\n"), gaps), max_size=100))
def test_without_enter_nothing_is_a_scan_and_all_typing_comes_back(
        keys: list[tuple[str, float]]) -> None:
    scanner = ScanDetector(MAX_GAP, 1)
    t = 0.0
    for char, gap in keys:
        t += gap
        assert scanner.feed(char, t) is None
    scanner.expire(t + 1.0)
    assert scanner.take_typed() == "".join(char for char, _ in keys)


human = st.lists(st.tuples(keyboard, st.floats(min_value=MAX_GAP * 1.5, max_value=2.0)),
                 max_size=20)


@settings(max_examples=200)
@given(before=human, after=human, gap=st.floats(min_value=0.0, max_value=MAX_GAP * 0.9),
       pause=st.floats(min_value=MAX_GAP * 1.5, max_value=5.0))
def test_a_scan_among_slow_typing_is_found_and_the_typing_comes_back(
        before: list[tuple[str, float]], after: list[tuple[str, float]], gap: float,
        pause: float) -> None:
    scanner = detector()
    t = 0.0
    scans = []
    for char, wait in before:
        t += wait
        scans.append(scanner.feed(char, t))
    t += pause
    for char in PAYLOAD + "\r":
        scans.append(scanner.feed(char, t))
        t += gap
    for char, wait in after:
        t += wait
        scans.append(scanner.feed(char, t))
    scanner.expire(t + 1.0)
    assert [s for s in scans if s is not None] == [Scan(PAYLOAD)]
    typed = scanner.take_typed()
    assert typed == "".join(c for c, _ in before) + "".join(c for c, _ in after)

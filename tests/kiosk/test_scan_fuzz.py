"""Fuzzing scans: garbled, truncated, foreign, replayed or forged codes, and keyboard mashing.

Whatever is scanned, the verifier either returns the genuine ticket or refuses with
a reason; the caller never raises and never changes the hand for a bad scan.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines.debarna.codes import QR_ALPHANUMERIC, CodeError, CodeProblem, TicketCodes
from engines.debarna.strips import make_strips
from kiosk.games.debarna.caller import CallerController, ClaimPhase

SECRET = bytes(range(32))
CODES = TicketCodes("ABCDEF", SECRET)
OTHER = TicketCodes("ABCDEF", bytes(range(1, 33)))  # same series, another secret
FOREIGN = TicketCodes("ZZZZZZ", SECRET)
TICKETS = [t for strip in make_strips(2, random.Random(5)) for t in strip]
GENUINE = [CODES.encode(t) for t in TICKETS]

alphanumeric = st.text(alphabet=sorted(QR_ALPHANUMERIC), max_size=120)
anything = st.text(max_size=200)


def _mutate(payload: str, data: st.DataObject) -> str:
    kind = data.draw(st.sampled_from(["replace", "drop", "insert", "truncate", "swap"]))
    i = data.draw(st.integers(0, len(payload) - 1))
    char = data.draw(st.sampled_from(sorted(QR_ALPHANUMERIC)))
    if kind == "replace":
        return payload[:i] + char + payload[i + 1 :]
    if kind == "drop":
        return payload[:i] + payload[i + 1 :]
    if kind == "insert":
        return payload[:i] + char + payload[i:]
    if kind == "truncate":
        return payload[:i]
    j = data.draw(st.integers(0, len(payload) - 1))
    chars = list(payload)
    chars[i], chars[j] = chars[j], chars[i]
    return "".join(chars)


@settings(max_examples=400, deadline=None)
@given(st.one_of(alphanumeric, anything))
def test_any_text_is_refused_with_a_reason_or_is_a_genuine_ticket(text: str) -> None:
    try:
        scanned = CODES.verify(text)
    except CodeError as exc:
        assert isinstance(exc.problem, CodeProblem) and str(exc)
    else:
        assert CODES.encode(scanned.ticket) == text.strip().upper()


@settings(max_examples=400, deadline=None)
@given(st.data())
def test_an_edited_code_never_verifies_as_anything_else(data: st.DataObject) -> None:
    payload = data.draw(st.sampled_from(GENUINE))
    edited = _mutate(payload, data)
    try:
        CODES.verify(edited)
    except CodeError:
        return
    # Only no change at all is accepted: swapping two equal characters, or a space
    # before or after the code (a scanner's padding, trimmed).
    assert edited.strip() == payload


def test_forged_and_foreign_codes_are_refused_with_their_reason() -> None:
    for ticket in TICKETS:
        payload = CODES.encode(ticket)
        assert CODES.verify(payload).ticket == ticket
        assert CODES.verify(payload.lower()).ticket == ticket  # caps lock on the scanner
        _refused(OTHER.encode(ticket), CodeProblem.BAD_SIGNATURE)
        _refused(FOREIGN.encode(ticket), CodeProblem.FOREIGN)
        numbers = payload.split(":")[3]
        edited = numbers[:-2] + ("89" if numbers[-2:] != "89" else "88")
        _refused(payload.replace(numbers, edited), CodeProblem.BAD_SIGNATURE)


def _refused(payload: str, problem: CodeProblem) -> None:
    try:
        CODES.verify(payload)
    except CodeError as exc:
        assert exc.problem is problem, (payload, exc.problem)
    else:
        raise AssertionError(f"{payload} was accepted")


def _controller() -> CallerController:
    c = CallerController(TICKETS[:6], rhythm=3.0, rng=random.Random(2), codes=CODES)
    c.start_hand(0.0)
    for _ in range(30):
        c.call_next(0.0)
    return c


def _state(c: CallerController) -> tuple[object, ...]:
    assert c.hand is not None
    return (c.hand.called, c.hand.winners, len(c.hand.tickets), c.hand.next_stage,
            tuple(t.serial for t in c.hand.tickets if c.hand.is_burnt(t.serial)))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.one_of(alphanumeric, anything), min_size=1, max_size=5), st.booleans())
def test_bad_scans_never_raise_and_never_change_the_hand(scans: list[str], open_claim: bool
                                                        ) -> None:
    c = _controller()
    if open_claim:
        c.open_claim(1.0, seat=3)
    before = _state(c)
    for text in scans:
        try:
            CODES.verify(text)
            continue  # a genuine code by chance: not a bad scan
        except CodeError:
            pass
        c.scan(text, 2.0)
        assert _state(c) == before
        if open_claim:
            assert c.claim_phase is ClaimPhase.VERDICT and c.result is not None
            assert c.result.message.key.startswith("reason.")
            assert not c.result.valid


def test_a_replayed_scan_is_checked_again_and_counted_once() -> None:
    c = _controller()
    assert c.hand is not None
    payload = CODES.encode(TICKETS[0])
    first = c.scan(payload, 1.0)
    second = c.scan(payload, 1.5)
    assert first is not None and second is not None
    assert first.valid == second.valid
    winners = c.hand.winners
    assert all(list(w.serials).count(TICKETS[0].serial) <= 1 for w in winners.values())


# -- a code printed inside the kiosk's address for phones ---------------------------------------


def test_a_code_in_the_kiosks_address_verifies_as_the_code_alone() -> None:
    ticket = TICKETS[0]
    link = CODES.link(ticket, "http://192.168.1.20:8080")
    assert link == f"HTTP://192.168.1.20:8080/T/{CODES.encode(ticket)}"
    assert set(link) <= QR_ALPHANUMERIC  # a scanner types it on any layout
    assert CODES.verify(link).ticket == ticket
    assert CODES.verify(link.lower().replace("/t/", "/T/")).ticket == ticket
    # No address, or one that cannot be written in QR alphanumeric: the code alone.
    assert CODES.link(ticket, None) == CODES.encode(ticket)
    assert CODES.link(ticket, "http://kiosk_1.local:8080") == CODES.encode(ticket)
    assert CODES.link(ticket, "ftp://192.168.1.20") == CODES.encode(ticket)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_an_edited_code_in_an_address_is_refused_as_the_code_is(data: st.DataObject) -> None:
    ticket = data.draw(st.sampled_from(TICKETS))
    code = CODES.encode(ticket)
    edited = _mutate(code, data)
    link = f"HTTP://KIOSK.LOCAL:8080/T/{edited}"
    try:
        scanned = CODES.verify(link)
    except CodeError:
        with_code = None
        try:
            CODES.verify(edited)
        except CodeError:
            with_code = "refused"
        assert with_code == "refused"  # refused inside an address exactly when alone
    else:
        assert scanned.ticket == CODES.verify(edited).ticket
    for foreign in (FOREIGN.encode(ticket), OTHER.encode(ticket)):
        try:
            CODES.verify(f"HTTP://KIOSK.LOCAL:8080/T/{foreign}")
        except CodeError as exc:
            assert exc.problem in (CodeProblem.FOREIGN, CodeProblem.BAD_SIGNATURE)
        else:
            raise AssertionError("a foreign or forged code in an address verified")

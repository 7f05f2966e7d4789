"""The caller controller on a fake clock: rhythm, pause, manual, repeat, new hand, claims."""

from __future__ import annotations

import random

import pytest

from engines.debarna.hand import Reason
from engines.debarna.options import HandOptions, Stage
from engines.debarna.strips import make_strips
from kiosk.games.debarna.caller import (
    NEW_HAND_WINDOW,
    CallerController,
    Changed,
    ClaimPhase,
    box_tickets,
)

TICKETS = box_tickets(make_strips(4, random.Random(5)))


def controller(rhythm: float = 4.0, manual: bool = False, **options: bool) -> CallerController:
    return CallerController(TICKETS, HandOptions(**options), rhythm=rhythm, manual=manual,
                            rng=random.Random(11))


def running(rhythm: float = 4.0) -> CallerController:
    c = controller(rhythm)
    c.start_hand(0.0)
    return c


def call_until(c: CallerController, stage: Stage) -> list[str]:
    """Call numbers until some ticket completes `stage` on the last number."""
    now = 0.0
    while True:
        now += 1
        assert c.call_next(now) is not None
        reached = c.hand.reached_on_last() if c.hand else {}
        if stage in reached:
            return reached[stage]


def claim(c: CallerController, serial: str, now: float = 100.0) -> None:
    c.open_claim(now)
    c.type_serial(serial)
    c.check_claim(now)


# -- rhythm -------------------------------------------------------------------------------
def test_a_number_is_called_every_beat() -> None:
    c = running(rhythm=4.0)
    c.update(3.9)
    assert c.called == ()
    c.update(4.0)
    assert len(c.called) == 1
    c.update(7.9)
    assert len(c.called) == 1
    c.update(8.0)
    assert len(c.called) == 2


def test_a_stalled_clock_does_not_call_in_a_burst() -> None:
    c = running(rhythm=4.0)
    c.update(30.0)
    assert len(c.called) == 1
    c.update(30.1)
    assert len(c.called) == 1


def test_a_headless_rhythm_can_be_fast() -> None:
    c = running(rhythm=0.05)
    for step in range(1, 21):
        c.update(step * 0.05 + 1e-9)
    assert len(c.called) == 20


def test_the_countdown_runs_from_one_to_zero() -> None:
    c = running(rhythm=4.0)
    assert c.countdown(0.0) == pytest.approx(1.0)
    assert c.countdown(1.0) == pytest.approx(0.75)
    assert c.countdown(4.0) == pytest.approx(0.0)


def test_every_number_called_is_a_ball_from_1_to_90_once() -> None:
    c = running(rhythm=1.0)
    for step in range(1, 200):
        c.update(float(step))
        if c.hand is not None and c.hand.is_over:
            break
    assert len(set(c.called)) == len(c.called)
    assert all(1 <= n <= 90 for n in c.called)


# -- pause ----------------------------------------------------------------------------------
def test_pause_stops_calling_and_resume_waits_a_full_beat() -> None:
    c = running(rhythm=4.0)
    c.toggle_pause(1.0)
    assert c.paused and not c.running
    assert c.countdown(1.0) is None
    c.update(20.0)
    assert c.called == ()
    c.toggle_pause(20.0)
    c.update(23.9)
    assert c.called == ()
    c.update(24.0)
    assert len(c.called) == 1


def test_pause_and_resume_are_reported_as_changes() -> None:
    c = running()
    c.take_changes()
    c.toggle_pause(1.0)
    assert Changed.STATUS in c.take_changes()
    assert c.take_changes() == Changed.NONE


# -- manual mode ------------------------------------------------------------------------------
def test_manual_mode_calls_only_on_the_key() -> None:
    c = controller(manual=True)
    c.start_hand(0.0)
    c.update(60.0)
    assert c.called == ()
    number = c.next_number(61.0)
    assert c.called == (number,)
    assert c.countdown(61.0) is None


def test_next_number_in_automatic_mode_says_so_and_calls_nothing() -> None:
    c = running()
    assert c.next_number(1.0) is None
    assert c.called == ()
    assert c.notice is not None and c.notice.key == "notice.manual_only"


# -- repeat last -----------------------------------------------------------------------------------
def test_repeat_last_shows_the_number_without_changing_the_hand() -> None:
    c = running()
    c.update(4.0)
    called = c.called
    c.take_changes()
    assert c.repeat_last(5.0) == called[-1]
    assert c.repeating
    assert Changed.REPEAT in c.take_changes()
    assert c.called == called
    c.update(5.5)
    assert c.called == called  # not an extra call


def test_repeat_is_never_automatic_and_ends_with_the_next_call() -> None:
    c = running()
    c.update(4.0)
    assert not c.repeating
    c.repeat_last(4.5)
    c.update(8.0)
    assert not c.repeating
    assert len(c.called) == 2


def test_repeat_with_nothing_called_says_so() -> None:
    c = running()
    assert c.repeat_last(1.0) is None
    assert c.notice is not None and c.notice.key == "notice.nothing_to_repeat"


# -- new hand -------------------------------------------------------------------------------------
def test_a_new_hand_needs_a_second_press() -> None:
    c = running()
    c.update(4.0)
    first_hand = c.hand
    assert c.new_hand(5.0) is False
    assert c.hand is first_hand
    assert c.notice is not None and c.notice.key == "notice.new_hand_confirm"
    assert c.new_hand(6.0) is True
    assert c.hand is not first_hand
    assert c.called == ()


def test_a_late_second_press_only_asks_again() -> None:
    c = running()
    c.update(4.0)
    first_hand = c.hand
    c.new_hand(5.0)
    c.update(5.0 + NEW_HAND_WINDOW + 0.5)
    assert c.new_hand(5.0 + NEW_HAND_WINDOW + 0.6) is False
    assert c.hand is first_hand


def test_with_no_hand_one_press_starts_one() -> None:
    c = controller()
    assert c.hand is None
    assert c.new_hand(0.0) is True
    assert c.hand is not None and c.running


# -- claims ---------------------------------------------------------------------------------------
def test_a_claim_stops_calling_at_once() -> None:
    c = running()
    c.update(4.0)
    c.open_claim(5.0)
    assert c.claim_phase is ClaimPhase.ENTRY
    c.update(30.0)
    assert len(c.called) == 1


def test_typing_keeps_serial_characters_only() -> None:
    c = running()
    c.open_claim(1.0)
    c.type_serial("0a3-4 !")
    assert c.serial_text == "0A3-4"
    c.erase()
    assert c.serial_text == "0A3-"


def test_a_valid_line_claim_wins_and_names_who_shares() -> None:
    c = running()
    serials = call_until(c, Stage.LINE)
    claim(c, serials[0])
    result = c.result
    assert result is not None and result.valid
    assert result.verdict is not None and Stage.LINE in result.verdict.stages
    assert result.ticket is not None and result.ticket.serial == serials[0]
    assert c.claim_phase is ClaimPhase.VERDICT
    assert c.hand is not None and Stage.LINE in c.hand.winners
    assert c.stage is Stage.TWO_LINES


def test_resume_after_the_verdict_calls_again_after_a_beat() -> None:
    c = running(rhythm=4.0)
    serials = call_until(c, Stage.LINE)
    count = len(c.called)
    claim(c, serials[0], now=100.0)
    c.resume(101.0)
    assert c.running
    c.update(104.9)
    assert len(c.called) == count
    c.update(105.0)
    assert len(c.called) == count + 1


def test_an_unknown_serial_is_refused_and_changes_nothing() -> None:
    c = running()
    call_until(c, Stage.LINE)
    called, winners = c.called, c.hand.winners if c.hand else {}
    claim(c, "999-9")
    result = c.result
    assert result is not None and not result.valid
    assert result.verdict is not None and result.verdict.reason is Reason.UNKNOWN_TICKET
    assert result.message.key == "reason.unknown_ticket"
    assert result.message.values["serial"] == "999-9"
    assert c.called == called
    assert c.hand is not None and c.hand.winners == winners


def test_a_claim_with_no_hand_running_gives_a_message() -> None:
    c = controller()
    result = c.claim("001-1")
    assert result.verdict is None
    assert result.message.key == "reason.no_hand"
    c.open_claim(0.0)
    assert c.claim_phase is ClaimPhase.CLOSED
    assert c.notice is not None and c.notice.key == "notice.no_hand"
    assert c.hand is None


def test_a_claim_for_a_stage_already_won_is_refused() -> None:
    c = running()
    serials = call_until(c, Stage.LINE)
    claim(c, serials[0])
    c.resume(101.0)
    c.call_next(102.0)
    result = c.claim(serials[0], Stage.LINE)
    assert not result.valid
    assert result.verdict is not None and result.verdict.reason is Reason.STAGE_WON
    assert result.message.key == "reason.stage_won"
    assert c.hand is not None and c.hand.winners[Stage.LINE].serials == (serials[0],)


def test_an_empty_serial_asks_for_one() -> None:
    c = running()
    c.update(4.0)
    claim(c, "")
    assert c.result is not None and c.result.message.key == "reason.empty"


def test_cancel_closes_the_claim_and_calling_goes_on() -> None:
    c = running(rhythm=4.0)
    c.open_claim(1.0)
    c.cancel_claim(2.0)
    assert c.claim_phase is ClaimPhase.CLOSED and c.running
    c.update(6.0)
    assert len(c.called) == 1

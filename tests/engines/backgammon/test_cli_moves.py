"""`debarna backgammon moves`: one line per distinct legal play, play TAB resulting Position ID."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from engines.backgammon.ids import decode_position_id, position_id
from engines.backgammon.rules import Board, Play, apply

ROOT = Path(__file__).resolve().parents[3]
START = "4HPwATDgc/ABMA"


def moves(position: str, dice: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "kiosk.cli", "backgammon", "moves", "--position-id", position,
         "--dice", dice], cwd=ROOT, capture_output=True, text=True, timeout=60)


def lines(position: str, dice: str) -> list[tuple[str, str]]:
    proc = moves(position, dice)
    assert proc.returncode == 0, proc.stderr
    return [tuple(line.split("\t")) for line in proc.stdout.splitlines()]  # type: ignore[misc]


def test_the_opening_3_1_has_16_plays_and_6_6_has_11() -> None:
    assert len(lines(START, "3,1")) == 16
    assert len(lines(START, "6,6")) == 11
    assert len(lines(START, "1,3")) == 16  # the order of the dice does not matter


def test_each_line_is_a_play_and_the_position_it_reaches() -> None:
    board = Board(decode_position_id(START))
    seen = set()
    for text, after_id in lines(START, "3,1"):
        play = Play.parse(text)
        after = apply(board, 0, play)
        # The resulting position is shown from the side now on roll: the opponent.
        assert decode_position_id(after_id) == (after.points[1], after.points[0])
        seen.add(after_id)
    assert len(seen) == 16  # distinct plays reach distinct positions
    assert "sGfwATDgc/ABMA" in seen  # 8/5 6/5, the opening 3-1 every player makes


def test_no_legal_play_prints_nothing() -> None:
    # Two of ours on the bar against a closed home board: nothing enters.
    ours = [0] * 25
    ours[24], ours[5] = 2, 13
    theirs = [0] * 25
    for point in range(6):
        theirs[point] = 2
    theirs[12] = 3
    closed = position_id(tuple(ours), tuple(theirs))
    proc = moves(closed, "6,5")
    assert proc.returncode == 0 and proc.stdout == ""


def test_a_malformed_position_id_or_roll_is_named_and_exits_2() -> None:
    for position, dice, field in (("nonsense", "3,1", "--position-id"),
                                  (START, "7,1", "--dice"), (START, "3", "--dice")):
        proc = moves(position, dice)
        assert proc.returncode == 2 and field in proc.stderr and "Traceback" not in proc.stderr

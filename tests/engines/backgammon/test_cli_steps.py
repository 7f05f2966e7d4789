"""`debarna backgammon steps`: the legal next single steps of a roll, one a line."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from engines.backgammon.ids import position_id
from engines.backgammon.rules import Board, Step
from engines.backgammon.steps import next_steps
from kiosk.cli import main

from .positions import position

ROOT = Path(__file__).resolve().parents[3]
START = "4HPwATDgc/ABMA"


def steps(position: str, dice: str, *taken: str) -> tuple[int, list[str]]:
    out = io.StringIO()
    argv = ["backgammon", "steps", "--position-id", position, "--dice", dice]
    if taken:
        argv += ["--taken", *taken]
    code = main(argv, out)
    return code, out.getvalue().splitlines()


def id_of(board: Board) -> str:
    return position_id(board.points[0], board.points[1])


def test_the_opening_3_1_offers_each_single_step() -> None:
    code, lines = steps(START, "3,1")
    assert code == 0
    assert lines == ["24/21", "24/23", "13/10", "8/5", "8/7", "6/3", "6/5"]


def test_after_24_23_the_same_checker_may_go_on_to_20() -> None:
    code, lines = steps(START, "1,3", "24/23")
    assert code == 0 and "23/20" in lines


def test_a_finished_turn_prints_nothing() -> None:
    assert steps(START, "3,1", "24/23", "23/20") == (0, [])
    assert steps(START, "6,5", "13/8", "8/2") == (0, [])


def test_each_line_is_a_step_of_the_engines_list_and_reads_back() -> None:
    board = position({25: 1, 13: 5, 8: 3, 6: 5, 24: 1}, {3: 1, 24: 2, 13: 5, 8: 3, 6: 4})
    code, lines = steps(id_of(board), "3,1")
    assert code == 0 and lines == ["bar/22*", "bar/24"]
    assert [Step.parse(line) for line in lines] == next_steps(board, 0, (3, 1))
    code, lines = steps(id_of(board), "3,1", "bar/22*")
    assert code == 0 and "22/21" in lines
    assert steps(id_of(board), "3,1", "bar/22") == (code, lines)  # the * may be left out


def test_bearing_off_is_written_off() -> None:
    board = position({5: 1, 3: 2}, {19: 15})
    code, lines = steps(id_of(board), "6,4")
    assert code == 0 and lines == ["5/off", "5/1"]


def test_a_taken_step_that_is_not_legal_exits_2_naming_it(capsys: pytest.CaptureFixture[str]
                                                          ) -> None:
    for taken, named in ((["24/20"], "24/20"), (["24/23", "23/19"], "23/19"),
                         (["8/5", "6/5", "6/5"], "6/5"), (["24/21*"], "24/21*"),
                         (["sideways"], "sideways")):
        with pytest.raises(SystemExit) as stopped:
            steps(START, "3,1", *taken)
        assert stopped.value.code == 2
        err = capsys.readouterr().err
        assert "--taken" in err and named in err and "Traceback" not in err


def test_the_installed_command_runs() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "kiosk.cli", "backgammon", "steps", "--position-id", START,
         "--dice", "6,5", "--taken", "13/8"], cwd=ROOT, capture_output=True, text=True,
        timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == ["24/18", "13/7", "8/2"]
    proc = subprocess.run(
        [sys.executable, "-m", "kiosk.cli", "backgammon", "steps", "--position-id", START,
         "--dice", "6,5", "--taken", "13/7", "13/7"], cwd=ROOT, capture_output=True,
        text=True, timeout=60)
    assert proc.returncode == 2 and "13/7" in proc.stderr and "Traceback" not in proc.stderr

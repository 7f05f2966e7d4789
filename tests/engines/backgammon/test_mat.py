"""A finished match as GNU Backgammon's match text (.mat), and gnubg replaying it.

The format tests need nothing; the round trips import the file into the real gnubg
(`kiosk.games.backgammon.gnubg.replay_mat`) and compare the final position and score with
ours. Without
gnubg those are skipped on a developer's machine and fail in CI (CI set).
"""

from __future__ import annotations

import io
import os
import random
import re
from pathlib import Path

import pytest

from engines.backgammon import records
from engines.backgammon.bots import CubePolicy, MediumBot, make_bot
from engines.backgammon.exchange import MatError, to_mat
from engines.backgammon.options import GameOptions
from engines.backgammon.rules import (
    Board,
    CubeAction,
    Dice,
    GameState,
    OpeningRoll,
    Play,
)


def _match(seed: int, options: GameOptions, eager: bool = True) -> GameState:
    """A whole match between two medium bots; with `eager` player 0 doubles early and
    drops often, so matches have doubles, takes, drops and Crawford games."""
    rng = random.Random(seed)
    first = MediumBot(cube=CubePolicy(0.6, 0.95, 0.45)) if eager else make_bot("medium")
    bots = (first, make_bot("medium"))
    state = GameState(options)
    while not state.is_over:
        if state.is_chance:
            state.apply(state.sample_chance(rng))
        else:
            seat = state.current_player
            assert seat is not None
            state.apply(bots[seat].choose(state.view(seat), rng))
    return state


# -- the format -----------------------------------------------------------------------------


def _opening_game() -> GameState:
    state = GameState(GameOptions.classic(3))
    state.apply(OpeningRoll(1, 3))  # player 1 opens with 3-1
    state.apply(Play.parse("8/5 6/5"))
    state.apply(CubeAction.DOUBLE)
    state.apply(CubeAction.DROP)
    return state


def test_the_match_text_of_a_game_opened_by_player_1_and_ended_by_a_drop() -> None:
    # The header, the game and the score before it; player 0 on the left, so player 1's
    # first move leaves the left column empty; the double in the doubler's column, the drop
    # in the taker's; the winner's points in the winner's column.
    assert to_mat(_opening_game(), ("Light", "Dark")) == (
        " 3 point match\n"
        "\n"
        " Game 1\n"
        " Light : 0                      Dark : 0\n"
        "  1)                             31: 8/5 6/5\n"
        "  2)  Doubles => 2                Drops\n"
        "  3)  Wins 1 point\n"
    )


def test_the_bar_is_25_a_hit_is_starred_and_each_die_is_one_step() -> None:
    state = GameState(GameOptions.classic(5))
    state.apply(OpeningRoll(6, 4))
    state.apply(Play.parse("24/18 24/20"))
    state.apply(CubeAction.ROLL)
    state.apply(Dice(6, 1))
    state.apply(Play.parse("13/7* 8/7"))
    state.apply(CubeAction.ROLL)
    state.apply(Dice(3, 1))
    state.apply(Play.parse("bar/22 6/5"))
    state.apply(CubeAction.ROLL)
    state.apply(Dice(2, 2))
    state.apply(Play.parse("13/11/9/7 6/4", state.board, 1, (2, 2)))
    assert to_mat(state).splitlines()[4:] == [
        "  1) 64: 24/18 24/20             61: 13/7* 8/7",
        "  2) 31: 25/22 6/5               22: 13/11 11/9 9/7 6/4",
    ]


def test_a_game_not_begun_has_no_header_and_a_game_under_way_has_its_moves() -> None:
    state = _opening_game()
    assert " Game 2" not in to_mat(state)
    state.apply(OpeningRoll(5, 2))
    state.apply(Play.parse("13/8 13/11"))
    lines = to_mat(state).splitlines()
    assert lines[-3:] == [" Game 2", " Player_1 : 1                   Player_2 : 0",
                          "  1) 52: 13/8 13/11"]


def test_a_bear_off_is_written_to_0() -> None:
    board = Board.from_dicts({6: 1, 2: 1}, {24: 2, 13: 5, 8: 3, 6: 5})
    play = Play.parse("6/off 2/off", board, 0, (6, 2))
    assert [f"{s.from_point}/{s.to_point}" for s in play.steps] == ["6/0", "2/0"]


def test_a_game_set_up_from_a_position_cannot_be_written() -> None:
    state = GameState.from_position(Board.initial(), 0, GameOptions.classic(), dice=(3, 1))
    with pytest.raises(MatError, match="position"):
        to_mat(state)


def test_names_are_written_as_one_word() -> None:
    text = to_mat(_opening_game(), ("Maryam Mirzakhani", "Ali: 2"))
    assert " Maryam_Mirzakhani : 0" in text and "Ali__2 : 0" in text


def test_a_long_entry_keeps_a_space_before_the_right_column() -> None:
    glued = re.compile(r"\d(?:\*)?\d\d:")  # a step run into the next roll: "17/1653:"
    rows = [row for seed in range(15)
            for row in to_mat(_match(seed, GameOptions.classic(1))).splitlines()]
    assert any(len(row) > 33 and row[32] == " " and row[31] != " " for row in rows)
    assert not any(glued.search(row) for row in rows)


# -- gnubg replays it -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def replay():  # type: ignore[no-untyped-def]
    from kiosk.games.backgammon.gnubg import replay_mat, why_unavailable

    why = why_unavailable()
    if why is not None:
        if os.environ.get("CI"):
            pytest.fail(f"gnubg must be installed in CI (make test installs it): {why}")
        pytest.skip(why)
    return replay_mat


def _check_replay(replay, state: GameState, path: Path) -> str:  # type: ignore[no-untyped-def]
    text = to_mat(state)
    path.write_text(text, encoding="utf-8")
    replayed = replay(path)
    assert replayed.games == len(state.games)
    assert replayed.score == (state.score[0], state.score[1])
    assert replayed.board == state.board.points
    return text


@pytest.mark.parametrize("seed", [1, 2, 3])  # matches where each side wins a game
def test_gnubg_replays_a_match_with_doubles_drops_and_crawford_to_our_end(
        replay, tmp_path: Path, seed: int) -> None:  # type: ignore[no-untyped-def]
    state = _match(seed, GameOptions.classic(7))
    text = _check_replay(replay, state, tmp_path / "match.mat")
    assert "Doubles =>" in text and "Takes" in text and "Drops" in text
    assert {game.winner for game in state.games} == {0, 1}


@pytest.mark.parametrize(("seed", "options"), [
    (2, GameOptions.classic(0)),
    (4, GameOptions.classic(3, crawford=False)),
    (5, GameOptions.classic(5, cube=False)),
    (6, GameOptions.classic(1)),
])
def test_gnubg_replays_single_games_and_short_matches_to_our_end(
        replay, tmp_path: Path, seed: int, options: GameOptions) -> None:  # type: ignore[no-untyped-def]
    _check_replay(replay, _match(seed, options, eager=False), tmp_path / "game.mat")


def test_gnubg_replays_the_export_of_a_record_file(
        replay, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from kiosk.cli import main

    state = _match(7, GameOptions.classic(5))
    record = tmp_path / "match.jsonl"
    record.write_text(records.dumps(state), encoding="utf-8")
    out = tmp_path / "match.mat"
    assert main(["backgammon", "export", str(record), "--out", str(out),
                 "--names", "Light", "Dark"], io.StringIO()) == 0
    assert out.read_text(encoding="utf-8") == to_mat(state, ("Light", "Dark"))
    replayed = replay(out)
    assert replayed.score == (state.score[0], state.score[1])
    assert replayed.board == state.board.points


def test_export_writes_to_standard_output_without_out(tmp_path: Path) -> None:
    from kiosk.cli import main

    state = _opening_game()
    record = tmp_path / "game.jsonl"
    record.write_text(records.dumps(state), encoding="utf-8")
    out = io.StringIO()
    assert main(["backgammon", "export", str(record)], out) == 0
    assert out.getvalue() == to_mat(state)


def test_export_of_a_record_set_up_from_a_position_exits_1_saying_why(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from kiosk.cli import main

    state = GameState.from_position(Board.initial(), 0, GameOptions.classic(), dice=(3, 1))
    record = tmp_path / "position.jsonl"
    record.write_text(records.dumps(state), encoding="utf-8")
    assert main(["backgammon", "export", str(record)], io.StringIO()) == 1
    assert "cannot be exported" in capsys.readouterr().err


def test_gnubg_replays_a_resigned_game_from_its_wins_line(
        replay, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from engines.backgammon.options import Kind
    from engines.backgammon.rules import Resign, ResignAnswer

    state = GameState(GameOptions.classic(3))
    state.apply(OpeningRoll(3, 1))
    state.apply(Play.parse("8/5 6/5"))
    state.apply(Resign(Kind.SINGLE))  # player 1, on turn, resigns a single game
    state.apply(ResignAnswer.ACCEPT)
    assert state.score == [1, 0]
    text = _check_replay(replay, _finish(state), tmp_path / "resigned.mat")
    assert "Wins 1 point" in text


def _finish(state: GameState) -> GameState:
    rng = random.Random(1)
    bot = make_bot("medium")
    while not state.is_over:
        if state.is_chance:
            state.apply(state.sample_chance(rng))
        else:
            seat = state.current_player
            assert seat is not None
            state.apply(bot.choose(state.view(seat), rng))
    return state

"""The Expert level: GNU Backgammon's play and cube decisions, driven for real.

These tests run the real gnubg. Without it they are skipped on a developer's machine
and fail in CI (the CI environment variable set), where `make test` installs it.
"""

from __future__ import annotations

import io
import json
import os
import random
import re
from collections.abc import Iterator

import pytest

from engines.backgammon.bots import make_bot
from engines.backgammon.exchange import import_ids, view_ids
from engines.backgammon.ids import MatchInfo, decode_match_id, match_id
from engines.backgammon.options import GameOptions
from engines.backgammon.rules import (
    Board,
    CubeAction,
    GameState,
    Phase,
    Play,
    View,
    legal_plays,
)
from kiosk.cli import main
from kiosk.config import Action
from kiosk.games.backgammon import gnubg
from kiosk.games.backgammon.gnubg import (
    CubeHint,
    GnubgBot,
    GnubgMissing,
    parse_cube_action,
    run_commands,
    run_script,
    why_unavailable,
)

MONEY = match_id(MatchInfo(jacoby=False))
START = "4HPwATDgc/ABMA"
# Races found with gnubg itself (0-ply cube decisions, money play, the side on roll ahead).
DOUBLE_TAKE = "bXcPAADb7g4AAA"
DOUBLE_PASS = "bXc5AADb7g4AAA"
TOO_GOOD = "bXeABwDb7g4AAA"


@pytest.fixture(scope="module")
def real_gnubg() -> None:
    why = why_unavailable()
    if why is None:
        return
    if os.environ.get("CI"):
        pytest.fail(f"gnubg must be installed in CI (make test installs it): {why}")
    pytest.skip(why)


def _positions(seed: int, count: int, match_length: int = 0) -> Iterator[GameState]:
    """States with dice rolled and several legal plays, from a seeded medium self-play."""
    rng = random.Random(seed)
    state = GameState(GameOptions.classic(match_length))
    bot = make_bot("medium")
    found = 0
    while not state.is_over and found < count:
        if state.is_chance:
            state.apply(state.sample_chance(rng))
            continue
        if state.phase is Phase.MOVE and len(state.legal_actions()) > 3:
            found += 1
            yield state.clone()
        state.apply(bot.choose(state.view(state.current_player), rng))


_REFERENCE_HINT = """\
import json, sys
import gnubg
for command in {commands!r}:
    gnubg.command(command)
best = gnubg.hint(1)["hint"][0]
print("REFERENCE " + json.dumps({{"move": best["move"], "plies": best["context"]["plies"]}}))
sys.stdout.flush()
"""


def _reference_play(view: View, ply: int) -> tuple[Play, int]:
    """gnubg's own hint for the same position, through its Python interface (not the text
    `hint` the bot reads): the best move, read by the engine, and the plies it used."""
    position, match = view_ids(view, jacoby=False)
    assert view.dice is not None
    commands = ["set jacoby off", f"set evaluation chequerplay evaluation plies {ply}",
                f"set matchid {match}", f"set board {position}",
                f"set dice {view.dice.high} {view.dice.low}"]
    out = run_script(_REFERENCE_HINT.format(commands=commands))
    found = re.search(r"^REFERENCE (\{.*\})$", out, re.M)
    assert found, out
    data = json.loads(found.group(1))
    assert view.turn is not None
    return Play.parse(data["move"], view.board, view.turn, view.dice), data["plies"]


def _reference_cube(position: str, match: str, ply: int) -> str:
    """gnubg's proper cube action for the side on roll, from its own `hint` text."""
    out = run_commands(["set jacoby off", f"set evaluation cubedecision evaluation plies {ply}",
                        f"set matchid {match}", f"set board {position}", "hint"])
    found = re.search(r"^Proper cube action: (.+?)(?: \(.*\))?$", out, re.M)
    assert found, out
    return found.group(1)


# -- the checker play -----------------------------------------------------------------------


@pytest.mark.parametrize("ply", [0, 1])
def test_the_expert_plays_gnubgs_own_hint_and_it_is_legal(real_gnubg: None, ply: int) -> None:
    bot = GnubgBot(ply=ply)
    deepest = 0
    for state in _positions(seed=ply + 11, count=6):
        view = state.view(state.current_player)
        chosen = bot.choose(view, random.Random(0))
        assert isinstance(chosen, Play)
        assert chosen in view.legal_actions
        assert view.turn is not None and view.dice is not None
        assert chosen in legal_plays(view.board, view.turn, view.dice)
        reference, plies = _reference_play(view, ply)
        deepest = max(deepest, plies)  # a clear best play is not looked at more deeply
        assert chosen == reference, f"{view_ids(view)}: {chosen} vs gnubg's hint {reference}"
    assert deepest == ply


def test_the_expert_agrees_with_gnubgs_hint_at_two_plies_in_a_match(real_gnubg: None) -> None:
    bot = GnubgBot(ply=2)
    for state in _positions(seed=5, count=2, match_length=5):
        view = state.view(state.current_player)
        chosen = bot.choose(view, random.Random(0))
        assert chosen == _reference_play(view, 2)[0]


def test_the_opening_3_1_is_the_8_and_6_points(real_gnubg: None) -> None:
    state = import_ids(START, match_id(MatchInfo(jacoby=False, dice=(3, 1))))
    assert str(GnubgBot(ply=0).choose(state.view(0), random.Random(0))) == "8/5 6/5"


def test_a_single_legal_play_is_made_without_asking_gnubg() -> None:
    me, them = [0] * 25, [0] * 25
    me[24], me[6] = 1, 14  # on the bar against a closed board
    for point in range(6):
        them[point] = 2
    them[12] = 3
    state = GameState.from_position(Board((tuple(me), tuple(them))), 0, dice=(6, 5))
    view = state.view(0)
    assert view.legal_actions == (Play.none(),)
    assert GnubgBot(path="/nonexistent/gnubg").choose(view, random.Random(0)) == Play.none()


# -- the cube ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("position", "double", "take"), [
    (START, False, True),
    (DOUBLE_TAKE, True, True),
    (DOUBLE_PASS, True, False),
    (TOO_GOOD, False, False),
])
def test_the_expert_doubles_takes_and_drops_as_gnubgs_hint_says(
        real_gnubg: None, position: str, double: bool, take: bool) -> None:
    proper = _reference_cube(position, MONEY, 0)
    assert parse_cube_action(proper) == CubeHint(proper, double, take)
    state = import_ids(position, MONEY)
    bot = GnubgBot(ply=0)
    assert state.phase is Phase.CUBE
    action = bot.choose(state.view(0), random.Random(0))
    assert action is (CubeAction.DOUBLE if double else CubeAction.ROLL)
    assert bot.last == proper
    state.apply(CubeAction.DOUBLE)
    answer = bot.choose(state.view(1), random.Random(0))
    assert answer is (CubeAction.TAKE if take else CubeAction.DROP)


def test_where_the_cube_cannot_matter_the_expert_rolls_and_takes(real_gnubg: None) -> None:
    # Both one point from winning a 3-point match after the Crawford game: gnubg gives no
    # cube analysis at all.
    info = MatchInfo(match_length=3, score=(2, 2), jacoby=False)
    state = import_ids(START, match_id(info))
    bot = GnubgBot(ply=0)
    assert bot.choose(state.view(0), random.Random(0)) is CubeAction.ROLL
    assert bot.last == gnubg.NO_CUBE_ANALYSIS
    state.apply(CubeAction.DOUBLE)
    assert bot.choose(state.view(1), random.Random(0)) is CubeAction.TAKE


@pytest.mark.parametrize(("text", "double", "take"), [
    ("No double, take", False, True),
    ("Double, take", True, True),
    ("Double, pass", True, False),
    ("Redouble, pass", True, False),
    ("No redouble, beaver", False, True),
    ("Too good to double, pass", False, False),
    ("Too good to redouble, take", False, True),
])
def test_gnubgs_proper_cube_action_is_read_as_the_doubler_then_the_taker(
        text: str, double: bool, take: bool) -> None:
    assert parse_cube_action(text) == CubeHint(text, double, take)


def test_a_cube_action_without_a_take_or_pass_is_an_error() -> None:
    with pytest.raises(gnubg.GnubgError):
        parse_cube_action("Double")


# -- a whole game, and gnubg missing -----------------------------------------------------------


def test_the_expert_plays_a_whole_match_legally_against_the_medium_bot(real_gnubg: None) -> None:
    rng = random.Random(3)
    state = GameState(GameOptions.classic(1))
    bots = {0: GnubgBot(ply=0), 1: make_bot("medium")}
    while not state.is_over:
        if state.is_chance:
            state.apply(state.sample_chance(rng))
            continue
        seat = state.current_player
        assert seat is not None
        action = bots[seat].choose(state.view(seat), rng)
        assert state.why_illegal(seat, action) is None
        state.apply(action, seat)
    assert sorted(state.score) in ([0, 1], [0, 2], [0, 3])


def test_without_gnubg_the_level_says_why_and_the_bot_says_what_to_install(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(gnubg.ENV_PATH, "/nonexistent/gnubg")
    why = why_unavailable()
    assert why is not None and "apt-get install gnubg" in why
    assert not gnubg.available()
    state = import_ids(START, match_id(MatchInfo(jacoby=False, dice=(6, 5))))
    with pytest.raises(GnubgMissing, match="install"):
        GnubgBot().choose(state.view(0), random.Random(0))


def test_on_the_kiosk_a_failing_gnubg_leaves_the_choice_to_the_hard_bot() -> None:
    state = import_ids(START, match_id(MatchInfo(jacoby=False, dice=(6, 5))))
    view = state.view(0)
    bot = GnubgBot(path="/nonexistent/gnubg", forgiving=True)
    assert bot.choose(view, random.Random(0)) == make_bot("hard").choose(view, random.Random(0))


def test_the_menu_offers_the_expert_only_when_gnubg_runs(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from kiosk.games.backgammon import backgammon_modes
    from kiosk.i18n import Translator

    monkeypatch.setenv(gnubg.ENV_PATH, "/nonexistent/gnubg")
    modes = {mode.key: mode for mode in backgammon_modes()}
    assert "expert" not in modes
    missing = modes["expert_missing"]
    assert not missing.offered
    for lang in ("en", "fa"):
        assert "gnubg" in Translator(lang)(missing.label)


def test_the_menu_offers_the_expert_against_gnubg_when_it_runs(real_gnubg: None) -> None:
    from kiosk.games.backgammon import backgammon_modes

    modes = {mode.key: mode for mode in backgammon_modes()}
    expert = modes["expert"]
    assert expert.offered and expert.level == "expert"
    assert isinstance(expert.bots[1], GnubgBot) and expert.bots[1].forgiving


def test_the_kiosk_ply_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(gnubg.ENV_PLY, "1")
    assert gnubg.gnubg_ply() == 1
    monkeypatch.setenv(gnubg.ENV_PLY, "9")
    assert gnubg.gnubg_ply() == gnubg.DEFAULT_PLY
    with pytest.raises(ValueError, match="ply"):
        GnubgBot(ply=7)


# -- the command line -------------------------------------------------------------------------


def test_cli_play_prints_the_play_and_the_position_reached_at_every_level(
        real_gnubg: None) -> None:
    moves = io.StringIO()
    assert main(["backgammon", "moves", "--position-id", START, "--dice", "3,1"], moves) == 0
    listed = set(moves.getvalue().splitlines())
    for level in ("easy", "medium", "hard", "expert"):
        out = io.StringIO()
        argv = ["backgammon", "play", "--position-id", START, "--dice", "3,1",
                "--level", level, "--seed", "4"]
        assert main(argv, out) == 0
        assert out.getvalue().strip() in listed  # same play and ID as `moves` lists
    expert = io.StringIO()
    main(["backgammon", "play", "--position-id", START, "--dice", "3-1", "--level", "expert",
          "--ply", "0"], expert)
    assert expert.getvalue() == "8/5 6/5\tsGfwATDgc/ABMA\n"


def test_cli_play_reads_a_match_id_for_the_score_and_cube(real_gnubg: None) -> None:
    match = match_id(MatchInfo(match_length=7, score=(4, 6), cube_value=2, cube_owner=0,
                               jacoby=False))
    out = io.StringIO()
    argv = ["backgammon", "play", "--position-id", START, "--dice", "6,5", "--level",
            "expert", "--ply", "0", "--match-id", match]
    assert main(argv, out) == 0
    play, position = out.getvalue().rstrip("\n").split("\t")
    assert len(position) == 14 and play
    assert decode_match_id(match).score == (4, 6)


def test_cli_play_expert_without_gnubg_exits_1_saying_what_to_install(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv(gnubg.ENV_PATH, "/nonexistent/gnubg")
    out = io.StringIO()
    argv = ["backgammon", "play", "--position-id", START, "--dice", "3,1", "--level", "expert"]
    assert main(argv, out) == 1
    assert out.getvalue() == ""
    assert "apt-get install gnubg" in capsys.readouterr().err


def test_cli_play_without_a_legal_play_prints_no_play() -> None:
    # Player on roll on the bar against a closed board.
    from engines.backgammon.ids import position_id

    me = [0] * 25
    me[24], me[6] = 1, 14
    them = [0] * 25
    for point in range(6):
        them[point] = 2
    them[12] = 3
    out = io.StringIO()
    ident = position_id(me, them)
    assert main(["backgammon", "play", "--position-id", ident, "--dice", "6,5"], out) == 0
    assert out.getvalue() == f"(no play)\t{position_id(them, me)}\n"


# -- the menu on the screen -------------------------------------------------------------------


def _menu_scene(lang: str = "en"):  # type: ignore[no-untyped-def]
    from kiosk.games.backgammon import backgammon_scene
    from kiosk.i18n import Translator
    from kiosk.text import TextRenderer

    tr = Translator(lang)
    return backgammon_scene(TextRenderer(rtl=tr.rtl), tr, seed=3)


def test_without_gnubg_the_menu_row_says_why_and_choosing_it_does_nothing(
        display: None, monkeypatch: pytest.MonkeyPatch) -> None:
    from kiosk.config import Action

    monkeypatch.setenv(gnubg.ENV_PATH, "/nonexistent/gnubg")
    for lang in ("en", "fa"):
        scene = _menu_scene(lang)
        keys = [mode.key for mode in scene.modes]
        row = keys.index("expert_missing")
        assert "apt-get install gnubg" in scene.menu_lines()[row]
    scene.handle(Action.NEW_HAND, "", 0.0)
    assert scene.menu_open
    scene.menu_pick(row)
    assert scene.menu_open and scene.mode == "medium"  # nothing started


def test_with_gnubg_the_menu_offers_the_expert_and_starts_it(
        display: None, real_gnubg: None) -> None:
    from kiosk.config import Action

    scene = _menu_scene()
    keys = [mode.key for mode in scene.modes]
    row = keys.index("expert")
    assert scene.menu_lines()[row] == "Against the computer: expert (GNU Backgammon)"
    scene.handle(Action.NEW_HAND, "", 0.0)
    scene.menu_pick(row)
    assert scene.mode == "expert" and not scene.menu_open
    assert isinstance(scene.bots[1], GnubgBot)


# -- the hint: gnubg's best plays with their equities -----------------------------------------

_REFERENCE_TOP = """\
import json, sys
import gnubg
for command in {commands!r}:
    gnubg.command(command)
ranked = gnubg.hint({count})["hint"]
print("REFERENCE " + json.dumps([[h["move"], h["equity"], h["details"]["probs"][0]]
                                 for h in ranked]))
sys.stdout.flush()
"""


def test_hint_plays_are_gnubgs_own_top_three_with_their_equities(real_gnubg: None) -> None:
    for state in _positions(seed=21, count=4, match_length=5):
        view = state.view(state.current_player)
        hints = gnubg.hint_plays(view, 0, 3)
        assert len(hints) == 3
        assert view.turn is not None and view.dice is not None
        # The same question through gnubg's Python interface: the same plays, the same order,
        # the same equities and winning chances (the text rounds to 3 places).
        commands = [*gnubg._setup(view, 0, cube=True),
                    f"set dice {view.dice.high} {view.dice.low}"]
        out = run_script(_REFERENCE_TOP.format(commands=commands, count=3))
        found = re.search(r"^REFERENCE (\[.*\])$", out, re.M)
        assert found, out
        reference = json.loads(found.group(1))
        for hint, (move, equity, win) in zip(hints, reference, strict=True):
            assert hint.play in view.legal_actions
            assert hint.play == Play.parse(move, view.board, view.turn, view.dice)
            assert hint.equity == pytest.approx(equity, abs=0.0015)
            assert hint.win == pytest.approx(win, abs=0.0015)
            assert hint.how == "Cubeful 0-ply"
        assert [h.equity for h in hints] == sorted((h.equity for h in hints), reverse=True)


def test_hint_plays_gives_the_plays_there_are_when_fewer_than_asked(real_gnubg: None) -> None:
    me, them = [0] * 25, [0] * 25
    me[0], me[1] = 14, 1  # bearing off: 2-1 has few plays
    them[0] = 15  # all on their own 1-point
    state = GameState.from_position(Board((tuple(me), tuple(them))), 0, dice=(2, 1))
    view = state.view(0)
    hints = gnubg.hint_plays(view, 0, 5)
    assert 1 <= len(hints) <= len(view.legal_actions) <= 5
    assert {h.play for h in hints} <= set(view.legal_actions)


def test_the_hint_text_is_read_rank_by_rank_with_the_winning_chance() -> None:
    out = """\
The dice have been set to 3 and 1.
    1. Cubeful 2-ply    8/5 6/5                      Eq.: +0.218
       0.551 0.174 0.013 - 0.449 0.124 0.005
        2-ply cubeful prune [world class]
    2. Cubeful 2-ply    24/23 13/10                  Eq.: -0.012 (-0.230)
       0.497 0.137 0.008 - 0.503 0.140 0.007
        2-ply cubeful prune [world class]
   10. Cubeless 0-ply    bar/22* 6/off(2)            Eq.: -1.250 (-1.468)
"""
    assert gnubg.parse_hint_plays(out) == [
        ("8/5 6/5", 0.218, 0.551, "Cubeful 2-ply"),
        ("24/23 13/10", -0.012, 0.497, "Cubeful 2-ply"),
        ("bar/22* 6/off(2)", -1.25, None, "Cubeless 0-ply"),
    ]


def test_hint_plays_wants_a_roll_to_play() -> None:
    state = GameState.from_position(Board.initial(), 0, GameOptions.classic(5))
    with pytest.raises(ValueError, match="dice"):
        gnubg.hint_plays(state.view(0), 0, 3, path="/nonexistent/gnubg")


# -- the config's [gnubg] section on the kiosk ----------------------------------------------


def test_the_expert_is_the_configs_gnubg_at_the_configs_ply(
        real_gnubg: None, monkeypatch: pytest.MonkeyPatch) -> None:
    from kiosk.config import from_mapping
    from kiosk.games.backgammon import backgammon_modes

    monkeypatch.delenv(gnubg.ENV_PATH, raising=False)
    monkeypatch.delenv(gnubg.ENV_PLY, raising=False)
    binary = gnubg.find_gnubg()
    assert binary is not None
    section = from_mapping({"gnubg": {"path": binary, "ply": 1}}).gnubg
    expert = {mode.key: mode for mode in backgammon_modes(section)}["expert"]
    bot = expert.bots[1]
    assert isinstance(bot, GnubgBot) and (bot.path, bot.ply) == (binary, 1)
    monkeypatch.setenv(gnubg.ENV_PLY, "0")  # the environment still overrides (tests)
    bot = {mode.key: mode for mode in backgammon_modes(section)}["expert"].bots[1]
    assert isinstance(bot, GnubgBot) and bot.ply == 0


def test_a_config_naming_a_missing_gnubg_says_why_the_expert_is_not_offered(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from kiosk.config import from_mapping
    from kiosk.games.backgammon import backgammon_modes

    monkeypatch.delenv(gnubg.ENV_PATH, raising=False)
    section = from_mapping({"gnubg": {"path": "/nonexistent/gnubg"}}).gnubg
    modes = {mode.key: mode for mode in backgammon_modes(section)}
    assert "expert" not in modes and not modes["expert_missing"].offered
    assert "'/nonexistent/gnubg' cannot be run" in (why_unavailable("/nonexistent/gnubg") or "")


def test_the_kiosk_builds_the_takhteh_nard_screen_with_the_gnubg_section(
        real_gnubg: None, monkeypatch: pytest.MonkeyPatch) -> None:
    from kiosk.config import from_mapping
    from kiosk.games import Host
    from kiosk.games.backgammon import make_scene
    from kiosk.i18n import Translator
    from kiosk.text import TextRenderer

    monkeypatch.delenv(gnubg.ENV_PATH, raising=False)
    monkeypatch.delenv(gnubg.ENV_PLY, raising=False)
    config = from_mapping({"gnubg": {"ply": 0}, "keys": {"new_hand": ["m"]}})
    tr = Translator("en")
    host = Host(TextRenderer(), tr, config, seed=3, keys=config.keys)
    scene = make_scene(host, None)
    expert = next(mode for mode in scene.modes if mode.key == "expert")
    assert isinstance(expert.bots[1], GnubgBot) and expert.bots[1].ply == 0
    assert scene.keys[Action.NEW_HAND] == ("m",)  # the help line names the config's keys
    assert any(pair.keys == ("M",) for pair in scene.help_pairs())


def test_the_cube_analysis_is_read_with_its_equities() -> None:
    out = """\
Cube analysis
0-ply cubeless equity +0.065 (Money: +0.067)
  0.522 0.154 0.008 - 0.478 0.130 0.008
Cubeful equities:
1. No double           +0.092
2. Double, pass        +1.000  (+0.908)
3. Double, take        -0.191  (-0.283)
Proper cube action: No double, take (23.8%)
"""
    assert gnubg.parse_cube_equities(out) == (
        ("no_double", 0.092), ("double_pass", 1.0), ("double_take", -0.191))
    assert gnubg.parse_cube_equities(out.replace("Double", "Redouble").replace(
        "No double", "No redouble")) == gnubg.parse_cube_equities(out)


def test_gnubgs_cube_hint_carries_its_equities(real_gnubg: None) -> None:
    state = import_ids(DOUBLE_TAKE, MONEY)
    cube = gnubg.hint_cube(state.view(state.current_player), 0)
    keys = {key for key, _ in cube.equities}
    assert keys == {"no_double", "double_take", "double_pass"}
    assert dict(cube.equities)["double_pass"] == 1.0
    assert cube.double and cube.take  # double, take: taking is worth more than passing
    assert dict(cube.equities)["double_take"] >= dict(cube.equities)["no_double"]

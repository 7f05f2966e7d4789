"""The Takhteh Nard screen's tools: the hint, the position's IDs (shown, and typed or scanned
to set a position up), resigning by touch and by the d-pad, and the help line read from the
sofa. Drawn for real with pygame on SDL's dummy driver; the expert's hint drives the real
GNU Backgammon."""

from __future__ import annotations

import os
import random
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pygame
import pytest

from benchmarks.table_readability import CAP_TARGET, measure_label
from engines.backgammon import bots as engine_bots
from engines.backgammon import cube as cube_rules
from engines.backgammon.exchange import export_ids, import_ids, import_xgid
from engines.backgammon.ids import MatchInfo, match_id
from engines.backgammon.net import evaluate
from engines.backgammon.options import GameOptions, Kind
from engines.backgammon.rules import Board, CubeAction, GameState, Phase, Play
from kiosk.config import Action
from kiosk.games.backgammon import gnubg
from kiosk.games.backgammon import tools as tools_module
from kiosk.games.backgammon.gnubg import GnubgBot, why_unavailable
from kiosk.games.backgammon.layout import HELP_ROWS, TOOLS
from kiosk.games.backgammon.scene import BackgammonScene, Bot
from kiosk.games.backgammon.tools import position_from
from kiosk.i18n import Translator
from kiosk.match_journal import MatchJournal, records_for
from kiosk.store import Store
from kiosk.text import TextRenderer

BACKGAMMON_RECORDS = records_for("backgammon")

HD = (1920, 1080)
START = "4HPwATDgc/ABMA"


def scene_with(new_game: object, bots: dict[int, Bot | None] | None = None, lang: str = "en",
               **kwargs: object) -> BackgammonScene:
    tr = Translator(lang)
    return BackgammonScene(TextRenderer(rtl=tr.rtl), tr, new_game,  # type: ignore[arg-type]
                           bots or {}, random.Random(7), **kwargs)  # type: ignore[arg-type]


def at(dice: tuple[int, int] | None = (3, 1), turn: int = 0,
       options: GameOptions | None = None) -> GameState:
    return GameState.from_position(Board.initial(), turn, options or GameOptions.classic(5),
                                   dice=dice)


def typed(scene: BackgammonScene, text: str) -> None:
    for char in text:
        scene.handle(None, char, 0.0)


def enter(scene: BackgammonScene) -> None:
    scene.handle(Action.SELECT, "\r", 0.0)


def press(scene: BackgammonScene, *actions: Action) -> None:
    for action in actions:
        scene.handle(action, "", 0.0)


def drawn(scene: BackgammonScene, size: tuple[int, int] = HD) -> pygame.Surface:
    surface = pygame.Surface(size)
    scene.invalidate()
    scene.draw(surface, 0.0)
    return surface


def caps(scene: BackgammonScene, surface: pygame.Surface, prefix: str) -> dict[str, int]:
    """The cap height of every line drawn under `prefix`, measured on the screen."""
    found = {}
    for key, label in scene.labels.items():
        if key.startswith(prefix) and label.text.strip():
            found[key] = measure_label(surface, key, label, scene.text,
                                       scene.label_rtl[key]).cap
    return found


def positions(seed: int, count: int, phases: tuple[Phase, ...]) -> Iterator[GameState]:
    """Positions from a seeded self-play of the medium computer, in the phases asked for."""
    rng = random.Random(seed)
    bot = engine_bots.make_bot("medium")
    found = 0
    while found < count:
        state = GameState(GameOptions.classic(7))
        while not state.is_over and found < count:
            if state.phase in phases and rng.random() < 0.3:
                found += 1
                yield state.clone()
            if state.is_chance:
                state.apply(state.sample_chance(rng))
            else:
                state.apply(bot.choose(state.view(state.current_player), rng))


@pytest.fixture(scope="module")
def real_gnubg() -> None:
    why = why_unavailable()
    if why is None:
        return
    if os.environ.get("CI"):
        pytest.fail(f"gnubg must be installed in CI (make test installs it): {why}")
    pytest.skip(why)


# -- the hint ------------------------------------------------------------------------------------


def test_the_hint_shows_the_best_three_plays_the_computer_sees(display: None) -> None:
    scene = scene_with(lambda: at((3, 1)), {1: engine_bots.make_bot("hard")})
    typed(scene, "?")
    assert scene.hint_open and scene.advice is None
    assert scene.advice_lines()[0][0] == "Thinking…"
    scene.update(0.0)  # the worker's answer arrives
    assert scene.advice is not None
    expected = engine_bots.hint(scene.state.view(0), "hard", 3)
    assert [line.play for line in scene.advice.plays] == [h.play for h in expected]
    assert [line.equity for line in scene.advice.plays] == [h.equity for h in expected]
    for line in scene.advice.plays:
        assert line.play in scene.state.legal_actions()
    surface = drawn(scene)
    assert scene.labels["hint|title"].text == "Hint from the hard computer"
    for i, h in enumerate(expected):
        assert scene.labels[f"hint|{i}|play"].text == f"{i + 1}. {h.play}"  # 8/5 6/5
        assert scene.labels[f"hint|{i}|equity"].text == f"{h.equity:+.3f}"
    assert min(caps(scene, surface, "hint|").values()) >= CAP_TARGET


def test_the_hint_follows_the_level_of_the_computer_at_the_table(display: None) -> None:
    scene = scene_with(lambda: at((6, 5)), {1: engine_bots.make_bot("easy")})
    assert scene.hint_source() == ("easy", None)
    assert scene_with(lambda: at((6, 5))).hint_source() == ("hard", None)  # two people
    typed(scene, "?")
    scene.update(0.0)
    assert scene.advice is not None and scene.advice.level == "easy"
    assert scene.advice_title() == "Hint from the easy computer"


def test_the_hint_is_thought_off_the_frame_loop_and_says_so_meanwhile(
        display: None, monkeypatch: pytest.MonkeyPatch) -> None:
    release = threading.Event()
    threads: list[str] = []
    real = tools_module.advise

    def slow(*args: object) -> object:
        threads.append(threading.current_thread().name)
        release.wait(10)
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(tools_module, "advise", slow)
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="bots") as thinker:
        scene = scene_with(lambda: at((3, 1)), {1: engine_bots.make_bot("medium")},
                           thinker=thinker)
        typed(scene, "?")
        for _ in range(3):  # frames go on while it thinks
            scene.update(0.0)
            drawn(scene)
            assert scene.advice is None
            assert scene.labels["hint|0|text"].text == "Thinking…"
        release.set()
        for _ in range(200):
            scene.update(0.0)
            if scene.advice is not None:
                break
            threading.Event().wait(0.01)
    assert threads and threads[0].startswith("bots")
    assert scene.advice is not None and len(scene.advice.plays) == 3


def test_the_hint_goes_away_when_the_player_moves(display: None) -> None:
    scene = scene_with(lambda: at((3, 1)), {1: engine_bots.make_bot("medium")})
    typed(scene, "?")
    scene.update(0.0)
    assert scene.hint_open
    press(scene, Action.SELECT)  # a checker picked up
    assert not scene.hint_open and scene.advice is None
    typed(scene, "?")
    scene.update(0.0)
    press(scene, Action.BACK)  # Esc puts the hint away first
    assert not scene.hint_open


def test_before_the_roll_the_hint_gives_the_cube_decision(display: None) -> None:
    scene = scene_with(lambda: at(None), {1: engine_bots.make_bot("hard")})
    assert scene.state.phase is Phase.CUBE
    typed(scene, "?")
    scene.update(0.0)
    assert scene.advice is not None and scene.advice.plays == ()
    view = scene.state.view(0)
    analysis = cube_rules.analyse(view, evaluate(view.board, 0))
    assert scene.advice.cube == ("double_take" if analysis.double and analysis.take else
                                 "double_pass" if analysis.double else
                                 "too_good" if analysis.too_good else "no_double")
    assert scene.advice.cube_equities == (
        ("no_double", analysis.no_double), ("double_take", analysis.double_take),
        ("double_pass", analysis.double_pass))
    surface = drawn(scene)
    assert scene.labels["hint|0|text"].text == "Cube: no double, roll"  # the opening
    assert [scene.labels[f"hint|{i}|play"].text for i in (1, 2, 3)] == [
        "No double", "Double, take", "Double, pass"]
    assert scene.labels["hint|3|equity"].text == "+1.000"  # a pass wins the cube's points
    assert min(caps(scene, surface, "hint|").values()) >= CAP_TARGET


def test_answering_a_double_the_hint_says_take_or_drop(display: None) -> None:
    scene = scene_with(lambda: at(None, turn=1), {1: engine_bots.make_bot("hard")})
    scene.table.apply(CubeAction.DOUBLE)  # Dark doubles at the start: Light answers
    assert scene.state.phase is Phase.RESPOND and scene.state.current_player == 0
    typed(scene, "?")
    scene.update(0.0)
    assert scene.advice is not None and scene.advice.cube == "take"


def test_a_gnubg_that_cannot_answer_is_said_on_the_hint(display: None) -> None:
    scene = scene_with(lambda: at((6, 4)), {1: GnubgBot(path="/nonexistent/gnubg")})
    assert scene.hint_source()[0] == "expert"
    typed(scene, "?")
    scene.update(0.0)
    assert scene.advice is not None and scene.advice.failed is not None
    drawn(scene)
    assert scene.labels["hint|0|text"].text.startswith("No hint: '/nonexistent/gnubg'")


def test_off_turn_the_hint_says_when_it_is_given(display: None) -> None:
    scene = scene_with(lambda: at((3, 1), turn=1), {1: engine_bots.make_bot("medium")})
    typed(scene, "?")  # the computer's turn
    assert not scene.hint_open
    assert scene.notice is not None and "your turn" in scene.notice


def test_against_the_expert_the_hint_is_gnubgs_own_ranking_with_its_equities(
        display: None, real_gnubg: None) -> None:
    scene = scene_with(lambda: at((6, 4)), {1: GnubgBot(ply=0)})
    typed(scene, "?")
    scene.update(0.0)
    advice = scene.advice
    assert advice is not None and advice.failed is None and advice.level == "expert"
    reference = gnubg.hint_plays(scene.state.view(0), 0, 3)
    assert [(a.play, a.equity, a.win) for a in advice.plays] == [
        (r.play, r.equity, r.win) for r in reference]
    assert all(a.play in scene.state.legal_actions() for a in advice.plays)
    surface = drawn(scene)
    assert scene.labels["hint|title"].text == "Hint from GNU Backgammon, 0-ply"
    assert scene.labels["hint|0|equity"].text == f"{reference[0].equity:+.3f}"
    assert min(caps(scene, surface, "hint|").values()) >= CAP_TARGET


def test_against_the_expert_before_the_roll_the_hint_is_gnubgs_cube_action(
        display: None, real_gnubg: None) -> None:
    race = "bXc5AADb7g4AAA"  # a race gnubg doubles and the other side passes (money)
    state = import_ids(race, match_id(MatchInfo(jacoby=False)), GameOptions.classic(0))
    assert state.phase is Phase.CUBE and state.turn == 0
    scene = scene_with(lambda: state, {1: GnubgBot(ply=0)})
    typed(scene, "?")
    scene.update(0.0)
    assert scene.advice is not None
    cube = gnubg.hint_cube(scene.state.view(0), 0)
    words = {(True, True): "double_take", (True, False): "double_pass"}.get(
        (cube.double, cube.take), "too_good" if cube.proper.startswith("Too good")
        else "no_double")
    assert scene.advice.cube == words == "double_pass"
    assert scene.advice.cube_equities == cube.equities
    assert [key for key, _ in cube.equities] == ["double_pass", "double_take", "no_double"]
    drawn(scene)
    assert scene.labels["hint|1|play"].text == "Double, pass"
    assert scene.labels["hint|1|equity"].text == "+1.000"


# -- the IDs -------------------------------------------------------------------------------------


def shown_ids(scene: BackgammonScene) -> tuple[str, str, str]:
    typed(scene, "i")
    drawn(scene)
    labels = scene.labels
    return labels["ids|position"].text, labels["ids|match"].text, labels["ids|xgid"].text


def same_position(a: GameState, b: GameState) -> bool:
    return (a.board == b.board and a.turn == b.turn and a.dice == b.dice
            and a.cube_value == b.cube_value and a.cube_owner == b.cube_owner
            and list(a.score) == list(b.score) and a.crawford_game == b.crawford_game
            and a.options.match_length == b.options.match_length)


def test_the_ids_shown_set_up_the_same_position(display: None) -> None:
    for state in positions(3, 12, (Phase.MOVE, Phase.CUBE, Phase.ROLL)):
        scene = scene_with(lambda s=state: s)
        position, match, xgid = shown_ids(scene)
        assert (position, match) == export_ids(state)
        assert same_position(import_ids(position, match), state)
        assert same_position(import_xgid(xgid), state)
        # Typed into another table's field (as a scanner types), each sets the same up.
        for text in (f"{position}:{match}", xgid):
            other = scene_with(lambda: at((5, 2)))
            typed(other, "i")
            typed(other, text)
            enter(other)
            assert same_position(other.state, state), text
            assert other.ids_message is not None and other.ids_good
            assert shown_ids(other)[:2] == (position, match)


def test_the_ids_are_readable_from_the_sofa_in_both_languages(display: None) -> None:
    for lang in ("en", "fa"):
        scene = scene_with(lambda: at((3, 1)), lang=lang)
        typed(scene, "i")
        typed(scene, "nonsense")
        enter(scene)
        surface = drawn(scene)
        measured = caps(scene, surface, "ids|")
        assert {"ids|position", "ids|match", "ids|xgid", "ids|entry",
                "ids|message0"} <= set(measured)
        assert min(measured.values()) >= CAP_TARGET, (lang, measured)
        position, match = export_ids(scene.state)
        assert scene.labels["ids|position"].text == position  # Latin, never Persian digits
        assert scene.labels["ids|match"].text == match


def test_a_position_id_alone_sets_up_that_board_for_light_to_start(display: None) -> None:
    scene = scene_with(lambda: at((3, 1)), {1: engine_bots.make_bot("medium")})
    typed(scene, "i")
    typed(scene, START)
    enter(scene)
    assert scene.state.board == Board.initial() and scene.state.turn == 0
    assert scene.state.dice is None and scene.state.options.match_length == 5
    assert scene.ids_message == "Position set up: Light on roll"


def test_keys_typed_into_the_field_do_not_act(display: None) -> None:
    scene = scene_with(lambda: at((3, 1)), {1: engine_bots.make_bot("medium")},
                       modes=scene_module_modes())
    typed(scene, "i")
    typed(scene, "hrpn?i")
    scene.handle(Action.NEW_HAND, "h", 0.0)
    assert scene.entry == "hrpn?ih"
    assert not scene.menu_open and scene.resigning is None and not scene.numbers
    scene.handle(Action.ERASE, "\b", 0.0)
    assert scene.entry == "hrpn?i"
    press(scene, Action.BACK)
    assert not scene.ids_open
    enter_empty = scene_with(lambda: at((3, 1)))
    typed(enter_empty, "i")
    enter(enter_empty)  # Enter on an empty field closes it
    assert not enter_empty.ids_open


def scene_module_modes() -> tuple[object, ...]:
    from kiosk.table.seats import Mode

    return (Mode("hotseat", (None, None)), Mode("medium", (None, engine_bots.make_bot("medium"))))


@pytest.mark.parametrize(
    ("text", "said", "why"),
    [
        ("4HPwATDgc/ABM:cAkAAAAAAAAA", "the Position ID is wrong", "must be 14 characters"),
        ("4HPwATDgc/AB!A:cAkAAAAAAAAA", "the Position ID is wrong", "has '!'"),
        (f"{START}:cAk", "the Match ID is wrong", "must be 12 characters, not 3"),
        ("hello", "the Position ID is wrong", "must be 14 characters, not 5"),
        ("a:b:c", "neither a Position ID:Match ID pair nor an XGID", ""),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0", "the XGID is wrong", "fields"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:71:0:0:0:5:10", "the XGID is wrong", "'71'"),
        ("XGID=aaaaaaaaaaaaaaaaaaaaaaaaaa:0:0:1:31:0:0:0:5:10", "the XGID is wrong", ""),
        (f"{START}:cAkAAAAAAA//", "the Match ID is wrong", "has bits set beyond"),
        ("AAAAAAAAAAAAAA:cAkAAAAAAAAA", "this position cannot be played", ""),  # no checkers
    ],
)
def test_a_bad_id_is_refused_with_a_message_and_changes_nothing(
        display: None, text: str, said: str, why: str) -> None:
    scene = scene_with(lambda: at((3, 1)), {1: engine_bots.make_bot("medium")})
    state, history, board = scene.state, list(scene.state.history), scene.state.board
    typed(scene, "i")
    typed(scene, text)
    enter(scene)
    assert scene.state is state and scene.state.history == history
    assert scene.state.board == board and scene.state.dice is not None
    assert scene.ids_message is not None and not scene.ids_good
    assert scene.ids_message.startswith("Not set up: ") and said in scene.ids_message
    assert why in scene.ids_detail, scene.ids_detail
    drawn(scene)
    shown = [label.text for key, label in scene.labels.items() if key.startswith("ids|message")]
    assert " ".join(shown) == " ".join(filter(None, (scene.ids_message, scene.ids_detail)))
    assert scene.ids_open and scene.entry == text  # to be mended, not typed again
    typed(scene, "x")
    assert scene.ids_message is None and scene.ids_detail == ""  # mending puts it away


def test_position_from_keeps_the_tables_rules_where_the_id_allows() -> None:
    maple = GameOptions.maple(3)
    state = position_from(f"{START}:{match_id(MatchInfo(jacoby=False))}", maple)  # money
    assert state.options.match_length == 0 and state.options.cube  # classic: Maple has none
    assert position_from(START, maple).options == maple


def test_a_set_up_position_is_journaled_like_any_game_start(display: None,
                                                            tmp_path: Path) -> None:
    store = Store(tmp_path / "journal.sqlite3")
    journal = MatchJournal(store, BACKGAMMON_RECORDS)
    built: list[BackgammonScene] = []

    def committed(action: object) -> None:
        table = built[0].table
        journal.action(table.state, action, table.mode)

    scene = scene_with(lambda: GameState(GameOptions.classic(5)),
                       {1: engine_bots.make_bot("medium")}, on_action=committed, pause=0.0)
    built.append(scene)
    scene.update(0.0)  # the opening roll: the first game's record begins
    first = journal.hand_id
    assert first is not None
    xgid = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:5:10"
    typed(scene, "i")
    typed(scene, xgid)
    enter(scene)
    set_up = scene.state
    assert set_up.dice is not None and set_up.turn == 0
    typed(scene, "\x1b")
    play = next(iter(p for p in set_up.legal_actions() if isinstance(p, Play)))
    scene.table.submit(0, play, 0.0)  # the first action of the set-up game
    assert journal.hand_id != first
    store.close()  # the plug is pulled

    reopened = MatchJournal(Store(tmp_path / "journal.sqlite3"), BACKGAMMON_RECORDS)
    found = reopened.unfinished()
    assert found is not None
    back, _hand = found
    assert back.state.start is not None  # its record starts from the position set up
    assert back.state.board == scene.state.board and back.state.history == scene.state.history
    assert import_xgid(xgid).board == GameState.from_position(
        Board((tuple(back.state.start["board"][0]), tuple(back.state.start["board"][1]))),
        0).board


# -- resigning by touch and by the d-pad ---------------------------------------------------------


def test_the_resign_button_offers_to_resign_by_touch(display: None) -> None:
    scene = scene_with(lambda: at((3, 1)), {1: engine_bots.make_bot("medium")})
    drawn(scene)
    resign = scene._layout.tools[TOOLS.index("resign")]
    scene.click(resign.center, 0.0)
    assert scene.resigning is Kind.SINGLE and scene.choices() == ["offer", "cancel"]
    scene.click(resign.center, 0.0)  # again: a gammon
    assert scene.resigning is Kind.GAMMON
    drawn(scene)
    offer = next(rect for rect, name in scene._hit_buttons if name == "offer")
    scene.click(offer.center, 0.0)
    assert scene.state.resign_offered is not None
    assert scene.state.resign_offered.kind is Kind.GAMMON
    scene.update(0.0)
    scene.update(10.0)  # the computer answers
    assert scene.state.resign_offered is None


def test_the_dpad_reaches_the_resign_button_and_offers(display: None) -> None:
    scene = scene_with(lambda: at((3, 1)), {1: engine_bots.make_bot("medium")})
    press(scene, Action.DOWN)  # from the board down to the tools: Hint lit
    assert scene.tool == TOOLS.index("hint")
    press(scene, Action.RIGHT)
    assert scene.tool == TOOLS.index("ids")
    press(scene, Action.DOWN, Action.LEFT)
    assert scene.tool == TOOLS.index("resign")
    drawn(scene)
    press(scene, Action.SELECT)  # Resign: a single game offered, select offers it
    assert scene.resigning is Kind.SINGLE and scene.tool is None
    press(scene, Action.SELECT)
    offer = scene.state.resign_offered
    assert offer is not None and offer.kind is Kind.SINGLE


def test_the_dpad_goes_back_to_the_board_and_the_tools_mirror_in_persian(
        display: None) -> None:
    scene = scene_with(lambda: at((3, 1)), {1: engine_bots.make_bot("medium")}, lang="fa")
    press(scene, Action.DOWN, Action.LEFT)  # in Persian the IDs button stands on the left
    assert scene.tool == TOOLS.index("ids")
    layout = drawn(scene) and scene._layout
    assert layout.tools[TOOLS.index("ids")].centerx < layout.tools[TOOLS.index("hint")].centerx
    press(scene, Action.UP)  # back to the board: the cursor moves the checkers again
    assert scene.tool is None
    cursor = scene.cursor
    press(scene, Action.RIGHT)
    assert scene.cursor == cursor + 1
    press(scene, Action.DOWN, Action.BACK)
    assert scene.tool is None


def test_the_hint_and_ids_buttons_work_by_touch(display: None) -> None:
    scene = scene_with(lambda: at((3, 1)), {1: engine_bots.make_bot("medium")})
    drawn(scene)
    layout = scene._layout
    scene.click(layout.tools[TOOLS.index("hint")].center, 0.0)
    assert scene.hint_open
    scene.click(layout.tools[TOOLS.index("hint")].center, 0.0)
    assert not scene.hint_open
    scene.click(layout.tools[TOOLS.index("ids")].center, 0.0)
    assert scene.ids_open and scene.wants_text
    scene.click(layout.tools[TOOLS.index("ids")].center, 0.0)  # again: closed
    assert not scene.ids_open and not scene.wants_text
    scene.click(layout.tools[TOOLS.index("ids")].center, 0.0)
    scene.click(layout.tools[TOOLS.index("hint")].center, 0.0)  # the hint instead
    assert not scene.ids_open and scene.hint_open
    scene.click(layout.tools[TOOLS.index("ids")].center, 0.0)
    scene.click(layout.board.center, 0.0)  # a touch elsewhere puts it away
    assert not scene.ids_open
    assert not scene.tool_enabled("new_game")  # no menu at this table: the button is veiled


# -- the help line -------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_the_help_line_is_at_least_28_px_tall_at_1080p(display: None, lang: str) -> None:
    scene = scene_with(lambda: at((3, 1)), {1: engine_bots.make_bot("medium")}, lang=lang,
                       modes=scene_module_modes())
    surface = drawn(scene)
    layout = scene._layout
    measured = caps(scene, surface, "help|")
    words = [key for key in measured if key.endswith("|action")]
    assert len(words) == len(scene.help_pairs()) == 9
    assert min(measured.values()) >= CAP_TARGET, measured
    # Under the board, clear of it, in at most its rows, every line inside its place.
    assert len(scene.help_rows(layout)) <= HELP_ROWS
    assert not layout.help.colliderect(layout.board) and not layout.help.colliderect(
        layout.panel)
    for key in measured:
        assert layout.help.contains(scene.labels[key].rect), key


def test_the_help_line_says_what_the_keys_do_in_the_menu_and_the_id_field(
        display: None) -> None:
    scene = scene_with(lambda: at((3, 1)), {1: engine_bots.make_bot("medium")},
                       modes=scene_module_modes())
    scene.handle(Action.NEW_HAND, "", 0.0)
    assert [p.action for p in scene.help_pairs()] == [
        "choose", "change an option", "play this way", "close"]
    scene.handle(Action.NEW_HAND, "", 0.0)
    typed(scene, "i")
    assert [(p.keys, p.action) for p in scene.help_pairs()] == [
        (("Enter",), "set up"), (("Backspace",), "erase"), (("Esc",), "close")]


def test_the_help_line_keeps_each_key_with_what_it_does(display: None) -> None:
    scene = scene_with(lambda: at((3, 1)), {1: engine_bots.make_bot("medium")})
    drawn(scene)
    for n in range(len(scene.help_pairs())):
        key, action = scene.labels.get(f"help|{n}|key0"), scene.labels[f"help|{n}|action"]
        if key is not None:  # arrows are drawn, not written
            assert abs(key.rect.centery - action.rect.centery) <= 2
            assert 0 <= action.rect.left - key.rect.right <= 40

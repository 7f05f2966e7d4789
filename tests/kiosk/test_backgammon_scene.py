"""The Takhteh Nard screen: turns by buttons, undo, the cube, computers, and drawing."""

from __future__ import annotations

import random
from pathlib import Path

import pygame
import pytest

from engines.backgammon.options import GameOptions
from engines.backgammon.rules import (
    BAR,
    OFF,
    Board,
    CubeAction,
    Dice,
    GameState,
    Phase,
    Play,
    Step,
    apply,
    play_results,
)
from kiosk.app import HOME_GAMES
from kiosk.config import Action
from kiosk.games.backgammon import backgammon_modes, backgammon_scene
from kiosk.games.backgammon.layout import make_layout
from kiosk.games.backgammon.scene import BackgammonScene, Bot, RandomBot, TurnPicker
from kiosk.i18n import Translator
from kiosk.text import TextRenderer
from tests.engines.backgammon import independent
from tests.engines.backgammon.positions import random_positions

SIZES = [(1280, 720), (1920, 1080)]


def scene_with(
    new_game: object, bots: dict[int, Bot | None] | None = None, lang: str = "en",
    text: TextRenderer | None = None, **kwargs: object,
) -> BackgammonScene:
    tr = Translator(lang)
    return BackgammonScene(text or TextRenderer(rtl=tr.rtl), tr, new_game,  # type: ignore[arg-type]
                           bots or {}, random.Random(7), **kwargs)  # type: ignore[arg-type]


def opening_31(options: GameOptions | None = None) -> GameState:
    return GameState.from_position(Board.initial(), 0, options, dice=(3, 1))


def press(scene: BackgammonScene, *actions: Action) -> None:
    for action in actions:
        scene.handle(action, "", 0.0)


def test_a_turn_chosen_with_the_buttons_applies_exactly_that_play(display: None) -> None:
    journal: list[object] = []
    scene = scene_with(opening_31, on_action=journal.append)
    assert scene.sources() == [24, 13, 8, 6]
    press(scene, Action.RIGHT, Action.RIGHT, Action.SELECT)  # the checker on 8
    assert scene.picked == 8
    assert scene.targets() == [7, 5]
    press(scene, Action.RIGHT, Action.SELECT)  # to 5
    assert scene.sources() == [24, 8, 6, 5]  # the 1 is left to play
    press(scene, Action.RIGHT, Action.RIGHT, Action.SELECT)
    assert scene.picked == 6 and scene.targets() == [5]
    press(scene, Action.SELECT)
    assert scene.choices() == ["undo", "done"]
    before = scene.state.board
    press(scene, Action.SELECT)  # done
    play = Play.parse("8/5 6/5")
    assert scene.state.history[-1] == (0, play)
    assert scene.state.board == apply(before, 0, play, Dice(3, 1))
    assert scene.state.turn == 1 and scene.state.phase in (Phase.CUBE, Phase.ROLL)
    assert journal == [play]


def test_sources_and_targets_are_only_the_legal_ones(display: None) -> None:
    scene = scene_with(lambda: GameState.from_position(Board.initial(), 0, dice=(6, 5)))
    assert not scene.pick(1)  # no checker there
    assert not scene.pick(12)
    assert scene.picked is None
    assert scene.pick(24)
    assert 19 not in scene.targets()  # the opponent holds it with five
    assert not scene.drop(19)
    assert scene.picked == 24
    assert scene.drop(18)
    assert scene.picker is not None and len(scene.picker.steps) == 1


def test_a_checker_on_the_bar_must_enter_first(display: None) -> None:
    board = Board.from_dicts({25: 1, 13: 5, 8: 3, 6: 5, 24: 1}, {24: 2, 13: 5, 8: 3, 6: 5})
    scene = scene_with(lambda: GameState.from_position(board, 0, dice=(4, 2)))
    assert scene.sources() == [BAR]


def test_back_puts_a_checker_down_then_undoes_the_last_step(display: None) -> None:
    scene = scene_with(opening_31)
    start = scene.shown_board()
    press(scene, Action.SELECT)
    assert scene.picked == 24
    press(scene, Action.BACK)
    assert scene.picked is None
    press(scene, Action.SELECT, Action.SELECT)
    assert scene.shown_board() != start
    press(scene, Action.BACK)
    assert scene.picker is not None and scene.picker.steps == []
    assert scene.shown_board() == start
    assert scene.request is None
    press(scene, Action.BACK)  # nothing left to undo: back to the menu
    assert scene.request == "home"


def test_every_order_of_the_steps_of_a_legal_play_is_accepted() -> None:
    board = Board.initial()
    picker = TurnPicker(board, 0, Dice(6, 6))
    for source, target in ((13, 7), (24, 18), (13, 7), (24, 18)):
        picker.step(source, target)
    assert picker.complete() == Play.parse("24/18(2) 13/7(2)")
    with pytest.raises(ValueError):
        picker.step(13, 7)


def test_the_demo_makes_progress_over_frames(display: None) -> None:
    scene = scene_with(lambda: GameState(GameOptions.classic(3)),
                       {0: RandomBot(), 1: RandomBot()}, pause=0.1)
    moves = 0
    for frame in range(300):
        scene.update(frame / 30)
        moves = sum(1 for _, a in scene.state.history if isinstance(a, Play))
    assert moves >= 3
    assert scene.choices() in ([], ["next"])


def test_the_computer_shows_its_steps_before_its_play(display: None) -> None:
    scene = scene_with(lambda: GameState.from_position(Board.initial(), 1, dice=(3, 1)),
                       {0: None, 1: RandomBot()}, pause=1.0)
    scene.update(0.0)
    scene.update(1.0)  # chooses
    scene.update(2.0)  # first step shown
    assert scene.picker is not None and len(scene.picker.steps) == 1
    assert scene.state.turn == 1
    scene.update(3.0)
    scene.update(4.0)
    assert scene.state.turn == 0


def cube_game() -> GameState:
    return GameState.from_position(Board.initial(), 0, GameOptions.classic(5))


def test_a_double_taken_doubles_the_cube_for_the_taker(display: None) -> None:
    scene = scene_with(cube_game)
    assert scene.choices() == ["roll", "double"]
    press(scene, Action.RIGHT, Action.SELECT)
    assert scene.state.phase is Phase.RESPOND
    assert scene.choices() == ["take", "drop"]
    press(scene, Action.SELECT)  # take
    assert (scene.state.cube_value, scene.state.cube_owner) == (2, 1)
    assert scene.choices() == ["roll"]
    assert scene.prompt() == "Light: press Enter to roll the dice"
    press(scene, Action.SELECT)
    assert scene.state.phase is Phase.MOVE and scene.picker is not None


def test_right_means_the_button_on_the_right_in_persian(display: None) -> None:
    scene = scene_with(cube_game, lang="fa")
    press(scene, Action.LEFT, Action.SELECT)  # "double" is on the left in Persian
    assert scene.state.phase is Phase.RESPOND


def test_a_double_dropped_ends_the_game_and_shows_its_points(display: None) -> None:
    scene = scene_with(cube_game)
    scene.do("double")
    scene.do("drop")
    assert scene.result is not None and scene.result.dropped
    head, points, tail = scene.result_lines()
    assert "Light" in head and "1" in points and "1" in tail
    assert scene.state.score == [1, 0]
    press(scene, Action.SELECT)
    assert scene.result is None and scene.state.phase is Phase.OPENING


def test_the_computer_answers_a_double(display: None) -> None:
    scene = scene_with(cube_game, {0: None, 1: RandomBot()}, pause=0.5)
    scene.do("double")
    scene.update(0.0)
    scene.update(0.6)
    assert scene.state.history[-1][1] in (CubeAction.TAKE, CubeAction.DROP)


def test_the_match_result_starts_a_new_match_on_select(display: None) -> None:
    board = Board.from_dicts({2: 1, 1: 1}, {19: 15})
    state = GameState.from_position(board, 0, GameOptions.classic(1, cube=False), dice=(2, 1))
    scene = scene_with(lambda: state)
    press(scene, Action.SELECT, Action.SELECT)  # each checker off with one press
    press(scene, Action.SELECT)  # done
    assert scene.state.is_over and scene.result is not None
    head, _, tail = scene.result_lines()
    assert "backgammon" in head and "match" in tail


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "fa"])
def test_it_draws_at_tv_sizes_in_both_languages(display: None, size: tuple[int, int],
                                                lang: str) -> None:
    scene = scene_with(opening_31, lang=lang)
    surface = pygame.Surface(size)
    assert scene.draw(surface, 0.0) == [surface.get_rect()]
    assert scene.draw(surface, 0.0) == []
    press(scene, Action.SELECT)
    rects = scene.draw(surface, 0.0)
    assert rects and all(surface.get_rect().contains(r) for r in rects)
    assert surface.get_rect() not in rects


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("rtl", [False, True])
def test_the_board_and_panel_fit_apart(size: tuple[int, int], rtl: bool) -> None:
    layout = make_layout(size, rtl)
    screen = pygame.Rect((0, 0), size)
    assert screen.contains(layout.board) and screen.contains(layout.panel)
    assert not layout.board.colliderect(layout.panel)
    assert (layout.panel.left < layout.board.left) == rtl
    points = list(layout.points.values())
    for i, a in enumerate(points):
        assert layout.inner.contains(a)
        assert not any(a.colliderect(b) for b in points[i + 1:])
    assert layout.checker >= (40 if size[0] >= 1920 else 26)


def test_clicks_pick_a_checker_and_drop_it_on_a_target(display: None) -> None:
    scene = scene_with(opening_31)
    scene.draw(pygame.Surface((1920, 1080)), 0.0)
    layout = scene._layout
    assert layout is not None
    scene.click(layout.points[8].center, 0.0)
    assert scene.picked == 8
    scene.click(layout.points[5].center, 0.0)
    assert scene.picker is not None and len(scene.picker.steps) == 1


def test_the_menu_chooses_a_mode(display: None) -> None:
    text = TextRenderer(rtl=False)
    scene = backgammon_scene(text, Translator("en"), seed=3)
    assert scene.mode == "medium" and scene.bots[0] is None and scene.bots[1] is not None
    press(scene, Action.NEW_HAND)
    assert scene.menu_open
    press(scene, Action.DOWN, Action.SELECT)  # medium -> hard
    assert scene.mode == "hard" and not scene.menu_open
    keys = [m.key for m in backgammon_modes()]
    assert keys[:4] == ["hotseat", "easy", "medium", "hard"] and keys[-1] == "demo"
    assert keys[4] in ("expert", "expert_missing")  # GNU Backgammon's level


def test_the_home_menu_lists_takhteh_nard_after_daberna() -> None:
    assert [g.scene for g in HOME_GAMES][:2] == ["caller", "backgammon"]


def mid_game(lang: str = "en") -> BackgammonScene:
    """A game some turns in, a person to move with a checker picked up."""
    tr = Translator(lang)
    modes = backgammon_modes()
    medium = next(m for m in modes if m.key == "medium")
    scene = BackgammonScene(TextRenderer(rtl=tr.rtl), tr,
                            lambda: GameState(GameOptions.classic(5)),
                            {0: None, 1: medium.bots[1]}, random.Random(11), modes=modes,
                            mode="medium", pause=0.0)
    for frame in range(2000):
        scene.update(float(frame))
        state = scene.state
        if scene.result is not None:
            scene.do("next")
        elif not scene.human(state.current_player):
            continue
        elif state.phase is Phase.MOVE and scene.picker is not None:
            if len(state.history) > 24 and scene.sources():
                scene.pick(scene.sources()[-1])
                return scene
            if scene.forcing is not None:
                continue  # made for them over the next frames
            while scene.picker.complete() is None:
                if scene.picked is None:
                    scene.pick(scene.sources()[0])
                else:
                    scene.drop(scene.targets()[-1])
            scene.do("done")
        else:
            scene.do(scene.choices()[0])
    raise AssertionError("the game never reached the middle")


def save_screenshot(path: Path, lang: str = "en", size: tuple[int, int] = (1920, 1080)) -> None:
    scene = mid_game(lang)
    surface = pygame.Surface(size)
    scene.draw(surface, 0.0)
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(path))


def test_a_headless_screenshot_of_a_game_in_progress(display: None, tmp_path: Path) -> None:
    shot = tmp_path / "backgammon.png"
    save_screenshot(shot)
    image = pygame.image.load(str(shot))
    assert image.get_size() == (1920, 1080)
    colours = {image.get_at((x, 540))[:3] for x in range(0, 1920, 8)}
    assert len(colours) > 5  # a board, not a blank screen


def test_the_kiosk_opens_takhteh_nard_from_the_home_menu(display: None) -> None:
    from kiosk.app import Kiosk, KioskOptions
    from kiosk.config import Config

    app = Kiosk(KioskOptions(headless=True, lang="fa", seed=5, size=(1280, 720)), Config())
    app.frame(0.0)
    for key in (pygame.K_DOWN, pygame.K_RETURN):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, unicode="", mod=0))
        app.frame(0.2)
    assert isinstance(app.scene, BackgammonScene)
    for frame in range(60):
        app.frame(1.0 + frame / 10)
    assert app.scene.state.history  # the opening roll, at least
    app.voice.ready.wait(60)  # the voice loads on its own thread: let it finish before quitting


def test_the_headless_command_shows_a_demo_match(tmp_path: Path) -> None:
    import subprocess
    import sys

    shot = tmp_path / "bg.png"
    proc = subprocess.run(
        [sys.executable, "-m", "kiosk.cli", "kiosk", "--headless", "--game", "backgammon",
         "--seed", "3", "--run-for", "3", "--screenshot", str(shot)],
        capture_output=True, text=True, timeout=120, cwd=Path(__file__).resolve().parents[2])
    assert proc.returncode == 0, proc.stderr
    pygame.display.init()
    try:
        image = pygame.image.load(str(shot))
        assert image.get_size() == (1920, 1080)
        colours = {tuple(image.get_at((x, y)))[:3] for x in range(0, 1920, 24)
                   for y in range(0, 1080, 24)}
        from kiosk.games.backgammon.paint import FELT, POINT_A, POINT_B
        assert {FELT, POINT_A, POINT_B} <= colours  # the board is drawn
    finally:
        pygame.quit()


def test_every_action_is_journaled_and_an_unfinished_match_comes_back(display: None) -> None:
    from engines.backgammon.records import events
    from kiosk.app import Kiosk, KioskOptions
    from kiosk.config import Config, VoiceConfig

    silent = Config(voice=VoiceConfig(enabled=False))
    first = Kiosk(KioskOptions(headless=True, seed=8), silent)
    scene = first.show("backgammon")
    assert isinstance(scene, BackgammonScene)
    for _ in range(40):
        state = scene.state
        if state.is_over:
            break
        if state.is_chance:
            scene.roll()
        else:
            scene.table.apply(state.legal_actions()[0])
    played = events(scene.state)
    assert len(played) > 20
    first.flush_journal()  # written, as the kiosk's exit writes it
    first.journal.store.close()

    # The kiosk dies; a new one opens the same screen on the same match.
    again = Kiosk(KioskOptions(headless=True, seed=99), silent)
    back = again.show("backgammon")
    assert isinstance(back, BackgammonScene)
    assert events(back.state) == played
    assert back.mode == scene.mode
    # And it goes on being journaled from there.
    state = back.state
    if state.is_chance:
        back.roll()
    else:
        back.table.apply(state.legal_actions()[0])
    again.flush_journal()
    rows = again.journal.store.events(again.journal.store.unfinished("backgammon").id)
    assert len([r for r in rows if r["kind"] == "record"]) == len(events(back.state)) - 1


def test_the_menu_offers_the_games_options_and_a_mode_starts_with_them(display: None) -> None:
    scene = backgammon_scene(TextRenderer(rtl=False), Translator("en"), seed=3)
    assert scene.state.options == GameOptions.classic(5)  # the registry's defaults
    press(scene, Action.NEW_HAND)
    lines = scene.menu_lines()
    rows = len(scene.modes)
    assert lines[rows:] == ("Scoring: classic", "Doubling cube: on", "Match: to 5 points",
                            "Crawford rule: on", "Jacoby rule: off")
    for _ in range(rows - 2):  # down from "medium" to "Scoring"
        press(scene, Action.DOWN)
    press(scene, Action.RIGHT)  # Maple, which has no cube: the cube goes off with it
    press(scene, Action.DOWN, Action.DOWN, Action.LEFT)  # a match to 3 (Maple has no 4)
    assert scene.menu_lines()[rows:rows + 3] == ("Scoring: Maple", "Doubling cube: off",
                                                 "Match: to 3 points")
    assert scene.state.options == GameOptions.classic(5)  # nothing changes before a choice
    hard = [mode.key for mode in scene.modes].index("hard")
    for _ in range(rows + 2 - hard):  # up from "Match" to "hard"
        press(scene, Action.UP)
    press(scene, Action.SELECT)
    assert scene.mode == "hard" and not scene.menu_open
    assert scene.state.options.variant == "maple" and scene.state.options.match_length == 3
    press(scene, Action.NEW_HAND, Action.DOWN, Action.RIGHT, Action.BACK)  # looked, went back
    press(scene, Action.NEW_HAND, Action.SELECT)
    assert scene.state.options.match_length == 3


def test_the_kiosk_starts_with_the_way_and_rules_last_chosen(display: None) -> None:
    from kiosk.app import Kiosk, KioskOptions
    from kiosk.config import Config, VoiceConfig

    silent = Config(voice=VoiceConfig(enabled=False))
    first = Kiosk(KioskOptions(headless=True, seed=8), silent)
    scene = first.show("backgammon")
    assert isinstance(scene, BackgammonScene)
    assert scene.state.options == GameOptions.classic(5) and scene.mode == "medium"
    scene.rule_choices.step(2, -1)  # type: ignore[union-attr]  # a match to 4
    scene.choose_mode(3)  # hard
    scene.update(0.0)
    scene.update(5.0)  # the opening roll: the match is in the journal
    assert scene.state.history
    first.flush_journal()  # written, as the kiosk's exit writes it
    first.journal.store.close()

    again = Kiosk(KioskOptions(headless=True, seed=9), silent)
    back = again.show("backgammon")
    assert isinstance(back, BackgammonScene)
    assert back.mode == "hard" and back.state.options.match_length == 4


def test_a_seats_own_buttons_play_its_turn_and_never_call_up_the_caller(display: None) -> None:
    from hardware.events import SeatButton, SeatClaim
    from kiosk.app import Kiosk, KioskOptions
    from kiosk.config import Config, VoiceConfig

    app = Kiosk(KioskOptions(headless=True, seed=5), Config(voice=VoiceConfig(enabled=False)))
    scene = app.show("backgammon")
    assert isinstance(scene, BackgammonScene)
    scene.start({0: None, 1: None}, "hotseat")
    app.frame(0.0)
    for t in range(1, 20):  # the opening roll is made by itself
        app.frame(float(t))
    mover = scene.state.turn
    assert mover is not None and scene.decision() == mover
    other = 2 - mover  # the other seat, counting from 1
    app.events.put(SeatClaim(other))
    app.frame(21.0)
    assert app.scene is scene and scene.picked is None  # not their turn: nothing
    app.events.put(SeatClaim(mover + 1))  # select: pick up the checker under the cursor
    app.frame(22.0)
    assert app.scene is scene and scene.picked is not None
    app.events.put(SeatButton(other, "select"))  # the other seat's select: nothing
    app.events.put(SeatButton(mover + 1, "select"))  # puts it down on the first target
    app.frame(23.0)
    assert scene.picked is None and scene.picker is not None and len(scene.picker.steps) == 1
    app.voice.ready.wait(60)


# -- a turn entered the way a player thinks of it ------------------------------------------------

def start_of(board: Board, player: int, dice: Dice | tuple[int, int]) -> BackgammonScene:
    """Two people at the TV, `player` to play `dice` on `board`."""
    return scene_with(lambda: GameState.from_position(board, player, dice=dice))


def to_item(scene: BackgammonScene, items: list[int], item: int) -> None:
    """Move the cursor onto `item` with Right presses."""
    press(scene, *[Action.RIGHT] * ((items.index(item) - scene.cursor) % len(items)))


def make_by_keys(scene: BackgammonScene, step: Step) -> None:
    """One step chosen with Left/Right and Enter (and Esc, to put a checker that went off
    with one press on a point instead)."""
    to_item(scene, scene.sources(), step.from_point)
    press(scene, Action.SELECT)
    if scene.picked is None and step.to_point == OFF:
        return  # it went off with the one press
    if scene.picked is None:
        press(scene, Action.BACK)  # back in hand, to go elsewhere
        assert scene.picked == step.from_point
    to_item(scene, scene.targets(), step.to_point)
    press(scene, Action.SELECT)


def check_every_way_by_keys(board: Board, player: int, dice: Dice) -> int:
    """Every way to play the roll is made with the keys and undone with Esc, step by step;
    walking the offered sources and targets finds those ways and nothing else."""
    scene = start_of(board, player, dice)
    picker = scene.picker
    assert picker is not None and scene.forcing is None
    results = play_results(board, player, dice)
    ways = independent.every_way(board, player, dice)
    for way in sorted(ways, key=lambda w: [s.sort_key() for s in w]):
        boards = [scene.shown_board()]
        for step in way:
            make_by_keys(scene, step)
            assert picker.steps[-1] == step  # a hit on the way is marked
            boards.append(scene.shown_board())
        assert scene.choices() == ["undo", "done"]
        assert picker.complete() == results[scene.shown_board()]
        for i in range(len(way), 0, -1):  # Esc goes back a step at a time
            assert scene.shown_board() == boards[i]
            press(scene, Action.BACK)
            if scene.picked is not None:  # a one-press bear-off comes back in hand
                press(scene, Action.BACK)
            assert len(picker.steps) == i - 1 and scene.shown_board() == boards[i - 1]
        assert scene.picked is None and scene.request is None
    offered: set[tuple[Step, ...]] = set()
    stack: list[list[Step]] = [[]]
    fresh = TurnPicker(board, player, dice)
    while stack:
        taken = stack.pop()
        while len(fresh.steps) > 0:
            fresh.undo()
        for step in taken:
            fresh.step(step.from_point, step.to_point)
        if fresh.complete() is not None:
            offered.add(tuple(taken))
        for source in fresh.sources():
            for target in fresh.targets(source):
                hit = target in fresh.hits(source)
                stack.append([*taken, Step(source, target, hit)])
    assert offered == ways
    return len(ways)


def test_every_opening_roll_takes_every_way_to_play_it_by_keys(display: None) -> None:
    for high in range(1, 7):
        for low in range(1, high + 1):
            assert check_every_way_by_keys(Board.initial(), 0, Dice(high, low))


def test_random_positions_take_every_way_to_play_them_by_keys(display: None) -> None:
    checked = 0
    for board, player, dice in random_positions(160, seed=5):
        if len(play_results(board, player, dice)) > 1:
            check_every_way_by_keys(board, player, dice)
            checked += 1
    assert checked > 100


def test_after_the_opening_3_1_the_checker_moved_24_23_goes_on_to_20(display: None) -> None:
    journal: list[object] = []
    scene = scene_with(opening_31, on_action=journal.append)
    press(scene, Action.SELECT)  # the checker on 24
    assert scene.targets() == [23, 21]
    press(scene, Action.SELECT)  # to 23
    assert scene.sources() == [24, 23, 13, 8, 6]
    press(scene, Action.RIGHT, Action.SELECT)  # the checker on 23
    assert scene.targets() == [20]
    press(scene, Action.SELECT, Action.SELECT)  # to 20; done with one press
    assert journal == [Play.parse("24/20", Board.initial(), 0, (3, 1))]  # 24/21/20


def test_after_6_5_13_8_then_8_2_is_taken_either_die_first(display: None) -> None:
    for first, then in (((13, 8), (8, 2)), ((13, 7), (7, 2))):
        scene = start_of(Board.initial(), 0, (6, 5))
        assert scene.pick(first[0]) and scene.drop(first[1])
        assert scene.pick(then[0]) and scene.drop(then[1])
        assert scene.choices() == ["undo", "done"]
        scene.do("done")
        assert scene.state.history[-1] == (0, Play.parse("13/2", Board.initial(), 0, (6, 5)))


def keys(app: object, *names: str, t: float = 100.0) -> None:
    """Real key presses, one frame each, through the kiosk's key map."""
    for name in names:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.key.key_code(name),
                                             unicode="", mod=0))
        app.frame(t)  # type: ignore[attr-defined]


def test_the_kiosks_keys_enter_a_turn_confirm_it_with_one_press_and_undo_it(
        display: None) -> None:
    from kiosk.app import Kiosk, KioskOptions
    from kiosk.config import Config, VoiceConfig

    app = Kiosk(KioskOptions(headless=True, seed=5, lang="en"),
                Config(voice=VoiceConfig(enabled=False)))
    scene = app.show("backgammon")
    assert isinstance(scene, BackgammonScene)
    scene.resume(GameState.from_position(Board.initial(), 0, dice=(3, 1)), {0: None, 1: None},
                 "hotseat")
    app.frame(100.0)
    start = scene.shown_board()
    keys(app, "return", "return")  # 24/23
    keys(app, "right", "return", "return")  # 23/20
    assert scene.picker is not None and [str(s) for s in scene.picker.steps] == ["24/23",
                                                                                 "23/20"]
    assert scene.note() == "Moved: 24/23/20"
    keys(app, "escape")  # back one step
    assert [str(s) for s in scene.picker.steps] == ["24/23"]
    keys(app, "escape")
    assert scene.picker.steps == [] and scene.shown_board() == start
    keys(app, "right", "right", "return", "right", "return")  # 8/5
    keys(app, "right", "right", "return", "return")  # 6/5
    assert scene.choices() == ["undo", "done"]
    keys(app, "return")  # one press: the turn is made
    assert scene.state.history[-1] == (0, Play.parse("8/5 6/5")) and scene.state.turn == 1
    assert app.scene is scene
    app.voice.ready.wait(60)


def bear_off_scene() -> BackgammonScene:
    board = Board.from_dicts({6: 2, 5: 3, 4: 3, 2: 2}, {1: 15})
    return start_of(board, 0, (6, 4))


def test_bearing_off_takes_one_press_a_checker(display: None) -> None:
    scene = bear_off_scene()
    assert scene.sources() == [6, 5, 4]
    press(scene, Action.SELECT)  # 6/off at once
    assert scene.picked is None and [str(s) for s in scene.picker.steps] == ["6/off"]
    to_item(scene, scene.sources(), 4)
    press(scene, Action.SELECT)  # 4/off at once
    assert [str(s) for s in scene.picker.steps] == ["6/off", "4/off"]
    press(scene, Action.SELECT)  # done
    assert scene.state.history[-1] == (0, Play.parse("6/off 4/off"))


def test_esc_after_a_one_press_bear_off_puts_the_checker_in_hand_for_another_point(
        display: None) -> None:
    scene = bear_off_scene()
    press(scene, Action.SELECT)  # 6/off
    press(scene, Action.BACK)  # back on 6, in hand: its targets lit, the point first
    assert scene.picked == 6 and scene.picker.steps == []
    assert scene.targets() == [2, OFF] and scene.cursor == 0
    press(scene, Action.SELECT)  # 6/2
    assert [str(s) for s in scene.picker.steps] == ["6/2"]
    press(scene, Action.BACK)  # undone: nothing picked, nothing taken
    assert scene.picked is None and scene.picker.steps == []
    assert scene.request is None


def forced_scene(pause: float = 1.0) -> BackgammonScene:
    """Light on the bar against five closed points rolls 5-1: the only play is bar/20 8/7
    (bar/24 leaves no 5, 20/19 is closed)."""
    board = Board.from_dicts({25: 1, 8: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 6: 2, 12: 5})
    state = GameState.from_position(board, 0, dice=(5, 1))
    return scene_with(lambda: state, pause=pause)


def test_a_forced_play_is_made_for_the_player_shown_and_said(display: None) -> None:
    scene = forced_scene()
    assert scene.picker is not None
    play = scene.forcing
    assert play == Play.parse("bar/20 8/7")
    assert scene.sources() == [] and scene.choices() == [] and scene.decision() is None
    assert scene.prompt() == f"Light: {play} is the only play of 5-1, made for you"
    press(scene, Action.SELECT, Action.RIGHT, Action.SELECT)  # nothing to choose
    assert scene.picker.steps == []
    scene.update(0.0)
    scene.update(1.0)
    assert scene.picker.steps == [play.steps[0]]  # shown a step at a time
    assert scene.note() == f"Moved: {play.steps[0]}"
    scene.update(2.0)
    assert len(scene.picker.steps) == 2 and scene.state.turn == 0
    scene.update(3.0)
    assert scene.state.history[-1] == (0, play) and scene.state.turn == 1
    assert scene.note() == f"Light: {play} is the only play of 5-1, made for you"
    scene.update(3.0 + 4.1)
    assert scene.note() == ""


def test_no_legal_move_is_said_and_the_turn_passes_by_itself(display: None) -> None:
    board = Board.from_dicts({25: 2, 13: 13}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3})
    scene = scene_with(lambda: GameState.from_position(board, 0, dice=(6, 6)), pause=1.0)
    assert scene.forcing == Play.none() and scene.choices() == []
    assert scene.prompt() == "Light has no legal move with 6-6: the turn passes"
    scene.update(0.0)
    scene.update(1.0)
    assert scene.state.history[-1] == (0, Play.none())
    assert scene.note() == "Light has no legal move with 6-6: the turn passes"


def test_a_forced_play_in_persian_is_said_in_persian(display: None) -> None:
    board = Board.from_dicts({25: 2, 13: 13}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3})
    scene = scene_with(lambda: GameState.from_position(board, 0, dice=(6, 6)), lang="fa",
                       pause=1.0)
    assert "حرکت مجازی ندارد" in scene.prompt() and "۶-۶" in scene.prompt()
    surface = pygame.Surface((1280, 720))
    scene.draw(surface, 0.0)


def test_a_hit_on_the_way_is_shown_on_the_target_and_in_the_steps(display: None) -> None:
    # Dark's blot on Light's 21: 24/21* hits it, 24/23 passes it by.
    board = Board.from_dicts({24: 2, 13: 5, 8: 3, 6: 5}, {4: 1, 24: 1, 13: 5, 8: 3, 6: 5})
    scene = start_of(board, 0, (3, 1))
    assert scene.pick(24)
    marks = {(kind, point) for kind, _p, point, _c in scene.board_painter.marks()}
    assert ("target_cursor", 23) in marks and ("target_hit", 21) in marks
    assert scene.drop(21)
    assert scene.shown_board().bar(1) == 1
    assert scene.note() == "Moved: 24/21*"
    surface = pygame.Surface((1920, 1080))
    scene.draw(surface, 0.0)

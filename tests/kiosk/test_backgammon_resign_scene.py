"""The Takhteh Nard screen: resigning by keys, the cube's owner, the computer moving, and
the points numbered on request (P)."""

from __future__ import annotations

import random

import pygame

from engines.backgammon import records
from engines.backgammon.bots import make_bot
from engines.backgammon.options import GameOptions, Kind
from engines.backgammon.rules import (
    Board,
    CubeAction,
    GameState,
    Phase,
    Resign,
    ResignAnswer,
)
from kiosk.config import Action
from kiosk.games.backgammon.scene import BackgammonScene, Bot, RandomBot
from kiosk.i18n import Translator
from kiosk.text import TextRenderer


def scene_with(new_game: object, bots: dict[int, Bot | None] | None = None, lang: str = "en",
               **kwargs: object) -> BackgammonScene:
    tr = Translator(lang)
    return BackgammonScene(TextRenderer(rtl=tr.rtl), tr, new_game,  # type: ignore[arg-type]
                           bots or {}, random.Random(7), **kwargs)  # type: ignore[arg-type]


def typed(scene: BackgammonScene, *chars: str) -> None:
    for char in chars:
        scene.handle(Action.REPEAT if char.lower() == "r" else None, char, 0.0)


def press(scene: BackgammonScene, *actions: Action) -> None:
    for action in actions:
        scene.handle(action, "", 0.0)


def at_31(options: GameOptions | None = None) -> GameState:
    return GameState.from_position(Board.initial(), 0, options or GameOptions.classic(5),
                                   dice=(3, 1))


# -- resigning -----------------------------------------------------------------------------------


def test_r_offers_a_single_game_then_a_gammon_then_a_backgammon_then_nothing(
        display: None) -> None:
    scene = scene_with(at_31)
    typed(scene, "r")
    assert scene.resigning is Kind.SINGLE and scene.choices() == ["offer", "cancel"]
    assert scene.prompt().startswith("Light: resign a single game, worth 1?")
    assert scene.sources() == []  # Enter offers; it picks up no checker
    typed(scene, "r")
    assert scene.resigning is Kind.GAMMON and "worth 2?" in scene.prompt()
    typed(scene, "R", "r")
    assert scene.resigning is None and scene.sources()


def test_esc_takes_the_offer_back_before_it_is_made(display: None) -> None:
    scene = scene_with(at_31)
    typed(scene, "r")
    press(scene, Action.BACK)
    assert scene.resigning is None and scene.request is None and scene.state.phase is Phase.MOVE


def test_the_computer_accepts_a_gammon_offered_at_the_start(display: None) -> None:
    journal: list[object] = []
    scene = scene_with(at_31, {0: None, 1: make_bot("medium")}, pause=0.5,
                       on_action=journal.append)
    typed(scene, "r", "r")
    press(scene, Action.SELECT)  # offer
    assert scene.state.phase is Phase.RESIGN and journal == [Resign(Kind.GAMMON)]
    assert scene.prompt() == "Dark is thinking…"
    scene.update(0.0)
    scene.update(1.0)
    assert journal[-1] is ResignAnswer.ACCEPT
    assert scene.result is not None and scene.result.resigned
    head, points, _ = scene.result_lines()
    assert head == "Dark wins: Light resigned a gammon" and points == "Points: 2"
    assert scene.state.score == [0, 2]


def test_the_computer_declines_a_single_game_when_it_is_winning_a_gammon(
        display: None) -> None:
    board = Board.from_dicts({22: 3, 21: 4, 20: 4, 19: 4}, {1: 2})
    scene = scene_with(lambda: GameState.from_position(board, 0, GameOptions.classic(),
                                                       dice=(2, 1)),
                       {0: None, 1: make_bot("medium")}, pause=0.5)
    typed(scene, "r")
    press(scene, Action.SELECT)
    scene.update(0.0)
    scene.update(1.0)
    assert scene.state.phase is Phase.MOVE and scene.state.turn == 0
    assert scene.note() == "Dark declines the resignation: play goes on"
    assert scene.sources()  # Light plays on


def test_a_person_answers_a_resignation_with_the_buttons(display: None) -> None:
    scene = scene_with(at_31)  # two people
    typed(scene, "r")
    press(scene, Action.SELECT)
    assert scene.choices() == ["accept", "decline"]
    assert scene.prompt() == ("Light resigns a single game, worth 1 to Dark. "
                              "Accept or decline?")
    press(scene, Action.RIGHT, Action.SELECT)  # decline
    assert scene.state.phase is Phase.MOVE and scene.sources()
    typed(scene, "r")
    press(scene, Action.SELECT)
    press(scene, Action.SELECT)  # accept
    assert scene.result is not None and scene.state.score == [0, 1]


def test_a_person_may_resign_before_rolling_and_the_record_replays(display: None) -> None:
    journal: list[object] = []
    options = GameOptions.classic(cube=False)
    scene = scene_with(lambda: GameState.from_position(Board.initial(), 0, options),
                       on_action=journal.append)
    assert scene.choices() == ["roll"]
    typed(scene, "r", "r", "r")  # a backgammon
    press(scene, Action.SELECT)
    assert scene.state.resign_offered == Resign(Kind.BACKGAMMON)
    scene.do("accept")
    assert scene.state.is_over and scene.state.returns() == (-3, 3)
    again = records.loads(records.dumps(scene.state))
    assert again.games == scene.state.games


def test_a_computers_turn_is_not_resigned_for(display: None) -> None:
    scene = scene_with(lambda: GameState.from_position(Board.initial(), 1, dice=(3, 1)),
                       {0: None, 1: RandomBot()})
    typed(scene, "r")
    assert scene.resigning is None


# -- the cube's owner ----------------------------------------------------------------------------


def test_the_cubes_owner_is_named_in_the_panel_and_by_the_cube(display: None) -> None:
    scene = scene_with(lambda: GameState.from_position(Board.initial(), 0,
                                                       GameOptions.classic(5)))
    assert "cube" not in scene.info_text()
    scene.do("double")
    scene.do("take")
    assert scene.state.cube_owner == 1
    assert scene.info_text().endswith("cube 2: Dark's")
    surface = pygame.Surface((1920, 1080))
    scene.draw(surface, 0.0)
    layout = scene._layout
    column = layout.cube_column
    top = [surface.get_at((column.centerx, y))[:3] for y in range(column.top,
                                                                   column.centery - 50)]
    assert (246, 244, 236) in top  # the cube's face, on Dark's (top) side


def test_persian_names_the_cubes_owner_in_persian(display: None) -> None:
    state = GameState.from_position(Board.initial(), 1, GameOptions.classic(5), cube_value=4,
                                    cube_owner=0)
    scene = scene_with(lambda: state, lang="fa")
    shown = scene.info_text().replace("\u2068", "").replace("\u2069", "")
    assert shown.endswith("مکعب ۴ در دست روشن")


# -- the computer thinking, then moving ----------------------------------------------------------


def test_thinking_is_said_until_the_computers_checkers_move(display: None) -> None:
    scene = scene_with(lambda: GameState.from_position(Board.initial(), 1, dice=(3, 1)),
                       {0: None, 1: RandomBot()}, pause=1.0)
    scene.update(0.0)
    assert scene.prompt() == "Dark is thinking…"
    scene.update(1.0)  # chosen
    scene.update(2.0)  # the first checker moves
    assert scene.picker is not None and len(scene.picker.steps) == 1
    assert scene.prompt() == "Dark is moving"


# -- the points numbered -------------------------------------------------------------------------


def test_p_numbers_the_points_in_the_direction_of_the_person(display: None) -> None:
    scene = scene_with(at_31, {0: RandomBot(), 1: None})  # the person plays Dark
    surface = pygame.Surface((1920, 1080))
    scene.draw(surface, 0.0)
    before = pygame.image.tobytes(surface, "RGB")
    typed(scene, "p")
    assert scene.numbers
    assert scene.point_number(1) == 24 and scene.point_number(24) == 1  # Dark's numbering
    scene.draw(surface, 0.0)
    assert pygame.image.tobytes(surface, "RGB") != before
    typed(scene, "P")
    assert not scene.numbers


def test_with_two_people_the_points_follow_the_player_on_turn(display: None) -> None:
    scene = scene_with(at_31)
    assert scene.point_number(1) == 1
    state = GameState.from_position(Board.initial(), 1, dice=(3, 1))
    scene.resume(state, {0: None, 1: None}, "hotseat")
    assert scene.point_number(1) == 24


def test_the_kiosks_r_and_p_keys_reach_the_table(display: None) -> None:
    from kiosk.app import Kiosk, KioskOptions
    from kiosk.config import Config, VoiceConfig

    app = Kiosk(KioskOptions(headless=True, seed=5, lang="en"),
                Config(voice=VoiceConfig(enabled=False)))
    scene = app.show("backgammon")
    assert isinstance(scene, BackgammonScene)
    scene.resume(at_31(), {0: None, 1: None}, "hotseat")
    for t, (name, char) in enumerate([("p", "p"), ("r", "r")]):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.key.key_code(name),
                                             unicode=char, mod=0))
        app.frame(100.0 + t)
    for t in range(5):
        app.frame(103.0 + t)
    assert scene.numbers and scene.resigning is Kind.SINGLE


def test_a_double_then_resign_scores_the_cube(display: None) -> None:
    scene = scene_with(lambda: GameState.from_position(Board.initial(), 0,
                                                       GameOptions.classic(5)))
    scene.do("double")
    scene.do("take")
    scene.do("roll")
    assert scene.state.phase is Phase.MOVE and scene.state.history[-2][1] is CubeAction.TAKE
    typed(scene, "r")
    press(scene, Action.SELECT)
    scene.do("accept")
    assert scene.state.games[-1].points == 2

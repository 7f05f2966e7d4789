"""The Takhteh Nard table read from the sofa (DESIGN §3b), as the screen walker reads it.

Each key screen — the table in play with the cube taken, the match line, the prompt (an
offer to resign being chosen, one being answered), the tools, the modes menu, the IDs
box, the hint over a picked-up checker's targets and a notice too long for the board's
note — is drawn for real on SDL's dummy driver while the walker records every line
(`tests.kiosk.walker.recording`), and read by the walker's own rules (`read_frame`):
a cap height of at least 28 px at 1080p (in proportion at 720p) at the size each line
reads as, contrast, no line over another or over a picture, everything inside the
title-safe area, every word from the screen's catalogue; in English and Persian, at
1920×1080 and 1280×720. The lines that matter on each screen are also found drawn whole,
at 40 design pixels or more (never fitted smaller), where they belong.
"""

from __future__ import annotations

import itertools
import random

import pygame
import pytest

from engines.backgammon.bots import make_bot
from engines.backgammon.options import GameOptions
from engines.backgammon.rules import Board, GameState
from kiosk.games.backgammon import backgammon_modes, backgammon_scene
from kiosk.games.backgammon.layout import TOOLS, make_layout
from kiosk.games.backgammon.paint import READ, SMALL
from kiosk.games.backgammon.scene import BackgammonScene, Bot
from kiosk.i18n import Translator
from kiosk.text import Line, TextRenderer
from kiosk.theme import safe_area
from tests.kiosk.walker import Sheet, Words, read_frame, recording

SIZES = [(1920, 1080), (1280, 720)]
LANGS = ["en", "fa"]
WORDS = Words()


def scene_with(state: GameState, bots: dict[int, Bot | None] | None = None, lang: str = "en",
               modes: bool = True) -> BackgammonScene:
    tr = Translator(lang)
    offered = tuple(m for m in backgammon_modes() if m.offered) if modes else ()
    return BackgammonScene(TextRenderer(rtl=tr.rtl), tr, lambda: state.clone(),
                           bots or {}, random.Random(7), modes=offered)


def at(dice: tuple[int, int] | None = (3, 1), turn: int = 0, **kwargs: object) -> GameState:
    options = kwargs.pop("options", None) or GameOptions.classic(5)
    return GameState.from_position(Board.initial(), turn, options,  # type: ignore[arg-type]
                                   dice=dice, **kwargs)  # type: ignore[arg-type]


def read(scene: BackgammonScene, size: tuple[int, int]) -> Sheet:
    """A whole frame drawn while the walker records it; it must read without a defect."""
    with recording():
        scene._layout = None  # built again: its background a recorded surface too
        surface = pygame.Surface(size)
        assert isinstance(surface, Sheet)
        scene.invalidate()
        scene.draw(surface, 0.0)
    where = f"{scene.tr.lang} {size[0]}x{size[1]}"
    defects = read_frame(surface, scene.text, scene.tr.lang, where, WORDS)
    assert not defects, "\n".join(str(d) for d in defects)
    return surface


def lines(surface: Sheet, inside: pygame.Rect | None = None) -> list[tuple[Line, pygame.Rect]]:
    """The lines on the screen (those whose ink lies in `inside`), top to bottom."""
    found = [(t.line, t.ink) for t in surface.texts if t.line.text.strip()
             and (inside is None or inside.contains(t.ink))]
    return sorted(found, key=lambda pair: (pair[1].top, pair[1].left))


def full_size(scene: BackgammonScene, line: Line, design: int = SMALL) -> None:
    """Drawn at `design` pixels or more: not fitted smaller."""
    assert line.size >= scene._layout.px(design), (line.text, line.size)


def words(text: str) -> list[str]:
    return text.replace("\u2068", "").replace("\u2069", "").split()


def both(fn: object) -> object:
    """Every test in both languages at both TV sizes."""
    fn = pytest.mark.parametrize("size", SIZES)(fn)  # type: ignore[arg-type]
    return pytest.mark.parametrize("lang", LANGS)(fn)


# -- the layout -----------------------------------------------------------------------------------


@pytest.mark.parametrize("rtl", [False, True])
def test_the_board_leaves_the_panel_room_for_40_px_lines(rtl: bool) -> None:
    layout = make_layout((1920, 1080), rtl)
    assert layout.board.width < 1300
    assert layout.cards[0].width >= 600  # "Against the computer: medium" at 40 px
    assert layout.cards[0].height >= 118 and layout.info.height >= 3 * 50
    assert layout.prompt.height >= 3 * round(40 * 1.4)  # a resign offer in three lines
    assert min(tool.height for tool in layout.tools) >= 60
    assert layout.cube_column.width >= 100  # the cube's owner named beside it at 40 px
    parts = [layout.title, layout.mode, *layout.cards, layout.info, layout.prompt,
             layout.buttons[0], layout.tools[0], layout.tools[2]]
    for upper, lower in itertools.pairwise(parts):
        assert upper.bottom <= lower.top, (upper, lower)
    assert safe_area((1920, 1080)).contains(layout.panel)


# -- the table in play ----------------------------------------------------------------------------


@both
def test_the_table_with_the_cube_taken_reads_at_full_size(
        display: None, lang: str, size: tuple[int, int]) -> None:
    tr = Translator(lang)
    scene = scene_with(at(cube_value=2, cube_owner=1), {1: make_bot("medium")}, lang)
    surface = read(scene, size)
    layout = scene._layout
    column = layout.cube_column.inflate(layout.px(8), 0)
    on_cube = {line.text: line for line, _ in lines(surface, column)}
    assert tr.digits(2) in on_cube and tr("backgammon.dark") in on_cube  # Dark's, at the top
    full_size(scene, on_cube[tr.digits(2)])
    full_size(scene, on_cube[tr("backgammon.dark")])
    panel = [line for line, _ in lines(surface, layout.panel)]
    mode = next(line for line in panel if line.text == scene.mode_text())
    full_size(scene, mode)
    cards = lines(surface, layout.cards[0].union(layout.cards[1]))
    assert len(cards) == 4  # each card's name and pip count
    for line, _ in cards:
        full_size(scene, line)


@both
def test_the_point_numbers_read_at_full_size(display: None, lang: str,
                                              size: tuple[int, int]) -> None:
    scene = scene_with(at(), {1: make_bot("medium")}, lang)
    scene.numbers = True
    scene.pick(24)
    scene.drop(21)  # a step made: its note between the points' tips
    surface = read(scene, size)
    layout = scene._layout
    numbers = sorted(line.text for line, ink in lines(surface, layout.board)
                     if not layout.inner.colliderect(ink))  # on the frame, by the points
    assert numbers == sorted(scene.tr.digits(n) for n in range(1, 25))
    for line, _ in lines(surface, layout.board):
        full_size(scene, line)  # the numbers, the note, the cube


@both
def test_the_match_line_keeps_each_part_whole_at_full_size(
        display: None, lang: str, size: tuple[int, int]) -> None:
    state = at(score=(4, 2), cube_value=2, cube_owner=0)
    scene = scene_with(state, {1: make_bot("medium")}, lang)
    surface = read(scene, size)
    info = lines(surface, scene._layout.info.inflate(0, scene._layout.px(12)))
    assert 1 <= len(info) <= 3
    for line, _ in info:
        full_size(scene, line)
    shown = " ".join(line.text for line, _ in info)
    for part in scene.info_parts():  # the score, the match's length, the cube's owner
        assert part in shown, (part, shown)
    crawford = scene_with(at(score=(4, 2), crawford_game=True), {1: make_bot("medium")}, lang)
    surface = read(crawford, size)
    shown = " ".join(line.text for line, _ in lines(
        surface, crawford._layout.info.inflate(0, crawford._layout.px(12))))
    assert crawford.tr("backgammon.crawford") in shown


# -- the prompt -----------------------------------------------------------------------------------


@both
def test_an_offer_to_resign_being_chosen_is_said_whole_at_40_px(
        display: None, lang: str, size: tuple[int, int]) -> None:
    scene = scene_with(at(), {1: make_bot("medium")}, lang)
    scene.handle(None, "r", 0.0)
    assert scene.resigning is not None
    surface = read(scene, size)
    said = lines(surface, scene._layout.prompt)
    assert [w for line, _ in said for w in words(line.text)] == words(scene.prompt())
    for line, _ in said:
        full_size(scene, line)
    buttons = {line.text for line, _ in lines(surface, scene._layout.buttons[0].union(
        scene._layout.buttons[1]))}
    assert buttons == {scene.tr("backgammon.buttons.offer"),
                       scene.tr("backgammon.buttons.cancel")}


@both
def test_an_offer_to_resign_to_answer_is_said_whole_at_40_px(
        display: None, lang: str, size: tuple[int, int]) -> None:
    scene = scene_with(at(), {}, lang)  # two people: Dark answers Light's offer
    scene.handle(None, "r", 0.0)
    scene.handle(None, "r", 0.0)  # a gammon: the longer words
    scene.do("offer")
    assert scene.choices() == ["accept", "decline"]
    surface = read(scene, size)
    said = lines(surface, scene._layout.prompt)
    assert [w for line, _ in said for w in words(line.text)] == words(scene.prompt())
    for line, _ in said:
        full_size(scene, line)


@both
def test_a_notice_too_long_for_the_note_is_said_whole_across_the_board(
        display: None, lang: str, size: tuple[int, int]) -> None:
    scene = scene_with(at(), {1: make_bot("medium")}, lang)
    scene.notice = scene.tr("backgammon.advice.none")
    scene._notice_until = 1e9
    surface = read(scene, size)
    layout = scene._layout
    said = lines(surface, layout.band)
    assert [w for line, _ in said for w in words(line.text)] == words(scene.notice)
    for line, _ in said:
        full_size(scene, line)


# -- the tools ------------------------------------------------------------------------------------


@both
def test_the_tools_read_at_full_size(display: None, lang: str, size: tuple[int, int]) -> None:
    scene = scene_with(at(), {1: make_bot("medium")}, lang)
    surface = read(scene, size)
    for name, rect in zip(TOOLS, scene._layout.tools, strict=True):
        (line, _), = lines(surface, rect)
        assert line.text == scene.tr(f"backgammon.tools.{name}")
        full_size(scene, line)


# -- over the table: the modes menu, the IDs, the hint --------------------------------------------


@both
def test_the_modes_menu_shows_every_row_at_full_size_clear_of_the_tools(
        display: None, lang: str, size: tuple[int, int]) -> None:
    tr = Translator(lang)
    scene = backgammon_scene(TextRenderer(rtl=tr.rtl), tr, seed=3)
    scene.handle(None, "", 0.0)
    scene._toggle_menu()
    assert scene.menu_open
    surface = read(scene, size)
    shown = {line.text: line for line, _ in lines(surface)}
    for row in (*scene.menu_lines(), tr("backgammon.choose_mode")):
        if row.startswith(tr("backgammon.gnubg.missing")[:12]):
            continue  # the expert's row when GNU Backgammon is missing: not this screen's words
        assert row in shown, row
        full_size(scene, shown[row])
    menu = scene.panel_painter.menu_look(scene._layout)[1]
    assert not any(menu.colliderect(tool) for tool in scene._layout.tools)  # still touched


@both
def test_the_expert_row_without_gnu_backgammon_says_why_at_full_size(
        display: None, lang: str, size: tuple[int, int], tmp_path: object) -> None:
    """On a kiosk where GNU Backgammon is not installed, the expert's row says what it
    needs, at the size of every other row."""
    from kiosk.games.backgammon import GnubgConfig

    tr = Translator(lang)
    missing = GnubgConfig(path=str(tmp_path) + "/no-gnubg")
    scene = backgammon_scene(TextRenderer(rtl=tr.rtl), tr, seed=3, gnubg=missing)
    assert any(m.key == "expert_missing" for m in scene.modes)
    scene.handle(None, "", 0.0)
    scene._toggle_menu()
    shown = {line.text: line for line, _ in lines(read(scene, size))}
    assert tr("backgammon.gnubg.missing") in shown
    full_size(scene, shown[tr("backgammon.gnubg.missing")])


@both
def test_the_ids_box_shows_the_whole_xgid_at_full_size(display: None, lang: str,
                                                       size: tuple[int, int]) -> None:
    scene = scene_with(at(), {1: make_bot("medium")}, lang)
    scene.pick(24)  # a step made: its note is on the board, under the box
    scene.drop(21)
    scene.open_ids()
    surface = read(scene, size)
    shown = {line.text: line for line, _ in lines(surface)}
    ids = scene.ids()
    assert ids is not None
    for value in ids:  # the Position ID, the Match ID, the XGID: each whole, never shrunk
        assert value in shown
        full_size(scene, shown[value], READ)
    box = scene.panel_painter.ids_box(scene._layout)
    assert not any(box.colliderect(tool) for tool in scene._layout.tools)
    for char in "4HPwATDgc":  # a Position ID cut short
        scene.handle(None, char, 0.0)
    scene.handle(None, "\r", 0.0)
    assert scene.ids_message is not None
    surface = read(scene, size)
    said = [line for line, _ in lines(surface) if line.colour[:3] == (255, 150, 136)]
    assert said
    for line in said:
        full_size(scene, line, READ)


@both
def test_the_hint_over_a_picked_checkers_targets_reads_clear_of_them(
        display: None, lang: str, size: tuple[int, int]) -> None:
    scene = scene_with(at(), {1: make_bot("hard")}, lang)
    scene.pick(24)
    assert scene.targets()  # its targets glow on the board
    scene.toggle_hint(0.0)
    scene.update(0.0)
    assert scene.advice is not None and scene.advice.plays
    surface = read(scene, size)
    box = scene._hint_box
    assert box is not None
    hint = lines(surface, box)
    assert len(hint) >= 1 + 3 * len(scene.advice.plays)
    for line, _ in hint:
        full_size(scene, line, READ)

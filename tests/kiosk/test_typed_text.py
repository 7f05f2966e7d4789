"""A screen with a text field takes every key typed, a scanner's fast burst included."""

from __future__ import annotations

import pygame

from engines.backgammon.exchange import export_ids, import_ids
from engines.backgammon.options import GameOptions
from engines.backgammon.rules import Board, GameState
from kiosk.app import Kiosk, KioskOptions
from kiosk.config import Config, VoiceConfig
from kiosk.games.backgammon.scene import BackgammonScene

# A position from the middle of a game: White has split its back checkers and made a point.
POSITION = "4HPwATDgc/ABMA"


def _burst(app: Kiosk, text: str, now: float) -> None:
    """A scanner types: every character within a millisecond, then Enter, in one frame."""
    for index, char in enumerate(text):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, unicode=char,
                                             mod=0))
        if index % 8 == 7:
            app.frame(now + index * 0.001)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, unicode="\r",
                                         mod=0))
    app.frame(now + len(text) * 0.001 + 0.001)


def test_a_scanned_position_reaches_the_takhteh_nard_id_field(display: None) -> None:
    app = Kiosk(KioskOptions(headless=True, seed=5, lang="en"),
                Config(voice=VoiceConfig(enabled=False)))
    scene = app.show("backgammon")
    assert isinstance(scene, BackgammonScene)
    scene.resume(GameState.from_position(Board.initial(), 0, GameOptions.classic(5)),
                 {0: None, 1: None}, "hotseat")
    target = import_ids(POSITION, export_ids(scene.state)[1])
    scene.open_ids()
    assert scene.wants_text
    _burst(app, f"{POSITION}:{export_ids(scene.state)[1]}", 50.0)
    for step in range(3):
        app.frame(51.0 + step)
    assert app.scene is scene  # not taken for a ticket scan by the caller
    assert scene.state.board == target.board
    assert scene.ids_good

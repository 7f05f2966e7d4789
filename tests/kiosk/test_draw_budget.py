"""A frame's painting budget (kiosk.scenes.budget): on the kiosk's frame loop a table
paints its changed places until the budget is spent and leaves the rest to the next
frames. What a frame shows is always whole (never a place half painted), the screen is
the same as when everything is painted at once a few frames later, and a frame that
follows WHOLE_AFTER frames in a row that left something paints everything."""

from __future__ import annotations

import random

import pygame

from engines.backgammon.rules import Board, GameState
from engines.hearts.bots import make_bot
from engines.hearts.rules import GameState as HeartsState
from kiosk.config import Action
from kiosk.games.backgammon.scene import BackgammonScene
from kiosk.games.hearts.scene import HeartsScene
from kiosk.i18n import Translator
from kiosk.scenes.budget import WHOLE_AFTER, Budget
from kiosk.text import TextRenderer

SIZE = (1280, 720)


def pixels(surface: pygame.Surface, rect: pygame.Rect | None = None) -> bytes:
    part = surface if rect is None else surface.subsurface(rect)
    return pygame.image.tobytes(part, "RGB")


def spread(scene: object, surface: pygame.Surface, now: float,
           shown: list[tuple[pygame.Rect, bytes]]) -> int:
    """Draw frames with no change of state until the scene has nothing left for later;
    keeps what each frame showed. Returns how many frames it took."""
    for frames in range(1, 2 * WHOLE_AFTER + 2):
        for rect in scene.draw(surface, now):  # type: ignore[attr-defined]
            shown.append((rect.copy(), pixels(surface, rect)))
        if scene.settled:  # type: ignore[attr-defined]
            return frames
    raise AssertionError("the scene never painted everything")


def whole(scene: object, now: float) -> pygame.Surface:
    """The same moment painted at once, with no budget (afterwards the scene takes it
    that this is what is shown: the screen it is compared with must be the same)."""
    budget = scene.budget  # type: ignore[attr-defined]
    scene.budget = Budget(None)  # type: ignore[attr-defined]
    reference = pygame.Surface(SIZE)
    scene.invalidate()  # type: ignore[attr-defined]
    scene.draw(reference, now)  # type: ignore[attr-defined]
    scene.budget = budget  # type: ignore[attr-defined]
    return reference


def check(scene: object, surface: pygame.Surface, now: float) -> tuple[int, int]:
    shown: list[tuple[pygame.Rect, bytes]] = []
    frames = spread(scene, surface, now, shown)
    reference = whole(scene, now)
    assert pixels(surface) == pixels(reference)  # the same screen in the end
    for rect, seen in shown:  # and every place a frame showed was shown whole
        assert seen == pixels(reference, rect)
    return frames, len(shown)


def test_a_card_table_spreads_a_change_over_frames_and_ends_as_if_drawn_at_once(
        display: None) -> None:
    tr = Translator("en")
    scene = HeartsScene(TextRenderer(rtl=tr.rtl), tr, lambda: HeartsState(None),
                        tuple(make_bot("medium") for _ in range(4)), random.Random(3),
                        pause=0.05)
    assert scene.budget.seconds is None  # no worker processes: no budget (tests, tools)
    scene.budget = Budget(0.0)  # spent as soon as the first piece is painted
    surface = pygame.Surface(SIZE)
    t, most, spreads = 0.0, 0, 0
    scene.draw(surface, t)  # the first frame paints everything
    while not scene.table_open and t < 600:
        t += 0.1
        scene.update(t)
        frames, _ = check(scene, surface, t)
        most = max(most, frames)
        spreads += frames > 1
    assert scene.table_open  # a hand was played to its scores, the sheet painted in steps
    assert spreads > 10  # many changes took more than one frame
    assert most <= WHOLE_AFTER + 1  # then a frame paints everything


def test_takhteh_nards_panel_is_painted_part_by_part(display: None) -> None:
    tr = Translator("en")
    scene = BackgammonScene(TextRenderer(rtl=tr.rtl), tr,
                            lambda: GameState.from_position(Board.initial(), 0, dice=(3, 1)),
                            {}, random.Random(7))
    scene.budget = Budget(0.0)
    surface = pygame.Surface(SIZE)
    scene.draw(surface, 0.0)
    assert scene.settled
    for action in (Action.RIGHT, Action.RIGHT, Action.SELECT, Action.RIGHT, Action.SELECT):
        scene.handle(action, "", 0.0)  # the checker on 8 to 5: the board, pips, buttons
    assert not scene.settled
    frames, shown = check(scene, surface, 0.1)
    assert frames >= 2 and shown >= 3  # the board first, the panel's parts after


def test_the_budget_counts_from_the_frames_start() -> None:
    """What a frame did before painting (the phones' pushes, a move applied) is spent of
    its budget; a mark left by an earlier frame, or none, counts from painting's start."""
    import time

    from kiosk.scenes import budget

    frame = Budget(0.003)
    budget.frame_begins()
    time.sleep(0.004)  # the frame's other work took longer than the whole budget
    frame.start()
    assert frame.spent() and frame.late  # a table then starts nothing new this frame
    budget.frame_begins()
    frame.start()
    assert not frame.spent() and not frame.late
    time.sleep(budget.STALE_FRAME + 0.01)  # no frame loop marks the frames any more
    frame.start()
    assert not frame.spent() and not frame.late
    time.sleep(0.004)
    assert frame.spent() and not frame.late
    assert Budget(None).spent() is False


def test_a_frame_whose_budget_went_before_painting_leaves_the_table_to_the_next(
        display: None) -> None:
    """A move applied and the phones' pages pushed took the frame's budget: the table
    looks at nothing and paints nothing in that frame. If every frame is like that, the
    one after WHOLE_AFTER of them paints everything; and a frame with its budget paints
    what the skipped ones left, so that the screen ends as if painted at once."""
    import time

    from kiosk.scenes import budget

    tr = Translator("en")
    scene = HeartsScene(TextRenderer(rtl=tr.rtl), tr, lambda: HeartsState(None),
                        tuple(make_bot("medium") for _ in range(4)), random.Random(3),
                        pause=0.05)
    scene.budget = Budget(0.003)
    surface = pygame.Surface(SIZE)
    scene.draw(surface, 0.0)  # the first frame paints everything
    t, skipped, forced = 0.0, 0, 0
    while forced < 3 and t < 60:  # every frame late, the game moving meanwhile
        t += 0.1
        scene.update(t)
        budget.frame_begins()
        time.sleep(0.004)  # the frame's other work spent its budget
        in_a_row = scene._cut
        drawn = scene.draw(surface, t)
        if in_a_row < WHOLE_AFTER:
            assert drawn == [], "a frame with its budget spent painted"
            assert not scene.settled  # what it left is still to come
            skipped += 1
        else:
            assert scene._cut == 0 and not scene._later  # every changed place, at last
            forced += 1
    assert forced == 3 and skipped == 3 * WHOLE_AFTER
    # the game moves on; frames with their budget catch up, and show only whole places
    while scene.settled and t < 120:
        t += 0.1
        scene.update(t)
        budget.frame_begins()
        time.sleep(0.004)
        scene.draw(surface, t)
    assert not scene.settled
    time.sleep(budget.STALE_FRAME + 0.01)  # the next frames have their budget
    check(scene, surface, t)

"""The Bidel table: passing, playing, the time limit, pass and play, input devices, drawing."""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import pygame
import pytest

from engines.cards.cards import Card
from engines.hearts.bots import make_bot
from engines.hearts.options import HeartsOptions
from engines.hearts.rules import PASS_SIZE, GameState, Pass, Phase
from kiosk.app import HOME_GAMES, GamepadInput
from kiosk.cards_draw import FACE
from kiosk.config import Action, ConfigError, from_mapping
from kiosk.games.hearts import HeartsConfig, hearts_modes, hearts_scene
from kiosk.games.hearts.scene import (
    HOLD,
    RESULT_PAUSE,
    Bot,
    HeartsScene,
    display_order,
    make_layout,
    people_seats,
)
from kiosk.i18n import Translator
from kiosk.text import TextRenderer

ROOT = Path(__file__).resolve().parents[2]
SIZE = (1920, 1080)


def medium() -> Bot:
    return make_bot("medium")


def scene_with(
    bots: Sequence[Bot | None] | None = None, lang: str = "en",
    options: HeartsOptions | None = None, text: TextRenderer | None = None, **kwargs: object,
) -> HeartsScene:
    tr = Translator(lang)
    return HeartsScene(
        text or TextRenderer(rtl=tr.rtl), tr, lambda: GameState(options),
        bots if bots is not None else (None, medium(), medium(), medium()), random.Random(7),
        **kwargs,  # type: ignore[arg-type]
    )


def advance(scene: HeartsScene, done: Callable[[], bool], t: float = 0.0, step: float = 0.1,
            limit: int = 20000) -> float:
    """Run the scene's clock until `done`; returns the time reached."""
    for _ in range(limit):
        if done():
            return t
        t += step
        scene.update(t)
    raise AssertionError("the scene never got there")


def _wait(scene: HeartsScene, phase: Phase, t: float) -> float:
    """Run the clock until a person may act in `phase` with nothing moving on the table
    (passing their first three cards on the way to the play)."""

    def ready() -> bool:
        return scene.decision() is not None and scene.state.phase is phase \
            and not scene.busy(clock[0])

    clock = [t]
    for _ in range(20000):
        if ready():
            return clock[0]
        if phase is Phase.PLAY and scene.decision() is not None \
                and scene.state.phase is Phase.PASS:
            for card in scene.hand()[:PASS_SIZE]:
                scene.toggle(card, clock[0])
            scene.confirm_pass(clock[0])
        clock[0] += 0.1
        scene.update(clock[0])
    raise AssertionError(f"no decision in {phase} came")


def press(scene: HeartsScene, now: float, *actions: Action) -> None:
    for action in actions:
        scene.handle(action, "", now)


def move_cursor_to(scene: HeartsScene, index: int, now: float) -> None:
    for _ in range(30):
        if scene.cursor == index:
            return
        press(scene, now, Action.RIGHT)
    raise AssertionError("the cursor never reached the card")


def a_visible_point(scene: HeartsScene, card: Card) -> tuple[int, int]:
    """A point on `card` in the fan that no card to its right covers (its left edge)."""
    layout = scene._layout
    assert layout is not None
    import math

    for shown, slot in scene._hand_slots:
        if shown is card:
            theta = math.radians(-slot.angle)
            dx = -(layout.hand_card[0] / 2 - layout.px(14))
            return (round(slot.centre[0] + dx * math.cos(theta)),
                    round(slot.centre[1] + dx * math.sin(theta)))
    raise AssertionError(f"{card} is not drawn")


# -- a whole hand, a whole game -------------------------------------------------------------


def test_a_person_plays_a_whole_hand_against_the_computers_with_the_keys(display: None) -> None:
    actions: list[object] = []
    scene = scene_with(turn_seconds=0, on_action=actions.append)
    t = 0.0
    for _ in range(40000):
        t += 0.1
        scene.update(t)
        if scene.table_open:
            break
        if scene.decision() != 0 or scene.busy(t):
            continue
        if scene.state.phase is Phase.PASS:
            for _ in range(PASS_SIZE):
                press(scene, t, Action.SELECT, Action.RIGHT)
            press(scene, t, Action.DOWN, Action.SELECT)
        else:
            legal = set(scene.state.legal_cards(0))
            move_cursor_to(scene, next(i for i, c in enumerate(scene.hand()) if c in legal), t)
            press(scene, t, Action.SELECT)
    state = scene.state
    assert scene.table_open and len(state.results) == 1
    result = state.results[0]
    assert sum(result.points) in (26, 78)  # every point card taken, or a moon
    mine = [a for seat, a in state.history if seat == 0]
    assert len(mine) == 14 and isinstance(mine[0], Pass)  # the pass and 13 cards
    assert actions == [a for _, a in state.history]  # every action journaled, in order
    assert scene.prompt() == "Press Enter for the next hand"
    press(scene, t, Action.SELECT)
    assert not scene.table_open


def test_a_demo_game_ends_with_the_score_table_and_starts_again(display: None) -> None:
    scene = scene_with((medium(), medium(), medium(), medium()), pause=0.05)
    surface = pygame.Surface((1280, 720))
    t = 0.0
    for frame in range(200000):
        t += 0.1
        scene.update(t)
        if frame % 50 == 0:
            scene.draw(surface, t)
        if scene.state.is_over and scene.table_open:
            break
    state = scene.state
    assert state.is_over and scene.table_open
    assert max(state.scores) >= 100
    winner = scene.seat_name(state.winner)  # type: ignore[arg-type]
    scene.draw(surface, t)
    assert any(key[0] == f"Winner: {winner}" for key in scene.text._cache)
    scene.update(t + RESULT_PAUSE + 0.1)
    assert not scene.table_open and scene.state is not state and not scene.state.results


def test_the_score_table_shows_each_hand_and_the_totals(display: None) -> None:
    scene = scene_with((medium(), medium(), medium(), medium()), pause=0.05)
    advance(scene, lambda: scene.table_open, step=0.1)
    result = scene.state.results[-1]
    scene.draw(pygame.Surface(SIZE), 0.0)
    drawn = {key[0] for key in scene.text._cache}
    assert "Hand 1: the scores" in drawn
    assert {str(p) for p in result.points} <= drawn
    assert {"South", "West", "North", "East"} <= drawn


# -- passing ---------------------------------------------------------------------------------


def test_three_cards_picked_then_confirmed_are_passed(display: None) -> None:
    actions: list[object] = []
    scene = scene_with(on_action=actions.append)
    t = _wait(scene, Phase.PASS, 0.0)
    chosen = scene.hand()[2:5]
    for card in chosen:
        assert scene.toggle(card, t)
    assert scene.cursor == len(scene.hand())  # on the Pass button
    press(scene, t, Action.SELECT)
    assert scene.state.history[-1] == (0, Pass.of(chosen))
    assert actions[-1] == Pass.of(chosen)


def test_a_fourth_card_is_refused_and_a_picked_card_goes_back(display: None) -> None:
    scene = scene_with()
    t = _wait(scene, Phase.PASS, 0.0)
    hand = scene.hand()
    for card in hand[:3]:
        scene.toggle(card, t)
    assert not scene.toggle(hand[3], t)
    assert scene.picks == hand[:3]
    assert scene.notice_text() == "You pass exactly 3 cards: put one back first"
    assert scene.toggle(hand[0], t)
    assert scene.picks == hand[1:3]


def test_confirming_with_fewer_than_three_cards_does_nothing(display: None) -> None:
    scene = scene_with()
    t = _wait(scene, Phase.PASS, 0.0)
    before = list(scene.state.history)
    scene.toggle(scene.hand()[0], t)
    assert not scene.confirm_pass(t)
    press(scene, t, Action.DOWN, Action.SELECT)
    assert scene.state.history == before and scene.state.phase is Phase.PASS
    assert scene.notice_text() == "Choose 2 more to pass"


def test_the_cards_received_are_marked_when_play_starts(display: None) -> None:
    scene = scene_with()
    t = _wait(scene, Phase.PASS, 0.0)
    for card in scene.hand()[:3]:
        scene.toggle(card, t)
    scene.confirm_pass(t)
    t = advance(scene, lambda: scene.state.phase is Phase.PLAY, t)
    received = scene.state.view(0).received
    assert received is not None and set(received) <= set(scene.hand())
    # The first hand passes right: South gives to East and gets West's cards.
    assert scene.notice_text() == "The cards West passed you are marked in green"
    scene.draw(pygame.Surface(SIZE), t)
    outlined = {look[0] for key, (_, look) in scene._shown.items() if key.startswith("hand:")
                and look[3] is not None}
    assert set(received) <= outlined


# -- only legal cards ------------------------------------------------------------------------


@pytest.mark.parametrize(("lang", "words"), [("en", "this card is not allowed"),
                                             ("fa", "این کارت مجاز نیست")])
def test_an_illegal_card_is_refused_with_the_not_allowed_message(
        display: None, lang: str, words: str) -> None:
    scene = scene_with(lang=lang, turn_seconds=0)
    t = 0.0
    while True:
        t = _wait(scene, Phase.PLAY, t)
        legal = set(scene.state.legal_cards(0))
        illegal = [c for c in scene.hand() if c not in legal]
        if illegal:
            break
        scene.play(next(iter(legal)), t)
    surface = pygame.Surface(SIZE)
    scene.draw(surface, t)
    before = (list(scene.state.history), [list(h) for h in scene.state.hands],
              list(scene.state.trick))
    move_cursor_to(scene, scene.hand().index(illegal[0]), t)
    press(scene, t, Action.SELECT)
    after = (list(scene.state.history), [list(h) for h in scene.state.hands],
             list(scene.state.trick))
    assert after == before
    assert scene.notice_text() == words
    scene.draw(surface, t)
    assert any(key[0] == words for key in scene.text._cache)  # drawn on the table
    assert scene.play(next(c for c in scene.hand() if c in legal), t)


def test_illegal_cards_are_dimmed_on_the_players_turn(display: None) -> None:
    scene = scene_with(turn_seconds=0)
    t = 0.0
    while True:
        t = _wait(scene, Phase.PLAY, t)
        legal = set(scene.state.legal_cards(0))
        if len(legal) < len(scene.hand()):
            break
        scene.play(next(iter(legal)), t)
    scene.draw(pygame.Surface(SIZE), t)
    dimmed = {look[0] for key, (_, look) in scene._shown.items()
              if key.startswith("hand:") and look[2]}
    assert dimmed == set(scene.hand()) - legal


# -- the time limit --------------------------------------------------------------------------


@pytest.mark.parametrize("seconds", [40, 5])
def test_when_time_runs_out_the_computer_plays_for_the_person(display: None,
                                                               seconds: int) -> None:
    scene = scene_with(turn_seconds=seconds)
    t = _wait(scene, Phase.PLAY, 0.0)
    scene.update(t)
    start = scene.deadline
    assert start is not None and start == pytest.approx(t + seconds)
    assert scene.countdown_text(t) == str(seconds)
    assert scene.countdown_text(t + 3.5) == str(seconds - 3)
    view = scene.state.view(0)
    expected = medium().choose(view, random.Random(1))
    before = len(scene.state.history)
    scene.update(start - 0.05)
    assert len(scene.state.history) == before
    scene.update(start + 0.01)
    assert scene.state.history[before] == (0, expected)
    assert scene.notice_text() == "Time is up: the computer played for You"
    assert scene.deadline is None


def test_when_time_runs_out_while_passing_the_computers_pass_is_made(display: None) -> None:
    scene = scene_with(turn_seconds=40)
    t = _wait(scene, Phase.PASS, 0.0)
    scene.update(t)
    scene.toggle(scene.hand()[0], t)
    expected = medium().choose(scene.state.view(0), random.Random(1))
    advance(scene, lambda: scene.state.history[-1][0] == 0, t, step=0.5)
    assert scene.state.history[-1] == (0, expected)


def test_the_turn_waits_while_the_table_is_off_screen(display: None) -> None:
    scene = scene_with(turn_seconds=40)
    t = _wait(scene, Phase.PLAY, 0.0)
    scene.update(t)
    for _ in range(100):  # ten seconds go by
        t += 0.1
        scene.update(t)
    assert scene.deadline is not None
    left = scene.deadline - t
    assert 29 < left < 31
    scene.entered(t + 600)  # the players went to the home menu and came back
    scene.update(t + 600)
    assert scene.decision() == 0 and scene.deadline - (t + 600) == pytest.approx(left)


def test_no_limit_when_the_turn_seconds_are_zero(display: None) -> None:
    scene = scene_with(turn_seconds=0)
    t = _wait(scene, Phase.PASS, 0.0)
    scene.update(t + 1000)
    assert scene.deadline is None and scene.countdown_text(t) == ""
    assert scene.decision() == 0


def test_the_countdown_redraws_only_its_own_box(display: None) -> None:
    scene = scene_with(turn_seconds=40)
    t = _wait(scene, Phase.PASS, 0.0)
    scene.update(t)
    surface = pygame.Surface(SIZE)
    assert scene.draw(surface, t) == [surface.get_rect()]
    assert scene.draw(surface, t + 0.01) == []
    rects = scene.draw(surface, t + 1.0)
    layout = scene._layout
    assert layout is not None
    assert rects and all(layout.timer.contains(r) for r in rects)


# -- pass and play ---------------------------------------------------------------------------


def test_pass_and_play_hides_each_hand_until_its_person_is_ready(display: None) -> None:
    scene = scene_with((None, medium(), None, medium()), turn_seconds=0)
    surface = pygame.Surface(SIZE)
    t = advance(scene, lambda: scene.state.phase is Phase.PASS)
    assert scene.privacy == 0 and scene.decision() is None
    scene.draw(surface, t)
    assert scene.shown_hand == ()
    assert not any(key[0] == "this card is not allowed" for key in scene.text._cache)
    press(scene, t, Action.SELECT)
    scene.draw(surface, t)
    south = scene.state.view(0).hand
    assert scene.shown_hand == tuple(display_order(south))
    for card in scene.hand()[:3]:
        scene.toggle(card, t)
    scene.confirm_pass(t)
    scene.draw(surface, t)
    assert scene.shown_hand == ()  # South's hand hides at once
    t = advance(scene, lambda: scene.privacy == 2, t)
    scene.draw(surface, t)
    assert scene.shown_hand == () and scene.orient == 2
    assert any(key[0] == "Pass to North" for key in scene.text._cache)
    scene.seat_input(1, Action.SELECT, t)  # South's button: not North's
    assert scene.privacy == 2
    scene.seat_input(3, Action.SELECT, t)  # North is ready
    scene.draw(surface, t)
    assert scene.shown_hand == tuple(display_order(scene.state.view(2).hand))


def test_people_sit_spread_round_the_table() -> None:
    assert people_seats(4, 2) == (0, 2)
    assert people_seats(4, 3) == (0, 1, 3)
    assert people_seats(4, 4) == (0, 1, 2, 3)
    assert people_seats(3, 2) == (0, 2)
    assert people_seats(5, 3) == (0, 2, 3)
    keys = [m.key for m in hearts_modes(HeartsConfig())]
    assert keys == ["easy", "medium", "hard", "people2", "people3", "people4", "demo"]


# -- seat buttons, mouse, gamepad ------------------------------------------------------------


def test_a_seat_not_on_turn_is_ignored(display: None) -> None:
    scene = scene_with(turn_seconds=0)
    t = _wait(scene, Phase.PASS, 0.0)
    before = (scene.cursor, list(scene.picks))
    for seat in (2, 3, 4, 9):
        scene.seat_input(seat, Action.RIGHT, t)
        scene.seat_input(seat, Action.SELECT, t)
    assert (scene.cursor, scene.picks) == before
    scene.seat_input(1, Action.RIGHT, t)
    scene.seat_input(1, Action.SELECT, t)
    assert scene.cursor == 1 and scene.picks == [scene.hand()[1]]
    scene.seat_input(1, Action.BACK, t)  # a seat's back clears its picks, never leaves
    assert scene.picks == [] and scene.request is None


def test_a_click_picks_a_card_to_pass_and_plays_a_card(display: None) -> None:
    scene = scene_with(turn_seconds=0)
    surface = pygame.Surface(SIZE)
    t = _wait(scene, Phase.PASS, 0.0)
    scene.draw(surface, t)
    card = scene.hand()[4]
    scene.click(a_visible_point(scene, card), t)
    assert scene.picks == [card]
    for other in scene.hand()[5:7]:
        scene.draw(surface, t)
        scene.click(a_visible_point(scene, other), t)
    layout = scene._layout
    assert layout is not None
    scene.draw(surface, t)
    scene.click(layout.pass_button.center, t)
    assert scene.state.history[-1][0] == 0 and isinstance(scene.state.history[-1][1], Pass)
    t = _wait(scene, Phase.PLAY, t)
    scene.draw(surface, t)
    legal = scene.state.legal_cards(0)
    scene.click(a_visible_point(scene, legal[-1]), t)
    assert scene.state.history[-1] == (0, legal[-1])


def test_gamepad_buttons_hat_and_stick_become_actions() -> None:
    pad = GamepadInput()

    def event(kind: int, **values: object) -> pygame.event.Event:
        return pygame.event.Event(kind, instance_id=0, joy=0, **values)

    assert pad.action(event(pygame.JOYBUTTONDOWN, button=0)) is Action.SELECT
    assert pad.action(event(pygame.JOYBUTTONDOWN, button=1)) is Action.BACK
    assert pad.action(event(pygame.JOYBUTTONDOWN, button=5)) is None
    assert pad.action(event(pygame.JOYHATMOTION, hat=0, value=(-1, 0))) is Action.LEFT
    assert pad.action(event(pygame.JOYHATMOTION, hat=0, value=(0, 1))) is Action.UP
    assert pad.action(event(pygame.JOYHATMOTION, hat=0, value=(0, 0))) is None
    assert pad.action(event(pygame.JOYAXISMOTION, axis=0, value=0.9)) is Action.RIGHT
    assert pad.action(event(pygame.JOYAXISMOTION, axis=0, value=0.95)) is None  # still held
    assert pad.action(event(pygame.JOYAXISMOTION, axis=0, value=0.1)) is None
    assert pad.action(event(pygame.JOYAXISMOTION, axis=0, value=0.8)) is Action.RIGHT
    assert pad.action(event(pygame.JOYAXISMOTION, axis=1, value=-0.7)) is Action.UP
    assert pad.action(event(pygame.JOYAXISMOTION, axis=3, value=-0.9)) is None


def kiosk_on_hearts(seed: int = 5, hearts: HeartsConfig | None = None) -> object:
    from kiosk.app import Kiosk, KioskOptions
    from kiosk.config import Config, VoiceConfig

    app = Kiosk(KioskOptions(headless=True, lang="en", seed=seed, size=(1280, 720)),
                Config(voice=VoiceConfig(enabled=False),
                       games={"hearts": hearts or HeartsConfig()}))
    app.show("hearts")
    return app


def test_the_kiosk_routes_gamepad_touch_and_seat_buttons_to_the_table(display: None) -> None:
    from hardware.events import SeatButton
    from kiosk.app import Kiosk

    app = kiosk_on_hearts()
    assert isinstance(app, Kiosk)
    scene = app.scene
    assert isinstance(scene, HeartsScene)
    t = _wait(scene, Phase.PASS, 0.0)
    app.frame(t)
    pygame.event.post(pygame.event.Event(pygame.JOYHATMOTION, instance_id=0, joy=0, hat=0,
                                         value=(1, 0)))
    app.frame(t)
    assert scene.cursor == 1
    pygame.event.post(pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=0, joy=0, button=0))
    app.frame(t)
    assert scene.picks == [scene.hand()[1]]
    card = scene.hand()[6]
    x, y = a_visible_point(scene, card)
    pygame.event.post(pygame.event.Event(pygame.FINGERDOWN, x=x / 1280, y=y / 720, dx=0.0,
                                         dy=0.0, touch_id=0, finger_id=0, pressure=1.0))
    app.frame(t)
    assert card in scene.picks
    app.events.put(SeatButton(2, "select"))  # West is a computer here
    app.frame(t)
    assert len(scene.picks) == 2
    app.events.put(SeatButton(1, "right"))
    app.events.put(SeatButton(1, "select"))
    app.frame(t)
    assert len(scene.picks) == 3
    app.voice.ready.wait(60)


def test_a_claim_button_is_its_seats_select_at_the_card_table(display: None) -> None:
    from hardware.events import SeatClaim
    from kiosk.app import Kiosk

    app = kiosk_on_hearts()
    assert isinstance(app, Kiosk)
    scene = app.scene
    assert isinstance(scene, HeartsScene)
    t = _wait(scene, Phase.PASS, 0.0)
    app.frame(t)
    app.events.put(SeatClaim(1))  # South (a person) picks the card under the cursor
    app.frame(t)
    assert app.scene is scene  # the caller is not called up by a claim at the table
    assert scene.picks == [scene.hand()[0]]
    app.events.put(SeatClaim(3))  # North is a computer: nothing happens
    app.frame(t)
    assert scene.picks == [scene.hand()[0]]
    app.voice.ready.wait(60)


def test_a_seat_button_is_a_plain_action_on_other_screens(display: None) -> None:
    from hardware.events import SeatButton
    from kiosk.app import Kiosk

    app = kiosk_on_hearts()
    assert isinstance(app, Kiosk)
    seen: list[object] = []

    class Plain:
        request = None

        def handle(self, action: Action | None, typed: str, now: float) -> None:
            seen.append(action)

        def update(self, now: float) -> None: ...

        def draw(self, surface: pygame.Surface, now: float) -> list[pygame.Rect]:
            return []

        def invalidate(self) -> None: ...

        def click(self, pos: tuple[int, int], now: float) -> None: ...

    app.scene = Plain()
    app.events.put(SeatButton(3, "left"))
    app.frame(0.0)
    assert seen == [Action.LEFT]
    app.voice.ready.wait(60)


# -- the kiosk: the menu, the journal, the headless screenshot -------------------------------


def test_the_home_menu_lists_bidel_after_takhteh_nard() -> None:
    scenes = [g.scene for g in HOME_GAMES]
    assert scenes.index("hearts") == scenes.index("backgammon") + 1
    assert Translator("fa")("hearts.title") == "بی‌دل"
    assert Translator("en")("hearts.title") == "Bidel"


def test_the_game_is_journaled_and_comes_back_after_a_restart(display: None) -> None:
    from kiosk.app import Kiosk

    first = kiosk_on_hearts(seed=8)
    assert isinstance(first, Kiosk)
    scene = first.scene
    assert isinstance(scene, HeartsScene)
    scene.fast_forward(lambda s: len(s.history) > 40)
    played = list(scene.state.history)
    first.flush_journal()  # written, as the kiosk's exit writes it
    first.journal.store.close()
    first.voice.ready.wait(60)

    again = kiosk_on_hearts(seed=99)
    assert isinstance(again, Kiosk)
    back = again.scene
    assert isinstance(back, HeartsScene)
    assert back.state.history == played
    assert back.mode == scene.mode and back.bots[0] is None
    assert [p.card for p in back.trick] == back.state.trick  # the trick lies as it was
    back.fast_forward(lambda s: len(s.history) > len(played))
    again.flush_journal()
    store = again.journal.store
    row = store.unfinished("hearts")
    assert row is not None
    records = [r for r in store.events(row.id) if r["kind"] == "record"]
    assert len(records) >= len(played) + 1
    again.voice.ready.wait(60)


def test_a_saved_game_of_other_variants_is_kept_in_the_journal_not_resumed(
        display: None) -> None:
    from kiosk.app import Kiosk

    first = kiosk_on_hearts(seed=8)
    assert isinstance(first, Kiosk)
    scene = first.scene
    assert isinstance(scene, HeartsScene)
    scene.fast_forward(lambda s: len(s.history) > 20)
    first.flush_journal()
    saved = first.journal.store.unfinished("hearts")
    assert saved is not None
    first.flush_journal()  # written, as the kiosk's exit writes it
    first.journal.store.close()
    first.voice.ready.wait(60)

    again = kiosk_on_hearts(seed=99, hearts=HeartsConfig(players=5))  # the host changed it
    assert isinstance(again, Kiosk)
    table = again.scene
    assert isinstance(table, HeartsScene)
    assert table.state.players == 5 and len(table.state.history) <= 1
    again.flush_journal()
    store = again.journal.store
    assert store.unfinished("hearts") is None or store.unfinished("hearts").id != saved.id
    kept = [r for r in store.events(saved.id) if r["kind"] == "record"]
    assert len(kept) > 20  # the old game's record is still there
    again.voice.ready.wait(60)


def test_the_headless_command_shows_a_hand_under_way(tmp_path: Path) -> None:
    shot = tmp_path / "hearts.png"
    proc = subprocess.run(
        [sys.executable, "-m", "kiosk.cli", "kiosk", "--headless", "--game", "hearts",
         "--seed", "5", "--run-for", "0.5", "--screenshot", str(shot)],
        capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    pygame.display.init()
    try:
        image = pygame.image.load(str(shot))
        assert image.get_size() == (1920, 1080)
        light = sum(1 for x in range(0, 1920, 6) for y in range(0, 1080, 6)
                    if min(tuple(image.get_at((x, y)))[:3]) >= min(FACE) - 12)
        assert light > 1000  # card faces on the table and in the hand
    finally:
        pygame.quit()


def test_headless_hearts_starts_mid_hand_with_cards_in_the_trick(display: None) -> None:
    from kiosk.app import Kiosk, KioskOptions
    from kiosk.config import Config, VoiceConfig
    from kiosk.games.hearts import mid_hand

    app = Kiosk(KioskOptions(headless=True, lang="en", seed=5, game="hearts"),
                Config(voice=VoiceConfig(enabled=False)))
    app.start()
    scene = app.scene
    assert isinstance(scene, HeartsScene)
    assert mid_hand(scene.state) and len(scene.trick) >= 2
    assert scene.decision() == 0
    app.voice.ready.wait(60)


# -- drawing ---------------------------------------------------------------------------------


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "fa"])
def test_it_draws_at_tv_sizes_in_both_languages(display: None, size: tuple[int, int],
                                                lang: str) -> None:
    scene = scene_with(lang=lang, turn_seconds=40)
    surface = pygame.Surface(size)
    t = _wait(scene, Phase.PASS, 0.0)
    assert scene.draw(surface, t) == [surface.get_rect()]
    scene.toggle(scene.hand()[0], t)
    rects = scene.draw(surface, t)
    assert rects and all(surface.get_rect().contains(r) for r in rects)
    assert surface.get_rect() not in rects
    assert scene.shown_hand == tuple(scene.hand())


def test_a_played_card_slides_to_the_middle_and_the_trick_to_its_winner(display: None) -> None:
    scene = scene_with(turn_seconds=0)
    surface = pygame.Surface(SIZE)
    t = _wait(scene, Phase.PLAY, 0.0)
    scene.draw(surface, t)
    card = scene.state.legal_cards(0)[0]
    scene.play(card, t)
    key = f"trick:{card}"
    scene.draw(surface, t + 0.05)
    moving = scene._shown[key][0].center
    scene.draw(surface, t + 1.0)
    resting = scene._shown[key][0].center
    assert moving != resting
    # The trick completes; it lies a moment, then slides away and is gone.
    t = advance(scene, lambda: scene.collect is not None, t + 1.0)
    _, starts = scene.collect  # type: ignore[misc]
    assert starts >= t + HOLD - 0.2
    scene.update(starts + 10)
    assert scene.trick == [] and scene.collect is None


@pytest.mark.parametrize("players", [3, 5])
@pytest.mark.parametrize("rtl", [False, True])
def test_plates_and_overlays_keep_apart_at_every_table_size(players: int, rtl: bool) -> None:
    from kiosk.games.hearts.scene import PLACES

    layout = make_layout(SIZE, rtl, players)
    screen = pygame.Rect((0, 0), SIZE)
    plates = [layout.plates[p] for p in PLACES[players]]
    for i, a in enumerate(plates):
        assert layout.felt.contains(a)
        assert not any(a.colliderect(b) for b in plates[i + 1:])
    assert screen.contains(layout.panel) and not layout.panel.colliderect(layout.table)
    for place in PLACES[players]:
        if place != "bottom":
            assert not layout.overlay.colliderect(layout.plates[place])


@pytest.mark.parametrize("players", [3, 5])
def test_three_and_five_player_tables_play(display: None, players: int) -> None:
    options = HeartsOptions(players=players)
    bots = (None, *(medium() for _ in range(players - 1)))
    scene = scene_with(bots, options=options, turn_seconds=0.5)
    surface = pygame.Surface(SIZE)
    t = 0.0
    for frame in range(20000):
        t += 0.1
        scene.update(t)
        if frame % 40 == 0:
            scene.draw(surface, t)
        if scene.table_open:
            break
    assert scene.state.results and len(scene.state.results[0].points) == players


# -- configuration ---------------------------------------------------------------------------


def test_the_hearts_section_has_the_source_apps_defaults() -> None:
    config = from_mapping({}).hearts
    assert (config.turn_seconds, config.level, config.target, config.players) == \
        (40, "medium", 100, 4)
    scene = hearts_scene(TextRenderer(rtl=False), Translator("en"), config, seed=1)
    assert scene.mode == "medium" and scene.turn_seconds == 40
    assert scene.state.options == HeartsOptions()


@pytest.mark.parametrize(("key", "value", "allowed"), [
    ("level", "expert", '"easy" or "medium" or "hard"'),
    ("target", 75, "100 or 50"),
    ("players", 6, "3 or 4 or 5"),
    ("moon", "none", '"others_add" or "shooter_subtracts"'),
    ("turn_seconds", -1, "from 0 to 600"),
    ("jack_of_diamonds", "yes", "true or false"),
    ("pass_order", "across", '"right_first" or "left_first"'),
])
def test_a_bad_hearts_key_is_named(key: str, value: object, allowed: str) -> None:
    with pytest.raises(ConfigError) as caught:
        from_mapping({"hearts": {key: value}})
    message = str(caught.value)
    assert f"hearts.{key}" in message and allowed in message and "\n" not in message


def test_the_variants_come_from_the_config(display: None) -> None:
    config = from_mapping({"hearts": {"target": 50, "moon": "shooter_subtracts",
                                      "jack_of_diamonds": True, "players": 3,
                                      "pass_order": "left_first", "level": "easy",
                                      "turn_seconds": 0}}).hearts
    scene = hearts_scene(TextRenderer(rtl=False), Translator("en"), config, seed=1)
    options = scene.state.options
    assert (options.target, options.moon.value, options.jack_of_diamonds, options.players,
            options.pass_order.value) == (50, "shooter_subtracts", True, 3, "left_first")
    assert scene.mode == "easy" and len(scene.bots) == 3 and scene.turn_seconds == 0


class GatedBot:
    """The medium bot, made to wait at a gate: it shows on which thread it thinks."""

    level = "medium"

    def __init__(self) -> None:
        import threading

        self.inner = medium()
        self.gate = threading.Event()
        self.gate.set()
        self.threads: list[str] = []

    def choose(self, view: object, rng: object) -> object:
        import threading

        self.threads.append(threading.current_thread().name)
        assert self.gate.wait(30), "the gate was never opened"
        return self.inner.choose(view, rng)  # type: ignore[arg-type]


def test_with_a_thinker_the_computers_think_off_the_frame_loop(display: None) -> None:
    import threading
    from concurrent.futures import ThreadPoolExecutor

    bots = [GatedBot() for _ in range(4)]
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="bots") as thinker:
        scene = scene_with(bots=bots, thinker=thinker)  # type: ignore[arg-type]
        t = advance(scene, lambda: scene.state.phase is Phase.PASS)
        for bot in bots:
            bot.gate.clear()  # every computer now thinks until the test lets it go
        moment = len(scene.state.history)
        for _ in range(100):  # ten seconds of frames: the pause is long over
            t += 0.1
            scene.update(t)
        assert len(scene.state.history) == moment  # nothing played before the choice is made
        for bot in bots:
            bot.gate.set()
        assert scene.table.thinking is not None
        scene.table.thinking.result(timeout=30)
        scene.update(t + 0.1)
        assert len(scene.state.history) == moment + 1
        advance(scene, lambda: scene.state.phase is Phase.PLAY, t)
    names = [name for bot in bots for name in bot.threads]
    assert names and all(name.startswith("bots") for name in names)
    assert threading.current_thread().name not in names


def test_a_choice_thought_for_an_old_game_is_not_played_in_a_new_one(display: None) -> None:
    from concurrent.futures import ThreadPoolExecutor

    bots = [GatedBot() for _ in range(4)]
    with ThreadPoolExecutor(max_workers=1) as thinker:
        scene = scene_with(bots=bots, thinker=thinker)  # type: ignore[arg-type]
        t = advance(scene, lambda: scene.state.phase is Phase.PASS)
        for bot in bots:
            bot.gate.clear()
        t = advance(scene, lambda: scene.table.thinking is not None, t)
        old = scene.table.thinking
        assert old is not None
        scene.start(bots)  # a new game while the old choice is still being made
        for bot in bots:
            bot.gate.set()
        stale = old.result(timeout=30)
        t = advance(scene, lambda: scene.state.phase is Phase.PLAY, t)
    assert all(action is not stale for _seat, action in scene.state.history)
    assert len(scene.state.history) == 1 + scene.state.players  # the deal and four passes


def test_the_modes_menu_offers_bidels_rule_variants_and_the_next_game_plays_them(
    display: None,
) -> None:
    """The variants come from the registry entry (the number of players stays the
    config's); a change made in the menu is the rule set of the next game."""
    scene = hearts_scene(TextRenderer(rtl=False), Translator("en"), HeartsConfig(), seed=2)
    assert scene.rule_choices is not None
    names = [spec.name for spec in scene.rule_choices]
    assert "players" not in names and {"target", "moon", "jack_of_diamonds"} <= set(names)
    lines = scene.menu_lines()
    assert "Game to: 100 points" in lines
    assert "Shooting the moon: the others take 26" in lines
    index = names.index("target")
    scene.rule_choices.open()
    assert scene.rule_choices.step(index)
    scene.rule_choices.confirm()
    assert scene.rule_choices.chosen.target == 50
    scene.start(scene.modes[0].bots, scene.modes[0].key)
    assert scene.state.options.target == 50


def test_the_help_line_names_the_keys_the_config_gives(display: None) -> None:
    """A host who moved "last trick" to another key sees that key in the help line."""
    from kiosk.app import Kiosk, KioskOptions
    from kiosk.config import Config, VoiceConfig

    config = Config(voice=VoiceConfig(enabled=False))
    config.keys[Action.LAST_TRICK] = ("t",)
    app = Kiosk(KioskOptions(headless=True, lang="en", seed=5, size=(1280, 720)), config)
    scene = app.show("hearts")
    assert scene.keys[Action.LAST_TRICK] == ("t",)


@pytest.mark.parametrize("players", [3, 5])
def test_a_rule_changed_in_the_menu_keeps_the_tables_number_of_players(
        display: None, players: int, text_ltr: TextRenderer) -> None:
    """The menu has no row for the number of players (it is the [hearts] section's): a rule
    stepped there, then a way to play chosen, starts a game at the same number of seats."""
    config = HeartsConfig(players=players)
    scene = hearts_scene(text_ltr, Translator("en"), config, seed=4)
    assert scene.state.players == players
    press(scene, 0.0, Action.NEW_HAND)
    assert scene.menu_open and scene.rule_choices is not None
    for row in range(len(scene.rule_choices)):
        scene.menu_index = len(scene.modes) + row
        before = scene.rule_choices.shown
        press(scene, 0.0, Action.RIGHT)
        assert scene.rule_choices.shown.players == players, scene.rule_choices.specs[row].name
        assert scene.rule_choices.shown != before or len(offered_values(scene, row)) == 1
    scene.menu_pick(0)
    assert scene.state.players == players
    assert len(scene.table.seats) == players
    assert scene.state.options == scene.rule_choices.chosen


def offered_values(scene: HeartsScene, row: int) -> tuple[object, ...]:
    assert scene.rule_choices is not None
    return scene.rule_choices.values(scene.rule_choices.specs[row])

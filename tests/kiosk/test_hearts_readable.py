"""The Bidel table read from the sofa (DESIGN §3b), measured on the drawn pixels.

Text a player reads is at least 28 px in cap height at 1080p with at least 4.5:1
contrast (numbers 7:1); nothing is drawn outside the 5 % title-safe area; the help line
breaks only between one key and what it does and the next; each card in the trick shows
who played it, the leader is marked and the winner is shown as the trick is taken; a key
shows the last trick until it is pressed again.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pygame
import pytest

from benchmarks.table_readability import (
    CAP_TARGET,
    CONTRAST_TARGET,
    MATCH,
    NUMBER_KINDS,
    NUMBER_TARGET,
    Measure,
    measure,
    measure_label,
    outside_safe,
)
from engines.hearts.bots import make_bot
from engines.hearts.options import HeartsOptions
from engines.hearts.rules import PASS_SIZE, GameState, Phase
from kiosk import theme
from kiosk.config import DEFAULT_KEYS, Action
from kiosk.games.hearts import mid_hand
from kiosk.games.hearts.scene import (
    HELP_ROWS,
    SLIDE,
    HeartsScene,
    Label,
    key_label,
    wrap_pairs,
)
from kiosk.i18n import Translator
from kiosk.scenes.card_table.pieces import pair_width
from kiosk.text import TextRenderer
from kiosk.theme import safe_area

HD = (1920, 1080)
SIZES = [(1920, 1080), (1280, 720)]


def scene_with(lang: str = "en", players: int = 4, seed: int = 5) -> HeartsScene:
    tr = Translator(lang)
    options = HeartsOptions(players=players)
    bots = (None, *(make_bot("medium") for _ in range(players - 1)))
    return HeartsScene(TextRenderer(rtl=tr.rtl), tr, lambda: GameState(options), bots,
                       random.Random(seed), turn_seconds=40, modes=())


def drawn(scene: HeartsScene, size: tuple[int, int] = HD, now: float = 1.0) -> pygame.Surface:
    """A full frame of the scene."""
    surface = pygame.Surface(size)
    scene.invalidate()
    scene.draw(surface, now)
    return surface


def points_taken(state: GameState) -> bool:
    """A hand under way, South to play, and some seat with points a tall digit shows."""
    return mid_hand(state) and any(set(str(t)) & set("1234678") and t % 10 not in (0, 5)
                                   for t in state.view(0).taken)


def passing(scene: HeartsScene) -> float:
    t = 0.0
    while not (scene.state.phase is Phase.PASS and scene.decision() == 0):
        t += 0.1
        scene.update(t)
    scene.toggle(scene.hand()[0], t)
    return t


def trick_taken(scene: HeartsScene) -> float:
    """South plays the last card of a trick; the clock runs until it lies there, won."""
    t = 1.0
    scene.fast_forward(lambda s: mid_hand(s) and len(s.trick) == s.players - 1)
    scene.update(t)
    assert scene.play(scene.state.legal_cards(0)[0], t)
    while scene.trick_winner(t) is None:
        t += 0.05
        scene.update(t)
    return t


def states() -> dict[str, Callable[[HeartsScene], float]]:
    def under_way(scene: HeartsScene) -> float:
        scene.fast_forward(points_taken)
        scene.update(1.0)
        return 1.0

    def last_trick(scene: HeartsScene) -> float:
        t = under_way(scene)
        scene.handle(Action.LAST_TRICK, "", t)
        return t

    return {"under_way": under_way, "passing": passing, "trick_taken": trick_taken,
            "last_trick": last_trick}


STATES = states()


# -- size and contrast, from the pixels ----------------------------------------------------------


@pytest.mark.parametrize("state", list(STATES))
@pytest.mark.parametrize("lang", ["en", "fa"])
def test_text_a_player_reads_is_28_px_tall_and_4_5_to_1_at_1080p(display: None, lang: str,
                                                                  state: str) -> None:
    scene = scene_with(lang)
    now = STATES[state](scene)
    surface = drawn(scene, HD, now)
    measures = measure(surface, scene)
    kinds = {m.kind for m in measures}
    assert {"plate", "plate_number", "panel", "help"} <= kinds
    if state != "passing":
        assert "trick" in kinds
    for m in measures:
        assert m.match >= MATCH, f"{m.key} {m.text!r} is not drawn at its size: {m}"
        assert m.cap >= CAP_TARGET, f"{m.key} {m.text!r}: cap height {m.cap} px ({m.how})"
        target = NUMBER_TARGET if m.kind in NUMBER_KINDS else CONTRAST_TARGET
        assert m.contrast >= target, f"{m.key} {m.text!r}: {m.contrast:.2f}:1 " \
            f"({m.text_colour} on {m.background})"


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_plate_numbers_and_keys_are_measured_on_the_screen_not_only_by_size(
        display: None, lang: str) -> None:
    """The capitals and digits drawn alone (a plate's numbers, the keys) are measured by
    their own ink: at least 28 px from the top of a digit to the line."""
    scene = scene_with(lang)
    now = STATES["under_way"](scene)
    measures = measure(drawn(scene, HD, now), scene)

    def inked(kind: str) -> list[Measure]:
        return [m for m in measures if m.kind == kind and m.how == "ink"]

    assert inked("plate_number") and inked("help")
    assert all(m.cap >= CAP_TARGET for m in inked("plate_number") + inked("help"))
    if lang == "en":
        assert len(inked("plate_number")) == 2 * scene.players  # score and this hand, each


def test_the_plate_text_is_white_on_a_dark_plate_not_grey_on_green(display: None) -> None:
    scene = scene_with("en")
    now = STATES["under_way"](scene)
    measures = measure(drawn(scene, HD, now), scene)
    plates = [m for m in measures if m.kind.startswith("plate")]
    assert plates
    for m in plates:
        assert m.background not in ((30, 112, 76), (14, 70, 48))  # the felt
        assert m.contrast >= 7.0, m


# -- the safe area -------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "fa"])
def test_nothing_is_drawn_outside_the_5_percent_safe_area(display: None, lang: str,
                                                          size: tuple[int, int],
                                                          players: int) -> None:
    safe = safe_area(size)
    for state in STATES:  # passing: a full hand, its outer cards turned
        scene = scene_with(lang, players)
        now = STATES[state](scene)
        surface = drawn(scene, size, now)
        assert outside_safe(surface, safe, theme.BACKGROUND) == 0, state
        for key, (rect, _) in scene._shown.items():
            assert safe.contains(rect), f"{state}: {key} {rect} reaches outside {safe}"
        layout = scene._layout
        assert layout is not None and layout.safe == safe


# -- the help line -------------------------------------------------------------------------------


def test_the_help_line_wraps_only_between_pairs() -> None:
    assert wrap_pairs([100, 100, 100], 1000, 10) == [[0, 1, 2]]
    assert wrap_pairs([100, 100, 100], 210, 10) == [[0, 1], [2]]
    assert wrap_pairs([100, 100, 100], 209, 10) == [[0], [1], [2]]
    assert wrap_pairs([300, 50], 100, 10) == [[0], [1]]  # too wide: a row of its own


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_a_key_never_ends_one_line_with_its_action_on_the_next(display: None,
                                                               lang: str) -> None:
    scene = scene_with(lang)
    now = STATES["under_way"](scene)
    drawn(scene, HD, now)
    pairs = scene.help_pairs()
    assert [p.keys for p in pairs] == [("◀", "▶"), ("Enter",), ("Esc",), ("L",)]
    px = scene._px()
    for width in range(40, 1400, 7):  # from narrower than any pair to one line
        rows = scene.help_rows(width)
        assert [p for row in rows for p in row] == pairs
        for row in rows:
            used = sum(pair_width(scene.text, p, px, scene.rtl) for p in row) \
                + px(20) * (len(row) - 1)
            assert used <= width or len(row) == 1
    # As drawn: each key on the same line as its action, right beside it, in the panel.
    for size in SIZES:
        drawn(scene, size, now)
        layout = scene._layout
        assert layout is not None
        assert len(scene.help_drawn) == len(pairs)
        for pair, keys, action in scene.help_drawn:
            assert abs(keys.centery - action.centery) <= 2, pair
            gap = (keys.left - action.right) if scene.rtl else (action.left - keys.right)
            assert 0 <= gap <= layout.px(16), pair
            assert layout.help.contains(keys.union(action)), pair
        assert len(scene.help_rows(layout.help.width)) <= HELP_ROWS


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_the_help_line_fits_its_rows_while_passing_too(display: None, lang: str) -> None:
    scene = scene_with(lang)
    now = STATES["passing"](scene)
    for size in SIZES:
        drawn(scene, size, now)
        layout = scene._layout
        assert layout is not None
        assert len(scene.help_rows(layout.help.width)) <= HELP_ROWS
        assert [p.action for p in scene.help_pairs()][1] == scene.tr("hearts.help.pick")


def test_the_keys_shown_are_the_configured_ones() -> None:
    assert DEFAULT_KEYS[Action.LAST_TRICK] == ("l",)
    assert key_label("l") == "L" and key_label("return") == "Enter"
    assert key_label("escape") == "Esc" and key_label("left") == "◀"
    assert key_label("f5") == "F5"


# -- who played which card, who led, who won -----------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_each_card_in_the_trick_carries_its_players_name_and_the_leader_is_marked(
        display: None, lang: str) -> None:
    scene = scene_with(lang)
    now = STATES["under_way"](scene) + SLIDE
    drawn(scene, HD, now)
    state = scene.state
    assert len(state.trick) >= 2
    seats = [(state.leader + i) % state.players for i in range(len(state.trick))]
    for seat, card in zip(seats, state.trick, strict=True):
        tag = scene.labels[f"tag:{seat}|0"]
        assert tag.text == scene.seat_name(seat)
        card_rect = scene._shown[f"trick:{card}"][0]
        tag_box = scene._shown[f"tag:{seat}"][0]
        assert tag_box.colliderect(card_rect)  # pinned to its own card
        others = [scene._shown[f"trick:{c}"][0] for c in state.trick if c != card]
        assert not any(tag.rect.colliderect(o) for o in others)
    leader = scene.labels[f"tag:{state.leader}|1"]
    assert leader.text == scene.tr("hearts.led")
    assert not any(f"tag:{s}|1" in scene.labels for s in seats if s != state.leader)


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_the_winner_is_shown_as_the_trick_is_taken(display: None, lang: str) -> None:
    scene = scene_with(lang)
    t = trick_taken(scene)
    surface = drawn(scene, HD, t)
    winner = scene.state.tricks[-1].winner
    assert winner is not None and scene.trick_winner(t) == winner
    words = scene.tr("hearts.won_trick", seat=scene.seat_name(winner))
    tag = scene.labels[f"tag:{winner}|0"]
    assert tag.text == words and tag.colour == theme.OVERLAY  # dark on gold
    gold = sum(1 for x in range(tag.rect.left, tag.rect.right, 3)
               if tuple(surface.get_at((x, tag.rect.centery)))[:3] == theme.ACCENT)
    assert gold > 5
    won_cards = [look[0] for key, (_, look) in scene._shown.items()
                 if key.startswith("trick:") and look[3]]
    assert won_cards == [scene.state.tricks[-1].cards[
        (winner - scene.state.tricks[-1].leader) % scene.players]]
    assert scene.prompt() == words
    for seat in range(scene.players):  # everyone's card still shows whose it is
        assert f"tag:{seat}|0" in scene.labels
    # Then it slides to the winner and the names go with it.
    scene.update(scene.collect[1] + 0.1)  # type: ignore[index]
    drawn(scene, HD, scene.collect[1] + 0.1)  # type: ignore[index]
    assert not any(key.startswith("tag:") for key in scene._shown)


# -- the last trick ------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_the_last_trick_key_shows_the_previous_trick_until_pressed_again(
        display: None, lang: str) -> None:
    scene = scene_with(lang)
    now = STATES["under_way"](scene)
    last = scene.state.tricks[-1]
    assert last.winner is not None
    drawn(scene, HD, now)
    assert "last_trick" not in scene._shown
    scene.handle(Action.LAST_TRICK, "", now)
    assert scene.last_open
    drawn(scene, HD, now)
    look = scene._shown["last_trick"][1]
    assert look[1] == tuple(last.seats(scene.players))  # its four cards, who played each
    title = scene.labels["last_trick|title"].text
    assert title == scene.tr("hearts.last_trick", seat=scene.seat_name(last.winner))
    for seat, _ in last.seats(scene.players):
        assert scene.labels[f"last_trick|tag{seat}|0"].text == scene.seat_name(seat)
    assert scene.labels[f"last_trick|tag{last.leader}|1"].text == scene.tr("hearts.led")
    # It stays while the person looks along their hand; the key again puts it away.
    scene.handle(Action.RIGHT, "", now)
    scene.update(now + 5)
    assert scene.last_open
    scene.handle(Action.LAST_TRICK, "", now + 5)
    assert not scene.last_open
    drawn(scene, HD, now + 5)
    assert "last_trick" not in scene._shown
    # Esc puts it away too, without leaving the table; playing a card closes it.
    scene.handle(Action.LAST_TRICK, "", now + 5)
    scene.handle(Action.BACK, "", now + 5)
    assert not scene.last_open and scene.request is None
    scene.handle(Action.LAST_TRICK, "", now + 5)
    assert scene.play(scene.state.legal_cards(0)[0], now + 5)
    assert not scene.last_open


def test_before_the_first_trick_is_won_the_last_trick_box_says_so(display: None) -> None:
    scene = scene_with("en")
    now = passing(scene)
    for card in scene.hand()[1:PASS_SIZE]:
        scene.toggle(card, now)
    scene.confirm_pass(now)
    while scene.state.phase is not Phase.PLAY:
        now += 0.1
        scene.update(now)
    assert not scene.state.tricks
    scene.handle(Action.LAST_TRICK, "", now)
    drawn(scene, HD, now)
    assert scene.labels["last_trick|title"].text == scene.tr("hearts.no_last_trick")


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_the_modes_menu_opens_with_the_ways_to_play_in_the_tables_language(
        display: None, lang: str) -> None:
    from kiosk.games.hearts import HeartsConfig, hearts_modes

    tr = Translator(lang)
    scene = HeartsScene(TextRenderer(rtl=tr.rtl), tr, GameState, (None, *(
        make_bot("medium") for _ in range(3))), random.Random(5),
        modes=hearts_modes(HeartsConfig()), mode="medium")
    scene.handle(Action.NEW_HAND, "", 0.0)
    assert scene.menu_open
    drawn(scene, HD, 0.0)
    assert "menu" in scene._shown
    assert scene.menu_lines()[:3] == tuple(tr(f"hearts.modes.{level}")
                                           for level in ("easy", "medium", "hard"))


# -- the score sheet ------------------------------------------------------------------------------


class NotingText(TextRenderer):
    """A text renderer that notes each line `draw` puts on a surface (the kiosk's own score
    sheet draws through it, not through the table's `labels`)."""

    def __init__(self, rtl: bool) -> None:
        super().__init__(rtl=rtl)
        self.noted: list[Label] = []

    def draw(self, target: pygame.Surface, text: str, size: int, colour: theme.Colour,
             rect: pygame.Rect, align: str = "start", bold: bool = False,
             rtl: bool | None = None) -> pygame.Rect:
        box = super().draw(target, text, size, colour, rect, align, bold, rtl)
        self.noted.append(Label("sheet", text, size, colour, bold, box))
        return box


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "fa"])
def test_the_three_column_score_sheet_reads_from_the_sofa(display: None, lang: str,
                                                          size: tuple[int, int]) -> None:
    """Bidel's sheet of three players: its header, names and numbers (and its footer) at
    least 28 px in cap height at 1080p, each drawn at its size in its column (not shrunk),
    the header 4.5:1 and the numbers 7:1."""
    tr = Translator(lang)
    text = NotingText(rtl=tr.rtl)
    options = HeartsOptions(players=3)
    scene = HeartsScene(text, tr, lambda: GameState(options),
                        tuple(make_bot("medium") for _ in range(3)), random.Random(5),
                        turn_seconds=40, modes=(), pause=0.05)
    t = 0.0
    while not scene.table_open:
        t += 0.1
        scene.update(t)
    sheet = scene.score_sheet()
    assert len(sheet.header) == 3 and len(sheet.rows) == 3
    surface = pygame.Surface(size)
    scene.invalidate()
    text.noted.clear()
    for frame in range(20):  # the sheet is painted over a few frames
        scene.draw(surface, t + frame * 0.01)
    noted = {label.text: label for label in text.noted}
    unit = min(size[0] / 1920, size[1] / 1080)
    cells = [*sheet.header, *(cell for row in sheet.rows for cell in row.cells)]
    for word in cells:
        m = measure_label(surface, f"sheet:{word}", noted[word], text, tr.rtl)
        assert m.match >= MATCH, f"{word!r} is not drawn at its size: {m}"
        assert m.cap >= CAP_TARGET * unit, f"{word!r}: cap height {m.cap} px ({m.how})"
        number = word not in sheet.header and word not in (scene.seat_name(s) for s in range(3))
        target = NUMBER_TARGET if number else CONTRAST_TARGET
        assert m.contrast >= target, f"{word!r}: {m.contrast:.2f}:1"
    footer = noted[scene.word("next_hand")]
    assert measure_label(surface, "sheet:footer", footer, text, tr.rtl).cap >= CAP_TARGET * unit

"""The Debertz table read from the sofa (DESIGN §3b), measured on the drawn pixels.

The lines Debertz draws itself — the trump box and the cards face up in it, each named;
the declarations box with its runs and bella; the declarer's plate line; the score sheet
with its header, its rows and the lines under it naming who declared, each run that
scored and whose bella — are at least 28 px in cap height at 1080p (in proportion at
720p) at the size they read as, with at least 4.5:1 contrast (lines with numbers 7:1),
inside the title-safe area and clear of each other, in English and in Persian.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from benchmarks.table_readability import (
    CAP_TARGET,
    CONTRAST_TARGET,
    MATCH,
    NUMBER_TARGET,
    Measure,
    measure_label,
)
from engines.debertz.bots import make_bot
from engines.debertz.options import DebertzOptions
from engines.debertz.rules import BELLA, GameState, Phase
from kiosk.games.debertz.scene import DebertzScene
from kiosk.i18n import Translator
from kiosk.scenes.card_table.pieces import Label
from tests.kiosk.test_debertz_scene import advance, scene_with, until

SIZES = [(1920, 1080), (1280, 720)]
LANGS = ["en", "fa"]


def drawn(scene: DebertzScene, size: tuple[int, int], now: float = 1.0) -> pygame.Surface:
    """A full frame of the scene."""
    surface = pygame.Surface(size)
    scene.invalidate()
    scene.draw(surface, now)
    return surface


def cap_height(scene: DebertzScene, label: Label) -> int:
    """The cap height of a capital H at the size a line reads as (after any fitting)."""
    image = scene.text.render("H", label.size, (255, 255, 255), label.bold, False)
    return image.get_bounding_rect(min_alpha=128).height


def glyphs(scene: DebertzScene, label: Label) -> pygame.Rect:
    """Where a line's letters lie on the screen, from the line as rendered at its size."""
    image = scene.text.render(label.text, label.size, label.colour, label.bold, scene.rtl)
    return image.get_bounding_rect(min_alpha=128).move(label.rect.topleft)


def assert_readable(scene: DebertzScene, surface: pygame.Surface, keys: Callable[[str], bool],
                    size: tuple[int, int]) -> list[Measure]:
    """Every line whose key `keys` picks, measured on the pixels: full size, drawn as
    noted, in contrast, inside the safe area and clear of every other line drawn; returns
    their measures."""
    target = CAP_TARGET * size[1] / 1080
    picked = [measure_label(surface, key, label, scene.text, scene.rtl)
              for key, label in sorted(scene.labels.items()) if keys(key)]
    assert picked
    safe = scene._layout.safe
    others = {key: glyphs(scene, label) for key, label in scene.labels.items()}
    for m in picked:
        label = scene.labels[m.key]
        assert cap_height(scene, label) >= target, (m.key, m.text, label.size)
        assert m.match >= MATCH, (m.key, m.text)
        numbers = NUMBER_TARGET if any(ch.isdigit() for ch in m.text) else CONTRAST_TARGET
        assert m.contrast >= numbers, (m.key, m.text, m.contrast)
        assert safe.contains(m.ink), (m.key, m.text)
        for key, box in others.items():
            if key != m.key:
                assert not m.ink.colliderect(box), (m.key, key)
    return picked


def persian(text: str) -> bool:
    """Persian words only: no Latin letter in it."""
    return not any("a" <= ch.lower() <= "z" for ch in text)


def light(surface: pygame.Surface, at: tuple[int, int], reach: int) -> bool:
    """Whether a card's face (its paper or a red pip, not a box's dark ground) shows on
    the row of pixels `reach` either side of `at` (a pip may lie at `at` itself)."""
    x, y = at
    return any(sum(tuple(surface.get_at((x + dx, y)))[:3]) >= 240
               for dx in range(-reach, reach + 1))


# -- the felt ---------------------------------------------------------------------------------


def bella_in_play(lang: str) -> DebertzScene:
    """Two players in play, bella announced and runs shown in the declarations box."""
    for seed in range(1, 30):
        scene = scene_with(lang=lang, turn_seconds=0, seed=seed)
        try:
            until(scene, lambda s: s.phase is Phase.PLAY and s.bella is not None
                  and bool(s.declared), games=3)
        except AssertionError:
            continue
        return scene
    raise AssertionError("no seed got there")


@pytest.mark.parametrize("lang", LANGS)
def test_the_declarations_box_with_bella_reads_at_full_size(display: None, lang: str) -> None:
    scene = bella_in_play(lang)
    for size in SIZES:
        declared_box_readable(scene, lang, size)


def declared_box_readable(scene: DebertzScene, lang: str, size: tuple[int, int]) -> None:
    surface = drawn(scene, size)
    tr = Translator(lang)
    picked = assert_readable(scene, surface, lambda k: k.startswith("debertz_runs|"), size)
    lines = " ".join(m.text for m in picked if m.key.startswith("debertz_runs|line"))
    holder = scene.seat_name(scene.state.bella)
    assert tr("debertz.bella") in lines and holder in lines  # whose bella, on the felt
    assert tr.digits(BELLA) in lines
    texts = [m.text for m in picked]
    for run in scene.view().declarations:  # each run's line, at full size too
        assert tr("debertz.run", seat=scene.seat_name(run.seat),
                  value=tr.digits(run.value)) in texts
    if tr.rtl:
        assert all(persian(m.text) for m in picked)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("players", [2, 3])
def test_the_cards_face_up_are_named_each_under_its_card(
        display: None, players: int, lang: str) -> None:
    tr = Translator(lang)
    scene = scene_with(players=players, lang=lang, turn_seconds=0, seed=3)
    until(scene, lambda s: s.phase is Phase.BID and s.turn == 0)
    for size in SIZES:
        surface = drawn(scene, size)
        picked = assert_readable(scene, surface, lambda k: k.startswith("debertz_trump|"),
                                 size)
        assert [m.text for m in picked] == [tr("debertz.turned")]  # the title names it

    until(scene, lambda s: s.phase is Phase.PLAY and s.turn == 0 and s.exposed is not None)
    for size in SIZES:
        face_up_named(scene, tr, size)


def face_up_named(scene: DebertzScene, tr: Translator, size: tuple[int, int]) -> None:
    surface = drawn(scene, size)
    picked = assert_readable(scene, surface, lambda k: k.startswith("debertz_trump|"), size)
    texts = {m.key.split("|")[1]: m for m in picked}
    assert texts["title"].text == tr("debertz.trumps")
    assert texts["suit"].text == tr(f"debertz.suits.{scene.state.trump.letter}")
    turned, stock = texts["turned"], texts["stock"]
    assert (turned.text, stock.text) == (tr("debertz.turned_card"), tr("debertz.stock_card"))
    assert turned.text != stock.text
    if tr.rtl:
        assert persian(turned.text) and persian(stock.text)
    # Each name lies under a card (a light face just above it), side by side, the turned
    # card first in reading order, both below the trump's name.
    px = scene._layout.px
    for m in (turned, stock):
        assert light(surface, (m.ink.centerx, m.ink.top - px(24)), px(12)), m.text
        assert m.ink.top > texts["suit"].ink.bottom
    first, second = (turned, stock) if not scene.rtl else (stock, turned)
    assert first.ink.right + px(12) <= second.ink.left
    assert abs(turned.ink.centery - stock.ink.centery) <= px(4)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_declarers_plate_line_is_full_size_and_clear_of_its_count(
        display: None, players: int, lang: str) -> None:
    scene = scene_with(players=players, lang=lang, turn_seconds=0, seed=3)
    until(scene, lambda s: s.phase is Phase.PLAY and s.declarer is not None)
    for size in SIZES:
        declarer_plate_readable(scene, Translator(lang), size)


def declarer_plate_readable(scene: DebertzScene, tr: Translator, size: tuple[int, int]) -> None:
    surface = drawn(scene, size)
    seat = scene.state.declarer
    key = f"plate:{seat}|"
    picked = assert_readable(scene, surface, lambda k: k.startswith(key), size)
    by = {m.key.split("|")[1]: m for m in picked}
    label, count = by["label2"], by["number2"]
    assert label.text == tr("debertz.declarer_tricks")
    assert count.text == tr.digits(scene.state.tricks_won[scene.side_of(seat)])
    gap = label.ink.left - count.ink.right if scene.rtl else count.ink.left - label.ink.right
    assert gap >= scene._layout.px(16), (label.text, gap)


# -- the score sheet --------------------------------------------------------------------------


def sheet_with_run_and_bella(lang: str, players: int) -> DebertzScene:
    """Computers only; the table stopped for the score of a deal in which a run and
    bella scored."""
    bots = [make_bot("medium") for _ in range(players)]

    def declared(s: GameState) -> bool:
        return s.phase is Phase.PLAY and s.bella is not None and bool(s.declared) \
            and s.view(0).runs_side is not None

    for seed in range(1, 40):
        scene = scene_with(bots, players=players, lang=lang, turn_seconds=0, seed=seed)
        try:
            until(scene, declared, games=2)
        except AssertionError:
            continue
        advance(scene, lambda table=scene: table.table_open, step=0.25)
        result = scene.state.results[-1]
        if result.runs and result.bella is not None and result.declarer is not None:
            return scene
    raise AssertionError("no seed got there")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_score_sheet_reads_at_full_size_and_names_the_runs_and_bella(
        display: None, players: int, lang: str) -> None:
    scene = sheet_with_run_and_bella(lang, players)
    for size in SIZES:
        sheet_readable(scene, Translator(lang), size)


def sheet_readable(scene: DebertzScene, tr: Translator, size: tuple[int, int]) -> None:
    digits = tr.digits
    surface = drawn(scene, size)
    picked = assert_readable(scene, surface, lambda k: k.startswith("scores|"), size)
    by = {m.key: m for m in picked}
    assert [by[f"scores|headc{i}"].text for i in range(8)] == list(scene.score_sheet().header)
    result = scene.state.results[-1]
    declarer = scene.side_of(result.declarer)
    assert by[f"scores|r{declarer}c0"].text == scene.side_name(declarer)
    lines = [m.text for m in picked if m.key.startswith(("scores|declarer", "scores|declared"))]
    assert tr("debertz.sheet_declarer", side=scene.side_name(declarer),
              suit=scene.suit_name(result.trump)) in lines
    for run in result.runs:  # which run, whose, its points
        assert tr("debertz.sheet_run", length=digits(len(run.cards)),
                  seat=scene.seat_name(run.seat), value=digits(run.value)) in lines
    assert tr("debertz.bella_line", seat=scene.seat_name(result.bella),
              value=digits(BELLA)) in lines  # whose bella
    if tr.rtl:
        assert all(persian(text) for text in lines)
    # The lines lie between the table's last row and the footer.
    last = by[f"scores|r{len(result.lines) - 1}c0"].ink.bottom
    footer = by["scores|footer"].ink.top
    for m in picked:
        if m.key.startswith(("scores|declare", "scores|note")):
            assert last < m.ink.top and m.ink.bottom < footer, m.key


@pytest.mark.parametrize("lang", LANGS)
def test_a_crowded_score_sheet_keeps_every_line_at_full_size(display: None, lang: str) -> None:
    # Four each for himself, two runs and bella for one of them, a bait with its penalty,
    # hanging points collected and a ski: the sheet's lines under its four rows make room
    # for themselves (two runs to a line), none smaller, none over another.
    from engines.cards.cards import Card, Suit
    from engines.debertz.rules import DealResult, Run, SideLine

    options = DebertzOptions(players=4, four_player_individual=True)
    bots = [make_bot("medium") for _ in range(4)]
    scene = scene_with(bots, options=options, lang=lang, turn_seconds=0)
    advance(scene, lambda: scene.table_open, step=0.25)

    def line(side: int, declarer: bool, **values: int) -> SideLine:
        base = dict(tricks=1, card_points=0, last_trick=0, runs=0, bella=0, total=0, kept=0,
                    bait=0, collected=0, penalty=0, ski=0, points=0, score=0)
        base.update(values)
        return SideLine(side=side, seats=(side,), declarer=declarer, **base)  # type: ignore

    runs = (Run(1, tuple(Card.of(r, Suit.SPADES) for r in (14, 13, 12, 11)), 50),
            Run(1, tuple(Card.of(r, Suit.HEARTS) for r in (10, 9, 8)), 20))
    crowded = DealResult(number=0, dealer=0, outcome="bait", declarer=0, trump=Suit.CLUBS,
                         lines=(
        line(0, True, card_points=40, total=40, penalty=-100, points=-100, score=-100),
        line(1, False, card_points=60, last_trick=10, runs=70, bella=20, total=160,
             collected=81, points=281, score=281),
        line(2, False, card_points=30, total=30, points=30, score=30),
        line(3, False, tricks=0, card_points=0, total=0, ski=-50, points=-50, score=-50)),
        runs=runs, bella=1, scores=(-100, 281, 30, -50))
    scene.deal_shown = lambda: crowded  # type: ignore[method-assign]
    tr = Translator(lang)
    for size in SIZES:
        surface = drawn(scene, size)
        picked = assert_readable(scene, surface, lambda k: k.startswith("scores|"), size)
        said = [m.text for m in picked if m.key.startswith("scores|declared")]
        _, expected = scene.sheet_lines(crowded)
        assert sorted(said) == sorted(expected) and len(expected) == 3
        notes = "".join(m.text for m in picked if m.key.startswith("scores|note"))
        assert notes.replace(" ", "") == scene.marks(crowded).replace(" ", "")
        assert tr("debertz.marks.ski", side=scene.side_name(3), points=tr.digits(50)) \
            .replace(" ", "") in notes.replace(" ", "")

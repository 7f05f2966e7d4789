"""Every screen walked and read from the sofa (tests/kiosk/walker.py), and the walker's own
eyes checked: a defect of each kind planted on a real screen is caught, with a message
that says what and where.

`make test` walks each part with one seed and a short walk; ``WALK_STEPS`` and
``WALK_SEEDS`` make it longer (``benchmarks/walk_screens.py`` prints the states reached
and the defects per game).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator

import pygame
import pytest

from engines.registry import games as registered_games
from kiosk import i18n
from kiosk.text import TextRenderer
from tests.kiosk.walker import (
    Defect,
    Report,
    Sheet,
    Walk,
    read_frame,
    recording,
    walk_all,
    walking,
)

STEPS = int(os.environ.get("WALK_STEPS", "36"))
SEEDS = [int(s) for s in os.environ.get("WALK_SEEDS", "1").split(",")]
SIZES = [(1920, 1080), (1280, 720)]
# Every part of the kiosk: Dabernā's screens, then each registered game's table.
PARTS = ["debarna", *(entry.key for entry in registered_games())]


def shown(defects: list[Defect] | Report) -> str:
    found = defects.defects.values() if isinstance(defects, Report) else defects
    return "\n".join(str(d) for d in sorted(found, key=str))


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["en", "fa"])
@pytest.mark.parametrize("part", PARTS)
def test_every_screen_is_readable_from_the_sofa(display: None, part: str, lang: str,
                                                size: tuple[int, int], seed: int) -> None:
    report = Report()
    walk_all(lang, size, seed, STEPS, report, games=[part])
    assert report.frames > 0 and sum(report.counts().values()) > 3, report.counts()
    if part == "debarna":  # the shop card's panel and a claim checked by numbers were read
        seen = set().union(*(keys for _, keys in report.states["CallerScene"]))
        assert {"cards.title", "cards.registered", "cards.by_numbers_head",
                "cards.typed"} <= seen, sorted(k for k in seen if "cards" in k)
    assert not report.defects, f"{len(report.defects)} defects:\n{shown(report)}"


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_the_phones_panel_is_readable_with_the_phones_server_up(display: None,
                                                                lang: str) -> None:
    """With phones able to join, the phones panel shows a QR code under each free seat's
    name: at 4 and 5 seats (Dobbm's), every line of it read like any other screen."""
    report = Report()
    walk_all(lang, (1920, 1080), SEEDS[0], STEPS, report, games=["dobbm"], phones=True)
    panels = [state for state in report.states["DobbmScene"]
              if "table.phones.title" in state[1]]
    assert {extra[0] for extra, _ in panels} == {4, 5}, "the panel at both seat counts"
    assert not report.defects, f"{len(report.defects)} defects:\n{shown(report)}"


def test_every_part_of_the_kiosk_is_walked() -> None:
    assert PARTS == ["debarna", "backgammon", "hearts", "debertz", "dobbm"]


# -- the walker's eyes ------------------------------------------------------------------------
@pytest.fixture
def home(display: None) -> Iterator[Walk]:
    report = Report()
    with walking("fa", (1920, 1080), 1, report) as walk:
        walk.frame()
        yield walk


def planted(walk: Walk, extra: Callable[[pygame.Surface, TextRenderer], None]) -> list[Defect]:
    """The home menu drawn whole with `extra` drawn after it, read."""
    app = walk.app
    screen = app.screen
    assert isinstance(screen, Sheet)
    screen.forget()
    app.scene.invalidate()
    app.scene.draw(screen, walk.clock)
    clean = read_frame(screen, app.text, "fa", "home", walk.words)
    extra(screen, app.text)
    return [d for d in read_frame(screen, app.text, "fa", "home", walk.words)
            if d not in clean]


def test_the_home_menu_as_it_stands_is_read(home: Walk) -> None:
    screen = home.app.screen
    assert isinstance(screen, Sheet)
    texts = [t.line.text for t in screen.texts]
    assert home.app.tr("home.subtitle") in texts and len(texts) >= 6


def test_a_20_px_label_is_caught(home: Walk) -> None:
    def small(screen: pygame.Surface, text: TextRenderer) -> None:
        line = text.render(home.app.tr("settings.title"), 28, (255, 255, 255))
        screen.blit(line, (400, 900))

    found = planted(home, small)
    assert [d.kind for d in found] == ["size"], shown(found)
    assert "cap height of 20 px" in found[0].what and "at least 28 px" in found[0].what


def test_an_overlap_is_caught(home: Walk) -> None:
    def over(screen: pygame.Surface, text: TextRenderer) -> None:
        title = next(t for t in screen.texts if t.line.text == home.app.tr("home.subtitle"))
        line = text.render(home.app.tr("settings.title"), 60, (255, 255, 255))
        screen.blit(line, title.ink.move(40, 10))

    found = planted(home, over)
    assert [d.kind for d in found] == ["overlap"], shown(found)
    assert home.app.tr("home.subtitle") in found[0].what and "overlap" in found[0].what


def test_text_outside_the_safe_area_is_caught(home: Walk) -> None:
    def outside(screen: pygame.Surface, text: TextRenderer) -> None:
        screen.blit(text.render(home.app.tr("settings.title"), 60, (255, 255, 255)), (20, 20))

    found = planted(home, outside)
    assert [d.kind for d in found] == ["safe"], shown(found)
    assert "outside the safe area" in found[0].what


def test_an_english_word_on_a_persian_screen_is_caught(home: Walk) -> None:
    def english(screen: pygame.Surface, text: TextRenderer) -> None:
        english_title = i18n.catalogue("en")["settings.title"]
        screen.blit(text.render(english_title, 60, (255, 255, 255)), (400, 880))

    found = planted(home, english)
    assert [d.kind for d in found] == ["words"], shown(found)
    assert "Settings" in found[0].what and "fa catalogue" in found[0].what


def test_low_contrast_is_caught(home: Walk) -> None:
    def dim(screen: pygame.Surface, text: TextRenderer) -> None:
        screen.blit(text.render(home.app.tr("settings.title"), 60, (40, 50, 90)), (400, 880))

    found = planted(home, dim)
    assert [d.kind for d in found] == ["contrast"], shown(found)


def test_a_line_under_a_card_is_caught(home: Walk) -> None:
    def covered(screen: pygame.Surface, text: TextRenderer) -> None:
        screen.blit(text.render(home.app.tr("settings.title"), 60, (255, 255, 255)), (400, 880))
        card = pygame.Surface((80, 120))
        card.fill((250, 250, 250))
        screen.blit(card, (420, 860))

    found = planted(home, covered)
    assert [d.kind for d in found] == ["overlap"], shown(found)
    assert "runs under a picture" in found[0].what


def test_a_missing_word_key_is_caught(display: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """A screen that asks the catalogue for a word it does not have fails the walk, with
    the key named: the key is taken out of the Persian catalogue."""
    whole = i18n.catalogue("fa")
    without = {k: v for k, v in whole.items() if k != "home.subtitle"}
    real = i18n.catalogue
    monkeypatch.setattr(i18n, "catalogue", lambda lang: without if lang == "fa" else real(lang))
    report = Report()
    walk_all("fa", (1920, 1080), 1, 4, report, games=["debarna"])
    exceptions = [d for d in report.defects.values() if d.kind == "exception"]
    assert exceptions, shown(report)
    assert "CatalogueError" in exceptions[0].what and "'home.subtitle'" in exceptions[0].what


def test_text_drawn_on_a_surface_is_followed_onto_the_screen(display: None) -> None:
    """A line drawn onto a plate, and the plate onto the screen: the screen knows the line
    and where its ink went; a box drawn over it hides it."""
    with recording():
        text = TextRenderer()
        screen = pygame.Surface((800, 600))
        plate = pygame.Surface((300, 100))
        line = text.render("Hello", 40, (255, 255, 255))
        plate.blit(line, (10, 20))
        screen.blit(plate, (100, 200))
        assert isinstance(screen, Sheet)
        [seen] = screen.texts
        assert seen.line.text == "Hello" and seen.line.size == 40
        ink = line.get_bounding_rect(min_alpha=128)
        assert seen.ink == ink.move(110, 220)
        pygame.draw.rect(screen, (0, 0, 0), pygame.Rect(100, 200, 300, 100))
        assert screen.texts == []
    assert pygame.Surface is not Sheet

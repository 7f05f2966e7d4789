"""Players' names from phones: what a join takes (`kiosk.phones.names.check_name`), and how
the TV and the pages show a name: isolated, its digits as typed, never past its box.

The checks run with the kiosk's own fonts (Noto Sans, Noto Sans Arabic, DejaVu Sans),
measured and drawn by its own `TextRenderer` on SDL's dummy driver; the drawn names are
read off a real card table's labels in a live, headless kiosk.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pygame
import pytest

from kiosk.i18n import FSI, PDI, Translator, catalogue
from kiosk.phones import server
from kiosk.phones.hub import PhoneSeat
from kiosk.phones.models import seat_model
from kiosk.phones.names import (
    NAME_BOX,
    NAME_MAX,
    NAME_SIZE,
    NAME_WIDTH,
    Name,
    NameRefused,
    check_name,
    kiosk_words,
    skeleton,
)
from kiosk.scenes.card_table.layout import make_layout
from kiosk.scenes.card_table.pieces import PLATE_W, READ
from kiosk.text import TextRenderer
from tests.kiosk.phones.conftest import LiveKiosk


@pytest.fixture(scope="module")
def text() -> TextRenderer:
    pygame.font.init()
    return TextRenderer()


def refusal(raw: object, text: TextRenderer, taken: tuple[str, ...] = ()) -> str | None:
    try:
        check_name(raw, taken, text=text)
    except NameRefused as refused:
        return refused.key
    return None


@pytest.mark.parametrize(("raw", "name"), [
    ("Ann", "Ann"),
    ("  Ann   Lee  ", "Ann Lee"),
    ("Ann\tLee\n", "Ann Lee"),
    ("x" * 24, "x" * 24),
    (" " + "x" * 24 + " ", "x" * 24),
    ("مهر\u200cناز", "مهر\u200cناز"),
    ("مریم", "مریم"),
    ("Zoe\u0308 2", "Zoë 2"),  # NFC: the e and its diaeresis are one letter
    ("علی\u200cرضا", "علی\u200cرضا"),  # Persian's ZWNJ between two letters
    ("Sara2", "Sara2"),
    ("\ufdfd", "\ufdfd"),  # one basmala fits a plate
    ("Youssef", "Youssef"),  # "You" inside a name is no look-alike of "You"
    ("\u2764\ufe0f", "\u2764"),  # a sign the fonts have, in its text form
])
def test_a_visible_name_is_taken_as_typed(raw: str, name: str, text: TextRenderer) -> None:
    taken = check_name(raw, text=text)
    assert taken == name and isinstance(taken, Name)


@pytest.mark.parametrize(("raw", "key"), [
    (None, "name"), (5, "name"), (["Ann"], "name"), ({"name": "Ann"}, "name"),
    (b"Ann", "name"), ("x" * 25, "name"), ("a" * 12 + " " + "b" * 12, "name"),
    ("\n\t", "name_blank"), ("An\x07n", "name_hidden"), ("\x1b[31mAnn", "name_hidden"),
    ("Ann\x7f", "name_hidden"),
    ("", "name_blank"), ("   ", "name_blank"), ("\u200b\u200b", "name_blank"),
    ("\u200d\u200d\u200d", "name_blank"), ("\u0301\u0301", "name_blank"),
    ("\u3164\u3164", "name_blank"), ("\u2800\u2800", "name_blank"),
    ("\u200bAnn", "name_hidden"), ("A\u200dn\u200dn", "name_hidden"),  # ZWJ padding
    ("Ann\u202eevil", "name_hidden"), ("Ann\u2066x", "name_hidden"), ("Ann\x00", "name_hidden"),
    ("Bob\u200c", "name_hidden"), ("Bo\u200cb", "name_hidden"),  # ZWNJ not between letters
    ("\u200cعلی", "name_hidden"), ("a\u0301\u0301\u0301\u0301", "name_hidden"),
    ("Ann\u3164", "name_hidden"), ("Ann\ue000", "name_hidden"),
    ("\ufdfd" * 12, "name_wide"), ("W" * 24, "name_wide"), ("\ufdfd\ufdfd", "name_wide"),
    ("\U0001f389", "name_glyph"), ("Ann \U0001f3b2", "name_glyph"),  # emoji no font has
])
def test_a_name_that_is_not_visible_printable_text_is_refused(
        raw: object, key: str, text: TextRenderer) -> None:
    assert refusal(raw, text) == f"phones.errors.{key}"


@pytest.mark.parametrize("raw", [
    "Computer", "computer", "COMPUTER", "C0mputer", "Comp uter", "Co\u0301mputer",
    "\u0421omputer",  # Cyrillic С
    "C\u043emput\u0435r",  # Cyrillic о and е
    "\u03a1layer",  # Greek Ρ
    "Pl4yer", "L1ght", "Light", "Dark", "South", "north", "West", "EAST", "Northwest",
    "You", "Y0U", "Player",
    "رایانه", "رايانه",  # the Arabic yeh for the Persian one
    "جنوب", "شمال", "شما", "بازیکن", "روشن", "تیره", "شمال\u200cغرب",
])
def test_a_look_alike_of_the_kiosks_own_words_is_refused(raw: str, text: TextRenderer) -> None:
    assert refusal(raw, text) == "phones.errors.name_kiosk"


def test_a_name_another_seat_holds_is_refused_in_any_look(text: TextRenderer) -> None:
    for raw in ("Bob", "bob", "B0b", "\u0412ob"):  # Cyrillic В
        assert refusal(raw, text, ("Bob", "Ann")) == "phones.errors.name_taken"
    assert refusal("Bobby", text, ("Bob",)) is None


def test_a_skeleton_folds_look_alikes_into_one() -> None:
    assert skeleton("C0mputer") == skeleton("\u0421\u043emputer") == skeleton("computer")
    assert skeleton("رايانه") == skeleton("رایانه")
    assert skeleton("Sara\u06f2") == skeleton("Sara2")  # Persian and Western digits
    assert skeleton("Sara") != skeleton("Sama")


def test_the_kiosks_words_are_its_seat_words_in_both_languages() -> None:
    words = kiosk_words()
    for lang in ("en", "fa"):
        tr = Translator(lang)
        for key in ("table.computer", "table.you", "table.person", "table.seats.south",
                    "table.seats.northeast", "backgammon.light", "backgammon.dark"):
            assert skeleton(tr(key)) in words, (lang, key)
    assert all(len(word) <= NAME_MAX for word in words)


def test_every_reason_is_in_both_catalogues() -> None:
    keys = {f"phones.errors.{k}" for k in ("name", "name_blank", "name_hidden", "name_glyph",
                                           "name_wide", "name_kiosk", "name_taken")}
    for lang in ("en", "fa"):
        assert keys <= set(catalogue(lang)), lang


def test_the_width_cap_is_the_narrowest_plate_on_the_tv(text: TextRenderer) -> None:
    # The cap is measured on the real layout: the plate's name row at five seats.
    narrowest = min(min(r.width for r in make_layout((1920, 1080), rtl, players).plates.values())
                    for players in (2, 3, 4, 5) for rtl in (False, True))
    assert narrowest <= PLATE_W
    assert narrowest - 2 * 12 == NAME_BOX
    assert NAME_SIZE == READ and NAME_MAX == server.NAME_MAX
    # A name just under the cap is taken, one just over it is not.
    wide = "m" * 8
    while text.width(wide + "m", NAME_SIZE, True) <= NAME_WIDTH:
        wide += "m"
    assert refusal(wide, text) is None
    assert refusal(wide + "m", text) == "phones.errors.name_wide"


def test_a_name_keeps_its_digits_and_is_isolated_in_a_persian_sentence() -> None:
    fa = Translator("fa")
    said = fa("table.thinking", seat=Name("Sara2"))
    assert f"{FSI}Sara2{PDI}" in said
    assert "۲" in fa("table.thinking", seat="Sara2")  # other numbers keep Persian digits
    assert fa.digits(Name("Sara2")) == "Sara2" and fa.digits(12) == "۱۲"
    assert Name("Sara2").isolated() == f"{FSI}Sara2{PDI}"
    assert Name("Sara2").isolated().isolated() == f"{FSI}Sara2{PDI}"


def test_a_right_to_left_name_is_isolated_in_an_english_sentence() -> None:
    en = Translator("en")
    assert en("table.thinking", seat=Name("مریم 2")).startswith(f"{FSI}مریم 2{PDI}")
    assert en("table.thinking", seat=Name("Sara2")).startswith("Sara2")  # no need: LTR in LTR
    assert f"{Name('مریم').isolated()}!" == f"{FSI}مریم{PDI}!"  # never isolated twice


def test_a_persian_table_draws_names_isolated_with_their_own_digits(
        live_kiosk: Callable[..., LiveKiosk]) -> None:
    k = live_kiosk(game="hearts", lang="fa", seed=3)
    scene = k.table("people4")
    arabic = "مهر\u200cناز 7"
    wide = "\ufdfd" * 12  # refused at a join; drawn cut to its plate should one come

    def sit() -> None:
        scene.give_seat(0, PhoneSeat("Sara2", "s0"))
        scene.give_seat(1, PhoneSeat(arabic, "s1"))
        scene.give_seat(2, PhoneSeat(wide, "s2"))
    k.call(sit)
    k.screen()
    labels = k.call(lambda: dict(scene.labels))
    plates = {seat: labels[f"plate:{seat}|name"] for seat in range(3)}
    assert plates[0].text == f"{FSI}Sara2{PDI}"
    assert plates[1].text == f"{FSI}{arabic}{PDI}"
    layout = k.call(lambda: scene._layout)
    places = k.call(lambda: [scene.place(seat) for seat in range(scene.players)])
    for seat, label in plates.items():
        plate = layout.plates[places[seat]]
        assert plate.contains(label.rect), (seat, label.rect, plate)
    # the phones panel: "on a phone: {player}" with the name as typed, isolated
    k.call(lambda: setattr(scene, "phones_open", True))
    k.screen()
    labels = k.call(lambda: dict(scene.labels))
    who = labels["phones|who0"]
    assert f"{FSI}Sara2{PDI}" in who.text and "۲" not in who.text
    assert f"{FSI}{arabic}{PDI}" in labels["phones|who1"].text
    # and the pages' models: the name and the prompts that name it keep "2"
    model = k.call(lambda: seat_model(scene, 1, Translator("fa"), time.monotonic()))
    assert model["seats"][0]["name"] == "Sara2"
    assert "Sara۲" not in repr(model)

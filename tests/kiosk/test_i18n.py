"""The catalogues: same keys and placeholders in both languages, Persian written properly."""

from __future__ import annotations

from pathlib import Path

import pytest

from kiosk import i18n
from kiosk.i18n import FSI, PDI, CatalogueError, Translator, catalogue, placeholders


def test_both_catalogues_have_the_same_keys() -> None:
    assert set(catalogue("fa")) == set(catalogue("en"))


def test_both_catalogues_have_the_same_placeholders() -> None:
    fa, en = catalogue("fa"), catalogue("en")
    for key in en:
        assert placeholders(fa[key]) == placeholders(en[key]), key


def test_no_entry_is_empty() -> None:
    for lang in ("fa", "en"):
        assert all(value.strip() for value in catalogue(lang).values())


def test_stages_are_named_as_players_call_them() -> None:
    fa = Translator("fa")
    assert fa("stage.line") == "خط"
    assert fa("stage.two_lines") == "دو خط"
    assert fa("stage.full_house") == "دبرنا"
    assert "این کارت" in fa("claim.invalid")


def test_persian_strings_are_in_persian_script() -> None:
    arabic = range(0x0600, 0x0700)
    for key in ("caller.paused", "claim.title", "reason.unknown_ticket", "home.title"):
        assert any(ord(ch) in arabic for ch in catalogue("fa")[key]), key


def test_numbers_use_persian_digits_when_asked() -> None:
    fa = Translator("fa", persian_digits=True)
    assert fa("caller.count", count=23) == f"{FSI}۲۳{PDI} از ۹۰"
    assert Translator("fa", persian_digits=False)("caller.count", count=23) == (
        f"{FSI}23{PDI} از ۹۰"
    )
    assert Translator("en", persian_digits=True)("caller.count", count=23) == "23 / 90"


def test_a_serial_list_is_joined_in_the_language() -> None:
    assert Translator("en").join(["003-4", "005-1"]) == "003-4, 005-1"
    joined = Translator("fa").join(["003-4", "005-1"])
    assert joined == f"{FSI}۰۰۳-۴{PDI}، {FSI}۰۰۵-۱{PDI}"


def test_an_unknown_key_names_itself() -> None:
    with pytest.raises(CatalogueError, match=r"caller\.nonsense"):
        Translator("en")("caller.nonsense")


# The Bidel source's own words (shared/rules/sources/hearts-bidel-fa.txt): a trick is
# «دور», a hand (deal) «دست», a card «برگ», the queen of spades «بی‌بی‌پیک», 2♣ «دو گشنیز».
BIDEL_GLOSSARY = {"دور", "برگ", "بی‌بی‌پیک", "دو گشنیز", "خال", "دل"}


def test_bidel_rule_messages_use_the_sources_words() -> None:
    rules = {k: v for k, v in catalogue("fa").items() if k.startswith("hearts.rules.")}
    assert rules
    for key, text in rules.items():
        assert "دست اول" not in text, key  # "the first hand": the first trick is «دور اول»
        assert "بی‌بی پیک" not in text, key  # written as one word in the source
        assert any(word in text for word in BIDEL_GLOSSARY), key
    assert "دور اول" in rules["hearts.rules.first_trick"]
    assert "دو گشنیز" in rules["hearts.rules.two_clubs"]


def _locales(tmp_path: Path, files: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    monkeypatch.setattr(i18n.resources, "files", lambda package: tmp_path)
    i18n.catalogue.cache_clear()


def test_a_hosted_games_own_words_are_read_under_its_key(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _locales(tmp_path, {"locales/en.toml": '[app]\ntitle = "Kiosk"\n',
                        "games/nim/locales/en.toml":
                            'title = "Nim"\n[buttons]\ntake = "Take {n}"\n',
                        "games/nim/locales/fa.toml": 'title = "نیم"\n',
                        "games/nim/__init__.py": ""}, monkeypatch)
    try:
        assert i18n.catalogue("en") == {"app.title": "Kiosk", "nim.title": "Nim",
                                        "nim.buttons.take": "Take {n}"}
    finally:
        i18n.catalogue.cache_clear()


def test_a_games_words_may_not_replace_the_kiosks(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _locales(tmp_path, {"locales/en.toml": '[nim]\ntitle = "Nim"\n',
                        "games/nim/locales/en.toml": 'title = "Another"\n'}, monkeypatch)
    try:
        with pytest.raises(i18n.CatalogueError,
                           match=r"nim/locales/en\.toml repeats keys.*nim\.title"):
            i18n.catalogue("en")
    finally:
        i18n.catalogue.cache_clear()

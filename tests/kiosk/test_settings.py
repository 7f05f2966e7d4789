"""Settings changed on the TV: the overlay file over the config file, and the settings screen."""

from __future__ import annotations

import logging
import os
import tomllib
from pathlib import Path
from typing import Any

import pygame
import pytest

from kiosk.config import Action, CallerConfig, Config, ConfigError, DisplayConfig, VoiceConfig
from kiosk.i18n import Translator, catalogue
from kiosk.scenes.settings import SETTINGS, SettingsScene, make_layout
from kiosk.settings import (
    OVERLAY_NAME,
    PROBLEM_MOVED_ASIDE,
    PROBLEM_UNREADABLE,
    SettingsError,
    apply,
    changes,
    check_settings,
    describe,
    dumps_overlay,
    effective_config,
    load_overlay,
    overlay_path,
    read_overlay,
    save_overlay,
    update_overlay,
)
from kiosk.store import data_dir
from kiosk.text import TextRenderer
from kiosk.theme import safe_area

SIZES = [(1920, 1080), (1280, 720)]
VOICES = {"fa": ["fa", "mb-ir1"], "en": ["en-us", "en-gb"]}


def voices(lang: str) -> list[str]:
    return VOICES[lang]


def write_config(folder: Path, text: str) -> Path:
    path = folder / "kiosk.toml"
    path.write_text(text, encoding="utf-8")
    return path


# -- the overlay file ---------------------------------------------------------------------


def test_the_overlay_lives_in_the_data_directory() -> None:
    assert overlay_path() == data_dir() / OVERLAY_NAME


def test_an_overlay_round_trips(tmp_path: Path) -> None:
    path = tmp_path / "data" / OVERLAY_NAME
    overlay = {
        "display": {"lang": "en", "persian_digits": False},
        "caller": {"rhythm": 4.5},
        "voice": {"volume": 0.7, "rate": 180, "voice": 'mb-ir1 "x" \\ ی', "style": "twice"},
        "hand": {"auto_check": True},
    }
    save_overlay(path, overlay)
    assert load_overlay(path) == overlay
    assert tomllib.loads(path.read_text("utf-8")) == overlay


def test_a_missing_overlay_is_empty(tmp_path: Path) -> None:
    assert read_overlay(tmp_path / OVERLAY_NAME) == ({}, None)


def test_the_overlay_overrides_the_config_file(tmp_path: Path) -> None:
    config = write_config(tmp_path, '[caller]\nrhythm = 3.5\nmanual = true\n'
                                    '[voice]\nrate = 120\n[tickets]\nstrips = 12\n')
    overlay = tmp_path / OVERLAY_NAME
    save_overlay(overlay, {"caller": {"rhythm": 5.0}, "display": {"lang": "en"}})
    merged, problem = effective_config(config, overlay)
    assert problem is None
    assert merged.caller == CallerConfig(rhythm=5.0, manual=True)
    assert merged.display.lang == "en"
    assert merged.voice.rate == 120
    assert merged.tickets.strips == 12


def test_apply_validates_like_the_file() -> None:
    assert apply({"caller": {"rhythm": 3}}, {"caller": {"manual": True}}).caller == \
        CallerConfig(rhythm=3.0, manual=True)
    with pytest.raises(ConfigError, match=r"caller\.rhythm"):
        apply({}, {"caller": {"rhythm": 9}})


def test_without_a_config_file_the_overlay_goes_over_the_defaults(tmp_path: Path) -> None:
    overlay = tmp_path / OVERLAY_NAME
    save_overlay(overlay, {"voice": {"enabled": False}})
    merged, problem = effective_config(None, overlay)
    assert problem is None
    assert merged == Config(voice=VoiceConfig(enabled=False))


def test_by_default_the_overlay_is_read_from_the_data_directory(tmp_path: Path) -> None:
    save_overlay(overlay_path(), {"hand": {"two_lines": False}})
    merged, _ = effective_config(None)
    assert merged.hand.two_lines is False


@pytest.mark.parametrize(
    "content",
    [
        "[caller]\nrhythm = 9\n",
        "[caller\nrhythm = = 4",
        "[caller]\nspeed = 4.0\n",
        "[keys]\npause = [\"p\"]\n",
        "\xff\xfe garbage",
    ],
    ids=["out-of-range", "not-toml", "unknown-key", "keys", "not-utf8"],
)
def test_a_bad_overlay_is_moved_aside_and_the_file_stands(
    tmp_path: Path, content: str, caplog: pytest.LogCaptureFixture
) -> None:
    config = write_config(tmp_path, "[caller]\nrhythm = 3.5\n")
    overlay = tmp_path / "data" / OVERLAY_NAME
    overlay.parent.mkdir()
    overlay.write_bytes(content.encode("latin-1") if "\xff" in content else content.encode())
    with caplog.at_level(logging.ERROR, logger="kiosk.settings"):
        merged, problem = effective_config(config, overlay)
    assert merged.caller.rhythm == 3.5
    assert problem == PROBLEM_MOVED_ASIDE
    assert problem in catalogue("en") and problem in catalogue("fa")
    assert not overlay.exists()
    aside = list(overlay.parent.glob(f"{OVERLAY_NAME}.bad-*"))
    assert len(aside) == 1
    logged = [r.getMessage() for r in caplog.records if r.name == "kiosk.settings"]
    assert len(logged) == 1 and "\n" not in logged[0]
    assert aside[0].name in logged[0]
    # Next start: nothing left to complain about.
    assert effective_config(config, overlay) == (merged, None)


def test_an_overlay_saved_with_a_byte_order_mark_is_used_not_moved_aside(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """An overlay edited in a Windows editor starts with the UTF-8 mark EF BB BF."""
    config = write_config(tmp_path, "[caller]\nrhythm = 3.5\n")
    overlay = tmp_path / "data" / OVERLAY_NAME
    overlay.parent.mkdir()
    overlay.write_bytes(b"\xef\xbb\xbf[caller]\nrhythm = 4.5\n")
    with caplog.at_level(logging.ERROR, logger="kiosk.settings"):
        merged, problem = effective_config(config, overlay)
    assert problem is None and merged.caller.rhythm == 4.5
    assert overlay.exists() and list(overlay.parent.glob("*.bad-*")) == []
    assert [r for r in caplog.records if r.name == "kiosk.settings"] == []
    assert read_overlay(overlay) == ({"caller": {"rhythm": 4.5}}, None)


def test_two_bad_overlays_in_one_second_are_both_kept(tmp_path: Path) -> None:
    overlay = tmp_path / OVERLAY_NAME
    for _ in range(2):
        overlay.write_text("nonsense", encoding="utf-8")
        assert load_overlay(overlay) == {}
    assert len(list(tmp_path.glob(f"{OVERLAY_NAME}.bad-*"))) == 2


def test_a_bad_config_file_is_still_an_error(tmp_path: Path) -> None:
    config = write_config(tmp_path, "[caller]\nrhythm = 9\n")
    with pytest.raises(ConfigError, match=r"caller\.rhythm"):
        effective_config(config, tmp_path / OVERLAY_NAME)


def test_the_check_changes_nothing_and_finds_what_the_kiosk_then_does(tmp_path: Path) -> None:
    config = write_config(tmp_path, "[buttons]\nclaim_pins = [17]\n")
    overlay = tmp_path / "data" / OVERLAY_NAME
    overlay.parent.mkdir()
    # Valid alone, but it puts the menu button on a claim button's pin.
    overlay.write_text("[buttons]\nmenu_pin = 17\n", encoding="utf-8")
    found = check_settings(config, overlay)
    assert found.problem == PROBLEM_MOVED_ASIDE and found.found
    assert found.reason is not None and "buttons.menu_pin" in found.reason
    assert found.config == found.base and found.changed == {}
    assert [p.name for p in overlay.parent.iterdir()] == [OVERLAY_NAME]
    started, problem = effective_config(config, overlay)
    assert (started, problem) == (found.config, found.problem)
    assert not overlay.exists()  # the kiosk, not the check, set it aside


def test_the_check_names_only_values_the_overlay_changes(tmp_path: Path) -> None:
    config = write_config(tmp_path, "[caller]\nrhythm = 3.5\n[voice]\nrate = 120\n")
    overlay = tmp_path / OVERLAY_NAME
    save_overlay(overlay, {"caller": {"rhythm": 3.5, "manual": True}, "voice": {"rate": 200}})
    found = check_settings(config, overlay)
    assert found.problem is None
    assert found.changed == {"caller": {"manual": True}, "voice": {"rate": 200}}
    assert found.config == effective_config(config, overlay)[0]
    assert describe(found) == [
        f"{overlay} (settings changed on the TV): ok, 2 values changed from the config file's:",
        "  caller.manual = true  (the config file: false)",
        "  voice.rate = 200  (the config file: 120)",
    ]


def test_an_overlay_that_cannot_be_read_is_reported_and_left(tmp_path: Path) -> None:
    overlay = tmp_path / OVERLAY_NAME
    overlay.mkdir()  # reading it fails
    found = check_settings(None, overlay)
    assert found.problem == PROBLEM_UNREADABLE and found.config == Config()
    assert describe(found) == [
        f"{overlay} (settings changed on the TV): cannot be read here (Is a directory); "
        "run this as root or as the kiosk's user to see them"]
    assert effective_config(None, overlay) == (Config(), PROBLEM_UNREADABLE)
    assert overlay.is_dir()


def test_saving_leaves_no_temporary_files(tmp_path: Path) -> None:
    path = tmp_path / OVERLAY_NAME
    for rhythm in (3.0, 3.5, 4.0):
        save_overlay(path, {"caller": {"rhythm": rhythm}})
    assert sorted(p.name for p in tmp_path.iterdir()) == [OVERLAY_NAME]
    assert load_overlay(path) == {"caller": {"rhythm": 4.0}}


def test_a_failed_write_keeps_the_old_file_and_no_temporary_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / OVERLAY_NAME
    save_overlay(path, {"caller": {"rhythm": 3.0}})

    def no_space(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", no_space)
    with pytest.raises(SettingsError, match="No space left"):
        save_overlay(path, {"caller": {"rhythm": 5.0}})
    assert sorted(p.name for p in tmp_path.iterdir()) == [OVERLAY_NAME]
    assert load_overlay(path) == {"caller": {"rhythm": 3.0}}


def test_an_unwritable_place_gives_settings_error(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-directory"
    blocker.write_text("", encoding="utf-8")
    with pytest.raises(SettingsError, match="cannot be saved") as caught:
        save_overlay(blocker / OVERLAY_NAME, {"caller": {"rhythm": 4.5}})
    assert caught.value.key in catalogue("en")


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only directories")
def test_a_read_only_directory_gives_settings_error(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        with pytest.raises(SettingsError, match="writable"):
            save_overlay(folder / OVERLAY_NAME, {"caller": {"rhythm": 4.5}})
    finally:
        folder.chmod(0o700)


def test_an_invalid_overlay_is_never_written(tmp_path: Path) -> None:
    path = tmp_path / OVERLAY_NAME
    with pytest.raises(ConfigError):
        save_overlay(path, {"caller": {"rhythm": 9.0}})
    with pytest.raises(ConfigError):
        save_overlay(path, {"keys": {"pause": ["p"]}})
    assert not path.exists()


def test_update_adds_to_what_was_saved(tmp_path: Path) -> None:
    path = tmp_path / OVERLAY_NAME
    update_overlay(path, {"caller": {"rhythm": 4.5}})
    update_overlay(path, {"caller": {"manual": True}, "voice": {"rate": 200}})
    assert load_overlay(path) == {"caller": {"rhythm": 4.5, "manual": True},
                                  "voice": {"rate": 200}}


def test_changes_names_only_what_differs() -> None:
    old = Config()
    new = Config(caller=CallerConfig(rhythm=4.5), voice=VoiceConfig(style="twice"))
    assert changes(old, new) == {"caller": {"rhythm": 4.5}, "voice": {"style": "twice"}}
    assert changes(new, new) == {}


def test_the_overlay_text_is_commented_and_ordered() -> None:
    text = dumps_overlay({"voice": {"style": "twice", "rate": 100}, "caller": {"rhythm": 3.0}})
    assert text.startswith("#")
    assert text.index("[caller]") < text.index("[voice]")
    assert text.index("rate = 100") < text.index('style = "twice"')


# -- the settings screen ------------------------------------------------------------------


class Recorder:
    def __init__(self) -> None:
        self.configs: list[Config] = []

    def __call__(self, config: Config) -> None:
        self.configs.append(config)


def make_scene(
    lang: str = "en", config: Config | None = None, text: TextRenderer | None = None
) -> tuple[SettingsScene, Recorder]:
    config = config or Config(display=DisplayConfig(lang=lang))
    record = Recorder()
    scene = SettingsScene(text or TextRenderer(rtl=lang == "fa"), Translator(lang), config,
                          record, voices)
    return scene, record


def row(key: str) -> int:
    return [f"{s.section}.{s.key}" for s in SETTINGS].index(key)


def go_to(scene: SettingsScene, key: str) -> None:
    target = row(key)
    while scene.selected != target:
        scene.handle(Action.DOWN, "", 0.0)


def test_the_rows_are_the_settings_asked_for() -> None:
    assert [f"{s.section}.{s.key}" for s in SETTINGS] == [
        "display.lang", "display.persian_digits", "caller.rhythm", "caller.manual",
        "voice.enabled", "voice.volume", "voice.rate", "voice.voice", "voice.style",
        "hand.two_lines", "hand.auto_check",
    ]
    for lang in ("fa", "en"):
        for setting in SETTINGS:
            assert setting.label in catalogue(lang)


def test_up_and_down_move_round_the_list() -> None:
    scene, record = make_scene()
    scene.handle(Action.UP, "", 0.0)
    assert scene.selected == len(SETTINGS) - 1
    scene.handle(Action.DOWN, "", 0.0)
    assert scene.selected == 0
    assert record.configs == []


def test_right_on_the_rhythm_adds_half_a_second_and_stops_at_five() -> None:
    scene, record = make_scene()
    go_to(scene, "caller.rhythm")
    scene.handle(Action.RIGHT, "", 0.0)
    assert record.configs[-1].caller.rhythm == 4.5
    assert record.configs[-1] == Config(caller=CallerConfig(rhythm=4.5),
                                        display=DisplayConfig(lang="en"))
    scene.handle(Action.RIGHT, "", 0.0)
    scene.handle(Action.RIGHT, "", 0.0)
    assert [c.caller.rhythm for c in record.configs] == [4.5, 5.0]  # no change, no call
    for _ in range(6):
        scene.handle(Action.LEFT, "", 0.0)
    assert record.configs[-1].caller.rhythm == 3.0
    assert scene.changed_keys == {"caller": {"rhythm": 3.0}}


def test_select_on_a_number_goes_round() -> None:
    scene, record = make_scene(config=Config(caller=CallerConfig(rhythm=5.0)))
    go_to(scene, "caller.rhythm")
    scene.handle(Action.SELECT, "", 0.0)
    assert record.configs[-1].caller.rhythm == 3.0


def test_volume_moves_in_tens_of_percent() -> None:
    scene, record = make_scene()
    go_to(scene, "voice.volume")
    scene.handle(Action.RIGHT, "", 0.0)
    scene.handle(Action.RIGHT, "", 0.0)  # already at 100 %
    assert [c.voice.volume for c in record.configs] == [1.0]
    for _ in range(3):
        scene.handle(Action.LEFT, "", 0.0)
    assert [c.voice.volume for c in record.configs] == [1.0, 0.9, 0.8, 0.7]
    assert scene.shown_value(SETTINGS[row("voice.volume")]) == "70%"
    for _ in range(12):
        scene.handle(Action.LEFT, "", 0.0)
    assert record.configs[-1].voice.volume == 0.0


def test_a_value_between_steps_moves_to_the_next_step() -> None:
    scene, record = make_scene(config=Config(voice=VoiceConfig(volume=0.85, rate=155)))
    go_to(scene, "voice.volume")
    scene.handle(Action.LEFT, "", 0.0)
    assert record.configs[-1].voice.volume == 0.8
    go_to(scene, "voice.rate")
    scene.handle(Action.RIGHT, "", 0.0)
    assert record.configs[-1].voice.rate == 160
    assert isinstance(record.configs[-1].voice.rate, int)


def test_the_speaking_rate_stays_between_80_and_260() -> None:
    scene, record = make_scene(config=Config(voice=VoiceConfig(rate=250)))
    go_to(scene, "voice.rate")
    for _ in range(3):
        scene.handle(Action.RIGHT, "", 0.0)
    assert [c.voice.rate for c in record.configs] == [260]


def test_the_language_toggles_and_the_screen_follows() -> None:
    scene, record = make_scene("fa")
    assert scene.rtl
    scene.handle(Action.RIGHT, "", 0.0)
    assert record.configs[-1].display.lang == "en"
    assert not scene.rtl
    assert scene.tr("settings.title") == "Settings"
    scene.handle(Action.SELECT, "", 0.0)
    assert record.configs[-1].display.lang == "fa"
    assert scene.changed_keys == {"display": {"lang": "fa"}}


def test_booleans_toggle_with_any_change_key() -> None:
    scene, record = make_scene()
    go_to(scene, "hand.auto_check")
    scene.handle(Action.SELECT, "", 0.0)
    scene.handle(Action.LEFT, "", 0.0)
    scene.handle(Action.RIGHT, "", 0.0)
    assert [c.hand.auto_check for c in record.configs] == [True, False, True]


def test_the_voice_list_starts_with_automatic() -> None:
    scene, record = make_scene("fa", Config(display=DisplayConfig(lang="fa")))
    assert scene.voice_choices("fa") == ["", "fa", "mb-ir1"]
    go_to(scene, "voice.voice")
    assert scene.shown_value(SETTINGS[row("voice.voice")]) == "خودکار"
    scene.handle(Action.RIGHT, "", 0.0)
    scene.handle(Action.RIGHT, "", 0.0)
    scene.handle(Action.RIGHT, "", 0.0)
    assert [c.voice.voice for c in record.configs] == ["fa", "mb-ir1", ""]
    scene.handle(Action.LEFT, "", 0.0)
    assert record.configs[-1].voice.voice == "mb-ir1"


def test_a_voice_of_the_old_language_goes_back_to_automatic() -> None:
    config = Config(display=DisplayConfig(lang="fa"), voice=VoiceConfig(voice="mb-ir1"))
    scene, record = make_scene("fa", config)
    scene.handle(Action.RIGHT, "", 0.0)
    assert record.configs[-1].display.lang == "en"
    assert record.configs[-1].voice.voice == ""
    assert scene.changed_keys == {"display": {"lang": "en"}, "voice": {"voice": ""}}


def test_the_call_styles_go_round() -> None:
    scene, record = make_scene()
    go_to(scene, "voice.style")
    for _ in range(3):
        scene.handle(Action.RIGHT, "", 0.0)
    assert [c.voice.style for c in record.configs] == ["digits", "twice", "number"]


def test_every_change_is_valid_config() -> None:
    scene, record = make_scene()
    for index in range(len(SETTINGS)):
        scene.selected = index
        for action in (Action.RIGHT, Action.SELECT, Action.LEFT, Action.LEFT):
            scene.handle(action, "", 0.0)
    assert record.configs
    for config in record.configs:
        overlay = changes(Config(), config)
        assert apply({}, overlay) == config


def test_back_asks_for_the_home_menu() -> None:
    scene, _ = make_scene()
    scene.handle(Action.BACK, "", 0.0)
    assert scene.request == "home"


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["fa", "en"])
def test_the_screen_draws_and_then_only_what_changed(
    display: None, size: tuple[int, int], lang: str
) -> None:
    screen = pygame.display.set_mode(size)
    scene, _ = make_scene(lang)
    first = scene.draw(screen, 0.0)
    assert first == [screen.get_rect()]
    assert scene.draw(screen, 0.1) == []  # nothing changed: nothing drawn

    scene.handle(Action.DOWN, "", 0.2)
    moved = scene.draw(screen, 0.2)
    layout = make_layout(size, lang == "fa")
    assert sorted(map(tuple, moved)) == sorted(map(tuple, layout.rows[:2]))

    go_to(scene, "caller.rhythm")
    scene.draw(screen, 0.3)
    scene.handle(Action.RIGHT, "", 0.4)
    changed = scene.draw(screen, 0.4)
    assert changed == [layout.rows[row("caller.rhythm")]]
    area = sum(r.width * r.height for r in changed)
    assert area < 0.1 * size[0] * size[1]

    scene.show_notice("settings.not_saved")
    assert scene.draw(screen, 0.5) == [layout.notice]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("rtl", [False, True])
def test_the_layout_fits_the_screen(size: tuple[int, int], rtl: bool) -> None:
    layout = make_layout(size, rtl)
    screen = pygame.Rect((0, 0), size)
    rows = list(layout.rows)
    for i, rect in enumerate(rows):
        assert screen.contains(rect)
        assert rect.contains(layout.labels[i]) and rect.contains(layout.values[i])
        assert not layout.labels[i].colliderect(layout.values[i])
        for other in rows[i + 1:]:
            assert not rect.colliderect(other)
        assert not rect.colliderect(layout.notice) and not rect.colliderect(layout.back)
    # A notice (a setting not saved) is said in the hint's place, over it.
    assert screen.contains(layout.hint) and layout.notice == layout.hint
    # Persian puts the label on the right, English on the left.
    assert (layout.labels[0].centerx > layout.values[0].centerx) == rtl
    assert (layout.back.centerx > size[0] // 2) == rtl
    # Legible from across the room: row text at least 40 px on a 1080-line screen (a
    # capital 28 px tall), and nothing outside the 5 % safe area.
    if size == (1920, 1080):
        assert layout.text_size >= 40
    safe = safe_area(size)
    assert all(safe.contains(r) for r in (*rows, layout.hint, layout.back, layout.title))


def test_a_language_change_redraws_everything_mirrored(display: None) -> None:
    screen = pygame.display.set_mode((1280, 720))
    scene, _ = make_scene("en", text=TextRenderer(rtl=False))
    scene.draw(screen, 0.0)
    scene.handle(Action.RIGHT, "", 0.0)  # English -> Persian
    assert scene.draw(screen, 0.1) == [screen.get_rect()]
    assert scene.draw(screen, 0.2) == []


def test_clicks_select_and_change(display: None) -> None:
    screen = pygame.display.set_mode((1920, 1080))
    scene, record = make_scene()
    scene.draw(screen, 0.0)
    layout = make_layout((1920, 1080), rtl=False)
    index = row("caller.rhythm")
    scene.click(layout.labels[index].center, 0.0)
    assert scene.selected == index and record.configs == []
    value = layout.values[index]
    scene.click((value.right - 5, value.centery), 0.0)
    assert record.configs[-1].caller.rhythm == 4.5
    scene.click((value.left + 5, value.centery), 0.0)
    scene.click((value.left + 5, value.centery), 0.0)
    assert record.configs[-1].caller.rhythm == 3.5
    scene.click(layout.back.center, 0.0)
    assert scene.request == "home"


def test_the_notice_follows_the_language() -> None:
    scene, _ = make_scene("en")
    scene.show_notice("settings.not_saved")
    english = scene.notice
    scene.handle(Action.RIGHT, "", 0.0)  # to Persian
    assert scene.notice != english
    assert scene.notice == catalogue("fa")["settings.not_saved"]
    scene.show_notice(None)
    assert scene.notice is None


def test_a_notice_covers_the_hint_it_is_said_over(display: None) -> None:
    """Drawn where the hint is, a notice hides it while it lasts: the two lines are never
    on the screen over each other (the screen walker reads what is left to see)."""
    from tests.kiosk.walker import Sheet, recording

    scene, _ = make_scene("en")
    with recording():
        screen = pygame.Surface((1920, 1080))
        assert isinstance(screen, Sheet)
        scene.draw(screen, 0.0)
        hint = catalogue("en")["settings.hint"]
        assert hint in [t.line.text for t in screen.texts]
        scene.show_notice("settings.not_saved")
        scene.draw(screen, 0.1)
        shown = [t.line.text for t in screen.texts]
        assert scene.notice in shown and hint not in shown
        scene.show_notice(None)
        scene.draw(screen, 0.2)
        shown = [t.line.text for t in screen.texts]
        assert hint in shown and catalogue("en")["settings.not_saved"] not in shown


def values_shown(scene: SettingsScene) -> dict[str, Any]:
    return {f"{s.section}.{s.key}": scene.shown_value(s) for s in SETTINGS}


def test_values_are_written_in_the_language() -> None:
    fa, _ = make_scene("fa")
    shown = values_shown(fa)
    assert shown["caller.rhythm"] == "\u2068۴٫۰\u2069 ثانیه"
    assert shown["voice.volume"] == "\u2068۹۰\u2069٪"
    assert shown["display.lang"] == "فارسی"
    en, _ = make_scene("en")
    shown = values_shown(en)
    assert shown["caller.rhythm"] == "4.0 s"
    assert shown["voice.rate"] == "150 words a minute"
    assert shown["hand.two_lines"] == "On"


def test_without_speech_only_automatic_is_offered() -> None:
    def broken(lang: str) -> list[str]:
        raise RuntimeError("espeak-ng is missing")

    scene = SettingsScene(TextRenderer(rtl=False), Translator("en"), Config(), lambda c: None,
                          broken)
    assert scene.voice_choices("en") == [""]


def test_a_seat_without_up_and_down_reaches_every_row() -> None:
    scene, _ = make_scene()
    seen = set()
    for _ in range(len(SETTINGS)):
        scene.handle(Action.CLAIM, "", 0.0)
        seen.add(scene.selected)
    assert seen == set(range(len(SETTINGS)))

"""The config file: defaults for everything, and a clear error naming any bad key."""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

from kiosk.config import (
    _SECTIONS,
    DEFAULT_KEYS,
    Action,
    Config,
    ConfigError,
    defaults_toml,
    from_mapping,
    key_codes,
    load,
)


def test_no_file_means_the_defaults() -> None:
    config = load(None)
    assert config == Config()
    assert config.display.lang == "fa"
    assert config.display.persian_digits is True
    assert config.caller.rhythm == 4.0
    assert config.hand.two_lines is True
    assert config.hand.four_corners is False
    assert config.tickets.strips == 8


def test_a_named_file_that_does_not_exist_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"absent\.toml does not exist"):
        load(tmp_path / "absent.toml")


def test_the_config_file_is_found_without_naming_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from kiosk.config import default_path

    monkeypatch.delenv("DEBARNA_CONFIG", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    mine = tmp_path / "debarna" / "kiosk.toml"
    mine.parent.mkdir()
    mine.write_text("[caller]\nrhythm = 3\n")
    assert default_path() == mine
    monkeypatch.setenv("DEBARNA_CONFIG", str(tmp_path / "other.toml"))
    assert default_path() == tmp_path / "other.toml"


def test_the_defaults_file_reads_back_as_the_defaults() -> None:
    assert from_mapping(tomllib.loads(defaults_toml())) == Config()


def test_a_file_overrides_only_its_keys(tmp_path: Path) -> None:
    path = tmp_path / "kiosk.toml"
    path.write_text('[display]\nlang = "en"\n[caller]\nrhythm = 3\nmanual = true\n')
    config = load(path)
    assert config.display.lang == "en"
    assert config.caller.rhythm == 3.0
    assert config.caller.manual is True
    assert config.hand == Config().hand


@pytest.mark.parametrize(
    ("data", "named", "allowed"),
    [
        ({"caller": {"rhythm": 2.5}}, "caller.rhythm", "from 3 to 5"),
        ({"caller": {"rhythm": 5.5}}, "caller.rhythm", "from 3 to 5"),
        ({"caller": {"rhythm": "fast"}}, "caller.rhythm", "a number"),
        ({"display": {"lang": "de"}}, "display.lang", '"fa" or "en"'),
        ({"display": {"fullscreen": "yes"}}, "display.fullscreen", "true or false"),
        ({"tickets": {"strips": 0}}, "tickets.strips", "from 1 to 50"),
        ({"tickets": {"strips": 51}}, "tickets.strips", "from 1 to 50"),
        ({"tickets": {"strips": 2.0}}, "tickets.strips", "whole number"),
        ({"hand": {"two_lines": 1}}, "hand.two_lines", "true or false"),
        ({"hand": {"five_lines": True}}, "hand.five_lines", "two_lines"),
        ({"sound": {}}, "[sound]", "display"),
        ({"keys": {"jump": ["j"]}}, "keys.jump", "claim"),
        ({"keys": {"claim": 5}}, "keys.claim", "key names"),
        ({"buttons": {"left_pins": [5, 28]}}, "buttons.left_pins", "from 0 to 27"),
        ({"buttons": {"claim_pins": [17], "select_pins": [0, 17]}}, "buttons.select_pins",
         "GPIO17"),
        ({"buttons": {"menu_pin": 6, "led_pins": [6]}}, "buttons.menu_pin", "one button or LED"),
        ({"keys": {"claim": ["notakey"]}}, "keys.claim", "not a key name"),
        ({"keys": {"pause": ["space", "p"], "claim": ["P"]}}, "keys.claim", "keys.pause"),
        ({"keys": {"claim": ["space"]}}, "keys.pause", "one action only"),
    ],
)
def test_a_bad_value_raises_an_error_naming_the_key(
    data: dict[str, object], named: str, allowed: str
) -> None:
    with pytest.raises(ConfigError) as caught:
        from_mapping(data)
    assert named in str(caught.value)
    assert allowed in str(caught.value)


def test_a_broken_file_says_it_is_not_toml(tmp_path: Path) -> None:
    path = tmp_path / "kiosk.toml"
    path.write_text("[display\nlang = ")
    with pytest.raises(ConfigError, match="not valid TOML"):
        load(path)


def test_keys_can_be_remapped() -> None:
    config = from_mapping({"keys": {"claim": ["x", "c"], "pause": "p"}})
    assert config.keys[Action.CLAIM] == ("x", "c")
    assert config.keys[Action.PAUSE] == ("p",)
    assert config.keys[Action.REPEAT] == ("r",)


FLOAT_KEYS = [(section, key) for section, (_, rules) in _SECTIONS.items()
              for key, rule in rules.items() if rule.kind is float]


@pytest.mark.parametrize("bad", [float("nan"), float("inf"), float("-inf")])
@pytest.mark.parametrize(("section", "key"), FLOAT_KEYS)
def test_a_number_must_be_finite(section: str, key: str, bad: float) -> None:
    with pytest.raises(ConfigError) as caught:
        from_mapping({section: {key: bad}})
    message = str(caught.value)
    assert f"{section}.{key}" in message and "\n" not in message


def test_every_number_in_the_file_is_checked_for_nan() -> None:
    assert {f"{s}.{k}" for s, k in FLOAT_KEYS} >= {"caller.rhythm", "voice.volume",
                                                    "claims.auto_resume"}
    with pytest.raises(ConfigError, match=r"caller\.rhythm = nan"):
        from_mapping(tomllib.loads("[caller]\nrhythm = nan\n"))


def test_the_key_names_resolve_to_what_the_kiosk_maps(display: None) -> None:
    from kiosk.app import key_map

    for config in (Config(), from_mapping({"keys": {"claim": ["x", "C"], "pause": "p"}})):
        assert key_codes(config.keys) == key_map(config)


def test_a_key_named_twice_for_one_action_is_fine() -> None:
    config = from_mapping({"keys": {"select": ["return", "Return", "enter"]}})
    assert config.keys[Action.SELECT] == ("return", "return", "enter")


def test_a_file_that_is_not_utf8_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "kiosk.toml"
    path.write_bytes(b'[display]\nlang = "en"\n# caf\xe9\n')
    with pytest.raises(ConfigError) as caught:
        load(path)
    message = str(caught.value)
    assert "not UTF-8" in message and "line 3" in message and "\n" not in message


def test_a_file_saved_with_a_byte_order_mark_is_read_as_its_text(tmp_path: Path) -> None:
    """Notepad and other Windows editors start a UTF-8 file with the bytes EF BB BF."""
    text = '[display]\nlang = "en"\n[caller]\nrhythm = 3.5\n# «دبرنا»\n'
    path = tmp_path / "kiosk.toml"
    path.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    config = load(path)
    assert (config.display.lang, config.caller.rhythm) == ("en", 3.5)
    plain = tmp_path / "plain.toml"
    plain.write_text(text, encoding="utf-8")
    assert config == load(plain)
    # A stray byte after the mark is still named by its own value and line.
    path.write_bytes(b"\xef\xbb\xbf" + b'[display]\nlang = "en"\n# caf\xe9\n')
    with pytest.raises(ConfigError, match=r"not UTF-8 text \(byte 0xe9 on line 3\)"):
        load(path)


def test_a_file_that_cannot_be_read_is_one_line(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"cannot be read \(Is a directory\)"):
        load(tmp_path)


# -- [gnubg]: GNU Backgammon for Takhteh Nard's expert level ----------------------------------


def test_the_gnubg_section_defaults_to_finding_gnubg_at_its_default_ply() -> None:
    from kiosk.games.backgammon.gnubg import DEFAULT_PLY

    assert Config().gnubg.path == ""
    assert Config().gnubg.ply == DEFAULT_PLY
    config = from_mapping({"gnubg": {"path": "/usr/games/gnubg", "ply": 0}})
    assert (config.gnubg.path, config.gnubg.ply) == ("/usr/games/gnubg", 0)
    assert from_mapping({"gnubg": {"path": "gnubg"}}).gnubg.path == "gnubg"


@pytest.mark.parametrize(
    ("table", "named", "allowed"),
    [
        ({"ply": 5}, "gnubg.ply", "from 0 to 4"),
        ({"ply": -1}, "gnubg.ply", "from 0 to 4"),
        ({"ply": "2"}, "gnubg.ply", "whole number"),
        ({"ply": 1.0}, "gnubg.ply", "whole number"),
        ({"ply": True}, "gnubg.ply", "whole number"),
        ({"path": 3}, "gnubg.path", "text"),
        ({"path": "games/gnubg"}, "gnubg.path", "full path from /"),
        ({"path": " /usr/games/gnubg"}, "gnubg.path", "without spaces"),
        ({"plies": 2}, "gnubg.plies", "path, ply"),
    ],
)
def test_a_bad_gnubg_key_is_named_with_what_is_allowed(
        table: dict[str, object], named: str, allowed: str) -> None:
    with pytest.raises(ConfigError) as caught:
        from_mapping({"gnubg": table})
    assert named in str(caught.value)
    assert allowed in str(caught.value)


def test_the_gnubg_sections_range_is_gnubgs_own() -> None:
    """sections.toml's default and top ply are the ones the gnubg helper checks with."""
    from kiosk.config import game_sections
    from kiosk.games.backgammon.gnubg import DEFAULT_PLY, MAX_PLY

    section = game_sections()["gnubg"]
    assert section.rules["ply"].high == MAX_PLY and section.cls().ply == DEFAULT_PLY


@pytest.fixture
def planted_sections(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A copy of the kiosk's game folders in which a test writes Takhteh Nard's
    sections.toml anew (read in place of the real one, the cache emptied before and
    after)."""
    from kiosk import config as config_module

    folder = tmp_path / "games" / "backgammon"
    folder.mkdir(parents=True)
    monkeypatch.setattr(config_module.resources, "files", lambda package: tmp_path)
    config_module._sections_of.cache_clear()
    yield folder / "sections.toml"
    config_module._sections_of.cache_clear()


def test_a_games_own_section_is_read_from_its_data_file(planted_sections: Path) -> None:
    """Every kind of key, checked as the kiosk's own keys are, listed after the game's
    section in the defaults file with its comments; a program takes the program check."""
    planted_sections.write_text(
        '[lamp]\n'
        'on = {type = "bool", default = true, comment = "the lamp is lit"}\n'
        'hours = {type = "int", default = 3, low = 1, high = 9, comment = "how long"}\n'
        'glow = {type = "float", default = 0.5, low = 0.0, high = 1.0}\n'
        'colour = {type = "str", default = "red", choices = ["red", "blue"]}\n'
        'tool = {type = "program", default = "", example = "/usr/bin/lamp"}\n',
        encoding="utf-8")
    lamp = Config().lamp
    assert (lamp.on, lamp.hours, lamp.glow, lamp.colour, lamp.tool) == (True, 3, 0.5, "red", "")
    assert from_mapping({"lamp": {"hours": 9, "colour": "blue"}}).lamp.hours == 9
    for table, allowed in (({"hours": 10}, "from 1 to 9"), ({"colour": "green"}, '"red"'),
                           ({"tool": "bin/lamp"}, "full path from /"),
                           ({"dim": 1}, "on, hours, glow, colour, tool")):
        with pytest.raises(ConfigError, match=allowed):
            from_mapping({"lamp": table})
    text = defaults_toml()
    assert text.index("[backgammon]") < text.index("[lamp]") < text.index("[hearts]")
    assert "# how long" in text and "# the lamp is lit" in text


@pytest.mark.parametrize("body", ['[lamp]\non = {default = true}\n',
                                  '[lamp]\non = {type = "colour", default = 1}\n',
                                  '[lamp]\non = 3\n', '[lamp\n'])
def test_a_broken_section_file_is_named(planted_sections: Path, body: str) -> None:
    planted_sections.write_text(body, encoding="utf-8")
    with pytest.raises(ConfigError, match=r"kiosk/games/backgammon/sections\.toml"):
        Config()


def test_a_game_may_not_take_a_section_name_already_taken(planted_sections: Path) -> None:
    planted_sections.write_text('[phones]\nx = {type = "int", default = 1}\n',
                                encoding="utf-8")
    with pytest.raises(ConfigError, match=r"adds a config section \[phones\], whose name"):
        Config()


def test_the_environment_overrides_the_gnubg_section(monkeypatch: pytest.MonkeyPatch) -> None:
    from kiosk.games.backgammon import gnubg

    monkeypatch.delenv(gnubg.ENV_PATH, raising=False)
    monkeypatch.delenv(gnubg.ENV_PLY, raising=False)
    section = from_mapping({"gnubg": {"path": "/opt/gnubg/bin/gnubg", "ply": 1}}).gnubg
    assert gnubg.configured_path(section.path) == "/opt/gnubg/bin/gnubg"
    assert gnubg.gnubg_ply(section.ply) == 1
    assert gnubg.configured_path(Config().gnubg.path) is None  # "": look for it
    monkeypatch.setenv(gnubg.ENV_PATH, "/usr/games/gnubg")
    monkeypatch.setenv(gnubg.ENV_PLY, "0")
    assert gnubg.configured_path(section.path) == "/usr/games/gnubg"
    assert gnubg.gnubg_ply(section.ply) == 0
    monkeypatch.setenv(gnubg.ENV_PLY, "nine")  # unreadable: the config's ply
    assert gnubg.gnubg_ply(section.ply) == 1


# -- [phones]: phones join the game over the home network (DESIGN §3c) ------------------------


def test_the_phones_section_defaults_to_phones_joining_on_port_8080() -> None:
    phones = Config().phones
    assert phones.enabled is True
    assert phones.port == 8080
    assert phones.name == ""
    assert phones.max_clients == 24
    assert phones.bind == ""
    assert Config().keys[Action.PHONES] == ("j",)


def test_the_phones_keys_are_read_from_the_file() -> None:
    phones = from_mapping({"phones": {"enabled": False, "port": 9000, "name": "debarna.local",
                                      "max_clients": 256, "bind": "192.168.1.20"}}).phones
    assert (phones.enabled, phones.port, phones.name, phones.max_clients, phones.bind) == (
        False, 9000, "debarna.local", 256, "192.168.1.20")


def test_the_phones_key_is_j_and_leaves_p_free_for_other_actions() -> None:
    # "p" stays free: files map pause to it, and backgammon types it for the points' numbers.
    assert "p" not in {name for names in DEFAULT_KEYS.values() for name in names}
    assert from_mapping({"keys": {"pause": ["space", "p"]}}).keys[Action.PHONES] == ("j",)
    with pytest.raises(ConfigError, match=r"keys\.phones"):
        from_mapping({"keys": {"pause": ["space", "j"]}})
    assert from_mapping({"keys": {"phones": ["f9"]}}).keys[Action.PHONES] == ("f9",)


@pytest.mark.parametrize(
    ("table", "named", "allowed"),
    [
        ({"enabled": "yes"}, "phones.enabled", "true or false"),
        ({"port": 1023}, "phones.port", "from 1024 to 65535"),
        ({"port": 80}, "phones.port", "from 1024 to 65535"),
        ({"port": 65536}, "phones.port", "from 1024 to 65535"),
        ({"port": "8080"}, "phones.port", "whole number"),
        ({"port": 8080.0}, "phones.port", "whole number"),
        ({"max_clients": 0}, "phones.max_clients", "from 1 to 256"),
        ({"max_clients": 257}, "phones.max_clients", "from 1 to 256"),
        ({"max_clients": True}, "phones.max_clients", "whole number"),
        ({"name": 5}, "phones.name", "text"),
        ({"bind": 10}, "phones.bind", "text"),
        ({"bind": "kiosk.local"}, "phones.bind", "one IP address"),
        ({"bind": "192.168.1"}, "phones.bind", "one IP address"),
        ({"bind": "192.168.1.20 "}, "phones.bind", "one IP address"),
        ({"bind": "10.0.0.0/8"}, "phones.bind", "one IP address"),
        ({"addr": "10.0.0.1"}, "phones.addr", "enabled, port, name, max_clients, bind"),
    ],
)
def test_a_bad_phones_key_is_named_with_what_is_allowed(
        table: dict[str, object], named: str, allowed: str) -> None:
    with pytest.raises(ConfigError) as caught:
        from_mapping({"phones": table})
    message = str(caught.value)
    assert named in message and allowed in message and "\n" not in message


@pytest.mark.parametrize(
    "address",
    ["8.8.8.8", "2001:4860::8888", "1.1.1.1", "100.64.0.1", "172.32.0.1", "192.0.2.1",
     "0.0.0.0", "::", "224.0.0.251", "::ffff:8.8.8.8"],
)
def test_the_phones_server_may_not_bind_an_address_outside_the_home_network(
        address: str) -> None:
    with pytest.raises(ConfigError) as caught:
        from_mapping({"phones": {"bind": address}})
    message = str(caught.value)
    assert f"phones.bind = {address!r}" in message
    assert "loopback, private" in message and "link-local" in message
    assert "\n" not in message


@pytest.mark.parametrize(
    "address",
    ["127.0.0.1", "127.3.4.5", "::1", "10.0.0.7", "172.16.0.1", "172.31.255.254",
     "192.168.1.20", "fd12:3456:789a::1", "fc00::1", "169.254.10.1", "fe80::1",
     "fe80::1%eth0", "febf::1"],
)
def test_the_phones_server_may_bind_a_loopback_private_or_link_local_address(
        address: str) -> None:
    assert from_mapping({"phones": {"bind": address}}).phones.bind == address


@pytest.mark.parametrize(
    "name",
    ["debarna.local", "debarna", "kiosk-1.home.arpa", "DEBARNA.LOCAL", "192.168.1.20",
     "10.0.0.7", "a" * 63 + ".local", ".".join(["a" * 63] * 3 + ["b" * 61]), "3com.example"],
)
def test_the_phones_name_may_be_a_host_name_or_an_ipv4_address(name: str) -> None:
    assert len(name) <= 253
    assert from_mapping({"phones": {"name": name}}).phones.name == name


@pytest.mark.parametrize(
    "name",
    ["debarna local", "debarna_kiosk.local", "debarna.local/", "http://debarna.local",
     "debarna.local:8080", "-debarna.local", "debarna-.local", "debarna..local",
     ".debarna.local", "debarna.local.", "a" * 64 + ".local",
     ".".join(["a" * 63] * 4), "300.1.2.3", "192.168.1", "fe80::1", "دبرنا.local",
     " debarna.local"],
)
def test_a_phones_name_that_is_no_host_name_is_refused_by_name(name: str) -> None:
    with pytest.raises(ConfigError) as caught:
        from_mapping({"phones": {"name": name}})
    message = str(caught.value)
    assert f"phones.name = {name!r}" in message
    assert "host name" in message and "\n" not in message

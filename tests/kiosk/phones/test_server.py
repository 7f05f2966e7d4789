"""Unit tests of the phones' server parts that need no kiosk: `validate`,
`Bucket`, `Outbox` and `local_addresses` (kiosk.phones.server)."""

from __future__ import annotations

import asyncio
import ipaddress
import json
import subprocess
from typing import Any

import pytest

from kiosk.phones import server
from kiosk.phones.server import (
    BURST,
    ID_MAX,
    MAX_MESSAGE,
    OUT_QUEUE,
    RATE,
    SECRET_MAX,
    BadMessage,
    Bucket,
    Outbox,
    local_addresses,
    validate,
)


def bad(raw: str | bytes) -> str:
    with pytest.raises(BadMessage) as caught:
        validate(raw)
    return caught.value.key


def msg(**fields: Any) -> str:
    return json.dumps(fields)


# -- validate: each message type, valid ------------------------------------------------------

@pytest.mark.parametrize(("raw", "expected"), [
    ({"type": "hello", "role": "seat", "secret": "s" * SECRET_MAX},
     {"type": "hello", "role": "seat", "secret": "s" * SECRET_MAX}),
    ({"type": "hello", "role": "ticket", "secret": "abc", "lang": "fa"},
     {"type": "hello", "role": "ticket", "secret": "abc", "lang": "fa"}),
    ({"type": "hello", "role": "board"}, {"type": "hello", "role": "board"}),
    ({"type": "hello", "role": "board", "lang": "en", "secret": 5},
     {"type": "hello", "role": "board", "lang": "en"}),
    ({"type": "card", "card": "QS"}, {"type": "card", "card": "QS"}),
    ({"type": "card", "card": "x" * ID_MAX}, {"type": "card", "card": "x" * ID_MAX}),
    ({"type": "offer", "id": "pass"}, {"type": "offer", "id": "pass"}),
    ({"type": "select", "cards": ["2C", "3C", "4C"]},
     {"type": "select", "cards": ["2C", "3C", "4C"]}),
    ({"type": "select", "cards": ["2C"] * 16}, {"type": "select", "cards": ["2C"] * 16}),
    ({"type": "next"}, {"type": "next"}),
    ({"type": "claim"}, {"type": "claim"}),
    ({"type": "ping"}, {"type": "ping"}),
    ({"type": "lang", "lang": "fa"}, {"type": "lang", "lang": "fa"}),
    ({"type": "lang", "lang": "en"}, {"type": "lang", "lang": "en"}),
])
def test_valid_messages_keep_only_their_known_fields(raw: dict[str, Any],
                                                     expected: dict[str, Any]) -> None:
    extra = {**raw, "seat": 3, "admin": True, "__proto__": {}}
    assert validate(json.dumps(raw)) == expected
    assert validate(json.dumps(extra)) == expected


# -- validate: each field wrong ---------------------------------------------------------------

@pytest.mark.parametrize("raw", [
    msg(type="hello"),
    msg(type="hello", role="admin", secret="abc"),
    msg(type="hello", role=["seat"], secret="abc"),
    msg(type="hello", role="seat"),
    msg(type="hello", role="seat", secret=""),
    msg(type="hello", role="seat", secret="s" * (SECRET_MAX + 1)),
    msg(type="hello", role="seat", secret=12345),
    msg(type="hello", role="seat", secret=None),
    msg(type="hello", role="seat", secret=["abc"]),
    msg(type="hello", role="seat", secret="ab\x00c"),
    msg(type="hello", role="seat", secret="ab\nc"),
    msg(type="hello", role="seat", secret="ab\u202ec"),
    msg(type="hello", role="seat", secret="\ud800"),
    msg(type="hello", role="ticket"),
    msg(type="hello", role="seat", secret="abc", lang="de"),
    msg(type="hello", role="board", lang=None),
    msg(type="hello", role="board", lang=["fa"]),
    msg(type="card"),
    msg(type="card", card=""),
    msg(type="card", card=7),
    msg(type="card", card=["QS"]),
    msg(type="card", card={"id": "QS"}),
    msg(type="card", card="x" * (ID_MAX + 1)),
    msg(type="card", card="Q\tS"),
    msg(type="offer", card="QS"),
    msg(type="offer", id=""),
    msg(type="offer", id=1),
    msg(type="offer", id="y" * (ID_MAX + 1)),
    msg(type="select"),
    msg(type="select", cards=[]),
    msg(type="select", cards="2C 3C 4C"),
    msg(type="select", cards={"0": "2C"}),
    msg(type="select", cards=["2C"] * 17),
    msg(type="select", cards=["2C", 3]),
    msg(type="select", cards=["2C", ""]),
    msg(type="select", cards=["2C", None]),
    msg(type="select", cards=["2C", ["3C"]]),
    msg(type="select", cards=["x" * (ID_MAX + 1)]),
    msg(type="lang"),
    msg(type="lang", lang="de"),
    msg(type="lang", lang=1),
    msg(type="lang", lang=["fa"]),
])
def test_a_wrong_field_is_bad_field(raw: str) -> None:
    assert bad(raw) == "bad_field"


@pytest.mark.parametrize("raw", [
    msg(), msg(type="Hello", role="board"), msg(type="play", card="QS"), msg(type=None),
    msg(type=1), msg(type=["ping"]), msg(type={"a": 1}), msg(type=""), msg(type="pong"),
    msg(type="welcome"), msg(type="state"), msg(kind="ping"),
])
def test_an_unknown_type_is_refused(raw: str) -> None:
    assert bad(raw) == "unknown_type"


@pytest.mark.parametrize("raw", [
    "", "   ", "ping", "{", '{"type": "ping"', "[]", '["ping"]', "null", "true", "1",
    "1e999999", '"ping"', "NaN", "{'type': 'ping'}", "[" * 2000, '{"a":' * 300,
    '{"type": "ping"} x',
])
def test_not_a_json_object_is_not_json(raw: str) -> None:
    assert bad(raw) == "not_json"


def test_binary_is_not_text() -> None:
    assert bad(b'{"type": "ping"}') == "not_text"


def test_the_limit_is_in_utf8_bytes_not_characters() -> None:
    fits = msg(type="card", card="x" * 50, pad="y" * (MAX_MESSAGE - 100))
    assert len(fits.encode()) <= MAX_MESSAGE
    assert validate(fits) == {"type": "card", "card": "x" * 50}
    over = msg(type="ping", pad="y" * MAX_MESSAGE)
    assert bad(over) == "too_long"
    # 800 Persian letters: 800 characters but 1,600 bytes, escaped by json.dumps to 4,800;
    # sent raw (as a browser does) the message is over the limit only in bytes.
    raw = '{"type":"ping","pad":"' + "ش" * 1100 + '"}'
    assert len(raw) < MAX_MESSAGE < len(raw.encode("utf-8"))
    assert bad(raw) == "too_long"
    assert bad('{"type":"ping","pad":"\ud800' + "x" * MAX_MESSAGE + '"}') == "too_long"


# -- Bucket -----------------------------------------------------------------------------------

def test_the_bounds_are_the_protocols() -> None:
    assert (RATE, BURST, MAX_MESSAGE, server.MAX_BODY) == (8.0, 16.0, 2048, 1024)
    assert (SECRET_MAX, ID_MAX, server.NAME_MAX) == (64, 64, 24)


def test_bucket_allows_a_burst_then_refuses() -> None:
    bucket = Bucket(100.0)
    taken = [bucket.take(100.0) for _ in range(int(BURST) + 5)]
    assert taken == [True] * int(BURST) + [False] * 5


def test_bucket_refills_at_its_rate() -> None:
    bucket = Bucket(0.0)
    for _ in range(int(BURST)):
        assert bucket.take(0.0)
    assert not bucket.take(0.0)
    assert not bucket.take(0.5 / RATE)  # half a token
    assert bucket.take(1.0 / RATE + 1e-9)  # a whole token
    assert not bucket.take(1.0 / RATE + 2e-9)
    assert bucket.take(4.0 / RATE)  # three tokens more
    assert bucket.take(4.0 / RATE)
    assert bucket.take(4.0 / RATE)
    assert not bucket.take(4.0 / RATE)


def test_bucket_never_holds_more_than_a_burst() -> None:
    bucket = Bucket(0.0)
    now = 3600.0  # an hour idle
    taken = sum(bucket.take(now) for _ in range(int(BURST) * 3))
    assert taken == int(BURST)


def test_bucket_long_run_rate() -> None:
    bucket = Bucket(0.0)
    seconds, per_second = 20, 100
    taken = sum(bucket.take(i / per_second) for i in range(seconds * per_second))
    expected = BURST + RATE * (seconds - 1 / per_second)
    assert expected - 2 <= taken <= expected + 1


# -- Outbox -----------------------------------------------------------------------------------

def test_outbox_a_newer_state_replaces_an_older_waiting_one() -> None:
    async def run() -> list[tuple[str, str]]:
        box = Outbox()
        assert not box.ready.is_set()
        box.put("state", "s1")
        assert box.ready.is_set()
        box.put("error", "e1")
        box.put("state", "s2")
        box.put("pong", "p1")
        box.put("state", "s3")
        return list(box.items)

    assert asyncio.run(run()) == [("error", "e1"), ("pong", "p1"), ("state", "s3")]


def test_outbox_holds_at_most_out_queue_keeping_the_newest() -> None:
    async def run() -> list[tuple[str, str]]:
        box = Outbox()
        box.put("state", "s0")
        for i in range(OUT_QUEUE * 3):
            box.put("error", f"e{i}")
        return list(box.items)

    items = asyncio.run(run())
    assert len(items) == OUT_QUEUE
    assert items[-1] == ("error", f"e{OUT_QUEUE * 3 - 1}")
    assert items[0] == ("error", f"e{OUT_QUEUE * 2}")


def test_outbox_many_states_keep_one() -> None:
    async def run() -> list[tuple[str, str]]:
        box = Outbox()
        for i in range(OUT_QUEUE * 2):
            box.put("state", f"s{i}")
        return list(box.items)

    assert asyncio.run(run()) == [("state", f"s{OUT_QUEUE * 2 - 1}")]


# -- local_addresses --------------------------------------------------------------------------

def allowed(address: str) -> bool:
    ip = ipaddress.ip_address(address.split("%")[0])
    return not ip.is_unspecified and (ip.is_loopback or ip.is_link_local or ip.is_private)


def test_local_addresses_are_loopback_private_or_link_local() -> None:
    found = local_addresses()
    assert "127.0.0.1" in found
    assert "0.0.0.0" not in found and "::" not in found
    assert len(found) == len(set(found))
    for address in found:
        assert allowed(address), address


def test_local_addresses_leave_out_public_and_wildcard(monkeypatch: pytest.MonkeyPatch) -> None:
    links = [
        {"ifname": "lo", "addr_info": [{"local": "127.0.0.1", "scope": "host"},
                                       {"local": "::1", "scope": "host"}]},
        {"ifname": "eth0", "addr_info": [
            {"local": "192.168.1.20", "scope": "global"},
            {"local": "8.8.8.8", "scope": "global"},
            {"local": "0.0.0.0", "scope": "global"},
            {"local": "fe80::1", "scope": "link"},
            {"local": "2001:4860::1", "scope": "global"},
            {"local": "169.254.3.4", "scope": "link"},
            {"local": "not an address", "scope": "global"},
        ]},
        {"ifname": "wlan0", "addr_info": [{"local": "10.1.2.3", "scope": "global"},
                                          {"local": "172.16.5.5", "scope": "global"},
                                          {"local": "192.168.1.20", "scope": "global"},
                                          {"local": "93.184.216.34", "scope": "global"}]},
    ]

    def fake_run(*args: Any, **kwargs: Any) -> subprocess.CompletedProcess[str]:
        return subprocess.CompletedProcess(args, 0, json.dumps(links), "")

    monkeypatch.setattr(server.subprocess, "run", fake_run)
    found = local_addresses()
    assert found == ["127.0.0.1", "192.168.1.20", "169.254.3.4", "10.1.2.3", "172.16.5.5"]


def test_local_addresses_without_ip_fall_back_to_a_private_one(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def no_ip(*args: Any, **kwargs: Any) -> subprocess.CompletedProcess[str]:
        raise FileNotFoundError("ip")

    monkeypatch.setattr(server.subprocess, "run", no_ip)
    found = local_addresses()
    assert found[0] == "127.0.0.1"
    assert "0.0.0.0" not in found
    for address in found:
        assert allowed(address), address

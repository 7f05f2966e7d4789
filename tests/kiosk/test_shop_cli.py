"""``debarna cards list`` and ``debarna cards stickers``: the shop cards registered in the
kiosk's journal (a real SQLite file in a temporary data directory), listed and turned into
a sticker sheet whose codes read back as the cards."""

from __future__ import annotations

import io
import json
import subprocess
from pathlib import Path

import pytest
from PIL import Image

from engines.debarna.card_check import Reading, StoreCard
from engines.debarna.codes import TicketCodes
from kiosk.app import KioskOptions, build_controller
from kiosk.cli import main
from kiosk.config import Config
from kiosk.games.debarna.journal import Journal
from kiosk.games.debarna.keys import load_codes
from kiosk.store import open_store
from tests.hardware.test_printing import decoder, tool

GRIDS = [[[3, 15, 27, None, 41, None, 62, None, None],
          [8, None, 22, 36, None, 57, None, None, 84],
          [1, 19, None, None, 45, None, 68, 77, None]],
         [[5, 12, None, 30, 44, None, None, 71, None],
          [9, None, 25, 38, None, 50, None, None, 88],
          [6, 17, None, None, 49, None, 63, None, 80]]]


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("DEBARNA_DATA_DIR", str(tmp_path / "data"))
    return tmp_path


def register(numbers: list[str]) -> TicketCodes:
    store, problem = open_store()
    codes = load_codes()
    c = build_controller(Config(), KioskOptions(seed=1), Journal(store, problem), codes=codes)
    for grid, number in zip(GRIDS, numbers, strict=True):
        c.register_card(Reading(grid), 0.0, number)
    store.close()
    return codes


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return main(list(argv), out), out.getvalue()


def test_the_registered_cards_are_listed_by_number(data: Path) -> None:
    assert run("cards", "list")[0] == 0  # none yet: said, not an error
    register(["", "A7"])
    status, text = run("cards", "list")
    assert status == 0
    assert text.splitlines() == ["card   1  3 15 27 41 62 / 8 22 36 57 84 / 1 19 45 68 77",
                                 "card  A7  5 12 30 44 71 / 9 25 38 50 88 / 6 17 49 63 80"]
    status, text = run("cards", "list", "--format", "json")
    assert [StoreCard.from_json(c).serial for c in json.loads(text)] == ["1", "A7"]


def test_stickers_are_written_for_the_cards_asked_and_read_back(
        data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    codes = register(["", "A7"])
    out = data / "stickers.pdf"
    assert run("cards", "stickers", "a7", "--out", str(out)) == (
        0, f"1 stickers written to {out}\n")
    subprocess.run([tool("pdftoppm"), "-r", "150", "-png", str(out), str(data / "s")],
                   check=True)
    found = decoder().decode(Image.open(data / "s-1.png").convert("L"))
    assert [codes.verify(s.data.decode("ascii")).ticket.serial for s in found] == ["A7"]
    assert run("cards", "stickers", "9", "--out", str(out))[0] == 1
    assert "no registered card has the number 9" in capsys.readouterr().err

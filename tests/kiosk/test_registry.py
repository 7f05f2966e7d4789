"""A game registered in a fixture, and nothing else edited, is everywhere games are listed:
the home menu, `debarna kiosk --game`, the config file (a section with its defaults,
checked as strictly as the others), `debarna <game> selfplay`, the journal, and the
conformance checks of the one protocol.

The game is Nim for two: take 1 to `take` stones from one heap; who takes the last one
wins (or loses, in the misère variant). It has no chance and nothing hidden.
"""

from __future__ import annotations

import io
import json
import random
import tomllib
import types
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import pygame
import pytest

from engines.errors import BrokenRule
from engines.protocol import RandomLike, State
from engines.records import RecordError, from_text, replay_events, to_text
from engines.registry import GameEntry, about, games, register, unregister
from kiosk.app import Kiosk, KioskOptions, run
from kiosk.cli import build_parser, main
from kiosk.config import Config, ConfigError, defaults_toml, from_mapping
from kiosk.match_journal import MatchJournal, records_for, table_games
from kiosk.scenes.home import HomeScene
from kiosk.scenes.no_table import NoTableScene
from kiosk.store import Store

# -- the game: Nim, in its own few lines -------------------------------------------------------


class NimError(BrokenRule):
    """A move Nim does not allow."""


@dataclass(frozen=True)
class NimOptions:
    heap: int = field(default=7, metadata=about("stones on the heap, 1 to 30", low=1, high=30))
    take: int = field(default=3, metadata=about("the most stones a turn", choices=(2, 3, 4)))
    last_wins: bool = field(default=True, metadata=about("who takes the last stone wins"))

    def __post_init__(self) -> None:
        if self.take > self.heap:
            raise NimError("take at most the heap", f"{self.take} is more than a heap of "
                           f"{self.heap}")


@dataclass(frozen=True)
class NimView:
    seat: int
    heap: int
    turn: int | None
    legal: tuple[int, ...]


class NimState:
    def __init__(self, options: NimOptions) -> None:
        self.options = options
        self.heap = options.heap
        self.turn: int | None = 0
        self.history: list[tuple[int, int]] = []

    @property
    def current_player(self) -> int | None:
        return self.turn

    @property
    def is_over(self) -> bool:
        return self.turn is None

    def legal_actions(self) -> list[int]:
        if self.turn is None:
            return []
        return list(range(1, min(self.options.take, self.heap) + 1))

    def chance_outcomes(self) -> Iterator[tuple[int, Fraction]]:
        raise NimError("no chance in Nim", "Nim has no chance step")

    def sample_chance(self, rng: RandomLike) -> int:
        raise NimError("no chance in Nim", "Nim has no chance step")

    def why_illegal(self, seat: int, action: Any) -> BrokenRule | None:
        if self.turn is None:
            return NimError("the game is over", "the heap is empty")
        if seat != self.turn:
            return NimError("play in turn", f"it is seat {self.turn}'s turn, not {seat}'s")
        if action not in self.legal_actions():
            return NimError("take 1 to take stones", f"cannot take {action!r}")
        return None

    def apply(self, action: Any, seat: int | None = None) -> None:
        problem = self.why_illegal(self.turn if seat is None else seat, action)  # type: ignore[arg-type]
        if problem is not None:
            raise problem
        assert self.turn is not None
        self.history.append((self.turn, action))
        self.heap -= action
        self.turn = None if self.heap == 0 else 1 - self.turn

    def returns(self) -> tuple[int, int]:
        if self.turn is not None:
            return (0, 0)
        last = self.history[-1][0]
        won = last if self.options.last_wins else 1 - last
        return (1, -1) if won == 0 else (-1, 1)

    def action_text(self, action: Any) -> str:
        if isinstance(action, bool) or not isinstance(action, int):
            raise NimError("a move is a number of stones", f"{action!r} is not a move")
        return str(action)

    def parse_action(self, text: str) -> int:
        if not isinstance(text, str) or not text.strip().isdigit():
            raise NimError("a move is a number of stones", f"{text!r} is not a number")
        return int(text)

    def view(self, seat: int) -> NimView:
        if seat not in (0, 1):
            raise NimError("two seats", f"there is no seat {seat}")
        legal = tuple(self.legal_actions()) if seat == self.turn else ()
        return NimView(seat, self.heap, self.turn, legal)

    def clone(self) -> NimState:
        other = NimState(self.options)
        other.heap, other.turn, other.history = self.heap, self.turn, list(self.history)
        return other


class NimRecorder:
    def __init__(self, state: NimState) -> None:
        self.first: dict[str, Any] = {"kind": "game_started", "heap": state.options.heap,
                                      "take": state.options.take,
                                      "last_wins": state.options.last_wins}
        self._replica = NimState(state.options)

    def record(self, action: Any) -> list[dict[str, Any]]:
        seat = self._replica.turn
        self._replica.apply(action)
        return [{"kind": "take", "seat": seat, "stones": action}]


def _events(state: NimState) -> list[dict[str, Any]]:
    writer = NimRecorder(state)
    return [writer.first, *(e for _seat, a in state.history for e in writer.record(a))]


def _replay(record: Iterable[Mapping[str, Any]]) -> NimState:
    return replay_events(
        record, "game_started",
        lambda e: NimState(NimOptions(e["heap"], e["take"], e["last_wins"])),
        lambda state, e: state.apply(e["stones"], seat=e["seat"]))


NIM_RECORDS = types.SimpleNamespace(
    RecordError=RecordError, recorder=NimRecorder, events=_events, replay=_replay,
    dumps=lambda state: to_text(_events(state)), loads=lambda text: _replay(from_text(text)))


@dataclass
class NimBot:
    level: str = "random"

    def choose(self, view: NimView, rng: RandomLike) -> int:
        return view.legal[rng.randrange(len(view.legal))]


NIM = GameEntry(
    key="nim", name_fa="نیم", name_en="Nim", seats=(2,), players=lambda options: 2,
    options=NimOptions, new_state=lambda options, rng: NimState(options),
    records=NIM_RECORDS, bot_levels=("random",), make_bot=lambda level: NimBot(level),
    returns_sum=lambda state: 0,
)


@pytest.fixture
def nim() -> Iterator[GameEntry]:
    register(NIM)
    yield NIM
    unregister(NIM.key)


# -- found everywhere --------------------------------------------------------------------------


def test_the_registry_finds_it_after_the_built_in_games(nim: GameEntry) -> None:
    assert [entry.key for entry in games()][-1] == "nim"
    assert {"backgammon", "hearts"} < {entry.key for entry in games()}


def test_it_is_on_the_home_menu_and_opens_a_screen(nim: GameEntry, display: None) -> None:
    kiosk = Kiosk(KioskOptions(headless=True, lang="en", size=(1280, 720)), Config())
    home = kiosk.scene
    assert isinstance(home, HomeScene)
    scenes = [g.scene for g in home.games]
    assert scenes[-3:] == ["nim", "printing", "settings"]
    chosen = scenes.index("nim")
    assert home.games[chosen].label(kiosk.tr) == "Nim"
    kiosk.frame(0.0)
    for _ in range(chosen):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, unicode="",
                                             mod=0))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, unicode="\r",
                                         mod=0))
    kiosk.frame(0.1)
    kiosk.frame(0.5)
    assert isinstance(kiosk.scene, NoTableScene)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, unicode="",
                                         mod=0))
    kiosk.frame(1.0)
    assert isinstance(kiosk.scene, HomeScene)


def test_the_persian_menu_names_it_in_persian(nim: GameEntry, display: None) -> None:
    kiosk = Kiosk(KioskOptions(headless=True, lang="fa", size=(1280, 720)), Config())
    assert isinstance(kiosk.scene, HomeScene)
    assert [g.label(kiosk.tr) for g in kiosk.scene.games if g.scene == "nim"] == ["نیم"]


def test_debarna_kiosk_game_accepts_it_and_shows_it(nim: GameEntry, display: None,
                                                     tmp_path: Any) -> None:
    args = build_parser().parse_args(["kiosk", "--headless", "--game", "nim"])
    assert args.game == "nim"
    kiosk = Kiosk(KioskOptions(headless=True, lang="en", game="nim"), Config())
    kiosk.start()
    assert isinstance(kiosk.scene, NoTableScene) and kiosk.scene.entry is nim
    shot = tmp_path / "nim.png"
    assert run(KioskOptions(headless=True, lang="en", game="nim", run_for=0.3,
                            screenshot=shot, size=(1280, 720))) == 0
    assert shot.stat().st_size > 0


def test_unknown_games_are_still_refused_by_kiosk_game(nim: GameEntry) -> None:
    with pytest.raises(SystemExit) as stopped:
        build_parser().parse_args(["kiosk", "--game", "chess"])
    assert stopped.value.code == 2


def test_it_is_a_config_section_with_its_defaults(nim: GameEntry) -> None:
    text = defaults_toml()
    section = text[text.index("[nim]"):text.index("[keys]")]
    assert section.splitlines()[1:5] == [
        'level = "random"            # the computer players: random',
        "heap = 7                    # stones on the heap, 1 to 30",
        "take = 3                    # the most stones a turn",
        "last_wins = true            # who takes the last stone wins",
    ]
    assert from_mapping(tomllib.loads(text)) == Config()
    out = io.StringIO()
    assert main(["config", "--defaults"], out=out) == 0
    assert "[nim]" in out.getvalue()
    config = from_mapping({"nim": {"heap": 12, "last_wins": False}})
    assert config.section("nim").heap == 12 and config.nim.take == 3
    assert config.options("nim") == NimOptions(heap=12, last_wins=False)
    assert Config().options("nim") == NimOptions()


@pytest.mark.parametrize(("table", "named"), [
    ({"heap": 0}, "nim.heap = 0 is not allowed: use a whole number from 1 to 30"),
    ({"heap": "7"}, "nim.heap"),
    ({"take": 5}, "nim.take = 5 is not allowed: use 2 or 3 or 4"),
    ({"last_wins": 1}, "nim.last_wins = 1 is not allowed: use true or false"),
    ({"level": "hard"}, 'nim.level = \'hard\' is not allowed: use "random"'),
    ({"stones": 3}, "unknown config key nim.stones: the keys of [nim] are level, heap, take, "
                    "last_wins"),
    ({"heap": 2, "take": 3}, "nim.heap = 2 is not allowed with the other [nim] keys: 3 is more"),
])
def test_its_section_is_checked_as_strictly_as_the_others(
        nim: GameEntry, table: dict[str, Any], named: str) -> None:
    with pytest.raises(ConfigError) as refused:
        from_mapping({"nim": table})
    message = str(refused.value)
    assert named in message and "\n" not in message


def test_a_bad_key_stops_the_kiosk_with_exit_2(nim: GameEntry, tmp_path: Any,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "kiosk.toml"
    path.write_text("[nim]\nheap = 99\n")
    assert run(KioskOptions(headless=True, config_path=path, run_for=0.1)) == 2
    assert "nim.heap" in capsys.readouterr().err
    assert main(["config", "--check", str(path)], out=io.StringIO()) == 2


def test_debarna_nim_selfplay_plays_it_with_its_flags(nim: GameEntry) -> None:
    out = io.StringIO()
    assert main(["nim", "selfplay", "--games", "5", "--seed", "3", "--heap", "11",
                 "--no-last-wins", "--record"], out=out) == 0
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [line["game"] for line in lines] == [0, 1, 2, 3, 4]
    for line in lines:
        assert sum(line["returns"]) == 0 and line["bots"] == ["random", "random"]
        first, *takes = line["record"]
        assert first == {"kind": "game_started", "heap": 11, "take": 3, "last_wins": False}
        assert sum(t["stones"] for t in takes) == 11 == len(takes) * 0 + 11
        loser = takes[-1]["seat"]  # misère: who takes the last stone loses
        assert line["returns"][loser] == -1


def test_bad_selfplay_flags_give_usage_and_exit_2(nim: GameEntry,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    for args in (["--games", "2", "--heap", "31"], ["--games", "2", "--take", "9"],
                 ["--heap", "3"], ["--games", "1", "--heap", "2", "--take", "3"],
                 ["--games", "1", "--bots", "random"]):
        with pytest.raises(SystemExit) as stopped:
            main(["nim", "selfplay", *args], out=io.StringIO())
        assert stopped.value.code == 2
    assert "Traceback" not in capsys.readouterr().err


def test_the_journal_knows_it_and_resumes_it(nim: GameEntry, tmp_path: Any) -> None:
    assert table_games()[-1] == "nim"
    store = Store(tmp_path / "journal.sqlite3")
    journal = MatchJournal(store, records_for("nim"))
    state = NimState(NimOptions())
    for stones in (2, 3):
        state.apply(stones)
        journal.action(state, stones, "people")
    found = MatchJournal(store, records_for("nim")).unfinished()
    assert found is not None
    unfinished, _hand = found
    assert unfinished.mode == "people" and unfinished.state.heap == 2
    assert unfinished.state.history == state.history


def test_it_passes_the_conformance_checks(nim: GameEntry) -> None:
    from tests.engines.test_conformance import play_one

    rng = random.Random(5)
    for number in range(200):
        state_steps = play_one(nim, NimOptions(heap=9), rng, records=number % 2 == 0)
        assert state_steps >= 3


def test_a_second_game_under_a_taken_key_is_refused(nim: GameEntry) -> None:
    from engines.registry import RegistryError

    with pytest.raises(RegistryError):
        register(GameEntry(**{**NIM.__dict__, "name_en": "Another Nim"}))
    assert isinstance(NimState(NimOptions()), State)

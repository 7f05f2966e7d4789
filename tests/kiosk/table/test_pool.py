"""The computers think in worker processes: a worker killed or hung mid-thought is
replaced and the turn thought again, a stale answer is never played, a job no longer
wanted is never sent, and what crosses to a worker is only the seat's own view."""

from __future__ import annotations

import os
import pickle
import random
import signal
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from engines.registry import game
from kiosk.table.controller import CHANCE, Move, Pacing, TableController
from kiosk.table.games import TableGame
from kiosk.table.pool import MAX_TRIES, ThinkingPool, WorkerLost, bot_modules, spare_cores
from kiosk.table.seats import BotSeat
from kiosk.table.worker import Worker
from tests.engines.test_conformance import leaves

FAST = Pacing(computer=0.0, chance=0.0, result=0.0)
WAIT = 60.0  # seconds a test waits for an answer at most (a whole set-up on a slow CI)


@pytest.fixture
def pool() -> Iterator[ThinkingPool]:
    made = ThinkingPool(1, preload=("engines.hearts.bots",))
    yield made
    made.shutdown(wait=True, cancel_futures=True)


# -- jobs a worker runs (module level, so a worker can import them) ----------------------------


class SlowBot:
    """A game's medium computer that first waits `delay` seconds, as a hard one thinks."""

    def __init__(self, key: str, delay: float, level: str = "medium") -> None:
        self.key, self.delay, self.level = key, delay, level

    def choose(self, view: Any, rng: Any) -> Any:
        time.sleep(self.delay)
        return game(self.key).make_bot(self.level).choose(view, rng)


class SpyBot:
    """A game's medium computer that writes down, in `folder`, each view it was handed in
    its worker process, in order."""

    def __init__(self, key: str, folder: str) -> None:
        self.key, self.folder, self.level = key, folder, "medium"

    def choose(self, view: Any, rng: Any) -> Any:
        seen = Path(self.folder)
        count = len(list(seen.iterdir()))
        (seen / f"{count:05d}.pickle").write_bytes(
            pickle.dumps((os.getpid(), view.seat, view)))
        return game(self.key).make_bot(self.level).choose(view, rng)


def hang_once(flag: str) -> str:
    """Hangs the first time (it leaves `flag`), answers the next."""
    path = Path(flag)
    if not path.exists():
        path.write_text("hung")
        time.sleep(600)
    return "thought again"


def die_unless_in(pid: int) -> str:
    """Kills the process it runs in, unless that is process `pid`."""
    if os.getpid() != pid:
        os.kill(os.getpid(), signal.SIGKILL)
    return "thought here"


def note(path: str) -> str:
    Path(path).write_text("sent")
    return "noted"


def fail() -> None:
    raise ValueError("the bot's own failure")


# -- helpers ---------------------------------------------------------------------------------


def until(done: Callable[[], bool], what: str, limit: float = WAIT) -> None:
    end = time.monotonic() + limit
    while not done():
        if time.monotonic() > end:
            raise AssertionError(f"never: {what}")
        time.sleep(0.01)


class Heard:
    def __init__(self) -> None:
        self.moves: list[Move] = []

    def began(self) -> None:
        return None

    def applied(self, move: Move) -> None:
        self.moves.append(move)

    def showing(self, seat: int, action: object, shown: int) -> bool:
        return True


def card_table(key: str, seats: list[Any], pool: ThinkingPool, heard: Heard | None = None,
               seed: int = 4) -> TableController:
    entry = game(key)
    return TableController(lambda: entry.new_state(entry.defaults, random.Random(seed)),
                           seats, random.Random(seed), game=TableGame(hidden=True),
                           pacing=FAST, worker=Worker(pool), listener=heard)


def play(table: TableController, done: Callable[[], bool], limit: float = WAIT) -> None:
    """The table's updates in real time, as the frame loop gives them, until `done`."""
    end = time.monotonic() + limit
    while not done():
        if time.monotonic() > end:
            raise AssertionError("the table stopped playing")
        table.update(time.monotonic())
        time.sleep(0.005)


def bot_moves(heard: Heard) -> list[Move]:
    return [m for m in heard.moves if m.seat != CHANCE]


# -- the tests -------------------------------------------------------------------------------


def test_a_computer_thinks_in_a_process_of_its_own(pool: ThinkingPool) -> None:
    assert pool.submit(os.getpid).result(WAIT) != os.getpid()
    assert pool.pids() and os.getpid() not in pool.pids()


def test_a_bots_own_failure_is_raised_to_whoever_asks(pool: ThinkingPool) -> None:
    with pytest.raises(ValueError, match="own failure"):
        pool.submit(fail).result(WAIT)
    assert pool.submit(os.getpid).result(WAIT) in pool.pids()  # the worker lives on
    assert pool.replaced == 0


def test_a_worker_killed_mid_thought_leaves_a_table_that_plays_on(pool: ThinkingPool) -> None:
    heard = Heard()
    table = card_table("hearts", [BotSeat(SlowBot("hearts", 0.5)) for _ in range(4)], pool,
                       heard)
    play(table, lambda: table.thinking is not None and bool(pool.busy_pids()))
    seat = table.current_player
    victim = pool.busy_pids()[0]
    os.kill(victim, signal.SIGKILL)  # mid-thought
    play(table, lambda: len(bot_moves(heard)) >= 3)
    first = bot_moves(heard)[0]
    assert first.seat == seat  # the computer's move was made after all
    assert first.action in first.before.legal_actions()
    assert pool.replaced == 1 and victim not in pool.pids()
    assert table.state.history[-1][1] == heard.moves[-1].action


def test_a_hung_worker_is_replaced_and_the_job_thought_again(tmp_path: Path) -> None:
    hurried = ThinkingPool(1, hang_seconds=1.0)
    try:
        flag = tmp_path / "hung"
        assert hurried.submit(hang_once, str(flag)).result(WAIT) == "thought again"
        assert flag.exists() and hurried.replaced == 1
    finally:
        hurried.shutdown(wait=True, cancel_futures=True)


def test_a_job_that_kills_every_worker_is_thought_in_the_kiosk_at_last(
        pool: ThinkingPool) -> None:
    assert pool.submit(die_unless_in, os.getpid()).result(WAIT) == "thought here"
    assert pool.replaced == MAX_TRIES and pool.fallbacks == 1
    assert pool.submit(os.getpid).result(WAIT) in pool.pids()  # processes again after it


def test_a_job_no_longer_wanted_is_never_sent(pool: ThinkingPool, tmp_path: Path) -> None:
    worker = Worker(pool)
    busy = worker.start(time.sleep, 0.5)
    until(lambda: bool(pool.busy_pids()), "the worker took the first job")
    noted = tmp_path / "noted"
    waiting = worker.start(note, str(noted))
    worker.bump()  # the game moved on before a worker took it
    assert waiting.stale and waiting.ready()
    busy.result(WAIT)
    assert pool.submit(os.getpid).result(WAIT)  # the worker is free: the queue went past it
    assert not noted.exists()


def test_a_stale_answer_is_never_played(pool: ThinkingPool) -> None:
    heard = Heard()
    table = card_table("hearts", [BotSeat(SlowBot("hearts", 0.4)) for _ in range(4)], pool,
                       heard)
    play(table, lambda: table.thinking is not None and bool(pool.busy_pids()))
    seat, job = table.current_player, table.thinking
    assert job is not None
    mine = table.state.legal_actions()[-1]
    table.apply(mine, time.monotonic())  # the game moves on while the computer thinks
    until(job.ready, "the stale thinking finished")
    assert job.stale
    play(table, lambda: len(bot_moves(heard)) >= 3)
    assert bot_moves(heard)[0].seat == seat and bot_moves(heard)[0].action == mine
    assert sum(1 for m in bot_moves(heard)[:4] if m.seat == seat) == 1


@pytest.mark.parametrize("key", ["hearts", "debertz", "dobbm"])
def test_a_view_sent_to_a_worker_holds_only_what_its_seat_may_see(
        key: str, pool: ThinkingPool, tmp_path: Path) -> None:
    entry = game(key)
    assert entry.hidden is not None
    heard = Heard()
    players = entry.players(entry.defaults)
    table = card_table(key, [BotSeat(SpyBot(key, str(tmp_path))) for _ in range(players)],
                       pool, heard)
    play(table, lambda: len(bot_moves(heard)) >= 12)
    seen = [pickle.loads(p.read_bytes()) for p in sorted(tmp_path.iterdir())]
    moves = bot_moves(heard)
    assert len(seen) >= len(moves) >= 12
    for move, (pid, seat, view) in zip(moves, seen, strict=False):
        assert pid != os.getpid() and seat == move.seat
        assert view == move.before.view(seat)  # exactly the seat's view, nothing more
        secret = entry.hidden(move.before, seat)
        shown = [leaf for leaf in leaves(view) if leaf in secret] if secret else []
        assert not shown, f"seat {seat}'s worker was handed {shown}"


def test_the_bots_modules_are_what_a_worker_imports_first() -> None:
    assert bot_modules([game("hearts").make_bot, game("dobbm").make_bot]) == (
        "engines.dobbm.bots", "engines.hearts.bots")


def test_a_job_that_cannot_be_pickled_is_thought_on_a_thread(pool: ThinkingPool) -> None:
    here = os.getpid()
    assert pool.submit(lambda: os.getpid()).result(WAIT) == here
    assert pool.fallbacks == 1


def test_a_pool_shut_down_refuses_jobs_and_leaves_no_worker() -> None:
    closing = ThinkingPool(1)
    pid = closing.submit(os.getpid).result(WAIT)
    closing.shutdown(wait=True)
    with pytest.raises(RuntimeError):
        closing.submit(os.getpid)
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)
    assert issubclass(WorkerLost, RuntimeError)


def test_the_pool_has_a_worker_a_spare_core_unless_told(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DEBARNA_THINKERS", "3")
    assert spare_cores() == 3 and ThinkingPool().size == 3
    for wrong in ("0", "nine", "12", ""):
        monkeypatch.setenv("DEBARNA_THINKERS", wrong)
        assert 1 <= spare_cores() <= 3

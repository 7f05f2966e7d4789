"""The table controller with the real engines: turn order, chance, pacing, the worker, the
clock, privacy, the journal hook, the end of a hand, resume and a remote seat."""

from __future__ import annotations

import random
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from engines.backgammon import records as backgammon_records
from engines.backgammon.bots import make_bot as backgammon_bot
from engines.backgammon.options import GameOptions
from engines.backgammon.rules import Board, CubeAction, Dice, OpeningRoll, Play
from engines.backgammon.rules import GameState as Backgammon
from engines.backgammon.rules import Phase as BackgammonPhase
from engines.cards.cards import ALL_CARDS
from engines.hearts import records as hearts_records
from engines.hearts.bots import make_bot as hearts_bot
from engines.hearts.options import HeartsOptions
from engines.hearts.rules import Deal, Pass, Phase
from engines.hearts.rules import GameState as Hearts
from kiosk.games.backgammon.scene import BACKGAMMON
from kiosk.games.hearts.scene import HEARTS
from kiosk.match_journal import MatchJournal, records_for
from kiosk.store import Store
from kiosk.table.controller import CHANCE, Move, Pacing, TableController
from kiosk.table.privacy import Privacy
from kiosk.table.seats import BotSeat, PersonAtTV, SeatSource
from kiosk.table.worker import Worker

HEARTS_RECORDS = records_for("hearts")

PACE = Pacing(computer=1.0, chance=0.5, phases=(("pass", 0.25),), result=6.0)


class Heard:
    """A listener that notes what the scene would be told, in order."""

    def __init__(self, log: list[tuple[str, Any]] | None = None) -> None:
        self.log = log if log is not None else []
        self.moves: list[Move] = []
        self.shown: list[int] = []

    def began(self) -> None:
        self.log.append(("began", None))

    def applied(self, move: Move) -> None:
        self.log.append(("scene", move.action))
        self.moves.append(move)

    def showing(self, seat: int, action: object, shown: int) -> bool:
        self.shown.append(shown)
        return True


class LevelBots:
    """The table's level bots, noting each level asked for and each choice made."""

    def __init__(self) -> None:
        self.asked: list[str] = []
        self.chose: list[tuple[str, object]] = []

    def __call__(self, level: str) -> Any:
        self.asked.append(level)
        inner = hearts_bot(level)
        chose = self.chose

        class Noting:
            def __init__(self) -> None:
                self.level = level

            def choose(self, view: Any, rng: Any) -> Any:
                action = inner.choose(view, rng)
                chose.append((level, action))
                return action

        return Noting()


class GatedBot:
    """The medium Bidel bot, made to wait at a gate."""

    level = "medium"

    def __init__(self) -> None:
        self.inner = hearts_bot("medium")
        self.gate = threading.Event()
        self.gate.set()

    def choose(self, view: Any, rng: Any) -> Any:
        assert self.gate.wait(30), "the gate was never opened"
        return self.inner.choose(view, rng)


def hearts_table(seats: list[SeatSource], **kwargs: Any) -> TableController:
    kwargs.setdefault("pacing", PACE)
    return TableController(lambda: Hearts(HeartsOptions()), seats, random.Random(3),
                           game=HEARTS, level_bot=kwargs.pop("level_bot", hearts_bot),
                           **kwargs)


def one_person() -> list[SeatSource]:
    return [PersonAtTV(), *(BotSeat(hearts_bot("medium")) for _ in range(3))]


def run(table: TableController, until: Any, t: float = 0.0, step: float = 0.05,
        limit: int = 100000, busy: bool = False) -> float:
    for _ in range(limit):
        if until():
            return t
        t += step
        table.update(t, busy=busy)
    raise AssertionError("the table never got there")


# -- turn order, chance, pacing ----------------------------------------------------------------


def test_the_deal_is_a_chance_step_the_controller_makes_after_its_pause() -> None:
    table = hearts_table(one_person())
    assert table.current_player == CHANCE
    table.update(0.0)
    table.update(0.49)
    assert not table.state.history
    table.update(0.5)
    assert len(table.state.history) == 1 and isinstance(table.state.history[0][1], Deal)
    assert table.state.history[0][0] == CHANCE


def test_computers_act_in_turn_after_their_pause_and_the_person_is_waited_for() -> None:
    table = hearts_table([*(BotSeat(hearts_bot("medium")) for _ in range(3)), PersonAtTV()])
    t = run(table, lambda: table.state.phase is Phase.PASS)
    for seat in range(3):  # seats 0-2 pass in turn, each after the passing pause
        assert table.current_player == seat
        table.update(t)
        table.update(t + 0.2)
        assert table.current_player == seat
        t += 0.25
        table.update(t)
        assert table.state.history[-1][0] == seat
    assert table.person_to_act() == 3 and table.at_hand() == 3
    table.update(t + 100)
    assert table.current_player == 3  # no clock: the person is waited for


def test_a_person_decision_is_taken_only_from_the_seat_on_turn() -> None:
    table = hearts_table(one_person())
    run(table, lambda: table.at_hand() == 0)
    hand = table.state.hands[0]
    assert not table.submit(1, Pass.of(hand[:3]), 1.0)
    assert table.submit(0, Pass.of(hand[:3]), 1.0)
    assert table.state.history[-1] == (0, Pass.of(hand[:3]))


def test_a_person_rolls_their_own_dice_and_the_opening_roll_is_made_by_itself() -> None:
    table = TableController(lambda: Backgammon(GameOptions()), [PersonAtTV(), PersonAtTV()],
                            random.Random(5), game=BACKGAMMON, pacing=PACE)
    run(table, lambda: table.state.phase is not BackgammonPhase.OPENING)
    assert isinstance(table.state.history[0][1], OpeningRoll)
    mover = table.current_player
    assert mover in (0, 1)
    table.apply(table.state.legal_actions()[0])
    while table.state.phase is BackgammonPhase.CUBE:
        table.apply(CubeAction.ROLL)
    assert table.state.phase is BackgammonPhase.ROLL and table.current_player == CHANCE
    before = len(table.state.history)
    table.update(50.0)
    table.update(100.0)
    assert len(table.state.history) == before  # nobody rolls for the person
    assert table.roll(100.0)
    assert isinstance(table.state.history[-1][1], Dice)


def test_a_computers_play_is_shown_step_by_step_then_applied() -> None:
    heard = Heard()
    table = TableController(
        lambda: Backgammon.from_position(Board.initial(), 1, dice=(3, 1)),
        [PersonAtTV(), BotSeat(backgammon_bot("medium"))], random.Random(1), game=BACKGAMMON,
        pacing=Pacing(computer=1.0), listener=heard)
    for t in (0.0, 1.0):  # the pause, then the choice
        table.update(t)
    play = table.thinking.result()  # type: ignore[union-attr]
    assert isinstance(play, Play) and len(play.steps) == 2
    table.update(2.0)
    table.update(3.0)
    assert heard.shown == [1, 2] and table.current_player == 1
    table.update(4.0)
    assert table.state.history[-1] == (1, play) and table.current_player != 1


# -- the worker --------------------------------------------------------------------------------


def test_computers_think_on_the_worker_and_a_stale_choice_is_dropped() -> None:
    bots = [GatedBot() for _ in range(4)]
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="bots") as pool:
        table = hearts_table([BotSeat(b) for b in bots], worker=Worker(pool))
        t = run(table, lambda: table.state.phase is Phase.PASS)
        for bot in bots:
            bot.gate.clear()
        t = run(table, lambda: table.thinking is not None, t)
        old = table.thinking
        assert old is not None and not old.stale
        for _ in range(100):  # the pause is long over; nothing is played without the choice
            t += 0.1
            table.update(t)
        assert len(table.state.history) == 1
        table.start(table.seats)  # a new game while the old choice is still being thought
        assert old.stale
        for bot in bots:
            bot.gate.set()
        stale = old.result(timeout=30)
        run(table, lambda: table.state.phase is Phase.PLAY, t)
    assert all(action is not stale for _seat, action in table.state.history)
    assert len(table.state.history) == 1 + 4  # the new deal and four new passes


# -- the clock ---------------------------------------------------------------------------------


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_at_time_out_the_computer_at_the_tables_level_chooses(level: str) -> None:
    levels, heard = LevelBots(), Heard()
    table = hearts_table(one_person(), turn_seconds=30, level=level, level_bot=levels,
                         listener=heard)
    t = run(table, lambda: table.at_hand() == 0 and table.state.phase is Phase.PASS)
    table.update(t)
    assert table.clock.deadline == pytest.approx(t + 30)
    assert table.seconds_left(t + 0.5) == 30
    table.update(t + 29.9)
    assert table.current_player == 0
    table.update(t + 30.0)
    assert levels.asked == [level]
    assert table.state.history[-1] == (0, levels.chose[-1][1])
    assert heard.moves[-1].timed_out and heard.moves[-1].seat == 0
    assert table.clock.deadline is None


def test_the_clock_runs_only_while_the_hand_is_shown_and_waits_while_away() -> None:
    table = hearts_table(one_person(), turn_seconds=30)
    t = run(table, lambda: table.at_hand() == 0)
    table.update(t, held=True)  # a menu covers the table
    assert table.clock.deadline is None
    table.update(t + 1)
    left = table.clock.deadline - (t + 1)  # type: ignore[operator]
    table.shift(600.0)  # the table was off the screen for ten minutes
    table.update(t + 601)
    assert table.clock.deadline - (t + 601) == pytest.approx(left)  # type: ignore[operator]


# -- privacy -----------------------------------------------------------------------------------


def test_pass_and_play_shows_each_hand_only_to_its_own_person() -> None:
    heard = Heard()
    seats: list[SeatSource] = [PersonAtTV(), BotSeat(hearts_bot("medium")), PersonAtTV(),
                               BotSeat(hearts_bot("medium"))]
    table = hearts_table(seats, listener=heard)
    assert table.privacy.viewer is None  # nobody's hand before anybody is asked for
    t = run(table, lambda: table.state.phase is Phase.PASS)
    assert table.privacy.asking == 0 and table.at_hand() is None
    assert table.reveal() and table.privacy.viewer == 0 and table.at_hand() == 0
    table.submit(0, Pass.of(table.state.hands[0][:3]), t)
    assert table.privacy.viewer is None  # South's hand hides at once
    assert heard.moves[-1].viewer == 0  # it was on the screen when South passed
    t = run(table, lambda: table.privacy.asking == 2, t)
    assert table.privacy.viewer is None and table.privacy.orient == 2
    assert not table.submit(0, Pass.of(table.state.hands[0][:3]), t)
    assert table.reveal() and table.privacy.viewer == 2


def test_the_same_person_twice_in_a_row_is_not_asked_again_but_is_after_a_deal() -> None:
    privacy = Privacy(people=(0, 3), computers=(1, 2), hidden=True)
    privacy.follow(0)
    assert privacy.asking == 0 and privacy.viewer is None
    assert privacy.reveal() and privacy.viewer == 0
    privacy.acted(0, chance=False)
    assert privacy.viewer is None  # their hand hides once they have acted
    privacy.follow(0)  # the computers played; South again: nobody else has seen a hand
    assert privacy.viewer == 0 and privacy.asking is None
    privacy.acted(0, chance=False)
    privacy.acted(CHANCE, chance=True)  # a new deal
    privacy.follow(0)
    assert privacy.asking == 0 and privacy.viewer is None


def test_with_one_person_or_nothing_hidden_nobody_is_asked() -> None:
    alone = Privacy(people=(2,), computers=(0, 1, 3), hidden=True)
    alone.follow(2)
    alone.acted(2, chance=False)
    assert alone.viewer == 2 and alone.asking is None
    board = Privacy(people=(0, 1), computers=(), hidden=False)
    board.follow(1)
    assert board.viewer == 1 and board.asking is None
    demo = Privacy(people=(), computers=(1, 2, 3), hidden=True)
    assert demo.viewer == 1  # a computer's hand, never a remote person's


# -- the journal hook, the end of a hand, resume -------------------------------------------


def test_every_action_is_journaled_before_the_scene_hears_of_it() -> None:
    log: list[tuple[str, Any]] = []
    table = hearts_table(one_person(), on_action=lambda a: log.append(("journal", a)),
                         listener=Heard(log))
    table.fast_forward(lambda s: len(s.history) > 30)
    actions = [a for _s, a in table.state.history]
    assert log[0] == ("began", None)
    assert log[1:] == [entry for a in actions for entry in (("journal", a), ("scene", a))]


def play_on(table: TableController, until: Any, t: float = 0.0) -> float:
    """Run the table, the person playing their first legal card whenever it is theirs."""
    for _ in range(100000):
        if until():
            return t
        seat = table.at_hand()
        if seat is not None:
            table.submit(seat, table.state.legal_cards(seat)[0], t)
        t += 0.05
        table.update(t)
    raise AssertionError("the table never got there")


def test_a_finished_hand_stops_the_table_until_someone_goes_on() -> None:
    table = hearts_table(one_person())
    table.fast_forward(lambda s: len(s.tricks) == 12)
    t = play_on(table, lambda: table.result_due)
    table.update(t, busy=True)  # the scene still moves the last trick away
    assert table.result_due and not table.showing_result
    table.update(t)
    assert table.showing_result
    table.update(t + 100)
    assert table.showing_result and table.at_hand() is None  # waits for a person
    assert table.current_player == CHANCE and len(table.state.history) == 1 + 4 + 52
    assert table.proceed() and not table.showing_result
    run(table, lambda: len(table.state.history) > 57, t)  # the next deal


def test_a_demo_goes_on_by_itself_after_the_score_and_fast_forward_never_stops() -> None:
    demo = hearts_table([BotSeat(hearts_bot("medium")) for _ in range(4)])
    t = run(demo, lambda: demo.showing_result, step=0.5)
    demo.update(t + 5.9)
    assert demo.showing_result
    demo.update(t + 6.0)
    assert not demo.showing_result
    table = hearts_table(one_person())
    table.fast_forward(lambda s: len(s.results) == 2)
    assert not table.result_due and not table.showing_result


def test_after_the_last_game_a_new_one_starts_with_the_same_seats() -> None:
    table = TableController(
        lambda: Backgammon.from_position(Board.from_dicts({1: 1}, {19: 15}), 0,
                                         GameOptions.classic(1, cube=False), dice=(2, 1)),
        [PersonAtTV(), BotSeat(backgammon_bot("medium"))], random.Random(2), game=BACKGAMMON,
        mode="medium")
    first = table.state
    table.submit(0, Play.parse("1/off"), 0.0)
    assert first.is_over and table.result_due
    assert table.proceed()
    assert table.state is not first and table.mode == "medium" and not table.state.history


def test_a_game_rebuilt_from_the_journal_goes_on_at_the_same_table(tmp_path: Path) -> None:
    records = HEARTS_RECORDS
    store = Store(tmp_path / "journal.sqlite3")
    journal = MatchJournal(store, records)
    table = hearts_table(one_person(), mode="medium")
    table.on_action = lambda action: journal.action(table.state, action, table.mode)
    table.fast_forward(lambda s: len(s.history) > 25)
    played = list(table.state.history)
    store.close()

    again = MatchJournal(Store(tmp_path / "journal.sqlite3"), records)
    found = again.unfinished()
    assert found is not None
    unfinished, hand_id = found
    back = hearts_table(one_person(), start=False)
    back.resume(unfinished.state, one_person(), unfinished.mode)
    again.adopt(back.state, hand_id)
    back.on_action = lambda action: again.action(back.state, action, back.mode)
    assert back.state.history == played and back.mode == "medium"
    back.fast_forward(lambda s: len(s.history) > len(played) + 5)
    replayed = hearts_records.replay(
        [store_first(again)] + [e["event"] for e in again.store.events(hand_id)
                                if e["kind"] == "record"])
    assert replayed.history == back.state.history


def store_first(journal: MatchJournal) -> dict[str, Any]:
    assert journal.hand_id is not None
    return journal.store.events(journal.hand_id)[0]["record"]  # type: ignore[no-any-return]


# -- a third kind of seat --------------------------------------------------------------------


class Phone:
    """A remote seat: it sends the view away and answers from another thread."""

    person = True
    at_tv = False

    def __init__(self, answer: Any) -> None:
        self.answer = answer
        self.seen: list[Any] = []
        self.threads: list[threading.Thread] = []

    def begin(self, decision: Any) -> None:
        view = decision.view()
        self.seen.append(view)
        thread = threading.Thread(target=lambda: decision.answer(self.answer(view)))
        self.threads.append(thread)
        thread.start()


def test_a_remote_seat_plays_through_its_view_without_touching_the_game() -> None:
    phone = Phone(lambda view: Pass.of(view.hand[:3]))
    seats: list[SeatSource] = [phone, *(BotSeat(hearts_bot("medium")) for _ in range(3))]
    table = hearts_table(seats, turn_seconds=30)
    run(table, lambda: table.state.phase is Phase.PASS)
    # The TV never shows the phone's hand, nor a computer's (the phone's player would
    # see it): with a person on a phone only the public table is on the TV.
    assert table.privacy.viewer is None
    t = run(table, lambda: bool(phone.seen))
    phone.threads[-1].join(5)
    table.update(t + 0.01)
    assert table.state.history[-1] == (0, Pass.of(phone.seen[0].hand[:3]))
    assert phone.seen[0].seat == 0


def test_a_remote_seats_illegal_answer_changes_nothing() -> None:
    phone = Phone(lambda view: Pass.of([c for c in ALL_CARDS if c not in view.hand][:3]))
    seats: list[SeatSource] = [phone, *(BotSeat(hearts_bot("medium")) for _ in range(3))]
    table = hearts_table(seats)
    t = run(table, lambda: bool(phone.seen))
    phone.threads[-1].join(5)
    before = list(table.state.history)
    table.update(t + 0.01)
    assert table.state.history == before and table.current_player == 0


def test_a_seat_changes_hands_in_the_middle_of_a_game() -> None:
    table = hearts_table([PersonAtTV(), *(BotSeat(hearts_bot("medium")) for _ in range(3))])
    run(table, lambda: table.state.phase is Phase.PASS)
    assert table.privacy.viewer == 0
    table.reseat(0, Phone(lambda view: Pass.of(view.hand[:3])))
    assert table.people == () and table.privacy.viewer is None and not table.demo
    table.reseat(0, BotSeat(hearts_bot("easy")))
    assert table.demo and table.privacy.viewer == 0  # a demo shows a computer's hand
    table.reseat(2, PersonAtTV())
    assert table.people == (2,) and table.privacy.viewer == 2
    with pytest.raises(ValueError, match="no seat 4"):
        table.reseat(4, PersonAtTV())


def test_backgammon_records_replay_a_table_game() -> None:
    table = TableController(lambda: Backgammon(GameOptions.classic(3)),
                            [BotSeat(backgammon_bot("easy")), BotSeat(backgammon_bot("easy"))],
                            random.Random(4), game=BACKGAMMON)
    table.fast_forward(lambda s: len(s.history) > 40)
    replayed = backgammon_records.replay(backgammon_records.events(table.state))
    assert replayed.history == table.state.history


# -- a host's actions ------------------------------------------------------------------------------


def test_a_hosts_action_is_checked_journaled_and_drops_the_thinking_under_way() -> None:
    from engines.dobbm.bots import make_bot as dobbm_bot
    from engines.dobbm.options import DobbmOptions
    from engines.dobbm.rules import CLOSE
    from engines.dobbm.rules import GameState as Dobbm
    from engines.errors import BrokenRule

    journaled: list[Any] = []
    table = TableController(lambda: Dobbm(DobbmOptions()),
                            [BotSeat(dobbm_bot("medium")) for _ in range(4)],
                            random.Random(5), pacing=PACE, level_bot=dobbm_bot,
                            on_action=journaled.append)
    run(table, lambda: table.state.current_player not in (None, CHANCE))
    generation = table.worker.generation
    table.host(CLOSE)
    assert table.state.closing and journaled[-1] == CLOSE
    assert table.worker.generation > generation  # a computer's thinking is now stale
    count = len(journaled)
    with pytest.raises(BrokenRule):  # closing twice is not allowed
        table.host(CLOSE)
    assert len(journaled) == count and table.state.closing

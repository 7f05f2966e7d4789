"""The table controller: the turn flow of any turn-based game, with no drawing.

One `TableController` holds the game on a table and owns everything about its flow:

- whose decision it is (`current_player`), and each seat's source (`kiosk.table.seats`):
  a person at the TV, a computer, later a phone;
- chance steps (the dice, a deal), sampled with the table's random source and applied
  by the controller, unless the game says a person makes them (a player rolls);
- pacing: a computer waits a moment before it acts, and a decision it shows step by
  step (a Takhteh Nard play) waits a moment between the steps, so people can follow;
- the computers think on the worker (`kiosk.table.worker`), never on the frame loop;
  a choice thought for a position the game has left is dropped;
- the turn clock (`kiosk.table.clock`): it runs while a person may act, and when it
  runs out the computer at the table's level chooses for them;
- privacy between several people at one screen (`kiosk.table.privacy`);
- the end of a hand or a game: the table stops for the score until someone goes on
  (a demo goes on by itself), and after the last game a new one starts;
- the journal hook: every action is handed to `on_action` (which commits it) before
  the scene hears of it and before it is drawn; `resume` carries on a game rebuilt
  from the journal.

The scene that draws the table listens (`TableListener`): it is told of a new game,
of each action applied (`Move`, with the state as it was before, for its
animations), and of each step of a computer's decision shown before it is applied.
It calls `update(now, busy=…, held=…)` each frame: `busy` while its animations must
finish before anything else happens, `held` while a menu covers the table.

The controller speaks only the engine protocol's names (`current_player`,
`legal_actions`, `sample_chance`, `apply`, `is_over`, `view`, `clone`); the few flow
facts that differ between games come from its `TableGame` (`kiosk.table.games`).
"""

from __future__ import annotations

import logging
import random
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Protocol

from engines.errors import BrokenRule
from kiosk.table.clock import TurnClock
from kiosk.table.games import TableGame
from kiosk.table.privacy import Privacy
from kiosk.table.seats import BotLike, BotSeat, SeatSource
from kiosk.table.worker import Job, Worker

log = logging.getLogger(__name__)

CHANCE: Final = -1  # `current_player` at a chance step, in every engine
LONG_AGO: Final = -1e9  # the time of actions played at once (fast forward)


class Rng(Protocol):
    def random(self) -> float: ...

    def randrange(self, stop: int) -> int: ...


@dataclass(frozen=True)
class Pacing:
    """How long the table waits, in seconds, so that people can follow."""

    computer: float = 0.8  # before a computer acts, and between the steps it shows
    chance: float | None = None  # before a chance step made by itself (None: `computer`)
    phases: tuple[tuple[str, float], ...] = ()  # a computer's wait in a named phase
    result: float = 4.0  # a demo shows a finished hand or game this long, then goes on

    def before(self, chance: bool, phase: str) -> float:
        if chance:
            return self.computer if self.chance is None else self.chance
        return dict(self.phases).get(phase, self.computer)


@dataclass(frozen=True)
class Move:
    """An action just applied, as the scene hears of it (after the journal)."""

    seat: int  # who acted (CHANCE for a chance step)
    action: Any
    before: Any  # a copy of the state as it was before the action
    now: float
    viewer: int | None  # the seat whose hand was on the TV when it was made
    person: bool = False  # a person's own decision
    timed_out: bool = False  # the person ran out of time: the computer chose for them
    finished: bool = False  # it finished a hand or a game


class TableListener(Protocol):
    """What the scene drawing the table is told."""

    def began(self) -> None:
        """A new (or resumed) game is on the table."""

    def applied(self, move: Move) -> None:
        """An action was applied and committed; the privacy is already updated."""

    def showing(self, seat: int, action: Any, shown: int) -> bool:
        """A computer's chosen action is being shown: its first `shown` steps are made.
        False if the scene cannot show them (the rest is then applied at once)."""
        ...


@dataclass
class Decision:
    """One seat's decision at one moment of the game (one generation of the worker)."""

    seat: int
    generation: int
    table: TableController
    job: Job | None = None
    timed_out: bool = False
    shown: tuple[Any, int, int] | None = None  # (action, steps to show, steps shown)
    answers: deque[Any] = field(default_factory=deque)

    def view(self) -> Any:
        """Exactly what the seat may see now (`State.view`)."""
        return self.table.state.view(self.seat)

    def think(self, choose: Callable[[Any, Any], Any]) -> None:
        """Start a computer's `choose(view, rng)` on the table's worker."""
        self.job = self.table.think(choose, self.seat)

    def answer(self, action: Any) -> None:
        """A source's answer, from any thread; applied at the table's next update if the
        game is still at this decision (and only if legal)."""
        self.answers.append(action)

    @property
    def stale(self) -> bool:
        return self.generation != self.table.worker.generation


class TableController:
    """A game on the table: its seats, its flow, its clock (see the module docstring)."""

    def __init__(
        self,
        new_game: Callable[[], Any],
        seats: Sequence[SeatSource],
        rng: Rng,
        *,
        game: TableGame | None = None,
        pacing: Pacing | None = None,
        turn_seconds: float = 0.0,
        mode: str = "",
        level: str = "medium",
        level_bot: Callable[[str], BotLike] | None = None,
        worker: Worker | None = None,
        on_action: Callable[[Any], None] | None = None,
        listener: TableListener | None = None,
        start: bool = True,
    ) -> None:
        self.new_game = new_game
        self.rng = rng
        self.game = game or TableGame()
        self.pacing = pacing or Pacing()
        self.clock = TurnClock(turn_seconds)
        self.level_bot = level_bot
        self.worker = worker or Worker()
        self.on_action = on_action
        self.listener = listener
        self._level_bots: dict[str, BotLike] = {}
        self.seats: tuple[SeatSource, ...] = tuple(seats)
        self.mode = mode
        self.level = level
        if start:
            self.start(seats, mode, level)

    # -- starting ---------------------------------------------------------------------------
    def start(self, seats: Sequence[SeatSource], mode: str | None = None,
              level: str | None = None) -> None:
        """A new game with these seat sources."""
        self._seat(self.new_game(), seats, mode, level)

    def resume(self, state: Any, seats: Sequence[SeatSource], mode: str | None = None,
               level: str | None = None) -> None:
        """Carry on with a game rebuilt from the journal."""
        self._seat(state, seats, mode, level)

    def _seat(self, state: Any, seats: Sequence[SeatSource], mode: str | None,
              level: str | None) -> None:
        players = getattr(state, "players", len(seats))
        if len(seats) != players:
            raise ValueError(f"a table of {players} needs {players} seats, not {len(seats)}")
        self.state = state
        self.seats = tuple(seats)
        self.mode = self.mode if mode is None else mode
        self.level = self.level if level is None else level
        self._moved()
        self._result_due = False
        self._result_at: float | None = None
        self._private()
        if self.listener is not None:
            self.listener.began()

    def _private(self) -> None:
        """Who may see which hand on the TV, for the seats as they are now. A computer's
        hand is shown only in a demo: with a person on a phone it would show them cards."""
        computers = [s for s, source in enumerate(self.seats) if not source.person] \
            if self.demo else []
        self.privacy = Privacy(self.people, computers, self.game.hidden)
        self.privacy.follow(self.person_to_act())

    def reseat(self, seat: int, source: SeatSource) -> None:
        """Seat `seat` decides through `source` from now on (a phone takes it, the host
        takes it back to the TV or gives it to the computer), in the middle of a game.
        Its decision under way, if any, starts again with the new source."""
        if not 0 <= seat < len(self.seats):
            raise ValueError(f"no seat {seat} at a table of {len(self.seats)}")
        seats = list(self.seats)
        seats[seat] = source
        self.seats = tuple(seats)
        if self.state.current_player == seat:
            self._moved()
        self._private()

    def _moved(self) -> None:
        """The game moved on: any thinking under way is stale, the pause and clock restart."""
        self.worker.bump()
        self._decision: Decision | None = None
        self._beat: float | None = None
        self.clock.stop()

    # -- who is who -------------------------------------------------------------------------
    @property
    def people(self) -> tuple[int, ...]:
        """The seats of the people at the TV."""
        return tuple(s for s, source in enumerate(self.seats) if source.at_tv)

    @property
    def demo(self) -> bool:
        """Nobody plays: computers in every seat."""
        return not any(source.person for source in self.seats)

    def at_tv(self, seat: int | None) -> bool:
        """`seat` is a person at this screen."""
        return seat is not None and 0 <= seat < len(self.seats) and self.seats[seat].at_tv

    def bot(self, seat: int) -> BotLike | None:
        source = self.seats[seat]
        return source.bot if isinstance(source, BotSeat) else None

    @property
    def current_player(self) -> int | None:
        return self.state.current_player

    def person_to_act(self) -> int | None:
        """The seat of the person at the TV who must decide now (None: a computer, a
        chance step, a remote person, the end)."""
        actor = self.state.current_player
        if actor is None or actor == CHANCE:
            return None
        return actor if self.seats[actor].at_tv else None

    def at_hand(self) -> int | None:
        """The seat whose person may act with the keys now: on turn, their hand on the
        screen, nobody asked for, no score in front of the table, their time not out."""
        seat = self.person_to_act()
        if seat is None or seat != self.privacy.viewer or self.privacy.asking is not None:
            return None
        if self.showing_result or (self._decision is not None and self._decision.timed_out):
            return None
        return seat

    # -- the end of a hand or a game --------------------------------------------------------
    @property
    def result_due(self) -> bool:
        """A hand or game has just finished; its score comes once the scene is not busy."""
        return self._result_due

    @property
    def showing_result(self) -> bool:
        """The table stops for the score of the hand or game just finished."""
        return self._result_at is not None

    def proceed(self) -> bool:
        """Go on after a finished hand or game (a new game after the last). False if the
        table was not stopped for a result."""
        if not self._result_due and self._result_at is None:
            return False
        self._result_due = False
        self._result_at = None
        self._beat = None
        if self.state.is_over:
            self.start(self.seats)
        return True

    # -- actions ----------------------------------------------------------------------------
    def submit(self, seat: int, action: Any, now: float) -> bool:
        """A person's decision for `seat`, applied at once. False (nothing applied) if it
        is not that person's decision; the engine's error if the action is illegal."""
        if seat != self.state.current_player or not self.seats[seat].person:
            return False
        self._apply(seat, action, now, person=True)
        return True

    def roll(self, now: float) -> bool:
        """Make the pending chance step now (a person rolls their dice). False if none."""
        if self.state.current_player != CHANCE:
            return False
        self._apply(CHANCE, self.state.sample_chance(self.rng), now)
        return True

    def apply(self, action: Any, now: float = LONG_AGO) -> None:
        """Apply the action of whoever is to act (for tools and tests; no seat check)."""
        actor = self.state.current_player
        assert actor is not None
        self._apply(actor, action, now, person=actor != CHANCE and self.seats[actor].person)

    def host(self, action: Any) -> None:
        """A host's action (the game's `host`, no seat's: close a session, record an
        irregularity): the game checks it (its error names the rule, and nothing changes),
        it is journaled like any action, and thinking under way is dropped. A hand it ends
        stops the table for the result."""
        state = self.state
        before = state.clone()
        state.host(action)
        self._moved()
        if self.on_action is not None:
            self.on_action(action)  # committed before anyone sees it
        if self.game.finished(before, state):
            self._result_due = True

    def _apply(self, seat: int, action: Any, now: float, person: bool = False,
               timed_out: bool = False) -> None:
        state = self.state
        before = state.clone()
        viewer = self.privacy.viewer
        state.apply(action, None if seat == CHANCE else seat)
        self._moved()
        if self.on_action is not None:
            self.on_action(action)  # committed before anyone sees it
        finished = self.game.finished(before, state)
        if finished:
            self._result_due = True
        self.privacy.acted(seat, chance=seat == CHANCE)
        self.privacy.follow(self.person_to_act())
        if self.listener is not None:
            self.listener.applied(Move(seat, action, before, now, viewer, person, timed_out,
                                       finished))

    def think(self, choose: Callable[[Any, Any], Any], seat: int) -> Job:
        """`choose(view, rng)` for `seat` on the worker, with a random source of its own
        (on the caller's thread, with the table's, when there is no executor)."""
        view = self.state.view(seat)
        if self.worker.executor is None:
            return self.worker.start(choose, view, self.rng)
        return self.worker.start(choose, view, random.Random(self.rng.randrange(2**63)))

    @property
    def thinking(self) -> Job | None:
        """The computer's choice being thought for the decision under way (None: none)."""
        return None if self._decision is None else self._decision.job

    def reveal(self) -> bool:
        """The person asked for is ready: their hand is shown and their clock starts."""
        if not self.privacy.reveal():
            return False
        self.clock.stop()
        return True

    # -- the clock --------------------------------------------------------------------------
    def update(self, now: float, busy: bool = False, held: bool = False) -> None:
        """Move the game on: chance steps, computers, the clock, the score's stop."""
        self._answers()
        if held:
            self.clock.stop()
            return
        if self._result_due and not busy:
            self._result_due = False
            self._result_at = now
        if self._result_at is not None:
            if self.demo and now >= self._result_at + self.pacing.result:
                self.proceed()
            return
        state = self.state
        if busy or state.is_over:
            return
        actor = state.current_player
        if actor is None:
            return
        if actor == CHANCE:
            roller = self.game.roller(state)
            if roller is not None and self.seats[roller].person:
                self._beat = None  # the person rolls when they are ready
                return
            if self._paced(now, self.pacing.before(True, "")):
                self.roll(now)
            return
        decision = self._begin(actor)
        source = self.seats[actor]
        if not source.person:
            phase = str(getattr(state, "phase", ""))
            if self._paced(now, self.pacing.before(False, phase)):
                self._computer(decision, now)
            return
        self._person(decision, now)

    def _begin(self, seat: int) -> Decision:
        if self._decision is None:
            self._decision = Decision(seat, self.worker.generation, self)
            self.seats[seat].begin(self._decision)
        return self._decision

    def _paced(self, now: float, pause: float) -> bool:
        """The pause before the next automatic step is over."""
        if self._beat is None:
            self._beat = now + pause
        return now >= self._beat

    def _computer(self, decision: Decision, now: float) -> None:
        seat = decision.seat
        pause = self.pacing.before(False, str(getattr(self.state, "phase", "")))
        if decision.shown is None:
            job = decision.job
            if job is None or not job.ready():
                return  # the pause is over but the choice is not made yet
            action = job.result()
            steps = self.game.stages(action)
            if steps is None:
                self._apply(seat, action, now)
                return
            decision.shown = (action, steps, 0)
            self._beat = now + pause
            return
        action, steps, shown = decision.shown
        if shown < steps:
            shown += 1
            ok = self.listener is None or self.listener.showing(seat, action, shown)
            decision.shown = (action, steps if ok else shown, shown)
            self._beat = now + pause
            return
        self._apply(seat, action, now)

    def _person(self, decision: Decision, now: float) -> None:
        seat = decision.seat
        if decision.timed_out:
            job = decision.job
            if job is not None and job.ready() and not job.stale:
                self._apply(seat, job.result(), now, timed_out=True)
            return
        if self.seats[seat].at_tv and self.at_hand() != seat:
            self.clock.stop()  # their hand is not on the screen yet
            return
        if self.clock.expired(now):
            self._time_out(decision, now)
            return
        self.clock.run(now)

    def _time_out(self, decision: Decision, now: float) -> None:
        """The person's time is up: the computer at the table's level chooses for them."""
        self.clock.stop()
        decision.timed_out = True
        decision.job = self.think(self.bot_at(self.level).choose, decision.seat)
        self._person(decision, now)

    def bot_at(self, level: str) -> BotLike:
        """The table's computer of `level` (made once)."""
        bot = self._level_bots.get(level)
        if bot is None:
            if self.level_bot is None:
                raise RuntimeError("this table has no computer to choose for a person")
            bot = self._level_bots[level] = self.level_bot(level)
        return bot

    def _answers(self) -> None:
        """Answers from sources on other threads (a remote person), if still wanted."""
        decision = self._decision
        if decision is None or not decision.answers:
            return
        action = decision.answers.popleft()
        decision.answers.clear()
        if decision.stale or decision.timed_out:
            return
        try:
            self._apply(decision.seat, action, LONG_AGO, person=True)
        except BrokenRule as exc:
            log.warning("seat %d's answer %s was refused: %s", decision.seat, action, exc)

    def seconds_left(self, now: float) -> int | None:
        """The person's whole seconds left (None: no clock running)."""
        return self.clock.left(now)

    def shift(self, gap: float) -> None:
        """The table was off the screen for `gap` seconds: its waits take up where they were."""
        self.clock.shift(gap)
        if self._beat is not None:
            self._beat += gap
        if self._result_at is not None:
            self._result_at += gap

    # -- playing on at once -----------------------------------------------------------------
    def fast_forward(self, done: Callable[[Any], bool], limit: int = 2000,
                     stand_in: str = "medium") -> None:
        """Play on at once (each computer's choices, the `stand_in` computer's for the
        people, no pauses) until `done(state)` or the end."""
        for _ in range(limit):
            state = self.state
            if state.is_over or done(state):
                break
            actor = state.current_player
            assert actor is not None
            if actor == CHANCE:
                action = state.sample_chance(self.rng)
            else:
                bot = self.bot(actor) or self.bot_at(stand_in)
                action = bot.choose(state.view(actor), self.rng)
            self._apply(actor, action, LONG_AGO)
        self._result_due = False

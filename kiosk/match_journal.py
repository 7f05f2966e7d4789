"""The journal of the table games (every registered game): each action committed before it is shown.

Each game or match is a hand of the store (its game: the registry's key) whose events
are the engine's own record (`engines.<game>.records`), one a row, plus who was playing
(the mode). A game left unfinished by a crash or a pulled plug is rebuilt by replaying
them. `Records` says, per game, how to start a record and how to replay one;
`records_for(key)` makes it from the game's registry entry, and `table_games()` lists
the games the journal knows.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol

from engines.registry import game as registered_game
from engines.registry import games as registered_games
from kiosk.store import Store, StoreError

log = logging.getLogger(__name__)


class Recorder(Protocol):
    first: dict[str, Any]

    def record(self, action: Any) -> list[dict[str, Any]]: ...


class TableGame(Protocol):
    """What the journal needs of a game's state."""

    history: list[tuple[int, Any]]

    @property
    def is_over(self) -> bool: ...


@dataclass(frozen=True)
class Records:
    """How one game's record is started and replayed."""

    game: str
    recorder: Callable[[Any], Recorder]  # a fresh recorder for a new state
    replay: Callable[[Sequence[Mapping[str, Any]]], Any]
    errors: tuple[type[Exception], ...]


def records_for(key: str) -> Records:
    """How the registered game `key` is recorded and replayed (its records module)."""
    records = registered_game(key).records
    return Records(key, records.recorder, records.replay,
                   (records.RecordError, ValueError, KeyError))


def table_games() -> tuple[str, ...]:
    """The games the journal knows: every registered game's key."""
    return tuple(entry.key for entry in registered_games())


@dataclass(frozen=True)
class Unfinished:
    state: Any
    mode: str


class Choice(NamedTuple):
    """How the last game was played: the way (the mode) and the rule set (its options)."""

    mode: str
    options: Any


class MatchJournal:
    """Follows the game on the screen; a new state object is a new game."""

    def __init__(self, store: Store, records: Records) -> None:
        self.store = store
        self.records = records
        self.hand_id: int | None = None
        self._state: TableGame | None = None
        self._recorder: Recorder | None = None
        self._failed = False

    def adopt(self, state: TableGame, hand_id: int) -> None:
        """Carry on writing a game rebuilt from the journal."""
        self._state, self.hand_id = state, hand_id
        self._recorder = self.records.recorder(state)
        for _actor, action in state.history:
            self._recorder.record(action)

    def action(self, state: TableGame, action: object, mode: str,
               over: bool | None = None) -> None:
        """Commit the action just applied to `state` (the screen draws it afterwards).
        `over`: whether that action ended the game, as it was then (`state.is_over`; a
        journal written on a thread of its own is handed it, as the state moves on)."""
        if self._failed:
            return
        try:
            if state is not self._state or self._recorder is None:
                if self.hand_id is not None and self._state is not None \
                        and not self._state.is_over:
                    self.store.finish_hand(self.hand_id, "hand_abandoned")
                self._state = state
                self._recorder = self.records.recorder(state)
                self.hand_id = self.store.start_hand(
                    self.records.game, {"mode": mode, "game": self.records.game,
                                        "record": self._recorder.first})
            assert self.hand_id is not None
            rows = [("record", {"event": e}) for e in self._recorder.record(action)]
            self.store.append_many(self.hand_id, rows)
            if state.is_over if over is None else over:
                self.store.finish_hand(self.hand_id, "hand_over")
        except StoreError as exc:
            log.error("%s; this game is not being saved", exc)
            self._failed = True

    def abandon(self, hand_id: int, why: str) -> None:
        """Close an unfinished game that will not be resumed; its record stays."""
        log.info("%s game %s is not resumed: %s", self.records.game, hand_id, why)
        try:
            self.store.finish_hand(hand_id, "hand_abandoned")
        except StoreError as exc:
            log.error("%s", exc)

    def last_choice(self) -> Choice | None:
        """The way and the rule set of this game's latest record, finished or not (None:
        never played, or its first event cannot be read): the table starts with them."""
        hands = self.store.hands(self.records.game)
        if not hands:
            return None
        rows = self.store.events(hands[-1].id)
        if not rows:
            return None
        first = rows[0]
        try:
            options = self.records.replay([first.get("record", {})]).options
        except self.records.errors as exc:
            log.warning("the rules of the last %s game cannot be read: %s", self.records.game,
                        exc)
            return None
        return Choice(str(first.get("mode", "")), options)

    def unfinished(self) -> tuple[Unfinished, int] | None:
        row = self.store.unfinished(self.records.game)
        if row is None:
            return None
        rows = self.store.events(row.id)
        first = rows[0]
        record = [first.get("record", {})] + [r["event"] for r in rows[1:]
                                              if r["kind"] == "record"]
        try:
            state = self.records.replay(record)
        except self.records.errors as exc:
            log.error("the unfinished %s game %s cannot be resumed: %s",
                      self.records.game, row.id, exc)
            self.store.finish_hand(row.id, "hand_damaged")
            return None
        log.info("%s game %s resumed after restart: %d actions", self.records.game, row.id,
                 len(state.history))
        return Unfinished(state, str(first.get("mode", ""))), row.id

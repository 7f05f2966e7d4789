"""The journal of Takhteh Nard matches: every action committed before it is shown.

Each match is a hand of the store (game "backgammon") whose events are the match
record (`engines.backgammon.records`), one a row, plus who was playing (the mode).
A match left unfinished by a crash or a pulled plug is rebuilt by replaying them.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from engines.backgammon.records import Recorder, RecordError, replay
from engines.backgammon.rules import GameState
from kiosk.store import Store, StoreError

log = logging.getLogger(__name__)

GAME = "backgammon"


@dataclass(frozen=True)
class Unfinished:
    state: GameState
    mode: str


class MatchJournal:
    """Follows the match on the screen; a new GameState object is a new match."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.hand_id: int | None = None
        self._state: GameState | None = None
        self._recorder: Recorder | None = None
        self._failed = False

    def adopt(self, state: GameState, hand_id: int) -> None:
        """Carry on writing a match rebuilt from the journal."""
        self._state, self.hand_id = state, hand_id
        self._recorder = Recorder(state.options, state.start)
        for _actor, action in state.history:
            self._recorder.record(action)

    def action(self, state: GameState, action: object, mode: str) -> None:
        """Commit the action just applied to `state` (the screen draws it afterwards)."""
        if self._failed:
            return
        try:
            if state is not self._state or self._recorder is None:
                if self.hand_id is not None and self._state is not None \
                        and not self._state.is_over:
                    self.store.finish_hand(self.hand_id, "hand_abandoned")
                self._state = state
                self._recorder = Recorder(state.options, state.start)
                self.hand_id = self.store.start_hand(
                    GAME, {"mode": mode, "record": self._recorder.first})
            assert self.hand_id is not None
            rows = [("record", {"event": e}) for e in self._recorder.record(action)]
            self.store.append_many(self.hand_id, rows)
            if state.is_over:
                self.store.finish_hand(self.hand_id, "hand_over")
        except StoreError as exc:
            log.error("%s; this match is not being saved", exc)
            self._failed = True

    def unfinished(self) -> tuple[Unfinished, int] | None:
        row = self.store.unfinished(GAME)
        if row is None:
            return None
        rows = self.store.events(row.id)
        first = rows[0]
        record = [first.get("record", {})] + [r["event"] for r in rows[1:]
                                              if r["kind"] == "record"]
        try:
            state = replay(record)
        except (RecordError, ValueError, KeyError) as exc:
            log.error("the unfinished match %s cannot be resumed: %s", row.id, exc)
            self.store.finish_hand(row.id, "hand_damaged")
            return None
        log.info("match %s resumed after restart: %d actions", row.id, len(state.history))
        return Unfinished(state, str(first.get("mode", ""))), row.id

"""The table games' journal as the kiosk keeps it: each table's scene built with a hook
that commits every action before the screen shows it, and an unfinished game brought
back when its table is opened.

The journal is written on a thread of its own (`kiosk.committer`), made when a table
game is first opened; where the journal is in memory (a disk that cannot be written) it
is written on the frame loop, where commits are instant.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from kiosk.committer import Committer
from kiosk.store import Store, StoreError

if TYPE_CHECKING:  # the journal itself is imported when a table is first opened
    from kiosk.match_journal import Choice, Records

log = logging.getLogger(__name__)


class Table(Protocol):
    """What the journal reads of a table: the game on it and the way it is played."""

    state: Any
    mode: str


class Journaled(Protocol):
    """What the journal needs of a table's scene."""

    table: Table
    modes: Sequence[Any]  # the ways to play it offers (`kiosk.table.seats.Mode`)

    def resume(self, state: Any, bots: Sequence[Any], mode: str) -> None: ...


S = TypeVar("S", bound=Journaled)


class TableJournal:
    """The journal `store()` of the table games, and the scenes built with it."""

    def __init__(self, store: Callable[[], Store]) -> None:
        self._store = store
        self.committer: Committer | None = None  # made when a table game is first opened

    @property
    def writing(self) -> bool:
        """A table's action is on its way to the journal, not on the disk yet."""
        return self.committer is not None and self.committer.busy

    def flush(self) -> None:
        """Wait until every table action is on the disk."""
        if self.committer is not None:
            self.committer.flush()

    def thread(self) -> Committer | None:
        """The journal on a thread of its own (made once), or None when the journal is in
        memory (a disk that cannot be written: commits are then instant). Dabernā's hands
        are written on it too (`Journal.write_on`)."""
        path = self._store().path if self.committer is None else None
        if path is not None:
            try:
                self.committer = Committer(path)
            except (OSError, StoreError) as exc:
                log.error("the table games' journal cannot be written on a thread of its "
                          "own (%s); it is written on the frame loop", exc)
        return self.committer

    def scene(self, records: Records,
              build: Callable[[Callable[[object], None], Choice | None], S],
              refuse: Callable[[object], str | None] | None = None) -> S:
        """A table game's scene, built with a hook that commits each action to the journal
        before the screen shows it, and with the way and the rules last chosen; an
        unfinished game comes back, unless `refuse` says why not (it stays in the journal)."""
        from kiosk.match_journal import MatchJournal

        committer = self.thread()
        built: list[S] = []
        if committer is None:
            journal = MatchJournal(self._store(), records)

            def committed(action: object) -> None:
                table = built[0].table
                journal.action(table.state, action, table.mode)

            def at_once(fn: Callable[..., Any], *args: object) -> Any:
                return fn(*args)

            ask: Callable[..., Any] = at_once
        else:
            # On the journal's own thread, with its own connection (kiosk.committer).
            journal = committer.call(MatchJournal, committer.store, records)

            def committed(action: object) -> None:
                table = built[0].table
                committer.submit(journal.action, table.state, action, table.mode,
                                 table.state.is_over)

            ask = committer.call
        scene = build(committed, ask(journal.last_choice))
        built.append(scene)
        found = ask(journal.unfinished)
        if found is None:
            return scene
        unfinished, hand_id = found
        # The ways to play of the saved game's own table (its number of seats may differ
        # from the rules last chosen in the menu).
        modes_of = getattr(scene, "modes_of", None)
        modes = modes_of(unfinished.state) if modes_of is not None else scene.modes
        mode = next((m for m in modes if m.key == unfinished.mode), None)
        why = refuse(unfinished.state) if refuse is not None else None
        if why is None and mode is None:
            why = f"its way to play ({unfinished.mode}) is not offered any more"
        if why is not None:
            ask(journal.abandon, hand_id, why)
        else:
            assert mode is not None
            scene.resume(unfinished.state, mode.bots, mode.key)
            ask(journal.adopt, unfinished.state, hand_id)
        return scene

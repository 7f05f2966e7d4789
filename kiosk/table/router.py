"""The one input router of a table: each seat's own buttons, as (seat, action).

The kiosk's loop hands a seat's GPIO buttons (its claim button is its select, and its
left, right, select and back buttons where they are wired) to a scene that is a
`SeatInput`; other screens take them as plain actions. At a table only the person at
the TV whose decision it is acts: select also says "ready" when the screen asks for
that seat's person (pass and play), and goes on after a score; every other seat's
buttons, and a computer's, do nothing. The TV's shared keys, gamepad and touch go to
the scene's `handle` and `click`, which act for whoever's decision it is. What the
person points at becomes an action in the scene (`seat_key`), never here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, runtime_checkable

from kiosk.config import Action

if TYPE_CHECKING:
    from kiosk.table.controller import TableController

SELECTS = (Action.SELECT, Action.CLAIM, Action.NEXT)  # select, a claim button, next: each picks


@runtime_checkable
class SeatInput(Protocol):
    """A screen that takes each seat's own buttons (seats count from 1, as on the panel)."""

    def seat_input(self, seat: int, action: Action, now: float) -> None: ...


class TableInput:
    """The routing of seat buttons, mixed into a table scene (which has a `table`)."""

    table: TableController
    menu_open: bool

    def seat_input(self, seat: int, action: Action, now: float) -> None:
        """Seat `seat`'s button (counting from 1): only the person whose decision it is acts."""
        index = seat - 1
        table = self.table
        if not table.at_tv(index) or self.menu_open:
            return
        if self.at_result():
            if action in SELECTS:
                self.go_on()
            return
        asking = table.privacy.asking
        if asking is not None:
            if index == asking and action in SELECTS:
                self.reveal()
            return
        if index != self.decision():
            return
        self.seat_key(index, action, now)

    # the scene's part
    def decision(self) -> int | None:
        """The seat whose person may act now."""
        raise NotImplementedError

    def at_result(self) -> bool:
        """A finished hand's or game's score is on the screen."""
        raise NotImplementedError

    def go_on(self) -> None:
        """Put the score away and go on."""
        raise NotImplementedError

    def reveal(self) -> None:
        """The person asked for is ready: show their hand."""
        raise NotImplementedError

    def seat_key(self, seat: int, action: Action, now: float) -> None:
        """The person on turn at `seat` pressed one of their own buttons."""
        raise NotImplementedError

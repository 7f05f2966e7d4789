"""Seat sources: where each seat's decisions come from.

The table controller asks a seat's source for a decision when it is that seat's turn
(`begin`) and does not care what the source is:

- `PersonAtTV`: a person at this screen. Their decisions come from the keyboard, a
  gamepad, a touch or the seat's own GPIO buttons, through the one input router
  (`kiosk.table.router`), and the scene maps what they point at to an action; the
  turn clock runs while their hand is on the screen, and between several people at
  one screen their hidden cards are shown to one at a time (`kiosk.table.privacy`).
- `BotSeat`: a computer of a level, thinking on the worker thread.
- A remote client holding the seat's view (a phone, DESIGN §3c) is a third kind,
  added without touching any game: its `begin` sends `decision.view()` to the client
  and the client's answer comes back through `decision.answer(action)`, from any
  thread. It is a person (`person = True`) who is not at the TV (`at_tv = False`), so
  the clock runs for it and the TV never shows its hand.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable


class BotLike(Protocol):
    """A computer player (`engines.protocol.Bot`): one of the view's legal actions."""

    def choose(self, view: Any, rng: Any) -> Any: ...


class Decision(Protocol):
    """What a source is handed when its seat is to decide: the table controller's
    `Decision` is one (a source needs no more of the controller than this)."""

    seat: int

    def view(self) -> Any:
        """Exactly what the seat may see now."""
        ...

    def think(self, choose: Callable[[Any, Any], Any]) -> None:
        """Start a computer's `choose(view, rng)` on the table's worker."""
        ...

    def answer(self, action: Any) -> None:
        """The source's answer, from any thread."""
        ...


@runtime_checkable
class SeatSource(Protocol):
    """Where one seat's decisions come from (see the module docstring)."""

    @property
    def person(self) -> bool:
        """A person decides: the turn clock applies, and a time-out plays the computer's
        choice at the table's level for them."""
        ...

    @property
    def at_tv(self) -> bool:
        """The person sits at this screen: input comes through the router, and their
        hidden cards are shown on the TV (one person at a time)."""
        ...

    def begin(self, decision: Decision) -> None:
        """It is this seat's decision now; the answer comes through `decision`."""
        ...


@dataclass(frozen=True)
class PersonAtTV:
    """A person at the TV: the scene turns what they point at into `TableController.submit`."""

    person: bool = True
    at_tv: bool = True

    def begin(self, decision: Decision) -> None:
        return None  # the person answers through the input router, when they choose


@dataclass(frozen=True)
class BotSeat:
    """A computer at `bot`'s level; it thinks on the table's worker."""

    bot: BotLike
    person: bool = False
    at_tv: bool = False

    @property
    def level(self) -> str:
        """The bot's level (`engines.protocol.Bot.level`; older bots call it `name`)."""
        return str(getattr(self.bot, "level", getattr(self.bot, "name", "")))

    def begin(self, decision: Decision) -> None:
        decision.think(self.bot.choose)


def seats_of(bots: Sequence[BotLike | None]) -> tuple[SeatSource, ...]:
    """Seat sources from a seating as the modes give it: a bot, or None for a person here."""
    return tuple(PersonAtTV() if bot is None else BotSeat(bot) for bot in bots)


def bots_of(seats: Sequence[SeatSource]) -> tuple[BotLike | None, ...]:
    """Each seat's bot (None: a person)."""
    return tuple(seat.bot if isinstance(seat, BotSeat) else None for seat in seats)


@dataclass(frozen=True)
class Mode:
    """A way to play, offered in a table's menu: its name, each seat's bot (None: a person
    at the TV) and the level of the table, which also chooses for a person out of time."""

    key: str
    bots: tuple[BotLike | None, ...]
    level: str = "medium"
    label: str = ""  # the catalogue key of its menu row, if not "<game>.modes.<key>"
    offered: bool = True  # False: the row only says why this way cannot be played here

    def seats(self) -> tuple[SeatSource, ...]:
        return seats_of(self.bots)


def people_seats(players: int, people: int) -> tuple[int, ...]:
    """Where `people` people sit at a table of `players`: spread round it, South first (two
    at four seats are partners)."""
    return tuple(sorted({round(i * players / people) % players for i in range(people)}))


def ways_to_play(players: int, levels: Sequence[str], bot: Callable[[str], BotLike],
                 demo_bot: Callable[[], BotLike], level: str,
                 most_people: int | None = None) -> tuple[Mode, ...]:
    """The ways to play a card table of `players` seats: one person against the computer
    at each of `levels`, pass and play for 2 up to `most_people` people (all seats when
    None; computers at `level` in the other seats), and a demo of `demo_bot`s."""
    modes = [Mode(lv, (None, *(bot(lv) for _ in range(players - 1))), lv) for lv in levels]
    for people in range(2, min(players, most_people or players) + 1):
        seats = people_seats(players, people)
        modes.append(Mode(f"people{people}", tuple(
            None if seat in seats else bot(level) for seat in range(players)), level))
    modes.append(Mode("demo", tuple(demo_bot() for _ in range(players))))
    return tuple(modes)

"""What the card games' states (Bidel, Debertz, Dobbm) say the same way, stated once.

`CardTable`: a state whose `phase` has a DEAL (chance: the cards are dealt) and an OVER,
and whose `turn` is the seat to decide in between. It answers `players`,
`current_player`, `is_over` and `is_chance` of the one protocol (`engines.protocol`),
refuses a seat number that is not at the table, and writes an action as text
(`action_text`: its `str`, which the game's `parse_action` reads back).

`CheckedCardTable` adds the checked apply of Debertz and Dobbm: an action (or its text,
read by the game's `read_action`) is first checked in full by the game's `_check`, which
names the actor or raises the game's `RuleError`; only then does the game's `_do` change
the state, so nothing is half-applied. `why_illegal` is that check without applying.

`table_bots` seats the computers of a card game's self-play (one level for every seat, or
one a seat).

The rules themselves (what is checked, what an action does, the rule sentences) stay in
each game's `rules` module; a game names its own phase members, error class and rule
sentences as class attributes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from engines.errors import BrokenRule
from engines.protocol import CHANCE

from .cards import CardError


class CardTable:
    """The seat on turn from the phase, and the seat numbers (see the module docstring)."""

    DEAL: ClassVar[Any]  # the game's Phase.DEAL
    OVER: ClassVar[Any]  # the game's Phase.OVER
    Error: ClassVar[type[BrokenRule]]  # the game's RuleError
    R_SEAT: ClassVar[str]  # the game's rule sentence for the seat numbers
    R_NOTATION: ClassVar[str]  # the game's rule sentence for the actions' text
    Actions: ClassVar[tuple[type, ...]]  # the game's kinds of action (a deal, a card, …)

    options: Any
    phase: Any
    turn: int | None

    @property
    def players(self) -> int:
        return self.options.players

    @property
    def current_player(self) -> int | None:
        if self.phase is self.DEAL:
            return CHANCE
        if self.phase is self.OVER:
            return None
        return self.turn

    @property
    def is_over(self) -> bool:
        return self.phase is self.OVER

    @property
    def is_chance(self) -> bool:
        return self.phase is self.DEAL

    def action_text(self, action: Any) -> str:
        """The action as the game's `parse_action` reads it back (its `str`: ``QS``,
        ``pass 2C 3C 4C``, ``name H``, a whole deal); the game's RuleError for anything
        that is not one of its actions."""
        if not isinstance(action, self.Actions):
            raise self.Error(self.R_NOTATION, f"{action!r} is not an action of this game")
        return str(action)

    def _check_seat(self, seat: object) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or \
                not 0 <= seat < self.players:
            raise self.Error(self.R_SEAT,
                             f"there is no seat {seat!r} at a {self.players}-player table")


class CheckedCardTable(CardTable):
    """Parse, check in full, then apply (see the module docstring)."""

    Words: ClassVar[type[str]]  # the game's spoken actions: a StrEnum, text that needs no reading
    # the game's read_action(text, schedule), as a staticmethod
    read_action: ClassVar[Callable[[str, Any], Any]]

    schedule: Any
    history: list[tuple[int, Any]]
    _legal_cache: Any

    def parse_action(self, text: str) -> Any:
        """The action written as `text` (see the game's module docstring); its RuleError
        otherwise."""
        try:
            return type(self).read_action(text, self.schedule)
        except self.Error:
            raise
        except CardError as exc:
            raise self.Error(self.R_NOTATION, str(exc)) from exc

    def _read(self, action: Any) -> Any:
        if isinstance(action, str) and not isinstance(action, self.Words):
            return self.parse_action(action)
        return action

    def why_illegal(self, seat: int, action: Any) -> BrokenRule | None:
        """The rule that forbids `seat` (or CHANCE, for a deal) to take `action` now, or None.
        Nothing is changed."""
        try:
            self._check(self._read(action), seat)
        except self.Error as error:
            return error
        return None

    def apply(self, action: Any, seat: int | None = None) -> None:
        """Apply the action of `seat` (default: whoever is on turn). An illegal action raises
        the game's RuleError naming the rule, and nothing changes."""
        action = self._read(action)
        actor = self._check(action, seat)
        self._do(actor, action)
        self._legal_cache = None
        self.history.append((actor, action))

    def _check(self, action: object, seat: int | None) -> int:
        """The actor, if `action` by `seat` is legal now; the game's RuleError otherwise."""
        raise NotImplementedError

    def _do(self, actor: int, action: Any) -> None:
        """Change the state by a checked action of `actor` (the game's phases)."""
        raise NotImplementedError


def table_bots(players: int, levels: Sequence[str] | str, bots: Sequence[Any] | None,
               make_bot: Callable[[str], Any]) -> Sequence[Any]:
    """One bot a seat: `bots` as given, else made by `make_bot` from `levels` (one level for
    every seat, or one a seat). ValueError when the count is not `players`."""
    if bots is None:
        names = [levels] * players if isinstance(levels, str) else list(levels)
        if len(names) != players:
            raise ValueError(f"{players} seats need {players} bot levels, not {len(names)}")
        bots = [make_bot(name) for name in names]
    if len(bots) != players:
        raise ValueError(f"{players} seats need {players} bots, not {len(bots)}")
    return bots

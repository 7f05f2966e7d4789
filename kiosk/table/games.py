"""What the table needs to know of a game beyond the engine protocol, one object a game.

The controller drives any engine through the protocol's names (`current_player`,
`legal_actions`, `sample_chance`, `apply`, `is_over`, `view`, `clone`). A few facts
about the *flow* are the game's own and live here: whether its seats hide cards from
each other (pass and play needs a privacy screen), which chance steps a person makes
themselves (a player rolls their own dice), when a hand or a game has just finished
(the table stops for the score), and whether a computer's decision is shown step by
step before it is applied (a backgammon play, checker by checker).

`TableGame()` is the plain default: nothing hidden, chance by itself, a stop only at
the end, decisions applied at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engines.backgammon.rules import Phase as BackgammonPhase
from engines.backgammon.rules import Play
from engines.registry import game


@dataclass(frozen=True)
class TableGame:
    """A game's flow facts, with the defaults of a simple game."""

    hidden: bool = False  # the seats hold cards the others may not see

    def roller(self, state: Any) -> int | None:
        """The seat whose person makes the pending chance step (None: it happens by itself)."""
        return None

    def finished(self, before: Any, after: Any) -> bool:
        """The action from `before` to `after` finished a hand or a game."""
        return bool(after.is_over)

    def stages(self, action: Any) -> int | None:
        """How many steps of a computer's `action` are shown, one a pause, before it is
        applied (None: it is applied as soon as it is chosen)."""
        return None


@dataclass(frozen=True)
class BackgammonTable(TableGame):
    """Takhteh Nard: nothing hidden; a person rolls their own dice (the opening roll is
    made by itself); a computer's play is shown checker by checker."""

    def roller(self, state: Any) -> int | None:
        return state.turn if state.phase is BackgammonPhase.ROLL else None

    def finished(self, before: Any, after: Any) -> bool:
        return len(after.games) > len(before.games)

    def stages(self, action: Any) -> int | None:
        return len(action.steps) if isinstance(action, Play) else None


@dataclass(frozen=True)
class HeartsTable(TableGame):
    """Bidel: each seat's hand is hidden from the others; a finished hand stops the table."""

    def finished(self, before: Any, after: Any) -> bool:
        return len(after.results) > len(before.results)


BACKGAMMON = BackgammonTable(hidden=game("backgammon").hidden is not None)
HEARTS = HeartsTable(hidden=game("hearts").hidden is not None)  # the registry says what is hidden

"""What the table needs to know of a game beyond the engine protocol, one object a game.

The controller drives any engine through the protocol's names (`current_player`,
`legal_actions`, `sample_chance`, `apply`, `is_over`, `view`, `clone`). A few facts
about the *flow* are the game's own, said by a `TableGame`: whether its seats hide cards from
each other (pass and play needs a privacy screen), which chance steps a person makes
themselves (a player rolls their own dice), when a hand or a game has just finished
(the table stops for the score), and whether a computer's decision is shown step by
step before it is applied (a Takhteh Nard play, checker by checker).

`TableGame()` is the plain default: nothing hidden, chance by itself, a stop only at
the end, decisions applied at once. A game's own subclass lives in its own files (its
scene or its hosting module), never here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


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

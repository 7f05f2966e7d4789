"""The one protocol every turn-based engine satisfies, with the same names in every game.

Modelled on OpenSpiel's state interface (DESIGN §3, §3b). A `State` answers:

- `current_player`: the seat to decide (0, 1, …), `CHANCE` when the next step is
  chance (dice, a deal), or None once the game is over;
- `legal_actions()`: the decisions of the seat on turn — never chance outcomes
  (empty at a chance node and at the end);
- `chance_outcomes()`: at a chance node, every outcome with its probability
  (the probabilities sum to 1). It may be lazy and astronomically long (every deal
  of a deck): iterate it, never make a list of it blindly. `sample_chance(rng)` draws
  one outcome with an injected random source, without applying it;
- `apply(action, seat=None)`: the decision of `seat` (default: whoever is on turn)
  or the chance outcome. An illegal action raises a `BrokenRule` naming the rule
  and changes nothing. `why_illegal(seat, action)` is that refusal without applying
  (None when the action is legal);
- `is_over` and `returns()`: one number a seat (zero until the end; the game says what
  they add up to);
- `view(seat)`: exactly what that seat may see, with `view.seat` and `view.legal`
  (the seat's legal actions now; empty when it is not its decision). Bots get a view,
  never the state;
- `clone()`: an independent copy (applying to one never changes the other);
- `action_text(action)` and `parse_action(text)`: an action's short ASCII text, as a
  person types it in a test or a log (``24/18 13/9``, ``QS``, ``name H``), and back.
  `parse_action` reads text as the state reads it now (a play against the dice rolled,
  three cards as the pass being chosen), so `parse_action(action_text(a)) == a` for every
  legal action and every chance outcome at a chance node; text that names no action
  raises a `BrokenRule` naming what is wrong, never a wrong action (`apply` takes the
  text too).

A `Bot` has a `level` and `choose(view, rng)`. Randomness is a `RandomLike`
(`random.Random` in tests, `secrets.SystemRandom` in play).

Dabernā is not turn-based (numbers are called on a clock, any card may claim at any
time), so its engine (`engines.debarna.hand.Hand`) stays outside this protocol on purpose.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any, Final, Protocol, runtime_checkable

from engines.errors import BrokenRule

CHANCE: Final = -1
"""`current_player` at a chance node (the dice, a deal)."""


class RandomLike(Protocol):
    """The random source engines and bots take (`random.Random`, `secrets.SystemRandom`)."""

    def random(self) -> float: ...

    def randrange(self, stop: int, /) -> int: ...


@runtime_checkable
class View(Protocol):
    """What one seat may see; each game adds its own fields."""

    @property
    def seat(self) -> int: ...

    @property
    def legal(self) -> Collection[Any]: ...


@runtime_checkable
class State(Protocol):
    """A turn-based game in the one shape the kiosk hosts (see the module docstring)."""

    @property
    def current_player(self) -> int | None: ...

    @property
    def is_over(self) -> bool: ...

    def legal_actions(self) -> Sequence[Any]: ...

    def chance_outcomes(self) -> Iterable[tuple[Any, Fraction]]: ...

    def sample_chance(self, rng: RandomLike) -> Any: ...

    def apply(self, action: Any, seat: int | None = None) -> None: ...

    def why_illegal(self, seat: int, action: Any) -> BrokenRule | None: ...

    def returns(self) -> tuple[float, ...]: ...

    def view(self, seat: int) -> View: ...

    def clone(self) -> State: ...

    def action_text(self, action: Any) -> str:
        """The action's short ASCII text, which `parse_action` reads back."""
        ...

    def parse_action(self, text: str) -> Any:
        """The action `text` names now; a `BrokenRule` naming what is wrong otherwise."""
        ...


@runtime_checkable
class Bot(Protocol):
    """A computer player: one of the view's legal actions, chosen with `rng`."""

    @property
    def level(self) -> str: ...

    def choose(self, view: Any, rng: RandomLike) -> Any: ...


class Recorder(Protocol):
    """Turns a game's actions into record events as they are played (`first`, then each)."""

    first: dict[str, Any]

    def record(self, action: Any) -> list[dict[str, Any]]: ...


class Records(Protocol):
    """A game's records module (`engines.<game>.records`): the same names in every game.

    Events are JSON objects with a ``kind``; an event made by a seat's decision names
    it as ``seat``; chance events (a deal, the dice) carry the outcome. `replay(events(s))`
    rebuilds a state equal to `s`.
    """

    RecordError: type[Exception]

    def recorder(self, state: Any) -> Recorder: ...

    def events(self, state: Any) -> list[dict[str, Any]]: ...

    def replay(self, record: Iterable[Mapping[str, Any]]) -> Any: ...

    def dumps(self, state: Any) -> str: ...

    def loads(self, text: str) -> Any: ...


def random_playout(state: State, rng: RandomLike, limit: int = 1_000_000) -> int:
    """Play `state` to the end in place: uniformly random decisions, chance by its own
    sampling. Returns the number of actions applied."""
    done = 0
    while not state.is_over and done < limit:
        if state.current_player == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
        done += 1
    return done

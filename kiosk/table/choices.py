"""A game's options as its modes menu offers them, from its registry entry.

Each option of the entry's options dataclass (`GameEntry.option_specs()`) is a row of
the menu with the values it may take: its choices, true or false, or every whole
number of its range. Stepping an option to a value the game does not allow with the
others (a Maple match to 7 points) passes over it; when no other value is allowed as
the others stand (Maple after a single game), the next one is taken with another option
changed to its first value that makes the rule set allowed (else two options). What the menu shows
(`shown`) becomes the rule set of the next game (`chosen`) only when a way to play is
chosen; the journal keeps the rule set of each game, so the kiosk starts with the last
one chosen.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, Protocol

from engines.errors import BrokenRule


class OptionSpec(Protocol):
    """One option as the registry describes it (`engines.registry.OptionSpec`)."""

    name: str
    kind: type
    choices: tuple[Any, ...] | None
    low: float | None
    high: float | None

    def plain(self, value: Any) -> Any: ...


class Choices:
    """The options of one game: the rule set shown in the menu, and the one chosen."""

    def __init__(self, specs: Sequence[OptionSpec], make: Callable[[Mapping[str, Any]], Any],
                 chosen: Any) -> None:
        self.specs = tuple(specs)
        self.make = make  # a rule set from plain values (`GameEntry.make_options`)
        self.chosen = chosen
        self.shown = chosen

    def __len__(self) -> int:
        return len(self.specs)

    @staticmethod
    def values(spec: OptionSpec) -> tuple[Any, ...]:
        """The plain values an option takes, in the order the menu steps through them."""
        if spec.choices is not None:
            return tuple(spec.choices)
        if spec.kind is bool:
            return (True, False)
        if spec.kind is int and spec.low is not None and spec.high is not None:
            return tuple(range(int(spec.low), int(spec.high) + 1))
        raise ValueError(f"option {spec.name} has no list of values to offer")

    def value(self, index: int) -> Any:
        """The plain value the menu shows for the option at `index`."""
        spec = self.specs[index]
        return spec.plain(getattr(self.shown, spec.name))

    def _plain(self) -> dict[str, Any]:
        return {spec.name: spec.plain(getattr(self.shown, spec.name)) for spec in self.specs}

    def _allowed(self, values: Mapping[str, Any]) -> Any | None:
        try:
            return self.make(values)
        except (BrokenRule, TypeError, ValueError):
            return None

    def step(self, index: int, way: int = 1) -> bool:
        """Show the option at `index` with its next (`way` 1) or previous (-1) value that the
        game allows, changing another option if it must. False if no other value can be had."""
        spec = self.specs[index]
        values = self.values(spec)
        here = values.index(self.value(index)) if self.value(index) in values else 0
        candidates = [{**self._plain(), spec.name: values[(here + way * turn) % len(values)]}
                      for turn in range(1, len(values))]
        for mend in (False, True):  # the next value allowed as it is, else with a mend
            for candidate in candidates:
                made = self._mended(candidate, spec.name) if mend else self._allowed(candidate)
                if made is not None:
                    self.shown = made
                    return True
        return False

    def _mended(self, values: dict[str, Any], keep: str) -> Any | None:
        """The rule set with `keep`'s value, another option changed to make it allowed
        (else two others: Maple after a single game with the cube needs no cube and a
        length)."""
        others = [spec for spec in self.specs if spec.name != keep]
        for other in others:
            for value in self.values(other):
                made = self._allowed({**values, other.name: value})
                if made is not None:
                    return made
        for i, first in enumerate(others):
            for second in others[i + 1:]:
                for one in self.values(first):
                    for two in self.values(second):
                        made = self._allowed({**values, first.name: one, second.name: two})
                        if made is not None:
                            return made
        return None

    def open(self) -> None:
        """The menu opens on the rule set of the game being played."""
        self.shown = self.chosen

    def confirm(self) -> None:
        """A way to play was chosen: the next game has the rule set shown."""
        self.chosen = self.shown

    def __iter__(self) -> Iterator[OptionSpec]:
        return iter(self.specs)

"""Who may see which hand on the TV now (pass and play).

With one person at the TV their hand is always shown; in a demo the TV shows a
computer's hand. With several people at one screen, a hand is shown only to its own
person: when the decision passes to another person the screen hides every hand and
asks for that person (`asking`), and shows their hand once they say they are ready
(`reveal`). The same person twice in a row (the others were computers) is not asked
again, unless a chance step (a new deal) came between. A remote person's hand is
never on the TV. In a game with nothing hidden (Takhteh Nard) nobody is ever asked and
the screen follows whoever is to act.
"""

from __future__ import annotations

from collections.abc import Sequence


class Privacy:
    """The seat whose hand the TV shows (`viewer`), the seat asked for (`asking`), and the
    seat the table is drawn from (`orient`: at the bottom of the screen)."""

    def __init__(self, people: Sequence[int], computers: Sequence[int], hidden: bool) -> None:
        self.people = tuple(people)  # the people at the TV
        self.hidden = hidden
        self.asking: int | None = None
        if len(self.people) == 1:
            self.viewer: int | None = self.people[0]
        elif self.people:
            self.viewer = None
        else:  # a demo: a computer's hand may be shown, never a remote person's
            self.viewer = computers[0] if computers else None
        self.orient = self.people[0] if self.people else 0
        self._last: int | None = None

    @property
    def shared(self) -> bool:
        """Several people share the screen and the game hides their cards from each other."""
        return self.hidden and len(self.people) > 1

    def follow(self, person: int | None) -> None:
        """`person` (a person at the TV, or None) is to decide: hide the others' hands and
        ask for them, unless they are the one already shown."""
        if not self.shared:
            if person is not None and not self.hidden:
                self.viewer = self.orient = person
            return
        if person is None or person == self.viewer:
            return
        if self.viewer is None and self.asking is None and person == self._last:
            self.viewer = person  # the same person again: nobody else has been shown a hand
            return
        self.viewer = None
        self.asking = person
        self.orient = person

    def reveal(self) -> bool:
        """The person asked for is ready: show their hand. False if nobody was asked for."""
        if self.asking is None:
            return False
        self.viewer = self.orient = self.asking
        self._last = self.asking
        self.asking = None
        return True

    def acted(self, seat: int, chance: bool) -> None:
        """`seat` has acted (or a chance step was made): a person's hand hides at once."""
        if chance:
            self._last = None
        elif self.shared and seat in self.people:
            self.viewer = None

"""Numbers typed on the TV's keys, for a shop card typed in or a claim checked by numbers
(`kiosk.games.debarna.shop`), and how the screen words typed numbers that were refused.

Two digits make a number; a space (or ``+``, ``.``, ``,``) ends a one-digit number;
Backspace takes back a digit. Persian and Arabic-Indic digits count as the digits they are.
"""

from __future__ import annotations

from engines.debarna.by_numbers import ByNumbers
from engines.debarna.card_check import CardProblem
from engines.debarna.ticket import NUMBERS_PER_ROW, NUMBERS_PER_TICKET
from kiosk.games.debarna.outputs import Notice

SEPARATORS = frozenset(" +.,")  # end a number being typed
PERSIAN_DIGITS = str.maketrans("۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩", "0123456789" * 2)


class NumberEntry:
    """Numbers typed on the TV's keys: two digits make a number; a separator ends one."""

    def __init__(self, most: int = NUMBERS_PER_TICKET) -> None:
        self.numbers: list[int] = []
        self.digits = ""
        self.most = most

    def type(self, text: str) -> bool:
        """Characters typed; returns whether anything changed."""
        changed = False
        for ch in text.translate(PERSIAN_DIGITS):
            if ch.isdigit() and len(self.numbers) < self.most:
                self.digits += ch
                changed = True
                if len(self.digits) == 2:
                    self._end()
            elif ch in SEPARATORS and self.digits:
                self._end()
                changed = True
        return changed

    def _end(self) -> None:
        self.numbers.append(int(self.digits))
        self.digits = ""

    def finish(self) -> list[int]:
        """The numbers typed, the one being typed included."""
        if self.digits:
            self._end()
        return list(self.numbers)

    def erase(self) -> bool:
        if self.digits:
            self.digits = self.digits[:-1]
            return True
        if self.numbers:
            last = self.numbers.pop()
            self.digits = str(last)[:-1] if last >= 10 else ""
            return True
        return False

    @property
    def count(self) -> int:
        return len(self.numbers) + (1 if self.digits else 0)

    def rows(self) -> list[list[str]]:
        """What is typed as rows of five, as the screen shows it (the last one open)."""
        shown = [f"{n}" for n in self.numbers] + ([self.digits] if self.digits else [])
        return [shown[i:i + NUMBERS_PER_ROW] for i in range(0, len(shown), NUMBERS_PER_ROW)]


def problem_notice(problem: CardProblem) -> Notice:
    """A broken rule of a card's shape as the screen says it."""
    return Notice(f"cards.rule.{problem.key}", dict(problem.values))


def by_numbers_notice(checked: ByNumbers) -> Notice:
    """Why typed numbers were not judged: the first rule broken, or a row not enough."""
    if checked.problems:
        return problem_notice(checked.problems[0])
    assert checked.row_not_enough is not None
    return Notice("cards.row_not_enough", {"stage": checked.row_not_enough})

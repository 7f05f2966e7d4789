"""The one shape of every engine's refusal: a message and the rule sentence it breaks."""

from __future__ import annotations


class BrokenRule(ValueError):
    """Something the rules do not allow; `rule` is the rule sentence it breaks.

    Each engine names its own kinds (`RuleError`, `OptionsError`, `HandError`, …) as
    subclasses, so callers can catch one game's refusals or any engine's.
    """

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{message} (rule: {rule})")
        self.rule = rule

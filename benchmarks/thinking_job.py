"""A computer's choice together with how much it searched: a job for bench_thinking.py,
in a module of its own so that the kiosk's worker processes can import it."""

from __future__ import annotations

from typing import Any


def choose_and_count(bot: Any, view: Any, rng: Any) -> tuple[Any, int]:
    """`bot.choose(view, rng)` and the worlds it looked at (its `report`)."""
    action = bot.choose(view, rng)
    report = getattr(bot, "report", None)
    return action, int(getattr(report, "worlds", 0) or 0)

"""The Six Cards table: what is its own on the shared card table.

The table itself — plates, backs, the fanned hand with its legal cards lit, the trick with
who played each card, the last trick on a key, the toast, the countdown, the help line,
the privacy screen of pass and play, the score sheet and the modes menu, every key and
click — is `kiosk.scenes.card_table.scene.CardTableScene`'s. This scene says only what
the game is: two seats (South and North), the hand as it is held, the trick and the last
one from the engine's view, a plate's score and tricks, the panel's line, the score sheet
after each deal, and the engine's rules in the catalogue's words (`RULE_KEYS`).

`SixCardsTable` is the game's flow for the table controller: each hand is hidden from
the other seat, and the table stops after each deal for the score sheet.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from engines.cards import tricks as tk
from engines.cards.cards import Card, Suit
from engines.errors import BrokenRule
from engines.registry import game as registered_game
from kiosk import theme
from kiosk.scenes.card_table.pieces import BOT_PAUSE, DEAL_PAUSE, RESULT_PAUSE
from kiosk.scenes.card_table.scene import CardTableScene, ScoreSheet, ShownTrick
from kiosk.table.controller import Move, Pacing
from kiosk.table.games import TableGame

# The game's own engine, a block of its own: in this order whatever the game's key.
# isort: split
from engines.example import rules
from engines.example.rules import View

PACING: Final = Pacing(computer=BOT_PAUSE, chance=DEAL_PAUSE, result=RESULT_PAUSE)
DISPLAY_SUITS: Final = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)  # colours alternate
RULE_KEYS: Final = {tk.R_FOLLOW: "follow", tk.R_HOLD: "hold", rules.R_TURN: "turn",
                    rules.R_DEAL: "deal", rules.R_OVER: "over"}


@dataclass(frozen=True)
class SixCardsTable(TableGame):
    """Each seat's hand is hidden from the other; a finished deal stops the table."""

    def finished(self, before: Any, after: Any) -> bool:
        return len(after.results) > len(before.results)


TABLE: Final = SixCardsTable(hidden=registered_game("example").hidden is not None)


class SixCardsScene(CardTableScene):
    """A game of Six Cards between people and computers, on one screen."""

    game = "example"  # the catalogue's section: the table's words are looked up there first

    def __init__(self, *args: Any, pacing: Pacing = PACING, **kwargs: Any) -> None:
        super().__init__(*args, pacing=pacing, **kwargs)

    # -- what the table must be told -----------------------------------------------------------
    def hand_of(self, view: View) -> list[Card]:
        return sorted(view.hand, key=lambda c: (DISPLAY_SUITS.index(c.suit), c.rank))

    def trick_of(self, view: View) -> list[tuple[int, Card]]:
        if view.leader is None:
            return []
        return [((view.leader + i) % 2, card) for i, card in enumerate(view.trick)]

    def trick_taken(self, move: Move) -> int | None:
        if not isinstance(move.action, Card) or len(move.before.trick) != 1:
            return None
        state = self.state
        return state.tricks[-1].winner if state.tricks else state.results[-1].tricks[-1].winner

    def last_trick_of(self, view: View) -> ShownTrick | None:
        tricks = view.tricks or (view.previous.tricks if view.previous is not None else ())
        if not tricks:
            return None
        last = tricks[-1]
        return ShownTrick(last.seats(), last.leader, last.winner)

    def score_sheet(self) -> ScoreSheet:
        tr, state = self.tr, self.state
        result = state.results[-1] if state.results else None
        if state.winner is not None:
            title = tr("example.game_over", seat=self.seat_name(state.winner))
        else:
            title = tr("example.deal_over", number=(result.number if result else 0) + 1)
        header = tuple(tr(f"example.columns.{c}") for c in ("player", "tricks", "deal", "total"))
        totals = result.scores if result else tuple(state.scores)
        rows = []
        for seat in range(self.players):
            won = sum(t.winner == seat for t in result.tricks) if result else 0
            points = result.points[seat] if result else 0
            rows.append(theme.SheetRow((self.seat_name(seat), tr.digits(won), tr.digits(points),
                                        tr.digits(totals[seat])), totals[seat] == max(totals)))
        note = None
        if result is not None and state.options.last_trick_bonus:
            note = tr("example.bonus", seat=self.seat_name(result.tricks[-1].winner))
        return ScoreSheet(title, header, tuple(rows), note=note)

    # -- what the game adds ---------------------------------------------------------------------
    def hand_max(self) -> int | None:
        return rules.HAND

    def plate_lines(self, view: View, seat: int) -> list[tuple[str, str | None]]:
        tr = self.tr
        return [(tr("example.score"), tr.digits(view.scores[seat])),
                (tr("example.tricks"), tr.digits(view.tricks_won[seat]))]

    def info_text(self) -> str:
        state = self.state
        return self.tr("example.info", number=state.deal_number + 1,
                       target=state.options.target)

    def rule_text(self, problem: BrokenRule) -> str | None:
        rule = RULE_KEYS.get(problem.rule)
        return self.tr(f"example.rules.{rule}") if rule else problem.rule

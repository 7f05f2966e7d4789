"""The Bidel (Hearts) table: what is Hearts' own on the shared card table.

The table itself — the seats' plates and backs, the fanned hand with its legal cards, the
trick with who played each card, the last trick on a key, the toast, the countdown, the
help line, the privacy screen, the score table and the modes menu, and every button, key
and click — is `kiosk.scenes.card_table.scene.CardTableScene`'s. This scene says what Bidel's
game is: the hand held clubs, diamonds, spades, hearts (colours alternating); a plate
gives a seat's score and the points it has taken this hand (or that it has chosen its
pass); the pass of three cards is the table's select-N step, its banner the direction
with an arrow to the receiver; the cards passed to the person are marked in green on the
first trick; the panel says the hand's number, the pass direction and whether hearts are
broken; a rule broken is named in the catalogue's words (`RULE_KEYS`); the score table
gives each seat's points this hand and its total, and the moon when it is shot.

Seats by compass name: South is seat 0, then West, North, East (seat s+1 sits on s's
left). Ways to play (`Mode`): one person against computers, pass and play for several
people with computers in the other seats, and a demo.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

from engines.cards.cards import Card, Suit
from engines.errors import BrokenRule
from engines.hearts.bots import Bot, Rng, make_bot
from engines.hearts.rules import (
    PASS_SIZE,
    R_BREAKING,
    R_FIRST_TRICK,
    R_FOLLOW,
    R_TWO_CLUBS,
    Direction,
    GameState,
    Pass,
    Phase,
    View,
)
from engines.registry import game as registered_game
from kiosk import theme
from kiosk.config import Action
from kiosk.i18n import Translator
from kiosk.scenes.card_table.layout import PLACES, SEAT_NAMES, Layout, make_layout
from kiosk.scenes.card_table.pieces import (
    ARROWS,
    BOT_PAUSE,
    DEAL_PAUSE,
    HELP_ROWS,
    HOLD,
    READ,
    RESULT_PAUSE,
    SLIDE,
    HelpPair,
    Label,
    Piece,
    Played,
    Slot,
    draw_arrow,
    draw_keycap,
    key_label,
    wrap_pairs,
)
from kiosk.scenes.card_table.scene import CardTableScene, ScoreSheet, Selection, ShownTrick
from kiosk.table.choices import Choices
from kiosk.table.controller import Move, Pacing
from kiosk.table.games import TableGame
from kiosk.table.seats import Mode, people_seats
from kiosk.text import TextRenderer


@dataclass(frozen=True)
class HeartsTable(TableGame):
    """Bidel's flow for the table: each seat's hand is hidden from the others (as the
    registry says); a finished hand stops the table."""

    def finished(self, before: Any, after: Any) -> bool:
        return len(after.results) > len(before.results)


HEARTS = HeartsTable(hidden=registered_game("hearts").hidden is not None)

__all__ = [  # what the kiosk and the tests take from here (the table's parts re-exported)
    "ARROWS", "BOT_PAUSE", "DEAL_PAUSE", "HELP_ROWS", "HOLD", "PLACES", "READ", "RESULT_PAUSE",
    "SEAT_NAMES", "SLIDE", "Bot", "HeartsScene", "HelpPair", "Label", "Layout", "Piece",
    "Played", "Slot", "display_order", "draw_arrow", "draw_keycap", "key_label", "make_layout",
    "people_seats", "wrap_pairs",
]

PASS_PAUSE = 0.4  # before a computer passes
DISPLAY_SUITS = (Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES, Suit.HEARTS)  # the colours alternate
RULE_KEYS = {R_FOLLOW: "follow", R_BREAKING: "breaking", R_FIRST_TRICK: "first_trick",
             R_TWO_CLUBS: "two_clubs"}


def display_order(cards: Sequence[Card]) -> list[Card]:
    """A hand as it is held: clubs, diamonds, spades, hearts (colours alternating), low to high."""
    return sorted(cards, key=lambda c: (DISPLAY_SUITS.index(c.suit), c.rank))


class HeartsScene(CardTableScene):
    """A game of Bidel between people and computers, on one screen."""

    game = "hearts"  # the catalogue's section: the table's words are looked up there first

    def __init__(
        self,
        text: TextRenderer,
        tr: Translator,
        new_game: Callable[[], GameState],
        bots: Sequence[Bot | None],
        rng: Rng,
        *,
        modes: Sequence[Mode] = (),
        mode: str | None = None,
        on_action: Callable[[object], None] | None = None,
        turn_seconds: float = 40.0,
        level: str = "medium",
        level_bot: Callable[[str], Bot] = make_bot,
        pause: float = BOT_PAUSE,
        thinker: Executor | None = None,
        keys: Mapping[Action, Sequence[str]] | None = None,
        rule_choices: Choices | None = None,
    ) -> None:
        super().__init__(
            text, tr, new_game, bots, rng, table_game=HEARTS,
            pacing=Pacing(computer=pause, chance=DEAL_PAUSE, phases=(("pass", PASS_PAUSE),),
                          result=RESULT_PAUSE),
            level_bot=level_bot, modes=modes, mode=mode, on_action=on_action,
            turn_seconds=turn_seconds, level=level, thinker=thinker, keys=keys,
            rule_choices=rule_choices)

    @property
    def players(self) -> int:
        return self.state.players

    # -- the game's facts for the table -------------------------------------------------------
    def hand_of(self, view: View) -> list[Card]:
        return display_order(view.hand)

    def trick_of(self, view: View) -> list[tuple[int, Card]]:
        return view.trick.seats(view.players)

    def trick_taken(self, move: Move) -> int | None:
        state = self.state
        if state.trick:
            return None
        done = state.last_tricks[-1] if move.finished else state.tricks[-1]
        return done.winner

    def last_trick_of(self, view: View) -> ShownTrick | None:
        if not view.tricks or view.tricks[-1].winner is None:
            return None
        trick = view.tricks[-1]
        assert trick.winner is not None
        return ShownTrick(tuple(trick.seats(view.players)), trick.leader, trick.winner)

    def turn_of(self, view: View) -> int | None:
        return view.turn

    def legal_cards(self, view: View) -> set[Card] | None:
        return set(view.legal) if view.phase is Phase.PLAY else None

    def selection(self, view: View) -> Selection | None:
        """The pass: three cards toward the receiver, for everyone to see in the middle."""
        if view.phase is not Phase.PASS:
            return None
        tr = self.tr
        receiver = view.pass_to
        banner = self.direction_text()
        if receiver is not None:
            banner = tr("hearts.pass_to", direction=banner, seat=self.seat_name(receiver))
        return Selection(
            PASS_SIZE, Pass.of, button=lambda n: tr("hearts.buttons.pass", count=n),
            banner=banner, towards=receiver, too_many=tr("hearts.three_only"),
            more=lambda n: tr("hearts.choose_three", count=n))

    def rule_text(self, problem: BrokenRule) -> str | None:
        rule = RULE_KEYS.get(problem.rule)
        return self.tr(f"hearts.rules.{rule}") if rule else None

    def plate_lines(self, view: View, seat: int) -> list[tuple[str, str | None]]:
        tr = self.tr
        lines: list[tuple[str, str | None]] = [(tr("hearts.score"),
                                                tr.digits(view.scores[seat]))]
        if view.phase is Phase.PASS and view.has_passed[seat]:
            lines.append((tr("hearts.has_passed"), None))
        else:
            lines.append((tr("hearts.taken"), tr.digits(view.taken[seat])))
        return lines

    def hand_marks(self, view: View) -> dict[Card, str]:
        """The cards chosen to pass wait aside; those received show on the first trick."""
        if view.phase is Phase.PASS:
            return dict.fromkeys(view.passed or (), "aside")
        if view.phase is Phase.PLAY and view.first_trick:
            return dict.fromkeys(view.received or (), "new")
        return {}

    def after_applied(self, move: Move) -> None:
        if isinstance(move.action, Pass) and self.state.phase is Phase.PLAY \
                and move.viewer is not None:
            giver = self.giver(move.viewer)
            if giver is not None:
                self._say("received", move.now, seat=self.seat_name(giver))

    def giver(self, seat: int) -> int | None:
        """Who passed to `seat` this hand (None in a hand without passing)."""
        state = self.state
        if state.direction is Direction.NONE:
            return None
        return state.options.giver(seat, state.direction)

    def confirm_pass(self, now: float | None = None) -> bool:
        """Pass the three cards picked; nothing happens with fewer."""
        return self.confirm(now)

    # -- texts --------------------------------------------------------------------------------
    def direction_text(self) -> str:
        return self.tr(f"hearts.directions.{self.state.direction.value}")

    def info_text(self) -> str:
        state = self.state
        key = "hearts.info_broken" if state.hearts_broken else "hearts.info"
        return self.tr(key, number=state.hand_number + 1, direction=self.direction_text())

    def turn_prompt(self, actor: int, name: str, acting: bool) -> str | None:
        state = self.state
        if state.phase is not Phase.PASS:
            return None
        if self.bots[actor] is not None:
            return self.tr("hearts.passing", seat=name)
        if not acting:
            return None
        receiver = self.seat_name(state.options.receiver(actor, state.direction))
        return self.tr("hearts.pass_prompt", seat=name, receiver=receiver)

    def score_sheet(self) -> ScoreSheet:
        tr, state = self.tr, self.state
        result = state.results[-1] if state.results else None
        if state.is_over and state.winner is not None:
            title = tr("hearts.game_over", seat=self.seat_name(state.winner))
        else:
            number = (result.number if result else state.hand_number) + 1
            title = tr("hearts.hand_over", number=number)
        moon = tr("hearts.moon", seat=self.seat_name(result.shooter)) \
            if result is not None and result.shooter is not None else None
        n = self.players
        points = result.points if result else (0,) * n
        totals = result.scores if result else tuple(state.scores)
        best = min(totals)
        rows = tuple(theme.SheetRow((self.seat_name(s), tr.digits(points[s]),
                                     tr.digits(totals[s])), totals[s] == best)
                     for s in range(n))
        header = (tr("hearts.columns.player"), tr("hearts.columns.hand"),
                  tr("hearts.columns.total"))
        return ScoreSheet(title, header, rows, note=moon, note_pip=Suit.HEARTS if moon else None)

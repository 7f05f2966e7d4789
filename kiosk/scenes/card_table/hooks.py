"""What a game's scene says to the card table: the hooks, their defaults, and the records.

`TableHooks` is the base of `kiosk.scenes.card_table.scene.CardTableScene` that holds
what a game must give (`hand_of`, `trick_of`, `trick_taken`, `last_trick_of`,
`score_sheet`: the base raises NotImplementedError), what it may give (each with a
default that suits a simple game) and the names as the catalogue has them (`word`,
`seat_name`, `role`, `mode_text`); the card table's module docstring says what each
means. The values the hooks hand back are the small frozen records here: `Offer` (a
button of a choice dialog), `Selection` (a select-N-cards step), `ShownTrick` (the last
trick) and `ScoreSheet` (the table after a hand, its rows `kiosk.theme.SheetRow`).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from engines.errors import BrokenRule
from kiosk import theme
from kiosk.cards_draw import CardPainter
from kiosk.i18n import Translator
from kiosk.phones.names import Name
from kiosk.scenes.card_table.layout import SEAT_NAMES, Layout
from kiosk.scenes.card_table.pieces import Piece
from kiosk.table.controller import Move
from kiosk.table.seats import Mode
from kiosk.theme import ACCENT


@dataclass(frozen=True)
class Offer:
    """One button of a choice dialog: its label (in the screen's language) and the engine
    action it makes."""

    label: str
    action: Any


@dataclass(frozen=True)
class Selection:
    """A step of choosing `count` cards from the hand: `action(cards)` is the engine
    action for the cards picked (in the order picked); `button(picked)` the confirm
    button's label with that many picked (None: `table.buttons.confirm`); `banner` a line
    on the table for everyone (None: none); `towards` a seat an arrow from the middle
    points to (None: no arrow); `too_many` the refusal of one card more than `count`,
    `more(missing)` the refusal of the button with too few (None: the table's words)."""

    count: int
    action: Callable[[Sequence[Any]], Any]
    button: Callable[[int], str] | None = None
    banner: str | None = None
    towards: int | None = None
    too_many: str | None = None
    more: Callable[[int], str] | None = None

    def wrong_count(self, picked: int, tr: Translator) -> str | None:
        """Why `picked` cards cannot be sent (None: they are the right number)."""
        if picked > self.count:
            return self.too_many or tr("table.too_many", count=self.count)
        if picked < self.count:
            missing = self.count - picked
            return self.more(missing) if self.more is not None else \
                tr("table.choose_more", count=missing)
        return None


@dataclass(frozen=True)
class ShownTrick:
    """A finished trick as the last-trick box shows it: (seat, card) in the order played,
    who led and who won."""

    plays: tuple[tuple[int, Any], ...]
    leader: int
    winner: int


@dataclass(frozen=True)
class ScoreSheet:
    """The score table after a hand: a title, a header and rows of cells (the first a
    name, then numbers; `theme.SheetRow.leading` rows in the accent colour), a note under
    it (with a suit's pip beside it when `note_pip`) and a footer saying how to go on
    (None: the table's words)."""

    title: str
    header: tuple[str, ...]
    rows: tuple[theme.SheetRow, ...]
    note: str | None = None
    note_pip: Any = None
    footer: str | None = None


class TableHooks:
    """What a game's scene says to the table, with the defaults (see the module)."""

    game: str
    tr: Translator
    table: Any  # the scene's `kiosk.table.TableController`
    painter: CardPainter  # the scene's cards
    state: Any
    mode: str
    people: tuple[int, ...]

    # -- what the game must say ---------------------------------------------------------------
    def hand_of(self, view: Any) -> Sequence[Any]:
        """The bottom seat's cards, in the order they are held."""
        raise NotImplementedError

    def trick_of(self, view: Any) -> Sequence[tuple[int, Any]]:
        """The trick in play: (seat, card) in the order played."""
        raise NotImplementedError

    def trick_taken(self, move: Move) -> int | None:
        """The seat that won the trick `move`'s card finished (None: it finished none)."""
        raise NotImplementedError

    def last_trick_of(self, view: Any) -> ShownTrick | None:
        """The trick won last this hand (None: none yet)."""
        raise NotImplementedError

    def score_sheet(self) -> ScoreSheet:
        """The score table shown after a hand."""
        raise NotImplementedError

    # -- what the game may say ----------------------------------------------------------------
    def hand_max(self) -> int | None:
        """The most cards a hand holds (None: a 52-card deck dealt out)."""
        return None

    def hand_sizes(self, view: Any) -> Sequence[int]:
        """How many cards each seat holds."""
        return tuple(view.hand_sizes)

    def turn_of(self, view: Any) -> int | None:
        """The seat lit on its plate (None: none)."""
        actor = self.state.current_player
        return actor if actor is not None and actor >= 0 else None

    def legal_cards(self, view: Any) -> Collection[Any] | None:
        """The cards the person at the bottom may play now (None: their decision is not a
        card)."""
        cards = {self.card_of(a) for a in view.legal} - {None}
        return cards or None

    def action_for_card(self, card: Any) -> Any:
        """The engine's action that plays `card`."""
        return card

    def card_of(self, action: Any) -> Any:
        """The card an action plays (None: it plays none)."""
        return action if hasattr(action, "suit") and hasattr(action, "rank") else None

    def choices(self, view: Any) -> Sequence[Offer]:
        """The buttons of the person's decision when it is a dialog (empty: it is not)."""
        return ()

    def choice_title(self, view: Any) -> str | None:
        """A line above the dialog's buttons (None: none)."""
        return None

    def selection(self, view: Any) -> Selection | None:
        """The step of choosing cards under way at the table (None: none)."""
        return None

    def refusal(self, seat: int, action: Any) -> tuple[str, str | None] | None:
        """Why the engine refuses `seat`'s `action` now, as (line, reason); None if it may."""
        problem = self.state.why_illegal(seat, action)
        if problem is None:
            return None
        line = "not_allowed" if self.card_of(action) is not None else "not_now"
        return self.word(line), self.rule_text(problem)

    def rule_text(self, problem: BrokenRule) -> str | None:
        """The rule an action breaks, in the screen's language where the catalogue has it."""
        key = f"{self.game}.rules.{problem.rule}"
        return self.tr(key) if self.tr.has(key) else problem.rule

    def plate_lines(self, view: Any, seat: int) -> Sequence[tuple[str, str | None]]:
        """Up to two lines under a seat's name: (label, number) or (status, None)."""
        return ()

    def hand_marks(self, view: Any) -> Mapping[Any, str]:
        """Cards of the bottom hand marked "aside" or "new"."""
        return {}

    def title_text(self) -> str:
        """The game's name at the top of the panel."""
        return self.word("title")

    def info_text(self) -> str:
        """The panel's line under the way of play: the hand, the trumps, the contract…"""
        return ""

    def turn_prompt(self, actor: int, name: str, acting: bool) -> str | None:
        """What the panel asks while `actor` decides (None: the table's own words)."""
        return None

    def extra_pieces(self, layout: Layout, view: Any, now: float) -> list[Piece]:
        """The game's own pieces on the felt, over the trick and under the hand."""
        return []

    def table_note(self, view: Any) -> tuple[str | None, Sequence[Any]]:
        """What a phone's page shows beside the trick, as `extra_pieces` does on the TV: a
        line (the trumps, the contract) and cards face up (a turned card); (None, ()):
        nothing."""
        return None, ()

    def toast_clear_of(self, layout: Layout) -> Sequence[pygame.Rect]:
        """Boxes of the game's own on the felt that a notice must leave uncovered: it
        narrows to the room beside them (default: none)."""
        return ()

    def trick_card_image(self, card: Any, size: tuple[int, int], angle: float,
                         won: bool) -> pygame.Surface:
        """A card of the trick on the felt, as `CardPainter.surface` makes it (a game may
        draw more on it, such as a larger index)."""
        return self.painter.surface(card, size, angle, outline=ACCENT if won else None)

    def after_applied(self, move: Move) -> None:
        """An action was applied and animated (a notice said here gives way to the one
        saying a person's time ran out)."""

    # -- words --------------------------------------------------------------------------------
    def word(self, name: str, **values: object) -> str:
        """The game's word `name` if its catalogue section has one, else the table's."""
        key = f"{self.game}.{name}"
        return self.tr(key if self.tr.has(key) else f"table.{name}", **values)

    def seat_name(self, seat: int) -> str:
        phone = getattr(self.table.seats[seat], "name", None)  # a person on a phone
        if phone:
            return Name(phone)  # isolated in a sentence, its digits as typed
        if len(self.people) == 1 and seat == self.people[0]:
            return self.word("you")
        return self.word(f"seats.{SEAT_NAMES[self.players][seat]}")  # type: ignore[attr-defined]

    def phone_seat_name(self, seat: int) -> str:
        """The seat a join code is for, as its join page names it: the compass word
        ("South"), never "You" or a name."""
        return self.word(f"seats.{SEAT_NAMES[self.players][seat]}")  # type: ignore[attr-defined]

    def role(self, seat: int) -> str:
        source = self.table.seats[seat]
        if source.person and not source.at_tv:
            return self.word("phone")
        computer = self.bots[seat] is not None  # type: ignore[attr-defined]
        return self.word("computer" if computer else "person")

    def mode_text(self) -> str:
        if self.mode.startswith("people"):  # the people at the TV and on phones
            people = sum(1 for source in self.table.seats if source.person)
            return self.tr(f"{self.game}.modes.people", count=people)
        key = self.mode if self.tr.has(f"{self.game}.modes.{self.mode}") else "demo"
        return self.tr(f"{self.game}.modes.{key}")

    def mode_name(self, mode: Mode) -> str:
        if mode.key.startswith("people"):
            people = sum(1 for bot in mode.bots if bot is None)
            return self.tr(f"{self.game}.modes.people", count=people)
        return super().mode_name(mode)  # type: ignore[misc]

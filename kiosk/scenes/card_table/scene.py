"""A card table on the TV, with no game in it: the base every trick-taking game's scene is.

`CardTableScene` lays out 2 to 5 seats (`kiosk.scenes.card_table.layout`; its pieces and
colours are `card_pieces`', its text and help line `card_text`'s), fans the hand of
the person whose turn it is at the bottom (legal cards lit, the others dimmed; an illegal
pick is refused with the engine's reason), lays each played card in the middle toward
its player with the player's name pinned to it (the leader's marked "led", the winner's
in gold), slides a finished trick to its winner, shows the last trick on a key, a toast
for notices, the turn's countdown, the help line of key caps, the privacy screen of pass
and play, a score table after each hand, the modes menu, and two generic steps: a
**choice dialog** (a row of labelled buttons: a bid, pass, a suit, yes/no) and a
**select-N-cards** step (cards picked from the hand, then a button). Keys, clicks, a
gamepad and each seat's own buttons all move one cursor. The turn flow is the table
controller's (`kiosk.table`); whether anything may be done is always the engine's answer
(`why_illegal`), never the scene's.

A game's scene subclasses it and says only what its game is. `view` below is always
`self.state.view(self.orient)`: what the seat at the bottom of the screen may see. What
the person at the TV decides now (`step()`) follows from the hooks: "select" while
`selection` gives a step, else "play" while `legal_cards` gives cards, else "choose"
while `choices` gives buttons.

Must be given (the base raises NotImplementedError):
- `hand_of(view) -> Sequence[card]`: the bottom seat's cards, in the order they are held
  (drawn left to right).
- `trick_of(view) -> Sequence[tuple[int, card]]`: the trick in play, (seat, card) in the
  order played (used on resume and after `fast_forward`; cards played while the scene
  watches are followed through `applied`).
- `trick_taken(move) -> int | None`: after `move` (a `kiosk.table.controller.Move`) played
  a card: the seat that won the trick if that card finished one, else None.
- `last_trick_of(view) -> ShownTrick | None`: the trick won last this hand (None: none yet).
- `score_sheet() -> ScoreSheet`: the table shown when the table stops after a hand.

May be given (the defaults suit a simple game):
- `game: str` (class attribute): the catalogue's section. Every word is looked up as
  `<game>.<name>` first, then `table.<name>` (`word`); `<game>.title` (or `title_text`)
  and, with a modes menu, `<game>.modes.*` must exist.
- `deck: str`: `kiosk.cards_draw.FRENCH` (default) or `GERMAN`: the suits of the score
  sheet's pip (the cards themselves are painted from their own type: a French `Card`, or
  a German card through `kiosk.cards_draw.face_of`).
- `hand_max() -> int | None`: the most cards a hand holds (the fan's room; None: 52 // seats).
- `hand_sizes(view) -> Sequence[int]`: cards each seat holds (default `view.hand_sizes`).
- `turn_of(view) -> int | None`: the seat lit on its plate (default `current_player`).
- `legal_cards(view) -> Collection[card] | None`: the cards the person may play now;
  None when the decision is not a card (default: the cards among `view.legal`).
- `action_for_card(card) -> object`: the engine action playing `card` (default: the card).
- `card_of(action) -> card | None`: the card an applied action plays (None: not a card
  play; default: the action itself when it has a `suit` and a `rank`).
- `choices(view) -> Sequence[Offer]`: the person's calls now, one button per
  `Offer(label, action)` in reading order (default: none). When their decision is not a
  card (`legal_cards` is None) the buttons are a dialog in the middle of the table under
  `choice_title(view)` (default: `table.your_choice`), the cursor on them; when a card may
  be played too (a bella, a declaration) they stand beside the hand, above the bottom
  seat's plate, and the cursor reaches them after the last card (or with down). Select or
  a click submits the offer's action, refused with the engine's reason if it must be.
- `selection(view) -> Selection | None`: a step of choosing `count` cards from the hand
  (a pass, a discard) is under way. Its banner shows to everyone at the table; the cards
  and the button only to the person on turn. Picking one too many is refused with
  `Selection.too_many` (default: `table.too_many`), the button with too few with
  `Selection.more(missing)` (default: `table.choose_more`); with the right count, the
  action `Selection.action(picked)` is asked of the engine and refused with its reason.
- `refusal(seat, action) -> tuple[str, str | None] | None`: why the engine refuses an
  action, as (line, reason) for the toast (default: `state.why_illegal`, the line
  `not_allowed` for a card else `not_now`, the reason from `rule_text`).
- `rule_text(problem) -> str`: a `BrokenRule` in words (default: `<game>.rules.<rule>` if
  the catalogue has it, else the engine's own rule sentence).
- `plate_lines(view, seat) -> Sequence[tuple[str, str | None]]`: up to two lines under a
  seat's name: (label, number), the number at the end in bold; (status, None): a line in
  green (default: none).
- `hand_marks(view) -> Mapping[card, str]`: cards of the bottom hand marked: `"aside"`
  (lifted, edged gold and dimmed: set aside, such as cards passed) or `"new"` (lifted a
  little, edged green: just received).
- `title_text() -> str`: the panel's title (default: the word `title`).
- `info_text() -> str`: the panel's line under the way of play (the hand, trumps…).
- `turn_prompt(actor, name, acting) -> str | None`: what the panel asks while `actor`
  (called `name`) decides; `acting`: the person at the TV may act now (None: the defaults).
- `extra_pieces(layout, view, now) -> list[Piece]`: the game's own things on the felt
  (a trump card, declarations…), drawn over the trick and under the hand; and
  `table_note(view) -> (line | None, cards)`: the same for a phone's page (`kiosk.phones`).
- `after_applied(move)`: an action was applied and animated; say what needs saying
  (`self._say(word, move.now, **values)` puts a notice up).
- `seat_name(seat)`, `mode_text()`: names as the catalogue has them.

The constructor takes what `kiosk.table.TableController` needs: `new_game()`, the seats'
bots (None: a person), an rng, and, by keyword, `table_game` (`kiosk.table.games`: what is
hidden, when the table stops), `pacing`, `level_bot(level)` (the bot that plays for a
person out of time), and the optional `modes`, `mode`, `on_action` (the journal),
`turn_seconds`, `level`, `thinker`, `keys` and `rule_choices`. The values the hooks hand
back are the small frozen records below: `Offer`, `Selection`, `ShownTrick`, `ScoreSheet`
(its rows `kiosk.theme.SheetRow`). A piece of `extra_pieces` is a
`kiosk.scenes.card_table.pieces.Piece` with a key of its own; its text is drawn with
`self._line(...)`, which notes it in `labels` for the readability checks.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

import pygame

from engines.errors import BrokenRule
from kiosk import theme
from kiosk.cards_draw import FRENCH, CardPainter, draw_pip
from kiosk.config import DEFAULT_KEYS, Action
from kiosk.i18n import Translator
from kiosk.scenes.budget import DRAW_BUDGET, WHOLE_AFTER, Budget
from kiosk.scenes.card_table.layout import (
    PLACES,
    SEAT_NAMES,
    TAG_EDGES,
    TAG_EDGES_FIVE,
    Layout,
    make_layout,
)
from kiosk.scenes.card_table.phones import PhonesPanel
from kiosk.scenes.card_table.pieces import (
    COLLECT,
    FELT,
    FELT_DARK,
    HOLD,
    MENU,
    NOTICE_SECONDS,
    PLATE,
    READ,
    RECEIVED,
    RIM,
    RIM_EDGE,
    ROW,
    SLIDE,
    TAG,
    TAG_EDGE,
    TAG_H,
    TIMER_LOW,
    TIMER_WARN,
    TITLE,
    HelpPair,
    Label,
    Piece,
    Played,
    Point,
    Slot,
    draw_pair,
    draw_role,
    ease,
    lerp,
    merge,
    pair_width,
    wrap_pairs,
)
from kiosk.scenes.card_table.text import TableText
from kiosk.scenes.modes import MENU_SELECTS, TableScene, forward
from kiosk.table.choices import Choices
from kiosk.table.controller import Move, Pacing, TableController
from kiosk.table.games import TableGame
from kiosk.table.pool import ThinkingPool
from kiosk.table.seats import Mode, bots_of, seats_of
from kiosk.table.worker import Worker
from kiosk.text import TextRenderer
from kiosk.theme import ACCENT, BAD, CURSOR, GOOD, PANEL_EDGE, TEXT, TEXT_DIM, Colour

COVERING = ("last_trick", "toast", "privacy", "scores", "phones", "menu", "dialog")  # over it
SELECTS = MENU_SELECTS  # select, a claim button, next: each picks
BUTTON_H = 84  # a button of the choice dialog or of the select-N step
# Seconds of a frame that may go on making finished cards when they cannot be made in
# the worker processes: on a Raspberry Pi core one takes 5-10 ms.
PAINT_BUDGET = 0.006
BUTTON_MIN_W = 200
BUTTON_GAP = 24

Tag = list[tuple[pygame.Rect, str, Colour, Colour]]


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


class CardTableScene(TableScene, TableText, PhonesPanel):
    """A trick-taking game between people and computers on one screen (see the module)."""

    game = "table"
    deck = FRENCH
    # The sizes of the table's text (design pixels), warmed before they are needed: most
    # of it READ, the title, the clock's digits, the score sheets' (kiosk.theme's too) and
    # the help line's keys. A game's scene adds its own.
    text_sizes: tuple[int, ...] = (READ, TITLE, 56, 54, 38, 32, 30, 24)

    def __init__(
        self,
        text: TextRenderer,
        tr: Translator,
        new_game: Callable[[], Any],
        bots: Sequence[Any],
        rng: Any,
        *,
        table_game: TableGame,
        pacing: Pacing,
        level_bot: Callable[[str], Any],
        modes: Sequence[Mode] = (),
        mode: str | None = None,
        on_action: Callable[[object], None] | None = None,
        turn_seconds: float = 40.0,
        level: str = "medium",
        thinker: Executor | None = None,
        keys: Mapping[Action, Sequence[str]] | None = None,
        rule_choices: Choices | None = None,
        modes_for: Callable[[int], Sequence[Mode]] | None = None,
    ) -> None:
        # The ways to play at a table of n seats, for a game whose menu chooses the
        # number of players (None: the table keeps the seats it was made with).
        self.modes_for = modes_for
        self._screen(text, tr, modes, rule_choices)
        # With worker processes, the cards are made there and drawn as stand-ins until
        # they come (kiosk.cards_draw).
        pool = thinker if isinstance(thinker, ThinkingPool) else None
        self.painter = CardPainter(text, pool)
        self._redo: set[str] = set()  # pieces drawn with a stand-in card: drawn again
        # On the kiosk's frame loop a frame paints changed places until its budget is
        # spent and leaves the rest to the next (kiosk.scenes.budget).
        self.budget = Budget(DRAW_BUDGET if pool is not None else None)
        self._skipped = False  # the last frame's budget was spent before it could draw
        self._later: list[pygame.Rect] = []  # changed places a spent frame left
        self._cut = 0  # frames in a row that left a place for later
        self.keys = keys if keys is not None else DEFAULT_KEYS  # the help line's key names
        self.labels: dict[str, Label] = {}  # the text players read, as last drawn
        self.help_drawn: list[tuple[HelpPair, pygame.Rect, pygame.Rect]] = []
        self.last_open = False
        self._built_for: tuple[bool, int] | None = None
        self._shown: dict[str, tuple[pygame.Rect, tuple[object, ...]]] = {}
        self._buttons: list[tuple[pygame.Rect, str]] = []
        self._offer_rects: list[pygame.Rect] = []
        self._hand_slots: list[tuple[Any, Slot]] = []
        self.shown_hand: tuple[Any, ...] = ()  # the cards last drawn face up at the bottom
        self._now = 0.0
        self._updated: float | None = None
        # Computers think on the thinker (when given), off the frame loop; a person out of
        # time gets the choice of the computer at the table's level.
        self.table = TableController(
            new_game, seats_of(bots), rng, game=table_game, pacing=pacing,
            turn_seconds=turn_seconds, level=level, level_bot=level_bot,
            worker=Worker(thinker), on_action=on_action, listener=self, start=False)
        self.start(bots, mode)

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
            return str(phone)
        if len(self.people) == 1 and seat == self.people[0]:
            return self.word("you")
        return self.word(f"seats.{SEAT_NAMES[self.players][seat]}")

    def role(self, seat: int) -> str:
        source = self.table.seats[seat]
        if source.person and not source.at_tv:
            return self.word("phone")
        return self.word("computer" if self.bots[seat] is not None else "person")

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
        return super().mode_name(mode)

    # -- starting ---------------------------------------------------------------------------
    def _seated(self, players: int, bots: Sequence[Any], mode: str | None
                ) -> tuple[Sequence[Any], str | None]:
        """The seats for a table of `players`: `bots` when they fit, else the same way to
        play made for that many seats (the modes menu then offers that table's ways)."""
        if len(bots) == players or self.modes_for is None:
            return bots, mode
        self.modes = tuple(self.modes_for(players))
        found = next((m for m in self.modes if m.key == mode), None) or \
            next((m for m in self.modes if m.key == self.table.level), self.modes[0])
        return found.bots, found.key

    def modes_of(self, state: Any) -> Sequence[Mode]:
        """The ways to play at the table of a saved game (the kiosk resumes it in one)."""
        if self.modes_for is None or state.players == len(self.modes[0].bots):
            return self.modes
        return tuple(self.modes_for(state.players))

    def start(self, bots: Sequence[Any], mode: str | None = None) -> None:
        """A new game with these seats (None: a person); with `modes_for`, at the number
        of seats the rules chosen ask for."""
        if self.modes_for is not None and self.rule_choices is not None:
            bots, mode = self._seated(self.rule_choices.chosen.players, bots, mode)
        self.table.start(seats_of(bots), *self._mode_and_level(bots, mode))

    def resume(self, state: Any, bots: Sequence[Any], mode: str) -> None:
        """Carry on with a game rebuilt after a restart (the next one has its rules too)."""
        if self.rule_choices is not None:
            self.rule_choices.chosen = state.options
        if self.modes_for is not None:
            seated, key = self._seated(state.players, bots, mode)
            bots, mode = seated, key or mode
        self.table.resume(state, seats_of(bots), *self._mode_and_level(bots, mode))
        self.trick = [Played(seat, card, None, 0.0, -1e9)
                      for seat, card in self.trick_of(self.view())]

    def _mode_and_level(self, bots: Sequence[Any], mode: str | None) -> tuple[str, str]:
        key = mode or ("demo" if all(b is not None for b in bots) else "people")
        return key, self.level_of(key)

    def began(self) -> None:
        """The table has a new (or resumed) game: nothing moves, nothing is picked."""
        self.trick: list[Played] = []
        self.collect: tuple[int, float] | None = None  # (winner, when it starts to slide)
        self.picks: list[Any] = []
        self.cursor = 0
        self.notice: tuple[str, str | None, bool] | None = None  # (line, reason, warning)
        self._notice_until = 0.0
        self.menu_open = False
        self.last_open = False  # the last trick shown (its key shows and hides it)
        self._aim_cursor()

    # -- what the table says ----------------------------------------------------------------
    viewer = forward("privacy.viewer", "The seat whose hand the screen shows (None: none).")
    privacy = forward("privacy.asking", "The seat asked for before their hand is shown.")
    orient = forward("privacy.orient", "The seat at the bottom of the screen.")
    table_open = forward("showing_result", "The score of the hand just finished is shown.")
    deadline = forward("clock.deadline", "When the person's time runs out (None: no clock).")
    turn_seconds = forward("clock.seconds", "A person's time for a turn (0: no limit).")

    @property
    def bots(self) -> tuple[Any, ...]:
        return bots_of(self.table.seats)

    @property
    def players(self) -> int:
        return len(self.table.seats)

    def view(self) -> Any:
        """What the seat at the bottom of the screen may see."""
        return self.state.view(self.orient)

    def person_to_act(self) -> int | None:
        """The seat of the person who must decide now (None: a computer, a deal, the end)."""
        return self.table.person_to_act()

    def decision(self) -> int | None:
        """The seat whose person may act now with the keys: on turn, and their hand shown."""
        return None if self.menu_open else self.table.at_hand()

    def reveal(self) -> None:
        """The person asked for is ready: show their hand."""
        if self.table.reveal():
            self._aim_cursor()

    # -- what happens on the table ----------------------------------------------------------
    def applied(self, move: Move) -> None:
        """An action was applied (and journaled): animate it, say what needs saying."""
        action, now = move.action, move.now
        if move.person or move.timed_out:
            self._hurry(now)
        self.picks = []
        card = self.card_of(action)
        if card is None:
            self.cursor = 0
        else:
            start: Point | None = None
            angle = 0.0
            if move.seat == move.viewer:
                for held, slot in self._hand_slots:
                    if held == card:
                        start, angle = slot.centre, slot.angle
            self.trick.append(Played(move.seat, card, start, angle, now))
            winner = self.trick_taken(move)
            if winner is not None:
                self.collect = (winner, now + SLIDE + HOLD)
        self.after_applied(move)
        if move.timed_out:
            self._say("timed_out", now, seat=self.seat_name(move.seat))
        self._aim_cursor()

    def showing(self, seat: int, action: object, shown: int) -> bool:
        return False  # a card or a choice is shown when it is made

    def deal(self, now: float) -> None:
        self.table.roll(now)

    def fast_forward(self, done: Callable[[Any], bool], limit: int = 2000) -> None:
        """Play on at once (computers' choices for every seat, no pauses) until `done`."""
        self.table.fast_forward(done, limit)
        self.collect = None
        # The trick in play as the view has it (cards seen on the way may be earlier
        # hands' cards: the same card, at another player's place).
        self.trick = [Played(seat, card, None, 0.0, -1e9)
                      for seat, card in self.trick_of(self.view())]

    # -- what a person may choose -------------------------------------------------------------
    def hand(self) -> list[Any]:
        """The cards at the bottom of the screen, in the order they are drawn."""
        return list(self.hand_of(self.view()))

    def step(self) -> str:
        """What the person at the TV decides now: "choose" (only a dialog's buttons),
        "play" (a card, and the calls of `choices` as buttons beside the hand when there
        are any), "select" (cards for a select-N step), or "" (nothing: not their turn,
        their hand hidden, or the menu open)."""
        if self.decision() is None:
            return ""
        view = self.view()
        if self.selection(view) is not None:
            return "select"
        if self.legal_cards(view) is not None:
            return "play"
        return "choose" if self.choices(view) else ""

    def offers(self) -> list[Offer]:
        """The buttons of the person on turn: a dialog's, or calls beside the hand."""
        if self.step() not in ("choose", "play"):
            return []
        return [o if isinstance(o, Offer) else Offer(*o) for o in self.choices(self.view())]

    def _first_offer(self) -> int:
        """The cursor's place of the first button: after the hand when it is beside it."""
        return len(self.hand()) if self.step() == "play" else 0

    def _items(self) -> int:
        """What the cursor runs over: a dialog's buttons; or the hand, then the calls or
        the select-N step's button."""
        step = self.step()
        if step == "choose":
            return len(self.offers())
        extra = len(self.offers()) if step == "play" else 1 if step == "select" else 0
        return len(self.hand()) + extra

    def _aim_cursor(self) -> None:
        seat = self.person_to_act()
        if seat is None or seat != self.viewer:
            return
        hand = self.hand()
        step = self.step()
        if step == "choose":
            self.cursor = min(self.cursor, len(self.offers()) - 1)
        elif step == "play":
            legal = self.legal_cards(self.view()) or ()
            self.cursor = next((i for i, c in enumerate(hand) if c in legal), 0)
        else:
            self.cursor = min(self.cursor, max(0, len(hand) - 1))

    def toggle(self, card: Any, now: float | None = None) -> bool:
        """Pick a card of a select-N step, or put it back; one too many is refused.
        False if nothing changed."""
        now = self._now if now is None else now
        step = self.selection(self.view())
        if self.decision() is None or step is None:
            return False
        if card in self.picks:
            self.picks.remove(card)
            return True
        if card not in self.hand():
            return False
        if len(self.picks) >= step.count:
            text = step.too_many or self.tr("table.too_many", count=step.count)
            self._notify(text, None, now, warn=True)
            return False
        self.picks.append(card)
        if len(self.picks) == step.count:
            self.cursor = len(self.hand())  # on to the button
        return True

    def confirm(self, now: float | None = None) -> bool:
        """Submit the cards picked in a select-N step; a wrong count or an action the
        engine refuses is refused with a message, and nothing changes."""
        now = self._now if now is None else now
        seat = self.decision()
        step = self.selection(self.view())
        if seat is None or step is None:
            return False
        wrong = step.wrong_count(len(self.picks), self.tr)
        if wrong is not None:
            self._notify(wrong, None, now, warn=True)
            return False
        return self._submit(seat, step.action(list(self.picks)), now)

    def choose(self, index: int, now: float | None = None) -> bool:
        """Press the `index`-th button of the offers: its action, if the engine allows it."""
        now = self._now if now is None else now
        seat = self.decision()
        offers = self.offers()
        if seat is None or not 0 <= index < len(offers):
            return False
        self.cursor = self._first_offer() + index
        return self._submit(seat, offers[index].action, now)

    def play(self, card: Any, now: float | None = None) -> bool:
        """Play a card if the engine allows it; otherwise say why it is not allowed."""
        now = self._now if now is None else now
        seat = self.decision()
        if seat is None or self.step() != "play":
            return False
        if not self._submit(seat, self.action_for_card(card), now):
            return False
        self.last_open = False  # the card is on the table: back to the trick in play
        return True

    def _submit(self, seat: int, action: Any, now: float) -> bool:
        refused = self.refusal(seat, action)
        if refused is not None:
            self._notify(refused[0], refused[1], now, warn=True)
            return False
        return self.table.submit(seat, action, now)

    def notice_text(self) -> str | None:
        """The notice shown now, in the screen's language (None: no notice)."""
        return None if self.notice is None else self.notice[0]

    def notice_reason(self) -> str | None:
        """The notice's second line: the rule it names (None: none)."""
        return None if self.notice is None else self.notice[1]

    def _say(self, name: str, now: float, warn: bool = False, **values: object) -> None:
        self._notify(self.word(name, **values), None, now, warn)

    def _notify(self, line: str, reason: str | None, now: float, warn: bool = False) -> None:
        self.notice = (line, reason, warn)
        self._notice_until = now + NOTICE_SECONDS

    # -- input ------------------------------------------------------------------------------
    def handle(self, action: Action | None, typed: str, now: float) -> None:
        self._now = now
        if not self.menu_open and self.phones_key(action, now):
            return
        if action is Action.NEW_HAND:
            self._toggle_menu()
            return
        if self.menu_open:
            self._menu_key(action)
            return
        if action is Action.LAST_TRICK:
            self.last_open = not self.last_open and not self.table_open
            return
        if action is Action.BACK and self.last_open:
            self.last_open = False
            return
        if action is Action.BACK:
            if self.picks and self.decision() is not None:
                self.picks.clear()
            else:
                self.request = "home"
            return
        if self.table_open:
            if action in SELECTS:
                self.close_table()
            return
        if self.privacy is not None:
            if action in SELECTS:
                self.reveal()
            return
        self._key(action, now)

    def at_result(self) -> bool:
        return self.table_open

    def go_on(self) -> None:
        self.close_table()

    def seat_key(self, seat: int, action: Action, now: float) -> None:
        """The person at `seat` (on turn) pressed one of their own buttons."""
        self._now = now
        if action is Action.BACK:
            self.picks.clear()  # a seat's back clears its picks, never leaves
            return
        self._key(action, now)

    def _key(self, action: Action | None, now: float) -> None:
        if self.decision() is None:
            return
        items = self._items()
        if not items:
            return
        hand = len(self.hand())
        below = self.step() != "choose" and items > hand  # buttons after the hand
        if action in (Action.LEFT, Action.RIGHT):
            self.cursor = (self.cursor + (1 if action is Action.RIGHT else -1)) % items
        elif action is Action.DOWN and below:
            self.cursor = max(self.cursor, hand)
        elif action is Action.UP and below and self.cursor >= hand:
            self.cursor = max(0, hand - 1)
        elif action in SELECTS:
            self._select(now)

    def _select(self, now: float) -> None:
        step = self.step()
        if step == "choose":
            self.choose(self.cursor, now)
            return
        hand = self.hand()
        if step == "select":
            if self.cursor >= len(hand):
                self.confirm(now)
            else:
                self.toggle(hand[self.cursor], now)
        elif self.cursor >= len(hand) and self.offers():
            self.choose(self.cursor - len(hand), now)
        elif hand:
            self.play(hand[min(self.cursor, len(hand) - 1)], now)

    def click(self, pos: tuple[int, int], now: float) -> None:
        self._now = now
        if self._layout is None:
            return
        if self.phones_open:
            self.phones_open = False
            return
        if self.menu_open:
            for i, rect in enumerate(self._menu_rects):
                if rect.collidepoint(pos):
                    self.menu_pick(self.menu_window(len(self._menu_rects))[i])
                    return
            self.menu_open = False
            return
        for rect, name in self._buttons:
            if rect.collidepoint(pos):
                if name == "new_game":
                    self._toggle_menu()
                elif name == "phones":
                    self.phones_key(Action.PHONES, now)
                elif name == "confirm":
                    self.confirm(now)
                elif name.startswith("offer:"):
                    self.choose(int(name.split(":")[1]), now)
                return
        if self.table_open:
            self.close_table()
            return
        if self.privacy is not None:
            self.reveal()
            return
        card = self.card_at(pos)
        if card is None and self.last_open:
            self.last_open = False
            return
        if card is None or self.step() not in ("play", "select"):
            return
        self.cursor = self.hand().index(card)
        self._select(now)

    def card_at(self, pos: tuple[int, int]) -> Any:
        """The card of the bottom hand under `pos` (the topmost where they overlap)."""
        if self._layout is None:
            return None
        w, h = self._layout.hand_card
        for card, slot in reversed(self._hand_slots):
            dx, dy = pos[0] - slot.centre[0], pos[1] - slot.centre[1]
            theta = math.radians(-slot.angle)
            x = dx * math.cos(theta) + dy * math.sin(theta)
            y = -dx * math.sin(theta) + dy * math.cos(theta)
            if abs(x) <= w / 2 and abs(y) <= h / 2:
                return card
        return None

    def close_table(self) -> None:
        """Put the score table away: on to the next hand, or a new game after the last."""
        if self.table_open:
            self.table.proceed()

    # -- the clock ----------------------------------------------------------------------------
    def busy(self, now: float) -> bool:
        """Whether a card is still moving or a finished trick still lies on the table."""
        return self.collect is not None or any(now < p.at + SLIDE for p in self.trick)

    def _hurry(self, now: float) -> None:
        """A person plays on: the trick that was lying there is gathered at once."""
        if self.collect is not None:
            self.trick = []
            self.collect = None
        for p in self.trick:
            p.at = min(p.at, now - SLIDE)

    def entered(self, now: float) -> None:
        """The table is on screen again: its clocks wait for the time it was away."""
        if self._updated is not None and now > self._updated:
            self._wait(now - self._updated)
        self._updated = now

    def update(self, now: float) -> None:
        self._now = now
        self._updated = now
        if self.notice is not None and now >= self._notice_until:
            self.notice = None
        if self.table_open:
            self.last_open = False
        if not self.menu_open and self.collect is not None \
                and now >= self.collect[1] + COLLECT:
            self.trick = []
            self.collect = None
        self.table.update(now, busy=self.busy(now), held=self.menu_open or self.phones_open)

    def _wait(self, gap: float) -> None:
        """The table was off screen for `gap` seconds: the turn, the pauses and the moving
        cards take up where they were."""
        self.table.shift(gap)
        if self.collect is not None:
            self.collect = (self.collect[0], self.collect[1] + gap)
        self._notice_until += gap
        for played in self.trick:
            played.at += gap

    def seconds_left(self, now: float) -> int | None:
        return self.table.seconds_left(now)

    def countdown_text(self, now: float) -> str:
        left = self.seconds_left(now)
        return "" if left is None else self.tr.digits(left)

    # -- the panel's words ----------------------------------------------------------------------
    def prompt(self) -> str:
        """What the screen asks for now."""
        state = self.state
        if self.menu_open:
            return self.word("choose_mode")
        if self.table_open:
            return self.word("new_game_prompt" if state.is_over else "next_hand")
        if self.privacy is not None:
            return self.word("privacy_title", seat=self.seat_name(self.privacy))
        if state.is_over:
            return self.word("new_game_prompt")
        actor = state.current_player
        if actor is None or actor < 0:
            return self.word("dealing")
        winner = self.trick_winner(self._now)
        if winner is not None:
            return self.word("won_trick", seat=self.seat_name(winner))
        name = self.seat_name(actor)
        acting = self.bots[actor] is None and self.decision() is not None
        special = self.turn_prompt(actor, name, acting)
        if special is not None:
            return special
        if not acting:
            return self.word("thinking", seat=name)
        step = self.step()
        if step == "choose":
            return self.word("your_choice", seat=name)
        selection = self.selection(self.view())
        if step == "select" and selection is not None:
            return self.word("choose_cards", count=selection.count)
        return self.word("your_turn", seat=name)

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, now: float) -> list[pygame.Rect]:
        """Bring the screen up to date; returns the rectangles drawn."""
        size = surface.get_size()
        layout = self._layout
        if layout is None or layout.size != size or self._built_for != (self.rtl,
                                                                            self.players):
            layout = self._build(size)
            self._full = True
        self.budget.start()
        if self.budget.late and not self._full and self._cut < WHOLE_AFTER:
            # The frame's other work (a move applied, the phones' pages) spent its budget:
            # nothing is looked at or painted now, and the next frame, with its whole
            # budget, finds what changed (counted as a frame that left something).
            self._cut += 1
            self._skipped = True
            return []
        self._skipped = False
        if self.budget.seconds is not None:  # the kiosk's frame loop
            # cards come from the workers; if they are gone, a frame makes no more cards
            # itself than PAINT_BUDGET allows
            self.painter.begin_frame(PAINT_BUDGET)
        pieces = self._pieces(layout, now)
        current = {p.key: (p.rect, p.look) for p in pieces}
        assert self._background is not None
        redo, self._redo = self._redo, set()
        if self._full:
            self._later = []
            self.labels = {}
            surface.blit(self._background, (0, 0))
            for piece in pieces:
                self._paint(piece, surface)
            self.painter.send()
            self._shown = current
            self._full = False
            self._hide_covered(pieces)
            return [surface.get_rect()]
        dirty: list[pygame.Rect] = []
        for key, (rect, look) in current.items():
            old = self._shown.get(key)
            if old is None:
                dirty.append(rect)
            elif old != (rect, look) or key in redo:
                dirty.extend((old[0], rect))
        dirty.extend(rect for key, (rect, _) in self._shown.items() if key not in current)
        dirty.extend(self._later)
        self._later = []
        self._shown = current
        self.labels = {k: v for k, v in self.labels.items() if k.split("|")[0] in current}
        screen = surface.get_rect()
        merged = merge([r.clip(screen) for r in dirty if r.colliderect(screen)])
        # With a budget: once it is spent, a place not started is left for the next frame,
        # and so is one whose pieces are not all painted yet: it is not shown (its lines
        # drawn so far are kept, so the next frame gets further); after WHOLE_AFTER frames
        # in a row that left something, a frame paints everything.
        whole = self._cut >= WHOLE_AFTER
        painted: list[pygame.Rect] = []
        started = cut = False
        for rect in merged:
            if started and not whole and self.budget.spent():
                self._later.append(rect)
                cut = True
                continue
            surface.set_clip(rect)
            surface.blit(self._background, rect, rect)
            for piece in pieces:
                if not piece.rect.colliderect(rect):
                    continue
                if started and not whole and self.budget.spent():
                    self._later.append(rect)
                    cut = True
                    break
                self._paint(piece, surface)
                started = True
            else:
                painted.append(rect)
        surface.set_clip(None)
        self.painter.send()  # the cards this frame wanted, to the workers in one job
        self._cut = self._cut + 1 if cut else 0
        self._hide_covered(pieces)
        return painted

    def _paint(self, piece: Piece, surface: pygame.Surface) -> None:
        """Paint one piece; one that drew a stand-in card is drawn again next frame."""
        before = self.painter.stand_ins
        piece.paint(surface)
        if self.painter.stand_ins != before:
            self._redo.add(piece.key)

    @property
    def settled(self) -> bool:
        """Every card on the screen is drawn as itself (no stand-in, none being painted)
        and no changed place is left for a later frame."""
        return self.painter.settled and not self._redo and not self._later \
            and not self._skipped

    def _hide_covered(self, pieces: list[Piece]) -> None:
        """Forget the text a box drawn over it hides (a notice, the last trick, a menu)."""
        for i, piece in enumerate(pieces):
            if piece.key not in COVERING:
                continue
            below = {p.key for p in pieces[:i]}
            self.labels = {k: v for k, v in self.labels.items()
                           if not (k.split("|")[0] in below and v.rect.colliderect(piece.rect))}

    def _build(self, size: tuple[int, int]) -> Layout:
        layout = make_layout(size, self.rtl, self.players, self.hand_max())
        self._layout = layout
        self._built_for = (self.rtl, self.players)
        px = layout.px
        self.text.want(px(n) for n in self.text_sizes)  # warmed in the frames to come
        background = pygame.Surface(size)
        background.fill(theme.BACKGROUND)
        radius = px(60)
        pygame.draw.rect(background, RIM, layout.table, border_radius=radius)
        pygame.draw.rect(background, RIM_EDGE, layout.table, width=px(3), border_radius=radius)
        felt = pygame.Surface(layout.felt.size, pygame.SRCALPHA)
        fw, fh = felt.get_size()
        steps = 32
        for i in range(steps):  # light in the middle, darker to the rim
            f = i / (steps - 1)
            colour = tuple(round(d + (c - d) * f) for d, c in zip(FELT_DARK, FELT, strict=True))
            box = pygame.Rect(0, 0, round(fw * (1.6 - 1.2 * f)), round(fh * (1.6 - 1.2 * f)))
            box.center = (layout.centre[0] - layout.felt.left, layout.centre[1] - layout.felt.top)
            pygame.draw.ellipse(felt, colour, box)
        mask = pygame.Surface(felt.get_size(), pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(),
                         border_radius=radius - px(12))
        felt.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        background.blit(felt, layout.felt)
        ring = pygame.Rect(0, 0, round(layout.trick_card[0] * 3.9),
                           round(layout.trick_card[1] * 2.3))
        ring.center = layout.centre
        pygame.draw.ellipse(background, (44, 128, 90), ring, width=px(2))
        pygame.draw.rect(background, theme.PANEL, layout.panel, border_radius=px(18))
        pygame.draw.rect(background, PANEL_EDGE, layout.panel, width=px(2), border_radius=px(18))
        self.text.draw(background, self.title_text(), px(TITLE), ACCENT, layout.title,
                       bold=True, rtl=self.rtl)
        self._background = background
        return layout

    # the pieces
    def _pieces(self, layout: Layout, now: float) -> list[Piece]:
        view = self.view()
        pieces: list[Piece] = []
        self._buttons = []
        sizes = self.hand_sizes(view)
        for seat in range(self.players):
            if self.place(seat) != "bottom":
                pieces.append(self._backs(layout, seat, sizes[seat]))
        for seat in range(self.players):
            pieces.append(self._plate(layout, view, seat))
        step = self.selection(view)
        if step is not None and self.privacy is None:
            pieces.append(self._selection(layout, step))
        pieces.extend(self._trick_pieces(layout, now))
        pieces.extend(self.extra_pieces(layout, view, now))
        pieces.extend(self._hand_pieces(layout, view))
        offers = self.offers() if self.privacy is None and not self.table_open else []
        if offers and self.step() == "choose":
            pieces.append(self._dialog(layout, view, offers))
        elif offers:
            pieces.append(self._calls(layout, offers))
        if self.last_open and not self.table_open and not self.menu_open:
            pieces.append(self._last_trick(layout))
        if self.notice is not None:
            pieces.append(self._toast(layout))
        pieces.extend(self._panel_pieces(layout, now))
        if self.privacy is not None:
            pieces.append(self._privacy(layout))
        if self.table_open:
            pieces.extend(self._score_table(layout))
        if self.phones_open:
            pieces.append(self._phones_piece(layout))
        if self.menu_open:
            pieces.append(self._menu(layout))
        return pieces

    def place(self, seat: int) -> str:
        return PLACES[self.players][(seat - self.orient) % self.players]

    def _plate(self, layout: Layout, view: Any, seat: int) -> Piece:
        """A seat's plate: its name (and whether a person or the computer plays it) and the
        game's lines (`plate_lines`), in white on a dark plate; lit on its turn, edged in
        green while the trick it won lies on the table."""
        px = layout.px
        rect = layout.plates[self.place(seat)]
        key = f"plate:{seat}"
        on_turn = self.turn_of(view) == seat and not self.table_open
        won = self.collect is not None and self.collect[0] == seat
        name = self.seat_name(seat)
        computer = self.bots[seat] is not None
        lines = tuple(self.plate_lines(view, seat))[:2]
        look = (name, computer, lines, on_turn, won, self.rtl)

        def paint(surface: pygame.Surface) -> None:
            corner = px(18)
            pygame.draw.rect(surface, theme.ROW_CHOSEN if on_turn else PLATE.fill, rect,
                             border_radius=corner)
            edge = ACCENT if on_turn else GOOD if won else PLATE.edge
            pygame.draw.rect(surface, edge, rect, width=px(5) if on_turn or won else px(2),
                             border_radius=corner)
            inner = rect.inflate(-2 * px(12), -2 * px(8))
            pitch = inner.height // 3
            rows = [pygame.Rect(inner.left, inner.top + i * pitch, inner.width, pitch)
                    for i in range(3)]
            size = px(READ)
            head = rows[0].copy()
            icon = px(30)
            wide = self.text.width(name, size, True, self.rtl)
            if wide + px(12) + icon <= head.width:  # the role's sign at the end of the name
                sign = pygame.Rect(0, 0, icon, icon)
                sign.centery = head.centery
                if self.rtl:
                    sign.left = head.left
                    head.left += icon + px(12)
                else:
                    sign.right = head.right
                head.width -= icon + px(12)
                draw_role(surface, sign, computer, TEXT)
            self._line(surface, f"{key}|name", "plate", name, size, ACCENT if on_turn else TEXT,
                       head, bold=True)
            for i, (label, number) in enumerate(lines, start=1):
                row = rows[i]
                if number is None:
                    self._line(surface, f"{key}|line{i}", "plate", label, size, GOOD, row)
                    continue
                digits = self._line(surface, f"{key}|number{i}", "plate_number", number, size,
                                    TEXT, row, align="end", bold=True)
                room = row.copy()
                room.width -= digits.width + px(6)
                if self.rtl:
                    room.right = row.right
                self._line(surface, f"{key}|label{i}", "plate", label, size, TEXT, room)

        return Piece(key, rect.inflate(px(4), px(4)), look, paint)

    def _backs(self, layout: Layout, seat: int, count: int) -> Piece:
        """A seat's cards, backs up, fanned across below its plate (which hides their tops)."""
        place = self.place(seat)
        cx, cy = layout.anchors[place]
        w, h = layout.back_card
        plate = layout.plates[place]
        step = min(layout.px(19), (plate.width - w) / max(1, count - 1))
        card = self.painter.surface(None, (w, h), 0.0)
        span = step * max(0, count - 1)
        rects = [card.get_rect(center=(round(cx - span / 2 + i * step), cy)) for i in range(count)]
        box = rects[0].unionall(rects[1:]) if rects else pygame.Rect(cx, cy, 0, 0)

        def paint(surface: pygame.Surface) -> None:
            for rect in rects:
                surface.blit(card, rect)

        return Piece(f"backs:{seat}", box, (place, count, box.size, id(card)), paint)

    def _selection(self, layout: Layout, step: Selection) -> Piece:
        """A select-N step: its banner (with an arrow toward a seat) for everyone, and the
        confirm button for the person on turn."""
        px, rtl = layout.px, self.rtl
        mine = self.decision() is not None
        on_button = mine and self.cursor >= len(self.hand())
        ready = len(self.picks) == step.count
        target = layout.anchors[self.place(step.towards)] if step.towards is not None else None
        text = step.banner
        pill = pygame.Rect(0, 0, 0, 0)
        if text is not None:
            wide = self.text.width(text, px(READ), True, rtl)
            pill = pygame.Rect(0, 0, min(layout.inner.width, wide + px(48)),
                               layout.pass_text.height)
            pill.center = layout.pass_text.center
        if step.button is not None:
            label = step.button(len(self.picks))
        else:
            label = self.tr("table.buttons.confirm", count=len(self.picks), total=step.count)
        box = layout.pass_button.copy()
        if mine:
            wide = self.text.width(label, px(READ), True, rtl) + px(48)
            box.width = min(layout.inner.width, max(box.width, wide))
            box.center = layout.pass_button.center
            self._buttons.append((box, "confirm"))
        parts = [r for r in (pill, box if mine else None) if r is not None and r.width]
        rect = parts[0].unionall(parts[1:]).inflate(px(40), px(40)) if parts else \
            pygame.Rect(layout.centre, (0, 0))
        if target is not None:
            rect.union_ip(pygame.Rect(layout.centre[0] - px(80), layout.centre[1] - px(80),
                                      px(160), px(160)))
        look = (text, label, mine, on_button, ready, len(self.picks), target, rtl)

        def paint(surface: pygame.Surface) -> None:
            if target is not None:
                self._arrow(surface, layout.centre, target, px)
            if text is not None:
                pygame.draw.rect(surface, TAG, pill, border_radius=pill.height // 2)
                self._line(surface, "select|text", "table", text, px(READ), TEXT,
                           pill.inflate(-px(24), 0), align="center", bold=True)
            if mine:
                self._button(surface, "select|button", box, label, px, lit=ready,
                             cursor=on_button)

        return Piece("select", rect, look, paint)

    @staticmethod
    def _arrow(surface: pygame.Surface, centre: tuple[int, int], target: tuple[int, int],
               px: Callable[[float], int]) -> None:
        """A broad arrow from the middle of the table toward `target`."""
        cx, cy = centre
        dx, dy = target[0] - cx, target[1] - cy
        length = math.hypot(dx, dy) or 1.0
        ux, uy = dx / length, dy / length
        tip = (cx + ux * px(70), cy + uy * px(70))
        tail = (cx - ux * px(60), cy - uy * px(60))
        nx, ny = -uy, ux
        shaft = px(12)
        head = px(34)
        neck = (tip[0] - ux * head, tip[1] - uy * head)
        arrow = [
            (tail[0] + nx * shaft, tail[1] + ny * shaft),
            (neck[0] + nx * shaft, neck[1] + ny * shaft),
            (neck[0] + nx * head, neck[1] + ny * head), tip,
            (neck[0] - nx * head, neck[1] - ny * head),
            (neck[0] - nx * shaft, neck[1] - ny * shaft),
            (tail[0] - nx * shaft, tail[1] - ny * shaft),
        ]
        pygame.draw.polygon(surface, ACCENT, arrow)

    def dialog_rects(self, layout: Layout, labels: Sequence[str]) -> tuple[pygame.Rect,
                                                                           list[pygame.Rect]]:
        """The dialog's box and its buttons (in reading order), in rows that break only
        between buttons, in the middle of the table."""
        px, rtl = layout.px, self.rtl
        widths = [max(px(BUTTON_MIN_W),
                      self.text.width(label, px(READ), True, rtl) + px(48))
                  for label in labels]
        room = layout.inner.width - 2 * px(60)
        widths = [min(w, room) for w in widths]
        rows = wrap_pairs(widths, room, px(BUTTON_GAP))
        head = px(ROW) + px(16)
        height = px(28) + head + len(rows) * (px(BUTTON_H) + px(16)) + px(12)
        wide = max(sum(widths[i] for i in row) + px(BUTTON_GAP) * (len(row) - 1)
                   for row in rows)
        box = pygame.Rect(0, 0, min(layout.inner.width, max(wide + 2 * px(40), px(720))),
                          height)
        box.center = layout.centre
        box.clamp_ip(layout.band)
        rects: list[pygame.Rect] = [pygame.Rect(0, 0, 0, 0)] * len(labels)
        y = box.top + px(28) + head
        for row in rows:
            used = sum(widths[i] for i in row) + px(BUTTON_GAP) * (len(row) - 1)
            x = box.centerx - used // 2
            order = list(reversed(row)) if rtl else row
            for i in order:
                rects[i] = pygame.Rect(x, y, widths[i], px(BUTTON_H))
                x += widths[i] + px(BUTTON_GAP)
            y += px(BUTTON_H) + px(16)
        return box, rects

    def _dialog(self, layout: Layout, view: Any, offers: Sequence[Offer]) -> Piece:
        """The person's choice: a title and a row of buttons, the cursor on one."""
        px = layout.px
        labels = [o.label for o in offers]
        box, rects = self.dialog_rects(layout, labels)
        self._offer_rects = rects
        for i, rect in enumerate(rects):
            self._buttons.append((rect, f"offer:{i}"))
        title = self.choice_title(view) or self.word("your_choice")
        cursor = self.cursor
        look = (title, tuple(labels), cursor, self.rtl)

        def paint(surface: pygame.Surface) -> None:
            theme.overlay_box(surface, box, px)
            head = pygame.Rect(box.left + px(30), box.top + px(20), box.width - 2 * px(30),
                               px(ROW))
            self._line(surface, "dialog|title", "table", title, px(READ), ACCENT, head,
                       align="center", bold=True)
            for i, (rect, label) in enumerate(zip(rects, labels, strict=True)):
                self._button(surface, f"dialog|button{i}", rect, label, px, lit=i == cursor,
                             cursor=i == cursor)

        return Piece("dialog", box, look, paint)

    def calls_rects(self, layout: Layout, labels: Sequence[str]) -> list[pygame.Rect]:
        """The buttons of calls beside a hand to play from (in reading order): stacked up
        from the bottom seat's plate, on its side of the table, clear of the trick."""
        px, rtl = layout.px, self.rtl
        plate = layout.plates["bottom"]
        rects = []
        y = plate.top - px(16)
        for label in reversed(labels):
            wide = self.text.width(label, px(READ), True, rtl) + px(48)
            rect = pygame.Rect(0, 0, min(plate.width, max(px(BUTTON_MIN_W), wide)),
                               px(BUTTON_H))
            rect.bottom = y
            if rtl:
                rect.right = plate.right
            else:
                rect.left = plate.left
            rects.append(rect)
            y = rect.top - px(12)
        return rects[::-1]

    def _calls(self, layout: Layout, offers: Sequence[Offer]) -> Piece:
        """Calls the person may make instead of a card (a bella, a declaration): buttons
        beside the hand; the cursor reaches them after the last card (or with down)."""
        px = layout.px
        labels = [o.label for o in offers]
        rects = self.calls_rects(layout, labels)
        for i, rect in enumerate(rects):
            self._buttons.append((rect, f"offer:{i}"))
        at = self.cursor - len(self.hand())
        box = rects[0].unionall(rects[1:]).inflate(px(12), px(12))
        look = (tuple(labels), at, self.rtl)

        def paint(surface: pygame.Surface) -> None:
            for i, (rect, label) in enumerate(zip(rects, labels, strict=True)):
                self._button(surface, f"calls|button{i}", rect, label, px, lit=True,
                             cursor=i == at)

        return Piece("calls", box, look, paint)

    # the trick: each card with its player's name, the leader's marked, the winner shown
    def _tag_parts(self, layout: Layout, seat: int, card: pygame.Rect, place: str, led: bool,
                   won: bool, bounds: pygame.Rect | None = None, say_won: bool = True) -> Tag:
        """The name tag pinned to a card in the trick, toward its player: (box, text, fill,
        text colour) for the name and, on the leader's card, a "led" badge beside it. The
        winner's tag is gold (and, while its trick lies on the table, says it won it)."""
        px, rtl = layout.px, self.rtl
        size = px(READ)
        name = self.seat_name(seat)
        if won and say_won:
            name = self.word("won_trick", seat=name)
        height = px(TAG_H)
        name_box = pygame.Rect(0, 0, self.text.width(name, size, True, rtl)
                               + 2 * px(16), height)
        parts = [(name_box, name, ACCENT if won else TAG, TAG if won else TEXT)]
        edge = (TAG_EDGES_FIVE if self.players == 5 else TAG_EDGES)[place]
        if led and not (won and say_won):  # the winner's long tag goes without the badge
            word = self.word("led")
            badge = pygame.Rect(0, 0, self.text.width(word, size, True, rtl)
                                + 2 * px(14), height)
            parts.append((badge, word, TEXT, TAG))
        # Side by side (the name first in reading order), or the badge under the name on a
        # card at the side, so a tag stays narrow there.
        stacked = edge in ("left", "right", "off_left", "off_right") and len(parts) > 1
        if stacked:
            badge = parts[1][0]
            group = pygame.Rect(0, 0, max(name_box.width, badge.width),
                                2 * height + px(6))
        else:
            group = pygame.Rect(0, 0, sum(p[0].width for p in parts) + px(6) * (len(parts) - 1),
                                height)
        # A tag reaches onto its card by half a short tag at most, and never over the
        # card's top-left index; a long one (the winner's) reaches away from the trick.
        onto = px(60)
        below = (height + px(6)) // 2 * stacked
        if edge == "bottom":
            group.center = card.midbottom
        elif edge == "top":  # from right of the top-left index, across to the right
            group.left, group.centery = card.left + round(card.width * 0.38), card.top
        elif edge == "top_left":  # from the card's top-left corner, out to the left
            group.right, group.centery = card.left + px(4), card.top
        elif edge == "left":
            group.right = card.left + min(onto, group.width // 2)
            group.centery = card.centery + below
        elif edge == "right":
            group.left = card.right - min(onto, group.width // 2)
            group.centery = card.centery + below
        else:  # 5 seats: off the card (TAG_EDGES_FIVE)
            gap = px(6)
            if edge in ("off_left", "off_top_left") or (edge == "foot" and rtl):
                group.right = card.left - gap
            else:
                group.left = card.right + gap
            if edge == "foot":
                group.bottom = card.bottom
            elif edge in ("off_top_left", "off_top_right"):
                group.top = card.top
            else:
                group.centery = card.centery + below
        group.clamp_ip(bounds or layout.inner)  # a long tag near the rim moves in
        if edge in TAG_EDGES_FIVE.values() and won and say_won and group.colliderect(card):
            # no room off the card for "… won the trick": the gold name (the panel says it)
            return self._tag_parts(layout, seat, card, place, led, won, bounds, say_won=False)
        if stacked:
            name_box.midtop = group.midtop
            parts[1][0].midbottom = group.midbottom
        else:
            order = [p[0] for p in parts]
            if rtl:
                order.reverse()
            x = group.left
            for box in order:
                box.topleft = (x, group.top)
                x = box.right + px(6)
        return parts

    def _paint_tag(self, surface: pygame.Surface, key: str, parts: Tag,
                   px: Callable[[float], int]) -> None:
        for i, (box, text, fill, colour) in enumerate(parts):
            pygame.draw.rect(surface, fill, box, border_radius=box.height // 2)
            pygame.draw.rect(surface, TAG_EDGE if fill == TAG else fill, box, width=px(2),
                             border_radius=box.height // 2)
            self._line(surface, f"{key}|{i}", "trick", text, px(READ), colour, box,
                       align="center", bold=True, ink=True)

    def trick_winner(self, now: float) -> int | None:
        """The seat whose trick lies finished on the table, shown as its winner (None: none)."""
        if self.collect is None or now >= self.collect[1]:
            return None
        if any(now < p.at + SLIDE for p in self.trick):
            return None
        return self.collect[0]

    def _trick_pieces(self, layout: Layout, now: float) -> list[Piece]:
        pieces = []
        players = self.players
        collecting = self.collect is not None and now >= self.collect[1]
        winner = self.trick_winner(now)
        leader = self.trick[0].seat if self.trick else None
        tags = []
        for played in self.trick:
            place = self.place(played.seat)
            spot_rect = layout.trick_rect(place, players)
            spot = spot_rect.center
            f = ease((now - played.at) / SLIDE)
            start = played.start or layout.anchors[place]
            where = lerp(start, spot, f)
            turn = (played.angle if played.start else 0.0) * (1 - f)
            if collecting:
                assert self.collect is not None
                g = min(1.0, (now - self.collect[1]) / COLLECT) ** 2
                goal = layout.plates[self.place(self.collect[0])].center
                where = lerp(spot, goal, g)
            turn = 2 * round(turn / 2)  # whole steps, so a flight reuses a few drawings
            won = played.seat == winner
            card = self.trick_card_image(played.card, layout.trick_card, turn, won)
            rect = card.get_rect(center=(round(where[0]), round(where[1])))

            def paint(surface: pygame.Surface, card: pygame.Surface = card,
                      rect: pygame.Rect = rect) -> None:
                surface.blit(card, rect)

            pieces.append(Piece(f"trick:{played.card}", rect, (played.card, rect.topleft, turn,
                                                               won, id(card)), paint))
            if not collecting and f >= 1.0:
                tags.append(self._tag(layout, played.seat, spot_rect, place,
                                      played.seat == leader, won))
        pieces.extend(tags)
        return pieces

    def _tag(self, layout: Layout, seat: int, card: pygame.Rect, place: str, led: bool,
             won: bool) -> Piece:
        parts = self._tag_parts(layout, seat, card, place, led, won)
        key = f"tag:{seat}"
        box = parts[0][0].unionall([p[0] for p in parts[1:]])

        def paint(surface: pygame.Surface) -> None:
            self._paint_tag(surface, key, parts, layout.px)

        return Piece(key, box, tuple((p[0].topleft, p[1], p[2]) for p in parts), paint)

    def last_trick(self) -> ShownTrick | None:
        """The trick won last in this hand (None before the first is won)."""
        return self.last_trick_of(self.view())

    def _last_trick(self, layout: Layout) -> Piece:
        """The last trick won, in a box over the table: its cards, who played each, who led
        and who won it; the same key puts it away."""
        px = layout.px
        rect = layout.last_trick
        trick = self.last_trick()
        head = pygame.Rect(rect.left + px(36), rect.top + px(10), rect.width - 2 * px(36),
                           px(64))
        shown: list[tuple[int, Any, pygame.Rect, Tag]] = []
        if trick is None:
            title = self.word("no_last_trick")
        else:
            title = self.word("last_trick", seat=self.seat_name(trick.winner))
            centre = (rect.centerx, head.bottom + (rect.bottom - head.bottom) // 2)
            for seat, card in trick.plays:
                place = self.place(seat)
                spot = layout.trick_rect(place, self.players, centre, layout.last_card)
                shown.append((seat, card, spot, self._tag_parts(
                    layout, seat, spot, place, seat == trick.leader, seat == trick.winner,
                    rect.inflate(-px(16), -px(16)), say_won=False)))
        pair = HelpPair(self._caps(Action.LAST_TRICK), self.word("help.close"))
        look = (title, tuple((s, c) for s, c, _, _ in shown), self.rtl)

        def paint(surface: pygame.Surface) -> None:
            theme.overlay_box(surface, rect, px)
            width = pair_width(self.text, pair, px, self.rtl)
            title_box = head.copy()
            if pair.keys and self.text.render(title, px(READ), ACCENT, True, self.rtl
                                              ).get_width() + width + px(40) <= head.width:
                title_box.width -= width + px(40)
                if self.rtl:
                    title_box.right = head.right
                end = head.left if self.rtl else head.right - width
                draw_pair(surface, self.text, self._line, "last_trick|close", pair, end,
                          head.centery, px, self.rtl)
            self._line(surface, "last_trick|title", "trick", title, px(READ), ACCENT, title_box,
                       bold=True)
            for seat, card, spot, _ in shown:
                winner = trick is not None and seat == trick.winner
                image = self.painter.surface(card, layout.last_card, 0.0,
                                             outline=ACCENT if winner else None)
                surface.blit(image, image.get_rect(center=spot.center))
            for seat, _, _, parts in shown:
                self._paint_tag(surface, f"last_trick|tag{seat}", parts, px)

        return Piece("last_trick", rect, look, paint)

    def _hand_pieces(self, layout: Layout, view: Any) -> list[Piece]:
        px = layout.px
        face_up = self.viewer == self.orient and self.privacy is None
        held = list(self.hand_of(view))
        cards: list[Any] = held if face_up else [None] * len(held)
        self.shown_hand = tuple(c for c in cards if c is not None)
        slots = layout.slots(len(cards))
        self._hand_slots = [(c, s) for c, s in zip(cards, slots, strict=True) if c is not None]
        step = self.step()
        mine = step in ("play", "select")  # the cursor is on the hand (or its buttons)
        legal = self.legal_cards(view) if step == "play" else None
        marks = self.hand_marks(view) if face_up else {}
        pieces = []
        for i, (card, slot) in enumerate(zip(cards, slots, strict=True)):
            lift, outline, dim = 0, None, False
            if card is not None:
                mark = marks.get(card)
                if card in self.picks or mark == "aside":
                    lift, outline = px(42), ACCENT
                elif mark == "new":
                    lift, outline = px(16), RECEIVED
                if mine and i == self.cursor:
                    lift, outline = max(lift, px(26)), CURSOR
                dim = (legal is not None and card not in legal) or mark == "aside"
            theta = math.radians(-slot.angle)
            centre = (slot.centre[0] + math.sin(theta) * lift,
                      slot.centre[1] - math.cos(theta) * lift)
            surface_card = self.painter.surface(card, layout.hand_card, slot.angle, dim, outline)
            rect = surface_card.get_rect(center=(round(centre[0]), round(centre[1])))

            def paint(surface: pygame.Surface, image: pygame.Surface = surface_card,
                      rect: pygame.Rect = rect) -> None:
                surface.blit(image, rect)

            pieces.append(Piece(f"hand:{i}", rect, (card, rect.topleft, dim, outline,
                                                    id(surface_card)), paint))
        return pieces

    def _toast(self, layout: Layout) -> Piece:
        """A notice over the lower part of the table, just above the hand, beside the
        boxes it must leave uncovered (`toast_clear_of`); a line too long for it goes on
        the next."""
        assert self.notice is not None
        px, rtl = layout.px, self.rtl
        line, small, warn = self.notice
        room = layout.inner.inflate(-px(40), 0)
        for other in self.toast_clear_of(layout):  # the room beside it, on the wider side
            left, right = room.left, room.right
            if other.centerx < room.centerx:
                left = max(left, other.right + px(16))
            else:
                right = min(right, other.left - px(16))
            room = pygame.Rect(left, room.top, right - left, room.height)
        width = min(px(1040), room.width)
        size = px(READ)
        heads = self.text.wrap(line, size, width - px(48), bold=True, rtl=rtl) or [line]
        smalls = self.text.wrap(small, size, width - px(48), rtl=rtl, colour=TEXT) \
            if small is not None else []
        rect = pygame.Rect(0, 0, width, px(24) + px(ROW) * (len(heads) + len(smalls)))
        rect.midbottom = (layout.centre[0], layout.band.bottom)
        rect.clamp_ip(pygame.Rect(room.left, layout.inner.top, room.width, layout.inner.height))

        def paint(surface: pygame.Surface) -> None:
            pygame.draw.rect(surface, theme.OVERLAY, rect, border_radius=px(26))
            pygame.draw.rect(surface, BAD if warn else ACCENT, rect, width=px(4),
                             border_radius=px(26))
            inner = rect.inflate(-px(48), -px(24))
            top = pygame.Rect(inner.left, inner.top, inner.width, px(ROW))
            for i, head in enumerate(heads):
                self._line(surface, "toast|line" + (str(i) if i else ""), "table", head, size,
                           TIMER_LOW if warn else TEXT, top.move(0, i * px(ROW)),
                           align="center", bold=True)
            for i, text in enumerate(smalls):
                row = top.move(0, (len(heads) + i) * px(ROW))
                self._line(surface, f"toast|small{i}", "table", text, size, TEXT, row,
                           align="center")

        return Piece("toast", rect, (line, small, warn, rtl), paint)

    def _panel_pieces(self, layout: Layout, now: float) -> list[Piece]:
        px, rtl = layout.px, self.rtl
        pieces = []

        def para(key: str, rect: pygame.Rect, text: str, colour: Colour) -> None:
            name = f"panel:{key}"

            def paint(surface: pygame.Surface) -> None:
                self._para(surface, name + "|line", "panel", text, px(READ), colour, rect)

            pieces.append(Piece(name, rect, (text, colour, rtl), paint))

        para("mode", layout.mode, self.mode_text(), TEXT_DIM)
        para("info", layout.info, self.info_text(), TEXT)
        para("prompt", layout.prompt, self.prompt(), TEXT)
        left = self.seconds_left(now)
        if left is not None:
            pieces.append(self._timer(layout, left))
        buttons = [("new_game", Action.NEW_HAND, "buttons.new_game")] if self.modes else []
        if self.phones is not None:  # above it: the phones panel
            buttons.append(("phones", Action.PHONES, "help.phones"))
        for row, (name, action, label) in enumerate(buttons):
            pieces.append(self._panel_button(layout, name, action, label, row))
        pieces.append(self._help(layout))
        return pieces

    def _panel_button(self, layout: Layout, name: str, action: Action, label: str,
                      row: int) -> Piece:
        """A button of the panel with its key, as in the help line ([H] New game), `row`
        buttons above the lowest."""
        px, rtl = layout.px, self.rtl
        rect = layout.new_game.move(0, -row * (layout.new_game.height + px(16)))
        self._buttons.append((rect, name))

        def paint(surface: pygame.Surface) -> None:
            theme.button(self.text, surface, rect, "", px(READ), px, rtl, fill=None)
            pair = HelpPair(self._caps(action), self.word(label))
            width = pair_width(self.text, pair, px, rtl)
            if pair.keys and width <= rect.width - px(20):
                draw_pair(surface, self.text, self._line, f"panel:{name}|pair", pair,
                          rect.centerx - width // 2, rect.centery, px, rtl)
            else:
                self._line(surface, f"panel:{name}|label", "panel", pair.action, px(READ),
                           TEXT, rect.inflate(-px(20), 0), align="center")

        return Piece(f"panel:{name}", rect, (rtl,), paint)

    def _timer(self, layout: Layout, left: int) -> Piece:
        px, rtl = layout.px, self.rtl
        rect = layout.timer
        total = max(1.0, float(self.turn_seconds))
        share = min(1.0, left / total)
        low = left <= TIMER_WARN
        label = self.word("time_left")
        digits = self.tr.digits(left)

        def paint(surface: pygame.Surface) -> None:
            row = pygame.Rect(rect.left, rect.top, rect.width, px(64))
            self._line(surface, "timer|digits", "panel_number", digits, px(56),
                       TIMER_LOW if low else ACCENT, row, align="end", bold=True)
            self._line(surface, "timer|label", "panel", label, px(READ), TEXT, row)
            bar = pygame.Rect(rect.left, row.bottom + px(10), rect.width, px(14))
            pygame.draw.rect(surface, PANEL_EDGE, bar, border_radius=bar.height // 2)
            filled = bar.copy()
            filled.width = max(bar.height, round(bar.width * share))
            if rtl:
                filled.right = bar.right
            pygame.draw.rect(surface, BAD if low else ACCENT, filled,
                             border_radius=bar.height // 2)

        return Piece("timer", rect, (digits, low, rtl), paint)

    # the help line (drawn by `TableText`): what the keys do in the step at hand
    def help_pairs(self) -> list[HelpPair]:
        """What the keys do at the table now, each key with its action."""
        selecting = self.step() in ("select", "choose")
        doing = "help.pick" if selecting else "help.play"
        pairs = [
            HelpPair(self._caps(Action.LEFT) + self._caps(Action.RIGHT),
                     self.word("help.choose")),
            HelpPair(self._caps(Action.SELECT), self.word(doing)),
            HelpPair(self._caps(Action.BACK), self.word("help.menu")),
        ]
        if not selecting:  # a card to play: the last trick may help (L works always)
            pairs.append(HelpPair(self._caps(Action.LAST_TRICK), self.word("help.last_trick")))
        return [pair for pair in pairs if pair.keys]

    def _privacy(self, layout: Layout) -> Piece:
        assert self.privacy is not None
        px, rtl = layout.px, self.rtl
        top = layout.overlay.top + px(20)
        rect = pygame.Rect(layout.overlay.left + px(40), top, layout.overlay.width - px(80),
                           layout.plates["bottom"].top - px(20) - top)  # clear of the plates
        name = self.seat_name(self.privacy)
        title = self.word("privacy_title", seat=name)
        body = self.word("privacy_body", seat=name)

        def paint(surface: pygame.Surface) -> None:
            theme.overlay_box(surface, rect, px)
            inner = rect.inflate(-px(60), -px(40))
            head = pygame.Rect(inner.left, inner.top, inner.width, inner.height * 2 // 5)
            self.text.draw(surface, title, px(64), ACCENT, head, align="center", bold=True,
                           rtl=rtl)
            low = pygame.Rect(inner.left, head.bottom, inner.width, inner.bottom - head.bottom)
            self._para(surface, "privacy|body", "table", body, px(READ), TEXT, low,
                       align="center")

        return Piece("privacy", rect, (title, body), paint)

    def _score_table(self, layout: Layout) -> list[Piece]:
        """The score sheet over the table, as pieces painted one after another (its box and
        title, then row by row), so a frame with little time left paints some of it and the
        next frame the rest; it is shown once whole (kiosk.scenes.budget)."""
        px, rtl = layout.px, self.rtl
        rect = layout.overlay
        sheet = self.score_sheet()
        footer = sheet.footer or self.word(
            "new_game_prompt" if self.state.is_over else "next_hand")
        look = (sheet, footer, rtl)
        if len(sheet.header) == 3:  # the kiosk's own sheet: a name and two numbers
            steps = theme.score_sheet_steps(self.text, rect, px, rtl, sheet.title,
                                            sheet.header, sheet.rows, footer, sheet.note)
        else:
            steps = self._wide_sheet(rect, px, sheet, footer)

        def piece(n: int, step: theme.SheetStep) -> Piece:
            def paint(surface: pygame.Surface) -> None:
                noted = step(surface)
                if noted is not None and sheet.note_pip is not None:
                    draw_pip(surface, sheet.note_pip, (noted.left + px(30), noted.centery),
                             px(18), deck=self.deck)

            return Piece("scores" if n == 0 else f"scores#{n}", rect, look, paint)

        return [piece(n, step) for n, step in enumerate(steps)]

    def _sheet_box(self, rect: pygame.Rect, px: Callable[[float], int], head: pygame.Rect,
                   title: str) -> theme.SheetStep:
        """A score sheet's first step: its box, and its title across `head`."""
        def box(surface: pygame.Surface) -> None:
            theme.overlay_box(surface, rect, px)
            self._line(surface, "scores|title", "table", title, px(54), ACCENT, head,
                       align="center", bold=True)
        return box

    def _sheet_row(self, key: str, inner: pygame.Rect, cells_at: Sequence[tuple[int, int]],
                   band: pygame.Rect, cells: Sequence[str], size: int, colour: Colour,
                   bold: bool, px: Callable[[float], int],
                   rule: int | None = None) -> theme.SheetStep:
        """A row of a score sheet's table as a step: each cell in its column (`cells_at`:
        each column's left and width inside `inner`), across `band`'s top and height, the
        name starting its line and the numbers centred; a rule under it at `rule`."""
        def step(surface: pygame.Surface) -> None:
            for i, (cell, (x, w)) in enumerate(zip(cells, cells_at, strict=True)):
                cell_box = pygame.Rect(inner.left + x, band.top, w, band.height)
                self._line(surface, f"scores|{key}c{i}", "table", cell, size, colour,
                           cell_box, align="start" if i == 0 else "center", bold=bold)
            if rule is not None:
                pygame.draw.line(surface, PANEL_EDGE, (inner.left, rule),
                                 (inner.right, rule), px(2))
        return step

    def _wide_sheet(self, rect: pygame.Rect, px: Callable[[float], int], sheet: ScoreSheet,
                    footer: str) -> list[theme.SheetStep]:
        """A score sheet of any number of columns: the names take a third, the numbers
        share the rest; every cell is text a player reads (smaller only if it cannot fit).
        As steps: the box and title, the header, each row, the note (returning where it
        lies), the footer."""
        inner = rect.inflate(-px(70), -px(36))
        head = pygame.Rect(inner.left, inner.top, inner.width, px(80))
        n = len(sheet.header)
        name_w = round(inner.width * (0.5 if n <= 2 else 0.3))
        rest = (inner.width - name_w) / max(1, n - 1)
        spans = [(0, name_w)] + [(round(name_w + i * rest), round(rest)) for i in range(n - 1)]
        if self.rtl:
            spans = [(inner.width - x - w, w) for x, w in spans]
        cells_at = [(x + px(4), w - px(8)) for x, w in spans]
        box = self._sheet_box(rect, px, head, sheet.title)

        def row(key: str, y: int, cells: Sequence[str], colour: Colour, bold: bool,
                rule: int | None = None) -> theme.SheetStep:
            return self._sheet_row(key, inner, cells_at, pygame.Rect(0, y, 0, px(58)), cells,
                                   px(READ), colour, bold, px, rule)

        y = head.bottom + px(6)
        steps: list[theme.SheetStep] = [
            box, row("head", y, sheet.header, TEXT_DIM, False, rule=y + px(58))]
        y += px(58)
        for r, line in enumerate(sheet.rows):
            y += px(6)
            steps.append(row(f"r{r}", y, line.cells, ACCENT if line.leading else TEXT,
                             line.leading))
            y += px(58)
        note = sheet.note
        if note is not None:
            noted = pygame.Rect(inner.left, y + px(10), inner.width, px(54))

            def note_step(surface: pygame.Surface) -> pygame.Rect:
                for i, line in enumerate(note.split("\n")):  # a line a row
                    self._line(surface, "scores|note" + (str(i) if i else ""), "table", line,
                               px(READ), ACCENT, noted.move(0, i * px(54)), align="center",
                               bold=True)
                return noted

            steps.append(note_step)
        foot = pygame.Rect(inner.left, inner.bottom - px(58), inner.width, px(58))

        def foot_step(surface: pygame.Surface) -> None:
            self._line(surface, "scores|footer", "table", footer, px(READ), TEXT, foot,
                       align="center")

        steps.append(foot_step)
        return steps

    def menu_window(self, shown: int) -> range:
        """The modes menu's rows a window of `shown` rows holds: round the lit row."""
        first = min(max(0, self.menu_index - shown // 2), self.menu_size - shown)
        return range(first, first + shown)

    def _menu(self, layout: Layout) -> Piece:
        px, rtl = layout.px, self.rtl
        rect = layout.overlay.copy()
        room = layout.felt.height - px(40)
        look = MENU
        # With the rule variants the menu has more rows than fit on the felt at their
        # full pitch (text a player reads needs it): it shows as many as fit, a window
        # round the lit row that follows the cursor, arrows saying there are more.
        size = self.menu_size
        fits = max(3, (room - theme.menu_height(look, 0, px)) // px(look.row))
        shown = min(size, fits)
        first = self.menu_window(shown).start
        rect.height = min(room, theme.menu_height(look, shown, px))
        rect.center = layout.overlay.center
        rect.clamp_ip(layout.felt)
        self._menu_rects = theme.menu_rows(rect, look, shown, px)
        lines = self.menu_lines()[first:first + shown]
        more = (first > 0, first + shown < size)
        title = self.word("choose_mode")

        def paint(surface: pygame.Surface) -> None:
            theme.modes_menu(self.text, surface, rect, look, px, rtl, title, lines,
                             self.menu_index - first, more)

        return Piece("menu", rect, (lines, self.menu_index, first, rtl), paint)

"""A card table on the TV, with no game in it: the base every trick-taking game's scene is.

`CardTableScene` lays out 2 to 5 seats (`kiosk.scenes.card_table.layout`; its pieces and
colours are `kiosk.scenes.card_table.pieces`', its text and help line
`kiosk.scenes.card_table.text`'s, its phones panel `kiosk.scenes.card_table.phones`'),
fans the hand of the person whose turn it is at the bottom (legal cards lit, the others
dimmed; an illegal pick is refused with the engine's reason), lays each played card in the
middle toward its player with the player's name pinned to it (the leader's marked "led",
the winner's in gold), slides a finished trick to its winner, shows the last trick on a
key, a toast for notices, the turn's countdown, the help line of key caps, the privacy
screen of pass and play, a score table after each hand, the modes menu, and two generic
steps: a **choice dialog** (a row of labelled buttons: a bid, pass, a suit, yes/no) and a
**select-N-cards** step (cards picked from the hand, then a button). Keys, clicks, a
gamepad and each seat's own buttons all move one cursor. The turn flow is the table
controller's (`kiosk.table`); whether anything may be done is always the engine's answer
(`why_illegal`), never the scene's.

This module is the flow and the input: the turn, the cursor, the steps, the keys, clicks
and seats' buttons, the clock, the menu and the panel's words. The hooks below and their
defaults, with the records they hand back, are `kiosk.scenes.card_table.hooks`'
(`TableHooks`, a base of the scene); drawing a frame (which places changed, the frame's
budget) is `kiosk.scenes.card_table.frames`' (`TableFrames`, mixed in); what a frame
shows is made by the scene's painter (`table_painter`, of the class `painter_type`):
`kiosk.scenes.card_table.paint.TablePainter` for the felt, its base
`kiosk.scenes.card_table.boxes.BoxPainter` for the panel and the boxes over the felt. The
painter reads the scene and never changes it; the scene takes from it where its pieces
put what a click may hit.

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
- `toast_clear_of(layout) -> Sequence[Rect]`: the game's boxes a notice keeps beside;
  `trick_card_image(card, size, angle, won)`: a card of the trick as drawn on the felt.
- `painter_type` (class attribute): the painter's class, `TablePainter` or a subclass of
  it that draws the game's own (its `extra_pieces`, `toast_clear_of` and `trick_card`
  ask the scene's hooks above unless it says them itself; its `_wide_sheet` draws a
  score sheet of more than three columns).
- `after_applied(move)`: an action was applied and animated; say what needs saying
  (`self._say(word, move.now, **values)` puts a notice up).
- `seat_name(seat)`, `mode_text()`: names as the catalogue has them.

The constructor takes what `kiosk.table.TableController` needs: `new_game()`, the seats'
bots (None: a person), an rng, and, by keyword, `table_game` (`kiosk.table.games`: what is
hidden, when the table stops), `pacing`, `level_bot(level)` (the bot that plays for a
person out of time), and the optional `modes`, `mode`, `on_action` (the journal),
`turn_seconds`, `level`, `thinker`, `keys` and `rule_choices`. The values the hooks hand
back are the small frozen records of `kiosk.scenes.card_table.hooks` (taken from here
too): `Offer`, `Selection`, `ShownTrick`, `ScoreSheet` (its rows `kiosk.theme.SheetRow`).
A piece of `extra_pieces` is a `kiosk.scenes.card_table.pieces.Piece` with a key of its
own; its text is drawn with `self._line(...)`, which notes it in `labels` for the
readability checks.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor
from typing import Any

from kiosk.cards_draw import FRENCH
from kiosk.config import DEFAULT_KEYS, Action
from kiosk.i18n import Translator
from kiosk.scenes.card_table.frames import TableFrames
from kiosk.scenes.card_table.hooks import Offer, ScoreSheet, Selection, ShownTrick, TableHooks
from kiosk.scenes.card_table.layout import PLACES
from kiosk.scenes.card_table.paint import TablePainter
from kiosk.scenes.card_table.phones import PhonesPanel
from kiosk.scenes.card_table.pieces import (
    COLLECT,
    HOLD,
    NOTICE_SECONDS,
    READ,
    SLIDE,
    TITLE,
    HelpPair,
    Played,
    Point,
)
from kiosk.scenes.card_table.text import TableText
from kiosk.scenes.modes import MENU_SELECTS, TableScene, forward
from kiosk.table.choices import Choices
from kiosk.table.controller import Move, Pacing, TableController
from kiosk.table.games import TableGame
from kiosk.table.seats import Mode, bots_of, seats_of
from kiosk.table.worker import Worker
from kiosk.text import TextRenderer

__all__ = ["CardTableScene", "Offer", "ScoreSheet", "Selection", "ShownTrick"]

SELECTS = MENU_SELECTS  # select, a claim button, next: each picks


class CardTableScene(TableHooks, TableFrames, TableScene, TableText, PhonesPanel):
    """A trick-taking game between people and computers on one screen (see the module)."""

    game = "table"
    deck = FRENCH
    # The sizes of the table's text (design pixels), warmed before they are needed: most
    # of it READ, the title, the clock's digits, the score sheets' (kiosk.theme's too) and
    # the help line's keys. A game's scene adds its own.
    text_sizes: tuple[int, ...] = (READ, TITLE, 56, 54, 38, 32, 30, 24)
    painter_type: type[TablePainter] = TablePainter  # what draws it (a game may draw more)

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
        self._frames(thinker)  # nothing drawn yet; the cards made by the workers if any
        self.keys = keys if keys is not None else DEFAULT_KEYS  # the help line's key names
        self.last_open = False
        self._now = 0.0
        self._updated: float | None = None
        # Computers think on the thinker (when given), off the frame loop; a person out of
        # time gets the choice of the computer at the table's level.
        self.table = TableController(
            new_game, seats_of(bots), rng, game=table_game, pacing=pacing,
            turn_seconds=turn_seconds, level=level, level_bot=level_bot,
            worker=Worker(thinker), on_action=on_action, listener=self, start=False)
        self.start(bots, mode)

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

    def place(self, seat: int) -> str:
        return PLACES[self.players][(seat - self.orient) % self.players]

    def trick_winner(self, now: float) -> int | None:
        """The seat whose trick lies finished on the table, shown as its winner (None: none)."""
        if self.collect is None or now >= self.collect[1]:
            return None
        if any(now < p.at + SLIDE for p in self.trick):
            return None
        return self.collect[0]

    def last_trick(self) -> ShownTrick | None:
        """The trick won last in this hand (None before the first is won)."""
        return self.last_trick_of(self.view())

    def menu_window(self, shown: int) -> range:
        """The modes menu's rows a window of `shown` rows holds: round the lit row."""
        first = min(max(0, self.menu_index - shown // 2), self.menu_size - shown)
        return range(first, first + shown)

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

"""The Takhteh Nard (backgammon) screen: the board, the dice, the cube, and turns by buttons.

The scene draws the engine's game and turns a seat's buttons (or clicks) into engine
actions; the rules stay in `engines.backgammon`. A turn is chosen a single step (one
checker, one die) at a time, in any order, either die first: left/right move a cursor
among the checkers that may move, select picks one up, then left/right choose among
its targets (a hit glows red) and select puts it down; a checker that may bear off goes
off with the one press (back then puts it in hand, to move it inside instead). Back
takes back one step at a time; a finished turn is confirmed with one press and applied
as the engine's own canonical play. Which steps are offered is the engine's answer
(`engines.backgammon.steps`, asked by `TurnPicker`): every step that starts some legal
play, nothing else. A person's only legal play (or no play) is made for them a step at
a time, and said on the board and the panel. The turn flow is the table controller's
(`kiosk.table`): the dice (chance steps rolled with the injected random source, a
person's own roll when they press it), and the computer seats (`Bot`), which think
on the worker and then show their play one step at a time after a short pause, so
people can follow. The board keeps its shape in both languages; the side panel is
mirrored in Persian. Only the board or the panel is drawn again when it changes.

The cube stands on its owner's side of the board with the owner's name by it (and in
the panel). While a computer thinks the panel says so; once its checkers move it says
it is moving. **P** numbers the points, in the direction of the person at the TV (the
player on turn when two people play). **R** offers to resign: pressed again it raises
the offer (a single game, a gammon, a backgammon, then no offer), Enter (or *Offer*)
makes it, Esc takes it back; the opponent accepts or declines — a person with the
buttons, a computer by its own rule (`engines.backgammon.bots.answer_resignation`).

**?** asks for a hint on a person's decision: with a roll to play, the three best plays
the table's computer sees (`engines.backgammon.bots.hint` at its level; against the expert,
GNU Backgammon's own ranking with its equities,
`kiosk.games.backgammon.gnubg.hint_plays`), each with its
equity and winning chance; before a roll or answering a double, the cube decision (gnubg's,
or the level's computer's own). It is thought on the table's worker, like a computer's
move, says "thinking…" meanwhile, and goes once the player moves. **I** shows the Position
ID, Match ID and XGID of the position on the table and a field for one typed, or scanned
(a scanner types like a keyboard): ``PositionID:MatchID`` as gnubg prints it, a Position
ID alone, or an XGID sets the position up on the table (`position_from`; the seats and the
way of playing kept; its record starts with its first action, like any new game), and a
bad one is refused naming the part at fault, changing nothing. The panel's tool buttons
(Hint, IDs, Resign, New game) do the same by touch; the d-pad reaches them (down from the
board, left and right along a row, select presses, up or back returns to the board). The
help line under the board names the keys in text read from the sofa (42 px, a 30 px cap
height at 1080p). Every other line is at least 40 px (a 28 px cap): the board leaves the
side panel 648 design pixels, the points' numbers stand on the frame, a note too long
for the board's left half goes on a box across it, and the modes menu and the IDs box are
drawn over the board and the panel both (their longest rows whole), opaque. Everything
lies inside the TV's title-safe area.

This module holds the table's flow of the game (`BackgammonTable`), the seats' computers
(`Bot`) and random source (`Rng`), and the scene, `BackgammonScene`: the turns, the cube,
the panel's choices and the input. Its other parts are modules of their own: what the
screen says (`words`), the hint, the IDs, resigning and the tool buttons (`tools`), the
step picker (`picker`),
keeping the screen up to date frame by frame (`frames`), where everything lies (`layout`),
and the painters of the board (`paint`) and of the panel, the help line and the boxes over
the table (`panel`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any, Protocol

from engines.backgammon.options import Kind
from engines.backgammon.rules import (
    BAR,
    OFF,
    Board,
    CubeAction,
    Dice,
    GameResult,
    GameState,
    OpeningRoll,
    Phase,
    Play,
    ResignAnswer,
    View,
    apply,
)
from engines.backgammon.rules import (
    Action as GameAction,
)
from engines.registry import game as registered_game
from kiosk.config import DEFAULT_KEYS, Action
from kiosk.games.backgammon.frames import BackgammonFrames
from kiosk.games.backgammon.layout import TOOLS, Layout, screen_point
from kiosk.games.backgammon.phone import BackgammonPhones
from kiosk.games.backgammon.picker import TurnPicker
from kiosk.games.backgammon.tools import NOTICE_SECONDS
from kiosk.games.backgammon.words import (
    HINT_KEYS,
    IDS_KEY,
    NUMBERS_KEY,
    RESIGN_KEY,
    mode_key,
)
from kiosk.i18n import Translator
from kiosk.table.choices import Choices
from kiosk.table.controller import Move as TableMove
from kiosk.table.controller import Pacing, TableController
from kiosk.table.games import TableGame
from kiosk.table.router import SELECTS
from kiosk.table.seats import Mode, seats_of
from kiosk.table.worker import Worker
from kiosk.text import TextRenderer


@dataclass(frozen=True)
class BackgammonTable(TableGame):
    """Takhteh Nard's flow for the table: nothing hidden; a person rolls their own dice
    (the opening roll is made by itself); a computer's play is shown checker by checker."""

    def roller(self, state: Any) -> int | None:
        return state.turn if state.phase is Phase.ROLL else None

    def finished(self, before: Any, after: Any) -> bool:
        return len(after.games) > len(before.games)

    def stages(self, action: Any) -> int | None:
        return len(action.steps) if isinstance(action, Play) else None


BACKGAMMON = BackgammonTable(hidden=registered_game("backgammon").hidden is not None)

PAUSE = 0.8  # seconds between a computer's steps, and before automatic rolls
RESULT_PAUSE = 4.0  # a demo shows a result this long before going on


class Rng(Protocol):
    """The random source for dice and bots (`random.Random`, `secrets.SystemRandom`)."""

    def random(self) -> float: ...

    def randrange(self, stop: int) -> int: ...


class Bot(Protocol):
    """A computer player: one of the view's legal actions."""

    def choose(self, view: View, rng: Rng) -> GameAction: ...


class RandomBot:
    """A computer player that picks any legal action; a stand-in when no other bot exists."""

    def choose(self, view: View, rng: Rng) -> GameAction:
        actions = view.legal_actions
        return actions[rng.randrange(len(actions))]


Seating = Mapping[int, "Bot | None"] | Sequence["Bot | None"]  # each player's bot (None: a person)


def _pair(bots: Seating) -> tuple[Bot | None, Bot | None]:
    if isinstance(bots, Mapping):
        return bots.get(0), bots.get(1)
    return bots[0], bots[1]


# -- the scene ----------------------------------------------------------------------------------


class BackgammonScene(BackgammonPhones, BackgammonFrames):
    """A game or match of Takhteh Nard between people, computers, or both.

    The turn flow is the table controller's (`self.table`): the rolls, the computers
    (thinking on the worker when there is one) and the pauses between their steps, the
    stop after each game. The scene turns a person's cursor, clicks and buttons into the
    engine's actions. What the screen says is its `BackgammonWords` part; the hint, the IDs,
    resigning and the tool buttons its `BackgammonTools` part; the painting of what changed
    each frame its `BackgammonFrames` part, with the painters.
    """

    game = "backgammon"

    def __init__(
        self,
        text: TextRenderer,
        tr: Translator,
        new_game: Callable[[], GameState],
        bots: dict[int, Bot | None],
        rng: Rng,
        *,
        modes: Sequence[Mode] = (),
        mode: str | None = None,
        on_action: Callable[[object], None] | None = None,
        pause: float = PAUSE,
        thinker: Executor | None = None,
        rule_choices: Choices | None = None,
        keys: Mapping[Action, Sequence[str]] | None = None,
    ) -> None:
        self._screen(text, tr, modes, rule_choices)
        self.keys = keys if keys is not None else DEFAULT_KEYS  # the help line's key names
        self._frames(thinker)
        self.numbers = False  # the points numbered (P)
        self._tools()
        self.table = TableController(
            new_game, seats_of(_pair(bots)), rng, game=BACKGAMMON,
            pacing=Pacing(computer=pause, result=RESULT_PAUSE), worker=Worker(thinker),
            on_action=on_action, listener=self, start=False)
        self.start(bots, mode)

    # -- starting ---------------------------------------------------------------------------
    def start(self, bots: Seating, mode: str | None = None) -> None:
        """A new game (or match) with these computer seats."""
        pair = _pair(bots)
        self.table.start(seats_of(pair), mode or mode_key(dict(enumerate(pair))))

    def resume(self, state: GameState, bots: Seating, mode: str) -> None:
        """Carry on with a match rebuilt after a restart (the next one has its rules too)."""
        if self.rule_choices is not None:
            self.rule_choices.chosen = state.options
        self.table.resume(state, seats_of(_pair(bots)), mode)

    def began(self) -> None:
        """A new (or resumed) match is on the table: nothing picked, no result shown."""
        self._result: GameResult | None = None
        self._result_board: Board | None = None
        self.opening: OpeningRoll | None = None
        self.notice: str | None = None
        self._notice_until = 0.0
        self._begin_turn()

    # -- what the table says ----------------------------------------------------------------
    @property
    def bots(self) -> dict[int, Bot | None]:
        return {0: self.table.bot(0), 1: self.table.bot(1)}  # type: ignore[dict-item]

    @property
    def result(self) -> GameResult | None:
        """The game just finished, while the table stops for it."""
        stopped = self.table.result_due or self.table.showing_result
        return self._result if stopped else None

    @property
    def result_board(self) -> Board | None:
        return self._result_board if self.result is not None else None

    def human(self, player: int | None) -> bool:
        """A person at the TV plays `player` (or a phone's, while it acts: `acting`)."""
        return self.table.at_tv(player) or (player is not None and player == self._phone_seat)

    # -- what happens on the board ----------------------------------------------------------
    def applied(self, move: TableMove) -> None:
        """An action was applied (and journaled): the dice shown, a finished game's board,
        a declined resignation said."""
        action, before = move.action, move.before
        if action is ResignAnswer.DECLINE and before.turn is not None:
            self.notice = self.tr("backgammon.declined", player=self.name(1 - before.turn))
            self._notice_until = move.now + NOTICE_SECONDS
        if isinstance(action, OpeningRoll):
            self.opening = action
        elif isinstance(action, Dice):
            self.opening = None
        if move.finished:
            self._result = self.state.games[-1]
            self._result_board = before.board
            if isinstance(action, Play) and before.turn is not None:
                self._result_board = apply(before.board, before.turn, action)
        self._begin_turn()

    def showing(self, seat: int, action: object, shown: int) -> bool:
        """A computer's play is shown a checker at a time, on the turn picker."""
        if not isinstance(action, Play) or self.picker is None:
            return False
        step = action.steps[shown - 1]
        try:
            self.picker.step(step.from_point, step.to_point)
        except ValueError:
            return False
        return True

    def _apply(self, action: GameAction) -> None:
        """A person's decision (the panel's buttons, a finished turn)."""
        actor = self.state.current_player
        if actor is not None:
            self.table.submit(actor, action, 0.0)

    def _begin_turn(self) -> None:
        self.picker: TurnPicker | None = None
        self.picked: int | None = None
        self.cursor = 0
        self.choice = 0
        self.lifted: list[bool] = []  # per step: a checker borne off with one press
        self.forcing: Play | None = None  # a person's only play, being made for them
        self._forced_at: float | None = None
        self.resigning: Kind | None = None  # the resignation a person is about to offer
        self._close_hint()  # a hint is for one decision: it goes once anything is played
        state = self.state
        if state.phase is Phase.MOVE and state.turn is not None and state.dice is not None:
            self.picker = TurnPicker(state.board, state.turn, state.dice)
            if self.person(state.turn):
                self.forcing = self.picker.forced  # at the TV or on a phone

    def roll(self) -> None:
        """Roll the dice for the pending chance step."""
        self.table.roll(0.0)

    # -- what the player may choose now ------------------------------------------------------
    def choices(self) -> list[str]:
        """The panel's buttons now: names of what they do."""
        if self.menu_open:
            return []
        if self.result is not None:
            return ["next"]
        state = self.state
        if state.is_over:
            return ["next"]
        actor = state.current_player
        if self.resigning is not None:
            return ["offer", "cancel"]
        if state.phase is Phase.RESIGN and self.human(actor):
            return ["accept", "decline"]
        if state.phase is Phase.CUBE and self.human(actor):
            return ["roll", "double"]
        if state.phase is Phase.RESPOND and self.human(actor):
            return ["take", "drop"]
        if state.phase is Phase.ROLL and self.human(state.turn):
            return ["roll"]
        if state.phase is Phase.MOVE and self.human(actor) and self.picker is not None:
            if self.forcing is not None:
                return []  # the only play is being made for them
            done = self.picker.complete() is not None
            return ["undo", "done"] if done else (["undo"] if self.picker.steps else [])
        return []

    def sources(self) -> list[int]:
        if (self.picker is None or not self.human(self.state.current_player)
                or self.picked is not None or self.forcing is not None
                or self.resigning is not None):
            return []
        return self.picker.sources()

    def targets(self) -> list[int]:
        if self.picker is None or self.picked is None:
            return []
        return self.picker.targets(self.picked)

    def do(self, name: str) -> None:
        """Carry out a panel button (also what select does on it)."""
        state = self.state
        if name == "next":
            self._next_game()
        elif name in ("roll", "double") and state.phase is Phase.CUBE:
            self._apply(CubeAction.ROLL if name == "roll" else CubeAction.DOUBLE)
            if name == "roll":
                self.roll()
        elif name == "roll" and state.phase is Phase.ROLL:
            self.roll()
        elif name in ("take", "drop") and state.phase is Phase.RESPOND:
            self._apply(CubeAction.TAKE if name == "take" else CubeAction.DROP)
        elif name == "offer" and self.resigning is not None:
            self._offer_resign(self.resigning)
        elif name == "cancel":
            self.resigning = None
        elif name in ("accept", "decline") and state.phase is Phase.RESIGN:
            self._apply(ResignAnswer.ACCEPT if name == "accept" else ResignAnswer.DECLINE)
        elif name == "done" and self.picker is not None and self.forcing is None:
            play = self.picker.complete()
            if play is not None:
                self._apply(play)
        elif name == "undo":
            self.undo()

    def point_number(self, n: int) -> int:
        """The number shown on the board's point `n` (Light's numbering): the viewer's."""
        return screen_point(self.viewer(), n)

    def viewer(self) -> int:
        """Whose numbering the points are numbered in: the one person at the TV, else the
        player on turn (two people), else Light."""
        people = [p for p in (0, 1) if self.human(p)]
        if len(people) == 1:
            return people[0]
        turn = self.state.turn
        return turn if people and turn is not None else 0

    def undo(self) -> bool:
        """Put a picked-up checker down, or take back the turn's last step. A checker borne
        off with one press comes back in hand, its other targets offered."""
        if self.picked is not None:
            self.picked = None
            self.cursor = 0
            return True
        human = self.human(self.state.current_player)
        if self.picker is None or not human or self.forcing is not None:
            return False
        last = self.picker.undo()
        if last is None:
            return False
        self._close_hint()
        self.cursor = 0
        if self.lifted.pop():
            self.picked = last.from_point
            targets = self.targets()
            others = [i for i, t in enumerate(targets) if t != OFF]
            self.cursor = others[0] if others else 0
        return True

    def pick(self, source: int) -> bool:
        """Pick up a checker from `source` (mover's numbering); False if it may not move.
        A checker that may bear off goes off at once: one press a checker."""
        if source not in self.sources():
            return False
        assert self.picker is not None
        self._close_hint()
        self.cursor = 0
        if OFF in self.picker.targets(source):
            self.picker.step(source, OFF)
            self.lifted.append(True)
            return True
        self.picked = source
        return True

    def drop(self, target: int) -> bool:
        """Put the picked-up checker on `target`; False if it may not go there."""
        if self.picker is None or self.picked is None or target not in self.targets():
            return False
        self._close_hint()
        self.picker.step(self.picked, target)
        self.lifted.append(False)
        self.picked = None
        self.cursor = 0
        return True

    def _next_game(self) -> None:
        """On from a finished game (a new match after the last)."""
        self._result = None
        self._result_board = None
        self.table.proceed()

    def at_result(self) -> bool:
        return self.result is not None

    def go_on(self) -> None:
        self._next_game()

    def decision(self) -> int | None:
        """The seat whose person may act now: decide, or roll their dice."""
        if self.menu_open or self.result is not None:
            return None
        if self.forcing is not None:
            return None
        state = self.state
        seat = state.turn if state.phase is Phase.ROLL else state.current_player
        return seat if self.human(seat) else None

    def reveal(self) -> None:
        return None  # nothing is hidden at this table: nobody is asked for

    def seat_key(self, seat: int, action: Action, now: float) -> None:
        """The person on turn at `seat` pressed one of their own buttons."""
        if action is Action.BACK:
            self.undo()
        elif action in (Action.LEFT, Action.RIGHT, Action.UP, Action.DOWN):
            self._move_cursor(1 if action in (Action.RIGHT, Action.DOWN) else -1)
        elif action in SELECTS:
            self._select()

    # -- input -----------------------------------------------------------------------------
    def handle(self, action: Action | None, typed: str, now: float) -> None:
        if self.phones_key(action, now):
            return
        if self.ids_open:
            if action is Action.NEW_HAND and not typed:
                self.close_ids()  # the new-game button (no letter typed): on to the menu
            else:
                self._ids_key(action, typed)  # every key typed goes into the ID field
                return
        if action is Action.NEW_HAND:
            self.tool = None
            self._toggle_menu()
            return
        if self.menu_open:
            self._menu_key(action)
            return
        key = typed.lower()
        if key == NUMBERS_KEY:
            self.numbers = not self.numbers
            return
        if key == RESIGN_KEY:
            self.resign_key()
            return
        if typed in HINT_KEYS:
            self.toggle_hint(now)
            return
        if key == IDS_KEY:
            self.open_ids()
            return
        if self.tool is not None:
            self._tool_key(action, now)
            return
        if action in (Action.UP, Action.DOWN):
            self.tool = 0  # the d-pad goes down to the panel's tools (hint, IDs, resign…)
            return
        if action is Action.BACK and self.hint_open:
            self._close_hint()
            return
        if action is Action.BACK and self.resigning is not None:
            self.resigning = None
            return
        if action is Action.BACK:
            if not self.undo():
                self.request = "home"
            return
        if action in (Action.LEFT, Action.RIGHT):
            self._move_cursor(1 if action is Action.RIGHT else -1)
        elif action in (Action.SELECT, Action.CLAIM, Action.NEXT):
            self._select()

    def _cursor_items(self) -> list[int]:
        return self.targets() if self.picked is not None else self.sources()

    def _move_cursor(self, step: int) -> None:
        items = self._cursor_items()
        if items:
            self.cursor = (self.cursor + step) % len(items)
            return
        buttons = self.choices()
        if buttons:
            # The buttons run right to left in Persian; right still means the one on the right.
            self.choice = (self.choice + (-step if self.rtl else step)) % len(buttons)

    def _select(self) -> None:
        items = self._cursor_items()
        if items:
            item = items[min(self.cursor, len(items) - 1)]
            if self.picked is None:
                self.pick(item)
            else:
                self.drop(item)
            return
        buttons = self.choices()
        if not buttons:
            return
        if "done" in buttons:
            self.do("done")
        else:
            self.do(buttons[min(self.choice, len(buttons) - 1)])

    def click(self, pos: tuple[int, int], now: float) -> None:
        layout = self._layout
        if layout is None:
            return
        if self.menu_open:
            for i, rect in enumerate(self._menu_rects):
                if rect.collidepoint(pos):
                    self.menu_pick(i)
                    return
            self.menu_open = False
            return
        self.tool = None
        for i, rect in enumerate(layout.tools):
            if rect.collidepoint(pos) and (TOOLS[i] != "new_game" or self.modes):
                self.use_tool(TOOLS[i], now)
                return
        if self.ids_open:
            self.close_ids()  # a touch beside the panel's tools puts the IDs away
            return
        if self.hint_open and self._hint_box is not None and self._hint_box.collidepoint(pos):
            self._close_hint()
            return
        for rect, name in self._hit_buttons:
            if rect.collidepoint(pos):
                self.do(name)
                return
        if self.result is not None:
            self._next_game()
            return
        where = self._board_spot(layout, pos)
        if where is None:
            return
        if self.picked is not None and where in self.targets():
            self.drop(where)
        elif where in self.sources():
            self.pick(where)
        elif self.picked is not None and where == self.picked:
            self.picked = None
        elif self.picked is not None:
            self.picked = None
            self.pick(where)

    def _board_spot(self, layout: Layout, pos: tuple[int, int]) -> int | None:
        """The point under `pos` in the mover's numbering (25 the bar, 0 their tray)."""
        player = self.state.turn
        if player is None:
            return None
        if layout.bar.collidepoint(pos):
            return BAR
        if layout.trays[player].inflate(layout.px(10), layout.px(10)).collidepoint(pos):
            return OFF
        for n, rect in layout.points.items():
            column = rect.inflate(0, layout.px(20))
            if column.collidepoint(pos):
                return screen_point(player, n)
        return None

    # -- the clock: computers and automatic rolls --------------------------------------------
    def update(self, now: float) -> None:
        self.table.update(now, held=self.menu_open or self.ids_open)
        self._poll_hint()
        if self.notice is not None and now >= self._notice_until:
            self.notice = None
        if self.forcing is not None and not self.menu_open:
            self._play_forced(now)

    def _play_forced(self, now: float) -> None:
        """A person's only play is made for them a step at a time, said as it is made."""
        play, picker, turn = self.forcing, self.picker, self.state.turn
        assert play is not None and picker is not None and turn is not None
        if self._forced_at is None:
            self._forced_at = now + self.table.pacing.computer
            return
        if now < self._forced_at:
            return
        if len(picker.steps) < len(play.steps):
            step = play.steps[len(picker.steps)]
            picker.step(step.from_point, step.to_point)
            self._forced_at = now + self.table.pacing.computer
            return
        said = self.forced_text()
        self.table.submit(turn, play, now)
        self.notice, self._notice_until = said, now + NOTICE_SECONDS

    # -- what the board shows ----------------------------------------------------------------
    def shown_board(self) -> Board:
        if self.result_board is not None:
            return self.result_board
        if self.picker is not None:
            return self.picker.board
        return self.state.board

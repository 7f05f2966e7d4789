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
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, replace
from typing import Any, Protocol

import pygame

from engines.backgammon import cube as cube_rules
from engines.backgammon.bots import hint as bot_hint
from engines.backgammon.exchange import export_ids, export_xgid, import_ids, import_xgid
from engines.backgammon.ids import IdError, MatchInfo, decode_match_id, decode_position_id
from engines.backgammon.ids import match_id as write_match_id
from engines.backgammon.net import evaluate
from engines.backgammon.options import GameOptions, Kind, OptionsError
from engines.backgammon.rules import (
    BAR,
    CHANCE,
    OFF,
    POINTS,
    Board,
    CubeAction,
    Dice,
    GameResult,
    GameState,
    OpeningRoll,
    Phase,
    Play,
    Resign,
    ResignAnswer,
    RuleError,
    Step,
    View,
    apply,
)
from engines.backgammon.rules import (
    Action as GameAction,
)
from engines.backgammon.steps import step_tree
from engines.registry import game as registered_game
from kiosk import theme
from kiosk.config import DEFAULT_KEYS, Action
from kiosk.games.backgammon.gnubg import EXPERT, GnubgBot, GnubgError, hint_cube, hint_plays
from kiosk.i18n import Translator
from kiosk.scenes.budget import DRAW_BUDGET, WHOLE_AFTER, Budget
from kiosk.scenes.card_table.pieces import (
    HelpPair,
    Label,
    Piece,
    draw_pair,
    key_label,
    pair_width,
    wrap_pairs,
)
from kiosk.scenes.modes import TableScene
from kiosk.table.choices import Choices
from kiosk.table.controller import Move as TableMove
from kiosk.table.controller import Pacing, TableController
from kiosk.table.games import TableGame
from kiosk.table.pool import ThinkingPool
from kiosk.table.router import SELECTS
from kiosk.table.seats import Mode, seats_of
from kiosk.table.worker import Job, Worker
from kiosk.text import TextRenderer, aligned
from kiosk.theme import (
    ACCENT,
    BACKGROUND,
    GOOD,
    OVERLAY,
    PANEL,
    PANEL_EDGE,
    TEXT,
    TEXT_DIM,
    Colour,
    safe_area,
)


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

FRAME: Colour = (92, 58, 34)
FELT: Colour = (30, 92, 70)
POINT_A: Colour = (226, 196, 142)
POINT_B: Colour = (156, 54, 44)
BAR_WOOD: Colour = (74, 46, 27)
TRAY: Colour = (22, 64, 50)
CHECKER: tuple[Colour, Colour] = ((244, 238, 222), (40, 36, 40))
CHECKER_EDGE: tuple[Colour, Colour] = ((160, 146, 120), (120, 112, 118))
CHECKER_TEXT: tuple[Colour, Colour] = ((30, 30, 30), (240, 240, 240))
TARGET: Colour = (255, 236, 120)
DIE_USED: Colour = (120, 120, 120)
# Every line on the screen is at least 40 px Noto Sans at 1080p (a 28 px cap, DESIGN §3b).
SMALL = 40
CARD = theme.PlateLook(fill=BACKGROUND, edge=PANEL_EDGE, radius=14, sizes=(SMALL, SMALL))
# Opaque: a menu or a box over the table hides what is under it (the board's glow, a note).
MENU = theme.MenuLook(row=86, title=52, text=SMALL, top=20, bottom=40, alpha=255, radius=16)
MENU_ROW_MIN = 60  # the closest the menu's rows come (the text stays 40 px)
MENU_W = 1300  # the modes menu, over the board and the panel: its longest row at full size
IDS_W = 1400  # the IDs box, likewise: an XGID on one line at READ
PANEL_W = 648  # the side panel: its lines (a mode, a score, a prompt) at 40 px unshrunk
CUBE_W = 100  # the cube's column: a 44 px number on the cube, its owner's name at 40 px
CUBE = 84  # the cube's side (at most the column's)
FRAME_RAIL = 48  # the board's frame above and below the points: their numbers at 40 px

STACK = 5  # checkers drawn on a point before the rest become a number
BAR_STACK = 3
PAUSE = 0.8  # seconds between a computer's steps, and before automatic rolls
NOTICE_SECONDS = 4.0  # a forced play is said this long after it is made
HIT: Colour = (236, 96, 64)  # a target where the step hits a blot
RESULT_PAUSE = 4.0  # a demo shows a result this long before going on
MODE_KEYS = ("hotseat", "easy", "medium", "hard", "demo")
NUMBERS_KEY = "p"  # typed: the points numbered on request
RESIGN_KEY = "r"  # typed: offer to resign (again: a higher offer)
HINT_KEYS = ("?", "؟")  # typed: the hint (a Persian keyboard's question mark too)
IDS_KEY = "i"  # typed: the position's IDs, and a field to set a position up from one
HINT_COUNT = 3  # the best plays a hint shows
ENTRY_MAX = 80  # characters the ID field takes (an XGID has about 55)
TOOLS = ("hint", "ids", "resign", "new_game")  # the panel's tool buttons, in reading order
# Text a player reads from the sofa: 42 px Noto Sans has a cap height of 30 px at 1080p
# (DESIGN §3b: at least 28). The help line and the overlays use it.
READ = 42
HELP_ROW = 64  # the pitch of the help line's rows
HELP_ROWS = 3  # rows kept for it under the board (the board leaves the panel its width)
KEY_H = 54  # a key's cap in the help line (an arrow key's is ARROW_W wide)
ARROW_W = 40
PAIR_GAP = 30  # between the help line's pairs
WARN: Colour = (255, 150, 136)  # a refusal on the overlay (7:1 on it)
OVERLAY_ROW = 60  # the pitch of the overlays' lines of READ text
NOTE_LEADING = 1.25  # two lines of SMALL text between the points' tips
INFO_ROW = 50  # the pitch of the match line's lines of SMALL text
PROMPT_LEADING = 1.4  # three lines of SMALL text fill the prompt's place
# The sizes of the screen's text (design pixels), most used first: the help line and the
# overlays (READ), the prompt, the buttons and the cube's number, the cards, the match line,
# the tools and the numbers (SMALL), the title, the result, the menu's title.
TEXT_SIZES = (READ, 44, SMALL, 60, 46, 52)


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


def mode_key(bots: dict[int, Bot | None]) -> str:
    """The catalogue name of a seating: two people, one against a computer, or a demo."""
    count = sum(1 for p in (0, 1) if bots.get(p) is not None)
    return ("hotseat", "vs_bot", "demo")[count]


# -- choosing a turn step by step ------------------------------------------------------------------


class TurnPicker:
    """The steps chosen so far this turn, and the steps that may follow.

    Which single steps may follow is the engine's answer (`engines.backgammon.steps`):
    any step that, with the steps so far, starts some legal play, in any order, either
    die first, a hit marked. The picker keeps the steps and asks; it tries nothing.
    """

    def __init__(self, board: Board, player: int, dice: Dice) -> None:
        self.player = player
        self.dice = dice
        self.tree = step_tree(board, player, dice)
        self.steps: list[Step] = []
        self._next = self.tree.next_steps(self.steps)

    @property
    def board(self) -> Board:
        return self.tree.board_after(self.steps)

    @property
    def no_move(self) -> bool:
        """No legal move: the turn passes."""
        return self.tree.most == 0

    @property
    def forced(self) -> Play | None:
        """The one legal play when there is no choice (the empty play when no move)."""
        if not self.tree.forced:
            return None
        return next(iter(self.tree.results.values()))

    def _refresh(self) -> None:
        self._next = self.tree.next_steps(self.steps)

    def sources(self) -> list[int]:
        """Points (25 = bar) a checker may be picked up from, the bar and far points first."""
        return sorted({s.from_point for s in self._next}, reverse=True)

    def targets(self, source: int) -> list[int]:
        """Where a checker from `source` may go (0 = off), the nearest first."""
        return sorted({s.to_point for s in self._next if s.from_point == source}, reverse=True)

    def hits(self, source: int) -> list[int]:
        """The targets of `source` where the step hits a blot."""
        return [s.to_point for s in self._next if s.from_point == source and s.hit]

    def step(self, source: int, target: int) -> Step:
        """Make one step; ValueError if it is not one of the steps that may follow."""
        made = next((s for s in self._next if (s.from_point, s.to_point) == (source, target)),
                    None)
        if made is None:
            raise ValueError(f"{source}/{target} cannot be played now")
        self.steps.append(made)
        self._refresh()
        return made

    def undo(self) -> Step | None:
        """Take back the last step (returned); None if there was none."""
        if not self.steps:
            return None
        last = self.steps.pop()
        self._refresh()
        return last

    def complete(self) -> Play | None:
        """The engine's legal play the steps make, once they make a whole one."""
        if not self.tree.is_complete(self.steps):
            return None
        return self.tree.play_of(self.steps)

    def dice_left(self) -> list[int]:
        """The dice not yet used by the steps so far."""
        return self.tree.dice_left(self.steps)

    def text(self) -> str:
        """The steps so far in the players' notation (``24/23/20*``), "" before any."""
        return str(Play(tuple(self.steps))) if self.steps else ""


# -- the hint: the best plays and the cube decision a level sees -----------------------------------


@dataclass(frozen=True)
class AdvicePlay:
    """One of the best plays: the play, its equity for the mover, its winning chance."""

    play: Play
    equity: float
    win: float | None


@dataclass(frozen=True)
class Advice:
    """What the hint shows: whose advice (a computer level, or GNU Backgammon at `ply`),
    the best plays of the roll (best first), or the cube decision (a key of the
    backgammon.advice catalogue), or why there is none (`failed`)."""

    level: str
    ply: int | None = None
    plays: tuple[AdvicePlay, ...] = ()
    cube: str | None = None
    cube_equities: tuple[tuple[str, float], ...] = ()  # no_double, double_take, double_pass
    failed: str | None = None


def _cube_words(phase: Phase, double: bool, take: bool, too_good: bool) -> str:
    """The cube decision as the catalogue's backgammon.advice key: the answer to a double,
    or whether to double (and what the other side should answer)."""
    if phase is Phase.RESPOND:
        return "take" if take else "drop"
    if double:
        return "double_take" if take else "double_pass"
    return "too_good" if too_good else "no_double"


def advise(view: View, level: str, expert: GnubgBot | None = None,
           count: int = HINT_COUNT, jacoby: bool = False) -> Advice:
    """The hint for a person's decision in `view`: with a roll to play, the `count` best
    plays `level` sees (`engines.backgammon.bots.hint`), or GNU Backgammon's with its
    equities (`expert`, at its ply); before a roll or answering a double, the cube
    decision with the cubeful equities behind it (gnubg's, or the kiosk's cube model,
    `engines.backgammon.cube.analyse`, on the learned evaluation's chances; `jacoby`:
    money play under the Jacoby rule). Runs on the table's worker: gnubg takes a moment.
    A gnubg failure is said, not raised."""
    if view.phase not in (Phase.MOVE, Phase.CUBE, Phase.RESPOND):
        raise ValueError(f"a hint is for a roll to play or a cube decision, not {view.phase}")
    if expert is not None:
        try:
            if view.phase is Phase.MOVE:
                ranked = hint_plays(view, expert.ply, count, path=expert.path,
                                    timeout=expert.timeout)
                return Advice(EXPERT, expert.ply,
                              tuple(AdvicePlay(h.play, h.equity, h.win) for h in ranked))
            cube = hint_cube(view, expert.ply, path=expert.path, timeout=expert.timeout)
        except GnubgError as exc:
            return Advice(EXPERT, expert.ply, failed=str(exc))
        too_good = cube.proper.lower().startswith("too good")
        return Advice(EXPERT, expert.ply,
                      cube=_cube_words(view.phase, cube.double, cube.take, too_good),
                      cube_equities=cube.equities)
    if view.phase is Phase.MOVE:
        return Advice(level, plays=tuple(AdvicePlay(h.play, h.equity, h.win)
                                         for h in bot_hint(view, level, count)))
    assert view.turn is not None  # before a roll or answering a double: someone's turn
    analysis = cube_rules.analyse(view, evaluate(view.board, view.turn), jacoby=jacoby)
    equities = tuple((key, value) for key, value in (
        ("no_double", analysis.no_double), ("double_take", analysis.double_take),
        ("double_pass", analysis.double_pass)) if value is not None)
    return Advice(level, cube=_cube_words(view.phase, analysis.double, analysis.take,
                                          analysis.too_good), cube_equities=equities)


# -- setting a position up from an ID ------------------------------------------------------------


class SetUpError(ValueError):
    """An ID typed or scanned that sets nothing up: the catalogue key of the message
    (backgammon.ids.…) and its values."""

    def __init__(self, key: str, **values: str) -> None:
        super().__init__(f"{key}: {values}")
        self.key = key
        self.values = values


def position_from(text: str, options: GameOptions) -> GameState:
    """The game an ID sets up, as players copy one: ``PositionID:MatchID`` as gnubg prints
    it, a Position ID alone (player 0 on roll, no dice, no score, the cube in the middle,
    the table's match length), or an XGID (``XGID=`` optional). The table's rules are
    kept where the ID allows them (else a classic game at the ID's match length).
    Raises SetUpError naming what is wrong; nothing is changed."""
    body = "".join(text.split())  # a scanner's or a copy's spaces and line ends
    if not body:
        raise SetUpError("bad_text")
    if body.upper().startswith("XGID=") or body.count(":") >= 9:
        what, position, match = "xgid", body, ""
    elif body.count(":") == 1:
        what = ""
        position, match = body.split(":")
    elif ":" not in body:
        what, position = "", body
        match = write_match_id(MatchInfo(match_length=options.match_length, jacoby=False))
    else:
        raise SetUpError("bad_text")
    if what != "xgid":
        for part, value, decode in (("position", position, decode_position_id),
                                    ("match", match, decode_match_id)):
            try:
                decode(value)
            except IdError as exc:
                raise SetUpError("bad", what=part, why=exc.message) from None

    def build(base: GameOptions | None) -> GameState:
        if what == "xgid":
            return import_xgid(body, base)
        return import_ids(position, match, base)

    try:
        return build(options)
    except IdError as exc:
        raise SetUpError("bad", what=what or "match", why=exc.message) from None
    except (RuleError, OptionsError) as first:
        try:
            return build(None)  # the table's rules do not fit the ID: a classic game
        except IdError as exc:
            raise SetUpError("bad", what=what or "match", why=exc.message) from None
        except (RuleError, OptionsError):
            raise SetUpError("refused", why=str(first)) from None


# -- layout -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Layout(theme.Scaled):
    """Every region of the screen for one size and direction (points in player 0's numbering)."""

    size: tuple[int, int]
    unit: float
    board: pygame.Rect
    inner: pygame.Rect
    points: dict[int, pygame.Rect]
    bar: pygame.Rect
    trays: tuple[pygame.Rect, pygame.Rect]
    cube_column: pygame.Rect
    checker: int
    die: int
    dice_centre: tuple[int, int]
    panel: pygame.Rect
    title: pygame.Rect
    mode: pygame.Rect
    cards: tuple[pygame.Rect, pygame.Rect]
    info: pygame.Rect
    prompt: pygame.Rect
    note: pygame.Rect
    buttons: tuple[pygame.Rect, ...]
    tools: tuple[pygame.Rect, ...]  # the panel's hint, IDs, resign and new game buttons
    help: pygame.Rect  # under the board: the keys and what they do
    band: pygame.Rect  # between the points' tips across the board: a note too long for `note`

    @property
    def new_game(self) -> pygame.Rect:
        return self.tools[TOOLS.index("new_game")]


def make_layout(size: tuple[int, int], rtl: bool) -> Layout:
    """The board on the start side of the screen is a board in both languages, the help
    line (keys and what they do) under it; the panel beside it is on the right in English
    and on the left in Persian. Everything lies inside the title-safe area (5 % in from
    each edge, for TV overscan)."""
    unit = theme.unit_of(size)
    px = theme.scaler(unit)

    safe = safe_area(size)
    gap = px(28)
    help_h = HELP_ROWS * px(HELP_ROW)
    board_w = safe.width - gap - px(PANEL_W)
    board = pygame.Rect(safe.left, safe.top, board_w, safe.height - help_h - px(8))
    help_rect = pygame.Rect(board.left, board.bottom + px(8), board.width, help_h)
    panel = pygame.Rect(board.right + gap, safe.top, safe.right - board.right - gap,
                        safe.height)
    if rtl:
        board.right = safe.right
        help_rect.left = board.left
        panel.left = safe.left
    # The frame's top and bottom hold the points' numbers (P), clear of the checkers, the
    # dice and the note between the points' tips.
    frame, rail = px(18), px(FRAME_RAIL)
    inner = board.inflate(-2 * frame, -2 * rail)
    cube_w = px(CUBE_W)
    pw = (inner.width - cube_w) / 13.9  # twelve points, the bar (0.9) and the tray (1)
    bar_w, tray_w = round(0.9 * pw), inner.width - cube_w - round(12.9 * pw)
    left_x = inner.left + cube_w
    bar_x = left_x + round(6 * pw)
    right_x = bar_x + bar_w
    tray_x = right_x + round(6 * pw)
    pad = px(10)
    length = round(inner.height * 0.42) - pad
    checker = min(round(pw * 0.92), length // STACK)
    points: dict[int, pygame.Rect] = {}
    for n in range(1, POINTS + 1):
        if n <= 6:
            x, top = right_x + (6 - n) * pw, inner.bottom - pad - length
        elif n <= 12:
            x, top = left_x + (12 - n) * pw, inner.bottom - pad - length
        elif n <= 18:
            x, top = left_x + (n - 13) * pw, inner.top + pad
        else:
            x, top = right_x + (n - 19) * pw, inner.top + pad
        points[n] = pygame.Rect(round(x), top, round(x + pw) - round(x), length)
    bar = pygame.Rect(bar_x, inner.top, bar_w, inner.height)
    tray_box = (tray_x + pad, tray_w - 2 * pad)
    trays = (
        pygame.Rect(tray_box[0], inner.bottom - pad - length, tray_box[1], length),
        pygame.Rect(tray_box[0], inner.top + pad, tray_box[1], length),
    )
    cube_column = pygame.Rect(inner.left, inner.top, cube_w, inner.height)
    die = round(pw * 0.72)
    dice_centre = (right_x + round(3 * pw), inner.centery)
    gap = inner.height - 2 * (length + pad)  # between the top and the bottom points
    # The note (two lines of 40 px) in the left half, between the points' tips.
    note = pygame.Rect(left_x + pad, 0, round(6 * pw) - 2 * pad, gap - px(8))
    note.centery = inner.centery
    band = pygame.Rect(left_x + pad, 0, tray_x - left_x - 2 * pad, note.height + px(20))
    band.centery = inner.centery  # a little over the points' tips: room for its edge

    inside = panel.inflate(-2 * px(24), -2 * px(20))
    # Top to bottom at 1080p (932 px inside): the title, the way of playing, the two cards
    # (two lines of 40 px each), the match line (up to three lines of 40 px), the prompt
    # (three lines of 40 px), the choice buttons and two rows of tools.
    title = pygame.Rect(inside.left, inside.top, inside.width, px(64))
    mode = pygame.Rect(inside.left, title.bottom, inside.width, px(50))
    card_h = px(118)
    card0 = pygame.Rect(inside.left, mode.bottom + px(10), inside.width, card_h)
    card1 = pygame.Rect(inside.left, card0.bottom + px(10), inside.width, card_h)
    info = pygame.Rect(inside.left, card1.bottom + px(6), inside.width, 3 * px(INFO_ROW))
    # The tools: two rows of two at the foot of the panel (in Persian the first on the right).
    tool_h, tool_gap = px(60), px(10)
    half = (inside.width - tool_gap) // 2
    tools: list[pygame.Rect] = []
    for i in range(len(TOOLS)):
        row, column = divmod(i, 2)
        top = inside.bottom - (2 - row) * tool_h - (1 - row) * tool_gap
        first = column == 0
        left = inside.left if first != rtl else inside.right - half
        tools.append(pygame.Rect(left, top, half, tool_h))
    button_h = px(76)
    row = pygame.Rect(inside.left, tools[0].top - px(14) - button_h, inside.width, button_h)
    first = pygame.Rect(row.left, row.top, half, button_h)
    second = pygame.Rect(row.right - half, row.top, half, button_h)
    buttons = (second, first) if rtl else (first, second)
    prompt = pygame.Rect(inside.left, info.bottom + px(6), inside.width,
                         row.top - px(8) - info.bottom - px(6))
    return Layout(
        size=size, unit=unit, board=board, inner=inner, points=points, bar=bar,
        trays=trays, cube_column=cube_column, checker=checker, die=die,
        dice_centre=dice_centre, panel=panel, title=title, mode=mode, cards=(card0, card1),
        info=info, prompt=prompt, note=note, buttons=buttons, tools=tuple(tools),
        help=help_rect, band=band,
    )


def screen_point(player: int, point: int) -> int:
    """A point of `player`'s numbering as player 0's (the board's drawing order)."""
    return point if player == 0 else POINTS + 1 - point


# -- the scene ----------------------------------------------------------------------------------


class BackgammonScene(TableScene):
    """A game or match of Takhteh Nard between people, computers, or both.

    The turn flow is the table controller's (`self.table`): the rolls, the computers
    (thinking on the worker when there is one) and the pauses between their steps, the
    stop after each game. The scene lays out and draws the board, and turns a person's
    cursor, clicks and buttons into the engine's actions.
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
        self._shown_board: tuple[object, ...] | None = None
        self._shown_panel: dict[str, tuple[object, ...]] = {}  # each part's look, as shown
        self._cut = 0  # frames in a row that left a part for later
        # On the kiosk's frame loop a frame paints changed parts until its budget is spent
        # and leaves the rest to the next (kiosk.scenes.budget).
        self.budget = Budget(DRAW_BUDGET if isinstance(thinker, ThinkingPool) else None)
        self._shown_help: tuple[object, ...] | None = None
        self._shown_over: tuple[object, ...] | None = None  # the box over the table, as shown
        self._shown_over_box: pygame.Rect | None = None
        self._hit_buttons: list[tuple[pygame.Rect, str]] = []
        self._shown_rtl: bool | None = None
        self.numbers = False  # the points numbered (P)
        self.hint_open = False  # the hint is asked for (? or the Hint button)
        self.advice: Advice | None = None  # the hint, once thought
        self._advice_job: Job | None = None
        self._hint_box: pygame.Rect | None = None
        self.ids_open = False  # the position's IDs, and the field to set one up (I)
        self.entry = ""  # what is typed (or scanned) in the ID field
        self.ids_message: str | None = None  # what became of the last ID entered
        self.ids_detail = ""  # why it was refused, in the engine's words (Latin, one line)
        self.ids_good = False
        self.tool: int | None = None  # the tool button the d-pad is on (None: the board)
        self.labels: dict[str, Label] = {}  # lines of text a player reads, as last drawn
        self.label_rtl: dict[str, bool] = {}  # the direction each was drawn in
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
        """A person at the TV plays `player`."""
        return self.table.at_tv(player)

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
            if self.human(state.turn):
                self.forcing = self.picker.forced

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

    # -- resigning -------------------------------------------------------------------------
    def resigner(self) -> int | None:
        """The person on turn who may offer to resign now (None: nobody)."""
        state = self.state
        turn = state.turn
        if (self.menu_open or self.result is not None or self.forcing is not None
                or turn is None or not self.human(turn) or not state.resign_offers(turn)):
            return None
        return turn

    def resign_key(self) -> None:
        """R: offer to resign a single game; again, a gammon, a backgammon, then no offer."""
        turn = self.resigner()
        if turn is None:
            self.resigning = None
            return
        kinds = [offer.kind for offer in self.state.resign_offers(turn)]
        if self.resigning is None:
            self.resigning = kinds[0]
        else:
            after = kinds.index(self.resigning) + 1
            self.resigning = kinds[after] if after < len(kinds) else None
        self.picked = None
        self.choice = 0

    def _offer_resign(self, kind: Kind) -> None:
        """The person on turn offers to resign as `kind`; the opponent answers."""
        turn = self.resigner()
        self.resigning = None
        if turn is None:
            return
        if self.state.current_player == CHANCE:  # before their roll
            self.table.apply(Resign(kind), 0.0)
        else:
            self.table.submit(turn, Resign(kind), 0.0)

    def kind_text(self, kind: Kind) -> str:
        return self.tr(f"backgammon.resign_kinds.{Kind(kind)}")

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

    # -- the tools: hint, IDs, resign, new game (buttons for touch and the d-pad) -------------
    def tool_enabled(self, name: str) -> bool:
        """Whether the tool button `name` does something now."""
        if self.menu_open:
            return name == "new_game" and bool(self.modes)
        if name == "hint":
            return self.hint_open or self.hint_allowed()
        if name == "resign":
            return self.resigning is not None or self.resigner() is not None
        if name == "new_game":
            return bool(self.modes)
        return name == "ids"

    def use_tool(self, name: str, now: float) -> None:
        """A tool button pressed (touched, or select on it): the same as its key."""
        self.tool = None
        if not self.tool_enabled(name):
            return
        if self.ids_open:
            self.close_ids()  # the IDs go away; the IDs button itself only closes them
            if name == "ids":
                return
        if name == "hint":
            self.toggle_hint(now)
        elif name == "ids":
            self.open_ids()
        elif name == "resign":
            self.resign_key()
        elif name == "new_game":
            self._toggle_menu()

    def _tool_key(self, action: Action | None, now: float) -> None:
        """The d-pad on the tools, two rows of two: left and right along a row (as they
        stand on the screen), up and down between the rows (up from the top row goes back
        to the board), select presses one, back goes back to the board."""
        assert self.tool is not None
        row, column = divmod(self.tool, 2)
        if action in (Action.LEFT, Action.RIGHT):
            column = int((action is Action.RIGHT) != self.rtl)
        elif action is Action.UP:
            if row == 0:
                self.tool = None
                return
            row = 0
        elif action is Action.DOWN:
            row = 1
        elif action in SELECTS:
            self.use_tool(TOOLS[self.tool], now)
            return
        elif action is Action.BACK:
            self.tool = None
            return
        self.tool = min(len(TOOLS) - 1, 2 * row + column)

    # -- the hint ----------------------------------------------------------------------------
    def hint_allowed(self) -> bool:
        """A person at the TV has a decision a hint speaks to: a roll to play (with a
        choice), or the cube (before their roll, or answering a double)."""
        if self.menu_open or self.result is not None or self.resigning is not None:
            return False
        state = self.state
        actor = state.current_player
        if actor is None or actor == CHANCE or not self.human(actor):
            return False
        if state.phase is Phase.MOVE:
            return self.picker is not None and self.forcing is None
        return state.phase in (Phase.CUBE, Phase.RESPOND)

    def hint_source(self) -> tuple[str, GnubgBot | None]:
        """Whose hint: GNU Backgammon when the computer at the table is the expert, else
        that computer's level (the hard one between two people)."""
        computers = [self.table.bot(p) for p in (0, 1)]
        for bot in computers:
            if isinstance(bot, GnubgBot):
                return EXPERT, bot
        for bot in computers:
            level = getattr(bot, "level", None)
            if level in ("easy", "medium", "hard"):
                return str(level), None
        return "hard", None

    def toggle_hint(self, now: float = 0.0) -> None:
        """Show the best plays (or the cube decision) the table's computer sees, thought on
        the table's worker; pressed again, put it away. Off turn it says when it is given."""
        if self.hint_open:
            self._close_hint()
            return
        if not self.hint_allowed():
            self.notice = self.tr("backgammon.advice.none")
            self._notice_until = now + NOTICE_SECONDS
            return
        actor = self.state.current_player
        assert actor is not None
        level, expert = self.hint_source()
        self.hint_open = True
        self.advice = None
        self._advice_job = self.table.worker.start(advise, self.state.view(actor), level,
                                                   expert, HINT_COUNT,
                                                   self.state.options.uses_jacoby)

    def _close_hint(self) -> None:
        job = getattr(self, "_advice_job", None)
        if job is not None:
            job.cancel()
        self._advice_job = None
        self.advice = None
        self.hint_open = False

    def _poll_hint(self) -> None:
        """The hint's thinking is done: show it (a failure is said on it)."""
        job = self._advice_job
        if job is None or not job.ready():
            return
        self._advice_job = None
        if job.stale:
            self._close_hint()
            return
        try:
            self.advice = job.result()
        except Exception as exc:  # the thinking's own failure: said, and the game goes on
            self.advice = Advice(self.hint_source()[0], failed=str(exc))

    # -- the IDs: shown, and a position set up from one ------------------------------------
    def ids(self) -> tuple[str, str, str] | None:
        """The Position ID, Match ID and XGID of the position on the table (None before
        the opening roll has decided who plays, or when the match is over)."""
        try:
            position, match = export_ids(self.state)
            return position, match, export_xgid(self.state)
        except IdError:
            return None

    @property
    def wants_text(self) -> bool:
        """The screen takes typing now (the ID field): a scanner's burst is an ID to set up,
        every key typed a character, none a shortcut."""
        return self.ids_open

    def open_ids(self) -> None:
        """Show the IDs, with an empty field to set a position up (I, or the IDs button)."""
        self._close_hint()
        self.tool = None
        self.ids_open = True
        self.entry = ""
        self.ids_message = None
        self.ids_detail = ""

    def close_ids(self) -> None:
        self.ids_open = False
        self.entry = ""
        self.ids_message = None
        self.ids_detail = ""

    def _ids_key(self, action: Action | None, typed: str) -> None:
        """A key while the IDs are shown: typed characters (a scanner's too) go into the
        field, Backspace takes one back, Enter sets the position up (or, with nothing
        typed, closes), Esc closes."""
        if action is Action.BACK or typed == "\x1b":
            self.close_ids()
        elif typed in ("\r", "\n") or (action in SELECTS and not typed.strip()):
            if self.entry.strip():
                self.set_up(self.entry)
            else:
                self.close_ids()
        elif action is Action.ERASE or typed == "\b":
            self.entry = self.entry[:-1]
            self.ids_message, self.ids_detail = None, ""
        elif len(typed) == 1 and typed.isprintable() and len(self.entry) < ENTRY_MAX:
            self.entry += typed
            self.ids_message, self.ids_detail = None, ""

    def set_up(self, text: str) -> bool:
        """Set the position an ID names up on the table, the seats and the way of playing
        kept (`position_from`); its first action starts its record in the journal, like
        any new game. A bad ID is refused with a message naming what is wrong, and
        nothing changes."""
        try:
            state = position_from(text, self.state.options)
        except SetUpError as exc:
            what = exc.values.get("what")
            values = {"what": self.tr(f"backgammon.ids.{what}")} if what else {}
            self.ids_message = self.tr(f"backgammon.ids.{exc.key}", **values)
            self.ids_detail = exc.values.get("why", "")
            self.ids_good = False
            return False
        self.table.resume(state, self.table.seats, self.table.mode)
        turn = state.turn if state.turn is not None else 0
        self.entry = ""
        self.ids_message = self.tr("backgammon.ids.set_up", player=self.name(turn))
        self.ids_detail = ""
        self.ids_good = True
        return True

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

    def forced_text(self) -> str:
        """What is said of the play made for a person: the only one, or no move."""
        picker, turn = self.picker, self.state.turn
        assert picker is not None and turn is not None
        who, dice = self.name(turn), self.tr.isolate(picker.dice)
        if picker.no_move:
            return self.tr("backgammon.no_move", player=who, dice=dice)
        return self.tr("backgammon.forced", player=who, dice=dice,
                       play=self.tr.isolate(self.forcing or picker.forced))

    # -- texts ---------------------------------------------------------------------------------
    def name(self, player: int) -> str:
        return self.tr("backgammon.light" if player == 0 else "backgammon.dark")

    def role(self, player: int) -> str:
        if self.bots.get(player) is None:
            return self.tr("backgammon.person")
        return self.tr("backgammon.computer")

    def mode_text(self) -> str:
        key = self.mode if self.mode in (*MODE_KEYS, "vs_bot") else mode_key(self.bots)
        return self.tr(f"backgammon.modes.{key}")

    def prompt(self) -> str:
        """What the screen asks for now."""
        tr, state = self.tr, self.state
        if self.menu_open:
            return tr("backgammon.choose_mode")
        if self.result is not None:
            return tr("backgammon.new_match" if state.is_over else "backgammon.next_game")
        if state.phase is Phase.OPENING:
            return tr("backgammon.opening")
        actor = state.current_player
        turn = state.turn if state.turn is not None else 0
        who = self.name(turn)
        if self.resigning is not None:
            return tr("backgammon.resign_choose", player=who, what=self.kind_text(self.resigning),
                      points=state.resign_points(self.resigning))
        if state.phase is Phase.ROLL and self.human(turn):
            return tr("backgammon.roll", player=who)
        if not self.human(actor):
            if state.phase is Phase.MOVE and self.picker is not None and self.picker.steps:
                return tr("backgammon.moving", player=who)  # thinking is over
            return tr("backgammon.thinking", player=self.name(actor if actor in (0, 1) else turn))
        offer = state.resign_offered
        if offer is not None:
            return tr("backgammon.resign_offered", player=who, other=self.name(1 - turn),
                      what=self.kind_text(offer.kind), points=state.resign_points(offer.kind))
        if state.phase is Phase.CUBE:
            return tr("backgammon.double_or_roll", player=who)
        if state.phase is Phase.RESPOND:
            return tr("backgammon.respond", player=self.name(1 - turn),
                      value=state.cube_value * 2)
        if self.picker is not None:
            if self.forcing is not None:
                return self.forced_text()
            if self.picker.complete() is not None:
                return tr("backgammon.done_prompt")
            if self.picked is not None:
                return tr("backgammon.choose_target")
            return tr("backgammon.choose_checker", player=who)
        return ""

    def note(self) -> str:
        """The line under the prompt: the steps made so far this turn, or what was said of
        a play made for a person."""
        picker = self.picker
        if picker is not None and picker.steps and (self.forcing is not None
                                                   or self.notice is None):
            return self.tr("backgammon.steps_so_far", steps=self.tr.isolate(picker.text()))
        if self.forcing is None and self.notice is not None:
            return self.notice
        return ""

    def result_lines(self) -> tuple[str, str, str]:
        """The result of the game just finished: how it was won, the points, the score."""
        tr, game = self.tr, self.result
        assert game is not None
        kind = "dropped" if game.dropped else str(Kind(game.kind))
        if game.resigned:
            head = tr("backgammon.result.resigned", player=self.name(game.winner),
                      loser=self.name(1 - game.winner), what=self.kind_text(game.kind))
        else:
            head = tr(f"backgammon.result.{kind}", player=self.name(game.winner))
        points = tr("backgammon.points", points=game.points)
        if self.state.is_over and self.state.options.is_match:
            tail = tr("backgammon.match_won", player=self.name(game.winner))
        else:
            tail = self.score_text()
        return head, points, tail

    def info_text(self) -> str:
        """The panel's line on the match: the score, its length, Crawford, the cube's owner."""
        return self.tr("app.list_sep").join(self.info_parts())

    def info_parts(self) -> list[str]:
        """The parts of the panel's line on the match."""
        tr, state = self.tr, self.state
        info = [self.score_text()]
        options = state.options
        if options.is_match:
            info.append(tr("backgammon.match_to", points=options.match_length))
        if state.crawford_game:
            info.append(tr("backgammon.crawford"))
        if options.cube and state.cube_owner is not None:
            info.append(tr("backgammon.cube_owner", value=state.cube_value,
                           player=self.name(state.cube_owner)))
        return info

    def info_lines(self, size: int, width: int) -> list[str]:
        """The match line's parts cut into lines no wider than `width` at `size`: parts
        share a line where they fit, and a line never breaks inside one ("match to 5")
        unless that part alone is too wide."""
        sep = self.tr("app.list_sep")
        lines: list[str] = []
        for part in self.info_parts():
            trial = f"{lines[-1]}{sep}{part}" if lines else part
            if lines and self.text.width(trial, size, False, self.rtl) <= width:
                lines[-1] = trial
            else:
                lines.extend(self.text.wrap(part, size, width, rtl=self.rtl))
        return lines

    def score_text(self) -> str:
        s = self.state.score
        return self.tr("backgammon.score", light=s[0], dark=s[1])

    # -- drawing -------------------------------------------------------------------------------
    def shown_board(self) -> Board:
        if self.result_board is not None:
            return self.result_board
        if self.picker is not None:
            return self.picker.board
        return self.state.board

    def _board_look(self) -> tuple[object, ...]:
        state = self.state
        return (
            self.shown_board(), state.turn, state.dice, state.phase,
            tuple(self.picker.steps) if self.picker else (), tuple(self.sources()),
            tuple(self.targets()), self.cursor, self.picked, state.cube_value,
            state.cube_owner, self.opening, self.result, self.menu_open, self.menu_index,
            self.note(), self.rtl, self.tr.lang, self.numbers, self.viewer(),
            self.hint_open, self.advice,
        )

    def draw(self, surface: pygame.Surface, now: float) -> list[pygame.Rect]:
        """Bring the screen up to date; returns the rectangles drawn. With a budget
        (kiosk.scenes.budget) the board comes first, then the panel's parts, then the help
        line; what the budget leaves is drawn in the next frame."""
        size = surface.get_size()
        layout = self._layout
        if layout is None or layout.size != size or self._shown_rtl != self.rtl:
            layout = self._build(size)
            self._full = True
        # A box over the table (the modes menu, the IDs) is drawn last, over the board and
        # the panel; one opened, closed or resized takes the whole screen again.
        over_box = self._over_box(layout)
        if over_box != self._shown_over_box:
            self._full = True
        self.budget.start()
        full = self._full
        dirty: list[pygame.Rect] = []
        if full:
            assert self._background is not None
            surface.blit(self._background, (0, 0))
            self._shown_panel = {}
        board_look = self._board_look()
        if full or board_look != self._shown_board:
            self._draw_board(surface, layout)
            self._shown_board = board_look
            dirty.append(layout.board.copy())
        whole = full or self._cut >= WHOLE_AFTER  # frames in a row left something: all now
        left = False
        for part in self._panel_parts(layout):
            if part.look == self._shown_panel.get(part.key):
                continue
            if not whole and dirty and self.budget.spent():
                left = True
                continue  # still changed: painted in the next frame
            if not full:
                assert self._background is not None
                surface.blit(self._background, part.rect, part.rect)
            part.paint(surface)
            self._shown_panel[part.key] = part.look
            dirty.append(part.rect.copy())
        help_look = (tuple(self.help_pairs()), self.rtl)
        if full or help_look != self._shown_help:
            if whole or not dirty or not self.budget.spent():
                self._draw_help(surface, layout)
                self._shown_help = help_look
                dirty.append(layout.help.copy())
            else:
                left = True
        over_look = self._over_look()
        if over_box is not None and (full or dirty or over_look != self._shown_over):
            self._draw_over(surface, layout)  # over whatever was painted under it
            dirty.append(self._over_area(layout))
        self._shown_over, self._shown_over_box = over_look, over_box
        self._cut = self._cut + 1 if left else 0
        if full:
            self._full = False
            return [surface.get_rect()]
        return dirty

    @property
    def settled(self) -> bool:
        """Every part of the screen shows what it should (none left for a later frame)."""
        layout = self._layout
        if layout is None or self._full or self._board_look() != self._shown_board:
            return False
        if (tuple(self.help_pairs()), self.rtl) != self._shown_help:
            return False
        if self._over_look() != self._shown_over:
            return False
        return all(part.look == self._shown_panel.get(part.key)
                   for part in self._panel_parts(layout))

    def _build(self, size: tuple[int, int]) -> Layout:
        layout = make_layout(size, self.rtl)
        self._layout = layout
        self._shown_rtl = self.rtl
        self.text.want(layout.px(n) for n in TEXT_SIZES)  # warmed in the frames to come
        background = pygame.Surface(size)
        background.fill(BACKGROUND)
        px = layout.px
        pygame.draw.rect(background, FRAME, layout.board, border_radius=px(12))
        pygame.draw.rect(background, FELT, layout.inner)
        for n, rect in layout.points.items():
            colour = POINT_A if n % 2 else POINT_B
            if n <= 12:
                tip = (rect.centerx, rect.top)
                base = [(rect.right, rect.bottom), (rect.left, rect.bottom)]
            else:
                tip = (rect.centerx, rect.bottom)
                base = [(rect.left, rect.top), (rect.right, rect.top)]
            pygame.draw.polygon(background, colour, [*base, tip])
        pygame.draw.rect(background, BAR_WOOD, layout.bar)
        pygame.draw.rect(background, FRAME, layout.cube_column)
        tray_column = pygame.Rect(layout.trays[0].left - px(10), layout.inner.top,
                                  layout.inner.right - layout.trays[0].left + px(10),
                                  layout.inner.height)
        pygame.draw.rect(background, FRAME, tray_column)
        for tray in layout.trays:
            pygame.draw.rect(background, TRAY, tray, border_radius=px(6))
        pygame.draw.rect(background, PANEL, layout.panel, border_radius=px(18))
        pygame.draw.rect(background, PANEL_EDGE, layout.panel, width=px(2), border_radius=px(18))
        self._background = background
        return layout

    # the board
    def _draw_board(self, surface: pygame.Surface, layout: Layout) -> None:
        assert self._background is not None
        surface.blit(self._background, layout.board, layout.board)
        board = self.shown_board()
        d = layout.checker
        marks = self._marks()
        if self.numbers:
            self._draw_numbers(surface, layout)
        for player in (0, 1):
            side = board.side(player)
            for point in range(1, POINTS + 1):
                count = side[point - 1]
                if count:
                    self._draw_point_stack(surface, layout, player, point, count)
            self._draw_bar(surface, layout, player, side[BAR - 1])
            self._draw_tray(surface, layout, player, board.off(player))
        for kind, player, point, count in marks:
            self._draw_mark(surface, layout, kind, player, point, count, d)
        self._draw_dice(surface, layout)
        self._draw_cube(surface, layout)
        note = self.note()
        if note and self.result is None:
            self._draw_note(surface, layout, note)
        if self.result is not None:
            self._draw_result(surface, layout)
        self._hint_box = None
        if self.hint_open and not self.menu_open:
            self._draw_hint(surface, layout)

    def _draw_note(self, surface: pygame.Surface, layout: Layout, note: str) -> None:
        """The note in the left half; one too long for it (a forced play said, a notice)
        on a box across the board between the points' tips, over the dice: never smaller."""
        px, size = layout.px, layout.px(SMALL)
        lines = self.text.wrap(note, size, layout.note.width, rtl=self.rtl)
        if len(lines) * round(size * NOTE_LEADING) <= layout.note.height:
            self.text.paragraph(surface, note, size, TEXT, layout.note, rtl=self.rtl,
                                leading=NOTE_LEADING, min_size=size)
            return
        theme.overlay_box(surface, layout.band, px, MENU.radius)
        self.text.paragraph(surface, note, size, TEXT, layout.band.inflate(-px(40), 0),
                            rtl=self.rtl, leading=NOTE_LEADING, min_size=size)

    def _draw_numbers(self, surface: pygame.Surface, layout: Layout) -> None:
        """Each point's number on the frame by its base, in the viewer's numbering (1 is
        their deepest home point)."""
        size = layout.px(SMALL)
        inner, board = layout.inner, layout.board
        for n, rect in layout.points.items():
            box = pygame.Rect(rect.left - layout.px(6), 0, rect.width + layout.px(12),
                              inner.top - board.top)
            if n <= 12:
                box.top = inner.bottom
            else:
                box.bottom = inner.top
            self.text.draw(surface, self.tr.digits(self.point_number(n)), size, TEXT, box,
                           align="center", bold=True, rtl=False)

    def _stack_centre(self, layout: Layout, player: int, point: int, index: int
                      ) -> tuple[int, int]:
        """Where the index-th checker (0 = at the edge) of a point of `player` stands."""
        n = screen_point(player, point)
        rect = layout.points[n]
        d = layout.checker
        index = min(index, STACK - 1)
        if n <= 12:
            return rect.centerx, rect.bottom - d // 2 - index * d
        return rect.centerx, rect.top + d // 2 + index * d

    def _bar_centre(self, layout: Layout, player: int, index: int) -> tuple[int, int]:
        d = layout.checker
        index = min(index, BAR_STACK - 1)
        direction = -1 if player == 0 else 1
        y = layout.bar.centery + direction * (d + index * d)
        return layout.bar.centerx, y

    def _checker(self, surface: pygame.Surface, player: int, centre: tuple[int, int], d: int,
                 label: str | None = None) -> None:
        radius = d // 2 - 1
        pygame.draw.circle(surface, CHECKER_EDGE[player], centre, radius)
        pygame.draw.circle(surface, CHECKER[player], centre, max(1, radius - max(2, d // 14)))
        pygame.draw.circle(surface, CHECKER_EDGE[player], centre, max(1, radius // 2),
                           width=max(1, d // 30))
        if label:
            box = pygame.Rect(0, 0, d, d)
            box.center = centre
            self.text.draw(surface, label, self._layout.px(SMALL), CHECKER_TEXT[player], box,
                           align="center", bold=True, rtl=False)

    def _draw_point_stack(self, surface: pygame.Surface, layout: Layout, player: int,
                          point: int, count: int) -> None:
        shown = min(count, STACK)
        for i in range(shown):
            label = self.tr.digits(count) if count > STACK and i == shown - 1 else None
            self._checker(surface, player, self._stack_centre(layout, player, point, i),
                          layout.checker, label)

    def _draw_bar(self, surface: pygame.Surface, layout: Layout, player: int, count: int) -> None:
        shown = min(count, BAR_STACK)
        for i in range(shown):
            label = self.tr.digits(count) if count > BAR_STACK and i == shown - 1 else None
            self._checker(surface, player, self._bar_centre(layout, player, i), layout.checker,
                          label)

    def _draw_tray(self, surface: pygame.Surface, layout: Layout, player: int, count: int) -> None:
        tray = layout.trays[player]
        slab = max(2, (tray.height - layout.px(8)) // 15)
        for i in range(count):
            if player == 0:
                rect = pygame.Rect(tray.left + 3, tray.bottom - layout.px(4) - (i + 1) * slab,
                                   tray.width - 6, slab - 1)
            else:
                rect = pygame.Rect(tray.left + 3, tray.top + layout.px(4) + i * slab,
                                   tray.width - 6, slab - 1)
            pygame.draw.rect(surface, CHECKER[player], rect, border_radius=2)
            pygame.draw.rect(surface, CHECKER_EDGE[player], rect, width=1, border_radius=2)
        if count:
            box = pygame.Rect(tray.left - layout.px(8), 0, tray.width + layout.px(16),
                              layout.px(44))
            if player == 0:
                box.bottom = tray.top - layout.px(4)
            else:
                box.top = tray.bottom + layout.px(4)
            self.text.draw(surface, self.tr.digits(count), layout.px(SMALL), TEXT, box,
                           align="center", bold=True, rtl=False)

    def _marks(self) -> list[tuple[str, int, int, int]]:
        """Highlights: (kind, player, point, count) for sources, the cursor and targets."""
        state = self.state
        player = state.turn
        if player is None or self.picker is None:
            return []
        board = self.shown_board()
        marks: list[tuple[str, int, int, int]] = []
        if self.picked is None:
            sources = self.sources()
            for i, source in enumerate(sources):
                kind = "cursor" if i == self.cursor % max(1, len(sources)) else "source"
                marks.append((kind, player, source, board.count(player, source)))
        else:
            marks.append(("picked", player, self.picked, board.count(player, self.picked)))
            targets = self.targets()
            hits = self.picker.hits(self.picked)
            for i, target in enumerate(targets):
                kind = "target_cursor" if i == self.cursor % max(1, len(targets)) else "target"
                if target in hits:
                    kind += "_hit"
                count = board.count(player, target) if target != OFF else 0
                marks.append((kind, player, target, count))
        return marks

    def _draw_mark(self, surface: pygame.Surface, layout: Layout, kind: str, player: int,
                   point: int, count: int, d: int) -> None:
        px = layout.px
        if point == OFF:
            tray = layout.trays[player]
            width = px(8) if kind == "target_cursor" else px(4)
            pygame.draw.rect(surface, TARGET, tray.inflate(px(6), px(6)), width=width,
                             border_radius=px(8))
            return
        if point == BAR:
            centre = self._bar_centre(layout, player, min(count, BAR_STACK) - 1)
        elif kind.startswith("target"):
            # A hit is shown on the blot itself: the target point glows in the hit colour
            # and the ring is drawn around the opposing checker that goes to the bar.
            rect = layout.points[screen_point(player, point)]
            glow = pygame.Surface(rect.size, pygame.SRCALPHA)
            tint = HIT if kind.endswith("_hit") else TARGET
            glow.fill((*tint, 120 if "cursor" in kind else 70))
            surface.blit(glow, rect)
            index = 0 if kind.endswith("_hit") else count
            centre = self._stack_centre(layout, player, point, index)
        else:
            centre = self._stack_centre(layout, player, point, min(count, STACK) - 1)
        colour = {"source": ACCENT, "cursor": ACCENT, "picked": GOOD}.get(kind, TARGET)
        if kind.endswith("_hit"):
            colour = HIT
        width = {"source": px(3), "target": px(4), "target_hit": px(4)}.get(kind, px(8))
        pygame.draw.circle(surface, colour, centre, d // 2 + px(3), width=width)

    def _die(self, surface: pygame.Surface, centre: tuple[int, int], size: int, value: int,
             player: int, used: bool) -> None:
        rect = pygame.Rect(0, 0, size, size)
        rect.center = centre
        face = DIE_USED if used else CHECKER[player]
        pip = CHECKER[1 - player] if not used else (70, 70, 70)
        pygame.draw.rect(surface, face, rect, border_radius=size // 6)
        pygame.draw.rect(surface, CHECKER_EDGE[player], rect, width=max(1, size // 24),
                         border_radius=size // 6)
        spots = {
            1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
            4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
            5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
            6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
        }[value]
        step = size // 4
        for x, y in spots:
            pygame.draw.circle(surface, pip, (rect.centerx + x * step, rect.centery + y * step),
                               max(2, size // 11))

    def _draw_dice(self, surface: pygame.Surface, layout: Layout) -> None:
        size, (cx, cy) = layout.die, layout.dice_centre
        gap = round(size * 1.25)
        if self.state.phase is Phase.OPENING:
            if self.opening is not None:
                self._die(surface, (cx - gap // 2, cy), size, self.opening.die0, 0, False)
                self._die(surface, (cx + gap // 2, cy), size, self.opening.die1, 1, False)
            return
        dice, player = self.state.dice, self.state.turn
        if dice is None or player is None or self.result is not None:
            return
        values = list(dice.moves)
        left = self.picker.dice_left() if self.picker else list(values)
        used_flags = []
        for value in values:
            if value in left:
                left.remove(value)
                used_flags.append(False)
            else:
                used_flags.append(True)
        count = len(values)
        first = cx - (count - 1) * gap // 2
        for i, (value, used) in enumerate(zip(values, used_flags, strict=True)):
            self._die(surface, (first + i * gap, cy), size, value, player, used)

    def _draw_cube(self, surface: pygame.Surface, layout: Layout) -> None:
        state = self.state
        if not state.options.cube:
            return
        column = layout.cube_column
        size = min(layout.px(CUBE), column.width - layout.px(12))
        rect = pygame.Rect(0, 0, size, size)
        rect.centerx = column.centerx
        owner = state.cube_owner
        if owner is None:
            rect.centery = column.centery
        elif owner == 0:
            rect.bottom = column.bottom - layout.px(16)
        else:
            rect.top = column.top + layout.px(16)
        pygame.draw.rect(surface, (246, 244, 236), rect, border_radius=size // 6)
        pygame.draw.rect(surface, (60, 60, 60), rect, width=max(1, size // 20),
                         border_radius=size // 6)
        value = state.cube_value if owner is not None else 64
        self.text.draw(surface, self.tr.digits(value), layout.px(44), (20, 20, 20), rect,
                       align="center", bold=True, rtl=False)
        if owner is not None:  # the owner's name by the cube, on the owner's side
            label = pygame.Rect(column.left - layout.px(4), 0, column.width + layout.px(8),
                                layout.px(50))
            if owner == 0:
                label.bottom = rect.top - layout.px(6)
            else:
                label.top = rect.bottom + layout.px(6)
            self.text.draw(surface, self.name(owner), layout.px(SMALL), TEXT, label,
                           align="center", bold=True, rtl=self.rtl)

    @staticmethod
    def _over_board(layout: Layout, height: int) -> pygame.Rect:
        box = pygame.Rect(0, 0, round(layout.inner.width * 0.7), height)
        box.center = layout.inner.center
        return box

    def _draw_result(self, surface: pygame.Surface, layout: Layout) -> None:
        px = layout.px
        box = self._over_board(layout, px(330))
        box.width = layout.inner.width - px(40)  # "… resigned a gammon" at 60 px
        box.centerx = layout.inner.centerx
        theme.overlay_box(surface, box, px, MENU.radius, MENU.alpha)
        head, points, tail = self.result_lines()
        inner = box.inflate(-px(60), -px(40))
        rows = [(head, px(60), ACCENT, True), (points, px(46), TEXT, False),
                (tail, px(42), TEXT_DIM, False)]
        pitch = inner.height // len(rows)
        for i, (line, size, colour, bold) in enumerate(rows):
            row = pygame.Rect(inner.left, inner.top + i * pitch, inner.width, pitch)
            self.text.draw(surface, line, size, colour, row, align="center", bold=bold,
                           rtl=self.rtl)

    # the boxes over the board and the panel: the modes menu and the IDs
    @staticmethod
    def _over_area(layout: Layout) -> pygame.Rect:
        """Where a box over the whole table may lie: across the safe area, from the board's
        top to just above the panel's tools (they still take a touch), the help line clear."""
        safe = safe_area(layout.size)
        bottom = layout.tools[0].top - layout.px(16)
        return pygame.Rect(safe.left, layout.board.top, safe.width, bottom - layout.board.top)

    def _menu_look(self, layout: Layout) -> tuple[theme.MenuLook, pygame.Rect]:
        px, area = layout.px, self._over_area(layout)
        look = MENU
        # The ways to play and the rule variants make more rows than fit at their full
        # pitch: the rows close up (never below MENU_ROW_MIN) so every one is shown.
        while (theme.menu_height(look, self.menu_size, px) > area.height
               and look.row > MENU_ROW_MIN):
            look = replace(look, row=look.row - 2)
        box = pygame.Rect(0, 0, min(area.width, px(MENU_W)),
                          min(area.height, theme.menu_height(look, self.menu_size, px)))
        box.center = area.center
        return look, box

    def _ids_box(self, layout: Layout) -> pygame.Rect:
        px, area = layout.px, self._over_area(layout)
        width = min(area.width, px(IDS_W))
        ask, said = self._ids_text(layout, width - 2 * px(60))
        count = 1 + 3 + len(ask) + 1 + len(said)
        box = pygame.Rect(0, 0, width, min(area.height,
                                           count * px(OVERLAY_ROW) + px(40) + px(60)))
        box.center = area.center
        return box

    def _over_box(self, layout: Layout) -> pygame.Rect | None:
        """The box over the table now (None: none open)."""
        if self.menu_open:
            return self._menu_look(layout)[1]
        if self.ids_open:
            return self._ids_box(layout)
        return None

    def _over_look(self) -> tuple[object, ...] | None:
        if self.menu_open:
            return ("menu", self.menu_lines(), self.menu_index, self.rtl, self.tr.lang)
        if self.ids_open:
            return ("ids", self.ids(), self.entry, self.ids_message, self.ids_detail,
                    self.ids_good, self.rtl, self.tr.lang)
        return None

    def _draw_over(self, surface: pygame.Surface, layout: Layout) -> None:
        """The box over the table on a plain ground over its whole area: no line of the
        board or the panel shows cut at its edges."""
        pygame.draw.rect(surface, BACKGROUND, self._over_area(layout))
        if self.menu_open:
            self._draw_menu(surface, layout)
        elif self.ids_open:
            self._draw_ids(surface, layout)

    def _draw_menu(self, surface: pygame.Surface, layout: Layout) -> None:
        px = layout.px
        look, box = self._menu_look(layout)
        self._menu_rects = theme.menu_rows(box, look, self.menu_size, px)
        theme.modes_menu(self.text, surface, box, look, px, self.rtl,
                         self.tr("backgammon.choose_mode"), self.menu_lines(), self.menu_index)

    # the panel
    def _panel_parts(self, layout: Layout) -> list[Piece]:
        """The panel's parts, top to bottom, each with what it shows (its look) and how to
        paint it: the title, each player's card, the match line, the prompt, the choice
        buttons and the tools. A frame repaints only the parts whose look changed."""
        px, rtl, tr = layout.px, self.rtl, self.tr
        board = self.shown_board()
        parts: list[Piece] = []
        title = layout.title.union(layout.mode)
        mode_text = self.mode_text()

        def head(surface: pygame.Surface) -> None:
            self.text.draw(surface, tr("backgammon.title"), px(60), ACCENT, layout.title,
                           bold=True, rtl=rtl)
            self.text.draw(surface, mode_text, px(SMALL), TEXT_DIM, layout.mode, rtl=rtl)

        parts.append(Piece("head", title, (tr("backgammon.title"), mode_text, rtl), head))
        for player in (0, 1):
            on_turn = self.state.turn == player and self.result is None
            look = (self.name(player), self.role(player), board.pips(player), on_turn, rtl,
                    tr.lang)
            parts.append(Piece(f"card{player}", layout.cards[player], look,
                              lambda surface, p=player: self._draw_card(surface, layout, p,
                                                                        board)))
        info = tuple(self.info_parts())

        def match(surface: pygame.Surface) -> None:
            lines = self.info_lines(px(SMALL), layout.info.width)
            pitch = min(px(INFO_ROW), layout.info.height // max(1, len(lines)))
            top = layout.info.centery - pitch * len(lines) // 2
            for i, line in enumerate(lines):
                row = pygame.Rect(layout.info.left, top + i * pitch, layout.info.width, pitch)
                self.text.draw(surface, line, px(SMALL), TEXT, row, align="center", rtl=rtl)

        parts.append(Piece("info", layout.info, (info, rtl), match))
        prompt = self.prompt()
        # 44 px where it fits, never below 40: the place holds the longest prompt (an
        # offer to resign) in three lines of 40 px.
        parts.append(Piece("prompt", layout.prompt, (prompt, rtl), lambda surface:
                          self.text.paragraph(surface, prompt, px(44), TEXT, layout.prompt,
                                              leading=PROMPT_LEADING, min_size=px(SMALL))))
        choices = self.choices()
        shown = choices[: len(layout.buttons)]
        chosen = [name == "done" or (i == self.choice % len(choices) and "done" not in choices)
                  for i, name in enumerate(shown)]
        rects = [layout.buttons[i] if len(choices) > 1 else layout.buttons[0].union(
            layout.buttons[1]) for i in range(len(shown))]
        self._hit_buttons = list(zip(rects, shown, strict=True))
        labels = tuple(tr(f"backgammon.buttons.{name}") for name in shown)

        def buttons(surface: pygame.Surface) -> None:
            for rect, label, lit in zip(rects, labels, chosen, strict=True):
                theme.button(self.text, surface, rect, label, px(44), px, rtl, chosen=lit)

        parts.append(Piece("buttons", layout.buttons[0].union(layout.buttons[1]),
                          (labels, tuple(chosen), len(choices) > 1, rtl), buttons))
        tools = []
        for i, name in enumerate(TOOLS):
            if name == "new_game" and not self.modes:
                continue
            on = self.tool == i or (name == "hint" and self.hint_open) or (
                name == "ids" and self.ids_open) or (name == "resign" and
                                                      self.resigning is not None)
            tools.append((layout.tools[i], tr(f"backgammon.tools.{name}"), on,
                          self.tool_enabled(name)))

        def toolbox(surface: pygame.Surface) -> None:
            for rect, label, on, enabled in tools:
                theme.button(self.text, surface, rect, label, px(SMALL), px, rtl, chosen=on,
                             fill=BACKGROUND)
                if not enabled:  # it does nothing now: veiled
                    veil = pygame.Surface(rect.size, pygame.SRCALPHA)
                    veil.fill((*PANEL, 170))
                    surface.blit(veil, rect)

        box = layout.tools[0].unionall(layout.tools[1:])
        parts.append(Piece("tools", box, (tuple((label, on, enabled)
                                               for _, label, on, enabled in tools), rtl),
                          toolbox))
        return parts

    def _draw_card(self, surface: pygame.Surface, layout: Layout, player: int,
                   board: Board) -> None:
        px, rtl = layout.px, self.rtl
        card = layout.cards[player]
        on_turn = self.state.turn == player and self.result is None
        d = min(layout.checker, card.height - px(30))
        text_box = pygame.Rect(0, card.top + px(10), card.width - d - px(60),
                               2 * (card.height // 2 - px(6)))
        text_box.left = card.left + px(20) if rtl else card.left + d + px(40)
        theme.plate(self.text, surface, card, CARD, px, rtl,
                    f"{self.name(player)} · {self.role(player)}",
                    self.tr("backgammon.pips", pips=board.pips(player)), on_turn=on_turn,
                    text_box=text_box)
        cx = card.right - px(20) - d // 2 if rtl else card.left + px(20) + d // 2
        self._checker(surface, player, (cx, card.centery), d)

    # lines a player reads, noted so their size can be measured on the screen
    def _line(self, surface: pygame.Surface, key: str, kind: str, text: str, size: int,
              colour: Colour, rect: pygame.Rect, *, align: str = "start", bold: bool = False,
              rtl: bool | None = None) -> pygame.Rect:
        """One line of text in `rect`, vertically centred, placed by the screen's direction
        and shaped in `rtl`'s (IDs and moves are Latin, left to right, in both languages);
        shrunk only if it would not fit; noted in `labels` under `key`."""
        shape = self.rtl if rtl is None else rtl
        image, used = self.text.fitted(text, size, colour, rect.width, bold, shape)
        box = aligned(image.get_rect(centery=rect.centery), rect, align, self.rtl)
        surface.blit(image, box)
        self.labels[key] = Label(kind, text, used, colour, bold, box)
        self.label_rtl[key] = shape
        return box

    def _column(self, row: pygame.Rect, start: float, end: float) -> pygame.Rect:
        """The part of `row` from `start` to `end` (shares of its width) in reading order."""
        left, right = (1 - end, 1 - start) if self.rtl else (start, end)
        return pygame.Rect(row.left + round(left * row.width), row.top,
                           round((right - left) * row.width), row.height)

    # the help line under the board: (key, what it does) pairs, wrapped only between pairs
    def _caps(self, action: Action) -> tuple[str, ...]:
        names = self.keys.get(action, ())
        return (key_label(names[0]),) if names else ()

    def help_pairs(self) -> list[HelpPair]:
        """What the keys do now, each key with its action."""
        tr, caps = self.tr, self._caps
        if self.ids_open:
            pairs = [HelpPair(caps(Action.SELECT), tr("backgammon.help.set_up")),
                     HelpPair(caps(Action.ERASE), tr("backgammon.help.erase")),
                     HelpPair(caps(Action.BACK), tr("backgammon.help.close"))]
        elif self.menu_open:
            pairs = [HelpPair(caps(Action.UP) + caps(Action.DOWN), tr("backgammon.help.choose")),
                     HelpPair(caps(Action.LEFT) + caps(Action.RIGHT),
                              tr("backgammon.help.change")),
                     HelpPair(caps(Action.SELECT), tr("backgammon.help.start")),
                     HelpPair(caps(Action.BACK), tr("backgammon.help.close"))]
        else:
            pairs = [
                HelpPair(caps(Action.LEFT) + caps(Action.RIGHT), tr("backgammon.help.choose")),
                HelpPair(caps(Action.SELECT), tr("backgammon.help.pick")),
                HelpPair(caps(Action.BACK), tr("backgammon.help.undo")),
                HelpPair(caps(Action.UP) + caps(Action.DOWN), tr("backgammon.help.tools")),
                HelpPair((HINT_KEYS[0],), tr("backgammon.help.hint")),
                HelpPair((IDS_KEY.upper(),), tr("backgammon.help.ids")),
                HelpPair((RESIGN_KEY.upper(),), tr("backgammon.help.resign")),
                HelpPair((NUMBERS_KEY.upper(),), tr("backgammon.help.numbers")),
            ]
            if self.modes:
                pairs.append(HelpPair(caps(Action.NEW_HAND), tr("backgammon.help.new_game")))
        return [pair for pair in pairs if pair.keys]

    def help_rows(self, layout: Layout) -> list[list[HelpPair]]:
        """The help line cut into rows no wider than its place under the board, only ever
        between one (key, action) pair and the next."""
        pairs = self.help_pairs()
        widths = [pair_width(self.text, pair, layout.px, self.rtl) for pair in pairs]
        rows = wrap_pairs(widths, layout.help.width, layout.px(PAIR_GAP))
        return [[pairs[i] for i in row] for row in rows]

    def _draw_help(self, surface: pygame.Surface, layout: Layout) -> None:
        assert self._background is not None
        rect, px, rtl = layout.help, layout.px, self.rtl
        surface.blit(self._background, rect, rect)
        for key in [k for k in self.labels if k.startswith("help|")]:
            del self.labels[key]
        rows = self.help_rows(layout)
        pitch = px(HELP_ROW)
        top = rect.top + (rect.height - len(rows) * pitch) // 2
        n = 0
        for r, row in enumerate(rows):
            centre_y = top + r * pitch + pitch // 2
            widths = [pair_width(self.text, pair, px, rtl) for pair in row]
            used = sum(widths) + px(PAIR_GAP) * (len(row) - 1)
            x = rect.centerx + used // 2 if rtl else rect.centerx - used // 2
            for pair, width in zip(row, widths, strict=True):
                left = x - width if rtl else x
                draw_pair(surface, self.text, self._line, f"help|{n}", pair, left, centre_y, px,
                          rtl)
                n += 1
                x = left - px(PAIR_GAP) if rtl else left + width + px(PAIR_GAP)

    # the overlays on the board: the hint, and the IDs
    def advice_lines(self) -> list[tuple[str, str, str]]:
        """The hint's rows as shown: (the play, its equity, its winning chance); the cube
        decision, or "thinking…" or why there is none, alone in the first cell; each cube
        action with its equity."""
        tr, advice = self.tr, self.advice
        if advice is None:
            return [(tr("backgammon.advice.thinking"), "", "")]
        if advice.failed is not None:
            return [(tr("backgammon.advice.failed", why=advice.failed), "", "")]
        rows = []
        for i, line in enumerate(advice.plays, start=1):
            win = "" if line.win is None else tr("backgammon.advice.win_value",
                                                 win=round(100 * line.win))
            rows.append((tr.digits(f"{i}. {line.play}"), tr.digits(f"{line.equity:+.3f}"), win))
        if advice.cube is not None:
            decision = tr(f"backgammon.advice.{advice.cube}")
            rows.append((tr("backgammon.advice.cube", decision=decision), "", ""))
            for key, equity in advice.cube_equities:
                rows.append((tr(f"backgammon.advice.eq_{key}"), tr.digits(f"{equity:+.3f}"),
                             ""))
        return rows

    def advice_title(self) -> str:
        level, expert = self.hint_source()
        if self.advice is not None:
            level = self.advice.level
        if level == EXPERT:
            ply = self.advice.ply if self.advice is not None else getattr(expert, "ply", 0)
            who = self.tr("backgammon.advice.expert", ply=ply)
        else:
            who = self.tr(f"backgammon.advice.{level}")
        return self.tr("backgammon.advice.title", who=who)

    def _draw_hint(self, surface: pygame.Surface, layout: Layout) -> None:
        px, tr = layout.px, self.tr
        width = min(layout.inner.width - px(60), px(1000))
        rows: list[tuple[str, str, str]] = []
        for first, equity, win in self.advice_lines():
            if equity or win:
                rows.append((first, equity, win))
            else:  # a sentence (the cube decision, a failure) wraps rather than shrinks
                rows += [(line, "", "") for line in self.text.wrap(
                    first, px(READ), width - px(60), rtl=self.rtl)]
        plays = self.advice is not None and bool(self.advice.plays)
        count = 1 + (1 if plays else 0) + len(rows)
        box = self._over_board(layout, count * px(OVERLAY_ROW) + px(60))
        box.width = width
        box.centerx = layout.inner.centerx
        # Over the far points, clear of the dice in the middle and the mover's home board.
        box.bottom = layout.dice_centre[1] - layout.die // 2 - px(20)
        box.top = max(box.top, layout.inner.top + px(10))
        self._hint_box = box
        theme.overlay_box(surface, box, px, MENU.radius)
        for key in [k for k in self.labels if k.startswith("hint|")]:
            del self.labels[key]
        inner = box.inflate(-px(60), -px(60))
        pitch = px(OVERLAY_ROW)
        row = pygame.Rect(inner.left, inner.top, inner.width, pitch)
        self._line(surface, "hint|title", "overlay", self.advice_title(), px(READ), ACCENT,
                   row, bold=True)
        if plays:
            row = row.move(0, pitch)
            for key, text, start, end, align in (
                    ("play", tr("backgammon.advice.play"), 0.0, 0.56, "start"),
                    ("equity", tr("backgammon.advice.equity"), 0.56, 0.8, "end"),
                    ("win", tr("backgammon.advice.win"), 0.8, 1.0, "end")):
                self._line(surface, f"hint|head|{key}", "overlay", text, px(READ), TEXT_DIM,
                           self._column(row, start, end), align=align)
        for i, (first, equity, win) in enumerate(rows):
            row = row.move(0, pitch)
            if not equity and not win:
                colour = WARN if self.advice is not None and self.advice.failed else TEXT
                self._line(surface, f"hint|{i}|text", "overlay", first, px(READ), colour, row)
                continue
            play = bool(win)  # a play (Latin, left to right), or a cube action's name
            self._line(surface, f"hint|{i}|play", "overlay", first, px(READ), TEXT,
                       self._column(row, 0.0, 0.56), bold=i == 0 and play,
                       rtl=False if play else None)
            self._line(surface, f"hint|{i}|equity", "overlay", equity, px(READ), TEXT,
                       self._column(row, 0.56, 0.8), align="end", rtl=False)
            self._line(surface, f"hint|{i}|win", "overlay", win, px(READ), TEXT,
                       self._column(row, 0.8, 1.0), align="end", rtl=False)

    def _ids_text(self, layout: Layout, width: int
                  ) -> tuple[list[str], list[tuple[str, bool]]]:
        """The IDs box's wrapped lines: what to type, and what became of the last ID (each
        with its direction: the engine's words are Latin)."""
        px, tr = layout.px, self.tr
        ask = self.text.wrap(tr("backgammon.ids.enter"), px(READ), width, rtl=self.rtl)
        said = [(line, self.rtl) for line in self.text.wrap(
            self.ids_message, px(READ), width, rtl=self.rtl)] if self.ids_message else []
        if tr.lang == "en":  # the engine's own words: English, so on an English screen only
            said += [(line, False) for line in self.text.wrap(
                self.ids_detail, px(READ), width, rtl=False)]
        return ask, said

    def _draw_ids(self, surface: pygame.Surface, layout: Layout) -> None:
        px, tr = layout.px, self.tr
        pitch = px(OVERLAY_ROW)
        box = self._ids_box(layout)
        ask, said = self._ids_text(layout, box.width - 2 * px(60))
        theme.overlay_box(surface, box, px, MENU.radius)
        for key in [k for k in self.labels if k.startswith("ids|")]:
            del self.labels[key]
        inner = box.inflate(-px(60), -px(60))
        row = pygame.Rect(inner.left, inner.top, inner.width, pitch)
        self._line(surface, "ids|title", "overlay", tr("backgammon.ids.title"), px(READ), ACCENT,
                   row, bold=True)
        ids = self.ids()
        value_align = "start" if self.rtl else "end"
        if ids is None:
            row = row.move(0, pitch)
            for i, line in enumerate(self.text.wrap(tr("backgammon.ids.none"), px(READ),
                                                    row.width, rtl=self.rtl)[:3]):
                self._line(surface, f"ids|none{i}", "overlay", line, px(READ), TEXT,
                           row.move(0, i * pitch))
            row = row.move(0, 2 * pitch)
        else:
            position, match, xgid = ids
            for key, value in (("position", position), ("match", match)):
                row = row.move(0, pitch)
                self._line(surface, f"ids|{key}|label", "overlay", tr(f"backgammon.ids.{key}"),
                           px(READ), TEXT_DIM, self._column(row, 0.0, 0.55))
                self._line(surface, f"ids|{key}", "overlay_id", value, px(READ), TEXT,
                           self._column(row, 0.55, 1.0), align=value_align, bold=True,
                           rtl=False)
            row = row.move(0, pitch)
            self._line(surface, "ids|xgid", "overlay_id", xgid, px(READ), TEXT, row,
                       align="center", bold=True, rtl=False)
        row = row.move(0, px(40))
        for i, line in enumerate(ask):
            row = row.move(0, pitch)
            self._line(surface, f"ids|ask{i}", "overlay", line, px(READ), TEXT_DIM, row)
        row = row.move(0, pitch)
        label = tr("backgammon.ids.field")
        label_w = self.text.width(label, px(READ), True, self.rtl)
        label_box = pygame.Rect(0, row.top, label_w, pitch)
        field = pygame.Rect(0, row.top + px(2), row.width - label_w - px(20), pitch - px(4))
        if self.rtl:
            label_box.right, field.left = row.right, row.left
        else:
            label_box.left, field.right = row.left, row.right
        self._line(surface, "ids|field", "overlay", label, px(READ), TEXT, label_box, bold=True)
        pygame.draw.rect(surface, OVERLAY, field, border_radius=px(8))
        pygame.draw.rect(surface, ACCENT, field, width=px(3), border_radius=px(8))
        typed = self.entry + "_"
        self._line(surface, "ids|entry", "overlay_id", typed, px(READ), TEXT,
                   field.inflate(-px(24), 0), rtl=False,
                   align="end" if self.text.render(typed, px(READ), TEXT, False, False)
                   .get_width() > field.width - px(24) else "start")
        for i, (line, rtl) in enumerate(said):
            row = row.move(0, pitch)
            self._line(surface, f"ids|message{i}", "overlay", line, px(READ),
                       GOOD if self.ids_good else WARN, row, rtl=rtl)


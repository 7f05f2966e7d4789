"""The Takhteh Nard panel's tools: the hint, the IDs and resigning, with the buttons.

`advise` thinks a hint (on the table's worker): the best plays of a roll, or the cube
decision, as a computer level or GNU Backgammon sees them (`Advice`). `position_from`
sets a position up from an ID typed or scanned, or says what is wrong with it
(`SetUpError`). `BackgammonTools` is the part of the scene that asks for a hint and shows
it, shows the IDs and takes one typed, chooses and makes an offer to resign (R), and turns
the tool buttons (Hint, IDs, Resign, New game: a touch, or the d-pad on two rows of two)
into what their keys do.
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.backgammon import cube as cube_rules
from engines.backgammon.bots import hint as bot_hint
from engines.backgammon.exchange import export_ids, export_xgid, import_ids, import_xgid
from engines.backgammon.ids import IdError, MatchInfo, decode_match_id, decode_position_id
from engines.backgammon.ids import match_id as write_match_id
from engines.backgammon.net import evaluate
from engines.backgammon.options import GameOptions, Kind, OptionsError
from engines.backgammon.rules import CHANCE, GameState, Phase, Play, Resign, RuleError, View
from kiosk.config import Action
from kiosk.games.backgammon.gnubg import EXPERT, GnubgBot, GnubgError, hint_cube, hint_plays
from kiosk.games.backgammon.layout import TOOLS
from kiosk.games.backgammon.words import BackgammonWords
from kiosk.table.router import SELECTS
from kiosk.table.worker import Job

HINT_COUNT = 3  # the best plays a hint shows
ENTRY_MAX = 80  # characters the ID field takes (an XGID has about 55)
NOTICE_SECONDS = 4.0  # a forced play (or why no hint is given) is said this long

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


class BackgammonTools(BackgammonWords):
    """The hint, the IDs, resigning and the tool buttons of the scene."""

    _notice_until: float
    choice: int  # the panel's button the cursor is on

    def _tools(self) -> None:
        """No tool in use: no hint asked for, the IDs put away, the d-pad on the board."""
        self.hint_open = False  # the hint is asked for (? or the Hint button)
        self.advice: Advice | None = None  # the hint, once thought
        self._advice_job: Job | None = None
        self.ids_open = False  # the position's IDs, and the field to set one up (I)
        self.entry = ""  # what is typed (or scanned) in the ID field
        self.ids_message: str | None = None  # what became of the last ID entered
        self.ids_detail = ""  # why it was refused, in the engine's words (Latin, one line)
        self.ids_good = False
        self.tool: int | None = None  # the tool button the d-pad is on (None: the board)

    # resigning
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

    # the tools: hint, IDs, resign, new game (buttons for touch and the d-pad)
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

    # the hint
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

    # the IDs: shown, and a position set up from one
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

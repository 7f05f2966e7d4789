"""GNU Backgammon as the kiosk's Expert player, and as the judge of exported matches.

All input and output with gnubg lives here; the engines stay pure. gnubg is run
once per question, headless: ``gnubg -t -q -r`` (the command line, no sound, no
rc files) with a throw-away preferences directory, fed a short command script on
stdin, killed after a timeout. For a decision the script is::

    set threads 1
    set jacoby off                       (the kiosk's rules have no Jacoby rule)
    set cube use on|off
    set evaluation chequerplay evaluation plies N
    set evaluation cubedecision evaluation plies N
    set matchid <Match ID>               (engines.backgammon.exchange.view_ids)
    set board <Position ID>
    set dice A B                         (for a checker play)
    hint

and the answer is read from ``hint``'s text: the first ranked move
(``    1. Cubeful 2-ply    24/13     Eq.: +0.080``), read back by the engine
(`Play.parse` against the board and the dice) and checked against the legal
plays; or, before a roll, the line ``Proper cube action: Double, take`` — its
first half is the doubler's decision, its second the taker's (a beaver counts as
a take: the kiosk has no beavers). A match exported as gnubg match text
(`engines.backgammon.exchange.to_mat`) is replayed by gnubg's ``import mat`` in
its Python mode (``gnubg -t -q -r -p script.py``), which reports the final
position and score (`replay_mat`).

The binary is the one named by the ``DEBARNA_GNUBG`` environment variable, or
``gnubg`` on the PATH, or Debian's ``/usr/games/gnubg`` (not on root's PATH); the
kiosk's expert thinks at the ply ``DEBARNA_GNUBG_PLY`` names (0-4, default 2). The
kiosk's config names both in its ``[gnubg]`` section (``path``, ``ply``); the
environment variables still override it (`configured_path`, `gnubg_ply`).
`hint_plays` reads gnubg's ranking of the best plays with their equities and
winning chances (the Takhteh Nard screen's hint key).
`available()` / `why_unavailable()` tell the menu whether the Expert level can be
offered; `GnubgBot` raises `GnubgMissing` with a sentence saying what to install.
"""

from __future__ import annotations

import base64
import json
import logging
import os
import re
import shutil
import subprocess
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

# The engine is imported where a question is asked: whether gnubg answers (the kiosk's
# start-up) needs none of it.
if TYPE_CHECKING:
    from engines.backgammon.bots import Bot
    from engines.backgammon.rules import Action, Play, View
    from engines.protocol import RandomLike

EXPERT = "expert"  # the level's name
ENV_PATH = "DEBARNA_GNUBG"
ENV_PLY = "DEBARNA_GNUBG_PLY"
DEBIAN_PATH = "/usr/games/gnubg"
DEFAULT_PLY = 2  # gnubg's plies (0 is its quickest evaluation; 2 is "world class")
MAX_PLY = 4
TIMEOUT = 60.0  # seconds for one question
log = logging.getLogger(__name__)
INSTALL_HINT = "install Debian's gnubg package (sudo apt-get install gnubg; make test does)"

_MOVE_LINE = re.compile(r"^\s*1\.\s+(?:Cubeful|Cubeless)\s+\S+\s+(?P<move>.+?)\s+Eq\.:", re.M)
# A ranked play of ``hint N`` and the line of chances under it (win, gammon, backgammon
# for the side on roll, then the same for the other side):
#     2. Cubeful 2-ply    24/23 13/10                  Eq.: -0.012 (-0.230)
#        0.497 0.137 0.008 - 0.503 0.140 0.007
_RANKED_LINE = re.compile(
    r"^\s*(?P<rank>\d+)\.\s+(?P<how>(?:Cubeful|Cubeless)\s+\S+)\s+(?P<move>.+?)\s+"
    r"Eq\.:\s*(?P<equity>[+-]?\d+(?:\.\d+)?)", re.M)
_CHANCES_LINE = re.compile(r"^\s*(?P<win>[01]\.\d+)\s+[01]\.\d+\s+[01]\.\d+\s+-\s")
NO_CUBE_ANALYSIS = "no cube analysis (the cube cannot matter)"
_CUBE_LINE = re.compile(r"^Proper cube action:\s*(?P<action>.+?)\s*$", re.M)
# The cubeful equities behind it: ``2. Double, pass        +1.000  (+0.908)``.
_CUBE_EQUITY_LINE = re.compile(
    r"^\s*\d\.\s+(?P<what>No (?:re)?double|(?:Re)?[Dd]ouble, (?:take|pass|drop|beaver))"
    r"\s+(?P<equity>[+-]?\d+\.\d+)", re.M)
_SCRIPT_LINE = re.compile(r"^DEBARNA-GNUBG (?P<json>\{.*\})\s*$", re.M)


class GnubgError(RuntimeError):
    """gnubg could not answer (it failed, timed out or said something unreadable)."""


class GnubgMissing(GnubgError):
    """gnubg is not installed, or the binary named cannot be run."""


def find_gnubg(configured: str | None = None) -> str | None:
    """The gnubg binary to run: `configured`, else $DEBARNA_GNUBG, else `gnubg` on the PATH,
    else Debian's /usr/games/gnubg; None when there is none."""
    named = configured or os.environ.get(ENV_PATH)
    if named:
        return shutil.which(named)
    found = shutil.which("gnubg")
    if found:
        return found
    return DEBIAN_PATH if os.access(DEBIAN_PATH, os.X_OK) else None


def _binary(path: str | None) -> str:
    found = find_gnubg(path)
    if found is None:
        named = path or os.environ.get(ENV_PATH)
        where = f"{named!r} cannot be run" if named else "GNU Backgammon (gnubg) is not installed"
        raise GnubgMissing(f"{where}: {INSTALL_HINT}")
    return found


def _run(args: Sequence[str], stdin: str, timeout: float) -> str:
    """Run gnubg headless in a throw-away preferences directory; its stdout."""
    with tempfile.TemporaryDirectory(prefix="debarna-gnubg-") as home:
        env = {**os.environ, "HOME": home}
        env.pop("DISPLAY", None)
        try:
            done = subprocess.run(
                [*args, "-s", home], input=stdin, capture_output=True, text=True,
                timeout=timeout, env=env, check=False,
            )
        except subprocess.TimeoutExpired:
            raise GnubgError(f"gnubg did not answer within {timeout:g} seconds") from None
        except OSError as exc:
            raise GnubgMissing(f"gnubg could not be started ({exc}): {INSTALL_HINT}") from None
    if done.returncode != 0:
        tail = (done.stderr or done.stdout).strip().splitlines()[-3:]
        raise GnubgError(f"gnubg stopped with status {done.returncode}: {' / '.join(tail)}")
    return done.stdout


def run_commands(commands: Sequence[str], *, path: str | None = None,
                 timeout: float = TIMEOUT) -> str:
    """Feed gnubg's command line these commands (one per line); all it printed."""
    return _run([_binary(path), "-t", "-q", "-r"], "\n".join(commands) + "\n", timeout)


def run_script(source: str, *, path: str | None = None, timeout: float = TIMEOUT) -> str:
    """Run a Python script inside gnubg (its `gnubg` module); all it printed."""
    binary = _binary(path)
    with tempfile.TemporaryDirectory(prefix="debarna-gnubg-script-") as folder:
        script = Path(folder) / "script.py"
        script.write_text(source, encoding="utf-8")
        return _run([binary, "-t", "-q", "-r", "-p", str(script)], "", timeout)


@lru_cache(maxsize=8)
def _probe(binary: str) -> str | None:
    try:
        out = _run([binary, "-t", "-q", "-r"], "show version\n", 20.0)
    except GnubgError as exc:
        return str(exc)
    if "GNU Backgammon" not in out:
        return f"{binary} does not answer like GNU Backgammon"
    return None


def why_unavailable(path: str | None = None) -> str | None:
    """Why the Expert level cannot be offered, in a sentence; None when gnubg runs."""
    try:
        binary = _binary(path)
    except GnubgMissing as exc:
        return str(exc)
    return _probe(binary)


def available(path: str | None = None) -> bool:
    """gnubg is installed and answers."""
    return why_unavailable(path) is None


# -- questions ------------------------------------------------------------------------------


def _check_ply(ply: int) -> int:
    if isinstance(ply, bool) or not isinstance(ply, int) or not 0 <= ply <= MAX_PLY:
        raise ValueError(f"gnubg's ply must be a whole number from 0 to {MAX_PLY}, not {ply!r}")
    return ply


def gnubg_ply(configured: int | None = None) -> int:
    """The expert's ply on the kiosk: $DEBARNA_GNUBG_PLY (0-4), else the config's
    (`configured`, the [gnubg] ply), else the default."""
    fallback = DEFAULT_PLY if configured is None else _check_ply(configured)
    text = os.environ.get(ENV_PLY, "").strip()
    if text.isdigit() and int(text) <= MAX_PLY:
        return int(text)
    if text:
        log.warning("%s=%r is not a ply from 0 to %d; using %d", ENV_PLY, text, MAX_PLY,
                    fallback)
    return fallback


def configured_path(configured: str | None = None) -> str | None:
    """The gnubg binary the kiosk names: $DEBARNA_GNUBG, else the config's (`configured`,
    the [gnubg] path); None (the empty path too) lets `find_gnubg` look for `gnubg` on
    the PATH, then Debian's /usr/games/gnubg."""
    return os.environ.get(ENV_PATH) or configured or None


def _setup(view: View, ply: int, cube: bool) -> list[str]:
    """The commands that put the view's position (without the dice) before gnubg."""
    from engines.backgammon.exchange import view_ids
    from engines.backgammon.ids import decode_match_id, match_id

    position, match = view_ids(view, jacoby=False)
    info = decode_match_id(match)
    # The kiosk's turn: the side on roll, no double pending (a pending double is asked
    # about as the doubler's cube decision), the dice set separately.
    match = match_id(replace(info, turn=info.on_roll, double_offered=False, dice=(0, 0)))
    return [
        "set threads 1",
        "set jacoby off",
        f"set cube use {'on' if cube else 'off'}",
        f"set evaluation chequerplay evaluation plies {ply}",
        f"set evaluation cubedecision evaluation plies {ply}",
        f"set matchid {match}",
        f"set board {position}",
    ]


def hint_play_text(view: View, ply: int = DEFAULT_PLY, *, path: str | None = None,
                   timeout: float = TIMEOUT) -> str:
    """gnubg's best play for the view's roll, as gnubg writes it (``24/13``)."""
    from engines.backgammon.rules import Phase

    if view.phase is not Phase.MOVE or view.dice is None:
        raise ValueError("gnubg is asked for a play only when the dice are rolled")
    commands = [*_setup(view, _check_ply(ply), cube=True),
                f"set dice {view.dice.high} {view.dice.low}", "hint"]
    out = run_commands(commands, path=path, timeout=timeout)
    found = _MOVE_LINE.search(out)
    if found is None:
        raise GnubgError(f"gnubg's hint named no move: {_tail(out)}")
    return found.group("move")


def hint_play(view: View, ply: int = DEFAULT_PLY, *, path: str | None = None,
              timeout: float = TIMEOUT) -> Play:
    """gnubg's best play for the view's roll, as one of the engine's legal plays."""
    from engines.backgammon.rules import Play, RuleError

    text = hint_play_text(view, ply, path=path, timeout=timeout)
    assert view.turn is not None and view.dice is not None
    try:
        play = Play.parse(text, view.board, view.turn, view.dice)
    except RuleError as exc:
        raise GnubgError(f"gnubg's move {text!r} is not legal here: {exc}") from None
    if view.legal_actions and play not in view.legal_actions:
        raise GnubgError(f"gnubg's move {text!r} is not among the legal plays")
    return play


@dataclass(frozen=True)
class PlayHint:
    """One of gnubg's best plays for a roll: the engine's legal play, gnubg's own words
    for it (``24/18(2) 13/7(2)``), its equity for the side on roll (cubeful, as gnubg's
    ``hint`` ranks them), the side on roll's winning chance, and how gnubg evaluated it
    (``Cubeful 2-ply``)."""

    play: Play
    text: str
    equity: float
    win: float | None
    how: str


def parse_hint_plays(out: str) -> list[tuple[str, float, float | None, str]]:
    """gnubg's ranked plays in the text ``hint N`` printed, best first: (the play as gnubg
    writes it, its equity, the winning chance, how evaluated)."""
    lines = out.splitlines()
    found: list[tuple[str, float, float | None, str]] = []
    for i, line in enumerate(lines):
        ranked = _RANKED_LINE.match(line)
        if ranked is None:
            continue
        chances = _CHANCES_LINE.match(lines[i + 1]) if i + 1 < len(lines) else None
        found.append((ranked.group("move").strip(), float(ranked.group("equity")),
                      float(chances.group("win")) if chances else None,
                      " ".join(ranked.group("how").split())))
    return found


def hint_plays(view: View, ply: int = DEFAULT_PLY, count: int = 3, *,
               path: str | None = None, timeout: float = TIMEOUT) -> list[PlayHint]:
    """gnubg's `count` best plays for the view's roll, best first, each one of the engine's
    legal plays with gnubg's equity (fewer when there are fewer plays)."""
    from engines.backgammon.rules import Phase, Play, RuleError

    if view.phase is not Phase.MOVE or view.dice is None or view.turn is None:
        raise ValueError("gnubg is asked for plays only when the dice are rolled")
    if count < 1:
        raise ValueError(f"ask gnubg for one play or more, not {count}")
    commands = [*_setup(view, _check_ply(ply), cube=True),
                f"set dice {view.dice.high} {view.dice.low}", f"hint {count}"]
    out = run_commands(commands, path=path, timeout=timeout)
    ranked = parse_hint_plays(out)
    if not ranked:
        raise GnubgError(f"gnubg's hint named no move: {_tail(out)}")
    hints = []
    for text, equity, win, how in ranked[:count]:
        try:
            play = Play.parse(text, view.board, view.turn, view.dice)
        except RuleError as exc:
            raise GnubgError(f"gnubg's move {text!r} is not legal here: {exc}") from None
        if view.legal_actions and play not in view.legal_actions:
            raise GnubgError(f"gnubg's move {text!r} is not among the legal plays")
        hints.append(PlayHint(play, text, equity, win, how))
    return hints


@dataclass(frozen=True)
class CubeHint:
    """gnubg's cube decision for the side on roll: `proper` is its own words
    (``Double, take``); `double` whether the side on roll should double, `take`
    whether the other side should take if doubled; `equities` the cubeful equities
    behind it, best first as gnubg lists them (``no_double``, ``double_take``,
    ``double_pass``), for the side on roll."""

    proper: str
    double: bool
    take: bool
    equities: tuple[tuple[str, float], ...] = ()


def parse_cube_equities(out: str) -> tuple[tuple[str, float], ...]:
    """The cubeful equities gnubg's cube analysis lists (no double, double/take,
    double/pass), in its order."""
    found = []
    for line in _CUBE_EQUITY_LINE.finditer(out):
        what = line.group("what").lower()
        key = "no_double" if what.startswith("no ") else (
            "double_pass" if what.endswith(("pass", "drop")) else "double_take")
        found.append((key, float(line.group("equity"))))
    return tuple(found)


def parse_cube_action(text: str) -> CubeHint:
    """Read gnubg's "proper cube action" (``No double, take``, ``Redouble, pass``,
    ``Too good to double, pass``, ``No double, beaver``)."""
    doubler, _, taker = text.partition(",")
    doubler, taker = doubler.strip().lower(), taker.strip().lower()
    if not doubler or not taker:
        raise GnubgError(f"gnubg's cube action {text!r} is not 'doubler, taker'")
    double = doubler.startswith(("double", "redouble"))
    if taker.startswith(("take", "beaver")):
        take = True
    elif taker.startswith(("pass", "drop")):
        take = False
    else:
        raise GnubgError(f"gnubg's cube action {text!r} names no take or pass")
    return CubeHint(text, double, take)


def hint_cube(view: View, ply: int = DEFAULT_PLY, *, path: str | None = None,
              timeout: float = TIMEOUT) -> CubeHint:
    """gnubg's cube decision before the roll of the side on turn (also when the other
    side must answer that side's double)."""
    from engines.backgammon.rules import Phase

    if view.phase not in (Phase.CUBE, Phase.RESPOND):
        raise ValueError("gnubg is asked about the cube only before a roll or after a double")
    commands = [*_setup(view, _check_ply(ply), cube=True), "hint"]
    out = run_commands(commands, path=path, timeout=timeout)
    found = _CUBE_LINE.search(out)
    if found is None:
        if "Cube analysis" not in out and "Position ID" in out:
            # gnubg analyses no cube where it cannot matter (both sides at match point):
            # no double, and a double (pointless) is taken.
            return CubeHint(NO_CUBE_ANALYSIS, double=False, take=True)
        raise GnubgError(f"gnubg's hint gave no cube action: {_tail(out)}")
    proper = parse_cube_action(re.sub(r"\s*\(.*$", "", found.group("action")))
    return replace(proper, equities=parse_cube_equities(out))


def _tail(out: str) -> str:
    lines = [line for line in out.strip().splitlines() if line.strip()]
    return " / ".join(lines[-3:]) or "nothing"


# -- the Expert player ------------------------------------------------------------------------


def _engine_bot(level: str) -> Bot:
    from engines.backgammon.bots import make_bot

    return make_bot(level)


@dataclass
class GnubgBot:
    """The Expert level: gnubg's play and cube decisions at `ply` (the Bot protocol).

    `choose` runs gnubg (a fraction of a second at 2 plies on a PC, more on a Pi), so
    the kiosk calls it on its thinker thread, like every bot. A single legal action is
    played without asking; a decision gnubg is not asked about (an answer to a
    resignation) is the `fallback` bot's, and so, when `forgiving` (the kiosk's screen:
    the game must go on), is every decision gnubg fails to answer (logged). Otherwise
    raises GnubgMissing when gnubg is not installed, GnubgError when it fails.
    """

    name: str = EXPERT
    ply: int = DEFAULT_PLY
    path: str | None = None
    timeout: float = TIMEOUT
    last: str = field(default="", compare=False)
    fallback: Bot = field(default_factory=lambda: _engine_bot("hard"), compare=False)
    forgiving: bool = False  # the kiosk's: when gnubg fails mid-game, `fallback` chooses

    def __post_init__(self) -> None:
        _check_ply(self.ply)

    @property
    def level(self) -> str:
        return self.name

    def choose(self, view: View, rng: RandomLike) -> Action:
        actions = view.legal_actions
        if not actions:
            raise ValueError(f"player {view.player} has no decision to make in {view.phase}")
        if len(actions) == 1:
            return actions[0]
        if not self.forgiving:
            return self._ask(view, rng)
        try:
            return self._ask(view, rng)
        except GnubgError as exc:
            log.warning("gnubg failed (%s); the %s player chooses instead", exc,
                        self.fallback.level)
            self.last = ""
            return self.fallback.choose(view, rng)

    def _ask(self, view: View, rng: RandomLike) -> Action:
        from engines.backgammon.rules import CubeAction, Phase

        if view.phase is Phase.MOVE:
            play = hint_play(view, self.ply, path=self.path, timeout=self.timeout)
            self.last = str(play)
            return play
        if view.phase not in (Phase.CUBE, Phase.RESPOND):
            # A decision gnubg is not asked about here (answering a resignation): the
            # engine's hard player's.
            self.last = ""
            return self.fallback.choose(view, rng)
        cube = hint_cube(view, self.ply, path=self.path, timeout=self.timeout)
        self.last = cube.proper
        if view.phase is Phase.RESPOND:
            return CubeAction.TAKE if cube.take else CubeAction.DROP
        return CubeAction.DOUBLE if cube.double else CubeAction.ROLL


# -- replaying match text ---------------------------------------------------------------------


@dataclass(frozen=True)
class MatReplay:
    """What gnubg made of a match text: its games, the final board (player 0 = the left
    column, each side in its own numbering as in `engines.backgammon.rules.Board`) and
    the final score (the last game's points added, even past the match length)."""

    games: int
    board: tuple[tuple[int, ...], tuple[int, ...]]
    score: tuple[int, int]
    position_id: str


_IMPORT_SCRIPT = """\
import json, sys
import gnubg
gnubg.command("import mat " + {path!r})
m = gnubg.match(analysis=0, boards=0, statistics=0, verbose=0)
games = m["games"]
last = games[-1]["info"]
score = [last["score-X"], last["score-O"]]
if last.get("winner") in ("X", "O"):
    score[0 if last["winner"] == "X" else 1] += last["points-won"]
print("DEBARNA-GNUBG " + json.dumps({{"games": len(games), "score": score,
      "position": gnubg.positionid(), "match": gnubg.matchid()}}))
sys.stdout.flush()
"""


def replay_mat(path: str | os.PathLike[str], *, gnubg: str | None = None,
               timeout: float = TIMEOUT) -> MatReplay:
    """Import a ``.mat`` file into gnubg; the games, final board and score it reaches."""
    out = run_script(_IMPORT_SCRIPT.format(path=str(Path(path).resolve())), path=gnubg,
                     timeout=timeout)
    found = _SCRIPT_LINE.search(out)
    if found is None:
        raise GnubgError(f"gnubg did not import the match: {_tail(out)}")
    data = json.loads(found.group("json"))
    from engines.backgammon.ids import decode_position_id

    on_roll_side, other = decode_position_id(data["position"])
    on_roll = _match_id_on_roll(data["match"])
    sides = [other, other]
    sides[on_roll] = on_roll_side
    return MatReplay(int(data["games"]), (tuple(sides[0]), tuple(sides[1])),
                     (int(data["score"][0]), int(data["score"][1])), data["position"])


def _match_id_on_roll(text: str) -> int:
    """Bit 6 of a Match ID (the player on roll), read without checking the score, which
    gnubg leaves past the match length when the match is over."""
    key = int.from_bytes(base64.b64decode(text + "=" * (-len(text) % 4)), "little")
    return (key >> 6) & 1

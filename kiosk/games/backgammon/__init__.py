"""How the kiosk hosts Takhteh Nard (`kiosk.games`): its table screen with the ways to play
(one person against each computer level, GNU Backgammon as the expert when it runs here,
two people, a demo) and the rule variants of its menu, the headless demo, and its own
commands: ``debarna backgammon moves|steps|play|export``.
"""

from __future__ import annotations

import argparse
import logging
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor
from pathlib import Path
from typing import Any, TextIO

from engines.backgammon.bots import HardBot
from engines.backgammon.bots import make_bot as make_backgammon_bot
from engines.backgammon.options import GameOptions
from engines.backgammon.rules import GameState
from engines.registry import game as registered_game
from kiosk.config import Action, Config, game_sections
from kiosk.flags import bounded, dice_arg, seeded_rng
from kiosk.games import HARD_BOT_SECONDS, Host
from kiosk.games.backgammon.gnubg import EXPERT, GnubgBot, configured_path, gnubg_ply
from kiosk.games.backgammon.gnubg import why_unavailable as why_gnubg_unavailable
from kiosk.games.backgammon.scene import BackgammonScene, Bot
from kiosk.i18n import Translator
from kiosk.match_journal import Choice
from kiosk.table.choices import Choices
from kiosk.table.seats import Mode
from kiosk.text import TextRenderer

log = logging.getLogger(__name__)
GnubgConfig = game_sections()["gnubg"].cls  # the [gnubg] section (sections.toml)


def screen_bot(level: str, gnubg: GnubgConfig | None = None) -> Bot:
    """A bot for the screen; the hard one keeps to a time budget on the real clock; the
    expert is GNU Backgammon, the config's [gnubg] binary at its ply ($DEBARNA_GNUBG and
    $DEBARNA_GNUBG_PLY override them; kiosk.games.backgammon.gnubg)."""
    if level == "hard":
        return HardBot(clock=time.monotonic, time_limit=HARD_BOT_SECONDS)
    if level == EXPERT:
        gnubg = gnubg or GnubgConfig()
        return GnubgBot(ply=gnubg_ply(gnubg.ply), path=configured_path(gnubg.path),
                        forgiving=True)
    return make_backgammon_bot(level)


def warm(config: Config) -> None:
    """Whether GNU Backgammon runs here is found out once (it starts the program), off the
    frame loop: the menu's expert row then opens at once."""
    why_gnubg_unavailable(configured_path(config.gnubg.path))


def _expert_mode(gnubg: GnubgConfig | None = None) -> Mode:
    """Against GNU Backgammon when it runs here; else a row that says why it is not offered."""
    why = why_gnubg_unavailable(configured_path((gnubg or GnubgConfig()).path))
    if why is None:
        return Mode(EXPERT, (None, screen_bot(EXPERT, gnubg)), EXPERT,
                    label="backgammon.gnubg.expert")
    log.warning("the expert level is not offered: %s", why)
    return Mode("expert_missing", (None, None), EXPERT, label="backgammon.gnubg.missing",
                offered=False)


def backgammon_modes(gnubg: GnubgConfig | None = None) -> tuple[Mode, ...]:
    """The ways to play Takhteh Nard offered on its screen (the expert level only when GNU
    Backgammon, the config's [gnubg] one, is installed; else its row says why)."""
    return (
        Mode("hotseat", (None, None)),
        *(Mode(level, (None, screen_bot(level)), level) for level in ("easy", "medium", "hard")),
        _expert_mode(gnubg),
        Mode("demo", (make_backgammon_bot("medium"), make_backgammon_bot("medium"))),
    )


def backgammon_choices(chosen: GameOptions | None = None) -> Choices:
    """Takhteh Nard's options as its menu offers them (from its registry entry: scoring,
    the cube, the match length, the Crawford rule), starting with `chosen` (None: the
    entry's defaults, a classic 5-point match with the cube)."""
    entry = registered_game("backgammon")
    return Choices(entry.option_specs(), entry.make_options, chosen or entry.defaults)


def backgammon_scene(
    text: TextRenderer, tr: Translator, seed: int | None = None,
    on_action: Callable[[object], None] | None = None, thinker: Executor | None = None,
    options: GameOptions | None = None, mode: str = "medium",
    gnubg: GnubgConfig | None = None, keys: Mapping[Action, Sequence[str]] | None = None,
) -> BackgammonScene:
    """The Takhteh Nard screen: one person against the medium computer to start with (or
    the way `mode`), playing `options` (the registry's defaults: a classic 5-point match);
    its menu offers the ways to play and the options, the expert being the `gnubg`
    section's GNU Backgammon. With a `thinker` the computers think on it, off the frame
    loop; its help line names the `keys` of the config."""
    modes = backgammon_modes(gnubg)
    start = next((m for m in modes if m.key == mode), None) or modes[2]
    choices = backgammon_choices(options)
    return BackgammonScene(
        text, tr, lambda: GameState(choices.chosen), start.bots, seeded_rng(seed), modes=modes,
        mode=start.key, on_action=on_action, thinker=thinker, rule_choices=choices,
        keys=keys,
    )


def make_scene(host: Host, last: Choice | None) -> BackgammonScene:
    """The Takhteh Nard screen: the [backgammon] section's rules and level, or the way and
    the rules last chosen in its menu."""
    return backgammon_scene(
        host.text, host.tr, host.seed, on_action=host.on_action, thinker=host.thinker,
        options=last.options if last else host.config.options("backgammon"),
        mode=last.mode if last else host.section("backgammon").level,
        gnubg=host.config.gnubg, keys=host.keys)


def demo(scene: BackgammonScene, host: Host) -> None:
    """Headless: the computer plays itself."""
    mode = next(mode for mode in scene.modes if mode.key == "demo")
    scene.start(dict(enumerate(mode.bots)), mode.key)


# -- its own commands ---------------------------------------------------------------------------


def add_tools(commands: Any, selfplay: argparse.ArgumentParser, how_many: Any) -> None:
    """Takhteh Nard's `moves` (the legal plays of a position and a roll), `steps`, `play`
    (the computer's play at a level) and `export` (a record as gnubg match text)."""
    moves = commands.add_parser(
        "moves", help="every distinct legal play for a position and a roll")
    moves.add_argument("--position-id", required=True, metavar="ID",
                       help="GNU Backgammon Position ID, from the view of the side on roll")
    moves.add_argument("--dice", required=True, type=dice_arg, metavar="A,B")
    steps = commands.add_parser(
        "steps", help="the legal next single steps of a roll, given the steps taken")
    steps.add_argument("--position-id", required=True, metavar="ID",
                       help="GNU Backgammon Position ID, from the view of the side on roll")
    steps.add_argument("--dice", required=True, type=dice_arg, metavar="A,B")
    steps.add_argument("--taken", nargs="+", action="extend", default=[], metavar="STEP",
                       help="single steps already made, in order (24/23 bar/22* 6/off)")
    play = commands.add_parser(
        "play", help="the computer's play for a position and a roll, at a level")
    play.add_argument("--position-id", required=True, metavar="ID",
                      help="GNU Backgammon Position ID, from the view of the side on roll")
    play.add_argument("--dice", required=True, type=dice_arg, metavar="A,B")
    play.add_argument("--level", default="medium",
                      choices=("easy", "medium", "hard", "expert"),
                      help="the computer's level (expert: GNU Backgammon; default medium)")
    play.add_argument("--match-id", metavar="ID",
                      help="GNU Backgammon Match ID: the cube and score (default: one game, "
                           "the cube in the middle)")
    play.add_argument("--ply", type=bounded(int, 0, 4, what="--ply"), default=None,
                      metavar="N", help="expert: gnubg's plies, 0-4 (default 2)")
    play.add_argument("--seed", type=int, help="random seed for the easy level and ties")
    export = commands.add_parser(
        "export", help="a game record (JSON lines) as GNU Backgammon match text (.mat)")
    export.add_argument("record", type=Path, metavar="RECORD.jsonl",
                        help="a Takhteh Nard record, as the kiosk or selfplay --record writes")
    export.add_argument("--out", type=Path, metavar="FILE",
                        help="where to write the match text (default: standard output)")
    export.add_argument("--names", nargs=2, default=("Player_1", "Player_2"),
                        metavar=("FIRST", "SECOND"), help="the players' names")


def _cmd_moves(args: argparse.Namespace, out: TextIO,
                         parser: argparse.ArgumentParser) -> int:
    """One line per distinct legal play: the play, a tab, the resulting Position ID.

    The resulting ID is from the view of the side then on roll (the opponent), as
    GNU Backgammon shows the position after a move. Nothing is printed when no play
    is legal.
    """
    from engines.backgammon.ids import IdError, decode_position_id, position_id
    from engines.backgammon.rules import Board, Dice, RuleError, apply, legal_plays

    try:
        on_roll, opponent = decode_position_id(args.position_id)
        board = Board((tuple(on_roll), tuple(opponent)))
    except (IdError, RuleError) as exc:
        parser.error(f"--position-id: {exc}")
    dice = Dice(*args.dice)
    for play in legal_plays(board, 0, dice):
        if not play.steps:
            continue
        after = apply(board, 0, play)
        out.write(f"{play}\t{position_id(after.points[1], after.points[0])}\n")
    return 0


def _cmd_steps(args: argparse.Namespace, out: TextIO,
                         parser: argparse.ArgumentParser) -> int:
    """One line per legal next single step (``24/23``, ``bar/22*``, ``6/off``) after the
    `--taken` steps; nothing once they complete the turn. A taken step that is not legal
    exits 2, naming it and the rule it breaks."""
    from engines.backgammon.ids import IdError, decode_position_id
    from engines.backgammon.rules import Board, Dice, RuleError
    from engines.backgammon.steps import step_tree

    try:
        on_roll, opponent = decode_position_id(args.position_id)
        board = Board((tuple(on_roll), tuple(opponent)))
    except (IdError, RuleError) as exc:
        parser.error(f"--position-id: {exc}")
    tree = step_tree(board, 0, Dice(*args.dice))
    try:
        taken = tree.read(args.taken)
    except RuleError as exc:
        parser.error(f"--taken: {exc}")
    for step in tree.next_steps(taken):
        out.write(f"{step}\n")
    return 0


def _cmd_play(args: argparse.Namespace, out: TextIO,
                        parser: argparse.ArgumentParser) -> int:
    """The computer's play at `--level`: the play, a tab, the Position ID reached (as
    `moves` writes them); ``(no play)`` when none is legal. Expert asks GNU Backgammon
    and exits 1 with a sentence when it is missing or fails."""
    from dataclasses import replace

    from engines.backgammon.bots import make_bot
    from engines.backgammon.exchange import import_ids
    from engines.backgammon.ids import IdError, MatchInfo, decode_match_id, match_id, position_id
    from engines.backgammon.rules import Play, RuleError, apply
    from kiosk.games.backgammon.gnubg import DEFAULT_PLY, GnubgBot, GnubgError

    try:
        info = decode_match_id(args.match_id) if args.match_id else MatchInfo()
        info = replace(info, dice=args.dice, double_offered=False, turn=info.on_roll)
        state = import_ids(args.position_id, match_id(info))
    except (IdError, RuleError) as exc:
        parser.error(f"--position-id/--match-id: {exc}")
    player = state.turn
    assert player is not None and state.dice is not None
    bot: Any
    if args.level == "expert":
        bot = GnubgBot(ply=DEFAULT_PLY if args.ply is None else args.ply)
    else:
        if args.ply is not None:
            parser.error("--ply is for --level expert")
        bot = make_bot(args.level)
    view = state.view(player)
    try:
        chosen = bot.choose(view, seeded_rng(args.seed))
    except GnubgError as exc:
        print(f"debarna: {exc}", file=sys.stderr)
        return 1
    assert isinstance(chosen, Play)
    after = apply(state.board, player, chosen, state.dice) if chosen.steps else state.board
    out.write(f"{chosen}\t{position_id(after.points[1 - player], after.points[player])}\n")
    return 0


def _cmd_export(args: argparse.Namespace, out: TextIO,
                          parser: argparse.ArgumentParser) -> int:
    """A Takhteh Nard record as GNU Backgammon match text, to `--out` or stdout."""
    from engines.backgammon import records
    from engines.backgammon.exchange import MatError, to_mat
    from engines.records import RecordError

    try:
        text = args.record.read_text(encoding="utf-8")
    except OSError as exc:
        parser.error(f"cannot read {args.record}: {exc.strerror or exc}")
    try:
        mat = to_mat(records.loads(text), args.names)
    except (RecordError, MatError, ValueError, KeyError) as exc:
        print(f"debarna: {args.record} cannot be exported: {exc}", file=sys.stderr)
        return 1
    if args.out is None:
        out.write(mat)
        return 0
    try:
        args.out.write_text(mat, encoding="utf-8")
    except OSError as exc:
        print(f"debarna: cannot write {args.out}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    return 0


def run_tool(args: argparse.Namespace, out: TextIO, parser: argparse.ArgumentParser) -> int | None:
    """Run one of Takhteh Nard's own commands (None: the shared `selfplay`)."""
    commands = {"moves": _cmd_moves, "steps": _cmd_steps, "play": _cmd_play,
                "export": _cmd_export}
    command = commands.get(args.game_command)
    return None if command is None else command(args, out, parser)

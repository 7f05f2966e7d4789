"""A game in the formats players use, and back: GNU Backgammon's IDs, and XGID.

`export_ids(state)` gives the Position ID (from the view of the side on roll) and
the Match ID of a game in progress (`view_ids(view)` the same from a player's view,
what a bot receives); `import_ids(position, match, options)` sets a
game up from them, ready for the player on roll. `export_xgid` / `import_xgid` do
the same with one XGID, where player 0 is the bottom (upper-case) side.

`to_mat(state)` writes a match as GNU Backgammon's match text (the ``.mat`` files
of Jellyfish that gnubg's ``import mat`` reads): a header naming the match length,
then each game with the score before it, numbered lines of two columns (player 0
on the left, player 1 on the right), each entry a roll and its steps one die at a
time (``31: 8/5 6/5``; 25 is the bar, 0 off, ``*`` a hit), or a cube action
(``Doubles => 2``, ``Takes``, ``Drops``), and ``Wins N points`` at each game's end
as the winner's next entry (after a drop by player 0, on the same line).
The opening roll is the first mover's first roll, as the format has it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from .ids import GameState as IdGameState
from .ids import (
    IdError,
    MatchInfo,
    Xgid,
    decode_match_id,
    decode_position_id,
    from_xgid,
    match_id,
    position_id,
    to_xgid,
)
from .options import GameOptions
from .rules import (
    Board,
    CubeAction,
    Dice,
    GameState,
    OpeningRoll,
    Phase,
    Play,
    View,
)


def _turn(state: GameState) -> int:
    """The player on turn of a game under way; IdError for one not begun or over."""
    turn = state.turn
    if turn is None or state.phase in (Phase.OPENING, Phase.OVER):
        raise IdError("state", "only a game under way, with a player on turn, can be exported")
    return turn


def _options(base: GameOptions | None, match_length: int) -> GameOptions:
    """The variant asked for (classic by default), at the match length the ID gives."""
    return replace(base, match_length=match_length) if base is not None \
        else GameOptions.classic(match_length)


def export_ids(state: GameState) -> tuple[str, str]:
    """(Position ID, Match ID) of a game in progress: the side on roll, cube, dice, score."""
    return _ids(state.board, _turn(state), state.phase, state.dice, state.cube_value,
                state.cube_owner, state.crawford_game, state.options.match_length,
                (state.score[0], state.score[1]), jacoby=True)


def view_ids(view: View, *, jacoby: bool = True) -> tuple[str, str]:
    """(Position ID, Match ID) of the game a player's `view` shows (as `export_ids`).

    `jacoby` is gnubg's Jacoby bit of a money game; the kiosk's rules have no Jacoby
    rule, so a caller asking gnubg about a money game passes False.
    """
    if view.turn is None or view.phase in (Phase.OPENING, Phase.OVER):
        raise IdError("view", "only a game under way, with a player on turn, can be exported")
    return _ids(view.board, view.turn, view.phase, view.dice, view.cube_value,
                view.cube_owner, view.crawford_game, view.match_length, view.score,
                jacoby=jacoby)


def _ids(
    board: Board, turn: int, phase: Phase, dice: Dice | None, cube_value: int,
    cube_owner: int | None, crawford: bool, match_length: int, score: tuple[int, int],
    *, jacoby: bool,
) -> tuple[str, str]:
    offered = phase is Phase.RESPOND
    info = MatchInfo(
        cube_value=cube_value,
        cube_owner=cube_owner,
        on_roll=turn,
        crawford=crawford,
        game_state=IdGameState.PLAYING,
        turn=1 - turn if offered else turn,
        double_offered=offered,
        dice=(dice.high, dice.low) if dice is not None else (0, 0),
        match_length=match_length,
        score=(score[0], score[1]),
        jacoby=jacoby,
    )
    return position_id(board.points[turn], board.points[1 - turn]), match_id(info)


def import_ids(position: str, match: str, options: GameOptions | None = None) -> GameState:
    """A game set up from GNU Backgammon's IDs, with the player on roll to play.

    `options` gives the variant (classic by default); the match length comes from
    the Match ID. A pending double in the IDs is not carried over.
    """
    info = decode_match_id(match)
    on_roll, other = decode_position_id(position)
    sides = [other, other]
    sides[info.on_roll] = on_roll
    board = Board((tuple(sides[0]), tuple(sides[1])))
    return GameState.from_position(
        board, info.on_roll, _options(options, info.match_length),
        dice=info.dice if info.dice != (0, 0) else None,
        cube_value=info.cube_value, cube_owner=info.cube_owner,
        score=info.score, crawford_game=info.crawford,
    )


def _side_sign(player: int | None) -> int:
    return 0 if player is None else (1 if player == 0 else -1)


def export_xgid(state: GameState) -> str:
    """The XGID of a game in progress; player 0 is the bottom side."""
    turn = _turn(state)
    offered = state.phase is Phase.RESPOND
    dice = (state.dice.high, state.dice.low) if state.dice is not None and not offered \
        else (0, 0)
    return to_xgid(Xgid(
        bottom=state.board.points[0], top=state.board.points[1],
        cube_value=state.cube_value, cube_owner=_side_sign(state.cube_owner),
        turn=_side_sign(turn), dice=dice, double_offered=offered,
        score_bottom=state.score[0], score_top=state.score[1],
        rules=1 if state.crawford_game else 0, match_length=state.options.match_length,
    ))


def import_xgid(text: str, options: GameOptions | None = None) -> GameState:
    """A game set up from an XGID, with the player on turn to play (or to roll)."""
    x = from_xgid(text)
    chosen = _options(options, x.match_length)
    owner = None if x.cube_owner == 0 else (0 if x.cube_owner == 1 else 1)
    return GameState.from_position(
        Board((tuple(x.bottom), tuple(x.top))), 0 if x.turn == 1 else 1, chosen,
        dice=x.dice if x.dice != (0, 0) else None, cube_value=x.cube_value,
        cube_owner=owner, score=(x.score_bottom, x.score_top), crawford_game=x.crawford,
    )


# ------------------------------------------------------------------- match text


class MatError(ValueError):
    """A game that GNU Backgammon's match text cannot hold (it says which and why)."""


_MAT_LEFT = 28  # the width of player 0's column after the move number


def _mat_name(name: str) -> str:
    """A player's name as one word (the format reads ``name : score``)."""
    word = "_".join(str(name).split()).replace(":", "_")
    return word or "Player"


def _mat_steps(play: Play) -> str:
    """The steps one die at a time, in an order they can be made (highest point first):
    the bar is 25, off is 0, a hit ends in ``*``."""
    return " ".join(
        f"{step.from_point}/{step.to_point}{'*' if step.hit else ''}" for step in play.steps
    )


def _points_word(points: int) -> str:
    return f"{points} point" if points == 1 else f"{points} points"


def to_mat(state: GameState, names: Sequence[str] = ("Player_1", "Player_2")) -> str:
    """The match `state` has played so far as GNU Backgammon match text (``.mat``).

    Player 0 is the left column. Refuses (MatError) a game set up mid-way, which the
    format cannot start from. Maple scoring has no backgammon; gnubg counts one as 3.
    """
    if state.start is not None:
        raise MatError("a game set up from a position cannot be written as match text: "
                       "the format starts every game from the opening")
    if len(names) != 2:
        raise MatError("match text names two players")
    left, right = (_mat_name(name) for name in names)
    replica = GameState(state.options)
    lines = [f" {state.options.match_length} point match"]
    entries: list[str] = []  # the current game's entries, alternating players
    game = 0

    def start_game() -> None:
        nonlocal game
        game += 1
        lines.extend(["", f" Game {game}"])
        lines.append(f" {left} : {replica.score[0]}".ljust(32) + f"{right} : {replica.score[1]}")

    def add(player: int, text: str) -> None:
        while len(entries) % 2 != player:
            entries.append("")  # player 0 on the left, player 1 on the right
        entries.append(text)

    def rows() -> None:
        for number, at in enumerate(range(0, len(entries), 2), start=1):
            pair = [*entries[at:at + 2], ""]
            left_entry = pair[0].ljust(_MAT_LEFT - 1) + " "  # a long entry keeps a space
            lines.append((f"{number:3d}) " + left_entry + pair[1]).rstrip())
        entries.clear()

    def end_game() -> None:
        result = replica.games[-1]
        add(result.winner, f" Wins {_points_word(result.points)}")  # the winner's next entry
        rows()

    start_game()
    for _actor, action in state.history:
        games = len(replica.games)
        turn = replica.turn
        if isinstance(action, OpeningRoll | Dice) or action is CubeAction.ROLL:
            pass  # the roll is written with the move it is played with
        elif action is CubeAction.DOUBLE:
            assert turn is not None
            add(turn, f" Doubles => {replica.cube_value * 2}")
        elif action is CubeAction.TAKE:
            assert turn is not None
            add(1 - turn, " Takes")
        elif action is CubeAction.DROP:
            assert turn is not None
            add(1 - turn, " Drops")
        elif isinstance(action, Play):
            assert turn is not None and replica.dice is not None
            roll = f"{replica.dice.high}{replica.dice.low}:"
            add(turn, f"{roll} {_mat_steps(action)}" if action.steps else roll)
        # Anything else (a resignation offered or answered) has no entry of its own: a
        # game that ends without a bear-off or a drop is read by gnubg from its Wins line.
        replica.apply(action)
        if len(replica.games) > games:
            end_game()
            if not replica.is_over:
                start_game()
    if entries:  # a game still under way
        rows()
    elif not replica.is_over and replica.games:
        del lines[-3:]  # the header of a game not begun
    return "\n".join(lines) + "\n"

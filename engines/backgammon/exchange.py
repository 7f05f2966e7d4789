"""A game in the formats players use, and back: GNU Backgammon's IDs, and XGID.

`export_ids(state)` gives the Position ID (from the view of the side on roll) and
the Match ID of a game in progress; `import_ids(position, match, options)` sets a
game up from them, ready for the player on roll. `export_xgid` / `import_xgid` do
the same with one XGID, where player 0 is the bottom (upper-case) side.
"""

from __future__ import annotations

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
from .rules import Board, GameState, Phase


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
    turn = _turn(state)
    board = state.board
    on_roll = board.points[turn]
    other = board.points[1 - turn]
    dice = (state.dice.high, state.dice.low) if state.dice is not None else (0, 0)
    offered = state.phase is Phase.RESPOND
    info = MatchInfo(
        cube_value=state.cube_value,
        cube_owner=state.cube_owner,
        on_roll=turn,
        crawford=state.crawford_game,
        game_state=IdGameState.PLAYING,
        turn=1 - turn if offered else turn,
        double_offered=offered,
        dice=dice,
        match_length=state.options.match_length,
        score=(state.score[0], state.score[1]),
    )
    return position_id(on_roll, other), match_id(info)


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

"""A game in GNU Backgammon's IDs and back: export and import a position and its match.

`export_ids(state)` gives the Position ID (from the view of the side on roll) and
the Match ID of a game in progress; `import_ids(position, match, options)` sets a
game up from them, ready for the player on roll. Players are 0 and 1 in both.
"""

from __future__ import annotations

from .ids import GameState as IdGameState
from .ids import IdError, MatchInfo, decode_match_id, decode_position_id, match_id, position_id
from .options import GameOptions
from .rules import Board, GameState, Phase


def export_ids(state: GameState) -> tuple[str, str]:
    """(Position ID, Match ID) of a game in progress: the side on roll, cube, dice, score."""
    turn = state.turn
    if turn is None or state.phase in (Phase.OPENING, Phase.OVER):
        raise IdError("state", "only a game under way, with a player on turn, has IDs")
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
    base = options or GameOptions.classic(info.match_length)
    chosen = GameOptions(variant=base.variant, cube=base.cube,
                         match_length=info.match_length, crawford=base.crawford)
    return GameState.from_position(
        board, info.on_roll, chosen,
        dice=info.dice if info.dice != (0, 0) else None,
        cube_value=info.cube_value, cube_owner=info.cube_owner,
        score=info.score, crawford_game=info.crawford,
    )

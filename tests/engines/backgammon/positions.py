"""Small helpers for writing backgammon positions in tests."""

from __future__ import annotations

from engines.backgammon.rules import Board, Play, legal_plays


def position(mine: dict[int, int], theirs: dict[int, int]) -> Board:
    """Player 0's and player 1's checkers, {point: count} in each one's numbering (25 = bar)."""
    return Board.from_dicts(mine, theirs)


def texts(board: Board, dice: tuple[int, int], player: int = 0) -> list[str]:
    return [str(play) for play in legal_plays(board, player, dice)]


def play(text: str) -> Play:
    return Play.parse(text)

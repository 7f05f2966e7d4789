"""Small helpers for writing backgammon positions in tests."""

from __future__ import annotations

import random

from engines.backgammon.rules import Board, Dice, Play, legal_plays, play_results, result

Position = tuple[Board, int, Dice]  # a board, the player on roll, their dice


def position(mine: dict[int, int], theirs: dict[int, int]) -> Board:
    """Player 0's and player 1's checkers, {point: count} in each one's numbering (25 = bar)."""
    return Board.from_dicts(mine, theirs)


def texts(board: Board, dice: tuple[int, int], player: int = 0) -> list[str]:
    return [str(play) for play in legal_plays(board, player, dice)]


def play(text: str) -> Play:
    return Play.parse(text)


def random_layout(rng: random.Random) -> Board:
    """Any legal layout: each side 1–15 checkers, often all home, sometimes on the bar."""
    sides = [[0] * 25, [0] * 25]
    for player in (0, 1):
        highest = rng.choice([6, 6, 12, 24, 24])
        slots = list(range(highest))
        if rng.randrange(4) == 0:
            slots.append(24)
        for _ in range(rng.randint(1, 15)):
            slot = rng.choice(slots)
            if slot < 24 and sides[1 - player][23 - slot]:
                continue
            sides[player][slot] += 1
        if not any(sides[player]):
            free = next(i for i in range(24) if not sides[1 - player][23 - i])
            sides[player][free] = 1
    return Board((tuple(sides[0]), tuple(sides[1])))


def random_positions(count: int, seed: int) -> list[Position]:
    """Half from games of random legal plays (every turn of them), half random layouts."""
    rng = random.Random(seed)
    out: list[Position] = []
    board, player = Board.initial(), 0
    while len(out) < count // 2:
        dice = Dice(rng.randint(1, 6), rng.randint(1, 6))
        out.append((board, player, dice))
        plays = list(play_results(board, player, dice).items())
        board = plays[rng.randrange(len(plays))][0]
        player = 1 - player
        if result(board) is not None:
            board, player = Board.initial(), 0
    while len(out) < count:
        board = random_layout(rng)
        if result(board) is None:
            out.append((board, rng.randint(0, 1), Dice(rng.randint(1, 6), rng.randint(1, 6))))
    return out

"""Takhteh Nard (backgammon): the board, moves, legal plays, scoring, the cube and matches.

`rules` owns the board and every rule of play; `options` the variants (classic
or Maple scoring, the cube, match length, Crawford); `records` a game or match
as JSON lines that replay exactly; `ids` the position formats players already
use (GNU Backgammon Position ID and Match ID, XGID).
"""

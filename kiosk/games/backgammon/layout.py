"""Where everything lies on the Takhteh Nard screen, for one size and direction.

`make_layout` gives a `Layout`: the board on the start side of the screen (a board in both
languages) with its points, bar, trays, cube column and dice, the help line under it, and
the side panel beside it with its title, the players' cards, the match line, the prompt,
the choice buttons and the tools. `screen_point` turns a point of either player's
numbering into the board's own (Light's). Sizes are design pixels at 1080p.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from engines.backgammon.rules import POINTS
from kiosk import theme
from kiosk.theme import Px, safe_area

PANEL_W = 648  # the side panel: its lines (a mode, a score, a prompt) at 40 px unshrunk
CUBE_W = 100  # the cube's column: a 44 px number on the cube, its owner's name at 40 px
FRAME_RAIL = 48  # the board's frame above and below the points: their numbers at 40 px
STACK = 5  # checkers drawn on a point before the rest become a number
HELP_ROW = 64  # the pitch of the help line's rows
HELP_ROWS = 3  # rows kept for it under the board (the board leaves the panel its width)
INFO_ROW = 50  # the pitch of the match line's lines of 40 px text
TOOLS = ("hint", "ids", "resign", "new_game")  # the panel's tool buttons, in reading order


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
    return Layout(size=size, unit=unit, board=board, panel=panel, help=help_rect,
                  **_board_regions(board, px), **_panel_regions(panel, px, rtl))


def _board_regions(board: pygame.Rect, px: Px) -> dict[str, Any]:
    """The board's parts: its inside, the points, the bar, the trays, the cube's column,
    a checker's and a die's size, the dice's place, and the note's and the band's."""
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
    return dict(inner=inner, points=points, bar=bar, trays=trays, cube_column=cube_column,
                checker=checker, die=die, dice_centre=dice_centre, note=note, band=band)


def _panel_regions(panel: pygame.Rect, px: Px, rtl: bool
                   ) -> dict[str, Any]:
    """The panel's parts, top to bottom: the title, the way of playing, the two cards, the
    match line, the prompt, the choice buttons and the tools."""
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
        line, place = divmod(i, 2)  # the tool's row and its place in the row
        top = inside.bottom - (2 - line) * tool_h - (1 - line) * tool_gap
        left = inside.left if (place == 0) != rtl else inside.right - half
        tools.append(pygame.Rect(left, top, half, tool_h))
    button_h = px(76)
    row = pygame.Rect(inside.left, tools[0].top - px(14) - button_h, inside.width, button_h)
    first = pygame.Rect(row.left, row.top, half, button_h)
    second = pygame.Rect(row.right - half, row.top, half, button_h)
    buttons = (second, first) if rtl else (first, second)
    prompt = pygame.Rect(inside.left, info.bottom + px(6), inside.width,
                         row.top - px(8) - info.bottom - px(6))
    return dict(title=title, mode=mode, cards=(card0, card1), info=info, prompt=prompt,
                buttons=buttons, tools=tuple(tools))


def screen_point(player: int, point: int) -> int:
    """A point of `player`'s numbering as player 0's (the board's drawing order)."""
    return point if player == 0 else POINTS + 1 - point

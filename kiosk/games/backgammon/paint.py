"""How the Takhteh Nard board is painted, and the screen's colours and text sizes.

`BoardPainter` draws a scene's board onto a surface with its `Layout`: the checkers on the
points, the bar and the trays, the highlights of the step being chosen (a hit glows red),
the dice, the cube with its owner's name, the points' numbers (P), the note between the
points' tips, a finished game's result, and the hint's box over the far points. It reads
the scene (what it reads is `SceneView`) and changes none of it. `background` is what
lies under everything (the board's wood, felt and points, the trays, the panel's plate),
`draw_checker` one checker, and `Lines` the record of the lines a player reads as last
drawn (the tests measure them on the screen). The side panel, the help line and the boxes
over the whole table are `kiosk.games.backgammon.panel`'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import pygame

from engines.backgammon.options import Kind
from engines.backgammon.rules import (
    BAR,
    OFF,
    POINTS,
    Board,
    GameResult,
    GameState,
    OpeningRoll,
    Phase,
)
from kiosk import theme
from kiosk.games.backgammon.layout import STACK, Layout, screen_point
from kiosk.games.backgammon.picker import TurnPicker
from kiosk.games.backgammon.tools import Advice
from kiosk.i18n import Translator
from kiosk.scenes.card_table.pieces import HelpPair, Label
from kiosk.table.seats import Mode
from kiosk.text import TextRenderer, aligned
from kiosk.theme import (
    ACCENT,
    BACKGROUND,
    GOOD,
    PANEL,
    PANEL_EDGE,
    TEXT,
    TEXT_DIM,
    Colour,
)

FRAME: Colour = (92, 58, 34)
FELT: Colour = (30, 92, 70)
POINT_A: Colour = (226, 196, 142)
POINT_B: Colour = (156, 54, 44)
BAR_WOOD: Colour = (74, 46, 27)
TRAY: Colour = (22, 64, 50)
CHECKER: tuple[Colour, Colour] = ((244, 238, 222), (40, 36, 40))
CHECKER_EDGE: tuple[Colour, Colour] = ((160, 146, 120), (120, 112, 118))
CHECKER_TEXT: tuple[Colour, Colour] = ((30, 30, 30), (240, 240, 240))
TARGET: Colour = (255, 236, 120)
DIE_USED: Colour = (120, 120, 120)
HIT: Colour = (236, 96, 64)  # a target where the step hits a blot
WARN: Colour = (255, 150, 136)  # a refusal on the overlay (7:1 on it)
# Every line on the screen is at least 40 px Noto Sans at 1080p (a 28 px cap, DESIGN §3b).
SMALL = 40
# Text a player reads from the sofa: 42 px Noto Sans has a cap height of 30 px at 1080p
# (DESIGN §3b: at least 28). The help line and the overlays use it.
READ = 42
CARD = theme.PlateLook(fill=BACKGROUND, edge=PANEL_EDGE, radius=14, sizes=(SMALL, SMALL))
# Opaque: a menu or a box over the table hides what is under it (the board's glow, a note).
MENU = theme.MenuLook(row=86, title=52, text=SMALL, top=20, bottom=40, alpha=255, radius=16)
CUBE = 84  # the cube's side (at most the column's)
BAR_STACK = 3  # checkers drawn on the bar before the rest become a number
OVERLAY_ROW = 60  # the pitch of the overlays' lines of READ text
NOTE_LEADING = 1.25  # two lines of SMALL text between the points' tips
# The sizes of the screen's text (design pixels), most used first: the help line and the
# overlays (READ), the prompt, the buttons and the cube's number, the cards, the match line,
# the tools and the numbers (SMALL), the title, the result, the menu's title.
TEXT_SIZES = (READ, 44, SMALL, 60, 46, 52)


class SceneView(Protocol):
    """What the painters read of the scene: the game, what a person is choosing, what is
    open over the table, and the words for all of it."""

    text: TextRenderer
    tr: Translator
    state: GameState
    modes: Sequence[Mode]
    picker: TurnPicker | None
    picked: int | None  # the point a checker was picked up from
    cursor: int  # among the checkers that may move, or the picked one's targets
    choice: int  # among the panel's buttons
    opening: OpeningRoll | None
    numbers: bool
    hint_open: bool
    advice: Advice | None
    resigning: Kind | None
    tool: int | None
    menu_open: bool
    menu_index: int
    ids_open: bool
    entry: str
    ids_message: str | None
    ids_detail: str
    ids_good: bool
    phones_open: bool
    phones_cursor: int

    @property
    def rtl(self) -> bool: ...

    def phones_columns(self) -> list[tuple[str, str, str | None]]: ...

    @property
    def result(self) -> GameResult | None: ...

    @property
    def menu_size(self) -> int: ...

    def shown_board(self) -> Board: ...

    def sources(self) -> list[int]: ...

    def targets(self) -> list[int]: ...

    def choices(self) -> list[str]: ...

    def tool_enabled(self, name: str) -> bool: ...

    def point_number(self, n: int) -> int: ...

    def ids(self) -> tuple[str, str, str] | None: ...

    def name(self, player: int) -> str: ...

    def role(self, player: int) -> str: ...

    def mode_text(self) -> str: ...

    def prompt(self) -> str: ...

    def note(self) -> str: ...

    def result_lines(self) -> tuple[str, str, str]: ...

    def info_parts(self) -> list[str]: ...

    def info_lines(self, size: int, width: int) -> list[str]: ...

    def menu_lines(self) -> tuple[str, ...]: ...

    def help_pairs(self) -> list[HelpPair]: ...

    def advice_lines(self) -> list[tuple[str, str, str]]: ...

    def advice_title(self) -> str: ...


class Lines:
    """The lines a player reads, as last drawn: each one's `Label` (its text, size,
    colour and place) and the direction it was shaped in, by key."""

    def __init__(self, scene: SceneView) -> None:
        self.scene = scene
        self.labels: dict[str, Label] = {}
        self.label_rtl: dict[str, bool] = {}

    def forget(self, prefix: str) -> None:
        """The lines of a box about to be drawn again (their keys start with `prefix`)."""
        for key in [k for k in self.labels if k.startswith(prefix)]:
            del self.labels[key]

    def line(self, surface: pygame.Surface, key: str, kind: str, text: str, size: int,
              colour: Colour, rect: pygame.Rect, *, align: str = "start", bold: bool = False,
              rtl: bool | None = None) -> pygame.Rect:
        """One line of text in `rect`, vertically centred, placed by the screen's direction
        and shaped in `rtl`'s (IDs and moves are Latin, left to right, in both languages);
        shrunk only if it would not fit; noted in `labels` under `key`."""
        scene = self.scene
        shape = scene.rtl if rtl is None else rtl
        image, used = scene.text.fitted(text, size, colour, rect.width, bold, shape)
        box = aligned(image.get_rect(centery=rect.centery), rect, align, scene.rtl)
        surface.blit(image, box)
        self.labels[key] = Label(kind, text, used, colour, bold, box)
        self.label_rtl[key] = shape
        return box

    def column(self, row: pygame.Rect, start: float, end: float) -> pygame.Rect:
        """The part of `row` from `start` to `end` (shares of its width) in reading order."""
        scene = self.scene
        left, right = (1 - end, 1 - start) if scene.rtl else (start, end)
        return pygame.Rect(row.left + round(left * row.width), row.top,
                           round((right - left) * row.width), row.height)


def background(layout: Layout) -> pygame.Surface:
    """What lies under everything: the board's frame, felt and points, the bar, the cube's
    and the trays' columns, and the panel's plate."""
    surface = pygame.Surface(layout.size)
    surface.fill(BACKGROUND)
    px = layout.px
    pygame.draw.rect(surface, FRAME, layout.board, border_radius=px(12))
    pygame.draw.rect(surface, FELT, layout.inner)
    for n, rect in layout.points.items():
        colour = POINT_A if n % 2 else POINT_B
        if n <= 12:
            tip = (rect.centerx, rect.top)
            base = [(rect.right, rect.bottom), (rect.left, rect.bottom)]
        else:
            tip = (rect.centerx, rect.bottom)
            base = [(rect.left, rect.top), (rect.right, rect.top)]
        pygame.draw.polygon(surface, colour, [*base, tip])
    pygame.draw.rect(surface, BAR_WOOD, layout.bar)
    pygame.draw.rect(surface, FRAME, layout.cube_column)
    tray_column = pygame.Rect(layout.trays[0].left - px(10), layout.inner.top,
                              layout.inner.right - layout.trays[0].left + px(10),
                              layout.inner.height)
    pygame.draw.rect(surface, FRAME, tray_column)
    for tray in layout.trays:
        pygame.draw.rect(surface, TRAY, tray, border_radius=px(6))
    pygame.draw.rect(surface, PANEL, layout.panel, border_radius=px(18))
    pygame.draw.rect(surface, PANEL_EDGE, layout.panel, width=px(2), border_radius=px(18))
    return surface


def draw_checker(surface: pygame.Surface, text: TextRenderer, layout: Layout, player: int,
                 centre: tuple[int, int], d: int, label: str | None = None) -> None:
    """One of `player`'s checkers, `d` across, at `centre`; `label`: the number of a stack
    too tall to draw whole."""
    radius = d // 2 - 1
    pygame.draw.circle(surface, CHECKER_EDGE[player], centre, radius)
    pygame.draw.circle(surface, CHECKER[player], centre, max(1, radius - max(2, d // 14)))
    pygame.draw.circle(surface, CHECKER_EDGE[player], centre, max(1, radius // 2),
                       width=max(1, d // 30))
    if label:
        box = pygame.Rect(0, 0, d, d)
        box.center = centre
        text.draw(surface, label, layout.px(SMALL), CHECKER_TEXT[player], box, align="center",
                  bold=True, rtl=False)


class BoardPainter:
    """Draws the scene's board: the checkers, the step being chosen, the dice, the cube, the
    numbers, the note, the result and the hint. It reads the scene; it changes nothing of
    it (the hint's lines go into `lines`)."""

    def __init__(self, scene: SceneView, lines: Lines) -> None:
        self.scene = scene
        self.lines = lines

    def board(self, surface: pygame.Surface, layout: Layout, background: pygame.Surface
              ) -> pygame.Rect | None:
        """The board as the scene shows it now, on `background`; returns where the hint's
        box lies (None: no hint shown)."""
        scene = self.scene
        surface.blit(background, layout.board, layout.board)
        board = scene.shown_board()
        d = layout.checker
        marks = self.marks()
        if scene.numbers:
            self._numbers(surface, layout)
        for player in (0, 1):
            side = board.side(player)
            for point in range(1, POINTS + 1):
                count = side[point - 1]
                if count:
                    self._point_stack(surface, layout, player, point, count)
            self._bar(surface, layout, player, side[BAR - 1])
            self._tray(surface, layout, player, board.off(player))
        for kind, player, point, count in marks:
            self._mark(surface, layout, kind, player, point, count, d)
        self._dice(surface, layout)
        self._cube(surface, layout)
        note = scene.note()
        if note and scene.result is None:
            self._note(surface, layout, note)
        if scene.result is not None:
            self._result(surface, layout)
        if scene.hint_open and not scene.menu_open:
            return self._hint(surface, layout)
        return None

    def _note(self, surface: pygame.Surface, layout: Layout, note: str) -> None:
        """The note in the left half; one too long for it (a forced play said, a notice)
        on a box across the board between the points' tips, over the dice: never smaller."""
        scene = self.scene
        px, size = layout.px, layout.px(SMALL)
        lines = scene.text.wrap(note, size, layout.note.width, rtl=scene.rtl)
        if len(lines) * round(size * NOTE_LEADING) <= layout.note.height:
            scene.text.paragraph(surface, note, size, TEXT, layout.note, rtl=scene.rtl,
                                 leading=NOTE_LEADING, min_size=size)
            return
        theme.overlay_box(surface, layout.band, px, MENU.radius)
        scene.text.paragraph(surface, note, size, TEXT, layout.band.inflate(-px(40), 0),
                             rtl=scene.rtl, leading=NOTE_LEADING, min_size=size)

    def _numbers(self, surface: pygame.Surface, layout: Layout) -> None:
        """Each point's number on the frame by its base, in the viewer's numbering (1 is
        their deepest home point)."""
        scene = self.scene
        size = layout.px(SMALL)
        inner, board = layout.inner, layout.board
        for n, rect in layout.points.items():
            box = pygame.Rect(rect.left - layout.px(6), 0, rect.width + layout.px(12),
                              inner.top - board.top)
            if n <= 12:
                box.top = inner.bottom
            else:
                box.bottom = inner.top
            scene.text.draw(surface, scene.tr.digits(scene.point_number(n)), size, TEXT, box,
                            align="center", bold=True, rtl=False)

    def _stack_centre(self, layout: Layout, player: int, point: int, index: int
                      ) -> tuple[int, int]:
        """Where the index-th checker (0 = at the edge) of a point of `player` stands."""
        n = screen_point(player, point)
        rect = layout.points[n]
        d = layout.checker
        index = min(index, STACK - 1)
        if n <= 12:
            return rect.centerx, rect.bottom - d // 2 - index * d
        return rect.centerx, rect.top + d // 2 + index * d

    def _bar_centre(self, layout: Layout, player: int, index: int) -> tuple[int, int]:
        d = layout.checker
        index = min(index, BAR_STACK - 1)
        direction = -1 if player == 0 else 1
        y = layout.bar.centery + direction * (d + index * d)
        return layout.bar.centerx, y

    def _point_stack(self, surface: pygame.Surface, layout: Layout, player: int,
                     point: int, count: int) -> None:
        scene = self.scene
        shown = min(count, STACK)
        for i in range(shown):
            label = scene.tr.digits(count) if count > STACK and i == shown - 1 else None
            draw_checker(surface, scene.text, layout, player,
                         self._stack_centre(layout, player, point, i), layout.checker, label)

    def _bar(self, surface: pygame.Surface, layout: Layout, player: int, count: int) -> None:
        scene = self.scene
        shown = min(count, BAR_STACK)
        for i in range(shown):
            label = scene.tr.digits(count) if count > BAR_STACK and i == shown - 1 else None
            draw_checker(surface, scene.text, layout, player,
                         self._bar_centre(layout, player, i), layout.checker, label)

    def _tray(self, surface: pygame.Surface, layout: Layout, player: int, count: int) -> None:
        scene = self.scene
        tray = layout.trays[player]
        slab = max(2, (tray.height - layout.px(8)) // 15)
        for i in range(count):
            if player == 0:
                rect = pygame.Rect(tray.left + 3, tray.bottom - layout.px(4) - (i + 1) * slab,
                                   tray.width - 6, slab - 1)
            else:
                rect = pygame.Rect(tray.left + 3, tray.top + layout.px(4) + i * slab,
                                   tray.width - 6, slab - 1)
            pygame.draw.rect(surface, CHECKER[player], rect, border_radius=2)
            pygame.draw.rect(surface, CHECKER_EDGE[player], rect, width=1, border_radius=2)
        if count:
            box = pygame.Rect(tray.left - layout.px(8), 0, tray.width + layout.px(16),
                              layout.px(44))
            if player == 0:
                box.bottom = tray.top - layout.px(4)
            else:
                box.top = tray.bottom + layout.px(4)
            scene.text.draw(surface, scene.tr.digits(count), layout.px(SMALL), TEXT, box,
                            align="center", bold=True, rtl=False)

    def marks(self) -> list[tuple[str, int, int, int]]:
        """Highlights: (kind, player, point, count) for sources, the cursor and targets."""
        scene = self.scene
        state = scene.state
        player = state.turn
        if player is None or scene.picker is None:
            return []
        board = scene.shown_board()
        marks: list[tuple[str, int, int, int]] = []
        if scene.picked is None:
            sources = scene.sources()
            for i, source in enumerate(sources):
                kind = "cursor" if i == scene.cursor % max(1, len(sources)) else "source"
                marks.append((kind, player, source, board.count(player, source)))
        else:
            marks.append(("picked", player, scene.picked, board.count(player, scene.picked)))
            targets = scene.targets()
            hits = scene.picker.hits(scene.picked)
            for i, target in enumerate(targets):
                kind = "target_cursor" if i == scene.cursor % max(1, len(targets)) else "target"
                if target in hits:
                    kind += "_hit"
                count = board.count(player, target) if target != OFF else 0
                marks.append((kind, player, target, count))
        return marks

    def _mark(self, surface: pygame.Surface, layout: Layout, kind: str, player: int,
              point: int, count: int, d: int) -> None:
        px = layout.px
        if point == OFF:
            tray = layout.trays[player]
            width = px(8) if kind == "target_cursor" else px(4)
            pygame.draw.rect(surface, TARGET, tray.inflate(px(6), px(6)), width=width,
                             border_radius=px(8))
            return
        if point == BAR:
            centre = self._bar_centre(layout, player, min(count, BAR_STACK) - 1)
        elif kind.startswith("target"):
            # A hit is shown on the blot itself: the target point glows in the hit colour
            # and the ring is drawn around the opposing checker that goes to the bar.
            rect = layout.points[screen_point(player, point)]
            glow = pygame.Surface(rect.size, pygame.SRCALPHA)
            tint = HIT if kind.endswith("_hit") else TARGET
            glow.fill((*tint, 120 if "cursor" in kind else 70))
            surface.blit(glow, rect)
            index = 0 if kind.endswith("_hit") else count
            centre = self._stack_centre(layout, player, point, index)
        else:
            centre = self._stack_centre(layout, player, point, min(count, STACK) - 1)
        colour = {"source": ACCENT, "cursor": ACCENT, "picked": GOOD}.get(kind, TARGET)
        if kind.endswith("_hit"):
            colour = HIT
        width = {"source": px(3), "target": px(4), "target_hit": px(4)}.get(kind, px(8))
        pygame.draw.circle(surface, colour, centre, d // 2 + px(3), width=width)

    def _die(self, surface: pygame.Surface, centre: tuple[int, int], size: int, value: int,
             player: int, used: bool) -> None:
        rect = pygame.Rect(0, 0, size, size)
        rect.center = centre
        face = DIE_USED if used else CHECKER[player]
        pip = CHECKER[1 - player] if not used else (70, 70, 70)
        pygame.draw.rect(surface, face, rect, border_radius=size // 6)
        pygame.draw.rect(surface, CHECKER_EDGE[player], rect, width=max(1, size // 24),
                         border_radius=size // 6)
        spots = {
            1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
            4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
            5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
            6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
        }[value]
        step = size // 4
        for x, y in spots:
            pygame.draw.circle(surface, pip, (rect.centerx + x * step, rect.centery + y * step),
                               max(2, size // 11))

    def _dice(self, surface: pygame.Surface, layout: Layout) -> None:
        scene = self.scene
        size, (cx, cy) = layout.die, layout.dice_centre
        gap = round(size * 1.25)
        if scene.state.phase is Phase.OPENING:
            if scene.opening is not None:
                self._die(surface, (cx - gap // 2, cy), size, scene.opening.die0, 0, False)
                self._die(surface, (cx + gap // 2, cy), size, scene.opening.die1, 1, False)
            return
        dice, player = scene.state.dice, scene.state.turn
        if dice is None or player is None or scene.result is not None:
            return
        values = list(dice.moves)
        left = scene.picker.dice_left() if scene.picker else list(values)
        used_flags = []
        for value in values:
            if value in left:
                left.remove(value)
                used_flags.append(False)
            else:
                used_flags.append(True)
        count = len(values)
        first = cx - (count - 1) * gap // 2
        for i, (value, used) in enumerate(zip(values, used_flags, strict=True)):
            self._die(surface, (first + i * gap, cy), size, value, player, used)

    def _cube(self, surface: pygame.Surface, layout: Layout) -> None:
        scene = self.scene
        state = scene.state
        if not state.options.cube:
            return
        column = layout.cube_column
        size = min(layout.px(CUBE), column.width - layout.px(12))
        rect = pygame.Rect(0, 0, size, size)
        rect.centerx = column.centerx
        owner = state.cube_owner
        if owner is None:
            rect.centery = column.centery
        elif owner == 0:
            rect.bottom = column.bottom - layout.px(16)
        else:
            rect.top = column.top + layout.px(16)
        pygame.draw.rect(surface, (246, 244, 236), rect, border_radius=size // 6)
        pygame.draw.rect(surface, (60, 60, 60), rect, width=max(1, size // 20),
                         border_radius=size // 6)
        value = state.cube_value if owner is not None else 64
        scene.text.draw(surface, scene.tr.digits(value), layout.px(44), (20, 20, 20), rect,
                        align="center", bold=True, rtl=False)
        if owner is not None:  # the owner's name by the cube, on the owner's side
            label = pygame.Rect(column.left - layout.px(4), 0, column.width + layout.px(8),
                                layout.px(50))
            if owner == 0:
                label.bottom = rect.top - layout.px(6)
            else:
                label.top = rect.bottom + layout.px(6)
            scene.text.draw(surface, scene.name(owner), layout.px(SMALL), TEXT, label,
                            align="center", bold=True, rtl=scene.rtl)

    @staticmethod
    def over_board(layout: Layout, height: int) -> pygame.Rect:
        """A box `height` tall in the middle of the board, 70 % of its inside wide."""
        box = pygame.Rect(0, 0, round(layout.inner.width * 0.7), height)
        box.center = layout.inner.center
        return box

    def _result(self, surface: pygame.Surface, layout: Layout) -> None:
        """The game just finished on a box across the board: how it was won, the points,
        the score (or the match won)."""
        scene = self.scene
        px = layout.px
        box = self.over_board(layout, px(330))
        box.width = layout.inner.width - px(40)  # "… resigned a gammon" at 60 px
        box.centerx = layout.inner.centerx
        theme.overlay_box(surface, box, px, MENU.radius, MENU.alpha)
        head, points, tail = scene.result_lines()
        inner = box.inflate(-px(60), -px(40))
        rows = [(head, px(60), ACCENT, True), (points, px(46), TEXT, False),
                (tail, px(42), TEXT_DIM, False)]
        pitch = inner.height // len(rows)
        for i, (line, size, colour, bold) in enumerate(rows):
            row = pygame.Rect(inner.left, inner.top + i * pitch, inner.width, pitch)
            scene.text.draw(surface, line, size, colour, row, align="center", bold=bold,
                            rtl=scene.rtl)

    def _hint(self, surface: pygame.Surface, layout: Layout) -> pygame.Rect:
        """The hint's box over the far points, clear of the dice: whose advice, then the
        best plays with their equities and winning chances, or the cube decision."""
        scene = self.scene
        write, column = self.lines.line, self.lines.column
        px, tr = layout.px, scene.tr
        width = min(layout.inner.width - px(60), px(1000))
        rows: list[tuple[str, str, str]] = []
        for first, equity, win in scene.advice_lines():
            if equity or win:
                rows.append((first, equity, win))
            else:  # a sentence (the cube decision, a failure) wraps rather than shrinks
                rows += [(line, "", "") for line in scene.text.wrap(
                    first, px(READ), width - px(60), rtl=scene.rtl)]
        plays = scene.advice is not None and bool(scene.advice.plays)
        count = 1 + (1 if plays else 0) + len(rows)
        box = self.over_board(layout, count * px(OVERLAY_ROW) + px(60))
        box.width = width
        box.centerx = layout.inner.centerx
        # Over the far points, clear of the dice in the middle and the mover's home board.
        box.bottom = layout.dice_centre[1] - layout.die // 2 - px(20)
        box.top = max(box.top, layout.inner.top + px(10))
        theme.overlay_box(surface, box, px, MENU.radius)
        self.lines.forget("hint|")
        inner = box.inflate(-px(60), -px(60))
        pitch = px(OVERLAY_ROW)
        row = pygame.Rect(inner.left, inner.top, inner.width, pitch)
        write(surface, "hint|title", "overlay", scene.advice_title(), px(READ), ACCENT,
              row, bold=True)
        if plays:
            row = row.move(0, pitch)
            for key, text, start, end, align in (
                    ("play", tr("backgammon.advice.play"), 0.0, 0.56, "start"),
                    ("equity", tr("backgammon.advice.equity"), 0.56, 0.8, "end"),
                    ("win", tr("backgammon.advice.win"), 0.8, 1.0, "end")):
                write(surface, f"hint|head|{key}", "overlay", text, px(READ), TEXT_DIM,
                      column(row, start, end), align=align)
        for i, (first, equity, win) in enumerate(rows):
            row = row.move(0, pitch)
            if not equity and not win:
                colour = WARN if scene.advice is not None and scene.advice.failed else TEXT
                write(surface, f"hint|{i}|text", "overlay", first, px(READ), colour, row)
                continue
            play = bool(win)  # a play (Latin, left to right), or a cube action's name
            write(surface, f"hint|{i}|play", "overlay", first, px(READ), TEXT,
                  column(row, 0.0, 0.56), bold=i == 0 and play,
                  rtl=False if play else None)
            write(surface, f"hint|{i}|equity", "overlay", equity, px(READ), TEXT,
                  column(row, 0.56, 0.8), align="end", rtl=False)
            write(surface, f"hint|{i}|win", "overlay", win, px(READ), TEXT,
                  column(row, 0.8, 1.0), align="end", rtl=False)
        return box

"""The text of a card table: lines a player reads, buttons, and the help line of keys.

`TableText` is mixed into a table scene that has `text` (a `TextRenderer`), `rtl`, `keys`
(the configured key names by action), `labels` (the lines as last drawn, by key),
`help_drawn`, `_layout` (a `kiosk.scenes.card_table.layout.Layout` once drawn) and
`help_pairs()` (what the keys do now). A line is drawn at its size, smaller only if it
cannot fit its box, and noted as a `Label` so the tests and
`benchmarks/table_readability.py` measure it on the pixels. The help line is (key caps,
what they do) pairs cut into rows only between pairs (`wrap_pairs`), from the end of the
panel upward. The table's painters (`kiosk.scenes.card_table.paint`, `boxes`) draw their
text through the scene's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pygame

from kiosk import theme
from kiosk.config import Action
from kiosk.scenes.card_table.layout import Layout
from kiosk.scenes.card_table.pieces import (
    HELP_ROW,
    PAIR_GAP,
    READ,
    ROW,
    HelpPair,
    Label,
    Piece,
    draw_pair,
    key_label,
    pair_width,
    wrap_pairs,
)
from kiosk.text import TextRenderer, aligned
from kiosk.theme import ACCENT, CURSOR, PANEL_EDGE, TEXT, Colour


class TableText:
    """Drawing the text of a table scene (see the module docstring)."""

    text: TextRenderer
    keys: Mapping[Action, Sequence[str]]
    labels: dict[str, Label]
    help_drawn: list[tuple[HelpPair, pygame.Rect, pygame.Rect]]
    _layout: Any
    rtl: bool  # the scene's: Persian reads right to left

    def help_pairs(self) -> list[HelpPair]:
        """What the keys do now, each key with its action."""
        raise NotImplementedError

    # text a player reads: drawn at its size (smaller only if it cannot fit) and noted
    def _line(self, surface: pygame.Surface, key: str, kind: str, text: str, size: int,
              colour: Colour, rect: pygame.Rect, *, align: str = "start",
              bold: bool = False, ink: bool = False, clip: bool = False) -> pygame.Rect:
        """One line of text in `rect` (vertically centred: its line, or with `ink` its
        glyphs, so Persian letters that reach low stay inside a small box), noted in
        `labels` under `key`. With `clip` (a player's name, typed on a phone) a line still
        wider than `rect` at the least size is cut at its end, never drawn past it."""
        rtl = self.rtl
        image, used = self.text.fitted(text, size, colour, rect.width, bold, rtl)
        if clip and image.get_width() > rect.width:
            start = image.get_width() - rect.width if rtl else 0  # its start is kept
            image = image.subsurface(pygame.Rect(start, 0, rect.width, image.get_height()))
        box = image.get_rect(centery=rect.centery)
        if ink:
            glyphs = image.get_bounding_rect(min_alpha=1)
            box.top = rect.centery - glyphs.centery
        aligned(box, rect, align, rtl)
        surface.blit(image, box)
        self.labels[key] = Label(kind, text, used, colour, bold, box)
        return box

    def _para(self, surface: pygame.Surface, key: str, kind: str, text: str, size: int,
              colour: Colour, rect: pygame.Rect, align: str = "start") -> None:
        """`text` wrapped to `rect`'s width from its top; smaller only if it cannot fit."""
        while True:
            lines = self.text.wrap(text, size, rect.width, rtl=self.rtl, colour=colour)
            pitch = round(size * ROW / READ)
            if len(lines) * pitch <= rect.height or size <= 12:
                break
            size -= 2
        for i, line in enumerate(lines):
            row = pygame.Rect(rect.left, rect.top + i * pitch, rect.width, pitch)
            self._line(surface, f"{key}{i}", kind, line, size, colour, row, align=align)

    def _button(self, surface: pygame.Surface, key: str, box: pygame.Rect, label: str,
                px: Callable[[float], int], *, lit: bool, cursor: bool) -> None:
        """A button on the table: lit when it may be pressed, ringed under the cursor."""
        theme.button(self.text, surface, box, "", px(READ), px, self.rtl, chosen=lit,
                     edge=CURSOR if cursor else (ACCENT if lit else PANEL_EDGE),
                     width=px(6) if cursor else px(3), radius=box.height // 3)
        self._line(surface, key, "table", label, px(READ), TEXT, box.inflate(-px(24), 0),
                   align="center", bold=lit)

    # the help line: (key, what it does) pairs, wrapped only between pairs
    def _caps(self, action: Action) -> tuple[str, ...]:
        names = self.keys.get(action, ())
        return (key_label(names[0]),) if names else ()

    def _px(self) -> Callable[[float], int]:
        return self._layout.px if self._layout is not None else theme.scaler(1.0)

    def help_rows(self, width: int) -> list[list[HelpPair]]:
        """The help line cut into rows no wider than `width` (in the screen's pixels),
        only ever between one (key, action) pair and the next."""
        px = self._px()
        pairs = self.help_pairs()
        widths = [pair_width(self.text, pair, px, self.rtl) for pair in pairs]
        return [[pairs[i] for i in row] for row in wrap_pairs(widths, width, px(PAIR_GAP))]

    def _help(self, layout: Layout) -> Piece:
        px, rtl = layout.px, self.rtl
        rect = layout.help
        pairs = tuple(self.help_pairs())

        def paint(surface: pygame.Surface) -> None:
            rows = self.help_rows(rect.width)
            pitch = px(HELP_ROW)
            top = rect.bottom - len(rows) * pitch
            drawn = []
            n = 0
            for r, row in enumerate(rows):
                centre_y = top + r * pitch + pitch // 2
                x = rect.right if rtl else rect.left
                for pair in row:
                    width = pair_width(self.text, pair, px, rtl)
                    left = x - width if rtl else x
                    keys, action = draw_pair(surface, self.text, self._line, f"help|{n}", pair,
                                             left, centre_y, px, rtl)
                    drawn.append((pair, keys, action))
                    n += 1
                    x = left - px(PAIR_GAP) if rtl else left + width + px(PAIR_GAP)
            self.help_drawn = drawn

        return Piece("help", rect, (pairs, rtl), paint)

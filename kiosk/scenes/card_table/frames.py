"""A card table's frames: what changed since the last one, painted within the frame's budget.

`TableFrames` is mixed into `kiosk.scenes.card_table.scene.CardTableScene`. Each frame its
painter (`table_painter`, a `kiosk.scenes.card_table.paint.TablePainter`) makes the list
of pieces; the places whose pieces are new, gone, moved, changed in look or drawn last
time with a stand-in card are painted again over the background, and only they are
returned. On the kiosk's frame loop (worker processes making the cards) a frame paints
changed places until its budget is spent and leaves the rest to the next
(`kiosk.scenes.budget`); a place is shown only once all its pieces are painted. After each
frame's pieces the scene takes from its painter where they put what a click may hit. The
text a box drawn over it hides is forgotten from `labels` (`COVERING`).
"""

from __future__ import annotations

from typing import Any

import pygame

from kiosk.cards_draw import CardPainter
from kiosk.scenes.budget import DRAW_BUDGET, WHOLE_AFTER, Budget
from kiosk.scenes.card_table.layout import Layout, make_layout
from kiosk.scenes.card_table.pieces import HelpPair, Label, Piece, Slot, merge
from kiosk.table.pool import ThinkingPool
from kiosk.text import TextRenderer

COVERING = ("last_trick", "toast", "privacy", "scores", "phones", "menu", "dialog")  # over it
# Seconds of a frame that may go on making finished cards when they cannot be made in
# the worker processes: on a Raspberry Pi core one takes 5-10 ms.
PAINT_BUDGET = 0.006


class TableFrames:
    """Drawing a card table scene frame by frame (see the module)."""

    text: TextRenderer
    text_sizes: tuple[int, ...]
    rtl: bool
    table_painter: Any  # the scene's `TablePainter`, made of its `painter_type`
    painter_type: Any
    _layout: Any
    _background: Any
    _full: bool
    _menu_rects: list[Any]

    def _frames(self, thinker: Any) -> None:
        """Nothing drawn yet. With worker processes (`thinker` a `ThinkingPool`), the cards
        are made there and drawn as stand-ins until they come (`kiosk.cards_draw`), and a
        frame paints within its budget."""
        pool = thinker if isinstance(thinker, ThinkingPool) else None
        self.painter = CardPainter(self.text, pool)
        self._redo: set[str] = set()  # pieces drawn with a stand-in card: drawn again
        self.budget = Budget(DRAW_BUDGET if pool is not None else None)
        self._skipped = False  # the last frame's budget was spent before it could draw
        self._later: list[pygame.Rect] = []  # changed places a spent frame left
        self._cut = 0  # frames in a row that left a place for later
        self.labels: dict[str, Label] = {}  # the text players read, as last drawn
        self.help_drawn: list[tuple[HelpPair, pygame.Rect, pygame.Rect]] = []
        self._built_for: tuple[bool, int] | None = None
        self._shown: dict[str, tuple[pygame.Rect, tuple[object, ...]]] = {}
        self._buttons: list[tuple[pygame.Rect, str]] = []
        self._offer_rects: list[pygame.Rect] = []
        self._hand_slots: list[tuple[Any, Slot]] = []
        self.shown_hand: tuple[Any, ...] = ()  # the cards last drawn face up at the bottom
        self.table_painter = self.painter_type(self)

    def draw(self, surface: pygame.Surface, now: float) -> list[pygame.Rect]:
        """Bring the screen up to date; returns the rectangles drawn."""
        size = surface.get_size()
        layout = self._layout
        built_for = (self.rtl, self.players)  # type: ignore[attr-defined]
        if layout is None or layout.size != size or self._built_for != built_for:
            layout = self._build(size)
            self._full = True
        self.budget.start()
        if self.budget.late and not self._full and self._cut < WHOLE_AFTER:
            # The frame's other work (a move applied, the phones' pages) spent its budget:
            # nothing is looked at or painted now, and the next frame, with its whole
            # budget, finds what changed (counted as a frame that left something).
            self._cut += 1
            self._skipped = True
            return []
        self._skipped = False
        if self.budget.seconds is not None:  # the kiosk's frame loop
            # cards come from the workers; if they are gone, a frame makes no more cards
            # itself than PAINT_BUDGET allows
            self.painter.begin_frame(PAINT_BUDGET)
        pieces = self.table_painter.pieces(layout, now)
        self._drawn()
        current = {p.key: (p.rect, p.look) for p in pieces}
        assert self._background is not None
        redo, self._redo = self._redo, set()
        if self._full:
            self._later = []
            self.labels = {}
            surface.blit(self._background, (0, 0))
            for piece in pieces:
                self._paint(piece, surface)
            self.painter.send()
            self._shown = current
            self._full = False
            self._hide_covered(pieces)
            return [surface.get_rect()]
        merged = self._changed(current, redo, surface.get_rect())
        # With a budget: once it is spent, a place not started is left for the next frame,
        # and so is one whose pieces are not all painted yet: it is not shown (its lines
        # drawn so far are kept, so the next frame gets further); after WHOLE_AFTER frames
        # in a row that left something, a frame paints everything.
        whole = self._cut >= WHOLE_AFTER
        painted: list[pygame.Rect] = []
        started = cut = False
        for rect in merged:
            if started and not whole and self.budget.spent():
                self._later.append(rect)
                cut = True
                continue
            surface.set_clip(rect)
            surface.blit(self._background, rect, rect)
            for piece in pieces:
                if not piece.rect.colliderect(rect):
                    continue
                if started and not whole and self.budget.spent():
                    self._later.append(rect)
                    cut = True
                    break
                self._paint(piece, surface)
                started = True
            else:
                painted.append(rect)
        surface.set_clip(None)
        self.painter.send()  # the cards this frame wanted, to the workers in one job
        self._cut = self._cut + 1 if cut else 0
        self._hide_covered(pieces)
        return painted

    def _changed(self, current: dict[str, tuple[pygame.Rect, tuple[object, ...]]],
                 redo: set[str], screen: pygame.Rect) -> list[pygame.Rect]:
        """The places on `screen` to paint again, joined: where a piece is new, gone,
        moved or changed in look, or was drawn with a stand-in card (`redo`), and the
        places the last frame left. `current` is what is shown from now on; the text of
        the pieces gone is forgotten."""
        dirty: list[pygame.Rect] = []
        for key, (rect, look) in current.items():
            old = self._shown.get(key)
            if old is None:
                dirty.append(rect)
            elif old != (rect, look) or key in redo:
                dirty.extend((old[0], rect))
        dirty.extend(rect for key, (rect, _) in self._shown.items() if key not in current)
        dirty.extend(self._later)
        self._later = []
        self._shown = current
        self.labels = {k: v for k, v in self.labels.items() if k.split("|")[0] in current}
        return merge([r.clip(screen) for r in dirty if r.colliderect(screen)])

    def _paint(self, piece: Piece, surface: pygame.Surface) -> None:
        """Paint one piece; one that drew a stand-in card is drawn again next frame."""
        before = self.painter.stand_ins
        piece.paint(surface)
        if self.painter.stand_ins != before:
            self._redo.add(piece.key)

    @property
    def settled(self) -> bool:
        """Every card on the screen is drawn as itself (no stand-in, none being painted)
        and no changed place is left for a later frame."""
        return self.painter.settled and not self._redo and not self._later \
            and not self._skipped

    def _hide_covered(self, pieces: list[Piece]) -> None:
        """Forget the text a box drawn over it hides (a notice, the last trick, a menu)."""
        for i, piece in enumerate(pieces):
            if piece.key not in COVERING:
                continue
            below = {p.key for p in pieces[:i]}
            self.labels = {k: v for k, v in self.labels.items()
                           if not (k.split("|")[0] in below and v.rect.colliderect(piece.rect))}

    def _build(self, size: tuple[int, int]) -> Layout:
        players = self.players  # type: ignore[attr-defined]
        layout = make_layout(size, self.rtl, players, self.hand_max())  # type: ignore[attr-defined]
        self._layout = layout
        self._built_for = (self.rtl, players)
        px = layout.px
        self.text.want(px(n) for n in self.text_sizes)  # warmed in the frames to come
        self._background = self.table_painter.background(layout)
        return layout

    def _drawn(self) -> None:
        """Where the pieces just made put what a click may hit, and the hand shown."""
        drawn = self.table_painter
        self._buttons = drawn.buttons
        self._offer_rects = drawn.offer_rects
        self._hand_slots = drawn.hand_slots
        self.shown_hand = drawn.shown_hand
        self._menu_rects = drawn.menu_rects

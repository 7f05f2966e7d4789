"""The Dobbm table's own painting: the contract box, the exchange's words, the trick's indices.

`DobbmPainter` is the painter (`kiosk.scenes.card_table.paint.TablePainter`) of
`kiosk.games.dobbm.scene.DobbmScene`. On the felt it adds, through the doubling and the
play, a box above the bottom plate with the contract and the multiplier so far, its
declarer and the latest doubling call (a notice keeps beside it); in the exchange, a box
over the middle of the table with the scene's `exchange_lines` (who has taken the Dobb,
what the green cards are, the Sow rule). The trick's cards have larger indices than the
card painter's, so their ranks read from the sofa.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from engines.dobbm.rules import Call, Phase, View
from kiosk import theme
from kiosk.cards_draw import GERMAN, Face, draw_pip, face_of
from kiosk.scenes.card_table.layout import Layout
from kiosk.scenes.card_table.paint import TablePainter
from kiosk.scenes.card_table.pieces import READ, RECEIVED, ROW, TAG_H, Piece
from kiosk.theme import ACCENT, TEXT

INDEX = 41  # the rank of a trick card's index (design pixels): bold, a 29 px capital at 1080p
PIP_SCALE = 3  # the index's pip is drawn this much larger, then smoothed down
ROW_H = 50  # a line of the contract box
SIDE_W = 250  # the contract box, above the bottom plate: clear of a dialog and the trick


class DobbmPainter(TablePainter):
    """The Dobbm table's pieces (see the module)."""

    def __init__(self, scene: Any) -> None:
        super().__init__(scene)
        # The trick's cards with their larger indices: by (card, size, won), the painter's
        # card they were made from and the card made.
        self._indexed: dict[tuple[Any, ...], tuple[pygame.Surface, pygame.Surface]] = {}
        self._indices: dict[tuple[Any, ...], tuple[pygame.Surface, list[pygame.Rect]]] = {}

    def extra_pieces(self, layout: Layout, view: View, now: float) -> list[Piece]:
        """The exchange's box while the declarer lays away (his hand hidden: none), then
        the contract box through the doubling and the play."""
        scene = self.scene
        if view.phase is Phase.EXCHANGE and scene.privacy is None:
            return [self._exchange_box(layout, view)]
        if view.declarer is None or view.phase not in (Phase.DOUBLE, Phase.PLAY):
            return []  # (in the exchange the 12 cards' fan needs the room)
        return [self._contract_box(layout, view)]

    def toast_clear_of(self, layout: Layout) -> Sequence[pygame.Rect]:
        """A notice keeps beside the contract box: its head is read all through the
        doubling and the play."""
        scene = self.scene
        view = scene.view()
        if view.declarer is None or view.phase not in (Phase.DOUBLE, Phase.PLAY):
            return ()
        return (self._contract_rect(layout, view)[0],)

    def _contract_rect(self, layout: Layout, view: View
                       ) -> tuple[pygame.Rect, str, list[str]]:
        """The contract box's place, its head (the contract with its multiplier) and its
        lines (its declarer, the latest doubling call: the head's multiplier counts them
        all). The box stands above the bottom seat's plate (as wide as its widest line
        needs, up to the plate's width) and below the name tags of the cards at the sides
        of the trick; a line that does not fit there is left out (the call first)."""
        scene = self.scene
        px, tr = layout.px, scene.tr
        assert view.declarer is not None
        head = tr("dobbm.contract_times", contract=scene.contract_name(view.contract),
                  times=tr.digits(view.multiplier))
        lines = [] if view.declarer == view.seat else [scene.seat_name(view.declarer)]
        calls = [scene.said_text(c) for _s, c in view.doublings if c is not Call.GUT]
        if calls:
            lines.append(calls[-1])
        plate = layout.plates["bottom"]
        bottom = plate.top - px(16)
        sides = [layout.trick_rect(place, scene.players).centery
                 for place in {scene.place(s) for s in range(scene.players)}
                 if place in ("left", "right")]
        # A side card's tag (with the leader's badge under it) reaches 1.5 tags below
        # the card's middle.
        top = max(sides, default=layout.band.top) + px(TAG_H) * 3 // 2 + px(12)

        def height(rows: int) -> int:
            return px(ROW_H) * (rows + 1) + px(12)

        while lines and height(len(lines)) > bottom - top:
            lines.pop()
        wide = max(self.text.width(line, px(READ), i == 0, self.rtl)
                   for i, line in enumerate((head, *lines)))
        box = pygame.Rect(0, 0, min(plate.width, max(px(SIDE_W), wide + 2 * px(24))),
                          height(len(lines)))
        box.bottom = bottom
        if not self.rtl:
            box.left = plate.left
        else:
            box.right = plate.right
        return box, head, lines

    def _contract_box(self, layout: Layout, view: View) -> Piece:
        """The contract box (`_contract_rect`)."""
        scene = self.scene
        px = layout.px
        box, head, lines = self._contract_rect(layout, view)
        look = (head, tuple(lines), self.rtl)

        def paint(surface: pygame.Surface) -> None:
            theme.overlay_box(surface, box, px)
            inner = box.inflate(-px(24), 0)
            y = box.top + px(6)
            for i, line in enumerate((head, *lines)):
                row = pygame.Rect(inner.left, y, inner.width, px(ROW_H))
                scene._line(surface, f"dobbm_contract|line{i}", "table", line, px(READ),
                            ACCENT if i == 0 else TEXT, row, align="center", bold=i == 0)
                y = row.bottom

        return Piece("dobbm_contract", box, look, paint)

    def _exchange_box(self, layout: Layout, view: View) -> Piece:
        """The exchange's words (`exchange_lines`) in a box over the middle of the table,
        above the "ich liege" button; each wrapped to the box (never smaller), which is
        made wider if they need more rows than there is room for."""
        scene = self.scene
        px, rtl = layout.px, self.rtl
        size = px(READ)
        parts = scene.exchange_lines(view)
        bottom = layout.pass_button.top - px(24)  # clear of the button and its frame
        room = bottom - layout.band.top
        pad = px(12)
        rows: list[tuple[str, str]] = []
        width = 0
        for width in (min(layout.inner.width - px(48), px(1080)), layout.inner.width - px(16)):
            rows = [(kind, line) for kind, text in parts
                    for line in self.text.wrap(text, size, width - 2 * px(24),
                                               bold=kind == "head", rtl=rtl) or [text]]
            if 2 * pad + len(rows) * px(ROW) <= room:
                break
        box = pygame.Rect(0, 0, width, 2 * pad + len(rows) * px(ROW))
        box.midbottom = (layout.centre[0], bottom)
        look = (tuple(rows), rtl)
        colours = {"head": ACCENT, "legend": RECEIVED, "rule": TEXT}

        def paint(surface: pygame.Surface) -> None:
            theme.overlay_box(surface, box, px)
            inner = box.inflate(-2 * px(24), 0)
            for i, (kind, line) in enumerate(rows):
                row = pygame.Rect(inner.left, box.top + pad + i * px(ROW), inner.width, px(ROW))
                scene._line(surface, f"dobbm_exchange|{kind}{i}", "table", line, size,
                            colours[kind], row, align="center", bold=kind == "head")

        return Piece("dobbm_exchange", box, look, paint)

    def trick_card(self, card: Any, size: tuple[int, int], angle: float,
                         won: bool) -> pygame.Surface:
        """A card of the trick with its two indices drawn larger, so its rank reads from
        the sofa (a capital of INDEX, as tall as the table's text): the painter's card
        with the indices painted over. A card on its way (turned) is the painter's."""
        image = super().trick_card(card, size, angle, won)
        if angle:
            return image
        key = (card, size, won)
        made = self._indexed.get(key)
        if made is not None and made[0] is image:
            return made[1]
        if len(self._indexed) > 80:  # the cards of a few sizes
            self._indexed.clear()
        out = image.copy()
        w, h = size
        face = pygame.Rect(0, 0, w, h)
        face.center = out.get_rect().center  # the face on its shadow's margin
        index, patches = self._index(face_of(card), w)
        edge = max(1, round(w * 0.012))
        radius = max(2, round(w * 0.08)) - edge
        white = out.get_at((face.centerx, face.top + round(h * 0.06)))  # the face, as painted
        iw, ih = index.get_size()
        corner = pygame.Rect(face.left + edge, face.top + edge, iw, ih)
        for i, patch in enumerate(patches):  # the painter's index, covered
            pygame.draw.rect(out, white, patch.move(corner.topleft),
                             border_top_left_radius=radius if i == 0 else 0)
        out.blit(index, corner)
        corner.bottomright = (face.right - edge, face.bottom - edge)
        for i, patch in enumerate(patches):  # and the one turned, at the other corner
            turned = pygame.Rect(iw - patch.right, ih - patch.bottom, patch.width, patch.height)
            pygame.draw.rect(out, white, turned.move(corner.topleft),
                             border_bottom_right_radius=radius if i == 0 else 0)
        out.blit(pygame.transform.rotate(index, 180), corner)
        self._indexed[key] = (image, out)
        return out

    def _index(self, face: Face, w: int) -> tuple[pygame.Surface, list[pygame.Rect]]:
        """A card's corner index, larger than the painter's: its rank (a bold INDEX,
        its digits set close so a 10 keeps to the corner) over a small pip, in the column
        left of a court card's picture; and the face's white to paint first, over the
        painter's index (the rank's rows across the column, then no wider than the pips,
        clear of the Sow's ring)."""
        scene = self.scene
        px = scene._px()
        key = (face, w, px(INDEX))
        found = self._indices.get(key)
        if found is not None:
            return found
        ink = face.look.ink
        column = round(w * 0.26) - max(1, round(w * 0.012))  # a court's frame starts there
        glyphs = []
        for ch in face.rank:
            image = self.text.render(ch, px(INDEX), ink, True, False)
            glyphs.append(image.subsurface(image.get_bounding_rect(min_alpha=1)))
        gap = max(1, round(w * 0.01))
        tall = max(g.get_height() for g in glyphs)
        rank = pygame.Surface((sum(g.get_width() for g in glyphs) + gap * (len(glyphs) - 1),
                               tall), pygame.SRCALPHA)
        x = 0
        for g in glyphs:
            rank.blit(g, (x, tall - g.get_height()))
            x += g.get_width() + gap
        room = column - 2 * gap
        if rank.get_width() > room:  # a 10 set a little narrower, as tall
            rank = pygame.transform.smoothscale(rank, (room, tall))
        top = round(w * 0.04)
        pip = w * 0.068
        pip_y = top + tall + w * 0.09 + pip  # a gap: the rank reads (and measures) alone
        height = max(round(pip_y + pip * 1.3), round(w * 0.5))  # the painter's index too
        below = top + tall + round(w * 0.04)
        patches = [pygame.Rect(0, 0, column, below),
                   pygame.Rect(round(w * 0.03), below, round(w * 0.16), height - below)]
        index = pygame.Surface((column, height), pygame.SRCALPHA)
        index.blit(rank, (column // 2 - rank.get_width() // 2, top))
        big = pygame.Surface((column * PIP_SCALE, round(pip * 2.6) * PIP_SCALE), pygame.SRCALPHA)
        draw_pip(big, face.suit, (big.get_width() / 2, big.get_height() / 2), pip * PIP_SCALE,
                 deck=GERMAN)
        small = pygame.transform.smoothscale(big, (column, round(pip * 2.6)))
        index.blit(small, (0, round(pip_y - small.get_height() / 2)))
        self._indices[key] = index, patches
        return index, patches

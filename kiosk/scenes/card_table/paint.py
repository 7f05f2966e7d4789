"""The painting of a card table: every piece of a frame, made from the scene's state.

`TablePainter` makes a frame's pieces (`kiosk.scenes.card_table.pieces.Piece`) in the
order they are painted: the seats' card backs and plates, the select-N step's banner and
button, the trick (each card flying in from its player, its name tag pinned to it, the
leader's marked "led", the winner's gold, then sliding to its winner), the game's own
pieces, the fanned hand at the bottom (legal cards lit, the others dimmed, the cursor's
and the picked cards lifted), the choice dialog or the calls beside the hand, the last
trick, and then its base `kiosk.scenes.card_table.boxes.BoxPainter`'s panel and boxes over
the felt. `background` is what lies under them all: the rim, the felt, the panel and the
game's title.

A game's painter may subclass it (its scene's `painter_type`) to draw its own: the game's
pieces (`extra_pieces`, by default the scene's hook of that name), the boxes a notice
keeps beside (`toast_clear_of`), a card of the trick (`trick_card`, by default the scene's
`trick_card_image`) or a wide score sheet (`_wide_sheet`). Like its base it reads the scene
and never changes it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

import pygame

from kiosk import theme
from kiosk.config import Action
from kiosk.phones.names import Name
from kiosk.scenes.card_table.boxes import BoxPainter
from kiosk.scenes.card_table.hooks import Offer, Selection
from kiosk.scenes.card_table.layout import TAG_EDGES, TAG_EDGES_FIVE, Layout
from kiosk.scenes.card_table.pieces import (
    COLLECT,
    FELT,
    FELT_DARK,
    PLATE,
    READ,
    RECEIVED,
    RIM,
    RIM_EDGE,
    ROW,
    SLIDE,
    TAG,
    TAG_EDGE,
    TAG_H,
    TITLE,
    HelpPair,
    Piece,
    draw_pair,
    draw_role,
    ease,
    lerp,
    pair_width,
    wrap_pairs,
)
from kiosk.theme import ACCENT, CURSOR, GOOD, PANEL_EDGE, TEXT, Colour

BUTTON_H = 84  # a button of the choice dialog or of the select-N step
BUTTON_MIN_W = 200
BUTTON_GAP = 24

Tag = list[tuple[pygame.Rect, str, Colour, Colour]]


class TablePainter(BoxPainter):
    """Every piece of a card table scene's frame (see the module)."""

    def background(self, layout: Layout) -> pygame.Surface:
        """What lies under every piece: the screen's colour, the table's rim and its felt
        (light in the middle, darker to the rim) with a ring round the trick, and the
        panel with the game's title."""
        px = layout.px
        background = pygame.Surface(layout.size)
        background.fill(theme.BACKGROUND)
        radius = px(60)
        pygame.draw.rect(background, RIM, layout.table, border_radius=radius)
        pygame.draw.rect(background, RIM_EDGE, layout.table, width=px(3), border_radius=radius)
        felt = pygame.Surface(layout.felt.size, pygame.SRCALPHA)
        fw, fh = felt.get_size()
        steps = 32
        for i in range(steps):  # light in the middle, darker to the rim
            f = i / (steps - 1)
            colour = tuple(round(d + (c - d) * f) for d, c in zip(FELT_DARK, FELT, strict=True))
            box = pygame.Rect(0, 0, round(fw * (1.6 - 1.2 * f)), round(fh * (1.6 - 1.2 * f)))
            box.center = (layout.centre[0] - layout.felt.left, layout.centre[1] - layout.felt.top)
            pygame.draw.ellipse(felt, colour, box)
        mask = pygame.Surface(felt.get_size(), pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(),
                         border_radius=radius - px(12))
        felt.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        background.blit(felt, layout.felt)
        ring = pygame.Rect(0, 0, round(layout.trick_card[0] * 3.9),
                           round(layout.trick_card[1] * 2.3))
        ring.center = layout.centre
        pygame.draw.ellipse(background, (44, 128, 90), ring, width=px(2))
        pygame.draw.rect(background, theme.PANEL, layout.panel, border_radius=px(18))
        pygame.draw.rect(background, PANEL_EDGE, layout.panel, width=px(2), border_radius=px(18))
        self.text.draw(background, self.scene.title_text(), px(TITLE), ACCENT, layout.title,
                       bold=True, rtl=self.rtl)
        return background

    def extra_pieces(self, layout: Layout, view: Any, now: float) -> list[Piece]:
        """The game's own pieces on the felt, over the trick and under the hand: its
        scene's `extra_pieces` (a game's painter may make them itself)."""
        return list(self.scene.extra_pieces(layout, view, now))

    def trick_card(self, card: Any, size: tuple[int, int], angle: float,
                   won: bool) -> pygame.Surface:
        """A card of the trick on the felt: its scene's `trick_card_image` (a game's
        painter may draw it itself)."""
        return self.scene.trick_card_image(card, size, angle, won)

    def pieces(self, layout: Layout, now: float) -> list[Piece]:
        """The frame's pieces at `now`, in the order they are painted."""
        scene = self.scene
        view = scene.view()
        pieces: list[Piece] = []
        self.buttons = []
        sizes = scene.hand_sizes(view)
        for seat in range(scene.players):
            if scene.place(seat) != "bottom":
                pieces.append(self._backs(layout, seat, sizes[seat]))
        for seat in range(scene.players):
            pieces.append(self._plate(layout, view, seat))
        step = scene.selection(view)
        if step is not None and scene.privacy is None:
            pieces.append(self._selection(layout, step))
        pieces.extend(self._trick_pieces(layout, now))
        pieces.extend(self.extra_pieces(layout, view, now))
        pieces.extend(self._hand_pieces(layout, view))
        offers = scene.offers() if scene.privacy is None and not scene.table_open else []
        if offers and scene.step() == "choose":
            pieces.append(self._dialog(layout, view, offers))
        elif offers:
            pieces.append(self._calls(layout, offers))
        if scene.last_open and not scene.table_open and not scene.menu_open:
            pieces.append(self._last_trick(layout))
        if scene.notice is not None:
            pieces.append(self._toast(layout))
        pieces.extend(self._panel_pieces(layout, now))
        if scene.privacy is not None:
            pieces.append(self._privacy(layout))
        if scene.table_open:
            pieces.extend(self._score_table(layout))
        if scene.phones_open:
            pieces.append(scene._phones_piece(layout))
        if scene.menu_open:
            pieces.append(self._menu(layout))
        return pieces

    def _plate(self, layout: Layout, view: Any, seat: int) -> Piece:
        """A seat's plate: its name (and whether a person or the computer plays it) and the
        game's lines (`plate_lines`), in white on a dark plate; lit on its turn, edged in
        green while the trick it won lies on the table."""
        scene = self.scene
        px = layout.px
        rect = layout.plates[scene.place(seat)]
        key = f"plate:{seat}"
        on_turn = scene.turn_of(view) == seat and not scene.table_open
        won = scene.collect is not None and scene.collect[0] == seat
        name = scene.seat_name(seat)
        if isinstance(name, Name):  # a player's own name keeps its own direction
            name = name.isolated()
        computer = scene.bots[seat] is not None
        lines = tuple(scene.plate_lines(view, seat))[:2]
        look = (name, computer, lines, on_turn, won, self.rtl)

        def paint(surface: pygame.Surface) -> None:
            corner = px(18)
            pygame.draw.rect(surface, theme.ROW_CHOSEN if on_turn else PLATE.fill, rect,
                             border_radius=corner)
            edge = ACCENT if on_turn else GOOD if won else PLATE.edge
            pygame.draw.rect(surface, edge, rect, width=px(5) if on_turn or won else px(2),
                             border_radius=corner)
            inner = rect.inflate(-2 * px(12), -2 * px(8))
            pitch = inner.height // 3
            rows = [pygame.Rect(inner.left, inner.top + i * pitch, inner.width, pitch)
                    for i in range(3)]
            size = px(READ)
            head = rows[0].copy()
            icon = px(30)
            wide = self.text.width(name, size, True, self.rtl)
            if wide + px(12) + icon <= head.width:  # the role's sign at the end of the name
                sign = pygame.Rect(0, 0, icon, icon)
                sign.centery = head.centery
                if self.rtl:
                    sign.left = head.left
                    head.left += icon + px(12)
                else:
                    sign.right = head.right
                head.width -= icon + px(12)
                draw_role(surface, sign, computer, TEXT)
            scene._line(surface, f"{key}|name", "plate", name, size, ACCENT if on_turn else TEXT,
                        head, bold=True, clip=True)
            for i, (label, number) in enumerate(lines, start=1):
                row = rows[i]
                if number is None:
                    scene._line(surface, f"{key}|line{i}", "plate", label, size, GOOD, row)
                    continue
                digits = scene._line(surface, f"{key}|number{i}", "plate_number", number, size,
                                     TEXT, row, align="end", bold=True)
                room = row.copy()
                room.width -= digits.width + px(6)
                if self.rtl:
                    room.right = row.right
                scene._line(surface, f"{key}|label{i}", "plate", label, size, TEXT, room)

        return Piece(key, rect.inflate(px(4), px(4)), look, paint)

    def _backs(self, layout: Layout, seat: int, count: int) -> Piece:
        """A seat's cards, backs up, fanned across below its plate (which hides their tops)."""
        scene = self.scene
        place = scene.place(seat)
        cx, cy = layout.anchors[place]
        w, h = layout.back_card
        plate = layout.plates[place]
        step = min(layout.px(19), (plate.width - w) / max(1, count - 1))
        card = self.cards.surface(None, (w, h), 0.0)
        span = step * max(0, count - 1)
        rects = [card.get_rect(center=(round(cx - span / 2 + i * step), cy)) for i in range(count)]
        box = rects[0].unionall(rects[1:]) if rects else pygame.Rect(cx, cy, 0, 0)

        def paint(surface: pygame.Surface) -> None:
            for rect in rects:
                surface.blit(card, rect)

        return Piece(f"backs:{seat}", box, (place, count, box.size, id(card)), paint)

    def _selection(self, layout: Layout, step: Selection) -> Piece:
        """A select-N step: its banner (with an arrow toward a seat) for everyone, and the
        confirm button for the person on turn."""
        scene = self.scene
        px, rtl = layout.px, self.rtl
        mine = scene.decision() is not None
        on_button = mine and scene.cursor >= len(scene.hand())
        ready = len(scene.picks) == step.count
        target = layout.anchors[scene.place(step.towards)] if step.towards is not None else None
        text = step.banner
        pill = pygame.Rect(0, 0, 0, 0)
        if text is not None:
            wide = self.text.width(text, px(READ), True, rtl)
            pill = pygame.Rect(0, 0, min(layout.inner.width, wide + px(48)),
                               layout.pass_text.height)
            pill.center = layout.pass_text.center
        if step.button is not None:
            label = step.button(len(scene.picks))
        else:
            label = scene.tr("table.buttons.confirm", count=len(scene.picks), total=step.count)
        box = layout.pass_button.copy()
        if mine:
            wide = self.text.width(label, px(READ), True, rtl) + px(48)
            box.width = min(layout.inner.width, max(box.width, wide))
            box.center = layout.pass_button.center
            self.buttons.append((box, "confirm"))
        parts = [r for r in (pill, box if mine else None) if r is not None and r.width]
        rect = parts[0].unionall(parts[1:]).inflate(px(40), px(40)) if parts else \
            pygame.Rect(layout.centre, (0, 0))
        if target is not None:
            rect.union_ip(pygame.Rect(layout.centre[0] - px(80), layout.centre[1] - px(80),
                                      px(160), px(160)))
        look = (text, label, mine, on_button, ready, len(scene.picks), target, rtl)

        def paint(surface: pygame.Surface) -> None:
            if target is not None:
                self._arrow(surface, layout.centre, target, px)
            if text is not None:
                pygame.draw.rect(surface, TAG, pill, border_radius=pill.height // 2)
                scene._line(surface, "select|text", "table", text, px(READ), TEXT,
                            pill.inflate(-px(24), 0), align="center", bold=True)
            if mine:
                scene._button(surface, "select|button", box, label, px, lit=ready,
                              cursor=on_button)

        return Piece("select", rect, look, paint)

    @staticmethod
    def _arrow(surface: pygame.Surface, centre: tuple[int, int], target: tuple[int, int],
               px: Callable[[float], int]) -> None:
        """A broad arrow from the middle of the table toward `target`."""
        cx, cy = centre
        dx, dy = target[0] - cx, target[1] - cy
        length = math.hypot(dx, dy) or 1.0
        ux, uy = dx / length, dy / length
        tip = (cx + ux * px(70), cy + uy * px(70))
        tail = (cx - ux * px(60), cy - uy * px(60))
        nx, ny = -uy, ux
        shaft = px(12)
        head = px(34)
        neck = (tip[0] - ux * head, tip[1] - uy * head)
        arrow = [
            (tail[0] + nx * shaft, tail[1] + ny * shaft),
            (neck[0] + nx * shaft, neck[1] + ny * shaft),
            (neck[0] + nx * head, neck[1] + ny * head), tip,
            (neck[0] - nx * head, neck[1] - ny * head),
            (neck[0] - nx * shaft, neck[1] - ny * shaft),
            (tail[0] - nx * shaft, tail[1] - ny * shaft),
        ]
        pygame.draw.polygon(surface, ACCENT, arrow)

    def dialog_rects(self, layout: Layout, labels: Sequence[str]) -> tuple[pygame.Rect,
                                                                           list[pygame.Rect]]:
        """The dialog's box and its buttons (in reading order), in rows that break only
        between buttons, in the middle of the table."""
        px, rtl = layout.px, self.rtl
        widths = [max(px(BUTTON_MIN_W),
                      self.text.width(label, px(READ), True, rtl) + px(48))
                  for label in labels]
        room = layout.inner.width - 2 * px(60)
        widths = [min(w, room) for w in widths]
        rows = wrap_pairs(widths, room, px(BUTTON_GAP))
        head = px(ROW) + px(16)
        height = px(28) + head + len(rows) * (px(BUTTON_H) + px(16)) + px(12)
        wide = max(sum(widths[i] for i in row) + px(BUTTON_GAP) * (len(row) - 1)
                   for row in rows)
        box = pygame.Rect(0, 0, min(layout.inner.width, max(wide + 2 * px(40), px(720))),
                          height)
        box.center = layout.centre
        box.clamp_ip(layout.band)
        rects: list[pygame.Rect] = [pygame.Rect(0, 0, 0, 0)] * len(labels)
        y = box.top + px(28) + head
        for row in rows:
            used = sum(widths[i] for i in row) + px(BUTTON_GAP) * (len(row) - 1)
            x = box.centerx - used // 2
            order = list(reversed(row)) if rtl else row
            for i in order:
                rects[i] = pygame.Rect(x, y, widths[i], px(BUTTON_H))
                x += widths[i] + px(BUTTON_GAP)
            y += px(BUTTON_H) + px(16)
        return box, rects

    def _dialog(self, layout: Layout, view: Any, offers: Sequence[Offer]) -> Piece:
        """The person's choice: a title and a row of buttons, the cursor on one."""
        scene = self.scene
        px = layout.px
        labels = [o.label for o in offers]
        box, rects = self.dialog_rects(layout, labels)
        self.offer_rects = rects
        for i, rect in enumerate(rects):
            self.buttons.append((rect, f"offer:{i}"))
        title = scene.choice_title(view) or scene.word("your_choice")
        cursor = scene.cursor
        look = (title, tuple(labels), cursor, self.rtl)

        def paint(surface: pygame.Surface) -> None:
            theme.overlay_box(surface, box, px)
            head = pygame.Rect(box.left + px(30), box.top + px(20), box.width - 2 * px(30),
                               px(ROW))
            scene._line(surface, "dialog|title", "table", title, px(READ), ACCENT, head,
                        align="center", bold=True)
            for i, (rect, label) in enumerate(zip(rects, labels, strict=True)):
                scene._button(surface, f"dialog|button{i}", rect, label, px, lit=i == cursor,
                              cursor=i == cursor)

        return Piece("dialog", box, look, paint)

    def calls_rects(self, layout: Layout, labels: Sequence[str]) -> list[pygame.Rect]:
        """The buttons of calls beside a hand to play from (in reading order): stacked up
        from the bottom seat's plate, on its side of the table, clear of the trick."""
        px, rtl = layout.px, self.rtl
        plate = layout.plates["bottom"]
        rects = []
        y = plate.top - px(16)
        for label in reversed(labels):
            wide = self.text.width(label, px(READ), True, rtl) + px(48)
            rect = pygame.Rect(0, 0, min(plate.width, max(px(BUTTON_MIN_W), wide)),
                               px(BUTTON_H))
            rect.bottom = y
            if rtl:
                rect.right = plate.right
            else:
                rect.left = plate.left
            rects.append(rect)
            y = rect.top - px(12)
        return rects[::-1]

    def _calls(self, layout: Layout, offers: Sequence[Offer]) -> Piece:
        """Calls the person may make instead of a card (a bella, a declaration): buttons
        beside the hand; the cursor reaches them after the last card (or with down)."""
        scene = self.scene
        px = layout.px
        labels = [o.label for o in offers]
        rects = self.calls_rects(layout, labels)
        for i, rect in enumerate(rects):
            self.buttons.append((rect, f"offer:{i}"))
        at = scene.cursor - len(scene.hand())
        box = rects[0].unionall(rects[1:]).inflate(px(12), px(12))
        look = (tuple(labels), at, self.rtl)

        def paint(surface: pygame.Surface) -> None:
            for i, (rect, label) in enumerate(zip(rects, labels, strict=True)):
                scene._button(surface, f"calls|button{i}", rect, label, px, lit=True,
                              cursor=i == at)

        return Piece("calls", box, look, paint)

    def _tag_parts(self, layout: Layout, seat: int, card: pygame.Rect, place: str, led: bool,
                   won: bool, bounds: pygame.Rect | None = None, say_won: bool = True) -> Tag:
        """The name tag pinned to a card in the trick, toward its player: (box, text, fill,
        text colour) for the name and, on the leader's card, a "led" badge beside it. The
        winner's tag is gold (and, while its trick lies on the table, says it won it)."""
        scene = self.scene
        px, rtl = layout.px, self.rtl
        size = px(READ)
        name = scene.seat_name(seat)
        if won and say_won:
            name = scene.word("won_trick", seat=name)
        height = px(TAG_H)
        name_box = pygame.Rect(0, 0, self.text.width(name, size, True, rtl)
                               + 2 * px(16), height)
        parts = [(name_box, name, ACCENT if won else TAG, TAG if won else TEXT)]
        edge = (TAG_EDGES_FIVE if scene.players == 5 else TAG_EDGES)[place]
        if led and not (won and say_won):  # the winner's long tag goes without the badge
            word = scene.word("led")
            badge = pygame.Rect(0, 0, self.text.width(word, size, True, rtl)
                                + 2 * px(14), height)
            parts.append((badge, word, TEXT, TAG))
        # Side by side (the name first in reading order), or the badge under the name on a
        # card at the side, so a tag stays narrow there.
        stacked = edge in ("left", "right", "off_left", "off_right") and len(parts) > 1
        if stacked:
            badge = parts[1][0]
            group = pygame.Rect(0, 0, max(name_box.width, badge.width),
                                2 * height + px(6))
        else:
            group = pygame.Rect(0, 0, sum(p[0].width for p in parts) + px(6) * (len(parts) - 1),
                                height)
        # A tag reaches onto its card by half a short tag at most, and never over the
        # card's top-left index; a long one (the winner's) reaches away from the trick.
        onto = px(60)
        below = (height + px(6)) // 2 * stacked
        if edge == "bottom":
            group.center = card.midbottom
        elif edge == "top":  # from right of the top-left index, across to the right
            group.left, group.centery = card.left + round(card.width * 0.38), card.top
        elif edge == "top_left":  # from the card's top-left corner, out to the left
            group.right, group.centery = card.left + px(4), card.top
        elif edge == "left":
            group.right = card.left + min(onto, group.width // 2)
            group.centery = card.centery + below
        elif edge == "right":
            group.left = card.right - min(onto, group.width // 2)
            group.centery = card.centery + below
        else:  # 5 seats: off the card (TAG_EDGES_FIVE)
            gap = px(6)
            if edge in ("off_left", "off_top_left") or (edge == "foot" and rtl):
                group.right = card.left - gap
            else:
                group.left = card.right + gap
            if edge == "foot":
                group.bottom = card.bottom
            elif edge in ("off_top_left", "off_top_right"):
                group.top = card.top
            else:
                group.centery = card.centery + below
        group.clamp_ip(bounds or layout.inner)  # a long tag near the rim moves in
        if edge in TAG_EDGES_FIVE.values() and won and say_won and group.colliderect(card):
            # no room off the card for "… won the trick": the gold name (the panel says it)
            return self._tag_parts(layout, seat, card, place, led, won, bounds, say_won=False)
        if stacked:
            name_box.midtop = group.midtop
            parts[1][0].midbottom = group.midbottom
        else:
            order = [p[0] for p in parts]
            if rtl:
                order.reverse()
            x = group.left
            for box in order:
                box.topleft = (x, group.top)
                x = box.right + px(6)
        return parts

    def _paint_tag(self, surface: pygame.Surface, key: str, parts: Tag,
                   px: Callable[[float], int]) -> None:
        scene = self.scene
        for i, (box, text, fill, colour) in enumerate(parts):
            pygame.draw.rect(surface, fill, box, border_radius=box.height // 2)
            pygame.draw.rect(surface, TAG_EDGE if fill == TAG else fill, box, width=px(2),
                             border_radius=box.height // 2)
            scene._line(surface, f"{key}|{i}", "trick", text, px(READ), colour, box,
                        align="center", bold=True, ink=True)

    def _trick_pieces(self, layout: Layout, now: float) -> list[Piece]:
        scene = self.scene
        pieces = []
        players = scene.players
        collecting = scene.collect is not None and now >= scene.collect[1]
        winner = scene.trick_winner(now)
        leader = scene.trick[0].seat if scene.trick else None
        tags = []
        for played in scene.trick:
            place = scene.place(played.seat)
            spot_rect = layout.trick_rect(place, players)
            spot = spot_rect.center
            f = ease((now - played.at) / SLIDE)
            start = played.start or layout.anchors[place]
            where = lerp(start, spot, f)
            turn = (played.angle if played.start else 0.0) * (1 - f)
            if collecting:
                assert scene.collect is not None
                g = min(1.0, (now - scene.collect[1]) / COLLECT) ** 2
                goal = layout.plates[scene.place(scene.collect[0])].center
                where = lerp(spot, goal, g)
            turn = 2 * round(turn / 2)  # whole steps, so a flight reuses a few drawings
            won = played.seat == winner
            card = self.trick_card(played.card, layout.trick_card, turn, won)
            rect = card.get_rect(center=(round(where[0]), round(where[1])))

            def paint(surface: pygame.Surface, card: pygame.Surface = card,
                      rect: pygame.Rect = rect) -> None:
                surface.blit(card, rect)

            pieces.append(Piece(f"trick:{played.card}", rect, (played.card, rect.topleft, turn,
                                                               won, id(card)), paint))
            if not collecting and f >= 1.0:
                tags.append(self._tag(layout, played.seat, spot_rect, place,
                                      played.seat == leader, won))
        pieces.extend(tags)
        return pieces

    def _tag(self, layout: Layout, seat: int, card: pygame.Rect, place: str, led: bool,
             won: bool) -> Piece:
        parts = self._tag_parts(layout, seat, card, place, led, won)
        key = f"tag:{seat}"
        box = parts[0][0].unionall([p[0] for p in parts[1:]])

        def paint(surface: pygame.Surface) -> None:
            self._paint_tag(surface, key, parts, layout.px)

        return Piece(key, box, tuple((p[0].topleft, p[1], p[2]) for p in parts), paint)

    def _last_trick(self, layout: Layout) -> Piece:
        """The last trick won, in a box over the table: its cards, who played each, who led
        and who won it; the same key puts it away."""
        scene = self.scene
        px = layout.px
        rect = layout.last_trick
        trick = scene.last_trick()
        head = pygame.Rect(rect.left + px(36), rect.top + px(10), rect.width - 2 * px(36),
                           px(64))
        shown: list[tuple[int, Any, pygame.Rect, Tag]] = []
        if trick is None:
            title = scene.word("no_last_trick")
        else:
            title = scene.word("last_trick", seat=scene.seat_name(trick.winner))
            centre = (rect.centerx, head.bottom + (rect.bottom - head.bottom) // 2)
            for seat, card in trick.plays:
                place = scene.place(seat)
                spot = layout.trick_rect(place, scene.players, centre, layout.last_card)
                shown.append((seat, card, spot, self._tag_parts(
                    layout, seat, spot, place, seat == trick.leader, seat == trick.winner,
                    rect.inflate(-px(16), -px(16)), say_won=False)))
        pair = HelpPair(scene._caps(Action.LAST_TRICK), scene.word("help.close"))
        look = (title, tuple((s, c) for s, c, _, _ in shown), self.rtl)

        def paint(surface: pygame.Surface) -> None:
            theme.overlay_box(surface, rect, px)
            width = pair_width(self.text, pair, px, self.rtl)
            title_box = head.copy()
            if pair.keys and self.text.render(title, px(READ), ACCENT, True, self.rtl
                                              ).get_width() + width + px(40) <= head.width:
                title_box.width -= width + px(40)
                if self.rtl:
                    title_box.right = head.right
                end = head.left if self.rtl else head.right - width
                draw_pair(surface, self.text, scene._line, "last_trick|close", pair, end,
                          head.centery, px, self.rtl)
            scene._line(surface, "last_trick|title", "trick", title, px(READ), ACCENT, title_box,
                        bold=True)
            for seat, card, spot, _ in shown:
                winner = trick is not None and seat == trick.winner
                image = self.cards.surface(card, layout.last_card, 0.0,
                                           outline=ACCENT if winner else None)
                surface.blit(image, image.get_rect(center=spot.center))
            for seat, _, _, parts in shown:
                self._paint_tag(surface, f"last_trick|tag{seat}", parts, px)

        return Piece("last_trick", rect, look, paint)

    def _hand_pieces(self, layout: Layout, view: Any) -> list[Piece]:
        scene = self.scene
        px = layout.px
        face_up = scene.viewer == scene.orient and scene.privacy is None
        held = list(scene.hand_of(view))
        cards: list[Any] = held if face_up else [None] * len(held)
        self.shown_hand = tuple(c for c in cards if c is not None)
        slots = layout.slots(len(cards))
        self.hand_slots = [(c, s) for c, s in zip(cards, slots, strict=True) if c is not None]
        step = scene.step()
        mine = step in ("play", "select")  # the cursor is on the hand (or its buttons)
        legal = scene.legal_cards(view) if step == "play" else None
        marks = scene.hand_marks(view) if face_up else {}
        pieces = []
        for i, (card, slot) in enumerate(zip(cards, slots, strict=True)):
            lift, outline, dim = 0, None, False
            if card is not None:
                mark = marks.get(card)
                if card in scene.picks or mark == "aside":
                    lift, outline = px(42), ACCENT
                elif mark == "new":
                    lift, outline = px(16), RECEIVED
                if mine and i == scene.cursor:
                    lift, outline = max(lift, px(26)), CURSOR
                dim = (legal is not None and card not in legal) or mark == "aside"
            theta = math.radians(-slot.angle)
            centre = (slot.centre[0] + math.sin(theta) * lift,
                      slot.centre[1] - math.cos(theta) * lift)
            surface_card = self.cards.surface(card, layout.hand_card, slot.angle, dim, outline)
            rect = surface_card.get_rect(center=(round(centre[0]), round(centre[1])))

            def paint(surface: pygame.Surface, image: pygame.Surface = surface_card,
                      rect: pygame.Rect = rect) -> None:
                surface.blit(image, rect)

            pieces.append(Piece(f"hand:{i}", rect, (card, rect.topleft, dim, outline,
                                                    id(surface_card)), paint))
        return pieces

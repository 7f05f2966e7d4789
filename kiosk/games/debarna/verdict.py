"""The caller's claim panel: the serial being typed, and the verdict card.

The verdict card is drawn for reading from the sofa: the ticket as printed, called
numbers on dark discs (≥ 7:1), the last number a framed orange square, the winning rows
on a gold band, and the serial in the printed paper's digits and order in both
languages. While a claim is open the panel covers the number panel and the start of
the board, and the board is drawn compacted beside it.
"""

from __future__ import annotations

import pygame

from engines.debarna.ticket import COLUMNS, ROWS
from kiosk.games.debarna.caller import ClaimPhase, ClaimResult
from kiosk.games.debarna.paint import (
    BANNER_ASK,
    BANNER_ASK_TEXT,
    BANNER_BAD,
    BANNER_BAD_TEXT,
    BANNER_GOOD,
    BANNER_GOOD_TEXT,
    CARD_BLANK,
    CARD_CELL,
    CARD_LINE,
    CARD_TEXT,
    CLAIM_PITCH,
    LAST_FRAME,
    LAST_MARK,
    LAST_TEXT,
    MARK,
    MARK_TEXT,
    PAPER,
    READ_SIZE,
    ROW_EARLIER,
    ROW_EARLIER_BLANK,
    ROW_EARLIER_EDGE,
    ROW_WIN,
    ROW_WIN_BLANK,
    ROW_WIN_EDGE,
    Layout,
    Paint,
    Piece,
    VerdictDrawn,
    ink_centred,
    mirror_in,
)
from kiosk.games.debarna.pot_desk import money
from kiosk.theme import ACCENT, BACKGROUND, PANEL, PANEL_EDGE, TEXT, TEXT_DIM, WARN


class ClaimPaint(Paint):
    """The claim panel: its background, the serial being typed, and the verdict card
    (with, where there is a prize pot, what the card won of it)."""

    # The prize pot's line on the last verdict drawn: each card's amount, how many cards
    # share the stage, the words (None: no pot line).
    pot_verdict: tuple[int, int, str] | None = None

    def _build_claim_background(
        self, bg: pygame.Surface, layout: Layout
    ) -> pygame.Surface:
        """The body as it looks while a claim is open: the panel and the compact board."""
        claim_bg = bg.copy()
        claim_bg.fill(BACKGROUND, layout.body)
        radius = layout.px(22)
        pygame.draw.rect(claim_bg, PANEL, layout.mini_board, border_radius=radius)
        pygame.draw.rect(claim_bg, PANEL_EDGE, layout.mini_board, width=layout.px(2),
                         border_radius=radius)
        for number, rect in layout.mini_cells.items():
            self._draw_cell(claim_bg, number, rect, lit=False, last=False)
        pygame.draw.rect(claim_bg, PANEL, layout.claim, border_radius=radius)
        pygame.draw.rect(claim_bg, WARN, layout.claim, width=layout.px(4), border_radius=radius)
        return claim_bg

    def _draw_claim_view(self, surface: pygame.Surface, panel: bool = True) -> pygame.Rect:
        """The body while a claim is open: the compact board, its called numbers, and the
        panel (with `panel` False its frame only: its words and card come next frame)."""
        assert self._layout is not None and self._claim_background is not None
        layout = self._layout
        area = surface.blit(self._claim_background, layout.body, layout.body)
        last = self.controller.last
        for number in self.controller.called:
            rect = layout.mini_cells[number]
            self._draw_cell(surface, number, rect, lit=True, last=number == last)
        if panel:
            self._draw_claim(surface)
        return area

    def _draw_claim(self, surface: pygame.Surface, part: str = "all") -> pygame.Rect:
        """The claim panel: the serial being typed, or the verdict. `part` "head" draws
        the panel afresh with the verdict's banner and serial, "card" then adds its card
        and details (two frames' work on a Raspberry Pi core), "all" both at once."""
        assert self._layout is not None and self._claim_background is not None
        layout = self._layout
        px = layout.px
        c = self.controller
        if part == "card":
            result = c.result if c.claim_phase is ClaimPhase.VERDICT else None
            if result is not None and self._claim_content is not None:
                self._draw_verdict(surface, result, self._claim_content, part)
            return layout.claim.copy()
        area = surface.blit(self._claim_background, layout.claim, layout.claim)
        inner = layout.claim.inflate(-2 * px(32), -2 * px(24))
        pitch = px(CLAIM_PITCH)
        result = c.result if c.claim_phase is ClaimPhase.VERDICT else None
        draft = c.shop_draft if c.claim_phase is ClaimPhase.CLOSED else None
        hint = self._draft_hint(draft) if draft is not None else self.tr(
            ("cards.hint_numbers" if c.claim_numbers is not None else "claim.hint_entry")
            if result is None else
            "checkin.hint_unchecked" if result.unchecked else "claim.hint_verdict")
        lines = self._hint_lines(hint, inner.width)
        bottom = inner.bottom - len(lines) * pitch
        for i, line in enumerate(lines):
            self._draw_text(surface, line, READ_SIZE, TEXT_DIM,
                            pygame.Rect(inner.left, bottom + i * pitch, inner.width, pitch),
                            align="center")
        if c.claim_queue:
            waiting = self.tr("claim.queued", seats=self.tr.join([str(q) for q in c.claim_queue]))
            queued = self.text.wrap(waiting, px(READ_SIZE), inner.width, bold=True)
            bottom -= len(queued) * pitch
            for i, line in enumerate(queued):
                self._draw_text(surface, line, READ_SIZE, WARN,
                                pygame.Rect(inner.left, bottom + i * pitch, inner.width, pitch),
                                align="center", bold=True)
        content = pygame.Rect(inner.left, inner.top, inner.width, bottom - px(8) - inner.top)
        self._claim_content = content
        self.verdict_drawn = None
        if draft is not None:
            self._draw_card_draft(surface, draft, content)
        elif result is None:
            self._draw_entry(surface, content)
        else:
            self._draw_verdict(surface, result, content, part)
        return area

    def _draw_entry(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The serial being typed (or scanned), in the printed paper's digits."""
        assert self._layout is not None
        px = self._layout.px
        c = self.controller
        y = area.top
        self._draw_text(surface, self.tr("claim.title"), 48, WARN,
                        pygame.Rect(area.left, y, area.width, px(70)), align="center", bold=True)
        y += px(80)
        numbers = c.claim_numbers
        prompt = (self.tr("cards.numbers_prompt") if numbers is not None else
                  self.tr("claim.seat_prompt", seat=c.claim_seat) if c.claim_seat
                  else self.tr("claim.prompt"))
        bold = c.claim_seat is not None
        pitch = px(CLAIM_PITCH)
        for line in self._balanced(prompt, px(READ_SIZE), area.width, bold=bold):
            self._draw_text(surface, line, READ_SIZE, TEXT,
                            pygame.Rect(area.left, y, area.width, pitch), align="center",
                            bold=bold)
            y += pitch
        y += px(34)
        box = pygame.Rect(0, 0, round(area.width * 0.7), px(130))
        box.midtop = (area.centerx, y)
        pygame.draw.rect(surface, BACKGROUND, box, border_radius=px(16))
        pygame.draw.rect(surface, ACCENT, box, width=px(3), border_radius=px(16))
        if numbers is not None:  # the claimed numbers, five a row
            rows = numbers.rows() or [[]]
            if len(rows[-1]) == 5 and not numbers.digits and numbers.count < numbers.most:
                rows.append([])
            box.height = px(84) * len(rows) + px(30)
            pygame.draw.rect(surface, BACKGROUND, box, border_radius=px(16))
            pygame.draw.rect(surface, ACCENT, box, width=px(3), border_radius=px(16))
            for i, row in enumerate(rows):
                line = "  ".join(self.tr.digits(n) for n in row)
                line += "_" if i == len(rows) - 1 else ""
                self._draw_text(surface, line, 64, TEXT,
                                pygame.Rect(box.left + px(15), box.top + px(15) + i * px(84),
                                            box.width - px(30), px(84)),
                                align="center", bold=True, rtl=False, key=f"numbers|{i}")
            return
        self._draw_text(surface, c.serial_text + "_", 84, TEXT, box.inflate(-px(30), 0),
                        align="center", bold=True, rtl=False)

    def _draw_verdict(
        self, surface: pygame.Surface, result: ClaimResult, area: pygame.Rect,
        part: str = "all",
    ) -> None:
        """The headline on a banner, the serial and the last number ("head"), the card and
        the details ("card"), or all of them."""
        head, card_too = part in ("all", "head"), part in ("all", "card")
        assert self._layout is not None
        px = self._layout.px
        verdict = result.verdict
        if result.unchecked and verdict is not None:
            # Not in play: what the code says, for the host to decide on.
            stages = self.tr.join([self._stage_name(s) for s in verdict.stages])
            headline = (self.tr("checkin.unchecked_valid", stages=stages) if verdict.valid
                        else self.tr("checkin.unchecked_refused"))
            back, ink = BANNER_ASK, BANNER_ASK_TEXT
        elif result.valid and verdict is not None:
            stages = self.tr.join([self._stage_name(s) for s in verdict.stages])
            headline = self.tr("claim.valid", stages=stages)
            back, ink = BANNER_GOOD, BANNER_GOOD_TEXT
        else:
            headline, back, ink = self.tr("claim.invalid"), BANNER_BAD, BANNER_BAD_TEXT
        # The headline on one line, or (too long even a quarter smaller) on two.
        room = area.width - px(40)
        if self.text.width(headline, px(48), True) <= room:
            heads, size, banner_h = [headline], 64, px(104)
        else:
            heads, size, banner_h = self._balanced(headline, px(44), room, bold=True), 44, px(134)
        banner = pygame.Rect(area.left, area.top, area.width, banner_h)
        if head:
            pygame.draw.rect(surface, back, banner, border_radius=px(18))
            step = (banner_h - px(16)) // len(heads)
            for i, line in enumerate(heads):
                row = pygame.Rect(banner.left + px(20), banner.top + px(8) + i * step, room,
                                  step)
                self._draw_text(surface, line, size, ink, row, align="center", bold=True)

        # The serial on the start side, the last number (in its mark) on the end side.
        # The serial takes the room it needs (up to half), the last number the rest.
        row = pygame.Rect(area.left, banner.bottom + px(12), area.width, px(76))
        serial = self._pieces(self.tr("cards.by_numbers_head"), {}) if result.typed else \
            self._pieces(self.tr("claim.serial"), {"serial": result.serial or "—"})
        split = min(self._pieces_width(serial, px(52), True) + px(8), row.width // 2)
        start = pygame.Rect(row.left, row.top, split, row.height)
        end = pygame.Rect(start.right + px(16), row.top, row.width - split - px(16), row.height)
        if self.rtl:
            start, end = mirror_in(start, row), mirror_in(end, row)
        if head:
            self._serial_rects = self._draw_pieces(surface, serial, 52, TEXT, start, "start",
                                                   bold=True)
        drawn_serial = self._serial_rects  # where the head drew it, this frame or the last
        if result.last is not None and head:
            last = self._pieces(self.tr("claim.last_number"), {"number": result.last},
                                chips=("number",))
            size = 44 if self._pieces_width(last, px(44), False) <= end.width else READ_SIZE
            self._draw_pieces(surface, last, size, TEXT, end, "end")

        if not card_too:
            return  # the card and the details come in the next frame
        # The card and, under it, the details; the block centred in the space left.
        lines = self._detail_lines(result, area.width)
        pitch = px(56)
        top = row.bottom + px(12)
        space = area.bottom - top
        drawn = VerdictDrawn(card=pygame.Rect(area.centerx, top, 0, 0))
        if result.ticket is not None:
            card = self._card_rect(area, top, len(lines))
            drawn = self._draw_ticket(surface, result, card)
            y = card.bottom + px(12) + px(16)
        else:
            y = top + max(0, (space - len(lines) * pitch) // 2)
        for pieces in lines:
            self._draw_pieces(surface, pieces, READ_SIZE, TEXT,
                              pygame.Rect(area.left, y, area.width, pitch))
            y += pitch
        drawn.banner = banner
        drawn.serial = next((r for (kind, _), r in zip(serial, drawn_serial, strict=True)
                             if kind == "serial"), None)
        self.verdict_drawn = drawn

    def _card_rect(self, area: pygame.Rect, top: int, lines: int) -> pygame.Rect:
        """Where a verdict's card (3 rows × 9 cells) lies in `area`, from `top`, with
        `lines` of details under it: the card, its paper and the details centred in the
        space left."""
        assert self._layout is not None
        px = self._layout.px
        pitch, pad = px(56), px(12)
        space = area.bottom - top
        marker = px(40)  # room each side for the winning rows' bands
        cell_w = (area.width - 2 * marker - 2 * pad) / COLUMNS
        cell_h = min(cell_w, (space - lines * pitch - px(16) - 2 * pad) / ROWS)
        card = pygame.Rect(0, 0, round(cell_w * COLUMNS), round(cell_h * ROWS))
        block = card.height + 2 * pad + px(16) + lines * pitch
        card.midtop = (area.centerx, top + max(0, (space - block) // 2) + pad)
        return card

    def _verdict_sizes(self, layout: Layout) -> list[int]:
        """The sizes of a verdict's text in pixels: its own (headline, serial, last number,
        details, hints) and its card's numbers, as `_draw_claim` and `_draw_verdict` lay
        them out with none to three lines of details."""
        px = layout.px
        inner = layout.claim.inflate(-2 * px(32), -2 * px(24))
        content = pygame.Rect(inner.left, inner.top, inner.width,
                              inner.bottom - px(48) - px(8) - inner.top)
        top = content.top + px(104) + px(12) + px(76) + px(12)
        sizes = [px(n) for n in (64, 52, 48, 44, READ_SIZE, 84)]
        for lines in range(4):
            card = self._card_rect(content, top, lines)
            cell = round(card.height / ROWS) - 2 * px(4)
            sizes.append(max(px(READ_SIZE), round(cell * 0.54)))
        return sizes

    def _detail_lines(self, result: ClaimResult, width: int) -> list[list[Piece]]:
        """Who shares the win, or why the claim is refused: lines of pieces."""
        verdict = result.verdict
        if result.valid and verdict is not None:
            lines = [] if not verdict.shared_with else [
                self._pieces(self.tr("claim.shared"), {"serials": verdict.shared_with})]
            if verdict.by_numbers:
                lines += self._by_numbers_lines(result, width)
            won = self._pot_won(result)  # what it won of the prize pot
            if won is not None:
                lines += self._wrapped([("text", won)], width)
            return lines
        message = result.message
        lines = self._wrapped(self._pieces(self.tr(message.key), dict(message.values)), width)
        if result.typed:
            lines += self._by_numbers_lines(result, width)
        if verdict is not None and verdict.burnt:
            lines += self._wrapped([("text", self.tr("claim.burnt"))], width)
        return lines

    def _pot_won(self, result: ClaimResult) -> str | None:
        """What the card won of the prize pot, on a good verdict (None: no pot)."""
        c = self.controller
        verdict = result.verdict
        # A card checked by numbers is named in the hand by its numbers, not a serial.
        serial = verdict.serial if verdict is not None and verdict.by_numbers else result.serial
        won = c.pot_won(serial, verdict.stages) if verdict is not None else None
        self.pot_verdict = None
        if won is None:
            return None
        each, count = won
        amount = money(self.tr, each, c.currency)
        text = (self.tr("pot.verdict_shared", count=count, amount=amount) if count > 1
                else self.tr("pot.verdict_won", amount=amount))
        self.pot_verdict = (each, count, text)
        return text

    def _by_numbers_lines(self, result: ClaimResult, width: int) -> list[list[Piece]]:
        """A claim checked by numbers: the numbers typed (unless its card is drawn), and
        that the card was not registered."""
        lines = []
        if result.ticket is None and result.typed:
            typed = self.tr("cards.typed", numbers=" ".join(self.tr.digits(n)
                                                             for n in result.typed))
            lines += self._wrapped([("text", typed)], width)
        return lines + self._wrapped([("text", self.tr("cards.checked_by_numbers"))], width)

    def _wrapped(self, pieces: list[Piece], width: int) -> list[list[Piece]]:
        """A verdict's detail wrapped to `width` at its size."""
        return self._wrap_pieces(pieces, READ_SIZE, width)

    def _draw_ticket(
        self, surface: pygame.Surface, result: ClaimResult, card: pygame.Rect
    ) -> VerdictDrawn:
        """The card as printed (3 rows × 9 columns): called numbers on discs, the last
        number in a framed square, the rows of the verdict's pattern on a band."""
        assert result.ticket is not None and self._layout is not None
        px = self._layout.px
        verdict = result.verdict
        rows = set(verdict.rows) if verdict is not None else set()
        if verdict is not None and verdict.valid:  # counted, or (not checked in) would be
            band_colour, band_blank, band_edge = ROW_WIN, ROW_WIN_BLANK, ROW_WIN_EDGE
        else:
            band_colour, band_blank, band_edge = ROW_EARLIER, ROW_EARLIER_BLANK, ROW_EARLIER_EDGE
        pad = px(12)
        paper = card.inflate(2 * pad, 2 * pad)
        pygame.draw.rect(surface, PAPER, paper, border_radius=px(10))
        drawn = VerdictDrawn(card)
        cell_w = card.width / COLUMNS
        cell_h = card.height / ROWS
        reach = px(28)  # the band reaches out of the card on both sides
        for r in sorted(rows):
            # A band on the first or last row covers the paper's edge too.
            top = paper.top if r == 0 else round(card.top + r * cell_h)
            bottom = paper.bottom if r == ROWS - 1 else round(card.top + (r + 1) * cell_h)
            band = pygame.Rect(paper.left - reach, top, paper.width + 2 * reach, bottom - top)
            pygame.draw.rect(surface, band_colour, band, border_radius=px(12))
            pygame.draw.rect(surface, band_edge, band, width=px(4), border_radius=px(12))
            drawn.bands[r] = band
        gap = px(4)
        radius = px(8)
        for r, row in enumerate(result.ticket.grid):
            in_band = r in rows
            for col, number in enumerate(row):
                rect = pygame.Rect(round(card.left + col * cell_w), round(card.top + r * cell_h),
                                   round(cell_w), round(cell_h)).inflate(-2 * gap, -2 * gap)
                if number is None:
                    pygame.draw.rect(surface, band_blank if in_band else CARD_BLANK, rect,
                                     border_radius=radius)
                    continue
                if not in_band:
                    pygame.draw.rect(surface, CARD_CELL, rect, border_radius=radius)
                    pygame.draw.rect(surface, CARD_LINE, rect, width=px(2), border_radius=radius)
                drawn.cells[number] = rect
                if number == result.last and number in result.called:
                    pygame.draw.rect(surface, LAST_FRAME, rect, border_radius=radius)
                    pygame.draw.rect(surface, LAST_MARK, rect.inflate(-2 * px(7), -2 * px(7)),
                                     border_radius=radius)
                    colour = LAST_TEXT
                elif number in result.called:
                    pygame.draw.circle(surface, MARK, rect.center,
                                       round(min(rect.size) * 0.48))
                    colour = MARK_TEXT
                else:
                    colour = CARD_TEXT
                size = max(px(READ_SIZE), round(rect.height * 0.54))
                label = self.text.fit(self.tr.digits(number), size, colour,
                                      round(rect.width * 0.8), bold=True, rtl=False)
                surface.blit(label, ink_centred(label, rect.center))
        return drawn

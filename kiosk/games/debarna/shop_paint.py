"""The TV's panel for a shop card typed in (`kiosk.games.debarna.shop`): the card's 3×9
grid filling up as the host types its numbers row by row, every doubtful cell framed,
what is wrong with it in words, and, once registered, the number to write on the card.
It takes the claim panel's place (the board is shown compacted beside it)."""

from __future__ import annotations

import pygame

from engines.debarna.card_check import Doubt
from engines.debarna.ticket import COLUMNS, ROWS
from kiosk.games.debarna.paint import (
    CARD_BLANK,
    CARD_CELL,
    CARD_LINE,
    CARD_TEXT,
    CLAIM_PITCH,
    PAPER,
    READ_SIZE,
    Paint,
    TextDrawn,
    ink_centred,
)
from kiosk.games.debarna.shop import CardDraft, Registered
from kiosk.phones.qr import qr_surface
from kiosk.theme import ACCENT, BACKGROUND, TEXT, TEXT_DIM, WARN

DOUBT_EDGE = (214, 110, 0)  # a doubtful cell's frame: dark orange on the paper


class ShopPaint(Paint):
    """Draws the card being typed in (`CallerController.shop_draft`)."""

    def _draft_hint(self, draft: CardDraft) -> str:
        if draft.done is not None:
            return self.tr("cards.hint_done")
        if draft.check is not None:
            return self.tr("cards.hint_checked")
        return self.tr("cards.hint_typing")

    def _draw_card_draft(self, surface: pygame.Surface, draft: CardDraft,
                         area: pygame.Rect) -> None:
        """The title, what to do now, the card as typed, and the message or the result."""
        assert self._layout is not None
        px = self._layout.px
        pitch = px(CLAIM_PITCH)
        y = area.top
        self._draw_text(surface, self.tr("cards.title"), 48, ACCENT,
                        pygame.Rect(area.left, y, area.width, px(70)), align="center",
                        bold=True, key="cards|title")
        y += px(80)
        if draft.done is not None:
            card = draft.done.card
            key = "cards.registered" if draft.done.how is Registered.NEW else "cards.already"
            prompt = self.tr(key, number=self.tr.digits(card.serial))
            if draft.done.in_play:
                prompt += " " + self.tr("cards.in_play")
        elif draft.check is not None:
            number = draft.number or self._next_number()
            prompt = self.tr("cards.confirm", number=self.tr.digits(number))
        elif len(draft.entry.numbers) >= draft.entry.most:
            prompt = self.tr("cards.prompt_full")
        else:
            prompt = self.tr("cards.prompt", row=self.tr.digits(
                len(draft.entry.numbers) // 5 + 1))
        text_area = area
        phones = self.phones
        if phones is not None and draft.check is None and draft.done is None:
            # A phone may photograph the card instead: the page's code, beside the words.
            url = f"{phones.base_url}/cards"
            code = qr_surface(url, px(150))
            spot = code.get_rect(topright=(area.right, y)) if not self.rtl else \
                code.get_rect(topleft=(area.left, y))
            surface.blit(code, spot)
            self.checkin_drawn["cards|code"] = TextDrawn(url, 0, TEXT, spot)
            text_area = pygame.Rect(area.left if not self.rtl else spot.right + px(16), y,
                                    area.width - spot.width - px(16), area.height)
            # The address and the code exactly as typed: Latin digits, left to right.
            words = self.tr("cards.by_phone").format(url=f"\u2066{url}\u2069",
                                                     code=f"\u2066{phones.tv_code}\u2069")
            lines = self._balanced(prompt, px(READ_SIZE), text_area.width, bold=True)
            lines += self.text.wrap(words, px(READ_SIZE - 6), text_area.width)
            top = y
            for i, line in enumerate(lines):
                bold = i < len(lines) - len(self.text.wrap(words, px(READ_SIZE - 6),
                                                           text_area.width))
                self._draw_text(surface, line, READ_SIZE if bold else READ_SIZE - 6,
                                TEXT if bold else TEXT_DIM,
                                pygame.Rect(text_area.left, y, text_area.width, pitch),
                                align="start", bold=bold, key=f"cards|prompt|{line}")
                y += pitch
            y = max(y, top + spot.height)
        else:
            for line in self._balanced(prompt, px(READ_SIZE), area.width, bold=True):
                self._draw_text(surface, line, READ_SIZE, TEXT,
                                pygame.Rect(area.left, y, area.width, pitch), align="center",
                                bold=True, key=f"cards|prompt|{line}")
                y += pitch
        y += px(16)
        lines = []
        if draft.message is not None:
            lines = self._balanced(self._t(draft.message), px(READ_SIZE), area.width)
        elif draft.check is not None and draft.check.doubts:
            lines = self._balanced(self.tr("cards.doubtful", count=self.tr.digits(
                len(draft.check.doubts))), px(READ_SIZE), area.width)
        room = area.bottom - y - px(12) - px(24) - len(lines) * pitch
        cell = min(area.width // (COLUMNS + 1), room // ROWS)
        card = pygame.Rect(0, 0, cell * COLUMNS, cell * ROWS)
        card.midtop = (area.centerx, y + px(12))
        self._draw_draft_grid(surface, draft, card)
        y = card.bottom + px(24)
        for line in lines:
            self._draw_text(surface, line, READ_SIZE, WARN,
                            pygame.Rect(area.left, y, area.width, pitch), align="center",
                            key=f"cards|message|{line}")
            y += pitch

    def _next_number(self) -> str:
        from kiosk.games.debarna.shop import free_number

        return free_number(self.controller.shop)

    def _draw_draft_grid(self, surface: pygame.Surface, draft: CardDraft,
                         card: pygame.Rect) -> None:
        """The card's cells: numbers typed so far, the row being typed on a light band,
        doubtful cells framed in orange, the card's own number (when typed) drawn above."""
        assert self._layout is not None
        px = self._layout.px
        pad = px(12)
        pygame.draw.rect(surface, PAPER, card.inflate(2 * pad, 2 * pad), border_radius=px(10))
        grid = draft.grid
        typing = len(draft.entry.numbers) // 5 if draft.check is None else -1
        doubts = draft.check.doubts if draft.check is not None else {}
        cell_w = card.width / COLUMNS
        cell_h = card.height / ROWS
        gap = px(4)
        for r in range(ROWS):
            row = grid[r] if r < len(grid) else [None] * COLUMNS
            if r == typing:
                band = pygame.Rect(card.left - pad // 2, round(card.top + r * cell_h),
                                   card.width + pad, round(cell_h))
                pygame.draw.rect(surface, BACKGROUND, band, width=px(4), border_radius=px(8))
            for c in range(COLUMNS):
                rect = pygame.Rect(round(card.left + c * cell_w), round(card.top + r * cell_h),
                                   round(cell_w), round(cell_h)).inflate(-2 * gap, -2 * gap)
                number = row[c]
                if number is None:
                    pygame.draw.rect(surface, CARD_BLANK, rect, border_radius=px(8))
                else:
                    pygame.draw.rect(surface, CARD_CELL, rect, border_radius=px(8))
                    pygame.draw.rect(surface, CARD_LINE, rect, width=px(2), border_radius=px(8))
                    size = max(px(READ_SIZE), round(rect.height * 0.5))
                    label = self.text.fit(self.tr.digits(number), size, CARD_TEXT,
                                          round(rect.width * 0.8), bold=True, rtl=False)
                    surface.blit(label, ink_centred(label, rect.center))
                if (r, c) in doubts:
                    edge = WARN if Doubt.READER in doubts[(r, c)] else DOUBT_EDGE
                    pygame.draw.rect(surface, edge, rect.inflate(gap, gap), width=px(5),
                                     border_radius=px(8))
        if draft.check is None and draft.entry.digits:
            # The number being typed, under the card.
            label = self.text.fit(self.tr.digits(draft.entry.digits) + "_", px(52), TEXT,
                                  card.width, bold=True, rtl=False)
            surface.blit(label, label.get_rect(midtop=(card.centerx, card.bottom + pad)))

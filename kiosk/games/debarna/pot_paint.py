"""The prize pot's panel on the caller screen: this hand's pot shared out, stage by stage
(who won what, a shared win's amount each, what goes on to the next hand), and the
night's ledger by player (what each put in and won).

It covers the number panel and the board: at the end of a hand with a pot it comes up
by itself (the hand-over summary with the money), and the ledger key (F6) opens and
closes it at any time a claim is not open (calling pauses while it is open). The numbers come from
`kiosk.games.debarna.pot_desk` (the engine's settlement and ledger); nothing is worked
out here.
"""

from __future__ import annotations

import pygame

from engines.debarna.pot import LedgerRow, Settlement, StagePay
from kiosk.config import Action
from kiosk.games.debarna.paint import READ_SIZE, Paint, Piece, mirror_in
from kiosk.games.debarna.pot_desk import grouped, money
from kiosk.theme import ACCENT, PANEL, TEXT, TEXT_DIM

POT_PITCH = 52
WHO = "\ue000"  # where a template's {who} goes: names as written, serials as printed
POT_KEYS = (Action.POT, Action.STAKE_UP, Action.STAKE_DOWN, Action.LEDGER)


class PotPaint(Paint):
    """The pot's panel, and the keys that set the pot and open the panel."""

    # The panel's lines as last drawn (their words, in order) and the ledger's rows
    # (player, put in, won, net as written), for the tests and the screenshots.
    pot_drawn: list[str]
    pot_rows: list[tuple[str, str, str, str]]

    def _pot_key(self, action: object, now: float) -> bool:
        """F5 the pot on or off, Page Up / Page Down the stake (before a hand's first
        call), F6 the panel; True if the key was the pot's."""
        c = self.controller
        if action is Action.POT:
            c.pot_toggle(now)
        elif action is Action.STAKE_UP:
            c.pot_stake_step(1, now)
        elif action is Action.STAKE_DOWN:
            c.pot_stake_step(-1, now)
        elif action is Action.LEDGER:
            c.toggle_pot_panel(now)
        else:
            return False
        return True

    # -- the panel ----------------------------------------------------------------------------
    def _draw_pot(self, surface: pygame.Surface) -> pygame.Rect:
        """The panel over the number panel and the board: this hand's pot on the start
        side, the night's ledger on the end side, the keys under both."""
        assert self._layout is not None
        layout = self._layout
        px = layout.px
        rect = surface.blit(self._background, layout.body, layout.body) \
            if self._background is not None else layout.body.copy()
        panel = layout.body
        pygame.draw.rect(surface, PANEL, panel, border_radius=px(24))
        pygame.draw.rect(surface, ACCENT, panel, width=px(4), border_radius=px(24))
        inner = panel.inflate(-px(56), -px(40))
        self.pot_drawn, self.pot_rows = [], []
        pitch = px(POT_PITCH)
        hint_row = pygame.Rect(inner.left, inner.bottom - pitch, inner.width, pitch)
        self._draw_text(surface, self.tr("pot.hint"), READ_SIZE, TEXT_DIM, hint_row,
                        align="center")
        gap = px(48)
        half = (inner.width - gap) // 2
        start = pygame.Rect(inner.left, inner.top, half, hint_row.top - px(8) - inner.top)
        end = pygame.Rect(start.right + gap, inner.top, inner.width - half - gap, start.height)
        if self.rtl:
            start, end = mirror_in(start, inner), mirror_in(end, inner)
        pygame.draw.line(surface, TEXT_DIM, (inner.centerx, start.top + px(8)),
                         (inner.centerx, start.bottom - px(8)), px(2))
        self._draw_hand_pot(surface, start)
        self._draw_ledger(surface, end)
        return rect

    def _draw_hand_pot(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """This hand's pot: its sum, each stage's share and who won it, the carry."""
        assert self._layout is not None
        px = self._layout.px
        c = self.controller
        pitch = px(POT_PITCH)
        over = c.hand is not None and c.hand.is_over
        settlement = c.pot_settlement
        title = self.tr("pot.title_over" if over and settlement is not None else "pot.title")
        self._draw_text(surface, title, 52, ACCENT,
                        pygame.Rect(area.left, area.top, area.width, px(72)),
                        align="start", bold=True)
        self.pot_drawn.append(title)
        y = area.top + px(84)
        width = area.width
        paragraphs: list[list[Piece]] = []
        if settlement is not None:
            paragraphs.append([("text", self._pot_sum(settlement))])
            paragraphs += [self._stage_pieces(pay, over) for pay in settlement.stages]
            if over:
                paragraphs.append([("text", self.tr("pot.carry", amount=money(
                    self.tr, settlement.carry_out, c.currency)))])
        elif not c.pot_on:
            paragraphs.append([("text", self.tr("pot.off"))])
        else:
            paragraphs.append([("text", self.tr("pot.before_on", stake=money(
                self.tr, c.pot_stake, c.currency)))])
        for pieces in paragraphs:
            for line in self._wrap_pieces(pieces, READ_SIZE, width):
                if y + pitch > area.bottom:
                    return
                self._draw_pieces(surface, line, READ_SIZE, TEXT,
                                  pygame.Rect(area.left, y, width, pitch), align="start")
                self.pot_drawn.append("".join(text for _, text in line))
                y += pitch
            y += px(10)  # a paragraph a stage

    def _pot_sum(self, settlement: Settlement) -> str:
        c = self.controller
        values = {"cards": settlement.cards,
                  "stake": money(self.tr, settlement.stake, c.currency),
                  "pot": money(self.tr, settlement.pot, c.currency)}
        if settlement.carried_in:
            return self.tr("pot.pot_line", carried=grouped(self.tr, settlement.carried_in),
                           **values)
        return self.tr("pot.pot_line_plain", **values)

    def _stage_pieces(self, pay: StagePay, over: bool) -> list[Piece]:
        """One stage's line: its share and, when won, who won it (names as written,
        serials as printed)."""
        c = self.controller
        values: dict[str, object] = {"stage": self._stage_name(pay.stage), "percent": pay.percent,
                                     "amount": money(self.tr, pay.held, c.currency)}
        if not pay.serials:
            return [("text", self.tr("pot.stage_unwon" if over else "pot.stage_open", **values))]
        if len(pay.serials) == 1:
            template = self.tr("pot.stage_won", who=WHO, **values)
        else:
            template = self.tr("pot.stage_shared", who=WHO, count=len(pay.serials),
                               each=money(self.tr, pay.each, c.currency), **values)
        template = template.replace(f"\u2068{WHO}\u2069", WHO)
        before, _, after = template.partition(WHO)
        who: list[Piece] = []
        for i, serial in enumerate(pay.serials):
            if i:
                who.append(("text", self.tr("app.list_sep")))
            name = c.holder_of(serial)
            who.append(("text", name) if name else ("serial", serial))
        return [p for p in [("text", before), *who, ("text", after)] if p[1]]

    # -- the night's ledger ---------------------------------------------------------------------
    def _draw_ledger(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        assert self._layout is not None
        px = self._layout.px
        c = self.controller
        pitch = px(POT_PITCH)
        ledger = c.night_ledger
        if area.height < pitch:
            return
        if not ledger.rows:
            area = area.move(0, px(84))
            text = self.tr("pot.night_none")
            for line in self.text.wrap(text, px(READ_SIZE), area.width)[:area.height // pitch]:
                self._draw_text(surface, line, READ_SIZE, TEXT_DIM,
                                pygame.Rect(area.left, area.top, area.width, pitch),
                                align="start")
                self.pot_drawn.append(line)
                area = area.move(0, pitch)
            return
        head = self.tr("pot.night", hands=ledger.hands)
        self._draw_text(surface, head, 52, ACCENT,
                        pygame.Rect(area.left, area.top, area.width, px(72)), align="start",
                        bold=True)
        unit = self.tr("pot.night_unit", currency=c.currency or self.tr("pot.currency"))
        self._draw_text(surface, unit, READ_SIZE, TEXT_DIM,
                        pygame.Rect(area.left, area.top + px(84), area.width, pitch),
                        align="start")
        self.pot_drawn += [head, unit]
        y = area.top + px(84) + pitch
        header = (self.tr("pot.col_player"), self.tr("pot.col_in"), self.tr("pot.col_won"),
                  self.tr("pot.col_net"))
        self._ledger_row(surface, [("text", header[0])], header[1:], y, area, TEXT_DIM)
        y += pitch
        room = (area.bottom - y) // pitch
        # Named players first, then the cards nobody named; the winners first in each.
        rows = sorted(ledger.rows, key=lambda r: (r.name is None, -r.won, r.key))
        shown = rows if len(rows) <= room else rows[:max(0, room - 1)]
        for row in shown:
            cells = (grouped(self.tr, row.put_in), grouped(self.tr, row.won),
                     grouped(self.tr, row.net, signed=True))
            self._ledger_row(surface, self._player(row), cells, y, area, TEXT)
            label = row.name if row.name is not None else str(row.serial)
            self.pot_rows.append((label, *cells))
            y += pitch
        if len(shown) < len(rows):
            more = self.tr("pot.more", count=len(rows) - len(shown))
            self._draw_text(surface, more, READ_SIZE, TEXT_DIM,
                            pygame.Rect(area.left, y, area.width, pitch), align="start")
            self.pot_drawn.append(more)

    def _player(self, row: LedgerRow) -> list[Piece]:
        if row.name is not None:
            return [("text", row.name)]
        return self._pieces(self.tr("pot.ticket"), {"serial": row.serial})

    def _ledger_row(self, surface: pygame.Surface, player: list[Piece],
                    cells: tuple[str, ...], y: int, area: pygame.Rect,
                    colour: tuple[int, int, int]) -> None:
        """A row of the ledger: the player on the start side, then three amounts."""
        assert self._layout is not None
        px = self._layout.px
        row = pygame.Rect(area.left, y, area.width, px(POT_PITCH))
        name_w = round(row.width * 0.34)
        cell_w = (row.width - name_w) // 3
        rects = [pygame.Rect(row.left, y, name_w - px(12), row.height)]
        rects += [pygame.Rect(row.left + name_w + i * cell_w, y, cell_w - px(12), row.height)
                  for i in range(3)]
        if self.rtl:
            rects = [mirror_in(r, row) for r in rects]
        self._draw_pieces(surface, player, READ_SIZE, colour, rects[0], align="start")
        for rect, text in zip(rects[1:], cells, strict=True):
            # An amount keeps its sign before its digits in right-to-left text too.
            self._draw_text(surface, self.tr.isolate(text), READ_SIZE, colour, rect,
                            align="end")

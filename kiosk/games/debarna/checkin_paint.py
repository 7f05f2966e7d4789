"""The check-in panel: over the board before a hand's first call, the tickets in play and
how to change them.

From the top: the title; how many tickets are in play and the number being typed (with
the phones on, the ticket page's code stands in the end corner, these and the code's
words beside it); the list of tickets in play; what the host is asked (emptying the
list, a strip's other tickets, putting the list back, the ticket picked), on a band of
its own; the keys' hints.

The list is a strip a row, each ticket a plate with its serial as printed (and, where
known, who holds it under it, after a small phone when a phone took it and is the
ticket), in the order they came in; the picked ticket is lit, the
one that came in last framed. When the rows do not fit, the plates drop the names, then
the strips share rows (a strip's number, then its tickets' places in it: ``B003  1 2 4``),
and past that the rows shown follow the pick (or the last ticket in), the rows above and
below counted. Every line is at least the screen's reading size; nothing is drawn
smaller to fit.
"""

from __future__ import annotations

import pygame

from engines.debarna.ticket import Ticket, normalise_serial
from kiosk.games.debarna.caller import Question
from kiosk.games.debarna.checkin import strip_of
from kiosk.games.debarna.paint import (
    BALL_TEXT,
    BANNER_ASK,
    BANNER_ASK_TEXT,
    HINT_PITCH,
    HINT_SIZE,
    READ_SIZE,
    Paint,
    Piece,
    TextDrawn,
)
from kiosk.phones.qr import qr_surface
from kiosk.text import has_arabic
from kiosk.theme import ACCENT, CURSOR, PANEL, ROW_CHOSEN, TEXT, Colour

PLATE: Colour = ROW_CHOSEN  # a ticket in play: TEXT on it is 10:1
PLATE_PICKED: Colour = CURSOR  # the picked ticket: BALL_TEXT on it is 9.6:1
PLATE_TEXT: Colour = TEXT
PICKED_TEXT: Colour = BALL_TEXT
LATEST_FRAME: Colour = ACCENT  # the ticket that came in last
SERIAL_SIZE = 40  # a plate's serial and name
COUNT_SIZE = 60
TYPED_SIZE = 48
PLATE_LINE = 54  # a line of a plate
ROW_GAP = 10  # between two rows of plates
PLATE_GAP = 12  # between two plates of a row
PLACE_GAP = 8  # between two places of a strip in a compact row
PHONE_SIGN_HEIGHT = 36  # the phone drawn on a phone's ticket's plate


class CheckinPaint(Paint):
    """Draws the check-in panel (`_draw_checkin`), reading the controller only."""

    def _draw_checkin(self, surface: pygame.Surface) -> pygame.Rect:
        assert self._layout is not None
        layout = self._layout
        px = layout.px
        rect = self._restore(surface, layout.board)
        panel = layout.board.inflate(-px(24), -px(24))
        pygame.draw.rect(surface, PANEL, panel, border_radius=px(24))
        pygame.draw.rect(surface, ACCENT, panel, width=px(4), border_radius=px(24))
        inner = panel.inflate(-px(48), -px(36))
        self.checkin_drawn = {}
        self._draw_text(surface, self.tr("checkin.title"), 52, ACCENT,
                        pygame.Rect(inner.left, inner.top, inner.width, px(76)), align="center",
                        bold=True, key="checkin|title")
        top = self._checkin_head(surface, inner, inner.top + px(84))
        # From the bottom up: the hints, the question's band, and the list between. With
        # a question its band says its keys and the list's hints give it their room; where
        # the list would have less than two rows (the phones' code takes room) the hints
        # give it theirs: the list's first, then all (a question's band says what to do).
        asked = self._checkin_question(inner.width - 2 * px(24))
        pitch = px(HINT_PITCH)
        band_h = len(asked) * pitch + px(16) if asked else 0
        wanted = min(2, len(self.controller.checkin_rows())) * px(PLATE_LINE + 8 + ROW_GAP)
        for hints in ([self._checkin_hints(inner.width, list_keys=True),
                       self._checkin_hints(inner.width, list_keys=False)] if not asked else
                      [self._checkin_hints(inner.width, list_keys=False), []]):
            if inner.bottom - len(hints) * pitch - band_h - px(10) - top >= wanted:
                break
        bottom = inner.bottom - len(hints) * pitch
        for i, line in enumerate(hints):
            self._draw_text(surface, line, HINT_SIZE, TEXT,
                            pygame.Rect(inner.left, bottom + i * pitch, inner.width, pitch),
                            align="center", key=f"checkin|hint{i}")
        if asked:
            band = pygame.Rect(inner.left, bottom - band_h, inner.width, band_h - px(8))
            pygame.draw.rect(surface, BANNER_ASK, band, border_radius=px(16))
            glyphs: list[pygame.Rect] = []
            for i, pieces in enumerate(asked):
                row = pygame.Rect(band.left + px(24), band.top + px(4) + i * pitch,
                                  band.width - 2 * px(24), pitch)
                self._draw_pieces(surface, pieces, READ_SIZE, BANNER_ASK_TEXT, row, bold=True,
                                  ink=glyphs)
            text = " ".join(t for pieces in asked for _, t in pieces)
            self.checkin_drawn["checkin|ask"] = TextDrawn(
                text, 0, BANNER_ASK_TEXT, glyphs[0].unionall(glyphs[1:]), True)
            bottom = band.top
        self._draw_checkin_list(surface, pygame.Rect(inner.left, top, inner.width,
                                                     bottom - px(10) - top))
        return rect

    # -- the head: the count, the typed number, the phones -----------------------------------
    def _checkin_head(self, surface: pygame.Surface, inner: pygame.Rect, y: int) -> int:
        """The count and the typed number (beside the phones' code, with its words);
        returns where the list may begin."""
        assert self._layout is not None
        px = self._layout.px
        c = self.controller
        count = self.tr("checkin.count", count=self.tr.digits(c.in_play))
        phones = self.phones
        if phones is None:
            # The count at the start, the number being typed at the end of its row, or
            # on a row of its own where the two would run into each other.
            width = self.text.width(count, px(COUNT_SIZE), bold=True) + px(24)
            start = pygame.Rect(inner.left, y, width, px(84))
            if self.rtl:
                start.right = inner.right
            self._draw_text(surface, count, COUNT_SIZE, TEXT, start, bold=True,
                            key="checkin|count")
            typed = self._pieces(self.tr("checkin.typed"), {"serial": c.checkin_text})
            beside = width + px(48) + self._pieces_width(typed, px(TYPED_SIZE), True) \
                <= inner.width
            if not c.checkin_text or beside:
                end = pygame.Rect(inner.left, y, inner.width - width, px(84))
                if not self.rtl:
                    end.left = start.right
                self._draw_typed(surface, end, "end")
                return y + px(96)
            self._draw_typed(surface, pygame.Rect(inner.left, y + px(84), inner.width,
                                                  px(64)), "start")
            return y + px(84) + px(76)
        code = qr_surface(phones.ticket_url, px(230))
        spot = code.get_rect(topright=(inner.right, y)) if not self.rtl else \
            code.get_rect(topleft=(inner.left, y))
        surface.blit(code, spot)
        self.checkin_drawn["checkin|code"] = TextDrawn(phones.ticket_url, 0, TEXT, spot)
        width = inner.width - spot.width - px(24)
        left = inner.left if not self.rtl else spot.right + px(24)
        column = pygame.Rect(left, y, width, inner.height)
        self._draw_text(surface, count, COUNT_SIZE, TEXT,
                        pygame.Rect(column.left, y, column.width, px(76)), bold=True,
                        key="checkin|count")
        y += px(76)
        if c.checkin_text:
            self._draw_typed(surface, pygame.Rect(column.left, y, column.width, px(64)), "start")
            y += px(64)
        # The address and the code exactly as typed: Latin digits, left to right.
        words = self.tr("phones.on_tv").format(url=f"\u2066{phones.ticket_url}\u2069",
                                               code=f"\u2066{phones.tv_code}\u2069")
        size, rest, i = px(READ_SIZE), words.split(), 0
        while rest:  # beside the code, then under it across the panel
            row = column if y < spot.bottom else inner
            line = rest.pop(0)
            while rest and self.text.width(f"{line} {rest[0]}", size) <= row.width:
                line = f"{line} {rest.pop(0)}"
            self._draw_text(surface, line, READ_SIZE, TEXT,
                            pygame.Rect(row.left, y, row.width, px(52)),
                            key=f"checkin|phones{i}")
            y += px(52)
            i += 1
        return max(y, spot.bottom) + px(12)

    def _draw_typed(self, surface: pygame.Surface, rect: pygame.Rect, align: str) -> None:
        """The number being typed, as printed (Latin digits, left to right)."""
        c = self.controller
        if not c.checkin_text:
            return
        typed = self._pieces(self.tr("checkin.typed"), {"serial": c.checkin_text})
        glyphs: list[pygame.Rect] = []
        self._draw_pieces(surface, typed, TYPED_SIZE, ACCENT, rect, align=align, bold=True,
                          ink=glyphs)
        self.checkin_drawn["checkin|typed"] = TextDrawn(
            c.checkin_text, 0, ACCENT, glyphs[0].unionall(glyphs[1:]), True)

    # -- the hints and the question ------------------------------------------------------------
    def _checkin_hints(self, width: int, list_keys: bool = True) -> list[str]:
        """The keys' hints: how to check tickets in and start, and (`list_keys`, with
        tickets in play) how to take them out."""
        hints = [self.tr("checkin.hint")]
        if list_keys and self.controller.in_play:
            hints.append(self.tr("checkin.list_hint"))
        return self._hint_lines(" · ".join(hints), width)

    def _checkin_question(self, width: int) -> list[list[Piece]]:
        """What the host is asked now, in lines of pieces (none: nothing asked)."""
        assert self._layout is not None
        c = self.controller
        picked = c.picked
        values: dict[str, object]
        if picked is not None:
            name = c.holder(picked)
            key, values = ("checkin.picked_named", {"serial": picked.serial, "name": name}) \
                if name else ("checkin.picked", {"serial": picked.serial})
        elif c.checkin_question is Question.EMPTY:
            key, values = "checkin.ask_empty", {"count": c.in_play}
        elif c.checkin_question is Question.STRIP and c.strip_offer:
            strip = strip_of(c.strip_offer[0].serial) or c.strip_offer[0].serial
            key, values = "checkin.offer_strip", {"serial": strip, "more": len(c.strip_offer)}
        elif c.checkin_question is Question.PUT_BACK and c.taken_out:
            key, values = "checkin.offer_back", {"taken": len(c.taken_out)}
        else:
            return []
        # On one line where it fits; else the question on its lines, then its keys'
        # answers together ("Enter: yes · Esc: no").
        size = self._layout.px(READ_SIZE)
        parts = [self._pieces(part, {k: v for k, v in values.items() if f"{{{k}}}" in part})
                 for part in self.tr(key).split(" · ")]
        whole = [piece for i, part in enumerate(parts)
                 for piece in ([("text", " · ")] if i else []) + part]
        if self._pieces_width(whole, size, True) <= width:
            return [whole]
        lines = self._wrap_pieces(parts[0], READ_SIZE, width, bold=True)
        answers: list[list[Piece]] = []
        for part in parts[1:]:
            trial = [*answers[-1], ("text", " · "), *part] if answers else part
            if answers and self._pieces_width(trial, size, True) <= width:
                answers[-1] = trial
            else:
                answers += self._wrap_pieces(part, READ_SIZE, width, bold=True)
        return lines + answers

    # -- the list -------------------------------------------------------------------------------
    def _draw_checkin_list(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The tickets in play in `area`: full plates, then without names, then strips
        sharing rows, then the rows round the pick with those above and below counted."""
        assert self._layout is not None
        px = self._layout.px
        c = self.controller
        self.checkin_grid = []
        rows = c.checkin_rows()
        if not rows or area.height <= 0:
            return
        named = any(c.holder(t) or c.is_phone_ticket(t) for row in rows for t in row)
        line = px(PLATE_LINE)
        tall = 2 * line + px(8)
        short = line + px(8)
        options = [(tall, False)] if named else []
        options += [(short, False), (short, True)]
        for height, compact in options:
            laid = self._lay_rows(rows, area.width, compact)
            if len(laid) * (height + px(ROW_GAP)) - px(ROW_GAP) <= area.height:
                break
        names = height == tall
        fits = max(1, (area.height + px(ROW_GAP)) // (height + px(ROW_GAP)))
        first, shown = _window(len(laid), fits, self._focus_row(laid))
        # The tickets on the rows not shown are counted on a line of their own, first.
        above = sum(len(row) for row in laid[:first])
        below = sum(len(row) for row in laid[first + shown:])
        y = area.top
        pitch = height + px(ROW_GAP)
        if above or below:
            self._draw_more(surface, above, below, pygame.Rect(area.left, y, area.width,
                                                               height))
            y += pitch
        for row in laid[first:first + shown]:
            self.checkin_grid.append([normalise_serial(t.serial) for t, _ in row])
            self._draw_row(surface, row, area, y, height, compact, names)
            y += pitch

    def _lay_rows(self, rows: list[list[Ticket]], width: int, compact: bool
                  ) -> list[list[tuple[Ticket, bool]]]:
        """The screen's rows: the controller's (a strip each), or, `compact`, as many
        strips on one as fit; each ticket with whether its strip begins at it."""
        if not compact:
            return [[(t, i == 0) for i, t in enumerate(row)] for row in rows]
        laid: list[list[tuple[Ticket, bool]]] = []
        used = 0
        for row in rows:
            need = self._strip_width(row)
            if laid and used + need <= width:
                laid[-1] += [(t, i == 0) for i, t in enumerate(row)]
                used += need
            else:
                laid.append([(t, i == 0) for i, t in enumerate(row)])
                used = need
        return laid

    def _strip_width(self, row: list[Ticket]) -> int:
        """How wide a strip is in a compact row: its number, its places, a gap after."""
        assert self._layout is not None
        px = self._layout.px
        size = px(SERIAL_SIZE)
        strip = strip_of(row[0].serial)
        if strip is None:
            return sum(self.text.width(t.serial, size, True, rtl=False) + px(40) for t in row)
        label = self.text.width(strip, size, True, rtl=False) + px(14)
        return label + len(row) * (self._place_width() + px(PLACE_GAP)) + px(28)

    def _place_width(self) -> int:
        assert self._layout is not None
        px = self._layout.px
        return self.text.width("6", px(SERIAL_SIZE), True, rtl=False) + px(22)

    def _focus_row(self, laid: list[list[tuple[Ticket, bool]]]) -> int:
        """The row the list must show: the pick's, else the last ticket in's, else the last."""
        c = self.controller
        for want in (c.checkin_pick, c.checkin_latest):
            for i, row in enumerate(laid):
                if any(normalise_serial(t.serial) == want for t, _ in row):
                    return i
        return len(laid) - 1

    def _draw_row(self, surface: pygame.Surface, row: list[tuple[Ticket, bool]],
                  area: pygame.Rect, y: int, height: int, compact: bool, names: bool) -> None:
        """One row of plates, from the start edge (the right in Persian)."""
        assert self._layout is not None
        px = self._layout.px
        size = px(SERIAL_SIZE)
        plate_w = (area.width - (6 - 1) * px(PLATE_GAP)) // 6
        x = 0  # from the row's start edge
        for ticket, starts in row:
            strip = strip_of(ticket.serial)
            if compact and strip is not None:
                if starts:
                    if x:
                        x += px(28) - px(PLACE_GAP)
                    label_w = self.text.width(strip, size, True, rtl=False)
                    box = self._placed(area, x, y, label_w, height)
                    self._serial_text(surface, strip, TEXT, box, f"checkin|strip|{strip}")
                    x += label_w + px(14)
                width = self._place_width()
                label = ticket.serial.rsplit("-", 1)[1]
            else:
                width = plate_w if not compact else \
                    self.text.width(ticket.serial, size, True, rtl=False) + px(40)
                label = ticket.serial
            box = self._placed(area, x, y, width, height)
            self._draw_plate(surface, ticket, box, label, names)
            x += width + px(PLACE_GAP if compact and strip is not None else PLATE_GAP)

    def _placed(self, area: pygame.Rect, x: int, y: int, width: int, height: int
                ) -> pygame.Rect:
        """A box `x` from the row's start edge (mirrored in Persian)."""
        box = pygame.Rect(area.left + x, y, width, height)
        return box if not self.rtl else pygame.Rect(area.right - x - width, y, width, height)

    def _draw_plate(self, surface: pygame.Surface, ticket: Ticket, box: pygame.Rect,
                    label: str, names: bool) -> None:
        """A ticket's plate: its serial (or place), and with `names` (tall plates) a line
        under it with who holds it and, for a ticket a phone took, a small phone."""
        assert self._layout is not None
        px = self._layout.px
        c = self.controller
        key = normalise_serial(ticket.serial)
        picked = key == c.checkin_pick
        fill, ink = (PLATE_PICKED, PICKED_TEXT) if picked else (PLATE, PLATE_TEXT)
        radius = px(12)
        pygame.draw.rect(surface, fill, box, border_radius=radius)
        if key == c.checkin_latest and not picked:
            pygame.draw.rect(surface, LATEST_FRAME, box, width=px(4), border_radius=radius)
        inside = box.inflate(-2 * px(8), -2 * px(4))
        line = px(PLATE_LINE)
        name = c.holder(ticket) if names else None
        phone = c.is_phone_ticket(ticket)
        lower = names and (name is not None or phone)
        serial_box = pygame.Rect(inside.left, inside.top, inside.width,
                                 line if lower else inside.height)
        self._serial_text(surface, label, ink, serial_box, f"checkin|ticket|{ticket.serial}")
        if not lower:
            if phone:  # short plates: beside the serial, where there is room
                serial = self.checkin_drawn[f"checkin|ticket|{ticket.serial}"].rect
                room = serial.left - box.left if not self.rtl else box.right - serial.right
                width, gap = self._phone_size()
                if room >= width + gap + px(4):
                    x = serial.left - gap - width if not self.rtl else serial.right + gap
                    self._phone_sign(surface, ticket, x, serial.centery, ink)
            return
        row = pygame.Rect(inside.left, serial_box.bottom, inside.width,
                          inside.bottom - serial_box.bottom)
        if not phone:
            assert name is not None
            self._name_text(surface, name, ink, row, f"checkin|name|{ticket.serial}")
            return
        # The phone, then the name (cut short to fit), centred together on the line.
        width, gap = self._phone_size()
        size = px(SERIAL_SIZE)
        room = row.width - width - gap
        name_w = 0 if not name else \
            min(self.text.width(name, size, rtl=has_arabic(name)), room)
        group = width + (gap + name_w if name else 0)
        start = row.centerx - group // 2  # the group's left edge
        if self.rtl:  # the phone at the start edge: the right
            self._phone_sign(surface, ticket, start + group - width, row.centery, ink)
            name_box = pygame.Rect(start, row.top, name_w, row.height)
        else:
            self._phone_sign(surface, ticket, start, row.centery, ink)
            name_box = pygame.Rect(start + width + gap, row.top, name_w, row.height)
        if name:
            self._name_text(surface, name, ink, name_box, f"checkin|name|{ticket.serial}")

    def _phone_size(self) -> tuple[int, int]:
        """How wide the phone sign is, and the gap beside it."""
        assert self._layout is not None
        px = self._layout.px
        return px(PHONE_SIGN_HEIGHT) * 11 // 20, px(8)

    def _phone_sign(self, surface: pygame.Surface, ticket: Ticket, x: int, centre_y: int,
                    colour: Colour) -> None:
        """A small phone, its left edge at `x`, centred on `centre_y`: a phone took this
        ticket, so its holder claims from the phone, with no paper to scan."""
        assert self._layout is not None
        px = self._layout.px
        width, _ = self._phone_size()
        body = pygame.Rect(x, 0, width, px(PHONE_SIGN_HEIGHT))
        body.centery = centre_y
        thick = max(2, px(3))
        pygame.draw.rect(surface, colour, body, width=thick, border_radius=max(2, width // 4))
        speaker = pygame.Rect(0, 0, width // 3, thick)
        speaker.midtop = (body.centerx, body.top + 2 * thick)
        pygame.draw.rect(surface, colour, speaker)
        pygame.draw.circle(surface, colour, (body.centerx, body.bottom - 2 * thick - 1), thick)
        self.checkin_drawn[f"checkin|phone|{ticket.serial}"] = TextDrawn("", 0, colour, body)

    def _serial_text(self, surface: pygame.Surface, text: str, colour: Colour,
                     box: pygame.Rect, key: str) -> None:
        """A serial (or a strip's number, a place) as printed: Latin digits, left to right,
        centred in `box`."""
        assert self._layout is not None
        size = self._layout.px(SERIAL_SIZE)
        image = self.text.render(text, size, colour, True, rtl=False)
        spot = surface.blit(image, image.get_rect(center=box.center))
        self.checkin_drawn[key] = TextDrawn(text, size, colour, spot, True)

    def _name_text(self, surface: pygame.Surface, name: str, colour: Colour,
                   box: pygame.Rect, key: str) -> None:
        """Who holds a ticket, at the reading size in its own direction, cut short with
        "…" where it is wider than the plate (a name is never drawn smaller)."""
        assert self._layout is not None
        size = self._layout.px(SERIAL_SIZE)
        rtl = has_arabic(name)
        shown = name
        while len(shown) > 1 and self.text.width(shown, size, rtl=rtl) > box.width:
            shown = shown[:-2].rstrip() + "…"
        image = self.text.render(shown, size, colour, rtl=rtl)
        if image.get_width() > box.width:  # one letter and "…" wider than a plate
            image = image.subsurface(pygame.Rect(0, 0, box.width, image.get_height()))
        spot = surface.blit(image, image.get_rect(center=box.center))
        self.checkin_drawn[key] = TextDrawn(shown, size, colour, spot)

    def _draw_more(self, surface: pygame.Surface, above: int, below: int,
                   rect: pygame.Rect) -> None:
        """How many tickets are on the rows not shown, above and below."""
        parts = [self.tr(key, count=count) for key, count in
                 (("checkin.more_above", above), ("checkin.more_below", below)) if count]
        self._draw_text(surface, " · ".join(parts), READ_SIZE, TEXT, rect, align="center",
                        key="checkin|more")


def _window(rows: int, fits: int, focus: int) -> tuple[int, int]:
    """Which rows of `rows` to show in `fits` slots so that `focus` is among them: (first,
    how many). When not all fit, one slot counts the tickets of the others."""
    if rows <= fits:
        return 0, rows
    shown = max(1, fits - 1)
    return min(max(0, focus - shown + 1), rows - shown), shown

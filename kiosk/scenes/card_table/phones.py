"""The phones panel of a card table: a QR code for each free seat, and who holds each.

Mixed into `kiosk.scenes.card_table.scene.CardTableScene`. Its key (`Action.PHONES`, J by
default) or the panel's Phones button opens it over the table (the table holds
meanwhile). Each seat has a column: its name, who plays it now (a phone with the
player's name, a person at the TV, the computer) and, while no phone holds it, the QR
code of its join address ("Scan to take South"). Left and right choose a seat; select changes it: a
phone's seat comes back to the TV, a seat at the TV goes to the computer, the
computer's to the TV. The hub (`kiosk.phones.hub.PhoneHub`, the scene's `phones`) makes
the join codes; with phones off the key says so. The table's painter
(`kiosk.scenes.card_table.paint.TablePainter`) lays the panel's piece over the table.
"""

from __future__ import annotations

from typing import Any

import pygame

from kiosk import theme
from kiosk.config import Action
from kiosk.phones.names import Name
from kiosk.phones.qr import qr_surface
from kiosk.scenes.card_table.layout import SEAT_NAMES, Layout
from kiosk.scenes.card_table.pieces import READ, Piece
from kiosk.table.seats import BotSeat, PersonAtTV
from kiosk.theme import ACCENT, CURSOR, TEXT, TEXT_DIM

CLOSES = (Action.BACK, Action.PHONES)


class PhonesPanel:
    """The panel's state and drawing (see the module docstring)."""

    phones: Any = None  # the kiosk's PhoneHub (None: phones are off)
    phones_open = False
    phones_cursor = 0
    _qr_cache: dict[tuple[str, int], pygame.Surface]

    def phones_key(self, action: Action | None, now: float) -> bool:
        """Keys while the panel is open, and its own key; True if the panel took it."""
        if action is Action.PHONES and not self.phones_open:
            if self.phones is None:
                self._say("phones_off", now, warn=True)  # type: ignore[attr-defined]
                return True
            self.phones_open = True
            self.phones_cursor = 0
            return True
        if not self.phones_open:
            return False
        players = self.players  # type: ignore[attr-defined]
        if action in CLOSES:
            self.phones_open = False
        elif action in (Action.LEFT, Action.UP):
            self.phones_cursor = (self.phones_cursor - 1) % players
        elif action in (Action.RIGHT, Action.DOWN):
            self.phones_cursor = (self.phones_cursor + 1) % players
        elif action in (Action.SELECT, Action.CLAIM, Action.NEXT):
            self.switch_seat(self.phones_cursor)
        return True

    def switch_seat(self, seat: int) -> None:
        """The host changes who plays `seat`: a phone's or the computer's seat comes to the
        TV, a seat at the TV goes to the computer."""
        table = self.table  # type: ignore[attr-defined]
        source = table.seats[seat]
        if source.at_tv:
            self.give_seat(seat, BotSeat(table.bot_at(table.level)))
        else:
            self.give_seat(seat, PersonAtTV())

    def give_seat(self, seat: int, source: Any) -> None:
        """`seat` is played by `source` from now on (a phone joined, the host moved it)."""
        self.table.reseat(seat, source)  # type: ignore[attr-defined]
        self._full = True
        self._aim_cursor()  # type: ignore[attr-defined]

    def who_plays(self, seat: int) -> str:
        source = self.table.seats[seat]  # type: ignore[attr-defined]
        name = getattr(source, "name", None)
        if source.person and not source.at_tv and name:
            return self.word("phones.on_phone", player=Name(name))  # type: ignore[attr-defined]
        return self.word("person" if source.person else "computer")  # type: ignore

    def _qr(self, text: str, side: int) -> pygame.Surface:
        cache = self.__dict__.setdefault("_qr_cache", {})
        key = (text, side)
        if key not in cache:
            if len(cache) > 32:
                cache.clear()
            cache[key] = qr_surface(text, side)
        return cache[key]

    def _phones_piece(self, layout: Layout) -> Piece:
        px, rtl = layout.px, self.rtl  # type: ignore[attr-defined]
        # Across the whole screen, below the plates (the side panel too, while it is
        # open): at five seats a column's seat name and QR code need a fifth of that.
        rect = pygame.Rect(layout.safe.left, layout.overlay.top, layout.safe.width,
                           layout.overlay.height)
        players = self.players  # type: ignore[attr-defined]
        word = self.word  # type: ignore[attr-defined]
        columns = []
        for seat in range(players):
            url = self.phones.join_url(seat) if self.phones is not None else None
            name = word(f"seats.{SEAT_NAMES[players][seat]}")  # "South", never "You"
            columns.append((name, self.who_plays(seat), url))
        title = word("phones.title")
        footer = word("phones.help")
        cursor = self.phones_cursor
        look = (tuple(columns), cursor, title, footer, rtl)

        def paint(surface: pygame.Surface) -> None:
            theme.overlay_box(surface, rect, px)
            inner = rect.inflate(-px(40), -px(30))
            head = pygame.Rect(inner.left, inner.top, inner.width, px(70))
            self._line(surface, "phones|title", "title", title, px(48), ACCENT,  # type: ignore
                       head, align="center", bold=True)
            foot = pygame.Rect(inner.left, inner.bottom - px(50), inner.width, px(50))
            self._line(surface, "phones|help", "help", footer, px(READ), TEXT_DIM,  # type: ignore
                       foot, align="center")
            body = pygame.Rect(inner.left, head.bottom + px(10), inner.width,
                               foot.top - head.bottom - px(20))
            width = body.width // players
            order = range(players - 1, -1, -1) if rtl else range(players)
            for place, seat in enumerate(order):
                name, who, url = columns[seat]
                box = pygame.Rect(body.left + place * width, body.top, width, body.height)
                box = box.inflate(-px(16), 0)
                if seat == cursor:
                    pygame.draw.rect(surface, CURSOR, box, width=px(5), border_radius=px(16))
                row = pygame.Rect(box.left + px(10), box.top + px(8), box.width - px(20), px(56))
                self._line(surface, f"phones|name{seat}", "name", name, px(READ), TEXT,  # type: ignore
                           row, align="center", bold=True)
                row = row.move(0, px(60))
                self._line(surface, f"phones|who{seat}", "who", who, px(READ), ACCENT,  # type: ignore
                           row, align="center", clip=True)
                if url is None:
                    continue
                # The code alone under its seat's name: the title says what it is for
                # (a caption under each said it again, too small to read at five seats).
                side = min(box.width - px(30), box.bottom - row.bottom - px(40))
                if side < px(120):
                    continue
                code = self._qr(url, side)
                spot = code.get_rect(midtop=(box.centerx, row.bottom + px(20)))
                surface.blit(code, spot)
        return Piece("phones", rect, look, paint)

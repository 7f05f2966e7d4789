"""How the Takhteh Nard side panel, its help line and the boxes over the table are painted.

`PanelPainter` gives the panel's parts (`Piece`s: the title and the way of playing, each
player's card, the match line, the prompt, the choice buttons, the tools), each with what
it shows, so that a frame paints only those that changed; it draws the help line under the
board (the keys and what they do, cut into rows only between pairs) and the boxes laid
over the board and the panel both: the modes menu, and the IDs with the field to set a
position up. It reads the scene and changes none of it.
"""

from __future__ import annotations

from dataclasses import replace

import pygame

from engines.backgammon.rules import Board
from kiosk import theme
from kiosk.games.backgammon.layout import HELP_ROW, INFO_ROW, TOOLS, Layout
from kiosk.games.backgammon.paint import (
    CARD,
    MENU,
    OVERLAY_ROW,
    READ,
    SMALL,
    WARN,
    Lines,
    SceneView,
    draw_checker,
)
from kiosk.phones.qr import qr_surface
from kiosk.scenes.card_table.pieces import HelpPair, Piece, draw_pair, pair_width, wrap_pairs
from kiosk.theme import (
    ACCENT,
    BACKGROUND,
    CURSOR,
    GOOD,
    OVERLAY,
    PANEL,
    TEXT,
    TEXT_DIM,
    safe_area,
)

MENU_ROW_MIN = 60  # the closest the menu's rows come (the text stays 40 px)
MENU_W = 1300  # the modes menu, over the board and the panel: its longest row at full size
IDS_W = 1400  # the IDs box, likewise: an XGID on one line at READ
PAIR_GAP = 30  # between the help line's pairs
PROMPT_LEADING = 1.4  # three lines of SMALL text fill the prompt's place

ButtonSpot = tuple[pygame.Rect, str]  # where a choice button lies, and what it does


class PanelPainter:
    """Draws the scene's side panel, its help line and the box over the table (the modes
    menu or the IDs). It reads the scene; it changes nothing of it (the lines a player
    reads go into `lines`)."""

    def __init__(self, scene: SceneView, lines: Lines) -> None:
        self.scene = scene
        self.lines = lines

    @staticmethod
    def over_area(layout: Layout) -> pygame.Rect:
        """Where a box over the whole table may lie: across the safe area, from the board's
        top to just above the panel's tools (they still take a touch), the help line clear."""
        safe = safe_area(layout.size)
        bottom = layout.tools[0].top - layout.px(16)
        return pygame.Rect(safe.left, layout.board.top, safe.width, bottom - layout.board.top)

    def menu_look(self, layout: Layout) -> tuple[theme.MenuLook, pygame.Rect]:
        """The modes menu's look (its rows' pitch) and its box over the table."""
        scene = self.scene
        px, area = layout.px, self.over_area(layout)
        look = MENU
        # The ways to play and the rule variants make more rows than fit at their full
        # pitch: the rows close up (never below MENU_ROW_MIN) so every one is shown.
        while (theme.menu_height(look, scene.menu_size, px) > area.height
               and look.row > MENU_ROW_MIN):
            look = replace(look, row=look.row - 2)
        box = pygame.Rect(0, 0, min(area.width, px(MENU_W)),
                          min(area.height, theme.menu_height(look, scene.menu_size, px)))
        box.center = area.center
        return look, box

    def ids_box(self, layout: Layout) -> pygame.Rect:
        """The IDs box over the table, as tall as its lines."""
        px, area = layout.px, self.over_area(layout)
        width = min(area.width, px(IDS_W))
        ask, said = self._ids_text(layout, width - 2 * px(60))
        count = 1 + 3 + len(ask) + 1 + len(said)
        box = pygame.Rect(0, 0, width, min(area.height,
                                           count * px(OVERLAY_ROW) + px(40) + px(60)))
        box.center = area.center
        return box

    def over_box(self, layout: Layout) -> pygame.Rect | None:
        """The box over the table now (None: none open)."""
        scene = self.scene
        if scene.menu_open:
            return self.menu_look(layout)[1]
        if scene.ids_open:
            return self.ids_box(layout)
        if scene.phones_open:
            return self.phones_box(layout)
        return None

    def phones_box(self, layout: Layout) -> pygame.Rect:
        """The phones box: across the table, as tall as the board (the help line clear)."""
        area = self.over_area(layout)
        return pygame.Rect(area.left, area.top, area.width, layout.board.height)

    def over(self, surface: pygame.Surface, layout: Layout) -> list[pygame.Rect] | None:
        """The box over the table on a plain ground over its whole area: no line of the
        board or the panel shows cut at its edges. Returns the menu's rows (None: the IDs
        are shown)."""
        scene = self.scene
        ground = self.over_area(layout) if scene.menu_open or scene.ids_open else \
            self.phones_box(layout)
        pygame.draw.rect(surface, BACKGROUND, ground)
        if scene.menu_open:
            return self._menu(surface, layout)
        if scene.ids_open:
            self._ids(surface, layout)
        elif scene.phones_open:
            self._phones(surface, layout)
        return None

    def _phones(self, surface: pygame.Surface, layout: Layout) -> None:
        """The phones box: each side's name, who plays it, and the QR code of its join
        address while no phone holds it; the side the cursor is on framed."""
        scene = self.scene
        write, px, tr = self.lines.line, layout.px, scene.tr
        box = self.phones_box(layout)
        theme.overlay_box(surface, box, px, MENU.radius)
        self.lines.forget("phones|")
        inner = box.inflate(-px(60), -px(40))
        head = pygame.Rect(inner.left, inner.top, inner.width, px(OVERLAY_ROW))
        write(surface, "phones|title", "overlay", tr("table.phones.title"), px(READ), ACCENT,
              head, align="center", bold=True)
        foot = pygame.Rect(inner.left, inner.bottom - px(OVERLAY_ROW), inner.width,
                           px(OVERLAY_ROW))
        write(surface, "phones|help", "overlay", tr("backgammon.phone.help"), px(READ),
              TEXT_DIM, foot, align="center")
        body = pygame.Rect(inner.left, head.bottom + px(10), inner.width,
                           foot.top - head.bottom - px(20))
        half = body.width // 2
        for seat, (name, who, url) in enumerate(scene.phones_columns()):
            place = 1 - seat if scene.rtl else seat
            column = pygame.Rect(body.left + place * half, body.top, half, body.height)
            column = column.inflate(-px(16), 0)
            if seat == scene.phones_cursor:
                pygame.draw.rect(surface, CURSOR, column, width=px(5), border_radius=px(16))
            row = pygame.Rect(column.left + px(10), column.top + px(8), column.width - px(20),
                              px(OVERLAY_ROW))
            write(surface, f"phones|name{seat}", "overlay", name, px(READ), TEXT, row,
                  align="center", bold=True)
            row = row.move(0, px(OVERLAY_ROW))
            write(surface, f"phones|who{seat}", "overlay", who, px(READ), ACCENT, row,
                  align="center")
            side = min(column.width - px(40), column.bottom - row.bottom - px(30))
            if url is not None and side >= px(120):
                code = qr_surface(url, side)
                surface.blit(code, code.get_rect(midtop=(column.centerx, row.bottom + px(20))))

    def _menu(self, surface: pygame.Surface, layout: Layout) -> list[pygame.Rect]:
        """The modes menu; returns where its rows lie (a touch on one picks it)."""
        scene = self.scene
        px = layout.px
        look, box = self.menu_look(layout)
        rows = theme.menu_rows(box, look, scene.menu_size, px)
        theme.modes_menu(scene.text, surface, box, look, px, scene.rtl,
                         scene.tr("backgammon.choose_mode"), scene.menu_lines(), scene.menu_index)
        return rows

    def parts(self, layout: Layout) -> tuple[list[Piece], list[ButtonSpot]]:
        """The panel's parts, top to bottom, each with what it shows (its look) and how to
        paint it: the title, each player's card, the match line, the prompt, the choice
        buttons and the tools. A frame repaints only the parts whose look changed. With
        them, where each choice button lies and what it does."""
        scene = self.scene
        px, rtl, tr = layout.px, scene.rtl, scene.tr
        board = scene.shown_board()
        parts: list[Piece] = []
        title = layout.title.union(layout.mode)
        mode_text = scene.mode_text()

        def head(surface: pygame.Surface) -> None:
            scene.text.draw(surface, tr("backgammon.title"), px(60), ACCENT, layout.title,
                            bold=True, rtl=rtl)
            scene.text.draw(surface, mode_text, px(SMALL), TEXT_DIM, layout.mode, rtl=rtl)

        parts.append(Piece("head", title, (tr("backgammon.title"), mode_text, rtl), head))
        for player in (0, 1):
            on_turn = scene.state.turn == player and scene.result is None
            look = (scene.name(player), scene.role(player), board.pips(player), on_turn, rtl,
                    tr.lang)
            parts.append(Piece(f"card{player}", layout.cards[player], look,
                              lambda surface, p=player: self._card(surface, layout, p,
                                                                   board)))
        info = tuple(scene.info_parts())

        def match(surface: pygame.Surface) -> None:
            lines = scene.info_lines(px(SMALL), layout.info.width)
            pitch = min(px(INFO_ROW), layout.info.height // max(1, len(lines)))
            top = layout.info.centery - pitch * len(lines) // 2
            for i, line in enumerate(lines):
                row = pygame.Rect(layout.info.left, top + i * pitch, layout.info.width, pitch)
                scene.text.draw(surface, line, px(SMALL), TEXT, row, align="center", rtl=rtl)

        parts.append(Piece("info", layout.info, (info, rtl), match))
        prompt = scene.prompt()
        # 44 px where it fits, never below 40: the place holds the longest prompt (an
        # offer to resign) in three lines of 40 px.
        parts.append(Piece("prompt", layout.prompt, (prompt, rtl), lambda surface:
                          scene.text.paragraph(surface, prompt, px(44), TEXT, layout.prompt,
                                               leading=PROMPT_LEADING, min_size=px(SMALL))))
        choices = scene.choices()
        shown = choices[: len(layout.buttons)]
        chosen = [name == "done" or (i == scene.choice % len(choices) and "done" not in choices)
                  for i, name in enumerate(shown)]
        rects = [layout.buttons[i] if len(choices) > 1 else layout.buttons[0].union(
            layout.buttons[1]) for i in range(len(shown))]
        spots = list(zip(rects, shown, strict=True))
        labels = tuple(tr(f"backgammon.buttons.{name}") for name in shown)

        def buttons(surface: pygame.Surface) -> None:
            for rect, label, lit in zip(rects, labels, chosen, strict=True):
                theme.button(scene.text, surface, rect, label, px(44), px, rtl, chosen=lit)

        parts.append(Piece("buttons", layout.buttons[0].union(layout.buttons[1]),
                          (labels, tuple(chosen), len(choices) > 1, rtl), buttons))
        parts.append(self._toolbox(layout))
        return parts, spots

    def _toolbox(self, layout: Layout) -> Piece:
        """The tool buttons: lit where the d-pad is or the tool is in use, veiled where one
        does nothing now."""
        scene = self.scene
        px, rtl, tr = layout.px, scene.rtl, scene.tr
        tools: list[tuple[pygame.Rect, str, bool, bool]] = []
        for i, name in enumerate(TOOLS):
            if name == "new_game" and not scene.modes:
                continue
            on = scene.tool == i or (name == "hint" and scene.hint_open) or (
                name == "ids" and scene.ids_open) or (name == "resign" and
                                                      scene.resigning is not None)
            tools.append((layout.tools[i], tr(f"backgammon.tools.{name}"), on,
                          scene.tool_enabled(name)))

        def toolbox(surface: pygame.Surface) -> None:
            for rect, label, on, enabled in tools:
                theme.button(scene.text, surface, rect, label, px(SMALL), px, rtl, chosen=on,
                             fill=BACKGROUND)
                if not enabled:  # it does nothing now: veiled
                    veil = pygame.Surface(rect.size, pygame.SRCALPHA)
                    veil.fill((*PANEL, 170))
                    surface.blit(veil, rect)

        box = layout.tools[0].unionall(layout.tools[1:])
        return Piece("tools", box, (tuple((label, on, enabled)
                                          for _, label, on, enabled in tools), rtl), toolbox)

    def _card(self, surface: pygame.Surface, layout: Layout, player: int, board: Board
              ) -> None:
        """A player's card: their name and role, their pips, a checker of their colour; lit
        while they are on turn."""
        scene = self.scene
        px, rtl = layout.px, scene.rtl
        card = layout.cards[player]
        on_turn = scene.state.turn == player and scene.result is None
        d = min(layout.checker, card.height - px(30))
        text_box = pygame.Rect(0, card.top + px(10), card.width - d - px(60),
                               2 * (card.height // 2 - px(6)))
        text_box.left = card.left + px(20) if rtl else card.left + d + px(40)
        theme.plate(scene.text, surface, card, CARD, px, rtl,
                    f"{scene.name(player)} · {scene.role(player)}",
                    scene.tr("backgammon.pips", pips=board.pips(player)), on_turn=on_turn,
                    text_box=text_box)
        cx = card.right - px(20) - d // 2 if rtl else card.left + px(20) + d // 2
        draw_checker(surface, scene.text, layout, player, (cx, card.centery), d)

    def help_rows(self, layout: Layout) -> list[list[HelpPair]]:
        """The help line cut into rows no wider than its place under the board, only ever
        between one (key, action) pair and the next."""
        scene = self.scene
        pairs = scene.help_pairs()
        widths = [pair_width(scene.text, pair, layout.px, scene.rtl) for pair in pairs]
        rows = wrap_pairs(widths, layout.help.width, layout.px(PAIR_GAP))
        return [[pairs[i] for i in row] for row in rows]

    def help(self, surface: pygame.Surface, layout: Layout, background: pygame.Surface
             ) -> None:
        """The help line under the board, on `background`."""
        scene = self.scene
        rect, px, rtl = layout.help, layout.px, scene.rtl
        surface.blit(background, rect, rect)
        self.lines.forget("help|")
        rows = self.help_rows(layout)
        pitch = px(HELP_ROW)
        top = rect.top + (rect.height - len(rows) * pitch) // 2
        n = 0
        for r, row in enumerate(rows):
            centre_y = top + r * pitch + pitch // 2
            widths = [pair_width(scene.text, pair, px, rtl) for pair in row]
            used = sum(widths) + px(PAIR_GAP) * (len(row) - 1)
            x = rect.centerx + used // 2 if rtl else rect.centerx - used // 2
            for pair, width in zip(row, widths, strict=True):
                left = x - width if rtl else x
                draw_pair(surface, scene.text, self.lines.line, f"help|{n}", pair, left,
                          centre_y, px, rtl)
                n += 1
                x = left - px(PAIR_GAP) if rtl else left + width + px(PAIR_GAP)

    def _ids_text(self, layout: Layout, width: int
                  ) -> tuple[list[str], list[tuple[str, bool]]]:
        """The IDs box's wrapped lines: what to type, and what became of the last ID (each
        with its direction: the engine's words are Latin)."""
        scene = self.scene
        px, tr = layout.px, scene.tr
        ask = scene.text.wrap(tr("backgammon.ids.enter"), px(READ), width, rtl=scene.rtl)
        said = [(line, scene.rtl) for line in scene.text.wrap(
            scene.ids_message, px(READ), width, rtl=scene.rtl)] if scene.ids_message else []
        if tr.lang == "en":  # the engine's own words: English, so on an English screen only
            said += [(line, False) for line in scene.text.wrap(
                scene.ids_detail, px(READ), width, rtl=False)]
        return ask, said

    def _ids(self, surface: pygame.Surface, layout: Layout) -> None:
        """The IDs box: the position's Position ID, Match ID and XGID (or why there are
        none), what to type, the field, and what became of the last ID entered."""
        scene = self.scene
        write, column = self.lines.line, self.lines.column
        px, tr = layout.px, scene.tr
        pitch = px(OVERLAY_ROW)
        box = self.ids_box(layout)
        ask, said = self._ids_text(layout, box.width - 2 * px(60))
        theme.overlay_box(surface, box, px, MENU.radius)
        self.lines.forget("ids|")
        inner = box.inflate(-px(60), -px(60))
        row = pygame.Rect(inner.left, inner.top, inner.width, pitch)
        write(surface, "ids|title", "overlay", tr("backgammon.ids.title"), px(READ), ACCENT,
              row, bold=True)
        ids = scene.ids()
        value_align = "start" if scene.rtl else "end"
        if ids is None:
            row = row.move(0, pitch)
            for i, line in enumerate(scene.text.wrap(tr("backgammon.ids.none"), px(READ),
                                                     row.width, rtl=scene.rtl)[:3]):
                write(surface, f"ids|none{i}", "overlay", line, px(READ), TEXT,
                      row.move(0, i * pitch))
            row = row.move(0, 2 * pitch)
        else:
            position, match, xgid = ids
            for key, value in (("position", position), ("match", match)):
                row = row.move(0, pitch)
                write(surface, f"ids|{key}|label", "overlay", tr(f"backgammon.ids.{key}"),
                      px(READ), TEXT_DIM, column(row, 0.0, 0.55))
                write(surface, f"ids|{key}", "overlay_id", value, px(READ), TEXT,
                      column(row, 0.55, 1.0), align=value_align, bold=True,
                      rtl=False)
            row = row.move(0, pitch)
            write(surface, "ids|xgid", "overlay_id", xgid, px(READ), TEXT, row,
                  align="center", bold=True, rtl=False)
        row = row.move(0, px(40))
        for i, line in enumerate(ask):
            row = row.move(0, pitch)
            write(surface, f"ids|ask{i}", "overlay", line, px(READ), TEXT_DIM, row)
        row = row.move(0, pitch)
        label = tr("backgammon.ids.field")
        label_w = scene.text.width(label, px(READ), True, scene.rtl)
        label_box = pygame.Rect(0, row.top, label_w, pitch)
        field = pygame.Rect(0, row.top + px(2), row.width - label_w - px(20), pitch - px(4))
        if scene.rtl:
            label_box.right, field.left = row.right, row.left
        else:
            label_box.left, field.right = row.left, row.right
        write(surface, "ids|field", "overlay", label, px(READ), TEXT, label_box, bold=True)
        pygame.draw.rect(surface, OVERLAY, field, border_radius=px(8))
        pygame.draw.rect(surface, ACCENT, field, width=px(3), border_radius=px(8))
        typed = scene.entry + "_"
        write(surface, "ids|entry", "overlay_id", typed, px(READ), TEXT,
              field.inflate(-px(24), 0), rtl=False,
              align="end" if scene.text.render(typed, px(READ), TEXT, False, False)
              .get_width() > field.width - px(24) else "start")
        for i, (line, rtl) in enumerate(said):
            row = row.move(0, pitch)
            write(surface, f"ids|message{i}", "overlay", line, px(READ),
                  GOOD if scene.ids_good else WARN, row, rtl=rtl)

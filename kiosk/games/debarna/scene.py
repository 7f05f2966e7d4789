"""The caller screen: the number just called, the board of 90, the countdown and claims.

Everything is measured from the surface size, so the screen lays out the same at
1280×720 and 1920×1080; in Persian the layout is mirrored (the number panel on the
right). The static parts are drawn once to a background; each frame redraws only the
regions the controller reports as changed, plus the countdown bar, and returns those
rectangles for `pygame.display.update`.

While a claim is open the claim panel covers the number panel and the start of the
board, and the board is drawn compacted beside it (same cell height, narrower
columns), so the called numbers stay in view next to the verdict.

Input and the order of drawing are here. The painting is in `kiosk.games.debarna.paint`
(the layout and the calling screen's parts), `kiosk.games.debarna.checkin_paint` (the
check-in panel) and `kiosk.games.debarna.verdict` (the claim panel); the names tests and
tools use are importable from here too.
"""

from __future__ import annotations

import pygame

from kiosk.config import Action
from kiosk.games.debarna.caller import CallerController, Changed, ClaimPhase
from kiosk.games.debarna.checkin_paint import CheckinPaint
from kiosk.games.debarna.paint import (
    CELL_LAST,
    CELL_OFF,
    CELL_OFF_TEXT,
    CELL_ON,
    LAST_FRAME,
    LEGEND_KEYS,
    LEGEND_SEP,
    LEGEND_SIZE,
    READ_SIZE,
    ROW_WIN,
    Layout,
    ScreenPaint,
    TextDrawn,
    VerdictDrawn,
    board_position,
    make_layout,
)
from kiosk.games.debarna.pot_paint import PotPaint
from kiosk.games.debarna.shop import NUMBERS_KEY
from kiosk.games.debarna.shop_paint import ShopPaint
from kiosk.games.debarna.verdict import ClaimPaint
from kiosk.i18n import Translator
from kiosk.text import TextRenderer
from kiosk.theme import ACCENT, BACKGROUND, PANEL, PANEL_EDGE, TEXT, TEXT_DIM

__all__ = [
    "CELL_LAST", "CELL_OFF", "CELL_OFF_TEXT", "CELL_ON", "LAST_FRAME", "LEGEND_KEYS",
    "LEGEND_SEP", "ROW_WIN", "CallerScene", "Layout", "TextDrawn", "VerdictDrawn",
    "board_position", "make_layout",
]


class CallerScene(ScreenPaint, CheckinPaint, ClaimPaint, ShopPaint, PotPaint):
    """Draws the controller's state and turns actions into controller calls."""

    def __init__(
        self, controller: CallerController, text: TextRenderer, tr: Translator
    ) -> None:
        super().__init__(controller, text, tr)
        self.request: str | None = None
        self._full = True
        self._claim_shown = False
        self._claim_due: tuple[str, ...] = ()  # the claim panel's parts for the next frames
        self._checkin_shown = False

    # -- input ----------------------------------------------------------------------------
    def handle(self, action: Action | None, typed: str, now: float) -> None:
        """One key press: the action it maps to (if any) and the character it types."""
        c = self.controller
        if c.claim_phase is ClaimPhase.ENTRY and c.claim_numbers is not None:
            self._numbers_key(action, typed, now)
            return
        if c.claim_phase is ClaimPhase.ENTRY and typed == NUMBERS_KEY:
            c.toggle_claim_numbers()  # check a card never registered by its numbers
            return
        if c.shop_draft is not None and c.claim_phase is ClaimPhase.CLOSED:
            self._card_key(action, typed, now)
            return
        if c.claim_phase is ClaimPhase.ENTRY:
            if action is Action.SELECT:
                c.check_claim(now)
            elif action is Action.BACK:
                c.cancel_claim(now)
            elif action is Action.ERASE:
                c.erase()
            elif typed and typed.strip():
                c.type_serial(typed)
            return
        if c.claim_phase is ClaimPhase.VERDICT and c.result is not None and c.result.unchecked:
            # A genuine ticket that was not checked in: the host decides with one key.
            if action is Action.SELECT:
                c.accept_unchecked(now)
            elif action is Action.BACK:
                c.refuse_unchecked(now)
            elif action in (Action.PAUSE, Action.NEXT):
                c.resume(now)  # refuses it, then calls on
            return
        if c.checking_in and c.claim_phase is ClaimPhase.CLOSED and typed == NUMBERS_KEY:
            c.open_card_draft()  # a shop set's card, typed in
            return
        if c.claim_phase is ClaimPhase.CLOSED and self._pot_key(action, now):
            return  # the prize pot's keys (F5, Page Up/Down, F6)
        if (c.checking_in and c.claim_phase is ClaimPhase.CLOSED
                and self._check_in_key(action, typed, now)):
            return
        if c.claim_phase is ClaimPhase.VERDICT:
            if action in (Action.SELECT, Action.PAUSE, Action.NEXT):
                c.resume(now)
            elif action is Action.CLAIM:
                c.open_claim(now)
            elif action is Action.BACK:
                c.cancel_claim(now)
            return
        if action is Action.PAUSE:
            c.toggle_pause(now)
        elif action in (Action.NEXT, Action.SELECT):
            c.next_number(now)
        elif action is Action.REPEAT:
            c.repeat_last(now)
        elif action is Action.CLAIM:
            c.open_claim(now)
        elif action is Action.NEW_HAND:
            c.new_hand(now)
        elif action is Action.BACK:
            if not c.paused and c.hand is not None and not c.hand.is_over:
                c.toggle_pause(now)
            self.request = "home"

    def _numbers_key(self, action: Action | None, typed: str, now: float) -> None:
        """Keys while the claim panel takes numbers: Enter checks them, Backspace takes back
        a digit, Esc (or * again) goes back to a serial."""
        c = self.controller
        if action is Action.SELECT:
            c.check_by_numbers(now)
        elif action is Action.BACK or typed == NUMBERS_KEY:
            c.toggle_claim_numbers()
        elif action is Action.ERASE:
            c.erase_claim_numbers()
        elif typed:
            c.type_claim_numbers(typed)

    def _card_key(self, action: Action | None, typed: str, now: float) -> None:
        """Keys while a shop card is typed in: numbers, Enter to check and then register,
        Backspace, Esc to close the panel."""
        c = self.controller
        if action is Action.SELECT:
            c.enter_card(now)
        elif action is Action.BACK:
            c.close_card_draft()
        elif action is Action.ERASE:
            c.erase_card()
        elif typed:
            c.type_card(typed)

    def _check_in_key(self, action: Action | None, typed: str, now: float) -> bool:
        """Keys at check-in: a serial (or a range) typed and Enter; the arrows pick a ticket
        and Backspace takes it out; Backspace with nothing typed or picked asks whether to
        empty the list; Enter answers what is asked, Esc puts it aside; Space starts
        calling."""
        c = self.controller
        if action is Action.SELECT:
            if c.checkin_text:
                c.check_in_typed(now)
            else:
                c.answer_checkin(now)
            return True
        if action is Action.ERASE:
            c.erase_checkin(now)
            return True
        if action in (Action.UP, Action.DOWN, Action.LEFT, Action.RIGHT):
            # Left and right go along the list as it reads: from the right in Persian.
            on = {Action.LEFT: -1, Action.RIGHT: 1}.get(action, 0) * (-1 if self.rtl else 1)
            rows = {Action.UP: -1, Action.DOWN: 1}.get(action, 0)
            c.move_pick(rows, on, self.checkin_grid)
            return True
        if action is Action.BACK:
            return c.dismiss_checkin()
        if action in (Action.PAUSE, Action.NEW_HAND, Action.CLAIM):
            return False
        if typed and typed.strip():
            c.type_checkin(typed)
            return True
        return False

    def click(self, pos: tuple[int, int], now: float) -> None:
        """A click or touch: on the ball it pauses or resumes."""
        if self._layout is not None and self._layout.ball.collidepoint(pos):
            self.handle(Action.PAUSE, "", now)

    def update(self, now: float) -> None:
        self.controller.update(now)

    def invalidate(self) -> None:
        """Draw everything again on the next frame (after a resize or scene switch)."""
        self._full = True

    # -- the static background --------------------------------------------------------------
    def _build(self, size: tuple[int, int]) -> None:
        layout = make_layout(size, self.rtl)
        self._layout = layout
        bg = pygame.Surface(size).convert() if pygame.display.get_init() and \
            pygame.display.get_surface() is not None else pygame.Surface(size)
        bg.fill(BACKGROUND)
        radius = layout.px(22)
        pygame.draw.rect(bg, PANEL, layout.side, border_radius=radius)
        pygame.draw.rect(bg, PANEL_EDGE, layout.side, width=layout.px(2), border_radius=radius)
        pygame.draw.rect(bg, PANEL, layout.board, border_radius=radius)
        pygame.draw.rect(bg, PANEL_EDGE, layout.board, width=layout.px(2), border_radius=radius)
        self._draw_text(bg, self.tr("caller.title"), 60, ACCENT, layout.title, bold=True)
        for number, rect in layout.cells.items():
            self._draw_cell(bg, number, rect, lit=False, last=False)
        legend = LEGEND_SEP.join(self.tr(f"legend.{k}") for k in LEGEND_KEYS)
        self._draw_text(bg, legend, LEGEND_SIZE, TEXT, layout.legend, align="center",
                        key="legend")
        self._draw_text(bg, self.tr("caller.last_calls"), READ_SIZE, TEXT_DIM,
                        layout.last_label, align="center")
        self._background = bg
        self._claim_background = self._build_claim_background(bg, layout)
        # A claim's first verdict is drawn in one frame: its fonts are warmed before, in
        # the frames between calls (TextRenderer.want).
        self.text.want(dict.fromkeys(self._verdict_sizes(layout)))
        self._bar_width = None

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, now: float) -> list[pygame.Rect]:
        """Bring the screen up to date; returns the rectangles that were drawn."""
        size = surface.get_size()
        changes = self.controller.take_changes()
        if self._layout is None or self._layout.size != size:
            self._build(size)
            self._full = True
        dirty: list[pygame.Rect] = []
        c = self.controller
        # A shop card being typed in takes the claim panel's place.
        claim_open = c.claim_phase is not ClaimPhase.CLOSED or c.shop_draft is not None
        if self._claim_shown and not claim_open:
            self._full = True  # the number panel and the full board come back
        checking = c.checking_in and not claim_open
        if self._checkin_shown and not checking:
            self._full = True  # the check-in panel gives the board back
            self._checkin_shown = False

        if self._full:
            self._full = False
            self._claim_shown = False
            surface.blit(self._background, (0, 0))
            changes = Changed.ALL
            dirty.append(surface.get_rect())
            if not claim_open:
                self._draw_board(surface)

        if Changed.STATUS in changes or Changed.HAND in changes:
            dirty += self._draw_status(surface, side=not claim_open and not c.pot_panel)
        if changes & (Changed.NOTICE | Changed.HAND):
            dirty.append(self._draw_notice(surface))

        if claim_open:
            # The claim panel covers the number panel; the board is shown compacted. A
            # claim that comes in while the board is up (a scan, a phone) has its panel's
            # words and card drawn in the next frame: the compact board and the verdict
            # together are more than a Raspberry Pi core draws in one frame's time.
            whole = Changed.ALL in changes
            if not self._claim_shown or changes & (Changed.NUMBER | Changed.HAND):
                dirty.append(self._draw_claim_view(surface, panel=whole))
                self._claim_shown = True
                self._claim_due = () if whole else ("head", "card")
            elif Changed.CLAIM in changes:
                dirty.append(self._draw_claim(surface))
                self._claim_due = ()
            elif self._claim_due:
                part, *rest = self._claim_due
                dirty.append(self._draw_claim(surface, part))
                self._claim_due = tuple(rest)
            return dirty

        if c.pot_panel:  # the prize pot's panel covers the number panel and the board
            if changes & (Changed.STATUS | Changed.CLAIM | Changed.HAND | Changed.NUMBER):
                dirty.append(self._draw_pot(surface))
            return dirty
        if changes & (Changed.NUMBER | Changed.REPEAT | Changed.HAND):
            dirty.append(self._draw_ball(surface))
        if changes & (Changed.NUMBER | Changed.HAND):
            dirty += self._draw_last_calls(surface)
        if changes & Changed.HAND or len(c.called) < self._shown_count:
            dirty.append(self._draw_board(surface))
        elif Changed.NUMBER in changes:
            dirty += self._draw_new_cells(surface)

        bar = self._draw_countdown(surface, now, force=bool(changes & Changed.STATUS))
        if bar is not None:
            dirty.append(bar)
        if checking and (not self._checkin_shown or changes & (
                Changed.STATUS | Changed.CLAIM | Changed.HAND | Changed.NUMBER)):
            dirty.append(self._draw_checkin(surface))
            self._checkin_shown = True
        return dirty


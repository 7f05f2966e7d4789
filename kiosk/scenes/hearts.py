"""The Bidel (Hearts) table: the hands, the trick, the scores, and turns from any button.

The scene draws the engine's game (`engines.hearts.rules`) and turns keys, clicks,
gamepads and each seat's own buttons into engine actions; whether a card may be
played is always the engine's answer (`GameState.why_illegal`), never the scene's.

The hand of the person whose decision it is is fanned at the bottom; the other seats
sit round the table by compass name (South is seat 0, then West, North, East:
seat s+1 sits on s's left) with their card backs, score and the points they have
taken this hand. Ways to play (`Mode`): one person against computers, pass and play
for several people with computers in the other seats (a privacy screen hides the
hand until the next person presses select), and a demo. The turn flow — the deal,
the computers, the turn's time limit (when it runs out the choice of the computer at
the table's level is played for the person), the privacy screen, the stop for the
scores — is the table controller's (`kiosk.table`); the scene animates what it is
told and turns what a person points at into an action. A played card
slides to the middle, a finished trick lies a moment and then slides to its winner,
and a score table follows each hand.

Drawing is by pieces: each frame the scene lists what is on screen (a card, a seat's
plate, the countdown…) with its rectangle and its look, and only the pieces whose
look or place changed are drawn again, clipped to their rectangles; the countdown
redraws its own small box once a second.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass

import pygame

from engines.cards.cards import Card, Suit
from engines.hearts.bots import Bot, Rng, make_bot
from engines.hearts.rules import (
    PASS_SIZE,
    R_BREAKING,
    R_FIRST_TRICK,
    R_FOLLOW,
    R_TWO_CLUBS,
    Deal,
    Direction,
    GameState,
    Pass,
    Phase,
    View,
)
from kiosk import theme
from kiosk.cards_draw import CardPainter, card_size, draw_pip
from kiosk.config import Action
from kiosk.i18n import Translator
from kiosk.scenes.modes import MENU_SELECTS, TableScene, forward
from kiosk.table.controller import Move, Pacing, TableController
from kiosk.table.games import HEARTS
from kiosk.table.seats import Mode, bots_of, seats_of
from kiosk.table.worker import Worker
from kiosk.text import TextRenderer
from kiosk.theme import ACCENT, BAD, CURSOR, GOOD, PANEL_EDGE, TEXT, TEXT_DIM, Colour

Point = tuple[float, float]

FELT: Colour = (30, 112, 76)
FELT_DARK: Colour = (14, 70, 48)
RIM: Colour = (82, 50, 30)
RIM_EDGE: Colour = (140, 96, 56)
PLATE = theme.PlateLook(fill=(12, 52, 36), edge=(74, 138, 104))  # a seat's theme.plate on the felt
MENU = theme.MenuLook()
RECEIVED: Colour = (96, 220, 140)

BOT_PAUSE = 0.9  # seconds before a computer plays, so people can follow
PASS_PAUSE = 0.4  # before a computer passes
DEAL_PAUSE = 0.6
SLIDE = 0.3  # a card's way to the middle
HOLD = 1.0  # a finished trick lies this long
COLLECT = 0.45  # then slides to its winner
NOTICE_SECONDS = 4.0
RESULT_PAUSE = 6.0  # a demo shows the scores this long before going on
TIMER_WARN = 10  # the countdown turns red below this many seconds

SEAT_NAMES: dict[int, tuple[str, ...]] = {
    3: ("south", "west", "east"),
    4: ("south", "west", "north", "east"),
    5: ("south", "west", "northwest", "northeast", "east"),
}
PLACES: dict[int, tuple[str, ...]] = {
    3: ("bottom", "left", "right"),
    4: ("bottom", "left", "top", "right"),
    5: ("bottom", "left", "top_left", "top_right", "right"),
}
# Where a seat's card lies in the trick (in card widths and heights from the middle)
# and how it is turned, so each card points to its player.
TRICK_SPOTS: dict[str, tuple[float, float, float]] = {
    "bottom": (0.0, 0.4, 0.0),
    "left": (-0.8, 0.0, 8.0),
    "top": (0.0, -0.4, -4.0),
    "right": (0.8, 0.0, -8.0),
    "top_left": (-0.45, -0.38, 4.0),
    "top_right": (0.45, -0.38, -4.0),
}
DISPLAY_SUITS = (Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES, Suit.HEARTS)  # the colours alternate
RULE_KEYS = {R_FOLLOW: "follow", R_BREAKING: "breaking", R_FIRST_TRICK: "first_trick",
             R_TWO_CLUBS: "two_clubs"}
SELECTS = MENU_SELECTS  # select, a claim button, next: each picks


def people_seats(players: int, people: int) -> tuple[int, ...]:
    """Where `people` people sit at a table of `players`: spread round it, South first."""
    return tuple(sorted({round(i * players / people) % players for i in range(people)}))


def display_order(cards: Sequence[Card]) -> list[Card]:
    """A hand as it is held: clubs, diamonds, spades, hearts (colours alternating), low to high."""
    return sorted(cards, key=lambda c: (DISPLAY_SUITS.index(c.suit), c.rank))


def _ease(f: float) -> float:
    f = min(1.0, max(0.0, f))
    return 1 - (1 - f) ** 3


def _lerp(a: Point, b: Point, f: float) -> Point:
    return (a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f)


@dataclass
class Played:
    """A card on its way to the trick or lying in it: whose, from where, and when."""

    seat: int
    card: Card
    start: Point | None  # where it left (None: the seat's place)
    angle: float
    at: float


@dataclass(frozen=True)
class Piece:
    """Something on screen: its rectangle, what it looks like, and how to draw it."""

    key: str
    rect: pygame.Rect
    look: tuple[object, ...]
    paint: Callable[[pygame.Surface], None]


@dataclass(frozen=True)
class Slot:
    """Where one card of the fanned hand lies: its centre and its turn (degrees)."""

    centre: Point
    angle: float


# -- layout -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Layout(theme.Scaled):
    """Every region of the screen for one size, direction and table size."""

    size: tuple[int, int]
    unit: float
    table: pygame.Rect
    felt: pygame.Rect
    panel: pygame.Rect
    centre: tuple[int, int]
    hand_card: tuple[int, int]
    trick_card: tuple[int, int]
    back_card: tuple[int, int]
    hand_y: int
    hand_room: int
    fan_radius: int
    anchors: dict[str, tuple[int, int]]
    plates: dict[str, pygame.Rect]
    title: pygame.Rect
    mode: pygame.Rect
    info: pygame.Rect
    prompt: pygame.Rect
    timer: pygame.Rect
    new_game: pygame.Rect
    hint: pygame.Rect
    pass_button: pygame.Rect
    pass_text: pygame.Rect
    toast: pygame.Rect
    overlay: pygame.Rect

    def slots(self, count: int) -> list[Slot]:
        """The fan of `count` cards: along an arc, each turned to follow it."""
        if count <= 0:
            return []
        w = self.hand_card[0]
        step = min(self.px(88), (self.hand_room - w) / max(1, count - 1))
        radius = self.fan_radius
        cx, pivot = self.felt.centerx, self.hand_y + radius
        out = []
        for i in range(count):
            theta = (i - (count - 1) / 2) * step / radius
            out.append(Slot((cx + radius * math.sin(theta), pivot - radius * math.cos(theta)),
                            -math.degrees(theta)))
        return out


def make_layout(size: tuple[int, int], rtl: bool, players: int) -> Layout:
    """The table on the start side of the screen, the panel beside it (on the left in Persian)."""
    width, height = size
    unit = theme.unit_of(size)
    px = theme.scaler(unit)

    margin = px(20)
    panel_w = px(400)
    table = pygame.Rect(margin, margin, width - panel_w - 3 * margin, height - 2 * margin)
    panel = pygame.Rect(table.right + margin, margin, panel_w, height - 2 * margin)
    if rtl:
        panel.left = margin
        table.left = panel.right + margin
    felt = table.inflate(-2 * px(16), -2 * px(16))
    hand_card = card_size(px(214))
    trick_card = card_size(px(172))
    back_card = card_size(px(88))
    hand_y = felt.bottom - px(14) - hand_card[1] // 2
    cy = felt.top + round(felt.height * 0.4)
    bh = back_card[1]
    side_y = cy - px(40)
    top_y = felt.top + px(16) + bh // 2
    spread = round(felt.width * 0.23) if players == 5 else 0
    anchors = {
        "bottom": (felt.centerx, hand_y),
        "left": (felt.left + px(36) + bh // 2, side_y),
        "right": (felt.right - px(36) - bh // 2, side_y),
        "top": (felt.centerx, top_y),
        "top_left": (felt.centerx - spread, top_y),
        "top_right": (felt.centerx + spread, top_y),
    }
    plate_w, plate_h = px(300), px(84)
    side_plate_y = side_y + px(170)
    plates = {
        "left": pygame.Rect(felt.left + px(16), side_plate_y, plate_w, plate_h),
        "right": pygame.Rect(felt.right - px(16) - plate_w, side_plate_y, plate_w, plate_h),
        "bottom": pygame.Rect(felt.centerx - plate_w // 2,
                              hand_y - hand_card[1] // 2 - px(52) - plate_h, plate_w, plate_h),
    }
    top_plate_x = felt.centerx + px(190) if not rtl else felt.centerx - px(190) - plate_w
    plates["top"] = pygame.Rect(top_plate_x, top_y - plate_h // 2, plate_w, plate_h)
    for place in ("top_left", "top_right"):
        x, y = anchors[place]
        plates[place] = pygame.Rect(x - plate_w // 2, y + bh // 2 + px(8), plate_w, plate_h)

    inside = panel.inflate(-2 * px(24), -2 * px(22))
    title = pygame.Rect(inside.left, inside.top, inside.width, px(84))
    mode = pygame.Rect(inside.left, title.bottom, inside.width, px(42))
    info = pygame.Rect(inside.left, mode.bottom + px(6), inside.width, px(84))
    prompt = pygame.Rect(inside.left, info.bottom + px(24), inside.width, px(230))
    timer = pygame.Rect(inside.left, prompt.bottom + px(30), inside.width, px(130))
    hint = pygame.Rect(inside.left, inside.bottom - px(110), inside.width, px(110))
    new_game = pygame.Rect(inside.left, hint.top - px(86), inside.width, px(70))
    pass_button = pygame.Rect(0, 0, px(280), px(80))
    pass_button.center = (felt.centerx, cy + px(96))
    pass_text = pygame.Rect(0, 0, px(760), px(60))
    pass_text.center = (felt.centerx, cy - px(110))
    toast = pygame.Rect(0, 0, px(740), px(104))
    toast.center = plates["bottom"].center
    # Overlays keep clear of the side plates and the top row; they may hide the bottom plate.
    top_row = max(plates[p].bottom for p in PLACES[players] if p.startswith("top")) \
        if players != 3 else felt.top + px(40)
    overlay = pygame.Rect(0, 0, plates["right"].left - plates["left"].right - px(48),
                          plates["bottom"].bottom - top_row - px(16))
    overlay.midtop = (felt.centerx, top_row + px(16))
    return Layout(
        size=size, unit=unit, table=table, felt=felt, panel=panel, centre=(felt.centerx, cy),
        hand_card=hand_card, trick_card=trick_card, back_card=back_card, hand_y=hand_y,
        hand_room=felt.width - 2 * px(110), fan_radius=px(2600), anchors=anchors,
        plates=plates, title=title, mode=mode, info=info, prompt=prompt,
        timer=timer, new_game=new_game, hint=hint, pass_button=pass_button,
        pass_text=pass_text, toast=toast, overlay=overlay,
    )


# -- the scene ----------------------------------------------------------------------------------


class HeartsScene(TableScene):
    """A game of Bidel between people and computers, on one screen.

    The turn flow is the table controller's (`self.table`); the scene lays out and draws
    the table, animates the cards, and turns what a person points at into an action.
    """

    def __init__(
        self,
        text: TextRenderer,
        tr: Translator,
        new_game: Callable[[], GameState],
        bots: Sequence[Bot | None],
        rng: Rng,
        *,
        modes: Sequence[Mode] = (),
        mode: str | None = None,
        on_action: Callable[[object], None] | None = None,
        turn_seconds: float = 40.0,
        level: str = "medium",
        level_bot: Callable[[str], Bot] = make_bot,
        pause: float = BOT_PAUSE,
        thinker: Executor | None = None,
    ) -> None:
        self._screen(text, tr, modes)
        self.painter = CardPainter(text)
        self._built_for: tuple[bool, int] | None = None
        self._shown: dict[str, tuple[pygame.Rect, tuple[object, ...]]] = {}
        self._buttons: list[tuple[pygame.Rect, str]] = []
        self._hand_slots: list[tuple[Card, Slot]] = []
        self.shown_hand: tuple[Card, ...] = ()  # the cards last drawn face up at the bottom
        self._now = 0.0
        self._updated: float | None = None
        # Computers think on the thinker (when given), off the frame loop; a person out of
        # time gets the choice of the computer at the table's level.
        self.table = TableController(
            new_game, seats_of(bots), rng, game=HEARTS,
            pacing=Pacing(computer=pause, chance=DEAL_PAUSE, phases=(("pass", PASS_PAUSE),),
                          result=RESULT_PAUSE),
            turn_seconds=turn_seconds, level=level, level_bot=level_bot,
            worker=Worker(thinker), on_action=on_action, listener=self, start=False)
        self.start(bots, mode)

    # -- starting ---------------------------------------------------------------------------
    def start(self, bots: Sequence[Bot | None], mode: str | None = None) -> None:
        """A new game with these seats (None: a person)."""
        self.table.start(seats_of(bots), *self._mode_and_level(bots, mode))

    def resume(self, state: GameState, bots: Sequence[Bot | None], mode: str) -> None:
        """Carry on with a game rebuilt after a restart."""
        self.table.resume(state, seats_of(bots), *self._mode_and_level(bots, mode))
        players = state.players
        leader = state.leader
        self.trick = [Played((leader + i) % players, card, None, 0.0, -1e9)
                      for i, card in enumerate(state.trick)]

    def _mode_and_level(self, bots: Sequence[Bot | None], mode: str | None) -> tuple[str, str]:
        key = mode or ("demo" if all(b is not None for b in bots) else "people")
        return key, self.level_of(key)

    def began(self) -> None:
        """The table has a new (or resumed) game: nothing moves, nothing is picked."""
        self.trick: list[Played] = []
        self.collect: tuple[int, float] | None = None  # (winner, when it starts to slide)
        self.picks: list[Card] = []
        self.cursor = 0
        self.notice: tuple[str, str | None, bool] | None = None  # (line, reason, warning)
        self._notice_until = 0.0
        self.menu_open = False
        self._aim_cursor()

    # -- what the table says ----------------------------------------------------------------
    viewer = forward("privacy.viewer", "The seat whose hand the screen shows (None: none).")
    privacy = forward("privacy.asking", "The seat asked for before their hand is shown.")
    orient = forward("privacy.orient", "The seat at the bottom of the screen.")
    table_open = forward("showing_result", "The score of the hand just finished is shown.")
    deadline = forward("clock.deadline", "When the person's time runs out (None: no clock).")
    turn_seconds = forward("clock.seconds", "A person's time for a turn (0: no limit).")

    @property
    def bots(self) -> tuple[Bot | None, ...]:
        return bots_of(self.table.seats)  # type: ignore[return-value]

    @property
    def players(self) -> int:
        return self.state.players

    def person_to_act(self) -> int | None:
        """The seat of the person who must pass or play now (None: a computer, a deal, the end)."""
        return self.table.person_to_act()

    def decision(self) -> int | None:
        """The seat whose person may act now with the keys: on turn, and their hand shown."""
        return None if self.menu_open else self.table.at_hand()

    def reveal(self) -> None:
        """The person asked for is ready: show their hand."""
        if self.table.reveal():
            self._aim_cursor()

    # -- what happens on the table ----------------------------------------------------------
    def applied(self, move: Move) -> None:
        """An action was applied (and journaled): animate it, say what needs saying."""
        action, now = move.action, move.now
        if move.person or move.timed_out:
            self._hurry(now)
        self.picks = []
        if isinstance(action, Pass | Deal):
            self.cursor = 0
        if isinstance(action, Card):
            start: Point | None = None
            angle = 0.0
            if move.seat == move.viewer:
                for card, slot in self._hand_slots:
                    if card is action:
                        start, angle = slot.centre, slot.angle
            self.trick.append(Played(move.seat, action, start, angle, now))
            state = self.state
            if not state.trick:
                done = state.last_tricks[-1] if move.finished else state.tricks[-1]
                assert done.winner is not None
                self.collect = (done.winner, now + SLIDE + HOLD)
        if isinstance(action, Pass) and self.state.phase is Phase.PLAY \
                and move.viewer is not None:
            giver = self.giver(move.viewer)
            if giver is not None:
                self._say("hearts.received", now, seat=self.seat_name(giver))
        if move.timed_out:
            self._say("hearts.timed_out", now, seat=self.seat_name(move.seat))
        self._aim_cursor()

    def showing(self, seat: int, action: object, shown: int) -> bool:
        return False  # a card or a pass is shown when it is made

    def giver(self, seat: int) -> int | None:
        """Who passed to `seat` this hand (None in a hand without passing)."""
        state = self.state
        if state.direction is Direction.NONE:
            return None
        return state.options.giver(seat, state.direction)

    def deal(self, now: float) -> None:
        self.table.roll(now)

    def fast_forward(self, done: Callable[[GameState], bool], limit: int = 2000) -> None:
        """Play on at once (computers' choices for every seat, no pauses) until `done`."""
        self.table.fast_forward(done, limit)
        self.collect = None
        self.trick = [p for p in self.trick if p.card in self.state.trick]

    # -- what a person may choose -------------------------------------------------------------
    def hand(self) -> list[Card]:
        """The cards at the bottom of the screen, in the order they are drawn."""
        return display_order(self.state.view(self.orient).hand)

    def _aim_cursor(self) -> None:
        seat = self.person_to_act()
        if seat is None or seat != self.viewer:
            return
        hand = self.hand()
        if self.state.phase is Phase.PLAY:
            legal = set(self.state.legal_cards(seat))
            self.cursor = next((i for i, c in enumerate(hand) if c in legal), 0)
        else:
            self.cursor = min(self.cursor, max(0, len(hand) - 1))

    def toggle(self, card: Card, now: float | None = None) -> bool:
        """Pick a card to pass, or put it back; a fourth is refused. False if nothing changed."""
        now = self._now if now is None else now
        if self.decision() is None or self.state.phase is not Phase.PASS:
            return False
        if card in self.picks:
            self.picks.remove(card)
            return True
        if card not in self.hand():
            return False
        if len(self.picks) >= PASS_SIZE:
            self._say("hearts.three_only", now, warn=True)
            return False
        self.picks.append(card)
        if len(self.picks) == PASS_SIZE:
            self.cursor = len(self.hand())  # on to the Pass button
        return True

    def confirm_pass(self, now: float | None = None) -> bool:
        """Pass the three cards picked; nothing happens with fewer."""
        now = self._now if now is None else now
        seat = self.decision()
        if seat is None or self.state.phase is not Phase.PASS:
            return False
        if len(self.picks) != PASS_SIZE:
            self._say("hearts.choose_three", now, warn=True, count=PASS_SIZE - len(self.picks))
            return False
        return self.table.submit(seat, Pass.of(self.picks), now)

    def play(self, card: Card, now: float | None = None) -> bool:
        """Play a card if the engine allows it; otherwise say it is not allowed."""
        now = self._now if now is None else now
        seat = self.decision()
        if seat is None or self.state.phase is not Phase.PLAY:
            return False
        problem = self.state.why_illegal(seat, card)
        if problem is not None:
            rule = RULE_KEYS.get(problem.rule)
            detail = self.tr(f"hearts.rules.{rule}") if rule else None
            self.notice = (self.tr("hearts.not_allowed"), detail, True)
            self._notice_until = now + NOTICE_SECONDS
            return False
        return self.table.submit(seat, card, now)

    def notice_text(self) -> str | None:
        """The notice shown now, in the screen's language (None: no notice)."""
        return None if self.notice is None else self.notice[0]

    def _say(self, key: str, now: float, warn: bool = False, **values: object) -> None:
        self.notice = (self.tr(key, **values), None, warn)
        self._notice_until = now + NOTICE_SECONDS

    # -- input ------------------------------------------------------------------------------
    def handle(self, action: Action | None, typed: str, now: float) -> None:
        self._now = now
        if action is Action.NEW_HAND:
            self._toggle_menu()
            return
        if self.menu_open:
            self._menu_key(action)
            return
        if action is Action.BACK:
            if self.picks and self.decision() is not None:
                self.picks.clear()
            else:
                self.request = "home"
            return
        if self.table_open:
            if action in SELECTS:
                self.close_table()
            return
        if self.privacy is not None:
            if action in SELECTS:
                self.reveal()
            return
        self._key(action, now)

    def at_result(self) -> bool:
        return self.table_open

    def go_on(self) -> None:
        self.close_table()

    def seat_key(self, seat: int, action: Action, now: float) -> None:
        """The person at `seat` (on turn) pressed one of their own buttons."""
        self._now = now
        if action is Action.BACK:
            self.picks.clear()  # a seat's back clears its picks, never leaves
            return
        self._key(action, now)

    def _key(self, action: Action | None, now: float) -> None:
        if self.decision() is None:
            return
        hand = self.hand()
        items = len(hand) + (1 if self.state.phase is Phase.PASS else 0)
        if not items:
            return
        if action in (Action.LEFT, Action.RIGHT):
            self.cursor = (self.cursor + (1 if action is Action.RIGHT else -1)) % items
        elif action is Action.DOWN and self.state.phase is Phase.PASS:
            self.cursor = len(hand)
        elif action is Action.UP and self.cursor >= len(hand):
            self.cursor = max(0, len(hand) - 1)
        elif action in SELECTS:
            self._select(now)

    def _select(self, now: float) -> None:
        hand = self.hand()
        if self.state.phase is Phase.PASS:
            if self.cursor >= len(hand):
                self.confirm_pass(now)
            else:
                self.toggle(hand[self.cursor], now)
        elif hand:
            self.play(hand[min(self.cursor, len(hand) - 1)], now)

    def click(self, pos: tuple[int, int], now: float) -> None:
        self._now = now
        if self._layout is None:
            return
        if self.menu_open:
            for i, rect in enumerate(self._menu_rects):
                if rect.collidepoint(pos):
                    self.menu_pick(i)
                    return
            self.menu_open = False
            return
        for rect, name in self._buttons:
            if rect.collidepoint(pos):
                if name == "new_game":
                    self._toggle_menu()
                elif name == "pass":
                    self.confirm_pass(now)
                return
        if self.table_open:
            self.close_table()
            return
        if self.privacy is not None:
            self.reveal()
            return
        card = self.card_at(pos)
        if card is None or self.decision() is None:
            return
        self.cursor = self.hand().index(card)
        self._select(now)

    def card_at(self, pos: tuple[int, int]) -> Card | None:
        """The card of the bottom hand under `pos` (the topmost where they overlap)."""
        if self._layout is None:
            return None
        w, h = self._layout.hand_card
        for card, slot in reversed(self._hand_slots):
            dx, dy = pos[0] - slot.centre[0], pos[1] - slot.centre[1]
            theta = math.radians(-slot.angle)
            x = dx * math.cos(theta) + dy * math.sin(theta)
            y = -dx * math.sin(theta) + dy * math.cos(theta)
            if abs(x) <= w / 2 and abs(y) <= h / 2:
                return card
        return None

    def close_table(self) -> None:
        """Put the score table away: on to the next hand, or a new game after the last."""
        if self.table_open:
            self.table.proceed()

    # -- the clock ----------------------------------------------------------------------------
    def busy(self, now: float) -> bool:
        """Whether a card is still moving or a finished trick still lies on the table."""
        return self.collect is not None or any(now < p.at + SLIDE for p in self.trick)

    def _hurry(self, now: float) -> None:
        """A person plays on: the trick that was lying there is gathered at once."""
        if self.collect is not None:
            self.trick = []
            self.collect = None
        for p in self.trick:
            p.at = min(p.at, now - SLIDE)

    def entered(self, now: float) -> None:
        """The table is on screen again: its clocks wait for the time it was away."""
        if self._updated is not None and now > self._updated:
            self._wait(now - self._updated)
        self._updated = now

    def update(self, now: float) -> None:
        self._now = now
        self._updated = now
        if self.notice is not None and now >= self._notice_until:
            self.notice = None
        if not self.menu_open and self.collect is not None \
                and now >= self.collect[1] + COLLECT:
            self.trick = []
            self.collect = None
        self.table.update(now, busy=self.busy(now), held=self.menu_open)

    def _wait(self, gap: float) -> None:
        """The table was off screen for `gap` seconds: the turn, the pauses and the moving
        cards take up where they were."""
        self.table.shift(gap)
        if self.collect is not None:
            self.collect = (self.collect[0], self.collect[1] + gap)
        self._notice_until += gap
        for played in self.trick:
            played.at += gap

    def seconds_left(self, now: float) -> int | None:
        return self.table.seconds_left(now)

    def countdown_text(self, now: float) -> str:
        left = self.seconds_left(now)
        return "" if left is None else self.tr.digits(left)

    # -- texts --------------------------------------------------------------------------------
    def seat_name(self, seat: int) -> str:
        if len(self.people) == 1 and seat == self.people[0]:
            return self.tr("hearts.you")
        return self.tr(f"hearts.seats.{SEAT_NAMES[self.players][seat]}")

    def role(self, seat: int) -> str:
        return self.tr("hearts.computer" if self.bots[seat] is not None else "hearts.person")

    def mode_text(self) -> str:
        if self.mode.startswith("people"):
            return self.tr("hearts.modes.people", count=len(self.people))
        key = self.mode if self.tr.has(f"hearts.modes.{self.mode}") else "demo"
        return self.tr(f"hearts.modes.{key}")

    def direction_text(self) -> str:
        return self.tr(f"hearts.directions.{self.state.direction.value}")

    def info_text(self) -> str:
        state = self.state
        key = "hearts.info_broken" if state.hearts_broken else "hearts.info"
        return self.tr(key, number=state.hand_number + 1, direction=self.direction_text())

    def prompt(self) -> str:
        """What the screen asks for now."""
        tr, state = self.tr, self.state
        if self.menu_open:
            return tr("hearts.choose_mode")
        if self.table_open:
            return tr("hearts.new_game_prompt" if state.is_over else "hearts.next_hand")
        if self.privacy is not None:
            return tr("hearts.privacy_title", seat=self.seat_name(self.privacy))
        if state.is_over:
            return tr("hearts.new_game_prompt")
        if state.phase is Phase.DEAL:
            return tr("hearts.dealing")
        actor = state.current_player
        assert actor is not None and actor >= 0
        name = self.seat_name(actor)
        if self.bots[actor] is not None:
            key = "hearts.passing" if state.phase is Phase.PASS else "hearts.thinking"
            return tr(key, seat=name)
        if self.decision() is None:
            return tr("hearts.thinking", seat=name)
        if state.phase is Phase.PASS:
            to = state.options.receiver(actor, state.direction)
            receiver = self.seat_name(to)
            return tr("hearts.pass_prompt", seat=name, receiver=receiver)
        return tr("hearts.your_turn", seat=name)

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, now: float) -> list[pygame.Rect]:
        """Bring the screen up to date; returns the rectangles drawn."""
        size = surface.get_size()
        layout = self._layout
        if layout is None or layout.size != size or self._built_for != (self.rtl,
                                                                            self.players):
            layout = self._build(size)
            self._full = True
        pieces = self._pieces(layout, now)
        current = {p.key: (p.rect, p.look) for p in pieces}
        assert self._background is not None
        if self._full:
            surface.blit(self._background, (0, 0))
            for piece in pieces:
                piece.paint(surface)
            self._shown = current
            self._full = False
            return [surface.get_rect()]
        dirty: list[pygame.Rect] = []
        for key, (rect, look) in current.items():
            old = self._shown.get(key)
            if old is None:
                dirty.append(rect)
            elif old != (rect, look):
                dirty.extend((old[0], rect))
        dirty.extend(rect for key, (rect, _) in self._shown.items() if key not in current)
        self._shown = current
        screen = surface.get_rect()
        merged = _merge([r.clip(screen) for r in dirty if r.colliderect(screen)])
        for rect in merged:
            surface.set_clip(rect)
            surface.blit(self._background, rect, rect)
            for piece in pieces:
                if piece.rect.colliderect(rect):
                    piece.paint(surface)
        surface.set_clip(None)
        return merged

    def _build(self, size: tuple[int, int]) -> Layout:
        layout = make_layout(size, self.rtl, self.players)
        self._layout = layout
        self._built_for = (self.rtl, self.players)
        px = layout.px
        background = pygame.Surface(size)
        background.fill(theme.BACKGROUND)
        radius = px(70)
        pygame.draw.rect(background, RIM, layout.table, border_radius=radius)
        pygame.draw.rect(background, RIM_EDGE, layout.table, width=px(3), border_radius=radius)
        felt = pygame.Surface(layout.felt.size, pygame.SRCALPHA)
        fw, fh = felt.get_size()
        steps = 32
        for i in range(steps):  # light in the middle, darker to the rim
            f = i / (steps - 1)
            colour = tuple(round(d + (c - d) * f) for d, c in zip(FELT_DARK, FELT, strict=True))
            box = pygame.Rect(0, 0, round(fw * (1.6 - 1.2 * f)), round(fh * (1.6 - 1.2 * f)))
            box.center = (fw // 2, round(fh * 0.42))
            pygame.draw.ellipse(felt, colour, box)
        mask = pygame.Surface(felt.get_size(), pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(),
                         border_radius=radius - px(16))
        felt.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        background.blit(felt, layout.felt)
        ring = pygame.Rect(0, 0, round(layout.trick_card[0] * 3.9),
                           round(layout.trick_card[1] * 2.3))
        ring.center = layout.centre
        pygame.draw.ellipse(background, (44, 128, 90), ring, width=px(2))
        pygame.draw.rect(background, theme.PANEL, layout.panel, border_radius=px(18))
        pygame.draw.rect(background, PANEL_EDGE, layout.panel, width=px(2), border_radius=px(18))
        self.text.draw(background, self.tr("hearts.title"), px(64), ACCENT, layout.title,
                       bold=True, rtl=self.rtl)
        self._background = background
        return layout

    # the pieces
    def _pieces(self, layout: Layout, now: float) -> list[Piece]:
        state = self.state
        view = state.view(self.orient)
        pieces: list[Piece] = []
        self._buttons = []
        for seat in range(self.players):
            pieces.append(self._plate(layout, view, seat))
            if self.place(seat) != "bottom":
                pieces.append(self._backs(layout, seat, view.hand_sizes[seat]))
        if state.phase is Phase.PASS and self.privacy is None:
            pieces.append(self._pass_info(layout, view))
        pieces.extend(self._trick_pieces(layout, now))
        pieces.extend(self._hand_pieces(layout, view))
        if self.notice is not None:
            pieces.append(self._toast(layout))
        pieces.extend(self._panel_pieces(layout, now))
        if self.privacy is not None:
            pieces.append(self._privacy(layout))
        if self.table_open:
            pieces.append(self._score_table(layout))
        if self.menu_open:
            pieces.append(self._menu(layout))
        return pieces

    def place(self, seat: int) -> str:
        return PLACES[self.players][(seat - self.orient) % self.players]

    def _plate(self, layout: Layout, view: View, seat: int) -> Piece:
        px, rtl = layout.px, self.rtl
        rect = layout.plates[self.place(seat)]
        on_turn = view.turn == seat and not self.table_open
        won = self.collect is not None and self.collect[0] == seat
        passed = view.phase is Phase.PASS and view.has_passed[seat]
        name = self.seat_name(seat)
        if len(self.people) != 1 or seat not in self.people:
            name = self.tr("hearts.name_role", seat=name, role=self.role(seat))
        line = self.tr("hearts.plate", score=view.scores[seat], taken=view.taken[seat])
        if passed:
            line = self.tr("hearts.has_passed")
        look = (name, line, on_turn, won, passed, rtl)

        def paint(surface: pygame.Surface) -> None:
            theme.plate(self.text, surface, rect, PLATE, px, rtl, name, line, on_turn=on_turn,
                        edge=GOOD if won else None, line_colour=GOOD if passed else TEXT_DIM)

        return Piece(f"plate:{seat}", rect.inflate(px(4), px(4)), look, paint)

    def _backs(self, layout: Layout, seat: int, count: int) -> Piece:
        place = self.place(seat)
        cx, cy = layout.anchors[place]
        w, h = layout.back_card
        side = place in ("left", "right")
        step = layout.px(17 if side else 19)
        angle = 90.0 if side else 0.0
        card = self.painter.surface(None, (w, h), angle)
        span = step * max(0, count - 1)
        centres = [(cx, cy - span / 2 + i * step) if side else (cx - span / 2 + i * step, cy)
                   for i in range(count)]
        rects = [card.get_rect(center=(round(x), round(y))) for x, y in centres]
        box = rects[0].unionall(rects[1:]) if rects else pygame.Rect(cx, cy, 0, 0)

        def paint(surface: pygame.Surface) -> None:
            for rect in rects:
                surface.blit(card, rect)

        return Piece(f"backs:{seat}", box, (place, count, box.size), paint)

    def _pass_info(self, layout: Layout, view: View) -> Piece:
        px, rtl = layout.px, self.rtl
        receiver = view.pass_to
        text = self.direction_text()
        if receiver is not None:
            text = self.tr("hearts.pass_to", direction=text, seat=self.seat_name(receiver))
        mine = self.decision() is not None
        on_button = mine and self.cursor >= len(self.hand())
        ready = len(self.picks) == PASS_SIZE
        target = layout.anchors[self.place(receiver)] if receiver is not None else layout.centre
        rect = layout.pass_text.union(layout.pass_button).inflate(px(40), px(40))
        if mine:
            self._buttons.append((layout.pass_button, "pass"))
        look = (text, mine, on_button, ready, len(self.picks), target, rtl)

        def paint(surface: pygame.Surface) -> None:
            self.text.draw(surface, text, px(40), TEXT, layout.pass_text, align="center",
                           bold=True, rtl=rtl)
            cx, cy = layout.centre
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
            if not mine:
                return
            box = layout.pass_button
            label = self.tr("hearts.buttons.pass", count=len(self.picks))
            theme.button(self.text, surface, box, label, px(38), px, rtl, chosen=ready,
                         edge=CURSOR if on_button else (ACCENT if ready else PANEL_EDGE),
                         width=px(6) if on_button else px(3), radius=box.height // 3)

        return Piece("pass", rect, look, paint)

    def _trick_spot(self, layout: Layout, seat: int) -> tuple[Point, float]:
        dx, dy, angle = TRICK_SPOTS[self.place(seat)]
        w, h = layout.trick_card
        cx, cy = layout.centre
        return (cx + dx * w, cy + dy * h), angle

    def _trick_pieces(self, layout: Layout, now: float) -> list[Piece]:
        pieces = []
        for played in self.trick:
            spot, angle = self._trick_spot(layout, played.seat)
            f = _ease((now - played.at) / SLIDE)
            place = self.place(played.seat)
            start = played.start or layout.anchors[place]
            start_angle = played.angle if played.start else angle
            where = _lerp(start, spot, f)
            turn = start_angle + (angle - start_angle) * f
            if self.collect is not None and now >= self.collect[1]:
                g = min(1.0, (now - self.collect[1]) / COLLECT) ** 2
                goal = layout.plates[self.place(self.collect[0])].center
                where = _lerp(spot, goal, g)
            turn = 2 * round(turn / 2)  # whole steps, so a flight reuses a few drawings
            card = self.painter.surface(played.card, layout.trick_card, turn)
            rect = card.get_rect(center=(round(where[0]), round(where[1])))

            def paint(surface: pygame.Surface, card: pygame.Surface = card,
                      rect: pygame.Rect = rect) -> None:
                surface.blit(card, rect)

            pieces.append(Piece(f"trick:{played.card}", rect, (played.card, rect.topleft, turn),
                                paint))
        return pieces

    def _hand_pieces(self, layout: Layout, view: View) -> list[Piece]:
        px = layout.px
        face_up = self.viewer == self.orient and self.privacy is None
        cards: list[Card | None] = list(display_order(view.hand)) if face_up else \
            [None] * len(view.hand)
        self.shown_hand = tuple(c for c in cards if c is not None)
        slots = layout.slots(len(cards))
        self._hand_slots = [(c, s) for c, s in zip(cards, slots, strict=True) if c is not None]
        mine = self.decision() is not None
        legal = set(view.legal) if mine and view.phase is Phase.PLAY else None
        passed = set(view.passed or ()) if view.phase is Phase.PASS else set()
        received = set(view.received or ()) if view.phase is Phase.PLAY and view.first_trick \
            else set()
        pieces = []
        for i, (card, slot) in enumerate(zip(cards, slots, strict=True)):
            lift, outline, dim = 0, None, False
            if card is not None:
                if card in self.picks or card in passed:
                    lift, outline = px(42), ACCENT
                elif card in received:
                    lift, outline = px(16), RECEIVED
                if mine and i == self.cursor:
                    lift, outline = max(lift, px(26)), CURSOR
                dim = (legal is not None and card not in legal) or card in passed
            theta = math.radians(-slot.angle)
            centre = (slot.centre[0] + math.sin(theta) * lift,
                      slot.centre[1] - math.cos(theta) * lift)
            surface_card = self.painter.surface(card, layout.hand_card, slot.angle, dim, outline)
            rect = surface_card.get_rect(center=(round(centre[0]), round(centre[1])))

            def paint(surface: pygame.Surface, image: pygame.Surface = surface_card,
                      rect: pygame.Rect = rect) -> None:
                surface.blit(image, rect)

            pieces.append(Piece(f"hand:{i}", rect, (card, rect.topleft, dim, outline), paint))
        return pieces

    def _toast(self, layout: Layout) -> Piece:
        assert self.notice is not None
        px, rtl = layout.px, self.rtl
        line, small, warn = self.notice
        rect = layout.toast.copy()
        if small is None:
            rect.height = px(70)
            rect.bottom = layout.toast.bottom

        def paint(surface: pygame.Surface) -> None:
            pygame.draw.rect(surface, theme.OVERLAY, rect, border_radius=rect.height // 3)
            pygame.draw.rect(surface, BAD if warn else ACCENT, rect, width=px(3),
                             border_radius=rect.height // 3)
            inner = rect.inflate(-px(40), -px(12))
            if small is None:
                self.text.draw(surface, line, px(36), TEXT, inner, align="center", bold=True,
                               rtl=rtl)
                return
            top = pygame.Rect(inner.left, inner.top, inner.width, inner.height * 11 // 20)
            low = pygame.Rect(inner.left, top.bottom, inner.width, inner.bottom - top.bottom)
            self.text.draw(surface, line, px(38), BAD if warn else TEXT, top, align="center",
                           bold=True, rtl=rtl)
            self.text.draw(surface, small, px(28), TEXT_DIM, low, align="center", rtl=rtl)

        return Piece("toast", rect, (line, small, warn, rtl), paint)

    def _panel_pieces(self, layout: Layout, now: float) -> list[Piece]:
        px, rtl = layout.px, self.rtl
        pieces = []

        def line(key: str, rect: pygame.Rect, text: str, size: int, colour: Colour,
                 wrap: str | None = None) -> None:
            def paint(surface: pygame.Surface) -> None:
                if wrap:
                    self.text.paragraph(surface, text, size, colour, rect, wrap, min_size=14)
                else:
                    self.text.draw(surface, text, size, colour, rect, rtl=rtl)

            pieces.append(Piece(f"panel:{key}", rect, (text, size, colour, rtl), paint))

        line("mode", layout.mode, self.mode_text(), px(30), TEXT_DIM)
        line("info", layout.info, self.info_text(), px(30), TEXT, wrap="start")
        line("prompt", layout.prompt, self.prompt(), px(42), TEXT, wrap="center")
        left = self.seconds_left(now)
        if left is not None:
            pieces.append(self._timer(layout, left))
        if self.modes:
            rect = layout.new_game
            self._buttons.append((rect, "new_game"))

            def paint_new(surface: pygame.Surface) -> None:
                theme.button(self.text, surface, rect, self.tr("hearts.buttons.new_game"),
                             px(34), px, rtl, fill=None)

            pieces.append(Piece("panel:new_game", rect, (rtl,), paint_new))
        line("hint", layout.hint, self.tr("hearts.hint"), px(27), TEXT_DIM, wrap="center")
        return pieces

    def _timer(self, layout: Layout, left: int) -> Piece:
        px, rtl = layout.px, self.rtl
        rect = layout.timer
        total = max(1.0, float(self.turn_seconds))
        share = min(1.0, left / total)
        colour = BAD if left <= TIMER_WARN else ACCENT
        label = self.tr("hearts.time_left")
        digits = self.tr.digits(left)

        def paint(surface: pygame.Surface) -> None:
            head = pygame.Rect(rect.left, rect.top, rect.width, px(40))
            self.text.draw(surface, label, px(28), TEXT_DIM, head, rtl=rtl)
            big = pygame.Rect(rect.left, head.bottom, rect.width, px(64))
            self.text.draw(surface, digits, px(60), colour, big, bold=True, rtl=rtl)
            bar = pygame.Rect(rect.left, big.bottom + px(8), rect.width, px(14))
            pygame.draw.rect(surface, PANEL_EDGE, bar, border_radius=bar.height // 2)
            filled = bar.copy()
            filled.width = max(bar.height, round(bar.width * share))
            if rtl:
                filled.right = bar.right
            pygame.draw.rect(surface, colour, filled, border_radius=bar.height // 2)

        return Piece("timer", rect, (digits, colour, rtl), paint)

    def _privacy(self, layout: Layout) -> Piece:
        assert self.privacy is not None
        px, rtl = layout.px, self.rtl
        rect = layout.overlay.copy()
        rect.height = round(rect.height * 0.62)
        rect.center = layout.overlay.center
        name = self.seat_name(self.privacy)
        title = self.tr("hearts.privacy_title", seat=name)
        body = self.tr("hearts.privacy_body", seat=name)

        def paint(surface: pygame.Surface) -> None:
            theme.overlay_box(surface, rect, px)
            inner = rect.inflate(-px(60), -px(40))
            head = pygame.Rect(inner.left, inner.top, inner.width, inner.height * 2 // 5)
            self.text.draw(surface, title, px(64), ACCENT, head, align="center", bold=True,
                           rtl=rtl)
            low = pygame.Rect(inner.left, head.bottom, inner.width, inner.bottom - head.bottom)
            self.text.paragraph(surface, body, px(40), TEXT, low, min_size=14)

        return Piece("privacy", rect, (title, body), paint)

    def _score_table(self, layout: Layout) -> Piece:
        px, rtl, tr = layout.px, self.rtl, self.tr
        state = self.state
        rect = layout.overlay
        result = state.results[-1] if state.results else None
        if state.is_over and state.winner is not None:
            title = tr("hearts.game_over", seat=self.seat_name(state.winner))
        else:
            number = (result.number if result else state.hand_number) + 1
            title = tr("hearts.hand_over", number=number)
        moon = tr("hearts.moon", seat=self.seat_name(result.shooter)) \
            if result is not None and result.shooter is not None else None
        footer = tr("hearts.new_game_prompt" if state.is_over else "hearts.next_hand")
        n = self.players
        points = result.points if result else (0,) * n
        totals = result.scores if result else tuple(state.scores)
        best = min(totals)
        rows = tuple(theme.SheetRow((self.seat_name(s), tr.digits(points[s]), tr.digits(totals[s])),
                              totals[s] == best) for s in range(n))
        header = (tr("hearts.columns.player"), tr("hearts.columns.hand"),
                  tr("hearts.columns.total"))
        look = (title, moon, footer, rows, rtl)

        def paint(surface: pygame.Surface) -> None:
            noted = theme.score_sheet(self.text, surface, rect, px, rtl, title, header, rows,
                                      footer, moon)
            if noted is not None:
                draw_pip(surface, Suit.HEARTS, (noted.left + px(30), noted.centery), px(18))

        return Piece("scores", rect, look, paint)

    def _menu(self, layout: Layout) -> Piece:
        px, rtl = layout.px, self.rtl
        rect = layout.overlay.copy()
        rect.height = min(layout.felt.height - px(40), theme.menu_height(MENU, self.menu_size, px))
        rect.center = layout.overlay.center
        rect.clamp_ip(layout.felt)
        self._menu_rects = theme.menu_rows(rect, MENU, self.menu_size, px)
        lines = self.menu_lines()
        title = self.tr("hearts.choose_mode")

        def paint(surface: pygame.Surface) -> None:
            theme.modes_menu(self.text, surface, rect, MENU, px, rtl, title, lines, self.menu_index)

        return Piece("menu", rect, (lines, self.menu_index, rtl), paint)

    def mode_name(self, mode: Mode) -> str:
        if mode.key.startswith("people"):
            people = sum(1 for bot in mode.bots if bot is None)
            return self.tr("hearts.modes.people", count=people)
        return super().mode_name(mode)

    # text in several lines


def _merge(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """Overlapping rectangles joined, so no part of the screen is drawn twice in a frame."""
    out: list[pygame.Rect] = []
    for rect in rects:
        if rect.width <= 0 or rect.height <= 0:
            continue
        rect = rect.copy()
        merged = True
        while merged:
            merged = False
            for other in out:
                if other.colliderect(rect):
                    out.remove(other)
                    rect.union_ip(other)
                    merged = True
                    break
        out.append(rect)
    return out

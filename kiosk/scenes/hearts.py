"""The Bidel (Hearts) table: the hands, the trick, the scores, and turns from any button.

The scene draws the engine's game (`engines.hearts.rules`) and turns keys, clicks,
gamepads and each seat's own buttons into engine actions; whether a card may be
played is always the engine's answer (`GameState.why_illegal`), never the scene's.

The hand of the person whose decision it is is fanned at the bottom, its seat's plate
beside it; the other seats (by compass name: South is seat 0, then West, North, East:
seat s+1 sits on s's left) have their plates in a row along the top of the table, their
card backs peeping out below. A plate gives the seat's name, whether a person or the
computer plays it, its score and the points it has taken this hand. Ways to play
(`Mode`): one person against computers, pass and play for several people with
computers in the other seats (a privacy screen hides the hand until the next person
presses select), and a demo. The turn flow — the deal,
the computers, the turn's time limit (when it runs out the choice of the computer at
the table's level is played for the person), the privacy screen, the stop for the
scores — is the table controller's (`kiosk.table`); the scene animates what it is
told and turns what a person points at into an action. A played card
slides to the middle and lies toward its player with the player's name pinned to it
(the leader's marked "led"); a finished trick lies a moment, its winner's card and
name in gold ("West won the trick"), and then slides to its winner; a score table
follows each hand. The last-trick key (L) shows the trick won last, who played each
card, who led and who won it, until it is pressed again.

Sofa rules (DESIGN §3b): text a player reads is READ (42 px at 1080p: a cap height of
30 px) in light colours on dark plates and panels (≥ 4.5:1, numbers ≥ 7:1); the help
line is (key, action) pairs that wrap only between pairs (`wrap_pairs`); everything
lies inside the 5 % title-safe area. The scene notes each line it draws (`labels`),
so `benchmarks/table_readability.py` and the tests measure them on the pixels.

Drawing is by pieces: each frame the scene lists what is on screen (a card, a seat's
plate, the countdown…) with its rectangle and its look, and only the pieces whose
look or place changed are drawn again, clipped to their rectangles; the countdown
redraws its own small box once a second.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, replace

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
    Trick,
    View,
)
from kiosk import theme
from kiosk.cards_draw import CardPainter, card_size, draw_pip
from kiosk.config import DEFAULT_KEYS, Action
from kiosk.i18n import Translator
from kiosk.scenes.modes import MENU_SELECTS, TableScene, forward
from kiosk.table.choices import Choices
from kiosk.table.controller import Move, Pacing, TableController
from kiosk.table.games import HEARTS
from kiosk.table.seats import Mode, bots_of, seats_of
from kiosk.table.worker import Worker
from kiosk.table_layout import safe_area
from kiosk.text import TextRenderer, aligned
from kiosk.theme import ACCENT, BAD, CURSOR, GOOD, PANEL_EDGE, TEXT, TEXT_DIM, Colour

Point = tuple[float, float]

FELT: Colour = (30, 112, 76)
FELT_DARK: Colour = (14, 70, 48)
RIM: Colour = (82, 50, 30)
RIM_EDGE: Colour = (140, 96, 56)
PLATE = theme.PlateLook(fill=(8, 36, 26), edge=(74, 138, 104))  # a seat's plate on the felt
RECEIVED: Colour = (96, 220, 140)
TAG: Colour = theme.OVERLAY  # behind a seat's name on its card in the trick
TAG_EDGE: Colour = (70, 84, 124)
KEYCAP: Colour = (52, 70, 124)  # a key in the help line
KEYCAP_EDGE: Colour = (100, 118, 176)
TIMER_LOW: Colour = (255, 150, 136)  # the countdown's digits near the end: red, ≥ 7:1 on the panel

BOT_PAUSE = 0.9  # seconds before a computer plays, so people can follow
PASS_PAUSE = 0.4  # before a computer passes
DEAL_PAUSE = 0.6
SLIDE = 0.3  # a card's way to the middle
HOLD = 1.0  # a finished trick lies this long, its winner shown
COLLECT = 0.45  # then slides to its winner
NOTICE_SECONDS = 4.0
RESULT_PAUSE = 6.0  # a demo shows the scores this long before going on
TIMER_WARN = 10  # the countdown turns red below this many seconds

# Sizes in design pixels (1920×1080; `Layout.px` scales them). Text a player must read is
# READ: 42 px Noto Sans has a cap height of 30 px (DESIGN §3b: at least 28 at 1080p).
READ = 42
TITLE = 64
ROW = 52  # the pitch of lines of READ text
PANEL_W = 540
PLATE_W, PLATE_H = 300, 172  # a seat's plate: its name, its score, its points this hand
BACKS_SHOW = 52  # how far a seat's card backs reach below its plate
HAND_H, TRICK_H, BACK_H = 200, 164, 88  # card heights
KEY_H = 54  # a key in the help line (an arrow key's is ARROW_W wide)
ARROW_W = 40
PAIR_GAP = 20  # between the help line's pairs
HELP_ROW = 64  # the pitch of the help line's rows
HELP_ROWS = 2  # rows the panel keeps for it
TAG_H = 60  # a seat's name on its card in the trick
MENU = theme.MenuLook(row=84, title=54, text=READ)  # rows in text a player reads
MENU_ROW_MIN = 60  # the closest the menu's rows come (the text stays READ)

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
# The seats other than the bottom one have their plates in a row along the top of the
# table, in this order across the screen (the same in both directions).
TOP_ROW = ("left", "top", "top_left", "top_right", "right")
# Where a seat's card lies in the trick, in card widths and heights from its middle, so
# each card lies towards its player; and the edge of the card its player's name is pinned
# to (the top-left index always shows).
TRICK_SPOTS: dict[int, dict[str, tuple[float, float]]] = {
    3: {"bottom": (0.0, 0.56), "left": (-0.62, -0.5), "right": (0.62, -0.5)},
    4: {"bottom": (0.0, 0.56), "left": (-1.2, 0.0), "top": (0.0, -0.56), "right": (1.2, 0.0)},
    5: {"bottom": (0.0, 0.56), "left": (-1.7, 0.05), "top_left": (-0.6, -0.56),
        "top_right": (0.6, -0.56), "right": (1.7, 0.05)},
}
TAG_EDGES = {"bottom": "bottom", "left": "left", "right": "right", "top": "top",
             "top_left": "top_left", "top_right": "top"}
COVERING = ("last_trick", "toast", "privacy", "scores", "menu")  # boxes drawn over the table
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


@dataclass(frozen=True)
class Label:
    """A line of text a player reads, as last drawn: what kind it is (a plate's, the
    panel's, the help line's…), its words, the font size it was drawn at, its colour,
    whether bold, and the rectangle its line was put in (its ink lies inside)."""

    kind: str
    text: str
    size: int
    colour: Colour
    bold: bool
    rect: pygame.Rect


def draw_role(surface: pygame.Surface, box: pygame.Rect, computer: bool, colour: Colour) -> None:
    """The sign of who plays a seat in `box`: a screen on its stand, or a person."""
    w, h = box.size
    line = max(2, round(w * 0.1))
    if computer:
        screen = pygame.Rect(box.left, box.top + round(h * 0.08), w, round(h * 0.62))
        pygame.draw.rect(surface, colour, screen, width=line, border_radius=line)
        stem = pygame.Rect(0, 0, line, round(h * 0.16))
        stem.midtop = screen.midbottom
        pygame.draw.rect(surface, colour, stem)
        foot = pygame.Rect(0, 0, round(w * 0.6), line)
        foot.midtop = stem.midbottom
        pygame.draw.rect(surface, colour, foot)
    else:
        pygame.draw.circle(surface, colour, (box.centerx, box.top + round(h * 0.27)),
                           round(w * 0.24))
        shoulders = pygame.Rect(box.left + round(w * 0.1), box.top + round(h * 0.58),
                                round(w * 0.8), h - round(h * 0.58))
        pygame.draw.rect(surface, colour, shoulders, border_top_left_radius=shoulders.width // 2,
                         border_top_right_radius=shoulders.width // 2)


def draw_keycap(surface: pygame.Surface, rect: pygame.Rect, px: Callable[[float], int]) -> None:
    """A key of the keyboard, as the help line shows it."""
    corner = px(10)
    pygame.draw.rect(surface, KEYCAP, rect, border_radius=corner)
    pygame.draw.rect(surface, KEYCAP_EDGE, rect, width=px(2), border_radius=corner)


def draw_arrow(surface: pygame.Surface, rect: pygame.Rect, arrow: str, colour: Colour,
               size: int) -> None:
    """A solid triangle pointing the way of an arrow key, in the middle of `rect`."""
    cx, cy = rect.center
    ways = {"◀": (-1, 0), "▶": (1, 0), "▲": (0, -1), "▼": (0, 1)}
    dx, dy = ways[arrow]
    tip = (cx + dx * size, cy + dy * size)
    back = (cx - dx * size * 0.8, cy - dy * size * 0.8)
    spread = (-dy * size, dx * size)
    pygame.draw.polygon(surface, colour, [tip, (back[0] + spread[0], back[1] + spread[1]),
                                          (back[0] - spread[0], back[1] - spread[1])])


# -- layout -------------------------------------------------------------------------------------


def fan_step(room: float, card: tuple[int, int], count: int, radius: float,
             widest: float) -> float:
    """The step between the cards of a fan of `count` along an arc of `radius`, at most
    `widest`, so that the fan's turned outer cards stay within `room` across."""
    w, h = card
    step = min(widest, (room - w) / max(1, count - 1))
    for _ in range(40):
        theta = (count - 1) / 2 * step / radius
        half = radius * math.sin(theta) + w / 2 * math.cos(theta) + h / 2 * math.sin(theta)
        if half <= room / 2:
            break
        step *= 0.97
    return step


def fan_drop(card: tuple[int, int], count: int, step: float, radius: float) -> float:
    """How far below the fan's middle its lowest (outermost, turned) card reaches."""
    w, h = card
    theta = (count - 1) / 2 * step / radius
    return radius * (1 - math.cos(theta)) + h / 2 * math.cos(theta) + w / 2 * math.sin(theta)


@dataclass(frozen=True)
class Layout(theme.Scaled):
    """Every region of the screen for one size, direction and table size, all inside the
    title-safe area (`safe`, 5 % in from each edge, for TV overscan)."""

    size: tuple[int, int]
    unit: float
    safe: pygame.Rect
    table: pygame.Rect
    felt: pygame.Rect
    inner: pygame.Rect  # the felt less its margin: where plates and cards lie
    panel: pygame.Rect
    centre: tuple[int, int]  # the middle of the trick
    hand_card: tuple[int, int]
    trick_card: tuple[int, int]
    back_card: tuple[int, int]
    hand_x: int  # the middle of the fanned hand
    hand_y: int
    hand_room: int
    fan_radius: int
    anchors: dict[str, tuple[int, int]]  # where each seat's cards are (its backs, the fan)
    plates: dict[str, pygame.Rect]
    band: pygame.Rect  # between the plates' row and the fan: the trick
    title: pygame.Rect
    mode: pygame.Rect
    info: pygame.Rect
    prompt: pygame.Rect
    timer: pygame.Rect
    new_game: pygame.Rect
    help: pygame.Rect  # the help line's rows of keys and what they do
    pass_button: pygame.Rect
    pass_text: pygame.Rect
    overlay: pygame.Rect
    last_trick: pygame.Rect  # the box the last trick is shown in
    last_card: tuple[int, int]  # its cards' size

    def slots(self, count: int) -> list[Slot]:
        """The fan of `count` cards: along an arc, each turned to follow it."""
        if count <= 0:
            return []
        radius = self.fan_radius
        step = fan_step(self.hand_room, self.hand_card, count, radius, self.px(88))
        cx, pivot = self.hand_x, self.hand_y + radius
        out = []
        for i in range(count):
            theta = (i - (count - 1) / 2) * step / radius
            out.append(Slot((cx + radius * math.sin(theta), pivot - radius * math.cos(theta)),
                            -math.degrees(theta)))
        return out

    def trick_rect(self, place: str, players: int, centre: tuple[int, int] | None = None,
                   card: tuple[int, int] | None = None) -> pygame.Rect:
        """Where a seat's card lies in a trick about `centre` (by default the table's), of
        cards of size `card` (by default the trick's)."""
        dx, dy = TRICK_SPOTS[players][place]
        w, h = card or self.trick_card
        cx, cy = centre or self.centre
        rect = pygame.Rect(0, 0, w, h)
        rect.center = (round(cx + dx * w), round(cy + dy * h))
        return rect


def make_layout(size: tuple[int, int], rtl: bool, players: int) -> Layout:
    """The table on the start side of the safe area, the panel beside it (on the left in
    Persian). The other seats' plates stand in a row along the top of the table, their
    backs peeping out below; the bottom seat's plate stands beside its fan, on the start
    side; the trick lies in the band between them."""
    unit = theme.unit_of(size)
    px = theme.scaler(unit)
    safe = safe_area(size)
    gap = px(16)
    panel_w = px(PANEL_W)
    table = pygame.Rect(safe.left, safe.top, safe.width - panel_w - gap, safe.height)
    panel = pygame.Rect(table.right + gap, safe.top, panel_w, safe.height)
    if rtl:
        panel.left = safe.left
        table.left = panel.right + gap
    felt = table.inflate(-2 * px(12), -2 * px(12))
    inner = felt.inflate(-2 * px(10), -2 * px(10))
    hand_card, trick_card, back_card = (card_size(px(HAND_H)), card_size(px(TRICK_H)),
                                        card_size(px(BACK_H)))

    # The plates' row along the top, spread from edge to edge.
    row = [p for p in TOP_ROW if p in PLACES[players]]
    spacing = px(8)
    plate_w = min(px(PLATE_W), (inner.width - (len(row) - 1) * spacing) // len(row))
    plate_h = px(PLATE_H)
    plates: dict[str, pygame.Rect] = {}
    anchors: dict[str, tuple[int, int]] = {}
    free = (inner.width - len(row) * plate_w) / (len(row) - 1)
    for i, place in enumerate(row):
        plate = pygame.Rect(round(inner.left + i * (plate_w + free)), inner.top, plate_w, plate_h)
        plates[place] = plate
        anchors[place] = (plate.centerx, plate.bottom + px(BACKS_SHOW) - back_card[1] // 2)
    row_bottom = inner.top + plate_h

    # The bottom seat: its plate in the bottom corner on the start side, its fan beside it.
    bottom = pygame.Rect(0, inner.bottom - plate_h, plate_w, plate_h)
    if rtl:
        bottom.right = inner.right
        room = pygame.Rect(inner.left, 0, bottom.left - gap - inner.left, 0)
    else:
        bottom.left = inner.left
        room = pygame.Rect(bottom.right + gap, 0, inner.right - bottom.right - gap, 0)
    plates["bottom"] = bottom
    radius = px(2600)
    most = 52 // players  # the cards of a full hand
    drop = max(fan_drop(hand_card, n, fan_step(room.width, hand_card, n, radius, px(88)), radius)
               for n in range(1, most + 1))
    hand_y = inner.bottom - math.ceil(drop)
    anchors["bottom"] = (room.centerx, hand_y)

    # The band between the backs and the fan (above a card lifted by the cursor).
    band_top = row_bottom + px(BACKS_SHOW) + px(12)
    band_bottom = hand_y - hand_card[1] // 2 - px(26) - px(12)
    band = pygame.Rect(inner.left, band_top, inner.width, band_bottom - band_top)
    centre = band.center

    inside = panel.inflate(-2 * px(20), -2 * px(20))
    title = pygame.Rect(inside.left, inside.top, inside.width, px(72))
    mode = pygame.Rect(inside.left, title.bottom, inside.width, 2 * px(ROW))
    info = pygame.Rect(inside.left, mode.bottom + px(4), inside.width, 2 * px(ROW))
    prompt = pygame.Rect(inside.left, info.bottom + px(20), inside.width, 3 * px(ROW))
    timer = pygame.Rect(inside.left, prompt.bottom + px(20), inside.width, px(96))
    help_rect = pygame.Rect(inside.left, inside.bottom - HELP_ROWS * px(HELP_ROW), inside.width,
                            HELP_ROWS * px(HELP_ROW))
    new_game = pygame.Rect(inside.left, help_rect.top - px(20) - px(72), inside.width, px(72))

    pass_button = pygame.Rect(0, 0, px(320), px(84))
    pass_button.center = (centre[0], centre[1] + px(104))
    pass_text = pygame.Rect(0, 0, min(px(900), inner.width), px(64))
    pass_text.center = (centre[0], centre[1] - px(112))
    # Overlays (a menu, the scores, a privacy screen) keep clear of the plates' row; they
    # may hide the bottom plate and the backs.
    overlay = pygame.Rect(inner.left, row_bottom + px(16), inner.width,
                          inner.bottom - row_bottom - px(16))  # the bottom plate: all or none
    last_trick = pygame.Rect(overlay.left + px(24), overlay.top, overlay.width - 2 * px(24),
                             band.bottom - overlay.top)
    return Layout(
        size=size, unit=unit, safe=safe, table=table, felt=felt, inner=inner, panel=panel,
        centre=centre, hand_card=hand_card, trick_card=trick_card, back_card=back_card,
        hand_x=room.centerx, hand_y=hand_y, hand_room=room.width, fan_radius=radius,
        anchors=anchors, plates=plates, band=band, title=title, mode=mode, info=info,
        prompt=prompt, timer=timer, new_game=new_game, help=help_rect,
        pass_button=pass_button, pass_text=pass_text, overlay=overlay, last_trick=last_trick,
        last_card=card_size(px(TRICK_H * 0.8)),
    )


# -- the help line ------------------------------------------------------------------------------

ARROWS = {"left": "◀", "right": "▶", "up": "▲", "down": "▼"}  # drawn, not written
KEY_LABELS = {"return": "Enter", "enter": "Enter", "escape": "Esc", "space": "Space",
              "backspace": "Backspace", "tab": "Tab"}


def key_label(name: str) -> str:
    """What a key's cap shows for a pygame key name (an arrow key: its arrow, drawn)."""
    if name in ARROWS:
        return ARROWS[name]
    if name in KEY_LABELS:
        return KEY_LABELS[name]
    return name.upper() if len(name) == 1 else name.title()


@dataclass(frozen=True)
class HelpPair:
    """One entry of the help line: the keys (their caps' labels) and what they do."""

    keys: tuple[str, ...]
    action: str


def wrap_pairs(widths: Sequence[int], room: int, gap: int) -> list[list[int]]:
    """The help line's pairs (by their widths) cut into rows no wider than `room`: a row
    breaks only between pairs, never between a key and what it does (a pair wider than
    the room has a row of its own)."""
    rows: list[list[int]] = []
    used = 0
    for i, width in enumerate(widths):
        if rows and used + gap + width <= room:
            rows[-1].append(i)
            used += gap + width
        else:
            rows.append([i])
            used = width
    return rows


# -- the scene ----------------------------------------------------------------------------------


class HeartsScene(TableScene):
    """A game of Bidel between people and computers, on one screen.

    The turn flow is the table controller's (`self.table`); the scene lays out and draws
    the table, animates the cards, and turns what a person points at into an action.
    """

    game = "hearts"  # the catalogue's section: the modes menu names its rows from it

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
        keys: Mapping[Action, Sequence[str]] | None = None,
        rule_choices: Choices | None = None,
    ) -> None:
        self._screen(text, tr, modes, rule_choices)
        self.painter = CardPainter(text)
        self.keys = keys if keys is not None else DEFAULT_KEYS  # the help line's key names
        self.labels: dict[str, Label] = {}  # the text players read, as last drawn
        self.help_drawn: list[tuple[HelpPair, pygame.Rect, pygame.Rect]] = []
        self.last_open = False
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
        """Carry on with a game rebuilt after a restart (the next one has its rules too)."""
        if self.rule_choices is not None:
            self.rule_choices.chosen = state.options
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
        self.last_open = False  # the last trick shown (its key shows and hides it)
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
        if not self.table.submit(seat, card, now):
            return False
        self.last_open = False  # the card is on the table: back to the trick in play
        return True

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
        if action is Action.LAST_TRICK:
            self.last_open = not self.last_open and not self.table_open
            return
        if action is Action.BACK and self.last_open:
            self.last_open = False
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
        if card is None and self.last_open:
            self.last_open = False
            return
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
        if self.table_open:
            self.last_open = False
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
        winner = self.trick_winner(self._now)
        if winner is not None:
            return tr("hearts.won_trick", seat=self.seat_name(winner))
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
            self.labels = {}
            surface.blit(self._background, (0, 0))
            for piece in pieces:
                piece.paint(surface)
            self._shown = current
            self._full = False
            self._hide_covered(pieces)
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
        self.labels = {k: v for k, v in self.labels.items() if k.split("|")[0] in current}
        screen = surface.get_rect()
        merged = _merge([r.clip(screen) for r in dirty if r.colliderect(screen)])
        for rect in merged:
            surface.set_clip(rect)
            surface.blit(self._background, rect, rect)
            for piece in pieces:
                if piece.rect.colliderect(rect):
                    piece.paint(surface)
        surface.set_clip(None)
        self._hide_covered(pieces)
        return merged

    def _hide_covered(self, pieces: list[Piece]) -> None:
        """Forget the text a box drawn over it hides (a notice, the last trick, a menu)."""
        for i, piece in enumerate(pieces):
            if piece.key not in COVERING:
                continue
            below = {p.key for p in pieces[:i]}
            self.labels = {k: v for k, v in self.labels.items()
                           if not (k.split("|")[0] in below and v.rect.colliderect(piece.rect))}

    def _build(self, size: tuple[int, int]) -> Layout:
        layout = make_layout(size, self.rtl, self.players)
        self._layout = layout
        self._built_for = (self.rtl, self.players)
        px = layout.px
        background = pygame.Surface(size)
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
        self.text.draw(background, self.tr("hearts.title"), px(TITLE), ACCENT, layout.title,
                       bold=True, rtl=self.rtl)
        self._background = background
        return layout

    # text a player reads: drawn at its size (smaller only if it cannot fit) and noted
    def _line(self, surface: pygame.Surface, key: str, kind: str, text: str, size: int,
              colour: Colour, rect: pygame.Rect, *, align: str = "start",
              bold: bool = False, ink: bool = False) -> pygame.Rect:
        """One line of text in `rect` (vertically centred: its line, or with `ink` its
        glyphs, so Persian letters that reach low stay inside a small box), noted in
        `labels` under `key`."""
        rtl = self.rtl
        image = self.text.render(text, size, colour, bold, rtl)
        used = size
        while image.get_width() > rect.width and used > 8:
            used = max(8, int(used * rect.width / image.get_width()) - 1)
            image = self.text.render(text, used, colour, bold, rtl)
        box = image.get_rect(centery=rect.centery)
        if ink:
            glyphs = image.get_bounding_rect(min_alpha=1)
            box.top = rect.centery - glyphs.centery
        aligned(box, rect, align, rtl)
        surface.blit(image, box)
        self.labels[key] = Label(kind, text, used, colour, bold, box)
        return box

    def _para(self, surface: pygame.Surface, key: str, kind: str, text: str, size: int,
              colour: Colour, rect: pygame.Rect, align: str = "start") -> None:
        """`text` wrapped to `rect`'s width from its top; smaller only if it cannot fit."""
        while True:
            lines = self.text.wrap(text, size, rect.width, rtl=self.rtl, colour=colour)
            pitch = round(size * ROW / READ)
            if len(lines) * pitch <= rect.height or size <= 12:
                break
            size -= 2
        for i, line in enumerate(lines):
            row = pygame.Rect(rect.left, rect.top + i * pitch, rect.width, pitch)
            self._line(surface, f"{key}{i}", kind, line, size, colour, row, align=align)

    # the pieces
    def _pieces(self, layout: Layout, now: float) -> list[Piece]:
        state = self.state
        view = state.view(self.orient)
        pieces: list[Piece] = []
        self._buttons = []
        for seat in range(self.players):
            if self.place(seat) != "bottom":
                pieces.append(self._backs(layout, seat, view.hand_sizes[seat]))
        for seat in range(self.players):
            pieces.append(self._plate(layout, view, seat))
        if state.phase is Phase.PASS and self.privacy is None:
            pieces.append(self._pass_info(layout, view))
        pieces.extend(self._trick_pieces(layout, now))
        pieces.extend(self._hand_pieces(layout, view))
        if self.last_open and not self.table_open and not self.menu_open:
            pieces.append(self._last_trick(layout))
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
        """A seat's plate: its name (and whether a person or the computer plays it), its
        score and the points it has taken this hand, in white on a dark plate; lit on its
        turn, edged in green while the trick it won lies on the table."""
        px, tr = layout.px, self.tr
        rect = layout.plates[self.place(seat)]
        key = f"plate:{seat}"
        on_turn = view.turn == seat and not self.table_open
        won = self.collect is not None and self.collect[0] == seat
        passed = view.phase is Phase.PASS and view.has_passed[seat]
        name = self.seat_name(seat)
        computer = self.bots[seat] is not None
        score, taken = tr.digits(view.scores[seat]), tr.digits(view.taken[seat])
        look = (name, computer, score, taken, on_turn, won, passed, self.rtl)

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
            wide = self.text.render(name, size, TEXT, True, self.rtl).get_width()
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
            self._line(surface, f"{key}|name", "plate", name, size, ACCENT if on_turn else TEXT,
                       head, bold=True)
            lines = [(tr("hearts.score"), score)]
            lines.append((tr("hearts.has_passed"), None) if passed else (tr("hearts.taken"), taken))
            for i, (label, number) in enumerate(lines, start=1):
                row = rows[i]
                if number is None:
                    self._line(surface, f"{key}|line{i}", "plate", label, size, GOOD, row)
                    continue
                digits = self._line(surface, f"{key}|number{i}", "plate_number", number, size,
                                    TEXT, row, align="end", bold=True)
                room = row.copy()
                room.width -= digits.width + px(6)
                if self.rtl:
                    room.right = row.right
                self._line(surface, f"{key}|label{i}", "plate", label, size, TEXT, room)

        return Piece(key, rect.inflate(px(4), px(4)), look, paint)

    def _backs(self, layout: Layout, seat: int, count: int) -> Piece:
        """A seat's cards, backs up, fanned across below its plate (which hides their tops)."""
        place = self.place(seat)
        cx, cy = layout.anchors[place]
        w, h = layout.back_card
        plate = layout.plates[place]
        step = min(layout.px(19), (plate.width - w) / max(1, count - 1))
        card = self.painter.surface(None, (w, h), 0.0)
        span = step * max(0, count - 1)
        rects = [card.get_rect(center=(round(cx - span / 2 + i * step), cy)) for i in range(count)]
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
        wide = self.text.render(text, px(READ), TEXT, True, rtl).get_width()
        pill = pygame.Rect(0, 0, min(layout.inner.width, wide + px(48)), layout.pass_text.height)
        pill.center = layout.pass_text.center
        rect = pill.union(layout.pass_button).inflate(px(40), px(40))
        if mine:
            self._buttons.append((layout.pass_button, "pass"))
        look = (text, mine, on_button, ready, len(self.picks), target, rtl)

        def paint(surface: pygame.Surface) -> None:
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
            pygame.draw.rect(surface, TAG, pill, border_radius=pill.height // 2)
            self._line(surface, "pass|text", "table", text, px(READ), TEXT,
                       pill.inflate(-px(24), 0), align="center", bold=True)
            if not mine:
                return
            box = layout.pass_button
            label = self.tr("hearts.buttons.pass", count=len(self.picks))
            theme.button(self.text, surface, box, "", px(READ), px, rtl, chosen=ready,
                         edge=CURSOR if on_button else (ACCENT if ready else PANEL_EDGE),
                         width=px(6) if on_button else px(3), radius=box.height // 3)
            self._line(surface, "pass|button", "table", label, px(READ), TEXT,
                       box.inflate(-px(24), 0), align="center", bold=ready)

        return Piece("pass", rect, look, paint)

    # the trick: each card with its player's name, the leader's marked, the winner shown
    def _tag_parts(self, layout: Layout, seat: int, card: pygame.Rect, place: str, led: bool,
                   won: bool, bounds: pygame.Rect | None = None, say_won: bool = True
                   ) -> list[tuple[pygame.Rect, str, Colour, Colour]]:
        """The name tag pinned to a card in the trick, toward its player: (box, text, fill,
        text colour) for the name and, on the leader's card, a "led" badge beside it. The
        winner's tag is gold (and, while its trick lies on the table, says it won it)."""
        px, rtl = layout.px, self.rtl
        size = px(READ)
        name = self.seat_name(seat)
        if won and say_won:
            name = self.tr("hearts.won_trick", seat=name)
        height = px(TAG_H)
        name_box = pygame.Rect(0, 0, self.text.render(name, size, TEXT, True, rtl).get_width()
                               + 2 * px(16), height)
        parts = [(name_box, name, ACCENT if won else TAG, TAG if won else TEXT)]
        edge = TAG_EDGES[place]
        if led and not (won and say_won):  # the winner's long tag goes without the badge
            word = self.tr("hearts.led")
            badge = pygame.Rect(0, 0, self.text.render(word, size, TAG, True, rtl).get_width()
                                + 2 * px(14), height)
            parts.append((badge, word, TEXT, TAG))
        # Side by side (the name first in reading order), or the badge under the name on a
        # card at the side, so a tag stays narrow there.
        stacked = edge in ("left", "right") and len(parts) > 1
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
        else:
            group.left = card.right - min(onto, group.width // 2)
            group.centery = card.centery + below
        group.clamp_ip(bounds or layout.inner)  # a long tag near the rim moves in
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

    def _paint_tag(self, surface: pygame.Surface, key: str,
                   parts: list[tuple[pygame.Rect, str, Colour, Colour]], px: Callable[[float], int]
                   ) -> None:
        for i, (box, text, fill, colour) in enumerate(parts):
            pygame.draw.rect(surface, fill, box, border_radius=box.height // 2)
            pygame.draw.rect(surface, TAG_EDGE if fill == TAG else fill, box, width=px(2),
                             border_radius=box.height // 2)
            self._line(surface, f"{key}|{i}", "trick", text, px(READ), colour, box,
                       align="center", bold=True, ink=True)

    def trick_winner(self, now: float) -> int | None:
        """The seat whose trick lies finished on the table, shown as its winner (None: none)."""
        if self.collect is None or now >= self.collect[1]:
            return None
        if any(now < p.at + SLIDE for p in self.trick):
            return None
        return self.collect[0]

    def _trick_pieces(self, layout: Layout, now: float) -> list[Piece]:
        pieces = []
        players = self.players
        collecting = self.collect is not None and now >= self.collect[1]
        winner = self.trick_winner(now)
        leader = self.trick[0].seat if self.trick else None
        tags = []
        for played in self.trick:
            place = self.place(played.seat)
            spot_rect = layout.trick_rect(place, players)
            spot = spot_rect.center
            f = _ease((now - played.at) / SLIDE)
            start = played.start or layout.anchors[place]
            where = _lerp(start, spot, f)
            turn = (played.angle if played.start else 0.0) * (1 - f)
            if collecting:
                assert self.collect is not None
                g = min(1.0, (now - self.collect[1]) / COLLECT) ** 2
                goal = layout.plates[self.place(self.collect[0])].center
                where = _lerp(spot, goal, g)
            turn = 2 * round(turn / 2)  # whole steps, so a flight reuses a few drawings
            won = played.seat == winner
            card = self.painter.surface(played.card, layout.trick_card, turn,
                                        outline=ACCENT if won else None)
            rect = card.get_rect(center=(round(where[0]), round(where[1])))

            def paint(surface: pygame.Surface, card: pygame.Surface = card,
                      rect: pygame.Rect = rect) -> None:
                surface.blit(card, rect)

            pieces.append(Piece(f"trick:{played.card}", rect, (played.card, rect.topleft, turn,
                                                               won), paint))
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

    def last_trick(self) -> Trick | None:
        """The trick won last in this hand (None before the first is won)."""
        tricks = self.state.view(self.orient).tricks
        return tricks[-1] if tricks else None

    def _last_trick(self, layout: Layout) -> Piece:
        """The last trick won, in a box over the table: its cards, who played each, who led
        and who won it; the same key puts it away."""
        px, tr = layout.px, self.tr
        rect = layout.last_trick
        trick = self.last_trick()
        head = pygame.Rect(rect.left + px(36), rect.top + px(10), rect.width - 2 * px(36),
                           px(64))
        if trick is None or trick.winner is None:
            title = tr("hearts.no_last_trick")
            shown: list[tuple[int, Card, pygame.Rect, list[tuple[pygame.Rect, str, Colour,
                                                                  Colour]]]] = []
        else:
            title = tr("hearts.last_trick", seat=self.seat_name(trick.winner))
            centre = (rect.centerx, head.bottom + (rect.bottom - head.bottom) // 2)
            shown = []
            for seat, card in trick.seats(self.players):
                place = self.place(seat)
                spot = layout.trick_rect(place, self.players, centre, layout.last_card)
                shown.append((seat, card, spot, self._tag_parts(
                    layout, seat, spot, place, seat == trick.leader, seat == trick.winner,
                    rect.inflate(-px(16), -px(16)), say_won=False)))
        pair = HelpPair(self._caps(Action.LAST_TRICK), tr("hearts.help.close"))
        look = (title, tuple((s, c) for s, c, _, _ in shown), self.rtl)

        def paint(surface: pygame.Surface) -> None:
            theme.overlay_box(surface, rect, px)
            width = self._pair_width(pair, px)
            title_box = head.copy()
            if pair.keys and self.text.render(title, px(READ), ACCENT, True, self.rtl
                                              ).get_width() + width + px(40) <= head.width:
                title_box.width -= width + px(40)
                if self.rtl:
                    title_box.right = head.right
                end = head.left if self.rtl else head.right - width
                self._draw_pair(surface, "last_trick|close", pair, end, head.centery, px)
            self._line(surface, "last_trick|title", "trick", title, px(READ), ACCENT, title_box,
                       bold=True)
            for seat, card, spot, _ in shown:
                winner = trick is not None and seat == trick.winner
                image = self.painter.surface(card, layout.last_card, 0.0,
                                             outline=ACCENT if winner else None)
                surface.blit(image, image.get_rect(center=spot.center))
            for seat, _, _, parts in shown:
                self._paint_tag(surface, f"last_trick|tag{seat}", parts, px)

        return Piece("last_trick", rect, look, paint)

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
        """A notice over the lower part of the table, just above the hand."""
        assert self.notice is not None
        px, rtl = layout.px, self.rtl
        line, small, warn = self.notice
        width = min(px(1040), layout.inner.width - px(40))
        size = px(READ)
        smalls = self.text.wrap(small, size, width - px(48), rtl=rtl, colour=TEXT) \
            if small is not None else []
        rect = pygame.Rect(0, 0, width, px(24) + px(ROW) * (1 + len(smalls)))
        rect.midbottom = (layout.centre[0], layout.band.bottom)

        def paint(surface: pygame.Surface) -> None:
            pygame.draw.rect(surface, theme.OVERLAY, rect, border_radius=px(26))
            pygame.draw.rect(surface, BAD if warn else ACCENT, rect, width=px(4),
                             border_radius=px(26))
            inner = rect.inflate(-px(48), -px(24))
            top = pygame.Rect(inner.left, inner.top, inner.width, px(ROW))
            self._line(surface, "toast|line", "table", line, size, TIMER_LOW if warn else TEXT,
                       top, align="center", bold=True)
            for i, text in enumerate(smalls):
                row = top.move(0, (i + 1) * px(ROW))
                self._line(surface, f"toast|small{i}", "table", text, size, TEXT, row,
                           align="center")

        return Piece("toast", rect, (line, small, warn, rtl), paint)

    def _panel_pieces(self, layout: Layout, now: float) -> list[Piece]:
        px, rtl = layout.px, self.rtl
        pieces = []

        def para(key: str, rect: pygame.Rect, text: str, colour: Colour) -> None:
            name = f"panel:{key}"

            def paint(surface: pygame.Surface) -> None:
                self._para(surface, name + "|line", "panel", text, px(READ), colour, rect)

            pieces.append(Piece(name, rect, (text, colour, rtl), paint))

        para("mode", layout.mode, self.mode_text(), TEXT_DIM)
        para("info", layout.info, self.info_text(), TEXT)
        para("prompt", layout.prompt, self.prompt(), TEXT)
        left = self.seconds_left(now)
        if left is not None:
            pieces.append(self._timer(layout, left))
        if self.modes:
            rect = layout.new_game
            self._buttons.append((rect, "new_game"))

            def paint_new(surface: pygame.Surface) -> None:
                # The button with its key, as in the help line: [H] New game.
                theme.button(self.text, surface, rect, "", px(READ), px, rtl, fill=None)
                pair = HelpPair(self._caps(Action.NEW_HAND), self.tr("hearts.buttons.new_game"))
                width = self._pair_width(pair, px)
                if pair.keys and width <= rect.width - px(20):
                    self._draw_pair(surface, "panel:new_game|pair", pair,
                                    rect.centerx - width // 2, rect.centery, px)
                else:
                    self._line(surface, "panel:new_game|label", "panel", pair.action, px(READ),
                               TEXT, rect.inflate(-px(20), 0), align="center")

            pieces.append(Piece("panel:new_game", rect, (rtl,), paint_new))
        pieces.append(self._help(layout))
        return pieces

    def _timer(self, layout: Layout, left: int) -> Piece:
        px, rtl = layout.px, self.rtl
        rect = layout.timer
        total = max(1.0, float(self.turn_seconds))
        share = min(1.0, left / total)
        low = left <= TIMER_WARN
        label = self.tr("hearts.time_left")
        digits = self.tr.digits(left)

        def paint(surface: pygame.Surface) -> None:
            row = pygame.Rect(rect.left, rect.top, rect.width, px(64))
            self._line(surface, "timer|digits", "panel_number", digits, px(56),
                       TIMER_LOW if low else ACCENT, row, align="end", bold=True)
            self._line(surface, "timer|label", "panel", label, px(READ), TEXT, row)
            bar = pygame.Rect(rect.left, row.bottom + px(10), rect.width, px(14))
            pygame.draw.rect(surface, PANEL_EDGE, bar, border_radius=bar.height // 2)
            filled = bar.copy()
            filled.width = max(bar.height, round(bar.width * share))
            if rtl:
                filled.right = bar.right
            pygame.draw.rect(surface, BAD if low else ACCENT, filled,
                             border_radius=bar.height // 2)

        return Piece("timer", rect, (digits, low, rtl), paint)

    # the help line: (key, what it does) pairs, wrapped only between pairs
    def _caps(self, action: Action) -> tuple[str, ...]:
        names = self.keys.get(action, ())
        return (key_label(names[0]),) if names else ()

    def help_pairs(self) -> list[HelpPair]:
        """What the keys do at the table now, each key with its action."""
        tr = self.tr
        passing = self.state.phase is Phase.PASS
        pairs = [
            HelpPair(self._caps(Action.LEFT) + self._caps(Action.RIGHT), tr("hearts.help.choose")),
            HelpPair(self._caps(Action.SELECT),
                     tr("hearts.help.pick" if passing else "hearts.help.play")),
            HelpPair(self._caps(Action.BACK), tr("hearts.help.menu")),
        ]
        if not passing:
            pairs.append(HelpPair(self._caps(Action.LAST_TRICK), tr("hearts.help.last_trick")))
        return [pair for pair in pairs if pair.keys]

    def _px(self) -> Callable[[float], int]:
        return self._layout.px if self._layout is not None else theme.scaler(1.0)

    def _cap_width(self, label: str, px: Callable[[float], int]) -> int:
        if label in ARROWS.values():
            return px(ARROW_W)
        wide = self.text.render(label, px(READ), TEXT, True, False).get_width()
        return max(px(KEY_H), wide + 2 * px(10))

    def _pair_width(self, pair: HelpPair, px: Callable[[float], int]) -> int:
        caps = sum(self._cap_width(k, px) for k in pair.keys) + px(4) * (len(pair.keys) - 1)
        words = self.text.render(pair.action, px(READ), TEXT, False, self.rtl).get_width()
        return caps + px(10) + words

    def help_rows(self, width: int) -> list[list[HelpPair]]:
        """The help line cut into rows no wider than `width` (in the screen's pixels),
        only ever between one (key, action) pair and the next."""
        px = self._px()
        pairs = self.help_pairs()
        widths = [self._pair_width(pair, px) for pair in pairs]
        return [[pairs[i] for i in row] for row in wrap_pairs(widths, width, px(PAIR_GAP))]

    def _draw_pair(self, surface: pygame.Surface, key: str, pair: HelpPair, left: int,
                   centre_y: int, px: Callable[[float], int]
                   ) -> tuple[pygame.Rect, pygame.Rect]:
        """One (keys, action) pair from `left` across (in reading order: in Persian the
        keys on the right); returns the keys' and the action's rectangles."""
        width = self._pair_width(pair, px)
        x = left + width if self.rtl else left
        caps: list[pygame.Rect] = []
        # Keys side by side read left to right in both languages (◀ ▶).
        keys = list(enumerate(pair.keys))
        for i, label in reversed(keys) if self.rtl else keys:
            cap = pygame.Rect(0, 0, self._cap_width(label, px), px(KEY_H))
            cap.centery = centre_y
            if self.rtl:
                cap.right = x
                x = cap.left - px(4)
            else:
                cap.left = x
                x = cap.right + px(4)
            caps.append(cap)
            draw_keycap(surface, cap, px)
            if label in ARROWS.values():
                draw_arrow(surface, cap, label, TEXT, px(13))
            else:
                self._line(surface, f"{key}|key{i}", "help", label, px(READ), TEXT, cap,
                           align="center", bold=True)
        x += -px(6) if self.rtl else px(6)
        words = self.text.render(pair.action, px(READ), TEXT, False, self.rtl).get_width()
        box = pygame.Rect(0, 0, words, px(KEY_H))
        box.centery = centre_y
        if self.rtl:
            box.right = x
        else:
            box.left = x
        action = self._line(surface, f"{key}|action", "help", pair.action, px(READ), TEXT, box)
        return caps[0].unionall(caps[1:]), action

    def _help(self, layout: Layout) -> Piece:
        px, rtl = layout.px, self.rtl
        rect = layout.help
        pairs = tuple(self.help_pairs())

        def paint(surface: pygame.Surface) -> None:
            rows = self.help_rows(rect.width)
            pitch = px(HELP_ROW)
            top = rect.bottom - len(rows) * pitch
            drawn = []
            n = 0
            for r, row in enumerate(rows):
                centre_y = top + r * pitch + pitch // 2
                x = rect.right if rtl else rect.left
                for pair in row:
                    width = self._pair_width(pair, px)
                    left = x - width if rtl else x
                    keys, action = self._draw_pair(surface, f"help|{n}", pair, left, centre_y, px)
                    drawn.append((pair, keys, action))
                    n += 1
                    x = left - px(PAIR_GAP) if rtl else left + width + px(PAIR_GAP)
            self.help_drawn = drawn

        return Piece("help", rect, (pairs, rtl), paint)

    def _privacy(self, layout: Layout) -> Piece:
        assert self.privacy is not None
        px, rtl = layout.px, self.rtl
        top = layout.overlay.top + px(20)
        rect = pygame.Rect(layout.overlay.left + px(40), top, layout.overlay.width - px(80),
                           layout.plates["bottom"].top - px(20) - top)  # clear of the plates
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
            self._para(surface, "privacy|body", "table", body, px(READ), TEXT, low,
                       align="center")

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
        room = layout.felt.height - px(40)
        look = MENU
        # With the rule variants the menu has more rows than fit at their full pitch:
        # the rows close up (never below MENU_ROW_MIN) so that every one is on the felt.
        while theme.menu_height(look, self.menu_size, px) > room and look.row > MENU_ROW_MIN:
            look = replace(look, row=look.row - 2)
        rect.height = min(room, theme.menu_height(look, self.menu_size, px))
        rect.center = layout.overlay.center
        rect.clamp_ip(layout.felt)
        self._menu_rects = theme.menu_rows(rect, look, self.menu_size, px)
        lines = self.menu_lines()
        title = self.tr("hearts.choose_mode")

        def paint(surface: pygame.Surface) -> None:
            theme.modes_menu(self.text, surface, rect, look, px, rtl, title, lines, self.menu_index)

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

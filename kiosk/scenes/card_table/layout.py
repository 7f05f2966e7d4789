"""Where everything of a card table lies on the screen, for 2 to 5 seats: pure geometry.

`make_layout(size, rtl, players)` puts the table on the start side of the title-safe area
(5 % in from each edge, for TV overscan) and the side panel beside it (on the left in
Persian). The bottom seat is the person at the TV: its hand is fanned face up along the
bottom, its plate in the bottom corner on the start side. The other seats (seat s+1 sits
on s's left: 2 seats: top; 3: left, right; 4: left, top, right; 5: left, top left, top
right, right) have their plates in a row along the top of the table, their backs peeping
out below (a single seat across the table has its plate in the middle). Each seat's card
in the trick lies between the middle and that seat (`Layout.trick_rect`), so who played
it shows. No game and no drawing here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from kiosk import theme
from kiosk.cards_draw import card_size
from kiosk.scenes.card_table.pieces import (
    BACK_H,
    BACKS_SHOW,
    HAND_H,
    HELP_ROW,
    HELP_ROWS,
    PANEL_W,
    PLATE_H,
    PLATE_W,
    ROW,
    TRICK_H,
    Slot,
)
from kiosk.theme import safe_area

SEAT_NAMES: dict[int, tuple[str, ...]] = {  # by compass: South is seat 0, then round to the left
    2: ("south", "north"),
    3: ("south", "west", "east"),
    4: ("south", "west", "north", "east"),
    5: ("south", "west", "northwest", "northeast", "east"),
}
PLACES: dict[int, tuple[str, ...]] = {
    2: ("bottom", "top"),
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
    2: {"bottom": (0.0, 0.56), "top": (0.0, -0.56)},
    3: {"bottom": (0.0, 0.56), "left": (-0.62, -0.5), "right": (0.62, -0.5)},
    4: {"bottom": (0.0, 0.56), "left": (-1.2, 0.0), "top": (0.0, -0.56), "right": (1.2, 0.0)},
    5: {"bottom": (0.0, 0.56), "left": (-1.7, 0.05), "top_left": (-0.6, -0.56),
        "top_right": (0.6, -0.56), "right": (1.7, 0.05)},
}
TAG_EDGES = {"bottom": "bottom", "left": "left", "right": "right", "top": "top",
             "top_left": "top_left", "top_right": "top"}
# At 5 seats the trick is crowded: each tag lies off its card, clear of every card (and of
# both indices), beside it toward its player; the bottom one beside the card's foot, on
# the end side (the start side has the bottom seat's plate and what stands above it).
TAG_EDGES_FIVE = {"bottom": "foot", "left": "off_left", "right": "off_right",
                  "top_left": "off_top_left", "top_right": "off_top_right"}


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


def make_layout(size: tuple[int, int], rtl: bool, players: int,
                hand_max: int | None = None) -> Layout:
    """The table on the start side of the safe area, the panel beside it (on the left in
    Persian). The other seats' plates stand in a row along the top of the table, their
    backs peeping out below; the bottom seat's plate stands beside its fan, on the start
    side; the trick lies in the band between them. The fan has room for `hand_max` cards
    (None: a full 52-card deck dealt out, 52 // players)."""
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
    if len(row) > 1:
        free = (inner.width - len(row) * plate_w) / (len(row) - 1)
        lefts = [round(inner.left + i * (plate_w + free)) for i in range(len(row))]
    else:  # one seat across the table: its plate in the middle
        lefts = [inner.centerx - plate_w // 2]
    for place, left in zip(row, lefts, strict=True):
        plate = pygame.Rect(left, inner.top, plate_w, plate_h)
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
    most = hand_max or 52 // players  # the cards of a full hand
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
    # room for the title's line box: Persian letters reach low, clear of the mode under it
    title = pygame.Rect(inside.left, inside.top, inside.width, px(88))
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



"""Where the seats of a card table go on the screen, for 2 to 5 seats: a pure function.

`table_layout(size, seats)` gives each seat its name plate, the area its hand is fanned
in and the place its card lies in the trick, with the card sizes those areas were made
for. Seat 0 is the person in front of the TV: its hand is fanned face up along the bottom
and its plate sits beside it; the other seats follow round the table as in a game where
seat s+1 sits on seat s's left (2: top; 3: left, right; 4: left, top, right; 5: left,
top left, top right, right). Each seat's trick card lies between the middle of the table
and that seat, so who played each card shows.

Everything lies inside the title-safe area (5 % in from each edge, for TV overscan) and
no two rectangles overlap. A scene with a side panel passes the `table` rectangle it
leaves free; `rtl` puts the bottom seat's plate on the right of its fan and a single top
seat's on the left (the seats keep their places: play still goes round the same way).
No game logic and no drawing here.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from kiosk.cards_draw import card_size

SAFE_MARGIN = 0.05  # of the width and of the height, on each side
BASE = (1920, 1080)  # the sizes below are pixels at this screen size

HAND_CARD_H = 200  # a card in the bottom seat's hand
TRICK_CARD_H = 160  # a card in the trick
BACK_CARD_H = 84  # a card back in another seat's hand
PLATE = (300, 84)  # a seat's name plate
BOTTOM_HAND_W = 1000  # the widest the bottom fan gets
HAND_LIFT = 60  # room above the bottom fan for a lifted (chosen) card and the fan's curve
SIDE_HAND = (120, 300)  # a side seat's backs, fanned downwards
TOP_HAND = (320, 112)  # a top seat's backs, fanned across
GAP = 16  # between neighbouring areas
TRICK_GAP = 12  # between cards in the trick

PLACES: dict[int, tuple[str, ...]] = {
    2: ("bottom", "top"),
    3: ("bottom", "left", "right"),
    4: ("bottom", "left", "top", "right"),
    5: ("bottom", "left", "top_left", "top_right", "right"),
}
# Where a seat's trick card lies: across, in card widths, and down, in steps from the
# middle (a step is half a card height and a gap, so cards a step apart do not touch).
TRICK_SPOTS: dict[int, dict[str, tuple[float, float]]] = {
    2: {"bottom": (0.0, 1.0), "top": (0.0, -1.0)},
    3: {"bottom": (0.0, 1.0), "left": (-1.1, -0.5), "right": (1.1, -0.5)},
    4: {"bottom": (0.0, 1.0), "left": (-1.1, 0.0), "top": (0.0, -1.0), "right": (1.1, 0.0)},
    5: {"bottom": (0.0, 1.0), "left": (-1.65, 0.0), "top_left": (-0.55, -1.0),
        "top_right": (0.55, -1.0), "right": (1.65, 0.0)},
}


@dataclass(frozen=True)
class SeatPlace:
    """One seat's rectangles: its name plate, its hand's area and its card in the trick."""

    seat: int
    place: str  # bottom, left, top, right, top_left, top_right
    plate: pygame.Rect
    hand: pygame.Rect
    trick: pygame.Rect


@dataclass(frozen=True)
class TableLayout:
    """Every seat's place for one screen size and seat count, with the card sizes used."""

    size: tuple[int, int]
    unit: float  # screen pixels per pixel at 1920×1080
    safe: pygame.Rect
    table: pygame.Rect
    centre: tuple[int, int]  # the middle of the trick
    hand_card: tuple[int, int]
    trick_card: tuple[int, int]
    back_card: tuple[int, int]
    seats: tuple[SeatPlace, ...]

    def rects(self) -> list[tuple[str, pygame.Rect]]:
        """Every rectangle with a name such as ``"hand:2"``."""
        out = []
        for s in self.seats:
            out += [(f"plate:{s.seat}", s.plate), (f"hand:{s.seat}", s.hand),
                    (f"trick:{s.seat}", s.trick)]
        return out


def safe_area(size: tuple[int, int], margin: float = SAFE_MARGIN) -> pygame.Rect:
    """The part of a `size` screen every TV shows: `margin` in from each edge."""
    w, h = size
    left, top = round(w * margin), round(h * margin)
    return pygame.Rect(left, top, w - 2 * left, h - 2 * top)


def table_layout(size: tuple[int, int], seats: int, table: pygame.Rect | None = None,
                 rtl: bool = False) -> TableLayout:
    """The seats of a `seats`-seat table on a `size` screen, inside `table` (by default
    the whole safe area; a `table` reaching outside it is cut to it)."""
    if seats not in PLACES:
        raise ValueError(f"a card table has 2 to 5 seats, not {seats!r}")
    width, height = size
    safe = safe_area(size)
    area = safe if table is None else pygame.Rect(table).clip(safe)
    if area.width <= 0 or area.height <= 0:
        raise ValueError(f"the table {table} lies outside the safe area {safe}")
    unit = min(width / BASE[0], height / BASE[1])

    def px(value: float) -> int:
        return max(1, round(value * unit))

    gap, plate_w, plate_h = px(GAP), px(PLATE[0]), px(PLATE[1])
    hand_card, trick_card, back_card = (card_size(px(HAND_CARD_H)), card_size(px(TRICK_CARD_H)),
                                        card_size(px(BACK_CARD_H)))
    places = PLACES[seats]
    has_top = any(p.startswith("top") for p in places)

    # The bottom seat: its fan along the bottom edge, its plate beside it on the start side.
    fan_w = min(px(BOTTOM_HAND_W), area.width - 2 * (plate_w + gap))
    bottom_hand = pygame.Rect(0, 0, fan_w, hand_card[1] + px(HAND_LIFT))
    bottom_hand.midbottom = area.midbottom
    bottom_plate = pygame.Rect(0, 0, plate_w, plate_h)
    if rtl:
        bottom_plate.bottomleft = (bottom_hand.right + gap, area.bottom)
    else:
        bottom_plate.bottomright = (bottom_hand.left - gap, area.bottom)
    rects: dict[str, tuple[pygame.Rect, pygame.Rect]] = {"bottom": (bottom_plate, bottom_hand)}

    # The top row: each top seat's backs with its plate beside them.
    top_w, top_h = px(TOP_HAND[0]), px(TOP_HAND[1])
    row_bottom = area.top + top_h if has_top else area.top
    top_places = [p for p in places if p.startswith("top")]
    if len(top_places) == 2:  # two groups side by side: narrow the backs if they must
        top_w = min(top_w, (area.width - gap) // 2 - gap - plate_w)
    group_w = top_w + gap + plate_w
    for place in top_places:
        side = {"top": 0, "top_left": -1, "top_right": 1}[place]
        offset = min(max(0.22 * area.width, (group_w + gap) / 2), (area.width - group_w) / 2)
        group_left = round(area.centerx + side * offset - group_w / 2)
        hand = pygame.Rect(group_left, area.top, top_w, top_h)
        plate = pygame.Rect(hand.right + gap, area.top + (top_h - plate_h) // 2, plate_w, plate_h)
        # Two top seats keep their backs towards the middle, near their trick cards; one
        # keeps its plate on the end side (the right, or the left in right-to-left).
        if place == "top_left" or (place == "top" and rtl):
            plate.left, hand.left = group_left, group_left + plate_w + gap
        rects[place] = (plate, hand)

    # The middle band, between the top row and the bottom fan: the trick and the side seats.
    band = pygame.Rect(area.left, row_bottom + gap, area.width,
                       bottom_hand.top - gap - (row_bottom + gap))
    centre = band.center
    side_w, side_h = px(SIDE_HAND[0]), px(SIDE_HAND[1])
    group_h = side_h + gap + plate_h
    group_top = max(band.top, min(band.centery - group_h // 2, band.bottom - group_h))
    for place in ("left", "right"):
        if place not in places:
            continue
        hand = pygame.Rect(0, group_top, side_w, side_h)
        plate = pygame.Rect(0, group_top + side_h + gap, plate_w, plate_h)
        if place == "left":
            hand.left = plate.left = area.left
        else:
            hand.right = plate.right = area.right
        rects[place] = (plate, hand)

    # The trick: each seat's card a step towards that seat from the middle.
    cw, ch = trick_card
    step_y = ch / 2 + px(TRICK_GAP)
    out = []
    for seat, place in enumerate(places):
        across, down = TRICK_SPOTS[seats][place]
        trick = pygame.Rect(0, 0, cw, ch)
        trick.center = (round(centre[0] + across * (cw + px(TRICK_GAP))),
                        round(centre[1] + down * step_y))
        plate, hand = rects[place]
        out.append(SeatPlace(seat, place, plate, hand, trick))
    return TableLayout(size=size, unit=unit, safe=safe, table=area, centre=centre,
                       hand_card=hand_card, trick_card=trick_card, back_card=back_card,
                       seats=tuple(out))


"""Reading a store-bought card from a phone photo: the 3×9 grid found, its 15 numbers read.

`read_card(photo)` takes the photo's bytes (JPEG or PNG, up to 15 MB and 40 MP, turned as
its EXIF orientation says) and returns a `CardReading`: the `Reading` (a 3×9 grid of
numbers and blanks, and the cells the reader is unsure of), the `CardCheck` that
`engines.debarna.card_check.check_card` makes of it, and the seconds it took. A photo it
cannot use raises `PhotoError`, whose `key` says why (`not_an_image`, `too_big`,
`too_small`, `no_card_found`).

How (OpenCV for the geometry, Tesseract for the digits):

1. The photo is scaled to about 1400 px and its dark ink found by a local threshold; the
   grid is the largest four-cornered outline whose inside, seen straight, has the 8 inner
   vertical lines and 2 horizontal lines of a 3×9 grid where they belong (an outline that
   is not, such as the card's own edge, is looked inside once).
2. The full-resolution photo is warped straight onto a 3×9 grid of square-ish cells, and
   the lines are found again there (their exact places), so each cell is cut between them.
3. A cell is blank or filled by its ink: pixels well darker than the cell's own paper,
   in blobs big enough to be print. A trace of ink too small to be print is a doubt. A
   filled cell's blobs are its glyphs (digits), left to right.
4. The filled cells are drawn, black on white, on one page: a card row a line, four
   times over (the digits spaced apart at 30, 24 and 36 px, and the number as printed).
   Tesseract reads the page once with its English model and once with its Persian one,
   digits only (`image_to_boxes`), and each character goes to the number its box lies in.
   The model with more certain numbers is the card's script (a tie: every number doubtful).
5. A cell's number is certain only when the lines its script counts read it alike, with
   a digit for each glyph, inside the column's decade (a column's decade fixes its tens
   digit). Anything else (readings that differ, a number outside its decade, a glyph read
   as nothing) is a doubtful cell, never a guess: the host confirms it. The reading keeps
   what was read, so the host sees it.
"""

from __future__ import annotations

import io
import itertools
import json
import os
import sys
import time
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

import cv2
import numpy as np
import pytesseract  # type: ignore[import-untyped]
from PIL import Image, ImageOps

from engines.debarna.card_check import CardCheck, Cell, Doubt, Reading, check_card
from engines.debarna.ticket import COLUMNS, ROWS, column_range

# Tesseract runs its networks on every core it sees (OpenMP); on a reading this small the
# threads only wait on each other, and the kiosk's other work wants the cores.
os.environ.setdefault("OMP_THREAD_LIMIT", "1")

MAX_BYTES = 15 * 1024 * 1024
MAX_PIXELS = 40_000_000
MIN_SIDE = 400  # px: a smaller picture cannot show 27 cells legibly
WORK_SIDE = 1400  # px: the long side the grid is looked for at
CELL = 96  # px: a cell's side, seen straight
MIN_CONFIDENCE = 80.0  # Tesseract's word confidence (0-100) for a certain number
PERSIAN = str.maketrans("۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩", "01234567890123456789")
# script, Tesseract's model, the digits it may read, the lines of the page (LINES) whose
# readings count. Latin: spaced and as printed. Persian: Tesseract's Persian model reads
# a number as printed badly (it loses a ۱ beside another digit), so the three spaced
# sizes, whose errors seldom agree. Arabic-Indic digits (٤, ٥, ٦ and the rest) are
# allowed as well: the Persian model gives some Persian digits their Arabic code points.
SCRIPTS = (("latin", "eng", "0123456789", (0, 2)),
           ("persian", "fas", "۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩", (0, 1, 3)))
# Lines a script does not count but that may still contradict: the Persian model's number
# as printed, when it has as many digits as the spaced readings, must be theirs (it loses a
# ۱, but it does not often turn a ۳ into a ۲ where the spaced lines do).
VETO = {"latin": (), "persian": (2,)}


class PhotoError(ValueError):
    """A photo the reader cannot use: `key` says why (for the kiosk's message)."""

    def __init__(self, key: str, message: str) -> None:
        super().__init__(message)
        self.key = key
        self.message = message


@dataclass(frozen=True)
class CardReading:
    """What `read_card` made of a photo: the reading, its check, the seconds it took and
    the script its digits were read in (latin or persian)."""

    reading: Reading
    check: CardCheck
    seconds: float
    script: str
    why: dict[Cell, str]

    @property
    def holds(self) -> bool:
        return self.check.holds


def read_card(photo: bytes) -> CardReading:
    """Reads a card from a photo's bytes; PhotoError if the photo cannot be used."""
    start = time.perf_counter()
    image = _decode(photo)
    grid_img = _find_grid(image)
    cells = _cells(grid_img)
    grid, doubtful, why, script = _read_cells(cells)
    reading = Reading(grid, frozenset(doubtful))
    check = check_card(reading)
    return CardReading(reading, check, time.perf_counter() - start, script, why)


# -- the photo -----------------------------------------------------------------------------
def _decode(photo: bytes) -> np.ndarray:
    if len(photo) > MAX_BYTES:
        raise PhotoError("too_big", f"the photo is {len(photo) / 1e6:.1f} MB; the largest "
                                    f"taken is {MAX_BYTES // (1024 * 1024)} MB")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            image: Image.Image = Image.open(io.BytesIO(photo))
            if image.format not in ("JPEG", "PNG", "MPO", "WEBP"):
                raise PhotoError("not_an_image", f"a {image.format} file is not a photo "
                                                 "this reader takes (JPEG or PNG)")
            w, h = image.size
            if w * h > MAX_PIXELS:
                raise PhotoError("too_big", f"the photo is {w}x{h} ({w * h / 1e6:.0f} MP); "
                                            f"the largest taken is {MAX_PIXELS // 1_000_000} MP")
            image.load()
    except PhotoError:
        raise
    except (OSError, SyntaxError, ValueError, Image.DecompressionBombError,
            Image.DecompressionBombWarning) as exc:
        raise PhotoError("not_an_image",
                         "the file is not a JPEG or PNG picture, or it is damaged") from exc
    image = ImageOps.exif_transpose(image) or image
    if min(image.size) < MIN_SIDE:
        raise PhotoError("too_small", f"the photo is {image.size[0]}x{image.size[1]}; a card "
                                      f"needs at least {MIN_SIDE} px on its short side")
    gray = np.asarray(image.convert("L"))
    return gray


# -- the grid ------------------------------------------------------------------------------
def _order(quad: np.ndarray) -> np.ndarray:
    """Four corners as top-left, top-right, bottom-right, bottom-left (the long sides
    across, as a card is read)."""
    pts = quad.reshape(4, 2).astype(np.float32)
    centre = pts.mean(axis=0)
    angles = np.arctan2(pts[:, 1] - centre[1], pts[:, 0] - centre[0])
    pts = pts[np.argsort(angles)]  # clockwise in image coordinates, from about -180°
    # Start at the corner nearest the top-left.
    start = int(np.argmin(pts.sum(axis=1)))
    pts = np.roll(pts, -start, axis=0)
    top = np.linalg.norm(pts[1] - pts[0]) + np.linalg.norm(pts[2] - pts[3])
    side = np.linalg.norm(pts[3] - pts[0]) + np.linalg.norm(pts[2] - pts[1])
    if side > top:  # the card stands on its end: its top is the left side
        pts = np.roll(pts, -1, axis=0)
    return pts


def _quads(work: np.ndarray) -> list[np.ndarray]:
    """Four-cornered outlines of dark ink, largest first."""
    side = max(work.shape)
    block = (side // 40) | 1
    ink = cv2.adaptiveThreshold(work, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY_INV,
                                block, 12)
    ink = cv2.morphologyEx(ink, cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8))
    contours, _ = cv2.findContours(ink, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)
    area_min = work.shape[0] * work.shape[1] * 0.02
    found: list[tuple[float, np.ndarray]] = []
    for contour in contours:
        area = cv2.contourArea(contour)
        if area < area_min:
            continue
        hull = cv2.convexHull(contour)
        perimeter = cv2.arcLength(hull, True)
        for eps in (0.01, 0.02, 0.03):
            approx = cv2.approxPolyDP(hull, eps * perimeter, True)
            if len(approx) == 4:
                found.append((area, approx))
                break
    found.sort(key=lambda item: -item[0])
    return [quad for _, quad in found[:8]]


def _warp(gray: np.ndarray, corners: np.ndarray, scale: float, width: int,
          height: int) -> np.ndarray:
    dst = np.array([[0, 0], [width, 0], [width, height], [0, height]], dtype=np.float32)
    matrix = cv2.getPerspectiveTransform((corners / scale).astype(np.float32), dst)
    return cv2.warpPerspective(gray, matrix, (width, height), flags=cv2.INTER_AREA,
                               borderMode=cv2.BORDER_REPLICATE)


def _line_mask(straight: np.ndarray) -> np.ndarray:
    block = (CELL // 2) | 1
    return cv2.adaptiveThreshold(straight, 1, cv2.ADAPTIVE_THRESH_MEAN_C,
                                 cv2.THRESH_BINARY_INV, block, 10)


def _lines(profile: np.ndarray, count: int, step: float) -> list[float] | None:
    """The places of `count + 1` evenly meant lines in a darkness profile, each looked for
    near where it should be; None if some line is not there."""
    places: list[float] = []
    reach = int(step * 0.18)
    for i in range(count + 1):
        at = round(i * step)
        low, high = max(at - reach, 0), min(at + reach + 1, len(profile))
        window = profile[low:high]
        best = int(np.argmax(window))
        if window[best] < 0.45:
            return None
        places.append(float(low + best))
    return places


def _grid_lines(straight: np.ndarray) -> tuple[list[float], list[float]] | None:
    mask = _line_mask(straight)
    h, w = mask.shape
    columns = mask.mean(axis=0)
    rows = mask.mean(axis=1)
    xs = _lines(columns, COLUMNS, w / COLUMNS)
    ys = _lines(rows, ROWS, h / ROWS)
    if xs is None or ys is None:
        return None
    # Between the lines a grid is mostly paper: the inside of a cell is not a line.
    for a, b in itertools.pairwise(xs):
        if columns[int(a + (b - a) * 0.35):int(a + (b - a) * 0.65)].min() > 0.4:
            return None
    return xs, ys


def _find_grid(gray: np.ndarray) -> np.ndarray:
    """The card's grid seen straight (9 cells across, 3 down, about CELL px each)."""
    scale = WORK_SIDE / max(gray.shape)
    work = cv2.resize(gray, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    corners = _grid_corners(work, inside=True)
    if corners is None:
        raise PhotoError("no_card_found", "no card's 3x9 grid was found in the photo: take it "
                                          "again with the whole card in the picture, flat "
                                          "and lit")
    return _warp(gray, corners, scale, COLUMNS * CELL, ROWS * CELL)


def _grid_corners(work: np.ndarray, inside: bool) -> np.ndarray | None:
    """The corners of the grid in `work`, or None. A four-cornered outline that is not a
    grid (the card's own edge, say) is looked inside once, seen straight (`inside`)."""
    quads = [_order(quad) for quad in _quads(work)]
    for corners in quads:
        small = _warp(work, corners, 1.0, COLUMNS * CELL // 2, ROWS * CELL // 2)
        if _grid_lines(small) is not None:
            return corners
    if not inside:
        return None
    for corners in quads:
        w = max(int(np.linalg.norm(corners[1] - corners[0])), 200)
        h = max(int(np.linalg.norm(corners[3] - corners[0])), 100)
        dst = np.array([[0, 0], [w, 0], [w, h], [0, h]], dtype=np.float32)
        matrix = cv2.getPerspectiveTransform(corners.astype(np.float32), dst)
        flat = cv2.warpPerspective(work, matrix, (w, h), flags=cv2.INTER_AREA,
                                   borderMode=cv2.BORDER_REPLICATE)
        found = _grid_corners(flat, inside=False)
        if found is not None:
            back = cv2.perspectiveTransform(found.reshape(-1, 1, 2), np.linalg.inv(matrix))
            return back.reshape(4, 2).astype(np.float32)
    return None


# -- the cells -----------------------------------------------------------------------------
@dataclass(frozen=True)
class _Cell:
    row: int
    column: int
    ink: float  # the share of the cell's inside that is print
    # Its glyphs (filled cells), left to right: black print on white, each as tall as the
    # whole number (so a Persian zero stays a dot beside a digit).
    glyphs: tuple[np.ndarray, ...] | None


def _cells(straight: np.ndarray) -> list[_Cell]:
    lines = _grid_lines(straight)
    h, w = straight.shape
    if lines is None:
        xs = [i * w / COLUMNS for i in range(COLUMNS + 1)]
        ys = [i * h / ROWS for i in range(ROWS + 1)]
    else:
        xs, ys = lines
    mask = _line_mask(straight).astype(bool)
    ink_level = float(np.median(straight[mask])) if mask.any() else 0.0
    found: list[_Cell] = []
    for r in range(ROWS):
        for c in range(COLUMNS):
            x0, x1, y0, y1 = xs[c], xs[c + 1], ys[r], ys[r + 1]
            mx, my = (x1 - x0) * 0.1, (y1 - y0) * 0.1
            inside = straight[int(y0 + my):int(y1 - my), int(x0 + mx):int(x1 - mx)]
            found.append(_cell(r, c, inside, ink_level))
    return found


def _cell(r: int, c: int, inside: np.ndarray, ink_level: float) -> _Cell:
    paper = float(np.percentile(inside, 90))
    gap = paper - ink_level
    if gap < 25:  # no print darker than this cell's paper can be told apart
        return _Cell(r, c, 0.0, None)
    threshold = ink_level + gap * 0.5
    ink = (inside < threshold).astype(np.uint8)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    keep = np.zeros(count, dtype=bool)
    area_min = inside.size * 0.002
    for i in range(1, count):
        x, y, bw, bh, area = stats[i]
        touches = x == 0 or y == 0 or x + bw >= inside.shape[1] or y + bh >= inside.shape[0]
        # A blob that touches the cut and is long and thin is a line's edge, not print.
        if area < area_min or (touches and min(bw, bh) < inside.shape[0] * 0.12):
            continue
        keep[i] = True
    printed = keep[labels]
    share = float(printed.mean())
    if share < 0.01:
        return _Cell(r, c, share, None)
    ys, _ = np.nonzero(printed)
    y0, y1 = ys.min(), ys.max() + 1
    # The number's glyphs: its blobs, those one above another (a broken stroke) as one.
    spans: list[list[int]] = []
    for i in sorted((int(i) for i in np.nonzero(keep)[0]), key=lambda i: int(stats[i][0])):
        x, bw = int(stats[i][0]), int(stats[i][2])
        if spans and x < spans[-1][1] - min(bw, spans[-1][1] - spans[-1][0]) * 0.5:
            spans[-1][1] = max(spans[-1][1], x + bw)
            spans[-1].append(i)
        else:
            spans.append([x, x + bw, i])
    glyphs = []
    for span in spans:
        x0, x1, ids = span[0], span[1], span[2:]
        mask = np.isin(labels[y0:y1, x0:x1], ids)
        glyphs.append(np.where(mask, 0, 255).astype(np.uint8))
    return _Cell(r, c, share, tuple(glyphs))


# -- the digits ----------------------------------------------------------------------------
# The page Tesseract reads holds every filled cell's number four times, a card row a
# line each time: three times with the number's digits spaced apart (a digit alone is read
# best, with no neighbour to run into), at three sizes, and once as printed. The readings
# a script counts (SCRIPTS) must all agree.
LINES = (  # height of the line, gap between digits (None: as printed), gap between numbers
    (30, 30, 90),
    (24, 30, 90),
    (30, None, 90),
    (36, 45, 90),
)
LINE_GAP = 40  # px between two lines
MARGIN = 30  # px around the page


@dataclass(frozen=True)
class _Slot:
    """Where one thing Tesseract should read lies on the page: line, left, right."""

    line: int
    left: int
    right: int


@dataclass
class _Page:
    image: np.ndarray
    slots: dict[Cell, list[list[_Slot]]]  # a cell's slots in each line: digits, or the whole
    tops: list[tuple[int, int]]  # each line's top and bottom


def _scaled(glyph: np.ndarray, height: int) -> np.ndarray:
    gh, gw = glyph.shape
    width = max(round(gw * height / gh), 1)
    return cv2.resize(glyph, (width, height), interpolation=cv2.INTER_AREA)


def _page(cells: list[_Cell]) -> _Page:
    pieces: list[tuple[int, int, np.ndarray]] = []  # top, left, image
    slots: dict[Cell, list[list[_Slot]]] = {}
    top = MARGIN
    tops: list[tuple[int, int]] = []  # each line's top and bottom
    for height, digit_gap, number_gap in LINES:
        for r in range(ROWS):
            line = len(tops)
            tops.append((top, top + height))
            x = MARGIN
            for cell in cells:
                if cell.row != r or cell.glyphs is None:
                    continue
                parts = [_join(cell.glyphs)] if digit_gap is None else list(cell.glyphs)
                here = []
                for i, part in enumerate(parts):
                    image = _scaled(part, height)
                    if i:
                        x += digit_gap or 0
                    pieces.append((top, x, image))
                    here.append(_Slot(line, x, x + image.shape[1]))
                    x += image.shape[1]
                slots.setdefault((cell.row, cell.column), []).append(here)
                x += number_gap
            top += height + LINE_GAP
    width = max(left + image.shape[1] for _, left, image in pieces) + MARGIN
    page = np.full((top - LINE_GAP + MARGIN, width), 255, dtype=np.uint8)
    for y, x, image in pieces:
        page[y:y + image.shape[0], x:x + image.shape[1]] = image
    return _Page(page, slots, tops)


def _line_of(page: _Page, middle: float) -> int:
    for line, (_, bottom) in enumerate(page.tops):
        if middle < bottom + LINE_GAP / 2:
            return line
    return len(page.tops)


def _join(glyphs: tuple[np.ndarray, ...]) -> np.ndarray:
    """A number's glyphs side by side again, as printed (a narrow gap between them)."""
    gap = np.full((glyphs[0].shape[0], max(glyphs[0].shape[0] // 12, 2)), 255, dtype=np.uint8)
    parts: list[np.ndarray] = []
    for glyph in glyphs:
        if parts:
            parts.append(gap)
        parts.append(glyph)
    return np.hstack(parts)


@dataclass(frozen=True)
class _Char:
    text: str
    line: int
    centre: float


def _ocr(page: _Page, lang: str, digits: str) -> list[_Char]:
    """Tesseract's characters on the page: each with its line and its middle across."""
    config = f"--psm 6 -c tessedit_char_whitelist={digits}"
    boxes = pytesseract.image_to_boxes(page.image, lang=lang, config=config)
    height = page.image.shape[0]
    chars = []
    for row in boxes.splitlines():
        parts = row.split()
        if len(parts) < 5:
            continue
        left, bottom, right, top = (int(v) for v in parts[1:5])
        chars.append(_Char(parts[0], _line_of(page, height - (bottom + top) / 2),
                           (left + right) / 2))
    return chars


def _in(slot: _Slot, chars: list[_Char]) -> str:
    """The characters whose middles fall in `slot`, left to right."""
    return "".join(ch.text for ch in sorted(chars, key=lambda ch: ch.centre)
                   if ch.line == slot.line and slot.left - 4 <= ch.centre <= slot.right + 4)


def _number(page: _Page, chars: list[_Char], cell: Cell, counted: tuple[int, ...],
            veto: tuple[int, ...] = ()) -> tuple[int | None, str]:
    """A cell's number, or None, and why it is doubtful ("" when it is not): certain only
    when every counted line reads it alike, a spaced line one digit for each glyph (or two
    for a glyph alone: two digits that touch in print), inside the column's decade. A
    number read but doubtful is kept, for the host to see. A line's characters are taken
    by the number they fall in, not by glyph: the Persian model's boxes stray within a
    number (right to left), never from one number to the next, 90 px away."""
    readings: list[str] = []
    glyph_counts: list[bool] = []
    others: list[str] = []
    for i, slots in enumerate(page.slots[cell]):
        span = _Slot(slots[0].line, slots[0].left - 12, slots[-1].right + 12)
        text = _in(span, chars).translate(PERSIAN)
        if i in veto:
            others.append(text)
        if i not in counted:
            continue
        readings.append(text)
        spaced = LINES[i][1] is not None
        glyph_counts.append(bool(text) if not spaced else
                            len(text) == len(slots) or (len(slots) == 1 and len(text) == 2))
    first = readings[0]
    number = int(first) if first.isdigit() and 1 <= int(first) <= 90 else None
    if not any(readings):
        return None, "print read as nothing"
    if not all(glyph_counts) or not first.isdigit():
        return number, f"its {len(page.slots[cell][0])} marks read as {first or 'nothing'}"
    if any(text != first for text in readings):
        return number, "read as " + " and as ".join(sorted(set(readings)))
    for text in others:
        if len(text) == len(first) and text != first:
            return number, f"read as {first} and as {text}"
    decade = column_range(int(cell[1]))
    if number is None or number not in decade:
        return number, f"read as {first}, outside column {cell[1] + 1}'s " \
                       f"{decade.start}-{decade.stop - 1}"
    return number, ""


def _read_cells(cells: list[_Cell]) -> tuple[list[list[int | None]], set[Cell], dict[Cell, str],
                                             str]:
    grid: list[list[int | None]] = [[None] * COLUMNS for _ in range(ROWS)]
    doubtful: set[Cell] = set()
    why: dict[Cell, str] = {}
    for cell in cells:
        if cell.glyphs is None and cell.ink > 0.003:
            doubtful.add((cell.row, cell.column))
            why[(cell.row, cell.column)] = "a little ink: blank or not?"
    if not any(cell.glyphs is not None for cell in cells):
        return grid, doubtful, why, "latin"
    page = _page(cells)
    tried: list[tuple[int, str, dict[Cell, tuple[int | None, str]]]] = []
    for script, lang, digits, counted in SCRIPTS:
        chars = _ocr(page, lang, digits)
        readings = {cell: _number(page, chars, cell, counted, VETO[script]) for cell in page.slots}
        fits = sum(1 for number, doubt in readings.values() if number is not None and not doubt)
        tried.append((fits, script, readings))
    tried.sort(key=lambda t: -t[0])
    (fits, script, readings), (other, _, _) = tried[0], tried[1]
    for (r, c), (number, doubt) in readings.items():
        grid[r][c] = number
        if fits == other:  # neither script reads the card better: every number is a doubt
            doubt = doubt or "read in Latin and Persian digits alike"
        if doubt:
            doubtful.add((r, c))
            why[(r, c)] = doubt
    return grid, doubtful, why, script


# -- the command line ----------------------------------------------------------------------
def reading_json(result: CardReading) -> dict[str, Any]:
    """A reading as JSON: the grid (null for a blank), the doubtful cells (row and column
    from 1, and why), whether the card holds and the rules it breaks."""
    check = result.check
    return {
        "grid": [list(row) for row in result.reading.grid],
        "script": result.script,
        "doubtful": [{"row": r + 1, "column": c + 1,
                      "why": result.why.get((r, c)) or ", ".join(d.value for d in doubts)}
                     for (r, c), doubts in check.doubts.items()],
        "holds": check.holds,
        "problems": [{"rule": p.key, "message": p.message} for p in check.problems],
        "seconds": round(result.seconds, 3),
    }


def reading_text(result: CardReading) -> str:
    """A reading for a person: the grid (blanks as dots, doubtful cells with a ?), the
    doubtful cells and why, and whether the card holds (or which rule it breaks)."""
    check = result.check
    lines = []
    for r, row in enumerate(result.reading.grid):
        cells = []
        for c, number in enumerate(row):
            text = "." if number is None else str(number)
            cells.append(f"{text}{'?' if (r, c) in check.doubts else ' '}".rjust(4))
        lines.append("".join(cells).rstrip())
    if check.doubts:
        lines.append(f"doubtful cells ({len(check.doubts)}), to confirm:")
        for (r, c), doubts in check.doubts.items():
            reason = result.why.get((r, c)) or ""
            if Doubt.COLUMN_ORDER in doubts:
                reason = (reason + "; " if reason else "") + "its column does not rise downwards"
            lines.append(f"  row {r + 1}, column {c + 1}: {reason}")
    else:
        lines.append("no doubtful cells")
    if check.holds:
        lines.append("the card holds: 3 rows of 5 numbers, each in its column's decade")
    else:
        lines.append("the card is refused:")
        lines.extend(f"  {problem.message}" for problem in check.problems)
    return "\n".join(lines) + "\n"


def print_reading(path: Path, form: str, out: TextIO) -> int:
    """``debarna cards read PHOTO``: prints the reading; 0 when the card holds, 1 when it is
    refused, 2 when the photo cannot be read (the reason on stderr)."""
    try:
        photo = path.read_bytes()
    except OSError as exc:
        print(f"debarna: cannot read {path}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    try:
        result = read_card(photo)
    except PhotoError as exc:
        print(f"debarna: {path}: {exc.message} ({exc.key})", file=sys.stderr)
        return 2
    except pytesseract.TesseractNotFoundError:
        print("debarna: tesseract is not installed (apt install tesseract-ocr "
              "tesseract-ocr-fas)", file=sys.stderr)
        return 2
    if form == "json":
        out.write(json.dumps(reading_json(result), ensure_ascii=False) + "\n")
    else:
        out.write(reading_text(result))
    return 0 if result.holds else 1

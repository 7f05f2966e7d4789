"""Phone photos of store-bought Dabernā cards, made from a seed (for the reading benchmark
and the reader's tests).

A card is drawn as shop sets print them: a 3×9 grid with a border on a coloured card
(red, blue, green, yellow, orange, and paler ones), the filled cells sometimes tinted,
sometimes a title or a printed card number above the grid, the numbers in a font installed
from Debian (DejaVu, Noto Sans/Serif, Liberation, Noto Sans Arabic, and FarsiWeb's Titr and
Nazli for Persian digits) in Latin or Persian digits. Its numbers follow §8: 3 rows of 5 numbers,
each in its column's decade, a column's numbers rising downwards.

The card is then photographed: laid on a table (wood or cloth), seen in perspective up to
25° of tilt, turned in the picture, scaled into a phone's resolution (1600×1200 to
4032×3024, landscape or portrait), lit unevenly (a gradient and a soft shadow), blurred,
noisy, and saved as JPEG (quality 50-95) or PNG; some photos store their pixels turned and
say so in the EXIF orientation tag, as phones do.

    photo = make_photo(seed)          # CardPhoto: .data (bytes), .truth (dict), .grid
    python benchmarks/card_photos.py --count 20 --out /tmp/cards   # files + truth.json

Everything is deterministic from the seed (numpy's and Python's generators seeded with it).
"""

from __future__ import annotations

import argparse
import io
import json
import math
import random
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

FONT_DIR = Path("/usr/share/fonts/truetype")
LATIN_FONTS = (
    "dejavu/DejaVuSans-Bold.ttf",
    "dejavu/DejaVuSans.ttf",
    "dejavu/DejaVuSerif-Bold.ttf",
    "noto/NotoSans-Bold.ttf",
    "noto/NotoSans-Regular.ttf",
    "noto/NotoSerif-Bold.ttf",
    "noto/NotoSerif-Regular.ttf",
    "liberation/LiberationSans-Bold.ttf",
    "liberation/LiberationSerif-Bold.ttf",
    "liberation/LiberationMono-Bold.ttf",
)
PERSIAN_FONTS = (
    "noto/NotoSansArabic-Bold.ttf",
    "noto/NotoSansArabic-Regular.ttf",
    "farsiweb/titr.ttf",
    "farsiweb/nazli.ttf",
    "dejavu/DejaVuSans-Bold.ttf",
    "dejavu/DejaVuSans.ttf",
)
TITLE_FONT = "dejavu/DejaVuSans-Bold.ttf"
PERSIAN_TITLE_FONT = "noto/NotoSansArabic-Bold.ttf"
PERSIAN_DIGITS = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")

# (card colour, ink colour): as shop sets come, the ink dark on the card.
CARD_COLOURS = {
    "red": ((205, 45, 50), (30, 10, 10)),
    "blue": ((60, 110, 200), (10, 15, 45)),
    "green": ((60, 160, 90), (10, 35, 15)),
    "yellow": ((245, 215, 60), (40, 30, 10)),
    "orange": ((240, 140, 40), (45, 20, 5)),
    "pink": ((245, 170, 190), (60, 15, 30)),
    "pale-blue": ((175, 210, 240), (15, 30, 80)),
    "white": ((245, 242, 232), (20, 20, 20)),
}
RESOLUTIONS = ((1600, 1200), (2048, 1536), (2592, 1944), (3264, 2448), (4032, 3024))
MAX_TILT = 25.0  # degrees


@dataclass(frozen=True)
class CardPhoto:
    """One generated photo: the file's bytes and what is on it."""

    seed: int
    data: bytes
    grid: tuple[tuple[int | None, ...], ...]
    truth: dict[str, Any] = field(default_factory=dict)

    @property
    def suffix(self) -> str:
        return "." + str(self.truth["format"])


def card_numbers(rng: random.Random) -> list[list[int | None]]:
    """A shop card by §8: each row 5 numbers in 5 of the 9 columns, each number in its
    column's decade, a column's numbers rising downwards, no number twice."""
    rows = [sorted(rng.sample(range(9), 5)) for _ in range(3)]
    grid: list[list[int | None]] = [[None] * 9 for _ in range(3)]
    for c in range(9):
        used = [r for r in range(3) if c in rows[r]]
        low, high = (1, 9) if c == 0 else (80, 90) if c == 8 else (10 * c, 10 * c + 9)
        numbers = sorted(rng.sample(range(low, high + 1), len(used)))
        for r, n in zip(used, numbers, strict=True):
            grid[r][c] = n
    return grid


def _font(path: str, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONT_DIR / path), size)


def _mix(a: tuple[int, int, int], b: tuple[int, int, int], t: float) -> tuple[int, int, int]:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t),
            round(a[2] + (b[2] - a[2]) * t))


def draw_card(grid: list[list[int | None]], rng: random.Random,
              truth: dict[str, Any]) -> Image.Image:
    """The card flat, at about 110 px a cell, as a shop would print it."""
    colour_name = rng.choice(sorted(CARD_COLOURS))
    card, ink = CARD_COLOURS[colour_name]
    persian = rng.random() < 0.5
    font_path = rng.choice(PERSIAN_FONTS if persian else LATIN_FONTS)
    cell_w = rng.randint(100, 125)
    cell_h = round(cell_w * rng.uniform(0.85, 1.15))
    margin = rng.randint(25, 60)
    title = rng.random() < 0.6
    title_h = rng.randint(70, 110) if title else 0
    w = 9 * cell_w + 2 * margin
    h = 3 * cell_h + 2 * margin + title_h
    image = Image.new("RGB", (w, h), card)
    draw = ImageDraw.Draw(image)
    x0, y0 = margin, margin + title_h
    tint = rng.random()
    blank_fill = card
    number_fill = card
    if tint < 0.35:  # the numbered cells printed paler, as many sets do
        number_fill = _mix(card, (255, 255, 255), rng.uniform(0.45, 0.85))
    elif tint < 0.55:  # the blanks printed darker
        blank_fill = _mix(card, ink, rng.uniform(0.2, 0.4))
    elif tint < 0.75:  # the whole grid white on the coloured card
        number_fill = blank_fill = _mix(card, (255, 255, 255), rng.uniform(0.8, 0.95))
    line = rng.randint(3, 7)
    border = line + rng.randint(0, 5)
    size = round(min(cell_w, cell_h) * rng.uniform(0.48, 0.66))
    font = _font(font_path, size)
    for r in range(3):
        for c in range(9):
            box = (x0 + c * cell_w, y0 + r * cell_h, x0 + (c + 1) * cell_w, y0 + (r + 1) * cell_h)
            n = grid[r][c]
            draw.rectangle(box, fill=number_fill if n is not None else blank_fill)
            if n is None:
                continue
            text = str(n).translate(PERSIAN_DIGITS) if persian else str(n)
            cx = (box[0] + box[2]) / 2 + rng.uniform(-0.04, 0.04) * cell_w
            cy = (box[1] + box[3]) / 2 + rng.uniform(-0.04, 0.04) * cell_h
            draw.text((cx, cy), text, font=font, fill=ink, anchor="mm")
    for c in range(10):
        x = x0 + c * cell_w
        draw.line([(x, y0), (x, y0 + 3 * cell_h)], fill=ink, width=line)
    for r in range(4):
        y = y0 + r * cell_h
        draw.line([(x0, y), (x0 + 9 * cell_w, y)], fill=ink, width=line)
    draw.rectangle((x0 - border // 2, y0 - border // 2, x0 + 9 * cell_w + border // 2,
                    y0 + 3 * cell_h + border // 2), outline=ink, width=border)
    printed = None
    if title:
        printed = rng.randint(1, 48)
        if persian:
            heading = "دبرنا  " + str(printed).translate(PERSIAN_DIGITS)
            tfont = _font(PERSIAN_TITLE_FONT, round(title_h * 0.55))
        else:
            heading = rng.choice(("DABERNA", "TOMBALA", "BINGO", "LOTTO")) + f"  No. {printed}"
            tfont = _font(TITLE_FONT, round(title_h * 0.5))
        draw.text((w / 2, margin + title_h * 0.45), heading, font=tfont, fill=ink, anchor="mm")
    truth.update(colour=colour_name, script="persian" if persian else "latin",
                 font=Path(font_path).stem, printed_number=printed, tint=tint < 0.75,
                 grid_box=[x0, y0, x0 + 9 * cell_w, y0 + 3 * cell_h], card_size=[w, h])
    return image


def _table(size: tuple[int, int], rng: random.Random, np_rng: np.random.Generator) -> np.ndarray:
    """A table top at `size` (w, h): wood grain or a cloth, made small and scaled up."""
    w, h = size
    sw, sh = max(w // 8, 8), max(h // 8, 8)
    kind = rng.choice(("wood", "wood", "cloth", "laminate"))
    if kind == "wood":
        base = np.array(rng.choice(((120, 80, 45), (150, 105, 65), (90, 60, 35),
                                    (170, 130, 90))), dtype=np.float32)
        y = np.arange(sh, dtype=np.float32)[:, None]
        x = np.arange(sw, dtype=np.float32)[None, :]
        warp = np_rng.normal(0, 1, (1, sw)).cumsum(axis=1) * 0.8
        grain = np.sin((y + warp) * rng.uniform(0.15, 0.4)) * 0.5 + 0.5
        grain = grain * rng.uniform(0.1, 0.25) + np_rng.normal(0, 0.03, (sh, sw))
        small = base[None, None, :] * (0.85 + grain[..., None]) + x[..., None] * 0
    else:
        base = np.array(rng.choice(((200, 200, 195), (60, 90, 60), (110, 40, 40),
                                    (225, 215, 190), (70, 70, 80))), dtype=np.float32)
        small = base[None, None, :] * (1 + np_rng.normal(0, 0.04, (sh, sw, 1)))
    small = np.clip(small, 0, 255).astype(np.uint8)
    return cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR)


def _homography(card_wh: tuple[int, int], photo_wh: tuple[int, int], rng: random.Random,
                truth: dict[str, Any]) -> np.ndarray:
    """Where the flat card goes in the photo: tilted up to 25° about a random axis (a
    pinhole camera), turned in the picture, scaled to fill 45-85 % of its width."""
    cw, ch = card_wh
    pw, ph = photo_wh
    tilt = math.radians(rng.uniform(0, MAX_TILT))
    axis = rng.uniform(0, 2 * math.pi)
    spin = math.radians(rng.uniform(-15, 15))
    # Card corners centred at the origin, in the card's plane, rotated in 3D.
    corners = np.array([[-cw / 2, -ch / 2, 0], [cw / 2, -ch / 2, 0], [cw / 2, ch / 2, 0],
                        [-cw / 2, ch / 2, 0]], dtype=np.float64)
    ax = np.array([math.cos(axis), math.sin(axis), 0.0])
    k = np.array([[0, -ax[2], ax[1]], [ax[2], 0, -ax[0]], [-ax[1], ax[0], 0]])
    rot = np.eye(3) + math.sin(tilt) * k + (1 - math.cos(tilt)) * (k @ k)
    spin_m = np.array([[math.cos(spin), -math.sin(spin), 0], [math.sin(spin), math.cos(spin), 0],
                       [0, 0, 1]])
    pts = (spin_m @ rot @ corners.T).T
    focal = max(cw, ch) * rng.uniform(1.2, 2.2)
    z = pts[:, 2] + focal
    proj = pts[:, :2] * (focal / z)[:, None]
    span = proj.max(axis=0) - proj.min(axis=0)
    fill = rng.uniform(0.45, 0.85)
    scale = min(pw * fill / span[0], ph * 0.9 / span[1])
    proj = proj * scale
    centre = np.array([pw / 2 + rng.uniform(-0.5, 0.5) * (pw - span[0] * scale) * 0.9,
                       ph / 2 + rng.uniform(-0.5, 0.5) * (ph - span[1] * scale) * 0.9])
    proj = proj + centre
    src = np.array([[0, 0], [cw, 0], [cw, ch], [0, ch]], dtype=np.float32)
    truth.update(tilt=round(math.degrees(tilt), 1), spin=round(math.degrees(spin), 1),
                 corners=proj.round(1).tolist())
    return cv2.getPerspectiveTransform(src, proj.astype(np.float32))


def _light(image: np.ndarray, rng: random.Random) -> np.ndarray:
    """Uneven light: a gradient across the picture and, often, a soft shadow."""
    h, w = image.shape[:2]
    sh, sw = max(h // 16, 4), max(w // 16, 4)
    y, x = np.mgrid[0:sh, 0:sw].astype(np.float32)
    angle = rng.uniform(0, 2 * math.pi)
    ramp = (x / sw - 0.5) * math.cos(angle) + (y / sh - 0.5) * math.sin(angle)
    gain = 1 + ramp * rng.uniform(0.2, 0.6) + rng.uniform(-0.1, 0.05)
    if rng.random() < 0.6:  # a shadow: a soft-edged blob somewhere
        cx, cy = rng.uniform(0, sw), rng.uniform(0, sh)
        rx, ry = rng.uniform(0.2, 0.6) * sw, rng.uniform(0.2, 0.6) * sh
        d = ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2
        gain = gain * (1 - rng.uniform(0.15, 0.4) * np.clip(1.5 - d, 0, 1))
    gain = cv2.resize(gain, (w, h), interpolation=cv2.INTER_LINEAR)
    warm = np.array([1.0, rng.uniform(0.95, 1.02), rng.uniform(0.85, 1.0)], dtype=np.float32)
    return image.astype(np.float32) * gain[..., None] * warm[None, None, :]


def smudge(card: Image.Image, grid: list[list[int | None]], rng: random.Random,
           truth: dict[str, Any]) -> None:
    """Ink scribbled over one number of the card (a child's pen, a stain)."""
    cells = [(r, c) for r in range(3) for c in range(9) if grid[r][c] is not None]
    r, c = rng.choice(cells)
    x0, y0, x1, _ = truth["grid_box"]
    w = (x1 - x0) / 9
    h = (truth["grid_box"][3] - y0) / 3
    draw = ImageDraw.Draw(card)
    ink = CARD_COLOURS[truth["colour"]][1]
    left, top = x0 + c * w, y0 + r * h
    for _ in range(4):
        points = [(left + w * rng.uniform(0.15, 0.85), top + h * rng.uniform(0.2, 0.8))
                  for _ in range(4)]
        draw.line(points, fill=ink, width=max(int(w * 0.09), 3), joint="curve")
    truth["smudged"] = [r, c]


def make_photo(seed: int, smudged: bool = False, blank: bool = False) -> CardPhoto:
    """The photo made from `seed`; `smudged`: one number scribbled over; `blank`: the
    table alone, no card on it."""
    rng = random.Random(seed)
    np_rng = np.random.default_rng(seed)
    grid = card_numbers(rng)
    truth: dict[str, Any] = {"seed": seed, "grid": grid}
    card = draw_card(grid, rng, truth)
    if smudged:
        smudge(card, grid, rng, truth)
    pw, ph = rng.choice(RESOLUTIONS)
    portrait = rng.random() < 0.3
    if portrait:
        pw, ph = ph, pw
    table = _table((pw, ph), rng, np_rng)
    card_rgb = np.asarray(card)
    hmat = _homography(card.size, (pw, ph), rng, truth)
    warped = cv2.warpPerspective(card_rgb, hmat, (pw, ph), flags=cv2.INTER_LINEAR)
    mask = cv2.warpPerspective(np.full(card_rgb.shape[:2], 255, np.uint8), hmat, (pw, ph))
    if blank:
        mask[:] = 0
    if rng.random() < 0.7:  # the card's own shadow on the table
        offset = np.array([[1, 0, rng.uniform(-0.01, 0.01) * pw],
                           [0, 1, rng.uniform(0, 0.015) * ph]], dtype=np.float32)
        shadow = cv2.warpAffine(mask, offset, (pw, ph))
        shadow = cv2.GaussianBlur(shadow, (0, 0), pw * 0.006)
        table = (table * (1 - shadow[..., None] / 255 * 0.35)).astype(np.uint8)
    alpha = (mask.astype(np.float32) / 255)[..., None]
    photo: np.ndarray = _light(warped * alpha + table * (1 - alpha), rng)
    blur = rng.uniform(0, 2.2) * pw / 2000
    if blur > 0.3:
        photo = cv2.GaussianBlur(photo, (0, 0), blur)
    noise = rng.uniform(2, 9)
    photo = photo + np_rng.normal(0, noise, photo.shape[:2])[..., None].astype(np.float32)
    image = Image.fromarray(np.clip(photo, 0, 255).astype(np.uint8))
    if rng.random() < 0.15:
        image = image.filter(ImageFilter.UnsharpMask(2, 60))  # a phone's sharpening
    orientation = rng.choice((1, 1, 1, 6, 8, 3))
    stored = image
    if orientation == 6:
        stored = image.transpose(Image.Transpose.ROTATE_90)
    elif orientation == 8:
        stored = image.transpose(Image.Transpose.ROTATE_270)
    elif orientation == 3:
        stored = image.transpose(Image.Transpose.ROTATE_180)
    exif = Image.Exif()
    exif[0x0112] = orientation
    out = io.BytesIO()
    # A phone saves JPEG; a PNG (a screenshot, a shared picture) comes smaller.
    fmt = "jpeg" if rng.random() < 0.85 or pw * ph > 2048 * 1536 else "png"
    if fmt == "jpeg":
        quality = rng.randint(50, 95)
        stored.save(out, "JPEG", quality=quality, exif=exif.tobytes())
        truth["quality"] = quality
    else:
        stored.save(out, "PNG", exif=exif.tobytes(), compress_level=1)
    truth.update(format=fmt, size=[pw, ph], orientation=orientation, blur=round(blur, 2),
                 noise=round(noise, 1))
    frozen = tuple(tuple(row) for row in grid)
    return CardPhoto(seed, out.getvalue(), frozen, truth)


def photos(count: int, seed: int = 0) -> Iterator[CardPhoto]:
    """`count` photos, from seeds `seed`, `seed + 1`, ..."""
    for i in range(count):
        yield make_photo(seed + i)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, required=True, help="a directory to write into")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    truths = []
    for photo in photos(args.count, args.seed):
        name = f"card-{photo.seed:05d}{photo.suffix}"
        (args.out / name).write_bytes(photo.data)
        truths.append({"file": name, **photo.truth})
    (args.out / "truth.json").write_text(json.dumps(truths, ensure_ascii=False, indent=1))
    print(f"{len(truths)} photos in {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Persian and Latin text for any surface: fonts from the system, shaping, drawing order.

Shared by the screen (kiosk.text) and the printers (hardware.printing). The fonts
come from Debian's fonts-noto-core (Noto Sans Arabic for Arabic script, Noto Sans
or DejaVu Sans for Latin): found at run time, never shipped. Noto Sans Arabic has
no Latin letters, so a line is drawn as runs, each in the font that has its glyphs.
"""

from __future__ import annotations

import logging
import shutil
import subprocess
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

import arabic_reshaper
from bidi import get_display

log = logging.getLogger(__name__)

FONT_PACKAGE = "fonts-noto-core"
FONT_DIRS = (
    Path("/usr/share/fonts/truetype/noto"),
    Path("/usr/share/fonts/truetype/dejavu"),
    Path("/usr/share/fonts/noto"),
    Path("/usr/share/fonts/TTF"),
    Path("/usr/local/share/fonts"),
    Path.home() / ".local/share/fonts",
)
ARABIC_FILES = {False: ("NotoSansArabic-Regular.ttf",), True: ("NotoSansArabic-Bold.ttf",)}
LATIN_FILES = {
    False: ("NotoSans-Regular.ttf", "DejaVuSans.ttf"),
    True: ("NotoSans-Bold.ttf", "DejaVuSans-Bold.ttf"),
}
SYMBOL_FILES = {  # fonts-dejavu-core: the card suits and stars Noto Sans lacks
    False: ("DejaVuSans.ttf",),
    True: ("DejaVuSans-Bold.ttf",),
}
FC_NAMES = {
    (True, False): "Noto Sans Arabic",
    (True, True): "Noto Sans Arabic:bold",
    (False, False): "Noto Sans",
    (False, True): "Noto Sans:bold",
}
# Joiners and direction marks have done their work once the text is shaped and in
# drawing order; some fonts would draw them as visible marks.
INVISIBLE = dict.fromkeys(
    map(ord, "\u200c\u200d\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
)
PERSIAN_DIGITS = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")


class FontError(RuntimeError):
    """No usable font was found; the message says which package to install."""


def is_arabic(ch: str) -> bool:
    """Whether a character is Arabic script (letters, Persian digits, joiners)."""
    code = ord(ch)
    return (
        0x0600 <= code <= 0x06FF
        or 0x0750 <= code <= 0x077F
        or 0x08A0 <= code <= 0x08FF
        or 0xFB50 <= code <= 0xFDFF
        or 0xFE70 <= code <= 0xFEFF
        or code in (0x200C, 0x200D)
    )


def has_arabic(text: str) -> bool:
    return any(is_arabic(ch) for ch in text)


@lru_cache(maxsize=4096)
def visual(text: str, rtl: bool = False) -> str:
    """Text shaped and in left-to-right drawing order, joiners and marks removed.

    Persian is shaped (letters joined) and reordered; `rtl` lays the whole line out
    right to left even where it has no Persian letters. Kept for lines seen again (a
    line is measured before it is drawn, and shaping reads the reshaper's settings
    anew each time: a tenth of a millisecond a line here, half a millisecond on a Pi).
    """
    if has_arabic(text) or rtl:
        text = _mirror_brackets(text, rtl)
        text = get_display(arabic_reshaper.reshape(text), base_dir="R" if rtl else "L")
    return text.translate(INVISIBLE)


_MIRRORED = {"(": ")", ")": "(", "[": "]", "]": "[", "{": "}", "}": "{", "«": "»", "»": "«",
             "<": ">", ">": "<"}


def _strong(ch: str) -> str | None:
    """R for Arabic letters, L for other letters, None for neutrals (digits count as R)."""
    if is_arabic(ch) or ch.isdigit():
        return "R"
    if ch.isalpha():
        return "L"
    return None


def _mirror_brackets(text: str, rtl: bool) -> str:
    """Brackets that resolve right-to-left, given as their mirror images.

    python-bidi reorders a line but leaves out rule L4 (mirroring), so "(x)" in a
    Persian sentence would come out as ")x(". A bracket pair takes the line's
    direction when it holds a strong character of that direction, else the other
    direction when it holds one and the text before agrees (rule N0); a lone bracket
    takes the direction of the strong characters on both sides when they agree,
    else the line's (N1/N2). Digits after a Latin letter count as Latin (W7).
    """
    if not any(ch in _MIRRORED for ch in text):
        return text
    base = "R" if rtl else "L"
    kinds: list[str | None] = []
    last = base
    for ch in text:
        kind = _strong(ch)
        if kind == "R" and ch.isdigit() and not is_arabic(ch) and last == "L":
            kind = "L"
        if kind is not None:
            last = kind
        kinds.append(kind)

    def before(i: int) -> str:
        return next((k for k in reversed(kinds[:i]) if k is not None), base)

    def after(i: int) -> str:
        return next((k for k in kinds[i + 1:] if k is not None), base)

    resolved: dict[int, str] = {}
    opened: list[int] = []
    for i, ch in enumerate(text):
        if ch in "([{«<":
            opened.append(i)
        elif ch in ")]}»>" and opened:
            j = opened.pop()
            inside = {k for k in kinds[j + 1:i] if k is not None}
            if base in inside:
                resolved[i] = resolved[j] = base
            elif inside:
                other = inside.pop()
                resolved[i] = resolved[j] = other if before(j) == other else base
    out = list(text)
    for i, ch in enumerate(text):
        if ch not in _MIRRORED:
            continue
        direction = resolved.get(i)
        if direction is None:
            direction = before(i) if before(i) == after(i) else base
        if direction == "R":
            out[i] = _MIRRORED[ch]
    return "".join(out)


def persian_digits(text: str) -> str:
    """Western digits written as Persian ones (for Persian sentences, not for serials)."""
    return text.translate(PERSIAN_DIGITS)


@dataclass(frozen=True)
class FontFiles:
    """The font files for Arabic script and for Latin text, regular and bold."""

    arabic: Path
    arabic_bold: Path
    latin: Path
    latin_bold: Path
    # A font for the signs neither has (the card suits ♠ ♥ ♦ ♣, ★): DejaVu Sans when
    # installed; None draws them with the others' missing-glyph box.
    symbols: Path | None = None
    symbols_bold: Path | None = None

    def file(self, arabic: bool, bold: bool) -> Path:
        if arabic:
            return self.arabic_bold if bold else self.arabic
        return self.latin_bold if bold else self.latin


def _fc_match(pattern: str) -> Path | None:
    if shutil.which("fc-match") is None:
        return None
    try:
        out = subprocess.run(
            ["fc-match", "-f", "%{file}", pattern],
            capture_output=True, text=True, timeout=5, check=False,
        ).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return None
    path = Path(out) if out else None
    return path if path is not None and path.suffix.lower() == ".ttf" else None


def _locate(names: Iterable[str], pattern: str, arabic: bool) -> Path | None:
    """A font by its file name in the usual folders, else by asking fontconfig."""
    for name in names:
        for folder in FONT_DIRS:
            if (folder / name).is_file():
                return folder / name
    match = _fc_match(pattern)
    if match is not None and (not arabic or "arabic" in match.name.lower()):
        return match
    return None


@cache
def find_fonts() -> FontFiles:
    """The fonts to draw with; FontError names the Debian package when one is missing."""
    found: dict[tuple[bool, bool], Path] = {}
    for arabic in (True, False):
        for bold in (False, True):
            names = (ARABIC_FILES if arabic else LATIN_FILES)[bold]
            path = _locate(names, FC_NAMES[(arabic, bold)], arabic)
            if path is None:
                what = ("Persian text (Noto Sans Arabic)" if arabic
                        else "Latin text (Noto Sans or DejaVu Sans)")
                message = (f"No font for {what} was found. Install the Debian package "
                           f"{FONT_PACKAGE}: sudo apt install {FONT_PACKAGE}")
                log.error(message)
                raise FontError(message)
            found[(arabic, bold)] = path
    symbols = {bold: _locate(SYMBOL_FILES[bold], "DejaVu Sans" + (":bold" if bold else ""),
                             False) for bold in (False, True)}
    return FontFiles(found[(True, False)], found[(True, True)], found[(False, False)],
                     found[(False, True)], symbols[False], symbols[True] or symbols[False])

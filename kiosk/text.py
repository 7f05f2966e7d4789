"""Text on screen: font discovery, Persian shaping, right-to-left runs and a surface cache.

Noto Sans Arabic has Arabic script, digits and some punctuation but no Latin letters,
so a line is shaped (arabic-reshaper), put in visual order (python-bidi) and cut into
runs, each drawn with a font that has its glyphs: Arabic script with Noto Sans
Arabic, Latin and Western digits with Noto Sans (or DejaVu Sans), and the signs
neither has (the card suits, stars) with DejaVu Sans. Runs share one baseline, and
every line of a given size has the same height, so rows of text line up.
"""

from __future__ import annotations

import logging
import weakref
from collections import OrderedDict, deque
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

import pygame

from hardware.script import FontError, FontFiles, find_fonts, has_arabic, is_arabic, visual

log = logging.getLogger(__name__)

CACHE_SIZE = 1024
CACHE_BYTES = 8 * 2**20  # and at most this much of them: a long evening's memory stays flat
DESCENT_SHARE = 0.42  # Persian letters reach this far below the baseline (share of size)

Colour = tuple[int, int, int] | tuple[int, int, int, int]

# What warming a font draws (`TextRenderer.warm_one`): the letters, digits and signs most
# lines are made of, so their glyphs are ready at that size.
WARM_STEP = 6  # glyphs a frame with time to spare warms
WARM_LATIN = ("0123456789 ABCDEFGHIJKLMNOPQRSTUVWXYZ abcdefghijklmnopqrstuvwxyz "
              ".,:;!?'()/-–·…×=+%")
WARM_SIGNS = " .,:;!?'()/-–—·…×=+%«»،؟♠♥♦♣★✓"  # and the signs whose font is asked for
WARM_PERSIAN = ("۰۱۲۳۴۵۶۷۸۹ ابپتثجچحخدذرزژسشصضطظعغفقکگلمنوهی "
                "بببب پپپ تتت ججج ححح سسس ششش ععع ففف ققق ککک گگگ للل ممم ننن ههه ییی ، ؟ «»")

__all__ = ["FontError", "FontFiles", "Line", "TextRenderer", "find_fonts", "has_arabic",
           "visual"]


@dataclass(frozen=True)
class Line:
    """What a surface the renderer handed out shows (see `TextRenderer.record`): its words,
    the size they read as (a line shrunk to fit reads smaller than it was asked for), its
    colour, weight and direction."""

    text: str
    size: int
    colour: Colour
    bold: bool
    rtl: bool


def aligned(box: pygame.Rect, rect: pygame.Rect, align: str, rtl: bool) -> pygame.Rect:
    """`box` moved across `rect`: "start" (the right edge in right-to-left text), "center"
    or "end"."""
    side = {"start": "right" if rtl else "left", "end": "left" if rtl else "right"}
    where = side.get(align, "center")
    if where == "left":
        box.left = rect.left
    elif where == "right":
        box.right = rect.right
    else:
        box.centerx = rect.centerx
    return box


class TextRenderer:
    """Renders shaped, mixed-script lines to cached surfaces."""

    def __init__(self, files: FontFiles | None = None, rtl: bool = False) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        self.files = files or find_fonts()
        self.rtl = rtl
        self._fonts: dict[tuple[Path, int], pygame.font.Font] = {}
        self._glyphs: dict[tuple[Path, str], bool] = {}
        self._notdef: dict[Path, bytes] = {}
        self._cache: OrderedDict[tuple[object, ...], pygame.Surface] = OrderedDict()
        self._widths: OrderedDict[tuple[object, ...], int] = OrderedDict()
        # fonts to warm, each with how many letters of its sample are warm already
        self._wanted: OrderedDict[tuple[Path, int], int] = OrderedDict()
        self._samples: dict[bool, str] = {}
        self._warm: set[tuple[Path, int]] = set()  # and those warmed
        self._probes: deque[tuple[Path, str]] = deque()  # (font, sign): has_glyph to ask
        self._bytes = 0  # the pixels the cache holds
        self.hits = 0
        self.misses = 0

    # With `record` on, each surface any renderer hands out is noted with what it shows,
    # for as long as the surface lives (the screen walker, tests/kiosk/walker.py, follows
    # where it is drawn).
    issued: ClassVar[weakref.WeakKeyDictionary[pygame.Surface, Line] | None] = None

    @classmethod
    def record(cls, on: bool = True) -> None:
        """Note what each line handed out from now on shows (`issued`), or stop."""
        cls.issued = weakref.WeakKeyDictionary() if on else None

    def _issue(self, surface: pygame.Surface, text: str, size: int, colour: Colour,
               bold: bool, rtl: bool) -> pygame.Surface:
        issued = TextRenderer.issued
        if issued is not None:
            issued[surface] = Line(text, size, tuple(colour), bold, rtl)
        return surface

    # -- fonts --------------------------------------------------------------------------
    def font(self, path: Path, size: int) -> pygame.font.Font:
        key = (path, size)
        font = self._fonts.get(key)
        if font is None:
            font = pygame.font.Font(path, size)
            self._fonts[key] = font
        return font

    def _paths(self, bold: bool) -> tuple[Path, Path]:
        f = self.files
        return (f.arabic_bold, f.latin_bold) if bold else (f.arabic, f.latin)

    def _fallbacks(self, bold: bool) -> tuple[Path, ...]:
        """Where a sign neither the Arabic nor the Latin font has is looked for next."""
        symbols = self.files.symbols_bold if bold else self.files.symbols
        return () if symbols is None else (symbols,)

    def has_glyph(self, path: Path, ch: str) -> bool:
        """Whether the font draws `ch` itself rather than its 'missing glyph' box."""
        key = (path, ch)
        known = self._glyphs.get(key)
        if known is not None:
            return known
        font = self.font(path, 24)
        if path not in self._notdef:
            self._notdef[path] = pygame.image.tobytes(font.render("\ue000", True, "white"), "RGBA")
        if ch.isspace():
            result = True
        else:
            drawn = pygame.image.tobytes(font.render(ch, True, "white"), "RGBA")
            result = drawn != self._notdef[path]
        self._glyphs[key] = result
        return result

    def runs(self, line: str, bold: bool = False) -> list[tuple[Path, str]]:
        """A visual-order line cut into (font file, text) runs."""
        arabic, latin = self._paths(bold)
        if line[:1].isalnum() and line.isascii() and line.isprintable():
            return [(latin, line)]  # begun with a Latin letter: the Latin font draws it all
        runs: list[tuple[Path, str]] = []
        current: Path | None = None
        for ch in line:
            if is_arabic(ch):
                want = arabic
            elif ch.isalnum():
                want = latin
            elif current is not None and self.has_glyph(current, ch):
                want = current  # a neutral stays in the run it sits in
            else:
                want = next((f for f in (arabic, latin, *self._fallbacks(bold))
                             if self.has_glyph(f, ch)), latin)
            if want is current:  # the same file objects: no path comparison a letter
                runs[-1] = (current, runs[-1][1] + ch)
            else:
                runs.append((want, ch))
                current = want
        return runs

    def line_box(self, size: int) -> tuple[int, int]:
        """(ascent, descent) in pixels shared by every line of this size."""
        latin = self.font(self.files.latin, size)
        ascent = latin.get_ascent()
        descent = max(-latin.get_descent(), round(DESCENT_SHARE * size))
        return ascent, descent

    # -- rendering ----------------------------------------------------------------------
    def render(
        self, text: str, size: int, colour: Colour, bold: bool = False, rtl: bool | None = None
    ) -> pygame.Surface:
        """The line drawn on a transparent surface (cached; do not draw on it)."""
        rtl = self.rtl if rtl is None else rtl
        key = (text, size, tuple(colour), bold, rtl)
        surface = self._cache.get(key)
        if surface is not None:
            self._cache.move_to_end(key)
            self.hits += 1
        else:
            self.misses += 1
            surface = self._store(key, self._render(visual(text, rtl), size, colour, bold))
        return self._issue(surface, text, size, colour, bold, rtl)

    def _store(self, key: tuple[object, ...], surface: pygame.Surface) -> pygame.Surface:
        self._cache[key] = surface
        self._bytes += surface.get_pitch() * surface.get_height()
        while len(self._cache) > CACHE_SIZE or self._bytes > CACHE_BYTES:
            _, old = self._cache.popitem(last=False)
            self._bytes -= old.get_pitch() * old.get_height()
        return surface

    def _render(self, line: str, size: int, colour: Colour, bold: bool) -> pygame.Surface:
        ascent, descent = self.line_box(size)
        pieces: list[tuple[pygame.Surface, int]] = []
        width = 0
        for path, run in self.runs(line, bold):
            font = self.font(path, size)
            piece = font.render(run, True, colour)
            pieces.append((piece, ascent - font.get_ascent()))
            width += piece.get_width()
        surface = pygame.Surface((max(width, 1), ascent + descent), pygame.SRCALPHA)
        x = 0
        for piece, y in pieces:
            surface.blit(piece, (x, y))
            x += piece.get_width()
        return surface

    def width(self, text: str, size: int, bold: bool = False, rtl: bool | None = None) -> int:
        """How wide `render` draws the line, in pixels, measured without drawing it (the
        glyphs' advances, run by run: a wrap or a fit tries many lines and draws one)."""
        rtl = self.rtl if rtl is None else rtl
        key = (text, size, bold, rtl)
        known = self._widths.get(key)
        if known is None:
            line = visual(text, rtl)
            known = max(1, sum(self.font(path, size).size(run)[0]
                               for path, run in self.runs(line, bold)))
            self._widths[key] = known
            if len(self._widths) > 4 * CACHE_SIZE:
                self._widths.popitem(last=False)
        return known

    def fitted(
        self, text: str, size: int, colour: Colour, max_width: int, bold: bool = False,
        rtl: bool | None = None, min_size: int = 8,
    ) -> tuple[pygame.Surface, int]:
        """The line at `size`, or, if it is wider than `max_width`, drawn at `size` and
        scaled down smoothly to that width (never below `min_size`); and the size it reads
        as. A line is shrunk by scaling, not drawn at a smaller size: a font's first lines
        at a new size cost a millisecond or more (on a Raspberry Pi core, five), a scaling
        a twentieth of that."""
        rtl = self.rtl if rtl is None else rtl
        wide = self.width(text, size, bold, rtl)
        if wide <= max_width or size <= min_size:
            return self.render(text, size, colour, bold, rtl), size
        scale = max(max_width / wide, min_size / size)
        reads = max(min_size, int(size * scale))
        key = ("fitted", text, size, tuple(colour), bold, rtl, max_width, min_size)
        surface = self._cache.get(key)
        if surface is None:
            full = self.render(text, size, colour, bold, rtl)
            shrunk = (max(1, min(max_width, int(full.get_width() * scale))),
                      max(1, round(full.get_height() * scale)))
            surface = self._store(key, pygame.transform.smoothscale(full, shrunk))
        else:
            self._cache.move_to_end(key)
        return self._issue(surface, text, reads, colour, bold, rtl), reads

    def fit(
        self, text: str, size: int, colour: Colour, max_width: int, bold: bool = False,
        rtl: bool | None = None, min_size: int = 8,
    ) -> pygame.Surface:
        """The line at `size`, or scaled down until it is no wider than `max_width`."""
        return self.fitted(text, size, colour, max_width, bold, rtl, min_size)[0]

    def draw(
        self, target: pygame.Surface, text: str, size: int, colour: Colour, rect: pygame.Rect,
        align: str = "start", bold: bool = False, rtl: bool | None = None,
    ) -> pygame.Rect:
        """Draw a line inside `rect`, shrunk to fit its width, centred vertically.

        `align` is "start", "center" or "end"; start is the right edge in right-to-left
        text. Returns the rectangle drawn to.
        """
        rtl = self.rtl if rtl is None else rtl
        surface = self.fit(text, size, colour, rect.width, bold, rtl)
        box = aligned(surface.get_rect(centery=rect.centery), rect, align, rtl)
        return target.blit(surface, box)

    def wrap(
        self, text: str, size: int, width: int, bold: bool = False, rtl: bool | None = None,
        colour: Colour = (255, 255, 255),
    ) -> list[str]:
        """`text` cut at spaces into lines no wider than `width` (a longer word stays whole).
        `colour` is no longer needed (lines are measured, not drawn) and kept for callers."""
        lines: list[str] = []
        for word in text.split():
            trial = f"{lines[-1]} {word}" if lines else word
            if lines and self.width(trial, size, bold, rtl) <= width:
                lines[-1] = trial
            else:
                lines.append(word)
        return lines

    def paragraph(
        self, target: pygame.Surface, text: str, size: int, colour: Colour, rect: pygame.Rect,
        align: str = "center", rtl: bool | None = None, leading: float = 1.4, min_size: int = 12,
    ) -> None:
        """`text` wrapped to `rect`'s width, smaller if the lines would not fit its height,
        the lines centred vertically in it."""
        while True:
            lines = self.wrap(text, size, rect.width, rtl=rtl, colour=colour)
            pitch = round(size * leading)
            if len(lines) * pitch <= rect.height or size <= min_size:
                break
            size -= 2
        top = rect.centery - pitch * len(lines) // 2
        for i, line in enumerate(lines):
            row = pygame.Rect(rect.left, top + i * pitch, rect.width, pitch)
            self.draw(target, line, size, colour, row, align=align, rtl=rtl)

    # -- warming fonts before they are needed ----------------------------------------------
    def want(self, sizes: Iterable[int], rtl: bool | None = None) -> None:
        """The sizes a screen draws its text at: each font (both weights, and the Persian
        font's too in right-to-left text) is opened and its common letters drawn once by
        `warm_one`, a frame with time to spare at a time. A font's first lines at a size
        cost a millisecond or more (five on a Raspberry Pi core); warmed, a line costs a
        twentieth of that."""
        rtl = self.rtl if rtl is None else rtl
        f = self.files
        paths = (f.latin, f.latin_bold, *((f.arabic, f.arabic_bold) if rtl else ()))
        for size in sizes:
            for path in paths:
                if (path, size) not in self._warm and (path, size) not in self._wanted:
                    self._wanted[(path, size)] = 0
        # and which font draws each common sign (`runs` asks each font in turn, at once)
        for bold in (False, True):
            for path in (*self._paths(bold), *self._fallbacks(bold)):
                self._probes.extend((path, ch) for ch in WARM_SIGNS
                                    if (path, ch) not in self._glyphs)

    @property
    def warming(self) -> bool:
        """Fonts are still waiting to be warmed."""
        return bool(self._wanted or self._probes)

    def warm_one(self) -> bool:
        """Warm a few more letters of the next wanted font (see `want`), or learn which
        font draws a few more signs: at most `WARM_STEP` glyphs, a few tenths of a
        millisecond here; False when nothing is waiting."""
        if self._probes:
            for _ in range(min(WARM_STEP, len(self._probes))):
                self.has_glyph(*self._probes.popleft())
            return True
        if not self._wanted:
            return False
        path, size = next(iter(self._wanted))
        arabic = path in (self.files.arabic, self.files.arabic_bold)
        sample = self._samples.get(arabic)
        if sample is None:
            sample = self._samples[arabic] = (visual(WARM_PERSIAN, True) if arabic
                                              else WARM_LATIN)
        done = self._wanted[(path, size)]
        piece = sample[done:done + WARM_STEP]
        self.font(path, size).render(piece, True, (255, 255, 255))
        if done + WARM_STEP >= len(sample):
            del self._wanted[(path, size)]
            self._warm.add((path, size))
        else:
            self._wanted[(path, size)] = done + WARM_STEP
        return True

    def clear(self) -> None:
        self._cache.clear()
        self._widths.clear()
        self._bytes = 0

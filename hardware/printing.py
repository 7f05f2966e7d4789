"""Printing tickets: A4 PDF sheets for any printer through CUPS, and ESC/POS receipt printers.

A PDF page holds one strip of 6 tickets, one under the other, with dashed cut lines
between them and 12 mm margins (home printers cannot print the outer 5 mm or so).
Each ticket shows its title in Persian and English, its serial in large type for
typing in, its 3×9 grid (numbers large, blanks shaded) and its QR code: the signed
payload of `TicketCodes.encode`, error correction M, in the QR alphanumeric mode,
drawn as vector squares 38 mm across with its quiet zone.

Neither reportlab nor receipt printers shape Persian, so Persian text is shaped
(arabic-reshaper) and put in visual order (python-bidi) first, and drawn with
Noto Sans Arabic; Latin text uses Noto Sans, or DejaVu Sans. The fonts are found at
run time in the usual system folders (Debian: fonts-noto-core) and embedded in the
PDF. On a receipt printer the title and grid are sent as images.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import subprocess
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import qrcode
from PIL import Image, ImageDraw, ImageFont
from qrcode.util import MODE_ALPHA_NUM, QRData
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from engines.debarna.codes import TicketCodes
from engines.debarna.ticket import COLUMNS, ROWS, Ticket

from . import script
from .script import FontError, FontFiles, has_arabic, is_arabic, persian_digits, visual

TITLE_FA = "دبرنا"
TITLE_EN = "Dabernā"
FONT_PACKAGE = "fonts-noto-core"

# -- page geometry (points) -------------------------------------------------------------
PAGE_WIDTH, PAGE_HEIGHT = A4
MARGIN = 12 * mm
HEADING = 7 * mm  # the strip's heading line, above its first ticket
PAD = 2.5 * mm  # inside a ticket, from its cut lines
QR_SIZE = 38 * mm  # the code with its 4-module quiet zone
QR_BORDER = 4  # modules of quiet zone (the QR standard's minimum)
GAP = 3 * mm  # between the grid and the quiet zone
TITLE_BAND = 8.5 * mm  # the ticket's title line, above its grid
INK = (0.1, 0.1, 0.1)
SHADE = (0.82, 0.82, 0.82)
CUT = (0.45, 0.45, 0.45)

# -- receipt printers -------------------------------------------------------------------
RECEIPT_DOTS = 384  # printable width of a 58 mm printer; 80 mm printers take 576
RECEIPT_DPI = 203


class PrintError(RuntimeError):
    """Printing failed; the message is a sentence telling the user what to do.

    The message is English, for the command line and the log, and may name the
    command's flags. `key` names the kiosk catalogue's sentence for the TV (in the
    screen's language, naming no flag: the host there sets the config file, not flags)
    and `values` fill its placeholders.
    """

    def __init__(self, message: str, key: str = "printing.error_other",
                 **values: object) -> None:
        super().__init__(message)
        self.key = key
        self.values = values

    def __reduce__(self) -> tuple[Any, ...]:
        # whole across a worker process's pipe: the key and values too, not the message alone
        return (self.__class__, (str(self), self.key), {"values": self.values})


def ticket_links(strips: list[list[Ticket]], codes: TicketCodes,
                 address: str | None = None) -> list[list[str]]:
    """What each ticket's QR code holds (`TicketCodes.link`), strip by strip: signed here,
    so that the drawing, which may run in a worker process, never needs the key."""
    return [[codes.link(ticket, address) for ticket in strip] for strip in strips]


# -- fonts and text ---------------------------------------------------------------------
def find_fonts() -> FontFiles:
    """The TrueType files to print with; PrintError names the package when one is missing."""
    try:
        return script.find_fonts()
    except FontError as exc:
        raise PrintError(f"{exc}, then print again.", "printing.error_no_font",
                         package=FONT_PACKAGE) from exc


def _visual(text: str) -> str:
    """A printed line in drawing order: a Persian sentence reads right to left."""
    return visual(text, rtl=has_arabic(text))


def _runs(line: str) -> list[tuple[bool, str]]:
    """A visual-order line cut into (is Arabic script, text) runs; spaces join the run."""
    runs: list[tuple[bool, str]] = []
    for ch in line:
        arabic = is_arabic(ch) if not ch.isspace() or not runs else runs[-1][0]
        if runs and runs[-1][0] == arabic:
            runs[-1] = (arabic, runs[-1][1] + ch)
        else:
            runs.append((arabic, ch))
    return runs


# -- QR codes ---------------------------------------------------------------------------
def make_qr(payload: str, border: int = QR_BORDER) -> qrcode.QRCode:
    """The ticket's QR code: error correction M, one segment in alphanumeric mode.

    qrcode's automatic segmentation would put the letters of a payload in byte mode
    (and its digits in numeric mode); one alphanumeric segment is what the payload's
    character set was chosen for, and it is no larger.
    """
    code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, border=border)
    code.add_data(QRData(payload, mode=MODE_ALPHA_NUM))
    code.make(fit=True)
    return code


def _dark_runs(matrix: Sequence[Sequence[bool]]) -> Iterable[tuple[int, int, int]]:
    """(row, first column, length) of every horizontal run of dark modules."""
    for r, row in enumerate(matrix):
        c = 0
        while c < len(row):
            if row[c]:
                start = c
                while c < len(row) and row[c]:
                    c += 1
                yield r, start, c - start
            else:
                c += 1


# -- the PDF ----------------------------------------------------------------------------
class _Sheet:
    """Draws tickets on a reportlab canvas with the registered fonts."""

    def __init__(self, canvas: Canvas, names: dict[tuple[bool, bool], str]) -> None:
        self.canvas = canvas
        self.names = names

    def width(self, text: str, size: float, bold: bool = False) -> float:
        return sum(
            pdfmetrics.stringWidth(run, self.names[(arabic, bold)], size)
            for arabic, run in _runs(_visual(text))
        )

    def text(
        self, text: str, x: float, y: float, size: float, bold: bool = False,
        align: str = "left", max_width: float | None = None,
    ) -> None:
        """One line on baseline y; align is left, centre or right of x; shrunk to max_width."""
        width = self.width(text, size, bold)
        if max_width is not None and width > max_width:
            size *= max_width / width
            width = max_width
        if align == "centre":
            x -= width / 2
        elif align == "right":
            x -= width
        c = self.canvas
        for arabic, run in _runs(_visual(text)):
            name = self.names[(arabic, bold)]
            c.setFont(name, size)
            c.drawString(x, y, run)
            x += pdfmetrics.stringWidth(run, name, size)

    def cut_line(self, x1: float, y1: float, x2: float, y2: float) -> None:
        c = self.canvas
        c.saveState()
        c.setStrokeColorRGB(*CUT)
        c.setLineWidth(0.6)
        c.setDash(4, 3)
        c.line(x1, y1, x2, y2)
        c.restoreState()

    def qr(self, payload: str, x: float, y: float, size: float) -> None:
        """The code with its quiet zone in the square of side `size` at (x, y) bottom left."""
        matrix = make_qr(payload).get_matrix()
        module = size / len(matrix)
        top = y + size
        c = self.canvas
        c.saveState()
        c.setFillColorRGB(1, 1, 1)
        c.rect(x, y, size, size, stroke=0, fill=1)
        c.setFillColorRGB(0, 0, 0)
        path = c.beginPath()
        for r, col, length in _dark_runs(matrix):
            path.rect(x + col * module, top - (r + 1) * module, length * module, module)
        c.drawPath(path, stroke=0, fill=1)
        c.restoreState()

    def ticket(self, ticket: Ticket, payload: str, x: float, y: float, w: float,
               h: float) -> None:
        """One ticket in the slot (x, y, w, h) whose edges are its cut lines."""
        c = self.canvas
        inner_h = h - 2 * PAD
        qr_size = min(QR_SIZE, inner_h)
        self.qr(payload, x + w - PAD - qr_size, y + (h - qr_size) / 2, qr_size)

        left = x + PAD
        grid_w = w - 2 * PAD - qr_size - GAP
        band_top = y + h - PAD
        baseline = band_top - TITLE_BAND + 2.2 * mm
        self.text(TITLE_EN, left + 1 * mm, baseline, 13, bold=True)
        self.text(TITLE_FA, left + grid_w - 1 * mm, baseline, 15, bold=True, align="right")
        self.text(ticket.serial, left + grid_w / 2, baseline, 19, bold=True, align="centre")

        grid_top = band_top - TITLE_BAND
        grid_bottom = y + PAD
        cell_w = grid_w / COLUMNS
        cell_h = (grid_top - grid_bottom) / ROWS
        size = min(22.0, cell_h * 0.62)
        c.saveState()
        c.setFillColorRGB(*SHADE)
        for r, row in enumerate(ticket.grid):
            for col, number in enumerate(row):
                if number is None:
                    c.rect(left + col * cell_w, grid_top - (r + 1) * cell_h, cell_w, cell_h,
                           stroke=0, fill=1)
        c.setStrokeColorRGB(*INK)
        c.setLineWidth(0.6)
        for col in range(1, COLUMNS):
            c.line(left + col * cell_w, grid_bottom, left + col * cell_w, grid_top)
        for r in range(1, ROWS):
            c.line(left, grid_top - r * cell_h, left + grid_w, grid_top - r * cell_h)
        c.setLineWidth(1.4)
        c.rect(left, grid_bottom, grid_w, grid_top - grid_bottom, stroke=1, fill=0)
        c.setFillColorRGB(*INK)
        for r, row in enumerate(ticket.grid):
            for col, number in enumerate(row):
                if number is not None:
                    cx = left + (col + 0.5) * cell_w
                    cy = grid_top - (r + 0.5) * cell_h - size * 0.36
                    self.text(str(number), cx, cy, size, bold=True, align="centre")
        c.restoreState()


_registered: dict[str, Path] = {}


def _register(fonts: FontFiles) -> dict[tuple[bool, bool], str]:
    """Register the font files with reportlab (once each); their names by (Arabic, bold)."""
    names: dict[tuple[bool, bool], str] = {}
    for arabic in (True, False):
        for bold in (False, True):
            path = fonts.file(arabic, bold)
            name = f"Daberna-{'Arabic' if arabic else 'Latin'}{'-Bold' if bold else ''}"
            if _registered.get(name) != path:
                try:
                    pdfmetrics.registerFont(TTFont(name, str(path)))
                except Exception as exc:  # reportlab raises TTFError and plain errors alike
                    raise PrintError(
                        f"The font {path} cannot be used ({exc}); reinstall {FONT_PACKAGE}.",
                        "printing.error_bad_font", package=FONT_PACKAGE,
                    ) from exc
                _registered[name] = path
            names[(arabic, bold)] = name
    return names


def write_pdf(strips: list[list[Ticket]], codes: TicketCodes, path: Path,
              address: str | None = None) -> None:
    """Write the strips to an A4 PDF, one strip per page, each ticket with its signed QR
    (inside the kiosk's `address` for phones when given: `TicketCodes.link`).

    The file appears whole or not at all. Raises PrintError when no font is
    installed or the file cannot be written.
    """
    write_pdf_links(strips, ticket_links(strips, codes, address), codes.series, path)


def write_pdf_links(strips: list[list[Ticket]], links: list[list[str]], series: str,
                    path: Path) -> None:
    """`write_pdf` with each ticket's QR contents already signed (`ticket_links`): the
    kiosk runs it in a worker process, since a night's strips take seconds of a Pi's CPU."""
    path = Path(path)
    sheet = _sheet(path, "tickets", series)
    canvas = sheet.canvas
    width = PAGE_WIDTH - 2 * MARGIN
    for strip, strip_links in zip(strips, links, strict=True):
        top = PAGE_HEIGHT - MARGIN
        label = strip[0].serial.split("-")[0] if strip else ""
        sheet.text(f"{TITLE_EN} · strip {label} · cut along the dashed lines",
                   MARGIN, top - HEADING + 2.2 * mm, 9)
        sheet.text(f"{TITLE_FA} · نوار {persian_digits(label)} · روی خط‌چین‌ها ببرید",
                   MARGIN + width, top - HEADING + 2.2 * mm, 10, align="right")
        slot = (PAGE_HEIGHT - 2 * MARGIN - HEADING) / max(len(strip), 6)
        y = top - HEADING
        sheet.cut_line(MARGIN, y, MARGIN + width, y)
        for ticket, link in zip(strip, strip_links, strict=True):
            y -= slot
            sheet.ticket(ticket, link, MARGIN, y, width, slot)
            sheet.cut_line(MARGIN, y, MARGIN + width, y)
        sheet.cut_line(MARGIN, y, MARGIN, top - HEADING)
        sheet.cut_line(MARGIN + width, y, MARGIN + width, top - HEADING)
        canvas.showPage()
    _finish(sheet, path, "tickets")


def _sheet(path: Path, what: str, series: str) -> _Sheet:
    """A new A4 PDF being written beside `path` (as ``<path>.part``, `_finish` puts it in
    place), its fonts registered; `what` it holds names it."""
    names = _register(find_fonts())
    partial = path.with_name(path.name + ".part")
    canvas = Canvas(str(partial), pagesize=A4, pageCompression=1,
                    initialFontName=names[(False, False)], initialFontSize=10)
    canvas.setTitle(f"{TITLE_EN} {what}")
    canvas.setAuthor(f"{TITLE_EN} kiosk {series}")
    canvas.setCreator(f"{TITLE_EN} kiosk")
    return _Sheet(canvas, names)


def _finish(sheet: _Sheet, path: Path, what: str) -> None:
    """The PDF saved and put at `path` whole, or nothing there and PrintError."""
    partial = path.with_name(path.name + ".part")
    try:
        sheet.canvas.save()
        os.replace(partial, path)
    except OSError as exc:
        partial.unlink(missing_ok=True)
        raise PrintError(
            f"The {what} could not be written to {path} ({exc.strerror or exc}); "
            "choose a folder you can write to.", "printing.error_not_written",
        ) from exc


STICKER_W = 46 * mm  # a sticker for a shop set's card: its number and its signed code
STICKER_H = 58 * mm
STICKER_QR = 32 * mm  # smaller than a ticket's: scanned from the card, close up


def write_stickers_pdf(cards: Sequence[Ticket], codes: TicketCodes, path: Path) -> None:
    """Stickers for a shop set's registered cards on A4 (4 across, 4 down, dashed cut
    lines): each the card's number in large type, its signed QR code
    (`TicketCodes.encode`, scanned at a claim as a printed ticket's is), and the
    game's name. The file appears whole or not at all; PrintError as `write_pdf`."""
    path = Path(path)
    sheet = _sheet(path, "card stickers", codes.series)
    canvas = sheet.canvas
    across = int((PAGE_WIDTH - 2 * MARGIN) // STICKER_W)
    down = int((PAGE_HEIGHT - 2 * MARGIN) // STICKER_H)
    per_page = across * down
    for start in range(0, len(cards), per_page):
        for i, card in enumerate(cards[start:start + per_page]):
            x = MARGIN + (i % across) * STICKER_W
            y = PAGE_HEIGHT - MARGIN - (i // across + 1) * STICKER_H
            sheet.text(card.serial, x + STICKER_W / 2, y + STICKER_H - 13 * mm, 34,
                       bold=True, align="centre", max_width=STICKER_W - 2 * PAD)
            sheet.qr(codes.encode(card), x + (STICKER_W - STICKER_QR) / 2, y + 7 * mm,
                     STICKER_QR)
            sheet.text(f"{TITLE_EN} · {TITLE_FA}", x + STICKER_W / 2, y + 3 * mm, 8,
                       align="centre")
            sheet.cut_line(x, y, x + STICKER_W, y)
            sheet.cut_line(x, y + STICKER_H, x + STICKER_W, y + STICKER_H)
            sheet.cut_line(x, y, x, y + STICKER_H)
            sheet.cut_line(x + STICKER_W, y, x + STICKER_W, y + STICKER_H)
        canvas.showPage()
    _finish(sheet, path, "stickers")


# -- CUPS -------------------------------------------------------------------------------
def print_pdf(path: Path, printer: str | None = None) -> str:
    """Send a PDF to CUPS with `lp`; returns lp's line naming the job (``request id is …``).

    Raises PrintError, with what to do, when lp is missing or CUPS refuses the job.
    """
    lp = shutil.which("lp")
    if lp is None:
        raise PrintError(
            "Printing needs CUPS, and its lp command is not installed: install it "
            "(sudo apt install cups cups-client), add your printer, then print again.",
            "printing.error_no_cups",
        )
    path = Path(path).resolve()
    if not path.is_file():
        raise PrintError(f"There is no file {path} to print; make the tickets first.",
                         "printing.error_no_file")
    command = [lp]
    if printer:
        command += ["-d", printer]
    command += ["-t", f"{TITLE_EN} tickets", "-o", "media=A4", str(path)]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)
    except subprocess.TimeoutExpired as exc:
        raise PrintError(
            "CUPS did not answer within a minute; check that the cups service is running "
            "(sudo systemctl start cups) and print again.", "printing.error_cups_slow",
        ) from exc
    except OSError as exc:
        raise PrintError(f"lp could not be run ({exc.strerror or exc}); reinstall cups-client.",
                         "printing.error_no_lp") from exc
    message = (done.stderr or done.stdout).strip()
    if done.returncode != 0:
        raise _lp_error(message, printer)
    return done.stdout.strip().splitlines()[0] if done.stdout.strip() else "request sent"


def _lp_error(message: str, printer: str | None) -> PrintError:
    """What lp's complaint means, and what to do about it."""
    low = message.lower()
    if "no default destination" in low:
        return PrintError(
            "No printer is set: none was named and CUPS has no default printer; name the "
            "printer with --printer or as printing.printer in the config file (`lpstat -p` "
            "lists the printers CUPS has), or make one the default in CUPS "
            "(http://localhost:631, or lpadmin -d NAME).", "printing.error_no_default",
        )
    if not printer and ("does not exist" in low or "not found" in low):
        return _default_gone(message)
    if "does not exist" in low or "not found" in low:
        return PrintError(
            f"CUPS has no printer called {printer!r}; see the names with `lpstat -p` "
            "and give one with --printer, or add the printer in CUPS.",
            "printing.error_no_such_printer", printer=printer or "",
        )
    if "scheduler" in low or "connect" in low:
        return PrintError(
            "The CUPS service is not running: start it (sudo systemctl start cups) "
            "and print again.", "printing.error_cups_down",
        )
    return PrintError(
        f"CUPS refused the job ({message or 'no reason given'}); check the printer in CUPS.",
        "printing.error_refused",
    )


# Where CUPS takes the default printer from, as lp names it when that printer is gone
# ("lp: Error - PRINTER environment variable names default destination that does not
# exist."), most binding first.
_DEFAULT_SOURCES = ("LPDEST", "PRINTER")


def _default_gone(message: str) -> PrintError:
    """No printer was named and the default one CUPS was told to use is gone: which one,
    who named it, and what to do."""
    source, name = _named_default(message)
    where = f", named by {source}," if source else ""
    called = f" {name!r}" if name else ""
    return PrintError(
        f"The default printer{called}{where} is gone from CUPS, and no printer was named; "
        "name the printer with --printer or as printing.printer in the config file "
        "(`lpstat -p` lists the printers CUPS has), or make another the default "
        f"({_default_fix(source)}).",
        "printing.error_default_gone_named" if name else "printing.error_default_gone",
        printer=name,
    )


def _named_default(message: str) -> tuple[str, str]:
    """Who named the default printer that is gone (an environment variable or an
    lpoptions file, as lp's message says) and the name it gives; "" for what is unknown."""
    for variable in _DEFAULT_SOURCES:
        if f"{variable} environment variable" in message:
            return (f"the {variable} environment variable",
                    os.environ.get(variable, "").strip())
    found = re.search(r"(\S*lpoptions) file", message)
    if found is None:
        return "", ""
    path = Path(os.path.expanduser(found.group(1)))
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return str(path), ""
    name = ""
    for line in text.splitlines():  # "Default NAME[/INSTANCE] [options]"; the last counts
        words = line.split()
        if len(words) >= 2 and words[0].lower() == "default":
            name = words[1]
    return str(path), name


def _default_fix(source: str) -> str:
    """How to stop the gone printer being the default, where it was set."""
    if source.endswith("environment variable"):
        variable = source.split()[1]
        return f"unset {variable}, or set it to a printer CUPS has"
    if source:
        return f"lpoptions -d NAME, or correct the Default line of {source}"
    return "lpoptions -d NAME"


# -- ESC/POS receipt printers ----------------------------------------------------------
def _pil_font(path: Path, size: int) -> ImageFont.FreeTypeFont:
    # BASIC layout: the text is shaped and ordered already, so raqm must not redo it.
    return ImageFont.truetype(str(path), size, layout_engine=ImageFont.Layout.BASIC)


def _draw_line(draw: ImageDraw.ImageDraw, fonts: FontFiles, text: str, centre_x: float,
               baseline: float, size: int, bold: bool = True) -> None:
    runs = [(_pil_font(fonts.file(arabic, bold), size), run)
            for arabic, run in _runs(_visual(text))]
    width = sum(font.getlength(run) for font, run in runs)
    x = centre_x - width / 2
    for font, run in runs:
        draw.text((x, baseline), run, font=font, fill=0, anchor="ls")
        x += font.getlength(run)


def title_image(fonts: FontFiles, width: int) -> Image.Image:
    """The title line «دبرنا · Dabernā» as a 1-bit image `width` dots wide."""
    height = max(48, width // 7)
    image = Image.new("L", (width, height), 255)
    _draw_line(ImageDraw.Draw(image), fonts, f"{TITLE_FA} · {TITLE_EN}", width / 2,
               height * 0.68, int(height * 0.55))
    return image.convert("1")


def grid_image(ticket: Ticket, fonts: FontFiles, width: int) -> Image.Image:
    """The ticket's grid as a 1-bit image; blanks are dotted, since thermal paper has no grey."""
    cell = (width - 2) // COLUMNS
    grid_w, grid_h = cell * COLUMNS, int(cell * 1.15) * ROWS
    row_h = grid_h // ROWS
    image = Image.new("L", (width, grid_h + 2), 255)
    draw = ImageDraw.Draw(image)
    left = (width - grid_w) // 2
    font = _pil_font(fonts.latin_bold, int(min(row_h * 0.62, cell * 0.56)))
    for r, row in enumerate(ticket.grid):
        for c, number in enumerate(row):
            x0, y0 = left + c * cell, r * row_h
            if number is None:
                for yy in range(y0 + 2, y0 + row_h - 1, 3):
                    for xx in range(x0 + 2 + (yy // 3) % 2, x0 + cell - 1, 3):
                        draw.point((xx, yy), fill=0)
            else:
                draw.text((x0 + cell / 2, y0 + row_h / 2), str(number), font=font, fill=0,
                          anchor="mm")
            draw.rectangle((x0, y0, x0 + cell, y0 + row_h), outline=0, width=2)
    return image.convert("1")


def qr_image(payload: str, width: int) -> Image.Image:
    """The ticket's QR code (alphanumeric, level M, 4-module quiet zone) about 2/3 of `width`."""
    matrix = make_qr(payload).get_matrix()
    box = max(3, (width * 2 // 3) // len(matrix))
    side = box * len(matrix)
    image = Image.new("1", (side, side), 1)
    draw = ImageDraw.Draw(image)
    for r, c, length in _dark_runs(matrix):
        draw.rectangle((c * box, r * box, (c + length) * box - 1, (r + 1) * box - 1), fill=0)
    return image


def _receipt_printer(device: str, dots: int) -> Any:
    """An escpos printer for a device path or ``usb:VID:PID``, opened; PrintError if absent."""
    from escpos.exceptions import DeviceNotFoundError, Error

    if device.lower().startswith("usb:"):
        parts = device.split(":")
        try:
            vendor, product = (int(part, 16) for part in parts[1:3])
            if len(parts) != 3:
                raise ValueError(device)
        except ValueError as exc:
            raise PrintError(
                f"{device!r} is not a USB printer name; write it as usb:VID:PID in hex, "
                "as `lsusb` shows it (for example usb:04b8:0202).",
                "printing.error_bad_usb", device=device,
            ) from exc
        from escpos.printer import Usb

        if not Usb.is_usable():
            raise PrintError(
                "USB receipt printers need pyusb: install it (pip install 'python-escpos[usb]') "
                "or print to the printer's device file, such as /dev/usb/lp0.",
                "printing.error_no_pyusb",
            )
        try:
            printer: Any = Usb(vendor, product)
            printer.open()
        except (Error, OSError, RuntimeError) as exc:
            raise PrintError(
                f"No receipt printer answers at {device}: check it is plugged in and switched "
                f"on, and that you may use it (a udev rule, or the lp group). ({exc})",
                "printing.error_no_receipt", device=device,
            ) from exc
    else:
        from escpos.printer import File

        path = Path(device)
        if path.is_dir() or (not path.exists() and Path("/dev") in path.parents):
            raise PrintError(
                f"There is no receipt printer at {device}: check it is plugged in and "
                "switched on, and give its device file (often /dev/usb/lp0).",
                "printing.error_no_receipt", device=device,
            )
        printer = File(str(path))
        try:
            printer.open()
        except (DeviceNotFoundError, OSError) as exc:
            reason = exc.__cause__ or exc
            denied = isinstance(reason, PermissionError) or "Permission denied" in str(exc)
            advice = (
                "add yourself to the lp group (sudo adduser $USER lp) and log in again"
                if denied else "check the printer is plugged in and give its device file"
            )
            raise PrintError(
                f"The receipt printer at {device} cannot be written to; {advice}.",
                "printing.error_receipt_denied" if denied else "printing.error_no_receipt",
                device=device,
            ) from exc
    profile = dict(printer.profile.profile_data)
    profile["media"] = {"width": {"mm": round(dots * 25.4 / RECEIPT_DPI), "pixels": dots},
                        "dpi": RECEIPT_DPI}
    printer.profile.profile_data = profile
    return printer


@dataclass(frozen=True)
class Receipt:
    """One ticket's receipt, drawn (`receipt_images`): what `print_escpos` sends."""

    serial: str
    payload: str  # the QR code's contents
    grid: Image.Image
    qr: Image.Image | None  # None: the printer draws the QR itself


def receipt_images(strips: list[list[Ticket]], links: list[list[str]],
                   dots: int = RECEIPT_DOTS, native_qr: bool = False
                   ) -> tuple[Image.Image, list[Receipt]]:
    """The title and each ticket's images for a receipt printer `dots` wide, from the QR
    contents `ticket_links` signed: the drawing, which the kiosk runs in a worker process."""
    fonts = find_fonts()
    receipts = [
        Receipt(ticket.serial, link, grid_image(ticket, fonts, dots),
                None if native_qr else qr_image(link, dots))
        for strip, strip_links in zip(strips, links, strict=True)
        for ticket, link in zip(strip, strip_links, strict=True)
    ]
    return title_image(fonts, dots), receipts


def print_escpos(
    strips: list[list[Ticket]], codes: TicketCodes, device: str, *,
    dots: int = RECEIPT_DOTS, native_qr: bool = False, address: str | None = None,
    drawn: tuple[Image.Image, list[Receipt]] | None = None,
) -> None:
    """Print the tickets on an ESC/POS receipt printer, one ticket per cut.

    `device` is a device file (``/dev/usb/lp0``) or ``usb:VID:PID``; `dots` is the
    printable width (384 for 58 mm paper, 576 for 80 mm). The title and grid go as
    raster images; the QR as an image too, or with `native_qr` the printer's own QR
    command (GS ( k). `drawn` is `receipt_images`' answer when it was drawn elsewhere.
    Raises PrintError, with what to do, when the printer is absent.
    """
    from escpos.constants import QR_ECLEVEL_M
    from escpos.exceptions import Error

    printer = _receipt_printer(device, dots)
    title, receipts = drawn or receipt_images(strips, ticket_links(strips, codes, address),
                                              dots, native_qr)
    try:
        printer.hw("INIT")
        for receipt in receipts:
            printer.set(align="center")
            printer.image(title, center=True)
            printer.set(align="center", bold=True, double_width=True, double_height=True)
            printer.textln(receipt.serial)
            printer.set_with_default(align="center")
            printer.image(receipt.grid, center=True)
            printer.ln()
            if receipt.qr is None:
                printer.qr(receipt.payload, ec=QR_ECLEVEL_M, size=6, native=True)
                printer.ln()
            else:
                printer.image(receipt.qr, center=True)
            printer.textln(receipt.serial)
            printer.cut()
    except (Error, OSError) as exc:
        raise PrintError(
            f"Printing to the receipt printer at {device} failed ({exc}); check it has paper "
            "and is still connected, then print again.", "printing.error_receipt_failed",
            device=device,
        ) from exc
    finally:
        with contextlib.suppress(Error, OSError):
            printer.close()

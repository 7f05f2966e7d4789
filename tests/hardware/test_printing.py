"""Printed tickets: the PDF is rasterised and every QR code read back with a real decoder.

The PDF goes through poppler (pdftoppm, pdftotext, pdffonts) and zbar, as a scan
of the paper would; CUPS is reached through the `lp` program, which the tests
replace with a script on PATH that records what it was given; the receipt printer
is a regular file that receives the ESC/POS bytes.
"""

from __future__ import annotations

import ast
import json
import os
import pickle
import random
import shutil
import stat
import subprocess
import sys
import unicodedata
from pathlib import Path
from typing import Any

import pytest
from PIL import Image
from qrcode.constants import ERROR_CORRECT_M
from qrcode.util import MODE_ALPHA_NUM

from engines.debarna.codes import CodeError, CodeProblem, TicketCodes
from engines.debarna.strips import make_strips
from engines.debarna.ticket import Ticket, TicketError, column_range
from hardware.printing import (
    RECEIPT_DOTS,
    TITLE_EN,
    TITLE_FA,
    PrintError,
    make_qr,
    print_escpos,
    print_pdf,
    qr_image,
    receipt_images,
    ticket_links,
    write_pdf,
)

DPI = 150
MM = DPI / 25.4  # pixels per millimetre at DPI
SECRET = bytes(range(32))


def tool(name: str) -> str:
    path = shutil.which(name)
    if path is None:
        pytest.fail(f"{name} is missing: install poppler-utils (make apt)")
    return path


def decoder() -> Any:
    try:
        from pyzbar import pyzbar
    except ImportError as exc:  # the zbar library itself is missing
        pytest.fail(f"pyzbar cannot load zbar ({exc}): install libzbar0 (make apt)")
    return pyzbar


@pytest.fixture(scope="module")
def codes() -> TicketCodes:
    return TicketCodes("K7Q2XM", SECRET)


@pytest.fixture(scope="module")
def strips() -> list[list[Ticket]]:
    return make_strips(2, random.Random(2024), first=41)


@pytest.fixture(scope="module")
def pdf(tmp_path_factory: pytest.TempPathFactory, strips: list[list[Ticket]],
        codes: TicketCodes) -> Path:
    path = tmp_path_factory.mktemp("pdf") / "tickets.pdf"
    write_pdf(strips, codes, path)
    return path


@pytest.fixture(scope="module")
def pages(pdf: Path) -> list[Image.Image]:
    prefix = pdf.with_name("page")
    subprocess.run([tool("pdftoppm"), "-r", str(DPI), "-png", str(pdf), str(prefix)], check=True)
    files = sorted(pdf.parent.glob("page-*.png"))
    return [Image.open(f).convert("L") for f in files]


def tickets_of(strips: list[list[Ticket]]) -> list[Ticket]:
    return [t for strip in strips for t in strip]


# -- the PDF, read back ------------------------------------------------------------------
def test_every_qr_on_the_sheets_verifies_to_the_ticket_printed(
    pages: list[Image.Image], strips: list[list[Ticket]], codes: TicketCodes
) -> None:
    zbar = decoder()
    assert len(pages) == len(strips)  # one strip per page
    read: list[Ticket] = []
    for page, strip in zip(pages, strips, strict=True):
        found = [s for s in zbar.decode(page) if s.type == "QRCODE"]
        assert len(found) == len(strip)
        on_page = []
        for symbol in found:
            scanned = codes.verify(symbol.data.decode("ascii"))
            assert scanned.series == codes.series
            on_page.append(scanned.ticket)
        # Each code is the ticket printed beside it: top to bottom, in strip order.
        by_height = [t for _, t in sorted(zip((s.rect.top for s in found), on_page,
                                              strict=True), key=lambda p: p[0])]
        assert [(t.serial, t.grid) for t in by_height] == [(t.serial, t.grid) for t in strip]
        read += by_height
    assert len(read) == len(tickets_of(strips))


def test_the_codes_are_big_enough_and_keep_their_quiet_zone(pages: list[Image.Image]) -> None:
    zbar = decoder()
    page = pages[0]
    for symbol in zbar.decode(page):
        r = symbol.rect
        assert r.width / MM >= 25 and r.height / MM >= 25  # the symbol, without its margin
        modules = len(make_qr(symbol.data.decode("ascii"), border=0).get_matrix())
        border = round(4 * r.width / modules)  # the standard's 4 modules of quiet zone
        ring = page.crop((r.left - border, r.top - border,
                          r.left + r.width + border, r.top + r.height + border))
        keep = 2  # pixels of the symbol's own edge the rectangle may be off by
        symbol_box = (border - keep, border - keep, border + r.width + keep,
                      border + r.height + keep)
        pixels = ring.load()
        assert pixels is not None
        dark = [
            (x, y) for y in range(ring.height) for x in range(ring.width)
            if not (symbol_box[0] <= x < symbol_box[2] and symbol_box[1] <= y < symbol_box[3])
            and pixels[x, y] < 200
        ]
        assert dark == [], "something is printed in the code's quiet zone"


def test_the_qr_payload_is_alphanumeric_at_level_m(
    strips: list[list[Ticket]], codes: TicketCodes
) -> None:
    payload = codes.encode(strips[0][0])
    code = make_qr(payload)
    assert code.error_correction == ERROR_CORRECT_M
    assert [segment.mode for segment in code.data_list] == [MODE_ALPHA_NUM]


def test_nothing_is_printed_within_10_mm_of_the_paper_edge(pages: list[Image.Image]) -> None:
    for page in pages:
        assert abs(page.width / MM - 210) < 1 and abs(page.height / MM - 297) < 1  # A4
        inked = page.point(lambda v: 255 if v < 230 else 0).getbbox()
        assert inked is not None
        left, top, right, bottom = inked
        assert min(left, top, page.width - right, page.height - bottom) / MM >= 10


def test_the_serials_and_both_titles_are_text_in_embedded_fonts(
    pdf: Path, strips: list[list[Ticket]]
) -> None:
    text = subprocess.run([tool("pdftotext"), str(pdf), "-"], capture_output=True, text=True,
                          check=True).stdout
    for ticket in tickets_of(strips):
        assert ticket.serial in text
    assert TITLE_EN in text
    # Shaped Persian is drawn in presentation forms; NFKC folds them back to letters.
    assert TITLE_FA in unicodedata.normalize("NFKC", text)

    fonts = subprocess.run([tool("pdffonts"), str(pdf)], capture_output=True, text=True,
                           check=True).stdout.splitlines()[2:]
    assert any("NotoSansArabic" in line for line in fonts)
    for line in fonts:
        embedded = line.split()[-5]  # the emb column
        assert embedded == "yes", f"a font is not embedded: {line}"


def test_the_file_appears_whole_or_not_at_all(
    tmp_path: Path, strips: list[list[Ticket]], codes: TicketCodes
) -> None:
    with pytest.raises(PrintError, match="could not be written"):
        write_pdf(strips, codes, tmp_path / "no-such-folder" / "tickets.pdf")
    assert list(tmp_path.iterdir()) == []


# -- what a scan must refuse ---------------------------------------------------------------
def edited(ticket: Ticket) -> Ticket:
    """The ticket with one number changed to another that keeps it a valid ticket."""
    for r, row in enumerate(ticket.grid):
        for c, number in enumerate(row):
            if number is None:
                continue
            for other in column_range(c):
                if other in ticket.numbers:
                    continue
                grid = [list(x) for x in ticket.grid]
                grid[r][c] = other
                try:
                    return Ticket(ticket.serial, grid)
                except TicketError:
                    continue
    raise AssertionError("no valid edit found")


def test_a_payload_with_one_number_edited_is_refused(
    strips: list[list[Ticket]], codes: TicketCodes
) -> None:
    ticket = strips[0][0]
    payload = codes.encode(ticket)
    forged = codes.encode(edited(ticket))
    tag = payload.rsplit(":", 1)[1]
    tampered = forged.rsplit(":", 1)[0] + ":" + tag  # the numbers changed, the tag kept
    assert tampered != payload
    assert sum(a != b for a, b in zip(tampered, payload, strict=True)) <= 2
    with pytest.raises(CodeError) as caught:
        codes.verify(tampered)
    assert caught.value.problem is CodeProblem.BAD_SIGNATURE


def test_tickets_of_another_kiosk_are_refused(
    strips: list[list[Ticket]], codes: TicketCodes
) -> None:
    ticket = strips[1][3]
    other_kiosk = TicketCodes("ABCDEF", bytes(range(100, 132)))
    with pytest.raises(CodeError) as caught:
        codes.verify(other_kiosk.encode(ticket))
    assert caught.value.problem is CodeProblem.FOREIGN

    same_series_other_secret = TicketCodes(codes.series, bytes(range(100, 132)))
    with pytest.raises(CodeError) as caught:
        codes.verify(same_series_other_secret.encode(ticket))
    assert caught.value.problem is CodeProblem.BAD_SIGNATURE


# -- CUPS through lp -----------------------------------------------------------------------
FAKE_LP = """#!{python}
import json, shutil, sys
from pathlib import Path
record = Path({record!r})
record.mkdir(exist_ok=True)
(record / "args.json").write_text(json.dumps(sys.argv[1:]))
shutil.copyfile(sys.argv[-1], record / "printed.pdf")
failure = {failure!r}
if failure:
    print(failure, file=sys.stderr)
    sys.exit(1)
print("request id is Kitchen-42 (1 file(s))")
"""


def fake_lp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failure: str = "") -> Path:
    """Put an `lp` that records its arguments and file alone on PATH; returns its record dir."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    record = tmp_path / "record"
    lp = bin_dir / "lp"
    lp.write_text(FAKE_LP.format(python=sys.executable, record=str(record), failure=failure))
    lp.chmod(lp.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setenv("PATH", str(bin_dir))
    return record


def test_print_pdf_hands_the_file_to_lp_for_the_named_printer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, pdf: Path
) -> None:
    record = fake_lp(tmp_path, monkeypatch)
    assert print_pdf(pdf, "Kitchen") == "request id is Kitchen-42 (1 file(s))"
    args = json.loads((record / "args.json").read_text())
    assert args[args.index("-d") + 1] == "Kitchen"
    assert args[-1] == str(pdf.resolve())
    assert (record / "printed.pdf").read_bytes() == pdf.read_bytes()


def test_print_pdf_without_a_name_uses_the_default_printer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, pdf: Path
) -> None:
    record = fake_lp(tmp_path, monkeypatch)
    print_pdf(pdf)
    assert "-d" not in json.loads((record / "args.json").read_text())


@pytest.mark.parametrize(
    ("said", "advice"),
    [
        ("lp: Error - No default destination.", "--printer"),
        ("lp: The printer or class does not exist.", "lpstat -p"),
    ],
)
def test_print_pdf_turns_lp_errors_into_advice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, pdf: Path, said: str, advice: str
) -> None:
    fake_lp(tmp_path, monkeypatch, failure=said)
    with pytest.raises(PrintError, match=advice.replace("-", r"\-")):
        print_pdf(pdf, "Nowhere" if "exist" in said else None)


def test_print_pdf_without_lp_says_to_install_cups(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, pdf: Path
) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))
    with pytest.raises(PrintError) as caught:
        print_pdf(pdf)
    message = str(caught.value)
    assert "install" in message and "CUPS" in message
    assert caught.value.key == "printing.error_no_cups"


@pytest.mark.parametrize(
    ("said", "key"),
    [
        ("lp: Error - No default destination.", "printing.error_no_default"),
        ("lp: The printer or class does not exist.", "printing.error_no_such_printer"),
        ("lp: Unable to connect to the scheduler.", "printing.error_cups_down"),
        ("lp: Something else entirely.", "printing.error_refused"),
    ],
)
def test_each_lp_error_names_its_sentence_for_the_screen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, pdf: Path, said: str, key: str
) -> None:
    fake_lp(tmp_path, monkeypatch, failure=said)
    with pytest.raises(PrintError) as caught:
        print_pdf(pdf, "Nowhere")
    assert caught.value.key == key


# What CUPS's lp says when nothing is named and the default printer it was told to use is
# gone (cups/dest.c), by who named it; and what each test sets to name it.
GONE_BY_ENVIRONMENT = [
    ("PRINTER", "lp: Error - PRINTER environment variable names default destination that "
                "does not exist."),
    ("LPDEST", "lp: Error - LPDEST environment variable names default destination that "
               "does not exist."),
]
GONE_BY_FILE = ("lp: Error - ~/.cups/lpoptions file names default destination that does "
                "not exist.")


def default_names(monkeypatch: pytest.MonkeyPatch, home: Path, variable: str | None,
                  name: str) -> None:
    """Make `name` the default printer, by an environment variable or ~/.cups/lpoptions."""
    for each in ("PRINTER", "LPDEST"):
        monkeypatch.delenv(each, raising=False)
    monkeypatch.setenv("HOME", str(home))
    if variable is None:
        (home / ".cups").mkdir(parents=True)
        (home / ".cups" / "lpoptions").write_text(
            f"Dest Other\nDefault {name} media=A4\n", encoding="utf-8")
    else:
        monkeypatch.setenv(variable, name)


def assert_says_the_default_is_gone(error: PrintError, name: str, source: str) -> None:
    message = str(error)
    assert "None" not in message
    assert f"The default printer {name!r}, named by {source}, is gone from CUPS" in message
    assert "printing.printer" in message and "--printer" in message  # what to set instead
    assert "`lpstat -p`" in message  # where to see the printers there are
    assert error.key == "printing.error_default_gone_named"
    assert error.values == {"printer": name}


@pytest.mark.parametrize(("variable", "said"), GONE_BY_ENVIRONMENT)
def test_a_default_printer_named_by_the_environment_and_gone_is_named_with_what_to_do(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, pdf: Path, variable: str, said: str
) -> None:
    default_names(monkeypatch, tmp_path / "home", variable, "Kitchen2")
    fake_lp(tmp_path, monkeypatch, failure=said)
    with pytest.raises(PrintError) as caught:
        print_pdf(pdf)
    assert_says_the_default_is_gone(caught.value, "Kitchen2",
                                    f"the {variable} environment variable")
    assert f"unset {variable}" in str(caught.value)


def test_a_default_printer_named_by_lpoptions_and_gone_is_named_with_what_to_do(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, pdf: Path
) -> None:
    home = tmp_path / "home"
    default_names(monkeypatch, home, None, "Kitchen2/draft")
    fake_lp(tmp_path, monkeypatch, failure=GONE_BY_FILE)
    with pytest.raises(PrintError) as caught:
        print_pdf(pdf)
    lpoptions = home / ".cups" / "lpoptions"
    assert_says_the_default_is_gone(caught.value, "Kitchen2/draft", str(lpoptions))
    assert f"the Default line of {lpoptions}" in str(caught.value)


@pytest.mark.parametrize("variable", [None, "PRINTER"])
def test_cups_own_lp_with_its_default_printer_gone_gets_the_same_advice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, pdf: Path, variable: str | None
) -> None:
    """The real lp of cups-client, with no printer of that name anywhere."""
    if shutil.which("lp") is None:
        pytest.skip("cups-client's lp is not installed")
    name = f"Gone{random.randrange(10**6, 10**7)}"
    home = tmp_path / "home"
    default_names(monkeypatch, home, variable, name)
    with pytest.raises(PrintError) as caught:
        print_pdf(pdf)
    source = ("the PRINTER environment variable" if variable
              else str(home / ".cups" / "lpoptions"))
    assert_says_the_default_is_gone(caught.value, name, source)


def test_a_gone_default_that_cannot_be_named_is_still_said_without_none(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, pdf: Path
) -> None:
    fake_lp(tmp_path, monkeypatch, failure="lp: The printer or class does not exist.")
    with pytest.raises(PrintError) as caught:
        print_pdf(pdf)
    message = str(caught.value)
    assert "None" not in message
    assert message.startswith("The default printer is gone from CUPS, and no printer was named")
    assert "printing.printer" in message and "`lpstat -p`" in message
    assert caught.value.key == "printing.error_default_gone"


def test_no_printer_set_at_all_says_so_and_what_to_set(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, pdf: Path
) -> None:
    fake_lp(tmp_path, monkeypatch, failure="lp: Error - No default destination.")
    with pytest.raises(PrintError) as caught:
        print_pdf(pdf)
    message = str(caught.value)
    assert message.startswith("No printer is set: none was named and CUPS has no default")
    assert "printing.printer" in message and "--printer" in message
    assert "`lpstat -p`" in message
    assert caught.value.key == "printing.error_no_default"


def test_every_print_error_has_a_sentence_for_the_screen_in_both_languages() -> None:
    """Each PrintError the module raises names a catalogue key (its second argument)
    that both catalogues hold, with every placeholder it fills, and naming no flag."""
    from hardware import printing
    from kiosk.i18n import catalogue, placeholders

    tree = ast.parse(Path(printing.__file__).read_text(encoding="utf-8"))
    calls = [node for node in ast.walk(tree) if isinstance(node, ast.Call)
             and isinstance(node.func, ast.Name) and node.func.id == "PrintError"]
    assert len(calls) >= 15
    for call in calls:
        where = f"line {call.lineno}"
        assert len(call.args) == 2, where
        chosen = call.args[1]  # a key, or `a if ... else b` choosing between two
        options = [chosen.body, chosen.orelse] if isinstance(chosen, ast.IfExp) else [chosen]
        given = {keyword.arg for keyword in call.keywords}
        for option in options:
            assert isinstance(option, ast.Constant), where
            key = option.value
            for lang in ("en", "fa"):
                text = catalogue(lang).get(key)
                assert text is not None, f"{where}: {key} is not in the {lang} catalogue"
                assert placeholders(text) <= given, where
                assert "--" not in text, f"{where}: {key} names a flag"


# -- ESC/POS receipt printers ------------------------------------------------------------
ESC_INIT = b"\x1b@"
RASTER_IMAGE = b"\x1dv0"  # GS v 0
NATIVE_QR = b"\x1d(k"  # GS ( k
CUT = b"\x1bd\x06\x1dV\x00"  # feed 6 lines, then GS V 0: a full cut


def test_escpos_writes_init_images_serials_and_cuts(
    tmp_path: Path, strips: list[list[Ticket]], codes: TicketCodes
) -> None:
    out = tmp_path / "receipt.bin"
    print_escpos(strips[:1], codes, str(out))
    data = out.read_bytes()
    assert data.startswith(ESC_INIT)
    for ticket in strips[0]:
        assert ticket.serial.encode("ascii") in data
    # title, grid and QR of each ticket are raster images
    assert data.count(RASTER_IMAGE) >= 3 * len(strips[0])
    assert data.count(CUT) == len(strips[0])
    assert data.endswith(CUT)


def test_escpos_can_let_the_printer_draw_the_qr(
    tmp_path: Path, strips: list[list[Ticket]], codes: TicketCodes
) -> None:
    out = tmp_path / "receipt.bin"
    print_escpos(strips[:1], codes, str(out), native_qr=True)
    data = out.read_bytes()
    for ticket in strips[0]:
        assert codes.encode(ticket).encode("ascii") in data
    assert data.count(NATIVE_QR) == 5 * len(strips[0])  # model, size, level, store, print


def test_the_receipt_qr_image_reads_back(strips: list[list[Ticket]], codes: TicketCodes) -> None:
    zbar = decoder()
    ticket = strips[0][2]
    image = qr_image(codes.encode(ticket), 384).convert("L")
    assert image.width <= 384
    (symbol,) = zbar.decode(image)
    assert codes.verify(symbol.data.decode("ascii")).ticket == ticket


@pytest.mark.parametrize("where", ["/dev/usb/lp-not-here", "missing-dir/lp0", "a-folder"])
def test_escpos_to_an_absent_printer_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, strips: list[list[Ticket]],
    codes: TicketCodes, where: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a-folder").mkdir()
    with pytest.raises(PrintError, match="printer"):
        print_escpos(strips[:1], codes, where)
    assert not os.path.exists("/dev/usb/lp-not-here")


def test_escpos_rejects_a_malformed_usb_name(
    strips: list[list[Ticket]], codes: TicketCodes
) -> None:
    with pytest.raises(PrintError, match="usb:VID:PID"):
        print_escpos(strips[:1], codes, "usb:epson")


def test_a_print_error_crosses_a_process_boundary_whole() -> None:
    """The kiosk draws tickets in a worker process: an error raised there reaches the
    screen with its catalogue key and values, not its English message alone."""
    error = PrintError("No receipt printer answers at usb:04b8:0202.",
                       "printing.error_no_receipt", device="usb:04b8:0202")
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is PrintError and str(again) == str(error)
    assert again.key == "printing.error_no_receipt"
    assert again.values == {"device": "usb:04b8:0202"}


def test_receipts_drawn_elsewhere_print_the_same_bytes(
    tmp_path: Path, strips: list[list[Ticket]], codes: TicketCodes
) -> None:
    """The kiosk draws a receipt's images in a worker process, from QR contents signed
    beforehand (the worker never holds the key): pickled across, they print byte for byte
    what drawing them in place prints."""
    here = tmp_path / "here.bin"
    print_escpos(strips[:1], codes, str(here))
    drawn = pickle.loads(pickle.dumps(
        receipt_images(strips[:1], ticket_links(strips[:1], codes), RECEIPT_DOTS)))
    there = tmp_path / "there.bin"
    print_escpos(strips[:1], codes, str(there), drawn=drawn)
    assert there.read_bytes() == here.read_bytes()

"""Stickers for a shop set's registered cards (issue 26, part 1): an A4 PDF of cut-out
stickers, each the card's number and its signed QR code, read back through poppler and
zbar as a scanner would, and scanned at a claim as a printed ticket is."""

from __future__ import annotations

import subprocess
from pathlib import Path

from PIL import Image

from engines.debarna.card_check import StoreCard
from engines.debarna.codes import TicketCodes
from engines.debarna.hand import Hand
from engines.debarna.options import HandOptions, Stage
from hardware.printing import MARGIN, STICKER_H, STICKER_W, write_stickers_pdf
from tests.hardware.test_printing import DPI, SECRET, decoder, tool

# Shop cards: the first column falls, the fourth is empty; none is a kiosk ticket.
GRIDS = [((8, 15, None, None, 41, None, 62, 70, None),
          (3, None, 22, None, 45, 57, None, None, 84),
          (None, 19, 27, None, None, 50, 68, 77, None)),
         ((5, None, 21, None, 44, None, 61, 73, None),
          (None, 12, 29, None, 48, 55, None, None, 86),
          (2, 17, None, None, None, 59, 66, 78, None))]


def test_each_sticker_reads_back_as_its_card_and_claims_as_it(tmp_path: Path) -> None:
    codes = TicketCodes("K7Q2XM", SECRET)
    cards = [StoreCard(str(n), GRIDS[n % 2]) for n in range(1, 18)]
    pdf = tmp_path / "stickers.pdf"
    write_stickers_pdf(cards, codes, pdf)
    subprocess.run([tool("pdftoppm"), "-r", str(DPI), "-png", str(pdf), str(tmp_path / "p")],
                   check=True)
    pages = sorted(tmp_path.glob("p-*.png"))
    assert len(pages) == 2  # 16 stickers a page
    read: dict[str, StoreCard] = {}
    scale = DPI / 72  # points to pixels
    for page in pages:
        image = Image.open(page).convert("L")
        for row in range(4):  # each sticker alone, as a scanner held to it sees it
            for column in range(4):
                left = (MARGIN + column * STICKER_W) * scale
                top = (MARGIN + row * STICKER_H) * scale
                box = image.crop((round(left), round(top), round(left + STICKER_W * scale),
                                  round(top + STICKER_H * scale)))
                found = decoder().decode(box)
                if not found:
                    continue
                assert len(found) == 1
                ticket = codes.verify(found[0].data.decode("ascii")).ticket
                assert isinstance(ticket, StoreCard)
                read[ticket.serial] = ticket
    assert read == {card.serial: card for card in cards}
    text = subprocess.run([tool("pdftotext"), "-layout", str(pdf), "-"], capture_output=True,
                          text=True, check=True).stdout.split()
    assert all(card.serial in text for card in cards)  # each number printed for the eye
    # Scanned at a claim: the card in play under its number, judged as any ticket.
    card = cards[0]
    hand = Hand(HandOptions(), [card])
    for number in sorted(card.rows[2]):
        hand.call(number)
    scanned = codes.verify(codes.encode(card)).ticket
    presented = hand.present(scanned)
    assert presented.verdict is not None and presented.verdict.valid
    assert presented.verdict.stages == (Stage.LINE,)

"""QR codes on the TV: a join address drawn as dark modules on a white square."""

from __future__ import annotations

import pygame

QUIET = 4  # modules of white round the code, as readers expect


def qr_surface(text: str, side: int) -> pygame.Surface:
    """`text` as a QR code about `side` pixels square (whole pixels per module, so every
    module is sharp; the white border included)."""
    import qrcode  # only where a code is drawn: the first screen draws none

    code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, border=QUIET)
    code.add_data(text)
    code.make(fit=True)
    matrix = code.get_matrix()  # the border included
    modules = len(matrix)
    scale = max(1, side // modules)
    surface = pygame.Surface((modules * scale, modules * scale))
    surface.fill((255, 255, 255))
    for y, row in enumerate(matrix):
        for x, dark in enumerate(row):
            if dark:
                surface.fill((0, 0, 0), (x * scale, y * scale, scale, scale))
    return surface

"""The start-up shared by the scripts that draw the kiosk's screens without a screen (the
README's screenshots, the readability and contrast measurements): SDL's dummy video and
audio drivers, and no pygame greeting. `headless()` must run before pygame is imported;
a setting already in the environment (a real display, say) is kept.
"""

from __future__ import annotations

import os


def headless() -> None:
    """Draw into memory and play no sound, unless the environment says otherwise."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

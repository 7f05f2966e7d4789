"""The pygame kiosk: app loop, scenes, text, config, journal and the command line."""

import os

# pygame prints a banner on import; the kiosk's output is its own log lines.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

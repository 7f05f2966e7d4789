"""Telling a USB QR scanner's typing from a person's, with the clock passed in.

A USB scanner is a keyboard: it types the ticket code very fast, then Enter. The app
feeds every typed character (and Enter, as "\\r" or "\\n") to a `ScanDetector` with
the time it arrived. A run of characters is a scan when:

- every character is of the QR alphanumeric set (0–9 A–Z space $ % * + - . / :), or a
  lower-case letter, which a scanner sends with caps lock on and which is upper-cased;
- there are at least `min_length` of them (and at most `max_length`);
- no gap between consecutive characters is longer than `max_gap`;
- Enter follows within `max_gap` of the last one.

Then `feed` returns the `Scan` (payload without the Enter). Anything else — slow
typing, mashing, a pause mid-burst, a character outside the set — is not a scan: its
characters, Enter included, are handed back in order by `take_typed()` so ordinary
typing (a serial typed by hand) still works. Characters are held back only while
they might still be a scan, so at most `max_gap` seconds; call `expire(now)` once a
frame to let go of a burst that has stopped. A scanner that stalls mid-code gives no
scan: once a fast burst of `MACHINE_RUN` or more characters stops without Enter,
whatever starts within `STALL` seconds is the rest of that code and is typing too. A
scanner that ends with CR LF leaves no stray Enter behind: the LF is swallowed.
"""

from __future__ import annotations

from typing import Protocol

from engines.debarna.codes import QR_ALPHANUMERIC

from .events import Scan

ENTER = ("\r", "\n")
MAX_LENGTH = 256
MACHINE_RUN = 4  # this many characters this fast are no person's typing
STALL = 1.0  # seconds after a machine burst broke off in which more is its tail


class ScannerSettings(Protocol):
    """The `[scanner]` timings; `kiosk.config.ScannerConfig` fits."""

    @property
    def max_gap_ms(self) -> int: ...
    @property
    def min_length(self) -> int: ...


def scannable(char: str) -> bool:
    """Whether a scanner may type this character as part of a ticket code."""
    return len(char) == 1 and char.isascii() and char.upper() in QR_ALPHANUMERIC


class ScanDetector:
    """Splits typed characters into scans and ordinary typing."""

    def __init__(self, max_gap: float, min_length: int, max_length: int = MAX_LENGTH) -> None:
        if not max_gap > 0:
            raise ValueError(f"the longest gap in a scan must be a positive time, not {max_gap!r}")
        if not 1 <= min_length <= max_length:
            raise ValueError(f"scan lengths must satisfy 1 <= {min_length} <= {max_length}")
        self.max_gap = max_gap
        self.min_length = min_length
        self.max_length = max_length
        self._burst: list[str] = []  # characters that may still be a scan
        self._broken = False  # the current fast run cannot be a scan any more
        self._last: float | None = None  # time of the current run's last character
        self._scan_end: tuple[str, float] | None = None  # the Enter that ended a scan
        self._stalled: float | None = None  # when a machine burst broke off without Enter
        self._run = 0  # characters in the current run since its last Enter
        self._typed: list[str] = []

    @classmethod
    def from_config(cls, config: ScannerSettings) -> ScanDetector:
        return cls(config.max_gap_ms / 1000, config.min_length)

    @property
    def pending(self) -> bool:
        """Whether characters are being held back because they may be a scan."""
        return bool(self._burst)

    def feed(self, text: str, t: float) -> Scan | None:
        """One typed character (or a few, all at time `t`); the Scan it completes, if any."""
        found = None
        for char in text:
            scan = self._feed(char, t)
            if scan is not None:
                found = scan
        return found

    def take_typed(self) -> str:
        """The characters that turned out not to be a scan, in the order typed."""
        typed, self._typed = "".join(self._typed), []
        return typed

    def expire(self, t: float) -> None:
        """End a run whose last character is more than `max_gap` before `t`."""
        if self._last is not None and t - self._last > self.max_gap:
            self._end_run()
        if self._scan_end is not None and t - self._scan_end[1] > self.max_gap:
            self._scan_end = None

    def _end_run(self) -> None:
        if self._run >= MACHINE_RUN:
            self._stalled = self._last
        self._run = 0
        self._typed.extend(self._burst)
        self._burst = []
        self._broken = False
        self._last = None

    def _feed(self, char: str, t: float) -> Scan | None:
        if self._last is not None:
            t = max(t, self._last)
        self.expire(t)
        scan_end, self._scan_end = self._scan_end, None
        if self._last is None:  # a new run: is it the tail of a stalled scan?
            stalled, self._stalled = self._stalled, None
            self._broken = stalled is not None and t - stalled <= STALL
        if char in ENTER:
            self._run = 0
            if scan_end is not None and char != scan_end[0]:
                return None  # the LF of a CR LF that ended a scan
            if not self._broken and len(self._burst) >= self.min_length:
                payload = "".join(self._burst).upper()
                self._burst = []
                self._last = None
                self._scan_end = (char, t)
                return Scan(payload)
            self._typed.extend(self._burst)
            self._typed.append(char)
            self._burst = []
            self._broken = True
        elif self._broken:
            self._run += 1
            self._typed.append(char)
        elif scannable(char) and len(self._burst) < self.max_length:
            self._run += 1
            self._burst.append(char)
        else:  # noise, or longer than any code: the rest of this run is typing
            self._run += 1
            self._typed.extend(self._burst)
            self._typed.append(char)
            self._burst = []
            self._broken = True
        self._last = t
        return None

"""systemd service notifications: READY=1 once the screen is up, WATCHDOG=1 from the loop.

Speaks the sd_notify datagram protocol on $NOTIFY_SOCKET directly (a path, or an
abstract socket when it starts with "@"). Outside systemd it does nothing.
"""

from __future__ import annotations

import logging
import os
import socket
import time

log = logging.getLogger(__name__)


class Notifier:
    """Sends state lines to systemd; silent when not run as a notify service."""

    def __init__(self, address: str | None = None) -> None:
        self.address = address if address is not None else os.environ.get("NOTIFY_SOCKET")
        self._socket: socket.socket | None = None
        self._last_ping = 0.0
        usec = os.environ.get("WATCHDOG_USEC")
        # Ping at least twice per watchdog period; every 5 s when no period is known.
        self.ping_every = int(usec) / 2e6 if usec and usec.isdigit() else 5.0
        if self.address:
            self._socket = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC)

    @property
    def enabled(self) -> bool:
        return self._socket is not None

    def send(self, *lines: str) -> None:
        if self._socket is None or self.address is None:
            return
        target = "\0" + self.address[1:] if self.address.startswith("@") else self.address
        try:
            self._socket.sendto("\n".join(lines).encode(), target)
        except OSError as exc:
            log.warning("cannot notify systemd at %s: %s", self.address, exc)

    def ready(self, status: str = "calling") -> None:
        self.send("READY=1", f"STATUS={status}")

    def watchdog(self, now: float | None = None) -> None:
        """Ping the watchdog, at most every `ping_every` seconds."""
        now = time.monotonic() if now is None else now
        if now - self._last_ping >= self.ping_every:
            self._last_ping = now
            self.send("WATCHDOG=1")

    def stopping(self) -> None:
        self.send("STOPPING=1")

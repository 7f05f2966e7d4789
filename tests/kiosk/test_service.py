"""The systemd side: READY=1 and WATCHDOG=1 on a real datagram socket, and the unit file."""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from kiosk.app import Kiosk, KioskOptions
from kiosk.config import Config
from kiosk.games.debarna.journal import Journal
from kiosk.notify import Notifier
from kiosk.store import DB_NAME, Store

ROOT = Path(__file__).resolve().parents[2]
UNIT = ROOT / "systemd" / "debarna-kiosk.service"


def test_the_kiosk_sends_ready_then_keeps_pinging_the_watchdog(tmp_path: Path) -> None:
    address = tmp_path / "notify.sock"
    server = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    server.bind(str(address))
    server.settimeout(0.5)
    env = {**os.environ, "NOTIFY_SOCKET": str(address), "WATCHDOG_USEC": "200000"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "kiosk.cli", "kiosk", "--headless", "--rhythm", "0.2",
         "--run-for", "2.5"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    messages: list[str] = []
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            messages.append(server.recv(4096).decode())
        except TimeoutError:
            if proc.poll() is not None:
                break
    proc.wait(timeout=10)
    server.close()
    assert proc.returncode == 0
    lines = [line for message in messages for line in message.splitlines()]
    assert "READY=1" in lines
    ready_at = lines.index("READY=1")
    pings = [line for line in lines[ready_at:] if line == "WATCHDOG=1"]
    assert len(pings) >= 5, lines  # every 0.1 s for 2.5 s, at least a handful
    assert lines[-1] == "STOPPING=1"


def _heard(server: socket.socket) -> list[str]:
    """Every line systemd would have been sent so far."""
    lines: list[str] = []
    while True:
        try:
            lines += server.recv(4096).decode().splitlines()
        except BlockingIOError:
            return lines


def test_ready_is_sent_only_once_the_first_frame_is_on_the_display(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    address = tmp_path / "notify.sock"
    server = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    server.bind(str(address))
    server.setblocking(False)
    monkeypatch.setenv("NOTIFY_SOCKET", str(address))
    config = replace(Config(), voice=replace(Config().voice, enabled=False),
                     phones=replace(Config().phones, enabled=False))
    kiosk = Kiosk(KioskOptions(windowed=True, run_for=0.3), config, later=True)
    kiosk.start()
    shown: list[tuple[str, list[str]]] = []  # each display update: the scene, what was heard
    update = pygame.display.update

    def spy(*args: object) -> None:
        shown.append((type(kiosk.scene).__name__, _heard(server)))
        update(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(pygame.display, "update", spy)
    try:
        kiosk.loop()
    finally:
        kiosk.journal.store.close()
    after = [line for _, heard in shown[1:] for line in heard] + _heard(server)
    server.close()
    assert shown, "no frame was drawn"
    assert shown[0] == ("HomeScene", [])  # the menu went up before systemd heard anything
    assert after.count("READY=1") == 1
    assert after.index("READY=1") < after.index("STOPPING=1")
    assert "WATCHDOG=1" in after


def test_an_abstract_notify_socket_is_reached() -> None:
    name = f"debarna-test-{os.getpid()}"
    server = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    server.bind("\0" + name)
    server.settimeout(2)
    Notifier("@" + name).ready()
    assert server.recv(100).decode().splitlines()[0] == "READY=1"
    server.close()


def test_outside_systemd_nothing_is_sent(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NOTIFY_SOCKET", raising=False)
    notifier = Notifier()
    assert not notifier.enabled
    notifier.ready()  # no socket, no error


def test_on_a_screen_an_unfinished_hand_resumes_paused_with_a_notice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    data = Path(os.environ["DEBARNA_DATA_DIR"])
    first = Kiosk(KioskOptions(headless=True, seed=4, rhythm=0.05), Config())
    now = time.monotonic()
    first.controller.start_hand(now)
    for _ in range(12):
        first.controller.call_next(now)
    called = first.controller.called
    first.journal.store.close()

    again = Kiosk(KioskOptions(windowed=True), Config())  # a screen, not headless
    again.start()
    controller = again.controller
    assert controller.called == called
    assert controller.paused and not controller.running
    assert controller.notice is not None and controller.notice.key == (
        "notice.resumed_after_restart")
    assert type(again.scene).__name__ == "CallerScene"
    assert Journal(Store(data / DB_NAME)).unfinished() is not None


def _verify_root(tmp_path: Path) -> Path:
    """A root for systemd-analyze with the unit installed and a stand-in program."""
    root = tmp_path / "root"
    (root / "etc/systemd/system").mkdir(parents=True)
    shutil.copy(UNIT, root / "etc/systemd/system" / UNIT.name)
    shutil.copytree("/usr/lib/systemd/system", root / "usr/lib/systemd/system", symlinks=True)
    program = root / "opt/debarna/bin/debarna"
    program.parent.mkdir(parents=True)
    program.write_text("#!/bin/sh\n")
    program.chmod(0o755)
    return root


def test_systemd_analyze_verify_prints_nothing(tmp_path: Path) -> None:
    root = _verify_root(tmp_path)
    proc = subprocess.run(
        ["systemd-analyze", "verify", f"--root={root}", UNIT.name],
        capture_output=True, text=True, timeout=120,
    )
    assert proc.returncode == 0
    assert proc.stdout == "" and proc.stderr == "", proc.stdout + proc.stderr


def test_the_unit_is_a_notify_service_with_watchdog_and_sandbox() -> None:
    text = UNIT.read_text()
    for line in ("Type=notify", "Restart=always", "WatchdogSec=", "SDL_VIDEODRIVER=kmsdrm",
                 "ProtectSystem=strict", "ReadWritePaths=/var/lib/debarna",
                 "SupplementaryGroups=video render input gpio audio lp"):
        assert line in text, line


def test_the_unit_reaches_the_home_network_only() -> None:
    lines = [line.strip() for line in UNIT.read_text().splitlines()
             if line.strip() and not line.lstrip().startswith("#")]
    assert not any(line.startswith("PrivateNetwork=") for line in lines)
    families = [line for line in lines if line.startswith("RestrictAddressFamilies=")]
    assert len(families) == 1
    assert set(families[0].split("=", 1)[1].split()) == {"AF_UNIX", "AF_NETLINK", "AF_INET",
                                                        "AF_INET6"}
    assert [line for line in lines if line.startswith("IPAddressDeny=")] == ["IPAddressDeny=any"]
    allowed = {item for line in lines if line.startswith("IPAddressAllow=")
               for item in line.split("=", 1)[1].split()}
    assert allowed == {"localhost", "link-local", "multicast", "10.0.0.0/8", "172.16.0.0/12",
                       "192.168.0.0/16", "fc00::/7"}
    # It may bind the phones' default port and no other.
    assert "SocketBindAllow=tcp:8080" in lines and "SocketBindDeny=any" in lines
    assert f"SocketBindAllow=tcp:{Config().phones.port}" in lines


def test_the_units_other_hardening_is_kept() -> None:
    text = UNIT.read_text()
    for line in ("NoNewPrivileges=yes", "CapabilityBoundingSet=\n", "ProtectHome=yes",
                 "PrivateTmp=yes", "ProtectKernelTunables=yes", "RestrictNamespaces=yes",
                 "SystemCallFilter=@system-service", "DevicePolicy=closed",
                 "ProtectProc=invisible", "ProcSubset=pid", "UMask=0077"):
        assert line in text, line


def test_systemd_analyze_security_rates_the_unit_exposure_2_or_less(tmp_path: Path) -> None:
    root = _verify_root(tmp_path)
    proc = subprocess.run(
        ["systemd-analyze", "security", "--offline=yes", f"--root={root}", UNIT.name],
        capture_output=True, text=True, timeout=120,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    found = re.search(r"Overall exposure level for \S+: (\d+\.\d+)", proc.stdout)
    assert found, proc.stdout
    assert float(found.group(1)) <= 2.0, proc.stdout

"""Start-up time of the kiosk: from process start to its first frame on the screen.

Runs the kiosk as a fresh process N times (default 5) and prints the median and the
maximum of:

- ready: from just before the process is started to READY=1 on a NOTIFY_SOCKET this
  script opens — the signal systemd's ``Type=notify`` waits for, which the kiosk sends
  once its first frame has been pushed to the display;
- exit (headless only): to the end of ``debarna kiosk --headless --run-for 0.1``.

Two ways of starting (``--mode``, both by default):

- menu: ``debarna kiosk`` on SDL's dummy video driver, as the service starts it: the
  home menu, with the phones' server on (bound to 127.0.0.1 on a free port); the kiosk
  is stopped (SIGTERM) once it is ready;
- headless: ``debarna kiosk --headless --run-for 0.1`` (the caller's screen, a hand
  under way).

Each run gets a new data directory (journal, ticket key); the voice clips come from one
cache directory rendered by an untimed first run (a kiosk that has started once has
them), unless ``--fresh``: a new clip directory every run too, so each run renders the
voice beside its start-up (and a headless run waits for it before it exits). The first
screen each run drew is counted from the kiosk's log ("the screen is up (HomeScene)";
"?" for code that does not log it).

Python compiles each module anew at every start where PYTHONDONTWRITEBYTECODE is set (as
in the development container); an installed kiosk (pip install, the Pi) has them compiled.
``--bytecode`` measures that: the untimed first run compiles into a cache of its own
(PYTHONPYCACHEPREFIX) that the timed runs use.

``--pi`` holds the kiosk to 1/5 of a core, the speed of a Raspberry Pi core (DESIGN §4):
through ``benchmarks/pi.py`` when it is there (each process of the kiosk in a group of
its own, as on the Pi's four cores), else (``--own-cgroup``) in one cgroup a run (cgroup
v1 ``cpu`` or v2 ``cpu.max``) that the processes the kiosk starts share with it. Needs
root. This script's own listening runs at full speed.

    .venv/bin/python benchmarks/bench_startup.py                 # full speed
    .venv/bin/python benchmarks/bench_startup.py --pi            # the Pi model
    .venv/bin/python benchmarks/bench_startup.py --runs 9 --mode menu
    .venv/bin/python benchmarks/bench_startup.py --pi --against /tmp/before

``--root`` runs the code of another checkout of the repository (first on PYTHONPATH)
with this venv's Python; ``--against`` another one, run turn about with it, to compare a
change with what came before it (``git worktree add /tmp/before HEAD``).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PI_TOOL = ROOT / "benchmarks" / "pi.py"
PI_SHARE = (2000, 10000)  # cfs quota and period in µs: 1/5 of a core
LAUNCH = "import sys; from kiosk.cli import main; sys.exit(main())"  # the console script
TIMEOUT = 180.0  # seconds a run may take before it counts as hung


@dataclass(frozen=True)
class Run:
    ready: float | None  # seconds from start to READY=1 (None: never sent)
    exit: float | None  # seconds from start to exit (None: stopped by us)
    code: int
    screen: str  # the first scene on the screen, as the kiosk logs it ("?": not logged)


FIRST_SCREEN = re.compile(r"the screen is up \((\w+)\)")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


# -- the Pi model ------------------------------------------------------------------------------
class OwnCgroup:
    """A cgroup of 1/5 of a core for one run; the child joins it before it execs."""

    def __init__(self, name: str) -> None:
        v1 = Path("/sys/fs/cgroup/cpu")
        if (v1 / "cpu.cfs_quota_us").exists():
            self.path = v1 / name
            self.path.mkdir(exist_ok=True)
            (self.path / "cpu.cfs_period_us").write_text(str(PI_SHARE[1]))
            (self.path / "cpu.cfs_quota_us").write_text(str(PI_SHARE[0]))
        else:
            v2 = Path("/sys/fs/cgroup")
            if "cpu" not in (v2 / "cgroup.controllers").read_text().split():
                raise SystemExit("no cgroup cpu controller: the Pi model cannot be set up")
            self.path = v2 / name
            self.path.mkdir(exist_ok=True)
            (self.path / "cpu.max").write_text(f"{PI_SHARE[0]} {PI_SHARE[1]}")

    def join(self) -> None:  # in the child, before exec
        (self.path / "cgroup.procs").write_text(str(os.getpid()))

    def remove(self) -> None:
        for _ in range(50):
            try:
                self.path.rmdir()
                return
            except OSError:
                time.sleep(0.1)  # the last process is still leaving


@contextlib.contextmanager
def held(pi: bool, own: bool, index: int) -> Iterator[tuple[list[str], Callable[[], None] | None]]:
    """The command prefix and the child's set-up that hold one run to the Pi model
    (`own`: this script's own cgroup, else benchmarks/pi.py)."""
    if not pi:
        yield [], None
    elif not own:
        yield [sys.executable, str(PI_TOOL), "--quiet", "--"], None
    else:
        group = OwnCgroup(f"debarna-startup-{os.getpid()}-{index}")
        try:
            yield [], group.join
        finally:
            group.remove()


# -- one run -----------------------------------------------------------------------------------
def one_run(mode: str, code_root: Path, voice: Path, pi: bool, own: bool, index: int,
            bytecode: Path | None = None) -> Run:
    with tempfile.TemporaryDirectory(prefix="debarna-startup-") as tmp:
        work = Path(tmp)
        address = work / "notify.sock"
        listener = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        listener.bind(str(address))
        config = work / "kiosk.toml"
        config.write_text(f'[phones]\nbind = "127.0.0.1"\nport = {free_port()}\n')
        env = {**os.environ, "NOTIFY_SOCKET": str(address), "DEBARNA_DATA_DIR": str(work / "data"),
               "DEBARNA_VOICE_DIR": str(voice), "XDG_CONFIG_HOME": str(work / "config"),
               "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
               "PYTHONPATH": os.pathsep.join(
                   [str(code_root), *filter(None, [os.environ.get("PYTHONPATH")])])}
        env.pop("DEBARNA_CONFIG", None)
        env.pop("WATCHDOG_USEC", None)
        if bytecode is not None:  # as installed: every module compiled once, beforehand
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            env["PYTHONPYCACHEPREFIX"] = str(bytecode)
        log = work / "kiosk.log"
        args = ["kiosk", "--config", str(config)]
        if mode == "headless":
            args += ["--headless", "--run-for", "0.1"]
        with held(pi, own, index) as (prefix, setup):
            command = [*prefix, sys.executable, "-c", LAUNCH, *args]
            out = log.open("w")
            start = time.perf_counter()
            proc = subprocess.Popen(command, cwd=work, env=env, stdin=subprocess.DEVNULL,
                                    stdout=out, stderr=subprocess.STDOUT,
                                    preexec_fn=setup, start_new_session=True)
            ready = finished = None
            try:
                listener.settimeout(0.05)
                while ready is None and time.perf_counter() - start < TIMEOUT:
                    try:
                        message = listener.recv(4096).decode()
                    except TimeoutError:
                        if proc.poll() is not None:
                            break
                        continue
                    if "READY=1" in message.splitlines():
                        ready = time.perf_counter() - start
                if mode == "headless":
                    proc.wait(timeout=TIMEOUT)
                    finished = time.perf_counter() - start
                elif prefix:
                    proc.send_signal(signal.SIGTERM)  # benchmarks/pi.py passes it on
                    proc.wait(timeout=30)
                else:
                    os.killpg(proc.pid, signal.SIGTERM)
                    proc.wait(timeout=30)
            finally:
                if proc.poll() is None:
                    os.killpg(proc.pid, signal.SIGKILL)
                    proc.wait()
                listener.close()
                out.close()
        said = log.read_text(errors="replace")
        first = FIRST_SCREEN.search(said)
        stopped = mode == "menu" and proc.returncode in (-signal.SIGTERM, 128 + signal.SIGTERM)
        if ready is None or (proc.returncode != 0 and not stopped):
            print(f"  run {index + 1} ({mode}): exit code {proc.returncode}, "
                  f"READY=1 {'seen' if ready is not None else 'never sent'}\n{said[-2000:]}",
                  file=sys.stderr)
        return Run(ready, finished, proc.returncode, first.group(1) if first else "?")


def summary(name: str, values: list[float | None]) -> str:
    seen = [v for v in values if v is not None]
    if not seen:
        return f"{name:>6}: none"
    return (f"{name:>6}: median {statistics.median(seen):6.2f} s   max {max(seen):6.2f} s   "
            f"({', '.join(f'{v:.2f}' for v in seen)})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="runs of each mode (default 5)")
    parser.add_argument("--mode", choices=("menu", "headless", "both"), default="both")
    parser.add_argument("--pi", action="store_true", help="hold the kiosk to 1/5 of a core")
    parser.add_argument("--own-cgroup", action="store_true",
                        help="with --pi: a cgroup of this script's own, not benchmarks/pi.py")
    parser.add_argument("--fresh", action="store_true",
                        help="a new voice clip directory every run (the voice renders meanwhile)")
    parser.add_argument("--bytecode", action="store_true",
                        help="as installed: modules compiled once (by the untimed first run), "
                             "even where PYTHONDONTWRITEBYTECODE is set")
    parser.add_argument("--root", type=Path, default=ROOT,
                        help="the checkout whose code runs (default: this one)")
    parser.add_argument("--against", type=Path, metavar="ROOT",
                        help="another checkout, run turn about with --root's (a busy machine "
                             "slows both alike)")
    args = parser.parse_args(argv)
    modes = ("menu", "headless") if args.mode == "both" else (args.mode,)
    roots = [args.root.resolve(), *([args.against.resolve()] if args.against else [])]
    own = args.own_cgroup or not PI_TOOL.exists()  # decided once, for every run
    how = ("Pi model (1/5 core, " + ("own cgroup" if own else "benchmarks/pi.py") + ")"
           ) if args.pi else "full speed"
    compiled = "bytecode compiled beforehand" if args.bytecode else (
        "no bytecode kept (PYTHONDONTWRITEBYTECODE)" if os.environ.get("PYTHONDONTWRITEBYTECODE")
        else "bytecode as Python keeps it")
    print(f"kiosk start-up, {how}, {args.runs} runs a mode, {compiled}"
          + (", a fresh voice every run" if args.fresh else ""))
    voices = Path(tempfile.mkdtemp(prefix="debarna-startup-voice-"))
    caches = {root: voices / f"pycache-{n}" if args.bytecode else None
              for n, root in enumerate(roots)}
    try:
        # Untimed: renders the clips every later run finds cached, and compiles the modules.
        for root in roots:
            one_run("headless", root, voices / "first", False, own, -1, caches[root])
        for mode in modes:
            runs: dict[Path, list[Run]] = {root: [] for root in roots}
            for index in range(args.runs):
                for n, root in enumerate(roots):
                    voice = voices / f"{mode}-{index}-{n}" if args.fresh else voices / "first"
                    runs[root].append(one_run(mode, root, voice, args.pi, own, index,
                                              caches[root]))
            for root in roots:
                screens = ", ".join(f"{screen} {n}" for screen, n in
                                    Counter(r.screen for r in runs[root]).most_common())
                print(f"{mode}, code from {root} (first screen: {screens})")
                print(summary("ready", [r.ready for r in runs[root]]))
                if mode == "headless":
                    print(summary("exit", [r.exit for r in runs[root]]))
    finally:
        shutil.rmtree(voices, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

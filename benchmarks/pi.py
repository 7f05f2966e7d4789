"""The Pi model: run a command with each of its processes held to a fifth of a core.

A Raspberry Pi core is about a fifth of one of this machine's cores (DESIGN.md §4), and
a Pi 4/5 has four of them. This module owns the repository's model of that: it runs a
command with the command itself and every process descending from it (also those started
later, such as the kiosk's workers) each in a cgroup of its own, limited to `--share` of a
core (2000 us of CPU in each 10000 us period by default). Threads share their process's
group, as they share its interpreter; a design that moves work into other processes gets
the other cores, as it would on the Pi. Speed figures are quoted under the model beside the
full-speed figure.

    sudo .venv/bin/python benchmarks/pi.py [--share 0.2] [--period-us 10000] [--quiet] \
        -- CMD [ARGS...]
    make pi CMD='...'

How: the command is started inside its group (its pid is written into the group's
`cgroup.procs` between fork and exec), then this process watches for new descendants (a
look at /proc every 5 ms, only when /proc/loadavg says a process was created since the last
one; it also becomes a child subreaper, so orphans stay in reach) and moves each into a
fresh group. A new process runs in its parent's group for those few milliseconds. The
watcher itself stays where it was, unlimited; it costs about 2 % of a core on the 2-core
development VM, most of that the waking every 5 ms (its summary says what it used).
cgroup v2 (a unified hierarchy with the cpu controller: `cpu.max`) is used when it has the
cpu controller, else cgroup v1 (`cpu.cfs_quota_us`, `cpu.cfs_period_us`; with a separate
cpuacct hierarchy the groups are made there too, for the CPU time used). The groups are
`pi-<pid>/pi-<pid>-<n>` at the top of the hierarchy (v2 forbids processes in a group that
hands a controller to its children, so the run has a parent group of its own, empty);
each process's group is removed once it has exited, and all are removed at the end, any
process still alive first moved back to where this tool runs. On v2 the cpu controller is
turned on in the root group's `cgroup.subtree_control` if it was not, and left on.
SIGINT and SIGTERM sent to this tool are passed to the command (a terminal's Ctrl-C reaches
it directly, so that one is not sent twice); the exit status is the command's (128+N if a
signal N ended it). At the end a summary goes to stderr (unless --quiet): the cgroup kind,
the quota, the processes held and each one's CPU seconds. Needs root; exits 2 with a
one-line reason when it cannot run (not root, no cpu controller).

As a library: `run(cmd, share=0.2, period_us=10000)` does the above (this file in a
process of its own) and returns the exit status; `held_self(name_hint)` is a context
manager holding only the calling process (all its threads) in a group of its own,
`pi-<hint>-<pid>`, for the with-block, and putting it back where it was after
(benchmarks/bench_phones.py --pi).
`detect()` says whether the model can run here, raising `PiModelError` with the reason.
"""

from __future__ import annotations

import argparse
import contextlib
import ctypes
import errno
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

SHARE = 0.2  # of a core: a Pi core is about a fifth of one here
PERIOD_US = 10_000
SCAN_S = 0.005  # how often to look for new processes
SWEEP_EVERY = 20  # ticks between looks at which held processes have ended (~100 ms)
PREFIX = "pi-"
SI_KERNEL = 0x80  # siginfo's si_code for a signal the kernel sent (a terminal's Ctrl-C)
PR_SET_CHILD_SUBREAPER = 36
FORWARDED = (signal.SIGINT, signal.SIGTERM)


class PiModelError(RuntimeError):
    """The model cannot run here; the message says why and what to do."""


# -- the hierarchy ---------------------------------------------------------------------------
def _unescape(text: str) -> str:
    """A /proc/self/mountinfo field, whose spaces and the like are written as \\040."""
    return re.sub(r"\\([0-7]{3})", lambda m: chr(int(m.group(1), 8)), text)


@dataclass(frozen=True)
class _Mount:
    point: Path
    root: str  # the part of the hierarchy mounted there ("/" but in some containers)
    fstype: str
    options: frozenset[str]


def _cgroup_mounts() -> list[_Mount]:
    mounts = []
    for line in Path("/proc/self/mountinfo").read_text().splitlines():
        left, _, right = line.partition(" - ")
        fields, tail = left.split(), right.split()
        if len(fields) < 5 or len(tail) < 3 or tail[0] not in ("cgroup", "cgroup2"):
            continue
        mounts.append(_Mount(Path(_unescape(fields[4])), _unescape(fields[3]), tail[0],
                             frozenset(tail[2].split(","))))
    return mounts


def _own_groups() -> dict[str, str]:
    """This process's group in each hierarchy: "" for v2's, else by v1 controller."""
    groups: dict[str, str] = {}
    for line in Path("/proc/self/cgroup").read_text().splitlines():
        _, controllers, path = line.split(":", 2)
        if not controllers:
            groups[""] = path
        for name in controllers.split(","):
            groups[name.removeprefix("name=")] = path
    return groups


def _home(mount: _Mount, path: str | None) -> Path:
    """Where this process's group `path` (from /proc/self/cgroup) is under `mount`."""
    if path is None:
        return mount.point
    if mount.root != "/" and path.startswith(mount.root):
        path = path[len(mount.root):]
    home = mount.point / path.lstrip("/")
    return home if home.is_dir() else mount.point


def _enable_cpu(group: Path) -> None:
    """v2: hand the cpu controller to `group`'s children, if it does not already."""
    control = group / "cgroup.subtree_control"
    if "cpu" in control.read_text().split():
        return
    try:
        control.write_text("+cpu")
    except OSError as e:
        raise PiModelError(f"cannot turn on the cpu controller in {control}: {e.strerror} "
                           "(on cgroup v2 every realtime process must be in the root group "
                           "for it)") from e


@dataclass(frozen=True)
class Group:
    """One cgroup of this tool's: its directory in the cpu hierarchy and, on cgroup v1 with
    cpuacct mounted apart, its twin there (for the CPU time used)."""

    dirs: tuple[Path, ...]
    version: int

    @property
    def name(self) -> str:
        return self.dirs[0].name

    def make(self, quota_us: int | None, period_us: int) -> None:
        for d in self.dirs:
            d.mkdir(exist_ok=True)  # exists only if a killed run with our pid left it
        if quota_us is None:
            return
        cpu = self.dirs[0]
        if self.version == 2:
            (cpu / "cpu.max").write_text(f"{quota_us} {period_us}")
        else:
            (cpu / "cpu.cfs_period_us").write_text(str(period_us))
            (cpu / "cpu.cfs_quota_us").write_text(str(quota_us))

    def add(self, pid: int) -> None:
        """Moves process `pid` (all its threads) in; ProcessLookupError if it is gone."""
        for d in self.dirs:
            (d / "cgroup.procs").write_text(str(pid))

    def pids(self) -> list[int]:
        try:
            return [int(x) for x in (self.dirs[0] / "cgroup.procs").read_text().split()]
        except FileNotFoundError:
            return []

    def cpu_seconds(self) -> float | None:
        """CPU time used in the group so far, where the kernel counts it."""
        for d in self.dirs:
            with contextlib.suppress(OSError, ValueError):
                if self.version == 2:
                    for line in (d / "cpu.stat").read_text().splitlines():
                        key, _, value = line.partition(" ")
                        if key == "usage_usec":
                            return int(value) / 1e6
                else:
                    return int((d / "cpuacct.usage").read_text()) / 1e9
        return None

    def remove(self, homes: Sequence[Path]) -> int:
        """Moves whatever is still in the group to `homes` (one a directory), then removes
        it; returns how many processes were moved out."""
        moved: set[int] = set()
        for attempt in range(100):
            for d, home in zip(self.dirs, homes, strict=True):
                with contextlib.suppress(FileNotFoundError):
                    for pid in (d / "cgroup.procs").read_text().split():
                        with contextlib.suppress(OSError):
                            (home / "cgroup.procs").write_text(pid)
                            moved.add(int(pid))
            try:
                for d in reversed(self.dirs):
                    with contextlib.suppress(FileNotFoundError):
                        d.rmdir()
                return len(moved)
            except OSError as e:  # EBUSY: a process moving in, or still being torn down
                if e.errno != errno.EBUSY or attempt == 99:
                    raise
                time.sleep(0.01)
        return len(moved)


@dataclass(frozen=True)
class Controller:
    """The cpu controller this machine offers: the hierarchy (and, cgroup v1 with cpuacct
    apart, that one too) and this process's group in each."""

    version: int
    roots: tuple[Path, ...]
    homes: tuple[Path, ...]

    @property
    def kind(self) -> str:
        return f"cgroup v{self.version}"

    def group(self, *names: str) -> Group:
        return Group(tuple(root.joinpath(*names) for root in self.roots), self.version)

    def prepare(self) -> None:
        if self.version == 2:
            _enable_cpu(self.roots[0])


def detect() -> Controller:
    """The cpu controller to hold processes with, or PiModelError saying why there is none."""
    if os.geteuid() != 0:
        raise PiModelError("the Pi model needs root to make cgroups: run it as root "
                           "(sudo .venv/bin/python benchmarks/pi.py -- CMD ...)")
    mounts, own = _cgroup_mounts(), _own_groups()
    for m in mounts:
        if m.fstype != "cgroup2":
            continue
        with contextlib.suppress(OSError):
            if "cpu" in (m.point / "cgroup.controllers").read_text().split():
                return Controller(2, (m.point,), (_home(m, own.get("")),))
    for m in mounts:
        if m.fstype == "cgroup" and "cpu" in m.options and (m.point / "cpu.cfs_quota_us").exists():
            roots, homes = [m.point], [_home(m, own.get("cpu"))]
            if "cpuacct" not in m.options:
                for a in mounts:
                    if a.fstype == "cgroup" and "cpuacct" in a.options:
                        roots.append(a.point)
                        homes.append(_home(a, own.get("cpuacct")))
                        break
            return Controller(1, tuple(roots), tuple(homes))
    raise PiModelError("no cpu cgroup controller here: neither a cgroup v1 'cpu' hierarchy "
                       "(mount -t cgroup -o cpu cgroup /sys/fs/cgroup/cpu) nor a cgroup v2 one "
                       "listing 'cpu' in its cgroup.controllers (boot with "
                       "systemd.unified_cgroup_hierarchy=1, or free cpu from v1)")


def quota_for(share: float, period_us: int) -> int:
    """The quota in microseconds a period for `share` of a core; ValueError if the kernel
    would refuse it (a period of 1 ms to 1 s, a quota of at least 1 ms)."""
    quota = round(share * period_us)
    if not 1000 <= period_us <= 1_000_000:
        raise ValueError(f"a period of {period_us} us: the kernel takes 1000 to 1000000")
    if quota < 1000:
        raise ValueError(f"a quota of {quota} us ({share:g} of {period_us} us): the kernel "
                         "takes at least 1000; choose a longer period")
    return quota


# -- one process held ------------------------------------------------------------------------
@dataclass(frozen=True)
class HeldSelf:
    """What `held_self` yields: the group, and the words for a report."""

    group: Group
    kind: str  # e.g. "cgroup v1 cpu/pi-bench-phones-123: cfs_period_us 10000, ..."

    def cpu_seconds(self) -> float | None:
        return self.group.cpu_seconds()


@contextlib.contextmanager
def held_self(name_hint: str, share: float = SHARE,
              period_us: int = PERIOD_US) -> Iterator[HeldSelf]:
    """Holds the calling process (all its threads, and any process it starts in the block)
    alone in a group `pi-<name_hint>-<pid>` with `share` of a core for the with-block, then
    puts it back in its own group and removes the group. PiModelError if it cannot."""
    controller = detect()
    quota = quota_for(share, period_us)
    hint = re.sub(r"[^A-Za-z0-9_.-]+", "-", name_hint).strip("-") or "held"
    name = f"{PREFIX}{hint}-{os.getpid()}"
    group = controller.group(name)
    controller.prepare()
    try:
        group.make(quota, period_us)
        group.add(os.getpid())
    except OSError as e:
        group.remove(controller.homes)
        raise PiModelError(f"cannot hold this process in {group.dirs[0]}: {e}") from e
    if controller.version == 2:
        kind = f"cgroup v2 {name}: cpu.max {quota} {period_us}"
    else:
        kind = f"cgroup v1 cpu/{name}: cfs_period_us {period_us}, cfs_quota_us {quota}"
    try:
        yield HeldSelf(group, kind)
    finally:
        group.remove(controller.homes)


@contextlib.contextmanager
def held_others(pids: Sequence[int], name_hint: str, share: float = SHARE,
                period_us: int = PERIOD_US) -> Iterator[list[Group]]:
    """Holds each of `pids` (processes this one started, such as the kiosk's workers) in
    a group of its own, `pi-<name_hint>-<pid>`, with `share` of a core for the with-block;
    the groups are removed after it (what still runs in them goes back to this process's
    own group). PiModelError if it cannot."""
    controller = detect()
    quota = quota_for(share, period_us)
    hint = re.sub(r"[^A-Za-z0-9_.-]+", "-", name_hint).strip("-") or "held"
    controller.prepare()
    groups: list[Group] = []
    try:
        for pid in pids:
            group = controller.group(f"{PREFIX}{hint}-{pid}")
            groups.append(group)
            try:
                group.make(quota, period_us)
                group.add(pid)
            except OSError as e:
                raise PiModelError(f"cannot hold process {pid} in {group.dirs[0]}: {e}") from e
        yield groups
    finally:
        for group in groups:
            group.remove(controller.homes)


# -- a command and its descendants held ------------------------------------------------------
@dataclass
class Held:
    """A process of the command's, in its group."""

    pid: int
    group: Group
    words: str
    since: float
    until: float | None = None
    cpu: float | None = None
    left_running: bool = False


def _words(pid: int, limit: int = 60) -> str | None:
    """The first words of process `pid`'s command line, None if it is gone."""
    try:
        raw = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return None
    if not raw:  # a kernel thread, or a zombie
        return None
    text = " ".join(raw.replace(b"\0", b" ").decode(errors="replace").split())
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _ppid(pid: int) -> int | None:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return int(stat[stat.rindex(")") + 2:].split()[1])  # after "pid (comm) state"


class _LastPid:
    """The pid most recently handed out, the last field of /proc/loadavg: while it stays
    the same, no process has been created (a pread of an open file: about 2 us)."""

    def __init__(self) -> None:
        try:
            self.fd: int | None = os.open("/proc/loadavg", os.O_RDONLY | os.O_CLOEXEC)
        except OSError:
            self.fd = None

    def read(self) -> bytes | None:
        if self.fd is None:
            return None
        try:
            return os.pread(self.fd, 256, 0).rsplit(None, 1)[-1]
        except (OSError, IndexError):
            return None

    def close(self) -> None:
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None


def _pids() -> set[int]:
    return {int(name) for name in os.listdir("/proc") if name.isdigit()}


@dataclass
class _Run:
    controller: Controller
    quota_us: int
    period_us: int
    tag: str = field(default_factory=lambda: f"{PREFIX}{os.getpid()}")
    parent: Group | None = None
    held: dict[int, Held] = field(default_factory=dict)  # by pid, while in their group
    done: list[Held] = field(default_factory=list)
    made: int = 0

    def open(self) -> None:
        self.controller.prepare()
        self.parent = self.controller.group(self.tag)
        self.parent.make(None, self.period_us)
        if self.controller.version == 2:
            _enable_cpu(self.parent.dirs[0])  # it holds no process itself

    def new_group(self) -> Group:
        self.made += 1
        group = self.controller.group(self.tag, f"{self.tag}-{self.made}")
        group.make(self.quota_us, self.period_us)
        return group

    def hold(self, pid: int, group: Group | None = None) -> None:
        """Moves `pid` into a fresh group (or notes that it is in `group` already)."""
        if group is None:
            group = self.new_group()
            try:
                group.add(pid)
            except OSError:  # gone already
                group.remove(self.controller.homes)
                return
        words = _words(pid) or "?"
        self.held[pid] = Held(pid, group, words, time.monotonic())

    def sweep(self, final: bool = False) -> None:
        """Closes the groups whose process has ended (every group, if `final`)."""
        for pid, h in list(self.held.items()):
            inside = h.group.pids()
            if inside and not final:
                if pid in inside:
                    h.words = _words(pid) or h.words  # it may have exec'd since
                continue
            h.until, h.cpu = time.monotonic(), h.group.cpu_seconds()
            del self.held[pid]
            self.done.append(h)
            try:
                h.left_running = h.group.remove(self.controller.homes) > 0
            except OSError as e:
                print(f"pi.py: could not remove {e.filename}: {e.strerror}", file=sys.stderr)

    def close(self) -> None:
        """Removes every group; says on stderr which could not be (and why)."""
        try:
            self.sweep(final=True)
        finally:
            if self.parent is not None:
                try:
                    for n in range(1, self.made + 1):  # any not held (its process never ran)
                        self.controller.group(self.tag, f"{self.tag}-{n}").remove(
                            self.controller.homes)
                    self.parent.remove(self.controller.homes)
                except OSError as e:
                    print(f"pi.py: could not remove {e.filename}: {e.strerror}", file=sys.stderr)


def _fresh(known: set[int], ours: set[int]) -> list[int]:
    """The processes started since the last look that descend from `ours` (which it
    extends), in the order found; `known` becomes the pids there are now."""
    now = _pids()
    parents = {pid: _ppid(pid) for pid in now - known}
    known.clear()
    known.update(now)
    found: list[int] = []
    while True:
        step = [pid for pid, ppid in parents.items() if ppid in ours]
        if not step:
            return found
        for pid in step:
            del parents[pid]
            ours.add(pid)
            found.append(pid)


def run(cmd: Sequence[str], share: float = SHARE, period_us: int = PERIOD_US,
        quiet: bool = False) -> int:
    """Runs `cmd` with it and each descendant in a group of its own with `share` of a core;
    returns its exit status (128+N for signal N; 127 if it cannot be started). Raises
    PiModelError when the model cannot run here, ValueError for a share the kernel would
    not take. The watcher is this file run in a process of its own, so that its signal mask,
    its being a subreaper and its reaping touch nothing of the caller's."""
    detect()
    quota_for(share, period_us)
    tool = subprocess.Popen([sys.executable, __file__, "--share", repr(share), "--period-us",
                             str(period_us), *(["--quiet"] if quiet else []), "--", *cmd])
    try:
        return tool.wait()
    except BaseException:
        with contextlib.suppress(ProcessLookupError):
            tool.terminate()  # it passes it on, waits for the command and cleans up
        tool.wait()
        raise


def _subreaper(on: bool) -> None:
    """Orphaned descendants are re-parented to this process (PR_SET_CHILD_SUBREAPER), so
    what they start is still found; and it is this process that reaps them."""
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, int(on), 0, 0, 0)


def _reap(command: int) -> int | None:
    """Reaps every child that has ended (the command, or an orphan given to this process);
    the command's exit code (negative for a signal) if it is one of them."""
    code = None
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return code
        if pid == 0:
            return code
        if pid == command:
            code = os.waitstatus_to_exitcode(status)


def _run_here(cmd: Sequence[str], share: float, period_us: int, quiet: bool) -> int:
    """`run`, in this process, which must have no other children or threads (it is the
    tool's main: it reaps every child, and forks with a preexec function)."""
    controller = detect()
    quota = quota_for(share, period_us)
    me = os.getpid()
    _subreaper(True)
    waited = {*FORWARDED, signal.SIGCHLD}
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, waited)
    state = _Run(controller, quota, period_us)
    began, cpu_began = time.monotonic(), os.times()
    status: int | None = None
    try:
        try:
            state.open()
            first = state.new_group()
        except OSError as e:
            raise PiModelError(f"cannot make the run's groups in {controller.roots[0]}: {e}") from e
        procs = [os.fsencode(d / "cgroup.procs") for d in first.dirs]

        def enter() -> None:  # in the child, between fork and exec
            pid = str(os.getpid()).encode()
            for path in procs:
                fd = os.open(path, os.O_WRONLY)
                try:
                    os.write(fd, pid)
                finally:
                    os.close(fd)
            signal.pthread_sigmask(signal.SIG_SETMASK, mask)

        known = _pids()
        try:
            child = subprocess.Popen(list(cmd), preexec_fn=enter)
        except (FileNotFoundError, PermissionError) as e:
            print(f"pi.py: cannot run {cmd[0]}: {e.strerror}", file=sys.stderr)
            return 127 if isinstance(e, FileNotFoundError) else 126
        except subprocess.SubprocessError as e:  # the group refused it
            print(f"pi.py: cannot start {cmd[0]} in {first.dirs[0]}: {e}", file=sys.stderr)
            return 126
        state.hold(child.pid, first)
        known.add(child.pid)  # held already: not to be found again as a new process
        ours = {me, child.pid}
        last_pid = _LastPid()
        last, tick = None, 0
        while status is None:
            info = signal.sigtimedwait(waited, SCAN_S)
            if info is not None and info.si_signo in FORWARDED and info.si_code != SI_KERNEL:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(child.pid, info.si_signo)
            tick += 1
            if ((info is not None and info.si_signo == signal.SIGCHLD)
                    or tick % SWEEP_EVERY == 0):
                code = _reap(child.pid)
                if code is not None:
                    child.returncode = code
                    status = code if code >= 0 else 128 - code
            now = last_pid.read()
            if now != last or now is None:
                last = now
                for pid in _fresh(known, ours):
                    state.hold(pid)
            if tick % SWEEP_EVERY == 0:
                ours.intersection_update({me, *state.held})
                state.sweep()
        last_pid.close()
        return status
    finally:
        try:
            state.close()
        finally:
            while signal.sigtimedwait(waited, 0) is not None:
                pass  # a signal that came during the clean-up: the command has ended
            signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        if not quiet and state.done:
            _summary(state, time.monotonic() - began, cpu_began, status)


def _summary(state: _Run, wall: float, cpu_began: os.times_result, status: int | None) -> None:
    t = os.times()
    own = t.user + t.system - cpu_began.user - cpu_began.system
    c = state.controller
    out = [f"pi.py: {c.kind} ({c.roots[0]}/{state.tag}/), each process held to "
           f"{state.quota_us} us of each {state.period_us} us ({state.quota_us / state.period_us:g}"
           f" of a core) in a group of its own; {len(state.done)} process"
           f"{'es' if len(state.done) != 1 else ''} held in {wall:.2f} s; the watcher itself "
           f"used {own:.3f} s CPU"]
    for h in sorted(state.done, key=lambda h: h.since):
        life = (h.until or h.since) - h.since
        used = f"{h.cpu:6.3f} s CPU" if h.cpu is not None else "     ? s CPU"
        share = f" ({h.cpu / life:.2f} of a core)" if h.cpu is not None and life > 0.05 else ""
        tail = "; still running at the end, moved back out" if h.left_running else ""
        out.append(f"  pid {h.pid:>7}  {used} in {life:6.2f} s{share}  {h.words}{tail}")
    if status is not None:
        out.append(f"  exit status {status}")
    print("\n".join(out), file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="pi.py", description="Runs CMD with it and each process it starts held to a "
        "share of a core in a cgroup of its own: the Pi model (root).")
    parser.add_argument("--share", type=float, default=SHARE,
                        help="of a core, for each process (default %(default)s)")
    parser.add_argument("--period-us", type=int, default=PERIOD_US,
                        help="the quota's period in microseconds (default %(default)s)")
    parser.add_argument("--quiet", action="store_true", help="no summary on stderr")
    parser.add_argument("cmd", nargs=argparse.REMAINDER, metavar="-- CMD [ARGS...]")
    args = parser.parse_args(argv)
    cmd = args.cmd[1:] if args.cmd[:1] == ["--"] else args.cmd
    if not cmd:
        parser.error("no command: pi.py [options] -- CMD [ARGS...]")
    try:
        quota_for(args.share, args.period_us)
    except ValueError as e:
        parser.error(str(e))
    try:
        return _run_here(cmd, args.share, args.period_us, args.quiet)
    except PiModelError as e:
        print(f"pi.py: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())

"""The Pi model (benchmarks/pi.py) holds a command and each process it starts, also later,
in a cgroup of its own with a fifth of a core, and cleans up after itself.

Behaviour, not timings: the processes say which group they are in and what its limit is.
Needs root and a cpu cgroup controller; skipped (saying which is missing) without them.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks import pi

TOOL = Path(pi.__file__).resolve()

try:
    CONTROLLER: pi.Controller | None = pi.detect()
    WHY_NOT = ""
except pi.PiModelError as e:
    CONTROLLER, WHY_NOT = None, str(e)

needs_cgroups = pytest.mark.skipif(CONTROLLER is None,
                                   reason=f"the Pi model cannot run here: {WHY_NOT}")

# Each process records its cpu group and that group's limit, then (above the given depth)
# starts the next one and waits for it. The first must be in its group when it starts; the
# others wait (up to 3 s) until the tool has moved them out of their parent's group. The
# grandchild is started after a pause, once the tool has long seen its parent.
RECORDER = r"""
import json, os, subprocess, sys, time

out, version, root, depth, last, parent_group = sys.argv[1:7]
depth, last = int(depth), int(last)


def group(pid="self"):
    for line in open(f"/proc/{pid}/cgroup"):
        _, controllers, path = line.rstrip("\n").split(":", 2)
        if (version == "2" and controllers == "") or (
                version == "1" and "cpu" in controllers.split(",")):
            return path


def limit(path):
    where = os.path.join(root, path.lstrip("/"))
    if version == "2":
        quota, period = open(os.path.join(where, "cpu.max")).read().split()
        return quota, period
    return (open(os.path.join(where, "cpu.cfs_quota_us")).read().strip(),
            open(os.path.join(where, "cpu.cfs_period_us")).read().strip())


if depth > 0:
    deadline = time.monotonic() + 3
    while group() == parent_group and time.monotonic() < deadline:
        time.sleep(0.005)
mine = group()
quota, period = limit(mine)
record = {"depth": depth, "pid": os.getpid(), "ppid": os.getppid(), "group": mine,
          "quota": quota, "period": period}
if depth == 0:
    record["tool_group"] = group(os.getppid())
with open(out, "a") as f:
    f.write(json.dumps(record) + "\n")
if depth < last:
    if depth > 0:
        time.sleep(0.2)
    child = subprocess.Popen([sys.executable, "-S", __file__, out, version, root,
                              str(depth + 1), str(last), mine])
    child.wait()
sys.exit(3 if depth == 0 else 0)
"""


def own_group() -> str:
    assert CONTROLLER is not None
    for line in Path("/proc/self/cgroup").read_text().splitlines():
        _, controllers, path = line.split(":", 2)
        if (CONTROLLER.version == 2 and not controllers) or (
                CONTROLLER.version == 1 and "cpu" in controllers.split(",")):
            return path
    raise AssertionError("no cpu group in /proc/self/cgroup")


def groups_of(tool_pid: int) -> list[Path]:
    """The groups of run `tool_pid` that are still there, in every hierarchy it uses."""
    assert CONTROLLER is not None
    tag = f"pi-{tool_pid}"
    return [p for root in CONTROLLER.roots for p in [root / tag, *root.glob(f"{tag}/*")]
            if p.is_dir()]


@needs_cgroups
def test_each_process_is_held_in_a_group_of_its_own(tmp_path: Path) -> None:
    assert CONTROLLER is not None
    script, out = tmp_path / "record.py", tmp_path / "records.jsonl"
    script.write_text(RECORDER)
    cmd = [sys.executable, "-S", str(script), str(out), str(CONTROLLER.version),
           str(CONTROLLER.roots[0]), "0", "2", ""]
    done = subprocess.run([sys.executable, str(TOOL), "--", *cmd], capture_output=True,
                          text=True, timeout=30)

    assert done.returncode == 3, done.stderr  # the command's own exit status
    records = sorted((json.loads(line) for line in out.read_text().splitlines()),
                     key=lambda r: r["depth"])
    assert [r["depth"] for r in records] == [0, 1, 2]
    top = records[0]
    tool_pid = top["ppid"]
    assert records[1]["ppid"] == top["pid"] and records[2]["ppid"] == records[1]["pid"]
    groups = [r["group"] for r in records]
    assert len(set(groups)) == 3, groups
    assert top["tool_group"] not in groups
    assert top["tool_group"] == own_group()  # the tool itself stayed where it was started
    for r in records:
        assert (r["quota"], r["period"]) == ("2000", "10000"), r
        parent, name = r["group"].rstrip("/").split("/")[-2:]
        assert parent == f"pi-{tool_pid}" and name.startswith(f"pi-{tool_pid}-"), r
    assert "3 processes held" in done.stderr
    assert groups_of(tool_pid) == []


@needs_cgroups
def test_a_signal_is_passed_on_and_the_groups_removed() -> None:
    tool = subprocess.Popen(
        [sys.executable, str(TOOL), "--quiet", "--", sys.executable, "-S", "-c",
         "import time; print('ready', flush=True); time.sleep(30)"],
        stdout=subprocess.PIPE, text=True)
    try:
        assert tool.stdout is not None and tool.stdout.readline() == "ready\n"
        assert groups_of(tool.pid)  # while it runs
        tool.send_signal(signal.SIGTERM)
        assert tool.wait(timeout=10) == 128 + signal.SIGTERM
    finally:
        if tool.poll() is None:
            tool.kill()
            tool.wait()
        if tool.stdout is not None:
            tool.stdout.close()
    assert groups_of(tool.pid) == []


@needs_cgroups
def test_held_self_holds_only_this_process_for_the_block() -> None:
    assert CONTROLLER is not None
    before = own_group()
    with pi.held_self("test pi") as held:
        name = f"pi-test-pi-{os.getpid()}"
        assert own_group() == f"/{name}"
        assert name in held.kind
        where = held.group.dirs[0]
        if CONTROLLER.version == 2:
            assert (where / "cpu.max").read_text().split() == ["2000", "10000"]
        else:
            assert (where / "cpu.cfs_quota_us").read_text().strip() == "2000"
            assert (where / "cpu.cfs_period_us").read_text().strip() == "10000"
    assert own_group() == before
    assert not any(d.exists() for d in held.group.dirs)


def test_without_root_it_says_so_and_exits_2(monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(os, "geteuid", lambda: 1000)
    assert pi.main(["--", "true"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "root" in err


@needs_cgroups
def test_run_as_a_library_returns_the_commands_status() -> None:
    assert pi.run([sys.executable, "-S", "-c", "raise SystemExit(5)"], quiet=True) == 5


@needs_cgroups
def test_a_command_that_cannot_start_leaves_no_group() -> None:
    tool = subprocess.Popen([sys.executable, str(TOOL), "--", "/nonexistent/command"],
                            stderr=subprocess.PIPE, text=True)
    _, err = tool.communicate(timeout=30)
    assert tool.returncode == 127
    assert err.count("\n") == 1 and "/nonexistent/command" in err
    assert groups_of(tool.pid) == []

"""The `debarna` command line: its contracts, and exit code 2 with a usage message on bad input."""

from __future__ import annotations

import io
import json
import os
import pwd
import random
import shlex
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from kiosk.cli import main
from tests.kiosk.disks import remount, tmpfs


def run(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(args), out=out)
    return code, out.getvalue()


def test_tickets_json_is_an_array_of_strips_of_six() -> None:
    code, text = run("tickets", "--strips", "3", "--seed", "5", "--format", "json")
    assert code == 0
    strips = json.loads(text)
    assert len(strips) == 3 and all(len(strip) == 6 for strip in strips)
    ticket = strips[0][0]
    assert set(ticket) == {"serial", "grid", "qr"} and isinstance(ticket["serial"], str)
    assert len(ticket["grid"]) == 3 and all(len(row) == 9 for row in ticket["grid"])
    assert ticket["qr"].startswith("DB1:") and f":{ticket['serial']}:" in ticket["qr"]


def test_tickets_with_a_seed_repeat() -> None:
    assert run("tickets", "--strips", "2", "--seed", "1", "--format", "json") == run(
        "tickets", "--strips", "2", "--seed", "1", "--format", "json"
    )


def test_tickets_text_is_readable() -> None:
    code, text = run("tickets", "--strips", "1", "--seed", "1")
    assert code == 0 and text.count("Ticket ") == 6


def test_simulate_prints_a_summary_for_the_host() -> None:
    code, text = run("simulate", "--games", "20", "--tickets", "12", "--seed", "3")
    assert code == 0
    assert "line" in text and "two lines" in text and "full house" in text


def test_simulate_without_two_lines() -> None:
    code, text = run("simulate", "--games", "3", "--tickets", "6", "--seed", "3",
                     "--no-two-lines", "--format", "json")
    hands = [json.loads(line) for line in text.splitlines()]
    assert code == 0 and len(hands) == 3
    assert all(set(h["winners"]) == {"line", "full_house"} for h in hands)


@pytest.mark.parametrize(
    "args",
    [
        ["tickets"],
        ["tickets", "--strips", "0"],
        ["tickets", "--strips", "many"],
        ["tickets", "--strips", "2", "--format", "xml"],
        ["simulate", "--games", "1"],
        ["simulate", "--games", "1", "--tickets", "0"],
        ["kiosk", "--lang", "de"],
        ["kiosk", "--rhythm", "2"],
        ["kiosk", "--headless", "--rhythm", "0.01"],
        ["kiosk", "--run-for", "5"],
        ["kiosk", "--headless", "--size", "big"],
        ["--no-such-flag"],
    ],
)
def test_a_bad_option_gets_usage_and_exit_code_2(args: list[str]) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "kiosk.cli", *args], capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 2
    assert "usage:" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_the_host_can_list_the_tickets_printed_tonight(monkeypatch: pytest.MonkeyPatch,
                                                        tmp_path: Path) -> None:
    code, text = run("tickets", "--strips", "2", "--format", "pdf", "--out",
                     str(tmp_path / "t.pdf"))
    assert code == 0 and "001-1 to 002-6" in text
    code, listed = run("tickets", "issued", "--today")
    assert code == 0
    assert "strip 001" in listed and "strip 002" in listed and "002-6" in listed
    assert "12 tickets" in listed
    code, again = run("tickets", "--strips", "1", "--format", "pdf", "--out",
                      str(tmp_path / "u.pdf"))
    assert "003-1 to 003-6" in again  # numbered on from the last strip printed


# -- the service's data and key, whoever runs the command ----------------------------------
ROOT = Path(__file__).resolve().parents[2]
DEBARNA = ROOT / ".venv" / "bin" / "debarna"
NOBODY = pwd.getpwnam("nobody")
DAEMON = pwd.getpwnam("daemon")
needs_root = pytest.mark.skipif(os.geteuid() != 0, reason="switching users needs root")


def temp_dir(prefix: str, owner: pwd.struct_passwd | None = None, mode: int = 0o700) -> Path:
    """A directory in /tmp (which every user may enter), owned by `owner`."""
    folder = Path(tempfile.mkdtemp(prefix=prefix, dir="/tmp"))
    if owner is not None:
        os.chown(folder, owner.pw_uid, owner.pw_gid)
    folder.chmod(mode)
    return folder


@pytest.fixture
def service() -> Iterator[Path]:
    """A stand-in for /var/lib/debarna: mode 0700, owned by the service's user (nobody)."""
    folder = temp_dir("debarna-service-", NOBODY)
    yield folder
    shutil.rmtree(folder)


@pytest.fixture
def launcher() -> Iterator[Path]:
    """A `debarna` script any user may run, as the installed console script is.

    The venv's own python lives under /root here, which other users cannot enter (on
    a Pi the venv's python is /usr/bin/python3), so this runs the system's python of
    the same version with the venv's packages.
    """
    system = Path(f"/usr/bin/python{sys.version_info.major}.{sys.version_info.minor}")
    if not system.exists():
        pytest.skip(f"{system} is needed to run the kiosk as another user")
    folder = temp_dir("debarna-bin-", mode=0o755)
    script = folder / "debarna"
    script.write_text(
        f"#!{system}\n"
        "import site, sys\n"
        f"site.addsitedir({sysconfig.get_paths()['purelib']!r})\n"
        f"sys.path.insert(0, {str(ROOT)!r})\n"
        "from kiosk.cli import main\n"
        "sys.exit(main())\n", encoding="utf-8")
    script.chmod(0o755)
    yield script
    shutil.rmtree(folder)


def service_env(service: Path, **more: str) -> dict[str, str]:
    """The environment of a command typed on the Pi: no DEBARNA_DATA_DIR."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("DEBARNA_DATA_DIR", "STATE_DIRECTORY")}
    env["DEBARNA_SERVICE_DIR"] = str(service)
    env.update(more)
    return env


def run_as(user: pwd.struct_passwd | None, program: Path, *args: str,
           env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    def become() -> None:
        assert user is not None
        os.setgroups([])
        os.setgid(user.pw_gid)
        os.setuid(user.pw_uid)

    return subprocess.run([str(program), *args], env=env, cwd="/tmp", capture_output=True,
                          text=True, timeout=120, preexec_fn=become if user else None)


def owners(folder: Path) -> set[str]:
    return {pwd.getpwuid(p.stat().st_uid).pw_name for p in [folder, *folder.rglob("*")]}


def one_line(proc: subprocess.CompletedProcess[str]) -> str:
    assert "Traceback" not in proc.stderr, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    return lines[0]


@needs_root
def test_as_root_the_commands_use_the_services_key_as_its_user_and_leave_nothing_of_roots(
    service: Path, launcher: Path
) -> None:
    env = service_env(service, HOME="/root")
    made = run_as(None, launcher, "tickets", "--strips", "1", "--format", "json", env=env)
    assert made.returncode == 0, made.stderr
    key = json.loads((service / "ticket-key.json").read_text())
    ticket = json.loads(made.stdout)[0][0]
    assert ticket["qr"].startswith(f"DB1:{key['series']}:")  # signed with the service's key
    checked = run_as(None, launcher, "tickets", "verify", ticket["qr"], env=env)
    assert checked.returncode == 0, checked.stderr
    assert f"valid: ticket {ticket['serial']} of series {key['series']}" in checked.stdout
    listed = run_as(None, launcher, "tickets", "issued", env=env)
    assert listed.returncode == 0 and f"series {key['series']}" in listed.stdout
    history = run_as(None, launcher, "history", env=env)
    assert history.returncode == 0, history.stderr
    assert not (service / "journal.sqlite3").exists()  # reading makes no journal
    printed = run_as(None, launcher, "tickets", "--strips", "1", "--format", "pdf", "--out",
                     str(service / "tickets.pdf"), env=env)
    assert printed.returncode == 0, printed.stderr
    listed = run_as(None, launcher, "tickets", "issued", env=env)
    assert listed.returncode == 0 and "6 tickets" in listed.stdout
    assert (service / "journal.sqlite3").exists()
    assert owners(service) == {"nobody"}  # the service can open everything there


@needs_root
def test_sudo_with_the_data_directory_named_is_run_as_the_service_too(
    service: Path, launcher: Path
) -> None:
    """The README once said `sudo DEBARNA_DATA_DIR=/var/lib/debarna debarna history`."""
    env = service_env(service, DEBARNA_DATA_DIR=str(service))
    assert run_as(None, launcher, "tickets", "issued", env=env).returncode == 0
    assert run_as(None, launcher, "tickets", "--strips", "1", "--format", "json",
                  env=env).returncode == 0
    assert (service / "ticket-key.json").exists()
    assert owners(service) == {"nobody"}


@needs_root
def test_printing_as_root_registers_the_tickets_in_the_services_journal(
    service: Path, launcher: Path
) -> None:
    out = temp_dir("debarna-out-", NOBODY)
    try:
        env = service_env(service)
        made = run_as(None, launcher, "tickets", "--strips", "2", "--format", "pdf", "--out",
                      str(out / "t.pdf"), env=env)
        assert made.returncode == 0, made.stderr
        assert "001-1 to 002-6" in made.stdout
        listed = run_as(None, launcher, "tickets", "issued", env=env)
        assert "12 tickets" in listed.stdout
        assert owners(service) == {"nobody"} and owners(out) == {"nobody"}
    finally:
        shutil.rmtree(out)


@needs_root
@pytest.mark.parametrize(
    "args",
    [
        ["print", "--strips", "8"],
        ["print", "--strips", "2", "--printer", "Kitchen"],
        ["tickets", "--strips", "2", "--format", "pdf", "--out", "/tmp/tickets.pdf"],
        ["tickets", "--strips", "2", "--format", "json"],
        ["tickets", "issued", "--today"],
        ["tickets", "verify", "DB1:ABCDEF:001-1:X"],
        ["history", "--hand", "3"],
    ],
)
def test_another_user_is_told_what_to_run_and_nothing_is_made(
    service: Path, launcher: Path, args: list[str]
) -> None:
    home = temp_dir("debarna-home-", DAEMON)
    try:
        proc = run_as(DAEMON, launcher, *args, env=service_env(service, HOME=str(home)))
        assert proc.returncode == 1
        line = one_line(proc)
        assert f"are in {service}, which belongs to its user nobody" in line
        assert line.endswith(f"run this as that user instead: sudo -u nobody {launcher} "
                             + shlex.join(args))
        assert list(service.iterdir()) == []
        assert list(home.iterdir()) == []  # no data directory, no key of its own
    finally:
        shutil.rmtree(home)


@needs_root
def test_the_services_own_user_uses_its_directory_without_being_told(
    service: Path, launcher: Path
) -> None:
    made = run_as(NOBODY, launcher, "tickets", "--strips", "1", "--format", "json",
                  env=service_env(service, HOME="/nonexistent"))
    assert made.returncode == 0, made.stderr
    assert (service / "ticket-key.json").exists()
    code = json.loads(made.stdout)[0][2]["qr"]
    # Root, and the service's user itself, check the ticket against that same key.
    for user in (None, NOBODY):
        proc = run_as(user, launcher, "tickets", "verify", code, env=service_env(service))
        assert proc.returncode == 0 and proc.stdout.startswith("valid:"), proc.stderr


@pytest.fixture
def throwaway() -> Iterator[pwd.struct_passwd]:
    """A system user made for one test (and its group), removed after it."""
    name = f"dbn-test-{os.getpid()}-{random.randrange(10**6)}"[:31]
    subprocess.run(["useradd", "--system", "--user-group", "--no-create-home",
                    "--home-dir", "/nonexistent", "--shell", "/usr/sbin/nologin", name],
                   check=True, capture_output=True, timeout=60)
    try:
        yield pwd.getpwnam(name)
    finally:
        subprocess.run(["userdel", name], check=False, capture_output=True, timeout=60)


@pytest.fixture
def services_own(throwaway: pwd.struct_passwd) -> Iterator[Path]:
    """A stand-in for /var/lib/debarna owned (mode 0700) by the throwaway user."""
    folder = temp_dir("debarna-service-", throwaway)
    yield folder
    shutil.rmtree(folder)


def typed_on_the_pi(service: Path, **more: str) -> dict[str, str]:
    """`service_env` with the clips in the data directory, as there (the tests' own clip
    cache is elsewhere), and no screen or sound card."""
    env = service_env(service, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", **more)
    env.pop("DEBARNA_VOICE_DIR", None)
    return env


@needs_root
@pytest.mark.parametrize("named_by", ["DEBARNA_DATA_DIR", "STATE_DIRECTORY"])
def test_the_kiosk_run_as_root_against_the_services_directory_leaves_nothing_of_roots(
    services_own: Path, throwaway: pwd.struct_passwd, launcher: Path, named_by: str
) -> None:
    env = typed_on_the_pi(services_own, HOME="/root", **{named_by: str(services_own)})
    proc = run_as(None, launcher, "kiosk", "--headless", "--run-for", "1", env=env)
    assert proc.returncode == 0, proc.stderr
    assert (services_own / "journal.mark").is_file()  # the hand's mark, written as it ran
    assert (services_own / "voice").is_dir()
    assert owners(services_own) == {throwaway.pw_name}  # the service can open everything


@needs_root
def test_the_voice_rendered_as_root_into_the_services_directory_is_the_services(
    services_own: Path, throwaway: pwd.struct_passwd, launcher: Path
) -> None:
    if shutil.which("espeak-ng") is None:
        pytest.skip("espeak-ng renders the clips")
    env = typed_on_the_pi(services_own, HOME="/root", DEBARNA_DATA_DIR=str(services_own))
    proc = run_as(None, launcher, "voice", "--lang", "en", env=env)
    assert proc.returncode == 0, proc.stderr
    clips = list((services_own / "voice").rglob("*.wav"))
    assert len(clips) > 90  # 1-90 and the phrases
    assert owners(services_own) == {throwaway.pw_name}
    # Given a directory of its own, a command run by hand is root's and stays there.
    own = temp_dir("debarna-own-")
    try:
        env["DEBARNA_DATA_DIR"] = str(own)
        before = sorted(services_own.rglob("*"))
        proc = run_as(None, launcher, "voice", "--lang", "en", env=env)
        assert proc.returncode == 0, proc.stderr
        assert (own / "voice").is_dir() and owners(own) == {"root"}
        assert sorted(services_own.rglob("*")) == before
    finally:
        shutil.rmtree(own)


@needs_root
@pytest.mark.parametrize("args", [["kiosk", "--headless", "--run-for", "1"],
                                  ["voice", "--lang", "fa"]])
def test_another_user_naming_the_services_directory_is_told_what_to_run(
    services_own: Path, throwaway: pwd.struct_passwd, launcher: Path, args: list[str]
) -> None:
    home = temp_dir("debarna-home-", DAEMON)
    try:
        env = typed_on_the_pi(services_own, HOME=str(home),
                              DEBARNA_DATA_DIR=str(services_own))
        proc = run_as(DAEMON, launcher, *args, env=env)
        assert proc.returncode == 1
        assert one_line(proc) == (
            f"debarna: this kiosk's tickets, ticket key and games are in {services_own}, "
            f"which belongs to its user {throwaway.pw_name}; run this as that user instead: "
            f"sudo -u {throwaway.pw_name} env DEBARNA_DATA_DIR={services_own} {launcher} "
            + shlex.join(args))
        assert list(services_own.iterdir()) == [] and list(home.iterdir()) == []
    finally:
        shutil.rmtree(home)


def test_without_the_service_a_command_keeps_to_its_own_data(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DEBARNA_DATA_DIR"}
    env.update(DEBARNA_SERVICE_DIR=str(tmp_path / "no-service-here"),
               XDG_DATA_HOME=str(tmp_path / "xdg"))
    proc = subprocess.run([str(DEBARNA), "tickets", "--strips", "1", "--format", "json"],
                          env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "xdg" / "debarna" / "ticket-key.json").exists()


# -- tickets verify and issued never make a key ---------------------------------------------
def test_verify_without_a_key_says_so_and_makes_nothing(tmp_path: Path) -> None:
    data = tmp_path / "data"
    env = {**os.environ, "DEBARNA_DATA_DIR": str(data)}
    proc = subprocess.run([str(DEBARNA), "tickets", "verify", "DB1:ABCDEF:001-1:X"], env=env,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 1 and proc.stdout == ""
    assert one_line(proc).startswith(f"debarna: this kiosk has no ticket key in {data}; ")
    assert not data.exists()


@needs_root
@pytest.mark.parametrize("inside", ["", "data"])
def test_verify_without_a_key_on_a_read_only_directory_says_so_too(
    launcher: Path, inside: str
) -> None:
    locked = temp_dir("debarna-ro-", mode=0o755)  # root's: nobody may read, not write
    try:
        data = locked / inside if inside else locked
        proc = run_as(NOBODY, launcher, "tickets", "verify", "DB1:ABCDEF:001-1:X",
                      env={**os.environ, "DEBARNA_DATA_DIR": str(data), "HOME": "/nonexistent"})
        assert proc.returncode == 1
        assert one_line(proc).startswith(f"debarna: this kiosk has no ticket key in {data}; ")
        assert list(locked.iterdir()) == []
    finally:
        shutil.rmtree(locked)


def test_issued_without_a_key_lists_nothing_and_makes_nothing(tmp_path: Path) -> None:
    data = tmp_path / "data"
    env = {**os.environ, "DEBARNA_DATA_DIR": str(data)}
    proc = subprocess.run([str(DEBARNA), "tickets", "issued"], env=env,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == f"0 tickets: this kiosk has no ticket key in {data} yet, " \
                          "so it has printed none\n"
    assert not data.exists()


def test_an_unreadable_key_is_one_line_not_a_traceback(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / "ticket-key.json").write_text("{not json", encoding="ascii")
    env = {**os.environ, "DEBARNA_DATA_DIR": str(data)}
    for args in (["tickets", "verify", "DB1:ABCDEF:001-1:X"], ["tickets", "issued"],
                 ["tickets", "--strips", "1", "--format", "json"]):
        proc = subprocess.run([str(DEBARNA), *args], env=env, capture_output=True, text=True,
                              timeout=120)
        assert proc.returncode == 1
        assert "restore it from a backup" in one_line(proc)
    assert (data / "ticket-key.json").read_text(encoding="ascii") == "{not json"


def test_the_command_line_keeps_its_english_sentence_with_the_flag(tmp_path: Path) -> None:
    lp = tmp_path / "bin" / "lp"
    lp.parent.mkdir()
    lp.write_text("#!/bin/sh\necho 'lp: Error - No default destination.' >&2\nexit 1\n")
    lp.chmod(0o755)
    env = {**os.environ, "PATH": f"{lp.parent}:{os.environ['PATH']}"}
    proc = subprocess.run([str(DEBARNA), "print", "--strips", "1"], env=env,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 1
    assert "name the printer with --printer" in one_line(proc)


def test_the_tickets_printed_are_listed_from_a_read_only_disk(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`tickets issued` only reads, so it works where the journal cannot be written."""
    with tmpfs(tmp_path / "disk") as disk:
        monkeypatch.setenv("DEBARNA_DATA_DIR", str(disk))
        code, _ = run("tickets", "--strips", "1", "--format", "pdf", "--out",
                      str(tmp_path / "t.pdf"))
        assert code == 0
        before = sorted(p.name for p in disk.iterdir())
        remount(disk, "ro")
        code, listed = run("tickets", "issued")
        assert code == 0 and "6 tickets" in listed and "001-6" in listed
        assert sorted(p.name for p in disk.iterdir()) == before

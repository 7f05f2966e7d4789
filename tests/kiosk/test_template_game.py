"""A new table game is one engine package, one kiosk package and one line in the registry.

The template game of tests/template_game (Six Cards, a two-player trick game, its key the
placeholder ``example``) is installed under a fresh key in a copy of the project: its
`engine` folder as `engines/<key>/`, its `kiosk` folder as `kiosk/games/<key>/`, the
placeholder replaced by the key, and the game's module added to `BUILT_IN`. The copy
differs from the project by those two folders and that one line, nothing else. Then, in
a Python run inside the copy (importing the copy's `engines` and `kiosk`, not the
project's), the game is on the home menu under its own names in both languages, has its
config section, passes the conformance suite (`tests/engines/test_conformance.py`, run
by the copy's pytest for the new key), and the screen walker walks its table in English
and in Persian at 1080p, playing tricks, with no defect.
"""

from __future__ import annotations

import difflib
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = ROOT / "tests" / "template_game"
PLACEHOLDER = "example"  # the template's key, in its files wherever the key or a path is
KEY = "tricks"  # the key it is installed under
REGISTRY = "engines/registry.py"
LINE = f'    "engines.{KEY}.game",'
# What is not part of the project: the virtual environment, git's files, generated and
# cached files, the documentation's pictures.
SKIPPED = {".venv", ".git", "docs", "build", "__pycache__", ".pytest_cache", ".ruff_cache",
           ".mypy_cache", ".hypothesis"}
WALK_STEPS = 40  # presses per way to play: enough for tricks to be played through
SECONDS = 150  # the run inside the copy, at most


def project_files(root: Path) -> dict[str, bytes]:
    """Every file of the project under `root`, by its path from there."""
    files: dict[str, bytes] = {}
    for folder, dirs, names in os.walk(root):
        dirs[:] = [d for d in dirs if d not in SKIPPED and not d.endswith(".egg-info")]
        for name in names:
            path = Path(folder, name)
            if path.is_file() and not path.is_symlink():
                files[path.relative_to(root).as_posix()] = path.read_bytes()
    return files


def template_files() -> dict[str, bytes]:
    """The template's files as installed under `KEY`: where each goes, and its text."""
    out = {}
    for part, target in (("engine", f"engines/{KEY}"), ("kiosk", f"kiosk/games/{KEY}")):
        for path, data in project_files(TEMPLATE / part).items():
            out[f"{target}/{path}"] = data.decode("utf-8").replace(PLACEHOLDER, KEY).encode()
    return out


def registered(registry: str) -> str:
    """The registry's text with the new game's line at the end of `BUILT_IN`."""
    lines = registry.splitlines(keepends=True)
    start = next(i for i, line in enumerate(lines) if line.startswith("BUILT_IN"))
    end = next(i for i in range(start, len(lines)) if lines[i].startswith(")"))
    return "".join([*lines[:end], LINE + "\n", *lines[end:]])


def install(root: Path, project: dict[str, bytes]) -> None:
    """Write `project` under `root`, then the template game under `KEY` and its one line."""
    for path, data in {**project, **template_files()}.items():
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    registry = root / REGISTRY
    registry.write_text(registered(registry.read_text("utf-8")), "utf-8")


def test_the_template_names_its_game_by_the_placeholder_alone() -> None:
    """The placeholder stands alone wherever it is (never inside another word, which a
    plain replacement would break), and it is where the key and the module paths are:
    the entry's key, the hosting's imports and key, the scene's catalogue section."""
    raw = {f"{part}/{path}": data.decode("utf-8") for part in ("engine", "kiosk")
           for path, data in project_files(TEMPLATE / part).items()}
    assert {path for path in raw if not path.endswith(".py")} == {
        "kiosk/locales/en.toml", "kiosk/locales/fa.toml"}
    for path, text in raw.items():
        assert set(re.findall(rf"\w*{PLACEHOLDER}\w*", text, re.IGNORECASE)) <= {PLACEHOLDER}, \
            path
    assert f'key="{PLACEHOLDER}"' in raw["engine/game.py"]
    assert f"from engines.{PLACEHOLDER}.rules import" in raw["kiosk/__init__.py"]
    assert f'KEY = "{PLACEHOLDER}"' in raw["kiosk/__init__.py"]
    assert f'game = "{PLACEHOLDER}"' in raw["kiosk/scene.py"]
    installed = template_files()
    for path, data in installed.items():
        if path.endswith(".py"):
            compile(data, path, "exec")
        else:
            tomllib.loads(data.decode("utf-8"))


def test_a_new_game_is_two_packages_and_one_line(tmp_path: Path) -> None:
    project = project_files(ROOT)
    copy = tmp_path / "project"
    install(copy, project)
    installed = project_files(copy)

    added = set(installed) - set(project)
    assert added == set(template_files())
    folders = (f"engines/{KEY}/", f"kiosk/games/{KEY}/")
    assert all(path.startswith(folders) for path in added)
    assert all(any(path.startswith(folder) for path in added) for folder in folders)
    assert not set(project) - set(installed)
    changed = [path for path in project if installed[path] != project[path]]
    assert changed == [REGISTRY]
    diff = [line for line in difflib.ndiff(project[REGISTRY].decode().splitlines(),
                                           installed[REGISTRY].decode().splitlines())
            if line[:1] in "+-"]
    assert diff == [f"+ {LINE}"]

    inside = subprocess.run(
        [sys.executable, "-c", f"from tests.kiosk.test_template_game import inside; "
                               f"inside({str(tmp_path)!r})"],
        cwd=copy, env=copy_env(copy, tmp_path / "home"), capture_output=True, text=True,
        timeout=SECONDS)
    assert inside.returncode == 0, inside.stdout[-3000:] + inside.stderr[-3000:]
    here = copy.resolve()
    assert f"engines from {here}\n" in inside.stdout and f"kiosk from {here}\n" in inside.stdout


def copy_env(copy: Path, home: Path) -> dict[str, str]:
    """The environment of a run inside the copy: its modules first on the path (before the
    project's, which the virtual environment installs), its own data and config folders,
    no display."""
    env = dict(os.environ)
    env.update(PYTHONPATH=str(copy), DEBARNA_DATA_DIR=str(home / "data"),
               XDG_CONFIG_HOME=str(home / "config"), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", PYTHONDONTWRITEBYTECODE="1")
    for name in ("DEBARNA_CONFIG", "NOTIFY_SOCKET", "WALK_STEPS", "WALK_SEEDS"):
        env.pop(name, None)
    return env


# -- inside the copy ------------------------------------------------------------------------


def inside(scratch: str) -> None:
    """The checks made in a Python run inside the copy (its working folder): what was
    imported is the copy's; the game is listed, configured, conformant and walked."""
    import engines
    import kiosk

    here = Path.cwd().resolve()
    for package in (engines, kiosk):
        where = Path(package.__file__ or "").resolve().parent.parent
        assert where == here, f"{package.__name__} was imported from {where}, not the copy"
        print(f"{package.__name__} from {where}")
    listed()
    conformant()
    for lang in ("en", "fa"):
        walked(lang, Path(scratch) / f"walk-{lang}")


def listed() -> None:
    """On the home menu under its own names, with a config section of its defaults."""
    import pygame

    from engines.registry import games
    from kiosk.app import Kiosk, KioskOptions
    from kiosk.config import Config, VoiceConfig, defaults_toml, from_mapping
    from kiosk.games import hosting
    from kiosk.scenes.home import HomeScene

    assert [entry.key for entry in games()][-1] == KEY
    assert hosting(KEY) is not None
    pygame.display.init()
    pygame.font.init()
    for lang, name in (("en", "Six Cards"), ("fa", "شش برگ")):
        app = Kiosk(KioskOptions(headless=True, lang=lang, size=(1280, 720)),
                    Config(voice=VoiceConfig(enabled=False)))
        home = app.scene
        assert isinstance(home, HomeScene)
        assert [g.label(app.tr) for g in home.games if g.scene == KEY] == [name]
        assert app.tr(f"{KEY}.title") == name
        for pool in (app.printer, app.thinker, app.background):
            pool.shutdown(wait=False, cancel_futures=True)
        app.buttons.close()
    text = defaults_toml()
    section = text[text.index(f"[{KEY}]"):].split("\n\n")[0].splitlines()
    assert [line.split("=")[0].strip() for line in section[1:]] == [
        "turn_seconds", "level", "target", "last_trick_bonus"], section
    assert from_mapping(tomllib.loads(text)) == Config()
    assert from_mapping({KEY: {"target": 21}}).options(KEY).target == 21
    pygame.quit()


def conformant() -> None:
    """The conformance suite's tests for the new key (and those over every game), run by
    the copy's pytest: all pass, none skipped."""
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-rA", "-p", "no:cacheprovider",
         "tests/engines/test_conformance.py", "-k",
         f"{KEY} or chance_outcomes or every_engine_is_in_the_registry"],
        capture_output=True, text=True)
    assert run.returncode == 0, run.stdout[-3000:]
    passed = [line for line in run.stdout.splitlines() if line.startswith("PASSED")]
    assert sum(f"[{KEY}" in line for line in passed) == 5, run.stdout[-3000:]
    assert "skipped" not in run.stdout.splitlines()[-1], run.stdout[-3000:]


def walked(lang: str, data: Path) -> None:
    """The screen walker on the new game's table at 1080p: no defect, and in the journal
    it kept, tricks played through."""
    import pygame

    from engines.registry import game
    from kiosk.store import Store
    from tests.kiosk.walker import Report, walk_all

    os.environ["DEBARNA_DATA_DIR"] = str(data)
    pygame.display.init()
    pygame.font.init()
    report = Report()
    walk_all(lang, (1920, 1080), 1, WALK_STEPS, report, games=[KEY])
    pygame.quit()
    assert not report.defects, "\n".join(str(d) for d in report.defects.values())
    assert report.frames > 0 and sum(report.counts().values()) > 3, report.counts()
    store = Store(data / "journal.sqlite3")
    tricks = 0
    for hand in store.hands(KEY):
        rows = store.events(hand.id)
        state = game(KEY).records.replay(
            [rows[0]["record"], *(r["event"] for r in rows[1:] if r["kind"] == "record")])
        tricks = max(tricks, len(state.tricks) + sum(len(r.tricks) for r in state.results))
    store.close()
    assert tricks >= 1, f"the {lang} walk played no trick through"
    print(f"{lang}: {report.frames} frames, {sum(report.counts().values())} states, "
          f"{tricks} tricks at most in a game")

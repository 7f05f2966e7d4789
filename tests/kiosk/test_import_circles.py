"""No import circle and no upward import in `kiosk/`: read from the source (every import, at
the top of a module, inside a function or under `TYPE_CHECKING`), each module's imports of
other kiosk modules make a graph with no cycle in it, and every edge points down the
kiosk's floors (`FLOORS`) or stays on its floor; a game's package imports no other game's.
A circle hides which part stands on which, and a lazy import inside a function is how
one creeps in unseen.

`python -m tests.kiosk.test_import_circles` prints the circles and the upward or
sideways imports found (none: nothing), and exits 1 if there are any."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def modules(package: str = "kiosk", root: Path = ROOT) -> dict[str, Path]:
    """Each module of `package` (a folder of `root`) by its dotted name (a package by its
    own name)."""
    found = {}
    for path in sorted((root / package).rglob("*.py")):
        parts = path.relative_to(root).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


def imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The modules of `known` that the module `name` (at `path`) imports."""
    here = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    wanted: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            wanted.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here[:len(here) - node.level + 1]
                target = ".".join([*base, *([node.module] if node.module else [])])
            else:
                target = node.module or ""
            wanted.add(target)
            wanted.update(f"{target}.{alias.name}" for alias in node.names)  # a submodule
    return {m for m in wanted if m in known and m != name}


def circles(package: str = "kiosk", root: Path = ROOT) -> list[list[str]]:
    """The import circles among `package`'s modules: each strongly connected set of two
    or more (Tarjan's algorithm, without recursion)."""
    known = modules(package, root)
    graph = {name: sorted(imports(name, path, known)) for name, path in known.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in graph:
        if start in index:
            continue
        work = [(start, 0)]
        while work:
            node, i = work.pop()
            if i == 0:
                index[node] = low[node] = len(index)
                stack.append(node)
                on_stack.add(node)
            for j in range(i, len(graph[node])):
                nxt = graph[node][j]
                if nxt not in index:
                    work.append((node, j + 1))
                    work.append((nxt, 0))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                if low[node] == index[node]:
                    group = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.append(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        found.append(sorted(group))
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
    return found


FLOORS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("the app and its commands", ("kiosk.app", "kiosk.cli", "kiosk.__main__", "kiosk.backup")),
    ("the games, each a package, and their shared hosting", ("kiosk.games",)),
    ("the shared screens and the card table", ("kiosk.scenes",)),
    ("the table's flow and the phones", ("kiosk.table", "kiosk.phones")),
    ("the base: text, theme, words, config, store, journal", ("kiosk",)),
)
"""The kiosk's floors, top to bottom: a module is on the floor of the longest prefix
that names it or its package; it may import from its own floor and the ones below."""

SHARED_HOSTING = ("kiosk.games", "kiosk.games.dealt")  # what every game's package may use


def floor(name: str) -> int:
    """The floor of module `name`: 0 is the top (`FLOORS`)."""
    best, found = -1, len(FLOORS) - 1
    for index, (_, prefixes) in enumerate(FLOORS):
        for prefix in prefixes:
            if (name == prefix or name.startswith(prefix + ".")) and len(prefix) > best:
                best, found = len(prefix), index
    return found


def game_of(name: str) -> str | None:
    """The game package module `name` belongs to (``kiosk.games.<key>.…``), or None."""
    parts = name.split(".")
    if len(parts) >= 3 and parts[:2] == ["kiosk", "games"] and name not in SHARED_HOSTING:
        return parts[2]
    return None


def wrong_way(package: str = "kiosk", root: Path = ROOT) -> list[str]:
    """Each import that goes up a floor, or from one game's package into another's."""
    known = modules(package, root)
    found = []
    for name, path in known.items():
        for target in sorted(imports(name, path, known)):
            if floor(target) < floor(name):
                found.append(f"{name} ({FLOORS[floor(name)][0]}) imports {target} "
                             f"({FLOORS[floor(target)][0]})")
            elif game_of(name) is not None and game_of(target) not in (None, game_of(name)):
                found.append(f"{name} imports {target}, another game's package")
    return found


def test_no_module_of_the_kiosk_imports_its_way_back_to_itself() -> None:
    found = circles()
    assert not found, "import circles: " + "; ".join(" <-> ".join(c) for c in found)


def test_the_reader_finds_a_circle_planted_in_a_copy(tmp_path: Path) -> None:
    """The check can fail: two modules that import each other, one lazily inside a
    function and one under TYPE_CHECKING, are a circle; a third that only imports is not."""
    package = tmp_path / "planted"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("def f():\n    from planted.b import g\n    return g\n")
    (package / "b.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                                  "    from . import a\ndef g():\n    return 1\n")
    (package / "c.py").write_text("from planted.a import f\n")
    assert circles("planted", tmp_path) == [["planted.a", "planted.b"]]


def test_every_import_goes_down_the_floors_and_no_game_imports_another() -> None:
    found = wrong_way()
    assert not found, "imports the wrong way: " + "; ".join(found)


def test_the_floors_name_every_part_of_the_kiosk() -> None:
    """Each package of the kiosk sits on the floor it is meant to (a new top-level module
    falls to the base, where it may import only the base)."""
    assert floor("kiosk.app") == floor("kiosk.backup") == 0
    assert floor("kiosk.games.dobbm.scene") == floor("kiosk.games.dealt") == 1
    assert floor("kiosk.scenes.card_table.scene") == 2
    assert floor("kiosk.table.controller") == floor("kiosk.phones.hub") == 3
    assert floor("kiosk.config") == floor("kiosk.i18n") == 4


def test_the_reader_finds_an_upward_and_a_sideways_import_planted_in_a_copy(
        tmp_path: Path) -> None:
    """The check can fail: a base module importing a scene lazily, and one game's scene
    importing another game's, are found; a game using the shared hosting is not."""
    kiosk = tmp_path / "kiosk"
    for folder in ("", "scenes", "games", "games/nim", "games/go"):
        (kiosk / folder).mkdir(parents=True, exist_ok=True)
        (kiosk / folder / "__init__.py").write_text("")
    (kiosk / "scenes" / "home.py").write_text("X = 1\n")
    (kiosk / "config.py").write_text("def f():\n    from kiosk.scenes.home import X\n")
    (kiosk / "games" / "dealt.py").write_text("from kiosk.config import f\n")
    (kiosk / "games" / "nim" / "scene.py").write_text(
        "from kiosk.games.dealt import f\nfrom kiosk.games.go import scene\n")
    (kiosk / "games" / "go" / "scene.py").write_text("from kiosk.scenes.home import X\n")
    assert wrong_way("kiosk", tmp_path) == [
        "kiosk.config (the base: text, theme, words, config, store, journal) imports "
        "kiosk.scenes.home (the shared screens and the card table)",
        "kiosk.games.nim.scene imports kiosk.games.go, another game's package",
        "kiosk.games.nim.scene imports kiosk.games.go.scene, another game's package",
    ]


if __name__ == "__main__":
    for circle in circles():
        print("circle:", " <-> ".join(circle))
    for wrong in wrong_way():
        print(wrong)
    sys.exit(1 if circles() or wrong_way() else 0)

"""No import circle in `kiosk/`: read from the source (every import, at the top of a module,
inside a function or under `TYPE_CHECKING`), each module's imports of other kiosk modules
make a graph with no cycle in it. A circle hides which part stands on which, and a lazy
import inside a function is how one creeps in unseen.

`python -m tests.kiosk.test_import_circles` prints the circles found (none: nothing)."""

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


if __name__ == "__main__":
    for circle in circles():
        print(" <-> ".join(circle))
    sys.exit(1 if circles() else 0)

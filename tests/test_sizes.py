"""No class over `MAX_CLASS_LINES` lines in the project's packages: a class that size mixes
jobs (a scene's flow with its painting, say) and is split where the jobs part.

A class's size is its lines from ``class`` to its last line, nested classes and blank
lines included. `python -m tests.test_sizes` prints the largest classes and functions
(``--top N``, 10 by default) of the packages.
"""

from __future__ import annotations

import argparse
import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("kiosk", "engines", "audio", "hardware")
MAX_CLASS_LINES = 600


def sizes(root: Path = ROOT, packages: tuple[str, ...] = PACKAGES
          ) -> tuple[list[tuple[int, str]], list[tuple[int, str]]]:
    """(classes, functions) of the packages as (lines, "path:Name"), largest first."""
    classes: list[tuple[int, str]] = []
    functions: list[tuple[int, str]] = []
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            where = path.relative_to(root).as_posix()
            for node in ast.walk(tree):
                if not isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                    continue
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                found = classes if isinstance(node, ast.ClassDef) else functions
                found.append((lines, f"{where}:{node.name}"))
    return sorted(classes, reverse=True), sorted(functions, reverse=True)


def test_no_class_is_over_the_limit() -> None:
    classes, _ = sizes()
    over = [f"{name} ({lines} lines)" for lines, name in classes if lines > MAX_CLASS_LINES]
    assert not over, f"classes over {MAX_CLASS_LINES} lines: " + ", ".join(over)


def test_the_measure_counts_a_planted_class(tmp_path: Path) -> None:
    """The check can fail: a class of 601 lines is measured as 601."""
    (tmp_path / "pkg").mkdir()
    body = "class Big:\n" + "    x = 1\n" * 600 + "\ndef f():\n    return 1\n"
    (tmp_path / "pkg" / "big.py").write_text(body)
    classes, functions = sizes(tmp_path, ("pkg",))
    assert classes == [(601, "pkg/big.py:Big")]
    assert functions == [(2, "pkg/big.py:f")]


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="the largest classes and functions")
    parser.add_argument("--top", type=int, default=10)
    args = parser.parse_args()
    classes, functions = sizes()
    print(f"largest classes (limit {MAX_CLASS_LINES} lines):")
    for lines, name in classes[:args.top]:
        print(f"  {lines:5d}  {name}")
    print("largest functions:")
    for lines, name in functions[:args.top]:
        print(f"  {lines:5d}  {name}")

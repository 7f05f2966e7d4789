"""No shared kiosk module names a game: only a game's own package (``kiosk/games/<key>/``)
says its key, imports its modules or reads its config sections. Read from the source of
every other kiosk module (Dabernā's package and the shared hosting among them): no import
of a game's package, no string (docstrings aside: prose may give a game as an example)
holding a registered game's key or the name of a section a game's package adds as a word,
and no name or attribute spelled as one (``config.hearts``).

The exceptions are listed in `ALLOWED`, each with its reason: the salvage's guess at the
game of the oldest journals' rows, which must read journals written before a game's
events named it; and the suit called hearts, which is a suit, not Bidel.

`python -m tests.kiosk.test_no_game_named` prints what it finds (none: nothing)."""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

from engines.registry import games as registered_games
from kiosk.config import game_sections
from tests.kiosk.test_import_circles import ROOT, imports, modules

ALLOWED: dict[tuple[str, str], str] = {
    ("kiosk.salvage", "hearts"): "the oldest journals' Bidel rows, recognised by kind",
    ("kiosk.salvage", "backgammon"): "the oldest journals' Takhteh Nard rows, by kind",
    ("kiosk.cards_draw", "hearts"): "the suit",
    ("kiosk.phones.models", "hearts"): "the suit",
}
"""(module, word) pairs allowed, with the reason each is not a game named by shared code."""


def game_words() -> set[str]:
    """The registered games' keys and the names of the sections their packages add."""
    return {entry.key for entry in registered_games()} | set(game_sections())


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the string nodes that are docstrings (a module's, class's, function's, or
    an attribute's: a string standing alone as a statement)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) \
                and isinstance(node.value.value, str):
            found.add(id(node.value))
    return found


def namings(name: str, path: Path, known: dict[str, Path], words: set[str]) -> list[str]:
    """Where module `name` (at `path`) names a game: each as ``module:line: what``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    prose = _docstrings(tree)
    pattern = re.compile(r"\b(" + "|".join(sorted(map(re.escape, words))) + r")\b")
    found: list[str] = []

    def note(line: int, word: str, what: str) -> None:
        if (name, word) not in ALLOWED:
            found.append(f"{name}:{line}: {what}")

    for target in sorted(imports(name, path, known)):
        parts = target.split(".")
        if len(parts) >= 3 and parts[:2] == ["kiosk", "games"] and parts[2] in words:
            note(0, parts[2], f"imports {target}")
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and id(node) not in prose:
            for match in pattern.finditer(node.value):
                note(node.lineno, match.group(1), f"the string {node.value[:60]!r}")
        elif isinstance(node, ast.Attribute) and node.attr in words:
            note(node.lineno, node.attr, f"the attribute .{node.attr}")
        elif isinstance(node, ast.Name) and node.id in words:
            note(node.lineno, node.id, f"the name {node.id}")
    return found


def shared_namings(package: str = "kiosk", root: Path = ROOT,
                   words: set[str] | None = None) -> list[str]:
    """Every place a module outside the games' own packages names a game."""
    words = game_words() if words is None else words
    known = modules(package, root)
    found = []
    for name, path in known.items():
        parts = name.split(".")
        if len(parts) >= 3 and parts[:2] == [package, "games"] and parts[2] in words:
            continue  # a game's own package
        found += namings(name, path, known, words)
    return found


def test_no_shared_module_names_a_game() -> None:
    found = shared_namings()
    assert not found, "shared code names a game: " + "; ".join(found)


def test_every_allowed_naming_is_still_there() -> None:
    """An exception no longer needed is taken off the list, not left to cover a new one."""
    words = game_words()
    for (module, word), reason in ALLOWED.items():
        path = modules()[module]
        text = path.read_text(encoding="utf-8")
        assert re.search(rf"\b{word}\b", text), f"{module} no longer says {word} ({reason})"
        assert word in words


def test_the_reader_finds_a_game_named_in_a_planted_copy(tmp_path: Path) -> None:
    """The check can fail: a shared module that imports a game's package, compares with a
    game's key, or reads ``config.<key>`` is found; a docstring that mentions the game and
    the game's own package are not."""
    kiosk = tmp_path / "kiosk"
    for folder in ("", "games", "games/nim"):
        (kiosk / folder).mkdir(parents=True, exist_ok=True)
        (kiosk / folder / "__init__.py").write_text("")
    (kiosk / "games" / "nim" / "scene.py").write_text('KEY = "nim"\n')
    (kiosk / "app.py").write_text(
        '"""The app; nim is one of its games."""\n'
        "from kiosk.games.nim import scene\n"
        "def f(config, key):\n"
        '    return config.nim if key == "nim" else None\n')
    assert shared_namings("kiosk", tmp_path, {"nim"}) == [
        "kiosk.app:0: imports kiosk.games.nim",
        "kiosk.app:0: imports kiosk.games.nim.scene",
        "kiosk.app:4: the attribute .nim",
        "kiosk.app:4: the string 'nim'",
    ]


if __name__ == "__main__":
    for where in shared_namings():
        print(where)
    sys.exit(1 if shared_namings() else 0)

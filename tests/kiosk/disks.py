"""Real small disks for the journal's tests: a tmpfs mounted on a folder (needs root, as
CI has; a test skips where it cannot be mounted)."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest


@contextmanager
def tmpfs(folder: Path, size: str = "4m") -> Iterator[Path]:
    """A tmpfs of `size` mounted on `folder` (made if missing) for the with-block."""
    folder.mkdir(parents=True, exist_ok=True)
    made = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)],
                          capture_output=True)
    if made.returncode != 0:
        pytest.skip("cannot mount a tmpfs here (needs root)")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)


def remount(folder: Path, mode: str) -> None:
    """Remount the tmpfs on `folder` "ro" or "rw"."""
    subprocess.run(["mount", "-o", f"remount,{mode}", str(folder)], check=True)

"""The clip cache: every clip rendered once to WAV, keyed by (language, voice, rate, text).

Clips live under ``<data dir>/voice/`` and are reused across runs; a clip is only
rendered when its key is new (another voice, rate or wording). Rendering happens
on the speech thread; `build` reports progress so the TV or a terminal can show it.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from .render import Renderer, SpeechUnavailable
from .words import clip_texts

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class VoiceKey:
    lang: str
    voice: str
    rate: int


def voice_dir(data_dir: Path) -> Path:
    """Where clips live: ``<data dir>/voice``, or ``$DEBARNA_VOICE_DIR`` when set."""
    named = os.environ.get("DEBARNA_VOICE_DIR")
    return Path(named) if named else data_dir / "voice"


def clip_path(root: Path, key: VoiceKey, text: str) -> Path:
    digest = hashlib.sha256(f"{key.lang}\0{key.voice}\0{key.rate}\0{text}".encode()).hexdigest()
    return root / key.lang / f"{digest[:20]}.wav"


class ClipCache:
    """The clips of one voice: their files, which are missing, and building them."""

    def __init__(self, root: Path, key: VoiceKey) -> None:
        self.root = root
        self.key = key
        self.texts = clip_texts(key.lang)

    def path(self, name: str) -> Path:
        return clip_path(self.root, self.key, self.texts[name])

    def missing(self) -> list[str]:
        return [name for name in self.texts if not self.path(name).is_file()]

    @property
    def complete(self) -> bool:
        return not self.missing()

    def build(self, renderer: Renderer, progress: Progress | None = None) -> list[str]:
        """Render every missing clip; returns the names that failed (the rest are kept)."""
        todo = self.missing()
        futures = [
            (name, renderer.render(self.texts[name], self.key.voice, self.key.rate,
                                   self.path(name)))
            for name in todo
        ]
        failed = []
        for done, (name, future) in enumerate(futures, start=1):
            try:
                future.result(timeout=60)
            except (SpeechUnavailable, TimeoutError, OSError):
                failed.append(name)
            if progress is not None:
                progress(done, len(futures))
        return failed

    def files(self) -> dict[str, Path]:
        """The clips that exist, by name."""
        return {name: self.path(name) for name in self.texts if self.path(name).is_file()}

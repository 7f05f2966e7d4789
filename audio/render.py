"""Speech to WAV with pyttsx3 on espeak-ng, in one worker thread that owns the engine.

pyttsx3 keeps only the last `save_to_file` before each `runAndWait`, so every
clip gets its own `runAndWait`; it prints a line per file, which is kept off the
kiosk's log; and its engine is not thread-safe, so one thread owns it for good.
Nothing here is ever called from the frame loop.
"""

from __future__ import annotations

import contextlib
import io
import logging
import os
import queue
import threading
import wave
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

# espeak-ng's own voice for each language, when the config names none.
DEFAULT_VOICES = {"fa": "ira/fa", "en": "gmw/en"}
# pyttsx3's espeak driver now and then writes a short clip before its samples
# arrive (an empty file); rendering it again gives the clip.
ATTEMPTS = 4


class SpeechUnavailable(RuntimeError):
    """No text-to-speech here (espeak-ng missing or broken); the message says what to do."""


@dataclass(frozen=True)
class _Job:
    text: str
    voice: str
    rate: int
    path: Path
    future: Future[Path]


class Renderer:
    """Renders clips one after another on its own thread. Use `render()` from anywhere."""

    def __init__(self) -> None:
        self._jobs: queue.Queue[_Job | None] = queue.Queue()
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._engine: Any = None
        self._voices: list[tuple[str, list[str]]] = []
        self._thread = threading.Thread(target=self._work, name="speech", daemon=True)
        self._thread.start()
        self._ready.wait()
        if self._error is not None:
            raise SpeechUnavailable(
                f"speech is not available ({self._error}); install the Debian packages "
                "espeak-ng and libespeak-ng1 — the game goes on without a voice"
            )

    # -- the worker thread ----------------------------------------------------------------
    def _work(self) -> None:
        try:
            import pyttsx3

            with contextlib.redirect_stdout(io.StringIO()):
                self._engine = pyttsx3.init("espeak")
            self._voices = [
                (v.id, [str(lang) for lang in (v.languages or [])])
                for v in self._engine.getProperty("voices")
            ]
        except Exception as exc:  # any failure to load espeak means "no speech"
            self._error = exc
            self._ready.set()
            return
        self._ready.set()
        while True:
            job = self._jobs.get()
            if job is None:
                return
            if job.future.set_running_or_notify_cancel():
                try:
                    job.future.set_result(self._render(job))
                except Exception as exc:
                    job.future.set_exception(exc)

    def _render(self, job: _Job) -> Path:
        engine = self._engine
        engine.setProperty("voice", job.voice)
        engine.setProperty("rate", job.rate)
        job.path.parent.mkdir(parents=True, exist_ok=True)
        partial = job.path.with_name(job.path.name + ".part")
        problem = "it came out empty"
        for _ in range(ATTEMPTS):
            with contextlib.redirect_stdout(io.StringIO()):
                engine.save_to_file(job.text, str(partial))
                engine.runAndWait()
            try:
                with wave.open(str(partial), "rb") as clip:
                    frames = clip.getnframes()
            except (OSError, EOFError, wave.Error) as exc:
                problem = str(exc)
                continue
            if frames > 0:
                os.replace(partial, job.path)
                return job.path
        partial.unlink(missing_ok=True)
        raise SpeechUnavailable(f"the clip {job.text!r} was not rendered: {problem}")

    # -- the caller's side ----------------------------------------------------------------
    def voices(self, lang: str | None = None) -> list[str]:
        """espeak-ng voice ids, all or those that speak `lang`."""
        if lang is None:
            return [voice for voice, _ in self._voices]
        return [voice for voice, langs in self._voices
                if any(x == lang or x.startswith(lang + "-") for x in langs)]

    def voice_for(self, lang: str, preferred: str = "") -> str:
        """The voice to use: the preferred one if espeak has it, else the language's own."""
        known = self.voices()
        if preferred and preferred in known:
            return preferred
        if preferred:
            log.warning("voice %r is not installed; using the usual %s voice", preferred, lang)
        fallback = DEFAULT_VOICES.get(lang, lang)
        if fallback in known:
            return fallback
        speaking = self.voices(lang)
        if not speaking:
            raise SpeechUnavailable(f"espeak-ng has no voice for {lang!r}")
        return speaking[0]

    def render(self, text: str, voice: str, rate: int, path: Path) -> Future[Path]:
        future: Future[Path] = Future()
        self._jobs.put(_Job(text, voice, rate, path, future))
        return future

    def close(self) -> None:
        self._jobs.put(None)
        self._thread.join(timeout=5)


_SHARED: Renderer | None = None
_LOCK = threading.Lock()


def renderer() -> Renderer:
    """The process's one renderer (raises SpeechUnavailable when there is no speech)."""
    global _SHARED
    with _LOCK:
        if _SHARED is None:
            _SHARED = Renderer()
        return _SHARED

"""The caller's voice on the speaker: pygame.mixer, one channel, never two voices at once.

`Voice` is prepared off the frame loop (`prepare`, on a thread: clips rendered if
missing, then loaded and each call composed in advance), and played from the loop
(`call`, `say`, `update`), which only hands a ready sound to the mixer. Anything
missing — no audio device, no espeak-ng, a clip that failed — leaves the game
silent where it must, with `problem` naming what happened for the screen and one
log line; it never raises into the loop.
"""

from __future__ import annotations

import logging
import threading
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .cache import ClipCache, VoiceKey
from .render import DEFAULT_VOICES, SpeechUnavailable, renderer
from .words import call_clips, ticket_clips

log = logging.getLogger(__name__)

SAMPLE_RATE = 22050  # espeak-ng's own rate: clips load without resampling
MIXER_BUFFER = 256  # samples: about 12 ms, so a call starts close to its beat
GAP_SECONDS = 0.18  # between the clips of one call ("sixty-three — six, three")


@dataclass(frozen=True)
class VoiceSettings:
    lang: str
    voice: str = ""
    rate: int = 150
    volume: float = 0.9
    style: str = "number"
    enabled: bool = True


def open_mixer() -> str | None:
    """Start pygame.mixer for the clips; returns a problem key if there is no sound device."""
    import pygame

    try:
        pygame.mixer.init(frequency=SAMPLE_RATE, size=-16, channels=1, buffer=MIXER_BUFFER)
    except pygame.error as exc:
        log.warning("no sound device (%s): the game goes on without a voice", exc)
        return "no_audio_device"
    pygame.mixer.set_num_channels(2)
    pygame.mixer.set_reserved(1)
    return None


class Voice:
    """Plays calls and phrases; silent (with a reason) when it cannot speak."""

    def __init__(self, settings: VoiceSettings, root: Path, mixer_problem: str | None) -> None:
        self.settings = settings
        self.root = root
        self.problem: str | None = mixer_problem if settings.enabled else None
        self.progress = (0, 0)  # clips rendered, clips to render
        self.ready = threading.Event()
        self._sounds: dict[str, Any] = {}
        self._calls: dict[int, Any] = {}
        self._queue: deque[Any] = deque()
        self._busy_until = 0.0
        self._channel: Any = None
        # While this says so, nothing starts playing (what is to be said waits in turn):
        # the kiosk holds the voice until what it says is on the journal's disk.
        self.hold: Callable[[], bool] = lambda: False

    @property
    def silent(self) -> bool:
        return not self.settings.enabled or self.problem is not None

    # -- preparing (off the frame loop) ---------------------------------------------------
    def start(self, on_ready: Callable[[], None] | None = None) -> threading.Thread:
        """Prepare on a thread; `ready` is set when done (or when it cannot speak)."""

        def work() -> None:
            try:
                self.prepare()
            finally:
                self.ready.set()
                if on_ready is not None:
                    on_ready()

        thread = threading.Thread(target=work, name="voice-prepare", daemon=True)
        thread.start()
        return thread

    def prepare(self) -> None:
        """Render what is missing, load every clip and compose every call.

        Clips already in the cache play even where espeak-ng has gone missing.
        """
        if self.silent:
            return
        try:
            speech = renderer()
            voice = speech.voice_for(self.settings.lang, self.settings.voice)
        except SpeechUnavailable as exc:
            speech = None
            voice = self.settings.voice or DEFAULT_VOICES.get(self.settings.lang, "")
            reason = str(exc)
        cache = ClipCache(self.root, VoiceKey(self.settings.lang, voice, self.settings.rate))
        if speech is None:
            if not cache.complete:
                log.warning("%s", reason)
                self.problem = "no_speech"
                return
            log.warning("speech is not available, but every clip is already recorded")
        else:
            failed = cache.build(
                speech, lambda done, total: setattr(self, "progress", (done, total)))
            if failed:
                log.warning("%d voice clips could not be rendered (%s); those stay silent",
                            len(failed), ", ".join(failed[:5]))
                self.problem = "clips_missing"
        self._load(cache.files())

    def _load(self, files: dict[str, Path]) -> None:
        import pygame

        gap = bytes(int(SAMPLE_RATE * GAP_SECONDS) * 2)
        try:
            sounds = {name: pygame.mixer.Sound(str(path)) for name, path in files.items()}
            calls = {}
            for number in range(1, 91):
                parts = call_clips(number, self.settings.style)
                if all(p in sounds for p in parts):
                    calls[number] = self._compose([sounds[p] for p in parts], gap)
        except pygame.error as exc:
            log.warning("the voice clips could not be loaded (%s)", exc)
            self.problem = "no_audio_device"
            return
        for sound in [*sounds.values(), *calls.values()]:
            sound.set_volume(self.settings.volume)
        self._sounds, self._calls = sounds, calls
        self._channel = pygame.mixer.Channel(0)

    @staticmethod
    def _compose(parts: Sequence[Any], gap: bytes) -> Any:
        import pygame

        if len(parts) == 1:
            return parts[0]
        raw = gap.join(part.get_raw() for part in parts)
        return pygame.mixer.Sound(buffer=raw)

    # -- speaking (from the frame loop) ---------------------------------------------------
    def busy(self, now: float) -> bool:
        """Still speaking (or with something waiting to be said) at `now`."""
        return bool(self._queue) or now < self._busy_until

    def call(self, number: int, now: float) -> float:
        """Say a call at once (or first of all once the voice is no longer held);
        returns how long it lasts (0 when silent)."""
        sound = self._calls.get(number)  # none at all when it cannot speak
        if sound is None:
            return 0.0
        if self.hold():
            self._queue.appendleft(sound)
            return float(sound.get_length())
        return self._play(sound, now)

    def say(self, names: Sequence[str], now: float) -> None:
        """Say phrases after whatever is being said now (never over it)."""
        self._queue.extend(self._sounds[n] for n in names if n in self._sounds)
        self.update(now)

    def say_ticket(self, serial: str, now: float) -> None:
        self.say(ticket_clips(serial), now)

    def update(self, now: float) -> None:
        """Start the next queued phrase once the current one has ended."""
        if self._queue and now >= self._busy_until and not self.hold():
            self._play(self._queue.popleft(), now)

    def _play(self, sound: Any, now: float) -> float:
        if self._channel is None:
            return 0.0
        self._channel.play(sound)
        length = float(sound.get_length())
        self._busy_until = now + length
        return length

    def stop(self) -> None:
        self._queue.clear()
        self._busy_until = 0.0
        if self._channel is not None:
            self._channel.stop()

"""Every test gets its own data and config directories, so no journal is shared.

The voice clips are a cache keyed by their content, so one clip directory serves
the whole session (rendering them for every test would only repeat the work).
"""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def private_dirs(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("DEBARNA_DATA_DIR", str(home / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "config"))
    monkeypatch.delenv("DEBARNA_CONFIG", raising=False)
    monkeypatch.delenv("NOTIFY_SOCKET", raising=False)
    monkeypatch.setenv("DEBARNA_VOICE_DIR", str(voice_cache(tmp_path_factory)))
    return home


_VOICE: list[Path] = []


def voice_cache(factory: pytest.TempPathFactory) -> Path:
    """The session's clip directory, with the default voices rendered once, up front."""
    if not _VOICE:
        root = factory.mktemp("voice")
        _VOICE.append(root)
        from audio.cache import ClipCache, VoiceKey
        from audio.render import SpeechUnavailable, renderer

        try:
            speech = renderer()
            for lang in ("fa", "en"):
                ClipCache(root, VoiceKey(lang, speech.voice_for(lang), 150)).build(speech)
        except SpeechUnavailable:
            pass  # the kiosk then runs silently, which its own tests check
    return _VOICE[0]

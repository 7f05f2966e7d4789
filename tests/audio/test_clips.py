"""Real clips from pyttsx3 on espeak-ng: every call in fa and en is speech of a sane length."""

from __future__ import annotations

import array
import math
import wave
from pathlib import Path

import pytest

from audio.cache import ClipCache, VoiceKey, clip_path
from audio.render import Renderer, SpeechUnavailable, renderer
from tests.conftest import voice_cache

RMS_FLOOR = 500  # of 32767: clearly more than silence or hiss


def samples(path: Path) -> tuple[array.array[int], int]:
    with wave.open(str(path), "rb") as clip:
        assert clip.getsampwidth() == 2 and clip.getnchannels() == 1
        data = array.array("h")
        data.frombytes(clip.readframes(clip.getnframes()))
        return data, clip.getframerate()


def rms(data: array.array[int]) -> float:
    return math.sqrt(sum(x * x for x in data) / len(data)) if data else 0.0


@pytest.fixture(scope="module")
def speech() -> Renderer:
    return renderer()


@pytest.fixture(scope="module")
def caches(speech: Renderer, tmp_path_factory: pytest.TempPathFactory) -> dict[str, ClipCache]:
    root = voice_cache(tmp_path_factory)
    built = {}
    for lang in ("fa", "en"):
        cache = ClipCache(root, VoiceKey(lang, speech.voice_for(lang), 150))
        assert cache.build(speech) == []
        built[lang] = cache
    return built


@pytest.mark.parametrize("lang", ["fa", "en"])
def test_every_number_is_a_clip_of_speech_between_0_3_and_3_seconds(
    caches: dict[str, ClipCache], lang: str
) -> None:
    for n in range(1, 91):
        data, rate = samples(caches[lang].path(f"n{n}"))
        seconds = len(data) / rate
        assert 0.3 <= seconds <= 3.0, (lang, n, seconds)
        assert rms(data) > RMS_FLOOR, (lang, n, rms(data))


def test_the_persian_and_english_clips_of_a_number_differ(caches: dict[str, ClipCache]) -> None:
    for n in range(1, 91):
        fa, _ = samples(caches["fa"].path(f"n{n}"))
        en, _ = samples(caches["en"].path(f"n{n}"))
        assert fa != en, n
        assert abs(len(fa) - len(en)) > 0 or rms(fa) != rms(en)


def test_the_phrases_are_speech_too(caches: dict[str, ClipCache]) -> None:
    for lang, cache in caches.items():
        for name in ("line", "two_lines", "full_house", "claim_accepted", "claim_not_valid",
                     "ticket", "paused", "resumed", "new_hand", "digit0"):
            data, rate = samples(cache.path(name))
            assert len(data) / rate >= 0.2 and rms(data) > RMS_FLOOR, (lang, name)


def test_the_cache_is_keyed_by_language_voice_rate_and_text(tmp_path: Path) -> None:
    key = VoiceKey("en", "gmw/en", 150)
    base = clip_path(tmp_path, key, "Line!")
    assert base != clip_path(tmp_path, VoiceKey("en", "gmw/en", 160), "Line!")
    assert base != clip_path(tmp_path, VoiceKey("en", "gmw/en-us", 150), "Line!")
    assert base != clip_path(tmp_path, VoiceKey("fa", "gmw/en", 150), "Line!")
    assert base != clip_path(tmp_path, key, "Line.")


def test_clips_are_reused_and_only_new_keys_are_rendered(tmp_path: Path, speech: Renderer) -> None:
    cache = ClipCache(tmp_path, VoiceKey("en", speech.voice_for("en"), 200))
    assert len(cache.missing()) == len(cache.texts)
    assert cache.build(speech) == []
    first = {name: path.stat().st_mtime_ns for name, path in cache.files().items()}
    reported: list[tuple[int, int]] = []
    assert cache.build(speech, lambda done, total: reported.append((done, total))) == []
    assert reported == []  # nothing left to render
    assert {name: path.stat().st_mtime_ns for name, path in cache.files().items()} == first
    fast, _ = samples(cache.path("n63"))
    slow = ClipCache(tmp_path, VoiceKey("en", speech.voice_for("en"), 100))
    assert slow.build(speech) == []
    assert len(samples(slow.path("n63"))[0]) > len(fast)  # a slower rate is a longer clip


def test_an_unknown_voice_falls_back_to_the_language_s_own(speech: Renderer) -> None:
    assert speech.voice_for("fa", "no-such-voice") == speech.voice_for("fa")
    assert "ira/fa" in speech.voices("fa")
    with pytest.raises(SpeechUnavailable):
        speech.voice_for("xx")

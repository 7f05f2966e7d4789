"""What the caller says: number words in Persian and English, fixed phrases, call styles.

Persian words are written for display (شصت و سه). For speech, the Persian voice
is given the digits, which espeak-ng's `fa` voice reads as Persian words; the
English voice is given the words in the callers' style ("on its own, number
seven", "sixty-three"). A call is a sequence of clips, so every style is built
from the same rendered clips.
"""

from __future__ import annotations

LANGUAGES = ("fa", "en")
STYLES = ("number", "digits", "twice")

_FA_UNITS = ("", "یک", "دو", "سه", "چهار", "پنج", "شش", "هفت", "هشت", "نه")
_FA_TEENS = ("ده", "یازده", "دوازده", "سیزده", "چهارده", "پانزده", "شانزده", "هفده", "هجده",
             "نوزده")
_FA_TENS = ("", "", "بیست", "سی", "چهل", "پنجاه", "شصت", "هفتاد", "هشتاد", "نود")

_EN_UNITS = ("", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
_EN_TEENS = ("ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
             "seventeen", "eighteen", "nineteen")
_EN_TENS = ("", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")

ZERO = {"fa": "صفر", "en": "zero"}

# Fixed phrases, by clip name. "ticket" is followed by the serial's digits.
PHRASES: dict[str, dict[str, str]] = {
    "fa": {
        "line": "خط!",
        "two_lines": "دو خط!",
        "full_house": "دبرنا!",
        "early_five": "پنج شمارهٔ اول!",
        "four_corners": "چهار گوشه!",
        "claim_accepted": "ادعا پذیرفته شد.",
        "claim_not_valid": "ادعا درست نیست.",
        "ticket": "کارت",
        "paused": "بازی متوقف شد.",
        "resumed": "ادامه می‌دهیم.",
        "new_hand": "دست تازه. موفق باشید!",
    },
    "en": {
        "line": "Line!",
        "two_lines": "Two lines!",
        "full_house": "Daberna!",
        "early_five": "Early five!",
        "four_corners": "Four corners!",
        "claim_accepted": "Claim accepted.",
        "claim_not_valid": "Claim not valid.",
        "ticket": "Ticket",
        "paused": "Calling paused.",
        "resumed": "Calling again.",
        "new_hand": "New hand. Good luck!",
    },
}


def _check(number: int) -> None:
    if not 1 <= number <= 90:
        raise ValueError(f"{number} is not a ball from 1 to 90")


def words(number: int, lang: str) -> str:
    """The number in words, written as a reader expects: «شصت و سه», "sixty-three"."""
    _check(number)
    tens, units = divmod(number, 10)
    if lang == "fa":
        if number < 10:
            return _FA_UNITS[number]
        if number < 20:
            return _FA_TEENS[units]
        return _FA_TENS[tens] + (f" و {_FA_UNITS[units]}" if units else "")
    if lang == "en":
        if number < 10:
            return _EN_UNITS[number]
        if number < 20:
            return _EN_TEENS[units]
        return _EN_TENS[tens] + (f"-{_EN_UNITS[units]}" if units else "")
    raise ValueError(f"no number words for language {lang!r}")


def spoken(number: int, lang: str) -> str:
    """The text the voice is given for a call of `number`."""
    _check(number)
    if lang == "fa":
        return str(number)  # espeak-ng's fa voice reads digits as Persian words
    if number < 10:
        return f"On its own, number {words(number, 'en')}."
    return f"{words(number, 'en').capitalize()}."


def clip_texts(lang: str) -> dict[str, str]:
    """Every clip a language needs, by name: the 90 numbers, zero and the phrases."""
    if lang not in LANGUAGES:
        raise ValueError(f"no clips for language {lang!r}")
    clips = {f"n{n}": spoken(n, lang) for n in range(1, 91)}
    clips["digit0"] = ZERO[lang]
    for n in range(1, 10):  # a digit said on its own, in the digits style
        clips[f"digit{n}"] = str(n) if lang == "fa" else words(n, "en")
    clips.update(PHRASES[lang])
    return clips


def call_clips(number: int, style: str) -> list[str]:
    """The clips of one call, in order. `None`-free: gaps are the player's business.

    number: "63"; digits: "63", "6", "3" (single digits are not repeated); twice: "63", "63".
    """
    _check(number)
    if style == "number":
        return [f"n{number}"]
    if style == "twice":
        return [f"n{number}", f"n{number}"]
    if style == "digits":
        if number < 10:
            return [f"n{number}"]
        return [f"n{number}", *(f"digit{d}" for d in str(number))]
    raise ValueError(f"unknown call style {style!r}; use one of {', '.join(STYLES)}")


def ticket_clips(serial: str) -> list[str]:
    """ "Ticket", then the serial's digits one by one (letters are skipped)."""
    return ["ticket", *(f"digit{ch}" for ch in serial if ch.isdigit())]

"""A player's name from a phone: checked at the join, kept as typed when it is shown.

`check_name` takes what a join page sent and gives back the name the table will show, or
raises `NameRefused` with the catalogue key that says why (`phones.errors.*`, said to
the page in its language). A name is accepted when

- it is text of 1 to `NAME_MAX` characters once normalised (NFC, runs of whitespace made
  one space, variation selectors dropped: the kiosk draws every sign in its text form);
- every character is printable and visible: no control, format, private-use, unassigned
  or filler character (`FILLERS`), no joiner except Persian's zero-width non-joiner
  between two Arabic-script letters (as in «علی‌رضا»), no combining mark without a letter
  under it and no pile of more than `MARKS_MAX` marks on one letter;
- the kiosk's own fonts draw every character (an emoji the symbols font has in its plain
  form is drawn; one it lacks would be a box on the TV, so it is refused), and drawn
  they leave ink;
- drawn at the plates' size it is at most `NAME_WIDTH` design pixels wide: on a plate it
  then reads at no less than `NAME_SHARE` of its size, and in a phones panel's column
  at five seats ("Sara's phone") at no less than a third of it (the card table also
  clips a name to its box, should a wider one ever come);
- its skeleton (`skeleton`) is not that of one of the kiosk's own seat words in either
  language (`kiosk_words`: "Computer", «رایانه», the seats' names, "You", "Player",
  "Light", "Dark"…) nor that of a name another seat at the table holds.

`Name` is a name as the kiosk shows it: put into a sentence it is isolated (a Persian
`Translator` isolates every value; in an English sentence a name with right-to-left
letters isolates itself) and its digits are never made Persian ("Sara2" stays "Sara2").
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Collection, Iterable
from typing import Final

from hardware.script import has_arabic, is_arabic
from kiosk.i18n import FSI, LANGUAGES, PDI, Written, catalogue
from kiosk.text import TextRenderer

NAME_MAX: Final = 24  # characters (as the server's bound on a join's name field)
# The narrowest box a name is drawn in on the TV, in 1920×1080 design pixels: a plate's
# name row at five seats (a 276-pixel plate less its margins, `card_table.paint._plate`).
NAME_BOX: Final = 252
NAME_SHARE: Final = 0.4  # the least share of the plates' text size a name may read at
NAME_WIDTH: Final = round(NAME_BOX / NAME_SHARE)  # 630 design pixels at the plates' size
NAME_SIZE: Final = 42  # the plates' text size (`card_table.pieces.READ`)
MARKS_MAX: Final = 2  # combining marks on one letter (a vowel sign and a shadda)
ZWNJ: Final = "\u200c"
VARIATION: Final = frozenset(map(chr, range(0xFE00, 0xFE10)))
# Letters and spaces that draw nothing: Hangul fillers, the blank Braille pattern, the
# Mongolian vowel separator, the Khmer inherent vowels.
FILLERS: Final = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e\u17b4\u17b5")
REFUSED_CATEGORIES: Final = frozenset(("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"))
# The last part of a catalogue key whose text is one of the kiosk's own words for a seat
# or a side (and any key in a `seats` section).
SEAT_KEYS: Final = frozenset(("you", "person", "player", "computer", "phone", "light",
                              "dark", "side"))

# Letters that read as others: Cyrillic and Greek letters that look like Latin ones,
# digits and signs written for letters, Arabic letters and their Persian forms; applied
# after case folding and compatibility decomposition (which already turn full-width and
# mathematical letters into plain ones). `i`, `1`, `l` and `|` all read as `l`.
FOLD: Final = str.maketrans({
    # Cyrillic
    "а": "a", "в": "b", "г": "r", "с": "c", "ԁ": "d", "е": "e", "һ": "h", "н": "h",
    "і": "l", "ј": "j", "к": "k", "ӏ": "l", "м": "m", "о": "o", "п": "n", "р": "p", "ԛ": "q",
    "ѕ": "s", "т": "t", "у": "y", "ү": "y", "х": "x", "ԝ": "w", "ь": "b", "ц": "u",
    # Greek
    "α": "a", "β": "b", "γ": "y", "ε": "e", "η": "n", "ι": "l", "κ": "k", "μ": "u",
    "ν": "v", "ο": "o", "ρ": "p", "σ": "o", "τ": "t", "υ": "u", "χ": "x", "ω": "w",
    "ϲ": "c",
    # Latin look-alikes, digits and signs for letters
    "i": "l", "ı": "l", "1": "l", "|": "l", "!": "l", "0": "o", "3": "e", "4": "a",
    "5": "s", "7": "t", "8": "b", "@": "a", "$": "s",
    # Arabic letters and their Persian forms
    "ي": "ی", "ى": "ی", "ك": "ک", "ڪ": "ک", "ة": "ه", "ە": "ه", "ھ": "ه", "ہ": "ه",
    "ۃ": "ه", "ٱ": "ا",
})
PAIRS: Final = (("rn", "m"), ("vv", "w"))  # two letters that read as one
KEPT_SIGNS: Final = frozenset("|!@$")  # signs the fold reads as letters


class NameRefused(ValueError):
    """A name the kiosk does not take; `key` is the catalogue key saying why."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


class Name(Written):
    """A player's name as the kiosk shows it: kept as typed. A translator isolates it in
    a sentence and leaves its digits alone (`Written`)."""

    __slots__ = ()

    def __str__(self) -> Name:
        return self

    def __format__(self, spec: str) -> str:
        """The name in a sentence (`str.format`, an f-string): isolated when it holds
        right-to-left letters, so that an English sentence does not reorder it (a Persian
        translator isolates every value itself)."""
        text = format(str.__str__(self), spec)  # its text as a plain string
        return f"{FSI}{text}{PDI}" if has_arabic(text) and FSI not in text else text

    def isolated(self) -> Name:
        """The name between a first-strong isolate and its end: it keeps its own direction
        whatever text stands around it."""
        return self if self.startswith(FSI) else Name(FSI + str.__str__(self) + PDI)


def normalised(raw: str) -> str:
    """`raw` in NFC, its runs of whitespace one space, without variation selectors."""
    text = unicodedata.normalize("NFC", "".join(ch for ch in raw if ch not in VARIATION))
    return " ".join(text.split())


def skeleton(text: str) -> str:
    """What `text` reads as: case folded, compatibility-decomposed, without marks,
    joiners, spaces and punctuation, its digits Western, look-alike letters folded into
    one (`FOLD`, `PAIRS`). Two texts with the same skeleton look alike."""
    folded = unicodedata.normalize("NFKD", unicodedata.normalize("NFKD", text).casefold())
    kept = []
    for ch in folded:
        category = unicodedata.category(ch)
        if ch.isdigit():
            kept.append(str(unicodedata.digit(ch, 0)))
        elif ch in KEPT_SIGNS or (category[0] in "LN" and ch != "\u0640"):  # not the tatweel
            kept.append(ch)
    out = "".join(kept).translate(FOLD)
    for pair, one in PAIRS:
        out = out.replace(pair, one)
    return out


@functools.cache
def kiosk_words() -> frozenset[str]:
    """The skeletons of the kiosk's own words for a seat, in both languages (every
    catalogue key in a `seats` section or named in `SEAT_KEYS`, without placeholders)."""
    words: set[str] = set()
    for lang in LANGUAGES:
        for key, text in catalogue(lang).items():
            parts = key.split(".")
            if (parts[-1] in SEAT_KEYS or parts[-2:-1] == ["seats"]) and "{" not in text:
                words.add(skeleton(text))
    words.discard("")
    return frozenset(words)


def _visible(name: str) -> None:
    """Every character printable and visible, marks on letters, ZWNJ between letters."""
    marks = 0
    for i, ch in enumerate(name):
        category = unicodedata.category(ch)
        if ch == ZWNJ:
            before, after = name[i - 1:i], name[i + 1:i + 2]
            if not (before and after and is_arabic(before) and is_arabic(after)
                    and before.isalpha() and after.isalpha()):
                raise NameRefused("phones.errors.name_hidden")
            marks = 0
            continue
        if category in REFUSED_CATEGORIES or ch in FILLERS:
            raise NameRefused("phones.errors.name_hidden")
        if category[0] == "M":
            marks += 1
            if i == 0 or name[i - 1] == " " or marks > MARKS_MAX:
                raise NameRefused("phones.errors.name_hidden")
        else:
            marks = 0


def _drawn(name: str, text: TextRenderer) -> None:
    """The kiosk's fonts draw every character of `name`, it leaves ink, and it fits."""
    fonts = (text.files.latin_bold, text.files.arabic_bold, text.files.latin,
             text.files.arabic, *(f for f in (text.files.symbols_bold, text.files.symbols)
                                  if f is not None))
    for ch in set(name):
        if ch == " " or ch == ZWNJ or unicodedata.category(ch)[0] == "M":
            continue  # drawn with the letter it sits on
        if not any(text.has_glyph(font, ch) for font in fonts):
            raise NameRefused("phones.errors.name_glyph")
    if text.width(name, NAME_SIZE, True, False) > NAME_WIDTH or \
            text.width(name, NAME_SIZE, True, True) > NAME_WIDTH:
        raise NameRefused("phones.errors.name_wide")
    if text.render(name, NAME_SIZE, (255, 255, 255), True).get_bounding_rect().width == 0:
        raise NameRefused("phones.errors.name_blank")


def check_name(raw: object, taken: Iterable[str] = (), *,
               words: Collection[str] | None = None, text: TextRenderer | None = None) -> Name:
    """The name to show for what a join page sent (see the module docstring), or
    NameRefused. `taken`: the names the table's other seats hold; `words`: the skeletons
    to keep clear of (`kiosk_words()`); `text`: the renderer whose fonts measure it (the
    kiosk's fonts)."""
    if not isinstance(raw, str):
        raise NameRefused("phones.errors.name")
    name = normalised(raw)
    if not name or all(ch in (" ", ZWNJ) or unicodedata.category(ch)[0] in "MC"
                       or ch in FILLERS for ch in name):
        raise NameRefused("phones.errors.name_blank")
    if len(name) > NAME_MAX:
        raise NameRefused("phones.errors.name")
    _visible(name)
    _drawn(name, text or TextRenderer())  # the kiosk's own, or one with its fonts
    shape = skeleton(name)
    if shape in (kiosk_words() if words is None else words):
        raise NameRefused("phones.errors.name_kiosk")
    if shape in {skeleton(other) for other in taken}:
        raise NameRefused("phones.errors.name_taken")
    return Name(name)

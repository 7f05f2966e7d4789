"""The screen walker: every screen of the kiosk driven by a seeded random player, and every
frame it draws read the way a person on the sofa reads it.

What is drawn is recorded, not what the layout says should be: the text renderer notes
each line it hands out (`TextRenderer.record`: its words, the size it reads as, colour,
weight), and every surface made while walking is a `Sheet`, which follows those lines
wherever they are blitted (onto a plate, onto the screen) and keeps, in its own pixels'
coordinates, each line's ink box, and the boxes of the pictures (cards, checkers, QR
codes) and filled shapes drawn on it. A filled, opaque shape or picture drawn over a line
hides it: a dialog over the table is read, the table under it is not.

On every frame it checks (DESIGN §3b):

- **size**: each line's cap height (a capital H at the size it reads as, in its weight)
  is at least 28 px at 1080p, in proportion at other heights;
- **contrast**: WCAG 2 contrast between the line's colour and the commonest colour round
  its ink on the screen is at least 4.5:1, and 7:1 for a number (digits alone);
- **overlap**: no two lines' ink boxes overlap, and no line runs over a picture drawn
  after it (a card over a name) or partly under one drawn before it;
- **safe area**: every line and picture lies inside the 5 % title-safe area;
- **words**: every word of every line is a word of the screen's language's catalogue
  (or a key's name, or a digit); on a Persian screen no Latin word but a key's name;
- and no exception: a missing catalogue key is a `CatalogueError` and fails the walk.

`Walk` drives a real headless `Kiosk` through real key events (pygame's event queue,
the app's own key map): the home menu, each table game at each seat count its modes menu
offers, and Dabernā's screens. It counts the distinct screen states it drew (a state: the
scene, the seats, and which catalogue lines are on the screen) and collects every defect
with the state it was seen in.
"""

from __future__ import annotations

import itertools
import math
import random
import re
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import pygame

from kiosk.config import DEFAULT_KEYS, Action
from kiosk.i18n import catalogue, placeholders
from kiosk.text import Line, TextRenderer
from kiosk.theme import ACCENT, contrast, safe_area

CAP_AT_1080 = 28
CONTRAST = 4.5
NUMBER_CONTRAST = 7.0
OVERLAP = 2  # px: ink boxes may touch by this much (antialiased edges) before they overlap
NUMBER = re.compile(r"^[\d۰-۹\s.,:/×+\-–=%()·٫]+$")
WORD = re.compile(r"[^\W\d_]+")  # a run of letters (Latin or Persian)
LATIN = re.compile(r"[A-Za-z]{2,}")
# What a line may hold that no catalogue spells: a code (a position's or a match's ID, an
# XGID), backgammon's move notation (bar/20, 6/off), and names a Persian screen keeps in
# Latin letters because that is what is typed or looked up: the program, the formats, the
# config file's section a message sends the host to and the commands the host types.
CODE = re.compile(r"\S*(?:[A-Za-z]\S*\d|\d\S*[A-Za-z]|[a-z][A-Z]|[A-Z]{2}[a-z])\S*|\S{10,}")
NOTATION = re.compile(r"(?:bar|off|[\d۰-۹]+)(?:/(?:bar|off|[\d۰-۹]+)\*?)+")
NAMES = {"GNU", "Backgammon", "XGID", "ID", "Position", "Match", "phones", "Dobbm", "chmod",
         "apt", "get", "install", "gnubg"}


# -- what was drawn where -------------------------------------------------------------------
@dataclass
class Text:
    """A line on a surface: what it shows and its ink's box there (`seen`: the part of it
    the clip let through)."""

    line: Line
    ink: pygame.Rect
    seen: pygame.Rect
    order: int


@dataclass
class Shape:
    """A picture (a blitted surface with no text of its own) or a filled shape drawn on a
    surface, and whether it hides what lies under it."""

    rect: pygame.Rect
    opaque: bool
    order: int
    picture: bool
    covered: list[tuple[pygame.Rect, int]] = field(default_factory=list)  # and when

    def hidden(self, part: pygame.Rect, before: int) -> bool:
        """Whether `part` of it was drawn over (before `before`)."""
        return any(order < before and rect.contains(part) for rect, order in self.covered)


_order = [0]


def _overlap(a: pygame.Rect, b: pygame.Rect) -> bool:
    common = a.clip(b)
    return common.width > OVERLAP and common.height > OVERLAP


def _next() -> int:
    _order[0] += 1
    return _order[0]


def _rect_of(dest: Any, size: tuple[int, int]) -> pygame.Rect:
    if isinstance(dest, pygame.Rect):
        return pygame.Rect(dest.topleft, size)
    if len(dest) == 4:
        return pygame.Rect(dest[0], dest[1], *size)
    return pygame.Rect(round(dest[0]), round(dest[1]), *size)


def _opaque(source: pygame.Surface) -> bool:
    return not (source.get_flags() & pygame.SRCALPHA) and source.get_colorkey() is None \
        and source.get_alpha() in (None, 255)


class Sheet(pygame.Surface):
    """A surface that keeps the text and pictures drawn on it (see the module docstring)."""

    def _lists(self) -> tuple[list[Text], list[Shape]]:
        try:
            return self.__dict__["texts"], self.__dict__["shapes"]
        except KeyError:
            self.__dict__["texts"], self.__dict__["shapes"] = [], []
            return self.__dict__["texts"], self.__dict__["shapes"]

    @property
    def texts(self) -> list[Text]:
        return self._lists()[0]

    @property
    def shapes(self) -> list[Shape]:
        return self._lists()[1]

    def forget(self) -> None:
        self.__dict__["texts"], self.__dict__["shapes"] = [], []

    def cover(self, rect: pygame.Rect) -> None:
        """Something opaque was drawn over `rect`: a line under it is hidden (even in
        part: a box drawn over the table hides what it cuts), and a picture wholly under
        it is gone (one in part keeps where it was drawn over)."""
        texts, shapes = self._lists()
        order = _next()
        texts[:] = [t for t in texts if not _overlap(rect, t.seen)]
        kept = []
        for s in shapes:
            if rect.contains(s.rect):
                continue
            if rect.colliderect(s.rect):
                s.covered.append((rect.clip(s.rect), order))
            kept.append(s)
        shapes[:] = kept

    def blit(self, source: pygame.Surface, dest: Any = (0, 0), area: Any = None,
             special_flags: int = 0) -> pygame.Rect:
        done = super().blit(source, dest, area, special_flags)
        if done.width <= 0 or done.height <= 0:
            return done
        # where the source's (0, 0) landed
        origin = _rect_of(dest, (0, 0)).topleft
        if area is not None:
            a = pygame.Rect(area)
            origin = (origin[0] - a.left, origin[1] - a.top)
        texts, shapes = self._lists()
        issued = TextRenderer.issued
        line = issued.get(source) if issued is not None else None
        if line is not None:
            ink = source.get_bounding_rect(min_alpha=128).move(origin)
            seen = ink.clip(done)
            if seen.width > 0 and seen.height > 0:
                texts[:] = [t for t in texts if not (t.line == line and t.ink == ink)]
                texts.append(Text(line, ink, seen, _next()))
            return done
        inner_texts, inner_shapes = (source._lists() if isinstance(source, Sheet)
                                     else ([], []))
        big = source.get_width() * source.get_height() >= self.get_width() * self.get_height() / 3
        if big and _opaque(source) and not special_flags:
            self.cover(done)  # the background under a place painted again
        if not inner_texts and not inner_shapes:
            if not big:  # a picture: a card, a checker, a code
                shapes.append(Shape(done, _opaque(source), _next(), True))
            return done
        for t in inner_texts:
            ink = t.ink.move(origin)
            seen = t.seen.move(origin).clip(done)
            if seen.width > 0 and seen.height > 0:
                texts.append(Text(t.line, ink, seen, _next()))
        for s in inner_shapes:
            rect = s.rect.move(origin).clip(done)
            if rect.width > 0 and rect.height > 0:
                shapes.append(Shape(rect, s.opaque, _next(), s.picture))
        return done

    def fill(self, color: Any, rect: Any = None, special_flags: int = 0) -> pygame.Rect:
        done = super().fill(color, rect, special_flags)
        if not special_flags and (not isinstance(color, tuple | list) or len(color) < 4
                                  or color[3] == 255):
            self.cover(done)
        return done


_draw_rect = pygame.draw.rect


def _recording_rect(surface: pygame.Surface, color: Any, rect: Any, width: int = 0,
                    *args: Any, **kwargs: Any) -> pygame.Rect:
    done = _draw_rect(surface, color, rect, width, *args, **kwargs)
    if isinstance(surface, Sheet) and width == 0:
        solid = not isinstance(color, tuple | list) or len(color) < 4 or color[3] == 255
        if solid:
            surface.cover(pygame.Rect(rect))
        surface.shapes.append(Shape(pygame.Rect(rect), solid, _next(), False))
    return done


@contextmanager
def recording() -> Iterator[None]:
    """While inside: every surface made is a `Sheet` and every line the renderers hand out
    is noted."""
    plain, draw_rect = pygame.Surface, pygame.draw.rect
    pygame.Surface = Sheet  # type: ignore[misc]
    pygame.draw.rect = _recording_rect  # type: ignore[assignment]
    TextRenderer.record(True)
    try:
        yield
    finally:
        pygame.Surface = plain  # type: ignore[misc]
        pygame.draw.rect = draw_rect
        TextRenderer.record(False)


# -- reading a frame --------------------------------------------------------------------------
@dataclass(frozen=True)
class Defect:
    """One thing on one frame a person could not read (or the walk could not draw)."""

    kind: str  # "size", "contrast", "overlap", "safe", "words", "exception"
    where: str  # the screen state
    what: str

    def __str__(self) -> str:
        return f"[{self.kind}] {self.where}: {self.what}"


class Words:
    """Each language's catalogue words, and the keys' names a help line shows."""

    def __init__(self) -> None:
        from kiosk.scenes.card_table.pieces import key_label

        self.keys = {key_label(name) for names in DEFAULT_KEYS.values() for name in names}
        self.keys |= {name.upper() for names in DEFAULT_KEYS.values() for name in names
                      if len(name) == 1}
        self.keys |= {f"F{n}" for n in range(1, 13)}
        self._words: dict[str, set[str]] = {}
        self._exact: dict[str, dict[str, str]] = {}
        self._prefixes: dict[str, list[tuple[str, str]]] = {}

    def words(self, lang: str) -> set[str]:
        known = self._words.get(lang)
        if known is None:
            known = set()
            for value in catalogue(lang).values():
                known |= {w.lower() for w in WORD.findall(re.sub(r"\{[^}]*\}", " ", value))}
            self._words[lang] = known
        return known

    def keys_of(self, lang: str, texts: list[str]) -> frozenset[str]:
        """The catalogue keys whose lines are on the screen (a line with {values} by the
        words before its first value)."""
        if lang not in self._exact:
            exact: dict[str, str] = {}
            prefixes: list[tuple[str, str]] = []
            for key, value in catalogue(lang).items():
                if placeholders(value):
                    head = value.split("{", 1)[0]
                    if len(head.strip()) >= 3:
                        prefixes.append((head, key))
                else:
                    exact.setdefault(value, key)
            self._exact[lang], self._prefixes[lang] = exact, prefixes
        exact, prefixes = self._exact[lang], self._prefixes[lang]
        found = set()
        for text in texts:
            key = exact.get(text)
            if key is not None:
                found.add(key)
                continue
            for head, key in prefixes:
                if text.startswith(head):
                    found.add(key)
                    break
        return frozenset(found)

    def strangers(self, lang: str, text: str, also: set[str]) -> list[str]:
        """The words of `text` that are no word of `lang`'s catalogue nor a key's name."""
        known = self.words(lang)
        odd = []
        text = NOTATION.sub(" ", text)
        text = " ".join(token for token in text.split() if not CODE.fullmatch(token)
                        or (WORD.fullmatch(token.strip("()[]«»:.,،"))
                        and token.strip("()[]«»:.,،").lower() in known))
        for word in WORD.findall(text):
            if word in NAMES:
                continue
            if word in self.keys or word in also or len(word) == 1:
                continue
            if word.lower() not in known:
                odd.append(word)
            elif lang == "fa" and LATIN.fullmatch(word):
                odd.append(word)  # a word the English catalogue has, left on a Persian screen
        return odd


_caps: dict[tuple[int, bool], int] = {}


def cap_height(text: TextRenderer, size: int, bold: bool) -> int:
    """The ink height of a capital H at `size`."""
    key = (size, bold)
    if key not in _caps:
        _caps[key] = text.font(text.files.latin_bold if bold else text.files.latin,
                               size).render("H", True, (255, 255, 255)
                                            ).get_bounding_rect(min_alpha=128).height
    return _caps[key]


def background_under(screen: pygame.Surface, box: pygame.Rect, colour: tuple[int, ...]
                     ) -> tuple[int, int, int]:
    """The colour the line is drawn on: the commonest colour inside its ink box and on
    the ring just round it that is not near the text's own (the gaps between letters)."""
    area = box.inflate(2, 2).clip(screen.get_rect())
    counts: Counter[tuple[int, int, int]] = Counter()
    step = max(1, math.isqrt(area.width * area.height // 240))  # some 240 samples
    r, g, b = colour[:3]
    for y in range(area.top, area.bottom, step):
        for x in range(area.left, area.right, step):
            c = screen.get_at((x, y))
            if abs(c[0] - r) + abs(c[1] - g) + abs(c[2] - b) > 60:
                counts[(c[0], c[1], c[2])] += 1
    if not counts:
        return (0, 0, 0) if sum(colour[:3]) > 382 else (255, 255, 255)
    return counts.most_common(1)[0][0]


def read_frame(screen: Sheet, text: TextRenderer, lang: str, where: str, words: Words,
               also: set[str] | None = None) -> list[Defect]:
    """Every defect of what is on `screen` now (see the module docstring)."""
    defects: list[Defect] = []
    width, height = screen.get_size()
    safe = safe_area((width, height))
    least = math.floor(CAP_AT_1080 * height / 1080)
    texts = list(screen.texts)
    also = also or set()
    for t in texts:
        line = t.line
        if not line.text.strip():
            continue
        cap = cap_height(text, line.size, line.bold)
        if cap < least:
            defects.append(Defect("size", where, f"{line.text!r} has a cap height of {cap} px "
                                  f"(size {line.size}); at least {least} px"))
        if not safe.contains(t.ink):
            defects.append(Defect("safe", where, f"{line.text!r} at {tuple(t.ink)} reaches "
                                  f"outside the safe area {tuple(safe)}"))
        ground = background_under(screen, t.seen, line.colour)
        ratio = contrast(line.colour[:3], ground)
        target = NUMBER_CONTRAST if NUMBER.match(line.text) else CONTRAST
        if ratio < target:
            defects.append(Defect("contrast", where, f"{line.text!r}: {ratio:.2f}:1 "
                                  f"({line.colour[:3]} on {ground}); at least {target}:1"))
        odd = words.strangers(lang, line.text, also)
        if odd:
            defects.append(Defect("words", where, f"{line.text!r}: {', '.join(odd)} "
                                  f"is no word of the {lang} catalogue"))
    for i, a in enumerate(texts):
        for b in texts[i + 1:]:
            if a.line.text == b.line.text:
                continue  # one line drawn twice (an outline under it)
            common = a.seen.clip(b.seen)
            if common.width > OVERLAP and common.height > OVERLAP:
                defects.append(Defect("overlap", where, f"{a.line.text!r} {tuple(a.seen)} and "
                                      f"{b.line.text!r} {tuple(b.seen)} overlap"))
    for s in screen.shapes:
        if s.picture and not safe.contains(s.rect):
            defects.append(Defect("safe", where, f"a picture at {tuple(s.rect)} reaches "
                                  f"outside the safe area {tuple(safe)}"))
        if not s.picture:
            continue
        for t in texts:
            common = t.seen.clip(s.rect)
            if common.width <= OVERLAP or common.height <= OVERLAP:
                continue
            if s.order < t.order and (s.rect.contains(t.seen) or s.hidden(common, t.order)):
                continue  # text on a picture, or where it was drawn over
            if (s.order > t.order and s.opaque) or s.order < t.order:
                defects.append(Defect("overlap", where, f"{t.line.text!r} {tuple(t.seen)} runs "
                                      f"{'under' if s.order > t.order else 'over the edge of'} "
                                      f"a picture at {tuple(s.rect)}"))
    return defects


# -- the walk ---------------------------------------------------------------------------------
def sliding(scene: Any, now: float) -> bool:
    """A card table's card is on its way to the trick, or the trick on its way to the
    winner's plate."""
    from kiosk.scenes.card_table.pieces import COLLECT, SLIDE

    collect = getattr(scene, "collect", None)
    if collect is not None and collect[1] <= now < collect[1] + COLLECT:
        return True
    return any(now < p.at + SLIDE for p in getattr(scene, "trick", ()) or ()
               if hasattr(p, "at"))


def key_of(action: Action) -> int:
    """The key the kiosk's default key map gives `action`."""
    return pygame.key.key_code(DEFAULT_KEYS[action][0])


@dataclass
class Report:
    """What a walk saw: the distinct states by scene, the frames read and every defect
    (each once per screen size, scene, kind and line as sized)."""

    states: dict[str, set[Any]] = field(default_factory=dict)
    frames: int = 0
    defects: dict[tuple[str, str], Defect] = field(default_factory=dict)

    def add(self, scene: str, state: Any) -> bool:
        seen = self.states.setdefault(scene, set())
        new = state not in seen
        seen.add(state)
        return new

    def note(self, defects: list[Defect]) -> list[Defect]:
        """Keep the defects not seen before; returns them."""
        new = []
        for d in defects:
            # one defect per screen size, scene, kind and line as sized: a number in a
            # line's words (a score, a pip count) and where the line lies do not make it
            # another defect; its size, its colours and the screen's size do
            _, size, scene = d.where.split(" players")[0].split(" ", 2)
            what = re.sub(r"\(\d+, \d+, \d+, \d+\)", "", d.what)
            what = re.sub(r"'[^']*'", lambda m: re.sub(r"[\d۰-۹]+", "#", m.group()), what)
            key = (d.kind, size, scene, what)
            if key not in self.defects:
                self.defects[key] = d
                new.append(d)
        return new

    def counts(self) -> dict[str, int]:
        return {scene: len(states) for scene, states in sorted(self.states.items())}

    def by_kind(self) -> Counter[str]:
        return Counter(d.kind for d in self.defects.values())


class Walk:
    """A headless kiosk in one language at one size, walked by a seeded random player."""

    def __init__(self, lang: str, size: tuple[int, int], seed: int, report: Report,
                 every: int = 8, shots: Any = None, changes: dict[str, Any] | None = None,
                 phones: bool = False) -> None:
        from kiosk.app import Kiosk, KioskOptions
        from kiosk.config import Config, DisplayConfig, VoiceConfig

        self.lang, self.size, self.report = lang, size, report
        self.rng = random.Random(seed)
        self.every = every  # a frame in this many is read even when its state is known
        self.words = Words()
        self.clock = time.monotonic()
        config = Config(display=DisplayConfig(lang=lang), voice=VoiceConfig(enabled=False),
                        **(changes or {}))
        # phones: the phones' server listening on a port of its own (the phones panel
        # then shows each free seat's QR code and address)
        self.app = Kiosk(KioskOptions(headless=True, seed=seed, size=size, rhythm=3.0,
                                      phones=phones, phones_port=0 if phones else None),
                         config)
        self.app.screen = Sheet(size)
        self._frames = 0
        self.shots = shots  # a folder: each frame that showed a new defect is saved there

    def close(self) -> None:
        app = self.app
        app.close_phones()
        app.flush_journal()
        for pool in (app.printer, app.thinker, app.background):
            pool.shutdown(wait=False, cancel_futures=True)
        app.buttons.close()

    # driving
    def now(self) -> float:
        self.clock = max(self.clock + 0.05, time.monotonic())
        return self.clock

    def press(self, action: Action, advance: float = 0.3) -> None:
        key = key_of(action)
        typed = {Action.SELECT: "\r", Action.PAUSE: " "}.get(action, "")
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, unicode=typed, mod=0))
        self.frame()
        self.clock += advance
        self.frame()

    def type_key(self, key: int, char: str = "") -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, unicode=char, mod=0))
        self.frame()

    def frame(self) -> None:
        app = self.app
        now = self.now()
        app.frame(now)
        self._frames += 1
        self.look()

    def state(self) -> tuple[str, Any]:
        scene = self.app.scene
        name = type(scene).__name__
        texts = [t.line.text for t in self.app.screen.texts]
        keys = self.words.keys_of(self.app.tr.lang, texts)
        extra = (getattr(scene, "players", None), getattr(scene, "menu_open", None),
                 getattr(scene, "table_open", None), getattr(scene, "last_open", None),
                 getattr(scene, "privacy", None) is not None)
        return name, (extra, keys)

    def look(self) -> None:
        """Read the screen as drawn now when its state is new (or one frame in `every`):
        drawn whole, every card as itself. A frame with a card still sliding to the trick,
        or the trick to its winner, is not read: a card on its way crosses what it passes,
        for a moment."""
        if sliding(self.app.scene, self.clock):
            return
        name, state = self.state()
        new = self.report.add(name, state)
        if not new and self._frames % self.every:
            return
        scene = self.app.scene
        screen = self.app.screen
        for _ in range(40):
            if getattr(scene, "settled", True):
                break
            time.sleep(0.005)
            self.app.frame(self.clock)
        screen.forget()
        scene.invalidate()
        scene.draw(screen, self.clock)
        self.report.frames += 1
        lang = self.app.tr.lang  # the settings may change it
        where = f"{lang} {self.size[0]}x{self.size[1]} {name} " \
                f"players={getattr(scene, 'players', '-')}"
        found = self.report.note(read_frame(screen, self.app.text, lang, where,
                                            self.words, self.also()))
        if found and self.shots is not None:
            self.shots.mkdir(parents=True, exist_ok=True)
            path = self.shots / f"{len(self.report.defects):04d}-{name}-{lang}.png"
            pygame.image.save(screen, str(path))
            for d in found:
                print(path.name, d)

    def also(self) -> set[str]:
        """Words a screen may show that no catalogue has: the names of the voices the
        settings offer for the language (as the speech engine names them: 'ira/fa')."""
        choices = getattr(self.app.scene, "voice_choices", None)
        if choices is None:
            return set()
        return {word for name in choices(self.app.tr.lang) for word in WORD.findall(name)}

    # where to go
    def home(self) -> None:
        for _ in range(12):
            if type(self.app.scene).__name__ == "HomeScene":
                return
            self.press(Action.BACK)
        raise AssertionError(f"Esc does not lead back to the menu from {self.app.scene}")

    def open(self, entry: str) -> None:
        """From the home menu, the entry whose catalogue key is `entry`."""
        self.home()
        scene = self.app.scene
        keys = [g.key for g in scene.games]
        while scene.selected != keys.index(entry):
            self.press(Action.DOWN if scene.selected < keys.index(entry) else Action.UP)
        self.press(Action.SELECT)

    def random_keys(self, steps: int, weights: dict[Action, float], think: float = 0.3,
                    until: Callable[[], bool] | None = None) -> None:
        actions, chances = list(weights), list(weights.values())
        for _ in range(steps):
            if until is not None and until():
                return
            self.press(self.rng.choices(actions, chances)[0], think)


@contextmanager
def walking(lang: str, size: tuple[int, int], seed: int, report: Report,
            shots: Any = None, changes: dict[str, Any] | None = None,
            phones: bool = False) -> Iterator[Walk]:
    """A walk of a kiosk in `lang` at `size` (`changes`: the config's sections changed;
    `phones`: with the phones' server)."""
    with recording():
        walk = Walk(lang, size, seed, report, shots=shots, changes=changes, phones=phones)
        try:
            yield walk
        finally:
            walk.close()


# -- the tables -------------------------------------------------------------------------------
PLAY = {Action.LEFT: 3, Action.RIGHT: 3, Action.SELECT: 6, Action.UP: 1, Action.DOWN: 1,
        Action.LAST_TRICK: 0.4, Action.PHONES: 0.3, Action.NEW_HAND: 0.15, Action.BACK: 0.1}


def seat_counts(scene: Any) -> tuple[int, ...]:
    """The seat counts a table's modes menu offers (its "players" option), or its own."""
    choices = scene.rule_choices
    if choices is not None:
        for spec in choices:
            if spec.name == "players":
                return tuple(choices.values(spec))
    return (getattr(scene, "players", 2),)


def start_table(walk: Walk, players: int, mode_index: int | None) -> None:
    """Through the modes menu (H): the seats set to `players`, then the `mode_index`-th
    way to play chosen (None: the menu is left open)."""
    scene = walk.app.scene
    if not scene.menu_open:
        walk.press(Action.NEW_HAND)
    choices = scene.rule_choices
    if choices is not None:
        names = [spec.name for spec in choices]
        if "players" in names:
            row = len(scene.modes) + names.index("players")
            while scene.menu_index != row:
                walk.press(Action.DOWN)
            for _ in range(12):
                if choices.value(names.index("players")) == players:
                    break
                walk.press(Action.RIGHT)
    if mode_index is None:
        return
    while scene.menu_index != mode_index:
        walk.press(Action.UP if scene.menu_index > mode_index else Action.DOWN)
    walk.press(Action.SELECT)


def walk_table(walk: Walk, entry: str, steps: int, every_mode: bool = False) -> None:
    """A table game: each seat count its menu offers, each played one person against the
    computer, as pass and play with the most people, and as a demo (`every_mode`: every
    way the menu offers, each level too) by the random player for `steps` presses each;
    then back to the home menu."""
    walk.open(entry)
    scene = walk.app.scene
    for players in seat_counts(scene):
        start_table(walk, players, None)  # the seats set: the ways to play follow them
        offered = [i for i, mode in enumerate(scene.modes) if mode.offered]
        people = [i for i in offered if scene.modes[i].key.startswith("people")]
        chosen = offered if every_mode else sorted({offered[0], *people[-1:], offered[-1]})
        for mode_index in chosen:
            start_table(walk, players, mode_index)
            walk.random_keys(steps, PLAY)
            if walk.app.scene is not scene:  # Esc led home: back to the table
                walk.open(entry)
    walk.home()


# -- Dabernā's screens ------------------------------------------------------------------------
CALLING = {Action.PAUSE: 3, Action.NEXT: 3, Action.REPEAT: 1, Action.CLAIM: 1.5,
           Action.SELECT: 2, Action.ERASE: 0.5, Action.UP: 0.5, Action.DOWN: 0.5,
           Action.LEFT: 0.3, Action.RIGHT: 0.3, Action.BACK: 0.3}
MENUS = {Action.UP: 3, Action.DOWN: 3, Action.LEFT: 2, Action.RIGHT: 2, Action.SELECT: 2,
         Action.BACK: 0.3}


def scan(walk: Walk, payload: str) -> None:
    """A USB scanner: the payload and Enter, typed as fast as key events come."""
    names = {"\r": "return", " ": "space"}
    for char in payload + "\r":
        key = pygame.key.key_code(names.get(char, char.lower()))
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, unicode=char, mod=0))
    walk.frame()
    walk.clock += 0.3
    walk.frame()


def host_checks_in(walk: Walk) -> None:
    """A hand dealt afresh with the host's check-in (a walked kiosk is headless, which
    plays the stand-in box at once), as a kiosk with a host starts one."""
    controller = walk.app.scene.controller
    controller.check_in = True
    controller.hand = None
    controller.tickets = ()
    controller.start_hand(walk.now())
    walk.frame()


def typing(walk: Walk, keys: str) -> None:
    """Keys typed one by one as the host types them, a fifth of a second apart (so not
    taken for a scanner's burst); Enter as "\\r"."""
    names = {"\r": "return", " ": "space", "*": "*"}
    for char in keys:
        walk.type_key(pygame.key.key_code(names.get(char, char)), char)
        walk.clock += 0.2


def tickets(walk: Walk, strips: int = 2) -> list[str]:
    """Tonight's tickets, issued into the kiosk's own store: the codes printed on them."""
    from kiosk.games.debarna.tickets import issue

    codes = walk.app.codes
    if codes is None:
        return []
    issued = issue(strips, walk.app.journal.store, codes, random.Random(walk.rng.random()))
    return [codes.encode(t) for strip in issued for t in strip]


def walk_debarna(walk: Walk, steps: int) -> None:
    """Dabernā: check-in by scanning, the caller calling and paused, claims by key and
    by seat button with a real ticket's code, a forged code and a typed serial, the
    verdicts; then the printing and settings screens."""
    codes = tickets(walk)
    walk.open("home.games.debarna")
    for _ in range(20):  # the voice being prepared, then the caller
        if type(walk.app.scene).__name__ == "CallerScene":
            break
        walk.frame()
        walk.clock += 0.2
    host_checks_in(walk)
    for payload in codes[:3]:
        scan(walk, payload)  # checked in
    # A shop set's card typed in: its numbers, checked (two columns doubtful), registered.
    typing(walk, "*3 15 27 41 62 8 22 36 57 84 1 19 45 68 7")
    typing(walk, "7\r\r")
    walk.press(Action.BACK)
    walk.type_key(pygame.K_F5)  # the prize pot on, and its stake up a step
    walk.type_key(pygame.K_PAGEUP)
    walk.press(Action.PAUSE)  # calling starts
    walk.random_keys(steps // 4, CALLING)
    for i, payload in enumerate(codes[3:6]):
        walk.press(Action.CLAIM) if i != 1 else walk.type_key(pygame.K_F1)
        scan(walk, payload)
        walk.random_keys(4, CALLING)
    walk.press(Action.CLAIM)
    scan(walk, codes[0][:-4] + "ZZZZ" if codes else "garbage")  # a damaged code
    walk.press(Action.CLAIM)
    for ch in "12":
        walk.type_key(getattr(pygame, f"K_{ch}"), ch)
    walk.press(Action.SELECT)
    walk.press(Action.CLAIM)  # a card never registered, checked by its numbers
    typing(walk, "*4 26 47 65 8")
    typing(walk, "1\r")
    walk.random_keys(steps // 2, CALLING)
    walk.type_key(pygame.K_F6)  # the pot's panel and the night's ledger
    walk.type_key(pygame.K_F6)
    walk.home()
    walk.open("printing.title")
    walk.random_keys(max(8, steps // 6), MENUS)
    walk.home()
    walk.open("settings.title")
    walk.random_keys(max(8, steps // 4), MENUS)
    walk.home()


def table_entries() -> list[str]:
    """The catalogue keys of the home menu's table games."""
    from engines.registry import games as registered_games

    return [f"{entry.key}.title" for entry in registered_games()]


def walk_all(lang: str, size: tuple[int, int], seed: int, steps: int, report: Report,
             games: list[str] | None = None, shots: Any = None,
             every_mode: bool = False, phones: bool = False) -> None:
    """Every screen in one language at one size: Dabernā's, then each table game at each
    seat count (a game whose count is its config section's, not its menu's, is walked
    once per count, with its section changed); `phones`: with the phones' server up."""
    from engines.registry import games as registered_games
    from kiosk.games.hearts import HeartsConfig

    wanted = games or ["debarna", *(e.key for e in registered_games())]
    if "debarna" in wanted:
        with walking(lang, size, seed, report, shots, phones=phones) as walk, \
                failing(walk):
            walk_debarna(walk, steps)
    for entry in registered_games():
        if entry.key not in wanted:
            continue
        if entry.key == "hearts":  # its seats are the [hearts] section's
            for n in entry.seats:
                with walking(lang, size, seed, report, shots,
                             {"games": {"hearts": HeartsConfig(players=n)}}, phones) as walk, \
                        failing(walk):
                    walk_table(walk, f"{entry.key}.title", steps, every_mode)
        else:
            with walking(lang, size, seed, report, shots, phones=phones) as walk, \
                    failing(walk):
                walk_table(walk, f"{entry.key}.title", steps, every_mode)


@contextmanager
def failing(walk: Walk) -> Iterator[None]:
    """An exception ends this part of the walk as a defect of the screen it came from
    (with the last lines of its traceback); the walk goes on with the next part."""
    try:
        yield
    except Exception as exc:  # the walk's finding, not its own failure
        import traceback

        scene = walk.app.scene
        where = f"{walk.app.tr.lang} {walk.size[0]}x{walk.size[1]} {type(scene).__name__} " \
                f"players={getattr(scene, 'players', '-')}"
        frames = traceback.extract_tb(exc.__traceback__)[-3:]
        trail = " < ".join(f"{f.name} ({f.filename.rsplit('/', 1)[-1]}:{f.lineno})"
                           for f in reversed(frames))
        walk.report.note([Defect("exception", where, f"{type(exc).__name__}: {exc} "
                                 f"in {trail}")])


def menu_window_follows_the_cursor(scene: Any, surface: pygame.Surface) -> None:
    """A card table's open modes menu, walked down row by row with the real key: every
    row is lit in turn inside the window of rows shown, every row shown lies on the felt
    at the menu's full pitch (rows never close up to fit)."""
    from kiosk.scenes.card_table.pieces import MENU

    assert scene.menu_open
    pitch = scene._layout.px(MENU.row)
    seen = set()
    for _ in range(scene.menu_size):
        scene.draw(surface, 0.0)
        rects = scene._menu_rects
        lit = scene.menu_index - scene.menu_window(len(rects)).start
        # as drawn: the lit row is the one edged in the accent colour
        edged = [i for i, r in enumerate(rects)
                 if tuple(surface.get_at((r.left + 1, r.centery)))[:3] == ACCENT]
        assert edged == [lit], (edged, lit)
        assert all(scene._layout.felt.contains(r) for r in rects)
        assert all(b.top - a.top == pitch for a, b in itertools.pairwise(rects))
        seen.add(scene.menu_index)
        scene.handle(Action.DOWN, "", 0.0)
    assert seen == set(range(scene.menu_size))

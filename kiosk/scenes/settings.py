"""The settings screen: a list of the settings a host changes on the TV, applied at once.

Up/down (or a seat's claim button) choose a row, left/right change its value (numbers
stop at their ends, choices go round), select toggles or advances, back returns to the
home menu; a click selects a row, and a click on the left or right half of its value
lowers or raises it. Each change builds a new Config and hands it to `on_change`
straight away; `changed_keys` holds what the host changed, in the config file's
sections. The layout is measured from the surface, mirrored in Persian, and only rows
whose look changed are drawn again.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

import pygame

from kiosk.config import CALL_STYLES, LANGUAGES, RATE_RANGE, RHYTHM_RANGE, Action, Config
from kiosk.i18n import Translator
from kiosk.text import TextRenderer
from kiosk.theme import (
    ACCENT,
    BACKGROUND,
    GOOD,
    PANEL,
    PANEL_EDGE,
    ROW_CHOSEN,
    TEXT,
    TEXT_DIM,
    WARN,
    safe_area,
)

log = logging.getLogger(__name__)

Colour = tuple[int, int, int]

VALUE_BOX: Colour = (18, 28, 60)
ARROW_OFF: Colour = (64, 80, 128)
MAX_ROW_WIDTH = 1480  # at 1920×1080: label and value stay within one glance
PERSIAN_DECIMAL = "\u066b"  # ٫


@dataclass(frozen=True)
class Setting:
    """One row: the config key it changes and how its value moves.

    kind is "bool", "choice" or "number". A number moves in `step`s between `low` and
    `high`, in shown units (`scale` shown units to one config unit, e.g. 100 % = 1.0).
    """

    section: str
    key: str
    kind: str
    low: float = 0.0
    high: float = 0.0
    step: float = 1.0
    scale: float = 1.0
    whole: bool = False  # the config value is an int

    @property
    def label(self) -> str:
        return f"settings.{self.section}_{self.key}"


SETTINGS: tuple[Setting, ...] = (
    Setting("display", "lang", "choice"),
    Setting("display", "persian_digits", "bool"),
    Setting("caller", "rhythm", "number", *RHYTHM_RANGE, step=0.5),
    Setting("caller", "manual", "bool"),
    Setting("voice", "enabled", "bool"),
    Setting("voice", "volume", "number", 0, 100, step=10, scale=100),
    Setting("voice", "rate", "number", *RATE_RANGE, step=10, whole=True),
    Setting("voice", "voice", "choice"),
    Setting("voice", "style", "choice"),
    Setting("hand", "two_lines", "bool"),
    Setting("hand", "auto_check", "bool"),
)

# Rows that do nothing while another setting is off, shown dimmed then.
NEEDS: dict[tuple[str, str], Callable[[Config], bool]] = {
    ("display", "persian_digits"): lambda c: c.display.lang == "fa",
    ("voice", "volume"): lambda c: c.voice.enabled,
    ("voice", "rate"): lambda c: c.voice.enabled,
    ("voice", "voice"): lambda c: c.voice.enabled,
    ("voice", "style"): lambda c: c.voice.enabled,
}


def value_of(config: Config, setting: Setting) -> Any:
    return getattr(getattr(config, setting.section), setting.key)


def with_value(config: Config, setting: Setting, value: Any) -> Config:
    """A new Config with one setting changed."""
    section = replace(getattr(config, setting.section), **{setting.key: value})
    return replace(config, **{setting.section: section})


def step_number(setting: Setting, value: float, direction: int, wrap: bool = False) -> float:
    """The next step up (+1) or down (-1) from `value` in shown units, kept in range.

    A value between steps (from the config file) moves to the neighbouring step. With
    `wrap`, a step up from the top comes back to the bottom.
    """
    place = value / setting.step
    if direction > 0:
        if wrap and value >= setting.high - 1e-9:
            return setting.low
        target = (math.floor(place + 1e-9) + 1) * setting.step
    else:
        target = (math.ceil(place - 1e-9) - 1) * setting.step
    return min(setting.high, max(setting.low, target))


@dataclass(frozen=True)
class Layout:
    """Where everything goes for one surface size and direction."""

    size: tuple[int, int]
    rtl: bool
    unit: float
    title: pygame.Rect
    back: pygame.Rect
    rows: tuple[pygame.Rect, ...]
    labels: tuple[pygame.Rect, ...]
    values: tuple[pygame.Rect, ...]
    notice: pygame.Rect
    hint: pygame.Rect
    text_size: int

    def px(self, value: float) -> int:
        return max(1, round(value * self.unit))


def make_layout(size: tuple[int, int], rtl: bool, count: int = len(SETTINGS)) -> Layout:
    """Lay the screen out left to right, then mirror it for right-to-left."""
    width, height = size
    unit = min(width / 1920, height / 1080)

    def px(value: float) -> int:
        return max(1, round(value * unit))

    safe = safe_area(size)  # a TV may crop the edges: nothing is drawn outside it
    header = pygame.Rect(safe.left, safe.top, safe.width, px(90))
    hint = pygame.Rect(safe.left, safe.bottom - px(56), safe.width, px(56))
    # A notice (a setting that could not be saved) is said where the hint is, over it.
    notice = hint.copy()
    row_width = min(safe.width, px(MAX_ROW_WIDTH))
    left = (width - row_width) // 2
    top = header.bottom + px(12)
    pitch = (hint.top - px(8) - top) / count
    gap = max(2, round(pitch * 0.11))
    rows, labels, values = [], [], []
    pad = px(30)
    value_width = round(row_width * 0.42)
    for i in range(count):
        row = pygame.Rect(left, round(top + i * pitch), row_width, round(pitch) - gap)
        value = pygame.Rect(row.right - pad // 2 - value_width, row.top + gap // 2,
                            value_width, row.height - gap)
        label = pygame.Rect(row.left + pad, row.top, value.left - pad - row.left - pad,
                            row.height)
        rows.append(row)
        labels.append(label)
        values.append(value)
    back = pygame.Rect(header.left, header.top + px(10), px(230), header.height - px(20))
    title = pygame.Rect(back.right + px(20), header.top, header.width - 2 * (back.width + px(20)),
                        header.height)

    def m(rect: pygame.Rect) -> pygame.Rect:
        if not rtl:
            return rect
        return pygame.Rect(width - rect.right, rect.top, rect.width, rect.height)

    text_size = max(10, min(px(46), round((round(pitch) - gap) * 0.66)))
    return Layout(
        size=size, rtl=rtl, unit=unit, title=m(title), back=m(back), rows=tuple(rows),
        labels=tuple(m(r) for r in labels),
        # The value keeps lower on the left and higher on the right in both languages,
        # like the left and right buttons; only its place in the row is mirrored.
        values=tuple(m(r) for r in values),
        notice=notice, hint=hint, text_size=text_size,
    )


class SettingsScene:
    """The settings list; every change goes to `on_change` as a whole new Config."""

    def __init__(
        self,
        text: TextRenderer,
        tr: Translator,
        config: Config,
        on_change: Callable[[Config], None],
        voices: Callable[[str], list[str]],
        settings: Sequence[Setting] = SETTINGS,
    ) -> None:
        self.text = text
        self.tr = tr
        self.config = config
        self.on_change = on_change
        self.voices = voices
        self.settings = tuple(settings)
        self.selected = 0
        self.request: str | None = None
        self._notice: tuple[str, dict[str, object]] | None = None
        self._changed: dict[str, dict[str, Any]] = {}
        self._voice_lists: dict[str, list[str]] = {}
        self._layout: Layout | None = None
        self._background: pygame.Surface | None = None
        self._shown: list[tuple[Any, ...] | None] = [None] * len(self.settings)
        self._shown_notice: str | None = None
        self._full = True

    # -- what the app reads ---------------------------------------------------------------
    @property
    def changed_keys(self) -> dict[str, dict[str, Any]]:
        """The settings the host changed here, {section: {key: value}} as in the TOML."""
        return {section: dict(table) for section, table in self._changed.items()}

    def show_notice(self, key: str | None, **values: object) -> None:
        """Show a catalogue message under the list (e.g. settings.not_saved); None clears it."""
        self._notice = (key, values) if key else None

    @property
    def notice(self) -> str | None:
        """The message under the list, in the current language."""
        if self._notice is None:
            return None
        key, values = self._notice
        return self.tr(key, **values)

    @property
    def rtl(self) -> bool:
        return self.tr.rtl

    # -- input ----------------------------------------------------------------------------
    def handle(self, action: Action | None, typed: str, now: float) -> None:
        if action is Action.UP:
            self.selected = (self.selected - 1) % len(self.settings)
        elif action in (Action.DOWN, Action.CLAIM):
            # A seat's five buttons have no up or down: its claim button goes down.
            self.selected = (self.selected + 1) % len(self.settings)
        elif action is Action.LEFT:
            self.change(-1)
        elif action is Action.RIGHT:
            self.change(1)
        elif action is Action.SELECT:
            self.change(1, advance=True)
        elif action is Action.BACK:
            self.request = "home"

    def click(self, pos: tuple[int, int], now: float) -> None:
        layout = self._layout
        if layout is None:
            return
        if layout.back.collidepoint(pos):
            self.request = "home"
            return
        for i, row in enumerate(layout.rows):
            if not row.collidepoint(pos):
                continue
            value = layout.values[i]
            already = i == self.selected
            self.selected = i
            if value.collidepoint(pos):
                self.change(-1 if pos[0] < value.centerx else 1)
            elif already:
                self.change(1, advance=True)
            return

    def update(self, now: float) -> None:
        return None

    def invalidate(self) -> None:
        self._full = True

    # -- changing values ------------------------------------------------------------------
    def voice_choices(self, lang: str) -> list[str]:
        """"" (automatic) and the voices for `lang`, plus the configured one if missing."""
        names = self._voice_lists.get(lang)
        if names is None:
            try:
                names = [v for v in self.voices(lang) if v]
            except (OSError, RuntimeError) as exc:  # no speech here: only "automatic"
                log.warning("no voice list for %s: %s", lang, exc)
                names = []
            self._voice_lists[lang] = names
        choices = ["", *names]
        current = self.config.voice.voice
        if current not in choices and lang == self.config.display.lang:
            choices.append(current)
        return choices

    def choices(self, setting: Setting) -> list[Any]:
        if setting.kind == "bool":
            return [False, True]
        if (setting.section, setting.key) == ("display", "lang"):
            return list(LANGUAGES)
        if (setting.section, setting.key) == ("voice", "voice"):
            return self.voice_choices(self.config.display.lang)
        if (setting.section, setting.key) == ("voice", "style"):
            return list(CALL_STYLES)
        raise ValueError(f"no choices for {setting.label}")

    def next_value(self, setting: Setting, direction: int, advance: bool = False) -> Any:
        """The value a press would give: numbers stop at their ends, choices go round."""
        current = value_of(self.config, setting)
        if setting.kind == "number":
            shown = step_number(setting, current * setting.scale, direction, wrap=advance)
            if setting.whole:
                return round(shown / setting.scale)
            return round(shown / setting.scale, 4)
        options = self.choices(setting)
        index = options.index(current) if current in options else -1
        return options[(index + direction) % len(options)]

    def change(self, direction: int, advance: bool = False) -> None:
        """Move the selected setting's value and pass the new Config on."""
        setting = self.settings[self.selected]
        self.set_value(setting, self.next_value(setting, direction, advance))

    def set_value(self, setting: Setting, value: Any) -> None:
        if value == value_of(self.config, setting):
            return
        config = with_value(self.config, setting, value)
        changed = [setting]
        if (setting.section, setting.key) == ("display", "lang"):
            # A voice for the old language would read the new one's numbers wrongly.
            voice = next(s for s in SETTINGS if (s.section, s.key) == ("voice", "voice"))
            old = config.voice.voice
            if old and old not in self.voice_choices(value):
                config = with_value(config, voice, "")
                changed.append(voice)
        self.config = config
        for item in changed:
            self._changed.setdefault(item.section, {})[item.key] = value_of(config, item)
        if setting.section == "display":
            self.tr = Translator(config.display.lang, config.display.persian_digits)
            self._full = True
        self.on_change(config)

    # -- what a value looks like ----------------------------------------------------------
    def _number(self, value: float) -> str:
        text = f"{value:.1f}"
        if self.tr.persian_digits:
            text = text.replace(".", PERSIAN_DECIMAL)
        return text

    def shown_value(self, setting: Setting) -> str:
        value = value_of(self.config, setting)
        name = (setting.section, setting.key)
        if setting.kind == "bool":
            return self.tr("settings.on" if value else "settings.off")
        if name == ("display", "lang"):
            return self.tr(f"settings.languages.{value}")
        if name == ("voice", "voice"):
            return value or self.tr("settings.automatic")
        if name == ("voice", "style"):
            return self.tr(f"settings.styles.{value}")
        if name == ("caller", "rhythm"):
            return self.tr("settings.seconds", value=self._number(value))
        if name == ("voice", "volume"):
            return self.tr("settings.percent", value=round(value * 100))
        if name == ("voice", "rate"):
            return self.tr("settings.words_a_minute", value=value)
        return self.tr.digits(value)

    def _at_ends(self, setting: Setting) -> tuple[bool, bool]:
        if setting.kind != "number":
            return False, False
        shown = value_of(self.config, setting) * setting.scale
        return shown <= setting.low + 1e-9, shown >= setting.high - 1e-9

    def _look(self, index: int) -> tuple[Any, ...]:
        setting = self.settings[index]
        needs = NEEDS.get((setting.section, setting.key))
        active = needs is None or needs(self.config)
        return (self.tr(setting.label), self.shown_value(setting), index == self.selected,
                active, setting.kind == "bool" and bool(value_of(self.config, setting)),
                self._at_ends(setting), self.rtl)

    # -- drawing --------------------------------------------------------------------------
    def _build(self, size: tuple[int, int]) -> None:
        layout = make_layout(size, self.rtl, len(self.settings))
        self._layout = layout
        background = pygame.Surface(size)
        background.fill(BACKGROUND)
        px = layout.px
        self.text.draw(background, self.tr("settings.title"), px(64), ACCENT, layout.title,
                       align="center", bold=True, rtl=self.rtl)
        back = layout.back
        pygame.draw.rect(background, PANEL, back, border_radius=back.height // 3)
        pygame.draw.rect(background, PANEL_EDGE, back, width=px(2),
                         border_radius=back.height // 3)
        self._arrow(background, back.inflate(-px(28), 0), -1 if not self.rtl else 1,
                    px(14), TEXT_DIM, at_start=True)
        label = back.inflate(-px(40), 0)
        label.width -= px(24)
        if not self.rtl:
            label.left += px(24)
        self.text.draw(background, self.tr("settings.back"), px(40), TEXT, label,
                       align="center", rtl=self.rtl)
        self.text.draw(background, self.tr("settings.hint"), px(40), TEXT_DIM, layout.hint,
                       align="center", rtl=self.rtl)
        self._background = background

    def _arrow(
        self, surface: pygame.Surface, box: pygame.Rect, direction: int, size: int,
        colour: Colour, at_start: bool = False,
    ) -> None:
        """A triangle pointing left (-1) or right (+1), at that end of `box`."""
        cy = box.centery
        if at_start:
            tip = box.left if direction < 0 else box.right
        else:
            tip = box.left + size if direction < 0 else box.right - size
        back = tip - direction * round(size * 1.2)
        points = [(tip, cy), (back, cy - size), (back, cy + size)]
        pygame.draw.polygon(surface, colour, points)

    def _draw_row(self, surface: pygame.Surface, index: int) -> pygame.Rect:
        assert self._layout is not None and self._background is not None
        layout = self._layout
        px = layout.px
        row = layout.rows[index]
        area = surface.blit(self._background, row, row)
        label_text, value_text, chosen, active, on, (at_low, at_high), _ = self._look(index)
        radius = row.height // 4
        # A setting that does not apply now (the voice's, with spoken calls off) is an
        # empty row with no value box and no arrows: its words stay as readable as the rest.
        fill = (ROW_CHOSEN if chosen else PANEL) if active else BACKGROUND
        pygame.draw.rect(surface, fill, row, border_radius=radius)
        pygame.draw.rect(surface, ACCENT if chosen else PANEL_EDGE, row,
                         width=px(5) if chosen else px(2), border_radius=radius)
        size = layout.text_size
        label_colour = TEXT if chosen else TEXT_DIM
        self.text.draw(surface, label_text, size, label_colour, layout.labels[index],
                       bold=chosen, rtl=self.rtl)
        value = layout.values[index]
        arrow = max(4, round(value.height * 0.2))
        if active:
            pygame.draw.rect(surface, VALUE_BOX, value, border_radius=value.height // 3)
            live = ACCENT if chosen else TEXT_DIM
            self._arrow(surface, value, -1, arrow, ARROW_OFF if at_low else live)
            self._arrow(surface, value, 1, arrow, ARROW_OFF if at_high else live)
        if not active:
            colour = TEXT if chosen else TEXT_DIM
        elif on:
            colour = GOOD
        else:
            colour = TEXT if chosen else TEXT_DIM
        inner = value.inflate(-2 * (arrow * 3 + px(8)), 0)
        self.text.draw(surface, value_text, size, colour, inner, align="center",
                       bold=chosen, rtl=self.rtl)
        return area

    def _draw_notice(self, surface: pygame.Surface) -> pygame.Rect:
        assert self._layout is not None and self._background is not None
        rect = self._layout.notice
        area = surface.blit(self._background, rect, rect)
        notice = self.notice
        if notice:
            surface.fill(BACKGROUND, rect)  # over the hint, until the notice goes
            self.text.draw(surface, notice, self._layout.px(40), WARN, rect,
                           align="center", bold=True, rtl=self.rtl)
        self._shown_notice = notice
        return area

    def draw(self, surface: pygame.Surface, now: float) -> list[pygame.Rect]:
        """Bring the screen up to date; returns the rectangles drawn."""
        size = surface.get_size()
        layout = self._layout
        if layout is None or layout.size != size or layout.rtl != self.rtl:
            self._build(size)
            self._full = True
        dirty: list[pygame.Rect] = []
        if self._full:
            self._full = False
            assert self._background is not None
            surface.blit(self._background, (0, 0))
            for i in range(len(self.settings)):
                self._draw_row(surface, i)
                self._shown[i] = self._look(i)
            self._draw_notice(surface)
            return [surface.get_rect()]
        for i in range(len(self.settings)):
            look = self._look(i)
            if look != self._shown[i]:
                dirty.append(self._draw_row(surface, i))
                self._shown[i] = look
        if self.notice != self._shown_notice:
            dirty.append(self._draw_notice(surface))
        return dirty

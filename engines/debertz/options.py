"""Every rule variant of Debertz with its default (rules §14), and the classic / Kharkov
presets (rules §12).

`DebertzOptions` is a frozen dataclass; each field carries `about(...)` metadata for the
config file and the command line. A combination the rules do not allow (for instance
`four_player_individual` without four players) raises `OptionsError` naming the rule.

`rules_preset` only sets defaults (rules §12.2): under ``classic`` or ``kharkov`` the
options of the §12 table that still hold their §14 default take the preset's value;
every other value is kept. Any rule set is therefore reachable: a preset cell set back
to its §14 value is written with ``rules_preset = "custom"`` and the other values.

`target` 0 means the players' default (rules §11.1: 301 with 2 players, 501 with 3–4);
`goal` is the number in force.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any

from engines.errors import BrokenRule
from engines.registry import Adjustable, about, check_switches, read_choices, whole

PLAYERS = (2, 3, 4)
TARGETS = (0, 301, 501, 1001)
FIVE_CARD_VALUES = (50, 100)
DEBERTZ_LENGTHS = (7, 8)


class OptionsError(BrokenRule):
    """A combination of options the rules do not allow; `rule` names the rule."""


class TurnedCardTo(StrEnum):
    """Who takes the turned card when the hands are completed with 4 players (§6.2)."""

    DECLARER = "declarer"
    DEALER = "dealer"


class RevealTiming(StrEnum):
    """When the exposed stock card is turned with 2–3 players (§7.1)."""

    BEFORE_PLAY = "before_play"
    AFTER_FIRST_TRICK = "after_first_trick"


class SevenSwap(StrEnum):
    """Who may exchange the trump seven for the turned card (§7.2)."""

    ANY_PLAYER = "any_player"
    DECLARER_ONLY = "declarer_only"
    OFF = "off"


class WeakHandRedeal(StrEnum):
    """When a hand of 13 points or fewer may annul the deal (§7.3)."""

    ALL = "all"
    FOUR_INDIVIDUAL_ONLY = "four_individual_only"
    OFF = "off"


class DebertzSuit(StrEnum):
    """Which runs of 7–8 cards win the game (§8.2)."""

    ANY = "any"
    TRUMP_ONLY = "trump_only"


class TieBreak(StrEnum):
    """Equal senior runs (§8.3)."""

    LAST_TRICK = "last_trick"
    TURN = "turn"
    SUIT = "suit"


class BellaAnnounce(StrEnum):
    """How bella is announced (§8.5)."""

    AUTO = "auto"
    MANUAL = "manual"


class FirstLead(StrEnum):
    """Who leads to the first trick (§9.1)."""

    FIRST_SPEAKER = "first_speaker"
    DECLARER = "declarer"


class BaitRecipient(StrEnum):
    """Who receives a baited declarer's total with 3 (or 4 individual) players (§10.4)."""

    HIGHEST = "highest"
    SPLIT = "split"


class BaitPenalty(StrEnum):
    """Which baits cost −100 (§10.5)."""

    FROM_THIRD = "from_third"
    EVERY_THIRD = "every_third"
    OFF = "off"


class RulesPreset(StrEnum):
    """The rule family whose defaults apply (§12)."""

    CUSTOM = "custom"
    CLASSIC = "classic"
    KHARKOV = "kharkov"


PRESET_VALUES: dict[RulesPreset, dict[str, Any]] = {
    RulesPreset.CUSTOM: {},
    RulesPreset.CLASSIC: {"order_obligatory": False, "sotnya": False, "debertz": False,
                          "weak_hand_redeal": WeakHandRedeal.OFF},
    RulesPreset.KHARKOV: {"order_obligatory": True, "sotnya": True, "debertz": True,
                          "weak_hand_redeal": WeakHandRedeal.ALL},
}
"""The §12 table: what each preset sets (the cells not listed keep the §14 defaults)."""

_ENUMS: dict[str, type[StrEnum]] = {
    "turned_card_to": TurnedCardTo,
    "reveal_timing": RevealTiming,
    "seven_swap": SevenSwap,
    "weak_hand_redeal": WeakHandRedeal,
    "debertz_suit": DebertzSuit,
    "tie_break": TieBreak,
    "bella_announce": BellaAnnounce,
    "first_lead": FirstLead,
    "bait_3p_recipient": BaitRecipient,
    "bait_penalty": BaitPenalty,
    "rules_preset": RulesPreset,
}
_BOOLS = ("four_player_individual", "order_obligatory", "sotnya", "debertz",
          "overtrump_partner", "overtrump_on_ruff", "winner_takes_all",
          "hanging_separately", "ski_penalty")
_NUMBERS: dict[str, tuple[tuple[int, ...], str]] = {
    "players": (PLAYERS, "Debertz is played by 2, 3 or 4 players"),
    "target": (TARGETS, "the game is played to 301, 501 or 1001 (0: the players' default)"),
    "five_card_value": (FIVE_CARD_VALUES, "a run of five cards is worth 50, or 100"),
    "debertz_min_length": (DEBERTZ_LENGTHS, "a debertz is a run of 7 cards, or of 8"),
}


@dataclass(frozen=True)
class DebertzOptions(Adjustable):
    """The rules agreed before the first deal (rules §14); see the module docstring."""

    players: int = field(default=2, metadata=about(
        "2, 3 or 4 players (4: two partnerships facing each other)", choices=PLAYERS))
    four_player_individual: bool = field(default=False, metadata=about(
        "4 players each for himself (needs 4 players)"))
    target: int = field(default=0, metadata=about(
        "the game target: 301, 501 or 1001; 0 = 301 with 2 players, 501 with 3-4",
        choices=TARGETS))
    order_obligatory: bool = field(default=True, metadata=about(
        "after two passed rounds the dealer must name a trump (else the deal is annulled)"))
    turned_card_to: TurnedCardTo = field(default=TurnedCardTo.DECLARER, metadata=about(
        "4 players: who takes the turned card, the declarer or the dealer"))
    reveal_timing: RevealTiming = field(default=RevealTiming.BEFORE_PLAY, metadata=about(
        "2-3 players: a stock card is shown before play, or after the first trick"))
    seven_swap: SevenSwap = field(default=SevenSwap.ANY_PLAYER, metadata=about(
        "who may swap the trump seven for the turned card: any_player, declarer_only, off"))
    weak_hand_redeal: WeakHandRedeal = field(default=WeakHandRedeal.ALL, metadata=about(
        "a hand of 13 points or fewer may annul the deal: all, four_individual_only, off"))
    five_card_value: int = field(default=50, metadata=about(
        "a run of five cards is worth 50 or 100", choices=FIVE_CARD_VALUES))
    sotnya: bool = field(default=True, metadata=about(
        "a run of six cards is worth 100 (else 50)"))
    debertz: bool = field(default=True, metadata=about(
        "a run of 7 (or 8) cards wins the game at once"))
    debertz_min_length: int = field(default=7, metadata=about(
        "the shortest run that is a debertz: 7 or 8", choices=DEBERTZ_LENGTHS))
    debertz_suit: DebertzSuit = field(default=DebertzSuit.ANY, metadata=about(
        "a debertz in any suit, or in trumps only"))
    tie_break: TieBreak = field(default=TieBreak.LAST_TRICK, metadata=about(
        "equal senior runs: last_trick, turn (who plays earlier) or suit (trumps win)"))
    bella_announce: BellaAnnounce = field(default=BellaAnnounce.AUTO, metadata=about(
        "bella is announced automatically, or by its holder (manual)"))
    first_lead: FirstLead = field(default=FirstLead.FIRST_SPEAKER, metadata=about(
        "who leads to the first trick: the first speaker or the declarer"))
    overtrump_partner: bool = field(default=False, metadata=about(
        "4 players: overtrump even when the partner's trump is best"))
    overtrump_on_ruff: bool = field(default=False, metadata=about(
        "a player trumping a plain lead must beat a trump already played"))
    winner_takes_all: bool = field(default=False, metadata=about(
        "a successful declarer records every side's total; the others record 0"))
    bait_3p_recipient: BaitRecipient = field(default=BaitRecipient.HIGHEST, metadata=about(
        "3 players: a bait goes to the higher opponent (highest) or half to each (split)"))
    bait_penalty: BaitPenalty = field(default=BaitPenalty.FROM_THIRD, metadata=about(
        "-100 for the third and later baits, every third bait, or off"))
    hanging_separately: bool = field(default=False, metadata=about(
        "hanging baits are collected one per decided deal (else all together)"))
    ski_penalty: bool = field(default=True, metadata=about(
        "no trick taken: -50 (a partnership -100)"))
    rules_preset: RulesPreset = field(default=RulesPreset.CUSTOM, metadata=about(
        "the rule family whose defaults apply: custom, classic or kharkov"))

    def __post_init__(self) -> None:
        for name, (choices, rule) in _NUMBERS.items():
            value = getattr(self, name)
            if not whole(value) or value not in choices:
                raise OptionsError(rule, f"{name} {value!r} is not offered")
        check_switches(self, _BOOLS, OptionsError)
        read_choices(self, _ENUMS.items(), OptionsError)
        if self.four_player_individual and self.players != 4:
            raise OptionsError("four_player_individual is a way to play with 4 players",
                               f"{self.players} players cannot play four-player individual")
        for name, value in PRESET_VALUES[self.rules_preset].items():
            if getattr(self, name) == _DEFAULTS[name]:
                object.__setattr__(self, name, value)

    @classmethod
    def preset(cls, name: RulesPreset | str, **values: Any) -> DebertzOptions:
        """The rules of a preset (custom, classic, kharkov) with `values` over them."""
        return cls(rules_preset=RulesPreset(name), **values)

    # -- what the options mean for a game ----------------------------------------------------

    @property
    def partnerships(self) -> bool:
        """Two fixed partnerships (4 players, not individual)."""
        return self.players == 4 and not self.four_player_individual

    @property
    def sides(self) -> int:
        """How many sides score: 2 partnerships with 4 players, else one per player."""
        return 2 if self.partnerships else self.players

    def side_of(self, seat: int) -> int:
        """The side of a seat: seats 0 and 2 are side 0, 1 and 3 side 1 with partners."""
        return seat % 2 if self.partnerships else seat

    def seats_of(self, side: int) -> tuple[int, ...]:
        return tuple(s for s in range(self.players) if self.side_of(s) == side)

    @property
    def goal(self) -> int:
        """The target in force (§11.1): `target`, or 301 with 2 players and 501 with 3–4."""
        if self.target:
            return self.target
        return 301 if self.players == 2 else 501

    @property
    def hand_size(self) -> int:
        """Cards in each hand once completed: 9 with 2–3 players, 8 with 4 (§6)."""
        return 9 if self.players < 4 else 8

    @property
    def redeal_allowed(self) -> bool:
        """Whether the weak-hand redeal applies to this table (§7.3)."""
        if self.weak_hand_redeal is WeakHandRedeal.ALL:
            return True
        if self.weak_hand_redeal is WeakHandRedeal.FOUR_INDIVIDUAL_ONLY:
            return self.players == 4 and self.four_player_individual
        return False

    @property
    def ski_points(self) -> int:
        """The ski penalty of a side that took no trick (§10.7)."""
        if not self.ski_penalty:
            return 0
        return -100 if self.partnerships else -50


_DEFAULTS: dict[str, Any] = {f.name: f.default for f in fields(DebertzOptions)}

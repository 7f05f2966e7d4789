"""Every rule variant of Dobbm with its default (rules §16), and the length of a session.

`DobbmOptions` is a frozen dataclass; each field carries `about(...)` metadata for the
config file and the command line. A value the rules do not offer raises `OptionsError`
naming the rule.

`max_doublings` 0 means unlimited (§7.4). `session_hands` is not in the rules: it is how
many hands (played or abandoned; thrown-in deals do not count) the kiosk's session lasts
before it closes by itself — with the Mußrunde when `musrunde` is on (§13), else at once;
0 means the session lasts until the host closes it (`GameState.host`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from engines.errors import BrokenRule
from engines.registry import Adjustable, about, check_switches, read_choices, whole

PLAYERS = (4, 5)
STAKES = (6, 12, 60, 120, 240)


class OptionsError(BrokenRule):
    """A value the rules do not offer; `rule` names the rule."""


class Rounding(StrEnum):
    """§10.3: amounts rounded up to a shilling before doubling, or exact fractions."""

    CEIL_BEFORE_DOUBLING = "ceil_before_doubling"
    EXACT = "exact"


class SowDiscardRule(StrEnum):
    """§6.2: which Sows need a trump laid away with them."""

    PLAIN_VS_HEARTS = "plain_vs_hearts"  # Sows of leaves, acorns, bells ≤ hearts laid away
    ALL_VS_OTHER_HEARTS = "all_vs_other_hearts"  # every Sow ≤ hearts other than the heart Sow
    NONE = "none"


class MatschDobb(StrEnum):
    """§9.2: in which contracts the Dobb goes to the defenders when the declarer takes no
    trick."""

    NORMAL_AND_SOLO = "normal_and_solo"
    NORMAL_ONLY = "normal_only"


_BOOLS = ("solo_doubling", "stockerl", "musrunde", "revoke_penalty_multiplied",
          "record_irregularities")


@dataclass(frozen=True)
class DobbmOptions(Adjustable):
    """The rules agreed before the first hand (rules §16); see the module docstring."""

    players: int = field(default=4, metadata=about(
        "4 players, or 5 (the dealer of each hand sits out)", choices=PLAYERS))
    stake: int = field(default=60, metadata=about(
        "shillings a Matsch of a normal game is worth (60 points): 6, 12, 60, 120 or 240",
        choices=STAKES))
    rounding: Rounding = field(default=Rounding.CEIL_BEFORE_DOUBLING, metadata=about(
        "amounts rounded up to a shilling before doubling (ceil_before_doubling), or exact"))
    sow_discard_rule: SowDiscardRule = field(default=SowDiscardRule.PLAIN_VS_HEARTS,
                                             metadata=about(
        "a Sow laid away needs a heart with it: plain_vs_hearts, all_vs_other_hearts, none"))
    solo_doubling: bool = field(default=True, metadata=about(
        "a Solo may be doubled (Schwacher and retour)"))
    max_doublings: int = field(default=0, metadata=about(
        "the most Schwacher and retour calls in a hand; 0 = unlimited", low=0, high=20))
    matsch_dobb_to_defenders: MatschDobb = field(default=MatschDobb.NORMAL_AND_SOLO,
                                                 metadata=about(
        "a declarer without a trick loses the Dobb too: normal_and_solo or normal_only"))
    stockerl: bool = field(default=True, metadata=about(
        "5 players: when all pass, each pays the new dealer a Stockerl (10 points)"))
    musrunde: bool = field(default=True, metadata=about(
        "the session closes with a Mußrunde: each player once forced declarer"))
    revoke_penalty_multiplied: bool = field(default=True, metadata=about(
        "a revoke's penalty is multiplied by the Solo factor and the doublings"))
    record_irregularities: bool = field(default=False, metadata=about(
        "the host may record a revoke or a wrong discard, which ends the hand with a penalty"))
    session_hands: int = field(default=8, metadata=about(
        "hands before the session closes (with the Mussrunde if on); 0 = until the host "
        "closes it", low=0, high=1000))

    def __post_init__(self) -> None:
        if not whole(self.players) or self.players not in PLAYERS:
            raise OptionsError("Dobbm is played by 4 players, or 5 with the dealer sitting out",
                               f"players {self.players!r} is not offered")
        if not whole(self.stake) or self.stake not in STAKES:
            raise OptionsError("the stake is 6, 12, 60, 120 or 240 shillings",
                               f"stake {self.stake!r} is not offered")
        for name in ("max_doublings", "session_hands"):
            value = getattr(self, name)
            if not whole(value) or value < 0:
                raise OptionsError(f"{name} is a whole number from 0 (0: no limit)",
                                   f"{name} {value!r} is not offered")
        check_switches(self, _BOOLS, OptionsError)
        read_choices(self, (("rounding", Rounding), ("sow_discard_rule", SowDiscardRule),
                            ("matsch_dobb_to_defenders", MatschDobb)), OptionsError)

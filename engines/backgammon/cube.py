"""Cube decisions for Takhteh Nard from winning and gammon chances and the match score.

What it owns: given the chances of the player on roll (win, win gammon, win
backgammon, lose gammon, lose backgammon — cumulative, as GNU Backgammon gives
them: ``win_gammon`` includes ``win_backgammon``) and the state of the cube and
the match, whether the player on roll should double (or is too good to double)
and whether the opponent should take or drop; `analyse` also gives the equities
behind the decision (no double, double/take, double/pass) for a hint.

**The method: Janowski's cubeful equity.** (R. Janowski, "Take-points in money
games", 1993; the same model GNU Backgammon uses for its 0-ply cube decisions.)
The cubeful equity of a position is interpolated between two extremes:
``E = x · E_live + (1 − x) · E_dead``. ``E_dead`` is the cubeless equity (the cube
never turns again). ``E_live`` assumes a perfectly efficient cube: the game's value
is piecewise linear in the winning chance p, through (0, average loss), the
opponent's cash point (they double, we pass), our cash point (we double, they
pass) and (1, average win) — with only the segments for the sides who may still
double. Cash and take points come from the score: a player doubled from v to 2v
takes where taking (owning the 2v cube, which they may redouble at their own cash
point) is worth what dropping is; at a cube level where the owner can gain nothing
by redoubling (the cube is dead for them: money at the 64 cap, or a match where a
single win at that cube already wins the match) the take point is the dead-cube
one, and the levels below are worked out from it down. For money with no gammons
this gives the familiar take point of 25 % (dead cube) to 20 % (fully live);
Janowski's closed form ``(L − ½) / (W + L + ½)`` is the limit.

``x``, the cube efficiency, is 0.68 with contact; in a race it grows with the
pip count of the player on roll: ``0.55 + 0.00125 · pips`` kept within 0.6–0.7;
in a bear-off (both sides all home) 0.6. These are GNU Backgammon's default
values for the same model.

The decision: with ND = no double, DT = double/take, DP = double/pass (the
cubeful equities of the player on roll), the opponent takes when DT ≤ DP; the
player on roll doubles when min(DT, DP) > ND, and is "too good" to double when the
opponent would pass but ND > DP (play on for the gammon); a tie (a sure win) doubles
out.

**Scores.** Money play counts points (the equity per unit cube); under the Jacoby
rule gammons and backgammons count as single games while the cube is centred.
The cube goes no higher than 64 (`MAX_CUBE`): no double from 64, and the 64 cube
is dead — so money take points are worked out from the 64 level down rather than
from Janowski's closed form, which assumes an endless cube (the difference is
negligible at a low cube and grows as the cube nears 64). A match counts the chance
to win the match, from the match equity table below. The Crawford game has no
cube. Post-Crawford (one side one point away, not the Crawford game) the leader
never doubles (the cube is dead for them), and the trailer doubles at the first
chance unless too good; the leader's take or (free) drop comes from the table. A
cube that cannot change the result is never turned: no double when a single win
at the current cube already wins the match.

**The match equity table** is the Kazaross XG2 table (Neil Kazaross, 2011: eXtreme
Gammon rollouts to 9 points, GNU Backgammon rollouts to 15, extended to 25 by
projecting take points), as published with GNU Backgammon 1.07
(``met/Kazaross-XG2.xml``, "Kazaross XG2 25 point MET"); it is also gnubg's default
table. Its numbers are typed in below as data: the pre-Crawford table (the chance
of winning the match for the player needing i points against one needing j, i, j
1..25; the row for 1 point needed is the Crawford game) and the post-Crawford
values (the trailer's chance needing n points against the leader needing 1). With
the Crawford rule off, a side one point away is valued with the post-Crawford
numbers (an approximation: no table for that is published with it).

**Which side's chances.** Probabilities are always those of the player on roll —
the one deciding whether to double. When answering a double (phase RESPOND) they
are still the doubler's chances (the doubler is on roll); `decide` works out the
taker's answer from them.

The kiosk's bots call ``decide(view, chances)``; `analyse(view, chances)` gives the
numbers for a hint.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from itertools import pairwise
from typing import Final, NamedTuple, Protocol

from .options import MAX_CUBE
from .rules import HOME, Board, CubeAction, Phase, View

# -- the chances -------------------------------------------------------------------------------


class ProbabilitiesLike(Protocol):
    """What an evaluator gives for the player on roll (cumulative: a gammon includes the
    backgammons); `engines.backgammon.net.Probabilities` is one."""

    @property
    def win(self) -> float: ...

    @property
    def win_gammon(self) -> float: ...

    @property
    def win_backgammon(self) -> float: ...

    @property
    def lose_gammon(self) -> float: ...

    @property
    def lose_backgammon(self) -> float: ...


_SLACK: Final = 1e-6  # rounding an evaluator may leave in its outputs


class Chances(NamedTuple):
    """The chances of the player on roll, checked: 0 ≤ win_backgammon ≤ win_gammon ≤ win ≤ 1,
    0 ≤ lose_backgammon ≤ lose_gammon ≤ 1 − win."""

    win: float
    win_gammon: float = 0.0
    win_backgammon: float = 0.0
    lose_gammon: float = 0.0
    lose_backgammon: float = 0.0

    @classmethod
    def of(cls, chances: ProbabilitiesLike) -> Chances:
        """The checked chances of any object with the five attributes; values off by mere
        rounding are clipped, anything else raises ValueError."""

        def fit(value: float, high: float, name: str) -> float:
            value = float(value)
            if not -_SLACK <= value <= high + _SLACK:
                raise ValueError(f"{name} = {value:g} is outside 0..{high:g}")
            return min(max(value, 0.0), high)

        win = fit(chances.win, 1.0, "win")
        win_gammon = fit(chances.win_gammon, win, "win_gammon (at most win)")
        win_backgammon = fit(chances.win_backgammon, win_gammon,
                             "win_backgammon (at most win_gammon)")
        lose_gammon = fit(chances.lose_gammon, 1.0 - win, "lose_gammon (at most 1 - win)")
        lose_backgammon = fit(chances.lose_backgammon, lose_gammon,
                              "lose_backgammon (at most lose_gammon)")
        return cls(win, win_gammon, win_backgammon, lose_gammon, lose_backgammon)

    def flipped(self) -> Chances:
        """The same chances seen by the other player."""
        return Chances(1.0 - self.win, self.lose_gammon, self.lose_backgammon,
                       self.win_gammon, self.win_backgammon)


# -- the match equity table --------------------------------------------------------------------

_PRE_CRAWFORD_TEXT: Final = """
0.50000 0.67736 0.75076 0.81436 0.84179 0.88731 0.90724 0.93250 0.94402
0.959275 0.966442 0.975534 0.979845 0.985273 0.987893 0.99114 0.99273 0.99467
0.99563 0.99679 0.99737 0.99807 0.99842 0.99884 0.99905

0.32264 0.50000 0.59947 0.66870 0.74359 0.79940 0.84225 0.87539 0.90197
0.923034 0.939311 0.952470 0.962495 0.970701 0.976887 0.98196 0.98580 0.98893
0.99129 0.99322 0.99466 0.99585 0.99675 0.99746 0.99802

0.24924 0.40053 0.50000 0.57150 0.64795 0.71123 0.76209 0.80468 0.84017
0.870638 0.894417 0.914831 0.930702 0.944426 0.954931 0.96399 0.97093 0.97687
0.98139 0.98522 0.98814 0.99062 0.99248 0.99407 0.99527

0.18564 0.33130 0.42850 0.50000 0.57732 0.64285 0.69924 0.74577 0.78799
0.824059 0.853955 0.879141 0.900233 0.918040 0.932657 0.94495 0.95499 0.96341
0.97021 0.97589 0.98044 0.98422 0.98726 0.98975 0.99174

0.15821 0.25641 0.35205 0.42268 0.50000 0.56635 0.62638 0.67786 0.72540
0.767055 0.802732 0.833654 0.859934 0.882866 0.902013 0.91847 0.93223 0.94397
0.95367 0.96189 0.96864 0.97432 0.97896 0.98283 0.98600

0.11269 0.20060 0.28877 0.35715 0.43365 0.50000 0.56261 0.61636 0.66787
0.713057 0.753427 0.788634 0.819569 0.846648 0.869999 0.89021 0.90756 0.92246
0.93508 0.94583 0.95488 0.96254 0.96894 0.97432 0.97879

0.09276 0.15775 0.23791 0.30076 0.37362 0.43739 0.50000 0.55480 0.60854
0.656283 0.700209 0.739054 0.774121 0.805203 0.832566 0.85659 0.87761 0.89591
0.91171 0.92535 0.93702 0.94703 0.95553 0.96276 0.96887

0.06750 0.12461 0.19532 0.25423 0.32214 0.38364 0.44520 0.50000 0.55442
0.603718 0.649899 0.691356 0.729447 0.763593 0.794397 0.82158 0.84578 0.86714
0.88589 0.90230 0.91658 0.92898 0.93968 0.94891 0.95682

0.05598 0.09803 0.15983 0.21201 0.27460 0.33213 0.39146 0.44558 0.50000
0.550196 0.597926 0.641481 0.682119 0.718927 0.752814 0.78301 0.81037 0.83483
0.85662 0.87591 0.89294 0.90791 0.92098 0.93240 0.94230

0.040725 0.076966 0.129362 0.175941 0.232945 0.286943 0.343717 0.396282 0.449804
0.500000 0.548547 0.593459 0.635880 0.674830 0.711113 0.74371 0.77375 0.80093
0.82543 0.84741 0.86703 0.88448 0.89991 0.91353 0.92550

0.033558 0.060689 0.105583 0.146045 0.197268 0.246573 0.299791 0.350101 0.402074
0.451453 0.500000 0.545552 0.589242 0.629736 0.667927 0.70303 0.73530 0.76494
0.79198 0.81648 0.83862 0.85849 0.87629 0.89214 0.90622

0.024466 0.047530 0.085169 0.120859 0.166346 0.211366 0.260946 0.308644 0.358519
0.406541 0.454448 0.500000 0.544068 0.585701 0.625259 0.66178 0.69610 0.72778
0.75703 0.78381 0.80826 0.83044 0.85051 0.86856 0.88476

0.020155 0.037505 0.069298 0.099767 0.140066 0.180431 0.225879 0.270553 0.317881
0.364120 0.410758 0.455932 0.500000 0.541943 0.582545 0.62036 0.65619 0.68966
0.72081 0.74963 0.77619 0.80054 0.82276 0.84295 0.86123

0.014727 0.029299 0.055574 0.081960 0.117134 0.153352 0.194797 0.236407 0.281073
0.325170 0.370264 0.414299 0.458057 0.500000 0.540750 0.57942 0.61634 0.65117
0.68391 0.71448 0.74290 0.76917 0.79339 0.81559 0.83586

0.012107 0.023113 0.045069 0.067343 0.097987 0.130001 0.167434 0.205603 0.247186
0.288887 0.332073 0.374741 0.417455 0.459250 0.500000 0.53916 0.57679 0.61261
0.64659 0.67859 0.70862 0.73664 0.76265 0.78669 0.80883

0.00886 0.01804 0.03601 0.05505 0.08153 0.10979 0.14341 0.17842 0.21699
0.25629 0.29697 0.33822 0.37964 0.42058 0.46084 0.50000 0.53796 0.57441
0.60929 0.64241 0.67376 0.70323 0.73084 0.75657 0.78046

0.00727 0.01420 0.02907 0.04501 0.06777 0.09244 0.12239 0.15422 0.18963
0.22625 0.26470 0.30390 0.34381 0.38366 0.42321 0.46204 0.50000 0.53676
0.57222 0.60618 0.63856 0.66925 0.69822 0.72542 0.75087

0.00533 0.01107 0.02313 0.03659 0.05603 0.07754 0.10409 0.13286 0.16517
0.19907 0.23506 0.27222 0.31034 0.34883 0.38739 0.42559 0.46324 0.50000
0.53574 0.57023 0.60336 0.63501 0.66510 0.69356 0.72038

0.00437 0.00871 0.01861 0.02979 0.04633 0.06492 0.08829 0.11411 0.14338
0.17457 0.20802 0.24297 0.27919 0.31609 0.35341 0.39071 0.42778 0.46426
0.50000 0.53475 0.56838 0.60073 0.63171 0.66122 0.68921

0.00321 0.00678 0.01478 0.02411 0.03811 0.05417 0.07465 0.09770 0.12409
0.15259 0.18352 0.21619 0.25037 0.28552 0.32141 0.35759 0.39382 0.42977
0.46525 0.50000 0.53387 0.56667 0.59830 0.62864 0.65760

0.00263 0.00534 0.01186 0.01956 0.03136 0.04512 0.06298 0.08342 0.10706
0.13297 0.16138 0.19174 0.22381 0.25710 0.29138 0.32624 0.36144 0.39664
0.43162 0.46613 0.50000 0.53303 0.56508 0.59603 0.62576

0.00193 0.00415 0.00938 0.01578 0.02568 0.03746 0.05297 0.07102 0.09209
0.11552 0.14151 0.16956 0.19946 0.23083 0.26336 0.29677 0.33075 0.36499
0.39927 0.43333 0.46697 0.50000 0.53226 0.56360 0.59391

0.00158 0.00325 0.00752 0.01274 0.02104 0.03106 0.04447 0.06032 0.07902
0.10009 0.12371 0.14949 0.17724 0.20661 0.23735 0.26916 0.30178 0.33490
0.36829 0.40170 0.43492 0.46774 0.50000 0.53153 0.56221

0.00116 0.00254 0.00593 0.01025 0.01717 0.02568 0.03724 0.05109 0.06760
0.08647 0.10786 0.13144 0.15705 0.18441 0.21331 0.24343 0.27458 0.30644
0.33878 0.37136 0.40397 0.43640 0.46847 0.50000 0.53086

0.00095 0.00198 0.00473 0.00826 0.01400 0.02121 0.03113 0.04318 0.05770
0.07450 0.09378 0.11524 0.13877 0.16414 0.19117 0.21954 0.24913 0.27962
0.31079 0.34240 0.37424 0.40609 0.43779 0.46914 0.50000
"""
_POST_CRAWFORD_TEXT: Final = """
0.500000 0.48803 0.32264 0.31002 0.19012 0.18072 0.11559 0.10906 0.06953
0.065161 0.042069 0.039060 0.025371 0.023428 0.015304 0.014050 0.009240 0.008420
0.005560 0.005050 0.003360 0.003030 0.002030 0.001820 0.001230
"""


def _rows(text: str) -> tuple[tuple[float, ...], ...]:
    return tuple(tuple(float(word) for word in block.split()) for block in text.split("\n\n"))


MET_LENGTH: Final = 25
MET_PRE_CRAWFORD: Final = _rows(_PRE_CRAWFORD_TEXT.strip())
"""``MET_PRE_CRAWFORD[i][j]``: the chance of winning the match needing i+1 points against
an opponent needing j+1, before the Crawford game (row 0 is the Crawford game)."""
MET_POST_CRAWFORD: Final = tuple(float(word) for word in _POST_CRAWFORD_TEXT.split())
"""``MET_POST_CRAWFORD[n]``: the trailer's chance needing n+1 points, post-Crawford."""


def match_equity(need: int, opp_need: int, *, post_crawford: bool = False) -> float:
    """The chance to win the match needing `need` points against `opp_need` (≤ 0: the
    match is won). `post_crawford`: the Crawford game has been played (or the rule is
    off), so a side one point away meets a cube."""
    if need <= 0:
        return 1.0
    if opp_need <= 0:
        return 0.0
    if max(need, opp_need) > MET_LENGTH:
        raise ValueError(f"the match equity table goes to {MET_LENGTH} points, "
                         f"not {max(need, opp_need)}")
    if post_crawford and need == 1:
        return 1.0 - MET_POST_CRAWFORD[opp_need - 1]
    if post_crawford and opp_need == 1:
        return MET_POST_CRAWFORD[need - 1]
    return MET_PRE_CRAWFORD[need - 1][opp_need - 1]


# -- the cube and the score -------------------------------------------------------------------

CONTACT_EFFICIENCY: Final = 0.68
BEAROFF_EFFICIENCY: Final = 0.6
RACE_EFFICIENCY: Final = (0.55, 0.00125, 0.6, 0.7)  # base, per pip, lowest, highest


def cube_efficiency(board: Board, player: int) -> float:
    """Janowski's x for `player` on roll: 0.68 with contact, 0.6 in a bear-off, and in a
    race 0.55 + 0.00125 per pip of the player on roll, kept within 0.6–0.7."""
    me, opp = board.side(player), board.side(1 - player)
    rear = _rearmost(me)
    opp_rear = _rearmost(opp)
    if rear + opp_rear > 25:  # a checker of mine still has to pass one of theirs
        return CONTACT_EFFICIENCY
    if rear <= HOME and opp_rear <= HOME:
        return BEAROFF_EFFICIENCY
    base, per_pip, low, high = RACE_EFFICIENCY
    return min(high, max(low, base + per_pip * board.pips(player)))


def _rearmost(side: Sequence[int]) -> int:
    """The highest point (25 the bar) holding a checker; 0 when all are off."""
    for index in range(len(side) - 1, -1, -1):
        if side[index]:
            return index + 1
    return 0


class Owner(StrEnum):
    """Where the cube is, seen from the player on roll."""

    CENTRED = "centred"
    ON_ROLL = "on roll"  # the player on roll owns it and may redouble
    OPPONENT = "opponent"


@dataclass(frozen=True)
class CubeState:
    """The cube and the score as the player on roll sees them.

    score: (player on roll, opponent); match_length 0 is money play. crawford_game:
    this is the Crawford game (no cube). jacoby: money play under the Jacoby rule.
    cube_efficiency: Janowski's x (see `cube_efficiency`).
    """

    cube_value: int = 1
    owner: Owner = Owner.CENTRED
    match_length: int = 0
    score: tuple[int, int] = (0, 0)
    crawford_game: bool = False
    jacoby: bool = False
    cube_efficiency: float = CONTACT_EFFICIENCY

    def __post_init__(self) -> None:
        value = self.cube_value
        if value < 1 or value & (value - 1) or value > MAX_CUBE:
            raise ValueError(f"the cube shows 1, 2, 4, … {MAX_CUBE}, not {value}")
        object.__setattr__(self, "owner", Owner(self.owner))
        if value > 1 and self.owner is Owner.CENTRED:
            raise ValueError("a doubled cube has an owner")
        if self.match_length < 0 or self.match_length > MET_LENGTH:
            raise ValueError(f"match length {self.match_length} is outside 0..{MET_LENGTH}")
        if self.match_length and not all(0 <= s < self.match_length for s in self.score):
            raise ValueError(f"a match to {self.match_length} cannot stand at {self.score}")
        if not 0.0 <= self.cube_efficiency <= 1.0:
            raise ValueError(f"cube efficiency {self.cube_efficiency} is outside 0..1")

    @property
    def is_match(self) -> bool:
        return self.match_length > 0

    @property
    def needs(self) -> tuple[int, int]:
        """The points each side still needs (player on roll, opponent); match play only."""
        return (self.match_length - self.score[0], self.match_length - self.score[1])

    @property
    def post_crawford(self) -> bool:
        """A match game after the Crawford game: a side one point away, not the Crawford
        game itself."""
        return self.is_match and not self.crawford_game and 1 in self.needs

    @property
    def may_double(self) -> bool:
        """The rules let the player on roll double: not the Crawford game, the cube below
        64 and centred or theirs."""
        return (not self.crawford_game and self.cube_value < MAX_CUBE
                and self.owner is not Owner.OPPONENT)


def state_of(view: View, *, jacoby: bool = False,
             efficiency: float | None = None) -> CubeState:
    """The cube state of a view, seen from the player on turn (`view.turn`) — the doubler
    when the view waits for an answer to a double. `jacoby`: the game is money play under
    the Jacoby rule (the view does not carry the options; pass
    ``options.uses_jacoby``). `efficiency` overrides x worked out from the board."""
    turn = view.turn
    if turn is None:
        raise ValueError("no player is on roll: the game has not started or is over")
    if view.cube_owner is None:
        owner = Owner.CENTRED
    else:
        owner = Owner.ON_ROLL if view.cube_owner == turn else Owner.OPPONENT
    x = cube_efficiency(view.board, turn) if efficiency is None else efficiency
    return CubeState(
        cube_value=view.cube_value,
        owner=owner,
        match_length=view.match_length,
        score=(view.score[turn], view.score[1 - turn]),
        crawford_game=view.crawford_game,
        jacoby=jacoby and not view.match_length,
        cube_efficiency=x,
    )


# -- Janowski's model -------------------------------------------------------------------------

_ME, _OPP = 0, 1


def _split(total: float, gammons: float, backgammons: float) -> tuple[float, float, float]:
    """The shares of single games, gammons and backgammons among `total` wins."""
    if total <= 1e-9:
        return (1.0, 0.0, 0.0)
    return ((total - gammons) / total, (gammons - backgammons) / total, backgammons / total)


class _Model:
    """Equities of the player on roll in one unit: points for money, the chance to win the
    match for a match."""

    def __init__(self, chances: Chances, state: CubeState) -> None:
        self.p = chances.win
        self.state = state
        self.splits = (
            _split(chances.win, chances.win_gammon, chances.win_backgammon),
            _split(1.0 - chances.win, chances.lose_gammon, chances.lose_backgammon),
        )
        self.needs = state.needs if state.is_match else (0, 0)
        # After this game: the Crawford game, or a post-Crawford game, is followed by
        # post-Crawford games; before it, reaching one point away brings the Crawford game.
        self.after_post = state.crawford_game or state.post_crawford
        self._take_points: dict[tuple[int, int], float] = {}

    def value(self, points: int) -> float:
        """The player on roll's equity after winning `points` (negative: losing)."""
        if not self.state.is_match:
            return float(points)
        need, opp_need = self.needs
        if points > 0:
            need -= points
        else:
            opp_need += points
        return match_equity(need, opp_need, post_crawford=self.after_post)

    def average_win(self, side: int, cube: int, centred: bool) -> float:
        """The on-roll player's equity averaged over the ways `side` wins at `cube`."""
        sign = 1 if side == _ME else -1
        if centred and self.state.jacoby:
            return self.value(sign * cube)  # gammons do not count before the cube turns
        single, gammon, backgammon = self.splits[side]
        return (single * self.value(sign * cube) + gammon * self.value(sign * 2 * cube)
                + backgammon * self.value(sign * 3 * cube))

    def can_double(self, side: int, cube: int) -> bool:
        """Whether `side`, owning (or sharing) `cube`, could gain by doubling it."""
        if self.state.crawford_game or cube >= MAX_CUBE:
            return False
        return not self.state.is_match or self.needs[side] > cube

    def take_point(self, side: int, cube: int) -> float:
        """`side`'s own winning chance below which it should pass a double from `cube` to
        2·cube, with a live cube (Janowski: x = 1)."""
        key = (side, cube)
        if key not in self._take_points:
            self._take_points[key] = self._take_point(side, cube)
        return self._take_points[key]

    def _take_point(self, side: int, cube: int) -> float:
        sign = 1 if side == _ME else -1  # equities of the on-roll player, turned to side's
        drop = sign * self.value(-sign * cube)
        lose = sign * self.average_win(1 - side, 2 * cube, False)
        if self.can_double(side, 2 * cube):  # taking, then cashing at side's cash point
            top_at = self.cash_point(side, 2 * cube)
            top = sign * self.value(sign * 2 * cube)
        else:  # a dead cube after the take
            top_at = 1.0
            top = sign * self.average_win(side, 2 * cube, False)
        if top <= lose:
            return 0.0 if drop <= lose else 1.0
        return min(1.0, max(0.0, top_at * (drop - lose) / (top - lose)))

    def cash_point(self, side: int, cube: int) -> float:
        """`side`'s own winning chance from which the other side passes its double."""
        return 1.0 - self.take_point(1 - side, cube)

    def dead(self, cube: int, centred: bool) -> float:
        """The cubeless equity: the cube never turns again."""
        p = self.p
        return (p * self.average_win(_ME, cube, centred)
                + (1.0 - p) * self.average_win(_OPP, cube, centred))

    def live(self, cube: int, owner: Owner) -> float:
        """The equity with a perfectly efficient cube: piecewise linear in p through the
        cash points of the sides who may double."""
        centred = owner is Owner.CENTRED
        corners = [(0.0, self.average_win(_OPP, cube, centred))]
        if owner is not Owner.ON_ROLL and self.can_double(_OPP, cube):
            corners.append((1.0 - self.cash_point(_OPP, cube), self.value(-cube)))
        if owner is not Owner.OPPONENT and self.can_double(_ME, cube):
            corners.append((self.cash_point(_ME, cube), self.value(cube)))
        corners.append((1.0, self.average_win(_ME, cube, centred)))
        corners.sort()
        p = self.p
        for (x0, y0), (x1, y1) in pairwise(corners):
            if p <= x1:
                return y0 if x1 <= x0 else y0 + (y1 - y0) * (p - x0) / (x1 - x0)
        return corners[-1][1]

    def cubeful(self, cube: int, owner: Owner) -> float:
        """Janowski: x · live + (1 − x) · dead."""
        dead = self.dead(cube, owner is Owner.CENTRED)
        return dead + self.state.cube_efficiency * (self.live(cube, owner) - dead)


# -- decisions --------------------------------------------------------------------------------


@dataclass(frozen=True)
class CubeAnalysis:
    """The cube decision of the player on roll and the opponent's answer, with the
    cubeful equities behind them.

    Equities are the player on roll's, normalised as players read them: +1 is winning
    the current cube's points (so double/pass is +1), −1 losing them; for money that is
    points per unit of the current cube. In a match the chances to win the match are
    given too (`*_mwc`). `double_take` and `double_pass` are None when the rules allow
    no double (the opponent owns the cube, the Crawford game, the cube at 64).
    `words` says it as gnubg does ("Double, take", "Too good to double, pass", …).
    """

    double: bool
    take: bool
    too_good: bool
    no_double: float
    double_take: float | None
    double_pass: float | None
    cubeless: float
    cube_efficiency: float
    words: str
    no_double_mwc: float | None = None
    double_take_mwc: float | None = None
    double_pass_mwc: float | None = None

    @property
    def action(self) -> CubeAction:
        """The decision of the player on roll: DOUBLE or ROLL."""
        return CubeAction.DOUBLE if self.double else CubeAction.ROLL

    @property
    def answer(self) -> CubeAction:
        """The opponent's answer to a double: TAKE or DROP."""
        return CubeAction.TAKE if self.take else CubeAction.DROP


def analyse_state(chances: ProbabilitiesLike, state: CubeState) -> CubeAnalysis:
    """The cube decision for the player on roll with these chances in this cube state."""
    odds = Chances.of(chances)
    model = _Model(odds, state)
    cube, owner = state.cube_value, state.owner
    low, high = model.value(-cube), model.value(cube)
    span = high - low

    def norm(equity: float) -> float:
        return 2.0 * (equity - low) / span - 1.0 if span > 0 else 0.0

    no_double = model.cubeful(cube, owner)
    cubeless = model.dead(cube, owner is Owner.CENTRED)
    redouble = owner is Owner.ON_ROLL
    if not state.may_double:
        why = ("no cube in the Crawford game" if state.crawford_game
               else "the opponent owns the cube" if owner is Owner.OPPONENT
               else f"the cube is at {MAX_CUBE}")
        return CubeAnalysis(False, True, False, norm(no_double), None, None, norm(cubeless),
                            state.cube_efficiency, f"No double: {why}",
                            *_mwc(state, no_double, None, None))
    double_take = model.cubeful(2 * cube, Owner.OPPONENT)
    double_pass = high
    take = double_take <= double_pass
    word = "Redouble" if redouble else "Double"
    if not model.can_double(_ME, cube):
        double, too_good = False, False
        words = f"Never {word.lower()}: dead cube, {'take' if take else 'pass'}"
    else:
        too_good = no_double > double_pass and (not take or state.post_crawford)
        # A pass, or post-Crawford (the trailer doubles at once): double unless too good.
        at_once = state.post_crawford or not take
        double = not too_good if at_once else double_take > no_double
        if too_good:
            words = f"Too good to {word.lower()}, {'take' if take else 'pass'}"
        elif double:
            words = f"{word}, {'take' if take else 'pass'}"
        else:
            words = f"No {word.lower()}, {'take' if take else 'pass'}"
    return CubeAnalysis(double, take, too_good, norm(no_double), norm(double_take),
                        norm(double_pass), norm(cubeless), state.cube_efficiency, words,
                        *_mwc(state, no_double, double_take, double_pass))


def _mwc(state: CubeState, *equities: float | None) -> tuple[float | None, ...]:
    if not state.is_match:
        return (None,) * len(equities)
    return equities


def analyse(view: View, chances: ProbabilitiesLike, *, jacoby: bool = False,
            efficiency: float | None = None) -> CubeAnalysis:
    """The cube analysis before the roll of the player on turn (`view.turn`), whose
    chances these are — also when the view waits for the opponent's answer to that
    player's double. `jacoby`: money play under the Jacoby rule (``options.uses_jacoby``)."""
    return analyse_state(chances, state_of(view, jacoby=jacoby, efficiency=efficiency))


def decide(view: View, chances: ProbabilitiesLike, *, jacoby: bool = False,
           efficiency: float | None = None) -> CubeAction:
    """The cube action of the viewer.

    Phase CUBE (the viewer is on turn): DOUBLE or ROLL. Phase RESPOND (the viewer was
    doubled): TAKE or DROP. In both, `chances` are those of the player on turn — the
    doubler when answering — as an evaluator gives them for the side on roll. `jacoby`:
    money play under the Jacoby rule (the view does not say; pass ``options.uses_jacoby``).
    """
    if view.phase is Phase.CUBE:
        if view.player != view.turn:
            raise ValueError(f"player {view.player} is not on turn to double")
        return analyse(view, chances, jacoby=jacoby, efficiency=efficiency).action
    if view.phase is Phase.RESPOND:
        if view.turn is None or view.player != 1 - view.turn:
            raise ValueError(f"player {view.player} has not been doubled")
        return analyse(view, chances, jacoby=jacoby, efficiency=efficiency).answer
    raise ValueError(f"no cube decision now: the game waits for {view.phase}")

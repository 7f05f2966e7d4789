"""Computer players for Takhteh Nard: easy, medium and hard, for checker plays and the cube.

Every bot has the protocol's small interface (`engines.protocol.Bot`): a `level`
(easy, medium, hard; `name` is the same) and ``choose(view, rng) -> action``. It
receives a player's `View` (backgammon hides nothing, but bots never touch the
game state itself) and an injected random source, and returns one of
``view.legal_actions``: a `Play` when the player must move, or a `CubeAction`
when the player may double (roll / double) or must answer a double (take /
drop). The same view and the same seeded random source give the same choice.

- `EasyBot`: mostly a uniformly random legal play, now and then the medium
  choice; loose cube decisions.
- `MediumBot`: one ply — the play whose resulting position scores best on the
  handcrafted evaluation `score`.
- `HardBot`: two plies on the learned evaluation (`engines.backgammon.net`, a
  small neural network distilled from GNU Backgammon's 0-ply evaluations, with
  winning, gammon and backgammon chances): every legal play is ranked by the
  cubeless money equity of its position; the few best, when close, are each
  answered by the opponent's best reply to all 21 rolls, and the play with the
  best average wins. The work is bounded by counts (candidates, positions evaluated), so a
  move costs a bounded, deterministic amount of time; a clock may be injected
  to cut the search short as well (engines read no clock).

`score(me, opp)` evaluates a position for the side that has just moved, the
opponent being on roll, as a logit of the winning chance: the race (pip
counts, the roll's tempo), blots exposed to direct and indirect shots (counted
over the 36 rolls, combinations through held points excluded, only from the
bar while the opponent has a checker there), made points weighted by
place, primes in front of the opponent's back checkers, anchors, home-board
strength against checkers on the bar, heavy stacks, and bearing-off progress
(checkers still on the board cost a little wastage); its weights are set by
hand. Easy and medium play by it.

The cube: medium and hard decide from the learned evaluation's winning, gammon
and backgammon chances and the match score (`EvaluatedCube`, through
`engines.backgammon.cube`: cubeful equities with the match equity table, the
Crawford and Jacoby rules, dead cubes and the 64 cap). Easy, a beginner, keeps
money-play thresholds on `win_chance` (`CubePolicy`: double from 78 %, take down
to 12 %); a cube that cannot change the match result is never offered.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from operator import mul
from typing import Final, Protocol

from engines.protocol import RandomLike

from . import cube, net
from .options import Kind
from .rules import (
    ROLL_OUTCOMES,
    Action,
    Board,
    CubeAction,
    Phase,
    Play,
    ResignAnswer,
    View,
    play_results,
)

Side = tuple[int, ...]

WIN_SCORE: Final = 12.0
"""The score of a position where the side that just moved has borne off all 15."""
_CAP: Final = WIN_SCORE - 0.5  # any position still in play scores less than a won one

# -- shots: which of the 36 rolls hit a blot at a given distance -----------------------------


def _bit(a: int, b: int) -> int:
    return 1 << ((a - 1) * 6 + (b - 1))


def _shot_table() -> tuple[tuple[tuple[int, tuple[tuple[int, ...], ...]], ...], ...]:
    """For each distance 0..24: (rolls as a 36-bit mask, paths of intermediate offsets).

    A shot with that mask hits when every intermediate point of at least one
    path is open (not held by two or more of the blot owner's checkers).
    """
    table: list[tuple[tuple[int, tuple[tuple[int, ...], ...]], ...]] = [()]
    for distance in range(1, 25):
        entries: list[tuple[int, tuple[tuple[int, ...], ...]]] = []
        if distance <= 6:
            mask = 0
            for other in range(1, 7):
                mask |= _bit(distance, other) | _bit(other, distance)
            entries.append((mask, ((),)))
        for a in range(1, 7):
            b = distance - a
            if a < b <= 6:
                entries.append((_bit(a, b) | _bit(b, a), ((a,), (b,))))
        for die in range(1, 7):
            for times in (2, 3, 4):
                if die * times == distance:
                    entries.append((_bit(die, die), (tuple(die * k for k in range(1, times)),)))
        table.append(tuple(entries))
    return tuple(table)


_SHOTS: Final = _shot_table()


def _shot_mask(blot: int, sources: Sequence[int], held: Sequence[bool]) -> int:
    """The rolls (36-bit mask) with which a checker at one of `sources` hits `blot`.

    Coordinates are the blot owner's numbering; the hitter moves upward (0 is its bar).
    """
    mask = 0
    for source in sources:
        if source >= blot:
            break
        for rolls, paths in _SHOTS[blot - source]:
            if rolls & ~mask == 0:
                continue
            for path in paths:
                if all(not held[source + step] for step in path):
                    mask |= rolls
                    break
    return mask


# -- the evaluation ----------------------------------------------------------------------------

# Value of holding each of your points 1..24 (index 0 unused): home points and the
# bar point block; 20 and 21 (the opponent's 5 and 4 points) are the best anchors.
_POINT_VALUE: Final = (
    0.0,
    0.02, 0.08, 0.14, 0.24, 0.32, 0.28,
    0.24, 0.12, 0.08, 0.05, 0.03, 0.03,
    0.02, 0.02, 0.02, 0.02, 0.03, 0.10,
    0.06, 0.20, 0.24, 0.12, 0.06, 0.03,
)  # fmt: skip
_PRIME_VALUE: Final = (0.0, 0.0, 0.03, 0.09, 0.2, 0.36, 0.6)


_WEIGHTS: Final = tuple(range(1, 26))


def _pips(side: Side) -> int:
    return sum(map(mul, _WEIGHTS, side))


def _rearmost(side: Side) -> int:
    """The highest occupied point (25 for the bar), 0 when all are off."""
    for index in range(24, -1, -1):
        if side[index]:
            return index + 1
    return 0


def _structure(me: Side, opp_back: int) -> float:
    """Made points, primes and anchors of `me`, counting blocks only in front of the
    opponent's rearmost checker (`opp_back`, in `me`'s numbering: it moves upward)."""
    value = 0.0
    run = best_run = 0
    for point in range(1, 25):
        count = me[point - 1]
        if count >= 2 and point > opp_back:
            value += _POINT_VALUE[point]
            run += 1
            if run > best_run:
                best_run = run
            if count > 3:
                value -= 0.025 * (count - 3)
        else:
            run = 0
            if count > 3:
                value -= 0.025 * (count - 3)
    return value + _PRIME_VALUE[min(best_run, 6)]


def _home_points(side: Side) -> int:
    return sum(1 for index in range(6) if side[index] >= 2)


def score(me: Side, opp: Side) -> float:
    """The position for `me`, who has just moved, with `opp` on roll: a logit of winning.

    Sides are as in `Board.points`: 25 counts in the owner's numbering, the bar last.
    """
    my_count, opp_count = sum(me), sum(opp)
    if my_count == 0:
        return WIN_SCORE + (1.0 if opp_count == 15 else 0.0)
    if opp_count == 0:
        return -WIN_SCORE - (1.0 if my_count == 15 else 0.0)
    my_pips, opp_pips = _pips(me), _pips(opp)
    my_back, opp_back_own = _rearmost(me), _rearmost(opp)
    contact = my_back + opp_back_own > 25
    # Effective pip counts: each checker left costs a little wastage; the roll is worth ~4.
    lead = (opp_pips + 2 * opp_count) - (my_pips + 2 * my_count) - 4
    scale = 1.12 / math.sqrt(my_pips + opp_pips + 2 * (my_count + opp_count) + 8)
    if not contact:
        return max(-_CAP, min(_CAP, lead * scale))
    total = 0.8 * lead * scale
    # The opponent's rearmost checker in my numbering (it moves from 0 upward), and mine in theirs.
    opp_back = 25 - opp_back_own if opp_back_own <= 24 else 0
    my_back_theirs = 25 - my_back if my_back <= 24 else 0
    total += _structure(me, opp_back) - _structure(opp, my_back_theirs)
    my_home, opp_home = _home_points(me), _home_points(opp)
    total += opp[24] * (0.05 + 0.08 * my_home) - me[24] * (0.05 + 0.08 * opp_home)
    # Blots: exact shots over the 36 rolls from every opposing checker behind them.
    held = [False] * 26
    for index in range(24):
        held[index + 1] = me[index] >= 2
    if opp[24]:
        sources: list[int] = [0]
    else:
        sources = [24 - index for index in range(23, -1, -1) if opp[index]]
    hit_cost = 0.1 + 0.1 * opp_home
    risk = 0.0
    for index in range(24):
        if me[index] == 1:
            point = index + 1
            shots = _shot_mask(point, sources, held).bit_count()
            if shots:
                risk += shots / 36 * (0.8 * scale * (25 - point) + hit_cost)
    return max(-_CAP, min(_CAP, total - risk))


def win_chance(me: Side, opp: Side) -> float:
    """The estimated chance that `me` wins, `me` having just moved and `opp` on roll."""
    value = score(me, opp)
    if value >= WIN_SCORE:
        return 1.0
    if value <= -WIN_SCORE:
        return 0.0
    return 1.0 / (1.0 + math.exp(-value))


def _sides(board: Board, player: int) -> tuple[Side, Side]:
    return board.points[player], board.points[1 - player]


# -- the cube ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class CubePolicy:
    """Thresholds on the estimated winning chance for cube decisions (money-play defaults)."""

    double_from: float = 0.68
    too_good: float = 0.88
    take_from: float = 0.24

    def decide(self, view: View) -> CubeAction:
        me, opp = _sides(view.board, view.player)
        if view.phase is Phase.RESPOND:
            chance = win_chance(me, opp)  # the doubler is on roll
            return CubeAction.TAKE if chance >= self.take_from else CubeAction.DROP
        chance = 1.0 - win_chance(opp, me)  # I am on roll
        if view.match_length and view.score[view.player] + view.cube_value >= view.match_length:
            return CubeAction.ROLL  # the cube as it stands already wins the match
        if chance < self.double_from:
            return CubeAction.ROLL
        gammon_chances = sum(opp) == 15 and any(opp[6:])  # none off, not all home
        if chance > self.too_good and gammon_chances:
            return CubeAction.ROLL  # play on for the gammon
        return CubeAction.DOUBLE


@dataclass(frozen=True)
class EvaluatedCube:
    """Cube decisions from the learned evaluation's winning, gammon and backgammon chances
    and the match score (`engines.backgammon.cube`: cubeful equities with the match
    equity table, the Crawford and Jacoby rules, dead cubes and the 64 cap)."""

    def decide(self, view: View) -> CubeAction:
        if view.turn is None:
            raise ValueError("no cube decision: nobody is on turn")
        chances = net.evaluate(view.board, view.turn)  # the doubler's, when answering
        return cube.decide(view, chances, jacoby=view.jacoby)


def answer_resignation(view: View) -> ResignAnswer:
    """Accept a resignation when it gives at least what the game would likely give.

    The likely result, from the position: a single game unless the answerer is a clear
    favourite (estimated chance 0.8 or more, by `win_chance`); then what the board
    shows — a backgammon if the resigner has borne off none and still has a checker on
    the bar or in the answerer's home board, a gammon if none off and a checker outside
    their home board, else a single game. A resignation that wins the match is accepted.
    """
    offer = view.resign_offered
    assert offer is not None
    me, opp = _sides(view.board, view.player)
    offered = _POINTS_OF[offer.kind]
    if view.match_length and (view.score[view.player] + view.cube_value * offered
                              >= view.match_length):
        return ResignAnswer.ACCEPT
    likely = Kind.SINGLE
    if 1.0 - win_chance(opp, me) >= 0.8 and sum(opp) == 15:
        if opp[24] or any(opp[18:24]):
            likely = Kind.BACKGAMMON
        elif any(opp[6:24]):
            likely = Kind.GAMMON
    return ResignAnswer.ACCEPT if offered >= _POINTS_OF[likely] else ResignAnswer.DECLINE


_POINTS_OF = {Kind.SINGLE: 1, Kind.GAMMON: 2, Kind.BACKGAMMON: 3}  # the order of results


# -- the bots ----------------------------------------------------------------------------------


Rng = RandomLike  # the random source a bot needs (`random.Random`, `secrets.SystemRandom`)


class Bot(Protocol):
    """A computer player: picks one of the view's legal actions."""

    name: str

    @property
    def level(self) -> str: ...

    def choose(self, view: View, rng: Rng) -> Action: ...


class _Levelled:
    """`level`, the protocol's name for a bot's `name`."""

    name: str

    @property
    def level(self) -> str:
        return self.name


def _check_turn(view: View) -> None:
    if not view.legal_actions:
        raise ValueError(f"player {view.player} has no decision to make in phase {view.phase}")


def _ranked(view: View) -> list[tuple[float, Play, Board]]:
    """The legal plays with their one-ply score, best first (ties in the engine's order)."""
    assert view.dice is not None
    results = play_results(view.board, view.player, view.dice)
    legal = set(view.legal_actions)
    ranked = []
    for order, (after, play) in enumerate(results.items()):
        if play in legal:
            me, opp = _sides(after, view.player)
            ranked.append((score(me, opp), order, play, after))
    ranked.sort(key=lambda item: (-item[0], item[1]))
    return [(value, play, after) for value, _order, play, after in ranked]


def _pick_best(ranked: list[tuple[float, Play, Board]], rng: Rng) -> Play:
    """The best play; equal best scores are broken by the random source."""
    best = ranked[0][0]
    tied = [play for value, play, _after in ranked if value >= best - 1e-12]
    return tied[rng.randrange(len(tied))] if len(tied) > 1 else tied[0]


@dataclass
class EasyBot(_Levelled):
    """A beginner: a random legal play most of the time, the medium choice sometimes."""

    name: str = "easy"
    skill: float = 0.25
    cube: CubePolicy = field(default_factory=lambda: CubePolicy(0.78, 0.97, 0.12))

    def choose(self, view: View, rng: Rng) -> Action:
        _check_turn(view)
        if view.phase is Phase.RESIGN:
            return answer_resignation(view)
        if view.phase in (Phase.CUBE, Phase.RESPOND):
            return self.cube.decide(view)
        actions = view.legal_actions
        if len(actions) == 1:
            return actions[0]
        if rng.random() < self.skill:
            return _pick_best(_ranked(view), rng)
        return actions[rng.randrange(len(actions))]


@dataclass
class MediumBot(_Levelled):
    """One ply: the play whose resulting position `score` rates best."""

    name: str = "medium"
    cube: EvaluatedCube | CubePolicy = field(default_factory=EvaluatedCube)

    def choose(self, view: View, rng: Rng) -> Action:
        _check_turn(view)
        if view.phase is Phase.RESIGN:
            return answer_resignation(view)
        if view.phase in (Phase.CUBE, Phase.RESPOND):
            return self.cube.decide(view)
        if len(view.legal_actions) == 1:
            return view.legal_actions[0]
        return _pick_best(_ranked(view), rng)


@dataclass
class SearchReport:
    """What the last hard decision looked at (for tests and benchmarks)."""

    plays: int = 0
    candidates: int = 0
    expanded: int = 0
    positions: int = 0
    cut_short: bool = False


@dataclass(frozen=True)
class Scored:
    """A play with its estimated value for the mover: equity (cubeless money, -3..3) and
    winning chance, and the number of plies looked at (1, or 2 when the replies were)."""

    equity: float
    win: float
    play: Play
    after: Board
    plies: int = 1


def _net_ranked(view: View) -> list[Scored]:
    """The legal plays by the learned evaluation one ply deep, best first (ties in the
    engine's order): each play's position is evaluated for the opponent, then on roll."""
    assert view.dice is not None
    player = view.player
    results = play_results(view.board, player, view.dice)
    legal = set(view.legal_actions)
    reached = [(after, play) for after, play in results.items() if play in legal]
    probs = net.probabilities(net.sides_array([after for after, _play in reached], 1 - player))
    equity = -net.equities(probs)
    order = sorted(range(len(reached)), key=lambda i: (-equity[i], i))
    return [
        Scored(float(equity[i]), float(1.0 - probs[i, 0]), reached[i][1], reached[i][0])
        for i in order
    ]


@dataclass
class HardBot(_Levelled):
    """Two plies on the learned evaluation (`engines.backgammon.net`): every legal play is
    ranked by the equity of its position; the best `max_candidates` (within `margin` of
    the best) are then each scored by the opponent's best reply to each of the 21 rolls
    (the reply that leaves me the least equity), averaged over the rolls.

    The margin is narrow (0.04 equity) on purpose: the second ply settles the plays the
    first cannot tell apart. With a wide one (0.25) it overruled the first ply too often
    and played worse against GNU Backgammon — the opponent's best reply picks out the
    network's errors (about 0.03 equity on average), which then decide the choice.

    `max_positions` bounds the positions evaluated at the second ply; a candidate
    that would run past it (or past `time_limit` seconds on an injected `clock`)
    is dropped, and the best fully searched candidate is played — at worst the
    one-ply choice.
    """

    name: str = "hard"
    max_candidates: int = 5
    margin: float = 0.04
    max_positions: int = 4000
    clock: Callable[[], float] | None = None
    time_limit: float = 0.25
    cube: EvaluatedCube | CubePolicy = field(default_factory=EvaluatedCube)
    report: SearchReport = field(default_factory=SearchReport)

    def choose(self, view: View, rng: Rng) -> Action:
        _check_turn(view)
        if view.phase is Phase.RESIGN:
            return answer_resignation(view)
        if view.phase in (Phase.CUBE, Phase.RESPOND):
            return self.cube.decide(view)
        self.report = SearchReport(plays=len(view.legal_actions))
        if len(view.legal_actions) == 1:
            return view.legal_actions[0]
        ranked = self.analyse(view)
        best = ranked[0]
        tied = [item.play for item in ranked
                if item.plies == best.plies and item.equity >= best.equity - 1e-9]
        return tied[rng.randrange(len(tied))] if len(tied) > 1 else tied[0]

    def analyse(self, view: View) -> list[Scored]:
        """All legal plays, best first: the fully searched candidates by their two-ply
        equity, then the others by their one-ply equity. Fills `report`."""
        self.report = SearchReport(plays=len(view.legal_actions))
        ranked = _net_ranked(view)
        top = ranked[0].equity
        candidates = [
            item for item in ranked[: self.max_candidates] if item.equity >= top - self.margin
        ]
        self.report.candidates = len(candidates)
        if len(candidates) == 1:
            return ranked
        deadline = None if self.clock is None else self.clock() + self.time_limit
        searched: list[Scored] = []
        used = 0
        for item in candidates:
            value = self._reply_average(item.after, view.player, self.max_positions - used,
                                        deadline)
            if value is None:
                self.report.cut_short = True
                break
            equity, win, positions = value
            used += positions
            self.report.expanded += 1
            searched.append(Scored(equity, win, item.play, item.after, plies=2))
        self.report.positions = used
        if not searched:
            return ranked
        searched.sort(key=lambda item: -item.equity)  # stable: ties keep the one-ply order
        done = {item.play for item in searched}
        return searched + [item for item in ranked if item.play not in done]

    def _reply_average(
        self, board: Board, player: int, allowance: int, deadline: float | None
    ) -> tuple[float, float, int] | None:
        """My equity and winning chance after the opponent's best reply to each roll,
        averaged over the rolls, and the positions evaluated; None when the allowance or
        the deadline runs out first."""
        if not any(board.points[player]):  # this play wins the game: nothing to answer
            probs = net.probabilities(net.sides_array((board,), 1 - player))
            return -float(net.equities(probs)[0]), 1.0, 0
        opponent = 1 - player
        replies: list[Board] = []
        spans: list[tuple[int, int, float]] = []
        for dice, weight in ROLL_OUTCOMES:
            if deadline is not None and self.clock is not None and self.clock() > deadline:
                return None
            reached = play_results(board, opponent, dice)
            if len(replies) + len(reached) > allowance:
                return None
            spans.append((len(replies), len(replies) + len(reached), float(weight)))
            replies.extend(reached)
        if deadline is not None and self.clock is not None and self.clock() > deadline:
            return None
        probs = net.probabilities(net.sides_array(replies, player))  # me on roll again
        equity = net.equities(probs)
        total_equity = total_win = 0.0
        for start, end, chance in spans:
            pick = start + int(equity[start:end].argmin())
            total_equity += chance * float(equity[pick])
            total_win += chance * float(probs[pick, 0])
        return total_equity, total_win, len(replies)


BOTS: Final = {"easy": EasyBot, "medium": MediumBot, "hard": HardBot}


def make_bot(level: str) -> Bot:
    """A bot by level name: easy, medium or hard."""
    try:
        factory = BOTS[level]
    except KeyError:
        raise ValueError(f"unknown bot level {level!r}; choose one of {', '.join(BOTS)}") from None
    return factory()


@dataclass(frozen=True)
class Hint:
    """One of the best plays a level sees, with its estimated value for the mover.

    `equity` is in points per unit cube for a money game (-3..3; the winning chance
    twice minus one when gammons are not estimated); `win` is the winning chance.
    """

    play: Play
    equity: float
    win: float


def hint(view: View, level: str = "hard", count: int = 3) -> list[Hint]:
    """The `count` best plays the bot of `level` sees in `view`, best first.

    Easy and medium rate plays with the handcrafted `score` (no gammons: the equity is
    the winning chance twice minus one). Hard shows the plays in its own order (the
    closest ones settled by its two-ply search, so its first line is the play it makes)
    with the learned evaluation's one-ply equity and winning chance of each, gammons
    included (`engines.backgammon.net`): one scale for every line.
    Only for a view where the player must move (a roll to play with a choice or not).
    """
    bot = make_bot(level)  # the level must exist
    if view.phase is not Phase.MOVE or view.dice is None:
        raise ValueError("a hint is for a roll to play")
    if isinstance(bot, HardBot):
        one_ply = {item.play: item for item in _net_ranked(view)}
        return [
            Hint(item.play, one_ply[item.play].equity, one_ply[item.play].win)
            for item in bot.analyse(view)[:count]
        ]
    lines = []
    for value, play, _after in _ranked(view)[:count]:
        if value >= WIN_SCORE:
            chance = 1.0
        elif value <= -WIN_SCORE:
            chance = 0.0
        else:
            chance = 1.0 / (1.0 + math.exp(-value))
        lines.append(Hint(play, 2.0 * chance - 1.0, chance))
    return lines

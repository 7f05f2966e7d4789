"""A turn played one checker at a time (`engines.backgammon.steps`), rules §2–§5.

The proof that the step tree offers exactly what the rules allow does not use the
tree to check itself. Read with the naive second reading in `independent` (the
checker is there, the landing point is open, a die of the roll moves it):

- for each legal play (`legal_plays`), every order of its single steps that can be
  made one after the other is accepted step by step, and makes that play;
- every way to play the roll — any steps, any order, either die first, as many dice
  as the rules demand (`independent.every_way`) — is accepted step by step, and the
  paths of offered steps, walked to their end, are exactly those ways, ending on the
  positions `play_results` lists and no others.

The first alone would miss the bug this module fixes: the play reaching 20 from 24
with 3-1 is listed once, as 24/21/20, and 24/23/20 is another way to make it.
Positions: every opening roll, and 600 random ones (300 from random games, 300
random layouts with checkers on the bar and bear-offs).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import permutations

import pytest

from engines.backgammon.rules import (
    BAR,
    OFF,
    R_BAR_FIRST,
    R_BOTH_DICE,
    R_DOUBLES,
    R_HIGHER_DIE,
    R_HIT,
    R_LARGER_DIE,
    R_ONE_DIE,
    Board,
    Dice,
    GameState,
    Play,
    RuleError,
    Step,
    legal_plays,
    play_results,
)
from engines.backgammon.steps import (
    StepTree,
    is_complete,
    next_steps,
    play_of,
    step_tree,
)

from . import independent
from .positions import Position, position, random_positions

OPENING_ROLLS = [Dice(high, low) for high in range(1, 7) for low in range(1, high + 1)]


# -- positions --------------------------------------------------------------------------------

OPENINGS: list[Position] = [(Board.initial(), 0, dice) for dice in OPENING_ROLLS]


@pytest.fixture(scope="module")
def randoms() -> list[Position]:
    return random_positions(600, seed=2024)


# -- the independent reading ------------------------------------------------------------------

def _sides(board: Board, player: int) -> tuple[list[int], list[int]]:
    return list(board.points[player]), list(board.points[1 - player])


def playable(me: list[int], opp: list[int], dice: tuple[int, ...], frm: int, to: int
             ) -> Iterator[tuple[bool, tuple[int, ...]]]:
    """Each way a die left moves a checker from `frm` to `to`: (hit, the dice then left)."""
    for die in sorted(set(dice)):
        landing = independent._can_step(me, opp, frm, die)
        if landing is not None and landing[0] == to:
            rest = list(dice)
            rest.remove(die)
            yield landing[1], tuple(rest)


def orderings(board: Board, player: int, dice: Dice, play: Play) -> list[list[Step]]:
    """Every order of the play's single steps that can be made one after the other, each
    step with the hit it makes at that moment."""
    moves = [(step.from_point, step.to_point) for step in play.steps]
    found: set[tuple[Step, ...]] = set()

    def go(me: list[int], opp: list[int], left: tuple[int, ...], order: tuple, done: tuple
           ) -> None:
        if not order:
            found.add(done)
            return
        frm, to = order[0]
        for hit, rest in playable(me, opp, left, frm, to):
            me2, opp2 = independent._made(me, opp, frm, to, hit)
            go(me2, opp2, rest, order[1:], (*done, Step(frm, to, hit)))

    me, opp = _sides(board, player)
    for order in set(permutations(moves)):
        go(me, opp, dice.moves, order, ())
    return [list(steps) for steps in sorted(found, key=lambda s: [x.sort_key() for x in s])]


def offered_paths(tree: StepTree) -> Iterator[list[Step]]:
    """Every path of offered steps, walked until nothing more is offered."""
    stack: list[list[Step]] = [[]]
    while stack:
        taken = stack.pop()
        following = tree.next_steps(taken)
        if not following:
            yield taken
        for step in following:
            stack.append([*taken, step])


# -- must show: every order of every legal play, and nothing else -------------------------------

def check_every_order_is_offered(positions: list[Position]) -> int:
    checked = 0
    for board, player, dice in positions:
        tree = StepTree(board, player, dice)
        for play in legal_plays(board, player, dice):
            ways = orderings(board, player, dice, play)
            assert ways, f"{play} cannot be made step by step"
            for steps in ways:
                for i, step in enumerate(steps):
                    assert step in tree.next_steps(steps[:i]), (board, player, dice, steps)
                assert tree.next_steps(steps) == []
                assert tree.is_complete(steps)
                assert tree.play_of(steps) == play
                checked += 1
    return checked


def check_nothing_else_is_offered(positions: list[Position]) -> int:
    walked = 0
    for board, player, dice in positions:
        tree = StepTree(board, player, dice)
        reached = set()
        longest = max(len(play) for play in legal_plays(board, player, dice))
        for taken in offered_paths(tree):
            me, opp = _sides(board, player)
            lefts = {dice.moves}
            for step in taken:  # each offered step can be made, its hit marked as it happens
                ways = [way for left in lefts
                        for way in playable(me, opp, left, step.from_point, step.to_point)]
                assert ways and all(hit == step.hit for hit, _rest in ways), (board, taken)
                me, opp = independent._made(me, opp, step.from_point, step.to_point, step.hit)
                lefts = {rest for _hit, rest in ways}
            assert len(taken) == longest and tree.is_complete(taken), (board, dice, taken)
            after = Board._trusted((tuple(me), tuple(opp)) if player == 0
                                   else (tuple(opp), tuple(me)))
            assert tree.board_after(taken) == after
            reached.add(after)
            walked += 1
        expected = independent.results(board.points[player], board.points[1 - player],
                                       dice.high, dice.low)
        assert {(b.points[player], b.points[1 - player]) for b in reached} == expected
        assert reached == set(play_results(board, player, dice))
    return walked


def check_every_way_and_only_those(positions: list[Position]) -> int:
    """Every way to play the roll (any steps, any order, either die first) is accepted
    step by step and makes the legal play of its position; the offered paths are exactly
    those ways."""
    checked = 0
    for board, player, dice in positions:
        tree = StepTree(board, player, dice)
        results = play_results(board, player, dice)
        ways = independent.every_way(board, player, dice)
        for way in ways:
            for i, step in enumerate(way):
                assert step in tree.next_steps(way[:i]), (board, player, dice, way)
            assert tree.is_complete(way)
            assert tree.play_of(way) == results[tree.board_after(way)]
            checked += 1
        assert {tuple(path) for path in offered_paths(tree)} == ways
    return checked


def test_every_opening_roll_offers_every_order_of_every_legal_play() -> None:
    assert check_every_order_is_offered(OPENINGS) > 21


def test_every_opening_roll_offers_every_way_to_play_it_and_nothing_else() -> None:
    assert check_every_way_and_only_those(OPENINGS) > check_every_order_is_offered(OPENINGS)
    assert check_nothing_else_is_offered(OPENINGS) > 21


def test_the_random_positions_are_varied(randoms: list[Position]) -> None:
    assert len(randoms) == 600
    assert sum(1 for _b, _p, d in randoms if not d.is_double) > 400
    assert sum(1 for b, p, _d in randoms if b.bar(p)) > 50
    assert sum(1 for b, p, _d in randoms if b.all_home(p)) > 50
    assert sum(1 for b, p, d in randoms if len(play_results(b, p, d)) == 1) > 20


def test_random_positions_offer_every_order_of_every_legal_play(
        randoms: list[Position]) -> None:
    check_every_order_is_offered(randoms)


def test_random_positions_offer_every_way_to_play_and_nothing_else(
        randoms: list[Position]) -> None:
    check_every_way_and_only_those(randoms)
    check_nothing_else_is_offered(randoms)


# -- the rules, one sentence a test -------------------------------------------------------------

def texts(steps: list[Step]) -> list[str]:
    return [str(step) for step in steps]


def test_after_the_opening_3_1_a_checker_moved_24_23_may_go_on_to_20() -> None:
    start = Board.initial()
    assert "23/20" in texts(next_steps(start, 0, (3, 1), [Step(24, 23)]))
    assert "21/20" in texts(next_steps(start, 0, (3, 1), [Step(24, 21)]))
    assert play_of(start, 0, (3, 1), [Step(24, 23), Step(23, 20)]) == Play.parse("24/21/20")


def test_after_6_5_13_8_may_go_on_to_2_and_either_die_may_come_first() -> None:
    start = Board.initial()
    assert "8/2" in texts(next_steps(start, 0, (6, 5), [Step(13, 8)]))
    assert "7/2" in texts(next_steps(start, 0, (5, 6), [Step(13, 7)]))
    assert is_complete(start, 0, (6, 5), [Step(13, 8), Step(8, 2)])


def test_both_dice_must_be_played_so_a_step_after_which_they_cannot_is_refused() -> None:
    # 3-1 with checkers on 9 and 8, their points on our 5 and 11: 9/8 can be made, but
    # then no 3 can be (8/5 is closed), while 9/6 8/7 and 8/7/4 play both dice.
    board = position({9: 1, 8: 1, 1: 13}, {20: 2, 14: 2, 12: 11})
    tree = step_tree(board, 0, (3, 1))
    assert texts(tree.next_steps()) == ["9/6", "8/7"]
    assert texts(tree.next_steps([Step(8, 7)])) == ["9/6", "7/4"]
    with pytest.raises(RuleError) as refused:
        tree.next_steps([Step(9, 8)])
    assert refused.value.rule == R_BOTH_DICE and "9/8" in str(refused.value)


def test_if_only_one_die_can_be_played_it_is_the_larger() -> None:
    # 4-2 with one checker on 9 and their point on our 3: 9/5 and 9/7 can each be made,
    # but the other die never can after them (5/3 and 7/3 are closed): so the 4, 9/5.
    board = position({9: 1, 1: 14}, {22: 2, 12: 13})
    tree = step_tree(board, 0, (4, 2))
    assert tree.most == 1
    assert texts(tree.next_steps()) == ["9/5"]
    with pytest.raises(RuleError) as refused:
        tree.next_steps([Step(9, 7)])
    assert refused.value.rule == R_LARGER_DIE and "9/7" in str(refused.value)
    assert tree.is_complete([Step(9, 5)])


def test_doubles_are_played_as_many_times_as_possible() -> None:
    # 6-6 from the start: four steps, in any order, and a fifth is refused.
    start = Board.initial()
    taken = [Step(24, 18), Step(13, 7), Step(24, 18), Step(13, 7)]
    assert is_complete(start, 0, (6, 6), taken)
    assert play_of(start, 0, (6, 6), taken) == Play.parse("24/18(2) 13/7(2)")
    with pytest.raises(RuleError) as refused:
        next_steps(start, 0, (6, 6), [*taken, Step(8, 2)])
    assert refused.value.rule == R_DOUBLES and "8/2" in str(refused.value)
    # Only two 6s can be played: 24/18 twice; 18/12 is closed, and 6/off is not allowed.
    board = position({24: 2, 6: 13}, {13: 2, 2: 13})
    tree = step_tree(board, 0, (6, 6))
    assert tree.most == 2 and texts(tree.next_steps()) == ["24/18"]
    assert texts(tree.next_steps([Step(24, 18)])) == ["24/18"]


def test_a_checker_on_the_bar_enters_first_and_a_hit_on_the_way_is_marked() -> None:
    # Their blot on our 22 (their 3): bar/22* hits it; then 22/21 or another step.
    board = position({25: 1, 13: 5, 8: 3, 6: 5, 24: 1}, {3: 1, 24: 2, 13: 5, 8: 3, 6: 4})
    tree = step_tree(board, 0, (3, 1))
    assert texts(tree.next_steps()) == ["bar/22*", "bar/24"]
    with pytest.raises(RuleError) as refused:
        tree.next_steps([Step(13, 10)])
    assert refused.value.rule == R_BAR_FIRST
    assert "22/21" in texts(tree.next_steps([Step(BAR, 22, True)]))
    after = tree.board_after([Step(BAR, 22, True)])
    assert after.bar(1) == 1
    with pytest.raises(RuleError) as refused:
        tree.next_steps([Step(BAR, 22)])  # the hit must be marked: it happens
    assert refused.value.rule == R_HIT


def test_a_hit_in_the_middle_of_a_checkers_way_is_offered_and_marked() -> None:
    # Their blot on our 21: 24/21* then 21/20, or 24/23 then 23/20 (passing it by).
    board = position({24: 2, 13: 5, 8: 3, 6: 5}, {4: 1, 24: 1, 13: 5, 8: 3, 6: 5})
    tree = step_tree(board, 0, (3, 1))
    assert "24/21*" in texts(tree.next_steps())
    assert "21/20" in texts(tree.next_steps([Step(24, 21, True)]))
    assert "23/20" in texts(tree.next_steps([Step(24, 23)]))
    assert tree.play_of([Step(24, 21, True), Step(21, 20)]) == Play.parse("24/21*/20")


def test_bearing_off_with_a_higher_die_only_from_the_highest_point() -> None:
    board = position({5: 1, 3: 2}, {19: 15})
    tree = step_tree(board, 0, (6, 4))
    offered = texts(tree.next_steps())
    assert "5/off" in offered and "3/off" not in offered  # 3/off needs the 6: 5 is higher
    assert "5/1" in offered
    assert "3/off" in texts(tree.next_steps([Step(5, OFF)]))  # then 3 is the highest
    with pytest.raises(RuleError) as refused:
        tree.next_steps([Step(3, OFF)])
    assert refused.value.rule == R_HIGHER_DIE


def test_a_bear_off_either_die_could_make_keeps_both_ways_open() -> None:
    # 4/off with the 6 or the 5; then the other die bears off from 2 (5 or 6 > 2: highest).
    board = position({4: 1, 2: 1}, {19: 15})
    tree = step_tree(board, 0, (6, 5))
    assert texts(tree.next_steps([Step(4, OFF)])) == ["2/off"]
    assert tree.dice_left([Step(4, OFF)]) == [6]  # counted as the smaller die that fits
    assert tree.is_complete([Step(4, OFF), Step(2, OFF)])


def test_no_legal_move_is_complete_at_once() -> None:
    board = position({25: 2, 13: 13}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3})
    tree = step_tree(board, 0, (6, 6))
    assert tree.next_steps() == [] and tree.is_complete([]) and tree.forced
    assert tree.play_of([]) == Play.none()


def test_a_play_not_finished_is_not_complete_and_has_no_play_yet() -> None:
    tree = step_tree(Board.initial(), 0, (3, 1))
    assert not tree.is_complete([Step(8, 5)])
    with pytest.raises(RuleError):
        tree.play_of([Step(8, 5)])
    assert tree.dice_left([Step(8, 5)]) == [1]
    assert tree.dice_left([]) == [3, 1]


def test_the_play_of_the_steps_is_the_games_own_and_the_game_accepts_it() -> None:
    state = GameState.from_position(Board.initial(), 0, dice=(3, 1))
    play = play_of(state.board, 0, state.dice, [Step(24, 23), Step(23, 20)])  # type: ignore[arg-type]
    assert play in state.legal_actions()
    state.apply(play)
    assert state.turn == 1


def test_a_step_not_legal_is_refused_naming_it() -> None:
    start = Board.initial()
    for taken, named, rule in (
        ([Step(24, 20)], "24/20", R_ONE_DIE),  # no die shows 4
        ([Step(8, 5), Step(8, 5)], "8/5", R_ONE_DIE),  # the 3 is used
        ([Step(8, 5), Step(6, 5), Step(6, 5)], "6/5", R_ONE_DIE),  # the turn is complete
        ([Step(24, 21, True)], "24/21*", R_HIT),  # nothing to hit
    ):
        with pytest.raises(RuleError) as refused:
            next_steps(start, 0, (3, 1), taken)
        assert refused.value.rule == rule and named in str(refused.value)


def test_step_text_round_trips_and_reads_what_players_write(randoms: list[Position]) -> None:
    for board, player, dice in OPENINGS + randoms:
        for step in next_steps(board, player, dice):
            assert Step.parse(str(step)) == step
    assert Step.parse("bar/22*") == Step(BAR, 22, True)
    assert Step.parse("6/off") == Step(6, OFF)
    for bad in ("24/20/16", "24/23(2)", "", "24", "off/3"):
        with pytest.raises(RuleError):
            Step.parse(bad)
    board = position({25: 1, 13: 5, 8: 3, 6: 5, 24: 1}, {3: 1, 24: 2, 13: 5, 8: 3, 6: 4})
    tree = step_tree(board, 0, (3, 1))
    assert tree.read(["bar/22", "22/21"]) == [Step(BAR, 22, True), Step(22, 21)]  # * optional


def test_the_tree_is_kept_for_the_same_board_and_roll() -> None:
    start = Board.initial()
    assert step_tree(start, 0, (3, 1)) is step_tree(start, 0, Dice(1, 3))
    assert step_tree(start, 0, (3, 1)) is not step_tree(start, 1, (3, 1))

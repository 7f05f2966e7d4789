"""The game's quick paths give what the plain rules give.

`GameState` keeps the legal plays of a roll as step codes with the positions they
reach, makes the `Play` objects only when they are listed, builds the board only for
the play made, and applies a listed play or a roll without the general checks. Plays
the rules make hold their step codes and make their steps when first asked. Here, on
random positions and whole random games: the listed plays are `legal_plays` (same
order, same steps and hit marks), each reaches the board `play_results` gives, any
equal play (written out, parsed, rebuilt from its steps, pickled) is accepted and
recorded as the listed one, and a play that is not listed is refused naming its rule,
changing nothing (or, reaching a listed play's position, taken as that play).
"""

from __future__ import annotations

import copy
import pickle
import random

from engines.backgammon.options import GameOptions
from engines.backgammon.rules import (
    Board,
    Dice,
    GameState,
    Phase,
    Play,
    RuleError,
    Step,
    legal_plays,
    play_results,
)
from engines.protocol import CHANCE

from .positions import random_positions

OPTIONS = GameOptions.classic(cube=False)


def _state_at(board: Board, player: int, dice: Dice) -> GameState:
    return GameState.from_position(board, player, OPTIONS, dice=dice)


def _raw(play: Play) -> list[tuple[int, int, bool]]:
    return [(step.from_point, step.to_point, step.hit) for step in play.steps]


def test_listed_plays_are_the_legal_plays_and_reach_their_boards() -> None:
    for board, player, dice in random_positions(1_500, 21):
        state = _state_at(board, player, dice)
        listed = state.legal_actions()
        results = play_results(board, player, dice)
        assert listed == legal_plays(board, player, dice) == list(results.values())
        assert [_raw(play) for play in listed] == [_raw(play) for play in results.values()]
        assert [str(play) for play in listed] == [str(play) for play in results.values()]
        assert listed is not state.legal_actions()  # a fresh list each time
        for (after, expected), play in zip(results.items(), listed, strict=True):
            assert hash(play) == hash(expected)
            trial = state.clone()
            trial.apply(play)
            assert trial.board == after
            assert trial.history[-1] == (player, expected)
        assert state.board == board and state.phase is Phase.MOVE  # clones only


def test_an_equal_play_made_another_way_is_accepted_as_the_listed_one() -> None:
    rng = random.Random(22)
    for board, player, dice in random_positions(400, 23):
        state = _state_at(board, player, dice)
        listed = state.legal_actions()
        play = listed[rng.randrange(len(listed))]
        board_of = {legal: after for after, legal in play_results(board, player, dice).items()}
        rebuilt = Play(tuple(Step(s.from_point, s.to_point, s.hit) for s in reversed(play.steps)))
        for other in (rebuilt, Play.parse(str(play)), pickle.loads(pickle.dumps(play)),
                      copy.deepcopy(play), str(play)):
            trial = state.clone()
            assert trial.why_illegal(player, other) is None
            trial.apply(other, seat=player)
            assert trial.board == board_of[play]
            assert trial.history[-1] == (player, play)
        assert {rebuilt: 1}[play] == 1 and rebuilt == play and hash(rebuilt) == hash(play)


def test_a_play_not_listed_is_refused_naming_its_rule_and_changes_nothing() -> None:
    """Unless it reaches the position of a listed play (a bear-off written another way):
    then, as before, it is taken as that play."""
    rng = random.Random(24)
    refused = taken = 0
    for board, player, dice in random_positions(600, 25):
        state = _state_at(board, player, dice)
        listed = set(state.legal_actions())
        results = play_results(board, player, dice)
        other = Dice(rng.randint(1, 6), rng.randint(1, 6))
        foreign = [p for p in legal_plays(board, player, other) if p not in listed]
        for play in foreign[:3]:
            before = (state.board, state.phase, state.turn, state.dice, len(state.history))
            trial = state.clone()
            try:
                trial.apply(play)
            except RuleError as error:
                assert error.rule
                assert state.why_illegal(player, play) is not None
                assert (trial.board, trial.phase, trial.turn, trial.dice,
                        len(trial.history)) == before
                assert trial.legal_actions() == legal_plays(board, player, dice)
                refused += 1
            else:
                assert trial.board in results
                assert trial.history[-1] == (player, results[trial.board])
                assert state.why_illegal(player, play) is None
                taken += 1
    assert refused > 300 and taken < refused // 20


def test_whole_random_games_match_the_plain_rules_turn_by_turn() -> None:
    rng = random.Random(26)
    for _ in range(40):
        state = GameState(OPTIONS)
        while not state.is_over:
            if state.is_chance:
                assert state.current_player == CHANCE
                state.apply(state.sample_chance(rng))
                continue
            assert state.turn is not None and state.dice is not None
            results = play_results(state.board, state.turn, state.dice)
            listed = state.legal_actions()
            assert listed == list(results.values())
            pick = rng.randrange(len(listed))
            state.apply(listed[pick])
            assert state.board == list(results)[pick]
        assert state.returns() != (0, 0)

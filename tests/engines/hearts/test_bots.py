"""The Bidel bots: legal choices only, what each level does, and what they may know."""

from __future__ import annotations

import random

import pytest

from engines.cards.cards import Card
from engines.hearts.bots import LEVELS, Bot, EasyBot, HardBot, MediumBot, make_bot
from engines.hearts.options import HeartsOptions, Moon, PassOrder
from engines.hearts.rules import GameState, Pass, Phase

VARIANTS = [
    HeartsOptions(),
    HeartsOptions(players=3),
    HeartsOptions(players=5, moon=Moon.SHOOTER_SUBTRACTS),
    HeartsOptions(jack_of_diamonds=True, first_trick_points=True),
    HeartsOptions(pass_order=PassOrder.LEFT_FIRST, players=3, first_trick_points=True),
]


def play_hand_with(bots: list[Bot], state: GameState, rng: random.Random) -> None:
    """Deal and play one hand with `bots`, checking every action they return is legal."""
    state.apply(state.sample_chance(rng))
    number = state.hand_number
    while not state.is_over and state.hand_number == number:
        seat = state.current_player
        assert seat is not None and seat >= 0
        view = state.view(seat)
        action = bots[seat].choose(view, rng)
        if view.phase is Phase.PASS:
            assert isinstance(action, Pass)
            assert len(set(action.cards)) == 3
            assert set(action.cards) <= set(view.hand)
        else:
            assert isinstance(action, Card)
            assert action in view.legal
        state.apply(action)


def test_make_bot_knows_the_three_levels() -> None:
    assert LEVELS == ("easy", "medium", "hard")
    assert isinstance(make_bot("easy"), EasyBot)
    assert isinstance(make_bot("medium"), MediumBot)
    assert isinstance(make_bot("hard"), HardBot)
    with pytest.raises(ValueError, match="easy, medium, hard"):
        make_bot("grandmaster")


@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: f"{o.players}p")
@pytest.mark.parametrize("level", ["easy", "medium"])
def test_every_level_passes_and_plays_only_legal_actions(level: str,
                                                         options: HeartsOptions) -> None:
    rng = random.Random(7)
    state = GameState(options)
    bots = [make_bot(level) for _ in range(options.players)]
    for _hand in range(5):  # every pass direction, and no pass
        if state.is_over:
            state = GameState(options)
        play_hand_with(bots, state, rng)

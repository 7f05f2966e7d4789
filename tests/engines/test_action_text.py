"""Each engine's actions as text (`action_text`, `parse_action`): the forms on examples, and
the actions the conformance suite's random games never reach (a backgammon resignation and
its answer, Debertz's bella by hand, Dobbm's host actions, which `read_host` reads)."""

from __future__ import annotations

import random

import pytest

from engines.backgammon.options import GameOptions
from engines.backgammon.rules import (
    CubeAction,
    Dice,
    GameState,
    OpeningRoll,
    Phase,
    Play,
    Resign,
    ResignAnswer,
)
from engines.cards.cards import Card
from engines.cards.german import GermanCard
from engines.debertz.options import DebertzOptions
from engines.debertz.rules import Bid, Say
from engines.dobbm.options import DobbmOptions
from engines.dobbm.rules import WRONG_DISCARDS, Call, Discard, read_host, revoke
from engines.errors import BrokenRule
from engines.hearts.rules import Pass
from engines.protocol import CHANCE, State
from engines.registry import game
from tests.engines.test_conformance import check_texts


def round_trip(state: State, action: object, text: str) -> None:
    assert state.action_text(action) == text
    assert state.parse_action(text) == action


def refused(state: State, text: str, named: str) -> None:
    with pytest.raises(BrokenRule) as caught:
        state.parse_action(text)
    assert caught.value.rule and named in str(caught.value)


# -- Takhteh Nard --------------------------------------------------------------------------------


def test_takhteh_nard_writes_rolls_cube_words_and_plays_in_standard_notation() -> None:
    state = GameState(GameOptions.classic(5))
    round_trip(state, OpeningRoll(3, 1), "3:1")
    state.apply("3:1")
    round_trip(state, Play.parse("8/5 6/5"), "8/5 6/5")
    shorthand = state.parse_action("24/20")  # one checker by both dice, the steps read out
    assert shorthand in state.legal_actions()
    assert state.parse_action(state.action_text(shorthand)) == shorthand
    refused(state, "24/18", "24/18")  # not a play of 3-1
    refused(state, "24/", "24/")
    state.apply("8/5 6/5")
    round_trip(state, CubeAction.DOUBLE, "double")
    state.apply("roll")
    round_trip(state, Dice(6, 5), "6-5")
    refused(state, "6-7", "7")
    refused(state, "six five", "six five")


def test_takhteh_nard_resignations_and_their_answers_are_written_and_read_back() -> None:
    rng = random.Random(11)
    state = GameState(GameOptions.classic())
    phases = set()
    while not state.is_over and len(phases) < 3:
        seat = state.turn
        offers = state.resign_offers(seat) if seat is not None else []
        if offers:
            phases.add(state.phase)
            check_texts(state, offers, rng)
            assert state.action_text(Resign("gammon")) == "resign gammon"
        if state.phase is Phase.MOVE and rng.random() < 0.2:
            state.apply(offers[0])
            assert state.legal_actions() == [ResignAnswer.ACCEPT, ResignAnswer.DECLINE]
            check_texts(state, state.legal_actions(), rng)
            state.apply(state.parse_action("decline"))
            continue
        if state.current_player == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
    assert phases == {Phase.CUBE, Phase.ROLL, Phase.MOVE}  # before the roll too


# -- the card games ------------------------------------------------------------------------------


def at_first_decision(key: str, options: object = None, seed: int = 1) -> State:
    entry = game(key)
    state = entry.new_state(options or entry.defaults, random.Random(seed))
    state.apply(state.sample_chance(random.Random(seed)))
    return state


def test_bidel_writes_cards_and_passes() -> None:
    state = at_first_decision("hearts")
    pass_ = Pass.of("2C 3C 4C")
    round_trip(state, pass_, "pass 2C 3C 4C")
    assert state.parse_action("2c 3c 4c") == pass_  # passing, three cards are a pass
    assert state.action_text(Card.parse("10H")) == "TH"
    refused(state, "", "no action")
    refused(state, "pass 2C 1C 4C", "1C")


def test_debertz_writes_bids_words_and_cards() -> None:
    state = at_first_decision("debertz")
    round_trip(state, Bid("play"), "play")
    round_trip(state, Bid.naming("H"), "name H")
    round_trip(state, Card.parse("JH"), "JH")
    round_trip(state, Say.SWAP, "swap")
    refused(state, "name X", "X")


def test_debertz_bella_by_hand_is_written_and_read_back() -> None:
    options = DebertzOptions(players=2, bella_announce="manual")
    rng = random.Random(3)
    found = 0
    for _ in range(40):
        state = game("debertz").new_state(options, rng)
        while not state.is_over and found < 3:
            if state.current_player == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            legal = state.legal_actions()
            if Say.BELLA in legal:
                found += 1
                check_texts(state, legal, rng)
                assert state.action_text(Say.BELLA) == "bella"
            state.apply(legal[rng.randrange(len(legal))])
    assert found == 3


def test_dobbm_writes_calls_discards_and_german_cards_and_the_host_its_own() -> None:
    state = at_first_decision("dobbm", DobbmOptions(record_irregularities=True))
    round_trip(state, Call.SCHWACHER, "schwacher")
    discard = Discard(tuple(GermanCard.parse(t) for t in ("7H", "8L", "9A", "6B")))
    round_trip(state, discard, "discard 7H 8L 9A 6B")
    round_trip(state, GermanCard.parse("OL"), "OL")
    refused(state, "discard 7H 7H 9A 6B", "twice")
    refused(state, "QS", "QS")  # a French card
    for host in (*state.host_actions(), revoke(2), WRONG_DISCARDS):  # read by read_host
        assert read_host(str(host)) == host
        with pytest.raises(BrokenRule):  # not a seat's action
            state.action_text(host)

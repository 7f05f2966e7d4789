"""Properties over more than 10,000 random deals with 2, 3 and 4 players (issue 14, must
show 3), with the options drawn at random game by game.

Checked against small re-implementations written here from the rules file, not with
the engine's own functions:

- every card is dealt exactly once, and after the completion every card is in one hand,
  the stock or the turned card;
- every play obeys §9 (the engine's legal cards are exactly those the obligations allow);
- with 4 players the card points plus the last trick make 162; with 2 and 3 the sides'
  card points are the points of the cards played, plus 10 for the last trick, and no
  card out of play appears in a trick;
- the score lines follow §10 (the deal total's parts, the contract, bait and its share,
  hanging amounts carried and collected, the bait penalty, skis, the cumulative score).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from engines.cards.cards import Card, Suit
from engines.debertz.options import DebertzOptions
from engines.debertz.rules import CHANCE, DECK, GameState, Phase, Say

DEALS = {2: 4000, 3: 3200, 4: 3200}  # played deals by player count: 10,400 in all

PLAIN = ["7", "8", "9", "J", "Q", "K", "T", "A"]  # low to high (§2.2)
TRUMP = ["7", "8", "Q", "K", "T", "A", "9", "J"]
PLAIN_POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}
TRUMP_POINTS = {"J": 20, "9": 14, "A": 11, "T": 10, "K": 4, "Q": 3}


def points(card: Card, trump: Suit) -> int:
    table = TRUMP_POINTS if card.suit is trump else PLAIN_POINTS
    return table.get(card.rank_letter, 0)


def power(card: Card, trump: Suit) -> int:
    return (100 + TRUMP.index(card.rank_letter)) if card.suit is trump \
        else PLAIN.index(card.rank_letter)


def best_so_far(plays: Sequence[tuple[int, Card]], trump: Suit) -> tuple[int, Card]:
    """The play winning so far: the first trump beats any plain card; within a suit the
    higher card."""
    best = plays[0]
    for seat, card in plays[1:]:
        ruffs = card.suit is trump and best[1].suit is not trump
        higher = card.suit is best[1].suit and power(card, trump) > power(best[1], trump)
        if ruffs or higher:
            best = (seat, card)
    return best


def allowed(hand: Sequence[Card], plays: Sequence[tuple[int, Card]], seat: int, trump: Suit,
            options: DebertzOptions) -> set[Card]:
    """§9.3–9.5 written afresh: follow; else trump; overtrump a trump lead (and, with the
    option, a ruff) when the best trump is an opponent's (or always, with the option)."""
    if not plays:
        return set(hand)
    led = plays[0][1].suit
    best_seat, best = best_so_far(plays, trump)
    partner_best = options.partnerships and best_seat % 2 == seat % 2
    must_beat = not partner_best or options.overtrump_partner
    follow = [c for c in hand if c.suit is led]
    if follow:
        if led is trump and must_beat:
            higher = [c for c in follow if power(c, trump) > power(best, trump)]
            if higher:
                return set(higher)
        return set(follow)
    trumps = [c for c in hand if c.suit is trump]
    if trumps:
        if options.overtrump_on_ruff and best.suit is trump and must_beat:
            higher = [c for c in trumps if power(c, trump) > power(best, trump)]
            if higher:
                return set(higher)
        return set(trumps)
    return set(hand)


def random_options(players: int, rng: random.Random) -> DebertzOptions:
    def pick(*values: Any) -> Any:
        return values[rng.randrange(len(values))]

    return DebertzOptions(
        players=players,
        four_player_individual=players == 4 and rng.random() < 0.3,
        target=pick(0, 301, 1001),
        order_obligatory=pick(True, False),
        turned_card_to=pick("declarer", "dealer"),
        reveal_timing=pick("before_play", "after_first_trick"),
        seven_swap=pick("any_player", "declarer_only", "off"),
        weak_hand_redeal=pick("all", "four_individual_only", "off"),
        five_card_value=pick(50, 100),
        sotnya=pick(True, False),
        debertz=rng.random() < 0.8,
        debertz_min_length=pick(7, 8),
        debertz_suit=pick("any", "trump_only"),
        tie_break=pick("last_trick", "turn", "suit"),
        bella_announce=pick("auto", "manual"),
        first_lead=pick("first_speaker", "declarer"),
        overtrump_partner=pick(True, False),
        overtrump_on_ruff=pick(True, False),
        winner_takes_all=pick(True, False),
        bait_3p_recipient=pick("highest", "split"),
        bait_penalty=pick("from_third", "every_third", "off"),
        hanging_separately=pick(True, False),
        ski_penalty=pick(True, False),
    )


class Ledger:
    """The game's scores, baits and hanging amounts kept by the test from §10."""

    def __init__(self, sides: int) -> None:
        self.scores = [0] * sides
        self.baits = [0] * sides
        self.pending: list[int] = []

    def check(self, options: DebertzOptions, result: Any, tricks: Sequence[Any],
              last_side: int) -> None:
        lines = result.lines
        sides = options.sides
        assert len(lines) == sides
        totals = []
        for line in lines:
            assert line.total == line.card_points + line.last_trick + line.runs + line.bella
            assert line.last_trick == (10 if line.side == last_side else 0)
            assert line.bella in (0, 20)
            won = sum(1 for t in tricks if options.side_of(t.winner) == line.side)
            assert line.tricks == won
            totals.append(line.total)
        assert sum(1 for line in lines if line.runs) <= 1
        assert sum(1 for line in lines if line.bella) <= 1
        declarer = options.side_of(result.declarer)
        assert [line.declarer for line in lines] == [s == declarer for s in range(sides)]
        mine = totals[declarer]
        best = max(t for s, t in enumerate(totals) if s != declarer)
        due = (self.pending[:1] if options.hanging_separately else list(self.pending))
        opponents = [s for s in range(sides) if s != declarer]
        if len(opponents) > 1 and options.bait_3p_recipient == "highest":
            top = max(totals[s] for s in opponents)
            takers = [s for s in opponents if totals[s] == top]
        else:
            takers = opponents
        for line in lines:
            s = line.side
            if mine > best:
                assert result.outcome == "made"
                if options.winner_takes_all:
                    assert line.kept == (sum(totals) if s == declarer else 0)
                else:
                    assert line.kept == line.total
                assert line.bait == 0
                assert line.collected == (sum(due) if s == declarer else 0)
            elif mine < best:
                assert result.outcome == "bait"
                assert line.kept == (0 if s == declarer else line.total)
                share = mine // len(takers) if s in takers else 0
                assert line.bait == share
                assert line.collected == (sum(due) // len(takers) if s in takers else 0)
            else:
                assert result.outcome == "hanging"
                assert line.kept == (0 if s == declarer else line.total)
                assert line.bait == line.collected == 0
        if result.outcome == "bait":
            self.baits[declarer] += 1
        count = self.baits[declarer]
        for line in lines:
            third = result.outcome == "bait" and line.side == declarer and (
                (options.bait_penalty == "from_third" and count >= 3)
                or (options.bait_penalty == "every_third" and count % 3 == 0))
            assert line.penalty == (-100 if third else 0)
            ski = (-100 if options.partnerships else -50) if options.ski_penalty else 0
            assert line.ski == (ski if line.tricks == 0 else 0)
            assert line.points == line.kept + line.bait + line.collected + line.penalty + \
                line.ski
            self.scores[line.side] += line.points
            assert line.score == self.scores[line.side]
        if result.outcome == "hanging":
            self.pending.append(mine)
        else:
            self.pending = self.pending[len(due):]
        if max(self.scores) >= options.goal and self.scores.count(max(self.scores)) == 1:
            self.pending = []
        assert list(result.pending) == self.pending


def play_deals(players: int, wanted: int, seed: int) -> int:
    rng = random.Random(seed)
    played = 0
    while played < wanted:
        options = random_options(players, rng)
        state = GameState(options)
        ledger = Ledger(options.sides)
        out_of_play: set[Card] = set()
        plays_checked = 0
        while not state.is_over and played < wanted:
            player = state.current_player
            if player == CHANCE:
                deal = state.sample_chance(rng)
                assert sorted(deal.all_cards()) == list(DECK)  # every card dealt once
                assert all(len(h) == 6 for h in deal.hands) and len(deal.turned) == 1
                state.apply(deal)
                continue
            assert player is not None
            legal = state.legal_actions()
            if state.phase is Phase.PLAY:
                if not state.tricks and not state.trick and plays_checked == 0:
                    everything = [c for h in state.hands for c in h] + list(state.stock)
                    everything += [state.turned] if state.turned is not None else []
                    assert sorted(everything) == list(DECK)
                    assert {len(h) for h in state.hands} == {options.hand_size}
                    out_of_play = set(state.stock) | ({state.turned} if state.turned else set())
                    if players == 4:
                        assert not out_of_play
                plays_checked += 1
                trump = state.trump
                assert trump is not None and state.leader is not None
                plays = [((state.leader + i) % players, c) for i, c in enumerate(state.trick)]
                cards = {a for a in legal if isinstance(a, Card)}
                assert cards == allowed(state.hands[player], plays, player, trump, options)
            if state.phase is Phase.REDEAL:
                action = Say.REDEAL if rng.random() < 0.1 else Say.KEEP
            else:
                action = legal[rng.randrange(len(legal))]
            deals_before = len(state.results)
            state.apply(action)
            if len(state.results) == deals_before:
                continue
            plays_checked = 0
            result = state.results[-1]
            if result.outcome not in ("made", "bait", "hanging"):
                continue
            played += 1
            trump = result.trump
            assert trump is not None
            tricks = result.tricks
            assert len(tricks) == options.hand_size
            played_cards = [c for t in tricks for c in t.cards]
            assert len(set(played_cards)) == len(played_cards)
            assert not out_of_play & set(played_cards)
            card_total = sum(line.card_points for line in result.lines)
            assert card_total == sum(points(c, trump) for c in played_cards)
            if players == 4:
                assert card_total + 10 == 162
            last_side = options.side_of(tricks[-1].winner)
            ledger.check(options, result, tricks, last_side)
    return played


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_deals_keep_every_rule(players: int) -> None:
    assert play_deals(players, DEALS[players], seed=players) == DEALS[players]


def test_the_property_deals_add_up_to_ten_thousand() -> None:
    assert sum(DEALS.values()) >= 10_000

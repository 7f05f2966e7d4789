"""Every registered turn-based engine, in every preset of its options, played to the end
2,000 times at random through the one protocol (`engines.protocol`) and nothing else.

Along the way, at random steps:

- no view shows a card (or anything) the entry says the seat may not see, checked
  against the full state (`GameEntry.hidden`); Takhteh Nard hides nothing, so its
  entry has no `hidden` and every seat's view shows the same public game;
- every illegal action is refused (actions seen earlier in the game that are not legal
  now, chance outcomes at a decision and decisions at a chance node, a legal action
  by another seat, a seat that does not exist) and the state is unchanged afterwards;
  `why_illegal` agrees;
- `clone()` is independent (the clone played on changes nothing of the original) and
  faithful (the same action makes the same state);
- the game's records replay to the same state, mid-game and at the end (in every 10th
  game: a replay costs as much as the game, and the whole file keeps to ~2 minutes);
- `returns()` are zero until the end and then add up to what the game says.

And in a few more games each (a few seconds in all), at every step: every legal action
(at a chance node: the outcome drawn, and the first 36 listed, every roll of the dice) is
written as text and read back as itself (`action_text`, `parse_action`); the texts at a
step are distinct, plain ASCII on one line; garbled texts are refused, naming what is wrong.

"The same state" is everything the protocol shows: whose turn, over or not, the returns
and every seat's view (which holds the legal actions of the seat on turn).
"""

from __future__ import annotations

import random
from dataclasses import fields
from itertools import islice
from typing import Any

import pytest

from engines.errors import BrokenRule
from engines.protocol import CHANCE, State, View, random_playout
from engines.registry import GameEntry, game, games

GAMES = 2000  # random games per engine and preset
CHECK_VIEWS = 0.015  # the share of steps at which every seat's view is checked
PROBE = 0.015  # the share of steps at which illegal actions are tried
CANDIDATES = 3  # illegal actions tried at such a step
CLONE_STEPS = 12  # how far a clone is played on, to show the original does not move
RECORDS_EVERY = 10  # every 10th game's record is replayed, mid-game and at the end
TEXT_GAMES = 5  # games per engine and preset whose every action is written and read back
TEXT_OUTCOMES = 36  # the chance outcomes listed first whose texts are read back (all rolls)
GARBLED = ("{} #", "#{}", "xyzzy")  # garbled texts tried at each step ({}: a legal text)

CASES = [(entry.key, preset) for entry in games() for preset in entry.presets]


def fingerprint(state: State, seats: range) -> tuple[Any, ...]:
    """Everything the protocol shows of a state (the views hold the legal actions)."""
    return (state.current_player, state.is_over, tuple(state.returns()),
            tuple(state.view(s) for s in seats))


_NAMES: dict[type, tuple[str, ...]] = {}
_PLAIN: set[type] = {int, str, bool, float, type(None)}


def leaves(value: Any) -> list[Any]:
    """Every plain value inside a view: through dataclasses, tuples, lists, sets, dicts."""
    found: list[Any] = []
    stack = [value]
    while stack:
        item = stack.pop()
        kind = type(item)
        if kind in _PLAIN:
            found.append(item)
        elif kind in (tuple, list, set, frozenset):
            stack.extend(item)
        elif kind is dict:
            stack.extend(item.keys())
            stack.extend(item.values())
        elif kind in _NAMES or hasattr(kind, "__dataclass_fields__"):
            names = _NAMES.get(kind)
            if names is None:
                names = _NAMES[kind] = tuple(f.name for f in fields(kind))
            stack.extend(getattr(item, name) for name in names)
        else:
            _PLAIN.add(kind)
            found.append(item)
    return found


def check_views(entry: GameEntry, state: State, seats: range, legal: list[Any]) -> None:
    player = state.current_player
    for seat in seats:
        view = state.view(seat)
        assert isinstance(view, View)
        assert view.seat == seat
        if seat == player:
            assert set(view.legal) == set(legal)
            assert len(view.legal) == len(legal)
        else:
            assert not view.legal, f"seat {seat} is offered actions on seat {player}'s turn"
        if entry.hidden is not None:
            secret = entry.hidden(state, seat)
            shown = [leaf for leaf in leaves(view) if leaf in secret] if secret else []
            assert not shown, f"seat {seat} sees {shown}, which it may not"


def refused(state: State, seat: int, action: Any, seats: range,
            before: tuple[Any, ...]) -> None:
    """`action` by `seat` is refused with a rule named, and the state stays `before`."""
    with pytest.raises(BrokenRule) as caught:
        state.apply(action, seat=seat)
    assert caught.value.rule
    assert fingerprint(state, seats) == before
    assert state.why_illegal(seat, action) is not None


def probe(entry: GameEntry, state: State, seats: range, legal: list[Any],
          decisions: list[Any], outcomes: list[Any], rng: random.Random) -> None:
    """Try actions that are not legal now; each is refused and changes nothing."""
    player = state.current_player
    assert player is not None
    if player == CHANCE:
        pool = decisions
    else:
        allowed = set(legal)
        pool = [a for a in decisions + outcomes if a not in allowed]
    before = fingerprint(state, seats)
    for _ in range(CANDIDATES if pool else 0):
        action = pool[rng.randrange(len(pool))]
        trial = state.clone()
        try:
            trial.apply(action, seat=player)
        except BrokenRule:
            refused(state, player, action, seats, before)
            continue
        # Accepted although not listed: only another spelling of a legal action may be
        # (a backgammon play written with other steps that reaches the same position).
        assert state.why_illegal(player, action) is None
        same = fingerprint(trial, seats)
        assert any(fingerprint(_after(state, a, player), seats) == same for a in legal), \
            f"{action} was accepted but is not one of the legal actions"
    if player != CHANCE:
        other = next(s for s in seats if s != player)
        refused(state, other, legal[rng.randrange(len(legal))], seats, before)
        refused(state, max(seats) + 7, legal[0], seats, before)


def _after(state: State, action: Any, seat: int) -> State:
    copy = state.clone()
    copy.apply(action, seat=seat)
    return copy


def check_records(entry: GameEntry, state: State, seats: range, again: bool) -> None:
    """The record replays to the same state (and, with `again`, makes the same record)."""
    record = entry.records.events(state)
    replayed = entry.records.replay(record)
    assert fingerprint(replayed, seats) == fingerprint(state, seats)
    if again:
        assert entry.records.events(replayed) == record


def check_clone(state: State, seats: range, action: Any, seat: int,
                rng: random.Random) -> None:
    """The clone is independent (played to the end, the original stays) and faithful."""
    before = fingerprint(state, seats)
    apart = state.clone()
    assert random_playout(apart, random.Random(rng.randrange(1 << 30)), CLONE_STEPS) > 0
    assert fingerprint(state, seats) == before
    twin = state.clone()
    twin.apply(action, seat=seat)
    state.apply(action, seat=seat)
    assert fingerprint(twin, seats) == fingerprint(state, seats)


def play_one(entry: GameEntry, options: Any, rng: random.Random, records: bool) -> int:
    """One game at random through the protocol, with the checks above (the record's replay
    with `records`); returns its steps."""
    state = entry.new_state(options, rng)
    assert isinstance(state, State)
    seats = range(entry.players(options))
    zeros = (0,) * len(seats)
    decisions: list[Any] = []
    outcomes: list[Any] = []
    known: set[Any] = set()
    clone_at = rng.randrange(40)
    steps = 0
    while not state.is_over:
        player = state.current_player
        legal = list(state.legal_actions())
        if player == CHANCE:
            assert legal == [], "chance outcomes are not decisions"
            action = state.sample_chance(rng)
        else:
            assert player in seats and legal
            action = legal[rng.randrange(len(legal))]
        if rng.random() < CHECK_VIEWS:
            check_views(entry, state, seats, legal)
            assert tuple(state.returns()) == zeros
        if rng.random() < PROBE:
            probe(entry, state, seats, legal, decisions, outcomes, rng)
        assert player is not None
        if steps == clone_at:
            assert state.why_illegal(player, action) is None
            if records:
                check_records(entry, state, seats, again=True)
            check_clone(state, seats, action, player, rng)
        else:
            state.apply(action, seat=player)
        if action not in known:
            known.add(action)
            (outcomes if player == CHANCE else decisions).append(action)
        steps += 1
    assert state.current_player is None and list(state.legal_actions()) == []
    returns = state.returns()
    assert len(returns) == len(seats)
    assert sum(returns) == pytest.approx(entry.returns_sum(state))
    check_views(entry, state, seats, [])
    if decisions:
        refused(state, 0, decisions[0], seats, fingerprint(state, seats))
    if records:
        check_records(entry, state, seats, again=False)
    return steps


@pytest.mark.parametrize(("key", "preset"), CASES)
def test_random_games_through_the_protocol(key: str, preset: str) -> None:
    entry = game(key)
    rng = random.Random(f"{key}/{preset}")
    options = entry.presets[preset]
    steps = sum(play_one(entry, options, rng, number % RECORDS_EVERY == 0)
                for number in range(GAMES))
    assert steps >= GAMES


def test_every_engine_is_in_the_registry_with_its_presets() -> None:
    assert {"backgammon", "hearts"} <= {entry.key for entry in games()}
    for entry in games():
        assert entry.presets, entry.key
        for options in entry.presets.values():
            assert isinstance(options, entry.options)
            assert entry.players(options) in entry.seats


def test_takhteh_nard_hides_nothing() -> None:
    """No hidden information: both views show the same board, dice, cube and score."""
    entry = game("backgammon")
    assert entry.hidden is None
    state = entry.new_state(entry.defaults, random.Random(1))
    rng = random.Random(2)
    for _ in range(60):
        mine, theirs = state.view(0), state.view(1)
        public = [f.name for f in fields(mine) if f.name not in ("player", "legal_actions")]
        assert all(getattr(mine, name) == getattr(theirs, name) for name in public)
        if state.is_over:
            break
        if state.current_player == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(state.legal_actions()[0])


def test_chance_outcomes_are_listed_with_their_probabilities() -> None:
    """At a chance node the outcomes add up to 1 (Bidel's deals, lazily, each as likely),
    and what `sample_chance` draws is one of them."""
    for entry in games():
        state = entry.new_state(entry.defaults, random.Random(3))
        assert state.current_player == CHANCE
        first = []
        for outcome, chance in state.chance_outcomes():
            first.append((outcome, chance))
            if len(first) == 50:
                break
        for outcome, _chance in first[:5]:
            assert state.why_illegal(CHANCE, outcome) is None
        if len(first) < 50:  # a short list: it adds up to 1 and holds every draw
            assert sum(chance for _o, chance in first) == 1
            drawn = state.sample_chance(random.Random(4))
            assert drawn in {outcome for outcome, _c in first}
        else:
            assert len({chance for _o, chance in first}) == 1
            drawn = state.sample_chance(random.Random(4))
            assert state.why_illegal(CHANCE, drawn) is None


def check_texts(state: State, actions: list[Any], rng: random.Random) -> None:
    """Each action reads back from its text as itself; the texts are distinct, plain ASCII
    on one line; garbled texts are refused, the refusal naming what is wrong."""
    texts = [state.action_text(action) for action in actions]
    for action, text in zip(actions, texts, strict=True):
        assert text and text.isascii() and text.isprintable() and text == text.strip(), text
        back = state.parse_action(text)
        assert back == action and type(back) is type(action), \
            f"{text!r} reads back as {back!r}, not {action!r}"
    assert len(set(texts)) == len(texts), f"two actions are written alike in {texts}"
    sample = texts[rng.randrange(len(texts))]
    for garbled in GARBLED:
        bad = garbled.format(sample)
        with pytest.raises(BrokenRule) as caught:
            state.parse_action(bad)
        assert caught.value.rule
        wrong = "#" if "#" in garbled else garbled
        assert wrong in str(caught.value), f"{bad!r}: {caught.value} does not say what is wrong"


def play_texts(entry: GameEntry, options: Any, rng: random.Random) -> int:
    """One game at random, every step's actions through `check_texts`; returns its steps."""
    state = entry.new_state(options, rng)
    steps = 0
    while not state.is_over:
        if state.current_player == CHANCE:
            action = state.sample_chance(rng)
            listed = [outcome for outcome, _p in islice(state.chance_outcomes(), TEXT_OUTCOMES)]
            check_texts(state, listed, rng)
            check_texts(state, [action], rng)
        else:
            legal = list(state.legal_actions())
            check_texts(state, legal, rng)
            action = legal[rng.randrange(len(legal))]
        state.apply(action)
        steps += 1
    return steps


@pytest.mark.parametrize(("key", "preset"), CASES)
def test_every_action_is_written_and_read_back(key: str, preset: str) -> None:
    entry = game(key)
    rng = random.Random(f"{key}/{preset}/text")
    options = entry.presets[preset]
    steps = sum(play_texts(entry, options, rng) for _ in range(TEXT_GAMES))
    assert steps >= TEXT_GAMES


@pytest.mark.parametrize("key", [entry.key for entry in games()])
def test_what_is_not_an_action_has_no_text_and_what_is_not_text_no_action(key: str) -> None:
    entry = game(key)
    state = entry.new_state(entry.defaults, random.Random(6))
    for thing in (None, 42, object(), "QS"):
        with pytest.raises(BrokenRule):
            state.action_text(thing)
    for thing in (None, 42, b"QS"):
        with pytest.raises(BrokenRule):
            state.parse_action(thing)  # type: ignore[arg-type]

"""A game or match of Takhteh Nard as JSON lines, and its exact replay.

One JSON object per line, in order. Kinds:

- ``match_started``: ``options`` (the `GameOptions` fields) and, for a game set
  up mid-way, ``start`` (the raw board, turn, dice, cube, score, Crawford flag);
- ``opening``: ``dice`` — [player 0's die, player 1's die] (a tie rolls again);
- ``cube``: ``seat`` and ``action`` — ``roll`` (no double), ``double``, ``take``, ``drop``;
- ``dice``: ``seat`` (whose roll) and ``dice`` — [high, low];
- ``resign``: ``seat`` (the player on turn) and ``result`` — single / gammon / backgammon;
- ``resign_answer``: ``seat`` (the opponent) and ``answer`` — ``accept`` or ``decline``;
- ``move``: ``seat``, ``dice`` (``6-5``) and ``play`` in standard notation
  (``(no play)`` when the turn passes);
- ``game_over``: ``winner``, ``result`` (single / gammon / backgammon), ``cube``,
  ``points``, ``dropped``, ``resigned`` (only when true) and the ``score`` after it
  (a consequence, checked);
- ``match_over``: ``winner`` and ``score`` (checked).

Replaying the events rebuilds the same `GameState`: the same dice, the same
plays, the same results. Events are keyed as in every game's records (the
`engines.protocol.Records` names): a decision names its ``seat``; records written
before that named it ``player`` and still replay.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict
from typing import Any

from engines import records as shared
from engines.records import RecordError

from .options import GameOptions, OptionsError
from .rules import (
    Board,
    CubeAction,
    Dice,
    GameResult,
    GameState,
    OpeningRoll,
    Play,
    Resign,
    ResignAnswer,
    RuleError,
)


def options_to_json(options: GameOptions) -> dict[str, Any]:
    data = asdict(options)
    data["variant"] = str(options.variant)
    return data


def options_from_json(data: Mapping[str, Any]) -> GameOptions:
    return shared.options_from_json(GameOptions, data, OptionsError)


def _result_event(game: GameResult, score: list[int]) -> dict[str, Any]:
    return {
        "kind": "game_over",
        "winner": game.winner,
        "result": str(game.kind),
        "cube": game.cube,
        "points": game.points,
        "dropped": game.dropped,
        **({"resigned": True} if game.resigned else {}),
        "score": list(score),
    }


class Recorder:
    """Turns a match's actions into record events one at a time, as they are played.

    `first` is the match_started event; `record(action)` applies the action to its own
    copy of the match and returns the events it makes (a game or match ending adds
    its result). `events` is this, run over a whole history.
    """

    def __init__(self, options: GameOptions, start: Mapping[str, Any] | None = None) -> None:
        self.first: dict[str, Any] = {"kind": "match_started",
                                      "options": options_to_json(options)}
        if start is not None:
            self.first["start"] = start
        self._replica = _fresh(options, start)

    def record(self, action: object) -> list[dict[str, Any]]:
        replica = self._replica
        turn = replica.turn
        out: list[dict[str, Any]] = []
        if isinstance(action, OpeningRoll):
            out.append({"kind": "opening", "dice": [action.die0, action.die1]})
        elif isinstance(action, Resign):
            out.append({"kind": "resign", "seat": turn, "result": str(action.kind)})
        elif isinstance(action, ResignAnswer):
            out.append({"kind": "resign_answer", "seat": replica.current_player,
                        "answer": str(action)})
        elif isinstance(action, CubeAction):
            player = replica.current_player
            out.append({"kind": "cube", "seat": player, "action": str(action)})
        elif isinstance(action, Dice):
            out.append({"kind": "dice", "seat": turn, "dice": [action.high, action.low]})
        else:
            out.append(
                {"kind": "move", "seat": turn, "dice": str(replica.dice), "play": str(action)}
            )
        games = len(replica.games)
        replica.apply(action)  # type: ignore[arg-type]  # a stranger: apply refuses it
        if len(replica.games) > games:
            out.append(_result_event(replica.games[-1], replica.score))
        if replica.is_over:
            out.append({"kind": "match_over", "winner": replica.match_winner,
                        "score": replica.score})
        return out


def recorder(state: GameState) -> Recorder:
    """A recorder for a new record of `state` (its options and starting position)."""
    return Recorder(state.options, state.start)


def _fresh(options: GameOptions, start: Mapping[str, Any] | None) -> GameState:
    if start is None:
        return GameState(options)
    first, second = start["board"]
    return GameState.from_position(
        Board((tuple(first), tuple(second))),
        start["turn"],
        options,
        dice=start.get("dice"),
        cube_value=start.get("cube_value", 1),
        cube_owner=start.get("cube_owner"),
        score=tuple(start.get("score", (0, 0))),
        crawford_game=start.get("crawford_game", False),
    )


def _check_player(state: GameState, event: Mapping[str, Any]) -> None:
    seat = event.get("seat", event.get("player"))  # "player" in records written before
    if seat is None:
        return
    if event["kind"] in ("cube", "resign_answer") and seat != state.current_player:
        raise RecordError(f"player {seat} did not have the cube decision")
    if event["kind"] in ("dice", "move", "resign") and seat != state.turn:
        raise RecordError(f"it was not player {seat}'s turn")


def _recorded_play(state: GameState, text: str) -> Play:
    """The play a record names: its own canonical text when that is a listed legal play
    (as `dumps` writes it, read without searching the plays again), else as players write."""
    assert state.turn is not None and state.dice is not None
    try:
        literal = Play.parse(text)
    except RuleError:
        literal = None
    if literal is not None and literal in state.legal_actions():
        return literal
    return Play.parse(text, state.board, state.turn, state.dice)


def _replay_event(state: GameState, event: Mapping[str, Any]) -> None:
    kind = event["kind"]
    if kind == "opening":
        die0, die1 = event["dice"]
        state.apply(OpeningRoll(die0, die1))
    elif kind == "cube":
        _check_player(state, event)
        state.apply(CubeAction(event["action"]))
    elif kind == "resign":
        _check_player(state, event)
        state.apply(Resign(event["result"]))
    elif kind == "resign_answer":
        _check_player(state, event)
        state.apply(ResignAnswer(event["answer"]))
    elif kind == "dice":
        _check_player(state, event)
        state.apply(Dice.of(event["dice"]))
    elif kind == "move":
        _check_player(state, event)
        if "dice" in event and str(state.dice) != str(event["dice"]):
            raise RecordError(f"the move was recorded for {event['dice']}, not {state.dice}")
        if state.turn is None or state.dice is None:
            raise RecordError("no dice to play")
        state.apply(_recorded_play(state, str(event["play"])))
    elif kind == "game_over":
        if not state.games:
            raise RecordError("no game has finished")
        if _result_event(state.games[-1], state.score) != {**event}:
            raise RecordError("the game replays to a different result")
    elif kind == "match_over":
        if not state.is_over or state.match_winner != event["winner"]:
            raise RecordError("the match replays to a different end")
        if list(event["score"]) != state.score:
            raise RecordError("the match replays to a different score")
    # Other kinds (notes, pauses) do not change the game.


def _start(event: Mapping[str, Any]) -> GameState:
    return _fresh(options_from_json(event.get("options", {})), event.get("start"))


RECORDS = shared.GameRecords(recorder, "match_started", _start, _replay_event)
events, dumps, loads, replay = RECORDS.events, RECORDS.dumps, RECORDS.loads, RECORDS.replay

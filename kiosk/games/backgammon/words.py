"""What the Takhteh Nard screen says: `BackgammonWords`, the part of its scene that puts the
game into words (the players' names and roles, the way of playing, the prompt, the note
under it, what is said of a play made for a person, the result of a game, the match line,
and the help line's keys with what they do), and the keys typed for the tools.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engines.backgammon.options import Kind
from engines.backgammon.rules import GameResult, Phase, Play
from kiosk.config import Action
from kiosk.games.backgammon.picker import TurnPicker
from kiosk.scenes.card_table.pieces import HelpPair, key_label
from kiosk.scenes.modes import TableScene

MODE_KEYS = ("hotseat", "easy", "medium", "hard", "demo")
NUMBERS_KEY = "p"  # typed: the points numbered on request
RESIGN_KEY = "r"  # typed: offer to resign (again: a higher offer)
HINT_KEYS = ("?", "؟")  # typed: the hint (a Persian keyboard's question mark too)
IDS_KEY = "i"  # typed: the position's IDs, and a field to set a position up from one


def mode_key(bots: Mapping[int, object]) -> str:
    """The catalogue name of a seating: two people, one against a computer, or a demo."""
    count = sum(1 for p in (0, 1) if bots.get(p) is not None)
    return ("hotseat", "vs_bot", "demo")[count]


class BackgammonWords(TableScene):
    """The lines the screen shows, from the game on the table and what a person is doing."""

    # the scene's part: what it is doing now
    keys: Mapping[Action, Sequence[str]]  # the config's keys, named on the help line
    picker: TurnPicker | None
    picked: int | None
    forcing: Play | None
    resigning: Kind | None
    notice: str | None
    ids_open: bool

    @property
    def bots(self) -> Mapping[int, object]:
        """Each player's computer (None: a person)."""
        raise NotImplementedError

    @property
    def result(self) -> GameResult | None:
        """The game just finished, while the table stops for it."""
        raise NotImplementedError

    def human(self, player: int | None) -> bool:
        """A person at the TV plays `player`."""
        raise NotImplementedError

    # the texts
    def name(self, player: int) -> str:
        return self.tr("backgammon.light" if player == 0 else "backgammon.dark")

    def phone_player(self, player: int) -> str | None:
        """The name of the person playing `player` on a phone (None: not a phone)."""
        source = self.table.seats[player]
        name = getattr(source, "name", None)
        return str(name) if source.person and not source.at_tv and name else None

    def role(self, player: int) -> str:
        phone = self.phone_player(player)
        if phone is not None:
            return self.tr("table.phones.on_phone", player=self.tr.isolate(phone))
        if self.bots.get(player) is None:
            return self.tr("backgammon.person")
        return self.tr("backgammon.computer")

    def mode_text(self) -> str:
        key = self.mode if self.mode in (*MODE_KEYS, "vs_bot") else mode_key(self.bots)
        return self.tr(f"backgammon.modes.{key}")

    def prompt(self) -> str:
        """What the screen asks for now."""
        tr, state = self.tr, self.state
        if self.menu_open:
            return tr("backgammon.choose_mode")
        if self.result is not None:
            return tr("backgammon.new_match" if state.is_over else "backgammon.next_game")
        if state.phase is Phase.OPENING:
            return tr("backgammon.opening")
        actor = state.current_player
        turn = state.turn if state.turn is not None else 0
        who = self.name(turn)
        if self.resigning is not None:
            return tr("backgammon.resign_choose", player=who, what=self.kind_text(self.resigning),
                      points=state.resign_points(self.resigning))
        if state.phase is Phase.ROLL and self.human(turn):
            return tr("backgammon.roll", player=who)
        if not self.human(actor):
            seat = actor if actor in (0, 1) else turn
            phone = self.phone_player(seat) if seat in (0, 1) else None
            if phone is not None:
                return tr("backgammon.phone.on_phone_turn", player=tr.isolate(phone),
                          side=self.name(seat))
            if state.phase is Phase.MOVE and self.picker is not None and self.picker.steps:
                return tr("backgammon.moving", player=who)  # thinking is over
            return tr("backgammon.thinking", player=self.name(actor if actor in (0, 1) else turn))
        offer = state.resign_offered
        if offer is not None:
            return tr("backgammon.resign_offered", player=who, other=self.name(1 - turn),
                      what=self.kind_text(offer.kind), points=state.resign_points(offer.kind))
        if state.phase is Phase.CUBE:
            return tr("backgammon.double_or_roll", player=who)
        if state.phase is Phase.RESPOND:
            return tr("backgammon.respond", player=self.name(1 - turn),
                      value=state.cube_value * 2)
        if self.picker is not None:
            if self.forcing is not None:
                return self.forced_text()
            if self.picker.complete() is not None:
                return tr("backgammon.done_prompt")
            if self.picked is not None:
                return tr("backgammon.choose_target")
            return tr("backgammon.choose_checker", player=who)
        return ""

    def note(self) -> str:
        """The line under the prompt: the steps made so far this turn, or what was said of
        a play made for a person."""
        picker = self.picker
        if picker is not None and picker.steps and (self.forcing is not None
                                                   or self.notice is None):
            return self.tr("backgammon.steps_so_far", steps=self.tr.isolate(picker.text()))
        if self.forcing is None and self.notice is not None:
            return self.notice
        return ""

    def result_lines(self) -> tuple[str, str, str]:
        """The result of the game just finished: how it was won, the points, the score."""
        tr, game = self.tr, self.result
        assert game is not None
        kind = "dropped" if game.dropped else str(Kind(game.kind))
        if game.resigned:
            head = tr("backgammon.result.resigned", player=self.name(game.winner),
                      loser=self.name(1 - game.winner), what=self.kind_text(game.kind))
        else:
            head = tr(f"backgammon.result.{kind}", player=self.name(game.winner))
        points = tr("backgammon.points", points=game.points)
        if self.state.is_over and self.state.options.is_match:
            tail = tr("backgammon.match_won", player=self.name(game.winner))
        else:
            tail = self.score_text()
        return head, points, tail

    def info_text(self) -> str:
        """The panel's line on the match: the score, its length, Crawford, the cube's owner."""
        return self.tr("app.list_sep").join(self.info_parts())

    def info_parts(self) -> list[str]:
        """The parts of the panel's line on the match."""
        tr, state = self.tr, self.state
        info = [self.score_text()]
        options = state.options
        if options.is_match:
            info.append(tr("backgammon.match_to", points=options.match_length))
        if state.crawford_game:
            info.append(tr("backgammon.crawford"))
        if options.cube and state.cube_owner is not None:
            info.append(tr("backgammon.cube_owner", value=state.cube_value,
                           player=self.name(state.cube_owner)))
        return info

    def info_lines(self, size: int, width: int) -> list[str]:
        """The match line's parts cut into lines no wider than `width` at `size`: parts
        share a line where they fit, and a line never breaks inside one ("match to 5")
        unless that part alone is too wide."""
        sep = self.tr("app.list_sep")
        lines: list[str] = []
        for part in self.info_parts():
            trial = f"{lines[-1]}{sep}{part}" if lines else part
            if lines and self.text.width(trial, size, False, self.rtl) <= width:
                lines[-1] = trial
            else:
                lines.extend(self.text.wrap(part, size, width, rtl=self.rtl))
        return lines

    def score_text(self) -> str:
        s = self.state.score
        return self.tr("backgammon.score", light=s[0], dark=s[1])

    def kind_text(self, kind: Kind) -> str:
        return self.tr(f"backgammon.resign_kinds.{Kind(kind)}")

    def forced_text(self) -> str:
        """What is said of the play made for a person: the only one, or no move."""
        picker, turn = self.picker, self.state.turn
        assert picker is not None and turn is not None
        who, dice = self.name(turn), self.tr.isolate(picker.dice)
        if picker.no_move:
            return self.tr("backgammon.no_move", player=who, dice=dice)
        return self.tr("backgammon.forced", player=who, dice=dice,
                       play=self.tr.isolate(self.forcing or picker.forced))

    # the help line under the board: (key, what it does) pairs, wrapped only between pairs
    def _caps(self, action: Action) -> tuple[str, ...]:
        names = self.keys.get(action, ())
        return (key_label(names[0]),) if names else ()

    def help_pairs(self) -> list[HelpPair]:
        """What the keys do now, each key with its action."""
        tr, caps = self.tr, self._caps
        if self.ids_open:
            pairs = [HelpPair(caps(Action.SELECT), tr("backgammon.help.set_up")),
                     HelpPair(caps(Action.ERASE), tr("backgammon.help.erase")),
                     HelpPair(caps(Action.BACK), tr("backgammon.help.close"))]
        elif self.menu_open:
            pairs = [HelpPair(caps(Action.UP) + caps(Action.DOWN), tr("backgammon.help.choose")),
                     HelpPair(caps(Action.LEFT) + caps(Action.RIGHT),
                              tr("backgammon.help.change")),
                     HelpPair(caps(Action.SELECT), tr("backgammon.help.start")),
                     HelpPair(caps(Action.BACK), tr("backgammon.help.close"))]
        else:
            pairs = [
                HelpPair(caps(Action.LEFT) + caps(Action.RIGHT), tr("backgammon.help.choose")),
                HelpPair(caps(Action.SELECT), tr("backgammon.help.pick")),
                HelpPair(caps(Action.BACK), tr("backgammon.help.undo")),
                HelpPair(caps(Action.UP) + caps(Action.DOWN), tr("backgammon.help.tools")),
                HelpPair((HINT_KEYS[0],), tr("backgammon.help.hint")),
                HelpPair((IDS_KEY.upper(),), tr("backgammon.help.ids")),
                HelpPair((RESIGN_KEY.upper(),), tr("backgammon.help.resign")),
                HelpPair((NUMBERS_KEY.upper(),), tr("backgammon.help.numbers")),
            ]
            if self.modes:
                pairs.append(HelpPair(caps(Action.NEW_HAND), tr("backgammon.help.new_game")))
        return [pair for pair in pairs if pair.keys]

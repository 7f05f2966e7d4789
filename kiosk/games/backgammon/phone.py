"""Takhteh Nard on a phone: a seat's page (`kiosk.phones`, a model of kind "nard") and
what the page may ask, for either side or both, and the phones panel on the TV.

The page is the seat's whole game in its own numbering (its home board points 1–6, 25 the
bar, 0 off): the board as the TV shows it (a turn's steps as they are made, on the TV as
on the phone), the dice and those still to play, the cube, the points a checker may be
picked up from and where each may go, a hit marked, the buttons the TV would give that
seat (roll, double, take, drop, accept, decline, undo, done, go on), the resignations it
may offer and the hint. Every answer goes through the TV's own step picker and buttons
(`BackgammonScene.do`, `pick`, `drop`): a step that starts no legal play is refused with
the engine's words and changes nothing.

The panel (`Action.PHONES`, J) lays a box over the board and the side panel: each side's
name, who plays it and, while no phone holds it, the QR code of its join address; left
and right choose a side, select moves it (a phone's or the computer's side comes to the
TV, the TV's goes to the computer).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

from engines.backgammon.options import Kind
from engines.backgammon.rules import BAR, OFF, POINTS, Board, Phase, Step
from kiosk.config import Action
from kiosk.games.backgammon.tools import NOTICE_SECONDS
from kiosk.i18n import Translator
from kiosk.table.seats import BotSeat, PersonAtTV

PHONE_WORDS = ("roll", "resign", "hint", "bar", "off", "pips", "cube", "cancel")
CLOSES = (Action.BACK, Action.PHONES)
DECISIONS = ("roll", "double", "take", "drop", "accept", "decline", "undo", "done")


def seen_by(step: Step, mover: int, seat: int) -> list[int]:
    """A step of `mover`'s as [from, to] in `seat`'s numbering (25 the bar, 0 off)."""
    if mover == seat:
        return [step.from_point, step.to_point]
    return [p if p in (BAR, OFF) else 25 - p for p in (step.from_point, step.to_point)]


def sides_of(board: Board, seat: int) -> tuple[list[int], list[int], list[int]]:
    """Points 1–24 in `seat`'s numbering (+ its checkers, − the other side's), the bar
    and the trays (its own first)."""
    mine, theirs = board.side(seat), board.side(1 - seat)
    points = [mine[i] - theirs[POINTS - 1 - i] for i in range(POINTS)]
    return points, [board.bar(seat), board.bar(1 - seat)], [board.off(seat),
                                                             board.off(1 - seat)]


class BackgammonPhones:
    """The phones' part of `BackgammonScene` (see the module docstring)."""

    phones: Any = None  # the kiosk's PhoneHub (None: phones are off)
    phones_open = False
    phones_cursor = 0
    players = 2
    _phone_seat: int | None = None  # the seat a phone is acting for, while it acts
    _notice_until: float

    # -- the panel on the TV ------------------------------------------------------------------
    def phones_key(self, action: Action | None, now: float) -> bool:
        """Keys while the panel is open, and its own key; True if the panel took them."""
        if action is Action.PHONES and not self.phones_open:
            if self.phones is None:
                self.notice = self.tr("table.phones_off")  # type: ignore[attr-defined]
                self._notice_until = now + NOTICE_SECONDS
                return True
            self.phones_open = True
            self.phones_cursor = 0
            return True
        if not self.phones_open:
            return False
        if action in CLOSES:
            self.phones_open = False
        elif action in (Action.LEFT, Action.RIGHT, Action.UP, Action.DOWN):
            self.phones_cursor = 1 - self.phones_cursor
        elif action in (Action.SELECT, Action.CLAIM, Action.NEXT):
            self.switch_seat(self.phones_cursor)
        return True

    def switch_seat(self, seat: int) -> None:
        """The host changes who plays `seat`: a phone's or the computer's side comes to the
        TV, the TV's goes to the computer."""
        table = self.table  # type: ignore[attr-defined]
        if table.seats[seat].at_tv:
            self.give_seat(seat, BotSeat(self._computer()))
        else:
            self.give_seat(seat, PersonAtTV())

    def _computer(self) -> Any:
        """The computer a side goes to: the one at the table, else the way of playing
        against the hard computer's."""
        table, modes = self.table, self.modes  # type: ignore[attr-defined]
        for source in table.seats:
            if isinstance(source, BotSeat):
                return source.bot
        bots = [bot for mode in modes if mode.key == "hard" for bot in mode.bots]
        bots += [bot for mode in modes for bot in mode.bots]
        return next(bot for bot in bots if bot is not None)

    def give_seat(self, seat: int, source: Any) -> None:
        """`seat` is played by `source` from now on (a phone joined, the host moved it)."""
        self.table.reseat(seat, source)  # type: ignore[attr-defined]
        self._begin_turn()  # type: ignore[attr-defined]
        self.invalidate()  # type: ignore[attr-defined]

    def who_plays(self, seat: int) -> str:
        return self.role(seat)  # type: ignore[attr-defined]

    def phones_columns(self) -> list[tuple[str, str, str | None]]:
        """Each side's name, who plays it, and its join address (None: a phone holds it)."""
        hub = self.phones
        return [(self.name(seat), self.who_plays(seat),  # type: ignore[attr-defined]
                 hub.join_url(seat) if hub is not None else None) for seat in (0, 1)]

    def title_text(self) -> str:
        return self.tr("backgammon.title")  # type: ignore[attr-defined]

    def phone_seat_name(self, seat: int) -> str:
        """The seat a join code is for, as its join page names it: the side."""
        return self.name(seat)  # type: ignore[attr-defined]

    def phone_look(self) -> tuple[object, ...]:
        """What a page shows beyond the table's own moves: a turn's steps as they are made,
        the hint, what is said, a result."""
        scene: Any = self
        picker = scene.picker
        return (tuple(picker.steps) if picker is not None else (), scene.hint_open,
                scene.advice is not None, scene.notice, scene.forcing is not None,
                scene.result is not None, scene.menu_open, scene.ids_open)

    # -- who may act ----------------------------------------------------------------------------
    def person(self, player: int | None) -> bool:
        """A person plays `player` (at the TV or on a phone)."""
        seats = self.table.seats  # type: ignore[attr-defined]
        return player is not None and 0 <= player < len(seats) and seats[player].person

    @contextlib.contextmanager
    def acting(self, seat: int) -> Iterator[None]:
        """For a while, `seat` is the person the scene's buttons and picker are for (a phone
        asks what it may do, or does it)."""
        before = self._phone_seat
        self._phone_seat = seat
        try:
            yield
        finally:
            self._phone_seat = before

    def person_to_decide(self) -> int | None:
        """The side whose person (at the TV or on a phone) may act now; None while the
        game moves by itself (a roll, a computer, a play made for a person, a result)."""
        for seat in (0, 1):
            with self.acting(seat):
                if self.decision() == seat:  # type: ignore[attr-defined]
                    return seat
        return None

    # -- the page ---------------------------------------------------------------------------------
    def phone_page(self, seat: int, tr: Translator, now: float) -> dict[str, Any]:
        """Seat `seat`'s page (a model of kind "nard"), in `tr`'s language."""
        with self.acting(seat):
            return self._phone_page(seat, tr, now)

    def _phone_page(self, seat: int, tr: Translator, now: float) -> dict[str, Any]:
        scene: Any = self
        state = scene.state
        board = scene.shown_board()
        points, bar, off = sides_of(board, seat)
        turn = state.turn
        decider = scene.decision()
        mine = decider == seat
        offers = self._phone_offers(seat) if mine or scene.result is not None else []
        moving = mine and state.phase is Phase.MOVE and scene.picker is not None \
            and scene.forcing is None
        sources = scene.picker.sources() if moving else []
        picker = scene.picker
        steps = [seen_by(s, picker.player, seat) for s in picker.steps] if picker else []
        resign = [] if not mine or scene.resigner() != seat else [
            {"id": f"resign:{offer.kind}", "label": tr("backgammon.phone.resign_as",
                                                      what=scene.kind_text(offer.kind),
                                                      points=state.resign_points(offer.kind))}
            for offer in state.resign_offers(seat)]
        hint = None
        if scene.hint_open and mine:
            hint = {"title": scene.advice_title(),
                    "rows": [list(row) for row in scene.advice_lines()]}
        result = None
        if scene.result is not None:
            result = {"title": tr("backgammon.phone.game_over"),
                      "lines": [line for line in scene.result_lines() if line]}
        cube = None
        if state.options.cube:
            owner = state.cube_owner
            cube = {"value": state.cube_value,
                    "owner": None if owner is None else "you" if owner == seat else "them",
                    "offered": state.phase is Phase.RESPOND}
        words = {f"nard_{w}": tr(f"backgammon.phone.words.{w}") for w in PHONE_WORDS}
        return {
            "kind": "nard", "game": "backgammon", "title": scene.title_text(),
            "lang": tr.lang, "rtl": tr.rtl, "seat": seat, "name": self._player(seat),
            "side": scene.name(seat), "other_side": scene.name(1 - seat),
            "colour": "light" if seat == 0 else "dark",
            "prompt": self._phone_prompt(seat, mine), "note": scene.note(),
            "notice": None, "your_turn": mine,
            "clock": scene.table.seconds_left(now) if mine else None,
            "points": points, "bar": bar, "off": off,
            "pips": [board.pips(seat), board.pips(1 - seat)],
            "dice": list(state.dice) if state.dice is not None else None,
            "dice_left": picker.dice_left() if picker is not None else [],
            "dice_of": None if turn is None or state.dice is None else
            "you" if turn == seat else "them",
            "cube": cube, "sources": sources,
            "targets": {str(s): picker.targets(s) for s in sources} if picker else {},
            "hits": {str(s): picker.hits(s) for s in sources} if picker else {},
            "last": steps, "offers": offers, "resign": resign, "hint": hint,
            "seats": [{"seat": s, "name": self._player(s), "side": scene.name(s),
                       "who": self.who_plays(s), "you": s == seat,
                       "turn": turn == s and not state.is_over,
                       "pips": board.pips(s), "off": board.off(s)} for s in (0, 1)],
            "info": scene.info_text(), "result": result, "over": bool(state.is_over),
            "words": words,
        }

    def _player(self, seat: int) -> str:
        """The name a phone's player gave, else the side's."""
        name = getattr(self.table.seats[seat], "name", None)  # type: ignore[attr-defined]
        return str(name) if name else self.name(seat)  # type: ignore[attr-defined]

    def _phone_offers(self, seat: int) -> list[dict[str, str]]:
        scene: Any = self
        tr = scene.tr
        names = [n for n in scene.choices() if n in (*DECISIONS, "next")]
        if scene.hint_allowed() or scene.hint_open:
            names.append("hint")
        return [{"id": n, "label": tr(f"backgammon.buttons.{n}") if n != "hint"
                 else tr("backgammon.phone.words.hint")} for n in names]

    def _phone_prompt(self, seat: int, mine: bool) -> str:
        """The TV's prompt, but in a phone's words where the TV names a key."""
        scene: Any = self
        tr, state = scene.tr, scene.state
        if scene.menu_open:
            return str(tr("backgammon.phone.host_menu"))
        if scene.result is not None:
            return str(tr("backgammon.phone.new_match" if state.is_over
                          else "backgammon.phone.next_game"))
        if mine and state.phase is Phase.ROLL:
            return str(tr("backgammon.phone.roll", player=scene.name(seat)))
        if mine and scene.picker is not None and scene.forcing is None and \
                scene.picker.complete() is not None:
            return str(tr("backgammon.phone.done"))
        return str(scene.prompt())

    # -- what the page asks ---------------------------------------------------------------------
    def phone_act(self, seat: int, data: dict[str, Any], now: float
                  ) -> tuple[str, str | None] | None:
        """Do what seat `seat`'s page asked (`{"type": "offer", "id": …}`); the words
        refusing it (nothing changed), or None once done."""
        scene: Any = self
        tr = scene.tr
        if data.get("type") != "offer":
            return tr("phones.errors.not_here"), None
        ident = str(data.get("id", ""))
        with self.acting(seat):
            if scene.menu_open or scene.ids_open:
                return tr("backgammon.phone.host_menu"), None
            if ident == "next":
                if scene.result is None:
                    return tr("phones.errors.not_now"), None
                scene.do("next")
                return None
            if scene.decision() != seat:
                return tr("phones.errors.not_now"), None
            if ident.startswith("step:"):
                return self._phone_step(ident)
            if ident.startswith("resign:"):
                return self._phone_resign(seat, ident.removeprefix("resign:"))
            if ident == "hint":
                if not (scene.hint_allowed() or scene.hint_open):
                    return tr("backgammon.advice.none"), None
                scene.toggle_hint(now)
                return None
            if ident not in DECISIONS or ident not in scene.choices():
                return tr("phones.errors.not_now"), None
            if ident == "undo":
                scene.undo()
            else:
                scene.do(ident)
            return None

    def _phone_step(self, ident: str) -> tuple[str, str | None] | None:
        scene: Any = self
        tr = scene.tr
        parts = ident.split(":")
        try:
            source, target = int(parts[1]), int(parts[2])
        except (IndexError, ValueError):
            return tr("phones.errors.bad_field"), None
        if len(parts) != 3 or scene.picker is None or scene.forcing is not None:
            return tr("phones.errors.not_now"), None
        scene.picked = None
        if source not in scene.sources() or target not in scene.picker.targets(source):
            return tr("backgammon.phone.no_step", step=f"{source}/{target}"), None
        scene.picked = source
        scene.drop(target)
        return None

    def _phone_resign(self, seat: int, kind: str) -> tuple[str, str | None] | None:
        scene: Any = self
        offers = {str(offer.kind): offer.kind for offer in scene.state.resign_offers(seat)}
        if scene.resigner() != seat or kind not in offers:
            return scene.tr("phones.errors.not_now"), None
        scene._offer_resign(Kind(offers[kind]))
        return None



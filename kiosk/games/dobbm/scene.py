"""The Dobbm table: what is Dobbm's own on the shared card table.

The table itself — plates, backs, the fanned hand with its legal cards, the trick with who
played each card, the last trick on a key, the toast, the countdown, the help line, the
privacy screen of pass and play, the score sheet and the modes menu, every key and click —
is `kiosk.scenes.card_table.scene.CardTableScene`'s. This scene says what Dobbm is:

- German-suited cards (hearts, leaves, acorns, bells; hearts always trumps);
- 4 or 5 seats, each a person or a computer; with 5 the dealer of each hand sits out,
  and his plate says so;
- the bidding as the table's choice dialog (weiter, Dobbm, Solo, gut: the engine's legal
  calls, nothing more); the Dobbm declarer's discard of 4 as the table's select-N step,
  whose button is his "ich liege" and whose refusal names the Sow rule in the engine's
  words; the Schwacher and retour calls as dialogs when the engine offers them;
- on the felt, above the bottom plate, a box with the contract and the multiplier so
  far, its declarer and the latest doubling call (a notice keeps beside it);
- in the exchange, a box saying who has taken the Dobb, what the green cards are (the
  Dobb's, to the declarer who sees them) and the Sow rule;
- the trick's cards with larger indices than the painter's, so their ranks read from
  the sofa;
- after each hand a sheet of two pages (left and right turn them): the payment
  breakdown — each player's role, card points and shillings for the hand and over the
  session, with the declarer's points, the margin, the multiplier and the amount each
  payer pays under it, and on a second row what made the multiplier (Solo, each
  Schwacher and retour and who called it) — and the session's ledger: each player's
  shillings in the latest hands, a column a hand, and over the session;
- the Mußrunde closes the session when asked: the last row of the modes menu makes the
  engine's host action (`close`), journaled like every other action.

The contract box, the exchange's box and the trick's indices are drawn by the scene's
painter, `kiosk.games.dobbm.paint.DobbmPainter`; this module says what they say.

What may be done is always the engine's answer (`why_illegal`), named in the catalogue's
words (`RULE_KEYS`). Seats by compass name: South is seat 0, then round to the left.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from engines.cards import tricks as tk
from engines.cards.german import GermanCard, GermanSuit
from engines.dobbm import rules as dr
from engines.dobbm.bots import make_bot
from engines.dobbm.options import SowDiscardRule
from engines.dobbm.rules import CLOSE, Call, Contract, Discard, GameState, HandResult, Phase, View
from engines.errors import BrokenRule
from engines.registry import game as registered_game
from kiosk import theme
from kiosk.cards_draw import GERMAN
from kiosk.config import Action
from kiosk.games.dobbm.paint import INDEX, DobbmPainter
from kiosk.i18n import Translator
from kiosk.scenes.card_table.pieces import (
    BOT_PAUSE,
    DEAL_PAUSE,
    READ,
    RESULT_PAUSE,
)
from kiosk.scenes.card_table.scene import CardTableScene, Offer, ScoreSheet, Selection, ShownTrick
from kiosk.table.choices import Choices
from kiosk.table.controller import Move, Pacing
from kiosk.table.games import TableGame
from kiosk.table.seats import Mode
from kiosk.text import TextRenderer

BID_PAUSE = 0.7  # before a computer bids or doubles
SOW_RULES = {SowDiscardRule.PLAIN_VS_HEARTS: "sow", SowDiscardRule.ALL_VS_OTHER_HEARTS: "sow_all"}
LEDGER_HANDS = 3  # hands on the ledger's page (the latest), a column each, the session's last
DISPLAY_SUITS = (GermanSuit.ACORNS, GermanSuit.LEAVES, GermanSuit.BELLS, GermanSuit.HEARTS)
RANK_ORDER = (6, 7, 8, 9, 11, 12, 13, 10, 14)  # low to high: 6 … 9, Unter, Ober, King, 10, Sow
RANK_WORDS = {14: "S", 13: "K", 12: "O", 11: "U", 10: "T"}  # the catalogue's dobbm.ranks.*
RULE_KEYS = {
    dr.R_TURN: "turn", dr.R_OVER: "over", dr.R_PHASE: "phase", dr.R_ONCE: "once",
    dr.R_BID_OPEN: "bid_open", dr.R_BID_DOBBM: "bid_dobbm", dr.R_BID_SOLO: "bid_solo",
    dr.R_FORCED: "forced", dr.R_DISCARD: "discard", dr.R_SOW: "sow", dr.R_SOW_ALL: "sow_all",
    dr.R_SCHWACHER: "schwacher", dr.R_ANSWER: "answer", dr.R_RETOUR: "retour",
    dr.R_HOST: "host", tk.R_HOLD: "hold", tk.R_FOLLOW: "follow", tk.R_TRUMP: "trump",
}


def display_order(cards: Sequence[GermanCard]) -> list[GermanCard]:
    """A hand as it is held: acorns, leaves, bells, then the hearts (trumps) last; each suit
    low to high in trick order (the Ten under the Sow)."""
    return sorted(cards, key=lambda c: (DISPLAY_SUITS.index(c.suit), RANK_ORDER.index(c.rank)))


def trick_seats(leader: int, active: Sequence[int]) -> list[int]:
    """The active seats in playing order from `leader` (clockwise, the sitting-out dealer
    skipped)."""
    seats = sorted(active)
    i = seats.index(leader)
    return seats[i:] + seats[:i]


@dataclass(frozen=True)
class DobbmTable(TableGame):
    """Dobbm: each seat's hand is hidden from the others; a finished hand stops the table."""

    def finished(self, before: Any, after: Any) -> bool:
        return len(after.results) > len(before.results)


DOBBM = DobbmTable(hidden=registered_game("dobbm").hidden is not None)


class DobbmScene(CardTableScene):
    """A session of Dobbm between people and computers, on one screen."""

    game = "dobbm"  # the catalogue's section: the table's words are looked up there first
    deck = GERMAN
    text_sizes = (*CardTableScene.text_sizes, INDEX)
    painter_type = DobbmPainter  # the contract box, the exchange's words, the trick's indices

    def __init__(
        self,
        text: TextRenderer,
        tr: Translator,
        new_game: Callable[[], GameState],
        bots: Sequence[Any],
        rng: Any,
        *,
        modes: Sequence[Mode] = (),
        modes_for: Callable[[int], Sequence[Mode]] | None = None,
        mode: str | None = None,
        on_action: Callable[[object], None] | None = None,
        turn_seconds: float = 40.0,
        level: str = "medium",
        level_bot: Callable[[str], Any] = make_bot,
        pause: float = BOT_PAUSE,
        thinker: Executor | None = None,
        keys: Mapping[Action, Sequence[str]] | None = None,
        rule_choices: Choices | None = None,
        table_game: TableGame | None = None,
    ) -> None:
        table_game = DOBBM if table_game is None else table_game
        self.sheet_page = 0  # the score sheet's page: 0 the hand's payments, 1 the ledger
        super().__init__(
            text, tr, new_game, bots, rng, table_game=table_game,
            pacing=Pacing(computer=pause, chance=DEAL_PAUSE,
                          phases=((str(Phase.BID), BID_PAUSE), (str(Phase.DOUBLE), BID_PAUSE)),
                          result=RESULT_PAUSE),
            level_bot=level_bot, modes=modes, mode=mode, on_action=on_action,
            turn_seconds=turn_seconds, level=level, thinker=thinker, keys=keys,
            rule_choices=rule_choices, modes_for=modes_for)

    # -- the Mußrunde: the menu's last row ------------------------------------------------------
    @property
    def menu_size(self) -> int:
        return super().menu_size + 1

    def menu_lines(self) -> tuple[str, ...]:
        return (*super().menu_lines(), self.close_line())

    def close_line(self) -> str:
        """The menu's last row: close the session (with the Mußrunde), or why not now."""
        state = self.state
        if state.is_over:
            return self.tr("dobbm.close.over")
        if state.in_musrunde or (state.closing and state.options.musrunde):
            return self.tr("dobbm.close.under_way")
        if state.closing:
            return self.tr("dobbm.close.closing")
        return self.tr("dobbm.close.musrunde" if state.options.musrunde else "dobbm.close.plain")

    def menu_pick(self, index: int) -> None:
        if index == self.menu_size - 1:
            self.menu_index = index
            self.close_session()
            return
        super().menu_pick(index)

    def _menu_key(self, action: Action | None) -> None:
        last = self.menu_index == self.menu_size - 1
        if last and action in (Action.LEFT, Action.RIGHT):
            return  # the row has no values to step through
        super()._menu_key(action)

    def close_session(self, now: float | None = None) -> bool:
        """Ask the engine to close the session (its host action ``close``: with `musrunde`
        the Mußrunde starts with the next hand); journaled like a seat's action. False, with
        the rule said, when the engine refuses (the session is closing already)."""
        now = self._now if now is None else now
        state = self.state
        problem = state.why_host_illegal(CLOSE)
        if problem is not None:
            self._notify(self.word("not_now"), self.rule_text(problem), now, warn=True)
            return False
        self.table.host(CLOSE)  # journaled before it is shown
        self.menu_open = False
        self._say("closed_musrunde" if state.options.musrunde else "closed_plain", now)
        return True

    # -- the game's facts for the table -------------------------------------------------------
    def hand_max(self) -> int | None:
        return dr.HAND + dr.DOBB  # the Dobbm declarer holds 12 during the exchange

    def hand_of(self, view: View) -> list[GermanCard]:
        return display_order(view.hand)

    def trick_of(self, view: View) -> list[tuple[int, GermanCard]]:
        if view.leader is None or not view.trick:
            return []
        seats = trick_seats(view.leader, view.active)
        return list(zip(seats, view.trick, strict=False))

    def trick_taken(self, move: Move) -> int | None:
        before, state = move.before, self.state
        if not isinstance(move.action, GermanCard) or len(before.trick) != len(before.active) - 1:
            return None
        if state.tricks:
            return int(state.tricks[-1].winner)
        done = state.results[-1].tricks if state.results else ()
        return int(done[-1].winner) if done else None

    def last_trick_of(self, view: View) -> ShownTrick | None:
        tricks = view.tricks or (view.previous.tricks if view.previous is not None else ())
        if not tricks:
            return None
        trick = tricks[-1]
        seats = trick_seats(trick.leader, [s for s in range(len(view.hand_sizes))
                                           if s != self._sitting_out(view, trick)])
        return ShownTrick(tuple(zip(seats, trick.cards, strict=False)), trick.leader,
                          trick.winner)

    def _sitting_out(self, view: View, trick: Any) -> int | None:
        if view.tricks:
            return view.sitting_out
        return view.previous.sitting_out if view.previous is not None else None

    def turn_of(self, view: View) -> int | None:
        return view.turn

    def legal_cards(self, view: View) -> set[GermanCard] | None:
        if view.phase is not Phase.PLAY:
            return None
        return {a for a in view.legal if isinstance(a, GermanCard)}

    def card_of(self, action: Any) -> GermanCard | None:
        return action if isinstance(action, GermanCard) else None

    def choices(self, view: View) -> list[Offer]:
        """The engine's legal bids and doubling calls, each a button, in its order."""
        return [Offer(self.call_label(a), a) for a in view.legal if isinstance(a, Call)]

    def call_label(self, call: Call) -> str:
        return self.tr(f"dobbm.calls.{call.value}")

    def said_text(self, call: Call) -> str:
        return self.tr(f"dobbm.said.{call.value}")

    def choice_title(self, view: View) -> str | None:
        """The dialog's question (short: the plates say who said what)."""
        tr = self.tr
        if view.phase is Phase.BID:
            if Call.WEITER in view.legal:
                return tr("dobbm.ask.open")
            if Call.GUT not in view.legal:
                return tr("dobbm.ask.forced")
            return tr("dobbm.ask.over_dobbm")
        if view.phase is Phase.DOUBLE:
            last = next((c for _s, c in reversed(view.doublings) if c is not Call.GUT), None)
            if Call.SCHWACHER in view.legal:
                return tr("dobbm.ask.schwacher", contract=self.contract_name(view.contract))
            if view.seat == view.declarer and last is not None:
                return tr("dobbm.ask.answer", call=self.said_text(last))
            return tr("dobbm.ask.retour")
        return None

    def selection(self, view: View) -> Selection | None:
        """The Dobbm declarer's discard of 4: its button is his "ich liege". (Its words,
        who has taken the Dobb, the green cards and the Sow rule, are the exchange's box:
        `exchange_lines`, drawn by `DobbmPainter`.)"""
        if view.phase is not Phase.EXCHANGE or view.declarer is None:
            return None
        return Selection(
            dr.DOBB, lambda cards: Discard(tuple(cards)),
            button=lambda picked: self.tr("dobbm.buttons.liege", count=self.tr.digits(picked),
                                          total=self.tr.digits(dr.DOBB)),
            too_many=self.tr("dobbm.too_many"),
            more=lambda missing: self.tr("dobbm.choose_more", count=self.tr.digits(missing)))

    def hand_marks(self, view: View) -> Mapping[GermanCard, str]:
        """The cards the declarer took from the Dobb, while he lays away."""
        if view.phase is Phase.EXCHANGE and view.dobb:
            return {card: "new" for card in view.dobb if card in view.hand}
        return {}

    def refusal(self, seat: int, action: Any) -> tuple[str, str | None] | None:
        problem = self.state.why_illegal(seat, action)
        if problem is None:
            return None
        if isinstance(action, Discard):
            line = "bad_discard"
        else:
            line = "not_allowed" if self.card_of(action) is not None else "not_now"
        return self.word(line), self.rule_text(problem)

    def rule_text(self, problem: BrokenRule) -> str | None:
        rule = RULE_KEYS.get(problem.rule)
        return self.tr(f"dobbm.rules.{rule}") if rule else problem.rule

    # -- names ----------------------------------------------------------------------------------
    def suit_name(self, suit: GermanSuit) -> str:
        return self.tr(f"dobbm.suits.{suit.letter}")

    def card_text(self, card: GermanCard) -> str:
        """A card in words: "Sow of hearts", "7 of bells"."""
        rank = RANK_WORDS.get(card.rank)
        rank_text = self.tr(f"dobbm.ranks.{rank}") if rank else self.tr.digits(card.rank)
        return self.tr("dobbm.card", rank=rank_text, suit=self.suit_name(card.suit))

    def contract_name(self, contract: Contract | None) -> str:
        return self.tr(f"dobbm.contracts.{contract.value}") if contract is not None else ""

    def money(self, value: Fraction | int | float, signed: bool = True) -> str:
        """Shillings with their sign, kept whole in right-to-left text: +36, -12, 0 (a
        fraction to one decimal). The sign is the hyphen: the numbers' bold face has no
        minus sign."""
        amount = Fraction(value).limit_denominator(100)
        size = abs(amount)
        shown = str(int(size)) if size.denominator == 1 else f"{float(size):.1f}"
        sign = "" if not signed else "+" if amount > 0 else "-" if amount < 0 else ""
        return self.tr.isolate(sign + shown)

    # -- plates, panel ----------------------------------------------------------------------
    def plate_lines(self, view: View, seat: int) -> list[tuple[str, str | None]]:
        tr = self.tr
        lines: list[tuple[str, str | None]] = [(tr("dobbm.shillings"),
                                                self.money(view.ledger[seat]))]
        if seat == view.sitting_out and view.phase not in (Phase.OVER, Phase.DEAL):
            lines.append((tr("dobbm.sits_out"), None))
        elif view.phase is Phase.BID:
            said = [call for who, call in view.bids if who == seat]
            if said:
                lines.append((self.said_text(said[-1]), None))
        elif view.declarer is not None and view.phase in (Phase.EXCHANGE, Phase.DOUBLE,
                                                          Phase.PLAY):
            if seat == view.declarer:
                lines.append((tr("dobbm.declarer_tricks"), tr.digits(view.tricks_won[0])))
            else:
                lines.append((tr("dobbm.tricks"), tr.digits(view.tricks_won[1])))
        return lines

    def info_text(self) -> str:
        state, tr = self.state, self.tr
        number = tr.digits(state.hand_number + 1)
        stake = tr.digits(state.options.stake)
        if state.in_musrunde:
            done = state.players - state.musrunde_left + 1
            return tr("dobbm.info_musrunde", number=tr.digits(done),
                      total=tr.digits(state.players), stake=stake)
        if state.dealer is None:
            return tr("dobbm.info_first", number=number, stake=stake)
        return tr("dobbm.info", number=number, stake=stake, dealer=self.seat_name(state.dealer))

    def turn_prompt(self, actor: int, name: str, acting: bool) -> str | None:
        phase = self.state.phase
        if acting:
            return None
        if phase is Phase.BID:
            return self.tr("dobbm.bidding", seat=name)
        if phase is Phase.EXCHANGE:
            return self.tr("dobbm.laying_away", seat=name)
        if phase is Phase.DOUBLE:
            return self.tr("dobbm.doubling", seat=name)
        return None

    def after_applied(self, move: Move) -> None:
        """Say what everybody needs to know: a bid, the contract, a doubling call, a
        thrown-in deal, the play starting."""
        state, action, now, before = self.state, move.action, move.now, move.before
        if move.finished:
            self.sheet_page = 0  # the sheet of a new hand opens on its payments
        name = self.seat_name(move.seat) if move.seat >= 0 else ""
        said: list[str] = []
        if isinstance(action, Call) and action not in (Call.WEITER, Call.GUT):
            said.append(self.word("called", seat=name, call=self.said_text(action)))
        if isinstance(action, Discard):
            said.append(self.word("liege", seat=name))
        if len(state.results) > len(before.results):
            result = state.results[-1]
            if result.outcome == "passed":
                stockerl = any(result.payments)
                said.append(self.word("all_passed_stockerl" if stockerl else "all_passed",
                                      seat=self.seat_name(result.next_dealer)))
        elif state.phase is Phase.PLAY and before.phase is not Phase.PLAY \
                and state.declarer is not None:
            said.append(self.word("play_starts", seat=self.seat_name(state.declarer),
                                  contract=self.contract_name(state.contract),
                                  times=self.tr.digits(dr.multiplier(state.contract,
                                                                     state.doubles))))
        if said:
            self._notify(said[0], " ".join(said[1:]) or None, now)

    # -- the felt's words (its boxes and the trick's indices are DobbmPainter's) -------------
    def table_note(self, view: View) -> tuple[str | None, list[GermanCard]]:
        if view.declarer is None or view.phase not in (Phase.DOUBLE, Phase.PLAY):
            return None, []
        head = self.tr("dobbm.contract_times", contract=self.contract_name(view.contract),
                       times=self.tr.digits(view.multiplier))
        return f"{head} · {self.tr.isolate(self.seat_name(view.declarer))}", []

    def sow_rule_text(self, view: View) -> str | None:
        """The Sow rule of the exchange in the catalogue's words (None: the rules have none)."""
        rule = SOW_RULES.get(view.options.sow_discard_rule)
        return self.tr(f"dobbm.rules.{rule}") if rule else None

    def exchange_lines(self, view: View) -> list[tuple[str, str]]:
        """What the exchange's box says, as (kind, line): who has taken the Dobb ("head",
        for everyone), what the green cards are ("legend", to the declarer whose cards the
        screen shows, the Dobb's among them) and the Sow rule ("rule")."""
        step = self.selection(view)
        name = self.seat_name(view.declarer) if view.declarer is not None else ""
        out = [("head", self.tr("dobbm.exchange_banner_you") if name == self.word("you")
                else self.tr("dobbm.exchange_banner", seat=name))]
        shown = self.viewer == self.orient and self.privacy is None
        if step is not None and shown and self.hand_marks(view):
            out.append(("legend", self.tr("dobbm.legend_new")))
        rule = self.sow_rule_text(view)
        if rule is not None:
            out.append(("rule", rule))
        return out

    # -- the score sheet: the payments, then the ledger ---------------------------------------
    def handle(self, action: Action | None, typed: str, now: float) -> None:
        if self.table_open and not self.menu_open and action in (Action.LEFT, Action.RIGHT):
            self.sheet_page = 1 - self.sheet_page  # the other page of the sheet
            return
        super().handle(action, typed, now)

    def close_table(self) -> None:
        self.sheet_page = 0
        super().close_table()

    def hand_shown(self) -> HandResult | None:
        state = self.state
        return state.results[-1] if state.results else None

    def score_sheet(self) -> ScoreSheet:
        return self.ledger_sheet() if self.sheet_page == 1 else self.payment_sheet()

    def role_text(self, result: HandResult, seat: int) -> str:
        if seat == result.sitting_out:
            return self.tr("dobbm.roles.sits_out")
        if result.declarer is None:
            return ""
        if seat == result.declarer:
            return self.contract_name(result.contract)
        return self.tr("dobbm.roles.defender")

    def payment_sheet(self) -> ScoreSheet:
        """The hand's payments: each player's role, card points, shillings for the hand and
        over the session (a last row adds them up: 0), with the reckoning under it."""
        tr, state = self.tr, self.state
        result = self.hand_shown()
        n = state.players
        header = tuple(tr(f"dobbm.columns.{c}") for c in
                       ("player", "role", "points", "hand", "session"))
        footer = tr("dobbm.sheet_footer" if not state.is_over else "dobbm.sheet_footer_over")
        if result is None:
            rows = tuple(theme.SheetRow((self.seat_name(s), "", "", "",
                                         self.money(state.ledger[s])), False)
                         for s in range(n))
            return ScoreSheet(tr("dobbm.session"), header, rows, footer=footer)
        score = result.score
        rows_list = []
        for seat in range(n):
            points = ""
            if score is not None and seat != result.sitting_out:
                own = score.points if seat == result.declarer else dr.TOTAL - score.points
                points = tr.digits(own)
            name = self.seat_name(seat)
            rows_list.append(theme.SheetRow(
                (name, self.role_text(result, seat), points, self.money(result.payments[seat]),
                 self.money(result.ledger[seat])), seat == result.declarer))
        rows_list.append(theme.SheetRow(
            (tr("dobbm.columns.total"), "", "", self.money(sum(result.payments, Fraction(0))),
             self.money(sum(result.ledger, Fraction(0)))), False))
        title = self.hand_title(result)
        if state.is_over:
            title = tr("dobbm.session_over", title=title)
        return ScoreSheet(title, header, tuple(rows_list), note=self.reckoning(result),
                          footer=footer)

    def hand_title(self, result: HandResult) -> str:
        tr = self.tr
        number = tr.digits(result.number + 1)
        if result.outcome == "passed":
            return tr("dobbm.title_passed", number=number)
        declarer = self.seat_name(result.declarer) if result.declarer is not None else ""
        contract = self.contract_name(result.contract)
        marks = [tr("dobbm.marks.musrunde")] if result.musrunde else []
        if result.outcome == "abandoned":
            key = "abandoned"
        else:
            score = result.score
            assert score is not None
            key = {"declarer": "won", "defenders": "lost", None: "even"}[score.winner]
            if score.dobb_to_defenders:
                marks.append(tr("dobbm.marks.matsch"))
        title = tr(f"dobbm.title_{key}", number=number, seat=declarer, contract=contract)
        return tr("dobbm.marked", title=title, marks=tr("dobbm.joiner").join(marks)) \
            if marks else title

    def reckoning(self, result: HandResult) -> str | None:
        """The hand's sums: D, the margin, the multiplier and what each payer pays."""
        tr = self.tr
        if result.outcome == "passed":
            if any(result.payments):
                amount = max(result.payments)
                return tr("dobbm.note_stockerl", seat=self.seat_name(result.next_dealer),
                          amount=self.money(amount / (len(result.payments) - 1),
                                            signed=False))
            return tr("dobbm.note_passed")
        if result.outcome == "abandoned":
            return tr("dobbm.note_abandoned", what=str(result.irregularity))
        score = result.score
        assert score is not None
        parts = [tr("dobbm.note_points", points=tr.digits(score.points))]
        if score.winner is None:
            parts.append(tr("dobbm.note_even"))
            if score.multiplier > 1:
                parts.append(tr("dobbm.times", times=tr.digits(score.multiplier)))
        else:
            parts.append(tr("dobbm.note_margin", margin=tr.digits(score.margin)))
            parts.append(tr("dobbm.note_amount", base=self.money(score.base, signed=False),
                            times=tr.digits(score.multiplier),
                            amount=self.money(score.amount, signed=False)))
        line = tr("dobbm.joiner").join(parts)
        doubled = self.doubled_text(result)
        return line if doubled is None else f"{line}\n{doubled}"  # the sheet's second row

    def doubled_text(self, result: HandResult) -> str | None:
        """What multiplied a hand's payments, in the rules' terms (§10.2): "× 4:
        Schwacher by East, retour by you" (None: nothing did). Retours that would make
        the line too long for the sheet are counted instead of named."""
        tr = self.tr
        score = result.score
        if score is None or score.multiplier <= 1:
            return None
        calls = [(seat, call) for seat, call in result.doublings if call is not Call.GUT]
        solo = [self.contract_name(Contract.SOLO)] if result.contract is Contract.SOLO else []
        times = tr.digits(score.multiplier)

        def line(named: Sequence[tuple[int, Call]], retours: int) -> str:
            why = solo + [tr("dobbm.why_call", call=self.said_text(call),
                             seat=self.seat_name(seat)) for seat, call in named]
            if retours:
                why.append(tr("dobbm.why_retours", call=self.said_text(Call.RETOUR),
                              count=tr.digits(retours)))
            return tr("dobbm.note_doubled", times=times, why=tr("dobbm.joiner").join(why))

        text = line(calls, 0)
        layout = self._layout
        if layout is None or len(calls) <= 1:
            return text
        px = layout.px
        room = layout.overlay.width - px(70) - px(8)
        if self.text.width(text, px(READ), True, self.rtl) > room:
            text = line(calls[:1], len(calls) - 1)  # the Schwacher, then the retours counted
        return text

    def ledger_sheet(self) -> ScoreSheet:
        """The session's ledger: a row a player, with his shillings in each of the latest
        hands (thrown-in deals too; a column each, after a column of what the hands before
        them brought) and over the session (the last column)."""
        tr, state = self.tr, self.state
        n = state.players
        results = state.public_results
        shown = results[-LEDGER_HANDS:]
        # What the hands not shown brought (a column when there are some, or when one hand
        # alone would leave the sheet the kiosk's three-column one).
        earlier = results[-len(shown) - 1].ledger if len(results) > len(shown) else \
            (Fraction(0),) * n
        before = len(results) > len(shown) or len(shown) <= 1
        header = [tr("dobbm.columns.player")]
        if before:
            header.append(tr("dobbm.columns.earlier"))
        header.extend(tr("dobbm.ledger_hand", number=tr.digits(r.number + 1)) for r in shown)
        header.append(tr("dobbm.columns.total"))
        best = max(state.ledger)
        rows = tuple(theme.SheetRow(
            (self.seat_name(seat), *((self.money(earlier[seat]),) if before else ()),
             *(self.money(r.payments[seat]) for r in shown),
             self.money(state.ledger[seat])), state.ledger[seat] == best and best > 0)
            for seat in range(n))
        first = shown[0].number + 1 if shown else 1
        last = shown[-1].number + 1 if shown else 1
        title = tr("dobbm.ledger_title", first=tr.digits(first), last=tr.digits(last))
        footer = tr("dobbm.sheet_footer" if not state.is_over else "dobbm.sheet_footer_over")
        return ScoreSheet(title, tuple(header), rows, footer=footer)

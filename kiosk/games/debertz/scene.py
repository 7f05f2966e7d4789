"""The Debertz table: what is Debertz's own on the shared card table.

The table itself — plates, backs, the fanned hand with its legal cards, the trick with who
played each card, the last trick on a key, the toast, the countdown, the help line, the
privacy screen of pass and play, the score sheet and the modes menu, every key and click —
is `kiosk.scenes.card_table.scene.CardTableScene`'s. This scene says what Debertz is:

- 2, 3 or 4 seats (4: partners face each other), each a person or a computer;
- the bidding as the table's choice dialog: play or pass in round 1, a suit or pass in
  round 2 (only the suit when the dealer must name one); the trump-seven swap and the
  weak-hand redeal as yes/no dialogs when the engine offers them; bella as a call beside
  the hand when it is announced by hand;
- on the felt: the turned card (and the exposed stock card, each under its name) with the
  trump, and the declarations shown to all when they score (the runs, bella), in boxes as
  wide as the room beside the trick leaves, their lines wrapped rather than shrunk;
- a plate gives a side's score and, during the bidding, the seat's last bid; in play the
  tricks its side has taken (the declarer's marked);
- the score sheet after each deal: card points, last trick, sequences, bella, the deal's
  total, what each side records and its game score, its columns as wide as their words;
  under it who declared which trumps, each run that scored (its length, whose, its
  points) and whose bella, then the bait, hanging and ski marks.

Every line a player reads is drawn at the table's reading size (`READ`): a box too
narrow for a line makes room (a second line, a larger box), never smaller text.
The turned card, the trump and the declarations are this scene's pieces (`extra_pieces`);
the score sheet is drawn by its painter, `kiosk.games.debertz.paint.DebertzPainter`.

What may be done is always the engine's answer (`why_illegal`), named in the catalogue's
words (`RULE_KEYS`). Seats by compass name: South is seat 0, then round to the left.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

import pygame

from engines.cards import tricks as tk
from engines.cards.cards import Card, Suit
from engines.debertz import rules as dr
from engines.debertz.bots import make_bot
from engines.debertz.rules import PASS, PLAY, Bid, DealResult, GameState, Phase, Say, View
from engines.errors import BrokenRule
from engines.registry import game as registered_game
from kiosk import theme
from kiosk.cards_draw import FACE, draw_pip
from kiosk.config import Action
from kiosk.games.debertz.paint import DebertzPainter
from kiosk.i18n import Translator
from kiosk.scenes.card_table.layout import Layout
from kiosk.scenes.card_table.pieces import BOT_PAUSE, DEAL_PAUSE, READ, RESULT_PAUSE, ROW, Piece
from kiosk.scenes.card_table.scene import CardTableScene, Offer, ScoreSheet, ShownTrick
from kiosk.table.choices import Choices
from kiosk.table.controller import Move, Pacing
from kiosk.table.games import TableGame
from kiosk.table.seats import Mode
from kiosk.text import TextRenderer
from kiosk.theme import ACCENT, GOOD, TEXT, TEXT_DIM

BID_PAUSE = 0.7  # before a computer bids
# The trump and declarations boxes' widths by table size (design pixels): as wide as the
# felt beside the trick leaves, clear of the cards at the side and their name tags.
SIDE_W = {2: 340, 3: 314, 4: 256}
FACE_UP = 0.8  # the cards face up in the trump box, of the last trick's card size
MINI = 0.62  # a declared run's cards, of the last trick's card size
DISPLAY_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)  # colours alternate
PLAIN_ORDER = (7, 8, 9, 11, 12, 13, 10, 14)  # low to high in a plain suit
TRUMP_ORDER = (7, 8, 12, 13, 10, 14, 9, 11)  # low to high in trumps
RULE_KEYS = {
    dr.R_TURN: "turn", dr.R_ROUND1: "round1", dr.R_ROUND2: "round2", dr.R_FORCED: "forced",
    dr.R_SWAP: "swap", dr.R_SWAP_DECLARER: "swap_declarer", dr.R_REDEAL: "redeal",
    dr.R_BELLA: "bella", dr.R_PHASE: "phase", dr.R_OVER: "over",
    tk.R_HOLD: "hold", tk.R_FOLLOW: "follow", tk.R_TRUMP: "trump",
    tk.R_OVERTRUMP_LEAD: "overtrump_lead", tk.R_OVERTRUMP_RUFF: "overtrump_ruff",
}
RANK_WORDS = {11: "J", 12: "Q", 13: "K", 14: "A"}  # the catalogue's debertz.ranks.*


def display_order(cards: Sequence[Card], trump: Suit | None) -> list[Card]:
    """A hand as it is held: spades, hearts, clubs, diamonds (colours alternating), trumps
    last; each suit low to high in its own trick order."""
    def key(card: Card) -> tuple[int, int, int]:
        order = TRUMP_ORDER if card.suit is trump else PLAIN_ORDER
        return (card.suit is trump, DISPLAY_SUITS.index(card.suit), order.index(card.rank))

    return sorted(cards, key=key)


@dataclass(frozen=True)
class DebertzTable(TableGame):
    """Debertz: each seat's hand is hidden from the others; a finished deal stops the table."""

    def finished(self, before: Any, after: Any) -> bool:
        return len(after.results) > len(before.results)


DEBERTZ = DebertzTable(hidden=registered_game("debertz").hidden is not None)


class DebertzScene(CardTableScene):
    """A game of Debertz between people and computers, on one screen."""

    game = "debertz"  # the catalogue's section: the table's words are looked up there first
    painter_type = DebertzPainter  # its score sheet

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
        table_game = DEBERTZ if table_game is None else table_game
        super().__init__(
            text, tr, new_game, bots, rng, table_game=table_game,
            pacing=Pacing(computer=pause, chance=DEAL_PAUSE,
                          phases=((str(Phase.BID), BID_PAUSE),), result=RESULT_PAUSE),
            level_bot=level_bot, modes=modes, mode=mode, on_action=on_action,
            turn_seconds=turn_seconds, level=level, thinker=thinker, keys=keys,
            rule_choices=rule_choices, modes_for=modes_for)

    # -- the game's facts for the table -------------------------------------------------------
    def side_of(self, seat: int) -> int:
        return self.state.options.side_of(seat)

    def hand_max(self) -> int | None:
        return int(self.state.options.hand_size)

    def hand_of(self, view: View) -> list[Card]:
        return display_order(view.hand, view.trump)

    def trick_of(self, view: View) -> list[tuple[int, Card]]:
        if view.leader is None:
            return []
        n = len(view.hand_sizes)
        return [((view.leader + i) % n, card) for i, card in enumerate(view.trick)]

    def trick_taken(self, move: Move) -> int | None:
        before, state = move.before, self.state
        if not isinstance(move.action, Card) or len(before.trick) != before.players - 1:
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
        return ShownTrick(tuple(trick.seats(len(view.hand_sizes))), trick.leader, trick.winner)

    def turn_of(self, view: View) -> int | None:
        return view.turn

    def legal_cards(self, view: View) -> set[Card] | None:
        if view.phase is not Phase.PLAY:
            return None
        return {a for a in view.legal if isinstance(a, Card)}

    def card_of(self, action: Any) -> Card | None:
        return action if isinstance(action, Card) else None

    def choices(self, view: View) -> list[Offer]:
        """The engine's legal bids, answers and calls, each a button, in its order."""
        return [Offer(self.action_label(view, a), a) for a in view.legal
                if not isinstance(a, Card)]

    def action_label(self, view: View, action: Any) -> str:
        tr = self.tr
        if action == PLAY:
            assert view.turned is not None
            return tr("debertz.buttons.play", suit=self.suit_name(view.turned.suit))
        if action == PASS:
            return tr("debertz.buttons.pass")
        if isinstance(action, Bid):
            assert action.suit is not None
            return tr("debertz.buttons.name", suit=self.suit_name(action.suit))
        if action is Say.SWAP:
            assert view.turned is not None
            return tr("debertz.buttons.swap")
        if action is Say.REDEAL:
            return tr("debertz.buttons.redeal")
        if action is Say.BELLA:
            return tr("debertz.buttons.bella")
        if action is Say.KEEP:
            return tr("debertz.buttons.keep_" + ("swap" if view.phase is Phase.SWAP
                                                  else "redeal"))
        return str(action)

    def choice_title(self, view: View) -> str | None:
        tr = self.tr
        if view.phase is Phase.BID:
            assert view.turned is not None
            suit = self.suit_name(view.turned.suit)
            if view.bidding_round == 1:
                return tr("debertz.ask_round1", suit=suit)
            if PASS not in view.legal:
                return tr("debertz.ask_forced", suit=suit)
            return tr("debertz.ask_round2", suit=suit)
        if view.phase is Phase.SWAP and view.turned is not None and view.trump is not None:
            return tr("debertz.ask_swap")  # the turned card lies named in the trump box
        if view.phase is Phase.REDEAL:
            return tr("debertz.ask_redeal", points=tr.digits(dr.hand_value(view.hand)))
        return None

    def rule_text(self, problem: BrokenRule) -> str | None:
        rule = RULE_KEYS.get(problem.rule)
        return self.tr(f"debertz.rules.{rule}") if rule else problem.rule

    # -- names ----------------------------------------------------------------------------------
    def suit_name(self, suit: Suit) -> str:
        return self.tr(f"debertz.suits.{suit.letter}")

    def card_text(self, card: Card) -> str:
        """A card in words (the font has no suit signs): "9 of diamonds", "jack of hearts"."""
        rank = RANK_WORDS.get(card.rank)
        rank_text = self.tr(f"debertz.ranks.{rank}") if rank else self.tr.digits(card.rank)
        return self.tr("debertz.card", rank=rank_text, suit=self.suit_name(card.suit))

    def side_name(self, side: int) -> str:
        seats = self.state.options.seats_of(side)
        if len(seats) == 1:
            return self.seat_name(seats[0])
        return self.tr("debertz.pair", first=self.seat_name(seats[0]),
                       second=self.seat_name(seats[1]))

    # -- plates, panel ----------------------------------------------------------------------
    def plate_lines(self, view: View, seat: int) -> list[tuple[str, str | None]]:
        tr = self.tr
        side = self.side_of(seat)
        lines: list[tuple[str, str | None]] = [(tr("debertz.score"),
                                                tr.digits(view.scores[side]))]
        if view.phase is Phase.BID:
            said = [bid for who, bid in view.bids if who == seat]
            if said:
                lines.append((self.bid_text(said[-1]), None))
        elif view.declarer is not None and view.phase is not Phase.DEAL:
            label = "debertz.declarer_tricks" if seat == view.declarer else "debertz.tricks"
            lines.append((tr(label), tr.digits(view.tricks_won[side])))
        return lines

    def bid_text(self, bid: Bid) -> str:
        if bid == PASS:
            return self.tr("debertz.said_pass")
        if bid == PLAY:
            return self.tr("debertz.said_play")
        assert bid.suit is not None
        return self.tr("debertz.said_name", suit=self.suit_name(bid.suit))

    def info_text(self) -> str:
        state, tr = self.state, self.tr
        number = tr.digits(state.deal_number + 1)
        goal = tr.digits(state.options.goal)
        if state.dealer is None:
            return tr("debertz.info_first", number=number, target=goal)
        return tr("debertz.info", number=number, target=goal,
                  dealer=self.seat_name(state.dealer))

    def turn_prompt(self, actor: int, name: str, acting: bool) -> str | None:
        phase = self.state.phase
        if self.bots[actor] is not None and phase is Phase.BID:
            return self.tr("debertz.bidding", seat=name)
        if acting and phase is Phase.PLAY and Say.BELLA in self.state.view(actor).legal:
            return self.tr("debertz.bella_prompt")
        return None

    def after_applied(self, move: Move) -> None:
        """Say what everybody needs to know: trumps fixed, a swap, a redeal, bella, the
        declarations that score, a deal annulled. Two news of one action (a swap that
        starts the play, with its declarations) are both said, the first above."""
        state, action, now = self.state, move.action, move.now
        before = move.before
        name = self.seat_name(move.seat) if move.seat >= 0 else ""
        said: list[str] = []
        if isinstance(action, Bid) and state.trump is not None and before.trump is None:
            said.append(self.word("trump_fixed", seat=name, suit=self.suit_name(state.trump)))
        elif action is Say.SWAP:
            said.append(self.word("swapped", seat=name, card=self.card_text(before.turned)))
        elif action is Say.BELLA or (isinstance(action, Card) and state.bella is not None
                                     and before.bella is None):
            said.append(self.word("bella_said", seat=name))
        if len(state.results) > len(before.results):
            result = state.results[-1]
            if result.outcome in ("annulled", "redeal", "debertz"):
                said.append(self.word(
                    f"outcome.{result.outcome}",
                    seat=self.seat_name(result.by) if result.by is not None else name))
        elif state.phase is Phase.PLAY and before.phase is not Phase.PLAY and state.declared:
            seats = sorted({run.seat for run in state.declared})
            names = self.tr.join([self.seat_name(s) for s in seats])  # each as it is
            said.append(self.word("declared", seat=names))
        if said:
            self._notify(said[0], " ".join(said[1:]) or None, now)

    # -- the felt: the turned card, the trump, the declarations -------------------------------
    def extra_pieces(self, layout: Layout, view: View, now: float) -> list[Piece]:
        if view.phase in (Phase.DEAL, Phase.OVER):
            return []
        return [self._trump_box(layout, view), *self._declarations(layout, view)]

    def toast_clear_of(self, layout: Layout) -> Sequence[pygame.Rect]:
        """The trump and declarations boxes where they reach down to a notice of two lines:
        it goes beside them."""
        view = self.view()
        low = layout.band.bottom - layout.px(24) - 2 * layout.px(ROW)
        return [piece.rect for piece in self.extra_pieces(layout, view, self._now)
                if piece.rect.bottom > low]

    def table_note(self, view: View) -> tuple[str | None, list[Card]]:
        if view.phase in (Phase.DEAL, Phase.OVER):
            return None, []
        shown = [c for c in (view.turned, view.exposed) if c is not None]
        if view.trump is None:
            return self.tr("debertz.turned"), shown
        return f"{self.tr('debertz.trumps')}: {self.suit_name(view.trump)}", shown

    def face_up(self, view: View) -> list[tuple[Card, str | None]]:
        """The cards face up beside the stock, each with its name under it: the turned card
        (after a swap, the trump 7) and the exposed stock card. While trumps are bid the
        turned card alone, named by the box's title."""
        if view.trump is None:
            return [(view.turned, None)] if view.turned is not None else []
        named = ((view.turned, "debertz.turned_card"), (view.exposed, "debertz.stock_card"))
        return [(card, self.tr(key)) for card, key in named if card is not None]

    def side_width(self, layout: Layout) -> int:
        """The width of the trump and declarations boxes at this table (`SIDE_W`)."""
        return layout.px(SIDE_W.get(self.players, min(SIDE_W.values())))

    def _side_box(self, layout: Layout, start: bool, height: int) -> pygame.Rect:
        """A box at the start (or end) side of the band, clear of the trick."""
        px = layout.px
        box = pygame.Rect(0, 0, self.side_width(layout), height)
        box.top = layout.band.top + px(8)
        on_left = start != self.rtl
        if on_left:
            box.left = layout.band.left + px(12)
        else:
            box.right = layout.band.right - px(12)
        return box

    def _wrapped(self, text: str, width: int, size: int, bold: bool = False) -> list[str]:
        """`text` in lines no wider than `width` at `size`, cut only between words."""
        return self.text.wrap(text, size, width, bold=bold, rtl=self.rtl) or [text]

    def _trump_box(self, layout: Layout, view: View) -> Piece:
        """The trump (its suit's name, and with nothing face up its pip) once fixed, and the
        cards face up beside the stock side by side, each named under it (`face_up`)."""
        px = layout.px
        size = px(READ)
        card_w, card_h = (round(v * FACE_UP) for v in layout.last_card)
        shown = self.face_up(view)
        named = any(caption is not None for _, caption in shown)
        trump = view.trump
        title = self.tr("debertz.trumps" if trump is not None else "debertz.turned")
        suit = self.suit_name(trump) if trump is not None else None
        pip = px(22)
        height = px(8) + px(ROW) + (px(ROW) if suit is not None else 0) + px(10)
        if shown:
            height += px(6) + card_h + (px(6) + px(ROW) if named else 0)
        elif suit is not None:
            height += px(8) + 3 * pip
        box = self._side_box(layout, True, height)
        inner = box.inflate(-px(28), 0)
        # Each card in a column as wide as its name, the columns side by side, centred,
        # a rule between them so that the two names do not read as one.
        widths = [max(card_w, self.text.width(caption, size, False, self.rtl)
                      if caption is not None else 0) for _, caption in shown]
        gap = min(px(48), max(px(20), inner.width - sum(widths)))
        columns: list[tuple[Card, str | None, pygame.Rect]] = []
        x = box.centerx - (sum(widths) + gap * (len(widths) - 1)) // 2
        order = list(zip(shown, widths, strict=True))
        for (card, caption), wide in reversed(order) if self.rtl else order:  # turned first
            columns.append((card, caption, pygame.Rect(x, 0, wide, 0)))
            x += wide + gap
        images = [self.painter.surface(card, (card_w, card_h), 0.0) for card, _, _ in columns]
        look = (title, suit, tuple(shown), self.rtl, self.players)

        def paint(surface: pygame.Surface) -> None:
            theme.overlay_box(surface, box, px)
            head = pygame.Rect(inner.left, box.top + px(8), inner.width, px(ROW))
            self._line(surface, "debertz_trump|title", "table", title, size, ACCENT, head,
                       align="center", bold=True)
            top = head.bottom
            if suit is not None and trump is not None:
                row = pygame.Rect(inner.left, top, inner.width, px(ROW))
                self._line(surface, "debertz_trump|suit", "table", suit, size, TEXT, row,
                           align="center", bold=True)
                top = row.bottom
                if not shown:  # 4 players: nothing face up, the suit's sign instead
                    at = (box.centerx, top + px(8) + round(pip * 1.5))
                    pygame.draw.circle(surface, FACE, at, round(pip * 1.5))  # black suits show
                    draw_pip(surface, trump, at, pip)
            top += px(6)
            if named and len(columns) > 1:
                x = (columns[0][2].right + columns[1][2].left) // 2
                pygame.draw.line(surface, TEXT_DIM, (x, top + px(6)),
                                 (x, top + card_h + px(ROW) - px(4)), px(2))
            for (card, caption, column), image in zip(columns, images, strict=True):
                surface.blit(image, image.get_rect(midtop=(column.centerx, top)))
                if caption is not None:
                    under = pygame.Rect(column.left, top + card_h + px(6), column.width,
                                        px(ROW))
                    key = "turned" if card == view.turned else "stock"
                    self._line(surface, f"debertz_trump|{key}", "table", caption, size, TEXT,
                               under, align="center", ink=True)

        return Piece("debertz_trump", box, look, paint)

    def declared_entries(self, view: View, width: int, size: int
                         ) -> list[tuple[list[str], tuple[Card, ...]]]:
        """The declarations box's entries: for each run shown its line(s) and its cards, and
        bella's line: on one line where it fits `width`, else "Bella" over its holder and
        points."""
        tr = self.tr
        entries: list[tuple[list[str], tuple[Card, ...]]] = []
        for run in view.declarations:
            line = tr("debertz.run", seat=self.seat_name(run.seat), value=tr.digits(run.value))
            entries.append((self._wrapped(line, width, size), run.cards))
        if view.bella is not None:
            seat, value = self.seat_name(view.bella), tr.digits(dr.BELLA)
            line = tr("debertz.bella_line", seat=seat, value=value)
            if self.text.width(line, size, False, self.rtl) <= width:
                entries.append(([line], ()))
            else:
                held = tr("debertz.run", seat=seat, value=value)
                entries.append(([tr("debertz.bella"), *self._wrapped(held, width, size)], ()))
        return entries

    def _declarations(self, layout: Layout, view: View) -> list[Piece]:
        """The runs shown to all (scoring, or tied and waiting for the last trick) and
        bella, in a box at the end side of the band."""
        px, tr = layout.px, self.tr
        size = px(READ)
        width = self.side_width(layout) - px(28)
        entries = self.declared_entries(view, width, size)
        if not entries:
            return []
        title = tr("debertz.declarations_tied" if view.runs_tied and view.runs_side is None
                   else "debertz.declarations")
        heads = self._wrapped(title, width, size, bold=True)
        mini = (round(layout.last_card[0] * MINI), round(layout.last_card[1] * MINI))
        heights = [px(ROW) * len(lines) + (mini[1] + px(8) if cards else 0)
                   for lines, cards in entries]
        box = self._side_box(layout, False, px(8) + px(ROW) * len(heads) + sum(heights)
                             + px(10))
        box.height = min(box.height, layout.band.height - px(16))
        look = (tuple(heads), tuple((tuple(lines), cards) for lines, cards in entries),
                self.rtl, self.players)

        def paint(surface: pygame.Surface) -> None:
            theme.overlay_box(surface, box, px)
            inner = box.inflate(-px(28), 0)
            y = box.top + px(8)
            for i, head in enumerate(heads):
                row = pygame.Rect(inner.left, y, inner.width, px(ROW))
                self._line(surface, "debertz_runs|title" + (str(i) if i else ""), "table",
                           head, size, ACCENT, row, align="center", bold=True)
                y = row.bottom
            n = 0
            for (lines, cards), high in zip(entries, heights, strict=True):
                if y + high > box.bottom:
                    break
                for line in lines:
                    row = pygame.Rect(inner.left, y, inner.width, px(ROW))
                    self._line(surface, f"debertz_runs|line{n}", "table", line, size,
                               GOOD if not cards else TEXT, row)
                    n += 1
                    y = row.bottom
                if cards:
                    step = min(round(mini[0] * 0.55),
                               (inner.width - mini[0]) // max(1, len(cards) - 1))
                    shown = list(reversed(cards)) if not self.rtl else list(cards)
                    x = inner.left if not self.rtl else inner.right - mini[0]
                    for card in shown:
                        image = self.painter.surface(card, mini, 0.0)
                        surface.blit(image, (x, y))
                        x += -step if self.rtl else step
                    y += mini[1] + px(8)

        return [Piece("debertz_runs", box, look, paint)]

    # -- the score sheet ------------------------------------------------------------------------
    def deal_shown(self) -> DealResult | None:
        state = self.state
        return state.results[-1] if state.results else None

    def score_sheet(self) -> ScoreSheet:
        tr, state = self.tr, self.state
        result = self.deal_shown()
        n = state.options.sides
        number = tr.digits((result.number if result else state.deal_number) + 1)
        if state.is_over and state.winner is not None:
            title = tr("debertz.game_over", side=self.side_name(state.winner))
        else:
            title = tr("debertz.deal_over", number=number)
        header = tuple(tr(f"debertz.columns.{c}") for c in (
            "side", "cards", "last", "runs", "bella", "total", "points", "score"))
        scores = result.scores if result and result.scores else tuple(state.scores)
        best = max(scores) if scores else 0
        digits = tr.digits
        rows = []
        by_side = {line.side: line for line in result.lines} if result else {}
        for side in range(n):
            name = self.side_name(side)
            line = by_side.get(side)
            if line is None:
                cells = (name, "", "", "", "", "", "", digits(scores[side]))
            else:
                cells = (name, digits(line.card_points), digits(line.last_trick),
                         digits(line.runs), digits(line.bella), digits(line.total),
                         signed(line.points, digits), digits(line.score))
            rows.append(theme.SheetRow(cells, scores[side] == best))
        return ScoreSheet(title, header, tuple(rows), note=self.marks(result))

    def sheet_lines(self, result: DealResult | None = None) -> tuple[str | None, list[str]]:
        """What the score sheet says between its table and its marks: who declared which
        trumps, then each run that scored (its length, whose, its points) and whose bella;
        nothing for a deal not played."""
        result = result if result is not None else self.deal_shown()
        if result is None or result.outcome in ("annulled", "redeal", "debertz"):
            return None, []
        tr, digits = self.tr, self.tr.digits
        declarer = None
        if result.declarer is not None and result.trump is not None:
            declarer = tr("debertz.sheet_declarer",
                          side=self.side_name(self.side_of(result.declarer)),
                          suit=self.suit_name(result.trump))
        said = [tr("debertz.sheet_run", length=digits(len(run.cards)),
                   seat=self.seat_name(run.seat), value=digits(run.value))
                for run in result.runs]
        if result.bella is not None:
            said.append(tr("debertz.bella_line", seat=self.seat_name(result.bella),
                           value=digits(dr.BELLA)))
        return declarer, said

    def marks(self, result: DealResult | None) -> str | None:
        """The deal's marks: made, bait, hanging, ski, the bait penalty, what was collected;
        or why it was not played."""
        if result is None:
            return None
        tr, digits = self.tr, self.tr.digits
        if result.outcome in ("annulled", "redeal", "debertz"):
            who = result.by if result.by is not None else result.dealer
            return tr(f"debertz.outcome.{result.outcome}", seat=self.seat_name(who))
        parts = []
        declarer = next((line for line in result.lines if line.declarer), None)
        name = self.side_name(declarer.side) if declarer else ""
        if result.outcome == "made":
            parts.append(tr("debertz.marks.made", side=name))
        elif result.outcome == "bait":
            parts.append(tr("debertz.marks.bait", side=name,
                            points=digits(declarer.total if declarer else 0)))
        elif result.outcome == "hanging":
            parts.append(tr("debertz.marks.hanging", side=name,
                            points=digits(declarer.total if declarer else 0)))
        for line in result.lines:
            who = self.side_name(line.side)
            if line.collected:
                parts.append(tr("debertz.marks.collected", side=who,
                                points=digits(line.collected)))
            if line.penalty:
                parts.append(tr("debertz.marks.penalty", side=who,
                                points=digits(-line.penalty)))
            if line.ski:
                parts.append(tr("debertz.marks.ski", side=who, points=digits(-line.ski)))
        return tr("debertz.marks.joiner").join(parts)


def signed(value: int, digits: Callable[[object], str]) -> str:
    """A score written with its sign: +112, −100, 0."""
    if value > 0:
        return "+" + digits(value)
    if value < 0:
        return "−" + digits(-value)
    return digits(0)

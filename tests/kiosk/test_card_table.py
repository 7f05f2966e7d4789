"""The shared card table (`kiosk.scenes.card_table.scene`) hosts a game that is not Bidel.

The game is Duel, a tiny trick game for 2 to 5 seats written here in a few lines: each
seat says "play" or "pass" (a choice dialog), South then discards two cards but never an
ace (a select-N step whose rule the engine checks), and five tricks follow (follow the
suit led if you can; the highest card of the suit led wins). Before South's first card
South may "show" (a call beside the hand, as a bella is in Debertz). It is dealt French
cards, or German ones (as Dobbm's). Its scene is only hooks; everything else is the
base's.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path
from typing import Any

import pygame
import pytest

from engines.cards.cards import Card
from engines.cards.german import GermanCard, german_deck
from engines.errors import BrokenRule
from kiosk import theme
from kiosk.config import Action
from kiosk.i18n import Translator
from kiosk.scenes.card_table.layout import PLACES, make_layout
from kiosk.scenes.card_table.pieces import HELP_ROWS, SLIDE
from kiosk.scenes.card_table.scene import CardTableScene, Offer, ScoreSheet, Selection, ShownTrick
from kiosk.table.controller import Move, Pacing
from kiosk.table.games import TableGame
from kiosk.text import TextRenderer
from kiosk.theme import safe_area

SIZE = (1920, 1080)
HAND = 5  # cards each seat plays
R_TURN = "play in turn"
R_BID = "say play or pass"
R_COUNT = "discard exactly two cards from your hand"
R_ACE = "an ace may not be discarded"
R_FOLLOW = "follow the suit led if you can"
R_SHOW = "South may show only before their first card"
SOUTH = tuple(Card.parse(t) for t in ("AS", "4S", "9H", "5H", "8D", "6C", "AC"))
DISCARD = (Card.parse("4S"), Card.parse("9H"))  # South keeps a card of every suit
# The same in German suits (hearts, leaves, acorns, bells; the Sow ranks as an ace), as
# Dobbm's cards are.
GERMAN_SOUTH = tuple(GermanCard.parse(t) for t in ("SH", "8H", "OL", "UL", "9A", "7B", "SB"))
GERMAN_DISCARD = (GermanCard.parse("8H"), GermanCard.parse("UL"))

# -- the game: Duel ------------------------------------------------------------------------------


class DuelError(BrokenRule):
    """A move Duel does not allow."""


@dataclass(frozen=True)
class Discard:
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class DuelTrick:
    leader: int
    plays: tuple[tuple[int, Card], ...]
    winner: int


@dataclass(frozen=True)
class DuelView:
    seat: int
    phase: str
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[DuelTrick, ...]
    turn: int | None
    taken: tuple[int, ...]
    legal: tuple[Any, ...]


class DuelState:
    def __init__(self, players: int, german: bool = False) -> None:
        south = GERMAN_SOUTH if german else SOUTH
        deck: Sequence[Any] = german_deck() if german else [Card(i) for i in range(52)]
        rest = [c for c in deck if c not in south]
        random.Random(players).shuffle(rest)
        self.players = players
        self.hands = [list(south)] + [rest[i * HAND:(i + 1) * HAND] for i in range(players - 1)]
        self.phase = "bid"
        self.turn: int | None = 0
        self.bids: list[str] = []
        self.trick: list[tuple[int, Card]] = []
        self.tricks: list[DuelTrick] = []
        self.shown = False

    @property
    def current_player(self) -> int | None:
        return self.turn

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def legal_actions(self, seat: int | None = None) -> list[Any]:
        seat = self.turn if seat is None else seat
        if seat is None or seat != self.turn:
            return []
        if self.phase == "bid":
            return ["play", "pass"]
        hand = self.hands[seat]
        if self.phase == "discard":
            return [Discard(pair) for pair in combinations(hand, 2)
                    if all(c.rank != 14 for c in pair)]
        led = self.trick[0][1].suit if self.trick else None
        follow = [c for c in hand if c.suit == led]
        return (follow or list(hand)) + (["show"] if self.may_show(seat) else [])

    def may_show(self, seat: int) -> bool:
        return seat == 0 and not self.shown and len(self.hands[0]) == HAND

    def chance_outcomes(self) -> list[Any]:
        return []

    def sample_chance(self, rng: Any) -> Any:
        raise DuelError("no chance in Duel", "Duel has no chance step")

    def why_illegal(self, seat: int, action: Any) -> BrokenRule | None:
        if seat != self.turn:
            return DuelError(R_TURN, f"it is seat {self.turn}'s turn")
        hand = self.hands[seat]
        if self.phase == "bid":
            return None if action in ("play", "pass") else DuelError(R_BID, repr(action))
        if self.phase == "discard":
            if not isinstance(action, Discard) or len(set(action.cards)) != 2 \
                    or not set(action.cards) <= set(hand):
                return DuelError(R_COUNT, repr(action))
            if any(c.rank == 14 for c in action.cards):
                return DuelError(R_ACE, repr(action))
            return None
        if action == "show":
            return None if self.may_show(seat) else DuelError(R_SHOW, "shown already")
        if action not in hand:
            return DuelError(R_FOLLOW, f"{action} is not in the hand")
        if action not in self.legal_actions(seat):
            return DuelError(R_FOLLOW, f"{action} does not follow suit")
        return None

    def apply(self, action: Any, seat: int | None = None) -> None:
        seat = self.turn if seat is None else seat
        assert seat is not None
        problem = self.why_illegal(seat, action)
        if problem is not None:
            raise problem
        n = self.players
        if self.phase == "bid":
            self.bids.append(action)
            self.turn = (seat + 1) % n
            if len(self.bids) == n:
                self.phase, self.turn = "discard", 0
        elif self.phase == "discard":
            for card in action.cards:
                self.hands[0].remove(card)
            self.phase, self.turn = "play", 1  # the seat on South's left leads
        elif action == "show":
            self.shown = True
        else:
            self.hands[seat].remove(action)
            self.trick.append((seat, action))
            self.turn = (seat + 1) % n
            if len(self.trick) == n:
                led = self.trick[0][1].suit
                winner = max((p for p in self.trick if p[1].suit == led), key=lambda p: p[1].rank)
                self.tricks.append(DuelTrick(self.trick[0][0], tuple(self.trick), winner[0]))
                self.trick = []
                self.turn = winner[0]
                if not any(self.hands):
                    self.phase, self.turn = "over", None

    def taken(self) -> tuple[int, ...]:
        return tuple(sum(1 for t in self.tricks if t.winner == s) for s in range(self.players))

    def returns(self) -> tuple[float, ...]:
        return tuple(float(t) for t in self.taken())

    def view(self, seat: int) -> DuelView:
        return DuelView(seat, self.phase, tuple(self.hands[seat]),
                        tuple(len(h) for h in self.hands), tuple(self.trick),
                        tuple(self.tricks), self.turn, self.taken(),
                        tuple(self.legal_actions(seat)) if seat == self.turn else ())

    def clone(self) -> DuelState:
        return copy.deepcopy(self)


class FirstBot:
    """Takes the first legal action."""

    level = "easy"

    def choose(self, view: DuelView, rng: Any) -> Any:
        return view.legal[0]


# -- its scene: only hooks -----------------------------------------------------------------------


class DuelScene(CardTableScene):
    game = "duel"  # no words of its own: every word is the table's
    wide = False  # a score sheet of five columns instead of three

    def title_text(self) -> str:
        return "Duel"

    def mode_text(self) -> str:
        return "Test table"

    def hand_max(self) -> int:
        return len(SOUTH)

    def hand_of(self, view: DuelView) -> list[Card]:
        return sorted(view.hand)  # by suit, then rank

    def trick_of(self, view: DuelView) -> Sequence[tuple[int, Card]]:
        return view.trick

    def trick_taken(self, move: Move) -> int | None:
        tricks = self.state.tricks
        return tricks[-1].winner if len(tricks) > len(move.before.tricks) else None

    def last_trick_of(self, view: DuelView) -> ShownTrick | None:
        if not view.tricks:
            return None
        last = view.tricks[-1]
        return ShownTrick(last.plays, last.leader, last.winner)

    def choices(self, view: DuelView) -> list[Offer]:
        if view.phase == "bid":
            return [Offer("Play", "play"), Offer("Pass", "pass")]
        return [Offer("Show", "show")] if "show" in view.legal else []

    def choice_title(self, view: DuelView) -> str:
        return "Play this hand?"

    def selection(self, view: DuelView) -> Selection | None:
        if view.phase != "discard":
            return None
        return Selection(2, lambda cards: Discard(tuple(cards)), banner="South discards two")

    def plate_lines(self, view: DuelView, seat: int) -> list[tuple[str, str | None]]:
        return [("Tricks", self.tr.digits(view.taken[seat]))]

    def score_sheet(self) -> ScoreSheet:
        taken = self.state.taken()
        best = max(taken)
        if self.wide:
            header: tuple[str, ...] = ("Player", "Bid", "Tricks", "Bonus", "Total")
            rows = tuple(theme.SheetRow((self.seat_name(s), self.state.bids[s], str(t), "0",
                                         str(t)), t == best) for s, t in enumerate(taken))
        else:
            header = ("Player", "Tricks", "Total")
            rows = tuple(theme.SheetRow((self.seat_name(s), str(t), str(t)), t == best)
                         for s, t in enumerate(taken))
        return ScoreSheet("Hand over", header, rows)


def duel(players: int = 2, lang: str = "en", german: bool = False) -> DuelScene:
    tr = Translator(lang)
    return DuelScene(
        TextRenderer(rtl=tr.rtl), tr, lambda: DuelState(players, german),
        (None, *(FirstBot() for _ in range(players - 1))), random.Random(1),
        table_game=TableGame(hidden=True), pacing=Pacing(computer=0.2, result=5.0),
        level_bot=lambda level: FirstBot(), turn_seconds=40)


def drawn(scene: DuelScene, now: float) -> pygame.Surface:
    surface = pygame.Surface(SIZE)
    scene.update(now)
    scene.invalidate()
    scene.draw(surface, now)
    return surface


def run_until(scene: DuelScene, t: float, done: Any, limit: float = 60.0) -> float:
    end = t + limit
    while not done(scene.state) and t < end:
        t += 0.05
        scene.update(t)
    assert done(scene.state)
    return t


def bid_all(scene: DuelScene, t: float = 0.0) -> float:
    scene.update(t)
    assert scene.choose(0, t)  # South says "play"
    return run_until(scene, t, lambda s: s.phase == "discard")


def discard(scene: DuelScene, t: float) -> float:
    german = isinstance(scene.state.hands[0][0], GermanCard)
    for card in GERMAN_DISCARD if german else DISCARD:
        assert scene.toggle(card, t)
    assert scene.confirm(t)
    return t


def first_trick_to_follow(scene: DuelScene) -> float:
    """South has bid and discarded; the seats before South have led to the first trick."""
    t = discard(scene, bid_all(scene))
    t = run_until(scene, t, lambda s: s.turn == 0)
    return t + SLIDE + 0.1


# -- the table at every size ----------------------------------------------------------------------

COVERING = ("toast", "last_trick", "menu", "scores", "privacy")  # laid over the table on purpose


def overlaps(scene: DuelScene) -> list[tuple[str, str]]:
    """Pairs of pieces on screen that overlap where they should not."""
    seat_of = {f"trick:{p.card}": p.seat for p in scene.trick}
    layout = scene._layout
    assert layout is not None
    shown = {k: r for k, (r, _) in scene._shown.items() if k not in COVERING}
    for key in seat_of:  # a card in the trick by its face (its piece holds its shadow too)
        shown[key] = pygame.Rect((0, 0), layout.trick_card).move(
            shown[key].centerx - layout.trick_card[0] // 2,
            shown[key].centery - layout.trick_card[1] // 2)

    def allowed(a: str, b: str) -> bool:
        kinds = {a.split(":")[0], b.split(":")[0]}
        if kinds == {"hand"}:
            return True  # the fan's cards lie on one another
        if kinds == {"plate", "backs"} and a.split(":")[1] == b.split(":")[1]:
            return True  # a seat's backs peep out under its own plate
        if kinds == {"tag", "trick"}:
            tag, card = (a, b) if a.startswith("tag") else (b, a)
            return int(tag.split(":")[1]) == seat_of.get(card)  # pinned to its own card
        return False

    keys = sorted(shown)
    return [(a, b) for i, a in enumerate(keys) for b in keys[i + 1:]
            if shown[a].colliderect(shown[b]) and not allowed(a, b)]


def cap_height(scene: DuelScene, size: int, bold: bool) -> int:
    return scene.text.render("H", size, (255, 255, 255), bold, False).get_bounding_rect(
        min_alpha=128).height


def readable(scene: DuelScene) -> None:
    """Every line a player reads is at least 28 px from the line to the top of an H."""
    assert scene.labels
    for key, label in scene.labels.items():
        assert cap_height(scene, label.size, label.bold) >= 28, (key, label.text, label.size)


def inside(scene: DuelScene) -> None:
    layout = scene._layout
    assert layout is not None
    safe = safe_area(SIZE)
    for key, (rect, _) in scene._shown.items():
        assert safe.contains(rect), (key, rect)
        if key.startswith(("panel:", "timer", "help")):
            assert layout.panel.contains(rect), key
        else:
            assert layout.table.contains(rect), key


@pytest.mark.parametrize(("players", "german"), [(2, False), (3, False), (4, False),
                                                (5, False), (4, True), (5, True)])
@pytest.mark.parametrize("lang", ["en", "fa"])
def test_the_table_lays_out_2_to_5_seats_without_overlaps_in_readable_text(
        display: None, players: int, german: bool, lang: str, tmp_path: Path) -> None:
    scene = duel(players, lang, german)
    # The bidding dialog.
    scene.update(0.0)
    drawn(scene, 0.1)
    assert "dialog" in scene._shown
    assert overlaps(scene) == []
    inside(scene)
    readable(scene)
    # A full trick on the table, its winner shown: every card with its player's name.
    t = first_trick_to_follow(scene)
    drawn(scene, t)  # South to follow, "Show" beside the hand
    assert "calls" in scene._shown and "dialog" not in scene._shown
    assert overlaps(scene) == []
    inside(scene)
    readable(scene)
    assert scene.play(scene.state.legal_actions()[0], t)
    t += SLIDE + 0.05
    drawn(scene, t)
    assert scene.trick_winner(t) is not None or scene.state.turn is not None
    assert len([k for k in scene._shown if k.startswith("trick:")]) == players
    assert len([k for k in scene._shown if k.startswith("tag:")]) == players
    assert overlaps(scene) == []
    inside(scene)
    readable(scene)
    cards = [look[0] for key, (_, look) in scene._shown.items()
             if key.startswith(("trick:", "hand:"))]
    assert all(isinstance(c, GermanCard if german else Card) for c in cards)
    deck = "german" if german else "french"
    pygame.image.save(drawn(scene, t), tmp_path / f"card_table_{players}_{deck}_{lang}.png")


@pytest.mark.parametrize("rtl", [False, True])
def test_two_seats_sit_across_from_each_other(rtl: bool) -> None:
    layout = make_layout(SIZE, rtl, 2)
    top, bottom = layout.plates["top"], layout.plates["bottom"]
    assert PLACES[2] == ("bottom", "top")
    assert abs(top.centerx - layout.inner.centerx) <= 1  # across the table, in the middle
    assert top.bottom < layout.band.top and bottom.top > layout.band.bottom
    mine, theirs = layout.trick_rect("bottom", 2), layout.trick_rect("top", 2)
    assert theirs.bottom < mine.top and theirs.centerx == mine.centerx == layout.centre[0]
    assert layout.band.contains(theirs) and layout.band.contains(mine)


# -- the choice dialog ---------------------------------------------------------------------------


def test_a_dialog_button_clicked_makes_its_action(display: None) -> None:
    scene = duel(2)
    drawn(scene, 0.1)
    assert [o.label for o in scene.offers()] == ["Play", "Pass"]
    assert scene.labels["dialog|title"].text == "Play this hand?"
    assert scene.labels["dialog|button1"].text == "Pass"
    button = next(rect for rect, name in scene._buttons if name == "offer:1")
    scene.click(button.center, 0.2)
    assert scene.state.bids == ["pass"]
    assert scene.offers() == []  # the computer's turn now: no dialog


def test_the_dialogs_buttons_are_chosen_with_the_keys(display: None) -> None:
    scene = duel(3)
    drawn(scene, 0.1)
    assert scene.cursor == 0
    scene.handle(Action.RIGHT, "", 0.2)
    assert scene.cursor == 1
    scene.handle(Action.RIGHT, "", 0.2)
    assert scene.cursor == 0  # round again
    scene.handle(Action.SELECT, "", 0.3)
    assert scene.state.bids == ["play"]


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_the_help_line_and_the_prompt_follow_the_step(display: None, lang: str) -> None:
    scene = duel(2, lang)
    tr = scene.tr

    def says(prompt: str, select: str) -> None:
        layout = scene._layout
        assert layout is not None
        assert scene.prompt() == prompt
        assert [p.action for p in scene.help_pairs()][1] == tr(select)
        assert len(scene.help_rows(layout.help.width)) <= HELP_ROWS

    drawn(scene, 0.1)
    says(tr("table.your_choice"), "table.help.pick")
    t = bid_all(scene)
    drawn(scene, t)
    says(tr("table.choose_cards", count=2), "table.help.pick")
    t = run_until(scene, discard(scene, t), lambda s: s.turn == 0)
    drawn(scene, t)
    says(tr("table.your_turn"), "table.help.play")


# -- a card the rules refuse ---------------------------------------------------------------------


@pytest.mark.parametrize("how", ["key", "click"])
def test_an_illegal_card_shows_the_refusal_and_changes_nothing(display: None, how: str) -> None:
    scene = duel(2)
    t = first_trick_to_follow(scene)
    drawn(scene, t)
    state = scene.state
    led = state.trick[0][1].suit
    hand = scene.hand()
    assert any(c.suit == led for c in hand)
    wrong = next(c for c in hand if c.suit != led)
    before = (list(state.hands[0]), list(state.trick), state.turn)
    # The legal cards are lit, the others dimmed.
    dimmed = {look[0] for key, (_, look) in scene._shown.items()
              if key.startswith("hand:") and look[2]}
    assert dimmed == {c for c in hand if c.suit != led}
    if how == "key":
        scene.cursor = hand.index(wrong)
        scene.handle(Action.SELECT, "", t)
    else:
        slot = next(s for c, s in scene._hand_slots if c == wrong)
        point = (round(slot.centre[0]), round(slot.centre[1]))
        assert scene.card_at(point) == wrong
        scene.click(point, t)
    assert scene.notice_text() == scene.tr("table.not_allowed")
    assert scene.notice_reason() == R_FOLLOW  # the engine's rule, as it names it
    assert (list(state.hands[0]), list(state.trick), state.turn) == before
    drawn(scene, t + 0.1)
    assert scene.labels["toast|line"].text == scene.tr("table.not_allowed")
    assert scene.labels["toast|small0"].text == R_FOLLOW
    readable(scene)
    # A legal one is played.
    right = next(c for c in hand if c.suit == led)
    assert scene.play(right, t + 0.2)
    assert right not in scene.state.hands[0]


# -- choosing N cards ----------------------------------------------------------------------------


def test_select_n_refuses_a_wrong_count_with_a_message(display: None) -> None:
    scene = duel(2)
    t = bid_all(scene)
    drawn(scene, t)
    assert scene.labels["select|text"].text == "South discards two"
    assert scene.labels["select|button"].text == scene.tr("table.buttons.confirm", count=0,
                                                         total=2)
    four, nine, five = Card.parse("4S"), Card.parse("9H"), Card.parse("5H")
    # Too few: the button says how many more.
    assert scene.toggle(four, t)
    assert not scene.confirm(t)
    assert scene.notice_text() == scene.tr("table.choose_more", count=1)
    assert scene.state.phase == "discard" and len(scene.state.hands[0]) == len(SOUTH)
    # Too many: the third is refused.
    assert scene.toggle(nine, t)
    assert not scene.toggle(five, t)
    assert scene.notice_text() == scene.tr("table.too_many", count=2)
    assert scene.picks == [four, nine]
    # A card picked again is put back.
    assert scene.toggle(nine, t) and scene.picks == [four]
    # With the button (the cursor goes to it once two are picked), by the keys.
    assert scene.toggle(nine, t)
    assert scene.cursor == len(scene.hand())
    drawn(scene, t)
    assert scene.labels["select|button"].text == scene.tr("table.buttons.confirm", count=2,
                                                         total=2)
    scene.handle(Action.SELECT, "", t)
    assert scene.state.phase == "play"
    assert four not in scene.state.hands[0] and nine not in scene.state.hands[0]


def test_select_n_refuses_what_the_engine_refuses_with_its_rule(display: None) -> None:
    scene = duel(2)
    t = bid_all(scene)
    ace = Card.parse("AS")
    assert scene.toggle(ace, t) and scene.toggle(Card.parse("4S"), t)
    drawn(scene, t)
    button = next(rect for rect, name in scene._buttons if name == "confirm")
    scene.click(button.center, t)
    assert scene.notice_text() == scene.tr("table.not_now")
    assert scene.notice_reason() == R_ACE
    assert scene.state.phase == "discard" and ace in scene.state.hands[0]


# -- the last trick and the score table ----------------------------------------------------------


def test_the_last_trick_and_a_wide_score_sheet(display: None, tmp_path: Path) -> None:
    scene = duel(3)
    scene.wide = True
    t = first_trick_to_follow(scene)
    scene.handle(Action.LAST_TRICK, "", t)
    drawn(scene, t)
    assert scene.labels["last_trick|title"].text == scene.tr("table.no_last_trick")
    scene.handle(Action.LAST_TRICK, "", t)
    assert scene.play(scene.state.legal_actions()[0], t)
    t = run_until(scene, t, lambda s: len(s.tricks) == 1)
    scene.update(t + 5)
    scene.handle(Action.LAST_TRICK, "", t + 5)
    drawn(scene, t + 5)
    won = scene.state.tricks[0]
    assert scene.labels["last_trick|title"].text == scene.tr(
        "table.last_trick", seat=scene.seat_name(won.winner))
    for seat, _ in won.plays:
        assert scene.labels[f"last_trick|tag{seat}|0"].text == scene.seat_name(seat)
    assert scene.labels[f"last_trick|tag{won.leader}|1"].text == scene.tr("table.led")
    scene.handle(Action.LAST_TRICK, "", t + 5)
    # Play the hand out: the table stops at the score sheet of five columns.
    while not scene.table_open and t < 400:
        t += 0.05
        if scene.decision() == 0:
            scene.play(scene.state.legal_actions()[0], t)
        scene.update(t)
    assert scene.table_open
    pygame.image.save(drawn(scene, t), tmp_path / "card_table_scores.png")
    assert scene.labels["scores|headc4"].text == "Total"
    assert scene.labels["scores|footer"].text == scene.tr("table.new_game_prompt")
    readable(scene)


# -- calls beside the hand -----------------------------------------------------------------------


def test_a_call_beside_the_hand_leaves_the_cards_playable(display: None) -> None:
    scene = duel(2)
    t = first_trick_to_follow(scene)
    drawn(scene, t)
    assert scene.step() == "play"
    assert [o.label for o in scene.offers()] == ["Show"]
    assert scene.labels["calls|button0"].text == "Show"
    hand = scene.hand()
    # The cursor starts on a legal card; down goes to the call, up comes back.
    assert scene.cursor < len(hand)
    scene.handle(Action.DOWN, "", t)
    assert scene.cursor == len(hand)
    scene.handle(Action.UP, "", t)
    assert scene.cursor == len(hand) - 1
    scene.handle(Action.DOWN, "", t)
    scene.handle(Action.SELECT, "", t)
    assert scene.state.shown and scene.state.turn == 0  # still South's turn, to play
    drawn(scene, t)
    assert scene.offers() == [] and "calls" not in scene._shown
    led = scene.state.trick[0][1].suit
    assert scene.play(next(c for c in scene.hand() if c.suit == led), t)


def test_a_call_is_clicked_too(display: None) -> None:
    scene = duel(3)
    t = first_trick_to_follow(scene)
    drawn(scene, t)
    button = next(rect for rect, name in scene._buttons if name == "offer:0")
    scene.click(button.center, t)
    assert scene.state.shown


def test_the_phones_key_says_why_when_phones_cannot_join(display: None) -> None:
    scene = duel(2)
    drawn(scene, 0.1)
    assert scene.phones is None  # no phones' server at this table
    assert not any(name == "phones" for _, name in scene._buttons)  # and no Phones button
    scene.handle(Action.PHONES, "", 0.2)
    assert not scene.phones_open
    assert scene.notice_text() == scene.tr("table.phones_off")

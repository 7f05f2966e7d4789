"""A shop set's cards: typed in on the TV, registered once, claimed on by their number, and
claims checked by numbers for a card never registered (issue 26, parts 1 and 2).

Real parts: the kiosk's key file and SQLite journal in a temporary data directory, the
controller as the app builds it (`build_controller`, a host checking tickets in), the
scene drawing on SDL's dummy driver, and keys as the host presses them.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

import pygame
import pytest
from PIL import Image
from pyzbar import pyzbar

from engines.debarna.card_check import Doubt, StoreCard
from engines.debarna.hand import Hand, Reason
from engines.debarna.options import HandOptions, Stage
from engines.debarna.records import replay
from kiosk.app import KioskOptions, build_controller
from kiosk.config import Action, Config
from kiosk.games.debarna.caller import CallerController, ClaimPhase
from kiosk.games.debarna.journal import Journal
from kiosk.games.debarna.keys import load_codes
from kiosk.games.debarna.numbers_entry import NumberEntry
from kiosk.games.debarna.scene import CallerScene
from kiosk.games.debarna.shop import shop_cards
from kiosk.i18n import Translator
from kiosk.store import open_store
from kiosk.text import TextRenderer

# A shop card: its first two columns do not rise (3, 8, 1 and 15 … 19 rise; 27, 22 fall).
ROWS = ((3, 15, 27, 41, 62), (8, 22, 36, 57, 84), (1, 19, 45, 68, 77))
TYPED = "3 15 27 41 62 8 22 36 57 84 1 19 45 68 77"


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("DEBARNA_DATA_DIR", str(tmp_path))
    return tmp_path


def kiosk_caller() -> CallerController:
    store, problem = open_store()
    return build_controller(Config(), KioskOptions(seed=11), Journal(store, problem),
                            codes=load_codes())


def scene_of(c: CallerController, lang: str = "en") -> CallerScene:
    pygame.init()
    return CallerScene(c, TextRenderer(), Translator(lang))


def press(scene: CallerScene, keys: str, now: float = 1.0) -> None:
    """Characters typed on the TV's keys, one press each."""
    for ch in keys:
        action = Action.PAUSE if ch == " " else None
        scene.handle(action, ch, now)


def register_typed(c: CallerController, scene: CallerScene, typed: str = TYPED) -> None:
    press(scene, "*")
    assert c.shop_draft is not None
    press(scene, typed)
    scene.handle(Action.SELECT, "", 1.0)


def call_until(c: CallerController, card: StoreCard | Hand, stage: Stage,
               now: float = 10.0) -> None:
    """Call until `card` holds `stage` on the last number called."""
    assert c.hand is not None
    shadow = Hand(HandOptions(), [card]) if isinstance(card, StoreCard) else card
    for number in c.called:
        shadow.call(number)
    while stage not in shadow.reached_on_last():
        number = c.call_next(now)
        assert number is not None
        shadow.call(number)


def test_a_card_typed_on_the_tv_is_checked_shown_with_its_doubts_and_registered(
    data: Path,
) -> None:
    c = kiosk_caller()
    c.new_hand(0.0)
    scene = scene_of(c)
    register_typed(c, scene)
    draft = c.shop_draft
    assert draft is not None and draft.check is not None and draft.check.holds
    # The falling columns are doubtful, shown for the host, and do not refuse the card.
    falling = {(0, 0), (1, 0), (2, 0), (0, 2), (1, 2)}
    assert set(draft.check.doubts) == falling
    assert all(Doubt.COLUMN_ORDER in draft.check.doubts[cell] for cell in falling)
    assert c.shop == {}  # not registered before the host confirms
    scene.handle(Action.SELECT, "", 1.0)
    assert draft.done is not None and draft.done.card.serial == "1" and draft.done.in_play
    assert c.in_play == 1 and c.hand is not None and c.hand.ticket("1") is not None
    # Kept in the store: a kiosk started afresh knows card 1 and its numbers.
    store, _ = open_store()
    try:
        kept = shop_cards(store)
    finally:
        store.close()
    assert [(k.serial, k.rows) for k in kept] == [("1", tuple(frozenset(r) for r in ROWS))]
    assert isinstance(kept[0], StoreCard)
    later = kiosk_caller()
    assert [t.serial for t in later.lookup("1")] == ["1"]


def test_the_next_card_gets_the_next_number_or_its_own_and_a_taken_one_is_refused(
    data: Path,
) -> None:
    c = kiosk_caller()
    c.new_hand(0.0)
    scene = scene_of(c)
    register_typed(c, scene)
    scene.handle(Action.SELECT, "", 1.0)
    scene.handle(Action.SELECT, "", 1.0)  # the next card
    other = "5 12 30 44 71 9 25 38 50 88 6 17 49 63 80"
    press(scene, other)
    scene.handle(Action.SELECT, "", 1.0)
    press(scene, "1")  # its own number: but 1 is the first card's
    scene.handle(Action.SELECT, "", 1.0)
    draft = c.shop_draft
    assert draft is not None and draft.done is None
    assert draft.message is not None and draft.message.key == "cards.number_taken"
    assert set(c.shop) == {"1"}
    scene.handle(Action.ERASE, "", 1.0)  # the typed number gone: the next free one
    scene.handle(Action.SELECT, "", 1.0)
    assert draft.done is not None and draft.done.card.serial == "2"
    # The same numbers again are the card registered already, not a third one.
    scene.handle(Action.SELECT, "", 1.0)
    press(scene, other)
    scene.handle(Action.SELECT, "", 1.0)
    scene.handle(Action.SELECT, "", 1.0)
    assert c.shop_draft is not None and c.shop_draft.done is not None
    assert c.shop_draft.done.how == "already" and c.shop_draft.done.card.serial == "2"
    assert set(c.shop) == {"1", "2"}


@pytest.mark.parametrize(("typed", "key"), [
    ("3 15 27 41 62 8 22 36 57 84 1 19 45 68", "cards.type_fifteen"),
    ("3 5 27 41 62 8 22 36 57 84 1 19 45 68 77", "cards.rule.one_a_column"),
    ("3 15 27 41 62 8 22 36 57 84 1 19 45 68 62", "cards.rule.number_twice"),
])
def test_a_card_that_breaks_the_shape_is_refused_naming_the_rule_and_not_registered(
    data: Path, typed: str, key: str,
) -> None:
    c = kiosk_caller()
    c.new_hand(0.0)
    scene = scene_of(c)
    register_typed(c, scene, typed)
    draft = c.shop_draft
    assert draft is not None and draft.check is None
    assert draft.message is not None and draft.message.key == key
    assert Translator("en")(key, **draft.message.values)  # worded in both languages
    assert Translator("fa")(key, **draft.message.values)
    scene.handle(Action.SELECT, "", 1.0)
    assert c.shop == {} and c.in_play == 0


def test_a_registered_card_is_claimed_on_by_its_number_and_the_hand_replays(data: Path) -> None:
    c = kiosk_caller()
    c.new_hand(0.0)
    scene = scene_of(c)
    register_typed(c, scene)
    scene.handle(Action.SELECT, "", 1.0)
    scene.handle(Action.BACK, "", 1.0)
    press(scene, " ", 2.0)  # calling starts
    assert not c.checking_in
    card = c.shop["1"]
    call_until(c, card, Stage.LINE)
    c.open_claim(20.0)
    c.type_serial("1")
    result = c.check_claim(20.0)
    assert result.valid and result.verdict is not None and Stage.LINE in result.verdict.stages
    assert not result.verdict.by_numbers
    assert c.journal is not None and c.journal.hand_id is not None
    hand = replay(c.journal.store.events(c.journal.hand_id))
    assert isinstance(hand.ticket("1"), StoreCard)
    assert hand.winners[Stage.LINE].serials == ("1",)


def _row_card() -> StoreCard:
    return StoreCard("x", ((None, 11, None, 33, None, 52, None, 74, 90),
                           (4, None, 26, None, 47, None, 65, None, 81),
                           (7, 18, None, 39, None, 58, 66, None, None)))


def called_until_a_row(c: CallerController, scene: CallerScene) -> list[int]:
    """Calling started and numbers called until a row of a card never registered is
    complete on the last number: that row, its numbers in order."""
    press(scene, " ", 1.0)
    unseen = _row_card()
    call_until(c, unseen, Stage.LINE)
    assert c.hand is not None
    return sorted(next(r for r in unseen.rows if r <= set(c.hand.called) and c.hand.last in r))


def claim_by_numbers(c: CallerController, scene: CallerScene, numbers: list[int],
                     now: float) -> None:
    """A claim opened and checked by the numbers typed."""
    c.open_claim(now)
    press(scene, "*" + " ".join(str(n) for n in numbers) + " ", now)
    scene.handle(Action.SELECT, "", now)


def test_a_claim_checked_by_numbers_is_judged_journaled_and_replayed(data: Path) -> None:
    c = kiosk_caller()
    c.new_hand(0.0)
    scene = scene_of(c)
    row = called_until_a_row(c, scene)
    c.open_claim(20.0)
    press(scene, "*", 20.0)
    assert c.claim_numbers is not None
    press(scene, " ".join(str(n) for n in row) + " ", 20.0)
    scene.handle(Action.SELECT, "", 20.0)
    result = c.result
    assert c.hand is not None
    assert result is not None and result.valid and result.verdict is not None
    assert result.verdict.by_numbers and result.verdict.stages == (Stage.LINE,)
    scene.draw(pygame.Surface((1920, 1080)), 20.0)
    lines = scene._detail_lines(result, 2000)
    assert any(text == Translator("en")("cards.checked_by_numbers")
               for line in lines for kind, text in line)
    events = c.journal.store.events(c.journal.hand_id) if c.journal else []
    typed = [e for e in events if e["kind"] == "claim_by_numbers"]
    assert [sorted(e["typed"]) for e in typed] == [sorted(row)] and typed[0]["valid"]
    hand = replay(events)
    assert hand.winners[Stage.LINE].serials == c.hand.winners[Stage.LINE].serials


def test_numbers_typed_late_are_refused_naming_the_call_on_which_the_row_was_complete(
    data: Path,
) -> None:
    c = kiosk_caller()
    c.new_hand(0.0)
    scene = scene_of(c)
    row = called_until_a_row(c, scene)
    c.call_next(21.0)  # one more number: the row was complete before it
    claim_by_numbers(c, scene, row, 22.0)
    result = c.result
    assert c.hand is not None
    assert result is not None and not result.valid and result.verdict is not None
    assert result.verdict.reason is Reason.TOO_LATE and result.verdict.by_numbers
    assert result.message.key == "reason.too_late"
    assert Stage.LINE not in c.hand.winners


def test_numbers_with_a_number_not_called_say_which(data: Path) -> None:
    c = kiosk_caller()
    c.new_hand(0.0)
    scene = scene_of(c)
    press(scene, " ", 1.0)
    c.call_next(2.0)
    assert c.hand is not None
    c.open_claim(3.0)
    row = [2, 13, 24, 35, 46]
    press(scene, "*" + " ".join(str(n) for n in row) + " ", 3.0)
    scene.handle(Action.SELECT, "", 3.0)
    result = c.result
    assert result is not None and not result.valid
    missing = [n for n in row if n not in c.hand.called]
    assert result.message.key == "cards.not_called"
    assert result.message.values["numbers"] == missing


def test_number_entry_takes_two_digits_as_a_number_and_a_space_ends_one() -> None:
    entry = NumberEntry()
    entry.type("5 1290۸۰")  # Persian digits as a phone or a Persian keyboard types them
    assert entry.finish() == [5, 12, 90, 80]
    entry.erase()
    assert entry.numbers == [5, 12, 90] and entry.digits == "8"


def test_the_card_panel_draws_in_both_languages(data: Path) -> None:
    for lang in ("en", "fa"):
        c = kiosk_caller()
        c.new_hand(0.0)
        scene = scene_of(c, lang)
        surface = pygame.Surface((1920, 1080))
        register_typed(c, scene)
        scene.draw(surface, 1.0)
        assert "cards|title" in scene.checkin_drawn
        prompts = [k for k in scene.checkin_drawn if k.startswith("cards|prompt|")]
        assert prompts and c.shop_draft is not None and c.shop_draft.check is not None
        assert c.claim_phase is ClaimPhase.CLOSED


def test_the_card_panel_offers_a_phone_the_page_that_photographs_it(data: Path) -> None:
    c = kiosk_caller()
    c.new_hand(0.0)
    scene = scene_of(c)
    # The phones' hub as the scene sees it: its address and the TV's code.
    scene.phones = SimpleNamespace(base_url="http://debarna.local:8080", tv_code="TYNCK")
    press(scene, "*")
    surface = pygame.Surface((1920, 1080))
    scene.draw(surface, 1.0)
    spot = scene.checkin_drawn["cards|code"].rect
    shot = pygame.image.tobytes(surface.subsurface(spot), "RGB")
    found = pyzbar.decode(Image.frombytes("RGB", spot.size, shot))
    assert [s.data.decode() for s in found] == ["http://debarna.local:8080/cards"]
    words = " ".join(k for k in scene.checkin_drawn if k.startswith("cards|prompt|"))
    assert "TYNCK" in words and "http://debarna.local:8080/cards" in words


def test_a_line_checked_by_numbers_wins_its_share_of_the_pot_and_shows_the_numbers(
    data: Path,
) -> None:
    config = Config()
    config = replace(config, pot=replace(config.pot, enabled=True, stake=1000))
    store, problem = open_store()
    c = build_controller(config, KioskOptions(seed=11), Journal(store, problem),
                         codes=load_codes())
    c.new_hand(0.0)
    scene = scene_of(c)
    register_typed(c, scene)
    scene.handle(Action.SELECT, "", 1.0)
    scene.handle(Action.SELECT, "", 1.0)
    register_typed(c, scene, "5 12 30 44 71 9 25 38 50 88 6 17 49 63 80")
    scene.handle(Action.SELECT, "", 1.0)
    scene.handle(Action.BACK, "", 1.0)
    assert c.in_play == 2  # two cards' stakes: 2,000 in the pot, 400 for Line
    row = called_until_a_row(c, scene)
    claim_by_numbers(c, scene, row, 20.0)
    assert c.result is not None and c.result.valid and c.result.typed == tuple(row)
    surface = pygame.Surface((1920, 1080))
    for frame in range(3):  # the verdict's head, then its card and details
        scene.draw(surface, 20.0 + frame / 30)
    assert scene.pot_verdict is not None and scene.pot_verdict[:2] == (400, 1)
    tr = Translator("en")
    texts = [text for line in scene._detail_lines(c.result, 2000) for _, text in line]
    assert tr("cards.typed", numbers=" ".join(str(n) for n in row)) in texts

"""Dabernā's prize pot in the kiosk (rules §8): set before a hand, locked at its first
call, its amounts on the verdict card and the hand-over summary, a hand stopped early
carrying its unwon shares, and the night's ledger kept in the journal (a real SQLite
file) and rebuilt after a restart. Drawn with real pygame on the dummy driver."""

from __future__ import annotations

import io
import json
import random
import re
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

import pygame
import pytest

from engines.debarna.bag import Bag
from engines.debarna.options import HandOptions, Stage
from engines.debarna.strips import make_strips
from engines.debarna.ticket import Ticket, normalise_serial
from kiosk.config import Action, ConfigError, PotConfig, from_mapping
from kiosk.games.debarna.caller import CallerController, ClaimPhase, box_tickets
from kiosk.games.debarna.history import print_ledger, print_record, read_history, read_ledger
from kiosk.games.debarna.journal import Journal
from kiosk.games.debarna.pot_desk import NIGHT_GAP, fold_night, next_stake, read_night
from kiosk.games.debarna.scene import CallerScene
from kiosk.i18n import Translator
from kiosk.store import Store
from kiosk.text import TextRenderer

HD = (1920, 1080)
STAKE = 1000
POT_ON = PotConfig(True, STAKE)
BOX = box_tickets(make_strips(2, random.Random(5)))  # 12 tickets, each number twice
WINNER = BOX[0]


class OrderedBag(Bag):
    """The bag, drawing `order` first (then at random): a hand's calls chosen by a test."""

    def __init__(self, order: Sequence[int]) -> None:
        super().__init__(random.Random(0))
        self._order = list(order)

    def draw(self) -> int:
        if not self._order:
            return super().draw()
        ball = self._order.pop(0)
        self._left.remove(ball)
        self._drawn.append(ball)
        return ball


def rows_of(ticket: Ticket) -> list[list[int]]:
    return [[n for n in row if n is not None] for row in ticket.grid]


def copies(count: int) -> list[Ticket]:
    """The winner and `count - 1` cards with its numbers under other serials: they win
    every stage on the same number as it does."""
    return [WINNER, *(Ticket(f"X-{i}", WINNER.grid) for i in range(2, count + 1))]


def controller(tickets: Sequence[Ticket], journal: Journal | None = None,
               pot: PotConfig | None = POT_ON,
               **options: bool) -> CallerController:
    return CallerController(tickets, HandOptions(**options), rng=random.Random(3),
                            journal=journal, pot=pot)


def deal(c: CallerController, order: Sequence[int], now: float = 0.0) -> None:
    c.start_hand(now)
    c.bag = OrderedBag(order)


def call(c: CallerController, count: int, now: float = 1.0) -> None:
    for i in range(count):
        assert c.call_next(now + i) is not None


def claim(c: CallerController, serial: str, now: float = 50.0) -> None:
    c.open_claim(now)
    c.type_serial(serial)
    c.check_claim(now)
    assert c.result is not None and c.result.valid, c.result


def scene_for(c: CallerController, lang: str) -> CallerScene:
    tr = Translator(lang)
    return CallerScene(c, TextRenderer(rtl=tr.rtl), tr)


def frames(scene: CallerScene, surface: pygame.Surface, count: int = 3) -> None:
    for _ in range(count):
        scene.draw(surface, 60.0)


@pytest.fixture
def surface(display: None) -> Iterator[pygame.Surface]:
    yield pygame.Surface(HD)


def open_journal(path: Path) -> Journal:
    return Journal(Store(path))


# -- a verdict's amount -------------------------------------------------------------------------
@pytest.mark.parametrize("sharing", [1, 2, 3])
def test_the_verdict_card_shows_what_each_card_sharing_a_line_wins(
        surface: pygame.Surface, sharing: int) -> None:
    tickets = [*BOX, *copies(sharing)[1:]]
    c = controller(tickets)
    deal(c, rows_of(WINNER)[0])
    call(c, 5)
    pot = len(tickets) * STAKE  # 12 + the copies, 1,000 each
    line = pot * 20 // 100
    each = line // sharing  # rounded down; the rest goes on to Two lines
    for ticket in copies(sharing):
        claim(c, ticket.serial)
    for lang, amount, shared in (("en", f"{each:,}\u00a0tomans", f"Shared by {sharing} cards"),
                                 ("fa", f"{each:,}".translate(str.maketrans(
                                     "0123456789,", "۰۱۲۳۴۵۶۷۸۹٬")) + "\u2069\u00a0\u2068تومان",
                                  f"میان \u2068{'۰۱۲۳'[sharing]}\u2069 کارت")):
        scene = scene_for(c, lang)
        frames(scene, surface)
        assert scene.verdict_drawn is not None  # the card itself was drawn
        assert scene.pot_verdict is not None
        got, count, text = scene.pot_verdict
        assert (got, count) == (each, sharing)
        assert amount in text
        assert (shared in text) is (sharing > 1), text
    settlement = c.pot_settlement
    assert settlement is not None
    pay = settlement.stage(Stage.LINE)
    assert pay is not None and pay.each == each and pay.passed == line - each * sharing


def test_with_the_pot_off_the_verdict_and_the_hand_over_look_as_without_one(
        surface: pygame.Surface) -> None:
    def played(pot: PotConfig | None) -> tuple[bytes, bytes, CallerScene]:
        c = controller(BOX, pot=pot)
        deal(c, [n for row in rows_of(WINNER) for n in row])
        call(c, 5)
        claim(c, WINNER.serial)
        scene = scene_for(c, "en")
        frames(scene, surface)
        verdict = pygame.image.tobytes(surface, "RGB")
        c.resume(51.0)
        call(c, 5, now=60.0)
        claim(c, WINNER.serial, now=70.0)
        c.resume(71.0)
        call(c, 5, now=80.0)
        claim(c, WINNER.serial, now=90.0)  # a full house: the hand is over
        c.resume(91.0)
        c.update(92.0)
        assert c.hand is not None and c.hand.is_over
        frames(scene, surface)
        return verdict, pygame.image.tobytes(surface, "RGB"), scene

    none = played(None)
    off = played(PotConfig(False, 5000, "€", (20, 30, 50)))
    on = played(PotConfig(True, 5000))
    assert off[0] == none[0] and off[1] == none[1]
    assert off[2].pot_verdict is None and not off[2].controller.pot_panel
    assert on[0] != off[0] and on[1] != off[1]  # the same play with a pot does show it
    assert on[2].pot_verdict is not None and on[2].controller.pot_panel


# -- the hand-over summary ----------------------------------------------------------------------
def test_the_hand_over_summary_shows_each_stage_its_winners_and_the_carry(
        surface: pygame.Surface) -> None:
    tickets = [*BOX, *copies(3)[1:]]  # 14 cards: 14,000
    c = controller(tickets)
    rows = rows_of(WINNER)
    deal(c, [n for row in rows for n in row])
    c.holders[normalise_serial("001-1")] = "Maryam"
    call(c, 5)
    claim(c, WINNER.serial)  # Line: WINNER alone, 2,800
    c.resume(51.0)
    call(c, 5, now=60.0)
    for ticket in copies(3):  # Two lines shared by 3: 4,200 / 3
        claim(c, ticket.serial, now=70.0)
    c.resume(71.0)
    call(c, 5, now=80.0)
    for ticket in copies(2):  # Full house shared by 2: 7,000 / 2
        claim(c, ticket.serial, now=90.0)
    c.resume(91.0)
    c.update(92.0)
    assert c.pot_panel  # the summary comes up at the hand's end
    scene = scene_for(c, "en")
    frames(scene, surface)
    lines = scene.pot_drawn
    assert lines[0] == "This hand's prize pot"
    text = " ".join(lines).replace("\u00a0", " ")
    assert "14 cards × 1,000 tomans = 14,000 tomans" in text
    assert "Line (20 %): 2,800 tomans to Maryam" in text
    assert "Two lines (30 %): 4,200 tomans shared by 3, 1,400 tomans each: " \
           "Maryam, X-2, X-3" in text
    assert "Full house (50 %): 7,000 tomans shared by 2, 3,500 tomans each: " \
           "Maryam, X-2" in text
    assert "To the next hand: 0 tomans" in text
    assert ("Maryam", "1,000", "7,700", "+6,700") in scene.pot_rows
    assert ("X-2", "1,000", "4,900", "+3,900") in scene.pot_rows
    assert ("X-3", "1,000", "1,400", "+400") in scene.pot_rows
    fa = scene_for(c, "fa")
    frames(fa, surface)
    assert any("۷٬۰۰۰" in line and "تومان" in line for line in fa.pot_drawn)
    assert ("Maryam", "۱٬۰۰۰", "۷٬۷۰۰", "+۶٬۷۰۰") in fa.pot_rows


def test_a_hand_stopped_early_carries_its_unwon_shares_to_the_next(tmp_path: Path,
                                                                   surface: pygame.Surface
                                                                   ) -> None:
    journal = open_journal(tmp_path / "journal.sqlite")
    c = controller(BOX, journal)
    deal(c, rows_of(WINNER)[0])
    call(c, 5)
    claim(c, WINNER.serial)  # Line: 2,400 of 12,000
    c.resume(51.0)
    assert c.new_hand(60.0) is False and c.new_hand(61.0) is True  # stopped early
    first = journal.store.events(1)
    settled = [e for e in first if e["kind"] == "pot_settled"]
    assert len(settled) == 1 and settled[0]["carry"] == 12000 - 2400
    assert [s["carried"] for s in settled[0]["stages"]] == [0, 3600, 6000]
    assert c.pot_carry == 9600
    call(c, 1, now=62.0)  # the next hand's pot brings it in
    staked = [e for e in journal.store.events(2) if e["kind"] == "pot_staked"]
    assert staked and staked[0]["carried_in"] == 9600
    c.toggle_pot_panel(63.0)
    scene = scene_for(c, "en")
    frames(scene, surface)
    text = " ".join(scene.pot_drawn).replace("\u00a0", " ")
    assert "12 cards × 1,000 tomans + 9,600 carried in = 21,600 tomans" in text
    assert ("001-1", "1,000", "2,400", "+1,400") in scene.pot_rows


# -- before a hand: the keys ----------------------------------------------------------------------
def test_the_pot_is_set_on_the_tv_before_the_first_call_and_locked_after(
        tmp_path: Path, surface: pygame.Surface) -> None:
    journal = open_journal(tmp_path / "journal.sqlite")
    c = controller(BOX, journal, pot=PotConfig(False, 1000))
    c.start_hand(0.0)
    scene = scene_for(c, "en")
    frames(scene, surface)
    assert scene.wins_drawn[0].text == "No prize pot"
    scene.handle(Action.POT, "", 1.0)
    scene.handle(Action.STAKE_UP, "", 1.0)
    scene.handle(Action.STAKE_UP, "", 1.0)  # 1,000 → 2,000 → 5,000
    assert c.pot_on and c.pot_stake == 5000
    assert c.notice is not None  # the notice writes the stake as money
    assert scene._t(c.notice) == "Prize pot: 5,000\u00a0tomans a card"
    assert "".join(t for _, t in scene._pieces(scene.tr(c.notice.key), c.notice.values)) \
        == "Prize pot: 5,000\u00a0tomans a card"
    frames(scene, surface)
    assert scene.wins_drawn[0].text == "Pot: 5,000\u00a0tomans a card"  # the panel's line
    call(c, 1)
    scene.handle(Action.STAKE_DOWN, "", 2.0)
    scene.handle(Action.POT, "", 2.0)
    assert c.pot_on and c.pot_stake == 5000  # locked once calling starts
    assert c.notice is not None and c.notice.key == "pot.locked"
    staked = [e for e in journal.store.events(1) if e["kind"] == "pot_staked"]
    assert staked[0]["stake"] == 5000 and staked[0]["shares"] == [20, 30, 50]
    frames(scene, surface)
    assert scene.wins_drawn[0].text == "Prize pot: 60,000\u00a0tomans"


def test_the_stake_steps_one_two_five_and_stops_at_its_ends() -> None:
    assert [next_stake(s, 1) for s in (1, 2, 5, 10, 3000, 7000)] == [2, 5, 10, 20, 5000, 10000]
    assert [next_stake(s, -1) for s in (1, 2, 5, 3000, 10000)] == [1, 1, 2, 2000, 5000]
    assert next_stake(1_000_000_000, 1) == 1_000_000_000


# -- the night's ledger across a restart -----------------------------------------------------------
def play_night(journal: Journal) -> CallerController:
    """Three hands: a whole one (Line, Two lines, Full house by the winner, named), one
    shared and stopped early, and a third under way (a few numbers called)."""
    tickets = [*BOX, *copies(2)[1:]]
    c = controller(tickets, journal)
    c.holders[normalise_serial("001-1")] = "Maryam"
    rows = rows_of(WINNER)
    deal(c, [n for row in rows for n in row])
    call(c, 5)
    claim(c, WINNER.serial)
    c.resume(51.0)
    call(c, 5, now=60.0)
    claim(c, "X-2", now=70.0)
    c.resume(71.0)
    call(c, 5, now=80.0)
    claim(c, WINNER.serial, now=90.0)
    c.resume(91.0)
    c.update(92.0)
    assert c.hand is not None and c.hand.is_over
    deal(c, rows[1], now=100.0)
    call(c, 5, now=101.0)
    claim(c, WINNER.serial, now=110.0)
    claim(c, "X-2", now=110.0)
    c.resume(111.0)
    assert c.new_hand(120.0) is False and c.new_hand(121.0) is True  # stopped early
    c.bag = OrderedBag(rows[2])
    call(c, 3, now=130.0)
    return c


def test_the_nights_ledger_and_the_carry_survive_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite"
    journal = open_journal(path)
    before = play_night(journal)
    ledger = before.night.to_json()
    assert ledger["hands"] == 2 and before.pot_carry > 0
    assert before.hand_pot is not None
    journal.store.close()

    again = open_journal(path)  # the kiosk starts again on the same file
    after = controller([*BOX, *copies(2)[1:]], again)
    assert after.night.to_json() == ledger
    assert after.pot_carry == before.pot_carry
    resumed = again.unfinished()
    assert resumed is not None
    after.resume_hand(resumed, 200.0)
    assert after.hand_pot == before.hand_pot  # the third hand's pot, as it was locked
    assert after.pot_settlement == before.pot_settlement
    named = after.night.player("Maryam")
    assert named is not None and named.put_in == 2 * STAKE
    assert named.won == before.night.player("Maryam").won  # type: ignore[union-attr]


def test_a_hand_whose_end_was_not_written_is_summed_from_its_record(tmp_path: Path) -> None:
    """A plug pulled between the full house and its pot_settled: the ledger works the
    hand's pot out again from its pot_staked and its replayed winners, the same sums."""
    path = tmp_path / "journal.sqlite"
    journal = open_journal(path)
    c = play_night(journal)
    store = journal.store
    store._db.execute("DELETE FROM events WHERE kind = 'pot_settled'")
    store._db.commit()
    pots, carry, _ = read_night(store)
    assert [p.hand_id for p in pots] == [1, 2]
    assert carry == c.pot_carry
    assert fold_night(pots).to_json() == c.night.to_json()


def test_a_new_night_begins_after_six_hours_with_the_carry(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite"
    journal = open_journal(path)
    c = play_night(journal)
    assert c.new_hand(140.0) is False and c.new_hand(141.0) is True  # hand 3 stopped early
    assert c.night.hands == 3 and c.pot_carry > 0
    carry = c.pot_carry
    c._pot_at = time.time() - NIGHT_GAP - 60  # the last pot was locked last night
    call(c, 1, now=150.0)
    assert c.night.hands == 0 and c.night.carried_in == carry  # a new night, the carry kept
    store = journal.store
    store._db.execute("UPDATE events SET at = at - ? WHERE hand < 3", (NIGHT_GAP + 60,))
    store._db.commit()
    pots, last, _ = read_night(store)
    assert [p.hand_id for p in pots] == [3]  # hands 1 and 2 were the night before
    assert last == carry
    ledger = read_ledger(path)[0]
    assert ledger is not None and ledger.hands == 1
    assert ledger.carried_in == pots[0].settlement.carried_in > 0


# -- debarna history ----------------------------------------------------------------------------
def test_debarna_history_prints_each_hands_pot_and_the_nights_ledger(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite"
    journal = open_journal(path)
    c = play_night(journal)
    journal.store.close()
    records, _ = read_history(path=path)
    out = io.StringIO()
    for record in records:
        print_record(record, out)
    ledger, _ = read_ledger(path)
    assert ledger is not None and ledger.to_json() == c.night.to_json()
    print_ledger(ledger, out)
    text = out.getvalue()
    assert "prize pot: 13 cards × 1,000 = 13,000" in text
    assert "line (20 %): 2,600 to Maryam (001-1)" in text
    assert "two lines (30 %): 3,900 to X-2" in text
    assert "line (20 %): 2," in text and ", 1,300 each" in text  # hand 2, shared by 2
    assert "not won, carried over" in text
    assert "Prize pot, the last night: 2 hands" in text
    maryam = c.night.player("Maryam")
    assert maryam is not None
    net = re.escape(f"{maryam.net:+,}")
    assert re.search(rf"Maryam +{maryam.put_in:,} +{maryam.won:,} +{net}\n", text), text
    json.dumps(records)  # the --format json form holds the pot too
    assert records[0]["pot"]["carry"] == records[1]["pot"]["carried_in"]


def test_debarna_history_ledger_from_the_command_line(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    from kiosk.cli import main
    from kiosk.store import DB_NAME

    monkeypatch.setenv("DEBARNA_DATA_DIR", str(tmp_path))
    journal = open_journal(tmp_path / DB_NAME)
    play_night(journal)
    journal.store.close()
    out = io.StringIO()
    assert main(["history", "--ledger"], out) == 0
    text = out.getvalue()
    assert "Prize pot, the last night: 2 hands" in text and "Maryam" in text


# -- the config ---------------------------------------------------------------------------------
@pytest.mark.parametrize(("table", "words"), [
    ({"pot": {"stake": 0}}, "pot.stake = 0 is not allowed: use a whole number of the "
                            "currency's smallest unit from 1 to 1,000,000,000"),
    ({"pot": {"stake": 2.5}}, "pot.stake = 2.5 is not allowed: use a whole number"),
    ({"pot": {"shares": [20, 30, 40]}}, "the shares add to 90 % (Line 20 % + Two lines "
                                        "30 % + Full house 40 %), not 100 %"),
    ({"pot": {"shares": [30, 70]}}, "with Two lines played give 3 shares in percent"),
    ({"pot": {"shares": [20, 30, 50]}, "hand": {"two_lines": False}},
     "with Two lines not played (hand.two_lines = false) give 2 shares"),
    ({"pot": {"shares": [20, 30, 50, 0]}}, "pot.shares = [20, 30, 50, 0] is not allowed: "
                                           "use a list of at most 3 whole numbers"),
    ({"pot": {"currency": " tomans "}}, "pot.currency = ' tomans ' is not allowed"),
    ({"pot": {"enabled": "yes"}}, "pot.enabled = 'yes' is not allowed: use true or false"),
])
def test_a_broken_pot_config_is_refused_naming_the_key(table: dict[str, dict[str, object]],
                                                       words: str) -> None:
    with pytest.raises(ConfigError) as refused:
        from_mapping(table)
    assert words in str(refused.value)


def test_a_good_pot_config_is_taken() -> None:
    config = from_mapping({"pot": {"enabled": True, "stake": 5000, "currency": "€",
                                   "shares": [30, 70]}, "hand": {"two_lines": False}})
    assert config.pot == PotConfig(True, 5000, "€", (30, 70))
    assert from_mapping({}).pot.enabled is False  # off by default


def test_debarna_config_check_refuses_a_broken_pot(tmp_path: Path) -> None:
    from kiosk.cli import main

    path = tmp_path / "kiosk.toml"
    path.write_text("[pot]\nenabled = true\nshares = [50, 50, 50]\n", "utf-8")
    err = io.StringIO()
    import contextlib
    with contextlib.redirect_stderr(err):
        code = main(["config", "--check", str(path)], io.StringIO())
    assert code != 0
    assert "pot.shares = [50, 50, 50] is not allowed: the shares add to 150 %" in err.getvalue()


def test_the_pot_keys_do_nothing_while_a_claim_is_open(surface: pygame.Surface) -> None:
    c = controller(BOX, pot=PotConfig(False, 1000))
    c.start_hand(0.0)
    c.open_claim(1.0)
    scene = scene_for(c, "en")
    scene.handle(Action.POT, "", 1.0)
    assert not c.pot_on and c.claim_phase is ClaimPhase.ENTRY


def test_the_ledger_key_opens_the_panel_over_the_numbers_and_pauses_calling(
        surface: pygame.Surface) -> None:
    c = controller(BOX)
    deal(c, rows_of(WINNER)[0])
    call(c, 2)
    assert c.running
    scene = scene_for(c, "en")
    frames(scene, surface)
    board = pygame.image.tobytes(surface, "RGB")
    scene.handle(Action.LEDGER, "", 5.0)
    assert c.pot_panel and c.paused  # the panel covers the ball: calling waits
    frames(scene, surface)
    assert scene.pot_drawn[:2] == ["Prize pot",
                                   "12 cards × 1,000\u00a0tomans = 12,000\u00a0tomans"]
    assert pygame.image.tobytes(surface, "RGB") != board
    scene.handle(Action.LEDGER, "", 6.0)
    assert not c.pot_panel
    frames(scene, surface)
    assert scene.wins_drawn[0].text == "Prize pot: 12,000\u00a0tomans"


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_the_pots_screens_are_readable_from_the_sofa(display: None, lang: str) -> None:
    """The verdict with a shared line, the hand-over summary beside the night's ledger and
    the next hand's check-in line, read as the screen walker reads every screen: cap
    height, contrast, the safe area, overlaps, the catalogue's words."""
    from benchmarks import pot_shot
    from kiosk.i18n import set_language
    from tests.kiosk.walker import Words, read_frame, recording

    words = Words()
    found = []
    with recording():
        tr = set_language(lang)
        c, second, twin = pot_shot.night(lang)
        text = TextRenderer(rtl=tr.rtl)
        scene = CallerScene(c, text, tr)
        also = set(pot_shot.NAMES[lang])

        def read(where: str, now: float) -> None:
            screen = pygame.Surface(HD)
            for _ in range(3):
                scene.draw(screen, now)
            assert len(screen.texts) > 10  # type: ignore[attr-defined]
            found.extend(read_frame(screen, text, lang, where, words, also))  # type: ignore[arg-type]

        now = 100.0
        call(c, 5, now)
        pot_shot.claim(c, [second.serial, twin.serial], now + 5)
        read("verdict", now + 5)
        assert scene.pot_verdict is not None and scene.pot_verdict[1] == 2
        c.resume(now + 6)
        for stage in range(2):
            call(c, 5, now + 10 * (stage + 1))
            pot_shot.claim(c, [second.serial] if stage == 0 else [second.serial, twin.serial],
                           now + 10 * (stage + 1) + 6)
            c.resume(now + 10 * (stage + 1) + 7)
        c.update(now + 40)
        assert c.pot_panel and scene is not None
        read("summary", now + 40)
        assert len(scene.pot_rows) >= 5
        c.new_hand(now + 41)
        read("next hand", now + 41)
    assert not found, "\n".join(map(str, found))


def test_a_pot_settled_names_the_holders_by_their_printed_serials(tmp_path: Path) -> None:
    journal = open_journal(tmp_path / "journal.sqlite")
    play_night(journal)
    settled = [e for e in journal.store.events(1) if e["kind"] == "pot_settled"]
    assert settled and settled[-1]["holders"] == {"001-1": "Maryam"}
    assert "001-1" in settled[-1]["in_play"] and settled[-1]["carry"] == 0

"""The Dobbm table read from the sofa (DESIGN §3b), at 4 and 5 seats, in English and
Persian: the notice keeps clear of the contract box's head all through the doubling and
the play; the trick's cards have indices whose rank reads at a 28 px capital at 1080p
(measured on the drawn card); at 5 seats the name tags lie off every card of the trick;
the discard step says what its green cards are and the Sow rule; the payments sheet says
what doubled the amount a payer pays."""

from __future__ import annotations

import re

import pygame
import pytest

from engines.cards.german import GermanCard
from engines.dobbm.options import DobbmOptions, SowDiscardRule
from engines.dobbm.rules import Call, GameState, Phase
from kiosk.cards_draw import face_of
from kiosk.games.dobbm.scene import DobbmScene
from kiosk.i18n import Translator
from kiosk.scenes.card_table.pieces import KEY_LABELS, Played
from tests.kiosk.test_dobbm_scene import (
    cap_height,
    clashes,
    first_reaching,
    readable,
    scene_with,
    south_on_turn,
)

HD, SMALL = (1920, 1080), (1280, 720)
LATIN = re.compile(r"[A-Za-z]{2,}")


def drawn(scene: DobbmScene, size: tuple[int, int], now: float) -> pygame.Surface:
    surface = pygame.Surface(size)
    scene.invalidate()
    scene.draw(surface, now)
    return surface


def no_latin_on_a_persian_screen(scene: DobbmScene) -> None:
    """No English word on a Persian screen (a key's name, as its cap shows it, aside)."""
    if scene.tr.lang == "fa":
        keys = set(KEY_LABELS.values())
        for key, label in scene.labels.items():
            words = [w for w in LATIN.findall(label.text) if w not in keys]
            assert not words, (key, label.text)


# -- the notice and the contract box ------------------------------------------------------------


def defending(state: GameState) -> bool:
    return south_on_turn(Phase.DOUBLE)(state) and state.declarer != 0 \
        and state.stage == "schwacher"


@pytest.mark.parametrize("size", [HD, SMALL])
@pytest.mark.parametrize("players", [4, 5])
@pytest.mark.parametrize("lang", ["en", "fa"])
def test_the_notice_leaves_the_contract_boxs_head_uncovered(
        display: None, lang: str, players: int, size: tuple[int, int]) -> None:
    scene = first_reaching(defending, players=players, lang=lang)
    assert scene.choose(0, 1000.0)  # "Schwacher!": its notice is up, the box shows the call
    assert scene.state.phase is Phase.DOUBLE and scene.notice is not None
    drawn(scene, size, 1000.0)
    toast = scene._shown["toast"][0]
    assert "dobbm_contract|line0" in scene.labels, "the notice hides the contract box's head"
    head = scene.labels["dobbm_contract|line0"]
    assert head.text == scene.tr("dobbm.contract_times", times=scene.tr.digits(2),
                                 contract=scene.contract_name(scene.state.contract))
    assert not toast.colliderect(head.rect), (toast, head.rect)
    assert not toast.colliderect(scene._shown["dobbm_contract"][0])
    if size == HD:
        readable(scene)
    no_latin_on_a_persian_screen(scene)

    # In the play: a card refused, its rule under the notice (a taller one).
    scene.fast_forward(south_on_turn(Phase.PLAY))
    view = scene.view()
    legal = scene.legal_cards(view) or set()
    wrong = [c for c in scene.hand() if c not in legal]
    if wrong:
        assert not scene.play(wrong[0], 2000.0)
    else:
        scene._say("not_now", 2000.0)
    drawn(scene, size, 2000.0)
    toast = scene._shown["toast"][0]
    assert "dobbm_contract|line0" in scene.labels, "the notice hides the contract box's head"
    assert not toast.colliderect(scene.labels["dobbm_contract|line0"].rect)
    assert scene._layout is not None and scene._layout.inner.contains(toast)
    if size == HD:  # every line of the notice at its size: a long one goes on the next line
        for key, label in scene.labels.items():
            if key.startswith("toast"):
                assert cap_height(scene, label.size, label.bold) >= 28, (key, label.text)


# -- the trick's indices --------------------------------------------------------------------------


def rank_ink(surface: pygame.Surface, rect: pygame.Rect, size: tuple[int, int],
             card: GermanCard) -> int:
    """The height of the rank's ink in the top-left index of a trick card drawn centred
    in `rect`: the rows, from the top of the face, holding pixels at least half way from
    the face's white to the suit's index ink (the first run of them; the pip under the
    rank is a run of its own)."""
    w, h = size
    face = pygame.Rect((0, 0), size)
    face.center = rect.center
    ink = face_of(card).look.ink
    white = tuple(surface.get_at((face.centerx, face.top + round(h * 0.06))))[:3]
    axis = [a - b for a, b in zip(ink, white, strict=True)]
    length = sum(a * a for a in axis)

    def inked(x: int, y: int) -> bool:
        c = tuple(surface.get_at((x, y)))[:3]
        share = sum((ci - bi) * ai for ci, bi, ai in zip(c, white, axis, strict=True)) / length
        off = sum((ci - bi - share * ai) ** 2 for ci, bi, ai in zip(c, white, axis, strict=True))
        return share >= 0.5 and off <= 40 ** 2

    rows = [any(inked(x, y) for x in range(face.left + 3, face.left + round(w * 0.25)))
            for y in range(face.top + 3, face.top + round(h * 0.45))]
    runs, length_now = [], 0
    for hit in [*rows, False]:
        if hit:
            length_now += 1
        elif length_now:
            runs.append(length_now)
            length_now = 0
    runs = [r for r in runs if r >= 5]  # not a corner's antialiased edge
    return runs[0] if runs else 0


@pytest.mark.parametrize("players", [4, 5])
def test_the_trick_cards_ranks_read_at_28_px_at_1080p(display: None, players: int) -> None:
    scene = first_reaching(lambda s: south_on_turn(Phase.PLAY)(s) and len(s.trick) >= 2,
                           players=players)
    for size in (HD, SMALL):
        surface = drawn(scene, size, 1000.0)
        layout = scene._layout
        assert layout is not None
        target = 28 * size[1] / 1080
        measured = []
        for played in scene.trick:
            rect = scene._shown[f"trick:{played.card}"][0]
            measured.append(rank_ink(surface, rect, layout.trick_card, played.card))
        assert len(measured) >= 2 and min(measured) >= target, (size, measured)
    # Every rank, the 10 too (its digits set close): a trick of each.
    for cards in (("TH", "SA", "KB", "OL"), ("UH", "9A", "6B", "7L")):
        scene.trick = [Played(seat, GermanCard.parse(c), None, 0.0, -1e9)
                       for seat, c in zip(scene.view().active, cards, strict=False)]
        scene.collect = None
        surface = drawn(scene, HD, 1000.0)
        layout = scene._layout
        assert layout is not None
        for played in scene.trick:
            rect = scene._shown[f"trick:{played.card}"][0]
            assert rank_ink(surface, rect, layout.trick_card, played.card) >= 28, played.card


# -- the name tags at 5 seats ---------------------------------------------------------------------


def faces(scene: DobbmScene) -> dict[int, pygame.Rect]:
    layout = scene._layout
    assert layout is not None
    out = {}
    for played in scene.trick:
        face = pygame.Rect((0, 0), layout.trick_card)
        face.center = scene._shown[f"trick:{played.card}"][0].center
        out[played.seat] = face
    return out


@pytest.mark.parametrize("size", [HD, SMALL])
@pytest.mark.parametrize("lang", ["en", "fa"])
def test_at_five_seats_no_name_tag_lies_on_a_card_of_the_trick(
        display: None, lang: str, size: tuple[int, int]) -> None:
    scene = first_reaching(lambda s: south_on_turn(Phase.PLAY)(s) and len(s.trick) == 3
                           and len(s.tricks) >= 1, players=5, lang=lang)
    drawn(scene, size, 1000.0)
    tags = {k: r for k, (r, _look) in scene._shown.items() if k.startswith("tag:")}
    assert len(tags) == 3
    for key, rect in tags.items():
        for seat, face in faces(scene).items():
            assert not rect.colliderect(face), (key, seat, rect, face)
    assert clashes(scene) == []
    # Every place, each seat leading and each winning (its tag gold), the cards at rest.
    cards = [GermanCard.parse(c) for c in ("TH", "KB", "OL", "SA", "UH")]
    for leader in range(5):
        for winner in (None, *range(5)):
            scene.trick = [Played((leader + i) % 5, cards[(leader + i) % 5], None, 0.0, -1e9)
                           for i in range(5)]
            scene.collect = None if winner is None else (winner, 1e9)
            drawn(scene, size, 1000.0)
            layout = scene._layout
            assert layout is not None
            shown = faces(scene)
            tags = {k: r for k, (r, _look) in scene._shown.items() if k.startswith("tag:")}
            assert len(tags) == 5
            for key, rect in tags.items():
                assert layout.inner.contains(rect), (key, rect)
                for seat, face in shown.items():
                    assert not rect.colliderect(face), (leader, winner, key, seat)
                for other, there in tags.items():
                    assert other == key or not rect.colliderect(there), (key, other)


# -- the discard step ---------------------------------------------------------------------------


@pytest.mark.parametrize("players", [4, 5])
@pytest.mark.parametrize("lang", ["en", "fa"])
def test_the_discard_says_what_is_green_and_the_sow_rule(
        display: None, lang: str, players: int) -> None:
    tr = Translator(lang)
    scene = first_reaching(south_on_turn(Phase.EXCHANGE), players=players, lang=lang)
    view = scene.view()
    assert scene.hand_marks(view)  # the cards just taken, edged green
    for size in (HD, SMALL):
        drawn(scene, size, 1000.0)
        texts = {k: label.text for k, label in scene.labels.items()
                 if k.startswith("dobbm_exchange")}
        legend = [t for k, t in texts.items() if "|legend" in k]
        assert legend == [tr("dobbm.legend_new")]
        rule = " ".join(t for k, t in sorted(texts.items(), key=lambda kv: int(
            re.sub(r"\D", "", kv[0]))) if "|rule" in k)
        assert rule == tr("dobbm.rules.sow")
        assert any(tr("dobbm.exchange_banner_you") == t for t in texts.values())
        assert clashes(scene) == []
        if size == HD:
            readable(scene)
        no_latin_on_a_persian_screen(scene)
        box = scene._shown["dobbm_exchange"][0]
        for key, label in scene.labels.items():  # each line inside the box, none over another
            if key.startswith("dobbm_exchange"):
                assert box.contains(label.rect.inflate(0, -label.rect.height // 3)), key


def test_the_discard_says_the_rules_sow_variant_or_none(display: None) -> None:
    for rule, key in ((SowDiscardRule.ALL_VS_OTHER_HEARTS, "dobbm.rules.sow_all"),
                      (SowDiscardRule.NONE, None)):
        options = DobbmOptions(players=4, sow_discard_rule=rule)
        for seed in range(1, 30):
            scene = scene_with(options=options, turn_seconds=0, seed=seed)
            scene.fast_forward(south_on_turn(Phase.EXCHANGE), limit=5000)
            if south_on_turn(Phase.EXCHANGE)(scene.state):
                break
        else:
            raise AssertionError("South never laid away")
        lines = dict(scene.exchange_lines(scene.view()))
        assert lines.get("rule") == (scene.tr(key) if key else None)
        assert "legend" in lines


# -- the payments -------------------------------------------------------------------------------


def doubled_sheet(lang: str, players: int) -> DobbmScene:
    """A table stopped at the sheet of a hand South doubled with a Schwacher, played out."""
    scene = first_reaching(defending, players=players, lang=lang)
    assert scene.choose(0, 1.0)
    scene.fast_forward(lambda s: s.phase is Phase.PLAY and len(s.tricks) == 7
                       and len(s.trick) == len(s.active) - 1, limit=5000)
    scene.table.apply(scene.state.legal_actions()[0], 10.0)
    t = 10.0
    while not scene.table_open:
        t += 0.25
        scene.update(t)
    return scene


@pytest.mark.parametrize("players", [4, 5])
@pytest.mark.parametrize("lang", ["en", "fa"])
def test_the_payments_say_what_doubled_them(display: None, lang: str, players: int) -> None:
    scene = doubled_sheet(lang, players)
    tr = scene.tr
    result = scene.state.results[-1]
    score = result.score
    assert score is not None and score.multiplier >= 2
    assert (0, Call.SCHWACHER) in result.doublings
    sheet = scene.score_sheet()
    assert sheet.note is not None
    first, why = sheet.note.split("\n")
    named = tr("dobbm.why_call", call=scene.said_text(Call.SCHWACHER), seat=scene.seat_name(0))
    calls = [tr("dobbm.why_call", call=scene.said_text(c), seat=scene.seat_name(s))
             for s, c in result.doublings if c is not Call.GUT]
    assert why == tr("dobbm.note_doubled", times=tr.digits(score.multiplier),
                     why=tr("dobbm.joiner").join(calls))
    assert named in why and calls[0] == named
    if score.winner is not None:  # "18 × 2 = 36", then what made it × 2
        assert tr("dobbm.note_amount", base=scene.money(score.base, signed=False),
                  times=tr.digits(score.multiplier),
                  amount=scene.money(score.amount, signed=False)) in first
    for size in (HD, SMALL):
        drawn(scene, size, 20000.0)
        assert scene.labels["scores|note"].text == first
        assert scene.labels["scores|note1"].text == why
        assert scene.labels["scores|note1"].size == scene._layout.px(42)  # not shrunk
        if size == HD:
            readable(scene)
        no_latin_on_a_persian_screen(scene)


def test_a_long_chain_of_retours_is_counted_to_fit_the_sheet(display: None) -> None:
    scene = doubled_sheet("en", 5)
    result = scene.state.results[-1]
    assert result.score is not None
    from dataclasses import replace

    calls = ((3, Call.SCHWACHER), (2, Call.RETOUR), (4, Call.RETOUR), (2, Call.RETOUR),
             (3, Call.RETOUR))
    long = replace(result, doublings=calls, score=replace(result.score, multiplier=32))
    drawn(scene, HD, 20000.0)
    text = scene.doubled_text(long)
    assert text is not None and text.startswith("× 32: ")
    assert scene.text.width(text, 42, True, False) <= scene._layout.overlay.width - 70
    assert scene.tr("dobbm.why_retours", call="retour", count=4) in text

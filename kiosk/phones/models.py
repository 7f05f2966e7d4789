"""What each phone page shows (`kiosk.phones` gives the models' fields), built on the
frame loop's thread.

A seat's page is built from `view(seat)` alone, through the card table's own hooks
(`kiosk.scenes.card_table.scene.CardTableScene`): the same hand order, legal cards, offers,
select-N step, plate lines and words as the TV would show that seat, in the page's
language. Nothing of another seat's hidden cards is ever read: the view does not hold
them.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Iterator
from typing import Any

from kiosk.cards_draw import face_of
from kiosk.i18n import Translator

# A German pack's suits with the French signs that stand for them, in their own colours.
SIGNS = {"spades": ("♠", "#111111"), "hearts": ("♥", "#c0192b"), "diamonds": ("♦", "#c0192b"),
         "clubs": ("♣", "#111111")}
GERMAN_SIGNS = {"hearts": ("♥", "#c0192b"), "leaves": ("♠", "#2e7d32"),
                "acorns": ("♣", "#7a4a12"), "bells": ("♦", "#b8860b")}
WORDS = ("next", "send", "lang", "your_name", "take_seat", "scan_tv", "reconnecting",
         "claim", "serial", "tv_code", "follow", "forget", "last", "called", "board",
         "ticket", "trick", "cards", "you", "waiting", "closed", "aside", "new", "hand",
         "network_error", "join_seat")
# The check-in page's own words (`phones.checkin.<key>`), in its model's `words` as
# "checkin.<key>": only that page carries them, so every other page's message stays short.
CHECKIN_WORDS = ("title", "count_label", "add", "hint", "in_play", "already", "unknown",
                 "ambiguous", "taken", "strip", "strip_all", "follow", "yours", "started",
                 "closed", "no_serial", "other")


def card_model(card: Any, legal: bool, mark: str | None) -> dict[str, Any]:
    """A card as a page draws it; its `id` is its engine text (`str(card)`)."""
    ident, label, rank, sign, colour = _card_fields(card)
    return {"id": ident, "label": label, "rank": rank, "suit": sign, "colour": colour,
            "legal": legal, "mark": mark}


@functools.lru_cache(maxsize=256)
def _card_fields(card: Any) -> tuple[str, str, str, str, str]:
    # a card's printed face never changes: worked out once (every push shows every hand)
    face = face_of(card)
    signs = GERMAN_SIGNS if face.deck != "french" else SIGNS
    sign, colour = signs.get(face.suit, ("?", "#111111"))
    return str(card), f"{face.rank}{sign}", face.rank, sign, colour


def page_words(tr: Translator) -> dict[str, str]:
    return dict(_page_words(tr))


@functools.lru_cache(maxsize=8)
def _page_words(tr: Translator) -> tuple[tuple[str, str], ...]:
    # a translator's catalogue never changes: looked up once for every page it writes
    return tuple((word, tr(f"phones.words.{word}")) for word in WORDS)


def checkin_words(tr: Translator) -> dict[str, str]:
    return dict(_checkin_words(tr))


@functools.lru_cache(maxsize=8)
def _checkin_words(tr: Translator) -> tuple[tuple[str, str], ...]:
    own = tuple((f"checkin.{word}", tr(f"phones.checkin.{word}")) for word in CHECKIN_WORDS)
    return _page_words(tr) + own


@contextlib.contextmanager
def speaking(scene: Any, tr: Translator) -> Iterator[None]:
    """The scene's words in `tr`'s language for a while (the frame loop's thread only)."""
    old = scene.tr
    scene.tr = tr
    try:
        yield
    finally:
        scene.tr = old


def seat_model(scene: Any, seat: int, tr: Translator, now: float) -> dict[str, Any]:
    """Seat `seat`'s page at the card table `scene` (a CardTableScene)."""
    with speaking(scene, tr):
        return _seat_model(scene, seat, tr, now)


def _seat_model(scene: Any, seat: int, tr: Translator, now: float) -> dict[str, Any]:
    table = scene.table
    state = table.state
    view = state.view(seat)
    actor = state.current_player
    mine = actor == seat and not state.is_over and not table.showing_result \
        and not table.result_due
    selection = scene.selection(view) if mine else None
    legal = scene.legal_cards(view) if mine and selection is None else None
    offers = list(scene.choices(view)) if mine and selection is None else []
    step = "select" if selection is not None else "play" if legal is not None else \
        "choose" if offers else ""
    marks = scene.hand_marks(view)
    hand = [card_model(card, legal is not None and card in legal, marks.get(card))
            for card in scene.hand_of(view)]
    names = [scene.seat_name(s) for s in range(scene.players)]
    sizes = scene.hand_sizes(view)
    seats = []
    for s in range(scene.players):
        lines = [label if value is None else f"{label} {value}"
                 for label, value in scene.plate_lines(view, s)]
        seats.append({"seat": s, "name": names[s], "who": scene.role(s),
                      "cards": int(sizes[s]), "lines": lines,
                      "turn": actor == s and not state.is_over, "you": s == seat})
    trick = [{"seat": s, "name": names[s], "card": card_model(card, False, None)}
             for s, card in scene.trick_of(view)]
    if mine:
        if step == "select" and selection is not None:
            prompt = scene.word("choose_cards", count=selection.count)
        elif step == "choose":
            prompt = scene.choice_title(view) or scene.word("your_choice", seat=names[seat])
        else:
            prompt = scene.turn_prompt(seat, names[seat], True) or \
                scene.word("your_turn", seat=names[seat])
    elif table.showing_result and not state.is_over:  # the page's Next goes on
        prompt = tr("phones.next_prompt")
    elif state.is_over:
        prompt = scene.word("new_game_prompt")
    elif actor is None or actor < 0:
        prompt = scene.word("dealing")
    else:
        prompt = scene.turn_prompt(actor, names[actor], False) or \
            scene.word("thinking", seat=names[actor])
    select = None
    if selection is not None:  # the button's label with each number of cards picked
        labels = [selection.button(picked) if selection.button is not None else
                  tr("table.buttons.confirm", count=picked, total=selection.count)
                  for picked in range(selection.count + 1)]
        select = {"count": selection.count, "button": labels[-1], "buttons": labels,
                  "banner": selection.banner}
    result = None
    if table.showing_result:  # as on the TV (its last trick is gathered first)
        sheet = scene.score_sheet()
        result = {"title": sheet.title, "header": list(sheet.header),
                  "rows": [[str(cell) for cell in row.cells] for row in sheet.rows],
                  "footer": sheet.note or ""}
    note, shown = scene.table_note(view)
    title = scene.choice_title(view) if offers else None
    return {
        "kind": "table", "game": scene.game, "title": scene.title_text(), "lang": tr.lang,
        "rtl": tr.rtl, "seat": seat, "name": names[seat], "prompt": prompt,
        "your_turn": mine and step != "", "clock": table.seconds_left(now) if mine else None,
        "step": step, "hand": hand, "select": select,
        "offers": [{"id": str(o.action), "label": o.label} for o in offers],
        "offers_title": None if title == prompt else title,
        "note": {"title": note, "cards": [card_model(c, False, None) for c in shown]}
        if note is not None or shown else None,
        # While a hand's scores are shown the game's line is already the next hand's (its
        # number one on): the scores' title says which hand it was.
        "trick": trick, "seats": seats, "notice": None,
        "info": "" if result is not None else scene.info_text(),
        "result": result, "over": bool(state.is_over), "words": page_words(tr),
    }


def ticket_model(controller: Any, ticket: Any, tr: Translator, claim: dict[str, Any] | None
                 ) -> dict[str, Any]:
    """A Dabernā ticket's page: the ticket, the numbers called, the claim's outcome."""
    called = list(controller.called)
    running = controller.hand is not None
    return {
        "kind": "ticket", "lang": tr.lang, "rtl": tr.rtl, "title": tr("phones.ticket_title"),
        "serial": ticket.serial,
        "grid": [[cell for cell in row] for row in ticket.grid],
        "called": called, "last": controller.last, "claim": claim,
        "can_claim": running, "status": tr("phones.hand_on" if running else "phones.no_hand"),
        "words": page_words(tr),
    }


def board_model(controller: Any, tr: Translator) -> dict[str, Any]:
    """The board page: the numbers called this hand."""
    running = controller.hand is not None
    return {"kind": "board", "lang": tr.lang, "rtl": tr.rtl, "title": tr("phones.board_title"),
            "called": list(controller.called), "last": controller.last,
            "status": tr("phones.hand_on" if running else "phones.no_hand"),
            "words": page_words(tr)}


def checkin_model(controller: Any, tr: Translator) -> dict[str, Any]:
    """The check-in page: whether the TV is checking tickets in (before a hand's first
    call), how many are in play, and if not, why not."""
    taking = bool(controller.checking_in)
    started = controller.hand is not None and bool(controller.called)
    status = "" if taking else tr("phones.checkin.started" if started else "phones.checkin.closed")
    return {"kind": "checkin", "lang": tr.lang, "rtl": tr.rtl, "title": tr("phones.checkin.title"),
            "open": taking, "count": controller.in_play, "status": status,
            "words": checkin_words(tr)}

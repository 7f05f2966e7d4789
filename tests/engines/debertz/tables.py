"""Laying out Debertz deals by hand for the tests: the cards each seat holds once the hands
are completed, turned into the first deal (six cards each, the turned card, the stock in
the order that completes them)."""

from __future__ import annotations

from collections.abc import Sequence

from engines.cards.cards import Card, parse_cards
from engines.cards.deals import Deal
from engines.debertz.options import DebertzOptions
from engines.debertz.rules import DECK, Action, GameState, Phase, schedule


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def lay_out(players: int, dealer: int, hands: Sequence[str], turned: str,
            turned_to: int | None = None, exposed: str | None = None) -> Deal[Card]:
    """The first deal after which the seats hold `hands` (completed: 9 cards each with 2–3
    players; 8 with 4, the turned card in `turned_to`'s hand). The other cards fill the
    stock; `exposed` is put at its bottom (the exposed stock card, §7.1)."""
    full = [cards(h) for h in hands]
    up = Card.parse(turned)
    order = schedule(players).dealing_order(dealer)
    first: list[list[Card]] = [[] for _ in range(players)]
    later: list[Card] = []
    for seat in order:
        hand = [c for c in full[seat] if c is not up]
        size = 9 if players < 4 else 8
        assert len(full[seat]) == size, f"seat {seat} holds {len(full[seat])} cards"
        first[seat] = hand[:6]
        later.extend(hand[6:])
    used = {c for h in full for c in h} | {up}
    rest = [c for c in DECK if c not in used]
    if exposed is not None:
        bottom = Card.parse(exposed)
        rest.remove(bottom)
        rest.append(bottom)
    return Deal(dealer, tuple(tuple(h) for h in first), (up,), tuple(later + rest))


def table(options: DebertzOptions, deal: Deal[Card], *bids: str) -> GameState:
    """A game dealt `deal`, with `bids` (text) made in turn."""
    state = GameState(options)
    state.apply(deal)
    for bid in bids:
        state.apply(bid)
    return state


def play_out(state: GameState) -> None:
    """Finish the current deal: the first legal action each time (keep, no swap)."""
    number = state.deal_number
    while state.deal_number == number and not state.is_over:
        legal = state.legal_actions()
        action: Action = legal[0]
        if state.phase in (Phase.SWAP, Phase.REDEAL):
            action = legal[-1]  # keep
        state.apply(action)

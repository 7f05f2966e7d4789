"""Fixed deals and small helpers for the Dobbm tests."""

from __future__ import annotations

from typing import Any

from engines.cards.deals import Deal
from engines.cards.german import GermanCard, parse_german_cards
from engines.dobbm.options import DobbmOptions
from engines.dobbm.rules import Call, GameState

# Dealer 3 of 4: seat 0 speaks first. Seat 0 holds six hearts with the Sow, the Sows of
# leaves and acorns; the Dobb is four low bells.
FOUR = {
    0: "SH TH KH OH UH 9H SL SA",
    1: "8H 7H TL KL OL UL 9L 8L",
    2: "6H 7L 6L TA KA OA UA 9A",
    3: "8A 7A 6A SB TB KB OB UB",
}
FOUR_DOBB = "9B 8B 7B 6B"

# Dealer 0 of 5 sits out: seats 1, 2, 3, 4 are dealt, seat 1 speaks first.
FIVE = {1: FOUR[0], 2: FOUR[1], 3: FOUR[2], 4: FOUR[3]}


def cards(text: str) -> list[GermanCard]:
    return parse_german_cards(text)


def deal_of(dealer: int, hands: dict[int, str], dobb: str, players: int = 4) -> Deal[GermanCard]:
    return Deal(dealer, tuple(tuple(cards(hands.get(s, ""))) for s in range(players)), (),
                tuple(cards(dobb)))


def dealt(options: DobbmOptions | None = None, dealer: int | None = None,
          hands: dict[int, str] | None = None, dobb: str = FOUR_DOBB) -> GameState:
    """A session with the fixed deal applied (4 players: dealer 3; 5 players: dealer 0)."""
    options = options or DobbmOptions()
    state = GameState(options)
    five = options.players == 5
    if dealer is None:
        dealer = 0 if five else 3
    if hands is None:
        hands = FIVE if five else FOUR
        if five and dealer != 0:
            hands = {(s + dealer) % 5: h for s, h in FIVE.items()}
        elif not five and dealer != 3:
            hands = {(s + dealer + 1) % 4: h for s, h in FOUR.items()}
    state.apply(deal_of(dealer, hands, dobb, options.players))
    return state


def say(state: GameState, *actions: Any) -> GameState:
    """Apply actions (objects or text) in turn."""
    for action in actions:
        state.apply(action)
    return state


def play_out(state: GameState) -> GameState:
    """Play the hand in progress to its end: gut to every doubling question, else each seat
    its first legal action."""
    number = state.hand_number
    while state.hand_number == number and not state.is_over:
        legal = state.legal_actions()
        state.apply(Call.GUT if Call.GUT in legal else legal[0])
    return state


def fingerprint(state: GameState) -> tuple[Any, ...]:
    return (state.current_player, state.phase, len(state.history),
            tuple(state.view(s) for s in range(state.players)),
            tuple(tuple(h) for h in state.hands), tuple(state.ledger))

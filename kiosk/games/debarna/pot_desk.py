"""The kiosk side of Dabernā's prize pot (rules §8): the stake set before a hand, the
hand's pot locked at its first call, its sharing out as stages are won, and the night's
ledger kept in the journal.

The money is the engine's (`engines.debarna.pot`: `PotSettings`, `settle`, `Ledger`);
here it is only set, journaled and read back.

- Before a hand's first call the host turns the pot on or off and moves the stake
  (`pot_toggle`, `pot_stake_step`); from the first call on both are locked for the hand
  (a change then is for the next hand).
- At the first call the pot is locked and journaled (`pot_staked`: the stake, the
  stages' shares and what the last hand carried over). What each stage pays is
  `settle` of the cards in play and the hand's winners at any moment, so a verdict
  shows what a card won, and a shared win what each card gets.
- When the hand ends (a full house, or stopped early by a new hand) its settlement is
  journaled (`pot_settled`: every stage's pay, the cards in play, who held them, the
  carry to the next hand); the night's ledger takes it in when the next hand starts.
- **A night** (Decision): the hands with a pot, each locked less than `NIGHT_GAP` (six
  hours) after the one before. A hand locked later begins a new night, whose ledger
  starts from nothing but what the pot carried over. After a restart the night's ledger
  and the carry are rebuilt from the journal (`rebuild_night`): from each finished
  hand's last `pot_settled`, or, for a hand whose end was not written, from its
  `pot_staked` and its replayed winners, the same sums.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engines.debarna.hand import Hand
from engines.debarna.options import HandOptions, Stage
from engines.debarna.pot import (
    Ledger,
    PotError,
    PotSettings,
    Settlement,
    StagePay,
    settle,
)
from engines.debarna.records import RecordError, replay
from engines.debarna.ticket import normalise_serial
from kiosk.config import STAKE_RANGE, PotConfig
from kiosk.games.debarna.outputs import Changed
from kiosk.i18n import Translator, Written, to_digits

if TYPE_CHECKING:
    from kiosk.games.debarna.journal import Journal
    from kiosk.store import Store

log = logging.getLogger("kiosk.games.debarna.caller")

NIGHT_GAP = 6 * 3600.0  # seconds between two hands' pots that begin a new night
LOOK_BACK = 500  # hands read back for the last pot at start
STAKED, SETTLED = "pot_staked", "pot_settled"
HOLDER_KINDS = ("ticket_issued", "ticket_replaced", "holder_named")


# -- the stake's steps --------------------------------------------------------------------------
def stake_ladder() -> list[int]:
    """The stakes the TV's keys step through: 1, 2, 5, 10, 20, 50 ... up to the highest
    stake the config allows."""
    low, high = STAKE_RANGE
    steps, scale = [], 1
    while scale <= high:
        steps += [m * scale for m in (1, 2, 5) if low <= m * scale <= high]
        scale *= 10
    return steps


def next_stake(stake: int, direction: int) -> int:
    """The ladder's next stake up (+1) or down (-1) from `stake`; a stake between steps
    (the config file's) goes to the neighbouring step; the ends stay where they are."""
    ladder = stake_ladder()
    if direction > 0:
        return next((s for s in ladder if s > stake), ladder[-1])
    return next((s for s in reversed(ladder) if s < stake), ladder[0])


def pot_settings(stake: int, shares: Sequence[int], options: HandOptions) -> PotSettings:
    """The pot of a hand played with `options`: the config's shares, or §8's when none are
    given or they do not fit the hand's stages (Two lines changed on the settings screen
    after the shares were written for the other way): then the log says so."""
    if shares:
        try:
            if len(shares) == 3:
                settings = PotSettings(stake, shares[0], shares[1], shares[2])
            elif len(shares) == 2:
                settings = PotSettings(stake, shares[0], None, shares[1])
            else:
                raise PotError("the shares of the stages in play add to 100 %", "wrong count")
            settings.check_options(options)
            return settings
        except PotError as exc:
            log.warning("the pot's shares %s do not fit this hand (%s): the rules' shares "
                        "are used", list(shares), exc)
    return PotSettings.for_options(stake, options)


# -- journal forms ------------------------------------------------------------------------------
def settings_to_json(settings: PotSettings, carried_in: int) -> dict[str, Any]:
    return {"stake": settings.stake, "shares": [p for _, p in settings.shares],
            "carried_in": carried_in}


def settings_from_json(data: Mapping[str, Any]) -> tuple[PotSettings, int]:
    """A `pot_staked` event's settings and carry in; PotError or KeyError/TypeError."""
    shares = list(data["shares"])
    if len(shares) not in (2, 3):
        raise ValueError(f"{len(shares)} shares")
    if len(shares) == 3:
        settings = PotSettings(data["stake"], shares[0], shares[1], shares[2])
    else:
        settings = PotSettings(data["stake"], shares[0], None, shares[1])
    carried = data["carried_in"]
    if type(carried) is not int or carried < 0:
        raise TypeError(f"carried_in {carried!r}")
    return settings, carried


def settlement_to_json(settlement: Settlement, in_play: Sequence[str],
                       holders: Mapping[str, str]) -> dict[str, Any]:
    return {
        "stake": settlement.stake, "cards": settlement.cards,
        "carried_in": settlement.carried_in, "carry": settlement.carry_out,
        "stages": [{"stage": str(p.stage), "percent": p.percent, "share": p.share,
                    "brought": p.brought, "serials": list(p.serials), "each": p.each,
                    "passed": p.passed, "carried": p.carried} for p in settlement.stages],
        "in_play": list(in_play), "holders": dict(holders),
    }


def settlement_from_json(data: Mapping[str, Any]) -> tuple[Settlement, list[str], dict[str, str]]:
    """A `pot_settled` event's settlement, cards in play and holders; KeyError, TypeError
    or ValueError when it is not that form."""
    stages = tuple(StagePay(Stage(p["stage"]), int(p["percent"]), int(p["share"]),
                            int(p["brought"]), tuple(str(s) for s in p["serials"]),
                            int(p["each"]), int(p["passed"]), int(p["carried"]))
                   for p in data["stages"])
    settlement = Settlement(int(data["stake"]), int(data["cards"]), int(data["carried_in"]),
                            stages, int(data["carry"]))
    if settlement.pot != settlement.paid + settlement.carry_out:
        raise ValueError("the settlement does not balance")
    holders = data.get("holders") or {}
    return settlement, [str(s) for s in data["in_play"]], {str(k): str(v)
                                                           for k, v in holders.items()}


def holders_in(events: Iterable[Mapping[str, Any]]) -> dict[str, str]:
    """Who holds each ticket, as a hand's events name them (by serial as printed; the
    last name given for a serial stands)."""
    named: dict[str, tuple[str, str]] = {}
    for event in events:
        holder, serial = event.get("holder"), event.get("serial")
        if event.get("kind") in HOLDER_KINDS and isinstance(holder, str) and holder.strip() \
                and isinstance(serial, str):
            named[normalise_serial(serial)] = (serial, holder)
    return dict(named.values())


# -- the night, from the journal ----------------------------------------------------------------
@dataclass(frozen=True)
class HandPot:
    """One hand's pot as the journal holds it."""

    hand_id: int
    at: float  # when it was locked (the wall clock of its `pot_staked`)
    settlement: Settlement
    in_play: tuple[str, ...]
    holders: Mapping[str, str]


def hand_pot(hand_id: int, events: Sequence[Mapping[str, Any]]) -> HandPot | None:
    """A finished hand's pot from its events (None: it had no pot, or no readable one)."""
    staked = next((e for e in events if e.get("kind") == STAKED), None)
    if staked is None:
        return None
    at = staked.get("at")
    at = float(at) if isinstance(at, int | float) else 0.0
    settled = [e for e in events if e.get("kind") == SETTLED]
    if settled:
        try:
            settlement, in_play, holders = settlement_from_json(settled[-1])
            return HandPot(hand_id, at, settlement, tuple(in_play), holders)
        except (KeyError, TypeError, ValueError, PotError) as exc:
            log.error("hand %s: its pot_settled cannot be read (%s); it is worked out "
                      "again from its record", hand_id, exc)
    try:
        settings, carried_in = settings_from_json(staked)
    except (KeyError, TypeError, ValueError, PotError) as exc:
        log.error("hand %s: its pot cannot be read (%s); it is left out of the ledger",
                  hand_id, exc)
        return None
    try:
        hand: Hand | None = replay(events)
    except RecordError:
        hand = None
    tickets = [t.serial for t in hand.tickets] if hand is not None else []
    winners = hand.winners if hand is not None else {}
    settlement = settle(settings, len(tickets), carried_in, winners)
    return HandPot(hand_id, at, settlement, tuple(tickets), holders_in(events))


def read_night(store: Store, game: str = "debarna") -> tuple[list[HandPot], int, float | None]:
    """The last night in `store`: the pots of its finished hands, oldest first (read back
    from the newest hand until a gap of `NIGHT_GAP` between two pots), what the last of
    them carried over, and when its pot was locked (0 and None: no hand had a pot in the
    last `LOOK_BACK` hands)."""
    found: list[HandPot] = []
    for row in list(reversed(store.hands(game)))[:LOOK_BACK]:
        if row.finished is None:
            continue
        if found and found[0].at - row.started > NIGHT_GAP:
            break  # started before the night's first pot by more than a night's gap
        pot = hand_pot(row.id, store.events(row.id))
        if pot is None:
            continue
        if found and found[0].at - pot.at > NIGHT_GAP:
            break
        found.insert(0, pot)
    if not found:
        return [], 0, None
    return found, found[-1].settlement.carry_out, found[-1].at


def fold_night(pots: Sequence[HandPot]) -> Ledger:
    """The night's ledger over its hands' pots. A hand that does not bring in what the
    one before carried (a damaged journal) begins the ledger again, said in the log."""
    ledger: Ledger | None = None
    for pot in pots:
        if ledger is None:
            ledger = Ledger.opening(pot.settlement.carried_in)
        try:
            ledger = ledger.with_hand(pot.settlement, pot.in_play, pot.holders)
        except PotError as exc:
            log.error("hand %s: %s; the night's ledger starts again from it", pot.hand_id, exc)
            ledger = Ledger.opening(pot.settlement.carried_in)
            try:
                ledger = ledger.with_hand(pot.settlement, pot.in_play, pot.holders)
            except PotError as again:
                log.error("hand %s is left out of the ledger: %s", pot.hand_id, again)
    return ledger if ledger is not None else Ledger.opening(0)


# -- the controller's part ----------------------------------------------------------------------
class PotDesk:
    """The prize pot on the caller: set before a hand, locked at its first call, settled
    at its end, summed over the night. Part of `CallerController`."""

    hand: Hand | None
    journal: Journal | None
    options: HandOptions
    holders: dict[str, str]

    if TYPE_CHECKING:
        def _mark(self, what: Changed) -> None: ...
        def _say(self, key: str, now: float, **values: object) -> None: ...
        def _journal(self, kind: str, **data: object) -> None: ...
        def toggle_pause(self, now: float) -> None: ...
        @property
        def running(self) -> bool: ...

    def _fresh_pot(self, pot: PotConfig | None) -> None:
        """The pot's settings from the config, and the night so far from the journal."""
        config = pot or PotConfig()
        self.pot_on = config.enabled  # for the next hand (locked at its first call)
        self.pot_stake = config.stake
        self.pot_shares: tuple[int, ...] = tuple(config.shares)
        self.currency = config.currency
        self.pot_panel = False  # the pot's panel is over the board
        self.hand_pot: tuple[PotSettings, int] | None = None  # this hand's, once locked
        self._pot_written: dict[str, Any] | None = None  # this hand's last pot_settled
        self._pot_over_seen = False
        self.night = Ledger.opening(0)
        self.pot_carry = 0
        self._pot_at: float | None = None  # when the last pot was locked (wall clock)
        store = self.journal.store if self.journal is not None else None
        if store is not None:
            pots, self.pot_carry, self._pot_at = read_night(store)
            if pots:
                self.night = fold_night(pots)

    # -- before a hand ------------------------------------------------------------------------
    @property
    def pot_editable(self) -> bool:
        """The pot may be set: no hand, or before its first call, or after its end (for
        the next)."""
        return self.hand is None or not self.hand.called or self.hand.is_over

    def pot_toggle(self, now: float) -> bool:
        """The pot on or off for the hand about to be called; locked once calling starts."""
        if not self.pot_editable:
            self._say("pot.locked", now)
            return False
        self.pot_on = not self.pot_on
        self._say("pot.turned_on" if self.pot_on else "pot.turned_off", now,
                  stake=Money(self.pot_stake))
        self._mark(Changed.STATUS)
        return True

    def pot_stake_step(self, direction: int, now: float) -> bool:
        """The stake one step up or down the ladder (`next_stake`), before a hand's first
        call; with the pot off it is turned on."""
        if not self.pot_editable:
            self._say("pot.locked", now)
            return False
        self.pot_on = True
        stake = next_stake(self.pot_stake, direction)
        self.pot_stake = stake
        self._say("pot.stake_set", now, stake=Money(stake))
        self._mark(Changed.STATUS)
        return True

    def toggle_pot_panel(self, now: float) -> None:
        """The pot's panel opened or closed; it covers the numbers, so calling pauses
        while it is opened (Space goes on, as after any pause)."""
        self.pot_panel = not self.pot_panel
        if self.pot_panel and self.running:
            self.toggle_pause(now)
        self._mark(Changed.ALL)

    # -- the hooks (CallerController) ---------------------------------------------------------
    def _pot_open(self) -> None:
        """The hand's first call: its pot, if on, is locked and journaled."""
        self.hand_pot = None
        self._pot_written = None
        self._pot_over_seen = False
        if not self.pot_on or self.hand is None:
            return
        settings = pot_settings(self.pot_stake, self.pot_shares, self.options)
        at = time.time()
        if self._pot_at is not None and at - self._pot_at > NIGHT_GAP:
            self.night = Ledger.opening(self.pot_carry)  # a new night
        self._pot_at = at
        self.hand_pot = (settings, self.pot_carry)
        self._journal(STAKED, **settings_to_json(settings, self.pot_carry))

    def _pot_recall(self, events: Sequence[Mapping[str, Any]]) -> None:
        """A hand resumed after a restart: its pot as it was locked and last settled."""
        self.hand_pot = None
        self._pot_written = None
        self._pot_over_seen = self.hand is not None and self.hand.is_over
        staked = next((e for e in events if e.get("kind") == STAKED), None)
        if staked is None:
            return
        try:
            self.hand_pot = settings_from_json(staked)
        except (KeyError, TypeError, ValueError, PotError) as exc:
            log.error("the resumed hand's pot cannot be read (%s): it plays without", exc)
            return
        settled = [e for e in events if e.get("kind") == SETTLED]
        if settled:
            self._pot_written = {k: v for k, v in settled[-1].items() if k not in ("kind", "at")}

    def _pot_update(self) -> None:
        """Each frame: a hand just over has its settlement journaled (again, if a shared
        full house on the same number changed it) and its summary shown."""
        if self.hand_pot is None or self.hand is None or not self.hand.is_over:
            return
        self._write_settlement()
        if not self._pot_over_seen:
            self._pot_over_seen = True
            self.pot_panel = True  # the hand-over summary, with the money
            self._mark(Changed.ALL)

    def _pot_close(self) -> None:
        """A new hand starts: the last hand's pot (over, or stopped early: its unwon
        shares carry) is journaled and taken into the night's ledger."""
        if self.hand_pot is None or self.hand is None:
            self.hand_pot = None
            return
        self._write_settlement()
        settlement = self.pot_settlement
        assert settlement is not None
        try:
            self.night = self.night.with_hand(settlement, self._in_play(), self.holders)
        except PotError as exc:
            log.error("the night's ledger starts again: %s", exc)
            self.night = fold_night([HandPot(0, 0.0, settlement, tuple(self._in_play()),
                                             self.holders)])
        self.pot_carry = settlement.carry_out
        self.hand_pot = None
        self._pot_written = None
        self.pot_panel = False

    def _write_settlement(self) -> None:
        settlement = self.pot_settlement
        if settlement is None:
            return
        data = settlement_to_json(settlement, self._in_play(), self._holders_in_play())
        if data != self._pot_written:
            self._journal(SETTLED, **data)
            self._pot_written = data

    # -- what the screen shows ----------------------------------------------------------------
    def _in_play(self) -> list[str]:
        return [t.serial for t in self.hand.tickets] if self.hand is not None else []

    def _holders_in_play(self) -> dict[str, str]:
        """Who holds the cards in play, where known, by their serials as printed."""
        return {serial: name for serial in self._in_play()
                if (name := self.holders.get(normalise_serial(serial)))}

    @property
    def pot_settlement(self) -> Settlement | None:
        """This hand's pot shared out among its winners so far (None: it has no pot)."""
        if self.hand_pot is None or self.hand is None:
            return None
        settings, carried_in = self.hand_pot
        return settle(settings, len(self.hand.tickets), carried_in, self.hand.winners)

    def pot_won(self, serial: str, stages: Iterable[Stage]) -> tuple[int, int] | None:
        """What the card `serial` won of the pot in `stages` (a verdict's), and by how many
        cards the paying stage is shared (None: no pot, or those stages pay it nothing)."""
        settlement = self.pot_settlement
        if settlement is None:
            return None
        key = normalise_serial(serial)
        for stage in stages:
            pay = settlement.stage(Stage(stage))
            if pay is not None and key in {normalise_serial(s) for s in pay.serials}:
                return pay.each, len(pay.serials)
        return None

    @property
    def night_ledger(self) -> Ledger:
        """The night's ledger, with the hand on the screen once it is over."""
        settlement = self.pot_settlement
        if settlement is None or self.hand is None or not self.hand.is_over:
            return self.night
        try:
            return self.night.with_hand(settlement, self._in_play(), self.holders)
        except PotError:
            return self.night

    def holder_of(self, serial: str) -> str | None:
        return self.holders.get(normalise_serial(serial))


# -- words ----------------------------------------------------------------------------------------
class Money(int):
    """An amount in a notice's values: the screen writes it as `money` does (grouped, in
    the language's digits, with the currency)."""

    __slots__ = ()


PERSIAN_THOUSANDS = "\u066c"  # ٬


MINUS = "\u2212"  # −


def grouped(tr: Translator, amount: int, signed: bool = False) -> Written:
    """An amount grouped in thousands in the language's digits ("12,500", "۱۲٬۵۰۰"); with
    `signed`, a gain has "+" and a loss "−"."""
    text = f"{abs(amount):,}"
    if tr.persian_digits:
        text = to_digits(text.replace(",", PERSIAN_THOUSANDS), True)
    if signed and amount:
        text = ("+" if amount > 0 else MINUS) + text
    elif amount < 0:
        text = MINUS + text
    return Written(text)


def money(tr: Translator, amount: int, currency: str = "") -> Written:
    """An amount as the screens write it: grouped in thousands, in the language's digits,
    with the currency (the config's, or the catalogue's tomans)."""
    return Written(tr("pot.money", amount=grouped(tr, amount),
                      currency=currency or tr("pot.currency")))

"""Dabernā's prize pot: its settings, how one hand's pot is shared out, and a night's ledger.

Rules §8 ("the prize pot"), §5 and §6 ("shared wins"). Money is an integer count of
the currency's smallest unit (rials, cents): never a float.

- Every card in play puts in the stake; the hand's pot is that plus what the last
  hand carried over.
- Each main stage has a share of the pot in whole percent (**Decision**, §8: Line 20,
  Two lines 30, Full house 50; with Two lines off, Line 30 and Full house 70). The
  shares of the stages in play add to 100.
- A stage's share is its percent of the pot rounded down to the smallest unit; the
  fraction rounding leaves goes to the next stage's share. So the stages' shares add
  up to the pot exactly: Line gets ⌊pot·line/100⌋, Line and Two lines together
  ⌊pot·(line+two)/100⌋, and Full house the rest.
- The cards that won a stage (on the same number: `Win.serials` of `Hand.winners`)
  split what the stage holds — its share and what the stage before passed on —
  equally, rounded down. What is left over goes to the next stage, and from Full
  house to the next hand's pot.
- A stage nobody won (a hand stopped early) carries all it holds to the next hand.

So no money is ever created or lost: the payouts plus the carry out equal the stakes
plus the carry in. A stage's payout depends only on the stages before it, which are
won before it (§5 order), so it is fixed the moment the stage is won and a verdict may
show it then.

**Decision:** the extra patterns (early five, four corners) take no share of the pot;
§8 names shares for the main stages only. Their wins, if passed in, pay nothing.

A `Ledger` sums a night by player: per holder name (or, for a card nobody named, per
serial) what they put in and what they won, with the night's carry; it is a frozen
value that `to_json` / `from_json` keep exactly.

Every refusal is a `PotError`: its `rule` is the rule sentence (a stable key for the
kiosk's catalogues), `values` the figures of the message.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engines.errors import BrokenRule

from .hand import Win
from .options import HandOptions, Stage
from .ticket import normalise_serial

MAIN_STAGES = (Stage.LINE, Stage.TWO_LINES, Stage.FULL_HOUSE)
STAGE_NAMES = {Stage.LINE: "Line", Stage.TWO_LINES: "Two lines", Stage.FULL_HOUSE: "Full house",
               Stage.EARLY_FIVE: "Early five", Stage.FOUR_CORNERS: "Four corners"}

# The rule sentences of the refusals (stable: the kiosk maps them to its catalogue keys).
RULE_MONEY = "money is a whole number of the smallest unit, not negative"
RULE_CARDS = "the cards in play are a whole number, not negative"
RULE_SHARE = "a stage's share is a whole percent, not negative"
RULE_SHARES_TOTAL = "the shares of the stages in play add to 100 %"
RULE_STAGES_IN_PLAY = "the pot is shared by the stages in play"
RULE_WINNERS = "a stage's winners are distinct cards in play"
RULE_FOLLOWS = "a hand's pot brings in what the last hand carried over"
RULE_LEDGER = "a ledger keeps every unit of money"

# §8's shares (Line, Two lines, Full house), by whether Two lines is played.
DEFAULT_SHARES: dict[bool, tuple[int, int | None, int]] = {True: (20, 30, 50),
                                                           False: (30, None, 70)}


class PotError(BrokenRule):
    """A pot, a settlement or a ledger the rules of §8 do not allow.

    `rule` is the rule sentence broken; `values` the figures the message names (for a
    translated message).
    """

    def __init__(self, rule: str, message: str, **values: object) -> None:
        super().__init__(rule, message)
        self.values = values


def _whole(value: object, what: str, field: str, rule: str = RULE_MONEY) -> int:
    """`value` if it is an int (not a bool) that is not negative; else a PotError naming
    `field` (what the value is: "stake", "cards", ...) in its values."""
    if type(value) is not int:
        raise PotError(rule, f"{what} must be a whole number of the currency's smallest unit "
                             f"(rials, cents): {value!r} is not", field=field, value=value)
    if value < 0:
        raise PotError(rule, f"{what} cannot be negative: {value} given", field=field,
                       value=value)
    return value


# -- settings ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class PotSettings:
    """The stake each card in play puts in, and each main stage's share in percent.

    `two_lines` is None when the Two lines stage is not played. The defaults are §8's.
    """

    stake: int
    line: int = 20
    two_lines: int | None = 30
    full_house: int = 50

    def __post_init__(self) -> None:
        _whole(self.stake, "the stake per card", "stake")
        for stage, percent in self.shares:
            name = STAGE_NAMES[stage]
            if type(percent) is not int:
                raise PotError(RULE_SHARE, f"the share of {name} must be a whole percent: "
                                           f"{percent!r} is not", stage=str(stage), value=percent)
            if percent < 0:
                raise PotError(RULE_SHARE, f"the share of {name} cannot be negative: {percent} %",
                               stage=str(stage), value=percent)
        total = sum(percent for _, percent in self.shares)
        if total != 100:
            parts = " + ".join(f"{STAGE_NAMES[s]} {p} %" for s, p in self.shares)
            raise PotError(RULE_SHARES_TOTAL, f"the stages' shares add to {total} %, not 100 %: "
                                              f"{parts}", total=total)

    @classmethod
    def default(cls, stake: int, two_lines: bool = True) -> PotSettings:
        """§8's shares: 20/30/50, or 30/70 with Two lines off."""
        line, two, full = DEFAULT_SHARES[bool(two_lines)]
        return cls(stake, line, two, full)

    @classmethod
    def for_options(cls, stake: int, options: HandOptions) -> PotSettings:
        """§8's default shares for a hand played with `options`."""
        return cls.default(stake, options.two_lines)

    @property
    def stages(self) -> tuple[Stage, ...]:
        """The stages that share the pot, in §5 order."""
        return tuple(stage for stage, _ in self.shares)

    @property
    def shares(self) -> tuple[tuple[Stage, int], ...]:
        """(stage, percent) for each stage sharing the pot, in §5 order."""
        if self.two_lines is None:
            return ((Stage.LINE, self.line), (Stage.FULL_HOUSE, self.full_house))
        return ((Stage.LINE, self.line), (Stage.TWO_LINES, self.two_lines),
                (Stage.FULL_HOUSE, self.full_house))

    def check_options(self, options: HandOptions) -> None:
        """Refuse settings whose stages are not the main stages of a hand with `options`."""
        if options.two_lines and self.two_lines is None:
            raise PotError(RULE_STAGES_IN_PLAY,
                           "Two lines is played but has no share of the pot", stage="two_lines")
        if not options.two_lines and self.two_lines is not None:
            raise PotError(RULE_STAGES_IN_PLAY, f"Two lines is not played but the pot gives it "
                                                f"{self.two_lines} %", stage="two_lines",
                           value=self.two_lines)


# -- one hand ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class StagePay:
    """What one stage of a hand pays.

    share: its percent of the pot, rounded down (with the fraction the stage before left);
    brought: what the stage before passed on (its split's remainder);
    serials: the cards that won it, on one number (empty: nobody won it);
    each: what each of them gets; passed: the split's remainder, passed to the next stage
    (from Full house, to the next hand); carried: all the stage held, carried to the next
    hand because nobody won it.
    """

    stage: Stage
    percent: int
    share: int
    brought: int
    serials: tuple[str, ...]
    each: int
    passed: int
    carried: int

    @property
    def held(self) -> int:
        """All the stage had to give: its share and what it was brought."""
        return self.share + self.brought

    @property
    def paid(self) -> int:
        return self.each * len(self.serials)


@dataclass(frozen=True)
class Settlement:
    """A hand's pot shared out: every stage's pay, and what goes on to the next hand."""

    stake: int
    cards: int
    carried_in: int
    stages: tuple[StagePay, ...]
    carry_out: int

    @property
    def stakes(self) -> int:
        """What the cards in play put in."""
        return self.stake * self.cards

    @property
    def pot(self) -> int:
        return self.stakes + self.carried_in

    @property
    def paid(self) -> int:
        """All the payouts together."""
        return sum(pay.paid for pay in self.stages)

    def stage(self, stage: Stage) -> StagePay | None:
        """The pay of `stage` (None: it takes no share of this pot)."""
        return next((pay for pay in self.stages if pay.stage == stage), None)

    @property
    def payouts(self) -> dict[Stage, dict[str, int]]:
        """Per won stage, what each winning serial gets."""
        return {pay.stage: dict.fromkeys(pay.serials, pay.each)
                for pay in self.stages if pay.serials}

    def won_by(self, serial: str) -> int:
        """What the card `serial` won in this hand, over every stage."""
        key = normalise_serial(serial)
        return sum(pay.each for pay in self.stages
                   for s in pay.serials if normalise_serial(s) == key)


Winners = Mapping[Stage, Win | Sequence[str]]


def _serials(stage: Stage, won: Win | Sequence[str]) -> tuple[str, ...]:
    if isinstance(won, Win):
        serials: Sequence[str] = won.serials
    elif isinstance(won, str):
        raise PotError(RULE_WINNERS, f"the winners of {STAGE_NAMES[stage]} must be a list "
                                     f"of serials, not the text {won!r}", stage=str(stage))
    else:
        serials = won
    keys = [normalise_serial(str(s)) for s in serials]
    if len(set(keys)) != len(keys):
        raise PotError(RULE_WINNERS, f"a card is listed twice among the winners of "
                                     f"{STAGE_NAMES[stage]}: {', '.join(map(str, serials))}",
                       stage=str(stage))
    return tuple(str(s) for s in serials)


def settle(settings: PotSettings, cards_in_play: int, carried_in: int,
           winners: Winners) -> Settlement:
    """Share out a hand's pot among `winners` (`Hand.winners`, or stage -> serials).

    A stage missing from `winners`, or with no serials, was not won: it carries what it
    holds to the next hand. Extra patterns take no share (their wins pay nothing).
    """
    cards = _whole(cards_in_play, "the number of cards in play", "cards", RULE_CARDS)
    carried = _whole(carried_in, "the amount carried over", "carried_in")
    won: dict[Stage, tuple[str, ...]] = {}
    for key, entry in winners.items():
        try:
            stage = Stage(key)
        except ValueError:
            raise PotError(RULE_WINNERS, f"{key!r} is not a stage of Dabernā") from None
        if stage not in MAIN_STAGES:
            continue
        if stage not in settings.stages:
            raise PotError(RULE_STAGES_IN_PLAY, f"{STAGE_NAMES[stage]} was won but takes no "
                                                "share of this pot", stage=str(stage))
        won[stage] = _serials(stage, entry)
    distinct = {normalise_serial(s) for serials in won.values() for s in serials}
    if len(distinct) > cards:
        raise PotError(RULE_WINNERS, f"{len(distinct)} cards won but only {cards} are in play",
                       winners=len(distinct), cards=cards)

    pot = cards * settings.stake + carried
    pays: list[StagePay] = []
    cumulative = below = brought = carry = 0
    for stage, percent in settings.shares:
        cumulative += percent
        upto = pot * cumulative // 100  # the stages so far, rounded down together
        share, below = upto - below, upto
        held = share + brought
        serials = won.get(stage, ())
        if serials:
            each = held // len(serials)
            passed, kept = held - each * len(serials), 0
        else:
            each, passed, kept = 0, 0, held
        pays.append(StagePay(stage, percent, share, brought, serials, each, passed, kept))
        carry += kept
        brought = passed
    carry += brought  # Full house's remainder goes to the next hand
    return Settlement(settings.stake, cards, carried, tuple(pays), carry)


# -- a night ----------------------------------------------------------------------------------
def _name(name: str | None) -> str | None:
    """A holder's name as the ledger keys it: spaces trimmed and collapsed; blank is none."""
    if name is None:
        return None
    joined = " ".join(str(name).split())
    return joined or None


@dataclass(frozen=True)
class LedgerRow:
    """One player's night: a holder's `name`, or for a card nobody named its `serial`."""

    name: str | None
    serial: str | None
    put_in: int
    won: int

    def __post_init__(self) -> None:
        if (self.name is None) == (self.serial is None):
            raise PotError(RULE_LEDGER, "a ledger row names a player or, for a card with no "
                                        "holder's name, its serial: exactly one of them")
        if self.name is not None and _name(self.name) != self.name:
            raise PotError(RULE_LEDGER, f"the name {self.name!r} has untrimmed or doubled spaces")
        _whole(self.put_in, f"what {self.label} put in", "put_in", RULE_LEDGER)
        _whole(self.won, f"what {self.label} won", "won", RULE_LEDGER)

    @property
    def label(self) -> str:
        return self.name if self.name is not None else f"ticket {self.serial}"

    @property
    def key(self) -> tuple[bool, str]:
        """Named rows first, by name; then cards with no name, by serial."""
        if self.name is not None:
            return (False, self.name)
        return (True, normalise_serial(self.serial or ""))

    @property
    def net(self) -> int:
        """What the night gave (positive) or cost (negative)."""
        return self.won - self.put_in


@dataclass(frozen=True)
class Ledger:
    """A night's pot by player, summed over its hands.

    carried_in: what the night's first hand brought in from before; carry: what the
    last hand carried over (what the next hand's pot brings in). Always
    carried_in + everything put in = everything won + carry.
    """

    hands: int = 0
    carried_in: int = 0
    carry: int = 0
    rows: tuple[LedgerRow, ...] = ()

    def __post_init__(self) -> None:
        _whole(self.hands, "the number of hands", "hands", RULE_LEDGER)
        _whole(self.carried_in, "the amount the night began with", "carried_in", RULE_LEDGER)
        _whole(self.carry, "the amount carried over", "carry", RULE_LEDGER)
        rows = tuple(sorted(self.rows, key=lambda row: row.key))
        object.__setattr__(self, "rows", rows)
        keys = [row.key for row in rows]
        if len(set(keys)) != len(keys):
            raise PotError(RULE_LEDGER, "a player has two rows in the ledger")
        if self.carried_in + self.put_in != self.won + self.carry:
            raise PotError(
                RULE_LEDGER, f"the ledger does not balance: {self.carried_in} brought in and "
                f"{self.put_in} put in, but {self.won} won and {self.carry} carried over",
                carried_in=self.carried_in, put_in=self.put_in, won=self.won, carry=self.carry)
        if self.hands == 0 and (rows or self.carry != self.carried_in):
            raise PotError(RULE_LEDGER, "a ledger of no hands has no players and carries what "
                                        "it brought in")

    @property
    def put_in(self) -> int:
        return sum(row.put_in for row in self.rows)

    @property
    def won(self) -> int:
        return sum(row.won for row in self.rows)

    def player(self, name: str) -> LedgerRow | None:
        """The row of the player called `name` (None: they have no row)."""
        wanted = _name(name)
        return next((row for row in self.rows if row.name is not None and row.name == wanted),
                    None)

    def ticket(self, serial: str) -> LedgerRow | None:
        """The row of the card `serial` that nobody named (None: it has no row)."""
        wanted = normalise_serial(serial)
        return next((row for row in self.rows if row.serial is not None
                     and normalise_serial(row.serial) == wanted), None)

    @classmethod
    def opening(cls, carried_in: int) -> Ledger:
        """A night that begins with `carried_in` left over from before (the first hand's
        pot brings it in)."""
        return cls(0, carried_in, carried_in)

    def with_hand(self, settlement: Settlement, in_play: Iterable[str],
                  holders: Mapping[str, str] | None = None) -> Ledger:
        """The ledger with one more hand: `in_play` are the serials of its cards in play
        (each put in the stake), `holders` who holds a serial, where known."""
        named = {normalise_serial(s): name for s, given in (holders or {}).items()
                 if (name := _name(given)) is not None}
        serials: dict[str, str] = {}
        for serial in in_play:
            serials.setdefault(normalise_serial(serial), serial)
        if len(serials) != settlement.cards:
            raise PotError(RULE_WINNERS, f"{len(serials)} cards are listed in play but the pot "
                                         f"counted {settlement.cards}",
                           listed=len(serials), cards=settlement.cards)
        for pay in settlement.stages:
            stray = [s for s in pay.serials if normalise_serial(s) not in serials]
            if stray:
                raise PotError(RULE_WINNERS, f"{', '.join(stray)} won {STAGE_NAMES[pay.stage]} "
                                             "but is not listed in play", stage=str(pay.stage))
        if settlement.carried_in != self.carry:
            raise PotError(RULE_FOLLOWS, f"this hand's pot brings in {settlement.carried_in}, but "
                                         f"the last hand carried over {self.carry}",
                           carried_in=settlement.carried_in, carry=self.carry)
        rows = {row.key: row for row in self.rows}
        for key, serial in serials.items():
            name = named.get(key)
            row = LedgerRow(name, None if name else serial, settlement.stake,
                            settlement.won_by(serial))
            old = rows.get(row.key)
            if old is not None:
                row = LedgerRow(old.name, old.serial, old.put_in + row.put_in, old.won + row.won)
            rows[row.key] = row
        return Ledger(self.hands + 1, self.carried_in, settlement.carry_out,
                      tuple(rows.values()))

    def to_json(self) -> dict[str, Any]:
        players: list[dict[str, Any]] = []
        for row in self.rows:
            who: dict[str, Any] = {"name": row.name} if row.name is not None else {
                "serial": row.serial}
            players.append({**who, "put_in": row.put_in, "won": row.won})
        return {"hands": self.hands, "carried_in": self.carried_in, "carry": self.carry,
                "players": players}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Ledger:
        """A ledger from `to_json`'s form; anything else is refused with a PotError."""
        if not isinstance(data, Mapping):
            raise PotError(RULE_LEDGER, f"a ledger is a JSON object, not {type(data).__name__}")
        _exact_keys(data, {"hands", "carried_in", "carry", "players"}, "the ledger")
        players = data["players"]
        if not isinstance(players, list):
            raise PotError(RULE_LEDGER, "the ledger's players are a list")
        rows = []
        for entry in players:
            if not isinstance(entry, Mapping):
                raise PotError(RULE_LEDGER, f"a ledger row is a JSON object, not {entry!r}")
            who = "name" if "name" in entry else "serial"
            _exact_keys(entry, {who, "put_in", "won"}, "a ledger row")
            if not isinstance(entry[who], str):
                raise PotError(RULE_LEDGER, f"a ledger row's {who} is text, not {entry[who]!r}")
            name, serial = (entry[who], None) if who == "name" else (None, entry[who])
            rows.append(LedgerRow(name, serial, entry["put_in"], entry["won"]))
        return cls(data["hands"], data["carried_in"], data["carry"], tuple(rows))


def _exact_keys(data: Mapping[str, Any], keys: set[str], what: str) -> None:
    if set(data) != keys:
        missing, extra = sorted(keys - set(data)), sorted(set(data) - keys)
        parts = ([f"missing {', '.join(missing)}"] if missing else []) + (
            [f"unknown {', '.join(map(str, extra))}"] if extra else [])
        raise PotError(RULE_LEDGER, f"{what} has the wrong keys: {'; '.join(parts)}")

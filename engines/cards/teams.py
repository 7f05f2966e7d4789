"""Who plays with whom: fixed partnerships of alternate seats, and a declarer against the rest.

Seats are numbered clockwise from 0. With `partnerships` = k fixed teams, partners
sit k seats apart, so a seat's team is ``seat % k``: with 4 players and 2 teams,
seats 0 and 2 play against 1 and 3 (partners sit opposite, Debertz §1.1).
``partnerships = 0`` means everybody plays for himself (team = seat). A team list
(one team number per seat) is what `tricks.TrickRules.teams` takes.
"""

from __future__ import annotations

from .cards import CardError


class TeamError(CardError):
    """Seats or teams that do not fit the table."""


def _whole(value: object, what: str, least: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise TeamError(f"{what} must be a whole number from {least} up, not {value!r}")
    return value


def _seat(seat: object, players: int) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise TeamError(f"a seat is a number from 0 to {players - 1}, not {seat!r}")
    return seat


def team_of(seat: int, players: int, partnerships: int = 0) -> int:
    """The team of `seat`: ``seat % partnerships`` with fixed partnerships, else the seat itself."""
    _whole(players, "the number of players", 1)
    _seat(seat, players)
    _whole(partnerships, "the number of partnerships", 0)
    if partnerships == 0:
        return seat
    if partnerships < 2 or players % partnerships or players // partnerships < 2:
        raise TeamError(f"{players} players do not make {partnerships} partnerships of "
                        f"at least two, sitting alternately")
    return seat % partnerships


def teams(players: int, partnerships: int = 0) -> tuple[int, ...]:
    """One team number per seat: ``teams(4, 2) == (0, 1, 0, 1)``; ``teams(3) == (0, 1, 2)``."""
    return tuple(team_of(seat, players, partnerships) for seat in range(players))


def partner_of(seat: int, players: int = 4) -> int:
    """The partner sitting opposite, two teams of two (or pairs across a table of 6, 8 …)."""
    _whole(players, "the number of players", 2)
    if players % 2:
        raise TeamError(f"nobody sits opposite at a table of {players}")
    return (_seat(seat, players) + players // 2) % players


def declarer_against_rest(declarer: int, players: int) -> tuple[int, ...]:
    """Team 0 for the declarer, 1 for everybody else (Dobbm's defenders play as one team)."""
    _whole(players, "the number of players", 2)
    _seat(declarer, players)
    return tuple(0 if seat == declarer else 1 for seat in range(players))

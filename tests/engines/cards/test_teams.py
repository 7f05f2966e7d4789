"""Teams: partners sit opposite (Debertz §1.1), or each for himself, or a declarer against the rest
(Dobbm §0)."""

from __future__ import annotations

import pytest

from engines.cards.teams import TeamError, declarer_against_rest, partner_of, team_of, teams


def test_with_four_players_partners_sit_opposite() -> None:
    assert [partner_of(seat) for seat in range(4)] == [2, 3, 0, 1]
    assert teams(4, 2) == (0, 1, 0, 1)
    assert team_of(0, 4, 2) == team_of(2, 4, 2) != team_of(1, 4, 2) == team_of(3, 4, 2)


def test_without_partnerships_each_plays_for_himself() -> None:
    assert teams(3) == (0, 1, 2)
    assert teams(4) == (0, 1, 2, 3)  # Debertz four_player_individual
    assert team_of(1, 2) == 1


def test_partners_sit_alternately_at_larger_tables() -> None:
    assert teams(6, 2) == (0, 1, 0, 1, 0, 1)
    assert teams(6, 3) == (0, 1, 2, 0, 1, 2)
    assert partner_of(1, 6) == 4


def test_dobbm_the_declarer_plays_against_the_other_three_as_one_team() -> None:
    assert declarer_against_rest(2, 4) == (1, 1, 0, 1)
    assert declarer_against_rest(0, 5) == (0, 1, 1, 1, 1)


@pytest.mark.parametrize(("players", "partnerships"), [(4, 1), (4, 3), (3, 2), (2, 2), (4, -1)])
def test_partnerships_must_divide_the_table_into_teams_of_two_or_more(
    players: int, partnerships: int
) -> None:
    with pytest.raises(TeamError):
        teams(players, partnerships)


@pytest.mark.parametrize(("seat", "players"), [(4, 4), (-1, 4), (True, 4), (0, 3), (0, 0)])
def test_a_seat_must_be_at_a_table_where_someone_sits_opposite(seat: int, players: int) -> None:
    with pytest.raises(TeamError):
        partner_of(seat, players)


@pytest.mark.parametrize(("seat", "players"), [(4, 4), (0, 1), (1.0, 4)])
def test_a_declarer_must_be_a_seat(seat: int, players: int) -> None:
    with pytest.raises(TeamError):
        declarer_against_rest(seat, players)  # type: ignore[arg-type]


def test_team_of_refuses_a_seat_off_the_table() -> None:
    with pytest.raises(TeamError):
        team_of(5, 4, 2)
    with pytest.raises(TeamError):
        team_of(0, 0)

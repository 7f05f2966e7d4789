"""Dabernā, the Iranian 90-ball game: tickets, uniform strips, the bag and a hand of play."""

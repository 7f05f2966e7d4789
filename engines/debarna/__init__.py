"""Dabernā, the Iranian 90-ball game: tickets, uniform strips, the bag and a hand of play.

Dabernā is not turn-based: numbers are called on a clock and any card may claim at any
time, so nobody is ever "on turn". Its engine is a `hand.Hand` with `call` and `claim`,
kept outside the turn-based protocol (`engines.protocol`) and the game registry
(`engines.registry`) on purpose; the kiosk hosts it with its own caller.
"""

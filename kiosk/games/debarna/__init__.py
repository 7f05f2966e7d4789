"""Dabernā's side of the kiosk: the caller that runs a hand on its clock (`caller`, with
its claim flow in `claims` and what it puts out in `outputs`), its screen (`scene`,
painted by `paint` and, for the claim panel, `verdict`), getting tickets ready and
printed (`prepare`, `printing`), the tickets and their signing key (`tickets`, `keys`),
the hand's journal (`journal`) and what `debarna history` reads back (`history`).

Dabernā is not one of the registry's table games: it is the screen the kiosk opens on,
so the app builds it itself and `kiosk.games.hosting` never looks for it.
"""

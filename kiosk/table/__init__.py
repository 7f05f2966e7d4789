"""The table: the turn flow every turn-based game on the kiosk shares, with no drawing.

- `controller`: `TableController`, the flow of one game (whose decision, chance steps,
  pacing, the turn clock, privacy, the end of a hand, the journal hook, resume);
- `seats`: seat sources (a person at the TV, a bot; a remote client later) and `Mode`;
- `worker`: computers thinking off the frame loop, stale answers dropped;
- `clock`: the turn clock; `privacy`: who may see which hand (pass and play);
- `games`: the few flow facts a game adds to the engine protocol;
- `router`: each seat's own buttons as (seat, action);
- `choices`: a game's options offered in its modes menu, remembered.

A game's scene keeps the layout, the drawing, the animation and the mapping from what a
person points at to an action; it listens to its controller (`TableListener`).
"""

"""Six Cards, a trick game for two: the rules engine, its records and its computer players.

The rules, in full:

1. The deck is the 24 cards from the nine up of the four French suits; in each suit the
   ace ranks highest, then king, queen, jack, ten and nine.
2. Each deal gives each player 6 cards, 3 at a time; the other 12 cards are laid aside
   face down and take no part in the deal.
3. The players deal in turn, seat 1 first. The player who did not deal leads to the
   first trick; the winner of a trick leads to the next.
4. A player must follow the suit led if they can, and may play any card if they cannot.
   There are no trumps: the higher card of the suit led wins the trick.
5. Each trick scores 1 point (with `last_trick_bonus`, the sixth trick of a deal scores 2).
6. The game ends after the deal in which a player reaches `target` points (5, 11 or 21)
   with more points than the other; equal scores at or over the target play another deal.

This package is also the template of a game's engine (tests/template_game): its key,
``example``, is the one word to replace when it is installed as `engines.<key>`.
"""

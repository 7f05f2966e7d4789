"""Pure game rules and bots: standard library only, no pygame, no I/O, no clock."""

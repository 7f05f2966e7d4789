"""Dobbm (Stubai valley Tarock family): the rules engine, its records, its self-play and its
computer players."""

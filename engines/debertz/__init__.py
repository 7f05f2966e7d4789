"""Debertz (Деберц): the rules engine, its records, its self-play and its computer players."""

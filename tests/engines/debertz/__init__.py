"""Tests of Debertz: the rules §1–14, the options, whole deals and records."""

"""Tests of Bidel (Hearts): the rules, the options and whole games."""

"""Bidel (Hearts): rules, every variant, bots and game records."""

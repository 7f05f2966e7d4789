"""Tests of the shared playing cards."""

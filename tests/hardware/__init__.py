"""Tests of the GPIO buttons, their debouncing and the QR scanner input."""

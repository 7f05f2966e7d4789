"""Tests of the GPIO buttons, their debouncing, the QR scanner input and ticket printing."""

"""GPIO buttons and LEDs, the QR scanner and ticket printing."""

"""Number words, voice rendering and playback for the caller."""

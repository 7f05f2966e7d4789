"""Playing cards shared by the card games (Bidel, Debertz, Dobbm): ranks, suits, decks, deals."""

"""The card toolkit shared by the card games (Bidel, Debertz, Dobbm).

cards.py (French cards, decks, shuffles), german.py (German-suited cards), deals.py
(deal schedules and recordable deals), tricks.py (rank orders, point tables, trick
winners and obligations), teams.py (partnerships).
"""

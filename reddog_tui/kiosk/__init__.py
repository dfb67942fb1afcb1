"""Kiosk mode: the attendant's PIN, and the rules that keep the public in the game."""

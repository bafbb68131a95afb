"""Presidential Election: the roll-and-move campaign board game for 2–6 players."""

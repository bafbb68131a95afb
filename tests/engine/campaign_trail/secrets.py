"""Which Campaign Trail cards are secret at a moment of a game: the leak tests' shared yardstick."""
from __future__ import annotations

from typing import Any


def face_up(state: Any) -> set[int]:
    """Cards lying face up now: the discard pile, politicks on the table, the card being played."""
    out = set(state.discard) | {tab.card for p in state.players.values() for tab in p.table}
    if state.turn is not None:
        out |= set(state.turn.spent) | ({state.turn.card} if state.turn.card is not None else set())
    return out


def hidden(state: Any, shown: set[int]) -> set[int]:
    """Cards nobody may see but their holder: hands, the month decks, cards tucked under a Recount —
    less those that were face up once (a card taken back from the discard pile was seen there)."""
    out = {n for d in state.decks for n in d}
    for p in state.players.values():
        out |= set(p.hand) | {tab.tucked for tab in p.table if tab.tucked is not None}
    return out - shown

"""What every title's default move for `hard` (the ruleset's `search_favourite`) must be, checked along a seeded
game of the built-in heuristic: one of the legal actions, the same for the same state and random stream, and a
reader of the state that leaves it as it was."""
from __future__ import annotations

from typing import Any

from engine.core.rng import Rng
from engine.core.search import SearchGame
from engine.core.types import copy_state


def check_default_moves(ruleset: Any, seats: list[str], seed: int, steps: int) -> int:
    """Check the default move at each of the first `steps` positions of the seeded heuristic game; the positions
    checked (fewer where the game ends first)."""
    game = SearchGame(ruleset)
    state, rng = ruleset.setup({}, seats, seed), Rng(seed)
    step = 0
    while game.returns(state) is None and step < steps:
        seat = game.to_move(state)[0]
        legal = game.legal(state, seat)
        before = state.model_dump()
        first = ruleset.search_favourite(state, seat, Rng(step))
        again = ruleset.search_favourite(copy_state(state), seat, Rng(step))
        assert first in legal, (step, first)
        assert again == first, step
        assert state.model_dump() == before, step  # read, never changed
        game.advance(state, seat, ruleset.bot_action(state, seat, rng))
        step += 1
    return step

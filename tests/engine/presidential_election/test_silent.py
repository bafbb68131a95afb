"""Presidential Election's silent path (engine/presidential_election/silent.py) answers as the full path does at
every position of whole seeded games played through play(): who is to move, every seat's legal actions, and the
state `advance` leaves, field for field — the lines held for the turn's post included (tests/engine/silent_check.py).
Tables of 2, 3 and 6 candidates, and an era whose electoral votes count differently."""
from __future__ import annotations

from typing import Any

import pytest

from engine.core.ruleset import seats_for
from engine.core.search import SearchGame
from engine.core.types import Action
from engine.presidential_election.ruleset import RULESET as R
from engine.presidential_election.silent import PESilent
from tests.engine.silent_check import check_silent_path, random_moves


def _random_game(start: Any, seed: int) -> list[tuple[str, Action]]:
    """A whole game through play(), the first seat owing a move playing a uniformly random legal action."""
    return random_moves(R, start, seed)


@pytest.mark.parametrize(("players", "options", "seed"), [(3, {}, 1), (3, {}, 2), (6, {}, 3), (2, {"era": 1960}, 4)],
                         ids=["3-a", "3-b", "6", "2-era1960"])
def test_the_silent_path_is_the_full_path_at_every_position(players: int, options: dict[str, Any], seed: int) -> None:
    game = SearchGame(R)
    assert isinstance(game.silent, PESilent)
    start = R.setup(options, seats_for(R, players, options), seed)
    check_silent_path(R, game, start, _random_game(start, seed))

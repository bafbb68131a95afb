"""1960's silent path (engine/nineteen_sixty/silent.py) is the full path without its words: along seeded random
games played through play() — with and without the Vice President cards and Restricted Positioning — every
answer of the search interface and every in-place `advance` match the full path (tests/engine/silent_check.py)."""
from __future__ import annotations

from typing import Any

import pytest

from engine.core.ruleset import seats_for
from engine.core.search import SearchGame
from engine.core.types import Action
from engine.nineteen_sixty.ruleset import RULESET as R
from engine.nineteen_sixty.silent import NineteenSixtySilent
from tests.engine.silent_check import check_silent_path, random_moves


def _random_game(options: dict[str, Any], seed: int) -> tuple[Any, list[tuple[str, Action]]]:
    """A whole game of uniformly random legal actions, chosen from the full path's options alone."""
    start = R.setup(options, seats_for(R, 2, options), seed)
    return start, random_moves(R, start, seed, limit=3000)


def test_the_ruleset_declares_its_silent_path() -> None:
    assert isinstance(R.silent, NineteenSixtySilent) and SearchGame(R).silent is R.silent


# Seeds whose games between them reach every decision random play reaches: events asking for a state and a
# region, a trigger and a preemption, travel and a token's stop, the track swapped and kept, the second issue's
# reward, the Vice President card, both revealed debate cards showing both candidates (who places first, vp 23),
# a two-icon card's side, and Election Day events put in order.
@pytest.mark.parametrize(("options", "seed"), [({}, 2), ({"vp": True}, 23), ({"restricted": True}, 3),
                                               ({"vp": True, "restricted": True}, 4)])
def test_the_silent_path_answers_as_the_full_path_along_a_random_game(options: dict[str, Any], seed: int) -> None:
    start, moves = _random_game(options, seed)
    end = check_silent_path(R, SearchGame(R), start, moves)
    assert R.outcome(end) is not None

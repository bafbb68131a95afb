"""The default move of the `hard` level in 1960 (engine/nineteen_sixty/favourite.py, the ruleset's
`search_favourite`): always one of the legal actions, the same for the same state and random stream, leaving the
state as it was; and where Campaign Points go to state support it follows the evaluation where the rule of thumb
does not. Every position comes from a seeded game of the built-in heuristic on both seats."""
from __future__ import annotations

import pytest

from engine import registry
from engine.core.rng import Rng
from engine.core.search import SearchGame
from engine.nineteen_sixty.primitives import c
from engine.nineteen_sixty.state import NSState
from tests.engine.favourite_check import check_default_moves

RULESET = registry.get("nineteen_sixty")
SEATS = RULESET.seat_names(2)


@pytest.mark.parametrize("seed", [3, 12])
def test_the_default_move_is_legal_and_the_same_for_the_same_state_and_stream(seed: int) -> None:
    assert check_default_moves(RULESET, SEATS, seed, 250) == 250


def _kennedy_campaigning_in_the_east(cp: int) -> NSState:
    """The first time Kennedy campaigns in the East in a seeded heuristic game, with `cp` CP left."""
    game = SearchGame(RULESET)
    state, rng = RULESET.setup({}, SEATS, 1), Rng(1)
    while not (state.play is not None and state.play.seat == "KEN" and state.play.stage == "campaign"
               and state.play.region == "E"):
        seat = game.to_move(state)[0]
        game.advance(state, seat, RULESET.bot_action(state, seat, rng))
    state.play.cp_left = cp
    return state


def test_a_state_of_ones_own_edge_that_the_rival_leads_by_a_cube_is_emptied_before_a_new_one_is_taken() -> None:
    # Nixon leads New York by a cube and stands there, so Kennedy campaigns there only with support checks; the
    # rule of thumb counts a check as half a cube and goes to empty Pennsylvania. But New York leans to Kennedy
    # when empty, so one successful check (more likely than not from this bag) turns 45 electoral votes his way:
    # the evaluation puts that far ahead of one cube in Pennsylvania.
    state = _kennedy_campaigning_in_the_east(3)
    assert c().states["NY"].edge == "K"
    state.support = {"NY": -1}
    state.sides["N"].token = "NY"
    state.bag.counts = {"K": 12, "N": 10}
    assert RULESET.bot_action(state, "KEN", Rng(0)).args == ("PA",)
    assert str(RULESET.search_favourite(state, "KEN", Rng(0))) == "add NY"
    chosen = SearchGame(RULESET).step(state, "KEN", RULESET.search_favourite(state, "KEN", Rng(0)))
    assert str(RULESET.search_favourite(chosen, "KEN", Rng(0))) == "spend 1"  # one check, two CP kept for more

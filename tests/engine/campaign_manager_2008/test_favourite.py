"""The default move of the `hard` level in Campaign Manager 2008 (engine/campaign_manager_2008/favourite.py, the
ruleset's `search_favourite`): always one of the legal actions, the same for the same state and random stream,
leaving the state as it was; in the draft it keeps the card that does the most, where the rule of thumb keeps
the one with the biggest printed numbers; and a turn plays the card whose board one step ahead is best. Every position comes from a seeded game of the built-in heuristic on both
seats."""
from __future__ import annotations

import pytest

from engine import registry
from engine.campaign_manager_2008.primitives import c
from engine.core.rng import Rng
from engine.core.search import SearchGame
from tests.engine.favourite_check import check_default_moves

RULESET = registry.get("campaign_manager_2008")
SEATS = RULESET.seat_names(2)


@pytest.mark.parametrize("seed", [3, 12])
def test_the_default_move_is_legal_and_the_same_for_the_same_state_and_stream(seed: int) -> None:
    assert check_default_moves(RULESET, SEATS, seed, 150) > 100


def test_the_draft_keeps_a_card_that_gains_in_every_state_over_one_with_bigger_numbers() -> None:
    # McCain is offered a card gaining 2 on Defense and 2 on Economy in one state for 1 discard, one gaining 1 in
    # every state for nothing (going negative), and one gaining 2 in every state in play for 2 discards. The rule of
    # thumb adds up the printed numbers (4, 1, 2) and keeps the first; four states in play make the last worth up
    # to 8 support for 3 cards, against 4 for 2.
    state = RULESET.setup({}, SEATS, 1)
    offer = ["M14", "M39", "M43"]
    assert [c().cards[x].effect[0][1]["state"] for x in offer] == ["choose", "all", "all"]
    state.sides["MCC"].offer = offer
    assert RULESET.bot_action(state, "MCC", Rng(0)).args == ("M14",)
    assert RULESET.search_favourite(state, "MCC", Rng(0)).args == ("M43",)


def test_a_turn_plays_the_card_that_gains_in_every_state_whatever_its_cost() -> None:
    # McCain holds a card gaining 2 on the major issue in every state in play for 2 discards, and three weak cards.
    # The rule of thumb weighs a card with a cost by its printed numbers less its discards (2 against 2 discards:
    # below nothing) and plays a single support instead; looked at one step ahead, 8 support across the four
    # states is worth far more than the two weakest cards discarded for it.
    game = SearchGame(RULESET)
    state, rng = RULESET.setup({}, SEATS, 1), Rng(1)
    while not (state.phase == "play" and state.wait is None and state.turn is not None
               and state.turn.seat == "MCC" and state.turn.stage == "action"):
        seat = game.to_move(state)[0]
        game.advance(state, seat, RULESET.bot_action(state, seat, rng))
    assert len(state.in_play) == 4
    state.sides["MCC"].hand = ["M43", "M36", "M12", "M34"]
    assert str(RULESET.bot_action(state, "MCC", Rng(0))) != "play M43"
    assert str(RULESET.search_favourite(state, "MCC", Rng(0))) == "play M43"

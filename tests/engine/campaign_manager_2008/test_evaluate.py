"""Campaign Manager 2008's evaluation (engine/campaign_manager_2008/evaluate.py): the side ahead in votes won and in the
states in play is favoured (its chances as chances, and exact at the end: tests/engine/test_evaluations.py)."""
from __future__ import annotations

import pytest

from engine import registry
from engine.campaign_manager_2008.primitives import major, row_of
from engine.core.rng import Rng
from engine.core.search import SearchGame

RULESET = registry.get("campaign_manager_2008")
SEATS = RULESET.seat_names(2)


@pytest.mark.parametrize("ahead", ["OBA", "MCC"])
def test_the_side_ahead_in_votes_and_in_the_states_in_play_is_favoured(ahead: str) -> None:
    game = SearchGame(RULESET)
    state, rng = RULESET.setup({}, SEATS, 2), Rng(2)
    while state.phase == "draft" or not state.in_play:
        seat = game.to_move(state)[0]
        game.advance(state, seat, RULESET.bot_action(state, seat, rng))
    behind = "MCC" if ahead == "OBA" else "OBA"
    state.sides[ahead].score, state.sides[behind].score = 230, 200
    leading = RULESET.evaluate(state)[ahead]
    assert leading > 0.7
    for tile in state.in_play:  # every deciding row all the side's but one block
        row = row_of(tile, major(tile))
        blocks = row.R + row.B + row.W
        mine, theirs = ("B", "R") if ahead == "OBA" else ("R", "B")
        setattr(row, mine, blocks - 1)
        setattr(row, theirs, 1)
        row.W = 0
    assert RULESET.evaluate(state)[ahead] > leading

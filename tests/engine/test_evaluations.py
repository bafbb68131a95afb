"""Every title's evaluation of a position (its `evaluate` capability, engine/<title>/evaluate.py), along one seeded
game of its rule-of-thumb players at its smallest table: each seat's chance in [0, 1], the chances summing to 1, and
at the end exactly what the search scores a finished game (a shared win counting half). The titles' own tests check
what each evaluation favours."""
from __future__ import annotations

import pytest

from engine import registry
from engine.core.rng import Rng
from engine.core.ruleset import seat_range, seats_for
from engine.core.search import SearchGame


@pytest.mark.parametrize("name", sorted(registry.RULESETS))
def test_every_position_is_scored_as_chances_summing_to_one_and_the_end_exactly(name: str) -> None:
    ruleset = registry.get(name)
    seats = seats_for(ruleset, seat_range(ruleset, {})[0], {})
    game, state, rng = SearchGame(ruleset), ruleset.setup({}, seats, 4), Rng(4)
    seen = 0
    while game.returns(state) is None:
        value = ruleset.evaluate(state)
        assert value is not None and set(value) == set(seats), value
        assert all(0.0 <= v <= 1.0 for v in value.values()) and sum(value.values()) == pytest.approx(1.0), value
        seat = game.to_move(state)[0]
        game.advance(state, seat, ruleset.bot_action(state, seat, rng))
        seen += 1
    assert seen > 30, "a whole game"
    assert ruleset.evaluate(state) == pytest.approx(game.returns(state))

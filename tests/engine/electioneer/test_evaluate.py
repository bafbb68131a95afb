"""Electioneer's evaluation (engine/electioneer/evaluate.py), offered through the ruleset: each side's chance in
[0, 1], the two summing to 1, the side ahead favoured, a finished game read as its result; and a search scores a
rollout it cut short by it."""
from __future__ import annotations

import pytest

from engine import registry
from engine.ai.ismcts import Searcher, Settings
from engine.core.rng import Rng
from engine.core.search import SearchGame
from engine.electioneer import content, rules
from engine.electioneer.state import MarkerState
from tests.core.toy_dice import RULESET as TOY

RULESET = registry.get("electioneer")


def _positions(seeds: range) -> list:
    game, out = SearchGame(RULESET), []
    for seed in seeds:
        state, rng = RULESET.setup({}, ["DEM", "REP"], seed), Rng(seed)
        while game.returns(state) is None:
            out.append(game.clone(state))
            seat = game.to_move(state)[0]
            game.advance(state, seat, RULESET.bot_action(state, seat, rng))
        out.append(state)
    return out


def test_every_position_gets_a_chance_per_side_summing_to_one() -> None:
    for state in _positions(range(3)):
        value = RULESET.evaluate(state)
        assert set(value) == {"DEM", "REP"} and all(0.0 <= v <= 1.0 for v in value.values())
        assert value["DEM"] + value["REP"] == pytest.approx(1.0)
        if state.phase == "over":
            assert value[state.winner] == 1.0


@pytest.mark.parametrize("ahead", ["DEM", "REP"])
def test_the_side_with_the_better_platform_and_markers_is_favoured(ahead: str) -> None:
    state = RULESET.setup({}, ["DEM", "REP"], 5)
    even = RULESET.evaluate(state)
    assert 0.05 < even["DEM"] < 0.95  # nothing played yet: neither side is sure of the result
    issues = [i for code in state.order for i in state.boards[code].issues]
    policies = content.load().policies
    for seat in ("DEM", "REP"):
        mine = [p for p in policies.values() if p.party == seat]
        fit = sorted(mine, key=lambda p: sum(p.effects.get(i, 0) for i in issues), reverse=seat == ahead)
        state.players[seat].platform = [p.id for p in fit[:3]]
    assert RULESET.evaluate(state)[ahead] > even[ahead]
    for code in state.order:
        state.boards[code].markers.append(MarkerState(seat=ahead, delta=6, source="test"))
    assert RULESET.evaluate(state)[ahead] > 0.8


def test_a_title_without_an_evaluation_offers_none() -> None:
    ruleset = TOY  # every title of the registry has one; the test rules of tests/core do not
    state = ruleset.setup({}, ruleset.seat_names(2), 1)
    assert ruleset.evaluate(state) is None
    assert Searcher(ruleset, Settings(horizon=1), Rng(1)).score(state) == {s: 0.5 for s in state.seats}


def test_a_search_scores_a_cut_rollout_by_the_titles_evaluation() -> None:
    state = _positions(range(1))[9]
    assert rules.outcome(state) is None
    searcher = Searcher(RULESET, Settings(horizon=1), Rng(1))
    assert searcher.score(state) == RULESET.evaluate(state) != {"DEM": 0.5, "REP": 0.5}

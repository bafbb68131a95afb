"""1960's evaluation (engine/nineteen_sixty/evaluate.py), offered through the ruleset: each side's chance in [0, 1],
the two summing to 1, exact once the game is over, and the side that goes on to win clearly favoured by Election
Day. Every position comes from a seeded game of the built-in heuristic on both seats."""
from __future__ import annotations

import pytest

from engine import registry
from engine.core.rng import Rng
from engine.core.search import SearchGame
from engine.nineteen_sixty.state import NSState

RULESET = registry.get("nineteen_sixty")
SEATS = RULESET.seat_names(2)


def _play(seed: int, until=lambda state: False) -> NSState:
    """A heuristic game dealt with `seed`, played until `until(state)` holds or the game is over."""
    game = SearchGame(RULESET)
    state, rng = RULESET.setup({}, SEATS, seed), Rng(seed)
    while game.returns(state) is None and not until(state):
        seat = game.to_move(state)[0]
        game.advance(state, seat, RULESET.bot_action(state, seat, rng))
    return state


def test_every_position_gets_a_chance_per_side_summing_to_one_and_the_end_is_exact() -> None:
    game = SearchGame(RULESET)
    state, rng = RULESET.setup({}, SEATS, 4), Rng(4)
    seen = 0
    while game.returns(state) is None:
        value = RULESET.evaluate(state)
        assert set(value) == set(SEATS) and all(0.0 <= v <= 1.0 for v in value.values())
        assert value[SEATS[0]] + value[SEATS[1]] == pytest.approx(1.0)
        seat = game.to_move(state)[0]
        game.advance(state, seat, RULESET.bot_action(state, seat, rng))
        seen += 1
    assert seen > 100
    assert state.winner in SEATS
    assert RULESET.evaluate(state) == game.returns(state) == {s: float(s == state.winner) for s in SEATS}


@pytest.mark.parametrize("seed", [1, 6, 8, 11])
def test_the_side_that_wins_clearly_is_favoured_when_election_day_starts(seed: int) -> None:
    final = _play(seed)
    loser = final.other(final.winner)
    assert final.votes[final.winner] - final.votes[loser] >= 80  # a clear win, as these deals play out
    election_day = _play(seed, lambda state: state.phase == "election")
    assert election_day.phase == "election"
    assert RULESET.evaluate(election_day)[final.winner] > 0.5


@pytest.mark.parametrize("seed", [1, 8])
def test_handing_every_state_s_support_to_the_other_side_turns_the_chance_round(seed: int) -> None:
    state = _play(seed, lambda s: s.phase == "election")
    favoured = max(SEATS, key=lambda s: RULESET.evaluate(state)[s])
    before = RULESET.evaluate(state)[favoured]
    state.support = {code: -value for code, value in state.support.items()}
    state.endorsements = {region: -value for region, value in state.endorsements.items()}
    assert before > 0.9
    assert RULESET.evaluate(state)[favoured] < 0.5


def test_the_same_board_is_less_sure_with_more_of_the_campaign_to_come() -> None:
    final = _play(6)
    state = _play(6, lambda s: s.turn == 8 and s.phase == "activity")
    late = RULESET.evaluate(state)[final.winner]
    state.turn = 3
    early = RULESET.evaluate(state)[final.winner]
    assert 0.5 < early < late

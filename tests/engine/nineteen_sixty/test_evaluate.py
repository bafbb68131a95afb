"""1960's evaluation (engine/nineteen_sixty/evaluate.py): the side that goes on to win clearly is favoured by Election
Day, and support handed over turns the chance round (its chances as chances, and exact at the end:
tests/engine/test_evaluations.py). Every position comes from a seeded game of the built-in heuristic on both seats."""
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

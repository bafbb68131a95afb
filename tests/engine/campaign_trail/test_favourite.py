"""The default move of the `hard` level in Campaign Trail (engine/campaign_trail/favourite.py, the ruleset's
`search_favourite`): always one of the legal actions, the same for the same state and random stream, leaving the
state as it was; and where an advertise's issue is chosen it follows the evaluation where the rule of thumb does
not. Every position comes from a seeded game of the built-in heuristic on every seat."""
from __future__ import annotations

import pytest

from engine import registry
from engine.campaign_trail.evaluate import evaluate, voter_gains
from engine.core.rng import Rng
from engine.core.search import SearchGame
from tests.engine.favourite_check import check_default_moves

RULESET = registry.get("campaign_trail")


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 12)])
def test_the_default_move_is_legal_and_the_same_for_the_same_state_and_stream(players: int, seed: int) -> None:
    assert check_default_moves(RULESET, RULESET.seat_names(players), seed, 250) == 250


def test_an_advertise_buys_first_the_issue_shown_in_the_states_with_most_electoral_votes() -> None:
    # The Democrats advertise with three issues on the card and each issue's states hold 2 or 3 voters of one party.
    # Foreign aid shows in New York, Virginia and Hawaii (46 electoral votes), national debt and the surveillance state
    # in smaller states. The rule of thumb picks an issue at random; the evaluation sees a voter in New York or
    # Virginia move the electoral college most.
    game = SearchGame(RULESET)
    state, rng = RULESET.setup({}, RULESET.seat_names(2), 2), Rng(2)
    while not (state.turn is not None and state.turn.seat == "DEM" and state.turn.action == "advertise"
               and state.wait is None and len(game.legal(state, "DEM")) >= 2):
        seat = game.to_move(state)[0]
        game.advance(state, seat, RULESET.bot_action(state, seat, rng))
    assert [str(a) for a in game.legal(state, "DEM")] == [
        "issue foreign_aid", "issue national_debt", "issue surveillance_state"]
    assert str(RULESET.bot_action(state, "DEM", Rng(0))) == "issue national_debt"
    assert str(RULESET.search_favourite(state, "DEM", Rng(0))) == "issue foreign_aid"


def test_the_gain_of_one_more_voter_is_the_evaluation_s_own() -> None:
    game = SearchGame(RULESET)
    for players in (2, 3):
        state, rng = RULESET.setup({}, RULESET.seat_names(players), 5), Rng(5)
        for _ in range(150):
            seat = game.to_move(state)[0]
            game.advance(state, seat, RULESET.bot_action(state, seat, rng))
        seat = state.seats[0]
        party = state.players[seat].party
        gains, base = voter_gains(state, party), evaluate(state)[seat]
        for code, row in state.voters.items():
            row[party] += 1
            assert evaluate(state)[seat] - base == pytest.approx(gains[code], abs=1e-12), code
            row[party] -= 1

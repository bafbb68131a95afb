"""Who debates, for every player count, and that random games hold both debates."""
from __future__ import annotations

import pytest

from engine.campaign_trail import debates, rules
from engine.campaign_trail.ruleset import RULESET as R
from engine.core.rng import Rng
from engine.core.ruleset import owing_seats, play


@pytest.mark.parametrize("count, first, second", [
    (2, ["DEM", "REP"], ["DEM", "REP"]),
    (3, ["DEM", "REP", "LIB"], ["DEM", "REP", "LIB"]),
    (4, ["DEM-VP", "REP-VP"], ["DEM-P", "REP-P"]),
    (5, ["DEM-VP", "REP", "LIB-VP"], ["DEM-P", "REP", "LIB-P"]),   # the 5th player (REP) debates in both
    (6, ["DEM-VP", "REP-VP", "LIB-VP"], ["DEM-P", "REP-P", "LIB-P"]),
])
def test_debaters_by_player_count(count, first, second) -> None:
    state = R.setup({}, rules.seat_names(count), 1)
    state.order = sorted(state.parties, key=["DEM", "REP", "LIB"].index)
    assert debaters(state, 1) == first and debaters(state, 2) == second


def debaters(state, number):
    return debates.debaters(state, number)


@pytest.mark.parametrize("count", [2, 3, 4, 5, 6])
def test_a_random_game_holds_both_debates_in_order(count) -> None:
    state = R.setup({}, rules.seat_names(count), count)
    rng = Rng(count)
    months_at_debate = []
    while R.outcome(state) is None:
        seat = owing_seats(R, state)[0]
        was = state.phase
        state = play(R, state, seat, [R.bot_action(state, seat, rng)]).state
        if state.phase == "debate" and was != "debate":
            months_at_debate.append(state.month)
        assert not rules.problems(state)
    assert months_at_debate == [1, 2], "a debate after August's and after September's last round"

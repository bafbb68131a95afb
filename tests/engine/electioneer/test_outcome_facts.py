"""Electioneer US's rules give what decided the game as facts and its words make the reason: the rules' outcome of a
finished game carries the electors and the winner with no reason, the contract's outcome the sentence the words make
from them, a tie of electors said as the DEM incumbent's."""
from __future__ import annotations

import pytest

from engine.core.rng import Rng
from engine.core.ruleset import owing_seats, play, seats_for
from engine.core.types import Outcome
from engine.electioneer import facts as f
from engine.electioneer import rules, words
from engine.electioneer.ruleset import RULESET


@pytest.mark.parametrize("seed", range(2))
def test_the_rules_outcome_gives_facts_and_the_words_its_reason(seed: int) -> None:
    rng, state = Rng(seed), RULESET.setup({}, seats_for(RULESET, 2, {}), seed)
    while RULESET.outcome(state) is None:
        seat = owing_seats(RULESET, state)[0]
        options = RULESET.decisions(state, seat).all_options()
        state = play(RULESET, state, seat, [options[rng.below(len(options))].action]).state
    bare, worded = rules.outcome(state), RULESET.outcome(state)
    assert bare is not None and worded is not None
    assert bare.reason == "" and bare.facts == f.PresidencyWon(winner=state.winner, electors=state.final, tie=False)
    loser = "REP" if state.winner == "DEM" else "DEM"
    assert worded.reason == f"{state.winner} wins the Electoral College {state.final[state.winner]}–{state.final[loser]}."
    assert worded.winners == bare.winners == [state.winner] and worded.scores == bare.scores == state.final


def test_tied_electors_are_said_as_the_incumbents() -> None:
    tied = Outcome(winners=["DEM"], scores={"DEM": 40, "REP": 40},
                   facts=f.PresidencyWon(winner="DEM", electors={"DEM": 40, "REP": 40}, tie=True))
    assert words.conclude(tied).reason == "DEM wins the Electoral College 40–40. Tied electors go to the DEM incumbent."

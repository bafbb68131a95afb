"""Presidential Election's rules keep what happened as data and the words say it: along seeded games no state holds
a sentence (each roll is who, faces, sides, bonus and what for; the game's end is its scores and winner), the rules'
outcome gives what decided the game as facts with no reason, and the contract's outcome has the reason the words make
from them, the one the board's result line and the Election Day line say."""
from __future__ import annotations

import json
from typing import Any, Iterator

import pytest

from engine.core.rng import Rng
from engine.core.ruleset import owing_seats, play
from engine.presidential_election import facts_tell as f
from engine.presidential_election import rules
from engine.presidential_election.ruleset import RULESET as R
from engine.presidential_election.state import PEState


def _strings(data: Any) -> Iterator[str]:
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for key, value in data.items():
            yield key
            yield from _strings(value)
    elif isinstance(data, list):
        for value in data:
            yield from _strings(value)


def _sentences(state: PEState) -> list[str]:
    """The state's strings that are words for players (a space in them), not ids, codes or tokens."""
    data = json.loads(state.model_dump_json())
    return [s for s in _strings(data) if " " in s]


@pytest.mark.parametrize("seed", [3, 107])
def test_no_state_holds_a_sentence_and_the_words_make_the_outcome_reason(seed: int) -> None:
    rng, state = Rng(seed), R.setup({}, R.seat_names(2), seed)
    rolled: set[str] = set()
    while R.outcome(state) is None:
        seat = owing_seats(R, state)[0]
        options = R.decisions(state, seat).all_options()
        state = play(R, state, seat, [options[rng.below(len(options))].action]).state
        assert _sentences(state) == []
        rolled |= {x.what for x in state.rolls}
    assert {"opening_roll", "trail", "fundraising", "sign", "tv", "recount"} <= rolled
    bare, worded = rules.outcome(state), R.outcome(state)
    assert bare is not None and worded is not None
    assert bare.reason == "" and isinstance(bare.facts, f.ElectionOver) and bare.facts.winner == state.winner
    assert worded.winners == bare.winners and worded.scores == bare.scores == state.scores
    tally = ", ".join(f"{s} {state.scores[s]}" for s in state.order)
    top = max(state.scores.values())
    tied = list(state.scores.values()).count(top) > 1
    assert worded.reason == (f"tied at {top} electoral votes, chosen by the House roll ({tally})" if tied
                             else f"most electoral votes ({tally})")
    assert R.view(state, None).reason == worded.reason
    assert json.loads(worded.model_dump_json()).keys() == {"winners", "scores", "reason", "draw"}  # facts not stored


def test_a_tie_at_the_top_is_said_as_the_house_roll() -> None:
    state = R.setup({}, R.seat_names(3), 1).model_copy(update={"phase": "over", "order": ["P2", "P3", "P1"]})
    state.scores, state.winner = {"P2": 100, "P3": 40, "P1": 100}, "P1"
    outcome = R.outcome(state)
    assert outcome is not None and outcome.winners == ["P1"]
    assert outcome.reason == "tied at 100 electoral votes, chosen by the House roll (P2 100, P3 40, P1 100)"

"""Electioneer US's rules state facts and its words say them (engine/electioneer/facts.py, words.py): along seeded
random games, theatrics and all, the rules' own decisions carry a question and options with no prompt, label or
detail, and their events carry typed facts and no line; the ruleset's contract gives every one of them its words,
and each event keeps its kind, seat and cause."""
from __future__ import annotations

import json

import pytest

from engine.core.rng import Rng
from engine.core.ruleset import owing_seats, seats_for
from engine.electioneer import rules
from engine.electioneer.ruleset import RULESET


@pytest.mark.parametrize("seed", range(3))
def test_the_rules_state_facts_and_the_contract_words_them(seed: int) -> None:
    rng, state = Rng(seed), RULESET.setup({}, seats_for(RULESET, 2, {}), seed)
    kinds: set[str] = set()
    while RULESET.outcome(state) is None:
        seat = owing_seats(RULESET, state)[0]
        bare, worded = rules.decisions(state, seat), RULESET.decisions(state, seat)
        assert bare.facts is not None and not bare.prompt and not bare.deadline_default
        assert all(not o.label and not o.detail for o in bare.all_options())
        assert worded.prompt and worded.deadline_default and all(o.label for o in worded.all_options())
        assert [o.action for o in worded.all_options()] == [o.action for o in bare.all_options()]
        options = worded.all_options()
        action = options[rng.below(len(options))].action
        raw, told = rules.apply(state, seat, action), RULESET.apply(state, seat, action)
        for event in raw.events:
            assert event.facts is not None and event.public is None and not event.private and event.proof is None
            json.dumps(event.facts.model_dump(mode="json"))  # plain data, nothing a player reads
        assert [(e.kind, e.seat, e.cause) for e in told.events] == [(e.kind, e.seat, e.cause) for e in raw.events]
        assert all(e.public or e.private for e in told.events)
        kinds |= {e.kind for e in told.events}
        state = told.state
    assert {"month_opened", "policy_sealed", "month_won", "states_counted", "presidency_won"} <= kinds, kinds

"""1960's rules state the facts of its decisions and its words say them (engine/nineteen_sixty/facts.py, menus.py,
words.py): along seeded random games, the rules' own decisions carry a question and options with no prompt, label,
detail or group, and the ruleset's contract gives every one of them its words, the same actions in the same order,
and the deadline's default as the rules name it. Events pass through the words with their kind, seat and cause."""
from __future__ import annotations

import json

import pytest

from engine.core.rng import Rng
from engine.core.ruleset import owing_seats, seats_for
from engine.nineteen_sixty import facts as f
from engine.nineteen_sixty import rules
from engine.nineteen_sixty.ruleset import RULESET


@pytest.mark.parametrize("seed", range(2))
def test_the_rules_state_facts_and_the_contract_words_them(seed: int) -> None:
    rng, state = Rng(seed), RULESET.setup({"vp": "on"}, seats_for(RULESET, 2, {}), seed)
    asked: set[str] = set()
    while RULESET.outcome(state) is None:
        seat = owing_seats(RULESET, state)[0]
        bare, worded = rules.decisions(state, seat), RULESET.decisions(state, seat)
        assert isinstance(bare.facts, f.Ask) and not bare.prompt and not bare.deadline_default
        json.dumps(bare.facts.model_dump(mode="json"))  # plain data, nothing a player reads
        assert all(not o.label and not o.detail and not o.group for o in bare.all_options())
        assert worded.prompt and all(o.label for o in worded.all_options())
        assert worded.deadline_default == bare.facts.default == rules.deadline_action(state, seat).notation()
        assert [o.action for o in worded.all_options()] == [o.action for o in bare.all_options()]
        asked.add(bare.facts.kind)
        options = worded.all_options()
        action = options[rng.below(len(options))].action
        raw, told = rules.apply(state, seat, action), RULESET.apply(state, seat, action)
        assert [(e.kind, e.seat, e.cause, e.public) for e in told.events] == \
               [(e.kind, e.seat, e.cause, e.public) for e in raw.events]
        state = told.state
    assert {"starter_asked", "play_asked", "campaign_asked", "strategy_asked", "round_asked"} <= asked, asked


def test_a_state_choice_is_grouped_under_its_region_by_the_words() -> None:
    """The region heading of a state's option is a word: the rules leave it empty, the contract fills it."""
    state = RULESET.setup({}, seats_for(RULESET, 2, {}), 3)
    rng = Rng(3)
    while True:
        seat = owing_seats(RULESET, state)[0]
        worded = RULESET.decisions(state, seat)
        adds = [o for o in worded.options if o.action.verb == "add"]
        if adds:
            assert all(o.group in ("East", "South", "Midwest", "West") for o in adds), [o.group for o in adds]
            assert all(not o.group for o in rules.decisions(state, seat).options)
            return
        options = worded.all_options()
        campaign = [o.action for o in options if o.action.verb == "play" and o.action.args[1] == "campaign"]
        action = campaign[0] if campaign else options[rng.below(len(options))].action
        state = RULESET.apply(state, seat, action).state

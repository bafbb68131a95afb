"""Campaign Trail's rules state their questions as facts and its words say them (engine/campaign_trail/facts_ask.py,
words_ask.py): along seeded random games (3 players with Dirty Politics, and Solo Play against REP), the rules' own
decisions carry a question and options with no prompt, label, detail or deadline default, the question of a step (an
action's parameter, a paused politick's choice) stated whole; the ruleset's contract gives every one of them its
words."""
from __future__ import annotations

import pytest

from engine.campaign_trail import facts_ask, rules, words_step
from engine.campaign_trail.ruleset import RULESET
from engine.core.rng import Rng
from engine.core.ruleset import owing_seats, seats_for

MOVES = 250


@pytest.mark.parametrize("options,seed", [({"dirty": "on"}, 0), ({"dirty": "on"}, 1), ({"ai": "REP"}, 2)])
def test_the_rules_ask_with_facts_and_the_contract_words_them(options: dict[str, str], seed: int) -> None:
    count = 1 if "ai" in options else 3
    rng, state = Rng(seed), RULESET.setup(options, seats_for(RULESET, count, options), seed)
    asked: set[str] = set()
    for _ in range(MOVES):
        if RULESET.outcome(state) is not None:
            break
        seat = owing_seats(RULESET, state)[0]
        bare, worded = rules.decisions(state, seat), RULESET.decisions(state, seat)
        assert isinstance(bare.facts, facts_ask.Ask) and not bare.deadline_default and not bare.prompt
        assert all(not o.label and not o.detail and not o.group for o in bare.all_options())
        assert worded.prompt and worded.deadline_default and all(o.label for o in worded.all_options())
        assert all(o.label != o.action.notation() for o in worded.all_options()), worded.all_options()
        assert [o.action for o in worded.all_options()] == [o.action for o in bare.all_options()]
        asked.add(bare.facts.kind)
        if isinstance(bare.facts, facts_ask.StepAsk):
            asked.add(f"step:{bare.facts.step.kind if bare.facts.step else ''}")
            asked.update(f"effect:{proc}" for proc in bare.facts.effects)
        options_now = worded.all_options()
        state = RULESET.apply(state, seat, options_now[rng.below(len(options_now))].action).state
    assert {"candidate_asked", "home_asked", "play_asked", "action_asked", "step_asked"} <= asked, asked
    assert any(k.startswith("effect:") for k in asked), asked  # a paused politick's question, with its politick


def test_every_step_question_the_rules_state_has_its_words() -> None:
    said = {*words_step._SAID, facts_ask.Rival}  # a rival to flip or sway is said by its action
    assert set(facts_ask.Step.__subclasses__()) == said

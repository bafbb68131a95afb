"""Campaign Trail's rules state facts and its words say them (engine/campaign_trail/facts_tell.py, facts_debates.py,
facts_solo.py and their words): along seeded random games at the tables whose flow differs, every line the rules
make — public or private, of the turn, its actions, the effects, the debates and the AI parties — comes out of the
contract with typed facts of plain data and words made from them alone; no line comes in words only. The rules
never import the words."""
from __future__ import annotations

from typing import Any

import pytest

from engine import registry
from engine.campaign_trail import words_tell
from engine.core.rng import Rng
from engine.core.ruleset import owing_seats, seats_for
from tests.factlines import worded_from_facts

# (players, options, seed): each game goes through its table's own lines — debates and running mates' exchanges,
# Dirty Politics, Solo Play's AI turns and their Change of Plans windows, the Advanced Solo Deck's.
TABLES = [(2, {}, 1), (6, {}, 1), (3, {"dirty": True}, 3), (1, {"ai": ["REP"]}, 1),
          (1, {"ai": ["REP"], "ai_deck": "advanced"}, 6)]


def _check(event: Any) -> str:
    return worded_from_facts(event, words_tell)


@pytest.mark.parametrize(("players", "options", "seed"), TABLES, ids=[f"{p}-{sorted(o)}" for p, o, _ in TABLES])
def test_every_line_the_rules_make_is_a_fact_the_words_say(players: int, options: dict[str, Any], seed: int) -> None:
    ruleset = registry.get("campaign_trail")
    rng, state = Rng(seed), ruleset.setup(options, seats_for(ruleset, players, options), seed)
    kinds: set[str] = set()
    while ruleset.outcome(state) is None:
        seat = owing_seats(ruleset, state)[0]
        options_now = ruleset.decisions(state, seat).all_options()
        result = ruleset.apply(state, seat, options_now[rng.below(len(options_now))].action)
        for event in result.events:
            if event.ends_post is None:
                kinds.add(_check(event))
        state = result.state
    assert {"candidate_chosen", "home_chosen", "play_begins", "election_day", "private_notes"} <= kinds, kinds
    assert ("debate_opened" in kinds) == (not options.get("ai") or options.get("ai_deck") == "advanced"), kinds
    if options.get("ai"):
        assert {"solo_card_drawn", "advanced_drawn"} & kinds, kinds
    end = next(e for e in result.events if e.kind == "election_day")
    outcome = ruleset.outcome(state)
    assert outcome is not None and end.public == "Election Day. " + outcome.reason  # as the line gives it

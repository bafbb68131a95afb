"""Campaign Trail's rules state facts and its words say them (engine/campaign_trail/facts_tell.py, words_tell.py):
along seeded random games at the tables whose flow differs, the lines of the turn, its actions and the effects come
out of the contract each with typed facts of plain data and a line worded from them, and the facts' kinds cover the
game's commonest lines. The rules never import the words."""
from __future__ import annotations

import ast
import json
from pathlib import Path
from typing import Any

import pytest

from engine import registry
from engine.campaign_trail import words_tell
from engine.core.rng import Rng
from engine.core.ruleset import owing_seats, seats_for

TABLES = [(2, {}, 1), (3, {"dirty": True}, 3), (1, {"ai": ["REP"]}, 1)]
PACKAGE = Path(__file__).resolve().parents[3] / "engine" / "campaign_trail"


@pytest.mark.parametrize(("players", "options", "seed"), TABLES, ids=[f"{p}-{sorted(o)}" for p, o, _ in TABLES])
def test_the_rules_state_facts_and_the_words_say_them(players: int, options: dict[str, Any], seed: int) -> None:
    ruleset = registry.get("campaign_trail")
    rng, state = Rng(seed), ruleset.setup(options, seats_for(ruleset, players, options), seed)
    kinds: set[str] = set()
    while ruleset.outcome(state) is None:
        seat = owing_seats(ruleset, state)[0]
        options_now = ruleset.decisions(state, seat).all_options()
        result = ruleset.apply(state, seat, options_now[rng.below(len(options_now))].action)
        for event in result.events:
            if event.facts is not None:
                json.dumps(event.facts.model_dump(mode="json"))  # plain data, nothing a player reads
                assert event.public == words_tell.line(event.facts), event
                kinds.add(event.kind)
        for held in result.state.unposted:  # a held line keeps the facts it was worded from
            assert held.facts is None or held.text == words_tell.line(held.facts)
        state = result.state
    assert {"candidate_chosen", "home_chosen", "card_played"} <= kinds, kinds
    assert len(kinds) >= 8, kinds


def test_no_rules_module_imports_the_words() -> None:
    words = {f"engine.campaign_trail.{name}" for name in ("words", "words_tell", "words_ask")}
    wiring = {"ruleset.py", "words.py", "words_tell.py", "words_ask.py"}  # the contract's wiring and the words
    for path in sorted(PACKAGE.glob("*.py")):
        if path.name in wiring:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                imported = {a.name for a in node.names}
            elif isinstance(node, ast.ImportFrom):
                imported = {node.module or "", *(f"{node.module}.{a.name}" for a in node.names)}
            else:
                continue
            assert not imported & words, f"{path.name} imports the words"

"""The rules keep what decided the game as facts, never words: a finished game's state and the rules' outcome hold no
sentence (the final tally is the state's support), and the words make the outcome's reason from the tally. The
finished states are the ones every kind of ending reaches, stored by the code of before
(tests/service/fixtures/games_before_outcome_reasons_made_by_words.json), loaded as stored states are."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine import registry
from engine.nineteen_sixty import facts_stages as fs
from engine.nineteen_sixty import rules

FIXTURE = Path(__file__).resolve().parents[2] / "service" / "fixtures" / "games_before_outcome_reasons_made_by_words.json"
ENDED = [e for e in json.loads(FIXTURE.read_text(encoding="utf-8"))["ended"] if e["ruleset"] == "nineteen_sixty"]


def sentences(node: Any) -> list[str]:
    """Every text in a dump that reads as words (has a space), but the bag draws the picture shows."""
    if isinstance(node, dict):
        return [s for key, value in node.items() if key != "last_draws" for s in sentences(value)]
    if isinstance(node, list):
        return [s for value in node for s in sentences(value)]
    return [node] if isinstance(node, str) and " " in node else []


@pytest.mark.parametrize("ended", ENDED, ids=lambda e: e["case"].split("::")[1])
def test_a_finished_game_keeps_its_tally_not_its_reason(ended: dict[str, Any]) -> None:
    ruleset = registry.get("nineteen_sixty")
    state = ruleset.load_state(ended["state"])
    assert sentences(json.loads(state.model_dump_json())) == []
    bare = rules.outcome(state)
    assert bare is not None and bare.reason == "" and isinstance(bare.facts, fs.Tallied)
    assert sentences(bare.model_dump()) == []
    worded = ruleset.outcome(state)
    assert worded is not None and worded.reason == ended["reason"]
    assert (worded.winners, worded.draw) == (ended["winners"], ended["draw"])
    assert ruleset.view(state, None).reason == ended["reason"]


def test_every_kind_of_ending_is_among_them() -> None:
    """The electoral college, the House (most states), the most cubes, and the draw."""
    kinds = {("draw" if "a draw" in e["reason"] else "house" if "House" in e["reason"]
              else "cubes" if "state support" in e["reason"] else "votes") for e in ENDED}
    assert kinds >= {"house", "cubes", "draw"}

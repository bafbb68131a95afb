"""The rules keep what decided the election as facts, never words: a finished game's state and the rules' outcome
hold no sentence, and the words make the outcome's reason from what decided it. The finished states are the ones
every kind of ending reaches (most electoral votes, a tie broken by most states, a runoff), stored by the code of
before (tests/service/fixtures/games_before_outcome_reasons_made_by_words.json), loaded as stored states are."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine import registry
from tests.factlines import sentences
from engine.campaign_trail import facts_tell as ft
from engine.campaign_trail import rules

FIXTURE = Path(__file__).resolve().parents[2] / "service" / "fixtures" / "games_before_outcome_reasons_made_by_words.json"
ENDED = [e for e in json.loads(FIXTURE.read_text(encoding="utf-8"))["ended"] if e["ruleset"] == "campaign_trail"]


@pytest.mark.parametrize("ended", ENDED, ids=lambda e: e["case"].split("::")[1])
def test_a_finished_game_keeps_what_decided_it_not_its_reason(ended: dict[str, Any]) -> None:
    ruleset = registry.get("campaign_trail")
    state = ruleset.load_state(ended["state"])
    assert sentences(json.loads(state.model_dump_json())) == []
    bare = rules.outcome(state)
    assert bare is not None and bare.reason == "" and isinstance(bare.facts, ft.ElectionDay)
    assert sentences(bare.model_dump()) == []
    worded = ruleset.outcome(state)
    assert worded is not None and worded.reason == ended["reason"] and worded.winners == ended["winners"]
    assert ruleset.view(state, None).reason == ended["reason"]


def test_every_kind_of_ending_is_among_them() -> None:
    assert {e["reason"].split("(")[1].split(")")[0].split(":")[0] for e in ENDED} == {
        "most electoral votes", "tied electoral votes; most states", "runoff"}

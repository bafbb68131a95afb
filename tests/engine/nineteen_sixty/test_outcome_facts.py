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
from tests.factlines import sentences
from engine.nineteen_sixty import facts_stages as fs
from engine.nineteen_sixty import earlier, rules

FIXTURE = Path(__file__).resolve().parents[2] / "service" / "fixtures" / "games_before_outcome_reasons_made_by_words.json"
ENDED = [e for e in json.loads(FIXTURE.read_text(encoding="utf-8"))["ended"] if e["ruleset"] == "nineteen_sixty"]


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
    # the last draws, kept as facts, read as the lines the state kept then
    assert ruleset.view(state, None).last_draws == json.loads(ended["state"])["last_draws"]


def test_every_kind_of_ending_is_among_them() -> None:
    """The electoral college, the House (most states), the most cubes, and the draw."""
    kinds = {("draw" if "a draw" in e["reason"] else "house" if "House" in e["reason"]
              else "cubes" if "state support" in e["reason"] else "votes") for e in ENDED}
    assert kinds >= {"house", "cubes", "draw"}


LINES = ["KEN in OH (campaigning): BRB", "NIX to advertise: R-", "initiative: RBR", "KEN in NY (Election Day): nothing",
         "NIX in CA (Campaign Strategy): BR", "KEN in TX (trigger): B-", "NIX in IL (endorsement): R"]


@pytest.mark.parametrize("line", LINES)
def test_a_draw_stored_as_a_line_loads_as_facts_and_reads_and_hashes_as_it_did(line: str) -> None:
    ruleset = registry.get("nineteen_sixty")
    stored = json.loads(ruleset.setup({}, ["KEN", "NIX"], 5).model_dump_json())
    stored["last_draws"] = [line]
    state = ruleset.load_state(json.dumps(stored, separators=(",", ":")))
    assert sentences(json.loads(state.model_dump_json())) == []
    assert ruleset.view(state, None).last_draws == [line]
    then = json.loads(state.model_dump_json())
    earlier.draws_then(then)
    assert then == stored

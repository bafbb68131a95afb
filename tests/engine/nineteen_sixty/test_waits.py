"""A choice an event waits on keeps the facts of its question, never its words (engine/nineteen_sixty/waits.py): along
seeded bot-played games, every wait the state keeps and every question the rules ask of it is plain data — who picks
what among which, the side losing support, the region, how many to go, the endorsement card and the side it
endorses — and the words make the prompt from those facts alone, the same prompt whenever it is shown."""
from __future__ import annotations

from typing import Any

import pytest

from engine.core.rng import Rng
from engine.core.ruleset import owing_seats, play, seats_for
from engine.core.types import Decision
from engine.nineteen_sixty import facts as f
from engine.nineteen_sixty import rules, words
from engine.nineteen_sixty.ruleset import RULESET


FACTS = {"loser", "region", "left", "endorsement", "endorsed"}  # all a wait may keep beyond who picks what among which


def _waits(seed: int) -> list[Any]:
    """Each state of a bot-played game that waits on an event's choice."""
    rng = Rng(seed)
    state = RULESET.setup({}, seats_for(RULESET, 2, {}), seed)
    found = []
    while RULESET.outcome(state) is None:
        seat = owing_seats(RULESET, state)[0]
        state = play(RULESET, state, seat, [RULESET.bot_action(state, seat, rng)]).state
        if state.wait is not None:
            found.append(state)
    return found


def _no_words(value: Any) -> bool:
    """Plain data: codes, sides, seats and numbers, no sentence anywhere in it."""
    if isinstance(value, dict):
        return all(_no_words(v) for v in value.values())
    if isinstance(value, (list, tuple)):
        return all(_no_words(v) for v in value)
    return not isinstance(value, str) or " " not in value


@pytest.mark.parametrize("seed", [2, 3])
def test_a_wait_and_its_question_are_facts_and_the_words_make_its_prompt(seed: int) -> None:
    said: set[str] = set()
    for state in _waits(seed):
        wait = state.wait
        assert set(wait) <= {"kind", "seat", "among", *FACTS} and _no_words(wait), wait
        bare = rules.decisions(state, wait["seat"])
        assert isinstance(bare.facts, f.WaitAsk) and not bare.prompt
        assert _no_words(bare.facts.model_dump(exclude={"default"})), bare.facts  # the default is notation
        prompt = RULESET.decisions(state, wait["seat"]).prompt
        assert prompt == RULESET.decisions(rules.load_state(state.model_dump_json()), wait["seat"]).prompt
        said.add("loss" if bare.facts.loser else "endorsement" if bare.facts.endorsement else bare.facts.pick)
    assert said == {"loss", "endorsement", "state", "region"}


def _worded(**facts: Any) -> str:
    return words.ask(Decision(seat="KEN", facts=f.WaitAsk(default="pick OH", **facts))).prompt


def test_the_words_of_each_question_an_event_asks() -> None:
    assert (_worded(pick="state", loser="K", region="S", left=2)
            == "Kennedy loses support in the South: pick a state to take 1 from (2 to go).")
    assert _worded(pick="region", endorsement=1, endorsed="N").endswith(": endorse Nixon in which region?")
    assert [_worded(pick=kind) for kind in ("state", "region", "issue", "card")] == [
        "Choose a state for the event.", "Choose a region for the event.", "Choose an issue for the event.",
        "Choose a card to discard."]
    framed = _worded(pick="state", card=79)
    assert framed.startswith("#79 ") and " — Choose a state for the event. The event: " in framed

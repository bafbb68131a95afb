"""Presidential Election's rules state what a seat is asked as facts and its words say it (engine/presidential_election/
facts.py, words.py): along seeded random games of 2 to 6 candidates, the rules' own decisions carry a question and
options with no prompt, label, detail or region, each in plain data; the ruleset's contract gives the question its
prompt and every option its label, the same actions in the same order and the same deadline default. The rules
leave the turn's post alone, giving the verdict whether a step's lines wait for it, and the events keep their kind,
seat and cause through the contract's words and the table's post. Every line of a step is stated as facts (facts_tell.py) and made
by the words alone (words_tell.py, words_runs.py for a run of like lines)."""
from __future__ import annotations

import json

import pytest

from engine.core.posting import EMPTY
from engine.core.rng import Rng
from engine.core.ruleset import owing_seats, play_posted, seats_for
from engine.core.types import Facts
from engine.presidential_election import facts_tell as ft
from engine.presidential_election import rules, words_runs, words_tell
from engine.presidential_election.ruleset import RULESET


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (4, 2), (6, 3)])
def test_the_rules_ask_in_facts_and_the_contract_words_them(players: int, seed: int) -> None:
    rng, state = Rng(seed), RULESET.setup({}, seats_for(RULESET, players, {}), seed)
    posting = EMPTY
    kinds: set[str] = set()
    told_kinds: set[str] = set()
    steps = 0
    while RULESET.outcome(state) is None and steps < 400:
        seat = owing_seats(RULESET, state)[0]
        bare, worded = rules.decisions(state, seat), RULESET.decisions(state, seat)
        assert bare.facts is not None and not bare.prompt, (steps, bare.prompt)
        assert all(not o.label and not o.detail and not o.group for o in bare.all_options()), steps
        json.dumps(bare.facts.model_dump(mode="json"))  # plain data, nothing a player reads
        assert worded.prompt and all(o.label for o in worded.all_options()), steps
        assert [o.action for o in worded.all_options()] == [o.action for o in bare.all_options()]
        assert worded.deadline_default == bare.deadline_default and worded.facts == bare.facts
        kinds.add(bare.facts.kind)
        options = worded.all_options()
        action = options[rng.below(len(options))].action
        raw, played = rules.apply(state, seat, action), play_posted(RULESET, state, posting, seat, [action])
        told = played.result
        assert raw.hold is not None and RULESET.apply(state, seat, action).hold == raw.hold  # the table holds or posts
        stated = {(e.kind, e.seat, e.cause) for e in raw.events if e.facts is not None}
        held = {(h.facts.kind, h.seat, h.cause) for h in posting.held if h.facts is not None}
        said = {(e.kind, e.seat, e.cause) for e in told.events if e.facts is not None}
        assert said <= stated | held, steps
        assert all(e.public or e.private or e.proof for e in told.events), steps
        assert raw.state.model_dump() == told.state.model_dump()
        told_kinds |= {kind for kind, _, _ in said}
        state, posting, steps = told.state, played.posting, steps + 1
    assert {"roll_asked", "home_asked", "advantage_asked", "campaign_asked", "buy_state_asked"} <= kinds, kinds
    assert {"turn_news", "position_chosen", "home_picked", "first_round", "space_landed"} <= told_kinds, told_kinds


def test_a_state_option_is_labelled_with_its_name_votes_and_region() -> None:
    """The words read a state option's standing from its facts: its name, electoral votes, each holder's votes."""
    state = RULESET.setup({}, seats_for(RULESET, 2, {}), 5)
    while state.phase != "home":
        seat = owing_seats(RULESET, state)[0]
        state = RULESET.apply(state, seat, RULESET.decisions(state, seat).options[0].action).state
    seat = owing_seats(RULESET, state)[0]
    ohio = next(o for o in RULESET.decisions(state, seat).options if o.action.args == ("OH",))
    assert (ohio.label, ohio.group) == ("Ohio", "Midwest") and ohio.detail.endswith(" EV"), ohio
    bare = next(o for o in rules.decisions(state, seat).options if o.action.args == ("OH",))
    assert bare.facts is not None and bare.facts.kind == "standing" and not bare.label


def _said(seat: str | None, x: Facts) -> str:
    """A public line as the words make it of its facts alone; a run's line read back gives those very facts."""
    text = words_tell.line(seat or "", x)
    if isinstance(x, (ft.Bought, ft.BallotsJoined, ft.VotesMoved)) and (getattr(x, "who", seat) == seat):
        assert words_runs.read(text) == (seat, x), text
    return text


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 4), (6, 3)])
def test_every_line_the_rules_make_is_a_fact_the_words_say(players: int, seed: int) -> None:
    """Along seeded random games to their end, the rules' events carry facts of plain data and no words, and every
    line the contract gives — public, held for the turn's post, or told to one seat — is what the words make of them."""
    rng, state = Rng(seed), RULESET.setup({}, seats_for(RULESET, players, {}), seed)
    kinds: set[str] = set()
    while RULESET.outcome(state) is None:
        seat = owing_seats(RULESET, state)[0]
        options = RULESET.decisions(state, seat).all_options()
        action = options[rng.below(len(options))].action
        raw = rules.apply(state, seat, action)
        for event in raw.events:
            assert event.facts is not None and not (event.public or event.private or event.proof), event
            json.dumps(event.facts.model_dump(mode="json"))
        result = RULESET.apply(state, seat, action)
        for event in result.events:
            assert event.facts is not None, f"a line in words only: {event}"
            kinds.add(event.kind)
            if isinstance(event.facts, ft.TurnNews):
                continue
            if event.private:
                assert event.public is None and event.private == {
                    event.seat: words_tell.private(event.seat or "", event.facts)}, event
            else:
                assert event.public == _said(event.seat, event.facts), event
        state = result.state
    assert {"rolled", "order_set", "advantage_kept", "advantages_returned", "bought", "money_changed",
            "votes_moved", "election_over"} <= kinds, kinds


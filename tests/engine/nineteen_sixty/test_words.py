"""1960's rules state facts and its words say them (engine/nineteen_sixty/facts.py, facts_tell.py, menus.py,
words.py, words_tell.py): along seeded random games, the rules' own decisions carry a question and options with no
prompt, label, detail or group, and the ruleset's contract gives every one of them its words, the same actions in
the same order, and the deadline's default as the rules name it. Every line the rules make — public or private, of
the turn, a play, an event's effect, the Debates and Election Day — comes with typed facts of plain data and no
word, and the contract's line is what the words make of those facts alone. The rules never import the words."""
from __future__ import annotations

import json
from typing import Any

import pytest

from engine.core.rng import Rng
from engine.core.ruleset import owing_seats, seats_for
from engine.nineteen_sixty import facts as f
from engine.nineteen_sixty import facts_effects as fe
from engine.nineteen_sixty import facts_tell as t
from engine.nineteen_sixty import rules, words_tell
from engine.nineteen_sixty.primitives import deal, draw_endorsement
from engine.nineteen_sixty.ruleset import RULESET
from tests.factlines import worded_from_facts



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
        assert raw.hold is not None and told.hold == raw.hold  # the rules give the verdict, the table holds or posts
        assert all(e.facts is not None and e.public is None and not e.private for e in raw.events), raw.events
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


def _check(event: Any) -> str:
    return worded_from_facts(event, words_tell)


@pytest.mark.parametrize(("options", "seed"), [({}, 1), ({"vp": "on", "restricted": "on"}, 2), ({"vp": "on"}, 4)])
def test_every_line_the_rules_make_is_a_fact_the_words_say(options: dict[str, Any], seed: int) -> None:
    started = RULESET.start(options, seats_for(RULESET, 2, {}), seed)
    rng, state = Rng(seed), started.state
    opening = [e for e in started.events if e.public]
    assert started.hold and [e.kind for e in opening] == ["game_opened", "turn_dealt", "initiative_drawn"]
    assert all(e.public == words_tell.line(e.facts) for e in opening)  # the opening post, worded
    kinds: set[str] = set()
    while RULESET.outcome(state) is None:
        owing = owing_seats(RULESET, state)
        seat = owing[rng.below(len(owing))]
        options_now = RULESET.decisions(state, seat).all_options()
        result = RULESET.apply(state, seat, options_now[rng.below(len(options_now))].action)
        kinds |= {_check(event) for event in result.events}
        state = result.state
    assert {"support_checked", "initiative_drawn", "turn_dealt", "dealt", "played_for", "event_played",
            "momentum_decayed", "strategy_sealed", "debate_revealed", "debate_won", "debate_hand", "bonus_bagged",
            "strategy_shown", "undecided_tipped", "tallied"} <= kinds, kinds
    end = next(e for e in result.events if e.kind == "tallied")
    outcome = RULESET.outcome(state)
    assert outcome is not None and end.public is not None and end.public.endswith(outcome.reason + ".")  # as it is given


def test_the_lines_a_random_game_seldom_makes_are_facts_the_words_say_as_ever() -> None:
    """An empty deck or endorsement deck refilled, and a Gathering Momentum region with no empty state: the rules
    state them as facts, and the words say them as the table has always read them."""
    state = RULESET.setup({}, seats_for(RULESET, 2, {}), 1)
    state.discard, state.deck = [*state.deck[:3]], []
    state.endorsement_used, state.endorsement_deck = [*state.endorsement_deck], []
    events: list[Any] = []
    deal(state, "K", 1, events)
    draw_endorsement(state, events)
    assert [e.facts for e in events] == [t.DeckRefilled(size=3), t.EndorsementsRefilled()]
    assert [e.public for e in RULESET.words.tell(events)] == [
        "The deck is empty: the discards are shuffled into a new deck of 3.",
        "The endorsement deck is empty: the used cards are shuffled into a new one."]
    assert words_tell.line(fe.NoEmptyState(region="S")) == "No state in the South is empty."


def test_a_momentum_line_says_the_total_it_leaves_as_now() -> None:
    """Each line that moves momentum ends with the candidate's new total, read as "now", as a state's cubes are:
    "(1)" alone would read as the amount moved."""
    lines = [
        fe.MomentumChanged(side="N", n=1, lost=True, momentum=1),
        fe.MomentumChanged(side="K", n=2, lost=False, momentum=3),
        t.RewardTaken(seat="NIX", issue="economy", momentum=2),
        t.IssueRewarded(side="K", issue="defense", place=1, momentum=2),
        t.IssueRewarded(side="N", issue="civil_rights", place=3, momentum=1),
        t.Pledged(card=25, side="K", momentum=4),
    ]
    assert [words_tell.line(x) for x in lines] == [
        "Nixon loses 1 momentum (now 1).",
        "Kennedy gains 2 momentum (now 3).",
        "NIX leads Economy (2nd) and takes 1 momentum (now 2).",
        "Kennedy leads Defense (1st) and gains 1 momentum (now 2) and an endorsement.",
        "Nixon leads Civil Rights (3rd) and gains 1 momentum (now 1).",
        f"{words_tell.card_label(25)}: Kennedy gains 1 momentum (now 4).",
    ]

"""Campaign Manager 2008's rules state facts and its words say them (engine/campaign_manager_2008/facts.py,
words.py): along seeded random drafted games, the rules' own decisions carry a question and options with no label
or detail and no prompt (a choice an effect waits on included), and the lines they state as facts carry
no words, and the rules leave the turn's post alone, giving only the verdict whether the step's lines wait for it;
the ruleset's contract words every one of them, each keeping its kind, seat and cause (a line the table holds for the
turn's post too, which it keeps in words), and leaves the state as the rules alone do."""
from __future__ import annotations

import json

import pytest

from engine.campaign_manager_2008 import rules
from engine.campaign_manager_2008.ruleset import RULESET
from engine.core.posting import EMPTY
from engine.core.rng import Rng
from engine.core.ruleset import owing_seats, play_posted, seats_for


@pytest.mark.parametrize("seed", range(2))
def test_the_rules_state_facts_and_the_contract_words_them(seed: int) -> None:
    rng, state = Rng(seed), RULESET.setup({"deck": "draft"}, seats_for(RULESET, 2, {}), seed)
    posting = EMPTY
    kinds: set[str] = set()
    while RULESET.outcome(state) is None:
        seat = owing_seats(RULESET, state)[0]
        bare, worded = rules.decisions(state, seat), RULESET.decisions(state, seat)
        assert bare.facts is not None and not bare.prompt
        assert all(not o.label and not o.detail and not o.group for o in bare.all_options())
        assert worded.prompt and worded.deadline_default and all(o.label for o in worded.all_options())
        assert [o.action for o in worded.all_options()] == [o.action for o in bare.all_options()]
        options = worded.all_options()
        action = options[rng.below(len(options))].action
        raw, played = rules.apply(state, seat, action), play_posted(RULESET, state, posting, seat, [action])
        told = played.result
        assert raw.hold is not None and RULESET.apply(state, seat, action).hold == raw.hold  # the table holds or posts
        stated = [e for e in raw.events if e.facts is not None]
        for event in stated:
            assert event.public is None and not event.private and event.proof is None
            json.dumps(event.facts.model_dump(mode="json"))  # plain data, nothing a player reads
        said = [e for e in told.events if e.facts is not None]
        held = played.posting.held[len(posting.held):] if raw.hold else ()
        assert all(line.text for line in held)
        mine = {(e.kind, e.seat, e.cause) for e in stated if e.kind != "negative_resumed"}  # a mark on a line
        if raw.hold:  # a held line comes in a later post, as the words it is kept in, with its facts
            assert all(h.facts is not None for h in held)
            assert {(h.facts.kind, h.seat, h.cause) for h in held} <= mine
        else:  # the lines held before come now, each with the kind it was worded from
            assert all(h.facts is not None for h in posting.held)
            released = {(h.facts.kind, h.seat, h.cause) for h in posting.held}  # type: ignore[union-attr]
            assert {(e.kind, e.seat, e.cause) for e in said} == mine | released
            kinds |= {kind for kind, _, _ in released}
        assert all(e.public or e.private or e.proof for e in told.events)
        again = [e.model_copy() for e in told.events]
        assert RULESET.words.tell(again) == told.events  # what is posted worded is not worded twice
        assert raw.state.model_dump() == told.state.model_dump()
        kinds |= {e.kind for e in said}
        state, posting = told.state, played.posting
    assert {"card_drafted", "hand_dealt", "decks_drafted", "start_sealed", "start_revealed", "campaign_opened",
            "cards_drawn", "card_played", "gained", "state_won", "state_entered", "news_drawn"} <= kinds, kinds


def _texts(value: object) -> list[str]:
    """Every string in a dumped value, keys included."""
    if isinstance(value, dict):
        return [t for k, v in value.items() for t in (k, *_texts(v))]
    if isinstance(value, list):
        return [t for v in value for t in _texts(v)]
    return [value] if isinstance(value, str) else []


@pytest.mark.parametrize(("seed", "draw"), [(1, True), (3, False)])
def test_the_rules_keep_what_decided_the_game_and_each_roll_without_a_sentence(seed: int, draw: bool) -> None:
    """Starter games that end in a draw (seed 1) and a win (seed 3), played at random: no step leaves a sentence in
    the state, the rules' outcome gives what decided the game and no reason, and the words make the reason, the
    board's roll line and the view's reason from the facts."""
    rng, state = Rng(seed), RULESET.setup({"deck": "starter"}, seats_for(RULESET, 2, {}), seed)
    rolls = 0
    while RULESET.outcome(state) is None:
        seat = owing_seats(RULESET, state)[0]
        options = RULESET.decisions(state, seat).all_options()
        state = RULESET.apply(state, seat, options[rng.below(len(options))].action).state
        sentences = [t for t in _texts(json.loads(state.model_dump_json())) if " " in t]
        assert sentences == []
        if state.last_roll is not None:
            rolls += 1
            roll = state.last_roll
            assert (roll.faces, roll.sides) == ([state.last_negative], 6)
            assert RULESET.view(state, None).last_dice == [f"{roll.seat} rolled {roll.faces[0]} (Going Negative)"]
    assert rolls
    bare, worded = rules.outcome(state), RULESET.outcome(state)
    assert bare is not None and worded is not None and bare.reason == "" and bare.draw == worded.draw == draw
    scores = [state.sides[s].score for s in state.seats]
    if draw:
        assert worded.reason == f"every state is won and it is {scores[0]}–{scores[1]}: a draw"
    else:
        name = {"OBA": "Obama", "MCC": "McCain"}[worded.winners[0]]
        assert worded.reason == f"{name} reaches {max(scores)} electoral votes (270 needed)"
    assert RULESET.view(state, None).reason == worded.reason
    assert "facts" not in worded.model_dump() and bare.facts is not None

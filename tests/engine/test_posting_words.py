"""One post per turn with a title's words (engine/core/posting.py): the rules give a step's events as facts with the
verdict whether they wait for the turn's post, the contract words them and the table holds or posts them, a held line
keeps in the table's memory the facts it was worded from (never in its stored form), and the rules' state is the same
whatever the table holds. Campaign Manager 2008 and Presidential Election batch their posts through the contract."""
from __future__ import annotations

from typing import Any

import pytest

from engine.campaign_manager_2008.ruleset import RULESET as CM
from engine.core.posting import EMPTY, Posting
from engine.core.rng import Rng
from engine.core.ruleset import owing_seats, play, play_posted, seats_for
from engine.presidential_election.ruleset import RULESET as PE


def _steps(seed: int, ruleset: Any = CM, players: int = 2, limit: int = 3000) -> Any:
    """The positions of a seeded random game (Campaign Manager 2008's with the starter decks) played at a table: each
    state and posting with the step that left them."""
    rng = Rng(seed)
    options = {"deck": "starter"} if ruleset is CM else {}
    state, posting = ruleset.setup(options, seats_for(ruleset, players, options), seed), EMPTY
    for _ in range(limit):
        if ruleset.outcome(state) is not None:
            return
        seat = owing_seats(ruleset, state)[0]
        choices = ruleset.decisions(state, seat).all_options()
        action = choices[rng.below(len(choices))].action
        played = play_posted(ruleset, state, posting, seat, [action])
        yield state, posting, seat, action, played
        state, posting = played.result.state, played.posting


def test_a_held_lines_facts_stay_in_the_tables_memory_but_never_in_its_stored_form() -> None:
    posting = next(p.posting for _, _, _, _, p in _steps(1) if any(h.facts is not None for h in p.posting.held))
    stored = posting.stored()
    assert stored is not None and '"facts"' not in stored
    loaded = Posting.loaded(stored)
    assert loaded == posting and all(h.facts is None for h in loaded.held)


def test_the_rules_give_the_verdict_and_the_contract_words_the_lines_before_the_table_holds_them() -> None:
    released = 0
    for state, before, seat, action, played in _steps(2):
        raw = CM.rules.apply(state, seat, action)
        assert raw.hold is not None and CM.apply(state, seat, action).hold == raw.hold
        assert all(line.text for line in played.posting.held)  # held in words
        if not raw.hold and before.held:  # the post releases the lines held, each with the kind it had
            kept = [h.facts.kind for h in before.held if h.facts is not None]
            shown = [e.kind for e in played.result.events[:len(before.held)]]
            assert [k for k in shown if k] == kept and kept
            released += 1
    assert released


@pytest.mark.parametrize(("ruleset", "players"), [(CM, 2), (PE, 3)], ids=["campaign_manager_2008",
                                                                             "presidential_election"])
def test_the_table_posts_every_line_once_in_order_and_the_rules_state_is_the_same_without_it(ruleset: Any,
                                                                                            players: int) -> None:
    posted: list[str] = []
    whole: list[str] = []
    held = 0
    for state, _, seat, action, played in _steps(3, ruleset, players, limit=400):
        alone = play(ruleset, state, seat, [action])
        assert alone.state.model_dump() == played.result.state.model_dump()
        posted += [e.public for e in played.result.events if e.public]
        whole += [e.public for e in alone.events if e.public]
        held += bool(played.posting.held)
    assert held, "no line was ever held"
    posted += [h.text for h in played.posting.held]
    if ruleset is CM:
        assert posted == whole
    else:  # Presidential Election says a run of like lines as one
        assert 0 < len(posted) <= len(whole)

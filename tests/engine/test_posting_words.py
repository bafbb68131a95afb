"""One post per turn with a title's words (engine/core/posting.py): the rules give a step's events as facts with the
verdict whether they wait for the turn's post, the contract words them and then holds or posts them, a held line
keeps in memory the facts it was worded from (never in the state's stored form, its hash or its equality), and the
silent path a search takes words nothing and leaves the post's fields as they were. Campaign Manager 2008 and
Presidential Election batch their posts through the contract."""
from __future__ import annotations

from typing import Any

import pytest

from engine.campaign_manager_2008.ruleset import RULESET as CM
from engine.core.posting import PRESENTATION
from engine.core.rng import Rng
from engine.core.ruleset import owing_seats, play, seats_for, state_hash
from engine.core.search import SearchGame
from engine.core.types import HeldLine, copy_state
from engine.presidential_election.ruleset import RULESET as PE


def _steps(seed: int, ruleset: Any = CM, players: int = 2, limit: int = 3000) -> Any:
    """The states of a seeded random game (Campaign Manager 2008's with the starter decks), each with the step that
    left it."""
    rng = Rng(seed)
    options = {"deck": "starter"} if ruleset is CM else {}
    state = ruleset.setup(options, seats_for(ruleset, players, options), seed)
    for _ in range(limit):
        if ruleset.outcome(state) is not None:
            return
        seat = owing_seats(ruleset, state)[0]
        choices = ruleset.decisions(state, seat).all_options()
        action = choices[rng.below(len(choices))].action
        result = play(ruleset, state, seat, [action])
        yield state, seat, action, result
        state = result.state


def _mid_turn(seed: int) -> Any:
    for _, _, _, result in _steps(seed):
        if any(line.facts is not None for line in result.state.unposted):
            return result.state
    raise AssertionError("no line held with its facts")


def test_a_held_lines_facts_go_along_in_a_copy_but_never_in_its_stored_form_hash_or_equality() -> None:
    state = _mid_turn(1)
    bare = state.model_copy(update={"unposted": [HeldLine(text=h.text, seat=h.seat, cause=h.cause)
                                                 for h in state.unposted]})
    assert state.model_dump_json() == bare.model_dump_json() and state_hash(state) == state_hash(bare)
    assert state.model_dump() == bare.model_dump() and state == bare
    copied = copy_state(state)
    assert [h.facts for h in copied.unposted] == [h.facts for h in state.unposted]
    loaded = CM.load_state(state.model_dump_json())
    assert loaded == state and all(h.facts is None for h in loaded.unposted)


def test_the_rules_give_the_verdict_and_the_contract_words_the_lines_before_it_holds_them() -> None:
    released = 0
    for before, seat, action, result in _steps(2):
        raw = CM.rules.apply(before, seat, action)
        assert raw.hold is not None and result.hold is None
        assert [getattr(raw.state, name) for name in PRESENTATION] == [getattr(before, name) for name in PRESENTATION]
        assert all(line.text for line in result.state.unposted)  # held in words
        if not raw.hold and before.unposted:  # the post releases the lines held, each with the kind it had
            kept = [h.facts.kind for h in before.unposted if h.facts is not None]
            shown = [e.kind for e in result.events[:len(before.unposted)]]
            assert [k for k in shown if k] == kept and kept
            released += 1
    assert released


@pytest.mark.parametrize(("ruleset", "players"), [(CM, 2), (PE, 3)], ids=["campaign_manager_2008",
                                                                             "presidential_election"])
def test_the_silent_path_leaves_the_posts_fields_as_they_were(ruleset: Any, players: int) -> None:
    game, moved = SearchGame(ruleset), 0
    for before, seat, action, result in _steps(3, ruleset, players, limit=400):
        silent = copy_state(before)
        game.advance(silent, seat, action)
        assert [getattr(silent, name) for name in PRESENTATION] == [getattr(before, name) for name in PRESENTATION]
        moved += [getattr(result.state, name) for name in PRESENTATION] != [getattr(before, name) for name in PRESENTATION]
    assert moved  # the full path did change them along the game

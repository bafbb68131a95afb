"""Campaign Manager 2008's silent path (engine/campaign_manager_2008/silent.py) is the full path without its
words: along seeded random games played through play() — a drafted game, the starter decks with either side
opening — every answer of the search interface and every in-place `advance` match the full path
(tests/engine/silent_check.py)."""
from __future__ import annotations

from typing import Any

import pytest

from engine.campaign_manager_2008.ruleset import RULESET as R
from engine.campaign_manager_2008.rules import choices, owes
from engine.campaign_manager_2008.state import SEATS
from engine.campaign_manager_2008.silent import CMSilent
from engine.core.ruleset import play, seats_for
from engine.core.search import SearchGame
from engine.core.types import Action
from tests.engine.silent_check import check_silent_path, random_moves, expected_legal


def _random_game(options: dict[str, Any], seed: int) -> tuple[Any, list[tuple[str, Action]]]:
    """A whole game of uniformly random legal actions, chosen from the full path's options alone."""
    start = R.setup(options, seats_for(R, 2, options), seed)
    return start, random_moves(R, start, seed, limit=3000)


def test_the_ruleset_declares_its_silent_path() -> None:
    assert isinstance(R.silent, CMSilent) and SearchGame(R).silent is R.silent


# Seeds whose games between them reach every question: several states won at once (order), an any-number cost
# (done), an issue row to choose, Media Support's aim (target), a discard, a state entering play.
@pytest.mark.parametrize(("options", "seed"), [({}, 5), ({}, 8), ({"deck": "starter", "first": "MCC"}, 3),
                                               ({"deck": "starter", "first": "OBA"}, 4)])
def test_the_silent_path_answers_as_the_full_path_along_a_random_game(options: dict[str, Any], seed: int) -> None:
    start, moves = _random_game(options, seed)
    end = check_silent_path(R, SearchGame(R), start, moves)
    assert R.outcome(end) is not None


def test_a_side_with_no_card_anywhere_passes_on_both_paths() -> None:
    """No random game reaches a pass (an empty hand, deck and discard at once): a turn made so."""
    state = R.setup({"deck": "starter", "first": "OBA"}, seats_for(R, 2, {}), 4)
    side = state.sides["OBA"]
    side.hand, side.deck, side.discard = [], [], []
    game = SearchGame(R)
    assert game.to_move(state) == ["OBA"] and game.legal(state, "OBA") == expected_legal(R, state, "OBA")
    assert game.legal(state, "OBA") == [Action(verb="pass")]
    after = play(R, state, "OBA", [Action(verb="pass")]).state
    game.advance(state, "OBA", Action(verb="pass"))
    assert state.model_dump() == after.model_dump() and game.to_move(state) == ["MCC"]


@pytest.mark.parametrize(("options", "seed"), [({}, 5), ({"deck": "starter", "first": "MCC"}, 3)])
def test_who_owes_a_move_is_who_has_a_choice(options: dict[str, Any], seed: int) -> None:
    """`owes` (what the search's who-is-to-move and apply's post hold read) answers as `choices` does, for both
    sides and a seat that is none of them, at every position of a random game — the draft, the sealed starting
    picks, turns, costs and every choice an effect waits on."""
    start, moves = _random_game(options, seed)
    state, asked = start, set()
    for seat, action in [*moves, (None, None)]:
        for who in (*SEATS, "GOP"):
            assert owes(state, who) == bool(choices(state, who)[1]), (len(asked), who, choices(state, who))
        asked.add(choices(state, seat)[0] if seat else "")
        if seat is not None:
            state = play(R, state, seat, [action]).state
    assert {"action", "cost", "wait"} <= asked and (options or {"draft", "states"} <= asked)

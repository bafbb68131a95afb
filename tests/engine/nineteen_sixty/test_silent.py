"""1960's silent path (engine/nineteen_sixty/silent.py) is the full path without its words: along seeded random
games played through play() — with and without the Vice President cards and Restricted Positioning — every
answer of the search interface and every in-place `advance` match the full path (tests/engine/silent_check.py)."""
from __future__ import annotations

from typing import Any

import pytest

from engine.core.ruleset import seats_for
from engine.core.search import SearchGame
from engine.core.types import Action
from engine.nineteen_sixty.legal import position_cost, positions, restricted
from engine.nineteen_sixty.primitives import c, event_checks, event_playable, event_spent, prevented, requirement_met
from engine.nineteen_sixty.ruleset import RULESET as R
from engine.nineteen_sixty.silent import NineteenSixtySilent
from engine.nineteen_sixty.state import Play
from tests.engine.silent_check import check_silent_path, random_moves


def _random_game(options: dict[str, Any], seed: int) -> tuple[Any, list[tuple[str, Action]]]:
    """A whole game of uniformly random legal actions, chosen from the full path's options alone."""
    start = R.setup(options, seats_for(R, 2, options), seed)
    return start, random_moves(R, start, seed, limit=3000)


def test_the_ruleset_declares_its_silent_path() -> None:
    assert isinstance(R.silent, NineteenSixtySilent) and SearchGame(R).silent is R.silent


# Seeds whose games between them reach every decision random play reaches: events asking for a state and a
# region, a trigger and a preemption, travel and a token's stop, the track swapped and kept, the second issue's
# reward, the Vice President card, both revealed debate cards showing both candidates (who places first, vp 23),
# a two-icon card's side, and Election Day events put in order.
@pytest.mark.parametrize(("options", "seed"), [({}, 2), ({"vp": True}, 23), ({"restricted": True}, 3),
                                               ({"vp": True, "restricted": True}, 4)])
def test_the_silent_path_answers_as_the_full_path_along_a_random_game(options: dict[str, Any], seed: int) -> None:
    start, moves = _random_game(options, seed)
    end = check_silent_path(R, SearchGame(R), start, moves)
    assert R.outcome(end) is not None


def test_a_hands_event_checks_are_each_cards_own() -> None:
    """The menu finds a whole hand's events at once (`event_checks`): along random games, for every card and every
    position, the same answers as `event_playable` and `event_spent` card by card — prevented events and events
    whose requirement is unmet included, before and after the Debates."""
    seen = {"prevented": 0, "unmet": 0, "spent": 0}
    for options, seed in (({}, 2), ({"vp": True}, 23)):
        state, moves = _random_game(options, seed)
        for seat, action in moves:
            checks = event_checks(state)
            for x in c().cards:
                playable, spent = event_playable(state, x), event_spent(state, x)
                assert checks(x) == (playable, spent), (x, state.turn)
                seen["prevented"] += prevented(state, x)
                seen["unmet"] += not requirement_met(state, x)
                seen["spent"] += spent
            state = R.apply(state, seat, action).state
    assert all(seen.values()), seen



def _full_legal(state: Any, seat: str) -> list[Action]:
    full = R.decisions(state, seat)
    return [o.action for o in full.all_options()] if full.options else []


def test_what_to_move_found_goes_only_with_its_own_position() -> None:
    """`legal` takes what `to_move` found only for the very state it was found for, and never after a step: along a
    random game stepped in place, each seat's answer matches the full path's, asked right after `to_move`, after
    `to_move` of another position, and after an `advance` of the same object."""
    silent = NineteenSixtySilent()
    state, moves = _random_game({}, 5)
    other = R.setup({}, seats_for(R, 2, {}), 6)
    for number, (seat, action) in enumerate(moves):
        expected = {s: _full_legal(state, s) for s in state.seats}
        assert silent.to_move(state)[0] == seat
        assert {s: silent.legal(state, s) for s in state.seats} == expected, number
        silent.to_move(other)
        assert {s: silent.legal(state, s) for s in state.seats} == expected, number
        silent.to_move(state)
        silent.advance(state, seat, action)
        assert {s: silent.legal(state, s) for s in state.seats} == {s: _full_legal(state, s) for s in state.seats}, \
            number
    assert silent.over(state)


def test_a_fresh_play_is_the_play_validation_builds() -> None:
    """`Play.fresh` skips validation: it builds the very play `Play(...)` does, its fields marked set alike, and
    each play its own lists and dicts."""
    for seat, x, source in (("KEN", 3, "hand"), ("NIX", None, "candidate"), ("KEN", 40, "vp")):
        fresh, built = Play.fresh(seat, x, source), Play(seat=seat, card=x, source=source)
        assert fresh == built and fresh.model_fields_set == built.model_fields_set
        assert fresh.model_dump() == built.model_dump() and list(fresh.__dict__) == list(built.__dict__)
        fresh.declared.append("NY")
        fresh.bought["defense"] = 1
        assert Play.fresh(seat, x, source) == built



def test_the_issues_a_play_may_position_on_are_those_it_can_afford_and_is_not_barred_from() -> None:
    """`positions` (the menu's issues, and whether positioning goes on) against the rule read issue by issue: its
    cost against the CP left, whether the play bought there already, and Restricted Positioning's bar on the card's
    own debate issue."""
    seen = {"bought": 0, "barred": 0}
    for options, seed in (({"restricted": True}, 3), ({"vp": True, "restricted": True}, 4), ({}, 2)):
        state, moves = _random_game(options, seed)
        for seat, action in moves:
            play = state.play
            if play is not None and play.action == "position":
                probe = play.model_copy(deep=True)
                for cp in range(5):
                    probe.cp_left = cp
                    assert positions(state, probe) == tuple(
                        i for i in state.track if position_cost(probe, i) <= cp and not restricted(state, probe, i))
                seen["bought"] += bool(play.bought)
                seen["barred"] += any(restricted(state, play, i) for i in state.track)
            state = R.apply(state, seat, action).state
    assert all(seen.values()), seen

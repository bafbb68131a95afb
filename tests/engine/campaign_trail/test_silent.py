"""Campaign Trail's silent path (engine/campaign_trail/silent.py) against the full one: along seeded random games
at the tables whose flow differs — 2 players, 6 (running mates and their exchanges), Dirty Politics, Solo Play
against one AI party and two in co-op, the Advanced Solo Deck — every answer of the search interface and every
`advance` in place is what decisions() and play() give (tests/engine/silent_check.py)."""
from __future__ import annotations

from typing import Any

import pytest

from engine import registry
from engine.core.rng import Rng
from engine.core.ruleset import seats_for
from engine.core.search import SearchGame
from engine.core.types import Action
from tests.engine.silent_check import check_silent_path, expected_legal, random_moves

# (players, options, seed): each seed picked so the game goes through its table's own flow — the 6-player game
# through running mates' card exchanges, the Solo Play game through a Change of Plans played on an AI card.
TABLES = [
    (2, {}, 1),
    (6, {}, 1),
    (3, {"dirty": True}, 3),
    (1, {"ai": ["REP"]}, 1),
    (2, {"ai": ["REP", "LIB"], "coop": True, "dirty": True}, 5),
    (1, {"ai": ["REP"], "ai_deck": "advanced"}, 6),
]


def _random_game(ruleset: Any, start: Any, seed: int) -> list[tuple[str, Action]]:
    """A whole game through play(), the first seat owing a move playing a uniformly random legal action."""
    return random_moves(ruleset, start, seed)


@pytest.mark.parametrize(("players", "options", "seed"), TABLES,
                         ids=[f"{p}-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'plain'}" for p, o, _ in TABLES])
def test_the_silent_path_answers_and_steps_as_the_full_path(players: int, options: dict[str, Any], seed: int) -> None:
    ruleset = registry.get("campaign_trail")
    start = ruleset.setup(options, seats_for(ruleset, players, options), seed)
    moves = _random_game(ruleset, start, seed)
    end = check_silent_path(ruleset, SearchGame(ruleset), start, moves)
    assert ruleset.outcome(end) is not None


def test_a_search_step_reaches_the_state_a_held_step_reaches() -> None:
    """Mid-turn, apply() gives the turn's worded lines with the verdict that they wait for the turn's post (the table
    holds them, never the state); a step the search takes in place reaches the same state field for field."""
    ruleset = registry.get("campaign_trail")
    game = SearchGame(ruleset)
    state = ruleset.setup({}, seats_for(ruleset, 2, {}), 7)
    rng, held = Rng(7), 0
    while ruleset.outcome(state) is None and held < 20:
        seat = game.to_move(state)[0]
        actions = game.legal(state, seat)
        action = actions[rng.below(len(actions))]
        result = ruleset.apply(state, seat, action)
        game.advance(state, seat, action)
        assert state.model_dump() == result.state.model_dump()
        held += bool(result.hold and any(e.public for e in result.events))
    assert held == 20, "no turn ever held its lines"


def test_what_a_seat_may_do_is_found_anew_after_each_step() -> None:
    """`to_move` keeps the choices it found on the state for `legal`; a step taken in place must drop them, so
    `legal` asked after `advance` with no `to_move` between answers for the new position, as the full path does."""
    ruleset = registry.get("campaign_trail")
    game = SearchGame(ruleset)
    state = ruleset.setup({}, seats_for(ruleset, 2, {}), 4)
    rng, steps = Rng(4), 0
    while ruleset.outcome(state) is None and steps < 400:
        seat = game.to_move(state)[0]
        actions = game.legal(state, seat)
        game.advance(state, seat, actions[rng.below(len(actions))])
        for other in state.seats:
            assert game.legal(state, other) == expected_legal(ruleset, state, other), (steps, other)
        steps += 1
    assert steps == 400


def test_a_fresh_turn_is_the_validated_turn_field_for_field():
    from engine.campaign_trail.state import TurnState
    for fresh, built in ((TurnState.fresh("DEM", 7), TurnState(seat="DEM", card=7)),
                         (TurnState.fresh("REP"), TurnState(seat="REP"))):
        assert list(fresh.__dict__.items()) == list(built.__dict__.items())
        assert fresh.model_fields_set == built.model_fields_set
        assert fresh.model_dump_json() == built.model_dump_json()
        fresh.bought.append("taxes")
        assert TurnState.fresh("DEM").bought == []  # no list shared between turns


def test_standing_rules_kept_through_a_step_follow_a_politick_put_in_play() -> None:
    """A step keeps each seat's standing rules once read; a politick that starts working in the step (Super PAC:
    $10M an issue) must change what the rest of the step reads, and after the step they are read afresh."""
    from engine.campaign_trail import abilities
    from engine.campaign_trail.state import Tabled
    from engine.campaign_trail.turn import start_of_turn

    ruleset = registry.get("campaign_trail")
    state = ruleset.setup({}, seats_for(ruleset, 2, {}), 4)
    seat = state.seats[0]
    kept = state.__pydantic_private__
    kept["_standing"] = {}  # as a step keeps them
    assert abilities.stat(state, seat, "advertise", "cost_per_issue", 20) == 20
    state.players[seat].table.append(Tabled(card=state.players[seat].hand[0], politick="super_pac"))
    abilities.forget(state)
    assert abilities.stat(state, seat, "advertise", "cost_per_issue", 20) == 20  # in play, not yet working
    start_of_turn(state, seat, [])  # it works from its owner's next turn
    assert abilities.stat(state, seat, "advertise", "cost_per_issue", 20) == 10

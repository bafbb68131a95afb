"""The search interface (engine/core/search.py, `SearchGame`) on every title: a seeded whole game of uniformly random
legal actions played through it ends with sensible returns, and the very same choices played through `play()` reach
the very same final state — the silent path and the full one are one game. Along the full path, every seat's legal
actions are its decision's options (and its any-time plays while it owes the decision), nothing otherwise, and no
returns come before the end."""
from __future__ import annotations

from typing import Any

import pytest

from engine import registry
from engine.core.rng import Rng
from engine.core.ruleset import seats_for, state_hash
from engine.core.search import SearchGame
from engine.core.types import Action
from tests.engine.silent_check import check_silent_path

# (title, players, options): each title's smallest table, plus the tables where returns are not one seat's own —
# Campaign Trail's running mates (a party of two seats) and Solo Play (a party no seat plays may win).
TABLES = [
    ("electioneer", 2, {}),
    ("campaign_trail", 2, {}),
    ("campaign_trail", 6, {}),
    ("campaign_trail", 1, {"ai": ["REP"]}),
    ("presidential_election", 3, {}),
    ("campaign_manager_2008", 2, {}),
    ("nineteen_sixty", 2, {}),
]
SEED = 11


def _search_game(game: SearchGame, state: Any, seed: int) -> tuple[list[tuple[str, Action]], Any]:
    """A whole game through the search interface, `to_move[0]` playing a uniformly random legal action each step:
    the (seat, action) choices and the final state."""
    rng = Rng(seed)
    moves: list[tuple[str, Action]] = []
    while (result := game.returns(state)) is None:
        seat = game.to_move(state)[0]
        actions = game.legal(state, seat)
        assert actions, f"{seat} is to move with nothing legal, step {len(moves)}"
        action = actions[rng.below(len(actions))]
        moves.append((seat, action))
        state = game.step(state, seat, action)
        assert len(moves) < 5000, "runaway game"
    assert result is not None
    return moves, state


@pytest.mark.parametrize(("name", "players", "options"), TABLES,
                         ids=[f"{n}-{p}{'-solo' if o else ''}" for n, p, o in TABLES])
def test_a_random_game_through_the_search_interface_is_the_game_play_plays(name: str, players: int,
                                                                           options: dict[str, Any]) -> None:
    ruleset = registry.get(name)
    game = SearchGame(ruleset)
    seats = seats_for(ruleset, players, options)
    start = ruleset.setup(options, seats, SEED)
    before = state_hash(start)
    moves, silent_end = _search_game(game, start, SEED)
    assert state_hash(start) == before, "a step changed the state it was given"
    state = check_silent_path(ruleset, game, start, moves)
    assert state.model_dump() == silent_end.model_dump(), "the silent path and play() parted ways"

    outcome = ruleset.outcome(state)
    result = game.returns(state)
    assert outcome is not None and result is not None and set(result) == set(seats)
    party = ruleset.party_of
    won = 0.5 if outcome.draw or len(outcome.winners) > 1 else 1.0
    for seat, score in result.items():
        assert 0.0 <= score <= 1.0
        expected = 0.5 if outcome.draw else won if party(seat) in outcome.winners else 0.0
        assert score == expected, (seat, score, outcome)
    if any(party(s) in outcome.winners for s in seats):
        assert max(result.values()) == won


def test_running_mates_share_their_partys_returns() -> None:
    """A six-seat Campaign Trail game: the winning party's two seats both score, every other seat scores nothing."""
    ruleset = registry.get("campaign_trail")
    game = SearchGame(ruleset)
    seats = seats_for(ruleset, 6, {})
    _, end = _search_game(game, ruleset.setup({}, seats, SEED), SEED)
    winners = ruleset.outcome(end).winners
    result = game.returns(end)
    assert len(winners) == 1
    assert sorted(s for s, v in result.items() if v == 1.0) == [f"{winners[0]}-P", f"{winners[0]}-VP"]
    assert sum(result.values()) == 2.0


def test_a_seat_owing_nothing_has_no_legal_action_even_with_plays_allowed_any_time() -> None:
    """Where a seat that owes nothing holds an any-time play, the search leaves it out: a rule of the search."""
    ruleset = registry.get("electioneer")
    game = SearchGame(ruleset)
    seats = seats_for(ruleset, 2, {})
    state = ruleset.setup({}, seats, SEED)
    moves, _ = _search_game(game, state, SEED)
    waiting_with_extras = 0
    for seat, action in moves:
        for other in seats:
            decision = ruleset.decisions(state, other)
            if decision.extras and not decision.options:
                waiting_with_extras += 1
                assert game.legal(state, other) == []
        state = game.step(state, seat, action)
    assert waiting_with_extras, "no position of this game had a waiting seat holding an any-time play"


def test_determinize_is_the_rulesets_own() -> None:
    ruleset = registry.get("nineteen_sixty")
    game = SearchGame(ruleset)
    state = ruleset.setup({}, seats_for(ruleset, 2, {}), SEED)
    for seat in state.seats:
        assert state_hash(game.determinize(state, seat, Rng(5))) == state_hash(ruleset.determinize(state, seat, Rng(5)))

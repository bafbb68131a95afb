"""The `hard` level's default move in Presidential Election (engine/presidential_election/favourite.py, the ruleset's
`search_favourite`): always legal, deterministic for a given state and stream, and it keeps its campaign money for
the turns near the end where the `normal` bot spends it at once."""
from __future__ import annotations

import pytest

from engine.core.rng import Rng
from engine.core.search import SearchGame
from engine.core.types import Action, copy_state
from engine.presidential_election.favourite import reserve
from engine.presidential_election.primitives import c
from engine.presidential_election.ruleset import RULESET as R
from engine.presidential_election.state import PEState

GAME = SearchGame(R)


def _positions(players: int, seed: int) -> list[tuple[PEState, str]]:
    """Every position of a seeded game the default move plays on every seat, with the seat to move."""
    state = R.setup({}, R.seat_names(players), seed)
    rng = Rng(seed)
    seen = []
    while GAME.returns(state) is None:
        seat = GAME.to_move(state)[0]
        seen.append((copy_state(state), seat))
        GAME.advance(state, seat, R.search_favourite(state, seat, rng))
    return seen


@pytest.mark.parametrize("players,seed", [(2, 1), (2, 2), (4, 3)])
def test_the_default_move_is_legal_and_deterministic(players: int, seed: int) -> None:
    positions = _positions(players, seed)
    assert len(positions) > 100
    for state, seat in positions[::2]:
        before = state.model_dump()
        moves = {R.search_favourite(state, seat, Rng(7)) for _ in range(2)}
        assert len(moves) == 1 and moves <= set(GAME.legal(state, seat))
        assert state.model_dump() == before


def _early_campaign() -> tuple[PEState, str]:
    """Seed 1's first campaigning after the first round where the `normal` bot buys a Sign or Television Campaign,
    and the seat to move."""
    state = R.setup({}, R.seat_names(2), 1)
    rng = Rng(1)
    while True:
        seat = GAME.to_move(state)[0]
        action = R.bot_action(state, seat, rng)
        if state.round > 1 and state.turn.stage == "campaign" and not state.tasks and _campaigns(action):
            return state, seat
        GAME.advance(state, seat, action)


def _campaigns(action: Action) -> bool:
    return action.verb == "buy" and action.args[0] in ("sign", "tv")


def test_early_in_the_game_it_keeps_the_money_a_sign_or_television_campaign_would_spend() -> None:
    state, seat = _early_campaign()
    assert state.round <= 3 and not state.last_round
    assert _campaigns(R.bot_action(state, seat, Rng(1)))  # normal spends it now, where the rival can answer
    kept = R.search_favourite(state, seat, Rng(1))
    assert not _campaigns(kept) and kept in GAME.legal(state, seat)


def test_money_the_later_turns_could_not_spend_is_spent_now() -> None:
    state, seat = _early_campaign()
    state.players[seat].money = int(reserve(state, seat)) + 600  # a Television Campaign spared from the reserve
    spent = R.bot_action(state, seat, Rng(1))
    assert _campaigns(spent) and R.search_favourite(state, seat, Rng(1)) == spent


def test_on_what_may_be_its_last_turn_it_spends_as_normal_does() -> None:
    state, seat = _early_campaign()
    for p in state.players.values():
        p.trail = len(c().track) - 2
    assert R.search_favourite(state, seat, Rng(1)) == R.bot_action(state, seat, Rng(1))


def test_it_makes_the_biggest_state_its_home_where_normal_keeps_to_a_middling_one() -> None:
    state = R.setup({}, R.seat_names(2), 1)
    rng = Rng(1)
    while state.phase != "home":
        seat = GAME.to_move(state)[0]
        GAME.advance(state, seat, R.bot_action(state, seat, rng))
    seat = GAME.to_move(state)[0]
    offered = [a.args[0] for a in GAME.legal(state, seat) if a.verb == "home"]
    biggest = max(offered, key=lambda code: c().ev(code, state.options.era))
    assert R.search_favourite(state, seat, Rng(1)) == Action(verb="home", args=(biggest,))
    assert R.bot_action(state, seat, Rng(1)) != Action(verb="home", args=(biggest,))

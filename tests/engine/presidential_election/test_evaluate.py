"""Presidential Election's evaluation (engine/presidential_election/evaluate.py), on positions of seeded games the
`normal` bot plays: chances in [0, 1] summing to 1 at every table size, exact once the game is over, on the side
of a seat that holds a majority of the electoral votes on the last turn, and rising with a seat's votes."""
from __future__ import annotations

import functools
import math

import pytest

from engine.core.rng import Rng
from engine.core.search import SearchGame
from engine.core.types import copy_state
from engine.presidential_election.evaluate import board, electoral_votes, evaluate
from engine.presidential_election.primitives import ev, state_codes
from engine.presidential_election.ruleset import RULESET as R
from engine.presidential_election.state import PEState


@functools.cache
def game(players: int, seed: int) -> tuple[list[PEState], PEState]:
    """Every position of one seeded `normal` game, and its end: played once, read by the tests that share its seed
    (none changes what it reads)."""
    search = SearchGame(R)
    state = R.setup({}, R.seat_names(players), seed)
    rng = Rng(seed)
    seen = []
    while search.returns(state) is None:
        seen.append(copy_state(state))
        seat = search.to_move(state)[0]
        search.advance(state, seat, R.bot_action(state, seat, rng))
    return seen, state


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (6, 3)])
def test_chances_lie_in_0_1_and_sum_to_1(players: int, seed: int) -> None:
    seen, _ = game(players, seed)
    for state in seen[::7]:
        chances = evaluate(state)
        assert set(chances) == set(state.seats)
        assert all(0.0 <= p <= 1.0 for p in chances.values()), chances
        assert math.isclose(sum(chances.values()), 1.0, abs_tol=1e-9), chances


def test_the_ruleset_offers_it() -> None:
    state = R.setup({}, R.seat_names(2), 5)
    assert R.evaluate(state) == evaluate(state)
    assert evaluate(state) == {"P1": 0.5, "P2": 0.5}  # nothing played yet: the seats are level


@pytest.mark.parametrize("players,seed", [(2, 4), (6, 3)])
def test_exact_at_the_end(players: int, seed: int) -> None:
    _, end = game(players, seed)
    assert end.phase == "over" and end.winner is not None
    assert evaluate(end) == {s: 1.0 if s == end.winner else 0.0 for s in end.seats}


def test_a_majority_in_the_last_round_is_favoured() -> None:
    """On the game's last turn, the seat taking it, whose votes would already carry a majority of the electoral
    votes (no rival has a turn left to answer with), is favoured."""
    majority = sum(ev(R.setup({}, ["P1", "P2"], 1), code) for code in state_codes()) / 2
    checked = 0
    for seed in range(1, 9):
        seen, _ = game(2, seed)
        for state in seen:
            if not state.last_round or state.current != state.order[-1]:
                continue
            leader = state.current
            held = electoral_votes(board(state, state.seats), len(state.seats))[state.seats.index(leader)]
            if held > majority:
                assert evaluate(state)[leader] > 0.5, (seed, held)
                checked += 1
    assert checked > 0  # the seeds reach such positions


def test_more_votes_raise_a_seats_chance() -> None:
    """A seat handed votes where a rival leads, mid-game, is given a better chance than before."""
    seen, _ = game(2, 6)
    state = next(s for s in seen if s.phase == "play" and s.round == 5)
    rival_lead = [code for code in state_codes()
                  if state.players["P2"].votes.get(code, 0) > state.players["P1"].votes.get(code, 0)]
    assert rival_lead
    stronger = copy_state(state)
    for code in rival_lead:
        stronger.players["P1"].votes[code] = state.players["P2"].votes[code] + 1
    assert evaluate(stronger)["P1"] > evaluate(state)["P1"]

"""Campaign Trail's evaluation (engine/campaign_trail/evaluate.py), offered through the ruleset: each party's chance
in [0, 1], given to each of its seats, summing to 1 over the parties; the result itself once the game is over; the
party ahead in the states favoured."""
from __future__ import annotations

import pytest

from engine import registry
from engine.campaign_trail.primitives import electoral_votes
from engine.core.rng import Rng
from engine.core.search import SearchGame

RULESET = registry.get("campaign_trail")


def _by_party(state, value: dict[str, float]) -> dict[str, float]:  # noqa: ANN001
    return {RULESET.party_of(seat): value[seat] for seat in state.seats}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_position_gets_a_chance_per_party_summing_to_one_and_the_result_at_the_end(players: int) -> None:
    game = SearchGame(RULESET)
    seats = RULESET.seat_names(players)
    state, rng = RULESET.setup({}, seats, players), Rng(players)
    seen = 0
    while game.returns(state) is None:
        value = RULESET.evaluate(state)
        assert set(value) == set(seats) and all(0.0 <= v <= 1.0 for v in value.values())
        chances = _by_party(state, value)
        assert len(chances) == len(state.parties)
        assert sum(chances.values()) == pytest.approx(1.0)
        seat = game.to_move(state)[0]
        game.advance(state, seat, RULESET.bot_action(state, seat, rng))
        seen += 1
    assert seen > 100
    assert RULESET.evaluate(state) == game.returns(state)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_party_ahead_when_the_decks_run_out_is_favoured_and_more_so_with_more_voters(seed: int) -> None:
    game = SearchGame(RULESET)
    seats = RULESET.seat_names(2)
    state, rng = RULESET.setup({}, seats, seed), Rng(seed)
    while any(state.decks) or state.phase in ("candidate", "home"):
        seat = game.to_move(state)[0]
        game.advance(state, seat, RULESET.bot_action(state, seat, rng))
    votes = electoral_votes(state)
    ahead = max(votes, key=lambda p: votes[p])
    behind = next(p for p in votes if p != ahead)
    leading = _by_party(state, RULESET.evaluate(state))[ahead]
    assert leading > 0.5
    for row in state.voters.values():  # every state a voter more for the party ahead, a voter less for the other
        row[ahead] += 1
        row[behind] = max(0, row[behind] - 1)
    assert _by_party(state, RULESET.evaluate(state))[ahead] > leading


def test_cards_left_to_play_make_a_lead_less_certain() -> None:
    game = SearchGame(RULESET)
    seats = RULESET.seat_names(2)
    state, rng = RULESET.setup({}, seats, 5), Rng(5)
    while state.phase != "play" or len(state.decks[0]) > len(state.decks[1]) // 2:
        seat = game.to_move(state)[0]
        game.advance(state, seat, RULESET.bot_action(state, seat, rng))
    chances = _by_party(state, RULESET.evaluate(state))
    ahead = max(chances, key=lambda p: chances[p])
    later = game.clone(state)
    later.decks = [[], [], later.decks[2][:1]]  # the same board with one card left to play
    assert _by_party(later, RULESET.evaluate(later))[ahead] > chances[ahead]

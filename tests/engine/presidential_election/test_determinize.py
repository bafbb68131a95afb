"""Presidential Election's `determinize`: the seat's view kept, the decks' order and the rivals' Advantage draws
redrawn, a real game that plays on (tests/engine/determinize_check.py), and nothing drawn but from the view."""
from __future__ import annotations

from collections.abc import Hashable

import pytest

from engine.core.rng import Rng
from engine.presidential_election.primitives import c
from engine.presidential_election.ruleset import RULESET as R
from engine.presidential_election.state import PEState
from tests.engine.determinize_check import positions, problems

# Steps into a seeded game: the Advantage draw (an offer open, then some returned), early and later turns.
STOPS_2 = [5, 6, 7, 40, 160]
STOPS_4 = [10, 12, 60]


def hidden(state: PEState, seat: str) -> Hashable:
    """What `seat` cannot see: the Campaign deck's order, the Advantage deck, the rivals' offers and returns."""
    rivals = [s for s in state.seats if s != seat]
    facts = (tuple(state.deck), tuple(state.adv_deck),
             tuple((s, tuple(state.players[s].offer), tuple(state.players[s].returned)) for s in rivals))
    unknown_advantages = len(state.adv_deck) + sum(len(state.players[s].offer) for s in rivals)
    returns = any(state.players[s].returned for s in rivals)
    return None if len(state.deck) <= 1 and unknown_advantages <= 1 and not returns else facts


def _states(count: int, seed: int, stops: list[int]) -> list[PEState]:
    return positions(R, {}, R.seat_names(count), seed, stops)


def _phases(states: list[PEState]) -> list[str]:
    return [s.phase for s in states]


@pytest.mark.parametrize("count,seed,stops", [(2, 3, STOPS_2), (4, 11, STOPS_4)])
def test_determinize_passes_the_checks(count: int, seed: int, stops: list[int]) -> None:
    states = _states(count, seed, stops)
    assert "advantage" in _phases(states) and "play" in _phases(states)
    for state in states:
        assert problems(R, state, hidden) == [], state.phase


def test_an_open_advantage_offer_and_the_cards_put_back_are_redrawn_consistently() -> None:
    """Every Advantage card is in exactly one place (kept, an offer, the deck); a rival's offer and returned cards
    are redrawn, the returned two among those it did not keep and nobody had kept before its choice; the
    Campaign deck holds the same cards."""
    states = [s for s in _states(4, 11, [10, 11, 12, 13]) if s.phase == "advantage"]
    assert any(p.returned for s in states for p in s.players.values())
    for state in states:
        for seat in state.seats:
            rivals_draws: set[tuple] = set()
            for k in range(20):
                world = R.determinize(state, seat, Rng(k))
                assert sorted(world.deck) == sorted(state.deck)
                places = [*world.adv_deck, *(x for p in world.players.values() for x in p.offer),
                          *(p.advantage for p in world.players.values() if p.advantage)]
                assert sorted(places) == sorted(c().advantages)
                kept_before: set[str] = set()
                for s in world.order:
                    p = world.players[s]
                    if p.advantage:
                        kept_before.add(p.advantage)
                    assert len(p.returned) == len(state.players[s].returned)
                    assert len(set(p.returned)) == len(p.returned) and not set(p.returned) & kept_before, (seat, s)
                assert world.players[seat].returned == state.players[seat].returned
                assert world.players[seat].offer == state.players[seat].offer
                rivals_draws.add(tuple((s, tuple(p.offer), tuple(p.returned)) for s, p in world.players.items()
                                       if s != seat and (p.offer or p.returned)))
            assert len(rivals_draws) > 1 or rivals_draws == {()}, seat


@pytest.mark.parametrize("stop", [6, 40])
def test_states_the_seat_cannot_tell_apart_determinize_alike(stop: int) -> None:
    """A searcher starting from a determinization cannot read the true state: a true state and any other the seat
    cannot tell from it give the same determinization for the same draws."""
    state = _states(2, 3, [stop])[0]
    for seat in state.seats:
        other = R.determinize(state, seat, Rng(9))
        assert other != state
        assert R.determinize(state, seat, Rng(5)) == R.determinize(other, seat, Rng(5))



def test_the_dice_to_come_are_drawn_afresh() -> None:
    """A determinization's own randomness is reseeded from the draws, so its dice are not the true game's."""
    state = _states(2, 3, [40])[0]
    seeds = {R.determinize(state, "P1", Rng(k)).randomness.model_dump_json() for k in range(5)}
    assert state.randomness.model_dump_json() not in seeds and len(seeds) == 5

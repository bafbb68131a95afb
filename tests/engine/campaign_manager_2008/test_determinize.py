"""Campaign Manager 2008's determinize: one of the positions a side cannot tell from the true one, with what it
cannot see redrawn (its rival's hand and draft, every deck's order, the news order, a sealed pick)."""
from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import pytest

from engine.campaign_manager_2008.primitives import c
from engine.campaign_manager_2008.ruleset import RULESET
from engine.campaign_manager_2008.state import SEATS, CMState
from engine.core.rng import Rng
from engine.core.ruleset import owing_seats, play
from tests.engine.determinize_check import Positions, positions, problems


def _parts(state: CMState, seat: str) -> dict[str, tuple[Hashable, bool]]:
    """Each kind of fact hidden from `seat`, and whether it could be any other way than it is."""
    rival = state.other(seat)
    me, them = state.sides[seat], state.sides[rival]
    sealed = state.sealed.sealed.get(rival)
    picking = state.phase == "states"
    return {
        "news order": (tuple(state.news), len(state.news) > 1),
        "own deck order": (tuple(me.deck), len(me.deck) > 1),
        "own draft pool order": (tuple(me.pool), len(me.pool) > 1),
        "rival hand and deck": ((tuple(them.hand), tuple(them.deck)), len(them.hand) + len(them.deck) > 1),
        "rival draft": ((tuple(them.kept), tuple(them.removed), tuple(them.offer), tuple(them.pool)),
                        state.phase == "draft"),
        "rival picks": ((tuple(them.picks), sealed.choice if sealed else None) if picking else None, picking),
    }


def hidden(state: CMState, seat: str) -> Hashable:
    """What `seat` cannot see, or None when all of it could only be one way."""
    parts = _parts(state, seat)
    return tuple(value for value, _ in parts.values()) if any(vary for _, vary in parts.values()) else None


def _positions() -> list[CMState]:
    found: list[CMState] = []
    for seed in (1, 2):
        found += positions(RULESET, {"deck": "starter"}, list(SEATS), seed, [2, 40, 200])
        found += positions(RULESET, {"deck": "draft"}, list(SEATS), seed, [5, 31, 33, 80, 250])
    return found


POSITIONS = Positions(16, _positions)


@pytest.fixture
def state(request: pytest.FixtureRequest) -> Any:
    """The position a test is parametrized with, by its index (made when first read: Positions)."""
    return POSITIONS[request.param]


@pytest.mark.parametrize("state", range(len(POSITIONS)), indirect=True)
def test_determinize_keeps_the_view_and_redraws_the_hidden(state: CMState) -> None:
    assert problems(RULESET, state, hidden, samples=12, playout_steps=20) == []


@pytest.mark.parametrize("state", range(len(POSITIONS)), indirect=True)
def test_every_kind_of_hidden_fact_is_redrawn(state: CMState) -> None:
    for seat in SEATS:
        worlds = [_parts(RULESET.determinize(state, seat, Rng(k)), seat) for k in range(12)]
        for name, (_, could_vary) in _parts(state, seat).items():
            if could_vary:
                assert len({world[name][0] for world in worlds}) > 1, f"{seat}: {name}"


def test_the_dice_to_come_are_reseeded() -> None:
    state = POSITIONS[0]
    seeds = {RULESET.determinize(state, "OBA", Rng(k)).randomness.prng for k in range(5)}
    assert len(seeds) == 5 and state.randomness.prng not in seeds


def test_positions_cover_the_draft_the_picks_and_play_in_both_variants() -> None:
    covered = {(s.options.deck, s.phase) for s in POSITIONS}
    assert {("starter", "play"), ("draft", "draft"), ("draft", "states"), ("draft", "play")} <= covered
    assert any(s.phase == "states" and s.sealed.sealed for s in POSITIONS)  # a side has sealed its picks


@pytest.mark.parametrize("state", range(len(POSITIONS)), indirect=True)
def test_states_a_side_cannot_tell_apart_determinize_alike(state: CMState) -> None:
    for seat in SEATS:
        other_truth = RULESET.determinize(state, seat, Rng(9))
        assert RULESET.determinize(state, seat, Rng(5)) == RULESET.determinize(other_truth, seat, Rng(5))


def test_the_rivals_hand_is_dealt_from_its_unseen_cards() -> None:
    state = next(s for s in POSITIONS if s.options.deck == "draft" and s.phase == "play")
    rival = state.sides["MCC"]
    table = set(rival.discard) | ({state.media["card"]} if state.media else set())
    dealt = set()
    for k in range(10):
        world = RULESET.determinize(state, "OBA", Rng(k))
        them = world.sides["MCC"]
        assert not set(them.hand + them.deck) & table
        assert {card.id for card in c().pool("MCC")} == set(them.kept) | set(them.removed)
        assert world.sides["OBA"].hand == state.sides["OBA"].hand and world.sides["OBA"].kept == state.sides["OBA"].kept
        dealt.add(tuple(them.hand))
    assert len(dealt) > 1


def test_a_sealed_rival_keeps_its_seal_with_another_choice() -> None:
    state = next(s for s in POSITIONS if s.phase == "states" and s.sealed.sealed)
    (sealer,) = state.sealed.sealed
    seat = state.other(sealer)
    choices = set()
    for k in range(10):
        world = RULESET.determinize(state, seat, Rng(k))
        seal = world.sealed.sealed[sealer]
        assert seal.digest == state.sealed.sealed[sealer].digest
        assert seal.choice == ",".join(world.sides[sealer].picks)
        assert all(c().states[code].back == sealer for code in world.sides[sealer].picks)
        choices.add(seal.choice)
    assert len(choices) > 1


def _binder_played() -> CMState:
    """A draft game where Obama keeps and plays O32 (its opponent discards 2 cards of its choice): McCain owes a
    choice among the cards of its hand."""
    state = RULESET.setup({"deck": "draft"}, list(SEATS), 4)
    for _ in range(200):
        if state.wait is not None and state.wait["kind"] == "discard":
            return state
        seat = owing_seats(RULESET, state)[0]
        actions = [o.action for o in RULESET.decisions(state, seat).options]
        wanted = [a for a in actions if a.args == ("O32",)] or [a for a in actions if a.verb == "draw"] or actions
        state = play(RULESET, state, seat, [wanted[0]]).state
    raise AssertionError("O32 was never played")


def test_a_choice_from_the_rivals_hand_offers_the_redealt_hand() -> None:
    state = _binder_played()
    assert state.wait is not None and state.wait["seat"] == "MCC" and state.wait["among"] == state.sides["MCC"].hand
    assert problems(RULESET, state, hidden, samples=12, playouts=4, playout_steps=6) == []
    hands = set()
    for k in range(10):
        world = RULESET.determinize(state, "OBA", Rng(k))
        assert world.wait is not None and world.wait["among"] == world.sides["MCC"].hand
        hands.add(tuple(world.sides["MCC"].hand))
    assert len(hands) > 1

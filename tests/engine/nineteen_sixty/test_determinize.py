"""1960's determinize: the seat's view kept, the rest redrawn (the rival's hand and face-down stack, its picks not
yet revealed, the deck and endorsement deck orders, the dice), and the same draw from any two true states the seat
cannot tell apart."""
from __future__ import annotations

from typing import Any

import pytest

from engine.core.rng import Rng
from engine.core.ruleset import owing_seats, play
from engine.core.types import Action, copy_state
from engine.core.windows import Sealed
from engine.nineteen_sixty.primitives import strategy_need, strategy_ok
from engine.nineteen_sixty.ruleset import RULESET
from engine.nineteen_sixty.state import NSState
from tests.engine.determinize_check import Positions, positions, problems

SEATS = ["KEN", "NIX"]


def _rival(state: NSState, seat: str) -> Any:
    return state.sides["N" if seat == "KEN" else "K"]


def hidden(state: NSState, seat: str) -> Any:
    """What `seat` cannot see: the rival's hand, stack and picks, the rival's sealed choice, both decks' order;
    None when no card is unknown and the endorsement deck cannot be ordered otherwise."""
    rival = _rival(state, seat)
    other = "NIX" if seat == "KEN" else "KEN"
    sealed = state.sealed.sealed.get(other)
    if not (state.deck or rival.hand or rival.strategy) and len(state.endorsement_deck) < 2:
        return None
    return (tuple(sorted(rival.hand)), tuple(sorted(rival.strategy)), tuple(sorted(rival.picking)),
            sealed.choice if sealed else None, tuple(state.deck), tuple(state.endorsement_deck))


def _view(state: NSState, seat: str) -> str:
    return RULESET.view(state, seat).model_dump_json()


# early, a sealed Campaign Strategy pick, mid game, a sealed debate card, after the Debates, Election Day
PLAIN = Positions(7, lambda: positions(RULESET, {}, SEATS, 1, [10, 53, 120, 214, 240, 290, 302]))
VP = Positions(3, lambda: positions(RULESET, {"vp": True}, SEATS, 1, [59, 223, 322]))


def test_the_positions_reach_the_secret_moments() -> None:
    assert len(PLAIN) == 7 and len(VP) == 3
    phases = {(s.phase, bool(s.sealed.sealed)) for s in PLAIN + VP}
    assert {("strategy", True), ("debate", True), ("activity", False)} <= phases
    assert any(s.turn > 6 and s.phase == "strategy" for s in VP)  # two cards to set aside after the Debates
    assert any(side.vp_card is not None for s in VP for side in s.sides.values())


@pytest.mark.parametrize("n", range(len(PLAIN)))
def test_determinize_plain(n: int) -> None:
    assert problems(RULESET, PLAIN[n], hidden) == []


@pytest.mark.parametrize("n", range(len(VP)))
def test_determinize_with_vice_presidents(n: int) -> None:
    assert problems(RULESET, VP[n], hidden) == []


def test_the_rivals_stack_and_debate_hand_are_cards_fit_for_campaign_strategy() -> None:
    for state in PLAIN:
        for seat in SEATS:
            world = RULESET.determinize(state, seat, Rng(3))
            rival = _rival(world, seat)
            assert all(strategy_ok(x) for x in rival.strategy)
            if world.phase == "debate":
                assert rival.hand and all(strategy_ok(x) for x in rival.hand)
            other = "NIX" if seat == "KEN" else "KEN"
            if other in world.sealed.sealed:
                choice = world.sealed.sealed[other].choice
                assert {int(x) for x in choice.split(",") if x} <= set(rival.hand)


def _named(state: NSState, seat: str) -> list[int]:
    return [int(x) for e in state.strategy_seals[seat] for x in e.choice.split(",") if x]


@pytest.mark.parametrize("n", [2, 5])  # a stack before the Debates; one after them, the earlier ones revealed
def test_the_stack_commitments_name_the_drawn_stack(n: int) -> None:
    truth = PLAIN[n]
    for seat in SEATS:
        world = RULESET.determinize(truth, seat, Rng(8))
        other = "NIX" if seat == "KEN" else "KEN"
        stack = _rival(world, seat).strategy
        assert stack and _named(world, other)[-len(stack):] == stack
        assert _named(world, other)[:-len(stack)] == _named(truth, other)[:-len(stack)]
        assert [e.digest for e in world.strategy_seals[other]] == [e.digest for e in truth.strategy_seals[other]]
        assert _named(world, seat) == _named(truth, seat)


def _secrets_changed(state: NSState) -> NSState:
    """The same state with what nobody sees changed too: every commitment's salt, the endorsement deck's order and
    the dice to come."""
    state.randomness.prng ^= 0x5DEECE66D
    state.randomness.forced_dice = [6]
    state.endorsement_deck.reverse()
    for seals in state.strategy_seals.values():
        seals[:] = [Sealed(choice=e.choice, salt="0" * 32, digest=e.digest) for e in seals]
    for who, sealed in state.sealed.sealed.items():
        state.sealed.sealed[who] = Sealed(choice=sealed.choice, salt="1" * 32, digest=sealed.digest)
    return state


@pytest.mark.parametrize("n", range(len(PLAIN)))
def test_states_the_seat_cannot_tell_apart_determinize_alike(n: int) -> None:
    for seat in SEATS:
        truth = PLAIN[n]
        other = _secrets_changed(RULESET.determinize(truth, seat, Rng(77)))
        assert _view(other, seat) == _view(truth, seat)
        assert RULESET.determinize(truth, seat, Rng(5)) == RULESET.determinize(other, seat, Rng(5))


def _step(state: NSState, seat: str, action: Action) -> NSState:
    after = play(RULESET, state, seat, [action]).state
    assert isinstance(after, NSState)
    return after


def _strategy_after_debates() -> NSState:
    """A Campaign Strategy phase after the Debates (two cards each), neither side having picked yet: each hand
    topped up from the deck as the turn starts, so that neither is set aside by itself."""
    state = RULESET.setup({}, SEATS, 4)
    assert isinstance(state, NSState)
    rng = Rng(9)
    topped = False
    while not (topped and state.phase == "strategy"):
        if state.turn == 7 and not topped:
            state, topped = copy_state(state), True
            for side in state.sides.values():
                side.hand += [state.deck.pop(0) for _ in range(3)]
        seat = owing_seats(RULESET, state)[0]
        state = _step(state, seat, RULESET.bot_action(state, seat, rng))
    assert topped and strategy_need(state) == 2 and not state.sealed.sealed
    return state


def test_how_many_cards_the_rival_has_picked_so_far_stays_unknown() -> None:
    start = _strategy_after_debates()
    pick = min(x for x in start.sides["N"].hand if strategy_ok(x))
    one_picked = _step(start, "NIX", Action(verb="strategy", args=(str(pick),)))
    assert one_picked.sides["N"].picking == [pick] and "NIX" not in one_picked.sealed.sealed
    none_picked = copy_state(one_picked)
    none_picked.sides["N"].picking = []
    assert _view(none_picked, "KEN") == _view(one_picked, "KEN")
    assert RULESET.determinize(one_picked, "KEN", Rng(5)) == RULESET.determinize(none_picked, "KEN", Rng(5))
    assert problems(RULESET, one_picked, hidden, samples=10) == []


def test_a_rival_choosing_from_its_hand_chooses_from_the_drawn_hand() -> None:
    state = copy_state(PLAIN[2])
    hand = sorted(state.sides["N"].hand)
    state.wait = {"kind": "card", "seat": "NIX", "among": hand}
    world = RULESET.determinize(state, "KEN", Rng(2))
    assert world.wait is not None and world.wait["among"] == sorted(world.sides["N"].hand)
    assert state.wait["among"] == hand

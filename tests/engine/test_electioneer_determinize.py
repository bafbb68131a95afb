"""Electioneer's determinize: the seat's view kept, the rest redrawn (face-down issues it has not looked at and the
issue deck, its own deck's order above what it buried, the rival's hand, deck and theatrics, the rival's sealed
picks, the seed), and the same draw from any two true states the seat cannot tell apart."""
from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import pytest

from engine.core.rng import Rng
from engine.core.ruleset import play
from engine.core.types import copy_state
from engine.core.windows import Sealed
from engine.electioneer import content as content_mod
from engine.electioneer.rules import decisions, other
from engine.electioneer.ruleset import RULESET as R
from engine.electioneer.state import ElectioneerState
from tests.engine.determinize_check import Positions, positions, problems

SEATS = ["DEM", "REP"]


def hidden(state: ElectioneerState, seat: str) -> dict[str, Hashable]:
    """Each kind of fact hidden from `seat`, None where it could only be one way."""
    me, them = state.players[seat], state.players[other(seat)]
    face_down = tuple(tuple(state.boards[code].issues) for code in state.order
                      if state.phase != "over" and not state.boards[code].revealed and code not in me.known)
    own_top = tuple(pid for pid in me.deck if pid not in me.buried)
    discard = state.discards.sealed.get(other(seat))
    campaign = state.campaigns.sealed.get(other(seat))
    return {
        "face-down issues": face_down or None,
        "issue deck order": tuple(state.issue_deck) if len(set(state.issue_deck)) > 1 else None,
        "own deck order": own_top if len(own_top) > 1 else None,
        "rival hand": tuple(sorted(them.hand)) if them.hand and them.deck else None,
        "rival deck order": tuple(them.deck) if len(them.deck) > 1 else None,
        "rival theatrics": tuple(sorted(them.theatrics)) or None,
        "rival sealed discard": discard.choice if discard else None,
        "rival sealed campaign": campaign.choice if campaign else None,
    }


def _view(state: ElectioneerState, seat: str) -> str:
    return R.view(state, seat).model_dump_json()


def _step(state: ElectioneerState, seat: str, move: str) -> ElectioneerState:
    after = play(R, state, seat, R.parse(move)).state
    assert isinstance(after, ElectioneerState)
    return after


def _rep_sealed_first() -> list[ElectioneerState]:
    """REP's discard sealed, then REP's campaign choice sealed, DEM still to choose (seeded games let DEM go
    first), in a game where a research theatric was played: the sealed picks DEM cannot see."""
    state = R.setup({}, SEATS, 3)
    research = next(t for t in state.players["DEM"].theatrics + state.players["REP"].theatrics
                    if content_mod.load().theatrics[t].kind == "research")
    holder = "DEM" if research in state.players["DEM"].theatrics else "REP"
    state = _step(state, holder, f"play {research} {state.order[3]}")
    rep_discard = _step(state, "REP", f"discard {state.players['REP'].hand[0]}")
    both = _step(rep_discard, "DEM", f"discard {state.players['DEM'].hand[0]}")
    return [rep_discard, _step(both, "REP", f"campaign {both.players['REP'].hand[1]}")]


# month 1: a sealed discard, a sealed campaign, the winner's swap after a research; month 2 with a peek, a marker
# and a reframe theatric in hand, then its holder's swap; mid game; a sealed discard with a theatric played this
# month; election day
PLAIN = Positions(9, lambda: positions(R, {}, SEATS, 1, [1, 3, 5, 8, 11, 21, 30, 33, 41]))
MOMENTUM = Positions(1, lambda: positions(R, {}, SEATS, 13, [21]))  # a momentum theatric played before the reveal
ONE_THEATRIC = Positions(3, lambda: positions(R, {"theatrics": 1}, SEATS, 1, [12, 19, 36]))
POSITIONS = PLAIN + MOMENTUM + ONE_THEATRIC + Positions(2, _rep_sealed_first)


@pytest.fixture
def state(request: pytest.FixtureRequest) -> Any:
    """The position a test is parametrized with, by its index (made when first read: Positions)."""
    return POSITIONS[request.param]


def test_the_positions_reach_the_secret_moments() -> None:
    assert len(PLAIN) == 9 and len(ONE_THEATRIC) == 3
    assert {s.phase for s in POSITIONS} == {"discard", "campaign", "swap", "election"}
    for who in SEATS:
        assert any(who in s.discards.sealed and other(who) not in s.discards.sealed for s in POSITIONS)
        assert any(who in s.campaigns.sealed and other(who) not in s.campaigns.sealed for s in POSITIONS)
        assert any(s.players[who].known for s in POSITIONS)
    assert MOMENTUM[0].momentum and any(b.markers for s in POSITIONS for b in s.boards.values())
    reframe = {t for t, d in content_mod.load().theatrics.items() if d.kind == "reframe"}
    assert any(s.phase == "swap" and reframe & set(s.players[s.month_winner or ""].theatrics) for s in POSITIONS)


@pytest.mark.parametrize("state", range(len(POSITIONS)), indirect=True)
def test_determinize_keeps_the_view_and_redraws_the_hidden(state: ElectioneerState) -> None:
    assert problems(R, state, hidden, samples=16, playouts=1, playout_steps=15) == []


def _secrets_changed(state: ElectioneerState, seat: str) -> ElectioneerState:
    """The same state with what nobody sees changed too: the seed, every commitment's salt (an unpublished digest
    with it), the issue deck's order, and the rival's record of cards it buried and drew again."""
    state = copy_state(state)
    state.randomness.reseed(state.randomness.prng ^ 0x5DEECE66D)
    state.issue_deck.reverse()
    for sim, publish in ((state.discards, False), (state.campaigns, True)):
        for who, sealed in list(sim.sealed.items())[::-1]:
            del sim.sealed[who]
            if publish:
                sim.sealed[who] = Sealed(choice=sealed.choice, salt="1" * 32, digest=sealed.digest)
            else:
                sim.commit(who, sealed.choice, "1" * 32)
    them = state.players[other(seat)]
    them.buried = [*them.hand[:1], *them.buried]
    return state


@pytest.mark.parametrize("state", range(len(POSITIONS)), indirect=True)
def test_states_the_seat_cannot_tell_apart_determinize_alike(state: ElectioneerState) -> None:
    for seat in SEATS:
        twin = _secrets_changed(R.determinize(state, seat, Rng(77)), seat)
        assert _view(twin, seat) == _view(state, seat)
        assert R.determinize(state, seat, Rng(5)) == R.determinize(twin, seat, Rng(5))


def _swap_options(state: ElectioneerState, seat: str) -> set[str]:
    return {R.format([o.action]) for o in decisions(state, seat).options + decisions(state, seat).extras}


@pytest.mark.parametrize("state", range(len(POSITIONS)), indirect=True)
def test_the_seats_own_choices_stay_the_same(state: ElectioneerState) -> None:
    """What the seat may do (a swap's choice of issues from the deck, a reframe theatric's) is what it sees: the
    same in every determinization."""
    for seat in SEATS:
        for k in range(6):
            assert _swap_options(R.determinize(state, seat, Rng(k)), seat) == _swap_options(state, seat)


@pytest.mark.parametrize("state", range(len(POSITIONS)), indirect=True)
def test_the_rival_holds_cards_it_could_hold(state: ElectioneerState) -> None:
    """Its own party's policies off its platform, its bottom cards the ones it buried, no theatric the seat holds
    or saw played, a sealed pick from its hand, and what it looked at the issues there now."""
    c = content_mod.load()
    for seat, k in ((seat, k) for seat in SEATS for k in range(10)):
        rival = other(seat)
        world = R.determinize(state, seat, Rng(k))
        them = world.players[rival]
        assert sorted(them.hand + them.deck + them.platform) == sorted(p for p, d in c.policies.items() if d.party == rival)
        assert them.deck[len(them.deck) - len(them.buried):] == them.buried
        on_board = {m.source for b in world.boards.values() for m in b.markers}
        played = {t for plays in world.momentum.values() for t in plays}
        assert not set(them.theatrics) & (set(world.players[seat].theatrics) | played)
        assert not {c.theatrics[t].name for t in them.theatrics} & on_board
        for sim in (world.discards, world.campaigns):
            if rival in sim.sealed:
                assert sim.sealed[rival].choice in them.hand
        for code, seen in them.known.items():
            assert seen == world.boards[code].issues

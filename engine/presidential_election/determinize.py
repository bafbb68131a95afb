"""One of the Presidential Election states a seat cannot tell from the true one (engine/core/search.py).

What a seat does not know (rules.hidden_facts): the Campaign deck's order (its contents are every card not in the
discard, so public), the Advantage deck, the three Advantage cards a rival is choosing among, and the two each
rival put back. The rest of the game is on the table. The redraw reads only what the seat's view shows — each
pool sorted before it is shuffled — so two true states the seat cannot tell apart give the same state for the
same `rng`.
"""
from __future__ import annotations

from engine.core.rng import Rng
from engine.core.types import copy_state
from engine.presidential_election.primitives import c
from engine.presidential_election.state import PEState


def determinize(state: PEState, seat: str, rng: Rng) -> PEState:
    """A copy of `state` with everything hidden from `seat` redrawn from `rng`, and its randomness reseeded."""
    world = copy_state(state)
    world.deck = rng.shuffle(sorted(world.deck))
    _deal_advantages(world, seat, rng)
    _redraw_returned(world, seat, rng)
    world.randomness.reseed(rng.next_u64())
    return world


def _deal_advantages(world: PEState, seat: str, rng: Rng) -> None:
    """The Advantage cards nobody keeps and the seat is not holding, pooled and dealt again: each rival's offer
    (as many cards as it holds, in seat order), the rest the Advantage deck."""
    rivals = [s for s in world.seats if s != seat]
    pool = sorted([*world.adv_deck, *(x for s in rivals for x in world.players[s].offer)])
    pool = rng.shuffle(pool)
    for s in rivals:
        n = len(world.players[s].offer)
        world.players[s].offer, pool = pool[:n], pool[n:]
    world.adv_deck = pool


def _redraw_returned(world: PEState, seat: str, rng: Rng) -> None:
    """Each rival's two returned cards: any it could have been dealt and not kept — a card nobody had kept
    before its own choice, nor the one it kept (the cards put back go into the deck, so later choosers may
    hold them)."""
    kept_before: set[str] = set()
    for s in _choosing_order(world):
        player = world.players[s]
        kept_now = kept_before | {player.advantage} if player.advantage else kept_before
        if s != seat and player.returned:
            candidates = sorted(x for x in c().advantages if x not in kept_now)
            player.returned = rng.shuffle(candidates)[:len(player.returned)]
        kept_before = kept_now


def _choosing_order(world: PEState) -> list[str]:
    """Who chose an Advantage card before whom: the turn order (before it is set, nobody has chosen)."""
    return list(world.order) or list(world.seats)

"""One of the Campaign Manager 2008 positions a side cannot tell from the true one (engine/core/search.py), for
a search to play on without reading the secrets.

What a side does not see (rules.hidden_facts): the order of every deck — its own included — and of the Breaking
News; the rival's hand; during the draft, the rival's keeps, the cards it put out face down, its offer and the
order of both draft pools; the rival's starting picks until both are revealed. Each is redrawn here. A side's
cards are its own 45 (or, in a starter game, its starred cards, which both sides know): the rival's hand and deck
are redealt from those of its cards not on the table (its discard, the Media Support, the card it is playing and
what it paid for it). What the side has seen stays: the table, its own hand, keeps, removals and picks, the news
still to come as a set (every news card drawn was shown), the rival's picks once revealed.

Every draw takes only what the side's view shows (counts, the table, its own cards) in a fixed order, the
unknown cards sorted before they are shuffled: two true states the side cannot tell apart determinize alike
with the same `rng`, so a searcher starting from a determinization is honest by construction.
"""
from __future__ import annotations

from engine.campaign_manager_2008.primitives import c
from engine.campaign_manager_2008.state import SEATS, CMState, Side
from engine.core.rng import Rng
from engine.core.types import copy_state
from engine.core.windows import Sealed


def determinize(state: CMState, seat: str, rng: Rng) -> CMState:
    """A copy of `state` with everything hidden from `seat` redrawn from `rng`, and its randomness reseeded."""
    world = copy_state(state)
    world.news = rng.shuffle(sorted(world.news))
    for side_seat in SEATS:
        if side_seat == seat:
            _own(world.sides[side_seat], rng)
        else:
            _rival(world, side_seat, rng)
    world.randomness.reseed(rng.next_u64())
    return world


def _own(side: Side, rng: Rng) -> None:
    """The side's own draft pool and deck: it knows what is in them, not their order."""
    side.pool = rng.shuffle(sorted(side.pool))
    side.deck = rng.shuffle(sorted(side.deck))


def _rival(world: CMState, seat: str, rng: Rng) -> None:
    if world.phase == "draft":
        _rival_draft(world.sides[seat], seat, rng)
    else:
        _rival_cards(world, seat, rng)
    if world.phase == "states":
        _rival_picks(world, seat, rng)
    side = world.sides[seat]
    wait = world.wait
    if wait is not None and wait["kind"] == "discard" and wait["seat"] == seat:
        wait["among"] = list(side.hand)  # a choice from the rival's hand offers the redealt hand


def _rival_draft(side: Side, seat: str, rng: Rng) -> None:
    """Mid-draft, none of the rival's 45 cards has been shown: its keeps, removals, offer and pool (whose sizes
    follow from how many it has kept) are dealt afresh."""
    cards = rng.shuffle(sorted(card.id for card in c().pool(seat)))
    sizes = [len(side.kept), len(side.removed), len(side.offer)]
    side.kept, cards = cards[:sizes[0]], cards[sizes[0]:]
    side.removed, cards = cards[:sizes[1]], cards[sizes[1]:]
    side.offer, side.pool = cards[:sizes[2]], cards[sizes[2]:]


def _rival_cards(world: CMState, seat: str, rng: Rng) -> None:
    """The rival's hand and deck, redealt from its cards the table does not show; after a draft, which of its 45
    it kept is redrawn with them (the rest were put out face down)."""
    side = world.sides[seat]
    starter = world.options.deck == "starter"
    own_cards = set(side.kept) if starter else {card.id for card in c().pool(seat)}
    unknown = rng.shuffle(sorted(own_cards - _on_table(world)))
    hand, deck = len(side.hand), len(side.deck)
    side.hand, side.deck, rest = unknown[:hand], unknown[hand:hand + deck], unknown[hand + deck:]
    if not starter:
        side.removed = sorted(rest)
        side.kept = sorted(own_cards - set(rest))


def _on_table(world: CMState) -> set[str]:
    """Every campaign card face up: the discards, the Media Support, the card being played and its payment."""
    shown = {card for side in world.sides.values() for card in side.discard}
    if world.media is not None:
        shown.add(world.media["card"])
    if world.turn is not None:
        shown.update(world.turn.discarded)
        if world.turn.card is not None:
            shown.add(world.turn.card)
    return shown


def _rival_picks(world: CMState, seat: str, rng: Rng) -> None:
    """The rival's starting picks, before the reveal: a sealed pair keeps its public seal (its digest) with a
    redrawn choice and salt; an unsealed rival may have picked none or some already."""
    side = world.sides[seat]
    mine = sorted(code for code, info in c().states.items() if info.back == seat)
    wanted = c().rules.start_picks
    sealed = world.sealed.sealed.get(seat)
    if sealed is None:
        count = rng.below(wanted)
        side.picks = rng.shuffle(mine)[:count]
        return
    side.picks = rng.shuffle(mine)[:wanted]
    world.sealed.sealed[seat] = Sealed(choice=",".join(side.picks), salt=rng.salt() + rng.salt(),
                                       digest=sealed.digest)

"""One of the Campaign Trail positions a seat cannot tell from the true one (engine/core/search.py), for a search to
play on without reading the secrets.

What a seat does not see (turn.hidden_facts, as the view shows it): the rival parties' hands (running mates see
each other's: the view shows the partner's hand), the order and split of the month decks and of the reshuffled
pile, the cards tucked face down under a rival's Recount, and during setup the candidates dealt to the other seats,
the rivals' kept candidates and their chosen home states; in Solo Play the AI decks' order and the cards boxed
unseen, with the Advanced Solo Deck each AI party's month stacks, debate pile and box. Each is redrawn here: the
unknown cards pooled, sorted, shuffled and dealt back into the same places in the same numbers. A rival's choice
in progress that names cards of its hand (a card to choose, a card to give a running mate, a card a politick
holds) follows its cards: whatever card is dealt into a place takes the part of the card that was there. What the
seat has seen stays: its own and its partner's hands, its own offer and its partner's kept candidate (the view
shows no other), its party's tucked cards, the table, the discard pile, the cards out of the game, the AI cards
played, and a card a rival's politick still resolving took face up from the discard pile (it stays in that hand).

Every draw takes only what the seat's view shows (counts, places, its own cards) in a fixed order, the unknown
cards sorted before they are shuffled: two true states the seat cannot tell apart determinize alike with the same
`rng`, so a searcher starting from a determinization is honest by construction.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from engine.campaign_trail import content as content_mod
from engine.campaign_trail.menus import home_choices
from engine.campaign_trail.state import CampaignTrailState
from engine.core.rng import Rng
from engine.core.types import copy_state


def determinize(state: CampaignTrailState, seat: str, rng: Rng) -> CampaignTrailState:
    """A copy of `state` with everything hidden from `seat` redrawn from `rng`, and its randomness reseeded."""
    world = copy_state(state)
    party = world.players[seat].party
    if world.phase == "candidate":
        _candidates(world, seat, rng)
    _remap(world, _deal_cards(world, party, rng))
    if world.solo is not None:
        _solo(world, rng)
    if world.advanced is not None:
        _advanced(world, rng)
    world.randomness.reseed(rng.next_u64())
    return world


# ------------------------------------------------------------------------------------------ the action cards


def _rivals(world: CampaignTrailState, party: str) -> list[str]:
    return [x for x in world.seats if world.players[x].party != party]


def _piles(world: CampaignTrailState, party: str) -> list[list[int]]:
    """The places the unknown cards lie, in a fixed order: each rival's hand, the month decks, the reshuffled pile."""
    return [*(world.players[x].hand for x in _rivals(world, party)), *world.decks, world.reshuffled]


def _tucks(world: CampaignTrailState, party: str) -> list[Any]:
    """The rivals' politicks with a card tucked under them."""
    return [tab for x in _rivals(world, party) for tab in world.players[x].table if tab.tucked is not None]


def _shown(world: CampaignTrailState) -> set[int]:
    """Cards in a hand that everyone saw go there: the card a politick still resolving took from the discard pile."""
    names = _binds("take_from_discard")
    return {int(frame.locals[name]) for frame in world.frames.frames for name in names & set(frame.locals)}


def _deal_cards(world: CampaignTrailState, party: str, rng: Rng) -> dict[int, int]:
    """Redeal the unknown cards into their places; returns which card took each one's place."""
    piles, tucks, shown = _piles(world, party), _tucks(world, party), _shown(world)
    old = [n for pile in piles for n in pile if n not in shown] + [tab.tucked for tab in tucks]
    new = rng.shuffle(sorted(old))
    _fill(piles, tucks, new, shown)
    if world.phase == "home":  # a rival's home state, chosen unseen: one of the reference states of its new hand
        for x in _rivals(world, party):
            if world.players[x].home is not None:
                world.players[x].home = rng.choice(home_choices(world, x))
    return dict(zip(old, new))


def _fill(piles: list[list[int]], tucks: list[Any], cards: list[int], keep: set[int] | frozenset[int] = frozenset()) -> None:
    """Deal `cards` in order into every place of the piles, then under the tucks; cards in `keep` stay put."""
    at = 0
    for pile in piles:
        for i, n in enumerate(pile):
            if n not in keep:
                pile[i] = cards[at]
                at += 1
    for tab in tucks:
        tab.tucked = cards[at]
        at += 1


@lru_cache(maxsize=None)
def _binds(*ops: str) -> frozenset[str]:
    """The names the politicks' `ops` bind a card to."""
    names: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, list):
            if node and node[0] in ops and len(node) > 1 and isinstance(node[1], dict):
                names.add(node[1]["as"])
            for item in node:
                walk(item)
        elif isinstance(node, dict):
            for item in node.values():
                walk(item)

    for pol in content_mod.load().politicks.values():
        walk(pol.play)
        walk(pol.effect)
    return frozenset(names)


def _remap(world: CampaignTrailState, moved: dict[int, int]) -> None:
    """A choice in progress that names redealt cards names the cards dealt into their places instead."""
    named = {str(a): str(b) for a, b in moved.items()}  # choices and locals name cards by their numbers' text

    def card(value: Any) -> Any:
        if isinstance(value, str):
            return named.get(value, value)
        if isinstance(value, int) and not isinstance(value, bool) and value in moved:
            return moved[value]
        return value

    if world.wait is not None and world.wait.get("kind") == "card":
        world.wait["among"] = [card(n) for n in world.wait["among"]]
    if world.exchange is not None and world.exchange.give is not None:
        world.exchange.give = card(world.exchange.give)
    names = _binds("choose_card", "take_from_discard") | {"tucked"}  # and the card an end-of-game Recount reads
    for frame in world.frames.frames:
        for name in names & set(frame.locals):
            frame.locals[name] = card(frame.locals[name])
    for item in world.final:
        if item.tucked is not None:
            item.tucked = card(item.tucked)


# ------------------------------------------------------------------------------------------ setup's choices


def _candidates(world: CampaignTrailState, seat: str, rng: Rng) -> None:
    """The candidates dealt to the other seats (the seat sees its own two, and its partner's once kept), and the
    rivals' kept ones, dealt afresh from those it has not seen."""
    me = world.players[seat]
    others = [x for x in world.seats if x != seat]
    known = {x: world.players[x].candidate for x in others if world.players[x].party == me.party}
    seen = set(me.offer) | {cid for cid in known.values() if cid}
    pool = rng.shuffle(sorted(set(content_mod.load().candidates) - seen))
    for x in others:
        p = world.players[x]
        if known.get(x):
            p.offer = [known[x], pool.pop()]
            if rng.below(2):
                p.offer.reverse()
            continue
        p.offer = [pool.pop(), pool.pop()]
        if p.candidate is not None:
            p.candidate = p.offer[rng.below(2)]


# ------------------------------------------------------------------------------------------ the AI decks


def _solo(world: CampaignTrailState, rng: Rng) -> None:
    """Solo Play: the AI decks and the box, from the Solo Play cards not yet shown."""
    solo = world.solo
    piles = [*solo.decks, solo.boxed]
    _fill(piles, [], rng.shuffle(sorted(n for pile in piles for n in pile)))


def _advanced(world: CampaignTrailState, rng: Rng) -> None:
    """The Advanced Solo Deck: each AI party's month stacks, debate pile and box, from its cards not yet shown."""
    for party in world.advanced.ai:
        d = world.advanced.decks[party]
        piles = [*d.months, d.debate, d.boxed]
        _fill(piles, [], rng.shuffle(sorted(n for pile in piles for n in pile)))

"""One of the Electioneer US positions a seat cannot tell from the true one (engine/core/search.py, `Determinizer`):
what the seat sees stays, everything hidden from it is drawn afresh from the caller's generator.

Hidden from a seat (its view against the state):
- the issues of every face-down state it has not looked at, and the issue deck: together the tiles not on the table
  nor among the ones it peeked at, dealt again two to a state. The deck's kinds show in the seat's own options
  while it may swap (it won the month, or holds a reframe theatric), so then they stay the same kinds;
- its own deck's order, except the policies it put at the bottom itself (its view lists them, bottom last);
- the rival's hand and deck: its party's policies not in its platform, split by the public counts, the bottom ones
  being those it put there itself, as many as the true state has;
- the rival's theatrics: any not in the seat's hand, not behind a marker on the board, not played as this month's
  momentum;
- the rival's sealed picks (its discard, its campaign choice; a campaign choice keeps its public digest);
- every commitment's salt and the state's own seed.
Which states the rival has looked at was shown when it played the research (public), so it stays; what it saw
follows the redrawn issues.

Every draw reads only what the seat may know, each pool sorted before it is shuffled, in a fixed order: two true
states the seat cannot tell apart determinize alike with the same generator.
"""
from __future__ import annotations

from engine.core.rng import Rng
from engine.core.types import copy_state
from engine.core.windows import Sealed, Simultaneous
from engine.electioneer import content as content_mod
from engine.electioneer.rules import SEATS, other
from engine.electioneer.state import ElectioneerState


def determinize(state: ElectioneerState, seat: str, rng: Rng) -> ElectioneerState:
    """A copy of `state` with everything hidden from `seat` redrawn from `rng`, and its seed reseeded. `state` is
    left as it was."""
    world = copy_state(state)
    rival = other(seat)
    _deal_issues(world, seat, rng)
    _shuffle_own_deck(world, seat, rng)
    _deal_rival_policies(world, rival, rng)
    _deal_rival_theatrics(world, seat, rival, rng)
    world.discards = _resealed(world.discards, rival, world.players[rival].hand, rng, keep_digest=False)
    world.campaigns = _resealed(world.campaigns, rival, world.players[rival].hand, rng, keep_digest=True)
    world.randomness.reseed(rng.next_u64())
    return world


def _sees_deck_kinds(world: ElectioneerState, seat: str) -> bool:
    """Whether the seat's own options list the issue deck's kinds (a swap to make, or a reframe theatric)."""
    theatrics = content_mod.load().theatrics
    if world.phase == "swap" and world.month_winner == seat:
        return True
    return world.phase != "over" and any(theatrics[t].kind == "reframe" for t in world.players[seat].theatrics)


def _deal_issues(world: ElectioneerState, seat: str, rng: Rng) -> None:
    """The face-down issues the seat has not looked at and the issue deck, dealt again from their tiles."""
    known = world.players[seat].known
    hidden = [code for code in world.order
              if world.phase != "over" and not world.boards[code].revealed and code not in known]
    tiles = sorted([*world.issue_deck, *(tile for code in hidden for tile in world.boards[code].issues)])
    size = len(world.issue_deck)
    if _sees_deck_kinds(world, seat):
        kinds = sorted(set(world.issue_deck))
        deck = list(kinds)  # one of each kind the seat's options show, the rest of the deck drawn from those kinds
        rest = list(tiles)
        for kind in kinds:
            rest.remove(kind)
        fits = rng.shuffle([tile for tile in rest if tile in kinds])
        deck += fits[:size - len(kinds)]
        on_boards = rng.shuffle([tile for tile in rest if tile not in kinds] + fits[size - len(kinds):])
    else:
        tiles = rng.shuffle(tiles)
        deck, on_boards = tiles[:size], tiles[size:]
    world.issue_deck = rng.shuffle(sorted(deck))
    for n, code in enumerate(hidden):
        world.boards[code].issues = on_boards[2 * n:2 * n + 2]
    for player in world.players.values():
        for code in player.known:
            player.known[code] = list(world.boards[code].issues)


def _shuffle_own_deck(world: ElectioneerState, seat: str, rng: Rng) -> None:
    """The seat's deck: the policies it put at the bottom stay there in order, the others above them shuffled."""
    me = world.players[seat]
    bottom = [pid for pid in me.deck if pid in me.buried]
    me.deck = rng.shuffle(sorted(pid for pid in me.deck if pid not in me.buried)) + bottom


def _deal_rival_policies(world: ElectioneerState, rival: str, rng: Rng) -> None:
    """The rival's hand and deck, dealt from its party's policies not in its platform; the bottom of its deck (as
    many policies as it put there and has not drawn again) is what it knows it put there."""
    them = world.players[rival]
    buried = sum(1 for pid in them.deck if pid in them.buried)
    policies = content_mod.load().policies
    cards = rng.shuffle(sorted(pid for pid, p in policies.items() if p.party == rival and pid not in them.platform))
    hand = len(them.hand)
    them.hand, them.deck = cards[:hand], cards[hand:]
    them.buried = them.deck[len(them.deck) - buried:] if buried else []


def _deal_rival_theatrics(world: ElectioneerState, seat: str, rival: str, rng: Rng) -> None:
    """The rival's theatrics, from those the seat cannot place elsewhere."""
    them = world.players[rival]
    if not them.theatrics:
        return
    theatrics = content_mod.load().theatrics
    on_board = {m.source for board in world.boards.values() for m in board.markers}
    placed = set(world.players[seat].theatrics) | {t for played in world.momentum.values() for t in played}
    free = sorted(tid for tid, t in theatrics.items() if tid not in placed and t.name not in on_board)
    them.theatrics = rng.shuffle(free)[:len(them.theatrics)]


def _resealed(sim: Simultaneous, rival: str, hand: list[str], rng: Rng, *, keep_digest: bool) -> Simultaneous:
    """The sealed picks, in seat order, each with a new salt: the rival's choice drawn again from its new hand.
    A published digest (the campaign choice's) is kept; an unpublished one is made afresh."""
    out = Simultaneous(seats=list(sim.seats))
    for who in SEATS:
        sealed = sim.sealed.get(who)
        if sealed is None:
            continue
        choice = rng.choice(sorted(hand)) if who == rival else sealed.choice
        if keep_digest:
            out.sealed[who] = Sealed(choice=choice, salt=rng.salt() + rng.salt(), digest=sealed.digest)
        else:
            out.commit(who, choice, rng.salt() + rng.salt())
    return out

"""A state one seat cannot tell apart from the true one (engine/core/search.py, `Determinizer`): what the seat has
seen stays, everything hidden from it is drawn afresh from the caller's generator.

Hidden from a seat (rules.hidden_facts): the rival's hand, its face-down Campaign Strategy stack and its picks
not yet revealed, the deck's order and the endorsement deck's order (hidden from everyone), the salts of every
commitment, and the dice to come. Sizes, the bag's counts and the commitments' digests are public and stay.

The unknown cards — the deck, the rival's hand and its stack — are pooled in sorted order and dealt again: the
stack only from cards that may be set aside for Campaign Strategy, and so is the hand during the Debates (it is
the stack taken back). Every draw reads only what the seat may know, in a fixed order, so two true states that
give the seat the same view (and the same public history) determinize alike with the same generator: a search
that starts from a determinization cannot learn the secret state."""
from __future__ import annotations

from engine.core.rng import Rng
from engine.core.types import copy_state
from engine.core.windows import Sealed
from engine.nineteen_sixty.primitives import strategy_need, strategy_ok
from engine.nineteen_sixty.state import SEAT_OF, NSState


def determinize(state: NSState, seat: str | None, rng: Rng) -> NSState:
    """A playable copy of `state` giving `seat` the same view, with what `seat` cannot see redrawn from `rng`
    (`seat` None or not a player: both sides' secrets are redrawn). `state` is left as it was."""
    world = copy_state(state)
    hidden = [side for side in sorted(world.sides) if SEAT_OF[side] != seat]
    _redeal(world, hidden, rng)
    _redraw_sealed(world, hidden, rng)
    for side in hidden:
        _rewrite_stack_seals(world, side)
    for seals in world.strategy_seals.values():
        for n, entry in enumerate(seals):
            seals[n] = Sealed(choice=entry.choice, salt=rng.salt(), digest=entry.digest)
    _fix_wait(world, hidden)
    world.endorsement_deck = rng.shuffle(sorted(world.endorsement_deck))
    world.randomness.forced_dice, world.randomness.forced_draws = [], []
    world.randomness.reseed(rng.next_u64())
    return world


def _redeal(world: NSState, hidden: list[str], rng: Rng) -> None:
    """Pool the deck with the hidden sides' hands and stacks and deal them all again, sizes kept."""
    pool = list(world.deck)
    for side in hidden:
        pool += world.sides[side].hand + world.sides[side].strategy
    pool.sort()
    debating = world.phase == "debate" and world.debate is not None
    for side in hidden:
        me = world.sides[side]
        me.strategy = _take(pool, len(me.strategy), rng, only_ok=True)
        me.hand = _take(pool, len(me.hand), rng, only_ok=debating)
    world.deck = rng.shuffle(pool)


def _take(pool: list[int], n: int, rng: Rng, *, only_ok: bool) -> list[int]:
    """`n` cards drawn from `pool` (taken out of it), only ones fit for Campaign Strategy if `only_ok`."""
    among = [x for x in pool if strategy_ok(x)] if only_ok else list(pool)
    if n > len(among):
        raise ValueError(f"{n} cards cannot be drawn from {len(among)} that fit")
    chosen = rng.shuffle(among)[:n]
    for x in chosen:
        pool.remove(x)
    return chosen


def _redraw_sealed(world: NSState, hidden: list[str], rng: Rng) -> None:
    """The picks of this phase (Campaign Strategy, or a debate card), sealed or not, drawn again from the new
    hands; every sealed one committed afresh with a new salt (its digest is not shown before the reveal)."""
    sealed = world.sealed
    strategy = world.phase == "strategy"
    for side in hidden:
        if strategy and SEAT_OF[side] not in sealed.sealed:
            world.sides[side].picking = []  # how many it has picked so far is its own secret
    for who in list(sealed.sealed):
        side = next(s for s in world.sides if SEAT_OF[s] == who)
        me = world.sides[side]
        choice = sealed.sealed[who].choice
        if side in hidden and strategy:
            fit = [x for x in sorted(me.hand) if strategy_ok(x)]
            me.picking = rng.shuffle(fit)[: min(strategy_need(world), len(fit))]
            choice = ",".join(str(x) for x in me.picking)
        elif side in hidden and me.hand:
            choice = str(rng.choice(sorted(me.hand)))
        sealed.commit(who, choice, rng.salt())


def _rewrite_stack_seals(world: NSState, side: str) -> None:
    """The commitments of a hidden side's current stack name the stack's new cards, each as many as before
    (the stack is the last commitments' cards, in order)."""
    seals = world.strategy_seals[SEAT_OF[side]]
    cards = list(world.sides[side].strategy)
    end = len(cards)
    for n in range(len(seals) - 1, -1, -1):
        if end <= 0:
            break
        entry = seals[n]
        size = min(len([x for x in entry.choice.split(",") if x]), end)
        seals[n] = Sealed(choice=",".join(str(x) for x in cards[end - size:end]), salt=entry.salt, digest=entry.digest)
        end -= size


def _fix_wait(world: NSState, hidden: list[str]) -> None:
    """A hidden side choosing a card of its own hand chooses among its new hand."""
    wait = world.wait
    if wait is None or wait.get("kind") != "card":
        return
    side = next((s for s in hidden if SEAT_OF[s] == wait.get("seat")), None)
    if side is not None:
        wait["among"] = sorted(world.sides[side].hand)

"""Election Day (turn 9): media, issue support and momentum traded for cubes in the bag, an initiative check, the
Campaign Strategy cards' support checks, the Election Day events in the order their owner picks, the undecided
states tipped, and the tally that decides the game."""
from __future__ import annotations

from engine.nineteen_sixty import facts_effects as fe
from engine.nineteen_sixty import facts_stages as fs
from engine.nineteen_sixty.content_models import REGIONS
from engine.nineteen_sixty.effect_runs import run_effect
from engine.nineteen_sixty.effect_ctx import Ctx
from engine.nineteen_sixty.effects import interpreter
from engine.nineteen_sixty.primitives import (bag_counts, c, card, count, gain, holder, initiative_check, media_total,
                                              seat_of, side_of, support_checks, tally_of, tally_winner)
from engine.nineteen_sixty.state import SEATS, NSState, Stacked
from engine.nineteen_sixty.turns import Handler


def _order(state: NSState, seat: str, args: tuple[str, ...], ctx: Ctx) -> bool:
    """The next of the side's Election Day events resolved."""
    x = int(args[0])
    entry = next(e for e in state.election_events if e.card == x)
    state.election_events.remove(entry)
    _resolve_election_event(state, entry, ctx)
    return False


DECISIONS: dict[str, Handler] = {"order": _order}


def election_step(state: NSState, ctx: Ctx) -> bool:
    """One of Election Day's automatic steps; False when someone must decide (the order of the events)."""
    if state.step == "bonus":
        _bag_bonus(state, ctx)
        state.step = "initiative"
        return True
    if state.step == "initiative":
        initiative_check(state, ctx.worded)
        state.step = "strategy"
        return True
    if state.step == "strategy":
        _strategy_checks(state, ctx)
        state.step = "events"
        return True
    if state.step == "events":
        if not state.election_events:
            state.step = "edges"
            return True
        if len(state.election_events) == 1:
            _resolve_election_event(state, state.election_events.pop(0), ctx)
            return True
        return False
    if state.step == "edges":
        _undecided(state, ctx)
        _tally(state, ctx)
        return True
    return False


def _bag_bonus(state: NSState, ctx: Ctx) -> None:
    """Each side's media cubes (twice), issue support and momentum go into the bag, and leave the board."""
    rules = c().rules
    medias, issue_cubes, momenta = [], [], []
    for side in ("K", "N"):
        me = state.sides[side]
        media = media_total(state, side)
        issues = sum(count(v, side) for v in state.issues.values())
        cubes = media + media + issues + rules.momentum_cubes * me.momentum
        me.supply -= media + rules.momentum_cubes * me.momentum
        state.bag.put([side] * cubes)
        medias.append(media)
        issue_cubes.append(issues)
        momenta.append(me.momentum)
        me.momentum = 0
    state.media = {r: 0 for r in REGIONS}
    state.issues = {i: 0 for i in state.issues}
    ctx.touch("bag")
    if ctx.words:
        ctx.log(fs.BonusBagged(media=(medias[0], medias[1]), issues=(issue_cubes[0], issue_cubes[1]),
                               momentum=(momenta[0], momenta[1]), bag=bag_counts(state)))


def _strategy_checks(state: NSState, ctx: Ctx) -> None:
    """Each side's Campaign Strategy cards shown, initiative holder first, each its support checks in its state."""
    rules = c().rules
    first = state.initiative or SEATS[0]
    for seat in (first, state.other(first)):
        side = side_of(seat)
        me = state.sides[side]
        if ctx.words:
            ctx.log(fs.StrategyShown(seat=seat, cards=tuple(me.strategy)))
        per_state: dict[str, int] = {}
        for x in me.strategy:
            per_state[card(x).state] = per_state.get(card(x).state, 0) + rules.election_checks_per_card
        for code, n in per_state.items():
            got = support_checks(state, side, n, ctx.worded, code, "strategy")
            if got:
                gain(state, "support", code, side, got)
                ctx.touch(code)
            if ctx.words:
                ctx.log(fe.SupportGained(side=side, state=code, n=got, removed=0, value=state.support.get(code, 0)))
        state.discard += me.strategy
        me.strategy = []


def _resolve_election_event(state: NSState, entry: Stacked, ctx: Ctx) -> None:
    seat = seat_of(entry.owner)
    ctx.cause = str(entry.card)
    if ctx.words:
        ctx.log(fs.ElectionEvent(card=entry.card, side=entry.owner))
    state.removed.append(entry.card)
    run_effect(state, ctx, interpreter().start(state.effect, str(entry.card), ctx, actor=seat, card=entry.card,
                                         why="election_day"))


def _undecided(state: NSState, ctx: Ctx) -> None:
    parts = []
    for code, st in c().states.items():
        if state.support.get(code, 0):
            continue
        by = holder(state.endorsements.get(st.region, 0))
        who = by or st.edge
        gain(state, "support", code, who, 1)
        ctx.touch(code)
        parts.append((code, who, by is not None))
    if ctx.words:
        ctx.log(fs.UndecidedTipped(states=tuple(parts)))


def _tally(state: NSState, ctx: Ctx) -> None:
    unawarded: list[str] = []
    for entry in _unpledged_rules(state):
        who, states, below = entry
        for code in states:
            if count(state.support.get(code, 0), who) and count(state.support.get(code, 0), who) < below:
                unawarded.append(code)
    state.unawarded = sorted(set(unawarded))
    tally = final_tally(state)
    state.votes = {seat_of(s): v for s, v in zip(("K", "N"), tally.votes)}
    if state.unawarded:
        if ctx.words:
            ctx.log(fs.Unpledged(states=tuple(state.unawarded)))
    state.phase, state.step = "over", ""
    w = tally_winner(tally.votes, tally.won, tally.cubes)
    if w is None:
        state.draw = True
    else:
        state.winner = seat_of(w)
    ctx.touch("tally")
    if ctx.words:
        ctx.log(tally)


def _unpledged_rules(state: NSState) -> list[tuple[str, list[str], int]]:
    """The Unpledged Electors rules resolved on Election Day (the cards were resolved from the stack)."""
    out = []
    for cid in state.removed:
        x = card(cid)
        if x.persistent != "election_day":
            continue
        for name, p in x.event:
            if name == "unpledged":
                out.append((p["who"], list(p["states"]), int(p["below"])))
    return out


def final_tally(state: NSState) -> fs.Tallied:
    """Election Day's tally, from the states' support once the unawarded states are known."""
    votes, won, cubes = tally_of(state.support, state.unawarded)
    return fs.Tallied(votes=votes, won=won, cubes=cubes)

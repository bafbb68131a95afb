"""The end of a turn before the Debates and after them: the momentum phase (momentum decays, the media leader may
swap two issues, the issue leaders are rewarded, the issues decay) and Campaign Strategy (each side sets cards aside
face down, sealed until both have chosen, for the Debates or Election Day), then the next turn."""
from __future__ import annotations

from engine.core.windows import Sealed, Simultaneous
from engine.nineteen_sixty import facts_tell as t
from engine.nineteen_sixty.effect_runs import run_effect
from engine.nineteen_sixty.effect_ctx import Ctx
from engine.nineteen_sixty.effects import interpreter
from engine.nineteen_sixty.legal import media_leader, strategy_choices
from engine.nineteen_sixty.primitives import bag_counts, c, holder, issue_leader, lose, seat_of, side_of, strategy_need
from engine.nineteen_sixty.state import SEATS, NSState
from engine.nineteen_sixty.turns import Handler, salt, start_turn

# --------------------------------------------------------------------------- the decisions


def _swap(state: NSState, seat: str, args: tuple[str, ...], ctx: Ctx) -> bool:
    a, b = state.track.index(args[0]), state.track.index(args[1])
    state.track[a], state.track[b] = state.track[b], state.track[a]
    ctx.touch("track")
    if ctx.words:
        ctx.log(t.TrackSwapped(seat=seat, a=args[0], b=args[1], track=tuple(state.track)))
    state.step = "reward3"
    return True


def _keep(state: NSState, seat: str, args: tuple[str, ...], ctx: Ctx) -> bool:
    if ctx.words:
        ctx.log(t.TrackKept(seat=seat))
    state.step = "reward3"
    return True


def _take(state: NSState, seat: str, args: tuple[str, ...], ctx: Ctx) -> bool:
    """The second issue's leader takes a momentum marker or an endorsement."""
    me = state.sides[side_of(seat)]
    issue = state.track[1]
    if args[0] == "momentum":
        me.momentum += 1
        if ctx.words:
            ctx.log(t.RewardTaken(seat=seat, issue=issue, momentum=me.momentum))
        state.step = "reward1"
        return True
    if ctx.words:
        ctx.log(t.RewardTaken(seat=seat, issue=issue, momentum=None))
    state.step = "reward1"
    run_effect(state, ctx, interpreter().start(state.effect, "award", ctx, actor=seat, why="endorsement"))
    return False


def _strategy(state: NSState, seat: str, args: tuple[str, ...], ctx: Ctx) -> bool:
    me = state.sides[side_of(seat)]
    me.picking.append(int(args[0]))
    if len(me.picking) >= strategy_need(state):
        _seal_strategy(state, seat, ctx)
        return False
    return True


def pass_strategy(state: NSState, seat: str, args: tuple[str, ...], ctx: Ctx) -> bool:
    """No card may be set aside: the picks so far are sealed."""
    _seal_strategy(state, seat, ctx)
    return False


DECISIONS: dict[str, Handler] = {"swap": _swap, "keep": _keep, "take": _take, "strategy": _strategy}


# --------------------------------------------------------------------------- the momentum phase

def momentum_step(state: NSState, ctx: Ctx) -> bool:
    """One of the momentum phase's automatic steps; False when someone must decide (the swap, the second reward)."""
    if state.step == "decay":
        losses = []
        for side in ("K", "N"):
            me = state.sides[side]
            lost = me.momentum // c().rules.momentum_decay_divisor
            me.momentum -= lost
            losses.append(lost)
        if ctx.words:
            ctx.log(t.MomentumDecayed(turn=state.turn, lost=(losses[0], losses[1]),
                                      left=(state.sides["K"].momentum, state.sides["N"].momentum)))
        state.step = "swap"
        if media_leader(state) is None:
            if ctx.words:
                ctx.log(t.MediaTied())
            state.step = "reward3"
        return True
    if state.step == "swap":
        return False
    if state.step == "reward3":
        who = issue_leader(state, state.track[2])
        if who is not None:
            state.sides[who].momentum += 1
            if ctx.words:
                ctx.log(t.IssueRewarded(side=who, issue=state.track[2], place=3, momentum=state.sides[who].momentum))
        state.step = "reward2" if issue_leader(state, state.track[1]) is not None else "reward1"
        return True
    if state.step == "reward2":
        return False
    if state.step == "reward1":
        who = issue_leader(state, state.track[0])
        state.step = "issue_decay"
        if who is not None:
            state.sides[who].momentum += 1
            if ctx.words:
                ctx.log(t.IssueRewarded(side=who, issue=state.track[0], place=1, momentum=state.sides[who].momentum))
            run_effect(state, ctx, interpreter().start(state.effect, "award", ctx, actor=seat_of(who), why="endorsement"))
        return True
    if state.step == "issue_decay":
        for issue in state.track:
            who = holder(state.issues[issue])
            if who is not None:
                lose(state, "issues", issue, who, 1)
                ctx.touch(f"issues:{issue}")
        if ctx.words:
            ctx.log(t.IssuesDecayed(issues=tuple((i, state.issues[i]) for i in state.track)))
        state.phase, state.step = "strategy", ""
        state.sealed = Simultaneous(seats=list(SEATS))
        for seat in SEATS:
            state.sides[side_of(seat)].picking = []
        return True
    return False



# --------------------------------------------------------------------------- Campaign Strategy

def _seal_strategy(state: NSState, seat: str, ctx: Ctx) -> None:
    me = state.sides[side_of(seat)]
    choice = ",".join(str(x) for x in me.picking)
    state.sealed.commit(seat, choice, salt(state, seat, "strategy"))
    n = len(me.picking)
    if ctx.words:
        ctx.log(t.StrategySealed(seat=seat, n=n))


def strategy_step(state: NSState, ctx: Ctx) -> bool:
    """Campaign Strategy moving on: a hand too small to choose from sealed as it is, and once both are sealed, the
    stacks set aside, the hands discarded, the rest cubes bagged and the next turn begun; False while one chooses."""
    need = strategy_need(state)
    for seat in SEATS:
        me = state.sides[side_of(seat)]
        if seat in state.sealed.sealed:
            continue
        # Decided by public facts only (the hand's size): a hand no bigger than the need is placed as it is; a
        # bigger one is asked even when none of its cards may be placed (it may only `pass`), or the rival would
        # learn from not seeing it asked that it holds only Gathering Momentum cards.
        if len(me.hand) <= need:
            me.picking += strategy_choices(me)[: need - len(me.picking)]
            _seal_strategy(state, seat, ctx)
    if not state.sealed.complete:
        return False
    for seat, sealed in state.sealed.reveal().items():
        me = state.sides[side_of(seat)]
        chosen = [int(x) for x in sealed.choice.split(",") if x]
        for x in chosen:
            me.hand.remove(x)
        me.strategy += chosen
        me.seals.append(sealed.digest)
        me.picking = []
        _sealed_stacks(state)[seat].append(sealed)
        if me.hand:
            if ctx.words:
                ctx.log(t.HandDiscarded(seat=seat, cards=tuple(sorted(me.hand))))
        state.discard += sorted(me.hand)
        me.hand = []
    moved = []
    for side in ("K", "N"):
        me = state.sides[side]
        state.bag.put([side] * me.rest)
        moved.append(me.rest)
        me.rest = 0
    if ctx.words:
        ctx.log(t.RestBagged(moved=(moved[0], moved[1]), bag=bag_counts(state)))
    state.sealed = Simultaneous(seats=list(SEATS))
    state.turn += 1
    start_turn(state, ctx.worded)
    return True


def _sealed_stacks(state: NSState) -> dict[str, list[Sealed]]:
    """The Campaign Strategy commitments, kept (secret salts included) until the stacks are revealed."""
    return state.strategy_seals

"""1960's effect handlers for state support: gains (with the support checks campaigning would need), losses
in a state, and a loss spread over a region from states the loser picks."""
from __future__ import annotations

from typing import Any

from engine.core.frames import Frame, Wait
from engine.nineteen_sixty import facts_effects as t
from engine.nineteen_sixty.effect_ctx import Ctx, bound, who_side
from engine.nineteen_sixty.primitives import count, gain, lose, needs_checks, side_of, states_in, support_checks


def gain_state(ctx: Ctx, side: str, code: str, n: int, why: str, *, checks: bool | None = None) -> int:
    """`side` gains `n` in `code`, drawing `n` support checks first where they are needed. Returns the gain."""
    s = ctx.state
    if checks is None:
        checks = needs_checks(s, side, code, campaigning=False)
    got = support_checks(s, side, n, ctx.worded, code, why) if checks else n
    removed = 0
    if got:
        removed, _ = gain(s, "support", code, side, got)
        ctx.touch(code)
    if ctx.words:
        ctx.log(t.SupportGained(side=side, state=code, n=got, removed=removed, value=s.support.get(code, 0)))
    return got


def _gain_state(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    p = args[0]
    side = who_side(ctx, frame, p["who"])
    code = bound(frame, p["state"])
    if code == "token" and side is not None:
        code = ctx.state.sides[side].token
    if side is None or not code:
        return
    gain_state(ctx, side, code, int(p["n"]), frame.locals.get("why", "event"))


def _gain_listed(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    side = who_side(ctx, frame, args[0]["who"])
    for code in frame.locals.pop("sts", None) or []:
        if side is not None:
            gain_state(ctx, side, code, 1, frame.locals.get("why", "event"))


def _fill_empty(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    p = args[0]
    side = who_side(ctx, frame, p["who"])
    if side is None:
        return
    region = bound(frame, p["region"])
    empty = [code for code in states_in(region) if ctx.state.support.get(code, 0) == 0]
    if not empty:
        if ctx.words:
            ctx.log(t.NoEmptyState(region=region))
    for code in empty:
        gain_state(ctx, side, code, 1, frame.locals.get("why", "event"))


def _lose_state(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    p = args[0]
    side = who_side(ctx, frame, p["who"])
    if side is None:
        return
    code = bound(frame, p["state"])
    if code == "token":
        code = ctx.state.sides[side].token
    lost = lose(ctx.state, "support", code, side, int(p["n"]))
    if lost:
        ctx.touch(code)
    if ctx.words:
        ctx.log(t.SupportLost(side=side, state=code, lost=lost, of=int(p["n"]), value=ctx.state.support.get(code, 0)))


def _lr_init(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    """Lose n in a region, from states the resolver picks; when the side has no more than n there, all go."""
    p = args[0]
    key = p["key"]
    side = who_side(ctx, frame, p["who"])
    region = bound(frame, p["region"])
    frame.locals[key + "_left"] = 0
    if side is None:
        return
    held = {code: count(ctx.state.support.get(code, 0), side) for code in states_in(region)}
    total = sum(held.values())
    if total <= int(p["n"]):
        for code, n in held.items():
            if n:
                lose(ctx.state, "support", code, side, n)
                ctx.touch(code)
        if ctx.words:
            ctx.log(t.RegionEmptied(side=side, region=region, total=total, of=int(p["n"]),
                                    states=tuple((code, n) for code, n in held.items() if n)))
        return
    frame.locals[key + "_left"] = int(p["n"])
    if ctx.words:
        ctx.log(t.RegionLoss(side=side, region=region, n=int(p["n"]), picker=side_of(frame.locals["actor"])))


def _lr_ask(ctx: Ctx, frame: Frame, args: list[Any]) -> Wait | None:
    p = args[0]
    key = p["key"]
    side = who_side(ctx, frame, p["who"])
    if side is None or frame.locals[key + "_left"] <= 0:
        return None
    among = [code for code in states_in(bound(frame, p["region"])) if count(ctx.state.support.get(code, 0), side) > 0]
    if not among:
        frame.locals[key + "_left"] = 0
        return None
    return Wait({"kind": "state", "among": among, **loss_facts(frame, p)})


def loss_facts(frame: Frame, p: dict[str, Any]) -> dict[str, Any]:
    """The facts of a pick of a state to take support from (waits.py): whose, in which region, how many to go."""
    return {"loser": who_side(None, frame, p["who"]), "region": bound(frame, p["region"]),
            "left": frame.locals[p["key"] + "_left"]}


def _lr_apply(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    p = args[0]
    key = p["key"]
    side = who_side(ctx, frame, p["who"])
    code = frame.locals.pop("answer", None)
    if side is not None and code is not None:
        lose(ctx.state, "support", code, side, 1)
        ctx.touch(code)
        if ctx.words:
            ctx.log(t.SupportLost(side=side, state=code, lost=1, of=None, value=ctx.state.support.get(code, 0)))
        frame.locals[key + "_left"] -= 1
    frame.locals[key + "_again"] = frame.locals[key + "_left"] > 0



# handler op -> handler, for the effect language (effects.py)
HANDLERS = {"gain_state": _gain_state, "gain_listed": _gain_listed, "fill_empty": _fill_empty,
            "lose_state": _lose_state, "lr_init": _lr_init, "lr_ask": _lr_ask, "lr_apply": _lr_apply}

"""1960's effect handlers besides state support: momentum, issues and media, endorsements, the candidate card
and token, cubes, cards, a `leader` condition and turn-long effects. Each changes one thing and logs it."""
from __future__ import annotations

from typing import Any

from engine.core.frames import Frame, Wait
from engine.core.types import Event
from engine.nineteen_sixty import facts_effects as t
from engine.nineteen_sixty.content_models import REGIONS
from engine.nineteen_sixty.effect_ctx import Ctx, bound, who_side
from engine.nineteen_sixty.primitives import (
    bag_counts,
    c,
    deal,
    draw_endorsement,
    gain,
    issue_leader,
    lose,
    region_leader,
    seat_of,
    support_checks,
)
from engine.nineteen_sixty.state import NSState, TurnEffect

# --------------------------------------------------------------------------- momentum, issues, media

def _momentum(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    side = who_side(ctx, frame, args[0]["who"])
    if side is not None:
        ctx.state.sides[side].momentum += int(args[0]["n"])
        if ctx.words:
            ctx.log(t.MomentumChanged(side=side, n=int(args[0]["n"]), lost=False,
                                      momentum=ctx.state.sides[side].momentum))


def _lose_momentum(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    side = who_side(ctx, frame, args[0]["who"])
    if side is not None:
        me = ctx.state.sides[side]
        lost = min(me.momentum, int(args[0]["n"]))
        me.momentum -= lost
        if ctx.words:
            ctx.log(t.MomentumChanged(side=side, n=lost, lost=True, momentum=me.momentum))


def _cubes_of_kind(kind: str, losing: bool):  # noqa: ANN202
    """The handler of an op that gives `who` cubes of `kind` in a place (`losing`: takes its own away)."""
    def handler(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
        p = args[0]
        side = who_side(ctx, frame, p["who"])
        place = bound(frame, p["place"])
        if side is None or place is None:
            return
        n = int(p["n"])
        if losing:
            n = lose(ctx.state, kind, place, side, n)
        else:
            gain(ctx.state, kind, place, side, n)
        ctx.touch(f"{kind}:{place}")
        if ctx.words:
            ctx.log(t.CubesChanged(side=side, media=kind == "media", place=place, n=n, lost=losing,
                                   value=getattr(ctx.state, kind).get(place, 0)))
    return handler


def _shift_issue(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    p = args[0]
    issue = bound(frame, p["issue"])
    track = ctx.state.track
    i = track.index(issue)
    j = i - 1 if p["dir"] == "up" else i + 1
    if not 0 <= j < len(track):
        if ctx.words:
            ctx.log(t.IssueShifted(issue=issue, direction=p["dir"], track=()))
        return
    track[i], track[j] = track[j], track[i]
    ctx.touch("track")
    if ctx.words:
        ctx.log(t.IssueShifted(issue=issue, direction=p["dir"], track=tuple(track)))


def place_endorsement(ctx: Ctx, side: str, region: str) -> None:
    removed, _ = gain(ctx.state, "endorsements", region, side, 1)
    ctx.touch(f"endorsements:{region}")
    if ctx.words:
        ctx.log(t.Endorsed(side=side, region=region, removed=bool(removed)))


def _endorse(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    side = who_side(ctx, frame, args[0]["who"])
    region = bound(frame, args[0]["region"])
    if side is not None and region in REGIONS:
        place_endorsement(ctx, side, region)


def _endorse_draw(ctx: Ctx, frame: Frame, args: list[Any]) -> Wait | None:
    side = who_side(ctx, frame, args[0]["who"])
    if side is None:
        return None
    top = draw_endorsement(ctx.state, ctx.worded)
    card = c().endorsements[top]
    if ctx.words:
        ctx.log(t.EndorsementDrawn(side=side, card=top))
    if card.region != "any":
        frame.locals["rg"] = card.region
        return None
    return Wait({"kind": "region", "among": list(REGIONS), **endorsing_facts(ctx.state, frame, args[0])})


def endorsing_facts(state: NSState, frame: Frame, p: dict[str, Any]) -> dict[str, Any]:
    """The facts of a pick of the region an endorsement card good anywhere (the last one drawn) endorses a side in."""
    return {"endorsement": state.endorsement_used[-1], "endorsed": who_side(None, frame, p["who"])}


def _endorse_bind(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    if "answer" in frame.locals:
        frame.locals["rg"] = frame.locals.pop("answer")


# --------------------------------------------------------------------------- candidate, token, cubes, cards

def _candidate(face: str):  # noqa: ANN202
    def handler(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
        side = who_side(ctx, frame, args[0]["who"])
        if side is None:
            return
        ctx.state.sides[side].candidate = face  # type: ignore[assignment]
        ctx.touch(f"candidate:{side}")
        if ctx.words:
            ctx.log(t.CandidateTurned(side=side, face=face))
    return handler


def _move_token(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    side = who_side(ctx, frame, args[0]["who"])
    code = bound(frame, args[0]["state"])
    if side is None:
        return
    ctx.state.sides[side].token = code
    ctx.touch(code)
    if ctx.words:
        ctx.log(t.TokenMoved(side=side, state=code))


def _cubes(where: str):  # noqa: ANN202
    def handler(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
        side = who_side(ctx, frame, args[0]["who"])
        if side is None:
            return
        n = int(args[0]["n"])
        me = ctx.state.sides[side]
        me.supply -= n
        if where == "bag":
            ctx.state.bag.put([side] * n)
            if ctx.words:
                ctx.log(t.CubesPut(side=side, n=n, to="bag", total=0, bag=bag_counts(ctx.state)))
        else:
            me.rest += n
            if ctx.words:
                ctx.log(t.CubesPut(side=side, n=n, to="rest", total=me.rest, bag=bag_counts(ctx.state)))
    return handler


def _draw_cards(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    side = who_side(ctx, frame, args[0]["who"])
    if side is None:
        return
    got = deal(ctx.state, side, int(args[0]["n"]), ctx.worded)
    if ctx.words:
        ctx.log(t.CardsDrawn(side=side, n=len(got)))
    if got and ctx.words:
        ctx.events.append(Event(facts=t.Drew(seat=seat_of(side), cards=tuple(got))))


def _discard_random(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    side = who_side(ctx, frame, args[0]["who"])
    if side is None:
        return
    me = ctx.state.sides[side]
    for _ in range(int(args[0]["n"])):
        if not me.hand:
            if ctx.words:
                ctx.log(t.CardDiscarded(side=side, card=None, random=True))
            return
        x = me.hand.pop(ctx.state.randomness.below(len(me.hand)))
        ctx.state.discard.append(x)
        if ctx.words:
            ctx.log(t.CardDiscarded(side=side, card=x, random=True))


def _discard_card(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    side = who_side(ctx, frame, args[0]["who"])
    x = frame.locals.pop("card", None)
    if side is None or x is None or x not in ctx.state.sides[side].hand:
        return
    ctx.state.sides[side].hand.remove(x)
    ctx.state.discard.append(x)
    if ctx.words:
        ctx.log(t.CardDiscarded(side=side, card=x, random=False))


# --------------------------------------------------------------------------- conditions, stacks

def _leader(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    p = args[0]
    if "region" in p:
        who = region_leader(ctx.state, p["region"])
    else:
        who = issue_leader(ctx.state, p["issue"])
    frame.locals["leader"] = who
    frame.locals["no_leader"] = who is None
    if ctx.words:
        ctx.log(t.LeaderFound(side=who, region=p.get("region"), issue=p.get("issue")))


def _turn_effect(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    side = who_side(ctx, frame, args[0]["who"])
    if side is not None:
        ctx.state.turn_effects.append(TurnEffect(card=int(frame.locals.get("card", 0)), who=side, hook=args[0]["hook"]))
        ctx.touch("effects")


def _checks(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    p = args[0]
    side = who_side(ctx, frame, p["who"])
    code = bound(frame, p["state"])
    if side is None or not code:
        return
    got = support_checks(ctx.state, side, int(p["n"]), ctx.worded, code, frame.locals.get("why", "event"))
    if got:
        gain(ctx.state, "support", code, side, got)
        ctx.touch(code)
    if ctx.words:
        ctx.log(t.SupportGained(side=side, state=code, n=got, removed=0, value=ctx.state.support.get(code, 0)))


def _note(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    """Ops applied elsewhere (a Debate bonus in the Debates, Unpledged Electors at the tally): nothing to run."""


def _unset(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    frame.locals.pop(args[0]["var"], None)



# handler op -> handler, for the effect language (effects.py)
HANDLERS = {"momentum": _momentum, "lose_momentum": _lose_momentum,
            "issue1": _cubes_of_kind("issues", False), "lose_issue1": _cubes_of_kind("issues", True),
            "media1": _cubes_of_kind("media", False), "lose_media1": _cubes_of_kind("media", True),
            "shift_issue1": _shift_issue, "endorse1": _endorse, "endorse_draw": _endorse_draw,
            "endorse_bind": _endorse_bind, "exhaust": _candidate("exhausted"), "refresh": _candidate("active"),
            "move_token": _move_token, "bag": _cubes("bag"), "rest": _cubes("rest"), "draw": _draw_cards,
            "discard_random": _discard_random, "discard_card": _discard_card, "leader1": _leader,
            "turn_effect": _turn_effect, "checks1": _checks, "debate_bonus": _note, "unpledged": _note,
            "unset": _unset}

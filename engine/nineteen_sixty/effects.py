"""1960's events in the core effect language (engine/core/effects.py).

Content writes `[op, {params}]` (engine/nineteen_sixty/content.py lists them). Each compiles to the core's
choices (`choose_state`, `choose_region`, `choose_issue`, `choose_hand`) around handlers that change one
thing and log it. The resolving player — who played the event, or who triggered it — is the frame local
`actor` (a seat) and makes every choice, except a discard of one's own choice, which its loser makes.
`who: leader` reads the side an earlier `leader` op named; with no leader, the rest of the event is skipped
(a tie in a Gathering Momentum region gives nothing, ruling).

State support gained by an event needs support checks wherever campaigning would (rulebook "Gaining State
Support"): the declared count is what the event gives there, drawn at once.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from engine.core.effects import Choice, Compiler, EffectLanguage
from engine.core.frames import Frame, Interpreter, Wait
from engine.core.types import Event, Facts
from engine.nineteen_sixty import facts_effects as t
from engine.nineteen_sixty.content_models import REGIONS
from engine.nineteen_sixty.primitives import (
    bag_counts,
    c,
    count,
    deal,
    draw_endorsement,
    gain,
    issue_leader,
    lose,
    needs_checks,
    region_leader,
    rival,
    seat_of,
    side_of,
    states_in,
    support_checks,
)
from engine.nineteen_sixty.state import NSState, TurnEffect


@dataclass(slots=True)
class Ctx:
    state: NSState
    events: list[Event]
    changed: list[str]
    cause: str | None = None  # the card whose play or event the lines logged now belong to
    # False on the search's silent path: no line is wanted, so none is stated (the primitives are given None)
    words: bool = True
    mine: int = 0  # how many of the events the deciding seat's own step made (the rest: the game moving on)

    def log(self, line: Facts) -> None:
        """A public line, stated as facts (the words make its text), caused by the card behind it now."""
        if self.words:
            self.events.append(Event(facts=line, cause=self.cause))

    @property
    def worded(self) -> list[Event] | None:
        """Where a primitive states its lines: the events, or None on the silent path (no line wanted)."""
        return self.events if self.words else None

    def touch(self, code: str) -> None:
        if code not in self.changed:
            self.changed.append(code)


def who_side(ctx: Ctx | None, frame: Frame, who: str) -> str | None:
    if who in ("K", "N"):
        return who
    actor = side_of(frame.locals["actor"])
    if who == "self":
        return actor
    if who == "opponent":
        return rival(actor)
    return frame.locals.get("leader")  # `leader`


def _arg(frame: Frame, value: Any) -> Any:
    return frame.locals.get(value[1:]) if isinstance(value, str) and value.startswith("$") else value


# --------------------------------------------------------------------------- state support

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
    code = _arg(frame, p["state"])
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
    region = _arg(frame, p["region"])
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
    code = _arg(frame, p["state"])
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
    region = _arg(frame, p["region"])
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
    among = [code for code in states_in(_arg(frame, p["region"])) if count(ctx.state.support.get(code, 0), side) > 0]
    if not among:
        frame.locals[key + "_left"] = 0
        return None
    return Wait({"kind": "state", "among": among, **_loss(frame, p)})


def _loss(frame: Frame, p: dict[str, Any]) -> dict[str, Any]:
    """The facts of a pick of a state to take support from (waits.py): whose, in which region, how many to go."""
    return {"loser": who_side(None, frame, p["who"]), "region": _arg(frame, p["region"]),
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


def _gain_kind(kind: str):  # noqa: ANN202
    def handler(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
        p = args[0]
        side = who_side(ctx, frame, p["who"])
        place = _arg(frame, p["place"])
        if side is None or place is None:
            return
        gain(ctx.state, kind, place, side, int(p["n"]))
        ctx.touch(f"{kind}:{place}")
        if ctx.words:
            ctx.log(t.CubesChanged(side=side, media=kind == "media", place=place, n=int(p["n"]), lost=False,
                                   value=getattr(ctx.state, kind).get(place, 0)))
    return handler


def _lose_kind(kind: str):  # noqa: ANN202
    def handler(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
        p = args[0]
        side = who_side(ctx, frame, p["who"])
        place = _arg(frame, p["place"])
        if side is None or place is None:
            return
        lost = lose(ctx.state, kind, place, side, int(p["n"]))
        ctx.touch(f"{kind}:{place}")
        if ctx.words:
            ctx.log(t.CubesChanged(side=side, media=kind == "media", place=place, n=lost, lost=True,
                                   value=getattr(ctx.state, kind).get(place, 0)))
    return handler


def _shift_issue(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    p = args[0]
    issue = _arg(frame, p["issue"])
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
    region = _arg(frame, args[0]["region"])
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
    return Wait({"kind": "region", "among": list(REGIONS), **_endorsing(ctx.state, frame, args[0])})


def _endorsing(state: NSState, frame: Frame, p: dict[str, Any]) -> dict[str, Any]:
    """The facts of a pick of the region an endorsement card good anywhere (the last one drawn) endorses a side in."""
    return {"endorsement": state.endorsement_used[-1], "endorsed": who_side(None, frame, p["who"])}


def asked(state: NSState, frame: Frame, op: list[Any]) -> dict[str, Any]:
    """The facts of the question the waiting `op` asks in `frame` (the top one), the state standing as it did when it
    began to wait: a loss of support or an endorsement's say more than their kind; every other pick says nothing."""
    if op[0] == "lr_ask":
        return _loss(frame, op[1])
    if op[0] == "endorse_draw":
        return _endorsing(state, frame, op[1])
    return {}


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
    code = _arg(frame, args[0]["state"])
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
    code = _arg(frame, p["state"])
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


# --------------------------------------------------------------------------- compiling content ops

def _place(p: dict[str, Any], key: str, choose: str, c_: Compiler, var: str) -> tuple[list[list[Any]], Any]:
    """A `choose` parameter becomes a choice bound to `var` first."""
    if p.get(key) != "choose":
        return [], p.get(key)
    return [["unset", {"var": var}], *c_.compile([[choose, {"as": var}]])], "$" + var


def _gain(p: dict[str, Any], c_: Compiler) -> list[list[Any]]:
    pre, code = _place(p, "state", "choose_state", c_, "st")
    return [*pre, ["gain_state", {**p, "state": code}]]


def _gain_region(p: dict[str, Any], c_: Compiler) -> list[list[Any]]:
    pre, region = _place(p, "region", "choose_region", c_, "rg")
    pick = c_.compile([["choose_region_state", {"as": "sts", "count": p["n"], "region": region,
                                                "per_state": p["per_state"]}]])
    return [*pre, *pick, ["gain_listed", {"who": p["who"]}]]


def _fill(p: dict[str, Any], c_: Compiler) -> list[list[Any]]:
    pre, region = _place(p, "region", "choose_region", c_, "rg")
    return [*pre, ["fill_empty", {**p, "region": region}]]


def _lose(p: dict[str, Any], c_: Compiler) -> list[list[Any]]:
    pre, code = _place(p, "state", "choose_state", c_, "st")
    return [*pre, ["lose_state", {**p, "state": code}]]


def _lose_region(p: dict[str, Any], c_: Compiler) -> list[list[Any]]:
    pre, region = _place(p, "region", "choose_region", c_, "rg")
    key = c_.key("lr")
    q = {**p, "region": region, "key": key}
    return [*pre, ["lr_init", q], ["label", key], ["lr_ask", q], ["lr_apply", q], ["if", key + "_again", key]]


def _kind(kind: str, handler: str, param: str, choose: str):  # noqa: ANN202
    def compile_(p: dict[str, Any], c_: Compiler) -> list[list[Any]]:
        pre, place = _place(p, param, choose, c_, "pl")
        return [*pre, [handler, {"who": p["who"], "place": place, "n": p.get("n", 1)}]]
    return compile_


def _shift(p: dict[str, Any], c_: Compiler) -> list[list[Any]]:
    pre, issue = _place(p, "issue", "choose_issue", c_, "pl")
    return [*pre, ["shift_issue1", {**p, "issue": issue}]]


def _endorse_op(p: dict[str, Any], c_: Compiler) -> list[list[Any]]:
    if p["region"] == "draw":
        return [["unset", {"var": "rg"}], ["endorse_draw", p], ["endorse_bind", {}],
                ["endorse1", {"who": p["who"], "region": "$rg"}]]
    pre, region = _place(p, "region", "choose_region", c_, "rg")
    return [*pre, ["endorse1", {"who": p["who"], "region": region}]]


def _discard(p: dict[str, Any], c_: Compiler) -> list[list[Any]]:
    if p["pick"] == "random":
        return [["discard_random", p]]
    one = [["unset", {"var": "card"}], *c_.compile([["choose_hand", {"as": "card", "who": p["who"]}]]),
           ["discard_card", {"who": p["who"]}]]
    return [op for _ in range(int(p["n"])) for op in one]


def _leader_op(p: dict[str, Any], c_: Compiler) -> list[list[Any]]:
    return [["leader1", p], ["if", "no_leader", "end"]]


def _checks_op(p: dict[str, Any], c_: Compiler) -> list[list[Any]]:
    pre, code = _place(p, "state", "choose_state", c_, "st")
    return [*pre, ["checks1", {**p, "state": code}]]


def _region_states(game: Ctx, frame: Frame, p: dict[str, Any]) -> list[str]:
    return states_in(_arg(frame, p["region"]))


def _hand(game: Ctx, frame: Frame, p: dict[str, Any]) -> list[int]:
    side = who_side(game, frame, p["who"])
    if side is None:
        return []
    frame.locals["asker"] = seat_of(side)  # a discard of one's own choice: its loser picks
    return sorted(game.state.sides[side].hand)


@lru_cache(maxsize=1)
def language() -> EffectLanguage:
    lang = EffectLanguage()
    lang.choice("choose_state", Choice(candidates=lambda g, f, p: sorted(c().states), kind="state"))
    lang.choice("choose_region_state", Choice(candidates=_region_states, kind="state"))
    lang.choice("choose_region", Choice(candidates=lambda g, f, p: list(REGIONS), kind="region"))
    lang.choice("choose_issue", Choice(candidates=lambda g, f, p: list(g.state.track), kind="issue"))
    lang.choice("choose_hand", Choice(candidates=_hand, kind="card"))
    for name, compile_ in (("gain", _gain), ("gain_region", _gain_region), ("fill_empty", _fill), ("lose", _lose),
                           ("lose_region", _lose_region), ("shift_issue", _shift), ("endorse", _endorse_op),
                           ("discard", _discard), ("leader", _leader_op), ("checks", _checks_op),
                           ("issue", _kind("issues", "issue1", "issue", "choose_issue")),
                           ("lose_issue", _kind("issues", "lose_issue1", "issue", "choose_issue")),
                           ("media", _kind("media", "media1", "region", "choose_region")),
                           ("lose_media", _kind("media", "lose_media1", "region", "choose_region"))):
        lang.op(name, compile_)
    for name in ("momentum", "lose_momentum", "exhaust", "refresh", "move_token", "bag", "rest", "draw",
                 "turn_effect", "debate_bonus", "unpledged"):
        lang.op(name)
    for name, fn in (("gain_state", _gain_state), ("gain_listed", _gain_listed), ("fill_empty", _fill_empty),
                     ("lose_state", _lose_state), ("lr_init", _lr_init), ("lr_ask", _lr_ask),
                     ("lr_apply", _lr_apply), ("momentum", _momentum), ("lose_momentum", _lose_momentum),
                     ("issue1", _gain_kind("issues")), ("lose_issue1", _lose_kind("issues")),
                     ("media1", _gain_kind("media")),
                     ("lose_media1", _lose_kind("media")),
                     ("shift_issue1", _shift_issue), ("endorse1", _endorse), ("endorse_draw", _endorse_draw),
                     ("endorse_bind", _endorse_bind), ("exhaust", _candidate("exhausted")),
                     ("refresh", _candidate("active")), ("move_token", _move_token), ("bag", _cubes("bag")),
                     ("rest", _cubes("rest")), ("draw", _draw_cards), ("discard_random", _discard_random),
                     ("discard_card", _discard_card), ("leader1", _leader), ("turn_effect", _turn_effect),
                     ("checks1", _checks), ("debate_bonus", _note), ("unpledged", _note), ("unset", _unset)):
        lang.handler(name, fn)  # the interpreter calls each as it is: a wrapper would cost a call per op
    return lang


# Momentum-phase endorsements reuse the event ops: the award draws a card (and, for one good in any region,
# asks the winner where).
AWARD = [["endorse", {"who": "self", "region": "draw"}]]


@lru_cache(maxsize=1)
def interpreter() -> Interpreter:
    lang = language()
    procs: dict[str, list[list[Any]]] = {}
    for cid, card in c().cards.items():
        procs[str(cid)] = [*lang.compile(card.event), ["label", "end"]]
    procs["award"] = [*lang.compile(AWARD), ["label", "end"]]
    return lang.interpreter(procs)

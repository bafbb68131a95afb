"""Campaign Trail's effect language: the core effect language (engine.core.effects) set up with this
game's ops.

The core compiles the content's nested ops and runs the control ops (for_each, choose_*, choose_one,
repeat … up_to, optional). Here are the hooks those control ops ask (the regions and rivals a `for_each`
goes over, the states and cards a choice offers, who picks an option, what a repeat's round costs), the
compile forms of Campaign Trail's own ops, and the handlers of ops.py registered by name.
"""
from __future__ import annotations

from typing import Any

from engine.campaign_trail import content as content_mod
from engine.campaign_trail import dirty_solo, ops, vocabulary
from engine.campaign_trail import facts_tell as ft
from engine.campaign_trail.op_context import Ctx, chooser_seat, opponent_table, options_payable, party_of, state_set
from engine.core.effects import Choice, Compiler, Domain, EffectLanguage, OneOf, Ops, Params
from engine.core.frames import Frame, Wait


# ---------------------------------------------------------------- hooks of the core's control ops


def _rivals_in_turn_order(ctx: Ctx, frame: Frame) -> list[str]:
    """for_each over opponents: the rival parties in turn order (one or two)."""
    return [q for q in ctx.s.order if q != ctx.party]


def _state_choices(ctx: Ctx, frame: Frame, p: Params) -> list[str]:
    """A `choose_state`'s candidates: the states of `within`, narrowed by its filters (and, one at a time, to
    regions not chosen yet)."""
    c = content_mod.load()
    among = state_set(ctx, frame, p["within"])
    voters, party = ctx.s.voters, ctx.party
    for f in p.get("filter", ()):
        if f == "has_own_voters":
            among = [code for code in among if voters[code][party] > 0]
        elif f == "has_opponent_voters":  # counts are never negative: any rival's voter makes the row's sum larger
            among = [code for code in among if sum(voters[code].values()) > voters[code][party]]
    if p.get("distinct_regions"):
        used = {c.states[code].region for code in frame.locals[p["key"] + "_list"]}
        among = [code for code in among if c.states[code].region not in used]
    return among


def _ask_option(ctx: Ctx, frame: Frame, p: Params) -> Wait | int:
    """choose_one: the options the chooser can pay for in full; with one (or none) it is taken without asking
    (none: the last option, as far as it goes)."""
    chooser = p.get("chooser", "self")
    if chooser not in ("self", "actor") and dirty_solo.is_ai(ctx.s, party_of(ctx, frame, chooser)):
        frame.locals[p["key"] + "_who"] = party_of(ctx, frame, chooser)  # Solo Play: the engine decides for it
        return dirty_solo.ai_option(p["options"])
    payer_ctx = ctx if chooser == "self" else Ctx(ctx.s, chooser_seat(ctx, frame, chooser), [])
    can = options_payable(ctx.s, payer_ctx.seat, p, frame)
    if chooser != "self":  # another party decides: the log says what it chose (_option_picked)
        frame.locals[p["key"] + "_who"] = payer_ctx.party
    if len(can) <= 1:
        return can[0] if can else len(p["options"]) - 1
    # the options' labels are the op's (its compiled params): the words name them from there
    wait = {"kind": "option", "among": [str(i + 1) for i in can], "optional": False}
    if payer_ctx.seat != ctx.seat:
        wait["seat"] = payer_ctx.seat
        wait["owner"] = ctx.seat
    return Wait(wait)


def _option_picked(ctx: Ctx, frame: Frame, p: Params, index: int) -> None:
    who = frame.locals.pop(p["key"] + "_who", None)
    if who is not None:
        ctx.events.append(ft.OptionChosen(who=who, proc=frame.proc, key=p["key"], option=index))


def _repeat_cost(rest: list[Any]) -> Params:
    """A repeat's price per round: the money its payments take."""
    return {"cost": sum(int(p["amount"]) for op, p in rest if op == "pay_money")}


def _can_pay_round(ctx: Ctx, frame: Frame, p: Params) -> bool:
    return ctx.s.parties[ctx.party].money >= p["cost"]


# ---------------------------------------------------------------- Campaign Trail's compile forms


def _place_one_at_a_time(params: Params, c: Compiler) -> Ops:
    """Voters placed one at a time among states (`done` ends an `up_to`)."""
    key = c.key("pv")
    p = {**params, "key": key}
    return [["pv_init", p], ["label", key], ["pv_ask", p], ["pv_apply", p], ["if", key + "_again", key]]


def _place_up_to_one_each(params: Params, c: Compiler) -> Ops:
    """"up to 1 in each of these states": picked one at a time, each once, `done` to stop."""
    return _place_one_at_a_time({"count": 99, "among": params["each"], "source": params["source"], "up_to": True,
                                 "max_per_state": params["count"]}, c)


def _optional_convert(params: Params, stop: str | None, c: Compiler) -> Ops:
    if stop is not None:  # a repeat's round: strike a rival's voter anywhere listed, or `done` to stop
        return [["ask_strike", {**params, "optional": True}], ["strike_convert", {"stop": stop}]]
    return [["ask_convert", params], ["convert_if_chosen", params]]


def _optional_play(params: Params, stop: str | None, c: Compiler) -> Ops:
    """"you may play it": offered as `card N` (play it) or `done` (keep it)."""
    return [["ask_optional_card", {"card": params["card"]}], ["play_card_if_chosen", {"card": params["card"]}]]


def _language() -> EffectLanguage:
    lang = EffectLanguage()
    lang.domain("regions", Domain(values=lambda: list(content_mod.load().regions)))
    # unrolled over the two possible rivals, in turn order; a missing one is skipped at run time
    lang.domain("opponents", Domain(at_run=_rivals_in_turn_order, bound=len(vocabulary.PARTIES) - 1))
    lang.choice("choose_state", Choice(_state_choices, kind="pick"))
    lang.choice("choose_card", Choice(lambda ctx, frame, p: [str(n) for n in opponent_table(ctx.s, ctx.seat)], kind="card"),
                when=lambda p: p.get("from") == "opponent_table")
    lang.choice("choose_card", Choice(lambda ctx, frame, p: [str(n) for n in ctx.s.players[ctx.seat].hand], kind="card"),
                when=lambda p: p.get("from") == "hand" and not p.get("random"))
    lang.one_of(OneOf(ask=_ask_option, picked=_option_picked))
    lang.repeat_guard(_repeat_cost, _can_pay_round)
    lang.optional("convert_voters", _optional_convert)
    lang.optional("play_card", _optional_play)
    # Ruling (docs/rulings.md, "Grassroots: any order"): gaining before placing is never worse, so the listed
    # order is played.
    lang.op("any_order", lambda p, c: c.compile(p["do"]))
    lang.op("place_voters", _place_up_to_one_each, when=lambda p: "each" in p and p.get("up_to"))
    lang.op("place_voters", lambda p, c: [["place_each", p]], when=lambda p: "each" in p)
    lang.op("place_voters", lambda p, c: [["place_in", p]], when=lambda p: "in" in p)
    lang.op("place_voters", _place_one_at_a_time, when=lambda p: "among" in p)
    lang.op("remove_voters", lambda p, c: [["remove_each", p]],
            when=lambda p: "each" in p and p.get("of") not in ("any", "opponents", "each_opponent"))
    lang.op("remove_voters", lambda p, c: [["remove_each_opponent", p]],
            when=lambda p: p.get("of") == "each_opponent" and "in" in p)
    lang.op("draw_cards", when=lambda p: "party" not in p)
    for name in ("pay_money", "transfer_money", "transfer_registered", "lose_registered", "gain_money",
                 "gain_registered", "discard_in_play", "play_card", "tuck_card", "take_from_discard"):
        lang.op(name)
    for name, handler in ops.HANDLERS.items():
        lang.handler(name, handler)
    return lang


LANGUAGE = _language()

"""Campaign Trail's own effect ops, registered with the core effect language (engine.core.effects).

The content (data/campaign_trail/politicks.yaml, candidates.yaml) writes effects as nested ops; the core
compiles them and runs the control ops (for_each, choose_*, choose_one, repeat … up_to, optional). What is
Campaign Trail's is here: what a handler works on (`Ctx`), the selectors content uses for states and
parties, the ops that move voters, money, registered voters and cards, and the hooks the control ops ask
(the regions and rivals a `for_each` goes over, the states and cards a choice offers, who picks an option).
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from engine.campaign_trail import content as content_mod
from engine.campaign_trail import abilities, dirty_solo, primitives
from engine.campaign_trail import facts_tell as ft
from engine.campaign_trail.posting import Private
from engine.core.effects import Choice, Compiler, Domain, EffectLanguage, OneOf, Ops, Params
from engine.core.frames import Frame, Wait


class Ctx:
    """What a handler works on: the (already copied) state, the acting seat, and the events list."""

    def __init__(self, state: Any, seat: str, events: list[Any], private: Private | None = None) -> None:
        self.s = state
        self.seat = seat
        self.party = state.players[seat].party
        self.events = events
        self.keeps = getattr(events, "keeps", True)  # a silent step's log keeps no line: its facts are not built
        self.private = private if private is not None else {}


def options_payable(state: Any, seat: str, params: dict[str, Any], frame: Frame | None = None) -> list[int]:
    """Indices of a `choose_one`'s options whose payments can be made in full (ruling: a payment is offered
    only in full; a loss marked `up_to` takes as many as there are and is always possible)."""
    ctx = Ctx(state, seat, [])
    out = []
    for i, opt in enumerate(params["options"]):
        ok = True
        for name, p in opt["do"]:
            if name in ("pay_money", "transfer_money"):
                payer = state.parties[party_of(ctx, frame, p.get("from", p.get("party", "self")))]
                ok = ok and payer.money >= int(p["amount"])
            elif name in ("lose_registered", "transfer_registered") and not p.get("up_to"):
                payer = state.parties[party_of(ctx, frame, p.get("from", p.get("party", "self")))]
                ok = ok and payer.registered >= int(p["count"])
        if ok:
            out.append(i)
    return out


def party_of(ctx: Ctx, frame: Frame | None, selector: str) -> str:
    """A party selector: `self`, `actor` (whose turn it is), a party id, or a `$variable` bound to one."""
    if selector == "self":
        return ctx.party
    if selector == "actor":
        return ctx.s.players[ctx.s.turn.seat].party
    if selector.startswith("$") and frame is not None:
        return frame.locals[selector[1:]]
    if selector in content_mod.PARTIES:
        return selector
    raise NotImplementedError(f"party {selector}")


def state_set(ctx: Ctx, frame: Frame | None, selector: str) -> list[str]:
    c = content_mod.load()
    me = ctx.s.players[ctx.seat]
    if selector.startswith("region:"):
        region = selector.split(":", 1)[1]
        if region.startswith("$") and frame is not None:
            region = frame.locals[region[1:]]
        return primitives.region_states(region)
    if selector == "all":
        return list(c.states)
    if selector == "cities":
        return [city.state for city in c.cities.values()]
    if selector == "travel_path":
        path = ctx.s.turn.path if ctx.s.turn is not None else []
        passed = set(path)
        return [code for code in c.states if code in passed]
    if selector == "starting_states":
        return [code for code in c.states if ctx.s.voters[code][ctx.party] > 0]
    if selector.startswith("$") and frame is not None:
        return list(frame.locals[selector[1:]])
    if selector == "region_of_pawn":
        return primitives.region_states(c.states[me.pawn].region)
    if selector == "home_region":
        return primitives.region_states(c.states[me.home].region)
    if selector == "adjacent_to_pawn":
        return list(primitives.neighbours_of(me.pawn))
    if selector == "pawn_and_adjacent":
        return [me.pawn, *primitives.neighbours_of(me.pawn)]
    if selector == "this_card_map":
        return primitives.card_map(ctx.s, ctx.seat, ctx.s.turn.card)
    if selector.startswith("ethics:"):
        return list(c.parties[party_of(ctx, frame, selector.split(":", 1)[1])].ethics)
    raise NotImplementedError(f"state set {selector}")


def one_state(ctx: Ctx, frame: Frame, selector: str) -> str:
    me = ctx.s.players[ctx.seat]
    if selector == "tucked_reference":
        return content_mod.load().card(int(frame.locals["tucked"])).reference
    if selector == "pawn":
        return me.pawn
    if selector == "home":
        return me.home
    if selector.startswith("$"):
        return frame.locals[selector[1:]]
    return selector


def opponent_table(state: Any, seat: str) -> list[int]:
    """Cards on the tables of every other party (Sabotage's targets)."""
    party = state.players[seat].party
    return [tab.card for x, p in state.players.items() if p.party != party for tab in p.table]


def _discard_in_play(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    number = int(frame.locals[args[0]["card"].lstrip("$")])
    for x, p in ctx.s.players.items():
        for tab in list(p.table):
            if tab.card == number:
                p.table.remove(tab)
                abilities.forget(ctx.s)
                ctx.s.discard.append(number)
                if tab.tucked is not None:
                    ctx.s.discard.append(tab.tucked)
                ctx.events.append(ft.Sabotaged(who=ctx.party, victim=x, politick=tab.politick, card=number))


def _place(ctx: Ctx, code: str, n: int, source: str) -> int:
    party = ctx.s.parties[ctx.party]
    t = ctx.s.turn if ctx.s.turn is not None and ctx.s.turn.seat == ctx.seat else None
    if source == "registered":
        free = min(n, t.free_left) if t is not None else 0  # the Party Favorite's undecided voters first
        n = min(n, party.registered + free)
        if t is not None:
            t.free_left -= free
        party.registered -= n - free
        party.out_of_supply += free
    else:
        party.out_of_supply += n
    if n:
        primitives.add_voters(ctx.s, code, ctx.party, n)
    return n


def _place_each(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    p = args[0]
    spots = state_set(ctx, frame, p["each"])
    for code in spots:
        _place(ctx, code, int(p["count"]), p["source"])
    if spots:
        ctx.events.append(ft.VotersInEach(who=ctx.party, count=int(p["count"]), states=tuple(spots)))


def _remove_each(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    """`count` voters of one party leave every state of a set (as many as it has there)."""
    p = args[0]
    party = party_of(ctx, frame, p["of"])
    gone = []
    for code in state_set(ctx, frame, p["each"]):
        k = min(int(p["count"]), ctx.s.voters[code][party])
        if k:
            primitives.remove_voters(ctx.s, code, party, k)
            gone.append(code)
    if gone and ctx.keeps:
        ctx.events.append(ft.VotersOffEach(who=party, count=int(p["count"]), states=tuple(gone)))


def convert_victim(ctx: Ctx, code: str) -> str | None:
    """The rival losing a voter to a conversion: the one with most voters there (ruling), then by party order."""
    row = ctx.s.voters[code]
    rivals = [q for q in row if q != ctx.party and row[q] > 0]
    return max(rivals, key=lambda q: (row[q], -list(row).index(q))) if rivals else None


def _ask_convert(ctx: Ctx, frame: Frame, args: list[Any]) -> Wait | None:
    code = one_state(ctx, frame, args[0]["in"])
    if convert_victim(ctx, code) is None:
        frame.locals["_convert"] = False
        return None
    frame.locals["_convert"] = True
    return Wait({"kind": "vote", "among": [code], "optional": True, "left": 1})


def _convert_if_chosen(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    if not frame.locals.pop("_convert", False):
        return
    answer = frame.locals.pop("answer")
    if answer == "done":
        return
    _convert(ctx, answer, convert_victim(ctx, answer))


def _convert(ctx: Ctx, code: str, victim: str) -> None:
    """A rival's voter goes back to the undecided supply and one of yours comes from it."""
    primitives.remove_voters(ctx.s, code, victim, 1)
    _place(ctx, code, 1, "undecided")
    ctx.events.append(ft.Converted(who=ctx.party, victim=victim, state=code))


def _place_in(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    p = args[0]
    code = one_state(ctx, frame, p["in"])
    n = _place(ctx, code, int(p["count"]), p["source"])
    if ctx.keeps:
        ctx.events.append(ft.VotersPlaced(who=ctx.party, count=n, state=code))


def amount(ctx: Ctx, value: Any) -> int:
    """A number, or `war_chest` / `registered` optionally divided: `war_chest//20`."""
    if isinstance(value, int):
        return value
    base, _, div = str(value).partition("//")
    party = ctx.s.parties[ctx.party]
    n = {"war_chest": party.money, "registered": party.registered}[base]
    return n // int(div) if div else n


@lru_cache(maxsize=None)
def _pv_names(key: str) -> tuple[str, str, str, str, str]:
    """A one-at-a-time placement's locals, by its key: voters left, in all, per state, asked, again."""
    return key + "_left", key + "_total", key + "_per", key + "_asked", key + "_again"


def _pv_init(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    left, total, per, _, _ = _pv_names(args[0]["key"])
    frame.locals[left] = frame.locals[total] = amount(ctx, args[0]["count"])
    frame.locals[per] = {}


def _pv_ask(ctx: Ctx, frame: Frame, args: list[Any]) -> Wait | None:
    p = args[0]
    names = _pv_names(p["key"])
    local = frame.locals
    left = local[names[0]]
    s = ctx.s
    t = s.turn
    free = t.free_left if t is not None and t.seat == ctx.seat else 0
    can = p["source"] != "registered" or s.parties[ctx.party].registered + free > 0
    if left <= 0 or not can:
        local[names[3]] = False
        return None
    local[names[3]] = True
    if "max_per_state" in p:  # the states already holding the most this effect places there are left out
        most = int(p["max_per_state"])
        full = frozenset([code for code, n in local[names[2]].items() if n >= most])  # few: a state per voter placed
        if p["among"] == "all":  # the end of the game's long choices: the same few states left out again and again
            among = list(_all_but(full))
        else:
            among = [code for code in state_set(ctx, frame, p["among"]) if code not in full]
    else:
        among = state_set(ctx, frame, p["among"])
    if not among:
        local[names[3]] = False
        return None
    return Wait({"kind": "vote", "among": among, "optional": bool(p.get("up_to")), "left": left})


@lru_cache(maxsize=4096)
def _all_but(left_out: frozenset[str]) -> tuple[str, ...]:
    """Every state of the board but these, in the board's order."""
    return tuple(code for code in content_mod.load().states if code not in left_out)


def _pv_apply(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    p = args[0]
    left, _, per_name, asked, again = _pv_names(p["key"])
    local = frame.locals
    if not local.pop(asked, False):
        local[again] = False
        return
    answer = local.pop("answer")
    if answer == "done":
        local[left] = 0
    else:
        _place(ctx, answer, 1, p["source"])
        per = local[per_name]
        per[answer] = per.get(answer, 0) + 1
        if ctx.keeps:
            ctx.events.append(ft.VoterPlaced(who=ctx.party, state=answer))
        local[left] -= 1
    local[again] = local[left] > 0


def _gain_money(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    amount = int(args[0]["amount"])
    ctx.s.parties[ctx.party].money += amount
    ctx.events.append(ft.MoneyGained(who=ctx.party, amount=amount))


def _gain_registered(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    n = int(args[0]["count"])
    party = ctx.s.parties[ctx.party]
    party.registered += n
    party.out_of_supply += n
    ctx.events.append(ft.Registered(who=ctx.party, count=n))


def _draw_cards(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    drawn = primitives.draw(ctx.s, ctx.seat, int(args[0]["count"]), reshuffle=True)
    ctx.events.append(ft.CardsDrawn(seat=ctx.seat, count=len(drawn)))
    if drawn:
        ctx.private.setdefault(ctx.seat, []).append(ft.Drawn(cards=tuple(drawn)))


def _take_from_discard(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    number = ctx.s.discard.pop()
    ctx.s.players[ctx.seat].hand.append(number)
    frame.locals[args[0]["as"]] = str(number)
    ctx.events.append(ft.DiscardTaken(seat=ctx.seat, card=number))


def _ask_optional_card(ctx: Ctx, frame: Frame, args: list[Any]) -> Wait:
    return Wait({"kind": "card", "among": [frame.locals[args[0]["card"].lstrip("$")]], "optional": True})


def _play(ctx: Ctx, number: int) -> None:
    """Play another card this turn and take one of its actions (not a new turn)."""
    t = ctx.s.turn
    ctx.s.players[ctx.seat].hand.remove(number)
    t.spent.append(t.card)
    t.card, t.action = number, None
    ctx.events.append(ft.CardPlayed(seat=ctx.seat, card=number))


def _play_card(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    key = args[0]["card"].lstrip("$")
    if key in frame.locals:  # an empty hand has nothing to play
        _play(ctx, int(frame.locals[key]))


def _play_card_if_chosen(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    answer = frame.locals.pop("answer")
    if answer != "done":
        _play(ctx, int(answer))


def _tuck_card(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    key = args[0]["card"].lstrip("$")
    if key not in frame.locals:
        return
    number = int(frame.locals[key])
    me = ctx.s.players[ctx.seat]
    me.hand.remove(number)
    me.table[-1].tucked = number
    ctx.events.append(ft.CardTucked(seat=ctx.seat, politick=me.table[-1].politick))


def _remove_each_opponent(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    code = one_state(ctx, frame, args[0]["in"])
    n = int(args[0]["count"])
    for p, row in ctx.s.voters[code].items():
        if p != ctx.party and row:
            k = min(n, row)
            primitives.remove_voters(ctx.s, code, p, k)
            ctx.events.append(ft.VotersLost(who=p, count=k, state=code))


def _chooser_seat(ctx: Ctx, frame: Frame, chooser: str) -> str:
    """Who answers a choice: the owner, the player whose turn it is (`actor`), or a party's first player."""
    if chooser == "self":
        return ctx.seat
    if chooser == "actor":
        return ctx.s.turn.seat
    return ctx.s.parties[party_of(ctx, frame, chooser)].seats[0]


def _pay_money(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    party = party_of(ctx, frame, args[0].get("party", "self"))
    n = int(args[0]["amount"])
    ctx.s.parties[party].money -= n
    ctx.events.append(ft.MoneyPaid(who=party, amount=n))


def _transfer_money(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    p = args[0]
    payer, payee = party_of(ctx, frame, p["from"]), party_of(ctx, frame, p["to"])
    n = min(int(p["amount"]), ctx.s.parties[payer].money)  # as much as the payer has
    ctx.s.parties[payer].money -= n
    ctx.s.parties[payee].money += n
    ctx.events.append(ft.MoneyHanded(payer=payer, payee=payee, amount=n))


def _transfer_registered(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    p = args[0]
    payer, payee = party_of(ctx, frame, p["from"]), party_of(ctx, frame, p["to"])
    n = min(int(p["count"]), ctx.s.parties[payer].registered)
    for party, sign in ((payer, -1), (payee, 1)):
        ctx.s.parties[party].registered += sign * n
        ctx.s.parties[party].out_of_supply += sign * n
    ctx.events.append(ft.RegisteredHanded(payer=payer, payee=payee, count=n))


def _lose_registered(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    party = party_of(ctx, frame, args[0].get("party", "self"))
    n = min(int(args[0]["count"]), ctx.s.parties[party].registered)
    ctx.s.parties[party].registered -= n
    ctx.s.parties[party].out_of_supply -= n  # back to the undecided supply
    ctx.events.append(ft.RegisteredGivenUp(who=party, count=n))


def strike_targets(ctx: Ctx, frame: Frame | None, within: str) -> list[list[str]]:
    """Rival voters that could be struck: [state, party] for every rival party with voters in a state of the set."""
    return [[code, q] for code in state_set(ctx, frame, within)
            for q, n in ctx.s.voters[code].items() if q != ctx.party and n > 0]


def _ask_strike(ctx: Ctx, frame: Frame, args: list[Any]) -> Wait | None:
    among = strike_targets(ctx, frame, args[0]["among"])
    if not among:
        frame.locals["answer"] = "done"  # nobody left to strike: as if the player stopped
        return None
    # the politick asking and its price are the frame's and its op's: the words read them there
    return Wait({"kind": "strike", "among": among, "optional": bool(args[0].get("optional"))})


def _strike_convert(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    """Convert the struck voter, or end the loop on `done`."""
    answer = frame.locals.pop("answer")
    if answer == "done":
        frame.locals[args[0]["stop"]] = True
        return
    _convert(ctx, *answer)


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
    payer_ctx = ctx if chooser == "self" else Ctx(ctx.s, _chooser_seat(ctx, frame, chooser), [])
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
    lang.domain("opponents", Domain(at_run=_rivals_in_turn_order, bound=len(content_mod.PARTIES) - 1))
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
    for name, handler in HANDLERS.items():
        lang.handler(name, handler)
    return lang


HANDLERS = {
    "pay_money": _pay_money,
    "transfer_money": _transfer_money,
    "transfer_registered": _transfer_registered,
    "lose_registered": _lose_registered,
    "ask_strike": _ask_strike,
    "strike_convert": _strike_convert,
    "place_in": _place_in,
    "pv_init": _pv_init,
    "pv_ask": _pv_ask,
    "pv_apply": _pv_apply,
    "gain_money": _gain_money,
    "gain_registered": _gain_registered,
    "discard_in_play": _discard_in_play,
    "draw_cards": _draw_cards,
    "take_from_discard": _take_from_discard,
    "ask_optional_card": _ask_optional_card,
    "play_card": _play_card,
    "play_card_if_chosen": _play_card_if_chosen,
    "tuck_card": _tuck_card,
    "place_each": _place_each,
    "remove_each": _remove_each,
    "ask_convert": _ask_convert,
    "convert_if_chosen": _convert_if_chosen,
    "remove_each_opponent": _remove_each_opponent,
}

LANGUAGE = _language()

"""Campaign Trail's own effect ops: the handlers that move voters, money, registered voters and cards.

The content (data/campaign_trail/politicks.yaml, candidates.yaml) writes effects as nested ops; the core
effect language (engine.core.effects) compiles them and runs the control ops, and op_language.py registers
these handlers with it. What a handler works on and the selectors it reads are in op_context.py.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from engine.campaign_trail import abilities, primitives
from engine.campaign_trail import content as content_mod
from engine.campaign_trail import facts_tell as ft
from engine.campaign_trail.op_context import Ctx, amount, one_state, party_of, state_set
from engine.core.frames import Frame, Wait


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


# the handlers by op name, as op_language.py registers them with the core effect language
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

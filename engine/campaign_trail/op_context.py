"""What an effect op works on and the selectors the content names: `Ctx` (the state, the acting seat and
the log), the party, state and amount selectors (`self`, `region:$r`, `war_chest//2` …), and who answers
a choice. Shared by the op handlers (ops.py), the control ops' hooks (op_language.py) and effects.py.
"""
from __future__ import annotations

from typing import Any, Callable

from engine.campaign_trail import content as content_mod
from engine.campaign_trail import primitives, vocabulary
from engine.campaign_trail.posting import Private
from engine.core.frames import Frame


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
    if selector in vocabulary.PARTIES:
        return selector
    raise NotImplementedError(f"party {selector}")


def state_set(ctx: Ctx, frame: Frame | None, selector: str) -> list[str]:
    """A state set selector: a fixed set (_FIXED_STATE_SETS), `region:<id or $var>`, a `$variable` bound to
    a list of states, or `ethics:<party>` (that party's ethically minded states)."""
    fixed = _FIXED_STATE_SETS.get(selector)
    if fixed is not None:
        return fixed(ctx)
    if selector.startswith("region:"):
        region = selector.split(":", 1)[1]
        if region.startswith("$") and frame is not None:
            region = frame.locals[region[1:]]
        return primitives.region_states(region)
    if selector.startswith("$") and frame is not None:
        return list(frame.locals[selector[1:]])
    if selector.startswith("ethics:"):
        return list(content_mod.load().parties[party_of(ctx, frame, selector.split(":", 1)[1])].ethics)
    raise NotImplementedError(f"state set {selector}")


def _travel_path(ctx: Ctx) -> list[str]:
    """The states the turn's journey passed through, in map order."""
    passed = set(ctx.s.turn.path if ctx.s.turn is not None else [])
    return [code for code in content_mod.load().states if code in passed]


def _pawn(ctx: Ctx) -> str:
    return ctx.s.players[ctx.seat].pawn


def _region_of(code: str) -> list[str]:
    return primitives.region_states(content_mod.load().states[code].region)


# The state sets named by a word, each worked out from the acting seat.
_FIXED_STATE_SETS: dict[str, Callable[[Ctx], list[str]]] = {
    "all": lambda ctx: list(content_mod.load().states),
    "cities": lambda ctx: [city.state for city in content_mod.load().cities.values()],
    "travel_path": _travel_path,
    "starting_states": lambda ctx: [code for code in content_mod.load().states if ctx.s.voters[code][ctx.party] > 0],
    "region_of_pawn": lambda ctx: _region_of(_pawn(ctx)),
    "home_region": lambda ctx: _region_of(ctx.s.players[ctx.seat].home),
    "adjacent_to_pawn": lambda ctx: list(primitives.neighbours_of(_pawn(ctx))),
    "pawn_and_adjacent": lambda ctx: [_pawn(ctx), *primitives.neighbours_of(_pawn(ctx))],
    "this_card_map": lambda ctx: primitives.card_map(ctx.s, ctx.seat, ctx.s.turn.card),
}


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


def amount(ctx: Ctx, value: Any) -> int:
    """A number, or `war_chest` / `registered` optionally divided: `war_chest//20`."""
    if isinstance(value, int):
        return value
    base, _, div = str(value).partition("//")
    party = ctx.s.parties[ctx.party]
    n = {"war_chest": party.money, "registered": party.registered}[base]
    return n // int(div) if div else n


def chooser_seat(ctx: Ctx, frame: Frame, chooser: str) -> str:
    """Who answers a choice: the owner, the player whose turn it is (`actor`), or a party's first player."""
    if chooser == "self":
        return ctx.seat
    if chooser == "actor":
        return ctx.s.turn.seat
    return ctx.s.parties[party_of(ctx, frame, chooser)].seats[0]

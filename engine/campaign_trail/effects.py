"""Politick effects: the content's op lists compiled for the resumable frame interpreter.

The content (data/campaign_trail/politicks.yaml) writes effects as nested ops
(`[[name, {params}], ...]`, with `for_each` / `any_order` blocks). `compile_effect` flattens one into
the label/goto form that `engine.core.frames.Interpreter` runs, so a politick that waits for a
player's choice stores `{proc, ip, locals}` in the game state and resumes after the answer.

Only the ops of the politicks in `IMPLEMENTED` are compiled; decisions() never offers the others.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Iterator

from engine.campaign_trail import abilities, primitives
from engine.campaign_trail import content as content_mod
from engine.core.frames import Frame, Interpreter, Wait

# Instant politicks this slice resolves. Every other politick (ongoing, response, end-of-game,
# and the instants that play another card or touch the table) is never offered.
IMPLEMENTED = ("senators_endorsement", "stadium_rally", "social_media_post", "grassroots", "poll_win", "sabotage",
               "diverse_strategy", "restrategize", "bribes", "scandal")
# Ongoing politicks this slice tables and triggers (see turn.fire_triggers / start_of_turn).
ONGOING = ("backlash", "committed_donors", "travel_costs", "connections", "super_pac", "favorite_son", "campaign_advisor",
           "frequent_flyer", "debate_prep", "unprepared",  # these two resolve in debates.start
           "false_news_story", "intimidation")
# Ongoing politicks whose trigger asks for a choice: run by the interpreter as the action is declared
# (turn.start_triggers); the others only gain (turn.fire_triggers).
TRIGGERED = ("intimidation",)
# End-of-game politicks: tabled when played (Recount tucks a card), resolved after October's last round.
END_OF_GAME = ("october_surprise_money", "october_surprise_voters", "recount")


class Ctx:
    """What a handler works on: the (already copied) state, the acting seat, and the events list."""

    def __init__(self, state: Any, seat: str, events: list[Any], private: dict[str, str] | None = None) -> None:
        self.s = state
        self.seat = seat
        self.party = state.players[seat].party
        self.events = events
        self.private = private if private is not None else {}


# ---------------------------------------------------------------- compiling


def compile_effect(ops: list[Any]) -> list[list[Any]]:
    counter = [0]
    return _compile(ops, counter)


def _compile(ops: list[Any], counter: list[int]) -> list[list[Any]]:
    c = content_mod.load()
    out: list[list[Any]] = []
    for name, params in ops:
        if name == "for_each" and params["over"] == "regions":
            for rid in c.regions:
                out.append(["set", {"var": params["as"], "value": rid}])
                out.extend(_compile(params["do"], counter))
        elif name == "any_order":
            # Ruling (docs/rulings.md, "Grassroots: any order"): gaining before placing is never worse,
            # so the listed order is played.
            out.extend(_compile(params["do"], counter))
        elif name == "choose_state" and "count" in params:
            counter[0] += 1
            key = f"cs{counter[0]}"
            p = {**params, "key": key}
            out += [["cs_init", p], ["label", key], ["cs_ask", p], ["cs_add", p], ["if", key + "_again", key]]
        elif name == "choose_state":
            out.append(["ask_state", params])
            out.append(["bind", {"as": params["as"]}])
        elif name == "place_voters" and "each" in params and params.get("up_to"):
            # "up to 1 in each of these states": pick them one at a time, each once, `done` to stop
            counter[0] += 1
            key = f"pv{counter[0]}"
            p = {"count": 99, "among": params["each"], "source": params["source"], "up_to": True,
                 "max_per_state": params["count"], "key": key}
            out += [["pv_init", p], ["label", key], ["pv_ask", p], ["pv_apply", p], ["if", key + "_again", key]]
        elif name == "place_voters" and "each" in params:
            out.append(["place_each", params])
        elif name == "remove_voters" and "each" in params and params.get("of") not in ("any", "opponents", "each_opponent"):
            out.append(["remove_each", params])
        elif name == "for_each" and params["over"] == "opponents":
            # unrolled over the two possible rivals, in turn order; a missing one is skipped at run time
            for i in range(len(content_mod.PARTIES) - 1):
                counter[0] += 1
                key = f"fo{counter[0]}"
                out.append(["set_rival", {"var": params["as"], "index": i, "key": key}])
                out.append(["if", key + "_skip", key + "_next"])
                out.extend(_compile(params["do"], counter))
                out.append(["label", key + "_next"])
        elif name == "repeat" and params.get("up_to") and params["do"][0][0] == "convert_voters":
            # "up to N times": the first op's choice may be `done`, which ends the loop
            counter[0] += 1
            key = f"rp{counter[0]}"
            first, rest = params["do"][0], params["do"][1:]
            cost = sum(int(p["amount"]) for op, p in rest if op == "pay_money")
            out += [["rep_init", {"key": key}], ["label", key],
                    ["rep_gate", {"key": key, "times": int(params["times"]), "cost": cost}], ["if", key + "_stop", key + "_end"],
                    ["ask_strike", {**first[1], "optional": True, "cost": cost}], ["strike_convert", {"key": key}], ["if", key + "_stop", key + "_end"]]
            out.extend(_compile(rest, counter))
            out += [["goto", key], ["label", key + "_end"]]
        elif name in ("pay_money", "transfer_money", "transfer_registered", "lose_registered"):
            out.append([name, params])
        elif name == "optional" and [op[0] for op in params["do"]] == ["convert_voters"]:
            out.append(["ask_convert", params["do"][0][1]])
            out.append(["convert_if_chosen", params["do"][0][1]])
        elif name == "place_voters" and "in" in params:
            out.append(["place_in", params])
        elif name == "place_voters" and "among" in params:
            counter[0] += 1
            key = f"pv{counter[0]}"
            p = {**params, "key": key}
            out += [["pv_init", p], ["label", key], ["pv_ask", p], ["pv_apply", p], ["if", key + "_again", key]]
        elif name in ("gain_money", "gain_registered"):
            out.append([name, params])
        elif name == "choose_card" and params.get("from") == "opponent_table":
            out.append(["ask_table_card", params])
            out.append(["bind", {"as": params["as"]}])
        elif name == "discard_in_play":
            out.append(["discard_in_play", params])
        elif name == "draw_cards" and "party" not in params:
            out.append(["draw_cards", params])
        elif name == "choose_card" and params.get("from") == "hand" and not params.get("random"):
            out.append(["ask_hand_card", params])
            out.append(["bind", {"as": params["as"]}])
        elif name == "play_card":
            out.append(["play_card", params])
        elif name == "tuck_card":
            out.append(["tuck_card", params])
        elif name == "remove_voters" and params.get("of") == "each_opponent" and "in" in params:
            out.append(["remove_each_opponent", params])
        elif name == "take_from_discard":
            out.append(["take_from_discard", params])
        elif name == "optional" and [op[0] for op in params["do"]] == ["play_card"]:
            # "you may play it": offered as `card N` (play it) or `done` (keep it)
            card = params["do"][0][1]["card"]
            out.append(["ask_optional_card", {"card": card}])
            out.append(["play_card_if_chosen", {"card": card}])
        elif name == "choose_one" and all(not o.get("when") for o in params["options"]):
            # the chooser's pick among the options it can pay for in full, then that option's ops
            counter[0] += 1
            key = f"co{counter[0]}"
            n = len(params["options"])
            out.append(["ask_option", {**params, "key": key}])
            out.append(["pick_option", {"key": key, "n": n, "labels": [o["label"] for o in params["options"]]}])
            out += [["if", f"{key}_{i}", f"{key}_L{i}"] for i in range(n)]
            out.append(["goto", key + "_end"])
            for i, option in enumerate(params["options"]):
                out.append(["label", f"{key}_L{i}"])
                out.extend(_compile(option["do"], counter))
                out.append(["goto", key + "_end"])
            out.append(["label", key + "_end"])
        else:
            raise NotImplementedError(f"op {name}")
    return out


@lru_cache(maxsize=1)
def procs() -> dict[str, list[list[Any]]]:
    c = content_mod.load()
    out = {pid: compile_effect(list(c.politicks[pid].effect)) for pid in (*IMPLEMENTED, *END_OF_GAME, *TRIGGERED)}
    for pid in END_OF_GAME:
        if c.politicks[pid].play:
            out[pid + ":play"] = compile_effect(list(c.politicks[pid].play))
    for cid, (side, ability) in CANDIDATE_ABILITIES.items():
        out[cid] = compile_effect(list(getattr(c.candidates[ability], side).effect))
    # a candidate's cost on declaring a politick (the Populist) runs first, then the politick's own ops
    for name, (side, ability) in DECLARED_ABILITIES.items():
        cost = compile_effect(list(getattr(c.candidates[ability], side).effect))
        out[name] = cost
        for key in [k for k in out if "|" not in k and k not in CANDIDATE_ABILITIES and k not in DECLARED_ABILITIES]:
            if key in END_OF_GAME or key in TRIGGERED:  # resolved after October / on a rival's action
                continue
            out[f"{name}|{key}"] = [["call", name], ["call", key]]
    return out


# Candidates' abilities that run as an action is declared, before it: proc name -> (side, candidate id).
DECLARED_ABILITIES = {
    "populist:disadvantage": ("disadvantage", "populist"),   # each politick: pay $20M or lose 2 registered
}

# Candidates' triggered and setup abilities this slice runs: proc name -> (side, candidate id).
CANDIDATE_ABILITIES = {
    "incumbent:advantage": ("advantage", "incumbent"),        # setup: +1 voter in each starting state
    "incumbent:disadvantage": ("disadvantage", "incumbent"),  # after travel: -1 own voter in 3 regions
    "newcomer:advantage": ("advantage", "newcomer"),          # after a support action: +1 voter in a city
    "newcomer:disadvantage": ("disadvantage", "newcomer"),    # setup: -1 voter in each starting state
    "establishment:advantage": ("advantage", "establishment"),  # after travel: registered voters on the path
    "clean:advantage": ("advantage", "clean"),                # after register: may convert a voter at the pawn
}


def ability_procs(state: Any, seat: str, event: str, action: str | None = None) -> list[str]:
    """The seat's candidate abilities firing on this event (its own action, or setup)."""
    c = content_mod.load()
    cand = state.players[seat].candidate
    out = []
    for side in ("advantage", "disadvantage"):
        name = f"{cand}:{side}"
        if name not in CANDIDATE_ABILITIES:
            continue
        tm = getattr(c.candidates[cand], side).timing
        if tm.event != event:
            continue
        if action is not None and tm.action not in (action, "any") and not (
                tm.action == "support" and action in ("travel", "fundraise", "register")):
            continue
        out.append(name)
    return out


def declared_proc(state: Any, seat: str, action: str) -> str | None:
    """The seat's candidate ability that runs as it declares this action (the Populist's politick cost)."""
    c = content_mod.load()
    cand = state.players[seat].candidate
    for name, (side, cid) in DECLARED_ABILITIES.items():
        tm = getattr(c.candidates[cid], side).timing
        if cid == cand and tm.event == "action_declared" and tm.action == action:
            return name
    return None


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


def answers(pol: Any, action: str) -> bool:
    """A rival's politick fires on this action: the action itself, or (unless `standard_only`) the dirty
    action that is a subset of it."""
    tm = pol.timing
    if tm.event != "action_taken" or tm.by != "opponent":
        return False
    return tm.action == action or (tm.action == content_mod.standard_action(action) and not tm.standard_only)


def rival_answers(state: Any, actor: str, action: str) -> Iterator[tuple[str, Any]]:
    """Rivals' active politicks on the table that fire on this action, in seat order: (owner seat, politick)."""
    c = content_mod.load()
    party = state.players[actor].party
    for owner in state.seats:
        if state.players[owner].party == party:
            continue
        for tab in state.players[owner].table:
            pol = c.politicks[tab.politick]
            if tab.active and answers(pol, action):
                yield owner, pol


def trigger_procs(state: Any, actor: str, action: str, listed: list[str]) -> list[tuple[str, str]]:
    """The rivals' politicks answering this action that ask for a choice (TRIGGERED): (politick, owner).
    `listed`: the states the action lists, for a trigger that `touches` a set (Intimidation)."""
    out = []
    for owner, pol in rival_answers(state, actor, action):
        touches = pol.timing.touches
        if pol.id in TRIGGERED and not (touches and not set(listed) & set(state_set(Ctx(state, owner, []), None, touches))):
            out.append((pol.id, owner))
    return out


def money_needed(pid: str) -> int:
    """Money a politick must be able to pay at least once to be taken (Bribes: $40M for one swap)."""
    need = 0
    for name, params in content_mod.load().politicks[pid].effect:
        if name == "repeat":
            need += sum(int(p["amount"]) for op, p in params["do"] if op == "pay_money")
        elif name == "pay_money":
            need += int(params["amount"])
    return need


def declared_payable(state: Any, seat: str, action: str) -> bool:
    """The declared-action cost (if any) can be paid one way or another."""
    name = declared_proc(state, seat, action)
    if name is None:
        return True
    side, cid = DECLARED_ABILITIES[name]
    for op, params in getattr(content_mod.load().candidates[cid], side).effect:
        if op == "choose_one" and not options_payable(state, seat, params):
            return False
    return True


def interpreter() -> Interpreter:
    return Interpreter(procs(), HANDLERS)


def registered_needed(pid: str) -> int:
    """Registered voters a politick must place for sure (no `up_to`): without them it cannot be taken."""
    need = 0
    for name, params in content_mod.load().politicks[pid].effect:
        if name == "place_voters" and params.get("source") == "registered" and not params.get("up_to"):
            need += int(params["count"]) if "in" in params else 0
    return need


# ---------------------------------------------------------------- selectors


def state_set(ctx: Ctx, frame: Frame | None, selector: str) -> list[str]:
    c = content_mod.load()
    me = ctx.s.players[ctx.seat]
    if selector.startswith("region:"):
        region = selector.split(":", 1)[1]
        if region.startswith("$") and frame is not None:
            region = frame.locals[region[1:]]
        return c.region_states(region)
    if selector == "all":
        return list(c.states)
    if selector == "cities":
        return [city.state for city in c.cities.values()]
    if selector == "travel_path":
        path = ctx.s.turn.path if ctx.s.turn is not None else []
        return [code for code in c.states if code in set(path)]
    if selector == "starting_states":
        return [code for code in c.states if ctx.s.voters[code][ctx.party] > 0]
    if selector.startswith("$") and frame is not None:
        return list(frame.locals[selector[1:]])
    if selector == "region_of_pawn":
        return c.region_states(c.states[me.pawn].region)
    if selector == "home_region":
        return c.region_states(c.states[me.home].region)
    if selector == "adjacent_to_pawn":
        return list(primitives.neighbours()[me.pawn])
    if selector == "pawn_and_adjacent":
        return [me.pawn, *primitives.neighbours()[me.pawn]]
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


def leads_region(state: Any, party: str, region: str) -> bool:
    """The party holds the majority in more states of the region than any other party."""
    c = content_mod.load()
    held = {p: 0 for p in state.parties}
    for code in c.region_states(region):
        held[primitives.majority(state, code)] += 1
    if abilities.tiebreak_first(state) == party:  # the Genius wins a tie for most states (Appendix B, Poll Win)
        return all(held[party] >= n for p, n in held.items() if p != party)
    return all(held[party] > n for p, n in held.items() if p != party)


def requirement_met(state: Any, seat: str, pid: str) -> bool:
    c = content_mod.load()
    pol = c.politicks[pid]
    if state.parties[state.players[seat].party].registered + primitives.free_left(state, seat) < registered_needed(pid):
        return False
    if pid == "sabotage":
        return bool(opponent_table(state, seat))
    if pol.requires and pol.requires[0] == "discard_pile_not_empty":
        return bool(state.discard)
    if not pol.requires:
        return True
    name, params = pol.requires
    if name == "leads_region" and params.get("region") == "pawn":
        me = state.players[seat]
        return leads_region(state, me.party, c.states[me.pawn].region)
    return False  # a requirement this slice does not evaluate: not offered


def opponent_table(state: Any, seat: str) -> list[int]:
    """Cards on the tables of every other party (Sabotage's targets)."""
    party = state.players[seat].party
    return [tab.card for x, p in state.players.items() if p.party != party for tab in p.table]


# ---------------------------------------------------------------- handlers


def _ask_table_card(ctx: Ctx, frame: Frame, args: list[Any]) -> Wait:
    return Wait({"kind": "card", "among": [str(n) for n in opponent_table(ctx.s, ctx.seat)], "optional": False})


def _discard_in_play(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    number = int(frame.locals[args[0]["card"].lstrip("$")])
    for x, p in ctx.s.players.items():
        for tab in list(p.table):
            if tab.card == number:
                p.table.remove(tab)
                ctx.s.discard.append(number)
                if tab.tucked is not None:
                    ctx.s.discard.append(tab.tucked)
                ctx.events.append(f"{ctx.party} sabotages {x}'s {content_mod.load().politicks[tab.politick].name} (#{number}).")


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


def _set(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    frame.locals[args[0]["var"]] = args[0]["value"]


def _bind(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    if "answer" in frame.locals:  # no answer when there was nothing to choose from
        frame.locals[args[0]["as"]] = frame.locals.pop("answer")


def _ask_state(ctx: Ctx, frame: Frame, args: list[Any]) -> Wait:
    among = state_set(ctx, frame, args[0]["within"])
    return Wait({"kind": "pick", "among": among, "optional": False})


def _cs_init(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    frame.locals[args[0]["key"] + "_list"] = []


def _cs_choices(ctx: Ctx, frame: Frame, p: dict[str, Any]) -> list[str]:
    c = content_mod.load()
    chosen = frame.locals[p["key"] + "_list"]
    among = [code for code in state_set(ctx, frame, p["within"]) if code not in chosen]
    for f in p.get("filter", []):
        if f == "has_own_voters":
            among = [code for code in among if ctx.s.voters[code][ctx.party] > 0]
        elif f == "has_opponent_voters":
            among = [code for code in among if any(n for q, n in ctx.s.voters[code].items() if q != ctx.party)]
    if p.get("distinct_regions"):
        used = {c.states[code].region for code in chosen}
        among = [code for code in among if c.states[code].region not in used]
    return among


def _cs_ask(ctx: Ctx, frame: Frame, args: list[Any]) -> Wait | None:
    p = args[0]
    among = _cs_choices(ctx, frame, p)
    if len(frame.locals[p["key"] + "_list"]) >= int(p["count"]) or not among:
        frame.locals[p["key"] + "_asked"] = False
        return None  # fewer qualify: all of them are taken (here: as many as there are)
    frame.locals[p["key"] + "_asked"] = True
    return Wait({"kind": "pick", "among": among, "optional": False})


def _cs_add(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    p = args[0]
    key = p["key"]
    if frame.locals.pop(key + "_asked", False):
        frame.locals[key + "_list"].append(frame.locals.pop("answer"))
        frame.locals[key + "_again"] = len(frame.locals[key + "_list"]) < int(p["count"])
    else:
        frame.locals[key + "_again"] = False
    frame.locals[p["as"]] = list(frame.locals[key + "_list"])


def _place_each(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    p = args[0]
    spots = state_set(ctx, frame, p["each"])
    for code in spots:
        _place(ctx, code, int(p["count"]), p["source"])
    if spots:
        ctx.events.append(f"{ctx.party} puts {p['count']} voter(s) in each of {' '.join(spots)}.")


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
    if gone:
        ctx.events.append(f"{party} loses {p['count']} voter(s) in each of {' '.join(gone)}.")


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
    ctx.events.append(f"{ctx.party} converts a {victim} voter in {code}.")


def _place_in(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    p = args[0]
    code = one_state(ctx, frame, p["in"])
    n = _place(ctx, code, int(p["count"]), p["source"])
    ctx.events.append(f"{ctx.party} puts {n} voter(s) in {code}.")


def amount(ctx: Ctx, value: Any) -> int:
    """A number, or `war_chest` / `registered` optionally divided: `war_chest//20`."""
    if isinstance(value, int):
        return value
    base, _, div = str(value).partition("//")
    party = ctx.s.parties[ctx.party]
    n = {"war_chest": party.money, "registered": party.registered}[base]
    return n // int(div) if div else n


def _pv_init(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    frame.locals[args[0]["key"] + "_left"] = amount(ctx, args[0]["count"])
    frame.locals[args[0]["key"] + "_per"] = {}


def _pv_ask(ctx: Ctx, frame: Frame, args: list[Any]) -> Wait | None:
    p = args[0]
    key = p["key"]
    left = frame.locals[key + "_left"]
    t = ctx.s.turn
    free = t.free_left if t is not None and t.seat == ctx.seat else 0
    can = p["source"] != "registered" or ctx.s.parties[ctx.party].registered + free > 0
    if left <= 0 or not can:
        frame.locals[key + "_asked"] = False
        return None
    frame.locals[key + "_asked"] = True
    among = state_set(ctx, frame, p["among"])
    if "max_per_state" in p:
        per = frame.locals[key + "_per"]
        among = [code for code in among if per.get(code, 0) < int(p["max_per_state"])]
    if not among:
        frame.locals[key + "_asked"] = False
        return None
    return Wait({"kind": "vote", "among": among, "optional": bool(p.get("up_to")), "left": left})


def _pv_apply(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    p = args[0]
    key = p["key"]
    if not frame.locals.pop(key + "_asked", False):
        frame.locals[key + "_again"] = False
        return
    answer = frame.locals.pop("answer")
    if answer == "done":
        frame.locals[key + "_left"] = 0
    else:
        _place(ctx, answer, 1, p["source"])
        per = frame.locals[key + "_per"]
        per[answer] = per.get(answer, 0) + 1
        ctx.events.append(f"{ctx.party} puts a voter in {answer}.")
        frame.locals[key + "_left"] -= 1
    frame.locals[key + "_again"] = frame.locals[key + "_left"] > 0


def _gain_money(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    amount = int(args[0]["amount"])
    ctx.s.parties[ctx.party].money += amount
    ctx.events.append(f"{ctx.party} gains ${amount}M.")


def _gain_registered(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    n = int(args[0]["count"])
    party = ctx.s.parties[ctx.party]
    party.registered += n
    party.out_of_supply += n
    ctx.events.append(f"{ctx.party} registers {n} voter(s).")


def _draw_cards(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    drawn = primitives.draw(ctx.s, ctx.seat, int(args[0]["count"]), reshuffle=True)
    ctx.events.append(f"{ctx.seat} draws {len(drawn)} card(s).")
    if drawn:
        ctx.private[ctx.seat] = (ctx.private.get(ctx.seat, "") + " You draw "
                                 + ", ".join(f"#{n} {content_mod.load().card(n).name}" for n in drawn) + ".").strip()


def _ask_hand_card(ctx: Ctx, frame: Frame, args: list[Any]) -> Wait | None:
    hand = ctx.s.players[ctx.seat].hand
    return Wait({"kind": "card", "among": [str(n) for n in hand], "optional": False}) if hand else None


def _take_from_discard(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    number = ctx.s.discard.pop()
    ctx.s.players[ctx.seat].hand.append(number)
    frame.locals[args[0]["as"]] = str(number)
    ctx.events.append(f"{ctx.seat} takes #{number} {content_mod.load().card(number).name} from the discard pile.")


def _ask_optional_card(ctx: Ctx, frame: Frame, args: list[Any]) -> Wait:
    return Wait({"kind": "card", "among": [frame.locals[args[0]["card"].lstrip("$")]], "optional": True})


def _play(ctx: Ctx, number: int) -> None:
    """Play another card this turn and take one of its actions (not a new turn)."""
    t = ctx.s.turn
    ctx.s.players[ctx.seat].hand.remove(number)
    t.spent.append(t.card)
    t.card, t.action = number, None
    ctx.events.append(f"{ctx.seat} plays #{number} {content_mod.load().card(number).name}.")


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
    ctx.events.append(f"{ctx.seat} tucks a card face down under {content_mod.load().politicks[me.table[-1].politick].name}.")


def _remove_each_opponent(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    code = one_state(ctx, frame, args[0]["in"])
    n = int(args[0]["count"])
    for p, row in ctx.s.voters[code].items():
        if p != ctx.party and row:
            k = min(n, row)
            primitives.remove_voters(ctx.s, code, p, k)
            ctx.events.append(f"{p} loses {k} voter(s) in {code}.")


def _chooser_seat(ctx: Ctx, frame: Frame, chooser: str) -> str:
    """Who answers a choice: the owner, the player whose turn it is (`actor`), or a party's first player."""
    if chooser == "self":
        return ctx.seat
    if chooser == "actor":
        return ctx.s.turn.seat
    return ctx.s.parties[party_of(ctx, frame, chooser)].seats[0]


def _ask_option(ctx: Ctx, frame: Frame, args: list[Any]) -> Wait | None:
    p = args[0]
    chooser = p.get("chooser", "self")
    payer_ctx = ctx if chooser == "self" else Ctx(ctx.s, _chooser_seat(ctx, frame, chooser), [])
    can = options_payable(ctx.s, payer_ctx.seat, p, frame)
    if chooser != "self":  # another party decides: the log says what it chose (pick_option)
        frame.locals[p["key"] + "_who"] = payer_ctx.party
    if len(can) <= 1:  # nothing to pick between; none payable in full: the last option, as far as it goes
        frame.locals[p["key"] + "_auto"] = can[0] if can else len(p["options"]) - 1
        return None
    labels = [p["options"][i]["label"] for i in can]
    wait = {"kind": "option", "among": [str(i + 1) for i in can], "labels": labels, "optional": False}
    pol = content_mod.load().politicks.get(frame.proc)
    if pol is not None:
        wait["prompt"] = f"{ctx.seat}'s {pol.name}: " + (" or ".join(labels) if payer_ctx.seat == ctx.seat else
                                                          "your party chooses — " + " or ".join(labels)) + "."
    if payer_ctx.seat != ctx.seat:
        wait["seat"] = payer_ctx.seat
        wait["owner"] = ctx.seat
    return Wait(wait)


def _pick_option(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    key = args[0]["key"]
    if "answer" in frame.locals:
        index = int(frame.locals.pop("answer")) - 1
    else:
        index = frame.locals.pop(key + "_auto")
    for i in range(int(args[0]["n"])):
        frame.locals[f"{key}_{i}"] = i == index
    who = frame.locals.pop(key + "_who", None)
    if who is not None:
        pol = content_mod.load().politicks.get(frame.proc)
        ctx.events.append(f"{who} chooses to {args[0]['labels'][index]}" + (f" ({pol.name})." if pol else "."))


def _pay_money(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    party = party_of(ctx, frame, args[0].get("party", "self"))
    n = int(args[0]["amount"])
    ctx.s.parties[party].money -= n
    ctx.events.append(f"{party} pays ${n}M.")


def _transfer_money(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    p = args[0]
    payer, payee = party_of(ctx, frame, p["from"]), party_of(ctx, frame, p["to"])
    n = min(int(p["amount"]), ctx.s.parties[payer].money)  # as much as the payer has
    ctx.s.parties[payer].money -= n
    ctx.s.parties[payee].money += n
    ctx.events.append(f"{payer} hands {payee} ${n}M.")


def _transfer_registered(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    p = args[0]
    payer, payee = party_of(ctx, frame, p["from"]), party_of(ctx, frame, p["to"])
    n = min(int(p["count"]), ctx.s.parties[payer].registered)
    for party, sign in ((payer, -1), (payee, 1)):
        ctx.s.parties[party].registered += sign * n
        ctx.s.parties[party].out_of_supply += sign * n
    ctx.events.append(f"{payer} hands {payee} {n} registered voter(s).")


def _lose_registered(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    party = party_of(ctx, frame, args[0].get("party", "self"))
    n = min(int(args[0]["count"]), ctx.s.parties[party].registered)
    ctx.s.parties[party].registered -= n
    ctx.s.parties[party].out_of_supply -= n  # back to the undecided supply
    ctx.events.append(f"{party} gives up {n} registered voter(s).")


def _set_rival(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    """for_each over opponents: the index-th rival party in turn order, or skip when there is none."""
    p = args[0]
    rivals = [q for q in ctx.s.order if q != ctx.party]
    skip = p["index"] >= len(rivals)
    frame.locals[p["key"] + "_skip"] = skip
    if not skip:
        frame.locals[p["var"]] = rivals[p["index"]]


def _rep_init(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    frame.locals[args[0]["key"] + "_n"] = 0


def _rep_gate(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    """Another round of a `repeat`? Not past `times`, and not without the money its payments need."""
    p = args[0]
    key = p["key"]
    n = frame.locals[key + "_n"]
    frame.locals[key + "_n"] = n + 1
    frame.locals[key + "_stop"] = n >= p["times"] or ctx.s.parties[ctx.party].money < p["cost"]


def strike_targets(ctx: Ctx, frame: Frame | None, within: str) -> list[list[str]]:
    """Rival voters that could be struck: [state, party] for every rival party with voters in a state of the set."""
    return [[code, q] for code in state_set(ctx, frame, within)
            for q, n in ctx.s.voters[code].items() if q != ctx.party and n > 0]


def _ask_strike(ctx: Ctx, frame: Frame, args: list[Any]) -> Wait | None:
    among = strike_targets(ctx, frame, args[0]["among"])
    if not among:
        frame.locals["answer"] = "done"  # nobody left to strike: as if the player stopped
        return None
    wait = {"kind": "strike", "among": among, "optional": bool(args[0].get("optional"))}
    pol = content_mod.load().politicks.get(frame.proc)
    if pol is not None:
        cost = f" (${args[0]['cost']}M each)" if args[0].get("cost") else ""
        wait["prompt"] = f"{pol.name}: pick a rival's voter to swap for one of yours{cost}, or finish."
    return Wait(wait)


def _strike_convert(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    """Convert the struck voter, or end the loop on `done`."""
    answer = frame.locals.pop("answer")
    if answer == "done":
        frame.locals[args[0]["key"] + "_stop"] = True
        return
    _convert(ctx, *answer)


HANDLERS = {
    "ask_option": _ask_option,
    "pick_option": _pick_option,
    "pay_money": _pay_money,
    "transfer_money": _transfer_money,
    "transfer_registered": _transfer_registered,
    "lose_registered": _lose_registered,
    "set_rival": _set_rival,
    "rep_init": _rep_init,
    "rep_gate": _rep_gate,
    "ask_strike": _ask_strike,
    "strike_convert": _strike_convert,
    "set": _set,
    "bind": _bind,
    "ask_state": _ask_state,
    "place_in": _place_in,
    "pv_init": _pv_init,
    "pv_ask": _pv_ask,
    "pv_apply": _pv_apply,
    "gain_money": _gain_money,
    "gain_registered": _gain_registered,
    "ask_table_card": _ask_table_card,
    "discard_in_play": _discard_in_play,
    "draw_cards": _draw_cards,
    "ask_hand_card": _ask_hand_card,
    "take_from_discard": _take_from_discard,
    "ask_optional_card": _ask_optional_card,
    "play_card": _play_card,
    "play_card_if_chosen": _play_card_if_chosen,
    "tuck_card": _tuck_card,
    "cs_init": _cs_init,
    "cs_ask": _cs_ask,
    "cs_add": _cs_add,
    "place_each": _place_each,
    "remove_each": _remove_each,
    "ask_convert": _ask_convert,
    "convert_if_chosen": _convert_if_chosen,
    "remove_each_opponent": _remove_each_opponent,
}

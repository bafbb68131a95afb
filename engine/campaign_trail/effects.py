"""Politick effects: the content's op lists compiled for the resumable frame interpreter.

The content (data/campaign_trail/politicks.yaml) writes effects as nested ops
(`[[name, {params}], ...]`, with `for_each` / `any_order` blocks). `compile_effect` flattens one into
the label/goto form that `engine.core.frames.Interpreter` runs, so a politick that waits for a
player's choice stores `{proc, ip, locals}` in the game state and resumes after the answer.

Only the ops of the politicks in `IMPLEMENTED` are compiled; decisions() never offers the others.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from engine.campaign_trail import abilities
from engine.campaign_trail import content as content_mod
from engine.core.frames import Frame, Interpreter, Wait

# Instant politicks this slice resolves. Every other politick (ongoing, response, end-of-game,
# and the instants that play another card or touch the table) is never offered.
IMPLEMENTED = ("senators_endorsement", "stadium_rally", "social_media_post", "grassroots", "poll_win", "sabotage",
               "diverse_strategy", "restrategize")
# Ongoing politicks this slice tables and triggers (see rules.fire_triggers / start_of_turn).
ONGOING = ("backlash", "committed_donors", "travel_costs", "connections", "super_pac", "favorite_son", "campaign_advisor",
           "frequent_flyer", "debate_prep", "unprepared")  # the last two resolve in debates.start
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
        if name == "for_each":
            if params["over"] != "regions":
                raise NotImplementedError(f"for_each over {params['over']}")
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
        elif name == "remove_voters" and params.get("of") == "self" and "each" in params:
            out.append(["remove_own_each", params])
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
            # one of the listed payments, the player's pick among those they can make
            out.append(["ask_option", params])
            out.append(["do_option", params])
        else:
            raise NotImplementedError(f"op {name}")
    return out


@lru_cache(maxsize=1)
def procs() -> dict[str, list[list[Any]]]:
    c = content_mod.load()
    out = {pid: compile_effect(list(c.politicks[pid].effect)) for pid in (*IMPLEMENTED, *END_OF_GAME)}
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
            if key in END_OF_GAME:  # resolved after October, not on declaring
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


def options_payable(state: Any, seat: str, params: dict[str, Any]) -> list[int]:
    """Indices of a `choose_one`'s options the seat's party can pay for."""
    party = state.parties[state.players[seat].party]
    out = []
    for i, opt in enumerate(params["options"]):
        ok = True
        for name, p in opt["do"]:
            if name == "pay_money":
                ok = ok and party.money >= int(p["amount"])
            elif name == "lose_registered":
                ok = ok and party.registered >= int(p["count"])
            else:
                raise NotImplementedError(f"option op {name}")
        if ok:
            out.append(i)
    return out


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
    from engine.campaign_trail import rules

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
        return list(rules.neighbours()[me.pawn])
    if selector == "pawn_and_adjacent":
        return [me.pawn, *rules.neighbours()[me.pawn]]
    if selector == "this_card_map":
        return card_map(ctx.s, ctx.seat, ctx.s.turn.card)
    raise NotImplementedError(f"state set {selector}")


def card_map(state: Any, seat: str, number: int) -> list[str]:
    """States coloured on a card's map: its campaign states and the states showing its advertise icons."""
    c = content_mod.load()
    a = c.cards[number].actions
    out: list[str] = []
    if a.campaign is not None:
        if a.campaign.home_region:
            out += c.region_states(c.states[state.players[seat].home].region)
        else:
            out += list(a.campaign.states)
    for issue in a.advertise or []:
        out += c.issue_states(issue)
    return [code for code in c.states if code in set(out)]


def one_state(ctx: Ctx, frame: Frame, selector: str) -> str:
    me = ctx.s.players[ctx.seat]
    if selector == "tucked_reference":
        return content_mod.load().cards[int(frame.locals["tucked"])].reference
    if selector == "pawn":
        return me.pawn
    if selector == "home":
        return me.home
    if selector.startswith("$"):
        return frame.locals[selector[1:]]
    return selector


def leads_region(state: Any, party: str, region: str) -> bool:
    """The party holds the majority in more states of the region than any other party."""
    from engine.campaign_trail import rules

    c = content_mod.load()
    held = {p: 0 for p in state.parties}
    for code in c.region_states(region):
        held[rules.majority(state, code)] += 1
    if abilities.tiebreak_first(state) == party:  # the Genius wins a tie for most states (Appendix B, Poll Win)
        return all(held[party] >= n for p, n in held.items() if p != party)
    return all(held[party] > n for p, n in held.items() if p != party)


def requirement_met(state: Any, seat: str, pid: str) -> bool:
    c = content_mod.load()
    pol = c.politicks[pid]
    from engine.campaign_trail import rules

    if state.parties[state.players[seat].party].registered + rules.free_left(state, seat) < registered_needed(pid):
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
    from engine.campaign_trail import rules

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
        rules.add_voters(ctx.s, code, ctx.party, n)
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


def _remove_own_each(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    p = args[0]
    gone = []
    for code in state_set(ctx, frame, p["each"]):
        k = min(int(p["count"]), ctx.s.voters[code][ctx.party])
        if k:
            ctx.s.voters[code][ctx.party] -= k
            ctx.s.parties[ctx.party].out_of_supply -= k
            gone.append(code)
    if gone:
        ctx.events.append(f"{ctx.party} loses a voter in each of {' '.join(gone)}.")


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
    victim = convert_victim(ctx, answer)
    ctx.s.voters[answer][victim] -= 1
    ctx.s.parties[victim].out_of_supply -= 1
    _place(ctx, answer, 1, "undecided")
    ctx.events.append(f"{ctx.party} converts a {victim} voter in {answer}.")


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
    from engine.campaign_trail import rules

    drawn = rules.draw(ctx.s, ctx.seat, int(args[0]["count"]), reshuffle=True)
    ctx.events.append(f"{ctx.seat} draws {len(drawn)} card(s).")
    if drawn:
        ctx.private[ctx.seat] = (ctx.private.get(ctx.seat, "") + " You draw "
                                 + ", ".join(f"#{n} {content_mod.load().cards[n].name}" for n in drawn) + ".").strip()


def _ask_hand_card(ctx: Ctx, frame: Frame, args: list[Any]) -> Wait | None:
    hand = ctx.s.players[ctx.seat].hand
    return Wait({"kind": "card", "among": [str(n) for n in hand], "optional": False}) if hand else None


def _take_from_discard(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    number = ctx.s.discard.pop()
    ctx.s.players[ctx.seat].hand.append(number)
    frame.locals[args[0]["as"]] = str(number)
    ctx.events.append(f"{ctx.seat} takes #{number} {content_mod.load().cards[number].name} from the discard pile.")


def _ask_optional_card(ctx: Ctx, frame: Frame, args: list[Any]) -> Wait:
    return Wait({"kind": "card", "among": [frame.locals[args[0]["card"].lstrip("$")]], "optional": True})


def _play(ctx: Ctx, number: int) -> None:
    """Play another card this turn and take one of its actions (not a new turn)."""
    t = ctx.s.turn
    ctx.s.players[ctx.seat].hand.remove(number)
    t.spent.append(t.card)
    t.card, t.action = number, None
    ctx.events.append(f"{ctx.seat} plays #{number} {content_mod.load().cards[number].name}.")


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
            ctx.s.voters[code][p] -= k
            ctx.s.parties[p].out_of_supply -= k
            ctx.events.append(f"{p} loses {k} voter(s) in {code}.")


def _ask_option(ctx: Ctx, frame: Frame, args: list[Any]) -> Wait | None:
    can = options_payable(ctx.s, ctx.seat, args[0])
    if len(can) <= 1:  # nothing to pick between
        frame.locals["_option"] = can[0] if can else None
        return None
    labels = [args[0]["options"][i]["label"] for i in can]
    return Wait({"kind": "option", "among": [str(i + 1) for i in can], "labels": labels, "optional": False})


def _do_option(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    if "answer" in frame.locals:
        index = int(frame.locals.pop("answer")) - 1
    else:
        index = frame.locals.pop("_option", None)
    if index is None:
        return
    party = ctx.s.parties[ctx.party]
    for name, p in args[0]["options"][index]["do"]:
        if name == "pay_money":
            party.money -= int(p["amount"])
            ctx.events.append(f"{ctx.seat} pays ${p['amount']}M.")
        elif name == "lose_registered":
            party.registered -= int(p["count"])
            party.out_of_supply -= int(p["count"])  # back to the undecided supply
            ctx.events.append(f"{ctx.seat} gives up {p['count']} registered voters.")


HANDLERS = {
    "ask_option": _ask_option,
    "do_option": _do_option,
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
    "remove_own_each": _remove_own_each,
    "ask_convert": _ask_convert,
    "convert_if_chosen": _convert_if_chosen,
    "remove_each_opponent": _remove_each_opponent,
}

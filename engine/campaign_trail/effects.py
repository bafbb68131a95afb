"""Politick and candidate effects: which this slice resolves, their compiled procedures, and the checks made
before one is offered (requirements, costs) or fired (a rival's politick answering an action).

The content's nested ops are compiled by the core effect language with Campaign Trail's ops
(op_language.py), into the label/goto form `engine.core.frames.Interpreter` runs, so a politick that waits
for a player's choice stores `{proc, ip, locals}` in the game state and resumes after the answer.

Only the ops of the politicks in `IMPLEMENTED` are compiled; decisions() never offers the others.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Iterator

from engine.campaign_trail import abilities, primitives
from engine.campaign_trail import content as content_mod
from engine.campaign_trail import vocabulary
from engine.campaign_trail.op_context import Ctx, opponent_table, options_payable, state_set
from engine.campaign_trail.op_language import LANGUAGE
from engine.core.frames import Interpreter

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



@lru_cache(maxsize=1)
def procs() -> dict[str, list[list[Any]]]:
    c = content_mod.load()
    out = {pid: LANGUAGE.compile(list(c.politicks[pid].effect)) for pid in (*IMPLEMENTED, *END_OF_GAME, *TRIGGERED)}
    for pid in END_OF_GAME:
        if c.politicks[pid].play:
            out[pid + ":play"] = LANGUAGE.compile(list(c.politicks[pid].play))
    for cid, (side, ability) in CANDIDATE_ABILITIES.items():
        out[cid] = LANGUAGE.compile(list(getattr(c.candidates[ability], side).effect))
    # a candidate's cost on declaring a politick (the Populist) runs first, then the politick's own ops
    for name, (side, ability) in DECLARED_ABILITIES.items():
        cost = LANGUAGE.compile(list(getattr(c.candidates[ability], side).effect))
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
    return list(_ability_procs(state.players[seat].candidate, event, action))


@lru_cache(maxsize=None)
def _ability_procs(cand: str | None, event: str, action: str | None) -> tuple[str, ...]:
    c = content_mod.load()
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
    return tuple(out)



def declared_proc(state: Any, seat: str, action: str) -> str | None:
    """The seat's candidate ability that runs as it declares this action (the Populist's politick cost)."""
    return _declared_proc(state.players[seat].candidate, action)


@lru_cache(maxsize=None)
def _declared_proc(cand: str | None, action: str) -> str | None:
    c = content_mod.load()
    for name, (side, cid) in DECLARED_ABILITIES.items():
        tm = getattr(c.candidates[cid], side).timing
        if cid == cand and tm.event == "action_declared" and tm.action == action:
            return name
    return None



def answers(pol: Any, action: str) -> bool:
    """A rival's politick fires on this action: the action itself, or (unless `standard_only`) the dirty
    action that is a subset of it."""
    tm = pol.timing
    if tm.event != "action_taken" or tm.by != "opponent":
        return False
    return tm.action == action or (tm.action == vocabulary.standard_action(action) and not tm.standard_only)



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


@lru_cache(maxsize=1)
def interpreter() -> Interpreter:
    """The one interpreter of every procedure (it keeps nothing of a game: each run is given its stack)."""
    return LANGUAGE.interpreter(procs())



@lru_cache(maxsize=None)
def registered_needed(pid: str) -> int:
    """Registered voters a politick must place for sure (no `up_to`): without them it cannot be taken."""
    need = 0
    for name, params in content_mod.load().politicks[pid].effect:
        if name == "place_voters" and params.get("source") == "registered" and not params.get("up_to"):
            need += int(params["count"]) if "in" in params else 0
    return need



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

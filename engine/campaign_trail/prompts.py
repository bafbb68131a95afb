"""What a step's question states (facts_ask.py's StepAsk), read from the state when the seat is asked: the question
with its counts and limits, the card and action under way, or the politicks and candidate abilities whose paused
effect asks, and which one of how many a repeated choice is. words_step.py says it.

A paused effect keeps its frames in the state (`s.frames`): the top frame names the politick (or ability) and points
at the op that asked, whose parameters say how many answers the effect wants. Nothing is stored for the prompt's
sake, so saved games read the same.
"""
from __future__ import annotations

from typing import Any

from engine.campaign_trail.content import load as _c  # the game's content, loaded once
from engine.campaign_trail import abilities, dirty, effects
from engine.campaign_trail import facts_ask as fa
from engine.campaign_trail.menus import MENU_MAX
from engine.campaign_trail.moves import CAMPAIGN_MAX, advertise_cost, campaign_voter_cost, card_issues_left, travel_distance
from engine.campaign_trail.primitives import free_left
from engine.campaign_trail.state import CampaignTrailState

# the ops that ask a player something and may be unrolled several times in one effect (Social Media Post's
# nine regions, Bribes' three swaps): the nth such op of a procedure is the nth choice of the effect
REPEATED_ASKS = ("choose_ask", "ask_strike")

OPEN_ENDED = 99  # "up to one in each of these states" places at most this many (op_language._place_up_to_one_each)


def step_ask(s: CampaignTrailState) -> fa.StepAsk:
    """The step's question: a paused effect's (with what asks it), or the next parameter of the turn's action."""
    w = s.wait
    if w is not None:
        owner = w.get("owner")
        return fa.StepAsk(step=_wait_step(s), effects=effects_asking(s), final=s.phase == "final",
                          owner=owner if owner and owner != w.get("seat", owner) else "")
    t = s.turn
    default = "first"  # as deadline_action() plays it
    if not t.strikes and t.action in ("travel", "voter_suppression"):
        default = "stop"
    elif t.action in ("smear_campaign", "mudslinging"):
        default = "paid"
    return fa.StepAsk(action=t.action or "", default=default, card=t.card or 0, step=_turn_step(s))


def _turn_step(s: CampaignTrailState) -> fa.Step | None:
    t = s.turn
    if t.action in dirty.STEPPED:
        return dirty.question(s)
    party = s.parties[s.players[t.seat].party]
    if t.action == "travel":
        tr = _c().card(t.card).actions.travel
        most = travel_distance(s, t.seat, tr, "travel") if tr.mode != "plane" else 0
        return fa.Travel(mode=tr.mode, steps=t.steps, most=most, flown=bool(t.flown))
    if t.action == "campaign":
        per = abilities.stat(s, t.seat, "campaign", "max_per_state", 99)
        return fa.Campaign(placed=t.placed, cap=abilities.stat(s, t.seat, "campaign", "max_voters", CAMPAIGN_MAX),
                           per=per if per < 99 else 0, registered=party.registered + t.free_left, money=party.money,
                           voter_cost=campaign_voter_cost(s, t.seat) if t.per_voter is not None else -1)
    if t.action == "advertise":
        return fa.Advertise(cost=advertise_cost(s, t.seat), money=party.money,
                            registered=party.registered + free_left(s, t.seat),
                            left=len(card_issues_left(t.card, t.bought)),
                            on_card=len(_c().card(t.card).actions.advertise or []))
    return None


def _wait_step(s: CampaignTrailState) -> fa.Step:
    c = _c()
    w = s.wait
    at, of = position(s) or (0, 0)
    count: dict[str, Any] = {"at": at, "of": of, "optional": bool(w.get("optional"))}
    op, p = asking_op(s) or ("", {})
    spots = [x[0] for x in w["among"]] if w["kind"] == "strike" else w["among"]
    if w["kind"] in ("vote", "pick", "strike") and len(w["among"]) + bool(w.get("optional")) > MENU_MAX \
            and not w.get("region"):
        return fa.RegionFirst(**count)
    if w["kind"] == "vote":
        if op == "ask_convert":
            return fa.Convert(state=spots[0], **count)
        cap = int(p.get("max_per_state", 99))
        return fa.Place(per=cap if 0 < cap < OPEN_ENDED else 0, **count)
    if w["kind"] == "option":
        frame = s.frames.frames[-1]
        return fa.Choose(proc=frame.proc, ip=frame.ip, among=tuple(int(n) - 1 for n in w["among"]),
                         party=bool(w.get("seat") and w.get("seat") != w.get("owner")), **count)
    if w["kind"] == "strike":
        money = s.parties[s.players[_acting_seat(s)].party].money
        return fa.Strike(cost=int(p.get("cost") or 0), money=money, **count)
    if w.get("putback") is not None:
        return fa.PutBack(**count)
    if w["kind"] == "card":
        if op == "ask_optional_card":
            return fa.OptionalCard(**count)
        mine = set(s.players[_acting_seat(s)].hand)
        return fa.PickCard(mine=all(int(x) in mine for x in w["among"]), **count)
    regions = {c.states[code].region for code in spots}
    return fa.PickState(region=next(iter(regions)) if len(regions) == 1 and len(spots) > 1 else "", **count)


def _acting_seat(s: CampaignTrailState) -> str:
    w = s.wait or {}
    return w.get("seat") or (s.final_seat if s.phase == "final" else s.turn.seat)


def effects_asking(s: CampaignTrailState) -> tuple[str, ...]:
    """The politicks and candidate abilities whose effects wait for an answer, the asking one first (the Populist's
    cost, then the politick it is paid for): their procedure ids."""
    c = _c()
    out: list[str] = []
    for frame in reversed(s.frames.frames):
        for proc in reversed(frame.proc.split("|")):
            proc = proc.removesuffix(":play")
            known = proc in c.politicks or proc in effects.CANDIDATE_ABILITIES or proc in effects.DECLARED_ABILITIES
            if known and proc not in out:
                out.append(proc)
    return tuple(out)


def asking_op(s: CampaignTrailState) -> tuple[str, dict[str, Any]] | None:
    """The op of the paused effect that asked (its name and parameters), or None."""
    if not s.frames.frames:
        return None
    frame = s.frames.frames[-1]
    ops = effects.procs().get(frame.proc)
    if ops is None or frame.ip >= len(ops):
        return None
    name, *args = ops[frame.ip]
    return name, (args[0] if args and isinstance(args[0], dict) else {})


def position(s: CampaignTrailState) -> tuple[int, int] | None:
    """Which answer of how many the paused effect is asking for now: (k, n), or None for a single answer.
    For an open-ended effect (`up to`) n is the most it can take."""
    found = asking_op(s)
    if found is None:
        return None
    name, p = found
    frame = s.frames.frames[-1]
    if name == "choose_next":
        return len(frame.locals[p["key"] + "_list"]) + 1, int(p["count"])
    if name == "pv_ask":
        return _placing(s, frame.locals, p)
    ops = effects.procs()[frame.proc]
    looped = _repeat_round(ops, frame.ip, frame.locals)
    if looped is not None:
        return looped
    if name in REPEATED_ASKS:
        same = [i for i, (op, *args) in enumerate(ops)
                if op == name and (name != "choose_ask" or args[0].get("choice") == p.get("choice"))]
        return (same.index(frame.ip) + 1, len(same)) if len(same) > 1 else None
    return None


def _repeat_round(ops: list[list[Any]], ip: int, local: dict[str, Any]) -> tuple[int, int] | None:
    """Inside a `repeat … times` loop (Bribes' three swaps): (this round, the rounds at most). The loop's gate
    counts the rounds begun in `<key>_n`; its body ends at the label `<key>_end`."""
    for i in range(ip - 1, -1, -1):
        name, *args = ops[i]
        if name != "repeat_gate":
            continue
        key = args[0]["key"]
        end = next((j for j, op in enumerate(ops) if op[:2] == ["label", key + "_end"]), len(ops))
        if ip < end and key + "_n" in local:
            return local[key + "_n"], int(args[0]["times"])
    return None


def _placing(s: CampaignTrailState, local: dict[str, Any], p: dict[str, Any]) -> tuple[int, int] | None:
    left = local[p["key"] + "_left"]
    per = local.get(p["key"] + "_per", {})
    placed = sum(per.values())
    total = local.get(p["key"] + "_total", placed + left)
    if total >= OPEN_ENDED:  # one in each of a set of states: as many as there are states left to take one
        total = placed + len((s.wait or {}).get("among", []))
    return (placed + 1, total) if total > 1 else None

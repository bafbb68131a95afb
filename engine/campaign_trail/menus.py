"""What a seat is offered at each step of a turn: the actions a card allows, the next parameter of the
action under way (or of a paused politick's choice), and the words for them."""
from __future__ import annotations

from engine.campaign_trail import abilities, bans, dirty, effects
from engine.campaign_trail import content as content_mod
from engine.campaign_trail.moves import (
    advertise_choices, advertise_cost, campaign_cost, campaign_states, campaign_votes, free_issues, travel_options,
)
from engine.campaign_trail.primitives import issue_states
from engine.campaign_trail.state import CampaignTrailState
from engine.core.types import Action


def _c():
    return content_mod.load()


MENU_MAX = 25  # a longer list of states is offered region first (Discord shows 25 choices per menu)

ACTIONS = ("travel", "fundraise", "register", "campaign", "advertise", "politick")

DEBATE_POLITICKS = ("debate_prep", "unprepared")  # resolved as a debate is set up


def home_choices(s: CampaignTrailState, seat: str) -> list[str]:
    c = _c()
    legal = set(c.reference_eligible())
    refs = {c.card(n).reference for n in s.players[seat].hand} & legal
    return [code for code in c.states if code in refs]


def legal_actions(s: CampaignTrailState, seat: str, number: int) -> list[str]:
    c = _c()
    a = c.card(number).actions
    me = s.players[seat]
    party = s.parties[me.party]
    out = []
    for name in a.present():
        if s.turn is not None and s.turn.card == number and name == s.turn.forbidden:
            continue  # Change of Plans cancelled it
        if name in content_mod.DIRTY_ACTIONS:
            if dirty.legal(s, seat, number, name):
                out.append(name)
            continue
        if name == "travel":
            if a.travel.plane and abilities.forbidden(s, seat, "travel", "plane"):
                continue
        elif name == "campaign":
            if party.money < campaign_cost(s, seat) or me.pawn not in campaign_states(s, seat, number):
                continue
        elif name == "advertise":
            if not advertise_choices(s, seat, number, []):
                continue
        elif name == "politick":
            pid = a.politick
            if bans.ban(s, pid):
                continue  # never played in this game (Solo Play, the Advanced Solo Deck): the rule in bans
            if not effects.declared_payable(s, seat, "politick"):  # the Populist's $20M or 2 registered
                continue
            if pid in DEBATE_POLITICKS and s.month >= 2:
                continue  # no debate left for it to work in (ruling: a politick that cannot act is not offered)
            if pid in effects.ONGOING or pid in effects.END_OF_GAME:
                pass
            elif pid not in effects.IMPLEMENTED or not effects.requirement_met(s, seat, pid):
                continue
        out.append(name)
    return out


def step_options(s: CampaignTrailState, seat: str) -> list[tuple[Action, str]]:
    c = _c()
    t = s.turn
    out: list[tuple[Action, str]] = []
    done = (Action(verb="done"), "Done")
    if s.wait is not None:
        w = s.wait
        spots = [x[0] for x in w["among"]] if w["kind"] == "strike" else w["among"]
        # a menu too long for Discord (with its `done`) asks for a region first
        if w["kind"] in ("vote", "pick", "strike") and len(w["among"]) + bool(w.get("optional")) > MENU_MAX \
                and not w.get("region"):
            regions = [r for r in c.regions if any(c.states[code].region == r for code in spots)]
            for r in regions:
                out.append((Action(verb="region", args=(r,)), c.regions[r].name))
            if w.get("optional"):
                out.append(done)
            return out
        if w["kind"] == "option":
            return [(Action(verb="option", args=(n,)), label) for n, label in zip(w["among"], w["labels"])]
        if w["kind"] == "card":
            for n in w["among"]:
                out.append((Action(verb="card", args=(n,)), f"#{n} {c.card(int(n)).name}"))
        if w["kind"] == "strike":  # a rival's voter: state and party
            for code, victim in w["among"]:
                if not w.get("region") or c.states[code].region == w["region"]:
                    out.append((Action(verb="remove", args=(code, victim)),
                                f"A {victim} voter in {c.states[code].name} ({s.voters[code][victim]} there)"))
            if w.get("optional"):
                out.append(done)
            return out
        verb = "vote" if w["kind"] == "vote" else "pick"
        among = [code for code in w["among"] if not w.get("region") or c.states[code].region == w["region"]]
        for code in among if w["kind"] != "card" else []:
            out.append((Action(verb=verb, args=(code,)), f"{c.states[code].name}"))
        if w.get("optional"):
            out.append(done)
        return out
    if t.action in dirty.STEPPED:
        return dirty.step_options(s, seat)
    if t.action == "travel":
        return travel_options(s, seat, c.card(t.card).actions.travel, "travel")
    if t.action == "campaign":
        for code in campaign_votes(s, seat):
            out.append((Action(verb="vote", args=(code,)), f"A voter in {c.states[code].name}"))
        out.append(done)
    elif t.action == "advertise":
        for issue in advertise_choices(s, seat, t.card, t.bought):
            n = len(issue_states(issue))
            out.append((Action(verb="issue", args=(issue,)), f"{c.debate_issues[issue].name}: ${advertise_cost(s, seat)}M, {n} voters"))
        for issue in free_issues(s, seat, t.card, t.bought):
            n = len(issue_states(issue))
            out.append((Action(verb="issue", args=(issue,)), f"{c.debate_issues[issue].name}: free, {n} voters"))
        if t.bought:
            out.append(done)
    return out


def step_prompt(s: CampaignTrailState) -> str:
    t = s.turn
    if s.wait is not None:
        w = s.wait
        if w["kind"] == "vote":
            return f"Place a voter ({w['left']} left)" + (" or finish." if w.get("optional") else ".")
        if w["kind"] == "option":
            return w.get("prompt", "Choose one.")
        if w["kind"] == "strike":
            return w.get("prompt", "Choose a rival's voter" + (" or finish." if w.get("optional") else "."))
        if w.get("putback") is not None:
            return "Choose one of the cards you drew to put at the bottom of the deck."
        return "Choose a rival's politick in play." if w["kind"] == "card" else "Choose a state."
    if t.action in dirty.STEPPED:
        return dirty.prompt(s)
    return {
        "travel": "Move your pawn one state at a time (or fly to a city), then `done`.",
        "campaign": f"Place voters one at a time ({t.placed} so far), then `done`.",
        "advertise": "Buy an issue ($20M: one voter in each state showing it), then `done`.",
    }.get(t.action or "", "")


def action_text(number: int, action: str) -> str:
    if action in content_mod.DIRTY_ACTIONS:
        return dirty.action_text(number, action)
    a = _c().card(number).actions
    if action == "travel":
        tr = a.travel
        return {"steps": f"up to {tr.states} states", "plane": "fly to a city", "plane_plus": "fly to a city and 1 more state",
                "steps_or_plane": f"up to {tr.states} states or fly"}[tr.mode]
    if action == "fundraise":
        return f"+${a.fundraise}M"
    if action == "register":
        return f"+{a.register_} registered voters"
    if action == "campaign":
        return "home region" if a.campaign.home_region else " ".join(a.campaign.states)
    if action == "advertise":
        return ", ".join(a.advertise)
    return _c().politicks[a.politick].name

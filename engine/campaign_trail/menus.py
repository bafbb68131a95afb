"""What a seat is offered at each step of a turn: the actions a card allows, and the next parameter of the
action under way (or of a paused politick's choice), each with the facts its label needs (words_ask.py says them)."""
from __future__ import annotations

from functools import lru_cache
from typing import Iterator

from engine.campaign_trail import abilities, bans, dirty, effects
from engine.campaign_trail import facts_ask as fa
from engine.campaign_trail import content as content_mod
from engine.campaign_trail.content import load as _c  # the game's content, loaded once
from engine.campaign_trail.moves import (
    advertise_choices, advertise_cost, campaign_cost, campaign_states, campaign_votes, free_issues, travel_options,
)
from engine.campaign_trail.primitives import act, issue_states
from engine.campaign_trail.state import CampaignTrailState
from engine.core.types import Action, Facts, Option


MENU_MAX = 25  # a longer list of states is offered region first (Discord shows 25 choices per menu)

ACTIONS = ("travel", "fundraise", "register", "campaign", "advertise", "politick")

DEBATE_POLITICKS = ("debate_prep", "unprepared")  # resolved as a debate is set up


def home_choices(s: CampaignTrailState, seat: str) -> list[str]:
    c = _c()
    legal = set(c.reference_eligible())
    refs = {c.card(n).reference for n in s.players[seat].hand} & legal
    return [code for code in c.states if code in refs]


@lru_cache(maxsize=None)
def _card_actions(number: int) -> tuple[str, ...]:
    """The actions card `number` shows (content is loaded once: never stale)."""
    return tuple(_c().card(number).actions.present())


def legal_actions(s: CampaignTrailState, seat: str, number: int) -> list[str]:
    """The actions of card `number` the seat may take now, in the card's order."""
    return list(_legal_actions(s, seat, number))


def has_legal_action(s: CampaignTrailState, seat: str, number: int) -> bool:
    """Whether the seat may take any action of card `number` now (legal_actions, stopping at the first)."""
    return next(_legal_actions(s, seat, number), None) is not None


def _legal_actions(s: CampaignTrailState, seat: str, number: int) -> Iterator[str]:
    c = _c()
    a = c.card(number).actions
    me = s.players[seat]
    party = s.parties[me.party]
    for name in _card_actions(number):
        if s.turn is not None and s.turn.card == number and name == s.turn.forbidden:
            continue  # Change of Plans cancelled it
        if name in content_mod.DIRTY_ACTIONS:
            if dirty.legal(s, seat, number, name):
                yield name
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
        yield name


def step_options(s: CampaignTrailState, seat: str) -> list[tuple[Action, Facts | None]]:
    """The step's answers, each with what its label needs beyond its action (words_ask.py says them)."""
    c = _c()
    t = s.turn
    out: list[tuple[Action, Facts | None]] = []
    done = (act("done"), None)
    if s.wait is not None:
        w = s.wait
        spots = [x[0] for x in w["among"]] if w["kind"] == "strike" else w["among"]
        # a menu too long for Discord (with its `done`) asks for a region first
        if w["kind"] in ("vote", "pick", "strike") and len(w["among"]) + bool(w.get("optional")) > MENU_MAX \
                and not w.get("region"):
            present = {c.states[code].region for code in spots}
            for r in c.regions:
                if r in present:
                    out.append((act("region", r), None))
            if w.get("optional"):
                out.append(done)
            return out
        if w["kind"] == "option":
            frame = s.frames.frames[-1]
            return [(act("option", n), fa.Picks(proc=frame.proc, ip=frame.ip, index=int(n) - 1)) for n in w["among"]]
        if w["kind"] == "card":
            for n in w["among"]:
                out.append((act("card", n), None))
        if w["kind"] == "strike":  # a rival's voter: state and party
            for code, victim in w["among"]:
                if not w.get("region") or c.states[code].region == w["region"]:
                    out.append((act("remove", code, victim), fa.There(count=s.voters[code][victim])))
            if w.get("optional"):
                out.append(done)
            return out
        verb = "vote" if w["kind"] == "vote" else "pick"
        among = [code for code in w["among"] if not w.get("region") or c.states[code].region == w["region"]]
        for code in among if w["kind"] != "card" else []:
            out.append((act(verb, code), None))
        if w.get("optional"):
            out.append(done)
        return out
    if t.action in dirty.STEPPED:
        return dirty.step_options(s, seat)
    if t.action == "travel":
        return travel_options(s, seat, c.card(t.card).actions.travel, "travel")
    if t.action == "campaign":
        for code in campaign_votes(s, seat):
            out.append((act("vote", code), None))
        out.append(done)
    elif t.action == "advertise":
        cost = advertise_cost(s, seat)
        for issue in advertise_choices(s, seat, t.card, t.bought):
            out.append((act("issue", issue), fa.Buys(cost=cost, voters=len(issue_states(issue)))))
        for issue in free_issues(s, seat, t.card, t.bought):
            out.append((act("issue", issue), fa.Buys(cost=0, voters=len(issue_states(issue)))))
        if t.bought:
            out.append(done)
    return out


def step_menu(s: CampaignTrailState, seat: str) -> list[Option]:
    """The step's options, each with its facts (a rival's tabled card: the politick it is in play for)."""
    tabled = {tab.card: tab.politick for p in s.players.values() for tab in p.table}
    out = []
    for action, facts in step_options(s, seat):
        if action.verb == "card" and int(action.args[0]) in tabled:
            facts = fa.Tabled(politick=tabled[int(action.args[0])])
        out.append(Option(action=action, facts=facts))
    return out

"""The standard actions' parameters: what a campaign, an advertise and a travel may do next and what
each costs, changed by the candidates' standing rules. No turn flow here: the menus and the turn use them.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from engine.campaign_trail import abilities
from engine.campaign_trail.content import load as _c  # the game's content, loaded once
from engine.campaign_trail.primitives import act, free_left, issue_states, neighbours_of, region_states
from engine.campaign_trail.state import CampaignTrailState, TurnState
from engine.campaign_trail.facts_ask import Mate, Stop
from engine.core.types import Action, Facts


CAMPAIGN_COST = 60

CAMPAIGN_MAX = 6

ADVERTISE_COST = 20


def campaign_states(s: CampaignTrailState, seat: str, number: int, restricted: bool = True) -> list[str]:
    """The campaign's states: the card's list (or the home region), narrowed by a candidate's restriction."""
    c = _c()
    camp = c.card(number).actions.get("campaign")
    if camp is None:
        return []
    listed = region_states(c.states[s.players[seat].home].region) if camp.home_region else list(camp.states)
    rule = abilities.restriction(s, seat, "campaign") if restricted else None
    if rule is not None and rule["to"] == "pawn_and_adjacent":
        pawn = s.players[seat].pawn
        near = {pawn, *neighbours_of(pawn)}
        listed = [code for code in listed if code in near]
    return listed


def _campaign_price(s: CampaignTrailState, seat: str) -> int:
    """The campaign's flat price after every change, below $0 when a discount outweighs it. Under Local Funds
    Dry Up the flat price is $0 (voters are paid one by one), and the changes that come after the base price
    still apply: the Wealthy Candidate's $20M comes off after every other change (Appendix C, the Wealthy
    Candidate; ruling: the Wealthy Candidate under Local Funds Dry Up)."""
    per_voter = s.turn.per_voter if s.turn is not None else None
    return abilities.stat(s, seat, "campaign", "cost", CAMPAIGN_COST, replaced=0 if per_voter is not None else None)


def campaign_cost(s: CampaignTrailState, seat: str) -> int:
    """What the campaign costs up front ($0 under Local Funds Dry Up: paid per voter instead)."""
    return max(0, _campaign_price(s, seat))


def campaign_voter_cost(s: CampaignTrailState, seat: str) -> int:
    """Local Funds Dry Up: the next voter's price, $20M, less what a discount left over from the flat price has not
    yet taken off the voters already paid for (as advertise carries its discount from issue to issue)."""
    t = s.turn
    if t is None or t.per_voter is None:
        return 0
    discount = min(0, _campaign_price(s, seat) + t.placed * t.per_voter)
    return max(0, t.per_voter + discount)


def campaign_votes(s: CampaignTrailState, seat: str) -> list[str]:
    """States that may take the campaign's next voter (max voters, max per state, must-include-pawn)."""
    t = s.turn
    if t.placed >= abilities.stat(s, seat, "campaign", "max_voters", CAMPAIGN_MAX):
        return []
    if s.parties[s.players[seat].party].registered + t.free_left <= 0:
        return []
    if s.parties[s.players[seat].party].money < campaign_voter_cost(s, seat):
        return []  # Local Funds Dry Up: each voter must be paid for
    pawn = s.players[seat].pawn
    rule = abilities.restriction(s, seat, "campaign")
    if rule is not None and rule.get("must_include") == "pawn" and t.placed == 0:
        return [pawn]
    cap = abilities.stat(s, seat, "campaign", "max_per_state", 99)
    return [code for code in campaign_states(s, seat, t.card) if t.per_state.get(code, 0) < cap]


def advertise_cost(s: CampaignTrailState, seat: str) -> int:
    """The next issue's price: $20M, changed by the seat's own standing rules (Super PAC: $10M; not the
    running mate's); a per-action discount (`advertise cost`) comes off the first issue bought."""
    per = abilities.stat(s, seat, "advertise", "cost_per_issue", ADVERTISE_COST)
    paid = 0
    t = s.turn
    if t is not None and t.action == "advertise" and t.bought:  # issues already paid for in this action
        on_card = advertise_icons(t.card)
        paid = sum(1 for x in t.bought if x in on_card)
    # the action's discount (the Wealthy Candidate) comes off after every other change: what the issues
    # already bought did not use up is carried to the next one
    discount = min(0, abilities.stat(s, seat, "advertise", "cost", 0) + paid * per)
    return max(0, per + discount)


def advertise_choices(s: CampaignTrailState, seat: str, number: int, bought: list[str],
                      cost: int | None = None) -> list[str]:
    """The issues the advertise may buy next; `cost`: the next issue's price (advertise_cost) when already known."""
    party = s.parties[s.players[seat].party]
    if party.money < (advertise_cost(s, seat) if cost is None else cost):
        return []
    left = card_issues_left(number, bought)
    voters = party.registered + free_left(s, seat)
    out = []
    for issue in left:
        if issue in out:
            continue
        if voters >= len(issue_states(issue)):
            out.append(issue)
    return out


def card_issues_left(number: int, bought: list[str]) -> list[str]:
    """The card's advertise icons not yet paid for (a free extra issue is not on the card)."""
    left = list(advertise_icons(number))
    for x in bought:
        if x in left:
            left.remove(x)
    return left


@lru_cache(maxsize=None)
def advertise_icons(number: int) -> tuple[str, ...]:
    """Card `number`'s advertise icons, in the card's order (content is loaded once: never stale)."""
    return tuple(_c().card(number).actions.advertise or ())


def free_issues(s: CampaignTrailState, seat: str, number: int, bought: list[str]) -> list[str]:
    """The Populist: once an issue is bought, issues not on the card it may add for free."""
    if not bought:
        return []
    on_card = advertise_icons(number)
    extra = [x for x in bought if x not in on_card]
    if len(extra) >= abilities.free_extra_issues(s, seat):
        return []
    voters = s.parties[s.players[seat].party].registered + free_left(s, seat)
    return [i for i in _c().debate_issues if i not in on_card and i not in bought and voters >= len(issue_states(i))]


def travel_options(s: CampaignTrailState, seat: str, tr: Any, action: str) -> list[tuple[Action, Facts | None]]:
    """The next move of a travel (or a voter suppression, which moves the same way): a neighbour, a city, the
    running mate's pawn instead (Frequent Flyer), or stop."""
    t = s.turn
    out: list[tuple[Action, Facts | None]] = []
    # Frequent Flyer: one state further, or (team game) the running mate makes the move instead
    bonus = abilities.travel_bonus(s, seat) if t.mover is None else 0
    distance = abilities.stat(s, seat, action, "distance", tr.states) + bonus  # travel_distance's
    pawn = s.players[t.mover or seat].pawn
    if _can_step(t, tr, distance):
        out += _steps(pawn)
    if _can_fly(t, tr):
        out += _flights(pawn)
    if bonus and t.steps == 0 and not t.flown:
        mate = abilities.running_mate(s, seat)
        if mate is not None:
            out.append((act("mate"), Mate(seat=mate)))
    out.append((act("done"), Stop() if action == "voter_suppression" else None))
    return out


@lru_cache(maxsize=None)
def _steps(pawn: str) -> tuple[tuple[Action, None], ...]:
    """`to <state>` for each neighbour of the pawn's state, sorted."""
    return tuple((act("to", code), None) for code in neighbours_of(pawn))


@lru_cache(maxsize=None)
def _flights(pawn: str) -> tuple[tuple[Action, None], ...]:
    """`fly <state>` to each city's state but the pawn's own, in the board's order of cities."""
    return tuple((act("fly", city.state), None) for city in _c().cities.values() if city.state != pawn)


def travel_distance(s: CampaignTrailState, seat: str, tr: Any, action: str) -> int:
    """How many states the move may go, the candidate's change and Frequent Flyer's extra state included."""
    bonus = abilities.travel_bonus(s, seat) if s.turn.mover is None else 0
    return abilities.stat(s, seat, action, "distance", tr.states) + bonus


def _can_step(t: TurnState, tr: Any, distance: int) -> bool:
    if tr.mode in ("steps", "plane_plus"):
        return t.steps < distance
    if tr.mode == "steps_or_plane":
        return not t.flown and t.steps < distance
    return False


def _can_fly(t: TurnState, tr: Any) -> bool:
    if tr.mode in ("plane", "plane_plus"):
        return not t.flown
    if tr.mode == "steps_or_plane":
        return not t.flown and t.steps == 0
    return False

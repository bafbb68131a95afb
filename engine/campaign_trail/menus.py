"""What a seat is offered at each step of a turn: the actions a card allows, and the next parameter of the
action under way (or of a paused politick's choice), each with the facts its label needs (words_ask.py says them)."""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Iterator

from engine.campaign_trail import abilities, bans, dirty, effects
from engine.campaign_trail import facts_ask as fa
from engine.campaign_trail import vocabulary
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


@lru_cache(maxsize=1)
def _home_eligible() -> frozenset[str]:
    return frozenset(_c().reference_eligible())


def home_choices(s: CampaignTrailState, seat: str) -> list[str]:
    c = _c()
    refs = {c.card(n).reference for n in s.players[seat].hand} & _home_eligible()
    return [code for code in c.states if code in refs]


@lru_cache(maxsize=None)
def _card_actions(number: int) -> tuple[str, ...]:
    """The actions card `number` shows (content is loaded once: never stale)."""
    return tuple(_c().card(number).actions.present())


def legal_actions(s: CampaignTrailState, seat: str, number: int) -> list[str]:
    """The actions of card `number` the seat may take now, in the card's order."""
    return list(_legal_actions(s, seat, number, {}))


def playable(s: CampaignTrailState, seat: str) -> list[int]:
    """The cards of the seat's hand with an action it may take now (a first legal action of each), what no card
    changes found once for them all."""
    known: dict[str, Any] = {}
    replanned = s.turn is not None and s.turn.forbidden is not None  # Change of Plans may cancel a plain action
    return [n for n in s.players[seat].hand
            if (_plain_action(n) and not replanned) or next(_legal_actions(s, seat, n, known), None) is not None]


@lru_cache(maxsize=None)
def _plain_action(number: int) -> bool:
    """Whether card `number` shows an action every seat may always take (fundraise, register, a travel without the
    plane), so that it is playable whatever the state (_legal_actions yields those unchecked)."""
    a = _c().card(number).actions
    return any(name in ("fundraise", "register") or (name == "travel" and not a.travel.plane)
               for name in _card_actions(number) if name not in vocabulary.DIRTY_ACTIONS)


@lru_cache(maxsize=None)
def _card_profile(number: int) -> tuple[tuple[str, ...], bool, str | None]:
    """What the legality of card `number`'s actions reads of the card: its actions, whether its travel takes the
    plane, its politick (content is loaded once: never stale)."""
    a = _c().card(number).actions
    travel = getattr(a, "travel", None)  # a Dirty Politics card shows only dirty actions
    return _card_actions(number), bool(travel is not None and travel.plane), getattr(a, "politick", None)


def _legal_actions(s: CampaignTrailState, seat: str, number: int, known: dict[str, Any]) -> Iterator[str]:
    """`known`: what the seat may do whatever the card (its standing rules, its party's purse), kept by the first
    card that asks for the next to read."""
    names, plane, pid = _card_profile(number)
    t = s.turn
    cancelled = t.forbidden if t is not None and t.card == number else None  # Change of Plans cancelled it
    dirty_actions = vocabulary.DIRTY_ACTIONS
    for name in names:
        if name == cancelled:
            continue
        if name in dirty_actions:
            if dirty.legal(s, seat, number, name):
                yield name
            continue
        if name == "travel":
            if plane:
                no_plane = known.get("no plane")
                if no_plane is None:
                    no_plane = known["no plane"] = abilities.forbidden(s, seat, "travel", "plane")
                if no_plane:
                    continue
        elif name == "campaign":
            paid = known.get("campaign paid")
            if paid is None:
                paid = known["campaign paid"] = _party(s, seat).money >= campaign_cost(s, seat)
            if not paid or s.players[seat].pawn not in campaign_states(s, seat, number):
                continue
        elif name == "advertise":
            cost = known.get("advertise cost")
            if cost is None:
                cost = known["advertise cost"] = advertise_cost(s, seat)
            if not advertise_choices(s, seat, number, [], cost):
                continue
        elif name == "politick":
            if bans.ban(s, pid):
                continue  # never played in this game (Solo Play, the Advanced Solo Deck): the rule in bans
            # the Populist's $20M or 2 registered
            paid = known.get("politick paid")
            if paid is None:
                paid = known["politick paid"] = effects.declared_payable(s, seat, "politick")
            if not paid:
                continue
            if pid in DEBATE_POLITICKS and s.month >= 2:
                continue  # no debate left for it to work in (ruling: a politick that cannot act is not offered)
            if pid in effects.ONGOING or pid in effects.END_OF_GAME:
                pass
            elif pid not in effects.IMPLEMENTED or not effects.requirement_met(s, seat, pid):
                continue
        yield name


def _party(s: CampaignTrailState, seat: str) -> Any:
    return s.parties[s.players[seat].party]


def step_options(s: CampaignTrailState, seat: str, *, facts: bool = True) -> list[tuple[Action, Facts | None]]:
    """The step's answers, each with what its label needs beyond its action (words_ask.py says them); `facts`
    False leaves those out (None) where only the actions are wanted (choices())."""
    c = _c()
    t = s.turn
    done = (act("done"), None)
    if s.wait is not None:
        w = s.wait
        kind, region = w["kind"], w.get("region")
        # a menu too long for Discord (with its `done`) asks for a region first
        if kind in ("vote", "pick", "strike") and len(w["among"]) + bool(w.get("optional")) > MENU_MAX \
                and not region:
            spots = tuple(x[0] for x in w["among"]) if kind == "strike" else tuple(w["among"])
            out = [(a, None) for a in _region_menu(spots)]
            if w.get("optional"):
                out.append(done)
            return out
        if kind == "option":
            frame = s.frames.frames[-1]
            return [(act("option", n), fa.Picks(proc=frame.proc, ip=frame.ip, index=int(n) - 1) if facts else None)
                    for n in w["among"]]
        if kind == "card":
            out = [(act("card", n), None) for n in w["among"]]
        elif kind == "strike":  # a rival's voter: state and party
            region_of = _region_of()
            out = [(act("remove", code, victim), fa.There(count=s.voters[code][victim]) if facts else None)
                   for code, victim in w["among"] if not region or region_of[code] == region]
        else:
            out = list(_state_answers("vote" if kind == "vote" else "pick", tuple(w["among"]), region))
        if w.get("optional"):
            out.append(done)
        return out
    if t.action in dirty.STEPPED:
        return dirty.step_options(s, seat)
    if t.action == "travel":
        return travel_options(s, seat, c.card(t.card).actions.travel, "travel")
    out: list[tuple[Action, Facts | None]] = []
    if t.action == "campaign":
        out = [(act("vote", code), None) for code in campaign_votes(s, seat)]
        out.append(done)
    elif t.action == "advertise":
        cost = advertise_cost(s, seat)
        for issue in advertise_choices(s, seat, t.card, t.bought, cost):
            out.append((act("issue", issue), fa.Buys(cost=cost, voters=len(issue_states(issue))) if facts else None))
        for issue in free_issues(s, seat, t.card, t.bought):
            out.append((act("issue", issue), fa.Buys(cost=0, voters=len(issue_states(issue))) if facts else None))
        if t.bought:
            out.append(done)
    return out


def step_actions(s: CampaignTrailState, seat: str) -> list[Action]:
    """step_options' actions alone (choices()): a state picked among many, as the end of the game asks voter after
    voter, straight from the answers kept for its states."""
    w = s.wait
    if w is not None and w["kind"] in ("vote", "pick"):
        among, region, optional = w["among"], w.get("region"), w.get("optional")
        if len(among) + bool(optional) > MENU_MAX and not region:
            out = list(_region_menu(tuple(among)))
        else:
            out = list(_state_actions(w["kind"], tuple(among), region))
        if optional:
            out.append(act("done"))
        return out
    return [a for a, _ in step_options(s, seat, facts=False)]


@lru_cache(maxsize=4096)
def _state_actions(verb: str, among: tuple[str, ...], region: str | None) -> tuple[Action, ...]:
    """_state_answers' actions alone."""
    return tuple(a for a, _ in _state_answers(verb, among, region))


@lru_cache(maxsize=1)
def _region_of() -> dict[str, str]:
    """Each state's region (a plain dict: the menus ask it of every state a long choice lists)."""
    return {code: st.region for code, st in _c().states.items()}


@lru_cache(maxsize=4096)
def _state_answers(verb: str, among: tuple[str, ...], region: str | None) -> tuple[tuple[Action, None], ...]:
    """`verb <state>` for each state listed, in the region chosen first if any, with no facts (a long choice is
    asked again after each answer, mostly of the same states)."""
    region_of = _region_of()
    return tuple((act(verb, code), None) for code in among if not region or region_of[code] == region)


@lru_cache(maxsize=4096)
def _region_menu(spots: tuple[str, ...]) -> tuple[Action, ...]:
    """The regions of these states, in the board's order, as the region-first question's answers (a long choice
    asks it again after each answer, mostly of the same states)."""
    region_of = _region_of()
    present = {region_of[code] for code in spots}
    return tuple(act("region", r) for r in _c().regions if r in present)


def step_menu(s: CampaignTrailState, seat: str) -> list[Option]:
    """The step's options, each with its facts (a rival's tabled card: the politick it is in play for)."""
    tabled = {tab.card: tab.politick for p in s.players.values() for tab in p.table}
    out = []
    for action, facts in step_options(s, seat):
        if action.verb == "card" and int(action.args[0]) in tabled:
            facts = fa.Tabled(politick=tabled[int(action.args[0])])
        out.append(Option(action=action, facts=facts))
    return out

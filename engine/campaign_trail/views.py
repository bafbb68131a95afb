"""What a seat (or the public) may see of a Campaign Trail game.

Public: the map (committed voters per party and the majority holder of every state), electoral votes,
pawns, home states and candidates once everyone has chosen, each party's registered voters and war
chest (public knowledge by the rules), the month, the cards left in each month's deck, the discard
pile, whose turn it is and the card being played. Private: your own hand and your running mate's
(team-mates may show each other their cards), and the candidates dealt to your party during setup.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from pydantic import Field

from engine.campaign_trail import content as content_mod
from engine.campaign_trail import advanced_solo, primitives, rules, solo
from engine.campaign_trail.state import MONTHS, CampaignTrailState
from engine.campaign_trail.turn import election_day
from engine.campaign_trail.words_cards import action_text
from engine.campaign_trail.words_tell import reason as election_reason
from engine.core.types import Strict


class CardView(Strict):
    number: int
    name: str
    dirty: bool = False  # a Dirty Politics card (no debate icons)
    actions: dict[str, Any]
    debate: list[str]
    reference: str
    summary: dict[str, str] = Field(default_factory=dict)  # action -> what it does, as the menus say it


class CandidateView(Strict):
    id: str
    archetype: str
    name: str
    registered: int
    war_chest: int
    advantage: str
    disadvantage: str
    solo_note: str = ""  # against AI parties: how this candidate changes the game's difficulty


class StateView(Strict):
    code: str
    name: str
    ev: int
    region: str
    voters: dict[str, int]
    majority: str


class PartyView(Strict):
    seats: list[str]
    registered: int
    money: int
    ev: int
    states: int


class TabledView(Strict):
    card: int
    politick: str
    name: str
    active: bool


class SeatView(Strict):
    party: str
    role: str
    candidate: str | None = None  # shown once every seat has chosen (always to the seat's own party)
    home: str | None = None  # likewise
    pawn: str | None = None
    hand_count: int
    chosen: bool = False  # setup: has made this phase's choice
    table: list[TabledView] = Field(default_factory=list)  # ongoing politicks in play


class TurnView(Strict):
    seat: str
    card: int | None = None
    action: str | None = None
    steps: int = 0
    placed: int = 0
    bought: list[str] = Field(default_factory=list)
    waiting_for: str | None = None
    ethics_due: int = 0  # Dirty Politics: voters still to pay from ethically minded states
    removed: int = 0  # a smear campaign's removals so far


class MarkerView(Strict):
    issue: str
    name: str
    party: str | None  # None: the centre of the arena
    space: int


class DebateView(Strict):
    nth: int  # first or second debate (not `number`: that names cards in views)
    topic: str
    city: str
    state: str
    seats: list[str]
    round: int
    to_play: str
    markers: list[MarkerView]


class DebatePlanView(Strict):
    """The debates to come: their topic cards and cities are face up from setup."""

    nth: int
    topic: str
    city: str
    state: str
    issues: list[str]


class SoloView(Strict):
    """Solo Play (Appendix A): the AI parties, their register tracks (voters in each of the ten spaces), the
    cards left in their decks, the last card they resolved and the one waiting on a Change of Plans window."""

    ai: list[str]
    coop: bool
    track: dict[str, list[int]]
    deck: dict[str, int]
    last: str | None = None
    waiting: str | None = None


class CampaignTrailView(Strict):
    ruleset: str = "campaign_trail"
    viewer: str | None
    phase: str
    month: str
    round: int
    order: list[str]
    current_party: str | None
    waiting_on: list[str]
    states: list[StateView]
    ev: dict[str, int]
    parties: dict[str, PartyView]
    seats: dict[str, SeatView]
    deck_counts: dict[str, int]
    discard_count: int
    discard_top: int | None = None
    turn: TurnView | None = None
    winners: list[str] = Field(default_factory=list)
    final_ev: dict[str, int] = Field(default_factory=dict)
    reason: str = ""
    debate: DebateView | None = None
    debates: list[DebatePlanView] = Field(default_factory=list)
    # the map keys the last post changed (outlined): the table's, filled from its posting (engine/core/posting.py)
    changed: list[str] = Field(default_factory=list)
    # each party's ethically minded states; empty unless the Dirty Politics module is in play
    ethics: dict[str, list[str]] = Field(default_factory=dict)
    solo: SoloView | None = None  # Solo Play only
    # Only in a seat's own view:
    hand: list[CardView] | None = None
    partner_hand: list[CardView] | None = None
    offer: list[str] | None = None
    offer_cards: list[CandidateView] | None = None  # the same two candidates, with what they do


@lru_cache(maxsize=16)
def candidate_view(cid: str) -> CandidateView:
    cd = content_mod.load().candidates[cid]
    return CandidateView(id=cid, archetype=cd.archetype, name=cd.name, registered=cd.registered,
                         war_chest=cd.war_chest, advantage=cd.advantage.text, disadvantage=cd.disadvantage.text)


def offered_view(s: CampaignTrailState, cid: str) -> CandidateView:
    """A candidate dealt to choose from, with its Solo Play note in a game against AI parties."""
    note = solo.candidate_note(s, content_mod.load().candidates[cid])
    return candidate_view(cid).model_copy(update={"solo_note": note}) if note else candidate_view(cid)


@lru_cache(maxsize=256)
def card_view(n: int) -> CardView:
    cd = content_mod.load().card(n)
    return CardView(number=n, name=cd.name, dirty=cd.dirty,
                    actions=cd.actions.model_dump(mode="json", exclude_none=True, by_alias=True),
                    debate=list(cd.debate), reference=cd.reference,
                    summary={a: action_text(n, a) for a in cd.actions.present()})


def view(s: CampaignTrailState, seat: str | None) -> CampaignTrailView:
    """What `seat` may see of the game (None: the public view): hidden candidates, homes and hands stay hidden."""
    c = content_mod.load()
    viewer = seat if seat in s.players else None
    maj = primitives.majorities(s)
    ev = primitives.electoral_votes(s, held=maj)
    held = primitives.states_held(s, held=maj)
    # plain values, checked once with the whole view (a model per state costs twice the time of its part of one check)
    states = [{"code": code, "name": st.name, "ev": st.ev, "region": st.region, "voters": dict(s.voters[code]),
               "majority": maj[code]} for code, st in c.states.items()]
    me = s.players[viewer] if viewer else None
    return CampaignTrailView(
        viewer=viewer, phase=s.phase, month=MONTHS[s.month], round=s.round, order=list(s.order),
        current_party=rules.current_party(s), waiting_on=[x for x in s.seats if rules.owes(s, x)],
        states=states, ev=ev,
        parties={p: {"seats": list(ps.seats), "registered": ps.registered, "money": ps.money, "ev": ev[p],
                     "states": held[p]} for p, ps in s.parties.items()},
        seats=_seats_view(s, me.party if me else None), deck_counts={MONTHS[i]: len(d) for i, d in enumerate(s.decks)},
        discard_count=len(s.discard), discard_top=s.discard[-1] if s.discard else None, turn=_turn_view(s),
        winners=list(s.winners), final_ev=dict(s.final_ev), reason=over_reason(s),
        debate=_debate_view(s), debates=_debate_plans(s),
        ethics={p: list(c.parties[p].ethics) for p in s.parties} if s.options.dirty else {},
        solo=SoloView(**(solo.public(s) or advanced_solo.public(s))) if s.solo or s.advanced else None,
        hand=[card_view(n) for n in me.hand] if me else None,
        partner_hand=_partner_hand(s, viewer),
        offer=list(me.offer) if me and s.phase == "candidate" else None,
        offer_cards=[offered_view(s, x) for x in me.offer] if me and s.phase == "candidate" else None,
    )


def _seats_view(s: CampaignTrailState, my_party: str | None) -> dict[str, dict]:
    """Every seat as the viewer's party sees it: rivals' candidates and homes stay hidden while being chosen."""
    c = content_mod.load()
    seats = {}
    for x, p in s.players.items():
        mine = my_party is not None and p.party == my_party
        show_cand = s.phase != "candidate" or mine
        show_home = s.phase not in ("candidate", "home") or mine
        chosen = p.candidate is not None if s.phase == "candidate" else p.home is not None if s.phase == "home" else True
        seats[x] = {"party": p.party, "role": p.role, "candidate": p.candidate if show_cand else None,
                    "home": p.home if show_home else None, "pawn": p.pawn, "hand_count": len(p.hand), "chosen": chosen,
                    "table": [{"card": tab.card, "politick": tab.politick, "name": c.politicks[tab.politick].name,
                               "active": tab.active} for tab in p.table]}
    return seats


def _turn_view(s: CampaignTrailState) -> TurnView | None:
    """The turn under way, if any: its card, action and progress."""
    if s.turn is None:
        return None
    t = s.turn
    return TurnView(seat=t.seat, card=t.card, action=t.action, steps=t.steps, placed=t.placed, bought=list(t.bought),
                    waiting_for=(s.wait or {}).get("kind"), ethics_due=t.ethics_due, removed=t.removed)


def _debate_view(s: CampaignTrailState) -> DebateView | None:
    """The debate under way, if any: its topic, city, round, who plays next and the issue markers."""
    if s.debate is None:
        return None
    c = content_mod.load()
    d = s.debate
    num = d.number - 1
    city = c.debate_cities[s.debate_cities[num]]
    return DebateView(nth=d.number, topic=c.debate_topics[s.debate_topics[num]].name, city=city.name,
                      state=city.state, seats=list(d.seats), round=d.round, to_play=d.seats[d.index],
                      markers=[MarkerView(issue=i, name=c.debate_issues[i].name, party=m.party, space=m.space)
                               for i, m in d.markers.items()])


def _debate_plans(s: CampaignTrailState) -> list[dict]:
    """The game's debates in order: topic, city and the issues each one asks about."""
    c = content_mod.load()
    plans = []
    for num, (tid, cid) in enumerate(zip(s.debate_topics, s.debate_cities), start=1):
        t, city = c.debate_topics[tid], c.debate_cities[cid]
        plans.append({"nth": num, "topic": t.name, "city": city.name, "state": city.state,
                      "issues": [c.debate_issues[i].name for i in (*t.top, *t.bottom)]})
    return plans


def _partner_hand(s: CampaignTrailState, viewer: str | None) -> list | None:
    """The viewer's running mate's hand (running mates see each other's hands), else None."""
    if not viewer:
        return None
    mates = [x for x in s.parties[s.players[viewer].party].seats if x != viewer]
    return [card_view(n) for n in s.players[mates[0]].hand] if mates else None


def over_reason(s: CampaignTrailState) -> str:
    """Why the election went as it did, in words, once it is over."""
    return election_reason(election_day(s)) if s.phase == "over" else ""

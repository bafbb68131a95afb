"""What players see: everything on the table (support, media, endorsements, issues, momentum, the bag's
counts — they follow from public events — the persistent events, the debate board), the sizes of hidden
piles, and — for a side's own view only — its hand, its Campaign Strategy stack and its pending picks. Hands,
the deck order, the endorsement deck order, sealed Campaign Strategy cards and a committed debate card are
never in another side's or the public view."""
from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.nineteen_sixty.content_models import NAMES, REGION_NAMES, REGIONS
from engine.nineteen_sixty.phrases import draw_line, tally_reason
from engine.nineteen_sixty.primitives import c, card, count, holder, issue_name, tally_of
from engine.nineteen_sixty.legal import moves, to_play
from engine.nineteen_sixty.debates import debate_total
from engine.nineteen_sixty.state import SEAT_OF, SEATS, SIDE_OF, NSState
from engine.core.types import Strict


class CardView(Strict):
    id: int
    name: str
    cp: int
    rest: int
    icons: list[str]  # K and/or N
    debate_issue: str
    state: str  # its Election Day state
    persistent: str  # none | debate | election_day | prevention
    text: str
    strategy_ok: bool  # may be set aside for Campaign Strategy


class StateView(Strict):
    code: str
    name: str
    ev: int
    region: str  # E | MW | S | W (Alaska and Hawaii are the West's)
    edge: str  # K | N: who takes it when empty on Election Day with no endorsement in its region
    leader: str | None  # K | N
    cubes: int  # the leader's cubes
    carried: bool  # 4 or more
    tokens: list[str]  # seats whose candidate token stands here
    home: str | None  # the seat whose home state it is


class RegionView(Strict):
    id: str
    name: str
    ev: int
    media_leader: str | None
    media: int
    endorsement_leader: str | None
    endorsements: int
    states_led: dict[str, int]  # K / N -> states led in the region


class IssueView(Strict):
    id: str
    name: str
    slot: int  # 1 = first place
    leader: str | None
    cubes: int


class SideView(Strict):
    seat: str
    side: str  # K | N
    name: str
    momentum: int
    supply: int
    rest: int
    bag: int  # cubes of this colour in the bag
    hand_size: int
    strategy_size: int  # Campaign Strategy cards face down
    seals: list[str]  # their commitments
    candidate: str  # active | exhausted
    vp_card: CardView | None  # the Vice President card waiting beside the candidate (option vp=on)
    token: str
    ev_led: int  # electoral votes of the states this side leads now
    states_led: int
    cubes: int  # state support on the board


class StackedView(Strict):
    card: CardView
    owner: str  # K | N


class DebateIssueView(Strict):
    id: str
    name: str
    slot: int
    kennedy: list[CardView]
    nixon: list[CardView]
    totals: dict[str, int]  # K / N, bonuses included
    won_by: str | None


class DebateView(Strict):
    round: int
    issues: list[DebateIssueView]
    awarded: int
    next_reward: int | None
    revealed: dict[str, CardView]  # this round's cards, shown once both are revealed
    placing: str | None  # "KEN places 3" while a winner places cubes


class PlayView(Strict):
    seat: str
    card: CardView | None  # None: the candidate card
    action: str
    preempted: bool
    cp_left: int


class PendingView(Strict):
    seat: str
    kind: str  # views.pending_kind
    what: str  # the same in words: "deciding whether to trigger the event"


class PrivateView(Strict):
    seat: str
    hand: list[CardView]
    strategy: list[CardView]  # your own Campaign Strategy stack
    picking: list[CardView] = Field(default_factory=list)


class NSView(Strict):
    ruleset: Literal["nineteen_sixty"] = "nineteen_sixty"
    turn: int
    turns: int
    phase: str
    step: str
    activity: int
    activity_phases: int
    initiative: str | None
    starter: str | None
    to_play: str | None
    options: dict[str, str]  # vp, restricted
    states: list[StateView]
    regions: list[RegionView]
    track: list[IssueView]  # first place first (during the Debates, the tiles not yet back: absent)
    bag: dict[str, int]  # K / N
    sides: dict[str, SideView]  # by seat
    deck_size: int
    discard_size: int
    debate_events: list[StackedView]
    election_events: list[StackedView]
    prevention: list[StackedView]
    turn_effects: list[StackedView]  # the owner is whom the effect is on
    play: PlayView | None
    debate: DebateView | None
    last_draws: list[str]
    pending: list[PendingView]
    # the map keys the last post changed (outlined): the table's, filled from its posting (engine/core/posting.py)
    changed: list[str] = Field(default_factory=list)
    ev_total: int
    ev_to_win: int
    votes: dict[str, int]  # the final tally, by seat
    unawarded: list[str]
    winner: str | None
    draw: bool
    reason: str  # why the game ended as it did, in words, once it is over
    me: PrivateView | None = None


WAITING = {"start": "choosing who starts", "play": "to play", "how": "choosing how to use the card",
           "campaign": "campaigning", "amount": "campaigning", "stop": "choosing where the token stops",
           "advertise": "placing media cubes", "position": "positioning on issues",
           "trigger": "deciding whether to trigger the event",
           "swap": "deciding whether to swap two issues (more media)",
           "reward2": "taking 1 momentum or 1 endorsement (2nd issue)",
           "strategy": "setting aside Campaign Strategy", "debate": "choosing a debate card",
           "first": "choosing who places first", "side": "choosing a side for a two-icon card",
           "place": "placing debate cubes", "order": "ordering Election Day events",
           "state": "choosing a state", "region": "choosing a region", "issue": "choosing an issue",
           "card": "choosing a card"}


def pending_kind(state: NSState, seat: str) -> str:
    """What the seat is deciding, in a word: an event's choice (state, region, issue, card), trigger, play, a
    play's next step (how, campaign, amount, stop, advertise, position), start, swap, reward2, strategy, debate,
    first, side, place or order."""
    if state.wait is not None and state.wait["seat"] == seat:
        return str(state.wait["kind"])
    if state.window is not None:
        return "trigger"
    if state.phase == "activity":
        return state.play.stage if state.play is not None else "play"
    if state.phase == "debate" and state.debate is not None:
        return "place" if state.debate.placing else "debate" if state.step == "round" else state.step
    return {"initiative": "start", "strategy": "strategy", "election": "order"}.get(state.phase, state.step)


def card_view(card_id: int) -> CardView:
    x = card(card_id)
    return CardView(id=x.id, name=x.name, cp=x.cp, rest=x.rest, icons=list(x.icons), debate_issue=x.debate_issue,
                    state=x.state, persistent=x.persistent, text=x.text, strategy_ok=x.strategy_ok)


def _state_rows(state: NSState) -> list[dict]:  # type: ignore[type-arg]
    """Every state's row as plain values: its leader, cubes, the tokens standing there and whose home it is."""
    content = c()
    rules = content.rules
    tokens: dict[str, list[str]] = {}
    for side, me in state.sides.items():
        tokens.setdefault(me.token, []).append(SEAT_OF[side])
    homes = {code: SEAT_OF[side] for side, code in rules.home.items()}
    # plain values, checked once with the whole view (a model per state costs twice the time of its part of one check)
    states = []
    for code, st in content.states.items():
        value = state.support.get(code, 0)
        who = holder(value)
        states.append({"code": code, "name": st.name, "ev": st.ev, "region": st.region, "edge": st.edge,
                       "leader": who, "cubes": abs(value), "carried": abs(value) >= rules.carry,
                       "tokens": tokens.get(code, []), "home": homes.get(code)})
    return states


def _region_views(state: NSState, states: list[dict]) -> list[RegionView]:  # type: ignore[type-arg]
    """Each region's media, endorsements and the states each side leads in it."""
    regions = []
    for r in REGIONS:
        led = {s: sum(1 for st in states if st["region"] == r and st["leader"] == s) for s in ("K", "N")}
        regions.append(RegionView(id=r, name=REGION_NAMES[r], ev=c().regions[r].ev,
                                  media_leader=holder(state.media.get(r, 0)), media=abs(state.media.get(r, 0)),
                                  endorsement_leader=holder(state.endorsements.get(r, 0)),
                                  endorsements=abs(state.endorsements.get(r, 0)), states_led=led))
    return regions


def _side_views(state: NSState, states: list[dict]) -> dict[str, SideView]:  # type: ignore[type-arg]
    """Each side's public standing, by seat: counts of its hidden piles, never their cards."""
    sides = {}
    for side, me in state.sides.items():
        led = [st for st in states if st["leader"] == side]
        sides[SEAT_OF[side]] = SideView(
            seat=SEAT_OF[side], side=side, name=NAMES[side], momentum=me.momentum, supply=me.supply, rest=me.rest,
            bag=state.bag.counts.get(side, 0), hand_size=len(me.hand), strategy_size=len(me.strategy),
            seals=list(me.seals), candidate=me.candidate,
            vp_card=card_view(me.vp_card) if me.vp_card is not None else None, token=me.token,
            ev_led=sum(st["ev"] for st in led), states_led=len(led),
            cubes=sum(count(v, side) for v in state.support.values()))
    return sides


def _debate_view(state: NSState) -> DebateView | None:
    """The debate board while the Debates run: the cards placed, the totals and what the next win pays."""
    d = state.debate
    if d is None:
        return None
    issues = [DebateIssueView(id=i.issue, name=issue_name(i.issue), slot=i.slot,
                              kennedy=[card_view(x) for x in i.cards["K"]],
                              nixon=[card_view(x) for x in i.cards["N"]],
                              totals=dict(i.result) if i.result else {s: debate_total(state, i, s) for s in ("K", "N")},
                              won_by=i.won_by)
              for i in d.issues]
    rewards = c().rules.debate_rewards
    return DebateView(round=d.round, issues=issues, awarded=d.awarded,
                      next_reward=rewards[d.awarded] if d.awarded < len(rewards) else None,
                      revealed={s: card_view(x) for s, x in d.revealed.items()},
                      placing=f"{SEAT_OF[d.placing['side']]} places {d.placing['left']}" if d.placing else None)


def _play_view(state: NSState) -> PlayView | None:
    p = state.play
    if p is None:
        return None
    return PlayView(seat=p.seat, card=card_view(p.card) if p.card is not None else None, action=p.action,
                    preempted=p.preempted, cp_left=p.cp_left)


def _private_view(state: NSState, seat: str | None) -> PrivateView | None:
    """A side's own hand, Campaign Strategy stack and picks: only in that side's view."""
    if seat not in SEATS:
        return None
    mine = state.sides[SIDE_OF[seat]]
    return PrivateView(seat=seat, hand=[card_view(x) for x in sorted(mine.hand)],
                       strategy=[card_view(x) for x in mine.strategy],
                       picking=[card_view(x) for x in mine.picking])


def _stacked(entries: list) -> list[StackedView]:  # type: ignore[type-arg]
    return [StackedView(card=card_view(e.card), owner=e.owner) for e in entries]


def _pending(state: NSState) -> list[PendingView]:
    """The seats with a menu (its actions, unworded) and what each is deciding."""
    return [PendingView(seat=s, kind=pending_kind(state, s), what=WAITING.get(pending_kind(state, s), "deciding"))
            for s in SEATS if moves(state, s)[1]]


def view(state: NSState, seat: str | None) -> NSView:
    """The table as `seat` sees it (None: the public view)."""
    rules = c().rules
    states = _state_rows(state)
    track = [IssueView(id=i, name=issue_name(i), slot=n + 1, leader=holder(state.issues.get(i, 0)),
                       cubes=abs(state.issues.get(i, 0))) for n, i in enumerate(state.track) if i]
    return NSView(
        turn=state.turn, turns=rules.turns, phase=state.phase, step=state.step, activity=state.activity,
        activity_phases=rules.activity_phases, initiative=state.initiative, starter=state.starter,
        to_play=to_play(state), options={"vp": "on" if state.options.vp else "off", "restricted": "on" if state.options.restricted else "off"},
        states=states, regions=_region_views(state, states), track=track,
        bag={s: state.bag.counts.get(s, 0) for s in ("K", "N")},
        sides=_side_views(state, states), deck_size=len(state.deck), discard_size=len(state.discard),
        debate_events=_stacked(state.debate_events), election_events=_stacked(state.election_events),
        prevention=_stacked(state.prevention),
        turn_effects=[StackedView(card=card_view(e.card), owner=e.who) for e in state.turn_effects if e.card],
        play=_play_view(state), debate=_debate_view(state), last_draws=[draw_line(x) for x in state.last_draws],
        pending=_pending(state),
        ev_total=rules.ev_total, ev_to_win=rules.ev_to_win, votes=dict(state.votes),
        unawarded=list(state.unawarded), winner=state.winner, draw=state.draw,
        reason=tally_reason(*tally_of(state.support, state.unawarded))[1] if state.phase == "over" else "",
        me=_private_view(state, seat))

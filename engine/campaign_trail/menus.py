"""What a seat is offered at each step of a turn: the actions a card allows, the next parameter of the
action under way (or of a paused politick's choice), and the words for them."""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable, Iterator

from engine.campaign_trail import abilities, bans, dirty, effects, prompts, wording
from engine.campaign_trail import facts_ask as fa
from engine.campaign_trail import content as content_mod
from engine.campaign_trail.content import load as _c  # the game's content, loaded once
from engine.campaign_trail.moves import (
    ADVERTISE_COST, CAMPAIGN_COST, CAMPAIGN_MAX, advertise_choices, advertise_cost, campaign_cost, campaign_states, campaign_voter_cost,
    campaign_votes, card_issues_left, free_issues, travel_distance, travel_options,
)
from engine.campaign_trail.primitives import act, free_left, issue_states
from engine.campaign_trail.state import CampaignTrailState
from engine.core.types import Action, Facts, Option
from engine.core.words import plural


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


def has_legal_action(s: CampaignTrailState, seat: str, number: int) -> bool:
    """Whether the seat may take any action of card `number` now (legal_actions, stopping at the first)."""
    return next(_legal_actions(s, seat, number, {}), None) is not None


def playable(s: CampaignTrailState, seat: str) -> list[int]:
    """The cards of the seat's hand with an action it may take now (has_legal_action of each), what no card
    changes found once for them all."""
    known: dict[str, Any] = {}
    return [n for n in s.players[seat].hand if next(_legal_actions(s, seat, n, known), None) is not None]


def _legal_actions(s: CampaignTrailState, seat: str, number: int, known: dict[str, Any]) -> Iterator[str]:
    """`known`: what the seat may do whatever the card (its standing rules, its party's purse), kept by the first
    card that asks for the next to read."""
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
            if a.travel.plane and _known(known, "no plane", lambda: abilities.forbidden(s, seat, "travel", "plane")):
                continue
        elif name == "campaign":
            if not _known(known, "campaign paid", lambda: party.money >= campaign_cost(s, seat)) \
                    or me.pawn not in campaign_states(s, seat, number):
                continue
        elif name == "advertise":
            cost = _known(known, "advertise cost", lambda: advertise_cost(s, seat))
            if not advertise_choices(s, seat, number, [], cost):
                continue
        elif name == "politick":
            pid = a.politick
            if bans.ban(s, pid):
                continue  # never played in this game (Solo Play, the Advanced Solo Deck): the rule in bans
            # the Populist's $20M or 2 registered
            if not _known(known, "politick paid", lambda: effects.declared_payable(s, seat, "politick")):
                continue
            if pid in DEBATE_POLITICKS and s.month >= 2:
                continue  # no debate left for it to work in (ruling: a politick that cannot act is not offered)
            if pid in effects.ONGOING or pid in effects.END_OF_GAME:
                pass
            elif pid not in effects.IMPLEMENTED or not effects.requirement_met(s, seat, pid):
                continue
        yield name


def _known(known: dict[str, Any], what: str, find: Callable[[], Any]) -> Any:
    found = known.get(what)
    if found is None:
        found = known[what] = find()
    return found


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
            spots = [x[0] for x in w["among"]] if kind == "strike" else w["among"]
            present = {c.states[code].region for code in spots}
            out = [(act("region", r), None) for r in c.regions if r in present]
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
            out = [(act("remove", code, victim), fa.There(count=s.voters[code][victim]) if facts else None)
                   for code, victim in w["among"] if not region or c.states[code].region == region]
        else:
            verb = "vote" if kind == "vote" else "pick"
            among = w["among"] if not region else [code for code in w["among"] if c.states[code].region == region]
            out = [(act(verb, code), None) for code in among]
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
        cost = advertise_cost(s, seat) if facts else 0
        for issue in advertise_choices(s, seat, t.card, t.bought):
            out.append((act("issue", issue), fa.Buys(cost=cost, voters=len(issue_states(issue))) if facts else None))
        for issue in free_issues(s, seat, t.card, t.bought):
            out.append((act("issue", issue), fa.Buys(cost=0, voters=len(issue_states(issue))) if facts else None))
        if t.bought:
            out.append(done)
    return out


def step_prompt(s: CampaignTrailState) -> str:
    """The step's question, with which one of how many and the limits the answer must keep to (the politick
    or card it belongs to is named by `full_prompt`; refusals quote this short form)."""
    if s.wait is not None:
        return _wait_prompt(s)
    t = s.turn
    if t.action in dirty.STEPPED:
        return dirty.prompt(s)
    if t.action == "travel":
        return _travel_prompt(s)
    if t.action == "campaign":
        return _campaign_prompt(s)
    if t.action == "advertise":
        return _advertise_prompt(s)
    return ""


def full_prompt(s: CampaignTrailState) -> str:
    """The step's question headed by what asks it: the politick or ability with its whole text, or else the card
    and action under way with what the action does."""
    ask = step_prompt(s)
    if s.wait is not None:
        return prompts.with_effect(s, ask)
    t = s.turn
    if t is None or t.card is None or t.action is None:
        return ask
    return f"{t.action.replace('_', ' ').capitalize()} with #{t.card} {_c().card(t.card).name} — " \
           f"{action_text(t.card, t.action)}. {ask}"


def _acting_seat(s: CampaignTrailState) -> str:
    w = s.wait or {}
    return w.get("seat") or (s.final_seat if s.phase == "final" else s.turn.seat)


def _wait_prompt(s: CampaignTrailState) -> str:
    c = _c()
    w = s.wait
    n = prompts.count_words(s)
    op, p = prompts.asking_op(s) or ("", {})
    spots = [x[0] for x in w["among"]] if w["kind"] == "strike" else w["among"]
    if w["kind"] in ("vote", "pick", "strike") and len(w["among"]) + bool(w.get("optional")) > MENU_MAX \
            and not w.get("region"):
        return f"Choose a region first, then the state{n}."
    if w["kind"] == "vote":
        if op == "ask_convert":
            return f"Convert a rival's voter in {c.states[spots[0]].name} to one of yours, or finish."
        cap = int(p.get("max_per_state", 99))
        limit = f"at most {cap} in one state" if 1 < cap < prompts.OPEN_ENDED else "at most 1 in each state" if cap == 1 else ""
        return f"Place a voter{prompts.count_words(s, limit)}" + (" or finish." if w.get("optional") else ".")
    if w["kind"] == "option":
        chooser = "Your party chooses" if w.get("seat") and w.get("seat") != w.get("owner") else "Choose"
        return f"{chooser}: " + " or ".join(w["labels"]) + "."
    if w["kind"] == "strike":
        money = s.parties[s.players[_acting_seat(s)].party].money
        cost = f"${p['cost']}M each, you have ${money}M" if p.get("cost") else ""
        return f"Pick a rival's voter to swap for one of yours{prompts.count_words(s, cost)}" \
            + (", or finish." if w.get("optional") else ".")
    if w.get("putback") is not None:
        return "Choose one of the cards you drew to put at the bottom of the deck."
    if w["kind"] == "card":
        if op == "ask_optional_card":
            return "Play this card now (its action follows), or keep it in your hand (`done`)."
        mine = set(s.players[_acting_seat(s)].hand)
        return "Choose a card from your hand." if all(int(x) in mine for x in w["among"]) \
            else "Choose a rival's politick in play."
    regions = {c.states[code].region for code in spots}
    where = f" in the {c.regions[next(iter(regions))].name} region" if len(regions) == 1 and len(spots) > 1 else ""
    return f"Choose a state{where}{n}."


def _travel_prompt(s: CampaignTrailState) -> str:
    t = s.turn
    tr = _c().card(t.card).actions.travel
    steps = ""
    if tr.mode != "plane":
        steps = f"move your pawn one state at a time ({t.steps} of {plural(travel_distance(s, t.seat, tr, 'travel'), 'move')} made)"
    fly = "fly to a city" if tr.mode != "steps" and not t.flown else ""
    return (" or ".join(x for x in (steps, fly) if x) or "stop").capitalize() + ", then `done`."


def _campaign_prompt(s: CampaignTrailState) -> str:
    t = s.turn
    party = s.parties[s.players[t.seat].party]
    cap = abilities.stat(s, t.seat, "campaign", "max_voters", CAMPAIGN_MAX)
    per = abilities.stat(s, t.seat, "campaign", "max_per_state", 99)
    limits = [f"{t.placed} of at most {cap} placed"]
    if per < 99:
        limits.append(f"at most {per} in one state")
    limits.append(f"{plural(party.registered + t.free_left, 'registered voter')} left")
    if t.per_voter is not None:
        limits.append(f"${campaign_voter_cost(s, t.seat)}M a voter, you have ${party.money}M")
    return f"Place voters one at a time ({'; '.join(limits)}), then `done`."


def _advertise_prompt(s: CampaignTrailState) -> str:
    t = s.turn
    party = s.parties[s.players[t.seat].party]
    on_card = len(_c().card(t.card).actions.advertise or [])
    left = len(card_issues_left(t.card, t.bought))
    cost = advertise_cost(s, t.seat)
    return (f"Buy an issue: one of your registered voters goes to each state showing it "
            f"({f'${cost}M' if cost else 'free'} the next, you have ${party.money}M; "
            f"{plural(party.registered + free_left(s, t.seat), 'registered voter')} left; "
            f"{left} of {plural(on_card, 'issue')} on the card left), then `done`.")


def action_text(number: int, action: str) -> str:
    if action in content_mod.DIRTY_ACTIONS:
        return dirty.action_text(number, action)
    a = _c().card(number).actions
    if action == "travel":
        tr = a.travel
        return {"steps": f"up to {plural(tr.states, 'state')}", "plane": "fly to a city", "plane_plus": "fly to a city and 1 more state",
                "steps_or_plane": f"up to {plural(tr.states, 'state')} or fly"}[tr.mode]
    if action == "fundraise":
        return f"+${a.fundraise}M"
    if action == "register":
        return f"+{plural(a.register_, 'registered voter')}"
    if action == "campaign":
        where = "your home region" if a.campaign.home_region else " ".join(a.campaign.states)
        return f"up to {CAMPAIGN_MAX} registered voters among {where} (${CAMPAIGN_COST}M)"
    if action == "advertise":
        names = ", ".join(_c().debate_issues[i].name for i in a.advertise)
        return f"{names} (${ADVERTISE_COST}M an issue)"
    return _c().politicks[a.politick].name


@lru_cache(maxsize=None)
def action_words(number: int, action: str) -> str:
    """One action of the card as its menu shows it; a politick or dirty trick with its whole text."""
    c = _c()
    if action in ("politick", "dirty_tricks"):
        p = c.politicks[c.card(number).actions.get(action)]
        return f"{p.name} — {p.text}"
    return action_text(number, action)


def card_lines(number: int) -> list[str]:
    """The card's actions, one line each: "Politick: Stadium Rally — …" (what `card N` shows)."""
    return [f"{a.replace('_', ' ').capitalize()}: {action_words(number, a)}" for a in _c().card(number).actions.present()]


@lru_cache(maxsize=None)  # the content's words never change, and every card in hand is worded at every step
def whole_text(number: int) -> str:
    """The card's actions in one line (a menu option's detail)."""
    return wording.clauses(card_lines(number))


def step_menu(s: CampaignTrailState, seat: str) -> list[Option]:
    """The step's options, each with its facts (a rival's tabled card: the politick it is in play for)."""
    tabled = {tab.card: tab.politick for p in s.players.values() for tab in p.table}
    out = []
    for action, facts in step_options(s, seat):
        if action.verb == "card" and int(action.args[0]) in tabled:
            facts = fa.Tabled(politick=tabled[int(action.args[0])])
        out.append(Option(action=action, facts=facts))
    return out

"""The built-in player: scores every legal option by what a careful player would weigh and takes the best
(ties broken by the bot's own rng). It reads only what its seat may know — the board, its own hand and
stack, the public piles — never the rival's hand, the deck order or the bag's next draw: there is no
look-ahead on a copy, so nothing random is peeked at.

What it weighs: electoral votes within reach (an empty or rival-led state is worth its EV, shared out over
the cubes it takes to flip; a lead is worth shoring up towards a carry), checks only where media waive them,
events that help its own candidate played or triggered, rival-icon events kept from the rival by playing the
card for its CP (preempting when momentum allows), the issues near the top of the track, and the Campaign
Strategy stack: high-CP own-icon cards for the Debates, close big states for Election Day.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from engine.core.rng import Rng
from engine.core.types import Action
from engine.nineteen_sixty.primitives import (c, card, count, event_playable, event_spent,
                                              issue_leader, needs_checks, region_crossings, region_leader, rival,
                                              side_of, states_in, states_travel, travel_region)
from engine.nineteen_sixty.legal import CANDIDATE, moves
from engine.nineteen_sixty.state import SIGN, NSState

BENEFIT = {"gain": 1.0, "gain_region": 0.8, "fill_empty": 2.5, "momentum": 1.2, "issue": 0.6, "media": 1.0,
           "endorse": 1.5, "refresh": 2.0, "bag": 0.3, "rest": 0.2, "draw": 0.8, "debate_bonus": 1.0,
           "checks": 1.2, "turn_effect": 1.5}
HARM = {"lose": 1.0, "lose_region": 0.8, "lose_momentum": 1.2, "lose_issue": 0.6, "lose_media": 1.0,
        "exhaust": 2.0, "move_token": 0.8, "discard": 0.8, "unpledged": 3.0}

Memo = dict[Any, Any]  # what one position's options share, each worked out once while they are scored


def bot_action(state: NSState, seat: str, rng: Rng) -> Action:
    actions = moves(state, seat)[1]  # the menu's options, unworded: only their actions are scored
    if len(actions) == 1:
        return actions[0]
    side = side_of(seat)
    memo: Memo = {}
    scored = [(_score(state, side, a, memo) + rng.below(1000) / 100_000, i) for i, a in enumerate(actions)]
    return actions[max(scored)[1]]


# --------------------------------------------------------------------------- what a state is worth

@lru_cache(maxsize=1)
def _evs() -> dict[str, int]:
    return {code: s.ev for code, s in c().states.items()}


def state_value(state: NSState, side: str, code: str, cubes: int, *, checks: bool = False) -> float:
    """What adding `cubes` to `code` is worth to `side`: votes taken or made safer, less for checks' odds."""
    ev = _evs()[code]
    value = state.support.get(code, 0) * SIGN[side]
    mine, theirs = max(0, value), max(0, -value)
    odds = 0.5 if checks else 1.0
    got = cubes * odds
    if theirs:
        if got > theirs:  # flips
            return ev * 1.6 + (got - theirs) * ev * 0.08
        return ev * 0.35 * got / (theirs + 1)
    if mine == 0:
        return ev * (1.0 + 0.1 * (got - 1))
    carry = c().rules.carry
    if mine >= carry:
        return ev * 0.02 * got
    return ev * 0.18 * min(got, carry - mine)


def _checked(state: NSState, side: str, memo: Memo) -> frozenset[str]:
    """The states where campaigning `side` needs support checks."""
    got = memo.get("checked")
    if got is None:
        other, carry = rival(side), c().rules.carry
        spots = {code for code, v in state.support.items() if count(v, other) >= carry}
        spots.add(state.sides[other].token)
        got = memo["checked"] = frozenset(code for code in spots if code in _evs()
                                          and needs_checks(state, side, code, campaigning=True))
    return got


def _event_value(state: NSState, side: str, card_id: int, resolver: str) -> float:
    """How much an event helps `side` when `resolver` resolves it (positive: good for side)."""
    x = card(card_id)
    total = 0.0
    leader = None
    for name, p in x.event:
        if name == "leader":
            leader = region_leader(state, p["region"]) if "region" in p else issue_leader(state, p["issue"])
            if leader is None:
                break
            continue
        who = p.get("who", "self")
        target = {"self": resolver, "opponent": rival(resolver), "leader": leader}.get(who, who)
        if target is None:
            continue
        weight = BENEFIT.get(name, 0.0) - HARM.get(name, 0.0)
        if name == "turn_effect" and p["hook"] == "campaign_costs_momentum":
            weight = -1.5
        n = float(p.get("n", 1))
        size = n * weight * 4.0
        if name == "fill_empty" and leader is not None:
            size = weight * 3.0 * sum(1 for code in states_in(p["region"]) if not state.support.get(code, 0))
        total += size if target == side else -size
    if x.persistent == "election_day":
        total *= 1.3
    return total


# --------------------------------------------------------------------------- scoring options

def _score(state: NSState, side: str, action: Action, memo: Memo) -> float:
    handler = SCORERS.get(action.verb)
    return handler(state, side, action.args, memo) if handler else 0.0


def _card_cp(arg: str) -> int:
    return c().rules.candidate_cp if arg == CANDIDATE else card(int(arg)).cp


def _keep_value(state: NSState, side: str, arg: str) -> float:
    """What the card is worth kept in hand for Campaign Strategy (high CP own icon before the Debates)."""
    if arg == CANDIDATE:
        return 0.0
    x = card(int(arg))
    if not x.strategy_ok:
        return 0.0
    before = state.turn < c().rules.debate_turn
    if before:
        return (x.cp * 2.5 + (3 if side in x.icons else 0)) * 0.4
    return state_value(state, side, x.state, 2) * 0.05


def _base(state: NSState, side: str, arg: str, memo: Memo) -> tuple[int, float]:
    """The card's CP, and what using it at all costs: its worth kept, the candidate card's early."""
    key = ("base", arg)
    got = memo.get(key)
    if got is None:
        base = -_keep_value(state, side, arg)
        if arg == CANDIDATE:
            base -= 6 if state.turn < 8 and state.activity < 5 else 0
        got = memo[key] = (_card_cp(arg), base)
    return got


def _rival_gain(state: NSState, side: str, arg: str, memo: Memo) -> float:
    """What the card's event would bring the rival resolving it, weighted (never below nothing)."""
    key = ("rival gain", arg)
    got = memo.get(key)
    if got is None:
        got = memo[key] = max(0.0, _event_value(state, rival(side), int(arg), rival(side))) * 0.6
    return got


def _risk(state: NSState, side: str, arg: str, memo: Memo) -> float:
    """What playing the card for its CP risks: the rival triggering its event."""
    key = ("risk", arg)
    got = memo.get(key)
    if got is None:
        rival_can_trigger = (arg != CANDIDATE and event_playable(state, int(arg)) and not event_spent(state, int(arg))
                             and state.sides[rival(side)].momentum >= c().rules.trigger_cost)
        got = memo[key] = _rival_gain(state, side, arg, memo) if rival_can_trigger else 0.0
    return got


def _use_score(state: NSState, side: str, verb: str, arg: str, memo: Memo) -> float:
    cp, base = _base(state, side, arg, memo)
    if verb == "event":
        value = base + _event_value(state, side, int(arg), side) + 2.0
        if state.play is not None and state.play.source == "vp":
            # the VP card played for CP comes back every time; its event spends it for good
            value -= 4.0 * max(0, c().rules.election_turn - 1 - state.turn)
        return value
    if verb == "preempt":
        rival_icon = arg != CANDIDATE and card(int(arg)).icons == [rival(side)]
        if not rival_icon or state.sides[side].momentum < c().rules.preempt_cost:
            return -50
        return base + cp * 3.0 + _rival_gain(state, side, arg, memo) - 5
    risk = _risk(state, side, arg, memo) if verb in ("campaign", "advertise", "position") else 0.0
    if verb == "campaign":
        return base + cp * 3.4 + _best_campaign(state, side, cp, memo) * 0.08 - risk
    if verb == "advertise":
        return base + cp * 2.0 + _media_gap(state, side, memo) + (2 if state.turn >= 7 else 0) - risk
    # position: the issues it would take the lead on, best slots first, as far as the CP go
    late = 0.45 if state.activity >= 3 else 0.25
    return base + cp * 1.6 + sum(_issue_gains(state, side, memo)[:cp]) * late - risk


def _media_gap(state: NSState, side: str, memo: Memo) -> int:
    """How many more media cubes the rival has (never below none)."""
    got = memo.get("media gap")
    if got is None:
        gap = sum(count(v, rival(side)) for v in state.media.values()) - sum(count(v, side) for v in state.media.values())
        got = memo["media gap"] = max(0, gap) * 1.0
    return got


def _issue_gains(state: NSState, side: str, memo: Memo) -> list[int]:
    """The worth of each issue a cube would take the lead on, by its slot on the track, best first."""
    got = memo.get("issue gains")
    if got is None:
        got = memo["issue gains"] = sorted(((6, 5, 3)[slot] for slot, i in enumerate(state.track)
                                            if i and count(state.issues.get(i, 0), side) == 0
                                            and count(state.issues.get(i, 0), rival(side)) < 2), reverse=True)
    return got


@lru_cache(maxsize=None)
def _campaign_costs(region: str) -> tuple[tuple[str, int, int], ...]:
    """Every state, biggest EV first, with the boundaries a token in travel region `region` crosses to campaign
    there, and its EV."""
    evs = _evs()
    return tuple(sorted(((code, region_crossings(region, travel_region(code)), evs[code]) for code in evs),
                        key=lambda t: -t[2]))


def _best_campaign(state: NSState, side: str, cp: int, memo: Memo) -> float:
    key = ("campaign", cp)
    best = memo.get(key)
    if best is None:
        checked = _checked(state, side, memo)
        best, ceiling = 0.0, 1.7 + 0.1 * cp  # no state is worth more than its EV times the ceiling
        for code, cost, ev in _campaign_costs(travel_region(state.sides[side].token)):
            if ev * ceiling < best:
                break  # the states left have smaller EVs
            left = cp - cost
            if left > 0:
                best = max(best, state_value(state, side, code, left, checks=code in checked))
        memo[key] = best
    return best


def _play(state: NSState, side: str, args: tuple[str, ...], memo: Memo) -> float:
    return _use_score(state, side, args[1], args[0], memo)


def _add(state: NSState, side: str, args: tuple[str, ...], memo: Memo) -> float:
    play = state.play
    left = play.cp_left if play else 1
    checks = args[0] in _checked(state, side, memo)
    return max(state_value(state, side, args[0], n, checks=checks) / n for n in range(1, left + 1))


def _spend(state: NSState, side: str, args: tuple[str, ...], memo: Memo) -> float:
    play = state.play
    if play is None or not play.target:
        return 0.0
    n = int(args[0])
    checks = needs_checks(state, side, play.target, campaigning=True)
    # spread CP unless one state needs them: value per CP, a little in favour of finishing a flip
    return state_value(state, side, play.target, n, checks=checks) / n + (0.01 * n if checks else -0.01 * n)


@lru_cache(maxsize=None)
def _by_ev(region: str) -> tuple[tuple[str, int], ...]:
    """The states of a travel region with their EVs, biggest first."""
    evs = _evs()
    return tuple(sorted(((code, evs[code]) for code in states_travel(region)), key=lambda t: -t[1]))


def _region_best(state: NSState, side: str, region: str, cubes: int, memo: Memo) -> float:
    key = ("region", region, cubes)
    best = memo.get(key)
    if best is None:
        checked = _checked(state, side, memo)
        best, ceiling = 0.0, 1.7 + 0.1 * cubes  # no state is worth more than its EV times the ceiling
        for code, ev in _by_ev(region):
            if ev * ceiling < best:
                break  # the states left have smaller EVs
            best = max(best, state_value(state, side, code, cubes, checks=code in checked))
        memo[key] = best
    return best


def _travel(state: NSState, side: str, args: tuple[str, ...], memo: Memo) -> float:
    play = state.play
    if play is None:
        return 0.0
    left = play.cp_left - region_crossings(play.region, args[0])
    if left <= 0:
        return 0.2
    return (_region_best(state, side, args[0], 1, memo) * (left / (left + 1))
            - _region_best(state, side, play.region, 1, memo) * 0.9)


def _stop(state: NSState, side: str, args: tuple[str, ...], memo: Memo) -> float:
    """Park the token where it guards the most (the rival needs checks where it stands)."""
    value = state.support.get(args[0], 0)
    return c().states[args[0]].ev * (1.0 if count(value, side) and not count(value, side) >= 4 else 0.3)


def _done(state: NSState, side: str, args: tuple[str, ...], memo: Memo) -> float:
    return 0.3


def _media(state: NSState, side: str, args: tuple[str, ...], memo: Memo) -> float:
    region = args[0]
    theirs = count(state.media.get(region, 0), rival(side))
    mine = count(state.media.get(region, 0), side)
    carried = sum(1 for code in states_in(region) if count(state.support.get(code, 0), rival(side)) >= 4)
    return (3 if theirs else 0) + (2 if mine == 0 else -1) + carried + (1 if travel_region(state.sides[side].token) == region else 0)


def _issue(state: NSState, side: str, args: tuple[str, ...], memo: Memo) -> float:
    slot = state.track.index(args[0])
    value = state.issues.get(args[0], 0)
    mine, theirs = count(value, side), count(value, rival(side))
    lead_gain = 4 if mine == 0 and theirs <= 1 else 1
    return (3 - slot) * 1.5 + lead_gain - mine * 0.8


def _trigger(state: NSState, side: str, args: tuple[str, ...], memo: Memo) -> float:
    play = state.play
    if play is None or play.card is None:
        return -1
    return _event_value(state, side, play.card, side) - 3.5


def _pass(state: NSState, side: str, args: tuple[str, ...], memo: Memo) -> float:
    return 0.0


def _start(state: NSState, side: str, args: tuple[str, ...], memo: Memo) -> float:
    return 1.0 if side_of(args[0]) != side else 0.0  # make the rival show his hand first (rulebook tip)


def _swap(state: NSState, side: str, args: tuple[str, ...], memo: Memo) -> float:
    a, b = args
    upper, lower = (a, b) if state.track.index(a) < state.track.index(b) else (b, a)
    return (2 if issue_leader(state, lower) == side else 0) - (2 if issue_leader(state, upper) == side else 0) \
        + (1 if issue_leader(state, upper) == rival(side) else 0)


def _keep(state: NSState, side: str, args: tuple[str, ...], memo: Memo) -> float:
    return 0.5


def _take(state: NSState, side: str, args: tuple[str, ...], memo: Memo) -> float:
    return 1.0 if (args[0] == "endorsement") == (state.turn >= 3) else 0.0


def _strategy(state: NSState, side: str, args: tuple[str, ...], memo: Memo) -> float:
    x = card(int(args[0]))
    if state.turn < c().rules.debate_turn:
        return x.cp * 2 + (3 if side in x.icons else 0) + (1 if len(x.icons) == 2 else 0)
    return state_value(state, side, x.state, 2)


def _debate(state: NSState, side: str, args: tuple[str, ...], memo: Memo) -> float:
    x = card(int(args[0]))
    d = state.debate
    open_issue = d is not None and any(i.issue == x.debate_issue and i.won_by is None for i in d.issues)
    mine = side in x.icons
    return (x.cp * (2 if mine else -1) if open_issue else -1) + (1 if len(x.icons) == 2 else 0)


def _side(state: NSState, side: str, args: tuple[str, ...], memo: Memo) -> float:
    return 1.0 if side_of(args[0]) == side else 0.0


def _first(state: NSState, side: str, args: tuple[str, ...], memo: Memo) -> float:
    return 1.0 if side_of(args[0]) != side else 0.0


def _place(state: NSState, side: str, args: tuple[str, ...], memo: Memo) -> float:
    return state_value(state, side, args[0], 1)


def _pick(state: NSState, side: str, args: tuple[str, ...], memo: Memo) -> float:
    wait: dict[str, Any] = state.wait or {}
    value = args[0]
    kind = wait.get("kind")
    if kind == "state":
        code = value
        loser = wait.get("loser")  # a pick of a state to take support from: whose
        if loser is not None:
            cubes = count(state.support.get(code, 0), loser)
            # take from the rival where it hurts most (a lead about to go); lose one's own where safest
            ev = c().states[code].ev
            return ev / cubes if loser != side else cubes * 2 - ev * 0.1
        return state_value(state, side, code, 2, checks=needs_checks(state, side, code, campaigning=False))
    if kind == "region":
        region = value
        theirs = count(state.media.get(region, 0), rival(side)) + count(state.endorsements.get(region, 0), rival(side))
        return theirs * 2 + c().regions[region].ev / 50
    if kind == "issue":
        return (3 - state.track.index(value)) + (2 if issue_leader(state, value) != side else 0)
    if kind == "card":
        return -card(int(value)).cp
    return 0.0


def _order(state: NSState, side: str, args: tuple[str, ...], memo: Memo) -> float:
    entry = next((e for e in state.election_events if e.card == int(args[0])), None)
    return 1.0 if entry is not None and entry.owner == side else 0.0


def _vp(state: NSState, side: str, args: tuple[str, ...], memo: Memo) -> float:
    vp = state.sides[side].vp_card
    if vp is None:
        return -10
    return _card_cp(str(vp)) * 3 + 4 - card(int(args[0])).cp * 2.5


SCORERS = {"play": _play, "add": _add, "spend": _spend, "stop": _stop, "travel": _travel,
           "done": _done, "media": _media, "issue": _issue, "trigger": _trigger, "pass": _pass, "start": _start,
           "swap": _swap, "keep": _keep, "take": _take, "strategy": _strategy, "debate": _debate, "side": _side,
           "first": _first, "place": _place, "pick": _pick, "order": _order, "vp": _vp}

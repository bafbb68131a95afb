"""What each side may do now, without a word: the single source of legality. `moves` finds the decision a seat
faces (a stage such as `activity`, `campaign`, `round`) and its legal actions in menu order; the menu
(engine/nineteen_sixty/menus.py) gives them the facts their words need (words.py), and the search's silent path (silent.py) takes them as they
are. An action recurs in every game, so each is built once (`act`)."""
from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from engine.core.types import Action
from engine.nineteen_sixty.content_models import REGIONS
from engine.nineteen_sixty.primitives import (TRAVEL_REGIONS, c, card, event_checks, issue_leader,
                                              media_total, region_crossings, requirement_met, side_of, states_travel,
                                              strategy_need, strategy_ok)
from engine.nineteen_sixty.state import SEATS, Debate, NSState, Play, Side

CANDIDATE = "candidate"


@lru_cache(maxsize=None)
def act(verb: str, *args: str) -> Action:
    """The action `verb args…`, one shared (frozen) object per spelling."""
    return Action(verb=verb, args=args)


@lru_cache(maxsize=None)
def _each(verb: str, values: tuple[str, ...]) -> tuple[Action, ...]:
    """`verb value` for each of `values`, in their order (a list of one-word actions, built once)."""
    return tuple(act(verb, v) for v in values)


@lru_cache(maxsize=None)
def _numbers(top: int) -> tuple[str, ...]:
    return tuple(str(n) for n in range(1, top + 1))


@lru_cache(maxsize=None)
def _number(card_id: int) -> str:
    return str(card_id)


@lru_cache(maxsize=None)
def _sorted_states() -> tuple[str, ...]:
    return tuple(sorted(c().states))


@lru_cache(maxsize=None)
def _travel_states(region: str) -> tuple[str, ...]:
    return tuple(states_travel(region))


def to_play(state: NSState) -> str | None:
    """Whose play it is in the current activity phase (None outside one, or once both have played)."""
    if state.phase != "activity" or state.starter is None or len(state.played) >= 2:
        return None
    return state.starter if not state.played else state.other(state.starter)


def knee(state: NSState, side: str) -> bool:
    """Whether a rival's turn effect makes each campaign cost `side` 1 momentum."""
    return any(e.who == side and e.hook == "campaign_costs_momentum" for e in state.turn_effects)


def playable_cards(state: NSState, side: str) -> list[int]:
    """Hand cards that may be played now: one that may be set aside for Campaign Strategy cannot be played
    when the hand holds no more such cards than the phase will need (rule: keep a valid card)."""
    hand = state.sides[side].hand
    ok = [strategy_ok(x) for x in hand]
    if sum(ok) > strategy_need(state):
        return list(hand)
    return [x for x, keep in zip(hand, ok) if not keep]


def vp_discards(state: NSState, side: str) -> list[int]:
    """The cards that may be discarded to play the Vice President card instead (its own candidate's icon)."""
    me = state.sides[side]
    if me.vp_card is None:
        return []
    return [x for x in playable_cards(state, side) if card(x).icons == [side]]


def position_cost(play: Play, issue: str) -> int:
    rules = c().rules
    return rules.position_first_cost if not play.bought.get(issue) else rules.position_more_cost


def restricted(state: NSState, play: Play, issue: str) -> bool:
    return state.options.restricted and play.card is not None and card(play.card).debate_issue == issue


def media_leader(state: NSState) -> str | None:
    k, n = media_total(state, "K"), media_total(state, "N")
    return "K" if k > n else "N" if n > k else None


def side_chooser(state: NSState) -> str | None:
    """The side whose revealed two-icon debate card waits to be placed on a side (the one placing first)."""
    d = state.debate
    if d is None:
        return None
    pending = [s for s, x in d.revealed.items() if len(card(x).icons) == 2 and s not in d.sides_chosen
               and is_open(d, card(x).debate_issue)]
    if not pending:
        return None
    if len(pending) == 2:
        first = side_of(d.first) if d.first else None
        return first if first in pending else pending[0]
    return pending[0]


def is_open(d: Debate, issue: str) -> bool:
    return any(i.issue == issue and i.won_by is None for i in d.issues)


def strategy_choices(me: Side) -> list[int]:
    """The hand's cards that may still be set aside for Campaign Strategy (never a Gathering Momentum card)."""
    return [x for x in me.hand if strategy_ok(x) and x not in me.picking]


def uses(state: NSState, side: str, arg: str, *, preempted: bool) -> tuple[Action, ...]:
    """The ways to use a card (or the candidate card), in menu order: its event, or its CP for one action, or a
    preemption."""
    return _user(state, side)(arg, preempted)


def _user(state: NSState, side: str) -> Callable[[str, bool], tuple[Action, ...]]:
    """`uses` for one side now, the facts every card of its hand shares found once."""
    campaign, rich = _means(state, side)
    events = event_checks(state)

    def card_uses(arg: str, preempted: bool) -> tuple[Action, ...]:
        if arg == CANDIDATE or preempted:  # no event: the candidate card has none, a preempted one is spent
            return _uses(arg, False, campaign, False)
        playable, spent = events(int(arg))
        return _uses(arg, playable, campaign, rich and not spent)
    return card_uses


def _means(state: NSState, side: str) -> tuple[bool, bool]:
    """Whether `side` may campaign now, and whether it may pay for a preemption."""
    me = state.sides[side]
    campaign = not knee(state, side) or me.momentum >= 1  # a preempt is paid when announced: this must still hold
    return campaign, me.momentum >= c().rules.preempt_cost


@lru_cache(maxsize=None)
def _uses(arg: str, event: bool, campaign: bool, preempt: bool) -> tuple[Action, ...]:
    verbs = ("event",) * event + ("campaign",) * campaign + ("advertise", "position") + ("preempt",) * preempt
    return tuple(act("play", arg, verb) for verb in verbs)


def stage(state: NSState, seat: str) -> str:
    """The decision `seat` faces now, by name ("" for none): `wait` (an event's choice), `window` (a trigger),
    `initiative`, `activity`, a stage of the play on the table (`how`, `campaign`, `amount`, `stop`, `advertise`,
    `position`), `swap`, `reward2`, `strategy`, `place`, `first`, `side`, `round` (a debate card) or `order`."""
    if seat not in SEATS or state.phase == "over":
        return ""
    if state.wait is not None:
        return "wait" if state.wait["seat"] == seat else ""
    if state.window is not None:
        return "window" if state.window.owes(seat) else ""
    phase = state.phase
    if phase == "initiative":
        return "initiative" if state.initiative == seat and state.starter is None else ""
    if phase == "activity":
        play = state.play
        if play is None:
            return "activity" if to_play(state) == seat else ""
        return play.stage if play.seat == seat and play.stage in _PLAY_STAGES else ""
    side = side_of(seat)
    if phase == "momentum":
        if state.step == "swap" and media_leader(state) == side:
            return "swap"
        return "reward2" if state.step == "reward2" and issue_leader(state, state.track[1]) == side else ""
    if phase == "strategy":
        me = state.sides[side]
        return "" if len(me.picking) >= strategy_need(state) or seat in state.sealed.sealed else "strategy"
    if phase == "debate":
        return _debate_stage(state, seat, side)
    return "order" if phase == "election" and state.step == "events" and state.initiative == seat else ""


_PLAY_STAGES = frozenset(("how", "campaign", "amount", "stop", "advertise", "position"))
# the stages whose actions are never none (a fixed list, or one that ends with `done` or `pass`)
_NEVER_EMPTY = frozenset(("window", "initiative", "activity", "how", "campaign", "advertise", "position", "swap",
                          "reward2", "strategy", "place", "first", "side"))


def _debate_stage(state: NSState, seat: str, side: str) -> str:
    d = state.debate
    if d is None:
        return ""
    if d.placing is not None:
        return "place" if d.placing["side"] == side else ""
    if state.step == "first":
        return "first" if state.initiative == seat else ""
    if state.step == "side":
        return "side" if side_chooser(state) == side else ""
    if state.step == "round" and seat in state.sealed.seats and seat not in state.sealed.sealed:
        return "round"
    return ""


def moves(state: NSState, seat: str) -> tuple[str, list[Action]]:
    """The decision `seat` faces (its stage; "" for none) and its legal actions, in menu order."""
    where = stage(state, seat)
    return (where, ACTIONS[where](state, seat)) if where else ("", [])


def owes(state: NSState, seat: str) -> bool:
    """Whether `seat` owes a decision now (it has a legal action)."""
    where = stage(state, seat)
    return bool(where) and (where in _NEVER_EMPTY or bool(ACTIONS[where](state, seat)))


def owed_stages(state: NSState) -> dict[str, str | list[Action]]:
    """The seats that owe a decision now, in seat order, each with its stage, or with its legal actions where they
    had to be listed to tell whether it owes one (`owes`)."""
    if state.phase == "activity" and state.wait is None and state.window is None:
        return _activity_owed(state)
    owed: dict[str, str | list[Action]] = {}
    for seat in state.seats:
        where = stage(state, seat)
        if not where:
            continue
        if where in _NEVER_EMPTY:
            owed[seat] = where
            continue
        found = ACTIONS[where](state, seat)
        if found:
            owed[seat] = found
    return owed


def _activity_owed(state: NSState) -> dict[str, str | list[Action]]:
    """`owed_stages` in an activity phase with no event choice or trigger pending: one seat at most owes, the one
    to play or the one whose play is on the table (`stage`), so neither seat's stage need be asked in turn."""
    play = state.play
    if play is None:
        seat = to_play(state)
        return {} if seat is None else {seat: "activity"}
    where = play.stage
    if where not in _PLAY_STAGES:
        return {}
    if where in _NEVER_EMPTY:
        return {play.seat: where}
    found = ACTIONS[where](state, play.seat)
    return {play.seat: found} if found else {}


def stage_actions(state: NSState, seat: str, where: str) -> list[Action]:
    """The legal actions of `seat`, whose decision is `where` (its stage)."""
    return ACTIONS[where](state, seat)


def owing(state: NSState) -> list[str]:
    """The seats that owe a decision now, in seat order."""
    return [s for s in SEATS if owes(state, s)]


def _play(state: NSState) -> Play:
    assert state.play is not None
    return state.play


def _wait(state: NSState, seat: str) -> list[Action]:
    assert state.wait is not None
    card_kind = state.wait["kind"] == "card"
    return [act("pick", str(int(x)) if card_kind else x) for x in state.wait["among"]]


def _activity(state: NSState, seat: str) -> list[Action]:
    side = side_of(seat)
    campaign, rich = _means(state, side)
    # `uses` of each card (`_user`), what the hand's cards share found once: `event_checks` without its closure
    blocked = {x for s in state.prevention for x in card(s.card).prevents} if state.prevention else ()
    late = state.turn > c().rules.debate_turn
    may = 2 if campaign else 0
    out: list[Action] = []
    hand = [(x, _card_uses(x)) for x in sorted(state.sides[side].hand)]
    # `playable_cards`: a card that may be set aside is held back when the hand keeps no more of them than needed
    held = sum(uses[2] for _, uses in hand) <= strategy_need(state)
    for x, (requires, debate, keep, ways) in hand:
        if held and keep:
            continue
        playable = x not in blocked and (not requires or requirement_met(state, x))
        out += ways[(4 if playable else 0) + may + (1 if rich and not (late and debate) else 0)]
    if state.sides[side].candidate == "active":
        out += _uses(CANDIDATE, False, campaign, False)
    out += [act("vp", str(x)) for x in vp_discards(state, side)]
    return out or [act("pass")]


@lru_cache(maxsize=None)
def _card_uses(card_id: int) -> tuple[bool, bool, bool, tuple[tuple[Action, ...], ...]]:
    """What a hand card's uses turn on (whether its event has a requirement, whether it is a Debate event, whether
    it may be set aside for Campaign Strategy), and its uses for each answer: `_uses` at 4 × its event playable
    + 2 × campaigning allowed + a preemption allowed."""
    x = card(card_id)
    arg = _number(card_id)
    ways = tuple(_uses(arg, bool(i & 4), bool(i & 2), bool(i & 1)) for i in range(8))
    return x.requires is not None, x.persistent == "debate", strategy_ok(card_id), ways


def _how(state: NSState, seat: str) -> list[Action]:
    play = _play(state)
    return list(uses(state, side_of(seat), CANDIDATE if play.card is None else str(play.card),
                     preempted=play.preempted))


def _campaign(state: NSState, seat: str) -> list[Action]:
    play = _play(state)
    here = play.region
    states = _travel_states(here)
    declared = play.declared
    out = [a for code, a in zip(states, _each("add", states)) if code not in declared] if declared \
        else list(_each("add", states))
    cp = play.cp_left
    out += [a for cost, a in _travels(here) if cost <= cp]
    return [*out, act("done")]


@lru_cache(maxsize=None)
def _travels(here: str) -> tuple[tuple[int, Action], ...]:
    """Travel from the travel region `here` to each other one, with the boundaries it crosses, in menu order."""
    return tuple((region_crossings(here, region), act("travel", region)) for region in TRAVEL_REGIONS if region != here)


def _position(state: NSState, seat: str) -> list[Action]:
    return [*_each("issue", positions(state, _play(state))), act("done")]


def positions(state: NSState, play: Play) -> tuple[str, ...]:
    """The issues the play may still position on, in track order: affordable with its CP left, and not its own
    card's debate issue under Restricted Positioning."""
    rules = c().rules
    first, more, cp, bought = rules.position_first_cost, rules.position_more_cost, play.cp_left, play.bought
    banned = card(play.card).debate_issue if state.options.restricted and play.card is not None else None
    if banned is None and cp >= first and cp >= more:
        return tuple(state.track)
    return tuple(issue for issue in state.track
                 if (more if bought.get(issue) else first) <= cp and issue != banned)


def _swap(state: NSState, seat: str) -> list[Action]:
    t = state.track
    return [act("swap", t[0], t[1]), act("swap", t[1], t[2]), act("keep")]


def _strategy(state: NSState, seat: str) -> list[Action]:
    # asked by the hand's size, yet holding only Gathering Momentum cards: `pass` is the one legal choice
    return [act("strategy", str(x)) for x in sorted(strategy_choices(state.sides[side_of(seat)]))] or [act("pass")]


ACTIONS: dict[str, Callable[[NSState, str], list[Action]]] = {
    "wait": _wait,
    "window": lambda state, seat: [act("trigger"), act("pass")],
    "initiative": lambda state, seat: [act("start", state.other(seat)), act("start", seat)],
    "activity": _activity,
    "how": _how,
    "amount": lambda state, seat: list(_each("spend", _numbers(_play(state).cp_left))),
    "stop": lambda state, seat: list(_each("stop", _travel_states(_play(state).region))),
    "campaign": _campaign,
    "advertise": lambda state, seat: list(_each("media", REGIONS)),
    "position": _position,
    "swap": _swap,
    "reward2": lambda state, seat: [act("take", "momentum"), act("take", "endorsement")],
    "strategy": _strategy,
    "place": lambda state, seat: list(_each("place", _sorted_states())),
    "first": lambda state, seat: list(_each("first", SEATS)),
    "side": lambda state, seat: list(_each("side", SEATS)),
    "round": lambda state, seat: [act("debate", str(x)) for x in sorted(state.sides[side_of(seat)].hand)],
    "order": lambda state, seat: [act("order", str(e.card)) for e in state.election_events],
}

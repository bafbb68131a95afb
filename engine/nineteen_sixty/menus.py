"""Each decision as facts: the question a seat is asked (facts.py) and, on every legal action `legal.moves` finds
in the order it finds them, what its label needs beyond the action. Not a word: words.py phrases them. Nothing
here decides what is legal."""
from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from engine.core.types import Action, Option, PendingKind
from engine.nineteen_sixty import facts as f
from engine.nineteen_sixty import waits
from engine.nineteen_sixty.legal import CANDIDATE, knee, moves, position_cost
from engine.nineteen_sixty.primitives import c, card, event_spent, needs_checks, side_of, strategy_need
from engine.nineteen_sixty.state import NSState

# a question's kind and its facts but the deadline's default, with the options
Asked = tuple[type[f.Ask], dict[str, Any], list[Option]]


def menu(state: NSState, seat: str) -> tuple[str, type[f.Ask] | None, dict[str, Any], list[Option], PendingKind]:
    """The seat's decision as facts: its stage, the question's kind and facts (but its default), the options
    and the decision's kind."""
    stage, actions = moves(state, seat)
    if not actions:
        return "", None, {}, [], PendingKind.CHOICE
    ask, fields, options = QUESTIONS[stage](state, seat, actions)
    return stage, ask, fields, options, KINDS.get(stage, PendingKind.CHOICE)


# facts are frozen and few: each is made once and shared by every menu that states it
_use = lru_cache(maxsize=None)(f.Use)
_support_facts = lru_cache(maxsize=None)(f.Support)
_standing = lru_cache(maxsize=None)(f.Standing)


def _opt(action: Action, facts: Any = None) -> Option:
    return Option(action=action, facts=facts)


def _bare(actions: list[Action]) -> list[Option]:
    return [Option(action=a) for a in actions]


def _support(state: NSState, action: Action, side: str | None = None) -> Option:
    """A choice of one state, with the support there (and, campaigning, whether adding there needs checks)."""
    code = action.args[0]
    checks = side is not None and needs_checks(state, side, code, campaigning=True)
    return _opt(action, _support_facts(value=state.support.get(code, 0), checks=checks))


def _use_option(state: NSState, side: str, action: Action, *, preempted: bool) -> Option:
    """One way to use a card (or the candidate card): the rest cubes a fresh play moves, whether its event has
    nothing left to do, whether campaigning costs the knee's momentum."""
    arg, verb = action.args
    is_candidate = arg == CANDIDATE
    rest = card(int(arg)).rest if not is_candidate and not preempted and state.play is None else 0
    spent = verb == "event" and event_spent(state, int(arg))
    return _opt(action, _use(rest=rest, spent=spent, knee=verb == "campaign" and knee(state, side)))


def _wait(state: NSState, seat: str, actions: list[Action]) -> Asked:
    assert state.wait is not None
    card_id = next((fr.locals["card"] for fr in reversed(state.effect.frames) if fr.locals.get("card")), None)
    return (f.WaitAsk, {**waits.fields(state.wait), "card": None if card_id is None else int(card_id)},
            _bare(actions))


def _window(state: NSState, seat: str, actions: list[Action]) -> Asked:
    assert state.play is not None and state.play.card is not None
    return (f.WindowAsk, {"card": state.play.card, "rival": state.other(seat),
                          "momentum": state.sides[side_of(seat)].momentum}, _bare(actions))


def _initiative(state: NSState, seat: str, actions: list[Action]) -> Asked:
    return f.InitiativeAsk, {}, _bare(actions)


def _activity(state: NSState, seat: str, actions: list[Action]) -> Asked:
    side = side_of(seat)
    me = state.sides[side]
    options = []
    for a in actions:
        if a.verb == "play":
            options.append(_use_option(state, side, a, preempted=False))
        elif a.verb == "vp":
            assert me.vp_card is not None
            options.append(_opt(a, f.VpDiscard(card=me.vp_card)))
        else:
            options.append(_opt(a))
    return f.ActivityAsk, {"rest": any(card(x).rest for x in me.hand)}, options


def _how(state: NSState, seat: str, actions: list[Action]) -> Asked:
    play = state.play
    assert play is not None and play.card is not None  # only a card is preempted, or the VP card played
    return (f.HowAsk, {"card": play.card, "preempted": play.preempted},
            [_use_option(state, side_of(seat), a, preempted=play.preempted) for a in actions])


def _amount(state: NSState, seat: str, actions: list[Action]) -> Asked:
    assert state.play is not None
    code = state.play.target
    checks = needs_checks(state, side_of(seat), code, campaigning=True)
    value = state.support.get(code, 0)
    return f.AmountAsk, {"state": code, "checks": checks}, [_opt(a, _support_facts(value=value)) for a in actions]


def _stop(state: NSState, seat: str, actions: list[Action]) -> Asked:
    return f.StopAsk, {}, [_support(state, a) for a in actions]


def _campaign(state: NSState, seat: str, actions: list[Action]) -> Asked:
    play = state.play
    assert play is not None
    side = side_of(seat)
    options = [_support(state, a, side) if a.verb == "add" else _opt(a) for a in actions]
    return f.CampaignAsk, {"cp_left": play.cp_left, "here": play.region}, options


def _advertise(state: NSState, seat: str, actions: list[Action]) -> Asked:
    assert state.play is not None
    return (f.AdvertiseAsk, {"to_place": state.play.to_place},
            [_opt(a, _standing(value=state.media.get(a.args[0], 0))) for a in actions])


def _position(state: NSState, seat: str, actions: list[Action]) -> Asked:
    play = state.play
    assert play is not None
    options = [_opt(a, _standing(value=state.issues.get(a.args[0], 0), cost=position_cost(play, a.args[0])))
               if a.verb == "issue" else _opt(a) for a in actions]
    return f.PositionAsk, {"cp_left": play.cp_left}, options


def _swap(state: NSState, seat: str, actions: list[Action]) -> Asked:
    return f.SwapAsk, {}, _bare(actions)


def _reward2(state: NSState, seat: str, actions: list[Action]) -> Asked:
    return f.RewardAsk, {"issue": state.track[1]}, _bare(actions)


def _strategy(state: NSState, seat: str, actions: list[Action]) -> Asked:
    left = strategy_need(state) - len(state.sides[side_of(seat)].picking)
    return f.StrategyAsk, {"left": left, "debates": state.turn < c().rules.debate_turn}, _bare(actions)


def _place(state: NSState, seat: str, actions: list[Action]) -> Asked:
    assert state.debate is not None and state.debate.placing is not None
    placing = state.debate.placing
    return (f.PlaceAsk, {"issue": placing["issue"], "left": placing["left"]},
            [_support(state, a) for a in actions])


def _first(state: NSState, seat: str, actions: list[Action]) -> Asked:
    return f.FirstAsk, {}, _bare(actions)


def _side(state: NSState, seat: str, actions: list[Action]) -> Asked:
    assert state.debate is not None
    return f.SideAsk, {"card": state.debate.revealed[side_of(seat)]}, _bare(actions)


def _round(state: NSState, seat: str, actions: list[Action]) -> Asked:
    d = state.debate
    assert d is not None
    return (f.RoundAsk, {"round": d.round, "open": tuple(i.issue for i in d.issues if i.won_by is None)},
            _bare(actions))


def _order(state: NSState, seat: str, actions: list[Action]) -> Asked:
    owner = {str(e.card): e.owner for e in state.election_events}
    return f.OrderAsk, {}, [_opt(a, f.Owner(side=owner[a.args[0]])) for a in actions]


QUESTIONS: dict[str, Callable[[NSState, str, list[Action]], Asked]] = {
    "wait": _wait, "window": _window, "initiative": _initiative, "activity": _activity, "how": _how,
    "amount": _amount, "stop": _stop, "campaign": _campaign, "advertise": _advertise, "position": _position,
    "swap": _swap, "reward2": _reward2, "strategy": _strategy, "place": _place, "first": _first, "side": _side,
    "round": _round, "order": _order,
}
KINDS: dict[str, Any] = {"window": PendingKind.RESPONSE, "strategy": PendingKind.SIMULTANEOUS,
                         "round": PendingKind.SIMULTANEOUS}

"""Resolving a declared action of the turn's card: one small handler per action.

The rivals' triggers on the declaration fire first; then the action pays out (fundraise, register), starts
its steps (travel, advertise, campaign and the stepped Dirty Politics actions) or runs its politick, which
may go on the table instead when it is ongoing or scored at the end of the game.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from engine.campaign_trail import abilities, dirty, effects, op_context
from engine.campaign_trail import facts_tell as ft
from engine.campaign_trail.content import load as _c  # the game's content, loaded once
from engine.campaign_trail.moves import campaign_cost, campaign_states
from engine.campaign_trail.posting import Private
from engine.campaign_trail.state import CampaignTrailState, Tabled, TurnState
from engine.campaign_trail.turn import after_action, after_effect, end_turn, fire_triggers, start_triggers


@dataclass
class _Taking:
    """An action being taken: who takes it, the actions its card shows, and whether the step so far may be
    taken back (not once a rival's trigger drew cards)."""
    s: CampaignTrailState
    turn: TurnState
    seat: str
    verb: str
    actions: Any
    log: list[str]
    private: Private
    changed: list[str]
    undoable: bool


def take_action(s: CampaignTrailState, seat: str, verb: str, log: list[str], private: Private,
                changed: list[str]) -> bool:
    """Resolve a declared action of the turn's card (after any response window on its declaration). Returns
    whether the step may be taken back."""
    t = s.turn
    t.action = verb
    t.free_left = abilities.free_voters(s, seat)
    actions = _c().card(t.card).actions
    undoable = not fire_triggers(s, seat, verb, log, private)  # a rival drew cards: no undo
    taking = _Taking(s, t, seat, verb, actions, log, private, changed, undoable)
    if verb in dirty.STEPPED:
        return _dirty_stepped(taking)
    handler = _TAKE.get(verb)
    return taking.undoable if handler is None else handler(taking)


def _dirty_stepped(x: _Taking) -> bool:
    """A stepped Dirty Politics action: some finish on declaring, a smear campaign fires its triggers."""
    if dirty.declare(x.s, x.seat, x.verb, x.log, x.changed):
        return after_action(x.s, x.log, x.private) and x.undoable
    if x.verb == "smear_campaign":
        start_triggers(x.s, x.seat, x.log, x.private)
    return x.undoable


def _fundraise(x: _Taking) -> bool:
    """The card's money (changed by abilities, never below nothing), and the action is over."""
    amount = max(0, abilities.stat(x.s, x.seat, "fundraise", "amount", x.actions.fundraise))
    x.s.parties[x.s.players[x.seat].party].money += amount
    if x.log.keeps:
        x.log.append(ft.Fundraised(seat=x.seat, amount=amount))
    return after_action(x.s, x.log, x.private)


def _register(x: _Taking) -> bool:
    """The card's voters taken from the supply into the registered pool, and the action is over."""
    amount = max(0, abilities.stat(x.s, x.seat, "register", "amount", x.actions.register_))
    party = x.s.parties[x.s.players[x.seat].party]
    party.registered += amount
    party.out_of_supply += amount
    if x.log.keeps:
        x.log.append(ft.Registered(who=x.seat, count=amount))
    return after_action(x.s, x.log, x.private)


def _campaign(x: _Taking) -> bool:
    """The campaign paid for up front; its voters are placed step by step after the triggers."""
    cost = campaign_cost(x.s, x.seat)
    x.s.parties[x.s.players[x.seat].party].money -= cost
    if x.log.keeps:
        x.log.append(ft.Campaigned(seat=x.seat, cost=cost, states=tuple(campaign_states(x.s, x.seat, x.turn.card))))
    start_triggers(x.s, x.seat, x.log, x.private)
    return x.undoable


def _travel(x: _Taking) -> bool:
    """A journey starts from the pawn's state; its moves are steps of their own."""
    x.turn.path = []
    if x.log.keeps:
        x.log.append(ft.TravelStarted(seat=x.seat, origin=x.s.players[x.seat].pawn))
    return x.undoable


def _advertise(x: _Taking) -> bool:
    """An advertising campaign starts; each issue bought is a step of its own."""
    if x.log.keeps:
        x.log.append(ft.AdvertiseStarted(seat=x.seat))
    return x.undoable


def _politick(x: _Taking) -> bool:
    """The card's politick (or dirty trick): tabled when it keeps working, else run at once."""
    dirty_trick = x.verb == "dirty_tricks"
    pid = x.actions.dirty_tricks if dirty_trick else x.actions.politick
    if x.log.keeps:
        x.log.append(ft.PolitickTaken(seat=x.seat, politick=pid, dirty=dirty_trick))
    if dirty_trick:
        dirty.pay_extra(x.s, x.seat, x.log)  # the Clean Candidate
    cost = effects.declared_proc(x.s, x.seat, x.verb)  # the Populist pays first
    if pid in effects.ONGOING or pid in effects.END_OF_GAME:
        return _table_politick(x, pid, cost)
    wait = effects.interpreter().start(x.s.frames, f"{cost}|{pid}" if cost else pid, op_context.Ctx(x.s, x.seat, x.log, x.private))
    return after_effect(x.s, wait, x.log, x.private) and x.undoable and pid != "diverse_strategy"


def _table_politick(x: _Taking, pid: str, cost: str | None) -> bool:
    """An ongoing or end-of-game politick goes on the table with its card; its `play` part (and any cost the
    declaration owes) runs now, else the turn ends."""
    s = x.s
    s.players[x.seat].table.append(Tabled(card=x.turn.card, politick=pid))
    abilities.forget(s)
    if x.log.keeps:
        x.log.append(ft.PolitickTabled(seat=x.seat, politick=pid, end_of_game=pid in effects.END_OF_GAME))
    x.turn.card = None
    proc = pid + ":play" if pid + ":play" in effects.procs() else None
    proc = f"{cost}|{proc}" if cost and proc else (cost or proc)
    if proc is not None:
        wait = effects.interpreter().start(s.frames, proc, op_context.Ctx(s, x.seat, x.log, x.private))
        return after_effect(s, wait, x.log, x.private)
    return end_turn(s, x.log, x.private)


_TAKE: dict[str, Callable[[_Taking], bool]] = {
    "fundraise": _fundraise, "register": _register, "campaign": _campaign, "travel": _travel,
    "advertise": _advertise, "politick": _politick, "dirty_tricks": _politick,
}

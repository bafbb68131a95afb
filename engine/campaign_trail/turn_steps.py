"""The plain steps of setup and of a turn, one small handler per verb.

rules.py routes a step here once no debate, response window or Solo Play question is waiting on it. Each
handler changes the state, logs what happened, lists the states it changed and returns whether the step may
be taken back.
"""
from __future__ import annotations

from typing import Callable

from engine.campaign_trail import abilities, dirty, responses
from engine.campaign_trail import vocabulary
from engine.campaign_trail import facts_tell as ft
from engine.campaign_trail.menus import ACTIONS
from engine.campaign_trail.moves import advertise_cost, campaign_voter_cost, card_issues_left
from engine.campaign_trail.posting import Log, Private, by, cause_now
from engine.campaign_trail.primitives import add_voters, issue_states, take_voter
from engine.campaign_trail.resolve_action import take_action
from engine.campaign_trail.setup import start_home, start_play
from engine.campaign_trail.state import CampaignTrailState, TurnState
from engine.campaign_trail.turn import (
    after_action, ai_turns, answer_wait, end_turn, first_card_played, next_party, put_back, start_of_turn,
)
from engine.core.errors import UnknownAction
from engine.core.types import Action

Step = Callable[[CampaignTrailState, str, Action, Log, Private, list[str]], bool]

_ANSWERS = frozenset(("vote", "pick", "card", "done", "option", "remove"))  # the answers to a paused effect's wait


def turn_step(s: CampaignTrailState, seat: str, action: Action, log: Log, private: Private,
              changed: list[str]) -> bool:
    """A step of the setup or of a turn: an answer to a paused effect, an action declared, a Dirty Politics
    action's step, or one of the plain verbs in _STEPS."""
    verb = action.verb
    w = s.wait
    if w is not None and verb in _ANSWERS and not (verb == "done" and s.exchange is not None) \
            and not (verb == "card" and w.get("putback") is not None):
        return answer_wait(s, seat, action, log, private, changed)  # the most common step with a wait: first
    if verb in ACTIONS or verb in vocabulary.DIRTY_ACTIONS:
        return _declare(s, seat, verb, log, private, changed)
    if verb in dirty.STEP_VERBS and s.wait is None and s.turn is not None and s.turn.action in dirty.STEPPED:
        return not dirty.step(s, seat, action, log, changed) or after_action(s, log, private)
    handler = _STEPS.get(verb)
    if handler is None:  # decisions() never offers anything else
        raise UnknownAction(f"Unknown action `{verb}`.")
    return handler(s, seat, action, log, private, changed)


def _declare(s: CampaignTrailState, seat: str, verb: str, log: Log, private: Private, changed: list[str]) -> bool:
    """An action of the card chosen: rivals may answer the declaration first, else it is taken at once."""
    if responses.opens_window(s, seat, verb):
        responses.open_window(s, seat, verb, log)
        return False
    return take_action(s, seat, verb, log, private, changed)


def _candidate(s: CampaignTrailState, seat: str, action: Action, log: Log, private: Private,
               changed: list[str]) -> bool:
    """A candidate chosen; the last choice reveals everyone's at once, which cannot be taken back."""
    s.players[seat].candidate = action.args[0]
    abilities.forget(s)
    log.append(ft.CandidateChosen(seat=seat))
    if not all(p.candidate for p in s.players.values()):
        return True
    with by(log, None):  # everyone's candidate revealed at once: the game's own step
        start_home(s, log)
    return False


def _home(s: CampaignTrailState, seat: str, action: Action, log: Log, private: Private, changed: list[str]) -> bool:
    """A home state chosen; the last choice starts play (Solo Play's AI parties go first)."""
    s.players[seat].home = action.args[0]
    log.append(ft.HomeChosen(seat=seat))
    if not all(p.home for p in s.players.values()):
        return True
    with by(log, None):  # everyone's home state at once
        start_play(s, log)
    ai_turns(s, log, private)
    changed.extend(sorted({p.home for p in s.players.values()}))
    return False


def _play(s: CampaignTrailState, seat: str, action: Action, log: Log, private: Private, changed: list[str]) -> bool:
    """A card played from hand starts the turn; its first-card triggers fire."""
    n = int(action.args[0])
    s.players[seat].hand.remove(n)
    start_of_turn(s, seat, log)
    s.turn = TurnState.fresh(seat, n)
    cause_now(log, str(n))
    if log.keeps:
        log.append(ft.CardPlayed(seat=seat, card=n))
    changed.extend(first_card_played(s, seat, n, log))
    return True


def _pass(s: CampaignTrailState, seat: str, action: Action, log: Log, private: Private, changed: list[str]) -> bool:
    """A turn passed with no card played."""
    start_of_turn(s, seat, log)
    if log.keeps:
        log.append(ft.TurnPassed(seat=seat))
    s.turn = TurnState.fresh(seat)
    return end_turn(s, log, private)


def _move(s: CampaignTrailState, seat: str, action: Action, log: Log, private: Private, changed: list[str]) -> bool:
    """A travel step: one state over land (`to`) or a flight (`fly`), by the seat or whoever moves for it."""
    verb, code = action.verb, action.args[0]
    s.turn.steps += verb == "to"
    s.turn.flown = s.turn.flown or verb == "fly"
    s.turn.path.append(code)
    mover = s.turn.mover or seat
    s.players[mover].pawn = code
    if log.keeps:
        log.append(ft.PawnMoved(seat=mover, state=code, flown=verb == "fly"))
    changed.append(code)
    return True


def _mate(s: CampaignTrailState, seat: str, action: Action, log: Log, private: Private, changed: list[str]) -> bool:
    """Frequent Flyer in a team game: the running mate's pawn makes this move."""
    s.turn.mover = abilities.running_mate(s, seat)
    log.append(ft.MateMoves(seat=seat, mate=s.turn.mover))
    return True


def _vote(s: CampaignTrailState, seat: str, action: Action, log: Log, private: Private, changed: list[str]) -> bool:
    """A campaign voter placed (paid for under Local Funds Dry Up)."""
    if s.wait is not None:
        raise UnknownAction(f"Unknown action `{action.verb}`.")
    me = s.players[seat]
    code = action.args[0]
    s.parties[me.party].money -= campaign_voter_cost(s, seat)
    take_voter(s, seat)
    add_voters(s, code, me.party, 1)
    s.turn.placed += 1
    s.turn.per_state[code] = s.turn.per_state.get(code, 0) + 1
    if log.keeps:
        log.append(ft.VoterPlaced(who=seat, state=code))
    changed.append(code)
    return True


def _issue(s: CampaignTrailState, seat: str, action: Action, log: Log, private: Private, changed: list[str]) -> bool:
    """An advertised issue: a voter in every state showing it, paid unless it is the Populist's free issue."""
    me = s.players[seat]
    issue = action.args[0]
    paid = issue in card_issues_left(s.turn.card, s.turn.bought)
    s.parties[me.party].money -= advertise_cost(s, seat) if paid else 0
    placed = issue_states(issue)
    for code in placed:
        take_voter(s, seat)
        add_voters(s, code, me.party, 1)
    s.turn.bought.append(issue)
    if log.keeps:
        log.append(ft.Advertised(seat=seat, issue=issue, states=tuple(placed)))
    changed.extend(placed)
    return True


def _give(s: CampaignTrailState, seat: str, action: Action, log: Log, private: Private, changed: list[str]) -> bool:
    """The card offered in a team exchange."""
    s.exchange.give = int(action.args[0])
    return True


def _take(s: CampaignTrailState, seat: str, action: Action, log: Log, private: Private, changed: list[str]) -> bool:
    """The partner's card taken for the one offered: the swap is told to both, each in their own words."""
    me = s.players[seat]
    mine, theirs = s.exchange.give, int(action.args[0])
    s.exchange.give = None
    mate = s.players[s.exchange.partner]
    me.hand[me.hand.index(mine)] = theirs
    mate.hand[mate.hand.index(theirs)] = mine
    s.exchange.swaps += 1
    log.append(ft.CardsExchanged(seat=seat, partner=s.exchange.partner))
    swap = ft.Swapped(seat=seat, given=mine, taken=theirs)
    private[seat], private[s.exchange.partner] = [swap], [swap]
    return True


def _done(s: CampaignTrailState, seat: str, action: Action, log: Log, private: Private, changed: list[str]) -> bool:
    """`done` ends a team exchange (the next party's turn) or the action under way."""
    if s.exchange is None:
        return after_action(s, log, private)
    log.append(ft.ExchangeDone(seat=seat))
    next_party(s, log, private)
    return False


def _region(s: CampaignTrailState, seat: str, action: Action, log: Log, private: Private,
            changed: list[str]) -> bool:
    """The region a paused effect asked for."""
    s.wait = {**s.wait, "region": action.args[0]}
    return True


def _card(s: CampaignTrailState, seat: str, action: Action, log: Log, private: Private, changed: list[str]) -> bool:
    """A card put back where a paused effect asked for one."""
    if s.wait is None or s.wait.get("putback") is None:
        raise UnknownAction(f"Unknown action `{action.verb}`.")
    return put_back(s, seat, int(action.args[0]), log, private)


_STEPS: dict[str, Step] = {
    "candidate": _candidate, "home": _home, "play": _play, "pass": _pass, "to": _move, "fly": _move,
    "mate": _mate, "vote": _vote, "issue": _issue, "give": _give, "take": _take, "done": _done,
    "region": _region, "card": _card,
}

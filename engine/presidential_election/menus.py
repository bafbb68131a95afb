"""What each seat may do now: the single source of legality (rules.decisions wraps it).

Choices over states are offered one state at a time (a purchase first names its kind, then the
state), so no list grows past the 51 states plus a way out.
"""
from __future__ import annotations

from engine.content import us_regions
from engine.core.types import Action, Option
from engine.presidential_election import prompts
from engine.presidential_election.debates import debate_partners
from engine.presidential_election.primitives import (affordable, c, cap, common_ballots, ev, off_ballot, price,
                                                      state_codes)
from engine.presidential_election.setup import advantage_chooser, home_chooser
from engine.presidential_election.state import PEState, Task
from engine.core.words import noun

ITEM_NAMES = {"ballot": "State ballot", "sign": "Sign Campaign", "tv": "Television Campaign", "fly": "Airfare"}


def _opt(verb: str, *args: str, label: str | None = None, detail: str = "", group: str = "") -> Option:
    return Option(action=Action(verb=verb, args=tuple(args)), label=label or " ".join((verb, *args)), detail=detail,
                  group=group)


def _states(state: PEState, verb: str, codes: list[str]) -> list[Option]:
    """One choice per state, by name in alphabetical order (the order a player reads), each with what decides it
    (its electoral votes and the votes each candidate has there) and its region, which a long menu groups by."""
    return [_opt(verb, code, label=c().states[code].name, detail=_state_detail(state, code), group=us_regions()[code])
            for code in sorted(codes, key=lambda code: c().states[code].name)]


def _state_detail(state: PEState, code: str) -> str:
    votes = [f"{seat} {p.votes[code]}" for seat, p in state.players.items() if p.votes.get(code)]
    return f"{ev(state, code)} EV" + (f" · votes: {', '.join(votes)}" if votes else "")


def menu(state: PEState, seat: str) -> tuple[str, list[Option]]:
    """(prompt, options) for `seat`; no options when it owes nothing."""
    if state.phase == "over":
        return "", []
    if state.phase == "order":
        if seat in state.rolloff and seat not in state.opening:
            return "Roll for the playing order.", [_opt("roll", label="Roll a d6")]
        return "", []
    if state.phase == "first_choice":
        if seat == state.order[0]:
            return "You play first: keep that, or play last in every round?", [_opt("first"), _opt("last")]
        return "", []
    if state.phase == "home":
        if seat == home_chooser(state):
            taken = {p.home for p in state.players.values()}
            return "Pick your home state.", _states(state, "home", [s for s in state_codes() if s not in taken])
        return "", []
    if state.phase == "advantage":
        if seat == advantage_chooser(state):
            offer = state.players[seat].offer
            return prompts.advantage_prompt(offer), [
                Option(action=Action(verb="advantage", args=(a,)), label=f"{a} {c().advantages[a].title}",
                       detail=c().advantages[a].text) for a in offer]
        return "", []
    if state.tasks:
        return _task_menu(state, state.tasks[0], seat)
    if seat != state.current:
        return "", []
    if state.turn.stage == "roll":
        return "Roll for the Campaign Trail.", [_opt("roll", label="Roll a d6 and move")]
    return _campaign_menu(state, seat)


def _task_menu(state: PEState, task: Task, seat: str) -> tuple[str, list[Option]]:
    player = state.players[seat]
    if task.kind == "stake":
        if task.stakes.get(seat, 0) <= 0:
            return "", []
        return (prompts.stake_prompt(task, seat),
                _states(state, "stake", sorted(code for code, n in player.votes.items() if n >= 2)))
    if seat != task.seat:
        return "", []
    if task.kind == "vp":
        return (prompts.vp_prompt(player, task),
                _states(state, "state", sorted(code for code in player.votes if code != player.home)))
    if task.kind == "convention":
        return (prompts.convention_prompt(player, task),
                [*_states(state, "ballot", off_ballot(player)), _opt("done", label="No more ballots")])
    if task.kind == "free_tv":
        return prompts.free_tv_prompt(), _states(state, "state", sorted(player.votes))
    if task.kind == "place":
        return f"{task.cause}: place {task.n} more {noun(task.n, 'vote')}, one at a time.", _states(state, "place", sorted(player.votes))
    if task.kind == "effect":
        return prompts.effect_prompt(state, task), _states(state, "state", task.among)
    # a debate: first go ahead (naming the rival) or decline, then name the state unless it is fixed
    if not task.accepted:
        rivals = [task.target] if task.target else debate_partners(state, seat)
        return (prompts.debate_offer_prompt(player, task),
                [*[_opt("debate", r, label=f"Debate {r}") for r in rivals], _opt("decline")])
    assert task.target is not None
    return (f"Debate with {task.target}: name the state, one whose ballot you are both on.",
            [*_states(state, "state", common_ballots(state, seat, task.target)), _opt("decline")])


def _campaign_menu(state: PEState, seat: str) -> tuple[str, list[Option]]:
    player, turn = state.players[seat], state.turn
    left = cap(state, seat) - turn.spent
    if turn.buying is not None:
        name = ITEM_NAMES[turn.buying]
        if turn.buying == "ballot":
            targets = off_ballot(player)
        elif turn.buying == "fly":
            targets = [s for s in state_codes() if s != player.map_at]
        else:
            targets = sorted(player.votes)
        return (f"{name} (${price(state, seat, turn.buying)}k): which state?",
                [*_states(state, "state", targets), _opt("cancel")])
    options = []
    for item in ("ballot", "sign", "tv"):
        if affordable(state, seat, item) and (item != "ballot" or off_ballot(player)):
            options.append(Option(action=Action(verb="buy", args=(item,)),
                                  label=f"{ITEM_NAMES[item]} (${price(state, seat, item)}k)",
                                  detail=prompts.item_detail(state, seat, item)))
    if not turn.flown and affordable(state, seat, "fly"):
        options.append(Option(action=Action(verb="fly"), label=f"Airfare (${price(state, seat, 'fly')}k)",
                              detail=prompts.item_detail(state, seat, "fly")))
    options.append(_opt("done", label="End the turn"))
    return (f"Campaign: ${player.money}k in hand, ${turn.spent}k of this turn's ${cap(state, seat)}k limit spent "
            f"(${left}k left{prompts.cap_note(player)}). Buy, fly, or `done`.", options)

"""What each seat may do now: the single source of legality (rules.decisions wraps it).

Choices over states are offered one state at a time (a purchase first names its kind, then the
state), so no list grows past the 51 states plus a way out. Such a choice is kept as a `Pick` (its verb and
states) until its options are read: whether a seat owes anything, and what it is asked, need no option built.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.content import us_regions
from engine.core.types import Action, Option
from engine.presidential_election import prompts
from engine.presidential_election.debates import debate_partners
from engine.presidential_election.primitives import (affordable, c, cap, common_ballots, off_ballot, price,
                                                      state_codes)
from engine.presidential_election.setup import advantage_chooser, home_chooser
from engine.presidential_election.state import PEState, Task
from engine.core.words import noun

ITEM_NAMES = {"ballot": "State ballot", "sign": "Sign Campaign", "tv": "Television Campaign", "fly": "Airfare"}


def _opt(verb: str, *args: str, label: str | None = None, detail: str = "", group: str = "") -> Option:
    return Option(action=Action(verb=verb, args=tuple(args)), label=label or " ".join((verb, *args)), detail=detail,
                  group=group)


@dataclass(frozen=True)
class Pick:
    """A choice of one state among `codes`, with `verb`: one option per state once the options are read."""

    verb: str
    codes: list[str]


Entry = Option | Pick


@dataclass(frozen=True)
class _Names:
    """What the state options take from the content alone: each state's name, region and place in alphabetical
    order, each era's `N EV`, and the action of each verb on each state (frozen, so one serves every menu)."""

    content: Any
    name: dict[str, str]
    region: dict[str, str]
    rank: dict[str, int]
    ev_text: dict[tuple[int, str], str]
    actions: dict[tuple[str, str], Action]


_names: list[_Names] = []  # the one for the loaded content


def _static() -> _Names:
    content = c()
    if not _names or _names[0].content is not content:
        name = {code: info.name for code, info in content.states.items()}
        _names[:] = [_Names(content=content, name=name, region=dict(us_regions()),
                            rank={code: i for i, code in enumerate(sorted(name, key=name.__getitem__))},
                            ev_text={(era, code): f"{n} EV" for code, info in content.states.items()
                                     for era, n in info.ev.items()}, actions={})]
    return _names[0]


def _states(state: PEState, verb: str, codes: list[str]) -> list[Option]:
    """One choice per state, by name in alphabetical order (the order a player reads), each with what decides it
    (its electoral votes and the votes each candidate has there) and its region, which a long menu groups by."""
    names = _static()
    era = state.options.era
    held = [(seat, p.votes) for seat, p in state.players.items()]
    options = []
    for code in sorted(codes, key=names.rank.__getitem__):
        votes = [f"{seat} {n}" for seat, n in ((seat, v.get(code)) for seat, v in held) if n]
        detail = names.ev_text[era, code] + (f" · votes: {', '.join(votes)}" if votes else "")
        action = names.actions.get((verb, code))
        if action is None:
            action = names.actions[verb, code] = Action(verb=verb, args=(code,))
        options.append(Option(action=action, label=names.name[code], detail=detail, group=names.region[code]))
    return options


def menu(state: PEState, seat: str) -> tuple[str, list[Option]]:
    """(prompt, options) for `seat`; no options when it owes nothing."""
    prompt, entries = _entries(state, seat)
    return prompt, [option for entry in entries
                    for option in (_states(state, entry.verb, entry.codes) if isinstance(entry, Pick) else (entry,))]


def owed_prompt(state: PEState, seat: str) -> str | None:
    """What `seat` is asked now, or None when it owes nothing: `menu`'s prompt when its options are not empty,
    without building them."""
    prompt, entries = _entries(state, seat)
    return prompt if any(not isinstance(entry, Pick) or entry.codes for entry in entries) else None


def _entries(state: PEState, seat: str) -> tuple[str, list[Entry]]:
    """`menu`, with each choice of a state kept as a Pick."""
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
            return "Pick your home state.", [Pick("home", [s for s in state_codes() if s not in taken])]
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


def _task_menu(state: PEState, task: Task, seat: str) -> tuple[str, list[Entry]]:
    player = state.players[seat]
    if task.kind == "stake":
        if task.stakes.get(seat, 0) <= 0:
            return "", []
        return (prompts.stake_prompt(task, seat),
                [Pick("stake", sorted(code for code, n in player.votes.items() if n >= 2))])
    if seat != task.seat:
        return "", []
    if task.kind == "vp":
        return (prompts.vp_prompt(player, task),
                [Pick("state", sorted(code for code in player.votes if code != player.home))])
    if task.kind == "convention":
        return (prompts.convention_prompt(player, task),
                [Pick("ballot", off_ballot(player)), _opt("done", label="No more ballots")])
    if task.kind == "free_tv":
        return prompts.free_tv_prompt(), [Pick("state", sorted(player.votes))]
    if task.kind == "place":
        return f"{task.cause}: place {task.n} more {noun(task.n, 'vote')}, one at a time.", [Pick("place", sorted(player.votes))]
    if task.kind == "effect":
        return prompts.effect_prompt(state, task), [Pick("state", task.among)]
    # a debate: first go ahead (naming the rival) or decline, then name the state unless it is fixed
    if not task.accepted:
        rivals = [task.target] if task.target else debate_partners(state, seat)
        return (prompts.debate_offer_prompt(player, task),
                [*[_opt("debate", r, label=f"Debate {r}") for r in rivals], _opt("decline")])
    assert task.target is not None
    return (f"Debate with {task.target}: name the state, one whose ballot you are both on.",
            [Pick("state", common_ballots(state, seat, task.target)), _opt("decline")])


def _campaign_menu(state: PEState, seat: str) -> tuple[str, list[Entry]]:
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
                [Pick("state", targets), _opt("cancel")])
    options: list[Entry] = []
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

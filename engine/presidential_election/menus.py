"""What each seat may do now: the single source of legality (rules.decisions wraps it, the silent path reads it
bare).

`_entries` gives the facts alone — who owes what, as actions and choices of states — and a way to ask for the
prompt; the words each option shows are added by `menu` only, so a search that asks what is legal pays for none.
Choices over states are offered one state at a time (a purchase first names its kind, then the state), so no list
grows past the 51 states plus a way out. Such a choice is kept as a `Pick` (its verb and states) until its options
are read: whether a seat owes anything, and what it is asked, need no option built.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, NamedTuple

from engine.content import us_regions
from engine.core.types import Action, Option
from engine.presidential_election import prompts
from engine.presidential_election.debates import debate_partners
from engine.presidential_election.primitives import (c, cap, common_ballots, off_ballot, price, spending_room,
                                                      state_codes)
from engine.presidential_election.setup import advantage_chooser, home_chooser
from engine.presidential_election.state import PEState, Task
from engine.core.words import noun

ITEM_NAMES = {"ballot": "State ballot", "sign": "Sign Campaign", "tv": "Television Campaign", "fly": "Airfare"}
_ACTIONS: dict[tuple[str, ...], Action] = {}  # every action a menu has offered, by (verb, *args): built once


def action(verb: str, *args: str) -> Action:
    """The action `verb args`, one object per action (an Action is immutable, and building one costs)."""
    key = (verb, *args)
    found = _ACTIONS.get(key)
    if found is None:
        found = _ACTIONS[key] = Action(verb=verb, args=args)
    return found


class Pick(NamedTuple):
    """A choice of one state among `codes`, with `verb`: one option per state once the options are read."""

    verb: str
    codes: list[str]


class Act(NamedTuple):
    """One action on offer, without its words (`_option` says it)."""

    verb: str
    args: tuple[str, ...] = ()


Entry = Act | Pick
_BUY = {item: Act("buy", (item,)) for item in ("ballot", "sign", "tv")}
_FLY, _DONE = Act("fly"), Act("done")
Ask = Callable[[], str]  # the prompt, said only when asked for
_NOTHING: tuple[Ask, list[Entry]] = (lambda: "", [])


@dataclass(frozen=True)
class _Names:
    """What the state options take from the content alone: each state's name, region and place in alphabetical
    order, and each era's `N EV` (frozen, so one serves every menu)."""

    content: Any
    name: dict[str, str]
    region: dict[str, str]
    rank: dict[str, int]
    ev_text: dict[tuple[int, str], str]
    reading: list[str]  # every state's code, in reading order
    every: dict[str, list[tuple[str, Action]]]  # per verb: each state's action with it, in reading order


_names: list[_Names] = []  # the one for the loaded content


def _static() -> _Names:
    content = c()
    if not _names or _names[0].content is not content:
        name = {code: info.name for code, info in content.states.items()}
        reading = sorted(name, key=name.__getitem__)
        _names[:] = [_Names(content=content, name=name, region=dict(us_regions()),
                            rank={code: i for i, code in enumerate(reading)},
                            ev_text={(era, code): f"{n} EV" for code, info in content.states.items()
                                     for era, n in info.ev.items()}, reading=reading, every={})]
    return _names[0]


def _in_reading_order(codes: list[str]) -> list[str]:
    """States by name in alphabetical order (the order a player reads)."""
    if len(codes) > 8:  # a long list: read off the whole ordering rather than sorted
        wanted = set(codes)
        return [code for code in _static().reading if code in wanted]
    return sorted(codes, key=_static().rank.__getitem__)


def _states(state: PEState, verb: str, codes: list[str]) -> list[Option]:
    """One choice per state, in reading order, each with what decides it (its electoral votes and the votes each
    candidate has there) and its region, which a long menu groups by."""
    names = _static()
    era = state.options.era
    held = [(seat, p.votes) for seat, p in state.players.items()]
    options = []
    for code in _in_reading_order(codes):
        votes = [f"{seat} {n}" for seat, n in ((seat, v.get(code)) for seat, v in held) if n]
        detail = names.ev_text[era, code] + (f" · votes: {', '.join(votes)}" if votes else "")
        options.append(Option(action=action(verb, code), label=names.name[code], detail=detail,
                              group=names.region[code]))
    return options


def _option(state: PEState, seat: str, act: Act) -> Option:
    """An action on offer in the words its button shows."""
    verb = act.verb
    if verb in ("buy", "fly"):
        item = act.args[0] if act.args else "fly"
        name = ITEM_NAMES[item]
        return Option(action=action(verb, *act.args), label=f"{name} (${price(state, seat, item)}k)",
                      detail=prompts.item_detail(state, seat, item))
    if verb == "advantage":
        card = c().advantages[act.args[0]]
        return Option(action=action(verb, *act.args), label=f"{act.args[0]} {card.title}", detail=card.text)
    if verb == "roll":
        label = "Roll a d6" if state.phase == "order" else "Roll a d6 and move"
    elif verb == "done":
        label = "No more ballots" if state.tasks else "End the turn"
    elif verb == "debate":
        label = f"Debate {act.args[0]}"
    else:
        label = " ".join((verb, *act.args))
    return Option(action=action(verb, *act.args), label=label)


def menu(state: PEState, seat: str) -> tuple[str, list[Option]]:
    """(prompt, options) for `seat`; no options when it owes nothing."""
    ask, entries = _entries(state, seat)
    return ask(), [option for entry in entries
                   for option in (_states(state, entry.verb, entry.codes) if isinstance(entry, Pick)
                                  else (_option(state, seat, entry),))]


def legal(state: PEState, seat: str) -> list[Action]:
    """The actions of `menu`'s options, in its order, without a word of theirs."""
    found: list[Action] = []
    for entry in _entries(state, seat)[1]:
        if isinstance(entry, Pick):
            wanted = set(entry.codes)
            found += [done for code, done in _on_every_state(entry.verb) if code in wanted]
        else:
            found.append(action(entry.verb, *entry.args))
    return found


def _on_every_state(verb: str) -> list[tuple[str, Action]]:
    """(state, `verb` on it) for every state, in reading order."""
    names = _static()
    found = names.every.get(verb)
    if found is None:
        found = names.every[verb] = [(code, action(verb, code)) for code in names.reading]
    return found


def owes(state: PEState, seat: str) -> bool:
    """Whether `seat` has a move to make now: `menu`'s options are not empty."""
    for entry in _entries(state, seat)[1]:
        if not isinstance(entry, Pick) or entry.codes:
            return True
    return False


def owed_prompt(state: PEState, seat: str) -> str | None:
    """What `seat` is asked now, or None when it owes nothing: `menu`'s prompt when its options are not empty,
    without building them."""
    ask, entries = _entries(state, seat)
    return ask() if any(not isinstance(entry, Pick) or entry.codes for entry in entries) else None


def _entries(state: PEState, seat: str) -> tuple[Ask, list[Entry]]:
    """`menu`'s facts: its prompt, unsaid, and its options as actions, each choice of a state kept as a Pick."""
    if state.phase == "play":
        if state.tasks:
            return _task_menu(state, state.tasks[0], seat)
        if seat != state.current:
            return _NOTHING
        if state.turn.stage == "roll":
            return lambda: "Roll for the Campaign Trail.", [Act("roll")]
        return _campaign_menu(state, seat)
    if state.phase == "over":
        return _NOTHING
    if state.phase == "order":
        if seat in state.rolloff and seat not in state.opening:
            return lambda: "Roll for the playing order.", [Act("roll")]
        return _NOTHING
    if state.phase == "first_choice":
        if seat == state.order[0]:
            return lambda: "You play first: keep that, or play last in every round?", [Act("first"), Act("last")]
        return _NOTHING
    if state.phase == "home":
        if seat == home_chooser(state):
            taken = {p.home for p in state.players.values()}
            return lambda: "Pick your home state.", [Pick("home", [s for s in state_codes() if s not in taken])]
        return _NOTHING
    if state.phase == "advantage":
        if seat == advantage_chooser(state):
            offer = state.players[seat].offer
            return lambda: prompts.advantage_prompt(offer), [Act("advantage", (a,)) for a in offer]
    return _NOTHING


def _task_menu(state: PEState, task: Task, seat: str) -> tuple[Ask, list[Entry]]:
    player = state.players[seat]
    if task.kind == "stake":
        if task.stakes.get(seat, 0) <= 0:
            return _NOTHING
        return (lambda: prompts.stake_prompt(task, seat),
                [Pick("stake", sorted(code for code, n in player.votes.items() if n >= 2))])
    if seat != task.seat:
        return _NOTHING
    if task.kind == "vp":
        return (lambda: prompts.vp_prompt(player, task),
                [Pick("state", sorted(code for code in player.votes if code != player.home))])
    if task.kind == "convention":
        return lambda: prompts.convention_prompt(player, task), [Pick("ballot", off_ballot(player)), Act("done")]
    if task.kind == "free_tv":
        return prompts.free_tv_prompt, [Pick("state", sorted(player.votes))]
    if task.kind == "place":
        return (lambda: f"{task.cause}: place {task.n} more {noun(task.n, 'vote')}, one at a time.",
                [Pick("place", sorted(player.votes))])
    if task.kind == "effect":
        return lambda: prompts.effect_prompt(state, task), [Pick("state", task.among)]
    # a debate: first go ahead (naming the rival) or decline, then name the state unless it is fixed
    if not task.accepted:
        rivals = [task.target] if task.target else debate_partners(state, seat)
        return (lambda: prompts.debate_offer_prompt(player, task),
                [*[Act("debate", (r,)) for r in rivals], Act("decline")])
    assert task.target is not None
    target = task.target
    return (lambda: f"Debate with {target}: name the state, one whose ballot you are both on.",
            [Pick("state", common_ballots(state, seat, target)), Act("decline")])


def _campaign_menu(state: PEState, seat: str) -> tuple[Ask, list[Entry]]:
    player, turn = state.players[seat], state.turn
    if turn.buying is not None:
        buying = turn.buying
        if buying == "ballot":
            targets = off_ballot(player)
        elif buying == "fly":
            targets = [s for s in state_codes() if s != player.map_at]
        else:
            targets = sorted(player.votes)
        return (lambda: f"{ITEM_NAMES[buying]} (${price(state, seat, buying)}k): which state?",
                [Pick("state", targets), Act("cancel")])
    options: list[Entry] = []
    room = spending_room(state, seat)
    for item in ("ballot", "sign", "tv"):
        if price(state, seat, item) <= room and (item != "ballot" or any(code not in player.votes
                                                                             for code in state_codes())):
            options.append(_BUY[item])
    if not turn.flown and price(state, seat, "fly") <= room:
        options.append(_FLY)
    options.append(_DONE)
    return lambda: _campaign_prompt(state, seat), options


def _campaign_prompt(state: PEState, seat: str) -> str:
    player, turn = state.players[seat], state.turn
    left = cap(state, seat) - turn.spent
    return (f"Campaign: ${player.money}k in hand, ${turn.spent}k of this turn's ${cap(state, seat)}k limit spent "
            f"(${left}k left{prompts.cap_note(player)}). Buy, fly, or `done`.")

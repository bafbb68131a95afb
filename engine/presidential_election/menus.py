"""What each seat may do now: the single source of legality (rules.decisions wraps it, the silent path reads it
bare).

`_entries` gives the facts alone — who owes what, as actions and choices of states — and a way to state the
question (facts.py); words.py says the question and labels each option, so neither a search that asks what is legal
nor the rules pay for a word. Choices over states are offered one state at a time (a purchase first names its kind,
then the state), so no list grows past the 51 states plus a way out. Such a choice is kept as a `Pick` (its verb
and states) until its options are read: whether a seat owes anything, and what it is asked, need no option built.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, NamedTuple

from engine.core.types import Action, Facts, Option
from engine.presidential_election import facts as f
from engine.presidential_election.cards import asked_now
from engine.presidential_election.debates import debate_partners
from engine.presidential_election.primitives import (c, cap, common_ballots, off_ballot, price, spending_room,
                                                      state_codes)
from engine.presidential_election.setup import advantage_chooser, home_chooser
from engine.presidential_election.state import PEState, Task

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
    """One action on offer, without its facts (`_option` states them)."""

    verb: str
    args: tuple[str, ...] = ()


Entry = Act | Pick
_BUY = {item: Act("buy", (item,)) for item in ("ballot", "sign", "tv")}
_FLY, _DONE = Act("fly"), Act("done")
Ask = Callable[[], Facts | None]  # the question's facts, stated only when asked for
_NOTHING: tuple[Ask, list[Entry]] = (lambda: None, [])


@dataclass(frozen=True)
class _Board:
    """What the state options take from the content alone: each state's place in alphabetical order and each
    era's electoral votes (frozen, so one serves every menu)."""

    content: Any
    rank: dict[str, int]
    ev: dict[tuple[int, str], int]
    reading: list[str]  # every state's code, in reading order
    every: dict[str, list[tuple[str, Action]]]  # per verb: each state's action with it, in reading order


_boards: list[_Board] = []  # the one for the loaded content
_standings: dict[tuple[int, tuple[tuple[str, int], ...]], f.Standing] = {}  # frozen facts, shared by every menu
_STANDINGS_AT_MOST = 8192


def _static() -> _Board:
    content = c()
    if not _boards or _boards[0].content is not content:
        reading = sorted(content.states, key=lambda code: content.states[code].name)
        _boards[:] = [_Board(content=content, rank={code: i for i, code in enumerate(reading)},
                             ev={(era, code): n for code, info in content.states.items() for era, n in info.ev.items()},
                             reading=reading, every={})]
    return _boards[0]


def _in_reading_order(codes: list[str]) -> list[str]:
    """States by name in alphabetical order (the order a player reads)."""
    if len(codes) > 8:  # a long list: read off the whole ordering rather than sorted
        wanted = set(codes)
        return [code for code in _static().reading if code in wanted]
    return sorted(codes, key=_static().rank.__getitem__)


def _standing(ev: int, votes: tuple[tuple[str, int], ...]) -> f.Standing:
    """The facts of a state on offer, one frozen object per distinct standing."""
    key = (ev, votes)
    found = _standings.get(key)
    if found is None:
        if len(_standings) >= _STANDINGS_AT_MOST:
            _standings.clear()
        found = _standings[key] = f.Standing(ev=ev, votes=votes)
    return found


def _states(state: PEState, verb: str, codes: list[str]) -> list[Option]:
    """One choice per state, in reading order, each with what decides it: its electoral votes and the votes each
    candidate has there."""
    board = _static()
    era = state.options.era
    held: dict[str, list[tuple[str, int]]] = {}  # each state's holders and their votes, in seat order
    for seat, player in state.players.items():
        for code, n in player.votes.items():
            if n:
                held.setdefault(code, []).append((seat, n))
    return [Option(action=action(verb, code), facts=_standing(board.ev[era, code], tuple(held.get(code, ()))))
            for code in _in_reading_order(codes)]


def _option(state: PEState, seat: str, act: Act) -> Option:
    """An action on offer, with the facts its words need beyond it (a purchase's price and what changes it)."""
    if act.verb not in ("buy", "fly"):
        return Option(action=action(act.verb, *act.args))
    item = act.args[0] if act.args else "fly"
    turn, fly = state.turn, act.verb == "fly"
    return Option(action=action(act.verb, *act.args),
                  facts=f.Purchase(price=price(state, seat, item), advantage=state.players[seat].advantage or "",
                                   free=fly and turn.free_airfare,
                                   free_card=(turn.free_airfare_card or "") if fly else ""))


def menu(state: PEState, seat: str) -> tuple[Facts | None, list[Option]]:
    """(the question's facts, the options) for `seat`; no options when it owes nothing."""
    ask, entries = _entries(state, seat)
    return ask(), [option for entry in entries
                   for option in (_states(state, entry.verb, entry.codes) if isinstance(entry, Pick)
                                  else (_option(state, seat, entry),))]


def legal(state: PEState, seat: str) -> list[Action]:
    """The actions of `menu`'s options, in its order, without their facts."""
    found: list[Action] = []
    for entry in _entries(state, seat)[1]:
        if isinstance(entry, Pick) and len(entry.codes) > 8:  # a long list: read off every state's action
            wanted = set(entry.codes)
            found += [done for code, done in _on_every_state(entry.verb) if code in wanted]
        elif isinstance(entry, Pick):
            found += [action(entry.verb, code) for code in sorted(entry.codes, key=_static().rank.__getitem__)]
        else:
            found.append(action(entry.verb, *entry.args))
    return found


def _on_every_state(verb: str) -> list[tuple[str, Action]]:
    """(state, `verb` on it) for every state, in reading order."""
    board = _static()
    found = board.every.get(verb)
    if found is None:
        found = board.every[verb] = [(code, action(verb, code)) for code in board.reading]
    return found


def owes(state: PEState, seat: str) -> bool:
    """Whether `seat` has a move to make now: `menu`'s options are not empty."""
    if state.phase == "play":  # the usual cases answered without building the menu
        if not state.tasks:  # the turn's player always has one: its roll, or `done` (`cancel` while buying)
            return seat == state.current
        task = state.tasks[0]
        if task.kind != "stake" and seat != task.seat:  # only a National Debate asks anyone but the task's seat
            return False
    for entry in _entries(state, seat)[1]:
        if not isinstance(entry, Pick) or entry.codes:
            return True
    return False


def owing(state: PEState) -> list[str]:
    """The seats that owe a move now, in seat order: those `owes` is true of."""
    if state.phase == "play" and not state.tasks:  # the turn's player alone (see `owes`)
        current = state.current
        return [current] if current in state.seats else []
    return [seat for seat in state.seats if owes(state, seat)]


def owed_question(state: PEState, seat: str) -> Facts | None:
    """What `seat` is asked now, or None when it owes nothing: `menu`'s question when its options are not empty,
    without building them."""
    ask, entries = _entries(state, seat)
    return ask() if any(not isinstance(entry, Pick) or entry.codes for entry in entries) else None


def _entries(state: PEState, seat: str) -> tuple[Ask, list[Entry]]:
    """`menu`'s facts: its question, unstated, and its options as actions, each choice of a state kept as a Pick."""
    if state.phase == "play":
        if state.tasks:
            return _task_menu(state, state.tasks[0], seat)
        if seat != state.current:
            return _NOTHING
        if state.turn.stage == "roll":
            return lambda: f.RollAsk(order=False), [Act("roll")]
        return _campaign_menu(state, seat)
    if state.phase == "over":
        return _NOTHING
    if state.phase == "order":
        if seat in state.rolloff and seat not in state.opening:
            return lambda: f.RollAsk(order=True), [Act("roll")]
        return _NOTHING
    if state.phase == "first_choice":
        if seat == state.order[0]:
            return f.PositionAsk, [Act("first"), Act("last")]
        return _NOTHING
    if state.phase == "home":
        if seat == home_chooser(state):
            taken = {p.home for p in state.players.values()}
            return f.HomeAsk, [Pick("home", [s for s in state_codes() if s not in taken])]
        return _NOTHING
    if state.phase == "advantage":
        if seat == advantage_chooser(state):
            offer = state.players[seat].offer
            return lambda: f.AdvantageAsk(offered=len(offer)), [Act("advantage", (a,)) for a in offer]
    return _NOTHING


def _task_menu(state: PEState, task: Task, seat: str) -> tuple[Ask, list[Entry]]:
    player = state.players[seat]
    advantage = player.advantage or ""
    if task.kind == "stake":
        if task.stakes.get(seat, 0) <= 0:
            return _NOTHING
        card = task.cause if task.cause in c().cards else ""
        return (lambda: f.StakeAsk(n=task.stakes[seat], card=card),
                [Pick("stake", sorted(code for code, n in player.votes.items() if n >= 2))])
    if seat != task.seat:
        return _NOTHING
    if task.kind == "vp":
        return (lambda: f.RunningMateAsk(landed=task.cause == "land", space=player.trail, n=task.n,
                                         advantage=advantage),
                [Pick("state", sorted(code for code in player.votes if code != player.home))])
    if task.kind == "convention":
        return (lambda: f.ConventionAsk(n=task.n, advantage=advantage),
                [Pick("ballot", off_ballot(player)), Act("done")])
    if task.kind == "free_tv":
        return f.FreeTvAsk, [Pick("state", sorted(player.votes))]
    if task.kind == "place":
        return lambda: f.PlaceAsk(cause=task.cause, n=task.n), [Pick("place", sorted(player.votes))]
    if task.kind == "effect":
        return lambda: _card_choice(state, task), [Pick("state", task.among)]
    # a debate: first go ahead (naming the rival) or decline, then name the state unless it is fixed
    if not task.accepted:
        rivals = [task.target] if task.target else debate_partners(state, seat)
        return (lambda: f.DebateOfferAsk(cause=task.cause, target=task.target, state=task.state, space=player.trail),
                [*[Act("debate", (r,)) for r in rivals], Act("decline")])
    assert task.target is not None
    target = task.target
    return (lambda: f.DebateStateAsk(target=target),
            [Pick("state", common_ballots(state, seat, target)), Act("decline")])


def _card_choice(state: PEState, task: Task) -> f.CardChoiceAsk:
    """The state choice a paused card asks now (cards.asked_now), or only the card where it is not paused at one."""
    asked = asked_now(state)
    if asked is None:
        return f.CardChoiceAsk(card=task.cause)
    return f.CardChoiceAsk(card=task.cause, index=asked.index, total=asked.total, among=asked.among, use=asked.use,
                           n=asked.n, taken=asked.taken)


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
        return (lambda: f.BuyStateAsk(item=buying, price=price(state, seat, buying)),
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
    return (lambda: f.CampaignAsk(money=player.money, spent=turn.spent, cap=cap(state, seat),
                                  advantage=player.advantage or ""), options)

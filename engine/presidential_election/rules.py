"""decisions / apply / outcome / deadline: the contract's rules, dispatching to the phase modules."""
from __future__ import annotations

import json

from engine.core.errors import IllegalAction
from engine.core.hidden import Fact, revealed
from engine.core.types import (Action, ApplyResult, Decision, Event, Option, Outcome, PendingKind, cite, copy_state,
                               stamp)
from engine.presidential_election import cards, cardtext, debates, earlier, setup, turn
from engine.presidential_election import facts_tell as f
from engine.presidential_election.menus import menu, owes
from engine.presidential_election.primitives import add_votes, c, campaign, ev, join_ballot
from engine.presidential_election.state import PEState

# What a seat's deadline plays, per decision (docs/content/presidential_election.md): the way out
# where there is one (`done`, `decline`, `cancel`, `first`), a roll where a roll is owed, else the
# offered state with the most electoral votes (for a stake: where the seat has the most votes).
DEADLINE_FIRST = ("done", "decline", "cancel", "first", "roll")


def decisions(state: PEState, seat: str) -> Decision:
    """What `seat` is asked, as facts (the question and what its options' labels need), and what its deadline
    plays; words.py says them."""
    question, options = menu(state, seat)
    if not options:
        return Decision(seat=seat)
    return Decision(seat=seat, kind=PendingKind.CHOICE, facts=question, options=options,
                    deadline_default=deadline_action(state, seat, options).notation())


def deadline_action(state: PEState, seat: str, options: list[Option] | None = None) -> Action:
    options = options if options is not None else menu(state, seat)[1]
    if not options:
        raise IllegalAction(f"{seat} owes no move.", code="illegal_verb")
    for verb in DEADLINE_FIRST:
        for o in options:
            if o.action.verb == verb:
                return o.action

    def weight(o: Option) -> tuple[int, str]:
        arg = o.action.args[0] if o.action.args else ""
        if o.action.verb == "stake":
            return state.players[seat].votes.get(arg, 0), arg
        return (ev(state, arg) if arg in c().states else 0), arg
    return max(options, key=weight).action


def apply(state: PEState, seat: str, action: Action) -> ApplyResult:
    """Apply one legal step (core `play` has checked it against decisions()) on a copy of `state`: its events unheld,
    with the verdict whether its public lines wait for the turn's post (the contract words them, carries a held run
    on and holds or posts them: engine/core/posting.py)."""
    state = copy_state(state)
    secrets_before = hidden_facts(state)
    turn_of = state.current
    before_map, owing_before = _map_marks(state), _owing(state, turn_of)
    cards_before = (list(state.deck), list(state.discard))
    events: list[Event] = []
    rolled = step(state, seat, action, events)
    chance = rolled or cards_before != (state.deck, state.discard)  # a die rolled or a card drawn
    # One post per turn (ruling): held while the turn goes on, released when it ends, when the game ends,
    # or when someone new must decide (the National Debate's stakes; a rival winning its pot), so the
    # table sees why the game waits — but not once per stake or per vote placed.
    hold = state.phase == "play" and state.turn.stage != "roll" and state.current == turn_of \
        and not [s for s in _owing(state, turn_of) if s not in owing_before]
    stamp(events, seat)
    if hold and chance:  # the mover and the turn's player hear the step at once (words.py, `TurnNews`)
        events.append(Event(facts=f.TurnNews(seats=tuple(sorted(x for x in {seat, turn_of} if x))), seat=None))
    return ApplyResult(state=state, events=events, changed=_changed(before_map, state), hold=hold,
                       undoable=not revealed(secrets_before, hidden_facts(state)))


def step(state: PEState, seat: str, action: Action, events: list[Event]) -> bool:
    """One step on `state` itself, its lines into `events`: `apply`'s body, and the silent path's whole step
    (silent.py), which drops the lines unread. Returns whether a die was rolled."""
    dice = state.rolls  # the rolls of the last step that rolled: replaced by this step's own, if any
    before = len(dice)
    _dispatch(state, seat, action, events)
    rolled = len(dice) > before
    if rolled:
        del dice[:before]
    return rolled


def hidden_facts(state: PEState) -> list[Fact]:
    """What nobody may see (the Campaign deck, the Advantage deck) and what one player alone may (the Advantage
    cards offered to it, the two it returned): a step that shows one of them — an Advantage offer dealt — cannot
    be taken back (engine/core/hidden.py)."""
    facts: list[Fact] = [((), ("card", x)) for x in state.deck] + [((), ("advantage", x)) for x in state.adv_deck]
    for seat, p in state.players.items():
        facts += [((seat,), ("advantage", x)) for x in (*p.offer, *p.returned)]
    return facts


def _map_marks(state: PEState) -> list[tuple[dict[str, int], str | None]]:
    """What the picture shows per player, in seat order: its votes by state and where its map token stands."""
    return [(dict(p.votes), p.map_at) for p in map(state.players.__getitem__, state.seats)]


def _changed(before: list[tuple[dict[str, int], str | None]], state: PEState) -> list[str]:
    """The states whose marks now differ from `before` (someone's votes there, or a map token arriving or
    leaving), alphabetically."""
    changed: set[str] = set()
    for (votes, token), player in zip(before, map(state.players.__getitem__, state.seats)):
        if votes != player.votes:
            changed.update(code for code, _ in votes.items() ^ player.votes.items())
        if token != player.map_at:
            changed.update(code for code in (token, player.map_at) if code)
    return sorted(changed)


def _owing(state: PEState, but: str | None) -> list[str]:
    """The seats besides `but` that owe a move (whether the turn's own player owes one never decides a post)."""
    return [s for s in state.seats if s != but and owes(state, s)]


def _dispatch(state: PEState, seat: str, action: Action, events: list[Event]) -> None:
    verb, args = action.verb, action.args
    arg = args[0] if args else ""
    if state.phase == "order":
        setup.opening_roll(state, seat, events)
    elif state.phase == "first_choice":
        setup.choose_position(state, seat, verb == "last", events)
    elif state.phase == "home":
        setup.choose_home(state, seat, arg, events)
    elif state.phase == "advantage":
        setup.choose_advantage(state, seat, arg, events)
    elif state.tasks:
        _task(state, seat, verb, arg, events)
    elif verb == "roll":
        turn.trail_roll(state, seat, events)
    elif verb == "buy":
        state.turn.buying = arg  # type: ignore[assignment]
    elif verb == "fly":
        state.turn.buying = "fly"
    elif verb == "cancel":
        state.turn.buying = None
    elif verb == "state":
        turn.buy(state, seat, state.turn.buying or "", arg, events)
    elif verb == "done":
        turn.end_turn(state, seat, events)


def _task(state: PEState, seat: str, verb: str, arg: str, events: list[Event]) -> None:
    task = state.tasks[0]
    if task.kind == "effect":
        cards.answer(state, seat, arg, events)
        turn.after_card(state, seat, events)
        return
    if task.kind == "stake":
        debates.stake(state, task, seat, arg, events)
        return
    if task.kind == "place":
        add_votes(state, seat, arg, 1, events, task.cause)
        if cardtext.card(task.cause) is not None:
            cite(events, task.cause)
        task.n -= 1
        if task.n <= 0:
            state.tasks.pop(0)
        return
    if task.kind == "convention":
        if verb == "done":
            state.tasks.pop(0)
            return
        join_ballot(state, seat, arg, events, "convention")
        task.n -= 1
        if task.n <= 0 or state.players[seat].votes.keys() >= c().states.keys():  # on every ballot
            state.tasks.pop(0)
        return
    state.tasks.pop(0)
    if task.kind == "vp":
        add_votes(state, seat, arg, task.n, events, "running_mate" if task.cause == "land" else "passing")
    elif task.kind == "free_tv":
        campaign(state, seat, "tv", arg, events, "convention")
    elif verb == "decline":
        events.append(Event(facts=f.DebateDeclined()))
    elif verb == "debate":
        task.target, task.accepted = arg, True
        if task.state is None:
            state.tasks.insert(0, task)  # the state is named next
        else:
            debates.hold_debate(state, task, events)
    else:  # verb == "state": the debate's state
        task.state = arg
        debates.hold_debate(state, task, events)


def outcome(state: PEState) -> Outcome | None:
    """The finished game's winner and scores, with what decided it as facts (the words make its reason)."""
    decided = turn.election_over(state)
    if decided is None:
        return None
    return Outcome(winners=[decided.winner], scores=dict(state.scores), facts=decided)


def load_state(data: str) -> PEState:
    """A stored state, also one stored while the last dice, the outcome's reason or the National Debate's name
    were kept as text."""
    if '"last_dice":' not in data and '"reason":' not in data and '"cause":"National Debate"' not in data:
        return PEState.model_validate_json(data)
    raw = json.loads(data)
    earlier.read_as_now(raw)
    return PEState.model_validate(raw)

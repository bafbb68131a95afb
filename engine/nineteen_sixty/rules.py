"""The engine contract for 1960: setup, the decisions (legality from legal.py, their facts from menus.py), applying a
step (`take`: one body for `apply` and the search's silent path), the outcome and a stored state loaded. A step is
one decision (dispatch.py hands it to the part of the turn it belongs to) and then the game moving on by itself to
the next one (auto_steps.py), through all nine turns to the outcome.

A play in an activity phase is a few steps (plays.py): the card and its use, then the action's targets, then the
rival's trigger window. Effects that need a choice wait for `pick <state|region|issue|card>` from the player
resolving them.
"""
from __future__ import annotations

import json
import re
from typing import Any, NamedTuple

from engine.core.errors import IllegalAction
from engine.core.hidden import Fact, revealed
from engine.core.rng import Bag, Randomness
from engine.core.types import Action, ApplyResult, Decision, Event, Outcome, copy_state, stamp
from engine.nineteen_sixty import earlier, waits
from engine.nineteen_sixty import facts_tell as t
from engine.nineteen_sixty.auto_steps import advance
from engine.nineteen_sixty.content_models import REGIONS
from engine.nineteen_sixty.dispatch import dispatch
from engine.nineteen_sixty.effect_ctx import Ctx
from engine.nineteen_sixty.election import final_tally
from engine.nineteen_sixty.legal import CANDIDATE, moves, owes, owing
from engine.nineteen_sixty.menus import menu
from engine.nineteen_sixty.primitives import c, card
from engine.nineteen_sixty.state import SEATS, SIGN, NSState, Options, Side
from engine.nineteen_sixty.turns import start_turn

# --------------------------------------------------------------------------- setup

def setup(options: dict[str, Any], seats: list[str], seed: int) -> ApplyResult:
    """The game set up, with its opening lines (the initiative draw): the game's own, they wait for the first post."""
    opts = Options.model_validate(options or {})
    content = c()
    rules = content.rules
    randomness = Randomness.seeded(seed)
    sides = {s: Side(momentum=rules.momentum_start, token=rules.home[s]) for s in ("K", "N")}
    support: dict[str, int] = {}
    for code, st in content.states.items():
        for who, n in st.start.items():
            support[code] = SIGN[who] * n
            sides[who].supply -= n
    for s in ("K", "N"):
        sides[s].supply -= rules.bag_start
    deck = sorted(content.cards)
    if opts.vp:
        for cid, x in content.cards.items():
            if x.vp is not None:
                deck.remove(cid)
                sides[x.vp].vp_card = cid
    state = NSState(seats=list(seats), options=opts, randomness=randomness, sides=sides, support=support,
                    media={r: 0 for r in REGIONS}, issues={i: 0 for i in content.issues},
                    endorsements={r: 0 for r in REGIONS},
                    track=[i.id for i in sorted(content.issues.values(), key=lambda i: i.start)],
                    bag=Bag(counts={"K": rules.bag_start, "N": rules.bag_start}),
                    deck=randomness.shuffle(deck), endorsement_deck=randomness.shuffle(sorted(content.endorsements)))
    events: list[Event] = [Event(facts=t.GameOpened(vp=opts.vp, restricted=opts.restricted))]
    start_turn(state, events)
    ctx = Ctx(state, events, [])
    advance(state, ctx)
    return ApplyResult(state=state, events=events, hold=True)



def decisions(state: NSState, seat: str) -> Decision:
    """The seat's decision as facts (menus.py): the question, the options, what the deadline plays; no word."""
    _, ask, fields, options, kind = menu(state, seat)
    if ask is None:
        return Decision(seat=seat)
    default = deadline_action(state, seat, [o.action for o in options]).notation()
    return Decision(seat=seat, kind=kind, options=options, facts=ask(default=default, **fields))


def deadline_action(state: NSState, seat: str, actions: list[Action] | None = None) -> Action:
    """The mildest legal step: pass a trigger, stop spending, keep the track, take momentum, the lowest card for
    Campaign Strategy and the Debates, and in an activity phase advertise with the lowest-CP card."""
    actions = actions if actions is not None else moves(state, seat)[1]
    if not actions:
        raise IllegalAction(f"{seat} owes no move.", code="illegal_verb")
    verbs = {a.verb: a for a in reversed(actions)}
    for verb in ("pass", "done", "keep"):
        if verb in verbs:
            return verbs[verb]
    if "take" in verbs:
        return Action(verb="take", args=("momentum",))
    if "start" in verbs:
        return actions[0]  # the rival starts
    if "side" in verbs or "first" in verbs:
        return Action(verb=actions[0].verb, args=(seat,))
    if "play" in verbs:
        cards = [a for a in actions if a.verb == "play" and a.args[1] == "advertise"]
        return min(cards, key=lambda a: (c().rules.candidate_cp if a.args[0] == CANDIDATE else card(int(a.args[0])).cp,
                                         a.args[0] == CANDIDATE, a.args[0]))
    if "advertise" in verbs:
        return verbs["advertise"]
    if actions[0].verb in ("strategy", "debate", "order"):
        return min(actions, key=lambda a: int(a.args[0]))
    return actions[0]




# --------------------------------------------------------------------------- applying

def apply(state: NSState, seat: str, action: Action) -> ApplyResult:
    state = copy_state(state)
    ctx = Ctx(state, [], [])
    secrets_before = hidden_facts(state)
    step = take(state, seat, action, ctx)
    undoable = step.undoable and not step.newly and step.owes_on \
        and not revealed(secrets_before, hidden_facts(state))
    return ApplyResult(state=state, events=step.events, undoable=undoable, changed=ctx.changed, hold=step.hold)


class Taken(NamedTuple):
    """What one step did beyond the state: its events as facts, unworded and unheld, whether the decision may be
    taken back as far as the step itself goes, who came to owe a decision, whether the seat still owes one, and
    whether the step's lines wait for the turn's post (the contract holds them once worded)."""

    events: list[Event]
    undoable: bool
    newly: set[str]
    owes_on: bool
    hold: bool


def take(state: NSState, seat: str, action: Action, ctx: Ctx) -> Taken:
    """`seat`'s `action` played on `state` itself, the game then moving on by itself to the next decision, with
    the verdict whether its lines wait for the turn's post: `apply`'s body (on its copy), around the step the
    search's silent path takes alone (`advance_silently`)."""
    others_before = {s for s in SEATS if s != seat and owes(state, s)}
    undoable = _move(state, seat, action, ctx)
    mine = ctx.mine
    after = set(owing(state))
    newly = after - others_before - {seat}
    # One post per hand-off (engine/core/posting.py): a player's steps wait while he goes on deciding alone.
    hold = state.phase != "over" and seat in after and not newly
    stamp(ctx.events[:mine], seat)  # who made each line: this seat's decision…
    stamp(ctx.events[mine:], None)  # …and then the game moving on by itself (phases, checks, the count)
    return Taken(ctx.events, undoable, newly, seat in after, hold)


def advance_silently(state: NSState, seat: str, action: Action) -> None:
    """`take` for a search (silent.py): the same step and the game moving on, with no line worded or held (the
    fields a post is made from are the table's: engine/core/posting.py) and nobody's decision compared."""
    ctx = Ctx(state, [], [], words=False)
    dispatch(state, seat, action, ctx)  # `_move` without counting the lines: there are none
    ctx.cause = None
    advance(state, ctx)


def _move(state: NSState, seat: str, action: Action, ctx: Ctx) -> bool:
    """The decision played and the game moved on to the next one; whether the decision may be taken back as far
    as the step itself goes. `ctx.mine` counts the decision's own lines."""
    undoable = dispatch(state, seat, action, ctx)
    ctx.mine = len(ctx.events)
    ctx.cause = None
    advance(state, ctx)
    return undoable


def hidden_facts(state: NSState) -> list[Fact]:
    """The cards only one side may see (its hand, its Campaign Strategy stack and picks) and those nobody may
    (the deck, the endorsement deck): a step that shows one of them cannot be taken back (engine/core/hidden.py)."""
    facts: list[Fact] = [((), ("card", x)) for x in state.deck]
    facts += [((), ("endorsement", x)) for x in state.endorsement_deck]
    for side, me in state.sides.items():
        facts += [((side,), ("card", x)) for x in (*me.hand, *me.strategy, *me.picking)]
    return facts



def outcome(state: NSState) -> Outcome | None:
    """The game's end: its winner or a draw, with the final tally that decided it as facts (the words give its reason)."""
    if state.phase != "over":
        return None
    scores = dict(state.votes)
    tally = final_tally(state)
    if state.draw:
        return Outcome(winners=[], scores=scores, draw=True, facts=tally)
    assert state.winner is not None
    return Outcome(winners=[state.winner], scores=scores, facts=tally)


_DRAWS_AS_LINES = re.compile(r'"last_draws":\s*\[\s*"')


def load_state(data: str) -> NSState:
    """A stored state; one stored while the state kept its outcome's reason in words loads without it (the tally
    it came from is the state's support), and one stored while it kept the last draws as lines (or a paused
    effect's reason in words) reads them back."""
    if '"reason":' in data or _DRAWS_AS_LINES.search(data) or earlier.REASON_IN_WORDS in data:
        stored = json.loads(data)
        stored.pop("reason", None)
        earlier.read_as_now(stored)
        data = json.dumps(stored)
    state = NSState.model_validate_json(data)
    if state.wait is not None and "prompt" in state.wait:
        waits.restate(state)
    return state


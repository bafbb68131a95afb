"""Setup, the decisions (legality from legal.py, their facts from menus.py), applying a step (`take`: one body for
`apply` and the search's silent path), and the automatic steps between decisions (`_advance`), through all nine
turns to the outcome.

A play in an activity phase is a few steps: the card and its use (`play 23 event`, `play 23 campaign`,
`play 23 advertise`, `play 23 position`, or `play 23 preempt` and then the use), then the action's targets (`add NY 3`, `travel PA`, `media E`,
`issue defense`, `done`), then the rival's trigger window (`trigger` / `pass`). Effects that need a choice
wait for `pick <state|region|issue|card>` from the player resolving them.
"""
from __future__ import annotations

import hashlib
import json
import re
from typing import Any, Callable, NamedTuple

from engine.core.errors import IllegalAction
from engine.core.frames import Wait
from engine.core.hidden import Fact, revealed
from engine.core.notation import is_number
from engine.core.rng import Bag, Randomness
from engine.core.types import Action, ApplyResult, Decision, Event, Outcome, copy_state, stamp
from engine.core.windows import ResponseWindow, Sealed, Simultaneous
from engine.nineteen_sixty import facts_effects as fe
from engine.nineteen_sixty import facts_stages as fs
from engine.nineteen_sixty import facts_tell as t
from engine.nineteen_sixty import earlier, waits
from engine.nineteen_sixty.content import REGIONS
from engine.nineteen_sixty.effects import Ctx, gain_state, interpreter
from engine.nineteen_sixty.legal import (CANDIDATE, is_open, knee, media_leader, moves, owes, owing, position_cost, positions,
                                         side_chooser, strategy_choices)
from engine.nineteen_sixty.menus import menu
from engine.nineteen_sixty.primitives import (bag_counts, c, card, count, deal,
                                              event_playable, event_spent, gain, holder, initiative_check,
                                              issue_leader, lose, media_total, needs_checks, region_crossings,
                                              rival, seat_of, side_of, strategy_need, support_checks,
                                              tally_of, tally_winner, travel_region)
from engine.nineteen_sixty.state import SEATS, SIGN, Debate, DebateIssue, NSState, Options, Play, Side, Stacked, put


Tell = Callable[[list[Event]], list[Event]]  # the words' `tell`: each event's line from its facts, in place

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
    _start_turn(state, events)
    ctx = Ctx(state, events, [])
    _advance(state, ctx)
    return ApplyResult(state=state, events=events, hold=True)


def _salt(state: NSState, seat: str, what: str) -> str:
    """A salt no player can predict (it derives from the hidden PRNG state) yet replays exactly."""
    return hashlib.sha256(f"{state.randomness.prng}|{seat}|{what}|{state.turn}".encode()).hexdigest()[:32]


def _start_turn(state: NSState, events: list[Event] | None) -> None:
    """The next turn begins: its hands dealt and its initiative drawn (the Debates and Election Day begin their
    own way). Its lines go to `events`, or nowhere when it is None (a search's silent step)."""
    rules = c().rules
    state.turn_effects = []
    state.played, state.activity, state.starter, state.initiative = [], 1, None, None
    if state.turn == rules.debate_turn:
        _start_debates(state, events)
        return
    if state.turn == rules.election_turn:
        state.phase, state.step = "election", "bonus"
        if events is not None:
            events.append(Event(facts=t.StageOpened(turn=state.turn, stage="election")))
        return
    n = rules.hand_size.before_debates if state.turn < rules.debate_turn else rules.hand_size.after_debates
    if events is not None:
        events.append(Event(facts=t.TurnDealt(turn=state.turn, n=n)))
    for side in ("K", "N"):
        got = deal(state, side, n, events)
        if events is not None:
            events.append(Event(facts=t.Dealt(seat=seat_of(side), cards=tuple(got))))
    state.phase, state.step = "initiative", ""
    initiative_check(state, events)


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
    _dispatch(state, seat, action, ctx)  # `_move` without counting the lines: there are none
    ctx.cause = None
    _advance(state, ctx)


def _move(state: NSState, seat: str, action: Action, ctx: Ctx) -> bool:
    """The decision played and the game moved on to the next one; whether the decision may be taken back as far
    as the step itself goes. `ctx.mine` counts the decision's own lines."""
    undoable = _dispatch(state, seat, action, ctx)
    ctx.mine = len(ctx.events)
    ctx.cause = None
    _advance(state, ctx)
    return undoable


def hidden_facts(state: NSState) -> list[Fact]:
    """The cards only one side may see (its hand, its Campaign Strategy stack and picks) and those nobody may
    (the deck, the endorsement deck): a step that shows one of them cannot be taken back (engine/core/hidden.py)."""
    facts: list[Fact] = [((), ("card", x)) for x in state.deck]
    facts += [((), ("endorsement", x)) for x in state.endorsement_deck]
    for side, me in state.sides.items():
        facts += [((side,), ("card", x)) for x in (*me.hand, *me.strategy, *me.picking)]
    return facts


def _dispatch(state: NSState, seat: str, action: Action, ctx: Ctx) -> bool:
    """Apply one decision; returns whether it may be taken back."""
    verb, args = action.verb, action.args
    side = side_of(seat)
    me = state.sides[side]
    if state.wait is not None:
        answer: Any = args[0]
        if state.wait["kind"] == "card":
            answer = int(answer)
        state.wait = None
        frames = state.effect.frames
        ctx.cause = frames[0].proc if frames and is_number(frames[0].proc) else None  # the card whose effect asked
        _run(state, ctx, interpreter().resume(state.effect, ctx, answer))
        return True
    if verb == "play":  # a fresh play, or the use of the card already on the table (preempted, or the VP card)
        return _use(state, seat, args[1], args[0], ctx)
    if verb in ("trigger", "pass") and state.window is not None:
        return _answer_window(state, seat, verb, ctx)
    if verb == "start":
        state.starter = args[0]
        state.phase, state.activity, state.played = "activity", 1, []
        if ctx.words:
            ctx.log(t.StarterChosen(seat=seat, starter=args[0]))
        return True
    if verb == "pass" and state.phase == "strategy":  # no card may be set aside: the picks so far are sealed
        _seal_strategy(state, seat, ctx)
        return False
    if verb == "pass":
        if ctx.words:
            ctx.log(t.NoCardPassed(seat=seat))
        state.played.append(seat)
        return True
    if verb == "vp":
        discarded = int(args[0])
        me.hand.remove(discarded)
        state.discard.append(discarded)
        vp = me.vp_card
        me.vp_card = None
        state.play = Play.fresh(seat, vp, "vp")
        _collect_rest(state, side, vp, ctx)
        if ctx.words:
            ctx.log(t.VpPlayed(seat=seat, discarded=discarded, card=vp))
        return True
    play = state.play
    if verb == "add" and play is not None:
        play.target, play.stage = args[0], "amount"
        return True
    if verb == "spend" and play is not None:
        code, play.target, play.stage = play.target, "", "campaign"
        _campaign_add(state, seat, code, int(args[0]), ctx)
        return True
    if verb == "travel" and play is not None:
        cost = region_crossings(play.region, args[0])
        play.cp_left -= cost
        play.region, play.stop = args[0], True
        if ctx.words:
            ctx.log(t.Travelled(seat=seat, to=args[0], cost=cost))
        if play.cp_left <= 0:
            _end_action(state, ctx)
        return True
    if verb == "stop" and play is not None:
        me.token = args[0]
        play.stop = False
        ctx.touch(args[0])
        if ctx.words:
            ctx.log(t.TokenStopped(seat=seat, state=args[0]))
        _end_action(state, ctx)
        return True
    if verb == "media" and play is not None:
        removed, _ = gain(state, "media", args[0], side, 1)
        play.to_place -= 1
        ctx.touch(f"media:{args[0]}")
        if ctx.words:
            ctx.log(t.MediaPlaced(seat=seat, region=args[0], removed=bool(removed), value=state.media[args[0]]))
        if play.to_place <= 0:
            _end_action(state, ctx)
        return True
    if verb == "issue" and play is not None:
        cost = position_cost(play, args[0])
        play.cp_left -= cost
        play.bought[args[0]] = play.bought.get(args[0], 0) + 1
        gain(state, "issues", args[0], side, 1)
        ctx.touch(f"issues:{args[0]}")
        if ctx.words:
            ctx.log(t.Positioned(seat=seat, issue=args[0], cost=cost, value=state.issues[args[0]]))
        if not positions(state, play):
            _end_action(state, ctx)
        return True
    if verb == "done" and play is not None:
        if play.cp_left:
            if ctx.words:
                ctx.log(t.Unspent(seat=seat, cp=play.cp_left))
        _end_action(state, ctx)
        return True
    if verb == "swap":
        a, b = state.track.index(args[0]), state.track.index(args[1])
        state.track[a], state.track[b] = state.track[b], state.track[a]
        ctx.touch("track")
        if ctx.words:
            ctx.log(t.TrackSwapped(seat=seat, a=args[0], b=args[1], track=tuple(state.track)))
        state.step = "reward3"
        return True
    if verb == "keep":
        if ctx.words:
            ctx.log(t.TrackKept(seat=seat))
        state.step = "reward3"
        return True
    if verb == "take":
        issue = state.track[1]
        if args[0] == "momentum":
            me.momentum += 1
            if ctx.words:
                ctx.log(t.RewardTaken(seat=seat, issue=issue, momentum=me.momentum))
            state.step = "reward1"
            return True
        if ctx.words:
            ctx.log(t.RewardTaken(seat=seat, issue=issue, momentum=None))
        state.step = "reward1"
        _run(state, ctx, interpreter().start(state.effect, "award", ctx, actor=seat, why="endorsement"))
        return False
    if verb == "strategy":
        me.picking.append(int(args[0]))
        if len(me.picking) >= strategy_need(state):
            _seal_strategy(state, seat, ctx)
            return False
        return True
    if verb == "debate":
        state.sealed.commit(seat, args[0], _salt(state, seat, f"debate{state.debate.round if state.debate else 0}"))
        if ctx.words:
            ctx.log(t.DebateCardChosen(seat=seat))
        return False
    if verb == "first":
        assert state.debate is not None
        state.debate.first = args[0]
        if ctx.words:
            ctx.log(t.FirstChosen(seat=seat, first=args[0]))
        state.step = "side"
        return False
    if verb == "side":
        assert state.debate is not None
        state.debate.sides_chosen[side] = side_of(args[0])
        x = state.debate.revealed[side]
        if ctx.words:
            ctx.log(t.SideChosen(seat=seat, card=x, on=args[0]))
        return False
    if verb == "place":
        d = state.debate
        assert d is not None and d.placing is not None
        gain(state, "support", args[0], side, 1)
        ctx.touch(args[0])
        d.placing["left"] -= 1
        if ctx.words:
            ctx.log(t.DebateCubePlaced(seat=seat, state=args[0], value=state.support.get(args[0], 0)))
        if d.placing["left"] <= 0:
            d.placing = None
        return True
    if verb == "order":
        x = int(args[0])
        entry = next(e for e in state.election_events if e.card == x)
        state.election_events.remove(entry)
        _resolve_election_event(state, entry, ctx)
        return False
    raise IllegalAction(f"`{verb}` is not something you can do now.", code="illegal_verb")


# --------------------------------------------------------------------------- activity plays

def _collect_rest(state: NSState, side: str, card_id: int | None, ctx: Ctx) -> None:
    if card_id is None:
        return
    n = card(card_id).rest
    if n:
        me = state.sides[side]
        me.supply -= n
        me.rest += n


def _use(state: NSState, seat: str, verb: str, arg: str, ctx: Ctx) -> bool:
    side = side_of(seat)
    me = state.sides[side]
    play = state.play
    if play is None:  # a fresh play from the hand or the candidate card
        if arg == CANDIDATE:
            play = Play.fresh(seat, None, "candidate")
            me.candidate = "exhausted"
            ctx.touch(f"candidate:{side}")
        else:
            x = int(arg)
            me.hand.remove(x)
            play = Play.fresh(seat, x, "hand")
            _collect_rest(state, side, x, ctx)
        state.play = play
    if ctx.words:  # the cause is read by the lines alone
        ctx.cause = None if play.card is None else str(play.card)
    if verb == "preempt":
        me.momentum -= c().rules.preempt_cost
        play.preempted = True
        play.stage = "how"
        if ctx.words:
            ctx.log(t.Preempted(seat=seat, card=play.card, cost=c().rules.preempt_cost, momentum=me.momentum))
        return True
    cp = c().rules.candidate_cp if play.card is None else card(play.card).cp
    if verb != "campaign" and state.turn_effects:
        _pledge(state, side, ctx)
    if verb == "event":
        put(play, action=verb, stage="event")
        if ctx.words:
            ctx.log(t.EventPlayed(seat=seat, card=play.card))
        _resolve_event(state, play.card, seat, ctx, "event")
        return False
    if verb == "campaign":
        if knee(state, side):
            me.momentum -= 1
            if ctx.words:
                ctx.log(t.KneePaid(seat=seat, momentum=me.momentum))
        put(play, action=verb, cp_left=cp, stage="campaign", region=travel_region(me.token))
        if ctx.words:
            ctx.log(t.PlayedFor(seat=seat, card=play.card, use="campaign", cp=cp))
        return True
    if verb == "position":
        put(play, action=verb, cp_left=cp, stage="position")
        if ctx.words:
            ctx.log(t.PlayedFor(seat=seat, card=play.card, use="position", cp=cp))
        return True
    # advertise: one support check per CP, then each success is placed in a region
    if ctx.words:
        ctx.log(t.PlayedFor(seat=seat, card=play.card, use="advertise", cp=cp))
    wins = support_checks(state, side, cp, ctx.worded, None, "advertise")
    put(play, action=verb, cp_left=cp, stage="advertise", to_place=wins)
    if wins == 0:
        _end_action(state, ctx)
    return False


def _pledge(state: NSState, side: str, ctx: Ctx) -> None:
    """A rival's turn effect: momentum each time this side plays a card for anything but campaigning."""
    for e in state.turn_effects:
        if e.hook == "momentum_per_rival_noncampaign" and e.who == rival(side):
            state.sides[e.who].momentum += 1
            if ctx.words:
                ctx.log(t.Pledged(card=e.card, side=e.who, momentum=state.sides[e.who].momentum))


def _campaign_add(state: NSState, seat: str, code: str, n: int, ctx: Ctx) -> None:
    play = state.play
    assert play is not None
    side = side_of(seat)
    checks = needs_checks(state, side, code, campaigning=True)
    play.cp_left -= n
    if checks:
        play.declared.append(code)
        if ctx.words:
            ctx.log(t.Declared(seat=seat, n=n, state=code))
    gain_state(ctx, side, code, n, "campaigning", checks=checks)
    state.sides[side].token = code  # the token goes where the candidate campaigns
    play.stop = False
    if play.cp_left <= 0:
        _end_action(state, ctx)


def _end_action(state: NSState, ctx: Ctx) -> None:
    """The CP action is over: the rival may trigger the event (public facts only decide whether he is asked)."""
    play = state.play
    assert play is not None
    if play.action == "campaign" and play.stop:
        play.stage = "stop"  # travel alone ends in a state of the player's choice
        return
    play.stage = "window"
    if play.card is None:
        _finish_play(state, ctx)
        return
    rival_seat = state.other(play.seat)
    rival_side = side_of(rival_seat)
    if play.preempted or not event_playable(state, play.card) or event_spent(state, play.card) \
            or state.sides[rival_side].momentum < c().rules.trigger_cost:
        _finish_play(state, ctx)
        return
    state.window = ResponseWindow.open([rival_seat], {}, trigger=f"card:{play.card}", may={rival_seat: ["trigger"]})


def _answer_window(state: NSState, seat: str, verb: str, ctx: Ctx) -> bool:
    window, play = state.window, state.play
    assert window is not None and play is not None and play.card is not None
    window.answer(seat, verb)
    state.window = None
    if verb == "pass":
        if ctx.words:
            ctx.log(t.LetGo(seat=seat, card=play.card))
        _finish_play(state, ctx)
        return True
    me = state.sides[side_of(seat)]
    me.momentum -= c().rules.trigger_cost
    play.stage = "event"
    play.action = "triggered"
    if ctx.words:
        ctx.log(t.Triggered(seat=seat, card=play.card, cost=c().rules.trigger_cost, momentum=me.momentum))
    _resolve_event(state, play.card, seat, ctx, "trigger")
    return False


def _resolve_event(state: NSState, card_id: int, seat: str, ctx: Ctx, why: str) -> None:
    """Run an event for `seat` (who played or triggered it); persistent events go to their stack instead."""
    x = card(card_id)
    owner = side_of(seat)
    if event_spent(state, card_id):
        state.removed.append(card_id)  # ruling: the Debates are over, so a Debate event changes nothing
        if ctx.words:
            ctx.log(t.EventSpent(card=card_id))
        return
    if x.persistent in ("debate", "election_day"):
        stack = state.debate_events if x.persistent == "debate" else state.election_events
        stack.append(Stacked(card=card_id, owner=owner))
        ctx.touch("persistent")
        if ctx.words:
            ctx.log(t.EventStacked(card=card_id, stack=x.persistent, side=owner))
        return
    if x.persistent == "prevention":
        state.prevention.append(Stacked(card=card_id, owner=owner))
        ctx.touch("persistent")
    else:
        state.removed.append(card_id)
    ctx.cause = str(card_id)
    _run(state, ctx, interpreter().start(state.effect, str(card_id), ctx, actor=seat, card=card_id, why=why))


def _run(state: NSState, ctx: Ctx, wait: Wait | None) -> None:
    """Run the effect until it needs a real choice (one candidate is taken without asking) or is done."""
    while wait is not None:
        among = list(wait.decision["among"])
        if len(among) == 1:
            wait = interpreter().resume(state.effect, ctx, among[0])
            continue
        frame = state.effect.frames[-1]
        asker = frame.locals.pop("asker", None) or frame.locals["actor"]
        state.wait = waits.kept(wait.decision["kind"], asker, among, wait.decision)
        return


def _finish_play(state: NSState, ctx: Ctx) -> None:
    play = state.play
    assert play is not None
    if play.card is not None and play.action not in ("event", "triggered"):
        if play.source == "vp":
            state.sides[side_of(play.seat)].vp_card = play.card  # back beside its owner (ruling)
        else:
            state.discard.append(play.card)
    state.played.append(play.seat)
    state.play = None
    if state.window is not None:
        state.window = None


# --------------------------------------------------------------------------- the automatic steps

def _advance(state: NSState, ctx: Ctx) -> None:
    for _ in range(10_000):
        if state.phase == "over" or state.wait is not None:
            return
        if state.effect.frames:
            _run(state, ctx, interpreter().run(state.effect, ctx))
            continue
        if not _step(state, ctx):
            return
    raise RuntimeError("the game did not settle")


def _step(state: NSState, ctx: Ctx) -> bool:
    """One automatic step; False when someone must decide."""
    if state.phase == "initiative":
        return False
    if state.phase == "activity":
        play = state.play
        if play is not None:
            if play.stage == "event":
                _finish_play(state, ctx)
                return True
            return False
        if len(state.played) < 2:
            return False
        state.played = []
        state.activity += 1
        if state.activity > c().rules.activity_phases:
            state.phase, state.step = "momentum", "decay"
        return True
    if state.phase == "momentum":
        return _momentum_step(state, ctx)
    if state.phase == "strategy":
        return _strategy_step(state, ctx)
    if state.phase == "debate":
        return _debate_step(state, ctx)
    if state.phase == "election":
        return _election_step(state, ctx)
    return False


def _momentum_step(state: NSState, ctx: Ctx) -> bool:
    if state.step == "decay":
        losses = []
        for side in ("K", "N"):
            me = state.sides[side]
            lost = me.momentum // c().rules.momentum_decay_divisor
            me.momentum -= lost
            losses.append(lost)
        if ctx.words:
            ctx.log(t.MomentumDecayed(turn=state.turn, lost=(losses[0], losses[1]),
                                      left=(state.sides["K"].momentum, state.sides["N"].momentum)))
        state.step = "swap"
        if media_leader(state) is None:
            if ctx.words:
                ctx.log(t.MediaTied())
            state.step = "reward3"
        return True
    if state.step == "swap":
        return False
    if state.step == "reward3":
        who = issue_leader(state, state.track[2])
        if who is not None:
            state.sides[who].momentum += 1
            if ctx.words:
                ctx.log(t.IssueRewarded(side=who, issue=state.track[2], place=3, momentum=state.sides[who].momentum))
        state.step = "reward2" if issue_leader(state, state.track[1]) is not None else "reward1"
        return True
    if state.step == "reward2":
        return False
    if state.step == "reward1":
        who = issue_leader(state, state.track[0])
        state.step = "issue_decay"
        if who is not None:
            state.sides[who].momentum += 1
            if ctx.words:
                ctx.log(t.IssueRewarded(side=who, issue=state.track[0], place=1, momentum=state.sides[who].momentum))
            _run(state, ctx, interpreter().start(state.effect, "award", ctx, actor=seat_of(who), why="endorsement"))
        return True
    if state.step == "issue_decay":
        for issue in state.track:
            who = holder(state.issues[issue])
            if who is not None:
                lose(state, "issues", issue, who, 1)
                ctx.touch(f"issues:{issue}")
        if ctx.words:
            ctx.log(t.IssuesDecayed(issues=tuple((i, state.issues[i]) for i in state.track)))
        state.phase, state.step = "strategy", ""
        state.sealed = Simultaneous(seats=list(SEATS))
        for seat in SEATS:
            state.sides[side_of(seat)].picking = []
        return True
    return False


def _seal_strategy(state: NSState, seat: str, ctx: Ctx) -> None:
    me = state.sides[side_of(seat)]
    choice = ",".join(str(x) for x in me.picking)
    salt = _salt(state, seat, "strategy")
    state.sealed.commit(seat, choice, salt)
    n = len(me.picking)
    if ctx.words:
        ctx.log(t.StrategySealed(seat=seat, n=n))


def _strategy_step(state: NSState, ctx: Ctx) -> bool:
    need = strategy_need(state)
    for seat in SEATS:
        me = state.sides[side_of(seat)]
        if seat in state.sealed.sealed:
            continue
        # Decided by public facts only (the hand's size): a hand no bigger than the need is placed as it is; a
        # bigger one is asked even when none of its cards may be placed (it may only `pass`), or the rival would
        # learn from not seeing it asked that it holds only Gathering Momentum cards.
        if len(me.hand) <= need:
            me.picking += strategy_choices(me)[: need - len(me.picking)]
            _seal_strategy(state, seat, ctx)
    if not state.sealed.complete:
        return False
    for seat, sealed in state.sealed.reveal().items():
        me = state.sides[side_of(seat)]
        chosen = [int(x) for x in sealed.choice.split(",") if x]
        for x in chosen:
            me.hand.remove(x)
        me.strategy += chosen
        me.seals.append(sealed.digest)
        me.picking = []
        _sealed_stacks(state)[seat].append(sealed)
        if me.hand:
            if ctx.words:
                ctx.log(t.HandDiscarded(seat=seat, cards=tuple(sorted(me.hand))))
        state.discard += sorted(me.hand)
        me.hand = []
    moved = []
    for side in ("K", "N"):
        me = state.sides[side]
        state.bag.put([side] * me.rest)
        moved.append(me.rest)
        me.rest = 0
    if ctx.words:
        ctx.log(t.RestBagged(moved=(moved[0], moved[1]), bag=bag_counts(state)))
    state.sealed = Simultaneous(seats=list(SEATS))
    state.turn += 1
    _start_turn(state, ctx.worded)
    return True


def _sealed_stacks(state: NSState) -> dict[str, list[Sealed]]:
    """The Campaign Strategy commitments, kept (secret salts included) until the stacks are revealed."""
    return state.strategy_seals


# --------------------------------------------------------------------------- the Debates (turn 6)

def _start_debates(state: NSState, events: list[Event] | None) -> None:
    state.phase, state.step = "debate", "init"
    if events is not None:
        events.append(Event(facts=t.StageOpened(turn=state.turn, stage="debates")))


def debate_total(state: NSState, issue: DebateIssue, side: str) -> int:
    """CP on the side's half of the issue plus its Debate events' bonuses there."""
    total = sum(card(x).cp for x in issue.cards[side])
    for entry in state.debate_events:
        for name, p in card(entry.card).event:
            if name != "debate_bonus":
                continue
            who = p["who"] if p["who"] in ("K", "N") else entry.owner if p["who"] == "self" else rival(entry.owner)
            if who == side and p["issue"] in ("all", issue.issue):
                total += int(p["n"])
    return total


def _debate_step(state: NSState, ctx: Ctx) -> bool:
    d = state.debate
    if state.step == "init":
        initiative_check(state, ctx.worded)
        for seat in SEATS:
            me = state.sides[side_of(seat)]
            me.hand = list(me.strategy)
            me.strategy = []
            if ctx.words:
                ctx.log(fs.DebateHandTaken(seat=seat, n=len(me.hand)))
                ctx.events.append(Event(facts=fs.DebateHand(seat=seat, cards=tuple(me.hand))))
        state.debate = Debate(issues=[DebateIssue(issue=i, slot=n + 1) for n, i in enumerate(state.track)])
        if ctx.words:
            ctx.log(fs.DebateBoardSet(issues=tuple(state.track)))
        state.track = ["", "", ""]
        ctx.touch("track")
        _open_round(state)
        return True
    assert d is not None
    if d.placing is not None:
        return False
    if d.pending:
        _award_issue(state, d, d.pending.pop(0), ctx)
        return True
    if d.finished:
        _end_debates(state, ctx)
        return True
    if state.step == "round":
        if not state.sealed.complete:
            return False
        revealed = state.sealed.reveal()
        d.revealed = {}
        d.sides_chosen, d.first = {}, None
        for seat, sealed in revealed.items():
            x = int(sealed.choice)
            side = side_of(seat)
            state.sides[side].hand.remove(x)
            d.revealed[side] = x
        if ctx.words:
            ctx.log(fs.DebateRevealed(round=d.round, cards=tuple(d.revealed.items())))
        two = [s for s, x in d.revealed.items() if len(card(x).icons) == 2 and is_open(d, card(x).debate_issue)]
        state.step = "first" if len(two) == 2 else "side"
        return True
    if state.step == "first":
        return False
    if state.step == "side":
        if side_chooser(state) is not None:
            return False
        _place_revealed(state, d, ctx)
        return True
    return False


def _open_round(state: NSState) -> None:
    d = state.debate
    assert d is not None
    seats = [s for s in SEATS if state.sides[side_of(s)].hand]
    state.sealed = Simultaneous(seats=seats)
    state.step = "round"
    if not seats or all(i.won_by for i in d.issues):
        _finish_debate_issues(state, d)


def _place_revealed(state: NSState, d: Debate, ctx: Ctx) -> None:
    order = sorted(d.revealed, key=lambda s: 0 if d.first and s == side_of(d.first) else 1)
    for side in order:
        x = d.revealed[side]
        issue = next(i for i in d.issues if i.issue == card(x).debate_issue)
        if issue.won_by is not None:
            state.discard.append(x)
            if ctx.words:
                ctx.log(fs.DebateCardWasted(card=x, issue=issue.issue))
            continue
        to = d.sides_chosen.get(side, card(x).icons[0])
        issue.cards[to].append(x)
    d.revealed, d.sides_chosen, d.first = {}, {}, None
    ctx.touch("debate")
    won = [i for i in d.issues if i.won_by is None and any(len(v) >= 2 for v in i.cards.values())]
    # simultaneous wins resolve from the lowest original place on the track (the 3rd place first)
    for issue in sorted(won, key=lambda i: -i.slot):
        _decide(state, d, issue)
    d.round += 1
    _open_round(state)


def _decide(state: NSState, d: Debate, issue: DebateIssue) -> None:
    k, n = debate_total(state, issue, "K"), debate_total(state, issue, "N")
    init = side_of(state.initiative) if state.initiative else "K"
    issue.won_by = "K" if k > n else "N" if n > k else init
    d.pending.append(issue.issue)


def _finish_debate_issues(state: NSState, d: Debate) -> None:
    for issue in sorted((i for i in d.issues if i.won_by is None), key=lambda i: -i.slot):
        _decide(state, d, issue)
    d.finished = True
    state.step = "end"


def _award_issue(state: NSState, d: Debate, issue_id: str, ctx: Ctx) -> None:
    issue = next(i for i in d.issues if i.issue == issue_id)
    side = issue.won_by
    assert side is not None
    k, n = debate_total(state, issue, "K"), debate_total(state, issue, "N")
    reward = c().rules.debate_rewards[d.awarded]
    d.awarded += 1
    slot = max(i for i, x in enumerate(state.track) if not x)
    state.track[slot] = issue_id
    issue.result = {"K": k, "N": n}
    cards = issue.cards["K"] + issue.cards["N"]
    state.discard += cards
    issue.cards = {"K": [], "N": []}
    if ctx.words:
        ctx.log(fs.DebateWon(side=side, issue=issue_id, high=max(k, n), low=min(k, n), reward=reward, slot=slot + 1))
    ctx.touch("track")
    d.placing = {"side": side, "left": reward, "issue": issue_id}


def _end_debates(state: NSState, ctx: Ctx) -> None:
    for side in ("K", "N"):
        me = state.sides[side]
        state.discard += sorted(me.hand)
        me.hand = []
    state.discard += [e.card for e in state.debate_events]
    if state.debate_events:
        if ctx.words:
            ctx.log(fs.DebateEventsDiscarded(cards=tuple(e.card for e in state.debate_events)))
    state.debate_events = []
    state.debate = None
    state.sealed = Simultaneous(seats=list(SEATS))
    if ctx.words:
        ctx.log(fs.DebatesOver(track=tuple(state.track)))
    state.turn += 1
    _start_turn(state, ctx.worded)


# --------------------------------------------------------------------------- Election Day (turn 9)

def _election_step(state: NSState, ctx: Ctx) -> bool:
    rules = c().rules
    if state.step == "bonus":
        medias, issue_cubes, momenta = [], [], []
        for side in ("K", "N"):
            me = state.sides[side]
            media = media_total(state, side)
            issues = sum(count(v, side) for v in state.issues.values())
            cubes = media + media + issues + rules.momentum_cubes * me.momentum
            me.supply -= media + rules.momentum_cubes * me.momentum
            state.bag.put([side] * cubes)
            medias.append(media)
            issue_cubes.append(issues)
            momenta.append(me.momentum)
            me.momentum = 0
        state.media = {r: 0 for r in REGIONS}
        state.issues = {i: 0 for i in state.issues}
        ctx.touch("bag")
        if ctx.words:
            ctx.log(fs.BonusBagged(media=(medias[0], medias[1]), issues=(issue_cubes[0], issue_cubes[1]),
                                  momentum=(momenta[0], momenta[1]), bag=bag_counts(state)))
        state.step = "initiative"
        return True
    if state.step == "initiative":
        initiative_check(state, ctx.worded)
        state.step = "strategy"
        return True
    if state.step == "strategy":
        first = state.initiative or SEATS[0]
        for seat in (first, state.other(first)):
            side = side_of(seat)
            me = state.sides[side]
            if ctx.words:
                ctx.log(fs.StrategyShown(seat=seat, cards=tuple(me.strategy)))
            per_state: dict[str, int] = {}
            for x in me.strategy:
                per_state[card(x).state] = per_state.get(card(x).state, 0) + rules.election_checks_per_card
            for code, n in per_state.items():
                got = support_checks(state, side, n, ctx.worded, code, "strategy")
                if got:
                    gain(state, "support", code, side, got)
                    ctx.touch(code)
                if ctx.words:
                    ctx.log(fe.SupportGained(side=side, state=code, n=got, removed=0, value=state.support.get(code, 0)))
            state.discard += me.strategy
            me.strategy = []
        state.step = "events"
        return True
    if state.step == "events":
        if not state.election_events:
            state.step = "edges"
            return True
        if len(state.election_events) == 1:
            _resolve_election_event(state, state.election_events.pop(0), ctx)
            return True
        return False
    if state.step == "edges":
        _undecided(state, ctx)
        _tally(state, ctx)
        return True
    return False


def _resolve_election_event(state: NSState, entry: Stacked, ctx: Ctx) -> None:
    seat = seat_of(entry.owner)
    ctx.cause = str(entry.card)
    if ctx.words:
        ctx.log(fs.ElectionEvent(card=entry.card, side=entry.owner))
    state.removed.append(entry.card)
    _run(state, ctx, interpreter().start(state.effect, str(entry.card), ctx, actor=seat, card=entry.card,
                                         why="Election Day"))


def _undecided(state: NSState, ctx: Ctx) -> None:
    parts = []
    for code, st in c().states.items():
        if state.support.get(code, 0):
            continue
        by = holder(state.endorsements.get(st.region, 0))
        who = by or st.edge
        gain(state, "support", code, who, 1)
        ctx.touch(code)
        parts.append((code, who, by is not None))
    if ctx.words:
        ctx.log(fs.UndecidedTipped(states=tuple(parts)))


def _tally(state: NSState, ctx: Ctx) -> None:
    unawarded: list[str] = []
    for entry in _unpledged_rules(state):
        who, states, below = entry
        for code in states:
            if count(state.support.get(code, 0), who) and count(state.support.get(code, 0), who) < below:
                unawarded.append(code)
    state.unawarded = sorted(set(unawarded))
    tally = final_tally(state)
    state.votes = {seat_of(s): v for s, v in zip(("K", "N"), tally.votes)}
    if state.unawarded:
        if ctx.words:
            ctx.log(fs.Unpledged(states=tuple(state.unawarded)))
    state.phase, state.step = "over", ""
    w = tally_winner(tally.votes, tally.won, tally.cubes)
    if w is None:
        state.draw = True
    else:
        state.winner = seat_of(w)
    ctx.touch("tally")
    if ctx.words:
        ctx.log(tally)


def _unpledged_rules(state: NSState) -> list[tuple[str, list[str], int]]:
    """The Unpledged Electors rules resolved on Election Day (the cards were resolved from the stack)."""
    out = []
    for cid in state.removed:
        x = card(cid)
        if x.persistent != "election_day":
            continue
        for name, p in x.event:
            if name == "unpledged":
                out.append((p["who"], list(p["states"]), int(p["below"])))
    return out


def final_tally(state: NSState) -> fs.Tallied:
    """Election Day's tally, from the states' support once the unawarded states are known."""
    votes, won, cubes = tally_of(state.support, state.unawarded)
    return fs.Tallied(votes=votes, won=won, cubes=cubes)


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
    it came from is the state's support), and one stored while it kept the last draws as lines reads them back."""
    if '"reason":' in data or _DRAWS_AS_LINES.search(data):
        stored = json.loads(data)
        stored.pop("reason", None)
        earlier.read_as_now(stored)
        data = json.dumps(stored)
    state = NSState.model_validate_json(data)
    if state.wait is not None and "prompt" in state.wait:
        waits.restate(state)
    return state


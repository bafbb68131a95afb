"""The activity phases: who starts, a card played (for its event, or its CP to campaign, advertise or take
positions, after a preempt if the player pays for one), the CP action's steps, the rival's trigger window, and the
play's end.

A play is a few decisions: the card and its use (`play 23 event`, `play 23 campaign`, `play 23 advertise`,
`play 23 position`, or `play 23 preempt` and then the use), then the action's targets (`add NY 3`, `travel PA`,
`media E`, `issue defense`, `done`), then the rival's window (`trigger` / `pass`)."""
from __future__ import annotations

from engine.core.windows import ResponseWindow
from engine.nineteen_sixty import facts_tell as t
from engine.nineteen_sixty.effect_runs import run_effect
from engine.nineteen_sixty.effect_ctx import Ctx
from engine.nineteen_sixty.effect_support import gain_state
from engine.nineteen_sixty.effects import interpreter
from engine.nineteen_sixty.legal import CANDIDATE, knee, position_cost, positions
from engine.nineteen_sixty.primitives import (c, card, event_playable, event_spent, gain, needs_checks,
                                              region_crossings, rival, side_of, support_checks, travel_region)
from engine.nineteen_sixty.state import NSState, Play, Stacked, put
from engine.nineteen_sixty.turns import Handler

# --------------------------------------------------------------------------- the decisions


def _play(state: NSState, seat: str, args: tuple[str, ...], ctx: Ctx) -> bool:
    """A fresh play, or the use of the card already on the table (preempted, or the VP card)."""
    return _use(state, seat, args[1], args[0], ctx)


def _start(state: NSState, seat: str, args: tuple[str, ...], ctx: Ctx) -> bool:
    state.starter = args[0]
    state.phase, state.activity, state.played = "activity", 1, []
    if ctx.words:
        ctx.log(t.StarterChosen(seat=seat, starter=args[0]))
    return True


def _pass(state: NSState, seat: str, args: tuple[str, ...], ctx: Ctx) -> bool:
    if ctx.words:
        ctx.log(t.NoCardPassed(seat=seat))
    state.played.append(seat)
    return True


def _vp(state: NSState, seat: str, args: tuple[str, ...], ctx: Ctx) -> bool:
    side = side_of(seat)
    me = state.sides[side]
    discarded = int(args[0])
    me.hand.remove(discarded)
    state.discard.append(discarded)
    vp = me.vp_card
    assert vp is not None  # legal only with a card set aside for victory points
    me.vp_card = None
    state.play = Play.fresh(seat, vp, "vp")
    _collect_rest(state, side, vp, ctx)
    if ctx.words:
        ctx.log(t.VpPlayed(seat=seat, discarded=discarded, card=vp))
    return True


# --------------------------------------------------------------------------- a CP action's steps (a play on the table)
# Each of these is applied only while a play is on the table (the dispatch refuses them otherwise).


def _add(state: NSState, seat: str, args: tuple[str, ...], ctx: Ctx) -> bool:
    play = _on_table(state)
    play.target, play.stage = args[0], "amount"
    return True


def _spend(state: NSState, seat: str, args: tuple[str, ...], ctx: Ctx) -> bool:
    play = _on_table(state)
    code, play.target, play.stage = play.target, "", "campaign"
    _campaign_add(state, seat, code, int(args[0]), ctx)
    return True


def _travel(state: NSState, seat: str, args: tuple[str, ...], ctx: Ctx) -> bool:
    play = _on_table(state)
    cost = region_crossings(play.region, args[0])
    play.cp_left -= cost
    play.region, play.stop = args[0], True
    if ctx.words:
        ctx.log(t.Travelled(seat=seat, to=args[0], cost=cost))
    if play.cp_left <= 0:
        _end_action(state, ctx)
    return True


def _stop(state: NSState, seat: str, args: tuple[str, ...], ctx: Ctx) -> bool:
    play = _on_table(state)
    state.sides[side_of(seat)].token = args[0]
    play.stop = False
    ctx.touch(args[0])
    if ctx.words:
        ctx.log(t.TokenStopped(seat=seat, state=args[0]))
    _end_action(state, ctx)
    return True


def _media(state: NSState, seat: str, args: tuple[str, ...], ctx: Ctx) -> bool:
    play = _on_table(state)
    removed, _ = gain(state, "media", args[0], side_of(seat), 1)
    play.to_place -= 1
    ctx.touch(f"media:{args[0]}")
    if ctx.words:
        ctx.log(t.MediaPlaced(seat=seat, region=args[0], removed=bool(removed), value=state.media[args[0]]))
    if play.to_place <= 0:
        _end_action(state, ctx)
    return True


def _issue(state: NSState, seat: str, args: tuple[str, ...], ctx: Ctx) -> bool:
    play = _on_table(state)
    cost = position_cost(play, args[0])
    play.cp_left -= cost
    play.bought[args[0]] = play.bought.get(args[0], 0) + 1
    gain(state, "issues", args[0], side_of(seat), 1)
    ctx.touch(f"issues:{args[0]}")
    if ctx.words:
        ctx.log(t.Positioned(seat=seat, issue=args[0], cost=cost, value=state.issues[args[0]]))
    if not positions(state, play):
        _end_action(state, ctx)
    return True


def _done(state: NSState, seat: str, args: tuple[str, ...], ctx: Ctx) -> bool:
    play = _on_table(state)
    if play.cp_left:
        if ctx.words:
            ctx.log(t.Unspent(seat=seat, cp=play.cp_left))
    _end_action(state, ctx)
    return True


def _on_table(state: NSState) -> Play:
    play = state.play
    assert play is not None
    return play


DECISIONS: dict[str, Handler] = {"play": _play, "start": _start, "pass": _pass, "vp": _vp}
# the steps of the CP action on the table: refused while no play is on it
PLAY_STEPS: dict[str, Handler] = {"add": _add, "spend": _spend, "travel": _travel, "stop": _stop, "media": _media,
                                  "issue": _issue, "done": _done}


# --------------------------------------------------------------------------- playing a card

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
        assert play.card is not None  # the candidate card, played for its CP alone, has no event
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


def answer_window(state: NSState, seat: str, verb: str, ctx: Ctx) -> bool:
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
    run_effect(state, ctx, interpreter().start(state.effect, str(card_id), ctx, actor=seat, card=card_id, why=why))


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



def activity_step(state: NSState, ctx: Ctx) -> bool:
    """The activity phase moving on by itself: an event's play ends, and once both have played, the next phase
    (after the last, the momentum phase); False when someone must decide."""
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

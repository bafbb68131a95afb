"""One step applied to the state: a draft pick or a starting pick (opening.py), an effect's pending choice
answered, or the turn's verb — draw, pass, play a card, pay its cost — handed to its handler; then the card's
effect run to the next real choice or the turn's end (a Going Negative roll on the way)."""
from __future__ import annotations

from typing import Callable

from engine.campaign_manager_2008 import facts as f
from engine.campaign_manager_2008 import opening, waits
from engine.campaign_manager_2008.cardtext import NEGATIVE_PREFIX
from engine.campaign_manager_2008.effects import Ctx, interpreter
from engine.campaign_manager_2008.primitives import Line, c, draw_cards, said
from engine.campaign_manager_2008.state import CMState, Roll, Turn
from engine.core.errors import IllegalAction
from engine.core.frames import Interpreter, Wait
from engine.core.types import Action

Handler = Callable[[CMState, str, str, Ctx], bool]
"""A turn's verb: (state, seat, argument, context) applied; returns whether it may be undone."""


def dispatch(state: CMState, seat: str, action: Action, events: list[Line] | None, changed: list[str] | None,
             runner: Interpreter | None = None) -> bool:
    """Apply the step (`runner`: the effects' interpreter, the worded one unless given; `events` and `changed` None:
    no line stated, no changed state kept); returns whether it may be undone (a draft pick shows new cards: no)."""
    arg = action.args[0] if action.args else ""
    if state.phase == "draft":
        return opening.draft_pick(state, seat, arg, events)
    if state.phase == "states":
        return opening.start_pick(state, seat, arg, events, changed)
    ctx = Ctx(state, events, changed, runner or interpreter())
    if state.wait is not None:
        state.wait = None
        _settle(state, ctx.runner.resume(state.effect, ctx, arg), ctx)
        return state.phase != "over"
    assert state.turn is not None
    handler = _BY_VERB.get(action.verb)
    if handler is None:
        raise IllegalAction(f"`{action.verb}` is not something you can do now.", code="illegal_verb")
    return handler(state, seat, arg, ctx)


def _draw(state: CMState, seat: str, arg: str, ctx: Ctx) -> bool:
    """A card drawn instead of a play; the turn ends. Never undone: the card is new to the hand."""
    draw_cards(state, seat, 1, ctx.events)
    _end_turn(state)
    return False


def _pass(state: CMState, seat: str, arg: str, ctx: Ctx) -> bool:
    """The turn passed: it ends with nothing played."""
    if ctx.events is not None:
        ctx.events.append(said(f.Passed))
    _end_turn(state)
    return True


def _play(state: CMState, seat: str, card_id: str, ctx: Ctx) -> bool:
    """A card played from the hand: its discard cost to pay first, if it has one, else its effect starts."""
    side, turn = state.sides[seat], state.turn
    assert turn is not None
    side.hand.remove(card_id)
    turn.card = card_id
    card = c().cards[card_id]
    if ctx.events is not None:
        ctx.events.append(said(f.CardPlayed, cause=card_id, card=card_id))
    cost = card.discard_cost
    if cost is not None and (cost.any or cost.n):
        turn.stage, turn.cost_left, turn.cost_any = "cost", cost.n or 0, bool(cost.any)
        if turn.cost_any and not side.hand:
            _start_effect(state, ctx)
        return True
    _start_effect(state, ctx)
    return True


def _discard(state: CMState, seat: str, card_id: str, ctx: Ctx) -> bool:
    """A card discarded toward the played card's cost; the effect starts once the cost is paid (an any-number
    cost: once the hand is empty)."""
    side, turn = state.sides[seat], state.turn
    assert turn is not None
    side.hand.remove(card_id)
    turn.discarded.append(card_id)
    if ctx.events is not None:
        ctx.events.append(said(f.CostPaid, card=card_id))
    turn.cost_left -= 1
    if (not turn.cost_any and turn.cost_left <= 0) or (turn.cost_any and not side.hand):
        _start_effect(state, ctx)
    return True


def _done(state: CMState, seat: str, arg: str, ctx: Ctx) -> bool:
    """An any-number cost paid: the card's effect starts."""
    _start_effect(state, ctx)
    return True


_BY_VERB: dict[str, Handler] = {"draw": _draw, "pass": _pass, "play": _play, "discard": _discard, "done": _done}


def _start_effect(state: CMState, ctx: Ctx) -> None:
    turn = state.turn
    assert turn is not None and turn.card is not None
    card = c().cards[turn.card]
    turn.stage = "effect"
    if card.kind == "media":
        if state.media is not None:
            old = state.media
            state.sides[old["owner"]].discard.append(old["card"])
            if ctx.events is not None:
                ctx.events.append(said(f.MediaReplaced, cause=turn.card, card=old["card"], owner=old["owner"]))
        state.media = {"card": turn.card, "owner": turn.seat}
    wait = ctx.runner.start(state.effect, turn.card, ctx, actor=turn.seat, discarded=len(turn.discarded))
    _settle(state, wait, ctx)


def _settle(state: CMState, wait: Wait | None, ctx: Ctx) -> None:
    """Run until a real choice is owed (a single candidate is taken without asking) or the turn is over."""
    while state.phase != "over":
        if wait is not None:
            among = list(wait.decision["among"])
            frame = state.effect.frames[-1]
            if len(among) == 1:
                frame.locals.pop("rep", None)
                wait = ctx.runner.resume(state.effect, ctx, among[0])
                continue
            asker = wait.decision.get("seat") or frame.locals.pop("asker", None) or frame.locals["actor"]
            kind = wait.decision["kind"]
            state.wait = waits.kept(kind, asker, among, waits.settled(state, wait.decision, frame, asker))
            return
        if state.effect.frames:  # nothing runs on an empty stack; a stale frame would be a bug
            wait = ctx.runner.run(state.effect, ctx)
            continue
        turn = state.turn
        assert turn is not None
        card = c().cards[turn.card] if turn.card else None
        if turn.stage == "effect" and card is not None and card.going_negative:
            turn.stage = "negative"
            roll = state.randomness.roll(1, c().rules.die_faces)
            face = roll.faces[0]
            state.last_negative = face
            state.last_roll = Roll(seat=turn.seat, faces=list(roll.faces), sides=c().rules.die_faces)
            opponent = state.other(turn.seat)
            if ctx.events is not None:
                ctx.events.append(said(f.WentNegative, by=turn.seat, cause=f"{NEGATIVE_PREFIX}{face}",
                                       roller=turn.seat, face=face, applier=opponent))
            wait = ctx.runner.start(state.effect, f"neg{face}", ctx, actor=opponent)
            continue
        _end_turn(state)
        return


def _end_turn(state: CMState) -> None:
    turn = state.turn
    assert turn is not None
    side = state.sides[turn.seat]
    if turn.card is not None and not (state.media and state.media["card"] == turn.card):
        side.discard.append(turn.card)
    side.discard.extend(turn.discarded)
    state.turn = Turn(seat=state.other(turn.seat))



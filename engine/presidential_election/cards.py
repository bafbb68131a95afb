"""The Campaign deck: drawing, and running a card's effect in the core effect language.

A card that asks for a state pauses: the frame stack stays in the state (`state.effect`) and an
`effect` task at the front of the queue offers the candidates; the answer resumes it. A card's
`move` is only noted here (it is the card's last op) and made by turn.py once the card is done, so
a landing never happens inside a running card.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from engine.core.effects import Choice, EffectLanguage
from engine.core.frames import Frame, Interpreter, Wait
from engine.core.types import Event, cite
from engine.presidential_election import facts_tell as f
from engine.presidential_election.debates import offer_debate, start_national_debate
from engine.presidential_election.primitives import (add_votes, c, campaign, gain, hook, join_ballot, off_ballot,
                                                      remove_votes, worded)
from engine.presidential_election.state import PEState, Task


@dataclass
class Ctx:
    """What a card's handlers act on: the state (a working copy), the drawer and the log."""

    state: PEState
    seat: str
    events: list[Event]


def _where(ctx: Ctx, frame: Frame, where: str) -> str | None:
    player = ctx.state.players[ctx.seat]
    if where == "home":
        return player.home
    if where == "current":
        return player.map_at
    return frame.locals.get(where[1:])


# The card frame's local listing the states already chosen for the card, in order (answer() adds to it).
CHOSEN = "chosen"


def _offered(state: PEState, seat: str, among: str) -> list[str]:
    """The states a choice `among` covers, before the card's earlier choices are taken out."""
    player = state.players[seat]
    if among == "off_ballot":
        return off_ballot(player)
    return sorted(code for code in player.votes if among == "ballot" or code != player.home)


def _candidates(game: Ctx, frame: Frame, params: dict[str, Any]) -> list[str]:
    # A card's choices are different states (ruling: "each of three states" is three states), so a state chosen
    # earlier in this card is not offered again.
    # A new choice also forgets the last one's binding: when nothing is left to choose, the op after it finds
    # no state (its votes are lost) instead of acting again on the state the previous round chose.
    frame.locals.pop(params["as"], None)
    chosen = frame.locals.get(CHOSEN, [])
    return [code for code in _offered(game.state, game.seat, params["among"]) if code not in chosen]


def _op(fn):  # noqa: ANN001, ANN202 — adapts (ctx, frame, params) handlers to the frame interpreter's form
    def handler(game: Ctx, frame: Frame, args: list[Any]) -> Wait | None:
        fn(game, frame, args[0] if args else {})
        return None
    return handler


def _money(ctx: Ctx, frame: Frame, p: dict[str, Any]) -> None:
    gain(ctx.state, ctx.seat, int(p["amount"]), ctx.events, "card")


def _others_money(ctx: Ctx, frame: Frame, p: dict[str, Any]) -> None:
    for seat in ctx.state.order:
        if seat != ctx.seat:
            gain(ctx.state, seat, int(p["amount"]), ctx.events, "card")


def _votes(ctx: Ctx, frame: Frame, p: dict[str, Any]) -> None:
    code = _where(ctx, frame, p["where"])
    if code is None:
        ctx.events.append(Event(facts=f.CardVotesLost()))
        return
    add_votes(ctx.state, ctx.seat, code, int(p["n"]), ctx.events, "card")


def _lose_votes(ctx: Ctx, frame: Frame, p: dict[str, Any]) -> None:
    code = _where(ctx, frame, p["where"])
    if code is not None:
        remove_votes(ctx.state, ctx.seat, code, int(p["n"]), ctx.events, "card")


def _others_lose(ctx: Ctx, frame: Frame, p: dict[str, Any]) -> None:
    for seat in ctx.state.order:
        home = ctx.state.players[seat].home
        if seat != ctx.seat and home is not None:
            remove_votes(ctx.state, seat, home, int(p["n"]), ctx.events, "card")


def _ballot(ctx: Ctx, frame: Frame, p: dict[str, Any]) -> None:
    code = _where(ctx, frame, p["where"])
    if code is not None and code not in ctx.state.players[ctx.seat].votes:
        join_ballot(ctx.state, ctx.seat, code, ctx.events, "card")


def _free(item: str):  # noqa: ANN202
    def run(ctx: Ctx, frame: Frame, p: dict[str, Any]) -> None:
        code = _where(ctx, frame, p["where"])
        if code is not None:
            campaign(ctx.state, ctx.seat, item, code, ctx.events, "card")
    return run


def _free_airfare(ctx: Ctx, frame: Frame, p: dict[str, Any]) -> None:
    ctx.state.turn.free_airfare = True
    ctx.state.turn.free_airfare_card = ctx.state.turn.card
    ctx.events.append(Event(facts=f.AirfareFree()))


def _move(ctx: Ctx, frame: Frame, p: dict[str, Any]) -> None:
    ctx.state.turn.pending_move = int(p["steps"])


def _debate(ctx: Ctx, frame: Frame, p: dict[str, Any]) -> None:
    # the card's id is the debate's cause, so the prompt can name the card that started it
    offer_debate(ctx.state, ctx.seat, ctx.state.turn.card or "card", ctx.events)


def _national(ctx: Ctx, frame: Frame, p: dict[str, Any]) -> None:
    start_national_debate(ctx.state, ctx.seat, ctx.events, cause=ctx.state.turn.card or "")


@lru_cache(maxsize=1)
def language() -> EffectLanguage:
    lang = EffectLanguage()
    lang.choice("choose_state", Choice(candidates=_candidates, kind="state"))
    for name, fn in (("money", _money), ("others_money", _others_money), ("votes", _votes),
                     ("lose_votes", _lose_votes), ("others_lose_votes", _others_lose), ("ballot", _ballot),
                     ("free_sign", _free("sign")), ("free_tv", _free("tv")), ("free_airfare", _free_airfare),
                     ("move", _move), ("debate", _debate), ("national_debate", _national)):
        lang.op(name, handler=_op(fn))
    return lang


@lru_cache(maxsize=1)
def interpreter() -> Interpreter:
    return language().interpreter({cid: language().compile(card.effect) for cid, card in c().cards.items()})


@dataclass(frozen=True)
class Asked:
    """The state choice a paused card asks now: which of how many, among which states, and what it gets."""

    index: int  # 1-based: "choose a state (2 of 3)"
    total: int
    among: str  # ballot, ballot_not_home or off_ballot (content.CHOICE_AMONG)
    use: str  # what the chosen state gets: votes, ballot, sign or tv
    n: int  # votes, for `votes`
    taken: tuple[str, ...] = ()  # states this choice would offer but the card's earlier choices took


def chosen_now(state: PEState) -> list[str]:
    """The states already chosen for the card that is waiting (none when no card waits)."""
    return list(state.effect.frames[-1].locals.get(CHOSEN, [])) if state.effect.frames else []


def asked_now(state: PEState) -> Asked | None:
    """Read from the compiled card where its frame waits: a `repeat` is unrolled, so the card's choices are
    its `choose_ask` ops in order, and the waiting one is the op the frame stands on."""
    if not state.effect.frames:
        return None
    frame = state.effect.frames[-1]
    ops = interpreter().procs[frame.proc]
    asks = [i for i, op in enumerate(ops) if op[0] == "choose_ask"]
    if frame.ip not in asks:
        return None
    params = ops[frame.ip][1]
    use, n = _use(ops[frame.ip + 1:], "$" + params["as"])
    seat = next((task.seat for task in state.tasks if task.kind == "effect"), None)  # the drawer
    offered = _offered(state, seat, params["among"]) if seat in state.players else []
    taken = tuple(code for code in chosen_now(state) if code in offered)
    return Asked(index=asks.index(frame.ip) + 1, total=len(asks), among=params["among"], use=use, n=n, taken=taken)


def _use(ops: list[list[Any]], var: str) -> tuple[str, int]:
    """What the first op that acts on the chosen state `var` gives it."""
    for name, *args in ops:
        params = args[0] if args and isinstance(args[0], dict) else {}
        if params.get("where") != var:
            continue
        if name == "votes":
            return "votes", int(params["n"])
        if name in ("free_sign", "free_tv"):
            return name[5:], 0
        return "ballot", 1
    return "votes", 1


def draw_card(state: PEState, seat: str, events: list[Event]) -> None:
    """Top card of the deck (the discard reshuffled in when it runs out), resolved at once."""
    if not state.deck:
        state.deck = state.randomness.shuffle(state.discard)
        state.discard = []
        events.append(Event(facts=f.DeckReshuffled(), seat=None))
    card_id = state.deck.pop(0)
    state.discard.append(card_id)
    if worded(events):
        events.append(Event(facts=f.CardDrawn(card=card_id), cause=card_id))
    bonus = hook(state.players[seat], "card_money")
    if bonus:
        gain(state, seat, bonus, events, "press_coverage")
    state.turn.card = card_id
    start = len(events)
    _settle(state, seat, interpreter().start(state.effect, card_id, Ctx(state, seat, events)), events)
    cite(events[start:], card_id)


def answer(state: PEState, seat: str, code: str, events: list[Event]) -> None:
    """The drawer picked `code` for the paused card: resume it."""
    card_id = state.tasks.pop(0).cause or None
    frame = state.effect.frames[-1]
    frame.locals[CHOSEN] = [*frame.locals.get(CHOSEN, []), code]  # a new list: never shared with a copied state
    start = len(events)
    _settle(state, seat, interpreter().resume(state.effect, Ctx(state, seat, events), code), events)
    cite(events[start:], card_id)


def _settle(state: PEState, seat: str, wait: Wait | None, events: list[Event]) -> None:
    if wait is not None:
        state.tasks.insert(0, Task(kind="effect", seat=seat, among=list(wait.decision["among"]), cause=state.turn.card or ""))
    else:
        state.turn.card = None

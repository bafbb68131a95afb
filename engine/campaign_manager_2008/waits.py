"""The facts of every question a side is asked mid-turn, kept in the state with the wait (`CMState.wait`): which card,
news card or Going Negative result the choice is for, why this side is the one asked, what it chooses and — for a
choice asked more than once — which one of how many. All plain data read from the state and the frame stack when the
effect began to wait, so the words (words_waits.py) make the same prompt from them whenever it is shown.

A news card drawn while a state is won resolves in the middle of another card's play, and the side asked may not be
the side whose turn it is; so what is resolving is read from the frame stack (cardtext.resolving), never from the
turn's card.
"""
from __future__ import annotations

from typing import Any

from engine.campaign_manager_2008 import facts as f
from engine.campaign_manager_2008.cardtext import WINS, proc_ref, resolving
from engine.campaign_manager_2008.primitives import c
from engine.campaign_manager_2008.state import CMState
from engine.core.frames import Frame

ASKED = ("kind", "seat", "among")  # a wait's own keys; every other one is a fact of its question


def order(cause: str | None) -> dict[str, Any]:
    """Several states won at once (`cause`: the card, news card or result that won them, if any)."""
    return {"cause": cause}


def enter(won: str) -> dict[str, Any]:
    """The winner of `won` picks the state that replaces it."""
    return {"state": won}


def target(state: CMState, news: str, entered: str) -> dict[str, Any]:
    """The Media Support owner aims `news`, drawn as `entered` came into play."""
    return {"cause": news, "state": entered, "media": state.media["card"] if state.media else None}


def choice(state: CMState, kind: str, asker: str, frame: Frame, rep: list[int] | None = None) -> dict[str, Any]:
    """A choice an effect's op raises in `frame` (the top of the stack), asked of `asker`."""
    found: dict[str, Any] = {}
    if kind in ("issue", "toward") and frame.locals.get("st"):
        found["state"] = frame.locals["st"]
    if rep:
        found["rep"] = list(rep)
    ref = proc_ref(frame.proc)
    if ref is None:
        return found
    found["cause"] = ref
    if frame.proc in c().cards:
        actor = frame.locals.get("actor")
        if actor and actor != asker:
            found["played_by"] = actor
    elif ref in c().news:
        frames = state.effect.frames  # `frame` is the top one: the frame under a news is the settling that drew it
        below = frames[-2] if len(frames) > 1 and frames[-1] is frame else None
        found.update(entered=below.locals.get("entered") if below is not None else None, hits=frame.locals.get("target"),
                     turn=state.turn.seat if state.turn else None,
                     scores=[[s, state.sides[s].score] for s in state.seats])
    else:
        found.update(roller=state.other(asker), card=state.turn.card if state.turn else None, roll=state.last_negative)
    return found


def settled(state: CMState, decision: dict[str, Any], frame: Frame, asker: str) -> dict[str, Any]:
    """The facts of a waiting op's question: its own (the settling of won states states them) or a choice's."""
    rep = frame.locals.pop("rep", None)
    if frame.proc == WINS and "facts" in decision:
        return dict(decision["facts"])
    return choice(state, decision["kind"], asker, frame, rep)


def kept(kind: str, seat: str, among: list[str], facts: dict[str, Any]) -> dict[str, Any]:
    """The wait the state keeps: who is asked to choose what among which, and the facts of its question (those that
    are none left out)."""
    return {"kind": kind, "seat": seat, "among": among,
            **{key: value for key, value in facts.items() if value is not None}}


def ask(wait: dict[str, Any]) -> f.WaitAsk:
    """The question a wait keeps, as facts."""
    return f.WaitAsk(choice=wait["kind"], among=wait["among"],
                     **{key: value for key, value in wait.items() if key not in ASKED})


def restate(state: CMState, procs: dict[str, list[list[Any]]]) -> None:
    """A wait stored with its question in words (a game stored while it waited, before waits kept their facts) gets
    the facts of its question back from the state, which stands as it did when the effect began to wait: the top
    frame is the waiting one, at the op of `procs` (the effects' procedures) that asks, where a repeated choice says
    which one of how many it is."""
    wait = state.wait
    assert wait is not None
    frame, kind = state.effect.frames[-1], wait["kind"]
    if kind == "order":
        facts = order(resolving(state))
    elif kind == "enter":
        facts = enter(frame.locals["win"])
    elif kind == "target":
        facts = target(state, frame.locals["news"], frame.locals["entered"])
    else:
        op = procs[frame.proc][frame.ip]
        params = op[1] if len(op) > 1 and isinstance(op[1], dict) else {}
        facts = choice(state, kind, wait["seat"], frame, params.get("rep"))
    state.wait = kept(kind, wait["seat"], wait["among"], facts)

"""1960's events in the core effect language (engine/core/effects.py).

Content writes `[op, {params}]` (content_ops.py lists them). Each compiles (effect_compile.py) to the core's
choices (`choose_state`, `choose_region`, `choose_issue`, `choose_hand`) around handlers that change one
thing and log it. The resolving player — who played the event, or who triggered it — is the frame local
`actor` (a seat) and makes every choice, except a discard of one's own choice, which its loser makes.
`who: leader` reads the side an earlier `leader` op named; with no leader, the rest of the event is skipped
(a tie in a Gathering Momentum region gives nothing, ruling).

State support gained by an event needs support checks wherever campaigning would (rulebook "Gaining State
Support"): the declared count is what the event gives there, drawn at once.

The handlers live in effect_support.py (state support) and effect_handlers.py (everything else); they run in
effect_ctx.Ctx. This module puts them together into the language and the interpreter of every card's event.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from engine.core.effects import EffectLanguage
from engine.core.frames import Frame, Interpreter
from engine.nineteen_sixty import effect_handlers, effect_support
from engine.nineteen_sixty.effect_compile import AS_WRITTEN, CHOICES, COMPILERS
from engine.nineteen_sixty.primitives import c
from engine.nineteen_sixty.state import NSState


def asked(state: NSState, frame: Frame, op: list[Any]) -> dict[str, Any]:
    """The facts of the question the waiting `op` asks in `frame` (the top one), the state standing as it did when it
    began to wait: a loss of support or an endorsement's say more than their kind; every other pick says nothing."""
    if op[0] == "lr_ask":
        return effect_support.loss_facts(frame, op[1])
    if op[0] == "endorse_draw":
        return effect_handlers.endorsing_facts(state, frame, op[1])
    return {}


@lru_cache(maxsize=1)
def language() -> EffectLanguage:
    """1960's effect language: its choices, how each content op compiles, and every handler."""
    lang = EffectLanguage()
    for name, choice in CHOICES:
        lang.choice(name, choice)
    for name, compile_ in COMPILERS.items():
        lang.op(name, compile_)
    for name in AS_WRITTEN:
        lang.op(name)
    for name, fn in {**effect_support.HANDLERS, **effect_handlers.HANDLERS}.items():
        lang.handler(name, fn)  # the interpreter calls each as it is: a wrapper would cost a call per op
    return lang



# Momentum-phase endorsements reuse the event ops: the award draws a card (and, for one good in any region,
# asks the winner where).
AWARD = [["endorse", {"who": "self", "region": "draw"}]]


@lru_cache(maxsize=1)
def interpreter() -> Interpreter:
    """The interpreter of every card's event, by card id, and of the Momentum-phase endorsement award."""
    lang = language()
    procs: dict[str, list[list[Any]]] = {}
    for cid, card in c().cards.items():
        procs[str(cid)] = [*lang.compile(card.event), ["label", "end"]]
    procs["award"] = [*lang.compile(AWARD), ["label", "end"]]
    return lang.interpreter(procs)

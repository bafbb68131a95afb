"""The words of every question a side is asked mid-turn: which card, news card or Going Negative result
the choice is for (named with its whole text), why this side is the one asked, what to choose, and — for
a choice asked more than once — which one of how many.

A news card drawn while a state is won resolves in the middle of another card's play, and the side asked
may not be the side whose turn it is; so the prompt names what is resolving from the frame stack
(cardtext.resolving), never from the turn's card.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from engine.campaign_manager_2008.cardtext import WINS, heading, proc_ref, short
from engine.campaign_manager_2008.primitives import NAMES, c
from engine.campaign_manager_2008.state import CMState
from engine.core.frames import Frame

ISSUE_NAMES = {"defense": "Defense", "economy": "Economy"}


def of(index: int, total: int) -> str:
    """` (1 of 2)` for a choice asked `total` times, nothing for one asked once."""
    return f" ({index} of {total})" if total > 1 else ""


def _state_name(code: str | None) -> str:
    info = c().states.get(code or "")
    return f"{info.name} ({code})" if info else "the state"


def _ask(kind: str, frame: Frame) -> str:
    """What to choose, in the imperative, without the final stop."""
    return _ask_in(kind, frame.locals.get("st") if kind in ("issue", "toward") else None)


@lru_cache(maxsize=256)  # a few kinds by some fifty states: asked at every choice an effect raises
def _ask_in(kind: str, code: str | None) -> str:
    where = _state_name(code)
    return {"state": "Choose a state in play",
            "issue": f"Choose the issue row (Defense or Economy) that gains the support in {where}",
            "toward": f"Choose the issue (Defense or Economy) that {where} shifts toward",
            "discard": "Choose a card from your hand to discard"}.get(kind, "Choose")


def _news_why(state: CMState, frame: Frame, below: Frame | None, asker: str) -> str:
    """Where the news came from and why `asker` makes its choices."""
    entered = below.locals.get("entered") if below is not None else None
    turn = f" during {NAMES[state.turn.seat]}'s turn" if state.turn else ""
    why = f"Drawn as {_state_name(entered)} entered play{turn}; it hits {_state_name(frame.locals.get('target'))}."
    chooser = c().news[frame.proc].chooser
    if chooser == "trailing":
        scores = ", ".join(f"{NAMES[s]} {state.sides[s].score}" for s in state.seats)
        return f"{why} You choose as the trailing candidate ({scores} EV)."
    if chooser == "active":
        return f"{why} You choose as the player whose turn it is."
    return why


def _negative_why(state: CMState, asker: str) -> str:
    roller = state.other(asker)
    card = f" with {short(state.turn.card)}" if state.turn and state.turn.card else ""
    return (f"{NAMES[roller]} went negative{card} and rolled {state.last_negative}: you apply this result "
            "(its “your opponent” is you).")


def choice_prompt(state: CMState, kind: str, asker: str, frame: Frame, rep: list[int] | None = None) -> str:
    """The prompt of a choice an effect's op raises in `frame` (the top of the stack)."""
    if frame.proc in c().cards:  # a campaign card's: the most asked, made once for each way it can read
        actor = frame.locals.get("actor")
        return _card_prompt(frame.proc, kind, frame.locals.get("st") if kind in ("issue", "toward") else None,
                            tuple(rep) if rep else None, actor if actor and actor != asker else None)
    ref = proc_ref(frame.proc)
    ask = _ask(kind, frame) + (of(*rep) if rep else "") + "."
    if ref is None:
        return ask
    frames = state.effect.frames  # `frame` is the top one: the frame under a news is the settling that drew it
    below = frames[-2] if len(frames) > 1 and frames[-1] is frame else None
    why = _news_why(state, frame, below, asker) if ref in c().news else _negative_why(state, asker)
    return " ".join([part for part in (heading(ref), why, ask) if part])


@lru_cache(maxsize=4096)  # a card's prompt reads nothing else: a search asks the same ones again and again
def _card_prompt(card: str, kind: str, code: str | None, rep: tuple[int, ...] | None, other: str | None) -> str:
    """A campaign card's choice (`other`: the side that played it, when that is not the side asked)."""
    ask = _ask_in(kind, code) + (of(*rep) if rep else "") + "."
    why = f"{NAMES[other]} played it; the choice is yours." if other else ""
    return " ".join([part for part in (heading(card), why, ask) if part])


def target_prompt(state: CMState, news: str, entered: str) -> str:
    """The Media Support owner aims the news card just drawn."""
    media = short(state.media["card"]) if state.media else "Media Support"
    return (f"{heading(news)} It was drawn as {_state_name(entered)} entered play. Your Media Support card {media} "
            "is on the table: choose the state in play this news hits.")


def order_prompt(pending: list[str], cause: str | None) -> str:
    by = f" by {short(cause)}" if cause else ""
    return (f"Several states are won at once{by} ({len(pending)} to settle: {', '.join(pending)}): which is settled "
            "first? Each is scored and replaced, and its Breaking News resolved, before the next.")


def settle_wait(state: CMState, decision: dict[str, Any], frame: Frame, asker: str) -> str:
    """The prompt a waiting op gets: its own (the settling of won states words its questions) or a card's."""
    rep = frame.locals.pop("rep", None)
    if frame.proc == WINS and decision.get("prompt"):
        return str(decision["prompt"])
    return choice_prompt(state, decision["kind"], asker, frame, rep)

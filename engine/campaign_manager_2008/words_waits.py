"""The words of every question a side is asked mid-turn, made from the facts the wait keeps (facts.WaitAsk, stated
by waits.py): which card, news card or Going Negative result the choice is for (named with its whole text), why this
side is the one asked, what to choose, and — for a choice asked more than once — which one of how many."""
from __future__ import annotations

from functools import lru_cache

from engine.campaign_manager_2008 import facts as f
from engine.campaign_manager_2008.cardtext import heading, short
from engine.campaign_manager_2008.primitives import NAMES, c


def of(index: int, total: int) -> str:
    """` (1 of 2)` for a choice asked `total` times, nothing for one asked once."""
    return f" ({index} of {total})" if total > 1 else ""


def _state_name(code: str | None) -> str:
    info = c().states.get(code or "")
    return f"{info.name} ({code})" if info else "the state"


@lru_cache(maxsize=256)  # a few kinds by some fifty states: asked at every choice an effect raises
def _ask_in(kind: str, code: str | None) -> str:
    """What to choose, in the imperative, without the final stop."""
    where = _state_name(code)
    return {"state": "Choose a state in play",
            "issue": f"Choose the issue row (Defense or Economy) that gains the support in {where}",
            "toward": f"Choose the issue (Defense or Economy) that {where} shifts toward",
            "discard": "Choose a card from your hand to discard"}.get(kind, "Choose")


def _news_why(x: f.WaitAsk) -> str:
    """Where the news came from and why the side asked makes its choices."""
    turn = f" during {NAMES[x.turn]}'s turn" if x.turn else ""
    why = f"Drawn as {_state_name(x.entered)} entered play{turn}; it hits {_state_name(x.hits)}."
    chooser = c().news[x.cause or ""].chooser
    if chooser == "trailing":
        scores = ", ".join(f"{NAMES[seat]} {score}" for seat, score in x.scores)
        return f"{why} You choose as the trailing candidate ({scores} EV)."
    if chooser == "active":
        return f"{why} You choose as the player whose turn it is."
    return why


def _negative_why(x: f.WaitAsk) -> str:
    card = f" with {short(x.card)}" if x.card else ""
    return (f"{NAMES[x.roller or '']} went negative{card} and rolled {x.roll}: you apply this result "
            "(its “your opponent” is you).")


def _choice(x: f.WaitAsk) -> str:
    """A choice a card, news card or Going Negative result's op raises."""
    if x.cause in c().cards:  # a campaign card's: the most asked, made once for each way it can read
        return _card_prompt(x.cause, x.choice, x.state, x.rep, x.played_by)
    ask = _ask_in(x.choice, x.state) + (of(*x.rep) if x.rep else "") + "."
    if x.cause is None:
        return ask
    why = _news_why(x) if x.cause in c().news else _negative_why(x)
    return " ".join([part for part in (heading(x.cause), why, ask) if part])


@lru_cache(maxsize=4096)  # a card's prompt reads nothing else: a search asks the same ones again and again
def _card_prompt(card: str, kind: str, code: str | None, rep: tuple[int, int] | None, other: str | None) -> str:
    """A campaign card's choice (`other`: the side that played it, when that is not the side asked)."""
    ask = _ask_in(kind, code) + (of(*rep) if rep else "") + "."
    why = f"{NAMES[other]} played it; the choice is yours." if other else ""
    return " ".join([part for part in (heading(card), why, ask) if part])


def _target(x: f.WaitAsk) -> str:
    """The Media Support owner aims the news card just drawn."""
    media = short(x.media) if x.media else "Media Support"
    return (f"{heading(x.cause or '')} It was drawn as {_state_name(x.state)} entered play. Your Media Support card "
            f"{media} is on the table: choose the state in play this news hits.")


def _order(x: f.WaitAsk) -> str:
    by = f" by {short(x.cause)}" if x.cause else ""
    return (f"Several states are won at once{by} ({len(x.among)} to settle: {', '.join(x.among)}): which is settled "
            "first? Each is scored and replaced, and its Breaking News resolved, before the next.")


def _enter(x: f.WaitAsk) -> str:
    return f"You won {x.state}: pick the state that replaces it."


def wait_asked(x: f.WaitAsk) -> str:
    """The prompt of a choice an effect waits on."""
    special = {"order": _order, "enter": _enter, "target": _target}.get(x.choice)
    return special(x) if special is not None else _choice(x)

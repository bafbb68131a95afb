"""Every card a prompt can name, by the id it shows, and which one an effect that waits on a player is
running for.

Ids: a campaign card `O05`/`M38`, a Breaking News card `N15`, and a Going Negative result `GN3` (the die
face: the results are a table rather than cards, but a choice one of them raises is named like a card's).
The effect being resolved is read from the frame stack, not remembered apart: the top frame that is not
the win-settling procedure is the card, news or result whose op waits (a news card raised while a state is
won sits above the card that won it), and while a Media Support owner aims a news card the news drawn is
in the settling frame's locals.
"""
from __future__ import annotations

from functools import lru_cache

from engine.campaign_manager_2008.primitives import c
from engine.campaign_manager_2008.state import CMState
from engine.core.notation import is_number
from engine.core.types import CardText

NEGATIVE_PREFIX = "GN"
NEWS_KIND = "Breaking News"
NEGATIVE_KIND = "Going Negative result"
WINS = "wins"  # the procedure that settles won states (effects.WINS)


def card(ref: str) -> CardText | None:
    """The whole public text of a campaign card, a Breaking News card or a Going Negative result."""
    ref = "".join((ref or "").split()).upper()
    content = c()
    if ref in content.cards:
        found = content.cards[ref]
        kind = "Media Support card" if found.kind == "media" else "campaign card"
        return CardText(id=ref, name=found.title, text=found.text, kind=kind)
    if ref in content.news:
        news = content.news[ref]
        return CardText(id=ref, name=news.title, text=news.text, kind=NEWS_KIND)
    face = ref[len(NEGATIVE_PREFIX):] if ref.startswith(NEGATIVE_PREFIX) else ""
    if is_number(face) and int(face) in content.negative:
        result = content.negative[int(face)]
        return CardText(id=ref, name=result.title, text=result.text, kind=NEGATIVE_KIND)
    return None


def proc_ref(proc: str) -> str | None:
    """The id a frame's procedure is shown by: a card or news id as is, `neg3` as `GN3`, the settling of
    won states as none."""
    if proc.startswith("neg"):
        return NEGATIVE_PREFIX + proc[3:]
    return None if proc == WINS else proc


def resolving(state: CMState) -> str | None:
    """The id of the card, news card or Going Negative result whose effect is running now, if any."""
    for frame in reversed(state.effect.frames):
        if frame.proc != WINS:
            return proc_ref(frame.proc)
        if state.wait is not None and state.wait["kind"] == "target" and frame is state.effect.frames[-1]:
            return frame.locals.get("news")
    return None


@lru_cache(maxsize=1024)  # a content id's words never change; a prompt names one every time it asks
def heading(ref: str) -> str:
    """`Breaking News N15 — Last Debate at Hofstra: <its whole text>`: a card named with all it says."""
    found = card(ref)
    if found is None:  # every id the engine raises is content's; an unknown one is a bug worth seeing
        raise KeyError(ref)
    kind = found.kind[0].upper() + found.kind[1:]
    return f"{kind} {found.id} — {found.name}: {found.text}"


@lru_cache(maxsize=1024)
def short(ref: str) -> str:
    """`N15 “Last Debate at Hofstra”`: a card named in passing (its whole text is a `card N15` away)."""
    found = card(ref)
    return f"{ref} “{found.name}”" if found else ref

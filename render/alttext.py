"""Alt texts: what a screen reader says for a picture, fitted to what Discord keeps.

Discord shows at most LIMIT (1,024) characters of an attachment's description (bot/discord/limits.py
ATTACHMENT_DESCRIPTION) and cuts the rest, so a picture's alt text is built to fit, never cut: a list of parts in
the order they are read — the most important first (who leads, the totals, whose turn, what the last move changed),
the state-by-state detail last — each either one text or its alternatives, richest first ("Leads: DEM 14 states
(CA, NY …)", then "Leads: DEM 14 states"). `fit` starts from every part's shortest form and then, in reading
order, gives each part the richest form that still fits. A part whose shortest form is "" may be left out; the
text is always whole sentences.
"""
from __future__ import annotations

from typing import Iterable, Sequence, Union

LIMIT = 1024  # bot/discord/limits.py ATTACHMENT_DESCRIPTION (render imports nothing from bot)
ENDS = (".", "!", "?", "…")

Part = Union[str, Sequence[str]]  # one text, or its alternatives from the richest to the shortest


def sentence(text: str) -> str:
    """`text` as a sentence: stripped, its first letter a capital, ending with a full stop unless it already ends
    with punctuation (a closing bracket or quote after the punctuation counts)."""
    text = " ".join(text.split())
    if not text:
        return ""
    text = text[0].upper() + text[1:]
    core = text.rstrip(")\"'”’")
    return text if core.endswith(ENDS) else text + "."


def _ended(text: str) -> str:
    """`text` (one part: a sentence or more) ending with punctuation, so the next part reads as a new sentence."""
    text = text.strip()
    return text if not text or text.rstrip(")\"'”’").endswith(ENDS) else text + "."


def caption_sentence(caption: str) -> str:
    """A post's caption as the close-ups' alt texts start it: its own words, then a full stop (unless it ends with
    punctuation already), so the description after it reads as a new sentence."""
    return sentence(caption) if caption and caption.strip() else ""


def and_list(items: Iterable[str]) -> str:
    """"A", "A and B", "A, B and C"."""
    items = [i for i in items if i]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def some(items: Sequence[str], shown: int, noun: str = "more") -> str:
    """The first `shown` items, then how many more: "A, B, C and 4 more"."""
    if len(items) <= shown:
        return and_list(items)
    return ", ".join(items[:shown]) + f" and {len(items) - shown} {noun}"


def fit(parts: Iterable[Part], limit: int = LIMIT) -> str:
    """The parts as one text of at most `limit` characters: each part's shortest form first, then, in reading
    order, the richest form that fits. Parts are joined by spaces; empty ones are left out. If even the shortest
    forms are too long, whole parts are left out from the end (never the first)."""
    options: list[list[str]] = []
    for p in parts:
        alts = [p] if isinstance(p, str) else list(p)
        alts = [_ended(a) for a in alts]
        if alts and any(alts):
            options.append(alts)
    chosen = [min(alts, key=len) for alts in options]

    def total(texts: list[str]) -> int:
        kept = [t for t in texts if t]
        return sum(len(t) for t in kept) + max(0, len(kept) - 1)

    while total(chosen) > limit and len([c for c in chosen if c]) > 1:  # far too much: drop whole parts, last first
        last = max(i for i, c in enumerate(chosen) if c)
        chosen[last] = ""
        options[last] = [""]
    for i, alts in enumerate(options):
        for a in alts:
            if a == chosen[i]:
                break
            trial = chosen[:i] + [a] + chosen[i + 1:]
            if total(trial) <= limit:
                chosen[i] = a
                break
    text = " ".join(c for c in chosen if c)
    if len(text) > limit:  # one part alone longer than the limit: its sentences that fit
        end = max(text.rfind(e + " ", 0, limit) for e in ENDS)
        text = text[:end + 1] if end > 0 else text[:limit - 1].rsplit(" ", 1)[0] + "…"
    return text

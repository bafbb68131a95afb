"""A card's public words as prompts and `/card` show them: Campaign cards (`C26`) and Advantage cards (`A11`).

A prompt that asks about a card names it and gives its whole effect (`card_line`); the ruleset's `card(ref)`
answers with the same words, so what a player reads where they decide and what `/card` shows never differ.
"""
from __future__ import annotations

from engine.core.types import CardText
from engine.presidential_election.primitives import c

CAMPAIGN_KIND = "Campaign card"
ADVANTAGE_KIND = "Advantage card"


def card(ref: str) -> CardText | None:
    """The card `ref` names (`C26`, `A11`), or None when no card has that id."""
    content = c()
    if ref in content.cards:
        found = content.cards[ref]
        return CardText(id=ref, name=found.title, text=found.text, kind=CAMPAIGN_KIND)
    if ref in content.advantages:
        adv = content.advantages[ref]
        return CardText(id=ref, name=adv.title, text=adv.text, kind=ADVANTAGE_KIND)
    return None


def card_name(ref: str) -> str:
    """`Card C26 — Petition Drive` / `Advantage card A11 — Popular Running Mate`."""
    found = card(ref)
    if found is None:
        return f"Card {ref}"
    prefix = "Card" if found.kind == CAMPAIGN_KIND else found.kind
    return f"{prefix} {found.id} — {found.name}"


def card_line(ref: str) -> str:
    """The card's name and whole effect: `Card C26 — Petition Drive: Signature gatherers …`."""
    found = card(ref)
    return f"{card_name(ref)}: {found.text}" if found is not None else card_name(ref)

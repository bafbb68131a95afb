"""Small wording helpers shared by every line and prompt: a counted noun that agrees with its count, a card named
with its id, and clauses joined as one list. Kept apart so that no module needs another's heavier imports to
word a line the same way."""
from __future__ import annotations

from engine.campaign_trail import content as content_mod


def plural(n: int, noun: str) -> str:
    """"1 registered voter", "2 registered voters", "0 cards": the noun agrees with the count (the nouns counted
    here all take a plain -s)."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def card_name(number: int | str) -> str:
    """A card as every line names it: "#67 Bridge Ribbon-Cutting" (the id alone says nothing to a reader)."""
    return f"#{number} {content_mod.load().card(int(number)).name}"


def clauses(parts: list[str]) -> str:
    """Parts read as one list: "; " between them, but a part that ends a sentence (a politick's text does) is
    followed by a space alone, since "less.; Mudslinging" reads as a slip. Each part stays whole: an option's
    detail still carries the politick's exact text."""
    out = ""
    for part in (p.strip() for p in parts):
        out += ("" if not out else " " if out.endswith((".", "!", "?", "…")) else "; ") + part
    return out

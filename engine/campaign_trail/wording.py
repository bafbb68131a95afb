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
    """Parts joined as one list with "; ". A politick's text is a whole sentence: its full stop is dropped before
    the separator, since "less.; Mudslinging" reads as a slip (the last part keeps its stop; an ellipsis stays)."""
    parts = [p.strip() for p in parts]
    return "; ".join([x[:-1] if x.endswith(".") and not x.endswith("..") else x for x in parts[:-1]] + parts[-1:])

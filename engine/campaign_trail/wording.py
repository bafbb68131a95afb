"""Small wording helpers shared by every line and prompt: a card named with its id, and clauses joined as one list
(a counted noun is engine/core/words.py's `plural`). Kept apart so that no module needs another's heavier imports to
word a line the same way."""
from __future__ import annotations

from engine.campaign_trail import content as content_mod


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

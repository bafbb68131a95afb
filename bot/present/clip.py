"""Text shortened to a length at a word boundary: a leaf module, so the presenters and the table's own rules
(bot/policy/record.py) can use it without importing every presenter (bot/present/text.py imports the package)."""
from __future__ import annotations


def clip(text: str, limit: int) -> str:
    """`text` within `limit` characters, shortened at a word boundary with an ellipsis — never mid-word."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    space = cut.rfind(" ")
    return (cut[:space] if space > 0 else cut).rstrip(" ,;:·—→-") + "…"

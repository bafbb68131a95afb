"""Campaign Trail's cards in words (the contract's `card`): an action card or a Dirty Politics card by its number,
with each of its four actions and its politick's or dirty trick's whole text; a politick by its id."""
from __future__ import annotations

from engine.campaign_trail import content as content_mod
from engine.campaign_trail import menus
from engine.core.notation import is_number
from engine.core.types import CardText

MAX_DIGITS = 4  # no card number is longer: a longer "number" names nothing


def card(ref: str) -> CardText | None:
    c = content_mod.load()
    ref = ref.removeprefix("#")
    if is_number(ref, MAX_DIGITS) and c.is_card(int(ref)):
        return _card(int(ref))
    found = c.politicks.get(ref.lower())
    if found is not None:
        return CardText(id=found.id, name=found.name, kind="politick", text=found.text)
    return None


def _card(number: int) -> CardText:
    c = content_mod.load()
    d = c.card(number)
    lines = [f"{action.replace('_', ' ').capitalize()}: {_action_words(number, action)}" for action in d.actions.present()]
    kind = "Dirty Politics card" if d.dirty else "card"
    return CardText(id=str(number), name=d.name, kind=kind, text="\n".join(lines))


def _action_words(number: int, action: str) -> str:
    """One action of the card as its menu shows it; a politick or dirty trick with its whole text."""
    c = content_mod.load()
    if action in ("politick", "dirty_tricks"):
        p = c.politicks[c.card(number).actions.get(action)]
        return f"{p.name} — {p.text}"
    words = menus.action_text(number, action)
    return words.replace("_", " ") if action == "advertise" else words

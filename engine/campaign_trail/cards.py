"""Campaign Trail's cards in words (the contract's `card`): an action card or a Dirty Politics card by its number,
with each of its four actions and its politick's or dirty trick's whole text; a politick by its id."""
from __future__ import annotations

from engine.campaign_trail import content as content_mod
from engine.campaign_trail.words_cards import card_lines
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
    d = content_mod.load().card(number)
    kind = "Dirty Politics card" if d.dirty else "card"
    return CardText(id=str(number), name=d.name, kind=kind, text="\n".join(card_lines(number)))

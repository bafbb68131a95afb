"""The private hand message is built from whatever presenter the view's ruleset registered."""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from bot import present
from bot.present import text
from bot.discord import limits, ui
from bot.present import Presenter, Section
from bot.service.table import GameRef, PrivateBrief


class _View(BaseModel):
    ruleset: str
    viewer: str | None = "A"
    hand: list[str] | None = None


def _brief(view: BaseModel) -> PrivateBrief:
    game = GameRef(id=7, ruleset=getattr(view, "ruleset"), title="Probe", status="active", guild_id=None,
                   channel_id=None, thread_id=None, seq=1)
    return PrivateBrief(game=game, seat="A", user_id="u", text="", view=view, decision=None)


class _LongHand(Presenter):
    def brief_sections(self, view: Any, seat: str) -> list[Section]:
        return [("Now", [f"{seat} to move"]), (f"Your hand ({len(view.hand)})", view.hand), ("Empty", [])]


def test_a_ruleset_without_a_presenter_shows_no_hand() -> None:
    view = _View(ruleset="unpresented", hand=["secret card"])
    assert text.board_text(view) == "" and text.hand_text(view) == ""
    embed = ui.hand_embed(_brief(view))
    assert embed.fields == [] and "secret card" not in str(embed.to_dict())


def test_a_long_section_is_split_over_fields_within_the_limit(monkeypatch) -> None:
    monkeypatch.setitem(present.PRESENTERS, "long_hand", _LongHand())
    cards = [f"`#{n}` a card with a fairly long description of what it does, number {n}" for n in range(60)]
    embed = ui.hand_embed(_brief(_View(ruleset="long_hand", hand=cards)))
    names = [f.name for f in embed.fields]
    assert names[0] == "Now" and embed.fields[0].value == "A to move"
    assert names[1] == "Your hand (60)" and names[-1] == "Empty" and embed.fields[-1].value == "—"
    hand = embed.fields[1:-1]
    assert len(hand) > 1 and all(f.name == "Your hand (continued)" for f in hand[1:])
    assert all(len(f.value) <= limits.EMBED_FIELD_VALUE for f in hand)
    assert "\n".join(f.value for f in hand).split("\n") == cards  # every card, in order, none cut

"""A card is readable where it is decided: no shortened text is cut inside a word, a prompt whose
choices had to be shortened shows them whole under it, and `/card` shows any card of the game whole."""
from __future__ import annotations

import re

import pytest

from bot.discord import limits, ui
from bot.service.table import GameRef, PrivateBrief
from engine import registry
from engine.campaign_trail import content as ct_content
from engine.core.ruleset import card_text
from engine.core.types import Action, Decision, Option
from simworld import World, open_game, open_lobby

RESPONSE_TEXT = ct_content.load().politicks["change_of_plans"].text  # a response's text: longer than a menu entry


@pytest.mark.parametrize("limit", [10, 25, 60, 100])
def test_a_shortened_text_ends_between_words(limit: int) -> None:
    for text in (RESPONSE_TEXT, "Your opponent loses 1 momentum and a card of your choice", "x" * 300):
        short = limits.clip(text, limit)
        assert len(short) <= limit
        if short != text:
            kept = short.removesuffix(limits.ELLIPSIS)
            assert text.startswith(kept)
            assert " " not in text or text[len(kept)] in " ,;:.", f"cut inside a word: {short!r}"


def test_choices_a_menu_shortens_are_shown_whole_under_the_prompt() -> None:
    assert len(RESPONSE_TEXT) > limits.SELECT_OPTION_DESCRIPTION
    decision = Decision(seat="DEM", prompt="REP declares campaign: respond, or pass.", options=[
        Option(action=Action(verb="respond", args=("44",)), label="#44 Change of Plans", detail=RESPONSE_TEXT),
        Option(action=Action(verb="pass"), label="Pass")])
    brief = PrivateBrief(game=GameRef(id=1, ruleset="campaign_trail", title="T", status="active", guild_id="1",
                                                 channel_id="2", thread_id=None, seq=3),
                         seat="DEM", user_id="1", text="", view=None, decision=decision)
    embeds, view = ui.hand_message(brief)
    assert [e.title for e in embeds][1:] == [ui.IN_FULL]
    whole = " ".join(f.value for f in embeds[1].fields)
    assert RESPONSE_TEXT in whole and "Pass" not in whole  # only what was shortened
    # Two choices are two buttons: labels whole, the detail whole in the embed above.
    labels = [c.get("label") for row in view.to_components() for c in row["components"]]
    assert labels == ["#44 Change of Plans", "Pass"]


async def test_game_card_shows_a_card_whole_and_refuses_what_is_no_card(world: World) -> None:
    w = world
    game_id = await open_game(w)  # Electioneer
    r = await w.bob.slash(w.channel, "card", card="d07")
    (embed,) = r.response.embeds
    found = card_text(registry.get("electioneer"), "D07")
    assert r.ephemeral and found is not None
    assert embed.title == f"Policy D07 — {found.name}" and embed.description == found.text
    assert "Environment +2" in embed.description
    r = await w.carol.slash(w.channel, "card", card="t09", game=game_id)  # a spectator may read cards too
    assert r.ephemeral and "Internal Polling" in r.response.embeds[0].title
    for typed in ("Z99", "`@everyone` **bold**", "💥" * 30):
        r = await w.alice.slash(w.channel, "card", card=typed)
        assert r.ephemeral and r.response.content.startswith("Electioneer US has no card `"), r.response.content
        assert "**" not in r.response.content and len(r.response.content) < 200  # escaped, and not echoed at length
    assert not [m for m in w.public() if "no card" in (m.content or "")]


async def test_game_card_in_a_campaign_trail_game_names_the_politick_whole(world: World) -> None:
    w = world
    await open_lobby(w, "campaign_trail", [w.alice, w.bob, w.carol])
    r = await w.alice.slash(w.channel, "card", card="40")
    (embed,) = r.response.embeds
    assert re.match(r"Card 40 — ", embed.title)
    assert ct_content.load().politicks["local_funds_dry_up"].text in embed.description

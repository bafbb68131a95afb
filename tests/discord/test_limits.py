"""Discord's limits, one test each: 2,000-character content, embed limits, 25 select options and
autocomplete choices, 100-character custom ids, 5 component rows, attachment size."""
from __future__ import annotations

import discord
import pytest

from bot.discord import limits, ui, walk
from bot.service.table import GameRef, Picture, PrivateBrief, PublicPost
from engine.core.types import Action, Decision, Option
from simworld import RENDER, World, open_game


def _opt(verb: str, *args: str, label: str | None = None) -> Option:
    return Option(action=Action(verb=verb, args=args), label=label or " ".join((verb, *args)), detail="d" * 150)


def _big_decision() -> Decision:
    states = ["AZ", "GA", "MI", "NC", "NV", "PA", "WI"]
    issues = ["economy", "immigration", "healthcare", "crime", "education", "defense", "environment"]
    options = [_opt("keep", label="Keep the issues as they are")]
    options += [_opt("swap", s, slot, i, label=f"{s}: slot {slot} → {i}") for s in states for slot in "12" for i in issues]
    extras = [_opt("play", "T03", s, slot, i, label=f"Change the Subject: {s}: {slot} → {i}")
              for s in states for slot in "12" for i in issues]
    extras += [_opt("play", "T05", s, label=f"Endorsement: +2 in {s}") for s in states] + [_opt("play", "T02")]
    return Decision(seat="DEM", prompt="Swap?", options=options, extras=extras)


def _components(view: discord.ui.View) -> list[dict]:
    rows = view.to_components()
    assert len(rows) <= limits.COMPONENT_ROWS
    out = []
    for row in rows:
        assert len(row["components"]) <= limits.BUTTONS_PER_ROW
        out += row["components"]
    return out


def _fits(page: limits.Page) -> bool:
    return len(page.content) <= limits.CONTENT and len(page.descriptions) <= limits.EMBEDS_PER_MESSAGE \
        and all(len(d) <= limits.EMBED_DESCRIPTION for d in page.descriptions) \
        and sum(map(len, page.descriptions)) <= limits.EMBED_TOTAL


def test_long_text_is_cut_to_every_message_limit() -> None:
    text = "\n".join(f"line {i}: " + "x" * 90 for i in range(60))  # ~6,000 characters: one message
    one = limits.pages(text)
    assert len(one) == 1 and _fits(one[0]) and one[0].descriptions
    assert "\n".join([one[0].content, *one[0].descriptions]) == text  # every line, in order, cut at line breaks
    one_line = limits.pages("y" * 4500)  # a line longer than a message's content: cut, nothing lost
    assert all(_fits(p) for p in one_line) and sum((p.content + "".join(p.descriptions)).count("y") for p in one_line) == 4500
    huge = limits.pages("z\n" * 30_000, max_messages=3)
    assert len(huge) == 3 and all(_fits(p) for p in huge) and huge[-1].descriptions[-1].endswith("…")
    assert limits.pages("   ") == []


def test_embeds_are_cut_to_every_limit() -> None:
    embed = discord.Embed(title="T" * 300, description="D" * 5000)
    for i in range(30):
        embed.add_field(name="N" * 300, value="V" * 2000)
    embed.set_footer(text="F" * 3000)
    limits.fit_embed(embed)
    assert len(embed.title) <= limits.EMBED_TITLE
    assert len(embed.description) <= limits.EMBED_DESCRIPTION
    assert len(embed.fields) <= limits.EMBED_FIELDS
    assert all(len(f.value) <= limits.EMBED_FIELD_VALUE and len(f.name) <= limits.EMBED_FIELD_NAME for f in embed.fields)
    assert len(embed.footer.text) <= limits.EMBED_FOOTER
    assert len(embed) <= limits.EMBED_TOTAL
    several = limits.fit_embeds([discord.Embed(description="x" * 4000) for _ in range(3)])
    assert sum(len(e) for e in several) <= limits.EMBED_TOTAL


def test_selects_hold_at_most_25_options_and_every_option_is_reachable() -> None:
    decision = _big_decision()
    assert len(decision.options) > 25 and len(decision.extras) > 25
    view, note = ui.choices_view(7, 12, decision)
    assert not note
    for comp in _components(view):
        assert len(comp["custom_id"]) <= limits.CUSTOM_ID
        if comp["type"] == 3:
            assert 1 <= len(comp["options"]) <= limits.SELECT_OPTIONS
            assert all(len(o["label"]) <= 100 and len(o["value"]) <= 100 and len(o.get("description") or "") <= 100
                       for o in comp["options"])
    # Walking the steps reaches every legal action, each step ≤ 25 choices.
    for pool in (decision.options, decision.extras):
        for option in pool:
            target = walk.tokens(option)
            s = walk.step(pool)
            for _ in range(len(target) + 1):
                assert 0 < len(s.choices) <= walk.MAX_CHOICES
                choice = next(c for c in s.choices if target[: len(c.path)] == c.path)
                if choice.final:
                    assert choice.path == target
                    break
                s = walk.step(decision.all_options(), choice.path)
                view, _ = ui.choices_view(7, 12, decision, prefix=choice.path)
                _components(view)
            else:
                raise AssertionError(f"{target} not reached")


def test_custom_ids_stay_within_100_characters() -> None:
    long = "x" * 60
    decision = Decision(seat="A", options=[_opt("go", long, long[:30] + str(i)) for i in range(8)])
    view, note = ui.choices_view(123456789012, 99999, decision)
    comps = _components(view)
    assert comps and all(len(c["custom_id"]) <= limits.CUSTOM_ID for c in comps)
    with pytest.raises(ValueError):
        limits.check_custom_id("g:1:1:a:" + "y" * 100)


def test_at_most_five_rows() -> None:
    decision = Decision(seat="A", options=[_opt("pick", f"c{i:03d}") for i in range(200)],
                        extras=[_opt("play", f"t{i:03d}") for i in range(40)])
    view, note = ui.choices_view(1, 1, decision)
    assert len(view.to_components()) <= limits.COMPONENT_ROWS
    assert note == ""  # 200 picks walk in steps (first by token), so nothing is dropped


def test_hand_embed_fits_even_with_a_huge_hand() -> None:
    from engine.electioneer.views import ElectioneerView, PolicyCard, TheatricCard

    hand = [PolicyCard(id=f"D{i:02d}", name="N" * 90, party="DEM", effects={"economy": 1}) for i in range(60)]
    theatrics = [TheatricCard(id=f"T{i:02d}", kind="k", name="T" * 90, text="x" * 300) for i in range(20)]
    view = ElectioneerView(viewer="DEM", month=1, phase="discard", phase_label="p", current_state=None, states=[],
                           platforms={}, committed={}, commitments={}, waiting_on=[], month_bonus={}, projection={},
                           issue_deck_count=0, hand_counts={}, theatric_counts={}, deck_counts={},
                           hand=hand, theatrics=theatrics)
    brief = PrivateBrief(game=GameRef(1, "electioneer", "t" * 200, "active", None, None, None, 3), seat="DEM",
                         user_id="1", text="n" * 5000, view=view, decision=_big_decision())
    embeds, _ = ui.hand_message(brief)
    assert sum(len(e) for e in embeds) <= limits.EMBED_TOTAL
    assert all(len(f.value) <= limits.EMBED_FIELD_VALUE for e in embeds for f in e.fields)


def test_attachment_limit() -> None:
    assert limits.attachment_limit() == 8 * 1024 * 1024
    assert limits.attachment_limit(interaction_limit=26_214_400) == 8 * 1024 * 1024
    assert limits.attachment_limit(interaction_limit=1_000_000) == 1_000_000


async def test_publish_splits_long_text_and_refuses_oversized_images(world: World) -> None:
    w = world
    game_id = await open_game(w)
    record = await w.manager.views.game(game_id)
    ref = GameRef(record.id, record.ruleset, record.title, record.status, record.guild_id, record.channel_id, None, 1)
    seen = len(w.public())
    big = Picture(png=b"\x89PNG" + b"\0" * (limits.ATTACHMENT + 1), alt="too big")
    # 10,000 characters: more than one message carries (2,000 of content and 6,000 in embeds)
    await w.bot.table.publish(PublicPost(game=ref, text="long\n" * 2000, picture=big), mention_turn=False)
    new = w.public()[seen:]
    assert len(new) >= 2 and all(len(m.content) <= limits.CONTENT for m in new)
    assert all(sum(len(e) for e in m.embeds) <= limits.EMBED_TOTAL for m in new)
    assert not any(m.attachments for m in new) and "too large" in new[0].content
    small = Picture(png=b"\x89PNG" + b"\0" * 1000, alt="A" * 2000)
    seen = len(w.public())
    await w.bot.table.publish(PublicPost(game=ref, text="", picture=small), mention_turn=False)
    (post,) = w.public()[seen:]
    assert post.attachments and len(post.attachments[0].description) <= limits.ATTACHMENT_DESCRIPTION


@pytest.mark.skipif(not RENDER, reason="render/electioneer.py is not there yet")
async def test_board_images_stay_small(world: World) -> None:
    w = world
    game_id = await open_game(w)
    picture = await w.manager.views.picture(game_id)
    assert picture is not None and len(picture.png) <= limits.IMAGE_TARGET

"""Seats changing hands through the real discord.py (SimCord): the host offers Bob's seat to Carol mid-game,
Carol accepts with the offer's button and gets REP's hand and current decision by DM, and Bob is refused at
once; `/game leave` mid-game asks first, then the bot plays the seat; `/game log` says who played."""
from __future__ import annotations

import random

from simworld import World, custom_ids, journal_len, latest_prompt, message_text, open_game, walk_to_move


def _offer(w: World, game_id: int):
    return next(m for m in reversed(w.channel.history(viewer=w.carol))
                if any(c["custom_id"] == f"g:{game_id}:seat:accept:REP" for c in custom_ids(m)))


async def test_a_substitute_takes_a_seat_mid_game_and_gets_the_hand_by_dm(world: World) -> None:
    w = world
    game_id = await open_game(w)
    # Bob asks for his choices in the channel before he is replaced: an ephemeral message with buttons.
    hand = w.record(await w.bob.slash(w.channel, "game hand"))
    bob_button = next(c["custom_id"] for c in custom_ids(hand.response) if ":0:a:" in c["custom_id"])
    bob_prompt = latest_prompt(w, w.bob, game_id)
    assert bob_prompt is not None

    # Only the host (or Manage Server) offers a seat; the refusal is private and posts nothing.
    posted = len(w.public())
    r = await w.bob.slash(w.channel, "seat offer", seat="REP", member=w.carol)
    assert r.ephemeral and "Only the host" in r.response.content
    assert len(w.public()) == posted

    r = w.record(await w.alice.slash(w.channel, "seat offer", seat="rep", member=w.carol))
    assert r.ephemeral and "Offered **REP**" in r.response.content, r.response.content
    offer = _offer(w, game_id)
    assert f"<@{w.carol.id}>" in offer.content and "REP" in offer.content

    # Bob can't accept an offer made to Carol.
    r = await w.bob.click(offer, custom_id=f"g:{game_id}:seat:accept:REP")
    assert r.ephemeral and "No seat of game" in r.response.content
    assert (await w.manager.views.seat_of(game_id, str(w.bob.id))).seat == "REP"

    dms_before = len(w.dms(w.carol)) if w.carol.user.dm_channel else 0
    r = w.record(await w.carol.click(offer, custom_id=f"g:{game_id}:seat:accept:REP"))
    assert r.ephemeral and "You now play **REP**" in r.response.content, r.response.content
    seats = {s.seat: s.user_id for s in await w.manager.store.list_seats(game_id)}
    assert seats["REP"] == str(w.carol.id)
    offer_now = next(m for m in w.channel.history(viewer=w.carol) if m.id == offer.id)
    assert not custom_ids(offer_now)  # the offer lost its buttons
    assert any("REP in game" in m.content and "now played by carol, replacing bob" in m.content for m in w.public())

    # Carol got REP's hand and its current decision by DM, with buttons.
    new_dms = w.dms(w.carol)[dms_before:]
    assert any("You now play **REP**" in message_text(m) for m in new_dms)
    _, view = await w.manager.views.view(game_id, str(w.carol.id))
    prompt = latest_prompt(w, w.carol, game_id)
    assert prompt is not None and all(card.id in message_text(prompt) for card in view.hand)

    # Bob lost access at once: his old DM prompt has no buttons and no hand; his channel buttons are refused.
    old = next(m for m in w.dms(w.bob) if m.id == bob_prompt.id)
    assert not custom_ids(old) and not old.embeds and "no longer hold REP" in old.content
    before = await journal_len(w, game_id)
    r = await w.bob.click(hand.response, custom_id=bob_button)
    assert r.ephemeral and "not seated" in r.response.content.lower(), r.response.content
    r = await w.bob.slash(w.channel, "game hand")
    assert r.ephemeral and "aren't playing in a game in this channel" in r.response.content
    r = await w.bob.slash(w.channel, "game hand", game=game_id)
    assert r.ephemeral and "not seated" in r.response.content.lower() and not r.response.embeds
    assert await journal_len(w, game_id) == before

    # Carol plays REP's pending decision from her DM.
    await walk_to_move(w, w.carol, game_id, random.Random(4))
    journal = await w.manager.store.load_journal(game_id)
    assert journal[-1].seat == "REP" and journal[-1].actor == str(w.carol.id)
    r = await w.carol.slash(w.channel, "game log")
    assert r.ephemeral and "REP (carol):" in r.response.embeds[0].description


async def test_leave_mid_game_asks_then_the_bot_plays_the_seat(world: World) -> None:
    w = world
    game_id = await open_game(w)
    r = w.record(await w.bob.slash(w.channel, "game leave"))
    assert r.ephemeral and "The bot will play **REP**" in r.response.content
    assert await journal_len(w, game_id) == 0  # nothing happens before the confirmation
    r = w.record(await w.bob.click(r.response, custom_id=f"g:{game_id}:seat:leave:REP"))
    assert r.ephemeral and "the bot plays **REP**" in r.response.content
    journal = await w.manager.store.load_journal(game_id)
    assert journal and {(e.seat, e.actor) for e in journal} == {("REP", "bot")}  # it answered REP's choice at once
    assert any("REP (bob) left game" in m.content for m in w.public())
    r = await w.carol.slash(w.channel, "game status")
    assert "🤖 the bot" in "\n".join(f.value for f in r.response.embeds[0].fields)
    r = await w.carol.slash(w.channel, "game log")
    assert "🤖 REP (bot):" in r.response.embeds[0].description

    r = w.record(await w.bob.slash(w.channel, "seat take", seat="REP"))
    assert r.ephemeral and "You now play **REP**" in r.response.content
    assert (await w.manager.views.seat_of(game_id, str(w.bob.id))).controller == "human"


async def test_the_host_hands_a_seat_to_the_bot_and_sets_civil_disorder(world: World) -> None:
    w = world
    game_id = await open_game(w)
    for command, options in (("seat bot", {"seat": "DEM"}), ("clock deadline", {"missed": 1})):
        r = await w.bob.slash(w.channel, command, **options)
        assert r.ephemeral and "Only the host" in r.response.content
    assert await w.manager.store.civil_disorder_after(game_id) == 3
    r = w.record(await w.alice.slash(w.channel, "clock deadline", missed=2))
    assert r.ephemeral and "after 2 missed deadlines in a row" in r.response.content
    assert await w.manager.store.civil_disorder_after(game_id) == 2
    assert (await w.manager.views.game(game_id)).deadline_hours == 48  # `missed` alone leaves the waits alone
    r = w.record(await w.alice.slash(w.channel, "clock deadline", hours=24, missed=0))
    assert r.ephemeral and "24 h per move" in r.response.content and "never takes a seat over" in r.response.content
    assert await w.manager.store.civil_disorder_after(game_id) == 0
    assert (await w.manager.views.game(game_id)).deadline_hours == 24
    r = await w.alice.slash(w.channel, "clock deadline")
    assert r.ephemeral and "`missed`" in r.response.content
    r = w.record(await w.alice.slash(w.channel, "clock deadline", missed=2))

    r = w.record(await w.alice.slash(w.channel, "seat bot", seat="rep"))
    assert r.ephemeral and "The bot plays **REP**" in r.response.content
    assert any("alice handed REP to the bot" in m.content for m in w.public())
    assert "REP" not in await w.manager.views.owing(game_id)
    r = await w.carol.slash(w.channel, "game status")
    players = r.response.embeds[0].fields[0].value
    assert f"🤖 the bot (for <@{w.bob.id}>)" in players and "after 2 missed deadlines" in players
    # Carol may not take Bob's seat unless the host offers it; Bob may.
    r = await w.carol.slash(w.channel, "seat take", seat="REP")
    assert r.ephemeral and "The bot plays REP" in r.response.content
    r = w.record(await w.bob.slash(w.channel, "seat take", seat="REP"))
    assert r.ephemeral and "You now play **REP**" in r.response.content
    assert any("bob takes REP back from the bot" in m.content for m in w.public())


async def test_a_player_whose_seat_changes_hands_is_told_by_dm_and_named_without_a_ping(world: World) -> None:
    w = world
    game_id = await open_game(w)
    channel_link = f"https://discord.com/channels/{w.guild.id}/{w.channel.id}"

    def line_about_bob(words: str):
        line = next(m for m in reversed(w.public()) if words in m.content)
        assert "bob" in line.content and f"<@{w.bob.id}>" not in line.content
        assert w.bob.id not in {u.id for u in line.mentions}
        return line

    # The host hands Bob's seat to the bot: Bob is told who, which seat and game, and how to come back.
    seen = w.dm_created(w.bob)
    w.record(await w.alice.slash(w.channel, "seat bot", seat="REP"))
    line_about_bob("alice handed REP to the bot")
    told = [message_text(m) for m in w.dms(w.bob) if "handed your seat" in message_text(m)]
    assert len(told) == 1 and w.dm_created(w.bob) == seen + 1
    assert f"alice handed your seat, **REP** in game #{game_id}" in told[0] and "`/seat take seat:REP`" in told[0]
    assert channel_link in told[0]

    # A substitute takes it on the host's offer (`/seat take`): the channel names Bob, and Bob is told.
    w.record(await w.alice.slash(w.channel, "seat offer", seat="REP", member=w.carol))
    r = w.record(await w.carol.slash(w.channel, "seat take", seat="REP"))
    assert r.ephemeral and "You now play **REP**" in r.response.content, r.response.content
    line_about_bob("now played by carol")
    told = [message_text(m) for m in w.dms(w.bob) if "now plays your seat" in message_text(m)]
    assert len(told) == 1 and f"carol now plays your seat, **REP** in game #{game_id}" in told[0]
    assert "alice offered it to them" in told[0] and "`/seat take seat:REP`" in told[0] and channel_link in told[0]

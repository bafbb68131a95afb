"""Replay and rematch through the real discord.py (SimCord): a finished game's result post says how to
rematch and has a Rematch button, and the next upkeep sweep posts the animated replay with the button too; only a
former player may press it; it opens a lobby in the channel with the same game and options, hosted by the clicker,
the other player invited (not seated); a second press while that lobby is open says so privately; and the button
still works after a restart."""
from __future__ import annotations

import io
import re

import pytest
from PIL import Image

from engine.core.rng import Rng

from bot.discord.client import LOOP_SECONDS
from simworld import RENDER, World, custom_ids, make_bot, message_text, open_game


async def finish_by_bot(w: World, game_id: int) -> None:
    """The built-in bot plays both seats to the end (through the manager: a whole game inside one interaction would
    outlast SimCord's settle window on a busy machine)."""
    rng = Rng(game_id)
    while owing := await w.manager.views.owing(game_id):
        await w.manager.games.bot_move(game_id, owing[rng.below(len(owing))], rng)
    assert (await w.manager.views.game(game_id)).status == "finished"


def rematch_posts(w: World, game_id: int) -> list:
    return [m for m in w.public() if any(c["custom_id"] == f"g:{game_id}:rematch" for c in custom_ids(m))]


def result_post(w: World, game_id: int):
    return rematch_posts(w, game_id)[0]


def newest_lobby(w: World):
    return next(m for m in reversed(w.public()) if m.embeds and "game #" in (m.embeds[0].title or ""))


# Drawing the replay (some 45 boards, decoded, scaled and encoded) takes a second or two in a worker thread, more on
# a loaded machine: SimCord's default 5 s wait for the bot to settle is too short for the upkeep sweep that does it.
@pytest.mark.simcord(settle_timeout=60)
async def test_the_result_post_carries_the_replay_and_a_rematch_button(world: World) -> None:
    w = world
    game_id = await open_game(w, options="theatrics=3")
    await finish_by_bot(w, game_id)
    post = result_post(w, game_id)
    record = await w.manager.views.game(game_id)
    assert record.result["winners"][0] in post.content and "Rematch" in post.content  # says how to rematch
    assert rematch_posts(w, game_id) == [post]  # the result, and nothing else yet
    # the replay is drawn off the move's path: the bot's next upkeep sweep posts it
    await w.env.advance_time(LOOP_SECONDS + 5)
    offering = rematch_posts(w, game_id)
    assert len(offering) == (2 if RENDER else 1)
    if RENDER:
        replay_post = offering[1]
        assert f"Replay of game #{game_id}" in replay_post.content
        assert [a.filename for a in replay_post.attachments] == ["replay.webp"]
        replay = replay_post.attachments[0]
        assert replay.description and "replay" in replay.description.lower()
        image = Image.open(io.BytesIO(await replay.read()))
        journal = await w.manager.store.load_journal(game_id)
        assert image.is_animated and 10 < image.n_frames <= len(journal) + 1
        await w.env.advance_time(LOOP_SECONDS + 5)
        assert len(rematch_posts(w, game_id)) == 2  # posted once

    # Carol never played: refused privately, nothing opened.
    games = len(await w.manager.store.list_games())
    r = w.record(await w.carol.click(post, custom_id=f"g:{game_id}:rematch"))
    assert r.ephemeral and "Only the players" in r.response.content
    assert len(await w.manager.store.list_games()) == games

    # Bob opens the rematch: a lobby in the channel, Bob hosting in his seat, Alice mentioned and not seated.
    r = w.record(await w.bob.click(post, custom_id=f"g:{game_id}:rematch"))
    assert r.ephemeral and "Rematch open" in r.response.content, r.response.content
    lobby = newest_lobby(w)
    new_id = int(re.search(r"game #(\d+)", lobby.embeds[0].title).group(1))
    assert new_id != game_id and f"<@{w.alice.id}>" in lobby.content and f"game #{game_id}" in lobby.content
    new = await w.manager.views.game(new_id)
    assert (new.status, new.host_user, new.ruleset, new.options) == ("lobby", str(w.bob.id), record.ruleset, record.options)
    assert [(s.seat, s.user_id) for s in await w.manager.store.list_seats(new_id)] == [("REP", str(w.bob.id))]
    assert f"<@{w.bob.id}>" in message_text(lobby) and "Join" in message_text(lobby)

    # A second press while that lobby is open: said privately, nothing new.
    r = w.record(await w.alice.click(post, custom_id=f"g:{game_id}:rematch"))
    assert r.ephemeral and f"game #{new_id}, is open" in r.response.content
    assert len(await w.manager.store.list_games()) == games + 1

    # Alice joins from the rematch lobby and Bob starts it.
    w.record(await w.alice.click(lobby, label="Join"))
    w.record(await w.bob.click(newest_lobby(w), label="Start"))
    assert (await w.manager.views.game(new_id)).status == "active"
    assert all(r.acknowledged for r in w.results)


async def test_the_rematch_button_survives_a_restart(world: World, db_path) -> None:
    w = world
    game_id = await open_game(w)
    await w.manager.seats.concede(game_id, str(w.bob.id))  # a concession ends the game too: its post is the result
    post = result_post(w, game_id)
    assert "concedes" in post.content and "Rematch" in post.content

    # A new bot process on the same database: nothing in memory, the click is read from its custom id.
    old = w.env.bot
    fresh = make_bot(db_path)
    await w.env.restart_bot(fresh)
    await old.close()
    r = w.record(await w.alice.click(post, custom_id=f"g:{game_id}:rematch"))
    assert r.ephemeral and "Rematch open" in r.response.content, r.response.content
    assert f"<@{w.bob.id}>" in newest_lobby(w).content
    await fresh.store.close()


async def test_a_rematch_seats_the_bot_again_at_its_level_and_keeps_hints_on(world: World) -> None:
    w = world
    w.record(await w.alice.slash(w.channel, "game new", seat="DEM", options="hints=on"))
    game_id = int(re.search(r"game #(\d+)", newest_lobby(w).embeds[0].title).group(1))
    w.record(await w.alice.slash(w.channel, "seat bot", seat="REP", level="easy"))
    w.record(await w.alice.click(newest_lobby(w), label="Start"))
    await w.manager.seats.bots.settled()
    await w.manager.seats.concede(game_id, str(w.alice.id))
    await w.manager.seats.bots.settled()
    post = result_post(w, game_id)

    r = w.record(await w.alice.click(post, custom_id=f"g:{game_id}:rematch"))
    assert r.ephemeral and "Rematch open" in r.response.content, r.response.content
    lobby = newest_lobby(w)
    new_id = int(re.search(r"game #(\d+)", lobby.embeds[0].title).group(1))
    bot_id = w.env.bot.user.id
    assert f"<@{bot_id}>" not in lobby.content and "Join" not in lobby.content, lobby.content  # nobody to invite
    assert "The bot sits as **REP** (easy) again" in r.response.content and "invited" not in r.response.content
    fields = {f.name: f.value for f in lobby.embeds[0].fields}
    seats = next(v for k, v in fields.items() if k.startswith("Seats"))
    assert f"**DEM**: <@{w.alice.id}>" in seats and "**REP**: 🤖 bot (easy)" in seats
    assert "hints: on (so the game is not rated)" in fields["Options"]
    assert await w.manager.hints.on(new_id)
    w.record(await w.alice.click(lobby, label="Start"))
    assert (await w.manager.views.game(new_id)).status == "active"
    await w.manager.seats.bots.settled()
    assert all(r.acknowledged for r in w.results)

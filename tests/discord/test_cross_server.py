"""Games stay in their server: every command and button that names a game, tried from a second server
(by one of the game's own players and by a stranger) and from the DM of a member who is not seated,
gets a private refusal, and nothing is posted or changed anywhere. And `/game mine`."""
from __future__ import annotations

import re

import discord
import simcord

from bot.discord import ui
from simworld import World, custom_ids, journal_len, latest_prompt, message_text, open_game

NOT_HERE = "No game #{} in this server."
NOT_SEATED = "You are not seated in game #{}."


def everything(w: World, other: simcord.ChannelHandle, dave: simcord.MemberActor) -> list[tuple[int, int]]:
    """(message id, a hash of its text and edit time) of every non-ephemeral message in both servers and every DM: what 'nothing changed' compares."""
    messages = [*w.channel.history(viewer=w.carol), *other.history(viewer=dave)]
    for member in (w.alice, w.bob, w.carol, dave):
        messages += member.user.dm_channel.history()
    return [(m.id, hash((message_text(m), str(m.edited_at)))) for m in messages if not m.flags.ephemeral]


async def post_stray_buttons(w: World, destination: discord.abc.Messageable, game_id: int, lobby_id: int) -> discord.Message:
    """Have the bot itself post game #game_id's buttons somewhere they don't belong (as an old `/game hand`
    reply or a replaced player's old DM would carry them): Alice's current choices, the "Show my hand"
    button, and the lobby buttons of game #lobby_id."""
    prompt = latest_prompt(w, w.alice, game_id)
    view = discord.ui.View.from_message(prompt, timeout=None)
    for item in [*ui.hand_button_view(game_id).children, *ui.rematch_view(game_id).children]:
        if len(view.children) < 25:
            view.add_item(item)
    sent = await destination.send("stray", view=view)
    lobby = ui.lobby_view(await w.manager.views.game(lobby_id))
    await destination.send("stray lobby", view=lobby)
    return sent


async def test_every_command_and_button_is_refused_outside_the_games_server(world: World) -> None:
    w = world
    game_id = await open_game(w)  # Alice (DEM) and Bob (REP), in "Election Night"
    r = w.record(await w.alice.slash(w.channel, "game new", title="Lobby here"))
    lobby_id = int(re.search(r"#(\d+)", r.response.content).group(1))
    typed = (await w.alice.autocomplete(w.channel, "move", "notation", ""))[0]["value"]

    other_guild = w.env.create_guild("Other Place")
    other = other_guild.create_text_channel("games")
    alice_there = other_guild.add_member(w.alice.user)  # one of the game's players, in another server
    dave = other_guild.add_member(w.env.create_user("dave"))

    await post_stray_buttons(w, w.bot.get_channel(other.id), game_id, lobby_id)
    carol = await w.bot.fetch_user(w.carol.id)
    await post_stray_buttons(w, await carol.create_dm(), game_id, lobby_id)
    strays_there = [m for m in other.history(viewer=dave) if m.content.startswith("stray")]
    strays_dm = [m for m in w.dms(w.carol) if m.content.startswith("stray")]
    assert len(strays_there) == len(strays_dm) == 2

    before = everything(w, other, dave)
    versions = [(await w.manager.views.game(g)).version for g in (game_id, lobby_id)]
    moves = await journal_len(w, game_id)

    commands = [("game board", game_id), ("game status", game_id), ("game log", game_id), ("game export", game_id),
                ("game hand", game_id),
                ("game undo", game_id), ("game concede", game_id), ("game abandon", game_id),
                ("game redeliver", game_id), ("game join", lobby_id), ("game leave", lobby_id),
                ("game start", lobby_id), ("game abandon", lobby_id), ("game status", lobby_id)]
    tried = 0

    async def refused(result, expected: str, what: str) -> None:
        nonlocal tried
        tried += 1
        # A click in a DM is acknowledged as an update of the clicked message; a refusal then comes as
        # an ephemeral follow-up, and the clicked message is left as it was.
        shown = result.followups[-1] if result.followups and not result.ephemeral else result.response
        assert result.acknowledged and shown.ephemeral, what
        assert shown.content == expected, f"{what}: {shown.content!r}"

    # From the other server: a player of the game, and a stranger.
    for member in (alice_there, dave):
        for name, gid in commands:
            await refused(await member.slash(other, name, game=gid), NOT_HERE.format(gid), f"{member.name} /{name}")
        await refused(await member.slash(other, "move", notation=typed, game=game_id), NOT_HERE.format(game_id),
                      f"{member.name} /move")
        await refused(await member.slash(other, "game follow", game=game_id), NOT_HERE.format(game_id),
                      f"{member.name} /game follow")
        assert await member.autocomplete(other, "move", "notation", "", game=game_id) == []
        for message in strays_there:
            for comp in custom_ids(message):
                if comp["type"] == 2:
                    r = await member.click(message, custom_id=comp["custom_id"])
                else:
                    r = await member.select(message, [comp["options"][0]["value"]], custom_id=comp["custom_id"])
                gid = int(comp["custom_id"].split(":")[1])
                await refused(r, NOT_HERE.format(gid), f"{member.name} {comp['custom_id']}")

    # By DM, from a member of the game's own server who is not seated in it.
    for name, gid in commands:
        await refused(await w.carol.user.slash(name, game=gid), NOT_SEATED.format(gid), f"DM /{name}")
    await refused(await w.carol.user.slash("move", notation=typed, game=game_id), NOT_SEATED.format(game_id), "DM /move")
    for message in strays_dm:
        for comp in custom_ids(message):
            if comp["type"] == 2:
                r = await w.carol.user.click(message, custom_id=comp["custom_id"])
            else:
                r = await w.carol.user.select(message, [comp["options"][0]["value"]], custom_id=comp["custom_id"])
            gid = int(comp["custom_id"].split(":")[1])
            await refused(r, NOT_SEATED.format(gid), f"DM {comp['custom_id']}")
    assert tried >= 2 * (len(commands) + 2 + 7) + len(commands) + 1 + 7

    # Nothing was posted, edited or changed anywhere (the refusals themselves are ephemeral).
    assert everything(w, other, dave) == before
    assert [(await w.manager.views.game(g)).version for g in (game_id, lobby_id)] == versions
    assert await journal_len(w, game_id) == moves
    assert [s.user_id for s in await w.manager.store.list_seats(lobby_id)] == [str(w.alice.id)]

    # The same commands still work where they belong: in the game's server, and by DM for a player.
    r = await w.bob.user.slash("game status", game=game_id)
    assert r.ephemeral and r.response.embeds and f"game #{game_id}" in r.response.embeds[0].title
    r = await w.carol.slash(w.channel, "game log", game=game_id)
    assert r.ephemeral and r.response.embeds and r.response.embeds[0].title.startswith(f"Log of game #{game_id} — page ")
    r = w.record(await w.alice.slash(w.channel, "move", notation=typed, game=game_id))
    assert "✅" in r.response.content
    assert await journal_len(w, game_id) == moves + 1


async def test_game_mine_lists_every_seat_in_every_server_privately(world: World) -> None:
    w = world
    game_id = await open_game(w, title="Here and now")
    other_guild = w.env.create_guild("Other Place")
    other = other_guild.create_text_channel("games")
    alice_there = other_guild.add_member(w.alice.user)
    r = w.record(await alice_there.slash(other, "game new", title="Over there"))
    lobby_id = int(re.search(r"#(\d+)", r.response.content).group(1))
    # A game Alice is not in does not show.
    r = w.record(await w.carol.slash(w.channel, "game new", title="Carol's own"))
    public_before = (len(w.public()), len([m for m in other.history(viewer=alice_there) if not m.flags.ephemeral]))

    for r in (await w.alice.user.slash("game mine"), await alice_there.slash(other, "game mine")):
        assert r.acknowledged and r.ephemeral
        (embed,) = r.response.embeds
        text = message_text(r.response)
        record = await w.manager.views.game(game_id)
        deadline = next(j.due_at for j in await w.manager.store.jobs_for_game(game_id) if j.kind == "deadline")
        assert f"#{game_id} Here and now" in text and "Electioneer" in text
        assert f"https://discord.com/channels/{w.guild.id}/{w.channel.id}" in text
        assert f"https://discord.com/channels/{other_guild.id}/{other.id}" in text
        assert f"<t:{deadline}:R>" in text and record.status == "active"
        assert "your move" in text and f"#{lobby_id} Over there" in text and "open lobby" in text
        assert "Carol's own" not in text

    assert (len(w.public()), len([m for m in other.history(viewer=alice_there) if not m.flags.ephemeral])) == public_before  # private: nothing posted

    # Bob, after his move, sees he is waiting on Alice.
    prompt = latest_prompt(w, w.bob, game_id)
    first = next(c["custom_id"] for c in custom_ids(prompt) if c["type"] == 2)
    w.record(await w.bob.user.click(prompt, custom_id=first))
    public_before = (len(w.public()), len([m for m in other.history(viewer=alice_there) if not m.flags.ephemeral]))
    r = await w.bob.slash(w.channel, "game mine")
    text = message_text(r.response)
    assert r.ephemeral and f"waiting on DEM <@{w.alice.id}>" in text and "your move" not in text
    assert "Over there" not in text
    r = await w.carol.user.slash("game mine")
    assert "Carol's own" in message_text(r.response) and "Here and now" not in message_text(r.response)
    r = await w.env.create_user("erin").slash("game mine")
    assert r.ephemeral and "aren't seated in any game" in r.response.content
    assert (len(w.public()), len([m for m in other.history(viewer=alice_there) if not m.flags.ephemeral])) == public_before

"""/settings through the real discord.py (SimCord): refused, privately and with
nothing changed, to a member without Manage Server even when the server grants them the command; an admin's
changes shown back and applied to new games; the organizer role counts like Manage Server; the games channel;
a thread per game made at the start; a lobby nobody starts is cancelled by the bot's own loop; a host who
leaves hands the lobby on."""
from __future__ import annotations

import discord
import pytest
import simcord

from simworld import World, make_bot, open_game


def virtual_now() -> float:
    return discord.utils.utcnow().timestamp()


@pytest.fixture
async def simcord_bot(db_path):
    bot = make_bot(db_path, clock=virtual_now)  # the manager reads SimCord's virtual clock
    yield bot
    if bot.store is not None:
        await bot.store.close()


def admin(w: World) -> simcord.MemberActor:
    mods = w.guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))
    return w.guild.add_member(w.env.create_user("dana"), roles=[mods])


async def server_rows(w: World) -> dict[str, str]:
    return await w.manager.store.settings(f"guild:{w.guild.id}")


async def test_settings_are_refused_to_a_member_without_manage_server(world: World) -> None:
    w = world
    # Hidden by default: Discord does not even offer the command to a plain member.
    with pytest.raises(simcord.SetupError):
        await w.carol.slash(w.channel, "settings show")
    # A server may grant it to anyone in its Integrations settings: the bot checks Manage Server itself.
    command = w.env.backend.find_command("settings", w.guild.id)
    w.guild.set_command_permissions(int(command["id"]), {w.carol: True})
    for name, options in (("settings show", {}), ("settings deadline", {"hours": 6}),
                          ("settings organizer", {"role": w.guild.create_role("friends")}),
                          ("settings reset", {"setting": "deadline_hours"})):
        r = await w.carol.slash(w.channel, name, **options)
        assert r.ephemeral and "Manage Server" in r.response.content, name
        assert "Server settings" not in str([e.title for e in r.response.embeds])
    assert await server_rows(w) == {}
    assert not [m for m in w.public()], "nothing was posted"


async def test_an_admin_sets_values_sees_them_and_new_games_get_them(world: World) -> None:
    w = world
    dana = admin(w)
    r = w.record(await dana.slash(w.channel, "settings show"))
    shown = r.response.embeds[0].description
    assert r.ephemeral and shown.count("*(default)*") == 8 and "48 h" in shown and "72 h" in shown
    r = w.record(await dana.slash(w.channel, "settings deadline", hours=6))
    assert r.ephemeral and "Turn deadline set: **6 h** (default: 48 h)" in r.response.content
    r = w.record(await dana.slash(w.channel, "settings civildisorder", after=0))
    assert r.ephemeral and "**off** (default: 3 missed deadlines)" in r.response.content
    r = w.record(await dana.slash(w.channel, "settings response", hours=3))
    assert r.ephemeral and "**3 h** (default: 12 h)" in r.response.content
    r = w.record(await dana.slash(w.channel, "settings show"))
    shown = r.response.embeds[0].description
    assert "6 h (default: 48 h)" in shown and shown.count("*(default)*") == 5
    # @everyone as the organizer role would make every member every game's host: refused, nothing stored.
    r = await dana.slash(w.channel, "settings organizer", role=w.guild.default_role)
    assert r.ephemeral and "@everyone can't be the organizer role" in r.response.content
    assert "organizer_role" not in await server_rows(w)
    # New games get the server's defaults.
    game_id = await open_game(w)
    record = await w.manager.views.game(game_id)
    assert record.deadline_hours == 6 and await w.manager.store.civil_disorder_after(game_id) == 0
    assert (await w.manager.clock.game_clock(record)).window_hours() == 3
    r = w.record(await dana.slash(w.channel, "settings reset", setting="deadline_hours"))
    assert r.ephemeral and "back to its default: **48 h**" in r.response.content
    assert "deadline_hours" not in await server_rows(w)
    assert not [m for m in w.public() if "setting" in m.content.lower()], "settings are answered privately"


async def test_the_organizer_role_may_pause_a_game(world: World) -> None:
    w = world
    dana = admin(w)
    organizers = w.guild.create_role("organizers")
    erin = w.guild.add_member(w.env.create_user("erin"), roles=[organizers])
    game_id = await open_game(w)
    r = await erin.slash(w.channel, "clock pause")
    assert r.ephemeral and "Only the host" in r.response.content
    assert (await w.manager.store.game_time(game_id)).paused_at is None
    r = w.record(await dana.slash(w.channel, "settings organizer", role=organizers))
    assert r.ephemeral and f"<@&{organizers.id}>" in r.response.content
    r = w.record(await erin.slash(w.channel, "clock pause"))
    assert r.ephemeral and "is paused" in r.response.content
    assert (await w.manager.store.game_time(game_id)).paused_at is not None
    assert any("paused by erin" in m.content for m in w.public())
    # A member without the role is still refused.
    r = await w.carol.slash(w.channel, "clock resume")
    assert r.ephemeral and "Only the host" in r.response.content


async def test_game_new_in_another_channel_is_refused_privately(world: World) -> None:
    w = world
    dana = admin(w)
    chat = w.guild.create_text_channel("chat")
    r = w.record(await dana.slash(w.channel, "settings channel", channel=w.channel))
    assert r.ephemeral and f"<#{w.channel.id}>" in r.response.content
    r = await w.alice.slash(chat, "game new")
    assert r.ephemeral and "use `/game new` there" in r.response.content and f"<#{w.channel.id}>" in r.response.content
    assert await w.manager.store.list_games() == []
    assert not [m for m in chat.history(viewer=w.carol) if not m.flags.ephemeral]
    # In the games channel, it opens.
    await open_game(w)
    assert len(await w.manager.store.list_games()) == 1


async def test_threads_per_game_make_the_thread_at_the_start(world: World) -> None:
    w = world
    dana = admin(w)
    w.record(await dana.slash(w.channel, "settings threads", enabled=True))
    r = w.record(await w.alice.slash(w.channel, "game new"))
    assert r.ephemeral and "thread of its own" in r.response.content
    assert not w.channel.threads, "no thread for a lobby that may never start"
    lobby = next(m for m in w.channel.history(viewer=w.carol) if m.embeds and "game #" in (m.embeds[0].title or ""))
    w.record(await w.bob.click(lobby, label="Join"))
    w.record(await w.alice.click(lobby, label="Start"))
    (thread,) = w.channel.threads
    record = (await w.manager.store.list_games())[0]
    assert record.status == "active" and record.thread_id == str(thread.id)
    assert any("begins" in m.content for m in thread.history(viewer=w.carol)), "the game's posts go to the thread"
    assert not any("begins" in m.content for m in w.channel.history(viewer=w.carol))
    # A host's explicit choice still wins.
    r = w.record(await w.alice.slash(w.channel, "game new", thread=False))
    assert "thread of its own" not in r.response.content


async def test_a_lobby_nobody_starts_is_cancelled_and_a_leaving_host_hands_it_on(world: World) -> None:
    w = world
    dana = admin(w)
    w.record(await dana.slash(w.channel, "settings lobbyexpiry", hours=2))
    w.record(await w.alice.slash(w.channel, "game new", ruleset="presidential_election"))
    lobby = next(m for m in w.channel.history(viewer=w.carol) if m.embeds and "game #" in (m.embeds[0].title or ""))
    w.record(await w.bob.click(lobby, label="Join"))
    w.record(await w.alice.click(lobby, label="Leave"))
    record = (await w.manager.store.list_games())[0]
    assert record.host_user == str(w.bob.id)
    assert any("hosts it now" in m.content and "bob" in m.content for m in w.public())
    await w.env.advance_time(2 * 3600 + 60)
    assert (await w.manager.views.game(record.id)).status == "abandoned"
    notices = [m for m in w.public() if m.content.startswith("⌛")]
    assert len(notices) == 1 and "not started within 2 h" in notices[0].content
    lobby = next(m for m in w.channel.history(viewer=w.carol) if m.id == lobby.id)
    assert "Cancelled" in lobby.embeds[0].description and not lobby.components
    await w.env.advance_time(3 * 3600)
    assert len([m for m in w.public() if m.content.startswith("⌛")]) == 1

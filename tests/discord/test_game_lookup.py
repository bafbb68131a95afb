"""One way to find a game: every slash command that names a game, taken from the bot's own
command tree, tried from another server (by one of the game's own players, its host, and by a stranger) and by
DM (a stranger) against a lobby, a game in progress, a paused game and a finished game: each gets the same
private "No game #N in this server." (by DM "You are not seated in game #N.") as a game that does not exist,
and nothing is posted, edited or changed anywhere."""
from __future__ import annotations

import re
from typing import Any

import discord
import pytest
import simcord
from discord import app_commands

from simworld import World, journal_len, message_text, open_game

NOT_HERE = "No game #{} in this server."
NOT_SEATED = "You are not seated in game #{}."
MISSING = 999_999  # a game id that exists nowhere
# By DM a follow can only be stopped, so starting one there is refused before any game is looked up: the same
# words for every game id, naming none.
BEFORE_LOOKUP_BY_DM = {"game follow": "Follow a game with `/game follow` in its server; by DM you can only stop a "
                                      "follow (`mode:off`)."}

# A legal-looking value for each required option other than `game`, by option name; a new command with a required
# option not listed here fails the test below, so it is never silently left out.
SAMPLES: dict[str, Any] = {"hours": 1, "days": 1, "seat": "DEM", "notation": "pass", "card": "1"}


def commands_naming_a_game(tree: app_commands.CommandTree) -> list[app_commands.Command]:
    return sorted((c for c in tree.walk_commands() if isinstance(c, app_commands.Command)
                   and any(p.name == "game" for p in c.parameters)), key=lambda c: c.qualified_name)


def options_for(command: app_commands.Command, game_id: int, someone: discord.abc.Snowflake) -> dict[str, Any]:
    options: dict[str, Any] = {"game": game_id}
    for p in command.parameters:
        if p.name == "game":
            continue
        if p.name in SAMPLES:  # optional ones too: a command that asks "change what?" first must get that far
            options[p.name] = SAMPLES[p.name]
        elif not p.required:
            continue
        elif p.choices:
            options[p.name] = p.choices[0].value
        elif p.type in (discord.AppCommandOptionType.user, discord.AppCommandOptionType.mentionable):
            options[p.name] = someone
        else:
            raise AssertionError(f"/{command.qualified_name}: add a sample value for its option `{p.name}`")
    return options


def everything(w: World, other: simcord.ChannelHandle, viewer: simcord.MemberActor) -> list[tuple[int, int]]:
    """(message id, a hash of its text and edit time) of every non-ephemeral message in both servers and every DM."""
    messages = [*w.channel.history(viewer=w.carol), *other.history(viewer=viewer)]
    for member in (w.alice, w.bob, w.carol):
        if member.user.dm_channel is not None:
            messages += member.user.dm_channel.history()
    return [(m.id, hash((message_text(m), str(m.edited_at)))) for m in messages if not m.flags.ephemeral]


def shown(result: Any) -> discord.Message:
    return result.followups[-1] if result.followups and not result.ephemeral else result.response


async def game_in(w: World, state: str) -> int:
    """A game of Alice (host) and Bob in `state`, in the world's server."""
    if state == "lobby":
        r = w.record(await w.alice.slash(w.channel, "game new", title="Lobby"))
        return int(re.search(r"#(\d+)", r.response.content).group(1))
    game_id = await open_game(w, title=state)
    if state == "paused":
        assert "is paused" in w.record(await w.alice.slash(w.channel, "clock pause", game=game_id)).response.content
    elif state == "finished":
        w.record(await w.bob.slash(w.channel, "game concede", game=game_id))
        assert (await w.manager.views.game(game_id)).status == "finished"
    return game_id


@pytest.mark.parametrize("state", ["lobby", "active", "paused", "finished"])
async def test_every_command_naming_a_game_finds_it_in_one_way(world: World, state: str) -> None:
    w = world
    game_id = await game_in(w, state)

    other_guild = w.env.create_guild("Other Place")
    other = other_guild.create_text_channel("games")
    host_there = other_guild.add_member(w.alice.user)  # the game's host, in another server
    player_there = other_guild.add_member(w.bob.user)
    stranger = other_guild.add_member(w.env.create_user("dave"))
    dm_stranger = w.carol.user  # a member of the games' server, seated in none of them

    commands = commands_naming_a_game(w.bot.tree)
    names = {c.qualified_name for c in commands}
    assert {"clock pause", "clock resume", "clock deadline", "clock extend", "game status", "move"} <= names

    before = everything(w, other, stranger)
    async def game_as_stored() -> tuple[Any, ...]:
        jobs = sorted((j.kind, j.seat, j.due_at) for j in await w.manager.store.jobs_for_game(game_id))
        seats = [(s.seat, s.user_id) for s in await w.manager.store.list_seats(game_id)]
        return (await w.manager.views.game(game_id)).version, await journal_len(w, game_id), jobs, seats

    stored = await game_as_stored()

    tried = 0
    for command in commands:
        name = command.qualified_name
        for who, ask, expected in (
                ("host in another server", lambda o: host_there.slash(other, name, **o), NOT_HERE),
                ("player in another server", lambda o: player_there.slash(other, name, **o), NOT_HERE),
                ("stranger in another server", lambda o: stranger.slash(other, name, **o), NOT_HERE),
                ("stranger by DM", lambda o: dm_stranger.slash(name, **o), BEFORE_LOOKUP_BY_DM.get(name, NOT_SEATED))):
            replies = []
            for gid in (game_id, MISSING):
                result = await ask(options_for(command, gid, w.carol.user))
                what = f"/{name} on a {state} game ({'missing id' if gid == MISSING else gid}), {who}"
                reply = shown(result)
                assert result.acknowledged and reply.ephemeral, what
                assert reply.content == expected.format(gid), f"{what}: {reply.content!r}"
                replies.append(reply.content.replace(str(gid), "N"))
                tried += 1
            assert replies[0] == replies[1], f"/{name}, {who}: an existing game answers apart from a missing one"
    assert tried == len(commands) * 4 * 2

    # Nothing was posted, edited or changed anywhere (the refusals themselves are ephemeral).
    assert everything(w, other, stranger) == before
    assert await game_as_stored() == stored

    # The host commands still work where they belong.
    if state == "paused":
        r = await w.alice.slash(w.channel, "clock resume", game=game_id)
        assert "running again" in r.response.content

"""What every flow shares: the manager, the caller, the guard every command and click runs in, and finding the game
a command names (here, by number, or the host's own). The flows themselves are by concern: lobby_flows.py (opening,
joining, starting, cancelling), play_flows.py (hands, choices, moves), info_flows.py (board, status, log, lists, help),
clock_flows.py (deadlines, pauses, vacations), seat_flows.py (seats changing hands) and the smaller *_flows.py.
They serve the slash commands (cogs/) and the persistent components' clicks (components.py, answered by
cogs/clicks.py) alike, so a button and its command behave identically.

Every flow starts with `await ack(interaction)` — the first await, before any database read,
lock or render — and answers privately (tests/discord/test_ack_first.py). Game logic is only ever the GameManager's.
"""
from __future__ import annotations

from collections.abc import Awaitable
from typing import Any

import discord

from bot.discord import limits
from bot.discord.errors import report
from bot.service import GameManager, ManagerError
from bot.service.table import GameRef
from engine.core.errors import EngineError


def manager_of(interaction: discord.Interaction) -> GameManager:
    manager = getattr(interaction.client, "manager", None)
    if manager is None:
        raise ManagerError("I'm still starting up; try again in a few seconds.", code="starting")
    return manager


def user_id(interaction: discord.Interaction) -> str:
    return str(interaction.user.id)


async def guarded(interaction: discord.Interaction, flow: Awaitable[None]) -> None:
    """Run a flow (every command and click goes through here). A game error is an answer, not a
    failure: its message goes to the player privately. Anything else gets the generic apology at
    once and is re-raised, to be logged (redacted) by the tree's or discord.py's handler."""
    try:
        await flow
    except EngineError as exc:
        await report(interaction, exc)
    except Exception as exc:
        await report(interaction, exc, log_it=False)
        interaction.extras["reported"] = True
        raise


# ---------------------------------------------------------------- finding the game


async def games_here(interaction: discord.Interaction, statuses: tuple[str, ...], *, seated: bool) -> list[Any]:
    """Games in this channel (or its thread) — or, in a DM, the user's games anywhere."""
    store = manager_of(interaction).store
    who = user_id(interaction) if seated else None
    if interaction.guild_id is None:
        return await store.list_games(status=statuses, user_id=user_id(interaction))
    here = str(interaction.channel_id)
    found = {g.id: g for g in await store.list_games(status=statuses, channel_id=here, user_id=who)}
    found.update({g.id: g for g in await store.list_games(status=statuses, thread_id=here, user_id=who)})
    return [found[k] for k in sorted(found)]


async def game_here(interaction: discord.Interaction, game_id: int) -> Any:
    """The one check every command and click that names a game goes through: in a server, only that
    server's games; by DM, only games the user is seated in (a private refusal otherwise)."""
    guild = str(interaction.guild_id) if interaction.guild_id is not None else None
    return await manager_of(interaction).views.game_here(int(game_id), guild_id=guild, user_id=user_id(interaction))


async def find_game(interaction: discord.Interaction, game_id: int | None, *, statuses: tuple[str, ...] = ("active",),
                    seated: bool = True, empty: str | None = None) -> Any:
    if game_id is not None:
        return await game_here(interaction, game_id)
    games = await games_here(interaction, statuses, seated=seated)
    if len(games) == 1:
        return games[0]
    if not games:
        raise ManagerError(empty or "You aren't playing in a game in this channel. `/game list` shows the games here; "
                                    "add the `game` option to pick one by number.", code="no_game")
    ids = ", ".join(f"#{g.id}" for g in games[:10])
    raise ManagerError(f"There are several games here ({ids}): add the `game` option to say which.", code="ambiguous")


def game_ref(record: Any, seq: int = 0, deadlines: dict[str, int] | None = None) -> GameRef:
    return GameRef(id=record.id, ruleset=record.ruleset, title=record.title, status=record.status,
                   guild_id=record.guild_id, channel_id=record.channel_id, thread_id=record.thread_id,
                   seq=seq, deadline_at=deadlines or {})


async def hosted_game(interaction: discord.Interaction, game_id: int | None,
                      statuses: tuple[str, ...] = ("active",)) -> Any:
    """The game a host command names: the one here (the caller's own, if several), or `game` — found through
    `game_here` like every other command, so another server's game is "No game #N" and nothing more."""
    if game_id is not None:
        return await game_here(interaction, game_id)
    games = await games_here(interaction, statuses, seated=False)
    mine = [g for g in games if g.host_user == user_id(interaction)]
    if len(games) != 1 and len(mine) == 1:
        games = mine
    if len(games) != 1:
        listing = ", ".join(f"#{g.id}" for g in games[:10]) or "none"
        raise ManagerError(f"Which game? Games here: {listing}. Add the `game` option.", code="ambiguous")
    return games[0]


async def game_choices(interaction: discord.Interaction, current: str) -> list[discord.app_commands.Choice[int]]:
    """Autocomplete for `game` options: the games in this channel."""
    try:
        games = await games_here(interaction, ("lobby", "active", "finished"), seated=False)
    except Exception:  # noqa: BLE001
        return []
    out = []
    for g in reversed(games):
        name = f"#{g.id} {g.title} ({g.status})"
        if current and current.lower() not in name.lower():
            continue
        out.append(discord.app_commands.Choice(name=limits.clip(name, limits.CHOICE_NAME), value=g.id))
    return out[: limits.AUTOCOMPLETE_CHOICES]


# ---------------------------------------------------------------- who may run a game
# Who counts like Manage Server: the member's permission, or the server's organizer role (bot/policy/server_settings.py,
# read through the manager). The /settings commands are in settings_flows.py.


def who(interaction: discord.Interaction) -> str:
    """The caller's name as the channel is told it (no mentions, no markdown)."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(interaction.user.display_name))


def is_admin(interaction: discord.Interaction, record: Any) -> bool:
    perms = getattr(interaction, "permissions", None)
    return bool(perms and perms.manage_guild and record.guild_id and record.guild_id == str(interaction.guild_id))


async def can_manage(interaction: discord.Interaction, record: Any) -> bool:
    """May the member act like the game's host: Manage Server, or the server's organizer role (the game must
    be this server's)."""
    if is_admin(interaction, record):
        return True
    if not record.guild_id or record.guild_id != str(interaction.guild_id):
        return False
    role = (await manager_of(interaction).community.server_settings(record.guild_id)).organizer_role
    return bool(role) and any(str(r.id) == role for r in getattr(interaction.user, "roles", []))


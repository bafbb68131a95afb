"""The lobby: `/game new` (a lobby in a server channel, or a one-player game by DM: dm_games.py), join, leave, start
and abandon, the lobby message's buttons, and the suggestions of `/game new` and `/game join`. Like every flow, each
acknowledges first and answers privately (flows.py)."""
from __future__ import annotations

import logging
from typing import Any

import discord

from bot.discord import dm_games, limits, ui
from bot.discord.flows import can_manage, find_game, hosted_game, manager_of, user_id
from bot.discord.lobby_card import lobby_card
from bot.discord.respond import ack, send_private
from bot.discord.game_threads import THREAD_AT_START
from bot.policy import bot_levels
from bot.present import option_hints
from bot.present.options import OptionTextError, parse_option_text
from bot.service import GameManager, ManagerError
from engine import registry

log = logging.getLogger("stumpbot.discord.lobby")

REQUIRED_PERMISSIONS = [("view_channel", "View Channel"), ("send_messages", "Send Messages"),
                        ("embed_links", "Embed Links"), ("attach_files", "Attach Files")]
THREAD_PERMISSIONS = [("create_public_threads", "Create Public Threads"),
                      ("send_messages_in_threads", "Send Messages in Threads")]
# Wanted but not needed: without it a game runs, its dashboard unpinned (Discord split Pin Messages out of
# Manage Messages on 2026-02-23; Manage Messages alone no longer lets a bot pin).
PIN_PERMISSION = ("pin_messages", "Pin Messages")


def missing_permissions(perms: discord.Permissions, *, thread: bool, in_thread: bool) -> list[str]:
    wanted = list(REQUIRED_PERMISSIONS)
    if in_thread:
        wanted = [("send_messages_in_threads", "Send Messages in Threads") if p == "send_messages" else (p, n)
                  for p, n in wanted]
    if thread:
        wanted += THREAD_PERMISSIONS
    seen: set[str] = set()
    out = []
    for flag, name in wanted:
        if flag not in seen and not getattr(perms, flag):
            out.append(name)
        seen.add(flag)
    return out


async def new_game(interaction: discord.Interaction, ruleset: str, title: str | None, deadline_hours: int | None,
                   seat: str | None, thread: bool | None, option_text: str | None = None) -> None:
    await ack(interaction)
    manager = manager_of(interaction)
    channel = interaction.channel
    if interaction.guild_id is None:  # a one-player game by DM, started at once (bot/discord/dm_games.py)
        await dm_games.new_game(interaction, manager, ruleset, title, deadline_hours, seat, option_text)
        return
    if channel is None:
        raise ManagerError("Games are played in a server channel.", code="no_guild")
    await refuse_outside_games_channel(interaction)  # server settings
    in_thread = isinstance(channel, discord.Thread)
    thread, thread_at_start = await thread_plan(interaction, thread, in_thread)
    if thread and in_thread:
        raise ManagerError("This is already a thread: run `/game new` without `thread`, or in the parent channel.",
                           code="thread_in_thread")
    missing = missing_permissions(interaction.app_permissions, thread=thread or thread_at_start, in_thread=in_thread)
    if missing:
        await send_private(interaction, f"I can't run a game in {channel.mention}: I'm missing the "
                                        f"{', '.join(f'**{m}**' for m in missing)} permission{'s' if len(missing) > 1 else ''} "
                                        "there. Ask a server admin to grant them, then try again. Nothing was created.")
        return
    try:
        options = parse_option_text(option_text)
    except OptionTextError as exc:
        raise ManagerError(str(exc), code="bad_option") from None
    record = await manager.games.create(ruleset, user_id(interaction), interaction.user.display_name, options=options,
                                  title=title, guild_id=str(interaction.guild_id), channel_id=str(channel.id),
                                  seat=seat, deadline_hours=deadline_hours)
    seats = await manager.store.list_seats(record.id)
    try:
        message = await channel.send(embed=ui.lobby_embed(record, seats, hints=await manager.hints.on(record.id)),
                                     view=ui.lobby_view(record),
                                     allowed_mentions=discord.AllowedMentions.none())
    except discord.HTTPException:
        await manager.games.abandon(record.id, user_id(interaction))
        raise
    await manager.store.set_setting(f"game:{record.id}", "lobby", f"{channel.id}:{message.id}")
    note = await _plan_thread(manager, record, message, now=thread, at_start=thread_at_start)
    me = next(s for s in seats if s.user_id == user_id(interaction))
    dm_note = await check_dms(interaction, record.id, me.seat)
    unrated = " Hints are on, so this game is not rated." if await manager.hints.on(record.id) else ""
    await send_private(interaction, f"Game #{record.id} is open; you sit as **{me.seat}**.{unrated}{note} Others press **Join** "
                                    f"on the lobby message (or `/game join`); press **Start** when everyone is in."
                                    f"{dm_note}{pin_note(interaction.app_permissions)}")


async def _plan_thread(manager: GameManager, record: Any, message: discord.Message, *, now: bool, at_start: bool) -> str:
    """The new lobby's thread: made now from its message, or marked to be made at the start (the table makes it).
    Returns the host's note on where the game's posts will go."""
    note = ""
    if at_start:
        await manager.store.set_setting(f"game:{record.id}", THREAD_AT_START, "1")
        note = " When it starts, its posts go to a thread of its own."
    if now:
        try:
            created = await message.create_thread(name=limits.clip(f"{record.title} #{record.id}", limits.THREAD_NAME),
                                                  auto_archive_duration=10080)
            await manager.store.set_thread(record.id, str(created.id))
            note = f" Game posts will go to {created.mention}."
        except discord.HTTPException:
            log.warning("could not create a thread for game %s", record.id)
            note = " (I couldn't create the thread, so game posts will go to this channel.)"
    return note


def pin_note(perms: discord.Permissions) -> str:
    """The lobby opener's word on the optional permission: what goes without it, and who can grant it."""
    flag, name = PIN_PERMISSION
    if getattr(perms, flag):
        return ""
    return (f"\n📌 Optional: without the **{name}** permission here I can't pin the game's election-night "
            "dashboard; the game runs the same. A server admin can grant it.")


async def check_dms(interaction: discord.Interaction, game_id: int, seat: str) -> str:
    """Say hello by DM at join time, so a player with closed DMs learns it now, not mid-game."""
    ruleset = registry.get((await manager_of(interaction).views.game(game_id)).ruleset)
    fitted = (" (seats are fitted to the number of players at Start; the start message says who is who)"
              if ruleset.min_seats < ruleset.max_seats else "")
    try:
        await interaction.user.send(f"You're seated as **{seat}** in game #{game_id}{fitted}. Your hand and your choices "
                                    "will arrive here in private; the board is posted in the game's channel.")
        return ""
    except discord.HTTPException:
        return ("\n⚠️ I can't send you direct messages. Allow DMs from this server's members, or use "
                "`/game hand` whenever you want to see your hand and choices.")


async def refresh_lobby(interaction: discord.Interaction, game_id: int) -> None:
    manager = manager_of(interaction)
    where = await manager.store.get_setting(f"game:{game_id}", "lobby")
    if not where:
        return
    channel_id, message_id = (int(x) for x in where.split(":"))
    record = await manager.views.game(game_id)
    channel = interaction.client.get_partial_messageable(channel_id)
    try:
        embed = await lobby_card(manager, record)
        await channel.get_partial_message(message_id).edit(embed=embed, view=ui.lobby_view(record),
                                                           allowed_mentions=discord.AllowedMentions.none())
    except discord.HTTPException:
        log.warning("could not update the lobby message of game %s", game_id)


async def join(interaction: discord.Interaction, game_id: int | None, seat: str | None) -> None:
    await ack(interaction)
    manager = manager_of(interaction)
    record = await find_game(interaction, game_id, statuses=("lobby",), seated=False,
                             empty="There is no open lobby in this channel. Open one with `/game new`.")
    record = await manager.games.join(record.id, user_id(interaction), interaction.user.display_name, seat=seat)
    await refresh_lobby(interaction, record.id)
    mine = next(s for s in await manager.store.list_seats(record.id) if s.user_id == user_id(interaction))
    dm_note = await check_dms(interaction, record.id, mine.seat)
    await send_private(interaction, f"You joined game #{record.id} as **{mine.seat}**.{dm_note}")


async def leave(interaction: discord.Interaction, game_id: int | None) -> None:
    await ack(interaction)
    manager = manager_of(interaction)
    record = await find_game(interaction, game_id, statuses=("lobby", "active"),
                             empty="You aren't in a lobby or a game in progress here.")
    if record.status == "active":  # the bot will play the seat: ask first
        await confirm_leave(interaction, record)
        return
    await manager.seats.leave(record.id, user_id(interaction))
    await refresh_lobby(interaction, record.id)
    await send_private(interaction, f"You left game #{record.id}.")


async def confirm_leave(interaction: discord.Interaction, record: Any) -> None:
    """`/game leave` in a game in progress: ask before the bot takes the seat over (its button: seat_flows.seat_button)."""
    seat = await manager_of(interaction).views.seat_of(record.id, user_id(interaction))
    if seat.controller == "bot":
        raise ManagerError(f"The bot already plays {seat.seat} for you. `/seat take seat:{seat.seat}` takes it back.",
                           code="bot_seat")
    await send_private(interaction, f"Leave game #{record.id}? The bot will play **{seat.seat}** for you from now on, "
                                    f"and you'll get no more DMs for it. You can come back with "
                                    f"`/seat take seat:{seat.seat}`, or the host can offer the seat to someone else.",
                       view=ui.seat_view(record.id, ("leave", seat.seat)))


async def start(interaction: discord.Interaction, game_id: int | None) -> None:
    await ack(interaction)
    manager = manager_of(interaction)
    record = await find_game(interaction, game_id, statuses=("lobby",),
                             empty="You aren't in a lobby here. Open one with `/game new`.")
    record = await manager.games.start(record.id, user_id(interaction))
    await refresh_lobby(interaction, record.id)
    await manager.seats.play_bots(record.id)  # a seat the bot holds from the start may owe the first move
    where = await _where_your_hand_is(manager, record.id, user_id(interaction))
    await send_private(interaction, f"Game #{record.id} has started. {where}")


async def seat_bot(interaction: discord.Interaction, record: Any, seat: str, level: str | None) -> None:
    """`/seat bot` in a lobby (seat_flows.botseat): the host seats the bot in a free seat at a level, or changes
    the level of a seat it holds; it plays the seat from the first move."""
    manager = manager_of(interaction)
    me = interaction.client.user
    placed = await manager.games.add_bot(record.id, user_id(interaction), seat, level=level,
                                         bot_user=str(me.id if me is not None else "bot"),
                                         admin=await can_manage(interaction, record))
    await refresh_lobby(interaction, record.id)
    chosen = (await manager.games.lobby_bots(record.id)).get(placed, bot_levels.DEFAULT_LEVEL)
    await send_private(interaction, f"The bot sits as **{placed}** in game #{record.id}, at "
                                    f"{bot_levels.LEVEL_WORDS[chosen]}: it plays the seat from the first move. "
                                    f"`/seat free seat:{placed}` frees the seat before the start.")


async def free_bot(interaction: discord.Interaction, seat: str, game_id: int | None) -> None:
    """`/seat free`: the host takes the bot off a lobby seat, freeing it for a player."""
    await ack(interaction)
    manager = manager_of(interaction)
    record = await hosted_game(interaction, game_id, ("lobby",))
    freed = await manager.games.remove_bot(record.id, user_id(interaction), seat,
                                           admin=await can_manage(interaction, record))
    await refresh_lobby(interaction, record.id)
    await send_private(interaction, f"**{freed}** is free again in game #{record.id}: a player can take it with "
                                    "**Join** (or `/game join`).")


async def _where_your_hand_is(manager: GameManager, game_id: int, user: str) -> str:
    """Where the starter finds their hand: the start's delivery recorded whether their DM went through."""
    mine = next((s for s in await manager.store.list_seats(game_id) if s.user_id == user), None)
    if mine is not None and mine.dm_ok is False:
        return ("I can't send you direct messages, so use `/game hand` to see your hand and choices (or allow DMs "
                "from this server's members to get them there).")
    return "Your hand and choices are in your DMs (or use `/game hand`)."


async def abandon(interaction: discord.Interaction, game_id: int | None) -> None:
    await ack(interaction)
    manager = manager_of(interaction)
    record = await hosted_game(interaction, game_id, ("lobby", "active"))
    await manager.games.abandon(record.id, user_id(interaction), admin=await can_manage(interaction, record))
    await refresh_lobby(interaction, record.id)
    await send_private(interaction, f"Game #{record.id} was cancelled.")


async def lobby_button(interaction: discord.Interaction, game_id: int, verb: str) -> None:
    if verb == "join":
        await join(interaction, game_id, None)
    elif verb == "leave":
        await leave(interaction, game_id)
    elif verb == "start":
        await start(interaction, game_id)
    else:
        await abandon(interaction, game_id)


# ---------------------------------------------------------------- where lobbies open: the server's settings


async def refuse_outside_games_channel(interaction: discord.Interaction) -> None:
    """A server with a games channel opens lobbies only there (or in its threads); elsewhere a private refusal."""
    wanted = (await manager_of(interaction).community.server_settings(str(interaction.guild_id))).games_channel
    channel = interaction.channel
    here = {str(getattr(channel, "id", "")), str(getattr(channel, "parent_id", "") or "")}
    if wanted and wanted not in here:
        raise ManagerError(f"Games on this server are played in <#{wanted}>: use `/game new` there. Nothing was opened.",
                           code="wrong_channel")


async def thread_plan(interaction: discord.Interaction, thread: bool | None, in_thread: bool) -> tuple[bool, bool]:
    """(a thread now, a thread when the game starts): `thread` as the host chose it, else the server's setting
    (its thread is made from the lobby message at the start, so a lobby that never starts leaves none)."""
    if thread is not None:
        return thread, False
    on = (await manager_of(interaction).community.server_settings(str(interaction.guild_id))).threads
    return False, on and not in_thread


# ---------------------------------------------------------------- suggestions


def _choices(texts: list[str]) -> list[discord.app_commands.Choice[str]]:
    return [discord.app_commands.Choice(name=limits.clip(t, limits.CHOICE_NAME), value=t[: limits.CHOICE_NAME])
            for t in texts][: limits.AUTOCOMPLETE_CHOICES]


def _chosen_ruleset(interaction: discord.Interaction) -> Any:
    name = getattr(interaction.namespace, "ruleset", None) or next(iter(registry.RULESETS))
    try:
        return registry.get(str(name))
    except KeyError:
        return None


async def option_choices(interaction: discord.Interaction, current: str) -> list[discord.app_commands.Choice[str]]:
    """Autocomplete for `/game new options:` — the chosen game's own option names and values, and `hints=on`."""
    ruleset = _chosen_ruleset(interaction)
    return _choices(option_hints.option_completions(ruleset, current)) if ruleset is not None else []


async def new_seat_choices(interaction: discord.Interaction, current: str) -> list[discord.app_commands.Choice[str]]:
    """Autocomplete for `/game new seat:` — the chosen game's seats."""
    ruleset = _chosen_ruleset(interaction)
    return _choices(option_hints.seat_completions(ruleset, current)) if ruleset is not None else []


async def join_seat_choices(interaction: discord.Interaction, current: str) -> list[discord.app_commands.Choice[str]]:
    """Autocomplete for `/game join seat:` — the free seats of the lobby it names (or the one here)."""
    try:
        game_id = getattr(interaction.namespace, "game", None)
        record = await find_game(interaction, game_id, statuses=("lobby",), seated=False)
        taken = {s.seat for s in await manager_of(interaction).store.list_seats(record.id)}
        return _choices(option_hints.seat_completions(registry.get(record.ruleset), current, taken))
    except Exception:  # noqa: BLE001 — a suggestion list that can't be built is an empty one
        return []


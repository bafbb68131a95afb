"""What each command and click does. Shared by the slash commands (cogs/) and the persistent
components' clicks (components.py, answered by cogs/clicks.py), so a button and its command behave identically.

Every flow starts with `await ack(interaction)` — the first await, before any database read,
lock or render — and answers privately. Game logic is only ever the GameManager's.
"""
from __future__ import annotations

import logging
from collections.abc import Awaitable
from typing import Any

import discord

from bot.policy import timekeeping
from bot.present import option_hints
from bot import present
from bot.present import text as plain
from bot.discord import dm_games, limits, ui, walk
from bot.discord.components import LogPageButton
from bot.discord.errors import report
from bot.discord.respond import ack, send_private
from bot.discord.table import STALE_MENU, THREAD_AT_START
from bot.present.options import OptionTextError, parse_option_text
from bot.service import GameManager, ManagerError, SubmitResult
from bot.tables.base import GameRef, PublicPost
from engine import registry
from engine.core.errors import EngineError, StaleState
from engine.core.types import result_headline

log = logging.getLogger("stumpbot.discord.flows")

STALE = "The board has changed since these buttons were sent. Here are your current choices."
GONE = "That choice is not available any more. Here are your current choices."

REQUIRED_PERMISSIONS = [("view_channel", "View Channel"), ("send_messages", "Send Messages"),
                        ("embed_links", "Embed Links"), ("attach_files", "Attach Files")]
THREAD_PERMISSIONS = [("create_public_threads", "Create Public Threads"),
                      ("send_messages_in_threads", "Send Messages in Threads")]
# Wanted but not needed: without it a game runs, its dashboard unpinned (Discord split Pin Messages out of
# Manage Messages on 2026-02-23; Manage Messages alone no longer lets a bot pin).
PIN_PERMISSION = ("pin_messages", "Pin Messages")


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


# ---------------------------------------------------------------- lobby


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
        message = await channel.send(embed=ui.lobby_embed(record, seats), view=ui.lobby_view(record),
                                     allowed_mentions=discord.AllowedMentions.none())
    except discord.HTTPException:
        await manager.games.abandon(record.id, user_id(interaction))
        raise
    await manager.store.set_setting(f"game:{record.id}", "lobby", f"{channel.id}:{message.id}")
    note = ""
    if thread_at_start:
        await manager.store.set_setting(f"game:{record.id}", THREAD_AT_START, "1")
        note = " When it starts, its posts go to a thread of its own."
    if thread:
        try:
            created = await message.create_thread(name=limits.clip(f"{record.title} #{record.id}", limits.THREAD_NAME),
                                                  auto_archive_duration=10080)
            await manager.store.set_thread(record.id, str(created.id))
            note = f" Game posts will go to {created.mention}."
        except discord.HTTPException:
            log.warning("could not create a thread for game %s", record.id)
            note = " (I couldn't create the thread, so game posts will go to this channel.)"
    me = next(s for s in seats if s.user_id == user_id(interaction))
    dm_note = await check_dms(interaction, record.id, me.seat)
    await send_private(interaction, f"Game #{record.id} is open; you sit as **{me.seat}**.{note} Others press **Join** "
                                    f"on the lobby message (or `/game join`); press **Start** when everyone is in."
                                    f"{dm_note}{pin_note(interaction.app_permissions)}")


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
    seats = await manager.store.list_seats(game_id)
    channel = interaction.client.get_partial_messageable(channel_id)
    try:
        await channel.get_partial_message(message_id).edit(embed=ui.lobby_embed(record, seats), view=ui.lobby_view(record),
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
        raise ManagerError(f"The bot already plays {seat.seat} for you. `/game takeseat seat:{seat.seat}` takes it back.",
                           code="bot_seat")
    await send_private(interaction, f"Leave game #{record.id}? The bot will play **{seat.seat}** for you from now on, "
                                    f"and you'll get no more DMs for it. You can come back with "
                                    f"`/game takeseat seat:{seat.seat}`, or the host can offer the seat to someone else.",
                       view=ui.seat_view(record.id, ("leave", seat.seat)))


async def start(interaction: discord.Interaction, game_id: int | None) -> None:
    await ack(interaction)
    manager = manager_of(interaction)
    record = await find_game(interaction, game_id, statuses=("lobby",),
                             empty="You aren't in a lobby here. Open one with `/game new`.")
    record = await manager.games.start(record.id, user_id(interaction))
    await refresh_lobby(interaction, record.id)
    await send_private(interaction, f"Game #{record.id} has started. Your hand and choices are in your DMs "
                                    "(or use `/game hand`).")


def is_admin(interaction: discord.Interaction, record: Any) -> bool:
    perms = getattr(interaction, "permissions", None)
    return bool(perms and perms.manage_guild and record.guild_id and record.guild_id == str(interaction.guild_id))


async def abandon(interaction: discord.Interaction, game_id: int | None) -> None:
    await ack(interaction)
    manager = manager_of(interaction)
    if game_id is None:
        games = await games_here(interaction, ("lobby", "active"), seated=False)
        mine = [g for g in games if g.host_user == user_id(interaction)]
        if len(games) != 1 and len(mine) == 1:
            games = mine
        if len(games) != 1:
            listing = ", ".join(f"#{g.id}" for g in games[:10]) or "none"
            raise ManagerError(f"Which game? Games here: {listing}. Add the `game` option.", code="ambiguous")
        record = games[0]
    else:
        record = await game_here(interaction, game_id)
    await manager.games.abandon(record.id, user_id(interaction), admin=await can_manage(interaction, record))
    await refresh_lobby(interaction, record.id)
    await send_private(interaction, f"Game #{record.id} was cancelled.")


async def redeliver(interaction: discord.Interaction, game_id: int | None) -> None:
    await ack(interaction)
    manager = manager_of(interaction)
    record = await find_game(interaction, game_id, statuses=("active", "finished"), seated=False)
    sent = await manager.delivery.redeliver(record.id, user_id(interaction), admin=await can_manage(interaction, record))
    await send_private(interaction, f"Game #{record.id}'s updates are on again: {sent} sent now.")


async def lobby_button(interaction: discord.Interaction, game_id: int, verb: str) -> None:
    if verb == "join":
        await join(interaction, game_id, None)
    elif verb == "leave":
        await leave(interaction, game_id)
    elif verb == "start":
        await start(interaction, game_id)
    else:
        await abandon(interaction, game_id)


# ---------------------------------------------------------------- play


async def show_hand(interaction: discord.Interaction, game_id: int | None, note: str = "") -> None:
    await ack(interaction)
    manager = manager_of(interaction)
    record = await find_game(interaction, game_id, statuses=("active", "finished"))
    brief = await manager.views.brief(record.id, user_id(interaction))
    embeds, view = ui.hand_message(brief)
    await send_private(interaction, note or None, embeds=embeds, view=view)


async def _fresh(interaction: discord.Interaction, game_id: int, note: str) -> None:
    """Refuse with `note` and hand over a fresh set of choices, privately."""
    await show_hand(interaction, game_id, note)


async def choose(interaction: discord.Interaction, game_id: int, seq: int, path: tuple[str, ...], more: bool, *,
                 page: int = 0, pool: str = "s") -> None:
    """A click on a choice button or select: walk one step further (or page), or submit the action. In a DM the
    clicked message itself shows each step (see `_choose_in_place`)."""
    await ack(interaction, in_place=True)
    if interaction.extras.get("in_place"):
        await _choose_in_place(interaction, game_id, seq, path, more, page=page, pool=pool)
        return
    manager = manager_of(interaction)
    await game_here(interaction, game_id)
    record, current, decision = await manager.views.decision(game_id, user_id(interaction))
    if record.status != "active":
        raise ManagerError(f"Game #{game_id} is {record.status}; no moves can be made.", code="not_active")
    if current != seq:
        await _fresh(interaction, game_id, STALE)
        return
    options = decision.all_options()
    exact, extends = walk.matching(options, path)
    if more or exact is None:
        if not extends:
            await _fresh(interaction, game_id, GONE)
            return
        view, note = ui.choices_view(game_id, seq, decision, prefix=path, page=page, pool=pool, ruleset=record.ruleset)
        pool_options = (decision.options if pool == "s" else decision.extras) if not path else options
        step = walk.step(pool_options, path)
        head = f"**{' '.join(step.prefix)}** — {step.total} possible; choose:" if step.prefix else \
            f"More choices ({step.total} in all):"
        await send_private(interaction, head + (f"\n{note}" if note else ""), view=view)
        return
    try:
        result = await manager.games.submit(game_id, user_id(interaction), exact.action.notation(),
                                      idem_key=str(interaction.id), expected_seq=seq)
    except StaleState as exc:
        await _fresh(interaction, game_id, exc.message)
        return
    await _after_move(interaction, game_id, result, exact.label)


async def _edit_clicked(interaction: discord.Interaction, **changes: Any) -> None:
    await interaction.edit_original_response(allowed_mentions=discord.AllowedMentions.none(), **changes)


async def _choose_in_place(interaction: discord.Interaction, game_id: int, seq: int, path: tuple[str, ...], more: bool,
                           *, page: int, pool: str) -> None:
    """A click in a DM (the DM stays tidy). The seat's decision in progress lives in one message, its live
    prompt (bot/discord/table.py): each step of the walk is shown by editing the clicked message, "◀ Back" returns
    to the first step, and a finished move turns the message into the next step of the turn or into one line of
    what was done. A menu that is no longer current says so and loses its buttons; nothing is sent anew."""
    manager = manager_of(interaction)
    table = interaction.client.table
    await game_here(interaction, game_id)
    uid = user_id(interaction)
    record, current, decision = await manager.views.decision(game_id, uid)
    seat = (await manager.views.seat_of(game_id, uid)).seat
    clicked = interaction.message
    live = await table.live_prompt(game_id, seat)
    is_live = live is not None and live.message_id == clicked.id and live.user_id == uid
    ephemeral = clicked.flags.ephemeral  # `/game hand` by DM: only this interaction can edit it, never the table
    if record.status != "active" or (not is_live and current != seq and (ephemeral or live is not None)):
        # Another message holds the decision now (or the game is over): this one only says it is stale.
        await _edit_clicked(interaction, content=STALE_MENU.format(id=game_id), embeds=[], view=None)
        if record.status != "active":
            raise ManagerError(f"Game #{game_id} is {record.status}; no moves can be made.", code="not_active")
        return
    if not is_live and not ephemeral:  # a prompt of ours no longer on record: it becomes the live one
        await table.adopt(game_id, seat, uid, clicked.channel.id, clicked.id, current, decision.owes_move)
        is_live = True

    async def first_step(note: str | None = None) -> None:
        if is_live:
            await table.sync(game_id, seat, uid, note=note)
            return
        embeds, view = table.render_live(await manager.views.brief(game_id, uid), [])
        await _edit_clicked(interaction, content=note, embeds=embeds, view=view)

    if current != seq:
        await first_step(STALE)
        return
    options = decision.all_options()
    exact, extends = walk.matching(options, path)
    if more and not path:  # ◀ Back: the first step again
        await first_step()
        return
    if more or exact is None:
        if not extends:
            await first_step(GONE)
            return
        view, note = ui.choices_view(game_id, seq, decision, prefix=path, page=page, pool=pool, ruleset=record.ruleset,
                                     back=True)
        pool_options = (decision.options if pool == "s" else decision.extras) if not path else options
        step = walk.step(pool_options, path)
        head = f"**{' '.join(step.prefix)}** — {step.total} possible; choose:" if step.prefix else \
            f"More choices ({step.total} in all):"
        news = await table.current_news(game_id, seat, live) if is_live and live is not None else []
        embeds, _ = table.render_live(await manager.views.brief(game_id, uid), news)
        await _edit_clicked(interaction, content=head + (f"\n{note}" if note else ""), embeds=embeds, view=view)
        return
    try:
        result = await manager.games.submit(game_id, uid, exact.action.notation(),
                                      idem_key=str(interaction.id), expected_seq=seq)
    except StaleState as exc:
        await first_step(exc.message)
        return
    done = f"✅ {exact.label} — `{result.notation}`" if exact.label else f"✅ `{result.notation}`"
    if result.pending:
        done += f"\n{plain.pending_note(result.pending)}"
    await table.refresh_all(game_id, skip=seat)  # the others' prompts: on the new move, or their decision over
    if not is_live:  # the menu asked for: one line; the live prompt goes on with what follows
        await _edit_clicked(interaction, content=f"✓ Game #{game_id} ({seat}) — You played: `{result.notation}`",
                            embeds=[], view=None)
        await table.sync(game_id, seat, uid)
        return
    await table.sync(game_id, seat, uid, note=done)


async def _after_move(interaction: discord.Interaction, game_id: int, result: SubmitResult, label: str) -> None:
    """Confirm privately. In DMs the prompt message itself shows the next choices (the table keeps
    it current); elsewhere (`/game hand`, `/move` in a channel) fresh choices come with the reply."""
    manager = manager_of(interaction)
    table = getattr(interaction.client, "table", None)
    if table is not None and not result.finished:  # the DM's live prompt: the next step, or the line of what was done
        try:
            seat = (await manager.views.seat_of(game_id, user_id(interaction))).seat
            await table.refresh_all(game_id, skip=seat)
            await table.sync(game_id, seat, user_id(interaction))
        except Exception:  # noqa: BLE001 - the move is made; its DM is kept current at the next delivery anyway
            log.exception("could not bring the DM prompt of game %s up to date", game_id)
    done = f"✅ {label} — `{result.notation}`" if label else f"✅ `{result.notation}`"
    if result.pending:
        done += f"\n{plain.pending_note(result.pending)}"
    if result.finished:
        await send_private(interaction, done + "\nThe game is over: the result is in the game's channel.")
        return
    record, seq, decision = await manager.views.decision(game_id, user_id(interaction))
    if interaction.guild_id is not None and (decision.options or decision.extras):
        view, note = ui.choices_view(game_id, seq, decision, ruleset=record.ruleset)
        prompt = decision.prompt if decision.owes_move else "Nothing else to decide now."
        await send_private(interaction, f"{done}\n{prompt}" + (f"\n{note}" if note else ""), view=view)
        return
    await send_private(interaction, done)


async def move(interaction: discord.Interaction, notation: str, game_id: int | None, again: bool = False) -> None:
    await ack(interaction)
    manager = manager_of(interaction)
    record = await find_game(interaction, game_id)
    _, _, before = await manager.views.decision(record.id, user_id(interaction))
    try:
        # A typed move carries no sequence number: a /move sent twice must not apply twice unasked.
        result = await manager.games.submit(record.id, user_id(interaction), notation, idem_key=str(interaction.id),
                                      repeat_guard=not again)
    except ManagerError as exc:
        if exc.code != "repeat":
            raise
        await send_private(interaction, f"{exc.message} Send `/move {limits.clip(notation, 120)} again:True` to apply "
                                        "it once more.")
        return
    label = next((o.label for o in before.all_options() if o.action.notation() == result.notation), "")
    await _after_move(interaction, record.id, result, label)


async def move_choices(interaction: discord.Interaction, current: str, game_id: int | None) -> list[discord.app_commands.Choice[str]]:
    """Autocomplete for /move: the caller's legal moves now, filtered by what was typed (≤ 25)."""
    try:
        manager = manager_of(interaction)
        record = await find_game(interaction, game_id)
        _, _, decision = await manager.views.decision(record.id, user_id(interaction))
    except Exception:  # noqa: BLE001 - autocomplete never errors at the user
        return []
    typed = " ".join(current.lower().split())
    scored = []
    for o in decision.all_options():
        notation = o.action.notation()
        hay = f"{notation} {o.label}".lower()
        if typed and typed not in hay:
            continue
        scored.append((0 if notation.lower().startswith(typed) else 1, notation, o.label))
    scored.sort(key=lambda t: t[0])
    return [discord.app_commands.Choice(name=limits.clip(f"{n} — {label}", limits.CHOICE_NAME), value=n[: limits.CHOICE_VALUE])
            for _, n, label in scored[: limits.AUTOCOMPLETE_CHOICES]]


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
    """Autocomplete for `/game new options:` — the chosen game's own option names and values."""
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


async def undo(interaction: discord.Interaction, game_id: int | None) -> None:
    await ack(interaction)
    manager = manager_of(interaction)
    record = await find_game(interaction, game_id)
    seq = await manager.games.undo(record.id, user_id(interaction))
    await send_private(interaction, f"Move {seq} was taken back. Your choices are as before it (see your DMs or `/game hand`).")


async def concede(interaction: discord.Interaction, game_id: int | None) -> None:
    await ack(interaction)
    manager = manager_of(interaction)
    record = await find_game(interaction, game_id)
    after = await manager.seats.concede(record.id, user_id(interaction))
    goes_on = " The game goes on: the bot plays your seat to the end." if after.status == "active" else ""
    await send_private(interaction, f"You conceded game #{record.id}.{goes_on}")


# ---------------------------------------------------------------- reading


BOARD_COOLDOWN = 60  # seconds between one member's `/game board` posts in a server


def _board_cooldown(interaction: discord.Interaction, manager: GameManager) -> None:
    """`/game board` posts for everyone: one member can't flood the channel. Kept per bot (in memory: a
    restart forgets it, which costs at most one extra picture)."""
    seen: dict[tuple[Any, int], int] = interaction.client.__dict__.setdefault("board_posts", {})
    key, now = (interaction.guild_id, interaction.user.id), manager.ctx.now()
    wait = seen.get(key, -BOARD_COOLDOWN) + BOARD_COOLDOWN - now
    if wait > 0:
        raise ManagerError(f"`/game board` posts in the channel, so each member can use it once every {BOARD_COOLDOWN} s: "
                           f"try again in {wait} s. Your own view is always at hand with `/game hand`.", code="cooldown")
    seen[key] = now


async def board(interaction: discord.Interaction, game_id: int | None) -> None:
    await ack(interaction)
    manager = manager_of(interaction)
    record = await find_game(interaction, game_id, statuses=("active", "finished"), seated=False,
                             empty="There is no game under way in this channel.")
    table = getattr(interaction.client, "table", None)
    _board_cooldown(interaction, manager)
    picture = await manager.views.picture(record.id) if manager.ctx.render else None
    text = f"The board of game #{record.id}, as asked by <@{interaction.user.id}>."
    if picture is None:
        _, view = await manager.views.view(record.id, None)
        text += "\n```\n" + plain.board_text(view) + "\n```"
    if table is None:
        raise ManagerError("I can't post here right now.", code="no_table")
    await table.publish(PublicPost(game=game_ref(record), text=text, picture=picture), mention_turn=False)
    await send_private(interaction, "Posted the board.")


async def status(interaction: discord.Interaction, game_id: int | None) -> None:
    await ack(interaction)
    manager = manager_of(interaction)
    record = await find_game(interaction, game_id, statuses=("lobby", "active", "finished"), seated=False,
                             empty="There is no game in this channel. `/game new` opens one.")
    seats = await manager.store.list_seats(record.id)
    if record.status == "lobby":
        await send_private(interaction, embeds=[ui.lobby_embed(record, seats)])
        return
    owing = set(await manager.views.owing(record.id))
    deadlines = {j.seat: j.due_at for j in await manager.store.jobs_for_game(record.id)
                 if j.kind == "deadline" and j.seat and timekeeping.visible(j.due_at)}
    lines = []
    for s in seats:
        mark = ""
        if s.seat in owing:
            mark = " — **to move**" + (f", due {ui.ts(deadlines.get(s.seat))}" if deadlines.get(s.seat) else "")
        who = f"🤖 the bot (for <@{s.user_id}>)" if s.controller == "bot" else f"<@{s.user_id}>"
        if s.controller == "human" and s.missed_deadlines:
            mark += f" — missed {s.missed_deadlines} deadline{'s' if s.missed_deadlines != 1 else ''} in a row"
        lines.append(f"**{s.seat}**: {who}{mark}")
    if record.status == "active":
        lines += [f"🔁 {o.seat} offered to <@{o.user_id}>" for o in await manager.seats.offers(record.id)]
        after = await manager.store.civil_disorder_after(record.id)
        lines.append(f"Civil disorder: the bot takes over a seat after {after} missed deadlines in a row." if after
                     else "Civil disorder: off (missed deadlines only play the default).")
    embed = discord.Embed(title=f"{record.title} — game #{record.id}", colour=ui.COLOUR,
                          description=f"{registry.get(record.ruleset).title} · **{record.status}**")
    embed.add_field(name="Players", value="\n".join(lines) or "—", inline=False)
    if record.status == "active":
        embed.add_field(name="Clock", value=limits.clip(await clock_lines(manager, record), limits.EMBED_FIELD_VALUE),
                        inline=False)
    _, view = await manager.views.view(record.id, None)
    board_text = plain.board_text(view)
    if board_text:
        limits.add_long_field(embed, "Board", board_text, code=True)
    if record.result:
        embed.add_field(name="Result", value=limits.clip(result_headline(record.result), limits.EMBED_FIELD_VALUE),
                        inline=False)
    seals = await manager.memory.seals(record.id)
    if seals:  # commit-reveal digests and salts: public, but kept out of the channel's posts
        embed.add_field(name="Seals (commit–reveal)", value=limits.clip("\n".join(seals), limits.EMBED_FIELD_VALUE),
                        inline=False)
    await send_private(interaction, embeds=[embed])


async def game_log(interaction: discord.Interaction, game_id: int | None, page: int | None = None) -> None:
    """One page of the whole game (the last unless `page` says), with Older / Newer buttons. Mid-game it shows
    what the channel saw (who moved, the public lines, the seals); after the end each move's notation too."""
    await ack(interaction)
    manager = manager_of(interaction)
    record = await find_game(interaction, game_id, statuses=("active", "finished", "abandoned"), seated=False,
                             empty="There is no game in this channel.")
    lines, number, pages = await manager.memory.log_page(record.id, page)
    body = "\n".join(lines) or "No moves yet."
    embed = discord.Embed(title=f"Log of game #{record.id} — page {number} of {pages}", colour=ui.COLOUR,
                          description="```\n" + limits.clip(body, 3900) + "\n```")
    view = discord.ui.View(timeout=None)
    if pages > 1:
        view.add_item(LogPageButton(record.id, max(number - 1, 1), "◀ Older", disabled=number <= 1))
        view.add_item(LogPageButton(record.id, min(number + 1, pages), "Newer ▶", disabled=number >= pages))
    await send_private(interaction, embeds=[embed], view=view)


async def export(interaction: discord.Interaction, game_id: int | None) -> None:
    """The game's record as a JSON file, privately: a seated player's at any time (the public part while the
    game is on), anyone's in the server after the end (complete, with the seed)."""
    import io

    from bot.policy import record as records

    await ack(interaction)
    manager = manager_of(interaction)
    record = await find_game(interaction, game_id, statuses=("active", "finished", "abandoned"), seated=False,
                             empty="There is no game in this channel.")
    data = await manager.memory.export(record.id, user_id(interaction))
    name = f"stumpbot-game-{record.id}{'' if data['complete'] else '-so-far'}.json"
    file = discord.File(io.BytesIO(records.dumps(data).encode()), filename=name)
    if data["complete"]:
        note = (f"The record of game #{record.id}, with its seed: `stumpbot verify {name}` replays every move and "
                f"checks every shuffle and roll; `stumpbot replay {name}` steps through it with every picture.")
    else:
        note = (f"The record of game #{record.id} so far: what the channel saw (who moved, when, the public lines "
                "and state hashes). Each move's notation, the seed and everything secret are added once the game "
                "is over; export it again then to verify it.")
    await send_private(interaction, note, file=file)


async def list_games(interaction: discord.Interaction) -> None:
    await ack(interaction)
    games = await games_here(interaction, ("lobby", "active", "finished"), seated=False)
    if not games:
        await send_private(interaction, "No games in this channel yet. `/game new` opens one.")
        return
    store = manager_of(interaction).store
    lines = []
    for g in games[-20:]:
        seats = await store.list_seats(g.id)
        who = ", ".join(f"{s.seat} <@{s.user_id}>" for s in seats)
        lines.append(f"**#{g.id}** {g.title} — {g.status} — {who}")
    title = "Games in this channel" if interaction.guild_id is not None else "Your games (see also `/game mine`)"
    embed = discord.Embed(title=title, description="\n".join(lines), colour=ui.COLOUR)
    await send_private(interaction, embeds=[embed])


MINE_SHOWN = 20  # games listed by /game mine; the rest are counted
MINE_BUDGET = limits.EMBED_DESCRIPTION - 100  # whole lines only: a cut line could break a link


def jump_link(record: Any) -> str:
    """A link that opens the game's thread (or channel) in any client."""
    where = record.thread_id or record.channel_id
    if not where:
        return ""
    return f"https://discord.com/channels/{record.guild_id or '@me'}/{where}"  # a game by DM: its DM


async def mine(interaction: discord.Interaction) -> None:
    """Every open lobby and game in progress where the user is seated, in every server; privately."""
    await ack(interaction)
    games = await manager_of(interaction).views.games_of(user_id(interaction))
    if not games:
        await send_private(interaction, "You aren't seated in any game or open lobby. `/game list` shows a channel's games.")
        return
    lines: list[str] = []
    for g in games:
        r = g.record
        link = jump_link(r)
        head = f"**#{r.id} {r.title}** — {g.ruleset_title}, you are **{g.seat}**" + (f" · [go to the game]({link})" if link else "")
        if r.status == "lobby":
            turn = "open lobby, not started yet"
        elif g.your_move:
            others = [s for s in g.owing if s != g.seat]
            turn = "**your move**" + (f" (also waiting on {', '.join(others)})" if others else "")
        elif g.owing:
            turn = "waiting on " + ", ".join(f"{s} <@{g.owing_users[s]}>" if s in g.owing_users else s for s in g.owing)
        else:
            turn = "nobody to move"
        if g.deadline_at:
            turn += f", due {ui.ts(g.deadline_at)}"
        entry = f"{head}\n{turn}"
        if len(lines) >= MINE_SHOWN or sum(len(x) + 2 for x in lines) + len(entry) > MINE_BUDGET:
            break
        lines.append(entry)
    if len(games) > len(lines):
        lines.append(f"… and {len(games) - len(lines)} more.")
    embed = discord.Embed(title="Your games", description="\n\n".join(lines), colour=ui.COLOUR)
    await send_private(interaction, embeds=[limits.fit_embed(embed)])


HOW_TO = """• `/game new` opens a lobby; others press **Join**; the host presses **Start**.
• A game for one player (options that seat one, such as a solo variant) can be played by DM with me: `/game new` there starts it at once, and its board comes to that DM.
• Your hand and choices arrive by **direct message**, with a button for each legal choice. Big choices come in steps (first the card or action, then its target).
• Or type `/move` — it suggests your legal moves as you type, in the game's notation{example}.
• DMs closed? `/game hand` (or **Show my hand** under a board post) shows your hand and choices privately.
• After every move the board is posted in the game's channel. `/game status`, `/game log`, `/game undo`, `/game concede`.
• `/game mine` (here or by DM) lists every game you are seated in, in any server: whose move it is, the deadline, a link.
• `/game leave` mid-game: the bot plays your seat (`/game takeseat` to return). Host: `/game substitute`, `/game botseat`.
• `/game export` sends the game's record as a file; after the end it holds the seed the bot committed to at the start, and `stumpbot verify FILE` re-checks every shuffle and roll.
• A game's updates paused after repeated delivery failures? The host (or Manage Server) runs `/game redeliver`.
• Server admins (Manage Server): `/settings` sets this server's default deadlines, games channel, threads and organizer role."""


def how_to(ruleset: str) -> str:
    """How to play on Discord, its `/move` example in the words of `ruleset` (its presenter's)."""
    example = present.for_ruleset(ruleset).move_example
    return HOW_TO.format(example=f" (e.g. `/move {example}`)" if example else "")


async def help_text(interaction: discord.Interaction, ruleset: str | None) -> None:
    await ack(interaction)
    name = ruleset or next(iter(registry.RULESETS))
    rules = registry.get(name)
    embed = discord.Embed(title=f"{rules.title} — how to play", description=rules.help_text(), colour=ui.COLOUR)
    limits.add_long_field(embed, "Playing here", how_to(rules.name))
    await send_private(interaction, embeds=[embed])


# ---------------------------------------------------------------- time: deadlines, pause, vacation, extend


def _who(interaction: discord.Interaction) -> str:
    return discord.utils.escape_mentions(discord.utils.escape_markdown(interaction.user.display_name))


async def _hosted_game(interaction: discord.Interaction, game_id: int | None, statuses: tuple[str, ...] = ("active",)) -> Any:
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


async def set_deadline(interaction: discord.Interaction, hours: int | None, response_hours: int | None,
                       game_id: int | None) -> None:
    await ack(interaction)
    manager = manager_of(interaction)
    record = await _hosted_game(interaction, game_id, ("lobby", "active"))
    updated = await manager.clock.set_deadlines(record.id, user_id(interaction), hours=hours, response_hours=response_hours,
                                          name=_who(interaction), admin=await can_manage(interaction, record))
    clock = await manager.clock.game_clock(updated)
    if updated.status == "lobby":
        await refresh_lobby(interaction, updated.id)
    await send_private(interaction, f"Game #{updated.id}: {clock.turn_hours} h per move, {clock.window_hours()} h to answer "
                                    "out of turn. The channel was told.")


async def pause(interaction: discord.Interaction, game_id: int | None) -> None:
    await ack(interaction)
    manager = manager_of(interaction)
    record = await _hosted_game(interaction, game_id)
    await manager.clock.pause(record.id, user_id(interaction), name=_who(interaction), admin=await can_manage(interaction, record))
    await send_private(interaction, f"Game #{record.id} is paused: no deadline or reminder runs until `/game resume`. "
                                    "Players can still move.")


async def resume(interaction: discord.Interaction, game_id: int | None) -> None:
    await ack(interaction)
    manager = manager_of(interaction)
    record = await _hosted_game(interaction, game_id)
    await manager.clock.resume(record.id, user_id(interaction), name=_who(interaction), admin=await can_manage(interaction, record))
    await send_private(interaction, f"Game #{record.id} is running again: each deadline has the time it had left.")


async def vacation(interaction: discord.Interaction, days: int, game_id: int | None) -> None:
    await ack(interaction)
    manager = manager_of(interaction)
    record = await find_game(interaction, game_id)
    back = await manager.clock.vacation(record.id, user_id(interaction), days)
    clock = await manager.clock.game_clock(await manager.views.game(record.id))
    seat = await manager.views.seat_of(record.id, user_id(interaction))
    left = clock.allowance_left(seat.seat) // 86400
    await send_private(interaction, f"You're away from game #{record.id} until {ui.ts(back, 'f')}: your deadlines wait "
                                    f"{days} day{'s' if days != 1 else ''} longer. {left} of {clock.vacation_days} "
                                    "vacation days left in this game.")


async def extend(interaction: discord.Interaction, seat: str, hours: int, game_id: int | None) -> None:
    await ack(interaction)
    manager = manager_of(interaction)
    record = await _hosted_game(interaction, game_id)
    due = await manager.clock.extend(record.id, user_id(interaction), seat, hours, name=_who(interaction),
                               admin=await can_manage(interaction, record))
    when = f"now due {ui.ts(due, 'f')}" if due else "it counts from the resume (the game is paused)"
    await send_private(interaction, f"{seat.strip().upper()[:20]} has {hours} more hour{'s' if hours != 1 else ''} "
                                    f"in game #{record.id}: {when}.")


async def clock_lines(manager: GameManager, record: Any) -> str:
    """The game's clock for /game status: deadlines, pause, who is away."""
    clock = await manager.clock.game_clock(record)
    lines = [f"{clock.turn_hours} h per move · {clock.window_hours()} h to answer out of turn"]
    if clock.paused:
        lines.append(f"⏸ Paused by <@{clock.paused_by}> {ui.ts(clock.paused_at)}")
    now = int(manager.ctx.now())
    lines += [f"🏖 {seat} away until {ui.ts(until, 'f')}" for seat, until in sorted(clock.away.items()) if until > now]
    return "\n".join(lines)


# ---------------------------------------------------------------- server settings
# Who counts like Manage Server, where lobbies open, and whether a game gets a thread: the server's settings
# (bot/policy/server_settings.py, read through the manager). The /settings commands are in settings_flows.py.

async def can_manage(interaction: discord.Interaction, record: Any) -> bool:
    """May the member act like the game's host: Manage Server, or the server's organizer role (the game must
    be this server's)."""
    if is_admin(interaction, record):
        return True
    if not record.guild_id or record.guild_id != str(interaction.guild_id):
        return False
    role = (await manager_of(interaction).community.server_settings(record.guild_id)).organizer_role
    return bool(role) and any(str(r.id) == role for r in getattr(interaction.user, "roles", []))


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

"""Reading a game: `/game board` (posted for everyone), status, log, export, list and mine (privately), `/game help`,
and `/game redeliver` (a game's paused updates sent again). Like every flow, each acknowledges first and answers
privately (flows.py)."""
from __future__ import annotations

import io
from typing import Any

import discord

from bot import present
from bot.discord import limits, ui
from bot.discord.clock_flows import clock_lines
from bot.discord.components import LogPageButton
from bot.discord.flows import can_manage, find_game, game_ref, games_here, manager_of, user_id
from bot.discord.respond import ack, send_private
from bot.policy import record as records
from bot.policy import bot_levels, timekeeping
from bot.present import text as plain
from bot.service import GameManager, ManagerError
from bot.service.table import PublicPost
from engine import registry
from engine.core.types import result_headline

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
        await send_private(interaction, embeds=[ui.lobby_embed(record, seats, hints=await manager.hints.on(record.id),
                                                               bots=await manager.games.lobby_bots(record.id, seats))])
        return
    owing = set(await manager.views.owing(record.id))
    deadlines = {j.seat: j.due_at for j in await manager.store.jobs_for_game(record.id)
                 if j.kind == "deadline" and j.seat and timekeeping.visible(j.due_at)}
    lines = []
    game_settings = await manager.store.settings(f"game:{record.id}")
    for s in seats:
        mark = ""
        if s.seat in owing:
            mark = " — **to move**" + (f", due {ui.ts(deadlines.get(s.seat))}" if deadlines.get(s.seat) else "")
        level = bot_levels.level_of(game_settings, s.seat)
        who = (f"🤖 the bot{'' if level == bot_levels.DEFAULT_LEVEL else f', {level}'} (for <@{s.user_id}>)"
               if s.controller == "bot" else f"<@{s.user_id}>")
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
    """One page of the whole game (the last unless `page` says), with Older / Newer buttons, which turn the page in
    the message they are on. Mid-game it shows what the channel saw (who moved, the public lines, the seals); after
    the end each move's notation too."""
    await ack(interaction, in_place=True, ephemeral_too=True)
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
    if interaction.extras.get("in_place"):  # Older / Newer: the page turns in the message clicked
        await interaction.edit_original_response(embeds=[embed], view=view, allowed_mentions=discord.AllowedMentions.none())
        view.stop()  # its buttons are dispatched by custom id: discord.py need not keep the view
        return
    await send_private(interaction, embeds=[embed], view=view)


async def export(interaction: discord.Interaction, game_id: int | None) -> None:
    """The game's record as a JSON file, privately: a seated player's at any time (the public part while the
    game is on), anyone's in the server after the end (complete, with the seed)."""
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


HOW_TO = """• `/game new` opens a lobby; others press **Join** (or the host seats the bot in a free seat: `/seat bot seat:REP level:hard`); the host presses **Start**.
• A game for one player (options that seat one, such as a solo variant) can be played by DM with me: `/game new` there starts it at once, and its board comes to that DM.
• Your hand and choices arrive by **direct message**, with a button for each legal choice. Big choices come in steps (first the card or action, then its target).
• Or type `/move` — it suggests your legal moves as you type, in the game's notation{example}.
• DMs closed? `/game hand` (or **Show my hand** under a board post) shows your hand and choices privately.
• After every move the board is posted in the game's channel. `/game status`, `/game log`, `/game undo`, `/game concede`.
• `/game mine` (here or by DM) lists every game you are seated in, in any server: whose move it is, the deadline, a link.
• `/game leave` mid-game: the bot plays your seat (`/seat take` to return). Host: `/seat offer` hands a seat to someone else, `/seat bot` to the bot.
• Time: `/clock vacation` declares days away. Host: `/clock deadline`, `/clock pause`, `/clock resume`, `/clock extend`.
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


async def redeliver(interaction: discord.Interaction, game_id: int | None) -> None:
    await ack(interaction)
    manager = manager_of(interaction)
    record = await find_game(interaction, game_id, statuses=("active", "finished"), seated=False)
    sent = await manager.delivery.redeliver(record.id, user_id(interaction), admin=await can_manage(interaction, record))
    await send_private(interaction, f"Game #{record.id}'s updates are on again: {sent} sent now.")


